package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/internal/apitest"
	"github.com/lore-kb/lore/tui/learnform"
)

// driver runs a model as a program does: each command in a goroutine of
// its own, the messages they return applied one at a time, here in the
// test's goroutine.
type driver struct {
	t    *testing.T
	name string
	m    Model
	msgs chan tea.Msg
}

func drive(t *testing.T, name string, m Model) *driver {
	d := &driver{t: t, name: name, m: m, msgs: make(chan tea.Msg, 256)}
	d.send(tea.WindowSizeMsg{Width: 150, Height: 40})
	d.run(m.Init())
	return d
}

func (d *driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		switch msg := cmd().(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				d.run(c)
			}
		default:
			d.msgs <- msg
		}
	}()
}

func (d *driver) send(msg tea.Msg) {
	next, cmd := d.m.Update(msg)
	d.m = next.(Model)
	d.run(cmd)
}

// until applies messages until cond holds of the model.
func (d *driver) until(what string, cond func(m Model) bool) {
	d.t.Helper()
	deadline := time.After(30 * time.Second)
	for !cond(d.m) {
		select {
		case msg := <-d.msgs:
			d.send(msg)
		case <-deadline:
			d.t.Fatalf("%s: %s never came:\n%s", d.name, what, strings.Join(screenLines(d.m), "\n"))
		}
	}
}

func (d *driver) screen() string { return strings.Join(screenLines(d.m), "\n") }

// Two users of one server, each in the application: a curator's learn of
// a STRANGER source waits for a reviewer; the reviewer, following the
// workspace's runs, is asked and approves; both see the run committed,
// and History on both says who ran it and who decided. Locally on the
// API, and through a TLS server on 127.0.0.1.
func TestServerCuratorLearnsReviewerApproves(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("carol", access.Curator, access.DefaultWorkspace)
		e.AddUser("rex", access.Reviewer, access.DefaultWorkspace)
		path := filepath.Join(t.TempDir(), assets.SampleName)
		if err := os.WriteFile(path, assets.Sample(), 0o600); err != nil {
			t.Fatal(err)
		}
		open := func(user string) *driver {
			ctx, svc := e.As(user)
			ctx, cancel := context.WithCancel(ctx)
			t.Cleanup(cancel)
			return drive(t, user, New(ctx, Options{Server: &Server{Addr: "team", Svc: svc}, Dark: true}))
		}
		rex := open("rex")
		rex.until("rex's WhoAmI", func(m Model) bool { return m.who != nil })
		carol := open("carol")
		carol.until("carol's WhoAmI", func(m Model) bool { return m.who != nil })

		carol.send(learnform.SubmitMsg{Request: learnform.Request{Source: path, Tier: core.Stranger}})
		carol.until("the run waiting for a reviewer", func(m Model) bool {
			return strings.Contains(strings.Join(screenLines(m), "\n"), "waiting for a reviewer")
		})
		if strings.Contains(carol.screen(), "your decision") || carol.m.ask != nil {
			t.Fatalf("the curator is asked to decide:\n%s", carol.screen())
		}

		rex.until("the question", func(m Model) bool { return m.ask != nil })
		if rex.m.Tab() != int(tabFindings) || rex.m.ask.req.Report.Tier != core.Stranger {
			t.Fatalf("the reviewer is not shown the STRANGER source's question (tab %d, %+v)", rex.m.Tab(), rex.m.ask.req.Report)
		}
		rex.send(keyPress("a"))
		rex.until("the decision sent", func(m Model) bool { return strings.Contains(m.notice, "on the server") })
		if strings.Contains(rex.m.notice, "failed") {
			t.Fatalf("the decision: %s", rex.m.notice)
		}

		carol.until("the commit", func(m Model) bool { return m.learn.Committed != "" && !m.running })
		if !strings.Contains(carol.screen(), "by rex") {
			t.Errorf("the curator's screen does not say rex decided:\n%s", carol.screen())
		}
		id := carol.m.learn.Committed
		rex.until("the curator's run followed to its commit", func(m Model) bool { return m.learn.Committed == id && !m.running })
		if !strings.Contains(rex.screen(), "started by carol") {
			t.Errorf("the reviewer's screen does not say who started the run:\n%s", rex.screen())
		}

		for _, d := range []*driver{carol, rex} {
			d.send(keyPress("6"))
			d.until("History", func(m Model) bool {
				s := strings.Join(screenLines(m), "\n")
				return strings.Count(s, id) > 1 && !strings.Contains(s, "Loading sessions")
			})
			s := d.screen()
			if !strings.Contains(s, "by carol") || !strings.Contains(s, "rex (user)") {
				t.Errorf("%s's History does not say carol ran %s and rex decided:\n%s", d.name, id, s)
			}
		}

		// The curator takes the learn back from History, on the server,
		// having read what the server says it would change.
		carol.send(keyPress("u"))
		carol.until("the unlearn's preview", func(m Model) bool {
			s := strings.Join(screenLines(m), "\n")
			return strings.Contains(s, "Nothing has changed yet.") && strings.Contains(s, "removes 12 primitives")
		})
		carol.send(keyPress("y"))
		carol.until("the unlearn", func(m Model) bool {
			return strings.Contains(strings.Join(screenLines(m), "\n"), "unlearned "+id+" on the server")
		})
		carol.until("the session reverted in History", func(m Model) bool {
			return strings.Contains(strings.Join(screenLines(m), "\n"), "1 unlearn · 1 reverted")
		})
	})
}

// A reviewer who opens the application while a run already waits at the
// gate is asked at once (the watch begins with the questions waiting),
// and a rejection ends the curator's run, saying so on both screens.
func TestServerReviewerOpensOnAWaitingRunAndRejects(t *testing.T) {
	e := apitest.New(t, true)
	e.AddUser("carol", access.Curator, access.DefaultWorkspace)
	e.AddUser("rex", access.Reviewer, access.DefaultWorkspace)
	path := filepath.Join(t.TempDir(), assets.SampleName)
	if err := os.WriteFile(path, assets.Sample(), 0o600); err != nil {
		t.Fatal(err)
	}
	open := func(user string) *driver {
		ctx, svc := e.As(user)
		ctx, cancel := context.WithCancel(ctx)
		t.Cleanup(cancel)
		d := drive(t, user, New(ctx, Options{Server: &Server{Addr: "team", Svc: svc}, Dark: true}))
		d.until(user+"'s WhoAmI", func(m Model) bool { return m.who != nil })
		return d
	}
	carol := open("carol")
	carol.send(learnform.SubmitMsg{Request: learnform.Request{Source: path, Tier: core.Stranger}})
	carol.until("the run waiting for a reviewer", func(m Model) bool {
		return strings.Contains(strings.Join(screenLines(m), "\n"), "waiting for a reviewer")
	})

	rex := open("rex")
	rex.until("the question waiting, its run followed", func(m Model) bool {
		return m.ask != nil && m.run != nil && m.run.id == m.ask.owner
	})
	if !strings.Contains(rex.m.learn.Source, assets.SampleName) {
		t.Errorf("the reviewer is not told which source waits (%q, ask %q):\n%s", rex.m.learn.Source, rex.m.ask.req.Report.Source, rex.screen())
	}
	rex.send(keyPress("r"))
	rex.until("the rejection sent", func(m Model) bool { return strings.Contains(m.notice, "rejected on the server") })
	carol.until("the run's end", func(m Model) bool { return !m.running })
	if s := carol.screen(); !strings.Contains(s, "rejected by rex") {
		t.Errorf("the curator's screen does not say rex rejected the source:\n%s", s)
	}
	rex.until("the watched run's end", func(m Model) bool { return !m.running })
	if rex.m.ask != nil {
		t.Error("the question stays open after the run ended")
	}
}
