package library

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
)

var filed = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)

// A user's own skill (seed 003's visibility user) is unknown to the other
// users, by key and by bare name, in listings, searches and activation;
// a reviewer reads it but is not offered it; promoted, it is everyone's.
func TestOwnSkillIsSeenByItsOwnerUntilPromoted(t *testing.T) {
	f := newFake(t)
	as := func(user string, reviewer bool) *Library {
		return New(f, Options{Audience: &Audience{User: user, Reviewer: reviewer}})
	}
	got, err := as("ann", false).Propose(Proposal{Name: "rotate-logs", Description: "Rotate the logs.", Instructions: "1. logrotate -f",
		Owner: "ann", User: "ann", Agent: "claude", Session: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	key := got.Skill.Key
	if s := got.Skill; s.Visibility != skills.User || s.Owner != "ann" || s.Provenance.Agent != "claude" || s.Provenance.AgentSession != "s1" {
		t.Fatalf("the proposal: %+v", s)
	}
	// Reviewed by a reviewer, who reads it, and active: still ann's.
	if _, err := as("rex", true).Review(key, skills.Active, "promoted by review", false); err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{key, "rotate-logs"} {
		if _, err := as("bob", false).Get(ref); !errors.Is(err, ErrUnknown) {
			t.Errorf("bob's Get(%s): %v, want unknown", ref, err)
		}
	}
	if l, err := as("bob", false).List(Filter{}); err != nil || l.Total != 0 {
		t.Errorf("bob's list: %v, %+v", err, l)
	}
	for user, want := range map[string]int{"ann": 1, "bob": 0, "rex": 0} {
		res, err := as(user, user == "rex").Search("rotate logs", "", 0)
		if err != nil || len(res.Hits) != want {
			t.Errorf("%s's search: %v, %d hits, want %d", user, err, len(res.Hits), want)
		}
	}
	if _, err := as("bob", false).ActivateOffered(key, "agent"); !errors.Is(err, ErrUnknown) {
		t.Errorf("bob's activation: %v", err)
	}
	if _, err := as("bob", false).Feedback(key, "bob", false, nil); !errors.Is(err, ErrUnknown) {
		t.Errorf("bob's vote on ann's skill: %v", err)
	}

	s, err := as("rex", true).Promote(key, "rex")
	if err != nil || s.Visibility != skills.Workspace || s.Status != skills.Active {
		t.Fatalf("promote: %v, %+v", err, s)
	}
	if _, err := as("rex", true).Promote(key, "rex"); !isUsage(err) {
		t.Errorf("promoting it again: %v, want a usage error", err)
	}
	if res, err := as("bob", false).Search("rotate logs", "", 0); err != nil || len(res.Hits) != 1 {
		t.Errorf("bob's search once promoted: %v, %+v", err, res)
	}
	// The store's owner (no audience) has always seen everything.
	if l, err := New(f, Options{}).List(Filter{}); err != nil || l.Total != 1 {
		t.Errorf("the owner's list: %v, %+v", err, l)
	}
}

// A user's import is their own; a key another user keeps to themselves
// is neither shown nor changed by it.
func TestImportIsTheImportersOwn(t *testing.T) {
	mine, err := skills.New("public.pdf-tables", skills.Content{Name: "pdf-tables", Description: "Mine.", Instructions: "a"},
		skills.Proposed, skills.Draft, skills.Provenance{}, filed)
	if err != nil {
		t.Fatal(err)
	}
	mine.Visibility, mine.Owner = skills.User, "ann"
	f := newFake(t, mine)
	in := func(name, desc string) *skills.Skill {
		s, err := skills.New("public."+name, skills.Content{Name: name, Description: desc, Instructions: "b"}, skills.Imported, skills.Draft, skills.Provenance{}, filed)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	lib := New(f, Options{Audience: &Audience{User: "bob"}})
	warnings, err := lib.Import(bundle.Plan{Skills: []*skills.Skill{in("pdf-tables", "Bob's."), in("csv-clean", "Clean CSV.")}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(warnings, func(w string) bool { return w == "public.pdf-tables: the name is taken; not imported" }) {
		t.Errorf("warnings %v", warnings)
	}
	held, _ := f.Skill("public.pdf-tables")
	if held.Description != "Mine." || held.Owner != "ann" {
		t.Errorf("ann's skill was changed: %+v", held)
	}
	csv, err := f.Skill("public.csv-clean")
	if err != nil || csv.Visibility != skills.User || csv.Owner != "bob" || csv.Provenance.User != "bob" {
		t.Errorf("bob's import: %v, %+v", err, csv)
	}
}
