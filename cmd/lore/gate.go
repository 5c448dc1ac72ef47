package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/tui/prompt"
)

func (a *app) gateCmd() *cobra.Command {
	var (
		asJSON bool
		src    sourceFlags
		policy gate.Policy
	)
	cmd := &cobra.Command{
		// The gate reads the source in this process, and the store's
		// earlier rejections through the API.
		Annotations: map[string]string{cmdutil.AnnotAPI: "1"},
		Use:         "gate SOURCE",
		Short:       "Ask the approval gate whether a source may be learned",
		Long: `Runs the first three stages — acquire, sanitize, approval gate — and prints the
decision. Nothing is stored. The gate's three laws:

  HOME source, no finding      approved automatically
  HOME source with findings    a person decides (or --approve, warnings only)
  STRANGER source              always an explicit approval (or --trust)

Critical findings are never approved implicitly: on a terminal each must be
acknowledged; headless, --force-critical is required. Without the flag a
decision needs, and without a terminal to ask on, lore exits with code 3 and
names the flag. A rejection also exits with code 3. A source the gate rejected
before is said to be, with when and by whom (the store's rejected sessions);
nothing is written to the store.

The source flags are lore learn's: given the --scope, --tier and
--max-file-size a learn is given, the gate judges exactly the files that
learn reads (a repository's docs/ and README.md when no --scope is given).

` + stdinHelp + stdinTierHelp,
		Example: `  lore gate notes/ --approve
  lore gate download.zip --tier stranger --trust --json`,
		Args: cmdutil.ExactArgs(1, "one SOURCE (a file, folder, archive, URL or git repository)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := src.check(args[0]); err != nil {
				return err
			}
			opts, err := a.sourceOptions(cmd, src)
			if err != nil {
				return err
			}
			var approver gate.Approver
			if !policy.Approve && !policy.Trust && !policy.ForceCritical && !asJSON && a.canAsk() {
				approver = prompt.Approver{In: a.Stdin, Out: a.Stdout, Styles: a.Styles()}
			}
			path, done, err := a.readSource(cmd, args[0])
			if err != nil {
				return err
			}
			defer done()
			// The source as a learn of it records it, and so as its
			// earlier rejections name it.
			name := "standard input"
			if args[0] != "-" {
				name = redact.URL(acquire.LocalAbs(args[0]))
			}
			// A history that cannot be read holds no decision up.
			var before string
			if earlier, err := a.rejections(cmd.Context(), name); err == nil {
				before = gate.RejectedBefore(earlier)
			}
			if approver != nil && before != "" {
				inner := approver
				approver = gate.ApproverFunc(func(ctx context.Context, req gate.Request) (gate.Answer, error) {
					req.Why += " · " + before
					return inner.Approve(ctx, req)
				})
			}
			res, d, err := engine.Admit(cmd.Context(), path, opts, approver, policy)
			if need, ok := errors.AsType[*gate.ApprovalRequiredError](err); ok {
				need.Earlier = before
			}
			if err != nil {
				return err
			}
			if asJSON {
				out := map[string]any{"source": args[0], "tier": res.Report.Tier, "hygiene": hygieneOf(res.Report), "decision": d}
				if before != "" {
					out["rejectedBefore"] = before
				}
				if err := cmdutil.WriteJSON(a.Stdout, out); err != nil {
					return err
				}
			} else {
				st := a.Styles()
				var b strings.Builder
				fmt.Fprintf(&b, "%s %s  %s\n", st.Label.Render("source  "), args[0], st.Faint.Render(fmt.Sprintf("(%d document%s, tier %s)", len(res.Documents), cmdutil.Plural(len(res.Documents)), res.Report.Tier)))
				fmt.Fprintf(&b, "%s %s\n", st.Label.Render("hygiene "), sanitize.Summary(res.Report))
				status := st.Good.Render(string(d.Status))
				if !d.Proceed() {
					status = st.Bad.Render(string(d.Status))
				}
				fmt.Fprintf(&b, "%s %s by %s  %s\n", st.Label.Render("decision"), status, d.DecidedBy, st.Faint.Render(d.Rationale))
				if before != "" {
					fmt.Fprintf(&b, "%s %s\n", st.Severity.Warning.Render("earlier "), before)
				}
				fmt.Fprint(cmdutil.StyledWriter(a.Stdout), b.String())
			}
			if !d.Proceed() {
				return &gate.RejectedError{Source: args[0], Rationale: d.Rationale, Earlier: before}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text (never prompts)")
	src.add(cmd)
	cmd.Flags().BoolVar(&policy.Approve, "approve", false, "approve a HOME source whose findings are warnings or info")
	cmd.Flags().BoolVar(&policy.Trust, "trust", false, "explicitly approve a STRANGER source")
	cmd.Flags().BoolVar(&policy.ForceCritical, "force-critical", false, "approve critical findings")
	return cmd
}

// scanOptions reads the flags shared by the commands that acquire and
// sanitize a source: --tier and --max-file-size.
func (a *app) scanOptions(cmd *cobra.Command, tier string) (engine.ScanOptions, error) {
	a.cfg.bindFlag(keyMaxFileSize, cmd.Flags().Lookup("max-file-size"))
	t, err := parseTier(tier)
	if err != nil {
		return engine.ScanOptions{}, err
	}
	ao, err := a.cfg.acquireOptions()
	if err != nil {
		return engine.ScanOptions{}, err
	}
	return engine.ScanOptions{Tier: t, Acquire: ao}, nil
}

// parseTier reads a --tier value; "" keeps the source's own familiarity.
func parseTier(s string) (core.Familiarity, error) {
	switch strings.ToLower(s) {
	case "":
		return "", nil
	case "home":
		return core.Home, nil
	case "stranger":
		return core.Stranger, nil
	}
	return "", &core.UsageError{Msg: fmt.Sprintf("--tier %q is not one of home, stranger", s)}
}

// canAsk reports whether a question can be put to the person at this
// process's terminal.
func (a *app) canAsk() bool { return a.Interactive() }
