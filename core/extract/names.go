package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// maxName bounds a primitive name: longer than this it stops reading as a
// concept and starts reading as a sentence.
const maxName = 60

// smallWords stay lower case inside a title-cased name ("Law of Large
// Numbers"), as in English headline style.
var smallWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "in": true, "on": true, "for": true,
	"and": true, "or": true, "to": true, "with": true, "by": true, "at": true, "from": true,
	"as": true, "into": true, "via": true, "per": true, "vs": true, "nor": true,
}

// articles are dropped from the front and the inside of derived noun
// phrases: "the client" names the same thing as "client".
var articles = map[string]bool{"a": true, "an": true, "the": true, "any": true, "each": true, "every": true, "all": true, "some": true}

// clauseVerbs end the subject of a statement when deriving a noun phrase:
// without a part-of-speech tagger, a short list of the verbs textbooks and
// specs actually use keeps "the integral exists" from becoming the name.
var clauseVerbs = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "be": true, "has": true, "have": true,
	"can": true, "may": true, "must": true, "will": true, "shall": true, "should": true,
	"does": true, "do": true, "exists": true, "exist": true, "holds": true, "hold": true,
	"consists": true, "denotes": true, "denote": true, "means": true, "equals": true,
	"runs": true, "performs": true, "satisfies": true, "contains": true, "gives": true,
	"returns": true, "computes": true, "iff": true, "if": true, "that": true, "which": true,
	"where": true, "when": true, "with": true, "such": true, "converges": true, "divides": true,
	"takes": true, "uses": true, "represents": true, "refers": true, "describes": true,
	"defines": true, "implies": true, "requires": true, "provides": true, "allows": true,
	"becomes": true, "remains": true, "occurs": true, "lies": true, "belongs": true,
	"called": true, "said": true, "known": true, "whose": true, "so": true, "then": true,
	"over": true, "under": true, "between": true, "within": true, "across": true, "along": true,
	"onto": true, "into": true, "upon": true, "without": true, "versus": true,
	"because": true, "since": true, "while": true, "on": true, "in": true, "for": true,
	"at": true, "by": true, "from": true, "to": true, "as": true,
}

// leadingClause words open a subordinate clause ("If A has an enumeration,
// it has …"); the subject of the main clause comes after the first comma.
var leadingClause = map[string]bool{
	"if": true, "when": true, "whenever": true, "for": true, "given": true, "let": true,
	"suppose": true, "assume": true, "in": true, "under": true, "once": true, "after": true,
	"before": true, "unless": true, "although": true, "since": true, "because": true,
	"while": true, "as": true, "on": true, "upon": true, "otherwise": true, "then": true,
	"also": true, "thus": true, "hence": true, "here": true, "note": true, "finally": true,
	"however": true, "moreover": true, "additionally": true, "similarly": true,
}

// genericTitles are section titles that say nothing about the concept, so
// "Exercises Theorem" is never produced.
var genericTitles = map[string]bool{
	"document": true, "preamble": true, "introduction": true, "overview": true,
	"background": true, "exercises": true, "exercise": true, "discussion and exercises": true,
	"proofs": true, "proof": true, "examples": true, "example": true, "summary": true,
	"notes": true, "references": true, "appendix": true, "contents": true, "abstract": true,
	"conclusion": true, "conclusions": true, "problems": true, "section preview": true,
	"table of contents": true, "preliminaries": true, "miscellaneous": true,
}

// resultNouns end names that already say what kind of result they are:
// "Deterministic Sorting Lower Bound" needs no "Theorem" appended.
var resultNouns = map[string]bool{
	"bound": true, "bounds": true, "theorem": true, "lemma": true, "law": true, "laws": true,
	"principle": true, "inequality": true, "formula": true, "identity": true, "rule": true,
	"rules": true, "property": true, "criterion": true, "conjecture": true, "paradox": true,
	"corollary": true, "equation": true, "hypothesis": true, "proposition": true,
	"axiom": true, "postulate": true, "characterization": true, "test": true,
}

// titleCase upper-cases the first letter of every word except small words
// after the first; words that already carry capitals (WebSocket, GCD) keep
// them, so author spelling survives.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		lw := strings.ToLower(w)
		if i > 0 && smallWords[lw] && lw == w || symbolWord(w) {
			continue
		}
		words[i] = upperFirst(w)
	}
	return strings.Join(words, " ")
}

// symbolWord reports a word that starts with a symbol a capital would
// change: a one-letter variable, an index's ordinal ("nth", "kth"),
// "φ-function".
func symbolWord(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	if unicode.In(r, unicode.Greek) {
		return true
	}
	rest := w[n:]
	if rest == "" {
		return r >= 'b' && r <= 'z' // a variable: "Image of x under f"
	}
	return rest == "th" && strings.ContainsRune("ijkmnpqrt", r)
}

func upperFirst(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return w
	}
	return string(unicode.ToUpper(r)) + w[n:]
}

// tidyName trims what makes a name read like a fragment: surrounding
// punctuation, trailing stopwords and small words, and anything past
// maxName (cut at a word boundary). It returns "" when nothing concept-like
// is left: a stopword, a single letter, or no letters at all.
// citationTail is a citation ending a title: numbered ("[2]", "[3, 7]",
// "[12–14]") or by author and year ("[Jacobson 1989]").
var citationTail = lazyre.New(`\s*\[(?:[0-9][0-9,;–\- ]*|[^\[\]]{0,60}\b(?:1[89]|20)[0-9]{2}[a-z]?)\]\s*$`)

// trimQuotes drops the double quotes around a name, or one left over at
// its edge, but keeps a pair that quotes a word of it ("\"Full\"
// transparent mode").
func trimQuotes(s string) string {
	switch n := strings.Count(s, `"`); {
	case n == 2 && strings.HasPrefix(s, `"`) && strings.HasSuffix(s, `"`) && len(s) > 1:
		return strings.TrimSpace(s[1 : len(s)-1])
	case n%2 == 1:
		return strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, `"`), `"`))
	}
	return s
}

func tidyName(s string) string {
	s = text.CollapseSpace(s)
	// A caption's citation ("Subset-Rank Query using SWT [2]") is
	// where it comes from, not its name; cut as a bracket, it left "[2".
	s = citationTail.ReplaceAllString(s, "")
	s = strings.Trim(s, " \t,;:.!?-–—*_|'`{}<>/\\")
	s = trimQuotes(s)
	s = trimParens(trimBrackets(s))
	if len(s) > maxName {
		cut := text.Truncate(s, maxName)
		if i := strings.LastIndexByte(cut, ' '); i > 0 && len(s) > len(cut) && s[len(cut)] != ' ' {
			cut = cut[:i]
		}
		s = cut
	}
	for {
		s = trimParens(strings.TrimRight(s, " \t,;:.!?-–—*_|\"'`([{</\\"))
		i := strings.LastIndexByte(s, ' ')
		if i < 0 {
			break
		}
		raw := strings.Trim(s[i+1:], ",;:.\"'`()")
		if romanNumeral[strings.ToLower(raw)] && raw == strings.ToUpper(raw) {
			break // "Quicksort Theorem I"
		}
		if len(raw) == 1 && raw[0] >= 'A' && raw[0] <= 'Z' {
			break // a label, "Thread A", never an article at a name's end
		}
		last := strings.ToLower(raw)
		if !text.IsStopword(last) && !smallWords[last] && !clauseVerbs[last] {
			break
		}
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if !conceptLike(s) {
		return ""
	}
	return s
}

// trimBrackets removes square brackets at either end that close or open
// nothing, keeping "Access on the array A[i]" whole.
func trimBrackets(s string) string {
	for len(s) > 0 {
		open, closeN := strings.Count(s, "["), strings.Count(s, "]")
		switch {
		case s[len(s)-1] == '[', s[len(s)-1] == ']' && closeN > open:
			s = strings.TrimSpace(s[:len(s)-1])
		case s[0] == ']', s[0] == '[' && open > closeN:
			s = strings.TrimSpace(s[1:])
		default:
			return s
		}
	}
	return s
}

// trimParens removes unbalanced parentheses at either end, keeping
// "Restart Redis(TM)" whole.
func trimParens(s string) string {
	for len(s) > 0 {
		open, closeN := strings.Count(s, "("), strings.Count(s, ")")
		switch {
		case s[0] == '(' && open > closeN:
			s = strings.TrimSpace(s[1:])
		case s[len(s)-1] == ')' && closeN > open:
			s = strings.TrimSpace(s[:len(s)-1])
		case s[len(s)-1] == '(':
			s = strings.TrimSpace(s[:len(s)-1])
		case s[0] == ')':
			s = strings.TrimSpace(s[1:])
		case s[0] == '(' && s[len(s)-1] == ')' && open == 1 && closeN == 1:
			s = strings.TrimSpace(s[1 : len(s)-1])
		default:
			return s
		}
	}
	return s
}

// conceptLike reports whether s can stand as a name: at least one word of
// two or more letters that is not a stopword.
func conceptLike(s string) bool {
	return len(s) <= maxName && hasConceptWord(s)
}

// hasConceptWord reports whether s has a word that is not a stopword.
func hasConceptWord(s string) bool {
	ok := false
	text.EachWord(s, func(w string, _, _ int) {
		if !text.IsStopword(w) && hasLetter(w) {
			ok = true
		}
	})
	return ok
}

func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// givenName cleans a name the author wrote (a bracketed theorem name, a
// <title>, a box title): kept as written, first letter capitalized.
func givenName(s string) string {
	s = tidyName(s)
	if s == "" {
		return ""
	}
	if identifier(s) {
		return s // a function's name is spelled as the source spells it
	}
	return upperFirst(s)
}

// identifier reports a name that is one identifier of code: a word with
// an underscore or a dot inside ("parent_SK_to_lamport_PK",
// "G.scalar_mult"), whose case is part of the name.
func identifier(s string) bool {
	if strings.ContainsAny(s, " \t") || !strings.ContainsAny(strings.Trim(s, "_."), "_.") {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '.' {
			return false
		}
	}
	return true
}

// termName turns an emphasized defined term into a name ("group" → "Group").
func termName(s string) string {
	s = tidyName(stripArticle(s))
	if s == "" || utf8.RuneCountInString(s) < 2 {
		return ""
	}
	return titleCase(s)
}

func stripArticle(s string) string {
	s = strings.TrimSpace(s)
	for _, a := range []string{"a ", "an ", "the ", "A ", "An ", "The "} {
		if strings.HasPrefix(s, a) {
			return strings.TrimSpace(s[len(a):])
		}
	}
	return s
}

// word is one token of a statement with its original spelling.
type word struct {
	raw   string // as written, surrounding punctuation removed
	lower string
	// stop marks clause punctuation right after the word (",", ";", ":").
	stop bool
	// end marks a sentence end right after the word.
	end bool
}

// splitWords breaks plain text into words, remembering where clauses end.
// Math ($…$) is dropped: variables are not concept names.
func splitWords(s string) []word { return splitSentences(s, 1) }

// splitSentences is splitWords over the first n sentences (n < 0: all).
func splitSentences(s string, n int) []word {
	s = dropMath(s)
	var out []word
	for _, f := range strings.Fields(s) {
		w := word{}
		trail := f[len(strings.TrimRight(f, ",;:.!?)]\"'")):]
		if strings.ContainsAny(trail, ",;:") {
			w.stop = true
		}
		if strings.ContainsAny(trail, ".!?") {
			w.end = true
		}
		w.raw = strings.Trim(f, ",;:.!?()[]{}\"'`*_|<>“”‘’")
		if w.raw == "" {
			if f == ":" {
				// A colon standing alone is a formula's ("Â : V → W"),
				// not the end of a clause.
				continue
			}
			if len(out) > 0 {
				out[len(out)-1].stop = out[len(out)-1].stop || w.stop || w.end
				out[len(out)-1].end = out[len(out)-1].end || w.end
			}
			continue
		}
		if strings.HasPrefix(f, "(") && len(out) > 0 {
			out[len(out)-1].stop = true
		}
		w.lower = strings.ToLower(w.raw)
		out = append(out, w)
		if w.end {
			if n--; n == 0 {
				break
			}
		}
	}
	return out
}

// hyphenMath is a short formula joined to a word by a hyphen, part of a
// term's name: "$R$-module", "$\sigma$-algebra", "$2$-wedge product"
// (with the space the LaTeX reader sets after a formula, "$R$ -module").
var hyphenMath = lazyre.New(`\$([^$]{1,24})\$ ?-(\pL)|(\pL)- ?\$([^$]{1,24})\$`)

// keepHyphenMath writes the formulas hyphenMath finds as they read
// ("R-module", "σ-algebra"), so that a term named by them keeps them when
// dropMath leaves out the rest of the math.
func keepHyphenMath(s string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	return hyphenMath.ReplaceAllStringFunc(s, func(m string) string {
		// The LaTeX reader sets a space after a formula ("$R$ -module").
		m = strings.NewReplacer("$ -", "$-", "- $", "-$").Replace(m)
		return strings.ReplaceAll(text.ReadableMath(m), "$", "")
	})
}

// dropMath removes $…$ spans (and $$…$$) so formulas do not leak into
// names, keeping the formulas joined to a word by a hyphen.
func dropMath(s string) string {
	if strings.IndexByte(s, '$') < 0 {
		return s
	}
	if s = keepHyphenMath(s); strings.IndexByte(s, '$') < 0 {
		return s
	}
	var b strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && s[i+1] == '$' {
			i++
			continue
		}
		if c == '$' {
			in = !in
			if in {
				b.WriteByte(' ')
			}
			continue
		}
		if !in {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// mathWords are the operators of formulas set in running text ("det Â",
// "dim V"): in a PDF's text they are words, but never part of a name.
// (Abbreviations that are also concepts, "span", "max", "log", are not.)
var mathWords = map[string]bool{
	"det": true, "dim": true, "tr": true, "ker": true, "im": true, "exp": true, "ln": true,
	"sin": true, "cos": true, "tan": true, "deg": true, "gcd": true, "lcm": true, "sup": true, "inf": true,
	"lim": true, "sgn": true, "diag": true,
}

// isVariable reports words that name a mathematical object rather than a
// concept: single letters, "G1", "x_i", a call "p(x", an operator word
// ("det"), and the short accented symbols of a PDF's formulas ("QÂ", "ÂT").
func isVariable(w string) bool {
	if utf8.RuneCountInString(w) <= 1 || mathWords[w] || strings.ContainsAny(w, "()") {
		return true
	}
	letters, upper, accented := 0, 0, false
	for _, r := range w {
		if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Sm, r) {
			// "X̂∧T": a combining hat or an operator is a formula.
			return true
		}
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
			if r > unicode.MaxASCII && r < 0x250 {
				accented = true
			}
		}
	}
	if accented && letters <= 3 && upper > 0 {
		return true
	}
	return letters <= 1 || strings.ContainsAny(w, "_^=+<>")
}

// numberWords open a subject without naming it ("Two linear maps …").
var numberWords = map[string]bool{
	"one": true, "two": true, "three": true, "four": true, "five": true, "several": true,
	"many": true, "both": true, "some": true, "any": true,
}

// genericNouns are subjects that introduce a variable rather than the
// defined concept: in "A set V is a vector space if …" the term is
// "vector space".
var genericNouns = map[string]bool{
	"set": true, "map": true, "mapping": true, "function": true, "operator": true, "number": true,
	"element": true, "vector": true, "matrix": true, "collection": true, "sequence": true,
	"space": true, "object": true, "graph": true, "structure": true, "pair": true, "family": true,
	"subset": true, "transformation": true, "field": true, "group": true, "relation": true,
}

// subjectEnds end the head of a subject: what follows qualifies it ("a
// basis in the space V", "the minimal polynomial for an operator").
var subjectEnds = map[string]bool{
	"of": true, "in": true, "for": true, "on": true, "between": true, "with": true, "over": true,
}

// definedTerm finds what a definition statement defines, in the order
// authors signal it: "… is called X", "… is said to be X", then the subject
// before the copula ("A group is a set …" → "group").
func definedTerm(plain string) string {
	ws := splitWords(plain)
	if n := predicateTerm(ws); n != "" {
		return n
	}
	for i := 0; i+1 < len(ws); i++ {
		var rest []word
		switch {
		case ws[i].lower == "where" || ws[i].lower == "whose":
			// "… is the set of n-tuples, where xi are called components":
			// a term named in a subordinate clause is not the defined one.
			// ("…, which is called X" names the object defined: it stays.)
			i = len(ws)
			continue
		case (ws[i].lower == "called" || ws[i].lower == "termed" || ws[i].lower == "named") && i > 0 && ws[i-1].lower == "also":
			// "(also called X)" gives an alias; the subject is the term.
			continue
		case ws[i].lower == "called" || ws[i].lower == "termed" || ws[i].lower == "named":
			rest = ws[i+1:]
		case ws[i].lower == "said" && i+2 < len(ws) && ws[i+1].lower == "to" && ws[i+2].lower == "be":
			rest = ws[i+3:]
		case ws[i].lower == "we" && ws[i+1].lower == "call":
			// "we call such a tree a spanning tree": the term is the last
			// article-led phrase of the clause.
			continue
		default:
			continue
		}
		if n := phraseFrom(rest, 4); n != "" {
			return n
		}
	}
	if len(ws) > 0 && leadingClause[ws[0].lower] {
		// "Suppose Â is a linear operator … . Then v is called the
		// eigenvector of Â": a setup, then the term.
		if n := calledTerm(splitSentences(plain, 3)); n != "" {
			return n
		}
	}
	if n := subjectPhrase(ws, 4); n != "" && !shortWord(n) && !genericPlural(n) && !namesVariable(ws, n) {
		return n
	}
	return ""
}

// calledTerm is the X of "… is called X" or "… are called X" in ws.
func calledTerm(ws []word) string {
	for i := 1; i+1 < len(ws); i++ {
		if ws[i].lower == "called" && (ws[i-1].lower == "is" || ws[i-1].lower == "are") {
			if n := phraseFrom(ws[i+1:], 4); n != "" && !shortWord(n) {
				return n
			}
		}
	}
	return ""
}

// namesVariable reports a one-word generic subject followed by its symbol
// ("the function f(Â) is …"): what is defined is the notation, and the
// noun alone does not name it.
func namesVariable(ws []word, n string) bool {
	if strings.Contains(n, " ") || !genericNouns[strings.ToLower(n)] {
		return false
	}
	for i := 0; i+1 < len(ws); i++ {
		if strings.EqualFold(ws[i].raw, n) {
			return isVariable(ws[i+1].raw)
		}
	}
	return false
}

// genericPlural reports a subject such as "spaces" or "sets": a statement
// about some objects in general, not the term a definition defines.
func genericPlural(n string) bool {
	l := strings.ToLower(n)
	return strings.HasSuffix(l, "s") && genericNouns[strings.TrimSuffix(l, "s")]
}

// shortWord reports one-word names of at most two letters: in extracted
// text these are symbols ("Vn", "PN"), not terms.
func shortWord(n string) bool {
	return !strings.Contains(n, " ") && utf8.RuneCountInString(n) <= 2
}

// predicateTerm reads "A set V is a vector space if …": when the subject is
// a generic noun followed by a variable, the defined term is the predicate
// noun phrase after "is a/an".
func predicateTerm(ws []word) string {
	for i := 1; i+2 < len(ws) && i < 12; i++ {
		if ws[i].lower != "is" && ws[i].lower != "are" {
			continue
		}
		hasGeneric, hasVar := false, false
		for j, w := range ws[:i] {
			if j > 0 && subjectEnds[w.lower] && !hasGeneric {
				// "A subspace of a vector space V is a subset …": the
				// subject is "subspace"; "space" only qualifies it.
				return ""
			}
			if genericNouns[strings.TrimSuffix(w.lower, "s")] {
				hasGeneric = true
				continue
			}
			if hasGeneric && !articles[w.lower] && !text.IsStopword(w.lower) &&
				(isVariable(w.raw) || strings.ContainsAny(w.raw, "∈→×")) {
				hasVar = true
			}
		}
		a := ws[i+1].lower
		if !hasGeneric || !hasVar || (a != "a" && a != "an" && a != "called") {
			return ""
		}
		rest := ws[i+2:]
		if a == "called" && len(rest) > 0 && (rest[0].lower == "a" || rest[0].lower == "an") {
			rest = rest[1:]
		}
		if n := phraseFrom(rest, 3); n != "" && !shortWord(n) {
			return n
		}
		return ""
	}
	return ""
}

func verbLike(w, prev string) bool {
	if len(w) < 4 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is") {
		return false
	}
	p := strings.ToLower(prev)
	return !strings.HasSuffix(p, "s")
}

// phraseFrom takes up to max words from ws, skipping leading articles and
// stopping at clause punctuation or a clause verb.
func phraseFrom(ws []word, max int) string {
	var parts []string
	singular, connector := false, false
	for i, w := range ws {
		if len(parts) == 0 && (articles[w.lower] || text.IsStopword(w.lower)) {
			if w.stop || w.end {
				return ""
			}
			if w.lower == "a" || w.lower == "an" || w.lower == "every" || w.lower == "each" {
				singular = true
			}
			continue
		}
		if singular && len(parts) > 0 && verbLike(w.lower, parts[len(parts)-1]) {
			// "A closure captures variables": after a singular subject, a
			// word in -s following a word not in -s is the verb.
			break
		}
		if len(parts) > 0 && clauseVerbs[w.lower] && !smallWords[w.lower] {
			break
		}
		if len(parts) > 0 && (w.lower == "of" || w.lower == "in" || w.lower == "for") && i+1 < len(ws) {
			// keep "order of a subgroup" together
		} else if len(parts) > 0 && smallWords[w.lower] {
			break
		}
		if articles[w.lower] {
			continue
		}
		if adverbs[w.lower] || (len(parts) == 0 && numberWords[w.lower]) {
			continue
		}
		if isVariable(w.raw) {
			if w.stop || w.end || len(parts) > 0 && !connector {
				// "the transposed operator ÂT ∈ End V": the phrase ends
				// at its symbol.
				break
			}
			continue
		}
		parts = append(parts, w.raw)
		connector = w.lower == "of" || w.lower == "in" || w.lower == "for"
		if w.stop || w.end {
			break
		}
		if len(parts) >= max {
			if i+1 < len(ws) && !ws[i+1].stop && !smallWords[ws[i+1].lower] && !isVariable(ws[i+1].raw) {
				// Cut before its noun ("homeomorphism of topological
				// | spaces"): the phrase keeps its head without the
				// unfinished qualifier.
				for k := len(parts) - 1; k > 0; k-- {
					if l := strings.ToLower(parts[k]); l == "of" || l == "in" || l == "for" {
						parts = parts[:k]
						break
					}
				}
			}
			break
		}
	}
	return tidyName(strings.Join(parts, " "))
}

// subjectPhrase is the noun phrase opening the main clause: a leading
// subordinate clause ("If …, ", "For all …, ") is skipped.
func subjectPhrase(ws []word, max int) string {
	if len(ws) == 0 {
		return ""
	}
	if leadingClause[ws[0].lower] {
		for i, w := range ws {
			if i > 0 && w.lower == "then" && i+1 < len(ws) {
				// "If … is a linear map then the transposed operator …"
				if pronouns[ws[i+1].lower] {
					return ""
				}
				ws = ws[i+1:]
				break
			}
			if w.stop && i+1 < len(ws) && (ws[i+1].lower == "and" || ws[i+1].lower == "or") {
				// "Suppose …, and a vector v is such that …": the
				// supposition goes on.
				continue
			}
			if w.stop && i+1 < len(ws) {
				ws = ws[i+1:]
				break
			}
			if w.end || i == len(ws)-1 {
				return ""
			}
		}
	}
	return phraseFrom(ws, max)
}

// statementPhrase names a result from its statement when nothing better
// exists: the subject of its main clause, else its first content words.
func statementPhrase(plain string, max int) string {
	ws := splitWords(plain)
	if len(ws) > 0 && imperatives[ws[0].lower] {
		ws = ws[1:]
	}
	if n := subjectPhrase(ws, max); n != "" && !isOnlyStopOrVar(n) && !shortWord(n) {
		return n
	}
	var parts []string
	for i, w := range ws {
		if i == 0 && imperatives[w.lower] {
			continue
		}
		if text.IsStopword(w.lower) || clauseVerbs[w.lower] || isVariable(w.raw) || !hasLetter(w.raw) {
			if len(parts) > 0 && (w.stop || w.end) {
				break
			}
			continue
		}
		parts = append(parts, w.raw)
		if len(parts) >= max || w.stop || w.end {
			break
		}
	}
	return tidyName(strings.Join(parts, " "))
}

// imperatives open instructions, not subjects ("Consider an N-dimensional
// space …", "Prove that …").
var imperatives = map[string]bool{
	"consider": true, "prove": true, "show": true, "note": true, "recall": true, "see": true,
	"suppose": true, "assume": true, "define": true, "compute": true, "find": true, "verify": true,
}

func isOnlyStopOrVar(s string) bool {
	for _, f := range strings.Fields(s) {
		l := strings.ToLower(f)
		if !text.IsStopword(l) && !isVariable(f) {
			return false
		}
	}
	return true
}

// modifierStarts end a lead phrase once it has a verb and an object: "Install
// the package with go get" names "Install the Package".
var modifierStarts = map[string]bool{
	"with": true, "using": true, "by": true, "via": true, "because": true, "so": true,
	"which": true, "that": true, "when": true, "if": true, "until": true, "for": true,
	"from": true, "in": true, "on": true, "at": true, "before": true, "after": true,
	"without": true, "while": true, "since": true, "unless": true, "through": true,
}

// leadPhrase names steps, tips, methods and findings from their text: the
// first clause, up to max words, as written ("Create a network"), without
// a leading pronoun ("We use …" → "Use …") and without trailing modifiers.
func leadPhrase(plain string, max int) string {
	ws := splitWords(plain)
	var parts []string
	for _, w := range ws {
		if len(parts) == 0 && (articles[w.lower] || pronouns[w.lower]) {
			continue
		}
		if len(parts) >= 2 && modifierStarts[w.lower] {
			break
		}
		parts = append(parts, w.raw)
		if len(parts) >= max || w.stop || w.end {
			break
		}
	}
	return tidyName(strings.Join(parts, " "))
}

var romanNumeral = map[string]bool{"i": true, "ii": true, "iii": true, "iv": true, "v": true, "vi": true, "vii": true, "viii": true, "ix": true, "x": true}

// withKind appends the kind of result to a topic name ("Merge-Sort" →
// "Merge-Sort Theorem") unless the name already ends in a result noun; a
// trailing ordinal stays last ("Quicksort I" → "Quicksort Theorem I").
func withKind(name, kind string) string {
	if name == "" || kind == "" {
		return name
	}
	f := strings.Fields(name)
	last := strings.ToLower(f[len(f)-1])
	if resultNouns[last] {
		return name
	}
	if len(f) > 1 && (romanNumeral[last] || isDigits(last)) {
		prev := strings.ToLower(f[len(f)-2])
		if resultNouns[prev] {
			return name
		}
		return strings.Join(f[:len(f)-1], " ") + " " + kind + " " + f[len(f)-1]
	}
	return name + " " + kind
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// topicTitle returns a section title usable as the topic of a result name,
// or "" when the title is generic or too long to read as a topic.
func topicTitle(title string) string {
	t := tidyName(title)
	if t == "" || len(t) > 40 || genericTitles[strings.ToLower(t)] {
		return ""
	}
	if r, _ := utf8.DecodeRuneInString(t); unicode.IsDigit(r) {
		return ""
	}
	return upperFirst(t)
}

// kindWord is the word a name carries for a marker: "Lemma" stays "Lemma",
// theorem-like markers without a word of their own say "Theorem".
func kindWord(t string) string {
	switch t {
	case "definition", "defn", "defi", "dfn", "def":
		return "Definition"
	case "theorem", "thm", "statement":
		return "Theorem"
	case "lemma", "lem":
		return "Lemma"
	case "corollary", "cor":
		return "Corollary"
	case "proposition", "prop":
		return "Proposition"
	case "axiom":
		return "Axiom"
	case "algorithm":
		return "Algorithm"
	case "identity":
		return "Identity"
	case "rule":
		return "Rule"
	case "principle":
		return "Principle"
	case "fact":
		return "Fact"
	}
	return upperFirst(t)
}
