package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// An "Algorithm N" block of PDF text — its caption, then its numbered
// rows — is one algorithm named by its caption, its rows nested by their
// keywords, not a marker whose statement is cut mid-formula.
func TestAlgorithmCaptionBlockInText(t *testing.T) {
	src := `The merge step takes linear time, as we show next.

Algorithm 3 Merge sort
Require: an array A[1..n]
Ensure: A sorted
1: procedure MergeSort(A, p, r)
2:   if p < r then
3:     q ← ⌊(p + r)/2⌋
4:     MergeSort(A, p, q)
5:     MergeSort(A, q + 1, r)
6:     Merge(A, p, q, r)
7:   else
8:     return A
9:   end if
10: end procedure

Its running time is O(n log n) by the master theorem.
`
	var algs []core.Primitive
	for _, p := range Extract(oneSection(src, core.FormatText, core.Textbook), Options{}) {
		if p.Type == core.Algorithm {
			algs = append(algs, p)
		}
	}
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	p := algs[0]
	if p.Name != "Merge sort" {
		t.Errorf("name = %q, want Merge sort", p.Name)
	}
	want := "Input: an array A[1..n]\nOutput: A sorted\n" +
		"1. procedure MergeSort(A, p, r):\n" +
		"   2. if p < r:\n" +
		"      3. q ← ⌊(p + r)/2⌋\n" +
		"      4. MergeSort(A, p, q)\n" +
		"      5. MergeSort(A, q + 1, r)\n" +
		"      6. Merge(A, p, q, r)\n" +
		"   7. else:\n" +
		"      8. return A"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
	if strings.Contains(p.FormalStatement, "running time") {
		t.Errorf("statement runs past the block: %q", p.FormalStatement)
	}
}
