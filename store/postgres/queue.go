package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
)

const (
	queryLockQueue   = `SELECT seq FROM queue_seq FOR UPDATE`
	querySetSeq      = `UPDATE queue_seq SET seq = $1`
	queryQueuedPath  = `SELECT record FROM queue_paths WHERE path = $1`
	queryQueuedPaths = `SELECT path, record FROM queue_paths WHERE path = ANY($1)`
	queryRunsLearned = `SELECT hash FROM runs WHERE hash = ANY($1)`
	queryPutPath     = `INSERT INTO queue_paths (path, record) VALUES ($1, $2) ON CONFLICT (path) DO UPDATE SET record = EXCLUDED.record`
	queryPutJob      = `INSERT INTO queue_jobs (seq, waiting, job) VALUES ($1, true, $2)`
	// The oldest pending job neither this store holds ($1) nor another
	// transaction is taking (SKIP LOCKED: a StartJob of another process
	// does not wait for this one, it takes the next job).
	queryNextJob = `SELECT seq, job FROM queue_jobs WHERE waiting AND seq <> ALL($1)
ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED`
	queryStartJob = `UPDATE queue_jobs SET job = $2 WHERE seq = $1`
	// A job recorded pending stays waiting if it was; any other state
	// ends its wait.
	queryFinishJob = `UPDATE queue_jobs SET job = $2, waiting = waiting AND $3 WHERE seq = $1`
	queryJobs      = `SELECT job FROM queue_jobs ORDER BY seq`
	queryHoldJob   = `SELECT pg_try_advisory_lock($1, $2)`
	queryLetGoJob  = `SELECT pg_advisory_unlock($1, $2)`
)

// jobLockClass is the first key of the advisory locks by which a store
// holds the jobs it took (the second is the job's number): lore's own, and
// in the two-key space, apart from schemaLock's and artifactsLock's.
const jobLockClass int32 = 0x6c6f7271

// jobLockID is the second key of a job's advisory lock: its number, cut to
// 32 bits. Two jobs 2³² apart share a lock, which at worst makes one wait
// while the other is held.
func jobLockID(seq uint64) int32 { return int32(uint32(seq)) }

// queuedFile is the job last queued for a file and the content it had
// then: Badger's rp/<path> record.
type queuedFile struct {
	Seq  uint64 `json:"seq"`
	Hash string `json:"hash"`
}

// Enqueue adds jobs to the queue in one transaction, under the lock of
// the queue's counter: processes queueing at once number their jobs one
// after another, and never queue one file's content twice. What is known
// of the jobs' files and runs is read in two queries, and what is written
// sent in one batch, so that a first scan's thousands of files cost a few
// round trips to the database, not thousands.
func (s *Store) Enqueue(jobs []trajectory.Job, now time.Time) (added, known []trajectory.Job, err error) {
	if err := s.checkOpen(); err != nil {
		return nil, nil, err
	}
	// All refused if one is, as in Badger's one transaction.
	for _, j := range jobs {
		if err := backend.CheckID("run hash", j.Hash); err != nil {
			return nil, nil, fmt.Errorf("queue %d run(s): %w", len(jobs), err)
		}
	}
	ctx := context.Background()
	err = inTx(ctx, s.pool, func(tx pgx.Tx) error {
		added, known = nil, nil
		var seq int64
		if err := tx.QueryRow(ctx, queryLockQueue).Scan(&seq); err != nil {
			return fmt.Errorf("lock the queue: %w", err)
		}
		last, learned, err := queueState(ctx, tx, jobs)
		if err != nil {
			return err
		}
		var b pgx.Batch
		putPath := func(path string, f queuedFile) error {
			last[path] = f
			rec, err := json.Marshal(f)
			if err != nil {
				return fmt.Errorf("encode the last job of %s: %w", path, err)
			}
			b.Queue(queryPutPath, []byte(path), rec)
			return nil
		}
		for _, j := range jobs {
			prev, ok := last[j.Path]
			if ok && prev.Hash == j.Hash {
				continue
			}
			if learned[j.Hash] {
				// Learned already (from another file, or before the
				// queue knew this one): remembered, not queued.
				if err := putPath(j.Path, queuedFile{Seq: prev.Seq, Hash: j.Hash}); err != nil {
					return err
				}
				known = append(known, j)
				continue
			}
			seq++
			j.Seq, j.State, j.Enqueued, j.Attempts = uint64(seq), trajectory.Pending, now, 0
			rec, err := json.Marshal(j)
			if err != nil {
				return fmt.Errorf("encode job %d: %w", j.Seq, err)
			}
			b.Queue(queryPutJob, seq, rec)
			if err := putPath(j.Path, queuedFile{Seq: j.Seq, Hash: j.Hash}); err != nil {
				return err
			}
			added = append(added, j)
		}
		b.Queue(querySetSeq, seq)
		if err := tx.SendBatch(ctx, &b).Close(); err != nil {
			return fmt.Errorf("write the queue: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("queue %d run(s): %w", len(jobs), s.wrapClosed(err))
	}
	return added, known, nil
}

// queueState reads, for jobs, the last job queued for each of their files
// and which of their runs were learned.
func queueState(ctx context.Context, tx pgx.Tx, jobs []trajectory.Job) (map[string]queuedFile, map[string]bool, error) {
	paths := make([][]byte, 0, len(jobs))
	hashes := make([]string, 0, len(jobs))
	for _, j := range jobs {
		paths = append(paths, []byte(j.Path))
		hashes = append(hashes, j.Hash)
	}
	last := map[string]queuedFile{}
	rows, err := tx.Query(ctx, queryQueuedPaths, paths)
	if err != nil {
		return nil, nil, fmt.Errorf("read the queued files: %w", err)
	}
	var (
		path []byte
		rec  []byte
	)
	_, err = pgx.ForEachRow(rows, []any{&path, &rec}, func() error {
		var f queuedFile
		if err := json.Unmarshal(rec, &f); err != nil {
			return fmt.Errorf("decode the last job of %s: %w", path, err)
		}
		last[string(path)] = f
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read the queued files: %w", err)
	}
	rows, err = tx.Query(ctx, queryRunsLearned, hashes)
	if err != nil {
		return nil, nil, fmt.Errorf("read the runs learned: %w", err)
	}
	learned := map[string]bool{}
	var hash string
	_, err = pgx.ForEachRow(rows, []any{&hash}, func() error {
		learned[hash] = true
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read the runs learned: %w", err)
	}
	return last, learned, nil
}

// QueuedHash returns the content hash of the job last queued for path.
func (s *Store) QueuedHash(path string) (string, bool, error) {
	if err := s.checkOpen(); err != nil {
		return "", false, err
	}
	var last queuedFile
	ok, err := oneRecord(context.Background(), s.pool, &last, queryQueuedPath, []byte(path))
	if err != nil {
		return "", false, fmt.Errorf("last job of %s: %w", path, s.wrapClosed(err))
	}
	return last.Hash, ok, nil
}

// StartJob takes the oldest pending job no one holds, counts an attempt
// at it and holds it.
//
// A job is held by a session-level advisory lock on the store's job
// connection, kept out of the pool for that purpose: the database lets go
// of it when FinishJob unlocks it, or when the connection ends, closed
// with the store or dropped with a process that died; another process's
// StartJob then takes the job again. The lock is taken, and the job's
// pending state checked, while the job's row is locked (FOR UPDATE), so a
// FinishJob that committed meanwhile is seen.
func (s *Store) StartJob(now time.Time) (trajectory.Job, bool, error) {
	if err := s.checkOpen(); err != nil {
		return trajectory.Job{}, false, err
	}
	s.jobs.Lock()
	defer s.jobs.Unlock()
	held := s.jobs.conn
	job, ok, err := s.startJob(context.Background(), now)
	if err != nil && held != nil && s.jobs.conn == nil {
		// The job connection had ended (the server restarted, or
		// ended it), and with it every hold: once more on a new one.
		job, ok, err = s.startJob(context.Background(), now)
	}
	if err != nil {
		return trajectory.Job{}, false, fmt.Errorf("take the next queued run: %w", s.wrapClosed(err))
	}
	return job, ok, nil
}

func (s *Store) startJob(ctx context.Context, now time.Time) (trajectory.Job, bool, error) {
	var job trajectory.Job
	if s.closed.Load() {
		return job, false, backend.ErrClosed
	}
	if s.jobs.conn == nil {
		c, err := s.pool.Acquire(ctx)
		if err != nil {
			return job, false, err
		}
		s.jobs.conn, s.jobs.held = c, map[uint64]bool{}
	}
	conn := s.jobs.conn.Conn()
	// Not nil: "seq <> ALL(NULL)" holds for no row.
	skip := append([]uint64{}, slices.Collect(maps.Keys(s.jobs.held))...)
	taken, takenSeq := false, uint64(0)
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		for {
			var (
				seq uint64
				rec []byte
			)
			err := tx.QueryRow(ctx, queryNextJob, skip).Scan(&seq, &rec)
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			var got bool
			if err := tx.QueryRow(ctx, queryHoldJob, jobLockClass, jobLockID(seq)).Scan(&got); err != nil {
				return err
			}
			if !got {
				// Another process holds it.
				skip = append(skip, seq)
				continue
			}
			taken, takenSeq = true, seq
			if err := json.Unmarshal(rec, &job); err != nil {
				return fmt.Errorf("decode job %d: %w", seq, err)
			}
			job.Attempts++
			job.Started = now
			b, err := json.Marshal(job)
			if err != nil {
				return fmt.Errorf("encode job %d: %w", seq, err)
			}
			if _, err := tx.Exec(ctx, queryStartJob, seq, b); err != nil {
				return fmt.Errorf("start job %d: %w", seq, err)
			}
			return nil
		}
	})
	if err != nil {
		if taken {
			// The lock is the session's, not the transaction's: a
			// start that did not commit lets go of it.
			s.letGo(ctx, takenSeq)
		}
		s.dropBrokenJobConn()
		return trajectory.Job{}, false, err
	}
	if taken {
		s.jobs.held[takenSeq] = true
	}
	return job, taken, nil
}

// letGo unlocks the job seq this store held; a connection that fails
// meanwhile has let go of every lock.
func (s *Store) letGo(ctx context.Context, seq uint64) {
	if s.jobs.conn == nil {
		return
	}
	delete(s.jobs.held, seq)
	if _, err := s.jobs.conn.Exec(ctx, queryLetGoJob, jobLockClass, jobLockID(seq)); err != nil {
		s.dropBrokenJobConn()
	}
}

// dropBrokenJobConn gives up the job connection if it is closed (the
// server or the network ended it): its locks are gone with it, so the
// store holds nothing.
func (s *Store) dropBrokenJobConn() {
	if s.jobs.conn != nil && s.jobs.conn.Conn().IsClosed() {
		s.jobs.conn.Release()
		s.jobs.conn, s.jobs.held = nil, nil
	}
}

// releaseJobs lets go of every job this store holds, with the connection
// that holds them: for Close, whose pool waits for every connection.
func (s *Store) releaseJobs() {
	s.jobs.Lock()
	defer s.jobs.Unlock()
	if s.jobs.conn != nil {
		// Unlocked first: the server lets go of a closed connection's
		// locks only once its backend has exited, after Close returns,
		// and another process's StartJob right after would find them
		// still held. Bounded, since Close must return.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = s.jobs.conn.Exec(ctx, "SELECT pg_advisory_unlock_all()")
		// Closed rather than returned to the pool: a connection that
		// went back would keep any lock the unlock missed.
		_ = s.jobs.conn.Hijack().Close(ctx)
		s.jobs.conn, s.jobs.held = nil, nil
	}
}

// FinishJob records how job ended and lets go of it.
func (s *Store) FinishJob(job trajectory.Job) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	rec, err := json.Marshal(job)
	if err != nil {
		return fmt.Errorf("finish queued run %d (%s): encode: %w", job.Seq, job.Path, err)
	}
	s.jobs.Lock()
	defer s.jobs.Unlock()
	ctx := context.Background()
	tag, err := s.pool.Exec(ctx, queryFinishJob, int64(job.Seq), rec, job.State == trajectory.Pending)
	if err != nil {
		return fmt.Errorf("finish queued run %d (%s): %w", job.Seq, job.Path, s.wrapClosed(err))
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("finish queued run %d (%s): %w", job.Seq, job.Path, backend.ErrNotFound)
	}
	// Only once the record is committed: a StartJob elsewhere that takes
	// the lock then sees the job finished.
	if s.jobs.held[job.Seq] {
		s.letGo(ctx, job.Seq)
	}
	return nil
}

// Jobs returns the queue's jobs in the order they were queued.
func (s *Store) Jobs() ([]trajectory.Job, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(), queryJobs)
	if err != nil {
		return nil, fmt.Errorf("list the queue: %w", s.wrapClosed(err))
	}
	var (
		out []trajectory.Job
		rec []byte
	)
	_, err = pgx.ForEachRow(rows, []any{&rec}, func() error {
		var j trajectory.Job
		if err := json.Unmarshal(rec, &j); err != nil {
			return fmt.Errorf("decode job %d: %w", len(out), err)
		}
		out = append(out, j)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the queue: %w", s.wrapClosed(err))
	}
	return out, nil
}
