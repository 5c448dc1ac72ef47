package search

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/lore-kb/lore/core/text"
)

// BM25 parameters and field weights; doc.go explains the choice.
const (
	K1          = 1.2
	B           = 0.75
	NameWeight  = 3.0
	DescWeight  = 2.0
	BodyWeight  = 1.0
	noQueryRank = 1.0
)

// Options control [Rank].
type Options struct {
	// Now is the clock for decay and staleness. The zero time disables both,
	// which keeps pure-relevance callers (and tests) free of a clock.
	Now time.Time
	// StaleBelow is the decay factor under which a result carries a
	// staleness warning; ≤ 0 means [DefaultStaleBelow].
	StaleBelow float64
	// Limit caps the number of results; ≤ 0 means all.
	Limit int
	// Floor leaves out, for a non-blank query, the skills whose relevance
	// is below Floor times the best one's: a skill that shares a word or
	// two with a request about another subject is no answer to it. It
	// also leaves out a skill that shares one word of a request of several
	// with its body alone ("short" of "Write a short poem about the sea"):
	// an agent picks a skill by its name and description. 0 keeps every
	// match.
	Floor float64
}

// Result is one ranked skill with the factors of its score, so that a
// caller can show why it ranked where it did.
type Result struct {
	Skill     Skill
	Score     float64 // Relevance × Decay × Feedback
	Relevance float64 // BM25F; 1 for every skill when the query is blank
	Decay     float64
	Feedback  float64
	// Stale is a staleness warning (see [Staleness]), or "".
	Stale string
}

// Rank scores skills against query and returns the matches, best first.
//
// A blank query matches every skill with relevance 1, so the catalog is
// ordered by decay and feedback alone (what `lore skills prompt` without
// --query wants). A non-blank query with no searchable words (only
// stopwords or punctuation) matches nothing rather than everything: the
// user asked for something specific. Ties fall back to more uses, then
// name, key and location, so the order never depends on input order.
func Rank(skills []Skill, query string, opts Options) []Result {
	return NewIndex(skills).Rank(query, opts)
}

// Rank is [Rank] over the index's skills.
func (x *Index) Rank(query string, opts Options) []Result {
	// Candidates are scored small; a Result (with its Skill and the
	// staleness sentence) is built only for those returned.
	type cand struct {
		i                int
		score, rel, d, f float64
	}
	var cands []cand
	less := func(a, b *cand) int {
		return compareScored(a.score, b.score, a.rel, b.rel, &x.skills[a.i], &x.skills[b.i])
	}
	// With a limit, only the best are kept, in order, as they come: a
	// search of ten thousand skills keeps ten candidates, not ten
	// thousand.
	top := opts.Limit
	add := func(i int, rel float64) {
		f := x.feedback[i]
		if top > 0 && len(cands) == top && rel*f < cands[top-1].score {
			// Decay is at most 1: this skill cannot reach the best.
			return
		}
		d := decayAt(x.ref[i], x.halfLife[i], opts.Now)
		c := cand{i, rel * d * f, rel, d, f}
		if top <= 0 {
			cands = append(cands, c)
			return
		}
		if len(cands) == top && less(&c, &cands[top-1]) >= 0 {
			return
		}
		// After its equals, as a stable sort would leave it.
		pos := sort.Search(len(cands), func(j int) bool { return less(&c, &cands[j]) < 0 })
		cands = slices.Insert(cands, pos, c)
		if len(cands) > top {
			cands = cands[:top]
		}
	}
	if strings.TrimSpace(query) == "" {
		for i := range x.skills {
			add(i, noQueryRank)
		}
	} else {
		// The scores' array is reused across searches: a search of a
		// large library otherwise allocates (and the collector clears) a
		// float per skill every time.
		p := scoreBufs.Get().(*[]float64)
		buf := slices.Grow((*p)[:0], len(x.skills))[:len(x.skills)]
		clear(buf)
		terms := uniq(text.Normalize(query))
		scores := x.scoresInto(terms, buf)
		var weak map[int]bool
		if opts.Floor > 0 {
			weak = x.bodyWordOnly(terms)
		}
		least := 0.0
		for i, r := range scores {
			if !weak[i] {
				least = max(least, r*opts.Floor)
			}
		}
		for i, r := range scores {
			if r > 0 && r >= least && !weak[i] {
				add(i, r)
			}
		}
		*p = buf
		scoreBufs.Put(p)
	}
	if top <= 0 {
		slices.SortStableFunc(cands, func(a, b cand) int { return less(&a, &b) })
	}
	out := make([]Result, len(cands))
	for k, c := range cands {
		s := x.skills[c.i]
		out[k] = Result{Skill: s, Score: c.score, Relevance: c.rel, Decay: c.d, Feedback: c.f,
			Stale: Staleness(s, opts.Now, opts.StaleBelow)}
	}
	return out
}

// compareScored orders two ranked skills: score, then relevance, then
// more uses, then name, key, location, description and body, so that the
// order never depends on the input's.
func compareScored(sa, sb, ra, rb float64, a, b *Skill) int {
	if c := cmp.Compare(sb, sa); c != 0 {
		return c
	}
	if c := cmp.Compare(rb, ra); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Uses, a.Uses); c != 0 {
		return c
	}
	return cmp.Or(
		cmp.Compare(a.Name, b.Name),
		cmp.Compare(a.Key, b.Key),
		cmp.Compare(a.Location, b.Location),
		cmp.Compare(a.Description, b.Description),
		cmp.Compare(a.Body, b.Body),
	)
}

// Skills returns the skills of rs in order, ready for [Prompt].
func Skills(rs []Result) []Skill {
	out := make([]Skill, len(rs))
	for i, r := range rs {
		out[i] = r.Skill
	}
	return out
}

// BM25 returns the BM25F relevance of each skill to query, index-aligned
// with skills; 0 means no query term occurs in the skill. Larger is better.
func BM25(skills []Skill, query string) []float64 {
	return NewIndex(skills).scores(query)
}

// Index is what ranking needs of a set of skills, computed once: each
// skill's weighted length and, per term, the skills holding it with its
// weighted frequency. A query then touches only the skills that hold its
// words; a process that ranks the same library again and again (the
// store's owner, an MCP server) keeps the index while the library is
// unchanged.
type Index struct {
	skills []Skill
	lens   []float64
	avg    float64
	post   map[string][]posting
	// What decay and feedback need of each skill (see Age, Decay,
	// Feedback), so that ranking does not copy the skill to ask.
	ref      []time.Time
	halfLife []float64
	feedback []float64
}

type posting struct {
	doc int
	tf  float64
	// head is whether the term is in the skill's name or description.
	head bool
}

// bodyWordOnly are the skills that match one term only of a query of
// several (its distinct terms), and that term in their body alone.
func (x *Index) bodyWordOnly(terms []string) map[int]bool {
	if len(terms) < 2 {
		return nil
	}
	type match struct {
		n    int
		head bool
	}
	m := map[int]match{}
	for _, t := range terms {
		for _, p := range x.post[t] {
			c := m[p.doc]
			c.n++
			c.head = c.head || p.head
			m[p.doc] = c
		}
	}
	out := map[int]bool{}
	for d, c := range m {
		if c.n == 1 && !c.head {
			out[d] = true
		}
	}
	return out
}

// NewIndex indexes skills (kept, not copied).
func NewIndex(skills []Skill) *Index {
	n := len(skills)
	x := &Index{skills: skills, lens: make([]float64, n), post: map[string][]posting{},
		ref: make([]time.Time, n), halfLife: make([]float64, n), feedback: make([]float64, n)}
	var total float64
	for i, s := range skills {
		x.ref[i] = s.LastUsed
		if x.ref[i].IsZero() {
			x.ref[i] = s.Created
		}
		x.halfLife[i] = HalfLife(s.TaskType)
		x.feedback[i] = Feedback(s.Helpful, s.Harmful)
		st := statsOf(s)
		x.lens[i] = st.length
		total += st.length
		for t, f := range st.tf {
			x.post[t] = append(x.post[t], posting{i, f, st.head[t]})
		}
	}
	if len(skills) > 0 {
		x.avg = total / float64(len(skills))
	}
	return x
}

// Len is the number of skills indexed.
func (x *Index) Len() int { return len(x.skills) }

// Scores is BM25 (see there) of every skill indexed, computed from the
// postings of query's words only.
func (x *Index) Scores(query string) []float64 { return x.scores(query) }

// scores is BM25F of every skill against query (0 for a skill without
// any of its words).
func (x *Index) scores(query string) []float64 {
	return x.scoresInto(uniq(text.Normalize(query)), make([]float64, len(x.skills)))
}

var scoreBufs = sync.Pool{New: func() any { return new([]float64) }}

// scoresInto is scores of a query's distinct terms written into scores,
// which holds a zero per skill.
func (x *Index) scoresInto(terms []string, scores []float64) []float64 {
	if len(terms) == 0 || len(x.skills) == 0 {
		return scores
	}
	n := float64(len(x.skills))
	// Terms in a fixed order, so that each skill's sum is added up in
	// the same order every time and scores are reproducible.
	for _, t := range terms {
		ps := x.post[t]
		d := float64(len(ps))
		idf := math.Log1p((n - d + 0.5) / (d + 0.5))
		for _, p := range ps {
			norm := 1.0
			if x.avg > 0 {
				norm = 1 - B + B*x.lens[p.doc]/x.avg
			}
			scores[p.doc] += idf * p.tf * (K1 + 1) / (p.tf + K1*norm)
		}
	}
	return scores
}

// docStats is the part of BM25 that depends on one skill alone: its
// weighted term frequencies and its weighted length.
type docStats struct {
	tf     map[string]float64
	head   map[string]bool // the terms of the name and description
	length float64
}

// statsMemo keeps docStats by the texts they were computed from: a
// library indexed again after a write holds mostly the same skills, and
// normalizing every skill's text again was most of the work; a changed
// skill has other texts and is computed anew. The memo is dropped whole when it
// outgrows maxMemo, so a library that churns cannot grow it without bound.
var statsMemo = struct {
	sync.Mutex
	m map[[3]string]*docStats
}{m: map[[3]string]*docStats{}}

const maxMemo = 50_000

func statsOf(s Skill) *docStats {
	k := [3]string{s.Name, s.Description, s.Body}
	statsMemo.Lock()
	st := statsMemo.m[k]
	statsMemo.Unlock()
	if st != nil {
		return st
	}
	st = &docStats{tf: map[string]float64{}, head: map[string]bool{}}
	add := func(field string, w float64) {
		for _, tok := range text.Normalize(field) {
			st.length += w
			st.tf[tok] += w
			if w > BodyWeight {
				st.head[tok] = true
			}
		}
	}
	add(s.Name, NameWeight)
	add(s.Description, DescWeight)
	add(s.Body, BodyWeight)
	statsMemo.Lock()
	if len(statsMemo.m) >= maxMemo {
		statsMemo.m = map[[3]string]*docStats{}
	}
	statsMemo.m[k] = st
	statsMemo.Unlock()
	return st
}

func uniq(ts []string) []string {
	seen := make(map[string]struct{}, len(ts))
	out := ts[:0]
	for _, t := range ts {
		if _, ok := seen[t]; ok {
			continue
		}
		seen[t] = struct{}{}
		out = append(out, t)
	}
	return out
}
