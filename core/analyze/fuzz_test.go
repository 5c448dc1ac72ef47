package analyze

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

var fuzzFormats = []core.Format{core.FormatMarkdown, core.FormatText, core.FormatLaTeX, core.FormatPreTeXt}

// FuzzSections runs every section reader on arbitrary input: no panic, and
// the tree invariants (offsets in bounds and ordered, children inside their
// parents) hold for all four formats.
func FuzzSections(f *testing.F) {
	seeds := []string{
		"", "# A\n## B\n", "Title\n===\n", "```\n# x\n```\n# y", "2.3.1 Title\n", "1.  Intro\n\fRFC x\n",
		"\\section{A}\\subsection*[s]{B}", "%\\section{x}\n\\chapter{C", "<section><title>T</title><subsection/></section>",
		"<chapter><title>A<section>", "<!-- <section> -->", rfcSample, pretextSample, "\\begin{verbatim}\\section{x}",
		"---\na: b\n---\n# x", "<![CDATA[", "\\section{\\emph{\\textbf{x}}}", "!!{x}", "<section a='>'><title>&amp;&#x41;&bogus;</title>",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, format := range fuzzFormats {
			secs := Sections(s, format)
			checkTree(t, s, secs)
			if strings.TrimSpace(s) != "" && len(secs) == 0 && hasNonSpace(s) {
				t.Fatalf("%s: non-blank text gave no sections", format)
			}
		}
	})
}

// FuzzLaTeX targets the LaTeX reader and the title cleaner.
func FuzzLaTeX(f *testing.F) {
	for _, s := range []string{
		"\\chapter{Sorting \\emph{Algorithms}}\\label{x}", "\\section[short]{Long {nested} title}", "\\section*{A}%c\n",
		"\\olsection{Enumerations and \\usetoken{S}{enumerable} Sets}", "\\newcommand{\\section}{x}", "\\section{\\\\}",
		"\\begin{lstlisting}\\section{no}\\end{lstlisting}\\section{yes}", "\\section\n\n{x}", "!!a{b} !!^{c} !!",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hs := latexHeadings(s)
		last := -1
		for _, h := range hs {
			if h.offset <= last || h.offset >= h.body || h.body > len(s) || s[h.offset] != '\\' || h.title == "" {
				t.Fatalf("bad heading %+v (previous at %d, len %d)", h, last, len(s))
			}
			last = h.offset
		}
		_ = cleanLaTeX(s)
		checkTree(t, s, Sections(s, core.FormatLaTeX))
	})
}

// FuzzPreTeXt targets the tolerant XML scanner.
func FuzzPreTeXt(f *testing.F) {
	for _, s := range []string{
		pretextSample, "<section><title>A</title></section>", "<section/>", "<a><section></a></section>",
		"<?xml?><!DOCTYPE x [<!ENTITY y 'z'>]><chapter><title>T</title>", "<section><title><![CDATA[x]]></title>",
		"</section></chapter>", "<section\n title='>'>", "<title>Orphan</title><section>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hs := pretextHeadings(s)
		last := -1
		for _, h := range hs {
			if h.offset <= last || h.offset > h.body || h.body > h.end || h.end > len(s) || s[h.offset] != '<' || h.title == "" || h.level < 1 {
				t.Fatalf("bad heading %+v (previous at %d, len %d)", h, last, len(s))
			}
			last = h.offset
		}
		checkTree(t, s, Sections(s, core.FormatPreTeXt))
	})
}

// FuzzAnalyze runs the whole stage with the built-in domains: it must never
// panic and must keep its outputs in range.
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{"", "wave", "Smith et al. 2020", "Definition: x", "MUST do", rfcSample, "inner product rate of change through-line"} {
		f.Add(s, uint8(0))
	}
	ds := builtinDomains(f)
	f.Fuzz(func(t *testing.T, s string, k uint8) {
		a := Analyze(&core.Document{Format: fuzzFormats[int(k)%len(fuzzFormats)], Text: s}, ds)
		if a.Plane.Real < -1 || a.Plane.Real > 1 || a.Plane.Imaginary < -1 || a.Plane.Imaginary > 1 || a.Confidence < 0 || a.Confidence > 1 {
			t.Fatalf("out of range: %+v", a)
		}
		if a.WordCount != len(strings.Fields(s)) {
			t.Fatalf("word count %d, strings.Fields %d", a.WordCount, len(strings.Fields(s)))
		}
		for _, d := range a.Domains {
			if d.Score <= activationThreshold || d.Score > 1 || len(d.Matched) == 0 {
				t.Fatalf("domain score %+v", d)
			}
		}
	})
}

// FuzzWordCount holds WordCount to what it counts without building:
// strings.Fields, on any bytes.
func FuzzWordCount(f *testing.F) {
	for _, s := range []string{"", " one  two\nthree\t", "x\u00a0y\u2003z\u3000w", "\u200bzero-width", "\xc2", "a\xe2\x80", "é \u0085é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := WordCount(s), len(strings.Fields(s)); got != want {
			t.Fatalf("WordCount(%q) = %d, strings.Fields gives %d", s, got, want)
		}
	})
}
