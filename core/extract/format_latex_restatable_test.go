package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A theorem set through thmtools' restatable is a theorem of its book,
// titled and numbered as one, its statement what follows the command name
// it defines; the restated copy (\Lifting*) is no block of its own.
func TestRestatableIsTheBlockItSets(t *testing.T) {
	txt := "\\documentclass{book}\n\\usepackage{amsthm,thmtools}\n" +
		"\\newtheorem{theorem}{Theorem}[chapter]\n\\newtheorem{definition}[theorem]{Definition}\n" +
		"\\begin{document}\n\\chapter{Coverings}\n" +
		"\\begin{definition}\nA \\emph{covering} is a local homeomorphism with discrete fibres.\n\\end{definition}\n" +
		"\\begin{restatable}[Lifting criterion]{theorem}{LiftingCriterion}\\label{thm:lift}\n" +
		"Let $p$ be a covering and $Y$ path connected. A map $f$ lifts if and only if $f_*\\pi_1(Y)$ lies in $p_*\\pi_1(E)$.\n" +
		"\\end{restatable}\n" +
		"\\begin{restatable}{definition}{DeckDef}\nA \\emph{deck transformation} is an automorphism of a covering over its base.\n\\end{restatable}\n" +
		"\\end{document}\n"
	ps := texBook(t, txt)
	var thm, def *core.Primitive
	for i, p := range ps {
		switch {
		case strings.Contains(p.FormalStatement, "lifts"):
			thm = &ps[i]
		case strings.Contains(p.FormalStatement, "automorphism"):
			def = &ps[i]
		}
	}
	if thm == nil || def == nil {
		t.Fatalf("theorem %v, definition %v: %v", thm, def, nameList(ps))
	}
	if thm.Type != core.Theorem || thm.Name != "Lifting criterion" || thm.Section != "1.2" {
		t.Errorf("theorem = %q %s §%s, want the Lifting criterion, Theorem 1.2", thm.Name, thm.Type, thm.Section)
	}
	if strings.Contains(thm.FormalStatement, "LiftingCriterion") || strings.Contains(thm.FormalStatement, "theorem") {
		t.Errorf("statement %q carries restatable's arguments", thm.FormalStatement)
	}
	if def.Type != core.Definition || !strings.Contains(strings.ToLower(def.Name), "deck transformation") || def.Section != "1.3" {
		t.Errorf("definition = %q %s §%s, want Definition 1.3 of a deck transformation", def.Name, def.Type, def.Section)
	}
}
