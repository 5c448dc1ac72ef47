package store_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// The stored statements naming a new term are looked up by keyword stem
// through the postings: the answer must be exactly the primitives a walk
// over every record finds, for words whose stem is not a prefix of them
// ("property" → "properti", "dying" → "die"), and keywords kept as stems
// by older records; a keyword of several words (older records) by its
// first word.
func TestPrimitivesWithKeywordStemsFindsWhatAFullWalkFinds(t *testing.T) {
	s := openMem(t)
	words := append(text.Words(string(assets.Sample())),
		"property", "properties", "properti", "dying", "die", "died", "lying", "lie",
		"generalization", "general", "happy", "happiness", "header fields", "conflating", "conflate")
	var ps []core.Primitive
	for i := range 400 {
		kws := []string{words[i%len(words)], words[(i*7+3)%len(words)], words[(i*13+5)%len(words)]}
		p := prim(fmt.Sprintf("p-%04d", i), "d", core.Definition, kws)
		p.Plane = core.PlanePosition{Real: float64(i%20)/10 - 1, Imaginary: float64(i%11)/5.5 - 1}
		ps = append(ps, p)
	}
	mustPut(t, s, ps...)

	stemsOf := func(p core.Primitive) []string {
		var out []string
		for _, k := range p.Keywords {
			if ws := text.NameStems(k); len(ws) > 0 {
				out = append(out, ws[0])
			}
		}
		return out
	}
	queries := [][]string{{"properti"}, {"die"}, {"lie"}, {"happi"}, {"field"}, {"header"}, {"conflat"}, {"general"}, {"graph", "path"}, {"zzz"}}
	for _, w := range words[:60] {
		queries = append(queries, []string{text.Stem(w)})
	}
	for _, q := range queries {
		var want []string
		for _, p := range ps {
			if slices.ContainsFunc(stemsOf(p), func(st string) bool { return slices.Contains(q, st) }) {
				want = append(want, p.ID)
			}
		}
		var got []string
		if err := s.PrimitivesWithKeywordStems(q, func(p core.Primitive) error {
			got = append(got, p.ID)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("stems %v: found %v, a walk over every record finds %v", q, got, want)
		}
	}
}
