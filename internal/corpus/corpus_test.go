package corpus

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tree makes root/lore/go.mod and root/lore/pkg/sub and returns root and
// the package folder, as a clone without shared/ beside it.
func tree(t *testing.T) (root, pkg string) {
	t.Helper()
	root = t.TempDir()
	pkg = filepath.Join(root, "lore", "pkg", "sub")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "lore", "go.mod"), []byte("module example.com/lore\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, pkg
}

// run calls fn in a subtest and reports whether it skipped.
func run(t *testing.T, name string, fn func(*testing.T)) (skipped bool) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		fn(t)
	})
	return skipped
}

// A clone without shared/ beside it skips the corpus tests; once
// shared/corpus appears beside the module root, a package two levels down
// finds it.
func TestDefaultLookupSkipsThenFindsSiblingCorpus(t *testing.T) {
	t.Setenv(Env, "")
	t.Setenv(RequiredEnv, "")
	root, pkg := tree(t)
	t.Chdir(pkg)

	if !run(t, "absent", func(t *testing.T) {
		Path(t, "doc.txt")
		t.Error("Path returned although the corpus is absent")
	}) {
		t.Fatal("absent corpus did not skip")
	}

	corpusDir := filepath.Join(root, "shared", "corpus")
	if err := os.MkdirAll(corpusDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(corpusDir, "doc.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got string
	if run(t, "present", func(t *testing.T) { got = Path(t, "doc.txt") }) {
		t.Fatal("present corpus skipped")
	}
	if want := filepath.Join(corpusDir, "doc.txt"); got != want {
		t.Errorf("Path = %s, want %s", got, want)
	}
	if !run(t, "missing document", func(t *testing.T) { Path(t, "other.txt") }) {
		t.Error("a document missing from a present corpus did not skip")
	}
}

// LORE_CORPUS wins over the sibling folder; a bogus LORE_CORPUS skips
// rather than falling back or failing.
func TestEnvOverridesAndBogusEnvSkips(t *testing.T) {
	t.Setenv(RequiredEnv, "")
	root, pkg := tree(t)
	t.Chdir(pkg)
	sibling := filepath.Join(root, "shared", "corpus")
	other := t.TempDir()
	for _, d := range []string{sibling, other} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "doc.txt"), []byte(d), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	t.Setenv(Env, other)
	var got string
	if run(t, "set", func(t *testing.T) { got = Path(t, "doc.txt") }) {
		t.Fatal("LORE_CORPUS pointing at a corpus skipped")
	}
	if want := filepath.Join(other, "doc.txt"); got != want {
		t.Errorf("Path = %s, want %s (LORE_CORPUS)", got, want)
	}

	t.Setenv(Env, filepath.Join(root, "no-such-folder"))
	if !run(t, "bogus", func(t *testing.T) { Dir(t) }) {
		t.Error("a bogus LORE_CORPUS did not skip")
	}
	if _, err := Locate(); err == nil || !strings.Contains(err.Error(), Env) {
		t.Errorf("Locate error %v does not name %s", err, Env)
	}
}

// The skip message says where the corpus comes from (the manifest, the
// script that downloads it, LORE_CORPUS), and with LORE_CORPUS_REQUIRED set
// the same lookup fails the test: the test binary runs itself in a folder
// with no corpus and its verdict and output are checked.
func TestSkipMessageAndRequiredFails(t *testing.T) {
	if os.Getenv("CORPUS_TEST_CHILD") != "" {
		Path(t, "doc.txt")
		return
	}
	_, pkg := tree(t)
	for _, c := range []struct {
		required string
		fail     bool
		want     string
	}{
		{"", false, "--- SKIP"},
		{"1", true, "--- FAIL"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSkipMessageAndRequiredFails$", "-test.v")
		cmd.Dir = pkg
		cmd.Env = append(os.Environ(), "CORPUS_TEST_CHILD=1", Env+"=", RequiredEnv+"="+c.required)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		if (err != nil) != c.fail {
			t.Errorf("required=%q: err %v, want failure %v\n%s", c.required, err, c.fail, out.String())
		}
		s := out.String()
		for _, w := range []string{c.want, "set " + Env, "internal/corpus/MANIFEST.tsv", "scripts/fetch-corpus.sh"} {
			if !strings.Contains(s, w) {
				t.Errorf("required=%q: output lacks %q:\n%s", c.required, w, s)
			}
		}
	}
}

// Every test that reads the corpus finds it through this package: no test
// file keeps its own copy of the lookup (a copy is how six e2e tests came to
// hard-code a path that only existed on one machine).
func TestNoOtherCorpusLookup(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	self, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p == self || strings.HasPrefix(d.Name(), ".") && p != root || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, bad := range []string{"shared/corpus", `"shared", "corpus"`, `"` + Env + `"`} {
			if bytes.Contains(b, []byte(bad)) {
				rel, _ := filepath.Rel(root, p)
				t.Errorf("%s looks up the corpus itself (%s); use internal/corpus", rel, bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
