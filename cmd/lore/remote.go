package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// A client of a team server (LORE_SERVER) runs the commands marked
// cmdutil.AnnotRemote through the API; their --json output is then the API's
// messages as JSON. Every other command is refused: the server's store is
// not this machine's, and a command line is never sent to be run there.

// remote reports whether this process is a team server's client.
func remote() bool { return os.Getenv(serverEnv) != "" }

// runsOffServer reports a command a team server's client may run: one
// that calls the API, or one that needs no store at all (scan, text,
// version …), or help.
func runsOffServer(cmd *cobra.Command) bool {
	if cmd.Annotations[cmdutil.AnnotRemote] != "" || cmd.Annotations[cmdutil.AnnotHelp] != "" || !cmd.HasParent() {
		return true
	}
	for c := cmd; c != nil; c = c.Parent() {
		if c.Annotations[cmdutil.AnnotLocal] == "no store" {
			return true
		}
	}
	return strings.HasPrefix(cmd.Name(), "__complete") || cmd.Name() == "completion" || cmd.Parent().Name() == "completion"
}

// refuseOffServer is the error of a command a team server's client
// cannot run, naming those it can.
func refuseOffServer(cmd *cobra.Command) error {
	can := commandsWhere(func(c *cobra.Command) bool { return c.Annotations[cmdutil.AnnotRemote] != "" })
	return &core.UsageError{Msg: fmt.Sprintf("lore %s does not run on a team server (%s=%s); these do: %s",
		strings.TrimPrefix(cmd.CommandPath(), "lore "), serverEnv, os.Getenv(serverEnv), strings.Join(can, ", "))}
}

// commandsWhere lists, sorted and without the leading "lore ", the
// commands of the whole tree that ok accepts (the root at hand may hold
// only the command run), skipping the completion scripts' group.
func commandsWhere(ok func(c *cobra.Command) bool) []string {
	var can []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Name() == "completion" {
			return
		}
		if ok(c) {
			can = append(can, strings.TrimPrefix(c.CommandPath(), "lore "))
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newApp(nil, io.Discard, io.Discard).rootCmd())
	slices.Sort(can)
	return can
}

func (a *app) whoamiCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "whoami",
		Short: "Say who lore takes you for: user, role, workspace and what the role may do",
		Long: `On a team server (LORE_SERVER and LORE_TOKEN set), the user the token names,
their role, their workspace and the calls the role may make. On this machine's
own store, the person running lore, who may do everything.`,
		Args:        cmdutil.NoArgs,
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			who, err := cmdutil.Call(&a.Factory, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.WhoAmIResponse, error) {
				return svc.WhoAmI(ctx, &lorev1.WhoAmIRequest{})
			})
			if err != nil {
				return err
			}
			return a.PrintAnswer(asJSON, who, func(b *strings.Builder) {
				where := "this machine's store"
				switch {
				case who.GetRemote():
					where = "the team server " + os.Getenv(serverEnv)
				case a.onPostgres():
					where = "the PostgreSQL store " + redactURL(a.cfg.storeURL())
				}
				fmt.Fprintf(b, "%s (%s) in workspace %s, on %s\nmay call: %s\n", who.GetUser(), who.GetRole(), who.GetWorkspace(),
					where, strings.Join(who.GetAllowed(), ", "))
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"user", "role", "workspace", "remote", "allowed"}`)
	return cmd
}

func (a *app) decideCmd() *cobra.Command {
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
				return a.waitingRuns(cmd.Context())
			}
			status := map[string]string{"approve": "approved", "reject": "rejected"}[args[1]]
			if status == "" {
				return &core.UsageError{Msg: fmt.Sprintf("%q: say approve or reject", args[1])}
			}
			_, err := cmdutil.Call(&a.Factory, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.DecideResponse, error) {
				return svc.Decide(ctx, &lorev1.DecideRequest{RunId: args[0], Status: status, Rationale: why})
			})
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(a.Stdout, "%s: %s\n", args[0], status)
			return err
		},
	}
	cmd.Flags().StringVar(&why, "why", "", "the reason, recorded with the decision")
	return cmd
}

// waitingRuns lists the learns waiting at the gate in the caller's
// workspace.
func (a *app) waitingRuns(ctx context.Context) error {
	out, err := cmdutil.Call(&a.Factory, ctx, func(ctx context.Context, svc api.Service) (*lorev1.QueueResponse, error) {
		return svc.Queue(ctx, &lorev1.QueueRequest{})
	})
	if err != nil {
		return err
	}
	var b strings.Builder
	st := a.Styles()
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
	return a.WriteStyled(b.String())
}

// remoteRunError is a run on the server that failed, with the exit code
// the server gave it.
type remoteRunError struct {
	msg  string
	code int
}

func (e *remoteRunError) Error() string { return e.msg }
