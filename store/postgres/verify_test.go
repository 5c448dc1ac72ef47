package postgres

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store/backend"
)

// sound fills st with a little of everything, sound: two primitives, one
// depending on the other, in a session of three changes; a skill with a
// source hash; a pending job; a failure signature.
func sound(t *testing.T, st *Store) {
	t.Helper()
	ctx := context.Background()
	base := &core.Primitive{ID: "base", Name: "Vector space", Type: core.Definition, Domain: "algebra",
		Keywords: []string{"vector", "Space"}, Plane: core.PlanePosition{Real: 0.25, Imaginary: -0.5},
		Provenance: core.Provenance{ContentHash: "c1"}, Enables: []string{"axiom"}}
	axiom := &core.Primitive{ID: "axiom", Name: "Vector space axiom", Type: core.Axiom, Domain: "algebra",
		Keywords: []string{"axiom", "vector"}, Plane: core.PlanePosition{Real: 0.3, Imaginary: -0.5},
		Dependencies: []core.Edge{{Target: "base", Type: core.Requires, Strength: 0.75}}}
	err := st.CommitSession(ctx, core.Session{ID: "s1", Kind: core.KindLearn, StartedAt: time.Now()}, []core.Change{
		{Type: core.ChangeAdd, PrimitiveID: "base", After: base},
		{Type: core.ChangeAdd, PrimitiveID: "axiom", After: axiom},
		{Type: core.ChangeNote},
	})
	if err != nil {
		t.Fatal(err)
	}
	sk := &skills.Skill{Key: "team.a", Content: skills.Content{Name: "a", Description: "does a"},
		Lineage: skills.Lineage{SourceHashes: []string{"h1"}}}
	sk.Hash = skills.ContentHash(sk.Content)
	if err := st.PutSkills([]*skills.Skill{sk}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Enqueue([]trajectory.Job{{Path: "~/a.jsonl", Hash: "ha"}}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := st.RecordRun(trajectory.RunRecord{Hash: "hb", Signature: "boom"},
		&trajectory.SignatureRecord{Signature: "boom", Runs: []string{"hb"}}); err != nil {
		t.Fatal(err)
	}
}

func verify(t *testing.T, st *Store) backend.VerifyReport {
	t.Helper()
	rep, err := st.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// A sound store has no problem, and Verify counts what it checked.
func TestVerifySound(t *testing.T) {
	st := open(t, pgtest.Start(t).URL)
	sound(t, st)
	rep := verify(t, st)
	if !rep.OK() {
		t.Fatalf("problems in a sound store: %v", rep.Problems)
	}
	// Keywords: base's two, axiom's two; names: one each.
	if rep.Primitives != 2 || rep.Edges != 1 || rep.ReverseEdges != 1 || rep.IndexEntries != 6 ||
		rep.Sessions != 1 || rep.JournalEntries != 3 || rep.Skills != 1 {
		t.Errorf("checked %+v", rep)
	}
}

// Each table damaged by hand is reported, as the problem its damage is.
func TestVerifyFindsDamage(t *testing.T) {
	for _, c := range []struct {
		name   string
		damage string
		kind   backend.ProblemKind
		id     string
	}{
		{"missing posting", `DELETE FROM primitive_keywords WHERE id = 'base' AND keyword = 'space'`, backend.ProblemMissingIndex, "base"},
		{"stale posting", `UPDATE primitive_keywords SET keyword = 'spice' WHERE id = 'base' AND keyword = 'space'`, backend.ProblemStaleIndex, "base"},
		{"moved posting", `UPDATE primitive_keywords SET cell_x = cell_x + 1 WHERE id = 'axiom' AND keyword = 'axiom'`, backend.ProblemStaleIndex, "axiom"},
		{"missing name", `DELETE FROM primitive_names WHERE id = 'axiom'`, backend.ProblemMissingIndex, "axiom"},
		{"stale name", `INSERT INTO primitive_names (first, stems, id) VALUES ('matrix', 'matrix', 'base')`, backend.ProblemStaleIndex, "base"},
		{"missing edge", `DELETE FROM edges WHERE from_id = 'axiom'`, backend.ProblemMissingReverseEdge, "axiom"},
		{"stale edge", `INSERT INTO edges (to_id, from_id, type, strength) VALUES ('axiom', 'base', 'requires', 1)`, backend.ProblemStaleReverseEdge, "base"},
		{"edge strength", `UPDATE edges SET strength = 0.5 WHERE from_id = 'axiom'`, backend.ProblemEdgeMismatch, "axiom"},
		{"dangling edge", `UPDATE edges SET to_id = 'gone' WHERE from_id = 'axiom'`, backend.ProblemDanglingEdge, "axiom"},
		{"posting signature", `UPDATE primitive_keywords SET sig = 0 WHERE id = 'axiom' AND keyword = 'axiom'`, backend.ProblemStaleIndex, "axiom"},
		{"dedup column", `UPDATE primitives SET dedup = '\x01' WHERE id = 'base'`, backend.ProblemColumnMismatch, "base"},
		{"domain column", `UPDATE primitives SET domain = 'geometry' WHERE id = 'base'`, backend.ProblemColumnMismatch, "base"},
		{"importance column", `UPDATE primitives SET importance = 7 WHERE id = 'base'`, backend.ProblemColumnMismatch, "base"},
		{"record id", `UPDATE primitives SET record = json_build_object('id', 'other') WHERE id = 'base'`, backend.ProblemIDMismatch, "base"},
		{"record", `UPDATE primitives SET record = '"not a primitive"' WHERE id = 'base'`, backend.ProblemCorruptValue, "base"},
		{"change row lost", `DELETE FROM session_changes WHERE session_id = 's1' AND seq = 1`, backend.ProblemJournalMismatch, "s1"},
		{"change row", `UPDATE session_changes SET change = '[1]' WHERE session_id = 's1' AND seq = 2`, backend.ProblemCorruptValue, "s1"},
		{"source column", `UPDATE sessions SET source = 'elsewhere' WHERE id = 's1'`, backend.ProblemColumnMismatch, "s1"},
		{"curating column", `UPDATE sessions SET curating = true WHERE id = 's1'`, backend.ProblemColumnMismatch, "s1"},
		{"state column", `UPDATE sessions SET state = 'reverted' WHERE id = 's1'`, backend.ProblemColumnMismatch, "s1"},
		{"started column", `UPDATE sessions SET started_at = started_at + interval '1 second' WHERE id = 's1'`, backend.ProblemColumnMismatch, "s1"},
		{"session incomplete", `UPDATE sessions SET state = 'journaling', record = json_build_object('id', 's1', 'state', 'journaling', 'changes', 3, 'startedAt', record->'startedAt') WHERE id = 's1'`, backend.ProblemSessionIncomplete, "s1"},
		{"source hash", `DELETE FROM skill_source_hashes`, backend.ProblemMissingIndex, "team.a"},
		{"waiting", `UPDATE queue_jobs SET waiting = false`, backend.ProblemColumnMismatch, "~/a.jsonl"},
		{"queue number", `UPDATE queue_seq SET seq = 0`, backend.ProblemColumnMismatch, "~/a.jsonl"},
		{"failure key", `UPDATE run_failures SET key = '00'`, backend.ProblemIDMismatch, "00"},
		{"schema", fmt.Sprintf(`DELETE FROM lore_schema WHERE version = %d`, SchemaVersion), backend.ProblemSchema, ""},
		// A record changed by hand to close a cycle: its edge row too.
		{"cycle", `UPDATE primitives SET record = json_build_object('id', 'base', 'name', 'Vector space', 'type', 'definition',
	'domain', 'algebra', 'keywords', json_build_array('vector', 'Space'), 'plane', json_build_object('real', 0.25, 'imaginary', -0.5),
	'provenance', json_build_object('contentHash', 'c1'), 'enables', json_build_array('axiom'),
	'dependencies', json_build_array(json_build_object('target', 'axiom', 'type', 'requires', 'strength', 1)))
WHERE id = 'base';
INSERT INTO edges (to_id, from_id, type, strength) VALUES ('axiom', 'base', 'requires', 1)`, backend.ProblemCycle, "axiom"},
	} {
		t.Run(c.name, func(t *testing.T) {
			db := pgtest.Start(t)
			st := open(t, db.URL)
			sound(t, st)
			if _, err := connect(t, db.URL).Exec(context.Background(), c.damage); err != nil {
				t.Fatal(err)
			}
			rep := verify(t, st)
			if rep.Count(c.kind) == 0 {
				t.Fatalf("%s: no %s among %v", c.damage, c.kind, rep.Problems)
			}
			for _, p := range rep.Problems {
				if p.Kind == c.kind && p.ID != c.id {
					t.Errorf("%s names %q, want %q: %s", p.Kind, p.ID, c.id, p)
				}
			}
		})
	}
}
