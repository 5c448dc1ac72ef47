package tui

import (
	"context"
	"errors"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/tui/learnform"
)

// run is one learning run: its cancellation, the engine's events and the
// gate's questions. The engine runs in a command; its events reach the
// program through the broker's relay, read by one listening command at a
// time, so they arrive in order.
type run struct {
	id     string
	source string
	// by names the process that started the run, for a run another
	// process started and this one runs for it (follow): "" for a run
	// started here. Only the process that started a run cancels it.
	by     string
	cancel context.CancelFunc
	events <-chan engine.Event
	asks   chan approvalAsk
	// reviews carries the run's review of its candidates (Options.Review).
	reviews chan reviewAsk
	// items carries what a learn on a team server says (events, its
	// name there, the gate's question) instead of events and asks;
	// serverID is the run's name on the server, once it said.
	items    chan serverItem
	serverID string

	// claim is taken once: by the command, to start the engine, or by
	// stop, to keep a run whose command never started (the program ended
	// first) from starting at all.
	claim sync.Once
	// done is closed once the engine has returned and given the store
	// back; res and err are its outcome, set before.
	done chan struct{}
	res  *engine.LearnResult
	err  error
}

// begin claims the run for the engine; false means stop came first.
func (r *run) begin() bool {
	began := false
	r.claim.Do(func() { began = true })
	return began
}

// stop cancels the run and waits until the engine has returned, unless
// the engine never started.
func (r *run) stop() {
	r.cancel()
	stopped := false
	r.claim.Do(func() { stopped = true })
	if !stopped {
		<-r.done
	}
}

// launched holds the run a model started last. It is shared by the
// model's copies, so that Run finds the run however the program ended:
// whichever model it returns, if any, may predate the run.
type launched struct {
	mu  sync.Mutex
	run *run
}

func (l *launched) set(r *run) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.run = r
}

func (l *launched) last() *run {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.run
}

// approvalAsk is the gate asking the reviewer; the answer goes back on
// reply, which is buffered so answering never blocks the program.
type approvalAsk struct {
	req   gate.Request
	reply chan gate.Answer
	// owner is the run or import asking, and back the screen to return
	// to once the person has decided.
	owner string
	back  tab
	// decide is the run on the team server the question is of: the
	// answer is sent there (Decide) rather than on reply.
	decide string
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
		// drafts is the review queue's length (the library's drafts).
		drafts int
		// last is the newest learn session that stands (see
		// lastStanding), "" when there is none.
		last string
		err  error
	}
	// storeChangedMsg says another lore process changed the store
	// through this one (Options.Changed).
	storeChangedMsg struct{}
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
	r := &run{id: opts.SessionID, source: req.Source, cancel: cancel, events: opts.Events.Subscribe(m.ctx),
		asks: make(chan approvalAsk), reviews: make(chan reviewAsk), done: make(chan struct{})}
	if m.opts.Review && !req.DryRun {
		opts.Reviewer = reviewer{asks: r.reviews}
	}
	// Gate flags given with this very source decide it; otherwise the
	// reviewer does.
	if !req.Flagged() {
		opts.Approver = approver{asks: r.asks}
	}
	m.run = r
	m.launched.set(r)
	// The screen names the source as the session will: without the
	// credentials a URL may carry.
	m.learn = m.learn.Reset(redact.URL(req.Source), r.id, req.DryRun).WithDecider(m.decider())
	open := m.opts.Open
	learn := func() tea.Msg {
		if !r.begin() {
			// Run stopped the run before the program got to this command.
			opts.Events.Close()
			return doneMsg{run: r.id, err: context.Canceled}
		}
		defer close(r.done)
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
		r.res, r.err = res, err
		return doneMsg{run: r.id, res: res, err: err}
	}
	return tea.Batch(learn, listen(r), tick())
}

// listen waits for the run's next event or question.
func listen(r *run) tea.Cmd {
	if r.items != nil {
		return listenServer(r)
	}
	return func() tea.Msg {
		select {
		case e, ok := <-r.events:
			if !ok {
				return eventsClosedMsg{run: r.id}
			}
			return eventMsg{run: r.id, at: time.Now(), e: e}
		case a := <-r.asks:
			return askMsg{run: r.id, ask: a}
		case a := <-r.reviews:
			return reviewAskMsg{run: r.id, ask: a}
		}
	}
}

// tickInterval is how often running stages' clocks are redrawn.
const tickInterval = 250 * time.Millisecond

func tick() tea.Cmd {
	return tea.Tick(tickInterval, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// status reads the counts the status bar and the tab badges show.
func status(s stores) tea.Cmd {
	return func() tea.Msg {
		var n int
		var cs []core.Conflict
		var lib []*skills.Skill
		var ss []core.Session
		err := s.read(func(st Store) (err error) {
			if n, err = st.Count(); err != nil {
				return err
			}
			if cs, err = st.Conflicts(); err != nil {
				return err
			}
			if ss, err = st.Sessions(); err != nil {
				return err
			}
			lib, err = st.Skills()
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
		drafts := 0
		for _, sk := range lib {
			if sk.Status == skills.Draft {
				drafts++
			}
		}
		return statusMsg{primitives: n, pending: pending, drafts: drafts, last: lastStanding(ss)}
	}
}

// lastStanding is the newest learn session of ss (newest first, as the
// store lists them) whose changes are in the store: committed, not a dry
// run, not unlearned since. A rejected or failed learn and an unlearn
// session are not "the last session" a person would report or unlearn.
func lastStanding(ss []core.Session) string {
	for _, s := range ss {
		if s.Kind != core.KindUnlearn && s.State == core.SessionCommitted && !s.DryRun && s.RevertedBy == "" {
			return s.ID
		}
	}
	return ""
}

// awaitChanges waits for the next change another process made to the
// store through this one.
func awaitChanges(ch <-chan struct{}) tea.Cmd {
	if ch == nil {
		return nil
	}
	return func() tea.Msg {
		if _, ok := <-ch; !ok {
			return nil
		}
		return storeChangedMsg{}
	}
}

// Outcome is how the last run of a session with the application ended.
type Outcome struct {
	// Result is nil when no run started.
	Result *engine.LearnResult
	Err    error
	// Interrupted is true when the person quit while a run started here
	// was in progress and the quit cancelled it (Err is then the
	// cancellation): the application was interrupted, as ctrl-c
	// interrupts a command, and its exit code says so. A run that
	// committed before it could stop was not interrupted.
	Interrupted bool
}

// Run runs the application until the person quits. Its error is the
// program's; the last run's is in the Outcome.
//
// Ending the program ends the run it started, however it ended (the
// person quitting, ctx ending, a panic): Run cancels the run and waits
// for the engine to return, so that when Run returns nothing of the run
// is left writing to the store or holding it open.
func Run(ctx context.Context, opts Options, progOpts ...tea.ProgramOption) (Outcome, error) {
	// The application's context ends when Run returns: the event
	// subscriptions of its runs, which nothing reads once the program has
	// quit, end with it.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	m := New(ctx, opts)
	p := tea.NewProgram(m, append([]tea.ProgramOption{tea.WithContext(ctx)}, progOpts...)...)
	final, err := p.Run()
	fm, ok := final.(Model)
	quitRun := ok && fm.interrupted
	if r := m.launched.last(); r != nil {
		r.stop()
		// The engine's own outcome: the program may have ended before
		// its last message reached the model.
		return Outcome{Result: r.res, Err: r.err, Interrupted: quitRun && errors.Is(r.err, context.Canceled)}, err
	}
	if ok {
		return Outcome{Result: fm.Result, Err: fm.RunErr, Interrupted: quitRun && errors.Is(fm.RunErr, context.Canceled)}, err
	}
	return Outcome{}, err
}

// Interrupted reports whether quitting cancelled the run started here
// while it was in progress (see Outcome.Interrupted).
func (m Model) Interrupted() bool { return m.interrupted && errors.Is(m.RunErr, context.Canceled) }
