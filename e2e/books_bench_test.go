package e2e_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
)

// bookFolder writes a LaTeX book of about size bytes as a repository holds
// one: a macros file, a main file for the whole book that \include's the
// chapters (and, with volumes, one per volume including half of them), the
// chapters themselves (the corpus's LaTeX chapters, each copy titled
// apart), and lecture slides that \input the macros and restate a
// chapter's first definitions.
func bookFolder(tb testing.TB, size int, volumes bool) string {
	tb.Helper()
	var chapters []string
	for _, name := range []string{"latex_ods_sorting.tex", "latex_openlogic_enumerability.tex", "latex_openintro_ch_probability.tex", "latex_untitled-envs_hott_equivalences.tex"} {
		b, err := os.ReadFile(corpus.Path(tb, name))
		if err != nil {
			tb.Skipf("corpus not available: %v", err)
		}
		chapters = append(chapters, string(b))
	}
	dir := tb.TempDir()
	write := func(name, body string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	const macros = "\\newcommand{\\R}{\\mathbb{R}}\n\\newcommand{\\N}{\\mathbb{N}}\n" +
		"\\newcommand{\\abs}[1]{\\lvert #1 \\rvert}\n\\DeclareMathOperator{\\diam}{diam}\n" +
		"\\newtheorem{thm}{Theorem}[chapter]\n\\newtheorem{defn}[thm]{Definition}\n\\newtheorem{lem}[thm]{Lemma}\n"
	write("macros.tex", macros)
	var all, vol1, vol2 strings.Builder
	total := len(macros)
	for i := 0; total < size; i++ {
		ch := chapters[i%len(chapters)]
		ch = strings.ReplaceAll(ch, "\\begin{thm}", fmt.Sprintf("\\begin{thm}[Part %d] In part %d,", i+1, i+1))
		ch = strings.ReplaceAll(ch, "\\begin{defn}", fmt.Sprintf("\\begin{defn}[Part %d] In part %d,", i+1, i+1))
		name := fmt.Sprintf("ch-%02d", i+1)
		write(name+".tex", ch)
		total += len(ch)
		inc := "\\include{" + name + "}\n"
		all.WriteString(inc)
		if i%2 == 0 {
			vol1.WriteString(inc)
		} else {
			vol2.WriteString(inc)
		}
	}
	mainFile := func(body string) string {
		return "\\documentclass{book}\n\\input{macros}\n\\begin{document}\n" + body + "\\end{document}\n"
	}
	write("book.tex", mainFile(all.String()))
	if volumes {
		write("vol1.tex", mainFile(vol1.String()))
		write("vol2.tex", mainFile(vol2.String()))
	}
	write("slides/ch-01.tex", "\\documentclass{beamer}\n\\input{../macros}\n\\begin{document}\n"+
		"\\begin{frame}\n\\begin{defn}\nA set $S \\subseteq \\N$ is finite when it has a largest element.\n\\end{defn}\n\\end{frame}\n\\end{document}\n")
	return dir
}

// BenchmarkLearnBookFolder learns a 2 MiB book folder (bookFolder) through
// every stage into a real in-memory store, as `lore learn FOLDER --dry-run`
// does: the speed a book read as one must keep. "one-main" has the book's
// main file alone; "volumes" adds a main file per volume over the same
// chapters, which lore once read two times over.
func BenchmarkLearnBookFolder(b *testing.B) {
	for _, c := range []struct {
		name    string
		volumes bool
	}{{"one-main", false}, {"volumes", true}} {
		b.Run(c.name, func(b *testing.B) {
			dir := bookFolder(b, 2<<20, c.volumes)
			s, err := store.OpenEmpty()
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			opts := engine.LearnOptions{Domains: builtinDomains(b), DryRun: true}
			opts.Policy.Approve = true
			b.ReportAllocs()
			var res *engine.LearnResult
			for b.Loop() {
				res, err = engine.Learn(context.Background(), s, dir, opts)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.Analysis.Candidates), "candidates")
		})
	}
}
