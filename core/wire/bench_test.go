package wire

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

var benchWords = func() []string {
	syll := []string{"al", "ber", "cor", "dan", "el", "fir", "gol", "han", "ist", "jun", "kel", "lom", "mar", "nov", "or", "pel", "quin", "ros", "sul", "tam"}
	var ws []string
	for _, a := range syll {
		for _, b := range syll {
			ws = append(ws, strings.ToUpper(a[:1])+a[1:]+b+"ic")
		}
	}
	return ws // 400 made-up words, none of them stopwords or keywords
}()

var benchFiller = strings.Fields("the construction is stated for every finite object and then extended to the general setting where each element satisfies the property considered above in the chapter")

// syntheticCandidates builds n textbook-like candidates: names of one to
// three vocabulary words, statements of about 200 bytes naming one to three
// other candidates, nine in ten of them earlier in the book and one in ten
// later (forward references, anywhere ahead when far is set, else within
// the next few hundred primitives). With refs set, every other candidate
// also carries its references as explicit edges, as extraction sets them
// for "by Theorem 2.3".
func syntheticCandidates(n int, far bool, seed uint64, withRefs ...bool) []core.Primitive {
	r := rand.New(rand.NewPCG(seed, 7))
	types := []core.PrimitiveType{
		core.Definition, core.Definition, core.Definition, core.Definition, core.Definition,
		core.Theorem, core.Theorem, core.Algorithm, core.Technique, core.Axiom, core.Identity,
	}
	keywords := []string{"requires", "uses", "generalizes", "is a special case of", "builds on", "relates to", "mentions"}
	names := make([]string, n)
	for i := range names {
		k := 1 + r.IntN(3)
		parts := make([]string, k)
		for j := range parts {
			parts[j] = benchWords[r.IntN(len(benchWords))]
		}
		names[i] = strings.Join(parts, " ")
	}
	ps := make([]core.Primitive, n)
	for i := range ps {
		var b strings.Builder
		var deps []core.Edge
		b.WriteString("The ")
		b.WriteString(names[i])
		for refs := 1 + r.IntN(3); refs > 0; refs-- {
			var j int
			switch {
			case i+1 < n && r.IntN(10) == 0:
				if far {
					j = i + 1 + r.IntN(n-i-1)
				} else {
					j = min(n-1, i+1+r.IntN(300))
				}
			case i > 0:
				j = r.IntN(i)
			default:
				continue
			}
			b.WriteByte(' ')
			b.WriteString(keywords[r.IntN(len(keywords))])
			b.WriteByte(' ')
			b.WriteString(names[j])
			b.WriteString(" and")
			if len(withRefs) > 0 && withRefs[0] && i%2 == 0 {
				deps = append(deps, core.Edge{Target: fmt.Sprintf("bench-%d", j), Type: core.Requires, Strength: 0.9, Description: "Refers to result"})
			}
		}
		for b.Len() < 200 {
			b.WriteByte(' ')
			b.WriteString(benchFiller[r.IntN(len(benchFiller))])
		}
		b.WriteByte('.')
		ps[i] = core.Primitive{
			ID:              fmt.Sprintf("bench-%d", i),
			Name:            names[i],
			Type:            types[r.IntN(len(types))],
			FormalStatement: b.String(),
			Dependencies:    deps,
			Provenance:      core.Provenance{Document: "book.md", Offset: i * 320},
		}
	}
	r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	return ps
}

// BenchmarkWire is the scale series: ns/candidate should stay roughly flat
// from 1k to 100k candidates, with and without explicit references.
func BenchmarkWire(b *testing.B) {
	for _, kind := range []string{"", "far-forward/", "references/"} {
		far, refs := kind == "far-forward/", kind == "references/"
		for _, n := range []int{1_000, 10_000, 100_000} {
			name := kind + fmt.Sprintf("n=%d", n)
			b.Run(name, func(b *testing.B) {
				in := syntheticCandidates(n, far, 1, refs)
				b.ReportAllocs()
				var res Result
				cpu := cpuTime()
				for b.Loop() {
					res = Wire(in, Options{Depth: core.Standard})
				}
				cpu = cpuTime() - cpu
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/candidate")
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/candidate")
				b.ReportMetric(float64(res.EdgesAdded+res.References)/float64(n), "edges/candidate")
				b.ReportMetric(float64(res.Rejected)/float64(n), "rejected/candidate")
			})
		}
	}
}
