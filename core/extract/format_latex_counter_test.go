package extract

import (
	"strings"
	"testing"
)

// Theorem kinds a macro declares share the theorem counter as those
// declared directly do: hyperref's aliascnt idiom (\newaliascnt{lem}{thm}
// then \newtheorem{lem}[lem]{Lemma}, the set-up of the HoTT book and of
// catlog) and a plain \newtheorem{cor}[thm]{Corollary}, each written in
// the preamble or made by a macro (\defthm{lem}{Lemma}{Lemmas}).
func TestMacroTheoremsShareCounter(t *testing.T) {
	const body = "\\begin{document}\n\\chapter{Groups}\n\\section{Units}\n" +
		"\\begin{thm}\\label{t:unit}\nA group has exactly one unit element.\n\\end{thm}\n" +
		"\\begin{lem}\\label{l:inv}\nEvery element of a group has exactly one inverse element.\n\\end{lem}\n" +
		"\\begin{cor}\\label{c:cancel}\nIn a group, $ab = ac$ implies $b = c$ for all elements.\n\\end{cor}\n" +
		"\\begin{defn}\\label{d:monoid}\nA \\emph{monoid} is a set with an associative operation and a unit element.\n\\end{defn}\n" +
		"\\begin{thm}\nBy \\cref{c:cancel}, \\cref{l:inv}, \\cref{t:unit} and \\cref{d:monoid}, the equation $ax = b$ has one solution again.\n\\end{thm}\n" +
		"\\end{document}\n"
	for _, tc := range []struct{ name, preamble string }{
		{"through macros", "\\def\\defthm#1#2#3{%\n  \\newaliascnt{#1}{thm}\n  \\newtheorem{#1}[#1]{#2}\n" +
			"  \\aliascntresetthe{#1}\n  \\crefname{#1}{#2}{#3}%\n}\n" +
			"\\newcommand{\\samethm}[2]{\\newtheorem{#1}[thm]{#2}}\n" +
			"\\newtheorem{thm}{Theorem}[section]\n\\defthm{lem}{Lemma}{Lemmas}\n\\samethm{cor}{Corollary}\n" +
			"\\newtheorem{defn}{Definition}[chapter]\n"},
		{"written directly", "\\newtheorem{thm}{Theorem}[section]\n" +
			"\\newaliascnt{lem}{thm}\n\\newtheorem{lem}[lem]{Lemma}\n\\aliascntresetthe{lem}\n" +
			"\\newtheorem{cor}[thm]{Corollary}\n\\newtheorem{defn}{Definition}[chapter]\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps := texBook(t, "\\documentclass{book}\n\\usepackage{amsthm,aliascnt,cleveref}\n"+tc.preamble+body)
			var last string
			for _, p := range ps {
				if strings.Contains(p.FormalStatement, "again") {
					last = p.FormalStatement
				}
			}
			for _, want := range []string{"Corollary 1.1.3", "Lemma 1.1.2", "Theorem 1.1.1", "Definition 1.1 "} {
				if !strings.Contains(last, want) {
					t.Errorf("statement %q lacks %q (names %q)", last, want, nameList(ps))
				}
			}
		})
	}
}
