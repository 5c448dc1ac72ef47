// Package apitest runs the API's tests twice: on the local service and
// through a real team server on 127.0.0.1 over TLS, with the same
// expectations. Each workspace is a real store in a temporary folder;
// users are real users with real tokens. Only tests import it.
package apitest

import (
	"context"
	"crypto/tls"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
)

// Env is one service and its users, local or behind a server.
type Env struct {
	// Remote says the calls go through the server.
	Remote bool
	// Svc is the local service (behind the server when Remote).
	Svc *local.Service
	Dir string

	mu      sync.Mutex
	stores  map[string]*store.Store
	turns   map[string]*sync.Mutex
	tokens  map[string]string
	clients map[string]*client.Client
	addr    string
	conf    *tls.Config
	// Server's options (MaxUpload, Idle), set before the first call
	// through the server.
	Server server.Options
	ready  sync.Once
	tb     testing.TB
	// Learn is the base of the service's learns.
	Learn engine.LearnOptions
}

// Each runs fn on a local service and on one behind a TLS server.
func Each(t *testing.T, fn func(t *testing.T, e *Env)) {
	EachWith(t, nil, fn)
}

// EachWith is Each with the service's options changed by configure (a
// clock, a shorter wait at the gate, a domain for every learn).
func EachWith(t *testing.T, configure func(o *local.Options), fn func(t *testing.T, e *Env)) {
	t.Run("local", func(t *testing.T) { fn(t, NewWith(t, false, configure)) })
	t.Run("server", func(t *testing.T) { fn(t, NewWith(t, true, configure)) })
}

// New returns an environment with no users yet.
func New(tb testing.TB, remote bool) *Env {
	tb.Helper()
	return NewWith(tb, remote, nil)
}

// NewWith is New with the service's options changed by configure (nil:
// none); the environment's Learn is then the options' Learn.
func NewWith(tb testing.TB, remote bool, configure func(o *local.Options)) *Env {
	tb.Helper()
	e := &Env{Remote: remote, Dir: tb.TempDir(), stores: map[string]*store.Store{}, turns: map[string]*sync.Mutex{},
		tokens: map[string]string{}, clients: map[string]*client.Client{}, tb: tb}
	o := local.Options{Open: e.open, Learn: engine.LearnOptions{Domains: storetest.Domains(tb)}, UploadDir: e.UploadDir(),
		Folders: e.Folders, Maintain: maintainer{e}}
	if configure != nil {
		configure(&o)
	}
	e.Learn = o.Learn
	svc, err := local.New(o)
	if err != nil {
		tb.Fatal(err)
	}
	e.Svc = svc
	return e
}

// Folders are where workspace ws keeps its generated skills and its
// library's files, as a team server keeps them: apart from every other
// workspace's.
func (e *Env) Folders(ws string) (output, library string) {
	dir := filepath.Join(e.Dir, "workspaces", ws+"-files")
	return filepath.Join(dir, "skills"), filepath.Join(dir, "library")
}

// UploadDir is where the service keeps uploads.
func (e *Env) UploadDir() string { return filepath.Join(e.Dir, "uploads") }

// Store is the store of a workspace, opened on first use.
func (e *Env) Store(ws string) *store.Store {
	e.mu.Lock()
	defer e.mu.Unlock()
	if st, ok := e.stores[ws]; ok {
		return st
	}
	st, err := store.Open(filepath.Join(e.Dir, "workspaces", ws), store.Options{})
	if err != nil {
		e.tb.Fatal(err)
	}
	e.tb.Cleanup(func() { _ = st.Close() })
	e.stores[ws] = st
	e.turns[ws] = &sync.Mutex{}
	return st
}

func (e *Env) open(_ context.Context, ws string, write bool) (local.Store, func() error, error) {
	st := e.Store(ws)
	if !write {
		return st, func() error { return nil }, nil
	}
	e.mu.Lock()
	turn := e.turns[ws]
	e.mu.Unlock()
	turn.Lock()
	return st, func() error { turn.Unlock(); return nil }, nil
}

// TurnFree reports whether workspace ws's write turn is free, waiting up
// to 10 s for it.
func (e *Env) TurnFree(ws string) bool {
	e.Store(ws)
	e.mu.Lock()
	turn := e.turns[ws]
	e.mu.Unlock()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if turn.TryLock() {
			turn.Unlock()
			return true
		}
	}
	return false
}

// AddUser adds a user with role in workspace ws and returns their token.
func (e *Env) AddUser(name string, role access.Role, ws string) string {
	e.tb.Helper()
	token, hash, err := access.NewToken()
	if err != nil {
		e.tb.Fatal(err)
	}
	u := access.User{Name: name, Role: role, Workspace: ws, TokenHash: hash, TokenHint: access.Hint(token), Created: time.Now().UTC()}
	if err := e.Store(access.DefaultWorkspace).PutUser(u); err != nil {
		e.tb.Fatal(err)
	}
	e.mu.Lock()
	e.tokens[name] = token
	e.mu.Unlock()
	return token
}

// As is how user calls: the context and the service to call with.
func (e *Env) As(user string) (context.Context, api.Service) {
	e.tb.Helper()
	if e.Remote {
		e.mu.Lock()
		token := e.tokens[user]
		e.mu.Unlock()
		return context.Background(), e.Client(token)
	}
	u, ok, err := e.Store(access.DefaultWorkspace).User(user)
	if err != nil || !ok {
		e.tb.Fatalf("no user %s (%v)", user, err)
	}
	return api.WithCaller(context.Background(), api.Caller{User: u.Name, Role: u.Role, Workspace: u.Workspace}), e.Svc
}

// Client is the service of the server for a token, started on first use
// (only for a remote environment).
func (e *Env) Client(token string) *client.Client {
	e.tb.Helper()
	e.ready.Do(e.serve)
	e.mu.Lock()
	defer e.mu.Unlock()
	if c, ok := e.clients[token]; ok {
		return c
	}
	c, err := client.New(e.addr, token, e.conf)
	if err != nil {
		e.tb.Fatal(err)
	}
	e.clients[token] = c
	return c
}

// Addr is the server's address and the TLS a client trusts it with.
func (e *Env) Addr() (string, *tls.Config) {
	e.ready.Do(e.serve)
	return e.addr, e.conf
}

func (e *Env) serve() {
	tb := e.tb
	dir := filepath.Join(e.Dir, "tls")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		tb.Fatal(err)
	}
	cert, fp, err := access.ServerCert(dir, "", "", []string{"127.0.0.1"})
	if err != nil {
		tb.Fatal(err)
	}
	conf := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	users := e.Store(access.DefaultWorkspace)
	auth := func(_ context.Context, token string) (access.User, error) {
		return access.Authenticate(users, token, time.Now().UTC())
	}
	o := e.Server
	if o.DataDir == "" {
		// The environment's folder is the server's data folder.
		o.DataDir = e.Dir
	}
	path, h := server.Handler(e.Svc, auth, o)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = server.Serve(ctx, ln, path, h, conf)
	}()
	tb.Cleanup(func() { cancel(); <-done })
	e.addr = ln.Addr().String()
	e.conf, err = access.ClientTLS("127.0.0.1", fp, "")
	if err != nil {
		tb.Fatal(err)
	}
}

// Seed learns doc (named name) into workspace ws directly with the
// engine, approved by policy, and returns the session: data for the
// calls under test to read.
func (e *Env) Seed(ws, name string, doc []byte) string {
	e.tb.Helper()
	path := filepath.Join(e.tb.TempDir(), name)
	if err := os.WriteFile(path, doc, 0o600); err != nil {
		e.tb.Fatal(err)
	}
	o := e.Learn
	o.OutputDir, _ = e.Folders(ws)
	o.Policy = gate.Policy{Approve: true, Trust: true}
	o.Tier = core.Home
	st, release, err := e.open(context.Background(), ws, true)
	if err != nil {
		e.tb.Fatal(err)
	}
	defer func() { _ = release() }()
	res, err := engine.Learn(context.Background(), st, path, o)
	if err != nil {
		e.tb.Fatalf("seed %s into %s: %v", name, ws, err)
	}
	return res.Session.ID
}

// maintainer checks and backs up the environment's stores as lore's own
// wiring does a data folder's: a check, and a repair, in the workspace's
// write turn (no read of a test's store runs beside a repair it makes),
// a backup as the store is.
type maintainer struct{ e *Env }

func (m maintainer) Verify(ctx context.Context, ws string, repair bool) (*lorev1.VerifyStoreResponse, error) {
	_, release, err := m.e.open(ctx, ws, true)
	if err != nil {
		return nil, err
	}
	defer func() { _ = release() }()
	db := m.e.Store(ws)
	var wired engine.EdgeRepair
	if repair {
		if err := db.Reindex(ctx, nil); err != nil {
			return nil, err
		}
		if wired, err = engine.RepairEdges(ctx, db); err != nil {
			return nil, err
		}
	}
	rep, err := db.Verify(ctx)
	if err != nil {
		return nil, err
	}
	return local.VerifyAnswer(db.Path(), rep, wired), nil
}

func (m maintainer) Backup(ctx context.Context, ws string, w io.Writer) (*lorev1.BackupStoreResponse, error) {
	db := m.e.Store(ws)
	info, err := db.Backup(ctx, w)
	if err != nil {
		return nil, err
	}
	return &lorev1.BackupStoreResponse{Store: info.Store, Schema: int32(info.Schema), Primitives: int32(info.Primitives),
		Bytes: info.Bytes, Sha256: info.SHA256, Created: info.Created.Format(time.RFC3339)}, nil
}
