package text

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// CanonicalMath is the form in which the comparator reads a statement:
// the same mathematics spelled in different LaTeX (or in Unicode) reads
// the same, so that spelling never makes two statements differ. A book's
// slides write \le where its chapters write \leq, one file's macro \N is
// {\mathbb{N}} in another once expanded, an author writes \not= in one
// place and \neq in the next, or \left( … \right) for ( … ).
//
// It reads the text as a sequence of tokens — commands, words, single
// symbols — and writes them back with:
//   - synonyms spelled one way: \le, \leqslant and ≤ as \leq; \ge, \geqslant
//     and ≥ as \geq; \ne, \not=, ≠ as \neq; \rightarrow, → as \to; \lvert,
//     \rvert, \vert and \mid as |; \lVert, \rVert, \Vert, \| and ‖ as ‖;
//     \ldots, \cdots, …, ⋯ as \dots; \colon as :; \dfrac and \tfrac as
//     \frac (\displaystyle, \textstyle dropped); Unicode's ∈ ∞ ∀ ∃ ⊂ ⊆ ∪ ∩
//     × · − as their commands;
//   - blackboard letters (\mathbb{N}, \mathbb N, \Bbb N, and the macros
//     \N, \Z, \Q, \R, \C books define for them) as ℕ, ℤ, ℚ, ℝ, ℂ;
//   - sizing (\left, \right, \big…, \middle) and spacing commands (\, \;
//     \: \! \quad \qquad, "\ ") dropped, and \left. / \right. with them;
//   - the math delimiters ($, $$, \( \), \[ \]) as white space: a
//     statement read with its mathematics marked and one read without
//     them are the same;
//   - braces around a single token dropped ({x}, x^{2}, {\mathbb{N}});
//   - white space kept only between two words or a command and a word,
//     and there as one space.
//
// Prose passes through with its white space collapsed. The result is for
// comparing: it is never shown.
func CanonicalMath(s string) string {
	bp := tokenPool.Get().(*[]string)
	raw := mathTokens((*bp)[:0], s)
	defer func() {
		// The buffer must not keep the statement alive, nor a huge one
		// stay in the pool.
		clear(raw)
		if cap(raw) <= maxPooledTokens {
			*bp = raw[:0]
			tokenPool.Put(bp)
		}
	}()
	toks := dropSingleBraces(raw)
	var b strings.Builder
	b.Grow(len(s))
	prevWord := false // the last token written ends in a letter or digit
	prevCmd := false  // the last token written is a command named by letters
	space := false
	for _, t := range toks {
		if t == " " {
			space = true
			continue
		}
		first, _ := utf8.DecodeRuneInString(t)
		word := isWordStart(first)
		// Words stay apart, and a command followed by a word keeps a
		// separator to stay the same command: "\leq y", not "\leqy".
		if word && (space && prevWord || prevCmd) {
			b.WriteByte(' ')
		}
		b.WriteString(t)
		space = false
		last, _ := utf8.DecodeLastRuneInString(t)
		prevWord = isWordStart(last)
		prevCmd = t[0] == '\\' && len(t) > 1 && unicode.IsLetter(rune(t[1]))
	}
	return b.String()
}

func isWordStart(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// mathSynonyms spell a command one way; "" drops it.
var mathSynonyms = map[string]string{
	`\le`: `\leq`, `\leqslant`: `\leq`, `\leqq`: `\leq`,
	`\ge`: `\geq`, `\geqslant`: `\geq`, `\geqq`: `\geq`,
	`\ne`:         `\neq`,
	`\rightarrow`: `\to`, `\gets`: `\leftarrow`,
	`\lvert`: "|", `\rvert`: "|", `\vert`: "|", `\mid`: "|",
	`\lVert`: "‖", `\rVert`: "‖", `\Vert`: "‖", `\|`: "‖",
	`\ldots`: `\dots`, `\cdots`: `\dots`, `\dotsc`: `\dots`, `\dotsb`: `\dots`,
	`\colon`: ":", `\lbrace`: `\{`, `\rbrace`: `\}`, `\land`: `\wedge`, `\lor`: `\vee`, `\lnot`: `\neg`,
	`\left`: "", `\right`: "", `\middle`: "",
	`\big`: "", `\Big`: "", `\bigg`: "", `\Bigg`: "",
	`\bigl`: "", `\bigr`: "", `\Bigl`: "", `\Bigr`: "", `\biggl`: "", `\biggr`: "", `\Biggl`: "", `\Biggr`: "",
	`\,`: "", `\;`: "", `\:`: "", `\!`: "", `\ `: "", `\quad`: "", `\qquad`: "", `\enspace`: "", `\thinspace`: "",
	`\(`: "$", `\)`: "$", `\[`: "$", `\]`: "$",
	`\N`: "ℕ", `\Z`: "ℤ", `\Q`: "ℚ", `\R`: "ℝ", `\C`: "ℂ",
	`\dfrac`: `\frac`, `\tfrac`: `\frac`, `\displaystyle`: "", `\textstyle`: "",
	`\varepsilon`: `\epsilon`, `\varphi`: `\phi`, `\prime`: "'", `\implies`: `\Rightarrow`, `\iff`: `\Leftrightarrow`,
	`\varnothing`: `\emptyset`, `\lt`: "<", `\gt`: ">",
}

// unicodeMath spells a Unicode symbol as its command.
var unicodeMath = map[rune]string{
	'≤': `\leq`, '≥': `\geq`, '≠': `\neq`, '→': `\to`, '←': `\leftarrow`, '∈': `\in`, '∉': `\notin`,
	'∞': `\infty`, '∀': `\forall`, '∃': `\exists`, '⊂': `\subset`, '⊆': `\subseteq`, '∪': `\cup`,
	'∩': `\cap`, '×': `\times`, '·': `\cdot`, '−': "-", '…': `\dots`, '⋯': `\dots`, '‖': "‖", '∣': "|",
	// What an EPUB's or a web page's MathML reads as: the same
	// mathematics its LaTeX source writes with commands.
	'⋅': `\cdot`, '¬': `\neg`, '∧': `\wedge`, '∨': `\vee`, '↔': `\leftrightarrow`, '⇒': `\Rightarrow`,
	'⇔': `\Leftrightarrow`, '≅': `\cong`, '≡': `\equiv`, '≈': `\approx`, '∼': `\sim`, '∅': `\emptyset`,
	'⊇': `\supseteq`, '⊃': `\supset`, '∖': `\setminus`, '∘': `\circ`, '±': `\pm`, '∑': `\sum`, '∏': `\prod`,
	'∫': `\int`, '∂': `\partial`, '∇': `\nabla`, '⌊': `\lfloor`, '⌋': `\rfloor`, '⌈': `\lceil`, '⌉': `\rceil`,
	'′': "'", '↦': `\mapsto`, '⊕': `\oplus`, '⊗': `\otimes`, '⟨': `\langle`, '⟩': `\rangle`,
	'α': `\alpha`, 'β': `\beta`, 'γ': `\gamma`, 'δ': `\delta`, 'ε': `\epsilon`, 'ζ': `\zeta`, 'η': `\eta`,
	'θ': `\theta`, 'ι': `\iota`, 'κ': `\kappa`, 'λ': `\lambda`, 'μ': `\mu`, 'ν': `\nu`, 'ξ': `\xi`,
	'π': `\pi`, 'ρ': `\rho`, 'σ': `\sigma`, 'τ': `\tau`, 'υ': `\upsilon`, 'φ': `\phi`, 'χ': `\chi`,
	'ψ': `\psi`, 'ω': `\omega`, 'Γ': `\Gamma`, 'Δ': `\Delta`, 'Θ': `\Theta`, 'Λ': `\Lambda`, 'Ξ': `\Xi`,
	'Π': `\Pi`, 'Σ': `\Sigma`, 'Φ': `\Phi`, 'Ψ': `\Psi`, 'Ω': `\Omega`,
	// Typographic quotes are the typewriter's.
	'“': `"`, '”': `"`, '‘': "'", '’': "'",
}

// bbLetters is the double-struck capital of a letter.
var bbLetters = map[byte]string{
	'N': "ℕ", 'Z': "ℤ", 'Q': "ℚ", 'R': "ℝ", 'C': "ℂ", 'F': "𝔽", 'P': "ℙ", 'E': "𝔼", 'H': "ℍ", 'K': "𝕂",
}

// tokenPool holds the token buffers CanonicalMath reuses: it runs for
// every statement and form a run compares.
var tokenPool = sync.Pool{New: func() any { return new([]string) }}

// maxPooledTokens bounds the buffers kept in tokenPool.
const maxPooledTokens = 1 << 14

// mathTokens appends to out the tokens of s: commands (spelled
// canonically), words, single symbols and " " for a run of white space.
func mathTokens(out []string, s string) []string {
	space := func() {
		if n := len(out); n > 0 && out[n-1] != " " {
			out = append(out, " ")
		}
	}
	dropDot := false // after \left or \right: a "." is the empty delimiter
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			space()
			i += w
			continue
		case r == '$':
			if strings.HasPrefix(s[i:], "$$") {
				w = 2
			}
			space()
			i += w
			dropDot = false
			continue
		case r == '.' && dropDot:
			i += w
			dropDot = false
			continue
		case r == '\\':
			name, n := texCommand(s[i:])
			i += n
			if name == `\not` {
				// \not= and \not\in: the negated relation.
				rest := strings.TrimLeft(s[i:], " ")
				switch {
				case strings.HasPrefix(rest, "="):
					out = append(out, `\neq`)
					i = len(s) - len(rest) + 1
					continue
				case strings.HasPrefix(rest, `\in`) && !startsLetter(rest[3:]):
					out = append(out, `\notin`)
					i = len(s) - len(rest) + 3
					continue
				}
			}
			if name == `\mathbb` || name == `\Bbb` || name == `\mathbbm` {
				if l, n := bbArgument(s[i:]); l != "" {
					out = append(out, l)
					i += n
					continue
				}
			}
			if c, ok := mathSynonyms[name]; ok {
				dropDot = name == `\left` || name == `\right`
				if c == "$" {
					space()
				} else if c != "" {
					out = append(out, c)
				}
				continue
			}
			dropDot = false
			out = append(out, name)
			continue
		}
		dropDot = false
		if c, ok := unicodeMath[r]; ok {
			out = append(out, c)
			i += w
			continue
		}
		if isWordStart(r) {
			j := i + w
			for j < len(s) {
				r2, w2 := utf8.DecodeRuneInString(s[j:])
				if !isWordStart(r2) {
					break
				}
				j += w2
			}
			out = append(out, s[i:j])
			i = j
			continue
		}
		out = append(out, s[i:i+w])
		i += w
	}
	return out
}

func startsLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}

// command reads the command at the start of s ("\leq", "\,", "\\") and
// how many bytes it takes.
func texCommand(s string) (string, int) {
	j := 1
	for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
		j++
	}
	if j == 1 && j < len(s) {
		_, w := utf8.DecodeRuneInString(s[1:])
		j += w
	}
	return s[:j], j
}

// bbArgument reads the letter a bbLetters command sets ("{N}", " N",
// "{{N}}") and returns its double-struck form and the bytes taken; "" when
// the argument is not one capital letter that has one.
func bbArgument(s string) (string, int) {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	open := 0
	for i < len(s) && s[i] == '{' {
		open++
		i++
	}
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i >= len(s) {
		return "", 0
	}
	l, ok := bbLetters[s[i]]
	if !ok {
		return "", 0
	}
	i++
	for ; open > 0; open-- {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) || s[i] != '}' {
			return "", 0
		}
		i++
	}
	return l, i
}

// dropSingleBraces drops each pair of braces that holds exactly one token
// (white space aside), innermost first: {x}, x^{2}, {{\mathbb{N}}}. It
// works in place: toks is written over.
func dropSingleBraces(toks []string) []string {
	var opens []int // indexes in out of "{" not yet closed
	out := toks[:0]
	for _, t := range toks {
		switch t {
		case "{":
			opens = append(opens, len(out))
			out = append(out, t)
			continue
		case "}":
			if n := len(opens); n > 0 {
				o := opens[n-1]
				opens = opens[:n-1]
				inner := 0
				for _, x := range out[o+1:] {
					if x != " " {
						inner++
					}
				}
				if inner <= 1 {
					// Keep the one token, without the braces and spaces.
					kept := ""
					for _, x := range out[o+1:] {
						if x != " " {
							kept = x
						}
					}
					out = out[:o]
					if kept != "" {
						out = append(out, kept)
					}
					continue
				}
			}
		}
		out = append(out, t)
	}
	return out
}

// MathAtoms are the symbols of s's mathematics — what its $…$, $$…$$,
// \(…\) and \[…\] spans hold, read in canonical form (CanonicalMath): each
// command, letter, digit and sign once. Two statements of one result
// written by one author hold the same atoms, whatever their words; a
// definition for the reals and its generalisation to a metric space X do
// not (ℝ against X).
func MathAtoms(s string) map[string]bool {
	out := map[string]bool{}
	for _, span := range mathSpans(s) {
		c := CanonicalMath(span)
		for i := 0; i < len(c); {
			r, size := utf8.DecodeRuneInString(c[i:])
			switch {
			case r == '\\':
				name, n := texCommand(c[i:])
				if n == 0 {
					n = 1
				}
				out[name] = true
				i += n
				continue
			case !unicode.IsSpace(r) && r != '{' && r != '}':
				out[string(r)] = true
			}
			i += size
		}
	}
	return out
}

// mathSpans are the texts of s's math spans, delimiters left out.
func mathSpans(s string) []string {
	var out []string
	for _, sp := range mathSpanIndex(s) {
		out = append(out, s[sp[0]:sp[1]])
	}
	return out
}

// withoutMath is s with its math spans, delimiters and all, as blanks.
func withoutMath(s string) string {
	spans := mathSpanIndex(s)
	if len(spans) == 0 {
		return s
	}
	b := []byte(s)
	for _, sp := range spans {
		for k := sp[2]; k < sp[3]; k++ {
			b[k] = ' '
		}
	}
	return string(b)
}

// mathSpanIndex finds s's math spans ($…$, $$…$$, \(…\), \[…\]): for
// each, where its text starts and ends and where the span with its
// delimiters starts and ends. An unclosed delimiter ends the search.
func mathSpanIndex(s string) [][4]int {
	var out [][4]int
	for i := 0; i < len(s); i++ {
		var open, end string
		switch {
		case strings.HasPrefix(s[i:], "$$"):
			open, end = "$$", "$$"
		case s[i] == '$' && (i == 0 || s[i-1] != '\\'):
			open, end = "$", "$"
		case strings.HasPrefix(s[i:], `\(`):
			open, end = `\(`, `\)`
		case strings.HasPrefix(s[i:], `\[`):
			open, end = `\[`, `\]`
		default:
			continue
		}
		k := strings.Index(s[i+len(open):], end)
		if k < 0 {
			break
		}
		from, to := i+len(open), i+len(open)+k
		out = append(out, [4]int{from, to, i, to + len(end)})
		i = to + len(end) - 1
	}
	return out
}
