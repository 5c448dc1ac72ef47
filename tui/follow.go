package tui

import (
	"cmp"
	"context"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core/engine"
)

// ExternalRun is a learn that another lore process started and that this
// process runs for it as the store's owner. The Learn screen follows it
// as it follows its own runs, without the power to cancel it or answer
// its gate: the process that started it has them.
type ExternalRun struct {
	ID, Source string
	// By names the command that started it ("lore learn notes.md (pid
	// 4242)").
	By string
	// Events are the run's events. The application reads them to their
	// end, those of a run it does not show included, so the owner may
	// keep the subscription open past the client's request.
	Events <-chan engine.Event
	// Done delivers how the run ended, once.
	Done <-chan error
	// Decider names who answers the run's gate when its questions never
	// come to this screen (the learns the owner serves through its API:
	// the terminal that started one asks); "" when they do, as a team
	// server's watch brings them to a reviewer.
	Decider string
}

type (
	followMsg     struct{ r ExternalRun }
	followDoneMsg struct {
		run string
		err error
		// alongside is the notice shown for a run that came while
		// another was on the Learn screen ("" for the run on it): it
		// gives way to how the run ended, if still shown.
		alongside string
		ended     string
	}
)

// awaitRuns waits for the next run another process starts.
func awaitRuns(ch <-chan ExternalRun) tea.Cmd {
	if ch == nil {
		return nil
	}
	return func() tea.Msg {
		r, ok := <-ch
		if !ok {
			return nil
		}
		return followMsg{r}
	}
}

// follow shows an external run on the Learn screen, unless a run is on
// it already; the status line says who started it either way.
func (m Model) follow(x ExternalRun) (tea.Model, tea.Cmd) {
	next := awaitRuns(m.opts.Runs)
	if m.running {
		// Its end is awaited too, so that this notice does not outlive
		// the run it speaks of.
		m.notice = "learning " + x.Source + " for " + x.By + " as well; the Learn screen shows the run already on it"
		alongside := m.notice
		wait := func() tea.Msg {
			// Its events are not shown; they are read all the same, for
			// the owner's relay hands them over until the run ends.
			for range x.Events {
			}
			err := <-x.Done
			return followDoneMsg{run: x.ID, err: err, alongside: alongside, ended: followEnded(x.By, err, "")}
		}
		return m, tea.Batch(next, wait)
	}
	r := &run{id: x.ID, source: x.Source, by: x.By, cancel: func() {}, events: x.Events, done: make(chan struct{})}
	// Claimed: nothing here starts or stops it.
	r.begin()
	m.run = r
	m.running, m.eventsOpen, m.done = true, true, false
	m.learn = m.learn.Reset(x.Source, x.ID, false).WithDecider(cmp.Or(x.Decider, m.decider()))
	m.learn = m.learn.Log(time.Now(), "run", "started by "+x.By)
	m.notice = followingNotice(r)
	wait := func() tea.Msg {
		err := <-x.Done
		// Set before done is closed, as the engine's outcome is for a
		// run started here.
		r.err = err
		close(r.done)
		return followDoneMsg{run: x.ID, err: err}
	}
	return m, tea.Batch(next, listen(r), wait, tick())
}

// followingNotice is the notice shown while r, a run another process
// started, is followed on the Learn screen.
func followingNotice(r *run) string { return "learning " + r.source + ", started by " + r.by }

// followEnded says how a run another process started ended: err is the
// engine's error, committed the session it committed ("" for none seen).
// The outcome comes before the path, which the command (by) names as
// typed, so that a narrow line keeps it.
func followEnded(by string, err error, committed string) string {
	switch {
	case errors.Is(err, context.Canceled):
		return "the learn for " + by + " was cancelled there: the store is unchanged"
	case err != nil:
		return "the learn for " + by + " failed: " + firstLine(err.Error())
	case committed != "":
		return "learned for " + by + ": session " + committed + " committed"
	}
	// A dry run commits nothing, and a run whose last events this screen
	// did not get (its client went away first) may have committed: the
	// status bar, read again now, names the last session either way.
	return "the learn for " + by + " ended"
}

// firstLine is s up to its first line break: a notice is one line.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// followed settles an external run: its outcome is logged, not taken as
// this application's own (the quit summary and exit code are of runs
// started here).
func (m Model) followed(msg followDoneMsg) (tea.Model, tea.Cmd) {
	// A question of the run (a team server's watched run at its gate)
	// no longer waits.
	m = m.dropAsks(msg.run)
	if msg.alongside != "" {
		if m.notice == msg.alongside {
			m.notice = msg.ended
		}
		return m, nil
	}
	if m.run == nil || msg.run != m.run.id {
		return m, nil
	}
	switch err := msg.err; {
	case errors.Is(err, context.Canceled):
		m.learn = m.learn.Log(time.Now(), "run", "cancelled by the process that started it: the store is unchanged")
	case err != nil:
		m.learn = m.learn.Note(time.Now(), "run", m.st.Bad.Render("stopped: ")+err.Error())
	}
	m.done = true
	m.RunErr = nil
	return m.settle()
}
