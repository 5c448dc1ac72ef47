package history

import (
	"charm.land/bubbles/v2/key"

	"github.com/lore-kb/lore/tui/listwin"
)

// KeyMap holds the History screen's bindings. They are data so that the
// root's contextual help (`?`) is generated from the same values Update
// matches; Model.KeyMap disables the ones that do nothing at the moment.
type KeyMap struct {
	// List moves through the sessions, newest first.
	List listwin.Keys
	// ReportUp and ReportDown scroll the report by a line, ReportPageUp
	// and ReportPageDown by half a pane.
	ReportUp, ReportDown, ReportPageUp, ReportPageDown key.Binding
	// Unlearn and Force ask what unlearning the selected (or the blocked)
	// session would change, Force past its integrity problems; Confirm
	// then unlearns, Cancel keeps it.
	Unlearn, Force, Confirm, Cancel key.Binding
	// Dismiss hides the integrity problem of a blocked unlearn.
	Dismiss key.Binding
	// Review opens the selected learn session's primitives in the Review
	// screen, to rename, retype, reject, link, merge or split them.
	Review key.Binding
}

// DefaultKeyMap returns the History screen's default bindings.
func DefaultKeyMap() KeyMap {
	// The list keys, said in time: the list runs from the newest session.
	nav := listwin.DefaultKeys()
	nav.Up.SetHelp("↑/k", "newer")
	nav.Down.SetHelp("↓/j", "older")
	nav.Top.SetHelp("home/g", "newest")
	nav.Bottom.SetHelp("end/G", "oldest")
	return KeyMap{
		List:           nav,
		ReportUp:       key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K/shift+↑", "report up")),
		ReportDown:     key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J/shift+↓", "report down")),
		ReportPageUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "report half page up")),
		ReportPageDown: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "report half page down")),
		Unlearn:        key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "unlearn (asks first)")),
		Force:          key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "force unlearn (asks first)")),
		Confirm:        key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes, unlearn")),
		Cancel:         key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no, keep it")),
		Dismiss:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "dismiss")),
		Review:         key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "review its primitives")),
	}
}

// ShortHelp lists the bindings that act on sessions; disabled ones are
// left out by the help bubble.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Confirm, k.Cancel, k.Review, k.Unlearn, k.Force, k.Dismiss, k.ReportDown}
}

// FullHelp lists every binding, by purpose.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		k.List.Bindings(),
		{k.ReportUp, k.ReportDown, k.ReportPageUp, k.ReportPageDown},
		{k.Review, k.Unlearn, k.Force, k.Confirm, k.Cancel, k.Dismiss},
	}
}
