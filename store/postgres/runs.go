package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
)

const (
	queryRun        = `SELECT record FROM runs WHERE hash = $1`
	queryPutRun     = `INSERT INTO runs (hash, record) VALUES ($1, $2) ON CONFLICT (hash) DO UPDATE SET record = EXCLUDED.record`
	queryRunCount   = `SELECT count(*) FROM runs`
	queryFailure    = `SELECT record FROM run_failures WHERE key = $1`
	queryPutFailure = `INSERT INTO run_failures (key, record) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET record = EXCLUDED.record`
)

// failureKey is a failure signature's key, Badger's: the hex of the first
// 16 bytes of its SHA-256, since a signature is any text of any length.
func failureKey(signature string) string {
	sum := sha256.Sum256([]byte(signature))
	return hex.EncodeToString(sum[:16])
}

// oneRecord reads the JSON record query returns into v; false when there
// is none.
func oneRecord(ctx context.Context, q querier, v any, query string, args ...any) (bool, error) {
	var rec []byte
	err := q.QueryRow(ctx, query, args...).Scan(&rec)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(rec, v); err != nil {
		return false, fmt.Errorf("decode: %w", err)
	}
	return true, nil
}

// LearnedRun returns the record of the run learned with this content hash.
func (s *Store) LearnedRun(hash string) (trajectory.RunRecord, bool, error) {
	var rec trajectory.RunRecord
	if err := s.checkOpen(); err != nil {
		return rec, false, err
	}
	if err := backend.CheckID("run hash", hash); err != nil {
		return rec, false, err
	}
	ok, err := oneRecord(context.Background(), s.pool, &rec, queryRun, hash)
	if err != nil {
		return trajectory.RunRecord{}, false, fmt.Errorf("run %s: %w", hash, s.wrapClosed(err))
	}
	return rec, ok, nil
}

// FailureSignature returns the count of runs that failed with signature.
func (s *Store) FailureSignature(signature string) (trajectory.SignatureRecord, bool, error) {
	var rec trajectory.SignatureRecord
	if err := s.checkOpen(); err != nil {
		return rec, false, err
	}
	ok, err := oneRecord(context.Background(), s.pool, &rec, queryFailure, failureKey(signature))
	if err != nil {
		return trajectory.SignatureRecord{}, false, fmt.Errorf("failure signature %q: %w", signature, s.wrapClosed(err))
	}
	return rec, ok, nil
}

// RecordRun stores a learned run and, when sig is not nil, the count of
// its failure signature, in one transaction.
func (s *Store) RecordRun(rec trajectory.RunRecord, sig *trajectory.SignatureRecord) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := backend.CheckID("run hash", rec.Hash); err != nil {
		return err
	}
	run, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("record run %s: encode: %w", rec.Hash, err)
	}
	var b pgx.Batch
	b.Queue(queryPutRun, rec.Hash, run)
	if sig != nil {
		v, err := json.Marshal(sig)
		if err != nil {
			return fmt.Errorf("record run %s: encode its failure signature: %w", rec.Hash, err)
		}
		b.Queue(queryPutFailure, failureKey(sig.Signature), v)
	}
	ctx := context.Background()
	// A batch runs in one implicit transaction unless it holds its own.
	if err := s.pool.SendBatch(ctx, &b).Close(); err != nil {
		return fmt.Errorf("record run %s: %w", rec.Hash, s.wrapClosed(err))
	}
	return nil
}

// LearnedRuns counts the runs learned.
func (s *Store) LearnedRuns() (int, error) {
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	var n int
	if err := s.pool.QueryRow(context.Background(), queryRunCount).Scan(&n); err != nil {
		return 0, fmt.Errorf("count the runs learned: %w", s.wrapClosed(err))
	}
	return n, nil
}
