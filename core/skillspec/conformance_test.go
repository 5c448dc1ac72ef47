package skillspec

import (
	"strings"
	"testing"
)

// fm builds a SKILL.md from frontmatter lines.
func fm(lines ...string) string {
	return "---\n" + strings.Join(lines, "\n") + "\n---\n# Body\n\nInstructions.\n"
}

// conformance is the validator's contract: the specification's rules and
// every failure category the ecosystem survey found in real SKILL.md files
// (reference notes §A.2, §A.5). skillsRef is what the reference validator
// (skills-ref, strictyaml) reports, "" for valid; strict is what the Strict
// profile must report, the same except where deviation says why; msg is a
// part of the strict error message (skills-ref's wording). lenient says
// whether the Lenient profile loads the skill and lenientCat the category
// it must report (as a warning when it loads, as an error when not).
var conformance = []struct {
	name       string
	dir        string
	content    string
	skillsRef  Category
	strict     Category
	deviation  string
	msg        string
	lenient    bool
	lenientCat Category
	check      func(t *testing.T, r Result)
}{
	// The specification's rules.
	{name: "minimal valid", dir: "pdf", content: fm("name: pdf", "description: Use this skill for PDF files.", "license: Complete terms in LICENSE.txt"), lenient: true,
		check: func(t *testing.T, r Result) {
			if r.Frontmatter.License != "Complete terms in LICENSE.txt" || r.Body != "# Body\n\nInstructions.\n" {
				t.Errorf("fields %+v body %q", r.Frontmatter, r.Body)
			}
		}},
	{name: "every optional field", dir: "git-tools", content: fm("name: git-tools", "description: Git helpers.", "license: MIT", "compatibility: Needs git and network access", "allowed-tools: Bash(git:*) Bash(jq:*) Read", "metadata:", "  author: me", `  version: "1.0"`), lenient: true,
		check: func(t *testing.T, r Result) {
			f := r.Frontmatter
			if f.AllowedTools != "Bash(git:*) Bash(jq:*) Read" || f.Compatibility != "Needs git and network access" || f.Metadata["version"] != "1.0" || f.Metadata["author"] != "me" {
				t.Errorf("fields %+v", f)
			}
		}},
	{name: "name missing", dir: "x", content: fm("description: d"), skillsRef: CatName, strict: CatName, msg: "Missing required field in frontmatter: name", lenient: true, lenientCat: CatName,
		check: func(t *testing.T, r Result) {
			if r.Name != "x" {
				t.Errorf("lenient name %q, want the directory's", r.Name)
			}
		}},
	{name: "name empty", dir: "x", content: fm(`name: ""`, "description: d"), skillsRef: CatName, strict: CatName, msg: "Field 'name' must be a non-empty string", lenient: true, lenientCat: CatName},
	{name: "name 64 code points after NFKC", dir: strings.Repeat("я", 64), content: fm("name: "+strings.Repeat("я", 64), "description: d"), lenient: true},
	{name: "name 65 characters", dir: strings.Repeat("a", 65), content: fm("name: "+strings.Repeat("a", 65), "description: d"), skillsRef: CatName, strict: CatName, msg: "exceeds 64 character limit (65 chars)", lenient: true, lenientCat: CatName},
	{name: "name trimmed", dir: "pdf", content: fm(`name: "  pdf  "`, "description: d"), lenient: true},
	{name: "name leading hyphen", dir: "-pdf", content: fm("name: -pdf", "description: d"), skillsRef: CatName, strict: CatName, msg: "cannot start or end with a hyphen", lenient: true, lenientCat: CatName},
	{name: "name consecutive hyphens", dir: "a--b", content: fm("name: a--b", "description: d"), skillsRef: CatName, strict: CatName, msg: "consecutive hyphens", lenient: true, lenientCat: CatName},
	{name: "name is a number, read as a string", dir: "123", content: fm("name: 123", "description: 1.5"), lenient: true},
	{name: "description missing", dir: "x", content: fm("name: x"), skillsRef: CatDescription, strict: CatDescription, msg: "Missing required field in frontmatter: description", lenient: false, lenientCat: CatDescription},
	{name: "description whitespace only", dir: "x", content: fm("name: x", `description: "  "`), skillsRef: CatDescription, strict: CatDescription, msg: "Field 'description' must be a non-empty string", lenient: false, lenientCat: CatDescription},
	{name: "description 1024 code points", dir: "x", content: fm("name: x", "description: "+strings.Repeat("д", 1024)), lenient: true},
	{name: "compatibility 501", dir: "x", content: fm("name: x", "description: d", "compatibility: "+strings.Repeat("c", 501)), skillsRef: CatCompatibility, strict: CatCompatibility, msg: "Compatibility exceeds 500 character limit (501 chars)", lenient: true, lenientCat: CatCompatibility},
	{name: "compatibility empty passes", dir: "x", content: fm("name: x", "description: d", `compatibility: ""`), lenient: true},
	{name: "compatibility not a string", dir: "x", content: fm("name: x", "description: d", "compatibility:", "  a: b"), skillsRef: CatCompatibility, strict: CatCompatibility, msg: "Field 'compatibility' must be a string", lenient: true, lenientCat: CatCompatibility},
	{name: "metadata not a map (unchecked by skills-ref)", dir: "x", content: fm("name: x", "description: d", "metadata: notamap"), lenient: true, lenientCat: CatMetadata},
	{name: "metadata number value (strictyaml reads a string)", dir: "x", content: fm("name: x", "description: d", "metadata:", "  version: 1"), lenient: true, lenientCat: CatMetadata},
	{name: "frontmatter not a mapping", dir: "x", content: fm("- a", "- b"), skillsRef: CatYAML, strict: CatYAML, msg: "must be a YAML mapping", lenient: false, lenientCat: CatYAML},
	{name: "frontmatter not closed", dir: "x", content: "---\nname: x\ndescription: d\n", skillsRef: CatFrontmatter, strict: CatFrontmatter, msg: "not properly closed with ---", lenient: false, lenientCat: CatFrontmatter},

	// §A.5 failure categories, in the survey's order.
	{name: "flow style mapping", dir: "x", content: fm("name: x", "description: d", `metadata: {"clawdbot": {"emoji": "x"}}`), skillsRef: CatYAML, strict: CatYAML, msg: "flow style", lenient: true, lenientCat: CatYAML},
	{name: "flow style empty list", dir: "x", content: fm("name: x", "description: d", "allowed-tools: []"), skillsRef: CatYAML, strict: CatYAML, msg: "flow style", lenient: true, lenientCat: CatYAML},
	{name: "no frontmatter", dir: "x", content: "# My skill\n\nDo things.\n", skillsRef: CatFrontmatter, strict: CatFrontmatter, msg: "must start with YAML frontmatter (---)", lenient: false, lenientCat: CatFrontmatter},
	{name: "unquoted colon in description", dir: "x", content: fm("name: x", "description: Use when: the user asks about PDFs"), skillsRef: CatYAML, strict: CatYAML, msg: "mapping values are not allowed", lenient: true, lenientCat: CatYAML,
		check: func(t *testing.T, r Result) {
			if r.Valid && r.Frontmatter.Description != "Use when: the user asks about PDFs" {
				t.Errorf("description %q", r.Frontmatter.Description)
			}
		}},
	{name: "unexpected argument-hint", dir: "x", content: fm("name: x", "description: d", "argument-hint: <file>"), skillsRef: CatFields, strict: CatFields, msg: "Unexpected fields in frontmatter: argument-hint. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.", lenient: true, lenientCat: CatFields,
		check: func(t *testing.T, r Result) {
			if r.Frontmatter.Extra["argument-hint"] != "<file>" {
				t.Errorf("extra %v", r.Frontmatter.Extra)
			}
		}},
	{name: "uppercase name", dir: "PDF", content: fm("name: PDF", "description: d"), skillsRef: CatName, strict: CatName, msg: "Skill name 'PDF' must be lowercase", lenient: true, lenientCat: CatName},
	{name: "uppercase Cyrillic name", dir: "НАВЫК", content: fm("name: НАВЫК", "description: d"), skillsRef: CatName, strict: CatName, msg: "must be lowercase", lenient: true, lenientCat: CatName},
	{name: "invalid name characters", dir: "my_skill", content: fm("name: my_skill", "description: d"), skillsRef: CatName, strict: CatName, msg: "contains invalid characters. Only letters, digits, and hyphens are allowed.", lenient: true, lenientCat: CatName},
	{name: "invalid name characters (space)", dir: "my skill", content: fm("name: my skill", "description: d"), skillsRef: CatName, strict: CatName, msg: "contains invalid characters", lenient: true, lenientCat: CatName},
	{name: "description over 1024 (claude-api, 1068)", dir: "x", content: fm("name: x", "description: "+strings.Repeat("d", 1068)), skillsRef: CatDescription, strict: CatDescription, msg: "Description exceeds 1024 character limit (1068 chars)", lenient: true, lenientCat: CatDescription},
	{name: "unexpected version and author", dir: "x", content: fm("name: x", "description: d", "version: 1.0", "author: me"), skillsRef: CatFields, strict: CatFields, msg: "Unexpected fields in frontmatter: author, version.", lenient: true, lenientCat: CatFields},

	// §F regression cases and strictyaml's other rules.
	{name: "|- block scalar description (claude-api)", dir: "claude-api", content: fm("name: claude-api", "description: |-", "  Build apps with the API.", "  Use when: coding."), lenient: true,
		check: func(t *testing.T, r Result) {
			if r.Frontmatter.Description != "Build apps with the API.\nUse when: coding." {
				t.Errorf("description %q", r.Frontmatter.Description)
			}
		}},
	{name: "double-quoted with escaped quotes (pptx)", dir: "pptx", content: fm("name: pptx", `description: "Use for \"decks\"."`), lenient: true},
	{name: "--- inside a value", dir: "x", content: fm("name: x", "description: a---b c"), lenient: true,
		check: func(t *testing.T, r Result) {
			if r.Frontmatter.Description != "a---b c" {
				t.Errorf("description %q (skills-ref reads \"a\")", r.Frontmatter.Description)
			}
		}},
	{name: "--- inside a value hides a later key from skills-ref", dir: "x", content: fm("name: x", "description: a---b c", "extra: 1"), skillsRef: "", strict: CatFields,
		deviation: "skills-ref splits on the first --- anywhere and never sees extra", msg: "Unexpected fields in frontmatter: extra.", lenient: true, lenientCat: CatFields},
	{name: "indented --- inside a block scalar", dir: "x", content: fm("name: x", "description: |", "  a", "  ---", "  b"), lenient: true},
	{name: "byte order mark", dir: "x", content: "\uFEFF" + fm("name: x", "description: d"), skillsRef: CatFrontmatter, strict: CatFrontmatter, msg: "byte order mark", lenient: true, lenientCat: CatFrontmatter},
	{name: "CRLF line endings", dir: "web", content: "---\r\nname: web\r\ndescription: \"Web things\"\r\nmetadata:\r\n  author: me\r\n---\r\nline1\r\n", lenient: true,
		check: func(t *testing.T, r Result) {
			if r.Body != "line1\n" || r.Frontmatter.Description != "Web things" {
				t.Errorf("body %q description %q", r.Body, r.Frontmatter.Description)
			}
		}},
	{name: "NFKC directory match (decomposed name, composed dir)", dir: "caf\u00e9", content: fm("name: cafe\u0301", "description: d"), lenient: true},
	{name: "NFKC directory match (ligature)", dir: "\ufb01le", content: fm("name: file", "description: d"), lenient: true},
	{name: "directory mismatch (template)", dir: "template", content: fm("name: template-skill", "description: d"), skillsRef: CatDirectory, strict: CatDirectory, msg: "Directory name 'template' must match skill name 'template-skill'", lenient: true, lenientCat: CatDirectory},
	{name: "directory match is case-sensitive", dir: "PDF", content: fm("name: pdf", "description: d"), skillsRef: CatDirectory, strict: CatDirectory, msg: "Directory name 'PDF' must match skill name 'pdf'", lenient: true, lenientCat: CatDirectory},
	{name: "Unicode name (agentskills#560)", dir: "мой-навык", content: fm("name: мой-навык", "description: d"), lenient: true,
		check: func(t *testing.T, r Result) {
			if r.Name != "мой-навык" {
				t.Errorf("name %q", r.Name)
			}
		}},
	{name: "CJK name", dir: "技能", content: fm("name: 技能", "description: d"), lenient: true},
	{name: "duplicate key", dir: "y", content: fm("name: x", "name: y", "description: d"), skillsRef: CatYAML, strict: CatYAML, msg: "duplicate key", lenient: true, lenientCat: CatYAML,
		check: func(t *testing.T, r Result) {
			if r.Valid && r.Name != "y" {
				t.Errorf("lenient name %q, want the last", r.Name)
			}
		}},
	{name: "anchor and alias", dir: "x", content: fm("name: &n x", "description: *n"), skillsRef: CatYAML, strict: CatYAML, msg: "anchors and aliases", lenient: true, lenientCat: CatYAML},
	{name: "explicit tag", dir: "x", content: fm("name: !!str x", "description: d"), skillsRef: CatYAML, strict: CatYAML, msg: "explicit tags", lenient: true, lenientCat: CatYAML},
	{name: "unrecoverable YAML", dir: "x", content: fm("name: x", `description: "unterminated`), skillsRef: CatYAML, strict: CatYAML, msg: "Invalid YAML in frontmatter", lenient: false, lenientCat: CatYAML},
	{name: "empty frontmatter", dir: "x", content: "---\n---\nbody\n", skillsRef: CatYAML, strict: CatYAML, msg: "must be a YAML mapping", lenient: false, lenientCat: CatYAML},
}

func TestConformance(t *testing.T) {
	for _, c := range conformance {
		t.Run(c.name, func(t *testing.T) {
			if c.strict != c.skillsRef && c.deviation == "" {
				t.Fatal("strict differs from skills-ref without a deviation")
			}
			s := Validate([]byte(c.content), c.dir, Strict)
			if c.strict == "" {
				if !s.Valid {
					t.Errorf("strict: want valid, got %q", s.Errors)
				}
			} else if s.Valid || !hasProblem(s, c.strict, false) || !hasErr(s.Errors, c.msg) {
				t.Errorf("strict: want a %s error with %q, got %+v", c.strict, c.msg, s.Problems)
			}
			l := Validate([]byte(c.content), c.dir, Lenient)
			if l.Valid != c.lenient {
				t.Errorf("lenient: valid=%v, want %v (%+v)", l.Valid, c.lenient, l.Problems)
			}
			if c.lenientCat != "" && !hasProblem(l, c.lenientCat, c.lenient) {
				t.Errorf("lenient: want a %s problem (warning=%v), got %+v", c.lenientCat, c.lenient, l.Problems)
			}
			if c.lenientCat == "" && len(l.Warnings) != 0 {
				t.Errorf("lenient: unexpected warnings %q", l.Warnings)
			}
			if c.check != nil {
				c.check(t, l)
				if s.Valid {
					c.check(t, s)
				}
			}
		})
	}
}

func hasProblem(r Result, c Category, warning bool) bool {
	for _, p := range r.Problems {
		if p.Category == c && p.Warning == warning {
			return true
		}
	}
	return false
}

// The Unicode decision: Strict keeps skills-ref's verdict (valid) but
// reports the name as unportable; Lenient says nothing.
func TestUnicodeNamesReportedInStrictOnly(t *testing.T) {
	c := []byte(fm("name: навык", "description: d"))
	s := Validate(c, "навык", Strict)
	if !s.Valid || !hasProblem(s, CatPortability, true) {
		t.Errorf("strict %+v", s.Problems)
	}
	if l := Validate(c, "навык", Lenient); !l.Valid || len(l.Problems) != 0 {
		t.Errorf("lenient %+v", l.Problems)
	}
	if _, errs := ValidateStrict("навык", c); len(errs) != 0 {
		t.Errorf("ValidateStrict %q", errs)
	}
	if s := Validate([]byte(fm("name: pdf", "description: d")), "pdf", Strict); len(s.Warnings) != 0 {
		t.Errorf("ASCII name warned: %q", s.Warnings)
	}
}

func TestResultSlicesNeverNil(t *testing.T) {
	for _, c := range []string{"", fm("name: x", "description: d")} {
		for _, p := range []Profile{Strict, Lenient} {
			r := Validate([]byte(c), "x", p)
			if r.Errors == nil || r.Warnings == nil {
				t.Errorf("%q %v: nil slices", c, p)
			}
		}
	}
}

func TestQuoteColonValues(t *testing.T) {
	in := "name: x\ndescription: Use when: a \"b\" \\c\nmetadata:\n  note: k: v\nlicense: \"a: b\"\nother: |\n  x: y"
	out, keys := quoteColonValues(in)
	want := "name: x\ndescription: \"Use when: a \\\"b\\\" \\\\c\"\nmetadata:\n  note: \"k: v\"\nlicense: \"a: b\"\nother: |\n  x: y"
	if out != want || strings.Join(keys, ",") != "description,note" {
		t.Errorf("got %q %q", out, keys)
	}
	r := Validate([]byte("---\n"+in+"\n---\n"), "x", Lenient)
	if !r.Valid || r.Frontmatter.Description != `Use when: a "b" \c` || r.Frontmatter.Metadata["note"] != "k: v" {
		t.Errorf("%+v %+v", r.Frontmatter, r.Problems)
	}
}

// FuzzValidate holds the parser to its promises on any input: no panic,
// Valid exactly when there are no errors, non-nil slices, Lenient at least
// as accepting as Strict, and ValidateStrict at least as strict as Strict.
func FuzzValidate(f *testing.F) {
	for _, c := range conformance {
		f.Add(c.dir, []byte(c.content))
	}
	f.Fuzz(func(t *testing.T, dir string, c []byte) {
		s := Validate(c, dir, Strict)
		l := Validate(c, dir, Lenient)
		for _, r := range []Result{s, l} {
			if r.Errors == nil || r.Warnings == nil || r.Valid != (len(r.Errors) == 0) {
				t.Fatalf("inconsistent result %+v", r)
			}
		}
		if s.Valid && !l.Valid {
			t.Fatalf("strict accepts, lenient rejects: %q", l.Errors)
		}
		if _, errs := ValidateStrict(dir, c); len(errs) < len(s.Errors) {
			t.Fatalf("ValidateStrict %q lost strict errors %q", errs, s.Errors)
		}
	})
}
