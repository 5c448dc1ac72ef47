package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	skilllib "github.com/lore-kb/lore/core/skills/library"
)

func (a *app) skillsEvalCmd() *cobra.Command {
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

Exit status 0 when the evals ran, whatever they found; 2 for an unknown skill.`,
		Example: `  lore skills eval
  lore skills eval learn-get-started-with-containers-on-wsl --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := fromLibrary(a, readOnly, func(lib *skilllib.Library) (skilllib.EvalReport, error) {
				return lib.TriggerEvals(args)
			})
			if err != nil {
				return err
			}
			return a.output(asJSON, rep, func(b *strings.Builder) {
				st := a.styles()
				if len(rep.Skills) == 0 {
					fmt.Fprintf(b, "No skill with trigger evals among the %d skills of the library.\n", rep.Pool)
					return
				}
				for _, s := range rep.Skills {
					if s.Problem != "" {
						fmt.Fprintf(b, "%s %s\n", s.Key, st.Bad.Render(s.Problem))
						continue
					}
					fmt.Fprintf(b, "%s  should load %d/%d first · should not %d/%d kept out of the top %d\n",
						s.Key, s.Hits, s.Should, s.Clear, s.ShouldNot, skilllib.EvalTop)
					for _, q := range s.Queries {
						if q.Pass {
							continue
						}
						want := "should load"
						if !q.ShouldTrigger {
							want = "should not load"
						}
						fmt.Fprintf(b, "  %s %q (%s): %s\n", st.Bad.Render("fail"), q.Query, want, q.Why(s.Key))
					}
				}
				fmt.Fprintf(b, "%s %d/%d should-load requests rank their skill first (%s) · %d/%d should-not requests keep it out of the top %d (%s) · %d skills ranked\n",
					st.Label.Render("total"), rep.Hits, rep.Should, pct(rep.Hits, rep.Should), rep.Clear, rep.ShouldNot, skilllib.EvalTop, pct(rep.Clear, rep.ShouldNot), rep.Pool)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// pct is n of total as a whole percentage, "-" of none.
func pct(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", 100*n/total)
}
