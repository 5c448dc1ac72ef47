package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/store/backend"
)

// migrationPrimitives is the schema of the knowledge. A primitive's row
// holds its record (the JSON Badger keeps, in a json column for the same
// reasons as a session's) and copies of what queries select by; the
// tables beside it are its derived entries, written with it from the same
// value and removed with it by the foreign keys' cascade, so that no
// entry outlives its primitive.
const migrationPrimitives = `
CREATE TABLE primitives (
	id           text COLLATE "C" PRIMARY KEY,
	domain       text COLLATE "C" NOT NULL,
	type         text COLLATE "C" NOT NULL,
	-- '' for none.
	content_hash text COLLATE "C" NOT NULL,
	importance   integer NOT NULL,
	record       json NOT NULL
);
-- A domain's primitives (generation, browsing).
CREATE INDEX primitives_domain ON primitives (domain, id);
-- Exact duplicates (dedup's first question of every candidate).
CREATE INDEX primitives_content ON primitives (content_hash, id) WHERE content_hash <> '';
-- The ranking's pages: most important first, then by id.
CREATE INDEX primitives_rank ON primitives (importance DESC, id);

-- Keyword postings, filed by keyword and then by the cell of the plane
-- grid the primitive lies in, so that the dedup prefilter reads one
-- keyword's neighbouring cells only; the position itself, to the bit, is
-- kept beside them for the exact distance.
CREATE TABLE primitive_keywords (
	keyword text COLLATE "C" NOT NULL,
	cell_x  smallint NOT NULL,
	cell_y  smallint NOT NULL,
	id      text COLLATE "C" NOT NULL REFERENCES primitives (id) ON DELETE CASCADE,
	x       double precision NOT NULL,
	y       double precision NOT NULL,
	PRIMARY KEY (keyword, cell_x, cell_y, id)
);
CREATE INDEX primitive_keywords_id ON primitive_keywords (id);

-- Names by their first stem: how a statement is searched for the names
-- of primitives learned earlier.
CREATE TABLE primitive_names (
	first text COLLATE "C" NOT NULL,
	stems text COLLATE "C" NOT NULL,
	id    text COLLATE "C" NOT NULL REFERENCES primitives (id) ON DELETE CASCADE,
	PRIMARY KEY (first, stems, id)
);
CREATE INDEX primitive_names_id ON primitive_names (id);

-- Edges, keyed from their target: a primitive's dependencies are in its
-- record; what depends on it is here. The target need not exist.
CREATE TABLE edges (
	to_id    text COLLATE "C" NOT NULL,
	from_id  text COLLATE "C" NOT NULL REFERENCES primitives (id) ON DELETE CASCADE,
	type     text COLLATE "C" NOT NULL,
	strength double precision NOT NULL,
	PRIMARY KEY (to_id, from_id, type)
);
CREATE INDEX edges_from ON edges (from_id);

CREATE TABLE conflicts (
	id     text COLLATE "C" PRIMARY KEY,
	record json NOT NULL
);
`

// applyChanges applies a session's changes (prepared) in tx. A session
// applies its changes in order, and each makes its primitive or conflict
// a whole new state, so the last change to each decides it: every
// primitive touched is deleted with its entries, and the survivors are
// written back with theirs, each table in one COPY, so that a session of
// any size costs a handful of statements.
func applyChanges(ctx context.Context, tx pgx.Tx, changes []core.Change) error {
	if slices.ContainsFunc(changes, func(ch core.Change) bool { return ch.Type != core.ChangeNote }) {
		if err := nextGeneration(ctx, tx); err != nil {
			return err
		}
	}
	prims := map[string]*core.Primitive{}
	conflicts := map[string]*core.Conflict{}
	for i := range changes {
		ch := &changes[i]
		switch ch.Type {
		case core.ChangeAdd, core.ChangeUpdate:
			prims[ch.PrimitiveID] = ch.After
		case core.ChangeRemove:
			prims[ch.PrimitiveID] = nil
		case core.ChangeConflict:
			conflicts[ch.ConflictID] = ch.ConflictAfter
		}
	}
	if len(prims) > 0 {
		ids := slices.Sorted(maps.Keys(prims))
		if _, err := tx.Exec(ctx, "DELETE FROM primitives WHERE id = ANY($1)", ids); err != nil {
			return fmt.Errorf("remove the primitives changed: %w", err)
		}
		var puts []*core.Primitive
		for _, id := range ids {
			if p := prims[id]; p != nil {
				puts = append(puts, p)
			}
		}
		if err := putPrimitives(ctx, tx, puts, nil); err != nil {
			return err
		}
	}
	if len(conflicts) > 0 {
		ids := slices.Sorted(maps.Keys(conflicts))
		if _, err := tx.Exec(ctx, "DELETE FROM conflicts WHERE id = ANY($1)", ids); err != nil {
			return fmt.Errorf("remove the conflicts changed: %w", err)
		}
		var rows [][]any
		for _, id := range ids {
			c := conflicts[id]
			if c == nil {
				continue
			}
			b, err := json.Marshal(c)
			if err != nil {
				return fmt.Errorf("encode conflict %s: %w", id, err)
			}
			rows = append(rows, []any{id, b})
		}
		if err := copyRows(ctx, tx, "conflicts", []string{"id", "record"}, rows); err != nil {
			return err
		}
	}
	return nil
}

// nextGeneration marks the knowledge changed (Generation).
func nextGeneration(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, "SELECT nextval('knowledge_generation')"); err != nil {
		return fmt.Errorf("count the change: %w", err)
	}
	return nil
}

// Generation is a number that changes whenever primitives or conflicts
// change, in this process or another.
func (s *Store) Generation() (uint64, error) {
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	var v int64
	var called bool
	if err := s.pool.QueryRow(context.Background(), "SELECT last_value, is_called FROM knowledge_generation").Scan(&v, &called); err != nil {
		return 0, fmt.Errorf("PostgreSQL store %s: read the knowledge's generation: %w", s.name, s.wrapClosed(err))
	}
	if !called {
		return 0, nil
	}
	return uint64(v), nil
}

// putPrimitives writes ps, none of which is stored, with their entries.
func putPrimitives(ctx context.Context, tx pgx.Tx, ps []*core.Primitive, recs [][]byte) error {
	var prims, kws, names, edges [][]any
	for i, p := range ps {
		var b []byte
		if recs != nil {
			b = recs[i]
		} else {
			var err error
			if b, err = json.Marshal(p); err != nil {
				return fmt.Errorf("encode primitive %s: %w", p.ID, err)
			}
		}
		f := dedup.FeaturesOf(p)
		prims = append(prims, []any{p.ID, p.Domain, string(p.Type), p.Provenance.ContentHash, p.Importance(), b,
			dedup.EncodeRecord(p.Plane, f)})
		col, row := dedup.GridCell(p.Plane)
		// The features' keywords are the record's, normalized, each once.
		sig := int64(dedup.KeywordSignature(f.Keywords))
		for _, kw := range f.Keywords {
			kws = append(kws, []any{kw, int16(col), int16(row), p.ID, p.Plane.Real, p.Plane.Imaginary, sig})
		}
		if ws := text.NameStems(p.Name); len(ws) > 0 {
			names = append(names, []any{ws[0], strings.Join(ws, " "), p.ID})
		}
		for _, e := range edgesOf(p) {
			edges = append(edges, []any{e.Target, p.ID, string(e.Type), e.Strength})
		}
	}
	for _, t := range []struct {
		table string
		cols  []string
		rows  [][]any
	}{
		{"primitives", []string{"id", "domain", "type", "content_hash", "importance", "record", "dedup"}, prims},
		{"primitive_keywords", []string{"keyword", "cell_x", "cell_y", "id", "x", "y", "sig"}, kws},
		{"primitive_names", []string{"first", "stems", "id"}, names},
		{"edges", []string{"to_id", "from_id", "type", "strength"}, edges},
	} {
		if err := copyRows(ctx, tx, t.table, t.cols, t.rows); err != nil {
			return err
		}
	}
	return nil
}

// edgesOf is a primitive's edges as every backend keeps them.
var edgesOf = backend.Edges

func copyRows(ctx context.Context, tx pgx.Tx, table string, cols []string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{table}, cols, pgx.CopyFromRows(rows)); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("write %s: %w (%w)", table, ctx.Err(), err)
		}
		return fmt.Errorf("write %s: %w", table, err)
	}
	return nil
}

// scanPrimitives decodes the records rows yields (one json column).
func scanPrimitives(rows pgx.Rows) ([]core.Primitive, error) {
	var out []core.Primitive
	var b []byte
	_, err := pgx.ForEachRow(rows, []any{&b}, func() error {
		var p core.Primitive
		if err := json.Unmarshal(b, &p); err != nil {
			return fmt.Errorf("decode primitive %d: %w", len(out), err)
		}
		out = append(out, p)
		return nil
	})
	return out, err
}

// primitivesWhere returns the primitives a query of their records gives.
func (s *Store) primitivesWhere(what, query string, args ...any) ([]core.Primitive, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(), query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, s.wrapClosed(err))
	}
	out, err := scanPrimitives(rows)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, s.wrapClosed(err))
	}
	return out, nil
}

// GetPrimitive returns the primitive of this id.
func (s *Store) GetPrimitive(id string) (core.Primitive, bool, error) {
	if err := s.checkOpen(); err != nil {
		return core.Primitive{}, false, err
	}
	if err := backend.CheckID("primitive id", id); err != nil {
		return core.Primitive{}, false, err
	}
	ps, err := s.primitivesWhere("get primitive "+id, "SELECT record FROM primitives WHERE id = $1", id)
	if err != nil || len(ps) == 0 {
		return core.Primitive{}, false, err
	}
	return ps[0], true, nil
}

// Primitives calls fn for every primitive in id order, from one snapshot
// (a repeatable-read transaction) read a page at a time, so that a large
// store is never held in memory at once.
func (s *Store) Primitives(fn func(core.Primitive) error) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	ctx := context.Background()
	var fnErr error
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		after := ""
		for {
			rows, err := tx.Query(ctx, "SELECT record FROM primitives WHERE id > $1 ORDER BY id LIMIT 1000", after)
			if err != nil {
				return err
			}
			page, err := scanPrimitives(rows)
			if err != nil {
				return err
			}
			for _, p := range page {
				if fnErr = fn(p); fnErr != nil {
					return fnErr
				}
			}
			if len(page) < 1000 {
				return nil
			}
			after = page[len(page)-1].ID
		}
	})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("iterate primitives: %w", s.wrapClosed(err))
	}
	return nil
}

// Count is the number of primitives.
func (s *Store) Count() (int, error) {
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	var n int
	if err := s.pool.QueryRow(context.Background(), "SELECT count(*) FROM primitives").Scan(&n); err != nil {
		return 0, fmt.Errorf("count primitives: %w", s.wrapClosed(err))
	}
	return n, nil
}

// HasPrimitives reports whether any primitive is stored, reading one row
// at most (dedup asks it once, to skip lookups against an empty store).
func (s *Store) HasPrimitives() (bool, error) {
	if err := s.checkOpen(); err != nil {
		return false, err
	}
	var has bool
	if err := s.pool.QueryRow(context.Background(), "SELECT EXISTS (SELECT 1 FROM primitives)").Scan(&has); err != nil {
		return false, fmt.Errorf("look for primitives: %w", s.wrapClosed(err))
	}
	return has, nil
}

// ByDomain returns a domain's primitives in id order.
func (s *Store) ByDomain(domain string) ([]core.Primitive, error) {
	return s.primitivesWhere(fmt.Sprintf("primitives of domain %q", domain),
		"SELECT record FROM primitives WHERE domain = $1 ORDER BY id", domain)
}

// SameContent returns the primitives whose content hash is hash.
func (s *Store) SameContent(hash string) ([]core.Primitive, error) {
	if hash == "" {
		return nil, s.checkOpen()
	}
	return s.primitivesWhere("primitives with content "+hash,
		// The partial index's condition, for the statement's cached plan
		// (as sameContentQuery).
		"SELECT record FROM primitives WHERE content_hash = $1 AND content_hash <> '' ORDER BY id", hash)
}

// NamesStartingWith returns, for each word, the primitives whose name's
// first stem it is.
func (s *Store) NamesStartingWith(words []string) (map[string][]core.NameRef, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	out := map[string][]core.NameRef{}
	rows, err := s.pool.Query(context.Background(),
		// The order of Badger's name keys: stems, '/', id.
		"SELECT first, stems, id FROM primitive_names WHERE first = ANY($1) ORDER BY first, stems || '/' || id", words)
	if err != nil {
		return nil, fmt.Errorf("look up names: %w", s.wrapClosed(err))
	}
	var first string
	var ref core.NameRef
	_, err = pgx.ForEachRow(rows, []any{&first, &ref.Name, &ref.ID}, func() error {
		out[first] = append(out[first], ref)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("look up names: %w", s.wrapClosed(err))
	}
	return out, nil
}

// Dependents returns the primitives with an edge to id.
func (s *Store) Dependents(id string) ([]core.Dependent, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	if err := backend.CheckID("primitive id", id); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(),
		"SELECT from_id, type, strength FROM edges WHERE to_id = $1 ORDER BY from_id, type", id)
	if err != nil {
		return nil, fmt.Errorf("dependents of %s: %w", id, s.wrapClosed(err))
	}
	var out []core.Dependent
	var d core.Dependent
	_, err = pgx.ForEachRow(rows, []any{&d.ID, &d.Type, &d.Strength}, func() error {
		out = append(out, d)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("dependents of %s: %w", id, s.wrapClosed(err))
	}
	return out, nil
}

// TopByImportance returns a page of the primitives by descending
// importance.
func (s *Store) TopByImportance(n, offset int) ([]core.Primitive, error) {
	if n <= 0 {
		return nil, s.checkOpen()
	}
	return s.primitivesWhere("top primitives by importance",
		"SELECT record FROM primitives ORDER BY importance DESC, id LIMIT $1 OFFSET $2", n, max(offset, 0))
}

// Conflicts returns every conflict in id order.
func (s *Store) Conflicts() ([]core.Conflict, error) {
	return s.conflictsWhere("list conflicts", "SELECT record FROM conflicts ORDER BY id")
}

// Conflict returns the conflict of this id.
func (s *Store) Conflict(id string) (core.Conflict, bool, error) {
	if err := s.checkOpen(); err != nil {
		return core.Conflict{}, false, err
	}
	if err := backend.CheckID("conflict id", id); err != nil {
		return core.Conflict{}, false, err
	}
	cs, err := s.conflictsWhere("get conflict "+id, "SELECT record FROM conflicts WHERE id = $1", id)
	if err != nil || len(cs) == 0 {
		return core.Conflict{}, false, err
	}
	return cs[0], true, nil
}

func (s *Store) conflictsWhere(what, query string, args ...any) ([]core.Conflict, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(context.Background(), query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, s.wrapClosed(err))
	}
	var out []core.Conflict
	var b []byte
	_, err = pgx.ForEachRow(rows, []any{&b}, func() error {
		var c core.Conflict
		if err := json.Unmarshal(b, &c); err != nil {
			return fmt.Errorf("decode conflict %d: %w", len(out), err)
		}
		out = append(out, c)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, s.wrapClosed(err))
	}
	return out, nil
}
