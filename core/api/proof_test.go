package api_test

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

const provedDoc = `\section{Primes}
\begin{theorem}[Infinitude of primes]
There are infinitely many prime numbers.
\end{theorem}
\begin{proof}
Suppose $p_1, \dots, p_n$ were all the primes; then $p_1 \cdots p_n + 1$ has a prime factor that is none of them.
\end{proof}
\begin{proof}[Sketch]
Multiply them all and add one.
\end{proof}
`

// Show gives a result's proof and sketch, locally and through the
// server, and a client reads them back as the engine's.
func TestShowGivesTheProof(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("rita", access.Reader, "default")
		e.Seed("default", "primes.tex", []byte(provedDoc))
		ctx, svc := e.As("rita")
		found, err := svc.Find(ctx, &lorev1.FindRequest{Query: "infinitely many prime numbers", Top: 1})
		if err != nil || len(found.GetHits()) == 0 {
			t.Fatalf("Find: %v, %v", found, err)
		}
		shown, err := svc.Show(ctx, &lorev1.ShowRequest{Id: found.GetHits()[0].GetPrimitive().GetId()})
		if err != nil {
			t.Fatal(err)
		}
		pr := shown.GetPrimitive().GetProof()
		if !strings.HasPrefix(pr.GetText(), "Suppose $p_1, ") || pr.GetSketch() != "Multiply them all and add one." {
			t.Fatalf("Show's proof = %v", pr)
		}
		p, _ := api.PrimitiveOf(shown.GetPrimitive())
		if p.Proof.Text != pr.GetText() || p.Proof.Sketch != pr.GetSketch() {
			t.Errorf("PrimitiveOf's proof = %+v", p.Proof)
		}
	})
}
