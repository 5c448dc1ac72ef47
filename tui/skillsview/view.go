package skillsview

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	skilllib "github.com/lore-kb/lore/core/skills/library"
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
	// colW is the status (draft, active, archived) or kind column.
	colW = 8
	// labelW is the width of the labels of a library skill's header.
	labelW = 7
	// minSplitW is the narrowest name-and-domain space worth two columns.
	minSplitW = 36
	// tailW is the last column: a library skill's source, an artifact's
	// primitives.
	tailW = 8
	// maxErrLines bounds the validation problems above the document, so a
	// badly broken skill still shows its frontmatter.
	maxErrLines = 6
	// emptyText is the empty state; 30 is the generator's default
	// SkillMinPrimitives.
	emptyText = "No skills yet: a domain gets one at 30 primitives, and i imports skill folders."
	// libraryEmptyText is the empty state of the library alone (see
	// WithoutArtifacts), where nothing is imported from this machine.
	libraryEmptyText = "No skills yet: a domain gets one at 30 primitives."
	// queueEmptyText is the review queue with nothing in it.
	queueEmptyText = "Nothing to review: no skill in the library is a draft."
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

// paneLayout is where the document pane is: beside or under the list,
// or across the whole body while a skill is open.
func (m Model) paneLayout() layout {
	if m.mode == modeOpen {
		// A column of margin on the left, as the header has.
		return layout{side: true, paneW: max(m.w-1, 0), paneH: max(m.h-chromeLines, 0)}
	}
	return m.lay
}

// refresh works out the selected artifact's pane for the current width
// and theme; it runs when the selection, size, styles, list or mode
// change, never in View.
func (m Model) refresh() Model {
	m.head, m.doc = nil, nil
	lo := m.paneLayout()
	w := lo.paneW
	e := m.selected()
	if e == nil || w <= 0 || lo.paneH <= 0 {
		return m
	}
	a := &e.a
	var meta []string
	if e.rec != nil {
		meta = []string{cells.Visible(e.rec.Key), fmt.Sprintf("version %d", e.rec.Version)}
	} else {
		meta = []string{string(orKind(a.Kind))}
		if a.Domain != "" {
			meta = append(meta, cells.Visible(a.Domain))
		}
		meta = append(meta, plural(a.Primitives, "primitive", "primitives"))
		if a.Kind == core.TeamArtifact && a.Agents > 0 {
			meta = append(meta, plural(a.Agents, "agent", "agents"))
		}
	}
	name := m.st.Heading.Render(cells.Visible(orDash(a.Name))) + "  " + m.st.Faint.Render(strings.Join(meta, " · "))
	if lo.side {
		m.head = append(m.head, cells.Fit(name, w))
	} else {
		left := m.st.Faint.Render("── ") + name + " "
		m.head = append(m.head, cells.Fit(left+m.st.Faint.Render(strings.Repeat("─", max(w-ansi.StringWidth(left), 0))), w))
	}
	if e.rec != nil {
		m.head = append(m.head, m.recordLines(e.rec, w)...)
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
		room := min(maxErrLines, max((lo.paneH-2)/2, 1))
		if len(errs) > room {
			cut := len(errs) - (room - 1)
			errs = append(errs[:room-1], cells.Fit(m.st.Faint.Render(fmt.Sprintf("  … %d more lines of problems", cut)), w))
		}
		m.head = append(m.head, errs...)
	}
	if e.longBody > 0 {
		m.head = append(m.head, cells.Fit(m.st.Severity.Warning.Render(fmt.Sprintf("body is %d lines; the specification recommends under %d", e.longBody, skillspec.MaxBodyLines)), w))
	}
	if len(m.head) > lo.paneH {
		m.head = m.head[:lo.paneH]
	}

	m.doc = append(m.doc, cells.Fit("", w))
	if e.rec != nil {
		m.doc = append(m.doc, m.findingLines(e.rec, w)...)
	}
	m.doc = append(m.doc, m.frontLines(e, w)...)
	if e.rec != nil {
		m.doc = append(m.doc, m.resourceLines(e.rec, w)...)
	}
	if e.main < 0 {
		m.doc = append(m.doc, cells.Fit(" "+m.st.Faint.Render("No "+mainFile(a.Kind)+" among the files."), w))
	} else {
		m.doc = append(m.doc, m.md.Render(e.body, w, m.st.IsDark)...)
	}
	m.scroll = min(m.scroll, m.maxScroll())
	return m
}

// recordLines are a library skill's header lines under its title: status
// and the note of its last change, the negative warning, source and
// provenance, task type and usage.
func (m Model) recordLines(s *skills.Skill, w int) []string {
	label := func(l string) string { return m.st.Label.Render(cells.Pad(l, labelW)) + " " }
	faint := m.st.Faint.Render
	status := label("status") + m.statusStyle(s.Status).Render(string(s.Status))
	if s.Note != "" {
		status += faint(" · " + cells.Visible(s.Note))
	}
	out := []string{cells.Fit(status, w)}
	if s.Negative {
		out = append(out, cells.Fit(m.st.Severity.Warning.Render("⚠ warning: a negative skill, offered to agents as what not to do"), w))
	}
	out = append(out, cells.Fit(label("source")+cells.Visible(skilllib.OriginOf(s).Text), w))
	if s.Visibility == skills.User {
		// A proposal on a team server is its creator's alone until
		// shared, active or not: promoting it does not show it to others.
		owner := s.Owner
		if owner == "" {
			owner = "its owner"
		}
		out = append(out, cells.Fit(label("seen by")+cells.Visible(owner)+faint(" alone, not the workspace · "+m.keys.Share.Help().Key+" shares it"), w))
	}
	uses := plural(s.Uses, "use", "uses")
	if s.Uses > 0 {
		uses += fmt.Sprintf(": %d ok, %d failed", s.Successes, s.Failures)
	}
	stats := []string{string(s.TaskType.Normalize()), uses, fmt.Sprintf("%d helpful", s.Helpful), fmt.Sprintf("%d harmful", s.Harmful)}
	out = append(out, cells.Fit(label("task")+strings.Join(stats, faint(" · ")), w))
	if len(s.Findings) > 0 {
		more := " · listed below"
		if m.mode != modeOpen {
			more = " · enter reviews them"
		}
		out = append(out, cells.Fit(label("scan")+m.findingCounts(s.Findings)+faint(" "+skilllib.ScannedWhen(s)+more), w))
	}
	return out
}

// findingCounts is "1 critical · 2 warning", each in its severity's
// colour.
func (m Model) findingCounts(fs []core.Finding) string {
	counts := map[core.Severity]int{}
	for _, f := range fs {
		counts[f.Severity]++
	}
	var parts []string
	for _, sev := range core.Severities {
		if n := counts[sev]; n > 0 {
			parts = append(parts, m.sevStyle(sev).Render(fmt.Sprintf("%d %s", n, sev)))
		}
	}
	return strings.Join(parts, m.st.Faint.Render(" · "))
}

func (m Model) sevStyle(sev core.Severity) lipgloss.Style {
	switch sev {
	case core.Critical:
		return m.st.Severity.Critical
	case core.Warning:
		return m.st.Severity.Warning
	}
	return m.st.Severity.Info
}

// findingLines are what the scanner found in an imported skill's files
// when it was imported: a heading with the counts by severity, then each
// finding's severity, category and place in the skill's folder, its
// description wrapped under it, and the path from source to sink of a
// code finding.
func (m Model) findingLines(s *skills.Skill, w int) []string {
	if len(s.Findings) == 0 {
		return nil
	}
	out := []string{cells.Fit(" "+m.st.Label.Render("findings")+m.st.Faint.Render(" scanned "+skilllib.ScannedWhen(s)+": ")+m.findingCounts(s.Findings), w)}
	const indent = "             "
	for _, f := range s.Findings {
		sev := m.sevStyle(f.Severity).Render(cells.Pad(string(f.Severity), 8))
		out = append(out, cells.Fit("   "+sev+"  "+m.st.Kind.Render(cells.Visible(string(f.Category)))+"  "+cells.Visible(s.FindingPlace(f)), w))
		if tw := w - len(indent); tw >= 8 {
			for _, l := range cells.Wrap(cells.Visible(f.Description), tw) {
				out = append(out, cells.Fit(indent+l, w))
			}
			if fl := f.Flow; fl != nil {
				at := func(what string, n int) string {
					v := cells.Visible(what)
					if n > 0 {
						v += m.st.Faint.Render(fmt.Sprintf(" (line %d)", n))
					}
					return v
				}
				flow := fl.Format(at, m.st.Faint.Render(" → "), m.st.Faint.Render(" · when: "))
				out = append(out, cells.Fit(indent+m.st.Label.Render("flow")+" "+flow, w))
			}
		}
	}
	return append(out, cells.Fit("", w))
}

// resourceLines lists a library skill's resource files with their sizes.
func (m Model) resourceLines(s *skills.Skill, w int) []string {
	if len(s.Files) == 0 {
		return nil
	}
	pw := 0
	for _, f := range s.Files {
		pw = max(pw, ansi.StringWidth(cells.Visible(f.Path)))
	}
	pw = min(pw, max(w-24, 8))
	out := make([]string, 0, len(s.Files)+1)
	for i, f := range s.Files {
		lead := strings.Repeat(" ", labelW+3)
		if i == 0 {
			lead = " " + m.st.Label.Render(cells.Pad("files", labelW)) + "  "
		}
		out = append(out, cells.Fit(lead+cells.Fit(cells.Visible(f.Path), pw)+"  "+m.st.Faint.Render(size(len(f.Content))), w))
	}
	return append(out, cells.Fit("", w))
}

// size is a byte count for people.
func size(n int) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// statusStyle colours a library skill's status: a draft waits for review.
func (m Model) statusStyle(st skills.Status) lipgloss.Style {
	switch st {
	case skills.Active:
		return m.st.Status.Active
	case skills.Archived:
		return m.st.Status.Inactive
	case skills.Draft:
		return m.st.Severity.Warning
	}
	return m.st.Status.Problem
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
	switch {
	case m.mode == modeEdit && !m.inputOpen:
		return m.editView()
	case m.mode == modeOpen && m.open.findings:
		// The reviewer draws its own header (the skill and where it came
		// from) and status line (what is acknowledged); a notice takes the
		// status line's place.
		v := m.fv.View()
		if m.notice == "" && m.ask == nil {
			return v
		}
		lines := strings.Split(v, "\n")
		lines[len(lines)-1] = cells.Fit(m.statusLine(), m.w)
		return strings.Join(lines, "\n")
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
	if m.inputOpen {
		lines[m.h-1] = m.inputLine()
	}
	return strings.Join(lines, "\n")
}

// inputLine is the path input of an import, in place of the status line;
// a refused path's reason replaces the placeholder's hint.
func (m Model) inputLine() string {
	prompt := importPrompt
	if m.allowing != "" {
		prompt = allowPrompt
	}
	line := m.st.Input.Focused.Render(prompt) + m.input.View()
	if m.inputErr != "" {
		line = m.st.Input.Focused.Render(prompt) + m.st.App.Error.Render("✗ "+m.inputErr)
	}
	return cells.Fit(line, m.w)
}

func (m Model) body(bh int) []string {
	out := make([]string, bh)
	if len(m.entries) == 0 {
		empty := emptyText
		if m.noArts != "" {
			empty = libraryEmptyText
		}
		msg := []string{"", " " + m.st.Heading.Render(empty)}
		if m.queue {
			msg = []string{"", " " + m.st.Heading.Render(queueEmptyText), " " + m.st.Faint.Render("r shows every skill.")}
		}
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
	if m.mode == modeOpen {
		pane := m.pane()
		for i := range pane {
			pane[i] = " " + pane[i]
		}
		return pane
	}
	lo := m.lay
	list := make([]string, lo.listH)
	for y := range list {
		list[y] = m.row(m.list.Top()+y, lo.listW)
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
	sel := i == m.list.Cursor()
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
	// The second column is a library skill's status, else the kind; the
	// last a library skill's source, else the artifact's primitives.
	col, colSt := string(orKind(e.a.Kind)), m.st.Kind
	dom, tail := e.a.Domain, fmt.Sprintf("%*d", tailW, e.a.Primitives)
	// A critical finding takes the glyph's place: a ✓ for a valid layout
	// beside it would read as "all is well". A negative skill (⚠) is
	// marked before the name.
	warn, warnSt := "", ""
	if e.rec != nil {
		col, colSt = string(e.rec.Status), m.statusStyle(e.rec.Status)
		dom, tail = e.rec.Provenance.Domain, cells.Fit(string(e.rec.Source), tailW)
		if dom == "" && e.rec.Source == skills.Proposed {
			// Who proposed it, or the run it was drawn from.
			dom = skilllib.OriginOf(e.rec).Name
		}
		if e.rec.Critical() {
			glyph, glyphSt = "!", m.st.Severity.Critical.Render
		}
		if e.rec.Negative {
			warn = "⚠ "
		}
	}
	avail := w - 2 - 2 - (colW + 1) - 1 - tailW
	nameW := max(avail*2/3, 0)
	domW := max(avail-nameW-1, 0)
	if avail < minSplitW {
		// The domain is in the pane's title too; a whole name is worth
		// more than two cut ones.
		nameW, domW = avail, 0
	}
	if nameW < 4 {
		warn = ""
	}
	if warn != "" {
		warnSt = m.st.Severity.Warning.Render(warn)
	}
	name := cells.Fit(cells.Visible(e.a.Name), nameW-len([]rune(warn)))
	if domW > 0 {
		dom = " " + cells.Fit(cells.Visible(dom), domW)
	} else {
		dom = ""
	}
	colText := cells.Pad(col, colW)
	if avail < 8 {
		// Too narrow for columns: the name is what tells rows apart.
		if sel {
			return m.st.List.Selected.Render(cells.Fit(mark+glyph+" "+warn+cells.Visible(e.a.Name), w))
		}
		return cells.Fit(mark+glyphSt(glyph)+" "+warnSt+cells.Visible(e.a.Name), w)
	}
	if sel {
		// One run of plain text: nested styles would end the selection
		// background after each part.
		return m.st.List.Selected.Render(cells.Fit(mark+glyph+" "+colText+" "+warn+name+dom+" "+tail, w))
	}
	return cells.Fit(mark+glyphSt(glyph)+" "+colSt.Render(colText)+" "+warnSt+name+m.st.Faint.Render(dom)+" "+m.st.Faint.Render(tail), w)
}

func (m Model) pane() []string {
	lo := m.paneLayout()
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
	if m.inputOpen && m.allowing != "" {
		return " " + m.st.Heading.Render("Allow "+cells.Visible(m.allowing)) + "  " +
			m.st.Faint.Render("the consumer activates it as it is now without asking its user; a change asks again")
	}
	if m.inputOpen {
		return " " + m.st.Heading.Render("Import skills") + "  " + m.st.Faint.Render("scanned as STRANGER, then reviewed in 2 Findings")
	}
	c := &m.counts
	drafts := c.status[skills.Draft]
	if m.mode == modeOpen {
		h := " " + m.st.Heading.Render("Review") + "  "
		if s, ok := m.SelectedSkill(); ok {
			h += cells.Visible(s.Key) + "  "
			if len(s.Findings) > 0 {
				h += m.findingCounts(s.Findings) + m.st.Faint.Render(" · f shows them · ")
			} else {
				h += m.st.Faint.Render("no findings · ")
			}
		}
		return h + m.st.Faint.Render("esc back to the list")
	}
	if m.queue {
		h := " " + m.st.Heading.Render("Review queue")
		if m.loaded {
			h += "  " + m.st.Severity.Warning.Render(fmt.Sprintf("%d to review", drafts)) + m.st.Faint.Render(", oldest first · r shows every skill")
		}
		return h + m.runsLine()
	}
	h := " " + m.st.Heading.Render("Skills")
	if !m.loaded {
		return h
	}
	h += "  "
	if drafts > 0 {
		// First, so that a narrow terminal still shows it.
		h += m.st.Severity.Warning.Render(fmt.Sprintf("%d to review", drafts)) + m.st.Faint.Render(" · ")
	}
	parts := []string{plural(c.kinds[core.SkillArtifact], "skill", "skills"),
		plural(c.kinds[core.AgentArtifact], "agent", "agents"), plural(c.kinds[core.TeamArtifact], "team", "teams")}
	if m.noArts != "" {
		// Nought agents would read as none generated.
		parts = parts[:1]
	}
	h += m.st.Faint.Render(strings.Join(parts, " · "))
	if c.valid > 0 {
		h += m.st.Faint.Render(" · ") + m.st.Status.Active.Render(fmt.Sprintf("%d valid", c.valid))
	}
	if c.invalid > 0 {
		h += m.st.Faint.Render(" · ") + m.st.Status.Problem.Render(fmt.Sprintf("%d invalid", c.invalid))
	}
	if m.noArts != "" {
		h += m.st.Faint.Render(" · " + m.noArts)
	}
	return h + m.runsLine()
}

// runsLine is the state of the queue of agent runs (lore watch), when
// there is one.
func (m Model) runsLine() string {
	q := m.runs
	if q.Pending+q.Done+q.Failed == 0 {
		return ""
	}
	s := m.st.Faint.Render(" · runs ")
	if q.Pending > 0 {
		s += m.st.Severity.Warning.Render(fmt.Sprintf("%d queued", q.Pending)) + m.st.Faint.Render(", ")
	}
	s += m.st.Faint.Render(fmt.Sprintf("%d learned", q.Done))
	if q.Failed > 0 {
		s += m.st.Faint.Render(", ") + m.st.Status.Problem.Render(fmt.Sprintf("%d failed", q.Failed))
	}
	return s
}

// statusLine lists the selected artifact's files, the main one first, and
// where the document pane is scrolled to.
func (m Model) statusLine() string {
	if m.ask != nil {
		return m.questionLine()
	}
	if m.notice != "" {
		st := m.st.Status.Active
		if m.noticeBad {
			st = m.st.Status.Problem
		}
		return " " + st.Render(cells.Visible(m.notice))
	}
	e := m.selected()
	if e == nil {
		return ""
	}
	if e.rec != nil {
		return m.recordStatusLine(e.rec)
	}
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
	parts = append(parts, m.scrollPart()...)
	return " " + m.st.Faint.Render(strings.Join(parts, " · "))
}

// recordStatusLine is a library skill's files, dates and where the
// document pane is scrolled to.
func (m Model) recordStatusLine(s *skills.Skill) string {
	draft := ""
	if s.Status == skills.Draft {
		// said where a person looks: a learned skill starts here, and
		// nothing tells an agent of it until it is promoted
		draft = m.st.Severity.Warning.Render("draft: skills search and agents find it once promoted ("+m.keys.Promote.Help().Key+")") + m.st.Faint.Render(" · ")
	}
	parts := []string{skills.SkillFile}
	if n := len(s.Files); n > 0 {
		parts[0] += " + " + plural(n, "resource", "resources")
	}
	if !s.Created.IsZero() {
		parts = append(parts, "created "+s.Created.UTC().Format("2006-01-02"))
	}
	if !s.Updated.IsZero() && !s.Updated.Equal(s.Created) {
		parts = append(parts, "updated "+s.Updated.UTC().Format("2006-01-02"))
	}
	if !s.LastUsed.IsZero() {
		parts = append(parts, "last used "+s.LastUsed.UTC().Format("2006-01-02"))
	}
	parts = append(parts, m.scrollPart()...)
	return " " + draft + m.st.Faint.Render(strings.Join(parts, " · "))
}

// scrollPart says which document lines are shown, when not all are.
func (m Model) scrollPart() []string {
	if dh := m.docHeight(); len(m.doc) > dh && dh > 0 {
		s := min(m.scroll, m.maxScroll())
		return []string{fmt.Sprintf("lines %d–%d of %d", s+1, s+dh, len(m.doc))}
	}
	return nil
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

// editView is the editor of a draft: a header, the description on one
// line, the instructions filling the rest, and a status line with the
// reason a save was refused.
func (m Model) editView() string {
	ed := m.ed
	lines := make([]string, 0, m.h)
	status := m.st.Faint.Render("ctrl+s saves · tab switches field · esc discards")
	if ed.whole {
		lines = append(lines, " "+m.st.Heading.Render("Edit SKILL.md")+"  "+cells.Visible(ed.key)+"  "+
			m.st.Faint.Render("saved, it is read, scanned and checked as an import reads it; kept as written"))
		lines = append(lines, m.invalidLines()...)
		status = m.st.Faint.Render("ctrl+s saves and checks again · esc closes (asks first if unsaved)")
		if ed.saved != "" {
			status = m.st.Severity.Warning.Render(cells.Visible(ed.saved))
		}
	} else {
		lines = append(lines, " "+m.st.Heading.Render("Edit")+"  "+cells.Visible(ed.key)+"  "+
			m.st.Faint.Render("saved text is scanned as a stranger's and redacted, as a proposal is"))
		label := func(name string, field int) string {
			if ed.field == field {
				return " " + m.st.Input.Focused.Render(name)
			}
			return " " + m.st.Input.Blurred.Render(name)
		}
		lines = append(lines, label("description", 0), " "+ed.desc.View(), label("instructions", 1))
	}
	for _, l := range strings.Split(ed.body.View(), "\n") {
		lines = append(lines, " "+l)
	}
	switch {
	case ed.saving:
		status = m.st.Faint.Render("saving and scanning…")
	case ed.err != "":
		status = m.st.App.Error.Render("✗ " + cells.Visible(ed.err))
	}
	if m.ask != nil {
		status = strings.TrimPrefix(m.questionLine(), " ")
	}
	out := make([]string, m.h)
	for y := range out {
		l := ""
		if y < len(lines) && y < m.h-1 {
			l = lines[y]
		}
		out[y] = cells.Fit(l, m.w)
	}
	out[m.h-1] = cells.Fit(" "+status, m.w)
	return strings.Join(out, "\n")
}

// questionLine is the question waiting for y or n, with its keys, in
// place of the status line.
func (m Model) questionLine() string {
	k := m.keys
	return " " + m.st.Severity.Warning.Render(cells.Visible(m.ask.text)) + "  " +
		m.st.Faint.Render(k.Yes.Help().Key+" yes · "+k.No.Help().Key+" no")
}

// invalidLines say, above a whole SKILL.md being edited, what the strict
// profile refuses in the draft as last saved (what keeps p from promoting
// it), or that it passes; at most maxInvalidLines, the last saying how
// many more.
func (m Model) invalidLines() []string {
	inv := m.ed.invalid
	if len(inv) == 0 {
		return []string{" " + m.st.Good.Render("✓ passes the strict profile (lore skills validate): p promotes it once reviewed")}
	}
	out := []string{" " + m.st.Bad.Render(fmt.Sprintf("✗ the strict profile refuses it (%s); p promotes it once fixed:",
		plural(len(inv), "problem", "problems")))}
	for i, e := range inv {
		if i == maxInvalidLines-2 && len(inv) > maxInvalidLines-1 {
			out = append(out, "   "+m.st.Faint.Render(fmt.Sprintf("… and %d more (lore skills review %s lists them)", len(inv)-i, m.ed.key)))
			break
		}
		out = append(out, "   • "+cells.Visible(e))
	}
	return out
}
