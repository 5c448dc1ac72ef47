package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
)

// A book's results are read in the book, numbered and divided as it
// prints them, but each names the file holding its statement: its
// provenance document is that file, its offset and line are in it, and
// the book is where it was read.
func TestBookProvenanceNamesTheIncludedFile(t *testing.T) {
	src := filepath.Join(t.TempDir(), "book")
	files := map[string]string{
		"main.tex": `\documentclass{book}
\usepackage{amsthm}
\newtheorem{theorem}{Theorem}[chapter]
\newtheorem{definition}[theorem]{Definition}
\newcommand{\R}{\mathbb{R}}
\begin{document}
\chapter{Groups}
\include{ch1}
\chapter{Rings}
\input{ch2/sec}
\section{Fields}
\begin{definition}[Field]
A field is a commutative ring with unity in which every nonzero element has a multiplicative inverse.
\end{definition}
\end{document}
`,
		"ch1.tex": `\section{Basics}
A group collects symmetries.

\begin{definition}[Group]
A group is a set $G$ with an associative binary operation, an identity element and an inverse for every element of $G$.
\end{definition}
`,
		"ch2/sec.tex": `\section{Ideals}
Some words before.

\begin{definition}[Ideal]
An ideal of a ring $R$ is an additive subgroup $I$ of $R$ such that $ra \in I$ for every $r \in R$ and $a \in I$.
\end{definition}

\begin{theorem}[Quotient ring]
If $I$ is an ideal of a ring $R$, then the cosets of $I$ form a ring $R/I$ under the induced operations.
\end{theorem}
`,
	}
	for name, text := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	st, err := store.Open(filepath.Join(t.TempDir(), "store"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	opts := engine.LearnOptions{Domains: storetest.Domains(t), Domain: "mathematics"}
	opts.Policy.Trust = true
	res, err := engine.Learn(context.Background(), st, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"Group": "ch1.tex", "Ideal": "ch2/sec.tex", "Quotient ring": "ch2/sec.tex", "Field": "main.tex"}
	got := map[string]core.Primitive{}
	if err := st.Primitives(func(p core.Primitive) error {
		got[p.Name] = p
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatalf("nothing stored (%d learned, errors %v)", len(res.Primitives), res.Errors)
	}
	for name, file := range want {
		p, ok := got[name]
		if !ok {
			t.Errorf("%s not stored (stored: %v)", name, keys(got))
			continue
		}
		pv := p.Provenance
		if rel, _ := filepath.Rel(src, pv.Document); filepath.ToSlash(rel) != file {
			t.Errorf("%s: provenance document %s, want the file holding it, %s", name, pv.Document, file)
			continue
		}
		b, err := os.ReadFile(pv.Document)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		head := `\begin{`
		if pv.Offset < 0 || pv.Offset >= len(text) || !strings.Contains(text[pv.Offset:min(len(text), pv.Offset+60)], head) {
			t.Errorf("%s: offset %d in %s does not point at its block: %q", name, pv.Offset, file, text[min(max(pv.Offset, 0), len(text)):min(len(text), max(pv.Offset, 0)+60)])
		}
		if line := strings.Count(text[:min(max(pv.Offset, 0), len(text))], "\n") + 1; pv.Line != line {
			t.Errorf("%s: line %d, offset %d is on line %d", name, pv.Line, pv.Offset, line)
		}
		if rel, _ := filepath.Rel(src, pv.Book); rel != "main.tex" {
			t.Errorf("%s: read in book %q, want main.tex", name, pv.Book)
		}
		// the book stays one document: its chapters divide it
		if name == "Ideal" && pv.Chapter != "Rings" {
			t.Errorf("%s: chapter %q, want the book's, Rings", name, pv.Chapter)
		}
	}
}

func keys(m map[string]core.Primitive) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// Two chapters of one book stating a result alike are read as one
// document reads them, not as a result restated by another document (the
// fuller statement taking the first one's place, the other recorded as
// also stating it): naming the file that holds each does not make a
// book's chapters two documents.
func TestBookChaptersDoNotRestateEachOther(t *testing.T) {
	src := filepath.Join(t.TempDir(), "book")
	thm := func(title, where string) string {
		return `\section{` + title + `}
\begin{theorem}
Let $f$ be a continuous function on the closed interval $[a,b]$ of the ` + where + `. Then $f$ attains a maximum and a minimum on $[a,b]$.
\end{theorem}
`
	}
	files := map[string]string{
		"main.tex": "\\documentclass{book}\n\\newtheorem{theorem}{Theorem}[chapter]\n\\begin{document}\n\\chapter{One}\n\\input{ch1}\n\\chapter{Two}\n\\input{ch2}\n\\end{document}\n",
		"ch1.tex":  thm("Extreme values", "real line"),
		"ch2.tex":  thm("Extreme values again", "real line as before"),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(mkdir(t, src), name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	st, err := store.Open(filepath.Join(t.TempDir(), "store"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	opts := engine.LearnOptions{Domains: storetest.Domains(t), Domain: "mathematics"}
	opts.Policy.Trust = true
	if _, err := engine.Learn(context.Background(), st, src, opts); err != nil {
		t.Fatal(err)
	}
	files2 := map[string]bool{}
	n := 0
	if err := st.Primitives(func(p core.Primitive) error {
		n++
		files2[filepath.Base(p.Provenance.Document)] = true
		if len(p.AlsoStatedIn) > 0 {
			t.Errorf("%s: also stated in %v, another chapter of its own book", p.Name, p.AlsoStatedIn)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// as in one document: the statement read first is the result, the
	// later one no restatement that takes its place
	if !files2["ch1.tex"] {
		t.Errorf("%d results from %v, want the first chapter's kept", n, files2)
	}
}

func mkdir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
