package graph

import (
	"math"
	"slices"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Importance is centrality on the dependency graph, in the manner of
// PageRank: a reader starts at a primitive and follows what it rests on.
// Every primitive hands its weight on to its dependencies, each edge taking
// a share equal to its strength — an explicit reference ("by Theorem 2.3",
// 0.9) hands on nearly all of it, a name mention (0.5) half — and what no
// edge takes, with a fraction 1−Damping of all weight at each step, is
// spread over every primitive in proportion to its prior. So a primitive
// ranks high when many primitives depend on it, directly or through other
// primitives, and the more so when those are themselves important: a
// textbook's central definitions and the results its later ones are proved
// from come first, and a primitive nothing depends on keeps only its prior.
//
// The prior orders what the graph says little about: by type (definitions,
// theorems, axioms and algorithms 1, identities 0.8, techniques 0.6), times
// one plus the statement's topicality (see topicality), so that of two
// unconnected requirements of an RFC the one about the source's recurring
// subject comes first. The scores are scaled so that the average primitive
// has 100: importance 250 means two and a half times an average share.
//
// Edges to ids that are not among prims are ignored; when an id occurs more
// than once its first primitive's type and keywords count and the edges of
// all of them are its edges.
func Importance(prims []core.Primitive) map[string]int {
	imp, _ := Scores(prims)
	return imp
}

// Scores returns every primitive's importance (see Importance) and reach
// (see Reach), computed on one index of the graph. A view that shows both
// needs the primitives' ids, types, keywords and dependencies only.
func Scores(prims []core.Primitive) (importance, reach map[string]int) {
	x := newIndex(prims)
	c, r := x.centrality(prims), x.reach()
	importance = make(map[string]int, len(x.ids))
	reach = make(map[string]int, len(x.ids))
	for i, id := range x.ids {
		importance[id] = scaled(c[i], len(x.ids))
		reach[id] = int(r[i])
	}
	return importance, reach
}

// Damping is the share of a primitive's weight its dependencies can take
// at each step; the rest is spread by the type priors.
const Damping = 0.85

// Convergence: stop once the scores move less than tolerance in total, or
// after maxIterations (the error then shrinks by Damping per step, so 100
// steps leave it below 10⁻⁷).
const (
	tolerance     = 1e-10
	maxIterations = 100
)

// typePrior is the share of the spread weight a primitive of type t gets,
// relative to a definition's. It matters most where the graph says little:
// with no edges, definitions, theorems, axioms (an RFC's MUST) and
// algorithms come before identities, and those before techniques (an RFC's
// SHOULD, a tutorial's steps).
func typePrior(t core.PrimitiveType) float64 {
	switch t {
	case core.Definition, core.Theorem, core.Axiom, core.Algorithm:
		return 1
	case core.Identity:
		return 0.8
	case core.Technique:
		return 0.6
	}
	return 0.5
}

// topicality is, per node, how much of the vocabulary the primitives share
// its statement uses, from 0 to 1: the sum over its keywords of the number
// of other primitives with the same keyword, relative to the node that
// scores most. A requirement about the source's recurring subjects (a
// cache's stored responses, in an RFC on caching) scores higher than one
// on a side topic; a short statement of a single common word scores
// little, however common the word. Keywords are compared by stem, word by
// word.
func topicality(prims []core.Primitive, x *index) []float64 {
	n := len(x.ids)
	out := make([]float64, n)
	// Each node's distinct keyword stems as ids, end to end in one slice
	// (node i's are ids[at[i]:at[i+1]]), and each id's count: a slice of
	// strings per node and a second look-up of every stem were most of
	// this pass's cost on a large run.
	idOf := map[string]int32{}
	var df []int32
	ids := make([]int32, 0, n)
	at := make([]int, n+1)
	for i := range n {
		p := &prims[x.first[i]]
		for _, k := range p.Keywords {
			var st string
			text.EachWord(k, func(w string, _, _ int) {
				if st != "" {
					st += " "
				}
				st += text.Stem(w)
			})
			if st == "" {
				continue
			}
			id, ok := idOf[st]
			if !ok {
				id = int32(len(df))
				idOf[st] = id
				df = append(df, 0)
			}
			if !slices.Contains(ids[at[i]:], id) {
				ids = append(ids, id)
				df[id]++
			}
		}
		at[i+1] = len(ids)
	}
	best := 0.0
	for i := range n {
		for _, id := range ids[at[i]:at[i+1]] {
			out[i] += float64(df[id] - 1)
		}
		best = max(best, out[i])
	}
	if best > 0 {
		for i := range out {
			out[i] /= best
		}
	}
	return out
}

// edgeShare is the share of its holder's weight an edge of strength s
// takes: s within [minShare, 1]; an edge whose strength is missing or not a
// number still counts for a little.
func edgeShare(s float64) float64 {
	if math.IsNaN(s) || s < minShare {
		return minShare
	}
	return min(s, 1)
}

const minShare = 0.1

// grammarPrior scales a grammar rule's prior: a spec's grammar restates in
// syntax what its prose defines, and its rules should not crowd out the
// prose's concepts by their number alone.
const grammarPrior = 0.5

// ownPrior scales the prior of a concept its document marks as its own
// (core.TagOwn): what the author made a chapter or a section of one, or
// named after the document's subject, is what its reader would name
// first, where the graph says little.
const ownPrior = 3

// scaled turns a centrality (the scores sum to 1) into an importance: 100
// for the average of n primitives.
func scaled(r float64, n int) int {
	v := math.Round(r * float64(n) * 100)
	if math.IsNaN(v) || v < 0 {
		return 0
	}
	return int(min(v, math.MaxInt32))
}

// centrality computes the scores of the nodes of x (summing to 1) by power
// iteration. Each step reads every edge once.
func (x *index) centrality(prims []core.Primitive) []float64 {
	n := len(x.ids)
	if n == 0 {
		return nil
	}
	prior := topicality(prims, x)
	total := 0.0
	for i := range prior {
		p := &prims[x.first[i]]
		prior[i] = typePrior(p.Type) * (1 + prior[i])
		if grammar(p) {
			prior[i] *= grammarPrior
		}
		if slices.Contains(p.Tags, core.TagOwn) {
			prior[i] *= ownPrior
		}
		total += prior[i]
	}
	for i := range prior {
		prior[i] /= total
	}
	// share[e] is the share of its holder's weight edge e takes; a row
	// taking more than all of it is scaled down to exactly all.
	share := make([]float64, len(x.adj))
	for u := 0; u < n; u++ {
		lo, hi := x.off[u], x.off[u+1]
		sum := 0.0
		for e := lo; e < hi; e++ {
			share[e] = x.share[e]
			sum += share[e]
		}
		if sum > 1 {
			for e := lo; e < hi; e++ {
				share[e] /= sum
			}
		}
	}
	r := make([]float64, n)
	copy(r, prior)
	next := make([]float64, n)
	for range maxIterations {
		clear(next)
		spread := 1 - Damping // the teleport, plus what no edge takes
		for u := 0; u < n; u++ {
			ru := Damping * r[u]
			kept := ru
			for e := x.off[u]; e < x.off[u+1]; e++ {
				give := ru * share[e]
				next[x.adj[e]] += give
				kept -= give
			}
			spread += kept
		}
		delta := 0.0
		for i := range next {
			next[i] += spread * prior[i]
			delta += math.Abs(next[i] - r[i])
		}
		r, next = next, r
		if delta < tolerance {
			break
		}
	}
	return r
}
