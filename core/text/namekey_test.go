package text

import "testing"

func TestNameKey(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"Breadth-first Search", "breadth first search"},
		{"breadth first  search.", "breadth first search"},
		{"Breadth–First SEARCH", "breadth first search"},
		{"Tree", "tree"},
		{"K-regular graph", "k regular graph"},
		// Names of a kind of statement or a place in a text say nothing
		// of a subject.
		{"Theorem 2.1", ""},
		{"Lemma A", ""},
		{"Example 3 (b)", ""},
		{"", ""},
		{"Theorem (Pythagoras)", "theorem pythagoras"},
	} {
		if got := NameKey(c.name); got != c.want {
			t.Errorf("NameKey(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
