package dedup

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Names. The comparator measures how two statements are worded; two
// statements of one concept may share few words ("This is usually called a
// breadth-first search" from a book's definition, "Breadth-first search
// uses a queue …" from another's algorithm). A primitive is named for what
// it is about, so within a domain two primitives whose names differ only in
// case or punctuation are one concept: the deduper never lets a candidate
// become a silent second copy of a stored primitive of its name. The
// comparator's duplicate or update stands; anything else (a statement the
// wording calls new, overlapping or narrower) becomes a conflict for a
// person (see Deduper.Check). text.NameKey says which names are one.

// SameName reports whether a and b are one concept by name: the same
// domain and the same non-empty text.NameKey. (A name means different things
// in different domains: a tree of graph theory is not a botanist's.)
func SameName(a, b *core.Primitive) bool {
	if a.Domain != b.Domain {
		return false
	}
	k := text.NameKey(a.Name)
	return k != "" && k == text.NameKey(b.Name)
}

// NameIndex is implemented by registries that can list their primitives
// by name. The deduper asks it, for every candidate with a text.NameKey, for the
// primitives of the candidate's domain and name (SameName): Named must
// return every one of them (it may return more; the deduper checks). A
// registry without it is searched by wording alone.
type NameIndex interface {
	Named(domain, name string) ([]core.Primitive, error)
}

// Named returns the indexed primitives of the domain whose name is name
// up to case and punctuation (SameName), in id order: the Index is a
// NameIndex.
func (x *Index) Named(domain, name string) ([]core.Primitive, error) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	var out []core.Primitive
	for _, p := range x.named(domain, name) {
		out = append(out, *p)
	}
	return out, nil
}

// named is Named without the lock and the copies.
func (x *Index) named(domain, name string) []*core.Primitive {
	k := text.NameKey(name)
	if k == "" {
		return nil
	}
	var out []*core.Primitive
	for _, s := range x.byName[nameSlot(domain, k)] {
		out = append(out, x.entries[s].p)
	}
	slices.SortFunc(out, func(a, b *core.Primitive) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// nameSlot is the key of Index.byName.
func nameSlot(domain, key string) string { return domain + "\x00" + key }

// sameNamed returns the primitive named as cand (SameName) that the
// candidate is to be judged against: the run's first, in id order, else
// the registry's (a registry primitive the run holds is shadowed by the
// run's version, as in Check); nil when there is none.
func (d *Deduper) sameNamed(cand *core.Primitive) (*core.Primitive, error) {
	if text.NameKey(cand.Name) == "" {
		return nil, nil
	}
	// The run's index files its primitives by domain and name key: all it
	// returns are named as cand.
	if ps := d.run.named(cand.Domain, cand.Name); len(ps) > 0 {
		return ps[0], nil
	}
	ni, ok := d.reg.(NameIndex)
	if !ok {
		return nil, nil
	}
	ps, err := ni.Named(cand.Domain, cand.Name)
	if err != nil {
		return nil, fmt.Errorf("dedup %s: registry lookup by name: %w", cand.ID, err)
	}
	slices.SortFunc(ps, func(a, b core.Primitive) int { return strings.Compare(a.ID, b.ID) })
	for i := range ps {
		if SameName(cand, &ps[i]) && !d.run.Has(ps[i].ID) {
			return &ps[i], nil
		}
	}
	return nil, nil
}

// withSameName makes v act on the primitive named as cand, if there is one
// and v is not an exact duplicate already (a candidate skipped as the
// duplicate of another primitive adds no copy): an exact duplicate or a
// generalization of it stands as the comparator says; any other class
// becomes overlapping-distinct, a conflict for a person, its rationale
// saying why. d.cand and d.q hold cand's features. full is Check's (v
// lists every match) or CheckBest's (v holds the best alone).
func (d *Deduper) withSameName(cand *core.Primitive, v Verdict, full bool) (Verdict, error) {
	if v.Best != nil && v.Best.Class == core.ExactDuplicate {
		return v, nil
	}
	p, err := d.sameNamed(cand)
	if err != nil || p == nil {
		return v, err
	}
	f := d.featuresFor(p)
	c := compareSets(d.cand.sets(), f.sets(), p.ID, true)
	names := " (" + quote(cand.Name) + ", " + quote(p.Name) + ")"
	switch c.Class {
	case core.ExactDuplicate, core.Generalization:
	case core.OverlappingDistinct:
		c.Rationale += " The names are the same" + names + ", so it is held for a person: " + sameNameDecision
	default:
		c.Rationale += " But the names are the same" + names + ", so it is held for a person as overlapping but distinct: " + sameNameDecision
		c.Class = core.OverlappingDistinct
	}
	i := slices.IndexFunc(v.Matches, func(m Match) bool { return m.ID == p.ID })
	if i < 0 || !full {
		m := Match{ID: p.ID, Distance: cand.Plane.Distance(p.Plane), SharedKeywords: sharedSorted(d.q.kw, f.Keywords),
			SameContent: cand.Provenance.ContentHash != "" && cand.Provenance.ContentHash == p.Provenance.ContentHash}
		m.nShared = len(m.SharedKeywords)
		if full {
			v.Matches = append(v.Matches, m)
			v.Comparisons = append(v.Comparisons, c)
			i = len(v.Matches) - 1
		} else {
			v.Matches, v.Comparisons, i = []Match{m}, []core.Comparison{c}, 0
		}
	}
	v.Comparisons[i] = c
	best := c
	v.Best, v.Existing = &best, copyOf(p)
	return v, nil
}

// sameNameDecision ends the rationale of a conflict raised by a shared
// name. The rationale is shown while the conflict waits and after it is
// resolved, so it says what lore did and leaves the outcome to the person:
// keep-both is their decision that the two are distinct concepts, and it
// does store both.
const sameNameDecision = "they keep one statement, or both if they are two concepts; " +
	"until then the candidate is not added beside the stored one."

// quote quotes a name for a rationale.
func quote(s string) string { return "\u201c" + s + "\u201d" }
