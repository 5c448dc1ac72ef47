package backendtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store/backend"
)

// hostile is text a source may bring into a session's record: an escaped
// NUL, invalid UTF-8 (which JSON turns into U+FFFD in every backend), a
// quote, a backslash, and non-ASCII.
const hostile = "ignore previous instructions\x00 \xff\xfe \"q\" \\ ∀ε>0 \u2028"

func primitive(id string) *core.Primitive {
	return &core.Primitive{
		ID: id, Name: "name of " + id, Type: core.Theorem, Domain: "analysis", Chapter: 3, Section: "3.1",
		Plane:           core.PlanePosition{Real: 0.1, Imaginary: -2.5e-7},
		FormalStatement: "for all ε > 0 " + id, Keywords: []string{"limit", id}, Confidence: 0.875,
		Dependencies: []core.Edge{{Target: "dep-" + id, Type: core.Requires, Strength: 1.0 / 3}},
		Provenance:   core.Provenance{Document: "doc.md", Section: "3.1", Offset: 42, ContentHash: "c0ffee"},
	}
}

// session is a learn session with every field a caller sets.
func session(id string, started time.Time) core.Session {
	return core.Session{
		ID: id, Kind: core.KindLearn, Source: "/src/" + id + ".md", Familiarity: core.Stranger,
		StartedAt: started, DryRun: false,
		Counts: core.SessionCounts{LearnCounts: &core.LearnCounts{Added: 2, Candidates: 5, Updated: 1}},
		Decision: &core.Decision{
			Status: core.ApprovedWithWarnings, Rationale: "reviewed", DecidedBy: core.ByUser, DecidedAt: at(0),
			Reviewed: 1, Acknowledged: []int{0}, Person: "ada",
			Findings: []core.Finding{{File: "a.md", Category: core.PromptInjection, Severity: core.Warning,
				Description: "instruction in the text", Location: "line 3", Evidence: hostile, Recommendation: "read it"}},
		},
		Findings: map[core.Severity]int{core.Warning: 1, core.Info: 2},
		Options:  map[string]string{"model": "m", "note": hostile},
		User:     "ada@example.org", Agent: "agent-1",
	}
}

// changes is a changeset with a change of every type.
func changes() []core.Change {
	upd := primitive("p2")
	upd.Provenance.Session = "earlier"
	return []core.Change{
		{Type: core.ChangeAdd, PrimitiveID: "p1", After: primitive("p1"), Timestamp: at(0),
			Provenance: &core.ProvenanceEntry{SessionID: "s", Timestamp: at(0), CandidateID: "c1",
				Action: "add", Rationale: hostile, Outcome: core.ActionAdd}},
		{Type: core.ChangeUpdate, PrimitiveID: "p2", Before: primitive("p2"), After: upd, Timestamp: at(0).Add(time.Nanosecond),
			EnablesAdded: []string{"p1"}, DependenciesAdded: []core.Edge{{Target: "p1", Type: core.Generalizes, Strength: 0.5}}},
		{Type: core.ChangeRemove, PrimitiveID: "p3", Before: primitive("p3"), Timestamp: at(1)},
		{Type: core.ChangeConflict, ConflictID: "k1", Timestamp: at(1),
			ConflictAfter: &core.Conflict{ID: "k1", Session: "s", Candidate: *primitive("p4"), Existing: *primitive("p2"),
				State: core.ConflictPending, CreatedAt: at(1)}},
		{Type: core.ChangeNote, Timestamp: at(2),
			Curation: &core.Curation{Kind: core.CurateEdit, ID: "p2", Why: hostile, By: "ada", At: at(2)}},
	}
}

// notes is n note changes, distinguishable by their provenance.
func notes(n int) []core.Change {
	out := make([]core.Change, n)
	for i := range out {
		out[i] = core.Change{Type: core.ChangeNote, Timestamp: at(0),
			Provenance: &core.ProvenanceEntry{CandidateID: fmt.Sprintf("c%06d", i), Action: "skip", Outcome: core.ActionSkip}}
	}
	return out
}

// normal is a session as the contract keeps it: its times as instants to
// the microsecond.
func normal(s core.Session) core.Session {
	norm := func(t time.Time) time.Time {
		if t.IsZero() {
			return time.Time{}
		}
		return t.UTC().Truncate(time.Microsecond)
	}
	s.StartedAt, s.CompletedAt = norm(s.StartedAt), norm(s.CompletedAt)
	if s.Decision != nil {
		d := *s.Decision
		d.DecidedAt = norm(d.DecidedAt)
		s.Decision = &d
	}
	return s
}

// viaJSON is v as any backend gives it back: what its JSON encodes.
func viaJSON[T any](t *testing.T, v T) T {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// sameSession compares every field, times as the contract keeps them.
func sameSession(t *testing.T, what string, got, want core.Session) {
	t.Helper()
	g, w := normal(got), normal(viaJSON(t, want))
	if !reflect.DeepEqual(g, w) {
		gb, _ := json.Marshal(g)
		wb, _ := json.Marshal(w)
		t.Errorf("%s:\n got %s\nwant %s", what, gb, wb)
	}
}

// sameChanges compares changes byte for byte, as JSON, and as values.
func sameChanges(t *testing.T, got, want []core.Change) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d changes, want %d", len(got), len(want))
	}
	for i := range got {
		w := viaJSON(t, want[i])
		gb, _ := json.Marshal(&got[i])
		wb, _ := json.Marshal(&w)
		if !bytes.Equal(gb, wb) {
			t.Fatalf("change %d:\n got %s\nwant %s", i, gb, wb)
		}
		if !reflect.DeepEqual(got[i], w) {
			t.Fatalf("change %d:\n got %+v\nwant %+v", i, got[i], w)
		}
	}
}

func commit(t *testing.T, st backend.Store, sess core.Session, chs []core.Change, report []byte) {
	t.Helper()
	if err := st.CommitSessionWith(context.Background(), sess, chs, report); err != nil {
		t.Fatalf("commit session %s: %v", sess.ID, err)
	}
}

func mustSession(t *testing.T, st backend.Store, id string) core.Session {
	t.Helper()
	s, ok, err := st.Session(id)
	if err != nil || !ok {
		t.Fatalf("session %s: found %v, %v", id, ok, err)
	}
	return s
}

func ids(t *testing.T, st backend.Store) []string {
	t.Helper()
	ss, err := st.Sessions()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range ss {
		out = append(out, s.ID)
	}
	return out
}

// absent checks that nothing of session id is stored.
func absent(t *testing.T, st backend.Store, id string) {
	t.Helper()
	if s, ok, err := st.Session(id); ok || err != nil {
		t.Errorf("session %s: %+v, found %v, %v", id, s, ok, err)
	}
	if chs, err := st.Changes(id); !errors.Is(err, backend.ErrNotFound) {
		t.Errorf("changes of %s: %d, %v, want %v", id, len(chs), err, backend.ErrNotFound)
	}
	if r, ok, err := st.Report(id); ok || err != nil {
		t.Errorf("report of %s: %q, found %v, %v", id, r, ok, err)
	}
	if got := ids(t, st); slices.Contains(got, id) {
		t.Errorf("sessions %q list %s", got, id)
	}
}

var sessionCases = []Case{
	// A session comes back as it was committed, with the fields the store
	// sets; its changes byte for byte in their order, an added
	// primitive's provenance stamped with the session; its report as
	// given. The caller's changes are left alone.
	{"sessions/commit-and-read", func(t *testing.T, st backend.Store) {
		sess, chs := session("s1", at(-1)), changes()
		report := []byte("{\"report\": \"\x00\xff\"}")
		commit(t, st, sess, chs, report)
		if chs[0].After.Provenance.Session != "" {
			t.Errorf("the caller's change was stamped: %q", chs[0].After.Provenance.Session)
		}
		got := mustSession(t, st, "s1")
		if got.CompletedAt.IsZero() || got.CompletedAt.Before(time.Now().Add(-time.Minute)) {
			t.Errorf("completed at %v, want the time of the commit", got.CompletedAt)
		}
		want := sess
		want.State, want.Changes, want.CompletedAt = core.SessionCommitted, len(chs), got.CompletedAt
		sameSession(t, "session", got, want)
		if all, err := st.Sessions(); err != nil || len(all) != 1 {
			t.Fatalf("sessions: %d, %v", len(all), err)
		} else {
			sameSession(t, "listed", all[0], want)
		}
		stamped := changes()
		stamped[0].After.Provenance.Session = "s1"
		gotChs, err := st.Changes("s1")
		if err != nil {
			t.Fatal(err)
		}
		sameChanges(t, gotChs, stamped)
		if r, ok, err := st.Report("s1"); err != nil || !ok || !bytes.Equal(r, report) {
			t.Errorf("report %q, found %v, %v; want %q", r, ok, err, report)
		}
	}},
	// A session without changes has none; an empty report is kept, and
	// is not none; a zero start becomes the time of the commit.
	{"sessions/empty", func(t *testing.T, st backend.Store) {
		before := time.Now().Add(-time.Second)
		commit(t, st, core.Session{ID: "s"}, nil, []byte{})
		got := mustSession(t, st, "s")
		if got.StartedAt.Before(before) || got.Changes != 0 || got.State != core.SessionCommitted {
			t.Errorf("session %+v", got)
		}
		if chs, err := st.Changes("s"); err != nil || len(chs) != 0 {
			t.Errorf("changes %v, %v", chs, err)
		}
		if r, ok, err := st.Report("s"); !ok || err != nil || len(r) != 0 {
			t.Errorf("an empty report: %q, found %v, %v", r, ok, err)
		}
		commit(t, st, core.Session{ID: "t"}, nil, nil)
		if r, ok, err := st.Report("t"); ok || err != nil {
			t.Errorf("no report: %q, found %v, %v", r, ok, err)
		}
	}},
	// Newest first; among sessions started at the same instant, the
	// greater id (byte order) first.
	{"sessions/newest-first", func(t *testing.T, st backend.Store) {
		for _, s := range []struct {
			id    string
			start time.Time
		}{{"b", at(1)}, {"a", at(1)}, {"Z", at(1)}, {"old", at(-5)}, {"new", at(3)}, {"c", at(1).UTC()}, {"ä", at(1)}} {
			commit(t, st, core.Session{ID: s.id, StartedAt: s.start}, nil, nil)
		}
		commit(t, st, core.Session{ID: "now"}, nil, nil)
		want := []string{"now", "new", "ä", "c", "b", "a", "Z", "old"}
		if got := ids(t, st); !slices.Equal(got, want) {
			t.Errorf("sessions listed %q, want %q", got, want)
		}
	}},
	// A changeset with a change the store refuses, anywhere in it,
	// refuses the commit: nothing of the session is stored, and its id
	// is still free.
	{"sessions/refused-change", func(t *testing.T, st backend.Store) {
		for i, bad := range []core.Change{
			{Type: core.ChangeAdd, PrimitiveID: "a/b", After: primitive("a/b")},
			{Type: core.ChangeAdd, PrimitiveID: "p9"},
			{Type: core.ChangeUpdate, PrimitiveID: "p9", After: primitive("p8")},
			{Type: "rename", PrimitiveID: "p9"},
			{Type: core.ChangeConflict, ConflictID: ""},
		} {
			chs := notes(5000)
			chs[4000] = bad
			err := st.CommitSessionWith(context.Background(), session("s", at(0)), chs, []byte("report"))
			if err == nil {
				t.Fatalf("case %d: a changeset with %+v was committed", i, bad)
			}
			absent(t, st, "s")
		}
		chs := notes(5000)
		chs[4000] = core.Change{Type: core.ChangeAdd, PrimitiveID: "p", After: primitive("p")}
		chs[4000].After.Dependencies[0].Target = "x\x00y"
		if err := st.CommitSession(context.Background(), session("s", at(0)), chs); !errors.Is(err, backend.ErrInvalidID) {
			t.Errorf("a dependency no store can keep: %v, want %v", err, backend.ErrInvalidID)
		}
		absent(t, st, "s")
		commit(t, st, session("s", at(0)), notes(3), nil)
	}},
	// A cancelled context abandons the commit: nothing is stored.
	{"sessions/cancelled", func(t *testing.T, st backend.Store) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := st.CommitSessionWith(ctx, session("s", at(0)), notes(100), []byte("r")); !errors.Is(err, context.Canceled) {
			t.Errorf("commit with a cancelled context: %v", err)
		}
		absent(t, st, "s")
		rej := session("r", at(0))
		rej.Decision.Status = core.Rejected
		if err := st.RecordRejection(ctx, rej, nil); !errors.Is(err, context.Canceled) {
			t.Errorf("rejection with a cancelled context: %v", err)
		}
		absent(t, st, "r")
	}},
	// A session is committed once: the second commit of its id is
	// refused and the first is kept as it was.
	{"sessions/exists", func(t *testing.T, st backend.Store) {
		commit(t, st, session("s", at(0)), notes(3), []byte("first"))
		first := mustSession(t, st, "s")
		err := st.CommitSessionWith(context.Background(), session("s", at(5)), notes(7), []byte("second"))
		if !errors.Is(err, backend.ErrSessionExists) {
			t.Fatalf("second commit: %v, want %v", err, backend.ErrSessionExists)
		}
		rej := session("s", at(5))
		rej.Decision.Status = core.Rejected
		if err := st.RecordRejection(context.Background(), rej, nil); !errors.Is(err, backend.ErrSessionExists) {
			t.Errorf("a rejection of a committed id: %v, want %v", err, backend.ErrSessionExists)
		}
		sameSession(t, "kept", mustSession(t, st, "s"), first)
		if chs, err := st.Changes("s"); err != nil || len(chs) != 3 {
			t.Errorf("changes %d, %v", len(chs), err)
		}
		if r, _, err := st.Report("s"); err != nil || string(r) != "first" {
			t.Errorf("report %q, %v", r, err)
		}
	}},
	// A rejected learn is recorded in state rejected, without changes,
	// with its decision and report; only a rejection is.
	{"sessions/rejection", func(t *testing.T, st backend.Store) {
		rej := session("r", at(0))
		rej.Decision.Status = core.Rejected
		rej.CompletedAt = at(1)
		if err := st.RecordRejection(context.Background(), rej, []byte("why")); err != nil {
			t.Fatal(err)
		}
		want := rej
		want.State = core.SessionRejected
		sameSession(t, "rejection", mustSession(t, st, "r"), want)
		if chs, err := st.Changes("r"); err != nil || len(chs) != 0 {
			t.Errorf("changes %v, %v", chs, err)
		}
		if r, ok, err := st.Report("r"); err != nil || !ok || string(r) != "why" {
			t.Errorf("report %q, found %v, %v", r, ok, err)
		}
		approved := session("a", at(0))
		if err := st.RecordRejection(context.Background(), approved, nil); err == nil {
			t.Error("an approval recorded as a rejection")
		}
		undo := rej
		undo.ID, undo.Reverts = "u", "r"
		if err := st.RecordRejection(context.Background(), undo, nil); err == nil {
			t.Error("a rejection that reverts a session was recorded")
		}
		absent(t, st, "a")
		absent(t, st, "u")
		if err := st.SetSessionState("r", core.SessionCommitted); err == nil {
			t.Error("a rejection was set committed")
		}
	}},
	// A finished session moves between committed and reverted, and no
	// other state can be set.
	{"sessions/state", func(t *testing.T, st backend.Store) {
		commit(t, st, session("s", at(0)), notes(2), nil)
		before := mustSession(t, st, "s")
		if err := st.SetSessionState("s", core.SessionReverted); err != nil {
			t.Fatal(err)
		}
		want := before
		want.State = core.SessionReverted
		sameSession(t, "reverted", mustSession(t, st, "s"), want)
		if err := st.SetSessionState("s", core.SessionCommitted); err != nil {
			t.Fatal(err)
		}
		sameSession(t, "committed again", mustSession(t, st, "s"), before)
		for _, state := range []core.SessionState{core.SessionJournaling, core.SessionCommitting, core.SessionRejected, ""} {
			if err := st.SetSessionState("s", state); err == nil {
				t.Errorf("state %q was set", state)
			}
		}
		sameSession(t, "after refusals", mustSession(t, st, "s"), before)
		if chs, err := st.Changes("s"); err != nil || len(chs) != 2 {
			t.Errorf("changes %d, %v", len(chs), err)
		}
	}},
	// An unlearn marks the session it reverts in the same commit; a
	// session not committed, unknown, or itself cannot be reverted, and
	// the unlearn is then not stored.
	{"sessions/unlearn", func(t *testing.T, st backend.Store) {
		commit(t, st, session("learn", at(0)), changes(), nil)
		undo := core.Session{ID: "undo", Kind: core.KindUnlearn, Reverts: "learn", StartedAt: at(1),
			Counts: core.SessionCounts{UnlearnCounts: &core.UnlearnCounts{Removed: 1}}}
		commit(t, st, undo, notes(1), nil)
		if s := mustSession(t, st, "learn"); s.State != core.SessionReverted || s.RevertedBy != "undo" {
			t.Errorf("reverted session: state %s, reverted by %q", s.State, s.RevertedBy)
		}
		if s := mustSession(t, st, "undo"); s.Reverts != "learn" || s.State != core.SessionCommitted || s.Counts.Unlearn().Removed != 1 {
			t.Errorf("unlearn session %+v", s)
		}
		again := undo
		again.ID = "again"
		if err := st.CommitSession(context.Background(), again, nil); !errors.Is(err, backend.ErrNotRevertible) {
			t.Errorf("revert a reverted session: %v, want %v", err, backend.ErrNotRevertible)
		}
		absent(t, st, "again")
		for _, target := range []string{"nobody", "self", "a/b"} {
			s := core.Session{ID: "self", Reverts: target}
			if err := st.CommitSession(context.Background(), s, notes(1)); !errors.Is(err, backend.ErrNotFound) {
				t.Errorf("revert %q: %v, want %v", target, err, backend.ErrNotFound)
			}
			absent(t, st, "self")
		}
		if s := mustSession(t, st, "learn"); s.State != core.SessionReverted || s.RevertedBy != "undo" {
			t.Errorf("reverted session after refusals: state %s, reverted by %q", s.State, s.RevertedBy)
		}
	}},
	// An unknown session is not found, and no error but for what needs
	// it; an id no store keeps is refused.
	{"sessions/unknown", func(t *testing.T, st backend.Store) {
		if ss, err := st.Sessions(); err != nil || len(ss) != 0 {
			t.Errorf("a new store's sessions: %v, %v", ss, err)
		}
		commit(t, st, session("s", at(0)), nil, nil)
		absent(t, st, "t")
		if err := st.SetSessionState("t", core.SessionReverted); !errors.Is(err, backend.ErrNotFound) {
			t.Errorf("set the state of an unknown session: %v, want %v", err, backend.ErrNotFound)
		}
		for _, id := range []string{"", "a/b", "a\x00b", string(make([]byte, backend.MaxIDLen+1))} {
			if _, _, err := st.Session(id); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("session %.12q: %v", id, err)
			}
			if _, err := st.Changes(id); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("changes %.12q: %v", id, err)
			}
			if _, _, err := st.Report(id); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("report %.12q: %v", id, err)
			}
			if err := st.SetSessionState(id, core.SessionReverted); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("set state %.12q: %v", id, err)
			}
			if err := st.CommitSession(context.Background(), core.Session{ID: id}, nil); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("commit %.12q: %v", id, err)
			}
		}
		if got := ids(t, st); !slices.Equal(got, []string{"s"}) {
			t.Errorf("sessions %q", got)
		}
	}},
	// Ten thousand changes, added primitives among them, are committed
	// and read back in their order.
	{"sessions/large", func(t *testing.T, st backend.Store) {
		const n = 10000
		chs := notes(n)
		for i := 0; i < n; i += 10 {
			id := fmt.Sprintf("p%05d", i)
			chs[i] = core.Change{Type: core.ChangeAdd, PrimitiveID: id, After: primitive(id), Timestamp: at(0)}
		}
		commit(t, st, session("big", at(0)), chs, nil)
		if s := mustSession(t, st, "big"); s.Changes != n {
			t.Errorf("session counts %d changes, want %d", s.Changes, n)
		}
		got, err := st.Changes("big")
		if err != nil {
			t.Fatal(err)
		}
		want, err := backend.PrepareChanges("big", chs)
		if err != nil {
			t.Fatal(err)
		}
		sameChanges(t, got, want)
	}},
}
