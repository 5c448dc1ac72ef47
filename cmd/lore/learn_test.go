package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lore-kb/lore/store"
)

// End-to-end tests of the learning commands: learn, unlearn, sessions,
// report, conflicts, show, rank and graph, run as separate processes on a
// real store, including interrupted and SIGKILLed learns.

// ltLearn is the documented --json shape of lore learn.
type ltLearn struct {
	SessionID   string         `json:"sessionId"`
	Success     bool           `json:"success"`
	DryRun      bool           `json:"dryRun"`
	ContentType string         `json:"contentType"`
	Counts      map[string]int `json:"counts"`
	Primitives  []struct {
		ID              string  `json:"id"`
		Name            string  `json:"name"`
		Type            string  `json:"type"`
		Domain          string  `json:"domain"`
		FormalStatement string  `json:"formalStatement"`
		Confidence      float64 `json:"confidence"`
		Section         string  `json:"section"`
	} `json:"primitives"`
	Edges []struct {
		From     string  `json:"from"`
		To       string  `json:"to"`
		Type     string  `json:"type"`
		Strength float64 `json:"strength"`
	} `json:"edges"`
	Findings []json.RawMessage `json:"findings"`
	Skills   []struct {
		Name       string `json:"name"`
		Path       string `json:"path"`
		Primitives int    `json:"primitives"`
	} `json:"skills"`
	Conflicts     []string `json:"conflicts"`
	WouldConflict []struct {
		Candidate  string `json:"candidate"`
		ExistingID string `json:"existingId"`
	} `json:"wouldConflict"`
	Errors    []string          `json:"errors"`
	Reapplied []json.RawMessage `json:"reapplied"`
	Revisit   []json.RawMessage `json:"revisit"`
	// What the text output says besides.
	RejectedBefore string            `json:"rejectedBefore"`
	Domain         string            `json:"domain"`
	Plane          string            `json:"plane"`
	EdgesAdded     int               `json:"edgesAdded"`
	Generated      []json.RawMessage `json:"generated"`
	NotGenerated   []string          `json:"notGenerated"`
	Notes          []string          `json:"notes"`
}

var (
	learnKeys = []string{"sessionId", "success", "dryRun", "contentType", "counts", "primitives", "edges", "findings", "skills", "conflicts", "wouldConflict", "errors", "reapplied", "revisit",
		"rejectedBefore", "domain", "plane", "edgesAdded", "generated", "notGenerated", "notes"}
	learnArrays = []string{"primitives", "edges", "findings", "skills", "conflicts", "wouldConflict", "errors", "reapplied", "revisit",
		"generated", "notGenerated", "notes"}
	countKeys     = []string{"added", "updated", "skipped", "conflicts"}
	primitiveKeys = []string{"id", "name", "type", "domain", "formalStatement", "confidence", "section"}
	edgeKeys      = []string{"from", "to", "type", "strength"}
	skillKeys     = []string{"name", "path", "primitives"}
)

type ltSession struct {
	ID         string         `json:"id"`
	Kind       string         `json:"kind"`
	Source     string         `json:"source"`
	State      string         `json:"state"`
	DryRun     bool           `json:"dryRun"`
	Counts     map[string]int `json:"counts"`
	Reverts    string         `json:"reverts"`
	RevertedBy string         `json:"revertedBy"`
}

type ltRanked struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Type       string `json:"type"`
	Domain     string `json:"domain"`
	Importance int    `json:"importance"`
	Reach      int    `json:"reach"`
}

func storeEnv(dir string) []string { return []string{"LORE_DATA_DIR=" + dir} }

func newStoreDir(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "store")
}

// loreOK runs lore and fails the test unless it exits 0.
func loreOK(t *testing.T, dir string, args ...string) result {
	t.Helper()
	r := lore(t, storeEnv(dir), args...)
	if r.code != 0 {
		t.Fatalf("lore %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r
}

// keysOf returns the sorted keys of a JSON object.
func keysOf(t *testing.T, what string, raw json.RawMessage) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s: not a JSON object: %v: %s", what, err, raw)
	}
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func sameKeys(t *testing.T, what string, got, want []string) {
	t.Helper()
	want = slices.Sorted(slices.Values(want))
	if !slices.Equal(got, want) {
		t.Errorf("%s has keys %v, want exactly %v", what, got, want)
	}
}

// decodeStrict decodes s into v, refusing unknown fields and trailing data.
func decodeStrict(t *testing.T, what, s string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, s)
	}
	if dec.More() {
		t.Fatalf("%s: more than one JSON value\n%s", what, s)
	}
}

// checkLearnContract checks the keys and JSON types of lore learn --json
// and decodes it.
func checkLearnContract(t *testing.T, stdout string) ltLearn {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil {
		t.Fatalf("learn --json: not a JSON object: %v\n%s", err, stdout)
	}
	var top []string
	for k := range raw {
		top = append(top, k)
	}
	slices.Sort(top)
	sameKeys(t, "learn --json", top, learnKeys)
	for _, k := range learnArrays {
		if v := bytes.TrimSpace(raw[k]); len(v) == 0 || v[0] != '[' {
			t.Errorf("learn --json %q = %s, want an array (never null)", k, v)
		}
	}
	var asMap map[string]any
	json.Unmarshal([]byte(stdout), &asMap)
	for k, kind := range map[string]string{"sessionId": "string", "success": "bool", "dryRun": "bool", "contentType": "string", "counts": "object"} {
		got := "other"
		switch asMap[k].(type) {
		case string:
			got = "string"
		case bool:
			got = "bool"
		case map[string]any:
			got = "object"
		}
		if got != kind {
			t.Errorf("learn --json %q is %T, want a JSON %s", k, asMap[k], kind)
		}
	}
	if raw["counts"] != nil {
		sameKeys(t, "learn --json counts", keysOf(t, "counts", raw["counts"]), countKeys)
	}
	for name, want := range map[string][]string{"primitives": primitiveKeys, "edges": edgeKeys, "skills": skillKeys} {
		var items []json.RawMessage
		json.Unmarshal(raw[name], &items)
		for i, it := range items {
			sameKeys(t, fmt.Sprintf("learn --json %s[%d]", name, i), keysOf(t, name, it), want)
		}
	}
	var out ltLearn
	decodeStrict(t, "learn --json", stdout, &out)
	return out
}

func learnJSONRun(t *testing.T, dir string, args ...string) ltLearn {
	t.Helper()
	r := loreOK(t, dir, append([]string{"learn", "--json"}, args...)...)
	return checkLearnContract(t, r.stdout)
}

func sessionsOf(t *testing.T, dir string) []ltSession {
	t.Helper()
	r := loreOK(t, dir, "sessions", "--json")
	var out struct {
		Sessions []ltSession `json:"sessions"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || out.Sessions == nil {
		t.Fatalf("sessions --json: %v\n%s", err, r.stdout)
	}
	return out.Sessions
}

// rankAll returns `lore rank --top 0 --json` verbatim and decoded.
func rankAll(t *testing.T, dir string, extra ...string) (string, []ltRanked) {
	t.Helper()
	r := loreOK(t, dir, append([]string{"rank", "--top", "0", "--json"}, extra...)...)
	var out struct {
		Primitives []ltRanked `json:"primitives"`
	}
	decodeStrict(t, "rank --json", r.stdout, &out)
	if out.Primitives == nil {
		t.Fatalf("rank --json: primitives is null:\n%s", r.stdout)
	}
	return r.stdout, out.Primitives
}

func verifyOK(t *testing.T, dir, when string) {
	t.Helper()
	r := lore(t, storeEnv(dir), "store", "verify")
	if r.code != 0 || !strings.Contains(r.stdout, "no problems found") {
		t.Fatalf("store verify %s: exit %d\nstdout: %s\nstderr: %s", when, r.code, r.stdout, r.stderr)
	}
}

func writeDoc(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLearnJSONContractAndBrowsing(t *testing.T) {
	src := corpus(t, "latex_openintro_ch_probability.tex")
	dir := newStoreDir(t)

	first := learnJSONRun(t, dir, src)
	if first.SessionID == "" || !strings.HasPrefix(first.SessionID, "learn-") {
		t.Errorf("sessionId = %q, want a learn-… id", first.SessionID)
	}
	if !first.Success || first.DryRun {
		t.Errorf("success = %v, dryRun = %v; want true, false", first.Success, first.DryRun)
	}
	if first.ContentType != "textbook" {
		t.Errorf("contentType = %q, want textbook", first.ContentType)
	}
	added := first.Counts["added"]
	if added <= 0 {
		t.Fatalf("counts = %v, want added > 0", first.Counts)
	}
	if len(first.Primitives) != added {
		t.Errorf("%d primitives listed, counts.added = %d", len(first.Primitives), added)
	}
	if len(first.Errors) != 0 {
		t.Errorf("errors = %v", first.Errors)
	}
	ids := map[string]bool{}
	for _, p := range first.Primitives {
		if p.ID == "" || p.Name == "" || p.Type == "" || p.Domain == "" || p.FormalStatement == "" || p.Section == "" {
			t.Errorf("primitive with an empty field: %+v", p)
		}
		if p.Confidence <= 0 || p.Confidence > 1 {
			t.Errorf("primitive %s confidence %v", p.ID, p.Confidence)
		}
		if ids[p.ID] {
			t.Errorf("primitive %s listed twice", p.ID)
		}
		ids[p.ID] = true
	}
	if len(first.Edges) == 0 {
		t.Error("no edges learned from the probability chapter")
	}
	for _, e := range first.Edges {
		if !ids[e.From] || !ids[e.To] || e.Type == "" || e.Strength <= 0 || e.Strength > 1 {
			t.Errorf("edge %+v: unknown end, no type or strength out of (0,1]", e)
		}
	}
	for _, s := range first.Skills {
		if s.Name == "" || s.Primitives <= 0 {
			t.Errorf("skill %+v", s)
		}
		if _, err := os.Stat(s.Path); err != nil {
			t.Errorf("skill %s: SKILL.md not written: %v", s.Name, err)
		}
	}

	// Learning the same chapter again adds nothing and skips everything.
	again := learnJSONRun(t, dir, src)
	if again.SessionID == first.SessionID {
		t.Errorf("second learn reused session id %s", again.SessionID)
	}
	if again.Counts["added"] != 0 || again.Counts["skipped"] != added || again.Counts["updated"] != 0 || again.Counts["conflicts"] != 0 {
		t.Errorf("relearn counts = %v, want added 0, skipped %d, nothing else", again.Counts, added)
	}
	if len(again.Primitives) != 0 {
		t.Errorf("relearn lists %d primitives, want none", len(again.Primitives))
	}

	ss := sessionsOf(t, dir)
	if len(ss) != 2 || ss[0].ID != again.SessionID || ss[1].ID != first.SessionID {
		t.Fatalf("sessions = %+v, want the two learns, newest first", ss)
	}
	for _, s := range ss {
		if s.State != "committed" || s.Kind != "learn" || s.Source != src || s.DryRun {
			t.Errorf("session %+v", s)
		}
	}
	if ss[1].Counts["added"] != added || ss[0].Counts["skipped"] != added {
		t.Errorf("session counts %v / %v", ss[1].Counts, ss[0].Counts)
	}

	r := loreOK(t, dir, "report", first.SessionID)
	for _, want := range []string{first.SessionID, "Primitives added", fmt.Sprintf("| Primitives added | %d |", added)} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, r.stdout)
		}
	}
	r = loreOK(t, dir, "report", first.SessionID, "--json")
	var rep struct {
		SessionID string         `json:"sessionId"`
		Counts    map[string]int `json:"counts"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("report --json: %v\n%s", err, r.stdout)
	}
	if rep.SessionID != first.SessionID || rep.Counts["added"] != added {
		t.Errorf("report --json: session %q counts %v", rep.SessionID, rep.Counts)
	}
	if r := lore(t, storeEnv(dir), "report", "learn-nope"); r.code != 2 || !strings.Contains(r.stderr, "learn-nope") {
		t.Errorf("report of an unknown session: exit %d, stderr %q", r.code, r.stderr)
	}

	// rank --by reach --top 5 is the head of the full ranking.
	r = loreOK(t, dir, "rank", "--by", "reach", "--top", "5", "--json")
	var top struct {
		Primitives []ltRanked `json:"primitives"`
	}
	decodeStrict(t, "rank --json", r.stdout, &top)
	_, full := rankAll(t, dir, "--by", "reach")
	if len(full) != added {
		t.Errorf("rank --top 0 lists %d primitives, want %d", len(full), added)
	}
	if len(top.Primitives) == 0 || len(top.Primitives) > 5 {
		t.Fatalf("rank --top 5 lists %d primitives", len(top.Primitives))
	}
	if !slices.Equal(top.Primitives, full[:len(top.Primitives)]) {
		t.Errorf("rank --top 5 = %+v, not the head of the full ranking %+v", top.Primitives, full[:min(5, len(full))])
	}
	for i, p := range full {
		if !ids[p.ID] || p.Name == "" || p.Type == "" || p.Domain == "" {
			t.Errorf("ranked %+v", p)
		}
		if i > 0 && p.Reach > full[i-1].Reach {
			t.Errorf("rank by reach out of order at %d: %+v after %+v", i, p, full[i-1])
		}
	}
	if top.Primitives[0].Reach == 0 {
		t.Errorf("highest reach is 0: %+v", top.Primitives[0])
	}
	if r := lore(t, storeEnv(dir), "rank", "--by", "bogus"); r.code != 2 {
		t.Errorf("rank --by bogus: exit %d, stderr %q", r.code, r.stderr)
	}

	// show: the most reached primitive, with its direct dependents.
	best := top.Primitives[0]
	r = loreOK(t, dir, "show", best.ID, "--json")
	var shown struct {
		Primitive struct {
			ID              string `json:"id"`
			Name            string `json:"name"`
			FormalStatement string `json:"statement"`
			Provenance      struct {
				Session string `json:"session"`
			} `json:"provenance"`
			Dependents []struct {
				ID   string `json:"from"`
				Type string `json:"type"`
			} `json:"requiredBy"`
		} `json:"primitive"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &shown); err != nil {
		t.Fatalf("show --json: %v\n%s", err, r.stdout)
	}
	if shown.Primitive.ID != best.ID || shown.Primitive.Name != best.Name || shown.Primitive.FormalStatement == "" {
		t.Errorf("show %s: %+v", best.ID, shown.Primitive)
	}
	if shown.Primitive.Provenance.Session != first.SessionID {
		t.Errorf("show %s: provenance session %q, want %s", best.ID, shown.Primitive.Provenance.Session, first.SessionID)
	}
	if len(shown.Primitive.Dependents) == 0 {
		t.Errorf("show %s (reach %d): no dependents", best.ID, best.Reach)
	}
	for _, d := range shown.Primitive.Dependents {
		if !ids[d.ID] {
			t.Errorf("show %s: unknown dependent %+v", best.ID, d)
		}
	}
	if r := lore(t, storeEnv(dir), "show", "no-such-primitive"); r.code != 2 {
		t.Errorf("show of an unknown primitive: exit %d", r.code)
	}

	// graph in every format.
	dot := loreOK(t, dir, "graph", "--format", "dot").stdout
	if !strings.HasPrefix(dot, "digraph") || !strings.HasSuffix(strings.TrimSpace(dot), "}") {
		t.Errorf("graph --format dot:\n%s", dot)
	}
	for id := range ids {
		if !strings.Contains(dot, `"`+id+`"`) {
			t.Errorf("graph --format dot lacks node %s", id)
		}
	}
	if n := strings.Count(dot, " -> "); n != len(first.Edges) {
		t.Errorf("graph --format dot has %d edges, want %d", n, len(first.Edges))
	}
	mer := loreOK(t, dir, "graph", "--format", "mermaid").stdout
	if !strings.HasPrefix(mer, "flowchart") || strings.Count(mer, "-->") != len(first.Edges) {
		t.Errorf("graph --format mermaid (want %d edges):\n%s", len(first.Edges), mer)
	}
	gj := loreOK(t, dir, "graph", "--format", "json").stdout
	var g struct {
		Nodes []struct {
			ID string `json:"id"`
		} `json:"nodes"`
		Edges []struct {
			From string `json:"from"`
			To   string `json:"to"`
		} `json:"edges"`
	}
	if err := json.Unmarshal([]byte(gj), &g); err != nil {
		t.Fatalf("graph --format json: %v", err)
	}
	if len(g.Nodes) != added || len(g.Edges) != len(first.Edges) {
		t.Errorf("graph --format json: %d nodes, %d edges; want %d, %d", len(g.Nodes), len(g.Edges), added, len(first.Edges))
	}
	for _, n := range g.Nodes {
		if !ids[n.ID] {
			t.Errorf("graph json node %s unknown", n.ID)
		}
	}
	if r := lore(t, storeEnv(dir), "graph", "--format", "svg"); r.code != 2 || r.stdout != "" {
		t.Errorf("graph --format svg: exit %d, stdout %q", r.code, r.stdout)
	}
	verifyOK(t, dir, "after learning twice")
}

// TestLearnDryRunReadsBesideAReader: a dry run opens the store only to
// read, so another process reading it does not make the run wait and
// fail with "store locked", and the run compares with what is stored.
func TestLearnDryRunReadsBesideAReader(t *testing.T) {
	src := corpus(t, "apiref_goldmark_README.md")
	dir := newStoreDir(t)
	stored := learnJSONRun(t, dir, src)
	reader, err := store.Open(dir, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	r := lore(t, storeEnv(dir), "learn", "--json", "--dry-run", src)
	if r.code != 0 {
		t.Fatalf("dry run beside a reader: exit %d\n%s", r.code, r.stderr)
	}
	out := checkLearnContract(t, r.stdout)
	if out.Counts["added"] != 0 || out.Counts["skipped"] != stored.Counts["added"] {
		t.Errorf("dry run of a learned source: counts %v, want all %d skipped", out.Counts, stored.Counts["added"])
	}
}

func TestLearnDryRunWritesNothing(t *testing.T) {
	// The RFC has enough primitives for a skill, so the dry run has one to
	// not write.
	src := corpus(t, "rfc6455_websocket.txt")
	dir := newStoreDir(t)
	skills := filepath.Join(dir, "skills")
	out := learnJSONRun(t, dir, src, "--dry-run")
	if !out.Success || !out.DryRun || out.Counts["added"] <= 0 || len(out.Primitives) != out.Counts["added"] {
		t.Errorf("dry run: success %v dryRun %v counts %v, %d primitives", out.Success, out.DryRun, out.Counts, len(out.Primitives))
	}
	if len(out.Skills) == 0 {
		t.Errorf("dry run plans no skill for %d primitives", out.Counts["added"])
	}
	if ss := sessionsOf(t, dir); len(ss) != 0 {
		t.Errorf("dry run stored sessions: %+v", ss)
	}
	if _, prims := rankAll(t, dir); len(prims) != 0 {
		t.Errorf("dry run stored %d primitives", len(prims))
	}
	noSkills := func(when string) {
		t.Helper()
		if entries, err := os.ReadDir(skills); err == nil && len(entries) > 0 {
			t.Errorf("%s wrote skills: %v", when, entries)
		} else if err != nil && !os.IsNotExist(err) {
			t.Error(err)
		}
	}
	noSkills("dry run --json")
	// The text output says so too.
	r := loreOK(t, dir, "learn", src, "--dry-run")
	if !strings.Contains(r.stdout, "dry run") {
		t.Errorf("dry run text output:\n%s", r.stdout)
	}
	if ss := sessionsOf(t, dir); len(ss) != 0 {
		t.Errorf("text dry run stored sessions: %+v", ss)
	}
	noSkills("dry run")
	verifyOK(t, dir, "after dry runs")

	// The real run stores the same counts and writes the planned skills.
	stored := learnJSONRun(t, dir, src)
	if stored.DryRun || stored.Counts["added"] != out.Counts["added"] || len(stored.Skills) != len(out.Skills) {
		t.Errorf("real run: dryRun %v counts %v, %d skills; the dry run said %v, %d skills",
			stored.DryRun, stored.Counts, len(stored.Skills), out.Counts, len(out.Skills))
	}
	for _, s := range stored.Skills {
		if !strings.HasPrefix(s.Path, skills+string(filepath.Separator)) {
			t.Errorf("skill %s written to %s, want under %s", s.Name, s.Path, skills)
		}
		if _, err := os.Stat(s.Path); err != nil {
			t.Errorf("skill %s: %v", s.Name, err)
		}
	}
}

func TestUnlearnRevertsAndRefusesTwice(t *testing.T) {
	src := corpus(t, "latex_openlogic_enumerability.tex")
	dir := newStoreDir(t)
	verifyOK(t, dir, "on a new store")
	emptyRank, _ := rankAll(t, dir)
	learned := learnJSONRun(t, dir, src)
	if learned.Counts["added"] == 0 {
		t.Fatalf("nothing learned: %v", learned.Counts)
	}
	verifyOK(t, dir, "after learn")

	r := loreOK(t, dir, "unlearn", learned.SessionID, "--json")
	var un struct {
		Session  string   `json:"sessionId"`
		Reverted string   `json:"reverted"`
		Forced   bool     `json:"forced"`
		Removed  []string `json:"removed"`
		Restored []string `json:"restored"`
		Readded  []string `json:"readded"`
		Errors   []string `json:"errors"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &un); err != nil {
		t.Fatalf("unlearn --json: %v\n%s", err, r.stdout)
	}
	if un.Reverted != learned.SessionID || !strings.HasPrefix(un.Session, "unlearn-") || un.Forced || len(un.Errors) != 0 {
		t.Errorf("unlearn --json: %+v", un)
	}
	var want []string
	for _, p := range learned.Primitives {
		want = append(want, p.ID)
	}
	slices.Sort(want)
	got := slices.Sorted(slices.Values(un.Removed))
	if !slices.Equal(got, want) {
		t.Errorf("unlearn removed %v, want %v", got, want)
	}
	verifyOK(t, dir, "after unlearn")
	if after, _ := rankAll(t, dir); after != emptyRank {
		t.Errorf("primitives left after unlearn:\n%s", after)
	}
	ss := sessionsOf(t, dir)
	if len(ss) != 2 || ss[0].ID != un.Session || ss[0].Kind != "unlearn" || ss[0].Reverts != learned.SessionID ||
		ss[1].State != "reverted" || ss[1].RevertedBy != un.Session {
		t.Errorf("sessions after unlearn: %+v", ss)
	}

	r = lore(t, storeEnv(dir), "unlearn", learned.SessionID)
	if r.code != 2 || !strings.Contains(r.stderr, "already reverted") || !strings.Contains(r.stderr, learned.SessionID) {
		t.Errorf("second unlearn: exit %d, stderr %q", r.code, r.stderr)
	}
	verifyOK(t, dir, "after the refused second unlearn")

	r = lore(t, storeEnv(dir), "unlearn", "learn-nope")
	if r.code != 2 || !strings.Contains(r.stderr, "learn-nope") {
		t.Errorf("unlearn of an unknown session: exit %d, stderr %q", r.code, r.stderr)
	}
	r = lore(t, storeEnv(dir), "unlearn", un.Session)
	if r.code != 2 || !strings.Contains(r.stderr, "only learn and curate sessions") {
		t.Errorf("unlearn of an unlearn session: exit %d, stderr %q", r.code, r.stderr)
	}
	verifyOK(t, dir, "after the refused unknown unlearn")
	if len(sessionsOf(t, dir)) != 2 {
		t.Error("a refused unlearn stored a session")
	}
}

func TestUnlearnBlockedByDependents(t *testing.T) {
	docs := t.TempDir()
	a := writeDoc(t, docs, "a.md", "# Algebra\n\nDefinition: A vector space is a set of vectors closed under addition and scalar multiplication.\n")
	b := writeDoc(t, docs, "b.md", "# Bases\n\nDefinition: A basis of a vector space is a linearly independent set of vectors that spans the vector space.\n")
	dir := newStoreDir(t)
	la := learnJSONRun(t, dir, a, "--domain", "structure")
	lb := learnJSONRun(t, dir, b, "--domain", "structure")
	if la.Counts["added"] != 1 || lb.Counts["added"] != 1 {
		t.Fatalf("counts %v / %v, want one primitive each", la.Counts, lb.Counts)
	}
	if len(lb.Primitives) != 1 || lb.Primitives[0].ID != "structure-basis" {
		t.Fatalf("b learned %+v, want structure-basis", lb.Primitives)
	}
	if len(lb.Edges) == 0 || lb.Edges[0].To != la.Primitives[0].ID {
		t.Fatalf("b's edges %+v, want one to %s", lb.Edges, la.Primitives[0].ID)
	}
	verifyOK(t, dir, "after both learns")
	before, _ := rankAll(t, dir)

	r := lore(t, storeEnv(dir), "unlearn", la.SessionID)
	if r.code != 5 || !strings.Contains(r.stderr, "structure-basis") || !strings.Contains(r.stderr, "--force") {
		t.Errorf("blocked unlearn: exit %d, stderr %q", r.code, r.stderr)
	}
	if after, _ := rankAll(t, dir); after != before {
		t.Errorf("blocked unlearn changed the store:\nbefore %s\nafter %s", before, after)
	}
	ss := sessionsOf(t, dir)
	if len(ss) != 2 || ss[1].State != "committed" {
		t.Errorf("sessions after a blocked unlearn: %+v", ss)
	}
	verifyOK(t, dir, "after the blocked unlearn")

	r = loreOK(t, dir, "unlearn", la.SessionID, "--force", "--json")
	var un struct {
		Forced    bool     `json:"forced"`
		Removed   []string `json:"removed"`
		Integrity []struct {
			PrimitiveID string `json:"primitiveId"`
		} `json:"integrity"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &un); err != nil {
		t.Fatal(err)
	}
	if !un.Forced || !slices.Equal(un.Removed, []string{"structure-vector-space"}) || len(un.Integrity) != 1 || un.Integrity[0].PrimitiveID != "structure-basis" {
		t.Errorf("forced unlearn: %s", r.stdout)
	}
	verifyOK(t, dir, "after the forced unlearn")
	_, prims := rankAll(t, dir)
	if len(prims) != 1 || prims[0].ID != "structure-basis" {
		t.Errorf("after the forced unlearn the store holds %+v, want only structure-basis", prims)
	}
	r = loreOK(t, dir, "show", "structure-basis", "--json")
	var shown struct {
		Primitive struct {
			Requires []struct {
				To string `json:"to"`
			} `json:"requires"`
		} `json:"primitive"`
	}
	json.Unmarshal([]byte(r.stdout), &shown)
	for _, d := range shown.Primitive.Requires {
		if d.To == "structure-vector-space" {
			t.Errorf("structure-basis still depends on the removed primitive: %s", r.stdout)
		}
	}
}

func TestConflictResolve(t *testing.T) {
	docs := t.TempDir()
	c := writeDoc(t, docs, "c.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	d := writeDoc(t, docs, "d.md", "# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n")
	dir := newStoreDir(t)
	learnJSONRun(t, dir, c, "--domain", "structure")
	ld := learnJSONRun(t, dir, d, "--domain", "structure")
	if ld.Counts["conflicts"] != 1 || len(ld.Conflicts) != 1 {
		t.Fatalf("second learn: counts %v conflicts %v, want one conflict", ld.Counts, ld.Conflicts)
	}
	type conflict struct {
		ID        string `json:"id"`
		Session   string `json:"sessionId"`
		State     string `json:"state"`
		Candidate struct {
			ID string `json:"id"`
		} `json:"candidate"`
		Existing struct {
			ID string `json:"id"`
		} `json:"existing"`
	}
	pending := func() []conflict {
		r := loreOK(t, dir, "conflicts", "--json")
		var out struct {
			Conflicts []conflict `json:"conflicts"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || out.Conflicts == nil {
			t.Fatalf("conflicts --json: %v\n%s", err, r.stdout)
		}
		return out.Conflicts
	}
	cs := pending()
	if len(cs) != 1 || cs[0].ID != ld.Conflicts[0] || cs[0].Session != ld.SessionID || cs[0].Existing.ID != "structure-group" {
		t.Fatalf("pending conflicts %+v, want %s raised by %s against structure-group", cs, ld.Conflicts[0], ld.SessionID)
	}
	id := cs[0].ID

	if r := lore(t, storeEnv(dir), "conflicts", "resolve", id, "bogus"); r.code != 2 || !strings.Contains(r.stderr, "bogus") {
		t.Errorf("resolve with a bogus resolution: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := lore(t, storeEnv(dir), "conflicts", "resolve", "nope", "keep-both"); r.code != 2 || !strings.Contains(r.stderr, `"nope"`) {
		t.Errorf("resolve of an unknown conflict: exit %d, stderr %q", r.code, r.stderr)
	}
	if got := pending(); len(got) != 1 {
		t.Fatalf("refused resolutions changed the pending conflicts: %+v", got)
	}
	_, prims := rankAll(t, dir)
	if len(prims) != 1 {
		t.Fatalf("before resolving: %+v", prims)
	}

	r := loreOK(t, dir, "conflicts", "resolve", id, "keep-both", "--json")
	var res struct {
		Conflict   string `json:"conflictId"`
		Resolution string `json:"resolution"`
		Outcome    string `json:"outcome"`
		Session    string `json:"sessionId"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || res.Conflict != id || res.Resolution != "keep-both" || res.Session != ld.SessionID {
		t.Errorf("resolve --json: %v %s", err, r.stdout)
	}
	if got := pending(); len(got) != 0 {
		t.Errorf("still pending after resolving: %+v", got)
	}
	if _, prims := rankAll(t, dir); len(prims) != 2 {
		t.Errorf("keep-both left %d primitives, want 2: %+v", len(prims), prims)
	}
	verifyOK(t, dir, "after keep-both")

	r = lore(t, storeEnv(dir), "conflicts", "resolve", id, "keep-both")
	if r.code != 2 || !strings.Contains(r.stderr, "already resolved") {
		t.Errorf("resolving twice: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := lore(t, storeEnv(dir), "conflicts", "resolve", id, "keep-existing"); r.code != 2 {
		t.Errorf("re-resolving another way: exit %d, stderr %q", r.code, r.stderr)
	}
	if _, prims := rankAll(t, dir); len(prims) != 2 {
		t.Errorf("a refused resolution changed the store: %+v", prims)
	}
	verifyOK(t, dir, "after the refused resolutions")
}

func TestLockedStoreLearnExitsFour(t *testing.T) {
	src := corpus(t, "latex_openlogic_enumerability.tex")
	dir := newStoreDir(t)
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := lore(t, storeEnv(dir), "learn", src)
	r2 := lore(t, storeEnv(dir), "learn", src, "--json")
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if r.code != 4 || !strings.Contains(r.stderr, dir) {
		t.Errorf("learn on a locked store: exit %d, stderr %q", r.code, r.stderr)
	}
	if r2.code != 4 || !strings.Contains(r2.stderr, dir) {
		t.Errorf("learn --json on a locked store: exit %d, stderr %q", r2.code, r2.stderr)
	}
	st, err = store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if ss, err := st.Sessions(); err != nil || len(ss) != 0 {
		t.Errorf("sessions after the locked learns: %v, %v", ss, err)
	}
}

func TestBadSourceLearnExitsTwo(t *testing.T) {
	dir := newStoreDir(t)
	for _, args := range [][]string{{"learn", "/nonexistent.md"}, {"learn", "/nonexistent.md", "--json"}} {
		r := lore(t, storeEnv(dir), args...)
		if r.code != 2 || !strings.Contains(r.stderr, "/nonexistent.md") {
			t.Errorf("lore %v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	if ss := sessionsOf(t, dir); len(ss) != 0 {
		t.Errorf("sessions after a bad source: %+v", ss)
	}
	verifyOK(t, dir, "after a bad source")
}

// bigMarkdown writes n bytes or a little more of dense, deterministic
// Markdown: one definition per section over a vocabulary of random words.
func bigMarkdown(t *testing.T, n int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 11))
	words := make([]string, 3000)
	for i := range words {
		b := make([]byte, 4+rng.IntN(7))
		for j := range b {
			b[j] = byte('a' + rng.IntN(26))
		}
		words[i] = string(b)
	}
	pick := func(k int) string {
		ws := make([]string, k)
		for i := range ws {
			ws[i] = words[rng.IntN(len(words))]
		}
		return strings.Join(ws, " ")
	}
	var b strings.Builder
	for i := 1; b.Len() < n; i++ {
		fmt.Fprintf(&b, "## Section %d\n\nDefinition: Term-%d %s is a %s.\n\n", i, i, pick(2), pick(40))
	}
	return writeDoc(t, t.TempDir(), "big.md", b.String())
}

// bigInputBytes sizes the generated input: dense synthetic text learns at
// well under 1 MiB/s, so this takes a few seconds.
const bigInputBytes = 1 << 20

// loreCmd is the lore helper's process, to be started and signalled.
func loreCmd(t *testing.T, env []string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(loreBin, args...)
	cmd.Env = append([]string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"PATH=" + os.Getenv("PATH"),
	}, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	return cmd, &out, &errb
}

// timed runs lore and returns how long it took.
func timed(t *testing.T, dir string, args ...string) time.Duration {
	t.Helper()
	start := time.Now()
	loreOK(t, dir, args...)
	return time.Since(start)
}

func TestInterruptedLearnLeavesStoreUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("learns a large input")
	}
	// The learn must still run when it is interrupted, however fast the
	// machine: the input doubles until its dry run takes a second.
	size := bigInputBytes
	big := bigMarkdown(t, size)
	dry := timed(t, newStoreDir(t), "learn", big, "--dry-run")
	for dry < time.Second && size < 8*bigInputBytes {
		size *= 2
		big = bigMarkdown(t, size)
		dry = timed(t, newStoreDir(t), "learn", big, "--dry-run")
	}
	t.Logf("dry run of %d bytes: %v", size, dry)
	if dry < time.Second {
		t.Fatalf("the dry run of %d bytes took only %v: make the input bigger", size, dry)
	}

	dir := newStoreDir(t)
	cmd, stdout, stderr := loreCmd(t, storeEnv(dir), "learn", big)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(dry * 2 / 5)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if code != 130 {
		t.Errorf("interrupted learn: exit %d (%v), want 130\nstdout: %s\nstderr: %s", code, err, stdout, stderr)
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("interrupted learn: stderr %q", stderr)
	}
	if ss := sessionsOf(t, dir); len(ss) != 0 {
		t.Errorf("sessions after an interrupted learn: %+v", ss)
	}
	if _, prims := rankAll(t, dir); len(prims) != 0 {
		t.Errorf("%d primitives stored by an interrupted learn", len(prims))
	}
	verifyOK(t, dir, "after an interrupted learn")
	if entries, _ := os.ReadDir(filepath.Join(dir, "skills")); len(entries) != 0 {
		t.Errorf("interrupted learn wrote skills: %v", entries)
	}
}

// TestCrashDuringLearnIsAtomic kills a child learning a large input with
// SIGKILL at 20 random moments; each time the store reopens and verifies,
// and the session is either wholly present or wholly absent.
func TestCrashDuringLearnIsAtomic(t *testing.T) {
	if testing.Short() {
		t.Skip("kills 20 learns of a large input")
	}
	docs := t.TempDir()
	base := writeDoc(t, docs, "base.md", "# Algebra\n\nDefinition: A vector space is a set of vectors closed under addition and scalar multiplication.\n\n"+
		"## Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	big := bigMarkdown(t, bigInputBytes)

	// Calibrate on the same setup: base first, then the full learn.
	cal := newStoreDir(t)
	loreOK(t, cal, "learn", base)
	full := timed(t, cal, "learn", big)
	t.Logf("full learn of %d bytes over the base: %v", bigInputBytes, full)
	os.RemoveAll(filepath.Dir(cal))

	rng := rand.New(rand.NewPCG(2026, 1122))
	const kills = 20
	var absent, present, killedAfterCommit, finished int
	for i := range kills {
		at := time.Duration(rng.Float64() * 1.2 * float64(full))
		root := t.TempDir()
		dir := filepath.Join(root, "store")
		loreOK(t, dir, "learn", base)
		baseSessions := sessionsOf(t, dir)
		beforeRank, basePrims := rankAll(t, dir)
		if len(baseSessions) != 1 || len(basePrims) == 0 {
			t.Fatalf("base: sessions %+v, %d primitives", baseSessions, len(basePrims))
		}

		cmd, _, stderr := loreCmd(t, storeEnv(dir), "learn", big)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(at)
		cmd.Process.Kill()
		cmd.Wait()
		ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
		killed := ws.Signaled() && ws.Signal() == syscall.SIGKILL
		if !killed && ws.ExitStatus() != 0 {
			t.Fatalf("kill %d at %v: learn exited %d before the kill: %s", i, at, ws.ExitStatus(), stderr)
		}

		verifyOK(t, dir, fmt.Sprintf("after kill %d at %v", i, at))
		ss := sessionsOf(t, dir)
		var added []ltSession
		for _, s := range ss {
			if s.ID != baseSessions[0].ID {
				added = append(added, s)
			}
		}
		outcome := ""
		switch {
		case len(added) == 0:
			if !killed {
				t.Errorf("kill %d at %v: the learn finished but its session is missing", i, at)
			}
			if rank, _ := rankAll(t, dir); rank != beforeRank {
				t.Errorf("kill %d at %v: no session, but the primitives changed", i, at)
			}
			absent++
			outcome = "absent"
		case len(added) == 1 && added[0].State == "committed" && added[0].Kind == "learn" && !added[0].DryRun:
			_, prims := rankAll(t, dir)
			want := len(basePrims) + added[0].Counts["added"]
			if added[0].Counts["added"] == 0 || len(prims) != want {
				t.Errorf("kill %d at %v: session %s committed with %d added, but the store holds %d primitives, want %d",
					i, at, added[0].ID, added[0].Counts["added"], len(prims), want)
			}
			have := map[string]bool{}
			for _, p := range prims {
				have[p.ID] = true
			}
			for _, p := range basePrims {
				if !have[p.ID] {
					t.Errorf("kill %d at %v: base primitive %s lost", i, at, p.ID)
				}
			}
			present++
			outcome = "present"
			if killed {
				killedAfterCommit++
			} else {
				finished++
				outcome += " (finished before the kill)"
			}
		default:
			t.Errorf("kill %d at %v: sessions %+v, want the base and at most one committed learn", i, at, ss)
		}
		t.Logf("kill %2d at %6.2fs (%3.0f%% of the calibrated run): session %s", i, at.Seconds(), 100*float64(at)/float64(full), outcome)
		os.RemoveAll(root) // each store is ~20 MB; free it now
	}
	t.Logf("%d kills: %d before the commit (wholly absent), %d after it (wholly present: %d killed mid-run, %d finished)",
		kills, absent, present, killedAfterCommit, finished)
	if absent == 0 || present == 0 {
		t.Errorf("want kills on both sides of the commit point, got %d before and %d after; resize the input", absent, present)
	}
}
