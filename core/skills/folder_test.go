package skills

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
)

// roundTripCases are canonical, valid records: Check accepts them and
// Render/Parse must give them back exactly.
func roundTripCases() []struct {
	name string
	s    Skill
} {
	return []struct {
		name string
		s    Skill
	}{
		{"minimal", Skill{Key: "public.pdf", Content: Content{
			Name: "pdf", Description: "Extract text from PDF files.", Instructions: "# PDF\n\nRun the extractor.", TaskType: search.Unknown,
		}}},
		{"quotes and colons", Skill{Key: "public.quote-colon", Content: Content{
			Name:          "quote-colon",
			Description:   `Use when: the user says "hi" — or 'bye'; a: b # not a comment, \ backslash, ---, {flow} [list] & * ! | % @ ` + "`tick`",
			Instructions:  "key: value\n---\nnot frontmatter",
			TaskType:      search.Code,
			License:       `Proprietary: "see" LICENSE.txt`,
			Compatibility: "Requires: python3 # and git",
			AllowedTools:  "Bash(git:*) Bash(jq:*) Read",
		}}},
		{"unicode", Skill{Key: "public.навык", Content: Content{
			Name:         "навык",
			Description:  "Ünïcödé ✓ 😀 \u2028 LS \u2029 PS \u0085 NEL \ufeff BOM \u007f DEL \u00a0 NBSP \u200b ZWSP \U0001F9EA",
			Instructions: "Привет, 世界 😀\n\n\u2028 in the body",
			TaskType:     search.Domain,
		}}},
		{"newlines and blanks", Skill{Key: "public.newlines", Content: Content{
			Name:         "newlines",
			Description:  "  line one\nline two\r\n\ttabbed\x01ctrl  ",
			Instructions: "\n\n  starts blank\n\n\ttab\n   trailing spaces   ",
			TaskType:     search.Browser,
		}}},
		{"empty instructions", Skill{Key: "public.empty-body", Content: Content{
			Name: "empty-body", Description: "d", TaskType: search.Unknown,
		}}},
		{"metadata", Skill{Key: "public.meta", Content: Content{
			Name: "meta", Description: "with metadata", Instructions: "x", TaskType: search.Unknown,
			Metadata: map[string]string{
				"author": "someone", "version": "1.0", "yes": "no", "123": "456", "a:b": "c d",
				"true": "false", "": "empty key", "lore-future": "kept as is", "null": "",
				"multi": "line1\nline2", "#hash": "- dash",
			},
		}}},
		{"lore fields", Skill{Key: "team.negative", Content: Content{
			Name: "negative", Description: "Do not retry a 429 immediately.", Instructions: "Wait for Retry-After.",
			ExampleQueries: []string{"why, oh why, 429?", "line\nbreak", `"quoted"`, "", "[bracket"},
			Extends:        "public.http",
			Imports:        []string{"public.a", "team.b"},
			SuggestedTools: []string{"curl", "jq, with comma"},
			TaskType:       search.API,
			Negative:       true,
		}}},
		{"import with comma", Skill{Key: "public.odd-imports", Content: Content{
			Name: "odd-imports", Description: "d", TaskType: search.Unknown,
			Imports: []string{"public.a,b", "public.c"},
		}}},
		{"files", Skill{Key: "public.files", Content: Content{
			Name: "files", Description: "has resources", Instructions: "See references/guide.md.", TaskType: search.Unknown,
			Files: []File{
				{Path: "LICENSE.txt", Content: []byte("MIT\n")},
				{Path: "assets/logo.bin", Content: []byte{0, 1, 2, 0xff, 0xfe}},
				{Path: "references/guide.md", Content: []byte("# Guide\n")},
				{Path: "scripts/run.py", Content: []byte("#!/usr/bin/env python3\nprint('hi')\n")},
			},
		}}},
	}
}

func TestRenderParseRoundTrip(t *testing.T) {
	for _, tc := range roundTripCases() {
		t.Run(tc.name, func(t *testing.T) {
			if err := Check(tc.s.Key, tc.s.Content); err != nil {
				t.Fatalf("test case is not a valid record: %v", err)
			}
			files := Render(&tc.s)
			if len(files) == 0 || files[0].Path != SkillFile {
				t.Fatalf("Render: first file %v, want SKILL.md", files)
			}
			if name, errs := skillspec.ValidateStrict(tc.s.ID(), files[0].Content); len(errs) > 0 || name != tc.s.ID() {
				t.Fatalf("rendered SKILL.md fails strict validation (name %q): %v\n%s", name, errs, files[0].Content)
			}
			for _, p := range skillspec.Validate(files[0].Content, tc.s.ID(), skillspec.Strict).Problems {
				if p.Category != skillspec.CatPortability { // a Unicode name, which the case means
					t.Errorf("strict: %s problem: %s", p.Category, p.Message)
				}
			}
			c, ns, res := Parse(tc.s.ID(), files[0].Content, files[1:], skillspec.Strict)
			if !res.Valid {
				t.Fatalf("Parse: %v", res.Errors)
			}
			if ns != tc.s.Namespace() {
				t.Errorf("namespace %q, want %q", ns, tc.s.Namespace())
			}
			if !reflect.DeepEqual(c, tc.s.Content) {
				t.Errorf("round trip changed the content\n got %#v\nwant %#v\n%s", c, tc.s.Content, files[0].Content)
			}
			again := tc.s
			again.Content = c
			if got := Render(&again); !reflect.DeepEqual(got, files) {
				t.Errorf("second render differs:\n%s\n---\n%s", got[0].Content, files[0].Content)
			}
		})
	}
}

func TestRenderFormat(t *testing.T) {
	s := &Skill{Key: "team.x", Content: Content{
		Name: "x", Description: `say "hi"`, Instructions: "Body\n\n\n", TaskType: search.API, Negative: true,
		License: "MIT", Metadata: map[string]string{"zeta": "1", "author": "a"},
		ExampleQueries: []string{"q1", "q2"}, Imports: []string{"public.a", "public.b"},
		Files: []File{{Path: "z.md", Content: []byte("z")}, {Path: "a.md", Content: []byte("a")}},
	}}
	files := Render(s)
	want := `---
name: x
description: "say \"hi\""
license: "MIT"
metadata:
  author: "a"
  lore-example-queries: "[\"q1\",\"q2\"]"
  lore-imports: "public.a,public.b"
  lore-namespace: "team"
  lore-negative: "true"
  lore-task-type: "api"
  zeta: "1"
---

Body
`
	if got := string(files[0].Content); got != want {
		t.Errorf("SKILL.md:\n%s\nwant:\n%s", got, want)
	}
	if files[1].Path != "a.md" || files[2].Path != "z.md" {
		t.Errorf("resources not sorted: %s, %s", files[1].Path, files[2].Path)
	}
	if s.Files[0].Path != "z.md" {
		t.Error("Render reordered the record's own files")
	}
}

func TestParseForeign(t *testing.T) {
	cases := []struct {
		name, dir, md string
		p             skillspec.Profile
		check         func(t *testing.T, c Content, ns string, res skillspec.Result)
	}{
		{"block scalar description", "claude-api", "---\nname: claude-api\ndescription: |-\n  Build apps with the API.\n  Use when: code imports it.\nlicense: Complete terms in LICENSE.txt\n---\n# Claude API\n", skillspec.Strict,
			func(t *testing.T, c Content, ns string, res skillspec.Result) {
				if c.Description != "Build apps with the API.\nUse when: code imports it." {
					t.Errorf("description %q", c.Description)
				}
				if c.Instructions != "# Claude API" || c.License != "Complete terms in LICENSE.txt" || ns != "public" {
					t.Errorf("instructions %q license %q ns %q", c.Instructions, c.License, ns)
				}
			}},
		{"quoted description", "pptx", "---\nname: pptx\ndescription: \"Use for \\\"decks\\\", slides: anything\"\n---\n\nBody\r\n", skillspec.Strict,
			func(t *testing.T, c Content, _ string, _ skillspec.Result) {
				if c.Description != `Use for "decks", slides: anything` || c.Instructions != "Body" {
					t.Errorf("description %q instructions %q", c.Description, c.Instructions)
				}
			}},
		{"extra keys", "cmd", "---\nname: cmd\ndescription: d\nargument-hint: \"[file]\"\nversion: 1.0.0\ntags:\n  - a\n  - b\nmetadata:\n  version: \"2\"\n---\n", skillspec.Lenient,
			func(t *testing.T, c Content, _ string, res skillspec.Result) {
				if !res.Valid {
					t.Fatalf("lenient: %v", res.Errors)
				}
				want := map[string]string{"argument-hint": "[file]", "version": "2", "tags": "- a\n- b"}
				if !reflect.DeepEqual(c.Metadata, want) {
					t.Errorf("metadata %q, want %q", c.Metadata, want)
				}
				joined := strings.Join(res.Warnings, "\n")
				if !strings.Contains(joined, "argument-hint, tags") || !strings.Contains(joined, "keys version dropped") {
					t.Errorf("warnings %q", res.Warnings)
				}
			}},
		{"unreadable lore keys stay", "x", "---\nname: x\ndescription: d\nmetadata:\n  lore-example-queries: \"not json\"\n  lore-negative: \"maybe\"\n  lore-task-type: \"weekly\"\n  lore-namespace: \"Bad NS\"\n  lore-imports: \"a,,b\"\n  lore-extends: \"public.p\"\n---\n", skillspec.Strict,
			func(t *testing.T, c Content, ns string, res skillspec.Result) {
				if ns != "public" || c.Extends != "public.p" || c.Negative || c.TaskType != search.Unknown {
					t.Errorf("ns %q extends %q negative %v task %q", ns, c.Extends, c.Negative, c.TaskType)
				}
				for _, k := range []string{MetaExampleQueries, MetaNegative, MetaTaskType, MetaNamespace, MetaImports} {
					if _, ok := c.Metadata[k]; !ok {
						t.Errorf("%s was dropped", k)
					}
				}
				if len(res.Warnings) != 5 {
					t.Errorf("warnings %q", res.Warnings)
				}
			}},
		{"hand-written imports", "x", "---\nname: x\ndescription: d\nmetadata:\n  lore-imports: \"public.a, team.b\"\n---\n", skillspec.Strict,
			func(t *testing.T, c Content, _ string, _ skillspec.Result) {
				if !reflect.DeepEqual(c.Imports, []string{"public.a", "team.b"}) || c.Metadata != nil {
					t.Errorf("imports %q metadata %v", c.Imports, c.Metadata)
				}
			}},
		{"invalid", "x", "no frontmatter", skillspec.Lenient,
			func(t *testing.T, _ Content, _ string, res skillspec.Result) {
				if res.Valid {
					t.Error("a file without frontmatter parsed as valid")
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, ns, res := Parse(tc.dir, []byte(tc.md), nil, tc.p)
			tc.check(t, c, ns, res)
		})
	}
}

func TestCheckFilePath(t *testing.T) {
	for _, p := range []string{"a.md", "references/guide.md", "a/b/c.txt", ".hidden", "SKILL.md.bak", "sub/SKILL.md"} {
		if err := CheckFilePath(p); err != nil {
			t.Errorf("%q refused: %v", p, err)
		}
	}
	for _, p := range []string{"", "../x", "a/../../x", "a/..", "/etc/passwd", `a\b`, "C:/x", "a//b", "./a", "a/", "skill.md", "SKILL.md", "a\x00b", "a\nb"} {
		if err := CheckFilePath(p); err == nil {
			t.Errorf("%q accepted", p)
		}
	}
}

// FuzzQuoteRoundTrip checks that any valid UTF-8 text survives Render and
// Parse as a description and as a metadata key and value.
func FuzzQuoteRoundTrip(f *testing.F) {
	for _, s := range []string{"plain", `"q" \ : # ---`, "a\nb\r\n\t", "\u2028\u0085\ufeff\x7f\x01", "😀 навык", " lead", "[x", "null", "~"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.TrimSpace(s) == "" || utf8.RuneCountInString(s) > 1024 {
			return
		}
		key := s
		if r := []rune(key); len(r) > 170 {
			key = string(r[:170]) // YAML's 1024-character bound on a key, escapes included
		}
		if strings.HasPrefix(key, "lore-") {
			return // lore's own keys are lifted, not kept
		}
		in := &Skill{Key: "public.f", Content: Content{Name: "f", Description: s, TaskType: search.Unknown,
			Metadata: map[string]string{key: s}}}
		files := Render(in)
		c, _, res := Parse("f", files[0].Content, nil, skillspec.Strict)
		if !res.Valid {
			t.Fatalf("%q: %v\n%s", s, res.Errors, files[0].Content)
		}
		if c.Description != s || c.Metadata[key] != s || len(c.Metadata) != 1 {
			t.Fatalf("%q: description %q metadata %q", s, c.Description, c.Metadata)
		}
	})
}

// Records made by hand (lore skills warn, negative skills) are put in the
// canonical form by New, so their folder reads back to the same hash.
func TestNewRecordsRoundTrip(t *testing.T) {
	c := Content{Name: "no-force-push", Description: "Never force-push to main", Instructions: "# Warning\r\n\r\nRewrites history.\n\n", Negative: true, ExampleQueries: []string{}, Metadata: map[string]string{}}
	s, err := New("team.no-force-push", c, Learned, Active, Provenance{}, t0)
	if err != nil {
		t.Fatal(err)
	}
	files := Render(s)
	back, ns, res := Parse(s.ID(), files[0].Content, files[1:], skillspec.Strict)
	if !res.Valid || ns != "team" || ContentHash(back) != s.Hash {
		t.Fatalf("valid %v ns %q, hash %s vs %s\n%+v\n%+v", res.Valid, ns, ContentHash(back), s.Hash, back, s.Content)
	}
}
