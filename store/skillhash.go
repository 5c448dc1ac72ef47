package store

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core/skills"
)

// The skills' source hashes (seed 001's canonical hashes, kept in each
// skill's lineage) are indexed so that a proposal is checked against the
// library without reading every skill: h/<hash>/<escaped key> → nothing,
// written with the skill (putSkills). A store written before the index
// existed has no mark under keySkillHashIndex; the first lookup builds the
// index then.
var (
	prefixSkillHash   = []byte("h/")
	keySkillHashIndex = []byte("m/skill-hash-index")
)

// ErrNoHashIndex is returned by SkillsWithSourceHash on a read-only store
// whose index was never built: the caller reads the skills instead.
var ErrNoHashIndex = errors.New("the skills' source-hash index is not built")

func skillHashKey(hash, key string) []byte { return join(prefixSkillHash, escape(hash), escape(key)) }

// indexSourceHashes brings the index in step with r replacing old (nil
// for a new skill): entries for hashes r no longer holds go, its own are
// written.
func indexSourceHashes(txn *badger.Txn, old, r *skills.Skill) error {
	if old != nil {
		for _, h := range old.Lineage.SourceHashes {
			if h != "" && !slices.Contains(r.Lineage.SourceHashes, h) {
				if err := txn.Delete(skillHashKey(h, r.Key)); err != nil {
					return err
				}
			}
		}
	}
	for _, h := range r.Lineage.SourceHashes {
		if h == "" || old != nil && slices.Contains(old.Lineage.SourceHashes, h) {
			continue
		}
		if err := txn.Set(skillHashKey(h, r.Key), nil); err != nil {
			return err
		}
	}
	return nil
}

// SkillsWithSourceHash returns the keys of the skills whose lineage holds
// hash, in key order.
func (s *Store) SkillsWithSourceHash(hash string) ([]string, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	if err := s.ensureSkillHashIndex(); err != nil {
		return nil, err
	}
	prefix := join(prefixSkillHash, escape(hash), "")
	var out []string
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(keyOnly(prefix))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			k, err := unescape(string(bytes.TrimPrefix(it.Item().Key(), prefix)))
			if err != nil {
				return fmt.Errorf("%s: %w", displayKey(it.Item().Key()), err)
			}
			out = append(out, k)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("skills with source hash %s: %w", hash, err)
	}
	return out, nil
}

// ensureSkillHashIndex builds the index over every stored skill, once.
func (s *Store) ensureSkillHashIndex() error {
	built := false
	err := s.db.View(func(txn *badger.Txn) error {
		_, err := txn.Get(keySkillHashIndex)
		if err == nil {
			built = true
			return nil
		}
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		return err
	})
	if err != nil || built {
		return err
	}
	if s.ReadOnly() {
		return ErrNoHashIndex
	}
	err = s.update(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefixSkill))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			sk := new(skills.Skill)
			if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, sk) }); err != nil {
				return err
			}
			if err := indexSourceHashes(txn, nil, sk); err != nil {
				return err
			}
		}
		return txn.Set(keySkillHashIndex, []byte{1})
	})
	if err != nil {
		return fmt.Errorf("index the skills' source hashes: %w", err)
	}
	return nil
}
