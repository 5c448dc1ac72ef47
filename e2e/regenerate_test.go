package e2e_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
)

// tutorial is a small how-to on a topic of software deployment: each
// gives a how-to skill of its own in one domain.
func tutorial(title, tool string, steps ...string) string {
	var b strings.Builder
	b.WriteString("# " + title + "\n\nThis guide shows how to " + strings.ToLower(title) + " with " + tool +
		" in a software project: run the commands in a terminal at the root of the repository, on the build server" +
		" of the continuous integration pipeline, after the code review and the unit tests pass.\n\n## Steps\n\n")
	for i, s := range steps {
		b.WriteString(string(rune('1'+i)) + ". " + s + "\n\n   ```bash\n   " + tool + " " + strings.ToLower(strings.Fields(s)[0]) + " app\n   ```\n\n")
	}
	return b.String()
}

// Learning a source makes again only the skills whose primitives it
// changed: another skill of the same domain is kept as it was — not
// reported as made, its files and its library record untouched — and a
// change to its own source makes it again.
func TestLearnRegeneratesOnlyTouchedSkills(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, t.TempDir())
	defer s.Close()
	out := t.TempDir()
	// one domain for both, as `lore learn --domain` gives
	withOut := func(o *engine.LearnOptions) { o.OutputDir, o.Domain = out, "software-engineering" }
	a := write(t, dir, "deploy.md", tutorial("Deploy the service", "docker", "Build the image.", "Push the image to the registry.", "Start the service on the host."))
	b := write(t, dir, "backup.md", tutorial("Back up the database", "pg_dump", "Stop the writers.", "Dump the database to a file.", "Copy the file to storage."))

	resA := learn(t, s, a, withOut)
	skillOf := func(arts []core.Artifact) map[string]core.Artifact {
		m := map[string]core.Artifact{}
		for _, x := range arts {
			if x.Kind == core.SkillArtifact {
				m[x.Name] = x
			}
		}
		return m
	}
	first := skillOf(resA.Artifacts)
	if len(first) != 1 {
		t.Fatalf("skills of the first source: %v", first)
	}
	var nameA string
	for n := range first {
		nameA = n
	}
	resB := learn(t, s, b, withOut)
	made := skillOf(resB.Artifacts)
	if _, ok := made[nameA]; ok || len(made) != 1 {
		t.Errorf("learning %s made %v, want its own skill only (not %s)", b, sortedKeys(made), nameA)
	}
	stored, err := s.Artifacts()
	if err != nil {
		t.Fatal(err)
	}
	all := skillOf(stored)
	if len(all) != 2 {
		t.Fatalf("stored skills %v, want both", sortedKeys(all))
	}
	var doms []string
	for _, x := range all {
		doms = append(doms, x.Domain)
	}
	if doms[0] != doms[1] {
		t.Fatalf("the two skills are in domains %v: the test needs one", doms)
	}
	if got, want := all[nameA].Files[0].Content, first[nameA].Files[0].Content; got != want {
		t.Errorf("%s changed though its source was not learned again", nameA)
	}

	// its own source changed: made again
	write(t, dir, "deploy.md", tutorial("Deploy the service", "docker", "Build the image.", "Push the image to the registry.", "Start the service on the host.", "Check the service's logs."))
	resA2 := learn(t, s, a, withOut)
	if _, ok := skillOf(resA2.Artifacts)[nameA]; !ok {
		t.Errorf("changing %s did not make %s again: %v", a, nameA, sortedKeys(skillOf(resA2.Artifacts)))
	}
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
