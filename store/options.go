package store

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
)

// DefaultGCInterval is how often value-log GC runs while a store is open.
const DefaultGCInterval = 5 * time.Minute

// defaultGCDiscardRatio is the ratio Badger's documentation recommends.
const defaultGCDiscardRatio = 0.5

// Logger receives Badger's own messages. It has Badger's method set so that
// callers can adapt their logger without importing Badger (charm's log needs
// a Warningf shim).
type Logger interface {
	Errorf(format string, args ...any)
	Warningf(format string, args ...any)
	Infof(format string, args ...any)
	Debugf(format string, args ...any)
}

// Options tune a store. The zero value is a sensible configuration.
type Options struct {
	// Logger receives every Badger message. When nil, LogWriter is used.
	Logger Logger
	// LogWriter receives Badger's warnings and errors, one line each, when
	// Logger is nil. When both are nil Badger's messages are dropped: its
	// default logger writes to stderr, which would corrupt the terminal UI.
	LogWriter io.Writer
	// SyncWrites makes every commit msync, surviving power loss at a large
	// cost in write speed. Without it a process crash loses nothing.
	SyncWrites bool
	// GCInterval is the period of value-log GC. Zero means
	// DefaultGCInterval, a negative value disables the periodic run (GC can
	// still be run with Store.GC).
	GCInterval time.Duration
	// GCDiscardRatio is the fraction of a value-log file that must be
	// garbage before it is rewritten; zero means 0.5. Must be in (0, 1).
	GCDiscardRatio float64

	// ReadOnly opens the store for reading only: Badger takes a shared
	// lock and writes no pid file, so a read-only data folder can still
	// be read, verified and backed up. Every write fails. A store that
	// needs an interrupted session recovered, or its indexes rebuilt by
	// this lore's rules (see Reindex), is opened for writing instead (and
	// fails if its folder cannot be written), since reading it as it is
	// would show a half-applied session or answer from stale indexes.
	ReadOnly bool
	// Progress receives reports of the long maintenance the store does on
	// its own: rebuilding its derived data when Open finds it derived by
	// other rules (see Reindex), and merging its tree on Close after a
	// large write. Nil reports nothing; the store never prints.
	Progress func(Progress)
	// FreeSpace reports the bytes free for the store in dir's file system;
	// a session commit is refused with *NoSpaceError when it is short.
	// Nil means statfs(2); tests set it to simulate a full disk.
	FreeSpace func(dir string) (uint64, error)

	inMemory bool
	// Fault injection for crash-recovery tests: CommitSession returns
	// errSimulatedCrash once this many apply (or journal) batches have
	// committed, without any cleanup, leaving the store as a killed process
	// would. An apply batch already sent to Badger still lands, which a
	// real crash may or may not allow; recovery handles both.
	crashAfterApplyBatches   int
	crashAfterJournalBatches int
	// maxApplyBatch caps the changes per apply batch so that tests get
	// several batches without writing hundreds of thousands of records.
	maxApplyBatch int
	// maxJournalBatch does the same for journal transactions, counted in
	// chunks: chunks are compact enough that only sessions of millions of
	// changes need a second transaction.
	maxJournalBatch int
	// memTableSize replaces the 16 MiB memtable, so that tests can build a
	// tree of several levels from a few thousand primitives.
	memTableSize int64
}

// Task names a maintenance task a Progress reports.
type Task string

// Maintenance tasks.
const (
	// TaskReindex rebuilds the derived keyspaces from the primitive records.
	TaskReindex Task = "reindex"
	// TaskFlatten merges the tree into one level as the store closes.
	TaskFlatten Task = "flatten"
)

// Progress is one report of a maintenance task. A task reports once as it
// starts (Done 0), possibly several times while it runs, and once as it
// ends, with Finished set.
type Progress struct {
	Task Task
	// Reason says why the task runs, as a clause for a user ("the rules
	// that derive it changed").
	Reason string
	// Done and Total count the primitives a reindex has rebuilt and has to
	// rebuild; a flatten counts nothing.
	Done, Total int
	// Bytes is the size of the tree a flatten rewrites, so that a front
	// end can leave out a merge too small to keep anyone waiting.
	Bytes int64
	// Skipped counts the records a reindex could not decode, whose
	// derived data it could not rebuild (Verify reports them).
	Skipped  int
	Finished bool
	// Elapsed is the time since the task started.
	Elapsed time.Duration
}

// report passes p to the Progress callback, if any.
func (o Options) report(p Progress) {
	if o.Progress != nil {
		o.Progress(p)
	}
}

func (o Options) gcInterval() time.Duration {
	if o.GCInterval == 0 {
		return DefaultGCInterval
	}
	return o.GCInterval
}

func (o Options) gcDiscardRatio() float64 {
	if o.GCDiscardRatio <= 0 || o.GCDiscardRatio >= 1 {
		return defaultGCDiscardRatio
	}
	return o.GCDiscardRatio
}

func (o Options) logger() Logger {
	switch {
	case o.Logger != nil:
		return o.Logger
	case o.LogWriter != nil:
		return &writerLogger{w: o.LogWriter}
	default:
		return discardLogger{}
	}
}

// badgerOptions is the lean profile of the stack notes (a few tens of MiB
// instead of Badger's ~600 MiB defaults, so that the terminal UI stays
// snappy) with the changes below, each measured (the figures are in
// docs/benchmarks.md, "Store tuning"):
//
//   - No block compression and no block cache. Dedup reads keyword
//     postings and dedup records all over a large store; with Snappy every
//     block missing from the cache was decompressed into a fresh buffer,
//     a large share of the dedup time at 1M primitives, and a cache big
//     enough to avoid that would hold hundreds of MiB. Uncompressed tables
//     are read in place from their memory maps (the page cache is the
//     cache), and the tree holds keys and small values, which Badger
//     already prefix-compresses, so the store grows by a few per cent.
//   - A 512-byte value threshold instead of 1 KiB: primitive records and
//     journal chunks go to the value log, which is written once anyway as
//     Badger's WAL; the LSM tree keeps keys, index entries, dedup records
//     and edge values, so it stays small and compaction stays cheap. The
//     dedup records decide the figure: many are just over 256 bytes, and
//     each one in the value log cost the dedup stage a value-log read.
//     Primitive records are larger, so they stay in the value log.
//   - L0 compacted into the tree on close. A store is mostly opened by a
//     process that reads what an earlier one wrote, and the table that
//     earlier process flushed on closing would otherwise stay in L0 until
//     another flush joined it: one more table every seek of a keyword scan
//     and every lookup passes through. Compacting it costs the closing
//     process a merge into the base level (at most its 10 MiB target),
//     which the dedup stage of the next process more than pays back.
//   - Up to 16 L0 tables before compacting (32 before writes stall)
//     instead of the lean profile's 2 and 5. A large commit flushes a
//     memtable every 15k or so primitives; compacting them into the tree
//     as they come made the commit compete for the CPU with its own
//     compactions, and did work that the merge on close (see Close) does
//     again. With 16 a 100k-primitive session is committed before any
//     compaction starts (it leaves six tables in L0), faster than with 5
//     and 10, and closing it takes less too. A process reading right
//     after a large commit passes through those tables until it closes;
//     the next process sees the merged tree.
//
// The 16 MiB memtable caps a transaction at about 26k entries or 2.5 MB,
// which is why large sessions go through the journal.
func (o Options) badgerOptions(dir string) badger.Options {
	threshold := int64(512)
	memTable := int64(16 << 20)
	if o.memTableSize > 0 {
		memTable = o.memTableSize
	}
	bo := badger.DefaultOptions(dir)
	if o.inMemory {
		// An in-memory database has no value log: everything stays in
		// the LSM tree, up to Badger's 1 MiB maximum value, or what one
		// batch of a small memtable holds (OpenEmpty's: Badger refuses a
		// threshold above its batch size, 15% of the memtable).
		bo = badger.DefaultOptions("").WithInMemory(true)
		threshold = min(1<<20, memTable*15/100)
	}
	return bo.
		WithLogger(badgerLogger{o.logger()}).
		WithSyncWrites(o.SyncWrites).
		WithNumCompactors(2).
		WithNumGoroutines(2).
		WithMemTableSize(memTable).
		WithNumMemtables(2).
		WithNumLevelZeroTables(16).
		WithNumLevelZeroTablesStall(32).
		WithBlockCacheSize(0).
		WithCompactL0OnClose(true).
		WithIndexCacheSize(16 << 20).
		WithValueLogFileSize(64 << 20).
		WithValueThreshold(threshold).
		WithCompression(options.None).
		WithMetricsEnabled(false).
		WithDetectConflicts(false). // writers are serialized by Store.writeMu
		WithReadOnly(o.ReadOnly && !o.inMemory)
}

// badgerLogger adapts Logger to badger.Logger, whose methods take
// ...interface{}; the two are identical but keeping the adapter means the
// public interface never has to change with Badger's.
type badgerLogger struct{ l Logger }

func (b badgerLogger) Errorf(f string, a ...interface{})   { b.l.Errorf(f, a...) }
func (b badgerLogger) Warningf(f string, a ...interface{}) { b.l.Warningf(f, a...) }
func (b badgerLogger) Infof(f string, a ...interface{})    { b.l.Infof(f, a...) }
func (b badgerLogger) Debugf(f string, a ...interface{})   { b.l.Debugf(f, a...) }

type discardLogger struct{}

func (discardLogger) Errorf(string, ...any)   {}
func (discardLogger) Warningf(string, ...any) {}
func (discardLogger) Infof(string, ...any)    {}
func (discardLogger) Debugf(string, ...any)   {}

// writerLogger keeps only warnings and errors: Badger's info messages
// (table counts, compaction progress) are noise for a user.
type writerLogger struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *writerLogger) write(level, f string, a ...any) {
	msg := strings.TrimRight(fmt.Sprintf(f, a...), "\n")
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, "badger %s: %s\n", level, msg)
}

func (l *writerLogger) Errorf(f string, a ...any)   { l.write("ERROR", f, a...) }
func (l *writerLogger) Warningf(f string, a ...any) { l.write("WARNING", f, a...) }
func (l *writerLogger) Infof(string, ...any)        {}
func (l *writerLogger) Debugf(string, ...any)       {}
