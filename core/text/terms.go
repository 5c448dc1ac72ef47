package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Keywords are kept twice in lore: as stems, internally, wherever two texts
// are compared ("properties" and "property" both give "properti"), and as
// words wherever a person or an agent reads them. Terms gives the words;
// Keywords and Stems give the stems.

// discourseWords are words of the text around knowledge, not of the
// knowledge itself: how a proof or a specification talks ("suppose",
// "let", "show", "following", "given", "defined", "see section"), and the
// fragments of addresses and markup ("https", "www", "github"). They are
// not stopwords (names may hold them: "Following Distance"), but they are
// never keywords. discourseVerbs go in every inflection (matched by stem:
// "supposing", "shows", "denoted"); the other words go as written, because
// their stems are shared with concepts ("follower", "container",
// "reference", "satisfiable").
var (
	discourseVerbs = []string{
		"suppose", "assume", "assumption", "prove", "show", "denote", "define", "note", "use",
		"mention", "discuss", "describe",
	}
	discourseWords = []string{
		// Reasoning and exposition.
		"let", "proof", "proofs", "shown", "proven", "follow", "follows", "followed", "following", "given", "give",
		"gives", "giving", "consider", "considered", "considering", "call", "called", "calls",
		"recall", "recalls", "recalled", "say", "says", "said", "see", "sees", "seen", "obtain",
		"obtains", "obtained", "claim", "claims", "stated", "hold", "holds", "held", "exist",
		"exists", "existed", "satisfy", "satisfies", "satisfied", "satisfying", "namely",
		"clearly", "certainly", "indeed", "actually", "simply", "respectively", "particular",
		"particularly", "general", "generally", "usual", "usually", "certain", "various",
		"several", "already", "still", "even", "always", "never", "often", "sometimes",
		"instead", "rather", "whether", "either", "neither", "unless", "otherwise", "well",
		"like", "now", "way", "ways", "thing", "things", "something", "anything", "nothing",
		"everything", "someone", "anyone", "case", "cases", "fact", "facts", "yes", "first",
		"second", "third", "last", "next", "previous", "former", "latter", "new", "old",
		"different", "similar", "possible", "necessary", "sufficient", "whenever", "wherever",
		"whatever", "make", "makes", "made", "making", "take", "takes", "taken", "took", "get",
		"gets", "got", "go", "goes", "want", "wants", "know", "knows", "known", "find", "finds",
		"found", "put", "puts", "come", "comes", "become", "becomes", "seem", "seems", "try",
		"tries", "tell", "look", "looks", "keep", "keeps", "allow", "allows", "allowed",
		"refer", "refers", "referred", "include", "includes", "included", "including",
		"contain", "contains", "contained", "containing", "provide", "provides", "provided",
		"providing", "require", "requires", "required", "requiring", "specify", "specifies",
		"specified", "apply", "applies", "applied", "wish", "able", "unable", "related",
		"corresponding", "appropriate", "specific", "whole", "entire", "rest", "remaining",
		"less", "greater", "example", "examples", "exercise", "exercises", "remark",
		"remarks", "figure", "figures", "section", "sections", "chapter", "chapters",
		"appendix", "paragraph", "paragraphs", "thus", "hence", "therefore", "however",
		"moreover", "furthermore", "additionally", "finally", "etc",
		// Addresses, markup and publishing.
		"http", "https", "www", "com", "org", "net", "html", "htm", "url", "uri", "github",
		"gitlab", "doi", "arxiv", "isbn", "pdf", "png", "jpg", "svg", "txt", "tex", "nbsp",
		"amp", "quot", "et", "al", "ibid", "op", "cit", "fig", "eq", "eqn", "thm", "lem",
		"def", "defn", "prop", "cor", "sec", "ch", "pp", "vol", "ed", "eds",
	}
)

var discourse = func() (m struct{ words, stems map[string]struct{} }) {
	m.words = make(map[string]struct{}, len(discourseWords))
	m.stems = make(map[string]struct{}, len(discourseVerbs))
	for _, w := range discourseWords {
		m.words[w] = struct{}{}
	}
	for _, w := range discourseVerbs {
		m.stems[Stem(w)] = struct{}{}
	}
	return m
}()

// IsDiscourse reports whether the lowercased word w is a discourse word:
// one that says how a text speaks, not what it is about ("suppose",
// "shows", "following", "https"). Such words are never keywords.
func IsDiscourse(w string) bool {
	if _, ok := discourse.words[w]; ok {
		return true
	}
	_, ok := discourse.stems[Stem(w)]
	return ok
}

// IsTermWord reports whether the lowercased word w can be a keyword shown
// to people: at least three letters long, with a letter and no digit-only
// form, not a stopword or discourse word, and not a word whose stem is a
// stopword ("needed" stems to "need").
func IsTermWord(w string) bool {
	if utf8.RuneCountInString(w) < 3 || IsStopword(w) || !hasLetterRune(w) {
		return false
	}
	s := Stem(w)
	if utf8.RuneCountInString(s) < 3 || IsStopword(s) || IsDiscourse(w) {
		return false
	}
	return true
}

func hasLetterRune(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// Terms returns the keywords of s as words a person reads: one per stem, in
// the order the stems first appear, each written in its most frequent form
// in s (ties to the shorter, then the alphabetically first form), so
// "the properties … a property … properties" gives "properties". Stopwords,
// discourse words (IsDiscourse), numbers and words under three letters are
// left out. Stems(Terms(s)) is Keywords(s) without the discourse words.
func Terms(s string) []string {
	// Each distinct word of s once, in order of first appearance, with its
	// stem ("" when it is not a term word), its count and the next word
	// with the same stem. A statement has a few dozen distinct words: a
	// slice searched from the end costs less than the maps it took, which
	// are built only once s has more words than that.
	type entry struct {
		word, stem string
		n          int
		next       int // the next entry with the same stem, or -1
		first      bool
	}
	const small = 32
	var buf [small]entry
	entries := buf[:0]
	var words map[string]int // word → entry, once len(entries) > small
	var last map[string]int  // stem → its last entry, likewise
	lastOf := func(st string) int {
		if last != nil {
			if i, ok := last[st]; ok {
				return i
			}
			return -1
		}
		for i := len(entries) - 1; i >= 0; i-- {
			if entries[i].stem == st {
				return i
			}
		}
		return -1
	}
	EachWord(s, func(w string, start, end int) {
		// A short piece of a snake_case name ("gen" of
		// gen_gaussian_plot_vals) is an abbreviation, not a term.
		if len(w) < 4 && (start > 0 && s[start-1] == '_' || end < len(s) && s[end] == '_') {
			return
		}
		if words != nil {
			if i, ok := words[w]; ok {
				entries[i].n++
				return
			}
		} else {
			for i := len(entries) - 1; i >= 0; i-- {
				if entries[i].word == w {
					entries[i].n++
					return
				}
			}
		}
		st, _ := termStem(w)
		e := entry{word: w, stem: st, n: 1, next: -1}
		if st != "" {
			if j := lastOf(st); j >= 0 {
				entries[j].next = len(entries)
			} else {
				e.first = true
			}
		}
		entries = append(entries, e)
		switch {
		case words != nil:
			words[w] = len(entries) - 1
			if st != "" {
				last[st] = len(entries) - 1
			}
		case len(entries) > small:
			words = make(map[string]int, 2*len(entries))
			last = make(map[string]int, 2*len(entries))
			for i := range entries {
				words[entries[i].word] = i
				if entries[i].stem != "" {
					last[entries[i].stem] = i
				}
			}
		}
	})
	// Counted first: the keywords are kept as long as their primitive, and
	// a slice grown to a bound would keep that bound's capacity.
	n := 0
	for i := range entries {
		if entries[i].first {
			n++
		}
	}
	out := make([]string, 0, n)
	for i := range entries {
		if !entries[i].first {
			continue
		}
		best := &entries[i]
		for j := best.next; j >= 0; j = entries[j].next {
			f := &entries[j]
			if f.n > best.n || f.n == best.n && (len(f.word) < len(best.word) || len(f.word) == len(best.word) && f.word < best.word) {
				best = f
			}
		}
		out = append(out, best.word)
	}
	return out
}

// Stems returns the unique stems of keywords in order: the form in which
// keywords are compared. A keyword may be a word ("properties") or, as
// primitives stored before keywords were words hold, already a stem
// ("properti"); both give the same stem. Keywords of several words stem
// word by word ("header fields" → "header field").
func Stems(keywords []string) []string {
	out := make([]string, 0, len(keywords))
	seen := make(map[string]struct{}, len(keywords))
	var parts []string
	for _, k := range keywords {
		parts = parts[:0]
		EachWord(k, func(w string, _, _ int) { parts = append(parts, Stem(w)) })
		st := ""
		if len(parts) == 1 {
			st = parts[0]
		} else if len(parts) > 1 {
			st = strings.Join(parts, " ")
		}
		if st == "" {
			continue
		}
		if _, ok := seen[st]; ok {
			continue
		}
		seen[st] = struct{}{}
		out = append(out, st)
	}
	return out
}

// refCommands are LaTeX commands whose arguments are keys, not words.
var refCommands = map[string]bool{
	"ref": true, "eqref": true, "cref": true, "Cref": true, "autoref": true, "pageref": true,
	"nameref": true, "vref": true, "label": true, "cite": true, "citep": true, "citet": true,
	"citealp": true, "nocite": true, "index": true, "hypertarget": true, "url": true,
	"includegraphics": true, "glsadd": true,
}

// Prose is the prose of a statement, for keywords: mathematics ($…$, $$…$$,
// \(…\), \[…\]) and the keys of cross-references, labels, citations and
// index entries (\cref{thm:hae}, \index{fiber}) become spaces, and other
// LaTeX command names go while their arguments stay (\emph{fiber} gives
// "fiber"). Variables and macro names inside mathematics ("hae" of
// $\ishae(f)$) are not what a statement is about.
func Prose(s string) string {
	if !strings.ContainsAny(s, `$\`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '$' && (i == 0 || s[i-1] != '\\'):
			closer := "$"
			if strings.HasPrefix(s[i:], "$$") {
				closer = "$$"
			}
			j := strings.Index(s[i+len(closer):], closer)
			if j < 0 {
				b.WriteByte(' ')
				i++
				continue
			}
			b.WriteByte(' ')
			i += len(closer) + j + len(closer)
		case c == '\\' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '['):
			closer := `\)`
			if s[i+1] == '[' {
				closer = `\]`
			}
			j := strings.Index(s[i+2:], closer)
			if j < 0 {
				i += 2
				continue
			}
			b.WriteByte(' ')
			i += 2 + j + 2
		case c == '\\' && i+1 < len(s) && isLetter(s[i+1]):
			j := i + 1
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			name := s[i+1 : j]
			i = j
			b.WriteByte(' ')
			// \hyperref[key]{text} and \href{url}{text} keep their text.
			args := -1
			switch {
			case name == "hyperref":
				args = 1
			case name == "href":
				args = 1
			case !refCommands[name]:
				continue
			}
			// Skip the command's [optional] and {braced} arguments.
			for i < len(s) && args != 0 && (s[i] == '{' || s[i] == '[' || s[i] == '*') {
				args--
				if s[i] == '*' {
					i++
					continue
				}
				open, close := s[i], byte('}')
				if open == '[' {
					close = ']'
				}
				depth := 0
				for i < len(s) {
					if s[i] == open {
						depth++
					} else if s[i] == close {
						depth--
						if depth == 0 {
							i++
							break
						}
					}
					i++
				}
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
