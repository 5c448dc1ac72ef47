package analyze

import (
	"math"
	"reflect"
	"slices"
	"strings"
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

func TestDetectDomainsFixtures(t *testing.T) {
	t.Run("calculus paragraph with the test domains", func(t *testing.T) {
		text := "In calculus, the derivative measures the rate of change of a function, and the integral accumulates it."
		scores, plane, conf := DetectDomains(text, fixtureDomains)
		if len(scores) != 1 || scores[0].Domain != "change" {
			t.Fatalf("scores %+v", scores)
		}
		// Four patterns once each: evidence 4, score 1 − e^(−4/3).
		if !near(scores[0].Score, 1-math.Exp(-4.0/3)) || !reflect.DeepEqual(scores[0].Matched, []string{"derivative", "integral", "calculus", "rate of change"}) {
			t.Errorf("change %+v", scores[0])
		}
		// One domain: its centre, and all the evidence is its own.
		if !near(plane.Real, 0.2) || !near(plane.Imaginary, 0.5) || !near(conf, scores[0].Score) {
			t.Errorf("plane %v conf %v", plane, conf)
		}
	})
	t.Run("wave with the built-in domains", func(t *testing.T) {
		scores, plane, conf := DetectDomains("wave", builtinDomains(t))
		if len(scores) != 1 || scores[0].Domain != "waves" || !near(scores[0].Score, 1-math.Exp(-1.0/3)) {
			t.Fatalf("scores %+v", scores)
		}
		if !near(plane.Real, -0.4) || !near(plane.Imaginary, 0) || !near(conf, scores[0].Score) {
			t.Errorf("plane %v conf %v, want (-0.4, 0)", plane, conf)
		}
	})
	t.Run("derivative sentence with the built-in domains", func(t *testing.T) {
		// change: derivative 1 + rate 0.3 (a generic word); mapping's
		// "function" (0.3) is under a quarter of that and does not
		// activate. "measures" is not reality's "measurement": same stem,
		// another word.
		scores, plane, conf := DetectDomains("The derivative of a function measures the rate of change.", builtinDomains(t))
		if len(scores) != 1 || scores[0].Domain != "change" || !reflect.DeepEqual(scores[0].Matched, []string{"derivative", "rate"}) {
			t.Fatalf("scores %+v", scores)
		}
		if !near(scores[0].Score, 1-math.Exp(-1.3/3)) || !near(plane.Real, 0) || !near(plane.Imaginary, -0.2) || !near(conf, scores[0].Score) {
			t.Errorf("score %v plane %v conf %v", scores[0].Score, plane, conf)
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

// TestDetectDomainsGenericWords: words every technical text uses in their
// everyday sense ("the number of vertices", "the set of replicas", "a
// proof") are not evidence of a field; the field's own words are, and the
// more often the more so.
func TestDetectDomainsGenericWords(t *testing.T) {
	ds := builtinDomains(t)
	for _, c := range []struct {
		name, text, want string
		not              []string
	}{
		{"graph theory section", `A tree is a connected graph with no cycles. The number of vertices of a tree
			is one more than the number of its edges: counting the vertices and the edges of a
			spanning tree, the distance between two vertices is the number of edges of the unique
			path between them. Every tree with at least two vertices has a leaf, so the number of
			leaves of a tree counts the vertices of degree one. Proof. Remove a leaf and count.`,
			"computer-science", []string{"perception"}},
		{"consensus protocol proof", `Theorem. If a server has applied a log entry at a given index to its state
			machine, no other server will ever apply a different log entry for the same index.
			Proof. Consider the set of servers in the quorum that elected the leader: the leader
			election requires a majority, so the two sets of servers share a replica. Each replica
			votes once per term, and the message it sends carries its log, so by the formal
			argument above the consensus on the entry holds. This completes the proof.`,
			"protocols", []string{"foundations"}},
	} {
		scores, _, _ := DetectDomains(c.text, ds)
		if len(scores) == 0 || scores[0].Domain != c.want {
			t.Errorf("%s: %+v, want %s first", c.name, scores, c.want)
		}
		for _, s := range scores {
			if slices.Contains(c.not, s.Domain) {
				t.Errorf("%s: %s activated: %+v", c.name, s.Domain, scores)
			}
		}
	}
	// Frequency counts: a document saying "tree" fifty times is more about
	// trees than one saying "number" fifty times is about numbers.
	many := strings.Repeat("the tree and its number. ", 50)
	scores, _, _ := DetectDomains(many, ds)
	if len(scores) == 0 || scores[0].Domain != "computer-science" {
		t.Errorf("trees and numbers: %+v", scores)
	}
}

func TestMatchKeyKeepsDerivationsApart(t *testing.T) {
	for _, same := range [][2]string{{"sorting", "sorted"}, {"sorts", "sort"}, {"containers", "container"},
		{"properties", "property"}, {"dependencies", "dependency"}, {"matrices", "matrix"}, {"vertices", "vertex"},
		{"frequencies", "frequency"}, {"determinants", "determinant"}, {"statistics", "statistic"}} {
		if matchKey(same[0]) != matchKey(same[1]) {
			t.Errorf("%q and %q differ: %q %q", same[0], same[1], matchKey(same[0]), matchKey(same[1]))
		}
	}
	for _, other := range [][2]string{{"container", "contains"}, {"determinant", "determined"}, {"derivative", "derived"},
		{"measurement", "measures"}, {"distribution", "distributed"}, {"connection", "connected"}, {"set", "setting"}} {
		if matchKey(other[0]) == matchKey(other[1]) {
			t.Errorf("%q and %q both %q", other[0], other[1], matchKey(other[0]))
		}
	}
}

// TestMarkupIsNotEvidence: LaTeX command names and the arguments of
// \begin, \label, \cite…, comments, and XML tags and attributes are markup;
// "\begin{proof}" and "<proof>" are not the word "proof".
func TestMarkupIsNotEvidence(t *testing.T) {
	ds := []core.Domain{{ID: "f", Region: core.PlaneRegion{Center: core.PlanePosition{Real: -0.6, Imaginary: 0.6}, Radius: 0.3},
		Patterns: []string{"proof", "group", "field"}}}
	for _, c := range []struct {
		f    core.Format
		text string
	}{
		{core.FormatLaTeX, "\\begin{proof}\\label{thm:group-field} Trivial. % a proof of groups and fields\n\\end{proof} \\cite{field2020} \\proof"},
		{core.FormatPreTeXt, `<proof xml:id="group-field"><p>Trivial.</p></proof><!-- field -->`},
	} {
		a := Analyze(&core.Document{Format: c.f, Text: c.text}, ds)
		if a.Domain != "" {
			t.Errorf("%s: markup counted: %+v", c.f, a.Domains)
		}
	}
	// The same words in prose count.
	a := Analyze(&core.Document{Format: core.FormatLaTeX, Text: "\\emph{Proof} of the group \\ref{x} over a field."}, ds)
	if a.Domain != "f" || len(a.Domains[0].Matched) != 3 {
		t.Errorf("prose not counted: %+v", a.Domains)
	}
}

// TestPlacerPlacesEachPiece: pieces of one document are placed by their
// own words, with the document's domains as a prior; a piece without any
// domain word sits where the document does.
func TestPlacerPlacesEachPiece(t *testing.T) {
	ds := builtinDomains(t)
	doc := strings.Repeat("A random variable has a distribution, a variance and an expected value; a sample estimates them. ", 5) +
		"A spanning tree of a graph visits every vertex; a heap sorts in the worst case."
	a := Analyze(&core.Document{Format: core.FormatText, Text: doc}, ds)
	if a.Domain != "statistics" || a.Placer == nil {
		t.Fatalf("document: %s %v", a.Domain, a.Placer)
	}
	stats := a.PlaneOf("The variance of a random variable is the expected value of its squared deviation.")
	tree := a.PlaneOf("Every spanning tree of a connected graph with n vertices has n-1 edges.")
	plain := a.PlaneOf("It is unique up to the obvious choices.")
	center := func(id string) core.PlanePosition {
		for _, d := range ds {
			if d.ID == id {
				return d.Region.Center
			}
		}
		t.Fatalf("no domain %s", id)
		return core.PlanePosition{}
	}
	if plain != a.Plane {
		t.Errorf("a piece without domain words at %v, document at %v", plain, a.Plane)
	}
	// One generic word ("set") is not evidence enough to move a piece.
	if p := a.PlaneOf("The value is one of the set of values listed."); p != a.Plane {
		t.Errorf("a piece with only a generic word at %v, document at %v", p, a.Plane)
	}
	if stats == tree {
		t.Errorf("two pieces about different things share %v", stats)
	}
	if tree.Distance(center("computer-science")) >= a.Plane.Distance(center("computer-science")) {
		t.Errorf("the tree statement %v is no nearer computer science than its document %v", tree, a.Plane)
	}
	if stats.Distance(center("statistics")) > 0.2 {
		t.Errorf("the statistics statement %v is far from statistics", stats)
	}
	// Without domains every piece sits at the document's position.
	if a := Analyze(&core.Document{Text: doc}, nil); a.PlaneOf("a spanning tree") != a.Plane {
		t.Error("no domains: a piece placed away from the document")
	}
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
		mk("e", 0, 1, "zeta", "theta"),
	}
	text := "alpha beta gamma delta epsilon zeta eta omega omega omega"
	scores, plane, conf := DetectDomains(text, ds)
	var ids []string
	for _, s := range scores {
		ids = append(ids, s.Domain)
	}
	// c: evidence 7; a and b: 4, in id order; d: 1 + ln 3 = 2.10; e: 1,
	// under a quarter of c's, is not activated.
	if !reflect.DeepEqual(ids, []string{"c", "a", "b", "d"}) {
		t.Fatalf("order %v (%+v)", ids, scores)
	}
	ed := 1 + math.Log(3)
	if !near(scores[3].Score, 1-math.Exp(-ed/3)) || !near(scores[0].Score, 1-math.Exp(-7.0/3)) {
		t.Errorf("scores %+v", scores)
	}
	sum := 7 + 4 + 4 + ed
	if !near(plane.Real, (7+4-4)/sum) || !near(plane.Imaginary, (-7+4-4)/sum) || !near(conf, scores[0].Score*7/sum) {
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

// A document no domain activates goes to the domain whose region holds the
// plane's centre (of the built-in ones, synthesis); with a user's domains
// only, to the one whose region holds it, else the nearest.
func TestFallbackDomainHoldsThePlanesCentre(t *testing.T) {
	if got := FallbackDomain(builtinDomains(t), core.PlanePosition{}); got != "synthesis" {
		t.Errorf("built-in fallback = %q, want synthesis", got)
	}
	region := func(id string, re, im, r float64) core.Domain {
		return core.Domain{ID: id, Region: core.PlaneRegion{Center: core.PlanePosition{Real: re, Imaginary: im}, Radius: r}}
	}
	wide := []core.Domain{region("near", 0.2, 0, 0.1), region("wide", 0.5, 0.5, 0.9)}
	if got := FallbackDomain(wide, core.PlanePosition{}); got != "wide" {
		t.Errorf("fallback = %q, want wide (its region holds the centre)", got)
	}
	apart := []core.Domain{region("far", 0.9, 0.9, 0.1), region("near", 0.2, 0, 0.1)}
	if got := FallbackDomain(apart, core.PlanePosition{}); got != "near" {
		t.Errorf("fallback = %q, want near (no region holds the centre)", got)
	}
	if got := FallbackDomain(nil, core.PlanePosition{}); got != "" {
		t.Errorf("fallback without domains = %q", got)
	}
}
