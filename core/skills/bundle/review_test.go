package bundle

import (
	"slices"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/internal/corpus"
)

// An import activates nothing nobody vouched for, and never a skill the
// strict profile refuses: without Trust every skill is a draft; with
// Trust a valid skill is active and the corpus's bundle, which lore skills
// validate calls invalid, is still a draft; Approve (a person's approval
// at the gate) activates the valid drafts only.
func TestImportActivatesOnlyVouchedValidSkills(t *testing.T) {
	zip := corpus.Path(t, "zip_skillinject_email-api-skill.zip")
	root := t.TempDir()
	write(t, root, map[string]string{
		"tidy/SKILL.md": "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\n---\n\n# Tidy\n\nAdd headings.\n",
	})
	status := func(p Plan) map[string]skills.Status {
		out := map[string]skills.Status{}
		for _, s := range p.Skills {
			out[s.Key] = s.Status
		}
		return out
	}
	now := time.Now().UTC()
	for _, c := range []struct {
		name  string
		path  string
		trust bool
		key   string
		want  skills.Status
	}{
		{"valid, not vouched for", root, false, "public.tidy", skills.Draft},
		{"valid, trusted", root, true, "public.tidy", skills.Active},
		{"invalid, not vouched for", zip, false, "public.email-api", skills.Draft},
		{"invalid, trusted", zip, true, "public.email-api", skills.Draft},
	} {
		plan, err := Import(c.path, ImportOptions{Trust: c.trust, Now: now})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := status(plan)[c.key]; got != c.want {
			t.Errorf("%s: %s is %q, want %s", c.name, c.key, got, c.want)
		}
		if want := c.want == skills.Draft; slices.Contains(plan.Drafts(), c.key) != want {
			t.Errorf("%s: drafts %v", c.name, plan.Drafts())
		}
	}

	zipPlan, err := Import(zip, ImportOptions{Gated: true, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if errs := zipPlan.Invalid["public.email-api"]; len(errs) == 0 {
		t.Fatalf("the strict profile's errors are not in the plan: %v", zipPlan.Invalid)
	}
	zipPlan.Approve("approved at the gate")
	if st := status(zipPlan)["public.email-api"]; st != skills.Draft {
		t.Errorf("an invalid skill approved at the gate is %s", st)
	}
	tidy, err := Import(root, ImportOptions{Gated: true, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	tidy.Approve("approved at the gate")
	if st := status(tidy)["public.tidy"]; st != skills.Active || tidy.Skills[0].Note != "approved at the gate" {
		t.Errorf("a valid skill approved at the gate is %s (%q)", st, tidy.Skills[0].Note)
	}
}
