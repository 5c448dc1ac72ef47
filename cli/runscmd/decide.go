package runscmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// NewCmdDecide is lore decide, the decision at the gate for a learn
// waiting on a team server.
func NewCmdDecide(f *cmdutil.Factory) *cobra.Command {
	var why string
	cmd := &cobra.Command{
		Use:   "decide [RUN approve|reject]",
		Short: "Decide at the gate for a learn waiting on a team server (reviewers)",
		Long: `A learn on a team server that the gate's laws leave to a person — a STRANGER
source, critical findings, warnings not approved — waits for a user with the
reviewer role. lore decide alone lists the runs waiting, with who started
them and their findings; lore decide RUN approve|reject approves or rejects
one, recorded under your name. An approval acknowledges the run's critical
findings: read them first.`,
		Example: `  lore decide
  lore decide learn-20261125-101500-abcd12 approve --why "our vendor's manual"`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			return cmdutil.ExactArgs(2, "a RUN and approve or reject (or nothing, to list the runs waiting)")(cmd, args)
		},
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return waitingRuns(f, cmd.Context())
			}
			status := map[string]string{"approve": "approved", "reject": "rejected"}[args[1]]
			if status == "" {
				return &core.UsageError{Msg: fmt.Sprintf("%q: say approve or reject", args[1])}
			}
			_, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.DecideResponse, error) {
				return svc.Decide(ctx, &lorev1.DecideRequest{RunId: args[0], Status: status, Rationale: why})
			})
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(f.Stdout, "%s: %s\n", args[0], status)
			return err
		},
	}
	cmd.Flags().StringVar(&why, "why", "", "the reason, recorded with the decision")
	return cmd
}

// waitingRuns lists the learns waiting at the gate in the caller's
// workspace.
func waitingRuns(f *cmdutil.Factory, ctx context.Context) error {
	out, err := cmdutil.Call(f, ctx, func(ctx context.Context, svc api.Service) (*lorev1.QueueResponse, error) {
		return svc.Queue(ctx, &lorev1.QueueRequest{})
	})
	if err != nil {
		return err
	}
	var b strings.Builder
	st := f.Styles()
	if len(out.GetWaiting()) == 0 {
		b.WriteString("no run waits for a decision\n")
	}
	for _, ev := range out.GetWaiting() {
		q := ev.GetApprovalRequested()
		fmt.Fprintf(&b, "%s  %s source %s, started by %s: %s\n", st.Heading.Render(ev.GetRunId()), q.GetTrust(), q.GetSource(), ev.GetUser(), q.GetNeeds())
		for _, f := range q.GetFindings() {
			fmt.Fprintf(&b, "  %-8s %s %s\n", f.GetSeverity(), f.GetMessage(), st.Faint.Render(f.GetLocation()))
		}
	}
	return f.WriteStyled(b.String())
}
