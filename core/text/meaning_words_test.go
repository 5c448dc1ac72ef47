package text

import (
	"strings"
	"testing"
)

// A word with the prefix "non" is an adjective: it negates only the word
// it replaces ("empty" by "nonempty"), and the change is then told with
// both words. Added before a noun ("every nonempty set") it is a
// condition of the statement, not a negation — still a change: the case
// it leaves out is where one of the two statements fails.
func TestNonWordNegatesOnlyItsRoot(t *testing.T) {
	for _, c := range []struct {
		stored, cand string
		want         []string
	}{
		{"Every set of natural numbers has a least element.", "Every nonempty set of natural numbers has a least element.",
			[]string{`condition: candidate adds "nonempty"`}},
		{"A non-empty subset of the reals that is bounded above has a supremum.", "A subset of the reals that is bounded above has a supremum.",
			[]string{`condition: candidate drops "non-empty"`}},
		{"The intersection of the two sets is empty.", "The intersection of the two sets is nonempty.",
			[]string{`negation differs: stored "empty", candidate "nonempty"`}},
		{"The determinant of the matrix is nonzero.", "The determinant of the matrix is zero.",
			[]string{`negation differs: stored "nonzero", candidate "zero"`}},
		{"The determinant of the matrix is nonzero.", "The determinant of the matrix is not zero.", nil},
	} {
		var got []string
		for _, ch := range MeaningChanges(c.cand, c.stored) {
			got = append(got, ch.String())
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("MeaningChanges(%q, %q)\n got  %q\n want %q", c.cand, c.stored, got, c.want)
		}
	}
}

// "exactly", "at most", "only" and "unique" bound how many there are; "any",
// "every", "some" say of which objects a statement speaks. One is not
// the other replaced: an amount is compared with an amount, a quantifier
// with a quantifier.
func TestAmountIsNoQuantifier(t *testing.T) {
	for _, c := range []struct {
		stored, cand string
		want         []string
	}{
		{"The lookup returns any entry stored under the key.", "The lookup returns exactly the entry stored under the key.",
			[]string{`amount: candidate adds "exactly"`}},
		{"Every tree has at most two leaves.", "Every tree has at least two leaves.", []string{`amount differs: stored "at most", candidate "at least"`}},
		{"Every tree with n vertices has exactly n-1 edges.", "Every tree with n vertices has n-1 edges.", []string{`amount: candidate drops "exactly"`}},
		{"All vertices of the graph have even degree.", "Some vertices of the graph have even degree.", []string{`quantifier differs: stored "all", candidate "some"`}},
	} {
		var got []string
		for _, ch := range MeaningChanges(c.cand, c.stored) {
			got = append(got, ch.String())
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("MeaningChanges(%q, %q)\n got  %q\n want %q", c.cand, c.stored, got, c.want)
		}
	}
}
