package dedup

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Restatements the prefilter's AND rule cannot see. A second rendering
// of a work (its EPUB beside its PreTeXt source) states its results again,
// but not always as its source's extraction cut them:
//   - a statement with a single keyword ("K_5 is not planar.") shares one
//     keyword with its source's "$K_5$ is not planar.", never the two the
//     prefilter asks for;
//   - a passage of a stored statement read on its own (an EPUB's list
//     item "P→Q is read “if P then Q,” and called an implication", of a
//     list its source states whole; a definition that lost its display)
//     is placed on the plane by its own words, often far from the whole
//     statement.
//
// When no match settles a candidate as a duplicate, the deduper asks the
// registry twice more, with a rule narrow enough to stay cheap: for a
// candidate with one keyword, the primitives near it sharing that keyword,
// kept only when their statement is the candidate's in other notation
// (text.OtherNotation); for a candidate with a passage's length, the
// primitives anywhere sharing all its keywords, kept only when the
// candidate is a passage of their statement (text.SaysNoMore), of the
// same kind, from another document. Either is the candidate's verdict:
// the first an exact duplicate, the second a passage the merge engine
// records where else it is stated.

// wholePlane is a distance that reaches every point of the plane (and the
// edge cells, whose positions lie off it).
const wholePlane = 4 * math.Sqrt2

// beyondPrefilter returns v, or the verdict on a restatement the AND rule
// left out (see above). d.cand holds cand's features.
func (d *Deduper) beyondPrefilter(cand *core.Primitive, v Verdict, full bool) (Verdict, error) {
	if d.reg == nil || v.Best != nil && v.Best.Class == core.ExactDuplicate {
		return v, nil
	}
	single, passage := d.beyondConfigs(cand, d.q.kw)
	if single != nil {
		p, err := d.findBeyond(cand, *single, func(r *Record) bool { return slices.Equal(r.Features.Stmt, d.cand.Stmt) },
			func(p *core.Primitive) bool { return text.OtherNotation(cand.FormalStatement, p.FormalStatement) })
		if err != nil || p != nil {
			if p == nil {
				return v, err
			}
			c := Compare(cand, p)
			return d.verdictOn(cand, v, p, c, full), nil
		}
	}
	if passage == nil {
		return v, nil
	}
	// A passage's words of substance are the whole's; one may be split
	// otherwise by a rendering ("s_n" read "sn").
	p, err := d.findBeyond(cand, *passage, func(r *Record) bool { return CountCommon(d.cand.Stmt, r.Features.Stmt)+1 >= len(d.cand.Stmt) },
		func(p *core.Primitive) bool {
			return p.Type == cand.Type && p.Provenance.Whole() != cand.Provenance.Whole() &&
				text.SaysNoMore(cand.FormalStatement, p.FormalStatement)
		})
	if err != nil || p == nil {
		return v, err
	}
	c := Compare(cand, p)
	c.Class = core.Specialization
	c.Confidence = 1
	c.Rationale = "Every word and symbol of the candidate is in the stored statement, in order, though the two share " +
		pct(c.FormalSimilarity) + " of their words: a passage of it, read again on its own — already stated."
	return d.verdictOn(cand, v, p, c, full), nil
}

// beyondConfigs are the questions beyondPrefilter may ask the registry
// about cand, whose normalized keywords are kws: the one-keyword question
// and the passage question, nil when cand is not one to ask it for.
func (d *Deduper) beyondConfigs(cand *core.Primitive, kws []string) (single, passage *Config) {
	if len(kws) == 1 && d.cfg.MinSharedKeywords > 1 {
		c := d.cfg
		c.MinSharedKeywords = 1
		single = &c
	}
	// SaysNoMore of a statement and itself holds exactly when it is long
	// enough to be read as a passage.
	if len(kws) >= 2 && text.SaysNoMore(cand.FormalStatement, cand.FormalStatement) {
		c := d.cfg
		c.MaxDistance, c.MinSharedKeywords = wholePlane, len(kws)
		passage = &c
	}
	return single, passage
}

// findBeyond asks the registry for cand's neighbours by cfg and returns
// the first, in id order, whose record passes pre (read from its
// features, without loading it) and which passes keep; nil when none
// does. A primitive the run holds is judged in its run version, as the
// prefilter compares it.
func (d *Deduper) findBeyond(cand *core.Primitive, cfg Config, pre func(*Record) bool, keep func(*core.Primitive) bool) (*core.Primitive, error) {
	var recs []Record
	var err error
	if pf, ok := d.prefetchedFor(cand); ok && pf.beyond != nil {
		// Asked with the others of its batch (Prefetch).
		recs = pf.beyond[cfg]
	} else if rr, ok := d.reg.(RecordRegistry); ok {
		recs, err = rr.NearRecords(cand, cfg)
	} else {
		var ps []core.Primitive
		ps, err = d.reg.Near(cand, cfg)
		recs = d.records(nil, ps)
	}
	if err != nil {
		return nil, fmt.Errorf("dedup %s: registry lookup: %w", cand.ID, err)
	}
	slices.SortStableFunc(recs, func(a, b Record) int { return strings.Compare(a.ID, b.ID) })
	for i := range recs {
		r := &recs[i]
		if r.Features == nil || !pre(r) {
			continue
		}
		var p *core.Primitive
		if q, ok := d.run.Get(r.ID); ok {
			p = &q
		} else if p, err = d.primitive(r); err != nil {
			return nil, fmt.Errorf("dedup %s: registry lookup: %w", cand.ID, err)
		}
		if keep(p) {
			return p, nil
		}
	}
	return nil, nil
}

// verdictOn makes c, the comparison of cand with p, v's best, and marks
// it settled: the candidate's name does not take it elsewhere.
func (d *Deduper) verdictOn(cand *core.Primitive, v Verdict, p *core.Primitive, c core.Comparison, full bool) Verdict {
	f := d.featuresFor(p)
	m := Match{ID: p.ID, Distance: cand.Plane.Distance(p.Plane), SharedKeywords: sharedSorted(d.q.kw, f.Keywords),
		SameContent: cand.Provenance.ContentHash != "" && cand.Provenance.ContentHash == p.Provenance.ContentHash}
	m.nShared = len(m.SharedKeywords)
	if i := slices.IndexFunc(v.Matches, func(m Match) bool { return m.ID == p.ID }); full && i >= 0 {
		v.Comparisons[i] = c
	} else if full {
		v.Matches = append(v.Matches, m)
		v.Comparisons = append(v.Comparisons, c)
	} else {
		v.Matches, v.Comparisons = []Match{m}, []core.Comparison{c}
	}
	v.Best, v.Existing, v.settled = &c, copyOf(p), true
	return v
}
