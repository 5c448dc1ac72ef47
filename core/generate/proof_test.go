package generate

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A skill's reference files give a result's proof and sketch under its
// entry, math read as the statement's is, and say where a proof was cut;
// an entry without a proof has no proof field.
func TestReferencesGiveTheProof(t *testing.T) {
	prims := makePrims(12)
	prims[3].Type = core.Theorem
	prims[3].Proof = core.Proof{Text: "By induction on $n$, with $x^2 \\geq 0$.", Sketch: "Induct.", Cut: 12345}
	refs := file(t, Skill(testDomain, prims, cfg()).Artifact, "references/primitives.md")
	_, entry, _ := strings.Cut(refs, "## 4. "+prims[3].Name+"\n")
	entry, _, _ = strings.Cut(entry, "\n## ")
	for _, want := range []string{"- Proof sketch: Induct.\n",
		"- Proof: By induction on n, with x² ≥ 0. (the proof is cut here: it runs to 12345 bytes in its source)\n"} {
		if !strings.Contains(entry, want) {
			t.Errorf("the entry of %s lacks %q:\n%s", prims[3].Name, want, entry)
		}
	}
	if n := strings.Count(refs, "- Proof"); n != 2 {
		t.Errorf("%d proof fields in the references, want the one result's two:\n%s", n, refs)
	}
}
