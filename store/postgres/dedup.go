package postgres

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/errgroup"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
)

// migrationDedup keeps beside each primitive what the dedup prefilter and
// comparator need of it, as the Badger store does: its dedup record, and
// on each of its keyword postings the signature of all its keywords. A
// candidate is then checked without decoding a primitive's JSON and
// without probing the longest keyword lists (see nearQuery). The columns'
// values depend on core's rules (dedup.FeaturesVersion), recorded in
// derivation; rederive fills them, here and whenever those rules change.
const migrationDedup = `
-- dedup.EncodeRecord of the record.
ALTER TABLE primitives ADD COLUMN dedup bytea NOT NULL DEFAULT '\x';
ALTER TABLE primitives ALTER COLUMN dedup DROP DEFAULT;
-- dedup.KeywordSignature of the primitive's keywords (a uint64's bits).
ALTER TABLE primitive_keywords ADD COLUMN sig bigint NOT NULL DEFAULT 0;
ALTER TABLE primitive_keywords ALTER COLUMN sig DROP DEFAULT;
-- The prefilter reads a posting's position and signature with its key:
-- in the index, they spare it a visit to the table for each posting.
ALTER TABLE primitive_keywords DROP CONSTRAINT primitive_keywords_pkey,
	ADD CONSTRAINT primitive_keywords_pkey PRIMARY KEY (keyword, cell_x, cell_y, id) INCLUDE (x, y, sig);
-- One row: the dedup.FeaturesVersion the rows derived from the records
-- were made by; 0 for none.
CREATE TABLE derivation (
	one      boolean PRIMARY KEY DEFAULT true CHECK (one),
	features integer NOT NULL
);
INSERT INTO derivation (features) VALUES (0);

-- Every learn asks which sessions rejected its source and which record
-- curators' decisions: a few of thousands. Columns written from the
-- record, not expressions over it: reading a json value as text fails on
-- the escaped NUL a hostile source's text may bring (see sessions).
-- source: bytea, as the free-text keys are. curating:
-- core.Session.RecordsCurations.
ALTER TABLE sessions ADD COLUMN source bytea NOT NULL DEFAULT '\x',
	ADD COLUMN curating boolean NOT NULL DEFAULT false;
ALTER TABLE sessions ALTER COLUMN source DROP DEFAULT, ALTER COLUMN curating DROP DEFAULT;
CREATE INDEX sessions_rejected ON sessions (source, started_at DESC, id DESC) WHERE ` + condRejected + `;
CREATE INDEX sessions_curating ON sessions (started_at DESC, id DESC) WHERE ` + condCurating + `;
`

// condRejected and condCurating are the conditions of the sessions a
// learn asks for (RejectedSessions, CurationSessions), in SQL.
const (
	condRejected = `state = '` + string(core.SessionRejected) + `'`
	condCurating = `state = '` + string(core.SessionCommitted) + `' AND curating`
)

// fillSessionColumns writes the columns migration 8 adds to the sessions
// stored before it, from their records, decoded here (see
// migrationDedup). A record that does not decode keeps the defaults;
// Verify reports it.
func fillSessionColumns(ctx context.Context, tx pgx.Tx) error {
	rows, err := tx.Query(ctx, "SELECT id, record FROM sessions")
	if err != nil {
		return fmt.Errorf("read the sessions: %w", err)
	}
	type cols struct {
		id       string
		source   []byte
		curating bool
	}
	var all []cols
	var id string
	var rec []byte
	_, err = pgx.ForEachRow(rows, []any{&id, &rec}, func() error {
		var sess core.Session
		if json.Unmarshal(rec, &sess) == nil {
			all = append(all, cols{id, []byte(sess.Source), sess.RecordsCurations()})
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("read the sessions: %w", err)
	}
	for _, c := range all {
		if _, err := tx.Exec(ctx, "UPDATE sessions SET source = $2, curating = $3 WHERE id = $1", c.id, c.source, c.curating); err != nil {
			return fmt.Errorf("fill session %s's columns: %w", c.id, err)
		}
	}
	return nil
}

// rederivePage is how many primitives rederive rewrites at a time.
const rederivePage = 2000

// rederive makes, in tx, every row derived from the primitives' records
// again when they were made by other rules than this build's
// (dedup.FeaturesVersion): after migration 8, and after an upgrade that
// changes how keywords are normalized or features computed.
func (s *Store) rederive(ctx context.Context, tx pgx.Tx) error {
	var exists bool
	if err := tx.QueryRow(ctx, "SELECT to_regclass('derivation') IS NOT NULL").Scan(&exists); err != nil {
		return fmt.Errorf("read the rules the indexes were made by: %w", err)
	}
	if !exists { // a schema before migration 8 (a test's)
		return nil
	}
	var v int
	if err := tx.QueryRow(ctx, "SELECT features FROM derivation").Scan(&v); err != nil {
		return fmt.Errorf("read the rules the indexes were made by: %w", err)
	}
	if v == dedup.FeaturesVersion {
		return nil
	}
	// Processes of an older lore may be writing meanwhile: no migration
	// holds them off when only the rules changed.
	_, err := s.rebuildInTurn(ctx, tx)
	return err
}

// rebuildInTurn is rebuild in the workspace's write turn, taken for tx's
// time: commits of any process wait for it, as for another commit. The
// library's generation moves, so that search indexes are made again.
func (s *Store) rebuildInTurn(ctx context.Context, tx pgx.Tx) (skipped int, err error) {
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", s.turnKey()); err != nil {
		return 0, fmt.Errorf("wait for the write turn: %w", err)
	}
	if err := nextGeneration(ctx, tx); err != nil {
		return 0, err
	}
	return rebuild(ctx, tx)
}

// rebuild makes every row derived from the primitives' records again, in
// tx, and records the rules it made them by. Each page of primitives is
// deleted with its rows and written back (putPrimitives), so the rows
// come from the same code as a commit's; the records themselves are
// written back as they were stored, byte for byte, whatever fields this
// lore knows of. A record that does not decode is
// left as it is, with its rows, and counted (Verify reports it).
func rebuild(ctx context.Context, tx pgx.Tx) (skipped int, err error) {
	after := ""
	for {
		var ids []string
		var ps []*core.Primitive
		var recs [][]byte
		var id string
		var rec []byte
		rows, err := tx.Query(ctx, "SELECT id, record FROM primitives WHERE id > $1 ORDER BY id LIMIT $2", after, rederivePage)
		if err != nil {
			return skipped, fmt.Errorf("rebuild the indexes: %w", err)
		}
		_, err = pgx.ForEachRow(rows, []any{&id, &rec}, func() error {
			after = id
			p, ok := decodesAs(id, rec)
			if !ok {
				skipped++ // left for Verify to report
				return nil
			}
			// pgx reuses rec's buffer for the next row.
			ids, ps, recs = append(ids, id), append(ps, p), append(recs, slices.Clone(rec))
			return nil
		})
		if err != nil {
			return skipped, fmt.Errorf("rebuild the indexes after %q: %w", after, err)
		}
		if len(ids) > 0 {
			if _, err := tx.Exec(ctx, "DELETE FROM primitives WHERE id = ANY($1)", ids); err != nil {
				return skipped, fmt.Errorf("rebuild the indexes: %w", err)
			}
			if err := putPrimitives(ctx, tx, ps, recs); err != nil {
				return skipped, fmt.Errorf("rebuild the indexes: %w", err)
			}
		}
		if rows.CommandTag().RowsAffected() < rederivePage {
			break
		}
	}
	if _, err := tx.Exec(ctx, "UPDATE derivation SET features = $1", dedup.FeaturesVersion); err != nil {
		return skipped, fmt.Errorf("record the rules the indexes were made by: %w", err)
	}
	return skipped, nil
}

// decodesAs decodes a primitive record, reporting whether it is one and
// has the id it is stored under.
func decodesAs(id string, rec []byte) (*core.Primitive, bool) {
	p := new(core.Primitive)
	return p, json.Unmarshal(rec, p) == nil && p.ID == id
}

// Rebuild makes every row derived from the primitives' records again —
// keyword postings and their signatures, names, edges, the columns copied
// from the records and the dedup records — in one transaction, in the
// workspace's write turn: what lore store verify --repair does. Readers
// see the rows from before until it commits. A record that does not
// decode is left as it is and counted in skipped.
func (s *Store) Rebuild(ctx context.Context) (skipped int, err error) {
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		skipped, err = s.rebuildInTurn(ctx, tx)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("PostgreSQL store %s: %w", s.name, s.wrapClosed(err))
	}
	return skipped, nil
}

// NearRecords is Near answered with dedup records, in id order, and
// without the content-hash matches, which the deduper has asked
// SameContentRecords for already: it decodes no primitive's JSON. One
// query (nearQuery) sends the records of the primitives that may qualify;
// here the shared keywords are counted exactly from each record, the
// distance checked from its position, and the limit applied.
func (s *Store) NearRecords(p *core.Primitive, maxDistance float64, minShared, limit int) ([]dedup.Record, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	q := newNearQuestion(p, maxDistance, minShared, limit)
	if q == nil {
		return nil, nil
	}
	rows, err := s.pool.Query(context.Background(), nearQuery, q.args...)
	if err != nil {
		return nil, fmt.Errorf("near %s: %w", p.ID, s.wrapClosed(err))
	}
	out, err := q.answer(rows)
	if err != nil {
		return nil, fmt.Errorf("near %s: %w", p.ID, s.wrapClosed(err))
	}
	return out, nil
}

// RecordsBatch is NearRecords and SameContentRecords for each of ps, in
// one exchange with the database per half: each half's queries are sent
// together and their answers read in order (pgx.Batch), so that checking a
// book's candidates against a database across a network costs a round
// trip per batch rather than two per candidate; the two halves go on two
// connections at once, so that the database works on both.
func (s *Store) RecordsBatch(ps []*core.Primitive, maxDistance float64, minShared, limit int) (near, same [][]dedup.Record, err error) {
	if err := s.checkOpen(); err != nil {
		return nil, nil, err
	}
	near, same = make([][]dedup.Record, len(ps)), make([][]dedup.Record, len(ps))
	if len(ps) < 2*minSplit {
		return near, same, s.recordsBatch(ps, near, same, maxDistance, minShared, limit)
	}
	h := len(ps) / 2
	var g errgroup.Group
	g.Go(func() error { return s.recordsBatch(ps[:h], near[:h], same[:h], maxDistance, minShared, limit) })
	g.Go(func() error { return s.recordsBatch(ps[h:], near[h:], same[h:], maxDistance, minShared, limit) })
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	return near, same, nil
}

// minSplit is the fewest candidates RecordsBatch sends on a connection of
// their own.
const minSplit = 8

// recordsBatch answers ps into near and same in one exchange.
func (s *Store) recordsBatch(ps []*core.Primitive, near, same [][]dedup.Record, maxDistance float64, minShared, limit int) error {
	b := &pgx.Batch{}
	qs := make([]*nearQuestion, len(ps))
	for i, p := range ps {
		if qs[i] = newNearQuestion(p, maxDistance, minShared, limit); qs[i] != nil {
			b.Queue(nearQuery, qs[i].args...)
		}
		if h := p.Provenance.ContentHash; h != "" {
			b.Queue(sameContentQuery, h)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	br := s.pool.SendBatch(context.Background(), b)
	for i, p := range ps {
		if qs[i] != nil {
			rows, err := br.Query()
			if err == nil {
				near[i], err = qs[i].answer(rows)
			}
			if err != nil {
				_ = br.Close()
				return fmt.Errorf("near %s: %w", p.ID, s.wrapClosed(err))
			}
		}
		if h := p.Provenance.ContentHash; h != "" {
			rows, err := br.Query()
			if err == nil {
				same[i], err = scanRecords(rows)
			}
			if err != nil {
				_ = br.Close()
				return fmt.Errorf("primitives with content %s: %w", h, s.wrapClosed(err))
			}
		}
	}
	if err := br.Close(); err != nil {
		return fmt.Errorf("near %d candidates: %w", len(ps), s.wrapClosed(err))
	}
	return nil
}

// nearQuestion is nearQuery's arguments for one candidate, and what its
// answer is checked against.
type nearQuestion struct {
	p           *core.Primitive
	args        []any
	sorted      []string
	k, limit    int
	maxDistance float64
}

// newNearQuestion returns p's question, or nil for a candidate without
// keywords, which shares none.
func newNearQuestion(p *core.Primitive, maxDistance float64, minShared, limit int) *nearQuestion {
	kws := dedup.NormKeywords(p.Keywords)
	if len(kws) == 0 {
		return nil
	}
	xlo, xhi, ylo, yhi := 0, dedup.GridSize-1, 0, dedup.GridSize-1
	if maxDistance >= 0 && maxDistance < 2*math.Sqrt2 {
		xlo, xhi, ylo, yhi = dedup.CellRange(p.Plane, maxDistance)
	}
	bits := make([]int64, len(kws))
	for i, kw := range kws {
		bits[i] = int64(dedup.KeywordBits(kw))
	}
	k := max(minShared, 1)
	return &nearQuestion{p: p, k: k, limit: limit, maxDistance: maxDistance,
		sorted: slices.Sorted(slices.Values(kws)),
		args:   []any{kws, xlo, xhi, ylo, yhi, k, nearProbe, bits, p.Plane.Real, p.Plane.Imaginary, maxDistance + nearSlack}}
}

// answer reads nearQuery's rows: the records sharing enough keywords
// (counted exactly) within the distance, the limit sharing the most (ties
// by id), in id order.
func (q *nearQuestion) answer(rows pgx.Rows) ([]dedup.Record, error) {
	type hit struct {
		n   int
		rec dedup.Record
	}
	var hits []hit
	err := eachRecord(rows, func(r dedup.Record) {
		if n := dedup.CountCommon(q.sorted, r.Features.Keywords); n >= q.k && r.Plane.Distance(q.p.Plane) <= q.maxDistance {
			hits = append(hits, hit{n, r})
		}
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(hits, func(a, b hit) int {
		return cmp.Or(cmp.Compare(b.n, a.n), strings.Compare(a.rec.ID, b.rec.ID))
	})
	if q.limit > 0 && len(hits) > q.limit {
		hits = hits[:q.limit]
	}
	out := make([]dedup.Record, len(hits))
	for i, h := range hits {
		out[i] = h.rec
	}
	slices.SortFunc(out, func(a, b dedup.Record) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// nearSlack widens the database's distance test, in double precision
// like the exact one made here, so that rounding in SQL's arithmetic
// never drops a primitive the exact test keeps.
const nearSlack = 1e-9

// nearQuery sends the id and dedup record of each primitive that lies in
// the cells $2…$3 × $4…$5 within $11 of ($9, $10) and may share $6 of
// the keywords $1, whose signature bits are $8.
//
// A general keyword's postings grow with the store, and reading them all
// for every candidate is what made the prefilter slow on a large store.
// A primitive sharing $6 keywords shares at least one outside any $6−1
// of them, so the $6−1 longest lists in reach (by their length up to $7,
// which is as far as the longest need be read to tell them apart) are
// not walked: the primitives found in the other lists are tested against
// them with the keyword signature their postings carry, which has no
// false negatives, so a primitive it rules out shares too few; those it
// lets through are counted exactly from their records. This is the
// Badger store's skipping of the longest lists, and gives the same answer
// whichever lists are skipped.
const nearQuery = `WITH kw AS (
	SELECT k, b, (SELECT count(*) FROM (SELECT 1 FROM primitive_keywords
		WHERE keyword = k AND cell_x BETWEEN $2 AND $3 AND cell_y BETWEEN $4 AND $5 LIMIT $7) AS l) AS len
	FROM unnest($1::text[], $8::bigint[]) AS t(k, b)
), skipped AS (
	SELECT coalesce(array_agg(b), '{}') AS bits FROM (SELECT b FROM kw ORDER BY len DESC, k LIMIT $6 - 1) AS l
), hits AS (
	SELECT id, count(*) AS n, min(sig) AS sig, min(x) AS x, min(y) AS y
	FROM primitive_keywords
	WHERE keyword = ANY(ARRAY(SELECT k FROM kw ORDER BY len DESC, k OFFSET $6 - 1))
		AND cell_x BETWEEN $2 AND $3 AND cell_y BETWEEN $4 AND $5
	GROUP BY id
)
SELECT h.id, p.dedup FROM hits h CROSS JOIN skipped JOIN primitives p USING (id)
WHERE h.n + (SELECT count(*) FROM unnest(skipped.bits) AS b WHERE h.sig & b = b) >= $6
	AND sqrt((h.x - $9) ^ 2 + (h.y - $10) ^ 2) <= $11`

// nearProbe is how many postings of a keyword nearQuery reads at most to
// rank its list by length.
const nearProbe = 128

// SameContentRecords is SameContent answered with dedup records, in id
// order.
func (s *Store) SameContentRecords(hash string) ([]dedup.Record, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	if hash == "" {
		return nil, nil
	}
	rows, err := s.pool.Query(context.Background(), sameContentQuery, hash)
	if err == nil {
		var out []dedup.Record
		if out, err = scanRecords(rows); err == nil {
			return out, nil
		}
	}
	return nil, fmt.Errorf("primitives with content %s: %w", hash, s.wrapClosed(err))
}

// sameContentQuery repeats the partial index's condition, for the
// statement's cached plan, which must be able to use that index whatever
// $1 is.
const sameContentQuery = "SELECT id, dedup FROM primitives WHERE content_hash = $1 AND content_hash <> '' ORDER BY id"

// scanRecords decodes the (id, dedup) rows a query yields.
func scanRecords(rows pgx.Rows) ([]dedup.Record, error) {
	var out []dedup.Record
	err := eachRecord(rows, func(r dedup.Record) { out = append(out, r) })
	return out, err
}

// eachRecord hands fn the record of each (id, dedup) row rows yields.
func eachRecord(rows pgx.Rows, fn func(dedup.Record)) error {
	var id string
	var b []byte
	_, err := pgx.ForEachRow(rows, []any{&id, &b}, func() error {
		r, err := dedup.DecodeRecord(id, b)
		if err != nil {
			return fmt.Errorf("dedup record of %s: %w", id, err)
		}
		fn(r)
		return nil
	})
	return err
}

// Near is the dedup prefilter with whole primitives (backend's contract):
// NearRecords, with the content-hash matches, then their records.
func (s *Store) Near(p *core.Primitive, maxDistance float64, minShared, limit int) ([]core.Primitive, error) {
	recs, err := s.NearRecords(p, maxDistance, minShared, limit)
	if err != nil {
		return nil, err
	}
	hash := p.Provenance.ContentHash
	if len(recs) == 0 && hash == "" {
		return nil, nil
	}
	ids := make([]string, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	// The primitives of the same content come in the same statement (the
	// condition is sameContentQuery's).
	return s.primitivesWhere("near "+p.ID, `SELECT record FROM primitives
WHERE id = ANY($1) OR (content_hash = $2 AND content_hash <> '') ORDER BY id`, ids, hash)
}
