package e2e_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/internal/corpus"
)

// TestEveryWorkAtTheMinimumIsInASkill learns the corpus's works into one
// library, as a user would, and checks that every work that added at
// least a skill's minimum of primitives is a source of one of its skills,
// and that one under it is named in its learn's result with the reason.
func TestEveryWorkAtTheMinimumIsInASkill(t *testing.T) {
	s := openStore(t, t.TempDir())
	defer s.Close()
	works := []string{
		"rfc6455_websocket.txt", "rfc7234_http-caching.txt", "latex_ods_sorting.tex",
		"latex_openintro_ch_probability.tex", "latex_openlogic_enumerability.tex",
		"latex_untitled-envs_hott_equivalences.tex", "paper_collaborative-text-editing.tex",
		"pretext_levin_discrete_sec_gt-trees.ptx", "tutorial-numbered_wsl_wsl-containers.md",
		"tutorial-steps_bitnami_redis-sentinel_README.md", "apiref_goldmark_README.md",
	}
	added := map[string]int{}
	for _, w := range works {
		res := learn(t, s, corpus.Path(t, w))
		added[w] = res.Counts.Added
		if res.Counts.Added > 0 && res.Counts.Added < generate.DefaultSkillMinPrimitives && len(res.Artifacts) == 0 {
			said := false
			for _, a := range res.NotGenerated {
				said = said || strings.Contains(a.Reason, "a skill needs") || strings.Contains(a.Reason, "no procedure")
			}
			if !said {
				t.Errorf("%s: %d primitives, no skill, and the result does not say why: %+v", w, res.Counts.Added, res.NotGenerated)
			}
		}
	}
	lib, err := s.Skills()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range works {
		if added[w] < generate.DefaultSkillMinPrimitives {
			continue
		}
		found := false
		for _, sk := range lib {
			for _, src := range strings.Split(sk.Metadata["sources"], ", ") {
				found = found || src == filepath.Base(w)
			}
		}
		if !found {
			t.Errorf("%s added %d primitives and is in no skill of the library", w, added[w])
		}
	}
}
