package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/internal/pgtest"
)

func testSkill(key string) *skills.Skill {
	return &skills.Skill{Key: key, Content: skills.Content{Name: key, Instructions: "do \x00 \u2028 <x>"},
		Status: skills.Draft, Created: time.Unix(1, 123456789).In(time.FixedZone("X", 3600)), Lineage: skills.Lineage{SourceHashes: []string{"h"}}}
}

// The version tells a cache in one process that another process wrote
// skills.
func TestVersionSeesOtherProcesses(t *testing.T) {
	db := pgtest.Start(t)
	a, b := open(t, db.URL), open(t, db.URL)
	if err := a.PutSkills([]*skills.Skill{testSkill("public.a")}); err != nil {
		t.Fatal(err)
	}
	_, at, err := a.SkillsAt()
	if err != nil {
		t.Fatal(err)
	}
	if v := b.Version(); v != at {
		t.Errorf("b sees version %d, a read at %d", v, at)
	}
	if err := b.UpdateSkills([]string{"public.a"}, func(r []*skills.Skill) ([]*skills.Skill, error) { r[0].Uses++; return r, nil }); err != nil {
		t.Fatal(err)
	}
	if v := a.Version(); v == at {
		t.Errorf("a's version is still %d after b wrote", v)
	}
}

// SkillsAt reads records and version from one snapshot: while uses are
// counted, one at a time, every read's count is its version's.
func TestSkillsAtIsOneSnapshot(t *testing.T) {
	db := pgtest.Start(t)
	st := open(t, db.URL)
	if err := st.PutSkills([]*skills.Skill{testSkill("public.a")}); err != nil {
		t.Fatal(err)
	}
	base := st.Version()
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := st.UpdateSkills([]string{"public.a"}, func(r []*skills.Skill) ([]*skills.Skill, error) { r[0].Uses++; return r, nil }); err != nil {
				t.Error(err)
				return
			}
		}
	})
	for range 200 {
		recs, at, err := st.SkillsAt()
		if err != nil {
			t.Fatal(err)
		}
		if uint64(recs[0].Uses) != at-base {
			t.Fatalf("read %d uses at version %d, %d writes after %d", recs[0].Uses, at, at-base, base)
		}
	}
	close(stop)
	wg.Wait()
}

// A version that cannot be read is one never seen before: no cache is
// kept on it.
func TestVersionUnreadable(t *testing.T) {
	st := open(t, pgtest.Start(t).URL)
	v := st.Version()
	_ = st.Close()
	a, b := st.Version(), st.Version()
	if a == b || a == v || b == v {
		t.Errorf("versions of a closed store %d, %d, open %d", a, b, v)
	}
}

// jsonColumn is the text of a record's JSON as the database keeps it.
func jsonColumn(t *testing.T, conn *pgx.Conn, query string, args ...any) []byte {
	t.Helper()
	var s string
	if err := conn.QueryRow(context.Background(), query, args...).Scan(&s); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return []byte(s)
}

// Every record is kept as the bytes of its JSON, the body of Badger's
// value, so a copy between backends moves the same bytes; a skill of
// tens of MB (its resource files) included.
func TestRecordsKeptAsTheirJSON(t *testing.T) {
	db := pgtest.Start(t)
	st := open(t, db.URL)
	conn := connect(t, db.URL)
	ctx := context.Background()
	big := testSkill("public.big")
	big.Files = []skills.File{{Path: "data.bin", Content: bytes.Repeat([]byte{0, 0xff, 'x'}, 10<<20)}}
	if err := st.PutSkills([]*skills.Skill{testSkill("public.a"), big}); err != nil {
		t.Fatal(err)
	}
	art := core.Artifact{Kind: core.SkillArtifact, Name: "a/b\x00", Domain: "d\xff", GeneratedAt: time.Unix(2, 5)}
	if err := st.ReplaceArtifacts(ctx, nil, []core.Artifact{art}, skills.LibraryUpdate{}); err != nil {
		t.Fatal(err)
	}
	run := trajectory.RunRecord{Hash: "cafe", Note: "\x00", Learned: time.Unix(3, 7)}
	sig := trajectory.SignatureRecord{Signature: "boom \x00", Runs: []string{"cafe"}}
	if err := st.RecordRun(run, &sig); err != nil {
		t.Fatal(err)
	}
	now := time.Unix(4, 999).In(time.FixedZone("Y", -7200))
	added, _, err := st.Enqueue([]trajectory.Job{{Path: "~/\xff", Hash: "beef"}}, now)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what  string
		value any
		query string
		args  []any
	}{
		{"skill", testSkill("public.a"), "SELECT record::text FROM skills WHERE key = $1", []any{"public.a"}},
		{"large skill", big, "SELECT record::text FROM skills WHERE key = $1", []any{"public.big"}},
		{"artifact", &art, "SELECT record::text FROM artifacts", nil},
		{"run", run, "SELECT record::text FROM runs", nil},
		{"signature", &sig, "SELECT record::text FROM run_failures", nil},
		{"job", added[0], "SELECT job::text FROM queue_jobs", nil},
		{"queued file", queuedFile{Seq: 1, Hash: "beef"}, "SELECT record::text FROM queue_paths", nil},
	} {
		want, err := json.Marshal(c.value)
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonColumn(t, conn, c.query, c.args...); !bytes.Equal(got, want) {
			t.Errorf("%s kept as\n%.300s\nwant\n%.300s", c.what, got, want)
		}
	}
	got, err := st.Skill("public.big")
	if err != nil || !bytes.Equal(got.Files[0].Content, big.Files[0].Content) {
		t.Errorf("the large skill read back: %v", err)
	}
}

// The queries of the new tables read their indexes and sort nothing.
func TestSkillQueueQueriesUseIndexes(t *testing.T) {
	db := pgtest.Start(t)
	open(t, db.URL)
	conn := connect(t, db.URL)
	if _, err := conn.Exec(context.Background(), "SET enable_seqscan = off; SET enable_bitmapscan = off"); err != nil {
		t.Fatal(err)
	}
	planned(t, conn, []plannedQuery{
		{querySkill, "skills_pkey", []any{"k"}},
		{querySkills, "skills_pkey", nil},
		{querySkillKeys, "skills_pkey", nil},
		{queryLockSkills, "skills_pkey", []any{[]string{"a", "b"}}},
		{querySkillsWithHash, "skill_source_hashes_pkey", []any{[]byte("h")}},
		{queryDropSkillHashes, "skill_source_hashes_key", []any{"k"}},
		{queryArtifacts, "artifacts_pkey", nil},
		{queryDropArtifacts, "artifacts_domain", []any{[][]byte{[]byte("d")}}},
		{queryNextJob, "queue_jobs_waiting", []any{[]uint64{}}},
		{queryJobs, "queue_jobs_pkey", nil},
		{queryQueuedPath, "queue_paths_pkey", []any{[]byte("p")}},
		{queryQueuedPaths, "queue_paths_pkey", []any{[][]byte{[]byte("p"), []byte("q")}}},
		{queryRunsLearned, "runs_pkey", []any{[]string{"a", "b"}}},
		{queryRun, "runs_pkey", []any{"h"}},
		{queryFailure, "run_failures_pkey", []any{"k"}},
	})
}

// A database at schema version 2 (users and sessions) is brought to this
// build's by opening it, its sessions kept.
func TestUpgradeFromVersion2(t *testing.T) {
	db := pgtest.Start(t)
	all := migrations
	migrations = migrations[:2]
	st, err := Open(context.Background(), db.URL)
	migrations = all
	if err != nil {
		t.Fatal(err)
	}
	_ = st.Close()
	// A session as schema 2 stored it (this build writes columns added
	// since); migration 8 fills those from its record.
	if _, err := connect(t, db.URL).Exec(context.Background(), `INSERT INTO sessions (id, started_at, state, record)
VALUES ('s', now(), 'committed', '{"id": "s", "kind": "curate", "source": "/a.md", "state": "committed", "note": "\u0000"}')`); err != nil {
		t.Fatal(err)
	}
	st = open(t, db.URL)
	if sc, err := st.Schema(); err != nil || sc.Version != SchemaVersion {
		t.Errorf("schema after the upgrade %+v, %v", sc, err)
	}
	if _, ok, err := st.Session("s"); !ok || err != nil {
		t.Errorf("session after the upgrade: found %v, %v", ok, err)
	}
	if cs, err := st.CurationSessions(); err != nil || len(cs) != 1 || cs[0].Source != "/a.md" {
		t.Errorf("the session's columns after the upgrade: %+v, %v", cs, err)
	}
	if err := st.PutSkills([]*skills.Skill{testSkill("public.a")}); err != nil {
		t.Errorf("put a skill after the upgrade: %v", err)
	}
}
