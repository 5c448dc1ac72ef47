package diffview

import (
	"charm.land/bubbles/v2/key"

	"github.com/lore-kb/lore/tui/listwin"
)

// KeyMap holds the Conflicts screen's bindings. They are data so that the
// root's contextual help (`?`) is generated from the same values Update
// matches.
type KeyMap struct {
	// List moves through the conflicts: only up and down, for the page
	// keys scroll the conflict itself, and a list of a few pending
	// conflicts has no use for first and last.
	List listwin.Keys
	// KeepExisting, KeepCandidate and KeepBoth decide the selected
	// conflict; KeepCandidate asks for confirmation first.
	KeepExisting, KeepCandidate, KeepBoth key.Binding
	// Confirm and Cancel answer the keep-candidate question.
	Confirm, Cancel key.Binding
	// Unified toggles the one-column layout.
	Unified key.Binding
	// ScrollDown and ScrollUp move the conflict view by a line, PageDown
	// and PageUp by a page.
	ScrollDown, ScrollUp, PageDown, PageUp key.Binding
}

// DefaultKeyMap returns the Conflicts screen's default bindings.
func DefaultKeyMap() KeyMap {
	// j and k, as on every other list: n is the global "learn a source"
	// and p the Skills screen's "promote".
	nav := listwin.DefaultKeys()
	return KeyMap{
		List:          listwin.Keys{Up: nav.Up, Down: nav.Down},
		KeepExisting:  key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "keep existing")),
		KeepCandidate: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "keep candidate (replaces)")),
		KeepBoth:      key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "keep both")),
		Confirm:       key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "confirm")),
		Cancel:        key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "cancel")),
		Unified:       key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "unified/split")),
		ScrollDown:    key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J", "scroll down")),
		ScrollUp:      key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K", "scroll up")),
		PageDown:      key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdown", "page down")),
		PageUp:        key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
	}
}

// ShortHelp lists the bindings a reviewer needs to decide, the answers
// to the keep-candidate question first (KeyMap enables them only while it
// is asked).
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Confirm, k.Cancel, k.KeepExisting, k.KeepCandidate, k.KeepBoth, k.List.Down, k.List.Up, k.Unified}
}

// FullHelp lists every binding, by purpose.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.List.Down, k.List.Up, k.ScrollDown, k.ScrollUp, k.PageDown, k.PageUp, k.Unified},
		{k.KeepExisting, k.KeepCandidate, k.KeepBoth},
		{k.Confirm, k.Cancel},
	}
}
