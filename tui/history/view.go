package history

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"
)

// The screen is a header line, the body and a status line. The body holds
// the list and the report pane: side by side when there is room for a
// readable report next to two-line rows, stacked otherwise.
const (
	bodyTop     = 1
	chromeLines = 2
	separator   = " │ "
	sideMinW    = 150
	maxReportW  = 100
	// stackMinBody is the shortest body that still gets a report pane
	// under the list; below it the list alone is more use.
	stackMinBody = 8
	timeLayout   = "2006-01-02 15:04"
	kindW        = 7
	// stateW fits the longest state word, "committing".
	stateW = 10
)

type layout struct {
	side bool
	// listW × listH is the list's area at (0, bodyTop); rowH is the lines
	// per session.
	listW, listH, rowH int
	// The report pane, title line included, at (paneX, paneY).
	paneX, paneY, paneW, paneH int
}

func (m Model) computeLayout() layout {
	bh := max(m.h-chromeLines, 0)
	lo := layout{listW: m.w, listH: bh, rowH: 2}
	switch {
	case m.w >= sideMinW && bh >= 3:
		lo.side = true
		lo.paneW = min(m.w/2, maxReportW)
		lo.listW = m.w - lo.paneW - len([]rune(separator))
		lo.paneX, lo.paneY, lo.paneH = lo.listW+len([]rune(separator)), bodyTop, bh
	case bh >= stackMinBody:
		// Two fifths for the list, in whole sessions.
		lo.listH = max(bh*2/5/2*2, 2)
		lo.paneW, lo.paneY, lo.paneH = m.w, bodyTop+lo.listH, bh-lo.listH
	}
	if lo.listH < 2 {
		lo.rowH = 1
	}
	return lo
}

// panelLines is the panel over the report at width w, bounded to at most
// maxN lines (a blank line after it included): the unlearn waiting for
// confirmation, else the blocked unlearn.
func (m Model) panelLines(w, maxN int) []string {
	if m.pending != nil {
		return m.confirmLines(w, maxN)
	}
	b := m.blocked
	if b == nil || maxN <= 0 || w <= 0 {
		return nil
	}
	n := len(b.deps)
	what := plural(n, "dependent needs", "dependents need") + " what it would remove:"
	head := m.st.Status.Problem.Render("Unlearn blocked:") + " " + what
	if s, ok := m.Selected(); !ok || s.ID != b.id {
		head = m.st.Status.Problem.Render("Unlearn of "+cells.Visible(b.id)+" blocked:") + " " + what
	}
	var foot string
	switch {
	case m.asking == b.id:
		foot = m.st.Faint.Render("working out what forcing it would change…")
	case m.busy == b.id:
		foot = m.st.Faint.Render("forcing the unlearn…")
	default:
		foot = m.st.Label.Render("f") + " force the unlearn (asks first) " + m.st.Faint.Render("·") + " " +
			m.st.Label.Render("esc") + " dismiss"
	}
	out := []string{cells.Fit(head, w)}
	room := max(maxN-3, 0) // head, foot, blank
	// Each dependent wrapped in full when they all fit that way: the end of
	// the line (what it depends on) is the part that matters.
	wrapped := make([][]string, n)
	total := 0
	for i, d := range b.deps {
		wrapped[i] = cells.Bullet(cells.Visible(d), w, 3)
		total += len(wrapped[i])
	}
	if total <= room {
		for _, ls := range wrapped {
			out = append(out, ls...)
		}
	} else {
		shown := min(n, room)
		if shown < n && shown > 0 {
			shown-- // room for "… and k more"
		}
		for _, d := range b.deps[:shown] {
			out = append(out, cells.Fit("  • "+cells.Visible(d), w))
		}
		if shown < n && room > 0 {
			out = append(out, cells.Fit(m.st.Faint.Render(fmt.Sprintf("  … and %d more", n-shown)), w))
		}
	}
	out = append(out, cells.Fit(foot, w))
	if len(out) < maxN {
		out = append(out, cells.Fit("", w))
	}
	if len(out) > maxN {
		out = append(out[:maxN-1], cells.Fit(foot, w))
	}
	return out
}

// confirmLines is the pending unlearn's question: what it removes, by
// name, restores and re-adds, what becomes of the skills and conflicts,
// and the keys that answer.
func (m Model) confirmLines(w, maxN int) []string {
	p := m.pending
	if maxN <= 0 || w <= 0 {
		return nil
	}
	verb := "Unlearn "
	if p.force {
		verb = "Force the unlearn of "
	}
	head := m.st.Severity.Warning.Render(verb+cells.Visible(p.id)+"?") + " " + m.st.Faint.Render("Nothing has changed yet.")
	foot := m.st.Label.Render("y") + " unlearn " + m.st.Faint.Render("·") + " " + m.st.Label.Render("n/esc") + " cancel"
	out := []string{cells.Fit(head, w)}
	texts := previewItems(p.pv)
	var items [][]string
	for _, it := range texts {
		items = append(items, cells.Bullet(cells.Visible(it), w, 3))
	}
	room := max(maxN-3, 0) // head, foot, blank
	for i, ls := range items {
		if len(ls) > room {
			left := len(items) - i
			if i == 0 && room > 0 {
				// In a short pane the first item, what is removed, is
				// shown cut rather than not at all.
				keep := room
				if left > 1 && room > 1 {
					keep--
				}
				out = append(out, cells.Bullet(cells.Visible(texts[i]), w, keep)...)
				room -= keep
				left--
			}
			if room > 0 && left > 0 {
				out = append(out, cells.Fit(m.st.Faint.Render(fmt.Sprintf("  … and %d more", left)), w))
			}
			break
		}
		out = append(out, ls...)
		room -= len(ls)
	}
	out = append(out, cells.Fit(foot, w))
	if len(out) < maxN {
		out = append(out, cells.Fit("", w))
	}
	if len(out) > maxN {
		out = append(out[:maxN-1], cells.Fit(foot, w))
	}
	return out
}

// namesShown is how many primitives the confirmation names.
const namesShown = 5

// previewItems words a preview as the confirmation's bullet items, the
// primitives first (what is lost), then skills and conflicts.
func previewItems(pv Preview) []string {
	var items []string
	if pv.Removed > 0 {
		it := "removes " + plural(pv.Removed, "primitive", "primitives")
		if names := pv.Names[:min(len(pv.Names), pv.Removed)]; len(names) > 0 {
			it += ": " + strings.Join(names[:min(len(names), namesShown)], ", ")
			if pv.Removed > namesShown {
				it += fmt.Sprintf(" … and %d more", pv.Removed-namesShown)
			}
		}
		items = append(items, it)
	}
	if pv.Restored > 0 {
		items = append(items, "restores "+plural(pv.Restored, "primitive", "primitives")+" to the version before the session")
	}
	if pv.Readded > 0 {
		items = append(items, "adds back "+plural(pv.Readded, "primitive", "primitives")+" the session removed")
	}
	if pv.Cuts > 0 {
		items = append(items, "cuts the edges of "+plural(pv.Cuts, "dependent", "dependents")+" to what it removes")
	}
	if len(pv.Archived) > 0 {
		items = append(items, "archives "+plural(len(pv.Archived), "skill", "skills")+": "+strings.Join(pv.Archived, ", "))
	}
	if len(pv.Dropped) > 0 {
		items = append(items, "removes "+strings.Join(pv.Dropped, ", "))
	}
	if pv.Regenerated > 0 {
		items = append(items, "regenerates "+plural(pv.Regenerated, "artifact", "artifacts"))
	}
	if pv.DroppedConflicts > 0 {
		items = append(items, "drops "+plural(pv.DroppedConflicts, "conflict", "conflicts")+" the session presented")
	}
	if pv.RetiredConflicts > 0 {
		items = append(items, "retires "+plural(pv.RetiredConflicts, "pending conflict", "pending conflicts")+" of other sessions whose existing side it removes")
	}
	if pv.ReopenedConflicts > 0 {
		items = append(items, "reopens "+plural(pv.ReopenedConflicts, "conflict", "conflicts")+" the session resolved")
	}
	if len(items) == 0 {
		items = append(items, "changes no primitive, skill or conflict")
	}
	return items
}

// question is the status line while an unlearn waits for confirmation:
// the figures that matter, for when the pane is too small for the panel.
func (m Model) question() string {
	p := m.pending
	var what []string
	if p.pv.Removed > 0 || len(p.pv.Archived) == 0 {
		what = append(what, "removes "+plural(p.pv.Removed, "primitive", "primitives"))
	}
	if n := len(p.pv.Archived); n > 0 {
		what = append(what, "archives "+plural(n, "skill", "skills"))
	}
	if p.force {
		what = append(what, fmt.Sprintf("cuts %d dependent%s edges", p.pv.Cuts, map[bool]string{true: "'s", false: "s'"}[p.pv.Cuts == 1]))
		return "Force the unlearn? It " + strings.Join(what, ", ") + ". y/n"
	}
	return "Unlearn this session? It " + strings.Join(what, ", ") + ". y/n"
}

// panelMax is how much of the pane the blocked panel may take: nearly all
// of it, since it is what the person must read before forcing, but a few
// lines of the report stay in view when the pane is tall enough.
func (m Model) panelMax() int {
	ch := m.lay.paneH - 1
	if ch <= 0 {
		return 0
	}
	return max(ch-3, min(4, ch))
}

func (m Model) reportHeight() int {
	ch := m.lay.paneH - 1
	if ch <= 0 {
		return 0
	}
	return max(ch-len(m.panelLines(m.lay.paneW, m.panelMax())), 0)
}

// View draws the screen in exactly the size given to SetSize.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	lines := make([]string, m.h)
	lo := m.lay
	bh := max(m.h-chromeLines, 0)
	if m.h >= 2 {
		lines[0] = cells.Fit(m.header(), m.w)
	}
	if bh > 0 {
		body := m.body(lo, bh)
		for y := range bh {
			lines[bodyTop+y] = body[y]
		}
	}
	lines[m.h-1] = cells.Fit(m.statusLine(), m.w)
	return strings.Join(lines, "\n")
}

func (m Model) body(lo layout, bh int) []string {
	out := make([]string, bh)
	if len(m.sessions) == 0 {
		msg := []string{"", " " + m.st.Heading.Render("No sessions yet."),
			" " + m.st.Faint.Render("Every learn and unlearn is recorded here, newest first, with its report.")}
		if !m.loaded {
			msg = []string{"", " " + m.st.Faint.Render("Loading sessions…")}
		}
		if m.err != "" {
			msg = append(msg, "", " "+m.st.App.Error.Render(m.err))
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
	var list []string
	for i := m.list.Top(); len(list) < lo.listH; i++ {
		list = append(list, m.rowLines(i, lo)...)
	}
	list = list[:lo.listH]
	pane := m.pane(lo)
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

// rowLines renders session i as rowH lines of width listW; only visible
// sessions are rendered, so View does not grow with the history.
func (m Model) rowLines(i int, lo layout) []string {
	w := lo.listW
	blank := strings.Repeat(" ", max(w, 0))
	if i >= len(m.sessions) {
		if lo.rowH == 2 {
			return []string{blank, blank}
		}
		return []string{blank}
	}
	s := &m.sessions[i]
	sel := i == m.list.Cursor()
	// Selected rows are painted as one run of plain text, because nested
	// styles would end the selection background after each part.
	paint := func(st func(...string) string, t string) string {
		if sel {
			return t
		}
		return st(t)
	}
	when := s.StartedAt
	if m.loc != nil && !when.IsZero() {
		when = when.In(m.loc)
	}
	ts := "—"
	if !when.IsZero() {
		ts = when.Format(timeLayout)
	}
	kind := string(s.Kind)
	if kind == "" {
		kind = string(core.KindLearn)
	}
	state, stateSt := m.stateWord(s)
	mark := "  "
	if sel {
		mark = "▸ "
	}
	fixed := 2 + len(timeLayout) + 2 + kindW + 2
	srcW := w - fixed - 2 - stateW
	var l1 string
	if srcW >= 6 {
		l1 = mark + paint(m.st.Faint.Render, ts) + "  " + paint(m.st.Kind.Render, cells.Pad(kind, kindW)) + "  " +
			cells.FitTail(cells.Visible(s.Source), srcW) + "  " + paint(stateSt, cells.Pad(state, stateW))
	} else {
		l1 = mark + paint(m.st.Kind.Render, kind) + " " + cells.ShortenLeft(cells.Visible(s.Source), max(w-len(kind)-3, 1))
	}
	l2 := "    " + strings.Join(m.details(s, paint), paint(m.st.Faint.Render, " · "))
	if sel {
		if lo.rowH == 1 {
			return []string{m.st.List.Selected.Render(cells.Fit(l1, w))}
		}
		return []string{m.st.List.Selected.Render(cells.Fit(l1, w)), m.st.List.Selected.Render(cells.Fit(l2, w))}
	}
	if lo.rowH == 1 {
		return []string{cells.Fit(l1, w)}
	}
	return []string{cells.Fit(l1, w), cells.Fit(l2, w)}
}

func (m Model) stateWord(s *core.Session) (string, func(...string) string) {
	switch {
	case s.RevertedBy != "" || s.State == core.SessionReverted:
		return "reverted", m.st.Status.Inactive.Render
	case s.DryRun:
		return "dry run", m.st.Faint.Render
	case s.State == core.SessionCommitted:
		return "committed", m.st.Status.Active.Render
	case s.State == "":
		return "—", m.st.Faint.Render
	}
	return cells.Visible(string(s.State)), m.st.Status.Problem.Render
}

// details is the second line of a row: tier, decision, counts and the
// revert relation.
func (m Model) details(s *core.Session, paint func(func(...string) string, string) string) []string {
	var parts []string
	if s.Familiarity != "" {
		parts = append(parts, paint(m.st.Label.Render, cells.Visible(string(s.Familiarity))))
	}
	isLearn := s.Kind == "" || s.Kind == core.KindLearn
	if s.User != "" {
		// On a team server: who ran it (and the agent acting for them).
		by := "by " + cells.Visible(s.User)
		if s.Agent != "" {
			by += " via " + cells.Visible(s.Agent)
		}
		parts = append(parts, paint(m.st.Label.Render, by))
	}
	if d := s.Decision; d != nil {
		word, st := string(d.Status), m.st.Faint.Render
		switch d.Status {
		case core.Approved:
			st = m.st.Status.Active.Render
		case core.ApprovedWithWarnings:
			word, st = "approved with warnings", m.st.Severity.Warning.Render
		case core.Rejected:
			st = m.st.Status.Problem.Render
		}
		p := paint(st, cells.Visible(word))
		if d.DecidedBy != "" {
			p += paint(m.st.Faint.Render, " by "+cells.Visible(d.Decider()))
		}
		if len(d.Findings) > 0 {
			p += paint(m.st.Faint.Render, fmt.Sprintf(" (%d of %d findings acknowledged)", len(d.Acknowledged), len(d.Findings)))
		}
		parts = append(parts, p)
	} else if isLearn {
		parts = append(parts, paint(m.st.Faint.Render, "no decision"))
	}
	if s.Kind == core.KindCurate {
		// Who decided, and why when they said.
		p := "curated by " + cells.Visible(cmp.Or(s.Options["by"], "a person"))
		if why := s.Options["why"]; why != "" {
			p += ": " + cells.Visible(why)
		}
		parts = append(parts, paint(m.st.Faint.Render, p))
	}
	if c := m.counts(s, paint); c != "" {
		parts = append(parts, c)
	}
	if s.Options["force"] == "true" {
		parts = append(parts, paint(m.st.Severity.Warning.Render, "forced"))
	}
	switch {
	case s.RevertedBy != "":
		parts = append(parts, paint(m.st.Status.Inactive.Render, "reverted by "+cells.Visible(s.RevertedBy)))
	case s.Reverts != "":
		parts = append(parts, paint(m.st.Kind.Render, "reverts "+cells.Visible(s.Reverts)))
	}
	return parts
}

// counts is "+added ~updated =skipped !conflicts" for a learn and
// "-removed ~restored +re-added" for an unlearn, zeros faint.
func (m Model) counts(s *core.Session, paint func(func(...string) string, string) string) string {
	type tok struct {
		sign string
		n    int
	}
	var toks []tok
	if s.Kind == core.KindUnlearn {
		if s.Counts.UnlearnCounts == nil {
			return ""
		}
		c := s.Counts.Unlearn()
		toks = []tok{{"-", c.Removed}, {"~", c.Restored}, {"+", c.Readded}}
	} else {
		if s.Counts.LearnCounts == nil {
			return ""
		}
		c := s.Counts.Learn()
		toks = []tok{{"+", c.Added}, {"~", c.Updated}, {"=", c.Skipped}, {"!", c.Conflicts}}
	}
	parts := make([]string, len(toks))
	for i, t := range toks {
		n := t.n
		txt := fmt.Sprintf("%s%d", t.sign, n)
		switch {
		case n == 0:
			parts[i] = paint(m.st.Faint.Render, txt)
		case t.sign == "!":
			parts[i] = paint(m.st.Severity.Warning.Render, txt)
		default:
			parts[i] = txt
		}
	}
	return strings.Join(parts, " ")
}

// pane renders the report pane: a title line, the blocked panel if any,
// and the visible part of the report.
func (m Model) pane(lo layout) []string {
	if lo.paneH <= 0 || lo.paneW <= 0 {
		return nil
	}
	w := lo.paneW
	out := make([]string, 0, lo.paneH)
	s, _ := m.Selected()
	rh := m.reportHeight()
	scroll := min(m.rscroll, max(len(m.report)-rh, 0))
	pos := ""
	if len(m.report) > rh && rh > 0 {
		pos = fmt.Sprintf("%d–%d of %d", scroll+1, min(scroll+rh, len(m.report)), len(m.report))
	}
	title := m.st.Heading.Render("Report") + " " + m.st.Faint.Render(cells.Visible(s.ID))
	if lo.side {
		out = append(out, cells.Fit(title+spaceBetween(title, pos, w)+m.st.Faint.Render(pos), w))
	} else {
		// Stacked, the title is also the rule between list and report.
		left := m.st.Faint.Render("── ") + title + " "
		right := ""
		if pos != "" {
			right = " " + m.st.Faint.Render(pos) + m.st.Faint.Render(" ──")
		}
		fill := max(w-ansi.StringWidth(left)-ansi.StringWidth(right), 0)
		out = append(out, cells.Fit(left+m.st.Faint.Render(strings.Repeat("─", fill))+right, w))
	}
	out = append(out, m.panelLines(w, m.panelMax())...)
	switch {
	case !m.hasRep:
		out = append(out, cells.Fit(" "+m.st.Faint.Render("Loading the report…"), w))
	case len(m.report) == 0:
		out = append(out, cells.Fit(" "+m.st.Faint.Render("The report is empty."), w))
	default:
		end := min(scroll+rh, len(m.report))
		out = append(out, m.report[scroll:end]...)
	}
	for len(out) < lo.paneH {
		out = append(out, strings.Repeat(" ", w))
	}
	return out[:lo.paneH]
}

func (m Model) header() string {
	learn, unlearn, curate, reverted, rejected := 0, 0, 0, 0, 0
	for i := range m.sessions {
		s := &m.sessions[i]
		switch s.Kind {
		case core.KindUnlearn:
			unlearn++
		case core.KindCurate:
			curate++
		default:
			learn++
		}
		if s.RevertedBy != "" || s.State == core.SessionReverted {
			reverted++
		}
		if s.State == core.SessionRejected {
			rejected++
		}
	}
	h := " " + m.st.Heading.Render("History")
	if m.loaded {
		counts := fmt.Sprintf("%s · %d learn · %d unlearn · %d reverted",
			plural(len(m.sessions), "session", "sessions"), learn, unlearn, reverted)
		if curate > 0 {
			counts = fmt.Sprintf("%s · %d learn · %d curated · %d unlearn · %d reverted",
				plural(len(m.sessions), "session", "sessions"), learn, curate, unlearn, reverted)
		}
		if rejected > 0 {
			counts += fmt.Sprintf(" · %d rejected at the gate", rejected)
		}
		h += "  " + m.st.Faint.Render(counts)
	}
	return h
}

// statusLine says the one thing that matters most now: a question waiting
// for an answer, then a running unlearn, then why a key did nothing, an
// error, a result, and otherwise facts about the selected session.
func (m Model) statusLine() string {
	switch {
	case m.pending != nil:
		return " " + m.st.Severity.Warning.Render(m.question())
	case m.asking != "":
		return " " + m.st.Faint.Render("working out what unlearning "+cells.Visible(m.asking)+" would change…")
	case m.busy != "":
		verb := "unlearning"
		if m.forcing {
			verb = "forcing the unlearn of"
		}
		return " " + m.st.Faint.Render(verb+" "+cells.Visible(m.busy)+"…")
	case m.explain != "":
		return " " + m.st.Severity.Warning.Render(m.explain)
	case m.err != "":
		return " " + m.st.App.Error.Render(m.err)
	case m.notice != "":
		return " " + m.st.Status.Active.Render(m.notice)
	}
	s, ok := m.Selected()
	if !ok {
		return ""
	}
	parts := []string{cells.Visible(s.ID)}
	if !s.StartedAt.IsZero() && !s.CompletedAt.IsZero() && !s.CompletedAt.Before(s.StartedAt) {
		parts = append(parts, "took "+s.CompletedAt.Sub(s.StartedAt).Round(time.Second).String())
	}
	parts = append(parts, plural(s.Changes, "change", "changes"))
	if f := findingsSummary(s.Findings); f != "" {
		parts = append(parts, f)
	}
	return " " + m.st.Faint.Render(strings.Join(parts, " · "))
}

func findingsSummary(fs map[core.Severity]int) string {
	var parts []string
	for _, sev := range core.Severities {
		if n := fs[sev]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, sev))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "findings " + strings.Join(parts, " ")
}

func spaceBetween(left, right string, w int) string {
	return strings.Repeat(" ", max(w-ansi.StringWidth(left)-ansi.StringWidth(right), 1))
}
