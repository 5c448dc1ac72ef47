// Package diffview is the Conflicts screen body: the pending merge
// conflicts listed at the top and the selected one drawn side by side —
// existing on the left, candidate on the right — with word-level
// highlighting, set differences, scores and the comparator's rationale. It
// is a leaf component: it takes conflicts and a styles value and reports a
// decision as a ResolveMsg; the root applies it through the engine. Render
// draws a conflict without the model.
package diffview

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/listwin"
	"github.com/lore-kb/lore/tui/styles"
)

// ResolveMsg asks the root to resolve conflict ID with Choice, one of
// "keep-existing", "keep-candidate" or "keep-both" (core.Resolution values).
type ResolveMsg struct {
	ID     string
	Choice string
}

const (
	// maxListRows bounds the conflict list so the view keeps the screen.
	maxListRows = 5
	// ruleMinHeight is the height from which a rule separates list and view.
	ruleMinHeight = 12
)

// Model is the Conflicts screen. The zero value is not usable; call New.
type Model struct {
	st    *styles.Styles // shared: the styles are large and models are copied on every update
	paint painter
	keys  KeyMap

	cs      []core.Conflict
	list    listwin.Window
	unified bool
	scroll  int
	// confirm is the ID whose keep-candidate awaits y; pending the ID whose
	// resolution was sent and not yet answered by WithConflicts or SetError,
	// so that a second key press cannot resolve it twice.
	confirm string
	pending string
	err     string

	w, h int
	// body is the selected conflict's view at the current width, layout and
	// styles, computed outside View because View has a value receiver and a
	// word diff is too costly to redo every frame.
	body []string
}

// New returns a screen with no conflicts and the default key map.
func New(st styles.Styles) Model {
	return Model{keys: DefaultKeyMap()}.SetStyles(st)
}

// SetStyles switches the styles (a light/dark change).
func (m Model) SetStyles(st styles.Styles) Model {
	m.st = &st
	m.paint = newPainter(st)
	return m.refresh()
}

// WithKeyMap replaces the key bindings. Start from DefaultKeyMap, not
// from KeyMap, whose copy has the keys that do nothing right now disabled
// for the help: they would stay disabled.
func (m Model) WithKeyMap(k KeyMap) Model {
	m.keys = k
	return m
}

// KeyMap returns the bindings, for the root's help: while the
// keep-candidate question is open only its answers, otherwise everything
// but them.
func (m Model) KeyMap() KeyMap {
	k := m.keys
	asking := m.Confirming()
	k.List = k.List.WithEnabled(!asking)
	for _, b := range []*key.Binding{&k.KeepExisting, &k.KeepCandidate, &k.KeepBoth,
		&k.Unified, &k.ScrollDown, &k.ScrollUp, &k.PageDown, &k.PageUp} {
		b.SetEnabled(!asking)
	}
	k.Confirm.SetEnabled(asking)
	k.Cancel.SetEnabled(asking)
	return k
}

// Captures reports whether every key is the screen's: while the
// keep-candidate question waits for its answer.
func (m Model) Captures() bool { return m.Confirming() }

// SetSize sets the size View fills exactly.
func (m Model) SetSize(w, h int) Model {
	m.w, m.h = max(w, 0), max(h, 0)
	m.list = m.list.SetHeight(m.layout().listH)
	return m.refresh()
}

// WithConflicts shows the pending conflicts of cs (resolved ones are
// skipped). The selection stays on the same conflict ID when it is still
// there; otherwise it stays at the same position, which after a resolution
// is the next conflict.
func (m Model) WithConflicts(cs []core.Conflict) Model {
	prevID := ""
	if c, ok := m.Selected(); ok {
		prevID = c.ID
	}
	// A copy: the caller's slice may change after this returns, and earlier
	// Model values must not see it.
	m.cs = make([]core.Conflict, 0, len(cs))
	for _, c := range cs {
		if c.State != core.ConflictResolved {
			m.cs = append(m.cs, c)
		}
	}
	// The list's height follows its length (see layout), so both change
	// in one step.
	m.list = m.list.Resize(len(m.cs), m.layout().listH)
	i := slices.IndexFunc(m.cs, func(c core.Conflict) bool { return c.ID == prevID })
	if i >= 0 {
		m.list = m.list.Select(i)
	} else {
		// Gone: the same row number, now the next conflict, or the last.
		m.scroll = 0
	}
	m.pending = ""
	if c, ok := m.Selected(); m.confirm != "" && (!ok || c.ID != m.confirm) {
		m.confirm = ""
	}
	return m.refresh()
}

// Selected returns the selected conflict.
func (m Model) Selected() (core.Conflict, bool) {
	if m.list.Cursor() >= len(m.cs) {
		return core.Conflict{}, false
	}
	return m.cs[m.list.Cursor()], true
}

// Confirming reports whether keep-candidate is waiting for y or n.
func (m Model) Confirming() bool { return m.confirm != "" }

// Unified reports whether the one-column layout is chosen.
func (m Model) Unified() bool { return m.unified }

// SetError shows msg inline (a resolution the engine refused) and allows
// the conflict to be decided again.
func (m Model) SetError(msg string) Model {
	m.err = oneLine(msg)
	m.pending = ""
	return m
}

// Update handles key presses; everything else is the root's business.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	k := m.keys
	if m.confirm != "" {
		// Only the answer counts: a stray key must neither replace the
		// existing primitive nor move away from the question.
		switch {
		case key.Matches(kp, k.Confirm):
			id := m.confirm
			m.confirm = ""
			return m.resolve(id, core.KeepCandidate)
		case key.Matches(kp, k.Cancel):
			m.confirm = ""
		}
		return m, nil
	}
	if d, ok := k.List.Step(kp, m.list.Page(), len(m.cs)); ok {
		return m.move(d), nil
	}
	switch {
	case key.Matches(kp, k.ScrollDown):
		return m.Scroll(1)
	case key.Matches(kp, k.ScrollUp):
		return m.Scroll(-1)
	case key.Matches(kp, k.PageDown):
		return m.Scroll(max(m.layout().bodyH-1, 1))
	case key.Matches(kp, k.PageUp):
		return m.Scroll(-max(m.layout().bodyH-1, 1))
	case key.Matches(kp, k.Unified):
		m.unified = !m.unified
		m.scroll = 0
		return m.refresh(), nil
	case key.Matches(kp, k.KeepExisting):
		return m.decide(core.KeepExisting)
	case key.Matches(kp, k.KeepBoth):
		return m.decide(core.KeepBoth)
	case key.Matches(kp, k.KeepCandidate):
		if c, ok := m.Selected(); ok && m.pending != c.ID {
			m.confirm, m.err = c.ID, ""
		}
		return m, nil
	}
	return m, nil
}

func (m Model) decide(r core.Resolution) (Model, tea.Cmd) {
	c, ok := m.Selected()
	if !ok {
		return m, nil
	}
	return m.resolve(c.ID, r)
}

func (m Model) resolve(id string, r core.Resolution) (Model, tea.Cmd) {
	if m.pending == id {
		return m, nil
	}
	m.pending, m.err = id, ""
	msg := ResolveMsg{ID: id, Choice: string(r)}
	return m, func() tea.Msg { return msg }
}

// Click selects the list row at the component-relative cell (x, y). It
// returns no command; it has the shape of every screen's Click.
func (m Model) Click(x, y int) (Model, tea.Cmd) {
	if m.confirm != "" || x < 0 || x >= m.w {
		return m, nil
	}
	if i, ok := m.list.RowAt(y); ok {
		return m.move(i - m.list.Cursor()), nil
	}
	return m, nil
}

// Scroll moves the conflict view by delta lines (the mouse wheel and the
// scroll keys). It returns no command; it has the shape of every screen's
// Scroll.
func (m Model) Scroll(delta int) (Model, tea.Cmd) {
	m.scroll = min(max(m.scroll+delta, 0), m.maxScroll())
	return m, nil
}

func (m Model) maxScroll() int { return max(len(m.body)-m.layout().bodyH, 0) }

func (m Model) move(d int) Model {
	if len(m.cs) == 0 {
		return m
	}
	next := m.list.Move(d)
	m.err = ""
	if next.Cursor() == m.list.Cursor() {
		return m
	}
	m.list, m.scroll = next, 0
	return m.refresh()
}

type layout struct{ listH, ruleH, bodyH, statusH int }

// layout splits the height: a few list rows, a rule, the view and a
// status line. The status line goes last on a tiny screen because it holds
// the keep-candidate question.
func (m Model) layout() layout {
	switch {
	case m.h <= 0:
		return layout{}
	case m.h == 1:
		return layout{statusH: 1}
	case m.h == 2:
		return layout{listH: 1, statusH: 1}
	}
	lo := layout{statusH: 1}
	lo.listH = min(max(len(m.cs), 1), maxListRows, max((m.h-1)/4, 1))
	if m.h >= ruleMinHeight {
		lo.ruleH = 1
	}
	lo.bodyH = m.h - lo.listH - lo.ruleH - lo.statusH
	return lo
}

// refresh recomputes the selected conflict's view. It runs when the
// selection, the conflicts, the size, the layout or the styles change,
// never in View.
func (m Model) refresh() Model {
	m.body = nil
	if c, ok := m.Selected(); ok && m.w > 0 && m.layout().bodyH > 0 {
		m.body = Lines(c, *m.st, m.w, m.unified)
	}
	m.scroll = min(max(m.scroll, 0), m.maxScroll())
	return m
}

// View draws the screen in exactly the size given to SetSize.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	lines := make([]string, 0, m.h)
	if len(m.cs) == 0 {
		p := m.paint
		lines = append(lines, cells.Fit("", m.w))
		lines = append(lines, p.block([]seg{{text: " "}, {text: "No pending conflicts.", k: kHeading}}, m.w)...)
		lines = append(lines, p.block([]seg{{text: "Learning a source creates one when a candidate overlaps a primitive lore already knows without being the same; it waits here for a decision.", k: kFaint}}, m.w)...)
		if m.err != "" {
			lines = append(lines, cells.Fit("", m.w), cells.Fit(m.paint.paint(kError, m.err), m.w))
		}
		return frame(lines, m.w, m.h)
	}
	lo := m.layout()
	for y := range lo.listH {
		lines = append(lines, m.listRow(m.list.Top()+y))
	}
	if lo.ruleH > 0 {
		lines = append(lines, m.paint.paint(kFaint, strings.Repeat("─", m.w)))
	}
	blank := strings.Repeat(" ", m.w)
	for y := range lo.bodyH {
		if i := m.scroll + y; i < len(m.body) {
			lines = append(lines, m.body[i])
		} else {
			lines = append(lines, blank)
		}
	}
	if lo.statusH > 0 {
		lines = append(lines, cells.Fit(m.statusLine(lo), m.w))
	}
	return strings.Join(lines, "\n")
}

// listRow renders conflict i; only visible rows are rendered, so the cost
// of View does not grow with the number of conflicts.
func (m Model) listRow(i int) string {
	if i < 0 || i >= len(m.cs) {
		return strings.Repeat(" ", m.w)
	}
	c := &m.cs[i]
	num := fmt.Sprintf("%d of %d", i+1, len(m.cs))
	cand, exist := oneLine(c.Candidate.Name), oneLine(c.Existing.Name)
	class := oneLine(string(c.Comparison.Class))
	scores := fmt.Sprintf("statement %.2f · keywords %.2f", c.Comparison.FormalSimilarity, c.Comparison.KeywordSimilarity)
	if i == m.list.Cursor() {
		plain := "▸ " + num + " · " + cand + " vs " + exist + " · " + class + " · " + scores
		return m.paint.paint(kSelected, cells.Fit(plain, m.w))
	}
	p := m.paint
	dot := p.paint(kFaint, " · ")
	return cells.Fit("  "+p.paint(kFaint, num)+dot+cand+p.paint(kFaint, " vs ")+exist+dot+
		p.paint(kKind, class)+dot+p.paint(kFaint, scores), m.w)
}

func (m Model) statusLine(lo layout) string {
	switch {
	case m.confirm != "":
		c, _ := m.Selected()
		q := fmt.Sprintf("Keep the candidate %q? It replaces %q.", oneLine(c.Candidate.Name), oneLine(c.Existing.Name))
		p := m.paint
		keys := p.paint(kLabel, m.keys.Confirm.Help().Key) + " " + m.keys.Confirm.Help().Desc +
			p.paint(kFaint, " · ") + p.paint(kLabel, m.keys.Cancel.Help().Key) + " " + m.keys.Cancel.Help().Desc
		// On a narrow screen the question is cut, never the keys that
		// answer it.
		if room := m.w - 2 - ansi.StringWidth(keys); ansi.StringWidth(q) > room {
			q = ansi.Truncate(q, max(1, room-1), cells.Ellipsis)
		}
		return " " + p.paint(kWarning, q) + " " + keys
	case m.err != "":
		return " " + m.paint.paint(kError, m.err)
	case m.pending != "":
		return " " + m.paint.paint(kFaint, "resolving…")
	}
	mode := "split"
	switch {
	case m.unified:
		mode = "unified"
	case m.w < MinSplitWidth:
		mode = "unified (narrow)"
	}
	parts := []string{mode}
	if c, ok := m.Selected(); ok && c.Session != "" {
		parts = append(parts, "session "+oneLine(c.Session))
	}
	if n := len(m.body); n > lo.bodyH && lo.bodyH > 0 {
		parts = append(parts, fmt.Sprintf("lines %d–%d of %d", m.scroll+1, min(m.scroll+lo.bodyH, n), n))
	}
	return " " + m.paint.paint(kFaint, strings.Join(parts, " · "))
}

// frame fits every line to the width and the slice to the height.
func frame(lines []string, w, h int) string {
	var sb strings.Builder
	for y := range h {
		if y > 0 {
			sb.WriteByte('\n')
		}
		l := ""
		if y < len(lines) {
			l = lines[y]
		}
		sb.WriteString(cells.Fit(l, w))
	}
	return sb.String()
}
