package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Dropped operands: a readable statement must keep every operand of its
// formal form. The formal statement is expanded by the scorer itself —
// the work's own \newcommand, \def and \DeclareMathOperator definitions,
// Greek letters and named operators, delimiters — to the letters, digits,
// bars and operators a reader must see; the readable form (compatibility-
// decomposed, so ℝ reads R and x² reads x2) must hold at least as many of
// each. "|x+y| ≤ |x|+|y|" shown as "x+y ≤ x+y" lacks four bars; an
// adjoint \adj{A}, the book's \operatorname{adj}, shown as "(A)" lacks
// a, d and j.

// authorMacro is one definition of a work's own.
type authorMacro struct {
	nargs int
	body  string
	// opt says the first argument is optional ("\newcommand{\reg}[2][]"),
	// given in brackets or else def.
	opt bool
	def string
}

var (
	newcmdRe = regexp.MustCompile(`\\(?:re)?(?:newcommand|providecommand|DeclareRobustCommand)\*?\s*\{?\\([A-Za-z@]+)\}?\s*(?:\[(\d)\])?(\[[^\]]*\])?\s*\{`)
	defRe    = regexp.MustCompile(`\\def\s*\\([A-Za-z@]+)\s*\{`)
	mathopRe = regexp.MustCompile(`\\DeclareMathOperator\*?\s*\{?\\([A-Za-z@]+)\}?\s*\{`)
)

// authorMacros reads the definitions in dir's .tex, .sty and .cls files,
// and those of PreTeXt's <macros> elements (a book's docinfo).
func authorMacros(dir string) map[string]authorMacro {
	m := map[string]authorMacro{}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		ptx := isPreTeXt(p)
		if err != nil || d.IsDir() || (!isTeX(p) && !ptx) {
			return nil //nolint:nilerr // an unreadable file lends no macros; the walk goes on
		}
		b, rerr := os.ReadFile(p) //nolint:gosec // files of the evaluation cache
		if rerr != nil {
			return nil //nolint:nilerr // as above
		}
		if ptx {
			for _, sm := range ptxMacrosRe.FindAllStringSubmatch(string(b), -1) {
				addMacros(m, uncomment(xmlText.Replace(sm[1])))
			}
			return nil
		}
		addMacros(m, uncomment(string(b)))
		return nil
	})
	return m
}

var (
	ptxMacrosRe = regexp.MustCompile(`(?s)<macros>(.*?)</macros>`)
	xmlText     = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&")
)

func isPreTeXt(f string) bool {
	switch strings.ToLower(filepath.Ext(f)) {
	case ".ptx", ".xml":
		return true
	}
	return false
}

func addMacros(m map[string]authorMacro, src string) {
	for _, loc := range newcmdRe.FindAllStringSubmatchIndex(src, -1) {
		name := src[loc[2]:loc[3]]
		n := 0
		if loc[4] >= 0 {
			n = int(src[loc[4]] - '0')
		}
		if body, _, ok := group(src, loc[1]-1, '{'); ok {
			am := authorMacro{nargs: n, body: body}
			if loc[6] >= 0 && n > 0 {
				am.opt, am.def = true, src[loc[6]+1:loc[7]-1]
			}
			m[name] = am
		}
	}
	for _, loc := range defRe.FindAllStringSubmatchIndex(src, -1) {
		if body, _, ok := group(src, loc[1]-1, '{'); ok {
			m[src[loc[2]:loc[3]]] = authorMacro{body: body}
		}
	}
	for _, loc := range mathopRe.FindAllStringSubmatchIndex(src, -1) {
		if body, _, ok := group(src, loc[1]-1, '{'); ok {
			m[src[loc[2]:loc[3]]] = authorMacro{body: `\operatorname{` + body + `}`}
		}
	}
}

// symbols are the commands whose shown form has letters or delimiters a
// reader must find: Greek letters, named operators, norms and bars.
var symbols = map[string]string{
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ", "eta": "η",
	"theta": "θ", "vartheta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π",
	"varpi": "π", "rho": "ρ", "varrho": "ρ", "sigma": "σ", "varsigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ",
	"varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ",
	"Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	"|": "‖", "Vert": "‖", "lVert": "‖", "rVert": "‖", "vert": "|", "lvert": "|", "rvert": "|",
	"sin": "sin", "cos": "cos", "tan": "tan", "cot": "cot", "sec": "sec", "csc": "csc", "arcsin": "arcsin",
	"arccos": "arccos", "arctan": "arctan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "log": "log", "ln": "ln",
	"lg": "lg", "exp": "exp", "det": "det", "dim": "dim", "ker": "ker", "deg": "deg", "gcd": "gcd", "lim": "lim",
	"liminf": "liminf", "limsup": "limsup", "max": "max", "min": "min", "sup": "sup", "inf": "inf", "arg": "arg",
	"Pr": "Pr", "hom": "hom", "mod": "mod", "bmod": "mod", "pmod": "mod",
}

// skipArgs are commands whose arguments a reader never sees.
var skipArgs = map[string]int{
	"label": 1, "ref": 1, "eqref": 1, "cref": 1, "Cref": 1, "autoref": 1, "pageref": 1, "cite": 1, "citep": 1, "citet": 1,
	"index": 1, "begin": 1, "end": 1, "hspace": 1, "vspace": 1, "color": 1, "textcolor": 1, "includegraphics": 1,
	"url": 1, "href": 1, "hyperref": 1, "footnote": 1, "tag": 1, "phantom": 1, "vphantom": 1, "hphantom": 1,
}

var counted = map[rune]bool{'|': true, '‖': true, '+': true, '-': true, '=': true, '<': true, '>': true}

// expected gives the counts of the characters the readable form of the
// formal statement s must hold.
func expected(s string, macros map[string]authorMacro, named map[string]bool) map[rune]int {
	out := map[rune]int{}
	for _, sp := range mathSpans(s) {
		if !sp.math {
			// Prose shows as written, a backslash among its characters.
			for _, r := range sp.text {
				countRune(r, out)
			}
			continue
		}
		expand(sp.text, macros, named, 0, out)
	}
	return out
}

// named are the words the readable form shows: a macro shown by its name
// (one drawing its symbol, dashint) keeps its meaning, and only its
// arguments are looked for.
func expand(s string, macros map[string]authorMacro, named map[string]bool, depth int, out map[rune]int) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '@' {
			// amscd's arrows: their labels, not their delimiters
			if labels, eq, e, ok := cdArrowAt(s, i); ok {
				if eq {
					out['=']++
				}
				for _, l := range labels {
					expand(l, macros, named, depth+1, out)
				}
				i = e - 1
				continue
			}
		}
		if c != '\\' {
			r := []rune(s[i:])[0]
			if n := len(string(r)); n > 1 {
				i += n - 1
			}
			countRune(r, out)
			continue
		}
		// a command
		j := i + 1
		for j < len(s) && isLetter(s[j]) {
			j++
		}
		if j == i+1 { // a one-character command: \| \{ \% \, …
			if j < len(s) {
				if s[j] == '|' {
					out['‖']++
				}
				i = j
				if s[j] == '\\' {
					// a display's line break and its space, "\\[0.05in]"
					if _, e, ok := group(s, j+1, '['); ok {
						i = e - 1
					}
				}
			}
			continue
		}
		name := s[i+1 : j]
		if j < len(s) && s[j] == '*' {
			j++
		}
		i = j - 1
		if name == "begin" {
			// \begin{env}, its options and an array's column
			// specification: no operands
			k := j
			env, e, ok := group(s, k, '{')
			if ok {
				k = e
			}
			// only a starred matrix (mathtools), the array and aligned
			// families and nicematrix's take options; a bracket after
			// another's \begin is its content ("[L:K]" in cases)
			switch strings.TrimSuffix(env, "*") {
			case "array", "subarray", "tabular", "aligned", "alignedat", "gathered", "split", "multlined", "tikzcd":
				env += "*"
			}
			if strings.HasSuffix(env, "*") || strings.Contains(env, "Nice") {
				if _, e, ok := group(s, k, '['); ok {
					k = e
				}
			}
			env = strings.TrimSuffix(env, "*")
			if env == "array" || env == "tabular" || env == "alignat" || strings.HasSuffix(env, "NiceArray") {
				if _, e, ok := group(s, k, '{'); ok {
					k = e
				}
			}
			i = k - 1
			continue
		}
		if name == "kern" || name == "mkern" || name == "hskip" || name == "mskip" {
			// spacing: its dimension, unbraced (\hskip.75pt), prints nothing
			i = j - 1 + len(dimenAt(s[j:]))
			continue
		}
		if definitionCommands[name] {
			// A definition prints nothing; what it defines reads as its
			// body where it is used.
			if def, am, e, ok := readDefinition(s, name, j); ok {
				macros = withMacro(macros, def, am)
				i = e - 1
				continue
			}
		}
		if base := strings.TrimRight(name, "@"); arrowCommand(base) {
			// A diagram's arrow: its direction and style are not shown,
			// its labels are. (xy's specification may follow its name
			// at once, \ar@{-->}.)
			labels, e := arrowLabels(s, j-len(name)+len(base))
			for _, l := range labels {
				expand(l, macros, named, depth+1, out)
			}
			i = e - 1
			continue
		}
		if n, ok := skipArgs[name]; ok {
			k := j
			if _, e, ok := group(s, k, '['); ok {
				k = e
			}
			for a := 0; a < n; a++ {
				if _, e, ok := group(s, k, '{'); ok {
					k = e
				}
			}
			i = k - 1
			continue
		}
		if am, ok := macros[name]; ok && depth < 8 && !named[name] {
			args := make([]string, 0, am.nargs)
			k := j
			for a := 0; a < am.nargs; a++ {
				g, e, ok := group(s, k, '{')
				if !ok { // an argument that is one token
					for k < len(s) && s[k] == ' ' {
						k++
					}
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
			expand(body, macros, named, depth+1, out)
			i = k - 1
			continue
		}
		if sym, ok := symbols[name]; ok {
			for _, r := range sym {
				countRune(r, out)
			}
		}
		// any other command shows its arguments, which the loop reads on
	}
}

func countRune(r rune, out map[rune]int) {
	for _, d := range norm.NFKD.String(string(r)) {
		if d == '−' {
			d = '-'
		}
		if unicode.IsLetter(d) || unicode.IsDigit(d) || counted[d] {
			out[d]++
		}
	}
}

// drawn are the symbols that draw what a formula stacks: "≝" is
// \stackrel{def}{=}, "≔" is :=.
var drawn = map[rune]string{'≝': "def=", '≔': ":=", '≕': "=:"}

// shown gives the counts of the readable form's characters.
func shown(s string) map[rune]int {
	out := map[rune]int{}
	for _, r := range s {
		if d, ok := drawn[r]; ok {
			for _, c := range d {
				countRune(c, out)
			}
			continue
		}
		countRune(r, out)
	}
	return out
}

// dropped gives the characters the readable form lacks, as "x×n".
func dropped(formal, readable string, macros map[string]authorMacro) []string {
	if !strings.ContainsAny(formal, `\$|`) {
		return nil
	}
	named := map[string]bool{}
	for _, w := range strings.FieldsFunc(readable, func(r rune) bool { return !unicode.IsLetter(r) }) {
		named[w] = true
	}
	want, have := expected(formal, macros, named), shown(readable)
	var out []string
	for r, n := range want {
		if have[r] < n {
			out = append(out, string(r)+"×"+itoa(n-have[r]))
		}
	}
	sort.Strings(out)
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// dimenAt is the TeX dimension s opens with (" -10mu", ".75pt"), "" when
// none.
var dimenRe = regexp.MustCompile(`^\s*[-+]?\s*(?:[0-9]+\.?[0-9]*|\.[0-9]+)\s*(?:pt|mu|em|ex|in|cm|mm|bp|pc|dd|cc|sp)?`)

func dimenAt(s string) string { return dimenRe.FindString(s) }
