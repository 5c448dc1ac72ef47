package tui

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
)

// learnedStore is a real store holding one learn of the sorting chapter,
// whose domain's skill it generated (the threshold is lowered so one
// chapter is enough), and the options the application runs with.
func learnedStore(t *testing.T) (*store.Store, *engine.LearnResult, engine.LearnOptions) {
	t.Helper()
	sortingChapter := corpus.Path(t, "latex_ods_sorting.tex")
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	opts := engine.LearnOptions{Domains: ds, Generate: generate.Config{SkillMinPrimitives: 5}}
	headless := opts
	headless.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, sortingChapter, headless)
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts.Added < 5 || len(res.Artifacts) == 0 {
		t.Fatalf("setup: added %d, artifacts %v", res.Counts.Added, res.Artifacts)
	}
	return st, res, opts
}

// settle carries out cmd and the commands the messages lead to, as the
// program would, batches included, until none is left.
func settle(t *testing.T, m Model, cmd tea.Cmd) Model {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0; n++ {
		if n > 200 {
			t.Fatal("commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			var next tea.Cmd
			m, next = send(m, msg)
			queue = append(queue, next)
		}
	}
	return m
}

func storeExport(t *testing.T, st *store.Store) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := st.Export(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// On History, u shows what the unlearn would remove and changes nothing;
// n and esc cancel; y unlearns.
func TestHistoryUnlearnAsksFirst(t *testing.T) {
	st, learned, opts := learnedStore(t)
	m := New(context.Background(), Options{Open: AlreadyOpen(st), StorePath: st.Path(), Learn: opts, Dark: true})
	m, _ = send(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m, cmd := send(m, keyPress("6"))
	m = settle(t, m, cmd)
	before := storeExport(t, st)

	for _, cancel := range []string{"n", "esc"} {
		m, cmd = send(m, keyPress("u"))
		m = settle(t, m, cmd)
		if !bytes.Equal(storeExport(t, st), before) {
			t.Fatal("u changed the store before any confirmation")
		}
		screen := ansi.Strip(m.View().Content)
		for _, want := range []string{"Unlearn " + learned.Session.ID + "?",
			fmt.Sprintf("removes %d primitives: ", learned.Counts.Added), "archives 1 skill", "y unlearn", "n/esc cancel"} {
			if !strings.Contains(screen, want) {
				t.Errorf("the confirmation lacks %q:\n%s", want, screen)
			}
		}
		named := 0
		for _, p := range learned.Primitives {
			if strings.Contains(screen, p.Name) {
				named++
			}
		}
		if named < 3 {
			t.Errorf("the confirmation names %d of the primitives removed:\n%s", named, screen)
		}
		m, cmd = send(m, keyPress(cancel))
		m = settle(t, m, cmd)
		if !bytes.Equal(storeExport(t, st), before) {
			t.Fatalf("%s changed the store", cancel)
		}
		if screen := ansi.Strip(m.View().Content); !strings.Contains(screen, "unlearn cancelled; nothing was changed") {
			t.Errorf("%s: no word of the cancellation:\n%s", cancel, screen)
		}
	}

	m, cmd = send(m, keyPress("u"))
	m = settle(t, m, cmd)
	m, cmd = send(m, keyPress("y"))
	m = settle(t, m, cmd)
	s, ok, err := st.Session(learned.Session.ID)
	if err != nil || !ok || s.State != core.SessionReverted && s.RevertedBy == "" {
		t.Fatalf("after y the session is %+v (%v, %v)", s, ok, err)
	}
	if n, _ := st.Count(); n != 0 {
		t.Errorf("%d primitives left after the unlearn", n)
	}
	if screen := ansi.Strip(m.View().Content); !strings.Contains(screen, "1 skill archived") {
		t.Errorf("the result does not say the skill was archived:\n%s", screen)
	}
}
