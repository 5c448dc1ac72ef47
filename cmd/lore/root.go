package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/tui/learnform"
	"github.com/lore-kb/lore/tui/styles"
)

// app carries what every command needs: configuration and the streams.
type app struct {
	cfg    *config
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// configFlag is the --config value, read before the configuration.
	configFlag string
	// st caches styles().
	st *styles.Styles
}

// run executes lore with args and returns the process exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr}
	root := a.rootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := fang.Execute(ctx, root,
		fang.WithVersion(version),
		fang.WithCommit(commit),
		fang.WithNotifySignal(os.Interrupt),
		fang.WithErrorHandler(func(w io.Writer, _ fang.Styles, err error) {
			if errors.Is(err, context.Canceled) {
				fmt.Fprintln(w, "lore: interrupted; the store is unchanged")
				return
			}
			fmt.Fprintln(w, "lore: "+err.Error())
		}),
	)
	return exitCode(err)
}

// exitCode maps an error to the documented exit codes.
func exitCode(err error) int {
	var ue *core.UsageError
	var are *gate.ApprovalRequiredError
	var rej *gate.RejectedError
	var blocked *engine.IntegrityBlockedError
	var reverted *engine.AlreadyRevertedError
	var resolved *engine.AlreadyResolvedError
	var notRev *engine.NotRevertibleError
	switch {
	case err == nil:
		return core.ExitOK
	case errors.Is(err, context.Canceled):
		return core.ExitInterrupted
	case errors.As(err, &are), errors.As(err, &rej):
		return core.ExitRejected
	case errors.Is(err, core.ErrStoreLocked):
		return core.ExitLocked
	case errors.As(err, &blocked):
		return core.ExitBlocked
	case errors.As(err, &ue), isCobraUsageError(err), errors.Is(err, engine.ErrUnknown),
		errors.As(err, &reverted), errors.As(err, &resolved), errors.As(err, &notRev):
		return core.ExitUsage
	}
	return core.ExitFailure
}

// isCobraUsageError recognizes cobra's own argument errors, which are plain
// errors; cobra offers no type to match (spf13/cobra#2266).
func isCobraUsageError(err error) bool {
	s := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument", "accepts ", "requires at least", "requires at most"} {
		if len(s) >= len(p) && s[:len(p)] == p {
			return true
		}
	}
	return false
}

func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "lore",
		Short: "Turn documents into a reviewed graph of knowledge primitives",
		Long: `Run without a command on a terminal, lore opens its terminal application.

lore reads textbooks, specs, papers and READMEs, finds their structure and the
knowledge primitives they hold (definitions, theorems, algorithms, techniques,
axioms, identities), wires them into a dependency DAG and keeps them in a local
store.

Exit codes: 0 success, 1 failure, 2 usage error (bad flag or argument, unknown
session or conflict id, session already reverted, conflict already resolved),
3 rejected at the approval gate (or approval needed and not given), 4 store
locked by another process, 5 unlearn blocked by dependents (use --force),
130 interrupted (nothing stored).`,
		Args: noArgs,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := loadConfig(a.configFlag)
			if err != nil {
				return err
			}
			a.cfg = cfg
			cfg.bindFlag(keyDataDir, cmd.Flags().Lookup("data-dir"))
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !a.interactive() {
				return &core.UsageError{Msg: "the terminal application needs a terminal on stdin and stdout; " +
					"headless, use lore learn SOURCE --json and the other commands (lore --help)"}
			}
			opts, err := a.learnOptions(cmd, "", "")
			if err != nil {
				return err
			}
			db, err := a.openStore()
			if err != nil {
				return err
			}
			defer db.Close()
			// Each run's outcome was shown in the application.
			_, err = a.runApp(cmd.Context(), db, opts, learnform.Request{})
			return err
		},
	}
	root.PersistentFlags().StringVar(&a.configFlag, "config", "", "config file (default $XDG_CONFIG_HOME/lore/config.yaml)")
	root.PersistentFlags().String("data-dir", "", "store directory (default $XDG_DATA_HOME/lore)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &core.UsageError{Msg: err.Error()}
	})
	root.AddCommand(
		a.analyzeCmd(),
		a.scanCmd(),
		a.gateCmd(),
		a.demoCmd(),
		a.domainsCmd(),
		a.configCmd(),
		a.versionCmd(),
		a.storeCmd(),
		a.learnCmd(),
		a.unlearnCmd(),
		a.sessionsCmd(),
		a.reportCmd(),
		a.conflictsCmd(),
		a.showCmd(),
		a.rankCmd(),
		a.graphCmd(),
		a.textCmd(),
		a.skillsCmd(),
	)
	return root
}

// noArgs and exactArgs report argument mistakes as usage errors (exit 2).
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return &core.UsageError{Msg: fmt.Sprintf("%s takes no arguments, got %q", cmd.CommandPath(), args[0])}
	}
	return nil
}

func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return &core.UsageError{Msg: fmt.Sprintf("%s needs %s (got %d arguments); see %s --help", cmd.CommandPath(), what, len(args), cmd.CommandPath())}
		}
		return nil
	}
}
