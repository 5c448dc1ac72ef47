package report

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
)

func pe(cand, action string, out core.MergeAction) core.ProvenanceEntry {
	return core.ProvenanceEntry{SessionID: "s1", CandidateID: cand, Action: action, Outcome: out, Rationale: "because " + cand}
}

// referenceChain is §4.2's chain, with the conflict resolved keep-both.
func referenceChain(resolvedCandidate string) []core.ProvenanceEntry {
	r := pe(resolvedCandidate, core.ProvConflictResolved, core.ActionAdd)
	r.UserDecision = core.KeepBoth
	return []core.ProvenanceEntry{
		pe("a", core.ProvAddNew, core.ActionAdd),
		pe("b", core.ProvAddSpecialization, core.ActionAdd),
		pe("c", core.ProvUpdateGeneralization, core.ActionUpdate),
		pe("d", core.ProvSkip, core.ActionSkip),
		pe("e", core.ProvConflictPresented, core.ActionConflict),
		r,
	}
}

func TestCountReferenceChain(t *testing.T) {
	if got, want := Count(referenceChain("e")), (Counts{Added: 3, Updated: 1, Skipped: 1}); got != want {
		t.Errorf("paired: got %+v, want %+v", got, want)
	}
	if got, want := Count(referenceChain("zz")), (Counts{Added: 3, Updated: 1, Skipped: 1, Conflicts: 1}); got != want {
		t.Errorf("unpaired: got %+v, want %+v", got, want)
	}
}

func TestCountRules(t *testing.T) {
	resolved := func(cand string, out core.MergeAction, d core.Resolution) core.ProvenanceEntry {
		e := pe(cand, core.ProvConflictResolved, out)
		e.UserDecision = d
		return e
	}
	cases := []struct {
		name string
		prov []core.ProvenanceEntry
		want Counts
	}{
		{"empty", nil, Counts{}},
		{"error counts nowhere", []core.ProvenanceEntry{pe("x", core.ProvError, ""), pe("y", core.ProvError, core.ActionAdd)}, Counts{}},
		{"replace is an update", []core.ProvenanceEntry{resolved("x", core.ActionReplace, core.KeepCandidate)}, Counts{Updated: 1}},
		{"keep-existing is a skip", []core.ProvenanceEntry{pe("x", core.ProvConflictPresented, core.ActionConflict), resolved("x", core.ActionSkip, core.KeepExisting)}, Counts{Skipped: 1}},
		{"resolution before presentation still pairs", []core.ProvenanceEntry{resolved("x", core.ActionAdd, core.KeepBoth), pe("x", core.ProvConflictPresented, core.ActionConflict)}, Counts{Added: 1}},
		{"resolved without outcome uses decision", []core.ProvenanceEntry{resolved("x", "", core.KeepCandidate)}, Counts{Updated: 1}},
		{"resolved with conflict outcome is not a conflict", []core.ProvenanceEntry{resolved("x", core.ActionConflict, core.KeepBoth)}, Counts{Added: 1}},
		{"one resolution cancels one presentation", []core.ProvenanceEntry{pe("x", core.ProvConflictPresented, core.ActionConflict), pe("x", core.ProvConflictPresented, core.ActionConflict), resolved("x", core.ActionAdd, core.KeepBoth)}, Counts{Added: 1, Conflicts: 1}},
		{"empty candidate never pairs", []core.ProvenanceEntry{pe("", core.ProvConflictPresented, core.ActionConflict), resolved("", core.ActionAdd, core.KeepBoth)}, Counts{Added: 1, Conflicts: 1}},
		{"no outcome falls back to action", []core.ProvenanceEntry{pe("a", core.ProvAddNew, ""), pe("b", core.ProvUpdateGeneralization, ""), pe("c", core.ProvSkip, ""), pe("d", core.ProvConflictPresented, ""), pe("e", "mystery", "")}, Counts{1, 1, 1, 1}},
	}
	for _, c := range cases {
		if got := Count(c.prov); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

var t0 = time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)

func smallInput() Input {
	prov := referenceChain("e")
	prov[2].ExistingID = "vector-space"
	prov[2].OriginalFormalStatement = "a set V with + and ·"
	prov[2].NewFormalStatement = "a module over a field | with \"pipes\"\nand newlines"
	prov[3].ExistingID = "basis"
	prov[4].ExistingID = "span"
	prov[5].ExistingID = "span"
	prov[5].FinalID = "e-2"
	prov = append(prov, pe("f", core.ProvConflictPresented, core.ActionConflict), pe("g", core.ProvError, ""))
	prov[6].ExistingID = "rank"
	return Input{
		SessionID: "learn-20261122-010000", Source: "notes/linear-algebra.md",
		StartedAt: t0, CompletedAt: t0.Add(83 * time.Second),
		ContentType: "textbook", Domain: "linear-algebra", Documents: 1, Provenance: prov,
		Artifacts: []core.Artifact{
			{Kind: core.SkillArtifact, Name: "learn-linear-algebra", Domain: "linear-algebra", Primitives: 34,
				Files: []core.ArtifactFile{{Path: "skills/learn/learn-linear-algebra/SKILL.md"}}},
			{Kind: core.AgentArtifact, Name: "linear-algebra-agent", Domain: "linear-algebra", Primitives: 34,
				Files: []core.ArtifactFile{{Path: "agents/linear-algebra-agent.md"}}},
		},
		Skipped:    []core.Artifact{{Kind: core.TeamArtifact, Domain: "linear-algebra", Primitives: 34, Reason: "34 primitives, a team needs 50"}},
		Decision:   &core.Decision{Status: core.Approved, Rationale: "HOME source, no findings", DecidedBy: core.ByAuto, DecidedAt: t0},
		Findings:   map[core.Severity]int{core.Warning: 2},
		EdgesAdded: 5,
		Errors:     []string{"chapter3.pdf: no text layer"},
		Options:    Options{Domain: "linear-algebra", Depth: "deep", Scope: []string{"docs/", "README.md"}},
	}
}

func TestMarkdownSmall(t *testing.T) {
	r := Build(smallInput(), Limits{})
	md := r.Markdown
	if testing.Verbose() {
		t.Log("\n" + md)
	}
	if r.Counts != (Counts{Added: 3, Updated: 1, Skipped: 1, Conflicts: 1}) {
		t.Errorf("counts %+v", r.Counts)
	}
	for _, want := range []string{
		"# lore learning report — learn-20261122-010000\n",
		"- **Source:** notes/linear-algebra.md\n",
		"- **Started:** 2026-11-22T01:00:00Z\n",
		"- **Duration:** 1m 23s\n",
		"| Primitives added | 3 |\n", "| Primitives updated | 1 |\n", "| Primitives skipped | 1 |\n",
		"| Conflicts | 1 |\n", "| Skills generated | 1 |\n", "| Agents generated | 1 |\n", "| Teams generated | 0 |\n",
		"### Added\n", "- **a** — add-new: because a\n",
		"- **e-2** (candidate: e) — conflict-resolved: because e [Decision: keep-both]\n",
		"### Updated\n", "- **c** (existing: vector-space) — update-generalization: because c\n",
		"  - was: a set V with + and ·\n  - now: a module over a field \\| with \"pipes\" and newlines\n",
		"### Skipped\n", "- **d** (existing: basis) — because d\n",
		"### Conflicts\n", "- **f** (existing: rank) — conflict-presented: because f\n",
		"## Provenance Chains\n", "### add-new\n", "### conflict-resolved\n", "### error\n",
		"- New: a module over a field \\| with \"pipes\" and newlines\n",
		"### Skills\n\n| Domain | Primitives | File |\n|---|---|---|\n| linear-algebra | 34 | skills/learn/learn-linear-algebra/SKILL.md |\n",
		"| Agent | File |\n", "## Not Generated\n", "## Errors\n\n- chapter3.pdf: no text layer\n",
		"| domain | linear-algebra |\n", "| scope | docs/, README.md |\n",
		"- **Gate:** approved (by auto): HOME source, no findings\n", "- **Findings:** 0 critical, 2 warning, 0 info\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
	if strings.Contains(md, "### skip\n") {
		t.Error("skips should not be provenance chains")
	}
	// Sections in order.
	last := -1
	for _, h := range []string{"## Summary", "## Primitives", "## Provenance Chains", "## Generated Artifacts", "## Not Generated", "## Errors", "## Options"} {
		i := strings.Index(md, h)
		if i <= last {
			t.Errorf("section %q out of order", h)
		}
		last = i
	}
}

func TestMarkdownEmpty(t *testing.T) {
	md := Build(Input{SessionID: "s"}, Limits{}).Markdown
	for _, want := range []string{"- **Duration:** unknown\n", "No primitives processed.", "No provenance entries for modifications.", "No options specified."} {
		if !strings.Contains(md, want) {
			t.Errorf("lacks %q", want)
		}
	}
	for _, no := range []string{"## Generated Artifacts", "## Errors", "## Not Generated"} {
		if strings.Contains(md, no) {
			t.Errorf("has %q", no)
		}
	}
	if !strings.HasPrefix(md, "# ") {
		t.Error("no heading")
	}
}

// TestMarkdownNamesWhoDidWhat: on a team server the report says who ran
// the session and which person decided at the gate; on one person's
// store it says neither.
func TestMarkdownNamesWhoDidWhat(t *testing.T) {
	dec := &core.Decision{Status: core.Approved, DecidedBy: core.ByUser, Person: "rex", Rationale: "our vendor's manual"}
	v := Build(Input{SessionID: "s", Source: "vendor.md", User: "carol", Agent: "bot-1", Decision: dec}, Limits{})
	for _, want := range []string{"- **Run by:** carol (agent bot-1)\n", "- **Gate:** approved (by rex, user): our vendor's manual\n"} {
		if !strings.Contains(v.Markdown, want) {
			t.Errorf("lacks %q:\n%s", want, v.Markdown)
		}
	}
	if view := NewView(Input{SessionID: "s", User: "carol", Decision: dec}, Limits{}); view.User != "carol" || view.Decision.Person != "rex" {
		t.Errorf("the view: user %q, decided by %q", view.User, view.Decision.Person)
	}
	if md := Build(Input{SessionID: "s"}, Limits{}).Markdown; strings.Contains(md, "Run by") {
		t.Errorf("one person's report names a user:\n%s", md)
	}
}

func TestDuration(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{0, "0s"}, {1400 * time.Millisecond, "1s"}, {59 * time.Second, "59s"}, {60 * time.Second, "1m 0s"}, {3725 * time.Second, "62m 5s"}, {-time.Second, "unknown"}} {
		if got := Duration(t0, t0.Add(c.d)); got != c.want {
			t.Errorf("%v: %q, want %q", c.d, got, c.want)
		}
	}
	if Duration(time.Time{}, t0) != "unknown" || Duration(t0, time.Time{}) != "unknown" {
		t.Error("missing time should be unknown")
	}
}

func TestEscaping(t *testing.T) {
	in := Input{SessionID: "s", Artifacts: []core.Artifact{{Kind: core.AgentArtifact, Name: "a|b\nc\u202e`x`<script>",
		Files: []core.ArtifactFile{{Path: "p|q.md"}}}}}
	md := Build(in, Limits{}).Markdown
	want := "| a\\|b c⟨U+202E⟩\\`x\\`\\<script> | p\\|q.md |\n"
	if !strings.Contains(md, want) {
		t.Errorf("escaped row missing %q in\n%s", want, md)
	}
	// Every table row keeps its column count.
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "| a") && strings.Count(strings.ReplaceAll(line, "\\|", ""), "|") != 3 {
			t.Errorf("broken row %q", line)
		}
	}
}

func manyEntries(n int, long bool) Input {
	in := Input{SessionID: "big", Source: "big.md", StartedAt: t0, CompletedAt: t0.Add(time.Hour)}
	text := "a rationale of ordinary length that explains the decision"
	if long {
		text = strings.Repeat("|long<statement>* ", 500)
	}
	actions := []struct {
		a string
		o core.MergeAction
	}{{core.ProvAddNew, core.ActionAdd}, {core.ProvUpdateGeneralization, core.ActionUpdate}, {core.ProvSkip, core.ActionSkip},
		{core.ProvConflictPresented, core.ActionConflict}, {core.ProvAddSpecialization, core.ActionAdd}, {fmt.Sprintf("odd-%d", 0), ""}}
	for i := 0; i < n; i++ {
		a := actions[i%len(actions)]
		act := a.a
		if strings.HasPrefix(act, "odd") {
			act = fmt.Sprintf("odd-%d", i%40)
		}
		e := core.ProvenanceEntry{CandidateID: fmt.Sprintf("candidate-%06d", i), ExistingID: "existing", Action: act, Outcome: a.o,
			Rationale: text, OriginalFormalStatement: text, NewFormalStatement: text}
		in.Provenance = append(in.Provenance, e)
	}
	for i := 0; i < n/10; i++ {
		in.Errors = append(in.Errors, text)
		in.Artifacts = append(in.Artifacts, core.Artifact{Kind: core.SkillArtifact, Name: text, Domain: "d", Files: []core.ArtifactFile{{Path: text}}})
		in.Skipped = append(in.Skipped, core.Artifact{Kind: core.TeamArtifact, Domain: "d", Reason: text})
		in.Options.Scope = append(in.Options.Scope, text)
	}
	return in
}

func TestSizeHundred(t *testing.T) {
	in := manyEntries(100, false)
	r := Build(in, Limits{})
	if len(r.Markdown) >= 50_000 {
		t.Errorf("100 entries: %d chars", len(r.Markdown))
	}
	if r.Counts != Count(in.Provenance) {
		t.Errorf("counts %+v", r.Counts)
	}
}

func TestSizeBounded(t *testing.T) {
	for _, long := range []bool{false, true} {
		in := manyEntries(100_000, long)
		want := Count(in.Provenance)
		r := Build(in, Limits{})
		if len(r.Markdown) >= 200_000 {
			t.Errorf("long=%v: markdown %d bytes", long, len(r.Markdown))
		}
		if r.Counts != want || !r.Truncated {
			t.Errorf("long=%v: counts %+v, want %+v (truncated %v)", long, r.Counts, want, r.Truncated)
		}
		if !strings.Contains(r.Markdown, "more (see `lore show ID` / the session's changeset)") {
			t.Error("no truncation hint")
		}
		if !strings.Contains(r.Markdown, fmt.Sprintf("| Primitives added | %d |", want.Added)) {
			t.Error("summary count not exact")
		}
		b, err := JSON(in, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if len(b) >= 1_000_000 {
			t.Errorf("long=%v: JSON %d bytes", long, len(b))
		}
		var v View
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		if v.Counts != want || v.Truncated["primitives.added"] != want.Added-len(v.Primitives.Added) {
			t.Errorf("json counts %+v truncated %v", v.Counts, v.Truncated["primitives.added"])
		}
		t.Logf("long=%v: markdown %d bytes, JSON %d bytes", long, len(r.Markdown), len(b))
	}
}

func TestJSONShape(t *testing.T) {
	b, err := JSON(smallInput(), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"sessionId", "source", "startedAt", "completedAt", "durationSeconds", "counts", "primitives",
		"provenance", "artifacts", "notGenerated", "decision", "findings", "errors", "options", "truncated"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no key %q", k)
		}
	}
	if m["durationSeconds"].(float64) != 83 {
		t.Errorf("duration %v", m["durationSeconds"])
	}
	prims := m["primitives"].(map[string]any)
	added := prims["added"].([]any)
	if len(added) != 3 {
		t.Fatalf("added %v", added)
	}
	last := added[2].(map[string]any)
	if last["candidateId"] != "e" || last["finalId"] != "e-2" || last["userDecision"] != "keep-both" || last["existingId"] != "span" {
		t.Errorf("resolved entry %v", last)
	}
	arts := m["artifacts"].([]any)
	if f := arts[0].(map[string]any)["files"].([]any); len(f) != 1 || f[0] != "skills/learn/learn-linear-algebra/SKILL.md" {
		t.Errorf("files %v", f)
	}
	// An empty input still has every list as [] and unknown duration as null.
	b, _ = JSON(Input{}, Limits{})
	s := string(b)
	for _, want := range []string{`"durationSeconds": null`, `"added": []`, `"provenance": []`, `"errors": []`, `"truncated": {}`} {
		if !strings.Contains(s, want) {
			t.Errorf("empty JSON lacks %s:\n%s", want, s)
		}
	}
}

func TestHostileInputNoPanic(t *testing.T) {
	in := Input{
		SessionID:  "\xff\xfe",
		Provenance: []core.ProvenanceEntry{{CandidateID: "\x00", Action: ""}, {Action: core.ProvConflictResolved}},
		Artifacts:  []core.Artifact{{}},
		Skipped:    []core.Artifact{{}},
		Decision:   &core.Decision{},
		Findings:   map[core.Severity]int{"": 1, "weird|sev": 2},
		Errors:     []string{""},
		StartedAt:  t0, CompletedAt: t0.Add(-time.Hour),
	}
	r := Build(in, Limits{MaxListed: -1, MaxText: -5})
	if !strings.Contains(r.Markdown, "Duration:** unknown") {
		t.Error("negative duration should be unknown")
	}
	if _, err := JSON(in, Limits{MaxListed: 1, MaxText: 1, MaxJSONBytes: 10}); err != nil {
		t.Error(err)
	}
	if clip("héllo wörld", 5) != "héll…" || clip("abc", 3) != "abc" || clip("abcd", 1) != "…" {
		t.Errorf("clip: %q %q %q", clip("héllo wörld", 5), clip("abc", 3), clip("abcd", 1))
	}
}

func BenchmarkBuild100k(b *testing.B) {
	in := manyEntries(100_000, false)
	b.ResetTimer()
	for b.Loop() {
		Build(in, Limits{})
	}
}
