package dedup

import (
	"fmt"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/synth"
)

// batchIndex is a BatchRegistry over an Index that counts how it is
// asked: one question at a time, or in batches.
type batchIndex struct {
	x        *Index
	all      []core.Primitive
	one      int
	batches  int
	batchSum int
	// beyond counts the batches asked with another configuration: the
	// questions beyond the prefilter.
	beyond int
}

func (b *batchIndex) Near(p *core.Primitive, cfg Config) ([]core.Primitive, error) {
	return b.x.Near(p, cfg)
}

func (b *batchIndex) near(p *core.Primitive, cfg Config) []Record {
	ps, _ := b.x.Near(p, cfg)
	var out []Record
	for i := range ps {
		out = append(out, Record{ID: ps[i].ID, Plane: ps[i].Plane, Features: FeaturesOf(&ps[i])})
	}
	return out
}

func (b *batchIndex) same(h string) []Record {
	var out []Record
	for i := range b.all {
		if p := &b.all[i]; h != "" && p.Provenance.ContentHash == h {
			out = append(out, Record{ID: p.ID, Plane: p.Plane, Features: FeaturesOf(p)})
		}
	}
	return out
}

func (b *batchIndex) NearRecords(p *core.Primitive, cfg Config) ([]Record, error) {
	b.one++
	return b.near(p, cfg), nil
}

func (b *batchIndex) SameContentRecords(h string) ([]Record, error) {
	b.one++
	return b.same(h), nil
}

func (b *batchIndex) Primitive(id string) (core.Primitive, bool, error) {
	p, ok := b.x.Get(id)
	return p, ok, nil
}

func (b *batchIndex) RecordsBatch(ps []*core.Primitive, cfg Config) (near, same [][]Record, err error) {
	if cfg != DefaultConfig() {
		b.beyond++
	} else {
		b.batches++
		b.batchSum += len(ps)
	}
	for _, p := range ps {
		near = append(near, b.near(p, cfg))
		same = append(same, b.same(p.Provenance.ContentHash))
	}
	return near, same, nil
}

func verdictOf(v Verdict) string {
	if v.Best == nil {
		return "new"
	}
	return fmt.Sprintf("%s %s %.3f", v.Best.Class, v.Existing.ID, v.Best.Confidence)
}

// Checks after a Prefetch give the verdicts of Checks without it, and ask
// the registry nothing one candidate at a time, but for a candidate that
// changed after it was prefetched.
func TestPrefetchAnswersChecks(t *testing.T) {
	reg := &batchIndex{x: NewIndex()}
	cands := synth.Registry(3000, 7, func(p core.Primitive) {
		reg.x.Add(p)
		reg.all = append(reg.all, p)
	})[:400]
	plain := NewDeduper(reg, DefaultConfig())
	var want []string
	for i := range cands {
		v, err := plain.Check(&cands[i])
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, verdictOf(v))
	}
	matched := 0
	for _, w := range want {
		if w != "new" {
			matched++
		}
	}
	if matched == 0 {
		t.Fatal("no candidate matches: the registry does not exercise the prefilter")
	}
	reg.one = 0
	d := NewDeduper(reg, DefaultConfig())
	const every = 32
	for i := range cands {
		if i%every == 0 {
			var next []*core.Primitive
			for j := i; j < min(i+every, len(cands)); j++ {
				next = append(next, &cands[j])
			}
			if err := d.Prefetch(next); err != nil {
				t.Fatal(err)
			}
		}
		v, err := d.Check(&cands[i])
		if err != nil {
			t.Fatal(err)
		}
		if got := verdictOf(v); got != want[i] {
			t.Errorf("candidate %s: %s after a prefetch, %s without", cands[i].ID, got, want[i])
		}
	}
	if reg.one != 0 || reg.batches != (len(cands)+every-1)/every || reg.batchSum != len(cands) {
		t.Errorf("asked %d times one by one, %d batches of %d candidates in all", reg.one, reg.batches, reg.batchSum)
	}
	// A candidate whose keywords changed since its prefetch is asked about
	// as it is now.
	c := cands[0]
	if err := d.Prefetch([]*core.Primitive{&c}); err != nil {
		t.Fatal(err)
	}
	c.Keywords = append([]string{"unheard-of"}, c.Keywords...)
	if _, err := d.Check(&c); err != nil {
		t.Fatal(err)
	}
	if reg.one == 0 {
		t.Error("a changed candidate was answered from its prefetch")
	}
}
