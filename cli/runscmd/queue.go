// Package runscmd holds the commands about agent runs: lore queue, the
// queue of runs lore watch learns, and lore decide, the decisions at the
// gate that learns on a team server wait for.
package runscmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/trajectory"
)

// NewCmdQueue is lore queue, the queue of agent runs lore watch learns.
func NewCmdQueue(f *cmdutil.Factory) *cobra.Command {
	var (
		state  string
		limit  int
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:         "queue",
		Short:       "Show the queue of agent runs lore watch learns",
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
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
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// The flags are named here; the API says its fields' names.
			switch state {
			case "", "all", string(trajectory.Pending), string(trajectory.Done), string(trajectory.Failed):
			default:
				return &core.UsageError{Msg: fmt.Sprintf("--state %q: use pending, done, failed or all", state)}
			}
			if limit < 0 {
				return &core.UsageError{Msg: fmt.Sprintf("--limit %d: give a number of jobs, 0 for no limit", limit)}
			}
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.JobsResponse, error) {
				return svc.Jobs(ctx, &lorev1.JobsRequest{State: state, Limit: int32(limit)})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) { writeJobs(f, b, out) })
		},
	}
	cmd.Flags().StringVar(&state, "state", "", "list only pending, done or failed jobs, or all of them")
	cmd.Flags().IntVar(&limit, "limit", 0, "list at most this many jobs of each state, the latest (0: no limit; done: 10 unless --state)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the queue as one JSON object")
	return cmd
}

// writeJobs describes the queue: its counts, then a line per job.
func writeJobs(f *cmdutil.Factory, b *strings.Builder, out *lorev1.JobsResponse) {
	st := f.Styles()
	label := st.Label.Render
	fmt.Fprintf(b, "%s %d pending · %d done · %d failed · %d run%s learned in all\n", label("queue  "),
		out.GetPending(), out.GetDone(), out.GetFailed(), out.GetRunsLearned(), cmdutil.Plural(int(out.GetRunsLearned())))
	for _, j := range out.GetJobs() {
		switch trajectory.JobState(j.GetState()) {
		case trajectory.Pending:
			at, _ := time.Parse(time.RFC3339Nano, j.GetEnqueued())
			fmt.Fprintf(b, "%s #%d %s %s\n", label("pending"), j.GetSeq(), j.GetPath(),
				st.Faint.Render(fmt.Sprintf("(queued %s, %d attempt%s)", at.Local().Format(time.DateTime), j.GetAttempts(), cmdutil.Plural(int(j.GetAttempts())))))
		case trajectory.Failed:
			fmt.Fprintf(b, "%s #%d %s: %s\n", st.Bad.Render("failed "), j.GetSeq(), j.GetPath(), j.GetReason())
		default:
			fmt.Fprintf(b, "%s #%d %s: %s\n", st.Good.Render("done   "), j.GetSeq(), j.GetPath(), j.GetResult())
		}
	}
	if len(out.GetJobs()) == 0 && out.GetPending()+out.GetDone()+out.GetFailed() == 0 {
		b.WriteString(st.Faint.Render("nothing queued: lore watch DIR queues the agent runs written there") + "\n")
	}
}
