package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/internal/storetest"
)

// On the Graph screen, e renames the shown primitive: the store holds the
// new name as a curate session, and the list and the detail show it; D
// and y reject it.
func TestGraphRenameAndRejectAreCuratorsDecisions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "groups.tex")
	chapter := "\\documentclass{article}\n\\begin{document}\n\\section{Groups}\n" +
		"\\begin{definition}[Group]\\label{def:group}\nA group is a set $G$ with an associative binary operation, an identity element and inverses.\n\\end{definition}\n" +
		"\\begin{lemma}\\label{lem:inv}\nIn a group (Definition~\\ref{def:group}) the inverse of $ab$ is $b^{-1}a^{-1}$.\n\\end{lemma}\n\\end{document}\n"
	if err := os.WriteFile(path, []byte(chapter), 0o644); err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	opts := engine.LearnOptions{Domains: storetest.Domains(t)}
	headless := opts
	headless.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, path, headless)
	if err != nil {
		t.Fatal(err)
	}
	var lemma core.Primitive
	for _, p := range res.Primitives {
		if strings.HasPrefix(p.Name, "Lemma") {
			lemma = p
		}
	}
	if lemma.ID == "" {
		t.Fatalf("setup: no lemma among %v", res.Primitives)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: st.Path(), Learn: opts, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 140, Height: 36})
	m, cmd := send(m, keyPress("4"))
	m = settle(t, m, cmd)
	for _, k := range []tea.Msg{keyPress("/"), keyPress("L"), keyPress("e"), keyPress("m"), keyPress("enter"), keyPress("e"),
		tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}} {
		m, cmd = send(m, k)
		m = settle(t, m, cmd)
	}
	m, cmd = send(m, tea.PasteMsg{Content: "socks–shoes property"})
	m = settle(t, m, cmd)
	m, cmd = send(m, keyPress("enter"))
	m = settle(t, m, cmd)
	p, _, err := st.GetPrimitive(lemma.ID)
	if err != nil || p.Name != "socks–shoes property" {
		t.Fatalf("stored name %q (%v)", p.Name, err)
	}
	screen := ansi.Strip(m.View().Content)
	for _, want := range []string{"socks–shoes property (theorem)", `renamed ` + lemma.ID + ` to "socks–shoes property"`} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	ss, err := st.Sessions()
	if err != nil || ss[0].Kind != core.KindCurate {
		t.Errorf("newest session: %+v (%v)", ss[0], err)
	}
	// D, then y, rejects it.
	for _, k := range []string{"D", "y"} {
		m, cmd = send(m, keyPress(k))
		m = settle(t, m, cmd)
	}
	if _, ok, err := st.GetPrimitive(lemma.ID); ok || err != nil {
		t.Fatalf("the rejected lemma is still stored (%v)", err)
	}
	if screen := ansi.Strip(m.View().Content); !strings.Contains(screen, "rejected "+lemma.ID) {
		t.Errorf("no word of the rejection:\n%s", screen)
	}
}

// A primitive rejected on the Graph screen leaves the detail pane at once:
// filtered down to it, D and y leave "no primitive matches" in the list
// and nothing of it (name, statement, keywords) in the pane, even after
// the rows are reloaded.
func TestGraphRejectClearsTheDetailPane(t *testing.T) {
	path := filepath.Join(t.TempDir(), "groups.tex")
	chapter := "\\documentclass{article}\n\\begin{document}\n\\section{Groups}\n" +
		"\\begin{definition}[Group]\\label{def:group}\nA group is a set $G$ with an associative binary operation, an identity element and inverses.\n\\end{definition}\n" +
		"\\begin{lemma}\\label{lem:inv}\nIn a group (Definition~\\ref{def:group}) the inverse of $ab$ is $b^{-1}a^{-1}$.\n\\end{lemma}\n\\end{document}\n"
	if err := os.WriteFile(path, []byte(chapter), 0o644); err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	opts := engine.LearnOptions{Domains: storetest.Domains(t)}
	headless := opts
	headless.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, path, headless)
	if err != nil {
		t.Fatal(err)
	}
	var lemma core.Primitive
	for _, p := range res.Primitives {
		if strings.HasPrefix(p.Name, "Lemma") {
			lemma = p
		}
	}
	if lemma.ID == "" {
		t.Fatalf("setup: no lemma among %v", res.Primitives)
	}
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: st.Path(), Learn: opts, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 140, Height: 36})
	m, cmd := send(m, keyPress("4"))
	m = settle(t, m, cmd)
	for _, k := range []string{"/", "L", "e", "m", "m", "a", "enter"} {
		m, cmd = send(m, keyPress(k))
		m = settle(t, m, cmd)
	}
	if m.graph.Len() != 1 || m.graph.Shown() != lemma.ID {
		t.Fatalf("setup: the filter left %d rows, showing %q", m.graph.Len(), m.graph.Shown())
	}
	if screen := ansi.Strip(m.View().Content); !strings.Contains(screen, "inverse of ab") {
		t.Fatalf("setup: the pane does not show the lemma:\n%s", screen)
	}
	for _, k := range []string{"D", "y"} {
		m, cmd = send(m, keyPress(k))
		m = settle(t, m, cmd)
	}
	if _, ok, err := st.GetPrimitive(lemma.ID); ok || err != nil {
		t.Fatalf("the lemma is still stored (%v)", err)
	}
	screen := ansi.Strip(m.View().Content)
	if !strings.Contains(screen, "no primitive matches") || !strings.Contains(screen, "rejected "+lemma.ID) {
		t.Fatalf("the list or the status line does not say it is gone:\n%s", screen)
	}
	for _, gone := range []string{lemma.Name, "inverse of ab", "keywords"} {
		if strings.Contains(screen, gone) {
			t.Errorf("the detail pane still shows the rejected lemma (%q):\n%s", gone, screen)
		}
	}
	if m.graph.Shown() != "" {
		t.Errorf("the pane still holds %q", m.graph.Shown())
	}
	if !strings.Contains(screen, "Nothing selected.") {
		t.Errorf("the pane does not say nothing is selected:\n%s", screen)
	}
}
