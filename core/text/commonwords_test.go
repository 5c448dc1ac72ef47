package text

import "testing"

// The common words are an everyday vocabulary of some hundreds of words,
// their inflections included; a subject's own words are not among them.
func TestCommonWords(t *testing.T) {
	if n := len(commonWords); n < 200 {
		t.Fatalf("%d common words, want at least 200", n)
	}
	for _, w := range []string{"request", "requests", "order", "ordered", "positive", "functions", "input", "output", "template", "copies", "updating"} {
		if !IsCommonWord(w) {
			t.Errorf("IsCommonWord(%q) = false", w)
		}
	}
	for _, w := range []string{"dijkstra", "eigenvalue", "kubectl", "graph", "vertex", "theorem", "oauth", "raft", "dns", "dns"} {
		if IsCommonWord(w) {
			t.Errorf("IsCommonWord(%q) = true", w)
		}
	}
}
