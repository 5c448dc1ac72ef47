package extract

// What the LaTeX cleaner (texRender.clean) does with the commands and
// environments it knows by name: keeps as math, drops with their
// arguments, prints as a space or as text.

// diagramEnd closes a tikz-cd diagram, which is math wherever it is set.
const diagramEnd = `\end{tikzcd}`

// displayMath environments are kept as math ($$…$$) when cleaning.
var displayMath = map[string]bool{
	"align": true, "align*": true, "equation": true, "equation*": true, "gather": true,
	"gather*": true, "multline": true, "multline*": true, "eqnarray": true, "eqnarray*": true,
	"displaymath": true, "math": true, "flalign": true, "flalign*": true, "alignat": true, "alignat*": true,
}

// dropArgs lists commands removed with their arguments (how many braced
// arguments): labels, references, spacing, index entries, and the ODS
// variants for languages other than the first.
var dropArgs = map[string]int{
	"label": 1, "index": 1, "vspace": 1, "vspace*": 1, "hspace": 1, "hspace*": 1,
	"setlength": 2, "addtolength": 2, "cite": 1, "citep": 1, "citet": 1, "nocite": 1,
	"cpponly": 1, "pcodeonly": 1, "footnote": 1, "marginpar": 1, "phantom": 1,
	"hphantom": 1, "vphantom": 1, "includegraphics": 1, "input": 1, "include": 1,
	"todo": 1, "addcontentsline": 3, "olfileid": 3, "caption": 1, "url": 1,
	"rule": 2, "raisebox": 1, "parbox": 1, "color": 1, "newcommand": 2, "renewcommand": 2,
	"footnotetext": 1, "hypertarget": 1, "glossary": 1, "glsadd": 1,
	// Lean blueprints: the formal declaration a statement corresponds to
	// and its status are annotations, not text (\uses lists references).
	"lean": 1, "discussion": 1, "proves": 1, "mathlib": 1, "DeclareMathOperator": 2,
	"providecommand": 2, "newtheorem": 2, "textcolor": 1, "pagecolor": 1,
	// Counters moved print nothing.
	"setcounter": 2, "addtocounter": 2, "stepcounter": 1, "refstepcounter": 1,
}

// blankCmds produce a space (paragraph and spacing commands).
var blankCmds = map[string]bool{
	"par": true, "noindent": true, "newline": true, "linebreak": true, "medskip": true,
	"smallskip": true, "bigskip": true, "item": true, "centering": true, "quad": true,
	"qquad": true, "indent": true, "clearpage": true, "newpage": true, "break": true,
	"hfill": true, "vfill": true, "displaystyle": true, "small": true, "footnotesize": true,
	"large": true, "normalsize": true, "relax": true, "protect": true,
	"footnotemark": true, "phantomsection": true, "kill": true, "xspace": true,
	"pagebreak": true, "nopagebreak": true, "allowbreak": true, "sloppy": true,
	"qedhere": true, "qed": true, "leanok": true, "mathlibok": true, "notready": true,
}

// textCmds produce fixed text.
var textCmds = map[string]string{
	"ldots": "…", "dots": "…", "cdots": "…", "LaTeX": "LaTeX", "TeX": "TeX",
	"textbackslash": `\`, "S": "§", "copyright": "©", "ie": "i.e.", "eg": "e.g.",
}
