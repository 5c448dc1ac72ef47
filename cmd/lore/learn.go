package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui/learnform"
	"github.com/lore-kb/lore/tui/prompt"
	"github.com/lore-kb/lore/tui/styles"
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
	out, err := callAPI(a, ctx, func(ctx context.Context, svc api.Service) (*lorev1.SessionsResponse, error) {
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
		Annotations: map[string]string{annotPaths: "source", annotRemote: "1"},
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
		Args: exactArgs(1, "one SOURCE (a file, folder, archive, URL or git repository)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if a.viaAPI() {
				if policy.Trust || policy.ForceCritical {
					return &core.UsageError{Msg: a.apiPlace() + " a STRANGER source or a critical finding waits for a reviewer (lore decide RUN approve, from another terminal); no flag approves it"}
				}
				if err := onlyFlags(cmd, "approve", "dry-run", "json", "tier"); err != nil {
					return err
				}
				if _, err := parseTier(src.tier); err != nil {
					return err
				}
				if !remote() {
					// On PostgreSQL the service is this process's: an agent
					// run is learned here, as on a folder's library (the API
					// learns documents), standard input included.
					path, done, err := a.readSource(cmd, args[0])
					if err != nil {
						return err
					}
					defer done()
					if isRun(cmd.Context(), path) {
						return a.learnRun(cmd, path, args[0], asJSON, dryRun)
					}
					if args[0] == "-" {
						// Standard input was read: the document is sent from
						// its copy.
						f, err := os.Open(path)
						if err != nil {
							return fmt.Errorf("standard input: %w", err)
						}
						defer f.Close()
						a.stdin = f
					}
				}
				return a.remoteLearn(cmd.Context(), args[0], "", src.tier, policy.Approve, dryRun, asJSON)
			}
			if err := src.check(args[0]); err != nil {
				return err
			}
			path, done, err := a.readSource(cmd, args[0])
			if err != nil {
				return err
			}
			defer done()
			if isRun(cmd.Context(), path) {
				return a.learnRun(cmd, path, args[0], asJSON, dryRun)
			}
			given := args[0]
			if path == given {
				// A file or folder here is recorded by its full path, as it
				// is when an owner runs the command for this process.
				path = acquire.LocalAbs(path)
			}
			args[0] = path
			opts, err := a.learnOptions(cmd, domain, src.tier)
			if err != nil {
				return err
			}
			if given == "-" {
				opts.SourceName = "standard input"
			}
			opts.DryRun, opts.Scope, opts.Policy = dryRun, src.scopes(), policy
			flagged := policy.Approve || policy.Trust || policy.ForceCritical
			if !asJSON && !plain && a.interactive() {
				if err := acquire.Check(args[0]); err != nil {
					return err
				}
				start := learnform.Request{Source: args[0], Domain: domain, Depth: opts.Depth, DryRun: dryRun, Scope: opts.Scope,
					Tier: opts.Tier, Policy: policy}
				out, err := a.runApp(cmd.Context(), opts, start, !noReview)
				if err != nil {
					return err
				}
				// The exit code follows the run, as headless.
				return out.Err
			}
			if !flagged && !asJSON && a.canAsk() {
				opts.Approver = prompt.Approver{In: a.stdin, Out: a.stdout, Styles: a.styles()}
			}
			var wait func()
			if !asJSON && a.stderrTerminal() {
				opts.Events = engine.NewBroker()
				wait = showProgress(a.stderr, a.styles(), opts.Events)
			}
			// The store is opened, and locked, only when the run reaches
			// dedup: reading a slow source must not lock out every other
			// lore command.
			var release func() error
			defer func() {
				if release != nil {
					_ = release()
				}
			}()
			opts.OpenStore = func(ctx context.Context) (engine.Store, error) {
				if opts.DryRun {
					// A dry run changes nothing: it reads beside the
					// others, and a store opened only to read has no
					// memtable (16 MiB the collector counted as live).
					db, r, err := a.acquireWaiting(ctx, readOnly)
					release = r
					return db, err
				}
				db, r, err := a.acquireWaiting(ctx, writable)
				if err != nil {
					return nil, err
				}
				release = r
				return db, nil
			}
			opts.Rejections = a.rejections
			finished := a.announceRun(cmd.Context(), &opts, given)
			res, err := engine.Learn(cmd.Context(), nil, args[0], opts)
			finished(err)
			if opts.Events != nil {
				opts.Events.Close()
			}
			if wait != nil {
				wait()
			}
			if res == nil || (err != nil && res.Scan == nil) {
				return err
			}
			if asJSON {
				if jerr := writeJSON(a.stdout, learnJSON(res, err, opts.OutputDir)); jerr != nil {
					return jerr
				}
			} else if err == nil {
				renderLearn(a.stdout, a.styles(), res, opts.OutputDir)
			}
			return err
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

// stderrTerminal reports whether progress lines can go to stderr.
func (a *app) stderrTerminal() bool {
	if a.host != nil {
		return a.host.req.StderrTTY
	}
	f, ok := a.stderr.(term.File)
	return ok && term.IsTerminal(f.Fd())
}

// showProgress prints one line per finished stage as events arrive; the
// returned function waits until the subscription is drained.
func showProgress(w io.Writer, st styles.Styles, b *engine.Broker) func() {
	// This reader drains the subscription to its end (the engine closes
	// the broker), so it needs no context to be let go.
	events := b.Subscribe(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		out := styledWriter(w)
		live := false // a progress line is on screen, to be overwritten
		for e := range events {
			switch e := e.(type) {
			case engine.StageProgress:
				if e.Total > 0 {
					// A bar of 20 cells and the detail cut to 34 keep the
					// line within 80 columns, so \r can redraw it.
					full := 20 * min(e.Done, e.Total) / e.Total
					bar := st.Bar.Full.Render(strings.Repeat("█", full)) + st.Bar.Empty.Render(strings.Repeat("░", 20-full))
					fmt.Fprintf(out, "\r\x1b[2K  %-9s %s %d/%d  %s", e.Stage, bar, e.Done, e.Total, st.Faint.Render(ansi.Truncate(e.Detail, 34, "…")))
					live = true
				}
			case engine.StageFinished:
				if live {
					fmt.Fprint(out, "\r\x1b[2K")
					live = false
				}
				mark := st.Good.Render("✓")
				switch e.Status {
				case engine.StageFailed:
					mark = st.Bad.Render("✗")
				case engine.StageSkipped:
					mark = st.Faint.Render("·")
				default:
					// A scan that found something critical did its job, but
					// a ✓ beside it would read as "all is well".
					if r, ok := e.Result.(engine.SanitizeFinished); ok && r.Critical > 0 {
						mark = st.Bad.Render("!")
					}
				}
				fmt.Fprintf(out, "%s %-9s %s %s\n", mark, e.Stage, e.Summary(), st.Faint.Render(e.Elapsed.Round(time.Millisecond).String()))
			}
		}
		// An interrupted stage may end without a last event; its bar
		// must not stay under the message that follows.
		if live {
			fmt.Fprint(out, "\r\x1b[2K")
		}
	})
	return wg.Wait
}

// The --json shape of `lore learn` is a contract other tools rely on.
type learnOut struct {
	SessionID   string         `json:"sessionId"`
	Success     bool           `json:"success"`
	DryRun      bool           `json:"dryRun"`
	ContentType string         `json:"contentType"`
	Counts      map[string]int `json:"counts"`
	Primitives  []primOut      `json:"primitives"`
	Edges       []edgeOut      `json:"edges"`
	Findings    []core.Finding `json:"findings"`
	Skills      []skillOut     `json:"skills"`
	// Conflicts are the ids of the conflicts the learn recorded, for lore
	// conflicts resolve; a dry run records none, and says instead what
	// would conflict in WouldConflict.
	Conflicts     []string           `json:"conflicts"`
	WouldConflict []wouldConflictOut `json:"wouldConflict"`
	Errors        []string           `json:"errors"`
	// RejectedBefore says when and by whom the gate rejected the source
	// before, if it did.
	RejectedBefore string `json:"rejectedBefore,omitempty"`
	// Reapplied are the curators' decisions applied again to this learn;
	// Revisit, those that no longer match the source, for a person to
	// decide again (lore edit, reject, …, or the Review screen).
	Reapplied []core.Curation `json:"reapplied"`
	Revisit   []revisitOut    `json:"revisit"`
}

type revisitOut struct {
	Decision  core.Curation `json:"decision"`
	Session   string        `json:"session"`
	Reason    string        `json:"reason"`
	Candidate string        `json:"candidate,omitempty"`
}

// wouldConflictOut is a candidate of a dry run that a learn would hold
// as a conflict with a stored primitive: no conflict id, as none exists.
type wouldConflictOut struct {
	Candidate  string `json:"candidate"`
	ExistingID string `json:"existingId"`
}

type primOut struct {
	ID              string             `json:"id"`
	Name            string             `json:"name"`
	Type            core.PrimitiveType `json:"type"`
	Domain          string             `json:"domain"`
	FormalStatement string             `json:"formalStatement"`
	Confidence      float64            `json:"confidence"`
	Section         string             `json:"section"`
}

type skillOut struct {
	Name       string `json:"name"`
	Path       string `json:"path"`
	Primitives int    `json:"primitives"`
}

func learnJSON(res *engine.LearnResult, runErr error, outDir string) learnOut {
	out := learnOut{
		SessionID: res.Session.ID, Success: runErr == nil, DryRun: res.Session.DryRun,
		Counts: map[string]int{"added": res.Counts.Added, "updated": res.Counts.Updated,
			"skipped": res.Counts.Skipped, "conflicts": res.Counts.Conflicts},
		Primitives: []primOut{}, Edges: []edgeOut{}, Findings: []core.Finding{}, Skills: []skillOut{},
		Conflicts: []string{}, WouldConflict: []wouldConflictOut{}, Errors: nonNil(res.Errors), RejectedBefore: res.RejectedBefore,
		Reapplied: append([]core.Curation{}, res.Reapplied...), Revisit: []revisitOut{},
	}
	for _, r := range res.Revisit {
		out.Revisit = append(out.Revisit, revisitOut{r.Decision, r.Decision.Session, r.Reason, r.Candidate})
	}
	if res.Analysis != nil {
		out.ContentType = string(res.Analysis.ContentType)
	}
	if res.Scan != nil && res.Scan.Report.Findings != nil {
		out.Findings = res.Scan.Report.Findings
	}
	for _, p := range res.Primitives {
		out.Primitives = append(out.Primitives, primOut{p.ID, p.Name, p.Type, p.Domain, p.FormalStatement, p.Confidence, p.Section})
		for _, e := range p.Dependencies {
			out.Edges = append(out.Edges, edgeOut{p.ID, e.Target, e.Type, e.Strength})
		}
	}
	for _, c := range res.Conflicts {
		if res.Session.DryRun {
			// The ids a dry run gives its would-be conflicts are never
			// stored: resolving one would say unknown conflict.
			out.WouldConflict = append(out.WouldConflict, wouldConflictOut{c.Candidate.Name, c.Existing.ID})
			continue
		}
		out.Conflicts = append(out.Conflicts, c.ID)
	}
	for _, art := range res.Artifacts {
		if art.Kind != core.SkillArtifact {
			continue
		}
		p := skillPath(art, outDir, res.Session.DryRun)
		out.Skills = append(out.Skills, skillOut{art.Name, p, art.Primitives})
	}
	if runErr != nil {
		out.Errors = append(out.Errors, runErr.Error())
	}
	return out
}

// skillPath is where a skill's SKILL.md is (or, on a dry run, would be).
func skillPath(art core.Artifact, outDir string, dry bool) string {
	for _, f := range art.Files {
		if path.Base(f.Path) == "SKILL.md" {
			if dry || outDir == "" {
				return f.Path
			}
			return outDir + "/" + f.Path
		}
	}
	return ""
}

// writeFigures writes a run's source line and its counts.
func writeFigures(b *strings.Builder, st styles.Styles, res *engine.LearnResult) {
	label := st.Label.Render
	if res.Analysis != nil {
		fmt.Fprintf(b, "%s %s · %s · %s\n", label("source   "), res.Analysis.ContentType, orNone(res.Analysis.Domain), res.Analysis.Plane)
	}
	c := res.Counts
	what := "learned  "
	if res.Session.DryRun {
		// Nothing was learned: the figures are what a learn would do.
		what = "would learn"
	}
	fmt.Fprintf(b, "%s added %d · updated %d · skipped %d · conflicts %d · edges %d\n",
		label(what), c.Added, c.Updated, c.Skipped, c.Conflicts, res.EdgesAdded)
}

// dryConflictsShown is how many of a dry run's would-be conflicts its
// text output names, one a line.
const dryConflictsShown = 10

// draftNote says, under the skills a learn made, that they are drafts:
// lore skills search and agents find a skill only once a person promotes
// it. "" when the learn made no skill or stored nothing.
func draftNote(st styles.Styles, res *engine.LearnResult) string {
	if res.Session.DryRun || !slices.ContainsFunc(res.Artifacts, func(a core.Artifact) bool { return a.Kind == core.SkillArtifact }) {
		return ""
	}
	return st.Faint.Render("          skills start as drafts: lore skills review NAME promote makes one findable by lore skills search and agents") + "\n"
}

func renderLearn(w io.Writer, st styles.Styles, res *engine.LearnResult, outDir string) {
	var b strings.Builder
	label := st.Label.Render
	fmt.Fprintf(&b, "%s %s", label("session  "), res.Session.ID)
	if res.Session.DryRun {
		b.WriteString(st.Faint.Render("  (dry run: nothing stored, nothing written)"))
	}
	b.WriteString("\n")
	if res.RejectedBefore != "" {
		fmt.Fprintf(&b, "%s %s\n", st.Severity.Warning.Render("gate     "), res.RejectedBefore)
	}
	writeFigures(&b, st, res)
	for _, art := range res.Artifacts {
		where := art.Location(outDir)
		if res.Session.DryRun {
			where = "(not written)"
		}
		fmt.Fprintf(&b, "%s %s %s (%d primitives) %s\n", label("generated"), art.Kind, art.Name, art.Primitives, st.Faint.Render(where))
	}
	b.WriteString(draftNote(st, res))
	for _, sk := range res.NotGenerated {
		if sk.Kind == core.SkillArtifact {
			fmt.Fprintf(&b, "%s %s\n", label("generated"), noSkillLine(sk))
		}
	}
	switch n := len(res.Conflicts); {
	case n > 0 && res.Session.DryRun:
		// Nothing was stored, so nothing waits: say what a learn would
		// hold for a person, not that it is pending.
		fmt.Fprintf(&b, "%s %d candidate%s would conflict with what is stored %s\n", label("conflicts"), n, plural(n),
			st.Faint.Render("(dry run: none recorded; lore conflicts lists only stored ones)"))
		for _, c := range res.Conflicts[:min(n, dryConflictsShown)] {
			fmt.Fprintf(&b, "%s %s %s %s\n", label("         "), c.Candidate.Name, st.Faint.Render("would conflict with stored"), c.Existing.ID)
		}
		if n > dryConflictsShown {
			fmt.Fprintf(&b, "%s %s\n", label("         "), st.Faint.Render(fmt.Sprintf("… and %d more", n-dryConflictsShown)))
		}
	case n > 0:
		fmt.Fprintf(&b, "%s %d pending — review with: lore conflicts\n", label("conflicts"), n)
	}
	if n := len(res.Reapplied); n > 0 {
		fmt.Fprintf(&b, "%s %d curator decision(s) applied again\n", label("curated  "), n)
	}
	for _, r := range res.Revisit {
		fmt.Fprintf(&b, "%s %s\n", st.Severity.Warning.Render("revisit  "), r)
	}
	if len(res.Revisit) > 0 {
		fmt.Fprintf(&b, "%s decide again with lore edit, reject, … (or lore dismiss ID to leave one as it is), or in the terminal app's Review\n",
			st.Faint.Render("         "))
	}
	for _, e := range res.Errors {
		fmt.Fprintf(&b, "%s %s\n", st.Bad.Render("error    "), e)
	}
	if !res.Session.DryRun {
		fmt.Fprintf(&b, "%s lore report %s · lore unlearn %s\n", st.Faint.Render("next     "), res.Session.ID, res.Session.ID)
	}
	fmt.Fprint(styledWriter(w), b.String())
}

// noSkillLine says why a skill was not generated, naming what it would
// have been about: its subject (title and documents), else its domain.
// The domain alone read as the command when a source had none ("no skill
// for learn", lore's domain for such primitives).
func noSkillLine(sk core.Artifact) string {
	if sk.Subject != "" {
		return fmt.Sprintf("no skill for %s: %s", sk.Subject, sk.Reason)
	}
	return fmt.Sprintf("no skill for the domain %s: %s", sk.Domain, sk.Reason)
}

func orNone(s string) string {
	if s == "" {
		return "no domain"
	}
	return s
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
		Args:        exactArgs(1, "one SESSION id (see lore sessions)"),
		Annotations: map[string]string{annotRemote: "1", annotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := callAPI(a, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.UnlearnResponse, error) {
				return svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: args[0], Force: force, DryRun: dryRun})
			})
			if err != nil {
				return err
			}
			if asJSON {
				return a.writeMessage(out)
			}
			fmt.Fprintln(a.stdout, out.GetSummary())
			for _, e := range out.GetErrors() {
				fmt.Fprintln(a.stderr, "lore: "+e)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().BoolVar(&force, "force", false, "revert even when other sessions' primitives depend on removed ones")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "say what the unlearn would change, and change nothing")
	return cmd
}
