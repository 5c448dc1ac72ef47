// Package tui is lore's terminal application: one root model routing keys
// to the screen on top (Learn, Findings, Conflicts, Graph, Skills,
// History), a status bar and contextual help. The engine runs in commands;
// its events and the gate's questions come back as messages.
package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/diffview"
	"github.com/lore-kb/lore/tui/findings"
	"github.com/lore-kb/lore/tui/graphview"
	"github.com/lore-kb/lore/tui/history"
	"github.com/lore-kb/lore/tui/learnform"
	"github.com/lore-kb/lore/tui/pipeline"
	"github.com/lore-kb/lore/tui/reviewview"
	"github.com/lore-kb/lore/tui/skillsview"
	"github.com/lore-kb/lore/tui/styles"
)

// Store is what the application reads and learns into.
type Store interface {
	engine.Store
	Count() (int, error)
	Sessions() ([]core.Session, error)
	// TopByImportance pages through the primitives in rank order.
	TopByImportance(n, offset int) ([]core.Primitive, error)
	// The skill library's port (core/skills/library): the Skills screen
	// reads the library with Skills, records its review decisions with
	// UpdateSkills and imports skills through library.Import.
	library.Store
	// Jobs is the queue of agent runs lore watch learns, shown on the
	// Skills screen.
	Jobs() ([]trajectory.Job, error)
}

// Opener lends the application the store for one operation: a screen's
// load, a run's comparison and commit, an unlearn. write asks for a
// writable store; otherwise a read-only one will do. release gives the
// store back and must be called once the operation is over.
//
// The application asks for the store this way, rather than holding it open,
// because an open store is locked: a writable one locks out every other
// lore process, and holding it while a person browses, or while a slow
// source is read, would stop their other commands for as long as the
// application is open.
type Opener func(ctx context.Context, write bool) (st Store, release func() error, err error)

// AlreadyOpen is an Opener lending st, which the caller opened and will
// close, to every operation: for a store that is not locked (in memory)
// or a caller, such as a test, that holds the store itself.
func AlreadyOpen(st Store) Opener {
	return func(context.Context, bool) (Store, func() error, error) {
		return st, func() error { return nil }, nil
	}
}

// Options configure the application.
type Options struct {
	// Open lends the store for each operation (nil: there is no store,
	// and the screens that read it stay empty).
	Open Opener
	// StorePath is shown in the status bar.
	StorePath string
	// Learn holds the options every run starts from (domains, dedup and
	// generation settings, output dir). Its Tier and Policy are ignored:
	// each run takes them from its own request, so gate flags given with
	// one source never reach another.
	Learn engine.LearnOptions
	// ExportDir is where the Graph screen's exports are written (the data
	// folder's exports/); "" is a folder in the temporary folder, never
	// the working one.
	ExportDir string
	// Start, when its Source is set, is learned as soon as the application
	// opens (lore learn SOURCE on a terminal), with its tier and gate
	// flags.
	Start learnform.Request
	// Dark picks the initial styles; the terminal's reported background
	// replaces it.
	Dark bool
	// Runs, when not nil, delivers the learns other lore processes start
	// while this one owns the store; the Learn screen follows them.
	Runs <-chan ExternalRun
	// Review shows each run's candidates in the Review screen before they
	// are committed (a dry run's are not: nothing is committed).
	Review bool
	// Notice is shown in the status line when the application opens,
	// until the first key: what was said before the application took the
	// terminal (a configuration's warnings) and its screen would hide.
	Notice string
	// Changed, when not nil, signals each change another lore process
	// made to the store through this one (a learn, an unlearn, a
	// resolution from another shell): the status bar and the screen on
	// top are read again at once, the other screens when next shown.
	Changed <-chan struct{}
	// Server, when not nil, is the team server the application is a
	// client of: its data comes through the server's API alone (Open
	// and Runs are not used), as the user its token names.
	Server *Server
}

type tab int

const (
	tabLearn tab = iota
	tabFindings
	tabConflicts
	tabGraph
	tabSkills
	tabHistory
)

var tabNames = [...]string{"Learn", "Findings", "Conflicts", "Graph", "Skills", "History"}

// Model is the root of the application.
type Model struct {
	ctx  context.Context
	opts Options
	st   *styles.Styles // shared: the styles are large and models are copied on every update
	keys KeyMap
	help help.Model
	w, h int

	tab       tab
	learn     pipeline.Model
	form      learnform.Model
	formOpen  bool
	findings  findings.Model
	conflicts diffview.Model
	graph     graphview.Model
	history   history.Model
	skills    skillsview.Model
	// review is the Review screen, shown over the tab reviewing names
	// while a review is open (see review.go).
	review    reviewview.Model
	reviewing *reviewing
	// wd is the folder lore was started in: sources are named relative to
	// it where that is shorter.
	wd string
	// stale marks the screens whose data must be reloaded when shown.
	stale       map[tab]bool
	rows        []graphview.Row
	links       []core.Primitive // what the rows' scores need, until they are computed
	rowsGen     int
	rankBy      graph.Order // the Graph screen's ranking, switched with r
	scoresReady bool
	// autoTop is the row the Graph screen selected by itself when the
	// first page of a load came with nothing selected: once the ranking
	// reorders the rows, the selection moves to the new first row unless
	// the person moved it meanwhile.
	autoTop string
	// notice is a one-line message replacing the help line until the
	// next key.
	notice string

	showHelp    bool
	confirmQuit bool
	// confirmDrop asks before quitting drops a review's decisions not
	// yet committed.
	confirmDrop bool
	quitting    bool
	// interrupted: quitting cancelled the run started here while it was
	// in progress, as ctrl-c interrupts a command (Outcome.Interrupted).
	interrupted bool
	// confirmCancel is the question whether to cancel the run (CancelRun);
	// cancelling, that the run started here was asked to stop.
	confirmCancel bool
	cancelling    bool

	run *run
	// launched is shared by every copy of the model: Run stops the run
	// it holds once the program has ended.
	launched   *launched
	running    bool
	eventsOpen bool
	done       bool // the engine returned
	// ask is the question the Findings screen shows; queued are questions
	// asked meanwhile (a run's and an import's), shown in turn.
	ask    *approvalAsk
	queued []approvalAsk
	// imp is the import under way from the Skills screen, plan its plan
	// once read; imports counts them, to tell their messages apart.
	imp     *importJob
	plan    bundle.Plan
	imports int
	// Result and RunErr are the last run's outcome.
	Result *engine.LearnResult
	RunErr error
	// lastSession is the newest learn session standing in the store, as
	// the status bar last read it, or the run just committed here: a
	// rejected, cancelled, failed or dry run leaves no session to name,
	// and an unlearned one is no longer named.
	lastSession string

	primitives, pending int
	// drafts is the review queue's length, shown on the Skills tab.
	drafts int
	// runsPolling: the run queue is being read every runsEvery.
	runsPolling bool
	statusErr   error
	initCmd     tea.Cmd

	// who is the user the team server takes the application for (nil
	// until it answered, and on this machine's own store).
	who *lorev1.WhoAmIResponse
	// relay hands the server's Watch stream to the screens; serverRuns
	// counts the learns started on the server from here.
	relay      *watchRelay
	serverRuns int
}

// New builds the application. ctx bounds every run it starts.
func New(ctx context.Context, opts Options) Model {
	st := styles.New(opts.Dark)
	m := Model{ctx: ctx, opts: opts, st: &st, keys: DefaultKeyMap(), help: help.New(), launched: &launched{},
		learn: pipeline.New(st), form: learnform.New(st), findings: findings.New(st),
		conflicts: diffview.New(st), graph: graphview.New(st).WithDomains(opts.Learn.Domains), history: history.New(st), skills: skillsview.New(st), review: reviewview.New(st),
		stale: map[tab]bool{tabConflicts: true, tabGraph: true, tabSkills: true, tabHistory: true}, rankBy: graph.ByImportance}
	m.help.Styles = help.DefaultStyles(opts.Dark)
	m.notice = opts.Notice
	// Sources are kept absolute; the Learn screen shows one relative to
	// the folder lore was started in where that is shorter.
	if wd, err := os.Getwd(); err == nil {
		m.learn = m.learn.WithWorkDir(wd)
		m.wd = wd
	}
	if opts.Server != nil {
		// Everything comes from the server: other users' runs through
		// the relay of its Watch stream.
		m.relay = newWatchRelay(ctx)
		m.opts.Open, m.opts.Changed = nil, nil
		m.opts.Runs = m.relay.runs
		m.skills = m.skills.WithoutArtifacts(apiArtifacts)
	}
	if opts.Start.Source != "" {
		m.form = m.form.WithRequest(opts.Start)
		m.formOpen = true
		m.form, m.initCmd = m.form.Submit()
	}
	return m
}

// Init asks for the terminal's background and the store's counts, and
// starts the run asked for on the command line.
func (m Model) Init() tea.Cmd {
	if m.onServer() {
		return tea.Batch(tea.RequestBackgroundColor, whoAmI(m.ctx, m.opts.Server.Svc), m.initCmd, awaitRuns(m.opts.Runs), awaitServer(m.relay))
	}
	var counts tea.Cmd
	if m.opts.Open != nil {
		counts = status(m.stores())
	}
	return tea.Batch(tea.RequestBackgroundColor, counts, m.initCmd, awaitRuns(m.opts.Runs), awaitChanges(m.opts.Changed))
}

// Tab is the screen on top (0 Learn … 5 History).
func (m Model) Tab() int { return int(m.tab) }

// Learn is the Learn screen's state.
func (m Model) Learn() pipeline.Model { return m.learn }

// Findings is the findings reviewer's state.
func (m Model) Findings() findings.Model { return m.findings }

// Graph is the Graph screen's state.
func (m Model) Graph() graphview.Model { return m.graph }

// Form is the learn form's state.
func (m Model) Form() learnform.Model { return m.form }

// FormOpen reports whether the learn form is shown.
func (m Model) FormOpen() bool { return m.formOpen }

// Running reports whether a run is in progress.
func (m Model) Running() bool { return m.running }

// ConfirmingQuit reports whether the quit confirmation is shown.
func (m Model) ConfirmingQuit() bool { return m.confirmQuit }

func (m *Model) setStyles(st styles.Styles) {
	m.st = &st
	m.help.Styles = help.DefaultStyles(st.IsDark)
	for _, s := range m.screens() {
		s.setStyles(st)
	}
	m.review = m.review.SetStyles(st)
}

// bodyHeight is the screen area between the tab bar and the status bar
// and help line.
func (m Model) bodyHeight() int { return max(0, m.h-3) }

func (m *Model) resize() {
	for _, s := range m.screens() {
		s.setSize(m.w, m.bodyHeight())
	}
	m.review = m.review.SetSize(m.w, m.bodyHeight())
	m.help.SetWidth(m.w)
}

// Update routes a message: window and run messages first, then global
// keys, then the screen on top.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.resize()
		return m, nil
	case tea.BackgroundColorMsg:
		m.setStyles(styles.New(msg.IsDark()))
		return m, nil
	case statusMsg:
		m.primitives, m.pending, m.statusErr = msg.primitives, msg.pending, msg.err
		if msg.err == nil {
			// The store says which session is last: one learned from
			// another shell is, and one unlearned since is not.
			m.drafts, m.lastSession = msg.drafts, msg.last
		}
		return m, nil
	case whoMsg:
		return m.whoAnswered(msg)
	case serverStatusMsg:
		m.statusErr = msg.err
		if msg.err == nil {
			m.pending, m.lastSession = msg.pending, msg.last
		}
		if msg.err == nil && msg.draftsErr == nil {
			m.drafts = msg.drafts
		}
		return m, nil
	case serverRunMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil
		}
		m.run.serverID = msg.serverID
		m.learn.Session = msg.serverID
		return m, listen(m.run)
	case serverAskMsg:
		next := awaitServer(m.relay)
		if m.run != nil && msg.run == m.run.id && m.run.items != nil {
			// The Learn stream's question: its listener goes on.
			next = listen(m.run)
		}
		return m.asked(msg), next
	case serverAnsweredMsg:
		return m.answered(msg), awaitServer(m.relay)
	case serverDecidedMsg:
		if msg.err != nil {
			m.notice = "deciding run " + msg.serverID + " on the server failed: " + firstLine(msg.err.Error())
		} else {
			m.notice = fmt.Sprintf("run %s %s on the server", msg.serverID, msg.status)
		}
		return m, nil
	case watchEndedMsg:
		return m.watchEnded(msg)
	case watchAgainMsg:
		return m, m.watch()
	case storeChangedMsg:
		// Another process changed the store. The screen on top is read
		// again (its selection kept) unless it is being typed into or
		// asks a question: then it is only marked, like the others, to
		// be read when next shown.
		next := awaitChanges(m.opts.Changed)
		if m.captured() {
			for t := range m.stale {
				m.stale[t] = true
			}
			return m, tea.Batch(status(m.stores()), next)
		}
		m, cmd := m.changed()
		return m, tea.Batch(cmd, next)
	case tickMsg:
		m.learn = m.learn.SetNow(time.Time(msg))
		if m.running {
			return m, tick()
		}
		return m, nil
	case eventMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil
		}
		m.learn = m.learn.Apply(msg.e, msg.at)
		m.learn = m.learn.SetNow(msg.at)
		return m, listen(m.run)
	case askMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil
		}
		a := msg.ask
		a.owner, a.back = msg.run, tabLearn
		m = m.askReviewer(a)
		return m, listen(m.run)
	case findings.DecidedMsg:
		if m.ask == nil {
			return m, nil
		}
		var sent tea.Cmd
		if m.ask.decide != "" {
			// A run on the team server: the answer is the server's to
			// take to the run.
			sent = m.decideOnServer(m.ask.decide, msg.Answer)
		} else {
			m.ask.reply <- msg.Answer
		}
		back := m.ask.back
		m.ask = nil
		if len(m.queued) > 0 {
			next := m.queued[0]
			m.queued = m.queued[1:]
			return m.askReviewer(next), sent
		}
		next, cmd := m.show(back)
		return next, tea.Batch(sent, cmd)
	case runsMsg:
		return m.runsLoaded(msg)
	case runsTickMsg:
		if m.tab != tabSkills {
			m.runsPolling = false
			return m, nil
		}
		return m, m.loadRuns()
	case followMsg:
		return m.follow(msg.r)
	case followDoneMsg:
		return m.followed(msg)
	case eventsClosedMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil
		}
		m.eventsOpen = false
		return m.settle()
	case doneMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil
		}
		m.done, m.Result, m.RunErr = true, msg.res, msg.err
		m = m.dropAsks(msg.run)
		if r := m.reviewing; r != nil && r.ask != nil {
			// The run ended (cancelled) while its review was open.
			m.reviewing = nil
		}
		if msg.err == nil && msg.res != nil && msg.res.Committed {
			m.lastSession = msg.res.Session.ID
		}
		return m.settle()
	case learnform.SubmitMsg:
		m.formOpen = false
		m.form = m.form.Cleared()
		m.running, m.eventsOpen, m.done = true, true, false
		m.tab = tabLearn
		if m.onServer() {
			return m, m.startOnServer(msg.Request)
		}
		return m, m.start(msg.Request)
	case learnform.CancelMsg:
		m.formOpen = false
		return m, nil
	case tea.MouseClickMsg:
		return m.click(msg.Mouse())
	case tea.MouseWheelMsg:
		return m.wheel(msg.Mouse())
	case tea.PasteMsg:
		if (m.tab == tabSkills && m.skills.Captures()) || (m.tab == tabGraph && m.graph.Captures()) {
			return m.toScreen(msg)
		}
	case tea.InterruptMsg:
		return m.quit()
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	if next, cmd, ok := m.reviewMsg(msg); ok {
		return next, cmd
	}
	if next, cmd, ok := m.screenMsg(msg); ok {
		return next, cmd
	}
	// Anything else belongs to the form (its validation and completions).
	var cmd tea.Cmd
	m.form, cmd = m.form.Update(msg)
	return m, cmd
}

// askReviewer shows question a in the Findings screen, or queues it
// behind the one shown.
func (m Model) askReviewer(a approvalAsk) Model {
	if m.ask != nil {
		m.queued = append(m.queued, a)
		m.notice = "another source waits for your decision in 2 Findings once this one is decided"
		return m
	}
	m.ask = &a
	// Named as the Learn screen names it: relative to the folder lore
	// was started in where that is shorter.
	shown := a.req
	shown.Report.Source = cells.RelativeTo(m.wd, shown.Report.Source)
	m.findings = m.findings.WithRequest(shown)
	m.tab = tabFindings
	return m
}

// dropAsks forgets the questions of owner, a run or import that no longer
// waits for them (it ended, or was cancelled), and shows the next one.
func (m Model) dropAsks(owner string) Model {
	m.queued = slices.DeleteFunc(slices.Clone(m.queued), func(a approvalAsk) bool { return a.owner == owner })
	if m.ask == nil || m.ask.owner != owner {
		return m
	}
	m.ask = nil
	if len(m.queued) > 0 {
		next := m.queued[0]
		m.queued = m.queued[1:]
		return m.askReviewer(next)
	}
	return m
}

// settle ends the run once the engine returned and its last event was
// shown, whichever comes second.
func (m Model) settle() (tea.Model, tea.Cmd) {
	if !m.done || m.eventsOpen {
		return m, nil
	}
	m.running, m.cancelling = false, false
	if m.confirmCancel {
		// The run ended while the person was asked.
		m.confirmCancel = false
		m.notice = "the run ended before it was cancelled"
	}
	// A cancelled run's stage says so, not that it failed: the engine
	// ends it as failed ("interrupted"), as it ends a stage that failed.
	cancelled := errors.Is(m.RunErr, context.Canceled)
	if r := m.run; r != nil && r.by != "" {
		cancelled = errors.Is(r.err, context.Canceled)
	}
	if cancelled {
		m.learn = m.learn.Cancelled()
	}
	switch err := m.RunErr; {
	case errors.Is(err, context.Canceled):
		m.learn = m.learn.Log(time.Now(), "run", "cancelled: the store is unchanged")
	case err != nil:
		m.learn = m.learn.Note(time.Now(), "run", m.st.Bad.Render("stopped: ")+err.Error())
	}
	if res := m.Result; res != nil && (m.run == nil || m.run.by == "") {
		// What the run could not read or draw (a document skipped, a page
		// nested too deep, a link that would close a cycle) is said where
		// the run was watched, not only in its report. Result is this
		// application's own last run: a run followed for another process
		// leaves it as it was.
		for _, e := range res.Errors {
			m.learn = m.learn.Note(time.Now(), "run", m.st.Bad.Render("error: ")+e)
		}
		for _, n := range res.Notes {
			m.learn = m.learn.Note(time.Now(), "run", "note: "+n)
		}
	}
	if r := m.run; r != nil && r.by != "" && (m.notice == "" || m.notice == followingNotice(r) || strings.Contains(m.notice, r.by)) {
		// The notice about a run another process started ends with it,
		// saying how it ended, unless something else is said meanwhile.
		m.notice = followEnded(r.by, r.err, m.learn.Committed)
	}
	if m.quitting {
		return m, m.finishIfDone()
	}
	next, cmd := m.changed()
	return next, cmd
}

// finishIfDone quits once a cancelled run has fully stopped.
func (m Model) finishIfDone() tea.Cmd {
	if m.quitting && !m.running {
		return tea.Quit
	}
	return nil
}

// quit asks for confirmation while a run is in progress.
func (m Model) quit() (tea.Model, tea.Cmd) {
	if m.running {
		m.confirmQuit = true
		return m, nil
	}
	if r := m.reviewing; r != nil && r.ask == nil && len(m.review.Decisions()) > 0 {
		// A committed learn's review keeps its decisions until c.
		m.confirmDrop = true
		return m, nil
	}
	return m, tea.Quit
}

// everywhereKey handles the keys that act on every screen not typed
// into: quit, help and moving between screens.
func (m Model) everywhereKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd, bool) {
	switch {
	case key.Matches(k, m.keys.Quit):
		next, cmd := m.quit()
		return next, cmd, true
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
		return m, nil, true
	case key.Matches(k, m.keys.NextTab):
		next, cmd := m.show((m.tab + 1) % tab(len(tabNames)))
		return next, cmd, true
	case key.Matches(k, m.keys.PrevTab):
		next, cmd := m.show((m.tab + tab(len(tabNames)) - 1) % tab(len(tabNames)))
		return next, cmd, true
	}
	return m, nil, false
}

func (m Model) key(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if m.confirmQuit {
		switch {
		case key.Matches(k, m.keys.Yes):
			m.confirmQuit, m.quitting = false, true
			m.run.cancel()
			if m.run.by == "" {
				// Only a run started here is stopped by quitting.
				m.learn = m.learn.Cancelling()
				m.interrupted = true
			}
			m.learn = m.learn.Log(time.Now(), "run", "cancelling…")
			return m, m.finishIfDone()
		case key.Matches(k, m.keys.No):
			m.confirmQuit = false
		}
		return m, nil
	}
	if m.confirmDrop {
		switch {
		case key.Matches(k, m.keys.Yes):
			return m, tea.Quit
		case key.Matches(k, m.keys.No):
			m.confirmDrop = false
		}
		return m, nil
	}
	if m.confirmCancel {
		switch {
		case key.Matches(k, m.keys.Yes):
			m.confirmCancel = false
			return m.cancelRun(), nil
		case key.Matches(k, m.keys.No):
			m.confirmCancel = false
		}
		return m, nil
	}
	if m.quitting {
		return m, nil
	}
	if m.showHelp {
		if key.Matches(k, m.keys.CloseHelp) {
			m.showHelp = false
		}
		return m, nil
	}
	m.notice = ""
	if why, ok := m.refused(k); ok && !m.captured() {
		m.notice = why
		return m, nil
	}
	if _, ok := m.top().(reviewScreen); ok && !m.captured() {
		// The Review screen's keys are letters and digits the other
		// screens' global keys use (1-3, c, n): only help, quitting and
		// moving between screens stay global over it.
		if next, cmd, ok := m.everywhereKey(k); ok {
			return next, cmd
		}
		return m.toScreen(k)
	}
	// A screen that is being typed into or asks a question takes every key
	// but ctrl+c.
	if m.captured() {
		if key.Matches(k, m.keys.ForceQuit) {
			return m.quit()
		}
		return m.toScreen(k)
	}
	if next, cmd, ok := m.everywhereKey(k); ok {
		return next, cmd
	}
	switch {
	case key.Matches(k, m.keys.NewLearn):
		next, cmd := m.newLearn()
		return next, cmd
	case m.tab == tabLearn && m.reviewing != nil && m.reviewing.hidden && key.Matches(k, m.keys.Review):
		m.reviewing.hidden = false
		return m, nil
	case m.tab == tabLearn && key.Matches(k, m.keys.CancelRun):
		return m.askCancel(), nil
	case m.tab == tabLearn && key.Matches(k, m.review.KeyMap().Commit) && (m.cancellable() || m.reviewing != nil):
		// c commits on the run's review; here, where it once cancelled
		// the run, it does neither, and says which key does what.
		m.notice = m.keys.CancelRun.Help().Key + " cancels the run (asks first)"
		if r := m.reviewing; r != nil && r.hidden {
			m.notice = "c commits on the Review screen: " + m.keys.Review.Help().Key + " goes back to the review; " + m.notice
		}
		return m, nil
	case m.tab == tabGraph && key.Matches(k, m.keys.Rank):
		next, cmd := m.toggleRank()
		return next, cmd
	}
	for i, b := range m.keys.Tabs {
		if key.Matches(k, b) {
			next, cmd := m.show(tab(i))
			return next, cmd
		}
	}
	return m.toScreen(k)
}

// captured reports whether the screen on top takes every key: a form or
// filter being typed into, or a question being asked.
func (m Model) captured() bool { return m.top().captures() }

// toScreen hands a message to the screen on top.
func (m Model) toScreen(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.top().update(msg)
	return m, cmd
}

// tabSpans are the columns each tab label occupies in the tab bar.
func (m Model) tabSpans() [][2]int {
	x := ansi.StringWidth(m.st.App.Brand.Render("lore"))
	labels := m.tabLabels()
	spans := make([][2]int, len(labels))
	for i, l := range labels {
		w := ansi.StringWidth(l)
		spans[i] = [2]int{x, x + w}
		x += w
	}
	return spans
}

// shortTabNames stand in for tabNames when the tab bar is narrow.
var shortTabNames = [...]string{"Learn", "Find", "Confl", "Graph", "Skill", "Hist"}

// tabLabels are the six tab labels, as long as the width allows: every
// name in full, then the other tabs' names shortened, then the space
// between labels halved, then every name shortened, then numbers only
// with the tab on top named. A tab is never left out, and its badge (a
// question waiting, conflicts pending, drafts to review) stays.
func (m Model) tabLabels() []string {
	room := m.w - ansi.StringWidth(m.st.App.Brand.Render("lore"))
	name := func(i int, short bool) string {
		if short {
			return shortTabNames[i]
		}
		return tabNames[i]
	}
	full := func(i int, _ bool) string { return name(i, false) }
	othersShort := func(i int, top bool) string { return name(i, !top) }
	allShort := func(i int, _ bool) string { return name(i, true) }
	topOnly := func(short bool) func(int, bool) string {
		return func(i int, top bool) string {
			if top {
				return name(i, short)
			}
			return ""
		}
	}
	var labels []string
	for _, level := range []struct {
		name  func(i int, top bool) string
		tight bool
	}{
		{full, false}, {othersShort, false}, {othersShort, true}, {allShort, true}, {topOnly(false), true}, {topOnly(true), true},
	} {
		labels = labels[:0]
		width := 0
		for i := range tabNames {
			l := m.tabLabel(i, level.name(i, tab(i) == m.tab), level.tight)
			labels = append(labels, l)
			width += ansi.StringWidth(l)
		}
		if width <= room {
			break
		}
	}
	return labels
}

// tabLabel is tab i's label: its number, then name unless name is "";
// tight drops the space before it.
func (m Model) tabLabel(i int, name string, tight bool) string {
	label := fmt.Sprint(i + 1)
	if name != "" {
		label += " " + name
	}
	if tab(i) == tabFindings && m.ask != nil {
		label += " ●"
	}
	if tab(i) == tabConflicts && m.pending > 0 {
		label += fmt.Sprintf(" (%d)", m.pending)
	}
	if tab(i) == tabSkills && m.drafts > 0 {
		label += fmt.Sprintf(" (%d)", m.drafts)
	}
	style := m.st.App.Tab
	if tab(i) == m.tab {
		style = m.st.App.TabActive
	}
	if tight {
		style = style.PaddingLeft(0)
	}
	return style.Render(label)
}

func (m Model) click(ms tea.Mouse) (tea.Model, tea.Cmd) {
	if m.confirmQuit || m.confirmCancel || m.confirmDrop || m.showHelp || ms.Button != tea.MouseLeft {
		return m, nil
	}
	if ms.Y == 0 {
		for i, s := range m.tabSpans() {
			if ms.X >= s[0] && ms.X < s[1] && !m.captured() {
				next, cmd := m.show(tab(i))
				return next, cmd
			}
		}
		return m, nil
	}
	if ms.Y > m.bodyHeight() {
		return m, nil
	}
	// The screen starts under the tab bar.
	cmd := m.top().click(ms.X, ms.Y-1)
	return m, cmd
}

func (m Model) wheel(ms tea.Mouse) (tea.Model, tea.Cmd) {
	delta := 0
	switch ms.Button {
	case tea.MouseWheelUp:
		delta = -3
	case tea.MouseWheelDown:
		delta = 3
	default:
		return m, nil
	}
	cmd := m.top().scroll(delta)
	return m, cmd
}

// View draws the application.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "lore"
	return v
}

func (m Model) render() string {
	if m.w == 0 || m.h == 0 {
		return ""
	}
	bh := m.bodyHeight()
	var body string
	switch {
	case m.showHelp:
		body = m.place(m.helpView(), bh)
	case m.confirmQuit:
		body = m.place(m.st.App.Dialog.Render("A run is in progress.\nCancel it (the store stays unchanged) and quit?\n\n"+
			m.st.Heading.Render("y")+" yes · "+m.st.Heading.Render("n")+" no"), bh)
	case m.confirmDrop:
		body = m.place(m.st.App.Dialog.Render(fmt.Sprintf("The review holds %d decision(s) not yet recorded (c records them).\nQuit and drop them?\n\n",
			len(m.review.Decisions()))+m.st.Heading.Render("y")+" yes · "+m.st.Heading.Render("n")+" no"), bh)
	case m.confirmCancel:
		src := cells.ShortenLeft(redact.URL(m.run.source), max(20, m.w-16))
		body = m.place(m.st.App.Dialog.Render("Cancel the run of "+src+"?\nNothing of it is stored: the store stays as it was.\n\n"+
			m.st.Heading.Render("y")+" yes, cancel it · "+m.st.Heading.Render("n")+" no, let it run"), bh)
	default:
		body = m.top().view()
	}
	return m.tabBar() + "\n" + cells.ClipLines(body, m.w, bh) + "\n" + m.statusBar() + "\n" + m.helpLine()
}

func (m Model) place(s string, h int) string {
	return lipgloss.Place(m.w, h, lipgloss.Center, lipgloss.Center, s)
}

func (m Model) tabBar() string {
	return cells.Fit(m.st.App.Brand.Render("lore")+strings.Join(m.tabLabels(), ""), m.w)
}

func (m Model) statusBar() string {
	label, value := m.st.App.Status.Render, m.st.App.StatusValue.Render
	bar := func(compact bool) string {
		words := [...]string{" primitive" + plural(m.primitives), " conflict" + plural(m.pending) + " pending", "session ", " running", "last session "}
		if compact {
			words = [...]string{" prim.", " pending", "", " ▶", "last "}
		}
		parts := []string{label(" store ") + value(m.opts.StorePath)}
		if m.onServer() {
			parts = []string{m.serverPart(compact)}
		}
		if m.statusErr != nil {
			parts = append(parts, m.st.App.Error.Render(m.statusErr.Error()))
		} else if m.onServer() {
			parts = append(parts, value(fmt.Sprint(m.pending))+label(words[1]))
		} else {
			parts = append(parts, value(fmt.Sprint(m.primitives))+label(words[0]), value(fmt.Sprint(m.pending))+label(words[1]))
		}
		switch {
		case m.running && m.run != nil:
			id := m.run.id
			if m.run.serverID != "" {
				id = m.run.serverID
			}
			parts = append(parts, label(words[2])+value(id)+label(words[3]))
		case m.lastSession != "":
			parts = append(parts, label(words[4])+value(m.lastSession))
		}
		return strings.Join(parts, label(" · "))
	}
	s := bar(false)
	if ansi.StringWidth(s) > m.w {
		s = bar(true)
	}
	// Then the store path gives way, its end kept ("…/share/lore"), down
	// to what still names it; the run and counts matter more while
	// working.
	if over := ansi.StringWidth(s) - m.w; over > 0 && m.opts.StorePath != "" {
		path := m.opts.StorePath
		keep := max(ansi.StringWidth(path)-over, min(ansi.StringWidth(path), 12))
		s = strings.Replace(s, value(path), value(shortenPath(path, keep)), 1)
	}
	return cells.Fit(s, m.w)
}

// shortenPath fits path into w cells by cutting folders from its left,
// at a separator where one leaves enough ("…/share/lore").
func shortenPath(path string, w int) string {
	if ansi.StringWidth(path) <= w {
		return path
	}
	for i := 0; i < len(path); i++ {
		if path[i] == '/' && i > 0 && ansi.StringWidth(path[i:])+1 <= w {
			return cells.Ellipsis + path[i:]
		}
	}
	return cells.ShortenLeft(path, w)
}

// helpLine is the short help of what the keys do on the screen on top.
func (m Model) helpLine() string {
	if m.notice != "" {
		return cells.Fit(" "+m.st.Label.Render(m.notice), m.w)
	}
	return m.fitHelp(m.helpKeys())
}

// fitHelp lays out the help line: the screen's keys, then the global
// ones. When they do not all fit, the screen's keys are cut (marked "…")
// and the global keys kept, with one key each if need be ("q quit"), for
// they are how to get help and get out.
func (m Model) fitHelp(screen, global []key.Binding) string {
	room := m.w - 1
	all := m.shortHelp(append(slices.Clone(screen), global...), -1)
	if ansi.StringWidth(all) <= room || len(global) == 0 {
		return cells.Fit(" "+all, m.w)
	}
	sep := m.help.Styles.ShortSeparator.Inline(true).Render(m.help.ShortSeparator)
	g := m.shortHelp(global, -1)
	// The global keys are shown with one key each when the full ones
	// would leave no room for the screen's first key.
	first := 0
	if len(screen) > 0 {
		first = ansi.StringWidth(m.shortHelp(screen[:1], -1) + " " + m.help.Ellipsis)
	}
	if room-ansi.StringWidth(sep+g) < first {
		firstKeys := make([]key.Binding, len(global))
		for i, b := range global {
			k := b.Keys()[0]
			firstKeys[i] = key.NewBinding(key.WithKeys(k), key.WithHelp(k, b.Help().Desc))
		}
		g = m.shortHelp(firstKeys, -1)
	}
	left := room - ansi.StringWidth(sep+g)
	if left <= 0 {
		return cells.Fit(" "+g, m.w)
	}
	return cells.Fit(" "+m.shortHelp(screen, left)+sep+g, m.w)
}

// shortHelp renders bindings as the help bubble does, keeping the first
// ones that fit in w cells and marking a cut with an ellipsis; w < 0 keeps
// them all. (The bubble's own cut may overflow its width.)
func (m Model) shortHelp(bs []key.Binding, w int) string {
	st := m.help.Styles
	sep := st.ShortSeparator.Inline(true).Render(m.help.ShortSeparator)
	tail := " " + st.Ellipsis.Inline(true).Render(m.help.Ellipsis)
	var items []string
	for _, b := range bs {
		switch why := m.lacking(b); {
		case !b.Enabled():
		case why != "":
			// A key the user's role may not press is listed, faint,
			// with the role it needs.
			items = append(items, m.st.Faint.Render(b.Help().Key+" "+b.Help().Desc+" ("+why+")"))
		default:
			items = append(items, st.ShortKey.Inline(true).Render(b.Help().Key)+" "+st.ShortDesc.Inline(true).Render(b.Help().Desc))
		}
	}
	all := strings.Join(items, sep)
	if w < 0 || ansi.StringWidth(all) <= w {
		return all
	}
	out, width := "", 0
	for i, it := range items {
		if i > 0 {
			it = sep + it
		}
		iw := ansi.StringWidth(it)
		if width+iw+ansi.StringWidth(tail) > w {
			break
		}
		out += it
		width += iw
	}
	if width+ansi.StringWidth(tail) > w {
		return ansi.Truncate(st.Ellipsis.Inline(true).Render(m.help.Ellipsis), w, "")
	}
	return out + tail
}

// helpView lists the screen's keys under its name, then the keys that
// work on every screen.
func (m Model) helpView() string {
	screen, global := m.helpGroups()
	w := m.w - m.st.App.Dialog.GetHorizontalFrameSize()
	title, note := tabNames[m.tab]+" keys", ""
	if n, ok := m.top().(interface{ helpNote() string }); ok {
		note = n.helpNote()
	}
	if _, ok := m.top().(reviewScreen); ok {
		title = "Review keys"
	}
	if note != "" {
		note = "\n\n" + m.st.Faint.Render(strings.Join(cells.Wrap(note, max(w, 1)), "\n"))
	}
	// A group whose keys all do nothing now would be a blank line; a
	// screen left with none says so rather than show an empty list.
	screen = slices.DeleteFunc(screen, func(g []key.Binding) bool { return len(enabled(g)) == 0 })
	keys := func(flow bool) string { return m.fullHelp(screen, w, flow) }
	if len(screen) == 0 {
		keys = func(bool) string { return m.st.Faint.Render("Nothing to act on here now.") }
	}
	view := func(flow bool, gap, note string) string {
		return m.st.App.Dialog.Render(m.st.Heading.Render(title) + gap + keys(flow) +
			"\n\n" + m.st.Heading.Render("Everywhere") + gap + m.fullHelp(global, w, flow) + note)
	}
	// A short terminal gets the keys run on as lines and fewer blank
	// lines, rather than columns cut at the bottom; the note goes before
	// a key does.
	v := view(false, "\n\n", note)
	if lipgloss.Height(v) > m.bodyHeight() {
		v = view(true, "\n", note)
	}
	if lipgloss.Height(v) > m.bodyHeight() {
		v = view(true, "\n", "")
	}
	return v
}
