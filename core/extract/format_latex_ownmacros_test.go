package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// An author's definition environment built on LaTeX's internals, taking
// its title as a mandatory argument, is titled by that argument: the
// title is neither the statement's first words nor a term cut from them.
func TestInternalEnvironmentTitleArgument(t *testing.T) {
	txt := "\\documentclass{article}\n\\makeatletter\n" +
		"\\newenvironment{definition}[1]{\\refstepcounter{definition}\\par\\noindent" +
		"\\underline{\\textbf{Definition \\thedefinition} (#1):}" +
		"\\protected@edef\\@currentlabelname{Definition: #1}}{\\par}\n\\makeatother\n" +
		"\\begin{document}\n\\section{Sequences}\n" +
		"\\begin{definition}{Limit of a sequence}\nA sequence $a_n$ converges to $L$ when " +
		"for every $\\epsilon > 0$ there is an $N$ with $|a_n - L| < \\epsilon$ for all $n > N$.\n" +
		"\\end{definition}\n\\end{document}\n"
	ps := texBook(t, txt)
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	if ps[0].Name != "Limit of a sequence" || strings.HasPrefix(ps[0].FormalStatement, "Limit") {
		t.Errorf("definition %q: %q", ps[0].Name, ps[0].FormalStatement)
	}
}

// A class that names its theorems with macros of its own
// (\newtheorem{proposition}{\notes@propositionname}, the macro defined
// per language option) prints their definitions; a result opening with a
// bold phrase apart from its statement (\prop{title}{body} as
// {\textbf{#1}}{#2}) is titled by the phrase; and a command given one
// argument of two before a blank line takes \par as the second, as TeX
// does, so that the next paragraph's group stays where it is.
func TestClassMacrosAndBoldTitles(t *testing.T) {
	txt := "\\documentclass{article}\n\\makeatletter\n" +
		"\\DeclareOption{english}{\n  \\newcommand{\\notes@propositionname}{proposition}\n}\n" +
		"\\newtheorem{proposition}{\\notes@propositionname}[section]\n\\makeatother\n" +
		"\\newcommand\\prop[2]{\\begin{proposition}{\\textbf{#1}}{#2}\\end{proposition}}\n" +
		"\\newcommand\\proofs[1]{\\begin{proof} #1\\end{proof}}\n" +
		"\\begin{document}\n\\section{Vectors}\n" +
		"\\prop{Zero vector}{$\\overrightarrow{AA} = 0$}\n" +
		"\\proofs{For any point $A$ the distance $|AA|$ is zero, so the vector is zero.}\n\n" +
		"\\prop{For any vector $u$ the dot product $u \\cdot u$ is the square of its length}\n\n" +
		"\\proofs{The angle between $u$ and itself is zero and its cosine is one.}\n" +
		"\\end{document}\n"
	ps := texBook(t, txt)
	names := strings.Join(nameList(ps), "|")
	if strings.Contains(names, "@") || strings.Contains(names, "propositionname") {
		t.Errorf("names %q print the class's macro", names)
	}
	var zero, dot *core.Primitive
	for i := range ps {
		switch {
		case ps[i].Name == "Zero vector":
			zero = &ps[i]
		case strings.Contains(ps[i].FormalStatement, "dot product"):
			dot = &ps[i]
		}
	}
	if zero == nil {
		t.Fatalf("no result titled by its bold phrase: %q", names)
	}
	if strings.Contains(zero.FormalStatement, "Zero") || zero.Proof.Text == "" {
		t.Errorf("zero vector: %q, proof %v", zero.FormalStatement, zero.Proof)
	}
	if dot == nil || !strings.Contains(dot.Proof.Text, "cosine") {
		t.Errorf("the one-argument result does not keep the proof after it: %+v", dot)
	}
}

// A theorem-like environment whose printed name sets a mark after the
// kind's word (thmtools' name={Proposition\assumesAC{…}}) is of that kind.
func TestKindWordWithMark(t *testing.T) {
	txt := "\\documentclass{article}\n\\usepackage{thmtools}\n" +
		"\\newcommand{\\assumesAC}[1]{\\textsuperscript{\\color{#1}\\textbf{AC}}}\n" +
		"\\declaretheorem[name={Proposition\\assumesAC{red}}]{propositionac}\n" +
		"\\begin{document}\n\\section{Choice}\n" +
		"\\begin{propositionac}\nEvery surjection between sets has a right inverse.\n\\end{propositionac}\n" +
		"\\end{document}\n"
	ps := texBook(t, txt)
	if k := kinds(ps); k[core.Theorem] != 1 {
		t.Fatalf("got %v: %v", k, nameList(ps))
	}
}

func TestBoldLead(t *testing.T) {
	for _, c := range []struct{ body, title, rest string }{
		{"{\\textbf{Zero vector }}{$AA = 0$}", "Zero vector", "{$AA = 0$}"},
		{"\\textbf{Section formula.} Let $P$ divide $AB$.", "Section formula", " Let $P$ divide $AB$."},
		{"\\textbf{Pascal}: the rows sum to powers of two.", "Pascal", " the rows sum to powers of two."},
		{"{\\textbf{NON-Associative}}{}", "NON-Associative", "{\\textbf{NON-Associative}}{}"},
		{"\\textbf{Every} group of prime order is cyclic.", "", ""},
		{"{\\textbf{For any $u$: $$u \\cdot u = |u|^2$$}}{x}", "", ""},
		{"{\\textbf{(a)}}{$x = y$}", "", ""},
		{"{\\textbf{Theorem}}{Every group is a set.}", "", ""},
	} {
		title, e, ok := boldLead(c.body, 0)
		if !ok {
			if c.title != "" {
				t.Errorf("%q: no title", c.body)
			}
			continue
		}
		if title != c.title || c.body[e:] != c.rest {
			t.Errorf("%q: title %q rest %q, want %q %q", c.body, title, c.body[e:], c.title, c.rest)
		}
	}
}

func TestBlankLineArgument(t *testing.T) {
	for _, c := range []struct {
		s    string
		want string
	}{
		{"\n\n{next}", `\par`},
		{"  %note\n\n{next}", `\par`},
		{"\n  {next}", "next"},
		{"%note\n{next}", "next"},
	} {
		if a, _, ok := readMandatory(c.s, 0, ""); !ok || a != c.want {
			t.Errorf("%q: %q %v, want %q", c.s, a, ok, c.want)
		}
	}
}

// LaTeX's own list environment prints neither its label nor its setup
// argument where they stand: its items are numbered as the label prints
// the counter the setup uses, or marked.
func TestGenericListRendered(t *testing.T) {
	got := cleanLaTeX("Let $G$ be a group. \\begin{list}{(\\roman{sub})}{\\usecounter{sub}}\n" +
		"\\item inverses are unique;\n\\item the identity is unique.\n\\end{list} Done.")
	if strings.Contains(got, "sub") || !strings.Contains(got, "(i) inverses") || !strings.Contains(got, "(ii) the identity") {
		t.Errorf("numbered list: %q", got)
	}
	got = cleanLaTeX("\\begin{list}{$\\star$}{\\setlength{\\leftmargin}{1em}}\\item one\\item two\\end{list}")
	if strings.Contains(got, "leftmargin") || strings.Contains(got, "1em") || !strings.Contains(got, "one") {
		t.Errorf("marked list: %q", got)
	}
}

// A word a definition sets in bold in parentheses before its term,
// "The (\textbf{pairwise}) \textbf{union}", is part of that term, not a
// term of its own.
func TestOptionalWordOfTerm(t *testing.T) {
	txt := "\\documentclass{article}\n\\begin{document}\n\\section{Sets}\n" +
		"\\begin{definition}\nLet $X$ and $Y$ be sets. The (\\textbf{pairwise}) \\textbf{union} of $X$ and $Y$ " +
		"is the set of elements of $X$ or of $Y$.\n\\end{definition}\n\\end{document}\n"
	ps := texBook(t, txt)
	if len(ps) != 1 || ps[0].Name != "Pairwise Union" {
		t.Errorf("got %q", nameList(ps))
	}
}

// Results declared with titles in a language lore lists no word for
// (Portuguese, Romanian) are results, known by the stem their kind's word
// shares with the languages it does list; a title that only begins with
// such a stem is no kind.
func TestTitlesInUnlistedLanguages(t *testing.T) {
	txt := "\\documentclass{book}\n\\usepackage{amsthm}\n" +
		"\\newtheorem{propT}{Proposição}[chapter]\n\\newtheorem{corT}{Corolário}[chapter]\n" +
		"\\newtheorem{prop2}{Propoziție}\n\\newtheorem{plogic}{Propositional}\n" +
		"\\newenvironment{proposicao}{\\begin{propT}}{\\end{propT}}\n" +
		"\\begin{document}\n\\chapter{Conjuntos}\n" +
		"\\begin{proposicao}\nSeja $R$ um subconjunto de $A \\times B$, então $Dom(R) \\subseteq A$.\n\\end{proposicao}\n" +
		"\\begin{proof}\nTrivial pela definição de subconjunto.\n\\end{proof}\n" +
		"\\begin{corT}\nTodo conjunto vazio tem domínio vazio.\n\\end{corT}\n" +
		"\\begin{prop2}\nOrice mulțime finită are un număr finit de submulțimi.\n\\end{prop2}\n" +
		"\\begin{plogic}\nA letter standing for a sentence.\n\\end{plogic}\n" +
		"\\end{document}\n"
	ps := texBook(t, txt)
	var results int
	for _, p := range ps {
		if p.Type == core.Theorem {
			results++
		}
		if strings.Contains(p.FormalStatement, "letter standing") {
			t.Errorf("%q (%s) is no kind of result", p.Name, p.Type)
		}
		if strings.Contains(p.FormalStatement, "Dom(R)") && !strings.Contains(p.Proof.Text, "Trivial") {
			t.Errorf("proposição %q lost its proof: %+v", p.Name, p.Proof)
		}
	}
	if results != 3 {
		t.Errorf("got %d results, want 3: %v", results, nameList(ps))
	}
}
