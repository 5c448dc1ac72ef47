package analyze

import (
	"math"
	"reflect"
	"testing"

	"github.com/lore-kb/lore/core"
)

func near(a, b float64) bool { return math.Abs(a-b) < 5e-4 }

// fixtureDomains are the reference analyzer test's domains.
var fixtureDomains = []core.Domain{
	{
		ID:       "change",
		Region:   core.PlaneRegion{Center: core.PlanePosition{Real: 0.2, Imaginary: 0.5}, Radius: 0.4},
		Patterns: []string{"derivative", "integral", "calculus", "rate of change", "differential"},
	},
	{
		ID:       "perception",
		Region:   core.PlaneRegion{Center: core.PlanePosition{Real: -0.5, Imaginary: -0.3}, Radius: 0.4},
		Patterns: []string{"color", "light", "vision", "image"},
	},
}

func TestDetectDomainsReferenceFixtures(t *testing.T) {
	t.Run("calculus paragraph with the test domains", func(t *testing.T) {
		text := "In calculus, the derivative measures the rate of change of a function, and the integral accumulates it."
		scores, plane, conf := DetectDomains(text, fixtureDomains)
		if len(scores) != 1 || scores[0].Domain != "change" {
			t.Fatalf("scores %+v", scores)
		}
		// 4 of 5 patterns: min(1, sqrt(0.8) × 1.6) = 1.
		if scores[0].Score != 1 || !reflect.DeepEqual(scores[0].Matched, []string{"derivative", "integral", "calculus", "rate of change"}) {
			t.Errorf("change %+v", scores[0])
		}
		if !near(plane.Real, 0.2) || !near(plane.Imaginary, 0.5) || conf != 1 {
			t.Errorf("plane %v conf %v", plane, conf)
		}
	})
	t.Run("wave with the built-in domains", func(t *testing.T) {
		scores, plane, conf := DetectDomains("wave", builtinDomains(t))
		if len(scores) != 1 || scores[0].Domain != "waves" || !near(scores[0].Score, 0.3637) {
			t.Fatalf("scores %+v", scores)
		}
		if !near(plane.Real, -0.4) || !near(plane.Imaginary, 0) || !near(conf, 0.40) {
			t.Errorf("plane %v conf %v, want (-0.4, 0) 0.40", plane, conf)
		}
	})
	t.Run("derivative sentence with the built-in domains", func(t *testing.T) {
		// The reference measured change at (0.077, 0.031) with confidence
		// 0.7354 from change 2 of 9 (derivative, rate) = 0.6128 and mapping
		// 1 of 9 (function) = 0.3833. Stemming also equates "measures" with
		// reality's "measurement" (both "measur"), a third activation at
		// 0.3833 that moves the position toward reality.
		scores, plane, conf := DetectDomains("The derivative of a function measures the rate of change.", builtinDomains(t))
		var ids []string
		for _, s := range scores {
			ids = append(ids, s.Domain)
		}
		if !reflect.DeepEqual(ids, []string{"change", "mapping", "reality"}) {
			t.Fatalf("scores %+v", scores)
		}
		if !near(scores[0].Score, 0.6128) || !near(scores[1].Score, 0.3833) || !near(scores[2].Score, 0.3833) {
			t.Errorf("scores %+v", scores)
		}
		sum := 0.6128259 + 2*0.3833333
		wantRe := (0*0.6128259 + 0.2*0.3833333 + 0.3*0.3833333) / sum
		wantIm := (-0.2*0.6128259 + 0.4*0.3833333 - 0.4*0.3833333) / sum
		if !near(plane.Real, wantRe) || !near(plane.Imaginary, wantIm) || !near(conf, 0.6128259*1.3) {
			t.Errorf("plane %v conf %v, want (%.3f, %.3f) %.4f", plane, conf, wantRe, wantIm, 0.6128259*1.3)
		}
	})
	t.Run("et al activates nothing", func(t *testing.T) {
		// The reference's bidirectional substring test let "al" match
		// "integral", "differential", … and activated emergence at 1.0.
		scores, plane, conf := DetectDomains("Smith et al. 2020", builtinDomains(t))
		if len(scores) != 0 || plane != (core.PlanePosition{}) || conf != 0 {
			t.Errorf("got %+v %v %v", scores, plane, conf)
		}
	})
	t.Run("unrecognized content", func(t *testing.T) {
		scores, plane, conf := DetectDomains("Lorem ipsum dolor sit amet.", fixtureDomains)
		if len(scores) != 0 || plane != (core.PlanePosition{}) || conf != 0 {
			t.Errorf("got %+v %v %v", scores, plane, conf)
		}
	})
}

func TestDetectDomainsTokenMatching(t *testing.T) {
	dom := func(patterns ...string) []core.Domain {
		return []core.Domain{{ID: "d", Region: core.PlaneRegion{Center: core.PlanePosition{Real: 0.5, Imaginary: 0.5}, Radius: 0.3}, Patterns: patterns}}
	}
	cases := []struct {
		name     string
		patterns []string
		text     string
		matched  []string
	}{
		{"stem equality", []string{"sorting"}, "The list is sorted.", []string{"sorting"}},
		{"no substring", []string{"integral"}, "Smith et al.", nil},
		{"no reverse substring", []string{"al"}, "an integral", nil},
		{"word inside a longer word", []string{"set"}, "reset the offset", nil},
		{"case-insensitive", []string{"Fourier"}, "FOURIER series", []string{"Fourier"}},
		{"multi-word consecutive", []string{"inner product"}, "The inner products of vectors.", []string{"inner product"}},
		{"multi-word across hyphen", []string{"inner product"}, "an inner-product space", []string{"inner product"}},
		{"multi-word not consecutive", []string{"inner product"}, "the inner workings of the product", nil},
		{"stopwords skipped", []string{"rate of change"}, "the rates of the changes", []string{"rate of change"}},
		{"other words break a sequence", []string{"rate of change"}, "the rate of growth and change", nil},
		{"mostly stopwords keeps them", []string{"through-line"}, "a line through", nil},
		{"mostly stopwords matches exactly", []string{"through-line"}, "the through-line of the book", []string{"through-line"}},
		{"sequence at start and end", []string{"standing wave"}, "standing waves", []string{"standing wave"}},
		{"repeated first word", []string{"data structure"}, "data data structures", []string{"data structure"}},
		{"pattern without words never matches", []string{"!!!", "graph"}, "graph !!!", []string{"graph"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			scores, _, _ := DetectDomains(c.text, dom(c.patterns...))
			var got []string
			if len(scores) > 0 {
				got = scores[0].Matched
			}
			if !reflect.DeepEqual(got, c.matched) {
				t.Errorf("matched %q, want %q", got, c.matched)
			}
		})
	}
}

func TestDetectDomainsOrderingAndPlane(t *testing.T) {
	mk := func(id string, re, im float64, patterns ...string) core.Domain {
		return core.Domain{ID: id, Region: core.PlaneRegion{Center: core.PlanePosition{Real: re, Imaginary: im}, Radius: 0.3}, Patterns: patterns}
	}
	ds := []core.Domain{
		mk("b", 1, 1, "alpha", "beta", "gamma", "delta"),
		mk("a", -1, -1, "alpha", "beta", "gamma", "delta"),
		mk("c", 1, -1, "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"),
		mk("d", 0, 0, "omega", "psi", "chi", "phi", "upsilon", "tau", "sigma", "rho", "pi", "omicron", "xi", "nu", "mu", "lambda", "kappa", "iota"),
	}
	text := "alpha beta gamma delta epsilon zeta eta omega"
	scores, plane, conf := DetectDomains(text, ds)
	var ids []string
	for _, s := range scores {
		ids = append(ids, s.Domain)
	}
	// c: 7/7 (raw 2.05), a and b: 4/4 (raw 1.6) all capped at 1; c first by
	// evidence, then a before b by id; d: 1/16 = 0.2875.
	if !reflect.DeepEqual(ids, []string{"c", "a", "b", "d"}) {
		t.Fatalf("order %v (%+v)", ids, scores)
	}
	if !near(scores[3].Score, math.Sqrt(1.0/16)*1.15) {
		t.Errorf("d score %v", scores[3].Score)
	}
	sum := 3 + scores[3].Score
	if !near(plane.Real, 1/sum) || !near(plane.Imaginary, -1/sum) || conf != 1 {
		t.Errorf("plane %v conf %v", plane, conf)
	}
	if s, p, c := DetectDomains(text, nil); s != nil || p != (core.PlanePosition{}) || c != 0 {
		t.Errorf("no domains: %v %v %v", s, p, c)
	}
}

func TestDetectDomainsPlaneClamped(t *testing.T) {
	// Centers outside [-1, 1] (not valid in a file, but callers may build
	// domains by hand) still give a clamped position.
	ds := []core.Domain{{ID: "far", Region: core.PlaneRegion{Center: core.PlanePosition{Real: 3, Imaginary: -2}}, Patterns: []string{"far"}}}
	_, plane, _ := DetectDomains("far away", ds)
	if plane != (core.PlanePosition{Real: 1, Imaginary: -1}) {
		t.Errorf("plane %v", plane)
	}
}
