package extract

import (
	"sort"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core/text"
)

// texDoc is what one pass over a whole LaTeX document knows before any
// environment is read: the macros it defines, what each \label names and
// the number LaTeX would print for it, where every cross-reference and
// proof is, and the number of every theorem-like environment. Building it
// reads the document once; every later question is a map or a binary
// search.
type texDoc struct {
	macros map[string]texMacro
	// envs are the theorem-like environments the document declares with
	// \newtheorem, by environment name, with their printed title.
	envs map[string]string
	// numberedWith maps an environment declared to share another's
	// counter ("\newtheorem{construction}[theorem]{Construction}") to
	// that environment.
	numberedWith map[string]string
	// provedEnvs counts, by environment, the blocks a proof follows, and
	// blockCount the blocks (proved).
	provedEnvs, blockCount map[string]int
	// authorEnvs are the environments the document defines
	// (\newenvironment and kin), read for the heading they print
	// (format_latex_heading.go).
	authorEnvs map[string]*authorEnv
	// listings are the environments the author defines over the listing
	// packages, with their languages (authorListings), once read.
	listings map[string]string
	labels   map[string]texLabel
	refs     []texRef   // document order
	proofs   []texProof // document order
	// blocks are the numbered theorem-like environments (primitives and
	// the examples, exercises and remarks around them), by offset of their
	// \begin.
	blocks []texBlock
	// deepest is how many environments were open at once with a frame of
	// their own: at most maxTeXNesting.
	deepest int
	// defs are the spans of the document's definitions (\newcommand,
	// \newenvironment and kin) and verbatim text, in order: an
	// environment opened in a definition's body or shown verbatim is no
	// block of the document.
	defs [][2]int
	// scope keeps TeX's groups while the document is read.
	scope *texScope
	// glossary holds the entries \gls{key} prints (format_latex_glossary.go).
	glossary map[string]glsEntry
}

// texMacro is a macro the document defines.
type texMacro struct {
	nargs  int
	hasOpt bool
	opt    string // default of the optional first argument
	body   string
	// program: the body draws with TeX's boxes or computes its text
	// (\setbox, \mathchoice, \StrCut …); see notNotation.
	program bool
	// primitive: the meaning \let gave the name from a command the
	// document does not define (\let\nsum\sum). TeX copies that meaning
	// then, so the body is written as it stands, never expanded again: a
	// later \renewcommand{\sum}{\displaystyle\nsum} must not make \nsum
	// read the new \sum, and that \sum itself.
	primitive bool
}

// texLabel is what a \label names.
type texLabel struct {
	kind   string // "Theorem", "Section", "Equation", "Item", "Figure" …
	number string // as LaTeX would print it ("4.2.3", "C.1", "(i)")
	at     int    // where the labelled environment or heading begins
}

// texRef is one cross-reference command.
type texRef struct {
	at, end int
	cmd     string // as written: "cref", "ref", "thmref", "hyperref" …
	keys    []string
}

// texProof is one proof environment; of is the key its optional argument
// names ("\begin{proof}[Proof of \cref{thm:x}]").
type texProof struct {
	at, end int
	of      string
}

// texBlock is one numbered theorem-like environment.
type texBlock struct {
	at     int
	env    string
	kind   string
	number string
}

// numberedEnvs are theorem-like environments that are numbered with the
// results although they are not primitives themselves.
var numberedEnvs = map[string]string{
	"example": "Example", "ex": "Example", "exercise": "Exercise", "exc": "Exercise",
	"exer": "Exercise", "remark": "Remark", "rem": "Remark", "note": "Note",
	"conjecture": "Conjecture", "conj": "Conjecture", "claim": "Claim", "fact": "Fact",
	"problem": "Problem", "prob": "Problem", "question": "Question", "observation": "Observation",
	"obs": "Observation", "notation": "Notation", "assumption": "Assumption",
	"hypothesis": "Hypothesis", "property": "Property", "exmp": "Example", "eg": "Example",
}

// titleKind is the kind a printed title names: kindOfTitle's words, else
// the same words in a Latin-script language it does not list, known by the
// stem they share once accents are set aside ("Proposição", "Propoziție",
// "Definicja", "Corolar", "Lemat"), as a reader of any such language
// recognises them.
func titleKind(title string) (blockKind, bool) {
	lt := strings.ToLower(strings.TrimSpace(title))
	if k, ok := kindOfTitle[lt]; ok {
		return k, true
	}
	s := text.Slug(lt)
	if s == "" || strings.ContainsRune(s, '-') {
		return blockKind{}, false
	}
	for _, st := range titleStems {
		// A stem with a short ending: "definicao", not "definiteness".
		if strings.HasPrefix(s, st.stem) && len(s) <= len(st.stem)+st.tail {
			return kindOfTitle[st.kind], true
		}
	}
	return blockKind{}, false
}

// titleStems are the stems the kinds' words share across the languages
// written in Latin script, with how many letters may follow.
var titleStems = []struct {
	stem, kind string
	tail       int
}{
	{"theorem", "theorem", 1}, {"teorem", "theorem", 2}, {"lemm", "lemma", 2}, {"lema", "lemma", 1},
	{"proposi", "proposition", 5}, {"propozi", "proposition", 5}, {"corol", "corollary", 6},
	{"defini", "definition", 6}, {"axiom", "axiom", 2},
}

// kindOfTitle maps the printed title of a declared theorem-like
// environment to what it produces.
var kindOfTitle = map[string]blockKind{
	"definition": {"definition", "definition"}, "theorem": {"theorem", "theorem"},
	"lemma": {"theorem", "lemma"}, "proposition": {"theorem", "proposition"},
	"corollary": {"theorem", "corollary"}, "axiom": {"axiom", "axiom"},
	"algorithm": {"algorithm", "algorithm"}, "identity": {"identity", "identity"},
	"rule": {"theorem", "rule"}, "principle": {"theorem", "principle"}, "law": {"theorem", "rule"},
	"claim": {"theorem", "claim"},
	// An invariant (of a loop, a construction) is a property the text
	// goes on to prove holds throughout: a result, as a claim is.
	"invariant": {"theorem", "invariant"},
	// The same titles in the languages books are most often written in
	// besides English; "Definition", "Lemma", "Proposition" and "Axiom"
	// are spelled alike.
	"satz": {"theorem", "theorem"}, "hilfssatz": {"theorem", "lemma"},
	"korollar": {"theorem", "corollary"}, "folgerung": {"theorem", "corollary"},
	"théorème": {"theorem", "theorem"}, "définition": {"definition", "definition"},
	"lemme": {"theorem", "lemma"}, "corollaire": {"theorem", "corollary"},
	"teorema": {"theorem", "theorem"}, "definición": {"definition", "definition"},
	"definizione": {"definition", "definition"}, "definição": {"definition", "definition"},
	"lema": {"theorem", "lemma"}, "corolario": {"theorem", "corollary"}, "corollario": {"theorem", "corollary"},
	"proposición": {"theorem", "proposition"}, "proposizione": {"theorem", "proposition"},
	"stelling": {"theorem", "theorem"}, "definitie": {"definition", "definition"},
	"gevolg": {"theorem", "corollary"}, "propositie": {"theorem", "proposition"},
	"axioma": {"axiom", "axiom"},
	// Chinese and Japanese, and Russian.
	"定义": {"definition", "definition"}, "定義": {"definition", "definition"}, "定理": {"theorem", "theorem"},
	"引理": {"theorem", "lemma"}, "補題": {"theorem", "lemma"}, "推论": {"theorem", "corollary"}, "系": {"theorem", "corollary"},
	"命题": {"theorem", "proposition"}, "命題": {"theorem", "proposition"}, "公理": {"axiom", "axiom"}, "算法": {"algorithm", "algorithm"},
	"определение": {"definition", "definition"}, "теорема": {"theorem", "theorem"}, "лемма": {"theorem", "lemma"},
	"следствие": {"theorem", "corollary"}, "утверждение": {"theorem", "proposition"}, "предложение": {"theorem", "proposition"},
	"аксиома": {"axiom", "axiom"}, "алгоритм": {"algorithm", "algorithm"},
	// A procedure is an algorithm, in whatever language it is titled.
	"procedure": {"algorithm", "algorithm"}, "algorithmus": {"algorithm", "algorithm"}, //nolint:misspell // German
	"prozedur": {"algorithm", "algorithm"}, "verfahren": {"algorithm", "algorithm"},
	"algorithme": {"algorithm", "algorithm"}, "procédure": {"algorithm", "algorithm"},
	"algoritmo": {"algorithm", "algorithm"}, "procedimiento": {"algorithm", "algorithm"},
	"procedura": {"algorithm", "algorithm"}, "algoritme": {"algorithm", "algorithm"},
}

// proofTitles are the printed titles of a declared environment that
// holds a proof ("\newtheorem*{beweis}{Beweis}").
var proofTitles = map[string]bool{
	"proof": true, "beweis": true, "preuve": true, "démonstration": true, "demostración": true,
	"dimostrazione": true, "prova": true, "bewijs": true, "证明": true, "証明": true, "доказательство": true,
}

// proofEnvs are the environments holding a proof.
var proofEnvs = map[string]bool{
	"proof": true, "proof*": true, "pf": true, "prf": true,
	// in the languages of envKinds' translated names
	"beweis": true, "preuve": true, "demonstration": true, "demostracion": true, "dimostrazione": true,
}

// mathEnvs number their lines (unstarred) or hold math without numbers.
var mathEnvs = map[string]bool{
	"equation": true, "align": true, "gather": true, "multline": true, "eqnarray": true,
	"flalign": true, "alignat": true,
}

// protectedMacros are never redefined by a document's own definitions:
// extraction reads their structure.
var protectedMacros = map[string]bool{
	"begin": true, "end": true, "label": true, "ref": true, "item": true, "par": true,
	"section": true, "subsection": true, "chapter": true, "cref": true, "Cref": true,
	"autoref": true, "eqref": true, "newcommand": true, "renewcommand": true, "def": true,
	"index": true, "footnote": true, "caption": true, "input": true, "include": true,
}

// Bounds of what a definition may hold; anything larger is not a macro
// worth expanding.
const (
	maxMacroBody = 1024
	maxMacros    = 4096
)

// maxTeXNesting bounds how many open environments scanTeX keeps a frame
// for. Each \end, \item and \caption searches back through the frames, so
// without a bound 100,000 nested environments made a 3 MB file take
// minutes, and held a frame each. Environments nested deeper are read as
// their text alone: no theorem number, proof or list item of their own.
const maxTeXNesting = 256

// scanTeX builds the texDoc of doc in one pass.
func scanTeX(doc string) *texDoc {
	d := &texDoc{
		macros:     map[string]texMacro{},
		envs:       map[string]string{},
		authorEnvs: map[string]*authorEnv{},
		labels:     map[string]texLabel{},
	}
	d.scope = &texScope{doc: doc}
	defer func() { d.scope = nil }()
	n := newTexNumbering(doc)
	type frame struct {
		env      string
		cur      texLabel
		proof    int // index into d.proofs, or -1
		enumLvl  int
		items    int
		style    string
		line     []string // labels waiting for their equation line's number
		numbered bool     // the current equation line takes a number
	}
	cur := texLabel{}
	var stack []frame
	// unframed counts the environments open past maxTeXNesting.
	unframed := 0
	enumDepth := 0
	// closed is the last enumerate closed at each depth, for one that
	// resumes its numbering.
	closed := map[int]frame{}
	pct, bs := -1, -1
	for i := 0; i < len(doc); {
		if pct < i {
			pct = text.IndexFrom(doc, i, '%')
		}
		if bs < i {
			bs = text.IndexFrom(doc, i, '\\')
		}
		i = min(pct, bs)
		if i >= len(doc) {
			break
		}
		if doc[i] == '%' {
			if i > 0 && doc[i-1] == '\\' {
				i++
				continue
			}
			i = lineEnd(doc, i)
			continue
		}
		name, j := controlWord(doc, i)
		if name == "" {
			// A control symbol: "\\" ends an equation line.
			if j < len(doc) && doc[j] == '\\' && len(stack) > 0 {
				f := &stack[len(stack)-1]
				if f.line != nil {
					n.endLine(f.numbered, f.line, d.labels, cur)
					f.line, f.numbered = f.line[:0], !strings.HasSuffix(f.env, "*")
				}
			}
			i = j + 1
			continue
		}
		star := j < len(doc) && doc[j] == '*'
		after := j
		if star {
			after++
		}
		d.scope.read(d, name, i, after)
		switch {
		case name == "begin" || name == "end":
			env, e := texBraced(doc, after)
			if e < 0 {
				i = after
				continue
			}
			if name == "begin" && verbatimLike[env] {
				closing := `\end{` + env + `}`
				if k := strings.Index(doc[e:], closing); k >= 0 {
					i = d.addDef(i, e+k+len(closing))
				} else {
					i = d.addDef(i, len(doc))
				}
				continue
			}
			if name == "end" {
				if unframed > 0 {
					// The innermost environment opened past the bound.
					unframed--
					i = e
					continue
				}
				// Pop to the matching frame, tolerating unbalanced input.
				for k := len(stack) - 1; k >= 0; k-- {
					if stack[k].env != env {
						continue
					}
					f := stack[k]
					if f.line != nil {
						n.endLine(f.numbered, f.line, d.labels, cur)
					}
					if f.proof >= 0 {
						d.proofs[f.proof].end = i
					}
					if f.enumLvl > 0 {
						enumDepth--
						closed[f.enumLvl] = f
					}
					cur = f.cur
					stack = stack[:k]
					break
				}
				i = e
				continue
			}
			if len(stack) >= maxTeXNesting {
				unframed++
				i = e
				continue
			}
			f := frame{env: env, cur: cur, proof: -1}
			base := strings.TrimSuffix(env, "*")
			numberedEnv := env
			if restatable(env) {
				if _, inner, _, ok := restatableArgs(doc, e); ok {
					numberedEnv, base = inner, strings.TrimSuffix(inner, "*")
				}
			}
			switch {
			case proofEnvs[env] || proofTitle(d.envs[base]) || d.printsProof(env, doc, e):
				p := texProof{at: i, end: len(doc)}
				if arg, _ := texOptional(doc, e, 400); arg != "" {
					p.of = firstRefKey(arg)
				}
				f.proof = len(d.proofs)
				d.proofs = append(d.proofs, p)
			case d.theoremKind(base) != "":
				kind := d.theoremKind(base)
				num := ""
				if !strings.HasSuffix(numberedEnv, "*") {
					num = n.step(base, d)
				}
				d.blocks = append(d.blocks, texBlock{at: i, env: numberedEnv, kind: kind, number: num})
				if num != "" {
					cur = texLabel{kind: kind, number: num, at: i}
				}
			case mathEnvs[base]:
				f.numbered = !strings.HasSuffix(env, "*")
				f.line = []string{}
			case env == "enumerate":
				enumDepth++
				f.enumLvl = enumDepth
				if o := skipSpaceNL(doc, e); o < len(doc) && doc[o] == '[' {
					if c, ok := balanced(doc, o, '[', ']', 200); ok {
						f.style = doc[o+1 : c]
					}
				}
				if resume, same := resumes(f.style); resume {
					prev := closed[f.enumLvl]
					f.items = prev.items
					if same {
						f.style = prev.style
					}
				}
			case env == "figure" || env == "table":
				f.style = env
			}
			stack = append(stack, f)
			d.deepest = max(d.deepest, len(stack))
			i = e
		case strings.HasSuffix(name, "label") && name != "caplabel":
			key, e := texBraced(doc, skipOptArgs(doc, after))
			if e < 0 {
				i = after
				continue
			}
			key = labelKey(name, key)
			if k := len(stack) - 1; k >= 0 && stack[k].line != nil {
				stack[k].line = append(stack[k].line, key)
			} else if _, dup := d.labels[key]; !dup {
				d.labels[key] = cur
			}
			i = e
		case isRefCmd(name):
			r, e := readRef(doc, i, name, after)
			if e <= i {
				i = after
				continue
			}
			if len(r.keys) > 0 {
				d.refs = append(d.refs, r)
			}
			i = e
		case name == "item":
			for k := len(stack) - 1; k >= 0; k-- {
				if stack[k].enumLvl == 0 {
					if stack[k].env == "itemize" || stack[k].env == "description" {
						break
					}
					continue
				}
				stack[k].items++
				cur = texLabel{kind: "Item", number: itemNumber(stack[k].enumLvl, stack[k].items, stack[k].style), at: i}
				break
			}
			i = after
		case name == "caption":
			for k := len(stack) - 1; k >= 0; k-- {
				if stack[k].style == "figure" || stack[k].style == "table" {
					kind := upperFirst(stack[k].style)
					cur = texLabel{kind: kind, number: n.float(stack[k].style), at: i}
					break
				}
			}
			i = after
		case name == "nonumber" || name == "notag":
			if k := len(stack) - 1; k >= 0 {
				stack[k].numbered = false
			}
			i = after
		case name == "appendix":
			n.appendix()
			i = after
		case name == "setcounter" || name == "addtocounter" || name == "stepcounter":
			i = n.counterCommand(doc, name, after)
		case name == "frontmatter" || name == "mainmatter" || name == "backmatter":
			n.unnumberedChapters = name != "mainmatter"
			i = after
		case name == "part":
			if !star && headingArg(doc, after) {
				n.part()
			}
			i = after
		case texLevels[name] > 0:
			// A starred heading takes no number, and a sectioning command
			// named without its title (\titleformat{\chapter}) is none.
			if star || !headingArg(doc, after) {
				i = after
				continue
			}
			if num, kind := n.heading(name); num != "" {
				cur = texLabel{kind: kind, number: num, at: i}
			}
			i = after
		case name == "newcommand" || name == "renewcommand" || name == "DeclareRobustCommand":
			i = d.addDef(i, d.defineCommand(doc, after))
		case name == "providecommand" || name == "let" || strings.HasPrefix(name, "DeclarePairedDelimiter"):
			i = d.addDef(i, d.defineMore(name, doc, after))
		case name == "newglossaryentry" || name == "newacronym":
			i = d.addDef(i, d.defineGlossaryEntry(doc, after, name == "newacronym"))
		case name == "def" || name == "gdef" || name == "edef":
			i = d.addDef(i, d.defineDef(doc, after))
		case envDefining[name]:
			e, _ := d.recordEnvDefinition(name, doc, after)
			i = d.addDef(i, max(e, after))
		case name == "DeclareMathOperator":
			i = d.defineOperator(doc, after, star)
		case name == "newtheorem" || name == "renewtheorem" || name == "newframedtheorem" || name == "newshadedtheorem":
			// ntheorem's framed and shaded theorems are declared as
			// \newtheorem ones are.
			i = d.declareTheorem(doc, after, star, n)
		case name == "numberwithin" || name == "counterwithin":
			a, e := texBraced(doc, after)
			b, e2 := texBraced(doc, max(e, after))
			if e > 0 && e2 > 0 {
				n.within[a] = b
				i = e2
				continue
			}
			i = after
		default:
			if e, ok := d.declareMore(name, doc, after, star, n); ok {
				i = max(e, after)
				continue
			}
			i = after
		}
	}
	d.displayShorthands(doc)
	return d
}

// displayShorthands are the names authors give, in a preamble a chapter
// file does not hold, to the opening and closing of a display ("\be x^2
// \ee" for an equation): a pair the document uses and does not define
// reads as the display it stands for, not as two unknown words around
// mathematics read as text ("_i (|E_i - O_i| - 0.5)^2E_i").
var displayShorthands = []struct{ open, close, env string }{
	{"be", "ee", "equation"}, {"beq", "eeq", "equation"}, {"beqn", "eeqn", "equation"},
	{"bea", "eea", "eqnarray"}, {"beqa", "eeqa", "eqnarray"},
}

// displayShorthands defines each pair of displayShorthands doc uses and
// defines neither of.
func (d *texDoc) displayShorthands(doc string) {
	for _, p := range displayShorthands {
		if _, ok := d.macros[p.open]; ok {
			continue
		}
		if _, ok := d.macros[p.close]; ok {
			continue
		}
		if usesControlWord(doc, p.open) && usesControlWord(doc, p.close) {
			d.macros[p.open] = texMacro{body: `\begin{` + p.env + `}`}
			d.macros[p.close] = texMacro{body: `\end{` + p.env + `}`}
		}
	}
}

// usesControlWord reports whether doc has the control word \name (not a
// longer word it begins).
func usesControlWord(doc, name string) bool {
	for i := 0; ; {
		k := strings.Index(doc[i:], `\`+name)
		if k < 0 {
			return false
		}
		e := i + k + 1 + len(name)
		if e >= len(doc) || !isLetterByte(doc[e]) {
			return true
		}
		i = e
	}
}

// verbatimLike environments hold text that is not LaTeX.
var verbatimLike = map[string]bool{
	"verbatim": true, "verbatim*": true, "Verbatim": true, "lstlisting": true,
	"minted": true, "comment": true, "filecontents": true, "filecontents*": true,
}

// texLevels are the numbered sectioning commands.
var texLevels = map[string]int{
	"chapter": 1, "section": 2, "subsection": 3, "subsubsection": 4,
	"olchapter": 1, "olsection": 2, "olsubsection": 3, "olsubsubsection": 4,
}

// lineEnd is where the line after the one holding i begins.
func lineEnd(s string, i int) int {
	_, next := text.Line(s, i)
	return next
}

// texOptional reads the optional argument "[…]" (at most max bytes) at or
// after p (after blanks): its trimmed text and the offset after it, or ""
// and p when there is none.
func texOptional(s string, p, max int) (string, int) {
	if o := skipSpaceNL(s, p); o < len(s) && s[o] == '[' {
		if c, ok := balanced(s, o, '[', ']', max); ok {
			return strings.TrimSpace(s[o+1 : c]), c + 1
		}
	}
	return "", p
}

// texBraced reads the braced argument at or after p (after blanks) and
// returns it and the offset after its closing brace, or -1.
func texBraced(s string, p int) (string, int) {
	p = skipSpaceNL(s, p)
	if p >= len(s) || s[p] != '{' {
		return "", -1
	}
	e, ok := balanced(s, p, '{', '}', 4096)
	if !ok {
		return "", -1
	}
	return strings.TrimSpace(s[p+1 : e]), e + 1
}

// labelKey gives a label command's key: a book's own kind-prefixed
// commands (\thmlabel{x}, \lemlabel{x}) live in their own namespace.
func labelKey(cmd, key string) string {
	p := strings.TrimSuffix(cmd, "label")
	if p == "" || p == "ol" || p == "sub" || strings.Contains(key, ":") {
		return key
	}
	return p + ":" + key
}

// refKinds are the prefixes of a book's kind-specific reference commands
// (\thmref, \lemref) and of label keys (thm:…), with the word they print.
var refKinds = map[string]string{
	"thm": "Theorem", "theorem": "Theorem", "lem": "Lemma", "lemma": "Lemma",
	"cor": "Corollary", "corollary": "Corollary", "prop": "Proposition",
	"proposition": "Proposition", "def": "Definition", "defn": "Definition",
	"defi": "Definition", "dfn": "Definition", "definition": "Definition",
	"sec": "Section", "section": "Section", "ssec": "Section", "subsec": "Section",
	"subsection": "Section", "cha": "Chapter", "chap": "Chapter", "ch": "Chapter",
	"chapter": "Chapter", "app": "Appendix", "appendix": "Appendix", "fig": "Figure",
	"figure": "Figure", "tab": "Table", "table": "Table", "eq": "Equation",
	"eqn": "Equation", "equation": "Equation", "ex": "Exercise", "exc": "Exercise",
	"exer": "Exercise", "exercise": "Exercise", "example": "Example", "alg": "Algorithm",
	"algo": "Algorithm", "algorithm": "Algorithm", "rem": "Remark", "remark": "Remark",
	"item": "Item", "ax": "Axiom", "axiom": "Axiom", "conj": "Conjecture",
	"lst": "Listing", "listing": "Listing", "line": "Line", "part": "Part", "claim": "Claim",
}

// genericRefPrefix are the prefixes of reference commands that do not
// name a kind of target (\cref, \autoref, \eqref, \olref …).
var genericRefPrefix = map[string]bool{
	"": true, "c": true, "C": true, "auto": true, "Auto": true, "eq": true, "page": true,
	"cpage": true, "Cpage": true, "name": true, "v": true, "V": true, "hyper": true, "ol": true,
	"sub": true, "full": true, "p": true, "x": true, "sm": true,
}

// plainRefs print only the target's number (or page, or title).
var plainRefs = map[string]bool{"ref": true, "eqref": true, "pageref": true, "vref": true, "nameref": true, "subref": true}

// isRefCmd reports cross-reference commands: \ref, \cref, \autoref,
// \hyperref, and a book's own \thmref, \olref ….
func isRefCmd(name string) bool {
	switch name {
	case "href", "pdfref", "bibref", "citeref", "fref", "Href":
		return false
	case "crefrange", "Crefrange", "cpagerefrange", usesCommand:
		return true
	}
	return strings.HasSuffix(name, "ref") && len(name) <= 12
}

// readRef reads a reference command at i (name ends at after) and its
// keys: comma-separated keys, \hyperref[key]{text}, \crefrange{a}{b}.
func readRef(doc string, i int, name string, after int) (texRef, int) {
	r := texRef{at: i, cmd: name}
	p := after
	if name == "hyperref" {
		o := skipSpaceNL(doc, p)
		if o < len(doc) && doc[o] == '[' {
			if c, ok := balanced(doc, o, '[', ']', 400); ok {
				r.keys = []string{strings.TrimSpace(doc[o+1 : c])}
				p = c + 1
			}
		}
		_, e := texBraced(doc, p)
		if e < 0 {
			e = p
		}
		r.end = e
		return r, e
	}
	// \olref[file]{key}: the optional argument says where, not what.
	p = skipOptArgs(doc, p)
	arg, e := texBraced(doc, p)
	if e < 0 {
		return r, after
	}
	nargs := 1
	if strings.HasSuffix(name, "range") {
		nargs = 2
	}
	prefix := strings.TrimSuffix(name, "ref")
	if genericRefPrefix[prefix] || name == usesCommand {
		prefix = ""
	}
	for k := 0; k < nargs; k++ {
		if k > 0 {
			var e2 int
			arg, e2 = texBraced(doc, e)
			if e2 < 0 {
				break
			}
			e = e2
		}
		for _, key := range strings.Split(arg, ",") {
			key = strings.TrimSpace(key)
			if key == "" || len(key) > 200 {
				continue
			}
			if refKinds[prefix] != "" && !strings.Contains(key, ":") {
				key = prefix + ":" + key
			}
			r.keys = append(r.keys, key)
		}
	}
	r.end = e
	return r, e
}

// firstRefKey returns the first key referenced in s ("Proof of
// \cref{thm:x}" → "thm:x").
func firstRefKey(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		if name, j := controlWord(s, i); isRefCmd(name) {
			if r, _ := readRef(s, i, name, j); len(r.keys) > 0 {
				return r.keys[0]
			}
		}
	}
	return ""
}

// itemNumber is the printed label of the n-th item of an enumerate at
// depth lvl, honoring the style its optional argument gives: enumitem's
// "label=(\roman*)" or "label=(M\arabic*)", the enumerate package's
// "(i)", "({G}1)" or "A." (the first of 1, a, A, i, I outside braces is
// the counter, the rest is printed as written). Without a style, or with
// options that set no label, items read "(1)", "(a)", "(i)", "(A)" by
// depth.
func itemNumber(lvl, n int, style string) string {
	if pre, format, post, ok := enumLabel(style); ok {
		return pre + formatCounter(n, format) + post
	}
	format := []string{"1", "a", "i", "A"}[min(max(lvl, 1), 4)-1]
	return "(" + formatCounter(n, format) + ")"
}

// enumCounters are enumitem's counter commands and the format each prints.
var enumCounters = []struct{ cmd, format string }{
	{`\arabic*`, "1"}, {`\alph*`, "a"}, {`\Alph*`, "A"}, {`\roman*`, "i"}, {`\Roman*`, "I"},
}

// enumLabel reads an enumerate's optional argument as the text printed
// before its counter, the counter's format and the text after it.
func enumLabel(style string) (pre, format, post string, ok bool) {
	s := strings.TrimSpace(style)
	if s == "" {
		return "", "", "", false
	}
	if v, found := enumKey(s, "label"); found {
		for _, c := range enumCounters {
			if k := strings.Index(v, c.cmd); k >= 0 {
				return labelText(v[:k]), c.format, labelText(v[k+len(c.cmd):]), true
			}
		}
		return "", "", "", false
	}
	if strings.Contains(s, "=") || enumOption(s) {
		// Key-value options that set no label (start=3, nosep, resume).
		return "", "", "", false
	}
	// The enumerate package's template: braces hold literal text.
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{':
			depth++
		case c == '}':
			depth = max(depth-1, 0)
		case c == '\\':
			_, j := controlWord(s, i)
			i = max(j, i+2) - 1
		case depth == 0 && strings.IndexByte("1aAiI", c) >= 0:
			return labelText(s[:i]), string(c), labelText(s[i+1:]), true
		}
	}
	return "", "", "", false
}

// enumKey returns the value of key in an enumitem option list ("label=…,
// ref=…"), its braces around the whole value removed.
func enumKey(s, key string) (string, bool) {
	depth := 0
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) {
			switch s[i] {
			case '{':
				depth++
				continue
			case '}':
				depth--
				continue
			case ',':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		opt := strings.TrimSpace(s[start:i])
		start = i + 1
		k, v, found := strings.Cut(opt, "=")
		if !found || strings.TrimSpace(k) != key {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && v[0] == '{' && v[len(v)-1] == '}' {
			if e, ok := balanced(v, 0, '{', '}', len(v)); ok && e == len(v)-1 {
				v = v[1 : len(v)-1]
			}
		}
		return v, true
	}
	return "", false
}

// enumOption reports an enumitem option without a value.
func enumOption(s string) bool {
	for _, o := range strings.Split(s, ",") {
		switch strings.TrimSpace(o) {
		case "resume", "resume*", "nosep", "noitemsep", "nolistsep", "wide", "leftmargin=*", "inline":
			return true
		}
	}
	return false
}

// labelText is the printed part of an item label's template: font
// switches and braces go, what the reader sees stays.
func labelText(s string) string {
	if !strings.ContainsAny(s, `\{}`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '{', '}':
		case '\\':
			name, j := controlWord(s, i)
			if name == "" {
				if i+1 < len(s) {
					b.WriteByte(s[i+1])
				}
				i++
				continue
			}
			i = j - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// resumes reports an enumerate that continues the numbering of the one
// before it at its depth (enumitem's resume; resume* also takes its
// style).
func resumes(style string) (resume, sameStyle bool) {
	for _, o := range strings.Split(style, ",") {
		switch strings.TrimSpace(o) {
		case "resume":
			resume = true
		case "resume*":
			return true, true
		}
	}
	return resume, false
}

// formatCounter prints n as LaTeX's \arabic, \alph, \roman, \Alph, \Roman.
func formatCounter(n int, format string) string {
	switch format {
	case "a", "A":
		if n < 1 || n > 26 {
			return strconv.Itoa(n)
		}
		if format == "A" {
			return string(rune('A' + n - 1))
		}
		return string(rune('a' + n - 1))
	case "i", "I":
		r := roman(n)
		if format == "I" {
			return strings.ToUpper(r)
		}
		return r
	}
	return strconv.Itoa(n)
}

func roman(n int) string {
	if n < 1 || n > 3999 {
		return strconv.Itoa(n)
	}
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"m", "cm", "d", "cd", "c", "xc", "l", "xl", "x", "ix", "v", "iv", "i"}
	var b strings.Builder
	for k, v := range vals {
		for n >= v {
			b.WriteString(syms[k])
			n -= v
		}
	}
	return b.String()
}

// theoremKind is the printed word of a theorem-like environment, or "".
func (d *texDoc) theoremKind(env string) string {
	if t, ok := d.envs[env]; ok {
		return t
	}
	if e, ok := envKinds[env]; ok && e.kind != "onebox" {
		return kindWord(e.kind)
	}
	return numberedEnvs[env]
}

// defineCommand reads \newcommand{\name}[n][default]{body} (braces around
// the name optional).
func (d *texDoc) defineCommand(doc string, p int) int {
	if p < len(doc) && doc[p] == '*' {
		p++
	}
	name, p2 := macroName(doc, p)
	if name == "" {
		return p
	}
	p = p2
	m := texMacro{}
	if o := skipSpaceNL(doc, p); o < len(doc) && doc[o] == '[' {
		if c, ok := balanced(doc, o, '[', ']', 20); ok {
			m.nargs, _ = strconv.Atoi(strings.TrimSpace(doc[o+1 : c]))
			p = c + 1
			if o2 := skipSpaceNL(doc, p); o2 < len(doc) && doc[o2] == '[' {
				if c2, ok := balanced(doc, o2, '[', ']', 400); ok {
					m.hasOpt, m.opt = true, doc[o2+1:c2]
					p = c2 + 1
				}
			}
		}
	}
	body, e := texRawBraced(doc, p)
	if e < 0 {
		return p
	}
	m.body = body
	d.addMacro(name, m)
	return e
}

// defineDef reads \def\name#1#2{body}; delimited parameters are not
// followed.
func (d *texDoc) defineDef(doc string, p int) int {
	if p >= len(doc) || doc[p] != '\\' {
		return p
	}
	name, j := controlWord(doc, p)
	k := j
	nargs := 0
	for k < len(doc) && doc[k] == '#' && k+1 < len(doc) && doc[k+1] >= '1' && doc[k+1] <= '9' {
		nargs++
		k += 2
	}
	if k >= len(doc) || doc[k] != '{' || name == "" {
		return j
	}
	body, e := texRawBraced(doc, k)
	if e < 0 {
		return j
	}
	d.addMacro(name, texMacro{nargs: nargs, body: body})
	return e
}

// defineOperator reads \DeclareMathOperator{\name}{text}.
func (d *texDoc) defineOperator(doc string, p int, star bool) int {
	name, p2 := macroName(doc, p)
	if name == "" {
		return p
	}
	body, e := texRawBraced(doc, p2)
	if e < 0 {
		return p2
	}
	op := `\operatorname`
	if star {
		op += "*"
	}
	d.addMacro(name, texMacro{body: op + "{" + body + "}"})
	return e
}

func (d *texDoc) addMacro(name string, m texMacro) {
	if protectedMacros[name] || strings.Contains(name, "@") || len(m.body) > maxMacroBody ||
		len(d.macros) >= maxMacros || m.nargs < 0 || m.nargs > 9 {
		return
	}
	// A macro defining macros is not expanded: its text is no notation a
	// reader sees. One built on LaTeX's internals (\@ifnextchar) is
	// decided where it is used, or left as written (resolveInternals).
	if strings.Contains(m.body, `\newcommand`) || strings.Contains(m.body, `\def`) {
		return
	}
	m.program = texProgram.MatchString(m.body)
	d.scope.define(d, name)
	d.macros[name] = m
}

// declareTheorem reads \newtheorem{env}[shared]{Title}[within].
func (d *texDoc) declareTheorem(doc string, p int, star bool, n *texNumbering) int {
	env, e := texBraced(doc, p)
	if e < 0 {
		return p
	}
	shared, e := texOptional(doc, e, 60)
	title, e2 := texBraced(doc, e)
	if e2 < 0 {
		return e
	}
	within, e2 := texOptional(doc, e2, 60)
	title = className(doc, title)
	t := kindLead(title, cleanLaTeX(title))
	if t == "" || len(t) > 40 || env == "" {
		return e2
	}
	d.envs[env] = upperFirst(t)
	switch {
	case star:
		n.unnumbered[env] = true
	case shared != "":
		n.counter[env] = n.counterOf(shared)
		d.shares(env, shared)
	default:
		n.counter[env] = env
		n.within[env] = within
		if n.theorem == "" && strings.EqualFold(t, "theorem") {
			n.theorem = env
		}
	}
	return e2
}

// macroName reads "{\name}" or "\name" at p.
func macroName(doc string, p int) (string, int) {
	p = skipSpaceNL(doc, p)
	braced := p < len(doc) && doc[p] == '{'
	if braced {
		p = skipSpaceNL(doc, p+1)
	}
	if p >= len(doc) || doc[p] != '\\' {
		return "", p
	}
	name, j := controlWord(doc, p)
	if braced {
		j = skipSpaceNL(doc, j)
		if j >= len(doc) || doc[j] != '}' {
			return "", j
		}
		j++
	}
	return name, j
}

// texRawBraced returns the braced group at or after p as written.
func texRawBraced(s string, p int) (string, int) {
	p = skipSpaceNL(s, p)
	if p >= len(s) || s[p] != '{' {
		return "", -1
	}
	e, ok := balanced(s, p, '{', '}', maxMacroBody+2)
	if !ok {
		return "", -1
	}
	return s[p+1 : e], e + 1
}

// texNumbering keeps LaTeX's counters while the document is read.
type texNumbering struct {
	hasChapter, hasSection bool
	inAppendix             bool
	// unnumberedChapters holds in a book's front and back matter, whose
	// chapters take no number.
	unnumberedChapters bool
	// theorem is the environment titled "Theorem" with a counter of its
	// own, whose counter the environments the document does not declare
	// step.
	theorem            string
	chapter, section   int
	subsection, subsub int
	// counter maps an environment to the counter it steps; within maps a
	// counter to the sectioning level that resets it.
	counter    map[string]string
	within     map[string]string
	unnumbered map[string]bool
	values     map[string]int
	equation   int
	floats     map[string]int
}

func newTexNumbering(doc string) *texNumbering {
	n := &texNumbering{
		hasChapter: strings.Contains(doc, `\chapter{`) || strings.Contains(doc, `\chapter[`) ||
			strings.Contains(doc, `\olchapter{`),
		hasSection: strings.Contains(doc, `\section{`) || strings.Contains(doc, `\section[`) ||
			strings.Contains(doc, `\olsection{`),
		counter:    map[string]string{},
		within:     map[string]string{},
		unnumbered: map[string]bool{},
		values:     map[string]int{},
		floats:     map[string]int{},
	}
	return n
}

// counterOf follows shared counters to the one that is stepped.
func (n *texNumbering) counterOf(env string) string {
	for k := 0; k < 4; k++ {
		c, ok := n.counter[env]
		if !ok || c == env {
			return env
		}
		env = c
	}
	return env
}

// step advances the counter of a theorem-like environment and returns its
// printed number. Environments the document does not declare step its
// theorems' counter when it declares one; otherwise they share one counter
// numbered within the section (within the chapter when there are no
// sections): the usual amsthm set-up of books and papers.
func (n *texNumbering) step(env string, d *texDoc) string {
	if n.unnumbered[env] {
		return ""
	}
	c, within := "", ""
	if _, declared := d.envs[env]; declared {
		c = n.counterOf(env)
		within = n.within[c]
	} else if n.theorem != "" {
		// Declared through a wrapper lore does not read (a macro that
		// calls \newtheorem with the theorem's counter): books number
		// every result with their theorems.
		c = n.theorem
		within = n.within[c]
	} else {
		c = "\x00shared"
		switch {
		case n.hasSection:
			within = "section"
		case n.hasChapter:
			within = "chapter"
		}
	}
	n.values[c]++
	v := strconv.Itoa(n.values[c])
	switch within {
	case "section":
		return n.sectionNumber() + "." + v
	case "chapter":
		return n.chapterNumber() + "." + v
	case "subsection":
		return n.sectionNumber() + "." + strconv.Itoa(n.subsection) + "." + v
	}
	return v
}

func (n *texNumbering) chapterNumber() string {
	if n.inAppendix {
		return formatCounter(n.chapter, "A")
	}
	return strconv.Itoa(n.chapter)
}

func (n *texNumbering) sectionNumber() string {
	s := strconv.Itoa(n.section)
	if n.inAppendix && !n.hasChapter {
		s = formatCounter(n.section, "A")
	}
	if n.hasChapter {
		return n.chapterNumber() + "." + s
	}
	return s
}

// heading steps the sectioning counters and resets what they reset.
func (n *texNumbering) heading(cmd string) (string, string) {
	switch texLevels[cmd] {
	case 1:
		if n.unnumberedChapters {
			return "", ""
		}
		n.chapter++
		n.section, n.subsection, n.subsub = 0, 0, 0
		n.reset("chapter", "section", "subsection")
		if n.hasChapter {
			n.equation = 0
			clear(n.floats)
		}
		return n.chapterNumber(), "Chapter"
	case 2:
		n.section++
		n.subsection, n.subsub = 0, 0
		n.reset("section", "subsection")
		return n.sectionNumber(), "Section"
	case 3:
		n.subsection++
		n.subsub = 0
		n.reset("subsection")
		return n.sectionNumber() + "." + strconv.Itoa(n.subsection), "Section"
	case 4:
		n.subsub++
		return n.sectionNumber() + "." + strconv.Itoa(n.subsection) + "." + strconv.Itoa(n.subsub), "Section"
	}
	return "", ""
}

func (n *texNumbering) reset(levels ...string) {
	for c := range n.values {
		w := n.within[c]
		if c == "\x00shared" {
			switch {
			case n.hasSection:
				w = "section"
			case n.hasChapter:
				w = "chapter"
			}
		}
		for _, l := range levels {
			if w == l {
				n.values[c] = 0
			}
		}
	}
}

// headingArg reports whether a sectioning command's title (or its short
// form in brackets) follows at p.
func headingArg(doc string, p int) bool {
	p = skipSpaceNL(doc, p)
	return p < len(doc) && (doc[p] == '{' || doc[p] == '[')
}

// part starts a part of a book: its chapters go on numbering from the
// last part's unless the book numbers them within the part.
func (n *texNumbering) part() {
	if n.within["chapter"] == "part" {
		n.chapter = 0
	}
}

// counterCommand reads \setcounter{c}{v}, \addtocounter{c}{v} or
// \stepcounter{c} at p (after the command) and moves the counter as LaTeX
// would: a volume that starts at chapter 8 sets the chapter counter to 7.
// It returns the offset after the command's arguments.
func (n *texNumbering) counterCommand(doc, cmd string, p int) int {
	c, e := texBraced(doc, p)
	if e < 0 {
		return p
	}
	if cmd == "stepcounter" {
		switch c {
		case "chapter", "section":
			n.heading(c)
		case "part":
			n.part()
		default:
			n.values[c]++
		}
		return e
	}
	arg, e2 := texBraced(doc, e)
	if e2 < 0 {
		return e
	}
	v, err := strconv.Atoi(arg)
	if err != nil {
		return e2
	}
	var counter *int
	switch c {
	case "chapter":
		counter = &n.chapter
	case "section":
		counter = &n.section
	case "subsection":
		counter = &n.subsection
	case "equation":
		counter = &n.equation
	default:
		if cmd == "setcounter" {
			n.values[c] = v
		} else {
			n.values[c] += v
		}
		return e2
	}
	if cmd == "setcounter" {
		*counter = v
	} else {
		*counter += v
	}
	return e2
}

func (n *texNumbering) appendix() {
	n.inAppendix = true
	if n.hasChapter {
		n.chapter = 0
	} else {
		n.section = 0
	}
}

// endLine gives the labels of an equation line its number, when the line
// takes one.
func (n *texNumbering) endLine(numbered bool, keys []string, labels map[string]texLabel, cur texLabel) {
	if !numbered {
		for _, k := range keys {
			if _, dup := labels[k]; !dup {
				labels[k] = cur
			}
		}
		return
	}
	n.equation++
	num := strconv.Itoa(n.equation)
	if n.hasChapter {
		num = n.chapterNumber() + "." + num
	}
	for _, k := range keys {
		if _, dup := labels[k]; !dup {
			labels[k] = texLabel{kind: "Equation", number: "(" + num + ")"}
		}
	}
}

// float steps a figure or table counter.
func (n *texNumbering) float(kind string) string {
	n.floats[kind]++
	num := strconv.Itoa(n.floats[kind])
	if n.hasChapter {
		num = n.chapterNumber() + "." + num
	}
	return num
}

// refsIn returns the references in [from, to), by binary search.
func refsIn(refs []texRef, from, to int) []texRef {
	i := sort.Search(len(refs), func(i int) bool { return refs[i].at >= from })
	j := i
	for j < len(refs) && refs[j].at < to {
		j++
	}
	return refs[i:j]
}

// blockAt returns the numbered block whose \begin is at offset at.
func (d *texDoc) blockAt(at int) (texBlock, bool) {
	i := sort.Search(len(d.blocks), func(i int) bool { return d.blocks[i].at >= at })
	if i < len(d.blocks) && d.blocks[i].at == at {
		return d.blocks[i], true
	}
	return texBlock{}, false
}
