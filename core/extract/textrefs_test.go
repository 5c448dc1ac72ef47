package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A result in running text that cites an earlier one by kind and number
// requires it: in its statement or its proof, looked up in its own
// section first (books that restart "Lemma 1" in each section). Citations
// of another work, of another section, and forward pointers are not edges.
func TestRunningTextReferencesAreEdges(t *testing.T) {
	doc := "## 1 Groups\n\n" +
		"Lemma 1. Every group has exactly one identity element.\n\n" +
		"Lemma 2. Every element of a group has exactly one inverse.\n\n" +
		"Theorem 3. The cancellation law holds in every group.\n\nProof. By Lemmas 1 and 2, multiply by the inverse. See also Theorem 4.\n\n" +
		"Theorem 4. Every subgroup of a cyclic group is cyclic. Compare Theorem 2 of [12] and Lemma 1 in Sec. 2.\n\n" +
		"## 2 Rings\n\n" +
		"Lemma 1. Every ring has exactly one additive identity.\n\n" +
		"Theorem 2. The zero of a ring annihilates every element; by Lemma 1 it is unique.\n"
	a := analyzed(doc, core.FormatMarkdown, core.Textbook)
	ps := Extract(a, Options{})
	logPrimitives(t, ps)
	at := func(prefix string, from int) *core.Primitive {
		for i := range ps {
			if ps[i].Provenance.Offset >= from && strings.HasPrefix(doc[ps[i].Provenance.Offset:], prefix) {
				return &ps[i]
			}
		}
		t.Fatalf("no primitive at %q", prefix)
		return nil
	}
	rings := strings.Index(doc, "## 2 Rings")
	l1, l2, t3, t4 := at("Lemma 1.", 0), at("Lemma 2.", 0), at("Theorem 3.", 0), at("Theorem 4.", 0)
	r1, r2 := at("Lemma 1.", rings), at("Theorem 2.", rings)
	requires := func(p *core.Primitive) []string {
		var out []string
		for _, e := range p.Dependencies {
			if e.Type == core.Requires && e.Strength == refStrength {
				out = append(out, e.Target)
			}
		}
		return out
	}
	if got := requires(t3); strings.Join(got, ",") != l1.ID+","+l2.ID {
		t.Errorf("Theorem 3 requires %v, want Lemmas 1 and 2 (%s, %s); the forward Theorem 4 is no edge", got, l1.ID, l2.ID)
	}
	if got := requires(t4); len(got) != 0 {
		t.Errorf("Theorem 4 requires %v: Theorem 2 of [12] and Lemma 1 in Sec. 2 are elsewhere", got)
	}
	if got := requires(r2); strings.Join(got, ",") != r1.ID {
		t.Errorf("the rings' Theorem 2 requires %v, want the rings' Lemma 1 (%s)", got, r1.ID)
	}
}

// In a specification, a requirement that sends the reader to another
// section of the same document ("as described in Section 2.1") requires
// that section's first requirement; sections of other documents
// ("Section 3 of [RFC2818]", "[RFC7230], Section 2.7") are not edges.
func TestSpecSectionReferencesAreEdges(t *testing.T) {
	doc := "1.  Introduction\n\n   This document defines a token protocol.\n\n" +
		"2.  Client Authentication\n\n2.1.  Client Password\n\n" +
		"   The client MUST send its password in the Authorization header field.\n\n" +
		"3.  Token Endpoint\n\n3.1.  Token Request\n\n" +
		"   The client MUST authenticate to the token endpoint as described in Section 2.1.\n\n" +
		"   The server MUST validate the certificate chain as described in Section 3 of [RFC2818].\n\n" +
		"   Intermediaries MUST forward the request line unchanged per [RFC7230], Section 2.7.\n"
	ps := Extract(analyzed(doc, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	var password, auth *core.Primitive
	for i := range ps {
		switch {
		case strings.Contains(ps[i].FormalStatement, "send its password"):
			password = &ps[i]
		case strings.Contains(ps[i].FormalStatement, "Section 2.1"):
			auth = &ps[i]
		}
	}
	if password == nil || auth == nil {
		t.Fatalf("requirements not extracted: %q", names(ps))
	}
	edges := 0
	for _, p := range ps {
		for _, e := range p.Dependencies {
			if e.Strength == sectionRefStrength {
				edges++
				if p.ID != auth.ID || e.Target != password.ID || e.Type != core.Requires {
					t.Errorf("%s --%s--> %s: only the Section 2.1 reference is an edge", p.Name, e.Type, e.Target)
				}
			}
		}
	}
	if edges != 1 {
		t.Errorf("%d section edges, want 1 (Section 2.1)", edges)
	}
}

// A reference to a whole top-level section ("Section 2") stands for its
// subsections' requirements when it has none of its own.
func TestSpecTopLevelSectionReference(t *testing.T) {
	doc := "1.  Introduction\n\n   This document defines a token protocol.\n\n" +
		"2.  Client Authentication\n\n2.1.  Client Password\n\n" +
		"   The client MUST send its password in the Authorization header field.\n\n" +
		"3.  Token Endpoint\n\n" +
		"   The client MUST authenticate with its password as described in Section 2.\n\n" +
		"   The server MUST reject a request that Section 4 of [RFC2818] forbids.\n"
	ps := Extract(analyzed(doc, core.FormatText, core.Spec), Options{})
	logPrimitives(t, ps)
	var from, to string
	for _, p := range ps {
		for _, e := range p.Dependencies {
			if e.Strength == sectionRefStrength {
				if from != "" {
					t.Errorf("a second section edge from %s", p.Name)
				}
				from, to = p.FormalStatement, e.Target
			}
		}
	}
	if !strings.Contains(from, "Section 2.") || !strings.Contains(to, "password") {
		t.Errorf("edge %q -> %q, want the Section 2 reference to the password requirement", from, to)
	}
}

// A repeated name is told apart by its kind and number, or by its number
// alone when both would make it too long; it is never cut to fit.
func TestUniqueNamesNeverCut(t *testing.T) {
	long := "Characterization of Convergent Sequences"
	cs := []cand{
		{name: long, number: "1.3.5", kind: "Proposition", offset: 1},
		{name: long, number: "1.3.11", kind: "Proposition", offset: 2},
		{name: "Limit", number: "2", kind: "Definition", offset: 3},
		{name: "Limit", number: "5", kind: "Definition", offset: 4},
	}
	(&extractor{}).uniqueNames(cs)
	want := []string{long, long + " (1.3.11)", "Limit", "Limit (Definition 5)"}
	for i, c := range cs {
		if c.name != want[i] {
			t.Errorf("%d: %q, want %q", i, c.name, want[i])
		}
	}
}

// Two steps of a how-to sharing a title but not a statement (the second
// "Query the service" queries another service) are two results, named
// apart, whatever their statements share; a second statement in the same
// words keeps the name, for the deduper to make the two one.
func TestUniqueNamesTellsUnrelatedStatementsApart(t *testing.T) {
	cs := []cand{
		{name: "Step 3: Query the service", offset: 1, statement: "Read the address of the service. The deployment opens a load balancer on port 80 so that the service is reachable from outside the cluster."},
		{name: "Step 3: Query the service", offset: 2, statement: "Read the address of the service again: SERVICE=$(kubectl get svc echo-front | awk '{ print $4 }')"},
		{name: "Lemma", offset: 3, statement: "Every finite group of prime order is cyclic."},
		{name: "Lemma", offset: 4, statement: "Every finite group of prime order is cyclic."},
	}
	(&extractor{}).uniqueNames(cs)
	if cs[1].name == cs[0].name {
		t.Errorf("the second step is named %q, as the first: the deduper makes them one", cs[1].name)
	}
	if cs[3].name != "Lemma" {
		t.Errorf("a restatement is named %q, want the name kept (Lemma)", cs[3].name)
	}
}
