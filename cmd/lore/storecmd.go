package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

func (a *app) storeCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "store",
		Short: "Inspect and maintain the store",
		Args:  noArgs,
	}
	var asJSON bool
	verify := &cobra.Command{
		Use:   "verify",
		Short: "Check the store's integrity",
		Long: `Checks that every dependency edge points at a stored primitive, that the
reverse-edge index and the domain, type, keyword and rank indexes agree with the
primitive records, and that the dependency graph has no cycle. Exits 1 when a
problem is found, 4 when another process holds the store.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st := a.styles()
			db, err := a.openStore()
			if err != nil {
				return err
			}
			defer db.Close()
			rep, err := db.Verify(cmd.Context())
			if err != nil {
				return fmt.Errorf("verify store %s: %w", a.cfg.dataDir(), err)
			}
			if asJSON {
				if err := writeJSON(a.stdout, rep); err != nil {
					return err
				}
			} else {
				var b strings.Builder
				fmt.Fprintf(&b, "%s %s\n", st.Label.Render("store"), a.cfg.dataDir())
				fmt.Fprintf(&b, "checked %d primitives, %d edges, %d index entries\n", rep.Primitives, rep.Edges, rep.IndexEntries)
				for _, p := range rep.Problems {
					fmt.Fprintf(&b, "  %s %s: %s\n", st.Kind.Render(string(p.Kind)), p.ID, p.Detail)
				}
				if len(rep.Problems) == 0 {
					b.WriteString("no problems found\n")
				}
				fmt.Fprint(styledWriter(a.stdout), b.String())
			}
			if n := len(rep.Problems); n > 0 {
				return fmt.Errorf("store %s has %d integrity problem%s", a.cfg.dataDir(), n, plural(n))
			}
			return nil
		},
	}
	verify.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.AddCommand(verify)
	return cmd
}
