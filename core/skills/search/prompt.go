package search

import (
	"strings"
	"unicode"
)

// NegativeLabel is prefixed to the description of a negative skill in the
// prompt block. It goes inside <description> rather than into a new tag so
// the block keeps the reference validator's exact shape, and it leads the
// text so a model reading the catalog sees the warning before the advice.
const NegativeLabel = "WARNING (negative skill, avoid this): "

// PromptOptions control [Prompt].
type PromptOptions struct {
	// Budget is the most tokens (see [EstimateTokens]) the block may use;
	// ≤ 0 means no limit. Skills are dropped from the end of the list, which
	// callers pass best first, until the block fits. The empty block is
	// returned when not even one skill fits.
	Budget int
}

// Prompt renders skills, in the given order, as the `<available_skills>`
// block exactly as the Agent Skills reference validator's to-prompt
// (skills-ref prompt.py) produces it: every tag and value on its own line,
// lines joined by "\n" with no trailing newline, name and description
// trimmed and escaped like Python's html.escape (& < > " '), location
// verbatim and unescaped. No skills gives "<available_skills>\n</available_skills>".
// Negative skills carry [NegativeLabel] in their description.
func Prompt(skills []Skill, opts PromptOptions) string {
	const head, tail = "<available_skills>", "</available_skills>"
	entries := make([]string, len(skills))
	size := len(head) + 1 + len(tail)
	for i, s := range skills {
		entries[i] = entry(s)
		size += len(entries[i]) + 1
	}
	if opts.Budget > 0 {
		for len(entries) > 0 && tokens(size) > opts.Budget {
			size -= len(entries[len(entries)-1]) + 1
			entries = entries[:len(entries)-1]
		}
	}
	var b strings.Builder
	b.Grow(size)
	b.WriteString(head)
	for _, e := range entries {
		b.WriteByte('\n')
		b.WriteString(e)
	}
	b.WriteByte('\n')
	b.WriteString(tail)
	return b.String()
}

// Fit returns the longest prefix of skills whose block fits budget tokens
// (≤ 0: all of them), the skills Prompt with that budget lists.
func Fit(skills []Skill, budget int) []Skill {
	if budget <= 0 {
		return skills
	}
	size := len("<available_skills>") + 1 + len("</available_skills>")
	for i, s := range skills {
		size += len(entry(s)) + 1
		if tokens(size) > budget {
			return skills[:i]
		}
	}
	return skills
}

func entry(s Skill) string {
	desc := pyStrip(s.Description)
	if s.Negative {
		desc = NegativeLabel + desc
	}
	return strings.Join([]string{
		"<skill>",
		"<name>", Escape(pyStrip(s.Name)), "</name>",
		"<description>", Escape(desc), "</description>",
		"<location>", s.Location, "</location>",
		"</skill>",
	}, "\n")
}

// pyStrip trims like Python's str.strip(), which skills-ref applies to name
// and description: Go's unicode.IsSpace plus the separators U+001C–U+001F
// that Python also counts as white space.
func pyStrip(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
	})
}

// htmlEscaper matches Python's html.escape(s, quote=True). Go's
// html.EscapeString is not used because it writes &#39; and &#34; where
// Python writes &#x27; and &quot;, and the block must match byte for byte.
var htmlEscaper = strings.NewReplacer(
	"&", "&amp;",
	"<", "&lt;",
	">", "&gt;",
	`"`, "&quot;",
	"'", "&#x27;",
)

// Escape escapes s as Python's html.escape does.
func Escape(s string) string { return htmlEscaper.Replace(s) }

// EstimateTokens estimates the tokens of s as ceil(bytes/4): the
// four-characters-per-token rule Penguiflow also uses, counted in bytes so
// non-ASCII text is over- rather than under-estimated and a budget is never
// exceeded because of it.
func EstimateTokens(s string) int { return tokens(len(s)) }

func tokens(n int) int { return (n + 3) / 4 }
