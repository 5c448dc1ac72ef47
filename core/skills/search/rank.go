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
	var rel []float64
	if strings.TrimSpace(query) == "" {
		rel = make([]float64, len(skills))
		for i := range rel {
			rel[i] = noQueryRank
		}
	} else {
		rel = BM25(skills, query)
	}
	out := make([]Result, 0, len(skills))
	for i, s := range skills {
		if !(rel[i] > 0) {
			continue
		}
		d := Decay(s, opts.Now)
		f := Feedback(s.Helpful, s.Harmful)
		out = append(out, Result{
			Skill:     s,
			Score:     rel[i] * d * f,
			Relevance: rel[i],
			Decay:     d,
			Feedback:  f,
			Stale:     Staleness(s, opts.Now, opts.StaleBelow),
		})
	}
	// Sorted by index: a Result holds its whole Skill, and moving ten
	// thousand of them about cost more than ranking them. With a limit,
	// only the best are kept, in order, as they come.
	less := func(a, b int) int { return compareResults(&out[a], &out[b]) }
	var order []int
	if opts.Limit > 0 && len(out) > opts.Limit {
		order = make([]int, 0, opts.Limit+1)
		for i := range out {
			if len(order) == opts.Limit && less(i, order[len(order)-1]) >= 0 {
				continue
			}
			// After its equals, as a stable sort would leave it.
			pos := sort.Search(len(order), func(j int) bool { return less(i, order[j]) < 0 })
			order = slices.Insert(order, pos, i)
			if len(order) > opts.Limit {
				order = order[:opts.Limit]
			}
		}
	} else {
		order = make([]int, len(out))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, less)
	}
	sorted := make([]Result, len(order))
	for i, k := range order {
		sorted[i] = out[k]
	}
	return sorted
}

func compareResults(a, b *Result) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Relevance, a.Relevance); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Skill.Uses, a.Skill.Uses); c != 0 {
		return c
	}
	return cmp.Or(
		cmp.Compare(a.Skill.Name, b.Skill.Name),
		cmp.Compare(a.Skill.Key, b.Skill.Key),
		cmp.Compare(a.Skill.Location, b.Skill.Location),
		cmp.Compare(a.Skill.Description, b.Skill.Description),
		cmp.Compare(a.Skill.Body, b.Skill.Body),
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
	scores := make([]float64, len(skills))
	terms := uniq(text.Normalize(query))
	if len(terms) == 0 || len(skills) == 0 {
		return scores
	}
	stats := make([]*docStats, len(skills))
	df := make(map[string]int, len(terms))
	var total float64
	for i, s := range skills {
		st := statsOf(s)
		stats[i] = st
		for _, t := range terms {
			if st.tf[t] > 0 {
				df[t]++
			}
		}
		total += st.length
	}
	n := float64(len(skills))
	avg := total / n
	for i := range skills {
		norm := 1.0
		if avg > 0 {
			norm = 1 - B + B*stats[i].length/avg
		}
		var sc float64
		for _, t := range terms { // fixed order keeps float sums reproducible
			f := stats[i].tf[t]
			if f == 0 {
				continue
			}
			d := float64(df[t])
			idf := math.Log1p((n - d + 0.5) / (d + 0.5))
			sc += idf * f * (K1 + 1) / (f + K1*norm)
		}
		scores[i] = sc
	}
	return scores
}

// docStats is the part of BM25 that depends on one skill alone: its
// weighted term frequencies and its weighted length.
type docStats struct {
	tf     map[string]float64
	length float64
}

// statsMemo keeps docStats by the texts they were computed from. A
// process that lives for many searches (the store's owner, an MCP server)
// ranks the same library query after query, and normalizing every
// skill's text again was most of a search; a changed skill has other
// texts and is computed anew. The memo is dropped whole when it outgrows
// maxMemo, so a library that churns cannot grow it without bound.
var statsMemo = struct {
	sync.Mutex
	m map[[3]string]*docStats
}{m: map[[3]string]*docStats{}}

const maxMemo = 50_000

func statsOf(s Skill) *docStats {
	k := [3]string{s.Name, s.Description, s.Body}
	if s.Hash != "" {
		// The content hash names the texts without hashing them whole.
		k = [3]string{s.Key, s.Hash, ""}
	}
	statsMemo.Lock()
	st := statsMemo.m[k]
	statsMemo.Unlock()
	if st != nil {
		return st
	}
	st = &docStats{tf: map[string]float64{}}
	add := func(field string, w float64) {
		for _, tok := range text.Normalize(field) {
			st.length += w
			st.tf[tok] += w
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
