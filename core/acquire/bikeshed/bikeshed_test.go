package bikeshed

import (
	"strings"
	"testing"
)

// TestMetadataIsTitleNotText: the metadata block names the title and is
// not body text; link defaults and the like are dropped too.
func TestMetadataIsTitleNotText(t *testing.T) {
	src := "<pre class=metadata>\nTitle: Widget Queues\nShortname: widgets\nEditor: A. Person\n</pre>\n" +
		"<pre class=link-defaults>\nspec:html; type:dfn; text:task\n</pre>\n\nIntroduction # {#intro}\n============\n\nWidgets queue.\n"
	body, title := Markdown(src)
	if title != "Widget Queues" {
		t.Errorf("title = %q", title)
	}
	for _, no := range []string{"Editor", "Shortname", "spec:html", "{#intro}"} {
		if strings.Contains(body, no) {
			t.Errorf("body holds %q:\n%s", no, body)
		}
	}
	if !strings.HasPrefix(body, "## Introduction\n\nWidgets queue.") {
		t.Errorf("body:\n%s", body)
	}
}

// TestShorthands: each shorthand reads as the text it prints.
func TestShorthands(t *testing.T) {
	src := "Let |item queue| be [=list/empty=] and [=widget/size|its size=] 0; call {{Widget/push(item)}} on {{Widget}}, " +
		"set ''auto'', see [[!INFRA]] and [[#intro]], match <<token>> and run [$frobnicate$]. <a>Spin</a> <var>w</var> <code>x &lt; y</code>.\n"
	body, _ := Markdown(src)
	want := "Let item queue be empty and its size 0; call push(item) on Widget, set auto, see [INFRA] and § intro, " +
		"match `<token>` and run frobnicate. Spin w `x < y`.\n"
	if body != want {
		t.Errorf("body =\n%q\nwant\n%q", body, want)
	}
}

// TestAlgorithmMarkdownList: a <div algorithm> whose body is indented
// keeps its lead-in as a paragraph and its steps as a nested numbered
// list, the whole a fenced algorithm div named by its <dfn>.
func TestAlgorithmMarkdownList(t *testing.T) {
	src := "  <div algorithm>\n" +
		"  To <dfn>spin a widget</dfn> |w| given a\n  number |n|, run these steps:\n\n" +
		"  1. Let |count| be 0.\n" +
		"  1. While |count| is less than |n|:\n" +
		"      1. Turn |w|\n         once.\n" +
		"      1. Increase |count| by 1.\n\n" +
		"          Note: each turn is a quarter.\n\n" +
		"  1. Return |w|.\n" +
		"  </div>\n\nAfter.\n"
	body, _ := Markdown(src)
	want := "::: {.algorithm name=\"spin a widget\"}\n\n" +
		"To spin a widget w given a number n, run these steps:\n\n" +
		"1. Let count be 0.\n\n" +
		"1. While count is less than n:\n\n" +
		"    1. Turn w once.\n\n" +
		"    1. Increase count by 1.\n\n" +
		"        Note: each turn is a quarter.\n\n" +
		"1. Return w.\n\n" +
		":::\n\nAfter.\n"
	if body != want {
		t.Errorf("body =\n%s\nwant\n%s", body, want)
	}
}

// TestAlgorithmHTMLList: <ol> and <li> nest as Markdown lists, and a
// <dl class=switch> gives its cases as items with their steps under them.
func TestAlgorithmHTMLList(t *testing.T) {
	src := "<div algorithm=\"widget/fold items\">\n<p>To fold <var>items</var>, run these steps:\n\n<ol>\n" +
		" <li><p>Let <var>acc</var> be 0.\n" +
		" <li>\n  <p>For each <var>i</var> of <var>items</var>:\n\n  <ol>\n   <li><p>Add <var>i</var> to <var>acc</var>.\n  </ol>\n </li>\n" +
		" <li><p>Switch on <var>acc</var>:\n  <dl class=switch>\n   <dt>0\n   <dd><p>Return null.\n   <dt>Otherwise\n   <dd><p>Return <var>acc</var>.\n  </dl>\n" +
		"</ol>\n</div>\n"
	body, _ := Markdown(src)
	want := "::: {.algorithm name=\"fold items\"}\n\n" +
		"To fold items, run these steps:\n\n" +
		"1. Let acc be 0.\n\n" +
		"1. For each i of items:\n\n" +
		"    1. Add i to acc.\n\n" +
		"1. Switch on acc:\n\n" +
		"    - 0\n\n" +
		"        Return null.\n\n" +
		"    - Otherwise\n\n" +
		"        Return acc.\n\n" +
		":::\n"
	if body != want {
		t.Errorf("body =\n%s\nwant\n%s", body, want)
	}
}

// TestHeadingAlgorithmAndCode: a heading with the algorithm attribute
// (split over lines) opens an algorithm that ends with its list; IDL and
// highlighted code are fenced, their markup read.
func TestHeadingAlgorithmAndCode(t *testing.T) {
	src := "<h3 id=\"check\" algorithm>\n  Check |widget|\n</h3>\n\nGiven |widget|:\n\n" +
		"1.  If |widget| is broken, return \"`Blocked`\".\n2.  Return \"`Allowed`\".\n\nAfter the steps.\n\n" +
		"<pre class=idl>\ninterface <dfn>Widget</dfn> {};\n</pre>\n\n<pre highlight=js>\nnew Widget();\n</pre>\n"
	body, _ := Markdown(src)
	want := "### Check widget\n\n::: {.algorithm name=\"Check widget\"}\n\nGiven widget:\n\n" +
		"1. If widget is broken, return \"`Blocked`\".\n\n1. Return \"`Allowed`\".\n\n:::\n\nAfter the steps.\n\n" +
		"```webidl\ninterface Widget {};\n```\n\n```js\nnew Widget();\n```\n"
	if body != want {
		t.Errorf("body =\n%s\nwant\n%s", body, want)
	}
}

// TestTermParagraphsAndLeadIns: a paragraph defining a term with <dfn> is
// a term paragraph, as the HTML reader writes one; a lead-in defining the
// procedure it introduces is not, and an <ol class=algorithm> with no
// name of its own is named by the heading it stands under.
func TestTermParagraphsAndLeadIns(t *testing.T) {
	src := "<h3>Spin checks</h3>\n\nA <dfn>widget</dfn> is a thing that spins.\n\n" +
		"<p>To <dfn>rest</dfn> a widget |w|, run these steps:\n\n<ol>\n <li><p>Stop |w|.\n <li><p>Return |w|.\n</ol>\n\n" +
		"<ol class=algorithm>\n1. Check.\n2. Report.\n</ol>\n"
	body, _ := Markdown(src)
	want := "### Spin checks\n\n::: {.definition .terminology}\n\nA **widget** is a thing that spins.\n\n:::\n\n" +
		"To rest a widget w, run these steps:\n\n1. Stop w.\n\n1. Return w.\n\n" +
		"::: {.algorithm name=\"Spin checks\"}\n\n1. Check.\n\n1. Report.\n\n:::\n"
	if body != want {
		t.Errorf("body =\n%s\nwant\n%s", body, want)
	}
}

// TestHostileNesting: lists nested thousands deep are written at a
// bounded depth, and a heading never closed does not swallow the text.
func TestHostileNesting(t *testing.T) {
	const n = 5000
	src := strings.Repeat("<ol><li>x\n", n)
	body, _ := Markdown(src)
	if len(body) > 100*n {
		t.Errorf("body is %d bytes for %d items", len(body), n)
	}
	body, _ = Markdown("<h2>Open\n" + strings.Repeat("line\n", 20) + "\nAfter.\n")
	if !strings.HasPrefix(body, "## Open\n\n") || !strings.Contains(body, "After.") {
		t.Errorf("body:\n%s", body)
	}
}

// TestStyleAndClosedHeadings: a style sheet is no text, and an ATX
// heading's closing hashes go with its id.
func TestStyleAndClosedHeadings(t *testing.T) {
	body, _ := Markdown("<style>\ndiv.head h1 { clear: left; }\n</style>\n\n# Introduction # {#introduction}\n\nText.\n")
	if body != "# Introduction\n\nText.\n" {
		t.Errorf("body = %q", body)
	}
}

// A Bikeshed source is known by its metadata block whatever its file's
// name (index.src.html); an HTML page that only holds a <pre> is not one.
func TestIsSource(t *testing.T) {
	for src, want := range map[string]bool{
		"<pre class='metadata'>\nTitle: WebCodecs\n</pre>\n":              true,
		"<!-- comment -->\n<pre class=metadata>\nTitle: X\n</pre>":        true,
		"<!DOCTYPE html><html><body><pre class='metadata'>x</pre></body>": false,
		"<pre>\ncode\n</pre>": false,
	} {
		if got := IsSource(src); got != want {
			t.Errorf("IsSource(%q) = %v, want %v", src, got, want)
		}
	}
}
