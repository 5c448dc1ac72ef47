package e2e_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/internal/corpus"
)

// Every tutorial of the corpus gives a how-to skill — named after its
// task, described by what it does and when, with its steps, their
// commands and a check — that lore skills validate accepts under the
// strict profile without a warning.
func TestCorpusTutorialsGiveHowToSkills(t *testing.T) {
	verbatim := map[string][]string{
		"tutorial-numbered_wsl_wsl-containers.md": {
			"   ```dockerfile\n   FROM python:3\n   WORKDIR /app\n   COPY requirements.txt .\n   RUN pip install --no-cache-dir -r requirements.txt\n   COPY . .\n   EXPOSE 8000\n   CMD [\"python\", \"manage.py\", \"runserver\", \"0.0.0.0:8000\"]\n   ```",
			"    ```powershell\n    wslc container stop django\n    ```",
		},
		"tutorial-steps_bitnami_redis-sentinel_README.md": {
			"   $ docker run -d --name redis-server \\\n       -e ALLOW_EMPTY_PASSWORD=yes \\\n       --network app-tier \\\n       bitnami/redis:latest",
			"   $ rsync -a /path/to/redis-persistence /path/to/redis-persistence.bkp.$(date +%Y%m%d-%H.%M.%S)",
		},
	}
	for _, doc := range []string{"tutorial-numbered_wsl_wsl-containers.md", "tutorial-steps_bitnami_redis-sentinel_README.md"} {
		t.Run(doc, func(t *testing.T) {
			src := corpus.Path(t, doc)
			s := openStore(t, t.TempDir())
			defer s.Close()
			res := learn(t, s, src)
			out := t.TempDir()
			var howto []core.Artifact
			for _, a := range res.Artifacts {
				for _, f := range a.Files {
					p := filepath.Join(out, filepath.FromSlash(f.Path))
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, []byte(f.Content), 0o644); err != nil {
						t.Fatal(err)
					}
					if strings.HasSuffix(f.Path, "/SKILL.md") && strings.Contains(f.Content, "\n  type: \"how-to\"\n") {
						howto = append(howto, a)
					}
				}
			}
			if len(howto) != 1 {
				t.Fatalf("%d how-to skills among %d artifacts", len(howto), len(res.Artifacts))
			}
			val, err := bundle.Validate(out, skillspec.Strict)
			if err != nil || len(val.Warnings) != 0 {
				t.Fatalf("validate: %v %q", err, val.Warnings)
			}
			for _, v := range val.Skills {
				if !v.Result.Valid || len(v.Result.Warnings) != 0 {
					t.Errorf("%s: errors %q warnings %q", v.Path, v.Result.Errors, v.Result.Warnings)
				}
			}
			a := howto[0]
			if stem := strings.TrimSuffix(doc, ".md"); strings.Contains(a.Name, "tutorial") || strings.Contains(a.Name, stem) {
				t.Errorf("named after the file: %s", a.Name)
			}
			md := a.Files[0].Content
			r := skillspec.Validate([]byte(md), a.Name, skillspec.Strict)
			desc := r.Frontmatter.Description
			if strings.Contains(desc, doc) || strings.Contains(desc, "primitive") || !strings.Contains(desc, "Use when") {
				t.Errorf("description %q", desc)
			}
			if r.Frontmatter.Metadata["plane-center"] == "" || strings.Contains(r.Body, "Plane") {
				t.Errorf("the plane is not in the metadata alone")
			}
			// ("## Check the result" only when the source checks: lore
			// makes none up)
			for _, h := range []string{"## Prerequisites", "## Steps", "   ```"} {
				if !strings.Contains(r.Body, h) {
					t.Errorf("body lacks %q:\n%s", h, r.Body)
				}
			}
			// the files the steps write and the commands they run, as the
			// source writes them, never "(7 lines of dockerfile)"
			for _, w := range verbatim[doc] {
				if !strings.Contains(r.Body, w) {
					t.Errorf("body lacks the source's %q:\n%s", w, r.Body)
				}
			}
			if strings.Contains(r.Body, " lines of ") || strings.Contains(r.Body, "(1 line") {
				t.Errorf("a block is summarized:\n%s", r.Body)
			}
		})
	}
}
