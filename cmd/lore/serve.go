package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
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
	// A client trusts the server's certificate by its pinned SHA-256
	// fingerprint, by a CA's certificates (a PEM file), or by the
	// system's roots; plain text only to a loopback address, when asked.
	fingerprintEnv = "LORE_SERVER_FINGERPRINT"
	caEnv          = "LORE_SERVER_CA"
	plaintextEnv   = "LORE_SERVER_PLAINTEXT"
)

// serveTLS are lore serve's TLS choices.
type serveTLS struct {
	cert, key string
	plaintext bool
}

func (a *app) serveCmd() *cobra.Command {
	var (
		listen string
		tlsOpt serveTLS
	)
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
network, over TLS: with --tls-cert and --tls-key, that certificate; else one lore
makes and keeps in the data folder (server.crt), whose SHA-256 fingerprint it
prints for clients to pin (LORE_SERVER_FINGERPRINT), or to trust through
LORE_SERVER_CA (a PEM file); a client with neither trusts the system's roots.
--plaintext serves without TLS, on a loopback address only (clients set
LORE_SERVER_PLAINTEXT=1). Every connection must give a token: once users are added (lore users add), each user's own,
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
			return a.serve(ctx, listen, tlsOpt)
		},
	}
	cmd.Flags().StringVar(&tlsOpt.cert, "tls-cert", "", "the server's certificate (PEM; default: one kept in the data folder)")
	cmd.Flags().StringVar(&tlsOpt.key, "tls-key", "", "the key of --tls-cert (PEM)")
	cmd.Flags().BoolVar(&tlsOpt.plaintext, "plaintext", false, "serve --listen without TLS, on a loopback address only")
	cmd.Flags().StringVar(&listen, "listen", "", "also serve on this TCP address, guarded by the users' tokens or $LORE_TOKEN")
	return cmd
}

// serve owns the store until ctx ends.
func (a *app) serve(ctx context.Context, listen string, tlsOpt serveTLS) error {
	token := os.Getenv(tokenEnv)
	conf, fingerprint, err := a.serverTLS(listen, tlsOpt)
	if err != nil {
		return err
	}
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
		addr, err := srv.ServeTCP(listen, auth, conf)
		if err != nil {
			return err
		}
		fmt.Fprintf(a.stderr, "lore: also serving on tcp %s (%s)\n", addr, how)
		if conf != nil {
			fmt.Fprintf(a.stderr, "lore: TLS certificate SHA-256 fingerprint %s\n", fingerprint)
		} else {
			fmt.Fprintln(a.stderr, "lore: without TLS (--plaintext, loopback only)")
		}
	}
	<-ctx.Done()
	fmt.Fprintln(a.stderr, "lore: stopping; requests still running are interrupted")
	return nil
}

// serverTLS is the TLS of the TCP listener, and its certificate's
// fingerprint; nil for --plaintext, which only a loopback address may use.
func (a *app) serverTLS(listen string, o serveTLS) (*tls.Config, string, error) {
	if listen == "" {
		return nil, "", nil
	}
	if o.plaintext {
		if !auth.Loopback(listen) {
			return nil, "", &core.UsageError{Msg: fmt.Sprintf("--plaintext serves only on a loopback address, not %s: the tokens would cross the network in clear", listen)}
		}
		return nil, "", nil
	}
	if (o.cert == "") != (o.key == "") {
		return nil, "", &core.UsageError{Msg: "--tls-cert and --tls-key go together"}
	}
	host, _, _ := net.SplitHostPort(listen)
	cert, fp, err := auth.ServerCert(a.cfg.dataDir(), o.cert, o.key, []string{host})
	if err != nil {
		return nil, "", err
	}
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, fp, nil
}

// clientTLS is how this process trusts the server LORE_SERVER names.
func clientTLS(addr string) (*tls.Config, error) {
	if os.Getenv(plaintextEnv) == "1" {
		if !auth.Loopback(addr) {
			return nil, fmt.Errorf("%s=1 reaches only a loopback address, not %s", plaintextEnv, addr)
		}
		return nil, nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	return auth.ClientTLS(host, os.Getenv(fingerprintEnv), os.Getenv(caEnv))
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
