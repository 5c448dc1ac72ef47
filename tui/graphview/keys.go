package graphview

import "charm.land/bubbles/v2/key"

// KeyMap holds the graph browser's bindings. They are data so that the
// root's contextual help (`?`) is generated from the same values Update
// matches.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	// Sort cycles the list order: rank, name, type, domain, confidence.
	Sort key.Binding
	// Filter starts the incremental filter; ClearFilter drops it.
	Filter, ClearFilter key.Binding
	// Neighbours moves the focus into the dependency lists; List back.
	// Not tab: the root switches screens with it.
	Neighbours, List key.Binding
	// Follow opens the selected edge's primitive; Back returns through
	// the history of followed edges.
	Follow, Back key.Binding
	// Tree and Plane toggle the prerequisite tree and the plane map in
	// place of the rendered primitive.
	Tree, Plane key.Binding
	// ExportDOT and ExportMermaid export the filtered list.
	ExportDOT, ExportMermaid key.Binding
}

// DefaultKeyMap returns the graph browser's default bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:            key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "previous")),
		Down:          key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "next")),
		PageUp:        key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:      key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdown", "page down")),
		Top:           key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/g", "first")),
		Bottom:        key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end/G", "last")),
		Sort:          key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort")),
		Filter:        key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		ClearFilter:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		Neighbours:    key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "edges")),
		List:          key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "list")),
		Follow:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "follow")),
		Back:          key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "back")),
		Tree:          key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "prerequisite tree")),
		Plane:         key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "plane map")),
		ExportDOT:     key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "export dot")),
		ExportMermaid: key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "export mermaid")),
	}
}

// ShortHelp lists the bindings an explorer reaches for most.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Follow, k.Back, k.Filter, k.Sort, k.Tree, k.Plane, k.ExportDOT}
}

// FullHelp lists every binding, by purpose. The help view also says what
// the rank order means: importance is a primitive's share of the weight
// of everything that rests on it, directly or not, each edge passing on
// as much as its strength (explicit references most); the ▲ column is
// reach, how many primitives depend on it.
func (k KeyMap) FullHelp() [][]key.Binding {
	sort := k.Sort
	sort.SetHelp(k.Sort.Help().Key, k.Sort.Help().Desc+"; rank: what rests on it, by edge strength")
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{sort, k.Filter, k.ClearFilter, k.Neighbours, k.List},
		{k.Follow, k.Back, k.Tree, k.Plane, k.ExportDOT, k.ExportMermaid},
	}
}
