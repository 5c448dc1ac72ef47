package acquire

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// texMacroDefAt is texMacroDef anchored where it is tried.
var texMacroDefAt = lazyre.New(`^(?:` + texMacroDef.String() + `)`)

// macroDefOpeners are what follows the backslash of every definition
// texMacroDef matches.
var macroDefOpeners = []string{"new", "renew", "provide", "def", "gdef", "edef", "xdef", "long"}

// macroDefs is texMacroDef.FindAllStringSubmatchIndex(s, -1): the
// definitions s makes, in order. The pattern has no literal but its
// backslash to skip to, and a book has a backslash every few words; the
// pattern is tried only at a backslash that opens a definition's command,
// which keeps reading a book's sources (several times over, for its
// include macros) from stepping the pattern through every byte.
func macroDefs(s string) [][]int {
	var out [][]int
	for from := 0; from < len(s); {
		k := strings.IndexByte(s[from:], '\\')
		if k < 0 {
			break
		}
		at := from + k
		from = at + 1
		if !opensMacroDef(s[from:]) {
			continue
		}
		m := texMacroDefAt.FindStringSubmatchIndex(s[at:])
		if m == nil {
			continue
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += at
			}
		}
		out = append(out, m)
		from = m[1]
	}
	return out
}

// opensMacroDef reports whether s, following a backslash, begins with
// what a definition's command does.
func opensMacroDef(s string) bool {
	for _, w := range macroDefOpeners {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return false
}
