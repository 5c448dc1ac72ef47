package extract

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// manySections writes a book of n sections, each defining one term in words
// drawn from a small vocabulary with counts that differ from section to
// section, so every section has patterns of its own.
func manySections(n int, latex bool) string {
	vocab := strings.Fields("matrix vector kernel basis subspace eigenvalue determinant " +
		"operator tensor module ring field group homomorphism quotient lattice graph " +
		"vertex edge path cycle tree forest partition ordering sequence series limit")
	var sb strings.Builder
	for i := range n {
		var words []string
		for j := range 12 + i%7 {
			words = append(words, vocab[(i*7+j*j)%len(vocab)])
		}
		prose := strings.Join(words, " ")
		if latex {
			fmt.Fprintf(&sb, "\\section{Part %d}\n\\begin{definition}[Term %d]\nA term%d is a %s.\n\\end{definition}\nThe %s.\n\n", i, i, i, prose, prose)
			continue
		}
		fmt.Fprintf(&sb, "## Part %d\n\n**Definition (Term %d).** A term%d is a %s.\n\nThe %s.\n\n", i, i, i, prose, prose)
	}
	return sb.String()
}

// Counting the sections' patterns on several goroutines (countPatterns)
// finds what counting them one by one does: in Markdown, where a section's
// words are read from the analyzer's stream, in LaTeX, where only the prose
// between the markup counts, and with no recorded words.
func TestPatternsCountedTogetherAsOneByOne(t *testing.T) {
	for _, tc := range []struct {
		name   string
		format core.Format
		latex  bool
	}{{"markdown", core.FormatMarkdown, false}, {"latex", core.FormatLaTeX, true}} {
		t.Run(tc.name, func(t *testing.T) {
			doc := manySections(6*minParallelSections, tc.latex)
			extract := func(procs int, words bool) []core.Primitive {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				a := analyzed(doc, tc.format, core.Textbook)
				if !words {
					a.Words = nil
				}
				return Extract(a, Options{})
			}
			one := extract(1, true)
			if len(one) < 6*minParallelSections {
				t.Fatalf("%d primitives from %d sections", len(one), 6*minParallelSections)
			}
			patterns := map[string]bool{}
			for _, p := range one {
				patterns[strings.Join(p.ApplicabilityPatterns, " ")] = true
			}
			if len(patterns) < 10 {
				t.Fatalf("only %d different patterns: the sections do not tell them apart", len(patterns))
			}
			for _, words := range []bool{true, false} {
				many := extract(4, words)
				if reflect.DeepEqual(one, many) {
					continue
				}
				for i := range min(len(one), len(many)) {
					if !reflect.DeepEqual(one[i], many[i]) {
						t.Fatalf("words %v: primitive %d: one by one %+v, together %+v", words, i, one[i], many[i])
					}
				}
				t.Fatalf("words %v: %d primitives one by one, %d together", words, len(one), len(many))
			}
		})
	}
}
