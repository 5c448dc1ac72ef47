package merge

import (
	"regexp"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// aBeforeVowel finds "a" before a word starting with a vowel: "not a
// overlapping-distinct".
var aBeforeVowel = regexp.MustCompile(`(?i)\ba [aeiou]`)

// The rationales of adds read as English: a candidate whose wording
// overlaps a stored one of another subject is "not an
// overlapping-distinct" (nor "a generalization", "a specialization"), and
// a new one is "a genuinely new primitive". The session's report and lore
// show print them as they are.
func TestAddRationalesUseTheRightArticle(t *testing.T) {
	cache := core.Primitive{ID: "cache-must-obey-requirements", Name: "Cache Must Obey Requirements", Type: core.Axiom,
		Domain: "networking", FormalStatement: "A cache MUST obey the requirements of the Cache-Control directives."}
	frame := core.Primitive{ID: "frame-must-be-handled", Name: "Frame Must Be Handled", Type: core.Axiom,
		Domain: "networking", FormalStatement: "A frame MUST be handled by the endpoint that receives it."}
	want := map[core.Class]string{
		core.OverlappingDistinct: "not an overlapping-distinct.",
		core.Generalization:      "not a generalization.",
		core.Specialization:      "not a specialization.",
	}
	for class, phrase := range want {
		cand := cache
		r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, &core.Comparison{ExistingID: frame.ID, Class: class, Confidence: 0.4}, &frame)
		if r.Action != core.ActionAdd {
			t.Fatalf("%s: %s (%s), want an add: the names share no subject", class, r.Action, r.Provenance.Rationale)
		}
		if got := r.Provenance.Rationale; !strings.Contains(got, phrase) || aBeforeVowel.MatchString(got) {
			t.Errorf("%s: rationale %q, want it to say %q", class, got, phrase)
		}
	}
	for _, cmp := range []*core.Comparison{nil, {ExistingID: frame.ID, Class: core.GenuinelyNew, Confidence: 0.05}} {
		cand := cache
		existing := &frame
		if cmp == nil {
			existing = nil
		}
		r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, cmp, existing)
		if got := r.Provenance.Rationale; !strings.Contains(got, "a genuinely new primitive") || aBeforeVowel.MatchString(got) {
			t.Errorf("rationale %q, want it to say \"a genuinely new primitive\"", got)
		}
	}
}
