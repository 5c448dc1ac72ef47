package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/text"
)

// findHit is one primitive found by lore find.
type findHit struct {
	ID     string             `json:"id"`
	Name   string             `json:"name"`
	Type   core.PrimitiveType `json:"type"`
	Domain string             `json:"domain"`
	Score  float64            `json:"score"`
	// Importance is lore rank's (100 is the average primitive); it breaks
	// ties between equally relevant primitives.
	Importance   int      `json:"importance"`
	Statement    string   `json:"statement"`
	Keywords     []string `json:"keywords"`
	Dependencies int      `json:"dependencies"`
}

// findOut is the --json shape of lore find.
type findOut struct {
	Query    string    `json:"query"`
	Searched int       `json:"searched"`
	Results  []findHit `json:"results"`
}

// maxFindStatement bounds the statement a hit carries: a search result
// names and places a primitive; lore show ID has the rest.
const maxFindStatement = 400

func (a *app) findCmd() *cobra.Command {
	var (
		asJSON bool
		top    int
		domain string
	)
	cmd := &cobra.Command{
		Use:   "find QUERY",
		Short: "Search the learned primitives by words",
		Long: `Ranks the primitives in the store against QUERY with BM25 over their name
(weight 3), keywords, tags and applicability patterns (2), and statement and
computational form (1), with lore's word handling (stopwords dropped, stems
matched) — the weights and words of lore skills search. Equally relevant
primitives are ordered by importance (lore rank), then id. Each result gives
the primitive's id, name, type, domain, the start of its statement and how many
dependencies it has; lore show ID prints it whole with its edges.`,
		Example: `  lore find "breadth first search"
  lore find "opening handshake" --domain networking --top 5 --json`,
		Args: exactArgs(1, "one QUERY (quote it)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if top < 0 {
				return &core.UsageError{Msg: fmt.Sprintf("--top %d: must be 0 (all) or more", top)}
			}
			prims, err := a.allPrimitives(domain)
			if err != nil {
				return err
			}
			out := findOut{Query: args[0], Searched: len(prims), Results: findPrimitives(prims, args[0], top)}
			return a.output(asJSON, out, func(b *strings.Builder) {
				st := a.styles()
				if len(out.Results) == 0 {
					fmt.Fprintf(b, "No primitive matches %q (%d searched).\n", args[0], out.Searched)
				}
				for i, h := range out.Results {
					fmt.Fprintf(b, "%2d. %s %s\n    %s\n", i+1, h.Name, st.Faint.Render(fmt.Sprintf("%s · %s · %s · score %.3f", h.ID, h.Type, h.Domain, h.Score)),
						truncateRunes(text.ReadableMath(h.Statement), 110))
				}
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"query", "searched", "results": [{"id", "name", "type", "domain", "score", "importance", "statement", "keywords", "dependencies"}]}`)
	cmd.Flags().IntVar(&top, "top", 10, "show at most this many results (0: all)")
	cmd.Flags().StringVar(&domain, "domain", "", "only this domain's primitives")
	return cmd
}

// findPrimitives ranks prims against query and returns at most top of the
// matches (0: all). The ranking is the skill search's BM25F: a primitive
// is viewed as a skill whose name is its name, whose description is its
// keywords, tags and applicability patterns, and whose body is its
// statement and computational form, so both searches weigh words alike.
func findPrimitives(prims []core.Primitive, query string, top int) []findHit {
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
		return []findHit{}
	}
	importance := graph.Importance(prims)
	// A primitive named what was asked for ("graph" finds Graph) comes
	// before those whose statements use the words more: BM25 weighs a
	// short name's one mention less than a long statement's several.
	named := func(i int) int {
		if stemmed(prims[i].Name) == stemmed(query) {
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
	out := make([]findHit, len(idx))
	for n, i := range idx {
		p := &prims[i]
		out[n] = findHit{ID: p.ID, Name: p.Name, Type: p.Type, Domain: p.Domain, Score: rel[i], Importance: importance[p.ID],
			Statement: truncate(strings.TrimSpace(p.FormalStatement), maxFindStatement), Keywords: nonNil(p.Keywords), Dependencies: len(p.Dependencies)}
	}
	return out
}

// stemmed is s's words, lower-cased and stemmed, for comparing names.
func stemmed(s string) string {
	var words []string
	text.EachWord(s, func(w string, _, _ int) { words = append(words, text.Stem(strings.ToLower(w))) })
	return strings.Join(words, " ")
}
