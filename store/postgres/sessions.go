package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store/backend"
)

const (
	queryInsertSession = `INSERT INTO sessions (id, started_at, state, reverts, record, report, source, curating)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`
	queryUpdateSession = `UPDATE sessions SET state = $2, record = $3 WHERE id = $1`
	// FOR UPDATE: a state change and an unlearn of the same session
	// wait for each other, so each sees the state the other left.
	queryLockSession = `SELECT record FROM sessions WHERE id = $1 FOR UPDATE`
	querySession     = `SELECT record FROM sessions WHERE id = $1`
	querySessions    = `SELECT record FROM sessions ORDER BY started_at DESC, id DESC`
	// The conditions of the partial indexes sessions_rejected and
	// sessions_curating (migrationDedup), which the statements repeat
	// word for word so that their plans use them.
	queryRejected = `SELECT record FROM sessions WHERE ` + condRejected + ` AND source = $1
ORDER BY started_at DESC, id DESC`
	queryCurations = `SELECT record FROM sessions WHERE ` + condCurating + ` ORDER BY started_at DESC, id DESC`
	queryReport    = `SELECT report FROM sessions WHERE id = $1`
	queryChanges   = `SELECT change FROM session_changes WHERE session_id = $1 ORDER BY seq`
)

// CommitSession is CommitSessionWith without a report.
func (s *Store) CommitSession(ctx context.Context, sess core.Session, changes []core.Change) error {
	return s.CommitSessionWith(ctx, sess, changes, nil)
}

// CommitSessionWith stores sess, its changes and report in one
// transaction: the session's row, then its changes streamed to the
// database with COPY (one statement of any length, encoded row by row,
// so a session of a million changes is never held encoded in memory). An
// unlearn's target is locked, checked and marked reverted, and the
// changes are applied to the primitives and conflicts (applyChanges), in
// the same transaction. Nothing is visible to others until it commits, and
// an error or a cancelled ctx before then leaves nothing behind; ctx does
// not cancel the commit itself (inTx).
func (s *Store) CommitSessionWith(ctx context.Context, sess core.Session, changes []core.Change, report []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := backend.CheckID("session id", sess.ID); err != nil {
		return fmt.Errorf("commit session: %w", err)
	}
	prepared, err := backend.PrepareChanges(sess.ID, changes)
	if err != nil {
		return fmt.Errorf("commit session %s: %w", sess.ID, err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("commit session %s: %w", sess.ID, err)
	}
	now := time.Now()
	sess.State = core.SessionCommitted
	sess.Changes = len(prepared)
	sess.CompletedAt = now
	if sess.StartedAt.IsZero() {
		sess.StartedAt = now
	}
	err = inTx(ctx, s.pool, func(tx pgx.Tx) error {
		// Badger's order of refusals: an existing id first, then the
		// target of an unlearn, looked up before this session exists
		// (a session cannot revert itself).
		if err := sessionAbsent(ctx, tx, sess.ID); err != nil {
			return err
		}
		if sess.Reverts != "" {
			if err := markReverted(ctx, tx, sess.Reverts, sess.ID); err != nil {
				return err
			}
		}
		if err := insertSession(ctx, tx, sess, report); err != nil {
			return err
		}
		if err := copyChanges(ctx, tx, sess.ID, 0, prepared, s.beforeChange); err != nil {
			return err
		}
		return applyChanges(ctx, tx, prepared)
	})
	if err != nil {
		return fmt.Errorf("commit session %s: %w", sess.ID, s.wrapClosed(err))
	}
	return nil
}

// AppendToSession adds changes to a committed session and applies them,
// in one transaction that holds the session's row, so that an unlearn of
// the session waits for it and then takes these changes back too.
func (s *Store) AppendToSession(ctx context.Context, id string, changes []core.Change, report []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := backend.CheckID("session id", id); err != nil {
		return fmt.Errorf("append to session: %w", err)
	}
	prepared, err := backend.PrepareChanges(id, changes)
	if err != nil {
		return fmt.Errorf("append to session %s: %w", id, err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("append to session %s: %w", id, err)
	}
	err = inTx(ctx, s.pool, func(tx pgx.Tx) error {
		sess, ok, err := lockSession(ctx, tx, id)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("session %s: %w", id, backend.ErrNotFound)
		}
		if sess.State != core.SessionCommitted {
			return fmt.Errorf("session %s is %s, not %s", id, sess.State, core.SessionCommitted)
		}
		if err := copyChanges(ctx, tx, id, sess.Changes, prepared, nil); err != nil {
			return err
		}
		if err := applyChanges(ctx, tx, prepared); err != nil {
			return err
		}
		sess.Changes += len(prepared)
		if err := updateSession(ctx, tx, sess); err != nil {
			return err
		}
		if report != nil {
			if _, err := tx.Exec(ctx, "UPDATE sessions SET report = $2 WHERE id = $1", id, report); err != nil {
				return fmt.Errorf("store the report: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("append to session %s: %w", id, s.wrapClosed(err))
	}
	return nil
}

// RecordRejection stores a rejected learn's session, in state rejected,
// without changes, and report beside it.
func (s *Store) RecordRejection(ctx context.Context, sess core.Session, report []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := backend.CheckID("session id", sess.ID); err != nil {
		return fmt.Errorf("record rejection: %w", err)
	}
	if err := backend.CheckRejection(sess); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("record rejection of session %s: %w", sess.ID, err)
	}
	now := time.Now()
	sess.State = core.SessionRejected
	sess.Changes = 0
	if sess.StartedAt.IsZero() {
		sess.StartedAt = now
	}
	if sess.CompletedAt.IsZero() {
		sess.CompletedAt = now
	}
	err := inTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := sessionAbsent(ctx, tx, sess.ID); err != nil {
			return err
		}
		return insertSession(ctx, tx, sess, report)
	})
	if err != nil {
		return fmt.Errorf("record rejection of session %s: %w", sess.ID, s.wrapClosed(err))
	}
	return nil
}

// inTx runs fn in a transaction and commits it if fn succeeds. ctx bounds
// fn, not the commit: once everything is sent, a cancellation cannot
// leave the caller not knowing whether the commit was made (as Badger's
// CommitSession, past its commit point, runs to the end).
func inTx(ctx context.Context, pool *pgxpool.Pool, fn func(pgx.Tx) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		// The rollback, too, must run whatever ctx says; its error adds
		// nothing to fn's (a broken connection rolls back by itself).
		_ = tx.Rollback(context.WithoutCancel(ctx))
		return err
	}
	return tx.Commit(context.WithoutCancel(ctx))
}

// sessionAbsent refuses an id already stored. A session committed by
// another connection meanwhile is refused by the primary key instead
// (insertSession).
func sessionAbsent(ctx context.Context, tx pgx.Tx, id string) error {
	var exists bool
	if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM sessions WHERE id = $1)", id).Scan(&exists); err != nil {
		return fmt.Errorf("look the session up: %w", err)
	}
	if exists {
		return backend.ErrSessionExists
	}
	return nil
}

// markReverted moves the session target, which must be committed, to
// reverted by the session by.
func markReverted(ctx context.Context, tx pgx.Tx, target, by string) error {
	// An id no store can keep is a session no store has.
	if backend.CheckID("session id", target) != nil {
		return fmt.Errorf("session %q: %w", target, backend.ErrNotFound)
	}
	sess, ok, err := lockSession(ctx, tx, target)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("session %s: %w", target, backend.ErrNotFound)
	}
	if sess.State != core.SessionCommitted {
		return fmt.Errorf("session %s is %s: %w", target, sess.State, backend.ErrNotRevertible)
	}
	sess.State = core.SessionReverted
	sess.RevertedBy = by
	return updateSession(ctx, tx, sess)
}

// record returns sess as it is stored: its times in UTC to the microsecond,
// so that its record and its started_at column agree, and its JSON.
func record(sess core.Session) (core.Session, []byte, error) {
	sess.StartedAt = micro(sess.StartedAt)
	sess.CompletedAt = micro(sess.CompletedAt)
	b, err := json.Marshal(sess)
	if err != nil {
		return sess, nil, fmt.Errorf("encode session %s: %w", sess.ID, err)
	}
	return sess, b, nil
}

// micro is t as PostgreSQL keeps it: the instant, in UTC, to the
// microsecond. A zero time stays zero.
func micro(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC().Truncate(time.Microsecond)
}

func insertSession(ctx context.Context, tx pgx.Tx, sess core.Session, report []byte) error {
	sess, rec, err := record(sess)
	if err != nil {
		return err
	}
	var reverts *string
	if sess.Reverts != "" {
		reverts = &sess.Reverts
	}
	_, err = tx.Exec(ctx, queryInsertSession, sess.ID, sess.StartedAt, string(sess.State), reverts, rec, report,
		[]byte(sess.Source), sess.RecordsCurations())
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation && pgErr.ConstraintName == "sessions_pkey" {
		return backend.ErrSessionExists
	}
	if err != nil {
		return fmt.Errorf("store the session: %w", err)
	}
	return nil
}

func updateSession(ctx context.Context, tx pgx.Tx, sess core.Session) error {
	sess, rec, err := record(sess)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, queryUpdateSession, sess.ID, string(sess.State), rec); err != nil {
		return fmt.Errorf("store session %s: %w", sess.ID, err)
	}
	return nil
}

func lockSession(ctx context.Context, tx pgx.Tx, id string) (core.Session, bool, error) {
	sess, ok, err := scanSession(tx.QueryRow(ctx, queryLockSession, id))
	if err != nil {
		return sess, false, fmt.Errorf("session %s: %w", id, err)
	}
	return sess, ok, nil
}

// copyChanges streams changes to session_changes, numbered from first;
// before, if not nil, runs before each with its index in changes.
func copyChanges(ctx context.Context, tx pgx.Tx, id string, first int, changes []core.Change, before func(int) error) error {
	if len(changes) == 0 {
		return nil
	}
	i := 0
	// pgx hands the source's error to the server, which returns its own
	// in its stead; this one, with its chain, is what the caller sees.
	var srcErr error
	src := pgx.CopyFromFunc(func() ([]any, error) {
		if i == len(changes) {
			return nil, nil
		}
		if before != nil {
			if srcErr = before(i); srcErr != nil {
				return nil, srcErr
			}
		}
		b, err := json.Marshal(&changes[i])
		if err != nil {
			srcErr = fmt.Errorf("encode change %d (%s): %w", i, changes[i].PrimitiveID, err)
			return nil, srcErr
		}
		row := []any{id, first + i, b}
		i++
		return row, nil
	})
	n, err := tx.CopyFrom(ctx, pgx.Identifier{"session_changes"}, []string{"session_id", "seq", "change"}, src)
	if err != nil && srcErr != nil {
		return fmt.Errorf("store the changes: %w", srcErr)
	}
	if err != nil && ctx.Err() != nil {
		// A cancel closes the connection under the copy, and which of
		// the two errors pgx returns is a race: the cancel is the cause.
		return fmt.Errorf("store the changes: %w (%w)", ctx.Err(), err)
	}
	if err != nil {
		return fmt.Errorf("store the changes: %w", err)
	}
	if n != int64(len(changes)) {
		return fmt.Errorf("store the changes: %d of %d stored", n, len(changes))
	}
	return nil
}

// Session returns the session of this id.
func (s *Store) Session(id string) (core.Session, bool, error) {
	if err := s.checkOpen(); err != nil {
		return core.Session{}, false, err
	}
	if err := backend.CheckID("session id", id); err != nil {
		return core.Session{}, false, err
	}
	sess, ok, err := scanSession(s.pool.QueryRow(context.Background(), querySession, id))
	if err != nil {
		return core.Session{}, false, fmt.Errorf("get session %s: %w", id, s.wrapClosed(err))
	}
	return sess, ok, nil
}

func scanSession(row pgx.Row) (core.Session, bool, error) {
	var rec []byte
	err := row.Scan(&rec)
	if errors.Is(err, pgx.ErrNoRows) {
		return core.Session{}, false, nil
	}
	if err != nil {
		return core.Session{}, false, err
	}
	var sess core.Session
	if err := json.Unmarshal(rec, &sess); err != nil {
		return core.Session{}, false, fmt.Errorf("decode the session: %w", err)
	}
	return sess, true, nil
}

// Sessions lists the sessions newest first, by the index on their start
// and id.
func (s *Store) Sessions() ([]core.Session, error) {
	return s.sessionsWhere("list the sessions", querySessions)
}

// RejectedSessions returns the sessions in which the gate rejected
// source, newest first: gate.Rejections' question, asked of every learn,
// without reading every session.
func (s *Store) RejectedSessions(source string) ([]core.Session, error) {
	return s.sessionsWhere("list the rejected sessions of "+source, queryRejected, []byte(source))
}

// CurationSessions returns the committed sessions that may record
// curators' decisions (a curate session, or a learn given curated
// candidates), newest first: engine.StandingCurations' question, asked
// of every learn, without reading every session.
func (s *Store) CurationSessions() ([]core.Session, error) {
	return s.sessionsWhere("list the sessions of curations", queryCurations)
}

// sessionsWhere returns the sessions a query of their records gives.
func (s *Store) sessionsWhere(what, query string, args ...any) ([]core.Session, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(), query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, s.wrapClosed(err))
	}
	var (
		out []core.Session
		rec []byte
	)
	_, err = pgx.ForEachRow(rows, []any{&rec}, func() error {
		var sess core.Session
		if err := json.Unmarshal(rec, &sess); err != nil {
			return fmt.Errorf("decode session %d: %w", len(out), err)
		}
		out = append(out, sess)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, s.wrapClosed(err))
	}
	return out, nil
}

// Changes returns a session's changes in their order.
func (s *Store) Changes(id string) ([]core.Change, error) {
	if _, ok, err := s.Session(id); err != nil {
		return nil, err
	} else if !ok {
		return nil, fmt.Errorf("changes of session %s: %w", id, backend.ErrNotFound)
	}
	rows, err := s.pool.Query(context.Background(), queryChanges, id)
	if err != nil {
		return nil, fmt.Errorf("changes of session %s: %w", id, s.wrapClosed(err))
	}
	var out []core.Change
	var b []byte
	_, err = pgx.ForEachRow(rows, []any{&b}, func() error {
		var ch core.Change
		if err := json.Unmarshal(b, &ch); err != nil {
			return fmt.Errorf("decode change %d: %w", len(out), err)
		}
		out = append(out, ch)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("changes of session %s: %w", id, s.wrapClosed(err))
	}
	return out, nil
}

// Report returns the report committed with a session.
func (s *Store) Report(id string) ([]byte, bool, error) {
	if err := s.checkOpen(); err != nil {
		return nil, false, err
	}
	if err := backend.CheckID("session id", id); err != nil {
		return nil, false, err
	}
	var report []byte
	err := s.pool.QueryRow(context.Background(), queryReport, id).Scan(&report)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, false, fmt.Errorf("report of session %s: %w", id, s.wrapClosed(err))
	}
	return report, report != nil, nil
}

// SetSessionState moves a session between committed and reverted, under
// the lock of its row.
func (s *Store) SetSessionState(id string, state core.SessionState) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := backend.CheckID("session id", id); err != nil {
		return err
	}
	settable := []core.SessionState{core.SessionCommitted, core.SessionReverted}
	if !slices.Contains(settable, state) {
		return fmt.Errorf("set session %s to %q: only %s and %s can be set",
			id, state, core.SessionCommitted, core.SessionReverted)
	}
	ctx := context.Background()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		sess, ok, err := lockSession(ctx, tx, id)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("session %s: %w", id, backend.ErrNotFound)
		}
		if !slices.Contains(settable, sess.State) {
			return fmt.Errorf("session %s is %s, not %v", id, sess.State, settable)
		}
		sess.State = state
		return updateSession(ctx, tx, sess)
	})
	if err != nil {
		return fmt.Errorf("set session %s to %s: %w", id, state, s.wrapClosed(err))
	}
	return nil
}
