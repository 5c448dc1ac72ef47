package skills

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/skills/search"
)

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func content(name, desc, body string) Content {
	return Content{Name: name, Description: desc, Instructions: body}
}

func mustNew(t *testing.T, key string, c Content, src Source, st Status, at time.Time) *Skill {
	t.Helper()
	s, err := New(key, c, src, st, Provenance{}, at)
	if err != nil {
		t.Fatalf("New(%s): %v", key, err)
	}
	return s
}

func TestCheck(t *testing.T) {
	ok := content("pdf-tables", "Extract tables from PDF files.", "body")
	for _, tc := range []struct {
		key  string
		c    Content
		want string // substring of the error; "" = valid
	}{
		{"public.pdf-tables", ok, ""},
		{"team_a.pdf-tables", ok, ""},
		{"pdf-tables", ok, "not \"namespace.id\""},
		{"public.other", ok, "differs from the id"},
		{"public.PDF", content("PDF", "d", ""), "must be lowercase"},
		{"public.a--b", content("a--b", "d", ""), "consecutive hyphens"},
		{"public.x", content("x", "  ", ""), "description is empty"},
		{"public.x", content("x", strings.Repeat("é", 1025), ""), "1025 characters"},
		{"public.x", content("x", "use <b>", ""), "'<' or '>'"},
		{"public.x", Content{Name: "x", Description: "d", Extends: "SK3"}, "extends"},
		{"public.x", Content{Name: "x", Description: "d", Imports: []string{"a.b.c d"}}, "import"},
		// Unicode names are accepted as skills-ref does (agentskills#560).
		{"public.données", content("données", "d", ""), ""},
	} {
		err := Check(tc.key, tc.c)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("Check(%s) = %v, want valid", tc.key, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrInvalid)):
			t.Errorf("Check(%s) = %v, want ErrInvalid containing %q", tc.key, err, tc.want)
		}
	}
}

func TestNewRedactsAndNormalizes(t *testing.T) {
	c := content("deploy", "Deploy with token ghp_Xq7fM2pLz9RtB4wK8nY3cV6hJ1sD0a456789 to prod.",
		"Call +1 415 555 0100 or mail ops@corp-mail.net")
	c.ExampleQueries = []string{"key sk-ABCDEFGHIJKLMNOPQRSTUVWX1234"}
	c.Files = []File{{Path: "references/a.md", Content: []byte("Bearer abcdefghijklmnopqrstuvwxyz123456")}, {Path: "assets/x.bin", Content: []byte{0, 1, 2}}}
	s := mustNew(t, "public.deploy", c, Learned, Draft, t0)
	// Resources come back sorted by path: assets/ before references/.
	all := s.Description + s.Instructions + strings.Join(s.ExampleQueries, "") + string(s.Files[1].Content)
	for _, secret := range []string{"ghp_abc", "415 555", "ops@corp-mail.net", "sk-ABCD", "abcdefghijklmnop"} {
		if strings.Contains(all, secret) {
			t.Errorf("stored text keeps %q: %s", secret, all)
		}
	}
	if s.Files[0].Path != "assets/x.bin" || string(s.Files[0].Content) != "\x00\x01\x02" {
		t.Errorf("binary resource changed or not sorted first: %s %q", s.Files[0].Path, s.Files[0].Content)
	}
	if s.TaskType != search.Unknown || s.Version != 1 || s.Hash != ContentHash(s.Content) || s.Status != Draft {
		t.Errorf("new record: task %q version %d status %s hash ok %v", s.TaskType, s.Version, s.Status, s.Hash == ContentHash(s.Content))
	}
}

func TestContentHashStable(t *testing.T) {
	a := content("x", "d", "b")
	a.Metadata = map[string]string{"a": "1", "b": "2", "c": "3"}
	b := a
	b.Metadata = map[string]string{"c": "3", "b": "2", "a": "1"}
	if ContentHash(a) != ContentHash(b) {
		t.Fatal("hash depends on map order")
	}
	// Field boundaries are part of the hash: moving text between fields
	// changes it.
	if ContentHash(content("x", "ab", "c")) == ContentHash(content("x", "a", "bc")) {
		t.Fatal("hash ignores field boundaries")
	}
}

func TestUpdateVersionsAndRollback(t *testing.T) {
	s := mustNew(t, "public.x", content("x", "first", "one"), Learned, Draft, t0)
	if changed, err := s.Update(content("x", "first", "one"), "same", t0.Add(time.Hour)); err != nil || changed {
		t.Fatalf("identical update: changed %v err %v", changed, err)
	}
	if changed, err := s.Update(content("x", "second", "two"), "regenerated", t0.Add(2*time.Hour)); err != nil || !changed {
		t.Fatalf("update: changed %v err %v", changed, err)
	}
	if _, err := s.Update(content("y", "bad", ""), "rename", t0); !errors.Is(err, ErrInvalid) {
		t.Fatalf("renaming update: %v", err)
	}
	if s.Version != 2 || len(s.History) != 1 || s.History[0].Number != 1 || s.History[0].Content.Description != "first" {
		t.Fatalf("after update: version %d history %+v", s.Version, s.History)
	}
	if err := s.Rollback(1, t0.Add(3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if s.Description != "first" || s.Version != 3 || len(s.History) != 2 || s.History[1].Reason != "rollback to version 1" {
		t.Fatalf("after rollback: %q version %d history %d", s.Description, s.Version, len(s.History))
	}
	// The rollback itself can be undone.
	if err := s.Rollback(2, t0.Add(4*time.Hour)); err != nil || s.Description != "second" {
		t.Fatalf("rollback of rollback: %v %q", err, s.Description)
	}
	err := s.Rollback(9, t0)
	if !errors.Is(err, ErrNoVersion) || !strings.Contains(err.Error(), "1, 2, 3 and the current 4") {
		t.Fatalf("unknown version: %v", err)
	}
	if len(s.Lineage.SourceHashes) != 2 {
		t.Fatalf("source hashes %v, want the two distinct contents", s.Lineage.SourceHashes)
	}
}

func TestHistoryBounded(t *testing.T) {
	s := mustNew(t, "public.x", content("x", "v0", ""), Learned, Draft, t0)
	for i := 1; i <= MaxHistory+10; i++ {
		if _, err := s.Update(content("x", "v"+strings.Repeat("i", i), ""), "r", t0); err != nil {
			t.Fatal(err)
		}
	}
	if len(s.History) != MaxHistory || s.History[0].Number != 11 {
		t.Fatalf("history %d, oldest %d", len(s.History), s.History[0].Number)
	}
}

func TestStatusUsageFeedback(t *testing.T) {
	s := mustNew(t, "public.x", content("x", "d", ""), Learned, Draft, t0)
	if err := s.SetStatus(Draft, "", t0); !errors.Is(err, ErrTransition) {
		t.Fatalf("same status: %v", err)
	}
	if err := s.SetStatus("deleted", "", t0); !errors.Is(err, ErrTransition) {
		t.Fatalf("unknown status: %v", err)
	}
	for _, st := range []Status{Active, Archived, Active} {
		if err := s.SetStatus(st, "review", t0); err != nil || s.Status != st {
			t.Fatalf("to %s: %v", st, err)
		}
	}
	if !s.Offered() {
		t.Fatal("active skill not offered")
	}
	s.RecordUse(true, t0.Add(time.Hour))
	s.RecordUse(false, t0.Add(2*time.Hour))
	s.RecordVote("ann", true, t0)
	s.RecordVote("bob", false, t0)
	s.RecordVote("cy", true, t0)
	if s.Uses != 2 || s.Successes != 1 || s.Failures != 1 || !s.LastUsed.Equal(t0.Add(2*time.Hour)) || s.Helpful != 2 || s.Harmful != 1 {
		t.Fatalf("counters %+v", s)
	}
	v := s.View("/x/SKILL.md")
	if v.Uses != 2 || v.Success != 1 || v.Helpful != 2 || v.Location != "/x/SKILL.md" || v.Key != "public.x" {
		t.Fatalf("view %+v", v)
	}
}

// A generated skill's SKILL.md says the library's version of it: the
// generator writes "version: 1" each time, the library counts changes, and
// an agent reading the file and a person reading lore skills show see one
// number. Content that did not change is no new version, whatever the
// generator's number; an imported skill keeps its author's.
func TestGeneratedVersionIsTheLibrarys(t *testing.T) {
	gen := func(body string) Content {
		c := content("x", "d", body)
		c.Metadata = map[string]string{"generator": "lore", "version": "1"}
		return c
	}
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	s, err := New("public.x", gen("one"), Learned, Draft, Provenance{}, now)
	if err != nil {
		t.Fatal(err)
	}
	for i, body := range []string{"two", "two", "three"} {
		if _, err := s.Update(gen(body), "regenerated", now); err != nil {
			t.Fatal(err)
		}
		want := []int{2, 2, 3}[i]
		if s.Version != want || s.Metadata["version"] != strconv.Itoa(want) {
			t.Errorf("after %q: version %d, metadata %q; want %d", body, s.Version, s.Metadata["version"], want)
		}
	}
	if err := s.Rollback(1, now); err != nil {
		t.Fatal(err)
	}
	if s.Version != 4 || s.Metadata["version"] != "4" || s.Instructions != "one" {
		t.Errorf("rollback: version %d, metadata %q, body %q", s.Version, s.Metadata["version"], s.Instructions)
	}
	mine := func(body string) Content {
		c := content("y", "d", body)
		c.Metadata = map[string]string{"version": "7"}
		return c
	}
	imp, err := New("public.y", mine("mine"), Imported, Draft, Provenance{}, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := imp.Update(mine("mine, changed"), "edit", now); err != nil {
		t.Fatal(err)
	}
	if imp.Metadata["version"] != "7" {
		t.Errorf("imported skill's version rewritten: %q", imp.Metadata["version"])
	}
}
