package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/internal/pgtest"
)

func queue(t *testing.T, st *Store, n int) {
	t.Helper()
	jobs := make([]trajectory.Job, n)
	for i := range jobs {
		jobs[i] = trajectory.Job{Path: fmt.Sprintf("~/runs/%03d.jsonl", i), Hash: fmt.Sprintf("%04x", i)}
	}
	if added, _, err := st.Enqueue(jobs, time.Now()); err != nil || len(added) != n {
		t.Fatalf("enqueue: %d of %d, %v", len(added), n, err)
	}
}

func mustStart(t *testing.T, st *Store) (trajectory.Job, bool) {
	t.Helper()
	j, ok, err := st.StartJob(time.Now())
	if err != nil {
		t.Fatalf("start a job: %v", err)
	}
	return j, ok
}

// Processes sharing the database (each a store of its own, with its own
// connections), several workers each, take jobs at once: every job is
// taken exactly once, and its one attempt is counted once.
func TestStartJobAcrossProcesses(t *testing.T) {
	db := pgtest.Start(t)
	stores := make([]*Store, 4)
	for i := range stores {
		stores[i] = open(t, db.URL)
	}
	const n = 60
	queue(t, stores[0], n)
	var (
		mu    sync.Mutex
		taken = map[uint64]int{}
		errs  []error
		wg    sync.WaitGroup
	)
	for _, st := range stores {
		for range 2 {
			wg.Go(func() {
				for {
					j, ok, err := st.StartJob(time.Now())
					if err != nil || !ok {
						mu.Lock()
						errs = append(errs, err)
						mu.Unlock()
						return
					}
					mu.Lock()
					taken[j.Seq]++
					mu.Unlock()
					// Half are finished, half left held.
					if j.Seq%2 == 0 {
						j.State = trajectory.Done
						if err := st.FinishJob(j); err != nil {
							mu.Lock()
							errs = append(errs, err)
							mu.Unlock()
							return
						}
					}
				}
			})
		}
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	for seq := uint64(1); seq <= n; seq++ {
		if taken[seq] != 1 {
			t.Errorf("job %d taken %d times", seq, taken[seq])
		}
	}
	jobs, err := stores[0].Jobs()
	if err != nil || len(jobs) != n {
		t.Fatalf("jobs %d, %v", len(jobs), err)
	}
	for _, j := range jobs {
		if j.Attempts != 1 {
			t.Errorf("job %d: %d attempts", j.Seq, j.Attempts)
		}
	}
}

// A store closed with jobs held lets go of them: another process takes
// them again, their attempt counted.
func TestClosedStoreLetsGoOfItsJobs(t *testing.T) {
	db := pgtest.Start(t)
	a, b := open(t, db.URL), open(t, db.URL)
	queue(t, a, 2)
	if j, ok := mustStart(t, a); !ok || j.Seq != 1 {
		t.Fatalf("a took %+v, %v", j, ok)
	}
	if j, ok := mustStart(t, b); !ok || j.Seq != 2 {
		t.Fatalf("b took %+v, %v; want 2, 1 being a's", j, ok)
	}
	if j, ok := mustStart(t, b); ok {
		t.Fatalf("b took %+v while a holds the rest", j)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	j, ok := mustStart(t, b)
	if !ok || j.Seq != 1 || j.Attempts != 2 {
		t.Fatalf("after a closed, b took %+v, %v; want job 1 at its second attempt", j, ok)
	}
}

// A process whose connection ends (it died, or the server ended it) lets
// go of its jobs; the store that lost it takes jobs again on a new one.
func TestDeadConnectionLetsGoOfItsJobs(t *testing.T) {
	db := pgtest.Start(t)
	a, b := open(t, db.URL), open(t, db.URL)
	queue(t, a, 2)
	held, ok := mustStart(t, a)
	if !ok || held.Seq != 1 {
		t.Fatalf("a took %+v, %v", held, ok)
	}
	var pid int32
	if err := a.jobs.conn.QueryRow(context.Background(), "SELECT pg_backend_pid()").Scan(&pid); err != nil {
		t.Fatal(err)
	}
	conn := connect(t, db.URL)
	var ended bool
	if err := conn.QueryRow(context.Background(), "SELECT pg_terminate_backend($1, 5000)", pid).Scan(&ended); err != nil || !ended {
		t.Fatalf("end a's job connection: %v, %v", ended, err)
	}
	j, ok := mustStart(t, b)
	if !ok || j.Seq != 1 || j.Attempts != 2 {
		t.Fatalf("b took %+v, %v; want job 1, which a no longer holds, at its second attempt", j, ok)
	}
	// a finds its connection gone, and takes the job b does not hold.
	j, ok = mustStart(t, a)
	if !ok || j.Seq != 2 {
		t.Fatalf("a took %+v, %v after its connection ended; want job 2", j, ok)
	}
	held.State = trajectory.Done
	if err := a.FinishJob(held); err != nil {
		t.Errorf("a finishes the job it lost: %v", err)
	}
}

// A job finished by one process while another looks for work is not
// taken again: the lock is let go only once the finish is committed.
func TestFinishedJobIsNotTakenAgain(t *testing.T) {
	db := pgtest.Start(t)
	a, b := open(t, db.URL), open(t, db.URL)
	for range 20 {
		queue(t, a, 1)
		j, ok := mustStart(t, a)
		if !ok {
			t.Fatal("no job")
		}
		done := make(chan error, 1)
		go func() {
			j.State = trajectory.Done
			done <- a.FinishJob(j)
		}()
		got, ok, err := b.StartJob(time.Now())
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if err != nil || ok {
			t.Fatalf("b took %+v (%v) while a finished it", got, err)
		}
		// The path is new each round: the queue's next job.
		if _, err := a.pool.Exec(context.Background(), "DELETE FROM queue_paths"); err != nil {
			t.Fatal(err)
		}
	}
	jobs, err := a.Jobs()
	if err != nil {
		t.Fatal(err)
	}
	if i := slices.IndexFunc(jobs, func(j trajectory.Job) bool { return j.State != trajectory.Done || j.Attempts != 1 }); i >= 0 {
		t.Errorf("job %+v", jobs[i])
	}
}

// A first scan's many files are queued in one call, in their order, each
// file once however often it is given.
func TestEnqueueMany(t *testing.T) {
	st := open(t, pgtest.Start(t).URL)
	if err := st.RecordRun(trajectory.RunRecord{Hash: "0007"}, nil); err != nil {
		t.Fatal(err)
	}
	const n = 5000
	jobs := make([]trajectory.Job, 0, n+2)
	for i := range n {
		jobs = append(jobs, trajectory.Job{Path: fmt.Sprintf("~/runs/%05d.jsonl", i), Hash: fmt.Sprintf("%04x", i)})
	}
	jobs = append(jobs, jobs[3], trajectory.Job{Path: jobs[4].Path, Hash: "ffff"})
	start := time.Now()
	added, known, err := st.Enqueue(jobs, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d jobs queued in %v", len(added), time.Since(start))
	if len(added) != n || len(known) != 1 || known[0].Hash != "0007" {
		t.Fatalf("%d queued, known %+v", len(added), known)
	}
	for i, j := range added {
		if j.Seq != uint64(i+1) {
			t.Fatalf("job %d numbered %d", i, j.Seq)
		}
	}
	if h, _, err := st.QueuedHash(jobs[4].Path); err != nil || h != "ffff" {
		t.Errorf("the file given twice: %q, %v", h, err)
	}
}
