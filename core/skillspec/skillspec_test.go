package skillspec

import (
	"strings"
	"testing"
)

func hasErr(errs []string, sub string) bool {
	for _, e := range errs {
		if strings.Contains(e, sub) {
			return true
		}
	}
	return false
}

func TestValidMinimal(t *testing.T) {
	c := "---\nname: pdf\ndescription: Use this skill for PDF files.\nlicense: Complete terms in LICENSE.txt\n---\n# PDF\n\nbody\n"
	name, errs := ValidateStrict("pdf", []byte(c))
	if name != "pdf" || len(errs) != 0 {
		t.Fatalf("name %q errs %q", name, errs)
	}
}

// anthropics/skills claude-api uses a |- block scalar; a line-based parser
// would read the description as "|-".
func TestBlockScalarDescription(t *testing.T) {
	c := "---\nname: claude-api\ndescription: |-\n  Build apps with the API.\n  Use when: coding.\n---\nbody\n"
	_, errs := ValidateStrict("claude-api", []byte(c))
	if len(errs) != 0 {
		t.Fatalf("errs %q", errs)
	}
}

// skills-ref splits on the first "---" anywhere, truncating this
// description to "a"; here it is a value and the frontmatter goes on.
func TestDashesInsideValueDoNotEndFrontmatter(t *testing.T) {
	c := "---\nname: x\ndescription: a---b c\nextra: 1\n---\nbody\n"
	_, errs := ValidateStrict("x", []byte(c))
	if !hasErr(errs, "Unexpected fields in frontmatter: extra.") {
		t.Fatalf("the key after the --- value was not read: %q", errs)
	}
	// An indented --- inside a block scalar is content too.
	c = "---\nname: x\ndescription: |\n  a\n  ---\n  b\n---\nbody\n"
	if _, errs := ValidateStrict("x", []byte(c)); len(errs) != 0 {
		t.Fatalf("errs %q", errs)
	}
	front, body, _, err := SplitFrontmatter([]byte(c))
	if err != nil || !strings.Contains(front, "  ---") || body != "body\n" {
		t.Fatalf("split %q %q %v", front, body, err)
	}
}

func TestBOMReportedAndRestValidated(t *testing.T) {
	c := "\uFEFF---\nname: Bad\ndescription: d\n---\n"
	name, errs := ValidateStrict("Bad", []byte(c))
	if !hasErr(errs, "byte order mark") || !hasErr(errs, "must be lowercase") {
		t.Fatalf("errs %q", errs)
	}
	if name != "Bad" {
		t.Fatalf("name %q", name)
	}
}

func TestCRLF(t *testing.T) {
	c := "---\r\nname: web\r\ndescription: \"Web things\"\r\nmetadata:\r\n  author: me\r\n---\r\nline1\r\nline2\r\n"
	if _, errs := ValidateStrict("web", []byte(c)); len(errs) != 0 {
		t.Fatalf("errs %q", errs)
	}
	if n := BodyLines([]byte(c)); n != 2 {
		t.Fatalf("BodyLines = %d", n)
	}
}

func TestDescriptionLimits(t *testing.T) {
	long := strings.Repeat("d", 1068)
	_, errs := ValidateStrict("x", []byte("---\nname: x\ndescription: "+long+"\n---\n"))
	if !hasErr(errs, "Description exceeds 1024 character limit (1068 chars)") {
		t.Fatalf("errs %q", errs)
	}
	// Code points, not bytes: 1024 Cyrillic letters are fine.
	ok := strings.Repeat("д", 1024)
	if _, errs := ValidateStrict("x", []byte("---\nname: x\ndescription: "+ok+"\n---\n")); len(errs) != 0 {
		t.Fatalf("errs %q", errs)
	}
	_, errs = ValidateStrict("x", []byte("---\nname: x\ndescription: \"  \"\n---\n"))
	if !hasErr(errs, "Field 'description' must be a non-empty string") {
		t.Fatalf("errs %q", errs)
	}
	_, errs = ValidateStrict("x", []byte("---\nname: x\n---\n"))
	if !hasErr(errs, "Missing required field in frontmatter: description") {
		t.Fatalf("errs %q", errs)
	}
}

// anthropics/skills template/ declares name template-skill.
func TestDirectoryMismatch(t *testing.T) {
	_, errs := ValidateStrict("template", []byte("---\nname: template-skill\ndescription: d\n---\n"))
	if !hasErr(errs, "Directory name 'template' must match skill name 'template-skill'") {
		t.Fatalf("errs %q", errs)
	}
	// NFKC on both sides: decomposed café in the file, composed on disk.
	if _, errs := ValidateStrict("caf\u00e9", []byte("---\nname: cafe\u0301\ndescription: d\n---\n")); len(errs) != 0 {
		t.Fatalf("errs %q", errs)
	}
}

func TestNameRules(t *testing.T) {
	cases := map[string]string{
		"Upper":                    "must be lowercase",
		"-lead":                    "cannot start or end with a hyphen",
		"a--b":                     "consecutive hyphens",
		"a_b":                      "contains invalid characters",
		strings.Repeat("a", 65):    "exceeds 64 character limit (65 chars)",
		"НАВЫК":                    "must be lowercase",
		"\"\"":                     "Field 'name' must be a non-empty string",
		"\n  - list":               "Field 'name' must be a non-empty string",
		strings.Repeat("я", 64):    "",
		"мой-навык":                "",
		"  padded  ":               "",
		"123":                      "",
		"\u30ab\u30bf\u30ab\u30ca": "",
	}
	for n, want := range cases {
		name, errs := ValidateStrict("", []byte("---\nname: "+n+"\ndescription: d\n---\n"))
		if want == "" {
			if len(errs) != 0 {
				t.Errorf("%q: %q", n, errs)
			}
			continue
		}
		if !hasErr(errs, want) {
			t.Errorf("%q (read %q): want %q in %q", n, name, want, errs)
		}
	}
	if _, errs := ValidateStrict("", []byte("---\ndescription: d\n---\n")); !hasErr(errs, "Missing required field in frontmatter: name") {
		t.Errorf("errs %q", errs)
	}
}

func TestStrictYAML(t *testing.T) {
	cases := map[string]string{
		"---\nname: x\ndescription: d\nmetadata: {a: b}\n---\n":          "flow style",
		"---\nname: x\ndescription: d\nallowed-tools: []\n---\n":         "flow style",
		"---\nname: x\nname: y\ndescription: d\n---\n":                   "duplicate key",
		"---\nname: x\ndescription: d\nmetadata:\n  a: b\n  a: c\n---\n": "duplicate key",
		"---\nname: &n x\ndescription: *n\n---\n":                        "anchors",
		"---\nname: !!str x\ndescription: d\n---\n":                      "explicit tags",
		"---\nname: x\ndescription: a: b\n---\n":                         "Invalid YAML",
		"---\n- a\n- b\n---\n":                                           "must be a YAML mapping",
		"---\n---\n":                                                     "must be a YAML mapping",
		"name: x\n":                                                      "must start with YAML frontmatter (---)",
		"":                                                               "must start with YAML frontmatter (---)",
		"---\nname: x\ndescription: d\n":                                 "not properly closed with ---",
		"---":                                                            "not properly closed with ---",
		"---\nname: x\ndescription: d\nversion: 1\nauthor: me\n---\n":                          "Unexpected fields in frontmatter: author, version. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
		"---\nname: x\ndescription: d\nmetadata: notamap\n---\n":                               "must be a mapping",
		"---\nname: x\ndescription: d\nmetadata:\n  version: 1\n---\n":                         "Metadata value of 'version' must be a string",
		"---\nname: x\ndescription: d\nmetadata:\n  tags:\n    - a\n---\n":                     "not a nested mapping",
		"---\nname: x\ndescription: d\ncompatibility:\n  a: b\n---\n":                          "Field 'compatibility' must be a string",
		"---\nname: x\ndescription: d\ncompatibility: " + strings.Repeat("c", 501) + "\n---\n": "Compatibility exceeds 500 character limit (501 chars)",
		"---\nname: x\ndescription: \xff\n---\n":                                               "not valid UTF-8",
	}
	for c, want := range cases {
		_, errs := ValidateStrict("", []byte(c))
		if !hasErr(errs, want) {
			t.Errorf("%q: want %q in %q", c, want, errs)
		}
	}
	// Everything is a string, as in strictyaml; an empty compatibility passes
	// as it does in skills-ref.
	ok := "---\nname: x\ndescription: 1.5\nlicense: 2\ncompatibility: \"\"\nmetadata:\n  version: \"1\"\n---\n"
	if _, errs := ValidateStrict("x", []byte(ok)); len(errs) != 0 {
		t.Errorf("errs %q", errs)
	}
}

func TestBodyLines(t *testing.T) {
	cases := map[string]int{
		"---\nname: x\n---\n":           0,
		"---\nname: x\n---\na\nb":       2,
		"---\nname: x\n---\na\nb\n":     2,
		"---\nname: x\n---\n\n\n":       2,
		"no frontmatter\nsecond line\n": 2,
	}
	for c, want := range cases {
		if got := BodyLines([]byte(c)); got != want {
			t.Errorf("BodyLines(%q) = %d, want %d", c, got, want)
		}
	}
}

func TestIsPortableName(t *testing.T) {
	for n, want := range map[string]bool{
		"learn-computer-science": true, "a": true, "a1-b2": true,
		"": false, "-a": false, "a--b": false, "Ab": false, "навык": false,
		"learn-claude": false, strings.Repeat("a", 65): false,
	} {
		if IsPortableName(n) != want {
			t.Errorf("IsPortableName(%q) != %v", n, want)
		}
	}
}

func FuzzValidateStrict(f *testing.F) {
	f.Add("x", []byte("---\nname: x\ndescription: d\n---\n"))
	f.Add("", []byte("\uFEFF---\r\nname: &a x\r\n---"))
	f.Fuzz(func(t *testing.T, dir string, c []byte) {
		ValidateStrict(dir, c)
		BodyLines(c)
	})
}

// Lenient reads the common "allowed-tools: [Bash, Read]" as the
// specification's space-separated string, with a warning; strict still
// rejects the flow style, as skills-ref does.
func TestLenientAllowedToolsList(t *testing.T) {
	md := []byte("---\nname: x\ndescription: d\nallowed-tools: [Bash, Read, Write]\n---\nbody\n")
	r := Validate(md, "x", Lenient)
	if !r.Valid || r.Frontmatter.AllowedTools != "Bash Read Write" || len(r.Warnings) == 0 {
		t.Fatalf("lenient: valid %v tools %q warnings %v", r.Valid, r.Frontmatter.AllowedTools, r.Warnings)
	}
	if r := Validate(md, "x", Strict); r.Valid {
		t.Fatal("strict accepted flow style")
	}
}
