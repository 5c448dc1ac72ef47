package store

import (
	"errors"
	"fmt"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store/backend"
)

// ErrSkillNotFound is returned (wrapped, naming the key) for a skill key
// the library does not hold: the contract's, so that a caller tests for it
// whichever backend answered.
var ErrSkillNotFound = backend.ErrSkillNotFound

func skillKey(key string) []byte { return join(prefixSkill, escape(key)) }

// Skill returns the library record with the given fully qualified key.
func (s *Store) Skill(key string) (*skills.Skill, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var out *skills.Skill
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		out, err = getSkill(txn, key)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("skill %s: %w", key, err)
	}
	return out, nil
}

func getSkill(txn *badger.Txn, key string) (*skills.Skill, error) {
	k := skillKey(key)
	item, err := txn.Get(k)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil, ErrSkillNotFound
	}
	if err != nil {
		return nil, err
	}
	sk := new(skills.Skill)
	if err := item.Value(func(v []byte) error { return decodeValue(k, v, sk) }); err != nil {
		return nil, err
	}
	return sk, nil
}

// Skills returns every record of the skill library in key order.
func (s *Store) Skills() ([]*skills.Skill, error) {
	out, _, err := s.SkillsAt()
	return out, err
}

// Version is the store's latest committed version: it changes with every
// write, so a caller holding what it read at one version knows it is
// still current while Version returns the same. A closed store's is
// backend.UnreadVersion (Badger's own would panic).
func (s *Store) Version() uint64 {
	if s.checkOpen() != nil {
		return backend.UnreadVersion()
	}
	return s.committed()
}

// SkillsAt is Skills with the version it read (see Version).
func (s *Store) SkillsAt() ([]*skills.Skill, uint64, error) {
	if err := s.checkOpen(); err != nil {
		return nil, 0, err
	}
	var out []*skills.Skill
	var at uint64
	err := s.db.View(func(txn *badger.Txn) error {
		at = txn.ReadTs()
		it := txn.NewIterator(withValues(prefixSkill))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			sk := new(skills.Skill)
			if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, sk) }); err != nil {
				return err
			}
			out = append(out, sk)
		}
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list skills: %w", err)
	}
	return out, at, nil
}

// SkillKeys returns the keys of the library in order, reading no record:
// resolving a name a user typed needs the keys only, and records carry
// their resource files.
func (s *Store) SkillKeys() ([]string, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var out []string
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(keyOnly(prefixSkill))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			k, err := unescape(string(it.Item().Key()[len(prefixSkill):]))
			if err != nil {
				return fmt.Errorf("%s: %w", displayKey(it.Item().Key()), err)
			}
			out = append(out, k)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list skill keys: %w", err)
	}
	return out, nil
}

// PutSkills writes the records in one transaction: all of them or, on
// error, none. A record replaces the one with its key.
func (s *Store) PutSkills(recs []*skills.Skill) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	err := s.update(func(txn *badger.Txn) error { return putSkills(txn, recs) })
	if err != nil {
		return fmt.Errorf("store %d skill(s): %w", len(recs), err)
	}
	return nil
}

func putSkills(txn *badger.Txn, recs []*skills.Skill) error {
	for _, r := range recs {
		if err := validateID("skill key", r.Key); err != nil {
			return err
		}
		v, err := encodeValue(r)
		if err != nil {
			return fmt.Errorf("encode skill %s: %w", r.Key, err)
		}
		// The record replaced, for its source hashes; one that cannot be
		// read (damaged) is replaced all the same, and a stale index entry
		// of it names a skill whose lineage lookups check.
		old, _ := getSkill(txn, r.Key)
		if err := indexSourceHashes(txn, old, r); err != nil {
			return fmt.Errorf("index skill %s: %w", r.Key, err)
		}
		if err := txn.Set(skillKey(r.Key), v); err != nil {
			return fmt.Errorf("write skill %s: %w", r.Key, err)
		}
	}
	return nil
}

// UpdateSkills reads the records of keys and passes them to fn, in the
// order of keys, under the write lock; the records fn returns (changed
// ones and any new ones, such as a negative skill) are written in the same
// transaction. An unknown key fails with ErrSkillNotFound naming it, and an
// error from fn leaves the library unchanged, so a read-modify-write such
// as counting a use can never lose a concurrent one.
func (s *Store) UpdateSkills(keys []string, fn func(recs []*skills.Skill) ([]*skills.Skill, error)) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	return s.update(func(txn *badger.Txn) error {
		recs := make([]*skills.Skill, len(keys))
		for i, k := range keys {
			r, err := getSkill(txn, k)
			if err != nil {
				return fmt.Errorf("skill %s: %w", k, err)
			}
			recs[i] = r
		}
		out, err := fn(recs)
		if err != nil {
			return err
		}
		return putSkills(txn, out)
	})
}

// updateLibrary applies lib inside txn: its records are read, and what
// its Apply returns written, in the caller's transaction.
func updateLibrary(txn *badger.Txn, lib skills.LibraryUpdate) error {
	if lib.Apply == nil {
		return nil
	}
	stored := make(map[string]*skills.Skill, len(lib.Keys))
	for _, k := range lib.Keys {
		r, err := getSkill(txn, k)
		switch {
		case errors.Is(err, ErrSkillNotFound):
			continue
		case err != nil:
			return fmt.Errorf("skill %s: %w", k, err)
		}
		stored[k] = r
	}
	out, err := lib.Apply(stored)
	if err != nil {
		return err
	}
	return putSkills(txn, out)
}
