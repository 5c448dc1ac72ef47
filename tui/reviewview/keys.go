package reviewview

import (
	"charm.land/bubbles/v2/key"

	"github.com/lore-kb/lore/tui/listwin"
)

// KeyMap holds the Review screen's bindings. They are data so that the
// help line, the root's help (`?`) and Update all read the same values;
// Model.KeyMap says which of them act at the moment.
type KeyMap struct {
	// List moves the selection through the revisits and the primitives.
	List listwin.Keys
	// Offer1…Offer3 rename the selected primitive to its first, second
	// or third offered name: a rename in one key.
	Offer1, Offer2, Offer3 key.Binding
	// Rename, Retype, Edit and Split open a prompt for the selected
	// primitive: its new name, type, statement or parts.
	Rename, Retype, Edit, Split key.Binding
	// Reject rejects the selected primitive, or takes a rejection back.
	Reject key.Binding
	// Link and Merge mark the selected primitive; the selection then
	// moves to the target, and Done links (requires) or merges.
	Link, Merge key.Binding
	// Unlink chooses one of the selected primitive's edges to remove.
	Unlink key.Binding
	// Undo takes the last decision back.
	Undo key.Binding
	// Filter types a filter on the names; ClearFilter drops it.
	Filter, ClearFilter key.Binding
	// Reapply and Leave answer a decision to revisit: apply it again to
	// what the source says now, or leave it (it is not asked again).
	Reapply, Leave key.Binding
	// Commit ends the review with the decisions taken (none: accept all),
	// once Yes answers its question; Cancel leaves it.
	Commit, Cancel key.Binding
	// Yes and No answer the question a commit or a merge asks first: a
	// commit cannot be taken back here, and a merge removes a primitive.
	Yes, No key.Binding

	// While a prompt, a picker or a target is open: Done records it,
	// Abort drops it. NextOffer puts the next offered name in the rename
	// prompt; Erase empties the text and Backspace takes its last
	// character off. Prev and Next move in a picker, Pick1…Pick9 pick
	// directly (a type, an edge type, an edge to cut).
	Done, Abort, NextOffer, Erase, Backspace key.Binding
	// Left, Right, Home, End and Delete move in and edit a prompt's text.
	Left, Right, Home, End, Delete key.Binding
	Prev, Next                     key.Binding
	Pick                           key.Binding
	// TypingList moves the selection with the keys that type nothing,
	// while the filter is typed into.
	TypingList listwin.Keys

	mode mode
	// filtered: a filter is set, so esc drops it rather than leaving.
	filtered bool
	// commit: the question asked is the commit's (else a merge's).
	commit bool
}

// DefaultKeyMap returns the Review screen's default bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		List:        listwin.DefaultKeys(),
		Offer1:      key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "offered name 1")),
		Offer2:      key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "offered name 2")),
		Offer3:      key.NewBinding(key.WithKeys("3"), key.WithHelp("3", "offered name 3")),
		Rename:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rename")),
		Retype:      key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "retype")),
		Edit:        key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "statement")),
		Split:       key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "split")),
		Reject:      key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "reject")),
		Link:        key.NewBinding(key.WithKeys("l"), key.WithHelp("l", "link")),
		Merge:       key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "merge (asks first)")),
		Unlink:      key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "unlink")),
		Undo:        key.NewBinding(key.WithKeys("z"), key.WithHelp("z", "undo")),
		Filter:      key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		ClearFilter: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		Reapply:     key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "re-apply")),
		Leave:       key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "leave it")),
		Commit:      key.NewBinding(key.WithKeys("c", "ctrl+s"), key.WithHelp("c/ctrl+s", "commit (asks first)")),
		Cancel:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave")),
		Yes:         key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		No:          key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no")),
		Done:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "record")),
		Abort:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "abort")),
		NextOffer:   key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next offer")),
		Erase:       key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "erase")),
		Backspace:   key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "erase a character")),
		Left:        key.NewBinding(key.WithKeys("left", "ctrl+b"), key.WithHelp("←/→", "move in the text")),
		Right:       key.NewBinding(key.WithKeys("right", "ctrl+f"), key.WithHelp("→", "forward")),
		Home:        key.NewBinding(key.WithKeys("home", "ctrl+a"), key.WithHelp("home/end", "start/end of the text")),
		End:         key.NewBinding(key.WithKeys("end", "ctrl+e"), key.WithHelp("end", "end of the text")),
		Delete:      key.NewBinding(key.WithKeys("delete", "ctrl+d"), key.WithHelp("delete", "erase the next character")),
		Prev:        key.NewBinding(key.WithKeys("left", "up", "k", "shift+tab"), key.WithHelp("←/k", "previous")),
		Next:        key.NewBinding(key.WithKeys("right", "down", "j", "tab"), key.WithHelp("→/j", "next")),
		Pick:        key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1-9", "pick")),
		TypingList:  listwin.TypingKeys(),
	}
}

// move is the list's up and down keys as one entry of the help line: a
// target may be above the marked primitive as well as below it.
func (k KeyMap) move() key.Binding {
	return key.NewBinding(key.WithKeys(append(k.List.Up.Keys(), k.List.Down.Keys()...)...), key.WithHelp("↑↓/jk", "choose"))
}

// ShortHelp lists the keys that act now, the most used first.
func (k KeyMap) ShortHelp() []key.Binding {
	switch k.mode {
	case modeConfirm:
		if k.commit {
			return []key.Binding{k.withHelp(k.Yes, "commit"), k.withHelp(k.No, "back to the review")}
		}
		return []key.Binding{k.withHelp(k.Yes, "merge"), k.withHelp(k.No, "choose another")}
	case modeFilter:
		return []key.Binding{k.withHelp(k.Done, "keep filter"), k.withHelp(k.Abort, "drop filter"), k.Erase}
	case modeRename:
		return []key.Binding{k.withHelp(k.Done, "rename"), k.NextOffer, k.Abort, k.Erase}
	case modeStatement, modeSplit:
		return []key.Binding{k.Done, k.Abort, k.Erase}
	case modeRetype:
		b := k.Pick
		b.SetHelp("1-6", "type")
		return []key.Binding{b, k.Next, k.Done, k.Abort}
	case modeUnlink:
		return []key.Binding{k.withHelp(k.Pick, "edge"), k.Next, k.withHelp(k.Done, "unlink"), k.Abort}
	case modeLink:
		return []key.Binding{k.withHelp(k.Done, "requires"), k.edgePick(), k.move(), k.Filter, k.Abort}
	case modeMerge:
		return []key.Binding{k.withHelp(k.Done, "merge"), k.move(), k.Filter, k.Abort}
	case modeRevisit:
		return []key.Binding{k.Reapply, k.Leave, k.Commit, k.Cancel, k.List.Down, k.Undo}
	}
	// No prompt is open, on a primitive.
	esc := k.Cancel
	if k.filtered {
		esc = k.ClearFilter
	}
	// Commit and leaving come first: the line is cut at the screen's
	// width, and they are what a person must find.
	return []key.Binding{k.Commit, esc, k.offers(), k.Rename, k.Retype, k.Edit, k.Reject, k.Link, k.Merge, k.Unlink, k.Split,
		k.Undo, k.Filter}
}

// FullHelp lists every binding, by purpose.
func (k KeyMap) FullHelp() [][]key.Binding {
	switch k.mode {
	case modeNone, modeRevisit:
	case modeConfirm:
		return [][]key.Binding{k.ShortHelp()}
	default:
		return [][]key.Binding{k.ShortHelp(), {k.Backspace, k.Left, k.Home, k.Delete}}
	}
	return [][]key.Binding{
		k.List.Bindings(),
		{k.Offer1, k.Offer2, k.Offer3, k.Rename, k.Retype, k.Edit, k.Split},
		{k.Reject, k.Link, k.Merge, k.Unlink, k.Undo},
		{k.Reapply, k.Leave, k.Filter, k.Commit, k.esc()},
	}
}

// esc is ClearFilter and Cancel as one entry of the help view, which
// lists every key once: what esc does with a filter set and without.
func (k KeyMap) esc() key.Binding {
	b := k.Cancel
	b.SetHelp(b.Help().Key, k.ClearFilter.Help().Desc+", or with none, "+k.Cancel.Help().Desc)
	return b
}

// edgePick is Pick as a link's edge type: 1-6, core.EdgeTypes' order.
func (k KeyMap) edgePick() key.Binding {
	b := k.Pick
	b.SetHelp("1-6", "edge type")
	return b
}

// offers stands for the three offer keys in the help line.
func (k KeyMap) offers() key.Binding {
	return key.NewBinding(key.WithKeys(append(append(k.Offer1.Keys(), k.Offer2.Keys()...), k.Offer3.Keys()...)...),
		key.WithHelp("1-3", "offered name"))
}

func (k KeyMap) withHelp(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
