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
	"strconv"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	localapi "github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/owner"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
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

// serveLimits are lore serve's bounds on what its clients hold: how long
// an upload may stay silent, what uploads may keep, and the bytes of
// requests one user may have under way (zero: the defaults).
type serveLimits struct {
	idle     time.Duration
	uploads  localapi.UploadLimits
	inFlight int64
}

// serveLimitFlags are the flags of serveLimits, in their units.
type serveLimitFlags struct {
	idle              time.Duration
	perUser, waiting  int
	userMiB, totalMiB int64
	requestMiB        int64
}

// limits checks the flags and gives the limits they set.
func (f serveLimitFlags) limits() (serveLimits, error) {
	switch {
	case f.idle <= 0:
		return serveLimits{}, &core.UsageError{Msg: fmt.Sprintf("--upload-idle %s: give a positive duration (30s, 2m)", f.idle)}
	case f.perUser <= 0:
		return serveLimits{}, &core.UsageError{Msg: fmt.Sprintf("--uploads-per-user %d: give 1 or more", f.perUser)}
	case f.waiting <= 0:
		return serveLimits{}, &core.UsageError{Msg: fmt.Sprintf("--uploads-waiting-per-user %d: give 1 or more", f.waiting)}
	case f.userMiB <= 0 || f.userMiB > 1<<30:
		return serveLimits{}, &core.UsageError{Msg: fmt.Sprintf("--upload-mib-per-user %d: give a positive number of MiB", f.userMiB)}
	case f.totalMiB <= 0 || f.totalMiB > 1<<30:
		return serveLimits{}, &core.UsageError{Msg: fmt.Sprintf("--upload-mib-total %d: give a positive number of MiB", f.totalMiB)}
	case f.requestMiB<<20 < server.MaxRequest || f.requestMiB > 1<<20:
		return serveLimits{}, &core.UsageError{Msg: fmt.Sprintf("--request-mib-per-user %d: give %d or more (a call's request may be %d MiB)", f.requestMiB, (server.MaxRequest>>20)+1, server.MaxRequest>>20)}
	case f.userMiB > f.totalMiB:
		return serveLimits{}, &core.UsageError{Msg: fmt.Sprintf("--upload-mib-per-user %d is above --upload-mib-total %d: one user may keep at most what all keep together; lower the first or raise the second", f.userMiB, f.totalMiB)}
	}
	return serveLimits{idle: f.idle, uploads: localapi.UploadLimits{PerUser: f.perUser, Waiting: f.waiting, UserBytes: f.userMiB << 20, TotalBytes: f.totalMiB << 20},
		inFlight: f.requestMiB << 20}, nil
}

// uploadFlags are lore serve's flags that bound uploads, which only a
// team server (--listen) receives.
var uploadFlags = []string{"upload-idle", "uploads-per-user", "uploads-waiting-per-user", "upload-mib-per-user", "upload-mib-total"}

// onlyWithListen refuses an upload flag, or --request-mib-per-user, given
// to a lore serve that is not a team server: its clients are the
// machine's own commands, which name their files instead of uploading
// them, and are not held to a user's budget, so the flag would do
// nothing.
func onlyWithListen(cmd *cobra.Command, listen string) error {
	if listen != "" {
		return nil
	}
	for _, name := range uploadFlags {
		if cmd.Flags().Changed(name) {
			return &core.UsageError{Msg: fmt.Sprintf("--%s: the upload flags apply only to a team server (--listen): without it, lore serve takes no uploads", name)}
		}
	}
	if cmd.Flags().Changed("request-mib-per-user") {
		return &core.UsageError{Msg: "--request-mib-per-user: the bounds per user apply only to a team server (--listen): the owner's socket serves the machine's own commands, held to none"}
	}
	return nil
}

// serveTLS are lore serve's TLS choices.
type serveTLS struct {
	cert, key string
	plaintext bool
}

func (a *app) serveCmd() *cobra.Command {
	var (
		listen string
		tlsOpt serveTLS
		limits serveLimitFlags
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

--listen ADDR also serves lore's API on a TCP address, for a team (HOST:PORT,
or HOST alone for lore's port, 7433): the calls
of the command line (LORE_SERVER), of lore mcp --server and of programs of the
team's own (Connect, gRPC or HTTP with JSON), over TLS — with --tls-cert and
--tls-key, that certificate; else one lore makes and keeps in the data folder
(server.crt), whose SHA-256 fingerprint it prints for clients to pin
(LORE_SERVER_FINGERPRINT), or to trust through LORE_SERVER_CA (a PEM file); a
client with neither trusts the system's roots. --plaintext serves without TLS,
on a loopback address only (clients set LORE_SERVER_PLAINTEXT=1). Every call
carries a user's token (lore users add), checked at every call: a revoked or
expired token is refused at once. Each user calls what their role allows, in
their workspace, which is a store of its own (workspaces/NAME in the data
folder; the default workspace is the data folder's store). Clients send the
documents they learn; the server never opens a path a client names. Off by
default.

An upload is a file a client sends to a team server to learn (lore learn FILE
with LORE_SERVER set): the server keeps it until its learn ends. The upload
flags bound uploads and apply only with --listen: --upload-idle, how long an
upload may stay silent; --uploads-per-user, how many one user may send at once;
--uploads-waiting-per-user, how many one user may have sent and not yet learned;
--upload-mib-per-user and --upload-mib-total, how many MiB one user's uploads
and every user's together may keep (the first at most the second).
--request-mib-per-user bounds the MiB of requests one user's calls may have
arriving at once (32): a call past it is refused, not held.

With store.url set (LORE_STORE_URL, a PostgreSQL database), lore serve serves
that database's library to a team and needs --listen; there is no owner socket
(commands on the machine use the database themselves), and any number of
servers may share the database (docs/postgres.md).`,
		Example: `  lore serve
  lore users add ada --role curator && lore serve --listen 10.0.0.5:7433`,
		Args:        cmdutil.NoArgs,
		Annotations: map[string]string{cmdutil.AnnotLocal: "owner", cmdutil.AnnotPostgres: "1"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := onlyWithListen(cmd, listen); err != nil {
				return err
			}
			var err error
			if a.serving, err = limits.limits(); err != nil {
				return err
			}
			if listen != "" {
				if _, err := strconv.Atoi(listen); err == nil {
					return &core.UsageError{Msg: fmt.Sprintf("--listen %s: give a host, HOST or HOST:PORT (:%s listens on every address)", listen, listen)}
				}
				listen = api.WithDefaultPort(listen)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return a.serve(ctx, listen, tlsOpt)
		},
	}
	// A usage starting with "MiB" would be shown "Mib": help capitalizes
	// the first word.
	cmd.Flags().DurationVar(&limits.idle, "upload-idle", 30*time.Second, "with --listen, drop an upload whose client sends nothing for this long")
	cmd.Flags().IntVar(&limits.perUser, "uploads-per-user", localapi.DefaultUploadsPerUser, "with --listen, uploads one user may have under way at once")
	cmd.Flags().IntVar(&limits.waiting, "uploads-waiting-per-user", localapi.DefaultUploadsWaiting, "with --listen, uploads one user may have waiting for their learn (or under way)")
	cmd.Flags().Int64Var(&limits.userMiB, "upload-mib-per-user", localapi.DefaultUploadUserBytes>>20, "with --listen, the MiB one user's uploads may keep, under way and waiting for their learn")
	cmd.Flags().Int64Var(&limits.totalMiB, "upload-mib-total", localapi.DefaultUploadBytes>>20, "with --listen, the MiB every user's uploads may keep together")
	cmd.Flags().Int64Var(&limits.requestMiB, "request-mib-per-user", server.DefaultInFlight>>20, "with --listen, the MiB of requests one user's calls may have arriving at once")
	cmd.Flags().StringVar(&tlsOpt.cert, "tls-cert", "", "the server's certificate (PEM; default: one kept in the data folder)")
	cmd.Flags().StringVar(&tlsOpt.key, "tls-key", "", "the key of --tls-cert (PEM)")
	cmd.Flags().BoolVar(&tlsOpt.plaintext, "plaintext", false, "serve --listen without TLS, on a loopback address only")
	cmd.Flags().StringVar(&listen, "listen", "", "also serve the API on this TCP address to the users of lore users")
	return cmd
}

// serve owns the store until ctx ends; with listen, it also serves the
// API to a team's users on that address.
func (a *app) serve(ctx context.Context, listen string, tlsOpt serveTLS) error {
	conf, fingerprint, err := a.serverTLS(listen, tlsOpt)
	if err != nil {
		return err
	}
	var ln net.Listener
	if listen != "" {
		// A team's server answers searches while learns allocate, and
		// each collection takes processor time from both: under
		// TestTeamLoad a server collected about 5 times a second with
		// the default target, about once with servingGCPercent. Its
		// memory stays bounded by memoryLimit (memory.go).
		defer collectLessOften()()
		// Listening comes before owning the store: a taken port is
		// said at once, and nothing is held for nothing.
		if ln, err = net.Listen("tcp", listen); err != nil {
			return fmt.Errorf("listen on %s: %w", listen, err)
		}
		defer ln.Close()
	}
	if a.onPostgres() {
		return a.servePostgres(ctx, ln, conf, fingerprint)
	}
	own, err := a.own(ctx, ownerServe, nil, a.Stderr)
	if err != nil {
		return err
	}
	held := own.held
	a.held, a.workspaces = held, newWorkspaces(a.cfg.dataDir())
	defer func() {
		_ = a.workspaces.close()
		_ = own.close()
	}()
	fmt.Fprintf(a.Stderr, "lore: serving the store %s on %s (pid %d); interrupt to stop\n", a.cfg.dataDir(), own.srv.Path(), os.Getpid())
	if ln == nil {
		<-ctx.Done()
		fmt.Fprintln(a.Stderr, "lore: stopping; requests still running are interrupted")
		return nil
	}
	svc, err := a.localService()
	if err != nil {
		return err
	}
	return a.serveAPI(ctx, ln, conf, fingerprint, svc, func(ctx context.Context) (auth.UserStore, func() error, error) {
		return held.lend(ctx, false)
	})
}

// serveAPI serves svc on ln to the users that lendUsers lends, until ctx
// ends.
func (a *app) serveAPI(ctx context.Context, ln net.Listener, conf *tls.Config, fingerprint string, svc api.Service,
	lendUsers func(ctx context.Context) (auth.UserStore, func() error, error)) error {
	users, release, err := lendUsers(ctx)
	if err != nil {
		return err
	}
	us, err := users.Users()
	_ = release()
	if err != nil {
		return err
	}
	n := len(us)
	if n == 0 {
		return &core.UsageError{Msg: "--listen lets in the users of lore users, and there are none: add one first (lore users add NAME --role admin)"}
	}
	path, h := server.Handler(svc, a.authenticator(lendUsers), server.Options{Log: a.Stderr, Idle: a.serving.idle, InFlight: a.serving.inFlight, DataDir: a.cfg.dataDir()})
	fmt.Fprintf(a.Stderr, "lore: serving the API on %s to %d user(s) of lore users, each with their own token\n", ln.Addr(), n)
	if conf != nil {
		fmt.Fprintf(a.Stderr, "lore: TLS certificate SHA-256 fingerprint %s\n", fingerprint)
	} else {
		fmt.Fprintln(a.Stderr, "lore: without TLS (--plaintext, loopback only)")
	}
	err = server.Serve(ctx, ln, path, h, conf)
	fmt.Fprintln(a.Stderr, "lore: stopping; calls still running are interrupted")
	return err
}

// serverTLS is the TLS of the TCP listener, and its certificate's
// fingerprint; nil for --plaintext, which only a loopback address may use.
func (a *app) serverTLS(listen string, o serveTLS) (*tls.Config, string, error) {
	if listen == "" {
		return nil, "", nil
	}
	host, port, err := net.SplitHostPort(listen)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 {
		return nil, "", &core.UsageError{Msg: fmt.Sprintf("--listen %q: give an address and a port, HOST:PORT (127.0.0.1:7433, 10.0.0.5:7433, :7433)", listen)}
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
	if o.cert == "" {
		// The certificate lore makes is kept in the data folder, which a
		// first run on this machine has not made yet.
		if err := os.MkdirAll(a.cfg.dataDir(), 0o700); err != nil {
			return nil, "", fmt.Errorf("data folder %s: %w", a.cfg.dataDir(), err)
		}
	}
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

// authenticator checks a call's token against the users, at every call:
// a revocation or an expiry holds at once, and the use is recorded.
// Reading needs no write turn, so a long learn keeps nobody at the door.
func (a *app) authenticator(lendUsers func(ctx context.Context) (auth.UserStore, func() error, error)) server.Authenticator {
	return func(ctx context.Context, token string) (auth.User, error) {
		db, release, err := lendUsers(ctx)
		if err != nil {
			return auth.User{}, err
		}
		defer func() { _ = release() }()
		return auth.Authenticate(db, token, time.Now().UTC())
	}
}

// owned is what a process that owns the store serves: the store, the
// owner's socket of command lines, and the API's socket.
type owned struct {
	srv  *owner.Server
	held *heldStore
	// stopAPI stops serving the API's socket and waits for its calls.
	stopAPI func()
}

// close stops serving and closes the store.
func (o *owned) close() error {
	o.stopAPI()
	err := o.srv.Close()
	return errors.Join(err, o.held.close())
}

// own opens the store writable, waiting while a command holds it, and
// serves it: the process becomes the store's owner, on two sockets beside
// the store — command lines (package owner) and the API (package
// core/api), both owner-only. feed, when not nil, tells a screen of the
// learns clients start and of the changes they make; log, when not nil,
// gets a line per request. kind names this process to another that asks
// which one owns the store (ownerServe, ownerApp).
func (a *app) own(ctx context.Context, kind string, feed *screenFeed, log io.Writer) (*owned, error) {
	dir := a.cfg.dataDir()
	if c, err := owner.Dial(dir); err == nil {
		_ = c.Close()
		return nil, notServed(dir, nil)
	}
	db, err := a.openStoreWaiting(ctx)
	if err != nil {
		return nil, err
	}
	held := newHeldStore(db)
	srv, err := owner.Listen(dir, owner.Owner{Kind: kind, PID: os.Getpid()})
	if err != nil {
		_ = db.Close()
		if errors.Is(err, owner.ErrOwned) {
			return nil, notServed(dir, err)
		}
		return nil, err
	}
	stopAPI, err := a.serveLocalAPI(held, feed, log)
	if err != nil {
		_ = srv.Close()
		_ = held.close()
		return nil, err
	}
	return &owned{srv: srv, held: held, stopAPI: stopAPI}, nil
}

// serveLocalAPI serves the API on the owner's API socket, every call the
// person running lore's, on the held store; a write tells the screen
// (feed), as a command's write does.
func (a *app) serveLocalAPI(held *heldStore, feed *screenFeed, log io.Writer) (func(), error) {
	ln, err := owner.ListenAPI(a.cfg.dataDir())
	if err != nil {
		return nil, err
	}
	// A repair (which has the store alone) tells the screen, as a write
	// does; its rebuild's progress goes to the log, never to a screen.
	keep := badgerUpkeep{progress: log, lend: func(ctx context.Context, ws string, op upkeep) (*store.Store, func() error, error) {
		if ws != auth.DefaultWorkspace {
			return a.upkeepLoan(ctx, ws, op)
		}
		db, release, err := held.upkeepLoan(ctx, op)
		if err != nil || op != upkeepRepair {
			return db, release, err
		}
		return db, feed.afterWrite(release), nil
	}}
	svc, err := a.localServiceOn(keep, func(ctx context.Context, write bool) (localapi.Store, func() error, error) {
		db, release, err := held.lend(ctx, write)
		if err == nil && !write {
			// The skills come from the owner's decoded copy.
			return readLibrary{db, held}, release, nil
		}
		if err != nil {
			return db, release, err
		}
		return db, feed.afterWrite(release), nil
	}, nil)
	if err != nil {
		_ = ln.Close()
		return nil, err
	}
	path, h := server.LocalHandler(svc, a.localCaller(), server.Options{Log: log})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = server.Serve(ctx, ln, path, h, nil)
	}()
	followed := make(chan struct{})
	go func() {
		defer close(followed)
		if feed != nil && feed.runs != nil {
			// The screen follows the learns run through the API.
			_ = tui.FollowRuns(api.WithCaller(ctx, a.localCaller()), svc, feed.runs)
		}
	}()
	return func() {
		cancel()
		<-done
		<-followed
		_ = owner.RemoveAPI(a.cfg.dataDir())
	}, nil
}
