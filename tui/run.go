package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/tui/learnform"
)

// run is one learning run: its cancellation, the engine's events and the
// gate's questions. The engine runs in a command; its events reach the
// program through the broker's relay, read by one listening command at a
// time, so they arrive in order.
type run struct {
	id     string
	source string
	cancel context.CancelFunc
	events <-chan engine.Event
	asks   chan approvalAsk
}

// approvalAsk is the gate asking the reviewer; the answer goes back on
// reply, which is buffered so answering never blocks the program.
type approvalAsk struct {
	req   gate.Request
	reply chan gate.Answer
}

// approver is the application's gate.Approver: it hands the request to the
// program and waits for the reviewer's answer or for cancellation.
type approver struct{ asks chan approvalAsk }

func (a approver) Approve(ctx context.Context, req gate.Request) (gate.Answer, error) {
	ask := approvalAsk{req: req, reply: make(chan gate.Answer, 1)}
	select {
	case a.asks <- ask:
	case <-ctx.Done():
		return gate.Answer{}, ctx.Err()
	}
	select {
	case ans := <-ask.reply:
		return ans, nil
	case <-ctx.Done():
		return gate.Answer{}, ctx.Err()
	}
}

// Messages of a run, each tagged with the run's id so a late message of
// an earlier run is recognized.
type (
	eventMsg struct {
		run string
		at  time.Time
		e   engine.Event
	}
	askMsg struct {
		run string
		ask approvalAsk
	}
	eventsClosedMsg struct{ run string }
	doneMsg         struct {
		run string
		res *engine.LearnResult
		err error
	}
	tickMsg   time.Time
	statusMsg struct {
		primitives, pending int
		err                 error
	}
)

// start begins a run of req: it builds the run's options from the base
// ones and returns the run and the commands that drive it.
func (m *Model) start(req learnform.Request) tea.Cmd {
	ctx, cancel := context.WithCancel(m.ctx)
	opts := m.opts.Learn
	opts.Domain, opts.Depth, opts.DryRun, opts.Scope = req.Domain, req.Depth, req.DryRun, req.Scope
	opts.Tier, opts.Policy = req.Tier, req.Policy
	opts.SessionID = engine.NewSessionID(core.KindLearn, time.Now())
	opts.Events = engine.NewBroker()
	r := &run{id: opts.SessionID, source: req.Source, cancel: cancel, events: opts.Events.Subscribe(), asks: make(chan approvalAsk)}
	// Gate flags given with this very source decide it; otherwise the
	// reviewer does.
	if !req.Flagged() {
		opts.Approver = approver{asks: r.asks}
	}
	m.run = r
	// The screen names the source as the session will: without the
	// credentials a URL may carry.
	m.learn.Reset(redact.URL(req.Source), r.id, req.DryRun)
	open := m.opts.Open
	learn := func() tea.Msg {
		// The engine opens the store only once it has candidates to
		// compare with it: until then (reading a slow source, a person
		// deciding at the gate) other lore processes keep the use of it.
		// A dry run changes nothing, so it reads.
		var release func() error
		if open != nil {
			opts.OpenStore = func(ctx context.Context) (engine.Store, error) {
				st, r, err := open(ctx, !opts.DryRun)
				if err != nil {
					return nil, err
				}
				release = r
				return st, nil
			}
		}
		res, err := engine.Learn(ctx, nil, req.Source, opts)
		if release != nil {
			// As for every operation (stores.use), a failure to close
			// takes nothing back from the run.
			_ = release()
		}
		opts.Events.Close()
		return doneMsg{run: r.id, res: res, err: err}
	}
	return tea.Batch(learn, listen(r), tick())
}

// listen waits for the run's next event or question.
func listen(r *run) tea.Cmd {
	return func() tea.Msg {
		select {
		case e, ok := <-r.events:
			if !ok {
				return eventsClosedMsg{run: r.id}
			}
			return eventMsg{run: r.id, at: time.Now(), e: e}
		case a := <-r.asks:
			return askMsg{run: r.id, ask: a}
		}
	}
}

// tickInterval is how often running stages' clocks are redrawn.
const tickInterval = 250 * time.Millisecond

func tick() tea.Cmd {
	return tea.Tick(tickInterval, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// status reads the counts the status bar shows.
func status(s stores) tea.Cmd {
	return func() tea.Msg {
		var n int
		var cs []core.Conflict
		err := s.read(func(st Store) (err error) {
			if n, err = st.Count(); err != nil {
				return err
			}
			cs, err = st.Conflicts()
			return err
		})
		if err != nil {
			return statusMsg{err: err}
		}
		pending := 0
		for _, c := range cs {
			if c.State == core.ConflictPending {
				pending++
			}
		}
		return statusMsg{primitives: n, pending: pending}
	}
}

// Outcome is how the last run of a session with the application ended.
type Outcome struct {
	// Result is nil when no run started.
	Result *engine.LearnResult
	Err    error
}

// Run runs the application until the person quits. Its error is the
// program's; the last run's is in the Outcome.
func Run(ctx context.Context, opts Options, progOpts ...tea.ProgramOption) (Outcome, error) {
	p := tea.NewProgram(New(ctx, opts), append([]tea.ProgramOption{tea.WithContext(ctx)}, progOpts...)...)
	final, err := p.Run()
	fm, ok := final.(Model)
	if !ok {
		return Outcome{}, err
	}
	if fm.run != nil {
		// Ending the program ends any run it started.
		fm.run.cancel()
	}
	return Outcome{Result: fm.Result, Err: fm.RunErr}, err
}
