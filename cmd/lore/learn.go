package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui/learnform"
)

// openStore opens the configured store.
func (a *app) openStore() (*store.Store, error) {
	return a.openStoreWith(store.Options{})
}

// storeWait is how long a run that has read its source waits for another
// lore command to release the store before giving up with exit 4.
const storeWait = 3 * time.Second

// openStoreWaiting opens the configured store, waiting up to storeWait
// while another process holds it, and less when ctx ends first.
func (a *app) openStoreWaiting(ctx context.Context) (*store.Store, error) {
	return a.openWaiting(ctx, a.openStore)
}

// openWaiting opens the store with open, retrying up to storeWait while
// another process holds it.
func (a *app) openWaiting(ctx context.Context, open func() (*store.Store, error)) (*store.Store, error) {
	deadline := time.Now().Add(storeWait)
	for {
		db, err := open()
		if err == nil || !errors.Is(err, core.ErrStoreLocked) || time.Now().After(deadline) {
			return db, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// rejections reads the gate's earlier rejections of source, for the gate
// to say when and by whom it was rejected before. The note is worth no
// delay: it waits little for a store another process is writing, and
// finds nothing, creating nothing, where nothing was ever learned.
func (a *app) rejections(ctx context.Context, source string) ([]core.Session, error) {
	if !a.viaAPI() && !store.Exists(a.cfg.dataDir()) {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, rejectionsWait)
	defer cancel()
	out, err := cmdutil.Call(&a.Factory, ctx, func(ctx context.Context, svc api.Service) (*lorev1.SessionsResponse, error) {
		return svc.Sessions(ctx, &lorev1.SessionsRequest{RejectedSource: source})
	})
	if err != nil {
		return nil, err
	}
	ss := make([]core.Session, len(out.GetSessions()))
	for i, s := range out.GetSessions() {
		ss[i] = api.SessionOf(s)
	}
	return ss, nil
}

// rejectionsWait is how long the gate waits for the earlier rejections.
const rejectionsWait = 500 * time.Millisecond

func (a *app) learnCmd() *cobra.Command {
	var (
		asJSON bool
		domain string
		src    sourceFlags
		dryRun bool
		plain  bool
		policy gate.Policy
		// noReview commits a run of the terminal application without
		// its Review screen.
		noReview bool
	)
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		Use:         "learn SOURCE",
		Short:       "Learn a source: extract, deduplicate, merge and store its primitives",
		Long: `Runs the seven stages over a file, folder, archive, http(s) URL or git repository
(GitHub address, …/tree/REF/PATH, git or file:// URL; committed files under
--scope, default docs/ and README.md) — acquire, sanitize, approval gate,
analyze, extract and wire, dedup and merge, generate and report — and commits
what was learned as one session, which lore unlearn can take back. Web pages
and remote repositories are STRANGER: the gate needs a person or --trust.

Knowledge is extracted only from the formats lore has readers for (lore text
lists what it reads); every other text file of the source (source code, scripts,
configuration) is scanned all the same, and the gate judges the whole report
(lore scan shows it): what is not learned can still be what a curator must see
before approving the source. A source with no document lore learns from stops
after the scan, before the gate; one whose documents state nothing lore learns
(no definition, theorem, algorithm …) stops after extraction. Either exits 2
and stores nothing, not even a session. So does an Agent Skills bundle (a zip
or folder with a skill's SKILL.md, frontmatter and all, at its top or one
folder down), which is read but not learned: lore skills import imports it.

Every candidate is compared with the stored primitives near it on the plane that
share keywords (and with any stating the same thing) and with the candidates of
the same run:
  - an exact duplicate is skipped;
  - a specialization is added with a "specializes" edge;
  - a generalization updates the existing primitive with its broader statement;
    the statement it replaces is kept in the primitive's versions (lore show
    ID), and the update is listed, old and new statement, in the session's
    report (lore report, History). A candidate whose text is more damaged than
    the stored statement (garbled characters, another column spliced in, a word
    broken by a hyphen, cut off, markup left over) never replaces it: it
    becomes a conflict instead;
  - an overlapping but distinct candidate becomes a conflict;
  - two statements of the same source never conflict: both are kept.
Conflicts wait for a person (lore conflicts, the Conflicts screen); only
keep-candidate replaces a statement, and it too keeps the old one as a version.
Every change is part of the session, so lore unlearn takes it back.

Skills (Agent Skills folders), agents and teams are regenerated for every domain
the session touched, under output_dir. With --dry-run everything runs and nothing
is written. On a terminal the run opens in the terminal application (stage panes,
findings reviewer at the gate, then the Review screen, where a curator renames,
retypes, rejects, links, merges or splits the candidates before they are
committed, or commits them as they are with c; --no-review commits without it);
--plain prints a line per stage instead. When
stdout is not a terminal, or with --json (one object), it runs headless. The gate
follows lore gate's rules and flags. Ctrl-c stops the run and
leaves the store unchanged. The store is opened (and locked) only once the
source is read and approved, when its candidates are compared with what is
stored: other lore commands work while a slow source is read, and a run finding
the store busy waits up to 3s for it before exiting 4.

` + learnRunHelp + `

` + stdinHelp + stdinTierHelp,
		Example: `  lore learn chapter.tex
  git show main:docs/design.md | lore learn - --json
  lore learn notes/ --domain statistics --dry-run
  lore learn download.zip --tier stranger --trust --json`,
		Args: cmdutil.ExactArgs(1, "one SOURCE (a file, folder, archive, URL or git repository)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if remote() {
				if policy.Trust || policy.ForceCritical {
					return &core.UsageError{Msg: a.apiPlace() + " a STRANGER source or a critical finding waits for a reviewer (lore decide RUN approve, from another terminal); no flag approves it"}
				}
				if err := cmdutil.OnlyFlags(cmd, "approve", "dry-run", "json", "tier", "domain", "depth", "scope", "all-files", "plain"); err != nil {
					return err
				}
			}
			if err := src.check(args[0]); err != nil {
				return err
			}
			a.cfg.bindFlag(keyDepth, cmd.Flags().Lookup("depth"))
			a.cfg.bindFlag(keyOutputDir, cmd.Flags().Lookup("output-dir"))
			// Bound before the service is made: a headless learn's
			// service reads the limit from the configuration.
			a.cfg.bindFlag(keyMaxFileSize, cmd.Flags().Lookup("max-file-size"))
			if _, err := parseTier(src.tier); err != nil {
				return err
			}
			depth, _, err := a.analysisSettings(domain)
			if err != nil {
				return err
			}
			path, done, err := a.readSource(cmd, args[0])
			if err != nil {
				return err
			}
			defer done()
			flagged := policy.Approve || policy.Trust || policy.ForceCritical
			// The terminal application runs a learn on this machine's
			// folder, with its Review screen, unless another process
			// serves the folder (the learn then goes to it, headless).
			if !asJSON && !plain && a.Interactive() && !a.viaAPI() && !a.ownerServes(cmd.Context()) && !isRun(cmd.Context(), path) {
				if err := acquire.Check(path); err != nil {
					return err
				}
				opts, err := a.learnOptions(cmd, domain, src.tier)
				if err != nil {
					return err
				}
				if args[0] == "-" {
					opts.SourceName = "standard input"
				}
				opts.DryRun, opts.Scope, opts.Policy = dryRun, src.scopes(), policy
				opts.Acquire.AllFiles = src.allFiles
				start := learnform.Request{Source: acquire.LocalAbs(path), Domain: domain, Depth: opts.Depth, DryRun: dryRun, Scope: opts.Scope,
					Tier: opts.Tier, Policy: policy}
				out, err := a.runApp(cmd.Context(), opts, start, !noReview)
				if err != nil {
					return err
				}
				// The exit code follows the run, as headless.
				return out.Err
			}
			// A person here answers the gate on this machine's library; on
			// a team server a reviewer does.
			ask := !flagged && !asJSON && a.canAsk() && !remote()
			req := &lorev1.LearnRequest{Approve: policy.Approve, Trust: policy.Trust, ForceCritical: policy.ForceCritical,
				DryRun: dryRun, Tier: src.tier, Domain: domain, Scope: src.scopes(), AllFiles: src.allFiles,
				// On this machine, a question nobody here can answer fails
				// the run at once; a team server's waits for a reviewer.
				Unattended: !ask && !remote()}
			if cmd.Flags().Changed("depth") {
				req.Depth = string(depth)
			}
			if !remote() && cmd.Flags().Changed("output-dir") {
				req.OutputDir = a.cfg.outputDir()
			}
			a.writesStore = !dryRun
			return a.learnThroughAPI(cmd.Context(), learnCall{given: args[0], path: path, req: req, asJSON: asJSON, ask: ask})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text (never prompts)")
	cmd.Flags().BoolVar(&plain, "plain", false, "on a terminal, print a line per stage instead of opening the terminal application")
	cmd.Flags().BoolVar(&noReview, "no-review", false, "in the terminal application, commit without the Review screen")
	cmd.Flags().StringVar(&domain, "domain", "", "put every primitive in this domain instead of the detected one")
	cmd.Flags().String("depth", "standard", "shallow (no wiring), standard or deep")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "run every stage but store and write nothing")
	src.add(cmd)
	cmd.Flags().BoolVar(&policy.Approve, "approve", false, "approve a HOME source whose findings are warnings or info")
	cmd.Flags().BoolVar(&policy.Trust, "trust", false, "explicitly approve a STRANGER source")
	cmd.Flags().BoolVar(&policy.ForceCritical, "force-critical", false, "approve critical findings")
	cmd.Flags().String("output-dir", "", "where skills, agents and teams are written (default <data_dir>/skills)")
	return cmd
}

// learnOptions builds the options every run starts from: the analysis,
// acquisition, dedup, generator and output settings of the configuration
// and flags.
func (a *app) learnOptions(cmd *cobra.Command, domain, tier string) (engine.LearnOptions, error) {
	a.cfg.bindFlag(keyDepth, cmd.Flags().Lookup("depth"))
	a.cfg.bindFlag(keyOutputDir, cmd.Flags().Lookup("output-dir"))
	sopts, err := a.scanOptions(cmd, tier)
	if err != nil {
		return engine.LearnOptions{}, err
	}
	depth, doms, err := a.analysisSettings(domain)
	if err != nil {
		return engine.LearnOptions{}, err
	}
	dist, shared, err := a.cfg.dedup()
	if err != nil {
		return engine.LearnOptions{}, err
	}
	gen, err := a.cfg.generate()
	if err != nil {
		return engine.LearnOptions{}, err
	}
	return engine.LearnOptions{
		Domains: doms, Domain: domain, Depth: depth, Tier: sopts.Tier, Acquire: sopts.Acquire,
		Dedup: dedup.Config{MaxDistance: dist, MinSharedKeywords: shared}, Generate: gen, OutputDir: a.cfg.outputDir(),
	}, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (a *app) unlearnCmd() *cobra.Command {
	var (
		asJSON bool
		force  bool
		dryRun bool
	)
	cmd := &cobra.Command{
		Use:   "unlearn SESSION",
		Short: "Take back everything a learn or curate session changed",
		Long: `Reverts a learn or curate session: its changes are undone in reverse order (added
primitives removed, updated ones restored, conflict resolutions undone) as a new
session committed atomically, and the skills of the affected domains are
regenerated. A curate session (lore edit, link, unlink, merge, reject) is taken
back the same way. If primitives learned by other sessions depend on one that would be
removed, the unlearn is refused (exit 5) and the dependents are listed; --force
reverts anyway and cuts their edges to the removed primitives. A session that
cannot be taken back — unknown, already reverted, an unlearn, or a source
rejected at the gate, which stored nothing — exits 2 and changes nothing.
--dry-run says what the unlearn would change (the primitives it would remove,
restore and re-add, the conflicts and skills it would touch) and changes
nothing; it is refused as the unlearn would be.`,
		Example: `  lore sessions
  lore unlearn learn-20261122-101500-a1b2c3 --dry-run
  lore unlearn learn-20261122-101500-a1b2c3
  lore unlearn learn-20261122-101500-a1b2c3 --force`,
		Args:        cmdutil.ExactArgs(1, "one SESSION id (see lore sessions)"),
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := cmdutil.Call(&a.Factory, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.UnlearnResponse, error) {
				return svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: args[0], Force: force, DryRun: dryRun})
			})
			if err != nil {
				return err
			}
			if asJSON {
				return a.WriteMessage(out)
			}
			fmt.Fprintln(a.Stdout, out.GetSummary())
			for _, e := range out.GetErrors() {
				fmt.Fprintln(a.Stderr, "lore: "+e)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().BoolVar(&force, "force", false, "revert even when other sessions' primitives depend on removed ones")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "say what the unlearn would change, and change nothing")
	return cmd
}
