package generate

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/graph"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/core/text"
	"go.yaml.in/yaml/v3"
)

var fixedNow = func() time.Time { return time.Date(2026, 11, 22, 1, 30, 0, 0, time.UTC) }

var testDomain = DomainInfo{ID: "test-domain", Name: "Test Domain", Description: "A domain for tests."}

func cfg() Config { return Config{Now: fixedNow} }

func makePrims(n int) []core.Primitive {
	ps := make([]core.Primitive, n)
	words := []string{"sorting", "merge", "heap", "quicksort", "partition", "pivot", "array", "comparison"}
	for i := range ps {
		ps[i] = core.Primitive{
			ID:                    fmt.Sprintf("prim-%d", i),
			Name:                  fmt.Sprintf("Primitive %d", i),
			Type:                  core.Definition,
			Domain:                "test-domain",
			Section:               "1.1",
			Plane:                 core.PlanePosition{Real: -0.8 + float64(i%3)*0.01, Imaginary: -0.3},
			FormalStatement:       fmt.Sprintf("Statement %d about %s.", i, words[i%len(words)]),
			Keywords:              []string{words[i%len(words)], "the", "and", "42", "x", words[(i+1)%len(words)]},
			ApplicabilityPatterns: []string{"when " + words[i%len(words)] + " is needed"},
			Confidence:            0.8,
			Provenance:            core.Provenance{Document: fmt.Sprintf("docs/book-%d.md", i%4), Section: "1.1"},
		}
		for k := 0; k < i%7; k++ {
			ps[i].Enables = append(ps[i].Enables, fmt.Sprintf("prim-%d", (i+k+1)%n))
		}
	}
	// Enables is the reverse of the dependencies, as in a wired graph.
	for i := range ps {
		for k := 0; k < i%7; k++ {
			j := (i + k + 1) % n
			ps[j].Dependencies = append(ps[j].Dependencies, core.Edge{Target: ps[i].ID, Type: core.Requires, Strength: 0.5})
		}
	}
	return ps
}

var quadPos = []core.PlanePosition{{Real: 0.5, Imaginary: 0.5}, {Real: -0.5, Imaginary: 0.5}, {Real: -0.5, Imaginary: -0.5}, {Real: 0.5, Imaginary: -0.5}}

// makeMultiQuadrant spreads count primitives (a multiple of 4) over the
// four quadrants and gives each rulesPer rules of type t, each with a
// primitive of the next quadrant.
func makeMultiQuadrant(count, rulesPer int, t core.CompositionType) []core.Primitive {
	ps := makePrims(count)
	per := count / 4
	for i := range ps {
		q := i % 4
		ps[i].Plane = core.PlanePosition{Real: quadPos[q].Real + float64(i%3)*0.01, Imaginary: quadPos[q].Imaginary + float64(i%3)*0.01}
		for k := 0; k < rulesPer; k++ {
			target := ((i/4+k)%per)*4 + (q+1)%4
			ps[i].CompositionRules = append(ps[i].CompositionRules, core.CompositionRule{With: fmt.Sprintf("prim-%d", target), Yields: "combined-result", Type: t})
		}
	}
	return ps
}

func file(t *testing.T, a *core.Artifact, suffix string) string {
	t.Helper()
	for _, f := range a.Files {
		if strings.HasSuffix(f.Path, suffix) {
			return f.Content
		}
	}
	t.Fatalf("no file %s in %v", suffix, a.Files)
	return ""
}

func frontMeta(t *testing.T, content string) (desc string, meta map[string]string) {
	t.Helper()
	front, _, _, err := skillspec.SplitFrontmatter([]byte(content))
	if err != nil {
		t.Fatal(err)
	}
	var fm struct {
		Description string            `yaml:"description"`
		Metadata    map[string]string `yaml:"metadata"`
	}
	if err := yaml.Unmarshal([]byte(front), &fm); err != nil {
		t.Fatalf("frontmatter: %v\n%s", err, front)
	}
	return fm.Description, fm.Metadata
}

// checkArtifact runs every portability rule on every markdown file with a
// frontmatter in the artifact.
func checkArtifact(t *testing.T, a *core.Artifact) {
	t.Helper()
	if !skillspec.IsPortableName(a.Name) {
		t.Errorf("name %q is not portable", a.Name)
	}
	for _, f := range a.Files {
		dir, base, _ := strings.Cut(f.Path, "/")
		if dir != a.Name {
			t.Errorf("file %s outside %s/", f.Path, a.Name)
		}
		if strings.Contains(base, "/") {
			if n := len(f.Content); n > refFileBudget+200 {
				t.Errorf("%s is %d bytes", f.Path, n)
			}
			continue
		}
		name, errs := skillspec.ValidateStrict(dir, []byte(f.Content))
		if len(errs) > 0 || name != a.Name {
			t.Errorf("%s: name %q errs %q", f.Path, name, errs)
		}
		if n := skillspec.BodyLines([]byte(f.Content)); n >= skillspec.MaxBodyLines {
			t.Errorf("%s: body has %d lines", f.Path, n)
		}
		front, _, _, _ := skillspec.SplitFrontmatter([]byte(f.Content))
		if strings.Contains(front, "---") {
			t.Errorf("%s: frontmatter contains ---, which skills-ref would take as its end", f.Path)
		}
		desc, meta := frontMeta(t, f.Content)
		if n := len([]rune(desc)); n > 1024 || n == 0 || strings.ContainsAny(desc, "<>") {
			t.Errorf("%s: bad description (%d runes) %q", f.Path, n, desc)
		}
		if tr := meta["triggers"]; tr != "" {
			for _, k := range strings.Split(tr, ", ") {
				for _, w := range strings.FieldsFunc(k, func(r rune) bool { return r == ' ' || r == '-' }) {
					if text.IsStopword(w) || len([]rune(w)) < 2 || isNumeric(w) {
						t.Errorf("%s: trigger %q has word %q", f.Path, k, w)
					}
				}
				if len([]rune(k)) < 3 {
					t.Errorf("%s: trigger %q too short", f.Path, k)
				}
			}
		}
	}
}

func TestSkillThreshold(t *testing.T) {
	o := Skill(testDomain, makePrims(9), cfg())
	if o.Generated || o.Artifact != nil || o.Reason != "9 primitives; a skill needs 10" {
		t.Fatalf("9: %+v", o)
	}
	for _, n := range []int{10, 30, 50} {
		o = Skill(testDomain, makePrims(n), cfg())
		if !o.Generated || o.Artifact == nil || o.Kind != core.SkillArtifact || o.Domain != "test-domain" {
			t.Fatalf("%d: %+v", n, o)
		}
		checkArtifact(t, o.Artifact)
	}
	if o := Skill(testDomain, makePrims(5), Config{SkillMinPrimitives: 5, Now: fixedNow}); !o.Generated {
		t.Fatalf("custom min: %+v", o)
	}
}

func TestSkillContent(t *testing.T) {
	prims := makePrims(40)
	for i := range prims {
		prims[i].CompositionRules = []core.CompositionRule{{With: "prim-0", Yields: "y", Type: core.Parallel}}
	}
	o := Skill(testDomain, prims, cfg())
	a := o.Artifact
	if a.Name != "learn-test-domain" || a.Files[0].Path != "learn-test-domain/SKILL.md" || a.Primitives != 40 || !a.GeneratedAt.Equal(fixedNow()) {
		t.Fatalf("artifact %+v", a)
	}
	s := file(t, a, "SKILL.md")
	if !strings.HasPrefix(s, "---\nname: learn-test-domain\n") {
		t.Fatalf("frontmatter:\n%s", s)
	}
	for _, h := range []string{"# Test Domain\n", "## Summary", "## Key Primitives", "## Composition Patterns", "## Activation Patterns", "## Contents", "## References", "references/primitives.md"} {
		if !strings.Contains(s, h) {
			t.Errorf("missing %q", h)
		}
	}
	section := func(h string) string {
		_, after, _ := strings.Cut(s, h)
		body, _, _ := strings.Cut(after, "\n## ")
		return body
	}
	if n := len(section("## Summary")); n >= 2000 {
		t.Errorf("summary %d chars", n)
	}
	// The plane is lore's own bookkeeping: in the metadata (below), not
	// in the text an agent reads.
	if strings.Contains(s, "Plane Position") || strings.Contains(s[strings.Index(s[4:], "---")+4:], "(-0.79, -0.30)") {
		t.Errorf("the plane centre is in the body:\n%s", s)
	}
	if n := strings.Count(section("## Key Primitives"), "\n**"); n > 10 || n == 0 {
		t.Errorf("%d key primitives", n)
	}
	// Key primitives come in lore rank's order (core/graph), not the
	// store's enables count.
	imp, top := graph.Importance(prims), prims[0]
	for _, p := range prims {
		if imp[p.ID] > imp[top.ID] {
			top = p
		}
	}
	if !strings.Contains(section("## Key Primitives"), "**"+top.Name+"** (definition)") {
		t.Errorf("importance order, want %s first: %s", top.Name, section("## Key Primitives"))
	}
	if n := strings.Count(section("## Composition Patterns"), "\n- "); n != 10 {
		t.Errorf("%d composition rules", n)
	}
	act := section("## Activation Patterns")
	if n := strings.Count(act, "\n- "); n > 30 || n == 0 {
		t.Errorf("%d activation keywords", n)
	}
	for _, bad := range []string{"- the\n", "- and\n", "- 42\n", "- x\n"} {
		if strings.Contains(act, bad) {
			t.Errorf("activation has %q", bad)
		}
	}
	desc, meta := frontMeta(t, s)
	// What the skill helps with and when, without counts or file names.
	if !strings.HasPrefix(desc, "Lets an agent apply the definitions of Test Domain. Covers: "+top.Name+", ") ||
		!strings.Contains(desc, "Use when a task involves ") || strings.Contains(desc, "40") || strings.Contains(desc, "book-0") {
		t.Errorf("description %q", desc)
	}
	want := map[string]string{"generator": "lore", "version": "1", "type": "skill", "created-at": "2026-11-22", "domain": "test-domain",
		"primitives": "40", "plane-center": "(-0.79, -0.30)", "subject": "Test Domain", "sources": "book-0.md, book-1.md, book-2.md"}
	for k, v := range want {
		if meta[k] != v {
			t.Errorf("metadata %s = %q, want %q", k, meta[k], v)
		}
	}
	if tr := meta["triggers"]; !strings.Contains(tr, "sorting") || !strings.Contains(tr, "merge") || strings.Contains(tr, "primitive") {
		t.Errorf("triggers %q", meta["triggers"])
	}
	ref := file(t, a, "references/primitives.md")
	for _, p := range prims {
		if !strings.Contains(ref, "**"+p.Name+"**") && !strings.Contains(ref, ". "+p.Name+"\n") {
			t.Fatalf("reference misses %s", p.Name)
		}
	}
	if !strings.Contains(ref, "- Source: docs/book-1.md") || !strings.Contains(ref, "- Confidence: 0.80") {
		t.Errorf("reference entry:\n%s", ref[:400])
	}
	checkArtifact(t, a)
}

func TestSlugs(t *testing.T) {
	cases := map[DomainInfo]string{
		{ID: "test-domain"}:                    "learn-test-domain",
		{Name: "Test Domain"}:                  "learn-test-domain",
		{ID: "Gödel's  Theorems!"}:             "learn-godel-s-theorems",
		{ID: "claude-shannon-information"}:     "learn-shannon-information",
		{ID: "--a__b--"}:                       "learn-a-b",
		{ID: "computer-science", Name: "CS"}:   "learn-computer-science",
		{ID: strings.Repeat("abcdefghij-", 3)}: "learn-abcdefghij-abcdefghij-abcdefghij",
	}
	for d, want := range cases {
		if got := BaseName(d); got != want {
			t.Errorf("BaseName(%+v) = %q, want %q", d, got, want)
		}
	}
	for _, d := range []DomainInfo{{ID: "теорема"}, {}, {ID: "---"}, {ID: "anthropic"}} {
		got := BaseName(d)
		if !strings.HasPrefix(got, "learn-domain-") || len(got) != len("learn-domain-")+8 {
			t.Errorf("BaseName(%+v) = %q", d, got)
		}
	}
	long1 := BaseName(DomainInfo{ID: strings.Repeat("verylongword-", 10) + "one"})
	long2 := BaseName(DomainInfo{ID: strings.Repeat("verylongword-", 10) + "two"})
	if long1 == long2 || len(long1)-len("learn-") > maxSlug || !skillspec.IsPortableName(long1+"-agent") {
		t.Errorf("long: %q %q", long1, long2)
	}
	if !strings.HasPrefix(long1, "learn-verylongword-verylongword-verylongword-") {
		t.Errorf("long not cut at a hyphen: %q", long1)
	}
}

func TestAgent(t *testing.T) {
	if o := Agent(testDomain, makePrims(29), nil, cfg()); o.Generated || o.Reason != "29 primitives; an agent needs 30" {
		t.Fatalf("29: %+v", o)
	}
	prims := makePrims(30) // centre about (-0.79, -0.30)
	o := Agent(testDomain, prims, nil, cfg())
	if !o.Generated || o.Kind != core.AgentArtifact || o.Artifact.Name != "learn-test-domain-agent" ||
		o.Artifact.Files[0].Path != "learn-test-domain-agent/AGENT.md" {
		t.Fatalf("30: %+v", o)
	}
	s := o.Artifact.Files[0].Content
	for _, h := range []string{"name: learn-test-domain-agent", "# Test Domain Agent", "## Role", "## Expertise", "## Reasoning Patterns", "## Activation", "**Dependency Chains:**"} {
		if !strings.Contains(s, h) {
			t.Errorf("missing %q", h)
		}
	}
	checkArtifact(t, o.Artifact)

	close := []core.PlanePosition{{Real: -0.8, Imaginary: -0.3}, {Real: -0.6, Imaginary: -0.2}}
	if o := Agent(testDomain, prims, close, cfg()); o.Generated || o.Reason != "Too close to existing domains" {
		t.Errorf("close: %+v", o)
	}
	if o := Agent(testDomain, prims, append(close, core.PlanePosition{Real: 0.5, Imaginary: 0.5}), cfg()); !o.Generated {
		t.Errorf("one distant: %+v", o)
	}
	if o := Agent(testDomain, prims, []core.PlanePosition{{Real: 0, Imaginary: -0.3}}, Config{AgentMinPlaneDistance: 1, Now: fixedNow}); o.Generated {
		t.Errorf("custom distance: %+v", o)
	}
}

func TestAgentDependencyChainsBounded(t *testing.T) {
	prims := makePrims(40)
	for i := 0; i < 30; i++ {
		prims[0].Enables = append(prims[0].Enables, prims[i+1].ID)
	}
	// an id no primitive of the domain has (one since removed) is left out
	prims[0].Enables = append(prims[0].Enables, "gone")
	s := Agent(testDomain, prims, nil, cfg()).Artifact.Files[0].Content
	if !strings.Contains(s, "- Primitive 0 enables: Primitive 1; Primitive 2; Primitive 3; Primitive 4; Primitive 5; Primitive 6; Primitive 7; Primitive 8; Primitive 9; Primitive 10 and 20 more\n") ||
		strings.Contains(s, "gone") {
		_, chains, _ := strings.Cut(s, "**Dependency Chains:**")
		t.Errorf("chains:%s", chains[:300])
	}
}

func TestTeamThresholds(t *testing.T) {
	if o := Team(testDomain, makeMultiQuadrant(48, 1, core.Sequential)[:47], cfg()); o.Generated {
		t.Fatalf("47: %+v", o)
	}
	o := Team(testDomain, append(makeMultiQuadrant(48, 1, core.Sequential), makePrims(1)...), cfg())
	if o.Generated || o.Reason != "49 primitives; a team needs 50" {
		t.Fatalf("49: %+v", o)
	}
	// 52 in Q3 only.
	if o := Team(testDomain, makePrims(52), cfg()); o.Generated || o.Reason != "Insufficient quadrant coverage (1 < 2)" {
		t.Fatalf("one quadrant: %+v", o)
	}
	// Four quadrants, rules on only 10 primitives.
	few := makeMultiQuadrant(52, 1, core.Sequential)
	for i := 10; i < len(few); i++ {
		few[i].CompositionRules = nil
	}
	if o := Team(testDomain, few, cfg()); o.Generated || o.Reason != "Insufficient cross-quadrant composition rules (10 < 20)" {
		t.Fatalf("few rules: %+v", o)
	}
	// Same-quadrant rules do not count.
	same := makeMultiQuadrant(52, 1, core.Sequential)
	for i := range same {
		same[i].CompositionRules[0].With = fmt.Sprintf("prim-%d", (i+4)%52)
	}
	if o := Team(testDomain, same, cfg()); o.Generated || !strings.Contains(o.Reason, "(0 < 20)") {
		t.Fatalf("same quadrant: %+v", o)
	}
	// A With that names no primitive of the group does not count either.
	for i := range same {
		same[i].CompositionRules[0].With = "elsewhere"
	}
	if o := Team(testDomain, same, cfg()); o.Generated {
		t.Fatalf("foreign with: %+v", o)
	}
}

func TestTeamPipeline(t *testing.T) {
	o := Team(testDomain, makeMultiQuadrant(52, 1, core.Sequential), cfg())
	if !o.Generated || o.Kind != core.TeamArtifact || o.Artifact.Agents != 4 || o.Artifact.Name != "learn-test-domain-team" ||
		o.Reason != "Generated team with 52 primitives, 52 cross-quadrant rules, 4 quadrants" {
		t.Fatalf("%+v", o)
	}
	s := file(t, o.Artifact, "learn-test-domain-team/TEAM.md")
	_, meta := frontMeta(t, s)
	if meta["topology"] != Pipeline || meta["rho"] != "1.0000" || meta["gamma"] != "0.90" || meta["kappa"] != "19.0000" || meta["agents"] != "4" {
		t.Errorf("metadata %v", meta)
	}
	for _, h := range []string{"# Test Domain Team", "## Purpose", "Spans 4 quadrants: Q1 (Creative + Abstract), Q2 (Logical + Abstract), Q3 (Logical + Embodied), Q4 (Creative + Embodied).",
		"## Agents", "### Q1 Agent (Creative + Abstract)", "- **Coverage:** 13 primitives", "## Coordination", "**Cross-quadrant composition rules:** 52 total",
		"- Primitive 0 (Q1) + Primitive 1 (Q2) -> combined-result (sequential)", "## Topology", "**Type:** pipeline", "**Agent count:** 4", "ρ=1.0000", "(γ=0.90)"} {
		if !strings.Contains(s, h) {
			t.Errorf("missing %q", h)
		}
	}
	if n := strings.Count(s, "(Q1) + "); n > 15 {
		t.Errorf("%d rule lines", n)
	}
	checkArtifact(t, o.Artifact)
}

func TestTeamTopologies(t *testing.T) {
	// 60 primitives in Q1 and Q3, each with a parallel rule to the other.
	two := makePrims(60)
	for i := range two {
		two[i].Plane = quadPos[2*(i%2)]
		two[i].CompositionRules = []core.CompositionRule{{With: fmt.Sprintf("prim-%d", (i+1)%60), Yields: "y", Type: core.Parallel}}
	}
	o := Team(testDomain, two, cfg())
	if !o.Generated || o.Artifact.Agents != 2 {
		t.Fatalf("two: %+v", o)
	}
	if _, meta := frontMeta(t, o.Artifact.Files[0].Content); meta["topology"] != Bipartite || meta["delta"] != "0.0000" {
		t.Errorf("two quadrants: %v", meta)
	}
	o = Team(testDomain, makeMultiQuadrant(60, 5, core.Parallel), cfg())
	if !o.Generated {
		t.Fatalf("mesh: %+v", o)
	}
	if _, meta := frontMeta(t, o.Artifact.Files[0].Content); meta["topology"] != Mesh || meta["delta"] != "0.6667" || meta["kappa"] != "13.0000" {
		t.Errorf("mesh: %v", meta)
	}
	// 40% sequential, density 1: tree.
	mixed := makeMultiQuadrant(60, 1, core.Parallel)
	for i := 0; i < 24; i++ {
		mixed[i].CompositionRules[0].Type = core.Sequential
	}
	if o := Team(testDomain, mixed, cfg()); o.Artifact == nil || !strings.Contains(o.Artifact.Files[0].Content, "topology: \"tree\"") {
		t.Errorf("tree: %+v", o)
	}
	checkArtifact(t, o.Artifact)
}

func TestSelectTopology(t *testing.T) {
	cases := []struct {
		total, seq, holders, quads int
		want                       string
	}{
		{0, 0, 0, 4, LeaderWorker},
		{10, 6, 10, 2, Pipeline},
		{10, 5, 10, 2, Bipartite},
		{30, 0, 10, 3, Mesh},
		{20, 0, 10, 3, LeaderWorker}, // density 2 is not > 2 and seq 0 < 0.3: no rule but the last
		{5, 0, 10, 3, Ring},          // density < 1: only with holders > total, impossible from real data
		{10, 3, 10, 4, Tree},
		{10, 2, 10, 4, LeaderWorker},
		{10, 0, 10, 1, LeaderWorker},
	}
	for _, c := range cases {
		if got := SelectTopology(c.total, c.seq, c.holders, c.quads); got != c.want {
			t.Errorf("SelectTopology(%d,%d,%d,%d) = %s, want %s", c.total, c.seq, c.holders, c.quads, got, c.want)
		}
	}
}

func TestSignature(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	s, err := Signature(Mesh, 4, 0.9)
	if err != nil || !near(s.Delta, 2.0/3) || !near(s.Kappa, 13) || s.Rho != 1 || s.Gamma != 0.9 {
		t.Errorf("mesh: %+v %v", s, err)
	}
	s, _ = Signature(LeaderWorker, 4, 0.9)
	if !near(s.Kappa, 1/(1-0.81)) || s.Delta != 0 || s.Rho != 1 {
		t.Errorf("leader-worker: %+v", s)
	}
	s, _ = Signature(Ring, 4, 0.9)
	if !near(s.Delta, 1) || !near(s.Kappa, 19) { // cos(π/2) = 0
		t.Errorf("ring 4: %+v", s)
	}
	s, _ = Signature(Ring, 5, 0.9)
	if !near(s.Delta, 1-math.Cos(2*math.Pi/5)) || !near(s.Kappa, 10*(1-0.9*math.Cos(4*math.Pi/5))) {
		t.Errorf("ring 5: %+v", s)
	}
	s, _ = Signature(Pipeline, 4, 0.9)
	if !near(s.Delta, 1-math.Cos(math.Pi/3)) || !near(s.Kappa, 19) {
		t.Errorf("pipeline: %+v", s)
	}
	s, _ = Signature(Tree, 4, 0.9) // d = max(2, ⌈log₂5⌉) = 3
	if !near(s.Delta, 1-math.Cos(math.Pi/4)) || !near(s.Kappa, 19) {
		t.Errorf("tree: %+v", s)
	}
	s, _ = Signature(Bipartite, 2, 0.9)
	if s.Delta != 0 || !near(s.Kappa, 19) {
		t.Errorf("bipartite: %+v", s)
	}
	s, _ = Signature(CritiqueRoute, 3, 0.9)
	if !near(s.Delta, 0.7) || !near(s.Kappa, 7.3) {
		t.Errorf("critique-route: %+v", s)
	}
	for _, bad := range []struct {
		top string
		n   int
		g   float64
	}{{Mesh, 1, 0.9}, {Mesh, 0, 0.9}, {Mesh, 4, 0}, {Mesh, 4, 1}, {Mesh, 4, math.NaN()}, {Mesh, 4, math.Inf(1)}, {"star", 4, 0.9}} {
		if _, err := Signature(bad.top, bad.n, bad.g); err == nil {
			t.Errorf("Signature(%q, %d, %v) accepted", bad.top, bad.n, bad.g)
		}
	}
}

func TestQuadrantOf(t *testing.T) {
	cases := map[core.PlanePosition]Quadrant{
		{}: Q1, {Real: 0.1, Imaginary: 0}: Q1, {Real: -0.1, Imaginary: 0}: Q2, {Real: -0.1, Imaginary: -0.1}: Q3,
		{Real: 0, Imaginary: -0.1}: Q4, {Real: math.NaN(), Imaginary: -1}: Q4,
	}
	for p, want := range cases {
		if got := QuadrantOf(p); got != want {
			t.Errorf("QuadrantOf(%v) = %v, want %v", p, got, want)
		}
	}
}

func TestAllAndDeterminism(t *testing.T) {
	prims := makeMultiQuadrant(60, 5, core.Parallel)
	a := All(testDomain, prims, nil, cfg())
	b := All(testDomain, prims, nil, cfg())
	// One skill per source document (four), then the domain's agent and
	// team.
	if len(a) != 6 || a[3].Kind != core.SkillArtifact || a[4].Kind != core.AgentArtifact || a[5].Kind != core.TeamArtifact {
		t.Fatalf("%+v", a)
	}
	for i := range a {
		if !a[i].Generated {
			t.Fatalf("%d: %+v", i, a[i])
		}
		checkArtifact(t, a[i].Artifact)
		fa, fb := a[i].Artifact.Files, b[i].Artifact.Files
		if len(fa) != len(fb) {
			t.Fatal("file count differs")
		}
		for k := range fa {
			if fa[k] != fb[k] {
				t.Errorf("%s differs between runs", fa[k].Path)
			}
		}
	}
}

// hostile builds primitives whose every text field tries to break the
// frontmatter or the body: quotes, colons, "---" lines, angle brackets,
// newlines, control characters, invalid UTF-8, YAML indicators, and very
// long values.
func hostile(n int) []core.Primitive {
	evil := []string{
		"name: \"x\"\n---\ndescription: pwned",
		"a: b: c # d & e * f ! g | h > i < j % k @ l `m`",
		"<script>alert('x')</script>",
		"---",
		"'single' \"double\" \\backslash\\",
		"\x00\x01\x1b[31mred\u2028line\u2029para\ufeff\u200b",
		"\xff\xfe broken utf8 \xc3",
		"{flow: [style]}",
		"- list item\n- another",
		"*** **bold** __under__",
		strings.Repeat("long name ", 400),
		"Theorem: a < b and b > c",
		"\r\n\r\n",
		"日本語の定理",
	}
	ps := make([]core.Primitive, n)
	for i := range ps {
		e := evil[i%len(evil)]
		ps[i] = core.Primitive{
			ID:                    fmt.Sprintf("p-%d-%s", i, e),
			Name:                  fmt.Sprintf("%s %d", e, i),
			Type:                  core.PrimitiveType(evil[(i+1)%len(evil)]),
			Section:               e,
			Plane:                 core.PlanePosition{Real: math.Sin(float64(i)), Imaginary: math.Cos(float64(i) * 1.7)},
			FormalStatement:       strings.Repeat(e+" ", 1+i%50),
			Keywords:              []string{e, "merge-sort", "the", "of-the", "b-tree", "quick sort", "a", "123", "sorting", evil[(i+3)%len(evil)]},
			ApplicabilityPatterns: []string{e, "\n---\n"},
			Enables:               []string{e, "---"},
			Confidence:            []float64{0.5, math.NaN(), math.Inf(1), -3}[i%4],
			Provenance:            core.Provenance{Document: e + "/x!" + e},
		}
		if i%3 == 0 {
			ps[i].CompositionRules = []core.CompositionRule{{With: fmt.Sprintf("p-%d-%s", (i+1)%n, evil[(i+1)%len(evil)]), Yields: e, Type: core.CompositionType(e)}}
		}
		if i%97 == 0 {
			ps[i].Plane = core.PlanePosition{Real: math.NaN(), Imaginary: math.Inf(-1)}
		}
	}
	return ps
}

func TestHostileInputLargeDomain(t *testing.T) {
	d := DomainInfo{
		ID:          "name: x\n---\n<evil> \"domain\" " + strings.Repeat("long ", 40),
		Name:        "Evil\n---\nname: \"pwned\" <b>bold</b> " + strings.Repeat("x", 300),
		Description: "desc: with colon\n---\n<tag> & " + strings.Repeat("y ", 800),
	}
	prims := hostile(3000)
	outs := All(d, prims, []core.PlanePosition{{Real: 0.9, Imaginary: 0.9}}, cfg())
	for _, o := range outs {
		if !o.Generated {
			t.Fatalf("%s not generated: %s", o.Kind, o.Reason)
		}
		checkArtifact(t, o.Artifact)
	}
	// Every reference file is linked, and every primitive is listed once,
	// in the skill of its subject.
	total, split := 0, false
	names := map[string]bool{}
	for _, o := range outs {
		if o.Kind != core.SkillArtifact {
			continue
		}
		skill := o.Artifact
		if names[skill.Name] {
			t.Errorf("two skills named %s", skill.Name)
		}
		names[skill.Name] = true
		s := skill.Files[0].Content
		split = split || len(skill.Files) > 2
		for _, f := range skill.Files[1:] {
			rel := strings.TrimPrefix(f.Path, skill.Name+"/")
			if !strings.Contains(s, "("+rel+")") {
				t.Errorf("%s not linked", rel)
			}
			total += strings.Count(f.Content, "\n- ID: ")
		}
	}
	if !split {
		t.Error("expected a reference list to be split")
	}
	if total != 3000 {
		t.Errorf("reference files list %d primitives", total)
	}
	for _, o := range outs {
		for _, f := range o.Artifact.Files {
			lines := strings.Split(f.Content, "\n")
			delims := 0
			for _, line := range lines {
				if strings.TrimSpace(line) == "---" {
					delims++
				}
				if strings.HasPrefix(line, "name:") && line != "name: "+o.Artifact.Name {
					t.Errorf("%s: injected line %q", f.Path, line)
				}
			}
			if want := 2; strings.HasSuffix(f.Path, ".md") && !strings.Contains(f.Path, "/references/") && delims != want {
				t.Errorf("%s: %d --- lines", f.Path, delims)
			}
			if strings.Contains(f.Path, "/references/") && delims != 0 {
				t.Errorf("%s: %d --- lines", f.Path, delims)
			}
		}
	}
}

func TestLargeReferenceIndexPacked(t *testing.T) {
	prims := makePrims(40)
	for i := range prims {
		prims[i].FormalStatement = strings.Repeat("w ", 1000)
	}
	refs := referenceFiles("T", append(prims, makePrims(0)...))
	if len(refs) < 2 {
		t.Fatalf("%d files", len(refs))
	}
	many := make([]refFile, 250)
	for i := range many {
		many[i] = refFile{path: fmt.Sprintf("references/primitives-%d.md", i+1), first: i * 10, end: i*10 + 10}
	}
	idx := referenceIndex(many, 2500)
	if n := strings.Count(idx, "\n"); n > 20 {
		t.Errorf("index of 250 files takes %d lines", n)
	}
	if !strings.Contains(idx, "(references/primitives-250.md)") {
		t.Error("last file not linked")
	}
}

// A source of hundreds of thousands of primitives gives a skill of at most
// maxRefFiles reference files (its files are journaled in one store record,
// which Badger caps at 64 MB), and the index says where the rest are.
func TestHugeSkillReferencesAreBounded(t *testing.T) {
	prims := makePrims(20000)
	for i := range prims {
		prims[i].FormalStatement = strings.Repeat("word ", 100)
	}
	refs := referenceFiles("T", prims)
	if len(refs) != maxRefFiles {
		t.Fatalf("%d reference files, want the cap %d", len(refs), maxRefFiles)
	}
	total := 0
	for _, r := range refs {
		total += len(r.content)
	}
	if total > maxRefFiles*(refFileBudget+1000) {
		t.Errorf("%d bytes of references", total)
	}
	idx := referenceIndex(refs, len(prims))
	if !strings.Contains(idx, fmt.Sprintf("the other %d are in lore's store", len(prims)-refs[len(refs)-1].end)) {
		t.Errorf("the index does not say where the rest are: %.300s", idx)
	}
}

func TestNoPanics(t *testing.T) {
	weird := []core.Primitive{{}, {Plane: core.PlanePosition{Real: math.NaN()}}, {Keywords: []string{""}, CompositionRules: []core.CompositionRule{{}}}}
	c := Config{SkillMinPrimitives: 1, AgentMinPrimitives: 1, TeamMinPrimitives: 1, TeamMinCrossRules: 1, TeamMinQuadrants: 1, SpectralGamma: 2, Now: fixedNow}
	for _, prims := range [][]core.Primitive{nil, weird, hostile(7)} {
		for _, d := range []DomainInfo{{}, testDomain} {
			for _, o := range All(d, prims, []core.PlanePosition{{Real: math.NaN()}}, c) {
				if o.Generated {
					checkArtifact(t, o.Artifact)
				}
			}
		}
	}
	// One quadrant with TeamMinQuadrants 1: the signature needs 2 agents.
	one := makeMultiQuadrant(52, 1, core.Sequential)
	for i := range one {
		one[i].Plane = core.PlanePosition{Real: 0.5, Imaginary: 0.5}
	}
	o := Team(testDomain, one, Config{TeamMinQuadrants: 1, TeamMinCrossRules: 1, Now: fixedNow})
	if o.Generated {
		t.Errorf("team with one agent: %+v", o)
	}
}

func FuzzSkill(f *testing.F) {
	f.Add("computer-science", "Computer Science", "name", "statement", "kw")
	f.Add("---", "\n---\n", "<a>", "\"\\", "the")
	f.Fuzz(func(t *testing.T, id, name, pname, stmt, kw string) {
		prims := make([]core.Primitive, 3)
		for i := range prims {
			prims[i] = core.Primitive{ID: id + pname, Name: pname, FormalStatement: stmt, Keywords: []string{kw, pname}, Section: stmt, Provenance: core.Provenance{Document: name}}
		}
		d := DomainInfo{ID: id, Name: name, Description: stmt}
		o := Skill(d, prims, Config{SkillMinPrimitives: 1, Now: fixedNow})
		checkArtifact(t, o.Artifact)
		a := Agent(d, prims, nil, Config{AgentMinPrimitives: 1, Now: fixedNow})
		checkArtifact(t, a.Artifact)
	})
}

func TestParagraphEscapes(t *testing.T) {
	cases := map[string]string{
		"---":              `\---`,
		"# heading":        `\# heading`,
		"1. item":          `1\. item`,
		"1984 was a year":  "1984 was a year",
		"plain\n---\ntext": "plain --- text",
		"":                 "",
	}
	for in, want := range cases {
		if got := paragraph(in, 100); got != want {
			t.Errorf("paragraph(%q) = %q, want %q", in, got, want)
		}
	}
	o := Skill(DomainInfo{ID: "x", Description: "---"}, makePrims(30), cfg())
	for _, line := range strings.Split(o.Artifact.Files[0].Content, "\n")[1:] {
		if line == "---" {
			continue
		}
		if strings.TrimSpace(line) == "---" || strings.HasPrefix(line, "---") {
			t.Errorf("line %q", line)
		}
	}
	checkArtifact(t, o.Artifact)
}

// joinedLines lists the pairs of consecutive lines of a Markdown section
// that a renderer joins into one paragraph line although they are
// separate facts: two non-blank lines, the second not a list item.
func joinedLines(md, heading string) []string {
	_, body, _ := strings.Cut(md, heading+"\n")
	body, _, _ = strings.Cut(body, "\n## ")
	var out []string
	lines := strings.Split(body, "\n")
	for i := 1; i < len(lines); i++ {
		prev, cur := strings.TrimSpace(lines[i-1]), strings.TrimSpace(lines[i])
		if prev != "" && cur != "" && !strings.HasPrefix(cur, "- ") {
			out = append(out, prev+" ⏎ "+cur)
		}
	}
	return out
}

// The Summary of SKILL.md and the Topology of TEAM.md are one fact a line;
// written as bare lines, Markdown would run them together.
func TestSummaryAndTopologyLinesStaySeparate(t *testing.T) {
	skill := file(t, Skill(testDomain, makePrims(40), cfg()).Artifact, "SKILL.md")
	if j := joinedLines(skill, "## Summary"); len(j) > 0 {
		t.Errorf("SKILL.md summary lines run together: %q", j)
	}
	for _, want := range []string{"- Domain: Test Domain\n", "- Kinds: definitions\n"} {
		if !strings.Contains(skill, want) {
			t.Errorf("SKILL.md lacks %q", want)
		}
	}
	team := file(t, Team(testDomain, makeMultiQuadrant(52, 1, core.Sequential), cfg()).Artifact, "TEAM.md")
	if j := joinedLines(team, "## Topology"); len(j) > 0 {
		t.Errorf("TEAM.md topology lines run together: %q", j)
	}
}

// A subject of procedures (a tutorial) gives a skill whatever its number
// of steps.
func TestProceduresWithManyStepsMakeASkill(t *testing.T) {
	proc := func(name string, steps int) core.Primitive {
		var b strings.Builder
		for i := 1; i <= steps; i++ {
			fmt.Fprintf(&b, "%d. Run the command number %d of %s. ", i, i, name)
		}
		p := makePrims(1)[0]
		p.ID, p.Name, p.Type, p.FormalStatement = "learn-"+name, name, core.Technique, strings.TrimSpace(b.String())
		return p
	}
	tutorial := []core.Primitive{proc("create-cluster", 4), proc("create-deployment", 5), proc("create-service", 4)}
	if o := Skill(testDomain, tutorial, Config{Now: fixedNow}); !o.Generated {
		t.Errorf("13 steps in 3 procedures: no skill (%s)", o.Reason)
	}
	cut := proc("build-image", 3)
	cut.FormalStatement += " (7 more steps)"
	if o := Skill(testDomain, []core.Primitive{proc("install", 2), cut}, Config{Now: fixedNow}); !o.Generated {
		t.Errorf("2 + 3 + 7 more steps: no skill (%s)", o.Reason)
	}
	// However short, procedures make a how-to skill: the minimum is
	// for knowledge skills.
	short := []core.Primitive{proc("a", 1), proc("b", 1), proc("c", 2)}
	if o := Skill(testDomain, short, Config{Now: fixedNow}); !o.Generated || !strings.Contains(file(t, o.Artifact, "SKILL.md"), "\n  type: \"how-to\"\n") {
		t.Errorf("4 steps in 3 procedures: no how-to skill (%s)", o.Reason)
	}
}

// A section with nothing to say is left out, and a key primitive's
// applicability is said as words of the statements, labelled — never as
// bare keyword stems.
func TestSkillLeavesOutEmptySections(t *testing.T) {
	prims := makePrims(20)
	for i := range prims {
		prims[i].CompositionRules = nil
		prims[i].ApplicabilityPatterns = []string{"merg", "increas", "sort"}
	}
	s := file(t, Skill(testDomain, prims, cfg()).Artifact, "SKILL.md")
	for _, bad := range []string{"## Composition Patterns", "No composition rules defined", "\n  - increas", "\n  - merg"} {
		if strings.Contains(s, bad) {
			t.Errorf("SKILL.md holds %q:\n%s", bad, s)
		}
	}
	_, key, _ := strings.Cut(s, "## Key Primitives")
	if !strings.Contains(key, "\n  Applies to: ") {
		t.Errorf("key primitives without their applicability in words:\n%s", key)
	}
	if strings.Contains(key, "increas") {
		t.Errorf("a stem shown as a word:\n%s", key)
	}
}

// A description names concepts by the names a reader knows: a result
// named only by its kind and number is named by what its statement calls
// it, or left out.
func TestCoversNamesNotNumbers(t *testing.T) {
	prims := makePrims(20)
	prims[0].Name, prims[0].FormalStatement = "Lemma 1.3.1", "At most one leader can be elected in a given term. This is the Election Safety property."
	prims[1].Name, prims[1].FormalStatement = "Lemma 1.3.2", "If two logs contain an entry with the same index and term, the logs are identical in all entries up through the index."
	for i := 2; i < len(prims); i++ {
		prims[i].Dependencies = append(prims[i].Dependencies, core.Edge{Target: prims[0].ID, Type: core.Requires, Strength: 0.9},
			core.Edge{Target: prims[1].ID, Type: core.Requires, Strength: 0.9})
	}
	desc, _ := frontMeta(t, file(t, Skill(testDomain, prims, cfg()).Artifact, "SKILL.md"))
	if strings.Contains(desc, "Lemma 1.3") {
		t.Errorf("description names a number: %q", desc)
	}
	if !strings.Contains(desc, "Election Safety") {
		t.Errorf("description lacks the result's own name: %q", desc)
	}
}

// TestAgentCoherentBody: an agent speaks for works that depend on each
// other, not for every work its domain holds: a work that shares nothing
// with the largest body is left out of its expertise, description and
// count, and the description names the works, not files or counts.
func TestAgentCoherentBody(t *testing.T) {
	var prims []core.Primitive
	for w, title := range []string{"Consensus", "Replication Logs", "Token Grants"} {
		for i := 0; i < 20; i++ {
			id := fmt.Sprintf("w%d-%d", w, i)
			p := core.Primitive{ID: id, Name: fmt.Sprintf("%s concept %d", title, i), Type: core.Definition, Domain: "test-domain",
				FormalStatement: fmt.Sprintf("A %s concept %d is a thing.", strings.ToLower(title), i),
				Provenance:      core.Provenance{Source: fmt.Sprintf("work-%d.md", w), Document: fmt.Sprintf("work-%d.md", w), Title: title}}
			if i > 0 {
				p.Dependencies = []core.Edge{{Target: fmt.Sprintf("w%d-%d", w, i-1), Type: core.Requires, Strength: 0.5}}
			}
			prims = append(prims, p)
		}
	}
	// the second work builds on the first; the third on neither
	prims[25].Dependencies = append(prims[25].Dependencies, core.Edge{Target: "w0-3", Type: core.Requires, Strength: 0.5})
	o := Agent(testDomain, prims, nil, cfg())
	if !o.Generated || o.Artifact.Primitives != 40 {
		t.Fatalf("agent over the body of two works: %+v", o)
	}
	s := o.Artifact.Files[0].Content
	if strings.Contains(s, "Token Grants") {
		t.Errorf("the unrelated work is in the agent:\n%s", s)
	}
	desc, _ := frontMeta(t, s)
	if !strings.Contains(desc, "Consensus and Replication Logs") || strings.Contains(desc, "primitives") || strings.Contains(desc, ".md") {
		t.Errorf("description %q", desc)
	}
	if !strings.Contains(s, "## Role\n\nKnows Consensus and Replication Logs as they state it: explains the definitions of") {
		t.Errorf("role:\n%s", s)
	}
	// alone, the unrelated work is too small for an agent, and says why
	if o := Agent(testDomain, prims[40:], nil, cfg()); o.Generated {
		t.Errorf("20 primitives gave an agent")
	}
}

func TestReaderNameDropsNumbers(t *testing.T) {
	for name, want := range map[string]string{
		"Lemma 1.1.2 — Quicksort":              "Quicksort",
		"Theorem 3.4 (Zorn)":                   "Zorn",
		"Theorem 1.1.6: A Lower Bound":         "A Lower Bound",
		"Lemma C.4":                            "",
		"Merge Sort":                           "Merge Sort",
		"Theorem 2 - Pythagoras":               "Pythagoras",
		"Definition 2.1 (Sorted, of an array)": "Sorted, of an array",
	} {
		if got := readerName(&core.Primitive{Name: name, FormalStatement: "A statement."}); got != want {
			t.Errorf("readerName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestCleanUnlinksSourcePaths(t *testing.T) {
	got := clean("See [Layer](layer.md), [the spec](https://example.com/spec) and [top](#top).", 0)
	if got != "See Layer, [the spec](https://example.com/spec) and [top](#top)." {
		t.Errorf("clean: %q", got)
	}
}

// A reference entry names the entries of what it uses, so that the lemma
// a proof cites or the term a definition builds on is found in the skill.
func TestReferenceEntryNamesWhatItUses(t *testing.T) {
	prims := makePrims(12)
	prims[5].Dependencies = []core.Edge{{Target: prims[2].ID, Type: core.Requires, Strength: 0.9}, {Target: "elsewhere", Type: core.Requires}}
	refs := referenceFiles("T", prims)
	if !strings.Contains(refs[0].content, "## 6. "+prims[5].Name+"\n") {
		t.Fatalf("no entry 6 for %s", prims[5].Name)
	}
	entry6 := refs[0].content[strings.Index(refs[0].content, "## 6. "):]
	entry6 = entry6[:strings.Index(entry6, "## 7. ")]
	if !strings.Contains(entry6, "- Uses: entry 3\n") {
		t.Errorf("entry 6 does not name entry 3:\n%s", entry6)
	}
}

// What an agent chooses a skill by says what the skill is about in the
// subject's words: no generated name, description or trigger holds the
// folder or file the work came from, no trigger is everyday words alone,
// and no chain of an agent names a primitive twice.
func TestNamesDescriptionsTriggersAndChainsSayTheSubject(t *testing.T) {
	prims := makePrims(60)
	for i := range prims {
		prims[i].Provenance.Document = fmt.Sprintf("algnotes/chapters/lec%02d.tex", i%2)
		prims[i].Provenance.Source = "algnotes"
		prims[i].Provenance.Chapter = []string{"Sorting and Selection", "Shortest Paths"}[i%2]
		prims[i].Name = fmt.Sprintf("%s lemma %d", []string{"Merge", "Dijkstra"}[i%2], i)
		prims[i].FormalStatement = fmt.Sprintf("For every input order the %s step %d returns a sorted output when the request is positive.", []string{"merge", "relaxation"}[i%2], i)
	}
	// a primitive that enables one of the same name twice
	prims[1].Enables = []string{prims[3].ID, prims[3].ID, prims[1].ID}
	outs := All(testDomain, prims, nil, cfg())
	var made int
	for _, o := range outs {
		if o.Artifact == nil {
			continue
		}
		made++
		for _, f := range o.Artifact.Files {
			if !strings.HasSuffix(f.Path, "SKILL.md") && !strings.HasSuffix(f.Path, "AGENT.md") {
				continue
			}
			desc, meta := frontMeta(t, f.Content)
			for _, s := range []string{o.Artifact.Name, desc} {
				for _, bad := range []string{"algnotes", "lec00", "lec01", "chapters"} {
					if strings.Contains(strings.ToLower(s), bad) {
						t.Errorf("%s: %q holds the file or folder name %q", f.Path, s, bad)
					}
				}
			}
			for _, tr := range strings.Split(meta["triggers"], ", ") {
				common := true
				for _, w := range strings.Fields(strings.ReplaceAll(tr, "-", " ")) {
					common = common && text.IsCommonWord(w)
				}
				if tr != "" && common {
					t.Errorf("%s: trigger %q is everyday words alone", f.Path, tr)
				}
			}
			for _, l := range strings.Split(f.Content, "\n") {
				head, list, ok := strings.Cut(l, " enables: ")
				if !ok {
					continue
				}
				seen := map[string]bool{strings.TrimPrefix(head, "- "): true}
				for _, n := range strings.Split(list, "; ") {
					if seen[n] {
						t.Errorf("%s: chain names %q twice: %s", f.Path, n, l)
					}
					seen[n] = true
				}
			}
		}
	}
	if made == 0 {
		t.Fatal("nothing generated")
	}
}

// A formula the source wraps onto the next line is read as one formula.
func TestExampleLinesReadWrappedMath(t *testing.T) {
	got := strings.Join(exampleLines("We have $g(R2)=(A4,\nA2)$ so $R2$ prefers $A4$."), "\n")
	if strings.Contains(got, "$") || !strings.Contains(got, "so R2 prefers A4") {
		t.Errorf("exampleLines = %q", got)
	}
}

// A shell prompt's "$" in an example's block opens no formula: the
// commands and what they print keep their lines.
func TestExampleLinesKeepPromptedBlocks(t *testing.T) {
	e := "With $n = 2$ partitions:\n\n```console\n$ rclone lsf --hash-filter 0/2 .\nfile1.jpg\n\n$ rclone lsf --hash-filter 1/2 .\nfile2.jpg\n```"
	got := exampleLines(e)
	want := []string{"With n = 2 partitions:", "", "```console", "$ rclone lsf --hash-filter 0/2 .", "file1.jpg", "", "$ rclone lsf --hash-filter 1/2 .", "file2.jpg", "```"}
	if !slices.Equal(got, want) {
		t.Errorf("exampleLines =\n%q\nwant\n%q", got, want)
	}
}

// An algorithm's steps are shown as the source nests them, in a block no
// line of the steps can close.
func TestKeyAlgorithmStepsNested(t *testing.T) {
	p := core.Primitive{ID: "bf", Name: "Bellman-Ford", Type: core.Algorithm,
		FormalStatement:   "Bellman-Ford. Input: a graph. 1. D[s] ← 0 2. for i ← 1, …, n-1: 3. relax every edge",
		ComputationalForm: "Input: a graph\n1. $D[s] \\gets 0$\n2. for i ← 1, …, n-1:\n   3. relax every edge\n   4. print ```x```"}
	e := keyEntry(&p, "entry 1 of references/primitives.md", keyBudgetRunes)
	for _, want := range []string{"````text\n", "1. D[s] ← 0\n", "2. for i ← 1, …, n-1:\n   3. relax every edge\n", "   4. print ```x```\n````\n"} {
		if !strings.Contains(e, want) {
			t.Errorf("entry lacks %q:\n%s", want, e)
		}
	}
}

// A name keeps no article a heading gave it, unless a proper name follows.
func TestReaderNameWithoutArticle(t *testing.T) {
	for in, want := range map[string]string{
		"A stable matching": "Stable matching", "An ordering": "Ordering", "The Bellman-Ford algorithm": "The Bellman-Ford algorithm",
		"A* search": "A* search", "Theorem 3.1 — A bound": "A bound",
	} {
		if got := readerName(&core.Primitive{Name: in}); got != want {
			t.Errorf("readerName(%q) = %q, want %q", in, got, want)
		}
	}
}
