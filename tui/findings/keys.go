package findings

import (
	"charm.land/bubbles/v2/key"

	"github.com/lore-kb/lore/tui/listwin"
)

// KeyMap holds the reviewer's bindings. They are data so that the root's
// contextual help (`?`) is generated from the same values Update matches.
type KeyMap struct {
	// List moves the selection from finding to finding.
	List listwin.Keys
	// Acknowledge toggles the acknowledgement of the selected finding,
	// moving on to the next when it acknowledges.
	Acknowledge key.Binding
	// Approve, ApproveWarnings and Reject decide the request.
	Approve, ApproveWarnings, Reject key.Binding
	// ScrollUp and ScrollDown move the evidence viewport by one line.
	ScrollUp, ScrollDown key.Binding
}

// DefaultKeyMap returns the reviewer's default bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		List:            listwin.DefaultKeys(),
		Acknowledge:     key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "acknowledge")),
		Approve:         key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "approve")),
		ApproveWarnings: key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "approve with warnings")),
		Reject:          key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reject")),
		ScrollUp:        key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K/shift+↑", "evidence up")),
		ScrollDown:      key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J/shift+↓", "evidence down")),
	}
}

// ShortHelp lists the bindings a reviewer needs to decide.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Acknowledge, k.Approve, k.ApproveWarnings, k.Reject}
}

// FullHelp lists every binding, by purpose.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		k.List.Bindings(),
		{k.Acknowledge, k.ScrollUp, k.ScrollDown},
		{k.Approve, k.ApproveWarnings, k.Reject},
	}
}
