package wire

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// word is one word of a scanned text, in reading order.
type word struct {
	surface  string // lowercased, stopwords included: what keywords compare against
	sentence int32  // keywords never reach across a sentence end
	keyword  bool   // a relationship phrase may start here
}

// content is a word that is not a stopword: what names are matched against.
type content struct {
	at  int32 // index into the words of the same scan
	tok int32 // vocabulary id of the stem, or -1 when no name uses it
}

// wordInfo is what a scanner remembers about a surface word.
type wordInfo struct {
	tok     int32 // vocabulary id, -1 when no name uses the stem, stopWord for stopwords
	keyword bool
}

const (
	stopWord = -2
	// maxCached bounds the word cache, so that hostile input made of
	// millions of distinct words cannot exhaust memory.
	maxCached = 1 << 18
)

// scanner turns a text into words and content tokens. Buffers are reused
// between texts so that scanning 200k statements does not allocate per
// word, and what is known about a word (stopword, stem, vocabulary id) is
// cached: a book repeats its vocabulary, and the stopword, stemmer and
// vocabulary lookups were most of the cost of wiring.
type scanner struct {
	vocab     map[string]int32 // stem → id; nil: every id is -1
	keepStems bool
	cache     map[string]wordInfo

	words   []word
	content []content
	stems   []string // stems of content, only filled when keepStems is set
}

func newScanner(vocab map[string]int32, keepStems bool) *scanner {
	return &scanner{vocab: vocab, keepStems: keepStems, cache: make(map[string]wordInfo)}
}

func (sc *scanner) info(w string) (wordInfo, string) {
	if wi, ok := sc.cache[w]; ok && !sc.keepStems {
		return wi, ""
	}
	_, kw := phrases[w]
	if text.IsStopword(w) {
		wi := wordInfo{tok: stopWord, keyword: kw}
		sc.remember(w, wi)
		return wi, ""
	}
	st := lightStem(w)
	wi := wordInfo{tok: -1, keyword: kw}
	if id, ok := sc.vocab[st]; ok {
		wi.tok = id
	}
	sc.remember(w, wi)
	return wi, st
}

func (sc *scanner) remember(w string, wi wordInfo) {
	if !sc.keepStems && len(sc.cache) < maxCached {
		sc.cache[w] = wi
	}
}

// scan fills the scanner from s. Words come from text.EachWord, the one
// tokenizer of lore. EachWord skips single-rune words, but names such as
// "Concept X" or "Lemma 2" are told apart only by them, so the gaps between
// words are also read for lone letters and digits; the gaps are also where
// sentence ends show up.
func (sc *scanner) scan(s string) {
	sc.words = sc.words[:0]
	sc.content = sc.content[:0]
	sc.stems = sc.stems[:0]
	sentence := int32(0)
	prev := 0
	emit := func(w string, joined bool) {
		wi, st := sc.info(w)
		sc.words = append(sc.words, word{surface: w, sentence: sentence, keyword: wi.keyword})
		if wi.tok == stopWord {
			if !joined {
				return
			}
			// A stopword joined by a hyphen is part of a compound name
			// ("no-cache", "If-None-Match"): dropping it would leave
			// "cache" or "match", and every sentence with the word would
			// name the compound.
			st = w
			wi.tok = -1
			if id, ok := sc.vocab[st]; ok {
				wi.tok = id
			}
		}
		sc.content = append(sc.content, content{at: int32(len(sc.words) - 1), tok: wi.tok})
		if sc.keepStems {
			sc.stems = append(sc.stems, st)
		}
	}
	gap := func(g string) {
		for i := 0; i < len(g); {
			c := g[i]
			if c < utf8.RuneSelf {
				switch {
				case c == '.' || c == '!' || c == '?' || c == ';':
					if i+1 < len(g) && isSpace(g[i+1]) {
						sentence++
					}
				case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
					emit(g[i:i+1], false)
				case 'A' <= c && c <= 'Z':
					emit(string(rune(c+'a'-'A')), false)
				}
				i++
				continue
			}
			r, n := utf8.DecodeRuneInString(g[i:])
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				emit(string(unicode.ToLower(r)), false)
			}
			i += n
		}
	}
	text.EachWord(s, func(w string, start, end int) {
		gap(s[prev:start])
		prev = end
		emit(w, start > 0 && s[start-1] == '-' || end < len(s) && s[end] == '-')
	})
	gap(s[prev:])
}

// lightStem reduces a lowercased word to what its inflections share and
// nothing more: plurals, possessives, -ed and -ing go ("spaces", "space's"
// and "space" all give "spac"; "bounded" and "bound" give "bound"), but
// derivations stay apart, because they name other concepts: "enumerable"
// is not "enumeration", nor "integrable" "integral", though a full stemmer
// makes each pair one word. Names are matched on these.
func lightStem(w string) string {
	if len(w) <= 3 || !isASCIILetters(w) {
		return w
	}
	// Plurals.
	switch n := len(w); {
	case strings.HasSuffix(w, "ies") && n > 4:
		w = w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		w = w[:n-2]
	case w[n-1] == 's' && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:n-1]
	}
	// Participles, when a stem with a vowel is left ("string" stays).
	if r, ok := strings.CutSuffix(w, "ied"); ok && len(r) >= 3 {
		w = r + "y"
	}
	for _, suf := range []string{"ing", "ed"} {
		if r, ok := strings.CutSuffix(w, suf); ok && len(r) >= 3 && strings.ContainsAny(r, "aeiouy") {
			w = r
			break
		}
	}
	n := len(w)
	if n > 3 && w[n-1] == 'e' {
		w, n = w[:n-1], n-1
	}
	if n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeioulsz", rune(w[n-1])) {
		w = w[:n-1] // "mapped", "mapping" → "map"
	}
	return w
}

func isASCIILetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// keyGroup is a relationship a keyword near a name announces.
type keyGroup int8

const (
	kwNone keyGroup = iota
	kwRequires
	kwGeneralizes
	kwSpecializes
	kwApplies
)

// edge returns the edge type and strength a keyword group stands for.
func (g keyGroup) edge() (core.EdgeType, float64) {
	switch g {
	case kwRequires:
		return core.Requires, 0.8
	case kwGeneralizes:
		return core.Generalizes, 0.7
	case kwSpecializes:
		return core.Specializes, 0.7
	case kwApplies:
		return core.Applies, 0.6
	}
	return core.Requires, 0.5
}

// keywordWindow is how many words may stand between a relationship keyword
// and the name it qualifies. Further away, the keyword most likely belongs to
// another clause.
const keywordWindow = 6

// phrase is a relationship keyword as a sequence of whole lowercased words:
// comparing words rather than substrings keeps "causes" from reading as
// "uses".
type phrase struct {
	words []string
	desc  string // the description of the edge it leads to
	group keyGroup
}

// phrases are the reference's keyword lists plus their common inflections,
// indexed by first word, longest first so that "requires understanding of"
// wins over "requires".
var phrases = func() map[string][]phrase {
	lists := []struct {
		g  keyGroup
		ps []string
	}{
		{kwRequires, []string{
			"requires understanding of", "requires", "require", "required", "requiring",
			"depends on", "depend on", "depending on", "dependent on", "needs", "assumes",
			"assume", "assuming", "builds on", "build on", "built on", "building on",
		}},
		{kwGeneralizes, []string{
			"is a generalization", "generalizes", "generalize", "generalizing", "extends",
			"extend", "extending", "broadens", "broaden",
		}},
		{kwSpecializes, []string{
			"special case", "special cases", "specialization", "specializes", "specialize",
			"restriction", "restricts", "narrows",
		}},
		{kwApplies, []string{
			"applies", "apply", "applying", "applied", "uses", "use", "using", "used",
			"employs", "employ", "employing", "leverages", "leverage", "leveraging",
		}},
	}
	m := make(map[string][]phrase)
	for _, l := range lists {
		for _, p := range l.ps {
			ws := strings.Fields(p)
			desc := "Keyword " + strconv.Quote(p) + " with name reference in formal statement"
			m[ws[0]] = append(m[ws[0]], phrase{words: ws, desc: desc, group: l.g})
		}
	}
	for k, ps := range m {
		for i := 1; i < len(ps); i++ {
			for j := i; j > 0 && len(ps[j].words) > len(ps[j-1].words); j-- {
				ps[j], ps[j-1] = ps[j-1], ps[j]
			}
		}
		m[k] = ps
	}
	return m
}()

// keyword is one occurrence of a relationship phrase in a scanned text.
type keyword struct {
	first, last int32 // word indexes, inclusive
	sentence    int32
	group       keyGroup
	desc        string
}

// findKeywords lists the relationship phrases of the scanned words in order.
func findKeywords(words []word, out []keyword) []keyword {
	out = out[:0]
	for i := 0; i < len(words); i++ {
		if !words[i].keyword {
			continue
		}
		ps := phrases[words[i].surface]
		for _, p := range ps {
			if i+len(p.words) > len(words) {
				continue
			}
			match := true
			for k := 1; k < len(p.words); k++ {
				if words[i+k].surface != p.words[k] {
					match = false
					break
				}
			}
			if !match {
				continue
			}
			last := i + len(p.words) - 1
			out = append(out, keyword{
				first: int32(i), last: int32(last), sentence: words[i].sentence,
				group: p.group, desc: p.desc,
			})
			i = last
			break
		}
	}
	return out
}

// outsideNames drops the keywords that overlap a mentioned name: "Applied
// Mathematics" names a concept and says nothing about its neighbours. Both
// lists are in text order.
func outsideNames(kws []keyword, ms []mention) []keyword {
	out, j := kws[:0], 0
	for _, k := range kws {
		for j < len(ms) && ms[j].last < k.first {
			j++
		}
		if j < len(ms) && ms[j].first <= k.last {
			continue
		}
		out = append(out, k)
	}
	return out
}

// nearestKeyword returns the keyword closest to the name spanning words
// [first, last] within keywordWindow words and the same sentence. A keyword
// before the name wins a tie: in "X uses A and requires B" the verb governs
// what follows it.
func nearestKeyword(kws []keyword, first, last, sentence int32) (keyword, bool) {
	// Binary search the first keyword that could fall in the window.
	lo, hi := 0, len(kws)
	for lo < hi {
		mid := (lo + hi) / 2
		if kws[mid].last < first-keywordWindow {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	best, bestDist, found := keyword{}, int32(1<<30), false
	for i := lo; i < len(kws) && kws[i].first <= last+keywordWindow; i++ {
		k := kws[i]
		if k.sentence != sentence {
			continue
		}
		var d int32
		switch {
		case k.last < first:
			d = first - k.last
		case k.first > last:
			d = k.first - last
		default:
			continue // inside the name itself
		}
		if d > keywordWindow || d >= bestDist && found {
			continue
		}
		best, bestDist, found = k, d, true
	}
	return best, found
}
