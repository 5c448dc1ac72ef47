package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// modeListing is `find DIR -type f -printf '%m %p\n' | sort` with each
// file's bytes, relative to dir.
func modeListing(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out = append(out, fmt.Sprintf("%o %s %q", info.Mode().Perm(), filepath.ToSlash(rel), b))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestSkillsImportExportChangesNothing: lore skills import then lore skills
// export gives the tree back byte for byte and mode for mode, through a
// folder and through a .skill bundle; secrets are reported, not rewritten,
// unless --redact.
func TestSkillsImportExportChangesNothing(t *testing.T) {
	src := t.TempDir()
	files := map[string]struct {
		body string
		mode os.FileMode
	}{
		"tool/SKILL.md":        {"---\nname: tool # the id\ndescription: |\n  Run the tool.\n  Mail ops@corp-mail.net for access.\nmetadata:\n  version: 1.0\n---\n\nRun scripts/run.sh.\n", 0o644},
		"tool/scripts/run.sh":  {"#!/bin/sh\nexport API_KEY=sk-abcdefghijklmnop1234\n", 0o755},
		"tool/assets/font.ttf": {"\x00\x01\x00\x00binary", 0o644},
	}
	for p, f := range files {
		full := filepath.Join(src, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(f.body), f.mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(full, f.mode)
	}
	lib := newLibrary(t)
	var imp importAnswer
	if err := json.Unmarshal([]byte(lib.must("skills", "import", src, "--trust", "--json")), &imp); err != nil {
		t.Fatal(err)
	}
	if len(imp.Skills) != 1 || len(imp.Sensitive) != 2 || imp.Sensitive[0].Line != 5 || imp.Sensitive[1].File != filepath.Join(src, "tool", "scripts", "run.sh") || imp.Sensitive[1].Redacted {
		t.Fatalf("import: %+v", imp)
	}
	out := filepath.Join(t.TempDir(), "out")
	lib.must("skills", "export", out)
	if a, b := modeListing(t, src), modeListing(t, out); !slices.Equal(a, b) {
		t.Fatalf("export differs from the import\nimported %q\nexported %q", a, b)
	}
	bundle := filepath.Join(t.TempDir(), "tool.skill")
	lib.must("skills", "export", bundle)
	if r := lore(t, nil, "skills", "validate", bundle); r.code != 0 || !strings.Contains(r.stdout, "tool") {
		t.Fatalf("validate %s: %d %s %s", bundle, r.code, r.stdout, r.stderr)
	}
	again := newLibrary(t)
	again.must("skills", "import", bundle, "--trust")
	out2 := filepath.Join(t.TempDir(), "out")
	again.must("skills", "export", out2)
	if a, b := modeListing(t, src), modeListing(t, out2); !slices.Equal(a, b) {
		t.Fatalf("through a bundle\nimported %q\nexported %q", a, b)
	}

	// --redact rewrites the files and says so, span by span.
	red := newLibrary(t)
	if err := json.Unmarshal([]byte(red.must("skills", "import", src, "--redact", "--trust", "--json")), &imp); err != nil {
		t.Fatal(err)
	}
	if len(imp.Sensitive) != 2 || !imp.Sensitive[0].Redacted {
		t.Fatalf("--redact: %+v", imp.Sensitive)
	}
	out3 := filepath.Join(t.TempDir(), "out")
	red.must("skills", "export", out3)
	got := readTree(t, out3)
	if strings.Contains(got[filepath.Join("tool", "scripts", "run.sh")], "sk-abc") || strings.Contains(got[filepath.Join("tool", "SKILL.md")], "ops@corp-mail.net") {
		t.Fatalf("--redact left secrets: %q", got)
	}
}

// TestSkillsPromptEmptyAndLocations: an empty catalog prints nothing at
// all (exit 0); otherwise each <location> is the absolute path of a real
// SKILL.md holding the stored skill.
func TestSkillsPromptEmptyAndLocations(t *testing.T) {
	lib := newLibrary(t)
	if r := lib.run("skills", "prompt"); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("empty catalog: exit %d stdout %q stderr %q", r.code, r.stdout, r.stderr)
	}
	src := skillTree(t, map[string]string{"hello": "---\nname: hello\ndescription: Say hello.\n---\nSay it.\n"})
	lib.must("skills", "import", src, "--trust")
	os.RemoveAll(src) // the library's copy does not depend on the source
	p := lib.must("skills", "prompt")
	_, rest, _ := strings.Cut(p, "<location>\n")
	loc, _, _ := strings.Cut(rest, "\n")
	if !filepath.IsAbs(loc) || filepath.Base(loc) != "SKILL.md" {
		t.Fatalf("location %q in\n%s", loc, p)
	}
	b, err := os.ReadFile(loc)
	if err != nil || string(b) != "---\nname: hello\ndescription: Say hello.\n---\nSay it.\n" {
		t.Fatalf("location %s: %q %v", loc, b, err)
	}
	var act struct{ Location string }
	json.Unmarshal([]byte(lib.must("skills", "activate", "hello", "--json")), &act)
	if act.Location != loc {
		t.Fatalf("activate location %q, prompt %q", act.Location, loc)
	}
}

// TestSkillsValidateAndImportSkillFileName: strict validation wants
// SKILL.md exactly; lenient validate and import both accept skill.md.
func TestSkillsValidateAndImportSkillFileName(t *testing.T) {
	root := t.TempDir()
	writeSkill(t, root, "lower", "---\nname: lower\ndescription: Lower-case file name.\n---\n")
	os.Rename(filepath.Join(root, "lower", "SKILL.md"), filepath.Join(root, "lower", "skill.md"))
	if r := lore(t, nil, "skills", "validate", root); r.code != 1 || !strings.Contains(r.stdout, "SKILL.md exactly") {
		t.Fatalf("strict validate of skill.md: %d %s", r.code, r.stdout)
	}
	if r := lore(t, nil, "skills", "validate", "--lenient", root); r.code != 0 {
		t.Fatalf("lenient validate of skill.md: %d %s", r.code, r.stdout)
	}
	lib := newLibrary(t)
	lib.must("skills", "import", "--lenient", root)
	if r := lib.run("skills", "import", "--strict", root); r.code != 1 {
		t.Fatalf("strict import of skill.md: %d %s", r.code, r.stdout)
	}
}

// The corpus's skill bundle, which lore skills validate calls invalid, is
// never made active by lore skills import: without --trust it is a draft
// in the review queue (as every skill from a source nobody vouched for),
// and with --trust still a draft, its strict errors in the output; a valid
// skill is active with --trust only.
func TestSkillsImportActivatesOnlyTrustedValidSkills(t *testing.T) {
	zip := corpus(t, "zip_skillinject_email-api-skill.zip")
	if r := lore(t, nil, "skills", "validate", zip); r.code != 1 {
		t.Fatalf("validate: exit %d, want 1 (invalid)", r.code)
	}
	for _, trust := range []bool{false, true} {
		lib := newLibrary(t)
		args := []string{"skills", "import", zip, "--json"}
		if trust {
			args = append(args, "--trust")
		}
		var imp importAnswer
		if err := json.Unmarshal([]byte(lib.must(args...)), &imp); err != nil {
			t.Fatal(err)
		}
		if len(imp.Skills) != 1 || len(imp.Sensitive) != 1 || !slices.Equal(imp.Drafts, []string{"public.email-api"}) ||
			len(imp.Invalid) != 1 || imp.Invalid[0].Key != "public.email-api" || len(imp.Invalid[0].Errors) == 0 {
			t.Errorf("trust %v: imported %d, %d sensitive, drafts %v, invalid %v", trust, len(imp.Skills), len(imp.Sensitive), imp.Drafts, imp.Invalid)
		}
		if st := lib.rows()["public.email-api"].Status; st != "draft" {
			t.Errorf("trust %v: the invalid skill is %s, want draft", trust, st)
		}
		if out := lib.must("skills", "review"); !strings.Contains(out, "public.email-api") {
			t.Errorf("trust %v: the review queue lacks the skill:\n%s", trust, out)
		}
	}
	src := skillTree(t, map[string]string{"tidy": "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\n---\nAdd headings.\n"})
	lib := newLibrary(t)
	if out := lib.must("skills", "import", src); !strings.Contains(out, "draft, in the review queue") || lib.rows()["public.tidy"].Status != "draft" {
		t.Errorf("a valid skill imported without --trust: %s\n%s", lib.rows()["public.tidy"].Status, out)
	}
	lib = newLibrary(t)
	lib.must("skills", "import", src, "--trust")
	if st := lib.rows()["public.tidy"].Status; st != "active" {
		t.Errorf("a valid skill imported with --trust is %s, want active", st)
	}
}
