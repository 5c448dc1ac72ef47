package htmltext

import (
	"strings"
	"testing"
)

func TestContainersBecomeFencedDivs(t *testing.T) {
	page := `<main><article class="theorem theorem-like" id="theorem-X"><h3 class="heading"><span class="type">Theorem</span> <span class="codenumber">XY</span> <span class="title">Big "One"</span></h3><p>Every x is y.</p></article>` +
		`<div class="ltx_theorem ltx_theorem_lem" id="L1"><h6 class="ltx_title"><span class="ltx_text ltx_font_bold">Lemma 2</span> (Small).</h6><p>See <a href="#theorem-X">Theorem XY</a> and <a href="#nowhere">there</a>.</p></div>` +
		`<div class="proof"><p><em>Proof.</em> Trivial.</p></div>` +
		`<div class="theorem"><p><span id="thm:a" class="theorem"><strong>Theorem 1.1 (Named) </strong></span>Text of it.</p></div></main>`
	got := Text(page)
	for _, want := range []string{
		"::: {.theorem #theorem-X name=\"Big 'One'\" number=\"XY\"}\n\nEvery x is y.\n\n:::",
		"::: {.lemma #L1 name=\"Small\" number=\"2\"}\n\nSee [Theorem XY](#theorem-X) and there.\n\n:::",
		"::: {.proof}\n\nTrivial.\n\n:::",
		"::: {.theorem #thm:a name=\"Named\" number=\"1.1\"}\n\nText of it.\n\n:::",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestRunInBoldLabel(t *testing.T) {
	got := Text(`<p><b>Theorem</b> <b>RREF</b> <b>Reduced Form</b> A matrix is reduced.</p><p>Plain <b>bold</b> stays plain.</p><p><i>Lemma 3.</i> Every set.</p>`)
	for _, want := range []string{"**Theorem RREF Reduced Form** A matrix is reduced.", "Plain bold stays plain.", "*Lemma 3.* Every set."} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// A converter that sets type by font (tex4ht's spans of class "cmbx-12",
// "cmti-12") writes the same run-in label as <b> and <i>, and a line
// break after the label, its title and the statement keeps one block;
// a math italic ("cmmi-12") is no emphasis, and a <br> elsewhere still
// ends a paragraph.
func TestRunInLabelByFontClass(t *testing.T) {
	got := Text(`<p><span class="cmbx-12">Definition</span><span class="cmbx-12">&#xA0;SQM</span><br class="newline"/>` +
		`<span class="cmbx-12">Square Matrix</span><br class="newline"/>A matrix with <span class="cmmi-12">m</span> rows is square.</p>` +
		`<p><span class="cmti-12">Proof.</span> Clear.</p><p><span class="cmmi-12">x</span> is a variable.<br/>Next line.</p>`)
	for _, want := range []string{"**Definition SQM Square Matrix** A matrix with m rows is square.", "*Proof.* Clear.", "x is a variable.\n\nNext line."} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	for class, want := range map[string]string{"cmbx-12": "b", "ecbx-1200": "b", "cmssbx-10": "b", "cmbxti-10x-x-109": "i", "cmti-12": "i",
		"calibre5 bold": "b", "font-italic": "i", "cmmi-12": "span", "cmr-12": "span", "bxslider": "span"} {
		if got := FontEmphasis(class, "span"); got != want {
			t.Errorf("FontEmphasis(%q) = %q, want %q", class, got, want)
		}
	}
}

// Blocks nested 10,000 deep, containers among them, are read in time and
// memory bounded by the input: containers deeper than MaxContainerDepth
// are plain text.
func TestDeepNestingBounded(t *testing.T) {
	n := 10000
	page := strings.Repeat(`<div class="theorem" id="t">`, n) + "Deep text." + strings.Repeat("</div>", n)
	got := Text(page)
	if c := strings.Count(got, "::: {.theorem"); c != MaxContainerDepth {
		t.Errorf("%d fenced divs, want %d", c, MaxContainerDepth)
	}
	if !strings.Contains(got, "Deep text.") || len(got) > 1000 {
		t.Errorf("unexpected text (%d bytes): %.300s", len(got), got)
	}
	// Unclosed, and links that point at each other in a loop.
	page = strings.Repeat(`<div class="definition" id="d"><a href="#d">`, n) + "x"
	got = Text(page)
	if strings.Count(got, "](#d)") > 1 || len(got) > 2000 {
		t.Errorf("unexpected text (%d bytes): %.300s", len(got), got)
	}
}

func TestLinkMarksInInputAreText(t *testing.T) {
	got := Text("<p>a\uE000b\uE001c\uE002d</p>")
	if strings.ContainsAny(got, "\uE000\uE001\uE002") {
		t.Errorf("marks from the page survive: %q", got)
	}
}

func TestContainerKind(t *testing.T) {
	for _, c := range []struct{ elem, class, want string }{
		{"article", "theorem theorem-like", "theorem"},
		{"article", "definition definition-like", "definition"},
		{"article", "example example-like", ""},
		{"div", "ltx_theorem ltx_theorem_thm", "theorem"},
		{"div", "ltx_theorem ltx_theorem_defn", "definition"},
		{"div", "ltx_proof", KindProof},
		{"div", "hiddenproof", KindProof},
		{"span", "theorem", ""},
		{"div", "property", ""},
		{"div", "lemma", "lemma"},
	} {
		if got := ContainerKind(c.elem, c.class); got != c.want {
			t.Errorf("ContainerKind(%s, %q) = %q, want %q", c.elem, c.class, got, c.want)
		}
	}
}

// A heading inside a PreTeXt block is the block's label, in bold; the
// type word a page hides is not part of a section's title.
func TestBlockHeadingsAndHiddenTypes(t *testing.T) {
	got := Text(`<main><section class="section"><h2 class="heading hide-type">
<span class="type">Section</span> <span class="codenumber">2.3</span> <span class="title">Planar Graphs</span></h2>
<article class="example example-like"><h6 class="heading">
<span class="type">Example</span> <span class="codenumber">2.3.1</span></h6>Draw it.</article></section></main>`)
	for _, want := range []string{"## 2.3 Planar Graphs\n", "**Example 2.3.1**\n\nDraw it."} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// A heading's link stays text: a section's title is no place for one.
func TestHeadingLinkIsText(t *testing.T) {
	got := Text(`<main><h2>About <a href="#t">Theorem 1</a></h2><div class="theorem" id="t"><p>All is well.</p></div></main>`)
	if !strings.Contains(got, "## About Theorem 1\n") {
		t.Errorf("heading with a link:\n%s", got)
	}
}

// MathML (MathJax's assistive MathML included) reads as one line of
// linear text; a formula nested 10,000 deep is read in bounded time.
func TestMathMLIsLinearText(t *testing.T) {
	got := Text(`<p>For every integer <mjx-container class="MathJax"><mjx-math aria-hidden="true"><mjx-mi><mjx-c class="mjx-c1D45B"></mjx-c></mjx-mi></mjx-math><mjx-assistive-mml><math xmlns="http://www.w3.org/1998/Math/MathML"><msup><mi>n</mi><mn>2</mn></msup><mo>≥</mo><mn>0</mn></math></mjx-assistive-mml></mjx-container> holds.</p>`)
	if !strings.Contains(got, "For every integer n^2 ≥ 0 holds.") {
		t.Errorf("formula not linear:\n%s", got)
	}
	deep := "<p>x <math>" + strings.Repeat("<mrow>", 10000) + "<mi>y</mi>" + strings.Repeat("</mrow>", 10000) + "</math> z</p>"
	if got := Text(deep); !strings.Contains(got, "y") || !strings.Contains(got, "z") || len(got) > 200 {
		t.Errorf("deep formula: %.200q", got)
	}
}

// Formulas left to MathJax, \(x\) and \[x\], are written as Markdown
// writes them.
func TestTeXDelimiters(t *testing.T) {
	got := Text(`<p>A matching of \(A\) is \[ M \subseteq E \] here; a lone \( stays.</p>`)
	if !strings.Contains(got, `A matching of $A$ is $$ M \subseteq E $$ here; a lone \( stays.`) {
		t.Errorf("delimiters: %q", got)
	}
}

// PreTeXt's HTML sets a sentence's closing punctuation inside the formula
// before it; it is written after the formula, where the source has it, so
// that the sentence ends there.
func TestFormulaPunctuationOutside(t *testing.T) {
	got := Text(`<p>Every edge of \(G\text{.}\) We say \(H\text{,}\) then \(\text{.}\) and \[x\text{.}\]</p>`)
	if want := `Every edge of $G$. We say $H$, then $\text{.}$ and $$x\text{.}$$`; !strings.Contains(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A page whose only <article> elements are theorem-like blocks, proofs or
// examples (PreTeXt's output) keeps its headings and paragraphs: those
// articles are blocks inside the page, not its main content.
func TestBlockArticlesAreNotMainContent(t *testing.T) {
	page := `<html><body><nav class="toc">Contents</nav><h1>Trees</h1><h2>Basics</h2><p>Intro para.</p>` +
		`<article class="definition definition-like" id="d"><h3 class="heading"><span class="type">Definition</span> <span class="codenumber">1</span> <span class="title">Tree</span></h3><p>A tree is a connected acyclic graph.</p></article>` +
		`<p>Between.</p><article class="proof" id="p"><p>Obvious.</p></article>` +
		`<article class="example example-like"><p>A path.</p></article><p>Closing.</p></body></html>`
	got := Text(page)
	for _, want := range []string{
		"# Trees\n\n## Basics\n\nIntro para.\n\n::: {.definition #d name=\"Tree\" number=\"1\"}",
		"Between.\n\n::: {.proof}\n\nObvious.\n\n:::",
		"A path.", "Closing.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "Contents") {
		t.Errorf("navigation kept:\n%s", got)
	}
	// A real article beside them still selects the page's content.
	got = Text(`<body><p>Site blurb.</p><article><h1>Post</h1><article class="theorem theorem-like"><p>Every x.</p></article></article></body>`)
	if strings.Contains(got, "Site blurb") || !strings.Contains(got, "# Post") || !strings.Contains(got, "Every x.") {
		t.Errorf("real article not preferred:\n%s", got)
	}
}

// A bold label followed by a parenthesized title outside the bold
// ("**Theorem 2.1** (Lagrange). …", as Word and many pages set it) gives
// the block its number and title, and the statement starts after them.
func TestFenceTitleAfterBoldLabel(t *testing.T) {
	got := strings.Join(Fence("theorem", "", "", []string{"**Theorem 2.1** (Lagrange). The order of a subgroup divides the order of the group."}), "\n")
	want := "::: {.theorem name=\"Lagrange\" number=\"2.1\"}\nThe order of a subgroup divides the order of the group.\n:::"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// PreTeXt's knowl-style cross-reference has no href: the block it shows
// is named by its data-knowl file, ./knowl/ID.html (./knowl/xref/ID.html
// in later versions), and ID is the block's id on the page.
func TestKnowlLinksAreLinks(t *testing.T) {
	page := `<main><article class="theorem theorem-like" id="theorem-15-2-1"><h6 class="heading"><span class="type">Theorem</span> <span class="codenumber">15.2.6</span></h6><p>Cosets partition the group.</p></article>` +
		`<article class="lemma theorem-like" id="lem-b"><h6 class="heading"><span class="type">Lemma</span> <span class="codenumber">15.2.7</span></h6><p>By <a class="xref" data-knowl="./knowl/theorem-15-2-1.html" title="Theorem 15.2.6">Theorem 15.2.6</a> and <a class="xref" data-knowl="./knowl/xref/theorem-15-2-1.html">it</a>, not <a class="xref" data-knowl="./knowl/fig-1.html">Figure 1</a> nor <a data-knowl="">Proof</a>.</p></article></main>`
	got := Text(page)
	want := "By [Theorem 15.2.6](#theorem-15-2-1) and [it](#theorem-15-2-1), not Figure 1 nor Proof."
	if !strings.Contains(got, want) {
		t.Errorf("missing %q in\n%s", want, got)
	}
	for v, id := range map[string]string{
		"./knowl/theorem-15-2-1.html": "theorem-15-2-1", "./knowl/xref/thm-a.html": "thm-a",
		"": "", "./knowl/": "", "knowl/a/b.html": "", "./other/x.html": "", "./knowl/x.htm": "",
	} {
		if g := KnowlID(v); g != id {
			t.Errorf("KnowlID(%q) = %q, want %q", v, g, id)
		}
	}
}

// PreTeXt's hidden proof is a proof holding its label alone, the text in
// a second proof after it: the first says nothing and is no div. A
// formula in a block's title is written as in the text.
func TestHiddenProofAndTitleFormula(t *testing.T) {
	page := `<main><article class="theorem theorem-like" id="t1"><h6 class="heading"><span class="type">Theorem</span> <span class="codenumber">11.4.15</span> <span class="title">Additive Inverses in \(\mathbb{Z}_n\).</span></h6><p>Every element has one.</p></article>` +
		`<article class="hiddenproof" id="proof-60"><a data-knowl="" class="id-ref original" data-refid="hk-proof-60"><h6 class="heading"><span class="type">Proof<span class="period">.</span></span></h6></a></article>` +
		`<div class="hidden-content tex2jax_ignore" id="hk-proof-60"><article class="hiddenproof"><p>Take n minus a.</p></article></div></main>`
	got := Text(page)
	if c := strings.Count(got, "::: {.proof}"); c != 1 {
		t.Errorf("%d proof divs, want 1:\n%s", c, got)
	}
	for _, want := range []string{
		`::: {.theorem #t1 name="Additive Inverses in $\mathbb{Z}_n$" number="11.4.15"}`,
		"::: {.proof}\n\nTake n minus a.\n\n:::",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// The controls that copy a block's or heading's address (PreTeXt's
// autopermalink and permalink, Sphinx's headerlink, bookdown's anchor-section, AnchorJS)
// are not text, inside <main> as outside it.
func TestPermalinksAreNotText(t *testing.T) {
	for _, page := range []string{
		`<main><article class="theorem theorem-like" id="t"><h6 class="heading"><span class="type">Theorem</span></h6><p>All is well.</p><div class="autopermalink" data-description="Paragraph"><a href="#t-1" title="Copy heading and permalink for Paragraph">🔗</a></div></article></main>`,
		`<div class="section"><h2>Groups<a class="headerlink" href="#groups" title="Permalink to this heading">¶</a></h2><p>All is well.</p></div>`,
		`<main><section class="subsection" id="ss"><h3 class="heading hide-type"><span class="type">Subsection</span> <span class="title">Groups</span></h3><a href="p.html#ss" class="permalink">¶</a><p>All is well.</p></section></main>`,
		`<h2>Groups<a class="anchor-section" href="#groups" aria-label="Anchor link to header"></a><a class="anchorjs-link" href="#groups">#</a></h2><p>All is well.</p>`,
	} {
		got := Text(page)
		if strings.Contains(got, "🔗") || strings.Contains(got, "¶") || strings.Contains(got, "Groups#") || strings.Contains(got, "Groups #") {
			t.Errorf("control read as text: %q", got)
		}
		if !strings.Contains(got, "All is well.") {
			t.Errorf("text lost: %q", got)
		}
	}
}

// pandoc keeps a LaTeX environment's own name as the div's class
// (\newtheorem{thm}{Theorem} gives <div class="thm">) and writes amsthm's
// label in bold, its title in parentheses after it. A short class word
// opens a block only when the div opens with such a label.
func TestPandocShortClassBlocks(t *testing.T) {
	page := `<div id="thm:mono" class="thm"><p><strong>Theorem 2.10</strong> (Monotone convergence theorem). <em>A monotone sequence is bounded if and only if it is convergent.</em></p></div>` +
		`<div class="prop"><p><strong>Proposition 1.9</strong>. <em>If xy &gt; 0, then x and y have one sign.</em></p></div>` +
		`<div class="prop"><p>Colour: red</p></div>` +
		`<div class="thm"><p><strong>Theorem 3</strong> (a) if x then y.</p></div>` +
		`<p>By <a href="#thm:mono">the theorem</a>.</p>`
	got := Text(page)
	for _, want := range []string{
		"::: {.theorem #thm:mono name=\"Monotone convergence theorem\" number=\"2.10\"}\n\nA monotone sequence is bounded if and only if it is convergent.\n\n:::",
		"::: {.proposition number=\"1.9\"}\n\nIf xy > 0, then x and y have one sign.\n\n:::",
		":::\n\nColour: red\n\n::: {.theorem",
		"::: {.theorem number=\"3\"}\n\n(a) if x then y.\n\n:::",
		"By [the theorem](#thm:mono).",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Count(got, ":::") != 6 {
		t.Errorf("want three blocks:\n%s", got)
	}
}

// Inside a definition, emphasis marks the terms it defines (pandoc writes
// LaTeX's \emph as <em>), and is kept as Markdown emphasis; a definition
// whose page marks its terms with <dfn> keeps only those. A footnote's
// reference is no word of its sentence.
func TestDefinitionEmphasisAndNoteRefs(t *testing.T) {
	page := `<div class="defn" id="d1"><p><strong>Definition 2.1</strong>. A <em> sequence </em> (of real numbers) is a function<a href="#fn4" class="footnote-ref" id="fnref4" role="doc-noteref"><sup>4</sup></a>.</p><p>A sequence is <em>bounded</em> if its range is; <i></i>we say <b>bounded below</b> likewise.</p></div>` +
		`<article class="definition definition-like" id="d2"><h6 class="heading"><span class="type">Definition</span></h6><p>A <dfn class="terminology">graph</dfn> is <em>not</em> a tree.</p></article>` +
		`<p>Plain <em>emphasis</em> stays plain<a href="#n1" epub:type="noteref">1</a>.</p>`
	got := Text(page)
	for _, want := range []string{
		"A *sequence* (of real numbers) is a function.",
		"A sequence is *bounded* if its range is; we say **bounded below** likewise.",
		"A **graph** is not a tree.",
		"Plain emphasis stays plain.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.ContainsAny(got, "\uE003\uE004") {
		t.Errorf("markers left in %q", got)
	}
}

// PreTeXt's newest HTML hides a proof in <details class="hiddenproof">,
// its label in the summary's heading and its text in an inner proof: it
// is one proof div, and its "Proof." heading opens no section (a section
// would cut the result it proves off from its proof's references).
func TestDetailsHiddenProofIsOneProof(t *testing.T) {
	page := `<main><article class="theorem theorem-like" id="t1"><h3 class="heading"><span class="type">Theorem</span> <span class="codenumber">7.6.1</span></h3><p>Every invertible matrix is a product of elementary matrices.</p></article>` +
		`<details id="t1-3" class="hiddenproof born-hidden-knowl"><summary class="knowl__link"><h3 class="heading"><span class="type">Proof<span class="period">.</span></span></h3></summary>` +
		`<article class="hiddenproof knowl__content"><div class="para">By Theorem 7.5.3 it reduces.</div></article></details></main>`
	got := Text(page)
	if strings.Count(got, "::: {.proof}") != 1 || strings.Contains(got, "# Proof") || !strings.Contains(got, "::: {.proof}\n\nBy Theorem 7.5.3 it reduces.\n\n:::") {
		t.Errorf("got\n%s", got)
	}
}

// A converter that cannot number a cross-reference (pandoc with a theorem
// package it does not know) prints the label in brackets and puts the
// block's anchor on an empty span at its start; the link still names the
// block.
func TestBracketedLabelLinks(t *testing.T) {
	page := `<div class="lemma"><p><span id="concave" label="concave"></span></p><p>h is concave.</p></div>` +
		`<div class="proof"><p><em>Proof.</em> By <a href="#concave" data-reference-type="ref">[concave]</a> and <a href="#concave">[a] [b]</a>, not <a href="#none">[none]</a>.</p></div>`
	got := Text(page)
	want := "By [concave](#concave) and [a] [b], not [none]."
	if !strings.Contains(got, want) {
		t.Errorf("links: want %q in\n%s", want, got)
	}
}

// tex4ht sets a block's label in a span whose class names its font, in
// TeX's names ("cmbx-12") or Karl Berry's for PostScript fonts
// ("bchb8t-": Charter Bold), after a dingbat in a font of its own; the
// label is read as bold and the dingbat left out, and the term the
// definition sets in bold is kept as Markdown emphasis.
func TestBerryFontLabelAfterDingbat(t *testing.T) {
	page := `<p class="noindent"><span class="head"><span class="pzdr-">&#x2726; </span><span class="bchb8t-">Definition 0.1.1</span><br class="newline" /></span> A <span class="ptmb8t-">set</span> is a collection of elements.</p>`
	got := Text(page)
	if want := "**Definition 0.1.1** A **set** is a collection of elements."; !strings.Contains(got, want) {
		t.Errorf("want %q in\n%s", want, got)
	}
}

// A definition's run-in paragraph keeps its terms' emphasis, a term set
// in two runs is one, and neither a statement set wholly in italic nor a
// long emphasised sentence is a term.
func TestRunInDefinitionTerms(t *testing.T) {
	page := `<p><b>Definition 1.</b> A <b>universe of</b> <b>discourse</b> is a set; <i>this sentence is set apart for emphasis and is long</i>.</p>` +
		`<p><b>Definition 2.</b> <i>Sei A eine Menge, A heißt <b>offen</b>, wenn es gilt.</i></p>` +
		`<p><b>Theorem 3.</b> A <i>group</i> is a monoid.</p>`
	got := Text(page)
	for _, want := range []string{
		"**Definition 1.** A **universe of discourse** is a set; this sentence is set apart for emphasis and is long.",
		"**Definition 2.** Sei A eine Menge, A heißt **offen**, wenn es gilt.",
		"**Theorem 3.** A group is a monoid.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in\n%s", want, got)
		}
	}
}

// LaTeXML writes every declared theorem-like environment as an
// ltx_theorem with an <h6> title: a proof in another language
// ("ltx_theorem_beweis") is a proof without its label, and the title of
// a kind lore does not learn ("Beispiel") is the block's label, not a
// section heading that would rename the blocks after it.
func TestLaTeXMLTheoremsInOtherLanguages(t *testing.T) {
	h6 := func(s string) string {
		return `<h6 class="ltx_title ltx_title_theorem"><span class="ltx_tag ltx_tag_theorem"><span class="ltx_text ltx_font_bold">` + s + `</span></span></h6>`
	}
	page := `<section class="ltx_section"><h2 class="ltx_title">1 Maße</h2>` +
		`<div id="T1" class="ltx_theorem ltx_theorem_satz">` + h6("Satz 1.1.") + `<div class="ltx_para"><p class="ltx_p">Jedes Maß ist monoton.</p></div></div>` +
		`<div id="B1" class="ltx_theorem ltx_theorem_beweis">` + h6("Beweis.") + `<div class="ltx_para"><p class="ltx_p">Klar.</p></div></div>` +
		`<div id="E1" class="ltx_theorem ltx_theorem_beispiel">` + h6("Beispiel 1.2.") + `<div class="ltx_para"><p class="ltx_p">Das Zählmaß.</p></div></div></section>`
	got := Text(page)
	for _, want := range []string{
		"::: {.theorem #T1 number=\"1.1\"}\n\nJedes Maß ist monoton.\n\n:::",
		"::: {.proof}\n\nKlar.\n\n:::",
		"**Beispiel 1.2.**",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "# Beispiel") || strings.Contains(got, "# Beweis") {
		t.Errorf("a block's title became a heading:\n%s", got)
	}
}
