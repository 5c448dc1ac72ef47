package scope

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// library is the skill set the visibility tables filter: seed 004's
// examples across three namespaces and seed 002's demo skills.
var library = []string{
	"public.pdf-press",
	"public.docx-press",
	"public.url-gen",
	"public.repo-survey",
	"public.safe-edit",
	"public.test-first-fix",
	"internal.link-evidence",
	"internal.sources-section",
	"custom.pdf-press",
}

func TestVisibility(t *testing.T) {
	// Seed 004's agents_config example, verbatim.
	seed004 := map[string]Rule{
		"solver.react.decision":   {Allow: []string{"public.url-gen"}},
		"answer.generator.strong": {Deny: []string{"public.pdf-press", "public.*-press"}},
	}
	tests := []struct {
		name     string
		rules    map[string]Rule
		consumer string
		want     []string
	}{
		{"seed 004 enabled list", seed004, "solver.react.decision", []string{"public.url-gen"}},
		{"seed 004 disabled list with wildcard", seed004, "answer.generator.strong", without(library, "public.pdf-press", "public.docx-press")},
		{"seed 004 consumer not configured", seed004, "codegen", library},
		{"nil policy", nil, "anyone", library},

		// Seed 002's skillAllowlist views.
		{"seed 002 undefined = all", map[string]Rule{"agent": {Allow: nil}}, "agent", library},
		{"seed 002 [] = none", map[string]Rule{"agent": {Allow: []string{}}}, "agent", []string{}},
		{"seed 002 ['*'] = explicit all", map[string]Rule{"agent": {Allow: []string{"*"}}}, "agent", library},
		{"seed 002 names = listed only", map[string]Rule{"agent": {Allow: []string{"repo-survey", "safe-edit", "not-installed"}}}, "agent", []string{"public.repo-survey", "public.safe-edit"}},

		// Pattern forms.
		{"namespace wildcard", map[string]Rule{"c": {Allow: []string{"internal.*"}}}, "c", []string{"internal.link-evidence", "internal.sources-section"}},
		{"dotless glob is public", map[string]Rule{"c": {Allow: []string{"*-press"}}}, "c", []string{"public.pdf-press", "public.docx-press"}},
		{"glob across namespaces", map[string]Rule{"c": {Allow: []string{"*.pdf-*"}}}, "c", []string{"public.pdf-press", "custom.pdf-press"}},
		{"? and classes", map[string]Rule{"c": {Allow: []string{"public.[pu]??-*"}}}, "c", []string{"public.pdf-press", "public.url-gen"}},
		{"prefixed reference and glob", map[string]Rule{"c": {Allow: []string{"skills.public.url-gen", "skills.custom.*"}}}, "c", []string{"public.url-gen", "custom.pdf-press"}},
		{"exact key is not a prefix", map[string]Rule{"c": {Allow: []string{"public.pdf"}}}, "c", []string{}},

		// Precedence: deny beats allow.
		{"deny beats allow", map[string]Rule{"c": {Allow: []string{"public.*"}, Deny: []string{"public.*-press"}}}, "c", []string{"public.url-gen", "public.repo-survey", "public.safe-edit", "public.test-first-fix"}},
		{"deny of an allowed exact key", map[string]Rule{"c": {Allow: []string{"url-gen", "safe-edit"}, Deny: []string{"url-gen"}}}, "c", []string{"public.safe-edit"}},
		{"deny everything", map[string]Rule{"c": {Deny: []string{"*"}}}, "c", []string{}},
		{"deny only", map[string]Rule{"c": {Deny: []string{"internal.*"}}}, "c", without(library, "internal.link-evidence", "internal.sources-section")},

		// The deny-only catch-all narrows every consumer, configured or not,
		// and nothing widens past it.
		{"catch-all, unconfigured consumer", map[string]Rule{"*": {Deny: []string{"internal.*"}}}, "codegen", without(library, "internal.link-evidence", "internal.sources-section")},
		{"catch-all beats consumer allow", map[string]Rule{"*": {Deny: []string{"custom.*"}}, "c": {Allow: []string{"*.pdf-press"}}}, "c", []string{"public.pdf-press"}},
		{"catch-all and consumer deny combine", map[string]Rule{"*": {Deny: []string{"custom.*"}}, "c": {Deny: []string{"public.*"}}}, "c", []string{"internal.link-evidence", "internal.sources-section"}},
		{"catch-all with empty allow is fine", map[string]Rule{"*": {Allow: []string{}, Deny: []string{"public.url-gen"}}}, "x", without(library, "public.url-gen")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p *Policy
			if tt.rules != nil {
				var err error
				if p, err = NewPolicy(tt.rules); err != nil {
					t.Fatal(err)
				}
			}
			got := p.Filter(tt.consumer, library)
			if got == nil || !slices.Equal(got, tt.want) {
				t.Errorf("Filter(%s) = %q\nwant %q", tt.consumer, got, tt.want)
			}
		})
	}
}

func without(keys []string, drop ...string) []string {
	return slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return slices.Contains(drop, k) })
}

// Configuration decoded from JSON keeps seed 002's distinction between a
// missing allow-list and an empty one.
func TestAllowListFromJSON(t *testing.T) {
	var rules map[string]Rule
	if err := json.Unmarshal([]byte(`{"none": {"Allow": []}, "all": {}, "null": {"Allow": null}}`), &rules); err != nil {
		t.Fatal(err)
	}
	p, err := NewPolicy(rules)
	if err != nil {
		t.Fatal(err)
	}
	for consumer, want := range map[string]int{"none": 0, "all": len(library), "null": len(library)} {
		if got := len(p.Filter(consumer, library)); got != want {
			t.Errorf("%s sees %d skills, want %d", consumer, got, want)
		}
	}
}

func TestNewPolicyErrors(t *testing.T) {
	tests := []struct {
		name  string
		rules map[string]Rule
		msgs  []string
	}{
		{"catch-all allow", map[string]Rule{"*": {Allow: []string{"public.*"}}}, []string{`consumer "*" is deny-only`}},
		{"bad glob", map[string]Rule{"c": {Deny: []string{"public.[a-"}}}, []string{`consumer "c" deny: pattern "public.[a-"`}},
		{"short id", map[string]Rule{"c": {Allow: []string{"SK2"}}}, []string{`consumer "c" allow: reference "SK2": short ids`}},
		{"bad reference", map[string]Rule{"c": {Allow: []string{"a.b.c"}}}, []string{`reference "a.b.c"`}},
		{"all reported together", map[string]Rule{"c": {Allow: []string{""}, Deny: []string{"Bad.x"}}}, []string{"allow:", "deny:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := NewPolicy(tt.rules)
			if err == nil || p != nil {
				t.Fatalf("NewPolicy = %v, %v; want error", p, err)
			}
			for _, m := range tt.msgs {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("error %q does not mention %q", err, m)
				}
			}
		})
	}
}

// Resolve and Policy compose: wrapping lookup applies a consumer's rules
// to imports as well as to the skills it picks.
func TestResolveThroughPolicy(t *testing.T) {
	p, err := NewPolicy(map[string]Rule{"*": {Deny: []string{"internal.sources-section"}}})
	if err != nil {
		t.Fatal(err)
	}
	g := map[string][]string{
		"public.pdf-press":         {"internal.link-evidence", "internal.sources-section"},
		"internal.link-evidence":   nil,
		"internal.sources-section": nil,
	}
	order, warnings := Resolve([]string{"pdf-press"}, func(k string) ([]string, bool) {
		imps, ok := g[k]
		return imps, ok && p.Visible("answer.generator", k)
	})
	if !slices.Equal(order, []string{"internal.link-evidence", "public.pdf-press"}) ||
		!slices.Equal(warnings, []string{"unknown import internal.sources-section (imported by public.pdf-press)"}) {
		t.Errorf("order %q, warnings %q", order, warnings)
	}
}
