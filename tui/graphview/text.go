package graphview

import (
	"strings"

	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/styles"
)

// sep divides the list from the detail pane.
const (
	sep  = " │ "
	sepW = 3
)

// cleanBlock spells out hidden characters in text whose line breaks
// matter. Tabs become four spaces: a tab's width depends on the column it
// lands in, which cell counting cannot know.
func cleanBlock(s string) string {
	return cells.VisibleBlock(strings.ReplaceAll(s, "\t", "    "))
}

type painters struct {
	rank, kind, faint, selected, label, heading cells.Painter
	edge, tree, axis, region, point, current    cells.Painter
}

func newPainters(st styles.Styles) painters {
	return painters{
		rank:     cells.NewPainter(st.Graph.Rank),
		kind:     cells.NewPainter(st.Kind),
		faint:    cells.NewPainter(st.Faint),
		selected: cells.NewPainter(st.List.Selected),
		label:    cells.NewPainter(st.Label),
		heading:  cells.NewPainter(st.Heading),
		edge:     cells.NewPainter(st.Graph.Edge),
		tree:     cells.NewPainter(st.Graph.Tree),
		axis:     cells.NewPainter(st.Graph.Axis),
		region:   cells.NewPainter(st.Graph.Region),
		point:    cells.NewPainter(st.Graph.Point),
		current:  cells.NewPainter(st.Graph.Current),
	}
}
