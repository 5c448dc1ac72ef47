package store

import (
	"bytes"
	"context"
	"testing"

	"github.com/dgraph-io/badger/v4"
)

// An in-memory store opens without writing anything: it begins empty, so
// closing it has no memtable to build into a table that no one reads. A
// backup of it still records this lore's schema.
func TestOpenEmptyWritesNothing(t *testing.T) {
	s, err := OpenEmpty()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var keys []string
	if err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			keys = append(keys, string(it.Item().KeyCopy(nil)))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 0 {
		t.Errorf("a new in-memory store holds %q", keys)
	}
	info, err := s.Backup(context.Background(), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if info.Schema != SchemaVersion {
		t.Errorf("backup of an in-memory store: schema %d, want %d", info.Schema, SchemaVersion)
	}
}
