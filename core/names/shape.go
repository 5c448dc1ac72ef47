package names

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// shapePhrases name a result by the shape of its conclusion, the way a
// teacher says it:
//
//   - "if f and g are continuous at c, then f+g is continuous at c" →
//     "sum of continuous functions is continuous" (and product,
//     quotient, difference, composition);
//   - "the product of two invertible matrices is invertible" → "product
//     of invertible matrices is invertible";
//   - "the limit of a sequence is unique" → "uniqueness of the limit of a
//     sequence";
//   - "the number of edges of G is at most 3n-6" → "upper bound on the
//     number of edges";
//   - "every bounded monotone sequence converges" → "bounded monotone
//     sequences converge".
//
// Each rule fires only on the exact shape it reads; a statement it cannot
// read gives nothing, since a wrong name costs the reader more than none.
func shapePhrases(st string, definition bool) []string {
	if definition {
		return nil
	}
	ts := tokens(st)
	decl := declarations(ts)
	var out []string
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch t.low {
		case "is", "are":
			if i == 0 {
				break
			}
			if ts[i-1].math {
				if p := closedUnder(ts, i, decl); p != "" {
					out = appendTerm(out, p)
				}
			}
			if i+1 < len(ts) && (ts[i+1].low == "unique" || ts[i+1].low == "uniquely") && (i+2 >= len(ts) || ts[i+1].end || ts[i+2].low == "determined" || ts[i+2].end) {
				if np := nounPhraseBefore(ts, i); np != "" {
					out = appendTerm(out, "uniqueness of "+np)
				}
			}
			if dir, k := boundAfter(ts, i+1); dir != "" && k > 0 {
				if np := nounPhraseBefore(ts, i); np != "" && strings.Contains(np, " of ") {
					if other := proseToEnd(ts, k); other != "" {
						// "the chromatic number of a graph is at least the
						// clique number" says both sides.
						subj := strings.TrimPrefix(np, "the ")
						if len(strings.Fields(subj+" "+other))+3 > maxOfferWords {
							// "chromatic number of a graph" → "chromatic number"
							subj, _, _ = strings.Cut(subj, " of ")
						}
						out = appendTerm(out, subj+" is "+boundWords(ts, i+1, k)+" "+other)
					} else {
						out = appendTerm(out, dir+" bound on "+np)
					}
				}
			}
			if i+1 < len(ts) && ts[i+1].math && (ts[i+1].end || i+2 == len(ts)) && t.low == "is" {
				// "The probability of the complement of an event $E$ is
				// $P(\bar E) = 1 - P(E)$." names its subject.
				if np, start := nounPhraseStart(ts, i); np != "" && strings.Contains(np, " of ") && start == sentenceStart(ts, i) {
					out = appendTerm(out, strings.TrimPrefix(np, "the "))
				}
			}
		case "at":
			// "there is at most one X", "has at most one X"
			if i > 0 && i+3 < len(ts) && ts[i+1].low == "most" && ts[i+2].low == "one" && (ts[i-1].low == "is" || ts[i-1].low == "exists" || ts[i-1].low == "has" || ts[i-1].low == "have") {
				if tm := term(ts, i+3); tm != "" && !generic(tm) {
					out = appendTerm(out, "uniqueness of "+tm)
				}
			}
		case "if":
			if p := ifThenIt(ts, i); p != "" {
				out = appendTerm(out, p)
			}
			if p := functionImplies(ts, i); p != "" {
				out = appendTerm(out, p)
			}
		case "every", "each", "any", "a", "an":
			if (t.low == "a" || t.low == "an") && t.s != "A" && t.s != "An" {
				break
			}
			if p := everySentence(ts, i); p != "" {
				out = appendTerm(out, p)
			}
		case "sum", "product", "quotient", "difference", "union", "intersection":
			if p := combinedProperty(ts, i); p != "" {
				out = appendTerm(out, p)
			}
		}
	}
	return out
}

// opNames name the operation a two-symbol formula is the result of, as
// ReadableMath-free patterns over its LaTeX: "f+g" a sum, "fg" or "f\cdot
// g" a product, "f/g" or "\frac{f}{g}" a quotient, "f\circ g" a
// composition.
var opShapes = []struct {
	re   *lazyre.Regexp
	name string
}{
	{lazyre.New(`^([a-zA-Z])\s*\\circ\s*([a-zA-Z])$`), "composition"},
	{lazyre.New(`^([a-zA-Z])\s*\+\s*([a-zA-Z])$`), "sum"},
	{lazyre.New(`^([a-zA-Z])\s*-\s*([a-zA-Z])$`), "difference"},
	{lazyre.New(`^([a-zA-Z])\s*(?:\\cdot|\\times)?\s*([a-zA-Z])$`), "product"},
	{lazyre.New(`^\\frac\{([a-zA-Z])\}\{([a-zA-Z])\}$|^([a-zA-Z])\s*/\s*([a-zA-Z])$`), "quotient"},
}

// twoOperands names the operation of formula f and its two operands.
func twoOperands(f string) (op, a, b string) {
	m := strings.TrimSpace(strings.Trim(f, "$"))
	m = strings.TrimPrefix(strings.TrimSuffix(m, `\)`), `\(`)
	// "f \circ g \colon A \to \R": the declaration after the colon.
	if k := strings.Index(m, `\colon`); k >= 0 {
		m = m[:k]
	} else if k := strings.Index(m, ":"); k >= 0 {
		m = m[:k]
	}
	m = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(m, "("), ")"))
	for _, o := range opShapes {
		if s := o.re.FindStringSubmatch(m); s != nil {
			var ops []string
			for _, x := range s[1:] {
				if x != "" {
					ops = append(ops, x)
				}
			}
			if len(ops) == 2 && ops[0] != ops[1] {
				return o.name, ops[0], ops[1]
			}
		}
	}
	return "", "", ""
}

// closedUnder reads "… then $f+g$ is P" at ts[i] (the "is") when the
// statement said earlier that f and g are P: "sum of P functions is P".
func closedUnder(ts []token, i int, decl map[string]string) string {
	op, a, b := twoOperands(ts[i-1].s)
	if op == "" || !afterThen(ts, i-1) && !afterThen(ts, i-2) && !assertion(ts, i) {
		return ""
	}
	prop := property(ts, i+1)
	if prop == "" || generic(prop) || !hypothesisHas(ts, i-1, prop) {
		return ""
	}
	noun := operandNoun(decl, a, b, prop)
	if noun == "functions" && !saysFunction(ts) {
		// f and g name morphisms and functors as often as functions.
		return ""
	}
	if noun == "" {
		return ""
	}
	return op + " of " + prop + " " + noun + " is " + prop
}

// operandNoun is what two operands are, in the plural: their declared
// kind ("Let A and B be matrices"), or functions when they are written f,
// g, h; "" when the statement does not say.
func operandNoun(decl map[string]string, a, b, prop string) string {
	ka, kb := decl[a], decl[b]
	if adjective(ka, prop) {
		// "Let f and g be continuous at c" declares a property, not a kind.
		ka, kb = "", ""
	}
	if ka != "" && (kb == "" || kb == ka) {
		if ws := strings.Fields(ka); len(ws) <= 2 {
			return plural(ka)
		}
		return ""
	}
	if strings.Contains("fgh", a) && strings.Contains("fgh", b) {
		return "functions"
	}
	return ""
}

// pluralHead is the plural of a noun phrase whose head may be followed
// by "of …" or "with …": "set of nonzero vectors" → "sets of nonzero
// vectors".
func pluralHead(ws []string) string {
	for k, w := range ws {
		if (w == "of" || w == "with") && k > 0 {
			return plural(strings.Join(ws[:k], " ")) + " " + strings.Join(ws[k:], " ")
		}
	}
	return plural(strings.Join(ws, " "))
}

// saysFunction reports whether the statement speaks of functions.
func saysFunction(ts []token) bool {
	for _, t := range ts {
		if t.low == "function" || t.low == "functions" {
			return true
		}
	}
	return false
}

// plural is the plural of a noun phrase (its last word), for the nouns
// of a mathematics course.
func plural(np string) string {
	ws := strings.Fields(np)
	if len(ws) == 0 {
		return ""
	}
	w := ws[len(ws)-1]
	lw := strings.ToLower(w)
	switch {
	case irregular[lw] != "":
		w = irregular[lw]
	case strings.HasSuffix(lw, "s") && (strings.HasSuffix(lw, "ss") || strings.HasSuffix(lw, "us")):
		w += "es"
	case strings.HasSuffix(lw, "s"), strings.HasSuffix(lw, "ics"):
		// already plural ("functions", "series")
	case strings.HasSuffix(lw, "x"), strings.HasSuffix(lw, "ch"), strings.HasSuffix(lw, "sh"):
		w += "es"
	case strings.HasSuffix(lw, "y") && len(lw) > 1 && !strings.ContainsRune("aeiou", rune(lw[len(lw)-2])):
		w = w[:len(w)-1] + "ies"
	default:
		w += "s"
	}
	ws[len(ws)-1] = w
	return strings.Join(ws, " ")
}

// adjective reports whether a declared kind is a property rather than a
// noun: the property itself, or a word with an adjective's ending.
func adjective(kind, prop string) bool {
	if kind == "" {
		return false
	}
	if strings.Contains(kind, prop) || strings.Contains(prop, kind) {
		return true
	}
	ws := strings.Fields(kind)
	last := strings.ToLower(ws[len(ws)-1])
	for _, suf := range []string{"ous", "able", "ible", "ive", "ic", "al", "ent", "ant", "ed"} {
		if strings.HasSuffix(last, suf) {
			return true
		}
	}
	return false
}

var irregular = map[string]string{
	"matrix": "matrices", "vertex": "vertices", "basis": "bases", "index": "indices",
	"series": "series", "simplex": "simplices", "radius": "radii", "axis": "axes",
	"hypothesis": "hypotheses", "locus": "loci", "criterion": "criteria", "polyhedron": "polyhedra",
}

// combinedProperty reads "the sum (product, …) of two P Ns is P" at ts[i]
// and returns "sum of P Ns is P".
func combinedProperty(ts []token, i int) string {
	j := i + 1
	if j >= len(ts) || ts[j].low != "of" || i == 0 || !isArticle(ts[i-1].low) {
		return ""
	}
	j++
	if j < len(ts) && (ts[j].low == "two" || ts[j].low == "any" || ts[j].low == "finitely" || isArticle(ts[j].low)) {
		if ts[j].low == "finitely" && j+1 < len(ts) && ts[j+1].low == "many" {
			j++
		}
		j++
	}
	var words []string
	for k := j; k < len(ts) && k <= j+4; k++ {
		if ts[k].math || !wordLike(ts[k].s) {
			return ""
		}
		if ts[k].low == "is" || ts[k].low == "are" {
			if k+1 >= len(ts) || len(words) < 2 {
				return ""
			}
			prop := property(ts, k+1)
			if prop == "" || !strings.HasPrefix(strings.Join(words, " ")+" ", prop+" ") {
				return ""
			}
			return ts[i].low + " of " + strings.Join(words, " ") + " is " + prop
		}
		if termStops[ts[k].low] || ts[k].end {
			return ""
		}
		words = append(words, ts[k].low)
	}
	return ""
}

// nounPhraseBefore is the prose noun phrase that is the subject of the
// verb at ts[i]: "the limit of a sequence $(a_n)$ is" → "limit of a
// sequence". A formula right before the verb is skipped, one inside the
// phrase ends it, so the phrase holds no formula; it must start at an
// article or the sentence's start and name something specific.
func nounPhraseBefore(ts []token, i int) string {
	np, _ := nounPhraseStart(ts, i)
	return np
}

// nounPhraseStart is nounPhraseBefore with the index of the phrase's first
// token (its article included).
func nounPhraseStart(ts []token, i int) (string, int) {
	j := i - 1
	for j >= 0 && ts[j].math && !ts[j].end {
		j--
	}
	var words []token
	for ; j >= 0 && len(words) < maxOfferWords; j-- {
		t := ts[j]
		if t.low == "and" || t.low == "or" {
			// "r and the prime powers q_i are unique": the phrase is
			// one of several subjects.
			return "", 0
		}
		if t.math || t.end || !wordLike(t.s) {
			break
		}
		if t.low != "of" && !isArticle(t.low) && (termStops[t.low] || isStop(t.low) || openers[t.s] && !isArticle(t.low)) {
			break
		}
		words = append(words, t)
	}
	start := j + 1
	for l, r := 0, len(words)-1; l < r; l, r = l+1, r-1 {
		words[l], words[r] = words[r], words[l]
	}
	// Drop a leading article and a trailing "of"/article left by a
	// formula that ended the phrase ("the inverse of $A$" → "inverse").
	the := false
	for len(words) > 0 && isArticle(words[0].low) {
		the = words[0].low == "the"
		words = words[1:]
	}
	for len(words) > 0 && (words[len(words)-1].low == "of" || isArticle(words[len(words)-1].low)) {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return "", 0
	}
	np := strings.ToLower(join(words))
	if generic(np) || genericNouns[strings.ToLower(words[0].low)] && len(words) == 1 {
		return "", 0
	}
	if the && strings.Contains(np, " of ") {
		// "the number of edges", "the limit of a sequence"
		return "the " + np, start
	}
	return np, start
}

// boundWords are the words of the bound read by boundAfter, from ts[i] to
// ts[k] ("at least").
func boundWords(ts []token, i, k int) string {
	var ws []string
	for _, t := range ts[i:k] {
		ws = append(ws, t.low)
	}
	return strings.Join(ws, " ")
}

// proseToEnd is the noun phrase from ts[i] to the end of its sentence
// when it is prose only and starts with an article: "the clique number of
// $G$." → "the clique number" (a formula may only end it, after "of").
func proseToEnd(ts []token, i int) string {
	if i >= len(ts) || !isArticle(ts[i].low) {
		return ""
	}
	var ws []string
	for k := i; k < len(ts) && len(ws) < 6; k++ {
		t := ts[k]
		if t.math {
			if len(ws) > 0 && ws[len(ws)-1] == "of" && (t.end || k+1 == len(ts)) {
				ws = ws[:len(ws)-1]
				return strings.Join(ws, " ")
			}
			return ""
		}
		if !wordLike(t.s) || termStops[t.low] {
			return ""
		}
		ws = append(ws, t.low)
		if t.end || k+1 == len(ts) {
			if !t.period && k+1 < len(ts) || isStop(t.low) {
				return ""
			}
			return strings.Join(ws, " ")
		}
	}
	return ""
}

// ifThenIt reads "If a sequence is Cauchy, then it is bounded." at ts[i]
// (the "if") and returns "Cauchy sequences are bounded".
func ifThenIt(ts []token, i int) string {
	k := i + 1
	if k+4 >= len(ts) || !isArticle(ts[k].low) || ts[k].low == "the" {
		return ""
	}
	noun := ts[k+1]
	if noun.math || !wordLike(noun.s) || termStops[noun.low] || isStop(noun.low) || ts[k+2].low != "is" {
		return ""
	}
	p := property(ts, k+3)
	m := k + 3 + len(strings.Fields(p))
	if p == "" || m+3 >= len(ts) || !ts[m-1].end || ts[m].low != "then" || ts[m+1].low != "it" || ts[m+2].low != "is" {
		return ""
	}
	q := property(ts, m+3)
	n := m + 3 + len(strings.Fields(q))
	if q == "" || q == p || !ts[n-1].period && n != len(ts) {
		return ""
	}
	// "Cauchy" keeps its capital; other properties go lowercase.
	ps := ts[k+3].s
	if len(strings.Fields(p)) > 1 || !unicodeUpper(ps) {
		ps = p
	}
	return ps + " " + plural(noun.low) + " are " + q
}

// functionImplies reads "If $f \colon I \to \R$ is differentiable at $c$,
// then it (f) is continuous at $c$." at ts[i] (the "if") and returns
// "differentiable functions are continuous": one function, two
// properties, the second its whole conclusion.
func functionImplies(ts []token, i int) string {
	k := i + 1
	if k+3 >= len(ts) || !ts[k].math || ts[k+1].low != "is" {
		return ""
	}
	f := symbol(ts[k].s)
	if f != "f" && f != "g" || !strings.Contains(ts[k].s, `\to`) && !saysFunction(ts) {
		return ""
	}
	p := property(ts, k+2)
	if p == "" || generic(p) {
		return ""
	}
	// Skip the place the property holds at ("at $c \in I$").
	m := k + 2 + len(strings.Fields(p))
	for m < len(ts) && ts[m].low != "then" && m < k+8 {
		if ts[m].period {
			return ""
		}
		m++
	}
	if m+2 >= len(ts) || ts[m].low != "then" {
		return ""
	}
	subj := ts[m+1]
	if subj.low != "it" && !(subj.math && symbol(subj.s) == f) || ts[m+2].low != "is" {
		return ""
	}
	q := property(ts, m+3)
	if q == "" || q == p || generic(q) {
		return ""
	}
	// The conclusion ends there, or with where it holds.
	n := m + 3 + len(strings.Fields(q))
	if n < len(ts) && !ts[n-1].period && ts[n].low != "at" && ts[n].low != "on" {
		return ""
	}
	return p + " functions are " + q
}

func unicodeUpper(s string) bool {
	r := firstRune(s)
	return r >= 'A' && r <= 'Z'
}

// boundAfter reads "at most", "at least", "less than or equal to",
// "bounded above by", "no more than" at ts[i] and says which bound it is
// ("upper", "lower") and where it ends. "Bounded above" is a property
// ("the partial sums are bounded above"), not a bound, and is not read.
func boundAfter(ts []token, i int) (string, int) {
	w := func(k int) string {
		if k < len(ts) {
			return ts[k].low
		}
		return ""
	}
	switch {
	case w(i) == "at" && w(i+1) == "most", w(i) == "no" && w(i+1) == "more" && w(i+2) == "than":
		return "upper", i + 2
	case w(i) == "less" && w(i+1) == "than" && w(i+2) == "or" && w(i+3) == "equal":
		return "upper", i + 5
	case w(i) == "at" && w(i+1) == "least", w(i) == "greater" && w(i+1) == "than" && w(i+2) == "or" && w(i+3) == "equal":
		return "lower", i + 2
	}
	return "", 0
}

// everyVerbs are the verbs a short "every X …" statement may assert.
var everyVerbs = map[string]string{
	"is": "are", "has": "have", "converges": "converge", "diverges": "diverge", "contains": "contain",
	"attains": "attain", "admits": "admit", "satisfies": "satisfy", "lies": "lie", "divides": "divide",
	"can": "can", "must": "must", "achieves": "achieve",
}

// everySentence turns a short assertion "Every bounded monotone sequence
// converges." (no formula, at most eight words, at the start of a
// sentence or after "then") into its plural "bounded monotone sequences
// converge".
func everySentence(ts []token, i int) string {
	if i > 0 && !ts[i-1].period && ts[i-1].low != "then" {
		return ""
	}
	var subj []string
	k := i + 1
	for ; k < len(ts) && k <= i+6; k++ {
		t := ts[k]
		if t.math && len(subj) > 0 && k+1 < len(ts) && everyVerbs[ts[k+1].low] != "" {
			// "A convergent sequence $\{x_n\}$ is bounded."
			continue
		}
		if t.math || !wordLike(t.s) {
			return ""
		}
		if everyVerbs[t.low] != "" {
			break
		}
		if t.end {
			return ""
		}
		if (t.low == "of" || t.low == "with") && len(subj) > 0 && subj[len(subj)-1] != "of" {
			// "An orthogonal set of nonzero vectors is …"
			subj = append(subj, t.low)
			continue
		}
		if termStops[t.low] || isStop(t.low) {
			return ""
		}
		subj = append(subj, t.low)
	}
	if len(subj) < 2 || k >= len(ts) || everyVerbs[ts[k].low] == "" || subj[len(subj)-1] == "of" || subj[len(subj)-1] == "with" {
		return ""
	}
	verb := ts[k].low
	var rest []string
	end := ts[k].end && (ts[k].period || k+1 == len(ts))
	for m := k + 1; !ts[k].end && m < len(ts) && m <= k+5; m++ {
		t := ts[m]
		if t.math || !wordLike(t.s) {
			return ""
		}
		rest = append(rest, t.low)
		if t.end {
			end = t.period || m+1 == len(ts)
			break
		}
		if m+1 == len(ts) {
			end = true
		}
	}
	if !end || len(rest) == 0 && verb == "is" {
		return ""
	}
	if verb == "is" && len(rest) > 0 && isArticle(rest[0]) {
		// "is a field" → "are fields"
		rest = append([]string{}, rest[1:]...)
		if len(rest) == 0 {
			return ""
		}
		rest = strings.Fields(plural(strings.Join(rest, " ")))
	}
	if len(rest) > 0 && isStop(rest[len(rest)-1]) {
		return "" // cut before a formula or a reference
	}
	for _, r := range rest {
		if r == "not" || r == "no" {
			return "" // a negation reads wrongly in the plural
		}
	}
	out := pluralHead(subj) + " " + everyVerbs[verb]
	if len(rest) > 0 {
		out += " " + strings.Join(rest, " ")
	}
	if len(strings.Fields(out)) > maxOfferWords {
		return ""
	}
	return out
}
