package generate

import (
	"reflect"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// keywordWordsByStrings is keywordWords as first written, on strings: the
// specification of the lexicon's.
func keywordWordsByStrings(p *core.Primitive) []string {
	if len(p.Keywords) == 0 {
		return text.Terms(text.Prose(p.FormalStatement))
	}
	var stems, out []string
	for _, k := range p.Keywords {
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "" {
			continue
		}
		if text.Stem(k) == k && !strings.Contains(p.FormalStatement, k) && !strings.Contains(p.Name, k) {
			stems = append(stems, k)
			continue
		}
		out = append(out, k)
	}
	return append(out, surfaceForms([]core.Primitive{*p}, stems)...)
}

// TestKeywordWordsAsByStrings covers the keywords of primitives stored
// before keywords were words (stems such as "properti"), keywords written
// capitalized in their statement ("Vector" gives "vector", which the
// statement does not contain), repeated stems and blank keywords.
func TestKeywordWordsAsByStrings(t *testing.T) {
	prims := []core.Primitive{
		{Name: "Vector Space", FormalStatement: "A Vector space has properties; every property of vectors holds.",
			Keywords: []string{"vector", "properti", "space", "properti", " ", "Holds", "vectors"}},
		{Name: "Operator norm", FormalStatement: "The operator norm of operators; an operation.",
			Keywords: []string{"oper", "norm", "Operator", "oper"}},
		{Name: "Empty", FormalStatement: "Nothing about graphs or the Graph here.", Keywords: nil},
		// A tie between forms goes to the alphabetically first.
		{Name: "Plots", FormalStatement: "Graphing and Graphs.", Keywords: []string{"graph"}},
		{Name: "Basis", FormalStatement: "A basis of the bases.", Keywords: []string{"basi", "zzz", "the", "and"}},
	}
	l := newLexicon()
	for i := range prims {
		p := &prims[i]
		want := keywordWordsByStrings(p)
		var got []string
		for _, id := range l.keywordWords(nil, p) {
			got = append(got, l.str(id))
		}
		if len(want) == 0 && len(got) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: keywordWords = %q, want %q", p.Name, got, want)
		}
	}
}
