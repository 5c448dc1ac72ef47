package graphview

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/markdown"
)

const (
	// minDetailW is the narrowest detail pane worth drawing; below it the
	// list takes the whole width.
	minDetailW = 24
	minListW   = 28
	maxListW   = 60
	// maxTreeDepth bounds the drawn prerequisite tree whatever the depth
	// of the chain handed over; maxTreeLines bounds the work of drawing it.
	maxTreeDepth = 8
	maxTreeLines = 2000
	// cacheSize bounds each cache; when full it starts over, which is
	// cheaper than an LRU and only costs a re-render.
	cacheSize = 256
)

type layout struct{ listW, detailW int }

func (m Model) layout() layout {
	lw := min(max(m.w*2/5, minListW), maxListW)
	dw := m.w - lw - sepW
	if dw < minDetailW {
		return layout{listW: m.w}
	}
	return layout{listW: lw, detailW: dw}
}

// cache is shared by every copy of a Model: loaded details by ID, and
// the rendered documents (rendering takes milliseconds; going back and
// forth must not pay it again).
type cache struct {
	details map[string]*Detail
	md      *markdown.Renderer
}

func newCache() *cache {
	return &cache{
		details: map[string]*Detail{},
		md:      markdown.New(),
	}
}

func (c *cache) detail(id string) *Detail {
	if c == nil {
		return nil
	}
	return c.details[id]
}

func (c *cache) putDetail(d *Detail) {
	if c == nil {
		return
	}
	if len(c.details) >= cacheSize {
		clear(c.details)
	}
	c.details[d.P.ID] = d
}

func (c *cache) forget(id string) {
	if c != nil {
		delete(c.details, id)
	}
}

// document is the detail pane's markdown for a primitive; domain is its
// domain's description ("" when the domain is not known), which says what
// the word stands for.
func document(p *core.Primitive, domain string) string {
	var b strings.Builder
	name := p.Name
	if strings.TrimSpace(name) == "" {
		name = p.ID
	}
	b.WriteString("# " + mdInline(name))
	if p.Type != "" {
		b.WriteString(" (" + mdInline(string(p.Type)) + ")")
	}
	b.WriteString("\n\n")
	if st := strings.TrimSpace(p.FormalStatement); st != "" {
		// Read as a person reads it: math as Unicode text (the stored
		// statement keeps its LaTeX).
		b.WriteString(mdBlock(text.ReadableMath(st)) + "\n\n")
	}
	if cf := strings.TrimSpace(text.ReadableMath(p.ComputationalForm)); cf != "" {
		// The form too is read as lore show reads it: "u ∈ Rₖ", not
		// "$u\in R_k$".
		fence := strings.Repeat("`", max(3, longestRun(cf, '`')+1))
		b.WriteString(fence + "\n" + cleanBlock(cf) + "\n" + fence + "\n\n")
	}
	item := func(label, value string) {
		if strings.TrimSpace(value) != "" {
			b.WriteString("- **" + label + "** " + mdInline(value) + "\n")
		}
	}
	item("type", string(p.Type))
	if d := strings.TrimSpace(p.Domain); d != "" {
		// A domain is lore's word for an area of knowledge; its name
		// alone ("change", "structure") does not say so.
		what := "the area of knowledge its words match best"
		if domain = strings.TrimSpace(domain); domain != "" {
			what += ": " + domain
		}
		b.WriteString("- **domain** " + mdInline(d) + " — " + mdInline(what) + "\n")
	}
	section := p.Section
	if section == "" {
		section = p.Provenance.Section
	}
	item("section", section)
	var src []string
	for _, s := range []string{p.Provenance.Source, p.Provenance.Document} {
		if s = strings.TrimSpace(s); s != "" && (len(src) == 0 || src[0] != s) {
			src = append(src, s)
		}
	}
	item("source", strings.Join(src, " › "))
	item("confidence", formatNum(p.Confidence))
	item("keywords", strings.Join(p.Keywords, ", "))
	proofSections(&b, p.Proof)
	for _, e := range p.Examples {
		if s := strings.TrimSpace(e); s != "" {
			b.WriteString("\n**Example.** " + mdBlock(text.ReadableMath(s)) + "\n")
		}
	}
	if s := strings.TrimSpace(p.Passage); s != "" {
		b.WriteString("\n**The source goes on.** " + mdBlock(s) + "\n")
	}
	return b.String()
}

// proofSections are the sketch and the proof the source gives of a
// result, read as its statement is; the pane shows what fits of a long
// proof.
func proofSections(b *strings.Builder, pr core.Proof) {
	if s := strings.TrimSpace(pr.Sketch); s != "" {
		b.WriteString("\n**Proof sketch.** " + mdBlock(text.ReadableMath(s)) + "\n")
	}
	if s := strings.TrimSpace(pr.Text); s != "" {
		b.WriteString("\n**Proof.** " + mdBlock(text.ReadableMath(s)) + "\n")
		if pr.Cut > 0 {
			b.WriteString("\n" + mdInline(fmt.Sprintf("(cut: the first %d of the proof's %d bytes)", len(pr.Text), pr.Cut)) + "\n")
		}
	}
}

// mdInline is untrusted text as literal markdown on one line: invisible
// characters spelled out, markup characters escaped (so a name like
// "*-algebra" or "<script>" shows as written).
func mdInline(s string) string {
	return mdEscape(cells.Visible(s))
}

// mdBlock is mdInline keeping paragraphs and line breaks.
func mdBlock(s string) string {
	lines := strings.Split(cleanBlock(s), "\n")
	for i, l := range lines {
		lines[i] = mdEscape(strings.TrimLeft(l, " "))
	}
	return strings.Join(lines, "\n")
}

func mdEscape(s string) string {
	const special = "\\`*_{}[]<>()#+-.!|"
	if !strings.ContainsAny(s, special) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && strings.ContainsRune(special, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func longestRun(s string, c byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// formatNum shows a score in [0, 1] the way the sketches do (0.95).
func formatNum(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "?"
	}
	return strconv.FormatFloat(f, 'f', 2, 64)
}

// formatStrength is an edge strength without the leading zero (.80).
func formatStrength(f float64) string {
	s := formatNum(f)
	if strings.HasPrefix(s, "0.") {
		return s[1:]
	}
	return s
}

// refresh recomputes the detail pane. It runs whenever the shown
// primitive, its detail, the mode, the focus, the size or the styles
// change, never in View.
func (m Model) refresh() Model {
	lo := m.layout()
	m.pane, m.nbMap, m.nbStart = nil, nil, 0
	if lo.detailW <= 0 || m.h <= 0 || len(m.rows) == 0 {
		return m
	}
	dw, h := lo.detailW, m.h
	var nb []string
	var nbIdx []int
	sel := -1
	if m.detail != nil && h >= 6 {
		nb, nbIdx, sel = m.nbLines(dw)
	}
	budget := min(len(nb), max(h*2/5, 4), h-3)
	var top []string
	switch m.mode {
	case modeTree:
		top = m.treeLines(dw, h-budget-1)
	case modePlane:
		// The map keeps one size for a pane size: the neighbours' room is
		// kept whether the shown primitive has few, many or none yet
		// (its detail loading), so that moving through the list does not
		// make the map jump.
		planeH := h
		if h >= 6 {
			planeH = h - min(max(h*2/5, 4), h-3) - 1
		}
		top = m.planeLines(dw, planeH)
	default:
		top = m.docLines(dw)
	}
	// The neighbours take what the document leaves, and at least budget.
	nbH := min(len(nb), max(budget, h-len(top)-1))
	topH := h
	if nbH > 0 {
		topH = h - nbH - 1
	}
	out := make([]string, 0, h)
	// The neighbours follow the document directly; the slack goes below.
	for i := 0; i < min(topH, len(top)); i++ {
		if i == topH-1 && len(top) > topH {
			out = append(out, cells.Fit(m.st.Faint.Render("…"), dw))
		} else {
			out = append(out, cells.Fit(top[i], dw))
		}
	}
	if nbH > 0 {
		out = append(out, cells.Blank(dw))
		start := 0
		if sel >= nbH {
			start = sel - nbH + 1
		}
		m.nbStart = len(out)
		m.nbMap = nbIdx[start : start+nbH]
		for _, l := range nb[start : start+nbH] {
			out = append(out, cells.Fit(l, dw))
		}
	}
	for len(out) < h {
		out = append(out, cells.Blank(dw))
	}
	m.pane = out
	return m
}

// shownRow is the list row of the shown primitive, if it is in the list.
func (m Model) shownRow() (*Row, bool) {
	if m.shownIdx < 0 || m.shownIdx >= len(m.rows) || m.rows[m.shownIdx].ID != m.shown {
		return nil, false
	}
	return &m.rows[m.shownIdx], true
}

// docLines is the rendered primitive, or what the list knows of it until
// its detail arrives (rendering waits for the detail, so moving through
// the list never waits for glamour).
func (m Model) docLines(dw int) []string {
	if m.detail != nil {
		return m.cache.md.Render(document(&m.detail.P, m.domainDescription(m.detail.P.Domain)), dw, m.st.IsDark)
	}
	if m.shown == "" {
		return []string{m.st.Faint.Render("Nothing selected.")}
	}
	r, ok := m.shownRow()
	if !ok {
		return []string{m.st.Heading.Render(cells.Visible(m.shown)), "", m.st.Faint.Render("loading…")}
	}
	return []string{
		m.st.Heading.Render(cells.Visible(rowName(r))) + m.st.Faint.Render(" ("+cells.Visible(string(r.Type))+")"),
		m.st.Faint.Render(cells.Visible(r.Domain) + " · confidence " + formatNum(r.Confidence) + " · importance " +
			strconv.Itoa(r.Importance) + " · reach " + strconv.Itoa(r.Reach)),
		"",
		m.st.Faint.Render("loading…"),
	}
}

// nbLines lists the dependencies and dependents. idx maps each line to
// its neighbour index (-1 for headings); sel is the line of the selected
// neighbour.
func (m Model) nbLines(dw int) (lines []string, idx []int, sel int) {
	d := m.detail
	sel = 0
	edgeW := 0
	for _, ns := range [][]Neighbour{d.Dependencies, d.Dependents} {
		for _, n := range ns {
			edgeW = max(edgeW, ansi.StringWidth(cells.Visible(string(n.Type)))+1+len(formatStrength(n.Strength)))
		}
	}
	nameW := max(dw-4-edgeW, 8)
	k := 0
	group := func(title string, ns []Neighbour) {
		lines = append(lines, m.st.Label.Render(title))
		idx = append(idx, -1)
		if len(ns) == 0 {
			lines = append(lines, "  "+m.st.Faint.Render("none"))
			idx = append(idx, -1)
		}
		for _, n := range ns {
			name := n.Name
			if strings.TrimSpace(name) == "" {
				name = n.ID
			}
			name = cells.FitPlain(cells.Visible(name), nameW)
			edge := cells.Visible(string(n.Type)) + " " + formatStrength(n.Strength)
			if m.inNb && k == m.nbCur {
				sel = len(lines)
				lines = append(lines, m.paint.selected.Paint(cells.FitPlain("▸ "+name+"  "+edge, dw)))
			} else {
				lines = append(lines, "  "+name+"  "+m.paint.edge.Paint(edge))
			}
			idx = append(idx, k)
			k++
		}
	}
	group("depends on:", d.Dependencies)
	group("enables:", d.Dependents)
	if n := len(m.history); n > 0 {
		lines = append(lines, m.st.Faint.Render(fmt.Sprintf("%d step(s) along edges · backspace goes back", n)))
		idx = append(idx, -1)
	}
	return lines, idx, sel
}

// treeLines draws the prerequisite chain as an indented tree of at most
// limit lines.
func (m Model) treeLines(dw, limit int) []string {
	if limit <= 0 {
		return nil
	}
	name := m.shown
	if r, ok := m.shownRow(); ok {
		name = rowName(r)
	}
	if m.detail != nil && strings.TrimSpace(m.detail.P.Name) != "" {
		name = m.detail.P.Name
	}
	lines := []string{m.st.Faint.Render("prerequisites of ") + m.st.Heading.Render(cells.Visible(name))}
	switch {
	case m.detail == nil:
		return append(lines, "", m.st.Faint.Render("loading…"))
	case m.detail.Chain == nil || len(m.detail.Chain.Children) == 0:
		return append(lines, "", m.st.Faint.Render("No prerequisites: this primitive stands on its own."))
	}
	p := &m.paint
	total := 0
	var walk func(n *graph.Node, prefix string, depth int)
	walk = func(n *graph.Node, prefix string, depth int) {
		for i, c := range n.Children {
			if c == nil {
				continue
			}
			total++
			if len(lines) >= maxTreeLines {
				continue
			}
			branch, more := "├─ ", "│  "
			if i == len(n.Children)-1 {
				branch, more = "└─ ", "   "
			}
			label := c.Name
			if strings.TrimSpace(label) == "" {
				label = c.ID
			}
			s := p.tree.Paint(prefix+branch) + cells.Visible(label)
			if c.EdgeType != "" {
				s += "  " + p.edge.Paint(cells.Visible(string(c.EdgeType)))
			}
			deeper := len(c.Children) > 0 && (depth+1 >= maxTreeDepth)
			switch {
			case c.Missing:
				s += p.faint.Paint("  (not in the store)")
			case c.Repeated:
				s += p.faint.Paint("  (repeated)")
			case c.Truncated || deeper:
				s += p.faint.Paint("  …")
			}
			lines = append(lines, s)
			if !c.Repeated && depth+1 < maxTreeDepth {
				walk(c, prefix+more, depth+1)
			}
		}
	}
	walk(m.detail.Chain, "", 0)
	if len(lines) > limit {
		shown := limit - 1
		rest := total - (shown - 1)
		lines = append(lines[:shown], p.faint.Paint("… "+thousands(rest)+" more"))
	}
	return lines
}

// View draws the browser in exactly the size given to SetSize.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	if len(m.rows) == 0 {
		return m.emptyView()
	}
	lo := m.layout()
	sepS := m.paint.faint.Paint(sep)
	var sb strings.Builder
	sb.Grow(m.h * (m.w + 96))
	for y := 0; y < m.h; y++ {
		if y > 0 {
			sb.WriteByte('\n')
		}
		if y == 0 {
			sb.WriteString(m.header(lo.listW))
		} else {
			sb.WriteString(m.listRow(m.list.Top()+y-1, lo.listW))
		}
		if lo.detailW > 0 {
			sb.WriteString(sepS)
			if y < len(m.pane) {
				sb.WriteString(m.pane[y])
			} else {
				sb.WriteString(cells.Blank(lo.detailW))
			}
		}
	}
	return sb.String()
}

func (m Model) emptyView() string {
	lines := []string{""}
	for _, l := range cells.Wrap("No primitives yet — learn a source (n on the Learn screen)", m.w-1) {
		lines = append(lines, " "+m.st.Heading.Render(l))
	}
	for _, l := range cells.Wrap("The graph of what lore has learned, ranked by importance, appears here.", m.w-1) {
		lines = append(lines, " "+m.st.Faint.Render(l))
	}
	var sb strings.Builder
	for y := 0; y < m.h; y++ {
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

// domainDescription is the description of the domain with id (or name)
// d, "" when the domains handed over do not have it.
func (m Model) domainDescription(d string) string {
	for _, dom := range m.domains {
		if dom.ID == d || strings.EqualFold(dom.Name, d) {
			return dom.Description
		}
	}
	return ""
}
