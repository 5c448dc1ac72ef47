package postgres

import (
	"bytes"
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/internal/pgtest"
)

// Events reach the other processes listening to the workspace, large ones
// too, in order; not their sender, nor another workspace; a closed store
// stops listening.
func TestEventsReachOtherProcesses(t *testing.T) {
	db := pgtest.Start(t)
	ctx := context.Background()
	a, b := open(t, db.URL), open(t, db.URL)
	other, err := OpenWorkspace(ctx, db.URL, "other")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	type got struct {
		mu  sync.Mutex
		evs [][]byte
	}
	listen := func(st *Store, origin string) (*got, chan struct{}) {
		g := &got{}
		ready := make(chan struct{})
		done := make(chan struct{})
		go func() {
			st.Listen(ctx, origin, func() { close(ready) }, func(p []byte) {
				g.mu.Lock()
				g.evs = append(g.evs, p)
				g.mu.Unlock()
			})
			close(done)
		}()
		select {
		case <-ready:
		case <-time.After(10 * time.Second):
			t.Fatal("never listening")
		}
		return g, done
	}
	atA, _ := listen(a, "server-a")
	atB, doneB := listen(b, "server-b")
	atOther, _ := listen(other, "server-o")

	big := bytes.Repeat([]byte("finding "), 20000)
	for _, p := range [][]byte{[]byte("one"), big, []byte("three")} {
		if err := a.Publish(ctx, "server-a", p); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		atB.mu.Lock()
		n := len(atB.evs)
		atB.mu.Unlock()
		if n == 3 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	atB.mu.Lock()
	if len(atB.evs) != 3 || string(atB.evs[0]) != "one" || !bytes.Equal(atB.evs[1], big) || string(atB.evs[2]) != "three" {
		t.Errorf("server b got %d events", len(atB.evs))
	}
	atB.mu.Unlock()
	time.Sleep(200 * time.Millisecond)
	for name, g := range map[string]*got{"the sender": atA, "another workspace": atOther} {
		g.mu.Lock()
		if len(g.evs) != 0 {
			t.Errorf("%s got %d events", name, len(g.evs))
		}
		g.mu.Unlock()
	}
	_ = b.Close()
	select {
	case <-doneB:
	case <-time.After(10 * time.Second):
		t.Error("closing the store did not stop its listener")
	}
}

// A question is kept until settled, shown to other origins only, and
// forgotten once older than asked for.
func TestQuestionsWaiting(t *testing.T) {
	st := open(t, pgtest.Start(t).URL)
	ctx := context.Background()
	if err := st.Ask(ctx, "server-a", "run-1", []byte("q1")); err != nil {
		t.Fatal(err)
	}
	if err := st.Ask(ctx, "server-a", "run-2", []byte("q2")); err != nil {
		t.Fatal(err)
	}
	got := func(origin string, age time.Duration) string {
		t.Helper()
		qs, err := st.Questions(ctx, origin, age)
		if err != nil {
			t.Fatal(err)
		}
		return string(bytes.Join(qs, []byte(",")))
	}
	if g := got("server-b", time.Minute); g != "q1,q2" {
		t.Errorf("another origin sees %q", g)
	}
	if g := got("server-a", time.Minute); g != "" {
		t.Errorf("the asker sees its own: %q", g)
	}
	if err := st.Settle(ctx, "run-1"); err != nil {
		t.Fatal(err)
	}
	if g := got("server-b", time.Minute); g != "q2" {
		t.Errorf("after settling run-1: %q", g)
	}
	time.Sleep(20 * time.Millisecond)
	if g := got("server-b", 10*time.Millisecond); g != "" {
		t.Errorf("a question older than asked for is shown: %q", g)
	}
}

// A listener whose connection is lost gets, once it has made it again,
// the events stored meanwhile, each once, and none from before it first
// listened.
func TestEventsAfterALostConnection(t *testing.T) {
	db := pgtest.Start(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a, b := open(t, db.URL), open(t, db.URL)
	if err := a.Publish(ctx, "server-a", []byte("history")); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var got []string
	ready := make(chan struct{})
	go b.Listen(ctx, "server-b", func() { close(ready) }, func(p []byte) {
		mu.Lock()
		got = append(got, string(p))
		mu.Unlock()
	})
	<-ready
	if err := a.Publish(ctx, "server-a", []byte("before")); err != nil {
		t.Fatal(err)
	}
	waitFor := func(n int) []string {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			mu.Lock()
			g := slices.Clone(got)
			mu.Unlock()
			if len(g) >= n || time.Now().After(deadline) {
				return g
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitFor(1)
	// The listener's connection dies; it waits a second before the next.
	tag, err := connect(t, db.URL).Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
WHERE pid <> pg_backend_pid() AND (query LIKE 'LISTEN%' OR query LIKE 'SELECT origin, payload FROM run_events%')`)
	if err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("terminate the listener: %v, %d rows", err, tag.RowsAffected())
	}
	for _, p := range []string{"during one", "during two"} {
		if err := a.Publish(ctx, "server-a", []byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Publish(ctx, "server-b", []byte("its own")); err != nil {
		t.Fatal(err)
	}
	waitFor(3)
	if err := a.Publish(ctx, "server-a", []byte("after")); err != nil {
		t.Fatal(err)
	}
	waitFor(4)
	time.Sleep(200 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"before", "during one", "during two", "after"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A question whose asking process has ended (its connections gone, as a
// process killed with SIGKILL leaves them) is withdrawn: other processes
// no longer read it, RunGone says so and forgets it; a question whose
// asker lives, and one recorded by an older lore (no presence), stay.
func TestQuestionsOfAnEndedProcessWithdrawn(t *testing.T) {
	db := pgtest.Start(t)
	ctx := context.Background()
	asker, other := open(t, db.URL), open(t, db.URL)
	if err := asker.Ask(ctx, "server-a", "run-a", []byte("qa")); err != nil {
		t.Fatal(err)
	}
	if err := other.Ask(ctx, "server-b", "run-b", []byte("qb")); err != nil {
		t.Fatal(err)
	}
	// As an older lore records its question: no presence held.
	if _, err := other.pool.Exec(ctx, `INSERT INTO run_questions (run_id, origin, payload) VALUES ('run-old', 'server-old', 'qo')`); err != nil {
		t.Fatal(err)
	}
	got := func(origin string) string {
		t.Helper()
		qs, err := other.Questions(ctx, origin, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		return string(bytes.Join(qs, []byte(",")))
	}
	if g := got("server-c"); g != "qa,qb,qo" {
		t.Fatalf("questions while their askers live: %q", g)
	}
	if g := got("server-b"); g != "qa,qo" {
		t.Errorf("server-b sees %q", g)
	}
	for _, run := range []string{"run-a", "run-b", "run-old", "run-none"} {
		if gone, err := other.RunGone(ctx, run); gone || err != nil {
			t.Errorf("%s gone while its asker lives: %v %v", run, gone, err)
		}
	}

	// The asker's process ends: every connection of it is cut, by the
	// server, as when the process is killed.
	var pids []int32
	// The asker's presence connection is the one whose lock is shared
	// and is not other's: end it alone.
	if err := other.pool.QueryRow(ctx, `SELECT coalesce(array_agg(pid), '{}') FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ShareLock'
AND classid = $1::oid AND objid = $2::oid`, uint32(presenceLockClass), uint32(presenceID("server-a"))).Scan(&pids); err != nil {
		t.Fatal(err)
	}
	if len(pids) != 1 {
		t.Fatalf("the asker's presence is held by %v", pids)
	}
	if _, err := other.pool.Exec(ctx, "SELECT pg_terminate_backend($1)", pids[0]); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var held bool
		if err := other.pool.QueryRow(ctx, "SELECT EXISTS (SELECT FROM pg_stat_activity WHERE pid = $1)", pids[0]).Scan(&held); err != nil {
			t.Fatal(err)
		}
		if !held {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the asker's connection never ended")
		}
	}
	if gone, err := other.RunGone(ctx, "run-a"); !gone || err != nil {
		t.Errorf("run-a, whose asker ended: gone %v, %v", gone, err)
	}
	if g := got("server-c"); g != "qb,qo" {
		t.Errorf("questions after run-a's asker ended: %q", g)
	}
	if gone, err := other.RunGone(ctx, "run-a"); !gone || err != nil {
		t.Errorf("run-a, withdrawn: gone %v, %v", gone, err)
	}
	if gone, err := other.RunGone(ctx, "run-b"); gone || err != nil {
		t.Errorf("run-b, whose asker lives: gone %v, %v", gone, err)
	}
}
