package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lore learn names the file of each skill it wrote (its SKILL.md), not the
// folder all skills share, so a person finds the skill at once.
func TestLearnNamesTheWrittenSkillsFile(t *testing.T) {
	sample, err := filepath.Abs("../../assets/sample/graphs.md")
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	r := lore(t, []string{"LORE_DATA_DIR=" + data}, "learn", sample)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	found := false
	for _, l := range strings.Split(r.stdout, "\n") {
		if !strings.HasPrefix(l, "generated skill ") {
			continue
		}
		found = true
		f := strings.Fields(l)
		where := f[len(f)-1]
		if filepath.Base(where) != "SKILL.md" {
			t.Errorf("the line names %s, not the skill's SKILL.md: %q", where, l)
		} else if _, err := os.Stat(where); err != nil {
			t.Errorf("the file named is not there: %v", err)
		}
	}
	if !found {
		t.Fatalf("no skill generated:\n%s", r.stdout)
	}
	// the skill is a draft: said where the person looks, with how to
	// make it findable
	if !strings.Contains(r.stdout, "skills start as drafts: lore skills review NAME promote") {
		t.Errorf("the output does not say the skill is a draft:\n%s", r.stdout)
	}
}

// lore skills eval runs the trigger evals of the skills a learn made
// against the library and prints per skill and in total how they fared.
func TestSkillsEvalCommand(t *testing.T) {
	sample, err := filepath.Abs("../../assets/sample/graphs.md")
	if err != nil {
		t.Fatal(err)
	}
	env := []string{"LORE_DATA_DIR=" + t.TempDir()}
	if r := lore(t, env, "learn", sample); r.code != 0 {
		t.Fatalf("learn: exit %d: %s", r.code, r.stderr)
	}
	r := lore(t, env, "skills", "eval", "--json")
	if r.code != 0 {
		t.Fatalf("eval: exit %d: %s", r.code, r.stderr)
	}
	var rep struct {
		Pool   int `json:"pool"`
		Should int `json:"should"`
		Skills []struct {
			Key     string `json:"key"`
			Queries []struct {
				Query string `json:"query"`
				Rank  int    `json:"rank"`
			} `json:"queries"`
		} `json:"skills"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, r.stdout)
	}
	if rep.Pool == 0 || len(rep.Skills) == 0 || len(rep.Skills[0].Queries) == 0 || rep.Should == 0 {
		t.Errorf("report %+v", rep)
	}
	if r := lore(t, env, "skills", "eval", "no-such-skill"); r.code != 2 {
		t.Errorf("an unknown skill: exit %d, want 2 (%s)", r.code, r.stderr)
	}
}
