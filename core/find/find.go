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
	views := make([]search.Skill, len(prims))
	for i := range prims {
		p := &prims[i]
		views[i] = search.Skill{
			Key:         p.ID,
			Name:        p.Name,
			Description: strings.Join(slices.Concat(p.Keywords, p.Tags, p.ApplicabilityPatterns), " "),
			Body:        p.FormalStatement + "\n" + p.ComputationalForm,
		}
	}
	rel := search.BM25(views, query)
	var idx []int
	for i, r := range rel {
		if r > 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return []Hit{}
	}
	importance := graph.Importance(prims)
	// A primitive named what was asked for ("graph" finds Graph) comes
	// before those whose statements use the words more: BM25 weighs a
	// short name's one mention less than a long statement's several.
	want := stemmed(query)
	named := func(i int) int {
		if stemmed(prims[i].Name) == want {
			return 1
		}
		return 0
	}
	slices.SortFunc(idx, func(x, y int) int {
		return cmp.Or(
			cmp.Compare(named(y), named(x)),
			cmp.Compare(rel[y], rel[x]),
			cmp.Compare(importance[prims[y].ID], importance[prims[x].ID]),
			cmp.Compare(prims[x].ID, prims[y].ID),
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
