// Package reviewview is the Review screen's body: what a learn extracted,
// shown so that a curator decides about it fast (a hundred primitives in
// a few minutes). The primitives are listed with their marks, the
// selected one is shown in full with its edges and the names offered for
// it, and each decision (rename, retype, restate, reject, link, unlink,
// merge, split) takes a key or two and shows its effect at once.
// Decisions taken earlier that no longer match the source are listed
// first, each to re-apply or leave.
//
// Decisions are applied to the component's own curate.Work, the same
// rules the engine applies them by, so a decision the engine would refuse
// (a dependency cycle, say) is refused here, on the key that asked for it.
// It does no I/O: DoneMsg hands the decisions to the root, CancelMsg says
// the curator left.
package reviewview

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lore-kb/lore/tui/cells"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/tui/listwin"
	"github.com/lore-kb/lore/tui/styles"
)

// Input is what a review is of.
type Input struct {
	Session, Source string
	// Candidates are the primitives under review, as a graph.
	Candidates *curate.Candidates
	// Reapplied are decisions already applied, replayed on a fresh
	// curate.Work to show the current state.
	Reapplied []core.Curation
	// Revisit are earlier decisions that no longer match: shown first,
	// each answered by re-apply or leave (a core.CurateDismiss decision).
	Revisit []curate.Revisit
	// Pending is true before the commit of a learn (Done commits it) and
	// false for a committed session (Done applies the decisions as a
	// curate session).
	Pending bool
}

// DoneMsg says the curator commits the review with Decisions (none:
// accept everything as it stands).
type DoneMsg struct {
	Session   string
	Decisions []core.Curation
}

// CancelMsg says the curator left the review; the root asks or decides
// what that means for the learn.
type CancelMsg struct{ Session string }

// mode is what the keys do: move and decide, or answer an open prompt.
type mode int

const (
	modeNone mode = iota
	modeFilter
	modeRename
	modeStatement
	modeSplit
	modeRetype
	modeLink
	modeMerge
	modeUnlink
	// modeRevisit is modeNone on a revisit row (for the help only).
	modeRevisit
	// modeConfirm asks before a commit or a merge (Model.ask).
	modeConfirm
)

// question is what modeConfirm asks: to commit the review, or to take a
// merge, which removes a primitive. No goes back to from.
type question struct {
	commit bool
	// d and done are the merge asked about and its status line.
	d    core.Curation
	done string
	from mode
}

// entry is one decision taken here; rev is the revisit it answers, -1.
type entry struct {
	d   core.Curation
	rev int
}

// row is one primitive of the list as the decisions leave it.
type row struct {
	p core.Primitive
	// removed is the decision that removed it (reject, merge), "" while
	// it stands; into is a merge's target.
	removed core.CurateKind
	into    string
	// byBase: an earlier (reapplied) decision removed it, so it cannot be
	// taken back here.
	byBase bool
	added  bool
	marks  string
	lower  string
	edges  int
	loc    string
}

// item is one line of the list: a revisit (rev >= 0) or a row.
type item struct{ rev, row int }

// Model is the review. The zero value is not usable; call New.
type Model struct {
	st    *styles.Styles // shared: models are copied on every update
	paint painters
	keys  KeyMap
	offer func(core.Primitive) []string

	in Input
	// orig is the candidates as extracted, origIdx their index by id.
	orig    []core.Primitive
	origIdx map[string]int
	// oneDoc: every candidate comes from one document, so the list's
	// place column is the section alone.
	oneDoc bool
	// own are the decisions taken here, in order.
	own []entry

	// rows are the primitives as the decisions leave them, with the
	// removed ones kept in place (marked), and rowIdx their index by id.
	// deps[id] are the ids that depend on id.
	rows    []row
	rowIdx  map[string]int
	deps    map[string][]string
	current int // primitives standing

	view  []item
	list  listwin.Window
	query string

	mode mode
	// text is the open prompt's text; pick the picker's choice; mark the
	// primitive a link or merge starts from; offerAt the offer tab put
	// in the rename prompt.
	text string
	// at is the cursor's place in text, in runes.
	at      int
	pick    int
	mark    string
	offerAt int
	// filterFrom is the mode the filter was opened from (a link's target
	// is searched by name).
	filterFrom mode
	// kept is the review's filter while a link's or a merge's target is
	// searched with a filter of its own (keeping), put back once the
	// target is chosen.
	kept    string
	keeping bool
	// ask is the question modeConfirm asks.
	ask question

	// offers are the selected primitive's offered names.
	offers    []string
	offersFor string

	status string
	bad    bool

	w, h int
	// pane is the detail pane, drawn outside View (View must stay cheap).
	pane []string
	mem  *memo
}

// New returns an empty review with the default key map.
func New(st styles.Styles) Model {
	return Model{keys: DefaultKeyMap(), mem: newMemo(), origIdx: map[string]int{}, rowIdx: map[string]int{}}.SetStyles(st)
}

// SetStyles switches the styles (a light/dark change).
func (m Model) SetStyles(st styles.Styles) Model {
	m.st = &st
	m.paint = newPainters(st)
	return m.refresh()
}

// WithOffers sets what ranks the names offered for a primitive (nil:
// none are offered). Only the first three can be taken with a key.
func (m Model) WithOffers(f func(core.Primitive) []string) Model {
	m.offer = f
	m.offersFor = "\x00" // asked again
	return m.refresh()
}

// WithKeyMap replaces the key bindings.
func (m Model) WithKeyMap(k KeyMap) Model {
	m.keys = k
	return m
}

// Load starts the review of in, with no decision of its own taken.
func (m Model) Load(in Input) Model {
	m.in = in
	m.orig, m.origIdx, m.own = nil, map[string]int{}, nil
	if in.Candidates != nil {
		m.orig = in.Candidates.Result(curate.New(in.Candidates))
	}
	m.oneDoc = true
	for i, p := range m.orig {
		m.origIdx[p.ID] = i
		if p.Provenance.Document != m.orig[0].Provenance.Document {
			m.oneDoc = false
		}
	}
	m.mode, m.text, m.at, m.mark, m.query, m.status, m.bad = modeNone, "", 0, "", "", "", false
	m.kept, m.keeping, m.ask = "", false, question{}
	m.mem = newMemo()
	w, _ := m.replay(nil)
	m = m.rebuild(w)
	m.list = m.list.Reset()
	return m.refresh()
}

// SetSize sets the size View fills exactly.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = max(w, 0), max(h, 0)
	return m.refresh()
}

// KeyMap returns the bindings, for the help: those of the open prompt,
// or the review's.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	k.mode, k.filtered, k.commit = m.mode, m.query != "", m.ask.commit
	if k.mode == modeNone {
		if it, ok := m.selected(); ok && it.rev >= 0 {
			k.mode = modeRevisit
		}
	}
	return k
}

// Captures reports whether a prompt, a picker, a target choice or a
// question has the keyboard: every key is the review's then (q, digits
// and tab too).
func (m Model) Captures() bool { return m.mode != modeNone }

// Editing is Captures, under the name the other screens use.
func (m Model) Editing() bool { return m.Captures() }

// Decisions returns the decisions taken so far, in order.
func (m Model) Decisions() []core.Curation {
	out := make([]core.Curation, len(m.own))
	for i, e := range m.own {
		out[i] = e.d
	}
	return out
}

// Status is the status line's message ("" when there is none) and
// whether it reports a refusal.
func (m Model) Status() (string, bool) { return m.status, m.bad }

// Selected returns the selected primitive as the decisions leave it
// (false on a revisit row or an empty list).
func (m Model) Selected() (core.Primitive, bool) {
	it, ok := m.selected()
	if !ok || it.rev >= 0 {
		return core.Primitive{}, false
	}
	return m.rows[it.row].p, true
}

func (m Model) selected() (item, bool) {
	c := m.list.Cursor()
	if c >= len(m.view) {
		return item{}, false
	}
	return m.view[c], true
}

// selRow is the selected primitive's row, nil on a revisit or nothing.
func (m Model) selRow() *row {
	it, ok := m.selected()
	if !ok || it.rev >= 0 || it.row >= len(m.rows) {
		return nil
	}
	return &m.rows[it.row]
}

// replay applies the reapplied decisions, then the review's own (plus
// next, if given), to a fresh Work. An own decision that fails is the
// error: nothing of it must stay applied, and a Work a refused decision
// touched may be half changed, so every change starts again from the
// candidates.
func (m Model) replay(own []entry) (*curate.Work, error) {
	if m.in.Candidates == nil {
		return nil, nil
	}
	w := curate.New(m.in.Candidates)
	for _, d := range m.in.Reapplied {
		if d.Kind != core.CurateDismiss {
			_ = w.Apply(d) // applied once already, so it applies again
		}
	}
	for i, e := range own {
		if e.d.Kind == core.CurateDismiss {
			continue // changes nothing, and may name an id that is gone
		}
		if err := w.Apply(e.d); err != nil {
			return nil, fmt.Errorf("decision %d (%s %s): %w", i+1, e.d.Kind, e.d.ID, err)
		}
	}
	return w, nil
}

// decide applies d (answering revisit rev, or -1) and records it, or
// reports why it is refused and records nothing.
func (m Model) decide(d core.Curation, rev int, done string) Model {
	own := append(slices.Clip(m.own), entry{d: d, rev: rev})
	w, err := m.replay(own)
	if err != nil {
		return m.refuse(d, err)
	}
	m.own = own
	m = m.rebuild(w)
	m.status, m.bad = done, false
	return m
}

// refuse shows why a decision was not taken.
func (m Model) refuse(d core.Curation, err error) Model {
	var ce *curate.CycleError
	if errors.As(err, &ce) {
		m.status = ce.Error()
	} else {
		// The replay's wrapping numbers the decision, which is the new
		// one: the rest applied before.
		var u *core.UsageError
		if errors.As(err, &u) {
			m.status = "refused: " + u.Msg
		} else {
			m.status = "refused: " + err.Error()
		}
	}
	m.bad = true
	return m
}

// takeBack drops own decision i and replays the rest.
func (m Model) takeBack(i int, done string) Model {
	if i < 0 || i >= len(m.own) {
		return m
	}
	own := slices.Delete(slices.Clone(m.own), i, i+1)
	w, err := m.replay(own)
	if err != nil {
		m.status, m.bad = "cannot take it back: a later decision needs it ("+err.Error()+")", true
		return m
	}
	m.own = own
	m = m.rebuild(w)
	m.status, m.bad = done, false
	return m
}

// Update handles key presses and pastes; everything else is the root's.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if m.typing() {
			m = m.typeText(cells.OneLine(msg.Content))
		}
	case tea.KeyPressMsg:
		m, cmd = m.key(msg)
	default:
		return m, nil
	}
	return m.refresh(), cmd
}

// typing reports whether the open prompt takes text.
func (m Model) typing() bool {
	switch m.mode {
	case modeFilter, modeRename, modeStatement, modeSplit:
		return true
	}
	return false
}

func (m Model) typeText(s string) Model {
	if m.mode == modeFilter {
		return m.setQuery(m.query + s)
	}
	r := []rune(m.text)
	m.at = min(max(m.at, 0), len(r))
	m.text = string(r[:m.at]) + s + string(r[m.at:])
	m.at += len([]rune(s))
	return m
}

// Click selects the list line at (x, y), relative to the component.
func (m Model) Click(x, y int) (Model, tea.Cmd) {
	lo := m.layout()
	if x < 0 || x >= lo.listW || y < lo.listTop || y >= lo.listTop+lo.listH {
		return m, nil
	}
	if i, ok := m.list.RowAt(y - lo.listTop); ok {
		m.list = m.list.Select(i)
	}
	return m.refresh(), nil
}

// Scroll moves the selection by delta lines (the mouse wheel).
func (m Model) Scroll(delta int) (Model, tea.Cmd) {
	m.list = m.list.Move(delta)
	return m.refresh(), nil
}

// revisitOpen counts the revisits not answered yet.
func (m Model) revisitOpen() int {
	n := len(m.in.Revisit)
	for _, e := range m.own {
		if e.rev >= 0 {
			n--
		}
	}
	return n
}

// answer is the own decision index answering revisit i, -1.
func (m Model) answer(i int) int {
	for j, e := range m.own {
		if e.rev == i {
			return j
		}
	}
	return -1
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// short is a name for the status line.
func short(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 40 {
		return string(r[:39]) + "…"
	}
	return s
}
