package graphview

import (
	"math"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"
)

// Cell classes of the plane map, in drawing order: a later class
// overwrites an earlier one.
const (
	clsNone uint8 = iota
	clsAxis
	clsPoint
	clsRegion
	clsCurrent
)

// planeKey is the plane map's legend: what the axes and the names on the
// map are (core.PlanePosition, core.Domain), said on the screen because
// neither is self-evident.
var planeKey = []string{
	"Axes: where a primitive's words place it — left logic, right creativity; up abstract, down embodied.",
	"Names: domains, the areas of knowledge lore sorts primitives into (lore domains lists them), each at the centre of its region; " +
		"a primitive's domain is the one its words match best.",
	"• a primitive · ● several · ◆ the one shown",
}

// minPlaneH is the fewest rows inside the frame worth drawing.
const minPlaneH = 3

// planeLines draws the complex plane in a frame of dw × hgt cells less
// its legend: the axes, the filtered primitives as points, the domains'
// names at their regions' centres and the shown primitive as ◆; below
// it, the shown primitive and the count plotted, then what the axes and
// the names mean, as much of it as leaves the map room.
func (m Model) planeLines(dw, hgt int) []string {
	iw := dw - 2
	if iw < 16 || hgt-3 < minPlaneH {
		return []string{m.st.Faint.Render("The plane map needs more room.")}
	}
	var key []string
	for _, k := range planeKey {
		wrapped := cells.Wrap(k, dw)
		if hgt-3-len(key)-len(wrapped) < minPlaneH+2 {
			break
		}
		key = append(key, wrapped...)
	}
	ih := hgt - 3 - len(key)
	n := iw * ih
	grid := make([]rune, n)
	cls := make([]uint8, n)
	for i := range grid {
		grid[i] = ' '
	}
	put := func(c, r int, ch rune, k uint8) {
		if c >= 0 && c < iw && r >= 0 && r < ih {
			grid[r*iw+c], cls[r*iw+c] = ch, k
		}
	}
	toCell := func(p core.PlanePosition) (int, int, bool) {
		if math.IsNaN(p.Real) || math.IsNaN(p.Imaginary) {
			return 0, 0, false
		}
		p = p.Clamp()
		return int(math.Round((p.Real + 1) / 2 * float64(iw-1))), int(math.Round((1 - p.Imaginary) / 2 * float64(ih-1))), true
	}
	c0, r0, _ := toCell(core.PlanePosition{})
	for c := 0; c < iw; c++ {
		put(c, r0, '─', clsAxis)
	}
	for r := 0; r < ih; r++ {
		put(c0, r, '│', clsAxis)
	}
	put(c0, r0, '┼', clsAxis)
	// taken marks the cells a region name must not cover; labelled, the
	// cells holding words (the axes' ends and the names), which a name
	// keeps a cell away from so that no two run together.
	taken := make([]bool, n)
	labelled := make([]bool, n)
	text := func(c, r int, s string, k uint8) {
		for _, ch := range s {
			put(c, r, ch, k)
			if c >= 0 && c < iw && r >= 0 && r < ih {
				taken[r*iw+c], labelled[r*iw+c] = true, true
			}
			c++
		}
	}
	// The ends of the axes say what the coordinates mean (core.PlanePosition).
	text(0, r0, "logic", clsAxis)
	text(iw-len("creative"), r0, "creative", clsAxis)
	text(c0+2, 0, "abstract", clsAxis)
	text(c0+2, ih-1, "embodied", clsAxis)

	count := make([]uint16, n)
	plotted := 0
	for _, ri := range m.view {
		c, r, ok := toCell(m.rows[ri].Plane)
		if !ok {
			continue
		}
		plotted++
		if k := r*iw + c; count[k] < math.MaxUint16 {
			count[k]++
		}
	}
	for k, cnt := range count {
		switch {
		case cnt == 1:
			grid[k], cls[k] = '•', clsPoint
		case cnt > 1:
			grid[k], cls[k] = '●', clsPoint
		}
	}

	var cur core.PlanePosition
	var curName string
	var haveCur bool
	if m.detail != nil {
		cur, curName, haveCur = m.detail.P.Plane, m.detail.P.Name, true
	} else if r, ok := m.shownRow(); ok {
		cur, curName, haveCur = r.Plane, rowName(r), true
	}
	curC, curR, curOK := toCell(cur)
	haveCur = haveCur && curOK

	// Region names never cover a point (a cluster at a domain's centre
	// would vanish under its name), the current primitive or another
	// name, nor run against another word: a name that has no room at its
	// centre takes the nearest free place — beside the centre on its row,
	// then on the rows within three of it — or is not drawn, which the
	// frame counts.
	if haveCur {
		taken[curR*iw+curC] = true
	}
	free := func(row, start, end int) bool {
		lo, hi := max(start-1, 0), min(end+1, iw)
		if anyTaken(taken[row+start:row+end]) || anyTaken(labelled[row+lo:row+hi]) {
			return false
		}
		for k := row + start; k < row+end; k++ {
			if count[k] > 0 {
				return false
			}
		}
		// The cell either side is blanked where it parts this name from
		// another word; a point there would be lost.
		for _, g := range []int{start - 1, end} {
			if g-1 >= 0 && g+1 < iw && (labelled[row+g-1] || labelled[row+g+1]) && count[row+g] > 0 {
				return false
			}
		}
		return true
	}
	undrawn := 0
	for _, d := range m.domains {
		name := d.Name
		if strings.TrimSpace(name) == "" {
			name = d.ID
		}
		label := []rune(narrow(cells.Visible(name)))
		if len(label) == 0 {
			continue
		}
		if len(label) > iw {
			label = label[:iw]
		}
		c, r, ok := toCell(d.Region.Center)
		if !ok {
			continue
		}
		centred := min(max(c-len(label)/2, 0), iw-len(label))
		starts := []int{centred, min(c+2, iw-len(label)), max(c-1-len(label), 0)}
		drawn := false
	place:
		for _, rr := range []int{r, r + 1, r - 1, r + 2, r - 2, r + 3, r - 3} {
			if rr < 0 || rr >= ih {
				continue
			}
			for _, start := range starts {
				end := start + len(label)
				if !free(rr*iw, start, end) {
					continue
				}
				text(start, rr, string(label), clsRegion)
				// An axis between two words would join them: the cell
				// between is left blank.
				for _, g := range []int{start - 1, end} {
					if g-1 >= 0 && g+1 < iw && labelled[rr*iw+g-1] && labelled[rr*iw+g+1] {
						grid[rr*iw+g], cls[rr*iw+g] = ' ', clsNone
					}
				}
				drawn = true
				break place
			}
		}
		if !drawn {
			undrawn++
		}
	}

	if haveCur {
		put(curC, curR, '◆', clsCurrent)
	}

	p := &m.paint
	paints := [...]cells.Painter{clsNone: {}, clsAxis: p.axis, clsPoint: p.point, clsRegion: p.region, clsCurrent: p.current}
	// The names left out are counted on the frame, where a narrow pane
	// cannot cut the count off.
	title := " plane "
	if undrawn > 0 {
		for _, t := range []string{" plane · " + namesNotDrawn(undrawn) + " ", " plane · " + thousands(undrawn) + " not drawn "} {
			if ansi.StringWidth(t) <= iw {
				title = t
				break
			}
		}
	}
	lines := make([]string, 0, ih+3)
	lines = append(lines, p.faint.Paint("┌"+title+strings.Repeat("─", max(iw-ansi.StringWidth(title), 0))+"┐"))
	var b strings.Builder
	for r := 0; r < ih; r++ {
		b.Reset()
		b.WriteString(p.faint.Paint("│"))
		row := r * iw
		for c := 0; c < iw; {
			k := cls[row+c]
			e := c
			for e < iw && cls[row+e] == k {
				e++
			}
			b.WriteString(paints[k].Paint(string(grid[row+c : row+e])))
			c = e
		}
		b.WriteString(p.faint.Paint("│"))
		lines = append(lines, b.String())
	}
	lines = append(lines, p.faint.Paint("└"+strings.Repeat("─", iw)+"┘"))
	legend := p.faint.Paint(thousands(plotted) + " plotted")
	if haveCur {
		legend = p.current.Paint("◆") + " " + cells.Visible(curName) + " " + p.faint.Paint(cur.Clamp().String()+" · ") + legend
	}
	lines = append(lines, legend)
	for _, k := range key {
		lines = append(lines, p.faint.Paint(k))
	}
	return lines
}

// namesNotDrawn says how many domain names found no room on the map.
func namesNotDrawn(n int) string {
	if n == 1 {
		return "1 domain name not drawn, no room"
	}
	return thousands(n) + " domain names not drawn, no room"
}

func anyTaken(bs []bool) bool {
	for _, b := range bs {
		if b {
			return true
		}
	}
	return false
}

// narrow keeps the characters one cell wide, so a label cannot shift the
// grid (wide ones become '?').
func narrow(s string) string {
	if cells.PrintableASCII(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if ansi.StringWidth(string(r)) != 1 {
			return '?'
		}
		return r
	}, s)
}
