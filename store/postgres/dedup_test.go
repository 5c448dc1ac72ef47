package postgres

import (
	"context"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/internal/pgtest"
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
DELETE FROM lore_schema WHERE version = 8`,
		"other rules": `UPDATE derivation SET features = features + 1;
UPDATE primitives SET dedup = '\x';
UPDATE primitive_keywords SET sig = 0`,
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
		var v int
		if err := conn.QueryRow(context.Background(), "SELECT features FROM derivation").Scan(&v); err != nil || v != dedup.FeaturesVersion {
			t.Errorf("%s: derivation records rules %d (%v), want %d", name, v, err, dedup.FeaturesVersion)
		}
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
