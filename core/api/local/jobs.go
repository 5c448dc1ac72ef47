package local

import (
	"cmp"
	"context"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/trajectory"
)

// doneByDefault is how many done jobs Jobs lists when not asked for a
// state: done jobs only pile up, and the latest are what a person
// checking on a watch wants.
const doneByDefault = 10

// Jobs lists the queue of agent runs lore watch learns: the counts by
// state and the jobs asked for, oldest first within each state.
func (s *Service) Jobs(ctx context.Context, r *lorev1.JobsRequest) (*lorev1.JobsResponse, error) {
	state, limit := r.GetState(), int(r.GetLimit())
	switch state {
	case "", "all", string(trajectory.Pending), string(trajectory.Done), string(trajectory.Failed):
	default:
		return nil, api.Errorf(connect.CodeInvalidArgument, "jobs: state %q: use pending, done, failed or all", state)
	}
	if limit < 0 {
		return nil, api.Errorf(connect.CodeInvalidArgument, "jobs: limit %d: give a number of jobs, 0 for no limit", limit)
	}
	return read(ctx, s, "Jobs", func(_ api.Caller, st Store) (*lorev1.JobsResponse, error) {
		all, err := st.Jobs()
		if err != nil {
			return nil, err
		}
		runs, err := st.LearnedRuns()
		if err != nil {
			return nil, err
		}
		byState := map[trajectory.JobState][]trajectory.Job{}
		for _, j := range all {
			byState[j.State] = append(byState[j.State], j)
		}
		out := &lorev1.JobsResponse{Pending: int32(len(byState[trajectory.Pending])), Done: int32(len(byState[trajectory.Done])),
			Failed: int32(len(byState[trajectory.Failed])), RunsLearned: int32(runs), Jobs: []*lorev1.Job{}}
		pick := func(st trajectory.JobState, n int) {
			js := byState[st]
			if n > 0 && len(js) > n {
				js = js[len(js)-n:]
			}
			for _, j := range js {
				out.Jobs = append(out.Jobs, jobMessage(j))
			}
		}
		switch state {
		case "":
			pick(trajectory.Pending, limit)
			pick(trajectory.Failed, limit)
			pick(trajectory.Done, cmp.Or(limit, doneByDefault))
		case "all":
			for _, st := range []trajectory.JobState{trajectory.Pending, trajectory.Failed, trajectory.Done} {
				pick(st, limit)
			}
		default:
			pick(trajectory.JobState(state), limit)
		}
		return out, nil
	})
}
