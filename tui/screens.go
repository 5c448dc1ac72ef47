package tui

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/diffview"
	"github.com/lore-kb/lore/tui/graphview"
	"github.com/lore-kb/lore/tui/history"
	"github.com/lore-kb/lore/tui/skillsview"
)

// show brings tab t to the top and loads its data when the store changed
// since it was last loaded.
func (m Model) show(t tab) (Model, tea.Cmd) {
	m.tab = t
	if m.onServer() {
		return m.showOnServer(t)
	}
	if t == tabSkills && !m.stale[t] {
		// The library is current; the run queue may have moved.
		return m.pollRuns()
	}
	if !m.stale[t] || m.opts.Open == nil {
		return m, nil
	}
	m.stale[t] = false
	s := m.stores()
	switch t {
	case tabConflicts:
		return m, loadConflicts(s)
	case tabGraph:
		m.rowsGen++
		m.rows, m.links, m.scoresReady = nil, nil, false
		return m, loadRows(s, m.rowsGen, 0)
	case tabSkills:
		return m, loadSkills(s)
	case tabHistory:
		return m, loadSessions(s)
	}
	return m, nil
}

// changed marks every screen's data stale after the store changed, and
// reloads the one on top and the status bar.
func (m Model) changed() (Model, tea.Cmd) {
	for t := range m.stale {
		m.stale[t] = true
	}
	var cmd tea.Cmd
	m, cmd = m.show(m.tab)
	if m.onServer() && m.who != nil {
		return m, tea.Batch(cmd, serverStatus(m.ctx, m.opts.Server.Svc))
	}
	if m.opts.Open == nil {
		return m, cmd
	}
	return m, tea.Batch(cmd, status(m.stores()))
}

// ranked is the loaded rows in the order of the ranking chosen: the
// store's importance order, or reach (transitive dependents) once it is
// computed, ties by importance.
func (m Model) ranked() []graphview.Row {
	if m.rankBy != graph.ByReach {
		return m.rows
	}
	rows := slices.Clone(m.rows)
	slices.SortStableFunc(rows, func(a, b graphview.Row) int { return b.Reach - a.Reach })
	return rows
}

// toggleRank switches the Graph screen between importance and reach.
func (m Model) toggleRank() (Model, tea.Cmd) {
	switch {
	case m.rankBy == graph.ByReach:
		m.rankBy = graph.ByImportance
	case !m.scoresReady:
		m.notice = "the ranking is still being computed; try again in a moment"
		return m, nil
	default:
		m.rankBy = graph.ByReach
	}
	m.graph = m.graph.WithRows(m.ranked(), m.rankBy)
	return m, nil
}

// screenMsg applies the messages of the Conflicts, Graph, History and
// Skills screens; ok is false for any other message.
func (m Model) screenMsg(msg tea.Msg) (Model, tea.Cmd, bool) {
	switch msg := msg.(type) {
	case conflictsMsg:
		if msg.err != nil {
			m.conflicts = m.conflicts.SetError(msg.err.Error())
		} else {
			m.conflicts = m.conflicts.WithConflicts(msg.pending)
		}
	case diffview.ResolveMsg:
		if m.onServer() {
			return m, serverResolve(m.ctx, m.opts.Server.Svc, msg.ID, msg.Choice), true
		}
		return m, m.resolve(msg.ID, msg.Choice), true
	case resolvedMsg:
		if msg.err != nil {
			m.conflicts = m.conflicts.SetError(msg.err.Error())
			return m, nil, true
		}
		m.notice = fmt.Sprintf("conflict %s resolved: %s (%s)", msg.id, msg.res.Conflict.Resolution, msg.res.Outcome)
		m, cmd := m.changed()
		return m, cmd, true

	case rowsMsg:
		if msg.gen != m.rowsGen {
			return m, nil, true
		}
		if msg.err != nil {
			m.notice = "graph: " + msg.err.Error()
			return m, nil, true
		}
		if _, ok := m.graph.Selected(); !ok && msg.offset == 0 && len(msg.rows) > 0 {
			m.autoTop = msg.rows[0].ID
		}
		m.rows = append(m.rows, msg.rows...)
		m.links = append(m.links, msg.links...)
		var detail tea.Cmd
		m.graph, detail = m.graph.WithRows(m.ranked(), m.rankBy).RequestDetail()
		if msg.more {
			return m, tea.Batch(detail, loadRows(m.stores(), msg.gen, msg.offset+len(msg.rows))), true
		}
		links := m.links
		m.links = nil
		return m, tea.Batch(detail, computeScores(msg.gen, links)), true
	case scoresMsg:
		if msg.gen != m.rowsGen {
			return m, nil, true
		}
		// A copy: the Graph screen still holds the rows it was given, and
		// finds its selection in them.
		m.rows = slices.Clone(m.rows)
		for i := range m.rows {
			m.rows[i].Importance = msg.importance[m.rows[i].ID]
			m.rows[i].Reach = msg.reach[m.rows[i].ID]
		}
		// The rows came in the store's page order; lore rank's order
		// replaces it, so that the screen and the command agree.
		slices.SortStableFunc(m.rows, func(a, b graphview.Row) int { return msg.order[a.ID] - msg.order[b.ID] })
		m.scoresReady = true
		m.graph = m.graph.WithRows(m.ranked(), m.rankBy)
		if m.autoTop != "" && m.graph.Shown() == m.autoTop {
			var detail tea.Cmd
			m.graph, detail = m.graph.First().RequestDetail()
			m.autoTop = ""
			return m, detail, true
		}
		m.autoTop = ""
	case graphview.NeedDetailMsg:
		if m.onServer() {
			return m, serverDetail(m.ctx, m.opts.Server.Svc, msg.ID), true
		}
		return m, loadDetail(m.stores(), msg.ID), true
	case detailMsg:
		if msg.err != nil {
			m.notice = "graph: " + msg.err.Error()
			return m, nil, true
		}
		m.graph = m.graph.WithDetail(msg.d)
	case graphview.RenameMsg:
		if m.opts.Open == nil && !m.onServer() {
			m.notice = "no store is open: nothing can be renamed"
			return m, nil, true
		}
		return m, m.curate(engine.Decision{Kind: core.CurateEdit, ID: msg.ID, Name: msg.Name}), true
	case graphview.RejectMsg:
		if m.opts.Open == nil && !m.onServer() {
			m.notice = "no store is open: nothing can be rejected"
			return m, nil, true
		}
		return m, m.curate(engine.Decision{Kind: core.CurateReject, ID: msg.ID}), true
	case curatedMsg:
		if msg.err != nil {
			m.notice = string(msg.d.Kind) + " " + msg.d.ID + ": " + msg.err.Error()
			return m, nil, true
		}
		did := fmt.Sprintf("renamed %s to %q", msg.d.ID, msg.d.Name)
		if msg.d.Kind == core.CurateReject {
			did = "rejected " + msg.d.ID + ": removed with its edges, and not learned again"
		}
		m.notice = fmt.Sprintf("%s (%s; lore unlearn takes it back)", did, msg.res.Session.ID)
		var detail tea.Cmd
		if msg.d.Kind == core.CurateReject {
			// A rejected primitive is gone: the pane stops showing it at
			// once, and the reloaded list selects another (none when the
			// filter matched only it), whose detail it asks for.
			m.graph = m.graph.Forget(msg.d.ID)
		} else {
			m.graph, detail = m.graph.Stale()
		}
		m, cmd := m.changed()
		return m, tea.Batch(cmd, detail), true
	case graphview.ExportMsg:
		if m.onServer() {
			return m, serverExport(m.ctx, m.opts.Server.Svc, m.opts.ExportDir, msg.Format, msg.IDs), true
		}
		return m, export(m.stores(), m.opts.ExportDir, msg.Format, msg.IDs), true
	case exportedMsg:
		if msg.err != nil {
			m.notice = msg.err.Error()
			m.learn = m.learn.Log(time.Now(), "graph", m.st.Bad.Render("export failed: ")+msg.err.Error())
			return m, nil, true
		}
		what := fmt.Sprintf("exported %d primitive%s as %s to ", msg.n, plural(msg.n), msg.format)
		m.learn = m.learn.Log(time.Now(), "graph", what+msg.path)
		// The notice is one line: the path gives way from the left, and
		// then the words, so that the file's name always shows; the Learn
		// log keeps it all.
		name := ansi.StringWidth(filepath.Base(msg.path)) + 1
		if m.w-2-ansi.StringWidth(what) < name {
			what = "exported to "
		}
		m.notice = what + cells.ShortenLeft(msg.shown, max(m.w-2-ansi.StringWidth(what), name))

	case sessionsMsg:
		if msg.err != nil {
			m.history = m.history.WithError(msg.err.Error())
			return m, nil, true
		}
		var cmd tea.Cmd
		m.history, cmd = m.history.WithSessions(msg.sessions)
		return m, cmd, true
	case history.NeedReportMsg:
		if m.onServer() {
			return m, serverReport(m.ctx, m.opts.Server.Svc, msg.ID), true
		}
		return m, loadReport(m.stores(), msg.ID), true
	case reportMsg:
		if msg.err != nil {
			m.history = m.history.WithReport(msg.id, "*No report: "+msg.err.Error()+"*")
		} else {
			m.history = m.history.WithReport(msg.id, msg.markdown)
		}
	case history.PreviewMsg:
		if m.onServer() {
			return m, serverPreview(m.ctx, m.opts.Server.Svc, msg.ID, msg.Force), true
		}
		return m, m.previewUnlearn(msg.ID, msg.Force), true
	case previewedMsg:
		if m, failed := m.unlearnFailed(msg.id, msg.err); failed {
			return m, nil, true
		}
		m.history = m.history.WithPreview(msg.id, msg.force, historyPreview(msg.pv))
	case history.UnlearnMsg:
		if m.onServer() {
			return m, serverUnlearn(m.ctx, m.opts.Server.Svc, msg.ID, msg.Force), true
		}
		return m, m.unlearn(msg.ID, msg.Force), true
	case unlearnedMsg:
		if m, failed := m.unlearnFailed(msg.id, msg.err); failed {
			return m, nil, true
		}
		m.history = m.history.WithResult(msg.res.Summary)
		m, cmd := m.changed()
		return m, cmd, true

	case artifactsMsg:
		if msg.err != nil {
			m.notice = "skills: " + msg.err.Error()
			if msg.lib == nil && msg.arts == nil {
				return m, nil, true
			}
		}
		m.skills = m.skills.WithLibrary(msg.lib, msg.arts)
		m.drafts = m.skills.Drafts()
		if msg.runsErr == nil {
			m.skills = m.skills.WithRuns(msg.runs)
			if msg.runs.Pending > 0 && m.tab == tabSkills && !m.runsPolling {
				m.runsPolling = true
				return m, runsTick(), true
			}
		}
	case skillsview.ReviewMsg:
		if m.onServer() {
			return m, serverReview(m.ctx, m.opts.Server.Svc, msg.Key, msg.To, msg.Ack), true
		}
		if m.opts.Open == nil {
			return m, nil, true
		}
		return m, review(m.stores(), msg.Key, msg.To, msg.Ack), true
	case reviewedMsg:
		var un *library.UnacknowledgedError
		switch {
		case errors.As(msg.err, &un):
			m.skills = m.skills.WithNotice(un.Key+" has a critical finding: enter opens its findings; acknowledge each (space), then p promotes it", true)
			return m, nil, true
		case msg.err != nil:
			m.skills = m.skills.WithNotice(msg.err.Error(), true)
			return m, nil, true
		}
		note := fmt.Sprintf("%s is now %s", msg.key, msg.to)
		if msg.ack {
			note += " (critical findings acknowledged)"
		}
		m.skills = m.skills.WithNotice(note, false)
		return m.skillsChanged()
	case skillsview.AllowMsg:
		if m.onServer() {
			return m, serverAllow(m.ctx, m.opts.Server.Svc, msg.Key, msg.Consumer), true
		}
		if m.opts.Open == nil {
			return m, nil, true
		}
		return m, allow(m.stores(), msg.Key, msg.Consumer), true
	case allowedMsg:
		if msg.err != nil {
			m.skills = m.skills.WithNotice(msg.err.Error(), true)
			return m, nil, true
		}
		m.skills = m.skills.WithNotice(fmt.Sprintf("%s may activate %s without asking, as it is now (a change asks again)", msg.consumer, msg.key), false)
		return m.skillsChanged()
	case skillsview.ShareMsg:
		if m.onServer() {
			return m, serverShare(m.ctx, m.opts.Server.Svc, msg.Key), true
		}
		if m.opts.Open == nil {
			return m, nil, true
		}
		return m, share(m.stores(), msg.Key), true
	case sharedMsg:
		if msg.err != nil {
			m.skills = m.skills.WithNotice(msg.err.Error(), true)
			return m, nil, true
		}
		m.skills = m.skills.WithNotice(msg.key+" is now the workspace's: every user sees it", false)
		return m.skillsChanged()
	case skillsview.EditMsg:
		if m.onServer() {
			if msg.Whole {
				return m, serverEdit(m.ctx, m.opts.Server.Svc, msg.Key, msg.SkillMD, "", ""), true
			}
			return m, serverEdit(m.ctx, m.opts.Server.Svc, msg.Key, "", msg.Description, msg.Instructions), true
		}
		if m.opts.Open == nil {
			m.skills = m.skills.EditDone(errNoStore)
			return m, nil, true
		}
		if msg.Whole {
			return m, editFile(m.stores(), msg.Key, msg.SkillMD), true
		}
		return m, edit(m.stores(), msg.Key, msg.Description, msg.Instructions), true
	case editedMsg:
		if msg.err != nil {
			m.skills = m.skills.EditDone(msg.err)
			return m, nil, true
		}
		m.skills = m.skills.EditSaved(msg.res.Skill.Version, msg.res.Invalid)
		m.skills = m.skills.WithNotice(editNotice(msg.key, msg.res), msg.res.Skill.Critical() || len(msg.res.Invalid) > 0)
		return m.skillsChanged()
	default:
		return m.importMsg(msg)
	}
	return m, nil, true
}

// unlearnFailed shows a failed unlearn or preview of session id in History:
// the dependents that block it, or the error. It reports whether err was
// one.
func (m Model) unlearnFailed(id string, err error) (Model, bool) {
	if deps, ok := blockedBy(err); ok {
		m.history = m.history.WithBlocked(id, deps)
		return m, true
	}
	if err != nil {
		m.history = m.history.WithError(err.Error())
		return m, true
	}
	return m, false
}

// skillsChanged reloads the Skills screen after a change to the library
// alone (a review, an edit, an import): the other screens' data still
// holds.
func (m Model) skillsChanged() (Model, tea.Cmd, bool) {
	m.stale[tabSkills] = true
	if m.tab != tabSkills {
		if m.onServer() {
			return m, serverStatus(m.ctx, m.opts.Server.Svc), true
		}
		return m, status(m.stores()), true
	}
	m.stale[tabSkills] = false
	return m, m.reloadSkills(), true
}

// editNotice says what saving an edit did: the version written, what the
// rescan found and what was redacted.
func editNotice(key string, res library.Edited) string {
	s := res.Skill
	if !res.Changed {
		return key + ": the text is unchanged; nothing saved"
	}
	out := fmt.Sprintf("%s saved as version %d; rescanned: ", key, s.Version)
	counts := map[core.Severity]int{}
	for _, f := range s.Findings {
		counts[f.Severity]++
	}
	var parts []string
	for _, sev := range core.Severities {
		if n := counts[sev]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, sev))
		}
	}
	if len(parts) == 0 {
		out += "no findings"
	} else {
		out += strings.Join(parts, ", ")
	}
	n := 0
	for _, c := range res.Redacted {
		n += c
	}
	if n > 0 {
		out += fmt.Sprintf("; %d span%s redacted", n, plural(n))
	}
	if s.Critical() {
		out += " · promoting it needs the acknowledgement (enter)"
	}
	if n := len(res.Invalid); n > 0 {
		out += fmt.Sprintf(" · the strict profile still refuses it: %s", strings.Join(res.Invalid, "; "))
	} else if s.Original != nil {
		out += " · passes the strict profile: p promotes it"
	}
	return out
}
