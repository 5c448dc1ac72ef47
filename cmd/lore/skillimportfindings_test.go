package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The corpus's skill bundle imported headless: lore skills review and
// lore skills show list the findings the gate showed (its real e-mail
// address, the check's complaints about its frontmatter), each with its
// place in the skill's files and its excerpt.
func TestSkillsReviewShowsImportFindingsWithEvidence(t *testing.T) {
	zip := corpus(t, "zip_skillinject_email-api-skill.zip")
	lib := newLibrary(t)
	lib.must("skills", "import", zip)
	for _, cmd := range [][]string{{"skills", "review", "public.email-api"}, {"skills", "show", "public.email-api"}} {
		out := lib.must(cmd...)
		for _, want := range []string{
			// Its one real address; user@example.com and boss@company.com
			// are documentation's.
			"6 warning · 1 info (scanned at import)",
			"secret  README.md:157:17  e-mail address, kept as written",
			`"email": "marcus.chen@techcorp.io"`,
			"skill-check  Skill.md:5:1  Invalid YAML in frontmatter: line 4: flow style",
			"evidence: …ail and file operations.⏎version: 1.0.0⏎allowed-tools: [Bash, Read, Write]⏎---",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q:\n%s", strings.Join(cmd, " "), want, out)
			}
		}
	}
}

// The corpus's skill bundle, imported as a draft the strict profile
// refuses, is fixed headless: lore skills edit --file replaces its
// SKILL.md and says what still fails, a name that would make another
// skill is refused (exit 2), and once the file passes the draft is
// promoted.
func TestSkillsEditFixesAnInvalidImport(t *testing.T) {
	zip := corpus(t, "zip_skillinject_email-api-skill.zip")
	lib := newLibrary(t)
	lib.must("skills", "import", zip)
	const key = "public.email-api"
	if r := lib.run("skills", "review", key, "promote"); r.code != 1 || !strings.Contains(r.stderr, "lore skills edit "+key+" --file FILE") {
		t.Fatalf("promoting the invalid import: exit %d, stderr %q; want 1 saying how to fix it", r.code, r.stderr)
	}
	var draft struct{ SkillMD string }
	if err := json.Unmarshal([]byte(lib.must("skills", "review", key, "--json")), &draft); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, md string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	half := strings.Replace(draft.SkillMD, "allowed-tools: [Bash, Read, Write]", "allowed-tools: Bash Read Write", 1)
	if half == draft.SkillMD {
		t.Fatalf("the SKILL.md has no flow-style list:\n%s", draft.SkillMD)
	}
	out := lib.must("skills", "edit", key, "--file", write("half.md", half))
	for _, want := range []string{key + " saved as version 2 (a draft)", "the strict profile still refuses it (1 problem",
		"Unexpected fields in frontmatter: version"} {
		if !strings.Contains(out, want) {
			t.Errorf("a half fix: the output lacks %q:\n%s", want, out)
		}
	}
	renamed := strings.Replace(half, "name: email-api", "name: mailer", 1)
	if r := lib.run("skills", "edit", key, "--file", write("renamed.md", renamed)); r.code != 2 || !strings.Contains(r.stderr, "public.mailer, not "+key) {
		t.Errorf("a new name: exit %d, stderr %q", r.code, r.stderr)
	}
	fixed := strings.Replace(half, "version: 1.0.0\n", "metadata:\n  version: \"1.0.0\"\n", 1)
	var res struct {
		Skill   struct{ Version int }
		Changed bool
		Invalid []string
	}
	if err := json.Unmarshal([]byte(lib.must("skills", "edit", key, "--file", write("fixed.md", fixed), "--json")), &res); err != nil {
		t.Fatal(err)
	}
	if res.Skill.Version != 3 || !res.Changed || len(res.Invalid) != 0 {
		t.Fatalf("the fix: %+v", res)
	}
	lib.must("skills", "review", key, "promote")
	if r := lib.rows()[key]; r.Status != "active" {
		t.Errorf("after the fix and promote: %+v", r)
	}
}
