// Package history is the History screen's body: the sessions the store
// recorded, newest first, the selected one's learning report rendered with
// glamour, and unlearn with its integrity check in front of it.
//
// It does no I/O. The root loads sessions and reports, previews unlearns
// and runs them when the component asks with NeedReportMsg, PreviewMsg and
// UnlearnMsg, and hands the outcomes back through WithSessions, WithReport,
// WithPreview, WithBlocked, WithResult and WithError. An unlearn is never
// run on one key: u and f ask for a preview, the preview is shown as a
// question, and only y runs it.
package history

import (
	"fmt"
	"slices"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/listwin"
	"github.com/lore-kb/lore/tui/markdown"
	"github.com/lore-kb/lore/tui/styles"
)

// NeedReportMsg asks the root for the report of session ID; the answer
// comes back through WithReport.
type NeedReportMsg struct{ ID string }

// PreviewMsg asks the root what unlearning session ID would change (Force:
// past its integrity problems), without changing anything; the answer
// comes back through WithPreview, or WithBlocked or WithError.
type PreviewMsg struct {
	ID    string
	Force bool
}

// UnlearnMsg asks the root to unlearn session ID. It is sent only after
// the person read the preview and confirmed.
type UnlearnMsg struct {
	ID    string
	Force bool
}

// ReviewMsg asks the root to open the primitives session ID learned in
// the Review screen.
type ReviewMsg struct{ ID string }

// Preview is what an unlearn would change, as the confirmation shows it.
type Preview struct {
	// Removed, Restored and Readded count the primitives the unlearn
	// removes, puts back to their earlier version and adds back.
	Removed, Restored, Readded int
	// Names are the names of those primitives, the removed ones first.
	Names []string
	// Archived are the skills that would no longer be generated (they are
	// archived), Dropped the other artifacts that would go (as "agent x");
	// Regenerated counts the artifacts generated again.
	Archived, Dropped []string
	Regenerated       int
	// DroppedConflicts counts the conflicts the session presented, which
	// are deleted; ReopenedConflicts those it resolved, pending again;
	// RetiredConflicts other sessions' pending conflicts whose existing
	// side goes, retired.
	DroppedConflicts, ReopenedConflicts, RetiredConflicts int
	// Cuts counts the integrity problems a forced unlearn goes past.
	Cuts int
}

type blockedState struct {
	id   string
	deps []string
}

// pendingState is an unlearn waiting for the person's yes or no.
type pendingState struct {
	id    string
	force bool
	pv    Preview
}

// Model is the History screen's body. The zero value is not usable; call
// New.
type Model struct {
	st   *styles.Styles // shared: the styles are large and models are copied on every update
	keys KeyMap
	loc  *time.Location

	sessions []core.Session
	loaded   bool
	// list is the window over sessions, a row being rowH lines.
	list listwin.Window

	cache *reports
	md    *markdown.Renderer
	// report holds the selected session's rendered report, fitted to the
	// pane; it is worked out outside View because View has a value
	// receiver and must stay cheap.
	report  []string
	hasRep  bool
	rscroll int
	blocked *blockedState
	pending *pendingState
	// asking is the session whose unlearn is being previewed.
	asking   string
	busy     string
	forcing  bool
	notice   string
	err      string
	explain  string
	w, h     int
	lay      layout
	selected string
}

// New returns an empty History screen with the default key map.
func New(st styles.Styles) Model {
	m := Model{keys: DefaultKeyMap(), loc: time.Local, cache: newReports(), md: markdown.New()}
	return m.SetStyles(st)
}

// SetStyles switches the styles (a light/dark change); the report is
// rendered again with the matching glamour style.
func (m Model) SetStyles(st styles.Styles) Model {
	m.st = &st
	return m.refresh()
}

// WithLocation sets the time zone session times are shown in (the local
// one by default); tests pin it so that golden files do not depend on the
// machine.
func (m Model) WithLocation(loc *time.Location) Model {
	if loc != nil {
		m.loc = loc
	}
	return m
}

// WithKeyMap replaces the key bindings. Start from DefaultKeyMap, not
// from KeyMap, whose copy has the keys that do nothing right now disabled
// for the help: they would stay disabled.
func (m Model) WithKeyMap(k KeyMap) Model {
	m.keys = k
	return m
}

// HelpNote says, for the help view, what the session list's counts
// mean: they are signs, not words, to fit beside the session.
func (m Model) HelpNote() string {
	return "Counts: a learn's +added ~updated =skipped !conflicts presented; " +
		"an unlearn's -removed ~restored (to the version before) +re-added."
}

// KeyMap returns the bindings, with the ones that do nothing right now
// disabled, so the root's help shows only what applies.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	confirming := m.pending != nil
	idle := !confirming && m.busy == "" && m.asking == ""
	s, ok := m.Selected()
	k.Confirm.SetEnabled(confirming)
	k.Cancel.SetEnabled(confirming)
	k.Unlearn.SetEnabled(idle && ok && refusal(s) == "")
	k.Force.SetEnabled(idle && (m.blocked != nil || ok && refusal(s) == ""))
	k.Dismiss.SetEnabled(m.blocked != nil && !confirming)
	k.Review.SetEnabled(idle && ok && reviewable(s))
	k.List = k.List.WithEnabled(!confirming && len(m.sessions) > 1)
	scroll := !confirming && m.maxScroll() > 0
	for _, b := range []*key.Binding{&k.ReportUp, &k.ReportDown, &k.ReportPageUp, &k.ReportPageDown} {
		b.SetEnabled(scroll)
	}
	return k
}

// Captures reports whether every key is the screen's: while an unlearn
// waits for its yes or no, so that y and n are not taken as global keys.
func (m Model) Captures() bool { return m.Confirming() }

// SetSize sets the size View fills exactly.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = max(w, 0), max(h, 0)
	m.lay = m.computeLayout()
	m.list = m.list.SetLayout(m.lay.listH, m.lay.rowH)
	return m.refresh()
}

// WithSessions shows a fresh list of sessions, newest first, keeping the
// selected session when it is still there. The command asks for the
// report of the selection when it changed and its report is not held.
func (m Model) WithSessions(ss []core.Session) (Model, tea.Cmd) {
	prev := map[string]core.Session{}
	for _, s := range m.sessions {
		prev[s.ID] = s
	}
	ss = slices.Clone(ss)
	slices.SortStableFunc(ss, func(a, b core.Session) int { return b.StartedAt.Compare(a.StartedAt) })
	for _, s := range ss {
		// A session whose record changed (reverted since) may have a
		// different report now.
		if p, ok := prev[s.ID]; ok && (p.State != s.State || p.RevertedBy != s.RevertedBy || !p.CompletedAt.Equal(s.CompletedAt)) {
			m.cache.forget(s.ID)
		}
	}
	m.sessions, m.loaded = ss, true
	// The same session stays selected; a new list starts at the newest.
	i := slices.IndexFunc(ss, func(s core.Session) bool { return s.ID == m.selected })
	m.list = m.list.SetLen(len(ss)).Select(max(i, 0))
	gone := func(id string) bool {
		i := slices.IndexFunc(ss, func(s core.Session) bool { return s.ID == id })
		return i < 0 || refusal(ss[i]) != ""
	}
	if m.blocked != nil && gone(m.blocked.id) {
		m.blocked = nil
	}
	if m.pending != nil && gone(m.pending.id) {
		m.pending = nil
	}
	m, cmd := m.selectionChanged()
	if s, ok := m.Selected(); ok && cmd == nil && !m.hasRep {
		// The same selection, but its report was dropped above or never
		// arrived: ask again rather than show "loading" for ever.
		id := s.ID
		cmd = func() tea.Msg { return NeedReportMsg{ID: id} }
	}
	return m, cmd
}

// WithReport hands over the Markdown report of session id. A report for a
// session that is no longer selected arrives late and is dropped.
func (m Model) WithReport(id, markdown string) Model {
	s, ok := m.Selected()
	if !ok || s.ID != id {
		return m
	}
	m.cache.hold(id, markdown)
	return m.refresh()
}

// WithBlocked shows that the unlearn of session id was refused because
// other sessions' primitives depend on what it would remove; dependents
// are the integrity problems, one line each. The person may then force it.
func (m Model) WithBlocked(id string, dependents []string) Model {
	m.blocked = &blockedState{id: id, deps: slices.Clone(dependents)}
	m.pending, m.asking, m.busy, m.forcing = nil, "", "", false
	m.notice, m.err, m.explain = "", "", ""
	m.rscroll = 0
	return m
}

// WithPreview shows what unlearning session id would change (force: past
// its integrity problems) and asks for confirmation: y unlearns, n or esc
// cancels.
func (m Model) WithPreview(id string, force bool, pv Preview) Model {
	if id != m.asking {
		// An answer to a question no longer asked (the person went on).
		return m
	}
	pv.Names = slices.Clone(pv.Names)
	m.pending, m.asking = &pendingState{id: id, force: force, pv: pv}, ""
	m.notice, m.err, m.explain = "", "", ""
	m.rscroll = 0
	return m
}

// WithResult shows the one-line outcome of a finished unlearn; the root
// then hands over the fresh sessions.
func (m Model) WithResult(notice string) Model {
	m.blocked, m.pending, m.asking, m.busy, m.forcing = nil, nil, "", "", false
	m.notice, m.err, m.explain = cells.Visible(notice), "", ""
	return m
}

// WithError shows an error: a failed load or a failed unlearn.
func (m Model) WithError(msg string) Model {
	m.pending, m.asking, m.busy, m.forcing = nil, "", "", false
	m.err, m.notice, m.explain = cells.Visible(msg), "", ""
	return m
}

// Selected returns the selected session.
func (m Model) Selected() (core.Session, bool) {
	if m.list.Cursor() >= len(m.sessions) {
		return core.Session{}, false
	}
	return m.sessions[m.list.Cursor()], true
}

// Confirming reports whether an unlearn waits for confirmation; the root
// then sends every key here, so that y and n are not taken as global keys.
func (m Model) Confirming() bool { return m.pending != nil }

// Busy reports the session whose unlearn is running, if any.
func (m Model) Busy() string { return m.busy }

// Update handles key presses; everything else is the root's business.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	k := m.keys
	if p := m.pending; p != nil {
		switch {
		case key.Matches(kp, k.Confirm):
			m.pending, m.busy, m.forcing = nil, p.id, p.force
			return m, func() tea.Msg { return UnlearnMsg{ID: p.id, Force: p.force} }
		case key.Matches(kp, k.Cancel):
			m.pending = nil
			m.explain = "unlearn cancelled; nothing was changed"
			if p.force {
				m.explain = "force cancelled; nothing was changed"
			}
		}
		// Any other key leaves the question open: a stray key must not be
		// taken as an answer either way.
		return m, nil
	}
	m.notice, m.err, m.explain = "", "", ""
	if d, ok := k.List.Step(kp, m.list.Page(), len(m.sessions)); ok {
		return m.move(d)
	}
	half := max(m.reportHeight()/2, 1)
	switch {
	case key.Matches(kp, k.ReportUp):
		return m.Scroll(-1)
	case key.Matches(kp, k.ReportDown):
		return m.Scroll(1)
	case key.Matches(kp, k.ReportPageUp):
		return m.Scroll(-half)
	case key.Matches(kp, k.ReportPageDown):
		return m.Scroll(half)
	case key.Matches(kp, k.Unlearn):
		return m.unlearn()
	case key.Matches(kp, k.Force):
		return m.unlearnForced()
	case key.Matches(kp, k.Dismiss):
		m.blocked = nil
	case key.Matches(kp, k.Review):
		if s, ok := m.Selected(); ok && reviewable(s) {
			return m, func() tea.Msg { return ReviewMsg{ID: s.ID} }
		}
		m.explain = "only a committed learn that stands can be reviewed"
	}
	return m, nil
}

// reviewable says whether a session's primitives can be reviewed: a
// committed learn not since unlearned.
func reviewable(s core.Session) bool {
	return s.Kind != core.KindUnlearn && s.Kind != core.KindCurate && !s.DryRun && refusal(s) == ""
}

// unlearn asks for the preview of the selected session's unlearn.
func (m Model) unlearn() (Model, tea.Cmd) {
	s, ok := m.Selected()
	if !ok {
		return m, nil
	}
	if why := m.occupied(); why != "" {
		m.explain = why
		return m, nil
	}
	if why := refusal(s); why != "" {
		m.explain = why
		return m, nil
	}
	return m.ask(s.ID, false)
}

// unlearnForced asks for the preview of a forced unlearn: of the blocked
// session when an unlearn was blocked, of the selected one otherwise.
func (m Model) unlearnForced() (Model, tea.Cmd) {
	if why := m.occupied(); why != "" {
		m.explain = why
		return m, nil
	}
	if m.blocked != nil {
		return m.ask(m.blocked.id, true)
	}
	s, ok := m.Selected()
	if !ok {
		return m, nil
	}
	if why := refusal(s); why != "" {
		m.explain = why
		return m, nil
	}
	return m.ask(s.ID, true)
}

// occupied says why no other unlearn can start now, or is "".
func (m Model) occupied() string {
	switch {
	case m.busy != "":
		return "an unlearn is running (" + cells.Visible(m.busy) + ")"
	case m.asking != "":
		return "still working out what unlearning " + cells.Visible(m.asking) + " would change"
	}
	return ""
}

func (m Model) ask(id string, force bool) (Model, tea.Cmd) {
	m.asking, m.forcing = id, force
	return m, func() tea.Msg { return PreviewMsg{ID: id, Force: force} }
}

// refusal explains why session s cannot be unlearned, or is "" when it
// can. The engine checks the same again; saying it here spares a
// round-trip and says it in words that fit the screen.
func refusal(s core.Session) string {
	switch {
	case s.Kind == core.KindUnlearn:
		why := "this is an unlearn session"
		if s.Reverts != "" {
			why += " (it reverted " + s.Reverts + ")"
		}
		return why + "; only learn and curate sessions can be unlearned"
	case s.RevertedBy != "":
		return "already reverted by " + s.RevertedBy + "; there is nothing left to undo"
	case s.State == core.SessionReverted:
		return "already reverted; there is nothing left to undo"
	case s.DryRun:
		return "a dry run changed nothing; there is nothing to unlearn"
	case s.State == core.SessionRejected:
		// As lore unlearn words it.
		return (&engine.RejectedSessionError{ID: s.ID, Decision: s.Decision, At: s.CompletedAt}).Reason()
	case s.State != core.SessionCommitted:
		return fmt.Sprintf("the session is %s, not committed; only committed sessions can be unlearned", orDash(string(s.State)))
	}
	return ""
}

// Click selects the session under the component-relative cell (x, y).
// It returns a command when the newly selected report must be loaded.
func (m Model) Click(x, y int) (Model, tea.Cmd) {
	if m.pending != nil || len(m.sessions) == 0 {
		return m, nil
	}
	if x < 0 || x >= m.lay.listW {
		return m, nil
	}
	i, ok := m.list.RowAt(y - bodyTop)
	if !ok {
		return m, nil
	}
	m.notice, m.err, m.explain = "", "", ""
	return m.move(i - m.list.Cursor())
}

// Scroll moves the report by delta lines (the mouse wheel and the report
// keys): the list is short and moved with keys, the report is what one
// reads. It returns no command; it has the shape of every screen's Scroll.
func (m Model) Scroll(delta int) (Model, tea.Cmd) {
	m.rscroll = min(max(m.rscroll+delta, 0), m.maxScroll())
	return m, nil
}

func (m Model) move(d int) (Model, tea.Cmd) {
	if len(m.sessions) == 0 {
		return m, nil
	}
	next := m.list.Move(d)
	if next.Cursor() == m.list.Cursor() {
		return m, nil
	}
	m.list = next
	return m.selectionChanged()
}

// selectionChanged re-renders for the selection and asks for its report
// when the selection is new and the report is not held.
func (m Model) selectionChanged() (Model, tea.Cmd) {
	s, ok := m.Selected()
	id := ""
	if ok {
		id = s.ID
	}
	changed := id != m.selected
	m.selected = id
	if changed {
		m.rscroll = 0
	}
	m = m.refresh()
	if !ok || !changed || m.hasRep {
		return m, nil
	}
	return m, func() tea.Msg { return NeedReportMsg{ID: id} }
}

// refresh renders the selected report for the pane's width and theme.
func (m Model) refresh() Model {
	m.report, m.hasRep = nil, false
	s, ok := m.Selected()
	if !ok {
		return m
	}
	md, held := m.cache.held(s.ID)
	if !held {
		return m
	}
	m.hasRep = true
	if w := m.lay.paneW; w > 0 && m.lay.paneH > 1 {
		m.report = m.md.Render(md, w, m.st.IsDark)
	}
	m.rscroll = min(m.rscroll, m.maxScroll())
	return m
}

func (m Model) maxScroll() int {
	return max(len(m.report)-m.reportHeight(), 0)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
