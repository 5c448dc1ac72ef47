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

// Remember adds an accepted primitive (added, or updated by a
// generalization) to the run index, so later candidates of the run are
// checked against it. A primitive with the same id is replaced.
func (d *Deduper) Remember(p core.Primitive) { d.run.Add(p) }

// Forget drops a primitive from the run index (say, when the candidate it
// came from was discarded after all).
func (d *Deduper) Forget(id string) { d.run.Remove(id) }

// Run returns the run index, for inspection.
func (d *Deduper) Run() *Index { return d.run }
