package analyze

import (
	"math"
	"sort"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// The domain model. A document (or one primitive's statement) is placed by
// the evidence it gives each domain:
//
//	evidence(d) = Σ over d's patterns found c times: weight × (1 + ln c)
//
// Frequency counts, but with a logarithm: the fiftieth "tree" says less
// than the first, and one word repeated cannot outweigh a vocabulary.
// weight is 1, or genericWeight for the patterns every technical text uses
// in their everyday sense ("number", "set", "proof", "function",
// "message"; see genericKeys): a graph-theory section counting "the
// number of vertices", or a protocol paper's "proof" over "the set of
// replicas", is not evidence of perception or foundations.
//
// A domain's score is 1 − exp(−evidence/scoreScale), in [0, 1): one
// specific word gives 0.28, three specific words or one used often about
// 0.6, a document's vocabulary close to 1. A domain is activated when its
// score exceeds activationThreshold and its evidence is at least
// relativeThreshold of the leading domain's: the others are incidental
// words of another field. The plane position is the evidence-weighted
// centroid of the activated domains' centres, so a document sits near its
// domain and is pulled only by real second fields; the confidence is the
// leading score times the leading domain's share of the activated
// evidence.
//
// The reference scored domains by the share of their patterns present
// anywhere (sqrt(matched/total) × (1 + 0.15·matched)), which counts a word
// used once like a word used on every page: in a long document every domain
// reached 1, all of them activated and every position collapsed to the
// middle of the plane.
const (
	activationThreshold = 0.1
	relativeThreshold   = 0.25
	scoreScale          = 3.0
	genericWeight       = 0.3
	// priorWeight is how much a document's domains count when a piece of
	// it is placed (Placer): as much as one specific word of its own.
	priorWeight = 1.0
	// domainWordsPerHit: the leading domain's words (a generic one
	// counting genericWeight) must occur once every domainWordsPerHit
	// words of the text, or the text has no domain. The logarithm makes a few everyday words said
	// often enough look like a field: a novel's "sort" (of), "tree" and
	// "heap", 38 in 29,000 words of Alice in Wonderland, scored computer
	// science 0.96. The corpus's documents have 4.8 to 87 a thousand
	// words of their domain; a text shorter than this many words is not
	// held to it.
	domainWordsPerHit = 400
)

// genericKeys are the words (as matchKey gives them) of activation
// patterns that technical prose uses in their everyday sense; they weigh
// genericWeight. The list is by word, so it applies to user domains too.
var genericKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{
		"number", "count", "distance", "magnitude", "period", "rate", "limit", "continuous",
		"linear", "space", "dimension", "basis", "transformation", "constant", "measurement",
		"uncertainty", "set", "proof", "group", "field", "formal", "abstract", "function",
		"information", "category", "transform", "signal", "force", "network", "learning",
		"complexity", "connection", "plane", "meta", "overview", "integration", "sample",
		"distribution", "message", "frame", "header", "library", "package", "dependency",
		"configuration", "repository", "software", "energy", "couple", "module", "framework", "runtime",
	} {
		m[matchKey(w)] = true
	}
	return m
}()

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
	all    bool
	weight float64
}

// patterns are the compiled activation patterns of a list of domains:
// immutable once built, shared by the document's matcher and its Placer.
type patterns struct {
	domains []core.Domain
	pats    []pattern
	single  map[string][]int // stem → single-word patterns
	endsNS  map[string][]int // last stem → sequences in the non-stopword stream
	endsAll map[string][]int // last stem → sequences in the all-words stream
	maxNS   int
	maxAll  int
}

// compile splits every pattern into words like the document
// (text.EachWord) and stems them (text.Stem); stopwords are dropped from
// multi-word patterns ("rate of change" → rate, change) unless that would
// leave one word ("through-line"). A multi-word pattern is generic only
// when all its words are.
func compile(domains []core.Domain) *patterns {
	c := &patterns{
		domains: domains,
		single:  make(map[string][]int),
		endsNS:  make(map[string][]int),
		endsAll: make(map[string][]int),
	}
	for di, d := range domains {
		for _, p := range d.Patterns {
			var all, ns []string
			generic := true
			eachWord(p, func(w string, _, _ int) {
				s := matchKey(w)
				all = append(all, s)
				if !text.IsStopword(w) {
					ns = append(ns, s)
					generic = generic && genericKeys[s]
				}
			})
			weight := 1.0
			if generic && len(ns) > 0 {
				weight = genericWeight
			}
			id := len(c.pats)
			switch {
			case len(all) == 0:
				// A pattern with no words can never match.
				c.pats = append(c.pats, pattern{domain: di})
			case len(all) == 1:
				c.pats = append(c.pats, pattern{domain: di, seq: all, weight: weight})
				c.single[all[0]] = append(c.single[all[0]], id)
			case len(ns) >= 2:
				c.pats = append(c.pats, pattern{domain: di, seq: ns, weight: weight})
				last := ns[len(ns)-1]
				c.endsNS[last] = append(c.endsNS[last], id)
				c.maxNS = max(c.maxNS, len(ns))
			default:
				c.pats = append(c.pats, pattern{domain: di, seq: all, all: true, weight: 1})
				last := all[len(all)-1]
				c.endsAll[last] = append(c.endsAll[last], id)
				c.maxAll = max(c.maxAll, len(all))
			}
		}
	}
	return c
}

// irregularPlurals are plurals the English stemmer does not bring back to
// their singular's stem ("matrices" stems to "matric", "matrix" to
// "matrix").
var irregularPlurals = map[string]string{
	"matrices": "matrix", "vertices": "vertex", "indices": "index", "simplices": "simplex",
	"hypotheses": "hypothesis", "analyses": "analysis", "axes": "axis", "theses": "thesis",
	"criteria": "criterion", "phenomena": "phenomenon", "spectra": "spectrum",
	"automata": "automaton", "radii": "radius", "loci": "locus", "foci": "focus",
	"lemmata": "lemma", "polyhedra": "polyhedron", "apices": "apex",
}

// inflections are the endings a word may have beyond its stem and still be
// the same word: "sorted", "sorting" and "sorts" are "sort", "properties"
// is "property".
var inflections = map[string]bool{"": true, "e": true, "ed": true, "d": true, "ing": true, "y": true}

// matchKey is the form in which a word meets an activation pattern: its
// stem (text.Stem) and, when the word goes beyond its stem by more than an
// inflection, that derivational ending too. The English stemmer folds
// derivations together ("container" and "contains" both give "contain",
// "determinant" and "determined" "determin", "derivative" and "derived"
// "deriv"), which made every "contains" evidence of containers; the ending
// keeps them apart while "sorting" still meets "sorted".
func matchKey(w string) string {
	if s, ok := irregularPlurals[w]; ok {
		w = s
	}
	st := text.Stem(w)
	n := 0
	for n < len(st) && n < len(w) && st[n] == w[n] {
		n++
	}
	end := w[n:]
	switch {
	case len(end) >= 3 && end[len(end)-3:] == "ies":
		end = end[:len(end)-3] + "y"
	case len(end) > 0 && end[len(end)-1] == 's':
		end = end[:len(end)-1]
	}
	if inflections[end] {
		return st
	}
	return st + "~" + end
}

// wordInfo is what the matcher knows about a distinct word, computed once
// per distinct word.
type wordInfo struct {
	stem string
	stop bool
	// Single-word patterns equal to this stem, and patterns whose sequence
	// ends with it in the non-stopword and in the all-words stream.
	single, endsNS, endsAll []int
}

// maxWordCache bounds the distinct words a matcher remembers, so hostile
// input with millions of distinct words cannot exhaust memory.
const maxWordCache = 1 << 16

// matcher counts the occurrences of activation patterns in a stream of
// words: single-word patterns by stem equality with a word, multi-word
// patterns as consecutive stems. It keeps the last few stems of both
// streams in ring buffers, so each word costs one map lookup.
type matcher struct {
	*patterns
	counts  []int
	words   map[string]*wordInfo
	ringNS  []string
	ringAll []string
	nNS     int // words pushed into ringNS so far
	nAll    int
	seen    int // words counted, for domainWordsPerHit
}

func newMatcher(domains []core.Domain) *matcher { return compile(domains).matcher() }

func (c *patterns) matcher() *matcher {
	return &matcher{
		patterns: c,
		counts:   make([]int, len(c.pats)),
		words:    make(map[string]*wordInfo, 256),
		ringNS:   make([]string, c.maxNS),
		ringAll:  make([]string, c.maxAll),
	}
}

// word feeds the next word of the text (lowercased, as EachWord gives it)
// to the matcher.
func (m *matcher) word(w string) {
	m.seen++
	info := m.words[w]
	if info == nil {
		info = &wordInfo{stem: matchKey(w), stop: text.IsStopword(w)}
		info.single = m.single[info.stem]
		info.endsNS = m.endsNS[info.stem]
		info.endsAll = m.endsAll[info.stem]
		if len(m.words) < maxWordCache {
			m.words[w] = info
		}
	}
	for _, id := range info.single {
		m.counts[id]++
	}
	if len(m.ringAll) > 0 {
		m.ringAll[m.nAll%len(m.ringAll)] = info.stem
		m.nAll++
		for _, id := range info.endsAll {
			if ringEndsWith(m.ringAll, m.nAll, m.pats[id].seq) {
				m.counts[id]++
			}
		}
	}
	if info.stop || len(m.ringNS) == 0 {
		return
	}
	m.ringNS[m.nNS%len(m.ringNS)] = info.stem
	m.nNS++
	for _, id := range info.endsNS {
		if ringEndsWith(m.ringNS, m.nNS, m.pats[id].seq) {
			m.counts[id]++
		}
	}
}

// reset forgets the words counted, keeping the word cache.
func (m *matcher) reset() {
	clear(m.counts)
	m.nNS, m.nAll, m.seen = 0, 0, 0
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

// evidence returns each domain's evidence from the counts (see the model
// above).
func (m *matcher) evidence() []float64 {
	ev := make([]float64, len(m.domains))
	for id, c := range m.counts {
		if c > 0 {
			p := &m.pats[id]
			ev[p.domain] += p.weight * (1 + math.Log(float64(c)))
		}
	}
	return ev
}

// activated returns the indexes of the domains activated by ev, highest
// evidence first (ties by id, so the order is stable).
func activated(ev []float64, domains []core.Domain) []int {
	top := 0.0
	for _, e := range ev {
		top = math.Max(top, e)
	}
	var out []int
	for di, e := range ev {
		if e > 0 && score(e) > activationThreshold && e >= relativeThreshold*top {
			out = append(out, di)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if ev[a] != ev[b] {
			return ev[a] > ev[b]
		}
		return domains[a].ID < domains[b].ID
	})
	return out
}

func score(e float64) float64 { return 1 - math.Exp(-e/scoreScale) }

// centroid is the ev-weighted mean of the centres of the domains in act,
// clamped.
func centroid(ev []float64, act []int, domains []core.Domain) core.PlanePosition {
	var sum, re, im float64
	for _, di := range act {
		c := domains[di].Region.Center
		re += c.Real * ev[di]
		im += c.Imaginary * ev[di]
		sum += ev[di]
	}
	if sum == 0 {
		return core.PlanePosition{}
	}
	return core.PlanePosition{Real: re / sum, Imaginary: im / sum}.Clamp()
}

// activated is activated for the counted text, or none when the leading
// domain's specific words are too rare in it (domainWordsPerHit): then
// nothing in the text is a sign of any domain.
func (m *matcher) activated(ev []float64) []int {
	act := activated(ev, m.domains)
	if len(act) == 0 {
		return nil
	}
	if m.seen <= domainWordsPerHit {
		return act
	}
	hits := 0.0
	for id, c := range m.counts {
		if p := &m.pats[id]; c > 0 && p.domain == act[0] {
			hits += p.weight * float64(c)
		}
	}
	if hits*domainWordsPerHit < float64(m.seen) {
		return nil
	}
	return act
}

// result scores the counted text: the activated domains (highest first,
// with the patterns found), the plane position and the confidence.
func (m *matcher) result() ([]core.DomainScore, core.PlanePosition, float64) {
	ev := m.evidence()
	act := m.activated(ev)
	if len(act) == 0 {
		return nil, core.PlanePosition{}, 0
	}
	hits := make([][]string, len(m.domains))
	pi := 0
	for di, d := range m.domains {
		for _, p := range d.Patterns {
			if m.counts[pi] > 0 {
				hits[di] = append(hits[di], p)
			}
			pi++
		}
	}
	out := make([]core.DomainScore, len(act))
	sum := 0.0
	for i, di := range act {
		out[i] = core.DomainScore{Domain: m.domains[di].ID, Score: score(ev[di]), Matched: hits[di]}
		sum += ev[di]
	}
	conf := score(ev[act[0]]) * ev[act[0]] / sum
	return out, centroid(ev, act, m.domains), conf
}

// DetectDomains scores text against the domains' activation patterns (see
// the model at the top of this file), matching by stemmed token equality,
// never by substring: "al" in "Smith et al." does not match "integral". It
// returns the activated domains (highest score first), the plane position
// and the confidence; nothing activated gives nil, (0,0) and 0.
func DetectDomains(s string, domains []core.Domain) (scores []core.DomainScore, plane core.PlanePosition, confidence float64) {
	if len(domains) == 0 {
		return nil, core.PlanePosition{}, 0
	}
	m := newMatcher(domains)
	eachWord(s, func(w string, _, _ int) { m.word(w) })
	return m.result()
}

// Placer places pieces of one document (a primitive's name and statement)
// on the plane with the model that placed the document: the piece's own
// evidence, plus the document's domains as a prior worth priorWeight (the
// leading domain's share), so a statement about spanning trees in a
// probability chapter moves toward computer science, and one without any
// domain word stays where its document is. It implements core.PlaneModel.
// A Placer is not safe for concurrent use.
type Placer struct {
	m     *matcher
	prior []float64
	doc   core.PlanePosition
}

// newPlacer returns the Placer of a document whose own counts are in m
// (which it takes over for placing pieces).
func newPlacer(m *matcher, plane core.PlanePosition) *Placer {
	ev := m.evidence()
	top := 0.0
	for _, e := range ev {
		top = math.Max(top, e)
	}
	prior := make([]float64, len(ev))
	if top > 0 {
		for _, di := range m.activated(ev) {
			prior[di] = priorWeight * ev[di] / top
		}
	}
	m.reset()
	return &Placer{m: m, prior: prior, doc: plane}
}

// Place returns the plane position of s, a piece of the document.
func (p *Placer) Place(s string) core.PlanePosition {
	if p == nil || p.m == nil {
		return core.PlanePosition{}
	}
	p.m.reset()
	eachWord(s, func(w string, _, _ int) { p.m.word(w) })
	ev := p.m.evidence()
	own := false
	for di := range ev {
		// Like a document, a piece gives a domain evidence only when it
		// would activate it: one generic word ("the set of values") does
		// not move a requirement toward set theory.
		if score(ev[di]) <= activationThreshold {
			ev[di] = 0
		}
		own = own || ev[di] > 0
		ev[di] += p.prior[di]
	}
	if !own {
		return p.doc
	}
	top := 0.0
	for _, e := range ev {
		top = math.Max(top, e)
	}
	var act []int
	for di, e := range ev {
		if e > 0 && e >= relativeThreshold*top {
			act = append(act, di)
		}
	}
	return centroid(ev, act, p.m.domains)
}

// FallbackDomain is the domain a document is filed under when the words of
// no domain activate: the one whose region holds its place on the plane
// (the centre, for a document nothing places), the nearest centre first
// and the list's order on a tie — among the built-in domains, synthesis.
// Its results need a domain that lore domains lists; "" only when there
// are no domains at all.
func FallbackDomain(domains []core.Domain, at core.PlanePosition) string {
	best, bestIn, bestDist := -1, false, 0.0
	for i, d := range domains {
		dist := math.Hypot(d.Region.Center.Real-at.Real, d.Region.Center.Imaginary-at.Imaginary)
		in := dist <= d.Region.Radius
		if best < 0 || in && !bestIn || in == bestIn && dist < bestDist {
			best, bestIn, bestDist = i, in, dist
		}
	}
	if best < 0 {
		return ""
	}
	return domains[best].ID
}
