package text

import (
	"strings"
	"sync"

	"github.com/kljensen/snowball/english"
)

// stemCache memoizes stems: the English stemmer allocates on every call and
// a document repeats its vocabulary many times. It also remembers whether
// a word is a term word (IsTermWord), which keyword extraction asks of
// every word of every statement. It stops growing at a bound so hostile
// input with millions of distinct words cannot exhaust memory. It starts
// without a size hint: a sized map would be allocated and cleared at
// start-up by every command, most of which stem nothing.
var stemCache = struct {
	sync.RWMutex
	m map[string]stemEntry
}{m: map[string]stemEntry{}}

// stemEntry is what stemCache knows of a word: its stem, whether it is a
// term word and whether it is a stopword (term, stop: 0 not known yet, 1
// yes, -1 no).
type stemEntry struct {
	stem       string
	term, stop int8
}

// remember records what set says of w in stemCache, keeping what the
// cache already knows of it.
func remember(w string, set func(*stemEntry)) {
	stemCache.Lock()
	defer stemCache.Unlock()
	e, ok := stemCache.m[w]
	if !ok && len(stemCache.m) >= stemCacheMax {
		return
	}
	old := e.stem
	set(&e)
	// w is often a slice of a whole document, which the cache would keep
	// alive for the life of the process. So the key is a copy, even for a
	// word the cache knows (assigning to a string key stores the new key),
	// and so is the stem when it is w or a slice of it, as the stemmer
	// returns a stopword and some stems.
	k := strings.Clone(w)
	switch i := strings.Index(w, e.stem); {
	case e.stem == old:
		e.stem = old
	case i >= 0:
		e.stem = k[i : i+len(e.stem)]
	}
	stemCache.m[k] = e
}

// flag is a stemEntry flag's value for b.
func flag(b bool) int8 {
	if b {
		return 1
	}
	return -1
}

const stemCacheMax = 1 << 17

// Stem returns the Snowball (Porter2) English stem of the lowercased word w.
// Words with non-ASCII letters or digits are returned unchanged: the English
// stemmer has nothing to say about them.
func Stem(w string) string {
	if len(w) < 3 || !stemmable(w) {
		return w
	}
	stemCache.RLock()
	e, ok := stemCache.m[w]
	stemCache.RUnlock()
	if ok {
		return e.stem
	}
	s := english.Stem(w, false)
	remember(w, func(e *stemEntry) { e.stem = s })
	return s
}

// ContentStem is Stem(w) and true, or "" and false when w is a stopword
// (IsStopword): the rule of Normalize's tokens. A word stemCache knows
// costs one look-up there instead of one in the stopwords and one in the
// cache; the dedup stage asks it of every word of every candidate.
func ContentStem(w string) (string, bool) {
	if len(w) < 3 || !stemmable(w) {
		if IsStopword(w) {
			return "", false
		}
		return Stem(w), true
	}
	stemCache.RLock()
	e, ok := stemCache.m[w]
	stemCache.RUnlock()
	if ok && e.stop != 0 {
		return e.stem, e.stop < 0
	}
	// Every entry has the stem, whoever made it.
	stop, st := IsStopword(w), e.stem
	if !ok {
		st = english.Stem(w, false)
	}
	remember(w, func(e *stemEntry) { e.stem, e.stop = st, flag(stop) })
	if stop {
		return "", false
	}
	return st, true
}

// termStem is Stem(w) and true when w is a term word (IsTermWord), and ""
// and false otherwise, from stemCache when it knows.
func termStem(w string) (string, bool) {
	if len(w) < 3 {
		return "", false
	}
	if !stemmable(w) {
		if IsTermWord(w) {
			return Stem(w), true
		}
		return "", false
	}
	stemCache.RLock()
	e, ok := stemCache.m[w]
	stemCache.RUnlock()
	if ok && e.term > 0 {
		return e.stem, true
	}
	if ok && e.term < 0 {
		return "", false
	}
	term := IsTermWord(w)
	st := Stem(w)
	remember(w, func(e *stemEntry) { e.stem, e.term = st, flag(term) })
	if !term {
		return "", false
	}
	return st, true
}

func stemmable(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}
