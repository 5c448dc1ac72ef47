package dedup

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Names. The comparator measures how two statements are worded; two
// statements of one concept may share few words ("This is usually called a
// breadth-first search" from a book's definition, "Breadth-first search
// uses a queue …" from another's algorithm). A primitive is named for what
// it is about, so within a domain two primitives whose names differ only in
// case or punctuation are one concept, or two results that share a title:
// the deduper never lets a candidate become a silent second copy of a
// stored primitive of its name. The comparator's duplicate or update
// stands; a restatement is one too; two results that share a title are
// kept apart, to be named apart; anything else (two readings of one
// definition) becomes a conflict for a person (see sameNamed).
// text.NameKey says which names are one.

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

// sameNamed returns the primitives named as cand (SameName) that the
// candidate may be judged against: the run's, in id order, else the
// registry's (a registry primitive the run holds is shadowed by the run's
// version, as in Check); none when there is none. At most maxSameNamed
// are returned.
func (d *Deduper) sameNamed(cand *core.Primitive) ([]*core.Primitive, error) {
	if text.NameKey(cand.Name) == "" {
		return nil, nil
	}
	// The run's index files its primitives by domain and name key: all it
	// returns are named as cand.
	if ps := d.run.named(cand.Domain, cand.Name); len(ps) > 0 {
		return ps[:min(len(ps), maxSameNamed)], nil
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
	var out []*core.Primitive
	for i := range ps {
		if SameName(cand, &ps[i]) && !d.run.Has(ps[i].ID) && len(out) < maxSameNamed {
			out = append(out, &ps[i])
		}
	}
	return out, nil
}

// maxSameNamed bounds the primitives of one name a candidate is compared
// with: a title shared by a few results ("Superposition" of a second-order
// equation, of an n-th order one, of a system).
const maxSameNamed = 8

// withSameName makes v act on the primitive named as cand, if there is one
// and v is not an exact duplicate already (a candidate skipped as the
// duplicate of another primitive adds no copy), as sameNamed settles it. d.cand and d.q hold cand's features. full is Check's (v
// lists every match) or CheckBest's (v holds the best alone).
func (d *Deduper) withSameName(cand *core.Primitive, v Verdict, full bool) (Verdict, error) {
	if v.Best != nil && v.Best.Class == core.ExactDuplicate || v.settled {
		return v, nil
	}
	ps, err := d.sameNamed(cand)
	if err != nil || len(ps) == 0 {
		return v, err
	}
	// Of several results sharing the candidate's title, the one it
	// restates: the closest statement that is more than genuinely new,
	// else the first.
	var p *core.Primitive
	var c core.Comparison
	var f *Features
	for _, q := range ps {
		fq := d.featuresFor(q)
		cq := compareSets(d.cand.sets(), fq.sets(), q.ID, true)
		asWritten(&cq, cand, q)
		sameNamed(&cq, cand, q, d.cand.Stmt, fq.Stmt)
		notBroader(&cq, cand, q)
		if p == nil || closerNamed(cq, c) {
			p, c, f = q, cq, fq
		}
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

// closerNamed reports whether a is a comparison with a primitive of the
// candidate's name to act on before b: one more than genuinely new before
// one that is not, then the closer statement.
func closerNamed(a, b core.Comparison) bool {
	if an, bn := a.Class == core.GenuinelyNew, b.Class == core.GenuinelyNew; an != bn {
		return bn
	}
	return a.FormalSimilarity > b.FormalSimilarity
}

// Two statements of one name, compared by how much of the shorter one's
// words the other holds:
//   - restateShare or more of its canonical tokens, formulas included, in
//     a statement of the same kind: one restates the other (a slide giving the book's definition in fewer
//     words, a summary): the shorter is a duplicate of the longer, the
//     longer an update of the shorter (the statement it replaces is kept as
//     a version, with its document). A changed number, formula, negation
//     or quantifier still makes it a conflict (the merge engine's rule);
//   - less than apartShare of its prose words beyond the name's, or any
//     share short of a restatement between two kinds of statement (a
//     definition and an algorithm or a theorem): not one concept stated
//     twice but two results that share a title ("Linearity" of the
//     integral and of the derivative): they are kept apart (genuinely new;
//     the merge engine names the candidate apart);
//   - otherwise, and for two definitions of one term that differ (two
//     readings of one definition), a person decides (overlapping-distinct).
const (
	restateShare = 0.9
	apartShare   = 0.5
)

// sameNamed settles c, the comparison of cand with p of the same name,
// whose statements' canonical tokens are ct and et (see restateShare).
// An exact duplicate or a generalization stands as the comparator says.
func sameNamed(c *core.Comparison, cand, p *core.Primitive, ct, et []string) {
	if c.Class == core.ExactDuplicate || c.Class == core.Generalization {
		return
	}
	names := " (" + quote(cand.Name) + ", " + quote(p.Name) + ")"
	// A restatement repeats the mathematics as well as the words: it is
	// read by the canonical tokens, formulas included.
	// A statement of one or two words is restated by any that holds them:
	// it needs the other's words exactly.
	restated := shorterShare(ct, et)
	if min(len(ct), len(et)) < minShared && !slices.Equal(ct, et) {
		restated = 0
	}
	share, known := statementShare(cand.Name, cand.FormalStatement, p.FormalStatement, ct, et)
	switch {
	case restated >= restateShare && cand.Type == p.Type && len(ct) <= len(et):
		c.Class, c.Confidence = core.ExactDuplicate, restated
		// Fewer distinct words of substance need not be fewer words:
		// what the rationale says of the length is counted.
		how := "restates it in fewer words"
		switch nc, ne := wordCount(cand.FormalStatement), wordCount(p.FormalStatement); {
		case nc == ne:
			how = "restates it in as many words"
		case nc > ne:
			how = "restates it in more words (" + strconv.Itoa(nc) + " to " + strconv.Itoa(ne) + "), adding nothing of substance"
		}
		c.Rationale = "The names are the same" + names + " and the stored statement holds " + pct(restated) +
			" of the candidate's words: the candidate " + how + " — a duplicate."
	case restated >= restateShare && cand.Type == p.Type:
		c.Class, c.Confidence = core.Generalization, restated
		c.Rationale = "The names are the same" + names + " and the candidate holds " + pct(restated) +
			" of the stored statement's words: it states the stored one in full — an update that keeps the shorter statement as a version."
	case known && (cand.Type != p.Type || share < apartShare && cand.Type != core.Definition):
		c.Class = core.GenuinelyNew
		c.Rationale = "The names are the same" + names + " but the statements share " + pct(share) + " of the shorter one's words" +
			kindsApart(cand, p) + ": two results that share a title — kept apart, and named apart."
	case c.Class == core.OverlappingDistinct:
		c.Rationale += " The names are the same" + names + ", so it is held for a person: " + sameNameDecision
	default:
		c.Rationale += " But the names are the same" + names + ", so it is held for a person as overlapping but distinct: " + sameNameDecision
		c.Class = core.OverlappingDistinct
	}
}

// wordCount is how many words s has as written.
func wordCount(s string) int { return len(strings.Fields(s)) }

// minShared is how many words the shorter of two statements needs for
// the share of them the other holds to say anything.
const minShared = 3

// statementShare is the share of the shorter statement's words that the
// other holds, read from their prose (text.Prose: the mathematics left
// out), which says what a statement is about; the symbols of two formulas
// of one shape ("α f + g") say little. Statements with too little prose
// are read by their canonical tokens (ct, et), mathematics included; known
// is false when those are too few as well (two bare formulas): whether
// they are one statement is then a person's to tell, unless they are the
// same (share 1).
//
// The words of the name the two share are left out: any two statements of
// one title may say it ("… convergent sequences …"), whatever they are
// about. Two statements whose prose has words on both sides and none in
// common share nothing but their name.
func statementShare(name, a, b string, ct, et []string) (share float64, known bool) {
	title := tokenSet(nil, name)
	untitled := func(ws []string) []string {
		return slices.DeleteFunc(ws, func(w string) bool { _, in := slices.BinarySearch(title, w); return in })
	}
	pa, pb := untitled(tokenSet(nil, text.Prose(a))), untitled(tokenSet(nil, text.Prose(b)))
	if min(len(pa), len(pb)) >= minShared || len(pa) > 0 && len(pb) > 0 && CountCommon(pa, pb) == 0 {
		return shorterShare(pa, pb), true
	}
	share = shorterShare(ct, et)
	return share, min(len(ct), len(et)) >= minShared || share == 1
}

// kindsApart says, for a rationale, that two statements are of different
// kinds.
func kindsApart(cand, p *core.Primitive) string {
	if cand.Type == p.Type {
		return ""
	}
	return ", and one is " + article(string(cand.Type)) + ", the other " + article(string(p.Type))
}

func article(w string) string {
	if w != "" && strings.IndexByte("aeiou", w[0]) >= 0 {
		return "an " + w
	}
	return "a " + w
}

// shorterShare is the share of the smaller of two sorted unique token sets
// that the other holds; 0 when either is empty.
func shorterShare(a, b []string) float64 {
	n := min(len(a), len(b))
	if n == 0 {
		return 0
	}
	return float64(CountCommon(a, b)) / float64(n)
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
