package main

import (
	"fmt"

	mango "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
)

// manCmd prints lore's manual page. fang has one too, hidden from the
// help; this one is listed, and writes to the command's stdout.
func (a *app) manCmd() *cobra.Command {
	return &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotLocal: "no store"},
		Use:         "man",
		Short:       "Print lore's manual page (roff): lore man | man -l -",
		Long: `Prints the manual page of lore and all its commands in roff, for man:
lore man | man -l - reads it now; lore man > lore.1 keeps it. Release archives
ship it as manpages/lore.1.gz.`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			page, err := mango.NewManPage(1, cmd.Root())
			if err != nil {
				return fmt.Errorf("manual page: %w", err)
			}
			_, err = fmt.Fprint(a.Stdout, page.Build(roff.NewDocument()))
			return err
		},
	}
}
