package store

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
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
		if errors.Is(err, badger.ErrKeyNotFound) {
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
	KeywordSignature = dedup.KeywordSignature
	KeywordBits      = dedup.KeywordBits
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

// The methods below are used by tests only; lore itself never needs them.

// DeletePrimitive removes a primitive with its edges and index entries.
// Deleting an absent primitive is not an error.
func (s *Store) DeletePrimitive(id string) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	err := s.update(func(txn *badger.Txn) error {
		muts, err := planDelete(txn, id)
		if err != nil {
			return err
		}
		return writeMutations(txn, muts)
	})
	if err != nil {
		return fmt.Errorf("delete primitive %s: %w", id, err)
	}
	return nil
}

// ByType returns the primitives of a type in id order. The index is filed
// by domain first, so this reads the type's range in each domain, seeking
// from one domain to the next.
func (s *Store) ByType(t core.PrimitiveType) ([]core.Primitive, error) {
	ps, err := s.byIndex(prefixDomainType, func(it *badger.Iterator, add func(key []byte)) {
		typ := escape(string(t))
		for it.Seek(prefixDomainType); it.ValidForPrefix(prefixDomainType); {
			rest := it.Item().Key()[len(prefixDomainType):]
			i := bytes.IndexByte(rest, sep)
			if i < 0 {
				it.Next() // malformed; Verify reports it
				continue
			}
			domain := string(rest[:i])
			wholeRange(join(prefixDomainType, domain, typ, ""))(it, add)
			// Separators inside a domain are escaped, so every key of
			// this domain sorts before <domain> followed by the byte
			// after the separator, and every key of a later one after.
			it.Seek(append(join(prefixDomainType, domain), sep+1))
		}
	})
	if err != nil {
		return nil, fmt.Errorf("primitives of type %q: %w", t, err)
	}
	return ps, nil
}

// ByKeyword returns the ids of the primitives carrying a keyword (matched
// case-insensitively), in id order, from the postings index alone.
func (s *Store) ByKeyword(keyword string) ([]string, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	prefix := indexValuePrefix(prefixKeyword, normalizedKeyword(keyword))
	var ids []string
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(keyOnly(prefix))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			k := it.Item().Key()
			ids = append(ids, string(k[bytes.LastIndexByte(k, sep)+1:]))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("primitives with keyword %q: %w", keyword, err)
	}
	// Postings are filed by plane cell first, so restore id order.
	slices.Sort(ids)
	return ids, nil
}

// GC runs value-log garbage collection until there is nothing left to
// reclaim. It is a no-op for in-memory stores.
func (s *Store) GC() error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	return s.runGC(nil)
}

// Stats counts what the store holds.
type Stats struct {
	Primitives int
	// Edges counts reverse edge keys, one per dependency.
	Edges        int
	IndexEntries int
	Sessions     int
	// JournalEntries counts journaled changes, not the chunks holding them.
	JournalEntries int
}

// Stats counts records with key-only scans; it reads no values.
func (s *Store) Stats() (Stats, error) {
	if err := s.checkOpen(); err != nil {
		return Stats{}, err
	}
	var st Stats
	err := s.db.View(func(txn *badger.Txn) error {
		for _, c := range []struct {
			prefix []byte
			n      *int
		}{
			{prefixPrimitive, &st.Primitives},
			{prefixReverse, &st.Edges},
			{prefixIndex, &st.IndexEntries},
			{prefixRank, &st.IndexEntries},
			{prefixSession, &st.Sessions},
		} {
			n, err := countPrefix(txn, c.prefix)
			if err != nil {
				return err
			}
			*c.n += n
		}
		n, err := journalChanges(txn, prefixJournal)
		st.JournalEntries = n
		return err
	})
	if err != nil {
		return Stats{}, fmt.Errorf("stats of store %s: %w", s.path, err)
	}
	return st, nil
}

// normalizedKeyword is a keyword as the postings key it.
func normalizedKeyword(k string) string {
	if ks := derivation.keywords([]string{k}); len(ks) > 0 {
		return ks[0]
	}
	return ""
}

// SetDerivation makes the store derive its keys and dedup records with
// features and keywords, and record them as the rules of version, as a
// lore whose core rules changed would; the returned function restores
// lore's own. Tests that call it must not run in parallel.
func SetDerivation(version int, features func(*core.Primitive) *dedup.Features, keywords func([]string) []string) (restore func()) {
	saved := derivation
	derivation.version, derivation.features, derivation.keywords = version, features, keywords
	return func() { derivation = saved }
}
