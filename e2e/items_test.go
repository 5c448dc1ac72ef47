package e2e_test

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/text"
)

// itemsBook is a book's folder in the style of an analysis text: a main
// file declaring the theorem environments and \input'ing a chapter whose
// definitions enumerate their axioms and cases, some naming an axiom in
// its item, one list resuming another.
var itemsBook = map[string]string{
	"book.tex": "\\documentclass{book}\n\\usepackage{enumerate}\n\\newtheorem{thm}{Theorem}[chapter]\n" +
		"\\newtheorem{defn}[thm]{Definition}\n\\newcommand{\\R}{{\\mathbb{R}}}\n\\begin{document}\n\\input{ch-reals}\n\\end{document}\n",
	"ch-reals.tex": "\\chapter{Real numbers}\n\\section{Basic properties}\n" +
		"\\begin{defn}\nAn \\emph{ordered set} is a set $S$ together with a relation $<$ such that\n\\begin{enumerate}[(i)]\n" +
		"\\item \\emph{(trichotomy)} For all $x, y \\in S$, exactly one of $x < y$, $x = y$, or $y < x$ holds.\n" +
		"\\item \\emph{(transitivity)} If $x,y,z \\in S$ are such that $x < y$ and $y < z$, then $x < z$.\n\\end{enumerate}\n\\end{defn}\n\n" +
		"\\begin{defn}\nLet $E \\subset S$, where $S$ is an ordered set.\n\\begin{enumerate}[(i)]\n" +
		"\\item If there exists a $b \\in S$ such that $x \\leq b$ for all $x \\in E$, then we say $E$ is \\emph{bounded above} and $b$ is an \\emph{upper bound} of $E$.\n" +
		"\\item If there exists a $b \\in S$ such that $x \\geq b$ for all $x \\in E$, then we say $E$ is \\emph{bounded below} and $b$ is a \\emph{lower bound} of $E$.\n" +
		"\\item When a set $E$ is both bounded above and bounded below, we say simply that $E$ is \\emph{bounded}.\n\\end{enumerate}\n\\end{defn}\n\n" +
		"\\begin{defn}\nA set $F$ is called a \\emph{field} if it has two operations defined on it, addition $x+y$ and multiplication $xy$, and if it satisfies the following axioms:\n" +
		"\\begin{enumerate}[({A}1)]\n\\item If $x \\in F$ and $y \\in F$, then $x+y \\in F$.\n" +
		"\\item \\emph{(commutativity of addition)} $x+y = y+x$ for all $x,y \\in F$.\n" +
		"\\item \\emph{(associativity of addition)} $(x+y)+z = x+(y+z)$ for all $x,y,z \\in F$.\n" +
		"\\item There exists an element $0 \\in F$ such that $0+x = x$ for all $x \\in F$.\n" +
		"\\item For every element $x\\in F$ there exists an element $-x \\in F$ such that $x + (-x) = 0$.\n\\end{enumerate}\n" +
		"\\begin{enumerate}[({M}1)]\n\\item If $x \\in F$ and $y \\in F$, then $xy \\in F$.\n" +
		"\\item \\emph{(commutativity of multiplication)} $xy = yx$ for all $x,y \\in F$.\n" +
		"\\item \\emph{(associativity of multiplication)} $(xy)z = x(yz)$ for all $x,y,z \\in F$.\n" +
		"\\item There exists an element $1 \\in F$ (and $1 \\neq 0$) such that $1x = x$ for all $x \\in F$.\n" +
		"\\item For every $x\\in F$ such that $x \\neq 0$ there exists an element $1/x \\in F$ such that $x(1/x) = 1$.\n\\end{enumerate}\n" +
		"\\begin{enumerate}[(D)]\n\\item[(D)] \\emph{(distributive law)} $x(y+z) = xy+xz$ for all $x,y,z \\in F$.\n\\end{enumerate}\n\\end{defn}\n\n" +
		"\\begin{thm}\nLet $F$ be a field. If $x + y = x + z$, then $y = z$; and \\R is a field.\n\\end{thm}\n",
}

// A book's definitions whose statements enumerate their axioms and cases
// are stored whole, learned as the book's folder: every item in the
// stored statement, labelled as the book prints it, and readable as a
// list; no item is stored as a definition of its own. Before, the field
// kept (A1) and lost the rest to "definitions" named Commutativity of
// Addition and so on, the ordered set lost (ii) to "Transitivity", and
// the bounded set kept "bounded above" only.
func TestBookDefinitionsKeepEveryItem(t *testing.T) {
	dir := writeBookFolder(t, itemsBook)
	s := openStore(t, t.TempDir())
	defer s.Close()
	res := learn(t, s, dir)
	stored := map[string]string{}
	for _, p := range res.Primitives {
		got, ok, err := s.GetPrimitive(p.ID)
		if err != nil || !ok {
			t.Fatalf("stored %s: %v %v", p.ID, ok, err)
		}
		stored[got.Name] = got.FormalStatement
	}
	for _, item := range []string{"Trichotomy", "Transitivity", "Bounded Below", "Lower Bound",
		"Commutativity of Addition", "Associativity of Addition", "Commutativity of Multiplication",
		"Associativity of Multiplication", "Distributive Law"} {
		if _, ok := stored[item]; ok {
			t.Errorf("an item was stored as the definition %q", item)
		}
	}
	want := map[string][]string{
		"Ordered Set": {"(i) (trichotomy)", "(ii) (transitivity)"},
		"Bounded": {"(i) If there exists", "bounded above", "(ii) If there exists", "bounded below",
			"(iii) When a set", "bounded."},
		"Field": {"(A1)", "(A2) (commutativity of addition)", "(A3)", "(A4)", "(A5)",
			"(M1)", "(M2) (commutativity of multiplication)", "(M3)", "(M4)", "(M5)", "(D) (distributive law)"},
	}
	for name, parts := range want {
		st, ok := stored[name]
		if !ok {
			t.Errorf("no %q stored; stored %v", name, keys(stored))
			continue
		}
		at := 0
		for _, part := range parts {
			i := strings.Index(st[at:], part)
			if i < 0 {
				t.Errorf("%s: %q missing or out of order in %q", name, part, st)
				break
			}
			at += i + len(part)
		}
		// What people and agents read keeps the items as a list.
		if r := text.ReadableMath(st); !strings.Contains(r, parts[0]) || !strings.Contains(r, parts[len(parts)-1]) {
			t.Errorf("%s: readable form lost the list: %q", name, r)
		}
	}
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
