// Package postgres is the lore store kept in PostgreSQL, through pgx (pure
// Go), for a team whose library outgrows one process's Badger folder: the
// database enforces concurrency, so any number of processes may share it.
// It implements the contract of package backend entity by entity, held to
// the Badger store's behaviour by the conformance suite
// (store/backend/backendtest).
//
// Its tables are made and brought up to date by the migrations in this
// package, run in one transaction when a store is opened; a database whose
// schema is newer than this build's is refused rather than misread.
//
// What it keeps today: the users and their tokens; the sessions with
// their changesets and reports, and the knowledge they make: primitives,
// their edges and indexes, and conflicts; the skill library, with the
// index of its source hashes and a version that every write of skills
// changes; the artifacts and the pending publications; the queue of agent
// runs to learn, and the runs learned with their failure signatures. A
// session is committed in one transaction: its row, its changes streamed
// with COPY, and their effect on the primitives (applyChanges: the
// primitives touched removed and the survivors written back, each table
// in one COPY), so none of the journaling, commit point and recovery of
// the Badger store, which exist because Badger's transactions are
// bounded, is needed here.
//
// Processes sharing the database coordinate through it: writes of skills
// take one row's lock, so they run one at a time as Badger's do under its
// write lock; replacements of artifacts take an advisory lock; a queued
// job taken by StartJob is held by a session-level advisory lock on a
// connection the store keeps for its jobs, which the database lets go of
// when the job is finished or the connection ends, so that a job is never
// learned by two processes at once and a job whose process died is taken
// again.
package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/store/backend"
)

// Store is a lore store in a PostgreSQL database. It is safe for
// concurrent use, by this process and others.
type Store struct {
	pool *pgxpool.Pool
	// name is host:port/database, what errors say: the URL may hold a
	// password.
	name string
	// schema holds the workspace's tables.
	schema, workspace string
	// closing ends when the store is closed (listeners stop).
	closing     context.Context
	stopClosing context.CancelFunc
	// published counts Publish's events, for pruning.
	published atomic.Int64
	// turns are the connections holding write turns (WriteTurn).
	turnsMu sync.Mutex
	turns   map[*pgxpool.Conn]struct{}
	// waiting holds the one writer of this process that waits for the
	// database's write turn, or holds it: the others wait here, holding
	// no connection, so that writers queued in a server never take the
	// connections its searches need.
	waiting   chan struct{}
	closed    atomic.Bool
	closeOnce sync.Once
	// beforeChange, when set (by tests), runs before each change of a
	// commit is sent, with its index; an error stops the commit there.
	beforeChange func(i int) error
	// jobs is the connection whose advisory locks hold the queued jobs
	// this store took (StartJob), kept out of the pool while it holds
	// any, and those jobs' numbers; nil until the first StartJob.
	jobs struct {
		sync.Mutex
		conn *pgxpool.Conn
		held map[uint64]bool
	}
	// presence is the connection holding the presence locks of the
	// origins that asked questions through this store (Ask), and those
	// origins; nil until the first Ask.
	presence struct {
		sync.Mutex
		conn *pgx.Conn
		held map[string]bool
	}
}

var _ backend.Store = (*Store)(nil)

// DefaultWorkspace is the workspace of a store opened without one.
const DefaultWorkspace = "default"

// Open connects to the database at url (postgres://user@host:port/db?…,
// or the key=value form) and brings the schema of the default workspace
// up to date.
func Open(ctx context.Context, url string) (*Store, error) {
	return OpenWorkspace(ctx, url, DefaultWorkspace)
}

// OpenWorkspace opens the store of workspace ws in the database at url.
// Each workspace is a PostgreSQL schema of its own (SchemaOf), made on
// first use, so that no query of one can see another's rows, as no
// Badger store sees another's folder; a team's servers share them all
// through one database.
func OpenWorkspace(ctx context.Context, url, ws string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's parse errors leave the password out.
		return nil, fmt.Errorf("open PostgreSQL store: %w", err)
	}
	if err := access.CheckWorkspace(ws); err != nil {
		return nil, fmt.Errorf("open PostgreSQL store: %w (%w)", err, backend.ErrInvalidID)
	}
	c := cfg.ConnConfig
	schema := SchemaOf(ws)
	s := &Store{name: fmt.Sprintf("%s:%d/%s", c.Host, c.Port, c.Database), schema: schema, workspace: ws,
		turns: map[*pgxpool.Conn]struct{}{}, waiting: make(chan struct{}, 1)}
	s.closing, s.stopClosing = context.WithCancel(context.Background())
	if ws != DefaultWorkspace {
		s.name += " (workspace " + ws + ")"
	}
	// Every connection of the pool reads and writes the workspace's
	// schema alone; pg_catalog stays first, as it always is.
	c.RuntimeParams["search_path"] = pgx.Identifier{schema}.Sanitize()
	s.pool, err = pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL store %s: %w", s.name, err)
	}
	if err := s.checkEngine(ctx); err != nil {
		s.pool.Close()
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		s.pool.Close()
		return nil, err
	}
	return s, nil
}

// ErrEngine is returned (wrapped) by Open for a database engine that
// speaks PostgreSQL's protocol but lacks what lore relies on.
var ErrEngine = errors.New("database engine not supported")

// checkEngine refuses CockroachDB: its advisory lock functions are
// defined and do nothing, and it has no LISTEN/NOTIFY, so the write
// turns of several servers would silently stop ordering their writes.
// A refusal here is better than a library corrupted later.
func (s *Store) checkEngine(ctx context.Context) error {
	var version string
	if err := s.pool.QueryRow(ctx, "SELECT version()").Scan(&version); err != nil {
		return fmt.Errorf("open PostgreSQL store %s: %w", s.name, err)
	}
	if err := engineError(version); err != nil {
		return fmt.Errorf("open PostgreSQL store %s: %w", s.name, err)
	}
	return nil
}

// engineError says why the engine whose version() is version cannot keep
// a lore store; nil when it can.
func engineError(version string) error {
	if strings.Contains(version, "CockroachDB") {
		return fmt.Errorf("%s: its advisory locks do nothing and it has no LISTEN/NOTIFY, which order a team's writes and carry its events: %w",
			version, ErrEngine)
	}
	return nil
}

// SchemaOf is the PostgreSQL schema that holds workspace ws (a name
// access.CheckWorkspace accepts): lore for the default workspace,
// lore_ws_NAME for a name that fits PostgreSQL's 63-byte identifiers
// whole (55 bytes or fewer), as it always was, and for a longer one
// lore_wl_ with its first 38 bytes and 16 hex digits of its SHA-256.
// PostgreSQL cuts a longer identifier silently, so lore_ws_NAME of two
// names sharing their first 55 bytes was one schema; the distinct
// prefix keeps the two forms from ever naming the same schema.
func SchemaOf(ws string) string {
	if ws == DefaultWorkspace {
		return "lore"
	}
	if s := "lore_ws_" + ws; len(s) <= maxIdentifier {
		return s
	}
	sum := sha256.Sum256([]byte(ws))
	return "lore_wl_" + ws[:longSchemaKept] + "_" + hex.EncodeToString(sum[:8])
}

// maxIdentifier is the longest identifier PostgreSQL keeps whole (its
// NAMEDATALEN less one), in bytes; schemas and NOTIFY channels alike.
const maxIdentifier = 63

// longSchemaKept is how much of a long workspace name its schema shows,
// for an admin reading the database: lore_wl_ (8) + 38 + _ (1) + 16 hex
// digits is 63 bytes.
const longSchemaKept = 38

// WriteTurn waits for the workspace's write turn and returns what gives
// it back: writes that read the store to decide what to write (a learn's
// dedup and commit, an unlearn, a resolution) take turns, whichever
// process or server makes them, as they do in one process on Badger. The
// turn is a PostgreSQL advisory lock held by one connection, so a process
// that dies gives it back with its connection. ctx bounds the wait.
func (s *Store) WriteTurn(ctx context.Context) (release func() error, err error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	select {
	case s.waiting <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("PostgreSQL store %s: wait for the write turn: %w", s.name, ctx.Err())
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		<-s.waiting
		return nil, fmt.Errorf("PostgreSQL store %s: wait for the write turn: %w", s.name, s.wrapClosed(err))
	}
	key := s.turnKey()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
		// The connection may be mid-query after a cancel: not reused.
		_ = conn.Conn().Close(context.Background())
		conn.Release()
		<-s.waiting
		if ctx.Err() != nil {
			err = fmt.Errorf("%w (%w)", ctx.Err(), err)
		}
		return nil, fmt.Errorf("PostgreSQL store %s: wait for the write turn: %w", s.name, s.wrapClosed(err))
	}
	s.turnsMu.Lock()
	s.turns[conn] = struct{}{}
	s.turnsMu.Unlock()
	var once sync.Once
	return func() error {
		var err error
		once.Do(func() {
			defer func() { <-s.waiting }()
			s.turnsMu.Lock()
			_, held := s.turns[conn]
			delete(s.turns, conn)
			s.turnsMu.Unlock()
			if !held { // Close gave it back
				return
			}
			_, err = conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", key)
			if err != nil {
				_ = conn.Conn().Close(context.Background())
			}
			conn.Release()
		})
		if err != nil {
			return fmt.Errorf("PostgreSQL store %s: give the write turn back: %w", s.name, err)
		}
		return nil
	}, nil
}

// turnKey is the advisory lock of the workspace's write turn: lore's
// own high half, and the schema's hash in the low one.
func (s *Store) turnKey() int64 {
	h := fnv.New32a()
	h.Write([]byte(s.schema))
	return 0x6c6f7265_00000000 | int64(h.Sum32()&0x7fffffff) | 1<<31
}

// Name is the store's host, port and database, for messages.
func (s *Store) Name() string { return s.name }

// Close closes the store's connections; it may be called more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.closed.Store(true)
		s.stopClosing()
		// A turn still held ends with its connection: the pool's Close
		// waits for every connection lent.
		s.turnsMu.Lock()
		for conn := range s.turns {
			_ = conn.Conn().Close(context.Background())
			conn.Release()
		}
		clear(s.turns)
		s.turnsMu.Unlock()
		s.releaseJobs()
		s.closePresence()
		s.pool.Close()
	})
	return nil
}

func (s *Store) checkOpen() error {
	if s.closed.Load() {
		return fmt.Errorf("PostgreSQL store %s: %w", s.name, backend.ErrClosed)
	}
	return nil
}

// wrapClosed marks err, from pgx, as the store's being closed when it
// was: a call that raced Close reports ErrClosed, as Badger's does.
func (s *Store) wrapClosed(err error) error {
	if err != nil && s.closed.Load() && !errors.Is(err, backend.ErrClosed) {
		return fmt.Errorf("%w (%w)", backend.ErrClosed, err)
	}
	return err
}
