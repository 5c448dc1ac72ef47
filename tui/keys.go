package tui

import "charm.land/bubbles/v2/key"

// KeyMap holds the application's global keys; each screen adds its own.
type KeyMap struct {
	Tabs             [6]key.Binding
	NextTab, PrevTab key.Binding
	NewLearn         key.Binding
	// Rank switches the Graph screen between importance and reach.
	Rank    key.Binding
	Help    key.Binding
	Quit    key.Binding
	Yes, No key.Binding
}

// DefaultKeyMap returns the global keys.
func DefaultKeyMap() KeyMap {
	k := KeyMap{
		NextTab:  key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next screen")),
		PrevTab:  key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous screen")),
		NewLearn: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "learn a source")),
		Help:     key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Rank:     key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rank by importance/reach")),
		Quit:     key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q/ctrl+c", "quit")),
		Yes:      key.NewBinding(key.WithKeys("y", "Y", "ctrl+c"), key.WithHelp("y", "yes")),
		No:       key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no")),
	}
	for i, t := range tabNames {
		n := string(rune('1' + i))
		k.Tabs[i] = key.NewBinding(key.WithKeys(n), key.WithHelp(n, t))
	}
	return k
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Help, k.NextTab, k.Quit} }

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{k.Tabs[:], {k.NextTab, k.PrevTab, k.NewLearn, k.Help, k.Quit}}
}
