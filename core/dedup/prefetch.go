package dedup

import (
	"slices"

	"github.com/lore-kb/lore/core"
)

// BatchRegistry is a RecordRegistry that answers the prefilter's questions
// for many candidates in one exchange: a database across a network, where a
// question's round trip costs more than its answer.
type BatchRegistry interface {
	RecordRegistry
	// RecordsBatch returns, for each of ps in order, what NearRecords and
	// SameContentRecords would.
	RecordsBatch(ps []*core.Primitive, cfg Config) (near, same [][]Record, err error)
}

// prefetched is a BatchRegistry's answer for one candidate, with what the
// candidate was when it was asked.
type prefetched struct {
	hash  string
	plane core.PlanePosition
	kws   []string
	near  []Record
	same  []Record
	// beyond holds the answers to the questions beyondPrefilter may ask
	// (beyondConfigs), by question.
	beyond map[Config][]Record
}

// Prefetch tells d the candidates it is about to check, so that a
// BatchRegistry is asked once for all of them rather than twice per
// Check. An answer is used only by the Check of the candidate it was
// fetched for (the same pointer), and only while that candidate's content
// hash, plane position and keywords are what they were; any other Check
// asks the registry as before. Answers not used are dropped at the next
// Prefetch. With any other registry it does nothing.
func (d *Deduper) Prefetch(cands []*core.Primitive) error {
	d.pre = nil
	br, ok := d.reg.(BatchRegistry)
	if !ok || len(cands) == 0 {
		return nil
	}
	near, same, err := br.RecordsBatch(cands, d.cfg)
	if err != nil {
		return err
	}
	d.pre = make(map[*core.Primitive]*prefetched, len(cands))
	for i, p := range cands {
		d.pre[p] = &prefetched{hash: p.Provenance.ContentHash, plane: p.Plane,
			kws: slices.Clone(p.Keywords), near: near[i], same: same[i], beyond: map[Config][]Record{}}
	}
	// The questions asked beyond the prefilter, in one batch per question:
	// they differ only in how many keywords must be shared.
	groups := map[Config][]*core.Primitive{}
	var order []Config
	for _, p := range cands {
		single, passage := d.beyondConfigs(p, NormKeywords(p.Keywords))
		for _, c := range []*Config{single, passage} {
			if c == nil {
				continue
			}
			if _, ok := groups[*c]; !ok {
				order = append(order, *c)
			}
			groups[*c] = append(groups[*c], p)
		}
	}
	for _, c := range order {
		ps := groups[c]
		near, _, err := br.RecordsBatch(ps, c)
		if err != nil {
			return err
		}
		for i, p := range ps {
			d.pre[p].beyond[c] = near[i]
		}
	}
	return nil
}

// prefetchedFor returns the answer fetched for cand, if it still holds.
func (d *Deduper) prefetchedFor(cand *core.Primitive) (*prefetched, bool) {
	pf, ok := d.pre[cand]
	if !ok || pf.hash != cand.Provenance.ContentHash || pf.plane != cand.Plane || !slices.Equal(pf.kws, cand.Keywords) {
		return nil, false
	}
	return pf, true
}
