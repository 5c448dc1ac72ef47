package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store/backend"
)

const (
	querySkillKeys       = `SELECT key FROM skills ORDER BY key`
	querySkill           = `SELECT record FROM skills WHERE key = $1`
	querySkills          = `SELECT record FROM skills ORDER BY key`
	queryLockSkills      = `SELECT key, record FROM skills WHERE key = ANY($1) ORDER BY key FOR UPDATE`
	queryPutSkill        = `INSERT INTO skills (key, record) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET record = EXCLUDED.record`
	queryDropSkillHashes = `DELETE FROM skill_source_hashes WHERE key = $1`
	queryPutSkillHash    = `INSERT INTO skill_source_hashes (hash, key) VALUES ($1, $2) ON CONFLICT DO NOTHING`
	querySkillsWithHash  = `SELECT key FROM skill_source_hashes WHERE hash = $1 ORDER BY key`
	querySkillsVersion   = `SELECT version FROM skills_version`
	// Every transaction that writes skills starts here: the row's lock
	// makes them one at a time, as Badger's write lock does (so two
	// writing the same skills in different orders never deadlock), and
	// the number it leaves is the version of what they wrote.
	queryLockSkillsVersion = `UPDATE skills_version SET version = version + 1`
)

// SkillKeys returns the keys of the library in order, reading no record.
func (s *Store) SkillKeys() ([]string, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(), querySkillKeys)
	if err != nil {
		return nil, fmt.Errorf("list skill keys: %w", s.wrapClosed(err))
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("list skill keys: %w", s.wrapClosed(err))
	}
	return out, nil
}

// Skill returns the record with the given key.
func (s *Store) Skill(key string) (*skills.Skill, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	// A key no store can keep is a skill no store has.
	if backend.CheckID("skill key", key) != nil {
		return nil, fmt.Errorf("skill %q: %w", key, backend.ErrSkillNotFound)
	}
	var rec []byte
	err := s.pool.QueryRow(context.Background(), querySkill, key).Scan(&rec)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("skill %s: %w", key, backend.ErrSkillNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("skill %s: %w", key, s.wrapClosed(err))
	}
	sk := new(skills.Skill)
	if err := json.Unmarshal(rec, sk); err != nil {
		return nil, fmt.Errorf("skill %s: decode: %w", key, err)
	}
	return sk, nil
}

// Skills returns every record of the library, in key order.
func (s *Store) Skills() ([]*skills.Skill, error) {
	out, _, err := s.SkillsAt()
	return out, err
}

// Version is the number of the last transaction that wrote skills (see
// queryLockSkillsVersion), a positive bigint; backend.UnreadVersion when
// it cannot be read.
func (s *Store) Version() uint64 {
	if s.checkOpen() == nil {
		var v int64
		if err := s.pool.QueryRow(context.Background(), querySkillsVersion).Scan(&v); err == nil {
			return uint64(v)
		}
	}
	return backend.UnreadVersion()
}

// SkillsAt is Skills with the version read in the same snapshot.
func (s *Store) SkillsAt() ([]*skills.Skill, uint64, error) {
	if err := s.checkOpen(); err != nil {
		return nil, 0, err
	}
	ctx := context.Background()
	var (
		out []*skills.Skill
		at  int64
	)
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, querySkillsVersion).Scan(&at); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, querySkills)
		if err != nil {
			return err
		}
		var rec []byte
		_, err = pgx.ForEachRow(rows, []any{&rec}, func() error {
			sk := new(skills.Skill)
			if err := json.Unmarshal(rec, sk); err != nil {
				return fmt.Errorf("decode skill %d: %w", len(out), err)
			}
			out = append(out, sk)
			return nil
		})
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list skills: %w", s.wrapClosed(err))
	}
	return out, uint64(at), nil
}

// PutSkills writes the records in one transaction.
func (s *Store) PutSkills(recs []*skills.Skill) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	ctx := context.Background()
	err := inTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockSkills(ctx, tx); err != nil {
			return err
		}
		return putSkills(ctx, tx, recs)
	})
	if err != nil {
		return fmt.Errorf("store %d skill(s): %w", len(recs), s.wrapClosed(err))
	}
	return nil
}

// lockSkills begins a transaction's writing of skills (see
// queryLockSkillsVersion).
func lockSkills(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, queryLockSkillsVersion); err != nil {
		return fmt.Errorf("lock the skills: %w", err)
	}
	return nil
}

// putSkills writes recs, each with its source hashes' index, in one batch
// of statements run in order (a later record of a key replaces an
// earlier one, as it does in Badger).
func putSkills(ctx context.Context, tx pgx.Tx, recs []*skills.Skill) error {
	if len(recs) == 0 {
		return nil
	}
	var b pgx.Batch
	for _, r := range recs {
		if err := backend.CheckID("skill key", r.Key); err != nil {
			return err
		}
		v, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("encode skill %s: %w", r.Key, err)
		}
		b.Queue(queryPutSkill, r.Key, v)
		b.Queue(queryDropSkillHashes, r.Key)
		var seen []string
		for _, h := range r.Lineage.SourceHashes {
			if h == "" || slices.Contains(seen, h) {
				continue
			}
			seen = append(seen, h)
			b.Queue(queryPutSkillHash, []byte(h), r.Key)
		}
	}
	if err := tx.SendBatch(ctx, &b).Close(); err != nil {
		return fmt.Errorf("write the skills: %w", err)
	}
	return nil
}

// lockedSkills reads the records of keys, locked until the transaction
// ends, by key; keys the library does not hold are left out.
func lockedSkills(ctx context.Context, tx pgx.Tx, keys []string) (map[string][]byte, error) {
	valid := make([]string, 0, len(keys))
	for _, k := range keys {
		// A key no store can keep is a skill no store has.
		if backend.CheckID("skill key", k) == nil {
			valid = append(valid, k)
		}
	}
	rows, err := tx.Query(ctx, queryLockSkills, valid)
	if err != nil {
		return nil, fmt.Errorf("read the skills: %w", err)
	}
	out := make(map[string][]byte, len(valid))
	var (
		k   string
		rec []byte
	)
	_, err = pgx.ForEachRow(rows, []any{&k, &rec}, func() error {
		out[k] = slices.Clone(rec)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the skills: %w", err)
	}
	return out, nil
}

func decodeSkill(key string, rec []byte) (*skills.Skill, error) {
	sk := new(skills.Skill)
	if err := json.Unmarshal(rec, sk); err != nil {
		return nil, fmt.Errorf("skill %s: decode: %w", key, err)
	}
	return sk, nil
}

// UpdateSkills reads the records of keys, locked, passes them to fn and
// writes what it returns, in one transaction.
func (s *Store) UpdateSkills(keys []string, fn func(recs []*skills.Skill) ([]*skills.Skill, error)) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	ctx := context.Background()
	var fnErr error
	err := inTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockSkills(ctx, tx); err != nil {
			return err
		}
		stored, err := lockedSkills(ctx, tx, keys)
		if err != nil {
			return err
		}
		recs := make([]*skills.Skill, len(keys))
		for i, k := range keys {
			rec, ok := stored[k]
			if !ok {
				return fmt.Errorf("skill %s: %w", k, backend.ErrSkillNotFound)
			}
			if recs[i], err = decodeSkill(k, rec); err != nil {
				return err
			}
		}
		out, err := fn(recs)
		if err != nil {
			fnErr = err
			return err
		}
		return putSkills(ctx, tx, out)
	})
	switch {
	case err == nil:
		return nil
	case fnErr != nil:
		return fnErr
	case errors.Is(err, backend.ErrSkillNotFound):
		return err
	}
	return fmt.Errorf("update skills %q: %w", keys, s.wrapClosed(err))
}

// updateLibrary applies lib in tx: its records are read, locked, and what
// its Apply returns written.
func updateLibrary(ctx context.Context, tx pgx.Tx, lib skills.LibraryUpdate) error {
	if lib.Apply == nil {
		return nil
	}
	if err := lockSkills(ctx, tx); err != nil {
		return err
	}
	raw, err := lockedSkills(ctx, tx, lib.Keys)
	if err != nil {
		return err
	}
	stored := make(map[string]*skills.Skill, len(raw))
	for k, rec := range raw {
		if stored[k], err = decodeSkill(k, rec); err != nil {
			return err
		}
	}
	out, err := lib.Apply(stored)
	if err != nil {
		return err
	}
	return putSkills(ctx, tx, out)
}

// SkillsWithSourceHash returns the keys of the skills whose lineage holds
// hash, in key order, from the index putSkills keeps.
func (s *Store) SkillsWithSourceHash(hash string) ([]string, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(), querySkillsWithHash, []byte(hash))
	if err != nil {
		return nil, fmt.Errorf("skills with source hash %s: %w", hash, s.wrapClosed(err))
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("skills with source hash %s: %w", hash, s.wrapClosed(err))
	}
	return out, nil
}
