package main

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// prim is what the scorer reads of one learned primitive.
type prim struct {
	id, name, typ  string
	statement      string // the formal statement, in the source's notation
	computational  string
	proof          string // any proof the primitive carries (empty until lore has one)
	document       string
	line           int // the line of the document it was read at (0: unknown)
	words          []string
	wordSet        map[string]bool
	sig, nameLower string
	plain          string // plainSig of the statement and computational form
	flat           string // flatText of the statement
	tight          string // tightMath of the statement
}

func newPrim(p prim) prim {
	p.words = wordsOf(p.statement+" "+p.computational, -1)
	p.wordSet = map[string]bool{}
	for _, w := range p.words {
		p.wordSet[w] = true
	}
	p.sig = mathSig(p.statement)
	p.plain = plainSig(p.statement + "\n" + p.computational)
	p.nameLower = strings.Join(wordsOf(p.name, -1), " ")
	p.flat = flatText(p.statement)
	p.tight = tightMath(p.statement)
	return p
}

// flatText is s's letters and digits, lower case, without what is not
// printed (\label{…}, \begin{…}): a short statement's text whatever its
// spacing.
func flatText(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(unprinted.ReplaceAllString(s, " ")) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var (
	ptxMath   = regexp.MustCompile(`</?(?:m|me|men|md|mdn)(?:\s[^<>]*)?>`) // PreTeXt's inline and display math
	commandRe = regexp.MustCompile(`\\[A-Za-z@]+\*?`)
	// mystMarkup is a MyST directive's markup: its fence and name
	// ("```{prf:theorem}", whose title after it is printed) and its option
	// lines (":label: res-la-ip-scaling"), which are not.
	mystMarkup = regexp.MustCompile("(?m)^[ \\t]*(?:[`:~]{3,}\\{[A-Za-z][A-Za-z0-9:_-]*\\}|:[A-Za-z][A-Za-z-]*:[ \\t][^\\n]*$)")
	// rstMath is reStructuredText's mathematics, a role (:math:`i_1`) or a
	// directive's indented block (".. math::"): math, as $…$ is.
	rstMath = regexp.MustCompile("(?m):math:`[^`]*`|^\\.\\. math::[^\\n]*(?:\\n(?:[ \\t]+[^\\n]*)?)*")
	// rstRef is a reStructuredText cross-reference role: its text is
	// printed (":ref:`signed interpretation <aux-signed>`"), its target
	// is not.
	rstRef = regexp.MustCompile("(^|[^A-Za-z]):(?:ref|doc|term|numref):`([^`<]*?)\\s*(?:<[^>`]*>)?`")
	// hyperrefTarget is the label \hyperref[label]{text} links to: the
	// text is printed, the label is not ("an \hyperref[def:domain]{integral
	// domain}" reads "an integral domain").
	hyperrefTarget = regexp.MustCompile(`\\hyperref\s*\[[^\]]*\]`)
	// unprinted are commands whose arguments a reader never sees, and an
	// environment's options of keys and values
	// (\begin{enumerate}[itemsep=0pt]), which set it, not print.
	unprinted = regexp.MustCompile(`\\(?:index[A-Za-z]*|label|cite[A-Za-z]*|[A-Za-z]*ref|begin|end|hspace|vspace|includegraphics|url)\*?(?:\[[^\]]*\])?(?:\{[^{}]*\})+(?:\[[^\]=]*=[^\]]*\])?`)
	// glsPlural is a glossary use in the plural: a reader sees the term
	// with its "s" ("\\glspl{variable}" prints "variables").
	glsPlural = regexp.MustCompile(`\\(?:[Gg]lspl|acp|aclp|acsp)\*?(?:\[[^\]]*\])?\{([^{}:]*)\}`)
	// glsKey is a glossary use by an identifier ("symb:corr"), which
	// prints the entry, never the key.
	glsKey     = regexp.MustCompile(`\\(?:[Gg]ls[a-z]*|[Aa]c[slfp]?|[Aa]cr[a-z]*)\*?(?:\[[^\]]*\])?\{[^{}]*:[^{}]*\}`)
	inlineMath = regexp.MustCompile(`(?s)\$[^$]*\$|\\\(.*?\\\)|\\\[.*?\\\]`)
	// displayEnv is math set in an environment of its own, a law stated
	// as \begin{equation} a^m a^n = a^{m+n} \end{equation}.
	displayEnv = regexp.MustCompile(`(?s)\\begin\{(?:equation|align|gather|multline|eqnarray|displaymath)\*?\}(.*?)\\end\{(?:equation|align|gather|multline|eqnarray|displaymath)\*?\}`)
	wordRe     = regexp.MustCompile(`[a-z]{3,}`)
	stop       = map[string]bool{"the": true, "and": true, "for": true, "that": true, "this": true, "with": true, "are": true, "then": true, "let": true, "from": true, "have": true, "has": true, "any": true, "all": true, "which": true, "there": true, "such": true, "its": true, "not": true, "one": true, "each": true, "where": true, "when": true, "can": true, "will": true, "also": true, "but": true, "some": true, "into": true, "than": true, "our": true, "was": true, "were": true, "been": true, "may": true, "must": true, "these": true, "those": true, "them": true, "they": true, "their": true, "only": true, "two": true, "use": true, "used": true, "called": true, "defined": true, "given": true, "say": true}
)

// wordsOf gives the prose words of s (three letters or more, lower case,
// stop words left out) with commands, keys and inline math removed.
func wordsOf(s string, n int) []string {
	s = withoutFootnotes(s)
	s = glsKey.ReplaceAllString(glsPlural.ReplaceAllString(s, "${1}s"), " ")
	s = mystMarkup.ReplaceAllString(s, " ")
	s = rstMath.ReplaceAllString(rstRef.ReplaceAllString(s, "$1$2"), " ")
	s = unprinted.ReplaceAllString(hyperrefTarget.ReplaceAllString(s, " "), " ")
	s = inlineMath.ReplaceAllString(s, " ")
	s = commandRe.ReplaceAllString(s, " ")
	s = tagRe.ReplaceAllString(s, " ")
	var out []string
	for _, w := range wordRe.FindAllString(strings.ToLower(s), -1) {
		if stop[w] {
			continue
		}
		out = append(out, w)
		if n >= 0 && len(out) == n {
			break
		}
	}
	return out
}

// withoutFootnotes drops \footnote{…} (braces balanced): an aside at the
// foot of the page, which lore leaves out of a statement, is not what
// tells one block from another (its rare words were chosen to find a
// definition whose text lore holds whole).
func withoutFootnotes(s string) string {
	const fn = `\footnote`
	for {
		i := strings.Index(s, fn)
		if i < 0 {
			return s
		}
		j := i + len(fn)
		if j < len(s) && s[j] == '[' {
			if k := strings.IndexByte(s[j:], ']'); k >= 0 {
				j += k + 1
			}
		}
		if j >= len(s) || s[j] != '{' {
			return s
		}
		depth := 0
		k := j
		for ; k < len(s); k++ {
			if s[k] == '\\' {
				k++
				continue
			}
			if s[k] == '{' {
				depth++
			} else if s[k] == '}' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		s = s[:i] + " " + s[min(k+1, len(s)):]
	}
}

// tightRe is what does not change what a formula says: spacing, sizing
// (\left, \right), math delimiters and labels.
var tightRe = regexp.MustCompile(`\s+|\\(?:left|right|[,;:! ])|\\label\{[^{}]*\}|\$|\\[\[\]()]`)

// tightMath is s with tightRe's marks gone: a formula too short for its
// letters alone to tell it (a+b=b+a, whose letters any commutative law
// shares) is found symbol for symbol.
func tightMath(s string) string {
	return tightRe.ReplaceAllString(s, "")
}

// mathSig is the letters and digits of s's math, commands left out: what
// a formula keeps whatever notation shows it.
func mathSig(s string) string {
	return sigOf(inlineMath.FindAllString(s, -1))
}

// blockSig is mathSig of a block's body, the math of its display
// environments included: a block stating only a formula set in an
// equation environment has that formula.
func blockSig(s string) string {
	return sigOf(formulasOf(s))
}

// sigOf is the letters and digits of formulas, commands left out.
func sigOf(formulas []string) string {
	var b strings.Builder
	for _, m := range formulas {
		m = commandRe.ReplaceAllString(m, "")
		for _, r := range m {
			if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// distinctive gives up to n of the block's words, the rarest in the work
// first (df counts in how many blocks a word occurs).
func distinctive(ws []string, df map[string]int, n int) []string {
	seen := map[string]bool{}
	var u []string
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			u = append(u, w)
		}
	}
	sort.SliceStable(u, func(i, j int) bool { return df[u[i]] < df[u[j]] })
	if len(u) > n {
		u = u[:n]
	}
	return u
}

// matcher finds the primitive that holds a block.
type matcher struct {
	prims []prim
	df    map[string]int
	// macros are the work's own definitions: a short statement in the
	// source's macros (\rank(A)) is held word for word by one that prints
	// what they stand for (\operatorname{rank}(A)).
	macros map[string]authorMacro
}

func newMatcher(ps []prim, bs []block) *matcher {
	m := &matcher{prims: ps, df: map[string]int{}}
	for _, b := range bs {
		seen := map[string]bool{}
		for _, w := range wordsOf(b.body, -1) {
			if !seen[w] {
				seen[w] = true
				m.df[w]++
			}
		}
	}
	return m
}

// find gives the index of the primitive holding b (-1: none). A
// primitive holds a block when its statement has most of the block's
// distinctive words, or its name has the block's title and its statement
// a third of those words; a block of formula only is held by a statement
// whose formulas keep its letters and digits. A figure is held by what
// draws it (its words, its rows), never by its caption's name: the
// section a diagram is captioned after is named so whether or not it
// draws the diagram.
func (m *matcher) find(b block) int {
	best, score := m.findBody(b)
	if b.stmt != "" {
		// A result holding its proof is held by a primitive that states
		// either: the whole block, as a LaTeX reader keeps it, or the
		// statement alone, as a PDF prints it before the proof.
		s := b
		s.body = b.stmt
		if i, sc := m.findBody(s); sc > score {
			best = i
		}
	}
	return best
}

// findBody is find for b's body as it stands, with the best score.
func (m *matcher) findBody(b block) (int, float64) {
	ws := distinctive(wordsOf(withoutSilent(b.body, m.macros), -1), m.df, 8)
	title := strings.Join(wordsOf(b.title, -1), " ")
	sig := blockSig(b.body)
	flat := flatText(b.body)
	// The formulas alone, and the whole body less what is unprinted (a
	// display set as $$…$$, which formulasOf reads as empty inline math).
	tightF := []string{tightMath(strings.Join(formulasOf(b.body), " ")), tightMath(unprinted.ReplaceAllString(withoutFootnotes(b.body), ""))}
	heldTight := func(p prim) bool {
		for _, t := range tightF {
			if len(t) >= 5 && strings.Contains(p.tight, t) {
				return true
			}
		}
		return false
	}
	expanded, esig := flat, sig
	if len(m.macros) > 0 && len(ws) < 3 {
		e := expandText(b.body, m.macros, 0)
		expanded, esig = flatText(e), blockSig(e)
	}
	best, bestScore := -1, 0.0
	for i, p := range m.prims {
		score := 0.0
		if len(ws) >= 3 {
			n := 0
			for _, w := range ws {
				if p.wordSet[w] {
					n++
				}
			}
			f := float64(n) / float64(len(ws))
			if f >= 0.7 {
				score = f
			} else if b.kind != "fig" && title != "" && f >= 1.0/3 && strings.Contains(" "+p.nameLower+" ", " "+title+" ") {
				score = 0.5 + f/2
			}
		} else if len(ws) < 3 && len(flat) >= 20 && (strings.Contains(p.flat, flat) || expanded != flat && strings.Contains(p.flat, expanded)) {
			// A short statement held word for word is held whole: before
			// any test of its formulas alone, which a longer statement
			// sharing its one symbol (ℕ) passes as well.
			score = 0.95
		} else if len(sig) >= 6 && strings.Contains(p.sig, sig) || esig != sig && len(esig) >= 6 && strings.Contains(p.sig, esig) {
			// The formulas' letters as written, or as the author's macros
			// print them (\d\mu as "d\mu"), which lore stores.
			score = 0.9
		} else if f, tight := formulasHeld(p.plain, b.body); len(sig) >= 6 && f >= 0.8 {
			score = 0.8 + 0.05*f*tight
		} else if b.kind != "fig" && title != "" && len(title) >= 5 && strings.Contains(" "+p.nameLower+" ", " "+title+" ") {
			score = 0.6
		} else if len(ws) < 3 && heldTight(p) {
			score = 0.85 // a short formula, symbol for symbol
		} else if b.kind == "fig" && len(ws) < 3 && drawsRows(p.computational, b.body) {
			score = 0.9 // a diagram of a few fields, drawn whole
		} else if b.kind == "alg" && p.typ == "algorithm" && len(ws) < 3 && len(b.steps) >= 2 && allStepsInOrder(b.steps, p) {
			// A short procedure of few words ("z = S1 ^ S4", "Update(xi)",
			// "return ci") is held by a primitive holding its steps in
			// order, numbered as lore numbers them.
			score = 0.85
		}
		if score > bestScore || score > 0 && score == bestScore && m.fitter(b, p, m.prims[best]) {
			best, bestScore = i, score
		}
	}
	if best < 0 && b.kind == "def" && len(ws) >= 3 {
		if i := m.parts(b, ws); i >= 0 {
			best, bestScore = i, 0.7
		}
	}
	return best, bestScore
}

// drawsRows reports whether form draws every row of a box diagram that
// writes in its cells ("|class|  detail |", "| 0 | F | F |"), spacing aside: a diagram of one or
// two fields has too few words to be found by them, and no title over it
// when it opens a page.
func drawsRows(form, body string) bool {
	if form == "" {
		return false
	}
	drawn := " " + strings.Join(strings.Fields(form), " ") + " "
	rows := 0
	for _, l := range strings.Split(body, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "+") || !strings.ContainsFunc(t, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			continue
		}
		rows++
		if !strings.Contains(drawn, " "+strings.Join(strings.Fields(t), " ")+" ") {
			return false
		}
	}
	return rows > 0
}

// parts gives the first of the primitives a definition of several terms
// was read as, one a term ("A set is finite if … The function f is
// called an enumeration of X. If X is not finite we say it is infinite."
// as finite, enumeration and infinite), when together they hold most of
// its distinctive words; -1 when they do not. A part is a definition read
// in the block's file within the block's lines.
func (m *matcher) parts(b block, ws []string) int {
	first, n := -1, 0
	held := map[string]bool{}
	for i, p := range m.prims {
		if p.line < b.line || p.line > b.endLine || !kindFits(b.kind, p.typ) || !sameFile(p.document, b.file) {
			continue
		}
		n++
		if first < 0 || p.line < m.prims[first].line {
			first = i
		}
		for _, w := range ws {
			if p.wordSet[w] {
				held[w] = true
			}
		}
	}
	if n < 2 || float64(len(held)) < 0.7*float64(len(ws)) {
		return -1
	}
	return first
}

// sameFile reports whether a primitive's document (as lore names it,
// perhaps with the folder it was given) is the work's file f.
func sameFile(document, f string) bool {
	document, f = filepath.ToSlash(document), filepath.ToSlash(f)
	return document == f || strings.HasSuffix(document, "/"+f)
}

// fitter reports whether p fits b better than q, both holding it equally:
// a primitive of b's kind (a theorem for a theorem), else one named by
// b's title, else the one holding more of b's formulas, else the one
// holding more of b's words, else the one saying least besides them.
func (m *matcher) fitter(b block, p, q prim) bool {
	if pk, qk := kindFits(b.kind, p.typ), kindFits(b.kind, q.typ); pk != qk {
		return pk
	}
	if title := strings.Join(wordsOf(b.title, -1), " "); title != "" {
		pt := strings.Contains(" "+p.nameLower+" ", " "+title+" ")
		if qt := strings.Contains(" "+q.nameLower+" ", " "+title+" "); pt != qt {
			return pt
		}
	}
	// What the result states, not the proof nested in it, tells a tie: the
	// proof's symbols are the lemma's before it as much as the result's.
	said := b.body
	if b.stmt != "" {
		said = b.stmt
	}
	// Twins in words ("Then $X \times Y$ is finite" and "Then $X \cup Y$
	// is finite") are told by their formulas.
	if pf, qf := formulaFit(p, said), formulaFit(q, said); pf != qf {
		return pf > qf
	}
	// The block's own words, all of them: a formula's tie ("$[0, 1]$ is
	// connected") is told by its one word, which the distinctive words
	// may hold too few of to count.
	bw := map[string]bool{}
	for _, w := range wordsOf(said, -1) {
		bw[w] = true
	}
	ph, qh := heldOf(p, bw), heldOf(q, bw)
	if ph != qh {
		return ph > qh
	}
	return len(p.wordSet)-ph < len(q.wordSet)-qh
}

// formulaFit is how much of body's formulas p's statement holds: symbol
// for symbol first (\times and \cup, which plainSig leaves out, tell a
// product from a union), then by their letters in their order. How
// closely the letters stand is left out: it differs by a hair between
// statements holding the same formulas, and would decide a tie by noise.
func formulaFit(p prim, body string) float64 {
	n, held := 0, 0
	for _, f := range formulasOf(body) {
		if t := tightMath(f); t != "" {
			n++
			if strings.Contains(p.tight, t) {
				held++
			}
		}
	}
	verbatim := 0.0
	if n > 0 {
		verbatim = float64(held) / float64(n)
	}
	f, _ := formulasHeld(p.plain, body)
	return 4*verbatim + f
}

// heldOf counts the words of ws that p's statement holds.
func heldOf(p prim, ws map[string]bool) int {
	n := 0
	for w := range ws {
		if p.wordSet[w] {
			n++
		}
	}
	return n
}

// kindFits reports whether a primitive of type typ is what a block of
// kind holds.
func kindFits(kind, typ string) bool {
	switch kind {
	case "def":
		return typ == "definition"
	case "thm":
		return typ == "theorem" || typ == "identity"
	case "alg":
		return typ == "algorithm"
	}
	return false
}

// stepsInOrder gives how many of the steps p holds in their order: each
// step's first distinctive words (or its formula's letters) met after the
// previous step's.
//
// A step's formulas are looked for, each in turn, among the letters and
// digits of the whole primitive, not only of its $…$ math: lore shows an
// algorithm's steps in readable form ("for k = 1 → m + n"), where no dollar
// marks the formula, and a raised or lowered character counts as its
// letter (x² as x2).
func stepsInOrder(steps []string, p prim) (inOrder, keyed int) {
	text := strings.Join(p.words, " ")
	sig := p.plain
	pos, spos := 0, 0
	for _, s := range steps {
		ws := wordsOf(s, 3)
		if len(ws) > 1 && ws[0] == "def" {
			// Python's keyword opens a function's signature, which a
			// reader writes as the call it names ("gen(alpha, beta)").
			ws = ws[1:]
		}
		if len(ws) > 0 {
			keyed++
			k := strings.Index(text[pos:], strings.Join(ws, " "))
			if k < 0 && len(ws) > 1 {
				// By its first word alone, near the step before: far on,
				// that word is another step's, and taking it there
				// would lose every step between.
				if k = strings.Index(text[pos:], ws[0]+" "); k > maxFirstWordGap {
					k = -1
				}
			}
			if k >= 0 {
				inOrder++
				pos += k + 1
			}
			continue
		}
		if g := mathSig(s); len(g) >= 3 {
			keyed++
			if k := formulasAt(sig, spos, s); k >= 0 {
				inOrder++
				spos = k + 1
			}
		}
	}
	return inOrder, keyed
}

// stepsHeld reports whether an algorithm whose primitive holds in of its
// keyed steps in order counts as in order: at least 80% of them. A block
// with no keyed step (an algorithm written as a paragraph, or one of
// displayed formulas only) has nothing to put out of order, so finding it
// is enough.
func stepsHeld(in, keyed int) bool {
	return float64(in) >= 0.8*float64(keyed)
}

// operatorRe are the operator commands, which print their names.
var operatorRe = regexp.MustCompile(`\\(max|min|log|ln|lg|exp|sin|cos|tan|gcd|lcm|det|lim|sup|inf|deg|dim|ker|arg|argmax|argmin|mod|bmod|pmod|Pr)([^A-Za-z@]|$)`)

// plainSig is the ASCII letters and digits of s, commands left out, with
// super- and subscript characters read as their letters (NFKC).
func plainSig(s string) string {
	s = operatorRe.ReplaceAllStringFunc(s, func(m string) string {
		g := operatorRe.FindStringSubmatch(m)
		name := g[1]
		if name == "bmod" || name == "pmod" {
			name = "mod" // what they print
		}
		return " " + name + " " + g[2]
	})
	s = norm.NFKC.String(commandRe.ReplaceAllString(s, " "))
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// formulasAt gives where in sig, from offset from on, the formulas of step
// s begin, each found after the one before it; -1 when one is missing.
func formulasAt(sig string, from int, s string) int {
	first, at := -1, from
	for _, f := range inlineMath.FindAllString(s, -1) {
		g := plainSig(f)
		if g == "" {
			continue
		}
		k := strings.Index(sig[at:], g)
		if k < 0 {
			return -1
		}
		if first < 0 {
			first = at + k
		}
		at += k + len(g)
	}
	return first
}

// formulasHeld gives how many of the formulas of body plain (a
// primitive's plainSig) holds, each after the one before, as a fraction:
// a block of formulas whose primitive writes them in readable form, with
// prose between them that the source set outside its math. tight is the
// formulas' letters over the span of plain they were found in (1 when
// nothing stands between them): of two primitives holding them all, the
// one that holds them closest together is the block.
func formulasHeld(plain, body string) (frac, tight float64) {
	n, found, at, first, letters := 0, 0, 0, -1, 0
	for _, f := range formulasOf(body) {
		g := plainSig(f)
		if g == "" {
			continue
		}
		n++
		if k := strings.Index(plain[at:], g); k >= 0 {
			found++
			if first < 0 {
				first = at + k
			}
			at += k + len(g)
			letters += len(g)
		}
	}
	if n == 0 || found == 0 {
		return 0, 0
	}
	return float64(found) / float64(n), float64(letters) / float64(at-first)
}

// maxFirstWordGap bounds how far after the step before a step found by
// its first word alone may stand.
const maxFirstWordGap = 400

// allStepsInOrder reports whether p holds every step of steps, in order.
func allStepsInOrder(steps []string, p prim) bool {
	in, keyed := stepsInOrder(steps, p)
	return keyed >= 2 && in == keyed
}

// firstLost gives the first step stepsInOrder does not find in its place.
func firstLost(steps []string, p prim) string {
	for n := 1; n <= len(steps); n++ {
		if in, keyed := stepsInOrder(steps[:n], p); in < keyed {
			return steps[n-1]
		}
	}
	return ""
}

// proofCarried reports whether p's proof holds most of the proof block's
// distinctive words.
func proofCarried(b block, p prim, df map[string]int) bool {
	if strings.TrimSpace(p.proof) == "" {
		return false
	}
	ws := distinctive(append(wordsOf(b.body, -1), hanPairs(b.body)...), df, 8)
	have := map[string]bool{}
	for _, w := range append(wordsOf(p.proof, -1), hanPairs(p.proof)...) {
		have[w] = true
	}
	if len(ws) == 0 {
		g, h := formulaSig(b.body), formulaSig(p.proof)
		// Formulas of commands alone (\kappa\le\kappa+\kappa) have
		// few letters once the commands go: they are compared symbol for
		// symbol.
		t := tightMath(strings.Join(formulasOf(b.body), ""))
		// A proof of no word of three letters ("HW 8.") is carried by a
		// primitive whose proof is its text.
		if fb := flatText(b.body); len(g) == 0 && len(fb) >= 2 && flatText(p.proof) == fb {
			return true
		}
		return len(g) >= 3 && strings.Contains(h, g) ||
			len(g) >= 12 && len(h) <= 2*len(g)+20 && subsequence(g, h) ||
			len(t) >= 8 && strings.Contains(tightMath(p.proof), t)
	}
	n := 0
	for _, w := range ws {
		if have[w] {
			n++
		}
	}
	return float64(n) >= 0.6*float64(len(ws))
}

// hanPairs are the pairs of Han characters that follow one another in s,
// outside math and commands: the words of a text written in Chinese or
// Japanese, which sets no spaces between its words and so gives wordsOf
// none.
func hanPairs(s string) []string {
	s = inlineMath.ReplaceAllString(s, " ")
	s = commandRe.ReplaceAllString(s, " ")
	var out []string
	var prev rune
	for _, r := range s {
		if !unicode.Is(unicode.Han, r) {
			prev = 0
			continue
		}
		if prev != 0 {
			out = append(out, string(prev)+string(r))
		}
		prev = r
	}
	return out
}

// displayMath is display math as a source sets it or lore writes it.
var displayMath = regexp.MustCompile(`(?s)\$\$.*?\$\$|\\begin\{(?:equation|align|gather|multline|eqnarray|displaymath)\*?\}.*?\\end\{(?:equation|align|gather|multline|eqnarray|displaymath)\*?\}`)

// envMarkRe is a \begin{…} or \end{…}.
var envMarkRe = regexp.MustCompile(`\\(?:begin|end)\{[^}]*\}`)

// formulaSig is mathSig of all of s's math, display math too, in the
// order s writes it: what a proof of formulas only keeps, whether a
// display is set as \[…\], as $$…$$ or in an environment.
func formulaSig(s string) string {
	return mathSig(displayMath.ReplaceAllStringFunc(s, func(m string) string {
		return "$" + envMarkRe.ReplaceAllString(strings.ReplaceAll(m, "$", ""), " ") + "$"
	}))
}

// subsequence reports whether g's characters occur in h in order: h's
// formulas are g's with the author's macros expanded (\Var to
// \operatorname{Var}).
func subsequence(g, h string) bool {
	i := 0
	for j := 0; j < len(h) && i < len(g); j++ {
		if h[j] == g[i] {
			i++
		}
	}
	return i == len(g)
}

// duplicates counts the primitives whose statement (less a leading
// "name:") another primitive already holds.
func duplicates(ps []prim) (int, []string) {
	seen := map[string]string{}
	n := 0
	var ex []string
	for _, p := range ps {
		s := p.statement
		if k := strings.Index(s, ":"); k > 0 && k < 120 {
			s = s[k+1:]
		}
		key := statementKey(s)
		if len(compact(s)) < 20 {
			continue
		}
		if other, ok := seen[key]; ok {
			n++
			ex = append(ex, p.id+" = "+other)
			continue
		}
		seen[key] = p.id
	}
	return n, ex
}

// statementKey is s as duplicates compares statements: without white
// space, case and the punctuation around words, but with the symbols of
// its mathematics, which tell "κ + κ = κ" from "κ · κ = κ", and a point
// between two digits, as compact keeps it.
func statementKey(s string) string {
	var b strings.Builder
	rs := []rune(strings.ToLower(s))
	for i, r := range rs {
		if r == '.' && i > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1]) ||
			!unicode.IsSpace(r) && !strings.ContainsRune(".,;:!?'\"“”‘’()[]{}$\\", r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// compact is s's letters and digits, lower case; a point between two
// digits is kept, for "2.01" and "201" are two numbers (CoAP's response
// code and HTTP's status code), not one spelled twice.
func compact(s string) string {
	var b strings.Builder
	rs := []rune(strings.ToLower(s))
	for i, r := range rs {
		if unicode.IsLetter(r) || unicode.IsDigit(r) ||
			r == '.' && i > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1]) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// provenanceHolds reports whether the text of the document a primitive
// names holds its statement: most of its first words, or its formula's
// letters.
func provenanceHolds(p prim, docWords map[string]bool, docSig string) bool {
	s := p.statement
	// A "Name:" lead-in is not the document's text; a colon inside a
	// formula ("$T:\mathbb{L}_1 \to \mathbb{L}_2$") is, and cutting
	// there would leave the rest's dollars unpaired, its prose read as
	// mathematics.
	if k := strings.Index(s, ":"); k > 0 && k < 120 && !strings.ContainsAny(s[:k], `$\`) {
		s = s[k+1:]
	}
	ws := wordsOf(s, 10)
	if len(ws) >= 3 {
		n := 0
		for _, w := range ws {
			if docWords[w] {
				n++
			}
		}
		return float64(n) >= 0.7*float64(len(ws))
	}
	g := mathSig(s)
	if len(g) < 3 {
		return true // nothing to check it by
	}
	return strings.Contains(docSig, g)
}

// formulasOf gives s's formulas in the order they stand: inline and
// displayed math, and the math of display environments (their names
// left out, which are no part of the formula).
func formulasOf(s string) []string {
	type at struct {
		from int
		f    string
	}
	var fs []at
	envs := displayEnv.FindAllStringSubmatchIndex(s, -1)
	inside := func(i int) bool {
		for _, e := range envs {
			if i >= e[0] && i < e[1] {
				return true
			}
		}
		return false
	}
	for _, e := range envs {
		fs = append(fs, at{e[0], s[e[2]:e[3]]})
	}
	for _, m := range inlineMath.FindAllStringIndex(s, -1) {
		if !inside(m[0]) {
			fs = append(fs, at{m[0], s[m[0]:m[1]]})
		}
	}
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].from < fs[j].from })
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.f
	}
	return out
}

// expandText is s with the work's own macros replaced by their bodies,
// arguments substituted, as TeX reads them (to a depth of 8).
func expandText(s string, macros map[string]authorMacro, depth int) string {
	if depth >= 8 || !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && isLetter(s[j]) {
			j++
		}
		am, ok := macros[s[i+1:j]]
		if j == i+1 || !ok {
			e := min(max(j, i+2), len(s)) // a backslash ending the text is a token of its own
			b.WriteString(s[i:e])
			i = e - 1
			continue
		}
		k := j
		args := make([]string, 0, am.nargs)
		for a := 0; a < am.nargs; a++ {
			if a == 0 && am.opt {
				g, e := am.def, k
				if k < len(s) && s[k] == '[' {
					if c := strings.IndexByte(s[k:], ']'); c > 0 {
						g, e = s[k+1:k+c], k+c+1
					}
				}
				args = append(args, g)
				k = e
				continue
			}
			g, e, ok := group(s, k, '{')
			if !ok { // an argument that is one token
				for k < len(s) && s[k] == ' ' {
					k++
				}
				g, e = "", k
				if k < len(s) {
					g, e = s[k:k+1], k+1
				}
			}
			args = append(args, g)
			k = e
		}
		body := am.body
		for a := len(args); a >= 1; a-- {
			body = strings.ReplaceAll(body, "#"+string(rune('0'+a)), args[a-1])
		}
		b.WriteString(expandText(body, macros, depth+1))
		b.WriteByte(' ')
		i = k - 1
	}
	return b.String()
}

// silent reports whether an author's macro prints nothing: its body is
// index entries and labels only (\newcommand{\nindex}[3]{\index[notation]{…}}),
// whose arguments a reader never sees.
func silent(am authorMacro) bool {
	body := am.body
	for {
		loc := silentCmdRe.FindStringIndex(body)
		if loc == nil {
			break
		}
		i := loc[1]
		if _, j, ok := group(body, i, '['); ok {
			i = j
		}
		_, j, ok := group(body, i, '{')
		if !ok {
			return false
		}
		body = body[:loc[0]] + body[j:]
	}
	return strings.TrimSpace(body) == ""
}

var silentCmdRe = regexp.MustCompile(`\\(?:index|label|glossary)\b`)

// withoutSilent is s without the calls of the author's macros that print
// nothing (silent), their arguments with them.
func withoutSilent(s string, macros map[string]authorMacro) string {
	if len(macros) == 0 || !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && isLetter(s[j]) {
			j++
		}
		am, ok := macros[s[i+1:j]]
		if j == i+1 || !ok || !silent(am) {
			e := min(max(j, i+2), len(s))
			b.WriteString(s[i:e])
			i = e - 1
			continue
		}
		k := j
		for a := 0; a < am.nargs; a++ {
			open := byte('{')
			if a == 0 && am.opt {
				open = '['
			}
			if _, e, ok := group(s, k, open); ok {
				k = e
			}
		}
		b.WriteByte(' ')
		i = k - 1
	}
	return b.String()
}
