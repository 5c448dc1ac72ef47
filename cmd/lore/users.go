package main

import (
	"fmt"
	"os/user"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/store/backend"
)

func (a *app) usersCmd() *cobra.Command {
	cmd := groupCmd("users", "The users a team server lets in: add, list, revoke",
		`A team server (lore serve, listening on a TCP address) lets in the users added
here, each with a token of their own: random, shown once when the user is added,
stored only as its hash, with an expiry, the time it was last used and its
revocation, which takes effect at the next connection. Each user has a role
(admin, curator, reviewer, reader, agent) and a workspace.`)
	cmd.AddCommand(a.usersAddCmd(), a.usersListCmd(), a.usersRevokeCmd())
	cmd.Annotations[annotPostgres] = "1"
	return cmd
}

// userOut is the --json shape of a user (never its token's hash).
type userOut struct {
	Name      string    `json:"name"`
	Role      auth.Role `json:"role"`
	Workspace string    `json:"workspace"`
	TokenHint string    `json:"tokenHint"`
	Created   time.Time `json:"created"`
	Expires   time.Time `json:"expires,omitzero"`
	LastUsed  time.Time `json:"lastUsed,omitzero"`
	Revoked   time.Time `json:"revoked,omitzero"`
	State     string    `json:"state"`
	By        string    `json:"by,omitempty"`
}

func outUser(u auth.User, now time.Time) userOut {
	state := "active"
	if err := u.Check(now); err != nil {
		state = "revoked"
		if u.Revoked.IsZero() {
			state = "expired"
		}
	}
	return userOut{u.Name, u.Role, u.Workspace, u.TokenHint, u.Created, u.Expires, u.LastUsed, u.Revoked, state, u.By}
}

func (a *app) usersAddCmd() *cobra.Command {
	var (
		asJSON          bool
		role, workspace string
		expires         time.Duration
	)
	cmd := &cobra.Command{
		Use:   "add NAME --role ROLE [--workspace W] [--expires 2160h]",
		Short: "Add a user and print their token, once",
		Long: `Adds NAME with ROLE in workspace W (default "default") and prints the user's
token: give it to them (they set LORE_TOKEN); lore keeps only its hash and cannot
show it again. The token expires after --expires (90 days by default; 0 never).
A revoked user can be added again, with a new token; an active one cannot.`,
		Example: `  lore users add ada --role curator
  lore users add ci-agent --role agent --workspace docs --expires 720h --json`,
		Args: exactArgs(1, "one user NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			if err := auth.CheckName("user", name); err != nil {
				return &core.UsageError{Msg: err.Error()}
			}
			if role == "" {
				return &core.UsageError{Msg: fmt.Sprintf("lore users add %s: give its role with --role (admin, curator, reviewer, reader or agent)", name)}
			}
			r, err := auth.ParseRole(role)
			if err != nil {
				return &core.UsageError{Msg: err.Error()}
			}
			if workspace == "" {
				workspace = auth.DefaultWorkspace
			}
			if err := auth.CheckWorkspace(workspace); err != nil {
				return &core.UsageError{Msg: err.Error()}
			}
			if expires < 0 {
				return &core.UsageError{Msg: fmt.Sprintf("--expires %s: give a positive duration, or 0 for never", expires)}
			}
			token, hash, err := auth.NewToken()
			if err != nil {
				return err
			}
			now := time.Now().UTC()
			u := auth.User{Name: name, Role: r, Workspace: workspace, TokenHash: hash, TokenHint: auth.Hint(token), Created: now}
			if expires > 0 {
				u.Expires = now.Add(expires)
			}
			u.By = a.who()
			_, err = fromUsers(a, writable, func(db backend.UserStore) (struct{}, error) {
				old, ok, err := db.User(name)
				if err != nil {
					return struct{}{}, err
				}
				if ok && old.Check(now) == nil {
					return struct{}{}, &core.UsageError{Msg: fmt.Sprintf("user %s exists and its token works: lore users revoke %s first to give a new one", name, name)}
				}
				return struct{}{}, db.PutUser(u)
			})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, map[string]any{"name": u.Name, "role": u.Role, "workspace": u.Workspace,
					"token": token, "expires": u.Expires})
			}
			fmt.Fprintf(a.stdout, "%s (%s, workspace %s) — their token, shown this once:\n%s\n", u.Name, u.Role, u.Workspace, token)
			if !u.Expires.IsZero() {
				fmt.Fprintf(a.stdout, "it expires on %s\n", u.Expires.Format(time.DateTime))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&role, "role", "", "admin, curator, reviewer, reader or agent (required)")
	cmd.Flags().StringVar(&workspace, "workspace", "", `the user's workspace (default "default")`)
	cmd.Flags().DurationVar(&expires, "expires", 90*24*time.Hour, "how long the token works (0: never)")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"name", "role", "workspace", "token", "expires"}`)
	return cmd
}

func (a *app) usersListCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the users: role, workspace, token hint, expiry, last use, state",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			us, err := fromUsers(a, readOnly, func(db backend.UserStore) ([]auth.User, error) { return db.Users() })
			if err != nil {
				return err
			}
			now := time.Now().UTC()
			out := make([]userOut, len(us))
			for i, u := range us {
				out[i] = outUser(u, now)
			}
			if asJSON {
				return writeJSON(a.stdout, map[string]any{"users": out})
			}
			if len(out) == 0 {
				fmt.Fprintln(a.stdout, "no users: lore users add NAME --role ROLE adds one")
				return nil
			}
			var b strings.Builder
			for _, u := range out {
				fmt.Fprintf(&b, "%-8s %-20s %-9s %-12s %s · last used %s", u.State, u.Name, u.Role, u.Workspace, u.TokenHint, lastUsed(u.LastUsed))
				if !u.Expires.IsZero() {
					fmt.Fprintf(&b, " · expires %s", u.Expires.Format(time.DateOnly))
				}
				b.WriteString("\n")
			}
			fmt.Fprint(a.stdout, b.String())
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"users": [{"name", "role", "workspace", "tokenHint", "created", "expires", "lastUsed", "revoked", "state"}]}`)
	return cmd
}

func (a *app) usersRevokeCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "revoke NAME",
		Short: "Revoke a user's token, at once",
		Args:  exactArgs(1, "one user NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			now := time.Now().UTC()
			u, err := fromUsers(a, writable, func(db backend.UserStore) (auth.User, error) {
				u, ok, err := db.User(args[0])
				if err != nil {
					return u, err
				}
				if !ok {
					return u, &core.UsageError{Msg: fmt.Sprintf("unknown user %q (lore users list lists them)", args[0])}
				}
				if !u.Revoked.IsZero() {
					return u, &core.UsageError{Msg: fmt.Sprintf("%s was revoked already, on %s", u.Name, u.Revoked.Format(time.DateTime))}
				}
				u.Revoked = now
				return u, db.PutUser(u)
			})
			if err != nil {
				return err
			}
			return a.reply(asJSON, outUser(u, now), "%s: token revoked; the server refuses it from now on, and ends their open calls (watch, learn) within seconds\n", u.Name)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the user as lore users list --json does")
	return cmd
}

func lastUsed(t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return t.Format(time.DateTime)
}

// who is who a change is recorded under: the user a team server let the
// request in as, else the person running lore.
func (a *app) who() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return ""
}
