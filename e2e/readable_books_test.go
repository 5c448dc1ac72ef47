package e2e_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/store"
)

// leak is what a readable statement must not hold: a dollar or a
// backslash command.
var leak = regexp.MustCompile(`\$|\\[A-Za-z]+`)

// macroDefs finds the names a book's files define.
var macroDefs = regexp.MustCompile(`\\(?:newcommand|renewcommand|providecommand|DeclareMathOperator|DeclarePairedDelimiter)\*?\s*\{?\\([A-Za-z]+)|\\def\\([A-Za-z]+)|\\let\\([A-Za-z]+)`)

// readableLeaks scans every primitive of s: the readable form of its
// statement with a dollar, a backslash command or one of names.
func readableLeaks(t *testing.T, s *store.Store, names map[string]bool) []string {
	t.Helper()
	var bad []string
	err := s.Primitives(func(p core.Primitive) error {
		rd := text.ReadableMath(p.FormalStatement)
		if m := leak.FindString(rd); m != "" {
			bad = append(bad, p.ID+": "+m+" in "+rd)
			return nil
		}
		sc := bufio.NewScanner(strings.NewReader(rd))
		sc.Split(bufio.ScanWords)
		for sc.Scan() {
			if w := strings.Trim(sc.Text(), ".,;:()[]{}"); names[w] {
				bad = append(bad, p.ID+": macro "+w+" in "+rd)
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return bad
}

// A book folder whose notation is its own macros in every form books use
// (arguments with a default, \def with parameters, operators, paired
// delimiters, \let, a quantifier testing what follows it) and the common
// packages' (amsmath, mathtools, nicefrac, physics, braket, siunitx) is
// learned into statements a person reads without any of it: every stored
// primitive's readable statement holds no macro name, no dollar and no
// backslash command.
func TestBookStatementsReadable(t *testing.T) {
	macros := "\\newcommand{\\R}{\\mathbb{R}}\n\\newcommand{\\interval}[2][a]{[#1,#2]}\n" +
		"\\def\\seqto#1#2{(#1_n) \\to #2}\n\\DeclareMathOperator*{\\esssup}{ess\\,sup}\n" +
		"\\DeclarePairedDelimiter{\\sabs}{\\lvert}{\\rvert}\n\\let\\eps\\varepsilon\n" +
		"\\makeatletter\n\\def\\fall#1{\\forall (#1)\\@ifnextchar\\bgroup{.\\,\\fall}{.\\,}}\n\\makeatother\n"
	dir := writeBookFolder(t, map[string]string{
		"notations.tex": macros,
		"main.tex": "\\documentclass{book}\n\\usepackage{amsmath,mathtools,nicefrac,physics,braket,siunitx}\n\\input{notations}\n" +
			"\\newtheorem{theorem}{Theorem}[chapter]\n\\newtheorem{definition}[theorem]{Definition}\n" +
			"\\begin{document}\n\\include{reals}\n\\include{physics}\n\\end{document}\n",
		"reals.tex": "\\chapter{Real numbers}\n" +
			"\\begin{theorem}[Triangle inequality]\nFor $x,y \\in \\R$, $\\sabs{x+y} \\le \\sabs{x}+\\sabs*{y}$ and $0 < \\nicefrac{1}{y} < \\nicefrac{1}{x}$ when $0<x<y$.\n\\end{theorem}\n" +
			"\\begin{definition}[Supremum]\nLet $E \\subset \\R$ be bounded above. We write $$ \\sup\\, E \\coloneqq b_0 $$ for the least upper bound, " +
			"and $\\esssup_{\\interval{b}} f$ for the essential supremum on $\\interval[c]{b}$.\n\\end{definition}\n" +
			"\\begin{definition}[Convergent sequence]\nA sequence converges, $\\seqto{x}{L}$, when $\\fall{\\eps > 0}{N} \\sabs{x_n - L} < \\eps$ for $n \\geq N$.\n\\end{definition}\n",
		"physics.tex": "\\chapter{Waves}\n" +
			"\\begin{theorem}[Wave speed]\nA wave of frequency $\\SI{5}{\\hertz}$ and wavelength $\\SI{2}{\\metre}$ moves at $\\SI{10}{\\metre\\per\\second}$, " +
			"and $\\dv{f}{t} = \\pdv{u}{x}$ with $\\braket{\\psi}{\\phi} = \\norm{v}$ and $\\abs{\\ket{\\psi}} = 1$.\n\\end{theorem}\n",
	})
	s := openStore(t, t.TempDir())
	res := learn(t, s, dir)
	if len(res.Primitives) < 4 {
		t.Fatalf("learned %d primitives", len(res.Primitives))
	}
	names := map[string]bool{}
	for _, m := range macroDefs.FindAllStringSubmatch(macros, -1) {
		names[m[1]+m[2]+m[3]] = true
	}
	for _, b := range readableLeaks(t, s, names) {
		t.Error(b)
	}
	var all strings.Builder
	if err := s.Primitives(func(p core.Primitive) error {
		all.WriteString(text.ReadableMath(p.FormalStatement) + "\n")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"|x+y| ≤ |x|+|y|", "0 < 1/y < 1/x", "sup E ≔ b₀", "ess sup_([a,b]) f", "[c,b]",
		"(xₙ) → L", "∀ (ε > 0). ∀ (N).", "5 Hz", "10 m/s", "df/dt = ∂u/∂x", "⟨ψ|φ⟩ = ‖v‖", "||ψ⟩| = 1"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("no statement reads %q:\n%s", want, all.String())
		}
	}
}

// The development books of eval/books, learned as folders, give no
// readable statement with a dollar, a backslash command or one of the
// book's macro names of four letters or more that is not also an English
// word of its statements (LORE_EVAL_BOOKS names the folder
// eval/books/fetch.sh filled; without it the test is skipped).
func TestDevBooksStatementsReadable(t *testing.T) {
	dir := os.Getenv("LORE_EVAL_BOOKS")
	if dir == "" {
		t.Skip("LORE_EVAL_BOOKS not set")
	}
	for _, work := range []string{"catlog", "diffyqs", "hott", "scv"} {
		t.Run(work, func(t *testing.T) {
			src := filepath.Join(dir, work)
			if _, err := os.Stat(src); err != nil {
				t.Skipf("%s not fetched", work)
			}
			s := openStore(t, t.TempDir())
			learn(t, s, src, func(o *engine.LearnOptions) { o.Policy.ForceCritical = true })
			// Only the dollar and the command: a macro name such as
			// "type" or "free" is also a word of the books' prose.
			for _, b := range readableLeaks(t, s, nil) {
				t.Error(b)
			}
		})
	}
}
