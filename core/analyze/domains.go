package analyze

import (
	"math"
	"sort"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// activationThreshold is the score a domain must exceed to activate.
const activationThreshold = 0.1

// eachWord is text.EachWord; the wrapper keeps the package name free for
// the many parameters called text.
func eachWord(s string, fn func(w string, start, end int)) { text.EachWord(s, fn) }

// pattern is one activation pattern compiled to stems.
type pattern struct {
	domain int
	seq    []string // stems to find consecutively; one stem for a single word
	// all: seq includes stopwords and is matched against the stream of all
	// words, for patterns like "through-line" that would otherwise shrink to
	// one generic word.
	all bool
}

// wordInfo is what the matcher knows about a distinct word of the document,
// computed once per distinct word.
type wordInfo struct {
	stem string
	stop bool
	// Patterns whose sequence ends with this stem, in the non-stopword and
	// in the all-words stream.
	endsNS, endsAll []int
}

// matcher finds which activation patterns occur in a document: single-word
// patterns by stem equality with any word, multi-word patterns as
// consecutive stems. It keeps the last few stems of both streams in ring
// buffers, so each word costs one map lookup.
type matcher struct {
	domains []core.Domain
	pats    []pattern
	single  map[string][]int // stem → single-word patterns
	endsNS  map[string][]int // last stem → sequences in the non-stopword stream
	endsAll map[string][]int // last stem → sequences in the all-words stream
	matched []bool
	words   map[string]*wordInfo
	ringNS  []string
	ringAll []string
	nNS     int // words pushed into ringNS so far
	nAll    int
}

// newMatcher compiles the domains' activation patterns. A pattern is split
// into words like the document (text.EachWord) and stemmed (text.Stem);
// stopwords are dropped from multi-word patterns ("rate of change" → rate,
// change) unless that would leave one word ("through-line").
func newMatcher(domains []core.Domain) *matcher {
	m := &matcher{
		domains: domains,
		single:  make(map[string][]int),
		endsNS:  make(map[string][]int),
		endsAll: make(map[string][]int),
		words:   make(map[string]*wordInfo, 1024),
	}
	maxNS, maxAll := 0, 0
	for di, d := range domains {
		for _, p := range d.Patterns {
			var all, ns []string
			eachWord(p, func(w string, _, _ int) {
				s := text.Stem(w)
				all = append(all, s)
				if !text.IsStopword(w) {
					ns = append(ns, s)
				}
			})
			id := len(m.pats)
			switch {
			case len(all) == 0:
				// A pattern with no words can never match; it still counts
				// in the domain's total.
				m.pats = append(m.pats, pattern{domain: di})
			case len(all) == 1:
				m.pats = append(m.pats, pattern{domain: di, seq: all})
				m.single[all[0]] = append(m.single[all[0]], id)
			case len(ns) >= 2:
				m.pats = append(m.pats, pattern{domain: di, seq: ns})
				last := ns[len(ns)-1]
				m.endsNS[last] = append(m.endsNS[last], id)
				maxNS = max(maxNS, len(ns))
			default:
				m.pats = append(m.pats, pattern{domain: di, seq: all, all: true})
				last := all[len(all)-1]
				m.endsAll[last] = append(m.endsAll[last], id)
				maxAll = max(maxAll, len(all))
			}
		}
	}
	m.matched = make([]bool, len(m.pats))
	m.ringNS = make([]string, maxNS)
	m.ringAll = make([]string, maxAll)
	return m
}

// word feeds the next word of the document (lowercased, as EachWord gives
// it) to the matcher.
func (m *matcher) word(w string) {
	info := m.words[w]
	if info == nil {
		info = &wordInfo{stem: text.Stem(w), stop: text.IsStopword(w)}
		for _, id := range m.single[info.stem] {
			m.matched[id] = true
		}
		info.endsNS = m.endsNS[info.stem]
		info.endsAll = m.endsAll[info.stem]
		m.words[w] = info
	}
	if len(m.ringAll) > 0 {
		m.ringAll[m.nAll%len(m.ringAll)] = info.stem
		m.nAll++
		for _, id := range info.endsAll {
			if !m.matched[id] && ringEndsWith(m.ringAll, m.nAll, m.pats[id].seq) {
				m.matched[id] = true
			}
		}
	}
	if info.stop || len(m.ringNS) == 0 {
		return
	}
	m.ringNS[m.nNS%len(m.ringNS)] = info.stem
	m.nNS++
	for _, id := range info.endsNS {
		if !m.matched[id] && ringEndsWith(m.ringNS, m.nNS, m.pats[id].seq) {
			m.matched[id] = true
		}
	}
}

// ringEndsWith reports whether the last len(seq) of the n words pushed into
// ring equal seq.
func ringEndsWith(ring []string, n int, seq []string) bool {
	if n < len(seq) {
		return false
	}
	for k := 0; k < len(seq); k++ {
		if ring[(n-len(seq)+k)%len(ring)] != seq[k] {
			return false
		}
	}
	return true
}

// result applies the reference formula to the matched patterns: per domain
// score = min(1, sqrt(matched/total) × (1 + 0.15·matched)); domains above
// 0.1 activate; the plane position is their score-weighted centroid,
// clamped; confidence = min(1, top × (1 + 0.1·activated)).
func (m *matcher) result() ([]core.DomainScore, core.PlanePosition, float64) {
	total := make([]int, len(m.domains))
	hits := make([][]string, len(m.domains))
	pi := 0
	for di, d := range m.domains {
		for _, p := range d.Patterns {
			total[di]++
			if m.matched[pi] {
				hits[di] = append(hits[di], p)
			}
			pi++
		}
	}
	type scored struct {
		core.DomainScore
		raw    float64
		center core.PlanePosition
	}
	var act []scored
	for di, d := range m.domains {
		n := len(hits[di])
		if n == 0 || total[di] == 0 {
			continue
		}
		raw := math.Sqrt(float64(n)/float64(total[di])) * (1 + 0.15*float64(n))
		score := math.Min(1, raw)
		if score <= activationThreshold {
			continue
		}
		act = append(act, scored{DomainScore: core.DomainScore{Domain: d.ID, Score: score, Matched: hits[di]}, raw: raw, center: d.Region.Center})
	}
	if len(act) == 0 {
		return nil, core.PlanePosition{}, 0
	}
	// Score first; among domains that both reach the cap of 1 the one with
	// more evidence (the unclamped score) goes first; then the id, so the
	// order is stable.
	sort.SliceStable(act, func(i, j int) bool {
		if act[i].Score != act[j].Score {
			return act[i].Score > act[j].Score
		}
		if act[i].raw != act[j].raw {
			return act[i].raw > act[j].raw
		}
		return act[i].Domain < act[j].Domain
	})
	var sum, re, im float64
	out := make([]core.DomainScore, len(act))
	for i, a := range act {
		out[i] = a.DomainScore
		sum += a.Score
		re += a.center.Real * a.Score
		im += a.center.Imaginary * a.Score
	}
	plane := core.PlanePosition{Real: re / sum, Imaginary: im / sum}.Clamp()
	conf := math.Min(1, act[0].Score*(1+0.1*float64(len(act))))
	return out, plane, conf
}

// DetectDomains scores text against the domains' activation patterns with
// the reference formula (see matcher.result), matching by stemmed token
// equality over the whole document, never by substring: "al" in
// "Smith et al." does not match "integral". It returns the activated
// domains (highest score first), the plane position and the confidence;
// nothing activated gives nil, (0,0) and 0.
func DetectDomains(s string, domains []core.Domain) (scores []core.DomainScore, plane core.PlanePosition, confidence float64) {
	if len(domains) == 0 {
		return nil, core.PlanePosition{}, 0
	}
	m := newMatcher(domains)
	eachWord(s, func(w string, _, _ int) { m.word(w) })
	return m.result()
}
