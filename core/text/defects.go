package text

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/internal/lazyre"
)

// DefectKind names one way extracted text can be damaged.
type DefectKind string

// The defects Defects looks for. Each is a trace that text extraction
// (a PDF's layout, a converter, markup left over) leaves and that an
// author's own sentence does not have.
const (
	// Garbled text: replacement or control characters, mojibake.
	DefectGarbled DefectKind = "garbled characters"
	// A word cut by a line-end hyphen ("per- mutation").
	DefectBrokenWord DefectKind = "word broken by a hyphen"
	// The same token twice in a row ("series series", "= =").
	DefectRepeat DefectKind = "repeated token"
	// A sentence restarting in lower case (". the"): another column's or
	// line's text spliced in.
	DefectSplice DefectKind = "text spliced mid-sentence"
	// A run of three or more one- or two-character tokens ("x 1 n i i"):
	// subscripts and symbols torn from their words.
	DefectSymbolSoup DefectKind = "torn symbols"
	// A lone accent or modifier ("the ˜ unique").
	DefectStrayMark DefectKind = "stray accent mark"
	// Markup left in the text (\emph, <b>, &amp;).
	DefectMarkup DefectKind = "markup noise"
	// The statement stops mid-way (a trailing ellipsis or hyphen, an open
	// bracket).
	DefectCut DefectKind = "cut off"
)

// Defect is one damaged spot of a text.
type Defect struct {
	Kind DefectKind
	// At is the text of the damaged spot, for messages.
	At string
}

func (d Defect) String() string { return fmt.Sprintf("%s %q", d.Kind, d.At) }

var (
	mojibake  = lazyre.New(`Ã[\x{80}-\x{BF}]|â€`)
	latexCmd  = lazyre.New(`\\[A-Za-z]{2,}`)
	htmlTag   = lazyre.New(`</?[A-Za-z][A-Za-z0-9]*(\s[^<>]*)?/?>`)
	htmlChars = lazyre.New(`&(?:[a-z]{2,8}|#[0-9]{2,6});`)
)

// suspended hyphens are followed by these words: "first- and second-order".
var suspendedHyphen = map[string]bool{"and": true, "or": true, "to": true, "nor": true, "as": true, "through": true}

// nameParticles follow an initial in a name ("J. von Neumann").
var nameParticles = map[string]bool{"von": true, "van": true, "de": true, "der": true, "du": true, "la": true, "le": true, "di": true}

// abbreviations end in a period without ending a sentence.
var abbreviations = map[string]bool{"e.g.": true, "i.e.": true, "etc.": true, "cf.": true, "vs.": true, "resp.": true,
	"viz.": true, "al.": true, "fig.": true, "eq.": true, "no.": true, "p.": true, "pp.": true, "ch.": true, "sec.": true}

// Defects lists the traces of damaged extraction in s. It is a measure for
// comparing two statements of one thing, not a verdict on one: mathematics
// has short symbols of its own, which the count treats alike in both.
func Defects(s string) []Defect {
	var out []Defect
	add := func(k DefectKind, at string) { out = append(out, Defect{Kind: k, At: at}) }

	for _, r := range s {
		if r == utf8.RuneError || (unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r') || unicode.Is(unicode.Co, r) {
			add(DefectGarbled, string(r))
			break
		}
	}
	for _, m := range mojibake.FindAllString(s, -1) {
		add(DefectGarbled, m)
	}
	// A command inside a statement's mathematics is the mathematics;
	// only one in its prose is markup left over.
	prose := s
	if strings.Contains(s, `\`) {
		prose = withoutMath(s)
	}
	for _, m := range latexCmd.FindAllString(prose, -1) {
		add(DefectMarkup, m)
	}
	for _, re := range []*lazyre.Regexp{htmlTag, htmlChars} {
		for _, m := range re.FindAllString(s, -1) {
			add(DefectMarkup, m)
		}
	}

	toks := strings.Fields(s)
	for i, t := range toks {
		next := ""
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		switch {
		case next != "" && utf8.RuneCountInString(t) >= 3 && strings.HasSuffix(t, "-") && !strings.HasSuffix(t, "--") &&
			!suspendedHyphen[strings.ToLower(next)]:
			add(DefectBrokenWord, t+" "+next)
		case next != "" && t == next && !isNumeral(t):
			add(DefectRepeat, t+" "+next)
		case next != "" && endsSentence(t) && startsLower(next) && !nameParticles[next]:
			add(DefectSplice, t+" "+next)
		}
		if strayMark(t) {
			add(DefectStrayMark, t)
		}
	}
	for _, run := range symbolSoup(toks) {
		add(DefectSymbolSoup, run)
	}
	if cut := cutEnd(s); cut != "" {
		add(DefectCut, cut)
	}
	return out
}

// symbolSoup returns the runs of toks that are symbols torn from their
// words: three or more short tokens (one or two runes) in a row, two of
// them side by side ("x 1 n i i", the subscripts of x₁ … xₙ). Mathematics
// is not damage: a formula's operands are joined by its operators
// ("n − 1", "`n - k + 1`"), which are part of a run but not counted, and a
// run whose short tokens never stand side by side is a formula. A short
// word of the language ("is", "of") ends a run: "is n − 1" is a word and a
// formula.
func symbolSoup(toks []string) []string {
	var out []string
	start, operands, adjacent := -1, 0, false
	prevOperand := false
	end := func(i int) {
		if start >= 0 && operands >= 3 && adjacent {
			out = append(out, strings.Join(toks[start:i], " "))
		}
		start, operands, adjacent, prevOperand = -1, 0, false, false
	}
	for i, t := range toks {
		bare := strings.Trim(t, "`$")
		if !allOperators(bare) {
			// Markdown emphasis is looked through: *x* is the symbol x.
			bare = strings.Trim(bare, "*_")
		}
		switch {
		case bare != "" && allOperators(bare):
			if start < 0 {
				start = i
			}
			prevOperand = false
		case bare == "" || utf8.RuneCountInString(bare) > 2 || IsStopword(strings.ToLower(bare)) && utf8.RuneCountInString(bare) == 2:
			end(i)
		default:
			if start < 0 {
				start = i
			}
			operands++
			adjacent = adjacent || prevOperand
			prevOperand = true
		}
	}
	end(len(toks))
	return out
}

// Worse reports whether candidate reads as a more damaged text than
// existing, with the defects it adds: more defects in all, or any kind
// existing does not have at all. Two statements of equal damage are not
// worse one than the other.
func Worse(candidate, existing string) (bool, []Defect) {
	c, e := Defects(candidate), Defects(existing)
	kinds := map[DefectKind]int{}
	for _, d := range e {
		kinds[d.Kind]++
	}
	var added []Defect
	for _, d := range c {
		if kinds[d.Kind] > 0 {
			kinds[d.Kind]--
			continue
		}
		added = append(added, d)
	}
	if run := splicedRun(strings.Fields(candidate), strings.Fields(existing)); run != "" {
		added = append(added, Defect{Kind: DefectSplice, At: run})
	}
	return len(added) > 0, added
}

// maxAlign bounds the tokens aligned by splicedRun (its table is the
// product of both lengths).
const maxAlign = 400

// lcsTable is the table of an alignment of a and b: lcs[i][j] is the
// length of the longest common subsequence of a[i:] and b[j:]. Callers
// bound the lengths (maxAlign, maxMeaningTokens) so that it fits int16.
func lcsTable(a, b []string) [][]int16 {
	n, m := len(a), len(b)
	lcs := make([][]int16, n+1)
	for i := range lcs {
		lcs[i] = make([]int16, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case a[i] == b[j]:
				lcs[i][j] = lcs[i+1][j+1] + 1
			case lcs[i+1][j] >= lcs[i][j+1]:
				lcs[i][j] = lcs[i+1][j]
			default:
				lcs[i][j] = lcs[i][j+1]
			}
		}
	}
	return lcs
}

// splicedRun finds text inserted into the middle of existing that ends a
// sentence there: "are real [tors.] (have zero imaginary part)". A broader
// statement may insert words ("a Hermitian [or normal] operator") or go on
// after the end, but another sentence inside one of existing's sentences is
// a neighbouring line or column of the page. It returns the inserted run,
// or "" when existing is not embedded (most of its tokens in order) in
// candidate or nothing of that kind is inserted.
func splicedRun(cand, exist []string) string {
	if len(cand) > maxAlign || len(exist) > maxAlign || len(exist) < 4 {
		return ""
	}
	n, m := len(cand), len(exist)
	lcs := lcsTable(cand, exist)
	if int(lcs[0][0])*5 < m*4 {
		return ""
	}
	// Walk the alignment; a run of candidate tokens between two matched
	// ones is an insertion inside existing.
	var run []string
	matched := false
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case cand[i] == exist[j]:
			if matched && len(run) > 0 && slicesAny(run, closesSentence) {
				return strings.Join(run, " ")
			}
			matched, run = true, run[:0]
			i++
			j++
		case lcs[i+1][j] >= lcs[i][j+1]:
			if matched {
				run = append(run, cand[i])
			}
			i++
		default:
			j++
		}
	}
	return ""
}

func slicesAny(ts []string, f func(string) bool) bool {
	for _, t := range ts {
		if f(t) {
			return true
		}
	}
	return false
}

// closesSentence reports a token that ends a sentence or a clause before
// a new one: a period (not an abbreviation or ellipsis) or a colon.
func closesSentence(t string) bool {
	if strings.HasSuffix(t, ":") {
		return true
	}
	return strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "..") && !abbreviations[strings.ToLower(t)]
}

// isNumeral reports a number as written, with its separators.
func isNumeral(t string) bool {
	return strings.IndexFunc(t, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' && r != ',' }) < 0
}

// endsSentence reports whether t ends a sentence: a period after a word of
// two or more letters that is not an abbreviation or an ellipsis.
func endsSentence(t string) bool {
	if !strings.HasSuffix(t, ".") || strings.HasSuffix(t, "..") || abbreviations[strings.ToLower(t)] {
		return false
	}
	letters := 0
	for _, r := range strings.TrimSuffix(t, ".") {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 1 && !strings.Contains(strings.TrimSuffix(t, "."), ".")
}

func startsLower(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLower(r) && unicode.Is(unicode.Latin, r)
}

// strayMark reports a token that is only accents or modifier letters.
func strayMark(t string) bool {
	if t == "" {
		return false
	}
	for _, r := range t {
		if !unicode.In(r, unicode.Mn, unicode.Sk, unicode.Lm) || r == '^' || r == '`' {
			return false
		}
	}
	return true
}

// cutEnd returns the tail of s when s stops mid-way, else "".
func cutEnd(s string) string {
	s = strings.TrimSpace(s)
	tail := s[max(0, len(s)-24):]
	if !utf8.ValidString(tail) {
		tail = strings.ToValidUTF8(tail, "")
	}
	switch {
	case strings.HasSuffix(s, "…"), strings.HasSuffix(s, "-") && !strings.HasSuffix(s, "--"):
		return tail
	}
	open := 0
	for _, r := range s {
		switch r {
		case '(', '[':
			open++
		case ')', ']':
			open--
		}
	}
	if open > 0 {
		return tail
	}
	return ""
}
