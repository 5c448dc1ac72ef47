package skills

import (
	"errors"
	"slices"
	"testing"
	"time"
)

// generated is a skill as FromArtifact makes it for a learn session.
func generated(t *testing.T, id, body, session string, at time.Time) *Skill {
	t.Helper()
	s, err := New("public."+id, content(id, "Use when working with "+id+".", body), Learned, Draft,
		Provenance{Domain: "d", Session: session}, at)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func library(recs ...*Skill) map[string]*Skill {
	out := map[string]*Skill{}
	for _, r := range recs {
		out[r.Key] = r
	}
	return out
}

func keys(recs []*Skill) []string {
	var out []string
	for _, r := range recs {
		out = append(out, r.Key)
	}
	slices.Sort(out)
	return out
}

var t1 = t0.Add(time.Hour)

func TestSyncNewSkillJoinsAsDraft(t *testing.T) {
	m := generated(t, "graphs", "v1", "s1", t1)
	out, err := Sync(library(), nil, []*Skill{m}, t1)
	if err != nil || len(out) != 1 || out[0] != m || out[0].Status != Draft || out[0].Version != 1 {
		t.Fatalf("Sync = %+v, %v; want the made record as a draft", out, err)
	}
}

func TestSyncRegeneratedSkillGetsAVersion(t *testing.T) {
	old := generated(t, "graphs", "v1", "s1", t0)
	if err := old.SetStatus(Active, "reviewed", t0); err != nil {
		t.Fatal(err)
	}
	old.RecordUse(true, t0)
	old.RecordVote("ann", true, t0)
	m := generated(t, "graphs", "v2", "s2", t1)
	out, err := Sync(library(old), nil, []*Skill{m}, t1)
	if err != nil || len(out) != 1 || out[0] != old {
		t.Fatalf("Sync = %v, %v; want the stored record updated", keys(out), err)
	}
	got := out[0]
	switch {
	case got.Version != 2 || got.Instructions != "v2" || len(got.History) != 1 || got.History[0].Reason != "regenerated":
		t.Errorf("version %d, instructions %q, history %+v", got.Version, got.Instructions, got.History)
	case got.Status != Active || got.Uses != 1 || got.Helpful != 1 || got.Note != "reviewed":
		t.Errorf("status %s (%q), uses %d, helpful %d: review and usage not kept", got.Status, got.Note, got.Uses, got.Helpful)
	case got.Provenance.Session != "s2" || !got.Updated.Equal(t1) || !got.Created.Equal(t0):
		t.Errorf("provenance %+v, updated %v, created %v", got.Provenance, got.Updated, got.Created)
	}
}

func TestSyncUnchangedSkillIsNotWritten(t *testing.T) {
	old := generated(t, "graphs", "v1", "s1", t0)
	m := generated(t, "graphs", "v1", "s2", t1)
	out, err := Sync(library(old), []string{old.Key}, []*Skill{m}, t1)
	if err != nil || len(out) != 0 {
		t.Fatalf("Sync = %v, %v; want nothing to write", keys(out), err)
	}
	if old.Version != 1 || old.Status != Draft {
		t.Fatalf("unchanged record became version %d, %s", old.Version, old.Status)
	}
}

func TestSyncArchivedSkillComesBackAsDraft(t *testing.T) {
	old := generated(t, "graphs", "v1", "s1", t0)
	if err := old.SetStatus(Archived, NoteNoLongerMade, t0); err != nil {
		t.Fatal(err)
	}
	// Even with the same content, the return is a change.
	m := generated(t, "graphs", "v1", "s3", t1)
	out, err := Sync(library(old), nil, []*Skill{m}, t1)
	if err != nil || len(out) != 1 {
		t.Fatalf("Sync = %v, %v", keys(out), err)
	}
	if got := out[0]; got.Status != Draft || got.Note != NoteGeneratedAgain || !got.Updated.Equal(t1) || got.Version != 1 {
		t.Fatalf("returned skill: %s (%q), updated %v, version %d", got.Status, got.Note, got.Updated, got.Version)
	}
}

func TestSyncGoneSkillIsArchived(t *testing.T) {
	gone := generated(t, "graphs", "v1", "s1", t0)
	kept := generated(t, "trees", "v1", "s1", t0)
	already := generated(t, "lists", "v1", "s1", t0)
	if err := already.SetStatus(Archived, "by hand", t0); err != nil {
		t.Fatal(err)
	}
	remade := generated(t, "trees", "v2", "s2", t1)
	out, err := Sync(library(gone, kept, already), []string{gone.Key, kept.Key, already.Key, "public.unknown"}, []*Skill{remade}, t1)
	if err != nil {
		t.Fatal(err)
	}
	if got := keys(out); !slices.Equal(got, []string{"public.graphs", "public.trees"}) {
		t.Fatalf("written %v; want graphs archived and trees regenerated", got)
	}
	if gone.Status != Archived || gone.Note != NoteNoLongerMade || !gone.Updated.Equal(t1) {
		t.Errorf("gone skill: %s (%q) at %v", gone.Status, gone.Note, gone.Updated)
	}
	if kept.Status != Draft || kept.Version != 2 {
		t.Errorf("skill made again was archived or not updated: %s, version %d", kept.Status, kept.Version)
	}
	if already.Note != "by hand" || !already.Updated.Equal(t0) {
		t.Errorf("an archived skill was archived again: %q at %v", already.Note, already.Updated)
	}
}

func TestSyncLeavesPacksAlone(t *testing.T) {
	pack := mustNew(t, "public.graphs", content("graphs", "Imported graphs.", "mine"), Imported, Active, t0)
	static := mustNew(t, "public.trees", content("trees", "Shipped trees.", "ours"), Static, Active, t0)
	m := generated(t, "graphs", "generated", "s2", t1)
	out, err := Sync(library(pack, static), []string{static.Key}, []*Skill{m}, t1)
	if err != nil || len(out) != 0 {
		t.Fatalf("Sync = %v, %v; want packs untouched", keys(out), err)
	}
	if pack.Instructions != "mine" || pack.Version != 1 || static.Status != Active {
		t.Fatalf("pack changed: %q v%d, static %s", pack.Instructions, pack.Version, static.Status)
	}
}

func TestSyncInvalidContentFails(t *testing.T) {
	old := generated(t, "graphs", "v1", "s1", t0)
	bad := generated(t, "graphs", "v2", "s2", t1)
	bad.Description = ""
	if _, err := Sync(library(old), nil, []*Skill{bad}, t1); !errors.Is(err, ErrInvalid) {
		t.Fatalf("Sync with an invalid regenerated skill: %v", err)
	}
}

func TestSyncUpdate(t *testing.T) {
	old := generated(t, "graphs", "v1", "s1", t0)
	m := generated(t, "graphs", "v2", "s2", t1)
	n := generated(t, "trees", "v1", "s2", t1)
	u := SyncUpdate([]string{old.Key, "public.lists"}, []*Skill{m, n}, t1)
	if !slices.Equal(u.Keys, []string{"public.graphs", "public.lists", "public.trees"}) {
		t.Fatalf("keys %v", u.Keys)
	}
	out, err := u.Apply(library(old))
	if err != nil || !slices.Equal(keys(out), []string{"public.graphs", "public.trees"}) {
		t.Fatalf("Apply = %v, %v", keys(out), err)
	}
}
