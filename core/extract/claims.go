package extract

import (
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// maxClaim bounds a name that states its result ("A continuous function on
// a compact metric space is uniformly continuous"): longer than a term,
// still a line in a list.
const maxClaim = 80

// claimName names an untitled result by what it claims, the way a teacher
// states it in words: "Let $f(x)$ be a polynomial of odd degree. Then $f$
// has a real root." → "A polynomial of odd degree has a real root".
//
// The conclusion ("Then …", "…, then …", or a first sentence that is
// itself the claim) must be words about one subject. A subject that is a
// variable is replaced by what the hypotheses say it is, and only when
// every hypothesis about it was understood: a name that dropped a
// condition ("Suppose f(a) < 0") would state something false.
func claimName(stmt string) string {
	hyp, concl := markedClaim(stmt)
	if concl == "" {
		return ""
	}
	h := readBindings(hyp)
	toks := mathTokens(cutConclusion(concl))
	verb := -1
	for k, t := range toks {
		if !t.math && k > 0 && sentenceVerbs[strings.ToLower(t.text)] {
			verb = k
			break
		}
	}
	if verb < 0 || verb+1 >= len(toks) {
		return ""
	}
	subj, ok := claimSubject(toks[:verb], h)
	if !ok {
		return ""
	}
	pred, ok := claimWords(toks[verb:])
	if !ok {
		return ""
	}
	name := upperFirst(subj + " " + pred)
	if len(name) > maxClaim || badName(name) {
		return ""
	}
	return name
}

// markedClaim splits a statement with marked formulas into its hypotheses
// and its conclusion; "" when it has none. Text without marked formulas
// (a PDF's) cannot tell a variable from a word: sentenceName is its
// reader.
func markedClaim(stmt string) (hyp, concl string) {
	if strings.IndexByte(stmt, '$') < 0 {
		return "", ""
	}
	spans := sentenceSpans(stmt)
	if len(spans) == 0 {
		return "", ""
	}
	return claimParts(stmt, spans)
}

// claimParts splits a statement into its hypotheses and its conclusion.
func claimParts(stmt string, spans [][2]int) (hyp, concl string) {
	for k, sp := range spans {
		if k > 3 {
			break
		}
		s := strings.TrimSpace(strings.TrimRight(stmt[sp[0]:sp[1]], ". "))
		l := strings.ToLower(s)
		switch {
		case strings.HasPrefix(l, "then "):
			return stmt[:sp[0]], s[len("then "):]
		case strings.HasPrefix(l, "if ") || strings.HasPrefix(l, "suppose ") || strings.HasPrefix(l, "assume "):
			if c := strings.Index(s, ", then "); c > 0 {
				return stmt[:sp[0]] + s[:c] + ".", s[c+len(", then "):]
			}
		case k == 0 && !hypothesisStart(l):
			return "", s
		}
	}
	return "", ""
}

// hypothesisStart reports sentences that set up a result rather than
// state it.
func hypothesisStart(l string) bool {
	f, _, _ := strings.Cut(l, " ")
	switch strings.Trim(f, ",") {
	case "let", "suppose", "assume", "if", "given", "fix", "consider", "for", "when", "there", "we",
		"it", "this", "these", "then", "in", "on", "as", "under":
		return true
	}
	return strings.HasPrefix(l, "$")
}

// cutConclusion keeps the first claim of a conclusion: "f is bounded and
// in fact f achieves …" → "f is bounded".
func cutConclusion(s string) string {
	for _, sep := range []string{"; ", ", and ", ". ", " and in fact ", " and its ", " and $", " and the ", " and any ", " and every ", ", where ", ", so ", ", hence ", ", that is"} {
		if k := strings.Index(s, sep); k > 0 {
			s = s[:k]
		}
	}
	return strings.TrimSpace(strings.TrimRight(s, ".,;: "))
}

// mathToken is a word or an inline formula of a statement.
type mathToken struct {
	text string
	math bool
}

// mathTokens splits plain text with $…$ math into words and formulas; a
// display formula ($$…$$) is one token marked by its delimiters.
func mathTokens(s string) []mathToken {
	var out []mathToken
	for i := 0; i < len(s); {
		switch {
		case s[i] == ' ':
			i++
		case s[i] == '$':
			d := 1
			if strings.HasPrefix(s[i:], "$$") {
				d = 2
			}
			e := strings.Index(s[i+d:], s[i:i+d])
			if e < 0 {
				return append(out, mathToken{text: s[i:], math: true})
			}
			tok := s[i+d : i+d+e]
			if d == 2 {
				tok = "$$"
			}
			out = append(out, mathToken{text: strings.TrimSpace(tok), math: true})
			i += d + e + d
			// "$f$'s", "$G$," — the punctuation after a formula goes.
			for i < len(s) && strings.IndexByte(",.;:", s[i]) >= 0 {
				i++
			}
		default:
			e := strings.IndexAny(s[i:], " $")
			if e < 0 {
				e = len(s) - i
			}
			w := strings.Trim(s[i:i+e], ",;:()")
			if w != "" {
				out = append(out, mathToken{text: w})
			}
			i += e
		}
	}
	return out
}

// binding is what the hypotheses say a variable is: a noun phrase
// ("polynomial of odd degree"), and the set it lives on when the formula
// gives one ("f \colon [a,b] \to \R" → on "[a,b]"; "K \subset X" → a
// subset of X).
type binding struct {
	phrase string
	on     string
	of     string
	// lossy is set when the set a variable lives on carries hypotheses
	// the name would drop ("$X$ is compact" unread).
	lossy bool
}

// bindingPattern finds "$V…$ be a NP", "$V…$ is NP", "$V…$ a NP": a
// formula followed by what it is.
var bindingPattern = lazyre.New(`\$([^$]+)\$(?: and \$([^$]+)\$)?,? (?:be |is |are |denotes? )?((?:an? |the )?[a-z][a-z -]*)`)

// hypotheses is what the hypotheses of a result say about its variables.
type hypotheses struct {
	binds map[string]binding
	// read holds the offsets of the formulas whose binding was read.
	read map[int]bool
	text string
}

// readBindings reads "Let $f \colon I \to \R$ be monotone", "$E \subset X$
// is closed" and "$\varphi$ a contraction" from the hypotheses. A phrase
// followed by a qualification ("such that …", "with …") is not
// recorded: the name would drop the qualification.
func readBindings(hyp string) hypotheses {
	h := hypotheses{binds: map[string]binding{}, read: map[int]bool{}, text: hyp}
	parent := map[string]string{}
	bind := func(at int, formula, raw string, plural bool) {
		v, shape, on := formulaHead(formula)
		if v == "" {
			return
		}
		phrase, qualified := bindingPhrase(raw)
		if qualified || phrase == "" {
			return
		}
		b := h.binds[v]
		noun := plural || strings.HasPrefix(raw, "a ") || strings.HasPrefix(raw, "an ") || strings.HasPrefix(raw, "the ")
		if !noun {
			switch {
			case strings.Contains(phrase, " "):
				return
			case b.phrase != "":
				// "Let $(X,d)$ be a metric space … $X$ is compact": the
				// adjective joins the noun it already has.
				phrase += " " + b.phrase
			case shape != "":
				// The formula's shape gives the adjective its noun:
				// "$f \colon I \to \R$ be monotone" → "monotone function".
				phrase += " " + shape
			default:
				return
			}
		} else if b.phrase != "" {
			return
		}
		if shape == "subset" && strings.HasSuffix(phrase, " set") {
			// "$E \subset K$ is a closed set": a closed subset of K.
			phrase = strings.TrimSuffix(phrase, "set") + "subset"
		}
		b.phrase = phrase
		if shape == "subset" {
			parent[v] = on
		} else if on != "" {
			b.on = on
		}
		h.binds[v] = b
		h.read[at] = true
	}
	for _, m := range bindingPattern.FindAllStringSubmatchIndex(hyp, -1) {
		raw := hyp[m[6]:m[7]]
		// "$(X,d_X)$ and $(Y,d_Y)$ be metric spaces": a plural noun.
		bind(m[2], hyp[m[2]:m[3]], raw, m[4] >= 0)
		if m[4] >= 0 {
			bind(m[4], hyp[m[4]:m[5]], raw, true)
		}
	}
	// A set that is itself a bound variable reads as what it is: "on an
	// interval", "subset of a metric space". One the hypotheses say more
	// about than was read makes the name lossy.
	for v, b := range h.binds {
		if p := parent[v]; p != "" {
			if pb, ok := h.binds[p]; ok && p != v && h.understood(p) {
				b.of = strings.TrimSuffix(pb.phrase, "subset") + "set"
				if !strings.HasSuffix(pb.phrase, "subset") {
					b.of = pb.phrase
				}
			} else if h.count(p) > 1 {
				b.lossy = true
			}
		}
		if d, ok := h.binds[b.on]; ok && b.on != v && h.understood(b.on) {
			b.on = article(d.phrase) + " " + d.phrase
		} else if !literalSet.MatchString(b.on) {
			if b.on != "" && h.count(b.on) > 1 {
				b.lossy = true
			}
			b.on = ""
		}
		h.binds[v] = b
	}
	return h
}

// count is the number of formulas of the hypotheses that mention v.
func (h hypotheses) count(v string) int {
	n := 0
	h.formulas(func(at int, f string) bool {
		if mentions(f, v) {
			n++
		}
		return true
	})
	return n
}

// formulas calls fn with each inline formula of the hypotheses and its
// offset, until fn returns false.
func (h hypotheses) formulas(fn func(at int, f string) bool) {
	for i := 0; i < len(h.text); i++ {
		if h.text[i] != '$' {
			continue
		}
		e := strings.IndexByte(h.text[i+1:], '$')
		if e < 0 {
			return
		}
		if e > 0 && !fn(i+1, h.text[i+1:i+1+e]) {
			return
		}
		i += e + 1
	}
}

// understood reports whether every formula of the hypotheses that
// mentions v is one whose binding was read.
func (h hypotheses) understood(v string) bool {
	ok := true
	h.formulas(func(at int, f string) bool {
		if mentions(f, v) && !h.read[at] {
			ok = false
		}
		return ok
	})
	return ok
}

// literalSet is a domain written out: "[a,b]", "(0,1)".
var literalSet = lazyre.New(`^[\[(][a-z0-9]+,[a-z0-9]+[\])]$`)

// bindingPhrase reads the noun phrase of a binding and reports whether a
// qualification follows it.
func bindingPhrase(raw string) (string, bool) {
	ws := strings.Fields(raw)
	if len(ws) > 0 && (ws[0] == "a" || ws[0] == "an" || ws[0] == "the") {
		ws = ws[1:]
	}
	var out []string
	for k, w := range ws {
		switch w {
		case "such", "with", "satisfying", "where", "which", "that", "whose", "for", "in", "on", "at", "to", "from", "defined":
			return "", true
		case "and", "or":
			// "be metric spaces and let …": the phrase ends; "be open
			// and closed" is two adjectives, not read.
			return singular(strings.Join(out, " ")), k+1 < len(ws) && ws[k+1] != "let"
		case "of":
			if k+1 >= len(ws) {
				return "", true
			}
		}
		out = append(out, w)
		if len(out) > 6 {
			return "", true
		}
	}
	for len(out) > 0 {
		l := out[len(out)-1]
		if l != "of" && l != "a" && l != "an" && l != "the" {
			break
		}
		// "a subgroup of a group $G$": the phrase's object was a formula.
		out = out[:len(out)-1]
	}
	return singular(strings.Join(out, " ")), false
}

// singular makes a plural binding ("be metric spaces") singular.
func singular(p string) string {
	ws := strings.Fields(p)
	if len(ws) == 0 {
		return p
	}
	k := len(ws) - 1
	for j, w := range ws {
		if w == "of" {
			k = j - 1
			break
		}
	}
	if k < 0 {
		return p
	}
	w := ws[k]
	switch {
	case strings.HasSuffix(w, "ices") && len(w) > 5:
		ws[k] = strings.TrimSuffix(w, "ices") + "ix"
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		ws[k] = strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "xes"):
		ws[k] = strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us"):
		ws[k] = strings.TrimSuffix(w, "s")
	}
	return strings.Join(ws, " ")
}

// formulaHead reads the variable a formula introduces and the noun its
// shape implies: "f \colon S \to \R" → f, "function", on S; "E \subset X"
// → E, "subset"; "(X,d)" → X; "f(x)" → f.
func formulaHead(f string) (v, shape, on string) {
	f = strings.TrimSpace(f)
	if strings.HasPrefix(f, "(") {
		// A metric space written with its metric: "(X,d)".
		if c := strings.IndexAny(f, ",)"); c > 1 {
			f = f[1:c]
		}
	}
	m := formulaVar.FindStringSubmatch(f)
	if m == nil {
		return "", "", ""
	}
	v, rest := m[1], strings.TrimSpace(f[len(m[0]):])
	switch {
	case rest == "":
	case strings.HasPrefix(rest, `\colon`) || strings.HasPrefix(rest, ":"):
		dom := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(rest, `\colon`), ":"))
		d, _, ok := strings.Cut(dom, `\to`)
		if !ok {
			return v, "", ""
		}
		return v, "function", strings.ReplaceAll(strings.TrimSpace(d), " ", "")
	case strings.HasPrefix(rest, `\subset`):
		parent, _, _ := formulaHead(strings.TrimPrefix(strings.TrimPrefix(rest, `\subseteq`), `\subset`))
		return v, "subset", parent
	default:
		return "", "", ""
	}
	return v, "", ""
}

// formulaVar is a formula's leading variable: "f", "f(x)", "\varphi", "G".
var formulaVar = lazyre.New(`^([A-Za-z]|\\(?:alpha|beta|gamma|delta|varphi|phi|psi|sigma|tau|mu|nu|rho|pi|theta|lambda|omega|chi)\b)(?:\([a-z]\))?`)

// claimSubject renders the words before a conclusion's verb: a bound
// variable as what it is ("$f$" → "a continuous function on [a,b]"), or
// a noun phrase with its formula dropped ("An orthogonal matrix $Q$").
func claimSubject(toks []mathToken, h hypotheses) (string, bool) {
	if len(toks) == 1 && toks[0].math {
		v, _, _ := formulaHead(toks[0].text)
		b, ok := h.binds[v]
		if !ok || v != strings.TrimSpace(toks[0].text) && !strings.HasPrefix(toks[0].text, v+"(") {
			return "", false
		}
		if !h.understood(v) || b.lossy || genericNoun[b.phrase] {
			return "", false
		}
		s := article(b.phrase) + " " + b.phrase
		if b.of != "" {
			s += " of " + article(b.of) + " " + b.of
		}
		if b.on != "" {
			s += " on " + b.on
		}
		return s, true
	}
	first := strings.ToLower(toks[0].text)
	if toks[0].math || !subjectOpeners[first] {
		return "", false
	}
	var ws []string
	for k, t := range toks {
		if !t.math {
			ws = append(ws, t.text)
			continue
		}
		// An appositive formula names the object just described ("An
		// orthogonal matrix $Q$"): it goes. A constant stays ("The
		// group $A_4$").
		if c, ok := mathConstant(t.text); ok {
			ws = append(ws, c)
			continue
		}
		if k == 0 || toks[k-1].math || linkWord(strings.ToLower(toks[k-1].text)) || !appositive(t.text) {
			return "", false
		}
		if _, _, on := formulaHead(t.text); literalSet.MatchString(on) {
			ws = append(ws, "on", on)
		}
	}
	if len(ws) < 2 || (first == "the" && len(ws) < 3) {
		// "The inverse is continuous" says nothing without its object.
		return "", false
	}
	return strings.Join(ws, " "), true
}

// subjectOpeners open a conclusion whose subject is in words.
var subjectOpeners = map[string]bool{"a": true, "an": true, "every": true, "any": true, "each": true, "the": true, "no": true}

// genericNoun are phrases too bare to stand for a variable: "A function
// is an equivalence" drops everything the hypotheses said.
var genericNoun = map[string]bool{
	"function": true, "map": true, "set": true, "subset": true, "element": true, "number": true,
	"point": true, "object": true, "type": true, "sequence": true, "real number": true,
}

// appositive reports a formula that only names what precedes it: a
// variable, possibly with its signature ("$f \colon [a,b] \to \R$").
func appositive(f string) bool {
	v, _, _ := formulaHead(f)
	return v != "" || symbolList.MatchString(f)
}

// symbolList is a formula that lists the objects just described: "vectors
// $w_1, w_2, \ldots, w_n$" (with a book's macro for the letter, such as
// \wvec).
var symbolList = lazyre.New(`^\s*\\?[A-Za-z]+(?:_\{?[0-9a-z]+\}?)?(?:\s*,\s*(?:\\[lc]?dots|\\?[A-Za-z]+(?:_\{?[0-9a-z]+\}?)?))+\s*$`)

// mentions reports whether formula f uses variable v as a name (not as
// part of a command: "f" is not in "\frac").
func mentions(f, v string) bool {
	for i := 0; i+len(v) <= len(f); i++ {
		if f[i:i+len(v)] != v {
			continue
		}
		before := byte(' ')
		if i > 0 {
			before = f[i-1]
		}
		after := byte(' ')
		if i+len(v) < len(f) {
			after = f[i+len(v)]
		}
		if !isLetterByte(before) && before != '\\' && !isLetterByte(after) {
			return true
		}
	}
	return false
}

// claimWords renders a conclusion's predicate: words, and formulas only
// when they are constants ("of order $6$", "of ${\mathbb C}^*$").
func claimWords(toks []mathToken) (string, bool) {
	ws := make([]string, 0, len(toks))
	for _, t := range toks {
		if !t.math {
			switch strings.ToLower(t.text) {
			case "following", "iff", "only", "above", "below":
				// "… if and only if it satisfies the following": a
				// characterization, or a claim that is elsewhere.
				return "", false
			}
			if strings.ContainsAny(t.text, "=<>\\{}") {
				return "", false
			}
			ws = append(ws, t.text)
			continue
		}
		c, ok := mathConstant(t.text)
		if !ok {
			return "", false
		}
		ws = append(ws, c)
	}
	last := strings.ToLower(ws[len(ws)-1])
	if len(ws) < 2 || articles[last] || linkWord(last) {
		return "", false
	}
	return strings.Join(ws, " "), true
}

// linkWord reports words a predicate cannot end on.
func linkWord(w string) bool {
	switch w {
	case "of", "in", "on", "at", "to", "for", "with", "by", "from", "and", "or", "that", "than", "as", "if":
		return true
	}
	return false
}

// mathConstant renders a formula that is a named constant rather than a
// variable: a number, a number set (ℝ, ℂ*, ℝⁿ), a group named by letter
// and index (A₄), ∞.
func mathConstant(f string) (string, bool) {
	f = strings.TrimSpace(f)
	if f == "" {
		return "", false
	}
	if strings.Trim(f, "0123456789") == "" {
		return f, true
	}
	if f == `\infty` {
		return "∞", true
	}
	if m := numberSet.FindStringSubmatch(f); m != nil {
		s := blackboard[m[1]+m[2]+m[3]]
		switch m[4] {
		case "":
		case "*", "{*}":
			s += "*"
		case "n", "{n}":
			s += "ⁿ"
		default:
			return "", false
		}
		return s, true
	}
	if m := indexedName.FindStringSubmatch(f); m != nil {
		return m[1] + subscriptDigits(m[2]), true
	}
	return "", false
}

// numberSet matches \R, \mathbb{R}, {\mathbb R}, \mathbb{C}^*, \R^n.
var numberSet = lazyre.New(`^(?:\\mathbb\{([NZQRC])\}|\{\\mathbb ([NZQRC])\}|\\([NZQRC])\b)(?:\^(\*|\{\*\}|n|\{n\}))?$`)

// indexedName matches a group or set named by a capital and a number:
// "A_4", "S_{3}".
var indexedName = lazyre.New(`^([A-Z])_\{?([0-9]+)\}?$`)

var blackboard = map[string]string{"N": "ℕ", "Z": "ℤ", "Q": "ℚ", "R": "ℝ", "C": "ℂ"}

func subscriptDigits(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune('₀' + (r - '0'))
	}
	return b.String()
}

// article is "a" or "an" for a phrase.
func article(p string) string {
	if p != "" && strings.IndexByte("aeiouAEIOU", p[0]) >= 0 {
		return "an"
	}
	return "a"
}

// lawName names a result stated with formulas by the conventional name of
// its shape, as teachers name such results: a characterization ("Then $K
// \subset X$ is compact if and only if every sequence in $K$ has …" →
// "Characterization of Compact Sets", "$x$ is a cluster point of $S$ iff
// …" → "Characterization of Cluster Points") or a uniqueness ("Then the
// limit of $f(x)$ as $x$ goes to $c$ is unique" → "Uniqueness of the
// Limit"). The name says what the result is about, never more than the
// statement does.
func lawName(stmt string) string {
	hyp, concl := markedClaim(stmt)
	if concl == "" {
		return ""
	}
	l := strings.ToLower(concl)
	k := strings.Index(l, " if and only if ")
	if k < 0 {
		k = strings.Index(l, " iff ")
	}
	if k > 0 {
		return characterization(concl[:k], readBindings(hyp))
	}
	if s, ok := strings.CutSuffix(strings.TrimRight(l, ". "), " is unique"); ok || strings.HasSuffix(l, " is unique if it exists") {
		if !ok {
			s = strings.TrimSuffix(strings.TrimRight(l, ". "), " is unique if it exists")
		}
		return uniqueness(s)
	}
	return ""
}

// characterization names "S is P iff …" after P: a noun ("a cluster
// point of $S$" → cluster points) or an adjective said of what S is
// ("$K \subset X$ is compact" → compact sets; "$f$ is continuous at $c$"
// with f a function → continuous functions).
func characterization(head string, h hypotheses) string {
	toks := mathTokens(head)
	verb := -1
	for k, t := range toks {
		if !t.math && k > 0 {
			switch strings.ToLower(t.text) {
			case "is", "are", "converges", "converge":
				verb = k
			}
		}
		if verb >= 0 {
			break
		}
	}
	if verb < 0 || verb+1 > len(toks) {
		return ""
	}
	subj := toks[:verb]
	if len(subj) == 1 && subj[0].math {
		// A formula subject must be a variable the name can speak of:
		// "$f(I)$ is an interval iff $f$ is continuous" characterizes
		// continuity, not intervals.
		f := strings.TrimSpace(subj[0].text)
		v, shape, _ := formulaHead(f)
		variable := v != "" && (shape != "" || !strings.ContainsAny(f, "()"))
		if !variable && !strings.HasPrefix(f, `\{`) && !strings.Contains(f, `\in `) {
			return ""
		}
	}
	noun := subjectNoun(subj, h)
	if v := strings.ToLower(toks[verb].text); v == "converges" || v == "converge" {
		if noun == "" {
			return ""
		}
		return titleCase("characterization of convergent " + plural(noun))
	}
	var pred []string
	article := false
	for k, t := range toks[verb+1:] {
		l := strings.ToLower(t.text)
		if k == 0 && !t.math && (l == "a" || l == "an") {
			article = true
			continue
		}
		if t.math || text.IsStopword(l) || subjectEnds[l] || isVariable(t.text) || !isWordOf(l) {
			break
		}
		pred = append(pred, l)
	}
	if len(pred) == 0 || len(pred) > 3 {
		return ""
	}
	if article {
		pred[len(pred)-1] = plural(pred[len(pred)-1])
		return titleCase("characterization of " + strings.Join(pred, " "))
	}
	if noun == "" || len(pred) > 2 {
		return ""
	}
	return titleCase("characterization of " + strings.Join(pred, " ") + " " + plural(noun))
}

// subjectNoun is the noun a characterization's subject is: a formula's
// binding ("$\{x_n\}$" bound as "a sequence in $X$" → sequence) or shape
// ("$K \subset X$" → set, "$f \colon X \to Y$" → function), or the last
// word of a subject in words ("A function $f$" → function).
func subjectNoun(toks []mathToken, h hypotheses) string {
	if len(toks) == 1 && toks[0].math {
		v, shape, _ := formulaHead(toks[0].text)
		if b, ok := h.binds[v]; ok && b.phrase != "" {
			ws := strings.Fields(b.phrase)
			for j, w := range ws {
				if subjectEnds[w] {
					ws = ws[:j]
					break
				}
			}
			if len(ws) > 0 && isWordOf(ws[len(ws)-1]) {
				return ws[len(ws)-1]
			}
		}
		switch shape {
		case "subset":
			return "set"
		case "function":
			return "function"
		}
		if strings.HasPrefix(strings.TrimSpace(toks[0].text), `\{`) {
			return "sequence"
		}
		return ""
	}
	// "A sequence $\{x_n\}$ in a metric space …": the noun before the
	// formula or the qualifier.
	noun := ""
	for _, t := range toks {
		l := strings.ToLower(t.text)
		if noun != "" && (t.math || subjectEnds[l]) {
			break
		}
		if t.math || text.IsStopword(l) || !isWordOf(l) {
			continue
		}
		noun = l
	}
	return noun
}

// uniqueness names "the limit of $f(x)$ … is unique" after the noun phrase
// it opens with: "Uniqueness of the Limit".
func uniqueness(subject string) string {
	ws := strings.Fields(dropMath(subject))
	if len(ws) < 2 || ws[0] != "the" {
		return ""
	}
	var np []string
	for _, w := range ws[1:] {
		w = strings.Trim(w, ",")
		if text.IsStopword(w) || subjectEnds[w] || !isWordOf(w) {
			break
		}
		np = append(np, w)
	}
	if len(np) == 0 || len(np) > 3 {
		return ""
	}
	return titleCase("uniqueness of the " + strings.Join(np, " "))
}

// isWordOf reports a word of letters and inner hyphens: "cluster",
// "well-defined", not "$x$" or "(i)".
func isWordOf(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '-' {
			return false
		}
	}
	return true
}
