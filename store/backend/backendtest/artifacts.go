package backendtest

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store/backend"
)

func artifact(kind core.ArtifactKind, name, domain string) core.Artifact {
	return core.Artifact{Kind: kind, Name: name, Domain: domain, Primitives: 3, Agents: 1,
		Files: []core.ArtifactFile{{Path: name + "/SKILL.md", Content: "# " + name + "\n" + hostile}},
		Dir:   "/out", GeneratedAt: at(0), Session: "s1", Reason: "learned"}
}

func replace(t *testing.T, st backend.Store, domains []string, arts ...core.Artifact) {
	t.Helper()
	if err := st.ReplaceArtifacts(context.Background(), domains, arts, skills.LibraryUpdate{}); err != nil {
		t.Fatalf("replace the artifacts of %q: %v", domains, err)
	}
}

// artifactNames are the artifacts' kinds and names, in their order.
func artifactNames(t *testing.T, st backend.Store) []string {
	t.Helper()
	arts, err := st.Artifacts()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range arts {
		out = append(out, string(a.Kind)+" "+a.Name)
	}
	return out
}

var artifactCases = []Case{
	// Artifacts come back as they were written; replacing a domain's
	// deletes every one of it, leaves the others' and writes the new,
	// one of the same kind and name replacing it whatever its domain.
	{"artifacts/replace", func(t *testing.T, st backend.Store) {
		if arts, err := st.Artifacts(); err != nil || len(arts) != 0 {
			t.Errorf("a new store's artifacts: %v, %v", arts, err)
		}
		a1, a2, b1 := artifact(core.SkillArtifact, "a1", "algebra"), artifact(core.AgentArtifact, "a2", "algebra"), artifact(core.SkillArtifact, "b1", "biology")
		replace(t, st, []string{"algebra", "biology"}, a1, a2, b1)
		got, err := st.Artifacts()
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, "the artifacts", got, []core.Artifact{a2, a1, b1})
		a3, moved := artifact(core.SkillArtifact, "a3", "algebra"), artifact(core.SkillArtifact, "b1", "chemistry")
		replace(t, st, []string{"algebra"}, a3, moved)
		got, err = st.Artifacts()
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, "after replacing algebra's", got, []core.Artifact{a3, moved})
		replace(t, st, []string{"chemistry", "nothing"})
		if names := artifactNames(t, st); !slices.Equal(names, []string{"skill a3"}) {
			t.Errorf("after emptying chemistry: %q", names)
		}
	}},
	// Artifacts are listed by ArtifactKey, Badger's key: kind then
	// name, byte by byte, '%', '/' and NUL escaped.
	{"artifacts/order", func(t *testing.T, st backend.Store) {
		var arts []core.Artifact
		for _, n := range []string{"b", "B", "a/b", "a%", "a-b", "a\x00b", "ä", "a"} {
			arts = append(arts, artifact(core.SkillArtifact, n, "d"), artifact(core.TeamArtifact, n, "d"))
		}
		arts = append(arts, artifact("sk", "z", "d"), artifact("skill-x", "a", "d"))
		replace(t, st, []string{"d"}, arts...)
		want := slices.Clone(arts)
		slices.SortFunc(want, func(a, b core.Artifact) int {
			return bytes.Compare([]byte(backend.ArtifactKey(a.Kind, a.Name)), []byte(backend.ArtifactKey(b.Kind, b.Name)))
		})
		got, err := st.Artifacts()
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, "the artifacts in order", got, want)
	}},
	// A domain of any text, NUL included, is replaced.
	{"artifacts/hostile-domain", func(t *testing.T, st backend.Store) {
		d := "dom\x00ain ∀ \"x\""
		replace(t, st, []string{d}, artifact(core.SkillArtifact, "a", d), artifact(core.SkillArtifact, "b", "other"))
		replace(t, st, []string{d})
		if names := artifactNames(t, st); !slices.Equal(names, []string{"skill b"}) {
			t.Errorf("after replacing %q: %q", d, names)
		}
	}},
	// The library update of a replacement sees the stored records of
	// its keys (unknown ones left out) and writes what it returns, in
	// the same transaction; its error leaves artifacts and library as
	// they were, and is returned.
	{"artifacts/library-update", func(t *testing.T, st backend.Store) {
		putSkills(t, st, skill("public.a"))
		replace(t, st, []string{"d"}, artifact(core.SkillArtifact, "old", "d"))
		var seen []string
		lib := skills.LibraryUpdate{Keys: []string{"public.a", "public.new", "bad/key"},
			Apply: func(stored map[string]*skills.Skill) ([]*skills.Skill, error) {
				seen = slices.Sorted(maps.Keys(stored))
				stored["public.a"].Note = "synced"
				return []*skills.Skill{stored["public.a"], skill("public.new")}, nil
			}}
		if err := st.ReplaceArtifacts(context.Background(), []string{"d"}, []core.Artifact{artifact(core.SkillArtifact, "new", "d")}, lib); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(seen, []string{"public.a"}) {
			t.Errorf("the update saw %q, want the stored public.a", seen)
		}
		if got := mustSkill(t, st, "public.a"); got.Note != "synced" {
			t.Errorf("public.a after the update: note %q", got.Note)
		}
		mustSkill(t, st, "public.new")
		errApply := errors.New("refused by the update")
		lib = skills.LibraryUpdate{Keys: []string{"public.a"}, Apply: func(stored map[string]*skills.Skill) ([]*skills.Skill, error) {
			stored["public.a"].Note = "not kept"
			return nil, errApply
		}}
		err := st.ReplaceArtifacts(context.Background(), []string{"d"}, []core.Artifact{artifact(core.SkillArtifact, "lost", "d")}, lib)
		if !errors.Is(err, errApply) {
			t.Errorf("a refused update: %v, want %v", err, errApply)
		}
		if names := artifactNames(t, st); !slices.Equal(names, []string{"skill new"}) {
			t.Errorf("artifacts after the refused update: %q", names)
		}
		if got := mustSkill(t, st, "public.a"); got.Note != "synced" {
			t.Errorf("public.a after the refused update: note %q", got.Note)
		}
	}},
	// A replacement whose context is cancelled changes nothing.
	{"artifacts/cancelled", func(t *testing.T, st backend.Store) {
		replace(t, st, []string{"d"}, artifact(core.SkillArtifact, "kept", "d"))
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		err := st.ReplaceArtifacts(ctx, []string{"d"}, nil, skills.LibraryUpdate{})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled replacement: %v", err)
		}
		if names := artifactNames(t, st); !slices.Equal(names, []string{"skill kept"}) {
			t.Errorf("artifacts after it: %q", names)
		}
	}},
	// A pending publication is kept as it was put, replaced by the
	// next of its session, and gone once dropped or finished; finishing
	// replaces the artifacts too.
	{"artifacts/publications", func(t *testing.T, st backend.Store) {
		pubs := func() map[string][]byte {
			t.Helper()
			m, err := st.Publications()
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		if m := pubs(); len(m) != 0 {
			t.Errorf("a new store's publications: %q", m)
		}
		rec := []byte("{\"domains\":[\"d\"]}\x00\xff")
		for _, p := range []struct {
			session string
			rec     []byte
		}{{"s1", []byte("first")}, {"s1", rec}, {"s2", []byte("two")}, {"s3", nil}} {
			if err := st.PutPublication(p.session, p.rec); err != nil {
				t.Fatal(err)
			}
		}
		m := pubs()
		if len(m) != 3 || !bytes.Equal(m["s1"], rec) || string(m["s2"]) != "two" || len(m["s3"]) != 0 {
			t.Errorf("publications %q", m)
		}
		if _, ok := m["s3"]; !ok {
			t.Error("an empty publication is not listed")
		}
		if err := st.DropPublication("s2"); err != nil {
			t.Fatal(err)
		}
		if err := st.DropPublication("never"); err != nil {
			t.Errorf("drop a publication never put: %v", err)
		}
		err := st.FinishPublication(context.Background(), "s1", []string{"d"}, []core.Artifact{artifact(core.SkillArtifact, "a", "d")}, skills.LibraryUpdate{})
		if err != nil {
			t.Fatal(err)
		}
		if m := pubs(); !slices.Equal(slices.Sorted(maps.Keys(m)), []string{"s3"}) {
			t.Errorf("publications after dropping s2 and finishing s1: %q", m)
		}
		if names := artifactNames(t, st); !slices.Equal(names, []string{"skill a"}) {
			t.Errorf("artifacts after finishing s1: %q", names)
		}
		// A finish whose library update fails keeps the publication.
		errApply := errors.New("refused")
		lib := skills.LibraryUpdate{Apply: func(map[string]*skills.Skill) ([]*skills.Skill, error) { return nil, errApply }}
		if err := st.FinishPublication(context.Background(), "s3", nil, nil, lib); !errors.Is(err, errApply) {
			t.Errorf("a refused finish: %v", err)
		}
		if _, ok := pubs()["s3"]; !ok {
			t.Error("the publication of a refused finish is gone")
		}
	}},
	// Session ids no store can keep are refused.
	{"artifacts/invalid-session", func(t *testing.T, st backend.Store) {
		for _, id := range []string{"", "a/b", "a\x00"} {
			if err := st.PutPublication(id, []byte("x")); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("put publication %q: %v", id, err)
			}
			if err := st.DropPublication(id); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("drop publication %q: %v", id, err)
			}
			if err := st.FinishPublication(context.Background(), id, nil, nil, skills.LibraryUpdate{}); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("finish publication %q: %v", id, err)
			}
		}
	}},
}

// closedArtifactCase: a closed store refuses every call of the artifacts
// and publications with ErrClosed.
var closedArtifactCase = Case{"artifacts/closed", func(t *testing.T, st backend.Store) {
	check := closeAndCheck(t, st)
	_, err := st.Artifacts()
	check("artifacts", err)
	check("replace artifacts", st.ReplaceArtifacts(context.Background(), []string{"d"}, nil, skills.LibraryUpdate{}))
	check("finish publication", st.FinishPublication(context.Background(), "s", []string{"d"}, nil, skills.LibraryUpdate{}))
	check("put publication", st.PutPublication("s", []byte("x")))
	check("drop publication", st.DropPublication("s"))
	_, err = st.Publications()
	check("publications", err)
}}
