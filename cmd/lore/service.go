package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/skillscmd"
	"github.com/lore-kb/lore/cli/watchcmd"
	"github.com/lore-kb/lore/core/skills/scope"

	"github.com/lore-kb/lore/core"
	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	apiclient "github.com/lore-kb/lore/core/api/client"
	localapi "github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/owner"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/engine"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/store"
)

// service is the API this process calls: the team server's when
// LORE_SERVER names one, else the local service on the store, which this
// process opens for each call or borrows from the owner. ctx carries the
// caller: on the local store, the person running lore, with every right.
func (a *app) service(ctx context.Context) (context.Context, api.Service, error) {
	if addr := os.Getenv(serverEnv); addr != "" {
		c, err := a.remoteService(addr)
		return ctx, c, err
	}
	if a.onPostgres() {
		svc, err := a.pgService()
		if err != nil {
			return ctx, nil, err
		}
		return api.WithCaller(ctx, a.localCaller()), svc, nil
	}
	// The process owning the store serves the API on its own socket;
	// without one, this process opens the store for each call.
	if os.Getenv(noOwnerEnv) == "" && a.held == nil {
		if c, ok := ownerClient(ctx, a.cfg.dataDir()); ok {
			return ctx, c, nil
		}
	}
	svc, err := a.localService()
	if err != nil {
		return ctx, nil, err
	}
	return api.WithCaller(ctx, a.localCaller()), svc, nil
}

// keptService is the service for a run of calls (lore watch's, while it
// has work): the one service answers them all, and when this process
// opens the data folder's store itself, the store is opened once, for
// writing, and kept open until release, not opened and closed at each
// call. A team server, PostgreSQL and an owner lend their stores as they
// always do, and release gives nothing back. as is the context a call is
// made with: the caller's, on the local service. A store another process
// holds is core.ErrStoreLocked, after storeWait.
func (a *app) keptService(ctx context.Context) (svc api.Service, as func(context.Context) context.Context, release func() error, err error) {
	release = func() error { return nil }
	if remote() || a.onPostgres() || a.held != nil || a.ownerServes(ctx) {
		cctx, svc, err := a.service(ctx)
		if err != nil {
			return nil, nil, nil, err
		}
		as = func(ctx context.Context) context.Context { return ctx }
		if c, ok := api.CallerFrom(cctx); ok {
			as = func(ctx context.Context) context.Context { return api.WithCaller(ctx, c) }
		}
		return svc, as, release, nil
	}
	cs := &commandStore{a: a, write: true}
	_, release, err = cs.lend(ctx, true)
	if err != nil {
		return nil, nil, nil, err
	}
	local, err := a.commandService(cs)
	if err != nil {
		_ = release()
		return nil, nil, nil, err
	}
	c := a.localCaller()
	return local, func(ctx context.Context) context.Context { return api.WithCaller(ctx, c) }, release, nil
}

// watchCmd is lore watch, calling the API as long as it has work
// (keptService).
func (a *app) watchCmd() *cobra.Command {
	return watchcmd.NewCmdWatch(&a.Factory, watchcmd.Options{Remote: remote, Prepare: a.watchSettings, Keep: a.keptService})
}

// watchSettings reads what lore watch uses of the configuration: the
// largest run file, and, on this machine's service, the thresholds of the
// skills the runs draft.
func (a *app) watchSettings(cmd *cobra.Command) (int64, error) {
	a.cfg.bindFlag(keyMaxFileSize, cmd.Flags().Lookup("max-file-size"))
	limit, err := a.cfg.maxFileSize()
	if err != nil {
		return 0, err
	}
	if !remote() {
		if _, _, err := a.cfg.skillEvolution(); err != nil {
			return 0, err
		}
	}
	return limit, nil
}

// ownerClients are this process's clients of owners' API sockets, by
// data folder: a process calling an owner again (a test, a benchmark, a
// screen) reuses the client and its connection, as HTTP clients are
// meant to be.
var ownerClients sync.Map

// ownerClient is the client of the API of the store in dataDir's owner,
// if a process owns it now (its socket answers).
func ownerClient(ctx context.Context, dataDir string) (*apiclient.Client, bool) {
	dial := owner.DialAPI(dataDir)
	conn, err := dial(ctx, "", "")
	if err != nil {
		return nil, false
	}
	_ = conn.Close()
	if c, ok := ownerClients.Load(dataDir); ok {
		return c.(*apiclient.Client), true
	}
	c, _ := ownerClients.LoadOrStore(dataDir, apiclient.NewLocal(dial))
	return c.(*apiclient.Client), true
}

// remoteService is the client of the team server at addr (a host alone
// is lore's port, api.DefaultPort), with the token in $LORE_TOKEN.
func (a *app) remoteService(addr string) (*apiclient.Client, error) {
	addr = api.WithDefaultPort(addr)
	conf, err := clientTLS(addr)
	if err != nil {
		return nil, err
	}
	token := os.Getenv(tokenEnv)
	if token == "" {
		return nil, &core.UsageError{Msg: fmt.Sprintf("team server %s: %s is empty: set it to your token (lore users add printed it)", addr, tokenEnv)}
	}
	return apiclient.New(addr, token, conf)
}

// localCaller is who calls the local service: the person running lore,
// who owns the store and may do everything with it; or, in an owner
// serving a team's request, that request's user.
func (a *app) localCaller() api.Caller {
	return api.Caller{User: a.who(), Role: auth.Admin, Workspace: auth.DefaultWorkspace}
}

// who is who a change is recorded under: the user a team server let the
// request in as, else the person running lore.
func (a *app) who() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return ""
}

// localService is the service on this process's store: opened for each
// call (or borrowed from the owner, see acquire), in the default
// workspace; another workspace is a store of its own under the data
// folder's workspaces/.
func (a *app) localService() (*localapi.Service, error) {
	if a.held == nil {
		return a.commandService(&commandStore{a: a, write: a.writesStore})
	}
	return a.localServiceOn(badgerUpkeep{lend: a.upkeepLoan, progress: a.Stderr}, func(ctx context.Context, write bool) (localapi.Store, func() error, error) {
		mode := readOnly
		if write {
			mode = writable
		}
		db, release, err := a.acquireWaiting(ctx, mode)
		if err != nil || write {
			return db, release, err
		}
		// A read in the store's owner takes the skills from its decoded
		// copy of the library.
		return readLibrary{db, a.held}, release, nil
	}, nil)
}

// commandService is the local service on the store cs lends, which this
// process opens itself; a glance at it goes through cs.peek.
func (a *app) commandService(cs *commandStore) (*localapi.Service, error) {
	return a.localServiceOn(badgerUpkeep{lend: a.upkeepLoan, progress: a.Stderr}, cs.lend, cs.peek)
}

// commandStore is the store the calls of one command share when no
// process owns it: opened at the first loan, kept while a loan is out,
// closed when the last comes back. A learn reads the store while it
// takes its write turn, and one process opens a Badger folder once: the
// store is opened writable from the first loan when the command writes
// (write), else read-only. A glance that must hold nothing (peek) is
// lent apart.
type commandStore struct {
	a     *app
	write bool

	mu    sync.Mutex
	db    *store.Store
	loans int
}

func (c *commandStore) lend(ctx context.Context, write bool) (localapi.Store, func() error, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.db == nil {
		mode := readOnly
		if write || c.write {
			mode = writable
		}
		if mode == readOnly {
			// Not shared: nothing writes while it is out.
			return c.a.acquireWaiting(ctx, readOnly)
		}
		db, err := c.a.openWaiting(ctx, c.a.opener(mode))
		if err != nil {
			return nil, nil, err
		}
		c.db = db
	}
	if write && c.db.ReadOnly() {
		return nil, nil, errors.New("the store was opened read-only for this command")
	}
	c.loans++
	var once sync.Once
	return c.db, func() (err error) {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.loans--; c.loans == 0 {
				err = c.db.Close()
				c.db = nil
			}
		})
		return err
	}, nil
}

// peek lends the store for a glance (localapi.Options.Peek): the one
// the command shares when it is open, else the store opened read-only
// for the moment; where no store is yet, there is nothing to see.
func (c *commandStore) peek(ctx context.Context, _ bool) (localapi.Store, func() error, error) {
	c.mu.Lock()
	shared := c.db != nil
	c.mu.Unlock()
	if shared {
		return c.lend(ctx, false)
	}
	if none, err := c.a.noStoreYet(); err != nil {
		return nil, nil, err
	} else if none {
		return nil, nil, errNoStoreYet
	}
	return c.a.acquireWaiting(ctx, readOnly)
}

// errNoStoreYet: nothing was ever learned in the data folder.
var errNoStoreYet = errors.New("no store yet: nothing was learned here")

// ownerServes reports whether another process owns this folder's store
// and serves its API.
func (a *app) ownerServes(ctx context.Context) bool {
	if os.Getenv(noOwnerEnv) != "" || a.held != nil || a.viaAPI() {
		return false
	}
	_, ok := ownerClient(ctx, a.cfg.dataDir())
	return ok
}

// localServiceOn is the local service lending the default workspace's
// store through open (and through peek, when not nil, for a glance that
// must hold nothing), and keeping the stores through keep.
func (a *app) localServiceOn(keep localapi.Maintainer, open, peek func(ctx context.Context, write bool) (localapi.Store, func() error, error)) (*localapi.Service, error) {
	inDefault := func(lend func(ctx context.Context, write bool) (localapi.Store, func() error, error)) localapi.Opener {
		return func(ctx context.Context, ws string, write bool) (localapi.Store, func() error, error) {
			if ws != auth.DefaultWorkspace {
				return a.workspaceStore(ctx, ws, write)
			}
			return lend(ctx, write)
		}
	}
	var glance localapi.Opener
	if peek != nil {
		glance = inDefault(peek)
	}
	return a.newService(inDefault(open), glance, nil, 0, keep)
}

// newService is the API's service on the stores open lends (peek, when
// not nil, for a glance; localapi.Options.Peek), with the
// configuration's learn options, library and folders; bus, when not nil,
// joins its runs to other processes'. findRecheck is
// localapi.Options.FindRecheck; keep checks and backs up the stores
// (localapi.Options.Maintain).
func (a *app) newService(open, peek localapi.Opener, bus localapi.Bus, findRecheck time.Duration, keep localapi.Maintainer) (*localapi.Service, error) {
	base, err := a.serviceLearnOptions()
	if err != nil {
		return nil, err
	}
	pol, err := a.cfg.skillPolicy()
	if err != nil {
		return nil, err
	}
	lib := a.libraryOptions(pol)
	home, _ := os.UserHomeDir()
	// The thresholds of a skill's evolution: a bad value is refused by the
	// commands that use them (report, merge), not by every call.
	if threshold, after, err := a.cfg.skillEvolution(); err == nil {
		lib.MergeThreshold, lib.NegativeAfter = threshold, after
	}
	return localapi.New(localapi.Options{
		Open:        open,
		Learn:       base,
		Library:     lib,
		Folders:     a.workspaceFolders,
		UploadDir:   a.uploadDir(),
		Uploads:     a.serving.uploads,
		Bus:         bus,
		FindRecheck: findRecheck,
		Home:        home,
		Maintain:    keep,
		Peek:        peek,
	})
}

// libraryOptions configure the skill library of the default workspace.
func (a *app) libraryOptions(pol *scope.Policy) skilllib.Options {
	return skilllib.Options{OutputDir: a.cfg.outputDir(), LibraryDir: a.libraryDir(), Policy: pol, Now: now}
}

// now is the library's clock, one place so every command dates the same way.
func now() time.Time { return time.Now().UTC() }

// libraryDir is where the library keeps a folder per offered skill, the
// SKILL.md files the prompt block's <location> names: <data_dir>/library.
func (a *app) libraryDir() string {
	return filepath.Join(a.cfg.dataDir(), "library")
}

// skillsOptions is what lore skills takes from this process: whether it
// is a team server's client, the check of the configuration's skill
// evolution settings (read when the command runs, once the configuration
// is loaded), and the library's clock.
func (a *app) skillsOptions() skillscmd.Options {
	return skillscmd.Options{
		Remote: remote,
		SkillEvolution: func() error {
			_, _, err := a.cfg.skillEvolution()
			return err
		},
		Now: now,
	}
}

// uploadDir is where documents sent to the API wait for their learn.
func (a *app) uploadDir() string { return filepath.Join(a.cfg.dataDir(), "uploads") }

// workspaceFolders are where workspace ws keeps its generated skills and
// its library's files: the configured folders for the default workspace,
// folders beside its store for another.
func (a *app) workspaceFolders(ws string) (output, library string) {
	if ws == auth.DefaultWorkspace {
		return a.cfg.outputDir(), a.libraryDir()
	}
	dir := filepath.Join(a.cfg.dataDir(), "workspaces", ws)
	return filepath.Join(dir, "skills"), filepath.Join(dir, "library")
}

// errNoWorkspace: workspaces other than the default are a team server's
// (lore serve keeps their stores open).
var errNoWorkspace = errors.New("workspaces other than default are served by lore serve")

// workspaceStore lends the store of workspace ws; only a serving process
// holds them (see serve).
func (a *app) workspaceStore(ctx context.Context, ws string, write bool) (localapi.Store, func() error, error) {
	if a.workspaces == nil {
		return nil, nil, fmt.Errorf("workspace %s: %w", ws, errNoWorkspace)
	}
	return a.workspaces.lend(ctx, ws, write)
}

// serviceLearnOptions are the options a learn through the API starts
// from: the configuration's, with no flags of a command line.
func (a *app) serviceLearnOptions() (engine.LearnOptions, error) {
	depth, doms, err := a.analysisSettings("")
	if err != nil {
		return engine.LearnOptions{}, err
	}
	ao, err := a.cfg.acquireOptions()
	if err != nil {
		return engine.LearnOptions{}, err
	}
	dist, shared, err := a.cfg.dedup()
	if err != nil {
		return engine.LearnOptions{}, err
	}
	gen, err := a.cfg.generate()
	if err != nil {
		return engine.LearnOptions{}, err
	}
	return engine.LearnOptions{Domains: doms, Depth: depth, Acquire: ao,
		Dedup: dedup.Config{MaxDistance: dist, MinSharedKeywords: shared}, Generate: gen, OutputDir: a.cfg.outputDir()}, nil
}
