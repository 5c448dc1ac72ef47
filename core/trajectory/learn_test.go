package trajectory_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store"
)

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// openStore opens a real store in dir, closed when the test ends.
func openStore(t *testing.T, dir string) *store.Store {
	t.Helper()
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

func learner(st *store.Store) *trajectory.Learner {
	clock := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	now := func() time.Time { clock = clock.Add(time.Second); return clock }
	return &trajectory.Learner{
		Runs:    st,
		Library: library.New(st, library.Options{Now: now}),
		Extract: trajectory.Options{Home: "/home/tester"},
		Merge:   true,
		Now:     now,
	}
}

// dump is every key and value of the store, values decoded from their
// codec and, for JSON, with escapes undone, so a search sees the text.
func dump(t *testing.T, st *store.Store) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := st.Each(func(k, v []byte) error {
		text := string(v)
		var x any
		if json.Unmarshal(v, &x) == nil {
			text += "\n" + flatten(x)
		}
		out[string(k)] = text
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func flatten(x any) string {
	switch v := x.(type) {
	case string:
		return v
	case []any:
		var parts []string
		for _, e := range v {
			parts = append(parts, flatten(e))
		}
		return strings.Join(parts, "\n")
	case map[string]any:
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(v)) {
			parts = append(parts, k, flatten(v[k]))
		}
		return strings.Join(parts, "\n")
	}
	return ""
}

func TestTrajLearnFilesADraftOnceAndDeduplicates(t *testing.T) {
	st := openStore(t, t.TempDir())
	l := learner(st)
	res, err := l.Learn("testdata/claude_success.jsonl", fixture(t, "claude_success.jsonl"), false)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != trajectory.Success || len(res.Drafts) != 1 || res.AlreadyLearned {
		t.Fatalf("result %+v, want one draft", res)
	}
	s, err := st.Skill(res.Drafts[0].Key)
	if err != nil {
		t.Fatal(err)
	}
	if s.Status != skills.Draft || s.Source != skills.Proposed || s.Lineage.Origin != "run:testdata/claude_success.jsonl" || !slices.Contains(s.Lineage.SourceHashes, res.SourceHash) {
		t.Errorf("stored %s as %s/%s, origin %q, hashes %v", s.Key, s.Source, s.Status, s.Lineage.Origin, s.Lineage.SourceHashes)
	}
	if !strings.Contains(s.Instructions, "Run `cd <project> && go test ./cart/ -run TestCartTotal -count=<n>`") {
		t.Errorf("the draft's steps are not generalised:\n%s", s.Instructions)
	}
	before := dump(t, st)

	// The same run again: nothing added, not even a record.
	again, err := l.Learn("elsewhere/copy.jsonl", fixture(t, "claude_success.jsonl"), false)
	if err != nil || !again.AlreadyLearned || len(again.Drafts) != 0 {
		t.Fatalf("the same run again: %+v, %v", again, err)
	}
	if after := dump(t, st); len(after) != len(before) {
		t.Errorf("re-learning a run changed the store: %d keys, then %d", len(before), len(after))
	} else {
		for k, v := range before {
			if after[k] != v {
				t.Errorf("re-learning a run changed %q", k)
			}
		}
	}

	// The same procedure on other data, by another user: a duplicate of the
	// first draft by its source hash.
	other := strings.NewReplacer("/home/alice/projects/shop", "/home/zoe/src/shop2", "48213", "51007").Replace(string(fixture(t, "claude_success.jsonl")))
	dup, err := l.Learn("testdata/zoe.jsonl", []byte(other), false)
	if err != nil || len(dup.Drafts) != 0 || !slices.Equal(dup.Duplicates, []string{s.Key}) {
		t.Fatalf("the same procedure again: %+v, %v", dup, err)
	}

	// A near-duplicate (one more step) is filed, then merged into the
	// older draft, whose lineage holds both source hashes.
	near := strings.Replace(other, `{"type":"text","text":"Fixed: Total left out shipping.`,
		`{"type":"tool_use","id":"toolu_01G","name":"Bash","input":{"command":"git push origin main"}},{"type":"text","text":"Fixed: Total left out shipping.`, 1)
	merged, err := l.Learn("testdata/near.jsonl", []byte(near), false)
	if err != nil || len(merged.Drafts) != 1 || len(merged.Merged) != 1 || merged.Merged[0].Into != s.Key {
		t.Fatalf("a near-duplicate: %+v, %v", merged, err)
	}
	into, _ := st.Skill(s.Key)
	from, _ := st.Skill(merged.Drafts[0].Key)
	if !slices.Contains(into.Lineage.SourceHashes, res.SourceHash) || !slices.Contains(into.Lineage.SourceHashes, merged.SourceHash) || !slices.Contains(into.Lineage.MergedFrom, from.Key) || from.Status != skills.Archived || into.Status != skills.Draft {
		t.Errorf("after the merge: into %+v (%s), from %s", into.Lineage, into.Status, from.Status)
	}
	if n, _ := st.LearnedRuns(); n != 3 {
		t.Errorf("%d runs recorded, want 3", n)
	}
}

func TestTrajNegativeDraftAfterTheThirdFailure(t *testing.T) {
	dir := t.TempDir()
	var key string
	for i := 1; i <= 4; i++ {
		// A new process each time: the counts live in the store.
		st, err := store.Open(dir, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		name := "npm_failure_" + string(rune('0'+min(i, 3))) + ".jsonl"
		data := fixture(t, name)
		if i == 4 {
			data = []byte(strings.ReplaceAll(string(data), "gina", "hal"))
		}
		res, err := learner(st).Learn(name, data, false)
		if err != nil {
			st.Close()
			t.Fatal(err)
		}
		if res.Outcome != trajectory.Failure || res.Failure == nil || res.Failure.Count != i || len(res.Drafts) != 0 {
			t.Fatalf("failure %d: %+v", i, res)
		}
		switch {
		case i < 3 && len(res.NegativeDrafts) != 0:
			t.Fatalf("a negative draft after %d failures", i)
		case i == 3:
			if len(res.NegativeDrafts) != 1 || !res.NegativeDrafts[0].Negative {
				t.Fatalf("no negative draft after the third failure: %+v", res)
			}
			key = res.NegativeDrafts[0].Key
			s, err := st.Skill(key)
			if err != nil {
				t.Fatal(err)
			}
			if !s.Negative || s.Status != skills.Draft || !strings.Contains(s.Instructions, "npm err! code eresolve") {
				t.Errorf("negative draft %s: negative %v, %s\n%s", s.Key, s.Negative, s.Status, s.Instructions)
			}
		case i == 4 && len(res.NegativeDrafts) != 0:
			t.Fatal("a second negative draft for the same signature")
		}
		rec, ok, err := st.FailureSignature(res.Failure.Signature)
		if err != nil || !ok || len(rec.Runs) != i || (i >= 3 && rec.Negative != key) {
			t.Fatalf("stored count after %d: %+v, %v, %v", i, rec, ok, err)
		}
		st.Close()
	}
}

func TestTrajNoSecretSurvivesInTheStore(t *testing.T) {
	st := openStore(t, t.TempDir())
	l := learner(st)
	res, err := l.Learn("testdata/secrets.jsonl", fixture(t, "secrets.jsonl"), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Drafts) != 1 || res.Redacted["token"] < 4 || res.Redacted["email"] < 2 || res.Redacted[trajectory.KindHome] == 0 || res.Redacted[trajectory.KindUser] == 0 {
		t.Fatalf("result %+v", res)
	}
	for _, f := range []string{"claude_success.jsonl", "codex_success.jsonl", "generic_success.jsonl", "generic_failure.jsonl", "npm_failure_1.jsonl", "npm_failure_2.jsonl", "npm_failure_3.jsonl"} {
		if _, err := l.Learn("testdata/"+f, fixture(t, f), false); err != nil {
			t.Fatal(err)
		}
	}
	secrets := []string{
		"eyJhbGciOiJIUzI1NiJ9", "c2lnbmF0dXJlMTIzNDU2", "AbC123xyz987QwE", "sk-proj-Zx81Kq29LmN04PqRsT7uVw",
		"ghp_R4nd0mT0k3nV4lu3F0rT3st1ngXyZ987", "AKIAIOSFODNN7QJ4ZRTW", "dana.smith", "ops-team@acme-corp.net",
		"smith%40", "/home/", "/Users/", "t=1767225600",
	}
	users := regexp.MustCompile(`(?i)\b(alice|bob|dana|erin|frank|gina|tester)\b`)
	store := dump(t, st)
	if len(store) < 10 {
		t.Fatalf("only %d keys in the store", len(store))
	}
	for k, v := range store {
		for _, s := range secrets {
			if strings.Contains(k, s) || strings.Contains(v, s) {
				t.Errorf("%q survives under key %q", s, k)
			}
		}
		if m := users.FindString(k + "\n" + v); m != "" {
			t.Errorf("the user name %q survives under key %q:\n%s", m, k, v)
		}
	}
}

func TestTrajBadRunLeavesTheStoreUnchanged(t *testing.T) {
	st := openStore(t, t.TempDir())
	l := learner(st)
	if _, err := l.Learn("ok.jsonl", fixture(t, "generic_success.jsonl"), false); err != nil {
		t.Fatal(err)
	}
	before := dump(t, st)
	for name, data := range map[string]string{
		"broken.jsonl": "{\"role\":\"user\",\"content\":\"x\"}\n{\"role\":\n{\"outcome\":\"success\"}\n",
		"prices.jsonl": "{\"id\":1}\n",
	} {
		_, err := l.Learn(name, []byte(data), false)
		var ie *core.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v, want an input error naming it", name, err)
		}
	}
	if after := dump(t, st); len(after) != len(before) {
		t.Errorf("a bad run changed the store: %d keys, then %d", len(before), len(after))
	}
	// A dry run reads and writes nothing.
	res, err := l.Learn("codex.jsonl", fixture(t, "codex_success.jsonl"), true)
	if err != nil || !res.DryRun || len(res.Drafts) != 1 || len(res.Steps) != 3 {
		t.Fatalf("dry run: %+v, %v", res, err)
	}
	if after := dump(t, st); len(after) != len(before) {
		t.Errorf("a dry run changed the store")
	}
}

// The scanners read a run as the agent ran it, not as the draft keeps it:
// the keys the run's commands held are reported on the draft (scanning the
// redacted text found none), at the lines of the stored text where their
// markers are, and what the findings quote is generalised and redacted as
// the draft is (TestTrajNoSecretSurvivesInTheStore reads the whole store).
func TestTrajScansTheRunAsWritten(t *testing.T) {
	st := openStore(t, t.TempDir())
	res, err := learner(st).Learn("testdata/secrets.jsonl", fixture(t, "secrets.jsonl"), false)
	if err != nil || len(res.Drafts) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	s, err := st.Skill(res.Drafts[0].Key)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(library.ScannedText(s.Content), "\n")
	seen := map[string]bool{}
	for _, f := range s.Findings {
		if f.Category != core.Secret {
			continue
		}
		seen[f.Description] = true
		var line int
		if _, err := fmt.Sscanf(f.Location[strings.Index(f.Location, ":")+1:], "%d", &line); err != nil || line < 1 || line > len(lines) {
			t.Errorf("finding %q at %q: no line of the stored text", f.Description, f.Location)
			continue
		}
		if !strings.Contains(lines[line-1], "[REDACTED_") {
			t.Errorf("finding %q at %s: the stored line holds no marker: %q", f.Description, f.Location, lines[line-1])
		}
	}
	for _, want := range []string{"API secret key in the text", "GitHub or GitLab token in the text", "AWS access key id in the text"} {
		if !seen[want] {
			t.Errorf("no %q on the draft: %v", want, seen)
		}
	}
}
