package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/store"
)

// invalidImportApp is the application on a real store holding one
// imported draft the strict profile refuses (a flow-style list in its
// frontmatter), approved at the gate, with the Skills screen open.
func invalidImportApp(t *testing.T) (Model, *store.Store) {
	t.Helper()
	st, err := store.Open(t.TempDir(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	dir := filepath.Join(t.TempDir(), "mailer")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	md := "---\nname: mailer\ndescription: Send mail. Use when a message must go out.\nallowed-tools: [Bash, Read]\n---\n\n# Mailer\n\nSee README.md.\n"
	if err := os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	plan, err := bundle.Import(dir, bundle.ImportOptions{Gated: true, Now: time.Now().UTC()})
	if err != nil {
		t.Fatal(err)
	}
	plan.Approve("approved at the gate")
	if _, err := library.New(st, library.Options{}).Import(plan, false); err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: st.Path(), Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m, cmd := send(m, keyPress("5"))
	m, _ = send(m, cmd())
	return m, st
}

// An imported draft the strict profile refuses is fixed in the app: e
// opens its whole SKILL.md with what the strict profile refuses listed
// above it; a save that still fails keeps the editor open saying what
// still fails; the save that passes closes it, and p promotes the skill.
func TestEditFixesAnInvalidImportedDraft(t *testing.T) {
	m, st := invalidImportApp(t)
	p := newPump(t, m)
	screen := func() string { t.Helper(); return checkScreen(t, p.m, 120, 40) }

	p.send(keyPress("e"))
	v := screen()
	for _, want := range []string{"Edit SKILL.md  public.mailer", "✗ the strict profile refuses it (1 problem)",
		"flow style ({...} or [...]) is not allowed", "allowed-tools: [Bash, Read]"} {
		if !strings.Contains(v, want) {
			t.Fatalf("e on the imported draft: the screen lacks %q:\n%s", want, v)
		}
	}

	// Line 4 replaced by a list the strict profile takes and a field it
	// does not: saved, still refused, the editor open.
	ctrl := func(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }
	down := tea.KeyPressMsg{Code: tea.KeyDown}
	p.send(down, down, down, ctrl('k'), tea.PasteMsg{Content: "allowed-tools: Bash Read\nversion: 2"}, ctrl('s'))
	p.until("the save", func(m Model) bool {
		return strings.Contains(m.render(), "saved as version 2; the strict profile still refuses 1 thing")
	})
	v = screen()
	if !p.m.skills.Editing() || !strings.Contains(v, "Unexpected fields in frontmatter: version") || strings.Contains(v, "flow style") {
		t.Fatalf("after a save that still fails:\n%s", v)
	}

	// The field taken out: it passes, the editor closes, p promotes it.
	p.send(ctrl('a'), ctrl('k'), ctrl('s'))
	p.until("the second save", func(m Model) bool { return !m.skills.Editing() })
	p.until("the reload", func(m Model) bool { return strings.Contains(m.render(), "passes the strict profile: p promotes it") })
	p.send(keyPress("p"))
	p.until("the promotion", func(m Model) bool { return strings.Contains(m.render(), "public.mailer is now active") })
	rec, err := st.Skill("public.mailer")
	if err != nil || rec.Status != skills.Active || rec.Version != 3 {
		t.Fatalf("the skill after the fix: %+v, %v", rec, err)
	}
	if got := string(rec.Original.SkillMD); !strings.Contains(got, "\nallowed-tools: Bash Read\n\n---\n") && !strings.Contains(got, "\nallowed-tools: Bash Read\n---\n") {
		t.Errorf("the SKILL.md stored: %q", got)
	}
}
