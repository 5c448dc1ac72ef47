package domains

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
)

const valid = `
domains:
  - id: graphs
    name: Graph Theory
    description: Vertices and edges.
    region:
      center: {real: -0.5, imaginary: 0.25}
      radius: 0.3
    activationPatterns: [graph, vertex, spanning tree]
    compatibleWith: [foundations]
    primaryTypes: [definition, theorem]
  - id: x2
    name: Minimal
    region: {center: {real: 1, imaginary: -1}, radius: 2}
    activationPatterns: [only]
`

func TestParseValid(t *testing.T) {
	ds, err := Parse([]byte(valid), "user.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := []core.Domain{
		{
			ID: "graphs", Name: "Graph Theory", Description: "Vertices and edges.",
			Region:     core.PlaneRegion{Center: core.PlanePosition{Real: -0.5, Imaginary: 0.25}, Radius: 0.3},
			Patterns:   []string{"graph", "vertex", "spanning tree"},
			Compatible: []string{"foundations"},
			Primary:    []core.PrimitiveType{core.Definition, core.Theorem},
			Source:     "user.yaml",
		},
		{
			ID: "x2", Name: "Minimal",
			Region:   core.PlaneRegion{Center: core.PlanePosition{Real: 1, Imaginary: -1}, Radius: 2},
			Patterns: []string{"only"},
			Source:   "user.yaml",
		},
	}
	if !reflect.DeepEqual(ds, want) {
		t.Errorf("got %+v\nwant %+v", ds, want)
	}
}

func TestParseErrors(t *testing.T) {
	domain := func(body string) string {
		return "domains:\n  - id: d\n    name: D\n    region: {center: {real: 0, imaginary: 0}, radius: 0.5}\n    activationPatterns: [p]\n" + body
	}
	cases := []struct {
		name string
		yaml string
		want []string // substrings of the message
	}{
		{"empty file", "", []string{"bad.yaml", "no domains"}},
		{"empty list", "domains: []\n", []string{"no domains"}},
		{"unknown top-level key", "domain:\n  - id: x\n", []string{"line 1", `unknown key "domain"`}},
		{"unknown domain key", domain("    activationPattern: [q]\n"), []string{`domain "d"`, "line 6", `unknown key "activationPattern"`}},
		{"unknown region key", "domains:\n  - id: d\n    name: D\n    region: {centre: {real: 0, imaginary: 0}, radius: 0.5}\n    activationPatterns: [p]\n", []string{`domain "d"`, `unknown key "region.centre"`}},
		{"unknown center key", "domains:\n  - id: d\n    name: D\n    region: {center: {x: 0, imaginary: 0}, radius: 0.5}\n    activationPatterns: [p]\n", []string{`unknown key "region.center.x"`}},
		{"source key is not settable", domain("    source: elsewhere\n"), []string{`unknown key "source"`}},
		{"wrong type", "domains:\n  - id: d\n    name: D\n    region: {center: {real: left, imaginary: 0}, radius: 0.5}\n    activationPatterns: [p]\n", []string{"bad.yaml", "line 4", "left"}},
		{"not a list", "domains: 3\n", []string{"bad.yaml"}},
		{"bad id", strings.Replace(domain(""), "id: d", "id: Bad_Id", 1), []string{`domain "Bad_Id"`, "not a slug"}},
		{"missing id", strings.Replace(domain(""), "id: d", "id: ''", 1), []string{"domain #1", "id is missing"}},
		{"duplicate id", domain("  - id: d\n    name: E\n    region: {center: {real: 0, imaginary: 0}, radius: 0.5}\n    activationPatterns: [q]\n"), []string{`domain "d"`, "already used by domain #1"}},
		{"missing name", strings.Replace(domain(""), "name: D", "name: ' '", 1), []string{"name is missing"}},
		{"center out of range", strings.Replace(domain(""), "real: 0,", "real: 1.5,", 1), []string{`domain "d"`, "center (1.5, 0) is outside"}},
		{"radius zero", strings.Replace(domain(""), "radius: 0.5", "radius: 0", 1), []string{"radius 0 is not in (0, 2]"}},
		{"radius too large", strings.Replace(domain(""), "radius: 0.5", "radius: 2.5", 1), []string{"radius 2.5"}},
		{"radius missing", strings.Replace(domain(""), ", radius: 0.5", "", 1), []string{"radius 0"}},
		{"no patterns", strings.Replace(domain(""), "activationPatterns: [p]", "activationPatterns: []", 1), []string{"activationPatterns is empty"}},
		{"blank pattern", strings.Replace(domain(""), "[p]", "[p, '!!']", 1), []string{`pattern "!!" has no word`}},
		{"duplicate pattern", strings.Replace(domain(""), "[p]", "[Inner product, inner  product]", 1), []string{"listed twice"}},
		{"bad primary type", domain("    primaryTypes: [definition, lemma]\n"), []string{`primary type "lemma" is not one of axiom, definition`}},
		{"bad compatible id", domain("    compatibleWith: [Not An Id]\n"), []string{`compatibleWith entry "Not An Id"`}},
		{"two documents", domain("---\ndomains: []\n"), []string{"more than one YAML document"}},
		{"several problems reported together", strings.Replace(strings.Replace(domain(""), "radius: 0.5", "radius: 9", 1), "[p]", "[]", 1), []string{"radius 9", "activationPatterns is empty"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ds, err := Parse([]byte(c.yaml), "bad.yaml")
			if err == nil {
				t.Fatalf("no error; got %+v", ds)
			}
			var ie *core.InputError
			if !errors.As(err, &ie) || ie.Input != "bad.yaml" {
				t.Errorf("error %T does not name the file: %v", err, err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "core.") {
				t.Errorf("error %q leaks Go type names", err)
			}
		})
	}
}

func TestMerge(t *testing.T) {
	b := []core.Domain{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}, {ID: "c", Name: "C"}}
	u := []core.Domain{{ID: "b", Name: "B2", Source: "user.yaml"}, {ID: "z", Name: "Z"}}
	got := Merge(b, u)
	var names []string
	for _, d := range got {
		names = append(names, d.ID+"="+d.Name)
	}
	if strings.Join(names, ",") != "a=A,b=B2,c=C,z=Z" {
		t.Errorf("merged %v", names)
	}
	if b[1].Name != "B" || len(b) != 3 {
		t.Error("Merge modified its input")
	}
	if got := Merge(nil, nil); len(got) != 0 {
		t.Errorf("empty merge %v", got)
	}
	if got := Merge(b, nil); !reflect.DeepEqual(got, b) {
		t.Errorf("merge without user domains %v", got)
	}
}

// referenceDomains is the reference's built-in table (§1.2): id, center,
// radius and activation patterns. lore keeps the ids, regions and every
// pattern in the reference's order; it may add patterns after them (the
// builtin file says which and why).
var referenceDomains = []struct {
	id       string
	re, im   float64
	radius   float64
	patterns string
}{
	{"perception", -0.2, 0.2, 0.4, "number, count, distance, magnitude, circle, trigonometric, angle, inner product, orthogonal"},
	{"waves", -0.4, 0.0, 0.4, "wave, frequency, harmonic, oscillation, period, amplitude, resonance, standing wave, Fourier, spectrum"},
	{"change", 0.0, -0.2, 0.4, "derivative, integral, rate, differential, Taylor, optimization, limit, continuous, accumulation"},
	{"structure", -0.3, 0.5, 0.4, "vector, matrix, linear, space, dimension, basis, eigenvalue, transformation, determinant"},
	{"reality", 0.3, -0.4, 0.35, "physics, constant, quantum, particle, energy, momentum, wave function, measurement, uncertainty"},
	{"foundations", -0.6, 0.6, 0.35, "set, logic, proof, group, ring, field, topology, axiom, formal, abstract"},
	{"mapping", 0.2, 0.4, 0.4, "function, morphism, category, functor, information, entropy, signal, probability, transform"},
	{"unification", 0.0, 0.6, 0.3, "symmetry, gauge, unify, standard model, force, coupling, conservation, invariance"},
	{"emergence", 0.5, 0.0, 0.4, "chaos, complexity, nonlinear, attractor, fractal, network, learning, neural, emergent, self-organizing"},
	{"synthesis", 0.0, 0.0, 0.6, "connection, through-line, plane, meta, overview, cross-domain, integration, wholeness"},
}

func TestBuiltinDomains(t *testing.T) {
	ds, err := Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]core.Domain{}
	for _, d := range ds {
		byID[d.ID] = d
		if d.Source != "builtin" || d.Name == "" || d.Description == "" || len(d.Primary) == 0 || len(d.Compatible) == 0 {
			t.Errorf("%s: incomplete definition %+v", d.ID, d)
		}
	}
	for i, r := range referenceDomains {
		d, ok := byID[r.id]
		if !ok {
			t.Fatalf("reference domain %s missing", r.id)
		}
		if ds[i].ID != r.id {
			t.Errorf("position %d holds %s, want the reference order (%s)", i, ds[i].ID, r.id)
		}
		if d.Region.Center != (core.PlanePosition{Real: r.re, Imaginary: r.im}) || d.Region.Radius != r.radius {
			t.Errorf("%s: region %+v", r.id, d.Region)
		}
		if got := strings.Join(d.Patterns, ", "); got != r.patterns && !strings.HasPrefix(got, r.patterns+", ") {
			t.Errorf("%s: patterns\n%s\nwant the reference's first\n%s", r.id, got, r.patterns)
		}
	}
	for _, id := range []string{"computer-science", "statistics", "protocols"} {
		if _, ok := byID[id]; !ok {
			t.Errorf("domain %s missing", id)
		}
	}
	// lore's own domains sit outside every other domain's disc.
	for _, d := range ds[len(referenceDomains):] {
		for _, o := range ds {
			if o.ID == d.ID {
				continue
			}
			if dist := d.Region.Center.Distance(o.Region.Center); dist <= math.Max(o.Region.Radius, d.Region.Radius) {
				t.Errorf("%s at %v is %.2f from %s at %v, inside a region", d.ID, d.Region.Center, dist, o.ID, o.Region.Center)
			}
		}
	}
	// Every compatibleWith entry names a built-in domain.
	for _, d := range ds {
		for _, c := range d.Compatible {
			if _, ok := byID[c]; !ok {
				t.Errorf("%s: compatibleWith %q is not a built-in domain", d.ID, c)
			}
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(valid))
	f.Add(assets.BuiltinDomainsYAML())
	f.Add([]byte("domains: [{id: a}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, err := Parse(data, "fuzz.yaml")
		if err != nil {
			return
		}
		for _, d := range ds {
			if !isSlug(d.ID) || len(d.Patterns) == 0 || !(d.Region.Radius > 0 && d.Region.Radius <= 2) {
				t.Fatalf("invalid domain accepted: %+v", d)
			}
		}
	})
}
