package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	sharedcorpus "github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/hostile"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store"
)

// loreBin is the binary built once for the end-to-end tests: they run lore
// as a user would, in its own process, with its exit code and streams.
var loreBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lore-cli-test")
	if err != nil {
		panic(err)
	}
	loreBin = filepath.Join(dir, "lore")
	build := exec.Command("go", "build", "-o", loreBin, ".")
	if os.Getenv(profileDirEnv) != "" {
		build.Args = append(build.Args[:2], "-tags", "loreprofile", "-o", loreBin, ".")
	}
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.Exit(1)
	}
	code := pgtest.Run(m)
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
}

// lore runs the binary with an isolated configuration and data home.
func lore(t *testing.T, env []string, args ...string) result {
	t.Helper()
	return loreAt(t, t.TempDir(), env, args...)
}

// loreAt runs the binary with the configuration and data home home.
func loreAt(t *testing.T, home string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(loreBin, args...)
	cmd.Env = append([]string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"PATH=" + os.Getenv("PATH"),
	}, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, out.String(), errb.String()}
}

func corpus(t *testing.T, name string) string {
	t.Helper()
	return sharedcorpus.Path(t, name)
}

func TestBadInputGivesOneSentenceErrorAndLeavesStoreUntouched(t *testing.T) {
	dir := t.TempDir()
	mk := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty := filepath.Join(dir, "emptydir")
	os.Mkdir(empty, 0o755)
	big := mk("big.md", nil)
	if err := os.Truncate(big, 60<<20); err != nil {
		t.Fatal(err)
	}
	// A source named wrongly is a usage mistake (2); a source lore opened
	// and could not use is a failure (1).
	cases := []struct {
		name, path, want string
		code             int
	}{
		{"missing", filepath.Join(dir, "missing.md"), "no such file or folder", 2},
		{"folder without documents", empty, "folder contains no supported documents", 2},
		{"unsupported extension", mk("slides.pptx", []byte("x")), "unsupported file type .pptx", 2},
		{"unknown XML", mk("feed.xml", []byte("<rss><channel/></rss>")), "rss", 2},
		{"invalid utf-8", mk("bad.tex", []byte("\\usepackage[utf8]{inputenc}\ncaf\xe9")), "not valid UTF-8", 1},
		{"binary", mk("bin.md", []byte("ab\x00cd")), "binary content", 1},
		{"empty file", mk("zero.tex", nil), "file is empty", 1},
		{"empty file of no document type", mk("zero.jsonl", nil), "file is empty", 1},
		{"60 MiB file", big, "over the 50.0 MiB per-file limit", 1},
		{"damaged PDF", mk("paper.pdf", []byte("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF")), "paper.pdf", 1},
		{"scan without a text layer", mk("scan.pdf", hostile.ScanPDF(2)), "2 of 2 pages are images without a text layer", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := t.TempDir()
			r := lore(t, []string{"LORE_DATA_DIR=" + filepath.Join(data, "store")}, "analyze", c.path)
			if r.code != c.code {
				t.Errorf("exit code = %d, want %d", r.code, c.code)
			}
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			if len(lines) != 1 || !strings.Contains(lines[0], c.path) || !strings.Contains(lines[0], c.want) {
				t.Errorf("stderr = %q, want one line naming %s and saying %q", r.stderr, c.path, c.want)
			}
			if r.stdout != "" {
				t.Errorf("stdout = %q, want nothing", r.stdout)
			}
			if entries, _ := os.ReadDir(data); len(entries) != 0 {
				t.Errorf("store directory was written: %v", entries)
			}
		})
	}
}

// --max-file-size holds for every command that reads a source: a learn
// (whose headless service reads the limit from the configuration) as much
// as analyze and gate, and the learn leaves the store as it was.
func TestMaxFileSizeFlagHoldsForEveryReader(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "notes.tex")
	if err := os.WriteFile(doc, []byte("\\section{Graphs}\n\\begin{definition}[Graph]\nA graph is a pair $(V,E)$ of a set of vertices and a set of edges.\n\\end{definition}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"learn", doc, "--no-review", "--approve"},
		{"learn", doc, "--no-review", "--approve", "--json"},
		{"analyze", doc},
		{"gate", doc},
	} {
		data := filepath.Join(t.TempDir(), "store")
		r := lore(t, []string{"LORE_DATA_DIR=" + data}, append(args, "--max-file-size", "20")...)
		if r.code != 1 || !strings.Contains(r.stderr+r.stdout, "over the 20 bytes per-file limit") {
			t.Errorf("lore %v --max-file-size 20: exit %d, stderr %q, want 1 and the limit named", args, r.code, r.stderr)
		}
		if args[0] == "learn" {
			if r := lore(t, []string{"LORE_DATA_DIR=" + data}, "sessions", "--json"); r.code != 0 || strings.Contains(r.stdout, "notes.tex") {
				t.Errorf("lore %v: a refused learn left a session: exit %d, %s", args, r.code, r.stdout)
			}
		}
	}
	r := lore(t, []string{"LORE_DATA_DIR=" + filepath.Join(t.TempDir(), "store")}, "learn", doc, "--no-review", "--approve", "--max-file-size", "1000")
	if r.code != 0 {
		t.Errorf("learn under a limit the file fits: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestUsageErrorsExitTwo(t *testing.T) {
	for _, args := range [][]string{
		{"analyze"},
		{"analyze", "a", "b"},
		{"analyze", "--bogus", "x.md"},
		{"analyze", "--depth", "wrong", "x.md"},
		{"analyze", "--domain", "Not A Slug", "x.md"},
		{"version", "extra"},
		{"nosuchcommand"},
	} {
		r := lore(t, nil, args...)
		if r.code != 2 {
			t.Errorf("lore %v: exit %d, want 2 (stderr %q)", args, r.code, r.stderr)
		}
		if !strings.HasPrefix(r.stderr, "lore: ") {
			t.Errorf("lore %v: stderr %q", args, r.stderr)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	r := lore(t, nil, "analyze", "--help")
	if r.code != 0 || !strings.Contains(r.stdout, "--depth") || !strings.Contains(r.stdout, "PreTeXt") {
		t.Errorf("analyze --help: %d %q", r.code, r.stdout)
	}
	r = lore(t, nil, "version", "--json")
	var v map[string]string
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &v) != nil || v["version"] == "" {
		t.Errorf("version --json: %d %q", r.code, r.stdout)
	}
	// Without a terminal the bare command cannot open the application.
	r = lore(t, nil)
	if r.code != 2 || !strings.Contains(r.stderr, "needs a terminal") {
		t.Errorf("bare lore without a terminal: %d %q %q", r.code, r.stdout, r.stderr)
	}
}

// analyzeJSONOf runs lore analyze --json and decodes the contract.
func analyzeJSONOf(t *testing.T, path string, extra ...string) analyzeOut {
	t.Helper()
	r := lore(t, nil, append([]string{"analyze", "--json", path}, extra...)...)
	if r.code != 0 {
		t.Fatalf("analyze %s: exit %d: %s", path, r.code, r.stderr)
	}
	var out analyzeOut
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("analyze %s: bad JSON: %v", path, err)
	}
	// The contract's keys are all present, with their JSON types.
	var raw map[string]json.RawMessage
	json.Unmarshal([]byte(r.stdout), &raw)
	for _, k := range []string{"source", "contentType", "contentTypeScores", "domain", "plane", "sections", "primitives", "edges"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("analyze --json lacks %q", k)
		}
	}
	return out
}

func TestAnalyzeJSONContractOnCorpus(t *testing.T) {
	cases := []struct {
		file        string
		contentType string
		check       func(t *testing.T, out analyzeOut)
	}{
		{"latex_ods_sorting.tex", "textbook", func(t *testing.T, out analyzeOut) {
			n := 0
			for _, p := range out.Primitives {
				if p.Type == "theorem" && p.Confidence >= 0.9 {
					n++
				}
			}
			if n < 8 {
				t.Errorf("theorems with confidence ≥ 0.9 = %d, want ≥ 8", n)
			}
		}},
		{"rfc6455_websocket.txt", "spec", func(t *testing.T, out analyzeOut) {
			n := 0
			for _, p := range out.Primitives {
				if p.Type == "axiom" {
					n++
					if !strings.Contains(p.FormalStatement, "MUST") && !strings.Contains(p.FormalStatement, "SHALL") && !strings.Contains(p.FormalStatement, "REQUIRED") {
						t.Errorf("axiom without an uppercase keyword: %q", p.FormalStatement)
					}
				}
			}
			if n < 120 {
				t.Errorf("axioms = %d, want ≥ 120", n)
			}
		}},
		// A Docker image README: its 58 code-fence lines outweigh its 10 steps
		// under the seed's weights (reference 116, tutorial 32), but 25 of
		// its 29 blocks are the console sessions of its "Step N:" sections:
		// a how-to of shell steps, a tutorial.
		{"tutorial-steps_bitnami_redis-sentinel_README.md", "tutorial", func(t *testing.T, out analyzeOut) {
			n := 0
			for _, p := range out.Primitives {
				if p.Type == "technique" && strings.HasPrefix(p.Name, "Step ") {
					n++
				}
			}
			if n != 10 {
				t.Errorf("Step techniques = %d, want 10", n)
			}
		}},
		{"apiref_goldmark_README.md", "reference", func(t *testing.T, out analyzeOut) {
			// Its option tables and extension list name ~40 API entries.
			if got := countTypes(out, 0.8); got["definition"] < 30 {
				t.Errorf("API definitions = %v, want ≥ 30", got)
			}
		}},
		{"latex_openlogic_enumerability.tex", "textbook", func(t *testing.T, out analyzeOut) {
			// 3 defn, 3 prop, 2 cor environments; one defn defines two
			// terms (an enumeration, informally, and enumerable), which
			// are one primitive each.
			if got := countTypes(out, 0.9); got["definition"] != 4 || got["theorem"] != 5 {
				t.Errorf("primitives with confidence ≥ 0.9 by type = %v, want 4 definitions and 5 theorems", got)
			}
		}},
		{"pretext_levin_discrete_sec_gt-trees.ptx", "textbook", func(t *testing.T, out analyzeOut) {
			// 2 definition, 1 theorem, 3 proposition, 1 corollary
			// elements; one definition defines a tree and a forest.
			if got := countTypes(out, 0.9); got["definition"] != 3 || got["theorem"] != 5 {
				t.Errorf("primitives by type = %v, want 3 definitions and 5 theorems", got)
			}
		}},
		{"latex_openintro_ch_probability.tex", "textbook", func(t *testing.T, out analyzeOut) {
			// 17 onebox definition and rule boxes; "Marginal and joint
			// probabilities" defines two terms, one primitive each.
			if got := countTypes(out, 0.9); got["definition"]+got["theorem"] != 18 {
				t.Errorf("boxes = %v, want 18 primitives", got)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			out := analyzeJSONOf(t, corpus(t, c.file))
			if string(out.ContentType) != c.contentType {
				t.Errorf("contentType = %s, want %s (scores %v)", out.ContentType, c.contentType, out.ContentTypeScores)
			}
			if len(out.Sections) == 0 {
				t.Error("no sections")
			}
			ids := map[string]bool{}
			for _, p := range out.Primitives {
				if ids[p.ID] {
					t.Errorf("duplicate id %s", p.ID)
				}
				ids[p.ID] = true
			}
			for _, e := range out.Edges {
				if !ids[e.From] || !ids[e.To] {
					t.Errorf("edge %v names an unknown primitive", e)
				}
			}
			if c.check != nil {
				c.check(t, out)
			}
		})
	}
}

func TestDemoJSON(t *testing.T) {
	r := lore(t, nil, "demo", "--json")
	var out analyzeOut
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &out) != nil {
		t.Fatalf("demo --json: %d %q", r.code, r.stderr)
	}
	if out.ContentType != "textbook" || len(out.Primitives) < 10 || len(out.Edges) == 0 {
		t.Errorf("demo --json: %s, %d primitives, %d edges", out.ContentType, len(out.Primitives), len(out.Edges))
	}
}

func TestDemoRunsOnEmbeddedSample(t *testing.T) {
	r := lore(t, nil, "demo")
	if r.code != 0 {
		t.Fatalf("demo: exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{"graphs.md", "textbook", "Breadth-first search", "requires"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("demo output lacks %q:\n%s", want, r.stdout)
		}
	}
	// The edge count is the edges listed, inferred and from references.
	listed := strings.Count(r.stdout, "      → ")
	if want := fmt.Sprintf("Edges (%d)", listed); !strings.Contains(r.stdout, want) {
		t.Errorf("demo lists %d edges but its total is not %q:\n%s", listed, want, r.stdout)
	}
}

func TestConfigPrecedence(t *testing.T) {
	home := t.TempDir()
	cfgDir := filepath.Join(home, "cfg")
	os.MkdirAll(cfgDir, 0o755)
	os.WriteFile(filepath.Join(cfgDir, "config.yaml"), []byte("theme: light\nanalyze:\n  depth: deep\n"), 0o644)
	r := lore(t, []string{"LORE_CONFIG_HOME=" + cfgDir, "LORE_THEME=dark"}, "config", "--json")
	var out struct {
		Settings []struct {
			Key    string
			Value  any
			Source string
		}
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &out) != nil {
		t.Fatalf("config --json: %d %q %q", r.code, r.stdout, r.stderr)
	}
	got := map[string]string{}
	for _, s := range out.Settings {
		got[s.Key] = s.Source + "=" + strings.TrimSpace(strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(toString(s.Value), "\n", ""), " ", "")))
	}
	if !strings.HasPrefix(got["theme"], "env LORE_THEME=dark") {
		t.Errorf("theme: %s", got["theme"])
	}
	if !strings.HasPrefix(got["analyze.depth"], "file ") || !strings.HasSuffix(got["analyze.depth"], "=deep") {
		t.Errorf("analyze.depth: %s", got["analyze.depth"])
	}
	if got["limits.max_file_size"] != "default=52428800" {
		t.Errorf("limits.max_file_size: %s", got["limits.max_file_size"])
	}
	r = lore(t, []string{"LORE_CONFIG_HOME=" + cfgDir}, "config", "--config", filepath.Join(home, "none.yaml"))
	if r.code != 2 || !strings.Contains(r.stderr, "none.yaml: no such file") {
		t.Errorf("missing --config: %d %q", r.code, r.stderr)
	}
	// A value no command would take is shown, then named as the error.
	r = lore(t, []string{"LORE_CONFIG_HOME=" + cfgDir, "LORE_LIMITS_MAX_FILE_SIZE=abc", "LORE_DEDUP_MAX_DISTANCE=-5"}, "config")
	if r.code != 2 || !strings.Contains(r.stdout, "limits.max_file_size") ||
		!strings.Contains(r.stderr, `limits.max_file_size: "abc" is not a whole number (from env LORE_LIMITS_MAX_FILE_SIZE)`) ||
		!strings.Contains(r.stderr, "dedup.max_distance must be between 0 and 3") {
		t.Errorf("bad values: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

func toString(v any) string {
	b, _ := json.Marshal(v)
	return strings.Trim(string(b), `"`)
}

func TestDomainsListsBuiltinAndUserDomains(t *testing.T) {
	dir := t.TempDir()
	user := filepath.Join(dir, "domains.yaml")
	os.WriteFile(user, []byte(`domains:
  - id: chemistry
    name: Chemistry
    description: Atoms, bonds and reactions.
    region: {center: {real: 0.6, imaginary: -0.6}, radius: 0.3}
    activationPatterns: [atom, molecule, bond, reaction]
    compatibleWith: [reality]
    primaryTypes: [definition, theorem]
`), 0o644)
	r := lore(t, []string{"LORE_DOMAINS_FILE=" + user}, "domains", "--json")
	var out struct{ Domains []struct{ ID string } }
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &out) != nil {
		t.Fatalf("domains --json: %d %q %q", r.code, r.stdout, r.stderr)
	}
	ids := map[string]bool{}
	for _, d := range out.Domains {
		ids[d.ID] = true
	}
	for _, id := range []string{"perception", "waves", "change", "structure", "reality", "foundations", "mapping", "unification", "emergence", "synthesis", "computer-science", "statistics", "protocols", "chemistry"} {
		if !ids[id] {
			t.Errorf("domain %s missing", id)
		}
	}
	os.WriteFile(user, []byte("domains:\n  - id: Bad Id\n"), 0o644)
	r = lore(t, []string{"LORE_DOMAINS_FILE=" + user}, "domains")
	if r.code == 0 || !strings.Contains(r.stderr, "domains.yaml") {
		t.Errorf("bad domains file: %d %q", r.code, r.stderr)
	}
}

func TestStoreVerifyAndLock(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	r := lore(t, []string{"LORE_DATA_DIR=" + dir}, "store", "verify")
	if r.code != 0 || !strings.Contains(r.stdout, "no problems found") {
		t.Fatalf("verify on a new store: %d %q %q", r.code, r.stdout, r.stderr)
	}
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r = lore(t, []string{"LORE_DATA_DIR=" + dir}, "store", "verify")
	if r.code != 4 || !strings.Contains(r.stderr, dir) || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
		t.Errorf("locked store: exit %d, stderr %q", r.code, r.stderr)
	}
}

func countTypes(out analyzeOut, minConf float64) map[string]int {
	got := map[string]int{}
	for _, p := range out.Primitives {
		if p.Confidence >= minConf {
			got[string(p.Type)]++
		}
	}
	return got
}

// A data folder that names a file is said to be one, with exit 2, by the
// commands that read as by those that write — not read as an empty store
// ("no sessions yet", exit 0) — and the file is left as it was.
func TestDataFolderThatIsAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "store")
	if err := os.WriteFile(file, []byte("mine\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	doc := filepath.Join(t.TempDir(), "notes.tex")
	if err := os.WriteFile(doc, []byte("\\begin{definition}[Graph]\nA graph is a pair $(V,E)$.\n\\end{definition}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"sessions"}, {"find", "graph"}, {"rank"}, {"graph"}, {"store", "verify"}, {"learn", doc, "--no-review", "--approve"}} {
		r := lore(t, []string{"LORE_DATA_DIR=" + file}, args...)
		if r.code != 2 || !strings.Contains(r.stderr, file+" is a file, not a folder") {
			t.Errorf("lore %v with a file as data folder: exit %d, stderr %q; want 2 and the file named", args, r.code, r.stderr)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "mine\n" {
		t.Errorf("the file was changed: %q", b)
	}
}
