package acquire

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// A Markdeep document (design notes kept as "name.md.html") is Markdown
// that a script at its end renders in the browser: read as HTML, its
// headings, lists and code are one run of text. It is read as the
// Markdown it holds, without the tags that load the renderer, and its
// diagrams (ASCII art framed by asterisks) as code blocks, as Markdeep
// draws them. No Go library reads Markdeep; what it adds to Markdown
// that lore needs is only this frame.

// markdeepScript is what marks a page as Markdeep: the script that
// renders it, or the comment Markdeep's template puts before it.
var markdeepScript = lazyre.New(`(?i)<script[^>]*\bmarkdeep(?:\.min)?\.js|<!--\s*Markdeep:`)

// markdeepTags are the elements and comments a Markdeep page carries for
// the browser: its charset, the renderer's scripts and styles.
var markdeepTags = lazyre.New(`(?is)<script\b.*?</script\s*>|<style\b.*?</style\s*>|<!--.*?-->|<meta\b[^>]*>`)

// isMarkdeep reports whether an HTML page is a Markdeep document.
func isMarkdeep(page string) bool { return markdeepScript.MatchString(page) }

// markdeepText is the Markdown of a Markdeep page.
func markdeepText(page string) string {
	body := markdeepTags.ReplaceAllString(page, "")
	lines := strings.Split(body, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		if end := diagramEnd(lines, i); end > i {
			out = append(out, "```text")
			for _, l := range lines[i+1 : end] {
				out = append(out, diagramLine(l))
			}
			out = append(out, "```")
			i = end
			continue
		}
		out = append(out, lines[i])
	}
	return strings.TrimSpace(strings.Join(out, "\n")) + "\n"
}

// diagramEnd is the line closing the diagram that opens at lines[i] (a
// line of asterisks, then lines each starting and ending with one, then
// a line of asterisks again), or -1 when none opens there.
func diagramEnd(lines []string, i int) int {
	if !asteriskRule(lines[i]) {
		return -1
	}
	for j := i + 1; j < len(lines); j++ {
		l := strings.TrimSpace(lines[j])
		switch {
		case asteriskRule(l):
			if j == i+1 {
				return -1
			}
			return j
		case len(l) < 2 || l[0] != '*' || l[len(l)-1] != '*':
			return -1
		}
	}
	return -1
}

// asteriskRule reports whether l is a line of at least eight asterisks,
// longer than a Markdown rule is written.
func asteriskRule(l string) bool {
	l = strings.TrimSpace(l)
	return len(l) >= 8 && strings.Trim(l, "*") == ""
}

// diagramLine is a diagram's line without its frame.
func diagramLine(l string) string {
	l = strings.TrimSpace(l)
	return strings.TrimRight(l[1:len(l)-1], " ")
}
