package text

import (
	"strings"
	"testing"
	"unsafe"
)

// The stem cache lives as long as the process (lore serve, the terminal
// application), and the words it is asked about are slices of whole
// documents: nothing it keeps may point into them, or every document that
// brought a new word would stay in memory. The stemmer returns a stopword
// and some stems as slices of the word it was given, so the stem is the
// risk as much as the key; and assigning to a known string key stores the
// new key.
func TestStemCacheKeepsNoSliceOfItsInput(t *testing.T) {
	// Stopwords and words the stemmer changes, most of them words only
	// this test uses, each asked through one of the three ways in.
	doc := strings.Repeat(" ", 64) + "the ranking frobnicated whereupon zorbled " + strings.Repeat(" ", 64)
	lo := uintptr(unsafe.Pointer(unsafe.StringData(doc)))
	hi := lo + uintptr(len(doc))
	inDoc := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return s != "" && lo <= p && p < hi
	}
	asks := []struct {
		word string
		ask  func(string)
	}{
		{"the", func(w string) { ContentStem(w) }},
		{"ranking", func(w string) { Stem(w) }},
		{"frobnicated", func(w string) { termStem(w) }},
		{"whereupon", func(w string) { ContentStem(w) }},
		// Asked twice, through two ways, so the second updates an entry.
		{"zorbled", func(w string) { ContentStem(w); termStem(w) }},
	}
	for _, a := range asks {
		i := strings.Index(doc, " "+a.word+" ") + 1
		a.ask(doc[i : i+len(a.word)])
	}
	stemCache.RLock()
	defer stemCache.RUnlock()
	for _, a := range asks {
		found := false
		for k, e := range stemCache.m {
			if k != a.word {
				continue
			}
			found = true
			if inDoc(k) || inDoc(e.stem) {
				t.Errorf("cache entry %q (stem %q) points into the document it was asked from", k, e.stem)
			}
			if e.stem == "" {
				t.Errorf("cache entry %q has no stem", k)
			}
		}
		if !found {
			t.Errorf("%q is not in the cache", a.word)
		}
	}
}
