package tui

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core/graph"
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
}
