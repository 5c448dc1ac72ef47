package tui

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/internal/storetest"
)

// The Graph screen ranks as lore rank does: the same order and the same
// importance and reach figures, not the store's page order.
func TestGraphScreenRanksAsLoreRank(t *testing.T) {
	st, _, opts := learnedStore(t)
	all, err := st.TopByImportance(1<<20, 0)
	if err != nil {
		t.Fatal(err)
	}
	want, err := graph.Rank(all, graph.ByImportance, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: "lore-test", Learn: opts, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 30})
	m, cmd := send(m, keyPress("4"))
	m = settle(t, m, cmd)
	if !m.scoresReady || len(m.rows) != len(want) {
		t.Fatalf("scores ready %v, %d rows; want %d", m.scoresReady, len(m.rows), len(want))
	}
	for i, r := range m.rows {
		if r.ID != want[i].ID || r.Importance != want[i].Importance || r.Reach != want[i].Reach {
			t.Fatalf("row %d: %s importance %d reach %d; lore rank has %s importance %d reach %d",
				i+1, r.ID, r.Importance, r.Reach, want[i].ID, want[i].Importance, want[i].Reach)
		}
	}
	// The screen opens on the ranking's first primitive, not on the first
	// of the store's page order.
	if sel, ok := m.graph.Selected(); !ok || sel.ID != want[0].ID || m.graph.Shown() != want[0].ID {
		t.Errorf("selected %v (shown %s), want the top-ranked %s", sel.ID, m.graph.Shown(), want[0].ID)
	}
}

// When the ranking puts first another primitive than the store's page
// order did, the screen opens on the ranking's first: a chain of results
// resting on X outranks a hub H with more direct dependents.
func TestGraphScreenOpensOnTheTopRanked(t *testing.T) {
	st := storetest.Open(t)
	edge := func(to string) []core.Edge { return []core.Edge{{Target: to, Type: core.Requires, Strength: 0.9}} }
	prims := []core.Primitive{
		{ID: "h", Name: "Hub", Type: core.Definition, Enables: []string{"p", "q"}},
		{ID: "p", Name: "Leaf P", Type: core.Theorem, Dependencies: edge("h")},
		{ID: "q", Name: "Leaf Q", Type: core.Theorem, Dependencies: edge("h")},
		{ID: "x", Name: "Base", Type: core.Definition, Enables: []string{"y"}},
		{ID: "y", Name: "Step Y", Type: core.Theorem, Dependencies: edge("x"), Enables: []string{"z"}},
		{ID: "z", Name: "Step Z", Type: core.Theorem, Dependencies: edge("y"), Enables: []string{"w"}},
		{ID: "w", Name: "Step W", Type: core.Theorem, Dependencies: edge("z")},
	}
	for _, p := range prims {
		p.Domain, p.Confidence = "learn", 0.9
		if err := st.PutPrimitive(p); err != nil {
			t.Fatal(err)
		}
	}
	all, err := st.TopByImportance(100, 0)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := graph.Rank(all, graph.ByImportance, 0)
	if all[0].ID == want[0].ID {
		t.Fatalf("setup: the store's first (%s) is already the ranking's first", all[0].ID)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: "lore-test", Learn: engine.LearnOptions{}, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 30})
	m, cmd := send(m, keyPress("4"))
	m = settle(t, m, cmd)
	if sel, ok := m.graph.Selected(); !ok || sel.ID != want[0].ID || m.graph.Shown() != want[0].ID {
		t.Errorf("selected %q (shown %q), want the top-ranked %q; the store's first is %q", sel.ID, m.graph.Shown(), want[0].ID, all[0].ID)
	}
}
