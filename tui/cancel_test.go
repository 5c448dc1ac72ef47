package tui

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/tui/learnform"
	"github.com/lore-kb/lore/tui/pipeline"
)

// stallingSource serves the start of a document and then nothing, until
// the client goes away: a run learning it stays in its first stage.
// requested is closed when the request arrives, gone when the client
// left.
func stallingSource(t *testing.T) (url string, requested, gone <-chan struct{}) {
	req, left := make(chan struct{}), make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/markdown")
		w.Header().Set("Content-Length", "100000")
		_, _ = w.Write([]byte("# Groups\n\nDefinition: A group is a set"))
		w.(http.Flusher).Flush()
		close(req)
		<-r.Context().Done()
		close(left)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/groups.md", req, left
}

// On the Learn screen, x cancels the run in progress after asking: n lets
// it run on, y stops it, the log says so and the store is as it was.
func TestLearnScreenCancelsTheRunAfterAsking(t *testing.T) {
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	doc := filepath.Join(t.TempDir(), "rings.md")
	if err := os.WriteFile(doc, []byte("# Rings\n\nDefinition: A ring is a set with two operations, addition and multiplication, where addition forms an abelian group.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	headless := engine.LearnOptions{Domains: ds}
	headless.Policy.Approve = true
	if _, err := engine.Learn(context.Background(), st, doc, headless); err != nil {
		t.Fatal(err)
	}
	before := storeExport(t, st)

	url, requested, gone := stallingSource(t)
	req := learnform.Request{Source: url, Depth: core.Standard, Tier: core.Stranger, Policy: gate.Policy{Approve: true}}
	tm := newScreen(t, Options{Open: AlreadyOpen(st), StorePath: "lore-test",
		Learn: engine.LearnOptions{Domains: ds}, Start: req, Dark: true})
	select {
	case <-requested:
	case <-time.After(30 * time.Second):
		t.Fatal("the run never asked for its source")
	}
	waitScreen(t, tm, "x cancel the run (asks first)")

	// Asked, and answered no: the run goes on.
	tm.Type("x")
	waitScreen(t, tm, "Cancel the run of")
	tm.Type("n")
	waitScreen(t, tm, "x cancel the run (asks first)")
	select {
	case <-gone:
		t.Fatal("the run stopped although the person said no")
	case <-time.After(300 * time.Millisecond):
	}

	// Asked, and answered yes: it stops, and says the store is unchanged.
	tm.Type("x")
	waitScreen(t, tm, "Cancel the run of")
	tm.Type("y")
	waitScreen(t, tm, "cancelled: the store is unchanged")
	select {
	case <-gone:
	case <-time.After(10 * time.Second):
		t.Fatal("the cancelled run still reads its source")
	}
	waitScreen(t, tm, "n learn a source")
	tm.Type("q")
	m := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(Model)
	if !errors.Is(m.RunErr, context.Canceled) {
		t.Errorf("the run ended with %v, want it cancelled", m.RunErr)
	}
	// The stage it stopped in says cancelled, as the log does, not failed.
	if p := m.Learn().Panes[0]; p.State != pipeline.Cancelled {
		t.Errorf("the Acquire pane is %s; want cancelled", p.State)
	}
	screen := ansi.Strip(m.View().Content)
	if top := strings.Split(screen, "\n")[2]; !strings.Contains(top, "1 Acquire") || !strings.Contains(top, "cancelled") || strings.Contains(top, "failed") {
		t.Errorf("the Acquire pane's title is %q; want it cancelled", top)
	}
	if !strings.Contains(screen, "acquire   cancelled after") || strings.Contains(screen, "failed") {
		t.Errorf("the log does not say the acquire stage was cancelled, or says something failed:\n%s", screen)
	}
	if after := storeExport(t, st); !bytes.Equal(before, after) {
		t.Error("the store changed although the run was cancelled")
	}
	if ss, err := st.Sessions(); err != nil || len(ss) != 1 {
		t.Errorf("the store has %d sessions (%v), want only the one learned before", len(ss), err)
	}
}

// A run another process started, which this one follows, is not
// cancelled here: x says where to interrupt it, and the help does not
// offer it.
func TestLearnScreenLeavesAnotherProcesssRunAlone(t *testing.T) {
	m := New(context.Background(), Options{Learn: engine.LearnOptions{Domains: storetest.Domains(t)}})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	events, done := make(chan engine.Event), make(chan error, 1)
	m, _ = send(m, followMsg{ExternalRun{ID: "learn-elsewhere", Source: "notes.md", By: "lore learn notes.md (pid 4242)", Events: events, Done: done}})
	if !m.Running() {
		t.Fatal("setup: the external run is not followed")
	}
	if line := helpLineOf(m); strings.Contains(line, "cancel the run") {
		t.Errorf("the help line offers to cancel another process's run: %q", line)
	}
	m, _ = send(m, keyMsg("x"))
	if m.confirmCancel || m.cancelling {
		t.Fatal("x asked to cancel another process's run")
	}
	if !strings.Contains(m.notice, "pid 4242") || !strings.Contains(m.notice, "interrupt it there") {
		t.Errorf("x says %q; want where to interrupt the run", m.notice)
	}
}

// Quitting with ctrl-c, and y, while a run started here is in progress
// cancels the run and is an interruption, which the command's exit code
// says (130); cancelling the run with x and quitting afterwards is not:
// the person went on using the application.
func TestQuitDuringARunIsAnInterruption(t *testing.T) {
	for _, c := range []struct {
		name string
		// cancelFirst cancels the run with x, y before quitting with q.
		cancelFirst bool
		want        bool
	}{
		{"ctrl-c then y during the run", false, true},
		{"x then y, then q", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ds := storetest.Domains(t)
			st := storetest.Open(t)
			url, requested, gone := stallingSource(t)
			req := learnform.Request{Source: url, Depth: core.Standard, Tier: core.Stranger, Policy: gate.Policy{Approve: true}}
			tm := newScreen(t, Options{Open: AlreadyOpen(st), StorePath: "lore-test", Learn: engine.LearnOptions{Domains: ds}, Start: req, Dark: true})
			select {
			case <-requested:
			case <-time.After(30 * time.Second):
				t.Fatal("the run never asked for its source")
			}
			waitScreen(t, tm, "x cancel the run (asks first)")
			if c.cancelFirst {
				tm.Type("x")
				waitScreen(t, tm, "Cancel the run of")
				tm.Type("y")
				waitScreen(t, tm, "cancelled: the store is unchanged")
				waitScreen(t, tm, "n learn a source")
				tm.Type("q")
			} else {
				tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
				waitScreen(t, tm, "Cancel it")
				tm.Type("y")
			}
			m := tm.FinalModel(t, teatest.WithFinalTimeout(30*time.Second)).(Model)
			select {
			case <-gone:
			case <-time.After(10 * time.Second):
				t.Fatal("the run still reads its source")
			}
			if !errors.Is(m.RunErr, context.Canceled) {
				t.Fatalf("the run ended with %v, want it cancelled", m.RunErr)
			}
			if got := m.Interrupted(); got != c.want {
				t.Errorf("Interrupted() = %v, want %v", got, c.want)
			}
		})
	}
}
