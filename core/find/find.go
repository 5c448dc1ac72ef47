// Package find ranks learned primitives against a query: lore find, the
// API's Find and the MCP knowledge search all rank alike.
package find

import (
	"cmp"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/text"
)

// Hit is one primitive found, with its relevance and importance.
type Hit struct {
	Primitive *core.Primitive
	Score     float64
	// Importance is lore rank's (100 is the average primitive); it breaks
	// ties between equally relevant primitives.
	Importance int
}

// Primitives ranks prims against query and returns at most top of the
// matches (0: all). The ranking is the skill search's BM25F: a primitive
// is viewed as a skill whose name is its name, whose description is its
// keywords, tags and applicability patterns, and whose body is its
// statement and computational form, so both searches weigh words alike.
func Primitives(prims []core.Primitive, query string, top int) []Hit {
	return NewIndex(prims).Search(query, top)
}

// Index is what ranking needs of a set of primitives, computed once: the
// postings of their words, their importance and their names' stems. A
// query then reads the postings of its own words only, so a process that
// searches the same primitives again and again (a team's server) keeps
// the index while they are unchanged.
type Index struct {
	prims      []core.Primitive
	words      *search.Index
	importance map[string]int
	names      []string
}

// NewIndex indexes prims (kept, not copied).
func NewIndex(prims []core.Primitive) *Index {
	views := make([]search.Skill, len(prims))
	names := make([]string, len(prims))
	for i := range prims {
		p := &prims[i]
		views[i] = search.Skill{
			Key:         p.ID,
			Name:        p.Name,
			Description: strings.Join(slices.Concat(p.Keywords, p.Tags, p.ApplicabilityPatterns), " "),
			Body:        p.FormalStatement + "\n" + p.ComputationalForm,
		}
		names[i] = stemmed(p.Name)
	}
	return &Index{prims: prims, words: search.NewIndex(views), importance: graph.Importance(prims), names: names}
}

// Len is the number of primitives indexed.
func (x *Index) Len() int { return len(x.prims) }

// Search ranks the primitives against query and returns at most top of
// the matches (0: all).
func (x *Index) Search(query string, top int) []Hit {
	rel := x.words.Scores(query)
	var idx []int
	for i, r := range rel {
		if r > 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return []Hit{}
	}
	prims, importance := x.prims, x.importance
	// A primitive named what was asked for ("graph" finds Graph) comes
	// before those whose statements use the words more: BM25 weighs a
	// short name's one mention less than a long statement's several.
	want := stemmed(query)
	named := func(i int) int {
		if x.names[i] == want {
			return 1
		}
		return 0
	}
	slices.SortFunc(idx, func(a, b int) int {
		return cmp.Or(
			cmp.Compare(named(b), named(a)),
			cmp.Compare(rel[b], rel[a]),
			cmp.Compare(importance[prims[b].ID], importance[prims[a].ID]),
			cmp.Compare(prims[a].ID, prims[b].ID),
		)
	})
	if top > 0 && len(idx) > top {
		idx = idx[:top]
	}
	out := make([]Hit, len(idx))
	for n, i := range idx {
		out[n] = Hit{Primitive: &prims[i], Score: rel[i], Importance: importance[prims[i].ID]}
	}
	return out
}

// stemmed is s's words, lower-cased and stemmed, for comparing names.
func stemmed(s string) string {
	var words []string
	text.EachWord(s, func(w string, _, _ int) { words = append(words, text.Stem(strings.ToLower(w))) })
	return strings.Join(words, " ")
}
