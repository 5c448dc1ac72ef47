package store

import (
	"errors"
	"fmt"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
)

// A dedup record (d/<id>) is dedup.EncodeRecord of a primitive, derived
// from p/<id> like the indexes and written in the same transaction; it is
// small enough to stay in the LSM tree.

// dedupRecord encodes p's dedup record by the store's rules (derivation).
func dedupRecord(p *core.Primitive) []byte {
	return dedup.EncodeRecord(p.Plane, derivation.features(p))
}

// decodeDedupRecord decodes the d/ value of id.
func decodeDedupRecord(id string, key, val []byte) (dedup.Record, error) {
	rec, err := dedup.DecodeRecord(id, val)
	switch {
	case errors.Is(err, dedup.ErrRecordVersion):
		return dedup.Record{}, fmt.Errorf("decode %s: %w: %w", displayKey(key), ErrUnknownCodec, err)
	case err != nil:
		return dedup.Record{}, fmt.Errorf("decode %s: %w: %w", displayKey(key), ErrCorrupt, err)
	}
	return rec, nil
}

// getDedupRecord reads the dedup record of id inside txn.
func getDedupRecord(txn *badger.Txn, id string) (dedup.Record, bool, error) {
	key := dedupKey(id)
	item, err := txn.Get(key)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return dedup.Record{}, false, nil
	}
	if err != nil {
		return dedup.Record{}, false, err
	}
	var rec dedup.Record
	err = item.Value(func(v []byte) error {
		var err error
		rec, err = decodeDedupRecord(id, key, v)
		return err
	})
	return rec, err == nil, err
}
