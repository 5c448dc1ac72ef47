package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
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
