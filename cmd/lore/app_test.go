package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui/styles"
)

// quitStore is a real store and the options runs in these tests use.
func quitStore(t *testing.T) (*store.Store, engine.LearnOptions) {
	t.Helper()
	ds := storetest.Domains(t)
	db := storetest.Open(t)
	opts := engine.LearnOptions{Domains: ds, Generate: generate.Config{SkillMinPrimitives: 5}}
	opts.Policy.Approve = true
	return db, opts
}

func learnFile(t *testing.T, db *store.Store, opts engine.LearnOptions, path string) *engine.LearnResult {
	t.Helper()
	res, err := engine.Learn(context.Background(), db, path, opts)
	if err != nil {
		t.Fatalf("learn %s: %v", path, err)
	}
	return res
}

func lastRun(db *store.Store, res *engine.LearnResult) string {
	var b bytes.Buffer
	renderLastRun(&b, styles.New(true), db, res, "/out")
	return ansi.Strip(b.String())
}

// The summary printed when the application closes gives the store's
// pending conflicts as they are then, not the run's count: a conflict the
// run raised and the person resolved in the application is not "pending".
func TestQuitSummaryGivesConflictsPendingNow(t *testing.T) {
	db, opts := quitStore(t)
	opts.Domain = "structure"
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	learnFile(t, db, opts, write("c.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n"))
	d := learnFile(t, db, opts, write("d.md", "# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n"))
	if len(d.Conflicts) != 1 {
		t.Fatalf("setup: %d conflicts", len(d.Conflicts))
	}
	if out := lastRun(db, d); !strings.Contains(out, "1 conflict pending — review with: lore conflicts") {
		t.Errorf("before the resolution:\n%s", out)
	}
	if _, err := engine.ResolveConflict(context.Background(), db, d.Conflicts[0].ID, core.KeepExisting, engine.ResolveOptions{Domains: opts.Domains}); err != nil {
		t.Fatal(err)
	}
	out := lastRun(db, d)
	if !strings.Contains(out, "0 conflicts pending") {
		t.Errorf("the summary does not give the pending conflicts now:\n%s", out)
	}
	if strings.Contains(out, "1 pending") || strings.Contains(out, "review with") {
		t.Errorf("the summary still sends the person to a resolved conflict:\n%s", out)
	}
	if !strings.Contains(out, "conflicts 1 · edges") || !strings.Contains(out, "the run's own figures") {
		t.Errorf("the run's own figures are not given as the run's:\n%s", out)
	}
}

// A session unlearned in the application before it closed: its skill is
// marked archived and no unlearn is suggested.
func TestQuitSummaryAfterTheRunWasUnlearned(t *testing.T) {
	db, opts := quitStore(t)
	res := learnFile(t, db, opts, corpus(t, "latex_ods_sorting.tex"))
	if len(res.Artifacts) == 0 {
		t.Fatalf("setup: no skill generated (%d added)", res.Counts.Added)
	}
	if out := lastRun(db, res); !strings.Contains(out, "lore unlearn "+res.Session.ID) || strings.Contains(out, "archived since") {
		t.Errorf("before the unlearn:\n%s", out)
	}
	un, err := engine.Unlearn(context.Background(), db, res.Session.ID, engine.UnlearnOptions{Domains: opts.Domains, Generate: opts.Generate})
	if err != nil {
		t.Fatal(err)
	}
	out := lastRun(db, res)
	for _, want := range []string{"skill " + res.Artifacts[0].Name, "archived since", "0 primitives · 0 conflicts pending",
		"unlearned since (by " + un.Session.ID + ")"} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "lore unlearn") {
		t.Errorf("the summary offers to unlearn an unlearned session:\n%s", out)
	}
}

// The application's operations share the writable store one of them
// opened, rather than finding it locked by the application itself; it is
// closed when the last of them ends. A read with nothing writing opens
// the store read-only, so that other processes can read alongside, and a
// store another process holds is waited for.
func TestAppStoresLendTheStoreForOneOperation(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := &appStores{dir: dir}
	w, closeW, err := s.open(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	r, closeR, err := s.open(ctx, false)
	if err != nil || r != w {
		t.Fatalf("a read while the application writes: %v (the writer's store: %v)", err, r == w)
	}
	if err := closeW(); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Open(dir, store.Options{ReadOnly: true}); !errors.Is(err, core.ErrStoreLocked) {
		t.Fatalf("the store was closed while a read still used it: %v", err)
	}
	if err := closeR(); err != nil {
		t.Fatal(err)
	}
	other, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatalf("the store is still held after its last operation: %v", err)
	}

	// Held by another process for a moment: the read waits for it.
	released := make(chan struct{})
	go func() {
		time.Sleep(300 * time.Millisecond)
		_ = other.Close()
		close(released)
	}()
	_, closeR, err = s.open(ctx, false)
	if err != nil {
		t.Fatalf("a read did not wait for the store: %v", err)
	}
	<-released
	if beside, err := store.Open(dir, store.Options{ReadOnly: true}); err != nil {
		t.Errorf("another process cannot read alongside the application's read: %v", err)
	} else {
		_ = beside.Close()
	}
	if err := closeR(); err != nil {
		t.Fatal(err)
	}
}
