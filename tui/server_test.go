package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
)

// onServerAs is the application on a team server (no calls made: the
// server's answer to WhoAmI is given) as user with role.
func onServerAs(t *testing.T, user string, role access.Role) Model {
	t.Helper()
	m := New(context.Background(), Options{Server: &Server{Addr: "lore.example:7443"}, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 160, Height: 30})
	m, _ = send(m, whoMsg{who: &lorev1.WhoAmIResponse{User: user, Role: string(role), Workspace: "team", Remote: true,
		Allowed: api.Allowed(role)}})
	return m
}

func screenLines(m Model) []string { return strings.Split(ansi.Strip(m.View().Content), "\n") }

// On a team server the status bar says who the application runs as,
// with which role, in which workspace and on which server.
func TestServerStatusBarSaysWho(t *testing.T) {
	m := onServerAs(t, "carol", access.Curator)
	lines := screenLines(m)
	bar := lines[len(lines)-2]
	if !strings.Contains(bar, "carol · curator · team @ lore.example:7443") {
		t.Fatalf("status bar: %q", bar)
	}
	if strings.Contains(bar, "store") || strings.Contains(bar, "primitives") {
		t.Errorf("the status bar speaks of a store on this machine: %q", bar)
	}
}

// Keys whose call the role may not make are listed, with the role they
// need, and refused with it when pressed; for a role that may, they act.
func TestServerRoleDisabledKeys(t *testing.T) {
	r := onServerAs(t, "rita", access.Reader)
	lines := screenLines(r)
	if help := lines[len(lines)-1]; !strings.Contains(help, "n learn a source (needs the curator role)") {
		t.Errorf("a reader's help line does not say n needs the curator role: %q", help)
	}
	r, _ = send(r, keyPress("?"))
	if view := strings.Join(screenLines(r), "\n"); !strings.Contains(view, "learn a source (needs the curator role)") {
		t.Errorf("the help view does not say n needs the curator role:\n%s", view)
	}
	r, _ = send(r, keyPress("esc"))
	r, _ = send(r, keyPress("n"))
	if r.FormOpen() {
		t.Fatal("n opened the learn form for a reader")
	}
	lines = screenLines(r)
	if notice := lines[len(lines)-1]; !strings.Contains(notice, "needs the curator role") || !strings.Contains(notice, "you are rita, reader") {
		t.Errorf("the refusal does not say why: %q", notice)
	}
	// History's unlearn needs a curator too, said in the help view.
	r, _ = send(r, keyPress("6"), keyPress("u"))
	lines = screenLines(r)
	if notice := lines[len(lines)-1]; !strings.Contains(notice, "u unlearn") || !strings.Contains(notice, "needs the curator role") {
		t.Errorf("u on History is not refused for a reader: %q", notice)
	}

	// Keys that change the store directly act on no role's behalf on a
	// server: they say so.
	r, _ = send(r, keyPress("5"), keyPress("i"))
	lines = screenLines(r)
	if notice := lines[len(lines)-1]; !strings.Contains(notice, "only on a library in a local folder") {
		t.Errorf("i on Skills does not say it is done only on a library in a local folder: %q", notice)
	}

	c := onServerAs(t, "carol", access.Curator)
	c, _ = send(c, keyPress("n"))
	if !c.FormOpen() {
		t.Fatal("n did not open the learn form for a curator")
	}
	// A curator may not decide at the gate: the Findings screen's
	// answers say so, a reviewer's do not.
	c, cmd := send(c, keyPress("esc"))
	c = settle(t, c, cmd)
	if c.FormOpen() {
		t.Fatal("esc did not close the learn form")
	}
	c, _ = send(c, keyPress("2"))
	for _, b := range []string{"a", "r"} {
		c, _ = send(c, keyPress(b))
		lines = screenLines(c)
		if notice := lines[len(lines)-1]; !strings.Contains(notice, "needs the reviewer role") {
			t.Errorf("%s on Findings is not refused for a curator: %q", b, notice)
		}
	}
	v := onServerAs(t, "vera", access.Reviewer)
	if !strings.Contains(strings.Join(screenLines(v), "\n"), "n learn a source (needs the curator role)") {
		t.Errorf("a reviewer is not told n needs the curator role")
	}
	v, _ = send(v, keyPress("2"), keyPress("a"))
	lines = screenLines(v)
	if strings.Contains(lines[len(lines)-1], "needs the") {
		t.Errorf("a reviewer is refused a decision: %q", lines[len(lines)-1])
	}
}

// The application on the API (the local service, and a real TLS server
// on 127.0.0.1) asks who it is, shows it, and lists the workspace's
// sessions in History with who ran them; a screen the server does not
// serve says so.
func TestServerAppReadsThroughTheAPI(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("rita", access.Reader, access.DefaultWorkspace)
		id := e.Seed(access.DefaultWorkspace, assets.SampleName, assets.Sample())
		ctx, svc := e.As("rita")
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		m := New(ctx, Options{Server: &Server{Addr: "test", Svc: svc}, Dark: true})
		m, _ = send(m, tea.WindowSizeMsg{Width: 160, Height: 30})
		m = settleWithin(t, m, m.Init(), time.Second)
		if m.who == nil || m.who.GetUser() != "rita" {
			t.Fatalf("who: %v (%v)", m.who, m.statusErr)
		}
		lines := screenLines(m)
		if bar := lines[len(lines)-2]; !strings.Contains(bar, "rita · reader · default") || !strings.Contains(bar, "last session "+id) {
			t.Errorf("status bar: %q", bar)
		}
		m, cmd := send(m, keyPress("6"))
		m = settleWithin(t, m, cmd, time.Second)
		screen := strings.Join(screenLines(m), "\n")
		if !strings.Contains(screen, id) || !strings.Contains(screen, assets.SampleName) {
			t.Errorf("History does not list the session %s:\n%s", id, screen)
		}
		top, err := svc.Rank(ctx, &lorev1.RankRequest{Top: 1})
		if err != nil || len(top.GetPrimitives()) == 0 {
			t.Fatalf("rank: %v", err)
		}
		m, cmd = send(m, keyPress("4"))
		m = settleWithin(t, m, cmd, time.Second)
		if screen := strings.Join(screenLines(m), "\n"); !strings.Contains(screen, top.GetPrimitives()[0].GetName()) {
			t.Errorf("Graph does not list %q:\n%s", top.GetPrimitives()[0].GetName(), screen)
		}
		if sel, ok := m.graph.Selected(); !ok || sel.ID == "" {
			t.Error("Graph selects nothing")
		}
		m, cmd = send(m, keyPress("3"))
		m = settleWithin(t, m, cmd, time.Second)
		if screen := strings.Join(screenLines(m), "\n"); !strings.Contains(screen, "No pending conflicts.") {
			t.Errorf("Conflicts does not say what the server has:\n%s", screen)
		}
	})
}

// On a team server (and PostgreSQL, which the application reads through
// the same API) the Conflicts screen lists the workspace's conflicts
// whole and a reviewer settles one; a reader is told the role it takes;
// the Graph screen draws a primitive's prerequisite tree.
func TestServerConflictsAndTreeThroughTheAPI(t *testing.T) {
	apitest.EachWith(t, func(o *local.Options) { o.Learn.Domain = "structure" }, func(t *testing.T, e *apitest.Env) {
		e.AddUser("rex", access.Reviewer, access.DefaultWorkspace)
		e.AddUser("rita", access.Reader, access.DefaultWorkspace)
		e.Seed(access.DefaultWorkspace, "c.md", []byte("# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n"))
		e.Seed(access.DefaultWorkspace, "d.md", []byte("# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n"))
		open := func(user string) Model { return openOnServer(t, e, user, "3") }
		r := open("rita")
		if s := strings.Join(screenLines(r), "\n"); !strings.Contains(s, "Group vs Group") || !strings.Contains(s, "studied in abstract algebra") {
			t.Fatalf("the conflict is not shown whole:\n%s", s)
		}
		r, _ = send(r, keyPress("b"))
		if lines := screenLines(r); !strings.Contains(lines[len(lines)-1], "needs the reviewer role") {
			t.Errorf("a reader's b is not refused: %q", lines[len(lines)-1])
		}
		m := open("rex")
		m, cmd := send(m, keyPress("b"))
		m = settleWithin(t, m, cmd, 2*time.Second)
		if s := strings.Join(screenLines(m), "\n"); !strings.Contains(s, "resolved: keep-both (add)") || !strings.Contains(s, "No pending conflicts.") {
			t.Errorf("keep-both on the server:\n%s", s)
		}
		m, cmd = send(m, keyPress("4"))
		m = settleWithin(t, m, cmd, 2*time.Second)
		m, cmd = send(m, keyPress("t"))
		m = settleWithin(t, m, cmd, 2*time.Second)
		if s := strings.Join(screenLines(m), "\n"); !strings.Contains(s, "prerequisites of") {
			t.Errorf("no prerequisite tree on the server:\n%s", s)
		}
	})
}

// The Graph screen's rename and reject are a curator's decisions through
// the API: a reader is told the role they need, a curator's decision is
// a session of its own on the server.
func TestServerGraphCuratesThroughTheAPI(t *testing.T) {
	apitest.EachWith(t, func(o *local.Options) { o.Learn.Domain = "structure" }, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cora", access.Curator, access.DefaultWorkspace)
		e.AddUser("rita", access.Reader, access.DefaultWorkspace)
		e.Seed(access.DefaultWorkspace, "c.md", []byte("# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n"))
		open := func(user string) Model { return openOnServer(t, e, user, "4") }
		r := open("rita")
		r, _ = send(r, keyPress("e"))
		if lines := screenLines(r); !strings.Contains(lines[len(lines)-1], "needs the curator role") {
			t.Errorf("a reader's rename is not refused: %q", lines[len(lines)-1])
		}
		m := open("cora")
		var cmd tea.Cmd
		for _, k := range []string{"e", "ctrl+u", "A", "b", "e", "l", "enter"} {
			msg := keyPress(k)
			if k == "ctrl+u" {
				msg = tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}
			}
			m, cmd = send(m, msg)
			m = settleWithin(t, m, cmd, 2*time.Second)
		}
		if s := strings.Join(screenLines(m), "\n"); !strings.Contains(s, `to "Abel"`) || !strings.Contains(s, "curate-") {
			t.Fatalf("the rename through the API:\n%s", s)
		}
		m, cmd = send(m, keyPress("D"))
		m = settleWithin(t, m, cmd, time.Second)
		m, cmd = send(m, keyPress("y"))
		m = settleWithin(t, m, cmd, 2*time.Second)
		if s := strings.Join(screenLines(m), "\n"); !strings.Contains(s, "rejected ") || !strings.Contains(s, "not learned again") {
			t.Errorf("the reject through the API:\n%s", s)
		}
		ctx, svc := e.As("cora")
		got, err := svc.Sessions(ctx, &lorev1.SessionsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		curations := 0
		for _, s := range got.GetSessions() {
			if s.GetKind() == "curate" && s.GetUser() == "cora" {
				curations++
			}
		}
		if curations != 2 {
			t.Errorf("%d curate sessions by cora on the server, want 2", curations)
		}
	})
}

// openOnServer is the application of user on e's server, 160×40, with
// the screen of key (1 … 6) open and loaded.
func openOnServer(t *testing.T, e *apitest.Env, user, key string) Model {
	t.Helper()
	ctx, svc := e.As(user)
	ctx, cancel := context.WithCancel(ctx)
	t.Cleanup(cancel)
	m := New(ctx, Options{Server: &Server{Addr: "test", Svc: svc}, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 160, Height: 40})
	m = settleWithin(t, m, m.Init(), time.Second)
	m, cmd := send(m, keyPress(key))
	return settleWithin(t, m, cmd, 2*time.Second)
}
