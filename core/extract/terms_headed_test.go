package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/rst"
)

// A section titled by a term whose first sentence says what the term is
// defines it, named as the sentence writes it, in any genre; a section
// whose opening says something else, or whose title is a phrase, does not.
// A term set in italics with the words after it ("A *bidirectional*
// channel is a channel …") is the whole noun phrase.
func TestHeadedTermsAndItalicPhrases(t *testing.T) {
	doc := "# Storage\n\n## Files\n\nEach database is a set of files in a directory.\n\n" +
		"### Log files\n\nA log file (*.log) stores a sequence of recent updates. Each update is appended to it.\n\n" +
		"### Current\n\nCURRENT is a simple text file that contains the name of the latest manifest.\n\n" +
		"### Digits\n\nThe symbols have been selected to reduce writing errors.\n\n" +
		"### How compaction works\n\nCompaction is a background process that merges tables.\n\n" +
		"## Channels\n\nA *bidirectional* channel is a channel where packets can flow in both directions.\n"
	ps := extractDoc(t, "impl.md", core.FormatMarkdown, doc)
	got := map[string]core.Primitive{}
	for _, p := range ps {
		if p.Type == core.Definition {
			got[p.Name] = p
		}
	}
	for name, says := range map[string]string{"Log File": "stores a sequence", "CURRENT": "simple text file", "Bidirectional Channel": "both directions"} {
		if p, ok := got[name]; !ok || !strings.Contains(p.FormalStatement, says) {
			t.Errorf("%s: %q (have %v)", name, p.FormalStatement, nameList(ps))
		}
	}
	for _, name := range []string{"Digits", "How Compaction Works", "Compaction", "Files"} {
		if _, ok := got[name]; ok {
			t.Errorf("%q is defined: %v", name, nameList(ps))
		}
	}
}

// A reStructuredText definition list is a list of definitions whatever
// the genre, each named as written (a signature stays one); a single bold
// lead-in, an admonition and a line of code set in bold are not entries.
func TestDefinitionListEntries(t *testing.T) {
	doc := "Definitions\n===========\n\nWe define the functions used. Implementations MUST follow these definitions.\n\n" +
		"CSRNG(n)\n    n-byte output from a cryptographically-secure random number generator.\n\n" +
		"H(p, d)\n    SHA-256 hash function that takes a personalization string p and data d.\n\n" +
		"alpha = GENERATE(d)\n    the value the server keeps for the day.\n\n" +
		"Other\n=====\n\n**Note**: the server keeps these keys in memory.\n\n**Lone term**: a bold lead-in of one paragraph alone.\n"
	ps := extractDoc(t, "spec.rst", core.FormatMarkdown, rstToMarkdown(t, doc))
	got := map[string]string{}
	for _, p := range ps {
		if p.Type == core.Definition {
			got[p.Name] = p.FormalStatement
		}
	}
	for name, says := range map[string]string{"CSRNG(n)": "random number generator", "H(p, d)": "personalization string"} {
		if !strings.Contains(got[name], says) {
			t.Errorf("%s: %q (have %v)", name, got[name], nameList(ps))
		}
	}
	for name := range got {
		if strings.Contains(name, "=") || name == "Note" || strings.Contains(name, "Lone") {
			t.Errorf("%q is no entry of a definition list", name)
		}
	}
}

// rstToMarkdown is src as lore reads reStructuredText: the Markdown it
// converts to.
func rstToMarkdown(t *testing.T, src string) string {
	t.Helper()
	body, _, _ := rst.Markdown(src)
	return body
}
