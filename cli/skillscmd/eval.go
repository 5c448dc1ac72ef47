package skillscmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/tui/styles"
)

func newCmdEval(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "eval [SKILL…]",
		Short: "Run skills' trigger evals against the library: does each load for its own requests, and not for others'",
		Long: `Runs the trigger evals a skill carries (evals/trigger_evals.json: requests that
should load it and requests that should not, as lore learn writes them and as
anthropics/skills' skill-creator keeps them) against the whole library, ranked as
lore skills search and the MCP catalog rank them (relevance over name,
description and body), among every skill that is not archived — drafts too, so
a description is judged before a person promotes it.

A should-trigger request passes when it ranks its skill first; a should-not
request passes when the skill stays out of its top 3. With SKILL names only
those skills are run; without, every skill that has trigger evals.

--json prints the API's answer: {"pool", "skills": [{"key", "queries":
[{"query", "shouldTrigger", "rank", "first", "pass"}], "should", "hits",
"shouldNot", "clear", "problem"}], "should", "hits", "shouldNot", "clear"}.
A person's command: an agent's token on a team server is refused.

Exit status 0 when the evals ran, whatever they found; 2 for an unknown skill.`,
		Example: `  lore skills eval
  lore skills eval learn-get-started-with-containers-on-wsl --json`,
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.EvalSkillsResponse, error) {
				return svc.EvalSkills(ctx, &lorev1.EvalSkillsRequest{Names: args})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, rep, func(b *strings.Builder) { writeEvals(b, f.Styles(), rep) })
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// writeEvals reports the trigger evals: each skill's tally and its failed
// queries, then the totals.
func writeEvals(b *strings.Builder, st styles.Styles, rep *lorev1.EvalSkillsResponse) {
	if len(rep.GetSkills()) == 0 {
		fmt.Fprintf(b, "No skill with trigger evals among the %d skills of the library.\n", rep.GetPool())
		return
	}
	for _, s := range rep.GetSkills() {
		if s.GetProblem() != "" {
			fmt.Fprintf(b, "%s %s\n", s.GetKey(), st.Bad.Render(s.GetProblem()))
			continue
		}
		fmt.Fprintf(b, "%s  should load %d/%d first · should not %d/%d kept out of the top %d\n",
			s.GetKey(), s.GetHits(), s.GetShould(), s.GetClear(), s.GetShouldNot(), skilllib.EvalTop)
		for _, q := range s.GetQueries() {
			if q.GetPass() {
				continue
			}
			want := "should load"
			if !q.GetShouldTrigger() {
				want = "should not load"
			}
			why := skilllib.TriggerQuery{Rank: int(q.GetRank()), First: q.GetFirst()}.Why(s.GetKey())
			fmt.Fprintf(b, "  %s %q (%s): %s\n", st.Bad.Render("fail"), q.GetQuery(), want, why)
		}
	}
	hits, should, clr, shouldNot := int(rep.GetHits()), int(rep.GetShould()), int(rep.GetClear()), int(rep.GetShouldNot())
	fmt.Fprintf(b, "%s %d/%d should-load requests rank their skill first (%s) · %d/%d should-not requests keep it out of the top %d (%s) · %d skills ranked\n",
		st.Label.Render("total"), hits, should, pct(hits, should), clr, shouldNot, skilllib.EvalTop, pct(clr, shouldNot), rep.GetPool())
}

// pct is n of total as a whole percentage, "-" of none.
func pct(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", 100*n/total)
}
