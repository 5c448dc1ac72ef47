package sanitize

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// The content-type check compares the declared type with the bytes lore
// read: an HTML page declared text/html (and converted to Markdown-like
// text) is what it says; the same bytes declared Markdown are not.
func TestMismatchJudgesDeclaredTypeAgainstRawBytes(t *testing.T) {
	page := "<!DOCTYPE html>\n<html><head><title>T</title></head><body><p>A tree is a graph.</p></body></html>\n"
	xpage := "<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>A tree.</p></body></html>\n"
	mismatches := func(d core.Document) int {
		n := 0
		for _, f := range scanDocs([]core.Document{d}, core.Home).Findings {
			if f.Category == core.ContentTypeMismatch {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		name string
		doc  core.Document
		want int
	}{
		{"html page", core.Document{Name: "p.html", MediaType: "text/html", Format: core.FormatMarkdown, Text: "A tree is a graph.\n", Raw: page, Familiarity: core.Home}, 0},
		{"xhtml page", core.Document{Name: "x.html", MediaType: "application/xhtml+xml", Format: core.FormatMarkdown, Text: "A tree.\n", Raw: xpage, Familiarity: core.Home}, 0},
		{"html named markdown", core.Document{Name: "p.md", MediaType: "text/markdown", Format: core.FormatMarkdown, Text: page, Familiarity: core.Home}, 1},
		{"xml named text", core.Document{Name: "x.txt", MediaType: "text/plain", Format: core.FormatText, Text: xpage, Familiarity: core.Home}, 1},
	} {
		if got := mismatches(c.doc); got != c.want {
			t.Errorf("%s: %d content-type-mismatch finding(s), want %d", c.name, got, c.want)
		}
	}
}
