package text

import (
	"sync"

	"github.com/kljensen/snowball/english"
)

// stemCache memoizes stems: the English stemmer allocates on every call and
// a document repeats its vocabulary many times. It stops growing at a bound
// so hostile input with millions of distinct words cannot exhaust memory.
// It starts without a size hint: a sized map would be allocated and cleared
// at start-up by every command, most of which stem nothing.
var stemCache = struct {
	sync.RWMutex
	m map[string]string
}{m: map[string]string{}}

const stemCacheMax = 1 << 17

// Stem returns the Snowball (Porter2) English stem of the lowercased word w.
// Words with non-ASCII letters or digits are returned unchanged: the English
// stemmer has nothing to say about them.
func Stem(w string) string {
	if len(w) < 3 || !stemmable(w) {
		return w
	}
	stemCache.RLock()
	s, ok := stemCache.m[w]
	stemCache.RUnlock()
	if ok {
		return s
	}
	s = english.Stem(w, false)
	stemCache.Lock()
	if len(stemCache.m) < stemCacheMax {
		stemCache.m[w] = s
	}
	stemCache.Unlock()
	return s
}

func stemmable(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}
