// Package curatecmd holds the curators' commands: edit, link, unlink,
// merge, reject, split and dismiss, each one decision about learned
// primitives made through lore's API.
package curatecmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	corecurate "github.com/lore-kb/lore/core/curate"
)

// curateHelp is what every curation command says of itself.
const curateHelp = `

The decision is a session of its own (kind curate), committed atomically: lore
sessions and the History screen list it with who made it, lore unlearn SESSION
takes it back exactly, and the skills of the domains it touches are generated
again from the curated primitives. The decision is anchored to the source the
primitive came from: learning that source again (the same path, URL or upload
name, edited or not) applies it again where the statement still reads the same,
and names the ones that no longer match, to decide again; another source, even
another edition of the same book in another folder, is learned without it. An
unknown id, or a decision that changes
nothing or is impossible, exits 2 and changes nothing. On a team server
(LORE_SERVER) a curator or an admin decides.`

// curate makes one decision through the API and prints what it did: the
// decision's line, and on stderr the skills that could not be generated
// again.
func curate(f *cmdutil.Factory, cmd *cobra.Command, req *lorev1.CurateRequest, asJSON bool) error {
	out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.CurateResponse, error) {
		return svc.Curate(ctx, req)
	})
	if err != nil {
		return err
	}
	if err := f.PrintAnswer(asJSON, out, func(b *strings.Builder) { b.WriteString(out.GetSummary() + "\n") }); err != nil {
		return err
	}
	if !asJSON {
		for _, e := range out.GetErrors() {
			fmt.Fprintln(f.Stderr, "lore: "+e)
		}
	}
	return nil
}

// curateFlags adds the flags every curation command has, and marks it a
// command that calls the API: it runs on a team server and on PostgreSQL,
// and beside the store's owner through the owner's API socket.
func curateFlags(cmd *cobra.Command, asJSON *bool, why *string) {
	cmdutil.OnAPI(cmd)
	cmd.Flags().BoolVar(asJSON, "json", false, `print {"sessionId", "decision", "by", "updated", "added", "removed", "retired", "errors", "summary"}`)
	cmd.Flags().StringVar(why, "why", "", "the reason, recorded with the decision")
}

// NewCmdEdit is lore edit: a primitive renamed, retyped or restated.
func NewCmdEdit(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON               bool
		why, name, typ, stmt string
	)
	cmd := &cobra.Command{
		Use:   "edit ID [--name NAME] [--type TYPE] [--statement TEXT]",
		Short: "Rename, retype or restate a learned primitive",
		Long: `Gives a learned primitive the name a teacher uses for it, its right type
(axiom, definition, theorem, algorithm, technique, identity) or a cleaned
statement; the statement it replaces is kept among its versions.` + curateHelp,
		Example: `  lore edit foundations-lemma-1-4-groups --name "socks–shoes property"
  lore edit foundations-remark-2 --type definition --why "it defines the term"`,
		Args: cmdutil.ExactArgs(1, "one primitive ID (lore find finds them)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return curate(f, cmd, &lorev1.CurateRequest{Decision: string(core.CurateEdit), Id: args[0], Name: name, Type: typ, Statement: stmt, Why: why}, asJSON)
		},
	}
	cmd.Flags().StringVar(&name, "name", "", "the new name")
	cmd.Flags().StringVar(&typ, "type", "", "the new type")
	cmd.Flags().StringVar(&stmt, "statement", "", "the new statement (LaTeX math as written)")
	curateFlags(cmd, &asJSON, &why)
	return cmd
}

// NewCmdLink is lore link: an edge added between two primitives.
func NewCmdLink(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON    bool
		why, edge string
	)
	cmd := &cobra.Command{
		Use:   "link A B [--type requires]",
		Short: "Add an edge: A depends on B",
		Long: `Adds the edge from A to B that extraction missed: A depends on B, as --type
says (requires, the default, or generalizes, specializes, motivates, applies,
equivalent). An edge that would close a cycle of dependencies is refused,
naming the cycle.` + curateHelp,
		Example: `  lore link foundations-theorem-1-3 foundations-subgroup
  lore link algorithms-heapsort algorithms-heap --type applies`,
		Args: cmdutil.ExactArgs(2, "two primitive IDs: the one that depends, then the one it depends on"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return curate(f, cmd, &lorev1.CurateRequest{Decision: string(core.CurateLink), Id: args[0], Other: args[1], EdgeType: edge, Why: why}, asJSON)
		},
	}
	cmd.Flags().StringVar(&edge, "type", string(core.Requires), "the edge type")
	curateFlags(cmd, &asJSON, &why)
	return cmd
}

// NewCmdUnlink is lore unlink: the edges between two primitives removed.
func NewCmdUnlink(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON bool
		why    string
	)
	cmd := &cobra.Command{
		Use:     "unlink A B",
		Short:   "Remove the edges from A to B",
		Long:    `Removes every edge from A to B: A no longer depends on B.` + curateHelp,
		Example: `  lore unlink foundations-theorem-1-3 foundations-group`,
		Args:    cmdutil.ExactArgs(2, "two primitive IDs: the one that depends, then the one it depends on"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return curate(f, cmd, &lorev1.CurateRequest{Decision: string(core.CurateUnlink), Id: args[0], Other: args[1], Why: why}, asJSON)
		},
	}
	curateFlags(cmd, &asJSON, &why)
	return cmd
}

// NewCmdMerge is lore merge: one primitive merged into another.
func NewCmdMerge(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON bool
		why    string
	)
	cmd := &cobra.Command{
		Use:   "merge A B",
		Short: "Merge primitive A into B",
		Long: `Merges A into B when both are one result: B keeps its name and statement and
takes A's edges (what depended on A depends on B), and A is removed. A merge
into itself, or one whose edges would close a cycle, is refused.` + curateHelp,
		Example: `  lore merge foundations-inner-product-2 foundations-inner-product`,
		Args:    cmdutil.ExactArgs(2, "two primitive IDs: the one merged away, then the one that stays"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return curate(f, cmd, &lorev1.CurateRequest{Decision: string(core.CurateMerge), Id: args[0], Other: args[1], Why: why}, asJSON)
		},
	}
	curateFlags(cmd, &asJSON, &why)
	return cmd
}

// NewCmdReject is lore reject: a primitive that is not knowledge removed.
func NewCmdReject(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON bool
		why    string
	)
	cmd := &cobra.Command{
		Use:   "reject ID",
		Short: "Remove a learned primitive that is not knowledge",
		Long: `Removes a primitive extraction got wrong (a remark read as a definition, a
sentence about terminology) and cuts the edges that touch it.` + curateHelp,
		Example: `  lore reject foundations-inner-product-2 --why "a sentence about terminology"`,
		Args:    cmdutil.ExactArgs(1, "one primitive ID (lore find finds them)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return curate(f, cmd, &lorev1.CurateRequest{Decision: string(core.CurateReject), Id: args[0], Why: why}, asJSON)
		},
	}
	curateFlags(cmd, &asJSON, &why)
	return cmd
}

// NewCmdSplit is lore split: a primitive split into one per thing it states.
func NewCmdSplit(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON bool
		why    string
		parts  []string
	)
	cmd := &cobra.Command{
		Use:   "split ID --part PART --part PART…",
		Short: "Split a primitive that states several things into one per thing",
		Long: `Splits a primitive that defines several terms (or states several results) into
one primitive per part: the first part keeps its id, the others are added beside
it, each depending on what it depended on; what depended on it depends on the
first part. A part is "NAME: STATEMENT", or "[TYPE] NAME: STATEMENT" with its
type in brackets first (axiom, definition, theorem, algorithm, technique,
identity).` + curateHelp,
		Example: `  lore split foundations-definition-2 --part "Injective: f(x)=f(y) implies x=y." \
      --part "[definition] Surjective: every y is f(x) for some x."`,
		Args: cmdutil.ExactArgs(1, "one primitive ID (lore find finds them)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			ps := make([]*lorev1.SplitPart, 0, len(parts))
			for _, s := range parts {
				p, err := parsePart(s)
				if err != nil {
					return err
				}
				ps = append(ps, &lorev1.SplitPart{Name: p.Name, Type: string(p.Type), Statement: p.Statement})
			}
			return curate(f, cmd, &lorev1.CurateRequest{Decision: string(core.CurateSplit), Id: args[0], Parts: ps, Why: why}, asJSON)
		},
	}
	cmd.Flags().StringArrayVar(&parts, "part", nil, `a part, "NAME: STATEMENT" (two or more)`)
	curateFlags(cmd, &asJSON, &why)
	return cmd
}

// parsePart reads "NAME: STATEMENT", with an optional "[TYPE] " first: a
// type in brackets, so that a name beginning with a type word ("Theorem of
// heaps") stays a name.
func parsePart(s string) (core.Part, error) {
	var p core.Part
	rest := strings.TrimSpace(s)
	if t, after, ok := strings.Cut(rest, "]"); ok && strings.HasPrefix(t, "[") {
		p.Type = core.PrimitiveType(strings.ToLower(strings.TrimSpace(t[1:])))
		if err := corecurate.CheckType(p.Type); err != nil {
			return core.Part{}, fmt.Errorf("--part %q: %w", s, err)
		}
		rest = after
	}
	name, stmt, ok := strings.Cut(rest, ":")
	name, stmt = strings.TrimSpace(name), strings.TrimSpace(stmt)
	if !ok || name == "" || stmt == "" {
		return core.Part{}, &core.UsageError{Msg: fmt.Sprintf("--part %q: want \"NAME: STATEMENT\" or \"[TYPE] NAME: STATEMENT\"", s)}
	}
	p.Name, p.Statement = name, stmt
	return p, nil
}

// NewCmdDismiss is lore dismiss: a primitive left as it is when an earlier
// decision about it no longer matches its source.
func NewCmdDismiss(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON bool
		why    string
	)
	cmd := &cobra.Command{
		Use:   "dismiss ID",
		Short: "Leave a primitive as it is when an earlier decision no longer matches its source",
		Long: `Answers the "revisit" lines a learn prints: an earlier decision about ID was
made on a statement its source has since reworded or removed. dismiss records
that the primitive stays as it is, so the question is not asked again; to decide
differently, use lore edit, reject, … instead.` + curateHelp,
		Example: `  lore dismiss foundations-lemma-1-4-groups`,
		Args:    cmdutil.ExactArgs(1, "one primitive ID (lore find finds them)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return curate(f, cmd, &lorev1.CurateRequest{Decision: string(core.CurateDismiss), Id: args[0], Why: why}, asJSON)
		},
	}
	curateFlags(cmd, &asJSON, &why)
	return cmd
}
