package e2e_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/store/backend"
	"github.com/lore-kb/lore/store/postgres"
)

// The acceptance of lore store copy: a library learned from the corpus
// into Badger, copied to PostgreSQL and from there into a new Badger
// folder, is the same library: Export gives the same bytes, and every
// session, its changes and report, every skill and artifact are the same
// records. Every document of the corpus is learned (a few seconds: the
// figures are logged), and one session unlearned. Without
// PostgreSQL's binaries it is skipped (failed when LORE_PG_REQUIRED=1);
// without the corpus, skipped (failed when LORE_CORPUS_REQUIRED is set).
func TestCorpusThroughPostgres(t *testing.T) {
	dir := corpus.Dir(t)
	db := pgtest.Start(t)
	ctx := context.Background()

	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var docs []string
	for _, e := range entries {
		// The corpus's own index and checksums are not documents.
		if !e.IsDir() && e.Name() != "MANIFEST.md" && e.Name() != "SHA256SUMS" {
			docs = append(docs, e.Name())
		}
	}
	srcDir := filepath.Join(t.TempDir(), "src")
	src := openStore(t, srcDir)
	defer src.Close()
	began := time.Now()
	for _, name := range docs {
		opts := engine.LearnOptions{Domains: builtinDomains(t), OutputDir: filepath.Join(t.TempDir(), "out")}
		opts.Policy.Approve = true
		_, err := engine.Learn(ctx, src, filepath.Join(dir, name), opts)
		// A document the gate rejects leaves a rejected session, which
		// the copy carries too; one that states nothing lore learns
		// (a novel) stores nothing.
		_, rejected := errors.AsType[*gate.RejectedError](err)
		_, nothing := errors.AsType[*core.InputError](err)
		switch {
		case rejected, nothing:
			t.Logf("learn %s: %v", name, err)
		case err != nil:
			t.Fatalf("learn %s: %v", name, err)
		}
	}
	// An unlearn, so that the copy holds a reverted session too.
	sessions, err := src.Sessions()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sessions {
		if s.Kind == "learn" && s.State == "committed" {
			if _, err := engine.Unlearn(ctx, src, s.ID, engine.UnlearnOptions{Domains: builtinDomains(t), Force: true}); err != nil {
				t.Fatalf("unlearn %s: %v", s.ID, err)
			}
			break
		}
	}
	learned := time.Since(began)
	verify(t, src)

	pg, err := postgres.Open(ctx, db.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	began = time.Now()
	toPG, err := backend.Copy(ctx, src, pg, nil)
	if err != nil {
		t.Fatalf("copy to PostgreSQL: %v", err)
	}
	tookPG := time.Since(began)
	rep, err := pg.Verify(ctx)
	if err != nil || !rep.OK() {
		t.Fatalf("verify PostgreSQL: %v, %v", err, rep.Problems)
	}

	backDir := filepath.Join(t.TempDir(), "back")
	began = time.Now()
	var fromPG backend.Counts
	err = store.LoadInto(ctx, backDir, store.Options{}, func(st *store.Store) error {
		var err error
		fromPG, err = backend.Copy(ctx, pg, st, nil)
		return err
	})
	if err != nil {
		t.Fatalf("copy from PostgreSQL: %v", err)
	}
	tookBack := time.Since(began)
	if toPG != fromPG {
		t.Errorf("copied %v to PostgreSQL, %v back", toPG, fromPG)
	}
	back := openStore(t, backDir)
	defer back.Close()
	verify(t, back)

	a, b := export(t, src), export(t, back)
	if !bytes.Equal(a, b) {
		t.Errorf("the library there and back exports %d bytes, the original %d; they differ", len(b), len(a))
	}
	sameRecords(t, src, back)
	t.Logf("%d documents learned in %s: %v; export %d bytes", len(docs), learned.Round(time.Millisecond), toPG, len(a))
	t.Logf("copied to PostgreSQL in %s, back to Badger in %s", tookPG.Round(time.Millisecond), tookBack.Round(time.Millisecond))
	if toPG.Primitives == 0 || toPG.Sessions < 2 || toPG.Skills == 0 {
		t.Errorf("the library learned is too small to prove a copy: %v", toPG)
	}
}

// sameRecords compares what two stores hold beside their knowledge, record
// for record as JSON: sessions (in their order), each one's changes and
// report, skills, artifacts, pending publications.
func sameRecords(t *testing.T, want, got *store.Store) {
	t.Helper()
	js := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	same := func(what string, w, g any, err1, err2 error) {
		t.Helper()
		if err := errors.Join(err1, err2); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if ws, gs := js(w), js(g); ws != gs {
			t.Errorf("%s differ:\nwant %.400s\n got %.400s", what, ws, gs)
		}
	}
	ws, err1 := want.Sessions()
	gs, err2 := got.Sessions()
	same("sessions", ws, gs, err1, err2)
	for _, s := range ws {
		wc, err1 := want.Changes(s.ID)
		gc, err2 := got.Changes(s.ID)
		same("changes of "+s.ID, wc, gc, err1, err2)
		wr, wok, err1 := want.Report(s.ID)
		gr, gok, err2 := got.Report(s.ID)
		same("report of "+s.ID, []any{wok, string(wr)}, []any{gok, string(gr)}, err1, err2)
	}
	wk, err1 := want.Skills()
	gk, err2 := got.Skills()
	same("skills", wk, gk, err1, err2)
	wa, err1 := want.Artifacts()
	ga, err2 := got.Artifacts()
	same("artifacts", wa, ga, err1, err2)
	wp, err1 := want.Publications()
	gp, err2 := got.Publications()
	same("publications", wp, gp, err1, err2)
	if !strings.Contains(js(ws), `"state":"reverted"`) {
		t.Error("no reverted session was copied")
	}
}
