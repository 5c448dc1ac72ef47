// Package graphview is the Graph screen's body: the primitives ranked by
// importance or reach, an incremental filter, the selected primitive
// rendered with glamour, its dependencies and dependents (navigable, with a
// history), its prerequisite tree and a map of the complex plane.
//
// It is a leaf component and does no I/O. The root hands it data (WithRows,
// WithDomains, WithDetail) and answers the requests it makes through
// commands (NeedDetailMsg, ExportMsg).
package graphview

import (
	"slices"
	"strings"

	"github.com/lore-kb/lore/tui/cells"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/tui/listwin"
	"github.com/lore-kb/lore/tui/styles"
)

// Row is one primitive in the ranked list (kept small: 100,000 of them
// live in memory).
type Row struct {
	ID, Name   string
	Type       core.PrimitiveType
	Domain     string
	Confidence float64
	// Importance is the graph's centrality and Reach the number of
	// transitive dependents, as lore rank computes them (core/graph).
	Importance, Reach int
	Plane             core.PlanePosition
}

// Detail is what the root loads for the selected primitive.
type Detail struct {
	P core.Primitive
	// Dependencies are the primitives P depends on; Dependents those that
	// depend on P.
	Dependencies []Neighbour
	Dependents   []Neighbour
	// Chain is P's prerequisite tree (graph.Chain), nil if not loaded.
	Chain *graph.Node
}

// Neighbour is one end of an edge of the selected primitive.
type Neighbour struct {
	ID, Name string
	Type     core.EdgeType
	Strength float64
}

// NeedDetailMsg asks the root to load the Detail of ID and hand it over
// with WithDetail.
type NeedDetailMsg struct{ ID string }

// ExportMsg asks the root to export the primitives IDs (the filtered list,
// at most ExportLimit of them, best ranked first) as Format, "dot" or
// "mermaid".
type ExportMsg struct {
	Format string
	IDs    []string
}

// ExportLimit caps an export: a diagram of more primitives is unreadable,
// and the best ranked ones are what a view of the graph is for.
const ExportLimit = 500

// historyLimit bounds the back stack; a walk longer than this is not
// retraced step by step.
const historyLimit = 256

type sortKey int

const (
	byRank sortKey = iota
	byName
	byType
	byDomain
	byConfidence
	nSortKeys
)

type paneMode int

const (
	modeDoc paneMode = iota
	modeTree
	modePlane
)

// Model is the graph browser. The zero value is not usable; call New.
type Model struct {
	st    *styles.Styles // shared: the styles are large and models are copied on every update
	keys  KeyMap
	paint painters

	rows []Row
	// by is the ranking the rows came in, named in the header.
	by graph.Order
	// lower holds the lowercased names, computed once per WithRows so that
	// filtering does not allocate per keystroke.
	lower []string
	// domIdx and typIdx index each row's domain and type into doms and
	// typs, so that a filter term is matched once per distinct value.
	domIdx []int32
	typIdx []int32
	doms   []string
	typs   []string
	// rankW, impW and reachW are the widths of the list's number columns.
	rankW, impW, reachW int
	// orders caches the full sort orders, computed when first asked for;
	// shared between copies of the model and replaced by WithRows.
	orders *[nSortKeys][]int32

	sortBy  sortKey
	query   string
	editing bool
	// naming is set while the curator types a new name for the shown
	// primitive (newName); enter sends it as a RenameMsg.
	naming  bool
	newName string
	// rejecting is set while the curator is asked to confirm rejecting
	// the shown primitive; y sends a RejectMsg.
	rejecting bool
	// view is the list as shown: indexes into rows, sorted and filtered.
	// It may share its array with orders and is never written in place.
	view []int32
	// list is the window over view: the selection and the rows on screen.
	list listwin.Window

	domains []core.Domain

	// shown is the primitive in the detail pane: the list's selection or
	// the target of a followed edge. shownIdx is its index in rows or -1.
	shown    string
	shownIdx int
	detail   *Detail
	// asked records that a NeedDetailMsg for shown went out.
	asked   bool
	history []string
	mode    paneMode
	// inNb: the keys move in the neighbour list, nbCur its selection.
	inNb  bool
	nbCur int

	cache *cache

	w, h int
	// pane is the detail pane for the current state, computed outside View
	// (View has a value receiver and must stay cheap).
	pane []string
	// nbStart is the pane line of the first neighbour line shown and nbMap
	// the neighbour index of each neighbour line (-1 for a heading), for
	// mouse clicks.
	nbStart int
	nbMap   []int
}

// New returns an empty browser with the default key map.
func New(st styles.Styles) Model {
	return Model{keys: DefaultKeyMap(), by: graph.ByImportance, shownIdx: -1, cache: newCache()}.SetStyles(st)
}

// SetStyles switches the styles (a light/dark change); the glamour theme
// follows st.IsDark.
func (m Model) SetStyles(st styles.Styles) Model {
	m.st = &st
	m.paint = newPainters(st)
	return m.refresh()
}

// WithKeyMap replaces the key bindings.
func (m Model) WithKeyMap(k KeyMap) Model {
	m.keys = k
	return m
}

// HelpNote says, for the help view, what a list row's columns are: the
// type's abbreviation and the two figures after the name.
func (m Model) HelpNote() string {
	return "Each row: rank, name, type (def definition, thm theorem, axm axiom, alg algorithm, tec technique, " +
		"idn identity), importance (its share of what rests on it, by edge strength), " +
		"▲ reach (how many primitives depend on it, directly or not)."
}

// KeyMap returns the bindings, for the root's help: the filter's while
// it is typed into, the browser's otherwise.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	k.typing = m.editing
	k.naming = m.naming
	k.rejecting = m.rejecting
	return k
}

// Captures reports whether every key is the screen's: while the filter or
// a new name is typed into, q, ? and digits are text.
func (m Model) Captures() bool { return m.editing || m.naming || m.rejecting }

// SetSize sets the size View fills exactly.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = max(w, 0), max(h, 0)
	m.list = m.list.SetHeight(m.listHeight())
	return m.refresh()
}

// WithRows replaces the list with rows, ranked by `by` (importance when
// ""). The root pages by calling it again with a longer list; the
// selection, the filter and the sort order are kept, the selection by ID.
func (m Model) WithRows(rows []Row, by graph.Order) Model {
	if by == "" {
		by = graph.ByImportance
	}
	selID := ""
	if r, ok := m.Selected(); ok {
		selID = r.ID
	}
	old, oldLower := m.rows, m.lower
	m.rows, m.by = rows, by
	m.orders = new([nSortKeys][]int32)
	m = m.index(old, oldLower)
	m.view = m.filtered(m.order(m.sortBy), m.query)
	// The list scrolls back to the top, then down as far as the selection
	// needs.
	m.list = m.list.SetLen(len(m.view)).Reset()
	if i := m.viewIndex(selID); i >= 0 {
		m.list = m.list.Select(i)
	}
	m.shownIdx = m.rowIndex(m.shown)
	if m.shown == "" || m.shown == selID {
		m = m.selectCur()
	}
	return m.refresh()
}

// First moves the cursor to the first row, as the Top key does.
func (m Model) First() Model { return m.move(-len(m.view) - m.nbCount()) }

// WithDomains gives the domains whose regions the plane map labels.
func (m Model) WithDomains(ds []core.Domain) Model {
	m.domains = ds
	return m.refresh()
}

// WithDetail hands over the detail of the primitive in the detail pane. A
// detail for any other primitive is stale (the person moved on) and is
// ignored.
func (m Model) WithDetail(d Detail) Model {
	if d.P.ID == "" || d.P.ID != m.shown {
		return m
	}
	dd := d
	m.detail = &dd
	m.cache.putDetail(&dd)
	m.nbCur = min(m.nbCur, max(len(d.Dependencies)+len(d.Dependents)-1, 0))
	return m.refresh()
}

// RequestDetail returns a command asking for the detail the pane waits
// for, or nil if it was asked for already. The root calls it after
// WithRows, Click and Scroll, which cannot return commands; Update asks by
// itself.
func (m Model) RequestDetail() (Model, tea.Cmd) {
	if m.shown == "" || m.asked {
		return m, nil
	}
	m.asked = true
	id := m.shown
	return m, func() tea.Msg { return NeedDetailMsg{ID: id} }
}

// Stale says the shown primitive changed in the store (a curator renamed
// it): its detail is asked for again.
func (m Model) Stale() (Model, tea.Cmd) {
	m.asked = false
	return m.RequestDetail()
}

// Forget says primitive id is gone from the store (a curator rejected it):
// the detail pane stops showing it, Back no longer returns to it and its
// loaded detail is dropped. The rows the root reloads then select what
// stands; until they come, or when the filter matches nothing, the pane
// shows nothing rather than what was removed.
func (m Model) Forget(id string) Model {
	if id == "" {
		return m
	}
	m.cache.forget(id)
	if slices.Contains(m.history, id) {
		m.history = slices.DeleteFunc(slices.Clone(m.history), func(h string) bool { return h == id })
	}
	if m.shown == id {
		m.shown, m.shownIdx, m.detail, m.asked = "", -1, nil, false
		m.inNb, m.nbCur, m.rejecting, m.naming = false, 0, false, false
	}
	return m.refresh()
}

// Selected returns the list's selected row.
func (m Model) Selected() (Row, bool) {
	if m.list.Cursor() >= len(m.view) {
		return Row{}, false
	}
	return m.rows[m.view[m.list.Cursor()]], true
}

// Shown returns the ID of the primitive in the detail pane (the selection,
// or the target of the last followed edge).
func (m Model) Shown() string { return m.shown }

// Editing reports whether the filter is being typed: every key is text
// then, so the root should pass keys such as q, ? and digits to Update
// instead of acting on them.
func (m Model) Editing() bool { return m.editing || m.naming || m.rejecting }

// Filter returns the filter text.
func (m Model) Filter() string { return m.query }

// Len returns the number of rows in the (filtered) list.
func (m Model) Len() int { return len(m.view) }

// Update handles key presses and pastes into the filter; everything else
// is the root's business.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.PasteMsg:
		switch {
		case m.naming:
			m.newName += cells.OneLine(msg.Content)
		case m.editing:
			m = m.setQuery(m.query + cells.OneLine(msg.Content))
		}
		return m, nil
	case tea.KeyPressMsg:
		if m.naming {
			return m.nameKey(msg)
		}
		if m.rejecting {
			return m.rejectKey(msg)
		}
		if m.editing {
			m = m.editKey(msg)
		} else {
			m, cmd = m.key(msg)
		}
	default:
		return m, nil
	}
	m = m.refresh()
	var need tea.Cmd
	m, need = m.RequestDetail()
	return m, tea.Batch(cmd, need)
}

func (m Model) key(kp tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.keys
	// The list keys move in the list or, once they have the focus, in the
	// edges; either way first and last reach its ends.
	if d, ok := k.List.Step(kp, m.list.Page(), len(m.view)+m.nbCount()); ok {
		return m.move(d), nil
	}
	switch {
	case key.Matches(kp, k.Sort):
		return m.setSort((m.sortBy + 1) % nSortKeys), nil
	case key.Matches(kp, k.Filter):
		m.editing, m.inNb = true, false
		return m, nil
	case key.Matches(kp, k.Neighbours):
		if m.nbCount() > 0 {
			m.inNb = true
		}
		return m, nil
	case key.Matches(kp, k.ToList):
		m.inNb = false
		return m, nil
	case key.Matches(kp, k.ClearFilter):
		if m.inNb {
			m.inNb = false
			return m, nil
		}
		return m.setQuery(""), nil
	case key.Matches(kp, k.Follow):
		if !m.inNb {
			if m.nbCount() > 0 {
				m.inNb = true
			}
			return m, nil
		}
		if n, ok := m.neighbour(m.nbCur); ok {
			return m.follow(n.ID), nil
		}
		return m, nil
	case key.Matches(kp, k.Back):
		return m.back(), nil
	case key.Matches(kp, k.Tree):
		m.mode = toggle(m.mode, modeTree)
		return m, nil
	case key.Matches(kp, k.Plane):
		m.mode = toggle(m.mode, modePlane)
		return m, nil
	case key.Matches(kp, k.Rename):
		if m.shown != "" {
			m.naming, m.newName = true, m.shownName()
		}
		return m, nil
	case key.Matches(kp, k.Reject):
		m.rejecting = m.shown != ""
		return m, nil
	case key.Matches(kp, k.ExportDOT):
		return m, m.export("dot")
	case key.Matches(kp, k.ExportMermaid):
		return m, m.export("mermaid")
	}
	return m, nil
}

func toggle(cur, to paneMode) paneMode {
	if cur == to {
		return modeDoc
	}
	return to
}

// RenameMsg asks the root to rename primitive ID to Name: a curator's
// decision, recorded as a session of its own.
type RenameMsg struct{ ID, Name string }

// RejectMsg asks the root to reject primitive ID: it is removed with the
// edges that touch it, as a curate session, and not learned again.
type RejectMsg struct{ ID string }

// rejectKey answers the confirmation of a rejection.
func (m Model) rejectKey(kp tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(kp, m.keys.ConfirmYes):
		m.rejecting = false
		id := m.shown
		return m, func() tea.Msg { return RejectMsg{ID: id} }
	case key.Matches(kp, m.keys.ConfirmNo):
		m.rejecting = false
	}
	return m, nil
}

// shownName is the name of the primitive in the detail pane.
func (m Model) shownName() string {
	if m.detail != nil && m.detail.P.ID == m.shown {
		return m.detail.P.Name
	}
	if m.shownIdx >= 0 && m.shownIdx < len(m.rows) {
		return m.rows[m.shownIdx].Name
	}
	return ""
}

// nameKey handles a key while a new name is typed: enter sends it, esc
// drops it.
func (m Model) nameKey(kp tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(kp, k.NameDone):
		m.naming = false
		name, id := strings.TrimSpace(m.newName), m.shown
		if name == "" || name == m.shownName() {
			return m, nil
		}
		return m, func() tea.Msg { return RenameMsg{ID: id, Name: name} }
	case key.Matches(kp, k.NameCancel):
		m.naming = false
		return m, nil
	case key.Matches(kp, k.FilterBackspace):
		if r := []rune(m.newName); len(r) > 0 {
			m.newName = string(r[:len(r)-1])
		}
		return m, nil
	case key.Matches(kp, k.FilterErase):
		m.newName = ""
		return m, nil
	}
	if kp.Text != "" && kp.Mod&^tea.ModShift == 0 {
		m.newName += cells.OneLine(kp.Text)
	}
	return m, nil
}

// editKey handles a key while the filter is being typed: every printable
// key is text, so only the keys that type nothing move the selection.
func (m Model) editKey(kp tea.KeyPressMsg) Model {
	k := m.keys
	if d, ok := k.FilterList.Step(kp, m.list.Page(), len(m.view)); ok {
		return m.move(d)
	}
	switch {
	case key.Matches(kp, k.FilterDone):
		m.editing = false
		return m
	case key.Matches(kp, k.FilterClear):
		m.editing = false
		return m.setQuery("")
	case key.Matches(kp, k.FilterBackspace):
		if m.query == "" {
			m.editing = false
			return m
		}
		r := []rune(m.query)
		return m.setQuery(string(r[:len(r)-1]))
	case key.Matches(kp, k.FilterErase):
		return m.setQuery("")
	}
	if kp.Text != "" && kp.Mod&^tea.ModShift == 0 {
		return m.setQuery(m.query + cells.OneLine(kp.Text))
	}
	return m
}

// Click handles a click at the component-relative cell (x, y): a list row
// is selected, a neighbour line focuses that neighbour. The command asks
// for the detail the pane then waits for (see RequestDetail).
func (m Model) Click(x, y int) (Model, tea.Cmd) {
	return m.click(x, y).RequestDetail()
}

func (m Model) click(x, y int) Model {
	if len(m.rows) == 0 || x < 0 || y < 0 || y >= m.h {
		return m
	}
	lo := m.layout()
	if x < lo.listW {
		// The list starts under the header line.
		if i, ok := m.list.RowAt(y - 1); ok {
			m.inNb = false
			return m.moveTo(i).refresh()
		}
		return m
	}
	if lo.detailW <= 0 || x < lo.listW+sepW {
		return m
	}
	if k := y - m.nbStart; k >= 0 && k < len(m.nbMap) && m.nbMap[k] >= 0 {
		m.inNb, m.nbCur = true, m.nbMap[k]
		return m.refresh()
	}
	return m
}

// Scroll moves the selection by delta rows (the mouse wheel). The command
// asks for the detail the pane then waits for (see RequestDetail).
func (m Model) Scroll(delta int) (Model, tea.Cmd) {
	return m.move(delta).refresh().RequestDetail()
}

// move moves the focused list's selection by d.
func (m Model) move(d int) Model {
	if m.inNb {
		if n := m.nbCount(); n > 0 {
			m.nbCur = min(max(m.nbCur+d, 0), n-1)
		}
		return m
	}
	return m.moveTo(m.list.Cursor() + d)
}

func (m Model) moveTo(i int) Model {
	m.list = m.list.Select(i)
	if len(m.view) == 0 {
		return m
	}
	return m.selectCur()
}

// selectCur shows the list's selection in the detail pane.
func (m Model) selectCur() Model {
	if m.list.Cursor() >= len(m.view) {
		return m
	}
	r := int(m.view[m.list.Cursor()])
	if m.rows[r].ID == m.shown {
		m.shownIdx = r
		return m
	}
	m = m.show(m.rows[r].ID)
	m.shownIdx = r
	return m
}

// show puts id in the detail pane, from the cache if it was loaded before
// (the root's answer to the request replaces it).
func (m Model) show(id string) Model {
	m.shown, m.asked = id, false
	m.detail = m.cache.detail(id)
	m.shownIdx = m.rowIndex(id)
	m.nbCur = 0
	return m
}

// follow shows id, remembering the primitive shown now for Back, and
// selects id in the list if it is there.
func (m Model) follow(id string) Model {
	if id == "" || id == m.shown {
		return m
	}
	h := make([]string, 0, len(m.history)+1)
	h = append(h, m.history...)
	if len(h) >= historyLimit {
		h = h[1:]
	}
	m.history = append(h, m.shown)
	return m.showAndSelect(id)
}

func (m Model) back() Model {
	if len(m.history) == 0 {
		return m
	}
	id := m.history[len(m.history)-1]
	m.history = m.history[: len(m.history)-1 : len(m.history)-1]
	return m.showAndSelect(id)
}

func (m Model) showAndSelect(id string) Model {
	m = m.show(id)
	if i := m.viewIndex(id); i >= 0 {
		m.list = m.list.Select(i)
	}
	return m
}

// History returns the IDs Back returns to, the most recent last.
func (m Model) History() []string { return slices.Clone(m.history) }

func (m Model) export(format string) tea.Cmd {
	if len(m.view) == 0 {
		return nil
	}
	idx := m.view
	if m.sortBy != byRank {
		// Rank order is row order, so the best ranked are the smallest.
		idx = slices.Clone(idx)
		slices.Sort(idx)
	}
	idx = idx[:min(len(idx), ExportLimit)]
	ids := make([]string, len(idx))
	for i, r := range idx {
		ids[i] = m.rows[r].ID
	}
	return func() tea.Msg { return ExportMsg{Format: format, IDs: ids} }
}

// neighbour returns the i-th neighbour: dependencies first, then
// dependents.
func (m Model) neighbour(i int) (Neighbour, bool) {
	if m.detail == nil || i < 0 {
		return Neighbour{}, false
	}
	if nd := len(m.detail.Dependencies); i < nd {
		return m.detail.Dependencies[i], true
	} else if i-nd < len(m.detail.Dependents) {
		return m.detail.Dependents[i-nd], true
	}
	return Neighbour{}, false
}

func (m Model) nbCount() int {
	if m.detail == nil {
		return 0
	}
	return len(m.detail.Dependencies) + len(m.detail.Dependents)
}

// listHeight is the number of list rows under the header.
func (m Model) listHeight() int { return max(m.h-1, 0) }
