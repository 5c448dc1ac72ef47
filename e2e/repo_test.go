package e2e_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"go.yaml.in/yaml/v3"
)

// repoFile reads a file of the checkout (this package sits one level down).
func repoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fencedLines returns the lines inside ``` fences among lines.
func fencedLines(lines []string) []string {
	var out []string
	in := false
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			in = !in
			continue
		}
		if in {
			out = append(out, l)
		}
	}
	return out
}

// A newcomer's first screen of the README says what lore is and gives the
// two commands (run lore on its embedded sample; run the tests), with the
// tools they need; the table of contents follows. The screen captures are
// in docs/screens.md, not in the README.
func TestReadmeFirstScreenHasTheTwoCommands(t *testing.T) {
	readme := repoFile(t, "README.md")
	lines := strings.Split(readme, "\n")
	first := lines[:min(40, len(lines))]
	head := strings.Join(first, "\n")
	if !strings.Contains(head, "lore turns") {
		t.Error("the first screen does not say what lore is (\"lore turns …\")")
	}
	code := strings.Join(fencedLines(first), "\n")
	for _, cmd := range []string{"go run ./cmd/lore demo", "go test ./..."} {
		if !strings.Contains(code, cmd) {
			t.Errorf("the first 40 lines have no command %q in a code block", cmd)
		}
	}
	if !strings.Contains(head, "Go ≥ 1.26") {
		t.Error("the first screen does not name the Go version the quick start needs")
	}
	if strings.Contains(readme, "| jq") && !strings.Contains(head, "`jq`") {
		t.Error("the README pipes into jq but its first screen does not say jq is needed")
	}
	toc := strings.Index(readme, "\n## Contents")
	if toc < 0 || len(strings.Split(readme[:toc], "\n")) > 60 {
		t.Errorf("no \"## Contents\" within the first 60 lines (at byte %d)", toc)
	}
	if strings.Contains(readme, "<!-- screens:begin") {
		t.Error("the README holds the screen captures; they belong in docs/screens.md")
	}
	if !strings.Contains(repoFile(t, filepath.Join("docs", "screens.md")), "<!-- screens:begin") {
		t.Error("docs/screens.md has no screens markers for scripts/screens.sh")
	}
	// Every entry of the table of contents names a heading that exists.
	anchor := regexp.MustCompile(`\]\(#([a-z0-9-]+)\)`)
	for _, m := range anchor.FindAllStringSubmatch(readme, -1) {
		found := false
		for _, l := range lines {
			if h, ok := strings.CutPrefix(l, "#"); ok && slugHeading(h) == m[1] {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("table of contents links #%s, which is no heading", m[1])
		}
	}
}

// slugHeading is GitHub's anchor for a heading's text (after its first #).
func slugHeading(h string) string {
	h = strings.ToLower(strings.TrimSpace(strings.TrimLeft(h, "#")))
	var b strings.Builder
	for _, r := range h {
		switch {
		case r == ' ' || r == '-':
			b.WriteRune('-')
		case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

var machinePath = regexp.MustCompile(`(^|[\s'"(=])/(tmp|work|home|root|Users|var/folders)/`)

// The documentation's screen captures show what any user would see:
// relative sources and the default store under ~, not folders of the
// machine they were made on.
func TestDocsShowNoMachinePaths(t *testing.T) {
	files := []string{"README.md", filepath.Join("docs", "usage.md"), filepath.Join("docs", "screens.md")}
	caps, err := filepath.Glob(filepath.Join("..", "docs", "screens", "*"))
	if err != nil || len(caps) == 0 {
		t.Fatalf("no captures in docs/screens: %v", err)
	}
	for _, c := range caps {
		files = append(files, filepath.Join("docs", "screens", filepath.Base(c)))
	}
	for _, f := range files {
		for i, l := range strings.Split(repoFile(t, f), "\n") {
			if m := machinePath.FindString(l); m != "" {
				t.Errorf("%s:%d shows a path of the capturing machine (%q): %s", f, i+1, strings.TrimSpace(m), strings.TrimSpace(l))
			}
		}
	}
	// The application on a team server, or on a PostgreSQL database on
	// loopback, shows the user, role, workspace and where the library is
	// in place of the store.
	onServer := regexp.MustCompile(` · (admin|curator|reviewer|reader|agent) · [a-z0-9-]+ @ (PostgreSQL postgres://[^ @]+@)?127\.0\.0\.1:\d+[/ ]`)
	for _, c := range caps {
		if !strings.HasSuffix(c, ".txt") {
			continue
		}
		capture := repoFile(t, filepath.Join("docs", "screens", filepath.Base(c)))
		if !strings.Contains(capture, " store ~/.local/share/lore ") && !onServer.MatchString(capture) {
			t.Errorf("%s: the status bar shows neither the default store ~/.local/share/lore nor a team server or database on loopback", c)
		}
	}
}

// A release is built from a clone alone: no before-hook runs the tests
// (they read the corpus beside the checkout), and the archives carry the
// shell completions and the man page the hooks generate.
func TestReleaseConfigNeedsNoCorpusAndShipsCompletions(t *testing.T) {
	var cfg struct {
		Before struct {
			Hooks []string `yaml:"hooks"`
		} `yaml:"before"`
		Archives []struct {
			Files []string `yaml:"files"`
		} `yaml:"archives"`
	}
	if err := yaml.Unmarshal([]byte(repoFile(t, ".goreleaser.yaml")), &cfg); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	hooks := strings.Join(cfg.Before.Hooks, "\n")
	if strings.Contains(hooks, "go test") {
		t.Errorf("a before-hook runs the tests, which need the corpus beside the clone:\n%s", hooks)
	}
	for _, want := range []string{"completion bash", "completion zsh", "completion fish", "lore man"} {
		if !strings.Contains(hooks, want) {
			t.Errorf("no before-hook generates %q", want)
		}
	}
	if len(cfg.Archives) == 0 {
		t.Fatal("no archives")
	}
	for i, a := range cfg.Archives {
		files := strings.Join(a.Files, "\n")
		for _, dir := range []string{"completions/", "manpages/"} {
			if !strings.Contains(files, dir) {
				t.Errorf("archive %d does not include %s", i, dir)
			}
		}
	}
	ignore := repoFile(t, ".gitignore")
	for _, dir := range []string{"/completions/", "/manpages/"} {
		if !strings.Contains(ignore, dir) {
			t.Errorf(".gitignore does not list the generated %s", dir)
		}
	}
	if ci := repoFile(t, ".ci/run"); !strings.Contains(ci, "goreleaser check") {
		t.Error(".ci/run does not run goreleaser check")
	}
}
