package sanitize

import (
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/text"
)

// Evidence shape: the match with contextRunes of context on each side, on
// one line. A match longer than matchRunes keeps its head and tail so that
// a 50 KiB base64 blob still gives a readable line.
const (
	contextRunes = 40
	matchRunes   = 80
	matchHead    = 60
	matchTail    = 15
)

func evidence(s string, a, b int) string {
	start := a
	for n := 0; n < contextRunes && start > 0; n++ {
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	end := b
	for n := 0; n < contextRunes && end < len(s); n++ {
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
	}
	var sb strings.Builder
	if start > 0 {
		sb.WriteString("…")
	}
	text.AppendVisible(&sb, s[start:a], text.InText)
	m := s[a:b]
	if runesAtLeast(m, matchRunes+1) {
		head := m
		for n, i := 0, 0; i < len(m); n++ {
			if n == matchHead {
				head = m[:i]
				break
			}
			_, size := utf8.DecodeRuneInString(m[i:])
			i += size
		}
		tail := m
		for n, i := 0, len(m); i > 0; n++ {
			if n == matchTail {
				tail = m[i:]
				break
			}
			_, size := utf8.DecodeLastRuneInString(m[:i])
			i -= size
		}
		text.AppendVisible(&sb, head, text.InText)
		sb.WriteString("…")
		text.AppendVisible(&sb, tail, text.InText)
	} else {
		text.AppendVisible(&sb, m, text.InText)
	}
	text.AppendVisible(&sb, s[b:end], text.InText)
	if end < len(s) {
		sb.WriteString("…")
	}
	return sb.String()
}

// runesAtLeast reports whether s has at least n runes without counting
// past n.
func runesAtLeast(s string, n int) bool {
	if len(s) < n {
		return false
	}
	count := 0
	for i := 0; i < len(s); {
		count++
		if count >= n {
			return true
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return false
}

// render makes s visible and cuts it to max runes.
func render(s string, max int) string {
	var sb strings.Builder
	n := 0
	for i := 0; i < len(s); n++ {
		if n == max {
			sb.WriteString("…")
			break
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		text.AppendVisible(&sb, s[i:i+size], text.InText)
		i += size
	}
	return sb.String()
}
