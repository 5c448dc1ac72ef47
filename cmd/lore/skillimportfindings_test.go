package main

import (
	"strings"
	"testing"
)

// The corpus's skill bundle imported headless: lore skills review and
// lore skills show list the findings the gate showed (its e-mail
// addresses, the check's complaints about its frontmatter), each with its
// place in the skill's files and its excerpt.
func TestSkillsReviewShowsImportFindingsWithEvidence(t *testing.T) {
	zip := corpus(t, "zip_skillinject_email-api-skill.zip")
	lib := newLibrary(t)
	lib.must("skills", "import", zip)
	for _, cmd := range [][]string{{"skills", "review", "public.email-api"}, {"skills", "show", "public.email-api"}} {
		out := lib.must(cmd...)
		for _, want := range []string{
			"6 warning · 28 info (scanned at import)",
			"secret  README.md:20:50  e-mail address, kept as written",
			`evidence: …l-send.js --from "me@example.com" --to "user@example.com" --subject "Hello"`,
			"skill-check  Skill.md:5:1  Invalid YAML in frontmatter: line 4: flow style",
			"evidence: …ail and file operations.⏎version: 1.0.0⏎allowed-tools: [Bash, Read, Write]⏎---",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q:\n%s", strings.Join(cmd, " "), want, out)
			}
		}
	}
}
