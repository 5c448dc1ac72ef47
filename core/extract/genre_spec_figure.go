package extract

import (
	"slices"
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Figures of a specification in RFC layout, read as a reader reads them.
//
// A box diagram is one figure with what is drawn around it: the label
// over it ("original packet:"), the marks that say boxes were left out
// between two of its rows ("o" stacked under a box), the legend under
// its last border ("Type=131"), and its caption ("Figure 3:  Send
// Sequence Space", or a title over "Figure 6."). A statement that
// introduces figures ("… as illustrated:", "… formatted as follows:")
// keeps every one of them and the field list that follows ("where:",
// "Kind:  1 byte"), specIntroduced. A grid table ("+====+" under its
// header row) is no drawing but rows: each row is an entry, its first
// cell the term and the others what the header says of it. A captioned
// figure or table no statement introduces is a definition of its own,
// named by its caption (specCaptionedFigures).

// specCaptionLine matches a figure's or a table's caption: "Figure 1:
// Format of a DHCP message", "Table 2: Send Sequence Variables",
// "Figure 6.".
var specCaptionLine = lazyre.New(`^(Figure|Fig\.|Table)\s+([0-9]+(?:[.-][0-9]+)*)(?:[.:]\s*(.*))?$`)

// maxFigureLines bounds the lines of all the figures one statement
// introduces.
const maxFigureLines = 2 * maxDiagramLines

// specBoxLine reports whether t, a line without its indentation, draws
// boxes: it opens with a border or a box's side, or a field of any
// length (":", "/", "\", "~"), or is the dotted side of a field of
// variable length (".   Extension Field 1 (variable)   .", RFC 5905).
func specBoxLine(t string) bool {
	return t != "" && strings.ContainsRune("+|:/\\~", rune(t[0])) ||
		len(t) > 3 && t[0] == '.' && t[len(t)-1] == '.' && t[1] == ' ' && t[len(t)-2] == ' ' ||
		dashRule(t) || labelledBoxLine(t)
}

// dashRule reports whether t is a rule of dashes alone, the border an
// older RFC draws above and below a row of fields ("-----------").
func dashRule(t string) bool {
	return len(t) >= 10 && strings.Trim(t, "-") == ""
}

// labelledBoxLine reports whether t is a row of fields with the packet's
// name before it, as an RFC stacks its formats ("ACK   | 04 | Block # |").
func labelledBoxLine(t string) bool {
	i := strings.IndexByte(t, '|')
	if i <= 0 || i > 12 || strings.Count(t, "|") < 3 {
		return false
	}
	w := strings.Fields(t[:i])
	return len(w) == 1 && strings.IndexFunc(w[0], func(r rune) bool { return !unicode.IsLetter(r) && r != '/' }) < 0
}

// specBorderLine reports whether t is a box's border: "+--+--+", "+-+-+",
// "+====+", "+---//---+", a rule of dashes.
func specBorderLine(t string) bool {
	return len(t) > 2 && t[0] == '+' && strings.Trim(t, "+-=/. ") == "" || dashRule(t)
}

// specElision reports whether t only says that boxes were left out
// between two rows of a diagram ("o", ".", "...", "…").
func specElision(t string) bool {
	switch t {
	case "o", ".", "..", "...", "…", "....":
		return true
	}
	return false
}

// isBoxDiagram reports whether block b is drawn as boxes: it opens with a
// box's line or the numbers of the bits above it, every line up to its
// last box line draws boxes, numbers bits or marks boxes left out, one
// line is a border ("+--+--+", "+-+-+"), and what follows the last box
// line is a short legend ("Type=131"), never a sentence.
func isBoxDiagram(window string, b *specBlock) bool {
	if len(b.lines) == 0 {
		return false
	}
	last := -1
	for k := len(b.lines) - 1; k >= 0; k-- {
		if specBoxLine(strings.TrimSpace(window[b.lines[k].a:b.lines[k].b])) {
			last = k
			break
		}
	}
	if last < 0 {
		return false
	}
	border := false
	for k, l := range b.lines {
		t := strings.TrimSpace(window[l.a:l.b])
		switch {
		case k > last:
			if len(strings.Fields(t)) > 4 || strings.HasSuffix(t, ".") && !specCaptionLine.MatchString(t) {
				return false
			}
		case specBoxLine(t), specRulerLine(t):
			border = border || specBorderLine(t)
		case k > 0 && specElision(t):
		default:
			return false
		}
	}
	return border
}

// specArrowSpan matches the span a ruler marks over a diagram's boxes:
// "<- 1 byte ->", "<------------- n bytes -------------->".
var specArrowSpan = lazyre.New(`<-+[^<>]*?-+>`)

// specRulerLine reports whether t numbers a diagram's bits ("0 1 2 3 4 5
// 6 7") or marks the span of its fields ("<- 1 byte -> <-- s bytes -->"),
// or both.
func specRulerLine(t string) bool {
	return strings.Trim(specArrowSpan.ReplaceAllString(t, " "), "0123456789 ") == "" || widthsLine(t)
}

// widthWords are the words of a line that gives the widths of the fields
// under it ("2 bytes    string    1 byte").
var widthWords = map[string]bool{
	"byte": true, "bytes": true, "bit": true, "bits": true, "octet": true, "octets": true,
	"string": true, "variable": true, "n": true,
}

// widthsLine reports whether t gives the widths of the fields under it.
func widthsLine(t string) bool {
	f := strings.Fields(t)
	if len(f) < 2 {
		return false
	}
	unit := false
	for _, w := range f {
		switch {
		case widthWords[strings.ToLower(w)]:
			unit = true
		case strings.Trim(w, "0123456789") == "":
		default:
			return false
		}
	}
	return unit
}

// specDrawing reports whether block b is drawn in lines and arrows
// rather than boxes alone — a state machine, a message flow: no prose,
// and at least half its lines draw ("|", "+--", "-->", "<--", "v" under
// a state), one of them joining two things.
func specDrawing(window string, b *specBlock) bool {
	if len(b.lines) < 4 || b.kind == bkHeading || b.kind == bkRow || b.kind == bkItem || b.kind != bkCode && !isSpecCode(window, b) {
		return false
	}
	drawn, joins := 0, false
	for _, l := range b.lines {
		t := window[l.a:l.b]
		if prose := 0; slices.ContainsFunc(strings.Fields(t), func(w string) bool {
			if specProseWord(w) {
				prose++
			}
			return prose > 5
		}) {
			return false // a sentence: prose run on into a drawing
		}
		j := strings.Contains(t, "+--") || strings.Contains(t, "--+") || strings.Contains(t, "->") || strings.Contains(t, "<-")
		joins = joins || j
		if j || strings.Contains(t, "|") || strings.Contains(t, "^") || slices.Contains(strings.Fields(t), "v") {
			drawn++
		}
	}
	return joins && drawn*2 >= len(b.lines)
}

// isSpecFigure reports whether block b is a figure: a box diagram, a
// table or a drawing, or what its source's markup calls a drawing
// ("~~~ ascii-art") unless it reads as code.
func isSpecFigure(window string, b *specBlock) bool {
	return isBoxDiagram(window, b) || specDrawing(window, b) || b.art && !isSpecCode(window, b)
}

// specFigureLabel reports whether block b is a figure's label: one short
// line ending in a colon ("original packet:", "fragment packets:").
func specFigureLabel(window string, b *specBlock) bool {
	if b.kind == bkHeading || b.kind == bkItem || len(b.lines) != 1 {
		return false
	}
	t := strings.TrimSpace(window[b.lines[0].a:b.lines[0].b])
	return strings.HasSuffix(t, ":") && len(strings.Fields(t)) <= 4 && !strings.Contains(t, ". ")
}

// specWhere reports whether block b is the "where:" that opens a
// figure's field list.
func specWhere(window string, b *specBlock) bool {
	if len(b.lines) != 1 {
		return false
	}
	t := strings.ToLower(strings.TrimSpace(window[b.lines[0].a:b.lines[0].b]))
	return t == "where:" || t == "where" || t == "with:"
}

// appendFigure keeps block b's lines as drawn, after the figures kept
// already, with its label over it. A grid table is kept as its rows.
func (l *specLeadIn) appendFigure(window string, b *specBlock, label string) bool {
	if header, rows := specGridRows(window, b); len(rows) > 0 {
		l.figs = append(l.figs, l.base+b.lines[0].a)
		for _, r := range rows {
			if len(l.entries) >= maxLeadInEntries {
				break
			}
			l.entries = append(l.entries, specRowEntry(header, r))
			l.sub = append(l.sub, nil)
			l.told = append(l.told, true)
		}
		l.grid = true
		return true
	}
	if len(l.diagram) >= maxFigureLines {
		return false
	}
	margin := specMargin(b)
	l.margin = margin
	if l.diagram != nil {
		l.diagram = append(l.diagram, "")
	}
	if label != "" {
		l.diagram = append(l.diagram, label)
	}
	for k, ln := range b.lines {
		if k == maxDiagramLines || len(l.diagram) >= maxFigureLines {
			l.diagram = append(l.diagram, "…")
			break
		}
		if k > 0 && strings.Count(window[b.lines[k-1].b:ln.a], "\n") > 1 {
			l.diagram = append(l.diagram, "") // a fenced drawing's blank line, before its legend
		}
		pad := max(ln.ind-margin, 0)
		l.diagram = append(l.diagram, strings.TrimRight(strings.Repeat(" ", pad)+window[ln.a:ln.b], " \t\r"))
	}
	l.figs = append(l.figs, l.base+b.lines[0].a)
	return true
}

// takeFigure takes the figure that opens at block j — its label, the
// diagram or table, and its caption — and returns how many blocks it
// took (0 when block j opens none).
func (l *specLeadIn) takeFigure(window string, bs []specBlock, j int) int {
	k, label := j, ""
	if k+1 < len(bs) && specFigureLabel(window, &bs[k]) && isSpecFigure(window, &bs[k+1]) {
		label = strings.TrimSpace(window[bs[k].lines[0].a:bs[k].lines[0].b])
		k++
	}
	if k >= len(bs) || bs[k].kind == bkHeading || !isSpecFigure(window, &bs[k]) || !l.appendFigure(window, &bs[k], label) {
		return 0
	}
	if f := &bs[k]; f.caption != "" || f.anchor != "" {
		// the caption and anchor a Markdown attribute list gives
		if f.caption != "" {
			l.captions = append(l.captions, f.caption)
		}
		l.anchors = append(l.anchors, f.anchor)
		return k + 1 - j
	}
	k++
	return k - j + l.takeCaption(window, bs, k)
}

// takeCaption takes the caption at block k, "Figure 1:  Format of a DHCP
// message", or a title over its number ("Example Internet Datagram",
// then "Figure 6."), and returns how many blocks it took.
func (l *specLeadIn) takeCaption(window string, bs []specBlock, k int) int {
	line := func(k int) string {
		if k >= len(bs) || bs[k].kind == bkHeading || len(bs[k].lines) != 1 {
			return ""
		}
		return strings.TrimSpace(window[bs[k].lines[0].a:bs[k].lines[0].b])
	}
	t := line(k)
	if t == "" {
		return 0
	}
	if specCaptionLine.MatchString(t) {
		l.captions = append(l.captions, text.CollapseSpace(t))
		return 1
	}
	if n := line(k + 1); n != "" && specCaptionLine.MatchString(n) && len(strings.Fields(t)) <= 8 &&
		!strings.HasSuffix(t, ".") && bs[k].ind > l.ind {
		l.captions = append(l.captions, text.CollapseSpace(strings.TrimSuffix(n, ".")+": "+t))
		return 2
	}
	return 0
}

// ref is how a paragraph refers to the first figure taken: by its
// caption's number, else by its anchor.
func (l *specLeadIn) ref() string {
	c, a := "", ""
	if len(l.captions) > 0 {
		c = l.captions[0]
	}
	if len(l.anchors) > 0 {
		a = l.anchors[0]
	}
	return specFigureRef(c, a)
}

// caption is the text of the first caption taken, without its number:
// "Send Sequence Variables" of "Table 2: Send Sequence Variables"; a
// Markdown attribute list's title has none.
func (l *specLeadIn) caption() string {
	for _, c := range l.captions {
		m := specCaptionLine.FindStringSubmatch(c)
		if m == nil {
			return c
		}
		if m[3] != "" {
			return strings.TrimSpace(m[3])
		}
	}
	return ""
}

// specFigureWords are the words with which a paragraph points at the
// figure under it.
var specFigureWords = []string{"diagram", "figure", "following", "below", "illustrat", "shown", "as follows"}

// specFigureLead is what paragraph b, just over a figure, says of it:
// its sentences from the first that points at a figure ("For example,
// in the following diagram the octets are transmitted in the order they
// are numbered."), within maxStatement; "" when b says nothing of one.
func specFigureLead(window string, b *specBlock) string {
	if b.kind == bkHeading || b.kind == bkCode || b.kind == bkRow || len(b.lines) == 0 || isSpecCode(window, b) || isBoxDiagram(window, b) {
		return ""
	}
	t := text.CollapseSpace(b.join(window).text)
	var out []string
	n := 0
	for _, sp := range specSentences(t) {
		sent := t[sp[0]:sp[1]]
		if len(out) == 0 {
			ls := strings.ToLower(sent)
			if !slices.ContainsFunc(specFigureWords, func(w string) bool { return strings.Contains(ls, w) }) {
				continue
			}
		}
		if n+len(sent) > maxStatement && len(out) > 0 {
			break
		}
		out = append(out, sent)
		n += len(sent) + 1
	}
	return strings.Join(out, " ")
}

// specFigureMention is the paragraph of blocks that refers to a figure
// by ref, its number or its anchor (specFigureRef: "Figure 1 gives the
// format of a DHCP message", "the Sign ('S' in {{fig-base-index}})"),
// from the sentence that does, within maxStatement; "" when none does.
func specFigureMention(window string, blocks []specBlock, ref string) string {
	if ref == "" {
		return ""
	}
	for i := range blocks {
		b := &blocks[i]
		if b.kind == bkHeading || b.kind == bkCode || len(b.lines) == 0 || isSpecCode(window, b) || isBoxDiagram(window, b) {
			continue
		}
		t := text.CollapseSpace(b.join(window).text)
		if specCaptionLine.MatchString(t) {
			continue // the caption itself
		}
		lt := strings.ToLower(t)
		for from := 0; ; {
			k := strings.Index(lt[from:], ref)
			if k < 0 {
				break
			}
			k += from
			end := k + len(ref)
			if end < len(lt) && (lt[end] >= '0' && lt[end] <= '9' || lt[end] == '.' && end+1 < len(lt) && lt[end+1] >= '0' && lt[end+1] <= '9') {
				from = end // "Figure 10" is not Figure 1
				continue
			}
			var out []string
			n := 0
			for _, sp := range specSentences(t) {
				if sp[1] <= k {
					continue
				}
				if n+sp[1]-sp[0] > maxStatement && len(out) > 0 {
					break
				}
				out = append(out, t[sp[0]:sp[1]])
				n += sp[1] - sp[0] + 1
			}
			return strings.Join(out, " ")
		}
	}
	return ""
}

// specIntroduced gathers what block i of bs, a statement ending in a
// colon, introduces: the figures that follow it, then the field list
// ("where:", then its entries, or a legend aligned under the diagram),
// and the caption under them; nil when nothing does. base is window's
// offset in the document.
func specIntroduced(window string, bs []specBlock, i, base int) *specLeadIn {
	b := &bs[i]
	l := &specLeadIn{ind: b.ind, base: base}
	figInd, where := -1, false
	for j := i + 1; j < len(bs); j++ {
		n := &bs[j]
		if n.kind == bkHeading || n.kind == bkItem || len(n.lines) == 0 {
			break
		}
		if len(l.entries) == 0 && !where {
			if k := l.takeFigure(window, bs, j); k > 0 {
				if l.grid {
					break // a table's rows are its entries
				}
				if figInd < 0 {
					figInd = l.margin
				}
				j += k - 1
				continue
			}
		}
		if l.diagram != nil && len(l.entries) == 0 && !where && specWhere(window, n) {
			where = true
			continue
		}
		if n.ind < b.ind {
			break
		}
		if (len(l.entries) > 0 || l.diagram != nil) && l.takeCaption(window, bs, j) > 0 {
			break // the caption under the figure and its legend
		}
		if l.diagram == nil || where || len(l.entries) > 0 || n.ind >= figInd && n.ind > b.ind || specSizedField(window, n) {
			// before a figure, after its "where:", a legend set under it
			// ("B:  BROADCAST flag"), or the fields it draws, each with
			// its size ("Security (S field):  16 bits")
			if l.add(window, n) {
				continue
			}
		}
		break
	}
	if len(l.entries) == 0 && l.diagram == nil {
		return nil
	}
	return l
}

// specFieldSize matches the size a field list gives a field: "16 bits",
// "1 byte; Kind == 0.", "4-octet", "variable".
var specFieldSize = lazyre.New(`(?i)^(?:[0-9]+[ -](?:bits?|bytes?|octets?)\b|variable\b)`)

// specSizedField reports whether block b is an entry of a field list
// that opens with the field's size ("Time to Live:  8 bits").
func specSizedField(window string, b *specBlock) bool {
	return b.field != "" && len(b.lines) > 0 && specFieldSize.MatchString(strings.TrimSpace(window[b.lines[0].a:b.lines[0].b]))
}

// specColumns are the positions of a grid table's column borders, read
// off its rule ("+------+----+"), or nil when t is no rule.
func specColumns(t string) []int {
	if !specBorderLine(t) || strings.Contains(t, "/") {
		return nil
	}
	var cols []int
	for k := 0; k < len(t); k++ {
		if t[k] == '+' {
			cols = append(cols, k)
		}
	}
	for k := 1; k < len(cols); k++ {
		if cols[k]-cols[k-1] < 3 {
			return nil // "+-+-+": a diagram's bit ruler, not columns
		}
	}
	return cols
}

// specGridLine gives line ln of a grid table as drawn (its indent over
// the block's margin kept, so columns line up) and, when it is a rule,
// its column borders in that line.
func specGridLine(window string, ln specLine, margin int) (t string, rule []int) {
	t = strings.Repeat(" ", ln.ind-margin) + window[ln.a:ln.b]
	if c := specColumns(strings.TrimSpace(t)); c != nil {
		off := len(t) - len(strings.TrimLeft(t, " "))
		for k := range c {
			c[k] += off
		}
		return t, c
	}
	return t, nil
}

// specCells gives the cells of line t between the column borders cols,
// or false when a border is not a bar there.
func specCells(t string, cols []int) ([]string, bool) {
	cells := make([]string, len(cols)-1)
	for k := range cells {
		if t[cols[k]] != '|' || t[cols[k+1]] != '|' {
			return nil, false
		}
		cells[k] = strings.TrimSpace(t[cols[k]+1 : cols[k+1]])
	}
	return cells, true
}

// specGridRows reads block b as a table: its rules share their column
// borders, its other lines are cells between those borders, and it has
// a header row and at least two rows under it. Rows are set apart by
// rules or by a line of empty cells; a row's cells are the lines of each
// column joined. It returns the header's cells and the rows, or nothing
// when b is a drawing.
func specGridRows(window string, b *specBlock) (header []string, rows [][]string) {
	if len(b.lines) < 5 {
		return nil, nil
	}
	margin := specMargin(b)
	var cols []int
	var cur []string
	var all [][]string
	headerEnd := -1 // the row count at the "+====+" under the header
	flush := func() {
		if cur != nil {
			all = append(all, cur)
			cur = nil
		}
	}
	for _, ln := range b.lines {
		t, c := specGridLine(window, ln, margin)
		s := strings.TrimSpace(t)
		if c != nil {
			if cols == nil {
				cols = c
			} else if !sameInts(cols, c) {
				return nil, nil
			}
			flush()
			if strings.Contains(s, "=") && len(all) > 0 && headerEnd < 0 {
				headerEnd = len(all)
			}
			continue
		}
		if cols == nil || len(t) < cols[len(cols)-1]+1 {
			return nil, nil
		}
		if strings.Count(s, "|") == 2 && t[cols[0]] == '|' && t[cols[len(cols)-1]] == '|' && len(cols) > 2 && all != nil {
			// a row spanning the table ("| PUSH flag |"): a group's title
			flush()
			all = append(all, []string{strings.Trim(s, "| ")})
			continue
		}
		cells, ok := specCells(t, cols)
		if !ok {
			return nil, nil
		}
		if strings.Join(cells, "") == "" {
			flush()
			continue
		}
		if cur == nil {
			cur = cells
			continue
		}
		for k := range cells {
			cur[k] = specJoinCell(cur[k], cells[k])
		}
	}
	flush()
	if len(cols) < 3 {
		return nil, nil
	}
	if headerEnd < 0 {
		headerEnd = 1
	}
	if len(all)-headerEnd < 2 {
		return nil, nil
	}
	for _, h := range all[:headerEnd] {
		if len(h) != len(cols)-1 {
			return nil, nil
		}
		if header == nil {
			header = append([]string(nil), h...)
			continue
		}
		for k := range h {
			header[k] = specJoinCell(header[k], h[k])
		}
	}
	return header, all[headerEnd:]
}

// specJoinCell joins a cell's lines, a word broken after a hyphen, an
// underscore or a slash ("server_handshake_traffic_" over "secret",
// "Post-" over "Handshake") whole again.
func specJoinCell(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	case strings.HasSuffix(a, "_"), strings.HasSuffix(a, "-"), strings.HasSuffix(a, "/"):
		return a + b
	}
	return a + " " + b
}

// specRowEntry writes a table's row as an entry: its first cell the
// term, the others what the header names ("Test: SEG.SEQ = RCV.NXT"); in
// a table of two columns the second cell alone.
func specRowEntry(header, row []string) string {
	if len(row) == 1 {
		return row[0] + ":"
	}
	var parts []string
	for k := 1; k < len(row); k++ {
		if row[k] == "" {
			continue
		}
		if len(row) > 2 && k < len(header) && header[k] != "" {
			parts = append(parts, header[k]+": "+row[k])
		} else {
			parts = append(parts, row[k])
		}
	}
	return row[0] + ": " + strings.Join(parts, "; ")
}

// specMargin is the indentation of block b's leftmost line: a diagram's
// left edge, under the bit numbers over it.
func specMargin(b *specBlock) int {
	m := b.lines[0].ind
	for _, ln := range b.lines {
		m = min(m, ln.ind)
	}
	return m
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// specCaptionedFigures makes a definition of each captioned figure or
// table in the section that no statement introduced: named by its
// caption ("Send Sequence Variables"), stated by its field list or rows,
// its diagram in the form. A figure its caption calls an example
// illustrates; it defines nothing.
func (x *extractor) specCaptionedFigures(st *secState, cs *specConcepts, blocks []specBlock) {
	for i := 0; i < len(blocks); i++ {
		b := &blocks[i]
		if b.kind == bkHeading || len(b.lines) == 0 || cs.figures[st.body+b.lines[0].a] || !isSpecFigure(st.own, b) {
			continue
		}
		// the figure as a lead-in would take it: block i-1 stands for
		// the statement before it
		l := &specLeadIn{ind: specMargin(b), base: st.body}
		k := l.takeFigure(st.own, blocks, i)
		if k == 0 {
			continue
		}
		if len(l.captions) == 0 {
			// the field list set under it, then the caption
			for j := i + k; j < len(blocks); j++ {
				n := &blocks[j]
				if n.kind == bkHeading || n.kind == bkItem || len(n.lines) == 0 || l.takeCaption(st.own, blocks, j) > 0 || !l.add(st.own, n) {
					break
				}
			}
		}
		name := l.caption()
		if name == "" && len(l.captions) == 0 && !(i > 0 && specExampleOpening(strings.TrimSpace(blocks[i-1].join(st.own).text))) {
			// a figure or a table nothing names or introduces is a part
			// of what its section defines
			x.specFigureToSection(cs, l)
		}
		if name == "" || strings.HasPrefix(strings.ToLower(name), "example") || len(strings.Fields(name)) > 10 {
			i += k - 1
			continue
		}
		name = strings.TrimSuffix(name, ".")
		stmt := l.statement(name + ":")
		if len(l.entries) == 0 {
			if m := specFigureMention(st.own, blocks, l.ref()); m != "" {
				stmt = name + ": " + m
			} else if i > 0 {
				if m := specFigureLead(st.own, &blocks[i-1]); m != "" {
					stmt = name + ": " + m
				}
			}
		}
		if stmt == name+":" {
			// nothing says what the figure shows: it is a part of the
			// section's concept, drawn ("Gateways", its Figure 3)
			x.specFigureToSection(cs, l)
			i += k - 1
			continue
		}
		if s := x.specConceptStating(cs, stmt); s != 0 && len(l.entries) == 0 {
			// the sentence that points at the figure states a concept
			// already ("This is called a "separate response", as
			// illustrated in Figure 5"; the section "CoAP Header Fields
			// and Payload", its summary "shown in Figure 6"): the
			// figure draws it, and its caption names no other
			x.specFigureToConcept(cs, s, l)
			i += k - 1
			continue
		}
		n0 := cs.serial
		if s := x.specConcept(st, cs, name, stmt, st.body+b.lines[0].a, core.Definition); s > n0 {
			c := &x.cands[len(x.cands)-1]
			c.form = l.form(computationalForm(c.typ, c.statement))
			cs.tookFigures(l)
		} else if s > 0 {
			// the caption names a concept already stated ("Message
			// Format", the section the figure stands in): the figure
			// draws that concept
			x.specFigureToConcept(cs, s, l)
		}
		i += k - 1
	}
}

// specFigureToSection adds figure l to the form of the concept section
// st is about: its own, else the nearest enclosing section's ("State
// Machine" for the drawings of its sections "Client" and "Server").
func (x *extractor) specFigureToSection(cs *specConcepts, l *specLeadIn) {
	x.specFigureToConcept(cs, cs.cur, l)
}

// specFigureToConcept adds figure l to the form of concept own, unless
// its form is drawn enough already.
func (x *extractor) specFigureToConcept(cs *specConcepts, own int, l *specLeadIn) {
	if own == 0 {
		return
	}
	for k := len(x.cands) - 1; k >= 0; k-- {
		c := &x.cands[k]
		if cs.at[c.offset] != own || c.typ != core.Definition && c.typ != core.Algorithm {
			continue
		}
		if c.form == "" {
			c.form = computationalForm(c.typ, c.statement)
		}
		if len(c.form) > maxLeadInForm {
			return // drawn enough: the rest of its figures are its parts'
		}
		c.form = l.form(c.form)
		cs.tookFigures(l)
		return
	}
}

// tookFigures records the figures a statement kept, so that no caption
// makes them a definition again.
func (cs *specConcepts) tookFigures(l *specLeadIn) {
	if l == nil {
		return
	}
	if cs.figures == nil {
		cs.figures = map[int]bool{}
	}
	for _, f := range l.figs {
		cs.figures[f] = true
	}
}
