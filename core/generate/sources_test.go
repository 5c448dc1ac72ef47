package generate

import (
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A skill learned from a book names the book as its source, not each of
// the files its results are held in (their references name those).
func TestSourceDocsNameTheBook(t *testing.T) {
	ps := []core.Primitive{
		{Name: "Group", Provenance: core.Provenance{Document: "/b/ch1.tex", Book: "/b/main.tex", BookOffset: 10}},
		{Name: "Ring", Provenance: core.Provenance{Document: "/b/ch2/sec.tex", Book: "/b/main.tex", BookOffset: 90}},
		{Name: "Deck", Provenance: core.Provenance{Document: "/b/slides.tex"}},
	}
	if got, want := sourceDocs(ps), []string{"main.tex", "slides.tex"}; !slices.Equal(got, want) {
		t.Errorf("sources %q, want %q", got, want)
	}
}
