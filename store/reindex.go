package store

import (
	"context"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
)

// derivation is the code from core the store derives its keys and dedup
// records with, and the version of its rules (dedup.FeaturesVersion),
// which the schema record keeps beside the layout version. It is a
// variable only so that a test can stand in a changed rule (see
// export_test.go); lore never changes it.
var derivation = struct {
	version  int
	features func(*core.Primitive) *dedup.Features
	keywords func([]string) []string
}{dedup.FeaturesVersion, dedup.FeaturesOf, dedup.NormKeywords}

// derivedPrefixes are the keyspaces derived from the primitive records:
// reverse edges, the indexes (domain-type, keyword postings, content
// hashes, names), the rank and the dedup records. Reindex drops and
// rebuilds exactly these.
var derivedPrefixes = [][]byte{prefixReverse, prefixIndex, prefixRank, prefixDedup}

// reindexReportEvery is how often a reindex reports its progress.
const reindexReportEvery = 250 * time.Millisecond

// Reindex drops every keyspace derived from the primitive records and
// rebuilds it from them, writing in batches that respect Badger's
// transaction limits, then records the version of the rules it derived them
// by. Open does this by itself when it finds derived data built by other
// rules (another dedup.FeaturesVersion); lore store verify --repair does it
// on request, which also mends any derived key Verify finds missing or
// stale. progress (nil: none) gets a report as it starts, a few a second
// while it runs, and one as it ends.
//
// Commits and other writes wait while it runs. Reads do not, but may find
// indexes missing until it ends, so it is meant for a store nobody else is
// using. A record that cannot be decoded is skipped (counted in the last
// report; Verify lists it). If it is interrupted (ctx, a crash) the store
// stays marked as built by no rules, and the next Open rebuilds it.
func (s *Store) Reindex(ctx context.Context, progress func(Progress)) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if s.ReadOnly() {
		return fmt.Errorf("reindex store %s: it is open read-only", s.path)
	}
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	// Close may have run while this waited for the lock.
	if err := s.checkOpen(); err != nil {
		return err
	}
	return s.reindex(ctx, "", progress)
}

// reindexReason is the Progress reason of a rebuild Open starts because the
// store's derived data was built by the rules of version from.
func reindexReason(from int) string {
	if from == 0 {
		return "a rebuild of its indexes did not finish"
	}
	return fmt.Sprintf("its indexes were built by the rules of version %d, this lore's are version %d", from, derivation.version)
}

// reindex is Reindex; the caller holds the commit lock.
func (s *Store) reindex(ctx context.Context, reason string, progress func(Progress)) error {
	// Value-log GC rewrites entries, which DropPrefix would refuse while it
	// blocks writes; and no other write may slip between the drop and the
	// rebuild.
	s.gcMu.Lock()
	defer s.gcMu.Unlock()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	start := time.Now()
	last := start
	p := Progress{Task: TaskReindex, Reason: reason}
	report := func(finished bool) {
		if progress == nil {
			return
		}
		p.Finished, p.Elapsed = finished, time.Since(start)
		progress(p)
		last = time.Now()
	}
	fail := func(err error) error { return fmt.Errorf("reindex store %s: %w", s.path, err) }

	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		p.Total, err = countPrefix(txn, prefixPrimitive)
		return err
	})
	if err != nil {
		return fail(err)
	}
	report(false)
	// Marked first, so that an interrupted rebuild is done again by the
	// next Open.
	if err := s.writeSchema(0); err != nil {
		return fail(err)
	}
	if err := s.db.DropPrefix(derivedPrefixes...); err != nil {
		return fail(fmt.Errorf("drop derived keys: %w", err))
	}
	wb := s.db.NewWriteBatch()
	defer wb.Cancel()
	err = s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefixPrimitive))
		defer it.Close()
		it.Rewind()
		const chunk = 1024
		produce := func() ([]rawRecord, bool, error) {
			if !it.Valid() {
				return nil, true, nil
			}
			if err := ctx.Err(); err != nil {
				return nil, false, err
			}
			out := make([]rawRecord, 0, chunk)
			for ; it.Valid() && len(out) < chunk; it.Next() {
				item := it.Item()
				val, err := item.ValueCopy(nil)
				if err != nil {
					return nil, false, fmt.Errorf("read %s: %w", displayKey(item.Key()), err)
				}
				out = append(out, rawRecord{item.KeyCopy(nil), val})
			}
			return out, false, nil
		}
		consume := func(raws []rawRecord) error {
			derived := make([][]kv, len(raws))
			parallel(len(raws), func(i int) { derived[i] = deriveRecord(raws[i]) })
			for i, kvs := range derived {
				if kvs == nil {
					p.Skipped++
					continue
				}
				for _, e := range kvs {
					if err := wb.Set(e.key, e.val); err != nil {
						return fmt.Errorf("write the derived keys of %s: %w", displayKey(raws[i].key), err)
					}
				}
				for _, e := range kvs {
					s.applied.Add(entrySize(e.key, e.val, s.valueThreshold()))
				}
			}
			p.Done += len(raws)
			if time.Since(last) >= reindexReportEvery {
				report(false)
			}
			return nil
		}
		return pipe(produce, consume)
	})
	if err == nil {
		err = wb.Flush()
	}
	if err != nil {
		return fail(err)
	}
	if err := s.writeSchema(derivation.version); err != nil {
		return fail(err)
	}
	report(true)
	return nil
}

// deriveRecord returns every key a stored record implies besides itself,
// its dedup record included; nil when the record cannot be decoded or is
// not the one its key names.
func deriveRecord(r rawRecord) []kv {
	var p core.Primitive
	if err := decodeValue(r.key, r.val, &p); err != nil {
		return nil
	}
	if p.ID != string(r.key[len(prefixPrimitive):]) || validatePrimitive(&p) != nil {
		return nil
	}
	out, err := derivedKeys(&p)
	if err != nil {
		return nil
	}
	return append(out, kv{dedupKey(p.ID), dedupRecord(&p)})
}

// writeSchema records the layout version and the version of the rules the
// derived keys were built by (0: none, a rebuild is pending).
func (s *Store) writeSchema(features int) error {
	v, err := encodeValue(schemaRecord{Version: SchemaVersion, Features: features})
	if err != nil {
		return err
	}
	return s.db.Update(func(txn *badger.Txn) error { return txn.Set(keySchema, v) })
}
