package acquire

import "testing"

// \loadglsentries[type]{file} inputs a file of glossary entries, as
// \input does.
func TestLoadGlsEntriesIsAnInclude(t *testing.T) {
	refs := texRefs("\\loadglsentries[symbols]{references/symbols}\n% \\loadglsentries{old}\n\\loadglsentries{acronyms.tex}\n")
	if len(refs) != 2 || refs[0].file != "references/symbols" || refs[1].file != "acronyms.tex" {
		t.Fatalf("refs = %+v", refs)
	}
}
