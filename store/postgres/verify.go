package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
)

// verifyPage is how many primitives Verify checks at a time: their
// entries are read by their ids, so memory is bounded by the page.
const verifyPage = 1000

// Verify checks what can go wrong in the database, in one snapshot (a
// repeatable-read, read-only transaction), and reports it as Badger's
// Verify does: the schema is this build's; every record decodes and is
// stored under its own id; the columns kept beside a record agree with it;
// the derived tables (keyword postings, names, edges) hold exactly the
// rows each primitive's record implies, an edge's target is stored, and
// the dependency graph has no cycle;
// every session is finished and has as many change rows as its record
// counts, numbered without a gap; the skills' source hashes are indexed;
// the queue's waiting jobs are its pending ones; a failure signature is
// under its key. The transactions of PostgreSQL leave no commit half done,
// so what is checked is what a hand or a bug outside lore could break.
func (s *Store) Verify(ctx context.Context) (backend.VerifyReport, error) {
	var rep backend.VerifyReport
	if err := s.checkOpen(); err != nil {
		return rep, err
	}
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		v := &pgVerifier{ctx: ctx, tx: tx, rep: &rep}
		for _, step := range []func() error{v.schema, v.primitives, v.orphans, v.danglingEdges, v.cycles, v.sessions,
			v.conflicts, v.skills, v.artifacts, v.queue, v.runs, v.publications} {
			if err := step(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return backend.VerifyReport{}, fmt.Errorf("verify PostgreSQL store %s: %w", s.name, s.wrapClosed(err))
	}
	if rep.Problems == nil {
		rep.Problems = []backend.Problem{}
	}
	return rep, nil
}

type pgVerifier struct {
	ctx context.Context
	tx  pgx.Tx
	rep *backend.VerifyReport
}

// each runs query and calls fn after scanning each row into dest.
func (v *pgVerifier) each(what, query string, args []any, dest []any, fn func() error) error {
	rows, err := v.tx.Query(v.ctx, query, args...)
	if err != nil {
		return fmt.Errorf("read %s: %w", what, err)
	}
	if _, err := pgx.ForEachRow(rows, dest, fn); err != nil {
		return fmt.Errorf("read %s: %w", what, err)
	}
	return nil
}

func (v *pgVerifier) schema() error {
	n, err := schemaVersion(v.ctx, v.tx)
	if err != nil {
		return err
	}
	if n != SchemaVersion {
		v.rep.AddAt(backend.ProblemSchema, "lore_schema", "", "schema version %d, this lore writes %d", n, SchemaVersion)
	}
	return nil
}

// expected is what one primitive's record implies in the derived tables,
// each row as text: the keys are what the rows are compared by.
type expected struct {
	keywords map[string]bool
	names    map[string]bool
	// dedup is the primitive's dedup record.
	dedup []byte
	// edges maps target and type to the strength.
	edges map[string]float64
}

func keywordRow(kw string, cx, cy int16, x, y float64, sig int64) string {
	return fmt.Sprintf("%s %d,%d (%v,%v) signature %016x", kw, cx, cy, x, y, uint64(sig))
}

func edgeRow(to, typ string) string { return to + " " + typ }

func implied(p *core.Primitive) expected {
	f := dedup.FeaturesOf(p)
	e := expected{keywords: map[string]bool{}, names: map[string]bool{}, edges: map[string]float64{},
		dedup: dedup.EncodeRecord(p.Plane, f)}
	col, row := dedup.GridCell(p.Plane)
	sig := int64(dedup.KeywordSignature(f.Keywords))
	for _, kw := range f.Keywords {
		e.keywords[keywordRow(kw, int16(col), int16(row), p.Plane.Real, p.Plane.Imaginary, sig)] = true
	}
	if ws := text.NameStems(p.Name); len(ws) > 0 {
		e.names[ws[0]+" "+strings.Join(ws, " ")] = true
	}
	for _, ed := range edgesOf(p) {
		e.edges[edgeRow(ed.Target, string(ed.Type))] = ed.Strength
	}
	return e
}

// primitives checks the records a page at a time, each page's derived
// rows against what its records imply.
func (v *pgVerifier) primitives() error {
	after := ""
	for {
		want := map[string]expected{}
		var ids []string
		var (
			id, domain, typ, hash string
			imp                   int
			rec, dd               []byte
		)
		err := v.each("the primitives", `SELECT id, domain, type, content_hash, importance, record, dedup FROM primitives
WHERE id > $1 ORDER BY id LIMIT $2`, []any{after, verifyPage}, []any{&id, &domain, &typ, &hash, &imp, &rec, &dd}, func() error {
			ids = append(ids, id)
			v.rep.Primitives++
			var p core.Primitive
			if err := json.Unmarshal(rec, &p); err != nil {
				v.rep.AddAt(backend.ProblemCorruptValue, "primitives "+id, id, "record does not decode: %v", err)
				return nil
			}
			if p.ID != id {
				v.rep.AddAt(backend.ProblemIDMismatch, "primitives "+id, id, "record has id %q", p.ID)
			}
			for _, c := range []struct {
				col       string
				got, want any
			}{
				{"domain", domain, p.Domain}, {"type", typ, string(p.Type)},
				{"content_hash", hash, p.Provenance.ContentHash}, {"importance", imp, p.Importance()},
			} {
				if c.got != c.want {
					v.rep.AddAt(backend.ProblemColumnMismatch, "primitives "+id, id, "column %s is %v, the record's %v", c.col, c.got, c.want)
				}
			}
			e := implied(&p)
			if !bytes.Equal(dd, e.dedup) {
				v.rep.AddAt(backend.ProblemColumnMismatch, "primitives "+id, id, "column dedup is not the record's dedup record")
			}
			want[id] = e
			v.rep.Edges += len(e.edges)
			return nil
		})
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil
		}
		if err := v.derived(ids, want); err != nil {
			return err
		}
		if len(ids) < verifyPage {
			return nil
		}
		after = ids[len(ids)-1]
		if err := v.ctx.Err(); err != nil {
			return err
		}
	}
}

// derived compares the derived rows of the primitives ids with what
// their records imply (want; a record that did not decode implies
// nothing, and is reported already).
func (v *pgVerifier) derived(ids []string, want map[string]expected) error {
	var (
		id, kw, first, stems, to, typ string
		cx, cy                        int16
		x, y, strength                float64
		sig                           int64
	)
	seen := map[string]bool{}
	err := v.each("the keyword postings", `SELECT id, keyword, cell_x, cell_y, x, y, sig FROM primitive_keywords WHERE id = ANY($1)`,
		[]any{ids}, []any{&id, &kw, &cx, &cy, &x, &y, &sig}, func() error {
			v.rep.IndexEntries++
			r := keywordRow(kw, cx, cy, x, y, sig)
			seen[id+"\x00"+r] = true
			if e, ok := want[id]; ok && !e.keywords[r] {
				v.rep.AddAt(backend.ProblemStaleIndex, "primitive_keywords "+id, id, "keyword posting %s matches no keyword of the record at its position", r)
			}
			return nil
		})
	if err != nil {
		return err
	}
	err = v.each("the names", `SELECT id, first, stems FROM primitive_names WHERE id = ANY($1)`,
		[]any{ids}, []any{&id, &first, &stems}, func() error {
			v.rep.IndexEntries++
			r := first + " " + stems
			seen[id+"\x00"+r] = true
			if e, ok := want[id]; ok && !e.names[r] {
				v.rep.AddAt(backend.ProblemStaleIndex, "primitive_names "+id, id, "name entry %q is not the record's name", stems)
			}
			return nil
		})
	if err != nil {
		return err
	}
	err = v.each("the edges", `SELECT from_id, to_id, type, strength FROM edges WHERE from_id = ANY($1)`,
		[]any{ids}, []any{&id, &to, &typ, &strength}, func() error {
			v.rep.ReverseEdges++
			r := edgeRow(to, typ)
			seen[id+"\x00"+r] = true
			e, ok := want[id]
			if !ok {
				return nil
			}
			w, found := e.edges[r]
			switch {
			case !found:
				v.rep.AddAt(backend.ProblemStaleReverseEdge, "edges "+id, id, "edge to %s (%s) is not a dependency of the record", to, typ)
			case w != strength && !(math.IsNaN(w) && math.IsNaN(strength)):
				v.rep.AddAt(backend.ProblemEdgeMismatch, "edges "+id, id, "edge to %s (%s) has strength %v, the record %v", to, typ, strength, w)
			}
			return nil
		})
	if err != nil {
		return err
	}
	for _, id := range ids {
		e := want[id]
		for _, r := range slices.Sorted(maps.Keys(e.keywords)) {
			if !seen[id+"\x00"+r] {
				v.rep.AddAt(backend.ProblemMissingIndex, "primitive_keywords "+id, id, "no keyword posting %s", r)
			}
		}
		for _, r := range slices.Sorted(maps.Keys(e.names)) {
			if !seen[id+"\x00"+r] {
				v.rep.AddAt(backend.ProblemMissingIndex, "primitive_names "+id, id, "no name entry %q", r)
			}
		}
		for _, r := range slices.Sorted(maps.Keys(e.edges)) {
			if !seen[id+"\x00"+r] {
				v.rep.AddAt(backend.ProblemMissingReverseEdge, "edges "+id, id, "no edge row for its dependency %s", r)
			}
		}
	}
	return nil
}

// orphans reports derived rows whose primitive is not stored: the foreign
// keys forbid them, so they mean a key dropped by hand.
func (v *pgVerifier) orphans() error {
	for _, t := range []struct{ table, col string }{
		{"primitive_keywords", "id"}, {"primitive_names", "id"}, {"edges", "from_id"},
	} {
		var id string
		err := v.each(t.table, fmt.Sprintf(`SELECT DISTINCT t.%[2]s FROM %[1]s t
WHERE NOT EXISTS (SELECT 1 FROM primitives p WHERE p.id = t.%[2]s) ORDER BY 1`, t.table, t.col), nil, []any{&id}, func() error {
			v.rep.AddAt(backend.ProblemStaleIndex, t.table+" "+id, id, "rows of a primitive that is not stored")
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (v *pgVerifier) danglingEdges() error {
	var from, to string
	return v.each("the edges", `SELECT from_id, to_id FROM edges e
WHERE NOT EXISTS (SELECT 1 FROM primitives p WHERE p.id = e.to_id) ORDER BY from_id, to_id`, nil, []any{&from, &to}, func() error {
		v.rep.AddAt(backend.ProblemDanglingEdge, "edges "+from, from, "depends on %s, which is not stored", to)
		return nil
	})
}

// cycles reports the first cycle of the dependency graph (the edges
// between stored primitives), as Badger's Verify does: a depth-first
// search without recursion, so that a long chain cannot overflow the
// stack.
func (v *pgVerifier) cycles() error {
	index := map[string]int{}
	var ids []string
	node := func(id string) int {
		i, ok := index[id]
		if !ok {
			i = len(ids)
			index[id] = i
			ids = append(ids, id)
		}
		return i
	}
	var adj [][]int
	var from, to string
	err := v.each("the edges", `SELECT e.from_id, e.to_id FROM edges e
WHERE EXISTS (SELECT 1 FROM primitives p WHERE p.id = e.to_id) ORDER BY e.from_id, e.to_id`, nil, []any{&from, &to}, func() error {
		f, t := node(from), node(to)
		for len(adj) < len(ids) {
			adj = append(adj, nil)
		}
		adj[f] = append(adj[f], t)
		return nil
	})
	if err != nil {
		return err
	}
	cycle, err := backend.FirstCycle(adj, nil)
	if err != nil || cycle == nil {
		return err
	}
	path := make([]string, len(cycle))
	for i, n := range cycle {
		path[i] = ids[n]
	}
	v.rep.AddAt(backend.ProblemCycle, "edges "+path[0], path[0], "dependency cycle of %d primitives: %s", len(path), backend.CyclePath(path))
	return nil
}

// changeRows is what a session's change rows are: how many, and the
// first and last number.
type changeRows struct{ n, first, last int }

func (v *pgVerifier) sessions() error {
	rows := map[string]changeRows{}
	var (
		id          string
		n, lo, hi   int
		seq         int
		change, rec []byte
	)
	err := v.each("the change rows", `SELECT session_id, count(*), min(seq), max(seq) FROM session_changes GROUP BY session_id`,
		nil, []any{&id, &n, &lo, &hi}, func() error {
			rows[id] = changeRows{n, lo, hi}
			v.rep.JournalEntries += n
			return nil
		})
	if err != nil {
		return err
	}
	err = v.each("the changes", `SELECT session_id, seq, change FROM session_changes ORDER BY session_id, seq`,
		nil, []any{&id, &seq, &change}, func() error {
			var ch core.Change
			if err := json.Unmarshal(change, &ch); err != nil {
				v.rep.AddAt(backend.ProblemCorruptValue, fmt.Sprintf("session_changes %s %d", id, seq), id, "change %d does not decode: %v", seq, err)
			}
			return nil
		})
	if err != nil {
		return err
	}
	var (
		started  time.Time
		state    string
		reverts  *string
		source   []byte
		curating bool
	)
	return v.each("the sessions", `SELECT id, started_at, state, reverts, record, source, curating FROM sessions ORDER BY id`,
		nil, []any{&id, &started, &state, &reverts, &rec, &source, &curating}, func() error {
			v.rep.Sessions++
			key := "sessions " + id
			var sess core.Session
			if err := json.Unmarshal(rec, &sess); err != nil {
				v.rep.AddAt(backend.ProblemCorruptValue, key, id, "record does not decode: %v", err)
				return nil
			}
			if sess.ID != id {
				v.rep.AddAt(backend.ProblemIDMismatch, key, id, "record has id %q", sess.ID)
			}
			if state != string(sess.State) {
				v.rep.AddAt(backend.ProblemColumnMismatch, key, id, "column state is %s, the record's %s", state, sess.State)
			}
			if !started.Equal(micro(sess.StartedAt)) {
				v.rep.AddAt(backend.ProblemColumnMismatch, key, id, "column started_at is %s, the record's %s",
					started.UTC().Format(time.RFC3339Nano), sess.StartedAt.UTC().Format(time.RFC3339Nano))
			}
			if r := deref(reverts); r != sess.Reverts {
				v.rep.AddAt(backend.ProblemColumnMismatch, key, id, "column reverts is %q, the record's %q", r, sess.Reverts)
			}
			if string(source) != sess.Source {
				v.rep.AddAt(backend.ProblemColumnMismatch, key, id, "column source is %q, the record's %q", source, sess.Source)
			}
			if curating != sess.RecordsCurations() {
				v.rep.AddAt(backend.ProblemColumnMismatch, key, id, "column curating is %v, the record's kind and options say %v", curating, sess.RecordsCurations())
			}
			switch sess.State {
			case core.SessionCommitted, core.SessionReverted, core.SessionRejected:
			default:
				v.rep.AddAt(backend.ProblemSessionIncomplete, key, id, "session is %s", sess.State)
			}
			got := rows[id]
			if got.n != sess.Changes || got.n > 0 && (got.first != 0 || got.last != got.n-1) {
				v.rep.AddAt(backend.ProblemJournalMismatch, key, id, "%d change rows numbered %d…%d, the record counts %d",
					got.n, got.first, got.last, sess.Changes)
			}
			return nil
		})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func (v *pgVerifier) conflicts() error {
	var (
		id  string
		rec []byte
	)
	return v.each("the conflicts", `SELECT id, record FROM conflicts ORDER BY id`, nil, []any{&id, &rec}, func() error {
		var c core.Conflict
		if err := json.Unmarshal(rec, &c); err != nil {
			v.rep.AddAt(backend.ProblemCorruptValue, "conflicts "+id, id, "record does not decode: %v", err)
		} else if c.ID != id {
			v.rep.AddAt(backend.ProblemIDMismatch, "conflicts "+id, id, "record has id %q", c.ID)
		}
		return nil
	})
}

// skills checks the records as Badger's Verify does (decoding, key,
// content hash) and the index of their source hashes against them.
func (v *pgVerifier) skills() error {
	indexed := map[string]bool{}
	var (
		key  string
		hash []byte
		rec  []byte
	)
	err := v.each("the skills' source hashes", `SELECT key, hash FROM skill_source_hashes`, nil, []any{&key, &hash}, func() error {
		indexed[key+"\x00"+string(hash)] = true
		return nil
	})
	if err != nil {
		return err
	}
	err = v.each("the skills", `SELECT key, record FROM skills ORDER BY key`, nil, []any{&key, &rec}, func() error {
		v.rep.Skills++
		where := "skills " + key
		var sk skills.Skill
		if err := json.Unmarshal(rec, &sk); err != nil {
			v.rep.AddAt(backend.ProblemCorruptValue, where, key, "record does not decode: %v", err)
			return nil
		}
		if sk.Key != key {
			v.rep.AddAt(backend.ProblemIDMismatch, where, key, "skill record has key %q", sk.Key)
		}
		if h := skills.ContentHash(sk.Content); h != sk.Hash {
			v.rep.AddAt(backend.ProblemCorruptValue, where, key, "content hash %.12s… differs from the recorded %.12s…", h, sk.Hash)
		}
		for _, h := range sk.Lineage.SourceHashes {
			if h == "" {
				continue
			}
			if !indexed[key+"\x00"+h] {
				v.rep.AddAt(backend.ProblemMissingIndex, "skill_source_hashes "+key, key, "source hash %q is not indexed", h)
			}
			delete(indexed, key+"\x00"+h)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range slices.Sorted(maps.Keys(indexed)) {
		key, h, _ := strings.Cut(k, "\x00")
		v.rep.AddAt(backend.ProblemStaleIndex, "skill_source_hashes "+key, key, "source hash %q is not in the skill's lineage", h)
	}
	return nil
}

func (v *pgVerifier) artifacts() error {
	var key, domain, rec []byte
	return v.each("the artifacts", `SELECT key, domain, record FROM artifacts ORDER BY key`, nil, []any{&key, &domain, &rec}, func() error {
		where := fmt.Sprintf("artifacts %q", key)
		var a core.Artifact
		if err := json.Unmarshal(rec, &a); err != nil {
			v.rep.AddAt(backend.ProblemCorruptValue, where, string(key), "record does not decode: %v", err)
			return nil
		}
		if k := backend.ArtifactKey(a.Kind, a.Name); k != string(key) {
			v.rep.AddAt(backend.ProblemIDMismatch, where, string(key), "record is %s %s, key %q", a.Kind, a.Name, k)
		}
		if string(domain) != a.Domain {
			v.rep.AddAt(backend.ProblemColumnMismatch, where, string(key), "column domain is %q, the record's %q", domain, a.Domain)
		}
		return nil
	})
}

func (v *pgVerifier) queue() error {
	var (
		seq, last int64
		waiting   bool
		rec       []byte
	)
	if err := v.tx.QueryRow(v.ctx, `SELECT seq FROM queue_seq`).Scan(&last); err != nil {
		return fmt.Errorf("read the queue's number: %w", err)
	}
	return v.each("the queue", `SELECT seq, waiting, job FROM queue_jobs ORDER BY seq`, nil, []any{&seq, &waiting, &rec}, func() error {
		where := fmt.Sprintf("queue_jobs %d", seq)
		var j trajectory.Job
		if err := json.Unmarshal(rec, &j); err != nil {
			v.rep.AddAt(backend.ProblemCorruptValue, where, "", "job does not decode: %v", err)
			return nil
		}
		if int64(j.Seq) != seq {
			v.rep.AddAt(backend.ProblemIDMismatch, where, j.Path, "job has number %d", j.Seq)
		}
		if pending := j.State == trajectory.Pending; waiting != pending {
			v.rep.AddAt(backend.ProblemColumnMismatch, where, j.Path, "column waiting is %v for a job %s", waiting, j.State)
		}
		if seq > last {
			v.rep.AddAt(backend.ProblemColumnMismatch, where, j.Path, "job %d is past the queue's number %d: the next job would take it", seq, last)
		}
		return nil
	})
}

func (v *pgVerifier) runs() error {
	var (
		key string
		rec []byte
	)
	err := v.each("the learned runs", `SELECT hash, record FROM runs ORDER BY hash`, nil, []any{&key, &rec}, func() error {
		var r trajectory.RunRecord
		if err := json.Unmarshal(rec, &r); err != nil {
			v.rep.AddAt(backend.ProblemCorruptValue, "runs "+key, key, "record does not decode: %v", err)
		} else if r.Hash != key {
			v.rep.AddAt(backend.ProblemIDMismatch, "runs "+key, key, "record has hash %q", r.Hash)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return v.each("the failure signatures", `SELECT key, record FROM run_failures ORDER BY key`, nil, []any{&key, &rec}, func() error {
		var r trajectory.SignatureRecord
		if err := json.Unmarshal(rec, &r); err != nil {
			v.rep.AddAt(backend.ProblemCorruptValue, "run_failures "+key, key, "record does not decode: %v", err)
		} else if k := failureKey(r.Signature); k != key {
			v.rep.AddAt(backend.ProblemIDMismatch, "run_failures "+key, key, "signature %q is filed under %s", r.Signature, k)
		}
		return nil
	})
}

// publications reports the sessions whose artifacts are still to be
// written, as Badger's Verify does.
func (v *pgVerifier) publications() error {
	var session string
	return v.each("the pending publications", `SELECT session FROM publications ORDER BY session`, nil, []any{&session}, func() error {
		v.rep.AddAt(backend.ProblemUnpublished, "publications "+session, session,
			"the artifacts of session %s were not written (interrupted after its commit); the next lore command that opens the store for writing writes them", session)
		return nil
	})
}
