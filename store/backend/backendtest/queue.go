package backendtest

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
)

func job(path, hash string) trajectory.Job {
	return trajectory.Job{Path: path, Hash: hash, Size: int64(len(path))}
}

func enqueue(t *testing.T, st backend.Store, jobs ...trajectory.Job) (added, known []trajectory.Job) {
	t.Helper()
	added, known, err := st.Enqueue(jobs, at(0))
	if err != nil {
		t.Fatalf("enqueue %d job(s): %v", len(jobs), err)
	}
	return added, known
}

func seqs(jobs []trajectory.Job) []uint64 {
	var out []uint64
	for _, j := range jobs {
		out = append(out, j.Seq)
	}
	return out
}

func start(t *testing.T, st backend.Store) (trajectory.Job, bool) {
	t.Helper()
	j, ok, err := st.StartJob(at(1))
	if err != nil {
		t.Fatalf("start a job: %v", err)
	}
	return j, ok
}

var queueCases = []Case{
	// Jobs are numbered from 1 in the order queued, pending, never
	// attempted; a file queued again with the same content is left
	// out, with new content queued again; its last content is known.
	{"queue/enqueue", func(t *testing.T, st backend.Store) {
		if jobs, err := st.Jobs(); err != nil || len(jobs) != 0 {
			t.Errorf("a new store's queue: %v, %v", jobs, err)
		}
		added, known := enqueue(t, st, job("~/runs/a.jsonl", "aaaa"), job("~/runs/b.jsonl", "bbbb"))
		if !slices.Equal(seqs(added), []uint64{1, 2}) || len(known) != 0 {
			t.Fatalf("queued %v, known %v", seqs(added), known)
		}
		want := job("~/runs/a.jsonl", "aaaa")
		want.Seq, want.State, want.Enqueued = 1, trajectory.Pending, at(0)
		sameJSON(t, "the first job", added[0], want)
		added, _ = enqueue(t, st, job("~/runs/a.jsonl", "aaaa"), job("~/runs/b.jsonl", "bbb2"), job("~/runs/b.jsonl", "bbb2"))
		if !slices.Equal(seqs(added), []uint64{3}) || added[0].Path != "~/runs/b.jsonl" {
			t.Fatalf("queued again %+v", added)
		}
		jobs, err := st.Jobs()
		if err != nil || !slices.Equal(seqs(jobs), []uint64{1, 2, 3}) {
			t.Fatalf("jobs %v, %v", seqs(jobs), err)
		}
		sameJSON(t, "the listed first job", jobs[0], want)
		for path, wantHash := range map[string]string{"~/runs/a.jsonl": "aaaa", "~/runs/b.jsonl": "bbb2"} {
			if h, ok, err := st.QueuedHash(path); err != nil || !ok || h != wantHash {
				t.Errorf("queued hash of %s: %q, %v, %v", path, h, ok, err)
			}
		}
		if _, ok, err := st.QueuedHash("~/never"); ok || err != nil {
			t.Errorf("a path never queued: found %v, %v", ok, err)
		}
	}},
	// A run learned already is known, not queued, and remembered as
	// its file's content.
	{"queue/known", func(t *testing.T, st backend.Store) {
		if err := st.RecordRun(trajectory.RunRecord{Hash: "aaaa", Source: "~/a.jsonl"}, nil); err != nil {
			t.Fatal(err)
		}
		added, known := enqueue(t, st, job("~/copy.jsonl", "aaaa"), job("~/b.jsonl", "bbbb"))
		if !slices.Equal(seqs(added), []uint64{1}) || len(known) != 1 || known[0].Path != "~/copy.jsonl" {
			t.Fatalf("queued %+v, known %+v", added, known)
		}
		if h, ok, err := st.QueuedHash("~/copy.jsonl"); err != nil || !ok || h != "aaaa" {
			t.Errorf("queued hash of the copy: %q, %v, %v", h, ok, err)
		}
		if added, known := enqueue(t, st, job("~/copy.jsonl", "aaaa")); len(added)+len(known) != 0 {
			t.Errorf("the copy again: queued %+v, known %+v", added, known)
		}
	}},
	// A path of any bytes is a file of its own.
	{"queue/paths", func(t *testing.T, st backend.Store) {
		paths := []string{"~/a/b.jsonl", "~/a%2Fb.jsonl", "~/a\x00b.jsonl", "~/\xff\xfe.jsonl", "~/ä.jsonl"}
		var jobs []trajectory.Job
		for i, p := range paths {
			jobs = append(jobs, job(p, fmt.Sprintf("h%d", i)))
		}
		if added, _ := enqueue(t, st, jobs...); len(added) != len(paths) {
			t.Fatalf("%d of %d queued", len(added), len(paths))
		}
		for i, p := range paths {
			if h, ok, err := st.QueuedHash(p); err != nil || !ok || h != fmt.Sprintf("h%d", i) {
				t.Errorf("queued hash of %q: %q, %v, %v", p, h, ok, err)
			}
		}
	}},
	// A hash no store can keep refuses the whole batch.
	{"queue/invalid-hash", func(t *testing.T, st backend.Store) {
		_, _, err := st.Enqueue([]trajectory.Job{job("~/a", "aaaa"), job("~/b", "b/b")}, at(0))
		if !errors.Is(err, backend.ErrInvalidID) {
			t.Errorf("enqueue an invalid hash: %v, want %v", err, backend.ErrInvalidID)
		}
		if jobs, err := st.Jobs(); err != nil || len(jobs) != 0 {
			t.Errorf("jobs after the refusal: %v, %v", seqs(jobs), err)
		}
		if _, ok, _ := st.QueuedHash("~/a"); ok {
			t.Error("the refused batch's file is remembered")
		}
		if added, _ := enqueue(t, st, job("~/a", "aaaa")); !slices.Equal(seqs(added), []uint64{1}) {
			t.Errorf("after the refusal, queued %v", seqs(added))
		}
	}},
	// StartJob takes the oldest job no one holds and counts the
	// attempt; a job held is not taken again until FinishJob lets go of
	// it: done, it is no longer pending; recorded pending, it is taken
	// again.
	{"queue/start-and-finish", func(t *testing.T, st backend.Store) {
		if _, ok := start(t, st); ok {
			t.Fatal("a job taken from an empty queue")
		}
		enqueue(t, st, job("~/a", "aaaa"), job("~/b", "bbbb"), job("~/c", "cccc"))
		first, ok := start(t, st)
		if !ok || first.Seq != 1 || first.Attempts != 1 || !first.Started.Equal(at(1)) || first.State != trajectory.Pending {
			t.Fatalf("first taken: %+v, %v", first, ok)
		}
		second, ok := start(t, st)
		if !ok || second.Seq != 2 {
			t.Fatalf("second taken while the first is held: %+v, %v", second, ok)
		}
		first.State, first.Finished, first.Result = trajectory.Done, at(2), "drafted x"
		if err := st.FinishJob(first); err != nil {
			t.Fatal(err)
		}
		second.Reason = "put back"
		if err := st.FinishJob(second); err != nil {
			t.Fatal(err)
		}
		again, ok := start(t, st)
		if !ok || again.Seq != 2 || again.Attempts != 2 || again.Reason != "put back" {
			t.Fatalf("taken after the second was put back: %+v, %v", again, ok)
		}
		third, ok := start(t, st)
		if !ok || third.Seq != 3 {
			t.Fatalf("third: %+v, %v", third, ok)
		}
		if j, ok := start(t, st); ok {
			t.Errorf("a job taken while every pending one is held: %+v", j)
		}
		again.State, third.State = trajectory.Failed, trajectory.Done
		for _, j := range []trajectory.Job{again, third} {
			if err := st.FinishJob(j); err != nil {
				t.Fatal(err)
			}
		}
		if j, ok := start(t, st); ok {
			t.Errorf("a job taken after every one finished: %+v", j)
		}
		jobs, err := st.Jobs()
		if err != nil || len(jobs) != 3 {
			t.Fatalf("jobs %v, %v", seqs(jobs), err)
		}
		sameJSON(t, "the first job finished", jobs[0], first)
		if jobs[1].State != trajectory.Failed || jobs[1].Attempts != 2 || jobs[2].State != trajectory.Done {
			t.Errorf("jobs %+v", jobs)
		}
	}},
	// Finishing a job never queued is ErrNotFound, and queues nothing.
	{"queue/finish-unknown", func(t *testing.T, st backend.Store) {
		enqueue(t, st, job("~/a", "aaaa"))
		j := job("~/x", "xxxx")
		j.Seq, j.State = 7, trajectory.Done
		if err := st.FinishJob(j); !errors.Is(err, backend.ErrNotFound) {
			t.Errorf("finish job 7: %v, want %v", err, backend.ErrNotFound)
		}
		if jobs, err := st.Jobs(); err != nil || !slices.Equal(seqs(jobs), []uint64{1}) {
			t.Errorf("jobs %v, %v", seqs(jobs), err)
		}
		if added, _ := enqueue(t, st, job("~/b", "bbbb")); !slices.Equal(seqs(added), []uint64{2}) {
			t.Errorf("queued after it: %v", seqs(added))
		}
	}},
	// Callers taking jobs at once never take the same one, and take
	// every one.
	{"queue/concurrent-start", func(t *testing.T, st backend.Store) {
		const n = 30
		var jobs []trajectory.Job
		for i := range n {
			jobs = append(jobs, job(fmt.Sprintf("~/%02d", i), fmt.Sprintf("h%02d", i)))
		}
		enqueue(t, st, jobs...)
		var (
			mu    sync.Mutex
			taken []uint64
			errs  []error
			wg    sync.WaitGroup
		)
		for range 6 {
			wg.Go(func() {
				for {
					j, ok, err := st.StartJob(at(1))
					if err != nil || !ok {
						mu.Lock()
						errs = append(errs, err)
						mu.Unlock()
						return
					}
					mu.Lock()
					taken = append(taken, j.Seq)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		slices.Sort(taken)
		want := make([]uint64, n)
		for i := range want {
			want[i] = uint64(i + 1)
		}
		if !slices.Equal(taken, want) {
			t.Errorf("jobs taken %v, want each of 1..%d once", taken, n)
		}
	}},
}

// closedQueueCase: a closed store refuses every call of the queue and the
// runs with ErrClosed.
var closedQueueCase = Case{"queue/closed", func(t *testing.T, st backend.Store) {
	check := closeAndCheck(t, st)
	_, _, err := st.Enqueue([]trajectory.Job{job("~/a", "aaaa")}, at(0))
	check("enqueue", err)
	_, _, err = st.QueuedHash("~/a")
	check("queued hash", err)
	_, _, err = st.StartJob(at(0))
	check("start job", err)
	check("finish job", st.FinishJob(trajectory.Job{Seq: 1, State: trajectory.Done}))
	_, err = st.Jobs()
	check("jobs", err)
	_, _, err = st.LearnedRun("cafe")
	check("learned run", err)
	_, _, err = st.FailureSignature("s")
	check("failure signature", err)
	check("record run", st.RecordRun(trajectory.RunRecord{Hash: "cafe"}, nil))
	_, err = st.LearnedRuns()
	check("learned runs", err)
}}
