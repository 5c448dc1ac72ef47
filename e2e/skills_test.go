package e2e_test

import (
	"context"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
)

func librarySkill(t *testing.T, s *store.Store, key string) *skills.Skill {
	t.Helper()
	sk, err := s.Skill(key)
	if err != nil {
		t.Fatalf("library: %v", err)
	}
	return sk
}

// TestGeneratedSkillLifecycle follows a generated skill through the
// library: a learn makes it a draft, review promotes it, unlearning its
// domain archives it (keeping the record and its usage), learning again
// puts it back in the review queue, and every state passes store verify.
func TestGeneratedSkillLifecycle(t *testing.T) {
	s := openStore(t, t.TempDir())
	defer s.Close()
	res := learn(t, s, corpus.Path(t, "rfc6455_websocket.txt"))
	if len(res.Artifacts) == 0 {
		t.Fatal("the RFC generated no skill")
	}
	// one skill per part of the RFC that can teach on its own
	lib, err := s.Skills()
	if err != nil || len(lib) < 2 || len(lib) != len(res.Artifacts)-1 {
		t.Fatalf("library after learn: %d records for %d artifacts (an agent among them), %v", len(lib), len(res.Artifacts), err)
	}
	key := lib[0].Key
	if sk := lib[0]; sk.Status != skills.Draft || sk.Source != skills.Learned || sk.Provenance.Domain == "" || sk.Provenance.Session != res.Session.ID || len(sk.Files) == 0 {
		t.Fatalf("generated record: %s %s %q, %d resources", sk.Status, sk.Source, sk.Provenance.Domain, len(sk.Files))
	}
	if err := skills.Check(key, lib[0].Content); err != nil {
		t.Fatalf("generated record invalid: %v", err)
	}
	err = s.UpdateSkills([]string{key}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
		recs[0].RecordUse(true, time.Now().UTC())
		return recs, recs[0].SetStatus(skills.Active, "promoted", time.Now().UTC())
	})
	if err != nil {
		t.Fatal(err)
	}

	if _, err := engine.Unlearn(context.Background(), s, res.Session.ID, engine.UnlearnOptions{Domains: builtinDomains(t)}); err != nil {
		t.Fatal(err)
	}
	sk := librarySkill(t, s, key)
	if sk.Status != skills.Archived || sk.Uses != 1 {
		t.Fatalf("after unlearn: %s, %d uses (want archived, usage kept)", sk.Status, sk.Uses)
	}
	verify(t, s)

	learn(t, s, corpus.Path(t, "rfc6455_websocket.txt"))
	sk = librarySkill(t, s, key)
	if sk.Status != skills.Draft || sk.Note != "generated again" || sk.Uses != 1 || sk.Provenance.Session == res.Session.ID {
		t.Fatalf("after learning again: %s %q, %d uses", sk.Status, sk.Note, sk.Uses)
	}
	verify(t, s)
}
