package merge

import (
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
)

// skipKeepingProof records a candidate skipped as a statement the store
// already holds (a duplicate, a restatement). When it brings a proof or a
// sketch the stored primitive lacks (a book proving what its slides
// state, a book read again since lore keeps proofs), or worked examples
// or a passage it lacks, the stored primitive takes them, its statement unchanged;
// otherwise nothing changes.
func skipKeepingProof(cand, existing *core.Primitive, prov core.ProvenanceEntry, now time.Time) Result {
	proof := existing.Proof.Or(cand.Proof)
	examples := core.MoreExamples(existing.Examples, cand.Examples)
	passage := core.PassageOr(existing.Passage, cand.Passage)
	if proof == existing.Proof && len(examples) == len(existing.Examples) && passage == existing.Passage {
		return note(prov, existing.ID, now)
	}
	before, after := existing.Clone(), existing.Clone()
	after.Proof = proof
	after.Examples = examples
	after.Passage = passage
	prov.Action = core.ProvUpdateProof
	prov.Rationale = strings.Replace(prov.Rationale, " — skipping", " — the stored statement kept", 1) +
		" The stored primitive takes the proof the candidate gives of it."
	prov.Outcome = core.ActionUpdate
	return finish(prov, core.Change{Type: core.ChangeUpdate, PrimitiveID: existing.ID, Before: &before, After: &after, Timestamp: now})
}
