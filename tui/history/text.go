package history

import (
	"fmt"
	"strings"
	"sync"

	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"
)

// widthOf is the cell width of s, escape sequences excluded.
func widthOf(s string) int { return ansi.StringWidth(s) }

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

// shortenLeft fits unstyled s into w cells by cutting from the left: the
// end of a path or URL (the file name) tells sources apart, the common
// prefix does not.
func shortenLeft(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if n := ansi.StringWidth(s); n > w {
		if w == 1 {
			return "…"
		}
		return "…" + ansi.TruncateLeft(s, n-w+1, "")
	}
	return s
}

// spell names a character that must not reach the terminal as itself.
func spell(r rune) string { return fmt.Sprintf("⟨U+%04X⟩", r) }

// dangerous reports control characters and the bidi controls: sources,
// reports and dependents' names quote documents that may be hostile, and a
// raw escape sequence or a direction override would corrupt or reorder the
// screen.
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

// Bounds of the render cache: enough for walking up and down a screenful
// of sessions at two widths and both themes without holding every report
// of a long history in memory.
const (
	maxHeld     = 32
	maxRendered = 64
)

type cacheKey struct {
	id    string
	width int
	dark  bool
}

type renderedEntry struct {
	md    string
	lines []string
}

// renderCache holds reports and their glamour renderings. It is shared by
// every copy of a Model (the root keeps older values around) because it is
// keyed by content: a copy can only ever see more entries, never different
// ones. Glamour costs milliseconds per report, a key press must not.
type renderCache struct {
	mu    sync.Mutex
	md    map[string]string
	lines map[cacheKey]renderedEntry
}

func newRenderCache() *renderCache {
	return &renderCache{md: map[string]string{}, lines: map[cacheKey]renderedEntry{}}
}

func (c *renderCache) hold(id, md string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.md[id]; !ok && len(c.md) >= maxHeld {
		for k := range c.md {
			delete(c.md, k)
			break
		}
	}
	c.md[id] = md
}

func (c *renderCache) held(id string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	md, ok := c.md[id]
	return md, ok
}

func (c *renderCache) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.md, id)
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
