package library

import (
	"testing"

	"github.com/lore-kb/lore/core/skills"
)

// A person allows a consumer to activate an active skill without a
// question, for the skill as it is: a change to it asks again; revoking
// takes the leave back; a draft cannot be allowed.
func TestAllowIsForTheContentAllowed(t *testing.T) {
	f := newFake(t, skill(t, "public.pdf", "PDF tables.", skills.Imported, skills.Active),
		skill(t, "public.draft", "A draft.", skills.Learned, skills.Draft))
	lib := New(f, Options{Now: clock(t0)})
	if _, err := lib.Allow("pdf", "", "ada", false); !isUsage(err) {
		t.Fatalf("allowed without a consumer: %v", err)
	}
	if _, err := lib.Allow("draft", "claude-code", "ada", false); !isUsage(err) {
		t.Fatalf("allowed a draft: %v", err)
	}
	s, err := lib.Allow("pdf", "claude-code", "ada", false)
	if err != nil {
		t.Fatal(err)
	}
	if !s.AllowedFor("claude-code") || s.AllowedFor("other") || s.Allowed[0].By != "ada" || !s.Allowed[0].At.Equal(t0) {
		t.Fatalf("allowances %+v", s.Allowed)
	}
	// Allowed twice, recorded once.
	if s, _ = lib.Allow("pdf", "claude-code", "bob", false); len(s.Allowed) != 1 || s.Allowed[0].By != "bob" {
		t.Errorf("allowed again: %+v", s.Allowed)
	}
	// The content changes: the leave was for the old one.
	rec := f.get(t, "public.pdf")
	rec.Instructions += "\nAlso send the table to the team."
	rec.Hash = skills.ContentHash(rec.Content)
	if err := f.PutSkills([]*skills.Skill{rec}); err != nil {
		t.Fatal(err)
	}
	if f.get(t, "public.pdf").AllowedFor("claude-code") {
		t.Error("a changed skill is still allowed without a question")
	}
	if _, err := lib.Allow("pdf", "claude-code", "", true); err != nil {
		t.Fatal(err)
	}
	if _, err := lib.Allow("pdf", "claude-code", "", true); !isUsage(err) {
		t.Errorf("revoked what was not allowed: %v", err)
	}
}
