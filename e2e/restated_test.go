package e2e_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
)

var (
	texCommand = regexp.MustCompile(`\\[A-Za-z]*ref\{[^}]*\}|\\label\{[^}]*\}|\\[A-Za-z]+|</?[A-Za-z][\w:.-]*(?:\s[^<>\n]{0,200})?/?>`)
	plainWord  = regexp.MustCompile(`\p{L}{3,}`)
)

// trigrams are the runs of three words (letters only, three or more,
// lowercased, TeX commands and XML tags dropped) of s: what a statement
// keeps of the text it was read from, whatever became of its markup.
func trigrams(s string) []string {
	ws := plainWord.FindAllString(strings.ToLower(texCommand.ReplaceAllString(s, " ")), -1)
	var out []string
	for i := 0; i+3 <= len(ws); i++ {
		out = append(out, strings.Join(ws[i:i+3], " "))
	}
	return out
}

// share is the part of a statement's runs of three words that a
// document's text holds (1 for a statement of fewer than three words).
func share(doc map[string]bool, stmt string) float64 {
	ts := trigrams(stmt)
	if len(ts) == 0 {
		return 1
	}
	n := 0
	for _, t := range ts {
		if doc[t] {
			n++
		}
	}
	return float64(n) / float64(len(ts))
}

// checkProvenanceHolds fails for every stored primitive whose provenance
// names a document whose text (as lore reads it) does not hold its
// statement: three in four of its runs of three words (a reference it
// reads as the book numbers it, "Definition C.2", is not in the text) —
// or, with relative, more of them than any other document of the sources
// holds (a statement whose macros a book defines reads otherwise than its
// source text, but never better in another file).
func checkProvenanceHolds(t *testing.T, s *store.Store, relative bool, sources ...string) {
	t.Helper()
	texts := map[string]map[string]bool{}
	for _, src := range sources {
		res, err := acquire.Local(context.Background(), src, acquire.Options{})
		if err != nil {
			t.Fatalf("read %s: %v", src, err)
		}
		for _, d := range res.Documents {
			set := map[string]bool{}
			for _, g := range trigrams(d.Text) {
				set[g] = true
			}
			texts[d.Path] = set
			// a book's files, each of which its results may name
			for _, part := range d.Parts {
				if _, ok := texts[part.Path]; ok {
					continue
				}
				b, err := os.ReadFile(part.Path)
				if err != nil {
					t.Fatal(err)
				}
				set := map[string]bool{}
				for _, g := range trigrams(string(b)) {
					set[g] = true
				}
				texts[part.Path] = set
			}
		}
	}
	bad := 0
	for _, p := range all(t, s) {
		doc, ok := texts[p.Provenance.Document]
		if !ok {
			t.Errorf("%s (%q): provenance names %s, which none of the sources holds", p.ID, p.Name, p.Provenance.Document)
			continue
		}
		own, ok := share(doc, p.FormalStatement), true
		if !relative {
			ok = own >= 0.75
		}
		for path, other := range texts {
			if path != p.Provenance.Document && share(other, p.FormalStatement) > own {
				ok = false
			}
		}
		if !ok {
			if bad++; bad <= 10 {
				t.Errorf("%s (%q): its provenance %s holds %.0f%% of its statement %q, or less than another document", p.ID, p.Name, p.Provenance.Document, 100*own, p.FormalStatement)
			}
		}
	}
	if bad > 10 {
		t.Errorf("%d primitives in all point at a document that does not hold their statement", bad)
	}
}

// all is every stored primitive.
func all(t *testing.T, s *store.Store) []core.Primitive {
	t.Helper()
	var ps []core.Primitive
	if err := s.Primitives(func(p core.Primitive) error { ps = append(ps, p); return nil }); err != nil {
		t.Fatal(err)
	}
	return ps
}

// slidesFolder is a book and the slides beside it: the slides restate
// two of the book's theorems, one under the slide's own number, one under
// the same title in other words, and state nothing else.
func slidesFolder(t *testing.T) string {
	return writeBookFolder(t, map[string]string{
		"book.tex": "\\documentclass{book}\n\\newtheorem{theorem}{Theorem}[section]\n\\begin{document}\n\\input{ch-linear}\n\\end{document}\n",
		"ch-linear.tex": "\\chapter{Linear equations}\n\\section{Second order equations}\n" +
			"We study the equation\n\\begin{equation}\\label{eq:hom}\ny'' + p(x) y' + q(x) y = 0 .\n\\end{equation}\n" +
			"\\begin{theorem}[Superposition]\\label{thm:sup}\nSuppose $y_1$ and $y_2$ are two solutions of the homogeneous equation \\eqref{eq:hom}. Then $y = C_1 y_1 + C_2 y_2$ also solves \\eqref{eq:hom} for arbitrary constants $C_1$ and $C_2$.\n\\end{theorem}\n" +
			"\\begin{theorem}\\label{thm:gen}\nLet $p, q$ be continuous functions. Let $y_1$ and $y_2$ be two linearly independent solutions to the homogeneous equation \\eqref{eq:hom}. Then every other solution is of the form $y = C_1 y_1 + C_2 y_2$.\n\\end{theorem}\n" +
			"\\section{Constant coefficients}\n\\begin{theorem}\\label{thm:roots}\nSuppose that $r_1$ and $r_2$ are distinct real roots of the characteristic equation $a r^2 + b r + c = 0$. Then the general solution of $a y'' + b y' + c y = 0$ is $y = C_1 e^{r_1 x} + C_2 e^{r_2 x}$.\n\\end{theorem}\n" +
			strings.Repeat("The method of undetermined coefficients guesses a solution of the same form as the right-hand side and solves for its coefficients.\n", 40),
		"slides/2.1.tex": "\\documentclass{beamer}\n\\newtheorem{theorem}{Theorem}\n\\title{Second order linear ODEs}\n\\begin{document}\n\\begin{frame}\n" +
			"\\begin{theorem}[Superposition]\nSuppose $y_1$ and $y_2$ are two solutions of the homogeneous equation $y'' + p(x)y' + q(x)y = 0$. Then $y = C_1 y_1 + C_2 y_2$ also solves the equation for arbitrary constants $C_1$ and $C_2$.\n\\end{theorem}\n\\end{frame}\n" +
			"\\begin{frame}\n\\begin{theorem}\nLet $p, q$ be continuous functions. Let $y_1$ and $y_2$ be two linearly independent solutions to the homogeneous equation $y'' + p(x) y' + q(x) y = 0$. Then every other solution is of the form $y = C_1 y_1 + C_2 y_2$.\n\\end{theorem}\n\\end{frame}\n\\end{document}\n",
	})
}

// A book learned with the slides that restate it holds each result once:
// under the book's name (its number, "Theorem 1.1.2", not the slide's
// "Theorem 2"), with the book's statement and place, the slide recorded
// as also stating it; and every primitive's provenance names the file
// whose text holds its statement. Learning the folder again changes
// nothing.
func TestSlidesRestatingTheBookAreOneResult(t *testing.T) {
	dir := slidesFolder(t)
	s := openStore(t, t.TempDir())
	defer s.Close()
	learn(t, s, dir)
	ps := all(t, s)
	var names []string
	var stated []core.StatedIn
	for _, p := range ps {
		names = append(names, p.Name)
		if strings.Contains(p.Provenance.Document, "slides") {
			t.Errorf("%q is kept as the slide states it (%s), not as the book does", p.Name, p.Provenance.Document)
		}
		stated = append(stated, p.AlsoStatedIn...)
	}
	if len(ps) != 3 {
		t.Errorf("%d primitives %q, want the book's three results once each", len(ps), names)
	}
	for _, n := range names {
		if strings.HasPrefix(n, "Theorem ") && !strings.HasPrefix(n, "Theorem 1.") {
			t.Errorf("name %q is not the book's", n)
		}
	}
	if len(stated) != 2 {
		t.Errorf("the slides are recorded as also stating %d results (%v), want 2", len(stated), stated)
	}
	checkProvenanceHolds(t, s, false, dir)
	if res := learn(t, s, dir); res.Counts.Added+res.Counts.Updated != 0 {
		t.Errorf("learned again: %+v, want nothing changed", res.Counts)
	}
}

// Over the corpus, learned into one store work after work (a book among
// them twice, as text and as PDF): every primitive's provenance names the
// file whose text holds its statement — an update from another work takes
// the place with the statement.
func TestCorpusProvenanceHoldsStatement(t *testing.T) {
	works := []string{"latex_openlogic_enumerability.tex", "latex_ods_sorting.tex", "pretext_levin_discrete_sec_gt-trees.ptx",
		"latex_untitled-envs_hott_equivalences.tex", "paper_collaborative-text-editing.tex", "rfc7234_http-caching.txt",
		// One book twice, as poppler's text and as its PDF: the second
		// restates and updates the first's results.
		"textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt", "textbook_winitzki-linear-algebra-via-exterior-products.pdf"}
	var paths []string
	for _, w := range works {
		paths = append(paths, corpus.Path(t, w))
	}
	s := openStore(t, t.TempDir())
	defer s.Close()
	for _, p := range paths {
		learn(t, s, p)
	}
	checkProvenanceHolds(t, s, true, paths...)
}
