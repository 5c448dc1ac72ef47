package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A Markdown book's block command, its first argument the block's kind,
// is that block, stated by its last argument (the one-word one before it
// is its label),
// its character references read as the characters they name. A table of
// figures whose first column is in code describes nothing.
func TestMarkdownBlockCommand(t *testing.T) {
	txt := "# Statistics\n\n" +
		"\\text.block{definition}{run}{One independent application of one optimization algorithm to one instance of an optimization problem is called a *run*.}\n\n" +
		"Each *run* is independent.\n\n" +
		"\\text.block{definition}{randomSample}{A random sample of length&nbsp;$k\\geq 1$ is a set of $k$&nbsp;independent observations of an experiment.}\n\n" +
		"The command `\\text.block{definition}{x}{y}` is how blocks are written.\n\n" +
		"|name|best|mean|time|\n|:--|--:|--:|--:|\n|`abz7`|656|712|96s|\n|`la24`|935|1095|71s|\n"
	ps := Extract(mdDoc(txt, core.Textbook), Options{})
	byName := map[string]core.Primitive{}
	for _, p := range ps {
		byName[p.Name] = p
	}
	if len(ps) != 2 {
		t.Fatalf("got %v, want the two definitions", nameList(ps))
	}
	run, ok := byName["Run"]
	if !ok || run.Type != core.Definition || !strings.Contains(run.FormalStatement, "is called a run") {
		t.Errorf("Run: %+v", run)
	}
	sample, ok := byName["Random Sample"]
	if !ok || strings.Contains(sample.FormalStatement, "&nbsp;") {
		t.Errorf("Random Sample states %q (of %v)", sample.FormalStatement, nameList(ps))
	}
}
