package wire

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
)

// namedTerms are terms nested in one another: a statement mentioning
// "binary search tree" names Binary Search Tree, Binary Search and Tree;
// "minimum spanning tree" names Spanning Tree and Tree.
func namedTerms() []core.Primitive {
	return []core.Primitive{
		cand("tree", "Tree", core.Definition, 0, "x"),
		cand("search", "Binary Search", core.Algorithm, 10, "x"),
		cand("bst", "Binary Search Tree", core.Definition, 20, "x"),
		cand("span", "Spanning Tree", core.Definition, 30, "x"),
		cand("mst", "Minimum Spanning Tree", core.Definition, 40, "Such a tree is called a minimum spanning tree."),
		cand("ins", "Insertion", core.Definition, 50, "Every binary search tree takes insertions; its minimum spanning tree too."),
		cand("walk", "Walk", core.Algorithm, 60, "A walk visits a minimum spanning tree by binary search."),
	}
}

// pairs lists every edge of ps as "from → to".
func pairs(ps []core.Primitive) []string {
	var out []string
	for _, p := range ps {
		for _, e := range p.Dependencies {
			out = append(out, p.ID+" → "+e.Target)
		}
	}
	slices.Sort(out)
	return out
}

// A statement names the same terms whether they were learned in its own
// run (Wire) or in an earlier one (LinkStored) or a later one
// (LinkReverse): the terms split in every way between two learns give the
// edges one learn of them all gives.
func TestNamesLinkAlikeWithinAndAcrossSessions(t *testing.T) {
	all := namedTerms()
	want := pairs(Wire(all, Options{Depth: core.Standard}).Primitives)
	for _, w := range []string{"ins → bst", "ins → search", "ins → tree", "ins → mst", "ins → span", "mst → span", "mst → tree",
		"walk → mst", "walk → span", "walk → tree", "walk → search"} {
		if !slices.Contains(want, w) {
			t.Fatalf("one learn has no %s: %q", w, want)
		}
	}
	for mask := 1; mask < 1<<len(all)-1; mask++ {
		var first, second []core.Primitive
		for i, p := range all {
			if mask&(1<<i) != 0 {
				first = append(first, p)
			} else {
				second = append(second, p)
			}
		}
		st := fakeStore{prims: map[string]core.Primitive{}}
		for _, p := range Wire(first, Options{Depth: core.Standard}).Primitives {
			st.prims[p.ID] = p
		}
		res := Wire(second, Options{Depth: core.Standard})
		m := Merged{Overlay: map[string]*core.Primitive{}, FinalOf: map[string]string{}, Deps: map[string][]core.Edge{},
			From: map[string]string{}, Scan: st.scan}
		for _, p := range res.Primitives {
			q := p
			m.Added = append(m.Added, p.ID)
			m.Overlay[p.ID] = &q
			m.FinalOf[p.ID], m.From[p.ID] = p.ID, p.ID
			m.Deps[p.ID] = p.Dependencies
		}
		for _, p := range first {
			m.FinalOf[p.ID] = p.ID
		}
		updates, _, err := Rewire(st, m)
		if err != nil {
			t.Fatal(err)
		}
		after := maps.Clone(st.prims)
		for _, u := range updates {
			after[u.PrimitiveID] = *u.After
		}
		for _, id := range m.Added {
			after[id] = *m.Overlay[id]
		}
		got := pairs(slices.Collect(maps.Values(after)))
		if !slices.Equal(got, want) {
			t.Errorf("%s learned first: edges %q, one learn gives %q", names(first), got, want)
		}
	}
}

func names(ps []core.Primitive) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return fmt.Sprintf("%q", out)
}

// A name that joins a stopword with a hyphen ("no-cache", "If-None-Match")
// is named by the compound, not by its other word: a sentence about a
// cache or about a match names neither.
func TestHyphenatedStopwordNames(t *testing.T) {
	ps := []core.Primitive{
		cand("nocache", "no-cache", core.Definition, 0, "The no-cache directive forbids reuse without validation."),
		cand("inm", "If-None-Match", core.Definition, 10, "The If-None-Match header field makes a request conditional."),
		cand("store", "Storing", core.Technique, 20, "A cache stores a response when its entity-tags match."),
		cand("use", "Reuse", core.Technique, 30, "A cache honours no-cache and evaluates If-None-Match first."),
	}
	got := pairs(Wire(ps, Options{Depth: core.Standard}).Primitives)
	for _, bad := range []string{"store → nocache", "store → inm"} {
		if slices.Contains(got, bad) {
			t.Errorf("a sentence naming only the compound's other word links it: %s in %q", bad, got)
		}
	}
	for _, want := range []string{"use → nocache", "use → inm"} {
		if !slices.Contains(got, want) {
			t.Errorf("no %s: %q", want, got)
		}
	}
}
