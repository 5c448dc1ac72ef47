package postgres

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// migrationEvents keeps the events of runs for the processes serving a
// workspace: a row per event, announced by NOTIFY with its id. NOTIFY's
// own payload is bounded (8,000 bytes) and an event asking a reviewer
// carries every finding, so the row holds the event and the notification
// only says where it is.
const migrationEvents = `
CREATE TABLE run_events (
	id      bigserial PRIMARY KEY,
	origin  text NOT NULL,
	at      timestamptz NOT NULL DEFAULT now(),
	payload bytea NOT NULL
);
CREATE INDEX run_events_at ON run_events (at);
`

// eventsKept is how long an event stays in run_events: long enough for
// every listener to read it after its notification.
const eventsKept = time.Hour

// pruneEvery is how many publications of a store go by between two
// prunings of old events.
const pruneEvery = 500

// channel is the NOTIFY channel of the workspace's events:
// lore_events_SCHEMA, or lore_ev_ and a hash of the schema when that is
// longer than PostgreSQL takes (pg_notify refuses a longer channel, and
// LISTEN would cut it, so that two workspaces could share one).
func (s *Store) channel() string { return channelOf(s.schema) }

func channelOf(schema string) string {
	if c := "lore_events_" + schema; len(c) <= maxIdentifier {
		return c
	}
	sum := sha256.Sum256([]byte(schema))
	return "lore_ev_" + hex.EncodeToString(sum[:16])
}

// Publish sends an event (any encoding) to the processes listening to
// this workspace's events (Listen), origin naming the sender so that it
// can tell its own events from the others'. The notification goes out
// when the event is stored, in one statement.
func (s *Store) Publish(ctx context.Context, origin string, payload []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	_, err := s.pool.Exec(ctx, `WITH e AS (INSERT INTO run_events (origin, payload) VALUES ($1, $2) RETURNING id)
SELECT pg_notify($3, e.id::text) FROM e`, origin, payload, s.channel())
	if err != nil {
		return fmt.Errorf("PostgreSQL store %s: publish an event: %w", s.name, s.wrapClosed(err))
	}
	if s.published.Add(1)%pruneEvery == 0 {
		if _, err := s.pool.Exec(ctx, "DELETE FROM run_events WHERE at < now() - $1::interval", eventsKept.String()); err != nil {
			return fmt.Errorf("PostgreSQL store %s: prune old events: %w", s.name, s.wrapClosed(err))
		}
	}
	return nil
}

// Listen calls fn with each event other origins publish in this
// workspace, in the order they were stored, and returns when ctx ends or
// the store is closed; ready, when not nil, is called once it listens.
// Events published before that are not delivered, as a watcher that
// connects late misses earlier ones. A lost connection is made again, a
// second later at most, and the events stored meanwhile are read from
// run_events (kept eventsKept), so that none is missed or delivered twice.
func (s *Store) Listen(ctx context.Context, origin string, ready func(), fn func(payload []byte)) {
	cur := &eventCursor{last: -1, seen: map[int64]struct{}{}}
	for {
		// Whatever ended the connection, it is made again: the events
		// matter, not why they stopped.
		_ = s.listen(ctx, origin, ready, fn, cur)
		ready = nil
		if ctx.Err() != nil || s.closed.Load() {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// eventCursor is how far a listener has read, across its connections:
// the highest event id delivered (-1 before it first listened), and the
// ids delivered lately, since events may be stored in another order than
// their ids were drawn in.
type eventCursor struct {
	last int64
	// floor is the highest id when it first listened: what is below it
	// was history then, whenever stored.
	floor int64
	seen  map[int64]struct{}
}

// catchUpSlack is how far below the highest id delivered a listener that
// reconnects looks for events it has not seen: ids are drawn before their
// events are stored, so one stored late may have a lower id.
const catchUpSlack = 1000

// deliver hands fn the event id (from, payload) unless it came from
// origin or was delivered already.
func (c *eventCursor) deliver(id int64, from, origin string, payload []byte, fn func([]byte)) {
	if _, ok := c.seen[id]; ok {
		return
	}
	c.seen[id] = struct{}{}
	c.last = max(c.last, id)
	if len(c.seen) > 4*catchUpSlack {
		for old := range c.seen {
			if old < c.last-catchUpSlack {
				delete(c.seen, old)
			}
		}
	}
	if from != origin {
		fn(payload)
	}
}

func (s *Store) listen(ctx context.Context, origin string, ready func(), fn func(payload []byte), cur *eventCursor) error {
	// A connection of its own, not the pool's: it waits for
	// notifications as long as the store is open, and Close must not
	// wait for it.
	// Closing the store ends the wait through its context: a pgx
	// connection is used by one goroutine at a time, even to close it.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(s.closing, cancel)
	defer stop()
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.channel()}.Sanitize()); err != nil {
		return err
	}
	// Listening now: what was stored before is history the first time,
	// and what this listener missed after a lost connection.
	if cur.last < 0 {
		if err := conn.QueryRow(ctx, "SELECT coalesce(max(id), 0) FROM run_events").Scan(&cur.last); err != nil {
			return err
		}
		cur.floor = cur.last
	} else {
		rows, err := conn.Query(ctx, "SELECT id, origin, payload FROM run_events WHERE id > $1 ORDER BY id",
			max(cur.floor, cur.last-catchUpSlack))
		if err != nil {
			return err
		}
		var id int64
		var from string
		var payload []byte
		if _, err := pgx.ForEachRow(rows, []any{&id, &from, &payload}, func() error {
			cur.deliver(id, from, origin, bytes.Clone(payload), fn)
			return nil
		}); err != nil {
			return err
		}
	}
	if ready != nil {
		ready()
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		id, err := strconv.ParseInt(n.Payload, 10, 64)
		if err != nil {
			continue // not lore's
		}
		if _, ok := cur.seen[id]; ok {
			continue
		}
		var from string
		var payload []byte
		err = conn.QueryRow(ctx, "SELECT origin, payload FROM run_events WHERE id = $1", id).Scan(&from, &payload)
		if errors.Is(err, pgx.ErrNoRows) {
			continue // pruned already
		}
		if err != nil {
			return err
		}
		cur.deliver(id, from, origin, payload, fn)
	}
}

// Ask records the question run waits on (payload, any encoding), from
// origin, until Settle: a process that starts listening later reads it
// with Questions. The store holds origin's presence (see present) from
// then until it is closed, so that the other processes can tell a
// question whose asker died (RunGone) from one still waiting.
func (s *Store) Ask(ctx context.Context, origin, run string, payload []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := s.present(ctx, origin); err != nil {
		return fmt.Errorf("PostgreSQL store %s: record run %s's question: %w", s.name, run, s.wrapClosed(err))
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO run_questions (run_id, origin, payload) VALUES ($1, $2, $3)
ON CONFLICT (run_id) DO UPDATE SET origin = $2, asked = now(), payload = $3`, run, presentOrigin+origin, payload)
	if err != nil {
		return fmt.Errorf("PostgreSQL store %s: record run %s's question: %w", s.name, run, s.wrapClosed(err))
	}
	return nil
}

// presentOrigin marks, in run_questions, the origin of a question whose
// asker holds its presence lock while it lives. A question without it
// was asked by an older lore, which holds none: it is kept until it is
// settled or too old, as that lore expects.
const presentOrigin = "present:"

// presenceLockClass is the first key of the shared advisory lock by which
// a process shows it is alive to the others: the second is its origin's
// hash (presenceID).
const presenceLockClass int32 = 0x6c6f7270

// presenceID is origin's presence lock's second key.
func presenceID(origin string) int32 {
	h := fnv.New32a()
	h.Write([]byte(origin))
	return int32(h.Sum32())
}

// present takes origin's presence lock, shared, on a connection of the
// store's own that keeps it until the store is closed or the process
// dies: the database lets the lock go with the connection, which is how
// the other processes learn that the asker is gone, at once, with no
// heartbeat to miss. A connection lost meanwhile is made again.
func (s *Store) present(ctx context.Context, origin string) error {
	s.presence.Lock()
	defer s.presence.Unlock()
	if s.presence.conn != nil && s.presence.conn.IsClosed() {
		s.presence.conn, s.presence.held = nil, nil
	}
	if s.presence.conn == nil {
		conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
		if err != nil {
			return fmt.Errorf("hold the presence of %s: %w", origin, err)
		}
		s.presence.conn, s.presence.held = conn, map[string]bool{}
	}
	if s.presence.held[origin] {
		return nil
	}
	if _, err := s.presence.conn.Exec(ctx, "SELECT pg_advisory_lock_shared($1, $2)", presenceLockClass, presenceID(origin)); err != nil {
		_ = s.presence.conn.Close(context.WithoutCancel(ctx))
		s.presence.conn, s.presence.held = nil, nil
		return fmt.Errorf("hold the presence of %s: %w", origin, err)
	}
	s.presence.held[origin] = true
	return nil
}

// closePresence ends the store's presence connection, and with it the
// presence of every origin it held.
func (s *Store) closePresence() {
	s.presence.Lock()
	defer s.presence.Unlock()
	if s.presence.conn != nil {
		_ = s.presence.conn.Close(context.Background())
		s.presence.conn, s.presence.held = nil, nil
	}
}

// gone reports whether the process that recorded origin (as stored in
// run_questions) is known to have ended: it held its presence lock, and
// no connection holds it now. The lock taken to tell is let go at once.
func (s *Store) gone(ctx context.Context, stored string) (bool, error) {
	origin, ok := strings.CutPrefix(stored, presentOrigin)
	if !ok {
		return false, nil
	}
	var free bool
	if err := s.pool.QueryRow(ctx, "SELECT pg_try_advisory_xact_lock($1, $2)", presenceLockClass, presenceID(origin)).Scan(&free); err != nil {
		return false, err
	}
	return free, nil
}

// RunGone reports whether run's question was asked by a process that has
// since ended, and then withdraws the question: the run ended with its
// process, and no decision can reach it. A run with no question recorded
// is not known gone (it was settled, or asked by an older lore).
func (s *Store) RunGone(ctx context.Context, run string) (bool, error) {
	if err := s.checkOpen(); err != nil {
		return false, err
	}
	var stored string
	err := s.pool.QueryRow(ctx, "SELECT origin FROM run_questions WHERE run_id = $1", run).Scan(&stored)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("PostgreSQL store %s: read run %s's question: %w", s.name, run, s.wrapClosed(err))
	}
	if strings.HasPrefix(stored, withdrawnOrigin) {
		return true, nil
	}
	gone, err := s.gone(ctx, stored)
	if err != nil {
		return false, fmt.Errorf("PostgreSQL store %s: is run %s's process alive: %w", s.name, run, s.wrapClosed(err))
	}
	if gone {
		if err := s.withdraw(ctx, stored); err != nil {
			return true, fmt.Errorf("PostgreSQL store %s: withdraw run %s's question: %w", s.name, run, s.wrapClosed(err))
		}
	}
	return gone, nil
}

// withdrawnOrigin marks the question of a process that ended: it is kept,
// read by no one, so that a decision sent for it later is told the run
// was withdrawn rather than never known, until withdrawnKept.
const withdrawnOrigin = "withdrawn:"

// withdrawnKept is how long a withdrawn question is remembered.
const withdrawnKept = 24 * time.Hour

// withdraw marks the questions asked by origin (as stored) withdrawn.
func (s *Store) withdraw(ctx context.Context, stored string) error {
	_, err := s.pool.Exec(ctx, "UPDATE run_questions SET origin = $2 || origin WHERE origin = $1", stored, withdrawnOrigin)
	return err
}

// withdrawGone withdraws the questions of the processes that have ended,
// and forgets those withdrawn long ago.
func (s *Store) withdrawGone(ctx context.Context) error {
	rows, err := s.pool.Query(ctx, "SELECT DISTINCT origin FROM run_questions WHERE starts_with(origin, $1)", presentOrigin)
	if err != nil {
		return err
	}
	origins, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, o := range origins {
		gone, err := s.gone(ctx, o)
		if err != nil {
			return err
		}
		if gone {
			if err := s.withdraw(ctx, o); err != nil {
				return err
			}
		}
	}
	_, err = s.pool.Exec(ctx, "DELETE FROM run_questions WHERE starts_with(origin, $1) AND asked < now() - $2::interval",
		withdrawnOrigin, withdrawnKept.String())
	return err
}

// Settle forgets the question of run, answered or withdrawn.
func (s *Store) Settle(ctx context.Context, run string) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if _, err := s.pool.Exec(ctx, "DELETE FROM run_questions WHERE run_id = $1", run); err != nil {
		return fmt.Errorf("PostgreSQL store %s: forget run %s's question: %w", s.name, run, s.wrapClosed(err))
	}
	return nil
}

// Questions returns the questions asked by other origins within the last
// maxAge (older ones belong to runs that gave up, or to a process that
// died asking), oldest first; those of processes that have ended are
// withdrawn first.
func (s *Store) Questions(ctx context.Context, origin string, maxAge time.Duration) ([][]byte, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	if err := s.withdrawGone(ctx); err != nil {
		return nil, fmt.Errorf("PostgreSQL store %s: withdraw the questions of ended processes: %w", s.name, s.wrapClosed(err))
	}
	rows, err := s.pool.Query(ctx, `SELECT payload FROM run_questions
WHERE origin <> $1 AND origin <> $3 AND NOT starts_with(origin, $4) AND asked > now() - $2::interval
ORDER BY asked, run_id`, origin, maxAge.String(), presentOrigin+origin, withdrawnOrigin)
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL store %s: read the questions waiting: %w", s.name, s.wrapClosed(err))
	}
	var out [][]byte
	var p []byte
	_, err = pgx.ForEachRow(rows, []any{&p}, func() error {
		out = append(out, bytes.Clone(p))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL store %s: read the questions waiting: %w", s.name, s.wrapClosed(err))
	}
	return out, nil
}
