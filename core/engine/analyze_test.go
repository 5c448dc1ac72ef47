package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/lore-kb/lore/core"
)

func doc(name, text string) core.Document {
	return core.Document{Name: name, Path: name, Format: core.FormatMarkdown, Text: text, Bytes: int64(len(text))}
}

const chapter = `# Groups

**Definition 1.1 (Group).** A *group* is a set with an associative operation, an identity and inverses.

**Definition 1.2 (Subgroup).** A *subgroup* is a subset of a Group that is itself a Group under the same operation.

**Theorem 1.3 (Lagrange).** The order of a Subgroup of a finite Group divides the order of the Group.
`

func TestAnalyzeOneDocumentKeepsItsOwnAnalysis(t *testing.T) {
	res, err := Analyze(context.Background(), "groups.md", []core.Document{doc("groups.md", chapter)}, AnalyzeOptions{Depth: core.Standard})
	if err != nil {
		t.Fatal(err)
	}
	if res.ContentType != core.Textbook || len(res.Analyses) != 1 || res.Scores[core.Textbook] == 0 {
		t.Fatalf("content type %s scores %v", res.ContentType, res.Scores)
	}
	byName := map[string]core.Primitive{}
	for _, p := range res.Primitives {
		byName[p.Name] = p
	}
	lag, ok := byName["Lagrange"]
	if !ok || lag.Type != core.Theorem {
		t.Fatalf("primitives = %v", byName)
	}
	sub := byName["Subgroup"]
	if !lag.HasEdge(sub.ID, core.Requires) {
		t.Errorf("Lagrange does not require Subgroup: %+v", lag.Dependencies)
	}
	if res.Wiring.EdgesAdded == 0 {
		t.Error("no edges")
	}
}

func TestAnalyzeSeveralDocumentsMakesIDsUniqueAndWiresAcrossThem(t *testing.T) {
	docs := []core.Document{doc("a.md", chapter), doc("b.md", chapter)}
	res, err := Analyze(context.Background(), "folder", docs, AnalyzeOptions{Depth: core.Standard, Domain: "algebra"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Primitives) != 6 {
		t.Fatalf("%d primitives, want 6", len(res.Primitives))
	}
	seen := map[string]bool{}
	for _, p := range res.Primitives {
		if seen[p.ID] {
			t.Errorf("duplicate id %s", p.ID)
		}
		seen[p.ID] = true
		if p.Domain != "algebra" {
			t.Errorf("%s domain %s, want the override", p.ID, p.Domain)
		}
		for _, e := range p.Dependencies {
			if !seen[e.Target] && e.Target != "" {
				// Targets precede their dependents in document order here.
				t.Errorf("%s depends on %s, which is not an earlier primitive", p.ID, e.Target)
			}
		}
	}
	if res.ContentType != core.Textbook {
		t.Errorf("combined content type %s", res.ContentType)
	}
}

func TestAnalyzeShallowDoesNotWire(t *testing.T) {
	res, err := Analyze(context.Background(), "g", []core.Document{doc("g.md", chapter)}, AnalyzeOptions{Depth: core.Shallow})
	if err != nil {
		t.Fatal(err)
	}
	if res.Wiring.EdgesAdded != 0 || len(res.Primitives) != 3 {
		t.Fatalf("shallow: %d edges, %d primitives", res.Wiring.EdgesAdded, len(res.Primitives))
	}
}

func TestAnalyzeStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Analyze(ctx, "g", []core.Document{doc("g.md", chapter)}, AnalyzeOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

// TestAnalyzeForcedDomainIsTheRunsDomain: a domain given for the run is
// its primitives' domain and the run's own, for one document or several.
func TestAnalyzeForcedDomainIsTheRunsDomain(t *testing.T) {
	for _, docs := range [][]core.Document{
		{doc("groups.md", chapter)},
		{doc("a.md", chapter), doc("b.md", "# Rings\n\n**Definition 2.1 (Ring).** A *ring* is a Group under addition with an associative multiplication.\n")},
	} {
		res, err := Analyze(context.Background(), "src", docs, AnalyzeOptions{Depth: core.Standard, Domain: "algebra-notes"})
		if err != nil {
			t.Fatal(err)
		}
		if res.Domain != "algebra-notes" {
			t.Errorf("%d documents: run domain %q", len(docs), res.Domain)
		}
		for _, p := range res.Primitives {
			if p.Domain != "algebra-notes" {
				t.Errorf("%s in domain %q", p.Name, p.Domain)
			}
		}
	}
}
