package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/tui/skillsview"
)

// An import from the Skills screen goes through the gate a learn run goes
// through, with the same reviewer: the path is read and scanned as a
// STRANGER source (bundle.Import, Gated), the plan's findings become the
// hygiene report gate.Decide takes (library.ReviewReport), and the
// application's approver hands the question to the Findings screen, as a
// run's are (approvalAsk). The report holds what lore skills import
// prints: the scanner's findings, the spans of secrets and personal data,
// the skipped skills and the check's warnings. On an approval the library
// imports the plan, skills whose critical findings the person acknowledged
// included, active (the person's approval is the explicit one the third
// law asks for) except a skill the strict profile refuses, which is filed
// as a draft; on a rejection nothing is stored.

// importJob is one import waiting for its plan, its decision or its
// write. Only one runs at a time.
type importJob struct {
	id   string
	path string
	// asks carries the gate's question to the program; done is closed
	// once the gate has decided, so that a listener waiting for a
	// question that never comes returns.
	asks chan approvalAsk
	done chan struct{}
}

type (
	// importPlanMsg is the plan read from path.
	importPlanMsg struct {
		id   string
		path string
		plan bundle.Plan
		err  error
	}
	// importAskMsg is the gate asking the reviewer about an import.
	importAskMsg struct {
		id  string
		ask approvalAsk
	}
	// importDecidedMsg is the gate's decision on an import.
	importDecidedMsg struct {
		id  string
		dec core.Decision
		err error
	}
	// importedMsg is the library's import of an approved plan.
	importedMsg struct {
		id       string
		path     string
		n        int
		drafts   int
		keys     []string
		skipped  int
		warnings []string
		err      error
	}
)

// expandHome turns a leading ~ into the home folder, as a shell would for
// a path typed into the input.
func expandHome(path string) string {
	if path != "~" && !strings.HasPrefix(path, "~/") {
		return path
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return path
	}
	return filepath.Join(home, path[1:])
}

// beginImport starts importing path, unless an import is under way.
func (m Model) beginImport(path string) (Model, tea.Cmd) {
	if m.imp != nil {
		m.skills = m.skills.WithNotice("an import of "+m.imp.path+" is under way; try again once it is decided", true)
		return m, nil
	}
	m.imports++
	job := &importJob{id: fmt.Sprintf("import-%d", m.imports), path: path}
	m.imp = job
	m.skills = m.skills.WithNotice("scanning "+path+" as a STRANGER source…", false)
	return m, planImport(job.id, path)
}

// planImport reads and scans the skills at path, storing nothing.
func planImport(id, path string) tea.Cmd {
	return func() tea.Msg {
		plan, err := bundle.Import(expandHome(path), bundle.ImportOptions{Gated: true, Now: time.Now().UTC()})
		return importPlanMsg{id: id, path: path, plan: plan, err: err}
	}
}

// decideImport asks the gate about plan: the question comes back on the
// job's asks (listenImport) and the decision as an importDecidedMsg.
func decideImport(ctx context.Context, job *importJob, plan bundle.Plan) tea.Cmd {
	report := library.ReviewReport(plan, job.path, time.Now().UTC())
	asks := approver{asks: job.asks}
	ask := gate.ApproverFunc(func(ctx context.Context, req gate.Request) (gate.Answer, error) {
		req.Texts = plan.Texts
		return asks.Approve(ctx, req)
	})
	return func() tea.Msg {
		defer close(job.done)
		dec, err := gate.Decide(ctx, report, ask, gate.Policy{})
		return importDecidedMsg{id: job.id, dec: dec, err: err}
	}
}

// listenImport waits for the gate's question about the job, if it asks
// one.
func listenImport(job *importJob) tea.Cmd {
	return func() tea.Msg {
		select {
		case a := <-job.asks:
			return importAskMsg{id: job.id, ask: a}
		case <-job.done:
			return nil
		}
	}
}

// storeImport adds an approved plan to the library.
func storeImport(s stores, id, path string, plan bundle.Plan) tea.Cmd {
	return func() tea.Msg {
		var warnings []string
		err := s.write(func(st Store) (err error) {
			warnings, err = library.New(st, library.Options{}).Import(plan, false)
			return err
		})
		if err != nil {
			err = fmt.Errorf("import %s: %w", path, err)
		}
		keys := make([]string, len(plan.Skills))
		for i, s := range plan.Skills {
			keys[i] = s.Key
		}
		return importedMsg{id: id, path: path, n: len(plan.Skills), drafts: len(plan.Drafts()), keys: keys, skipped: len(plan.Skipped), warnings: warnings, err: err}
	}
}

// importMsg applies the messages of an import; ok is false for any other
// message.
func (m Model) importMsg(msg tea.Msg) (Model, tea.Cmd, bool) {
	switch msg := msg.(type) {
	case skillsview.ImportMsg:
		if m.opts.Open == nil {
			m.skills = m.skills.WithNotice("no store is open: nothing can be imported", true)
			return m, nil, true
		}
		m, cmd := m.beginImport(msg.Path)
		return m, cmd, true
	case importPlanMsg:
		if m.imp == nil || msg.id != m.imp.id {
			return m, nil, true
		}
		if msg.err != nil {
			m.imp = nil
			m.skills = m.skills.WithNotice(msg.err.Error(), true)
			return m, nil, true
		}
		if len(msg.plan.Skills) == 0 {
			m.imp = nil
			m.skills = m.skills.WithNotice(nothingToImport(msg.path, msg.plan), true)
			return m, nil, true
		}
		job := m.imp
		job.asks, job.done = make(chan approvalAsk), make(chan struct{})
		m.plan = msg.plan
		return m, tea.Batch(decideImport(m.ctx, job, msg.plan), listenImport(job)), true
	case importAskMsg:
		if m.imp == nil || msg.id != m.imp.id {
			return m, nil, true
		}
		a := msg.ask
		a.owner, a.back = msg.id, tabSkills
		m = m.askReviewer(a)
		return m, nil, true
	case importDecidedMsg:
		if m.imp == nil || msg.id != m.imp.id {
			return m, nil, true
		}
		m = m.dropAsks(msg.id)
		job, plan := m.imp, m.plan
		switch {
		case msg.err != nil:
			m.imp, m.plan = nil, bundle.Plan{}
			m.skills = m.skills.WithNotice("import "+job.path+": "+msg.err.Error(), true)
			return m, nil, true
		case !msg.dec.Proceed():
			m.imp, m.plan = nil, bundle.Plan{}
			m.skills = m.skills.WithNotice("rejected: nothing imported from "+job.path, true)
			return m, nil, true
		}
		plan.Approve("approved at the gate by " + msg.dec.Decider())
		m.skills = m.skills.WithNotice(fmt.Sprintf("approved; importing %d skill%s from %s…", len(plan.Skills), plural(len(plan.Skills)), job.path), false)
		return m, storeImport(m.stores(), job.id, job.path, plan), true
	case importedMsg:
		if m.imp == nil || msg.id != m.imp.id {
			return m, nil, true
		}
		m.imp, m.plan = nil, bundle.Plan{}
		if msg.err != nil {
			m.skills = m.skills.WithNotice(msg.err.Error(), true)
			return m, nil, true
		}
		note := fmt.Sprintf("imported %d skill%s from %s", msg.n, plural(msg.n), msg.path)
		if active := msg.n - msg.drafts; active > 0 {
			// What the approval did, said plainly: agents are offered
			// these from now on.
			note += fmt.Sprintf(", %d active: offered to agents", active)
		}
		if msg.skipped > 0 {
			note += fmt.Sprintf(" (%d skipped: not valid skills)", msg.skipped)
		}
		if msg.drafts > 0 {
			note += fmt.Sprintf(" · %d filed as draft%s: invalid under the strict profile, never made active by an import", msg.drafts, plural(msg.drafts))
		}
		if len(msg.warnings) > 0 {
			note += " · " + msg.warnings[0]
		}
		m.skills = m.skills.WithNotice(note, false)
		if len(msg.keys) > 0 {
			m.skills = m.skills.WillSelect(msg.keys[0])
		}
		// Only the library changed, as after a review.
		m.stale[tabSkills] = true
		if m.tab != tabSkills {
			return m, nil, true
		}
		m.stale[tabSkills] = false
		return m, loadSkills(m.stores()), true
	}
	return m, nil, false
}

// nothingToImport says why a plan holds no skill to put to the gate.
func nothingToImport(path string, plan bundle.Plan) string {
	if len(plan.Skipped) == 0 {
		return "no skill found in " + path + " (a skill is a folder with a SKILL.md)"
	}
	return fmt.Sprintf("nothing to import from %s: %d skipped, first %s", path, len(plan.Skipped), plan.Skipped[0].Reason)
}

// plural is the "s" a noun takes after a count other than one.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
