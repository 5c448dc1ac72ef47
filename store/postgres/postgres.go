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
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lore-kb/lore/store/backend"
)

// Store is a lore store in a PostgreSQL database. It is safe for
// concurrent use, by this process and others.
type Store struct {
	pool *pgxpool.Pool
	// name is host:port/database, what errors say: the URL may hold a
	// password.
	name      string
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
}

var _ backend.Store = (*Store)(nil)

// Open connects to the database at url (postgres://user@host:port/db?…,
// or the key=value form) and brings its schema up to date.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's parse errors leave the password out.
		return nil, fmt.Errorf("open PostgreSQL store: %w", err)
	}
	c := cfg.ConnConfig
	s := &Store{name: fmt.Sprintf("%s:%d/%s", c.Host, c.Port, c.Database)}
	s.pool, err = pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL store %s: %w", s.name, err)
	}
	if err := s.migrate(ctx); err != nil {
		s.pool.Close()
		return nil, err
	}
	return s, nil
}

// Name is the store's host, port and database, for messages.
func (s *Store) Name() string { return s.name }

// Close closes the store's connections; it may be called more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.closed.Store(true)
		s.releaseJobs()
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
