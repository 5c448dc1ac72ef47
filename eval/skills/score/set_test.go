package main

import (
	"strings"
	"testing"
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
