package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/text"
)

// A glossary use prints what its entry prints, never its key: a
// shorthand of the author's for \gls whose entry prints nothing (a
// dissertation's \symbo{corr} after a formula), an acronym's short, long
// and full forms, a plural, a capital; a key defined nowhere prints
// itself only when it reads as a word.
func TestGlossaryUsesPrintTheirEntries(t *testing.T) {
	txt := "\\newcommand\\symbo[1]{\\gls{symb:#1}}\n" +
		"\\newglossaryentry{symb:corr}{name={\\(\\mathrm{Cr}\\)},description={correction},sort=corr,text={}}\n" +
		"\\newglossaryentry{graph}{name={graph},description={a set of vertices and edges}}\n" +
		"\\newacronym{ast}{AST}{abstract syntax tree}\n" +
		"\\begin{definition}[Loop]\nWe let $x$ be $y$.\\symbo{corr} \\Gls{graph} with \\glspl{graph}, an \\gls{ast}, " +
		"\\acrlong{ast}, \\acrfull{ast}, \\gls{tree}, \\gls{fig:x9}.\n\\end{definition}\n"
	ps := texFixture(t, txt)
	if len(ps) != 1 {
		t.Fatalf("got %v", nameList(ps))
	}
	rd := text.ReadableMath(ps[0].FormalStatement)
	for _, want := range []string{"be y. Graph with graphs, an AST, abstract syntax tree, abstract syntax tree (AST), tree,."} {
		if !strings.Contains(rd, want) {
			t.Errorf("readable %q lacks %q", rd, want)
		}
	}
	for _, no := range []string{"symb", "corr", "Cr", "fig:", "gls"} {
		if strings.Contains(rd, no) {
			t.Errorf("readable %q holds %q", rd, no)
		}
	}
}
