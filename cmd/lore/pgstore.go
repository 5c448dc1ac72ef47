package main

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	auth "github.com/lore-kb/lore/core/access"
	localapi "github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/internal/lazyre"
	"github.com/lore-kb/lore/store/postgres"
)

// A library kept in PostgreSQL (store.url, LORE_STORE_URL) is used through
// the API, as a team server's is: every command that calls the API runs
// on it, in this process, against the database, which orders the writes
// of every process and server sharing it (postgres.Store.WriteTurn), so
// no owner process is needed. The commands that administer the database's
// library (users, store verify, store copy) and lore serve run on it
// too (lore store backup calls the API, which refuses it there, naming
// pg_dump); the others, which read or write Badger's folder, are refused,
// naming those that run.

// keyStoreURL is the configuration key of the PostgreSQL store.
const keyStoreURL = "store.url"

// storeURL is the PostgreSQL store's URL; "" keeps the embedded store.
func (c *config) storeURL() string { return strings.TrimSpace(c.v.GetString(keyStoreURL)) }

// onPostgres reports whether the library is kept in PostgreSQL.
func (a *app) onPostgres() bool { return a.cfg != nil && a.cfg.storeURL() != "" }

// viaAPI reports whether a command that calls the API does so rather than
// read the embedded store: on a team server's client, and on PostgreSQL.
func (a *app) viaAPI() bool { return remote() || a.onPostgres() }

// apiPlace says where a command through the API runs, for messages.
func (a *app) apiPlace() string {
	if remote() {
		return "on a team server"
	}
	return "on a PostgreSQL store"
}

// runsOnPostgres reports a command that runs with store.url set.
func runsOnPostgres(cmd *cobra.Command) bool {
	for c := cmd; c != nil; c = c.Parent() {
		if c.Annotations[cmdutil.AnnotPostgres] != "" {
			return true
		}
	}
	return runsOffServer(cmd)
}

// refuseOnPostgres is the error of a command that does not run on a
// PostgreSQL store, naming those that do.
func refuseOnPostgres(cmd *cobra.Command, storeURL string) error {
	can := commandsWhere(func(c *cobra.Command) bool {
		return c.Runnable() && runsOnPostgres(c) && c.Annotations[cmdutil.AnnotLocal] != "no store" && c.Annotations[cmdutil.AnnotHelp] == "" && c.HasParent() &&
			c.Annotations[cmdutil.AnnotOnPostgresInstead] == ""
	})
	msg := fmt.Sprintf("lore %s works on the embedded store, not on PostgreSQL (%s=%s)",
		strings.TrimPrefix(cmd.CommandPath(), "lore "), keyStoreURL, redactURL(storeURL))
	if instead := cmd.Annotations[cmdutil.AnnotOnPostgresInstead]; instead != "" {
		msg += ": " + instead
	}
	return &core.UsageError{Msg: msg + "; these do: " + strings.Join(can, ", ")}
}

// dsnPassword finds the password of a key=value connection string.
var dsnPassword = lazyre.New(`(?i)(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)`)

// redactURL is a PostgreSQL URL or connection string fit to be shown:
// its password replaced by xxxxx.
func redactURL(s string) string {
	if u, err := url.Parse(s); err == nil && u.Scheme != "" {
		q := u.Query()
		if q.Has("password") {
			q.Set("password", "xxxxx")
			u.RawQuery = q.Encode()
		}
		return u.Redacted()
	}
	return dsnPassword.ReplaceAllString(s, "${1}xxxxx")
}

// pgStores holds the PostgreSQL store of each workspace a process uses,
// opened on first use and kept for the process's life: a pool of
// connections is costly to open and cheap to keep.
type pgStores struct {
	url string
	mu  sync.Mutex
	m   map[string]*postgres.Store
	// events is the bus of this process's runs, made on first use.
	events *pgBus
}

func newPGStores(url string) *pgStores {
	return &pgStores{url: withPoolSize(url), m: map[string]*postgres.Store{}}
}

// poolConns is how many connections a process keeps at most to each
// workspace's store unless store.url says (pool_max_conns). pgx's own
// default is the machine's cores, and at least four: a server whose
// learns hold one each for their write turn and read while they work
// would keep its searches, each a token check and a query or two,
// waiting for a connection. Connections are made when needed, and
// closed after a while unused.
const poolConns = 16

// withPoolSize is url with pool_max_conns set to poolConns, unless it
// sets it already; url is a postgres:// URL or a key=value string.
func withPoolSize(url string) string {
	if url == "" || strings.Contains(url, "pool_max_conns") {
		return url
	}
	param := fmt.Sprintf("pool_max_conns=%d", poolConns)
	if !isStoreURL(strings.ToLower(url)) {
		return url + " " + param
	}
	if strings.Contains(url, "?") {
		return url + "&" + param
	}
	return url + "?" + param
}

// pgBus carries the API's run events and decisions between the processes
// sharing the database (localapi.Bus), through each workspace's store.
// Publishing never holds a run up: messages wait in a queue, sent in
// order by one goroutine, and are dropped if the database falls far
// behind.
type pgBus struct {
	stores *pgStores
	origin string
	queue  chan pgMessage
	done   chan struct{}
	mu     sync.Mutex
	closed bool
}

type pgMessage struct {
	ws  string
	msg []byte
}

// bus is the process's bus, started on first use.
func (p *pgStores) bus() *pgBus {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.events == nil {
		b := &pgBus{stores: p, origin: randomOrigin(), queue: make(chan pgMessage, 4096), done: make(chan struct{})}
		go b.send()
		p.events = b
	}
	return p.events
}

func randomOrigin() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%d-%x", os.Getpid(), b)
}

// Publish queues msg for the other processes serving workspace ws.
func (b *pgBus) Publish(ws string, msg []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	select {
	case b.queue <- pgMessage{ws, msg}:
	default:
	}
}

// flush sends what is queued, waiting up to wait: a command's last
// events (its run's commit) reach the other processes before it exits.
func (b *pgBus) flush(wait time.Duration) {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.queue)
	}
	b.mu.Unlock()
	select {
	case <-b.done:
	case <-time.After(wait):
	}
}

func (b *pgBus) send() {
	defer close(b.done)
	// asking holds the runs of this process whose question is recorded.
	asking := map[string]bool{}
	for m := range b.queue {
		st, err := b.stores.open(context.Background(), m.ws)
		if err != nil {
			continue
		}
		b.record(st, m.msg, asking)
		_ = st.Publish(context.Background(), b.origin, m.msg)
	}
}

// questionsKept is how old a recorded question may be and still be
// waiting: a run waits for a reviewer 15 minutes at most.
const questionsKept = 15 * time.Minute

// record keeps a run's question in the database while it waits, for the
// processes that start listening after it was asked; the run's next
// event settles it.
func (b *pgBus) record(st *postgres.Store, msg []byte, asking map[string]bool) {
	id, asks, ok := localapi.BusRun(msg)
	if !ok {
		return
	}
	switch {
	case asks:
		if st.Ask(context.Background(), b.origin, id, msg) == nil {
			asking[id] = true
		}
	case asking[id]:
		_ = st.Settle(context.Background(), id)
		delete(asking, id)
	}
}

// RunGone reports whether run, asking in workspace ws, was asked by a
// process that has since ended (localapi.RunChecker): the database let
// go of that process's presence with its connections.
func (b *pgBus) RunGone(ws, run string) bool {
	st, err := b.stores.open(context.Background(), ws)
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	gone, err := st.RunGone(ctx, run)
	return err == nil && gone
}

// Subscribe listens to workspace ws's messages from other processes, and
// returns once listening (or after a few seconds without the database).
func (b *pgBus) Subscribe(ws string, fn func(msg []byte)) error {
	st, err := b.stores.open(context.Background(), ws)
	if err != nil {
		return err
	}
	ready := make(chan struct{})
	go st.Listen(context.Background(), b.origin, func() { close(ready) }, fn)
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
	}
	// The questions asked before this process listened.
	asked, err := st.Questions(context.Background(), b.origin, questionsKept)
	for _, msg := range asked {
		fn(msg)
	}
	return err
}

// open returns workspace ws's store.
func (p *pgStores) open(ctx context.Context, ws string) (*postgres.Store, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if st, ok := p.m[ws]; ok {
		return st, nil
	}
	st, err := postgres.OpenWorkspace(ctx, p.url, ws)
	if err != nil {
		return nil, err
	}
	p.m[ws] = st
	return st, nil
}

// lend is a localapi.Opener: a write waits for the workspace's write
// turn, which every process sharing the database takes in turn.
func (p *pgStores) lend(ctx context.Context, ws string, write bool) (localapi.Store, func() error, error) {
	st, release, err := p.take(ctx, ws, write)
	if err != nil {
		return nil, nil, err
	}
	return st, release, nil
}

// take is lend's store as what it is, for the commands that need more of
// it than the API does (lore watch's queue).
func (p *pgStores) take(ctx context.Context, ws string, write bool) (*postgres.Store, func() error, error) {
	st, err := p.open(ctx, ws)
	if err != nil {
		return nil, nil, err
	}
	if !write {
		return st, func() error { return nil }, nil
	}
	release, err := st.WriteTurn(ctx)
	if err != nil {
		return nil, nil, err
	}
	return st, release, nil
}

func (p *pgStores) close() error {
	p.mu.Lock()
	bus := p.events
	p.mu.Unlock()
	if bus != nil {
		bus.flush(2 * time.Second)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []error
	for _, st := range p.m {
		errs = append(errs, st.Close())
	}
	clear(p.m)
	return errors.Join(errs...)
}

// pg is this process's PostgreSQL stores, opened on first use.
func (a *app) pg() *pgStores {
	if a.pgStores == nil {
		a.pgStores = newPGStores(a.cfg.storeURL())
	}
	return a.pgStores
}

// pgFindRecheck is how long a search on PostgreSQL trusts its index
// before it asks the database whether the knowledge changed
// (localapi.Options.FindRecheck): a change made through another server
// or command is searched within it, plus the time to index it again;
// one made through this process, or a learn committed through another
// server, from the next search on.
const pgFindRecheck = 250 * time.Millisecond

// pgService is the API's service on the PostgreSQL stores.
func (a *app) pgService() (*localapi.Service, error) {
	return a.newService(a.pg().lend, nil, a.pg().bus(), pgFindRecheck, pgUpkeep{stores: a.pg(), progress: a.Stderr})
}

// servePostgres serves the API on ln from the PostgreSQL store, beside any
// number of other servers on the same database: nothing of this machine's
// data folder is held, and there is no owner socket, since commands on
// this machine use the database themselves.
func (a *app) servePostgres(ctx context.Context, ln net.Listener, conf *tls.Config, fingerprint string) error {
	if ln == nil {
		return &core.UsageError{Msg: fmt.Sprintf("with %s set, lore serve serves a team over the network: give --listen ADDR (commands on this machine use the database themselves)", keyStoreURL)}
	}
	st, err := a.pg().open(ctx, auth.DefaultWorkspace)
	if err != nil {
		return err
	}
	svc, err := a.pgService()
	if err != nil {
		return err
	}
	fmt.Fprintf(a.Stderr, "lore: serving the PostgreSQL store %s (pid %d); interrupt to stop\n", st.Name(), os.Getpid())
	return a.serveAPI(ctx, ln, conf, fingerprint, svc, func(context.Context) (auth.UserStore, func() error, error) {
		return st, func() error { return nil }, nil
	})
}
