package store

import (
	"fmt"
	"strings"

	"github.com/dgraph-io/badger/v4"
)

// PutPublication records that the artifacts of session, described by rec
// (any encoding; the caller's), are to be written to disk. The engine records
// it before the session's commit and removes it with FinishPublication once
// the files are written, so a process killed in between leaves the record
// for the next one to finish (or, when the session never committed, drop).
func (s *Store) PutPublication(session string, rec []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := validateID("session id", session); err != nil {
		return fmt.Errorf("record publication: %w", err)
	}
	// the first write of a learn: a record of the skills' files, written
	// before the session's commit checks its own room
	if err := s.checkRoom(uint64(len(rec))); err != nil {
		return err
	}
	err := s.update(func(txn *badger.Txn) error { return txn.Set(publicationKey(session), rec) })
	if err != nil {
		return fmt.Errorf("record publication of session %s: %w", session, err)
	}
	return nil
}

// DropPublication deletes the pending publication of session, one that
// will not be finished (its session was rolled back or reverted).
func (s *Store) DropPublication(session string) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := validateID("session id", session); err != nil {
		return fmt.Errorf("drop publication: %w", err)
	}
	err := s.update(func(txn *badger.Txn) error { return txn.Delete(publicationKey(session)) })
	if err != nil {
		return fmt.Errorf("drop publication of session %s: %w", session, err)
	}
	return nil
}

// Publications returns the pending publications by session.
func (s *Store) Publications() (map[string][]byte, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefixPublication))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			session := strings.TrimPrefix(string(item.Key()), string(prefixPublication))
			v, err := item.ValueCopy(nil)
			if err != nil {
				return err
			}
			out[session] = v
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list pending publications of store %s: %w", s.path, err)
	}
	return out, nil
}

// hasPublications reports whether any publication is pending.
func (s *Store) hasPublications() (bool, error) {
	found := false
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(keyOnly(prefixPublication))
		defer it.Close()
		it.Rewind()
		found = it.Valid()
		return nil
	})
	return found, err
}
