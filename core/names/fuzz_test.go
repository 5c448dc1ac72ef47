package names

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// FuzzOffers: any name, statement and section give at most n offers, none
// empty, none a fallback, never a panic.
func FuzzOffers(f *testing.F) {
	f.Add("Lemma 1.1.9 — The Greatest Common Divisor", `Suppose $a,b,n\in\Z$. Then $\gcd(a,b) = \gcd(a,b-an)$.`, "The Greatest Common Divisor", 3, false, 1)
	f.Add("Definition 2", `A group $G$ is called abelian if $ab=ba$.`, "Groups", 2, true, 5)
	f.Add("Theorem", `Prime Sieve Given $n$, this algorithm computes the primes up to $n$.`, "", 5, false, 0)
	f.Add("Theorem 1", "$$ \\sum_{n=0}^{p-1} $ unclosed \\( math", "(", 1, false, -3)
	f.Add("Lemma 3", `The following are equivalent: (1) $F$ is left exact`, "", 3, false, 12)
	f.Fuzz(func(t *testing.T, name, statement, section string, n int, definition bool, sectionResults int) {
		n %= 8
		typ := core.Theorem
		if definition {
			typ = core.Definition
		}
		p := core.Primitive{Name: name, Type: typ, FormalStatement: statement, Provenance: core.Provenance{Section: section}}
		lib := []core.Primitive{{ID: "x", Name: section, FormalStatement: statement}}
		got := OffersIn(p, lib, n, Context{SectionResults: sectionResults})
		if n <= 0 && len(got) != 0 {
			t.Fatalf("n=%d: %d offers", n, len(got))
		}
		if n > 0 && len(got) > n {
			t.Fatalf("n=%d: %d offers", n, len(got))
		}
		for _, o := range got {
			if strings.TrimSpace(o.Name) == "" || !utf8.ValidString(o.Name) {
				t.Fatalf("empty or invalid offer %q", o.Name)
			}
			if Fallback(o.Name) {
				t.Fatalf("fallback offered: %q", o.Name)
			}
		}
	})
}

// BenchmarkOffers measures offers for a typical theorem with a section
// title and two library neighbours.
func BenchmarkOffers(b *testing.B) {
	st := `Let $G$ be a finite group and $H$ a subgroup of $G$. Then the order of $H$ divides the order of $G$. ` +
		`In particular the index $[G:H]$ is $|G|/|H|$, and there is a bijection between any two left cosets of $H$.`
	p := core.Primitive{Name: "Theorem 6.10 — Lagrange's Theorem", Type: core.Theorem, FormalStatement: st,
		Provenance: core.Provenance{Section: "Lagrange's Theorem"}}
	lib := []core.Primitive{{ID: "a", Name: "Lagrange's theorem", FormalStatement: st}, {ID: "b", Name: "Theorem 3", FormalStatement: st}}
	b.ReportAllocs()
	for b.Loop() {
		if len(Offers(p, lib, 3)) == 0 {
			b.Fatal("no offer")
		}
	}
}
