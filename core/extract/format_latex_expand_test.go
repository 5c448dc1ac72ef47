package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
)

// texBook analyzes txt as a LaTeX textbook (sections and all, as the
// engine does) and extracts from it.
func texBook(t *testing.T, txt string) []core.Primitive {
	t.Helper()
	a := analyze.Analyze(&core.Document{Path: "book.tex", Format: core.FormatLaTeX, Text: txt}, nil)
	a.ContentType = core.Textbook
	ps := Extract(a, Options{})
	for _, p := range ps {
		checkName(t, p)
		if p.Provenance.Offset < 0 || p.Provenance.Offset >= len(txt) {
			t.Fatalf("%s: offset %d outside the source", p.Name, p.Provenance.Offset)
		}
	}
	return ps
}

func kinds(ps []core.Primitive) map[core.PrimitiveType]int {
	m := map[core.PrimitiveType]int{}
	for _, p := range ps {
		m[p.Type]++
	}
	return m
}

// A definition written \definition{label}{Title}{Body}, with a package's
// macro that opens the definition environment (the calculus book of issue
// 80), is that definition: titled, labelled, numbered, and found where
// the macro is used.
func TestAuthorMacroOpensDefinition(t *testing.T) {
	txt := "\\documentclass{book}\n\\newtheorem{defn}{Definition}[chapter]\n" +
		"\\newcommand{\\definition}[3]{\\begin{defn}[#2]\\label{#1}%\n#3\n\\end{defn}}\n" +
		"\\begin{document}\n\\chapter{Limits}\n\\section{Limits of functions}\n" +
		"\\definition{def:limit}{Limit}{Let $f$ be a function. The \\emph{limit} of $f$ at $c$ is $L$ when " +
		"$f(x)$ is near $L$ for every $x$ near $c$.}\n\nSome prose between.\n\n" +
		"\\definition{def:cont}%\n{Continuity}\n{A function $f$ is \\emph{continuous} at $c$ when its limit at $c$ is $f(c)$.}\n" +
		"By Definition~\\ref{def:limit} we see more.\n\\end{document}\n"
	ps := texBook(t, txt)
	if got := kinds(ps)[core.Definition]; got != 2 {
		t.Fatalf("got %d definitions: %v", got, nameList(ps))
	}
	names := strings.Join(nameList(ps), "|")
	for _, want := range []string{"Limit", "Continuity"} {
		if !strings.Contains(names, want) {
			t.Errorf("names %q lack %q", names, want)
		}
	}
	if at := strings.Index(txt, `\definition{def:cont}`); ps[1].Provenance.Offset != at {
		t.Errorf("second definition at %d, the macro's use is at %d", ps[1].Provenance.Offset, at)
	}
	if !strings.Contains(ps[1].FormalStatement, "continuous") || strings.Contains(ps[1].FormalStatement, "def:cont") {
		t.Errorf("statement %q", ps[1].FormalStatement)
	}
}

// Environments and commands an author builds on theorem-like ones:
// \newenvironment with an argument, one with an optional argument, a
// command taking title and body, an xparse environment, a \newtheorem made
// by a macro, and a \let alias of an environment.
func TestAuthorEnvironmentsWrapTheorems(t *testing.T) {
	txt := "\\documentclass{article}\n\\usepackage{amsthm,xparse}\n" +
		"\\newcommand{\\mkthm}[2]{\\newtheorem{#1}{#2}[section]}\n\\mkthm{satzx}{Theorem}\n" +
		"\\theoremstyle{definition}\\newtheorem{definition}{Definition}\n" +
		"\\newenvironment{mydefn}[1]{\\begin{definition}[#1]}{\\end{definition}}\n" +
		"\\newenvironment{myprop}[1][Untitled]{\\begin{proposition}[#1]\\itshape}{\\end{proposition}}\n" +
		"\\newcommand{\\thm}[2]{\\begin{theorem}[#1]#2\\end{theorem}}\n" +
		"\\NewDocumentEnvironment{mylemma}{o m}{\\begin{lemma}[\\IfNoValueTF{#1}{#2}{#1 (#2)}]}{\\end{lemma}}\n" +
		"\\let\\boxedthm\\satzx \\let\\endboxedthm\\endsatzx\n" +
		"\\begin{document}\n\\section{Groups}\n" +
		"\\begin{mydefn}{Group}\nA \\emph{group} is a set with an associative operation, a unit and inverses.\n\\end{mydefn}\n" +
		"\\begin{myprop}[Unit]\nThe unit of a group is unique.\n\\end{myprop}\n" +
		"\\thm{Lagrange}{The order of a subgroup divides the order of the group.}\n" +
		"\\begin{mylemma}{Cancellation}\nIf $ab = ac$ then $b = c$.\n\\end{mylemma}\n" +
		"\\begin{boxedthm}[Cauchy]\nA prime dividing the order of a group is the order of an element.\n\\end{boxedthm}\n" +
		"\\end{document}\n"
	ps := texBook(t, txt)
	k := kinds(ps)
	if k[core.Definition] != 1 || k[core.Theorem] != 4 {
		t.Fatalf("got %v: %v", k, nameList(ps))
	}
	names := strings.Join(nameList(ps), "|")
	for _, want := range []string{"Group", "Unit", "Lagrange", "Cancellation", "Cauchy"} {
		if !strings.Contains(names, want) {
			t.Errorf("names %q lack %q", names, want)
		}
	}
}

// tcolorbox's \newtcbtheorem boxes take their title and label as
// arguments; a \newtcolorbox titled "Definition: #1" is a definition;
// mdframed's \newmdtheoremenv and thmtools' \declaretheorem declare as
// \newtheorem does, here in Dutch titles.
func TestBoxTheorems(t *testing.T) {
	txt := "\\documentclass{article}\n\\usepackage{tcolorbox}\\tcbuselibrary{theorems}\n" +
		"\\newtcbtheorem[number within=section]%\n    {stelling}{Stelling}{colback=white}{stel}\n" +
		"\\newtcolorbox{defbox}[1]{colback=blue!5,title={Definition: #1}}\n" +
		"\\newmdtheoremenv[linecolor=blue]{mdlemma}{Lemma}\n" +
		"\\declaretheorem[name=Definitie,style=definition]{definitie}\n" +
		"\\begin{document}\n\\section{Driehoeken}\n" +
		"\\begin{stelling}{Pythagoras}{pyt}\nIn een rechthoekige driehoek is $a^2+b^2=c^2$.\n\\end{stelling}\n" +
		"\\begin{defbox}{Right triangle}\nA \\emph{right triangle} has one right angle.\n\\end{defbox}\n" +
		"\\begin{mdlemma}[Angles]\nThe angles of a triangle sum to two right angles.\n\\end{mdlemma}\n" +
		"\\begin{definitie}[Hypotenusa]\nDe \\emph{hypotenusa} is de langste zijde.\n\\end{definitie}\n" +
		"Zie \\cref{stel:pyt}.\n\\end{document}\n"
	ps := texBook(t, txt)
	k := kinds(ps)
	if k[core.Definition] != 2 || k[core.Theorem] != 2 {
		t.Fatalf("got %v: %v", k, nameList(ps))
	}
	names := strings.Join(nameList(ps), "|")
	for _, want := range []string{"Pythagoras", "Right triangle", "Angles", "Hypotenusa"} {
		if !strings.Contains(names, want) {
			t.Errorf("names %q lack %q", names, want)
		}
	}
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, "{pyt}") || strings.Contains(p.FormalStatement, "Pythagoras}") {
			t.Errorf("statement %q holds the box's arguments", p.FormalStatement)
		}
	}
}

// A theorem-like environment the author defines with its title as
// argument (a notes class's box printing "{\bfseries #1:}") is titled by
// it, a title that is the kind's word alone names nothing, and an
// environment shown verbatim is no block.
func TestAuthorEnvironmentTitleArgument(t *testing.T) {
	txt := "\\documentclass{article}\n" +
		"\\newenvironment{thm}[1]{\\par\\noindent{\\bfseries #1:}}{\\par}\n" +
		"\\newenvironment{definition}[1]{\\par\\noindent\\textbf{#1:}}{}\n" +
		"\\begin{document}\n\\section{Typesetting}\nThey are made with\n" +
		"\\begin{verbatim}\n\\begin{thm}{name of theorem}\n...\n\\end{thm}\n\\end{verbatim}\n" +
		"\\begin{thm}{Knuth's law}\nEvery document is a program that prints itself.\n\\end{thm}\n" +
		"\\begin{definition}{Definition}\nA \\emph{macro} is a name for a text.\n\\end{definition}\n\\end{document}\n"
	ps := texBook(t, txt)
	if len(ps) != 2 {
		t.Fatalf("got %v", nameList(ps))
	}
	if ps[0].Name != "Knuth's law" || strings.HasPrefix(ps[0].FormalStatement, "Knuth") {
		t.Errorf("theorem %q: %q", ps[0].Name, ps[0].FormalStatement)
	}
	if strings.HasPrefix(ps[1].Name, "Definition") || strings.HasPrefix(ps[1].FormalStatement, "Definition") {
		t.Errorf("definition %q: %q", ps[1].Name, ps[1].FormalStatement)
	}
}

// An environment wrapping an algorithm environment is an algorithm: the
// pseudo-code a book sets in an environment of its own.
func TestAuthorEnvironmentWrapsAlgorithm(t *testing.T) {
	txt := "\\documentclass{book}\n\\usepackage{algorithm,algpseudocode}\n" +
		"\\newenvironment{pseudocode}[1]{\\begin{algorithm}\\caption{#1}\\begin{algorithmic}}{\\end{algorithmic}\\end{algorithm}}\n" +
		"\\begin{document}\n\\chapter{Sorting}\n" +
		"\\begin{pseudocode}{Insertion sort}\n\\For{$i \\gets 2$ to $n$}\n\\State insert $A[i]$ into $A[1..i-1]$\n\\EndFor\n\\end{pseudocode}\n" +
		"\\end{document}\n"
	ps := texBook(t, txt)
	if k := kinds(ps); k[core.Algorithm] != 1 {
		t.Fatalf("got %v: %v", k, nameList(ps))
	}
}

// Notation is not expanded in the text, and a document without
// structural definitions is read as it is.
func TestNotationNotExpandedInText(t *testing.T) {
	for _, doc := range []string{
		"\\newcommand{\\R}{\\mathbb{R}}\n\\def\\abs#1{|#1|}\n\\begin{theorem}$\\abs{x} \\in \\R$\\end{theorem}\n",
		"\\begin{theorem}No definitions.\\end{theorem}\n",
	} {
		if e := expandAuthorStructure(doc); e != nil {
			t.Errorf("%q expanded to %q", doc, e.text)
		}
	}
}

// Code in LaTeX3's programming layer (a workbook class saving its
// definitions in a property list and rendering them later) is left as
// written: its expansion is no text.
func TestExpl3NotExpanded(t *testing.T) {
	doc := "\\NewDocumentCommand{\\Render}{m}{\\prop_get:NeN \\g_defs_prop {#1/title} \\l_title_tl\n" +
		"\\tl_if_blank:eTF {\\l_title_tl} {\\begin{definition}} {\\begin{definition}[\\l_title_tl]}\n" +
		"\\prop_item:Nn \\g_defs_prop {#1/body}\\end{definition}}\n\\Render{Set}\n"
	if e := expandAuthorStructure(doc); e != nil {
		t.Errorf("expanded to %q", e.text)
	}
}

// Definitions TeX reads in other forms: \def with parameters (delimited
// too), \providecommand keeping the first, a command with an optional
// argument, conditionals on arguments, and the offsets of text after an
// expansion mapping back to the source.
func TestExpansionForms(t *testing.T) {
	doc := "\\def\\Thm#1#2{\\begin{theorem}[#1]#2\\end{theorem}}\n" +
		"\\def\\Def#1.{\\begin{definition}#1\\end{definition}}\n" +
		"\\providecommand{\\Thm}[1]{never}\n" +
		"\\newcommand{\\Lem}[2][Lemma]{\\begin{lemma}\\ifthenelse{\\equal{#1}{Lemma}}{}{[#1]}#2\\end{lemma}}\n" +
		"\\Thm{A}{B} \\Def Sets are things. \\Lem{C} \\Lem[Named]{D} tail\n"
	e := expandAuthorStructure(doc)
	if e == nil {
		t.Fatal("nothing expanded")
	}
	for _, want := range []string{
		`\begin{theorem}[A]B\end{theorem}`, `\begin{definition}Sets are things\end{definition}`,
		`\begin{lemma}C\end{lemma}`, `\begin{lemma}[Named]D\end{lemma}`,
	} {
		if !strings.Contains(e.text, want) {
			t.Errorf("expansion %q lacks %q", e.text, want)
		}
	}
	src, out := strings.Index(doc, "tail"), strings.Index(e.text, "tail")
	if got := e.mapBack(out); got != src {
		t.Errorf("tail maps back to %d, is at %d", got, src)
	}
	if got := e.mapTo(src); got != out {
		t.Errorf("tail maps to %d, is at %d", got, out)
	}
	if got, want := e.mapBack(strings.Index(e.text, `\begin{lemma}[Named]`)), strings.Index(doc, `\Lem[Named]`); got != want {
		t.Errorf("second lemma maps back to %d, its macro is at %d", got, want)
	}
}

// Definitions that expand to themselves, to ever more text or to unbalanced
// environments end: the output is bounded and reading goes on.
func TestExpansionBounded(t *testing.T) {
	for _, doc := range []string{
		"\\newcommand{\\loopy}{\\begin{x}\\loopy}\n\\loopy\n",
		"\\newcommand{\\grow}{\\begin{a}\\grow\\grow}\n\\grow\\grow\n",
		"\\newenvironment{ee}{\\begin{ee}}{\\end{ee}}\n\\begin{ee}x\\end{ee}\n",
		"\\def\\d#1#2{\\begin{t}#1#2\\d#1#2}\n\\d{ab}{cd}\n",
		"\\newenvironment{u}{\\end{u}\\begin{u}}{\\begin{u}}\n\\begin{u}\\end{u}\\end{u}\n",
	} {
		e := expandAuthorStructure(strings.Repeat(doc, 3))
		if e != nil && len(e.text) > 2*3*len(doc)+1<<20+1<<16 {
			t.Errorf("%q grew to %d bytes", doc, len(e.text))
		}
	}
}

// Any text expands without a panic, within its bound, and every offset of
// the expansion maps back into the source.
func FuzzExpandAuthorStructure(f *testing.F) {
	for _, s := range []string{
		"\\newcommand{\\d}[3]{\\begin{defn}[#2]\\label{#1}#3\\end{defn}}\\d{a}{b}{c}",
		"\\newenvironment{x}[1][o]{\\begin{y}[#1]}{\\end{y}}\\begin{x}[t]b\\end{x}\\end{x}",
		"\\NewDocumentEnvironment{e}{s o m b}{\\IfBooleanTF{#1}{\\begin{a}}{\\begin{b}}#4}{\\end{a}}\\begin{e}*{m}z\\end{e}",
		"\\def\\p#1.#2\\par{\\section{#1}#2}\\p A.B\\par",
		"\\newtcbtheorem[no counter]{t}{Theorem}{}{th}\\begin{t}{T}{l}x\\end{t}\\begin{t*}{T}y\\end{t*}",
		"\\let\\a\\b\\let\\enda\\endb\\begin{a}\\end{a}",
		"\\NewEnviron{n}{\\begin{theorem}\\BODY\\end{theorem}}\\begin{n}q\\begin{n}r\\end{n}\\end{n}",
		"\\def\\m#1{\\newcounter{#1c}\\expandafter\\def\\csname #1\\endcsname##1##2{\\textbf{Theorem \\arabic{#1c}} ##1 ##2}}\\m{t}\\m{u}\\t{A}{b c d}\\u{\\t}{e f g}",
		"\\def\\r#1{\\def\\r##1{\\r{##1}}\\r{#1}}\\r{x}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := expandAuthorStructure(s)
		if e == nil {
			return
		}
		if len(e.text) > 2*len(s)+1<<20+1<<16 {
			t.Fatalf("%d bytes grew to %d", len(s), len(e.text))
		}
		for off := 0; off < len(e.text); off += 1 + len(e.text)/64 {
			if b := e.mapBack(off); b < 0 || b > len(s) {
				t.Fatalf("offset %d maps back to %d of %d", off, b, len(s))
			}
		}
	})
}

// A package that makes its boxes with a defining macro of its own
// (\newspecialbox{definition}{Definition}{style}, whose body \def's
// \csname #1\endcsname), each box printing its kind in bold, the number
// of the counter it steps and its title, then its body, inside a
// picture: \definition{label}{Title}{Body} is a definition, titled,
// labelled and numbered as the box prints it (the counter runs through
// the book), and a box printing no kind word (a key idea) is none.
func TestDefiningMacroMakesPrintedBoxes(t *testing.T) {
	txt := "\\documentclass{book}\n" +
		"\\long\\def\\newspecialbox#1#2#3{%\n\\newcounter{#1counter}\n" +
		"\\expandafter\\long\\expandafter\\def\\csname #1\\endcsname ##1##2##3{%\n" +
		"\\vskip\\baselineskip\\noindent\\refstepcounter{#1counter}\\label{##1}%\n\\begin{tikzpicture}\n" +
		"\\draw (0,0) node[rectangle,#3] {\\textbf{#2 \\the\\value{#1counter}\\hskip 20pt ##2%\n}\\vskip.5\\baselineskip%\n\n##3};\n" +
		"\\end{tikzpicture}\n}\n}\n" +
		"\\newspecialbox{definition}{Definition}{draw=yellow}\n\\newspecialbox{theorem}{Theorem}{draw=green}\n" +
		"\\newspecialbox{keyidea}{Key Idea}{draw=red}\n" +
		"\\begin{document}\n\\chapter{Limits}\n\\section{Limits of functions}\n" +
		"\\definition{def:limit}{The Limit of a Function $f$}\n{Let $I$ be an open interval containing $c$. The \\emph{limit} of $f$ " +
		"at $c$ is $L$ when $f(x)$ is near $L$ for every $x$ near $c$.}\n\n" +
		"\\theorem{thm:squeeze}{Squeeze Theorem}{Let $f$, $g$ and $h$ be functions with $f(x)\\leq g(x)\\leq h(x)$ near $c$. " +
		"If $f$ and $h$ have the limit $L$ at $c$, so has $g$.}\n\n" +
		"\\keyidea{idea:one}{Limits}{A limit is what a function approaches, not what it reaches.}\n\n" +
		"\\section{Continuity}\n" +
		"\\definition{def:cont}{\\parbox[t]{200pt}{Continuous Function}}{A function $f$ is \\emph{continuous} at $c$ when its limit at $c$ is $f(c)$.}\n" +
		"\\end{document}\n"
	ps := texBook(t, txt)
	k := kinds(ps)
	if k[core.Definition] != 2 || k[core.Theorem] != 1 {
		t.Fatalf("got %v: %q", k, nameList(ps))
	}
	var got []string
	for _, p := range ps {
		if p.Type != core.Definition && p.Type != core.Theorem {
			continue
		}
		got = append(got, p.Name+" "+p.Section)
		if strings.Contains(p.FormalStatement, "tikz") || strings.Contains(p.FormalStatement, "def:") ||
			strings.Contains(p.FormalStatement, "Key Idea") {
			t.Errorf("%s: statement %q", p.Name, p.FormalStatement)
		}
	}
	if want := "The Limit of a Function f 1|Squeeze Theorem 1|Continuous Function 2"; strings.Join(got, "|") != want {
		t.Errorf("names and numbers %q, want %s", got, want)
	}
	if at := strings.Index(txt, `\definition{def:cont}`); ps[len(ps)-1].Provenance.Offset != at {
		t.Errorf("last definition at %d, the macro's use is at %d", ps[len(ps)-1].Provenance.Offset, at)
	}
}

// A command printing a kind word in bold is a block only where it sets a
// statement: one whose argument is a reference's key, or a word or two
// (a heading it sets), is left as written, and a key it refers to is no
// statement.
func TestPrintedKindNeedsAStatement(t *testing.T) {
	txt := "\\documentclass{article}\n\\newcommand{\\thmref}[1]{\\textbf{Theorem \\ref{#1}}}\n" +
		"\\newcommand{\\defhead}[1]{\\par\\noindent\\textbf{Definition.} #1\\par}\n" +
		"\\newcommand{\\thmsee}[2]{\\textbf{Theorem.} #1 (see \\ref{#2})}\n" +
		"\\begin{document}\n\\section{Groups}\n\\defhead{Groups}\nBy \\thmref{thm:lagrange} we see more.\n\n" +
		"\\defhead{A \\emph{group} is a set with an associative operation, a unit and inverses.}\n\n" +
		"\\thmsee{Every group of prime order is cyclic.}{thm:cyclic}\n\\end{document}\n"
	ps := texBook(t, txt)
	var got []string
	for _, p := range ps {
		got = append(got, string(p.Type)+":"+p.Name)
	}
	if len(ps) != 2 || ps[0].Type != core.Definition || !strings.Contains(ps[0].FormalStatement, "associative") ||
		ps[1].Type != core.Theorem || !strings.Contains(ps[1].FormalStatement, "prime order") {
		t.Errorf("got %q", got)
	}
}

// A counter moved inside a statement (\addtocounter{enumi}{3}, to go on
// numbering a list) prints nothing: it was read as the words "enumi3". The
// list's items are numbered from there, as printed.
func TestCounterCommandsPrintNothing(t *testing.T) {
	txt := "\\documentclass{article}\n\\begin{document}\n\\section{Limits}\n\\begin{theorem}[Special Limits]\n" +
		"Let $c$ be a real number. The following limits hold:\n\\begin{enumerate}\\addtocounter{enumi}{3}\\setcounter{equation}{2}\n" +
		"\\item $\\lim_{x\\to c} \\sin x = \\sin c$\n\\item $\\lim_{x\\to c} \\cos x = \\cos c$\n\\end{enumerate}\n\\end{theorem}\n\\end{document}\n"
	ps := texBook(t, txt)
	if len(ps) != 1 || strings.Contains(ps[0].FormalStatement, "enumi") || strings.Contains(ps[0].FormalStatement, "equation2") ||
		!strings.Contains(ps[0].FormalStatement, `(4) $\lim_{x\to c} \sin x`) || !strings.Contains(ps[0].FormalStatement, `(5) $\lim_{x\to c} \cos x`) {
		for _, p := range ps {
			t.Errorf("%s: %q", p.Name, p.FormalStatement)
		}
	}
}
