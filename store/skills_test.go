package store_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store"
)

var skillTime = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

func skill(t testing.TB, key, name string) *skills.Skill {
	t.Helper()
	c := skills.Content{Name: name, Description: "Use when working with " + name + ".", Instructions: "# " + name + "\n\nSteps.\n",
		Files: []skills.File{{Path: "references/notes.md", Content: []byte("notes of " + name)}}}
	s, err := skills.New(key, c, skills.Imported, skills.Active, skills.Provenance{Document: name + "/SKILL.md"}, skillTime)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func skillLibrary(t testing.TB, n int) []*skills.Skill {
	out := make([]*skills.Skill, n)
	for i := range out {
		name := fmt.Sprintf("skill-%04d", i)
		out[i] = skill(t, "public."+name, name)
	}
	return out
}

func TestSkillLibrary(t *testing.T) {
	s := openMem(t)
	defer s.Close()
	lib := []*skills.Skill{skill(t, "team.b", "b"), skill(t, "public.a", "a")}
	if err := s.PutSkills(lib); err != nil {
		t.Fatal(err)
	}
	got, err := s.Skills()
	if err != nil || len(got) != 2 || got[0].Key != "public.a" || got[1].Key != "team.b" {
		t.Fatalf("Skills() = %v, %v; want public.a, team.b", got, err)
	}
	if keys, err := s.SkillKeys(); err != nil || !reflect.DeepEqual(keys, []string{"public.a", "team.b"}) {
		t.Fatalf("SkillKeys() = %v, %v", keys, err)
	}
	if !reflect.DeepEqual(got[0], lib[1]) {
		t.Fatalf("stored record differs:\n%+v\n%+v", got[0], lib[1])
	}
	if _, err := s.Skill("public.zzz"); !errors.Is(err, store.ErrSkillNotFound) {
		t.Fatalf("unknown skill: %v", err)
	}

	// A read-modify-write writes what fn returns, new records included.
	err = s.UpdateSkills([]string{"public.a"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
		recs[0].RecordUse(true, skillTime)
		return append(recs, skill(t, "public.c", "c")), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := s.Skill("public.a"); a.Uses != 1 {
		t.Fatalf("use not stored: %d", a.Uses)
	}
	if _, err := s.Skill("public.c"); err != nil {
		t.Fatalf("new record from UpdateSkills: %v", err)
	}

	// An error, or an unknown key, changes nothing.
	boom := errors.New("boom")
	err = s.UpdateSkills([]string{"public.a"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
		recs[0].RecordUse(true, skillTime)
		return nil, boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("fn error: %v", err)
	}
	err = s.UpdateSkills([]string{"public.a", "public.nope"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
		t.Fatal("fn called despite an unknown key")
		return nil, nil
	})
	if !errors.Is(err, store.ErrSkillNotFound) {
		t.Fatalf("unknown key: %v", err)
	}
	if a, _ := s.Skill("public.a"); a.Uses != 1 {
		t.Fatalf("failed update changed the record: %d uses", a.Uses)
	}
	rep := mustVerify(t, s)
	if rep.Skills != 3 {
		t.Fatalf("verify counted %d skills", rep.Skills)
	}
}

func TestVerifyTamperedSkill(t *testing.T) {
	s := openMem(t)
	defer s.Close()
	sk := skill(t, "public.a", "a")
	sk.Instructions = "changed without a new hash"
	v, err := store.EncodeValue(sk)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RawSet([]byte("l/public.a"), v); err != nil {
		t.Fatal(err)
	}
	if err := s.RawSet([]byte("l/public.b"), v); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Count(store.ProblemCorruptValue) != 2 || rep.Count(store.ProblemIDMismatch) != 1 {
		t.Fatalf("problems %v", rep.Problems)
	}
}

// TestBackupRestoreSkills checks that the library travels with a backup:
// a store with primitives and skills restores equal in both.
func TestBackupRestoreSkills(t *testing.T) {
	ctx := context.Background()
	s := learnedStore(t, t.TempDir())
	defer s.Close()
	if err := s.PutSkills(skillLibrary(t, 100)); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "lore.bak")
	if _, err := s.BackupFile(ctx, file, false); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "restored")
	ri, err := store.RestoreFile(ctx, target, file, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ri.Verify.Skills != 100 {
		t.Fatalf("restore verified %d skills", ri.Verify.Skills)
	}
	r := openDir(t, target, store.Options{})
	defer r.Close()
	assertSameStores(t, s, r)
}

// assertSameStores compares two stores' knowledge, history and skill
// library.
func assertSameStores(t testing.TB, a, b *store.Store) {
	t.Helper()
	if got, want := export(t, b), export(t, a); string(got) != string(want) {
		t.Fatalf("export differs: %s", firstDifference(string(got), string(want)))
	}
	if got, want := history(t, b), history(t, a); got != want {
		t.Fatalf("history differs: %s", firstDifference(got, want))
	}
	la, err := a.Skills()
	if err != nil {
		t.Fatal(err)
	}
	lb, err := b.Skills()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(la, lb) {
		t.Fatalf("skill libraries differ: %d vs %d records", len(la), len(lb))
	}
}

// ReplaceArtifacts reads the library records its update names inside its
// transaction, passes those it holds, and writes what the update returns
// with the artifacts; an error from the update writes neither.
func TestReplaceArtifactsUpdatesLibrary(t *testing.T) {
	ctx := context.Background()
	s := openMem(t)
	defer s.Close()
	held := skill(t, "public.a", "a")
	if err := s.PutSkills([]*skills.Skill{held}); err != nil {
		t.Fatal(err)
	}
	art := core.Artifact{Kind: core.AgentArtifact, Name: "agent-d", Domain: "d"}
	boom := errors.New("boom")
	failing := skills.LibraryUpdate{Keys: []string{"public.a"}, Apply: func(map[string]*skills.Skill) ([]*skills.Skill, error) {
		return nil, boom
	}}
	if err := s.ReplaceArtifacts(ctx, []string{"d"}, []core.Artifact{art}, failing); !errors.Is(err, boom) {
		t.Fatalf("failing update: %v", err)
	}
	if arts, _ := s.Artifacts(); len(arts) != 0 {
		t.Fatalf("artifacts written despite the failed library update: %v", arts)
	}
	var seen []string
	lib := skills.LibraryUpdate{Keys: []string{"public.a", "public.b"}, Apply: func(stored map[string]*skills.Skill) ([]*skills.Skill, error) {
		for k := range stored {
			seen = append(seen, k)
		}
		stored["public.a"].RecordUse(true, skillTime)
		return []*skills.Skill{stored["public.a"], skill(t, "public.b", "b")}, nil
	}}
	if err := s.ReplaceArtifacts(ctx, []string{"d"}, []core.Artifact{art}, lib); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(seen, []string{"public.a"}) {
		t.Fatalf("update saw %v, want the one record held", seen)
	}
	if a, err := s.Skill("public.a"); err != nil || a.Uses != 1 {
		t.Fatalf("updated record: %+v, %v", a, err)
	}
	if _, err := s.Skill("public.b"); err != nil {
		t.Fatalf("new record: %v", err)
	}
	if arts, _ := s.Artifacts(); len(arts) != 1 {
		t.Fatalf("artifacts %v", arts)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.ReplaceArtifacts(cancelled, []string{"d"}, nil, skills.LibraryUpdate{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled replace: %v", err)
	}
}

// An imported skill's findings are part of its record: they survive a
// write and a read, flow included, and leave its content hash alone.
func TestSkillFindingsAreStored(t *testing.T) {
	s := openMem(t)
	defer s.Close()
	rec := skill(t, "public.csv", "csv")
	hash := rec.Hash
	rec.Findings = []core.Finding{
		{File: "csv/scripts/clean.py", Category: core.EmbeddedCode, Severity: core.Critical, Description: "sends the environment",
			Location: "csv/scripts/clean.py:9:5", Evidence: "requests.post(url, os.environ)", Recommendation: "reject",
			Flow: &core.Flow{Source: "os.environ", SourceLine: 3, Sink: "requests.post", SinkLine: 9}},
		{File: "csv/SKILL.md", Category: core.HiddenCharacters, Severity: core.Warning, Location: "csv/SKILL.md:2:1", Evidence: "⟨U+202E⟩"},
	}
	if err := s.PutSkills([]*skills.Skill{rec}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Skill("public.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Findings, rec.Findings) {
		t.Fatalf("findings read back:\n%+v\nwant\n%+v", got.Findings, rec.Findings)
	}
	if got.Hash != hash || skills.ContentHash(got.Content) != hash {
		t.Fatal("findings changed the content hash")
	}
	// A record without findings has none, and says nothing of them.
	plain := skill(t, "public.plain", "plain")
	if err := s.PutSkills([]*skills.Skill{plain}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Skill("public.plain"); err != nil || got.Findings != nil {
		t.Fatalf("plain record: %+v, %v", got.Findings, err)
	}
}

func TestSkillsAtVersionChangesWithWrites(t *testing.T) {
	s := openMem(t)
	_, v0, err := s.SkillsAt()
	if err != nil {
		t.Fatal(err)
	}
	if s.Version() != v0 {
		t.Fatalf("Version %d right after reading at %d", s.Version(), v0)
	}
	rec, err := skills.New("public.alpha", skills.Content{Name: "alpha", Description: "Alpha."}, skills.Imported, skills.Active, skills.Provenance{}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PutSkills([]*skills.Skill{rec}); err != nil {
		t.Fatal(err)
	}
	if s.Version() == v0 {
		t.Fatal("a write left the version unchanged")
	}
	got, v1, err := s.SkillsAt()
	if err != nil || len(got) != 1 || v1 != s.Version() {
		t.Fatalf("after the write: %d records at %d (version %d), %v", len(got), v1, s.Version(), err)
	}
}
