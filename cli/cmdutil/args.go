package cmdutil

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/lore-kb/lore/core"
)

// Annotations on commands: where each runs. Every command is AnnotLocal,
// AnnotHelp or AnnotAPI (a test holds it).
const (
	// AnnotLocal marks a command that does not call lore's API: it does
	// not use the store (scan, analyze, version …), or it must hold the
	// store alone (store restore), or it is an owner itself (serve).
	AnnotLocal = "lore/local"
	// AnnotHelp marks a command that only prints help (help, a group
	// alone): it needs no store.
	AnnotHelp = "lore/help"
	// AnnotAPI marks a command that calls lore's API wherever the
	// library is: beside an owner it calls the owner's API socket.
	AnnotAPI = "lore/api"
	// AnnotRemote marks a command that runs against a team server.
	AnnotRemote = "lore/remote"
	// AnnotPostgres marks a command, not an API client, that runs on a
	// PostgreSQL store.
	AnnotPostgres = "lore/postgres"
	// AnnotOnPostgresInstead is what to do instead of a command that does
	// not run on a PostgreSQL store, said with its refusal; such a command
	// is in no list of those that run there, even one whose refusal is
	// the API's (store backup).
	AnnotOnPostgresInstead = "lore/postgres-instead"
)

// OnAPI marks cmd a command that calls the API: it runs on a team server
// and on PostgreSQL, and beside the store's owner through the owner's API
// socket.
func OnAPI(cmd *cobra.Command) *cobra.Command {
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[AnnotRemote] = "1"
	cmd.Annotations[AnnotAPI] = "1"
	return cmd
}

// NoArgs and ExactArgs report argument mistakes as usage errors (exit 2).
// On a command with subcommands, an argument is a mistyped subcommand.
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if cmd.HasAvailableSubCommands() {
		return UnknownCommand(cmd, args[0])
	}
	return &core.UsageError{Msg: fmt.Sprintf("%s takes no arguments, got %q", cmd.CommandPath(), args[0])}
}

// ExactArgs wants n arguments, described as what.
func ExactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return &core.UsageError{Msg: fmt.Sprintf("%s needs %s (got %d arguments); see %s --help", cmd.CommandPath(), what, len(args), cmd.CommandPath())}
		}
		return nil
	}
}

// UnknownCommand names the unknown subcommand of cmd and suggests the
// closest ones.
func UnknownCommand(cmd *cobra.Command, name string) error {
	msg := fmt.Sprintf("unknown command %q for %q", name, cmd.CommandPath())
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2
	}
	if s := cmd.SuggestionsFor(name); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	} else {
		msg += "; see " + cmd.CommandPath() + " --help"
	}
	return &core.UsageError{Msg: msg}
}

// OnlyFlags refuses a flag of cmd, other than names and the global ones,
// that was given: through the API it would mean nothing.
func OnlyFlags(cmd *cobra.Command, names ...string) error {
	var bad []string
	// Visit on LocalNonPersistentFlags sees nothing: that set is built
	// anew from Flags() and does not carry which flags were given.
	own := cmd.LocalNonPersistentFlags()
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if own.Lookup(f.Name) != nil && !slices.Contains(names, f.Name) {
			bad = append(bad, "--"+f.Name)
		}
	})
	if len(bad) > 0 {
		return &core.UsageError{Msg: fmt.Sprintf("%s: not available through lore's API, as on a team server or a PostgreSQL store (lore %s takes %s there)", strings.Join(bad, ", "),
			strings.TrimPrefix(cmd.CommandPath(), "lore "), "--"+strings.Join(names, ", --"))}
	}
	return nil
}

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
