package reviewview

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"
)

// detail draws the pane for the selection at width w, at most h lines
// (the pane is clipped, so the parts a curator decides by come first:
// the statement is cut short before the edges and offers are).
func (m Model) detail(w, h int) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	it, ok := m.selected()
	if !ok {
		return nil
	}
	if it.rev >= 0 {
		return m.revisitDetail(it.rev, w)
	}
	return m.rowDetail(&m.rows[it.row], w, h)
}

func (m Model) rowDetail(r *row, w, h int) []string {
	p := &m.paint
	var out []string
	add := func(s string) { out = append(out, cells.Fit(s, w)) }
	title := p.heading.Paint(cells.Visible(nameOf(r.p)))
	if r.p.Type != "" {
		title += "  " + p.kind.Paint(cells.Visible(string(r.p.Type)))
	}
	add(" " + title)
	add(" " + p.faint.Paint(cells.Visible(location(r.p, false)+" · "+r.p.ID)))
	if ws := m.markWords(r); len(ws) > 0 {
		for _, l := range cells.WrapParts(cells.Visible(strings.Join(ws, " · ")), " · ", w-1) {
			add(" " + p.label.Paint(l))
		}
	}

	// What follows the statement: the edges (or the edge picker), the
	// offers (or the type picker).
	var tail []string
	switch m.mode {
	case modeUnlink:
		tail = append(tail, " "+p.label.Paint("remove which edge?"))
		edges := m.edgesOf(m.mark)
		// The picker shows a window of the edges around the one picked:
		// a primitive can have more edges than the pane has lines.
		room := max(h-len(out)-2, 1)
		first := 0
		if len(edges) > room {
			first = min(max(m.pick-room/2, 0), len(edges)-room)
		}
		for i, e := range edges {
			if i < first || i >= first+room {
				continue
			}
			l := "  " + itoa(i+1) + " "
			if e.out {
				l += "depends on " + m.nameByID(e.other)
			} else {
				l += m.nameByID(e.id) + " depends on it"
			}
			if e.t != "" {
				l += " (" + string(e.t) + ")"
			}
			l = cells.Visible(l)
			if i == m.pick {
				tail = append(tail, p.selected.Paint(cells.Fit(l, w)))
			} else {
				tail = append(tail, cells.Fit(l, w))
			}
		}
	case modeRetype:
		tail = append(tail, " "+p.label.Paint("type:"))
		for i, t := range core.PrimitiveTypes {
			l := "  " + itoa(i+1) + " " + string(t)
			if t == r.p.Type {
				l += "  (now)"
			}
			if i == m.pick {
				tail = append(tail, p.selected.Paint(cells.Fit(l, w)))
			} else {
				tail = append(tail, cells.Fit(l, w))
			}
		}
	default:
		// The offers first: a number key takes one, so it must show.
		tail = append(tail, m.offerLines(w)...)
		tail = append(tail, m.edgeLines(r, w)...)
	}

	stmt := r.p.FormalStatement
	if m.mode == modeStatement {
		stmt = m.text // a preview of the statement as typed
	}
	var body []string
	if s := strings.TrimSpace(stmt); s != "" {
		for _, para := range strings.Split(readableBlock(s), "\n") {
			for _, l := range cells.Wrap(para, w-2) {
				body = append(body, cells.Fit(" "+l, w))
			}
		}
	}
	// The proof follows the edges, in what the statement leaves: a few
	// of its lines are kept from the statement's room.
	var proof []string
	if m.mode != modeUnlink && m.mode != modeRetype {
		proof = m.proofLines(r, w)
	}
	keep := 0
	if len(proof) > 0 {
		keep = min(len(proof), 4) + 1
	}
	// The statement gets what the rest leaves, three lines at least
	// where there is room; on a short pane the blank lines go first.
	gaps := 2
	if len(out)+len(body)+len(tail)+keep+gaps > h {
		gaps = 0
	}
	room := max(h-len(out)-len(tail)-keep-gaps, min(3, max(h-len(out)-gaps, 1)))
	if len(body) > room {
		body = body[:room]
		body[room-1] = cells.Fit(strings.TrimRight(ansiTrim(body[room-1], w-1), " ")+cells.Ellipsis, w)
	}
	if len(body) > 0 {
		if gaps > 0 {
			out = append(out, cells.Blank(w))
		}
		out = append(out, body...)
	}
	if len(tail) > 0 {
		if gaps > 0 {
			out = append(out, cells.Blank(w))
		}
		out = append(out, tail...)
	}
	return appendProof(out, proof, w, h)
}

// edgeLines are a primitive's dependencies and dependents, by name.
func (m Model) edgeLines(r *row, w int) []string {
	if r.removed != "" {
		return nil
	}
	p := &m.paint
	var out []string
	list := func(label string, parts []string) {
		if len(parts) == 0 {
			return
		}
		s := p.label.Paint(label) + " " + cells.Visible(strings.Join(parts, " · "))
		for _, l := range cells.WrapParts(s, " · ", w-1) {
			out = append(out, cells.Fit(" "+l, w))
		}
	}
	var ds []string
	for _, e := range r.p.Dependencies {
		d := m.nameByID(e.Target)
		if e.Type != "" && e.Type != core.Requires {
			d += " (" + string(e.Type) + ")"
		}
		ds = append(ds, d)
	}
	var ns []string
	for _, id := range m.deps[r.p.ID] {
		ns = append(ns, m.nameByID(id))
	}
	list("depends on", ds)
	list("needed by", ns)
	if len(ds) == 0 && len(ns) == 0 {
		out = append(out, cells.Fit(" "+p.faint.Paint("no edges"), w))
	}
	return out
}

// offerLines are the names offered for the selected primitive, the
// first three numbered for their keys.
func (m Model) offerLines(w int) []string {
	if len(m.offers) == 0 {
		return nil
	}
	p := &m.paint
	var parts []string
	for i, n := range m.offers {
		s := cells.Visible(n)
		if i < 3 {
			s = itoa(i+1) + " " + s
		}
		if m.mode == modeRename && i == m.offerAt {
			s = "‹" + s + "›"
		}
		parts = append(parts, s)
	}
	var out []string
	for _, l := range cells.WrapParts(p.label.Paint("offers")+" "+strings.Join(parts, " · "), " · ", w-1) {
		out = append(out, cells.Fit(" "+l, w))
	}
	return out
}

// revisitDetail explains a decision to revisit and what answers it.
func (m Model) revisitDetail(i, w int) []string {
	rv := m.in.Revisit[i]
	p := &m.paint
	var out []string
	add := func(s string) { out = append(out, cells.Fit(s, w)) }
	wrap := func(s string, paint func(string) string) {
		for _, l := range cells.Wrap(s, w-2) {
			add(" " + paint(l))
		}
	}
	plain := func(s string) string { return s }
	add(" " + p.heading.Paint("an earlier decision"))
	wrap(cells.Visible(describe(rv.Decision, m.decidedName(rv.Decision))), plain)
	wrap(cells.Visible("no longer matches: "+rv.Reason), p.warn.Paint)
	if a := rv.Decision.Anchor; a != nil {
		wrap(cells.Visible("decided on “"+a.Name+"”"+sectionOf(a)), p.faint.Paint)
	}
	if s := rv.Decision.Session; s != "" {
		wrap(cells.Visible("in "+s), p.faint.Paint)
	}
	if rv.Candidate != "" {
		add("")
		wrap(cells.Visible("it now reads as "+m.nameByID(rv.Candidate)+":"), p.label.Paint)
		if j, ok := m.rowIdx[rv.Candidate]; ok {
			for _, l := range cells.Wrap(readableBlock(cells.OneLine(m.rows[j].p.FormalStatement)), w-2) {
				add(" " + l)
			}
		}
	}
	add("")
	if j := m.answer(i); j >= 0 {
		wrap("answered; z takes the last decision back", p.faint.Paint)
	} else {
		wrap("a re-applies it to what the source says now · d leaves it as it is", p.label.Paint)
	}
	return out
}

// ansiTrim cuts s to w cells.
func ansiTrim(s string, w int) string { return ansi.Truncate(s, max(w, 0), "") }

func sectionOf(a *core.Anchor) string {
	if a.Section == "" {
		return ""
	}
	return " in " + a.Section
}
