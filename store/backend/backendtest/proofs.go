package backendtest

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store/backend"
)

var proofCases = []Case{
	// A result's proof and sketch are stored with it and read back as
	// they were written, by id and by iteration, a proof cut at its
	// bound with the length of the whole; an update replaces them, and a
	// journal keeps the states before and after.
	{"primitives/proof", func(t *testing.T, st backend.Store) {
		p := primitive("p1")
		const sentence = "Let $\\varepsilon > 0$; since |x+y| ≤ |x|+|y|, the claim holds. "
		p.Proof = core.Proof{
			Text:   strings.Repeat(sentence, core.MaxProof/len(sentence)-1) + "…",
			Sketch: "Use the triangle inequality \"twice\" ∎",
			Cut:    23456,
		}
		learn(t, st, "s1", 0, p)
		got, ok, err := st.GetPrimitive("p1")
		if err != nil || !ok {
			t.Fatalf("p1: found %v, %v", ok, err)
		}
		if got.Proof != p.Proof {
			t.Fatalf("proof read back\n got %+v\nwant %+v", got.Proof, p.Proof)
		}
		if ps := all(t, st); len(ps) != 1 || ps[0].Proof != p.Proof {
			t.Fatalf("proof by iteration: %+v", ps)
		}
		upd := got.Clone()
		upd.Proof = core.Proof{Text: "By induction on n."}
		commit(t, st, session("s2", at(1)), []core.Change{{Type: core.ChangeUpdate, PrimitiveID: "p1", Before: &got, After: &upd, Timestamp: at(1)}}, nil)
		again, _, err := st.GetPrimitive("p1")
		if err != nil || again.Proof != upd.Proof {
			t.Fatalf("after the update: proof %+v, %v; want %+v", again.Proof, err, upd.Proof)
		}
		chs, err := st.Changes("s2")
		if err != nil || len(chs) != 1 || chs[0].Before == nil || chs[0].Before.Proof != p.Proof || chs[0].After.Proof != upd.Proof {
			t.Fatalf("journal of the update: %+v, %v", chs, err)
		}
	}},
}
