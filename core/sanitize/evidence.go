package sanitize

import (
	"fmt"
	"strings"
	"unicode/utf8"
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
	writeVisible(&sb, s[start:a])
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
		writeVisible(&sb, head)
		sb.WriteString("…")
		writeVisible(&sb, tail)
	} else {
		writeVisible(&sb, m)
	}
	writeVisible(&sb, s[b:end])
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
		writeVisible(&sb, s[i:i+size])
		i += size
	}
	return sb.String()
}

// Visible returns s on one line with every invisible or control character
// spelled out (⟨U+202E⟩, ⏎ for a newline), as evidence shows it.
func Visible(s string) string {
	var sb strings.Builder
	writeVisible(&sb, s)
	return sb.String()
}

// writeVisible writes s on one line with every invisible or control
// character spelled out, so a reviewer sees exactly what is there.
func writeVisible(sb *strings.Builder, s string) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(sb, "⟨0x%02X⟩", s[i])
		case r == '\n':
			sb.WriteString("⏎")
		case r == '\t' || r == '\r' || r == '\f':
			sb.WriteByte(' ')
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || hiddenClassOf(r) != hcNone:
			fmt.Fprintf(sb, "⟨U+%04X⟩", r)
		default:
			sb.WriteString(s[i : i+size])
		}
		i += size
	}
}
