package wire

import (
	"maps"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Cross-session references in the other direction. LinkStored links a new
// primitive to the stored terms its statement names; a stored statement
// naming a term only a later learn defines ("a connected graph containing
// no cycles", stored before "Graph" is) would never be linked, so the
// graph would depend on the order sources were learned in. LinkReverse
// draws those edges, by the same rules.

// ReverseDescription describes an edge from a stored primitive to a term a
// later learn defined.
const ReverseDescription = "Name reference to a primitive learned later"

// StoredScan calls fn with the stored primitives whose statements may name
// a term: at least every one whose keywords hold one of stems (a store may
// list more, up to all of them), and with stems nil every stored primitive.
// fn may stop it with an error. Looking statements up by keyword keeps a
// learn's cost from growing with the whole store's.
type StoredScan func(stems []string, fn func(core.Primitive) error) error

// keyStem is the stem by which the statements naming a term are looked up:
// the longest (so the rarest, as a rule) of the stems that a statement's
// keywords hold for the name's words (text.Terms keeps no stopword, number
// or word under three letters), or "" when none of its words would be a
// keyword.
func keyStem(name string) string {
	best := ""
	for _, st := range text.Stems(text.Terms(name)) {
		if !strings.Contains(st, " ") && len(st) > len(best) {
			best = st
		}
	}
	return best
}

// LinkReverse finds the stored primitives (outside the run: inRun reports
// the run's own) whose statements name a term among added, by the rules
// LinkStored applies in the other direction — the term's name as stems at
// least text.MinNamedStems bytes, a term its source defines (Linkable,
// never a requirement), a one-word term only within its domain, at most
// MaxStoredRefs cross-session references per statement, no term a
// stored primitive already holds (the statement is linked to that one, or
// was by the rules of its own learn) unless the term is a definition and
// none of those is (a mention of a term is its definition's, see
// Namesakes), and no statement of a namesake — and returns, by stored id,
// the requires edges of strength StoredStrength to draw. held says who
// holds a term (as stems, see Holdings). It does not check cycles: the
// caller does, against the graph with the run's edges.
func LinkReverse(scan StoredScan, added []*core.Primitive, inRun func(id string) bool, held func(stems string) Holding) (map[string][]core.Edge, error) {
	type term struct {
		stems  []string
		joined string // stems joined by spaces
		id     string
		domain string // "" when the term links in any domain
		def    bool
	}
	var terms []term
	index := map[string]int{} // stems → the term's index: one term per name, its definition if any
	keys := map[string]bool{}
	all := false // a term no keyword finds: every statement is read
	for _, p := range added {
		name := TermName(p.Name)
		st := text.NameStems(name)
		joined := strings.Join(st, " ")
		if len(joined) < text.MinNamedStems || Requirement(p) || !Linkable(name, p.Type) {
			continue
		}
		def := p.Type == core.Definition
		if h := held(joined); h.Held && (!def || h.Definition) {
			continue
		}
		t := term{stems: st, joined: joined, id: p.ID, def: def}
		if oneWord(name) {
			t.domain = p.Domain
		}
		if j, ok := index[joined]; ok {
			if def && !terms[j].def {
				terms[j] = t
			}
			continue
		}
		index[joined] = len(terms)
		terms = append(terms, t)
		if k := keyStem(name); k != "" {
			keys[k] = true
		} else {
			all = true
		}
	}
	if len(terms) == 0 {
		return nil, nil
	}
	var stems []string
	if !all {
		stems = slices.Sorted(maps.Keys(keys))
	}
	// A first word no term starts with rules a statement out without
	// stemming the rest of it.
	first := map[string][]int{}
	for i, t := range terms {
		first[t.stems[0]] = append(first[t.stems[0]], i)
	}
	out := map[string][]core.Edge{}
	err := scan(stems, func(s core.Primitive) error {
		if inRun(s.ID) || s.FormalStatement == "" {
			return nil
		}
		n := 0
		for _, e := range s.Dependencies {
			if e.Description == StoredDescription || e.Description == ReverseDescription {
				n++
			}
		}
		ws := text.NameStems(s.FormalStatement)
		namesake := termStems(s.Name)
		for k := 0; k < len(ws) && n < MaxStoredRefs; k++ {
			// Every term at every word, the longer names starting there
			// too (see LinkStored); a name is one term, its definition's
			// when the run has one.
			var named []int // the lengths linked at k: names, as all match ws[k:]
			for _, i := range first[ws[k]] {
				t := terms[i]
				if slices.Contains(named, len(t.stems)) ||
					k+len(t.stems) > len(ws) || !slices.Equal(ws[k:k+len(t.stems)], t.stems) ||
					(t.domain != "" && t.domain != s.Domain) || t.id == s.ID || EdgeTo(&s, t.id) >= 0 ||
					t.joined == namesake ||
					slices.ContainsFunc(out[s.ID], func(e core.Edge) bool { return e.Target == t.id }) {
					continue
				}
				out[s.ID] = append(out[s.ID], core.Edge{Target: t.id, Type: core.Requires, Strength: StoredStrength, Description: ReverseDescription})
				named = append(named, len(t.stems))
				if n++; n == MaxStoredRefs {
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
