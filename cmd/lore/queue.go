package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
)

// queueOut is lore queue --json.
type queueOut struct {
	Pending     int              `json:"pending"`
	Done        int              `json:"done"`
	Failed      int              `json:"failed"`
	RunsLearned int              `json:"runsLearned"`
	Jobs        []trajectory.Job `json:"jobs"`
}

func (a *app) queueCmd() *cobra.Command {
	var (
		state  string
		limit  int
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:         "queue",
		Short:       "Show the queue of agent runs lore watch learns",
		Annotations: map[string]string{annotPostgres: "1"},
		Long: `Shows the queue lore watch keeps in the store: how many runs are pending, done
and failed, the runs learned in all (lore learn RUN included), and the jobs —
by default every pending and failed one and the last 10 done, oldest first —
with each file (the home folder written ~), its attempts, what learning it did
or why it failed. --state picks one state (all: every job), --limit caps the
jobs listed per state. While lore watch is learning it holds the store; lore
queue then waits up to 3s for it.

--json prints {"pending", "done", "failed", "runsLearned", "jobs": [{"seq",
"path", "hash", "size", "state", "attempts", "enqueued", "started", "finished",
"reason", "result", "skill"}]}.`,
		Example: `  lore queue
  lore queue --state failed --json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch state {
			case "", "all", string(trajectory.Pending), string(trajectory.Done), string(trajectory.Failed):
			default:
				return &core.UsageError{Msg: fmt.Sprintf("--state %q: use pending, done, failed or all", state)}
			}
			if limit < 0 {
				return &core.UsageError{Msg: fmt.Sprintf("--limit %d: give a number of jobs, 0 for no limit", limit)}
			}
			out, err := fromBackend(a, readOnly, func(db backend.Store) (queueOut, error) {
				jobs, err := db.Jobs()
				if err != nil {
					return queueOut{}, err
				}
				n, err := db.LearnedRuns()
				return queueOut{RunsLearned: n, Jobs: jobs}, err
			})
			if err != nil {
				return err
			}
			all := out.Jobs
			out.Jobs = []trajectory.Job{}
			byState := map[trajectory.JobState][]trajectory.Job{}
			for _, j := range all {
				byState[j.State] = append(byState[j.State], j)
			}
			out.Pending, out.Done, out.Failed = len(byState[trajectory.Pending]), len(byState[trajectory.Done]), len(byState[trajectory.Failed])
			pick := func(s trajectory.JobState, n int) {
				js := byState[s]
				if n > 0 && len(js) > n {
					js = js[len(js)-n:]
				}
				out.Jobs = append(out.Jobs, js...)
			}
			switch state {
			case "":
				pick(trajectory.Pending, limit)
				pick(trajectory.Failed, limit)
				done := limit
				if done == 0 {
					// Done jobs only pile up: the latest are what a person
					// checking on a watch wants.
					done = 10
				}
				pick(trajectory.Done, done)
			case "all":
				for _, s := range []trajectory.JobState{trajectory.Pending, trajectory.Failed, trajectory.Done} {
					pick(s, limit)
				}
			default:
				pick(trajectory.JobState(state), limit)
			}
			if asJSON {
				return writeJSON(a.stdout, out)
			}
			a.renderQueue(out)
			return nil
		},
	}
	cmd.Flags().StringVar(&state, "state", "", "list only pending, done or failed jobs, or all of them")
	cmd.Flags().IntVar(&limit, "limit", 0, "list at most this many jobs of each state, the latest (0: no limit; done: 10 unless --state)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the queue as one JSON object")
	return cmd
}

func (a *app) renderQueue(out queueOut) {
	st := a.styles()
	label := st.Label.Render
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d pending · %d done · %d failed · %d run%s learned in all\n", label("queue  "),
		out.Pending, out.Done, out.Failed, out.RunsLearned, plural(out.RunsLearned))
	for _, j := range out.Jobs {
		at := j.Enqueued.Local().Format(time.DateTime)
		switch j.State {
		case trajectory.Pending:
			fmt.Fprintf(&b, "%s #%d %s %s\n", label("pending"), j.Seq, j.Path, st.Faint.Render(fmt.Sprintf("(queued %s, %d attempt%s)", at, j.Attempts, plural(j.Attempts))))
		case trajectory.Failed:
			fmt.Fprintf(&b, "%s #%d %s: %s\n", st.Bad.Render("failed "), j.Seq, j.Path, j.Reason)
		default:
			fmt.Fprintf(&b, "%s #%d %s: %s\n", st.Good.Render("done   "), j.Seq, j.Path, j.Result)
		}
	}
	if len(out.Jobs) == 0 && out.Pending+out.Done+out.Failed == 0 {
		b.WriteString(st.Faint.Render("nothing queued: lore watch DIR queues the agent runs written there") + "\n")
	}
	fmt.Fprint(styledWriter(a.stdout), b.String())
}
