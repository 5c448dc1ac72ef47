package dedup

import (
	"math"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// The same statement in other notation is a duplicate whose confidence is
// measured with its statement score as written, as the rationale tells
// it: not 1, which says the texts are one.
func TestOtherNotationConfidenceAsWritten(t *testing.T) {
	book := withHash(core.Primitive{ID: "protocols-bounded-sequence", Name: "Bounded sequence", Domain: "protocols", Type: core.Definition,
		FormalStatement: `A sequence $(x_n)$ is bounded if there is $M \in \mathbb{R}$ with $|x_n| \leq M$ for all $n \in {\mathbb{N}}$.`,
		Keywords:        []string{"sequenc", "bound"}})
	slide := book
	slide.ID = "protocols-bounded-sequence-2"
	slide.FormalStatement = `A sequence $(x_n)$ is bounded if there is $M \in \mathbb{R}$ with $|x_n| \le M$ for all $n \in \N$.`
	slide = withHash(slide)
	c := Compare(&slide, &book)
	want := math.Min(1, (c.FormalSimilarity+c.ComputationalSimilarity+c.KeywordSimilarity+c.PatternOverlap)/4)
	if c.Class != core.ExactDuplicate || c.FormalSimilarity >= 1 || c.Confidence >= 1 || c.Confidence != want {
		t.Errorf("other notation: %s, statement %.2f, confidence %.2f; want a duplicate of confidence %.2f", c.Class, c.FormalSimilarity, c.Confidence, want)
	}
	reg := NewIndex()
	reg.Add(book)
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), slide); v.Best == nil || v.Best.Confidence != want {
		t.Errorf("the learn's verdict: %+v, want confidence %.2f", v.Best, want)
	}
}

// function is a definition of a function as a second source words it.
func function(id, stmt string, patterns ...string) core.Primitive {
	return withHash(core.Primitive{ID: id, Name: "Function", Domain: "protocols", Type: core.Definition, FormalStatement: stmt,
		Keywords: []string{"function", "relat", "imag"}, ApplicabilityPatterns: patterns})
}

// A statement in other notation and other connective words ("with" for
// "given by", \colon for ":") says no more than the stored one: it is no
// generalization, whatever the patterns the second source lists, and no
// update either when the two share a name; it is the same statement in
// other words, of a confidence under 1. A candidate that drops a condition
// of the stored statement is still a generalization.
func TestOtherWordsIsNoGeneralization(t *testing.T) {
	stored := function("protocols-function", `A function $f: A \to B$ is a relation between sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`, "functions")
	for _, c := range []struct {
		name string
		cand core.Primitive
	}{
		{"broader patterns", function("protocols-function-2", `A function $f\colon A\to B$ is a relation between sets A and B given by exactly one image $f(a) \in B$ for every $a \in A$.`, "functions", "maps")},
		{"same name", function("protocols-function-2", `A function $f\colon A\to B$ is a relation between sets A and B given by exactly one image $f(a) \in B$ for every $a \in A$.`, "functions")},
	} {
		reg := NewIndex()
		reg.Add(stored)
		v := checkBoth(t, NewDeduper(reg, DefaultConfig()), c.cand)
		got := []*core.Comparison{v.Best}
		if c.name == "broader patterns" {
			// The comparator alone, which knows no names, says so too.
			cmp := Compare(&c.cand, &stored)
			got = append(got, &cmp)
		}
		for _, got := range got {
			if got == nil || got.Class == core.Generalization || got.Confidence >= 1 || !strings.Contains(got.Rationale, "same statement in other words") {
				t.Errorf("%s: %+v, want the same statement in other words, not a generalization, of confidence under 1", c.name, got)
			}
		}
	}

	bounded := withHash(core.Primitive{ID: "analysis-monotone-convergence", Name: "Monotone convergence", Domain: "analysis", Type: core.Theorem,
		FormalStatement: "Every bounded monotone sequence of real numbers converges.", Keywords: []string{"monoton", "sequenc", "converg"},
		ApplicabilityPatterns: []string{"monotone sequences"}})
	broader := bounded
	broader.ID = "analysis-monotone-convergence-2"
	broader.FormalStatement = "Every monotone sequence of real numbers converges in the extended reals."
	broader.ApplicabilityPatterns = []string{"monotone sequences", "extended reals"}
	broader = withHash(broader)
	if c := Compare(&broader, &bounded); c.Class != core.Generalization {
		t.Errorf("a statement without the stored one's condition: %s (%s), want a generalization", c.Class, c.Rationale)
	}
}
