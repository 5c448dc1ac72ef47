package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/storetest"
)

// The status bar names the store's last learn session, whoever learned
// it: at start, after a learn from another shell and after an unlearn of
// that session (the store's owner signals both on Options.Changed), it
// names the newest session standing in the store, never one unlearned.
func TestStatusBarFollowsTheStoresLastSession(t *testing.T) {
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	dir := t.TempDir()
	headless := engine.LearnOptions{Domains: ds}
	headless.Policy.Approve = true
	learn := func(name, text string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := engine.Learn(context.Background(), st, path, headless)
		if err != nil || !res.Committed {
			t.Fatalf("learn %s: %v (committed %v)", name, err, res != nil && res.Committed)
		}
		return res.Session.ID
	}
	learn("groups.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	second := learn("rings.md", "# Rings\n\nDefinition: A ring is a set with two operations, addition and multiplication, where addition forms an abelian group and multiplication distributes over it.\n")

	changed := make(chan struct{}, 1)
	tm := newScreen(t, Options{Open: AlreadyOpen(st), StorePath: "lore-test",
		Learn: engine.LearnOptions{Domains: ds}, Dark: true, Changed: changed})
	waitScreen(t, tm, "last session "+second)

	// Another shell learns through the owner, which signals the change.
	third := learn("fields.md", "# Fields\n\nDefinition: A field is a commutative ring in which every nonzero element has a multiplicative inverse.\n")
	changed <- struct{}{}
	waitScreen(t, tm, "last session "+third)

	// And unlearns it: the status bar goes back to the session standing.
	if _, err := engine.Unlearn(context.Background(), st, third, engine.UnlearnOptions{}); err != nil {
		t.Fatal(err)
	}
	changed <- struct{}{}
	waitScreen(t, tm, "last session "+second)

	tm.Type("q")
	m := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(Model)
	if s := statusLine(m); !strings.Contains(s, "last session "+second) || strings.Contains(s, third) {
		t.Errorf("after the unlearn the status bar says %q; want the last session %s, not the unlearned %s", s, second, third)
	}
}
