package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// emphTerm returns the first Markdown-emphasized phrase of s: **x**, __x__,
// *x* or _x_ with the markers at word edges. A word emphasized in
// parentheses right before the next emphasized phrase is part of it, as
// the LaTeX reading takes "(\textbf{pairwise}) \textbf{union}": "(**pairwise**)
// **union**" is "pairwise union", so an HTML rendering of a book names its
// terms as its source does.
func emphTerm(s string) string {
	for i := 0; i < len(s); i++ {
		inner, mark, after := emphRun(s, i)
		if mark == "" {
			continue
		}
		if i > 0 && s[i-1] == '(' && strings.HasPrefix(s[after:], ")") {
			j := after + 1
			for j < len(s) && s[j] == ' ' {
				j++
			}
			if next, m, _ := emphRun(s, j); m == mark {
				return inner + " " + next
			}
		}
		return inner
	}
	return ""
}

// emphRun reads the emphasized phrase whose opening marker is at i: its
// text, its marker ("**", "_") and where its closing marker ends; the
// marker is "" when no emphasis opens there.
func emphRun(s string, i int) (inner, mark string, after int) {
	if i >= len(s) {
		return "", "", 0
	}
	c := s[i]
	if c != '*' && c != '_' {
		return "", "", 0
	}
	if i > 0 && (isWordByte(s[i-1]) || s[i-1] == c) {
		return "", "", 0
	}
	n := 1
	if i+1 < len(s) && s[i+1] == c {
		n = 2
	}
	q := i + n
	if q >= len(s) || s[q] == ' ' || s[q] == '\n' || s[q] == c {
		return "", "", 0
	}
	win := s[q:]
	if len(win) > 82 {
		win = win[:82] // an emphasized term is short; never scan far
	}
	closeAt := strings.Index(win, strings.Repeat(string(c), n))
	if closeAt <= 0 || closeAt > 80 {
		return "", "", 0
	}
	inner = s[q : q+closeAt]
	if strings.ContainsAny(inner, "\n") || strings.HasSuffix(inner, " ") {
		return "", "", 0
	}
	after = q + closeAt + n
	if after < len(s) && isWordByte(s[after]) {
		return "", "", 0
	}
	return inner, s[i : i+n], after
}

// statementStarters open a result's statement, never its title.
var statementStarters = map[string]bool{
	"let": true, "if": true, "a": true, "an": true, "the": true, "every": true, "each": true, "any": true,
	"for": true, "suppose": true, "assume": true, "there": true, "given": true, "we": true, "in": true,
	"then": true, "consider": true, "all": true, "no": true, "this": true, "two": true, "one": true,
	// The openings of textbookMarkers' other languages ("Sei A ⊆ X",
	// "Soit G un groupe", "Sea f", "Sia V").
	"sei": true, "seien": true, "es": true, "ist": true, "sind": true, "für": true, "jede": true, "jeder": true,
	"jedes": true, "gegeben": true, "dann": true, "wir": true, "soit": true, "soient": true, "si": true,
	"pour": true, "tout": true, "toute": true, "sea": true, "sean": true, "dado": true, "dada": true,
	"para": true, "todo": true, "sia": true, "siano": true, "dato": true, "ogni": true,
}

// titleVerbs are never in a result's title: their words make a sentence.
var titleVerbs = map[string]bool{
	"is": true, "are": true, "be": true, "has": true, "have": true, "holds": true, "hold": true, "was": true,
	"were": true, "can": true, "will": true, "let": true, "then": true, "iff": true, "if": true, "we": true,
	"heißt": true, "ist": true, "sind": true, "gilt": true, "est": true, "sont": true, "es": true, "son": true, "è": true,
}

// leadTitle reads the title books set right after a result's number in
// running text, where PDF and EPUB text keeps no markup: "Theorem 3.
// Weierstrass Approximation Theorem. The set …", "Theorem 5. Baire's
// Category Theorem If (Un) is …", "Definition 2. Open Set" over its
// statement. A title is a few words with no verb, no formula, not opening
// the way statements open; what follows it must start like a statement.
// It returns the title and where the statement starts.
func leadTitle(s string, p int) (string, int, bool) {
	eol := strings.IndexByte(s[p:], '\n')
	if eol < 0 {
		eol = len(s) - p
	}
	line := s[p : p+eol]
	f := strings.Fields(line)
	if len(f) == 0 || statementStarters[strings.ToLower(f[0])] {
		return "", 0, false
	}
	var words []string
	for i, w := range f {
		if i > 6 {
			return "", 0, false
		}
		bare := strings.TrimRight(w, ".:")
		l := strings.ToLower(bare)
		if i > 0 && len(words) > 0 {
			r, _ := utf8.DecodeRuneInString(bare)
			if statementStarters[l] && unicode.IsUpper(r) {
				// "Baire's Category Theorem If (Un) is …"
				at := p + strings.Index(line, " "+w) + 1
				return strings.Join(words, " "), at, true
			}
		}
		if bare == "" || titleVerbs[l] || strings.ContainsAny(bare, "()[]{}=<>∈⊆→0123456789$\\") {
			return "", 0, false
		}
		if i == 0 {
			if r, _ := utf8.DecodeRuneInString(bare); !unicode.IsUpper(r) {
				return "", 0, false
			}
		}
		words = append(words, bare)
		if strings.HasSuffix(w, ".") || strings.HasSuffix(w, ":") {
			// "Isometries. Let …": a title ends at its period, and a
			// statement must follow on the line.
			rest := strings.TrimSpace(line[strings.Index(line, w)+len(w):])
			if r, _ := utf8.DecodeRuneInString(rest); rest == "" || !unicode.IsUpper(r) {
				return "", 0, false
			}
			return strings.Join(words, " "), p + strings.Index(line, rest), true
		}
	}
	// The whole line: a title over its statement.
	next := p + eol + 1
	if next >= len(s) || len(words) > 6 {
		return "", 0, false
	}
	q := skipBlank(s, next)
	if r, _ := utf8.DecodeRuneInString(s[min(q, len(s)):]); q >= len(s) || !unicode.IsUpper(r) {
		return "", 0, false
	}
	return strings.Join(words, " "), q, true
}

func (x *extractor) markerName(st *secState, h hit, raw, stmt string) string {
	if h.name != "" && !attribution(dropCitationKeys(h.name)) {
		if n := givenName(x.prose(dropCitationKeys(h.name))); n != "" {
			if h.m.kind == "step" {
				return "Step " + h.number + ": " + n
			}
			return n
		}
	}
	first := firstLine(raw)
	switch h.m.kind {
	case "definition", "concept":
		if t := emphTerm(first + " " + raw); t != "" {
			if n := termName(x.prose(t)); n != "" {
				// "A function f is *injective* if …" defines
				// "Injective Function", as a source's block names it.
				if adj := adjectiveSubject(stmt, x.prose(t)); adj != "" {
					return adj
				}
				return n
			}
		}
		if h.m.kind == "definition" {
			// "A map … is linear if" defines "Linear Map", not "Map".
			if n := predicateAdjective(stmt); n != "" {
				return n
			}
		}
		if n := definedTerm(stmt); n != "" {
			if n = definitionTerm(n); n != "" {
				return titleCase(n)
			}
		}
		if h.m.kind == "concept" {
			return titleCase(leadPhrase(stmt, 5))
		}
		if n := sayTerm(stmt); n != "" {
			return titleCase(n)
		}
		if x.ctype == core.Paper && h.number != "" {
			return h.m.word + " " + h.number
		}
		if h.number != "" {
			// "Definition 2.1 — Groups", as numbered blocks are named.
			return x.numberedName(st, &cand{typ: h.m.typ, number: h.number, kind: h.m.word})
		}
		return x.topicName(st, h.m.word, h.number)
	case "theorem", "lemma", "corollary", "proposition", "axiom", "statement", "claim", "observation", "fact":
		// The word the book labels it with, in the book's language.
		k := h.m.word
		if n := resultName(stmt); n != "" && wordyName(n) {
			// What it says, in words: "Any tree with at least two
			// vertices has at least two vertices of degree one".
			return n
		}
		if x.ctype == core.Paper && h.number != "" {
			// A paper's results are known by their numbers: "Lemma 3".
			return k + " " + h.number
		}
		if h.number != "" {
			// The number says which result it is, the section what it is
			// about: "Lemma 2.8 — Preliminaries", as numbered blocks are
			// named; a phrase cut from the statement would say neither.
			return x.numberedName(st, &cand{typ: h.m.typ, number: h.number, kind: k})
		}
		if n := x.topicName(st, k, h.number); n != "" {
			return n
		}
		if n := statementPhrase(stmt, 4); n != "" && !badName(n) {
			return tidyName(withKind(titleCase(n), k))
		}
		// Numbered in its section ("Theorem 3"), so that two such results
		// are not both "Theorem".
		return x.numberedName(st, &cand{typ: h.m.typ, kind: k})
	case "algorithm":
		if n := statementPhrase(stmt, 4); n != "" {
			return tidyName(withKind(titleCase(n), "Algorithm"))
		}
		return x.topicName(st, "Algorithm", h.number)
	case "identity":
		return x.topicName(st, "Identity", h.number)
	case "step":
		concept := titleCase(leadPhrase(x.prose(first), 7))
		if concept == "" {
			concept = titleCase(leadPhrase(stmt, 7))
		}
		if concept == "" {
			return "Step " + h.number
		}
		return tidyName("Step " + h.number + ": " + concept)
	case "ident":
		return identName(stmt)
	default:
		return titleCase(leadPhrase(stmt, 6))
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// identName names interface/service/pattern entries: an identifier-looking
// first word (Renderer, io.Writer, Observer) is the name by itself.
func identName(stmt string) string {
	f := strings.Fields(stmt)
	if len(f) > 0 {
		w := strings.Trim(f[0], ",;:.()`*\"'")
		verbNext := len(f) > 2 && verbLike(strings.ToLower(f[1]), w) && (articles[strings.ToLower(f[2])] || determiners[strings.ToLower(f[2])])
		if looksIdent(w) && (len(f) == 1 || verbNext || strings.ContainsAny(w, "._") || hasInnerUpper(w) ||
			strings.HasSuffix(f[0], ":") || strings.HasSuffix(f[0], ",")) {
			return w
		}
	}
	return titleCase(leadPhrase(stmt, 4))
}

func hasInnerUpper(w string) bool {
	for i := 1; i < len(w); i++ {
		if 'A' <= w[i] && w[i] <= 'Z' {
			return true
		}
	}
	return false
}

// looksIdent reports whether w reads like a program identifier: letters,
// digits, '_' or '.', starting with a letter, at least two characters, and
// not an English stopword.
func looksIdent(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(isWordByte(c) || c == '.') {
			return false
		}
	}
	if c := w[0]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_') {
		return false
	}
	if w[len(w)-1] == '.' {
		return false
	}
	return !stopwordIdent(w)
}

// stripCitations removes numeric citations ("[12]", "[3, 4]", "[5-7]") so
// paper statements read as claims.
func stripCitations(s string) string {
	if strings.IndexByte(s, '[') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '[' {
			j := i + 1
			ok := false
			for j < len(s) && j-i < 40 {
				c := s[j]
				if c == ']' {
					ok = j > i+1
					break
				}
				if !('0' <= c && c <= '9' || c == ',' || c == ' ' || c == '-') {
					break
				}
				j++
			}
			if ok {
				for len(b) > 0 && b[len(b)-1] == ' ' {
					b = b[:len(b)-1]
				}
				i = j
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

// dropCitationKeys removes bracketed citations from a result's title:
// "Distance between X and Y; [CGS10]" → "Distance between X and Y",
// "Hoeffding's inequality [Hoe94]" → "Hoeffding's inequality", "[Rob55]"
// → "".
func dropCitationKeys(s string) string {
	if strings.IndexByte(s, '[') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '[' {
			if e := strings.IndexByte(s[i:], ']'); e > 1 && isCitationKeys(s[i+1:i+e]) {
				i += e
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return strings.Trim(text.CollapseSpace(b.String()), " ;,")
}

// isCitationKeys reports whether the text inside brackets lists citation
// keys: numbers and ranges ("12", "3, 4", "5-7") or capitals and a year
// ("Mir12", "BKP+ 14", "DMNS06"); alpha style raises the "+" of a key of
// many authors, which a PDF reader writes "BKP⁺14".
func isCitationKeys(in string) bool {
	for _, k := range strings.Split(in, ",") {
		k = strings.TrimSpace(k)
		if k == "" {
			return false
		}
		if strings.Trim(k, "0123456789-–") == "" {
			continue
		}
		if k[0] < 'A' || k[0] > 'Z' {
			return false
		}
		p := 1
		for p < len(k) && (isLetterByte(k[p]) || k[p] == '+' || strings.HasPrefix(k[p:], "⁺")) {
			if k[p] == '+' || isLetterByte(k[p]) {
				p++
			} else {
				p += len("⁺")
			}
		}
		if p < len(k) && k[p] == ' ' {
			p++
		}
		d := p
		for p < len(k) && '0' <= k[p] && k[p] <= '9' {
			p++
		}
		if p-d != 2 && p-d != 4 {
			return false
		}
		if p < len(k) && isLetterByte(k[p]) {
			p++
		}
		if p != len(k) {
			return false
		}
	}
	return true
}

// attribution reports whether a result's parenthesized text says where it
// comes from rather than what it is: "Definition 7 in [ZDW22]" leaves
// "Definition 7 in" once the citation is dropped, "see [X]" leaves "see".
func attribution(t string) bool {
	t = strings.TrimSpace(t)
	if t == "" {
		return false
	}
	low := strings.ToLower(t)
	for _, p := range []string{"see ", "cf. ", "cf ", "from ", "adapted from", "due to "} {
		if strings.HasPrefix(low, p) || low == strings.TrimSpace(p) {
			return true
		}
	}
	f := strings.Fields(low)
	switch f[len(f)-1] {
	case "in", "of", "from", "see", "cf.", "by":
		return true
	}
	for i := 0; i+1 < len(f); i++ {
		switch strings.TrimRight(f[i], ".") {
		case "definition", "defnition", "theorem", "lemma", "proposition", "corollary", "section", "eq", "equation", "chapter", "thm", "def", "prop", "lem":
			if c := f[i+1][0]; '0' <= c && c <= '9' {
				return true
			}
		}
	}
	return false
}

// algorithmHeader reports whether one of the three lines before position
// p opens with "Data:", "Input:" or "Require:": a "Result:" there is the
// output line of pseudo-code, not a finding.
func algorithmHeader(s string, p int) bool {
	ls := lineStartBefore(s, p)
	for n := 0; n < 3 && ls > 0; n++ {
		prev := lineStartBefore(s, ls-1)
		if prev < 0 {
			return false
		}
		t := strings.TrimLeft(s[prev:ls-1], " \t*_>-")
		for _, w := range []string{"Data:", "Input:", "Require:", "Input "} {
			if strings.HasPrefix(t, w) {
				return true
			}
		}
		ls = prev
	}
	return false
}

// definitionTerm checks a term read from a definition's first sentence:
// the verb of "We say …", "we define5 view(B)" is not a term, and
// "following" or "these" in front of one ("The following slashing
// conditions") is not part of it. It returns the term, or "".
func definitionTerm(n string) string {
	f := strings.Fields(n)
	for len(f) > 0 {
		switch strings.ToLower(f[0]) {
		case "following", "these", "those", "such", "this", "that":
			f = f[1:]
			continue
		}
		break
	}
	if len(f) == 0 {
		return ""
	}
	first := strings.ToLower(strings.TrimRight(f[0], "0123456789"))
	switch first {
	case "say", "says", "define", "defines", "call", "calls", "denote", "denotes", "write", "let", "consider",
		"use", "assume", "fix", "suppose", "given", "recall", "note", "we", "it", "there":
		return ""
	}
	return strings.Join(f, " ")
}

// termStops end the term of "we say that x is <term> if …".
var termStops = map[string]bool{
	"if": true, "iff": true, "when": true, "whenever": true, "provided": true, "from": true, "between": true,
	"of": true, "for": true, "with": true, "in": true, "on": true, "to": true, "and": true, "or": true, "by": true, "at": true,
}

// sayTerm reads the term of a definition phrased the way papers phrase
// them: "We say that (B, j) is finalized if …" → "finalized", "We say
// that there is a supermajority link from …" → "supermajority link", "We
// define “activated” validators …" → "activated". It returns "" when the
// first sentence is not of these forms.
func sayTerm(stmt string) string {
	sent := stmt[:sentenceEnd(stmt)]
	low := strings.ToLower(sent)
	say := strings.Index(low, "we say ")
	def := strings.Index(low, "we define ")
	if say < 0 && def < 0 && !strings.Contains(low, " is called ") && !strings.Contains(low, " is said to be ") {
		return ""
	}
	// A quoted term.
	for _, q := range [][2]string{{"“", "”"}, {"\"", "\""}} {
		if i := strings.Index(sent, q[0]); i >= 0 {
			rest := sent[i+len(q[0]):]
			if j := strings.Index(rest, q[1]); j > 0 && j < 60 {
				return strings.TrimSpace(rest[:j])
			}
		}
	}
	if say < 0 {
		return ""
	}
	rest := sent[say+len("we say "):]
	rest = strings.TrimPrefix(rest, "that ")
	var tail string
	switch {
	case strings.HasPrefix(rest, "there is "):
		tail = rest[len("there is "):]
	default:
		for _, v := range []string{" is ", " are "} {
			if i := strings.Index(rest, v); i >= 0 {
				tail = rest[i+len(v):]
				break
			}
		}
	}
	if tail == "" {
		return ""
	}
	var out []string
	for _, w := range strings.Fields(tail) {
		lw := strings.ToLower(strings.Trim(w, ",.;:"))
		if len(out) == 0 && (lw == "a" || lw == "an" || lw == "the") {
			continue
		}
		if termStops[lw] || len(out) == 4 {
			break
		}
		t := strings.TrimRight(strings.Trim(w, ",.;:"), "0123456789")
		if !hasLetter(t) || strings.ContainsAny(t, "()=∈≤≥") {
			return ""
		}
		out = append(out, t)
		if strings.HasSuffix(w, ",") {
			break
		}
	}
	return strings.Join(out, " ")
}
