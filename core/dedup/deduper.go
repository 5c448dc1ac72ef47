package dedup

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
)

// Verdict is what the deduper found for one candidate.
type Verdict struct {
	// Matches are the primitives that passed the prefilter, content
	// matches first, then nearest first.
	Matches []Match
	// Comparisons holds one comparison per match, in the same order.
	Comparisons []core.Comparison
	// Best is the comparison the merge engine should act on (see Best) and
	// Existing its primitive; both are nil when no match is more than
	// genuinely new, except against a primitive of the candidate's name
	// that states another result (see sameNamed): Best is then genuinely
	// new, and Existing names the primitive to name the candidate apart
	// from.
	Best     *core.Comparison
	Existing *core.Primitive
	// settled says Best is a restatement found beyond the prefilter
	// (beyondPrefilter), which the candidate's name does not override.
	settled bool
}

// Record is what the deduper needs of a registry primitive to prefilter
// and compare it: its id, plane position and features. A RecordRegistry
// answers with records, so that checking a candidate decodes and tokenizes
// no stored primitive; only the one a verdict names is loaded.
type Record struct {
	ID       string
	Plane    core.PlanePosition
	Features *Features
	// p is the primitive itself when the registry handed it over.
	p *core.Primitive
	// c, for a record of the run index, are its features in the index's
	// dictionary (Features is then nil).
	c *compact
	// same, for a record of the run index, says it has the candidate's
	// content hash, as the index found by it: reading the record's own
	// hash would cost the prefilter two cache misses per record.
	same bool
}

// RecordRegistry is a Registry that keeps each primitive's Features and
// answers the prefilter's questions with records. NearRecords returns the
// records of the primitives Near would return except the content-hash
// matches, SameContentRecords those (as SameContent, see ContentIndex), and
// Primitive loads one primitive. The deduper asks for the content matches
// first, so a neighbourhood query need not look them up again.
type RecordRegistry interface {
	Registry
	NearRecords(p *core.Primitive, cfg Config) ([]Record, error)
	SameContentRecords(hash string) ([]Record, error)
	Primitive(id string) (core.Primitive, bool, error)
}

// Deduper checks candidates against the store's registry and against the
// candidates already accepted in the same run, so a document that states
// the same thing twice (or two files of one archive) does not add it twice.
// It is not safe for concurrent use.
type Deduper struct {
	reg Registry
	run *Index
	cfg Config
	// cand is the reused feature buffer of the candidate.
	cand Features
	// cache holds the features of the primitives compared so far that
	// came as primitives (from the run, or from a registry without
	// records), by id and content hash: in a book the same primitives are
	// compared with candidate after candidate, and tokenizing and stemming
	// their statements again each time was most of the comparator's cost.
	cache map[string]*Features
	// recs is the reused buffer of the run index's records.
	recs []Record
	// q is the candidate's features in the run index's dictionary.
	q query
	// last is what d.cand was computed from.
	last lastChecked
	// cut says the run index's bounds cut the last Check's query short.
	cut bool
	// pre holds a BatchRegistry's answers for the candidates of the last
	// Prefetch.
	pre map[*core.Primitive]*prefetched
}

// maxCached bounds the feature cache; it is emptied when full.
const maxCached = 1 << 16

func (d *Deduper) featuresFor(p *core.Primitive) *Features {
	key := p.ID + "\x00" + p.Provenance.ContentHash
	if f, ok := d.cache[key]; ok {
		return f
	}
	if d.cache == nil || len(d.cache) >= maxCached {
		d.cache = make(map[string]*Features)
	}
	f := FeaturesOf(p)
	d.cache[key] = f
	return f
}

// records appends the records of ps to dst; they point into ps.
func (d *Deduper) records(dst []Record, ps []core.Primitive) []Record {
	for i := range ps {
		p := &ps[i]
		dst = append(dst, Record{ID: p.ID, Plane: p.Plane, Features: d.featuresFor(p), p: p})
	}
	return dst
}

// primitive loads the primitive of a record.
func (d *Deduper) primitive(r *Record) (*core.Primitive, error) {
	if r.p != nil {
		return r.p, nil
	}
	rr, ok := d.reg.(RecordRegistry)
	if !ok {
		return nil, fmt.Errorf("record %s without a primitive", r.ID)
	}
	p, ok, err := rr.Primitive(r.ID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("primitive %s: gone from the registry", r.ID)
	}
	r.p = &p
	return r.p, nil
}

// NewDeduper returns a Deduper over reg (nil for an empty registry) with an
// empty run index (NewRunIndex).
func NewDeduper(reg Registry, cfg Config) *Deduper {
	return &Deduper{reg: reg, run: NewRunIndex(), cfg: cfg}
}

// Check prefilters and compares cand against the registry and the run. A
// primitive remembered in the run shadows the registry's primitive with the
// same id — after a generalization the run holds the updated version, and
// the stored one is stale — so it is compared once, in its run version.
// Registry matches come before run matches at equal rank.
//
// A primitive of the candidate's domain and name (SameName: up to case and
// punctuation), in the run or in a registry that is a NameIndex, is the
// same concept whatever the wording: unless the candidate is an exact
// duplicate of some primitive, the verdict acts on that one. A
// restatement of it is a duplicate or an update, two results that share
// the name are genuinely new (the merge engine names the candidate
// apart), and any other class becomes overlapping-distinct (a conflict),
// so the candidate is never stored as a second copy of it (see
// restateShare).
func (d *Deduper) Check(cand *core.Primitive) (Verdict, error) { return d.check(cand, true) }

// CheckBest is Check for a caller that acts on Best and Existing only, as
// the merge engine does: Best, Existing and the cut are Check's, but
// Matches and Comparisons hold only the match and the comparison Best
// names (none when Best is nil). It skips what a dense source's
// candidates cost most for nothing — a rationale for every comparison and
// the shared keywords of every match, dozens per candidate.
func (d *Deduper) CheckBest(cand *core.Primitive) (Verdict, error) { return d.check(cand, false) }

func (d *Deduper) check(cand *core.Primitive, full bool) (Verdict, error) {
	// A prefetched answer serves the one Check it was fetched for.
	defer delete(d.pre, cand)
	v, err := d.checkWording(cand, full)
	if err != nil {
		return v, err
	}
	if v, err = d.beyondPrefilter(cand, v, full); err != nil {
		return v, err
	}
	return d.withSameName(cand, v, full)
}

// checkWording is check by the prefilter and the comparator alone, before
// the candidate's name is looked up (withSameName).
func (d *Deduper) checkWording(cand *core.Primitive, full bool) (Verdict, error) {
	d.cut = false
	d.cand.Fill(cand)
	d.last = lastChecked{stmt: cand.FormalStatement, form: cand.ComputationalForm, hash: cand.Provenance.ContentHash,
		prereqs: len(cand.Prerequisites), kws: append(d.last.kws[:0], cand.Keywords...),
		pats: append(d.last.pats[:0], cand.ApplicabilityPatterns...), valid: true}
	d.run.compactQuery(&d.q, &d.cand, NormKeywords(cand.Keywords))
	v, ok, same, err := d.exact(cand)
	if err != nil || ok {
		return v, err
	}
	var near []Record
	if d.reg != nil {
		var err error
		if rr, ok := d.reg.(RecordRegistry); ok {
			if pf, ok := d.prefetchedFor(cand); ok {
				near = pf.near
			} else {
				near, err = rr.NearRecords(cand, d.cfg)
			}
			near = withSame(near, same)
		} else {
			var ps []core.Primitive
			ps, err = d.reg.Near(cand, d.cfg)
			near = d.records(near, ps)
		}
		if err != nil {
			return Verdict{}, fmt.Errorf("dedup %s: registry lookup: %w", cand.ID, err)
		}
		if d.run.Len() > 0 {
			near = slices.DeleteFunc(near, func(r Record) bool { return d.run.Has(r.ID) })
		}
	}
	// A lean check with no registry match to rank the run's against
	// needs none of the run's matches that can only be genuinely new.
	var lean *compact
	if !full && len(near) == 0 {
		lean = &d.q.compact
	}
	fromRun, cut := d.run.nearRecords(d.recs[:0], cand, d.cfg, lean)
	near = d.runRecords(near, fromRun)
	d.cut = cut

	v = Verdict{Matches: prefilter(cand, near, d.cfg, &d.q, full)}
	if len(v.Matches) == 0 {
		if !full {
			v.Matches = nil
		}
		return v, nil
	}
	if max := d.cfg.CompareLimit(); len(v.Matches) > max {
		rankMatches(v.Matches)
		v.Matches = v.Matches[:max]
		// Back in the prefilter's order, which decides between equal
		// confidences: the same whether the registry, the run index or
		// this bound left the others out.
		slices.SortFunc(v.Matches, byPrefilterOrder)
	}
	v.Comparisons = make([]core.Comparison, len(v.Matches))
	for i := range v.Matches {
		r := v.Matches[i].rec
		if !full && r.c != nil {
			// Only the class and confidence choose the best.
			c := &v.Comparisons[i]
			c.Class, c.Confidence = classOf(&d.q.compact, r.c, r.hashEq(), v.Matches[i].nShared)
			continue
		}
		v.Comparisons[i] = d.compare(r, full)
	}
	// The comparator reads words: an exact duplicate over other
	// mathematics is two results, and may not stand for the best.
	for i := range v.Comparisons {
		if v.Comparisons[i].Class != core.ExactDuplicate {
			continue
		}
		p, err := d.primitive(v.Matches[i].rec)
		if err != nil {
			return Verdict{}, fmt.Errorf("dedup %s: registry lookup: %w", cand.ID, err)
		}
		twoResults(&v.Comparisons[i], cand, p)
	}
	best := bestIndex(v.Comparisons)
	if !full {
		if best < 0 {
			return Verdict{}, nil
		}
		m := v.Matches[best]
		m.SharedKeywords = d.sharedNames(m.rec)
		v.Matches, v.Comparisons = []Match{m}, []core.Comparison{d.compare(m.rec, true)}
		best = 0
	}
	if best >= 0 {
		p, err := d.primitive(v.Matches[best].rec)
		if err != nil {
			return Verdict{}, fmt.Errorf("dedup %s: registry lookup: %w", cand.ID, err)
		}
		asWritten(&v.Comparisons[best], cand, p)
		notBroader(&v.Comparisons[best], cand, p)
		twoResults(&v.Comparisons[best], cand, p)
		c := v.Comparisons[best]
		v.Best, v.Existing = &c, copyOf(p)
	}
	return v, nil
}

// sharedNames are the candidate's keywords a record shares, in the
// candidate's order (Match.SharedKeywords).
func (d *Deduper) sharedNames(r *Record) []string {
	if r.c != nil {
		return d.q.shared(r.c.keywords)
	}
	return sharedSorted(d.q.kw, r.Features.Keywords)
}

// runRecords appends the run index's records to dst, with the features of
// any the index did not compute, and keeps their buffer for the next
// candidate.
func (d *Deduper) runRecords(dst, recs []Record) []Record {
	for i := range recs {
		if recs[i].c == nil {
			recs[i].Features = d.featuresFor(recs[i].p)
		}
	}
	d.recs = recs[:0]
	return append(dst, recs...)
}

// compare compares the candidate with a record: by the run index's ids
// when the record is the run's, else by its features; why says whether to
// write the rationale.
func (d *Deduper) compare(r *Record, why bool) core.Comparison {
	if r.c != nil {
		return compareHashed(&d.q.compact, r.c, r.ID, why, r.hashEq())
	}
	return compareSets(d.cand.sets(), r.Features.sets(), r.ID, why)
}

// hashEq says whether a run record has the candidate's content hash, as
// the run index found it.
func (r *Record) hashEq() hashEq {
	if r.same {
		return hashSame
	}
	return hashDiffer
}

// copyOf returns a copy of the primitive a verdict names, so the verdict
// does not point into the run index.
func copyOf(p *core.Primitive) *core.Primitive {
	c := *p
	return &c
}

// withSame adds to near, in id order as a registry returns them, the
// content matches it does not hold.
func withSame(near, same []Record) []Record {
	if len(same) == 0 {
		return near
	}
	for _, r := range same {
		if !slices.ContainsFunc(near, func(n Record) bool { return n.ID == r.ID }) {
			near = append(near, r)
		}
	}
	slices.SortStableFunc(near, func(a, b Record) int { return strings.Compare(a.ID, b.ID) })
	return near
}

// ContentIndex is implemented by registries that can list the primitives
// with a given content hash directly. The Deduper then checks those first:
// a candidate stated exactly as a stored primitive (learning a book again)
// is settled without a neighbourhood search.
type ContentIndex interface {
	SameContent(hash string) ([]core.Primitive, error)
}

// exact settles cand when a primitive with its content hash (in the run or,
// through ContentIndex or RecordRegistry, in the registry) compares as an
// exact duplicate with confidence 1: no other match can rank above it (Best
// keeps the first of equal confidences, and Prefilter puts content matches
// first), so the full search would choose the same. d.cand holds cand's
// features. Otherwise it returns the registry's content matches, for a
// RecordRegistry's neighbourhood query that leaves them out.
func (d *Deduper) exact(cand *core.Primitive) (Verdict, bool, []Record, error) {
	h := cand.Provenance.ContentHash
	if h == "" {
		return Verdict{}, false, nil, nil
	}
	var same []Record
	var err error
	switch reg := d.reg.(type) {
	case RecordRegistry:
		if pf, ok := d.prefetchedFor(cand); ok {
			// A copy: the run's primitives are deleted from it below.
			same = slices.Clone(pf.same)
		} else {
			same, err = reg.SameContentRecords(h)
		}
	case ContentIndex:
		var ps []core.Primitive
		ps, err = reg.SameContent(h)
		same = d.records(same, ps)
	}
	if err != nil {
		return Verdict{}, false, nil, fmt.Errorf("dedup %s: registry lookup: %w", cand.ID, err)
	}
	same = slices.DeleteFunc(same, func(r Record) bool { return d.run.Has(r.ID) })
	fromReg := len(same)
	same = d.runRecords(same, d.run.sameContentRecords(d.recs[:0], h))
	if len(same) == 0 {
		return Verdict{}, false, nil, nil
	}
	best, bestDist := -1, 0.0
	var bestCmp core.Comparison
	for i := range same {
		r := &same[i]
		c := d.compare(r, true)
		if c.Class != core.ExactDuplicate || c.Confidence < 1 {
			continue
		}
		// The nearest, as Prefilter would have ranked them.
		if dist := cand.Plane.Distance(r.Plane); best < 0 || dist < bestDist {
			best, bestDist, bestCmp = i, dist, c
		}
	}
	if best < 0 {
		return Verdict{}, false, same[:fromReg], nil
	}
	r := &same[best]
	p, err := d.primitive(r)
	if err != nil {
		return Verdict{}, false, nil, fmt.Errorf("dedup %s: registry lookup: %w", cand.ID, err)
	}
	m := Match{ID: r.ID, Distance: bestDist, SameContent: true, rec: r}
	m.SharedKeywords = d.sharedNames(r)
	m.nShared = len(m.SharedKeywords)
	return Verdict{Matches: []Match{m}, Comparisons: []core.Comparison{bestCmp}, Best: &bestCmp, Existing: copyOf(p)}, true, nil, nil
}

// Remember adds an accepted primitive (added, or updated by a
// generalization) to the run index, so later candidates of the run are
// checked against it. A primitive with the same id is replaced.
func (d *Deduper) Remember(p core.Primitive) { d.RememberShared(&p) }

// RememberShared is Remember for a primitive the caller keeps anyway: the
// run index refers to p instead of holding a copy of it, so what the
// deduper compares of p (its statement, form, keywords, patterns and
// prerequisites, its plane position and content hash) must not change
// while the deduper is in use.
func (d *Deduper) RememberShared(p *core.Primitive) {
	if d.last.valid && d.last.same(p) {
		// The candidate just checked, accepted as it was: its features
		// are computed already.
		d.run.add(p, &d.cand)
		return
	}
	d.run.add(p, nil)
}

// lastChecked is what the features of the last candidate checked were
// computed from.
type lastChecked struct {
	stmt, form, hash string
	prereqs          int
	kws, pats        []string
	valid            bool
}

func (l *lastChecked) same(p *core.Primitive) bool {
	return p.FormalStatement == l.stmt && p.ComputationalForm == l.form && p.Provenance.ContentHash == l.hash &&
		len(p.Prerequisites) == l.prereqs && slices.Equal(p.Keywords, l.kws) && slices.Equal(p.ApplicabilityPatterns, l.pats)
}

// Forget drops a primitive from the run index (say, when the candidate it
// came from was discarded after all).
func (d *Deduper) Forget(id string) { d.run.Remove(id) }

// Run returns the run index, for inspection.
func (d *Deduper) Run() *Index { return d.run }
