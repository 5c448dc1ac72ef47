// Package history is the History screen's body: the sessions the store
// recorded, newest first, the selected one's learning report rendered with
// glamour, and unlearn with its integrity check in front of it.
//
// It does no I/O. The root loads sessions and reports and runs unlearns
// when the component asks with NeedReportMsg and UnlearnMsg, and hands the
// outcomes back through WithSessions, WithReport, WithBlocked, WithResult
// and WithError.
package history

import (
	"fmt"
	"slices"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/markdown"
	"github.com/lore-kb/lore/tui/styles"
)

// NeedReportMsg asks the root for the report of session ID; the answer
// comes back through WithReport.
type NeedReportMsg struct{ ID string }

// UnlearnMsg asks the root to unlearn session ID. Force is set only after
// the person saw the integrity problems and confirmed.
type UnlearnMsg struct {
	ID    string
	Force bool
}

type blockedState struct {
	id   string
	deps []string
}

// Model is the History screen's body. The zero value is not usable; call
// New.
type Model struct {
	st   *styles.Styles // shared: the styles are large and models are copied on every update
	keys KeyMap
	loc  *time.Location

	sessions []core.Session
	loaded   bool
	cur, top int

	cache *reports
	md    *markdown.Renderer
	// report holds the selected session's rendered report, fitted to the
	// pane; it is worked out outside View because View has a value
	// receiver and must stay cheap.
	report   []string
	hasRep   bool
	rscroll  int
	blocked  *blockedState
	confirm  bool
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

// WithKeyMap replaces the key bindings.
func (m Model) WithKeyMap(k KeyMap) Model {
	m.keys = k
	return m
}

// KeyMap returns the bindings, with the ones that do nothing right now
// disabled, so the root's help shows only what applies.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	k.Confirm.SetEnabled(m.confirm)
	k.Cancel.SetEnabled(m.confirm)
	k.Force.SetEnabled(m.blocked != nil && !m.confirm && m.busy == "")
	k.Dismiss.SetEnabled(m.blocked != nil && !m.confirm)
	s, ok := m.Selected()
	k.Unlearn.SetEnabled(ok && !m.confirm && refusal(s) == "")
	return k
}

// SetSize sets the size View fills exactly.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = max(w, 0), max(h, 0)
	m.lay = m.computeLayout()
	return m.keepVisible().refresh()
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
	m.cur = 0
	if i := slices.IndexFunc(ss, func(s core.Session) bool { return s.ID == m.selected }); i >= 0 {
		m.cur = i
	}
	if m.blocked != nil {
		if i := slices.IndexFunc(ss, func(s core.Session) bool { return s.ID == m.blocked.id }); i < 0 || refusal(ss[i]) != "" {
			m.blocked, m.confirm = nil, false
		}
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
	m.confirm, m.busy, m.forcing = false, "", false
	m.notice, m.err, m.explain = "", "", ""
	m.rscroll = 0
	return m
}

// WithResult shows the one-line outcome of a finished unlearn; the root
// then hands over the fresh sessions.
func (m Model) WithResult(notice string) Model {
	m.blocked, m.confirm, m.busy, m.forcing = nil, false, "", false
	m.notice, m.err, m.explain = cells.Visible(notice), "", ""
	return m
}

// WithError shows an error: a failed load or a failed unlearn.
func (m Model) WithError(msg string) Model {
	m.confirm, m.busy, m.forcing = false, "", false
	m.err, m.notice, m.explain = cells.Visible(msg), "", ""
	return m
}

// Selected returns the selected session.
func (m Model) Selected() (core.Session, bool) {
	if m.cur < 0 || m.cur >= len(m.sessions) {
		return core.Session{}, false
	}
	return m.sessions[m.cur], true
}

// Confirming reports whether the force confirmation is open; the root
// then sends every key here, so that y and n are not taken as global keys.
func (m Model) Confirming() bool { return m.confirm }

// Busy reports the session whose unlearn is running, if any.
func (m Model) Busy() string { return m.busy }

// Update handles key presses; everything else is the root's business.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	k := m.keys
	if m.confirm {
		switch {
		case key.Matches(kp, k.Confirm):
			id := m.blocked.id
			m.confirm, m.busy, m.forcing = false, id, true
			return m, func() tea.Msg { return UnlearnMsg{ID: id, Force: true} }
		case key.Matches(kp, k.Cancel):
			m.confirm = false
			m.explain = "force cancelled; nothing was changed"
		}
		// Any other key leaves the question open: a stray key must not be
		// taken as an answer either way.
		return m, nil
	}
	m.notice, m.err, m.explain = "", "", ""
	page := max(m.visibleRows()-1, 1)
	half := max(m.reportHeight()/2, 1)
	switch {
	case key.Matches(kp, k.Up):
		return m.move(-1)
	case key.Matches(kp, k.Down):
		return m.move(1)
	case key.Matches(kp, k.PageUp):
		return m.move(-page)
	case key.Matches(kp, k.PageDown):
		return m.move(page)
	case key.Matches(kp, k.Top):
		return m.move(-len(m.sessions))
	case key.Matches(kp, k.Bottom):
		return m.move(len(m.sessions))
	case key.Matches(kp, k.ReportUp):
		return m.Scroll(-1), nil
	case key.Matches(kp, k.ReportDown):
		return m.Scroll(1), nil
	case key.Matches(kp, k.ReportPageUp):
		return m.Scroll(-half), nil
	case key.Matches(kp, k.ReportPageDown):
		return m.Scroll(half), nil
	case key.Matches(kp, k.Unlearn):
		return m.unlearn()
	case key.Matches(kp, k.Force):
		switch {
		case m.blocked == nil:
			m.explain = "nothing to force: press u to unlearn; f is offered when an unlearn is blocked"
		case m.busy != "":
			m.explain = "an unlearn is running"
		default:
			m.confirm = true
		}
	case key.Matches(kp, k.Dismiss):
		m.blocked = nil
	}
	return m, nil
}

func (m Model) unlearn() (Model, tea.Cmd) {
	s, ok := m.Selected()
	switch {
	case !ok:
		return m, nil
	case m.busy != "":
		m.explain = "an unlearn is running (" + m.busy + ")"
		return m, nil
	}
	if why := refusal(s); why != "" {
		m.explain = why
		return m, nil
	}
	m.busy, m.forcing = s.ID, false
	id := s.ID
	return m, func() tea.Msg { return UnlearnMsg{ID: id} }
}

// refusal explains why session s cannot be unlearned, or is "" when it
// can. The engine checks the same again; saying it here spares a
// round-trip and says it in words that fit the screen.
func refusal(s core.Session) string {
	switch {
	case s.Kind != "" && s.Kind != core.KindLearn:
		why := "this is an " + string(s.Kind) + " session"
		if s.Reverts != "" {
			why += " (it reverted " + s.Reverts + ")"
		}
		return why + "; only learn sessions can be unlearned"
	case s.RevertedBy != "":
		return "already reverted by " + s.RevertedBy + "; there is nothing left to undo"
	case s.State == core.SessionReverted:
		return "already reverted; there is nothing left to undo"
	case s.DryRun:
		return "a dry run changed nothing; there is nothing to unlearn"
	case s.State != core.SessionCommitted:
		return fmt.Sprintf("the session is %s, not committed; only committed sessions can be unlearned", orDash(string(s.State)))
	}
	return ""
}

// Click selects the session under the component-relative cell (x, y).
// It returns a command when the newly selected report must be loaded.
func (m Model) Click(x, y int) (Model, tea.Cmd) {
	if m.confirm || len(m.sessions) == 0 {
		return m, nil
	}
	lo := m.lay
	if x < 0 || x >= lo.listW || y < bodyTop || y >= bodyTop+lo.listH {
		return m, nil
	}
	i := m.top + (y-bodyTop)/lo.rowH
	if i >= len(m.sessions) {
		return m, nil
	}
	m.notice, m.err, m.explain = "", "", ""
	return m.move(i - m.cur)
}

// Scroll moves the report by delta lines (the mouse wheel): the list is
// short and moved with keys, the report is what one reads.
func (m Model) Scroll(delta int) Model {
	m.rscroll = min(max(m.rscroll+delta, 0), m.maxScroll())
	return m
}

func (m Model) move(d int) (Model, tea.Cmd) {
	if len(m.sessions) == 0 {
		return m, nil
	}
	c := min(max(m.cur+d, 0), len(m.sessions)-1)
	if c == m.cur {
		return m, nil
	}
	m.cur = c
	return m.selectionChanged()
}

// selectionChanged re-renders for the selection and asks for its report
// when the selection is new and the report is not held.
func (m Model) selectionChanged() (Model, tea.Cmd) {
	m = m.keepVisible()
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

func (m Model) keepVisible() Model {
	n := m.visibleRows()
	if n <= 0 || len(m.sessions) == 0 {
		m.top = 0
		return m
	}
	if m.cur < m.top {
		m.top = m.cur
	}
	if m.cur >= m.top+n {
		m.top = m.cur - n + 1
	}
	m.top = min(max(m.top, 0), max(len(m.sessions)-n, 0))
	return m
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
