package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store/backend"
)

func notes(n int) []core.Change {
	out := make([]core.Change, n)
	for i := range out {
		out[i] = core.Change{Type: core.ChangeNote, Timestamp: time.Unix(int64(i), 1),
			Provenance: &core.ProvenanceEntry{CandidateID: fmt.Sprintf("c%d", i), Rationale: "\x00\xff ∀"}}
	}
	return out
}

// count is the number of rows of a table that concern session id.
func count(t *testing.T, conn *pgx.Conn, table, column, id string) int {
	t.Helper()
	var n int
	if err := conn.QueryRow(context.Background(), "SELECT count(*) FROM "+table+" WHERE "+column+" = $1", id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A commit that fails while its changes are being sent — an error, or its
// context cancelled — leaves nothing: no session, no change row, no
// report; while it runs, others do not see the session. The store then
// commits the same id.
func TestCommitFailsMidway(t *testing.T) {
	db := pgtest.Start(t)
	st := open(t, db.URL)
	conn := connect(t, db.URL)
	errStop := errors.New("stopped at change 6000")
	for _, c := range []struct {
		name string
		stop func(cancel context.CancelFunc) error
		want error
	}{
		{"error", func(context.CancelFunc) error { return errStop }, errStop},
		{"cancelled", func(cancel context.CancelFunc) error { cancel(); return nil }, context.Canceled},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var seen []string
			st.beforeChange = func(i int) error {
				if i != 6000 {
					return nil
				}
				if _, ok, err := st.Session("mid"); ok || err != nil {
					seen = append(seen, fmt.Sprintf("session found %v, %v", ok, err))
				}
				if n := count(t, conn, "session_changes", "session_id", "mid"); n != 0 {
					seen = append(seen, fmt.Sprintf("%d change rows", n))
				}
				return c.stop(cancel)
			}
			defer func() { st.beforeChange = nil }()
			err := st.CommitSessionWith(ctx, core.Session{ID: "mid"}, notes(10000), []byte("report"))
			if !errors.Is(err, c.want) {
				t.Fatalf("commit: %v, want %v", err, c.want)
			}
			t.Log(err)
			if seen != nil {
				t.Errorf("the commit was seen before it was made: %v", seen)
			}
			if _, ok, err := st.Session("mid"); ok || err != nil {
				t.Errorf("session after the failed commit: found %v, %v", ok, err)
			}
			if n := count(t, conn, "sessions", "id", "mid") + count(t, conn, "session_changes", "session_id", "mid"); n != 0 {
				t.Errorf("%d rows of the failed commit", n)
			}
		})
	}
	if err := st.CommitSession(context.Background(), core.Session{ID: "mid"}, notes(10)); err != nil {
		t.Fatal(err)
	}
	if chs, err := st.Changes("mid"); err != nil || len(chs) != 10 {
		t.Errorf("changes %d, %v", len(chs), err)
	}
}

// A change is kept as the bytes of its JSON, the bytes Badger's journal
// holds: the json column keeps them as they were sent, escaped NUL
// included, which jsonb would refuse.
func TestChangesKeptAsTheirJSON(t *testing.T) {
	db := pgtest.Start(t)
	st := open(t, db.URL)
	chs := notes(3)
	if err := st.CommitSession(context.Background(), core.Session{ID: "s"}, chs); err != nil {
		t.Fatal(err)
	}
	rows, err := connect(t, db.URL).Query(context.Background(), "SELECT change::text FROM session_changes WHERE session_id = 's' ORDER BY seq")
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(chs) {
		t.Fatalf("%d rows, want %d", len(got), len(chs))
	}
	for i := range chs {
		want, _ := json.Marshal(&chs[i])
		if !bytes.Equal([]byte(got[i]), want) {
			t.Errorf("change %d kept as\n%s\nwant\n%s", i, got[i], want)
		}
	}
}

// Commits of one session id at once: one is made, the others refused as
// ErrSessionExists, and the stored changes are the one's.
func TestConcurrentCommitsOfOneID(t *testing.T) {
	db := pgtest.Start(t)
	st := open(t, db.URL)
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() { errs[i] = st.CommitSession(context.Background(), core.Session{ID: "s"}, notes(1000*(i+1))) })
	}
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won < 0:
			won = i
		case !errors.Is(err, backend.ErrSessionExists):
			t.Errorf("commit %d: %v, want one made and the others %v", i, err, backend.ErrSessionExists)
		}
	}
	if won < 0 {
		t.Fatal("no commit was made")
	}
	if chs, err := st.Changes("s"); err != nil || len(chs) != 1000*(won+1) {
		t.Errorf("changes %d, %v; want the winner's %d", len(chs), err, 1000*(won+1))
	}
}

// Unlearns of one session at once: one reverts it, the others are refused
// as ErrNotRevertible and not stored.
func TestConcurrentUnlearns(t *testing.T) {
	db := pgtest.Start(t)
	st := open(t, db.URL)
	ctx := context.Background()
	if err := st.CommitSession(ctx, core.Session{ID: "learn"}, notes(10)); err != nil {
		t.Fatal(err)
	}
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() {
			errs[i] = st.CommitSession(ctx, core.Session{ID: fmt.Sprintf("undo%d", i), Reverts: "learn"}, notes(100))
		})
	}
	wg.Wait()
	won := ""
	for i, err := range errs {
		id := fmt.Sprintf("undo%d", i)
		_, stored, serr := st.Session(id)
		switch {
		case err == nil && won == "":
			won = id
		case !errors.Is(err, backend.ErrNotRevertible):
			t.Errorf("unlearn %d: %v, want one made and the others %v", i, err, backend.ErrNotRevertible)
		case stored || serr != nil:
			t.Errorf("the refused unlearn %s is stored (%v)", id, serr)
		}
	}
	learn, _, err := st.Session("learn")
	if err != nil || learn.State != core.SessionReverted || learn.RevertedBy != won || won == "" {
		t.Errorf("reverted session: %s by %q, %v; the unlearn made: %q", learn.State, learn.RevertedBy, err, won)
	}
}

// A database at schema version 1 (users only) is brought to this build's
// by opening it, its users kept.
func TestUpgradeFromVersion1(t *testing.T) {
	db := pgtest.Start(t)
	all := migrations
	migrations = migrations[:1]
	st, err := Open(context.Background(), db.URL)
	migrations = all
	if err != nil {
		t.Fatal(err)
	}
	u := access.User{Name: "ada", Role: access.Admin, Workspace: access.DefaultWorkspace, TokenHash: "00aa", By: "admin"}
	if err := st.PutUser(u); err != nil {
		t.Fatal(err)
	}
	if sc, err := st.Schema(); err != nil || sc.Version != 1 {
		t.Fatalf("schema before the upgrade %+v, %v", sc, err)
	}
	_ = st.Close()

	st = open(t, db.URL)
	if sc, err := st.Schema(); err != nil || sc.Version != SchemaVersion {
		t.Errorf("schema after the upgrade %+v, %v", sc, err)
	}
	if _, ok, err := st.User("ada"); !ok || err != nil {
		t.Errorf("user after the upgrade: found %v, %v", ok, err)
	}
	if err := st.CommitSession(context.Background(), core.Session{ID: "s"}, notes(2)); err != nil {
		t.Errorf("commit after the upgrade: %v", err)
	}
}

// The sessions' queries read their indexes: a session by id, the list
// newest first without a sort, a session's changes in order.
func TestSessionQueriesUseIndexes(t *testing.T) {
	db := pgtest.Start(t)
	open(t, db.URL)
	conn := connect(t, db.URL)
	// Bitmap scans too: on empty tables the planner would rather fetch
	// a session's changes by the index and then sort them.
	if _, err := conn.Exec(context.Background(), "SET enable_seqscan = off; SET enable_bitmapscan = off"); err != nil {
		t.Fatal(err)
	}
	planned(t, conn, []plannedQuery{
		{querySession, "sessions_pkey", []any{"s"}},
		{queryLockSession, "sessions_pkey", []any{"s"}},
		{queryReport, "sessions_pkey", []any{"s"}},
		{querySessions, "sessions_newest", nil},
		{queryChanges, "session_changes_pkey", []any{"s"}},
		{queryRejected, "sessions_rejected", []any{"/a.md"}},
		{queryCurations, "sessions_curating", nil},
	})
}

// The sessions a learn asks for are those its questions' filters over
// every session give: the rejections of one source; the committed
// sessions recording curations.
func TestSessionsALearnAsksFor(t *testing.T) {
	st := open(t, pgtest.Start(t).URL)
	ctx := context.Background()
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, s := range []core.Session{
		{ID: "rej-a", Source: "/a.md", State: core.SessionRejected},
		{ID: "rej-a2", Source: "/a.md", State: core.SessionRejected},
		{ID: "rej-b", Source: "/b.md", State: core.SessionRejected},
		{ID: "learn-a", Source: "/a.md", State: core.SessionCommitted, Kind: core.KindLearn},
		{ID: "curate", State: core.SessionCommitted, Kind: core.KindCurate},
		{ID: "learn-curated", Source: "/a.md", State: core.SessionCommitted, Kind: core.KindLearn, Options: map[string]string{"curated": "2"}},
		{ID: "learn-uncurated", Source: "/a.md", State: core.SessionCommitted, Kind: core.KindLearn, Options: map[string]string{"curated": ""}},
	} {
		s.StartedAt = at.Add(time.Duration(i) * time.Minute)
		var err error
		if s.State == core.SessionRejected {
			s.Decision = &core.Decision{Status: core.Rejected}
			err = st.RecordRejection(ctx, s, nil)
		} else {
			err = st.CommitSession(ctx, s, notes(1))
		}
		if err != nil {
			t.Fatalf("%s: %v", s.ID, err)
		}
	}
	all, err := st.Sessions()
	if err != nil {
		t.Fatal(err)
	}
	ids := func(ss []core.Session, keep func(core.Session) bool) []string {
		var out []string
		for _, s := range ss {
			if keep(s) {
				out = append(out, s.ID)
			}
		}
		return out
	}
	for _, src := range []string{"/a.md", "/b.md", "/none.md"} {
		got, err := st.RejectedSessions(src)
		if err != nil {
			t.Fatal(err)
		}
		want := ids(all, func(s core.Session) bool { return s.State == core.SessionRejected && s.Source == src })
		if g := ids(got, func(core.Session) bool { return true }); !slices.Equal(g, want) {
			t.Errorf("rejections of %s: %v, want %v", src, g, want)
		}
	}
	got, err := st.CurationSessions()
	if err != nil {
		t.Fatal(err)
	}
	want := ids(all, func(s core.Session) bool {
		return s.State == core.SessionCommitted && (s.Kind == core.KindCurate || s.Options["curated"] != "")
	})
	if g := ids(got, func(core.Session) bool { return true }); !slices.Equal(g, want) || len(want) != 2 {
		t.Errorf("sessions of curations: %v, want %v", g, want)
	}
}
