package findings

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"
)

// The screen is a header (one line, or up to maxHeaderLines when the note
// on the source does not fit beside it), the body (list │ detail) and a
// status line.
const (
	separator = " │ "
	// maxHeaderLines bounds the header: a note longer than that is cut
	// with an ellipsis rather than taking the list's rows.
	maxHeaderLines = 3
	// minNoteW is the narrowest room beside the source worth starting
	// the note in; with less, the note starts on the next line.
	minNoteW = 20
	// minBodyLines is the body a wrapped header leaves at least; on a
	// screen shorter than that and the header, the note is cut instead.
	minBodyLines = 10
	// noteIndent leads a header line continuing the note.
	noteIndent = "   "
	// noteSep joins the parts of the note ("STRANGER source … · rejected
	// before on …").
	noteSep  = " · "
	minListW = 24
	maxListW = 56
	// minDetailW is the narrowest detail pane worth drawing; below it the
	// list takes the whole width.
	minDetailW     = 20
	maxDescLines   = 3
	maxRecLines    = 3
	minEvidenceLen = 3
)

type layout struct {
	listW, detailW int
}

func (m Model) layout() layout {
	lw := min(max(m.w*9/20, minListW), maxListW)
	dw := m.w - lw - len([]rune(separator))
	if dw < minDetailW {
		return layout{listW: m.w}
	}
	return layout{listW: lw, detailW: dw}
}

// bodyHeight is the list's rows: the size less the header and the
// status line.
func (m Model) bodyHeight() int { return max(m.h-m.headerHeight()-1, 0) }

// headerHeight is the header's lines, where the body starts.
func (m Model) headerHeight() int {
	if !m.active {
		return 1
	}
	return len(m.headerLines())
}

// View draws the reviewer in exactly the size given to SetSize.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	if !m.active {
		lines := []string{""}
		for _, l := range cells.Wrap("No source is waiting for approval.", m.w-1) {
			lines = append(lines, " "+m.st.Heading.Render(l))
		}
		for _, l := range cells.Wrap("When a learn reaches the approval gate with something to review, its findings appear here.", m.w-1) {
			lines = append(lines, " "+m.st.Faint.Render(l))
		}
		return m.frame(lines)
	}
	lo := m.layout()
	sep := m.paint.faint.Paint(separator)
	bh := m.bodyHeight()
	var sb strings.Builder
	sb.Grow(m.h * (m.w + 64))
	head := m.headerLines()
	for i, l := range head {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(cells.Fit(l, m.w))
	}
	// Body lines are assembled from parts already fitted to their columns,
	// so they are not measured again.
	for y := 0; y < bh && y+len(head) < m.h; y++ {
		sb.WriteByte('\n')
		sb.WriteString(m.listRow(m.win.Top()+y, lo.listW))
		if lo.detailW > 0 {
			sb.WriteString(sep)
			if y < len(m.detail) {
				sb.WriteString(m.detail[y])
			} else {
				sb.WriteString(strings.Repeat(" ", lo.detailW))
			}
		}
	}
	if m.h > 1 {
		sb.WriteByte('\n')
		sb.WriteString(cells.Fit(m.statusLine(), m.w))
	}
	return sb.String()
}

// frame fits every line to the width and the slice to the height.
func (m Model) frame(lines []string) string {
	var sb strings.Builder
	for y := range m.h {
		if y > 0 {
			sb.WriteByte('\n')
		}
		l := ""
		if y < len(lines) {
			l = lines[y]
		}
		sb.WriteString(cells.Fit(l, m.w))
	}
	return sb.String()
}

// headerLines are the header's lines, not yet fitted: the source, and
// beside it why a person is asked. That note is read whole (it may say
// when and by whom the source was rejected before), so where it does not
// fit beside the source it wraps at the " · " between its parts onto
// lines of its own, up to maxHeaderLines; only a note longer still is cut.
func (m Model) headerLines() []string {
	src := m.req.Report.Source
	if src == "" {
		src = "source"
	}
	src = cells.Visible(src)
	first := " " + m.st.Heading.Render(src)
	if m.req.Why == "" {
		if m.req.Report.Tier != "" {
			first += "  " + m.st.Label.Render(cells.Visible(string(m.req.Report.Tier)))
		}
		return []string{first}
	}
	note := cells.Visible(m.req.Why)
	room := m.w - 1 - ansi.StringWidth(src) - 2
	// A short screen keeps its rows for the list and the evidence: the
	// note wraps only where minBodyLines stay under it.
	most := max(1, min(maxHeaderLines, m.h-1-minBodyLines))
	if room >= ansi.StringWidth(note) || most == 1 || m.w <= len(noteIndent)+1 {
		return []string{first + "  " + m.st.Faint.Render(note)}
	}
	if room >= minNoteW {
		var l string
		l, note = cutNote(note, room)
		first += "  " + m.st.Faint.Render(l)
	}
	lines := []string{first}
	for note != "" && len(lines) < most {
		l := note
		if len(lines) < most-1 {
			// The last line there is room for takes the rest, which Fit
			// cuts with an ellipsis.
			l, note = cutNote(note, m.w-len(noteIndent))
		} else {
			note = ""
		}
		lines = append(lines, noteIndent+m.st.Faint.Render(l))
	}
	return lines
}

// cutNote splits the unstyled note into its first line of at most w cells,
// broken as cells.WrapParts breaks it, and the rest.
func cutNote(note string, w int) (line, rest string) {
	line = cells.WrapParts(note, noteSep, w)[0]
	rest = note[len(line):]
	if r, ok := strings.CutPrefix(rest, noteSep); ok {
		return line, r
	}
	return line, strings.TrimPrefix(rest, " ")
}

func (m Model) statusLine() string {
	var parts []string
	switch {
	case m.decided && m.status == core.Rejected:
		parts = append(parts, m.st.Bad.Render("rejected"))
	case m.decided:
		parts = append(parts, m.st.Good.Render("decided: "+string(m.status)))
	}
	if m.nCrit > 0 {
		parts = append(parts, fmt.Sprintf("critical acknowledged %d/%d", m.critAcked, m.nCrit))
	} else {
		parts = append(parts, "no critical findings")
	}
	parts = append(parts, fmt.Sprintf("%d acknowledged", m.nAcked))
	if m.err != "" {
		// First, so a narrow screen cuts the counts rather than the reason
		// a key did nothing.
		parts = append([]string{m.st.App.Error.Render(m.err)}, parts...)
	}
	return " " + strings.Join(parts, m.st.Faint.Render(" · "))
}

// listRow renders list row r at width w; only visible rows are rendered, so
// the cost of View does not grow with the number of findings.
func (m Model) listRow(r, w int) string {
	if len(m.rows) == 0 {
		if r == 0 {
			return cells.Fit(" "+m.st.Faint.Render("no findings"), w)
		}
		return strings.Repeat(" ", w)
	}
	if r < 0 || r >= len(m.rows) {
		return strings.Repeat(" ", w)
	}
	rw := m.rows[r]
	if rw.finding < 0 {
		return cells.Fit(" "+m.paint.severity(rw.sev).Paint(sevLabel(rw.sev))+" "+m.paint.group.Paint(fmt.Sprintf("(%d)", rw.count)), w)
	}
	f := &m.req.Report.Findings[rw.finding]
	mark := " "
	switch {
	case m.acked[rw.finding]:
		mark = "✓"
	case m.critical[rw.finding]:
		mark = "!"
	}
	// The location matters more than a category spelled in full, so the
	// category column gives way first on a narrow list.
	catW := min(m.catW, max(w-4-1-min(m.locW, w/2), 1))
	locW := w - 4 - catW - 1
	if locW < 1 {
		return cells.Fit("  "+mark+" "+cells.Visible(f.Location), w)
	}
	cat := cells.FitPlain(cells.Visible(string(f.Category)), catW)
	loc := cells.FitTail(cells.Visible(f.Location), locW)
	if m.active && len(m.pos) > 0 && m.win.Cursor() == r {
		return m.paint.selected.Paint("▸ " + mark + " " + cat + " " + loc)
	}
	switch mark {
	case "✓":
		mark = m.paint.good.Paint(mark)
	case "!":
		mark = m.paint.critical.Paint(mark)
	}
	return "  " + mark + " " + m.paint.kind.Paint(cat) + " " + loc
}

// refresh recomputes the detail pane. It runs whenever the selection, an
// acknowledgement, the size or the styles change, never in View.
func (m Model) refresh() Model {
	lo := m.layout()
	bh := m.bodyHeight()
	m.detail = nil
	if !m.active || lo.detailW <= 0 || bh <= 0 {
		return m
	}
	dw := lo.detailW
	if len(m.pos) == 0 {
		// Wrapped, not cut: the sentence says why a decision is asked.
		m.detail = []string{cells.Fit(m.st.Heading.Render("No findings"), dw)}
		for _, l := range cells.Wrap("The scan found nothing, but this source still needs an explicit decision.", dw) {
			m.detail = append(m.detail, cells.Fit(m.st.Faint.Render(l), dw))
		}
		m.detail = append(m.detail, cells.Fit("", dw),
			cells.Fit(m.st.Label.Render("a")+" approve · "+m.st.Label.Render("r")+" reject", dw))
		return m
	}
	i := m.rows[m.win.Cursor()].finding
	f := m.req.Report.Findings[i]

	title := m.st.Kind.Render(cells.Visible(string(f.Category))) + m.st.Faint.Render(" · ") +
		m.sevStyle(f.Severity).Render(cells.Visible(string(f.Severity))) + m.st.Faint.Render(" · ") + cells.Visible(f.Location)
	var state string
	switch {
	case m.acked[i]:
		state = m.st.Good.Render("✓ acknowledged") + m.st.Faint.Render(" (space to undo)")
	case m.critical[i]:
		state = m.st.Severity.Critical.Render("! critical, not acknowledged") + m.st.Faint.Render(" (space)")
	default:
		state = m.st.Faint.Render("not acknowledged (space to acknowledge)")
	}
	desc := wrapLines(cells.Visible(f.Description), dw)
	rec := wrapLines(m.st.Label.Render("Recommendation:")+" "+cells.Visible(f.Recommendation), dw)
	if f.Recommendation == "" {
		rec = nil
	}
	// The title wraps rather than cut the location off at 80 columns.
	titles := wrapLines(title, dw)
	flow := wrapLines(m.flowLine(f), dw)
	nt, nf := min(len(titles), 2), min(len(flow), maxFlowLines)
	nd, nr := min(len(desc), maxDescLines), min(len(rec), maxRecLines)
	evN := func() int { return bh - nt - 1 - nd - nf - 1 - nr - min(nr, 1) }
	for evN() < minEvidenceLen && (nd > 1 || nr > 1) {
		if nr > 1 {
			nr--
		} else {
			nd--
		}
	}

	out := make([]string, 0, bh)
	out = append(out, cutLines(titles, nt, dw)...)
	out = append(out, cells.Fit(state, dw))
	out = append(out, cutLines(desc, nd, dw)...)
	out = append(out, cutLines(flow, nf, dw)...)
	out = append(out, cells.Fit("", dw))
	var ev []string
	ev, m.evScroll = m.evidence(f, max(evN(), 0), dw)
	out = append(out, ev...)
	if nr > 0 {
		out = append(out, cells.Fit("", dw))
		out = append(out, cutLines(rec, nr, dw)...)
	}
	for len(out) < bh {
		out = append(out, cells.Fit("", dw))
	}
	m.detail = out[:bh]
	return m
}

// maxFlowLines bounds the source → sink line of a code finding.
const maxFlowLines = 2

// flowLine spells a finding's path, source to sink with their lines and
// the words that make it recur, so a reviewer sees what the code or the
// instruction does before reading it; "" for a finding with no flow.
func (m Model) flowLine(f core.Finding) string {
	if f.Flow == nil {
		return ""
	}
	at := func(what string, line int) string {
		s := cells.Visible(what)
		if line > 0 {
			s += m.st.Faint.Render(" (line " + strconv.Itoa(line) + ")")
		}
		return s
	}
	return m.st.Label.Render("Flow:") + " " + f.Flow.Format(at, m.st.Faint.Render(" → "), m.st.Faint.Render(" · when: "))
}

func (m Model) sevStyle(s core.Severity) lipgloss.Style {
	switch s {
	case core.Critical:
		return m.st.Severity.Critical
	case core.Warning:
		return m.st.Severity.Warning
	}
	return m.st.Severity.Info
}

func sevLabel(s core.Severity) string {
	if sevRank(s) < len(core.Severities) {
		return strings.ToUpper(string(s))
	}
	return "OTHER"
}

func wrapLines(s string, w int) []string {
	if s == "" || w <= 0 {
		return nil
	}
	return strings.Split(ansi.Wrap(s, w, ""), "\n")
}

// cutLines keeps the first n lines, marking a cut with an ellipsis.
func cutLines(ls []string, n, w int) []string {
	out := make([]string, 0, n)
	for k := 0; k < n && k < len(ls); k++ {
		l := ls[k]
		if k == n-1 && n < len(ls) {
			l = ansi.Truncate(l, w-1, "") + "…"
		}
		out = append(out, cells.Fit(l, w))
	}
	return out
}
