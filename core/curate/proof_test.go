package curate_test

import (
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
)

// A curator's merge of one result into another keeps the proof of the one
// merged away where the other has none, and the other's own where it has
// one.
func TestMergeKeepsTheProof(t *testing.T) {
	ps := chain()
	ps[1].Proof = core.Proof{Text: "If e and f are identities, e = ef = f."}
	ps[2].Proof = core.Proof{Sketch: "Cancel."}
	w := curate.New(curate.NewCandidates(ps))
	if err := w.Apply(core.Curation{Kind: core.CurateMerge, ID: "b", Other: "a"}); err != nil {
		t.Fatal(err)
	}
	if err := w.Apply(core.Curation{Kind: core.CurateMerge, ID: "c", Other: "a"}); err != nil {
		t.Fatal(err)
	}
	a, _ := w.Current("a")
	if want := (core.Proof{Text: ps[1].Proof.Text, Sketch: "Cancel."}); a.Proof != want {
		t.Fatalf("after merging b and c into a, a's proof is %+v, want %+v", a.Proof, want)
	}
}
