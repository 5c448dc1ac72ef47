package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// The generator thresholds are configuration keys: the sample's twelve
// primitives make a skill at the default threshold of ten and none when
// the key asks for more; an impossible value is a usage error naming the
// key and where it came from, before anything is read.
func TestGeneratorThresholdsAreConfigKeys(t *testing.T) {
	sample := filepath.Join("..", "..", "assets", "sample", "graphs.md")
	skills := func(env ...string) int {
		t.Helper()
		env = append(env, "LORE_DATA_DIR="+filepath.Join(t.TempDir(), "store"))
		r := lore(t, env, "learn", sample, "--approve", "--json")
		if r.code != 0 {
			t.Fatalf("learn: exit %d: %s", r.code, r.stderr)
		}
		var out struct {
			Skills []json.RawMessage `json:"skills"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatal(err)
		}
		return len(out.Skills)
	}
	if n := skills(); n != 1 {
		t.Fatalf("default thresholds: %d skills, want 1", n)
	}
	if n := skills("LORE_GENERATE_SKILL_MIN_PRIMITIVES=13"); n != 0 {
		t.Errorf("generate.skill_min_primitives 13: %d skills, want none", n)
	}
	for _, bad := range []string{"LORE_GENERATE_TEAM_MIN_QUADRANTS=9", "LORE_GENERATE_SKILL_MIN_PRIMITIVES=0", "LORE_GENERATE_AGENT_MIN_PLANE_DISTANCE=-1"} {
		r := lore(t, []string{bad}, "learn", sample, "--dry-run")
		key := strings.ToLower(strings.TrimPrefix(strings.SplitN(bad, "=", 2)[0], "LORE_GENERATE_"))
		if r.code != 2 || !strings.Contains(r.stderr, "generate."+key) || !strings.Contains(r.stderr, "LORE_GENERATE_") {
			t.Errorf("%s: exit %d, stderr %q; want 2 naming the key and the variable", bad, r.code, r.stderr)
		}
	}
}
