package skillsview

import (
	"charm.land/bubbles/v2/key"

	"github.com/lore-kb/lore/tui/listwin"
)

// KeyMap holds the Skills screen's bindings. They are data so that the
// root's contextual help (`?`) is generated from the same values Update
// matches.
type KeyMap struct {
	// List moves through the skills, agents and teams.
	List listwin.Keys
	// ScrollUp and ScrollDown move the SKILL.md pane by a line,
	// HalfPageUp and HalfPageDown by half the pane.
	ScrollUp, ScrollDown, HalfPageUp, HalfPageDown key.Binding
	// Queue toggles the review queue: the library's drafts, oldest first.
	Queue key.Binding
	// Promote, Archive and Draft move the selected library skill to
	// active, archived or draft.
	Promote, Archive, Draft key.Binding
	// Import opens the path input; ImportSubmit imports what it names
	// (through the approval gate, in the findings reviewer) and
	// ImportCancel closes it.
	Import, ImportSubmit, ImportCancel key.Binding
}

// DefaultKeyMap returns the Skills screen's default bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		List:         listwin.DefaultKeys(),
		ScrollUp:     key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K/shift+↑", "document up")),
		ScrollDown:   key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J/shift+↓", "document down")),
		HalfPageUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "document half page up")),
		HalfPageDown: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "document half page down")),
		Queue:        key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "review queue/all")),
		Promote:      key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "promote")),
		Archive:      key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "archive")),
		Draft:        key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "back to draft")),
		Import:       key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "import skills")),
		ImportSubmit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "scan and review")),
		ImportCancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp lists the bindings a reviewer needs most.
// While the path input is open, only its keys are enabled (see
// Model.KeyMap), and the help lists only those.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.ImportSubmit, k.ImportCancel, k.List.Up, k.List.Down, k.Queue, k.Promote, k.Archive, k.Draft, k.Import}
}

// FullHelp lists every binding, by purpose.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		k.List.Bindings(),
		{k.ScrollUp, k.ScrollDown, k.HalfPageUp, k.HalfPageDown},
		{k.Queue, k.Promote, k.Archive, k.Draft, k.Import, k.ImportSubmit, k.ImportCancel},
	}
}
