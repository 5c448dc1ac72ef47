// Package userscmd holds the commands about who calls lore's API: lore
// users (add, list, revoke), the users a team server lets in, and lore
// whoami, who lore takes the caller for.
package userscmd

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// NewCmdUsers is lore users, the users a team server lets in.
func NewCmdUsers(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.GroupCmd("users", "The users a team server lets in: add, list, revoke",
		`A team server (lore serve, listening on a TCP address) lets in the users added
here, each with a token of their own: random, shown once when the user is added,
stored only as its hash, with an expiry, the time it was last used and its
revocation, which takes effect at the next connection. Each user has a role
(admin, curator, reviewer, reader, agent) and a workspace.

These commands call lore's API, an admin's alone: on the server's machine (its
folder, its PostgreSQL store, or beside lore serve), or from anywhere with an
admin's token (LORE_SERVER and LORE_TOKEN set). An admin of a workspace other
than the default manages that workspace's users only.`)
	cmd.AddCommand(newCmdAdd(f), newCmdList(f), newCmdRevoke(f))
	return cmd
}

// usersAnnotations mark a users command as an API client: it runs on a
// team server, on PostgreSQL, and beside the store's owner through the
// owner's API socket.
func usersAnnotations() map[string]string {
	return map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"}
}

func newCmdAdd(f *cmdutil.Factory) *cobra.Command {
	var (
		asJSON          bool
		role, workspace string
		expires         time.Duration
	)
	cmd := &cobra.Command{
		Use:   "add NAME --role ROLE [--workspace W] [--expires 2160h]",
		Short: "Add a user and print their token, once",
		Long: `Adds NAME with ROLE in workspace W (default: yours, "default" on this machine)
and prints the user's token: give it to them (they set LORE_TOKEN); lore keeps
only its hash and cannot show it again. The token expires after --expires (90
days by default; 0 never). A revoked or expired user can be added again, with a
new token; an active one cannot.`,
		Example: `  lore users add ada --role curator
  lore users add ci-agent --role agent --workspace docs --expires 720h --json`,
		Args:        cmdutil.ExactArgs(1, "one user NAME"),
		Annotations: usersAnnotations(),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			if role == "" {
				return &core.UsageError{Msg: fmt.Sprintf("lore users add %s: give its role with --role (admin, curator, reviewer, reader or agent)", name)}
			}
			if expires < 0 {
				return &core.UsageError{Msg: fmt.Sprintf("--expires %s: give a positive duration, or 0 for never", expires)}
			}
			// Whole seconds, rounded up: a token asked to last a moment
			// must not be made one that never expires.
			secs := int64(expires / time.Second)
			if expires%time.Second != 0 {
				secs++
			}
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.AddUserResponse, error) {
				return svc.AddUser(ctx, &lorev1.AddUserRequest{Name: name, Role: role, Workspace: workspace, ExpiresSeconds: secs})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) {
				u := out.GetUser()
				fmt.Fprintf(b, "%s (%s, workspace %s) — their token, shown this once:\n%s\n", u.GetName(), u.GetRole(), u.GetWorkspace(), out.GetToken())
				if u.GetExpires() != "" {
					fmt.Fprintf(b, "it expires on %s\n", userTime(u.GetExpires(), time.DateTime))
				}
			})
		},
	}
	cmd.Flags().StringVar(&role, "role", "", "admin, curator, reviewer, reader or agent (required)")
	cmd.Flags().StringVar(&workspace, "workspace", "", `the user's workspace (default: yours, "default" on this machine)`)
	cmd.Flags().DurationVar(&expires, "expires", 90*24*time.Hour, "how long the token works (0: never)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"user": {"name", "role", "workspace", "tokenHint", "created", "expires", "lastUsed", "revoked", "state", "by"}, "token"}`)
	return cmd
}

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:         "list",
		Short:       "List the users: role, workspace, token hint, expiry, last use, state",
		Args:        cmdutil.NoArgs,
		Annotations: usersAnnotations(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.ListUsersResponse, error) {
				return svc.ListUsers(ctx, &lorev1.ListUsersRequest{})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) {
				if len(out.GetUsers()) == 0 {
					b.WriteString("no users: lore users add NAME --role ROLE adds one\n")
					return
				}
				for _, u := range out.GetUsers() {
					fmt.Fprintf(b, "%-8s %-20s %-9s %-12s %s · last used %s", u.GetState(), u.GetName(), u.GetRole(), u.GetWorkspace(), u.GetTokenHint(),
						cmp.Or(userTime(u.GetLastUsed(), time.DateTime), "never"))
					if u.GetExpires() != "" {
						fmt.Fprintf(b, " · expires %s", userTime(u.GetExpires(), time.DateOnly))
					}
					b.WriteString("\n")
				}
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"users": [{"name", "role", "workspace", "tokenHint", "created", "expires", "lastUsed", "revoked", "state", "by"}]}`)
	return cmd
}

func newCmdRevoke(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:         "revoke NAME",
		Short:       "Revoke a user's token, at once",
		Args:        cmdutil.ExactArgs(1, "one user NAME"),
		Annotations: usersAnnotations(),
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := cmdutil.Call(f, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.RevokeUserResponse, error) {
				return svc.RevokeUser(ctx, &lorev1.RevokeUserRequest{Name: args[0]})
			})
			if err != nil {
				return err
			}
			return f.PrintAnswer(asJSON, out, func(b *strings.Builder) {
				fmt.Fprintf(b, "%s: token revoked; the server refuses it from now on, and ends their open calls (watch, learn) within seconds\n", out.GetUser().GetName())
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"user": {…}}, the user as revoked, as lore users list --json gives each`)
	return cmd
}

// userTime is an API time (RFC 3339, UTC) in layout, in UTC as lore users
// always printed it; "" for none.
func userTime(stamp, layout string) string {
	t, err := time.Parse(time.RFC3339Nano, stamp)
	if err != nil {
		return stamp
	}
	return t.UTC().Format(layout)
}
