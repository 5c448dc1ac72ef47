package text

import (
	"reflect"
	"slices"
	"testing"
)

func TestTermsAreWordsNotStems(t *testing.T) {
	got := Terms("Suppose the properties hold. Let us show the following: a property of trees " +
		"is given by the properties of their vertices, as defined in Section 2 (see https://github.com/x).")
	want := []string{"properties", "trees", "vertices"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Terms = %q, want %q", got, want)
	}
	for _, w := range got {
		if w == Stem(w) && w != "trees" && w != "vertices" {
			t.Errorf("%q is a stem", w)
		}
	}
}

func TestTermsMostFrequentForm(t *testing.T) {
	cases := map[string][]string{
		// Most frequent form wins; ties go to the shorter form.
		"graphs and graphs and a graph":   {"graphs"},
		"a graph and graphs":              {"graph"},
		"sorting sorts sorted sorting":    {"sorting"},
		"The cache stores; caches cache.": {"cache", "stores"},
		// Discourse verbs go in every inflection, concepts sharing a stem
		// with a discourse word stay.
		"supposing we denoted it, a follower and a container": {"follower", "container"},
		"42 x yz αβγ":       {"αβγ"},
		"":                  {},
		"needed underlying": {}, // stems of stopwords ("need", "under")
	}
	for in, want := range cases {
		got := Terms(in)
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Terms(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStemsMatchWordsAndStoredStems(t *testing.T) {
	got := Stems([]string{"properties", "properti", "Property", "header fields", "", "!!"})
	want := []string{"properti", "header field"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Stems = %q, want %q", got, want)
	}
}

func TestIsDiscourse(t *testing.T) {
	for _, w := range []string{"suppose", "supposing", "shows", "shown", "denoted", "following", "given", "https", "github", "section", "use", "used", "using", "defined"} {
		if !IsDiscourse(w) {
			t.Errorf("%q is discourse", w)
		}
	}
	for _, w := range []string{"follower", "container", "reference", "definition", "vertex", "cache", "satisfiable", "user", "state"} {
		if IsDiscourse(w) {
			t.Errorf("%q is not discourse", w)
		}
	}
}

func TestProseDropsMathAndKeys(t *testing.T) {
	cases := map[string]string{
		`For any $f:A\to B$, the type $\ishae(f)$ is a mere proposition.`:                     "For any  , the type   is a mere proposition.",
		`Then \cref{thm:hae} gives a \emph{fiber} $$\hfib f y$$ of \(f\) and \[g\].`:          "Then   gives a  {fiber}   of   and  .",
		`See \hyperref[sec:x]{the least-upper-bound property}\index{lub} and \cite[p.~3]{k}.`: "See  {the least-upper-bound property}  and  .",
		"costs 5 dollars": "costs 5 dollars",
	}
	for in, want := range cases {
		if got := Prose(in); got != want {
			t.Errorf("Prose(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Terms(Prose(`For any $f:A\to B$, the type $\ishae(f)$ is contractible; see \cref{thm:contr-hae}.`)); !reflect.DeepEqual(got, []string{"type", "contractible"}) {
		t.Errorf("Terms of prose = %q", got)
	}
}

// termsByMaps is Terms as it was first written, with a map per call: the
// specification the faster Terms must keep to.
func termsByMaps(s string) []string {
	type form struct {
		word string
		n    int
	}
	var order []string
	forms := map[string][]form{}
	known := map[string]string{}
	EachWord(s, func(w string, _, _ int) {
		st, seen := known[w]
		if !seen {
			if IsTermWord(w) {
				st = Stem(w)
			}
			known[w] = st
		}
		if st == "" {
			return
		}
		fs, ok := forms[st]
		if !ok {
			order = append(order, st)
		}
		for i := range fs {
			if fs[i].word == w {
				fs[i].n++
				return
			}
		}
		forms[st] = append(fs, form{w, 1})
	})
	out := make([]string, 0, len(order))
	for _, st := range order {
		best := forms[st][0]
		for _, f := range forms[st][1:] {
			if f.n > best.n || f.n == best.n && (len(f.word) < len(best.word) || len(f.word) == len(best.word) && f.word < best.word) {
				best = f
			}
		}
		out = append(out, best.word)
	}
	return out
}

// TestTermsAsByMaps compares Terms with termsByMaps on texts of a few
// words and of many (Terms changes its bookkeeping past a few dozen
// distinct words), asked twice so that what the word cache remembers from
// the first call is read by the second.
func TestTermsAsByMaps(t *testing.T) {
	vocab := []string{"the", "graph", "graphs", "Graphing", "property", "properties", "let", "show", "shows",
		"sorting", "sorts", "sorted", "cache", "caches", "cached", "is", "of", "a", "vertex", "vertices",
		"https", "github", "2024", "x1", "naïve", "Gödel", "élan", "tree", "trees", "needed", "need",
		"suppose", "supposing", "defined", "definition", "definitions", "ab", "abc", "running", "runs"}
	x := uint64(88172645463325252)
	next := func() int {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return int(x % uint64(len(vocab)))
	}
	for _, n := range []int{0, 1, 5, 20, 31, 32, 33, 60, 200, 1000} {
		for round := range 5 {
			var words []string
			for range n {
				w := vocab[next()]
				// Distinct words beyond the vocabulary, so long texts pass
				// the few dozen distinct words at which Terms changes.
				if n >= 60 && next()%3 == 0 {
					w += "zq" + vocab[next()][:1]
				}
				words = append(words, w)
			}
			s := ""
			for i, w := range words {
				if i > 0 {
					s += " "
				}
				s += w
			}
			want := termsByMaps(s)
			for pass := range 2 {
				if got := Terms(s); !reflect.DeepEqual(got, want) {
					t.Fatalf("n=%d round=%d pass=%d: Terms(%q)\n= %q\nwant %q", n, round, pass, s, got, want)
				}
			}
		}
	}
}

// A short piece of a snake_case name is no term; the long pieces are.
func TestTermsSkipShortIdentifierPieces(t *testing.T) {
	got := Terms("Z = gen_gaussian_plot_vals(x_hat, sigma) plots the gaussian")
	for _, w := range got {
		if w == "gen" || w == "hat" {
			t.Errorf("Terms holds the identifier piece %q: %q", w, got)
		}
	}
	if !slices.Contains(got, "gaussian") {
		t.Errorf("Terms = %q, want gaussian", got)
	}
}
