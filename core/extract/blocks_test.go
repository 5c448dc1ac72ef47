package extract

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// texFixture extracts a LaTeX fixture as a textbook with one section.
func texFixture(t *testing.T, txt string) []core.Primitive {
	t.Helper()
	a := oneSection(txt, core.FormatLaTeX, core.Textbook)
	a.Sections[0].Title = "Basic properties"
	ps := Extract(a, Options{})
	for _, p := range ps {
		checkName(t, p)
	}
	return ps
}

func nameList(ps []core.Primitive) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

// A result without a title is never named after its label key, nor by the
// section title and its kind alone: its number says which one it is.
func TestLaTeXUntitledResultNamedByNumberNotLabel(t *testing.T) {
	ps := texFixture(t, "\\section{Basic properties}\n"+
		"\\begin{prop}\\label{prop:existsxepsfromsup}\nIf $x<\\sup A$ there is $a \\in A$ with $x<a$.\n\\end{prop}\n"+
		"\\begin{prop}\\label{prop:other}\nFor every $x$ we have $x \\le |x|$.\n\\end{prop}\n")
	if len(ps) != 2 {
		t.Fatalf("got %v", nameList(ps))
	}
	want := []string{"Proposition 1.1 — Basic properties", "Proposition 1.2 — Basic properties"}
	for i, p := range ps {
		if p.Name != want[i] {
			t.Errorf("name %q, want %q", p.Name, want[i])
		}
		if strings.Contains(strings.ToLower(p.Name), "existsxepsfromsup") || strings.Contains(p.Name, "Other") {
			t.Errorf("label slug in name %q", p.Name)
		}
		if p.Section != want[i][12:15] {
			t.Errorf("%s: section %q", p.Name, p.Section)
		}
	}
}

// The order of names: title, defined term, comment, lead-in sentence,
// statement, number.
func TestLaTeXNameSources(t *testing.T) {
	txt := "\\section{Sets}\n" +
		"\\begin{thm}[Cantor]\\label{thm:c}\nNo set is equinumerous with its power set.\n\\end{thm}\n" +
		"\\begin{defn}\\label{defn:x}\nA set is \\define{countable} if it is finite or enumerable.\n\\end{defn}\n" +
		"% Schroeder-Bernstein theorem\n\\begin{thm}\\label{thm:sb}\nIf $A \\preceq B$ and $B \\preceq A$ then $A \\approx B$.\n\\end{thm}\n" +
		"We now prove the following theorem about the size of the reals:\n\n\\begin{thm}\nThe set $\\mathbb{R}$ is not enumerable.\n\\end{thm}\n" +
		"\\begin{lem}\\label{lem:sub}\nEvery subset of an enumerable set is enumerable.\n\\end{lem}\n" +
		"\\begin{defn}\\label{defn:e}\nAn event graph $G$ is \\emph{valid} if every event has an ID.\n\\end{defn}\n" +
		"\\begin{cor}\\label{cor:x}\nFor all $x$, $f(x) = x$.\n\\end{cor}\n"
	ps := texFixture(t, txt)
	want := []string{"Cantor", "Countable Set", "Schroeder-Bernstein theorem", "Size of the Reals",
		"Every subset of an enumerable set is enumerable", "Valid Event Graph", "Corollary 1.7 — Basic properties"}
	got := nameList(ps)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("names\n got %q\nwant %q", got, want)
	}
}

// A definition of several terms in separate sentences of its running text
// is one primitive per term, each with the setting its sentences share.
func TestDefinitionOfSeveralTerms(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\\label{defn:surj-emb}\nLet $f:A\\to B$.\n"+
		"We say $f$ is \\define{surjective} (or a \\define{surjection}) if every fiber is inhabited.\n"+
		"We say $f$ is an \\define{embedding} if $\\mathsf{ap}_f$ is an equivalence.\n\\end{defn}\n"+
		"\\begin{thm}\nA function is an equivalence if and only if it is surjective and an embedding (\\cref{defn:surj-emb}).\n\\end{thm}\n")
	if len(ps) != 3 {
		t.Fatalf("got %v", nameList(ps))
	}
	if ps[0].Name != "Surjective" || ps[1].Name != "Embedding" {
		t.Errorf("names %q", nameList(ps))
	}
	if ps[0].FormalStatement != "Let $f:A\\to B$. We say $f$ is surjective (or a surjection) if every fiber is inhabited." {
		t.Errorf("first statement %q", ps[0].FormalStatement)
	}
	if ps[1].FormalStatement != "Let $f:A\\to B$. We say $f$ is an embedding if $\\mathsf{ap}_f$ is an equivalence." {
		t.Errorf("second statement %q", ps[1].FormalStatement)
	}
	if ps[0].Provenance.Offset == ps[1].Provenance.Offset || ps[0].ID == ps[1].ID {
		t.Error("the two terms share an offset or an id")
	}
	// The reference points at the environment: its first primitive.
	if d := ps[2].Dependencies; len(d) != 1 || d[0].Target != ps[0].ID {
		t.Errorf("edges %+v", d)
	}
}

// The same terms defined in the items of a list are one primitive: the
// list is the block's statement, every item kept, named by the terms its
// items define; a reference to the block reaches it.
func TestDefinitionTermsInItems(t *testing.T) {
	ps := texFixture(t, "\\begin{defn}\\label{defn:surj-emb}\nLet $f:A\\to B$.\n\\begin{enumerate}\n"+
		"\\item We say $f$ is \\define{surjective} (or a \\define{surjection}) if every fiber is inhabited.\n"+
		"\\item We say $f$ is an \\define{embedding} if $\\mathsf{ap}_f$ is an equivalence.\n\\end{enumerate}\n\\end{defn}\n"+
		"\\begin{thm}\nA function is an equivalence if and only if it is surjective and an embedding (\\cref{defn:surj-emb}).\n\\end{thm}\n")
	if len(ps) != 2 {
		t.Fatalf("got %v", nameList(ps))
	}
	if ps[0].Name != "Surjective and Embedding" {
		t.Errorf("names %q", nameList(ps))
	}
	want := "Let $f:A\\to B$. (1) We say $f$ is surjective (or a surjection) if every fiber is inhabited. " +
		"(2) We say $f$ is an embedding if $\\mathsf{ap}_f$ is an equivalence."
	if ps[0].FormalStatement != want {
		t.Errorf("statement\n got %q\nwant %q", ps[0].FormalStatement, want)
	}
	if d := ps[1].Dependencies; len(d) != 1 || d[0].Target != ps[0].ID {
		t.Errorf("edges %+v", d)
	}
}

// Cross-references are rendered as what they point at.
func TestLaTeXReferencesRendered(t *testing.T) {
	txt := "\\section{Reals}\\label{sec:reals}\n" +
		"\\begin{defn}\\label{defn:lub}\nAn ordered set has the \\emph{least-upper-bound property} if every bounded set has a supremum.\n\\end{defn}\n" +
		"\\begin{equation}\\label{eq:tri}|x+y| \\le |x|+|y|\\end{equation}\n" +
		"\\begin{thm}\\label{thm:r}\nThere is an ordered field with the \\hyperref[defn:lub]{least-upper-bound property} such that " +
		"\\eqref{eq:tri} holds, as in \\cref{sec:reals}, \\Cref{defn:lub}, \\autoref{defn:lub}, Definition~\\ref{defn:lub} " +
		"and Lemma~\\ref{lem:far}; see also \\cref{thm:cauchy-davenport}.\n\\end{thm}\n"
	ps := texFixture(t, txt)
	if len(ps) != 2 {
		t.Fatalf("got %v", nameList(ps))
	}
	want := "There is an ordered field with the least-upper-bound property such that (1) holds, as in Section 1, " +
		"Definition 1.1 (Least-upper-bound Property), Definition 1.1 (Least-upper-bound Property), " +
		"Definition 1.1 (Least-upper-bound Property) and Lemma (elsewhere); see also Theorem (elsewhere: cauchy davenport)."
	if got := ps[1].FormalStatement; got != want {
		t.Errorf("statement\n got %q\nwant %q", got, want)
	}
	d := ps[1].Dependencies
	if len(d) != 1 || d[0].Target != ps[0].ID || d[0].Type != core.Requires || d[0].Strength != 0.9 ||
		d[0].Description != `Refers to Least-upper-bound Property (\hyperref[defn:lub])` {
		t.Errorf("edges %+v", d)
	}
}

// Markup that is not text leaves no trace in a statement.
func TestLaTeXMarkupNoise(t *testing.T) {
	txt := "\\begin{defn}\\label{defn:g}\\glsadd{group}\\index{group}\\indexdef{group!abelian}\\indexsee{abelian}{group}%\n" +
		"A \\emph{group}\\footnote{After Galois.}\\footnotemark{} is a set % with a comment\n" +
		"with an associative operation.\\begin{tabbing}a \\= b \\+ \\\\ c\\end{tabbing}\n\\end{defn}\n"
	ps := texFixture(t, txt)
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	want := "A group is a set with an associative operation. a b c"
	if got := ps[0].FormalStatement; got != want {
		t.Errorf("statement\n got %q\nwant %q", got, want)
	}
}

// Macros the source defines are expanded, with their arguments.
func TestLaTeXMacrosExpanded(t *testing.T) {
	txt := "\\newcommand{\\R}{\\mathbb{R}}\n\\newcommand\\norm[1]{\\lVert #1\\rVert}\n" +
		"\\newcommand{\\pair}[2][x]{(#1,#2)}\n\\def\\algname{Eg-walker\\xspace}\n\\DeclareMathOperator{\\rank}{rank}\n" +
		"\\begin{thm}\nThe \\algname algorithm maps $\\pair{y}$ and $\\pair[z]{y}$ to $\\norm{v} \\in \\R$ with $\\rank A = 1$.\n\\end{thm}\n"
	ps := texFixture(t, txt)
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	want := "The Eg-walker algorithm maps $(x,y)$ and $(z,y)$ to $\\lVert v\\rVert \\in \\mathbb{R}$ with $\\operatorname{rank} A = 1$."
	if got := ps[0].FormalStatement; got != want {
		t.Errorf("statement\n got %q\nwant %q", got, want)
	}
}

// A statement longer than the cap is cut after a whole sentence and
// marked; a shorter one is kept whole.
func TestStatementCutAtSentence(t *testing.T) {
	sentence := "Every element $x_k$ of the sequence satisfies $x_k \\le x_{k+1}$ by construction. "
	long := strings.Repeat(sentence, maxBlockStatement/len(sentence)+3)
	ps := texFixture(t, "\\begin{thm}\n"+long+"\\end{thm}\n\\begin{thm}\n"+sentence+sentence+"\\end{thm}\n")
	if len(ps) != 2 {
		t.Fatalf("got %v", nameList(ps))
	}
	got := ps[0].FormalStatement
	if len(got) > maxBlockStatement || !strings.HasSuffix(got, "construction. …") {
		t.Errorf("long statement (%d bytes) ends %q", len(got), got[max(0, len(got)-40):])
	}
	if want := strings.TrimSpace(sentence + sentence); ps[1].FormalStatement != want {
		t.Errorf("short statement %q", ps[1].FormalStatement)
	}
	if c := cutStatement("word "+strings.Repeat("$a+b$ ", 400), 100); strings.Count(c, "$")%2 != 0 || !strings.HasSuffix(c, "…") {
		t.Errorf("cut inside a formula: %q", c)
	}
	// A display's "$$" is one mark: a cut after "and $$" left it open and
	// the statement's formulas unreadable (a PreTeXt <md> with \amp).
	display := `$$ v\cdot d \amp=(v_{\parallel}+v_{\perp})\cdot d $$ We conclude that $$ k=1 $$ and $$ ` + strings.Repeat(`k\cdot d + `, 40) + `$$`
	if c := cutStatement(display, 120); strings.Count(c, "$$")%2 != 0 || !strings.HasSuffix(c, "…") {
		t.Errorf("cut inside a display: %q", c)
	}
}

// A result referring to another, in its statement or in its proof,
// requires it.
func TestReferenceEdges(t *testing.T) {
	txt := "\\section{S}\n\\begin{lem}\\label{lem:a}\nEvery tree is bipartite.\n\\end{lem}\n" +
		"\\begin{proof}Obvious.\\end{proof}\n" +
		"\\begin{lem}\\label{lem:b}\nEvery forest is bipartite.\n\\end{lem}\n" +
		"\\begin{proof}Apply \\cref{lem:a} to each component.\\end{proof}\n" +
		"\\begin{example}An example citing \\cref{lem:b}.\\end{example}\n" +
		"\\begin{proof}This proof belongs to the example, not to \\cref{lem:a}'s neighbour; it cites \\ref{lem:b}.\\end{proof}\n" +
		"\\begin{thm}\\label{thm:c}\nBy \\cref{lem:a,lem:b}, trees and forests are bipartite.\n\\end{thm}\n" +
		"\\begin{proof}[Proof of \\cref{lem:b}]Again by Lemma~\\ref{lem:a}.\\end{proof}\n"
	ps := texFixture(t, txt)
	if len(ps) != 3 {
		t.Fatalf("got %v", nameList(ps))
	}
	a, b, c := ps[0], ps[1], ps[2]
	if len(a.Dependencies) != 0 {
		t.Errorf("lemma a: %+v", a.Dependencies)
	}
	if len(b.Dependencies) != 1 || b.Dependencies[0].Target != a.ID ||
		b.Dependencies[0].Description != "Refers to Every tree is bipartite (\\cref{lem:a}) in its proof" {
		t.Errorf("lemma b: %+v", b.Dependencies)
	}
	if len(c.Dependencies) != 2 || c.Dependencies[0].Target != a.ID || c.Dependencies[1].Target != b.ID {
		t.Errorf("theorem: %+v", c.Dependencies)
	}
	if c.FormalStatement != "By Lemma 1.1 (Every tree is bipartite) and Lemma 1.2 (Every forest is bipartite), trees and forests are bipartite." {
		t.Errorf("statement %q", c.FormalStatement)
	}
}

// Names are unique within a source.
func TestNamesUniqueWithinSource(t *testing.T) {
	ps := texFixture(t, "\\section{Sets}\n\\begin{defn}\nA set $A$ is \\emph{enumerable} if it is empty or has an enumeration.\n\\end{defn}\n"+
		"\\begin{defn}\nA set $A$ is \\emph{enumerable} iff there is a surjection onto it.\n\\end{defn}\n")
	if len(ps) != 2 || ps[0].Name == ps[1].Name || ps[1].Name != "Enumerable Set (Definition 1.2)" {
		t.Errorf("names %q", nameList(ps))
	}
}

// Numbers follow the document's \newtheorem declarations: shared counters,
// numbering within sections, appendices lettered.
func TestLaTeXNumbering(t *testing.T) {
	txt := "\\newtheorem{theorem}{Theorem}[section]\n\\newtheorem{lemma}[theorem]{Lemma}\n\\newtheorem{satz}{Proposition}\n" +
		"\\section{One}\n\\begin{lemma}\nFor all $x$, $x=x$.\n\\end{lemma}\n\\begin{theorem}\nFor all $y$, $y=y$.\n\\end{theorem}\n" +
		"\\begin{satz}\nFor all $z$, $z=z$.\n\\end{satz}\n" +
		"\\appendix\n\\section{Proofs}\n\\begin{lemma}\nFor all $w$, $w=w$.\n\\end{lemma}\n\\begin{satz}\nFor all $v$, $v=v$.\n\\end{satz}\n"
	a := oneSection(txt, core.FormatLaTeX, core.Textbook)
	a.Sections[0].Title = "Proofs"
	ps := Extract(a, Options{})
	var got []string
	for _, p := range ps {
		got = append(got, p.Section)
	}
	if want := "1.1|1.2|1|A.1|2"; strings.Join(got, "|") != want {
		t.Errorf("numbers %q, want %s (names %q)", got, want, nameList(ps))
	}
}

// PreTeXt: <xref> is rendered and becomes an edge; <macros> are expanded;
// several <term>s give several primitives.
func TestPreTeXtReferencesAndMacros(t *testing.T) {
	txt := `<section xml:id="sec-trees"><title>Trees</title>
<docinfo><macros>\newcommand{\N}{\mathbb{N}}</macros></docinfo>
<definition xml:id="def-tree"><statement><p>A <term>tree</term> is a connected acyclic graph.</p><p>A <term>forest</term> is an acyclic graph.</p></statement></definition>
<theorem xml:id="thm-leaves"><statement><p>Every finite <xref ref="def-tree"/> with <m>n \in \N</m> vertices, as in <xref ref="sec-far"/>, has a leaf.</p></statement>
<proof><p>Use <xref ref="def-tree" text="title"/>.</p></proof></theorem>
</section>`
	a := oneSection(txt, core.FormatPreTeXt, core.Textbook)
	ps := Extract(a, Options{})
	if len(ps) != 3 {
		t.Fatalf("got %v", nameList(ps))
	}
	if ps[0].Name != "Tree" || ps[1].Name != "Forest" {
		t.Errorf("names %q", nameList(ps))
	}
	want := "Every finite Definition 1 (Tree) with $n \\in \\mathbb{N}$ vertices, as in Section (elsewhere), has a leaf."
	if ps[2].FormalStatement != want {
		t.Errorf("statement\n got %q\nwant %q", ps[2].FormalStatement, want)
	}
	d := ps[2].Dependencies
	if len(d) != 1 || d[0].Target != ps[0].ID || d[0].Description != `Refers to Tree (<xref ref="def-tree"/>)` {
		t.Errorf("edges %+v", d)
	}
}

// The block model is one code path for every structured format: the same
// chapter written as LaTeX environments, PreTeXt elements and Markdown
// fenced divs (the form HTML and EPUB books are read in) gives the same
// primitives, named alike, a definition of two terms split alike, and the
// same requires edges from the references in statements and proofs.
func TestBlocksAlikeInEveryFormat(t *testing.T) {
	latex := "\\begin{definition}[Graph]\\label{def:graph}\nA \\emph{graph} is a pair $(V,E)$ of vertices and edges.\n\\end{definition}\n" +
		"\\begin{definition}\\label{def:walk}\nA \\emph{walk} is a sequence of adjacent vertices. A \\emph{path} is a walk that repeats no vertex.\n\\end{definition}\n" +
		"\\begin{theorem}[Handshake]\\label{thm:hs}\nIn every graph (Definition~\\ref{def:graph}) the degrees sum to twice the number of edges.\n\\end{theorem}\n" +
		"\\begin{lemma}[Paths in walks]\\label{lem:p}\nEvery walk between two vertices contains a path between them.\n\\end{lemma}\n" +
		"\\begin{proof}By Definition~\\ref{def:walk}.\\end{proof}\n"
	pretext := "<definition xml:id=\"def-graph\"><title>Graph</title><statement><p>A <term>graph</term> is a pair <m>(V,E)</m> of vertices and edges.</p></statement></definition>\n" +
		"<definition xml:id=\"def-walk\"><statement><p>A <term>walk</term> is a sequence of adjacent vertices. A <term>path</term> is a walk that repeats no vertex.</p></statement></definition>\n" +
		"<theorem xml:id=\"thm-hs\"><title>Handshake</title><statement><p>In every graph (<xref ref=\"def-graph\"/>) the degrees sum to twice the number of edges.</p></statement></theorem>\n" +
		"<lemma xml:id=\"lem-p\"><title>Paths in walks</title><statement><p>Every walk between two vertices contains a path between them.</p></statement><proof><p>By <xref ref=\"def-walk\"/>.</p></proof></lemma>\n"
	markdown := "::: {.definition #def-graph name=\"Graph\"}\nA **graph** is a pair $(V,E)$ of vertices and edges.\n:::\n\n" +
		"::: {.definition #def-walk}\nA **walk** is a sequence of adjacent vertices. A **path** is a walk that repeats no vertex.\n:::\n\n" +
		"::: {.theorem #thm-hs name=\"Handshake\"}\nIn every graph ([Definition 1](#def-graph)) the degrees sum to twice the number of edges.\n:::\n\n" +
		"::: {.lemma #lem-p name=\"Paths in walks\"}\nEvery walk between two vertices contains a path between them.\n:::\n\n" +
		"::: {.proof}\nBy [Definition 2](#def-walk).\n:::\n"
	type result struct{ names, edges map[string]bool }
	read := func(doc string, f core.Format) result {
		ps := Extract(oneSection(doc, f, core.Textbook), Options{})
		_, edges := namedEdges(ps)
		typed := map[string]bool{}
		for _, p := range ps {
			typed[string(p.Type)+" "+p.Name] = true
		}
		return result{typed, edges}
	}
	want := read(latex, core.FormatLaTeX)
	for _, n := range []string{"definition Graph", "definition Walk", "definition Path", "theorem Handshake", "theorem Paths in walks"} {
		if !want.names[n] {
			t.Errorf("LaTeX: missing %q; got %v", n, want.names)
		}
	}
	for _, e := range []string{"Handshake -> Graph", "Paths in walks -> Walk"} {
		if !want.edges[e] {
			t.Errorf("LaTeX: missing edge %q; got %v", e, want.edges)
		}
	}
	for _, f := range []struct {
		format core.Format
		doc    string
	}{{core.FormatPreTeXt, pretext}, {core.FormatMarkdown, markdown}} {
		got := read(f.doc, f.format)
		if !maps.Equal(got.names, want.names) || !maps.Equal(got.edges, want.edges) {
			t.Errorf("%s: primitives %v edges %v; LaTeX gives %v and %v", f.format, got.names, got.edges, want.names, want.edges)
		}
	}
}

// A whole PreTeXt book (its chapters assembled from their files) numbers
// its blocks by chapter and section, as PreTeXt does by default: the
// chapter is not taken for the document's own division.
func TestPreTeXtBookNumbering(t *testing.T) {
	doc := "<pretext><book><chapter><title>One</title><section><title>A</title><p>Intro.</p></section></chapter>" +
		"<chapter><title>Two</title><section><title>B</title><p>Intro.</p></section><section><title>C</title>" +
		"<theorem xml:id=\"t\"><statement><p>Every finite integral domain is a field.</p></statement></theorem>" +
		"<lemma><statement><p>See <xref ref=\"t\"/> for every finite integral domain.</p></statement></lemma></section></chapter></book></pretext>"
	ps := Extract(oneSection(doc, core.FormatPreTeXt, core.Textbook), Options{})
	found := false
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, "Theorem 2.2.1") {
			found = true
		}
	}
	if !found {
		for _, p := range ps {
			t.Logf("%s: %s", p.Name, p.FormalStatement)
		}
		t.Error("the reference does not read Theorem 2.2.1")
	}
}

// A book that numbers its blocks within chapters (<numbering><blocks
// level="1"/>, PreTeXt's publication setting) is numbered so: "Theorem
// 2.1", not "Theorem 2.2.1"; a numbering of other things says nothing of
// blocks.
func TestPreTeXtBlockNumberingLevel(t *testing.T) {
	body := "<chapter><title>One</title><section><title>A</title><p>Intro.</p></section></chapter>" +
		"<chapter><title>Two</title><section><title>B</title><p>Intro.</p></section><section><title>C</title>" +
		"<theorem xml:id=\"t\"><statement><p>Every finite integral domain is a field.</p></statement></theorem>" +
		"<lemma><statement><p>See <xref ref=\"t\"/> for every finite integral domain.</p></statement></lemma></section></chapter></book></pretext>"
	for _, c := range []struct{ numbering, want string }{
		{"<numbering><figures level=\"1\"/></numbering><numbering><blocks level=\"1\"/></numbering>", "Theorem 2.1 "},
		{"<numbering><figures level=\"1\"/></numbering>", "Theorem 2.2.1"},
	} {
		doc := "<pretext>" + c.numbering + "<book>" + body
		ps := Extract(oneSection(doc, core.FormatPreTeXt, core.Textbook), Options{})
		found := false
		for _, p := range ps {
			if strings.Contains(p.FormalStatement, c.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no reference reads %q", c.numbering, c.want)
		}
	}
}

// A book printed to a page says "Chapter 11" before its chapter's title;
// a result named by its number and section takes the title alone, as the
// source names it.
func TestUntitledResultDropsTheDivisionWord(t *testing.T) {
	for heading, want := range map[string]string{
		"Chapter 11 Weak PFR over the integers": "Lemma 11.1 — Weak PFR over the integers",
		"Appendix B: Tables of groups":          "Lemma 11.1 — Tables of groups",
		"2.3 Exterior algebra":                  "Lemma 11.1 — Exterior algebra",
		"Chapters of a life":                    "Lemma 11.1 — Chapters of a life",
	} {
		a := oneSection("**Lemma 11.1.** If G is torsion-free then every element has infinite order.", core.FormatMarkdown, core.Textbook)
		a.Sections[0].Title = heading
		ps := Extract(a, Options{})
		if got := nameList(ps); len(got) != 1 || got[0] != want {
			t.Errorf("under %q: %v, want %q", heading, got, want)
		}
	}
}

// Books in other languages label their blocks in their own words ("Satz",
// "Lemme", "Teorema"); books that number nothing set the label alone on
// its line in bold, over the statement; and a statement that sets up a
// list ("Sei …", "Soit …") goes on through its enumerated items.
func TestLabelsInOtherLanguagesAndAlone(t *testing.T) {
	doc := "**Satz 1.4 (Erzeuger)**\nEs seien E1, E2 wie folgt definiert: E1 := Q.\n\n" +
		"**Definition**\nSei A ⊆ P(X), A heißt eine **σ-Algebra** auf X, wenn gilt:\n\n(σ1) X ∈ A\n\n(σ2) A ∈ A ⇒ X \\ A ∈ A\n\n" +
		"**Lemma 1.3**\nSei ∅ ≠ E ⊆ P(X).\n\n(1) E ⊆ σ(E).\n\n(2) Ist E eine σ-Algebra, so ist σ(E) = E.\n\n" +
		"**Beweis**\n(1) Klar nach Definition.\n\n" +
		"**Théorème 2.** Tout groupe cyclique est abélien.\n\n" +
		"**Definitions**\nThe words of this chapter are these.\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	want := map[string]string{
		"Erzeuger":   "Es seien E1, E2 wie folgt definiert: E1 := Q.",
		"σ-Algebra":  "Sei A ⊆ P(X), A heißt eine σ-Algebra auf X, wenn gilt: (σ1) X ∈ A (σ2) A ∈ A ⇒ X \\ A ∈ A",
		"Lemma 1.3":  "Sei ∅ ≠ E ⊆ P(X). (1) E ⊆ σ(E). (2) Ist E eine σ-Algebra, so ist σ(E) = E.",
		"Théorème 2": "Tout groupe cyclique est abélien.",
	}
	if len(ps) != len(want) {
		t.Errorf("%d primitives, want %d: %v", len(ps), len(want), nameList(ps))
	}
	for _, p := range ps {
		found := false
		for name, stmt := range want {
			if strings.Contains(p.Name, name) && strings.Join(strings.Fields(p.FormalStatement), " ") == stmt {
				found = true
			}
		}
		if !found {
			t.Errorf("unexpected %q: %q", p.Name, p.FormalStatement)
		}
	}
}

// A converter that loses the label's type (an EPUB made from a PDF)
// leaves it a paragraph of its own over the statement's: "Satz 0.1",
// "Definition" alone. A reference inside a sentence that happens to end
// a line is no label.
func TestLabelParagraphOfItsOwn(t *testing.T) {
	doc := "Definition\n\nSei A ⊆ X, A heißt offen in X, wenn A = B ∩ X.\n\n" +
		"Satz 0.1\n\nSei ∅ ≠ X ⊆ R und f : X → R stetig.\n\n" +
		"This follows, as shown in the proof of\nLemma 4.2\n\nand we go on.\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	var got []string
	for _, p := range ps {
		got = append(got, p.FormalStatement)
	}
	want := []string{"Sei A ⊆ X, A heißt offen in X, wenn A = B ∩ X.", "Sei ∅ ≠ X ⊆ R und f : X → R stetig."}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A statement keeps no emphasis marks: bold and italic terms alike read
// as their words, while a star in a formula or between factors stays.
func TestStripEmph(t *testing.T) {
	for in, want := range map[string]string{
		"A **set** is a *collection* of *elements*.":  "A set is a collection of elements.",
		"The *open* *interval* (a,b) is open.":        "The open interval (a,b) is open.",
		"Let $a^*$ and $b^*$ be adjoints, a * b = c.": "Let $a^*$ and $b^*$ be adjoints, a * b = c.",
		"x*y and f*g stay.":                           "x*y and f*g stay.",
	} {
		if got := stripEmph(in); got != want {
			t.Errorf("stripEmph(%q) = %q, want %q", in, got, want)
		}
	}
}

// A German book's environments, declared in a package lore does not
// read, are its blocks and proofs by their names ("satz", "beweis"); a
// reference in the book's words ("nach Satz 1.2") is an edge; and an entry
// of a list of theorems ("Satz 1.2. Stetigkeit . . . . 10") is no block.
func TestBlocksInOtherLanguages(t *testing.T) {
	ps := texFixture(t, `\begin{satz}\label{s:a}Jede stetige Funktion auf einem Kompaktum ist beschränkt.\end{satz}
\begin{beweis}Klar nach Definition.\end{beweis}
\begin{hilfssatz}Jede konvergente Folge ist beschränkt, nach \ref{s:a}.\end{hilfssatz}`)
	if got := nameList(ps); len(got) != 2 {
		t.Errorf("primitives %v, want the Satz and the Hilfssatz", got)
	}
	doc := "**Satz 1.2** Jede stetige Funktion auf einem Kompaktum ist beschränkt.\n\n" +
		"**Korollar 1.3** Nach Satz 1.2 ist jede stetige Funktion auf [0, 1] beschränkt.\n\n" +
		"Satz 1.2. Stetigkeit und Kompaktheit . . . . . . . 10\n"
	ps = Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 2 {
		t.Fatalf("primitives %v, want the Satz and the Korollar", nameList(ps))
	}
	if len(ps[1].Dependencies) == 0 || ps[1].Dependencies[0].Target != ps[0].ID {
		t.Errorf("Korollar 1.3 depends on %+v, want Satz 1.2", ps[1].Dependencies)
	}
}

// A setup over a lead-in that ends in a colon reads on through the list
// after it, and to the conclusion after the list: "Let … . Suppose that:
// (1) … (2) … Then …".
func TestSetupLeadInList(t *testing.T) {
	doc := "**Theorem 2.6** Let E be a family of sets and let ν, µ be measures on σ(E).\n\nSuppose that:\n\n(1) E is closed under intersections.\n\n(2) µ(E) = ν(E) for every E in E.\n\nThen µ = ν on σ(E).\n\nWe go on with prose.\n"
	ps := Extract(oneSection(doc, core.FormatMarkdown, core.Textbook), Options{})
	want := "Let E be a family of sets and let ν, µ be measures on σ(E). Suppose that: (1) E is closed under intersections. (2) µ(E) = ν(E) for every E in E. Then µ = ν on σ(E)."
	if len(ps) != 1 || strings.Join(strings.Fields(ps[0].FormalStatement), " ") != want {
		t.Errorf("got %v", ps)
	}
}

// A formula joined to a word by a hyphen is part of the term it names:
// "free $R$-module" names "Free R-module", not "Free -module".
func TestTermNamesKeepHyphenedFormulas(t *testing.T) {
	ps := texFixture(t, `\begin{definition}An $R$-module $M$ is \emph{finitely generated} if finitely many elements span it.\end{definition}
\begin{definition}A \emph{free $R$-module} is a module with a basis.\end{definition}
\begin{definition}The \emph{$2$-wedge product} $\bigwedge^2(V)$ is the group generated by $v \wedge w$.\end{definition}`)
	want := []string{"Finitely Generated R-module", "Free R-module", "2-wedge Product"}
	if got := nameList(ps); !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}

// ntheorem's framed theorems (\newframedtheorem) are declared as
// \newtheorem ones are: a German book's "Satz" keeps its word and its
// numbering within chapters in the names of results without a title.
func TestLaTeXFramedTheoremDeclared(t *testing.T) {
	txt := "\\newframedtheorem{satz}{Satz}[section]\n\\newframedtheorem{lemma}[satz]{Lemma}\n" +
		"\\section{Maße}\n\\begin{lemma}\nFür alle $x$ gilt $x=x$ und die Abbildung ist stetig.\n\\end{lemma}\n" +
		"\\begin{satz}\nFür alle $y$ gilt $y=y$ und jede Folge konvergiert.\n\\end{satz}\n"
	ps := Extract(oneSection(txt, core.FormatLaTeX, core.Textbook), Options{})
	if got, want := strings.Join(nameList(ps), "|"), "Lemma 1.1 — Fixture|Satz 1.2 — Fixture"; got != want {
		t.Errorf("names %q, want %q", got, want)
	}
}

// A published PDF whose font maps no digits gives "**Theorem �**": the
// block was lost with its number. It is read, named by its title, the
// number it cannot say left out rather than written as U+FFFD.
func TestResultWithUnreadableNumber(t *testing.T) {
	doc := "Before stating this theorem formally, suppose we have functions.\n\n**Theorem �** **Squeeze Theorem**\nLet f, g and h be functions on an open interval I containing c such that f(x) ≤ g(x) ≤ h(x). " +
		"If lim f(x) = L = lim h(x), then lim g(x) = L.\n\n**Definition �.�.�** **Continuous Function**\nA function f is continuous at c if lim f(x) = f(c).\n"
	ps := Extract(oneSection(doc, core.FormatText, core.Textbook), Options{})
	got := nameList(ps)
	if len(ps) != 2 || !strings.Contains(got[0], "Squeeze Theorem") || !strings.Contains(got[1], "Continuous Function") ||
		strings.Contains(strings.Join(got, " "), "\uFFFD") || ps[0].Type != core.Theorem || ps[1].Type != core.Definition {
		t.Errorf("got %q (%v)", got, ps)
	}
}

// A PDF whose font maps no "ti" ligature writes the kind word itself with
// U+FFFD ("**Defini�on �** **Continuous Func�on**"): the definition was
// lost with its word. A kind word one of whose ligatures is unmapped is
// read as the word.
func TestKindWordWithUnmappedLigature(t *testing.T) {
	doc := "We now define continuity formally, as the book does.\n\n**Defini\uFFFDon \uFFFD.\uFFFD** **Continuous Func\uFFFDon**\n" +
		"A func\uFFFDon f is continuous at c if lim f(x) = f(c) for every c in its domain.\n\n" +
		"**Proposi\uFFFDon \uFFFD** **Sums of Continuous Func\uFFFDons**\nIf f and g are continuous at c, then so is f + g.\n\n" +
		"Later the defini\uFFFDon is used again in running text.\n"
	ps := Extract(oneSection(doc, core.FormatText, core.Textbook), Options{})
	got := nameList(ps)
	if len(ps) != 2 || ps[0].Type != core.Definition || !strings.Contains(got[0], "Continuous") ||
		ps[1].Type != core.Theorem || !strings.Contains(got[1], "Sums of Continuous") {
		t.Errorf("got %q", got)
	}
}

// A commutative diagram set in text (tikzcd in a center) is math: its
// cells keep their letters (ℓ) and it reads as its arrows.
func TestLaTeXDiagramInTextIsMath(t *testing.T) {
	txt := "\\begin{lem}\\label{lem:c}\nEquivalences cancel: the isomorphisms compose\n" +
		"\\begin{center}\\begin{tikzcd} fk \\arrow[r, \"f\\delta k\"] & f\\ell gf k \\arrow[r, \"f\\ell g\\beta\"] & f\\ell g.\\end{tikzcd}\\end{center}\n\\end{lem}\n"
	ps := texFixture(t, txt)
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	got := ps[0].FormalStatement
	if read := text.ReadableMath(got); !strings.Contains(got, "$$\\begin{tikzcd}") || !strings.Contains(read, "fℓ gf k") || !strings.Contains(read, "–fℓ gβ→") {
		t.Errorf("statement %q reads %q", got, read)
	}
}

// A code span's stars are its text, not emphasis: a path's wildcards
// stay.
func TestStripEmphKeepsCodeSpans(t *testing.T) {
	got := stripEmph("Installs shims for all executables (`~/.rbenv/versions/*/bin/*`), a *shim* each.")
	if want := "Installs shims for all executables (`~/.rbenv/versions/*/bin/*`), a shim each."; got != want {
		t.Errorf("stripEmph = %q, want %q", got, want)
	}
}
