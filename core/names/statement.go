package names

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// token is a word of a statement's prose, or one inline formula whole.
type token struct {
	s    string // as written (a formula with its delimiters)
	low  string // lowercased, punctuation trimmed ("" for a formula)
	math bool
	// end is true when punctuation that ends a phrase (, . ; :) follows,
	// period when a full stop does.
	end, period bool
}

// maxTokens bounds the work per statement: names come from its first
// sentences and its conclusion, never from page three of a long proof.
const maxTokens = 400

// tokens splits a statement into words and formulas. LaTeX commands in
// the prose (\emph{…}, \textbf{…}) keep only their argument's words.
func tokens(s string) []token {
	var out []token
	i := 0
	for i < len(s) && len(out) < maxTokens {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '~':
			i++
		case c == '$' || strings.HasPrefix(s[i:], `\(`) || strings.HasPrefix(s[i:], `\[`):
			open, close := "$", "$"
			switch {
			case strings.HasPrefix(s[i:], "$$"):
				open, close = "$$", "$$"
			case c == '\\' && s[i+1] == '(':
				open, close = `\(`, `\)`
			case c == '\\':
				open, close = `\[`, `\]`
			}
			j := strings.Index(s[i+len(open):], close)
			if j < 0 {
				out = append(out, token{s: s[i:], math: true})
				return out
			}
			e := i + len(open) + j + len(close)
			t := token{s: s[i:e], math: true}
			if e < len(s) && strings.ContainsRune(",.;:", rune(s[e])) {
				t.end = true
				t.period = s[e] == '.'
			}
			out = append(out, t)
			i = e
		case c == '\\':
			// A command name is dropped; its braces are read as text.
			j := i + 1
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			if j == i+1 && j < len(s) {
				j++
			}
			i = j
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\n\r~$", rune(s[j])) && !(s[j] == '\\' && j+1 < len(s) && (s[j+1] == '(' || s[j+1] == '[')) {
				j++
			}
			if j == i {
				j = i + 1
			}
			w := strings.Trim(s[i:j], "{}")
			w = braces.Replace(w)
			t := token{s: w}
			trimmed := strings.TrimRightFunc(w, func(r rune) bool { return strings.ContainsRune(",.;:!?)]", r) })
			if trimmed != w && strings.ContainsAny(w[len(trimmed):], ",.;:!?") {
				t.end = true
				t.period = strings.ContainsAny(w[len(trimmed):], ".!?") && !isAbbrev(trimmed)
			}
			t.low = strings.ToLower(strings.TrimFunc(trimmed, func(r rune) bool {
				return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '\''
			}))
			if t.low != "" || t.end {
				if t.low == "" && len(out) > 0 {
					out[len(out)-1].end = true
					out[len(out)-1].period = out[len(out)-1].period || strings.ContainsAny(w, ".!?")
				} else {
					t.s = strings.TrimRight(trimmed, "(['\"")
					out = append(out, t)
				}
			}
			i = j
		}
	}
	return out
}

// braces drops TeX grouping from a word ("{\em abelian}" → "abelian").
var braces = strings.NewReplacer("{", "", "}", "")

// openers begin a statement's own sentence: a phrase before the first of
// them at the start of a statement is a title the author gave it
// ("Extended Euclidean Algorithm Suppose a and b are integers …").
var openers = map[string]bool{
	"Let": true, "Suppose": true, "Given": true, "If": true, "For": true, "There": true,
	"Then": true, "We": true, "Assume": true, "The": true, "A": true, "An": true,
	"Every": true, "Any": true, "In": true, "Consider": true, "Fix": true, "This": true,
	"Each": true, "Write": true, "Denote": true, "Set": true, "Take": true, "Define": true,
}

// sentenceOpeners are the openers that begin a sentence, never a title:
// "Write a Number in Binary" is a title, "Let" is not.
var sentenceOpeners = map[string]bool{
	"Let": true, "Suppose": true, "Given": true, "If": true, "For": true, "There": true,
	"Then": true, "We": true, "Assume": true, "The": true, "A": true, "An": true,
	"Every": true, "Any": true, "In": true, "This": true, "Each": true,
}

// maxLeadWords is the longest title a statement can open with.
const maxLeadWords = 7

// leadTitle is the phrase a statement opens with before its first
// sentence begins, if any.
func leadTitle(st string) string {
	ts := tokens(text.Truncate(st, 400))
	if len(ts) < 2 || sentenceOpeners[ts[0].s] {
		return ""
	}
	for i := 1; i < len(ts) && i <= maxLeadWords; i++ {
		prev := ts[i-1]
		if prev.end {
			return ""
		}
		if prev.math && len(prev.s) > 12 {
			return ""
		}
		if !prev.math && !wordLike(prev.s) {
			return ""
		}
		if openers[ts[i].s] {
			if !ts[i-1].math && isStop(ts[i-1].low) {
				return ""
			}
			return join(ts[:i])
		}
	}
	return ""
}

// wordLike reports whether w is a word a title holds: letters, digits,
// hyphens and apostrophes, with at least one letter.
func wordLike(w string) bool {
	letter := false
	for _, r := range w {
		switch {
		case unicode.IsLetter(r):
			letter = true
		case unicode.IsDigit(r), r == '-', r == '\'', r == '’', r == '(', r == ')':
		default:
			return false
		}
	}
	return letter
}

func join(ts []token) string {
	parts := make([]string, 0, len(ts))
	for _, t := range ts {
		parts = append(parts, t.s)
	}
	return strings.Join(parts, " ")
}

// termStops end a term: what follows them is a condition, not the term.
var termStops = map[string]bool{
	"if": true, "when": true, "whenever": true, "provided": true, "iff": true, "such": true,
	"and": true, "with": true, "which": true, "that": true, "where": true, "whose": true,
	"is": true, "are": true, "for": true, "on": true, "to": true, "by": true,
	"as": true, "at": true, "then": true, "there": true, "has": true, "have": true,
	"satisfying": true, "given": true, "defined": true, "from": true, "between": true,
	"modulo": true, "or": true, "but": true,
}

// maxTermWords is the longest term read.
const maxTermWords = 5

// term reads a term starting at ts[i]: up to maxTermWords tokens, ending
// at a stop word or punctuation, without trailing stopwords or formulas;
// a formula may only follow "of" or "form" ("primes of the form 4x-1").
func term(ts []token, i int) string {
	var out []token
	for ; i < len(ts) && len(out) < maxTermWords; i++ {
		t := ts[i]
		if t.math {
			if len(out) == 0 || len(t.s) > 16 {
				break
			}
			if l := out[len(out)-1].low; l != "of" && l != "form" {
				break
			}
			out = append(out, t)
			if t.end {
				break
			}
			continue
		}
		if termStops[t.low] || !wordLike(t.s) {
			break
		}
		out = append(out, t)
		if t.end {
			break
		}
	}
	for len(out) > 0 {
		last := out[len(out)-1]
		if last.math && len(out) > 1 && (out[len(out)-2].low == "of" || out[len(out)-2].low == "form") {
			break // "primes of the form 4x-1" keeps its formula
		}
		if !last.math && !isStop(last.low) {
			break
		}
		out = out[:len(out)-1]
	}
	for len(out) > 0 && isArticle(out[0].low) {
		out = out[1:]
	}
	return join(out)
}

func isStop(w string) bool { return w == "" || text.IsStopword(w) }

func isArticle(w string) bool { return w == "a" || w == "an" || w == "the" }

// definedTerms are the terms a definition defines: "X is called Y",
// "we say X is Y", "X is said to be Y", "a Y is …", "we call X a Y".
func definedTerms(st string) []string {
	ts := tokens(st)
	var out []string
	for i := 0; i < len(ts); i++ {
		switch {
		case ts[i].low == "called" && i > 0 && (ts[i-1].low == "is" || ts[i-1].low == "are"):
			out = appendTerm(out, term(ts, i+1))
		case ts[i].low == "said" && i+2 < len(ts) && ts[i+1].low == "to" && ts[i+2].low == "be":
			out = appendTerm(out, term(ts, i+3))
		case ts[i].low == "say" && i > 0 && ts[i-1].low == "we":
			// "we say (that) X is (a|an) Y"
			for j := i + 1; j < len(ts) && j < i+8; j++ {
				if ts[j].low == "is" || ts[j].low == "are" {
					out = appendTerm(out, term(ts, j+1))
					break
				}
				if ts[j].end {
					break
				}
			}
		case ts[i].low == "define" && i > 0 && ts[i-1].low == "we" && i+1 < len(ts) && isArticle(ts[i+1].low):
			// "we define the tensor product $A \otimes B$ …"
			if tm := term(ts, i+2); !generic(tm) {
				out = appendTerm(out, tm)
			}
		case ts[i].low == "defined" && i > 0 && (ts[i-1].low == "is" || ts[i-1].low == "are"):
			// "The completion $(…)$ is defined as follows"
			if subj := subjectBefore(ts, i-1); !generic(subj) {
				out = appendTerm(out, subj)
			}
		case ts[i].low == "call" && i > 0 && ts[i-1].low == "we":
			for j := i + 1; j < len(ts) && j < i+4; j++ {
				if ts[j].math {
					out = appendTerm(out, term(ts, j+1))
					break
				}
			}
		}
	}
	// "A groupoid is a category …": the words between an article opening
	// a sentence and the first "is".
	for i := 0; i+2 < len(ts); i++ {
		if (ts[i].s != "A" && ts[i].s != "An" && ts[i].s != "The") || (i > 0 && !ts[i-1].end) {
			continue
		}
		for j := i + 1; j < len(ts) && j <= i+maxTermWords+1; j++ {
			if ts[j].low == "is" || ts[j].low == "are" {
				// The term may be followed by its symbol: "The cross
				// product $\times$ is …".
				var words []token
				for _, t := range ts[i+1 : j] {
					if t.math || t.end {
						break
					}
					words = append(words, t)
				}
				if n := len(words); n > 0 && (n == j-i-1 || n == j-i-2 && ts[j-1].math) {
					if tm := join(words); !generic(tm) {
						out = appendTerm(out, tm)
					}
				}
				break
			}
		}
	}
	return out
}

func appendTerm(out []string, t string) []string {
	if t == "" {
		return out
	}
	for _, o := range out {
		if o == t {
			return out
		}
	}
	return append(out, t)
}

// conclusionPhrases name a result by what it concludes: "there are
// infinitely many primes of the form 4x-1" → "infinitely many primes of
// the form 4x-1"; "X is an equivalence of categories if and only if …" →
// "characterization of equivalence of categories"; "Q commutes with finite
// colimits" → "localization functor commutes with finite colimits";
// "this algorithm computes …" → what it computes.
func conclusionPhrases(st string, definition bool) []string {
	ts := tokens(st)
	decl := declarations(ts)
	var out []string
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch t.low {
		case "exist", "exists", "is", "are":
			if (t.low == "is" || t.low == "are") && i > 0 && ts[i-1].math && i+1 < len(ts) && !isArticle(ts[i+1].low) && !ts[i+1].math {
				// "Then $g \circ f$ is representable" → "representable is
				// stable under composition"
				if op := stableUnder(ts[i-1].s); op != "" && afterThen(ts, i-1) {
					if prop := property(ts, i+1); prop != "" && hypothesisHas(ts, i-1, prop) {
						out = appendTerm(out, prop+" is stable under "+op)
					}
				}
				break
			}
			if (t.low == "is" || t.low == "are") && i > 0 && ts[i-1].math {
				// "$Y_2 \otimes Y_1$ is a left dual of …" → "left dual of
				// a tensor product"
				// Only a relational noun ("a left dual of", "the inverse
				// of") names what the operation's result is.
				if op := operation(ts[i-1].s); op != "" && i+1 < len(ts) && isArticle(ts[i+1].low) {
					tm := term(ts, i+2)
					k := i + 2 + len(strings.Fields(tm))
					if tm != "" && !generic(tm) && !strings.Contains(tm, " of ") && k < len(ts) && ts[k].low == "of" {
						out = appendTerm(out, tm+" of a "+op)
					}
				}
				break
			}
			if definition || i == 0 || ts[i-1].low != "there" {
				break
			}
			j := i + 1
			prefix := "existence of "
			switch {
			case j+1 < len(ts) && ts[j].low == "infinitely" && ts[j+1].low == "many":
				prefix, j = "infinitely many ", j+2
			case j < len(ts) && ts[j].low == "unique":
				prefix, j = "existence and uniqueness of ", j+1
			case j+1 < len(ts) && isArticle(ts[j].low) && ts[j+1].low == "unique":
				prefix, j = "existence and uniqueness of ", j+2
			case j < len(ts) && (ts[j].low == "no" || ts[j].low == "only"):
				return out
			}
			if tm := term(ts, j); tm != "" && !generic(tm) {
				out = appendTerm(out, prefix+tm)
			}
		case "commutes", "commute", "preserves", "preserve", "reflects":
			if i+1 < len(ts) && (t.low == "commutes" || t.low == "commute") && ts[i+1].low != "with" {
				break
			}
			obj := i + 1
			if t.low == "commutes" || t.low == "commute" {
				obj = i + 2
			}
			subj := subjectBefore(ts, i)
			if subj == "" && i > 2 && ts[i-1].math && (ts[i-2].low == "over" || ts[i-2].low == "of") {
				// "colimits over $\mathcal{I}$ commute with …"
				subj = subjectBefore(ts, i-2)
			}
			if subj == "" {
				break
			}
			if o := term(ts, obj); o != "" {
				verb := t.low
				if verb == "commutes" || verb == "commute" {
					verb += " with"
				}
				out = appendTerm(out, subj+" "+verb+" "+o)
			}
		case "of":
			// "the inverse of $ab$ is …" → "inverse of a product"
			if i+2 < len(ts) && ts[i+1].math && (ts[i+2].low == "is" || ts[i+2].low == "equals") {
				if op := operation(ts[i+1].s); op != "" {
					if noun := subjectBefore(ts, i); noun != "" && !generic(noun) {
						out = appendTerm(out, noun+" of a "+op)
					}
				}
			}
		case "if":
			if prop := transitive(ts, i); prop != "" {
				out = appendTerm(out, prop+" is transitive")
				break
			}
			// "… is (a|an) T if and only if …"
			if i+2 >= len(ts) || ts[i+1].low != "and" || ts[i+2].low != "only" {
				break
			}
			if tm, single := predicateBefore(ts, i); tm != "" {
				out = appendTerm(out, criterion(decl, subjectOf(ts, i), tm, single))
			}
		case "equivalent":
			// "The following are equivalent: (1) $F$ is left exact, …"
			if i < 2 || ts[i-1].low != "are" || ts[i-2].low != "following" {
				break
			}
			if tm := existsCondition(ts, i+1); tm != "" {
				// "(1) Finite limits exist in $\mathcal{C}$" → "criterion
				// for finite limits to exist"
				out = appendTerm(out, "criterion for "+tm+" to exist")
				break
			}
			for j := i + 1; j+1 < len(ts) && j < i+6; j++ {
				if ts[j].math && (ts[j+1].low == "is" || ts[j+1].low == "are") {
					k := j + 2
					article := k < len(ts) && isArticle(ts[k].low)
					if article {
						k++
					}
					if tm := term(ts, k); tm != "" && !generic(tm) {
						out = appendTerm(out, criterion(decl, ts[j].s, tm, !article && len(strings.Fields(tm)) <= 2))
					}
					break
				}
			}
		case "has", "have":
			// "The 2-category of categories fibred in sets has 2-fibre
			// products." → "existence of 2-fibre products of categories
			// fibred in sets"
			if definition || !assertion(ts, i) {
				break
			}
			if tm := term(ts, i+1); strings.Contains(tm, " ") && !generic(tm) && !noTerm[strings.Fields(strings.ToLower(tm))[0]] {
				if of := ofPhrase(ts, i); of != "" {
					tm += " of " + of
				}
				out = appendTerm(out, "existence of "+tm)
			}
		case "composition":
			// "The composition of two strongly cartesian morphisms is
			// strongly cartesian."
			if prop := composedProperty(ts, i); prop != "" {
				out = appendTerm(out, prop+" is stable under composition")
			}
		case "computes", "finds", "determines":
			if i > 0 && ts[i-1].low == "algorithm" {
				if tm := term(ts, i+1); tm != "" && !generic(tm) {
					out = appendTerm(out, tm)
				}
			}
		}
	}
	return out
}

// genericNouns name any mathematical thing: "existence of a morphism" or
// "existence of an integer" says nothing of which result it is.
var genericNouns = map[string]bool{
	"object": true, "objects": true, "morphism": true, "morphisms": true, "functor": true,
	"map": true, "maps": true, "element": true, "elements": true, "integer": true,
	"integers": true, "number": true, "numbers": true, "real number": true, "set": true,
	"function": true, "point": true, "constant": true, "family": true, "equivalence": true,
	"isomorphism": true, "solution": true, "sequence": true, "polynomial": true, "arrow": true,
	"arrows": true, "value": true, "values": true, "way": true, "choice": true, "one": true,
	"index": true, "subset": true, "open set": true, "neighborhood": true,
	"open neighborhood": true, "canonical isomorphism": true, "unique isomorphism": true,
	"natural isomorphism": true, "canonical functor": true, "unique morphism": true,
	"bijection": true, "positive integer": true,
	"fraction": true, "real numbers": true, "positive integers": true, "natural numbers": true,
	"partition": true, "subsequence": true, "representation": true,
}

// generic reports whether a term names any mathematical thing, not one
// result's subject.
func generic(tm string) bool {
	l := strings.ToLower(tm)
	if genericNouns[l] {
		return true
	}
	ws := strings.Fields(l)
	if len(ws) > 1 && (ws[0] == "two" || ws[0] == "three" || ws[0] == "some") && genericNouns[strings.Join(ws[1:], " ")] {
		// "existence of two real numbers"
		return true
	}
	return len(ws) == 1 && (isStop(ws[0]) || len(ws[0]) < 4)
}

// operations are the operations a formula can be the result of, by the
// LaTeX that writes them, most specific first.
var operations = []struct{ tex, name string }{
	{`\circ`, "composition"}, {`\otimes`, "tensor product"}, {`\oplus`, "direct sum"},
	{`\times`, "product"}, {`\cup`, "union"}, {`\cap`, "intersection"},
}

// operation names what the formula f (with its delimiters) is the result
// of: "$g \circ f$" is a composition, "$ab$" a product, "$a+b$" a sum; ""
// for anything else.
func operation(f string) string {
	m := strings.Trim(f, "$\\()[] ")
	if strings.ContainsAny(m, ":=<>") || strings.Contains(m, `\to`) || strings.Contains(m, `\colon`) || strings.Contains(m, `\mapsto`) {
		// A declaration ("t: M \to N \circ H") or an equation, not the
		// result of an operation.
		return ""
	}
	for _, op := range operations {
		if strings.Contains(m, op.tex) {
			return op.name
		}
	}
	if juxtaposed.MatchString(m) {
		return "product"
	}
	if summed.MatchString(m) {
		return "sum"
	}
	return ""
}

var (
	juxtaposed = lazyre.New(`^[A-Za-z](?:_\w|_\{[^}]*\})?[A-Za-z](?:_\w|_\{[^}]*\})?$`)
	summed     = lazyre.New(`^[A-Za-z](?:_\w|_\{[^}]*\})? ?\+ ?[A-Za-z](?:_\w|_\{[^}]*\})?$`)
)

// stableUnder names the operation a formula's main symbol results from,
// for "… is P" conclusions: "$g \circ f: x \to z$" is a composition,
// "$x \times_y y' \to y'$" a base change.
func stableUnder(f string) string {
	m := strings.Trim(f, "$\\()[] ")
	if i := strings.Index(m, ":="); i >= 0 {
		m = m[i+2:]
	}
	if i := strings.IndexAny(m, ":="); i >= 0 {
		m = m[:i]
	}
	switch {
	case strings.Contains(m, `\times_`):
		return "base change"
	case strings.Contains(m, `\circ`):
		return "composition"
	}
	return ""
}

// afterThen reports whether ts[j] is in the conclusion of its sentence:
// "then" comes at most three words before it.
func afterThen(ts []token, j int) bool {
	for k := j - 1; k >= 0 && k >= j-3; k-- {
		if ts[k].low == "then" {
			return true
		}
		if ts[k].end {
			return false
		}
	}
	return false
}

// property reads a property at ts[i]: up to three words ("fully
// faithful", "representable"), no formula, no stop word.
func property(ts []token, i int) string {
	var words []string
	for ; i < len(ts) && len(words) < 3; i++ {
		t := ts[i]
		if t.math || isStop(t.low) || termStops[t.low] || !wordLike(t.s) || t.low == "also" {
			break
		}
		words = append(words, t.low)
		if t.end {
			break
		}
	}
	return strings.Join(words, " ")
}

// hypothesisHas reports whether prop was said before ts[j]: a property
// the conclusion keeps ("let f, g be representable … then g∘f is
// representable").
func hypothesisHas(ts []token, j int, prop string) bool {
	ws := strings.Fields(prop)
	for k := 0; k+len(ws) <= j; k++ {
		ok := true
		for n, w := range ws {
			if ts[k+n].low != w {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// noTerm are first words of what follows "has" that name no thing: "has
// no solution", "has the following properties", "has order …".
var noTerm = map[string]bool{
	"no": true, "following": true, "order": true, "one": true, "exactly": true, "at": true,
	"only": true, "finitely": true, "infinitely": true, "two": true, "property": true, "properties": true,
}

// sentenceStart is the index of the first token of ts[i]'s sentence.
func sentenceStart(ts []token, i int) int {
	for j := i - 1; j >= 0; j-- {
		if ts[j].period {
			return j + 1
		}
	}
	return 0
}

// assertion reports whether ts[i] is in a sentence that asserts rather than
// assumes: one that does not open with "let", "if", "assume" and the like.
func assertion(ts []token, i int) bool {
	switch ts[sentenceStart(ts, i)].low {
	case "let", "if", "assume", "suppose", "given", "when", "whenever", "for", "consider":
		return false
	}
	for j := sentenceStart(ts, i); j < i; j++ {
		switch ts[j].low {
		case "if", "assume", "suppose", "equivalent", "1", "2", "3", "i", "ii", "iii":
			// A hypothesis, or one of a list of conditions.
			return false
		}
	}
	return true
}

// isAbbrev reports whether w ends in an abbreviation's period, not a
// sentence's: "i.e.", "e.g.", "resp.".
func isAbbrev(w string) bool {
	switch strings.ToLower(w) {
	case "i.e", "e.g", "resp", "cf", "etc", "vs", "viz":
		return true
	}
	return false
}

// ofPhrase is what the subject of ts[i]'s sentence is of: "The 2-category
// of categories fibred in sets has …" → "categories fibred in sets".
func ofPhrase(ts []token, i int) string {
	for j := sentenceStart(ts, i); j < i; j++ {
		if ts[j].low == "of" {
			var words []token
			for _, t := range ts[j+1 : i] {
				if t.math || t.end || (isStop(t.low) && t.low != "in") || len(words) == maxTermWords {
					break
				}
				words = append(words, t)
			}
			for len(words) > 0 && isStop(words[len(words)-1].low) {
				words = words[:len(words)-1]
			}
			return join(words)
		}
	}
	return ""
}

// existsCondition reads "(1) Finite limits exist in …" after a "the
// following are equivalent" at ts[i]: the words before "exist".
func existsCondition(ts []token, i int) string {
	for i < len(ts) && (ts[i].low == "1" || ts[i].low == "i" || ts[i].low == "a" && ts[i].s == "(a)") {
		i++
	}
	for j := i; j < len(ts) && j <= i+maxTermWords; j++ {
		if ts[j].low == "exist" || ts[j].low == "exists" {
			var words []string
			for _, t := range ts[i:j] {
				if t.math || !wordLike(t.s) || termStops[t.low] {
					return ""
				}
				words = append(words, t.low)
			}
			tm := strings.Join(words, " ")
			if tm == "" || generic(tm) {
				return ""
			}
			return tm
		}
		if ts[j].end {
			return ""
		}
	}
	return ""
}

// composedProperty reads "composition of (two) P Ns is P" at ts[i] and
// returns P.
func composedProperty(ts []token, i int) string {
	j := i + 1
	if j >= len(ts) || ts[j].low != "of" {
		return ""
	}
	j++
	if j < len(ts) && (ts[j].low == "two" || isArticle(ts[j].low)) {
		j++
	}
	for k := j + 1; k < len(ts) && k <= j+4; k++ {
		if ts[k].low == "is" || ts[k].low == "are" {
			if k+1 >= len(ts) {
				return ""
			}
			prop := property(ts, k+1)
			// The property is said of the composed things too: "two
			// strongly cartesian morphisms".
			before := make([]string, 0, k-j)
			for _, t := range ts[j:k] {
				before = append(before, t.low)
			}
			if prop != "" && strings.HasPrefix(strings.Join(before, " "), prop+" ") {
				return prop
			}
			return ""
		}
	}
	return ""
}

// transitive reads "if $A$ is P $B$ and $B$ is P $C$, then $A$ is P $C$"
// at ts[i] (the "if") and returns P.
func transitive(ts []token, i int) string {
	// clause reads "$X$ is|are P $Y$" at j: X, P, Y and the index after Y.
	clause := func(j int) (x, p, y string, next int) {
		if j+3 >= len(ts) || !ts[j].math || (ts[j+1].low != "is" && ts[j+1].low != "are") {
			return "", "", "", 0
		}
		var words []string
		k := j + 2
		for ; k < len(ts) && !ts[k].math && len(words) < 3; k++ {
			if !wordLike(ts[k].s) {
				return "", "", "", 0
			}
			words = append(words, ts[k].low)
		}
		if k >= len(ts) || !ts[k].math || len(words) == 0 {
			return "", "", "", 0
		}
		return symbol(ts[j].s), strings.Join(words, " "), symbol(ts[k].s), k + 1
	}
	a, p1, b, j := clause(i + 1)
	if p1 == "" || j >= len(ts) || ts[j].low != "and" {
		return ""
	}
	b2, p2, c, j := clause(j + 1)
	if p2 != p1 || b2 != b || j >= len(ts) || ts[j].low != "then" {
		return ""
	}
	a3, p3, c3, _ := clause(j + 1)
	if p3 != p1 || a3 != a || c3 != c {
		return ""
	}
	return p1
}

// subjectBefore is the prose noun phrase before ts[i] (formulas skipped,
// at most maxTermWords words, not crossing punctuation or a stop word).
func subjectBefore(ts []token, i int) string {
	var words []string
	for j := i - 1; j >= 0 && len(words) < maxTermWords; j-- {
		t := ts[j]
		if t.end {
			break
		}
		if t.math {
			if len(words) == 0 {
				continue
			}
			break
		}
		if isStop(t.low) || termStops[t.low] || !wordLike(t.s) || openers[t.s] {
			break
		}
		words = append(words, t.s)
	}
	if len(words) == 0 {
		return ""
	}
	for l, r := 0, len(words)-1; l < r; l, r = l+1, r-1 {
		words[l], words[r] = words[r], words[l]
	}
	return strings.Join(words, " ")
}

// declarations maps the symbols a statement declares to their kind:
// "Let $F: \mathcal{A} \to \mathcal{B}$ be a functor" gives F → "functor".
func declarations(ts []token) map[string]string {
	var d map[string]string
	for i := 0; i+3 < len(ts); i++ {
		if ts[i].low != "let" && ts[i].low != "suppose" {
			continue
		}
		var syms []string
		j := i + 1
		for ; j < len(ts) && j < i+6; j++ {
			if ts[j].math {
				syms = append(syms, symbol(ts[j].s))
				continue
			}
			if ts[j].low == "and" {
				continue
			}
			break
		}
		if len(syms) == 0 || j+1 >= len(ts) || ts[j].low != "be" {
			continue
		}
		k := j + 1
		if isArticle(ts[k].low) {
			k++
		}
		kind := term(ts, k)
		if kind == "" {
			continue
		}
		if d == nil {
			d = map[string]string{}
		}
		for _, s := range syms {
			if s != "" {
				d[s] = kind
			}
		}
	}
	return d
}

// symbol is the symbol a formula declares: "$F: A \to B$" declares F.
func symbol(f string) string {
	m := strings.Trim(f, "$\\()[] ")
	if i := strings.IndexAny(m, ":,"); i >= 0 {
		m = m[:i]
	}
	if i := strings.Index(m, `\colon`); i >= 0 {
		m = m[:i]
	}
	return strings.TrimSpace(m)
}

// subjectOf is the formula that is the subject of the clause ending before
// ts[i] ("$\mathcal{S}$ is split if and only if" → "$\mathcal{S}$").
func subjectOf(ts []token, i int) string {
	for j := i - 1; j > 0 && j >= i-maxTermWords-2; j-- {
		if (ts[j].low == "is" || ts[j].low == "are") && ts[j-1].math {
			return ts[j-1].s
		}
	}
	return ""
}

// criterion names a characterization of property tm: "criterion for a
// functor to be left exact" when the subject's kind is declared and tm is
// an adjective (single), else "criterion for being tm" or
// "characterization of tm".
func criterion(decl map[string]string, subject, tm string, single bool) string {
	kind := decl[symbol(subject)]
	switch {
	case kind != "" && single:
		art := "a "
		if strings.ContainsRune("aeiouAEIOU", firstRune(kind)) {
			art = "an "
		}
		return "criterion for " + art + kind + " to be " + tm
	case single:
		return "criterion for being " + tm
	}
	return "characterization of " + tm
}

// predicateBefore is T in "… is (a|an) T if": the words after the last
// "is"/"are" before ts[i]. single says T is one word with no article (an
// adjective such as "prime").
func predicateBefore(ts []token, i int) (string, bool) {
	for j := i - 1; j >= 0 && j >= i-maxTermWords-2; j-- {
		if ts[j].end && j < i-1 {
			return "", false
		}
		if ts[j].low == "is" || ts[j].low == "are" {
			k := j + 1
			article := k < len(ts) && isArticle(ts[k].low)
			var words []token
			for _, t := range ts[k:i] {
				if t.math {
					return "", false
				}
				words = append(words, t)
			}
			for len(words) > 0 && isArticle(words[0].low) {
				words = words[1:]
			}
			if len(words) == 0 {
				return "", false
			}
			tm := join(words)
			return tm, len(words) == 1 && !article
		}
	}
	return "", false
}

// firstRune is s's first rune.
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
