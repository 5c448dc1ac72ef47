package cmdutil

import "github.com/spf13/cobra"

// GroupCmd is a command that only holds subcommands: alone it prints its
// help; followed by anything else, that is an unknown subcommand.
func GroupCmd(use, short, long string) *cobra.Command {
	return &cobra.Command{
		Use:         use,
		Short:       short,
		Long:        long,
		Args:        NoArgs,
		Annotations: map[string]string{AnnotHelp: "group"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return cmd.Help()
		},
	}
}
