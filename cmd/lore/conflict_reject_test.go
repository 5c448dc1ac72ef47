package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/internal/pgtest"
)

// Rejecting the primitive a pending conflict holds as its existing side
// retires the conflict with the rejection, on the embedded store and on
// PostgreSQL alike: lore conflicts no longer lists it, --all says what
// retired it, resolving it says there is nothing left to decide, and the
// candidate is not added behind the curator's back. Unlearning the
// rejection brings the primitive back and the conflict pending again.
func TestRejectingTheExistingSideRetiresItsConflict(t *testing.T) {
	backends := map[string]func(t *testing.T) []string{
		"badger": func(t *testing.T) []string { return storeEnv(newStoreDir(t)) },
		"postgres": func(t *testing.T) []string {
			return []string{"LORE_STORE_URL=" + pgtest.Start(t).URL, "LORE_DATA_DIR=" + filepath.Join(t.TempDir(), "data")}
		},
	}
	for name, envOf := range backends {
		t.Run(name, func(t *testing.T) {
			env := envOf(t)
			docs := t.TempDir()
			c := writeDoc(t, docs, "c.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
			d := writeDoc(t, docs, "d.md", "# Groups again\n\nDefinition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.\n")
			run := func(want int, args ...string) result {
				t.Helper()
				r := lore(t, env, args...)
				if r.code != want {
					t.Fatalf("lore %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.code, want, r.stdout, r.stderr)
				}
				return r
			}
			// The embedded store prints the stored conflict; PostgreSQL,
			// reached through lore's API, the API's view of it.
			type conflict struct {
				ID, State, RetiredBy, RetiredWhy string
				Existing                         struct{ ID string }
				ExistingID                       string `json:"existingId"`
			}
			conflicts := func(args ...string) []conflict {
				t.Helper()
				var out struct{ Conflicts []conflict }
				r := run(0, append([]string{"conflicts", "--json"}, args...)...)
				if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
					t.Fatalf("conflicts --json: %v\n%s", err, r.stdout)
				}
				for i := range out.Conflicts {
					if out.Conflicts[i].Existing.ID == "" {
						out.Conflicts[i].Existing.ID = out.Conflicts[i].ExistingID
					}
				}
				return out.Conflicts
			}
			run(0, "learn", c)
			run(0, "learn", d)
			cs := conflicts()
			if len(cs) != 1 || cs[0].Existing.ID == "" {
				t.Fatalf("setup: pending conflicts %+v, want one", cs)
			}
			id, existing := cs[0].ID, cs[0].Existing.ID

			var rej struct {
				Session string `json:"sessionId"`
				Removed []string
				Retired []string
			}
			if err := json.Unmarshal([]byte(run(0, "reject", existing, "--json").stdout), &rej); err != nil {
				t.Fatal(err)
			}
			if len(rej.Retired) != 1 || rej.Retired[0] != id || len(rej.Removed) != 1 {
				t.Errorf("reject --json: removed %v retired %v, want [%s] and [%s]", rej.Removed, rej.Retired, existing, id)
			}
			if cs := conflicts(); len(cs) != 0 {
				t.Errorf("the conflict over the rejected primitive is still listed: %+v", cs)
			}
			if all := conflicts("--all"); name == "badger" && (len(all) != 1 || all[0].State != "retired" || all[0].RetiredBy != rej.Session ||
				!strings.Contains(all[0].RetiredWhy, "removed by the curation reject "+existing)) {
				t.Errorf("conflicts --all: %+v, want %s retired by %s naming the rejection", all, id, rej.Session)
			}
			for _, choice := range []string{"keep-existing", "keep-candidate", "keep-both"} {
				if r := run(2, "conflicts", "resolve", id, choice); !strings.Contains(r.stderr, "retired by "+rej.Session) {
					t.Errorf("resolve %s of the retired conflict: %s", choice, r.stderr)
				}
			}

			run(0, "unlearn", rej.Session)
			if cs := conflicts(); len(cs) != 1 || cs[0].ID != id || cs[0].State != "pending" {
				t.Errorf("after unlearning the rejection: pending %+v, want %s again", cs, id)
			}
			run(0, "show", existing)
		})
	}
}
