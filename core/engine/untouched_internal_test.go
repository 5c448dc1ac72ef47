package engine

import (
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/generate"
)

// A run that wires its primitives to another skill's changes that skill's
// near-miss trigger evals (drawn from its neighbours) but not what it says:
// the stored skill is kept. A change to what it says makes it again.
func TestSkillWithNewNeighboursOnlyIsKept(t *testing.T) {
	files := func(body, triggers string) []core.ArtifactFile {
		return []core.ArtifactFile{
			{Path: "learn-x/SKILL.md", Content: "---\nmetadata:\n  created-at: DAY\n---\n" + body},
			{Path: "learn-x/evals/evals.json", Content: "{}"},
			{Path: "learn-x/evals/trigger_evals.json", Content: triggers},
		}
	}
	stored := core.Artifact{Kind: core.SkillArtifact, Name: "learn-x", Domain: "d", Primitives: 1, Files: files("Run `x`.", `[{"query":"old neighbour"}]`)}
	outcome := func(body string) generate.Outcome {
		a := core.Artifact{Kind: core.SkillArtifact, Name: "learn-x", Domain: "d", Primitives: 1, Files: files(body, `[{"query":"new neighbour"}]`)}
		return generate.Outcome{Generated: true, Artifact: &a, Sources: []string{"p1"}}
	}
	overlay := map[string]*core.Primitive{"p1": {ID: "p1"}}
	got, kept := untouched([]core.Artifact{stored}, outcome("Run `x`."), overlay)
	if !kept || got.Files[2].Content != `[{"query":"old neighbour"}]` {
		t.Errorf("a skill whose only change is its near misses was made again (kept %v)", kept)
	}
	if _, kept := untouched([]core.Artifact{stored}, outcome("Run `x --now`."), overlay); kept {
		t.Error("a skill whose instructions changed was kept")
	}
}
