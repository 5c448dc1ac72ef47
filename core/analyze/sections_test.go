package analyze

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// outline renders a section tree as "level:number:title" lines indented by
// depth, for compact expectations.
func outline(secs []*core.Section) string {
	var b strings.Builder
	var walk func([]*core.Section, int)
	walk = func(list []*core.Section, depth int) {
		for _, s := range list {
			fmt.Fprintf(&b, "%s%d:%s:%s\n", strings.Repeat("  ", depth), s.Level, s.Number, s.Title)
			walk(s.Children, depth+1)
		}
	}
	walk(secs, 0)
	return b.String()
}

// markers are what text[s.Offset:] must start with for a heading of each
// format (after leading spaces for Markdown).
func checkMarker(t testing.TB, text string, f core.Format, s *core.Section) {
	t.Helper()
	if s.Title == "Preamble" && s.Level == 0 || s.Title == "Document" && s.Offset == 0 && s.End == len(text) && len(s.Children) == 0 {
		return
	}
	at := text[s.Offset:]
	switch f {
	case core.FormatLaTeX:
		if !strings.HasPrefix(at, `\`) {
			t.Errorf("LaTeX section %q at %d starts with %.20q", s.Title, s.Offset, at)
		}
	case core.FormatPreTeXt:
		if !strings.HasPrefix(at, "<") {
			t.Errorf("PreTeXt section %q at %d starts with %.20q", s.Title, s.Offset, at)
		}
	default:
		first, _, _ := strings.Cut(at, "\n")
		first = strings.TrimLeft(first, " ")
		if !(strings.HasPrefix(first, "#") || strings.Contains(first, s.Title) || s.Number != "" && strings.HasPrefix(first, s.Number) ||
			strings.HasPrefix(first, "Appendix")) {
			t.Errorf("section %q at %d starts with line %q", s.Title, s.Offset, first)
		}
	}
}

// checkTree verifies the structural invariants every section tree keeps:
// offsets in bounds and ordered, siblings disjoint and in document order,
// children inside their parent's body and deeper than it.
func checkTree(t testing.TB, text string, secs []*core.Section) {
	t.Helper()
	last := -1
	var walk func(parent *core.Section, list []*core.Section)
	walk = func(parent *core.Section, list []*core.Section) {
		floor := 0
		if parent != nil {
			floor = parent.BodyOffset
		}
		for _, s := range list {
			if !(0 <= s.Offset && s.Offset <= s.BodyOffset && s.BodyOffset <= s.End && s.End <= len(text)) {
				t.Fatalf("section %q: offsets %d/%d/%d out of order or bounds (len %d)", s.Title, s.Offset, s.BodyOffset, s.End, len(text))
			}
			if s.Offset < floor {
				t.Fatalf("section %q at %d starts before %d (parent body or previous sibling end)", s.Title, s.Offset, floor)
			}
			if s.Offset < last {
				t.Fatalf("section %q at %d is out of document order (previous at %d)", s.Title, s.Offset, last)
			}
			last = s.Offset
			if parent != nil {
				if s.End > parent.End {
					t.Fatalf("section %q ends at %d after its parent %q (%d)", s.Title, s.End, parent.Title, parent.End)
				}
				if s.Level <= parent.Level {
					t.Fatalf("section %q level %d is not below parent %q level %d", s.Title, s.Level, parent.Title, parent.Level)
				}
			}
			if s.Title == "" {
				t.Fatalf("section at %d has no title", s.Offset)
			}
			walk(s, s.Children)
			floor = s.End
		}
	}
	walk(nil, secs)
}

func TestSectionsReferenceFixtures(t *testing.T) {
	t.Run("chapters and sections", func(t *testing.T) {
		text := "# Chapter 1: Foundations\nIntro.\n## Section 1.1: Basics\nText.\n## Section 1.2: Advanced\nMore.\n# Chapter 2: Applications\nEnd.\n"
		secs := Sections(text, core.FormatMarkdown)
		checkTree(t, text, secs)
		if len(secs) != 2 {
			t.Fatalf("roots = %d, want 2:\n%s", len(secs), outline(secs))
		}
		r := secs[0]
		if r.Level != 1 || len(r.Children) != 2 || r.Children[0].Title != "Section 1.1: Basics" || r.Children[0].Level != 2 {
			t.Fatalf("unexpected tree:\n%s", outline(secs))
		}
	})
	t.Run("depth four chain", func(t *testing.T) {
		text := "# Level 1\n## Level 2\n### Level 3\n#### Level 4\ncontent\n"
		secs := Sections(text, core.FormatMarkdown)
		checkTree(t, text, secs)
		s, depth := secs[0], 1
		for len(s.Children) == 1 {
			s = s.Children[0]
			depth++
		}
		if len(secs) != 1 || depth != 4 || s.Title != "Level 4" {
			t.Fatalf("chain depth %d leaf %q:\n%s", depth, s.Title, outline(secs))
		}
	})
	t.Run("no headings", func(t *testing.T) {
		text := "Just some text\nwith two lines."
		secs := Sections(text, core.FormatMarkdown)
		if len(secs) != 1 || secs[0].Title != "Document" || secs[0].Level != 1 || secs[0].Offset != 0 || secs[0].End != len(text) {
			t.Fatalf("got %+v", secs)
		}
	})
	t.Run("empty", func(t *testing.T) {
		for _, f := range []core.Format{core.FormatMarkdown, core.FormatText, core.FormatLaTeX, core.FormatPreTeXt} {
			if secs := Sections("", f); len(secs) != 0 {
				t.Errorf("%s: empty text gave %d sections", f, len(secs))
			}
			if secs := Sections(" \n\t\n", f); len(secs) != 0 {
				t.Errorf("%s: blank text gave %d sections", f, len(secs))
			}
		}
	})
}

func TestSectionsMarkdown(t *testing.T) {
	cases := []struct {
		name string
		text string
		want string
	}{
		{
			name: "hash in fenced bash block is not a heading",
			text: "# Install\n\n```bash\n# install the tool\nmake install\n```\n\n## Usage\n",
			want: "1::Install\n  2::Usage\n",
		},
		{
			name: "tilde fence and longer fence",
			text: "# A\n~~~\n# no\n~~~\n````md\n```\n# still code\n```\n````\n# B\n",
			want: "1::A\n1::B\n",
		},
		{
			name: "indented fence inside a list item",
			text: "# A\n1. Run:\n    ```console\n    # not a heading\n    ```\n# B\n",
			want: "1::A\n1::B\n",
		},
		{
			name: "decimals and versions in prose are not sections",
			text: "# Notes\n\n3.14 is pi\n\n1.49.561 release shipped\n\n2.5 million users\n",
			want: "1::Notes\n",
		},
		{
			name: "numbered section lines nest by depth",
			text: "# Chapter\n\n2.3 Vector Spaces\n\ntext\n\n2.3.1 Subspaces\n\ntext\n",
			want: "1::Chapter\n  2:2.3:Vector Spaces\n    3:2.3.1:Subspaces\n",
		},
		{
			name: "numbered lines in a row are a table of contents",
			text: "# Contents\n\n1.1 Basics\n1.2 Advanced\n1.3 More Topics\n\n1.4 Real Heading\n\ntext\n",
			want: "1::Contents\n  2:1.4:Real Heading\n",
		},
		{
			name: "numbered line needs a blank line before it",
			text: "# A\nThe list goes on\n2.1 Basic Facts\n",
			want: "1::A\n",
		},
		{
			name: "numbered line ending like a sentence is prose",
			text: "# A\n\n2.1 Then we stop.\n",
			want: "1::A\n",
		},
		{
			name: "setext headings",
			text: "Title\n=====\n\nIntro.\n\nPart One\n--------\n\ntext\n",
			want: "1::Title\n  2::Part One\n",
		},
		{
			name: "thematic break and list are not setext",
			text: "# A\n\n---\n\n- item\n---\n\nline one\nline two\n---\n",
			want: "1::A\n",
		},
		{
			name: "ATX details",
			text: "   ### Three spaces ###\n    # four spaces is code\n#hashtag\n####### seven\n## Closing # inside ##\n#\n",
			want: "3::Three spaces\n2::Closing # inside\n",
		},
		{
			name: "numbered ATX heading",
			text: "# 1. Introduction\n## 1.2 Scope\n## Section 1.1: Basics\n",
			want: "1:1:Introduction\n  2:1.2:Scope\n  2::Section 1.1: Basics\n",
		},
		{
			name: "front matter is not a setext heading",
			text: "---\ntitle: x\nlayout: y\n---\n\n# Real\n",
			want: "0::Preamble\n1::Real\n",
		},
		{
			name: "a kramdown-rfc header ends at its part marker",
			text: "---\ntitle: x\n\n--- abstract\n\nAbout.\n\n--- middle\n\n# Real\n\n~~~\n...\n~~~\n\n# Later\n",
			want: "0::Preamble\n1::Real\n1::Later\n",
		},
		{
			name: "preamble kept",
			text: "Some intro text.\n\n# First\nbody\n",
			want: "0::Preamble\n1::First\n",
		},
		{
			name: "unclosed fence swallows the rest",
			text: "# A\n```\n# B\n",
			want: "1::A\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			secs := Sections(c.text, core.FormatMarkdown)
			checkTree(t, c.text, secs)
			if got := outline(secs); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
			walkAll(secs, func(s *core.Section) { checkMarker(t, c.text, core.FormatMarkdown, s) })
		})
	}
}

func TestSectionsMarkdownOffsets(t *testing.T) {
	text := "Intro line.\n\n# One\nbody one\n\nSetext\n------\nbody two\n\n## Two.One\nlast\n"
	secs := Sections(text, core.FormatMarkdown)
	checkTree(t, text, secs)
	pre, one := secs[0], secs[1]
	if pre.Title != "Preamble" || pre.Level != 0 || pre.Offset != 0 || pre.BodyOffset != 0 || pre.End != strings.Index(text, "# One") {
		t.Errorf("preamble %+v", pre)
	}
	if one.Offset != strings.Index(text, "# One") || one.BodyOffset != strings.Index(text, "body one") {
		t.Errorf("one: offset %d body %d", one.Offset, one.BodyOffset)
	}
	setext := one.Children[0]
	if setext.Title != "Setext" || setext.Level != 2 || setext.Offset != strings.Index(text, "Setext") || setext.BodyOffset != strings.Index(text, "body two") {
		t.Errorf("setext %+v", setext)
	}
	two := one.Children[1]
	if two.Offset != strings.Index(text, "## Two") || setext.End != two.Offset || two.End != len(text) || one.End != len(text) {
		t.Errorf("ends: setext %d two %d..%d one %d, len %d", setext.End, two.Offset, two.End, one.End, len(text))
	}
	if one.OwnEnd() != setext.Offset {
		t.Errorf("OwnEnd = %d, want %d", one.OwnEnd(), setext.Offset)
	}
}

const rfcSample = "\n\n\nNetwork Working Group                                          A. Author\nRequest for Comments: 9999                                   Example Inc.\n\n                         The Sample Protocol\n\nAbstract\n\n   This document specifies a sample.\n\nTable of Contents\n\n   1.  Introduction . . . . . . . . . . . . . . . . . . . . . . . .  2\n     1.1.  Background . . . . . . . . . . . . . . . . . . . . . . .  2\n1.2.  Dotted Entry . . . . . . . . . . . . . . . . . . . . . . . .  3\n\n1.  Introduction\n\n   Text of the introduction.\n\n\n\nAuthor                        Standards Track                    [Page 1]\n\f\nRFC 9999                  The Sample Protocol                  June 2030\n\n\n1.1.  Background\n\n   The client MUST send a frame.\n\n2.  Protocol Details\n\n2.1.  Framing\n\n   Frames.\n\nAppendix A.  Test Vectors\n\nA.1.  First Vector\n\n   Bytes.\n\nAuthor's Address\n\n   A. Author\n"

func TestSectionsRFC(t *testing.T) {
	secs := Sections(rfcSample, core.FormatText)
	checkTree(t, rfcSample, secs)
	want := "0::Preamble\n1::Abstract\n1::Table of Contents\n1:1:Introduction\n  2:1.1:Background\n1:2:Protocol Details\n  2:2.1:Framing\n1:A:Test Vectors\n  2:A.1:First Vector\n1::Author's Address\n"
	if got := outline(secs); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	walkAll(secs, func(s *core.Section) { checkMarker(t, rfcSample, core.FormatText, s) })
}

func TestSectionsFormFeedWithoutHeader(t *testing.T) {
	// Text extracted from PDF starts each page with a form feed; a heading
	// at the top of a page is not a running header.
	text := "Body text.\n\f1.2 Linear Maps\n\nbody\n\fRFC 1   Title   2030\n\n2.1 Next Part\n\nmore\n"
	want := "0::Preamble\n2:1.2:Linear Maps\n2:2.1:Next Part\n"
	if got := outline(Sections(text, core.FormatText)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestSectionsPlainTextTableOfContents(t *testing.T) {
	text := "Contents\n\n1.1 Basics\n1.2 Advanced\n\n1.3 Real Heading\n\ntext\n"
	want := "1::Contents\n  2:1.3:Real Heading\n"
	if got := outline(Sections(text, core.FormatText)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestSectionsPlainTextMarkdownAndFences(t *testing.T) {
	text := "# Title\n\nSome text.\n\n```\n# comment in code\n```\n\n## Sub\n\n1.2 Numbered Part\n\nbody\n"
	secs := Sections(text, core.FormatText)
	checkTree(t, text, secs)
	// "1.2 Numbered Part" is level 2 like "## Sub": siblings, not nested.
	want := "1::Title\n  2::Sub\n  2:1.2:Numbered Part\n"
	if got := outline(secs); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A text protocol note underlines its headings as Markdown's setext
// headings do; a rule too short for its line, or a line of dashes in a
// table, is no underline.
func TestSectionsPlainTextSetext(t *testing.T) {
	text := "Protocol\n========\n\nClients talk over TCP.\n\nKeys\n----\n\nA key is a text string.\n\n" +
		"Expiration times and their meaning\n---\n\nnot a heading.\n\nname | value\n-----|------\n"
	secs := Sections(text, core.FormatText)
	checkTree(t, text, secs)
	want := "1::Protocol\n  2::Keys\n"
	if got := outline(secs); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestUnnumberedHeading(t *testing.T) {
	cases := map[string]bool{
		"Abstract":                 true,
		"Status of This Memo":      true,
		"Authors' Addresses":       true,
		"Table of Contents":        true,
		"Proof":                    false, // a theorem-like label, not a section
		"The end of the sentence.": false,
		"This is prose that goes on and on and on for too many words": false,
		"Request for Comments: 6455":                                  false,
		"lower case start":                                            false,
		"RFC 6455       The WebSocket Protocol":                       false,
		"Some words are lowercase here":                               false,
		"Preface":                                                     true,
		"X":                                                           false, // formula symbols from PDF text
		"PN":                                                          false,
		"Therefore":                                                   false, // a sentence opener
	}
	for in, want := range cases {
		if _, got := unnumberedHeading(in); got != want {
			t.Errorf("unnumberedHeading(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestNumberedLine(t *testing.T) {
	cases := []struct {
		line      string
		rfc       bool
		num, titl string
		level     int
		ok        bool
	}{
		{"2.3.1 Title", false, "2.3.1", "Title", 3, true},
		{"2.3. Title", false, "2.3", "Title", 2, true},
		{"1. Title", false, "", "", 0, false},
		{"1.  Introduction", true, "1", "Introduction", 1, true},
		{"4.2.1.  Reading the Client's Opening Handshake", true, "4.2.1", "Reading the Client's Opening Handshake", 3, true},
		{"Appendix B.  Examples", true, "B", "Examples", 1, true},
		{"A.1.  First", true, "A.1", "First", 2, true},
		{"3.14 is pi", false, "", "", 0, false},
		{"1.49.561 release shipped", false, "", "", 0, false},
		{"1.49.561 release shipped", true, "", "", 0, false},
		{"2020.1 Release Notes", false, "", "", 0, false},
		{"1.1.  Background . . . . . . . 4", true, "", "", 0, false},
		{"1.2 A Title Ending With A Period.", false, "", "", 0, false},
		{"1.2.3.4.5.6.7 Too Deep", false, "", "", 0, false},
		{"1.2 " + strings.Repeat("Long ", 20), false, "", "", 0, false},
		{"3. The set of pairs (apples, $3.14), where the", true, "", "", 0, false},
		// xml2rfc's two spaces after the number: a title in lower case
		// is a title; one space is not enough for it.
		{"4.  ristretto255", true, "4", "ristretto255", 1, true},
		{"5.3.  decaf448 group operations", true, "5.3", "decaf448 group operations", 2, true},
		{"4. ristretto255", true, "", "", 0, false},
		{"3.14  is pi.", true, "", "", 0, false},
	}
	for _, c := range cases {
		num, title, level, ok := numberedLine(c.line, c.rfc)
		if ok != c.ok || num != c.num || title != c.titl || level != c.level {
			t.Errorf("numberedLine(%q, %v) = %q %q %d %v, want %q %q %d %v", c.line, c.rfc, num, title, level, ok, c.num, c.titl, c.level, c.ok)
		}
	}
}

func TestSectionsLaTeX(t *testing.T) {
	text := `\documentclass{book}
\newcommand{\mysec}{\section}
\renewcommand{\section}{\oldsection}
\begin{document}
\chapter{Sorting \emph{Algorithms}}\label{ch:sort}
Intro text with a 50\% chance.
% \section{Commented Out}
\section*{Comparison-Based Sorting}
\begin{verbatim}
\section{Inside Verbatim}
\end{verbatim}
\subsection[Short]{Merge-Sort and \texttt{mergeSort}}
text
\section
  {Counting Sort}
\section{Broken title
`
	secs := Sections(text, core.FormatLaTeX)
	checkTree(t, text, secs)
	want := "0::Preamble\n1::Sorting Algorithms\n  2::Comparison-Based Sorting\n    3::Merge-Sort and mergeSort\n  2::Counting Sort\n"
	if got := outline(secs); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	walkAll(secs, func(s *core.Section) { checkMarker(t, text, core.FormatLaTeX, s) })
	ch := secs[1]
	if ch.Offset != strings.Index(text, `\chapter`) || ch.BodyOffset != strings.Index(text, `\label{ch:sort}`) {
		t.Errorf("chapter offsets %d/%d", ch.Offset, ch.BodyOffset)
	}
}

func TestSectionsLaTeXLevelsNormalized(t *testing.T) {
	text := "\\section{One}\n\\subsection{One.A}\n\\subsubsection{One.A.i}\n\\section{Two}\n"
	want := "1::One\n  2::One.A\n    3::One.A.i\n1::Two\n"
	if got := outline(Sections(text, core.FormatLaTeX)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	text = "% only comments\n%\n\\olsection{Enumerations and \\usetoken{S}{enumerable} Sets}\n\\olsubsection{More}\n"
	want = "1::Enumerations and enumerable Sets\n  2::More\n"
	if got := outline(Sections(text, core.FormatLaTeX)); got != want {
		t.Errorf("comment-only preamble: got\n%s\nwant\n%s", got, want)
	}
}

// A chapter whose sectioning commands its author defined in a preamble
// elsewhere ("\Level 1 {Title}" then a label) is read by them: a command
// that opens lines with a title and a label at once, given depths. One
// such line alone, or one without a label, names no command.
func TestSectionsLaTeXAuthorsOwnSectioning(t *testing.T) {
	text := "Intro text.\n\\Level 1 {Abstract presentation}\n\\label{sec:abs}\nText.\n" +
		"\\Level 1 {Computational form}\n\\label{sec:comp}\nText.\n\\Level 2 {Incomplete LU}\nText.\n" +
		"\\boxed{Not a heading}\n\\label{eq:x}\n"
	want := "0::Preamble\n1::Abstract presentation\n1::Computational form\n  2::Incomplete LU\n"
	if got := outline(Sections(text, core.FormatLaTeX)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	one := "Intro.\n\\Level 1 {Only once}\n\\label{sec:a}\nText.\n"
	if got := outline(Sections(one, core.FormatLaTeX)); strings.Contains(got, "Only once") {
		t.Errorf("one labelled line made a heading:\n%s", got)
	}
}

func TestCleanLaTeX(t *testing.T) {
	cases := map[string]string{
		`Sorting \emph{Algorithms}`:                      "Sorting Algorithms",
		`Enumerations and \usetoken{S}{enumerable} Sets`: "Enumerations and enumerable Sets",
		`Sets of !!{element}s`:                           "Sets of elements",
		`!!^{injection} and !!a{surjection}`:             "injections and a surjection",
		`Title\label{sec:x}`:                             "Title",
		`The $O(n\log n)$ Bound`:                         "The O(nlog n) Bound",
		`A~B \& C`:                                       "A B & C",
		`Sets of \Nat{} numbers`:                         "Sets of Nat numbers",
		`\texorpdfstring{$\alpha$}{alpha} decay`:         "alpha decay",
		`Line\\ Break`:                                   "Line Break",
		`Footnote\footnote{not this} here`:               "Footnote here",
		`Nested {\bfseries bold} text`:                   "Nested bold text",
		`Categorical data analysis{#ch:chisquare}`:       "Categorical data analysis",
		// a title page's faces, sizes, layout and artwork
		`{\bf \Huge Elementary Functional Algorithms} \centering \includegraphics[scale=0.5]{img/spiral}`: "Elementary Functional Algorithms",
	}
	for in, want := range cases {
		if got := cleanLaTeX(in); got != want {
			t.Errorf("cleanLaTeX(%q) = %q, want %q", in, got, want)
		}
	}
}

const pretextSample = `<?xml version="1.0" encoding="UTF-8"?>
<!-- <section><title>Commented</title></section> -->
<chapter xml:id="ch">
  <title>Graph <em>Theory</em> &amp; Trees</title>
  <introduction><p>Intro.</p></introduction>
  <section xml:id="s1">
    <title>Trees</title>
    <p>A <term>tree</term> is <![CDATA[<section>]]> acyclic.</p>
    <subsection>
      <title>Properties of Trees</title>
      <theorem><title>Not a division</title><statement><p>x</p></statement></theorem>
    </subsection>
    <subsection><p>No title here.</p></subsection>
    <exercises><title>Exercises</title></exercises>
  </section>
  <section/>
</chapter>
`

func TestSectionsPreTeXt(t *testing.T) {
	secs := Sections(pretextSample, core.FormatPreTeXt)
	checkTree(t, pretextSample, secs)
	want := "1::Graph Theory & Trees\n  2::Trees\n    3::Properties of Trees\n    3::Subsection\n    3::Exercises\n  2::Section\n"
	if got := outline(secs); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	walkAll(secs, func(s *core.Section) { checkMarker(t, pretextSample, core.FormatPreTeXt, s) })
	ch := secs[0]
	closing := "</chapter>"
	if ch.Offset != strings.Index(pretextSample, "<chapter") || ch.End != strings.Index(pretextSample, closing)+len(closing) {
		t.Errorf("chapter offset %d end %d", ch.Offset, ch.End)
	}
	if ch.BodyOffset != strings.Index(pretextSample, "Trees</title>")+len("Trees</title>") {
		t.Errorf("chapter body %d", ch.BodyOffset)
	}
	sec := ch.Children[0]
	if !strings.HasPrefix(pretextSample[sec.Offset:], `<section xml:id="s1">`) || !strings.HasSuffix(pretextSample[:sec.End], "</section>") {
		t.Errorf("section span %q", pretextSample[sec.Offset:sec.End])
	}
}

func TestSectionsPreTeXtMalformed(t *testing.T) {
	cases := []struct {
		name, text, want string
	}{
		{"unclosed section", "<section><title>Open", "1::Open\n"},
		{"unterminated tag", "<section><title>A</title><subsection", "1::A\n"},
		{"mismatched end tags", "<chapter><title>C</title><section><title>S</title></chapter></section>", "1::C\n  2::S\n"},
		{"no divisions", "<p>just a paragraph</p>", "1::Document\n"},
		{"not xml at all", "plain words < and > & stuff", "1::Document\n"},
		{"unterminated comment", "<section><title>T</title><!-- never closed", "1::T\n"},
		{"text before first division", "<book><title>My Book</title><chapter><title>One</title></chapter></book>", "0::Preamble\n1::One\n"},
		{"division inside title", "<section><title>A<section><title>B</title></section></title></section>", "1::A\n  2::B\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			secs := Sections(c.text, core.FormatPreTeXt)
			checkTree(t, c.text, secs)
			if got := outline(secs); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestSectionsUnknownFormatIsMarkdown(t *testing.T) {
	if got := outline(Sections("# A\n", "")); got != "1::A\n" {
		t.Errorf("got %q", got)
	}
}

// walkAll visits every section depth-first in document order.
func walkAll(secs []*core.Section, fn func(*core.Section)) {
	for _, s := range secs {
		s.Walk(fn)
	}
}

// A heading's inline HTML (an anchor a site generator put before the
// title, a code span) is not its title; a title with angle brackets of
// its own keeps them.
func TestMarkdownHeadingInlineHTML(t *testing.T) {
	doc := "## <a href=\"#intro\" id=\"intro\" class=\"headerlink\"></a> Introduction\n\nText.\n\n" +
		"## The <code>id</code> Member\n\nText.\n\n## Vec<T> and Box<T>\n\nText.\n"
	a := Analyze(&core.Document{Format: core.FormatMarkdown, Text: doc}, nil)
	var got []string
	for _, s := range a.Sections {
		got = append(got, s.Title)
	}
	want := []string{"Introduction", "The id Member", "Vec<T> and Box<T>"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("titles %q, want %q", got, want)
	}
}

// An older RFC indents each heading by its depth and runs a two-line page
// header (number and date, then the title) after each form feed: the
// headings are found at every depth, the header's title line is none, and
// a numbered list item indented otherwise is no heading.
func TestSectionsOlderRFCLayout(t *testing.T) {
	doc := "Network Working Group                                          J. Person\n" +
		"Request for Comments: 959                                   October 1985\n\n" +
		"                      FILE TRANSFER PROTOCOL (FTP)\n\n" +
		"1.  INTRODUCTION\n\n   The objectives of FTP are to share files.\n\n" +
		"2.  OVERVIEW\n\n   In this section, the terminology is discussed.\n\n" +
		"Person                                                          [Page 1]\n\f\n" +
		"RFC 959                                                     October 1985\n" +
		"File Transfer Protocol\n\n\n" +
		"   2.1.  HISTORY\n\n      FTP has had a long evolution over the years.\n\n" +
		"      3.1.1.  DATA TYPES\n\n         Several types take care of the data.\n\n" +
		"   2.2.  TERMINOLOGY\n\n      The terms are defined below.\n\n" +
		"      1.  A user starts the transfer\n          by opening the connection.\n"
	var got []string
	walkAll(Sections(doc, core.FormatText), func(s *core.Section) {
		got = append(got, strings.TrimSpace(s.Number+" "+s.Title))
	})
	want := []string{"Preamble", "1 INTRODUCTION", "2 OVERVIEW", "2.1 HISTORY", "3.1.1 DATA TYPES", "2.2 TERMINOLOGY"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sections %q, want %q", got, want)
	}
}
