// Package findings is the findings reviewer: it shows the sanitizer's
// findings for a source waiting at the approval gate, lets a person
// acknowledge them one by one and decide. It is a leaf component: it takes a
// gate.Request and a styles value, and reports the decision as a DecidedMsg;
// the root model relays that answer to the engine.
package findings

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/tui/listwin"
	"github.com/lore-kb/lore/tui/styles"
)

// maxEvidenceScroll bounds how far the evidence viewport moves away from the
// match, so that scrolling never walks an unbounded part of a huge document
// inside Update.
const maxEvidenceScroll = 1000

// DecidedMsg carries the person's decision; the root hands Answer to the
// gate's Approver call that is waiting for it.
type DecidedMsg struct{ Answer gate.Answer }

// row is one line of the list: a severity heading (finding < 0) or a finding.
type row struct {
	finding int
	sev     core.Severity
	count   int
}

// Model is the reviewer. The zero value is not usable; call New.
type Model struct {
	st   *styles.Styles // shared: the styles are large and models are copied on every update
	keys KeyMap
	// matchMarker is a hidden character inside the match: the marker's
	// colour on the match's background, derived once per styles value.
	matchMarker lipgloss.Style
	// paint holds the evidence styles as escape prefix and suffix, because
	// lipgloss's Render per run of cells dominated the cost of a key press.
	paint painters

	req    gate.Request
	active bool
	rows   []row
	// pos holds the row index of each finding row, in display order. The
	// window's cursor is always one of them, so that headings are never
	// selected; keys move it from finding to finding.
	pos []int
	win listwin.Window
	// catW and locW are the widest category and location, for the list's
	// columns.
	catW, locW int

	acked     []bool
	critical  []bool
	nCrit     int
	nAcked    int
	critAcked int

	decided bool
	status  core.ApprovalStatus
	err     string

	evScroll int
	w, h     int
	// detail is the right pane for the current selection, width and styles,
	// computed outside View because View has a value receiver.
	detail []string
}

// New returns a reviewer with no request and the default key map.
func New(st styles.Styles) Model {
	return Model{keys: DefaultKeyMap()}.SetStyles(st)
}

// SetStyles switches the styles (a light/dark change).
func (m Model) SetStyles(st styles.Styles) Model {
	m.st = &st
	m.matchMarker = st.Evidence.Marker.Inherit(st.Evidence.Match)
	m.paint = newPainters(st, m.matchMarker)
	return m.refresh()
}

// WithKeyMap replaces the key bindings. Start from DefaultKeyMap, not
// from KeyMap, whose copy has the keys that do nothing right now disabled
// for the help: they would stay disabled.
func (m Model) WithKeyMap(k KeyMap) Model {
	m.keys = k
	return m
}

// KeyMap returns the bindings, for the root's help; while no source waits
// for a decision they are all disabled, for there is nothing to act on,
// and a source whose scan found nothing has only its decision to make.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	asking := m.Pending()
	found := asking && len(m.req.Report.Findings) > 0
	k.List = k.List.WithEnabled(found)
	for _, b := range []*key.Binding{&k.Acknowledge, &k.ScrollUp, &k.ScrollDown} {
		b.SetEnabled(found)
	}
	for _, b := range []*key.Binding{&k.Approve, &k.ApproveWarnings, &k.Reject} {
		b.SetEnabled(asking)
	}
	return k
}

// HelpNote says, for the help view, why no key applies while no source
// waits for a decision.
func (m Model) HelpNote() string {
	if m.Pending() {
		return ""
	}
	return "No source is waiting for approval. When a learn reaches the approval gate, its findings appear here " +
		"to be acknowledged (space), and the source approved (a, w) or rejected (r)."
}

// Captures reports whether the reviewer takes every key: never, for a
// source waiting at the gate must not keep a person from the other
// screens.
func (m Model) Captures() bool { return false }

// SetSize sets the size View fills exactly.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = max(w, 0), max(h, 0)
	m.win = m.win.SetHeight(m.bodyHeight())
	return m.refresh()
}

// WithRequest shows a new request, forgetting the selection,
// acknowledgements and decision of the previous one. The row order is
// worked out here once, so that View and key presses stay cheap on
// thousands of findings.
func (m Model) WithRequest(req gate.Request) Model {
	fs := req.Report.Findings
	m.req = req
	m.active = true
	m.evScroll = 0
	m.decided, m.status, m.err = false, "", ""
	m.acked = make([]bool, len(fs))
	m.critical = make([]bool, len(fs))
	m.nAcked, m.critAcked, m.nCrit = 0, 0, 0
	for _, i := range req.Critical {
		// Out-of-range or repeated indexes would make the count unreachable.
		if i >= 0 && i < len(fs) && !m.critical[i] {
			m.critical[i] = true
			m.nCrit++
		}
	}

	order := make([]int, len(fs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		fa, fb := &fs[a], &fs[b]
		if d := sevRank(fa.Severity) - sevRank(fb.Severity); d != 0 {
			return d
		}
		if d := catRank(fa.Category) - catRank(fb.Category); d != 0 {
			return d
		}
		return strings.Compare(string(fa.Category), string(fb.Category))
	})
	m.rows = make([]row, 0, len(fs)+4)
	m.pos = make([]int, 0, len(fs))
	m.catW, m.locW = 0, 0
	for k := 0; k < len(order); {
		rank := sevRank(fs[order[k]].Severity)
		end := k
		for end < len(order) && sevRank(fs[order[end]].Severity) == rank {
			end++
		}
		m.rows = append(m.rows, row{finding: -1, sev: fs[order[k]].Severity, count: end - k})
		for ; k < end; k++ {
			m.pos = append(m.pos, len(m.rows))
			m.rows = append(m.rows, row{finding: order[k], sev: fs[order[k]].Severity})
			m.catW = max(m.catW, len(fs[order[k]].Category))
			m.locW = max(m.locW, len(fs[order[k]].Location))
		}
	}
	m.catW = min(m.catW, len(core.ContentTypeMismatch))
	m.win = listwin.New(len(m.rows), m.bodyHeight())
	if len(m.pos) > 0 {
		m.win = m.show(0)
	}
	return m.refresh()
}

// Request is the request shown (the zero Request before the first).
func (m Model) Request() gate.Request { return m.req }

// Pending reports whether a request is shown and not yet decided.
func (m Model) Pending() bool { return m.active && !m.decided }

// Acknowledged returns the indexes, into the request's findings, of the
// acknowledged findings in ascending order.
func (m Model) Acknowledged() []int {
	out := make([]int, 0, m.nAcked)
	for i, a := range m.acked {
		if a {
			out = append(out, i)
		}
	}
	return out
}

// Selected returns the index of the selected finding, or -1.
func (m Model) Selected() int {
	if !m.active || len(m.pos) == 0 {
		return -1
	}
	return m.rows[m.win.Cursor()].finding
}

// cur is the selected finding's place in display order (an index into
// pos).
func (m Model) cur() int { return min(sort.SearchInts(m.pos, m.win.Cursor()), len(m.pos)-1) }

// show is the window with the c-th finding in display order selected and,
// when there is room, the heading just above it on screen too.
func (m Model) show(c int) listwin.Window {
	r := m.pos[c]
	w := m.win.Select(r)
	if r > 0 && m.rows[r-1].finding < 0 {
		w = w.Reveal(r - 1)
	}
	return w
}

// Update handles key presses; everything else is the root's business.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok || !m.active {
		return m, nil
	}
	k := m.keys
	// The list keys step from finding to finding, a page being the
	// window's rows less one, headings counted.
	if d, ok := k.List.Step(kp, m.win.Page(), len(m.pos)); ok {
		return m.move(d), nil
	}
	switch {
	case key.Matches(kp, k.ScrollUp):
		return m.scrollEvidence(-1), nil
	case key.Matches(kp, k.ScrollDown):
		return m.scrollEvidence(1), nil
	case key.Matches(kp, k.Acknowledge):
		// Acknowledging one moves on to the next, so that space reads
		// through the list; taking one back stays on it.
		if m = m.toggle(); m.ackedHere() {
			m = m.move(1)
		}
		return m, nil
	case key.Matches(kp, k.Approve):
		return m.decide(core.Approved)
	case key.Matches(kp, k.ApproveWarnings):
		return m.decide(core.ApprovedWithWarnings)
	case key.Matches(kp, k.Reject):
		return m.decide(core.Rejected)
	}
	return m, nil
}

// Click selects the list row at the component-relative cell (x, y). It
// returns no command; it has the shape of every screen's Click.
func (m Model) Click(x, y int) (Model, tea.Cmd) {
	if !m.active || len(m.pos) == 0 || x < 0 || x >= m.layout().listW {
		return m, nil
	}
	r, ok := m.win.RowAt(y - m.headerHeight())
	if !ok {
		return m, nil
	}
	// A heading selects the first finding under it.
	c := min(sort.SearchInts(m.pos, r), len(m.pos)-1)
	return m.move(c - m.cur()), nil
}

// Scroll moves the selection by delta findings (the mouse wheel over the
// list). It returns no command; it has the shape of every screen's Scroll.
func (m Model) Scroll(delta int) (Model, tea.Cmd) {
	if !m.active {
		return m, nil
	}
	return m.move(delta), nil
}

// move moves the selection by d findings.
func (m Model) move(d int) Model {
	if len(m.pos) == 0 {
		return m
	}
	cur := m.cur()
	c := min(max(cur+d, 0), len(m.pos)-1)
	m.err = ""
	if c == cur {
		return m
	}
	m.win, m.evScroll = m.show(c), 0
	return m.refresh()
}

func (m Model) scrollEvidence(d int) Model {
	if len(m.pos) == 0 {
		return m
	}
	m.evScroll = min(max(m.evScroll+d, -maxEvidenceScroll), maxEvidenceScroll)
	return m.refresh()
}

// ackedHere reports whether the selected finding is acknowledged.
func (m Model) ackedHere() bool {
	if len(m.pos) == 0 {
		return false
	}
	return m.acked[m.rows[m.win.Cursor()].finding]
}

func (m Model) toggle() Model {
	if m.decided || len(m.pos) == 0 {
		return m
	}
	i := m.rows[m.win.Cursor()].finding
	// Copy on write: the root keeps earlier Model values, which must not
	// see this change.
	m.acked = slices.Clone(m.acked)
	m.acked[i] = !m.acked[i]
	d := 1
	if !m.acked[i] {
		d = -1
	}
	m.nAcked += d
	if m.critical[i] {
		m.critAcked += d
	}
	m.err = ""
	return m.refresh()
}

func (m Model) decide(s core.ApprovalStatus) (Model, tea.Cmd) {
	if m.decided {
		return m, nil
	}
	if len(m.req.Choices) > 0 && !slices.Contains(m.req.Choices, s) {
		m.err = fmt.Sprintf("%q is not a choice for this source", s)
		return m, nil
	}
	if remain := m.nCrit - m.critAcked; s != core.Rejected && remain > 0 {
		which := ""
		if m.critAcked > 0 {
			which = " remaining"
		}
		m.err = fmt.Sprintf("acknowledge the %d%s critical finding%s before approving (space)", remain, which, plural(remain))
		return m, nil
	}
	verb := map[core.ApprovalStatus]string{
		core.Approved:             "approved",
		core.ApprovedWithWarnings: "approved with warnings",
		core.Rejected:             "rejected",
	}[s]
	n := len(m.req.Report.Findings)
	ans := gate.Answer{
		Status:       s,
		Rationale:    fmt.Sprintf("%s in the findings reviewer, %d of %d finding%s acknowledged", verb, m.nAcked, n, plural(n)),
		Acknowledged: m.Acknowledged(),
	}
	m.decided, m.status, m.err = true, s, ""
	return m.refresh(), func() tea.Msg { return DecidedMsg{Answer: ans} }
}

func sevRank(s core.Severity) int {
	if i := slices.Index(core.Severities, s); i >= 0 {
		return i
	}
	return len(core.Severities)
}

func catRank(c core.Category) int {
	if i := slices.Index(core.Categories, c); i >= 0 {
		return i
	}
	return len(core.Categories)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
