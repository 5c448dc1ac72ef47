package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui/skillsview"
)

var _ Store = (*store.Store)(nil)

// skillsApp is the application on a real store holding one draft skill,
// with the Skills screen open and loaded.
func skillsApp(t *testing.T) (Model, *store.Store) {
	t.Helper()
	st, err := store.Open(t.TempDir(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	draft, err := skills.New("public.learn-linear-algebra", skills.Content{
		Name:         "learn-linear-algebra",
		Description:  "Knowledge of Linear Algebra. Use when a task involves matrices.",
		Instructions: "# Linear Algebra\n\nVector spaces and linear maps.\n",
		TaskType:     search.Domain,
	}, skills.Learned, skills.Draft, skills.Provenance{Domain: "linear-algebra"}, time.Now().UTC())
	if err != nil {
		t.Fatal(err)
	}
	if err := st.PutSkills([]*skills.Skill{draft}); err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: st.Path(), Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m, cmd := send(m, keyPress("5"))
	if m.Tab() != int(tabSkills) || cmd == nil {
		t.Fatalf("5 shows tab %d and loads nothing", m.Tab())
	}
	m, _ = send(m, cmd())
	return m, st
}

// drain carries out the commands a message leads to, as the program would,
// until none is left.
func drain(m Model, cmd tea.Cmd) Model {
	for cmd != nil {
		m, cmd = send(m, cmd())
	}
	return m
}

func TestSkillsScreenPromotesADraft(t *testing.T) {
	m, st := skillsApp(t)
	screen := checkScreen(t, m, 120, 40)
	for _, want := range []string{"1 to review", "▸ ✓ draft    learn-linear-algebra", "status  draft"} {
		if !strings.Contains(screen, want) {
			t.Fatalf("screen lacks %q:\n%s", want, screen)
		}
	}
	m, cmd := send(m, keyPress("p"))
	if cmd == nil {
		t.Fatal("p asked for nothing")
	}
	req := cmd()
	if r, ok := req.(skillsview.ReviewMsg); !ok || r.Key != "public.learn-linear-algebra" || r.To != skills.Active {
		t.Fatalf("p asked %#v", req)
	}
	m, cmd = send(m, req)
	m = drain(m, cmd)

	rec, err := st.Skill("public.learn-linear-algebra")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Status != skills.Active || rec.Note != "promoted in the Skills screen" {
		t.Fatalf("stored status %s, note %q", rec.Status, rec.Note)
	}
	screen = checkScreen(t, m, 120, 40)
	for _, want := range []string{"public.learn-linear-algebra is now active", "▸ ✓ active   learn-linear-algebra", "status  active · promoted in the Skills screen"} {
		if !strings.Contains(screen, want) {
			t.Errorf("after promotion the screen lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "to review") {
		t.Errorf("a promoted skill is still counted for review:\n%s", screen)
	}

	// Promoting it again is refused, and the screen says so.
	m, cmd = send(m, keyPress("p"))
	m = drain(m, cmd)
	if screen := checkScreen(t, m, 120, 40); !strings.Contains(screen, "already active") {
		t.Fatalf("no error for a second promotion:\n%s", screen)
	}
	// Archive (x asks first, y archives), then back to draft: the queue
	// shows it again.
	m, cmd = send(m, keyPress("x"))
	m = drain(m, cmd)
	if screen := checkScreen(t, m, 120, 40); !strings.Contains(screen, "archive public.learn-linear-algebra?") {
		t.Fatalf("x did not ask:\n%s", screen)
	}
	m, cmd = send(m, keyPress("y"))
	m = drain(m, cmd)
	m, cmd = send(m, keyPress("d"))
	m = drain(m, cmd)
	if rec, _ := st.Skill("public.learn-linear-algebra"); rec.Status != skills.Draft || rec.Note != "returned to draft in the Skills screen" {
		t.Fatalf("after x and d: %s %q", rec.Status, rec.Note)
	}
	m, _ = send(m, keyPress("r"))
	if screen := checkScreen(t, m, 120, 40); !strings.Contains(screen, "Review queue  1 to review") {
		t.Fatalf("review queue:\n%s", screen)
	}
}

func TestSkillsScreenFitsEverySize(t *testing.T) {
	m, _ := skillsApp(t)
	for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 50}} {
		m, _ = send(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		checkScreen(t, m, size[0], size[1])
		m, _ = send(m, keyPress("r"))
		checkScreen(t, m, size[0], size[1])
		m, _ = send(m, keyPress("r"), keyPress("?"))
		if screen := checkScreen(t, m, size[0], size[1]); !strings.Contains(screen, "promote") {
			t.Errorf("%v: the help lacks the review keys:\n%s", size, screen)
		}
		m, _ = send(m, keyPress("?"))
	}
}

// a on an active skill asks for a consumer and records the leave; a draft
// cannot be allowed.
func TestSkillsScreenAllowsAConsumer(t *testing.T) {
	m, st := skillsApp(t)
	m, _ = send(m, keyPress("a"))
	if m.skills.Importing() {
		t.Fatal("a opened the consumer input on a draft")
	}
	if _, err := library.New(st, library.Options{}).Review("learn-linear-algebra", skills.Active, "promoted", false); err != nil {
		t.Fatal(err)
	}
	m, cmd := send(m, storeChangedMsg{})
	m = settle(t, m, cmd)
	m, _ = send(m, keyPress("a"))
	if !m.skills.Importing() || !strings.Contains(ansi.Strip(m.View().Content), "allow for consumer") {
		t.Fatalf("a did not ask for a consumer:\n%s", ansi.Strip(m.View().Content))
	}
	m, _ = send(m, tea.PasteMsg{Content: "claude-code"})
	m, cmd = send(m, keyPress("enter"))
	m = settle(t, m, cmd)
	s, err := st.Skill("public.learn-linear-algebra")
	if err != nil || !s.AllowedFor("claude-code") {
		t.Fatalf("not allowed: %+v (%v)", s.Allowed, err)
	}
	if !strings.Contains(ansi.Strip(m.View().Content), "claude-code may activate") {
		t.Errorf("no notice:\n%s", ansi.Strip(m.View().Content))
	}
}

// On a folder's store, a user's own skill (one an agent proposed through
// lore serve) is shared with the workspace by s, recorded in the library.
func TestSkillsScreenSharesAUsersOwnSkill(t *testing.T) {
	st, err := store.Open(t.TempDir(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	own, err := skills.New("proposed.tidy-notes", skills.Content{Name: "tidy-notes",
		Description: "Tidy notes. Use when notes need headings.", Instructions: "Add headings.\n"},
		skills.Proposed, skills.Draft, skills.Provenance{User: "carol"}, time.Now().UTC())
	if err != nil {
		t.Fatal(err)
	}
	own.Visibility, own.Owner = skills.User, "carol"
	if err := st.PutSkills([]*skills.Skill{own}); err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: st.Path(), Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 140, Height: 40})
	m, cmd := send(m, keyPress("5"))
	m = drain(m, cmd)
	if s := ansi.Strip(m.View().Content); !strings.Contains(s, "seen by carol alone") {
		t.Fatalf("the record does not say carol alone sees it:\n%s", s)
	}
	m, cmd = send(m, keyPress("s"))
	m = drain(m, cmd)
	rec, err := st.Skill("proposed.tidy-notes")
	if err != nil || rec.Visibility != skills.Workspace {
		t.Fatalf("after s: %v, visibility %q", err, rec.Visibility)
	}
	if s := ansi.Strip(m.View().Content); !strings.Contains(s, "proposed.tidy-notes is now the workspace's") || strings.Contains(s, "seen by carol") {
		t.Errorf("the screen after s:\n%s", s)
	}
}
