package skillsview

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/tui/cells"
)

// The screen is a header line, the body and a status line. The body holds
// the list and the document pane: side by side when both get a useful
// width, stacked otherwise.
const (
	bodyTop     = 1
	chromeLines = 2
	separator   = " │ "
	sideMinW    = 100
	minListW    = 30
	maxListW    = 60
	// stackMinBody is the shortest body that still gets a document pane
	// under the list.
	stackMinBody = 10
	kindW        = 5
	// minSplitW is the narrowest name-and-domain space worth two columns.
	minSplitW = 36
	countW    = 4
	// maxErrLines bounds the validation problems above the document, so a
	// badly broken skill still shows its frontmatter.
	maxErrLines = 6
	// emptyText is the empty state; 30 is the generator's default
	// SkillMinPrimitives.
	emptyText = "No skills yet — a domain gets one when it holds at least 30 primitives."
)

type layout struct {
	side bool
	// listW × listH is the list's area at (0, bodyTop), one line a row.
	listW, listH int
	// The document pane, title line included.
	paneW, paneH int
}

func (m Model) computeLayout() layout {
	bh := max(m.h-chromeLines, 0)
	lo := layout{listW: m.w, listH: bh}
	switch {
	case m.w >= sideMinW && bh >= 3:
		lo.side = true
		lo.listW = min(max(m.w*2/5, minListW), maxListW)
		lo.paneW, lo.paneH = m.w-lo.listW-len([]rune(separator)), bh
	case bh >= stackMinBody:
		// A third for the list, less when the list is shorter: the rest
		// is the document's.
		lo.listH = min(max(bh/3, 3), max(len(m.entries), 1))
		lo.paneW, lo.paneH = m.w, bh-lo.listH
	}
	return lo
}

// refresh works out the selected artifact's pane for the current width
// and theme; it runs when the selection, size, styles or list change,
// never in View.
func (m Model) refresh() Model {
	m.head, m.doc = nil, nil
	w := m.lay.paneW
	if m.cur < 0 || m.cur >= len(m.entries) || w <= 0 || m.lay.paneH <= 0 {
		return m
	}
	e := &m.entries[m.cur]
	a := &e.a
	meta := []string{string(orKind(a.Kind))}
	if a.Domain != "" {
		meta = append(meta, cells.Visible(a.Domain))
	}
	meta = append(meta, plural(a.Primitives, "primitive", "primitives"))
	if a.Kind == core.TeamArtifact && a.Agents > 0 {
		meta = append(meta, plural(a.Agents, "agent", "agents"))
	}
	name := m.st.Heading.Render(cells.Visible(orDash(a.Name))) + "  " + m.st.Faint.Render(strings.Join(meta, " · "))
	if m.lay.side {
		m.head = append(m.head, cells.Fit(name, w))
	} else {
		left := m.st.Faint.Render("── ") + name + " "
		m.head = append(m.head, cells.Fit(left+m.st.Faint.Render(strings.Repeat("─", max(w-ansi.StringWidth(left), 0))), w))
	}

	switch {
	case !e.strict:
		m.head = append(m.head, cells.Fit(m.st.Status.Inactive.Render("not a skill: the strict Agent Skills check applies to skills only"), w))
	case len(e.errs) == 0:
		m.head = append(m.head, cells.Fit(m.st.Status.Active.Render("✓ valid (strict)"), w))
	default:
		m.head = append(m.head, cells.Fit(m.st.Status.Problem.Render("✗ invalid (strict): "+plural(len(e.errs), "problem", "problems")), w))
		var errs []string
		for _, msg := range e.errs {
			errs = append(errs, cells.Bullet(m.st.Status.Problem.Render(cells.Visible(msg)), w, 0)...)
		}
		// Keep most of a short pane for the document itself.
		room := min(maxErrLines, max((m.lay.paneH-2)/2, 1))
		if len(errs) > room {
			cut := len(errs) - (room - 1)
			errs = append(errs[:room-1], cells.Fit(m.st.Faint.Render(fmt.Sprintf("  … %d more lines of problems", cut)), w))
		}
		m.head = append(m.head, errs...)
	}
	if e.longBody > 0 {
		m.head = append(m.head, cells.Fit(m.st.Severity.Warning.Render(fmt.Sprintf("body is %d lines; the specification recommends under %d", e.longBody, skillspec.MaxBodyLines)), w))
	}
	if len(m.head) > m.lay.paneH {
		m.head = m.head[:m.lay.paneH]
	}

	m.doc = append(m.doc, cells.Fit("", w))
	m.doc = append(m.doc, m.frontLines(e, w)...)
	if e.main < 0 {
		m.doc = append(m.doc, cells.Fit(" "+m.st.Faint.Render("No "+mainFile(a.Kind)+" among the files."), w))
	} else {
		m.doc = append(m.doc, m.md.Render(e.body, w, m.st.IsDark)...)
	}
	m.scroll = min(m.scroll, m.maxScroll())
	return m
}

// frontLines is the frontmatter as an aligned key: value block, long
// values wrapped under their column, nested keys indented.
func (m Model) frontLines(e *entry, w int) []string {
	var out []string
	if len(e.frontRaw) > 0 {
		out = append(out, cells.Fit(" "+m.st.Label.Render("frontmatter")+m.st.Faint.Render(" (not a YAML mapping, shown as written)"), w))
		for _, l := range e.frontRaw {
			out = append(out, cells.Fit("   "+m.st.Faint.Render(cells.Visible(l)), w))
		}
		return append(out, cells.Fit("", w))
	}
	if len(e.front) == 0 {
		return nil
	}
	kw := 0
	for _, f := range e.front {
		kw = max(kw, 2*f.depth+ansi.StringWidth(cells.Visible(f.key)))
	}
	kw = min(kw, max(w/3, 8))
	for _, f := range e.front {
		k := strings.Repeat("  ", f.depth) + cells.Visible(f.key)
		pad := max(kw-ansi.StringWidth(k), 0)
		lead := " " + m.st.Label.Render(k) + strings.Repeat(" ", pad) + "  "
		if f.value == "" {
			out = append(out, cells.Fit(lead, w))
			continue
		}
		vw := w - ansi.StringWidth(lead)
		if vw < 8 {
			out = append(out, cells.Fit(lead+cells.Visible(f.value), w))
			continue
		}
		for i, l := range strings.Split(ansi.Wrap(cells.Visible(f.value), vw, ""), "\n") {
			if i > 0 {
				lead = strings.Repeat(" ", ansi.StringWidth(lead))
			}
			out = append(out, cells.Fit(lead+l, w))
		}
	}
	return append(out, cells.Fit("", w))
}

// View draws the screen in exactly the size given to SetSize.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	lines := make([]string, m.h)
	bh := max(m.h-chromeLines, 0)
	if m.h >= 2 {
		lines[0] = cells.Fit(m.header(), m.w)
	}
	if bh > 0 {
		copy(lines[bodyTop:], m.body(bh))
	}
	lines[m.h-1] = cells.Fit(m.statusLine(), m.w)
	return strings.Join(lines, "\n")
}

func (m Model) body(bh int) []string {
	out := make([]string, bh)
	if len(m.entries) == 0 {
		msg := []string{"", " " + m.st.Heading.Render(emptyText)}
		if !m.loaded {
			msg = []string{"", " " + m.st.Faint.Render("Loading skills…")}
		}
		for y := range out {
			l := ""
			if y < len(msg) {
				l = msg[y]
			}
			out[y] = cells.Fit(l, m.w)
		}
		return out
	}
	lo := m.lay
	list := make([]string, lo.listH)
	for y := range list {
		list[y] = m.row(m.top+y, lo.listW)
	}
	pane := m.pane()
	if lo.side {
		sep := m.st.Faint.Render(separator)
		for y := range out {
			out[y] = list[y] + sep + pane[y]
		}
		return out
	}
	copy(out, list)
	copy(out[lo.listH:], pane)
	return out
}

// row renders list row i at width w; only visible rows are rendered.
func (m Model) row(i, w int) string {
	if i < 0 || i >= len(m.entries) {
		return strings.Repeat(" ", max(w, 0))
	}
	e := &m.entries[i]
	sel := i == m.cur
	mark, glyph, glyphSt := "  ", "·", m.st.Faint.Render
	switch {
	case e.valid():
		glyph, glyphSt = "✓", m.st.Status.Active.Render
	case e.strict:
		glyph, glyphSt = "✗", m.st.Status.Problem.Render
	}
	if sel {
		mark = "▸ "
	}
	avail := w - 2 - 2 - (kindW + 1) - 1 - countW
	nameW := max(avail*2/3, 0)
	domW := max(avail-nameW-1, 0)
	if avail < minSplitW {
		// The domain is in the pane's title too; a whole name is worth
		// more than two cut ones.
		nameW, domW = avail, 0
	}
	name := cells.Fit(cells.Visible(e.a.Name), nameW)
	dom := ""
	if domW > 0 {
		dom = " " + cells.Fit(cells.Visible(e.a.Domain), domW)
	}
	count := fmt.Sprintf("%*d", countW, e.a.Primitives)
	kind := cells.Pad(string(orKind(e.a.Kind)), kindW)
	if avail < 8 {
		// Too narrow for columns: the name is what tells rows apart.
		if sel {
			return m.st.List.Selected.Render(cells.Fit(mark+glyph+" "+cells.Visible(e.a.Name), w))
		}
		return cells.Fit(mark+glyphSt(glyph)+" "+cells.Visible(e.a.Name), w)
	}
	if sel {
		// One run of plain text: nested styles would end the selection
		// background after each part.
		return m.st.List.Selected.Render(cells.Fit(mark+glyph+" "+kind+" "+name+dom+" "+count, w))
	}
	return cells.Fit(mark+glyphSt(glyph)+" "+m.st.Kind.Render(kind)+" "+name+m.st.Faint.Render(dom)+" "+count, w)
}

func (m Model) pane() []string {
	lo := m.lay
	if lo.paneH <= 0 || lo.paneW <= 0 {
		return nil
	}
	out := make([]string, 0, lo.paneH)
	out = append(out, m.head...)
	dh := m.docHeight()
	s := min(m.scroll, m.maxScroll())
	out = append(out, m.doc[min(s, len(m.doc)):min(s+dh, len(m.doc))]...)
	for len(out) < lo.paneH {
		out = append(out, strings.Repeat(" ", lo.paneW))
	}
	return out[:lo.paneH]
}

func (m Model) header() string {
	counts := map[core.ArtifactKind]int{}
	valid, invalid := 0, 0
	for i := range m.entries {
		e := &m.entries[i]
		counts[orKind(e.a.Kind)]++
		switch {
		case e.valid():
			valid++
		case e.strict:
			invalid++
		}
	}
	h := " " + m.st.Heading.Render("Skills")
	if !m.loaded {
		return h
	}
	parts := []string{plural(counts[core.SkillArtifact], "skill", "skills"),
		plural(counts[core.AgentArtifact], "agent", "agents"), plural(counts[core.TeamArtifact], "team", "teams")}
	h += "  " + m.st.Faint.Render(strings.Join(parts, " · "))
	if valid > 0 {
		h += m.st.Faint.Render(" · ") + m.st.Status.Active.Render(fmt.Sprintf("%d valid", valid))
	}
	if invalid > 0 {
		h += m.st.Faint.Render(" · ") + m.st.Status.Problem.Render(fmt.Sprintf("%d invalid", invalid))
	}
	return h
}

// statusLine lists the selected artifact's files, the main one first, and
// where the document pane is scrolled to.
func (m Model) statusLine() string {
	if m.cur < 0 || m.cur >= len(m.entries) {
		return ""
	}
	e := &m.entries[m.cur]
	var files []string
	if e.main >= 0 {
		files = append(files, cells.Visible(e.a.Files[e.main].Path))
	}
	for i, f := range e.a.Files {
		if i != e.main {
			files = append(files, cells.Visible(f.Path))
		}
	}
	parts := []string{plural(len(files), "file", "files")}
	if len(files) > 0 {
		parts[0] += ": " + strings.Join(files, ", ")
	}
	if !e.a.GeneratedAt.IsZero() {
		parts = append(parts, "generated "+e.a.GeneratedAt.UTC().Format("2006-01-02"))
	}
	if dh := m.docHeight(); len(m.doc) > dh && dh > 0 {
		s := min(m.scroll, m.maxScroll())
		parts = append(parts, fmt.Sprintf("lines %d–%d of %d", s+1, s+dh, len(m.doc)))
	}
	return " " + m.st.Faint.Render(strings.Join(parts, " · "))
}

func orKind(k core.ArtifactKind) core.ArtifactKind {
	if k == "" {
		return core.SkillArtifact
	}
	return k
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
