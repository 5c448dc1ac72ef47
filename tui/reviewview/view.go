package reviewview

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"
)

const (
	// sideBySide is the narrowest width the detail pane stands beside
	// the list; below it, it stands under the list.
	sideBySide = 100
	// minStackedBody is the shortest body with room for a detail pane
	// under the list.
	minStackedBody = 8
	// maxOffers bounds the names kept from the offers (tab cycles them,
	// 1-3 take the first three).
	maxOffers = 9
)

type layout struct {
	headerH, statusH, helpH int
	listTop, listH, listW   int
	// side: the pane beside the list, else under it (from paneTop).
	side         bool
	paneTop      int
	paneW, paneH int
}

func (m Model) layout() layout {
	var lo layout
	h := m.h
	if h >= 3 {
		lo.headerH = 1
	}
	if h >= 4 {
		lo.statusH = 1
	}
	if h >= 6 {
		lo.helpH = 1
	}
	body := max(h-lo.headerH-lo.statusH-lo.helpH, 0)
	lo.listTop, lo.listW = lo.headerH, m.w
	switch {
	case m.w >= sideBySide:
		lo.side = true
		lo.listW = m.w * 11 / 20
		lo.paneW = m.w - lo.listW - sepW
		lo.listH, lo.paneH, lo.paneTop = body, body, lo.headerH
	case body >= minStackedBody:
		lo.paneH = body * 2 / 5
		lo.listH = body - lo.paneH - 1
		lo.paneTop = lo.headerH + lo.listH + 1
		lo.paneW = m.w
	default:
		lo.listH = body
	}
	return lo
}

// refresh recomputes what View draws but must not compute itself: the
// list window's height, the selected primitive's offers and the detail
// pane.
func (m Model) refresh() Model {
	lo := m.layout()
	m.list = m.list.SetHeight(lo.listH)
	m = m.askOffers()
	m.pane = m.detail(lo.paneW, lo.paneH)
	return m
}

// askOffers asks for the selected primitive's offered names when it or
// its name changed.
func (m Model) askOffers() Model {
	r := m.selRow()
	if r == nil || m.offer == nil || r.removed != "" {
		m.offers, m.offersFor = nil, ""
		return m
	}
	k := r.p.ID + "\x00" + r.p.Name
	if k == m.offersFor {
		return m
	}
	m.offersFor = k
	var out []string
	for _, n := range m.offer(r.p) {
		n = strings.TrimSpace(cells.OneLine(n))
		// Its name now is no offer: taking it would change nothing.
		if n != "" && !slices.Contains(out, n) && !strings.EqualFold(n, r.p.Name) {
			out = append(out, n)
		}
		if len(out) == maxOffers {
			break
		}
	}
	m.offers = out
	return m
}

// View draws the review in exactly the size given: a header (or the
// open prompt), the list and the detail pane, the counts and the keys.
// Only the rows on screen are drawn.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	lo := m.layout()
	lines := make([]string, 0, m.h)
	if lo.headerH > 0 {
		lines = append(lines, m.header(m.w))
	}
	top := m.list.Top()
	for i := 0; i < lo.listH; i++ {
		l := m.listLine(top+i, lo.listW)
		if lo.side {
			l += m.paint.faint.Paint(sep) + m.paneLine(i, lo.paneW)
		}
		lines = append(lines, l)
	}
	if !lo.side && lo.paneH > 0 {
		lines = append(lines, m.paint.faint.Paint(strings.Repeat("─", m.w)))
		for i := 0; i < lo.paneH; i++ {
			lines = append(lines, m.paneLine(i, lo.paneW))
		}
	}
	if lo.statusH > 0 {
		lines = append(lines, m.statusLine(m.w))
	}
	if lo.helpH > 0 {
		lines = append(lines, m.helpLine(m.w))
	}
	for len(lines) < m.h {
		lines = append(lines, "")
	}
	for i, l := range lines[:m.h] {
		lines[i] = cells.Clip(l, m.w)
	}
	return strings.Join(lines[:m.h], "\n")
}

func (m Model) paneLine(i, w int) string {
	if i < len(m.pane) {
		return cells.Clip(m.pane[i], w)
	}
	return cells.Blank(w)
}

// header is the first line: what is reviewed, or the open prompt.
func (m Model) header(w int) string {
	p := &m.paint
	sel := ""
	if r := m.selRow(); r != nil {
		sel = cells.Visible(short(nameOf(r.p)))
	}
	// field shows text with the cursor after its first at runes, the
	// part before the cursor cut from the left when it does not fit.
	field := func(label, text string, at int) string {
		s := " " + p.label.Paint(label) + " "
		room := max(w-ansi.StringWidth(s)-1, 1)
		r := []rune(text)
		at = min(max(at, 0), len(r))
		before := cells.ShortenLeft(cells.Visible(string(r[:at])), room)
		after := cells.Visible(string(r[at:]))
		line := s + p.input.Paint(before) + p.input.Paint("▏")
		return line + p.input.Paint(cells.Fit(after, max(room-ansi.StringWidth(before), 0)))
	}
	switch m.mode {
	case modeFilter:
		return field("filter /", m.query, len([]rune(m.query)))
	case modeRename:
		return field("rename "+sel+":", m.text, m.at)
	case modeStatement:
		return field("statement:", m.text, m.at)
	case modeSplit:
		return field("split into (name: statement ;; …):", m.text, m.at)
	case modeRetype:
		return " " + p.label.Paint("retype "+sel) + p.faint.Paint(": 1-6, or ←/→ then enter")
	case modeUnlink:
		return " " + p.label.Paint("unlink "+sel) + p.faint.Paint(": pick the edge to remove (1-9, or ↑/↓ then enter)")
	case modeLink:
		return " " + p.label.Paint("link "+cells.Visible(short(m.nameByID(m.mark)))+" → ") +
			m.targetName(sel) + p.faint.Paint("  enter requires · "+edgeTypesHelp+" · / find · esc")
	case modeMerge:
		return " " + p.label.Paint("merge "+cells.Visible(short(m.nameByID(m.mark)))+" into ") +
			m.targetName(sel) + p.faint.Paint("  enter merge · / find · esc")
	case modeConfirm:
		return " " + p.warn.Paint(cells.Visible(m.question())) + " " + p.label.Paint("y/n")
	}
	what := "review"
	if m.in.Pending {
		what = "review before commit"
	}
	s := " " + p.heading.Paint(what)
	if src := strings.TrimSpace(m.in.Source); src != "" {
		s += p.faint.Paint(" · ") + cells.ShortenLeft(cells.Visible(src), max(w/2, 8))
	}
	if m.query != "" {
		s += "  " + p.label.Paint("/"+cells.Visible(m.query))
	}
	return s
}

// targetName is the selected target in a link's or a merge's header, or,
// on the marked primitive itself, a word that it cannot be its own.
func (m Model) targetName(sel string) string {
	if r := m.selRow(); r == nil || r.p.ID == m.mark {
		return m.paint.bad.Paint("(another primitive: not itself)")
	}
	return m.paint.input.Paint(sel)
}

// listLine draws line i of the list at width w.
func (m Model) listLine(i, w int) string {
	if len(m.view) == 0 {
		if i == m.list.Top() {
			msg := "nothing to review"
			if m.query != "" {
				msg = "no primitive matches “" + cells.Visible(m.query) + "”"
			}
			return cells.Fit(" "+m.paint.faint.Paint(msg), w)
		}
		return cells.Blank(w)
	}
	if i < 0 || i >= len(m.view) {
		return cells.Blank(w)
	}
	it := m.view[i]
	sel := i == m.list.Cursor()
	if it.rev >= 0 {
		return m.revisitLine(it.rev, sel, w)
	}
	return m.rowLine(&m.rows[it.row], sel, w)
}

func (m Model) revisitLine(i int, sel bool, w int) string {
	rv := m.in.Revisit[i]
	cur := "  "
	if sel {
		cur = "▸ "
	}
	what := describe(rv.Decision, m.decidedName(rv.Decision))
	tag, txt := "?  ", "revisit "+what+": "+rv.Reason
	if j := m.answer(i); j >= 0 {
		tag = "✓  "
		if m.own[j].d.Kind == core.CurateDismiss {
			txt = "left: " + what
		} else {
			txt = "re-applied: " + what
		}
	}
	plain := cur + tag + cells.Visible(txt)
	if sel {
		return m.paint.selected.Paint(cells.Fit(plain, w))
	}
	if tag == "?  " {
		return cells.Fit(cur+m.paint.warn.Paint(tag+cells.Visible(txt)), w)
	}
	return cells.Fit(m.paint.faint.Paint(plain), w)
}

// decidedName names the primitives of an earlier decision as it was
// taken: its own by the name its anchor kept.
func (m Model) decidedName(d core.Curation) func(string) string {
	return func(id string) string {
		if id == d.ID && d.Anchor != nil && d.Anchor.Name != "" {
			return d.Anchor.Name
		}
		if id == d.Other && d.OtherAnchor != nil && d.OtherAnchor.Name != "" {
			return d.OtherAnchor.Name
		}
		return m.nameByID(id)
	}
}

// columns are the widths of a primitive row's name, place and statement
// columns (0: not shown).
type columns struct{ name, loc, stmt int }

// marksW, typeW and edgesW are the fixed columns.
const (
	marksW = 3
	typeW  = 3
	edgesW = 3
)

func rowColumns(w int) columns {
	rest := w - 2 - marksW - 1 - 1 - typeW - 1 - edgesW
	if rest < 12 {
		return columns{name: max(rest, 1)}
	}
	c := columns{name: min(max(rest*2/5, 10), 34)}
	r2 := rest - c.name - 1
	switch {
	case r2 >= 40:
		c.loc = min(22, r2/3)
		c.stmt = r2 - c.loc - 1
	case r2 >= 8:
		c.stmt = r2
	default:
		c.name = rest
	}
	return c
}

func (m Model) rowLine(r *row, sel bool, w int) string {
	c := rowColumns(w)
	cur := "  "
	if sel {
		cur = "▸ "
	}
	marks := cells.FitPlain(r.marks, marksW)
	name := cells.FitPlain(cells.Visible(nameOf(r.p)), c.name)
	abbr := typeAbbrev(string(r.p.Type))
	edges := "   "
	if r.removed == "" {
		edges = padLeft(itoa(r.edges), edgesW)
		if r.edges > 999 {
			edges = "999"
		}
	}
	var loc, stmt string
	if c.loc > 0 {
		loc = " " + cells.FitPlain(cells.Visible(r.loc), c.loc)
	}
	if c.stmt > 0 {
		stmt = " " + cells.FitPlain(m.mem.oneLineMath(r.p.FormalStatement), c.stmt)
	}
	if sel {
		return m.paint.selected.Paint(cur + marks + " " + name + " " + abbr + " " + edges + loc + stmt)
	}
	p := &m.paint
	if r.removed != "" {
		return cur + p.bad.Paint(marks) + " " + p.faint.Paint(name+" "+abbr+" "+edges+loc+stmt)
	}
	mk := p.kind
	if r.added {
		mk = p.good
	}
	return cur + mk.Paint(marks) + " " + name + " " + p.kind.Paint(abbr) + " " + edges + p.faint.Paint(loc) + stmt
}

func padLeft(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return strings.Repeat(" ", w-len(s)) + s
}

// statusLine is the counts and the last decision's outcome.
func (m Model) statusLine(w int) string {
	p := &m.paint
	counts := plural(m.current, "primitive", "primitives") + " · " + plural(len(m.own), "decision", "decisions")
	if n := m.revisitOpen(); n > 0 {
		counts += " · " + itoa(n) + " to revisit"
	}
	s := " " + counts
	if m.status != "" {
		msg := cells.Visible(m.status)
		if m.bad {
			s += "  " + p.bad.Paint(msg)
		} else {
			s += "  " + p.good.Paint(msg)
		}
	}
	return cells.Fit(s, w)
}

// helpLine is the keys that act now, as the key map says.
func (m Model) helpLine(w int) string {
	p := &m.paint
	var b strings.Builder
	b.WriteByte(' ')
	for i, k := range m.KeyMap().ShortHelp() {
		if !k.Enabled() {
			continue
		}
		if i > 0 {
			b.WriteString(p.faint.Paint(" · "))
		}
		h := k.Help()
		b.WriteString(p.label.Paint(h.Key) + " " + p.faint.Paint(h.Desc))
	}
	return cells.Fit(b.String(), w)
}

// edgeTypesHelp names the edge types by the digit that picks each.
var edgeTypesHelp = func() string {
	parts := make([]string, len(core.EdgeTypes))
	for i, t := range core.EdgeTypes {
		parts[i] = itoa(i+1) + " " + string(t)
	}
	return strings.Join(parts, " ")
}()
