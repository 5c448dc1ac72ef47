package dedup

import (
	"fmt"
	"slices"

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
	// genuinely new.
	Best     *core.Comparison
	Existing *core.Primitive
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
	cand features
	// cache holds the features of the primitives compared so far, by id
	// and content hash: in a book the same primitives are compared with
	// candidate after candidate, and tokenizing and stemming their
	// statements again each time was most of the comparator's cost.
	cache map[string]*features
}

// maxCached bounds the feature cache; it is emptied when full.
const maxCached = 1 << 16

func (d *Deduper) featuresFor(p *core.Primitive) *features {
	key := p.ID + "\x00" + p.Provenance.ContentHash
	if f, ok := d.cache[key]; ok {
		return f
	}
	if d.cache == nil || len(d.cache) >= maxCached {
		d.cache = make(map[string]*features)
	}
	f := featuresOf(p)
	d.cache[key] = f
	return f
}

// NewDeduper returns a Deduper over reg (nil for an empty registry) with an
// empty run index.
func NewDeduper(reg Registry, cfg Config) *Deduper {
	return &Deduper{reg: reg, run: NewIndex(), cfg: cfg}
}

// Check prefilters and compares cand against the registry and the run. A
// primitive remembered in the run shadows the registry's primitive with the
// same id — after a generalization the run holds the updated version, and
// the stored one is stale — so it is compared once, in its run version.
// Registry matches come before run matches at equal rank.
func (d *Deduper) Check(cand *core.Primitive) (Verdict, error) {
	if v, ok, err := d.exact(cand); err != nil || ok {
		return v, err
	}
	var near []core.Primitive
	if d.reg != nil {
		got, err := d.reg.Near(cand, d.cfg)
		if err != nil {
			return Verdict{}, fmt.Errorf("dedup %s: registry lookup: %w", cand.ID, err)
		}
		near = got
		if d.run.Len() > 0 {
			near = slices.DeleteFunc(got, func(p core.Primitive) bool { return d.run.Has(p.ID) })
		}
	}
	fromRun, err := d.run.Near(cand, d.cfg)
	if err != nil {
		return Verdict{}, fmt.Errorf("dedup %s: run lookup: %w", cand.ID, err)
	}
	near = append(near, fromRun...)

	v := Verdict{Matches: prefilter(cand, near, d.cfg, func(e *core.Primitive) []string { return d.featuresFor(e).kws })}
	if len(v.Matches) == 0 {
		return v, nil
	}
	if max := d.cfg.CompareLimit(); len(v.Matches) > max {
		rankMatches(v.Matches)
		v.Matches = v.Matches[:max]
	}
	d.cand.fill(cand)
	v.Comparisons = make([]core.Comparison, len(v.Matches))
	for i := range v.Matches {
		v.Comparisons[i] = compare(&d.cand, d.featuresFor(&v.Matches[i].Primitive), &v.Matches[i].Primitive)
	}
	if best := bestIndex(v.Comparisons); best >= 0 {
		c := v.Comparisons[best]
		p := v.Matches[best].Primitive
		v.Best, v.Existing = &c, &p
	}
	return v, nil
}

// ContentIndex is implemented by registries that can list the primitives
// with a given content hash directly. The Deduper then checks those first:
// a candidate stated exactly as a stored primitive (learning a book again)
// is settled without a neighbourhood search.
type ContentIndex interface {
	SameContent(hash string) ([]core.Primitive, error)
}

// exact settles cand when a primitive with its content hash (in the run or,
// through ContentIndex, in the registry) compares as an exact duplicate
// with confidence 1: no other match can rank above it (Best keeps the
// first of equal confidences, and Prefilter puts content matches first),
// so the full search would choose the same.
func (d *Deduper) exact(cand *core.Primitive) (Verdict, bool, error) {
	h := cand.Provenance.ContentHash
	if h == "" {
		return Verdict{}, false, nil
	}
	var same []core.Primitive
	if ci, ok := d.reg.(ContentIndex); ok && d.reg != nil {
		got, err := ci.SameContent(h)
		if err != nil {
			return Verdict{}, false, fmt.Errorf("dedup %s: registry lookup: %w", cand.ID, err)
		}
		for _, p := range got {
			if !d.run.Has(p.ID) {
				same = append(same, p)
			}
		}
	}
	same = append(same, d.run.sameContent(h)...)
	if len(same) == 0 {
		return Verdict{}, false, nil
	}
	d.cand.fill(cand)
	best, bestDist := -1, 0.0
	var bestCmp core.Comparison
	for i := range same {
		p := &same[i]
		c := compare(&d.cand, d.featuresFor(p), p)
		if c.Class != core.ExactDuplicate || c.Confidence < 1 {
			continue
		}
		// The nearest, as Prefilter would have ranked them.
		if dist := cand.Plane.Distance(p.Plane); best < 0 || dist < bestDist {
			best, bestDist, bestCmp = i, dist, c
		}
	}
	if best < 0 {
		return Verdict{}, false, nil
	}
	p := &same[best]
	m := Match{Primitive: *p, Distance: bestDist, SameContent: true,
		SharedKeywords: sharedSorted(normKeywords(cand.Keywords), d.featuresFor(p).kws)}
	return Verdict{Matches: []Match{m}, Comparisons: []core.Comparison{bestCmp}, Best: &bestCmp, Existing: &m.Primitive}, true, nil
}

// Remember adds an accepted primitive (added, or updated by a
// generalization) to the run index, so later candidates of the run are
// checked against it. A primitive with the same id is replaced.
func (d *Deduper) Remember(p core.Primitive) { d.run.Add(p) }

// Forget drops a primitive from the run index (say, when the candidate it
// came from was discarded after all).
func (d *Deduper) Forget(id string) { d.run.Remove(id) }

// Run returns the run index, for inspection.
func (d *Deduper) Run() *Index { return d.run }
