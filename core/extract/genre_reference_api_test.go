package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestAPIEntriesFromTablesAndLists(t *testing.T) {
	doc := "# Options\n\n" +
		"| Functional option | Type | Description |\n" +
		"| ----------------- | ---- | ----------- |\n" +
		"| `parser.WithAttribute` | `-` | Enables custom attributes. |\n" +
		"| `extension.WithFootnoteIDPrefix` | `[]byte \\| string` | a prefix for the [id](#ids) attributes. |\n" +
		"| plain words | x | not code |\n" +
		"| `of` | x | a stopword is no API |\n" +
		"\n- `extension.Table`\n    - [GitHub Flavored Markdown: Tables](https://example.org)\n" +
		"- `extension.Bare`\n- `fmt.Println(x)` is a call, not an entry\n"
	a := oneSection(doc, core.FormatMarkdown, core.Reference)
	got := map[string]string{}
	for _, p := range Extract(a, Options{}) {
		got[p.Name] = p.FormalStatement
		if p.Type != core.Definition {
			t.Errorf("%s: type %s", p.Name, p.Type)
		}
		if !strings.HasPrefix(doc[p.Provenance.Offset:], p.Name) {
			t.Errorf("%s: offset %d points at %q", p.Name, p.Provenance.Offset, doc[p.Provenance.Offset:p.Provenance.Offset+10])
		}
	}
	want := map[string]string{
		"parser.WithAttribute":           "parser.WithAttribute — Enables custom attributes.",
		"extension.WithFootnoteIDPrefix": "extension.WithFootnoteIDPrefix — []byte | string; a prefix for the id attributes.",
		"extension.Table":                "extension.Table — GitHub Flavored Markdown: Tables",
	}
	for name, stmt := range want {
		if got[name] != stmt {
			t.Errorf("%s: statement %q, want %q", name, got[name], stmt)
		}
	}
	for _, bad := range []string{"of", "extension.Bare", "plain words"} {
		if _, ok := got[bad]; ok {
			t.Errorf("%q extracted", bad)
		}
	}
}
