package library

import (
	"slices"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/skills"
)

// MergeNearest merges a new draft into its nearest near-duplicate, the
// older absorbing the newer, and never a proposed draft into a reviewed
// skill; the index answers as Similarity does.
func TestMergeNearest(t *testing.T) {
	body := func(c *skills.Content) {
		c.Instructions = "Open the login page, fill the user name and password fields, submit the form and wait for the dashboard."
	}
	active := skill(t, "public.login-a", "Log in to the admin dashboard with a password.", skills.Learned, skills.Active, body)
	older := skill(t, "proposed.login-b", "Log in to the admin dashboard with a password.", skills.Proposed, skills.Draft, body)
	older.Created = t0.Add(time.Minute)
	other := skill(t, "proposed.csv", "Clean CSV files: trim whitespace, drop duplicate rows.", skills.Proposed, skills.Draft)
	f := newFake(t, active, older, other)
	lib := New(f, Options{Now: clock(t0.Add(2 * time.Hour))})
	idx := lib.NewNearIndex()

	// A new draft of the same procedure.
	newer := skill(t, "proposed.login-c", "Log in to the admin dashboard with a password.", skills.Proposed, skills.Draft, body)
	newer.Created = t0.Add(time.Hour)
	if err := f.PutSkills([]*skills.Skill{newer}); err != nil {
		t.Fatal(err)
	}
	p, err := idx.MergeNearest("proposed.login-c")
	if err != nil || p == nil || p.Into != "proposed.login-b" || p.From != "proposed.login-c" {
		t.Fatalf("MergeNearest = %+v, %v; want login-c into the older draft login-b, not the active login-a", p, err)
	}
	if want := skills.Similarity(&older.Content, &newer.Content); p.Score < want-1e-9 || p.Score > want+1e-9 {
		t.Errorf("score %f, Similarity %f", p.Score, want)
	}
	into, from := f.get(t, "proposed.login-b"), f.get(t, "proposed.login-c")
	if !slices.Contains(into.Lineage.MergedFrom, from.Key) || from.Status != skills.Archived || f.get(t, "public.login-a").Status != skills.Active {
		t.Fatalf("after the merge: %+v, %s", into.Lineage, from.Status)
	}
	// Nothing near: nil.
	if p, err := idx.MergeNearest("proposed.csv"); err != nil || p != nil {
		t.Fatalf("a draft with no near-duplicate: %+v, %v", p, err)
	}
	if _, err := idx.MergeNearest("proposed.nope"); err == nil {
		t.Error("an unknown key merged")
	}
}
