package extract

import (
	"runtime"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/analyze"
	"github.com/lore-kb/lore/internal/heappeak"
)

// LaTeX nested a million groups or 100,000 environments deep is analyzed
// and extracted holding a heap of at most twenty times the file: nothing
// keeps a record per open group, and the words inside are still read.
func TestDeepLaTeXNestingBoundedMemory(t *testing.T) {
	for _, c := range []struct {
		name, open, close string
		n                 int
	}{
		{"braces", "{", "}", 1_000_000},
		{"itemize", `\begin{itemize}\item `, `\end{itemize}`, 100_000},
		{"theorems", `\begin{theorem}`, `\end{theorem}`, 100_000},
	} {
		text := "\\section{Groups}\nA \\emph{group} is a set with an associative operation.\n" +
			strings.Repeat(c.open, c.n) + "A \\emph{monoid} is a set with an identity." + strings.Repeat(c.close, c.n) + "\n"
		doc := &core.Document{Path: "deep.tex", Format: core.FormatLaTeX, Text: text}
		var ps []core.Primitive
		var a *core.Analysis
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		peak := heappeak.Of(func() {
			a = analyze.Analyze(doc, nil)
			ps = Extract(a, Options{})
		})
		held := int64(peak) - int64(base.HeapAlloc)
		t.Logf("%s: %d bytes, peak heap %d bytes over the start (%.1f×), %d primitives", c.name, len(text), held, float64(held)/float64(len(text)), len(ps))
		if held > int64(20*len(text)) {
			t.Errorf("%s: analyzing and extracting %d bytes held %d bytes, over twenty times the file", c.name, len(text), held)
		}
		if a.WordCount < 15 {
			t.Errorf("%s: %d words read, want the words inside the nest too", c.name, a.WordCount)
		}
	}
}

// Environments nested 100,000 deep, then closed by another name, or
// followed by as many \item or \caption, took 20 to 47 s of CPU for 3 MB:
// each command searched back through every open environment. The
// environments given a frame, and so each search, stop at maxTeXNesting,
// and the text inside is still read.
func TestDeepLaTeXEnvironmentsScanLinear(t *testing.T) {
	const n = 100_000
	for _, c := range []struct{ name, open, inner, close string }{
		{"unclosed", `\begin{itemize}`, "", `\end{foo}`},
		{"items", `\begin{quote}`, "", `\item `},
		{"captions", `\begin{quote}`, "", `\caption{c}`},
		{"balanced", `\begin{theorem}`, `A \emph{monoid} has an identity.`, `\end{theorem}`},
	} {
		doc := strings.Repeat(c.open, n) + c.inner + strings.Repeat(c.close, n)
		d := scanTeX(doc)
		if d.deepest > maxTeXNesting {
			t.Errorf("%s: %d environments framed at once, want at most %d", c.name, d.deepest, maxTeXNesting)
		}
		if c.name == "balanced" && len(d.blocks) > maxTeXNesting {
			t.Errorf("%s: %d theorem blocks of a nest, want at most %d", c.name, len(d.blocks), maxTeXNesting)
		}
	}
}
