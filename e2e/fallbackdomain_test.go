package e2e_test

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// A document whose words activate no domain (notes from a kitchen) is
// learned into a domain lore domains lists: the one whose region holds the
// plane's centre, where such a document is placed (synthesis). Its results
// were filed under "learn", a domain that exists nowhere.
func TestResultsOfADocumentNoDomainActivatesAreInAListedDomain(t *testing.T) {
	src := write(t, t.TempDir(), "notes.md", `# Kitchen notes

**Definition 1 (Roux).** A roux is flour cooked in butter, used to thicken a sauce.

**Theorem 2 (Thickening).** Every sauce with a roux thickens as it simmers.
`)
	listed := map[string]bool{}
	for _, d := range builtinDomains(t) {
		listed[d.ID] = true
	}
	s := openStore(t, t.TempDir())
	defer s.Close()
	res := learn(t, s, src)
	if !listed[res.Analysis.Domain] {
		t.Errorf("the run's domain %q is not one lore domains lists", res.Analysis.Domain)
	}
	n := 0
	if err := s.Primitives(func(p core.Primitive) error {
		n++
		if !listed[p.Domain] {
			t.Errorf("%s (%s) is filed under %q, which lore domains does not list", p.ID, p.Name, p.Domain)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("setup: nothing was learned")
	}
}
