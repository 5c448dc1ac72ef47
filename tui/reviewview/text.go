package reviewview

import (
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/styles"
)

// sep divides the list from the detail pane.
const (
	sep  = " │ "
	sepW = 3
)

// memoSize bounds the memo of readable statements; when full it starts
// over, which costs only their rendering again.
const memoSize = 4096

// memo holds the one-line readable form of statements, shared by every
// copy of a Model: rendering math costs more than drawing a row, and
// the list draws the same rows frame after frame.
type memo struct{ line map[string]string }

func newMemo() *memo { return &memo{line: map[string]string{}} }

// oneLineMath is s read as a person reads it, on one line, safe for the
// terminal.
func (c *memo) oneLineMath(s string) string {
	if c == nil {
		return readableLine(s)
	}
	if l, ok := c.line[s]; ok {
		return l
	}
	if len(c.line) >= memoSize {
		clear(c.line)
	}
	l := readableLine(s)
	c.line[s] = l
	return l
}

func readableLine(s string) string {
	return cells.Visible(strings.Join(strings.Fields(text.ReadableMath(s)), " "))
}

// readableBlock is a statement read as a person reads it, its line
// breaks kept, safe for the terminal.
func readableBlock(s string) string {
	return cells.VisibleBlock(strings.ReplaceAll(text.ReadableMath(strings.TrimSpace(s)), "\t", "    "))
}

func itoa(n int) string { return strconv.Itoa(n) }

type painters struct {
	faint, label, heading, kind, bad, good, warn, selected, input cells.Painter
}

func newPainters(st styles.Styles) painters {
	return painters{
		faint:    cells.NewPainter(st.Faint),
		label:    cells.NewPainter(st.Label),
		heading:  cells.NewPainter(st.Heading),
		kind:     cells.NewPainter(st.Kind),
		bad:      cells.NewPainter(st.Bad),
		good:     cells.NewPainter(st.Good),
		warn:     cells.NewPainter(st.Severity.Warning),
		selected: cells.NewPainter(st.List.Selected),
		input:    cells.NewPainter(st.Input.Focused),
	}
}

// typeAbbrev is the list's three-letter type column, as the Graph
// screen's.
func typeAbbrev(t string) string {
	switch t {
	case "axiom":
		return "axm"
	case "definition":
		return "def"
	case "theorem":
		return "thm"
	case "algorithm":
		return "alg"
	case "technique":
		return "tec"
	case "identity":
		return "idn"
	}
	r := []rune(cells.OneLine(t) + "   ")
	return string(r[:3])
}
