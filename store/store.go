package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store/backend"
)

// SchemaVersion is the layout of keys and records this build writes. A store
// with a newer version is refused rather than misread. Version 1 is the
// first layout of a released lore; a later layout that only changes
// derived data needs no new version, since Reindex rebuilds it.
const SchemaVersion = 1

// ErrClosed is returned by operations on a closed store (it is
// backend.ErrClosed).
var ErrClosed = backend.ErrClosed

// ErrSchemaTooNew is returned (wrapped) by Open when the store was written by
// a newer lore (it is backend.ErrSchemaTooNew).
var ErrSchemaTooNew = backend.ErrSchemaTooNew

// LockedError reports that another process (or another Open in this one)
// owns the store directory. It matches core.ErrStoreLocked with errors.Is.
type LockedError struct {
	Path string
	// Err is Badger's own error, kept for diagnostics.
	Err error
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("store %s is locked by another process (is another lore running?)", e.Path)
}

// Is makes errors.Is(err, core.ErrStoreLocked) hold, so callers outside the
// store can map the error to an exit code without importing this package.
func (e *LockedError) Is(target error) bool { return target == core.ErrStoreLocked }

func (e *LockedError) Unwrap() error { return e.Err }

// Store is lore's persistent knowledge registry. It is safe for concurrent
// use; session commits are serialized.
type Store struct {
	db   *badger.DB
	path string
	opts Options
	log  Logger

	// commitMu serializes session commits and recovery, so at most one
	// session is ever between journaling and committed.
	commitMu sync.Mutex
	// writeMu is held by every transaction that reads before it writes;
	// see update.
	writeMu sync.Mutex

	closed    atomic.Bool
	closeOnce sync.Once
	closeErr  error
	stopGC    chan struct{}
	gcDone    chan struct{}
	gcMu      sync.Mutex

	// applied is what this process's session commits wrote to the LSM
	// tree, in Badger's accounting; Close weighs it against the tree.
	applied atomic.Int64

	// lastJournalBatches and lastApplyBatches describe the most recent
	// session commit or recovery, for tests and benchmarks.
	lastJournalBatches atomic.Int64
	lastApplyBatches   atomic.Int64

	// heldJobs are the queued jobs StartJob gave and FinishJob has not
	// recorded yet (the contract's held jobs), under jobsMu. They are
	// held in memory only: a process that ends lets go of them, and the
	// next one takes them again.
	jobsMu   sync.Mutex
	heldJobs map[uint64]bool
}

// schemaRecord is m/schema: the layout version, and the version of the
// rules the derived keyspaces were built by (see derivation; 0 while a
// rebuild is pending).
type schemaRecord struct {
	Version  int `json:"version"`
	Features int `json:"features"`
}

// Exists reports whether dir holds a store: a folder that does not exist,
// or holds no database, has nothing to read, and a command that only
// reads need not create one there.
func Exists(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "MANIFEST"))
	return err == nil
}

// Open opens (creating if needed) the store in dir. It recovers any session
// an earlier process left half done before returning: a session still
// journaling is rolled back, one committing is rolled forward.
func Open(dir string, opts Options) (*Store, error) {
	if dir == "" {
		return nil, errors.New("open store: empty directory")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("open store %s: %w", abs, err)
	}
	opts.inMemory = false
	return open(abs, opts)
}

// OpenInMemory opens an empty store that lives only in memory, for tests and
// dry runs. It has no lock and no value-log GC.
func OpenInMemory() (*Store, error) {
	return open("", Options{inMemory: true})
}

// OpenEmpty opens an empty in-memory store for a command that only reads
// where no store exists yet (lore learn --dry-run, lore skills search on a
// new machine). Nothing is written to it, so it gets a memtable of
// emptyMemTable instead of the 16 MiB a working store needs: that arena was
// most of such a command's memory, allocated, cleared and flushed on
// closing for nothing.
func OpenEmpty() (*Store, error) {
	return open("", Options{inMemory: true, memTableSize: emptyMemTable})
}

// emptyMemTable is the memtable of OpenEmpty's stores: room for the few
// records opening a store writes, and for a caller that writes after all,
// which then works as with any store, flushing more often.
const emptyMemTable = 1 << 20

func open(dir string, opts Options) (*Store, error) {
	s := &Store{path: dir, opts: opts, log: opts.logger()}
	if opts.inMemory {
		s.path = ":memory:"
	}
	db, err := openBadger(dir, opts.badgerOptions(dir))
	if err != nil && opts.ReadOnly && !opts.inMemory && (isEmptyFileError(err) || isNoManifestError(err) || isTruncateNeeded(err)) {
		// A new store, or one a killed process left with a file to
		// trim: only a writable open can make it readable.
		return openWritable(dir, opts, err)
	}
	if err != nil && !opts.inMemory && isEmptyFileError(err) {
		// A process killed just after Badger created a memtable or
		// value-log file leaves it empty, and Badger refuses to open it
		// once (dgraph-io/badger#2207) — after resizing it, so the second
		// attempt succeeds. The file holds nothing, so nothing is lost.
		s.log.Warningf("store %s: retrying open after an empty file left by an interrupted process: %v", dir, err)
		db, err = openBadger(dir, opts.badgerOptions(dir))
	}
	if err != nil {
		if isLockError(err) {
			return nil, &LockedError{Path: s.path, Err: err}
		}
		var damaged *DamagedError
		if errors.As(err, &damaged) {
			return nil, err
		}
		return nil, fmt.Errorf("open store %s: %w", s.path, err)
	}
	s.db = db
	if opts.ReadOnly && !opts.inMemory {
		return s.finishReadOnly()
	}
	// An in-memory store begins empty and ends with its process, so it
	// needs no schema record (readSchema answers this lore's); written,
	// the record was all its memtable held, and closing flushed it into
	// a table (about 10 MB of buffers) that no one would read.
	check := s.checkSchema
	if opts.inMemory {
		check = s.readSchema
	}
	features, err := check()
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	if err := s.recover(); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("open store %s: %w", s.path, err)
	}
	if features != derivation.version {
		// After recovering: a session rolled forward writes derived keys
		// by this lore's rules next to the old ones, and the rebuild
		// replaces them all.
		s.commitMu.Lock()
		err := s.reindex(context.Background(), reindexReason(features), opts.Progress)
		s.commitMu.Unlock()
		if err != nil {
			_ = db.Close()
			return nil, err
		}
	}
	if !opts.inMemory && !opts.ReadOnly && opts.gcInterval() > 0 {
		s.stopGC = make(chan struct{})
		s.gcDone = make(chan struct{})
		go s.gcLoop(opts.gcInterval())
	}
	return s, nil
}

// finishReadOnly checks a store opened read-only: one written by a newer
// lore is refused, and one that needs an interrupted session recovered is
// reopened for writing, which does that first.
func (s *Store) finishReadOnly() (*Store, error) {
	features, err := s.readSchema()
	if err != nil {
		_ = s.db.Close()
		return nil, err
	}
	why, err := s.readOnlyBlocker(features)
	if err != nil {
		_ = s.db.Close()
		return nil, fmt.Errorf("open store %s: %w", s.path, err)
	}
	if why != "" {
		if err := s.db.Close(); err != nil {
			return nil, fmt.Errorf("close store %s: %w", s.path, err)
		}
		return openWritable(s.path, s.opts, errors.New(why))
	}
	has, err := s.hasPublications()
	if err != nil {
		_ = s.db.Close()
		return nil, fmt.Errorf("open store %s: %w", s.path, err)
	}
	if !has {
		return s, nil
	}
	// The store reads correctly as it is; only its owner (the engine,
	// holding a writable store) can write the artifacts. So it is reopened
	// writable when it can be, and stays read-only when it cannot (a
	// read-only folder, another lore reading).
	if err := s.db.Close(); err != nil {
		return nil, fmt.Errorf("close store %s: %w", s.path, err)
	}
	w, err := openWritable(s.path, s.opts, errors.New("it has skills of an interrupted session to write"))
	if err == nil {
		return w, nil
	}
	db, rerr := openBadger(s.path, s.opts.badgerOptions(s.path))
	if rerr != nil {
		return nil, fmt.Errorf("open store %s: %w", s.path, rerr)
	}
	s.db = db
	return s, nil
}

// readOnlyBlocker says why the store cannot be read as it is ("" when it
// can), as a clause for an error: reading a session half applied would
// show a state that never was, and indexes built by other rules would
// answer queries wrongly. features is what the schema record says the
// derived keys were built by.
func (s *Store) readOnlyBlocker(features int) (string, error) {
	if features != derivation.version {
		return "it needs its indexes rebuilt: " + reindexReason(features), nil
	}
	sessions, err := s.loadSessions()
	if err != nil {
		return "", err
	}
	for _, sess := range sessions {
		if sess.State == core.SessionJournaling || sess.State == core.SessionCommitting {
			return "it has an interrupted session to recover", nil
		}
	}
	return "", nil
}

// openWritable opens for writing a store that could not be used read-only
// because of why, naming both reasons when that fails too.
func openWritable(dir string, opts Options, why error) (*Store, error) {
	opts.ReadOnly = false
	s, err := open(dir, opts)
	if err != nil {
		var locked *LockedError
		if errors.As(err, &locked) {
			return nil, err
		}
		// Only the writable open's error decides the exit code; why is told.
		return nil, fmt.Errorf("%w (it had to be opened for writing: %v)", err, why) //nolint:errorlint
	}
	return s, nil
}

// readSchema is checkSchema for a read-only store: it writes nothing.
func (s *Store) readSchema() (features int, err error) {
	features = derivation.version
	err = s.db.View(func(txn *badger.Txn) error {
		rec, found, err := s.schemaIn(txn)
		if found {
			features = rec.Features
		}
		return err
	})
	return features, err
}

// schemaIn reads the schema record in txn (found false when the store
// records none) and refuses a version newer than this lore's.
func (s *Store) schemaIn(txn *badger.Txn) (rec schemaRecord, found bool, err error) {
	item, err := txn.Get(keySchema)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return schemaRecord{}, false, nil
	}
	if err != nil {
		return schemaRecord{}, false, fmt.Errorf("read schema of store %s: %w", s.path, err)
	}
	if err := item.Value(func(v []byte) error { return decodeValue(keySchema, v, &rec) }); err != nil {
		return schemaRecord{}, false, fmt.Errorf("store %s: %w", s.path, err)
	}
	if rec.Version > SchemaVersion {
		return schemaRecord{}, false, fmt.Errorf("store %s has schema version %d but this lore supports up to %d; upgrade lore: %w",
			s.path, rec.Version, SchemaVersion, ErrSchemaTooNew)
	}
	return rec, true, nil
}

// isTruncateNeeded recognizes Badger's refusal to open read-only a store
// whose write-ahead log a killed process left with a tail to trim. Badger
// wraps the error without %w, so only its text identifies it.
func isTruncateNeeded(err error) bool {
	return errors.Is(err, badger.ErrTruncateNeeded) || strings.Contains(err.Error(), "truncate required")
}

// isNoManifestError recognizes Badger's refusal to open a new (empty)
// directory read-only.
func isNoManifestError(err error) bool {
	return strings.Contains(err.Error(), "no manifest found")
}

// isEmptyFileError recognizes Badger's failure on an empty .mem or .vlog
// file; like the lock error, only its text identifies it. Opened for
// writing, Badger sizes the file and says to create a new one; opened
// read-only, it cannot size it and the truncation fails.
func isEmptyFileError(err error) bool {
	return strings.Contains(err.Error(), "Create a new file") || strings.Contains(err.Error(), "error while truncation")
}

// isLockError recognizes Badger's directory-lock failure. Badger wraps the
// flock error in a plain message, so the text is the only portable signal.
func isLockError(err error) bool {
	return strings.Contains(err.Error(), "Cannot acquire directory lock")
}

// checkSchema refuses a store written by a newer lore, records the schema
// of a new one, and returns the version of the rules the store's derived
// keys were built by.
func (s *Store) checkSchema() (features int, err error) {
	features = derivation.version
	err = s.db.Update(func(txn *badger.Txn) error {
		rec, found, err := s.schemaIn(txn)
		if err != nil {
			return err
		}
		if found {
			features = rec.Features
			return nil
		}
		v, err := encodeValue(schemaRecord{Version: SchemaVersion, Features: derivation.version})
		if err != nil {
			return err
		}
		return txn.Set(keySchema, v)
	})
	return features, err
}

// ReadOnly reports whether the store was opened read-only (and stayed so:
// a read-only open that had to recover the store is writable).
func (s *Store) ReadOnly() bool { return s.opts.ReadOnly && !s.opts.inMemory }

// Path is the store directory (":memory:" for an in-memory store).
func (s *Store) Path() string { return s.path }

// Close waits for a session commit in progress to finish, stops value-log
// GC and closes the database; after a process that wrote a large part of
// the tree, it then merges the tree into one level (see flatten), which
// takes seconds on a large store and is reported through Options.Progress.
// It is safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		// Closing under a commit would fail its remaining batches and leave
		// the session for the next Open to roll forward; a commit that
		// starts after this finds the store closed.
		s.commitMu.Lock()
		defer s.commitMu.Unlock()
		s.closed.Store(true)
		if s.stopGC != nil {
			close(s.stopGC)
			<-s.gcDone
		}
		bulk, size := s.wroteBulk()
		if bulk {
			start := time.Now()
			s.opts.report(Progress{Task: TaskFlatten, Reason: "this run wrote a large part of it", Bytes: size})
			defer func() {
				s.opts.report(Progress{Task: TaskFlatten, Finished: true, Elapsed: time.Since(start), Bytes: size})
			}()
		}
		if err := s.db.Close(); err != nil {
			s.closeErr = fmt.Errorf("close store %s: %w", s.path, err)
			return
		}
		if bulk {
			s.flatten()
		}
	})
	return s.closeErr
}

// flattenShare is the part of the tree (1/flattenShare) a process must
// have written for Close to merge the tree into one level.
const flattenShare = 4

// wroteBulk reports whether this process's commits wrote at least a
// quarter of the LSM tree, and the tree's size.
func (s *Store) wroteBulk() (bool, int64) {
	written := s.applied.Load()
	if s.opts.inMemory || written == 0 {
		return false, 0
	}
	var total int64
	for _, l := range s.db.Levels() {
		total += l.Size
	}
	return written*flattenShare >= total, max(total, written)
}

// flatten reopens the closed database and merges every level of its tree
// into one. A bulk commit leaves the tree spread over several levels, and
// every point read then probes each level and every scan seeks in each;
// dedup against a large store is measurably faster once merged
// (docs/benchmarks.md, "Store tuning"). It runs after closing because
// closing flushes the last memtable, which would otherwise land above the
// merged level. Merging rewrites the tree, so only a process that wrote a
// large part of it pays that, a fraction of what it already spent; small
// learns never do. The store is whole with or without it, so a failure is
// only logged.
func (s *Store) flatten() {
	db, err := badger.Open(s.opts.badgerOptions(s.path))
	if err != nil {
		// Another process may have taken the store in between; it is
		// whole, only not merged.
		if !isLockError(err) {
			s.log.Warningf("store %s: reopening to merge the tree: %v", s.path, err)
		}
		return
	}
	if treeLevels(db) > 1 {
		if err := db.Flatten(2); err != nil {
			s.log.Warningf("store %s: merging the tree into one level: %v", s.path, err)
		}
	}
	if err := db.Close(); err != nil {
		s.log.Warningf("store %s: closing after merging the tree: %v", s.path, err)
	}
}

// treeLevels is the number of levels below L0 (which closing empties)
// that hold tables.
func treeLevels(db *badger.DB) int {
	n := 0
	for _, l := range db.Levels() {
		if l.Level > 0 && l.NumTables > 0 {
			n++
		}
	}
	return n
}

func (s *Store) checkOpen() error {
	if s.closed.Load() {
		return fmt.Errorf("store %s: %w", s.path, ErrClosed)
	}
	return nil
}

// Sync flushes written data to disk; call it at stage boundaries when
// SyncWrites is off to survive a power loss, not just a process crash.
func (s *Store) Sync() error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if s.opts.inMemory {
		return nil
	}
	if err := s.db.Sync(); err != nil {
		return fmt.Errorf("sync store %s: %w", s.path, err)
	}
	return nil
}

func (s *Store) runGC(stop <-chan struct{}) error {
	if s.opts.inMemory {
		return nil
	}
	// One GC at a time: Badger rejects a second one anyway, and the
	// periodic run and an explicit call should not race for files.
	s.gcMu.Lock()
	defer s.gcMu.Unlock()
	ratio := s.opts.gcDiscardRatio()
	for {
		select {
		case <-stop:
			return nil
		default:
		}
		err := s.db.RunValueLogGC(ratio)
		switch {
		case err == nil:
			continue // a file was rewritten; another may qualify
		case errors.Is(err, badger.ErrNoRewrite), errors.Is(err, badger.ErrRejected):
			return nil
		default:
			return fmt.Errorf("value-log gc of store %s: %w", s.path, err)
		}
	}
}

func (s *Store) gcLoop(every time.Duration) {
	defer close(s.gcDone)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.stopGC:
			return
		case <-t.C:
			if err := s.runGC(s.stopGC); err != nil {
				s.log.Warningf("%v", err)
			}
		}
	}
}

// Count is the number of primitives.
func (s *Store) Count() (int, error) {
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	var n int
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		n, err = countPrefix(txn, prefixPrimitive)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("count primitives: %w", err)
	}
	return n, nil
}

// HasPrimitives reports whether the store holds any primitive. It reads
// at most one key, so a run can ask it once and, against an empty store,
// skip the lookups it would otherwise make for every candidate.
func (s *Store) HasPrimitives() (bool, error) {
	if err := s.checkOpen(); err != nil {
		return false, err
	}
	var found bool
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(keyOnly(prefixPrimitive))
		defer it.Close()
		it.Rewind()
		found = it.Valid()
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("look for primitives: %w", err)
	}
	return found, nil
}

func countPrefix(txn *badger.Txn, prefix []byte) (int, error) {
	it := txn.NewIterator(keyOnly(prefix))
	defer it.Close()
	n := 0
	for it.Rewind(); it.Valid(); it.Next() {
		n++
	}
	return n, nil
}

func keyOnly(prefix []byte) badger.IteratorOptions {
	o := badger.DefaultIteratorOptions
	o.Prefix = prefix
	o.PrefetchValues = false
	return o
}

// withValues reads values on demand rather than prefetching them: Badger
// prefetches with one goroutine per item, which costs more than it saves
// when values are small and live in the LSM tree.
func withValues(prefix []byte) badger.IteratorOptions {
	o := badger.DefaultIteratorOptions
	o.Prefix = prefix
	o.PrefetchValues = false
	return o
}

// update runs fn in a read-write transaction under the write lock. Every
// read-modify-write of shared keys goes through the write lock, which is why
// Badger's own conflict detection is switched off: a single writer at a time
// gives the same guarantee without tracking every key read and written.
func (s *Store) update(fn func(txn *badger.Txn) error) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	return s.db.Update(fn)
}

// ctxErr lets long scans stop without checking the context on every key.
func ctxErr(ctx context.Context, n int) error {
	if n&1023 == 0 {
		return ctx.Err()
	}
	return nil
}
