package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The readable form of a statement must say neither less nor other than
// the statement: every identifier, number, operator and delimiter of the
// formal form is shown, a macro nothing defines as its name. ReadableDrops
// is the product's own guard of that rule. It reads the formal statement
// on its own — a scan of its tokens, not the renderer's walk — and counts
// what each token must show: a letter or digit as itself, a known symbol
// command (\le) as its symbol (≤), a font (\mathbb{R}) as its letters
// whatever their face (ℝ is an R), a structure (\frac, \left) as nothing
// of its own, a macro nothing defines (\adjoint) as its name. Whatever the
// readable form shows fewer times than the formal one asks is a drop.

// ReadableDrop is one token of a formal statement its readable form
// (ReadableMath) does not show: Token as written ("\adjoint", "|", "x"),
// and how many of its uses are missing.
type ReadableDrop struct {
	Token string
	Count int
}

// ReadableDrops lists what the readable form of statement loses: the
// tokens of the formal statement whose characters (letters, digits,
// operators, brackets and bars, faces and sub- and superscripts folded)
// the readable form shows fewer times. Nil when nothing is lost.
func ReadableDrops(statement string) []ReadableDrop {
	if !strings.ContainsAny(statement, `$\`) {
		return nil
	}
	toks := statementTokens(statement)
	want := map[rune]int{}
	for _, t := range toks {
		for _, r := range t.shows {
			want[r]++
		}
	}
	have := map[rune]int{}
	for _, r := range keptRunes(ReadableMath(statement)) {
		have[r]++
	}
	short := map[rune]int{}
	for r, n := range want {
		if have[r] < n {
			short[r] = n - have[r]
		}
	}
	if len(short) == 0 {
		return nil
	}
	// Name the tokens the missing characters belong to, last uses first
	// ("x+y ≤ x+y" for "\abs{x+y} \le \abs{x}+\abs{y}" misses the three
	// \abs, not an x): a token is dropped when all it shows is missing.
	var drops []ReadableDrop
	at := map[string]int{}
	for k := len(toks) - 1; k >= 0; k-- {
		t := toks[k]
		if len(t.shows) == 0 || !coveredBy(t.shows, short) {
			continue
		}
		for _, r := range t.shows {
			short[r]--
		}
		if i, ok := at[t.src]; ok {
			drops[i].Count++
			continue
		}
		at[t.src] = len(drops)
		drops = append(drops, ReadableDrop{Token: t.src, Count: 1})
	}
	// Characters missing from no whole token: a part of one (a letter of
	// a word) is lost.
	for _, t := range toks {
		for _, r := range t.shows {
			if short[r] > 0 {
				short[r]--
				drops = append(drops, ReadableDrop{Token: string(r), Count: 1})
			}
		}
	}
	// Drops in the order the statement holds them.
	for i, j := 0, len(drops)-1; i < j; i, j = i+1, j-1 {
		drops[i], drops[j] = drops[j], drops[i]
	}
	return drops
}

// statementTokens are the tokens of a statement a reading must show: in
// its math those of keepTokens, the definitions there executed as the
// reader executes them; its prose, which shows as written (a backslash
// there is printed: "(LaTeX code: \\Delta_X)"), its characters. Which of
// the statement is math is read here plainly, each delimiter to its
// partner, not by the reader's repairs of a statement cut short: math the
// reader leaves as prose is still asked for.
func statementTokens(statement string) []keepToken {
	var toks []keepToken
	prose := func(t string) {
		for _, r := range t {
			if rs := keptRunes(string(r)); len(rs) > 0 {
				toks = append(toks, keepToken{src: string(r), shows: rs})
			}
		}
	}
	from := 0
	for i := 0; i < len(statement); {
		var open, closing string
		switch rest := statement[i:]; {
		case strings.HasPrefix(rest, `\$`), strings.HasPrefix(rest, `\\`):
			i += 2
			continue
		case strings.HasPrefix(rest, "$$"):
			open, closing = "$$", "$$"
		case rest[0] == '$':
			open, closing = "$", "$"
		case strings.HasPrefix(rest, `\(`):
			open, closing = `\(`, `\)`
		case strings.HasPrefix(rest, `\[`):
			open, closing = `\[`, `\]`
		default:
			i++
			continue
		}
		prose(statement[from:i])
		body := i + len(open)
		j := closingDelim(statement, body, closing)
		end := j + len(closing)
		if j < 0 {
			j, end = len(statement), len(statement)
		}
		toks = append(toks, keepTokens(executeDefinitions(statement[body:j]))...)
		i, from = end, end
	}
	prose(statement[from:])
	return toks
}

func coveredBy(rs []rune, short map[rune]int) bool {
	need := map[rune]int{}
	for _, r := range rs {
		need[r]++
	}
	for r, n := range need {
		if short[r] < n {
			return false
		}
	}
	return true
}

// keepToken is one token of a formal statement and the characters its
// reading must show.
type keepToken struct {
	src   string
	shows []rune
}

// keepTokens scans a formal statement into its tokens.
func keepTokens(s string) []keepToken {
	var out []keepToken
	add := func(src, shows string) {
		if rs := keptRunes(shows); len(rs) > 0 {
			out = append(out, keepToken{src: src, shows: rs})
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			j := i + 1
			for j < len(s) && isLetterByte(s[j]) {
				j++
			}
			name := s[i+1 : j]
			if name == "" {
				i = keepControlSymbol(s, i, add)
				continue
			}
			if j < len(s) && s[j] == '*' {
				j++
			}
			i = keepCommand(s, name, j, add)
		case c == '@':
			// amscd's arrows (@>f>>, @VVV, @=): their labels are shown,
			// their delimiters are not.
			if a, end, ok := cdArrow(s, i); ok {
				if a.shaft == "=" {
					add(s[i:end], "=")
				}
				for _, l := range a.labels {
					for _, t := range keepTokens(l) {
						add(t.src, string(t.shows))
					}
				}
				i = end
				continue
			}
			add("@", "@")
			i++
		case c == '{' || c == '}' || c == '$' || c == '^' || c == '_' || c == '&' || c == '~':
			i++ // grouping, math shift, scripts, alignment, a tie
		default:
			_, size := utf8.DecodeRuneInString(s[i:])
			add(s[i:i+size], s[i:i+size])
			i += size
		}
	}
	return out
}

// keepControlSymbol reads the control symbol at i (\|, \{, \\, \,).
func keepControlSymbol(s string, i int, add func(src, shows string)) int {
	if i+1 >= len(s) {
		return len(s)
	}
	switch c := s[i+1]; c {
	case '|':
		add(`\|`, "‖")
	case '{', '}', '#', '%', '_', '$':
		add(s[i:i+2], s[i+1:i+2])
	case '\\':
		// A line of a display, its spacing ([2pt]) not shown.
		return skipOpt(s, i+2)
	}
	return i + 2
}

// keepCommand reads the command name whose name ends at j, and returns
// where the scan goes on: into its arguments, which are read as tokens of
// their own, unless the command hides them.
func keepCommand(s, name string, j int, add func(src, shows string)) int {
	src := `\` + name
	if n, ok := mathDropped[name]; ok {
		j = skipOpt(s, j)
		for ; n > 0; n-- {
			j = skipGroup(s, j)
		}
		switch name {
		case "kern", "mkern", "hskip", "mskip":
			// spacing: its dimension, unbraced (\hskip.75pt), prints nothing
			r := mathReader{s: s, i: j}
			r.skipDimen()
			j = r.i
		}
		return j
	}
	if sym, ok := mathSymbols[name]; ok {
		add(src, sym)
		return j
	}
	if op, ok := mathOperators[name]; ok {
		add(src, op)
		return j
	}
	if _, ok := mathFonts[name]; ok {
		return skipOpt(s, j)
	}
	if _, ok := mathAccents[name]; ok {
		return j
	}
	switch name {
	case "begin":
		env := ""
		if k := skipSpaceAt(s, j); k < len(s) && s[k] == '{' {
			if e := matchBrace(s, k); e < len(s) {
				env = strings.TrimSuffix(s[k+1:e], "*")
			}
		}
		j = skipOpt(s, skipGroup(s, j))
		if env == "array" || env == "alignat" || env == "subarray" || env == "tabular" {
			j = skipGroup(s, j)
		}
		return j
	case "end", "textcolor", "colorbox":
		return skipGroup(s, j) // the environment's name, the colour
	case "raisebox":
		return skipOpt(s, skipOpt(s, skipGroup(s, j)))
	case "overset", "stackrel":
		// "=" with "def" over it is one sign, ≝.
		r := mathReader{s: s, i: j}
		over, base := r.rawGroup(), r.rawGroup()
		if strings.TrimSpace(mathText(over)) == "def" && strings.TrimSpace(base) == "=" {
			add(s[j-len(name)-1:r.i], "≝")
			return r.i
		}
		return j
	case "sqrt":
		// \sqrt[3]: the index reads as the root's sign (∛), not a 3.
		return skipOpt(s, j)
	case "xymatrix", "diagram":
		// A diagram's options (@C=3pc) before its entries.
		for j < len(s) && s[j] != '{' {
			j++
		}
		return j
	case "ar", "arrow", "rar", "lar", "dar", "uar", "drar", "urar", "dlar", "ular", "morphism":
		// An arrow's direction and style ([r, dashed], @{=}) are not
		// shown; its labels ("f" in tikz-cd's options, xy's ^f) are.
		a, end := readArrow(s, j, "")
		for _, l := range a.labels {
			for _, t := range keepTokens(l) {
				add(t.src, string(t.shows))
			}
		}
		return end
	case "SI", "qtyunit", "SIrange", "numrange", "num", "si", "ang", "unit", "SIlist", "numlist", "mathchoice":
		// Units read as their symbols (\metre as m) and a choice of four
		// styles as one: not read here.
		j = skipOpt(s, j)
		for k := skipSpaceAt(s, j); k < len(s) && s[k] == '{'; k = skipSpaceAt(s, j) {
			j = skipGroup(s, j)
		}
		return j
	}
	if !unknownCommand(name) {
		// A structure: its name is not shown; its arguments are read, an
		// optional one without its brackets (\xrightarrow[below]{above}).
		if e := skipOpt(s, j); e > j {
			o := strings.IndexByte(s[j:], '[') + j
			for _, t := range keepTokens(s[o+1 : e-1]) {
				add(t.src, string(t.shows))
			}
			return e
		}
		return j
	}
	k := skipSpaceAt(s, j)
	if hasArg := k < len(s) && s[k] == '{' || j < len(s) && s[j] == '['; !hasArg {
		// A letter command of a known shape (\cM, \bR) reads as its letters.
		if l, ok := FontPrefixed(name); ok {
			add(src, l)
			return j
		}
	}
	add(src, name)
	return j
}

// unknownCommand reports whether name is no command the reader knows, so
// that its reading must show it by its name. Decided from the reader's
// tables, not from how it reads the command: a reader that dropped the
// name would otherwise pass its own check.
func unknownCommand(name string) bool {
	return !mathStructures[name]
}

// mathStructures are the commands the reader takes apart (structure in
// mathtext.go): their names are not shown, what they hold is. A test
// keeps the two lists the same.
var mathStructures = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`frac dfrac tfrac cfrac nicefrac sfrac flatfrac xfrac unitfrac binom
		dbinom tbinom sqrt colon not left right middle bigl bigr bigm Bigl Bigr Bigm biggl biggr biggm Biggl
		Biggr Biggm big Big bigg Bigg begin end overset stackrel underset xrightarrow xleftarrow xmapsto
		xhookrightarrow xLeftarrow xRightarrow xleftrightarrow xlongrightarrow xtwoheadrightarrow raisebox
		textcolor colorbox xymatrix diagram ar arrow rar lar dar uar drar urar dlar ular to morphism mathchoice tag pmod abs norm
		bra Bra ket Ket braket Braket ip innerproduct ketbra outerproduct dyad expval ev expectationvalue mel
		matrixelement set Set comm commutator acomm anticommutator poissonbracket pb order qty quantity pqty
		bqty Bqty vqty dv derivative pdv partialderivative odv pdiff diff dd differential SI qtyunit SIrange
		numrange num si ang unit SIlist numlist sp sb sideset amp`) {
		mathStructures[n] = true
	}
}

func skipSpaceAt(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	return i
}

// skipGroup skips the braced group or the single token at i.
func skipGroup(s string, i int) int {
	r := mathReader{s: s, i: i}
	_ = r.rawGroup()
	return r.i
}

// skipOpt skips a bracketed optional argument at i, if one is there.
func skipOpt(s string, i int) int {
	r := mathReader{s: s, i: i}
	_, _ = r.opt()
	return r.i
}

// keptRunes are the characters of s a reading must keep, folded to one
// form each: faces, sub- and superscripts and combining marks read as the
// plain character (ℝ as R, ₙ as n, ≠ as =), the minus sign as a hyphen.
// Spacing, punctuation and grouping are not counted.
func keptRunes(s string) []rune {
	var out []rune
	for _, r := range norm.NFKD.String(s) {
		switch r {
		case '−', '⁻', '₋':
			r = '-'
		case '∗':
			r = '*'
		case '∣':
			r = '|'
		}
		switch {
		case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Sk, r):
		case unicode.IsLetter(r), unicode.IsDigit(r), unicode.Is(unicode.Sm, r), unicode.Is(unicode.So, r),
			unicode.Is(unicode.Ps, r), unicode.Is(unicode.Pe, r), r == '-', r == '*', r == '/':
			out = append(out, r)
		}
	}
	return out
}
