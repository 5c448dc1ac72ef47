package wire

import (
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Namesakes. Two results may share a title: the definition "Spanning
// Tree" and the corollary "Spanning tree", the definition of a
// breadth-first search and the algorithm. Merging keeps both and names the
// one learned second apart by its kind ("Spanning Tree (definition)"), so
// the bare title goes to whichever came first; resolving a mention by the
// stored names alone then made the graph depend on the order of learning
// (the definition learned second required the theorem of its own title,
// and so did every statement naming the term). Mentions are therefore
// resolved by the term a name stands for (TermName), the same in either
// order, with two rules:
//
//   - a mention of a term is the definition's when a definition of it is
//     known, whichever was learned first, and a result of another kind
//     with that title only when none is;
//   - a primitive never depends by name on a namesake: the statement of
//     the definition of a spanning tree says "spanning tree" because that
//     is what it defines, not because it uses the corollary. An explicit
//     reference ("by Corollary 1.12") is no name and still counts.

// TermName is the term a primitive's name stands for: the name without the
// kind merging adds to tell it from a same-titled result of another kind
// ("Spanning Tree (definition)" → "Spanning Tree").
func TermName(name string) string {
	name = strings.TrimSpace(name)
	if !strings.HasSuffix(name, ")") {
		return name
	}
	i := strings.LastIndex(name, " (")
	if i <= 0 {
		return name
	}
	if core.PrimitiveType(strings.ToLower(name[i+2 : len(name)-1])).Valid() {
		return strings.TrimSpace(name[:i])
	}
	return name
}

// termStems is TermName as stems joined by spaces, the key names are
// matched by.
func termStems(name string) string {
	return strings.Join(text.NameStems(TermName(name)), " ")
}

// kindStems are the stems of the kinds' names, the last stem of a stored
// name set apart by its kind.
var kindStems = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range core.PrimitiveTypes {
		for _, s := range text.NameStems(string(t)) {
			m[s] = true
		}
	}
	return m
}()

// refTerm is the term a stored name (as stems) may stand for when it ends
// with a kind's stem: the stems before it; "" when it does not.
func refTerm(stems string) string {
	i := strings.LastIndexByte(stems, ' ')
	if i < 0 || !kindStems[stems[i+1:]] {
		return ""
	}
	return stems[:i]
}

// Holding says who among the stored primitives holds a term.
type Holding struct {
	// Held: a stored primitive carries the term's name.
	Held bool
	// Definition: one of them is a definition.
	Definition bool
}

// Holdings returns, for the terms (as stems, see termStems) the
// primitives of terms stand for, which stored primitives outside the run
// (skip reports the run's) carry them, by name or set apart by kind.
func Holdings(st Stored, terms []*core.Primitive, skip func(id string) bool) (map[string]Holding, error) {
	want := map[string]bool{}
	var firsts []string
	seen := map[string]bool{}
	for _, p := range terms {
		ws := text.NameStems(TermName(p.Name))
		if len(ws) == 0 {
			continue
		}
		want[strings.Join(ws, " ")] = true
		if !seen[ws[0]] {
			seen[ws[0]] = true
			firsts = append(firsts, ws[0])
		}
	}
	out := map[string]Holding{}
	if len(firsts) == 0 {
		return out, nil
	}
	refs, err := st.NamesStartingWith(firsts)
	if err != nil {
		return nil, err
	}
	for _, rs := range refs {
		for _, r := range rs {
			if skip(r.ID) {
				continue
			}
			term := r.Name
			if !want[term] {
				if term = refTerm(r.Name); term == "" || !want[term] {
					continue
				}
			}
			q, ok, err := st.GetPrimitive(r.ID)
			if err != nil {
				return nil, fmt.Errorf("look up %s: %w", r.ID, err)
			}
			if !ok || termStems(q.Name) != term {
				continue
			}
			h := out[term]
			h.Held = true
			h.Definition = h.Definition || q.Type == core.Definition
			out[term] = h
		}
	}
	return out, nil
}
