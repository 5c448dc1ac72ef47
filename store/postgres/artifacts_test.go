package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/internal/pgtest"
)

// Processes regenerating artifacts of overlapping domains, each with a
// library update, while others count uses of the same skills: none
// waits on another forever (no deadlock), and no write of the library is
// lost to another's, since each reads the records it changes under lock.
func TestReplaceArtifactsAcrossProcesses(t *testing.T) {
	db := pgtest.Start(t)
	a, b := open(t, db.URL), open(t, db.URL)
	if err := a.PutSkills([]*skills.Skill{testSkill("public.a"), testSkill("public.b")}); err != nil {
		t.Fatal(err)
	}
	const rounds = 20
	keys := []string{"public.b", "public.a"}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	fail := func(err error) {
		mu.Lock()
		errs = append(errs, err)
		mu.Unlock()
	}
	for w, st := range []*Store{a, b, a, b} {
		wg.Go(func() {
			for i := range rounds {
				var err error
				if w < 2 {
					// Overlapping domains, the arts in opposite orders.
					domains := []string{"d1", "d2"}
					arts := []core.Artifact{
						{Kind: core.SkillArtifact, Name: "x", Domain: "d1"},
						{Kind: core.SkillArtifact, Name: fmt.Sprintf("y%d", w), Domain: "d2"},
					}
					if w == 1 {
						domains, arts[0], arts[1] = []string{"d2", "d1"}, arts[1], arts[0]
					}
					lib := skills.LibraryUpdate{Keys: keys, Apply: func(stored map[string]*skills.Skill) ([]*skills.Skill, error) {
						stored["public.a"].Helpful++
						stored["public.b"].Helpful++
						return []*skills.Skill{stored["public.b"], stored["public.a"]}, nil
					}}
					err = st.ReplaceArtifacts(context.Background(), domains, arts, lib)
				} else {
					err = st.UpdateSkills(keys[w%2:], func(r []*skills.Skill) ([]*skills.Skill, error) {
						for _, s := range r {
							s.Uses++
						}
						return r, nil
					})
				}
				if err != nil {
					fail(fmt.Errorf("worker %d, round %d: %w", w, i, err))
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	for key, uses := range map[string]int{"public.a": 2 * rounds, "public.b": rounds} {
		s, err := a.Skill(key)
		if err != nil {
			t.Fatal(err)
		}
		if s.Helpful != 2*rounds || s.Uses != uses {
			t.Errorf("%s: helpful %d, uses %d; want %d and %d", key, s.Helpful, s.Uses, 2*rounds, uses)
		}
	}
	arts, err := b.Artifacts()
	if err != nil || len(arts) != 2 {
		t.Errorf("artifacts %+v, %v; want one regeneration's two", arts, err)
	}
}
