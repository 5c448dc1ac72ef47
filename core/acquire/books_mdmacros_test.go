package acquire

import (
	"context"
	"strings"
	"testing"
)

// A Markdown book's packages, brought in by its build tool's input
// command, are its notation in every Markdown file it brings in, however
// deep; a Markdown file it does not bring in keeps its text as written.
func TestMarkdownBookPackagesLent(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"_commands_/commands.sty":     "\\relative.input{optimization.sty}\n",
		"_commands_/optimization.sty": "\\newcommand{\\sespel}{x}\n\\newcommand{\\searchSpace}{\\mathbb{X}}\n",
		"book.md":                     "---\ntitle: Optimization\n---\n\n\\relative.input{_commands_/commands.sty}\n\n\\relative.input{search/README.md}\n",
		"search/README.md":            "# Search\n\n\\relative.input{space/README.md}\n",
		"search/space/README.md":      "## Space\n\nA point $\\sespel$ of the search space $\\searchSpace$.\n",
		"notes/README.md":             "# Notes\n\nThe point $\\sespel$ again.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"book.md", "search/README.md", "search/space/README.md"} {
		if got := docText(t, res, name); !strings.Contains(got, "\\newcommand{\\sespel}{x}") {
			t.Errorf("%s lacks the book's notation:\n%s", name, got)
		}
	}
	if got := docText(t, res, "notes/README.md"); strings.Contains(got, "\\newcommand") {
		t.Errorf("a file the book does not bring in was lent its notation:\n%s", got)
	}
	space := docText(t, res, "search/space/README.md")
	if !strings.HasSuffix(space, "## Space\n\nA point $\\sespel$ of the search space $\\searchSpace$.\n") {
		t.Errorf("the file's own text changed:\n%s", space)
	}
}
