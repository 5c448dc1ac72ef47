package e2e_test

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
)

// store100k builds a store of 100,000 primitives wired as a tree (each
// requires its parent i/8), so importance varies as in a real graph.
func store100k(b *testing.B) *store.Store {
	b.Helper()
	changes := termChanges(100_000, func(i int) int { return i / 8 })
	s, err := store.Open(b.TempDir(), store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	if err := s.CommitSession(context.Background(), core.Session{ID: "bench"}, changes); err != nil {
		b.Fatal(err)
	}
	return s
}

// openGraph is what pressing 4 does in the application: the first page of
// the ranked list is read from the store's rank index and drawn.
func openGraph(b *testing.B, s *store.Store) tea.Model {
	m := tui.New(context.Background(), tui.Options{Open: tui.AlreadyOpen(s), StorePath: s.Path(), Dark: true})
	var next tea.Model = m
	next, _ = next.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	next, cmd := next.Update(tea.KeyPressMsg{Code: '4', Text: "4"})
	if cmd == nil {
		b.Fatal("opening the Graph screen loaded nothing")
	}
	next, _ = next.Update(cmd())
	return next
}

// BenchmarkGraphOpen100k is the first frame of the Graph screen on a store
// of 100,000 primitives (target: under 200 ms).
func BenchmarkGraphOpen100k(b *testing.B) {
	s := store100k(b)
	for b.Loop() {
		m := openGraph(b, s)
		_ = m.View()
	}
}

// BenchmarkGraphMove100k is one selection move and the frame after it
// (target: under 5 ms); the detail of the new selection loads in a command
// afterwards.
func BenchmarkGraphMove100k(b *testing.B) {
	s := store100k(b)
	m := openGraph(b, s)
	down := tea.KeyPressMsg{Code: 'j', Text: "j"}
	for b.Loop() {
		m, _ = m.Update(down)
		_ = m.View()
	}
}
