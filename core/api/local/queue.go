package local

import (
	"context"
	"encoding/hex"
	"strings"
	"sync"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/trajectory"
)

// The queue of agent runs lore watch feeds, worked through the API: the
// watcher finds the run files on its own machine and queues them
// (EnqueueRuns), takes the jobs one at a time (TakeRun), learns each with
// Learn and records how it ended (FinishRun). The queue is the
// workspace's store's (its Enqueue, StartJob and FinishJob); a job taken
// is held by the store until it is finished, and by this service for
// its caller until then or until RunLease passes without a finish, when
// it is let go of (its attempt counted) for the next TakeRun: a watcher
// that died, or lost its network, holds no job for ever.

// DefaultRunLease is how long a job taken stays held without a FinishRun
// unless Options.RunLease says.
const DefaultRunLease = 15 * time.Minute

// maxRunPath bounds the path of a queued run file, in bytes.
const maxRunPath = 4096

// leases are the jobs this service's callers took and have not finished,
// by workspace and job number.
type leases struct {
	mu sync.Mutex
	m  map[string]map[uint64]*lease
}

// lease is a job taken, as the store recorded it when taken, and the
// timer that lets go of it.
type lease struct {
	job   trajectory.Job
	timer *time.Timer
}

// take records job as taken in workspace ws, to be let go of by letGo
// after d.
func (l *leases) take(ws string, job trajectory.Job, d time.Duration, letGo func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.m == nil {
		l.m = map[string]map[uint64]*lease{}
	}
	if l.m[ws] == nil {
		l.m[ws] = map[uint64]*lease{}
	}
	if old := l.m[ws][job.Seq]; old != nil {
		old.timer.Stop()
	}
	l.m[ws][job.Seq] = &lease{job: job, timer: time.AfterFunc(d, letGo)}
}

// end forgets the lease of job seq in ws, if there is one, and returns
// the job as it was taken; ok is false for a job not leased (its lease
// ran out, or another service gave it).
func (l *leases) end(ws string, seq uint64) (trajectory.Job, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ls, ok := l.m[ws][seq]
	if !ok {
		return trajectory.Job{}, false
	}
	ls.timer.Stop()
	delete(l.m[ws], seq)
	return ls.job, true
}

// runLease is how long a job taken stays held without a finish.
func (s *Service) runLease() time.Duration {
	if s.o.RunLease > 0 {
		return s.o.RunLease
	}
	return DefaultRunLease
}

// EnqueueRuns queues run files found by a watcher: each a path (the home
// folder written ~), its content's hash and size. A file whose last job
// had the same content is left out; one whose content is a run learned
// already is not queued but returned as known.
func (s *Service) EnqueueRuns(ctx context.Context, r *lorev1.EnqueueRunsRequest) (*lorev1.EnqueueRunsResponse, error) {
	jobs := make([]trajectory.Job, 0, len(r.GetJobs()))
	for _, j := range r.GetJobs() {
		if err := checkRunFile(j); err != nil {
			return nil, err
		}
		jobs = append(jobs, trajectory.Job{Path: j.GetPath(), Hash: j.GetHash(), Size: int64(j.GetSize())})
	}
	var out *lorev1.EnqueueRunsResponse
	err := s.use(ctx, "EnqueueRuns", true, func(_ api.Caller, st Store) error {
		out = &lorev1.EnqueueRunsResponse{}
		if len(jobs) == 0 {
			return nil
		}
		added, known, err := st.Enqueue(jobs, s.o.Now().UTC())
		if err != nil {
			return err
		}
		for _, j := range added {
			out.Added = append(out.Added, jobMessage(j))
		}
		for _, j := range known {
			out.Known = append(out.Known, jobMessage(j))
		}
		return nil
	})
	return out, asAPIError(err)
}

// checkRunFile refuses a run file the queue cannot hold: no path, or a
// path too long or holding NUL, or a hash that is not a run's (hex
// SHA-256), or a negative size.
func checkRunFile(j *lorev1.Job) error {
	p := j.GetPath()
	switch {
	case p == "":
		return api.Errorf(connect.CodeInvalidArgument, "queue runs: a run file without a path")
	case len(p) > maxRunPath:
		return api.Errorf(connect.CodeInvalidArgument, "queue runs: the path %.60q… is longer than %d bytes", p, maxRunPath)
	case strings.IndexByte(p, 0) >= 0:
		return api.Errorf(connect.CodeInvalidArgument, "queue runs: the path %q holds NUL", p)
	case j.GetSize() < 0:
		return api.Errorf(connect.CodeInvalidArgument, "queue runs: %s: size %d", p, j.GetSize())
	}
	if b, err := hex.DecodeString(j.GetHash()); err != nil || len(b) != 32 {
		return api.Errorf(connect.CodeInvalidArgument, "queue runs: %s: hash %q is not a run's content hash (hex SHA-256)", p, j.GetHash())
	}
	return nil
}

// TakeRun takes the oldest pending job nobody holds, counting an attempt
// at it, and holds it for the caller until FinishRun, or until RunLease
// passes without one; no job when none is pending but those held.
func (s *Service) TakeRun(ctx context.Context, _ *lorev1.TakeRunRequest) (*lorev1.TakeRunResponse, error) {
	var out *lorev1.TakeRunResponse
	err := s.use(ctx, "TakeRun", true, func(c api.Caller, st Store) error {
		out = &lorev1.TakeRunResponse{}
		job, ok, err := st.StartJob(s.o.Now().UTC())
		if err != nil || !ok {
			return err
		}
		ws := c.Workspace
		s.leases.take(ws, job, s.runLease(), func() { s.letGo(ws, job.Seq) })
		out.Job = jobMessage(job)
		return nil
	})
	return out, asAPIError(err)
}

// letGo lets go of job seq in workspace ws, taken and never finished: it
// is recorded as it was taken, still pending, and the next TakeRun takes
// it again (its attempt counted, so that a run that kills its watchers
// is given up). A job finished meanwhile, through another service, is
// left as it is.
func (s *Service) letGo(ws string, seq uint64) {
	taken, ok := s.leases.end(ws, seq)
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, release, err := s.o.Open(ctx, ws, true)
	if err != nil {
		return
	}
	defer func() { _ = release() }()
	stored, found, err := storedJob(st, seq)
	if err != nil || !found || stored.State != trajectory.Pending || stored.Attempts != taken.Attempts {
		return
	}
	_ = st.FinishJob(stored)
}

// storedJob is job seq as the store holds it.
func storedJob(st Store, seq uint64) (trajectory.Job, bool, error) {
	jobs, err := st.Jobs()
	if err != nil {
		return trajectory.Job{}, false, err
	}
	for _, j := range jobs {
		if j.Seq == seq {
			return j, true, nil
		}
	}
	return trajectory.Job{}, false, nil
}

// FinishRun records how a job taken ended, and lets go of it: done with
// its result and skill, failed with its reason, or pending to give it
// back untried (the watch stopping, the store or the server busy), the
// attempt TakeRun counted taken back: the attempts count the runs lore
// died on. The job is the one taken, whatever else the request says of
// it: only its outcome is the caller's. A job finished already is left
// as it is, and one given back only if it is still pending.
func (s *Service) FinishRun(ctx context.Context, r *lorev1.FinishRunRequest) (*lorev1.FinishRunResponse, error) {
	j := r.GetJob()
	state := trajectory.JobState(j.GetState())
	switch {
	case j.GetSeq() <= 0:
		return nil, api.Errorf(connect.CodeInvalidArgument, "finish run: no job (its seq, as TakeRun gave it)")
	case state != trajectory.Done && state != trajectory.Failed && state != trajectory.Pending:
		return nil, api.Errorf(connect.CodeInvalidArgument, "finish run %d: state %q: say done, failed or pending (given back)", j.GetSeq(), j.GetState())
	case state == trajectory.Failed && strings.TrimSpace(j.GetReason()) == "":
		return nil, api.Errorf(connect.CodeInvalidArgument, "finish run %d: failed without a reason", j.GetSeq())
	}
	seq := uint64(j.GetSeq())
	err := s.use(ctx, "FinishRun", true, func(c api.Caller, st Store) error {
		job, leased := s.leases.end(c.Workspace, seq)
		if !leased {
			stored, found, err := storedJob(st, seq)
			if err != nil {
				return err
			}
			if !found {
				return api.Errorf(connect.CodeNotFound, "finish run %d: no such job in the queue (lore queue --state all lists them)", seq)
			}
			if stored.State != trajectory.Pending {
				return nil
			}
			job = stored
		}
		switch {
		case state == trajectory.Pending && leased && job.Attempts > 0:
			job.Attempts--
		case state != trajectory.Pending:
			job.State, job.Finished = state, s.o.Now().UTC()
			job.Result, job.Reason, job.Skill = j.GetResult(), j.GetReason(), j.GetSkill()
			if state == trajectory.Failed {
				job.Result, job.Skill = "", ""
			} else {
				job.Reason = ""
			}
		}
		return st.FinishJob(job)
	})
	if err != nil {
		return nil, asAPIError(err)
	}
	return &lorev1.FinishRunResponse{}, nil
}

// jobMessage is j as the API gives it.
func jobMessage(j trajectory.Job) *lorev1.Job {
	return &lorev1.Job{Seq: int32(j.Seq), Path: j.Path, Hash: j.Hash, Size: int32(j.Size), State: string(j.State),
		Attempts: int32(j.Attempts), Enqueued: stamp(j.Enqueued), Started: stamp(j.Started), Finished: stamp(j.Finished),
		Reason: j.Reason, Result: j.Result, Skill: j.Skill}
}
