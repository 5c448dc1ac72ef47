package userscmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// Options is what lore whoami needs of cmd/lore's configuration, read when
// the command runs (the configuration is loaded then).
type Options struct {
	// Server is the address of the team server this process is a client
	// of ($LORE_SERVER).
	Server func() string
	// PostgresStore is the PostgreSQL store's URL, its password redacted,
	// or "" when the store is not on PostgreSQL.
	PostgresStore func() string
}

// NewCmdWhoami is lore whoami, who lore takes the caller for.
func NewCmdWhoami(f *cmdutil.Factory, opts Options) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "whoami",
		Short: "Say who lore takes you for: user, role, workspace and what the role may do",
		Long: `On a team server (LORE_SERVER and LORE_TOKEN set), the user the token names,
their role, their workspace and the calls the role may make. On this machine's
own store, the person running lore, who may do everything.`,
		Args:        cmdutil.NoArgs,
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			who, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.WhoAmIResponse, error) {
				return svc.WhoAmI(ctx, &lorev1.WhoAmIRequest{})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, who, func(b *strings.Builder) {
				where := "this machine's store"
				switch {
				case who.GetRemote():
					where = "the team server " + opts.Server()
				case opts.PostgresStore() != "":
					where = "the PostgreSQL store " + opts.PostgresStore()
				}
				fmt.Fprintf(b, "%s (%s) in workspace %s, on %s\nmay call: %s\n", who.GetUser(), who.GetRole(), who.GetWorkspace(),
					where, strings.Join(who.GetAllowed(), ", "))
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"user", "role", "workspace", "remote", "allowed"}`)
	return cmd
}
