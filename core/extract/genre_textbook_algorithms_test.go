package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestNamedAlgorithmsInProse(t *testing.T) {
	cases := []struct {
		name, text string
		format     core.Format
		want       []string // names of algorithm primitives
	}{
		{"latex", "Intro.\n\nThe \\emph{merge-sort} algorithm is a classic example of divide and conquer.\nIt splits the array.\n\nThe \\emph{merge-sort} algorithm again.",
			core.FormatLaTeX, []string{"Merge-sort"}},
		{"markdown bold", "We now meet the **quicksort** algorithm, which partitions around a pivot.", core.FormatMarkdown, []string{"Quicksort"}},
		{"markdown italic", "The *heap sort* Algorithm builds a heap first.", core.FormatMarkdown, []string{"Heap Sort"}},
		{"emphasis not before algorithm", "These algorithms are all \\emph{comparison-based}. The counting-sort algorithm is \\emph{stable}; it keeps order.", core.FormatLaTeX, nil},
		{"algorithmic is not algorithm", "The **greedy** algorithmic idea recurs.", core.FormatMarkdown, nil},
		{"a sentence is not a name", "The *very long emphasized phrase of many words here* algorithm.", core.FormatMarkdown, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := oneSection(c.text, c.format, core.Textbook)
			var got []string
			for _, p := range Extract(a, Options{}) {
				if p.Type == core.Algorithm {
					got = append(got, p.Name)
					if p.Confidence != namedAlgorithmConf {
						t.Errorf("%s confidence %v", p.Name, p.Confidence)
					}
					if !strings.HasPrefix(c.text[p.Provenance.Offset:], "\\emph{") && !strings.ContainsAny(c.text[p.Provenance.Offset:p.Provenance.Offset+1], "*_") {
						t.Errorf("%s offset %d does not point at the emphasis: %q", p.Name, p.Provenance.Offset, c.text[p.Provenance.Offset:])
					}
				}
			}
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("algorithms = %q, want %q", got, c.want)
			}
		})
	}
	// The statement is the sentence that names it, read as prose.
	a := oneSection("Sorting.  The \\emph{merge-sort} algorithm is a classic example.\nIt recurses.", core.FormatLaTeX, core.Textbook)
	ps := Extract(a, Options{})
	if len(ps) != 1 || ps[0].FormalStatement != "The merge-sort algorithm is a classic example. It recurses." {
		t.Fatalf("statement = %q", ps[0].FormalStatement)
	}
}
