package reviewview

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/curate"
)

// The candidate's detail shows the proof the source gives of a result
// and its sketch, after its statement and edges, and what fits of a long
// proof on a short pane.
func TestDetailShowsTheProof(t *testing.T) {
	ps := groups()
	for i := range ps {
		if ps[i].ID == "alg-lagrange" {
			ps[i].Proof.Sketch = "Count cosets."
			ps[i].Proof.Text = `The cosets of $H$ partition $G$ and each has $|H|$ elements, so $|G| = [G:H]\,|H|$. ` +
				strings.Repeat("Each step is checked against the axioms. ", 30)
		}
	}
	in := input()
	in.Candidates = curate.NewCandidates(ps)
	m := selectID(t, load(in, 160, 40, true), "alg-lagrange")
	v := plain(m)
	for _, want := range []string{"proof sketch", "Count cosets.", "proof", "The cosets of H partition G and each has |H| elements",
		"depends on Subgroup · Group"} {
		if !strings.Contains(v, want) {
			t.Errorf("detail lacks %q:\n%s", want, v)
		}
	}
	short := plain(selectID(t, load(in, 160, 16, true), "alg-lagrange"))
	if !strings.Contains(short, "Count cosets.") || !strings.Contains(short, "…") {
		t.Errorf("on a short pane the detail keeps the sketch and marks the cut proof:\n%s", short)
	}
}
