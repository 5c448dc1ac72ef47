package dedup

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

func named(id, name string, typ core.PrimitiveType, stmt string, kws ...string) core.Primitive {
	return withHash(core.Primitive{ID: id, Name: name, Domain: "mathematics", Type: typ, FormalStatement: stmt, Keywords: kws})
}

// Two results that share a title and differ in more than half their text
// ("Linearity" of the integral and of the derivative; two
// "Characterization of Convergent Sequences") are kept apart: the verdict
// names the stored one, genuinely new, for the merge engine to name the
// candidate apart, never a conflict.
func TestSameTitleDifferentResultsAreKeptApart(t *testing.T) {
	for _, c := range []struct{ stored, cand core.Primitive }{
		{named("m-linearity", "Linearity", core.Theorem,
			`If $f$ and $g$ are Riemann integrable on $[a,b]$ and $\alpha \in \R$, then $\int_a^b (\alpha f + g) = \alpha \int_a^b f + \int_a^b g$.`,
			"integr", "riemann", "linear"),
			named("m-linearity", "Linearity", core.Theorem,
				`If $f$ and $g$ are differentiable at $c$ and $\alpha \in \R$, then $h = \alpha f + g$ is differentiable at $c$ and $h'(c) = \alpha f'(c) + g'(c)$.`,
				"differenti", "derivat", "linear")},
		{named("m-char", "Characterization of Convergent Sequences", core.Theorem,
			`Let $(X,d)$ be a metric space. A sequence $\{x_n\}$ in $X$ converges to $p \in X$ if and only if for every $\epsilon > 0$ there is $M$ with $d(x_n,p) < \epsilon$ for all $n \geq M$.`,
			"metric", "sequenc", "converg"),
			named("m-char", "Characterization of convergent sequences", core.Theorem,
				`A bounded sequence $\{x_n\}$ of real numbers converges if and only if $\liminf_{n\to\infty} x_n = \limsup_{n\to\infty} x_n$.`,
				"sequenc", "converg", "liminf", "limsup")},
	} {
		reg := NewIndex()
		reg.Add(c.stored)
		v := checkBoth(t, NewDeduper(reg, DefaultConfig()), c.cand)
		if v.Best == nil || v.Existing == nil || v.Existing.ID != c.stored.ID || v.Best.Class != core.GenuinelyNew {
			t.Errorf("%s: verdict %+v, want genuinely new on %s", c.cand.Name, v.Best, c.stored.ID)
		}
	}
}

// A shorter restatement of a stored statement of the same name (a slide
// giving the book's definition in fewer words) is a duplicate of it, and
// the book's fuller statement after the slide's an update: never a
// question for a person.
func TestSameNameRestatementIsADuplicateOrAnUpdate(t *testing.T) {
	book := named("m-cont", "Continuous function", core.Definition,
		`Let $S \subset {\mathbb{R}}$ and $c \in S$. A function $f \colon S \to {\mathbb{R}}$ is continuous at $c$ if for every $\epsilon > 0$ there is a $\delta > 0$ such that whenever $x \in S$ and $\lvert x-c \rvert < \delta$, then $\lvert f(x)-f(c) \rvert < \epsilon$. When $f$ is continuous at all $c \in S$, we say $f$ is a continuous function.`,
		"continu", "function", "delta", "epsilon")
	slide := named("m-cont", "Continuous Function", core.Definition,
		`$f \colon S \to \R$ is continuous at $c$ if for every $\epsilon > 0$ there is $\delta > 0$ such that whenever $|x-c| < \delta$, then $|f(x)-f(c)| < \epsilon$.`,
		"continu", "epsilon", "delta")
	if c := Compare(&slide, &book); c.Class == core.ExactDuplicate || c.Class == core.Generalization {
		t.Fatalf("setup: the wording alone gives %s", c.Class)
	}
	reg := NewIndex()
	reg.Add(book)
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), slide); v.Best == nil || v.Best.Class != core.ExactDuplicate || v.Existing.ID != book.ID {
		t.Errorf("slide after the book: %+v, want an exact duplicate of %s", v.Best, book.ID)
	}
	reg = NewIndex()
	reg.Add(slide)
	if v := checkBoth(t, NewDeduper(reg, DefaultConfig()), book); v.Best == nil || v.Best.Class != core.Generalization || v.Existing.ID != slide.ID {
		t.Errorf("book after the slide: %+v, want a generalization of %s", v.Best, slide.ID)
	}
}
