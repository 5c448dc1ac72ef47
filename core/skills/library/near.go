package library

import (
	"math"

	"github.com/lore-kb/lore/core/skills"
)

// NearIndex finds the near-duplicates of new skills quickly over many
// calls: it reads the library once, keeps every mergeable skill's term
// vector with an inverted index of its terms, and computes a new skill's
// similarity to all of them at once from the postings of its own terms
// (the exact cosine of skills.Similarity). It stays right while the store
// changes only through it and Propose — one process holding the store, as
// lore watch does between two releases of the store.
type NearIndex struct {
	l      *Library
	loaded bool
	// entries are indexed by number; a replaced or removed skill's entry
	// is left dead (nil) rather than taken out of every posting.
	entries  []*nearEntry
	byKey    map[string]int
	postings map[string][]posting
	dots     []float64
}

type nearEntry struct {
	s    *skills.Skill // without its history and files: what Mergeable and the ordering read
	vec  map[string]float64
	norm float64
}

type posting struct {
	entry  int
	weight float64
}

// NewNearIndex returns an index over the library, read when first used.
func (l *Library) NewNearIndex() *NearIndex {
	return &NearIndex{l: l, byKey: map[string]int{}, postings: map[string][]posting{}}
}

// MergeNearest merges the skill key names with its nearest near-duplicate
// (another learned or proposed skill at least MergeThreshold similar, of
// the same task type and polarity, both drafts when either was proposed:
// skills.Mergeable), the older absorbing the newer with lineage
// (skills.Merge), in one transaction, and returns the pair; nil when no
// skill is similar enough. It is how the draft drawn from an agent's run
// joins the draft of the same procedure drawn from another run.
func (l *Library) MergeNearest(key string) (*skills.Pair, error) {
	return l.NewNearIndex().MergeNearest(key)
}

// MergeNearest is Library.MergeNearest over the index.
func (x *NearIndex) MergeNearest(key string) (*skills.Pair, error) {
	if err := x.load(); err != nil {
		return nil, err
	}
	s, err := x.l.st.Skill(key)
	if err != nil {
		return nil, &UnknownSkillError{Ref: key}
	}
	x.put(s)
	id, ok := x.byKey[key]
	if !ok {
		return nil, nil
	}
	e := x.entries[id]
	if cap(x.dots) < len(x.entries) {
		x.dots = make([]float64, len(x.entries), 2*len(x.entries))
	}
	dots := x.dots[:len(x.entries)]
	clear(dots)
	for t, w := range e.vec {
		for _, p := range x.postings[t] {
			dots[p.entry] += w * p.weight
		}
	}
	var best skills.Pair
	found := false
	for j, d := range dots {
		o := x.entries[j]
		if d == 0 || j == id || o == nil {
			continue
		}
		if !skills.Mergeable(e.s, o.s) || e.s.TaskType.Normalize() != o.s.TaskType.Normalize() || e.s.Negative != o.s.Negative {
			continue
		}
		sc := d / (e.norm * o.norm)
		if sc < x.l.opts.MergeThreshold || found && (sc < best.Score || sc == best.Score && o.s.Key > best.Into && o.s.Key > best.From) {
			continue
		}
		into, from := o.s, e.s
		if e.s.Created.Before(o.s.Created) || e.s.Created.Equal(o.s.Created) && e.s.Key < o.s.Key {
			into, from = e.s, o.s
		}
		best, found = skills.Pair{Into: into.Key, From: from.Key, Score: sc}, true
	}
	if !found {
		return nil, nil
	}
	var merged []*skills.Skill
	err = x.l.st.UpdateSkills([]string{best.Into, best.From}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
		merged = recs
		return recs, skills.Merge(recs[0], recs[1], x.l.now())
	})
	if err != nil {
		return nil, err
	}
	for _, r := range merged {
		x.put(r)
	}
	return &best, nil
}

// load reads the library into the index, once.
func (x *NearIndex) load() error {
	if x.loaded {
		return nil
	}
	lib, err := x.l.st.Skills()
	if err != nil {
		return err
	}
	for _, s := range lib {
		x.put(s)
	}
	x.loaded = true
	return nil
}

// put adds s to the index, or replaces its entry; a skill that can merge
// with nothing (a pack skill, an archived one) leaves it.
func (x *NearIndex) put(s *skills.Skill) {
	if id, ok := x.byKey[s.Key]; ok {
		x.entries[id] = nil
		delete(x.byKey, s.Key)
	}
	if !skills.Mergeable(s, &skills.Skill{Key: "\x00", Source: skills.Learned, Status: skills.Draft}) {
		return
	}
	vec := skills.TermVector(&s.Content)
	var n float64
	for _, w := range vec {
		n += w * w
	}
	if n == 0 {
		return
	}
	id := len(x.entries)
	for t, w := range vec {
		x.postings[t] = append(x.postings[t], posting{id, w})
	}
	light := *s
	light.History, light.Files, light.Original = nil, nil, nil
	x.entries = append(x.entries, &nearEntry{s: &light, vec: vec, norm: math.Sqrt(n)})
	x.byKey[s.Key] = id
}
