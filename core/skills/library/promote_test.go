package library

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/internal/corpus"
)

// importInto reads root with bundle.Import and files the plan in f's
// library, failing the test on an error.
func importInto(t *testing.T, f *fakeStore, root string, trust bool, at time.Time) {
	t.Helper()
	plan, err := bundle.Import(root, bundle.ImportOptions{Trust: trust, Now: at})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(f, Options{Now: clock(at)}).Import(plan, false); err != nil {
		t.Fatal(err)
	}
}

// writeSkillMD writes root/<dir>/SKILL.md.
func writeSkillMD(t *testing.T, root, dir, md string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, dir, skills.SkillFile), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
}

// encoded is the record as the store holds it, to compare before and
// after a refused change.
func encoded(t *testing.T, s *skills.Skill) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// refusesInvalid asserts that promoting key fails with an *InvalidError
// naming the skill and want among the strict profile's errors, and that
// the store is unchanged.
func refusesInvalid(t *testing.T, f *fakeStore, key, want string, ack bool) {
	t.Helper()
	before, writes := encoded(t, f.get(t, key)), f.writes
	_, err := New(f, Options{Now: clock(t0.Add(time.Hour))}).Review(key, skills.Active, "promoted by review", ack)
	var inv *InvalidError
	if !errors.As(err, &inv) {
		t.Fatalf("promote %s: %v (%T), want an *InvalidError", key, err, err)
	}
	if inv.Key != key || !strings.Contains(err.Error(), key) || !strings.Contains(strings.Join(inv.Errors, "\n"), want) ||
		!strings.Contains(err.Error(), want) {
		t.Errorf("promote %s: the error does not name the skill and %q: %v (errors %q)", key, want, err, inv.Errors)
	}
	if after := encoded(t, f.get(t, key)); after != before || f.writes != writes {
		t.Errorf("promote %s: the store changed (%d writes)\nbefore %s\nafter  %s", key, f.writes-writes, before, after)
	}
}

// A skill lore skills validate refuses is never made active by a review,
// acknowledged or not, and the store is left as it was: the corpus's skill
// bundle (its frontmatter uses YAML flow style) and a constructed skill
// with a field the standard does not allow. Fixed and imported again, the
// draft is promoted.
func TestReviewNeverActivatesAnInvalidSkill(t *testing.T) {
	t.Run("constructed", func(t *testing.T) {
		root := t.TempDir()
		writeSkillMD(t, root, "tidy", "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\nauthor: ana\n---\n\n# Tidy\n\nAdd headings.\n")
		if v, err := bundle.Validate(root, skillspec.Strict); err != nil || len(v.Skills) != 1 || v.Skills[0].Result.Valid {
			t.Fatalf("the constructed skill should fail lore skills validate: %+v %v", v, err)
		}
		f := newFake(t)
		importInto(t, f, root, true, t0)
		if st := f.get(t, "public.tidy").Status; st != skills.Draft {
			t.Fatalf("imported: %s, want draft", st)
		}
		refusesInvalid(t, f, "public.tidy", "Unexpected fields in frontmatter: author", false)
		refusesInvalid(t, f, "public.tidy", "Unexpected fields in frontmatter: author", true)

		// Fixed in its folder and imported again: still a draft (an
		// import keeps a held skill's status), and now promoted.
		writeSkillMD(t, root, "tidy", "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\nmetadata:\n  author: ana\n---\n\n# Tidy\n\nAdd headings.\n")
		importInto(t, f, root, true, t0.Add(time.Minute))
		s, err := New(f, Options{Now: clock(t0.Add(2 * time.Hour))}).Review("public.tidy", skills.Active, "promoted by review", false)
		if err != nil || s.Status != skills.Active || s.Version != 2 {
			t.Fatalf("the fixed draft: %v, %+v", err, s)
		}

		// Rolling the active skill back to the invalid version would
		// offer it to agents at once: refused, nothing changes.
		before, writes := encoded(t, f.get(t, "public.tidy")), f.writes
		_, err = New(f, Options{Now: clock(t0.Add(3 * time.Hour))}).Rollback("public.tidy", 1)
		var inv *InvalidError
		if !errors.As(err, &inv) || inv.Key != "public.tidy" {
			t.Fatalf("rollback of the active skill to its invalid version: %v", err)
		}
		if encoded(t, f.get(t, "public.tidy")) != before || f.writes != writes {
			t.Error("the refused rollback changed the store")
		}
	})
	t.Run("corpus", func(t *testing.T) {
		zip := corpus.Path(t, "zip_skillinject_email-api-skill.zip")
		f := newFake(t)
		importInto(t, f, zip, true, t0)
		refusesInvalid(t, f, "public.email-api", "flow style", true)
	})
}

// A plan that asks for an invalid skill to be active (from a client other
// than bundle.Import) is filed as a draft, with a warning naming it.
func TestImportFilesAnInvalidActiveSkillAsDraft(t *testing.T) {
	md := "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\nauthor: ana\n---\n\nAdd headings.\n"
	s, err := skills.New("public.tidy", skills.Content{Name: "tidy", Description: "Tidy notes. Use when notes need headings.",
		Instructions: "Add headings.\n", Original: &skills.Original{SkillMD: []byte(md), Mode: 0o644}},
		skills.Imported, skills.Active, skills.Provenance{Document: "tidy/SKILL.md"}, t0)
	if err != nil {
		t.Fatal(err)
	}
	f := newFake(t)
	warnings, err := New(f, Options{}).Import(bundle.Plan{Skills: []*skills.Skill{s}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.get(t, "public.tidy"); got.Status != skills.Draft || !strings.Contains(got.Note, "Unexpected fields") {
		t.Errorf("filed as %s (%q)", got.Status, got.Note)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "public.tidy") || !strings.Contains(warnings[0], "never made active") {
		t.Errorf("warnings: %q", warnings)
	}
	if s.Status != skills.Active {
		t.Error("Import changed the caller's plan")
	}
}
