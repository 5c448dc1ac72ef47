package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A proof that follows no result proves the statement before it: a
// property set as a description item is a result named by its label,
// with its proof; a proof inside an example proves the example's point
// and makes no result; a proof of a stated theorem stays the theorem's.
func TestProofProvesTheStatementBeforeIt(t *testing.T) {
	txt := "\\documentclass{article}\n\\usepackage{amsthm}\n\\newtheorem{theorem}{Theorem}\n" +
		"\\newtheorem{example}{Example}\n\\begin{document}\n\\section{Identities}\n" +
		"\\begin{description}\n  \\item[Reflection] For all Boolean values $a$,\n\n" +
		"    \\begin{equation}\n        a \\land a = a\n    \\end{equation}\n\n" +
		"    \\begin{proof}\n      Check $a$ true, then $a$ false, in the table.\n    \\end{proof}\n\n" +
		"  \\item[Association] For all $a$, $b$ and $c$,\n    \\begin{equation}\n" +
		"      a \\land (b \\land c) = (a \\land b) \\land c\n    \\end{equation}\n\n" +
		"    \\begin{proof}\n      Let $a$ be true, then false, and compare both sides.\n    \\end{proof}\n" +
		"\\end{description}\n\n" +
		"\\begin{example}\nAn even number squared is even.\n\\begin{proof}\nWrite $n = 2k$ so $n^2 = 2(2k^2)$.\n\\end{proof}\n\\end{example}\n\n" +
		"\\begin{theorem}\nEvery finite group of prime order is cyclic.\n\\end{theorem}\n" +
		"\\begin{proof}\nTake an element other than the identity; its order divides the prime.\n\\end{proof}\n" +
		"\\end{document}\n"
	ps := texBook(t, txt)
	byName := map[string]core.Primitive{}
	for _, p := range ps {
		byName[p.Name] = p
		if strings.Contains(p.FormalStatement, "even") || strings.Contains(p.Proof.Text, "2k") {
			t.Errorf("the example's proof made %q (%s)", p.Name, p.Type)
		}
	}
	for name, proof := range map[string]string{"Reflection": "table", "Association": "compare both sides"} {
		p, ok := byName[name]
		switch {
		case !ok:
			t.Errorf("no result %q: %v", name, nameList(ps))
		case p.Type != core.Theorem || !strings.Contains(p.FormalStatement, "a \\land") || !strings.Contains(p.Proof.Text, proof):
			t.Errorf("%s: %s %q, proof %q", name, p.Type, p.FormalStatement, p.Proof.Text)
		case strings.Contains(p.Proof.Text, anotherProof):
			t.Errorf("%s holds the next item's proof: %q", name, p.Proof.Text)
		}
	}
	var thm int
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, "prime order") {
			thm++
			if !strings.Contains(p.Proof.Text, "order divides") {
				t.Errorf("theorem lost its proof: %q", p.Proof.Text)
			}
		}
	}
	if thm != 1 || len(ps) != 3 {
		t.Errorf("got %d primitives %v, want the two items and the theorem", len(ps), nameList(ps))
	}
}

// A paragraph that leads into a proof of a result stated elsewhere is no
// claim: the proof after it makes no result of it.
func TestProofLeadInIsNoClaim(t *testing.T) {
	txt := "\\documentclass{article}\n\\usepackage{amsthm}\n\\begin{document}\n\\section{Primes}\n" +
		"We are ready to prove the fundamental theorem of arithmetic using the following idea.\n\n" +
		"\\begin{proof}\nCancel common primes from two factorizations.\n\\end{proof}\n\n" +
		"Why can we not differentiate under the integral in the second term?\n\n" +
		"\\begin{proof}\nIt would lead to an impossible result.\n\\end{proof}\n\\end{document}\n"
	if ps := texBook(t, txt); len(ps) != 0 {
		t.Errorf("got %v, want no claim", nameList(ps))
	}
}
