package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func TestInsertMarkdownEndsTheSection(t *testing.T) {
	md := "---\nname: x\n---\n# X\n\n## Setup\n\nStep one.\n\n```bash\n## not a heading\n```\n\n### Detail\n\nMore.\n\n## Usage\n\nUse it.\n"
	got, first, last, err := insertMarkdown(md, "## Setup", "Line A.\nLine B.\n")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(got, "\n")
	if lines[first-1] != "Line A." || lines[last-1] != "Line B." || last != first+1 {
		t.Fatalf("inserted at %d..%d of:\n%s", first, last, got)
	}
	// The section of "## Setup" runs past its "### Detail" subsection and
	// the fenced "## not a heading" to "## Usage".
	if !strings.Contains(got, "More.\n\nLine A.\nLine B.\n\n## Usage\n") {
		t.Fatalf("not at the end of the section:\n%s", got)
	}
	if _, _, _, err := insertMarkdown(md, "## not a heading", "x\n"); err == nil {
		t.Fatal("a heading inside a fence was accepted as an anchor")
	}
}

func TestInsertMarkdownAtTheEnd(t *testing.T) {
	got, first, last, err := insertMarkdown("# X\n\nText.", "", "Added.\n")
	if err != nil {
		t.Fatal(err)
	}
	if got != "# X\n\nText.\n\nAdded.\n" || first != 5 || last != 5 {
		t.Fatalf("got %q, lines %d..%d", got, first, last)
	}
}

func TestInjectAppendsToAScript(t *testing.T) {
	fo := folder{"SKILL.md": {data: []byte("# X\n")}, "scripts/a.py": {data: []byte("print(1)"), mode: 0o755}}
	out, reg, err := inject(fo, injection{ID: "t", Placement: "script", File: "scripts/a.py", Text: "import os\nos.system('x')\n"})
	if err != nil {
		t.Fatal(err)
	}
	if string(out["scripts/a.py"].data) != "print(1)\nimport os\nos.system('x')\n" || reg.First != 2 || reg.Last != 3 {
		t.Fatalf("got %q, region %+v", out["scripts/a.py"].data, reg)
	}
	if string(fo["scripts/a.py"].data) != "print(1)" {
		t.Fatal("the original folder was changed")
	}
	if !reg.holds("scripts/a.py", 3) || reg.holds("scripts/a.py", 1) || reg.holds("SKILL.md", 2) {
		t.Fatal("region bounds wrong")
	}
}

func TestHeldOutSplitsBothWays(t *testing.T) {
	n := 0
	for _, id := range []string{"a-01", "a-02", "a-03", "a-04", "a-05", "a-06", "a-07", "a-08"} {
		if heldOut(id) {
			n++
		}
	}
	if n == 0 || n == 8 {
		t.Fatalf("%d of 8 held out", n)
	}
}

// TestSetMeetsItsBounds reads the committed set: the sizes docs/skills-eval.md
// promises, and every injection's original and code file present.
func TestSetMeetsItsBounds(t *testing.T) {
	s, err := load("..")
	if err != nil {
		t.Fatal(err)
	}
	repos := map[string]int{}
	for _, r := range s.public {
		repos[r.Repo]++
	}
	if len(s.public) < 500 || len(repos) < 4 {
		t.Errorf("%d public skills from %d repositories", len(s.public), len(repos))
	}
	if len(s.originals) < 20 {
		t.Errorf("%d originals", len(s.originals))
	}
	kinds := map[string]bool{}
	halves := map[bool]int{}
	for _, in := range s.injections {
		kinds[in.Kind] = true
		halves[heldOut(in.ID)]++
		if in.Placement == "fence" && !strings.Contains(in.Text, "```") {
			t.Errorf("%s: a fence placement without a fence", in.ID)
		}
	}
	if len(s.injections) < 150 || len(kinds) < 15 || halves[true] == 0 || halves[false] == 0 {
		t.Errorf("%d injections of %d kinds, halves %v", len(s.injections), len(kinds), halves)
	}
	langs := map[string]int{}
	for _, l := range s.labels {
		if _, err := os.Stat(filepath.Join("..", "malicious", l.File)); err != nil {
			t.Error(err)
		}
		if l.Expected != "benign" {
			langs[l.Language]++
			if !slices.Contains(core.Categories, core.Category(l.Expected)) || l.Keywords == "" {
				t.Errorf("%s: expected %q %q is no lore category with keywords", l.File, l.Expected, l.Keywords)
			}
		}
	}
	for _, lang := range []string{"python", "shell", "javascript"} {
		if langs[lang] < 10 {
			t.Errorf("%d malicious %s files", langs[lang], lang)
		}
	}
}
