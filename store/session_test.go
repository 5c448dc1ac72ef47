package store_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
)

const bigSession = 200_000

func mustSession(t testing.TB, s *store.Store, id string) core.Session {
	t.Helper()
	sess, ok, err := s.Session(id)
	if err != nil || !ok {
		t.Fatalf("session %s: ok=%v err=%v", id, ok, err)
	}
	return sess
}

func TestCommitSessionSmall(t *testing.T) {
	s, err := store.OpenInMemoryWith(store.WithMaxApplyBatch(store.Options{}, 3))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()

	changes := addChanges(0, 10)
	if err := s.CommitSession(ctx, session("s1"), changes); err != nil {
		t.Fatal(err)
	}
	if changes[0].After.Provenance.Session != "" {
		t.Fatal("CommitSession modified the caller's primitives")
	}
	if _, apply := s.LastBatches(); apply != 4 {
		t.Fatalf("apply batches = %d, want 4 (10 changes, 3 per batch)", apply)
	}
	mustCount(t, s, 10)
	mustVerify(t, s)
	sess := mustSession(t, s, "s1")
	if sess.State != core.SessionCommitted || sess.Changes != 10 || sess.CompletedAt.IsZero() || sess.Source != "test://s1" {
		t.Fatalf("session = %+v", sess)
	}
	p, _, _ := s.GetPrimitive("p-000003")
	if p.Provenance.Session != "s1" {
		t.Fatalf("provenance session = %q, want s1", p.Provenance.Session)
	}

	// A second session updating and removing.
	upd := smallPrimitive(9)
	upd.Domain = "moved"
	s2 := session("s2")
	s2.StartedAt = s2.StartedAt.Add(time.Hour)
	second := []core.Change{
		{Type: core.ChangeUpdate, PrimitiveID: upd.ID, Before: changes[9].After, After: &upd},
		{Type: core.ChangeRemove, PrimitiveID: "p-000009", Before: &upd},
		{Type: core.ChangeRemove, PrimitiveID: "never-existed"},
	}
	if err := s.CommitSession(ctx, s2, second); err != nil {
		t.Fatal(err)
	}
	mustCount(t, s, 9)
	mustVerify(t, s)
	if moved, _ := s.ByDomain("moved"); len(moved) != 0 {
		t.Fatalf("removed primitive still indexed: %v", ids(moved))
	}

	got, err := s.Changes("s2")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Type != core.ChangeUpdate || got[0].After.Domain != "moved" ||
		got[0].Before.ID != "p-000009" || got[1].Type != core.ChangeRemove || got[2].PrimitiveID != "never-existed" {
		t.Fatalf("changes read back = %+v", got)
	}
	all, err := s.Sessions()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[0].ID != "s2" || all[1].ID != "s1" {
		t.Fatalf("sessions not newest first: %+v", all)
	}

	if err := s.CommitSession(ctx, session("s1"), nil); !errors.Is(err, store.ErrSessionExists) {
		t.Fatalf("recommit: %v", err)
	}
	if _, err := s.Changes("nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("changes of unknown session: %v", err)
	}

	if err := s.SetSessionState("s2", core.SessionReverted); err != nil {
		t.Fatal(err)
	}
	if st := mustSession(t, s, "s2").State; st != core.SessionReverted {
		t.Fatalf("state = %s", st)
	}
	if err := s.SetSessionState("s2", core.SessionCommitting); err == nil {
		t.Fatal("setting an in-flight state was accepted")
	}
	if err := s.SetSessionState("nope", core.SessionReverted); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("set state of unknown session: %v", err)
	}
	if err := s.CommitSession(ctx, session("empty"), nil); err != nil {
		t.Fatalf("empty session: %v", err)
	}
	mustVerify(t, s)
}

func TestCommitSessionRejectsBadChanges(t *testing.T) {
	s := openMem(t)
	p := smallPrimitive(1)
	other := smallPrimitive(2)
	bad := map[string][]core.Change{
		"add without after": {{Type: core.ChangeAdd, PrimitiveID: "x"}},
		"id mismatch":       {{Type: core.ChangeAdd, PrimitiveID: "x", After: &p}},
		"unknown type":      {{Type: "rename", PrimitiveID: p.ID, After: &p}},
		"bad id":            {{Type: core.ChangeRemove, PrimitiveID: "a/b"}},
		"second is bad":     {{Type: core.ChangeAdd, PrimitiveID: other.ID, After: &other}, {Type: core.ChangeUpdate, PrimitiveID: "y"}},
	}
	for name, changes := range bad {
		if err := s.CommitSession(context.Background(), session("bad"), changes); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, ok, _ := s.Session("bad"); ok {
		t.Fatal("a rejected session was stored")
	}
	mustCount(t, s, 0)
}

// countdownCtx reports cancellation after its Err has been asked n times,
// so a test can cancel in the middle of journaling deterministically.
type countdownCtx struct {
	context.Context
	n atomic.Int64
}

func (c *countdownCtx) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// Journal transactions are bounded by the bytes they hold, not only by
// Badger's entry limits, which count a value-log value as its pointer.
func TestJournalBoundedByBytes(t *testing.T) {
	s := openDir(t, t.TempDir(), store.Options{})
	defer s.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	changes := addChanges(0, 40)
	for i := range changes {
		// 500 KB that S2 cannot shrink: 20 MB in all, over the 16 MiB bound.
		b := make([]byte, 250_000)
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		changes[i].After.FormalStatement = hex.EncodeToString(b)
	}
	if err := s.CommitSession(context.Background(), session("big-values"), changes); err != nil {
		t.Fatal(err)
	}
	if journal, _ := s.LastBatches(); journal < 2 {
		t.Fatalf("20 MB of journal in %d transaction(s)", journal)
	}
	got, err := s.Changes("big-values")
	if err != nil || len(got) != len(changes) || got[39].After.FormalStatement != changes[39].After.FormalStatement {
		t.Fatalf("journal read back %d changes, %v", len(got), err)
	}
	mustVerify(t, s)
}

func TestCommitSessionCancelled(t *testing.T) {
	s, err := store.OpenInMemoryWith(store.WithMaxJournalBatch(store.Options{}, 10))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	changes := addChanges(0, 20_000)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.CommitSession(ctx, session("c0"), changes); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before start: %v", err)
	}

	cd := &countdownCtx{Context: context.Background()}
	cd.n.Store(8)
	err = s.CommitSession(cd, session("c1"), changes)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled while journaling: %v", err)
	}
	if journal, _ := s.LastBatches(); journal < 1 {
		t.Fatalf("cancellation came before any journal batch (%d); the test proves nothing", journal)
	}
	for _, id := range []string{"c0", "c1"} {
		if _, ok, _ := s.Session(id); ok {
			t.Fatalf("cancelled session %s is visible", id)
		}
	}
	st, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st != (store.Stats{}) {
		t.Fatalf("cancelled sessions left data: %+v", st)
	}
}

func TestCommitSessionLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("200k-primitive session skipped in -short mode")
	}
	// The store's largest tests, each in a store of its own: side by side
	// they take the two cores a CI machine has, not one after the other.
	t.Parallel()
	dir := t.TempDir()
	// Journal chunks are compact enough that 200k changes fit one
	// transaction; the cap gives the journal several, as sessions of
	// millions of changes have.
	s := openDir(t, dir, store.WithMaxJournalBatch(store.Options{}, 100))
	start := time.Now()
	if err := s.CommitSession(context.Background(), session("big"), addChanges(0, bigSession)); err != nil {
		t.Fatal(err)
	}
	journal, apply := s.LastBatches()
	t.Logf("committed %d primitives in %v: %d journal and %d apply batches (Badger limit %d entries per txn)",
		bigSession, time.Since(start), journal, apply, s.MaxBatchCount())
	if apply <= 1 || journal <= 1 {
		t.Fatalf("session fit in one transaction (journal %d, apply %d batches); the test proves nothing", journal, apply)
	}
	mustCount(t, s, bigSession)
	sess := mustSession(t, s, "big")
	if sess.State != core.SessionCommitted || sess.Changes != bigSession {
		t.Fatalf("session = %+v", sess)
	}
	start = time.Now()
	rep := mustVerify(t, s)
	t.Logf("verified in %v: %+v", time.Since(start), rep)
	if rep.Edges != bigSession-1 || rep.ReverseEdges != bigSession-1 || rep.JournalEntries != bigSession {
		t.Fatalf("report = %+v", rep)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openDir(t, dir, store.Options{})
	defer s.Close()
	mustCount(t, s, bigSession)
	top, err := s.TopByImportance(1, 0)
	if err != nil || len(top) != 1 || top[0].Importance() != 2 {
		t.Fatalf("top after reopen: %v %v", ids(top), err)
	}
}

func TestCrashAfterCommitPointRollsForward(t *testing.T) {
	if testing.Short() {
		t.Skip("200k-primitive session skipped in -short mode")
	}
	// The store's largest tests, each in a store of its own: side by side
	// they take the two cores a CI machine has, not one after the other.
	t.Parallel()
	dir := t.TempDir()
	s := openDir(t, dir, store.WithCrashAfterApplyBatches(store.Options{}, 2))
	err := s.CommitSession(context.Background(), session("big"), addChanges(0, bigSession))
	if !errors.Is(err, store.ErrSimulatedCrash) {
		t.Fatalf("commit: %v, want the simulated crash", err)
	}
	if st := mustSession(t, s, "big").State; st != core.SessionCommitting {
		t.Fatalf("state after crash = %s", st)
	}
	n, err := s.Count()
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 || n >= bigSession {
		t.Fatalf("after 2 batches %d primitives are applied; the crash came at the wrong time", n)
	}
	t.Logf("crashed with %d of %d primitives applied", n, bigSession)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = openDir(t, dir, store.Options{})
	defer s.Close()
	mustCount(t, s, bigSession)
	sess := mustSession(t, s, "big")
	if sess.State != core.SessionCommitted || sess.CompletedAt.IsZero() {
		t.Fatalf("session after recovery = %+v", sess)
	}
	if _, apply := s.LastBatches(); apply <= 1 {
		t.Fatalf("recovery applied %d batches", apply)
	}
	// A full Verify of 200k primitives is TestCommitSessionLarge's job; here
	// key counts show that every record got all its derived keys.
	st, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	want := store.Stats{
		Primitives: bigSession, Edges: bigSession - 1,
		// Domain-type, keyword and name for all; rank for the
		// seventh that enable something.
		IndexEntries: 3*bigSession + (bigSession+6)/7,
		Sessions:     1, JournalEntries: bigSession,
	}
	if st != want {
		t.Fatalf("stats after recovery = %+v, want %+v", st, want)
	}
	p, ok, err := s.GetPrimitive("p-199999")
	if err != nil || !ok || p.Provenance.Session != "big" || !p.HasEdge("p-199998", core.Requires) {
		t.Fatalf("last primitive after recovery: %+v %v %v", p, ok, err)
	}
}

func TestCrashBeforeCommitPointRollsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("200k-primitive session skipped in -short mode")
	}
	dir := t.TempDir()
	s := openDir(t, dir, store.Options{})
	var before []core.Change
	for i := range 10 {
		p := prim(fmt.Sprint("before-", i), "d", core.Axiom, []string{"old"})
		before = append(before, core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p})
	}
	if err := s.CommitSession(context.Background(), session("before"), before); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = openDir(t, dir, store.WithCrashAfterJournalBatches(store.WithMaxJournalBatch(store.Options{}, 100), 2))
	err := s.CommitSession(context.Background(), session("big"), addChanges(0, bigSession))
	if !errors.Is(err, store.ErrSimulatedCrash) {
		t.Fatalf("commit: %v, want the simulated crash", err)
	}
	if st := mustSession(t, s, "big").State; st != core.SessionJournaling {
		t.Fatalf("state after crash = %s", st)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = openDir(t, dir, store.Options{})
	defer s.Close()
	if _, ok, err := s.Session("big"); ok || err != nil {
		t.Fatalf("rolled-back session visible: %v %v", ok, err)
	}
	mustCount(t, s, 10)
	st, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st.Sessions != 1 || st.JournalEntries != 10 {
		t.Fatalf("rollback left data behind: %+v", st)
	}
	mustVerify(t, s)
}

// mixedSession updates, removes and re-adds, touching the same primitive
// more than once, so that replaying it from the middle tests idempotence of
// more than plain adds.
func mixedSession() []core.Change {
	var out []core.Change
	put := func(t core.ChangeType, p core.Primitive) {
		out = append(out, core.Change{Type: t, PrimitiveID: p.ID, After: &p})
	}
	for i := 10; i < 30; i++ {
		p := smallPrimitive(i)
		p.Domain = "rewired"
		p.Keywords = []string{"new", fmt.Sprint("k", i)}
		p.Dependencies = []core.Edge{req("p-000000", 0.1), {Target: "p-000001", Type: core.Motivates, Strength: 0.2}}
		put(core.ChangeUpdate, p)
	}
	p := smallPrimitive(10)
	p.Domain = "twice"
	p.Enables = []string{"a", "b", "c", "d"}
	put(core.ChangeUpdate, p)
	for i := 50; i < 60; i++ {
		out = append(out, core.Change{Type: core.ChangeRemove, PrimitiveID: fmt.Sprintf("p-%06d", i)})
	}
	out = append(out, core.Change{Type: core.ChangeRemove, PrimitiveID: "p-000045"})
	p = smallPrimitive(45)
	p.Type = core.Identity
	put(core.ChangeAdd, p)
	for i := 0; i < 10; i++ {
		p := prim(fmt.Sprintf("new-%d", i), "fresh", core.Technique, []string{"fresh"}, req("p-000049", 1))
		put(core.ChangeAdd, p)
	}
	return out
}

func dump(t testing.TB, s *store.Store) string {
	t.Helper()
	var ps []core.Primitive
	if err := s.Primitives(func(p core.Primitive) error { ps = append(ps, p); return nil }); err != nil {
		t.Fatal(err)
	}
	st, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(struct {
		P []core.Primitive
		S store.Stats
	}{ps, st})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// firstDifference shows where two dumps part, with some context.
func firstDifference(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(i-80, 0)
	return fmt.Sprintf("at byte %d\n got …%s…\nwant …%s…", i, got[lo:min(i+80, len(got))], want[lo:min(i+80, len(want))])
}

func TestRollForwardIsIdempotentAtEveryBatch(t *testing.T) {
	const perBatch = 4
	ctx := context.Background()
	base, mixed := addChanges(0, 60), mixedSession()

	ref, err := store.OpenInMemoryWith(store.WithMaxApplyBatch(store.Options{}, perBatch))
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	if err := ref.CommitSession(ctx, session("base"), base); err != nil {
		t.Fatal(err)
	}
	if err := ref.CommitSession(ctx, session("mixed"), mixed); err != nil {
		t.Fatal(err)
	}
	mustVerify(t, ref)
	want := dump(t, ref)
	_, batches := ref.LastBatches()

	for crashAt := 1; crashAt < batches; crashAt++ {
		t.Run(fmt.Sprint("crash after batch ", crashAt), func(t *testing.T) {
			dir := t.TempDir()
			opts := store.WithMaxApplyBatch(store.Options{}, perBatch)
			s := openDir(t, dir, opts)
			if err := s.CommitSession(ctx, session("base"), base); err != nil {
				t.Fatal(err)
			}
			_ = s.Close()
			s = openDir(t, dir, store.WithCrashAfterApplyBatches(opts, crashAt))
			if err := s.CommitSession(ctx, session("mixed"), mixed); !errors.Is(err, store.ErrSimulatedCrash) {
				t.Fatalf("commit: %v", err)
			}
			_ = s.Close()
			s = openDir(t, dir, opts)
			defer s.Close()
			if got := dump(t, s); got != want {
				t.Fatalf("state after recovery differs from a clean commit: %s", firstDifference(got, want))
			}
			if st := mustSession(t, s, "mixed").State; st != core.SessionCommitted {
				t.Fatalf("state = %s", st)
			}
			got, err := s.Changes("mixed")
			if err != nil || !slices.EqualFunc(got, mixed, func(a, b core.Change) bool { return a.PrimitiveID == b.PrimitiveID && a.Type == b.Type }) {
				t.Fatalf("journal after recovery: %d changes, %v", len(got), err)
			}
			mustVerify(t, s)
		})
	}
}

// The applier plans a batch while the previous one is being written; a
// batch touching a primitive of the batch in flight must wait for it, or it
// would plan against a stale record and leave stale index entries.
func TestConsecutiveBatchesTouchingTheSamePrimitive(t *testing.T) {
	s, err := store.OpenInMemoryWith(store.WithMaxApplyBatch(store.Options{}, 2))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	version := func(id, domain string, kw string, deps ...core.Edge) *core.Primitive {
		p := prim(id, domain, core.Definition, []string{kw}, deps...)
		return &p
	}
	changes := []core.Change{
		{Type: core.ChangeAdd, PrimitiveID: "x", After: version("x", "d1", "k1")},
		{Type: core.ChangeAdd, PrimitiveID: "y", After: version("y", "d1", "k1", req("x", 1))},
		{Type: core.ChangeUpdate, PrimitiveID: "x", After: version("x", "d2", "k2", req("y", 1))},
		{Type: core.ChangeUpdate, PrimitiveID: "y", After: version("y", "d2", "k2")},
		{Type: core.ChangeRemove, PrimitiveID: "x"},
		{Type: core.ChangeAdd, PrimitiveID: "z", After: version("z", "d3", "k3", req("y", 1))},
		{Type: core.ChangeAdd, PrimitiveID: "x", After: version("x", "d3", "k3")},
		{Type: core.ChangeUpdate, PrimitiveID: "y", After: version("y", "d3", "k3", req("x", 0.5))},
	}
	if err := s.CommitSession(context.Background(), session("churn"), changes); err != nil {
		t.Fatal(err)
	}
	if _, apply := s.LastBatches(); apply != 4 {
		t.Fatalf("apply batches = %d, want 4", apply)
	}
	mustVerify(t, s)
	for _, domain := range []string{"d1", "d2"} {
		if ps, _ := s.ByDomain(domain); len(ps) != 0 {
			t.Fatalf("stale entries in domain %s: %v", domain, ids(ps))
		}
	}
	if ps, _ := s.ByDomain("d3"); !slices.Equal(ids(ps), []string{"x", "y", "z"}) {
		t.Fatalf("domain d3 = %v", ids(ps))
	}
	deps, err := s.Dependents("x")
	if err != nil || len(deps) != 1 || deps[0].ID != "y" || deps[0].Strength != 0.5 {
		t.Fatalf("dependents of x = %+v, %v", deps, err)
	}
}

// The journal and the records read back as the changes committed, whatever
// the text holds (HTML-sensitive characters, quotes, non-ASCII, JSON that
// looks like the journal's own).
func TestJournalAndRecordsReadBackWhatWasCommitted(t *testing.T) {
	s := openMem(t)
	ctx := context.Background()
	p := smallPrimitive(1)
	p.Name = `<Ring> & "field"`
	p.FormalStatement = `after: {"after":null} — x < y ∧ y > z`
	p.Dependencies = nil
	q := smallPrimitive(2)
	q.Dependencies = nil
	ts := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	changes := []core.Change{
		{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p, Timestamp: ts},
		{Type: core.ChangeAdd, PrimitiveID: q.ID, After: &q, Timestamp: ts,
			Provenance: &core.ProvenanceEntry{Action: "add", Rationale: "no match"}},
		{Type: core.ChangeNote, PrimitiveID: "n", Timestamp: ts},
	}
	if err := s.CommitSession(ctx, session("s1"), changes); err != nil {
		t.Fatal(err)
	}
	// What a commit journals and stores of an add: the session that added
	// it.
	p.Provenance.Session, q.Provenance.Session = "s1", "s1"
	q2 := q
	q2.FormalStatement = "updated </script>"
	update := []core.Change{
		{Type: core.ChangeUpdate, PrimitiveID: q.ID, Before: &q, After: &q2, Timestamp: ts},
		{Type: core.ChangeRemove, PrimitiveID: p.ID, Before: &p, Timestamp: ts},
	}
	s2 := session("s2")
	s2.StartedAt = s2.StartedAt.Add(time.Hour)
	if err := s.CommitSession(ctx, s2, update); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string][]core.Change{"s1": changes, "s2": update} {
		got, err := s.Changes(id)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Fatalf("journal of %s reads back\n%s\nwant\n%s", id, g, w)
		}
	}
	stored, ok, err := s.GetPrimitive(q.ID)
	if err != nil || !ok {
		t.Fatalf("get %s: %v %v", q.ID, ok, err)
	}
	g, _ := json.Marshal(stored)
	w, _ := json.Marshal(q2)
	if string(g) != string(w) {
		t.Fatalf("record reads back\n%s\nwant\n%s", g, w)
	}
	mustVerify(t, s)
}

// A rejection is recorded as a session in state rejected, with its
// decision and report and no changes; it survives a reopen (recovery
// leaves it alone), verifies, and a session without a rejection or with a
// taken id is refused, the store unchanged.
func TestRecordRejection(t *testing.T) {
	dir := t.TempDir()
	s := openDir(t, dir, store.Options{})
	ctx := context.Background()
	sess := session("learn-rej")
	sess.State = core.SessionCommitted // set by the store, whatever the caller says
	sess.Decision = &core.Decision{Status: core.Rejected, DecidedBy: core.ByUser, Person: "alice",
		DecidedAt: time.Now().UTC(), Acknowledged: []int{0},
		Findings: []core.Finding{{File: "a.md", Category: core.PromptInjection, Severity: core.Critical, Location: "a.md:3:1", Evidence: "ignore all previous instructions"}}}
	if err := s.RecordRejection(ctx, sess, []byte(`{"version":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordRejection(ctx, sess, nil); !errors.Is(err, store.ErrSessionExists) {
		t.Errorf("recorded twice: %v, want ErrSessionExists", err)
	}
	approved := session("learn-ok")
	approved.Decision = &core.Decision{Status: core.Approved, DecidedBy: core.ByAuto}
	if err := s.RecordRejection(ctx, approved, nil); err == nil {
		t.Error("a session without a rejection was recorded as one")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openDir(t, dir, store.Options{})
	defer s.Close()
	mustVerify(t, s)
	mustCount(t, s, 0)
	got := mustSession(t, s, "learn-rej")
	if got.State != core.SessionRejected || got.Changes != 0 || got.CompletedAt.IsZero() {
		t.Errorf("record = %+v", got)
	}
	d := got.Decision
	if d == nil || d.Person != "alice" || len(d.Findings) != 1 || d.Findings[0].Evidence != "ignore all previous instructions" || !slices.Equal(d.Acknowledged, []int{0}) {
		t.Errorf("decision = %+v", d)
	}
	if rep, ok, err := s.Report("learn-rej"); err != nil || !ok || string(rep) != `{"version":1}` {
		t.Errorf("report = %q, %v, %v", rep, ok, err)
	}
	if _, ok, _ := s.Session("learn-ok"); ok {
		t.Error("the refused session was stored")
	}
	ss, err := s.Sessions()
	if err != nil || len(ss) != 1 {
		t.Errorf("sessions = %d, %v; want the rejection alone", len(ss), err)
	}
}
