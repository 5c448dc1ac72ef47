package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
)

// The PostgreSQL store is a backend.Source (a library copied out of it)
// and a backend.Loader (one copied into it).
var (
	_ backend.Source = (*Store)(nil)
	_ backend.Loader = (*Store)(nil)
)

// loadTables are the tables a load writes, locked for its transaction.
var loadTables = []string{"users", "sessions", "session_changes", "primitives", "primitive_keywords",
	"primitive_names", "edges", "conflicts", "skills", "skill_source_hashes", "skills_version",
	"artifacts", "publications", "queue_jobs", "queue_paths", "queue_seq", "runs", "run_failures"}

// queryHoldings counts what a workspace holds, by kind (backend.Counts).
const queryHoldings = `SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM sessions),
(SELECT count(*) FROM session_changes), (SELECT count(*) FROM sessions WHERE report IS NOT NULL),
(SELECT count(*) FROM primitives), (SELECT count(*) FROM conflicts), (SELECT count(*) FROM skills),
(SELECT count(*) FROM artifacts), (SELECT count(*) FROM publications), (SELECT count(*) FROM queue_jobs),
(SELECT count(*) FROM queue_paths), (SELECT count(*) FROM runs), (SELECT count(*) FROM run_failures)`

func holdings(ctx context.Context, q querier) (backend.Counts, error) {
	var c backend.Counts
	err := q.QueryRow(ctx, queryHoldings).Scan(&c.Users, &c.Sessions, &c.Changes, &c.Reports,
		&c.Primitives, &c.Conflicts, &c.Skills, &c.Artifacts, &c.Publications, &c.Jobs,
		&c.QueuedFiles, &c.Runs, &c.FailureSignatures)
	if err != nil {
		return c, fmt.Errorf("count what the store holds: %w", err)
	}
	return c, nil
}

// Holdings counts what the workspace holds.
func (s *Store) Holdings(ctx context.Context) (backend.Counts, error) {
	if err := s.checkOpen(); err != nil {
		return backend.Counts{}, err
	}
	c, err := holdings(ctx, s.pool)
	if err != nil {
		return c, fmt.Errorf("PostgreSQL store %s: %w", s.name, s.wrapClosed(err))
	}
	return c, nil
}

// Load fills the workspace, which must hold nothing (a
// *backend.NotEmptyError otherwise), with what fill gives the Bulk, in one
// transaction: its tables are locked against every write (reads go on, and
// see the workspace empty until the load commits), checked empty, and
// filled with COPY. An error, from fill or the database, or ctx cancelled
// rolls it all back, so a load interrupted by anything, its process's end
// included, leaves the workspace empty.
func (s *Store) Load(ctx context.Context, fill func(backend.Bulk) error) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tables := make([]string, len(loadTables))
		for i, t := range loadTables {
			tables[i] = pgx.Identifier{t}.Sanitize()
		}
		if _, err := tx.Exec(ctx, "LOCK TABLE "+strings.Join(tables, ", ")+" IN EXCLUSIVE MODE"); err != nil {
			return fmt.Errorf("lock the tables: %w", err)
		}
		held, err := holdings(ctx, tx)
		if err != nil {
			return err
		}
		if !held.IsZero() {
			return &backend.NotEmptyError{Store: s.name, Holds: held}
		}
		b := &pgBulk{ctx: ctx, tx: tx}
		if err := fill(b); err != nil {
			return err
		}
		if err := b.flushSessions(); err != nil {
			return err
		}
		if b.skills {
			if err := lockSkills(ctx, tx); err != nil {
				return err
			}
		}
		if b.jobs {
			if _, err := tx.Exec(ctx, querySetSeq, int64(b.maxSeq)); err != nil {
				return fmt.Errorf("set the queue's number: %w", err)
			}
		}
		// Committed only if ctx still holds: a copy cancelled after its
		// last record is not made.
		return ctx.Err()
	})
	if err != nil {
		if ne, ok := errors.AsType[*backend.NotEmptyError](err); ok {
			return ne
		}
		return fmt.Errorf("load PostgreSQL store %s: %w", s.name, s.wrapClosed(err))
	}
	return nil
}

// pgBulk writes a load's records in its transaction. Sessions and their
// changes are gathered and sent a few thousand rows at a time, since a
// library holds many small sessions.
type pgBulk struct {
	ctx          context.Context
	tx           pgx.Tx
	sessions     [][]any
	changes      [][]any
	skills, jobs bool
	maxSeq       uint64
}

// sessionBatch and changeBatch bound the rows a load holds before it
// sends them.
const (
	sessionBatch = 1000
	changeBatch  = 5000
)

func (b *pgBulk) copy(table string, cols []string, rows [][]any) error {
	return copyRows(b.ctx, b.tx, table, cols, rows)
}

func (b *pgBulk) Users(us []access.User) error {
	rows := make([][]any, 0, len(us))
	for _, u := range us {
		if err := backend.CheckID("user", u.Name); err != nil {
			return err
		}
		if err := backend.CheckID("token hash", u.TokenHash); err != nil {
			return fmt.Errorf("user %s: %w", u.Name, err)
		}
		rows = append(rows, []any{u.Name, string(u.Role), u.Workspace, u.TokenHash, u.TokenHint,
			nullTime(u.Created), nullTime(u.Expires), nullTime(u.LastUsed), nullTime(u.Revoked), u.By})
	}
	return b.copy("users", []string{"name", "role", "workspace", "token_hash", "token_hint",
		"created", "expires", "last_used", "revoked", "added_by"}, rows)
}

// Session keeps the record as it is, its times to the nanosecond if it
// has them (a json column keeps its bytes), so that a library copied out
// and back is the same; the started_at column beside it, which orders the
// listing, is to the microsecond.
func (b *pgBulk) Session(sess core.Session, changes []core.Change, report []byte) error {
	if err := backend.CheckID("session id", sess.ID); err != nil {
		return err
	}
	rec, err := json.Marshal(sess)
	if err != nil {
		return fmt.Errorf("encode session %s: %w", sess.ID, err)
	}
	var reverts *string
	if sess.Reverts != "" {
		reverts = &sess.Reverts
	}
	b.sessions = append(b.sessions, []any{sess.ID, micro(sess.StartedAt), string(sess.State), reverts, rec, report,
		[]byte(sess.Source), sess.RecordsCurations()})
	for i := range changes {
		c, err := json.Marshal(&changes[i])
		if err != nil {
			return fmt.Errorf("encode change %d of session %s: %w", i, sess.ID, err)
		}
		b.changes = append(b.changes, []any{sess.ID, i, c})
	}
	if len(b.sessions) >= sessionBatch || len(b.changes) >= changeBatch {
		return b.flushSessions()
	}
	return nil
}

// flushSessions sends the sessions gathered, then their changes (which
// refer to them).
func (b *pgBulk) flushSessions() error {
	if err := b.copy("sessions", []string{"id", "started_at", "state", "reverts", "record", "report", "source", "curating"}, b.sessions); err != nil {
		return err
	}
	if err := b.copy("session_changes", []string{"session_id", "seq", "change"}, b.changes); err != nil {
		return err
	}
	clear(b.sessions)
	clear(b.changes)
	b.sessions, b.changes = b.sessions[:0], b.changes[:0]
	return nil
}

func (b *pgBulk) Primitives(ps []core.Primitive) error {
	ptrs := make([]*core.Primitive, len(ps))
	for i := range ps {
		if err := backend.CheckPrimitive(&ps[i]); err != nil {
			return err
		}
		ptrs[i] = &ps[i]
	}
	if err := nextGeneration(b.ctx, b.tx); err != nil {
		return err
	}
	return putPrimitives(b.ctx, b.tx, ptrs, nil)
}

func (b *pgBulk) Conflicts(cs []core.Conflict) error {
	rows := make([][]any, 0, len(cs))
	for _, c := range cs {
		if err := backend.CheckID("conflict id", c.ID); err != nil {
			return err
		}
		v, err := json.Marshal(c)
		if err != nil {
			return fmt.Errorf("encode conflict %s: %w", c.ID, err)
		}
		rows = append(rows, []any{c.ID, v})
	}
	if err := nextGeneration(b.ctx, b.tx); err != nil {
		return err
	}
	return b.copy("conflicts", []string{"id", "record"}, rows)
}

func (b *pgBulk) Skills(recs []*skills.Skill) error {
	var rows, hashes [][]any
	for _, r := range recs {
		if err := backend.CheckID("skill key", r.Key); err != nil {
			return err
		}
		v, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("encode skill %s: %w", r.Key, err)
		}
		rows = append(rows, []any{r.Key, v})
		var seen []string
		for _, h := range r.Lineage.SourceHashes {
			if h == "" || slices.Contains(seen, h) {
				continue
			}
			seen = append(seen, h)
			hashes = append(hashes, []any{[]byte(h), r.Key})
		}
	}
	b.skills = true
	if err := b.copy("skills", []string{"key", "record"}, rows); err != nil {
		return err
	}
	return b.copy("skill_source_hashes", []string{"hash", "key"}, hashes)
}

func (b *pgBulk) Artifacts(arts []core.Artifact) error {
	rows := make([][]any, 0, len(arts))
	for i := range arts {
		a := &arts[i]
		v, err := json.Marshal(a)
		if err != nil {
			return fmt.Errorf("encode artifact %s %s: %w", a.Kind, a.Name, err)
		}
		rows = append(rows, []any{[]byte(backend.ArtifactKey(a.Kind, a.Name)), []byte(asJSONDecodes(a.Domain)), v})
	}
	return b.copy("artifacts", []string{"key", "domain", "record"}, rows)
}

func (b *pgBulk) Publications(pubs map[string][]byte) error {
	rows := make([][]any, 0, len(pubs))
	for session, rec := range pubs {
		if err := backend.CheckID("session id", session); err != nil {
			return fmt.Errorf("publication: %w", err)
		}
		if rec == nil {
			rec = []byte{}
		}
		rows = append(rows, []any{session, rec})
	}
	return b.copy("publications", []string{"session", "record"}, rows)
}

// Jobs writes each job under its number, waiting while it is pending (as
// Enqueue and FinishJob leave it).
func (b *pgBulk) Jobs(jobs []trajectory.Job) error {
	rows := make([][]any, 0, len(jobs))
	for _, j := range jobs {
		v, err := json.Marshal(j)
		if err != nil {
			return fmt.Errorf("encode job %d: %w", j.Seq, err)
		}
		rows = append(rows, []any{int64(j.Seq), j.State == trajectory.Pending, v})
		b.jobs = true
		b.maxSeq = max(b.maxSeq, j.Seq)
	}
	return b.copy("queue_jobs", []string{"seq", "waiting", "job"}, rows)
}

func (b *pgBulk) QueuedFiles(fs []backend.QueuedFile) error {
	rows := make([][]any, 0, len(fs))
	for _, f := range fs {
		v, err := json.Marshal(queuedFile{Seq: f.Seq, Hash: f.Hash})
		if err != nil {
			return fmt.Errorf("encode the last job of %s: %w", f.Path, err)
		}
		rows = append(rows, []any{[]byte(f.Path), v})
	}
	return b.copy("queue_paths", []string{"path", "record"}, rows)
}

func (b *pgBulk) Runs(recs []trajectory.RunRecord) error {
	rows := make([][]any, 0, len(recs))
	for _, r := range recs {
		if err := backend.CheckID("run hash", r.Hash); err != nil {
			return err
		}
		v, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("encode run %s: %w", r.Hash, err)
		}
		rows = append(rows, []any{r.Hash, v})
	}
	return b.copy("runs", []string{"hash", "record"}, rows)
}

func (b *pgBulk) FailureSignatures(sigs []trajectory.SignatureRecord) error {
	rows := make([][]any, 0, len(sigs))
	for _, sig := range sigs {
		v, err := json.Marshal(sig)
		if err != nil {
			return fmt.Errorf("encode failure signature %q: %w", sig.Signature, err)
		}
		rows = append(rows, []any{failureKey(sig.Signature), v})
	}
	return b.copy("run_failures", []string{"key", "record"}, rows)
}

// eachJSON decodes every record query returns (its second column, JSON)
// and calls fn with it and its key (the first, as bytes).
func eachJSON[T any](s *Store, what, query string, fn func(key []byte, v T) error) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	rows, err := s.pool.Query(context.Background(), query)
	if err != nil {
		return fmt.Errorf("list %s: %w", what, s.wrapClosed(err))
	}
	var key, rec []byte
	_, err = pgx.ForEachRow(rows, []any{&key, &rec}, func() error {
		var v T
		if err := json.Unmarshal(rec, &v); err != nil {
			return fmt.Errorf("decode %q: %w", key, err)
		}
		return fn(key, v)
	})
	if err != nil {
		return fmt.Errorf("list %s: %w", what, s.wrapClosed(err))
	}
	return nil
}

// QueuedFiles calls fn for the last job of every file queued.
func (s *Store) QueuedFiles(fn func(backend.QueuedFile) error) error {
	return eachJSON(s, "the queued files", "SELECT path, record FROM queue_paths ORDER BY path",
		func(path []byte, f queuedFile) error {
			return fn(backend.QueuedFile{Path: string(path), Seq: f.Seq, Hash: f.Hash})
		})
}

// RunRecords calls fn for every run learned, by content hash.
func (s *Store) RunRecords(fn func(trajectory.RunRecord) error) error {
	return eachJSON(s, "the learned runs", "SELECT convert_to(hash, 'UTF8'), record FROM runs ORDER BY hash",
		func(_ []byte, r trajectory.RunRecord) error { return fn(r) })
}

// FailureSignatures calls fn for every failure signature counted.
func (s *Store) FailureSignatures(fn func(trajectory.SignatureRecord) error) error {
	return eachJSON(s, "the failure signatures", "SELECT convert_to(key, 'UTF8'), record FROM run_failures ORDER BY key",
		func(_ []byte, r trajectory.SignatureRecord) error { return fn(r) })
}
