package cmdutil

import (
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Plural is the "s" of a count of n things: "" for one, "s" else.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Truncate cuts s to at most n runes, the last an ellipsis when cut.
func Truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// TruncateRunes is Truncate on s with its white space runs made single
// spaces, for descriptions that may span lines.
func TruncateRunes(s string, n int) string {
	return Truncate(strings.Join(strings.Fields(s), " "), n)
}

// NonNil returns s, or an empty slice for nil, so that JSON output has []
// where a list is empty, never null.
func NonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// FlowText spells a finding's flow for the terminal: source and sink
// with their lines and the scope words, made visible (no control
// character from a document reaches the terminal).
func FlowText(fl *core.Flow) string {
	at := func(what string, n int) string {
		v := text.Visible(what, text.InText)
		if n > 0 {
			return fmt.Sprintf("%s (line %d)", v, n)
		}
		return v
	}
	return fl.Format(at, " → ", " · when: ")
}
