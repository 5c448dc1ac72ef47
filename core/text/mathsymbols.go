package text

import (
	"strings"
	"unicode/utf8"
)

// The tables ReadableMath renders TeX math with: the symbols of plain TeX,
// amsmath, amssymb, mathtools, stmaryrd and the physics and braket
// packages as the Unicode characters they print, the fonts and accents,
// and siunitx's units.

// operand parenthesizes a fraction's part made of several terms: a sum or
// a difference outside any parentheses of its own.
func operand(g string) string {
	depth := 0
	for _, c := range g {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '+', '-', '−', ' ':
			if depth == 0 && utf8.RuneCountInString(g) > 1 {
				return "(" + g + ")"
			}
		}
	}
	return g
}

// matchBrace returns the index of the brace closing the one at open, or
// len(s) when it never closes.
func matchBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Script writes g raised (sup) or lowered as characters that say so: the
// superscript or subscript characters when every one has such a form
// (2³¹, Kₚₐᵣ), else ^(g) or _(g) — never g run into what it follows.
func Script(g string, sup bool) string { return script(g, sup) }

// script writes g as superscript or subscript characters when every one
// has such a form, else as ^(g) or _(g).
func script(g string, sup bool) string {
	g = strings.TrimSpace(g)
	if g == "" {
		return ""
	}
	table := subscripts
	mark := "_"
	if sup {
		table, mark = superscripts, "^"
	}
	var b strings.Builder
	for _, c := range g {
		s, ok := table[c]
		if !ok {
			if utf8.RuneCountInString(g) == 1 {
				return mark + g
			}
			return mark + "(" + g + ")"
		}
		b.WriteRune(s)
	}
	return b.String()
}

var superscripts = map[rune]rune{'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
	'+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', 'n': 'ⁿ', 'i': 'ⁱ', 'T': 'ᵀ', '*': '*', '′': '′'}

var subscripts = map[rune]rune{'0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
	'+': '₊', '-': '₋', '=': '₌', '(': '₍', ')': '₎', 'i': 'ᵢ', 'j': 'ⱼ', 'k': 'ₖ', 'n': 'ₙ', 'm': 'ₘ', 'a': 'ₐ', 'e': 'ₑ',
	'x': 'ₓ', 'o': 'ₒ', 'r': 'ᵣ', 'u': 'ᵤ', 'v': 'ᵥ', 't': 'ₜ', 's': 'ₛ', 'p': 'ₚ', 'l': 'ₗ', 'h': 'ₕ'}

// superscriptRunes and subscriptRunes are the runes script writes.
var superscriptRunes, subscriptRunes = runeSet(superscripts), runeSet(subscripts)

func runeSet(m map[rune]rune) map[rune]struct{} {
	out := make(map[rune]struct{}, len(m))
	for _, v := range m {
		out[v] = struct{}{}
	}
	return out
}

// accent writes g with a combining mark: on its one character, or after
// each letter of a longer argument (\overline{z+w}).
func accent(g string, mark rune) string {
	g = strings.TrimSpace(g)
	if g == "" || mark == 0 {
		return g
	}
	if utf8.RuneCountInString(g) == 1 {
		return g + string(mark)
	}
	var b strings.Builder
	for _, c := range g {
		b.WriteRune(c)
		if c != ' ' {
			b.WriteRune(mark)
		}
	}
	return b.String()
}

// mathAccents are the accents of math mode and their combining marks.
var mathAccents = map[string]rune{
	"hat": '\u0302', "widehat": '\u0302', "tilde": '\u0303', "widetilde": '\u0303', "bar": '\u0305',
	"overline": '\u0305', "widebar": '\u0305', "vec": '\u20D7', "overrightarrow": '\u20D7', "dot": '\u0307',
	"ddot": '\u0308', "dddot": '\u20DB', "check": '\u030C', "widecheck": '\u030C', "breve": '\u0306', "acute": '\u0301',
	"grave": '\u0300', "underline": '\u0332', "mathring": '\u030A', "overleftarrow": '\u20D6', "vu": '\u0302',
	"uline": '\u0332', "cancel": '\u0338', "bcancel": '\u0338', "xcancel": '\u0338', "sout": '\u0336',
}

// textAccents are the accents of text (\'e, \"o) by their symbol.
var textAccents = map[byte]rune{
	'\'': '\u0301', '`': '\u0300', '^': '\u0302', '"': '\u0308', '~': '\u0303', '=': '\u0304', '.': '\u0307',
}

// mathFonts render their argument in an alphabet of their own or as it is.
var mathFonts = map[string]func(string) string{
	"mathbb": blackboard, "mathbbm": blackboard, "mathds": blackboard, "varmathbb": blackboard, "Bbb": blackboard,
	"mathcal": scriptLetters, "mathscr": scriptLetters, "EuScript": scriptLetters, "mathfrak": frakturLetters,
	"mathbf": plainText, "mathrm": plainText, "mathit": plainText, "mathsf": plainText, "mathtt": plainText,
	"mathnormal": plainText, "mathup": plainText, "boldsymbol": plainText, "bm": plainText, "pmb": plainText,
	"mathbold": plainText, "vb": plainText, "vectorbold": plainText, "mathbfit": plainText, "symbf": plainText,
	"text": plainText, "textrm": plainText, "textit": plainText, "textbf": plainText, "textsf": plainText,
	"texttt": plainText, "textup": plainText, "textnormal": plainText, "textsc": plainText, "textsl": plainText,
	// The names of pseudo-code (clrscode's \proc, \id and \const,
	// algpseudocode's \textproc): a procedure, variable or constant
	// named, upright.
	"proc": plainText, "textproc": plainText, "id": plainText, "const": plainText,
	"emph": plainText, "mbox": plainText, "hbox": plainText, "fbox": plainText, "boxed": plainText,
	"operatorname": plainText, "mathop": plainText, "mathord": plainText, "mathrel": plainText,
	"mathbin": plainText, "mathopen": plainText, "mathclose": plainText, "mathpunct": plainText,
	"mathinner": plainText, "ensuremath": plainText, "mathclap": plainText, "mathllap": plainText,
	"mathrlap": plainText, "clap": plainText, "llap": plainText, "rlap": plainText, "smash": plainText,
	"intertext": plainText, "shortintertext": plainText, "underbrace": plainText, "overbrace": plainText,
	"underbracket": plainText, "overbracket": plainText, "displaylimits": plainText, "cramped": plainText,
	"textnormalfont": plainText, "bigstrut": plainText, "tcboxmath": plainText,
	"highlight": plainText, "hl": plainText, "underaccent": plainText, "vphantomtext": plainText,
}

func plainText(g string) string { return g }

// blackboard writes the double-struck letters \mathbb names.
func blackboard(g string) string { return mapLetters(g, doubleStruck) }

func scriptLetters(g string) string { return mapLetters(g, calligraphic) }

func frakturLetters(g string) string { return mapLetters(g, fraktur) }

func mapLetters(g string, table map[rune]rune) string {
	var b strings.Builder
	for _, c := range g {
		if d, ok := table[c]; ok {
			b.WriteRune(d)
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// alphabet maps A–Z (and a–z when lower is not 0) into a run of
// mathematical letters, with the exceptions Unicode placed elsewhere.
func alphabet(upper, lower rune, holes map[rune]rune) map[rune]rune {
	m := map[rune]rune{}
	for k := rune(0); k < 26; k++ {
		m['A'+k] = upper + k
		if lower != 0 {
			m['a'+k] = lower + k
		}
	}
	for c, d := range holes {
		m[c] = d
	}
	return m
}

var (
	doubleStruck = alphabet(0x1D538, 0x1D552, map[rune]rune{'C': 'ℂ', 'H': 'ℍ', 'N': 'ℕ', 'P': 'ℙ', 'Q': 'ℚ', 'R': 'ℝ', 'Z': 'ℤ',
		'0': '𝟘', '1': '𝟙', '2': '𝟚', '3': '𝟛', '4': '𝟜', '5': '𝟝', '6': '𝟞', '7': '𝟟', '8': '𝟠', '9': '𝟡', 'k': '𝕜'})
	calligraphic = alphabet(0x1D49C, 0, map[rune]rune{'B': 'ℬ', 'E': 'ℰ', 'F': 'ℱ', 'H': 'ℋ', 'I': 'ℐ', 'L': 'ℒ', 'M': 'ℳ', 'R': 'ℛ'})
	fraktur      = alphabet(0x1D504, 0x1D51E, map[rune]rune{'C': 'ℭ', 'H': 'ℌ', 'I': 'ℑ', 'R': 'ℜ', 'Z': 'ℨ'})
)

// mathEnvs are the environments of math and the delimiters they print.
var mathEnvs = map[string][2]string{
	"pmatrix": {"(", ")"}, "bmatrix": {"[", "]"}, "Bmatrix": {"{", "}"}, "vmatrix": {"|", "|"}, "Vmatrix": {"‖", "‖"},
	"matrix": {"", ""}, "smallmatrix": {"", ""}, "cases": {"{", ""}, "dcases": {"{", ""}, "rcases": {"", "}"},
	"aligned": {"", ""}, "alignedat": {"", ""}, "gathered": {"", ""}, "split": {"", ""}, "array": {"", ""},
	"align": {"", ""}, "alignat": {"", ""}, "gather": {"", ""}, "equation": {"", ""}, "multline": {"", ""},
	"eqnarray": {"", ""}, "subarray": {"", ""}, "substack": {"", ""}, "tabular": {"", ""}, "CD": {"", ""},
	"psmallmatrix": {"(", ")"}, "bsmallmatrix": {"[", "]"}, "displaymath": {"", ""}, "flalign": {"", ""},
	// nicematrix's
	"NiceMatrix": {"", ""}, "pNiceMatrix": {"(", ")"}, "bNiceMatrix": {"[", "]"}, "BNiceMatrix": {"{", "}"},
	"vNiceMatrix": {"|", "|"}, "VNiceMatrix": {"‖", "‖"}, "NiceArray": {"", ""}, "pNiceArray": {"(", ")"}, "bNiceArray": {"[", "]"},
}

// mathDropped are commands that print nothing a reader reads (spacing,
// sizes, labels, colours), with how many braced arguments they take.
var mathDropped = map[string]int{
	"displaystyle": 0, "textstyle": 0, "scriptstyle": 0, "scriptscriptstyle": 0, "limits": 0, "nolimits": 0,
	"nonumber": 0, "notag": 0, "label": 1, "phantom": 1, "hphantom": 1, "vphantom": 1, "color": 1,
	"hspace": 1, "vspace": 1, "mspace": 1, "hskip": 0, "kern": 0, "mkern": 0, "strut": 0, "mathstrut": 0,
	"allowbreak": 0, "nobreak": 0, "relax": 0, "protect": 0, "xspace": 0, "index": 1, "qedhere": 0,
	"avoidbreak": 0, "penalty": 0, "postdisplaypenalty": 0, "leavevmode": 0, "noindent": 0, "centering": 0,
	"tiny": 0, "scriptsize": 0, "footnotesize": 0, "small": 0, "normalsize": 0, "large": 0, "Large": 0,
	"LARGE": 0, "huge": 0, "Huge": 0, "rm": 0, "bf": 0, "it": 0, "sf": 0, "tt": 0, "cal": 0, "boldmath": 0,
	"unboldmath": 0, "normalfont": 0, "upshape": 0, "itshape": 0, "bfseries": 0, "mdseries": 0,
	"hfill": 0, "hfil": 0, "vfill": 0, "quad": 0, "qquad": 0, "enspace": 0, "thinspace": 0, "medspace": 0,
	"thickspace": 0, "negthinspace": 0, "negmedspace": 0, "negthickspace": 0, "enskip": 0, "space": 0,
	"footnote": 1, "cite": 1, "eqref": 1, "ref": 1, "hyperlink": 1, "hypertarget": 1, "linebreak": 0,
	"newline": 0, "par": 0, "cr": 0, "hline": 0, "cline": 1, "midrule": 0, "toprule": 0, "bottomrule": 0,
	"arraystretch": 0, "setlength": 2, "mathsurround": 0, "vcenter": 0, "ignorespaces": 0, "unskip": 0,
	"null": 0,
}

// mathOperators are the named operators amsmath prints upright; they read
// as their names.
var mathOperators = map[string]string{
	"lim": "lim", "sup": "sup", "inf": "inf", "max": "max", "min": "min", "log": "log", "ln": "ln", "lg": "lg",
	"exp": "exp", "sin": "sin", "cos": "cos", "tan": "tan", "cot": "cot", "sec": "sec", "csc": "csc",
	"arcsin": "arcsin", "arccos": "arccos", "arctan": "arctan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
	"coth": "coth", "det": "det", "gcd": "gcd", "dim": "dim", "ker": "ker", "deg": "deg", "arg": "arg",
	"hom": "hom", "Pr": "Pr", "liminf": "lim inf", "limsup": "lim sup", "varliminf": "lim inf",
	"varlimsup": "lim sup", "injlim": "inj lim", "projlim": "proj lim", "varinjlim": "lim", "varprojlim": "lim",
	"mod": "mod", "bmod": "mod", "sgn": "sgn", "tr": "tr", "Tr": "Tr", "rank": "rank", "erf": "erf",
	"Res": "Res", "diag": "diag", "span": "span", "Span": "span", "lcm": "lcm", "supp": "supp",
}

// mathSymbols are the commands that print one symbol, and what they read as.
var mathSymbols = map[string]string{
	// Letters sets are named by, as macros books define.
	"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "reals": "ℝ", "naturals": "ℕ", "integers": "ℤ",
	// Greek.
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ", "eta": "η",
	"theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "varkappa": "ϰ", "lambda": "λ", "mu": "μ", "nu": "ν",
	"xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ",
	"upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "digamma": "ϝ", "omicron": "ο",
	"Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ",
	"Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "varGamma": "Γ", "varDelta": "Δ", "varTheta": "Θ", "varLambda": "Λ",
	"varXi": "Ξ", "varPi": "Π", "varSigma": "Σ", "varUpsilon": "Υ", "varPhi": "Φ", "varPsi": "Ψ", "varOmega": "Ω",
	"aleph": "ℵ", "beth": "ℶ", "gimel": "ℷ", "daleth": "ℸ", "imath": "ı", "jmath": "ȷ", "eth": "ð", "mho": "℧",
	// Relations.
	// PreTeXt's \lt and \gt (its source is XML, where < and > are
	// markup) print the relations.
	"lt": "<", "gt": ">",
	"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "leqslant": "⩽", "geqslant": "⩾", "leqq": "≦", "geqq": "≧",
	"ne": "≠", "neq": "≠", "approx": "≈", "approxeq": "≊", "equiv": "≡", "sim": "∼", "simeq": "≃", "backsim": "∽",
	"thicksim": "∼", "thickapprox": "≈", "nsim": "≁", "cong": "≅", "ncong": "≇", "propto": "∝", "varpropto": "∝",
	"ll": "≪", "gg": "≫", "lll": "⋘", "ggg": "⋙", "prec": "≺", "succ": "≻", "preceq": "⪯", "succeq": "⪰",
	"precsim": "≾", "succsim": "≿", "mid": "∣", "nmid": "∤", "parallel": "∥", "nparallel": "∦", "perp": "⊥",
	"lesssim": "≲", "gtrsim": "≳", "nless": "≮", "ngtr": "≯", "nleq": "≰", "ngeq": "≱", "lneq": "⪇", "gneq": "⪈",
	"lneqq": "≨", "gneqq": "≩", "asymp": "≍", "doteq": "≐", "bowtie": "⋈", "Join": "⋈", "smile": "⌣",
	"frown": "⌢", "coloneqq": "≔", "coloneq": "≔", "eqqcolon": "≕", "eqcolon": "≕", "Coloneqq": "⩴",
	"Coloneq": "⩴", "vcentcolon": ":", "dblcolon": "∷", "colonequals": "≔", "triangleq": "≜", "eqdef": "≝",
	"defeq": "≝", "stareq": "≛", "circeq": "≗", "bumpeq": "≏", "Bumpeq": "≎", "risingdotseq": "≓",
	"fallingdotseq": "≒", "between": "≬", "pitchfork": "⋔", "lessgtr": "≶", "gtrless": "≷",
	// Sets and logic.
	"in": "∈", "notin": "∉", "ni": "∋", "owns": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇",
	"subsetneq": "⊊", "supsetneq": "⊋", "subsetneqq": "⫋", "supsetneqq": "⫌", "nsubseteq": "⊈", "nsupseteq": "⊉",
	"subseteqq": "⫅", "supseteqq": "⫆", "sqsubset": "⊏", "sqsupset": "⊐", "sqsubseteq": "⊑", "sqsupseteq": "⊒",
	"cup": "∪", "cap": "∩", "bigcup": "⋃", "bigcap": "⋂", "setminus": "∖", "smallsetminus": "∖", "emptyset": "∅",
	"varnothing": "∅", "complement": "∁", "sqcup": "⊔", "sqcap": "⊓", "bigsqcup": "⨆", "uplus": "⊎", "biguplus": "⨄",
	"forall": "∀", "exists": "∃", "nexists": "∄", "neg": "¬", "lnot": "¬", "land": "∧", "wedge": "∧", "lor": "∨",
	"vee": "∨", "bigwedge": "⋀", "bigvee": "⋁", "implies": "⟹", "impliedby": "⟸", "iff": "⟺", "therefore": "∴",
	"because": "∵", "vdash": "⊢", "dashv": "⊣", "models": "⊨", "vDash": "⊨", "Vdash": "⊩", "nvdash": "⊬",
	"nvDash": "⊭", "top": "⊤", "bot": "⊥", "Box": "□", "Diamond": "◇",
	// Arrows.
	"to": "→", "gets": "←", "rightarrow": "→", "leftarrow": "←", "leftrightarrow": "↔", "Rightarrow": "⇒",
	"Leftarrow": "⇐", "Leftrightarrow": "⇔", "mapsto": "↦", "mapsfrom": "↤", "longrightarrow": "⟶",
	"longleftarrow": "⟵", "longleftrightarrow": "⟷", "Longrightarrow": "⟹", "Longleftarrow": "⟸",
	"Longleftrightarrow": "⟺", "longmapsto": "⟼", "hookrightarrow": "↪", "hookleftarrow": "↩",
	"twoheadrightarrow": "↠", "twoheadleftarrow": "↞", "rightarrowtail": "↣", "leftarrowtail": "↢",
	"rightrightarrows": "⇉", "leftleftarrows": "⇇", "rightleftarrows": "⇄", "leftrightarrows": "⇆",
	"rightleftharpoons": "⇌", "leftrightharpoons": "⇋", "rightharpoonup": "⇀", "rightharpoondown": "⇁",
	"leftharpoonup": "↼", "leftharpoondown": "↽", "uparrow": "↑", "downarrow": "↓", "updownarrow": "↕",
	"Uparrow": "⇑", "Downarrow": "⇓", "Updownarrow": "⇕", "nearrow": "↗", "searrow": "↘", "swarrow": "↙",
	"nwarrow": "↖", "leadsto": "⇝", "rightsquigarrow": "⇝", "leftrightsquigarrow": "↭", "circlearrowleft": "↺",
	"circlearrowright": "↻", "curvearrowleft": "↶", "curvearrowright": "↷", "nrightarrow": "↛", "nleftarrow": "↚",
	"nRightarrow": "⇏", "nLeftarrow": "⇍", "nLeftrightarrow": "⇎", "nleftrightarrow": "↮", "iso": "≅",
	// Operators.
	"times": "×", "cdot": "·", "cdotp": "·", "centerdot": "·", "cdots": "⋯", "ldots": "…", "dots": "…", "dotsc": "…",
	"dotsb": "⋯", "dotsm": "⋯", "dotsi": "⋯", "dotso": "…", "hdots": "…", "ldotp": ".", "vdots": "⋮", "ddots": "⋱",
	"Cdots": "⋯", "Ldots": "…", "Vdots": "⋮", "Ddots": "⋱", "Iddots": "⋰", "twodots": "..", // clrscode's range: A[1 \twodots n]
	"iddots": "⋰", "adots": "⋰", "div": "÷", "pm": "±", "mp": "∓", "circ": "∘", "ast": "∗", "star": "⋆",
	"oplus": "⊕", "ominus": "⊖", "otimes": "⊗", "oslash": "⊘", "odot": "⊙", "bigoplus": "⨁", "bigotimes": "⨂",
	"bigodot": "⨀", "boxplus": "⊞", "boxminus": "⊟", "boxtimes": "⊠", "boxdot": "⊡", "bullet": "•", "wr": "≀",
	"amalg": "⨿", "ltimes": "⋉", "rtimes": "⋊", "bowtieop": "⋈", "dotplus": "∔", "intercal": "⊺", "dagger": "†",
	"ddagger": "‡", "dag": "†", "ddag": "‡", "diamond": "⋄", "bigcirc": "◯", "triangleleft": "◁",
	"triangleright": "▷", "lhd": "⊲", "rhd": "⊳", "unlhd": "⊴", "unrhd": "⊵", "trianglelefteq": "⊴",
	"trianglerighteq": "⊵", "vartriangleleft": "⊲", "vartriangleright": "⊳", "curlywedge": "⋏", "curlyvee": "⋎",
	"sum": "∑", "prod": "∏", "coprod": "∐", "int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮", "oiint": "∯",
	"idotsint": "∫⋯∫", "partial": "∂", "nabla": "∇", "grad": "∇", "curl": "∇×", "divergence": "∇·",
	"laplacian": "∇²", "cross": "×", "crossproduct": "×", "vdot": "·", "dotproduct": "·", "infty": "∞",
	"ell": "ℓ", "hbar": "ℏ", "hslash": "ℏ", "Re": "ℜ", "Im": "ℑ", "wp": "℘", "angle": "∠", "measuredangle": "∡",
	"sphericalangle": "∢", "triangle": "△", "vartriangle": "△", "triangledown": "▿", "bigtriangleup": "△",
	"bigtriangledown": "▽", "square": "□", "blacksquare": "■", "lozenge": "◊", "blacklozenge": "⧫",
	"bigstar": "★", "circledast": "⊛", "circledcirc": "⊚", "circleddash": "⊝", "prime": "′", "backprime": "‵",
	"degree": "°", "surd": "√", "flat": "♭", "sharp": "♯", "natural": "♮", "clubsuit": "♣", "diamondsuit": "♢",
	"heartsuit": "♡", "spadesuit": "♠", "checkmark": "✓", "maltese": "✠", "S": "§", "P": "¶", "Finv": "Ⅎ",
	"Game": "⅁", "Bbbk": "𝕜", "ocircle": "○", "Circle": "○", "bigcircle": "◯", "qed": "∎", "QED": "∎",
	// Delimiters.
	"langle": "⟨", "rangle": "⟩", "lceil": "⌈", "rceil": "⌉", "lfloor": "⌊", "rfloor": "⌋", "lbrace": "{",
	"rbrace": "}", "lbrack": "[", "rbrack": "]", "vert": "|", "lvert": "|", "rvert": "|", "Vert": "‖",
	"lVert": "‖", "rVert": "‖", "llbracket": "⟦", "rrbracket": "⟧", "lBrack": "⟦", "rBrack": "⟧",
	"llparenthesis": "⦇", "rrparenthesis": "⦈", "ulcorner": "⌜", "urcorner": "⌝", "llcorner": "⌞",
	"lrcorner": "⌟", "lgroup": "(", "rgroup": ")", "backslash": "∖", "slash": "/", "divides": "∣",
	// Spacing and text.
	"quad": " ", "qquad": " ", "enspace": " ", "thinspace": " ", "medspace": " ", "thickspace": " ",
	"textbackslash": `\`, "textasciitilde": "~", "textendash": "–", "textemdash": "—", "textquoteright": "’",
	"textquoteleft": "‘", "textdollar": "$", "textbar": "|", "textless": "<", "textgreater": ">",
	"textdegree": "°", "textperiodcentered": "·", "copyright": "©", "pounds": "£", "euro": "€", "ie": "i.e.",
	"eg": "e.g.", "LaTeX": "LaTeX", "TeX": "TeX", "i": "ı", "j": "ȷ", "ss": "ß", "ae": "æ", "AE": "Æ",
	"oe": "œ", "OE": "Œ", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "l": "ł", "L": "Ł",
	"dd": "d", "differential": "d", "ohm": "Ω", "micro": "µ", "celsius": "°C", "upmu": "μ", "uppi": "π",
}

// siUnits are siunitx's unit macros and prefixes.
var siUnits = map[string]string{
	"metre": "m", "meter": "m", "second": "s", "kilogram": "kg", "gram": "g", "ampere": "A", "kelvin": "K",
	"mole": "mol", "candela": "cd", "newton": "N", "joule": "J", "watt": "W", "pascal": "Pa", "hertz": "Hz",
	"coulomb": "C", "volt": "V", "ohm": "Ω", "farad": "F", "henry": "H", "tesla": "T", "weber": "Wb",
	"siemens": "S", "litre": "L", "liter": "L", "minute": "min", "hour": "h", "day": "d", "degree": "°",
	"radian": "rad", "steradian": "sr", "electronvolt": "eV", "degreeCelsius": "°C", "celsius": "°C",
	"percent": "%", "becquerel": "Bq", "gray": "Gy", "sievert": "Sv", "lumen": "lm", "lux": "lx",
	"katal": "kat", "tonne": "t", "bar": "bar", "angstrom": "Å", "astronomicalunit": "au", "dalton": "Da",
	"bel": "B", "decibel": "dB", "neper": "Np", "arcminute": "′", "arcsecond": "″", "byte": "B", "bit": "bit",
	"kilo": "k", "milli": "m", "micro": "µ", "nano": "n", "pico": "p", "femto": "f", "centi": "c", "deci": "d",
	"mega": "M", "giga": "G", "tera": "T", "peta": "P", "hecto": "h", "deca": "da", "deka": "da", "atto": "a",
	"kibi": "Ki", "mebi": "Mi", "gibi": "Gi",
}

// number renders a number as siunitx prints it: "1e3" as 1 × 10³.
func number(v string) string {
	v = strings.TrimSpace(v)
	if k := strings.IndexAny(v, "eE"); k > 0 && k < len(v)-1 {
		return v[:k] + " × 10" + script(v[k+1:], true)
	}
	return v
}

// units renders a siunitx unit: its macros (\kilo\metre\per\second),
// powers (\squared, \cubed, \tothe{n}), or a unit written out ("m/s").
func units(u string) string {
	var b strings.Builder
	prefix := false
	for i := 0; i < len(u); {
		c := u[i]
		if c != '\\' {
			if c != '{' && c != '}' {
				b.WriteByte(c)
			}
			i++
			prefix = false
			continue
		}
		j := i + 1
		for j < len(u) && isLetterByte(u[j]) {
			j++
		}
		name := u[i+1 : j]
		if j == i+1 && j < len(u) {
			j++ // \, \; …
		}
		i = j
		switch name {
		case "per":
			b.WriteString("/")
			prefix = false
			continue
		case "squared", "square":
			b.WriteString("²")
			continue
		case "cubed", "cubic":
			b.WriteString("³")
			continue
		case "tothe", "raiseto":
			k := i
			for k < len(u) && u[k] == ' ' {
				k++
			}
			if k < len(u) && u[k] == '{' {
				e := matchBrace(u, k)
				b.WriteString(script(u[k+1:min(e, len(u))], true))
				i = min(e+1, len(u))
			}
			continue
		}
		s, ok := siUnits[name]
		if !ok {
			if sym, ok2 := mathSymbols[name]; ok2 {
				s = sym
			} else {
				s = name
			}
		}
		if b.Len() > 0 && !prefix && !strings.HasSuffix(b.String(), "/") {
			b.WriteString("·")
		}
		b.WriteString(s)
		prefix = isPrefix(name)
	}
	return strings.TrimSpace(b.String())
}

func isPrefix(name string) bool {
	switch name {
	case "kilo", "milli", "micro", "nano", "pico", "femto", "centi", "deci", "mega", "giga", "tera", "peta",
		"hecto", "deca", "deka", "atto", "kibi", "mebi", "gibi":
		return true
	}
	return false
}

// unicode-math names each double-struck letter by a command of its own
// (\BbbZ, \BbbN, \Bbbk): the letter as \mathbb prints it.
func init() {
	for c := 'A'; c <= 'z'; c++ {
		if c > 'Z' && c < 'a' {
			continue
		}
		mathSymbols["Bbb"+string(c)] = blackboard(string(c))
	}
}
