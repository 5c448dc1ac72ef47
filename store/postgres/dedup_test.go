package postgres

import (
	"context"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store/backend"
)

// A database from before migration 8 (primitives without dedup records or
// posting signatures) gets them when opened, and a database whose rows
// were derived by other rules gets them made again: Verify finds nothing
// wrong after either, and the prefilter answers from them.
func TestRederive(t *testing.T) {
	db := pgtest.Start(t)
	st := open(t, db.URL)
	sound(t, st)
	want := verify(t, st)
	if len(want.Problems) != 0 {
		t.Fatalf("sound store: %v", want.Problems)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	conn := connect(t, db.URL)
	for name, damage := range map[string]string{
		// Dropping sig drops the primary key that includes it: schema 7's
		// is put back.
		"schema 7": `ALTER TABLE primitives DROP COLUMN dedup;
ALTER TABLE primitive_keywords DROP COLUMN sig;
ALTER TABLE primitive_keywords ADD PRIMARY KEY (keyword, cell_x, cell_y, id);
DROP TABLE derivation;
DROP INDEX sessions_rejected, sessions_curating;
ALTER TABLE sessions DROP COLUMN source, DROP COLUMN curating;
DELETE FROM lore_schema WHERE version = 8`,
		// With a field of a newer lore's in a record, which the rebuild
		// keeps.
		"other rules": `UPDATE derivation SET features = features + 1;
UPDATE primitives SET dedup = '\x';
UPDATE primitive_keywords SET sig = 0;
UPDATE primitives SET record = ('{"fromNewerLore":1,' || substr(record::text, 2))::json WHERE id = 'base'`,
	} {
		if _, err := conn.Exec(context.Background(), damage); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		st := open(t, db.URL)
		rep := verify(t, st)
		if len(rep.Problems) != 0 || rep.Primitives != want.Primitives || rep.IndexEntries != want.IndexEntries {
			t.Errorf("%s: after opening, %d primitives and %d index entries (want %d, %d), problems %v",
				name, rep.Primitives, rep.IndexEntries, want.Primitives, want.IndexEntries, rep.Problems)
		}
		base, _, err := st.GetPrimitive("base")
		if err != nil {
			t.Fatal(err)
		}
		near, err := st.NearRecords(&core.Primitive{ID: "probe", Keywords: base.Keywords, Plane: base.Plane}, 0.2, 2, 0)
		if err != nil || len(near) != 1 || near[0].ID != "base" || near[0].Features.Hash != "c1" {
			t.Errorf("%s: NearRecords of base's keywords and place: %+v, %v", name, near, err)
		}
		var rec string
		if err := conn.QueryRow(context.Background(), "SELECT record::text FROM primitives WHERE id = 'base'").Scan(&rec); err != nil ||
			name == "other rules" && !strings.HasPrefix(rec, `{"fromNewerLore":1,`) {
			t.Errorf("%s: base's record after the rebuild: %.80s (%v)", name, rec, err)
		}
		var v int
		if err := conn.QueryRow(context.Background(), "SELECT features FROM derivation").Scan(&v); err != nil || v != dedup.FeaturesVersion {
			t.Errorf("%s: derivation records rules %d (%v), want %d", name, v, err, dedup.FeaturesVersion)
		}
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// Rebuild mends every damage to the rows derived from the records, in
// one go, and leaves a record that does not decode as it is, counted.
func TestRebuildRepairsDerivedRows(t *testing.T) {
	db := pgtest.Start(t)
	st := open(t, db.URL)
	sound(t, st)
	conn := connect(t, db.URL)
	for _, damage := range []string{
		`DELETE FROM primitive_keywords WHERE id = 'base' AND keyword = 'space'`,
		`UPDATE primitive_keywords SET cell_x = cell_x + 1, sig = 0 WHERE id = 'axiom' AND keyword = 'axiom'`,
		`DELETE FROM primitive_names WHERE id = 'axiom'`,
		`INSERT INTO primitive_names (first, stems, id) VALUES ('matrix', 'matrix', 'base')`,
		`UPDATE edges SET strength = 0.5, to_id = 'gone' WHERE from_id = 'axiom'`,
		`UPDATE primitives SET dedup = '\x01', domain = 'geometry', importance = 7 WHERE id = 'base'`,
	} {
		if _, err := conn.Exec(context.Background(), damage); err != nil {
			t.Fatal(err)
		}
	}
	if rep := verify(t, st); len(rep.Problems) < 6 {
		t.Fatalf("the damage is not seen: %v", rep.Problems)
	}
	gen, _ := st.Generation()
	skipped, err := st.Rebuild(context.Background())
	if err != nil || skipped != 0 {
		t.Fatalf("rebuild: %d skipped, %v", skipped, err)
	}
	if rep := verify(t, st); len(rep.Problems) != 0 {
		t.Errorf("after the rebuild: %v", rep.Problems)
	}
	if now, _ := st.Generation(); now == gen {
		t.Error("the rebuild did not count as a change of the knowledge")
	}
	if _, err := conn.Exec(context.Background(), `UPDATE primitives SET record = '"not a primitive"' WHERE id = 'base'`); err != nil {
		t.Fatal(err)
	}
	skipped, err = st.Rebuild(context.Background())
	if err != nil || skipped != 1 {
		t.Fatalf("rebuild with a record that does not decode: %d skipped, %v", skipped, err)
	}
	rep := verify(t, st)
	if len(rep.Problems) != 1 || rep.Problems[0].Kind != backend.ProblemCorruptValue || rep.Problems[0].ID != "base" {
		t.Errorf("after the rebuild: %v", rep.Problems)
	}
}
