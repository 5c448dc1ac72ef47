package extract

import (
	"os"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A book that teaches a method by one function under the method's heading,
// set in an environment the author defines over minted (its options on
// the next line), gives that function as the section's algorithm with its
// rows in order; a helper whose name says nothing of the heading, and a
// script of several functions, are code the section uses.
func TestMethodTaughtByItsFunction(t *testing.T) {
	b, err := os.ReadFile("testdata/methodcode.tex")
	if err != nil {
		t.Fatal(err)
	}
	ps := texBook(t, string(b))
	var algs []core.Primitive
	for _, p := range ps {
		if p.Type == core.Algorithm {
			algs = append(algs, p)
		}
	}
	if len(algs) != 1 {
		t.Fatalf("algorithms %v, want the bisection alone", nameList(algs))
	}
	a := algs[0]
	if !strings.Contains(a.Name, "Bisection") {
		t.Errorf("named %q", a.Name)
	}
	f := a.ComputationalForm
	if i, j := strings.Index(f, "mid = (a+b) / 2"), strings.Index(f, "mid_last = mid"); i < 0 || j < i {
		t.Errorf("rows out of order or lost: %q", f)
	}
}
