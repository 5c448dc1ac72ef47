package e2e_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeBookFolder(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A book's source folder is learned as the book: the main file's macros
// reach every chapter, a result is numbered as the book numbers it
// (chapter, then its place: a reference reads "Definition 1.1"), and a
// reference from one chapter's file to a
// result in another's is a requires edge. Read one by one, the chapters
// gave none of the three.
func TestBookFolderIsLearnedAsTheBook(t *testing.T) {
	dir := writeBookFolder(t, map[string]string{
		"main.tex":   "\\documentclass{book}\n\\newcommand{\\G}{\\mathcal{G}}\n\\newtheorem{theorem}{Theorem}[chapter]\n\\newtheorem{definition}[theorem]{Definition}\n\\begin{document}\n\\include{groups}\n\\include{rings}\n\\end{document}\n",
		"groups.tex": "\\chapter{Groups}\n\\begin{definition}[Group]\\label{def:group}\nA group $\\G$ is a set with an associative operation, an identity element and inverses.\n\\end{definition}\n",
		"rings.tex": "\\chapter{Rings}\n\\begin{definition}[Ring]\\label{def:ring}\nA ring is a set with two operations whose addition makes it a group (Definition~\\ref{def:group}) that is abelian.\n\\end{definition}\n" +
			"\\begin{theorem}\\label{thm:units}\nThe units of a ring form a group under its multiplication.\n\\end{theorem}\n",
	})
	names, edges := learned(t, dir)
	wantAll(t, "names", names, []string{"Group", "Ring"})
	if !slices.Contains(edges, "Ring -> Group") {
		t.Errorf("no edge from the second chapter's Ring to the first chapter's Group: %q", edges)
	}
	res := learn(t, openStore(t, t.TempDir()), dir, nil...)
	for _, p := range res.Primitives {
		if p.Name == "Group" && (strings.Contains(p.FormalStatement, `\G`) || !strings.Contains(p.FormalStatement, `\mathcal{G}`)) {
			t.Errorf("the book's macro is not expanded in its chapter: %q", p.FormalStatement)
		}
		// The reference reads as the book prints it: chapter 1's first.
		if p.Name == "Ring" && !strings.Contains(p.FormalStatement, "Definition 1.1") {
			t.Errorf("the reference is not numbered as the book numbers it: %q", p.FormalStatement)
		}
	}
}

// A book published a page per section refers from one page to a result on
// another by the book's number: learned together, the pages give that
// edge. A number without a dot ("Theorem 1") names no result across
// documents, and one two documents share names none.
func TestReferencesAcrossPagesOfABook(t *testing.T) {
	dir := writeBookFolder(t, map[string]string{
		"sec-wop.md": "# Well-ordering\n\n::: {.theorem #thm-wop name=\"Well-Ordering Principle\" number=\"4.38\"}\nEvery nonempty set of natural numbers has a least element.\n:::\n\n" +
			"::: {.theorem #thm-one number=\"1\"}\nEvery natural number is zero or a successor.\n:::\n",
		"sec-div.md": "# Division\n\n::: {.theorem #thm-div name=\"Division Algorithm\" number=\"6.7\"}\nFor integers $a$ and $b > 0$ there are unique $q$ and $r$ with $a = qb + r$ and $0 \\le r < b$; the proof uses Theorem 4.38 and Theorem 1.\n:::\n\n" +
			"::: {.theorem #thm-x name=\"Shared Number\" number=\"2.1\"}\nA statement numbered like one of another page, which Theorem 2.1 of this page is.\n:::\n",
		"sec-other.md": "# Other\n\n::: {.theorem #thm-y name=\"Other Shared Number\" number=\"2.1\"}\nAnother statement numbered 2.1, on a page of its own.\n:::\n",
		"sec-rem.md":   "# Remainders\n\n::: {.definition #def-z name=\"Remainder\"}\nThe remainder of a by b is the r of Theorem 2.1 and of Theorem 6.7.\n:::\n",
	})
	_, edges := learned(t, dir)
	if !slices.Contains(edges, "Division Algorithm -> Well-Ordering Principle") || !slices.Contains(edges, "Remainder -> Division Algorithm") {
		t.Errorf("no edge across pages by the book's number: %q", edges)
	}
	for _, e := range edges {
		if strings.HasSuffix(e, "-> Theorem 1 — Well-ordering") || strings.HasPrefix(e, "Remainder -> Other Shared") || strings.HasPrefix(e, "Remainder -> Shared") {
			t.Errorf("edge %q by a number that names no one result", e)
		}
	}
}

// Two results of one book that two of its pages name alike are both
// learned, the later told apart by its printed number as one document
// would tell them apart, not held as a conflict between the book and
// itself.
func TestResultsOfABookNamedAlikeOnTwoPages(t *testing.T) {
	dir := writeBookFolder(t, map[string]string{
		"a-sec-7-6.md":  "# Invertibility\n\n::: {.theorem #coi1 name=\"Characterization of Invertible Matrices\" number=\"7.6.1\"}\nA square matrix is invertible if and only if its reduced row echelon form is the identity.\n:::\n",
		"b-sec-12-2.md": "# Determinants\n\n::: {.theorem #coi2 name=\"Characterization of Invertible Matrices\" number=\"12.2.8\"}\nA square matrix is invertible if and only if its determinant is not zero, by Theorem 7.6.1.\n:::\n",
	})
	s := openStore(t, t.TempDir())
	res := learn(t, s, dir)
	names, _ := learned(t, dir)
	wantAll(t, "names", names, []string{"Characterization of Invertible Matrices", "Characterization of Invertible Matrices (Theorem 12.2.8)"})
	if n := len(res.Conflicts); n != 0 {
		t.Errorf("%d conflicts between two results of one book", n)
	}
}
