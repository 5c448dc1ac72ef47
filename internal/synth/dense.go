package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Dense-run model: the candidates of one dense source, as extraction
// produces them from Dense's Markdown (measured on 1 MiB of it: 4,857
// candidates, 21 keywords each, 6,201 distinct stems, the commonest in 7%
// of the candidates). All lie at one plane position (one domain, detected
// once for the document), so the plane filters nothing; every statement
// is a sentence of words drawn, mildly skewed, from one vocabulary, so a
// candidate shares two keywords with a fixed share of everything before
// it; none is a duplicate. A section of DenseSection candidates shares its
// applicability patterns, and each candidate has the previous one as its
// prerequisite.
const (
	DenseVocab    = 6000
	DenseKeywords = 21
	DenseSection  = 20
)

// DenseRun returns n candidates (ids d0, d1, …) of the dense-run model;
// the same n and seed give the same candidates.
func DenseRun(n int, seed uint64) []core.Primitive {
	r := rand.New(rand.NewPCG(seed, 0x64656e7365))
	z := newZipf(DenseVocab, 0.7)
	plane := core.PlanePosition{Real: -0.05, Imaginary: -0.01}
	out := make([]core.Primitive, n)
	var patterns []string
	for i := range out {
		if i%DenseSection == 0 {
			patterns = []string{word(z.draw(r)), word(z.draw(r)), word(z.draw(r))}
		}
		kws := make([]string, 0, DenseKeywords)
		for len(kws) < DenseKeywords {
			if w := word(z.draw(r)); !contains(kws, w) {
				kws = append(kws, w)
			}
		}
		stmt := strings.Join(kws[:2], " ") + ". A " + strings.Join(kws[2:4], " ") + " is a " + strings.Join(kws[4:], " ") + "."
		p := core.Primitive{
			ID:                    fmt.Sprintf("d%d", i),
			Name:                  kws[0] + " " + kws[1],
			Type:                  core.Definition,
			Domain:                "structure",
			Plane:                 plane,
			FormalStatement:       stmt,
			ComputationalForm:     "Defines: " + kws[0] + " " + kws[1],
			ApplicabilityPatterns: patterns,
			Keywords:              kws,
			Provenance:            core.Provenance{ContentHash: text.ContentHash(stmt)},
		}
		if i > 0 {
			p.Prerequisites = []string{out[i-1].Name}
		}
		out[i] = p
	}
	return out
}
