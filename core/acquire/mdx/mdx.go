// Package mdx reads MDX (Markdown with JSX, the source format of many
// documentation sites: Docusaurus, Hugging Face's courses, Next.js docs)
// as the Markdown a reader of the rendered page sees. There is no Go
// library for MDX, and lore needs none of its JavaScript: the module
// lines (import, export) and the components (<Youtube id="…"/>, a
// banner's props over several lines) are dropped, a component that wraps
// text (<Tip>…</Tip>) keeps the text, and a heading's anchor
// ("## Training[[training]]", "## Training {#training}") is no word of it.
package mdx

import (
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

var (
	// moduleLine is an ES module statement at the top level.
	moduleLine = lazyre.New(`^(?:import|export)\s+(?:[\w*{}\s,]+\s+from\s+['"]|default\s|const\s|let\s|function\s|\{|\*)`)
	// componentOpen is a JSX element of a component (a capitalised
	// name) or a fragment opening a line.
	componentOpen = lazyre.New(`^\s*<(?:[A-Z][\w.]*|>)`)
	// componentClose is the closing tag of a component on a line of its own.
	componentClose = lazyre.New(`^\s*</(?:[A-Z][\w.]*)?>\s*$`)
	// headingAnchor is an anchor the site's builder gives a heading.
	headingAnchor = lazyre.New(`\s*(?:\[\[[\w.-]+\]\]|\{#[\w.-]+\})\s*$`)
)

// Markdown returns page with its JSX and module lines taken out.
func Markdown(page string) string {
	lines := strings.Split(page, "\n")
	out := make([]string, 0, len(lines))
	fence := ""
	inTag := false // inside a component's opening tag that runs over lines
	depth := 0     // braces open in that tag's props
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			out = append(out, l)
			continue
		case inTag:
			depth += strings.Count(l, "{") - strings.Count(l, "}")
			if depth <= 0 && strings.HasSuffix(t, ">") {
				inTag = false
			}
			continue
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fence = t[:3]
		case moduleLine.MatchString(l):
			continue
		case componentClose.MatchString(l):
			continue
		case componentOpen.MatchString(l):
			rest, closed := tagEnd(t)
			if !closed {
				inTag, depth = true, strings.Count(t, "{")-strings.Count(t, "}")
				continue
			}
			if rest = strings.TrimSpace(rest); rest != "" && !componentClose.MatchString(rest) {
				out = append(out, strings.TrimSuffix(rest, closingOf(rest)))
			}
			continue
		case strings.HasPrefix(t, "#"):
			l = headingAnchor.ReplaceAllString(l, "")
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// tagEnd finds where the opening tag at the start of t ends (its ">"
// outside the braces of its props): the text after it, and whether it
// ends on this line.
func tagEnd(t string) (string, bool) {
	depth := 0
	inStr := byte(0)
	for i := 1; i < len(t); i++ {
		c := t[i]
		switch {
		case inStr != 0:
			if c == inStr {
				inStr = 0
			}
		case c == '"' || c == '\'' || c == '`':
			inStr = c
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == '>' && depth <= 0:
			return t[i+1:], true
		}
	}
	return "", false
}

// closingOf is the component's closing tag that ends s, "" when none.
func closingOf(s string) string {
	if i := strings.LastIndex(s, "</"); i >= 0 && strings.HasSuffix(s, ">") {
		return s[i:]
	}
	return ""
}
