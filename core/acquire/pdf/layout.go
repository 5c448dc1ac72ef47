package pdf

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/lore-kb/lore/internal/lazyre"
)

// colSpan tags lines outside any column; the lines of each column found
// get a number of their own.
const colSpan = 0

type line struct {
	x0, x1, y, size float64
	text            string
	col             int
	parBreak        bool
	drop            bool
	heading         int
	// bold is how many bytes of text its leading run in a bold face
	// takes: a run-in label ("Theorem 3.4.") when it reads as one.
	bold int
	// faces are the runs of its text set in bold or in italic: the terms
	// a definition sets apart, where the text around them is upright.
	faces []faceRun
	// italic is whether it is set mostly in italic.
	italic bool
}

// faceRun is a stretch of a line's text, by byte offsets, set in a face of
// its own; mark is its Markdown emphasis, "**" for bold and "*" for italic.
type faceRun struct {
	start, end int
	mark       string
}

// layoutPage groups the page's glyphs into lines in reading order.
func layoutPage(p *page) {
	if len(p.glyphs) == 0 {
		return
	}
	w := p.width
	if w <= 0 || w > 1e5 {
		w = 0 // no column analysis on a page of unknown width
	}
	next := colSpan
	p.glyphs = composeMath(p.glyphs, p.rules)
	p.lines = layoutBlock(dropLineNumbers(groupRows(p.glyphs)), 0, w, 0, colSpan, &next)
}

// lineNumber is a stretch of a row that is a number standing alone.
type lineNumber struct {
	row, i0, i1 int // row and glyphs [i0, i1) of it
	x0, x1, y   float64
	size        float64
	value       int
}

// Line numbers: a run of at least minLineNumbers consecutive integers set
// one above the other in type smaller than the text beside them.
const (
	minLineNumbers   = 5
	lineNumberDigits = 5
	lineNumberSmall  = 0.9
)

// dropLineNumbers removes the numbers a review copy (ACM's review mode,
// lineno) or a code listing prints down a margin: a tall run of
// consecutive integers, aligned one above the other, smaller than the
// text beside them and outside it. Read as text they break every line
// they stand beside ("1 Because the entire article …") or the columns
// they run along; a table's column of numbers is set as its other cells
// are, and stays.
func dropLineNumbers(rows [][]glyph) [][]glyph {
	var cands []lineNumber
	for r, row := range rows {
		cands = appendLineNumbers(cands, r, row)
	}
	if len(cands) < minLineNumbers {
		return rows
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].y > cands[b].y })
	// Chain each number to a run ending just above it with the number
	// before it, aligned on either edge (left-aligned numbers keep x0 from
	// 9 to 10, right-aligned ones x1).
	// Only the latest few runs ending in the number before are tried, so
	// a page of many numbers costs time in proportion to them.
	const tries = 16
	var runs [][]int
	ending := map[int][]int{} // value → runs ending with it
	for i, c := range cands {
		placed := -1
		prev := ending[c.value-1]
		for t := len(prev) - 1; t >= 0 && t >= len(prev)-tries; t-- {
			run := runs[prev[t]]
			last := cands[run[len(run)-1]]
			aligned := math.Abs(last.x0-c.x0) <= 1 || math.Abs(last.x1-c.x1) <= 1
			if last.value == c.value-1 && aligned && c.y < last.y && math.Abs(c.size-last.size) < 0.5 {
				placed = prev[t]
				break
			}
		}
		if placed < 0 {
			placed = len(runs)
			runs = append(runs, nil)
		}
		runs[placed] = append(runs[placed], i)
		ending[c.value] = append(ending[c.value], placed)
	}
	drop := map[int][][2]int{} // row → glyph ranges
	for _, run := range runs {
		if len(run) < minLineNumbers || !marginRun(rows, cands, run) {
			continue
		}
		for _, i := range run {
			c := cands[i]
			drop[c.row] = append(drop[c.row], [2]int{c.i0, c.i1})
		}
	}
	if len(drop) == 0 {
		return rows
	}
	out := rows[:0]
	for r, row := range rows {
		if ranges, ok := drop[r]; ok {
			kept := make([]glyph, 0, len(row))
			for i, g := range row {
				if !slices.ContainsFunc(ranges, func(rg [2]int) bool { return i >= rg[0] && i < rg[1] }) {
					kept = append(kept, g)
				}
			}
			if !slices.ContainsFunc(kept, func(g glyph) bool { return !g.space }) {
				continue
			}
			row = kept
		}
		out = append(out, row)
	}
	return out
}

// appendLineNumbers appends the numbers standing alone in a row of
// x-sorted glyphs: stretches of at most lineNumberDigits digits, set
// apart from the text on either side by more than a word space.
func appendLineNumbers(cands []lineNumber, r int, row []glyph) []lineNumber {
	start, end := -1, 0.0
	flush := func(i1 int) {
		if start < 0 {
			return
		}
		c := lineNumber{row: r, i0: start, i1: i1, x0: row[start].x, y: row[start].y, size: row[start].size}
		digits := 0
		for _, g := range row[start:i1] {
			if g.space {
				continue
			}
			for _, ch := range g.s {
				if ch < '0' || ch > '9' || digits >= lineNumberDigits || g.size != c.size {
					return
				}
				c.value = 10*c.value + int(ch-'0')
				digits++
			}
			c.x1 = g.x + g.w
		}
		if digits > 0 {
			cands = append(cands, c)
		}
	}
	for i, g := range row {
		if g.space {
			continue
		}
		em := math.Max(g.size, 1)
		if start < 0 || g.x-end >= wordGap*em {
			flush(i)
			start = i
		}
		end = math.Max(end, g.x+g.w)
		if start == i {
			end = g.x + g.w
		}
	}
	flush(len(row))
	return cands
}

// marginRun reports whether the run of numbers stands in a margin of the
// text beside it: smaller than that text and to one side of nearly all of
// it.
func marginRun(rows [][]glyph, cands []lineNumber, run []int) bool {
	top, bottom := cands[run[0]].y, cands[run[len(run)-1]].y
	x0, x1 := math.Inf(1), math.Inf(-1)
	mine := map[[2]int]bool{}
	for _, i := range run {
		c := cands[i]
		x0, x1 = math.Min(x0, c.x0), math.Max(x1, c.x1)
		for g := c.i0; g < c.i1; g++ {
			mine[[2]int{c.row, g}] = true
		}
	}
	size := cands[run[0]].size
	var sizes []float64
	left, right := 0, 0
	// Rows run top to bottom: only those beside the run are looked at.
	first := sort.Search(len(rows), func(r int) bool { return rows[r][0].y <= top+2*size })
	for r := first; r < len(rows) && rows[r][0].y >= bottom-2*size; r++ {
		for i, g := range rows[r] {
			if g.space || mine[[2]int{r, i}] || g.y > top+size || g.y < bottom-size {
				continue
			}
			sizes = append(sizes, g.size)
			switch {
			case g.x >= x1:
				right++
			case g.x+g.w <= x0:
				left++
			}
		}
	}
	if len(sizes) == 0 {
		return false
	}
	slices.Sort(sizes)
	if size > lineNumberSmall*sizes[len(sizes)/2] {
		return false
	}
	// Marginal notes may stand on the far side of the numbers.
	n := len(sizes)
	return 20*right >= 19*n || 20*left >= 19*n
}

// maxColumnDepth bounds how often a block is split into columns: a gutter
// is looked for in each column again, so a page of up to 2^maxColumnDepth
// columns (an index in four, slides with three blocks side by side) reads
// column by column.
const maxColumnDepth = 3

// layoutBlock lays out the rows of the stretch [x0, x1] of a page (x1 ≤ x0:
// no column analysis): it looks for a column gutter there, reads the rows
// that run through it where they are and the text beside it column by
// column, each column laid out the same way in turn (an XY cut). col tags
// the block's own lines; next numbers the columns found.
func layoutBlock(rows [][]glyph, x0, x1 float64, depth, col int, next *int) []line {
	var gl, gr float64
	split := false
	if x1 > x0 && depth < maxColumnDepth {
		gl, gr, split = findGutter(rows, x0, x1)
	}
	if split {
		rows = regroupColumns(rows, gl, gr)
	}
	mid := (gl + gr) / 2
	var out []line
	var ls, rs []glyph
	flush := func() {
		if len(ls) > 0 {
			*next++
			out = append(out, layoutBlock(groupRows(ls), x0, gl, depth+1, *next, next)...)
		}
		if len(rs) > 0 {
			*next++
			out = append(out, layoutBlock(groupRows(rs), gr, x1, depth+1, *next, next)...)
		}
		ls, rs = nil, nil
	}
	for _, row := range rows {
		if !split || crossesGutter(row, gl, gr) {
			// Full-width rows (titles, abstracts, wide figures) stay where
			// they are, after the columns above them.
			flush()
			row = markScripts(combineAccents(row))
			if segs := splitRow(row, -1); len(segs) > 0 {
				out = append(out, joinSegs(segs, col))
			}
			continue
		}
		for _, g := range row {
			if g.x+g.w/2 < mid {
				ls = append(ls, g)
			} else {
				rs = append(rs, g)
			}
		}
	}
	flush()
	return out
}

// groupRows sorts glyphs into rows, top to bottom, each sorted by x: glyphs
// whose baselines are within a fraction of the font size of the row's
// largest glyph (so sub- and superscripts stay in the row).
func groupRows(gs []glyph) [][]glyph {
	idx := make([]int, len(gs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		ga, gb := &gs[idx[a]], &gs[idx[b]]
		if ga.y != gb.y {
			return ga.y > gb.y
		}
		return ga.x < gb.x
	})
	var rows [][]glyph
	var cur []glyph
	rowY, rowSize := 0.0, 0.0
	accentAnchor := false // the row's baseline is an accent's
	letterAnchor := false // the row's baseline is a letter's or a digit's
	for _, i := range idx {
		g := gs[i]
		tol := 0.4 * math.Max(math.Max(g.size, rowSize), 1)
		if g.y < rowY && g.size > rowSize*scriptRatio && !g.space {
			// The row so far is a superscript (the sweep meets the raised
			// script before its base): TeX raises one by up to half an em
			// of the base's size, more than a subscript is lowered.
			tol = 0.55 * g.size
		}
		if len(cur) > 0 && math.Abs(rowY-g.y) <= tol {
			cur = append(cur, g)
			// An accent raised over a capital or θ is met first but is
			// not on the baseline: the letter under it anchors the row,
			// else its subscripts fall outside it ("θ̂ with" over "n").
			if !g.space && (g.size > rowSize*1.05 || accentAnchor && !isAccent(g.s) && g.size >= rowSize*0.95) {
				rowY, rowSize, accentAnchor, letterAnchor = g.y, g.size, false, baselineLetter(g.s)
			} else if !g.space && !letterAnchor && g.y < rowY && g.size >= rowSize*0.95 && baselineLetter(g.s) {
				// A letter of the row's size below a symbol anchoring it
				// is on the baseline: the symbol was raised (the "∼" of a
				// "≅" stacked over its "="), and a subscript measured from
				// it would fall out of the row ("Z" over "p").
				rowY, letterAnchor = g.y, true
			}
			continue
		}
		if len(cur) > 0 {
			rows = append(rows, cur)
		}
		cur = []glyph{g}
		rowY, rowSize, accentAnchor, letterAnchor = g.y, g.size, isAccent(g.s), baselineLetter(g.s)
	}
	if len(cur) > 0 {
		rows = append(rows, cur)
	}
	for _, row := range rows {
		sort.SliceStable(row, func(a, b int) bool { return row[a].x < row[b].x })
	}
	return rows
}

// scriptRatio is the least ratio of a row's size to a script's that marks
// a glyph met first as the row's raised script: TeX sets a 10pt row's
// scripts at 7pt, an 8pt row's (an algorithm float's \footnotesize) at
// 7pt too in some classes.
const scriptRatio = 1.1

// baselineLetter reports whether s is a letter or digit, which sits on
// its row's baseline.
func baselineLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// regroupColumns forms the rows of each column from that column's glyphs
// alone: the baselines of two columns rarely line up, and a row anchored
// on the other column's baseline would cut a lowered letter or subscript
// off its line. Rows running through the gutter stay as they are. The
// result is ordered top to bottom by each row's highest baseline.
func regroupColumns(rows [][]glyph, gl, gr float64) [][]glyph {
	mid := (gl + gr) / 2
	var out [][]glyph
	var ls, rs []glyph
	for _, row := range rows {
		if crossesGutter(row, gl, gr) {
			out = append(out, row)
			continue
		}
		for _, g := range row {
			if g.x+g.w/2 < mid {
				ls = append(ls, g)
			} else {
				rs = append(rs, g)
			}
		}
	}
	out = append(out, groupRows(ls)...)
	out = append(out, groupRows(rs)...)
	top := func(row []glyph) float64 {
		y := math.Inf(-1)
		for _, g := range row {
			y = math.Max(y, g.y)
		}
		return y
	}
	sort.SliceStable(out, func(a, b int) bool { return top(out[a]) > top(out[b]) })
	return out
}

// splitRow turns a row of x-sorted glyphs into text segments, splitting at
// wide horizontal gaps (column gutters) and inserting word spaces.
func splitRow(row []glyph, gutter float64) []line {
	var segs []line
	var b strings.Builder
	var seg line
	sizeSum, n := 0.0, 0
	end := 0.0
	leadBold := true // the segment's glyphs so far are all bold
	var faces faceTracker
	finish := func() {
		if leadBold {
			seg.bold = b.Len() // the whole segment
		}
		raw := b.String()
		seg.text = composeNegations(strings.TrimSpace(raw))
		seg.faces, seg.italic = faces.runs(raw)
		if len(seg.text) != len(raw) {
			seg.bold = 0 // offsets moved: no label, no terms
			seg.faces = nil
		}
		if n > 0 {
			seg.size = sizeSum / float64(n)
		}
		if seg.text != "" {
			segs = append(segs, seg)
		}
		b.Reset()
		sizeSum, n = 0, 0
	}
	lastSpace := true
	for i, g := range row {
		em := math.Max(g.size, 1)
		gap := g.x - end
		atGutter := gutter > 0 && end <= gutter+1 && g.x >= gutter-1 && gap > 0.2*em
		if i == 0 || gap > 1.0*em || atGutter {
			if i > 0 {
				finish()
			}
			seg = line{x0: g.x, y: g.y}
			lastSpace = true
			leadBold = true
			faces = faceTracker{}
		} else if (gap > 0.15*em || g.space || endsScript(row[i-1], g) && gap > 0) && !lastSpace {
			b.WriteByte(' ')
			lastSpace = true
		}
		if g.space {
			if g.x+g.w > end {
				end = g.x + g.w
			}
			continue
		}
		if leadBold && !g.bold && (b.Len() > 0 || !labelMark(g.s)) {
			// A mark set before a label in a font of its own (an
			// icon: "✦ Definition 0.1.1") does not end the bold run.
			leadBold = false
			seg.bold = len(strings.TrimRight(b.String(), " "))
		}
		faces.add(b.Len(), g)
		b.WriteString(g.s)
		lastSpace = false
		sizeSum += g.size
		n++
		if g.x+g.w > end || gap > -2*em {
			end = g.x + g.w
		}
		if end > seg.x1 {
			seg.x1 = end
		}
	}
	finish()
	return segs
}

// negationSlash is the combining long solidus that TeX's \not (cmsy's
// "negationslash") sets over the relation after it.
const negationSlash = "\u0338"

// composeNegations puts a negation slash after the relation it strikes
// through, where Unicode wants a combining mark, and composes the pair
// where a character exists: "̸=" → "≠", "̸∈" → "∉". The slash is drawn
// first, at the relation's own x, so it comes out before it.
func composeNegations(s string) string {
	if !strings.Contains(s, negationSlash) {
		return s
	}
	var b strings.Builder
	rest := s
	for {
		i := strings.Index(rest, negationSlash)
		if i < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		after := strings.TrimLeft(rest[i+len(negationSlash):], " ")
		r, n := utf8.DecodeRuneInString(after)
		if n == 0 || unicode.IsLetter(r) || unicode.IsDigit(r) {
			// Nothing to strike through: keep the slash as it came.
			b.WriteString(negationSlash)
			rest = rest[i+len(negationSlash):]
			continue
		}
		b.WriteString(norm.NFC.String(string(r) + negationSlash))
		rest = after[n:]
	}
	return b.String()
}

func joinSegs(segs []line, col int) line {
	l := segs[0]
	l.col = col
	var parts []string
	size, maxY := 0.0, l.y
	at, italic, letters := 0, 0, 0
	l.faces = nil
	for _, s := range segs {
		if s.italic {
			italic += len(s.text)
		}
		letters += len(s.text)
		for _, f := range s.faces {
			l.faces = append(l.faces, faceRun{at + f.start, at + f.end, f.mark})
		}
		at += len(s.text) + 1
		parts = append(parts, s.text)
		size = math.Max(size, s.size)
		if s.x1 > l.x1 {
			l.x1 = s.x1
		}
		maxY = math.Max(maxY, s.y)
	}
	l.text = strings.Join(parts, " ")
	l.size = size
	l.italic = italic > 0 && 2*italic >= letters
	return l
}

// markParagraphs flags lines that start a paragraph: a larger vertical gap
// than the usual line spacing, or a first-line indent.
func markParagraphs(ls []line) {
	var gaps []float64
	for i, l := range ls {
		if i > 0 && ls[i-1].col == l.col && ls[i-1].y > l.y {
			gaps = append(gaps, ls[i-1].y-l.y)
		}
	}
	colLeft := leftEdges(ls)
	lead := 12.0
	if len(gaps) > 0 {
		sort.Float64s(gaps)
		lead = gaps[len(gaps)/2]
	}
	for i := range ls {
		l := &ls[i]
		indent := l.x0 - colLeft[l.col]
		em := math.Max(l.size, 1)
		indented := indent > 0.8*em && indent < 3*em
		if i == 0 {
			// A page may continue the previous page's paragraph.
			l.parBreak = indented
			continue
		}
		prev := ls[i-1]
		if prev.col != l.col {
			l.parBreak = prev.col == colSpan || l.col == colSpan || indented
			continue
		}
		// Lines that all start at one indented edge (a framed box's
		// text, a list item's) run on: only a line set in further than
		// the one above it opens a paragraph by its indent.
		if indented && math.Abs(prev.x0-l.x0) < 0.3*em {
			indented = false
		}
		gap := prev.y - l.y
		if gap > 1.5*math.Min(lead, 1.3*em) || gap < 0 || indented {
			l.parBreak = true
		}
	}
}

// leftEdges returns each column's left edge: where most of its lines
// start, to the point. A first-line indent is measured from there, not
// from the leftmost line, which may be a label hung in the margin ("✦
// Definition 0.1.1" a few points left of the text): measured from it,
// every line of the text would read as indented, each a paragraph.
func leftEdges(ls []line) map[int]float64 {
	count := map[int]map[int]int{}
	colMin := map[int]float64{}
	for _, l := range ls {
		if m, ok := colMin[l.col]; !ok || l.x0 < m {
			colMin[l.col] = l.x0
		}
		if count[l.col] == nil {
			count[l.col] = map[int]int{}
		}
		count[l.col][int(math.Round(l.x0))]++
	}
	out := map[int]float64{}
	for col, m := range count {
		best, n := colMin[col], 0
		for x, c := range m {
			// Ties go to the leftmost: a column of two lines, one
			// indented, measures from the other.
			if c > n || c == n && float64(x) < best {
				best, n = float64(x), c
			}
		}
		if n < 2 {
			best = colMin[col]
		}
		// An edge far right of the column's leftmost line (a page of
		// centred lines) is no text edge: at most three ems of body type.
		out[col] = math.Min(best, colMin[col]+3*12)
	}
	return out
}

// deferTopCaptions moves a figure's or table's caption that opens a
// column after the paragraph it interrupts: a float set at the top of a
// column stands between the previous column's last words and their
// continuation ("in dis-", "Figure 1: …", "tributed systems"). The caption
// is the column's first lines, in a size of their own; the paragraph goes
// on in lowercase after them and ends where the next one starts.
func deferTopCaptions(ls []line) {
	for i := range ls {
		if i > 0 && ls[i].col == ls[i-1].col || !captionRe.MatchString(ls[i].text) {
			continue
		}
		k := i + 1
		for k < len(ls) && ls[k].col == ls[i].col && math.Abs(ls[k].size-ls[i].size) < 0.5 && !ls[k].parBreak {
			k++
		}
		if k == len(ls) || ls[k].col != ls[i].col || math.Abs(ls[k].size-ls[i].size) < 0.5 {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(ls[k].text); !unicode.IsLower(r) {
			continue
		}
		// A numbered section title ends the paragraph too, when its
		// spacing did not ("5.3 Log replication").
		j := k + 1
		for j < len(ls) && ls[j].col == ls[k].col && !ls[j].parBreak && !numberedRe.MatchString(ls[j].text) {
			j++
		}
		caption := slices.Clone(ls[i:k])
		copy(ls[i:], ls[k:j])
		copy(ls[i+j-k:], caption)
		ls[i].parBreak = false
		ls[i+j-k].parBreak = true
	}
}

var (
	// captionRe matches the start of a figure's or table's caption.
	captionRe = lazyre.New(`^(?:Figure|Fig\.|FIGURE|Table|TABLE)\s*[0-9IVX]+[.:]`)
	digitsRe  = lazyre.New(`[0-9]+`)
	pageNumRe = lazyre.New(`^(?i)(page\s*)?([0-9]+|[ivxlcdm]+)$`)
	hyphenRe  = lazyre.New(`(\p{Ll})-\n\n?(\p{Ll})`)
	blanksRe  = lazyre.New(`\n{3,}`)
	// numberedRe matches "1 Title", "2.3 Title", "A.1 Title" (not "1. Item").
	numberedRe = lazyre.New(`^(?:[0-9]+((?:\.[0-9]+)*)|[A-Z]((?:\.[0-9]+)+))\s+\p{Lu}\p{Ll}`)
)

// furnitureBand is the share of a page's height, from its top or bottom
// edge, where running headers and footers stand: books and papers set them
// within the outer tenth or so (a 1988 journal's scanned pages: 13.5%).
const furnitureBand = 0.15

// dropFurniture removes running headers/footers and page numbers: the first
// and last lines of pages that repeat (digits ignored) on several pages and
// are set no larger than the body text. A slide's title repeated on the
// slides of one topic ("Custom Layers (1/5)" … "(5/5)") is the slide's
// heading, larger than its text, and stays. A running line stands in the
// page's margin, within furnitureBand of its edge: a slide's last line of
// code repeated as the talk builds it up, or a listing's closing brace at
// the foot of several pages, stands higher and stays.
func dropFurniture(pages []*page) {
	body := bodySize(pages)
	count := map[string]int{}
	key := func(l line, top bool) string {
		t := "b"
		if top {
			t = "t"
		}
		return t + digitsRe.ReplaceAllString(strings.Join(strings.Fields(l.text), " "), "#")
	}
	edges := func(p *page) (int, int) {
		top, bot := -1, -1
		for i, l := range p.lines {
			if top < 0 || l.y > p.lines[top].y {
				top = i
			}
			if bot < 0 || l.y < p.lines[bot].y {
				bot = i
			}
		}
		return top, bot
	}
	for _, p := range pages {
		top, bot := edges(p)
		if top >= 0 {
			count[key(p.lines[top], true)]++
			if bot != top {
				count[key(p.lines[bot], false)]++
			}
		}
	}
	const min = 3
	for _, p := range pages {
		top, bot := edges(p)
		for _, i := range []int{top, bot} {
			if i < 0 {
				continue
			}
			l := &p.lines[i]
			small := body <= 0 || l.size <= 1.1*body
			edge := l.y - p.y0
			if i == top {
				edge = p.height - edge
			}
			margin := p.height <= 0 || edge <= furnitureBand*p.height
			if pageNumRe.MatchString(strings.TrimSpace(l.text)) || small && margin && count[key(*l, i == top)] >= min {
				l.drop = true
			}
		}
	}
}

// bodySize returns the size of the document's body text: the commonest
// glyph size over all pages (0 when there are no glyphs).
func bodySize(pages []*page) float64 {
	hist := map[int]int{}
	for _, p := range pages {
		for k, n := range p.sizes {
			hist[k] += n
		}
	}
	best, bestN := 0, -1
	for k, n := range hist {
		if n > bestN || (n == bestN && k < best) {
			best, bestN = k, n
		}
	}
	return float64(best) / 2
}

// markHeadings flags lines set in a font clearly larger than the body text.
func markHeadings(pages []*page) {
	body := bodySize(pages)
	if body <= 0 {
		return
	}
	// The depths of numbering ("2.3": one dot) the document's titles set
	// larger than the body have. A title numbered as deep but set at the
	// body's size is no section's: a numbered block's, printed in a box
	// with its own number ("2.4 The three interpretations of division"
	// under the section "2.4 Division"). A few large numbers of a figure
	// or a table are not titles: it takes three.
	sized := map[int]int{}
	for _, p := range pages {
		for _, l := range p.lines {
			if !l.drop && len(l.text) <= 120 && l.size >= 1.15*body {
				if m := numberedRe.FindStringSubmatch(l.text); m != nil {
					sized[strings.Count(m[1]+m[2], ".")]++
				}
			}
		}
	}
	for _, p := range pages {
		for i := range p.lines {
			l := &p.lines[i]
			if l.drop || len(l.text) > 120 || !hasLetters(l.text) {
				continue
			}
			if l.size < 1.15*body {
				// A numbered title ("2.3 Gaussian elimination") standing
				// alone as a paragraph.
				standalone := l.parBreak && (i+1 == len(p.lines) || p.lines[i+1].parBreak)
				if m := numberedRe.FindStringSubmatch(l.text); m != nil && standalone && len(l.text) <= 70 &&
					sized[strings.Count(m[1]+m[2], ".")] < 3 &&
					!strings.ContainsAny(l.text[len(l.text)-1:], ".,;:0123456789") {
					l.heading = 2
					if m[1] == "" && m[2] == "" {
						l.heading = 1
					}
				}
				continue
			}
			if l.size >= 1.6*body {
				l.heading = 1
			} else {
				l.heading = 2
			}
		}
	}
}

func hasLetters(s string) bool {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n >= 2
}

func render(pages []*page) string {
	for _, p := range pages {
		settle(p)
	}
	dropFurniture(pages)
	for _, p := range pages {
		kept := p.lines[:0]
		for _, l := range p.lines {
			if !l.drop {
				kept = append(kept, l)
			}
		}
		p.lines = kept
		markParagraphs(p.lines)
		deferTopCaptions(p.lines)
	}
	markHeadings(pages)
	var b strings.Builder
	prevHeading := 0
	hyphened := false // the line before ends in a hyphen
	for _, p := range pages {
		open := false       // the line before left a face run open
		italicBody := false // the paragraph's statement is set in italic
		for i, l := range p.lines {
			var next *line
			if i+1 < len(p.lines) {
				next = &p.lines[i+1]
			}
			continued := open
			from := 0
			if l.parBreak || l.heading > 0 || i == 0 {
				italicBody = opensItalic(l, 0)
			}
			sep := "\n"
			switch {
			case l.heading > 0 && prevHeading == l.heading:
				sep = " "
			case l.heading > 0 || prevHeading > 0 || l.parBreak:
				sep = "\n\n"
			}
			if b.Len() > 0 {
				b.WriteString(sep)
			}
			if l.heading > 0 && sep != " " {
				b.WriteString(strings.Repeat("#", l.heading))
				b.WriteByte(' ')
			}
			if label := runInLabel(l, next); label != "" {
				// A bold run-in label opens a block, whatever the
				// spacing says: "**Theorem 1.3 De Morgan's Laws.** Let …".
				if b.Len() > 0 && sep == "\n" {
					b.WriteString("\n")
				}
				if l.bold == len(l.text) {
					// A label on its own line: its statement is the
					// paragraph below, whatever the space between.
					next.parBreak = false
				}
				shown := label
				if f := strings.Fields(label); labelMark(f[0]) {
					shown = strings.TrimSpace(label[len(f[0]):])
				}
				from, continued = len(label), false
				italicBody = opensItalic(l, from)
				open = leavesOpen(p.lines, i, from, italicBody)
				b.WriteString(strings.TrimSpace("**" + shown + "** " + decorate(l, from, italicBody, continued, open, false)))
				hyphened = strings.HasSuffix(l.text, "-")
				prevHeading = l.heading
				continue
			}
			open = leavesOpen(p.lines, i, from, italicBody)
			b.WriteString(decorate(l, from, italicBody, continued, open, hyphened))
			hyphened = strings.HasSuffix(l.text, "-")
			prevHeading = l.heading
		}
	}
	s := hyphenRe.ReplaceAllString(b.String(), "$1$2")
	s = blanksRe.ReplaceAllString(s, "\n\n")
	return strings.TrimSpace(s) + "\n"
}

// span is a stretch of a row's text: glyphs closer than wordGap em apart.
type span struct {
	x0, x1 float64
	n      int     // glyphs
	em     float64 // the largest glyph's size
}

// wordGap bounds, in em, the gaps bridged within a span: wider than a
// justified word space, narrower than the narrowest column gutter.
const wordGap = 0.6

// rowSpans returns the stretches of text of a row of x-sorted glyphs.
func rowSpans(row []glyph) []span {
	var out []span
	for _, g := range row {
		if g.space {
			continue
		}
		em := math.Max(g.size, 1)
		if k := len(out) - 1; k >= 0 && g.x-out[k].x1 < wordGap*em {
			out[k].x1 = math.Max(out[k].x1, g.x+g.w)
			out[k].n++
			out[k].em = math.Max(out[k].em, em)
			continue
		}
		out = append(out, span{g.x, g.x + g.w, 1, em})
	}
	return out
}

// crossesGutter reports whether text of the row runs through the gutter
// [gl, gr] rather than stopping at its edges.
func crossesGutter(row []glyph, gl, gr float64) bool {
	const slack = 1.0
	for _, s := range rowSpans(row) {
		if s.x0 < gr-slack && s.x1 > gl+slack {
			return true
		}
	}
	return false
}

// findGutter looks, per page, for a column gutter: a vertical band in the
// middle of the page that few rows cross while column text lies on both
// sides of it. Rows are counted, not glyphs, so full-width title and
// abstract rows do not hide the gutter, and a short second column (the end
// of a paper) is a column all the same. It returns the band's edges.
func findGutter(rows [][]glyph, x0, x1 float64) (gl, gr float64, ok bool) {
	w := x1 - x0
	lo, hi := int(x0+0.3*w), int(x0+0.7*w)
	if hi-lo < 4 {
		return 0, 0, false
	}
	spans := make([][]span, len(rows))
	cross := make([]int, hi-lo)
	n := 0
	for i, row := range rows {
		spans[i] = rowSpans(row)
		if len(spans[i]) > 0 {
			n++
		}
		for _, s := range spans[i] {
			a, b := max(int(math.Floor(s.x0)), lo), min(int(math.Ceil(s.x1)), hi)
			for x := a; x < b; x++ {
				cross[x-lo]++
			}
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	least := slices.Min(cross)
	if 10*least > 6*n {
		return 0, 0, false
	}
	// The band may be crossed by a few more rows at one x than another (a
	// centered title ending inside it); allow for that in its width.
	limit := least + max(1, n/25)
	bestStart, bestLen := longestRun(cross, func(c int) bool { return c <= limit })
	if bestLen < 4 {
		return 0, 0, false
	}
	// Its edges are where the fewest rows cross it: a row ending a little
	// inside the band (a longer line of a narrow block on a slide) then
	// stays in its column instead of counting as a row across the gutter.
	band := cross[bestStart : bestStart+bestLen]
	fewest := slices.Min(band)
	coreStart, coreLen := longestRun(band, func(c int) bool { return c == fewest })
	if coreLen >= 4 {
		bestStart, bestLen = bestStart+coreStart, coreLen
	}
	gl, gr = float64(lo+bestStart), float64(lo+bestStart+bestLen)
	// Each side needs lines of column text: several rows, and glyphs in
	// stretches wider than a table cell or a margin's line number. Beside
	// a gutter no row crosses, a stretch of five em is a line of words
	// however wide the page (short lines of narrow columns far apart); a
	// page of prose and displayed equations has rows across the middle.
	const minRows, minGlyphs, wideEm = 2, 20, 5
	clear := least == 0
	rowsL, rowsR, massL, massR := 0, 0, 0, 0
	for _, sp := range spans {
		l, r := false, false
		for _, s := range sp {
			wide := s.x1-s.x0 >= 0.1*w || clear && s.x1-s.x0 >= wideEm*s.em
			switch {
			case s.x1 <= gl+1:
				l = true
				if wide {
					massL += s.n
				}
			case s.x0 >= gr-1:
				r = true
				if wide {
					massR += s.n
				}
			}
		}
		if l {
			rowsL++
		}
		if r {
			rowsR++
		}
	}
	if rowsL < minRows || rowsR < minRows || massL < minGlyphs || massR < minGlyphs {
		return 0, 0, false
	}
	return gl, gr, true
}

// combining maps spacing accent glyphs to combining marks.
var combining = map[string]string{
	"\u02c6": "\u0302", "^": "\u0302", "\u02dc": "\u0303", "~": "\u0303", "\u00af": "\u0304", "\u02c9": "\u0304",
	"\u00b4": "\u0301", "\u02ca": "\u0301", "`": "\u0300", "\u02cb": "\u0300", "\u00a8": "\u0308",
	"\u02d9": "\u0307", "\u02c7": "\u030c", "\u02d8": "\u0306", "\u02da": "\u030a", "\u00b8": "\u0327",
}

// isAccent reports whether s is an accent glyph TeX sets over a letter.
func isAccent(s string) bool {
	_, ok := combining[s]
	return ok
}

// combineAccents attaches accent glyphs placed over another glyph to that
// glyph as combining marks (TeX builds a hatted A from "A" and a circumflex).
func combineAccents(row []glyph) []glyph {
	var pending []int
	for i := range row {
		if _, ok := combining[row[i].s]; ok {
			pending = append(pending, i)
		}
	}
	if len(pending) == 0 {
		return row
	}
	skip := map[int]bool{}
	for _, i := range pending {
		a := row[i]
		c := a.x + a.w/2
		for j := range row {
			b := row[j]
			if j == i || b.space || skip[j] {
				continue
			}
			if _, isAcc := combining[b.s]; isAcc {
				continue
			}
			// TeX sets lowercase accents on the letter's own baseline (the
			// accent glyph is drawn high in its box), capitals' raised.
			if c >= b.x && c <= b.x+b.w && a.y >= b.y-0.05*math.Max(b.size, 1) {
				base := b.s
				switch base { // TeX accents dotless i and j
				case "ı":
					base = "i"
				case "ȷ":
					base = "j"
				}
				row[j].s = base + combining[a.s]
				skip[i] = true
				break
			}
		}
	}
	out := make([]glyph, 0, len(row))
	for i, g := range row {
		if !skip[i] {
			out = append(out, g)
		}
	}
	return out
}

// endsScript reports whether g returns to full size on the baseline after a
// smaller, raised or lowered glyph (the end of a sub- or superscript). A
// glyph kerned back over the small one continues the word instead: the
// raised A of the LaTeX logo.
func endsScript(prev, g glyph) bool {
	if prev.script {
		// written as a script: a word after it is apart ("t₂ then"),
		// punctuation is not ("aⱼᵢ;")
		return wordStart(g.s)
	}
	return !prev.space && prev.size < 0.85*g.size && math.Abs(prev.y-g.y) > 0.1*g.size
}

// longestRun is the first longest run of xs whose values all satisfy ok:
// its start and length, or -1 and 0 when no value does.
func longestRun(xs []int, ok func(int) bool) (start, length int) {
	start = -1
	for i, from := 0, -1; i <= len(xs); i++ {
		if i < len(xs) && ok(xs[i]) {
			if from < 0 {
				from = i
			}
			continue
		}
		if from >= 0 && i-from > length {
			start, length = from, i-from
		}
		from = -1
	}
	return start, length
}

// runInLabel is the bold run a line opens with when it reads as a block's
// run-in label — a capitalized word and a number or a full stop, a few
// words long ("Theorem 3.4.", "Definition 2.1 (Group)", "Proposition
// 1.2") — and the line goes on after it; "" otherwise. A bold line of its
// own is a heading's business, a bold word inside a sentence a term's.
//
// A label on a line of its own opens the block too when it is a word and
// a number ("Definition 0.1.1") and a line that is no heading follows it
// on the page: a heading is set apart by its size, a label is not, and the
// paragraph below is its statement.
func runInLabel(l line, next *line) string {
	if l.heading > 0 || l.bold <= 0 || l.bold > len(l.text) {
		return ""
	}
	if l.bold == len(l.text) && (next == nil || next.heading > 0) {
		return ""
	}
	label := strings.TrimSpace(l.text[:l.bold])
	ws := strings.Fields(label)
	if len(ws) > 0 && labelMark(ws[0]) {
		ws = ws[1:]
	}
	if len(ws) == 0 || len(ws) > 10 || !unicode.IsUpper([]rune(ws[0])[0]) {
		return ""
	}
	numbered := len(ws) > 1 && strings.IndexFunc(ws[1], unicode.IsDigit) == 0
	if !numbered && !strings.HasSuffix(label, ".") || l.bold == len(l.text) && (!numbered || len(ws) > 4) {
		return ""
	}
	return label
}

// labelMark reports whether s is a lone symbol a book may set before a
// block's label (a dingbat, a pilcrow, a square).
func labelMark(s string) bool {
	r := []rune(s)
	return len(r) == 1 && (unicode.IsSymbol(r[0]) || unicode.In(r[0], unicode.Po) && r[0] > 0x7f)
}
