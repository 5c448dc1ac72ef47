package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// An environment named for its kind is read as that kind: a theorem
// declared with a printed title that names no kind
// ("\newtheorem{functiondefinition}{Function}", as the Modelica
// specification declares its functions, operators and annotations), and
// an environment of the author's own that keeps a definition to render
// it elsewhere (a workbook's \begin{SaveDefinition}[key=…, title={…}]),
// titled by the title key of its key=value argument. A name that holds a
// kind word only as part of another word ("algorithmic"), or names an
// aside too ("exampletheorem"), is none; a title naming an aside wins
// over the name.
func TestLaTeXKindFromEnvironmentName(t *testing.T) {
	txt := "\\newtheorem{functiondefinition}{Function}[chapter]\n" +
		"\\newtheorem{annotationdefinition*}{Annotation}\n" +
		"\\newtheorem{notedefinition}{Example}\n" +
		"\\ExplSyntaxOn\n\\DeclareDocumentEnvironment{SaveDefinition}{r[] +b}{\\keys_set:nn { defs } {#1}}{}\n\\ExplSyntaxOff\n" +
		"\\begin{functiondefinition}[abs]\nThe function abs returns the absolute value of its real argument.\n\\end{functiondefinition}\n" +
		"\\begin{annotationdefinition*}[Library]\nThe annotation Library names the library file the linker includes.\n\\end{annotationdefinition*}\n" +
		"\\begin{notedefinition}\nAn example of a function is the constant zero mapping here.\n\\end{notedefinition}\n" +
		"\\begin{SaveDefinition}[key=span, title={Span}]\nThe \\emph{span} of a set of vectors is the set of all their linear combinations.\n\\end{SaveDefinition}\n" +
		"\\begin{exampletheorem}\nEvery bounded monotone sequence of reals converges to a limit.\n\\end{exampletheorem}\n" +
		"\\begin{algorithmic}\n\\State $x \\gets 0$\n\\end{algorithmic}\n"
	ps := texFixture(t, txt)
	got := map[string]core.PrimitiveType{}
	for _, p := range ps {
		got[p.Name] = p.Type
	}
	for name, typ := range map[string]core.PrimitiveType{"Abs": core.Definition, "Library": core.Definition, "Span": core.Definition} {
		if got[name] != typ {
			t.Errorf("%s: got type %q, want %q (primitives %v)", name, got[name], typ, nameList(ps))
		}
	}
	for _, p := range ps {
		if p.Type == core.Algorithm {
			continue // algorithmic is pseudo-code, read as such
		}
		for _, w := range []string{"constant zero", "bounded monotone", "key=", "gets", "←"} {
			if strings.Contains(p.FormalStatement, w) || strings.Contains(p.Name, w) {
				t.Errorf("%q (%q) read as a primitive", p.Name, p.FormalStatement)
			}
		}
	}
}

// Which names carry a kind word of their own.
func TestKindInName(t *testing.T) {
	for name, want := range map[string]string{
		"functiondefinition": "definition", "operatordefinition*": "definition", "SaveDefinition": "definition",
		"definition@inner": "", "rep@theorem": "", "mytheorem": "theorem", "Theorem-Box": "theorem", "theorem2": "theorem",
		"algorithmic": "", "definitionbox": "", "exampletheorem": "", "proofoftheorem": "", "wrongdefinition": "",
		"decor": "", "tabular": "",
	} {
		k, ok := kindInName(name)
		if got := map[bool]string{true: k.kind}[ok]; got != want {
			t.Errorf("kindInName(%q) = %q, want %q", name, got, want)
		}
	}
}

// A block's optional argument given as a key=value list is titled by its
// title key, never by the list as written.
func TestOptionTitle(t *testing.T) {
	for opt, want := range map[string]string{
		"key=span, title={Span of a set}": "Span of a set",
		"name=Pythagoras, label=thm:p":    "Pythagoras",
		"label=thm:p":                     "",
		"Informal definition of limit":    "Informal definition of limit",
		"$a=b$ when $a$ is $b$":           "$a=b$ when $a$ is $b$",
		"Rank = dimension of the image":   "Rank = dimension of the image",
	} {
		if got := optionTitle(opt); got != want {
			t.Errorf("optionTitle(%q) = %q, want %q", opt, got, want)
		}
	}
}

// A numbered claim is a result: \newtheorem{claim}{Claim} and thmtools'
// \declaretheorem[name=Claim]{claim} hold theorems, as the "Claim" marker
// of running text does.
func TestLaTeXClaimIsResult(t *testing.T) {
	ps := texFixture(t, "\\newtheorem{claim}{Claim}\n"+
		"\\begin{claim}[Church--Turing Thesis]\nEvery physically realizable computer can be simulated by a Turing machine.\n\\end{claim}\n"+
		"\\begin{proof}\nBy inspection of every physically realizable computer.\n\\end{proof}\n")
	if len(ps) != 1 || ps[0].Type != core.Theorem || ps[0].Name != "Church–Turing Thesis" {
		t.Fatalf("got %v", ps)
	}
	if !strings.Contains(ps[0].Proof.Text, "inspection") {
		t.Errorf("proof %q not carried", ps[0].Proof.Text)
	}
}

// An environment of the author's named for its kind is not expanded into
// the box or layout its code opens (which is no block): it is read as the
// kind its name gives, titled by its optional argument.
func TestLaTeXKindNamedEnvironmentNotExpandedAway(t *testing.T) {
	ps := texBook(t, "\\documentclass{article}\n"+
		"\\newenvironment{keytheorem}[1][]{\\begin{tcolorbox}\\textbf{#1}}{\\end{tcolorbox}}\n"+
		"\\newenvironment{bigdefinition}{\\begin{center}\\begin{minipage}{0.8\\textwidth}}{\\end{minipage}\\end{center}}\n"+
		"\\begin{document}\n\\section{Geometry}\n"+
		"\\begin{keytheorem}[Pythagoras]\nFor every right triangle with legs $a$, $b$ and hypotenuse $c$ we have $a^2+b^2=c^2$.\n\\end{keytheorem}\n"+
		"\\begin{bigdefinition}\nA \\emph{right triangle} is a triangle one of whose interior angles is a right angle.\n\\end{bigdefinition}\n"+
		"\\end{document}\n")
	got := map[string]core.PrimitiveType{}
	for _, p := range ps {
		got[p.Name] = p.Type
	}
	if got["Pythagoras"] != core.Theorem || got["Right Triangle"] != core.Definition {
		t.Errorf("got %v", got)
	}
}

// An environment printed "Invariant" states a property its proof then
// establishes: a result of the book, as a claim is.
func TestInvariantIsAResult(t *testing.T) {
	txt := "\\documentclass{book}\n\\usepackage{amsthm}\n\\newtheorem{thminv}{Invariant}[chapter]\n" +
		"\\begin{document}\n\\chapter{Loops}\n" +
		"\\begin{thminv}\\label{p1}\n$$\n  \\forall i \\geq 0: a_i + b_i = n\n$$\n\\end{thminv}\n" +
		"\\begin{proof}\nBy induction on $i$.\n\\end{proof}\n\\end{document}\n"
	ps := texBook(t, txt)
	if len(ps) != 1 || ps[0].Type != core.Theorem || !strings.Contains(ps[0].FormalStatement, "a_i + b_i = n") {
		t.Fatalf("primitives = %v, want the invariant as a theorem", nameList(ps))
	}
}
