package pdf

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Display mathematics in a PDF is glyphs placed in two dimensions: a
// fraction's numerator above a bar and its denominator below, a big
// operator's limits above and below it, in type smaller than the formula.
// Read row by row they interleave with the formula ("H[X] = P[X = s] log
// 1 … s∈S"). composeMath puts each such structure back on the formula's
// baseline, as one glyph reading as a person writes it on one line:
// "1/P[X = s]", "∑_{s∈S}". No library reads TeX's output this way (PDF
// text extractors give the glyphs in reading order), so this is lore's
// own, bounded by maxMathVisits per page.

// maxMathVisits bounds the glyphs looked at per page while composing
// formulas: a hostile page of rules and glyphs stops being composed, it
// is still read.
const maxMathVisits = 1 << 22

// bigOperators are the operators TeX sets with limits above and below in
// display style, or beside them.
const bigOperators = "∑∏∐∫∮⋃⋂⨁⨂⨀⋀⋁⨄⨆"

// hasMath reports whether a page shows a big operator or delimiter, or an
// operator word (glyphs in the order the page shows them, as TeX does):
// what composing needs besides a bar.
func hasMath(gs []glyph) bool {
	var word strings.Builder
	for i := range gs {
		if gs[i].ext || isBigOperator(gs[i].s) {
			return true
		}
		r, _ := utf8.DecodeRuneInString(gs[i].s)
		letter := unicode.IsLetter(r)
		if !letter || i > 0 && gs[i].y != gs[i-1].y {
			if wordOperators[word.String()] {
				return true
			}
			word.Reset()
		}
		if letter && word.Len() < 8 {
			word.WriteString(gs[i].s)
		}
	}
	return wordOperators[word.String()]
}

// isBigOperator reports whether s is a big operator, or one composed with
// its limits ("∑_{i=1}^n"): by its first character.
func isBigOperator(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune(bigOperators, r)
}

// closes reports whether s is a closing delimiter, or one composed with
// its scripts ("]^{α−1}").
func closes(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune(")]}⟩", r)
}

// thinRule returns the bar a rectangle (x, y, w, h in user space under
// ctm) draws, when it is one: wider than high, no higher than a thick
// line, and upright on the page.
func thinRule(x, y, w, h float64, ctm matrix) (rule, bool) {
	if ctm[1] != 0 || ctm[2] != 0 {
		return rule{}, false
	}
	x0, y0 := x*ctm[0]+ctm[4], y*ctm[3]+ctm[5]
	x1, y1 := (x+w)*ctm[0]+ctm[4], (y+h)*ctm[3]+ctm[5]
	wd, ht := math.Abs(x1-x0), math.Abs(y1-y0)
	if ht > 1.5 || wd < 1 || wd < 2*ht || math.IsNaN(wd+ht) || math.IsInf(wd+ht, 0) {
		return rule{}, false
	}
	return rule{math.Min(x0, x1), math.Max(x0, x1), (y0 + y1) / 2}, true
}

// mathComposer holds a page's glyphs while its formulas are composed.
type mathComposer struct {
	gs   []glyph
	gone []bool // glyphs taken into a composed one
	// byY are the glyph indices by their first baseline, top first; a
	// composed glyph keeps its place there though it moved down onto
	// its formula's baseline, by at most maxMove.
	byY    []int
	firstY []float64
	// based marks the operators and delimiters put on their formula's
	// baseline: a neighbour's baseline for the next one.
	based []bool
	ops   []int // the big operators and delimiters, right to left
	// opMid is each operator's middle as drawn, before composing
	// widens it.
	opMid map[int]float64
	// anchor is the glyph whose baseline each operator or delimiter
	// took: when a fraction takes that glyph in, the baseline is sought
	// again.
	anchor  map[int]int
	anchorY map[int]float64 // the anchor's baseline when taken
	// pieces are the delimiters put on their baselines so far.
	pieces []int
	visits int
}

// maxMove bounds how far down composing moves a glyph: a numerator onto
// its baseline, an operator from its top to the formula's baseline.
const maxMove = 24.0

// composeMath returns the page's glyphs with its fractions and big
// operators' limits composed onto their formulas' baselines.
func composeMath(gs []glyph, rules []rule) []glyph {
	if len(gs) == 0 || len(rules) == 0 && !hasMath(gs) {
		return gs // most pages of prose: nothing to compose
	}
	m := &mathComposer{gs: gs, gone: make([]bool, len(gs)), byY: make([]int, len(gs)), firstY: make([]float64, len(gs))}
	for i := range m.byY {
		m.byY[i] = i
		m.firstY[i] = gs[i].y
	}
	sort.SliceStable(m.byY, func(a, b int) bool { return gs[m.byY[a]].y > gs[m.byY[b]].y })
	// Operators and delimiters first, so that a numerator holding a sum
	// reads as one row; then inner fractions before outer ones, so that
	// a fraction inside a numerator is composed before the numerator is
	// read.
	m.based = make([]bool, len(gs))
	m.opMid, m.anchor, m.anchorY = map[int]float64{}, map[int]int{}, map[int]float64{}
	for i := range m.gs {
		if m.gs[i].ext || isBigOperator(m.gs[i].s) {
			m.ops = append(m.ops, i)
			m.opMid[i] = m.gs[i].x + m.gs[i].w/2
		}
	}
	// Right to left, so that of "∑∑ x" the right operator, put on the
	// baseline, gives the left one its baseline.
	sort.SliceStable(m.ops, func(a, b int) bool { return gs[m.ops[a]].x > gs[m.ops[b]].x })
	for _, i := range m.ops {
		m.limits(i, false)
	}
	m.wordOperators()
	rs := append([]rule(nil), rules...)
	sort.SliceStable(rs, func(a, b int) bool { return rs[a].x1-rs[a].x0 < rs[b].x1-rs[b].x0 })
	for _, r := range rs {
		m.fraction(r)
	}
	// An operator or delimiter whose neighbour was a numerator or a
	// denominator has its true baseline now that they are composed.
	for _, i := range m.ops {
		a, ok := m.anchor[i]
		// An anchor taken into a fraction is gone, or is the fraction
		// now, moved onto the formula's baseline.
		still := ok && !m.gone[a] && m.gs[a].y == m.anchorY[i]
		if m.gone[i] || still && isBigOperator(m.gs[i].s) {
			continue
		}
		if still {
			m.attachScripts(i)
			continue
		}
		m.limits(i, true)
	}
	out := m.gs[:0]
	for i, g := range m.gs {
		if !m.gone[i] {
			out = append(out, g)
		}
	}
	return out
}

// band returns the glyphs (not gone, no spaces) whose baselines lie in
// (lo, hi) and whose middles lie in [x0, x1], left to right.
func (m *mathComposer) band(lo, hi, x0, x1 float64) []int {
	// byY is sorted by first baseline, descending: start at the first
	// index below hi + maxMove, where a glyph moved down into the band
	// may still stand.
	start := sort.Search(len(m.byY), func(k int) bool { return m.firstY[m.byY[k]] < hi+maxMove })
	var out []int
	for k := start; k < len(m.byY); k++ {
		i := m.byY[k]
		g := &m.gs[i]
		if m.firstY[i] <= lo {
			break
		}
		if m.visits++; m.visits > maxMathVisits {
			return nil
		}
		if mid := g.x + g.w/2; !m.gone[i] && !g.space && g.y > lo && g.y < hi && mid >= x0 && mid <= x1 {
			out = append(out, i)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return m.gs[out[a]].x < m.gs[out[b]].x })
	return out
}

// fraction composes the fraction whose bar is r, when glyphs stand just
// above and below it and the formula goes on beside it on the bar's
// level: a table's rule has rows above and below but nothing beside it.
func (m *mathComposer) fraction(r rule) {
	const reach = 16.0 // points above or below a bar a numerator may stand
	num := m.band(r.y+0.3, r.y+reach, r.x0-0.5, r.x1+0.5)
	den := m.band(r.y-reach, r.y-0.3, r.x0-0.5, r.x1+0.5)
	num, den = nearest(m.gs, num, r.y, true), nearest(m.gs, den, r.y, false)
	if len(den) == 0 {
		return
	}
	// A bar that starts at a radical sign is a root's: what stands above
	// it is the line before, what stands below is the radicand.
	for _, j := range m.band(r.y-3*maxMove, r.y+2, r.x0-12, r.x0+1) {
		if g := m.gs[j]; g.s == "√" && g.x+g.w >= r.x0-1.5 {
			base := m.gs[den[0]]
			m.replace(append([]int{j}, den...), glyph{x: g.x, y: base.y, w: r.x1 - g.x, size: base.size, s: "√" + atom(scriptedText(m.gs, den))})
			return
		}
	}
	if len(num) == 0 {
		return
	}
	size := 0.0
	for _, i := range append(num[:len(num):len(num)], den...) {
		size = math.Max(size, m.gs[i].size)
	}
	n0, n1 := cover(m.gs, num)
	d0, d1 := cover(m.gs, den)
	wide := math.Max(n1-n0, d1-d0)
	if wide < 0.5*(r.x1-r.x0) || m.gs[num[0]].y-r.y > 1.4*size || r.y-m.gs[den[0]].y > 1.6*size {
		return
	}
	// TeX centres both on the bar; glyphs that are not are other text.
	mid := (r.x0 + r.x1) / 2
	for _, ids := range [][]int{num, den} {
		if x0, x1 := cover(m.gs, ids); math.Abs((x0+x1)/2-mid) > 0.1*(r.x1-r.x0)+1 {
			return
		}
	}
	// The formula beside the bar: a glyph left or right of it whose
	// baseline is just below the bar (TeX centres a fraction on the math
	// axis, a quarter em above the baseline).
	side := m.band(r.y-0.7*size, r.y+0.1*size, r.x0-3*size, r.x0-0.01)
	side = append(side, m.band(r.y-0.7*size, r.y+0.1*size, r.x1+0.01, r.x1+3*size)...)
	if len(side) == 0 {
		return
	}
	base := m.gs[side[0]]
	text := atom(scriptedText(m.gs, num)) + "/" + atom(scriptedText(m.gs, den))
	m.replace(append(num, den...), glyph{x: r.x0, y: base.y, w: r.x1 - r.x0, size: base.size, s: text})
}

// nearest keeps, of the glyphs ids (left to right), those on the row
// closest to y: the numerator's or denominator's own line, not the text
// line above or below the formula.
func nearest(gs []glyph, ids []int, y float64, above bool) []int {
	if len(ids) == 0 {
		return nil
	}
	best := math.Inf(1)
	for _, i := range ids {
		best = math.Min(best, math.Abs(gs[i].y-y))
	}
	var out []int
	for _, i := range ids {
		// Scripts of the row stay with it: within half its size.
		if math.Abs(gs[i].y-y)-best <= 0.5*gs[i].size {
			out = append(out, i)
		}
	}
	return out
}

// limits composes big operator i with the limits set above and below it
// (or beside it, raised and lowered) onto the baseline of the formula it
// stands in; a big delimiter is put on that baseline, and given the
// scripts at its right edge when scripts is set.
func (m *mathComposer) limits(i int, scripts bool) {
	op := m.gs[i]
	size := math.Max(op.size, 1)
	// The formula's baseline: that of the nearest glyph beside the
	// operator (right of it, or left of a closing delimiter) in type of
	// its size, at most a little above the point it hangs from.
	// (A composed neighbour may be wide: its middle is looked for
	// farther off, its edge must be near.)
	// An operator's scripts set beside it ("⨁_{U∈Ob(C)} j_U") may stand
	// between it and the formula's next glyph.
	reach := 2.5 * size
	if isBigOperator(op.s) {
		reach = 8 * size
	}
	x0, x1 := op.x+op.w, op.x+op.w+reach+3*size
	if closes(op.s) {
		x0, x1 = op.x-reach-3*size, op.x
	}
	baseY, anchor, dist := 0.0, -1, math.Inf(1)
	for _, j := range m.band(op.y-2*size, op.y+0.2*size, x0, x1) {
		g := m.gs[j]
		d := g.x - (op.x + op.w)
		if closes(op.s) {
			d = op.x - (g.x + g.w)
		}
		// Nearest beside it, and nearest the height a baseline has
		// below a hanging glyph's origin: not the next line's text.
		score := math.Max(d, 0) + math.Abs(g.y-(op.y-0.9*size))
		if g.size >= 0.9*size && (!g.ext && !isBigOperator(g.s) || m.based[j]) && d > -0.2*size && d < reach && score < dist {
			baseY, anchor, dist = g.y, j, score
		}
	}
	if anchor < 0 {
		return
	}
	m.based[i], m.anchor[i], m.anchorY[i] = true, anchor, baseY
	op.y = baseY
	m.replace([]int{i}, op)
	// A tall delimiter drawn as pieces one above the other is one
	// delimiter once on the baseline.
	if op.ext && !isBigOperator(op.s) {
		for _, j := range m.pieces {
			if g := m.gs[j]; j != i && !m.gone[j] && g.s == op.s && math.Abs(g.x-op.x) < 0.5 && math.Abs(m.firstY[j]-m.firstY[i]) < 4*size {
				m.gone[i] = true
				return
			}
		}
		m.pieces = append(m.pieces, i)
	}
	if isBigOperator(op.s) && utf8.RuneCountInString(op.s) == 1 {
		m.attach(i, true)
	} else if scripts {
		m.attachScripts(i)
	}
}

// attachScripts gives a closing delimiter its scripts,
// "(dµ/dν(x))^{α−1}": once the fractions beside it are composed, so that
// a numerator is not taken for one.
func (m *mathComposer) attachScripts(i int) {
	if s := m.gs[i].s; m.based[i] && utf8.RuneCountInString(s) == 1 && (closes(s) || s == "|" || s == "‖") {
		m.attach(i, false)
	}
}

// attach composes glyph i, on its baseline, with the limits centred
// above and below it (when centred) or the scripts raised and lowered at
// its right edge.
func (m *mathComposer) attach(i int, centred bool) {
	op := m.gs[i]
	size := math.Max(op.size, 1)
	baseY := op.y
	// Limits of neighbouring operators run together ("i=1A∈{U,V,W}"
	// under ∑∑): a limit stops at the widest gap between the two
	// operators' middles.
	mid := op.x + op.w/2
	var near []float64 // middles of the operators beside this one
	for _, j := range m.ops {
		if j != i && isBigOperator(m.gs[j].s) && math.Abs(m.firstY[j]-m.firstY[i]) < 0.5*size {
			if c := m.opMid[j]; math.Abs(c-mid) < 6*size {
				near = append(near, c)
			}
		}
	}
	scriptReach := 0.9*size + math.Max(0, m.firstY[i]-baseY-0.8*size)
	script := func(lo, hi float64) []int {
		var small []int
		for _, j := range m.band(lo, hi, op.x-3*size, op.x+op.w+3*size) {
			if m.gs[j].size < 0.9*size && j != i {
				small = append(small, j)
			}
		}
		// Row by row from the baseline out, the first stretch of
		// glyphs centred on the operator (a limit) or starting at its
		// right edge (a script); anything else is other text, a
		// subscript of the summand among it.
		for len(small) > 0 {
			row := nearest(m.gs, small, baseY, false)
			for _, c := range near {
				row = cutAtGap(m.gs, row, c, mid)
			}
			if centred {
				if c := centredRun(m.gs, row, op.x, op.x+op.w, 0.5*size); c != nil {
					return c
				}
			}
			// A script stands closer to the baseline than a limit,
			// farther on a tall glyph (one hanging far above it).
			if dy := math.Abs(m.gs[row[0]].y - baseY); dy <= scriptReach {
				for _, c := range clusters(m.gs, row, 0.5*size) {
					if math.Abs(m.gs[c[0]].x-(op.x+op.w)) <= 0.4*size {
						return c
					}
				}
			}
			small = slices.DeleteFunc(small, func(j int) bool { return slices.Contains(row, j) })
		}
		return nil
	}
	lower := script(baseY-2.2*size, baseY-0.15*size)
	upper := script(baseY+0.3*size, baseY+2.6*size)
	if len(lower) == 0 && len(upper) == 0 {
		return
	}
	text := op.s
	if len(lower) > 0 {
		text += "_" + group(rowText(m.gs, lower))
	}
	if len(upper) > 0 {
		text += "^" + group(rowText(m.gs, upper))
	}
	w := op.w
	for _, j := range append(lower[:len(lower):len(lower)], upper...) {
		w = math.Max(w, m.gs[j].x+m.gs[j].w-op.x)
	}
	m.replace(append([]int{i}, append(lower, upper...)...), glyph{x: op.x, y: baseY, w: w, size: op.size, s: text, ext: op.ext})
}

// wordOperators are the operators set as upright words that take limits
// below them in display: "inf_{z∈Z}", "arg max_z", "lim_{n→∞}".
var wordOperators = map[string]bool{
	"inf": true, "sup": true, "max": true, "min": true, "lim": true, "liminf": true, "limsup": true,
	"det": true, "gcd": true, "Pr": true, "colim": true,
}

// wordOperators composes each operator word with the limit centred below
// it; a word with nothing centred below stays as it is.
func (m *mathComposer) wordOperators() {
	var row []int // the current row's glyphs, left to right
	flush := func() {
		sort.SliceStable(row, func(a, b int) bool { return m.gs[row[a]].x < m.gs[row[b]].x })
		for k := 0; k < len(row); {
			// The word starting at k: letters of one size set close.
			e := k + 1
			for e < len(row) && m.letter(row[e]) && m.letter(row[k]) && m.gs[row[e]].x-(m.gs[row[e-1]].x+m.gs[row[e-1]].w) < 0.12*m.gs[row[k]].size &&
				m.gs[row[e]].size == m.gs[row[k]].size {
				e++
			}
			if n := e - k; n < 2 || n > 6 || !strings.Contains("ismldgPc", m.gs[row[k]].s) {
				// No operator word starts so or is so long: skip
				// building the word's text.
				k = e
				continue
			}
			if word := rowText(m.gs, row[k:e]); wordOperators[word] && m.wordEdge(row, k-1, k) && m.wordEdge(row, e, e-1) {
				m.wordLimit(row[k:e], word)
			}
			k = e
		}
		row = row[:0]
	}
	for k, i := range m.byY {
		if k > 0 && m.firstY[i] != m.firstY[m.byY[k-1]] {
			flush()
		}
		if !m.gone[i] && !m.gs[i].space {
			row = append(row, i)
		}
		if m.visits++; m.visits > maxMathVisits {
			return
		}
	}
	flush()
}

func (m *mathComposer) letter(i int) bool {
	r, _ := utf8.DecodeRuneInString(m.gs[i].s)
	return unicode.IsLetter(r) && !m.gs[i].italic
}

// wordEdge reports whether glyph k of row (out of range: none), beside
// glyph w of a word, leaves the word whole: no letter set close to it.
func (m *mathComposer) wordEdge(row []int, k, w int) bool {
	if k < 0 || k >= len(row) || !m.letter(row[k]) {
		return true
	}
	a, b := m.gs[row[min(k, w)]], m.gs[row[max(k, w)]]
	return b.x-(a.x+a.w) >= 0.12*m.gs[row[w]].size
}

// wordLimit composes the operator word of glyphs ids with the limit
// centred below it.
func (m *mathComposer) wordLimit(ids []int, word string) {
	first, last := m.gs[ids[0]], m.gs[ids[len(ids)-1]]
	size := math.Max(first.size, 1)
	x0, x1 := first.x, last.x+last.w
	var small []int
	for _, j := range m.band(first.y-1.6*size, first.y-0.3*size, x0-3*size, x1+3*size) {
		if m.gs[j].size < 0.9*size {
			small = append(small, j)
		}
	}
	if len(small) == 0 {
		return
	}
	lim := centredRun(m.gs, nearest(m.gs, small, first.y, false), x0, x1, 0.5*size)
	if lim == nil {
		return
	}
	g := glyph{x: x0, y: first.y, w: x1 - x0, size: first.size, s: word + "_" + group(rowText(m.gs, lim))}
	m.replace(append(slices.Clone(ids), lim...), g)
}

// replace marks glyphs ids gone and puts g in the first one's place.
func (m *mathComposer) replace(ids []int, g glyph) {
	for _, j := range ids {
		m.gone[j] = true
	}
	m.gs[ids[0]] = g
	m.gone[ids[0]] = false
}

// centredRun returns the stretch of glyphs ids (left to right, none more
// than gap apart) centred on [x0, x1], grown from the glyph over its
// middle as far as it stays centred: one operator's limit where two
// operators' limits run together ("i=1A∈{U,V,W}" under ∑∑).
func centredRun(gs []glyph, ids []int, x0, x1, gap float64) []int {
	mid, tol := (x0+x1)/2, 0.3*(x1-x0)+1
	k, best := -1, math.Inf(1)
	for n, i := range ids {
		if d := math.Abs(gs[i].x + gs[i].w/2 - mid); d < best {
			k, best = n, d
		}
	}
	if k < 0 || gs[ids[k]].x > x1 || gs[ids[k]].x+gs[ids[k]].w < x0 {
		return nil
	}
	lo, hi := k, k
	centreOf := func(a, b int) float64 { return (gs[ids[a]].x + gs[ids[b]].x + gs[ids[b]].w) / 2 }
	for {
		left := lo > 0 && gs[ids[lo]].x-(gs[ids[lo-1]].x+gs[ids[lo-1]].w) <= gap
		right := hi+1 < len(ids) && gs[ids[hi+1]].x-(gs[ids[hi]].x+gs[ids[hi]].w) <= gap
		dl, dr := math.Inf(1), math.Inf(1)
		if left {
			dl = math.Abs(centreOf(lo-1, hi) - mid)
		}
		if right {
			dr = math.Abs(centreOf(lo, hi+1) - mid)
		}
		switch {
		case dl <= dr && dl <= tol:
			lo--
		case dr <= tol:
			hi++
		default:
			if math.Abs(centreOf(lo, hi)-mid) > tol {
				return nil
			}
			return ids[lo : hi+1]
		}
	}
}

// cutAtGap drops from glyphs ids (left to right) those beyond the widest
// gap between them that lies between other and mid: what stands on the
// other operator's side.
func cutAtGap(gs []glyph, ids []int, other, mid float64) []int {
	lo, hi := math.Min(other, mid), math.Max(other, mid)
	theirs := false // a glyph stands nearer the other operator
	for _, i := range ids {
		c := gs[i].x + gs[i].w/2
		theirs = theirs || math.Abs(c-other) < math.Abs(c-mid)
	}
	if !theirs {
		return ids
	}
	cut, widest := math.NaN(), -1.0
	for k := 1; k < len(ids); k++ {
		a, b := gs[ids[k-1]].x+gs[ids[k-1]].w, gs[ids[k]].x
		if g := b - a; (a+b)/2 > lo && (a+b)/2 < hi && g > widest {
			cut, widest = (a+b)/2, g
		}
	}
	if math.IsNaN(cut) {
		return ids
	}
	var out []int
	for _, i := range ids {
		if c := gs[i].x + gs[i].w/2; (c < cut) == (mid < cut) {
			out = append(out, i)
		}
	}
	return out
}

// clusters splits glyphs ids (left to right) where they stand more than
// gap apart.
func clusters(gs []glyph, ids []int, gap float64) [][]int {
	var out [][]int
	for k, i := range ids {
		if k == 0 || gs[i].x-(gs[ids[k-1]].x+gs[ids[k-1]].w) > gap {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], i)
	}
	return out
}

// cover is the stretch [x0, x1] the glyphs ids cover.
func cover(gs []glyph, ids []int) (x0, x1 float64) {
	x0, x1 = math.Inf(1), math.Inf(-1)
	for _, i := range ids {
		x0 = math.Min(x0, gs[i].x)
		x1 = math.Max(x1, gs[i].x+gs[i].w)
	}
	return x0, x1
}

// rowText is the text of glyphs ids (left to right), a space where they
// stand apart.
func rowText(gs []glyph, ids []int) string {
	var b strings.Builder
	for k, i := range ids {
		g := gs[i]
		if k > 0 {
			p := gs[ids[k-1]]
			if g.x-(p.x+p.w) > 0.2*math.Max(g.size, 1) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(g.s)
	}
	return b.String()
}

// atom is s as one side of a fraction written on a line: bare when it is
// one word or number, in parentheses otherwise ("(x + 1)/2").
func atom(s string) string {
	if isAtom(s) {
		return s
	}
	return "(" + s + ")"
}

// group is s as an operator's limit: bare when it is one character,
// braced otherwise ("∑_i", "∑_{s∈S}").
func group(s string) string {
	if len([]rune(s)) == 1 {
		return s
	}
	return "{" + s + "}"
}

func isAtom(s string) bool {
	if s == "" {
		return false
	}
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") && strings.Count(s, "(") == 1 {
		return true
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' {
			return false
		}
	}
	return true
}

// scriptedText is the text of glyphs ids (left to right) with their
// scripts written as such: a numerator "Xₙ", not "Xn".
func scriptedText(gs []glyph, ids []int) string {
	row := make([]glyph, len(ids))
	for k, i := range ids {
		row[k] = gs[i]
	}
	return glyphsText(markScripts(row))
}

// glyphsText is the text of glyphs in order, a space where they stand
// apart.
func glyphsText(gs []glyph) string {
	ids := make([]int, len(gs))
	for i := range ids {
		ids[i] = i
	}
	return rowText(gs, ids)
}
