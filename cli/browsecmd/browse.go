// Package browsecmd holds lore's reading commands: sessions, report,
// conflicts (and the decision on one), show, rank, graph and find.
package browsecmd

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/tui/styles"
)

// NewCmdSessions is lore sessions: the learn and unlearn sessions.
func NewCmdSessions(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:         "sessions",
		Short:       "List learn and unlearn sessions, newest first",
		Args:        cmdutil.NoArgs,
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.SessionsResponse, error) {
				return svc.Sessions(ctx, &lorev1.SessionsRequest{})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) {
				if len(out.GetSessions()) == 0 {
					b.WriteString("no sessions yet; learn something with: lore learn SOURCE\n")
				}
				for _, m := range out.GetSessions() {
					writeSession(b, f.Styles(), api.SessionOf(m))
				}
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// NewCmdReport is lore report: a session's provenance report.
func NewCmdReport(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "report SESSION",
		Short: "Show a session's provenance report",
		Long: `Prints the report of a session: counts, every merge decision with its
rationale (resolutions included), the generated artifacts, errors and options.
Long lists are cut to keep the report readable; lore show ID has the details of
any primitive. On a terminal the report is rendered as the terminal application
shows it, through $PAGER (else less -R) when it is taller than the screen;
piped, it is Markdown.`,
		Args:        cmdutil.ExactArgs(1, "one SESSION id (see lore sessions)"),
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.ReportResponse, error) {
				return svc.Report(ctx, &lorev1.ReportRequest{SessionId: args[0], Structured: asJSON})
			})
			if err != nil {
				return err
			}
			if asJSON {
				// The report is a document of its own, not wrapped in the
				// answer: scripts read it as lore report --json always
				// printed it.
				return f.WriteMessage(out.GetReport())
			}
			return f.WriteMarkdown(out.GetMarkdown())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return cmd
}

// NewCmdConflicts is lore conflicts: the merge conflicts, and lore
// conflicts resolve to decide one.
func NewCmdConflicts(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON bool
		all    bool
	)
	cmd := &cobra.Command{
		Use:   "conflicts",
		Short: "List merge conflicts waiting for a decision",
		Long: `A conflict is a candidate that overlaps an existing primitive without being a
duplicate, generalization or specialization of it: lore keeps both sides and the
comparison until a person decides with lore conflicts resolve.`,
		Args:        cmdutil.NoArgs,
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.ConflictsResponse, error) {
				return svc.Conflicts(ctx, &lorev1.ConflictsRequest{All: all})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) {
				st := f.Styles()
				if len(out.GetConflicts()) == 0 {
					b.WriteString("no pending conflicts\n")
				}
				pending := 0
				for _, m := range out.GetConflicts() {
					c := api.ConflictOf(m)
					if c.State == core.ConflictPending {
						pending++
					}
					fmt.Fprintf(b, "%s  %s  candidate %q vs existing %q (%s)\n", st.Label.Render(c.ID), c.State,
						c.Candidate.Name, c.Existing.Name, c.Existing.ID)
					cmp := c.Comparison
					fmt.Fprintf(b, "    %s\n", st.Faint.Render(fmt.Sprintf("statement %.0f%% · form %.0f%% · keywords %.0f%% — %s",
						100*cmp.FormalSimilarity, 100*cmp.ComputationalSimilarity, 100*cmp.KeywordSimilarity, cmp.Rationale)))
					switch c.State {
					case core.ConflictResolved:
						fmt.Fprintf(b, "    resolved: %s\n", c.Resolution)
					case core.ConflictRetired:
						fmt.Fprintf(b, "    retired by %s: %s\n", c.RetiredBy, c.RetiredWhy)
					}
				}
				switch {
				case pending > 0:
					b.WriteString(st.Faint.Render("decide with: lore conflicts resolve ID keep-existing|keep-candidate|keep-both") + "\n")
				case len(out.GetConflicts()) > 0:
					// --all, every one decided or retired: nothing to say
					// of deciding.
					b.WriteString("no pending conflicts\n")
				}
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().BoolVar(&all, "all", false, "include resolved conflicts and those retired because an unlearn or a curation removed their existing side")

	var resolveJSON bool
	resolve := &cobra.Command{
		Use:   "resolve ID keep-existing|keep-candidate|keep-both",
		Short: "Decide a conflict",
		Long: `keep-existing leaves the store as it is; keep-candidate replaces the existing
primitive's content with the candidate's (its id and dependents stay); keep-both
adds the candidate as a new primitive. The decision is recorded as provenance in
the session that raised the conflict, so unlearning that session undoes it.`,
		Args:        cmdutil.ExactArgs(2, "a conflict ID and a resolution"),
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.ResolveResponse, error) {
				return svc.Resolve(ctx, &lorev1.ResolveRequest{ConflictId: args[0], Choice: args[1]})
			})
			if err != nil {
				return err
			}
			if resolveJSON {
				return f.WriteMessage(out)
			}
			for _, e := range out.GetErrors() {
				fmt.Fprintln(f.Stderr, "lore: "+e)
			}
			_, err = fmt.Fprintf(f.Stdout, "conflict %s resolved: %s (%s); recorded in session %s\n", out.GetConflictId(), out.GetResolution(), out.GetOutcome(), out.GetSessionId())
			return err
		},
	}
	resolve.Flags().BoolVar(&resolveJSON, "json", false, "print one JSON object instead of text")
	cmd.AddCommand(resolve)
	return cmd
}

// NewCmdShow is lore show: one primitive with its edges.
func NewCmdShow(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:         "show ID",
		Short:       "Show one primitive with its dependencies and dependents",
		Args:        cmdutil.ExactArgs(1, "one primitive ID"),
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.ShowResponse, error) {
				return svc.Show(ctx, &lorev1.ShowRequest{Id: args[0]})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) {
				p, deps := api.PrimitiveOf(out.GetPrimitive())
				writePrimitive(b, f.Styles(), p, deps)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// writeSession describes one session on a line.
func writeSession(b *strings.Builder, st styles.Styles, s core.Session) {
	state := string(s.State)
	if s.State == core.SessionReverted {
		state = st.Faint.Render(state + " by " + s.RevertedBy)
	}
	what := s.Source
	c := s.Counts.Learn()
	counts := fmt.Sprintf("added %d · updated %d · skipped %d · conflicts %d", c.Added, c.Updated, c.Skipped, c.Conflicts)
	switch s.Kind {
	case core.KindCurate:
		counts = "curated by " + cmp.Or(s.Options["by"], "a person")
		if why := s.Options["why"]; why != "" {
			counts += ": " + why
		}
	case core.KindUnlearn:
		u := s.Counts.Unlearn()
		what = "reverts " + s.Reverts
		counts = fmt.Sprintf("removed %d · restored %d · re-added %d", u.Removed, u.Restored, u.Readded)
	}
	switch d := s.Decision; {
	case d == nil:
	case s.State == core.SessionRejected:
		state = st.Bad.Render(state)
		counts = fmt.Sprintf("at the gate by %s · %d finding%s, %d acknowledged · %s", d.Decider(),
			len(d.Findings), cmdutil.Plural(len(d.Findings)), len(d.Acknowledged), d.Rationale)
	case d.Person != "":
		// A person let it through the gate; their name is the record.
		counts += " · gate: " + d.Decider()
	}
	who := ""
	if s.User != "" && s.Kind != core.KindCurate {
		who = " by " + s.User
		if s.Agent != "" {
			who += " (agent " + s.Agent + ")"
		}
	}
	fmt.Fprintf(b, "%s  %s  %-9s %s%s  %s\n", s.ID, s.StartedAt.Local().Format("2006-01-02 15:04"), state, what,
		st.Label.Render(who), st.Faint.Render(counts))
}

// writePrimitive describes one primitive and what depends on it.
func writePrimitive(b *strings.Builder, st styles.Styles, p core.Primitive, deps []core.Dependent) {
	fmt.Fprintf(b, "%s  %s\n", st.Heading.Render(p.Name), st.Faint.Render(p.ID))
	fmt.Fprintf(b, "%s %s · %s · %s · confidence %.2f\n", st.Label.Render("kind      "), p.Type, p.Domain, p.Plane, p.Confidence)
	fmt.Fprintf(b, "%s %s\n", st.Label.Render("statement "), text.ReadableMath(p.FormalStatement))
	if p.ComputationalForm != "" {
		fmt.Fprintf(b, "%s %s\n", st.Label.Render("form      "), text.ReadableMath(p.ComputationalForm))
	}
	pv := p.Provenance
	doc := pv.Document
	if pv.Source != "" && pv.Source != pv.Document {
		doc = pv.Source + " › " + pv.Document
	}
	fmt.Fprintf(b, "%s %s § %s (offset %d), session %s\n", st.Label.Render("source    "), doc, p.Section, pv.Offset, pv.Session)
	if pv.SHA256 != "" {
		fmt.Fprintf(b, "%s %s, %s, sha256 %s\n", st.Label.Render("document  "), pv.MediaType, acquire.HumanBytes(pv.Bytes), pv.SHA256)
	}
	for _, at := range p.AlsoStatedIn {
		fmt.Fprintf(b, "%s %s\n", st.Label.Render("also in   "), at)
	}
	if len(p.Keywords) > 0 {
		fmt.Fprintf(b, "%s %s\n", st.Label.Render("keywords  "), strings.Join(p.Keywords, ", "))
	}
	for _, e := range p.Dependencies {
		fmt.Fprintf(b, "%s %s %s (%.2f)\n", st.Label.Render("depends on"), e.Type, e.Target, e.Strength)
	}
	for _, d := range deps {
		fmt.Fprintf(b, "%s %s %s (%.2f)\n", st.Label.Render("needed by "), d.ID, d.Type, d.Strength)
	}
	// Newest first: the statement each update replaced.
	for i := len(p.Versions) - 1; i >= 0; i-- {
		v := p.Versions[i]
		fmt.Fprintf(b, "%s %s %s\n", st.Label.Render("replaced  "), v.FormalStatement,
			st.Faint.Render(fmt.Sprintf("(until %s by %s, %s)", v.ReplacedAt.Format("2006-01-02 15:04"), v.ReplacedBy, v.Why)))
	}
	writeProof(b, st, p.Proof)
	writeExamples(b, st, p.Examples)
	writePassage(b, st, p.Passage)
}

// NewCmdRank is lore rank: the primitives by importance or reach.
func NewCmdRank(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON bool
		by     string
		top    int
		domain string
	)
	cmd := &cobra.Command{
		Use:   "rank",
		Short: "Rank primitives by importance or reach",
		Long: `importance = centrality on the dependency graph, in the manner of PageRank:
every primitive hands its weight on to what it depends on, each edge taking a
share equal to its strength (an explicit reference such as "by Theorem 2.3"
0.9, a name mentioned in a statement 0.5), so a primitive ranks high when much
of the graph rests on it, directly or through other primitives. Where the
graph says little, definitions, theorems, algorithms and axioms start above
identities and techniques, and a statement using more of the source's
recurring terms above one on a side topic. 100 is the average primitive.
reach = how many primitives depend on it directly or transitively.
Ties fall back to the other measure, then to the type, then to the id.`,
		Args:        cmdutil.NoArgs,
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if top < 0 {
				return &core.UsageError{Msg: fmt.Sprintf("--top %d: must be 0 (all) or more", top)}
			}
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.RankResponse, error) {
				return svc.Rank(ctx, &lorev1.RankRequest{Top: int32(top), By: by, Domain: domain})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) {
				st := f.Styles()
				fmt.Fprintf(b, "%s\n", st.Faint.Render(fmt.Sprintf("%4s %10s %6s  %-40s %-11s %s", "#", "importance", "reach", "name", "type", "domain")))
				for i, r := range out.GetPrimitives() {
					fmt.Fprintf(b, "%4d %10d %6d  %-40s %-11s %s\n", i+1, r.GetImportance(), r.GetReach(), cmdutil.Truncate(r.GetName(), 40), r.GetType(), r.GetDomain())
				}
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().StringVar(&by, "by", string(graph.ByImportance), "importance or reach")
	cmd.Flags().IntVar(&top, "top", 20, "how many to list (0: all)")
	cmd.Flags().StringVar(&domain, "domain", "", "only this domain's primitives")
	return cmd
}

// NewCmdGraph is lore graph: the dependency graph as DOT, Mermaid or JSON.
func NewCmdGraph(f *cmdutil.Factory) *cobra.Command {
	var (
		format string
		domain string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:         "graph",
		Short:       "Export the dependency graph as DOT, Mermaid or JSON",
		Annotations: map[string]string{cmdutil.AnnotPostgres: "1", cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		Example: `  lore graph --format dot | dot -Tsvg > graph.svg
  lore graph --format mermaid --domain statistics`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if asJSON {
				if cmd.Flags().Changed("format") && format != "json" {
					return &core.UsageError{Msg: fmt.Sprintf("--json and --format %s ask for two formats; give one", format)}
				}
				format = "json"
			}
			writers := map[string]func(io.Writer, []core.Primitive) error{"dot": graph.DOT, "mermaid": graph.Mermaid, "json": nil}
			write, ok := writers[format]
			if !ok {
				return &core.UsageError{Msg: fmt.Sprintf("--format %q is not one of dot, mermaid, json", format)}
			}
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.GraphResponse, error) {
				return svc.Graph(ctx, &lorev1.GraphRequest{Domain: domain})
			})
			if err != nil {
				return err
			}
			if write == nil {
				return f.WriteMessage(out)
			}
			return write(f.Stdout, graphPrimitives(out))
		},
	}
	cmd.Flags().StringVar(&format, "format", "dot", "the format: dot, mermaid or json")
	cmd.Flags().BoolVar(&asJSON, "json", false, "the same as --format json")
	cmd.Flags().StringVar(&domain, "domain", "", "only this domain's primitives")
	return cmd
}

// graphPrimitives are the API's graph as the exporters read it: each
// node with its edges.
func graphPrimitives(g *lorev1.GraphResponse) []core.Primitive {
	deps := map[string][]core.Edge{}
	for _, e := range g.GetEdges() {
		deps[e.GetFrom()] = append(deps[e.GetFrom()], core.Edge{Target: e.GetTo(), Type: core.EdgeType(e.GetType()), Strength: e.GetStrength()})
	}
	out := make([]core.Primitive, len(g.GetNodes()))
	for i, n := range g.GetNodes() {
		out[i] = core.Primitive{ID: n.GetId(), Name: n.GetName(), Type: core.PrimitiveType(n.GetType()), Domain: n.GetDomain(),
			Dependencies: deps[n.GetId()]}
	}
	return out
}
