package graphview

import (
	"charm.land/bubbles/v2/key"

	"github.com/lore-kb/lore/tui/listwin"
)

// KeyMap holds the graph browser's bindings. They are data so that the
// root's contextual help (`?`) is generated from the same values Update
// matches.
type KeyMap struct {
	// List moves the selection in the list, or in the edges once they
	// have the focus.
	List listwin.Keys
	// Sort cycles the list order: rank, name, type, domain, confidence.
	Sort key.Binding
	// Filter starts the incremental filter; ClearFilter drops it.
	Filter, ClearFilter key.Binding
	// Neighbours moves the focus into the dependency lists; ToList back.
	// Not tab: the root switches screens with it.
	Neighbours, ToList key.Binding
	// Follow opens the selected edge's primitive; Back returns through
	// the history of followed edges.
	Follow, Back key.Binding
	// Tree and Plane toggle the prerequisite tree and the plane map in
	// place of the rendered primitive.
	Tree, Plane key.Binding
	// ExportDOT and ExportMermaid export the filtered list.
	ExportDOT, ExportMermaid key.Binding
	// Rename types a new name for the shown primitive: NameDone records
	// it (a curate session lore unlearn takes back), NameCancel drops it.
	Rename, NameDone, NameCancel key.Binding
	// Reject asks to reject the shown primitive (extraction got it
	// wrong); ConfirmYes rejects it, ConfirmNo keeps it.
	Reject, ConfirmYes, ConfirmNo key.Binding

	// While the filter is typed into, every key that types something is
	// text. FilterDone keeps the filter and FilterClear drops it, both
	// ending the typing; FilterErase empties it and FilterBackspace takes
	// its last character off (on an empty filter, it ends the typing).
	// FilterList moves the selection with the keys that type nothing.
	FilterDone, FilterClear, FilterErase, FilterBackspace key.Binding
	FilterList                                            listwin.Keys

	// typing makes the help list the filter's keys, naming the new
	// name's: the browser's do nothing then.
	typing, naming, rejecting bool
}

// DefaultKeyMap returns the graph browser's default bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		List:            listwin.DefaultKeys(),
		Sort:            key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort")),
		Filter:          key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		ClearFilter:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		Neighbours:      key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "edges")),
		ToList:          key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "list")),
		Follow:          key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "follow")),
		Back:            key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "back")),
		Tree:            key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "prerequisite tree")),
		Plane:           key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "plane map")),
		ExportDOT:       key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "export dot")),
		ExportMermaid:   key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "export mermaid")),
		Rename:          key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "rename")),
		Reject:          key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "reject")),
		ConfirmYes:      key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "reject it")),
		ConfirmNo:       key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "keep it")),
		NameDone:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "record the name")),
		NameCancel:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "keep the old name")),
		FilterDone:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep the filter")),
		FilterClear:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "drop the filter")),
		FilterErase:     key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "erase the text")),
		FilterBackspace: key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "erase a character")),
		FilterList:      listwin.TypingKeys(),
	}
}

// ShortHelp lists the bindings an explorer reaches for most, or while the
// filter is typed into, the filter's.
func (k KeyMap) ShortHelp() []key.Binding {
	if k.rejecting {
		return []key.Binding{k.ConfirmYes, k.ConfirmNo}
	}
	if k.naming {
		return []key.Binding{k.NameDone, k.NameCancel, k.FilterErase}
	}
	if k.typing {
		return k.filterHelp()
	}
	return []key.Binding{k.Follow, k.Back, k.Filter, k.Rename, k.Sort, k.Tree, k.Plane, k.ExportDOT}
}

// filterHelp is the filter's help: the keys that end or erase it and move
// the list, the page keys being left to the full list view.
func (k KeyMap) filterHelp() []key.Binding {
	return []key.Binding{k.FilterDone, k.FilterClear, k.FilterErase, k.FilterList.Up, k.FilterList.Down}
}

// FullHelp lists every binding, by purpose. The help view also says what
// the rank order means: importance is a primitive's share of the weight
// of everything that rests on it, directly or not, each edge passing on
// as much as its strength (explicit references most); the ▲ column is
// reach, how many primitives depend on it.
func (k KeyMap) FullHelp() [][]key.Binding {
	if k.rejecting {
		return [][]key.Binding{{k.ConfirmYes, k.ConfirmNo}}
	}
	if k.naming {
		return [][]key.Binding{{k.NameDone, k.NameCancel, k.FilterErase, k.FilterBackspace}}
	}
	if k.typing {
		return [][]key.Binding{k.filterHelp()}
	}
	sort := k.Sort
	sort.SetHelp(k.Sort.Help().Key, k.Sort.Help().Desc+"; rank: what rests on it, by edge strength")
	return [][]key.Binding{
		k.List.Bindings(),
		{sort, k.Filter, k.ClearFilter, k.Neighbours, k.ToList},
		{k.Follow, k.Back, k.Tree, k.Plane, k.ExportDOT, k.ExportMermaid},
		{k.Rename, k.Reject},
	}
}
