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
