package text

import (
	"reflect"
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
