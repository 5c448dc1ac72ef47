package api_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/internal/apitest"
)

// runFile is a run of core/trajectory's tests copied to dir, as a
// watcher queues it.
func runFile(t *testing.T, dir, name string) (*lorev1.Job, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "trajectory", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return &lorev1.Job{Path: p, Hash: trajectory.Hash(data), Size: int32(len(data))}, data
}

// learnJob learns a job's run as lore watch does: the file named on this
// machine, sent to a server.
func learnJob(t *testing.T, ctx context.Context, e *apitest.Env, svc api.Service, job *lorev1.Job, data []byte) []*lorev1.LearnEvent {
	t.Helper()
	req := &lorev1.LearnRequest{SourceName: job.GetPath(), RunOnly: true, Unattended: true}
	if e.Remote {
		req.UploadId = upload(t, ctx, svc, filepath.Base(job.GetPath()), data)
	} else {
		req.Path = job.GetPath()
	}
	events, err := learn(t, ctx, svc, req)
	if err != nil {
		t.Fatalf("learn %s: %v", job.GetPath(), err)
	}
	return events
}

// TestRunQueue: a curator's watcher queues run files, takes their jobs
// one at a time (each held until finished, or until its lease runs out),
// learns each with Learn and records how it ended; only the outcome is
// the caller's to say.
func TestRunQueue(t *testing.T) {
	lease := 500 * time.Millisecond
	apitest.EachWith(t, func(o *local.Options) { o.RunLease = lease }, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cleo", access.Curator, "default")
		ctx, svc := e.As("cleo")
		dir := t.TempDir()
		ok, okData := runFile(t, dir, "claude_success.jsonl")
		other, _ := runFile(t, dir, "codex_success.jsonl")

		bad := &lorev1.Job{Path: ok.GetPath(), Hash: "not-a-hash", Size: 1}
		if _, err := svc.EnqueueRuns(ctx, &lorev1.EnqueueRunsRequest{Jobs: []*lorev1.Job{ok, bad}}); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Fatalf("a job with a bad hash: %v, want InvalidArgument", err)
		}
		queued, err := svc.EnqueueRuns(ctx, &lorev1.EnqueueRunsRequest{Jobs: []*lorev1.Job{ok, other}})
		if err != nil || len(queued.GetAdded()) != 2 || queued.GetAdded()[0].GetState() != "pending" || queued.GetAdded()[0].GetSeq() != 1 {
			t.Fatalf("enqueue: %v %v", queued, err)
		}
		if again, err := svc.EnqueueRuns(ctx, &lorev1.EnqueueRunsRequest{Jobs: []*lorev1.Job{ok}}); err != nil || len(again.GetAdded()) != 0 {
			t.Fatalf("the same file again: %v %v", again, err)
		}

		take := func() *lorev1.Job {
			t.Helper()
			out, err := svc.TakeRun(ctx, &lorev1.TakeRunRequest{})
			if err != nil {
				t.Fatalf("take: %v", err)
			}
			return out.GetJob()
		}
		first, second := take(), take()
		if first.GetPath() != ok.GetPath() || first.GetAttempts() != 1 || second.GetPath() != other.GetPath() {
			t.Fatalf("taken: %v, then %v", first, second)
		}
		if j := take(); j != nil {
			t.Fatalf("a job held was taken again: %v", j)
		}

		events := learnJob(t, ctx, e, svc, first, okData)
		var run *lorev1.LearnEvent
		for _, ev := range events {
			if ev.GetRun() != nil {
				run = ev
			}
		}
		if run == nil {
			t.Fatalf("the learn of a run ended without its run event: %v", events)
		}
		skill := run.GetRun().GetFields()["skill"].GetStringValue()
		if skill == "" {
			t.Fatalf("the run event names no skill: %v", run.GetRun())
		}
		// Only the outcome is the caller's: the job stays the one taken.
		first.State, first.Result, first.Skill, first.Path = "done", "drafted "+skill, skill, "/elsewhere.jsonl"
		if _, err := svc.FinishRun(ctx, &lorev1.FinishRunRequest{Job: first}); err != nil {
			t.Fatalf("finish: %v", err)
		}
		// Given back untried, the second is taken again, the attempt
		// taken back.
		second.State = "pending"
		if _, err := svc.FinishRun(ctx, &lorev1.FinishRunRequest{Job: second}); err != nil {
			t.Fatalf("give back: %v", err)
		}
		if j := take(); j.GetSeq() != second.GetSeq() || j.GetAttempts() != 1 {
			t.Fatalf("after the give back: %v", j)
		}
		// Never finished, it is let go of once its lease runs out, the
		// attempt counted: its watcher may have died on it.
		time.Sleep(lease + 300*time.Millisecond)
		third := take()
		if third.GetSeq() != second.GetSeq() || third.GetAttempts() != 2 {
			t.Fatalf("after the lease: %v", third)
		}
		third.State = "failed"
		if _, err := svc.FinishRun(ctx, &lorev1.FinishRunRequest{Job: third}); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("failed without a reason: %v, want InvalidArgument", err)
		}
		third.Reason = "not a readable agent run"
		if _, err := svc.FinishRun(ctx, &lorev1.FinishRunRequest{Job: third}); err != nil {
			t.Fatalf("finish failed: %v", err)
		}
		if _, err := svc.FinishRun(ctx, &lorev1.FinishRunRequest{Job: &lorev1.Job{Seq: 99, State: "done"}}); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("an unknown job: %v, want NotFound", err)
		}
		// A job finished stays as it ended.
		third.State, third.Reason, third.Result = "done", "", "learned after all"
		if _, err := svc.FinishRun(ctx, &lorev1.FinishRunRequest{Job: third}); err != nil {
			t.Errorf("a second finish: %v", err)
		}

		jobs, err := svc.Jobs(ctx, &lorev1.JobsRequest{State: "all"})
		if err != nil || jobs.GetPending() != 0 || jobs.GetDone() != 1 || jobs.GetFailed() != 1 || jobs.GetRunsLearned() != 1 {
			t.Fatalf("jobs: %v %v", jobs, err)
		}
		for _, j := range jobs.GetJobs() {
			switch j.GetState() {
			case "done":
				if j.GetPath() != ok.GetPath() || j.GetHash() != ok.GetHash() || j.GetSkill() != skill || j.GetFinished() == "" {
					t.Errorf("the done job: %v", j)
				}
			case "failed":
				if j.GetReason() != "not a readable agent run" || j.GetAttempts() != 2 || j.GetResult() != "" {
					t.Errorf("the failed job: %v", j)
				}
			}
		}

		// The file learned again: known, not queued.
		copied, _ := runFile(t, t.TempDir(), "claude_success.jsonl")
		if out, err := svc.EnqueueRuns(ctx, &lorev1.EnqueueRunsRequest{Jobs: []*lorev1.Job{copied}}); err != nil || len(out.GetAdded()) != 0 || len(out.GetKnown()) != 1 {
			t.Errorf("a copy of a learned run: %v %v", out, err)
		}
	})
}

// TestRunOnlyLearnsRunsAlone: a learn asked for a run alone (a watcher's
// job) fails, storing nothing, when its source is a document, or gone.
func TestRunOnlyLearnsRunsAlone(t *testing.T) {
	apitest.Each(t, func(t *testing.T, e *apitest.Env) {
		e.AddUser("cleo", access.Curator, "default")
		ctx, svc := e.As("cleo")
		doc := []byte("# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses.\n")
		p := filepath.Join(t.TempDir(), "run.jsonl")
		if err := os.WriteFile(p, doc, 0o600); err != nil {
			t.Fatal(err)
		}
		job := &lorev1.Job{Path: p}
		f := failed(learnJob(t, ctx, e, svc, job, doc))
		if f == nil || f.GetCode() != 2 {
			t.Fatalf("a document learned as a run: %v", f)
		}
		if !e.Remote {
			f = failed(learnJob(t, ctx, e, svc, &lorev1.Job{Path: filepath.Join(t.TempDir(), "gone.jsonl")}, nil))
			if f == nil || f.GetCode() != 2 {
				t.Fatalf("a run file gone: %v", f)
			}
		}
		if ss, err := svc.Sessions(ctx, &lorev1.SessionsRequest{}); err != nil || len(ss.GetSessions()) != 0 {
			t.Errorf("sessions after refused learns: %v %v", ss, err)
		}
	})
}
