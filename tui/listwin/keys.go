package listwin

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Keys are the keys that move a list's selection. Every list takes them
// from DefaultKeys, so that j, pgdown or G mean the same on every screen;
// a list may reword their help ("newer", "older") or leave some unbound.
// An unbound key (the zero key.Binding) matches nothing and is left out
// of the help.
type Keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

// DefaultKeys returns the list keys every screen uses.
func DefaultKeys() Keys {
	return Keys{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "previous")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "next")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdown", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/g", "first")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end/G", "last")),
	}
}

// TypingKeys returns the list keys that still move the selection while
// text is typed above the list (a filter): the ones that type nothing.
// Letters are text then, and home and end stay unbound, as a text field
// may want them.
func TypingKeys() Keys {
	return Keys{
		Up:       key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous")),
		Down:     key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdown", "page down")),
	}
}

// Bindings lists the keys in the order the help shows them.
func (k Keys) Bindings() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}
}

// WithEnabled returns the keys enabled or disabled all together, for a
// help that shows only the keys that act now (a list of one row, a
// question waiting for its answer).
func (k Keys) WithEnabled(on bool) Keys {
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom} {
		b.SetEnabled(on)
	}
	return k
}

// Step returns how far the key press kp moves a selection: one row, page
// rows, or n rows (from anywhere to the first or last row of a list of n,
// a move being clamped to the list); ok is false when kp is none of the
// keys.
//
// It returns a distance rather than moving a Window because some lists
// move through rows that are not the window's own (the findings between
// their severity headings, the graph's edges beside its list).
func (k Keys) Step(kp tea.KeyPressMsg, page, n int) (d int, ok bool) {
	switch {
	case key.Matches(kp, k.Up):
		return -1, true
	case key.Matches(kp, k.Down):
		return 1, true
	case key.Matches(kp, k.PageUp):
		return -page, true
	case key.Matches(kp, k.PageDown):
		return page, true
	case key.Matches(kp, k.Top):
		return -n, true
	case key.Matches(kp, k.Bottom):
		return n, true
	}
	return 0, false
}
