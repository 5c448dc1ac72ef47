package findings

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/styles"
)

const (
	// maxMeasure bounds the bytes measured to find the match's column: past
	// it (a minified page on one line) the match line is cut by bytes and
	// the context lines are shown from their start.
	maxMeasure = 16 << 10
	// maxLineBytes bounds the bytes read per rendered line, in multiples of
	// the width, so that zero-width runs cannot make a line unbounded.
	maxLineBytes = 64
	maxBefore    = 3
)

// Cell kinds of the evidence view; marker and match combine.
const (
	kindPlain  = 0
	kindMarker = 1
	kindMatch  = 2
)

// evidence renders n lines of the document around the finding's match at
// width w, and returns the evidence scroll clamped to the document. Without
// the text or a usable offset it falls back to the scanner's excerpt.
func (m Model) evidence(f core.Finding, n, w int) ([]string, int) {
	if n <= 0 || w <= 0 {
		return nil, m.evScroll
	}
	text, ok := m.req.Texts[f.File]
	if !ok || text == "" || f.Offset < 0 || f.Offset > len(text) {
		note := "no position in the text; the scanner's excerpt:"
		switch {
		case !hasPosition(f.Location):
			// A finding about a file's name, a skipped skill, a bundle:
			// there is no line to show, only what it says.
			note = "about " + cells.Visible(orFile(f)) + " as a whole, not a place in its text:"
		case !ok || text == "":
			note = "document text not available; the scanner's excerpt:"
		}
		return m.excerpt(f, note, n, w), 0
	}
	a := f.Offset
	b := len(text)
	if f.Length < len(text)-a {
		b = a + max(f.Length, 0)
	}
	if b == a && a < len(text) && text[a] != '\n' {
		_, sz := utf8.DecodeRuneInString(text[a:])
		b = a + sz
	}

	matchLine := strings.Count(text[:a], "\n")
	ls := strings.LastIndexByte(text[:a], '\n') + 1
	docN := n
	if n > 1 {
		docN = n - 1 // the caret line under the match
	}
	before := min(maxBefore, (docN-1)/2)
	start, startLine := ls, matchLine
	for want := m.evScroll - before; want != 0; {
		if want < 0 {
			if start == 0 {
				break
			}
			start = strings.LastIndexByte(text[:start-1], '\n') + 1
			startLine--
			want++
			continue
		}
		j := strings.IndexByte(text[start:], '\n')
		if j < 0 {
			break
		}
		start += j + 1
		startLine++
		want--
	}
	// Near the end of the document, fill the window from above rather than
	// leave blank lines under the last one.
	avail, p := 0, start
	for ; avail < docN && !pastEnd(text, p); avail++ {
		j := strings.IndexByte(text[p:], '\n')
		if j < 0 {
			avail++
			break
		}
		p += j + 1
	}
	for ; avail < docN && start > 0; avail++ {
		start = strings.LastIndexByte(text[:start-1], '\n') + 1
		startLine--
	}
	scroll := startLine - matchLine + before

	gw := len(strconv.Itoa(startLine + n))
	cw := w - gw - len([]rune(" │ "))
	if cw < minDetailW/2 {
		return m.excerpt(f, "too narrow for the context; the scanner's excerpt:", n, w), scroll
	}

	// One horizontal offset for the whole window, so that context lines
	// stay aligned with the match line, chosen so the match is visible.
	x0, anchor := 0, -1
	le := len(text)
	if j := strings.IndexByte(text[a:], '\n'); j >= 0 {
		le = a + j
	}
	if a-ls <= maxMeasure {
		xa := measure(text[ls:a], -1)
		xb := xa + measure(text[a:min(b, le)], cw)
		switch {
		case xb <= cw-1:
		case xb-xa <= cw*2/3:
			x0 = max(0, xa-cw/3)
		default:
			x0 = max(0, xa-cw/6)
		}
	} else {
		anchor = walkBack(text, ls, a, cw/3)
	}

	out := make([]string, 0, n)
	caretDone := false
	for p, ln := start, startLine; len(out) < n && !pastEnd(text, p); ln++ {
		q := len(text)
		if j := strings.IndexByte(text[p:], '\n'); j >= 0 {
			q = p + j
		}
		from := -1
		if p <= a && a <= q && anchor >= 0 {
			from = anchor
		}
		body, cc, cwid, hasCaret := m.renderLine(text, p, q, a, b, x0, from, cw)
		out = append(out, m.paint.gutter.Paint(fmt.Sprintf("%*d │ ", gw, ln+1))+body)
		if hasCaret && !caretDone && len(out) < n {
			caretDone = true
			out = append(out, m.paint.gutter.Paint(strings.Repeat(" ", gw)+" │ ")+
				strings.Repeat(" ", cc)+m.paint.severity(f.Severity).Paint(strings.Repeat("^", max(cwid, 1))))
		}
		if q == len(text) {
			break
		}
		p = q + 1
	}
	for i := range out {
		out[i] = cells.Fit(out[i], w)
	}
	for len(out) < n {
		out = append(out, cells.Fit("", w))
	}
	return out, scroll
}

// renderLine renders text[p:q] in cw cells, from display column x0 or,
// when from >= 0, from byte from. It highlights bytes [a, b) and spells out
// hidden characters, and reports where the caret goes under the match.
func (m Model) renderLine(text string, p, q, a, b, x0, from, cw int) (line string, caretCol, caretW int, hasCaret bool) {
	i, leftCut := p, false
	if from >= 0 {
		i, leftCut = from, from > p
	} else if x0 > 0 {
		for col := 0; i < q && col < x0; {
			tok, _ := cell(text[i:q])
			col += width(tok)
			i += tokLen(text[i:q])
		}
		leftCut = i > p
		if i >= q {
			// A line that ends left of the window would show as a bare
			// ellipsis; its text says more than the alignment.
			i, leftCut = p, false
		}
	}

	var sb strings.Builder
	runKind, runStart, col := -1, 0, 0
	// Runs of cells of one kind are styled as a whole; the pending run is
	// written with its prefix first and closed by flush.
	flush := func() {
		if runKind >= 0 && sb.Len() > runStart {
			sb.WriteString(m.paint.cells[runKind].Suffix())
		}
		runKind = -1
	}
	if leftCut {
		sb.WriteString(m.paint.faint.Paint("…"))
		col = 1
	}
	begin := i
	caretCol = -1
	atA := -1
	for i < q {
		if i == a {
			atA = col
		}
		if i-begin > maxLineBytes*cw {
			flush()
			sb.WriteString(m.paint.faint.Paint("…"))
			break
		}
		sz := tokLen(text[i:q])
		tok, marker := cell(text[i:q])
		tw := width(tok)
		if col+tw > cw-1 && (i+sz < q || col+tw > cw) {
			flush()
			sb.WriteString(m.paint.faint.Paint("…"))
			break
		}
		k := kindPlain
		if marker {
			k |= kindMarker
		}
		if i < b && i+sz > a {
			k |= kindMatch
			if caretCol < 0 {
				caretCol = col
			}
			caretW += tw
		}
		if k != runKind {
			flush()
			runKind = k
			sb.WriteString(m.paint.cells[k].Prefix())
			runStart = sb.Len()
		}
		sb.WriteString(tok)
		col += tw
		i += sz
	}
	flush()
	if i == a && atA < 0 {
		atA = col
	}
	if caretCol < 0 && a == b && atA >= 0 {
		// An empty match (at the end of a line): point at where it is.
		caretCol = min(atA, cw-1)
	}
	return sb.String(), max(caretCol, 0), caretW, caretCol >= 0
}

type painters struct {
	// cells is indexed by cell kind; plain text is left unstyled.
	cells                       [4]cells.Painter
	gutter, faint               cells.Painter
	critical, warn, inf         cells.Painter
	kind, good, selected, group cells.Painter
}

func newPainters(st styles.Styles, matchMarker lipgloss.Style) painters {
	var p painters
	p.cells[kindMarker] = cells.NewPainter(st.Evidence.Marker)
	p.cells[kindMatch] = cells.NewPainter(st.Evidence.Match)
	p.cells[kindMatch|kindMarker] = cells.NewPainter(matchMarker)
	p.gutter = cells.NewPainter(st.Evidence.Gutter)
	p.faint = cells.NewPainter(st.Faint)
	p.critical = cells.NewPainter(st.Severity.Critical)
	p.warn = cells.NewPainter(st.Severity.Warning)
	p.inf = cells.NewPainter(st.Severity.Info)
	p.kind = cells.NewPainter(st.Kind)
	p.good = cells.NewPainter(st.Good)
	p.selected = cells.NewPainter(st.List.Selected)
	p.group = cells.NewPainter(st.List.Group)
	return p
}

func (p painters) severity(s core.Severity) cells.Painter {
	switch s {
	case core.Critical:
		return p.critical
	case core.Warning:
		return p.warn
	}
	return p.inf
}

// excerpt shows the scanner's one-line evidence when the text around the
// match cannot be shown.
func (m Model) excerpt(f core.Finding, note string, n, w int) []string {
	ev := m.markers(cells.Visible(f.Evidence))
	if f.Evidence == "" {
		ev = m.st.Faint.Render("(no excerpt recorded)")
		if !hasPosition(f.Location) {
			ev = m.st.Faint.Render("(nothing to quote: read the description above)")
		}
	}
	lines := append([]string{m.st.Faint.Render(note)}, wrapLines(ev, w)...)
	out := cutLines(lines, n, w)
	for len(out) < n {
		out = append(out, cells.Fit("", w))
	}
	return out
}

// markers styles the ⟨U+XXXX⟩ and ⟨0xXX⟩ spellings in already visible text.
func (m Model) markers(s string) string {
	var sb strings.Builder
	for {
		i := strings.Index(s, "⟨")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "⟩")
		if j < 0 {
			break
		}
		j += i + len("⟩")
		inner := s[i+len("⟨") : j-len("⟩")]
		if !isMarker(inner) {
			sb.WriteString(s[:i+len("⟨")])
			s = s[i+len("⟨"):]
			continue
		}
		sb.WriteString(s[:i])
		sb.WriteString(m.st.Evidence.Marker.Render(s[i:j]))
		s = s[j:]
	}
	sb.WriteString(s)
	return sb.String()
}

func isMarker(inner string) bool {
	hex := ""
	switch {
	case strings.HasPrefix(inner, "U+"):
		hex = inner[2:]
	case strings.HasPrefix(inner, "0x"):
		hex = inner[2:]
	default:
		return false
	}
	if len(hex) < 2 || len(hex) > 6 {
		return false
	}
	for _, c := range hex {
		if !('0' <= c && c <= '9' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// cell returns how the first rune of s is shown, and whether it is a
// spelled-out hidden character. Tabs and other spacing controls become a
// space, as in the scanner's evidence.
func cell(s string) (string, bool) {
	if c := s[0]; c >= 0x20 && c < 0x7f {
		return s[:1], false
	}
	t := s[:tokLen(s)]
	v := cells.Visible(t)
	if v == t || v == " " {
		return v, false
	}
	return v, true
}

// tokLen is the byte length of the first rune of s (1 for an invalid byte).
func tokLen(s string) int {
	if s[0] < utf8.RuneSelf {
		return 1
	}
	_, sz := utf8.DecodeRuneInString(s)
	return sz
}

func width(tok string) int {
	if len(tok) == 1 {
		return 1
	}
	return ansi.StringWidth(tok)
}

// measure returns the display width of s as the evidence shows it, stopping
// once it exceeds limit (limit < 0: no limit).
func measure(s string, limit int) int {
	w := 0
	for i := 0; i < len(s); {
		if limit >= 0 && w > limit {
			break
		}
		tok, _ := cell(s[i:])
		w += width(tok)
		i += tokLen(s[i:])
	}
	return w
}

// walkBack returns the byte position about cells display cells before a,
// not before ls.
func walkBack(text string, ls, a, cells int) int {
	i, w := a, 0
	for i > ls && w < cells {
		_, sz := utf8.DecodeLastRuneInString(text[ls:i])
		i -= sz
		tok, _ := cell(text[i:])
		w += width(tok)
	}
	return i
}

// pastEnd reports whether a line starting at p is past the last line: the
// empty remainder after a final newline is not a line.
func pastEnd(text string, p int) bool {
	return p > len(text) || (p == len(text) && p > 0 && text[p-1] == '\n')
}

// hasPosition reports whether a location ends in :line:col.
func hasPosition(loc string) bool {
	n := 0
	for n < 2 {
		i := strings.LastIndexByte(loc, ':')
		if i < 0 {
			return false
		}
		if _, err := strconv.Atoi(loc[i+1:]); err != nil {
			return false
		}
		loc, n = loc[:i], n+1
	}
	return true
}

// orFile is the place a finding is about: its location, else its file.
func orFile(f core.Finding) string {
	if f.Location != "" {
		return f.Location
	}
	return f.File
}
