package generate

import (
	"strconv"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// proofFields give a result's entry in a skill's reference files the
// sketch and the proof its source gives, their math read as the
// statement's is: an agent asked why a result holds, or to prove one
// like it, reads how the source proves it. A primitive without a proof
// has no such field.
func proofFields(pr core.Proof, field func(k, v string)) {
	if s := clean(text.ReadableMath(pr.Sketch), core.MaxProof); s != "" {
		field("Proof sketch", s)
	}
	if s := clean(text.ReadableMath(pr.Text), core.MaxProof); s != "" {
		if pr.Cut > 0 {
			s += " (the proof is cut here: it runs to " + strconv.Itoa(pr.Cut) + " bytes in its source)"
		}
		field("Proof", s)
	}
}
