package tui

import (
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/tui/skillsview"
)

// The queue of agent runs that lore watch learns (core/trajectory) is
// shown on the Skills screen: read when the screen comes on top, and
// again every runsEvery while runs wait in it, so that the screen follows
// a watch at work (each run learned becomes a draft there). An empty
// queue is not polled.
const runsEvery = 2 * time.Second

type runsMsg struct {
	q   skillsview.RunQueue
	err error
}

type runsTickMsg struct{}

// countRuns counts the queue's jobs by state.
func countRuns(st Store) (skillsview.RunQueue, error) {
	jobs, err := st.Jobs()
	var q skillsview.RunQueue
	for _, j := range jobs {
		switch j.State {
		case trajectory.Pending:
			q.Pending++
		case trajectory.Done:
			q.Done++
		case trajectory.Failed:
			q.Failed++
		}
	}
	return q, err
}

// loadRuns reads the queue's state where the library is.
func (m Model) loadRuns() tea.Cmd {
	if m.onServer() {
		ctx, svc := m.ctx, m.opts.Server.Svc
		return func() tea.Msg {
			q, err := serverRuns(ctx, svc)
			return runsMsg{q: q, err: err}
		}
	}
	return loadRuns(m.stores())
}

// loadRuns reads the queue's state from the store.
func loadRuns(s stores) tea.Cmd {
	return func() tea.Msg {
		var q skillsview.RunQueue
		var qerr error
		err := s.read(func(st Store) error {
			q, qerr = countRuns(st)
			return nil
		})
		return runsMsg{q: q, err: errors.Join(err, qerr)}
	}
}

func runsTick() tea.Cmd {
	return tea.Tick(runsEvery, func(time.Time) tea.Msg { return runsTickMsg{} })
}

// pollRuns reads the queue once; runsLoaded goes on while runs wait.
func (m Model) pollRuns() (Model, tea.Cmd) {
	if m.runsPolling || (m.opts.Open == nil && !m.onServer()) {
		return m, nil
	}
	m.runsPolling = true
	return m, m.loadRuns()
}

// runsLoaded shows the counts and reads them again after runsEvery while
// runs wait and the Skills screen is on top; otherwise the chain ends.
// Once runs have been learned since the last reading, the library is
// read again for their drafts (which goes on polling if runs still wait).
func (m Model) runsLoaded(msg runsMsg) (tea.Model, tea.Cmd) {
	before := m.skills.Runs()
	if msg.err == nil {
		m.skills = m.skills.WithRuns(msg.q)
	}
	switch {
	case m.tab != tabSkills || msg.err != nil:
		m.runsPolling = false
		return m, nil
	case msg.q.Done+msg.q.Failed != before.Done+before.Failed:
		m.runsPolling = false
		return m, loadSkills(m.stores())
	case msg.q.Pending == 0:
		m.runsPolling = false
		return m, nil
	}
	return m, runsTick()
}
