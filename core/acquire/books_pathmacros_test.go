package acquire

import (
	"context"
	"strings"
	"testing"
)

// A macro with no parameters in an include's path is expanded with the
// definition in force there: the chapter file that renews \currentchapter
// and then inputs book/ch\currentchapter-sets/… reads its sections, and
// the book is whole (nothing of it left out as not included).
func TestIncludePathMacroIsExpanded(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"book.tex":                             "\\documentclass{book}\n\\input{book/includes/organisation.tex}\n\\begin{document}\n\\input{book/ch02-sets/_sets.tex}\n\\input{book/ch03-functions/_functions.tex}\n\\end{document}\n",
		"book/includes/organisation.tex":       "\\newcommand{\\currentchapter}{}\n",
		"book/ch02-sets/_sets.tex":             "\\chapter{Sets}\n\\renewcommand{\\currentchapter}{02}\n\\input{book/ch\\currentchapter-sets/s1-sets.tex}\n",
		"book/ch02-sets/s1-sets.tex":           "\\section{Sets}\nA set is a collection.\n",
		"book/ch03-functions/_functions.tex":   "\\chapter{Functions}\n\\def\\currentchapter{03}\n\\input{book/ch\\currentchapter -functions/s1-functions}\n",
		"book/ch03-functions/s1-functions.tex": "\\section{Functions}\nA function assigns.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(docNames(res), " "); names != "book.tex" || res.NotIncluded != nil {
		t.Fatalf("documents %q, not included %+v, want the book alone", names, res.NotIncluded)
	}
	inOrder(t, "the book", res.Documents[0].Text, "A set is a collection.", "A function assigns.")
}

// An include whose path holds a macro lore cannot expand may name any
// file of the folder: none is left out as not included, and a note says
// why.
func TestUnresolvedIncludePathLeavesNothingOut(t *testing.T) {
	dir := bookDir(t, map[string]string{
		"main.tex":     "\\documentclass{book}\n\\begin{document}\n\\input{intro}\n\\input{ch\\chapnum/text}\n\\end{document}\n",
		"intro.tex":    "\\chapter{Intro}\nIntro's text.\n",
		"ch1/text.tex": "\\chapter{One}\nOne's text.\n",
	})
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.NotIncluded != nil {
		t.Fatalf("not included %+v, want nothing left out", res.NotIncluded)
	}
	if names := strings.Join(docNames(res), " "); names != "ch1/text.tex main.tex" {
		t.Fatalf("documents %q, want the book and the file lore cannot tell it includes", names)
	}
	noted := false
	for _, n := range res.Notes {
		noted = noted || (n.Path == "main.tex" && strings.Contains(n.Reason, "cannot expand"))
	}
	if !noted {
		t.Errorf("notes %+v lack why nothing was left out", res.Notes)
	}
}
