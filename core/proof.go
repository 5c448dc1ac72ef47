package core

import "slices"

// Proof is how a source proves a result: its proof and its sketch of the
// proof ("Proof sketch.", "Idea of proof"), as a reader reads them, each
// "" when the source gives none. A proof longer than MaxProof is kept to
// a cut at that bound, and Cut is the length of the whole.
type Proof struct {
	Text   string `json:"text,omitempty"`
	Sketch string `json:"sketch,omitempty"`
	Cut    int    `json:"cut,omitempty"`
}

// MaxProof bounds the proof text a primitive keeps, in bytes.
const MaxProof = 8 << 10

// MaxExample bounds one worked example a primitive keeps, in bytes, and
// MaxExamples how many it keeps.
const (
	MaxExample  = 4 << 10
	MaxExamples = 4
)

// MaxPassage bounds the passage a primitive keeps, in bytes.
const MaxPassage = 64 << 10

// PassageOr is the passage a primitive keeps when another statement of
// it brings one: a's, else b's.
func PassageOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// MoreExamples is a's examples followed by those of b it does not hold,
// up to MaxExamples: what a primitive keeps when another statement of it
// brings examples.
func MoreExamples(a, b []string) []string {
	out := a
	for _, e := range b {
		if len(out) >= MaxExamples {
			break
		}
		if !slices.Contains(out, e) {
			out = append(slices.Clip(out), e)
		}
	}
	return out
}

// Or is p with q's proof and sketch where p has none: what a primitive
// keeps when another statement of it (a duplicate, a restatement, one
// merged into it) brings a proof.
func (p Proof) Or(q Proof) Proof {
	if p.Text == "" {
		p.Text, p.Cut = q.Text, q.Cut
	}
	if p.Sketch == "" {
		p.Sketch = q.Sketch
	}
	return p
}
