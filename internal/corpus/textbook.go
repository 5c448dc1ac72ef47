package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TextbookFile writes a LaTeX textbook of about size bytes made of the
// corpus's three LaTeX chapters, each copy under its own \chapter with its
// theorems and definitions numbered by copy, so that the primitives grow
// with the book instead of repeating (repeats would be skipped by dedup
// and flatter a figure), and returns its path. It skips tb without the
// corpus, as Path does.
func TextbookFile(tb testing.TB, size int) string {
	tb.Helper()
	var chapters []string
	for _, name := range []string{"latex_ods_sorting.tex", "latex_openlogic_enumerability.tex", "latex_openintro_ch_probability.tex"} {
		b, err := os.ReadFile(Path(tb, name))
		if err != nil {
			tb.Skipf("corpus not available: %v", err)
		}
		chapters = append(chapters, string(b))
	}
	var sb strings.Builder
	for i := 0; sb.Len() < size; i++ {
		fmt.Fprintf(&sb, "\\chapter{Part %d}\n", i+1)
		ch := chapters[i%len(chapters)]
		ch = strings.ReplaceAll(ch, "\\begin{thm}", fmt.Sprintf("\\begin{thm}[Part %d] In part %d,", i+1, i+1))
		ch = strings.ReplaceAll(ch, "\\begin{defn}", fmt.Sprintf("\\begin{defn}[Part %d] In part %d,", i+1, i+1))
		sb.WriteString(ch)
		sb.WriteString("\n")
	}
	p := filepath.Join(tb.TempDir(), "book.tex")
	if err := os.WriteFile(p, []byte(sb.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}
