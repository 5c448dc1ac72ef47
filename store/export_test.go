package store

import (
	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
)

// ErrSimulatedCrash is what CommitSession returns when a crash hook fires.
var ErrSimulatedCrash = errSimulatedCrash

// WithCrashAfterApplyBatches makes CommitSession stop dead after n apply
// batches, past the commit point.
func WithCrashAfterApplyBatches(o Options, n int) Options {
	o.crashAfterApplyBatches = n
	return o
}

// WithCrashAfterJournalBatches makes CommitSession stop dead after n journal
// batches, before the commit point.
func WithCrashAfterJournalBatches(o Options, n int) Options {
	o.crashAfterJournalBatches = n
	return o
}

// WithMaxApplyBatch caps the changes per apply batch.
func WithMaxApplyBatch(o Options, n int) Options {
	o.maxApplyBatch = n
	return o
}

// WithMaxJournalBatch caps the journal chunks per journal transaction.
func WithMaxJournalBatch(o Options, n int) Options {
	o.maxJournalBatch = n
	return o
}

// OpenInMemoryWith opens an in-memory store with test options.
func OpenInMemoryWith(o Options) (*Store, error) {
	o.inMemory = true
	return open("", o)
}

// WithMemTableSize sets the memtable size, so that a test can build a tree
// of several levels without writing hundreds of megabytes.
func WithMemTableSize(o Options, n int64) Options {
	o.memTableSize = n
	return o
}

// TreeLevels is the number of levels of the LSM tree below L0 (where
// memtables are flushed to, and which closing empties) that hold tables.
func (s *Store) TreeLevels() int { return treeLevels(s.db) }

// LastBatches reports the journal and apply batches of the last commit or
// recovery.
func (s *Store) LastBatches() (journal, apply int) {
	return int(s.lastJournalBatches.Load()), int(s.lastApplyBatches.Load())
}

// MaxBatchCount exposes Badger's per-transaction entry limit.
func (s *Store) MaxBatchCount() int64 { return s.db.MaxBatchCount() }

// The corruption helpers below write around the store's invariants, so that
// tests can check that Verify notices each kind of damage.

// RawSet writes a key with an arbitrary value.
func (s *Store) RawSet(key, val []byte) error {
	return s.db.Update(func(txn *badger.Txn) error { return txn.Set(key, val) })
}

// RawDelete deletes a key, whatever it is.
func (s *Store) RawDelete(key []byte) error {
	return s.db.Update(func(txn *badger.Txn) error { return txn.Delete(key) })
}

// RawGet reads a key's value.
func (s *Store) RawGet(key []byte) ([]byte, error) {
	var out []byte
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(key)
		if err != nil {
			return err
		}
		out, err = item.ValueCopy(nil)
		return err
	})
	return out, err
}

// RawExists reports whether a key is present.
func (s *Store) RawExists(key []byte) (bool, error) {
	ok := false
	err := s.db.View(func(txn *badger.Txn) error {
		_, err := txn.Get(key)
		if err == badger.ErrKeyNotFound {
			return nil
		}
		ok = err == nil
		return err
	})
	return ok, err
}

// Key builders, so tests name keys the way the store does.
var (
	PrimitiveKey     = primitiveKey
	ReverseKey       = reverseKey
	DomainTypeKey    = domainTypeKey
	KeywordKey       = keywordKey
	HashKey          = hashKey
	RankKey          = rankKey
	SessionKey       = sessionKey
	JournalKey       = journalKey
	KeySchema        = keySchema
	PostingValue     = postingValue
	KeywordSignature = keywordSignature
	KeywordBits      = keywordBits
)

// EncodeValue encodes v as the store does, codec byte included.
func EncodeValue(v any) ([]byte, error) { return encodeValue(v) }

// CorruptDropReverseEdge removes the reverse key of from→to.
func (s *Store) CorruptDropReverseEdge(from, to string, t core.EdgeType) error {
	return s.RawDelete(reverseKey(to, from, t))
}

// CorruptAddReverseEdge writes a reverse edge key no record implies.
func (s *Store) CorruptAddReverseEdge(from, to string, t core.EdgeType) error {
	v, err := encodeValue(edgeValue{Strength: 1})
	if err != nil {
		return err
	}
	return s.RawSet(reverseKey(to, from, t), v)
}

// CorruptEdgeStrength rewrites the value of a reverse edge key.
func (s *Store) CorruptEdgeStrength(from, to string, t core.EdgeType, strength float64) error {
	v, err := encodeValue(edgeValue{Strength: strength})
	if err != nil {
		return err
	}
	return s.RawSet(reverseKey(to, from, t), v)
}

// CorruptAddDomainTypeEntry adds a domain-type index entry no record
// implies.
func (s *Store) CorruptAddDomainTypeEntry(domain string, t core.PrimitiveType, id string) error {
	return s.RawSet(domainTypeKey(domain, t, id), nil)
}

// CorruptRank replaces a primitive's rank entry with one for a wrong
// importance.
func (s *Store) CorruptRank(id string, had, wrong int) error {
	if err := s.RawDelete(rankKey(had, id)); err != nil {
		return err
	}
	return s.RawSet(rankKey(wrong, id), nil)
}

// CorruptCodec rewrites a primitive's record with an unknown codec byte.
func (s *Store) CorruptCodec(id string, version byte) error {
	return s.RawSet(primitiveKey(id), []byte{version, '{', '}'})
}

// CorruptJSON rewrites a primitive's record with a known codec byte and an
// undecodable body.
func (s *Store) CorruptJSON(id string) error {
	return s.RawSet(primitiveKey(id), []byte{jsonCodec{}.version(), '{', 'x'})
}

// DedupKey is the key of a primitive's dedup record.
func DedupKey(id string) []byte { return dedupKey(id) }
