package engine_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
)

// learnedSkill is a real store holding one learn of the sorting chapter,
// with the skill threshold low enough that the chapter alone makes its
// domain's skill.
func learnedSkill(t *testing.T) (*store.Store, *engine.LearnResult, engine.UnlearnOptions) {
	t.Helper()
	sortingChapter := corpus.Path(t, "latex_ods_sorting.tex")
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	gen := generate.Config{SkillMinPrimitives: 5}
	opts := engine.LearnOptions{Domains: ds, Generate: gen}
	opts.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, sortingChapter, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts.Added < 5 || !slices.ContainsFunc(res.Artifacts, func(a core.Artifact) bool { return a.Kind == core.SkillArtifact }) {
		t.Fatalf("setup: added %d, artifacts %v", res.Counts.Added, res.Artifacts)
	}
	return st, res, engine.UnlearnOptions{Domains: ds, Generate: gen}
}

func export(t *testing.T, st *store.Store) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := st.Export(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Unlearning the only session of a domain archives its skill, and the
// summary says so rather than "0 artifact(s) regenerated".
func TestUnlearnSummaryCountsTheArchivedSkill(t *testing.T) {
	st, learned, uopts := learnedSkill(t)
	skill := learned.Artifacts[slices.IndexFunc(learned.Artifacts, func(a core.Artifact) bool { return a.Kind == core.SkillArtifact })]

	res, err := engine.Unlearn(context.Background(), st, learned.Session.ID, uopts)
	if err != nil {
		t.Fatal(err)
	}
	lib, err := st.Skills()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(lib, func(s *skills.Skill) bool { return s.Name == skill.Name })
	if i < 0 || lib[i].Status != skills.Archived {
		t.Fatalf("setup: the library's %s after the unlearn: %+v", skill.Name, lib)
	}
	if len(res.Retired) != 1 || res.Retired[0].Name != skill.Name {
		t.Errorf("retired %v, want the skill %s", res.Retired, skill.Name)
	}
	if want := "1 skill archived (" + skill.Name + ")"; !strings.Contains(res.Summary, want) {
		t.Errorf("summary %q lacks %q", res.Summary, want)
	}
	if strings.Contains(res.Summary, "0 artifact") {
		t.Errorf("summary %q counts no artifact although a skill was archived", res.Summary)
	}
}

// The preview of an unlearn changes nothing and names what the unlearn
// then does: the same primitives, by name, and the skill it archives.
func TestPreviewUnlearnChangesNothingAndMatchesTheUnlearn(t *testing.T) {
	st, learned, uopts := learnedSkill(t)
	before := export(t, st)

	pv, err := engine.PreviewUnlearn(st, learned.Session.ID, uopts)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(export(t, st), before) {
		t.Fatal("the preview changed the store")
	}
	if s, _, _ := st.Session(learned.Session.ID); s.State != core.SessionCommitted || s.RevertedBy != "" {
		t.Fatalf("the preview touched the session: %+v", s)
	}
	if len(pv.Removed) != learned.Counts.Added {
		t.Errorf("preview removes %d primitives, the session added %d", len(pv.Removed), learned.Counts.Added)
	}
	for _, p := range learned.Primitives {
		if pv.Names[p.ID] != p.Name {
			t.Errorf("preview names %s %q, want %q", p.ID, pv.Names[p.ID], p.Name)
		}
	}
	if len(pv.Retired) != 1 || pv.Retired[0].Kind != core.SkillArtifact || len(pv.Regenerated) != 0 {
		t.Errorf("preview retires %v and regenerates %v, want one skill retired", pv.Retired, pv.Regenerated)
	}

	res, err := engine.Unlearn(context.Background(), st, learned.Session.ID, uopts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Removed, pv.Removed) || !slices.Equal(res.Restored, pv.Restored) || !slices.Equal(res.Readded, pv.Readded) {
		t.Errorf("unlearn removed %v restored %v readded %v; preview said %v %v %v",
			res.Removed, res.Restored, res.Readded, pv.Removed, pv.Restored, pv.Readded)
	}
	if len(res.Retired) != 1 || res.Retired[0].Name != pv.Retired[0].Name {
		t.Errorf("unlearn retired %v; preview said %v", res.Retired, pv.Retired)
	}
	// A second preview is refused like a second unlearn.
	if _, err := engine.PreviewUnlearn(st, learned.Session.ID, uopts); err == nil {
		t.Error("previewing the unlearn of a reverted session was not refused")
	}
}
