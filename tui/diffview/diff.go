package diffview

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/tui/cells"
)

// opKind says on which side of a comparison a run of text appears.
type opKind uint8

const (
	opSame opKind = iota
	opDelete
	opInsert
)

// op is a run of display-ready text (normalized whitespace, control
// characters spelled out) on one or both sides.
type op struct {
	kind opKind
	text string
}

// maxDiffTokens bounds the tokens compared with the diff algorithm: the
// diff runs without a deadline so that the result, and so the goldens, do
// not depend on the machine's speed, and a bound on the input is what keeps
// it cheap instead.
const maxDiffTokens = 20000

// Indentation in a computational form: a tab counts as tabWidth spaces and
// deeper indentation is capped so it cannot push code off a narrow column.
const (
	tabWidth  = 4
	maxIndent = 16
)

// Token numbers skip the UTF-16 surrogate range in rune space because the
// library turns rune slices into strings, which would replace a surrogate
// with U+FFFD and lose the token.
const (
	surrogateLo = 0xD800
	surrogateHi = 0xDFFF
)

func tokenRune(i int) rune {
	if i >= surrogateLo {
		i += surrogateHi - surrogateLo + 1
	}
	return rune(i)
}

func runeToken(r rune) int {
	i := int(r)
	if i > surrogateHi {
		i -= surrogateHi - surrogateLo + 1
	}
	return i
}

// wordDiff compares two texts word by word. It maps every distinct token
// (a word, a symbol or a run of whitespace) to one rune, diffs the rune
// strings with diffmatchpatch — the library's "lines to chars" trick at word
// granularity — and maps the result back. keepNL keeps line breaks (a
// computational form is often code); otherwise they read as spaces.
func wordDiff(a, b string, keepNL bool) []op {
	ta, tb := tokenize(a, keepNL), tokenize(b, keepNL)
	if len(ta) == 0 && len(tb) == 0 {
		return nil
	}
	if len(ta)+len(tb) > maxDiffTokens {
		return wholeDiff(ta, tb)
	}
	index := make(map[string]int, len(ta)+len(tb))
	var vocab []string
	encode := func(toks []string) []rune {
		rs := make([]rune, len(toks))
		for i, t := range toks {
			n, ok := index[t]
			if !ok {
				n = len(vocab)
				index[t] = n
				vocab = append(vocab, t)
			}
			rs[i] = tokenRune(n)
		}
		return rs
	}
	ra, rb := encode(ta), encode(tb)

	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	diffs := dmp.DiffCleanupSemantic(dmp.DiffMainRunes(ra, rb, false))

	out := make([]op, 0, len(diffs))
	for _, d := range diffs {
		var sb strings.Builder
		for _, r := range d.Text {
			if n := runeToken(r); n >= 0 && n < len(vocab) {
				sb.WriteString(vocab[n])
			}
		}
		k := opSame
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			k = opDelete
		case diffmatchpatch.DiffInsert:
			k = opInsert
		}
		if sb.Len() > 0 {
			out = append(out, op{kind: k, text: sb.String()})
		}
	}
	return out
}

// wholeDiff marks everything as changed, for inputs too large to compare.
func wholeDiff(ta, tb []string) []op {
	var out []op
	if len(ta) > 0 {
		out = append(out, op{opDelete, strings.Join(ta, "")})
	}
	if len(tb) > 0 {
		out = append(out, op{opInsert, strings.Join(tb, "")})
	}
	return out
}

// tokenize splits s into words (letters, digits, marks, underscores),
// single symbols and whitespace runs. Whitespace is normalized to one space
// (or one line break with keepNL) so that spacing differences are not
// reported as changes, and every other token is made printable: a raw ESC
// or tab must never reach the terminal.
func tokenize(s string, keepNL bool) []string {
	var toks []string
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			j, nl, indent := i, false, 0
			for j < len(s) {
				r2, sz := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				switch r2 {
				case '\n', '\u2028', '\u2029':
					nl, indent = true, 0
				case '\t':
					indent += tabWidth
				case '\r':
				default:
					indent++
				}
				j += sz
			}
			switch {
			case nl && keepNL:
				// Code keeps its line structure and indentation.
				toks = append(toks, "\n")
				if indent > 0 {
					toks = append(toks, strings.Repeat(" ", min(indent, maxIndent)))
				}
			default:
				toks = append(toks, " ")
			}
			i = j
		case isWordRune(r) && !(r == utf8.RuneError && size == 1):
			j := i + size
			for j < len(s) {
				r2, sz := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(r2) || (r2 == utf8.RuneError && sz == 1) {
					break
				}
				j += sz
			}
			toks = append(toks, cells.Visible(s[i:j]))
			i = j
		default:
			toks = append(toks, cells.Visible(s[i:i+size]))
			i += size
		}
	}
	// Edges carry no meaning and would show as a change or a blank line.
	for len(toks) > 0 && isBlank(toks[0]) {
		toks = toks[1:]
	}
	for len(toks) > 0 && isBlank(toks[len(toks)-1]) {
		toks = toks[:len(toks)-1]
	}
	return toks
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '_'
}

func isBlank(t string) bool { return strings.TrimSpace(t) == "" }

// oneLine makes a short field (a name, a keyword, a domain) printable on
// one line.
func oneLine(s string) string {
	return strings.Join(tokenize(s, false), "")
}

// readable is a statement as the Review and Graph screens show it, its
// math read as a person reads it (v₁ → v₂, not $v_1 \to v_2$): the word
// diff is of what is shown, so that two statements differing only in how
// their LaTeX is spaced or spelled compare as the same words.
func readable(statement string) string { return text.ReadableMath(statement) }

// setDiff splits two lists into the items only in a, only in b and in both,
// each in order of first appearance. Items match case-insensitively and
// ignoring spacing; blanks and repeats are dropped; the text shown for a
// shared item is a's.
func setDiff(a, b []string) (onlyA, onlyB, both []string) {
	norm := func(s string) string { return strings.ToLower(oneLine(s)) }
	inB := make(map[string]bool, len(b))
	for _, s := range b {
		inB[norm(s)] = true
	}
	seen := make(map[string]bool, len(a)+len(b))
	for _, s := range a {
		k := norm(s)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		if inB[k] {
			both = append(both, oneLine(s))
		} else {
			onlyA = append(onlyA, oneLine(s))
		}
	}
	for _, s := range b {
		k := norm(s)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		onlyB = append(onlyB, oneLine(s))
	}
	return onlyA, onlyB, both
}
