package skillsview

import (
	"fmt"
	"strings"
	"sync"

	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"
)

// fit truncates or pads s to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// spell names a character that must not reach the terminal as itself.
func spell(r rune) string { return fmt.Sprintf("⟨U+%04X⟩", r) }

// dangerous reports control characters and the bidi controls: skills are
// generated from documents that may be hostile (and later imported from
// anywhere), and a raw escape sequence or a direction override would
// corrupt or reorder the screen.
func dangerous(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r < 0xa0:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
		r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}

// cleanLine makes s safe for one row: newlines and tabs become spaces and
// other dangerous characters are spelled out.
func cleanLine(s string) string {
	if !needsCleaning(s, false) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t' || r == '\r':
			b.WriteByte(' ')
		case dangerous(r):
			b.WriteString(spell(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// cleanBlock is cleanLine for multi-line text: it keeps newlines and tabs.
func cleanBlock(s string) string {
	if !needsCleaning(s, true) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r == '\r':
		case dangerous(r):
			b.WriteString(spell(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func needsCleaning(s string, block bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if block && (c == '\n' || c == '\t') {
			continue
		}
		// Any non-ASCII byte may start a bidi control or a C1 character.
		if c < 0x20 || c >= 0x7f {
			for _, r := range s {
				if (!block || (r != '\n' && r != '\t')) && dangerous(r) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// maxRendered bounds the render cache: enough for walking up and down a
// screenful of artifacts at two widths and both themes without holding
// every rendering of a large library in memory.
const maxRendered = 64

type cacheKey struct {
	id    string
	width int
	dark  bool
}

type renderedEntry struct {
	md    string
	lines []string
}

// renderCache holds glamour renderings of SKILL.md bodies. It is shared by
// every copy of a Model (the root keeps older values around) because an
// entry is checked against the markdown it was made from: a copy can only
// ever see more entries, never wrong ones. Glamour costs milliseconds per
// document, a key press must not.
type renderCache struct {
	mu    sync.Mutex
	lines map[cacheKey]renderedEntry
}

func newRenderCache() *renderCache {
	return &renderCache{lines: map[cacheKey]renderedEntry{}}
}

// render returns md rendered at width w, from the cache when the same
// markdown was rendered for id at that width and theme before.
func (c *renderCache) render(id, md string, w int, dark bool) []string {
	k := cacheKey{id, w, dark}
	c.mu.Lock()
	if e, ok := c.lines[k]; ok && e.md == md {
		c.mu.Unlock()
		return e.lines
	}
	c.mu.Unlock()
	lines := renderMarkdown(md, w, dark)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.lines[k]; !ok && len(c.lines) >= maxRendered {
		for old := range c.lines {
			delete(c.lines, old)
			break
		}
	}
	c.lines[k] = renderedEntry{md: md, lines: lines}
	return lines
}

// renderMarkdown renders md with glamour's standard style for the theme,
// every line fitted to exactly w cells. Should glamour fail, the text is
// shown wrapped as it is rather than not at all.
func renderMarkdown(md string, w int, dark bool) []string {
	if w <= 0 {
		return nil
	}
	md = cleanBlock(md)
	style := "light"
	if dark {
		style = "dark"
	}
	var out string
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(w))
	if err == nil {
		out, err = r.Render(md)
	}
	if err != nil {
		out = ansi.Wrap(md, w, "")
	}
	lines := strings.Split(out, "\n")
	blank := func(l string) bool { return strings.TrimSpace(ansi.Strip(l)) == "" }
	for len(lines) > 0 && blank(lines[0]) {
		lines = lines[1:]
	}
	for len(lines) > 0 && blank(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		lines[i] = fit(l, w)
	}
	return lines
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
