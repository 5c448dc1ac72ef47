package history

import "charm.land/bubbles/v2/key"

// KeyMap holds the History screen's bindings. They are data so that the
// root's contextual help (`?`) is generated from the same values Update
// matches; Model.KeyMap disables the ones that do nothing at the moment.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	// ReportUp and ReportDown scroll the report by a line, ReportPageUp
	// and ReportPageDown by half a pane.
	ReportUp, ReportDown, ReportPageUp, ReportPageDown key.Binding
	// Unlearn and Force ask what unlearning the selected (or the blocked)
	// session would change, Force past its integrity problems; Confirm
	// then unlearns, Cancel keeps it.
	Unlearn, Force, Confirm, Cancel key.Binding
	// Dismiss hides the integrity problem of a blocked unlearn.
	Dismiss key.Binding
}

// DefaultKeyMap returns the History screen's default bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:             key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "newer")),
		Down:           key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "older")),
		PageUp:         key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:       key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdown", "page down")),
		Top:            key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/g", "newest")),
		Bottom:         key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end/G", "oldest")),
		ReportUp:       key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K/shift+↑", "report up")),
		ReportDown:     key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J/shift+↓", "report down")),
		ReportPageUp:   key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "report half page up")),
		ReportPageDown: key.NewBinding(key.WithKeys("ctrl+d"), key.WithHelp("ctrl+d", "report half page down")),
		Unlearn:        key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "unlearn (asks first)")),
		Force:          key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "force unlearn (asks first)")),
		Confirm:        key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes, unlearn")),
		Cancel:         key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no, keep it")),
		Dismiss:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "dismiss")),
	}
}

// ShortHelp lists the bindings that act on sessions; disabled ones are
// left out by the help bubble.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Confirm, k.Cancel, k.Unlearn, k.Force, k.Dismiss, k.ReportDown}
}

// FullHelp lists every binding, by purpose.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.ReportUp, k.ReportDown, k.ReportPageUp, k.ReportPageDown},
		{k.Unlearn, k.Force, k.Confirm, k.Cancel, k.Dismiss},
	}
}
