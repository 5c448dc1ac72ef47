package text

import "testing"

func TestSaysNoMore(t *testing.T) {
	for _, tc := range []struct {
		name, cand, stored string
		want               bool
	}{
		{"a rendering that lost its display",
			"Let G be a bipartite graph with sets A and B. Then G has a matching of A if and only if for all S⊆A.",
			`Let $G$ be a bipartite graph with sets $A$ and $B$. Then $G$ has a matching of $A$ if and only if $$ |N(S)| \ge |S| $$ for all $S \subseteq A$.`,
			true},
		{"a rendering cut before its display, scripts in another order",
			"This is an example of a recurrence relation. If only we knew the cardinalities of B_4^2 and B_4^3. Repeating the same reasoning,",
			`This is an example of a recurrence relation. If only we knew the cardinalities of $\mathbf B^4_2$ and $\mathbf B^4_3$. Repeating the same reasoning, $$ |\mathbf B^4_2| = 1 $$`,
			true},
		{"the same passage read past the stored statement's cut",
			"We call the number of edges emanating from a given vertex the degree of that vertex. So every vertex in K_n has degree n−1. Alternatively, we can say more.",
			`We call the number of edges emanating from a given vertex the degree of that vertex. So every vertex in $K_n$ has degree $n-1$. …`,
			true},
		{"a candidate that adds a condition says more",
			"Let G be a bipartite graph with sets A and B. Then G has a perfect matching of A if and only if for all S⊆A.",
			`Let $G$ be a bipartite graph with sets $A$ and $B$. Then $G$ has a matching of $A$ if and only if $$ |N(S)| \ge |S| $$ for all $S \subseteq A$.`,
			false},
		{"a sign the stored statement does not have",
			"For every real number x we have -x + x = 0 and x + 0 = x here.",
			"For every real number $x$ we have $x + x = 0$ and $x + 0 = x$ here.",
			false},
		{"the words in another order",
			"the degree of a vertex is the number of edges emanating from it",
			"the number of edges emanating from a vertex is the degree of it",
			false},
		{"common words scattered over a long statement",
			"A graph is connected if there is a path between any two vertices.",
			"A graph is a pair of sets. It is called simple if there is no loop. A walk is a path when no vertex repeats; between two walks we may choose any, and two vertices are adjacent when an edge joins them.",
			false},
		{"one item of a list the stored statement holds whole",
			"P∧Q is read “P and Q,” and called a conjunction.",
			`$P \wedge Q$ is read "$P$ and $Q$," and called a conjunction. $P \vee Q$ is read "$P$ or $Q$," and called a disjunction.`,
			true},
		{"too short to be a passage",
			"A group is abelian.",
			"A group is abelian when any two of its elements commute.",
			false},
		{"a stored statement that was not cut says only its own",
			"We call the number of edges emanating from a given vertex the degree of that vertex. So every vertex has degree n−1.",
			`We call the number of edges emanating from a given vertex the degree of that vertex.`,
			false},
	} {
		if got := SaysNoMore(tc.cand, tc.stored); got != tc.want {
			t.Errorf("%s: SaysNoMore = %v, want %v\n cand %v\n stored %v", tc.name, got, tc.want, passageTokens(tc.cand), passageTokens(tc.stored))
		}
	}
}
