package store

import (
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store/backend"
)

// The contract's order of artifacts (backend.ArtifactKey) is this store's
// key of an artifact, whatever the kind and name hold.
func TestArtifactKeyIsTheContracts(t *testing.T) {
	for _, c := range []struct {
		kind core.ArtifactKind
		name string
	}{
		{core.SkillArtifact, "plain"}, {core.TeamArtifact, "a/b"}, {"k%", "%25"}, {"k/x", "a\x00b"},
		{core.AgentArtifact, "\xff\xfe ∀"}, {"", ""},
	} {
		want := string(artifactKey(c.kind, c.name)[len(prefixArtifact):])
		if got := backend.ArtifactKey(c.kind, c.name); got != want {
			t.Errorf("%q %q: contract %q, store %q", c.kind, c.name, got, want)
		}
	}
}
