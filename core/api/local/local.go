// Package local is the api.Service on the store this process holds, or
// lends from the owner: the learning engine, the graph and the skill
// library called directly. Every call first checks its caller's role
// (api.Check) and then works in the caller's workspace only: each
// workspace is a store of its own, so no read or search can cross them.
package local

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/exitcode"
	"github.com/lore-kb/lore/core/find"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/report"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/trajectory"
)

// Store is what the service needs of a workspace's store; the store
// package implements it. The users it keeps count only in the default
// workspace's store (see AddUser).
type Store interface {
	engine.Store
	access.UserStore
	library.Store
	trajectory.Store
	Count() (int, error)
	Sessions() ([]core.Session, error)
	Primitives(fn func(core.Primitive) error) error
	TopByImportance(n, offset int) ([]core.Primitive, error)
	LearnedRuns() (int, error)
	// The queue of agent runs lore watch feeds (the store's QueueStore).
	Enqueue(jobs []trajectory.Job, now time.Time) (added, known []trajectory.Job, err error)
	StartJob(now time.Time) (job trajectory.Job, ok bool, err error)
	FinishJob(job trajectory.Job) error
	Jobs() ([]trajectory.Job, error)
}

// Opener lends the store of a workspace for one operation; release gives
// it back. write asks for the workspace's write turn: writes to one
// workspace happen one at a time, in order.
type Opener func(ctx context.Context, workspace string, write bool) (st Store, release func() error, err error)

// Options configure the service.
type Options struct {
	// Open lends the workspaces' stores; required.
	Open Opener
	// Peek, when set, lends a store for a glance that must hold nothing
	// back, a learn's earlier rejections read at the gate, where a person
	// may take minutes to decide (without it, Open lends it for reading).
	Peek Opener
	// Learn is the base of every learn's options (domains, generation,
	// output folder, fetch guard); a call's own choices are set on a
	// copy.
	Learn engine.LearnOptions
	// Library configures the skill library (its folders, its consumer
	// policy). Its Ranks is not used: the service keeps a ranking cache
	// for each workspace's store.
	Library library.Options
	// Folders says where a workspace's generated skills and library
	// files are kept, so that no workspace writes or reads another's;
	// nil keeps every workspace in Learn.OutputDir and Library's folders
	// (one store, one workspace).
	Folders func(workspace string) (output, library string)
	// UploadDir is where uploaded documents wait for their learn.
	UploadDir string
	// Uploads bound what the callers' uploads may hold (zero fields:
	// the defaults).
	Uploads UploadLimits
	// Home is the home folder an agent run's paths are written ~ against
	// when it is learned.
	Home string
	// ApprovalWait bounds how long a learn waits at the gate for a
	// reviewer (0: 15 minutes); past it the learn ends as a headless
	// one would, its store turn given back.
	ApprovalWait time.Duration
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// Bus, when set, joins this service's runs to those of the other
	// processes serving the same stores (see Bus).
	Bus Bus
	// FindRecheck, when more than 0, is how long Find trusts its index
	// of a workspace before it asks the store's generation again: a
	// store shared with other processes (PostgreSQL) answers that with a
	// round trip, which every search would otherwise make. A change this
	// service writes (a learn, an unlearn, a resolution), or a learn
	// another server commits (its event on the Bus), is searched from
	// the next Find on; one made elsewhere without an event (a command
	// on the database, an unlearn through another server) within
	// FindRecheck, plus the time to index it again. 0 asks at every Find.
	FindRecheck time.Duration
	// Maintain, when set, checks, repairs and backs up the workspaces'
	// stores (VerifyStore, BackupStore); without it they are refused.
	Maintain Maintainer
	// RunLease is how long a job of the run queue that TakeRun gave
	// stays held for its caller without a FinishRun, before it is let go
	// of for another watcher (0: DefaultRunLease).
	RunLease time.Duration
}

// Service is the local api.Service.
type Service struct {
	o      Options
	runs   *runs
	remote remoteRuns
	// finds keeps each workspace's search index (*findCache); findMu
	// makes one call at a time build one.
	finds   sync.Map
	findMu  sync.Mutex
	uploads *uploads
	// ranks keeps each workspace's skill ranking indexes
	// (*library.RankCache by workspace): a cache is one store's.
	ranks sync.Map
	// leases are the run queue's jobs taken and not finished.
	leases leases
}

var _ api.Service = (*Service)(nil)

// New returns the service o describes.
func New(o Options) (*Service, error) {
	if o.Open == nil {
		return nil, errors.New("local service: no store to open")
	}
	if o.ApprovalWait <= 0 {
		o.ApprovalWait = 15 * time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Service{o: o, runs: newRuns(), uploads: newUploads(o.UploadDir, o.Now, o.Uploads.withDefaults()),
		remote: remoteRuns{asked: map[string]map[string]*lorev1.LearnEvent{}, subscribed: map[string]bool{}}}, nil
}

// use checks the call, lends the caller's workspace store to fn and gives
// it back.
func (s *Service) use(ctx context.Context, method string, write bool, fn func(api.Caller, Store) error) error {
	c, err := api.Check(ctx, method)
	if err != nil {
		return err
	}
	s.listen(c.Workspace)
	st, release, err := s.o.Open(ctx, c.Workspace, write)
	if err != nil {
		return fmt.Errorf("open the store of workspace %s: %w", c.Workspace, err)
	}
	defer func() {
		_ = release()
		if write {
			s.findStale(c.Workspace)
		}
	}()
	return fn(c, st)
}

// read is use for a call returning a value.
func read[T any](ctx context.Context, s *Service, method string, fn func(api.Caller, Store) (T, error)) (T, error) {
	var out T
	err := s.use(ctx, method, false, func(c api.Caller, st Store) (err error) {
		out, err = fn(c, st)
		return err
	})
	return out, asAPIError(err)
}

// asAPIError gives an engine's error the Connect code a client acts on:
// a mistake of the caller's (unknown id, bad choice) is InvalidArgument
// or NotFound, whichever side of the network the caller is on.
func asAPIError(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*connect.Error](err); ok {
		return err
	}
	if _, ok := errors.AsType[*curate.UnknownPrimitiveError](err); ok || errors.Is(err, engine.ErrUnknown) {
		return connect.NewError(connect.CodeNotFound, err)
	}
	if _, ok := errors.AsType[*engine.IntegrityBlockedError](err); ok {
		// The caller's to decide (--force), and told apart from a
		// refusal at the gate by its exit code, on every transport.
		return api.WithExitCode(connect.NewError(connect.CodeFailedPrecondition, err), exitcode.Blocked)
	}
	if _, ok := errors.AsType[*core.UsageError](err); ok {
		return connect.NewError(connect.CodeInvalidArgument, err)
	}
	if exitcode.Of(err) == exitcode.Usage {
		// What the command line calls a usage error (a session already
		// unlearned, a conflict already resolved …) is the caller's.
		return connect.NewError(connect.CodeInvalidArgument, err)
	}
	if errors.Is(err, context.Canceled) {
		return connect.NewError(connect.CodeCanceled, err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return connect.NewError(connect.CodeDeadlineExceeded, err)
	}
	return err
}

// WhoAmI says who the caller is, and what the role lets them call.
func (s *Service) WhoAmI(ctx context.Context, _ *lorev1.WhoAmIRequest) (*lorev1.WhoAmIResponse, error) {
	c, err := api.Check(ctx, "WhoAmI")
	if err != nil {
		return nil, err
	}
	return &lorev1.WhoAmIResponse{User: c.User, Role: string(c.Role), Workspace: c.Workspace, Remote: c.Remote,
		Allowed: api.Allowed(c.Role)}, nil
}

// maxStatement bounds the statement a search hit carries: a hit names and
// places a primitive; Show has the rest.
const maxStatement = 400

// Find ranks the workspace's primitives against the query (package find).
func (s *Service) Find(ctx context.Context, r *lorev1.FindRequest) (*lorev1.FindResponse, error) {
	if strings.TrimSpace(r.GetQuery()) == "" {
		return nil, api.Errorf(connect.CodeInvalidArgument, "find: an empty query")
	}
	if r.GetTop() < 0 {
		return nil, api.Errorf(connect.CodeInvalidArgument, "find: top %d: must be 0 (all) or more", r.GetTop())
	}
	return read(ctx, s, "Find", func(c api.Caller, st Store) (*lorev1.FindResponse, error) {
		idx, err := s.findIndex(c.Workspace, st)
		if err != nil {
			return nil, err
		}
		out := &lorev1.FindResponse{Searched: int32(idx.Len())}
		top, hits := int(r.GetTop()), []find.Hit(nil)
		if d := r.GetDomain(); d != "" {
			prims, err := all(st)
			if err != nil {
				return nil, err
			}
			if prims, err = s.ofDomain(prims, d); err != nil {
				return nil, err
			}
			out.Searched = int32(len(prims))
			for _, h := range idx.Search(r.GetQuery(), 0) {
				if h.Primitive.Domain == d && (top == 0 || len(hits) < top) {
					hits = append(hits, h)
				}
			}
		} else {
			hits = idx.Search(r.GetQuery(), top)
		}
		for _, h := range hits {
			p := brief(h.Primitive)
			p.Statement = clip(p.Statement, maxStatement)
			p.Importance = proto.Int32(int32(h.Importance))
			out.Hits = append(out.Hits, &lorev1.FindHit{Primitive: p, Score: h.Score})
		}
		return out, nil
	})
}

// Show is one primitive with its edges both ways.
func (s *Service) Show(ctx context.Context, r *lorev1.ShowRequest) (*lorev1.ShowResponse, error) {
	return read(ctx, s, "Show", func(_ api.Caller, st Store) (*lorev1.ShowResponse, error) {
		p, ok, err := st.GetPrimitive(r.GetId())
		if err != nil {
			return nil, err
		}
		if !ok {
			if fate := engine.Fate(st, r.GetId()); fate != "" {
				return nil, api.Errorf(connect.CodeNotFound, "%s is no longer stored: %s", r.GetId(), fate)
			}
			return nil, api.Errorf(connect.CodeNotFound, "unknown primitive %q (lore rank lists the stored ones)", r.GetId())
		}
		deps, err := st.Dependents(p.ID)
		if err != nil {
			return nil, err
		}
		out := &lorev1.ShowResponse{Primitive: Primitive(&p, deps)}
		d := int(r.GetChainDepth())
		if d <= 0 {
			return out, nil
		}
		// Asked for the prerequisite tree (a screen's detail), the edges
		// are named too: both read the same primitives, each once.
		look := graph.ReadOnce(&p, st.GetPrimitive)
		for _, e := range append(out.Primitive.Requires, out.Primitive.RequiredBy...) {
			other := e.GetTo()
			if other == p.ID {
				other = e.GetFrom()
			}
			if q, ok := look(other); ok {
				e.Name = q.Name
			}
		}
		out.Chain = chainNode(graph.Chain(look, p.ID, d))
		return out, nil
	})
}

// Rank pages through the primitives in order of importance, or of
// reach, one domain's or all.
func (s *Service) Rank(ctx context.Context, r *lorev1.RankRequest) (*lorev1.RankResponse, error) {
	if r.GetTop() < 0 || r.GetOffset() < 0 {
		return nil, api.Errorf(connect.CodeInvalidArgument, "rank: top and offset must be 0 or more")
	}
	by, err := graph.ParseOrder(cmp.Or(r.GetBy(), string(graph.ByImportance)))
	if err != nil {
		return nil, asAPIError(err)
	}
	return read(ctx, s, "Rank", func(_ api.Caller, st Store) (*lorev1.RankResponse, error) {
		prims, err := all(st)
		if err != nil {
			return nil, err
		}
		if prims, err = s.ofDomain(prims, r.GetDomain()); err != nil {
			return nil, err
		}
		ranked, err := graph.Rank(prims, by, 0)
		if err != nil {
			return nil, err
		}
		off := min(int(r.GetOffset()), len(ranked))
		ranked = ranked[off:]
		if top := int(r.GetTop()); top > 0 && len(ranked) > top {
			ranked = ranked[:top]
		}
		out := &lorev1.RankResponse{}
		for _, k := range ranked {
			out.Primitives = append(out.Primitives, &lorev1.Ranked{Id: k.ID, Name: k.Name, Type: string(k.Type),
				Domain: k.Domain, Importance: int32(k.Importance), Reach: int32(k.Reach)})
		}
		return out, nil
	})
}

// ofDomain keeps the primitives of domain ("" keeps all). A domain that
// is neither configured nor holds a stored primitive is the caller's
// mistake: an empty answer would hide the typo.
func (s *Service) ofDomain(prims []core.Primitive, domain string) ([]core.Primitive, error) {
	if domain == "" {
		return prims, nil
	}
	var out []core.Primitive
	for _, p := range prims {
		if p.Domain == domain {
			out = append(out, p)
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	known := make([]string, 0, len(s.o.Learn.Domains))
	for _, d := range s.o.Learn.Domains {
		if d.ID == domain {
			return out, nil
		}
		known = append(known, d.ID)
	}
	return nil, api.Errorf(connect.CodeInvalidArgument, "domain %q: unknown domain; lore domains lists them: %s", domain, strings.Join(known, ", "))
}

// Graph is every primitive and dependency edge of the workspace, or of
// one domain.
func (s *Service) Graph(ctx context.Context, r *lorev1.GraphRequest) (*lorev1.GraphResponse, error) {
	return read(ctx, s, "Graph", func(_ api.Caller, st Store) (*lorev1.GraphResponse, error) {
		prims, err := all(st)
		if err != nil {
			return nil, err
		}
		if prims, err = s.ofDomain(prims, r.GetDomain()); err != nil {
			return nil, err
		}
		g := graph.Export(prims)
		out := &lorev1.GraphResponse{}
		for _, n := range g.Nodes {
			out.Nodes = append(out.Nodes, &lorev1.GraphNode{Id: n.ID, Name: n.Name, Type: string(n.Type), Domain: n.Domain,
				Importance: int32(n.Importance)})
		}
		for _, e := range g.Edges {
			out.Edges = append(out.Edges, &lorev1.Edge{From: e.From, To: e.To, Type: string(e.Type), Strength: e.Strength})
		}
		return out, nil
	})
}

// Sessions lists the workspace's sessions, newest first.
func (s *Service) Sessions(ctx context.Context, r *lorev1.SessionsRequest) (*lorev1.SessionsResponse, error) {
	return read(ctx, s, "Sessions", func(_ api.Caller, st Store) (*lorev1.SessionsResponse, error) {
		var ss []core.Session
		var err error
		if src := r.GetRejectedSource(); src != "" {
			ss, err = gate.Rejections(st, src)
		} else {
			ss, err = st.Sessions()
		}
		if err != nil {
			return nil, err
		}
		slices.SortStableFunc(ss, func(a, b core.Session) int { return b.StartedAt.Compare(a.StartedAt) })
		if n := int(r.GetLimit()); n > 0 && len(ss) > n {
			ss = ss[:n]
		}
		out := &lorev1.SessionsResponse{}
		for i := range ss {
			out.Sessions = append(out.Sessions, Session(&ss[i]))
		}
		return out, nil
	})
}

// Report is a session's provenance report, in Markdown.
func (s *Service) Report(ctx context.Context, r *lorev1.ReportRequest) (*lorev1.ReportResponse, error) {
	return read(ctx, s, "Report", func(_ api.Caller, st Store) (*lorev1.ReportResponse, error) {
		in, err := engine.LoadReport(st, r.GetSessionId())
		if err != nil {
			return nil, err
		}
		if !r.GetStructured() {
			return &lorev1.ReportResponse{Markdown: report.Build(in, report.Limits{}).Markdown}, nil
		}
		b, err := report.JSON(in, report.Limits{})
		if err != nil {
			return nil, err
		}
		doc := &structpb.Struct{}
		if err := protojson.Unmarshal(b, doc); err != nil {
			return nil, fmt.Errorf("report %s: %w", r.GetSessionId(), err)
		}
		return &lorev1.ReportResponse{Report: doc}, nil
	})
}

// Conflicts lists the conflicts waiting for a person, or all of them.
func (s *Service) Conflicts(ctx context.Context, r *lorev1.ConflictsRequest) (*lorev1.ConflictsResponse, error) {
	return read(ctx, s, "Conflicts", func(_ api.Caller, st Store) (*lorev1.ConflictsResponse, error) {
		cs, err := conflicts(st, r.GetAll())
		if err != nil {
			return nil, err
		}
		return &lorev1.ConflictsResponse{Conflicts: cs}, nil
	})
}

// conflicts are the pending conflicts, or with all every one.
func conflicts(st Store, all bool) ([]*lorev1.Conflict, error) {
	cs, err := st.Conflicts()
	if err != nil {
		return nil, err
	}
	var out []*lorev1.Conflict
	for i := range cs {
		if all || cs[i].State == core.ConflictPending {
			out = append(out, Conflict(&cs[i]))
		}
	}
	return out, nil
}

// findCache is a workspace's search index, the generation of the store
// it was built from, and when that generation was last read from the
// store. A findCache is never changed once stored: a newer one replaces
// it, so a search holds one whole index, never a torn one.
type findCache struct {
	gen     uint64
	idx     *find.Index
	checked time.Time
	// checking is set by the one call that reads the generation again
	// once FindRecheck has passed; the others meanwhile search the
	// index as it is.
	checking atomic.Bool
}

// findIndex is the search index of workspace ws's primitives: kept while
// the store's generation stays the same, built again once it moves, by
// the first call to see it move. Others meanwhile get the index before,
// when there is one: a rebuild of a large library takes seconds, and a
// search a few seconds behind a learn is better than searches that stop
// at every learn. With FindRecheck, the generation is read at most once
// in that time (findStale asks for it sooner). A store that cannot tell
// its generation is indexed at every call.
func (s *Service) findIndex(ws string, st Store) (*find.Index, error) {
	g, ok := st.(interface{ Generation() (uint64, error) })
	if !ok {
		prims, err := all(st)
		return find.NewIndex(prims), err
	}
	load := func() *findCache {
		if c, ok := s.finds.Load(ws); ok {
			return c.(*findCache)
		}
		return nil
	}
	c := load()
	if c != nil && s.o.FindRecheck > 0 {
		if time.Since(c.checked) < s.o.FindRecheck || !c.checking.CompareAndSwap(false, true) {
			return c.idx, nil
		}
		// This call reads the generation; the flag stays set on this
		// findCache, which the one stored next replaces.
		defer func() {
			if load() == c {
				c.checking.Store(false)
			}
		}()
	}
	// When the generation is read, not when it is answered: a change
	// committed before this instant is in what the read sees.
	asked := time.Now()
	gen, err := g.Generation()
	if err != nil {
		return nil, err
	}
	if c != nil && c.gen == gen {
		if s.o.FindRecheck > 0 {
			s.finds.CompareAndSwap(ws, c, &findCache{gen: gen, idx: c.idx, checked: asked})
		}
		return c.idx, nil
	}
	if !s.findMu.TryLock() {
		if c := load(); c != nil {
			return c.idx, nil
		}
		s.findMu.Lock()
	}
	defer s.findMu.Unlock()
	if c := load(); c != nil && c.gen == gen {
		return c.idx, nil
	}
	// The generation was read before the primitives: a change between
	// the two leaves an index newer than its generation says, which the
	// next call replaces; never one older.
	prims, err := all(st)
	if err != nil {
		return nil, err
	}
	idx := find.NewIndex(prims)
	next := &findCache{gen: gen, idx: idx, checked: asked}
	if !s.replaceFind(ws, c, next) {
		// Replaced while this index was built: findStale, after a write
		// whose change the primitives read may lack. The index is kept,
		// and the next call reads the generation again.
		s.finds.Store(ws, &findCache{gen: gen, idx: idx})
	}
	return idx, nil
}

// replaceFind stores next as workspace ws's search index if old is still
// the one stored (nil: none is).
func (s *Service) replaceFind(ws string, old, next *findCache) bool {
	if old == nil {
		_, loaded := s.finds.LoadOrStore(ws, next)
		return !loaded
	}
	return s.finds.CompareAndSwap(ws, old, next)
}

// findStale makes the next Find in workspace ws read the store's
// generation, whenever it was last read: the workspace has just changed.
func (s *Service) findStale(ws string) {
	if c, ok := s.finds.Load(ws); ok {
		old := c.(*findCache)
		s.finds.CompareAndSwap(ws, old, &findCache{gen: old.gen, idx: old.idx})
	}
}

func all(st Store) ([]core.Primitive, error) {
	var out []core.Primitive
	err := st.Primitives(func(p core.Primitive) error {
		out = append(out, p)
		return nil
	})
	return out, err
}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// learnOptions is the base of a learn, unlearn, resolve or curation in
// workspace ws.
func (s *Service) learnOptions(ws string) engine.LearnOptions {
	o := s.o.Learn
	if s.o.Folders != nil {
		o.OutputDir, _ = s.o.Folders(ws)
	}
	return o
}

// libraryOptions are the skill library's options in workspace ws.
func (s *Service) libraryOptions(ws string) library.Options {
	o := s.o.Library
	if s.o.Folders != nil {
		o.OutputDir, o.LibraryDir = s.o.Folders(ws)
	}
	return o
}
