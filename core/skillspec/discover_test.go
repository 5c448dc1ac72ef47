package skillspec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	mk := func(rel string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("---\nname: x\ndescription: d\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := mk("a/SKILL.md")
	mk("a/references/nested/SKILL.md") // a skill's resources, not a skill
	b := mk("b/skill.md")
	c := mk("group/c/SKILL.md")
	mk(".git/d/SKILL.md")
	mk("node_modules/e/SKILL.md")
	mk("1/2/3/4/5/6/7/SKILL.md") // below MaxDiscoverDepth
	mk("notes/README.md")

	d, err := Discover(root)
	if err != nil || d.Truncated {
		t.Fatal(err, d.Truncated)
	}
	if got, want := strings.Join(d.Files, " "), strings.Join([]string{a, b, c}, " "); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if d, err := Discover(filepath.Join(root, "a")); err != nil || len(d.Files) != 1 || d.Files[0] != a {
		t.Errorf("skill folder: %v %v", d.Files, err)
	}
	if d, err := Discover(b); err != nil || len(d.Files) != 1 || d.Files[0] != b {
		t.Errorf("skill file: %v %v", d.Files, err)
	}
	if _, err := Discover(filepath.Join(root, "notes/README.md")); err == nil || !strings.Contains(err.Error(), "README.md is not a SKILL.md file") {
		t.Errorf("other file: %v", err)
	}
	if _, err := Discover(filepath.Join(root, "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing: %v", err)
	}
}

func TestValidateFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pdf")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "SKILL.md")
	if err := os.WriteFile(p, []byte("---\nname: pdf\ndescription: d\n---\nbody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := ValidateFile(p, Strict); !r.Valid || r.Path != p || r.Name != "pdf" || r.Body != "body\n" {
		t.Errorf("%+v", r)
	}
	if err := os.WriteFile(p, make([]byte, MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := ValidateFile(p, Lenient); r.Valid || !hasErr(r.Errors, p+" is larger than") {
		t.Errorf("%+v", r.Errors)
	}
	if r := ValidateFile(filepath.Join(dir, "nope.md"), Strict); r.Valid || !hasErr(r.Errors, "nope.md") || r.Errors == nil {
		t.Errorf("%+v", r.Errors)
	}
}
