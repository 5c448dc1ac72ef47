package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/owner"
)

// tokenEnv holds the token of a TCP listener (lore serve --listen), for
// the owner and for clients (LORE_SERVER names the address).
const (
	tokenEnv  = "LORE_TOKEN"
	serverEnv = "LORE_SERVER"
)

func (a *app) serveCmd() *cobra.Command {
	var listen string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Own the store and serve it to other lore processes, without a terminal",
		Long: `Opens the store, keeps it open, and serves it to every other lore command on a
socket beside it (owner-only permissions), until interrupted. Agents and
scripts then run lore commands concurrently: reads at the same time, writes
(learn, unlearn, resolve, skills changes) one at a time in the order they
arrive, each streaming its output and exit code back to the command that
asked. The terminal application does the same while it is open; lore serve is
for when nobody has it open.

If the process is killed, the next lore command finds the socket dead and
opens the store itself; the store's journal keeps every session whole or not
at all.

--listen ADDR also serves on a TCP address, for a team sharing one store on a
network you trust (the traffic is not encrypted). Every connection must give a
token: once users are added (lore users add), each user's own,
checked at every connection (a revoked or expired token is refused at once);
before, the one token in $LORE_TOKEN (at least 16 characters), shared by every
client. Clients set LORE_SERVER=ADDR and LORE_TOKEN. Off by default.`,
		Example: `  lore serve
  LORE_TOKEN=$(openssl rand -hex 16) lore serve --listen 10.0.0.5:7433`,
		Args:        noArgs,
		Annotations: map[string]string{annotLocal: "owner"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return a.serve(ctx, listen)
		},
	}
	cmd.Flags().StringVar(&listen, "listen", "", "also serve on this TCP address, guarded by the users' tokens or $LORE_TOKEN")
	return cmd
}

// serve owns the store until ctx ends.
func (a *app) serve(ctx context.Context, listen string) error {
	token := os.Getenv(tokenEnv)
	srv, held, err := a.own(ctx, nil, a.stderr)
	if err != nil {
		return err
	}
	defer func() {
		_ = srv.Close()
		_ = held.close()
	}()
	fmt.Fprintf(a.stderr, "lore: serving the store %s on %s (pid %d); interrupt to stop\n", a.cfg.dataDir(), srv.Path(), os.Getpid())
	if listen != "" {
		auth, how, err := tcpAuth(ctx, held, token)
		if err != nil {
			return err
		}
		addr, err := srv.ServeTCP(listen, auth)
		if err != nil {
			return err
		}
		fmt.Fprintf(a.stderr, "lore: also serving on tcp %s (%s)\n", addr, how)
	}
	<-ctx.Done()
	fmt.Fprintln(a.stderr, "lore: stopping; requests still running are interrupted")
	return nil
}

// tcpAuth is how the TCP listener checks tokens: the users' own (lore
// users) when there are users, each checked at every connection (a
// revocation or an expiry holds at once, the use is recorded); else the
// one token in $LORE_TOKEN, shared by every client.
func tcpAuth(ctx context.Context, held *heldStore, shared string) (owner.Authenticator, string, error) {
	db, release, err := held.lend(ctx, false)
	if err != nil {
		return nil, "", err
	}
	users, err := db.Users()
	_ = release()
	if err != nil {
		return nil, "", err
	}
	if len(users) > 0 {
		return func(token string) (string, error) {
			// Reading needs no write turn; recording the use is a
			// transaction of its own, not a session: a long learn does
			// not keep anyone waiting at the door.
			db, release, err := held.lend(ctx, false)
			if err != nil {
				return "", err
			}
			defer func() { _ = release() }()
			u, err := auth.Authenticate(db, token, time.Now().UTC())
			return u.Name, err
		}, fmt.Sprintf("%d user(s) of lore users, each with a token", len(users)), nil
	}
	if len(shared) < 16 {
		return nil, "", &core.UsageError{Msg: "--listen needs users (lore users add) or a token of at least 16 characters in $" + tokenEnv}
	}
	return owner.SharedToken(shared), "one token shared by every client, from $" + tokenEnv, nil
}

// own opens the store writable, waiting while a command holds it, and
// serves it: the process becomes the store's owner. feed, when not nil,
// tells a screen of the learns clients start and of the changes they
// make; log, when not nil, gets a line per request.
func (a *app) own(ctx context.Context, feed *screenFeed, log io.Writer) (*owner.Server, *heldStore, error) {
	if c, err := owner.Dial(a.cfg.dataDir()); err == nil {
		_ = c.Close()
		return nil, nil, fmt.Errorf("%w (lore serve or the terminal application); use it, or stop it first", errNotServed)
	}
	db, err := a.openStoreWaiting(ctx)
	if err != nil {
		return nil, nil, err
	}
	held := newHeldStore(db)
	handler := hostRequest(held, feed)
	if log != nil {
		inner := handler
		handler = func(ctx context.Context, req owner.Request, stdin io.Reader, stdout, stderr io.Writer) int {
			start := time.Now()
			code := inner(ctx, req, stdin, stdout, stderr)
			fmt.Fprintf(log, "lore: %s → exit %d (%s)\n", describeRequest(req), code, time.Since(start).Round(time.Millisecond))
			return code
		}
	}
	srv, err := owner.Listen(a.cfg.dataDir(), handler)
	if err != nil {
		_ = db.Close()
		if errors.Is(err, owner.ErrOwned) {
			return nil, nil, fmt.Errorf("%w: %w", errNotServed, err)
		}
		return nil, nil, err
	}
	return srv, held, nil
}
