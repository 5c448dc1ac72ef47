package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/cli/userscmd"
	"github.com/lore-kb/lore/core"
)

// A client of a team server (LORE_SERVER) runs the commands marked
// cmdutil.AnnotRemote through the API; their --json output is then the API's
// messages as JSON. Every other command is refused: the server's store is
// not this machine's, and a command line is never sent to be run there.

// remote reports whether this process is a team server's client.
func remote() bool { return os.Getenv(serverEnv) != "" }

// runsOffServer reports a command a team server's client may run: one
// that calls the API, or one that needs no store at all (scan, text,
// version …), or help.
func runsOffServer(cmd *cobra.Command) bool {
	if cmd.Annotations[cmdutil.AnnotRemote] != "" || cmd.Annotations[cmdutil.AnnotHelp] != "" || !cmd.HasParent() {
		return true
	}
	for c := cmd; c != nil; c = c.Parent() {
		if c.Annotations[cmdutil.AnnotLocal] == "no store" {
			return true
		}
	}
	return strings.HasPrefix(cmd.Name(), "__complete") || cmd.Name() == "completion" || cmd.Parent().Name() == "completion"
}

// refuseOffServer is the error of a command a team server's client
// cannot run, naming those it can.
func refuseOffServer(cmd *cobra.Command) error {
	can := commandsWhere(func(c *cobra.Command) bool { return c.Annotations[cmdutil.AnnotRemote] != "" })
	return &core.UsageError{Msg: fmt.Sprintf("lore %s does not run on a team server (%s=%s); these do: %s",
		strings.TrimPrefix(cmd.CommandPath(), "lore "), serverEnv, os.Getenv(serverEnv), strings.Join(can, ", "))}
}

// commandsWhere lists, sorted and without the leading "lore ", the
// commands of the whole tree that ok accepts (the root at hand may hold
// only the command run), skipping the completion scripts' group.
func commandsWhere(ok func(c *cobra.Command) bool) []string {
	var can []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Name() == "completion" {
			return
		}
		if ok(c) {
			can = append(can, strings.TrimPrefix(c.CommandPath(), "lore "))
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newApp(nil, io.Discard, io.Discard).rootCmd())
	slices.Sort(can)
	return can
}

// whoamiOptions is where lore whoami says the caller is: the team server
// this process is a client of, or the PostgreSQL store (its password
// never shown).
func (a *app) whoamiOptions() userscmd.Options {
	return userscmd.Options{
		Server: func() string { return os.Getenv(serverEnv) },
		PostgresStore: func() string {
			if !a.onPostgres() {
				return ""
			}
			return redactURL(a.cfg.storeURL())
		},
	}
}

// remoteRunError is a run on the server that failed, with the exit code
// the server gave it.
type remoteRunError struct {
	msg  string
	code int
}

func (e *remoteRunError) Error() string { return e.msg }
