package backend

import (
	"time"

	"github.com/lore-kb/lore/core/trajectory"
)

// QueueStore keeps the queue of agent runs to learn that lore watch feeds
// (core/trajectory): jobs, numbered in the order they were queued, that
// survive the process that queued them and the one that was learning
// them.
//
// Any number of processes may share a queue (the PostgreSQL store's), so
// a job is held by whoever took it: from StartJob until FinishJob records
// how it ended, or until the store it was taken through is closed or its
// process ends without finishing it. A job held is never given to another
// StartJob, of the same process or another; a job let go of unfinished is
// taken again, its Attempts counting the attempt that did not finish.
type QueueStore interface {
	// Enqueue adds jobs, in one transaction and in their order, and
	// returns those it added: numbered (Seq, from 1, one more than the
	// last job queued), pending, queued at now, never attempted. A job
	// for a path whose last job had the same content hash is left out;
	// one whose content hash is a learned run's (LearnedRun) is not
	// queued but returned in known, and remembered as its path's last
	// content. A hash CheckID refuses is ErrInvalidID, and nothing is
	// queued.
	Enqueue(jobs []trajectory.Job, now time.Time) (added, known []trajectory.Job, err error)
	// QueuedHash returns the content hash of the job last queued (or
	// known) for path; ok is false for a path never queued.
	QueuedHash(path string) (hash string, ok bool, err error)
	// StartJob takes the oldest pending job no one holds, counts an
	// attempt at it (Attempts one more, Started now) and holds it for
	// the caller; ok is false when every pending job is held or none
	// is pending.
	StartJob(now time.Time) (job trajectory.Job, ok bool, err error)
	// FinishJob records job (how it ended: done or failed, with its
	// reason and result) under its Seq and lets go of it: one done or
	// failed is no longer pending, while one recorded pending is taken
	// again. A Seq never queued is ErrNotFound.
	FinishJob(job trajectory.Job) error
	// Jobs returns every job, in the order they were queued.
	Jobs() ([]trajectory.Job, error)
}
