package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
)

// A learn given its write turn apart (LearnOptions.WriteTurn) plans its
// changes outside the turn; when another writer changed the library
// meanwhile (here an unlearn of the session whose primitive the plan
// conflicts with), it plans again and commits what the library now
// calls for: the term added, no conflict with a primitive that is gone.
func TestLearnPlansAgainWhenTheLibraryChanged(t *testing.T) {
	s := openMem(t)
	ctx := context.Background()
	dir := t.TempDir()
	doc := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	first, err := engine.Learn(ctx, s, doc("first.md", "# Rings\n\nDefinition: A ring is a set with two operations, addition and multiplication, where multiplication distributes over addition.\n"), engine.LearnOptions{})
	if err != nil || !first.Committed {
		t.Fatalf("first learn: %v", err)
	}
	second := doc("second.md", "# Rings\n\nDefinition: A ring is a commutative monoid under multiplication together with an abelian group under addition.\n")
	// The plan of the same learn, with the library as it is: a conflict.
	dry, err := engine.Learn(ctx, s, second, engine.LearnOptions{DryRun: true})
	if err != nil || dry.Counts.Conflicts != 1 {
		t.Fatalf("the second learn's dry run: %d conflicts, %v", dry.Counts.Conflicts, err)
	}

	turns := 0
	opts := engine.LearnOptions{
		OpenStore: func(context.Context) (engine.Store, error) { return s, nil },
		WriteTurn: func(ctx context.Context) (engine.Store, func() error, error) {
			turns++
			// The learn takes the turn to read the library's version
			// before it plans, and again to commit; before the second,
			// another writer's turn comes.
			if turns == 2 {
				if _, err := engine.Unlearn(ctx, s, first.Session.ID, engine.UnlearnOptions{}); err != nil {
					return nil, nil, err
				}
			}
			return s, func() error { return nil }, nil
		},
	}
	res, err := engine.Learn(ctx, nil, second, opts)
	if err != nil || !res.Committed {
		t.Fatalf("second learn: %v", err)
	}
	if turns != 4 {
		t.Errorf("the write turn was taken %d times, want 4 (twice for a plan made stale, twice for the plan made again)", turns)
	}
	if res.Counts.Conflicts != 0 || res.Counts.Added != 1 {
		t.Errorf("second learn: added %d, conflicts %d; want the ring added, no conflict", res.Counts.Added, res.Counts.Conflicts)
	}
	cs, err := s.Conflicts()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.State == core.ConflictPending {
			t.Errorf("pending conflict %s with %s, which was unlearned", c.ID, c.Existing.ID)
		}
	}
	if n, _ := s.Count(); n != 1 {
		t.Errorf("%d primitives stored, want 1", n)
	}
}
