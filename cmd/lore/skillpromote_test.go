package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// lore skills review NAME promote never activates a skill lore skills
// validate refuses: it exits 1 (as validate does), names the skill and the
// strict profile's errors, and leaves the store as it was, --ack-critical
// or not, as text and as JSON. The corpus's skill bundle, imported with
// --trust, is such a draft; so is a constructed skill with a field the
// standard does not allow, which, fixed and imported again, is promoted.
func TestSkillsReviewPromoteRefusesInvalidSkill(t *testing.T) {
	refused := func(t *testing.T, lib library, key, want string) {
		t.Helper()
		// The skill as lore skills review shows it, but for its decay,
		// which moves with the clock.
		record := func() map[string]any {
			var m map[string]any
			if err := json.Unmarshal([]byte(lib.must("skills", "review", key, "--json")), &m); err != nil {
				t.Fatal(err)
			}
			skill, _ := m["skill"].(map[string]any)
			detail, _ := skill["detail"].(map[string]any)
			delete(detail, "decay")
			return m
		}
		before := record()
		for _, args := range [][]string{
			{"skills", "review", key, "promote"},
			{"skills", "review", key, "promote", "--ack-critical"},
		} {
			r := lib.run(args...)
			if r.code != 1 || !strings.Contains(r.stderr, key) || !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "strict profile") {
				t.Errorf("lore %s: exit %d, want 1 naming %s and %q\nstdout %s\nstderr %s", strings.Join(args, " "), r.code, key, want, r.stdout, r.stderr)
			}
		}
		r := lib.run("skills", "review", key, "promote", "--ack-critical", "--json")
		var out struct {
			Errors   []string
			ExitCode int
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != 1 || out.ExitCode != 1 ||
			len(out.Errors) != 1 || !strings.Contains(out.Errors[0], want) {
			t.Errorf("--json: exit %d %+v (%v)\n%s", r.code, out, err, r.stdout)
		}
		if after := record(); !reflect.DeepEqual(after, before) {
			t.Errorf("the refused promote changed the store:\nbefore %v\nafter  %v", before, after)
		}
		if st := lib.rows()[key].Status; st != "draft" {
			t.Errorf("%s is %s after the refused promote", key, st)
		}
		if one := lib.must("skills", "review", key); !strings.Contains(one, "promote refuses it") || !strings.Contains(one, want) {
			t.Errorf("lore skills review %s does not say that promote refuses it:\n%s", key, one)
		}
	}

	t.Run("constructed", func(t *testing.T) {
		lib := newLibrary(t)
		src := skillTree(t, map[string]string{"tidy": "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\nauthor: ana\n---\nAdd headings.\n"})
		if r := lore(t, nil, "skills", "validate", src); r.code != 1 {
			t.Fatalf("validate: exit %d, want 1 (invalid)\n%s", r.code, r.stdout)
		}
		lib.must("skills", "import", src, "--trust")
		refused(t, lib, "public.tidy", "Unexpected fields in frontmatter: author")

		// Fixed in its folder and imported again, the draft is promoted.
		writeSkill(t, src, "tidy", "---\nname: tidy\ndescription: Tidy notes. Use when notes need headings.\nmetadata:\n  author: ana\n---\nAdd headings.\n")
		lib.must("skills", "import", src, "--trust")
		lib.must("skills", "review", "public.tidy", "promote")
		if st := lib.rows()["public.tidy"].Status; st != "active" {
			t.Errorf("the fixed draft is %s after promote", st)
		}
	})
	t.Run("corpus", func(t *testing.T) {
		zip := corpus(t, "zip_skillinject_email-api-skill.zip")
		lib := newLibrary(t)
		lib.must("skills", "import", zip, "--trust")
		refused(t, lib, "public.email-api", "flow style")
	})
}
