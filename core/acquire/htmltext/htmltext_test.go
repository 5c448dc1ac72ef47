package htmltext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

const articlePage = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Graph  Theory &amp; Friends</title>
  <style>body { color: red; } p > a { x: "</p>" }</style>
  <script>if (a < b && c > d) { document.write("<p>nope</p>"); }</script>
</head>
<body>
<header class="site"><a href="/">Home</a> <a href="/blog">Blog</a></header>
<nav><ul><li>Menu one</li><li>Menu two</li></ul></nav>
<article>
  <h1>Graphs</h1>
  <p>A <a href="/graph">graph</a> is a set of <em>vertices</em>
     joined by   edges.</p>
  <h2>Kinds</h2>
  <ul>
    <li>Directed graphs</li>
    <li>Undirected graphs</li>
  </ul>
  <pre><code>func main() {
	fmt.Println("a &lt; b")
}
</code></pre>
  <p>That&#39;s all.</p>
</article>
<footer>Copyright 2026</footer>
<script>trackVisitor();</script>
</body>
</html>`

func TestArticle(t *testing.T) {
	want := "# Graphs\n\n" +
		"A graph is a set of vertices joined by edges.\n\n" +
		"## Kinds\n\n" +
		"- Directed graphs\n" +
		"- Undirected graphs\n\n" +
		"```\nfunc main() {\n\tfmt.Println(\"a < b\")\n}\n```\n\n" +
		"That's all.\n"
	if got := Text(articlePage); got != want {
		t.Errorf("Text =\n%s\nwant\n%s", got, want)
	}
	if got := Title(articlePage); got != "Graph Theory & Friends" {
		t.Errorf("Title = %q", got)
	}
}

func TestMainPreferredAndHeaderInsideKept(t *testing.T) {
	page := `<body><div class="top">Top bar</div><main><header><h1>Title</h1></header>
<p>Body text.</p><nav>skip me</nav><aside>aside</aside><form><label>Search</label></form></main>
<p>outside</p></body>`
	want := "# Title\n\nBody text.\n"
	if got := Text(page); got != want {
		t.Errorf("Text =\n%q\nwant\n%q", got, want)
	}
}

func TestBoilerplateByClass(t *testing.T) {
	page := `<html><body class="has-sidebar">
<div id="main-menu"><a href="/">Home</a> | <a href="/about">About</a></div>
<div class="breadcrumbs">Home &gt; Docs</div>
<div class="content">
  <h1>Install</h1>
  <p>Run the installer.</p>
  <h3>Notes</h3>
  <p>Reboot &mdash; twice.</p>
  <table><tr><th>OS</th><th>Command</th></tr><tr><td>Linux</td><td>make</td></tr></table>
  <blockquote><p>Quoted words.</p></blockquote>
</div>
<div class="Social-Share">Tweet this</div>
<section id="comments"><p>First!</p></section>
<div class="cookie-banner">We use cookies.</div>
<div class="site-footer">Copyright</div>
</body></html>`
	want := "# Install\n\nRun the installer.\n\n### Notes\n\nReboot — twice.\n\n" +
		"OS | Command\n\nLinux | make\n\n> Quoted words.\n"
	if got := Text(page); got != want {
		t.Errorf("Text =\n%s\nwant\n%s", got, want)
	}
}

func TestBoilerplateWrapperWithHeading(t *testing.T) {
	page := `<body><div class="content-sidebar-wrap"><div class="entry"><h1>Post</h1><p>Words.</p></div>
<div class="sidebar"><p>Widgets</p></div></div><div class="footer-widgets">Links</div></body>`
	want := "# Post\n\nWords.\n"
	if got := Text(page); got != want {
		t.Errorf("Text =\n%q\nwant\n%q", got, want)
	}
}

func TestEmptyMainFallsBack(t *testing.T) {
	page := `<body><nav>Menu</nav><main id="app"></main><noscript><main>x</main></noscript><h1>Shell</h1><p>Static text.</p></body>`
	want := "# Shell\n\nStatic text.\n"
	if got := Text(page); got != want {
		t.Errorf("Text =\n%q\nwant\n%q", got, want)
	}
}

func TestMalformed(t *testing.T) {
	cases := []struct{ in, want string }{
		{`<p>one<p>two<div>three`, "one\n\ntwo\n\nthree\n"},
		{`<p>a < b and c <= d</p><p>x<3</p>`, "a < b and c <= d\n\nx<3\n"},
		{`<ul><li>one<li>two</ul><p>after</b></i></p>`, "- one\n- two\n\nafter\n"},
		{`<div><span>unclosed <b>bold</div> tail`, "unclosed bold\n\ntail\n"},
		{`<p title="x>y">quoted</p>`, "quoted\n"},
		{`<p>bad <a @click="go()">attr</a> here</p>`, "bad attr here\n"},
		{`<p>comment <!-- a -- b --> end</p>`, "comment end\n"},
		{`<p>open comment <!-- never closed`, "open comment\n"},
		{`<p>x</p><`, "x\n\n<\n"},
		{`</p></div>text`, "text\n"},
		{`<?xml version="1.0" encoding="iso-8859-1"?><p>latin</p>`, "latin\n"},
		{"<p>bad \xff\xfe utf8 \x00 nul</p>", "bad \uFFFD\uFFFD utf8 nul\n"},
		{`<h2>Head<p>para`, "## Head para\n"},
		{`<h3><div>Inner</div><br>line</h3><p>after</p>`, "### Inner line\n\nafter\n"},
		{`<script>never closed <p>x</p>`, ""},
		{``, ""},
	}
	for _, c := range cases {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEntities(t *testing.T) {
	in := `<p>&lt;tag&gt; &amp; &quot;q&quot; &copy; &eacute;t&eacute; &#8364; &#x1F600; &nbsp;x &unknown; AT&T</p>`
	want := "<tag> & \"q\" © été € 😀 x &unknown; AT&T\n"
	if got := Text(in); got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}

func TestTitleFallback(t *testing.T) {
	if got := Title(`<body><h1> Only  <b>heading</b></h1></body>`); got != "Only heading" {
		t.Errorf("Title = %q", got)
	}
	if got := Title(`<p>none</p>`); got != "" {
		t.Errorf("Title = %q", got)
	}
}

func TestLinearTime(t *testing.T) {
	// Deep unclosed nesting and many stray tags must not blow up.
	var b strings.Builder
	for i := 0; i < 50000; i++ {
		b.WriteString("<div><span>x ")
	}
	for i := 0; i < 50000; i++ {
		b.WriteString("</p><a @=1>")
	}
	out := Text(b.String())
	if n := strings.Count(out, "x"); n != 50000 {
		t.Errorf("got %d x, want 50000", n)
	}
}

func FuzzHTMLText(f *testing.F) {
	for _, s := range []string{articlePage, `<p>one<p>two`, `<a @b=c>`, `<pre>x</pre>`, `<!-- --`, "<p>\xff</p>", `<![CDATA[x]]>`, `<main><p>m</p></main>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := Text(in)
		if !utf8.ValidString(out) {
			t.Fatalf("Text output is not valid UTF-8: %q", out)
		}
		if title := Title(in); !utf8.ValidString(title) {
			t.Fatalf("Title output is not valid UTF-8: %q", title)
		}
	})
}

// mathJaxSVG is a formula as MathJax draws it: glyph codes in <use
// data-c>, layout in <g data-mml-node>; the drawing has no text.
const mathJaxSVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1 1">` +
	`<defs><path id="MJX-1-TEX-I-1D712" d="M1 1"/></defs><g data-mml-node="math">` +
	`<g data-mml-node="mi"><use data-c="1D712" xlink:href="#MJX-1-TEX-I-1D712"/></g>` +
	`<g data-mml-node="mo"><use data-c="28"/></g><g data-mml-node="mi"><use data-c="1D43A"/></g><g data-mml-node="mo"><use data-c="29"/></g>` +
	`<g data-mml-node="mo"><use data-c="2264"/></g>` +
	`<g data-mml-node="msup"><g data-mml-node="mi"><use data-c="1D45B"/></g><g data-mml-node="mn"><use data-c="32"/></g></g>` +
	`</g></svg>`

// A formula drawn as MathJax SVG reads as text where it stands; other SVG
// (icons, figures) stays out.
func TestMathJaxSVGIsText(t *testing.T) {
	page := `<html><body><article><p>Any graph <span class="mjpage">` + mathJaxSVG + `</span> holds.</p>` +
		`<p>An icon <svg><path d="M0 0"/><text>logo</text></svg> here.</p></article></body></html>`
	got := Text(page)
	if !strings.Contains(got, "Any graph χ(G)≤n^2 holds.") {
		t.Errorf("formula text lost: %q", got)
	}
	if strings.Contains(got, "logo") {
		t.Errorf("an SVG drawing's own text leaked: %q", got)
	}
}

// <dfn> marks the defining instance of a term: it is written in bold, and
// its paragraph is a term paragraph (TermFence).
func TestDfnIsBold(t *testing.T) {
	got := Text(`<html><body><main><p>A <dfn>graph</dfn> is a set of vertices. Two vertices are <dfn> adjacent </dfn> if an edge joins them.<dfn></dfn></p></main></body></html>`)
	if want := "::: {.definition .terminology}\n\nA **graph** is a set of vertices. Two vertices are **adjacent** if an edge joins them.\n\n:::\n"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// An ordered list is numbered as it prints (from its start), a list
// inside an item stays inside it, indented, and a bulleted list keeps its
// bullets: a specification's algorithm ("1. Let promise be …" over its
// sub-steps) reaches the reader as its steps, in order and nested.
func TestOrderedAndNestedLists(t *testing.T) {
	page := `<body><main><p>The steps are:</p>
<ol><li>Let <var>p</var> be a new promise.</li><li>Run these substeps:<ol><li>Resolve <var>p</var>.</li>
<li>Queue a task.<ul><li>first</li><li>second</li></ul></li></ol></li><li>Return <var>p</var>.</li></ol>
<p>Then:</p><ol start="5"><li>Fifth.</li></ol></main></body>`
	want := "The steps are:\n\n" +
		"1. Let p be a new promise.\n2. Run these substeps:\n   1. Resolve p.\n   2. Queue a task.\n      - first\n      - second\n3. Return p.\n\n" +
		"Then:\n\n5. Fifth.\n"
	if got := Text(page); got != want {
		t.Errorf("Text =\n%s\nwant\n%s", got, want)
	}
}

// ecmarkup writes an algorithm's steps in <emu-alg> as a Markdown list in
// the page's source, one step a line, sub-steps two spaces further in.
// Flowed as prose they ran into one paragraph; each stays a step, nested.
func TestEmuAlgStepsStayALine(t *testing.T) {
	page := "<body><emu-clause><h1>ToHex ( )</h1>\n<emu-alg>\n    1. Let _O_ be the *this* value.\n    1. For each byte _b_ of _O_, do\n      1. Set _out_ to <a href=\"#x\">the concatenation</a> of _out_ and _b_.\n    1. Return _out_.\n  </emu-alg></emu-clause></body>"
	want := "# ToHex ( )\n\n1. Let _O_ be the *this* value.\n1. For each byte _b_ of _O_, do\n   1. Set _out_ to the concatenation of _out_ and _b_.\n1. Return _out_.\n"
	if got := Text(page); got != want {
		t.Errorf("Text =\n%q\nwant\n%q", got, want)
	}
}

// A hand-made edition (SICP's) sets a heading's number in a span of its
// own and links its footnotes with a class of its own: the number stays a
// word apart from the title, and the footnote's number is no word of the
// sentence.
func TestHeadingNumberSpanAndFootnoteLink(t *testing.T) {
	page := `<html><body><h3 class="section"><span class="secnum">3.2</span><span class="sectitle">The Environment Model</span></h3>` +
		`<p>Evaluate the subexpressions of the combination.<a class="footnote_link" id="DOCF140" href="#FOOT140"><sup>140</sup></a> Then apply.</p></body></html>`
	want := "### 3.2 The Environment Model\n\nEvaluate the subexpressions of the combination. Then apply.\n"
	if got := Text(page); got != want {
		t.Errorf("Text =\n%q\nwant\n%q", got, want)
	}
}

// A page whose chapter is a template its script renders (a Handlebars
// template in a script element) is read as the markup the template
// holds; a script that is a program stays out.
func TestTemplateScriptIsThePagesMarkup(t *testing.T) {
	page := `<!-- licence --><script>var x = "<p>not text</p>";</script>
<script id="design-template" type="text/x-handlebars-template">
    <h3><a id="persistence"></a>4.2 Persistence</h3>
    <p>Kafka relies heavily on the filesystem for storing and caching messages.
</script>`
	got := Text(page)
	if !strings.Contains(got, "4.2 Persistence") || !strings.Contains(got, "Kafka relies heavily on the filesystem") || strings.Contains(got, "not text") {
		t.Errorf("Text = %q", got)
	}
}
