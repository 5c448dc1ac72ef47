package e2e_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
)

// openApp runs the application on db with nothing to learn at start.
func openApp(t *testing.T, db *store.Store, w, h int) *appT {
	t.Helper()
	return runApp(t, tui.Options{Open: tui.AlreadyOpen(db), StorePath: db.Path(), Learn: engine.LearnOptions{Domains: builtinDomains(t)}, Dark: true}, w, h)
}

// Each of the three resolutions, chosen on the Conflicts screen, reaches
// the store.
func TestAppResolvesConflicts(t *testing.T) {
	for _, c := range []struct {
		keys []string
		want core.Resolution
	}{
		{[]string{"e"}, core.KeepExisting},
		{[]string{"c", "y"}, core.KeepCandidate},
		{[]string{"b"}, core.KeepBoth},
	} {
		t.Run(string(c.want), func(t *testing.T) {
			dir := t.TempDir()
			db := openStore(t, t.TempDir())
			defer db.Close()
			inStructure := func(o *engine.LearnOptions) { o.Domain = "structure" }
			learn(t, db, write(t, dir, "c.md", docC), inStructure)
			d := learn(t, db, write(t, dir, "d.md", docD), inStructure)
			if len(d.Conflicts) != 1 {
				t.Fatalf("setup: %d conflicts", len(d.Conflicts))
			}
			conflict := d.Conflicts[0]
			before, _ := db.Count()

			tm := openApp(t, db, 120, 40)
			press(tm, "3")
			waitFor(t, tm, "CANDIDATE")
			press(tm, c.keys...)
			waitFor(t, tm, "resolved:")
			press(tm, "q")
			finalModel(t, tm)

			got, ok, err := db.Conflict(conflict.ID)
			if err != nil || !ok || got.State != core.ConflictResolved || got.Resolution != c.want {
				t.Fatalf("conflict after the app: %+v %v %v", got, ok, err)
			}
			after, _ := db.Count()
			p, _, _ := db.GetPrimitive(conflict.Existing.ID)
			switch c.want {
			case core.KeepExisting:
				if after != before || p.FormalStatement != conflict.Existing.FormalStatement {
					t.Errorf("keep-existing changed the store: %d→%d, %q", before, after, p.FormalStatement)
				}
			case core.KeepCandidate:
				if after != before || p.FormalStatement != conflict.Candidate.FormalStatement {
					t.Errorf("keep-candidate: %d→%d primitives, statement %q", before, after, p.FormalStatement)
				}
			case core.KeepBoth:
				if after != before+1 {
					t.Errorf("keep-both: %d→%d primitives", before, after)
				}
			}
			verify(t, db)
		})
	}
}

// On History, unlearning a session others depend on is blocked with the
// dependents shown; forcing it, after confirmation, reverts it.
func TestAppUnlearnBlockedThenForced(t *testing.T) {
	dir := t.TempDir()
	db := openStore(t, t.TempDir())
	defer db.Close()
	inStructure := func(o *engine.LearnOptions) { o.Domain = "structure" }
	a := learn(t, db, write(t, dir, "a.md", docA), inStructure)
	learn(t, db, write(t, dir, "b.md", docB), inStructure)

	tm := openApp(t, db, 120, 40)
	press(tm, "6")
	waitFor(t, tm, "b.md")
	// Newest first: b's session, then a's.
	press(tm, "j", "u")
	waitFor(t, tm, "depends")
	press(tm, "f")
	waitFor(t, tm, "y/n")
	press(tm, "y")
	// The summary line counts reverted sessions from the start ("0
	// reverted"): the unlearn is done when it counts one.
	waitFor(t, tm, "1 unlearn")
	press(tm, "q")
	finalModel(t, tm)

	sess, ok, err := db.Session(a.Session.ID)
	if err != nil || !ok || sess.RevertedBy == "" {
		t.Fatalf("session a after the app: %+v %v %v", sess, ok, err)
	}
	unl, ok, err := db.Session(sess.RevertedBy)
	if err != nil || !ok || unl.Kind != core.KindUnlearn {
		t.Fatalf("the unlearn session: %+v %v %v", unl, ok, err)
	}
	for _, id := range primitiveIDs(a) {
		if _, ok, _ := db.GetPrimitive(id); ok {
			t.Errorf("primitive %s of a is still stored", id)
		}
	}
	verify(t, db)
}

func primitiveIDs(r *engine.LearnResult) []string {
	out := make([]string, len(r.Primitives))
	for i, p := range r.Primitives {
		out[i] = p.ID
	}
	return out
}

// From the top-ranked primitive, the Graph screen follows three edges to
// new primitives and comes back through its history.
func TestAppGraphFollowsEdgesAndBack(t *testing.T) {
	// A chapter whose results refer to one another: its edges are its
	// own references.
	src := corpus.Path(t, "latex_untitled-envs_hott_equivalences.tex")
	db := openStore(t, t.TempDir())
	defer db.Close()
	learn(t, db, src)
	all, err := db.TopByImportance(1<<20, 0)
	if err != nil || len(all) == 0 {
		t.Fatalf("primitives: %v %v", all, err)
	}
	// The screen opens on lore rank's first primitive.
	ranked, err := graph.Rank(all, graph.ByImportance, 1)
	if err != nil {
		t.Fatal(err)
	}
	first, _, err := db.GetPrimitive(ranked[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	top := []core.Primitive{first}

	// The walk: at each step the first neighbour (dependencies, then
	// dependents, as the screen lists them) not visited yet.
	path := []core.Primitive{top[0]}
	var picks []int
	for len(path) < 4 {
		cur := path[len(path)-1]
		var nb []string
		for _, e := range cur.Dependencies {
			nb = append(nb, e.Target)
		}
		deps, err := db.Dependents(cur.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range deps {
			nb = append(nb, d.ID)
		}
		i := slices.IndexFunc(nb, func(id string) bool {
			return !slices.ContainsFunc(path, func(p core.Primitive) bool { return p.ID == id })
		})
		if i < 0 {
			t.Fatalf("%s (%s) has no unvisited neighbour", cur.Name, cur.ID)
		}
		next, ok, err := db.GetPrimitive(nb[i])
		if err != nil || !ok {
			t.Fatalf("neighbour %s: %v %v", nb[i], ok, err)
		}
		path, picks = append(path, next), append(picks, i)
	}

	a := openApp(t, db, 160, 48)
	press(a, "4")
	waitFor(t, a, "depends on:")
	press(a, "l")
	for step, i := range picks {
		press(a, strings.Split(strings.Repeat("j", i), "")...)
		press(a, "enter")
		waitFor(t, a, strconv.Itoa(step+1)+" step(s) along edges")
	}
	press(a, "backspace", "backspace")
	waitFor(t, a, "1 step(s) along edges")
	press(a, "backspace")
	// Back at the start: the list and the detail show the top primitive.
	press(a, "q")
	m := finalModel(t, a)
	if got := m.Graph().Shown(); got != top[0].ID || len(m.Graph().History()) != 0 {
		t.Errorf("after three steps back the detail shows %s with history %v, want %s", got, m.Graph().History(), top[0].ID)
	}
}
