package e2e_test

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/engine"
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

// bookChapter is a chapter file of the test books below: one section and
// one untitled theorem stated after a hypothesis, so that the result is
// named by its number.
func bookChapter(title, stmt string) string {
	return "\\chapter{" + title + "}\n\\section{Basics}\n\\begin{theorem}\nLet $x$ be as above. Then " + stmt + "\n\\end{theorem}\n"
}

// numberedNames maps each learned primitive's name to its statement and
// fails the test when two results share a name.
func numberedNames(t *testing.T, res *engine.LearnResult) map[string]string {
	t.Helper()
	byName := map[string]string{}
	for _, p := range res.Primitives {
		if prev, ok := byName[p.Name]; ok {
			t.Errorf("two results named %q: %q and %q", p.Name, prev, p.FormalStatement)
		}
		byName[p.Name] = p.FormalStatement
	}
	return byName
}

// nameWith is the name of the primitive whose statement holds stmt, or "".
func nameWith(byName map[string]string, stmt string) string {
	for n, s := range byName {
		if strings.Contains(s, stmt) {
			return n
		}
	}
	return ""
}

// A book with a main file per volume and one for both volumes, all over
// the same chapter files and one preamble: every chapter is read once, in
// the reading of both volumes, numbered as it prints it; no result is
// skipped as a second reading of itself, none is a conflict, and no two
// share a numbered name. Before, each main file was the whole of its
// volume: the second volume's chapters were read twice and numbered from
// 1 in the volume's reading, the names of the first volume's results.
func TestBookVolumesReadEachChapterOnce(t *testing.T) {
	pre := "\\documentclass{book}\n\\input{preamble}\n\\begin{document}\n"
	dir := writeBookFolder(t, map[string]string{
		"preamble.tex":   "\\newtheorem{theorem}{Theorem}[chapter]\n\\newcommand{\\R}{\\mathbb{R}}\n",
		"vol1.tex":       pre + "\\include{ch-sets}\n\\include{ch-numbers}\n\\end{document}\n",
		"vol2.tex":       pre + "\\setcounter{chapter}{2}\n\\include{ch-limits}\n\\include{ch-series}\n\\end{document}\n",
		"both.tex":       pre + "\\include{ch-sets}\n\\include{ch-numbers}\n\\include{ch-limits}\n\\include{ch-series}\n\\end{document}\n",
		"ch-sets.tex":    bookChapter("Sets", "$x_{1} \\le y_{1}$."),
		"ch-numbers.tex": bookChapter("Numbers", "$x_{2} \\in \\R$."),
		"ch-limits.tex":  bookChapter("Limits", "$x_{3} \\le y_{3}$."),
		"ch-series.tex":  bookChapter("Series", "$x_{4} \\le y_{4}$."),
	})
	res := learn(t, openStore(t, t.TempDir()), dir)
	byName := numberedNames(t, res)
	for stmt, num := range map[string]string{"x_{1}": "Theorem 1.1", "x_{2}": "Theorem 2.1", "x_{3}": "Theorem 3.1", "x_{4}": "Theorem 4.1"} {
		if n := nameWith(byName, stmt); !strings.HasPrefix(n, num) {
			t.Errorf("the result %q is named %q, not %s as the book prints it", stmt, n, num)
		}
	}
	if len(res.Primitives) != 4 || res.Counts.Skipped != 0 || len(res.Conflicts) != 0 {
		t.Errorf("%d results, %d skipped, %d conflicts; want 4 read once: %q", len(res.Primitives), res.Counts.Skipped, len(res.Conflicts), slices.Sorted(maps.Keys(byName)))
	}
}

// A volume that starts its chapters where the first ends
// (\setcounter{chapter}{7}) numbers them from 8; a \part does not reset
// the count of a book that does not number chapters within its parts.
func TestBookVolumeSetsItsChapterCounter(t *testing.T) {
	dir := writeBookFolder(t, map[string]string{
		"vol2.tex":       "\\documentclass{book}\n\\newtheorem{theorem}{Theorem}[chapter]\n\\begin{document}\n\\setcounter{chapter}{7}\n\\part{Analysis}\n\\include{ch-metric}\n\\include{ch-compact}\n\\end{document}\n",
		"ch-metric.tex":  bookChapter("Metric spaces", "$x_{8} \\le y_{8}$."),
		"ch-compact.tex": bookChapter("Compactness", "$x_{9} \\le y_{9}$."),
	})
	byName := numberedNames(t, learn(t, openStore(t, t.TempDir()), dir))
	if n := nameWith(byName, "x_{8}"); !strings.HasPrefix(n, "Theorem 8.1") {
		t.Errorf("the first chapter of the volume names its result %q, not Theorem 8.1", n)
	}
	if n := nameWith(byName, "x_{9}"); !strings.HasPrefix(n, "Theorem 9.1") {
		t.Errorf("the second chapter of the volume names its result %q, not Theorem 9.1", n)
	}
}

// A book's front matter (its chapters unnumbered), an unnumbered
// interlude and its appendices are numbered as the book prints them: the
// first chapter of the main matter is 1, the appendix A.
func TestBookFrontMatterAndAppendix(t *testing.T) {
	dir := writeBookFolder(t, map[string]string{
		"book.tex":      "\\documentclass{book}\n\\newtheorem{theorem}{Theorem}[chapter]\n\\begin{document}\n\\frontmatter\n\\include{preface}\n\\mainmatter\n\\include{ch-groups}\n\\chapter*{Interlude}\nA word between chapters.\n\\include{ch-rings}\n\\appendix\n\\include{ap-sets}\n\\backmatter\n\\chapter{Notes}\nNotes.\n\\end{document}\n",
		"preface.tex":   "\\chapter{Preface}\nWhy this book.\n",
		"ch-groups.tex": bookChapter("Groups", "$x_{1} \\le y_{1}$."),
		"ch-rings.tex":  bookChapter("Rings", "$x_{2} \\le y_{2}$."),
		"ap-sets.tex":   bookChapter("Sets", "$x_{0} \\le y_{0}$."),
	})
	byName := numberedNames(t, learn(t, openStore(t, t.TempDir()), dir))
	for stmt, num := range map[string]string{"x_{1}": "Theorem 1.1", "x_{2}": "Theorem 2.1", "x_{0}": "Theorem A.1"} {
		if n := nameWith(byName, stmt); !strings.HasPrefix(n, num) {
			t.Errorf("the result %q is named %q, not %s as the book prints it", stmt, n, num)
		}
	}
}

// Slides beside a book, in a folder of their own, read with the book's
// definitions: the macros file they \input from the book's folder, the
// package (.sty) of their own they load, and a macro the book's main file
// defines that the slides use without defining it.
func TestSlidesBesideABookTakeItsMacros(t *testing.T) {
	dir := writeBookFolder(t, map[string]string{
		"macros.tex":      "\\newcommand{\\R}{\\mathbb{R}}\n",
		"book.tex":        "\\documentclass{book}\n\\input{macros}\n\\newcommand{\\N}{\\mathbb{N}}\n\\newtheorem{definition}{Definition}[chapter]\n\\begin{document}\n\\include{ch-seq}\n\\end{document}\n",
		"ch-seq.tex":      "\\chapter{Sequences}\n\\begin{definition}[Sequence]\nA sequence is a function from $\\N$ to $\\R$.\n\\end{definition}\n",
		"slides/deck.sty": "\\ProvidesPackage{deck}\n\\newcommand{\\abs}[1]{\\lvert #1 \\rvert}\n",
		"slides/deck.tex": "\\documentclass{beamer}\n\\input{../macros}\n\\usepackage{deck}\n\\title{Bounded sequences}\n\\begin{document}\n\\begin{frame}\n\\begin{definition}[Bounded sequence]\nA sequence $x \\colon \\N \\to \\R$ is bounded when there is a $B$ with $\\abs{x_n} \\le B$ for every $n$.\n\\end{definition}\n\\end{frame}\n\\end{document}\n",
	})
	res := learn(t, openStore(t, t.TempDir()), dir)
	found := false
	for _, p := range res.Primitives {
		if p.Name != "Bounded sequence" {
			continue
		}
		found = true
		for _, want := range []string{`\mathbb{N}`, `\mathbb{R}`, `\lvert x_n \rvert`} {
			if !strings.Contains(p.FormalStatement, want) {
				t.Errorf("the slide's definition lacks %q: %q", want, p.FormalStatement)
			}
		}
		for _, macro := range []string{`\N `, `\R`, `\abs`} {
			if strings.Contains(p.FormalStatement, macro) {
				t.Errorf("the slide's definition keeps %q: %q", macro, p.FormalStatement)
			}
		}
	}
	if !found {
		t.Fatalf("no slide definition among %d results", len(res.Primitives))
	}
}

// A chapter learned from its own file, in a repository that holds its
// book, is numbered as the book prints it and reads the book's macros:
// the book's second chapter names its result Theorem 2.1, not 1.1.
func TestChapterLearnedAloneBesideItsBook(t *testing.T) {
	dir := writeBookFolder(t, map[string]string{
		"book.tex":            "\\documentclass{book}\n\\input{macros}\n\\newtheorem{theorem}{Theorem}[chapter]\n\\begin{document}\n\\include{chapters/sets}\n\\include{chapters/limits}\n\\end{document}\n",
		"macros.tex":          "\\newcommand{\\R}{\\mathbb{R}}\n",
		"chapters/sets.tex":   bookChapter("Sets", "$x_{1} \\le y_{1}$."),
		"chapters/limits.tex": bookChapter("Limits", "$x_{2} \\in \\R$."),
	})
	byName := numberedNames(t, learn(t, openStore(t, t.TempDir()), filepath.Join(dir, "chapters", "limits.tex")))
	n := nameWith(byName, "x_{2}")
	if !strings.HasPrefix(n, "Theorem 2.1") || !strings.Contains(byName[n], `\mathbb{R}`) {
		t.Errorf("the second chapter learned alone gives %q: %q", n, byName[n])
	}
}
