package diffview

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/styles"
)

// MinSplitWidth is the narrowest width at which Render draws two columns;
// below it each column would hold two or three words a line, so the
// unified layout is used whatever the options say.
const MinSplitWidth = 40

const (
	colSep   = " │ "
	colSepW  = 3
	itemSep  = "  "
	noneText = "(none)"
)

// Options choose how Render lays a conflict out.
type Options struct {
	// Unified stacks everything in one column with the statement diff
	// inline, for narrow terminals.
	Unified bool
	// Scroll is the first content line shown.
	Scroll int
}

// Render draws conflict c in exactly w columns × h rows: existing on the
// left and candidate on the right (or unified), then the set differences,
// the scores and the rationale across the full width.
func Render(c core.Conflict, st styles.Styles, w, h int, o Options) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	ls := Lines(c, st, w, o.Unified)
	top := min(max(o.Scroll, 0), max(len(ls)-h, 0))
	blank := strings.Repeat(" ", w)
	var sb strings.Builder
	for y := range h {
		if y > 0 {
			sb.WriteByte('\n')
		}
		if top+y < len(ls) {
			sb.WriteString(ls[top+y])
		} else {
			sb.WriteString(blank)
		}
	}
	return sb.String()
}

// Lines returns the whole view of c at width w, each line exactly w cells,
// for a caller that scrolls it.
func Lines(c core.Conflict, st styles.Styles, w int, unified bool) []string {
	if w <= 0 {
		return nil
	}
	p := newPainter(st)
	var out []string
	rule := strings.Repeat("─", w)
	if unified || w < MinSplitWidth {
		out = p.unified(c, w)
	} else {
		out = p.split(c, w)
		// The column separator ends on the rule.
		lw := (w - colSepW) / 2
		rule = strings.Repeat("─", lw+1) + "┴" + strings.Repeat("─", w-lw-2)
	}
	out = append(out, p.fill([]seg{{text: rule, k: kFaint}}, w))
	return append(out, p.tail(c, w)...)
}

// kind names the style of a run of text; runs are styled when a line is
// drawn, so that wrapping works on plain text and every line carries its
// own escape sequences (a style never bleeds into the next column).
type kind uint8

const (
	kPlain kind = iota
	kSame
	kDel
	kIns
	kLabel
	kFaint
	kKind
	kHeading
	kSide
	kSelected
	kWarning
	kError
	kindCount
)

// seg is a run of printable text in one style. An atom is never broken
// at its spaces (a keyword such as "positive definite").
type seg struct {
	text string
	k    kind
	atom bool
}

// painter draws runs of text by kind, each style reduced once to its
// escape sequences.
type painter struct {
	codes [kindCount]cells.Painter
}

func newPainter(st styles.Styles) painter {
	var p painter
	for k := range kindCount {
		if s, styled := style(st, k); styled {
			p.codes[k] = cells.NewPainter(s)
		}
	}
	return p
}

func style(st styles.Styles, k kind) (lipgloss.Style, bool) {
	switch k {
	case kSame:
		return st.Diff.Same, true
	case kDel:
		return st.Diff.Delete, true
	case kIns:
		return st.Diff.Insert, true
	case kLabel:
		return st.Label, true
	case kFaint:
		return st.Faint, true
	case kKind:
		return st.Kind, true
	case kHeading:
		return st.Heading, true
	case kSide:
		return st.Diff.Side, true
	case kSelected:
		return st.List.Selected, true
	case kWarning:
		return st.Severity.Warning, true
	case kError:
		return st.App.Error, true
	}
	return lipgloss.Style{}, false
}

func (p painter) paint(k kind, text string) string {
	if int(k) < len(p.codes) {
		return p.codes[k].Paint(text)
	}
	return text
}

// draw renders one wrapped line, merging runs of the same style.
func (p painter) draw(line []seg) string {
	var sb strings.Builder
	for i := 0; i < len(line); {
		k := line[i].k
		j := i + 1
		for j < len(line) && line[j].k == k {
			j++
		}
		text := line[i].text
		if j > i+1 {
			var run strings.Builder
			for _, s := range line[i:j] {
				run.WriteString(s.text)
			}
			text = run.String()
		}
		sb.WriteString(p.paint(k, text))
		i = j
	}
	return sb.String()
}

// fill draws a line and fits it to exactly w cells.
func (p painter) fill(line []seg, w int) string { return cells.Fit(p.draw(line), w) }

// block wraps segs to w and draws every line at exactly w cells.
func (p painter) block(segs []seg, w int) []string {
	ls := wrap(segs, w)
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = p.fill(l, w)
	}
	return out
}

// wrap lays segs out in lines of at most w cells, breaking at spaces and
// cutting a word wider than a line. A word may span several runs (a diff
// can change half of "⟨u+v"), so breaks are only taken at spaces. Line
// breaks in the text are kept, with the indentation after them.
func wrap(segs []seg, w int) [][]seg {
	if w <= 0 {
		return nil
	}
	var (
		lines    [][]seg
		line     []seg
		cur      int
		space    seg
		hasSpace bool
		hasWord  bool
		afterNL  bool
	)
	flush := func() {
		lines = append(lines, line)
		line, cur, hasSpace, hasWord = nil, 0, false, false
	}
	put := func(s seg) {
		line = append(line, s)
		cur += ansi.StringWidth(s.text)
	}
	for _, t := range words(segs) {
		switch {
		case t.nl:
			flush()
			afterNL = true
		case t.space:
			switch {
			case hasWord && hasSpace:
				space.text += t.text
			case hasWord:
				space, hasSpace = seg{text: t.text, k: t.k}, true
			case afterNL && cur+ansi.StringWidth(t.text) < w:
				put(seg{text: t.text, k: t.k})
			}
		default:
			ww := 0
			for _, p := range t.pieces {
				ww += ansi.StringWidth(p.text)
			}
			sw := 0
			if hasSpace {
				sw = ansi.StringWidth(space.text)
			}
			switch {
			case cur+sw+ww <= w:
			case hasWord:
				flush()
			default:
				// Indentation that leaves no room goes, rather than the line.
				line, cur = nil, 0
			}
			if hasSpace {
				put(space)
				hasSpace = false
			}
			for _, p := range t.pieces {
				text := p.text
				for text != "" {
					if tw := ansi.StringWidth(text); cur+tw <= w {
						put(seg{text: text, k: p.k})
						break
					}
					head := ansi.Truncate(text, w-cur, "")
					if head == "" || !strings.HasPrefix(text, head) {
						if cur > 0 {
							flush()
							continue
						}
						// A character wider than the line: fit cuts it later.
						_, n := utf8.DecodeRuneInString(text)
						head = text[:n]
					}
					put(seg{text: head, k: p.k})
					flush()
					text = text[len(head):]
				}
			}
			hasWord, afterNL = true, false
		}
	}
	if len(line) > 0 || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

// word is a unit of wrapping: a line break, a run of spaces, or a word made
// of one or more styled pieces with no space between them.
type word struct {
	nl, space bool
	text      string
	k         kind
	pieces    []seg
}

func words(segs []seg) []word {
	var out []word
	for _, s := range segs {
		for _, t := range splitSpaces(s) {
			switch {
			case t == "\n":
				out = append(out, word{nl: true})
			case !s.atom && strings.TrimLeft(t, " ") == "":
				out = append(out, word{space: true, text: t, k: s.k})
			default:
				p := seg{text: t, k: s.k}
				if n := len(out); n > 0 && !out[n-1].nl && !out[n-1].space {
					out[n-1].pieces = append(out[n-1].pieces, p)
				} else {
					out = append(out, word{pieces: []seg{p}})
				}
			}
		}
	}
	return out
}

// header is "EXISTING  Name (type)".
func header(side string, pr core.Primitive) []seg {
	name := oneLine(pr.Name)
	if name == "" {
		name = "(unnamed)"
	}
	s := []seg{{text: side, k: kSide}, {text: "  "}, {text: name, k: kHeading}}
	if t := oneLine(string(pr.Type)); t != "" {
		s = append(s, seg{text: " "}, seg{text: "(" + t + ")", k: kKind})
	}
	return s
}

func labelled(label string, body []seg) []seg {
	return append([]seg{{text: label, k: kLabel, atom: true}, {text: "  "}}, body...)
}

func none() []seg { return []seg{{text: noneText, k: kFaint}} }

// sides turns a word diff into the text of each side.
func sides(ops []op) (left, right []seg) {
	for _, o := range ops {
		switch o.kind {
		case opSame:
			left = append(left, seg{text: o.text, k: kSame})
			right = append(right, seg{text: o.text, k: kSame})
		case opDelete:
			left = append(left, seg{text: o.text, k: kDel})
		case opInsert:
			right = append(right, seg{text: o.text, k: kIns})
		}
	}
	if len(left) == 0 {
		left = none()
	}
	if len(right) == 0 {
		right = none()
	}
	return left, right
}

// inline turns a word diff into one text, deleted words before inserted
// ones, with a space between a deletion and an insertion that touch, so
// the two never read as one word.
func inline(ops []op) []seg {
	var out []seg
	for i, o := range ops {
		k := kSame
		switch o.kind {
		case opDelete:
			k = kDel
		case opInsert:
			k = kIns
		}
		if i > 0 && o.kind == opInsert && ops[i-1].kind == opDelete &&
			!strings.HasSuffix(ops[i-1].text, " ") && !strings.HasPrefix(o.text, " ") &&
			!strings.HasSuffix(ops[i-1].text, "\n") && !strings.HasPrefix(o.text, "\n") {
			out = append(out, seg{text: " "})
		}
		out = append(out, seg{text: o.text, k: k})
	}
	if len(out) == 0 {
		return none()
	}
	return out
}

// listSides shows a list on each side, items on only one side marked.
func listSides(a, b []string) (left, right []seg) {
	onlyA, onlyB, _ := setDiff(a, b)
	mark := func(items, only []string, k kind) []seg {
		isOnly := make(map[string]bool, len(only))
		for _, s := range only {
			isOnly[s] = true
		}
		var out []seg
		seen := make(map[string]bool, len(items))
		for _, it := range items {
			t := oneLine(it)
			if t == "" || seen[strings.ToLower(t)] {
				continue
			}
			seen[strings.ToLower(t)] = true
			if len(out) > 0 {
				out[len(out)-1].text += ","
				out = append(out, seg{text: " "})
			}
			sk := kSame
			if isOnly[t] {
				sk = k
			}
			out = append(out, seg{text: t, k: sk, atom: true})
		}
		if len(out) == 0 {
			return none()
		}
		return out
	}
	return mark(a, onlyA, kDel), mark(b, onlyB, kIns)
}

// setLine is "−only-a  +only-b  =both".
func setLine(a, b []string) []seg {
	onlyA, onlyB, both := setDiff(a, b)
	var out []seg
	add := func(items []string, mark string, k kind) {
		for _, it := range items {
			if len(out) > 0 {
				out = append(out, seg{text: itemSep})
			}
			out = append(out, seg{text: mark + it, k: k, atom: true})
		}
	}
	add(onlyA, "−", kDel)
	add(onlyB, "+", kIns)
	add(both, "=", kSame)
	if len(out) == 0 {
		return none()
	}
	return out
}

// valueSides shows a one-line value on each side, marked when it differs.
func valueSides(a, b string) (left, right []seg) {
	a, b = oneLine(a), oneLine(b)
	if a == b {
		if a == "" {
			return none(), none()
		}
		return []seg{{text: a, k: kSame}}, []seg{{text: b, k: kSame}}
	}
	left, right = none(), none()
	if a != "" {
		left = []seg{{text: a, k: kDel}}
	}
	if b != "" {
		right = []seg{{text: b, k: kIns}}
	}
	return left, right
}

// valueInline is "=same" or "−a  +b" for the unified view.
func valueInline(a, b string) []seg {
	a, b = oneLine(a), oneLine(b)
	if a == b {
		if a == "" {
			return none()
		}
		return []seg{{text: a, k: kSame}}
	}
	var out []seg
	if a != "" {
		out = append(out, seg{text: "−" + a, k: kDel, atom: true})
	}
	if b != "" {
		if len(out) > 0 {
			out = append(out, seg{text: itemSep})
		}
		out = append(out, seg{text: "+" + b, k: kIns, atom: true})
	}
	return out
}

// split is the two-column part: each row of fields starts on the same line
// on both sides, so a statement faces a statement.
func (p painter) split(c core.Conflict, w int) []string {
	lw := (w - colSepW) / 2
	rw := w - colSepW - lw
	sep := p.draw([]seg{{text: colSep, k: kFaint}})
	ex, ca := c.Existing, c.Candidate

	type row struct{ l, r []seg }
	stL, stR := sides(wordDiff(readable(ex.FormalStatement), readable(ca.FormalStatement), false))
	fmL, fmR := sides(wordDiff(ex.ComputationalForm, ca.ComputationalForm, true))
	dmL, dmR := valueSides(ex.Domain, ca.Domain)
	plL, plR := valueSides(ex.Plane.String(), ca.Plane.String())
	prL, prR := listSides(ex.Prerequisites, ca.Prerequisites)
	rows := []row{
		{header("EXISTING", ex), header("CANDIDATE", ca)},
		{labelled("statement", stL), labelled("statement", stR)},
		{labelled("form", fmL), labelled("form", fmR)},
		{labelled("domain", dmL), labelled("domain", dmR)},
		{labelled("plane", plL), labelled("plane", plR)},
		{labelled("prerequisites", prL), labelled("prerequisites", prR)},
	}
	var out []string
	for _, r := range rows {
		left, right := p.block(r.l, lw), p.block(r.r, rw)
		for i := range max(len(left), len(right)) {
			l, rt := strings.Repeat(" ", lw), strings.Repeat(" ", rw)
			if i < len(left) {
				l = left[i]
			}
			if i < len(right) {
				rt = right[i]
			}
			out = append(out, l+sep+rt)
		}
	}
	return out
}

// unified is the one-column part: both headers, then each field with its
// differences inline.
func (p painter) unified(c core.Conflict, w int) []string {
	ex, ca := c.Existing, c.Candidate
	var out []string
	add := func(s []seg) { out = append(out, p.block(s, w)...) }
	add(header("EXISTING ", ex))
	add(header("CANDIDATE", ca))
	out = append(out, p.versions("statement", wordDiff(readable(ex.FormalStatement), readable(ca.FormalStatement), false), w)...)
	out = append(out, p.versions("form", wordDiff(ex.ComputationalForm, ca.ComputationalForm, true), w)...)
	add(labelled("domain", valueInline(ex.Domain, ca.Domain)))
	add(labelled("plane", valueInline(ex.Plane.String(), ca.Plane.String())))
	add(labelled("prerequisites", setLine(ex.Prerequisites, ca.Prerequisites)))
	return out
}

// Markers of the two versions of a field in the unified view: text, so
// that they tell the versions apart without colour (NO_COLOR, a
// monochrome terminal, a copy of the screen).
const (
	existingMark  = "− "
	candidateMark = "+ "
)

// minVersionW is the narrowest text column worth indenting the versions
// under their label; below it they start at the left edge.
const minVersionW = 24

// versions is a field of the unified view: the same text once when both
// sides agree, else the existing version on lines of its own marked −
// and the candidate's below it marked +, each wrapped under its own
// start, the words only one side has in that side's colour.
func (p painter) versions(label string, ops []op, w int) []string {
	differ := false
	for _, o := range ops {
		differ = differ || o.kind != opSame
	}
	if !differ {
		return p.block(labelled(label, inline(ops)), w)
	}
	left, right := sides(ops)
	lead := ansi.StringWidth(label) + len(itemSep)
	var out []string
	if w-lead-ansi.StringWidth(existingMark) < minVersionW {
		// Too narrow to indent: the label on a line of its own.
		out = append(out, p.fill([]seg{{text: label, k: kLabel}}, w))
		lead = 0
	}
	side := func(first []seg, mark string, k kind, body []seg) {
		indent := lead + ansi.StringWidth(mark)
		for i, l := range wrap(body, max(w-indent, 1)) {
			pre := []seg{{text: strings.Repeat(" ", indent)}}
			if i == 0 {
				pre = append(slices.Clone(first), seg{text: mark, k: k})
			}
			out = append(out, p.fill(append(pre, l...), w))
		}
	}
	first := []seg{{text: strings.Repeat(" ", lead)}}
	if lead > 0 {
		first = []seg{{text: label, k: kLabel}, {text: itemSep}}
	}
	side(first, existingMark, kDel, left)
	side([]seg{{text: strings.Repeat(" ", lead)}}, candidateMark, kIns, right)
	return out
}

// tail is the full-width part below both layouts.
func (p painter) tail(c core.Conflict, w int) []string {
	ex, ca, cmp := c.Existing, c.Candidate, c.Comparison
	class := oneLine(string(cmp.Class))
	if class == "" {
		class = "unclassified"
	}
	score := func(name string, v float64) []seg {
		return []seg{{text: " · ", k: kFaint}, {text: name + " ", k: kFaint, atom: true}, {text: fmt.Sprintf("%.2f", v)}}
	}
	scores := []seg{{text: class, k: kKind, atom: true}}
	scores = append(scores, score("confidence", cmp.Confidence)...)
	scores = append(scores, score("statement", cmp.FormalSimilarity)...)
	scores = append(scores, score("form", cmp.ComputationalSimilarity)...)
	scores = append(scores, score("keywords", cmp.KeywordSimilarity)...)
	scores = append(scores, score("patterns", cmp.PatternOverlap)...)
	rationale := []seg{{text: strings.Join(tokenize(cmp.Rationale, true), "")}}
	if rationale[0].text == "" {
		rationale = none()
	}
	var out []string
	out = append(out, p.block(labelled("keywords", setLine(ex.Keywords, ca.Keywords)), w)...)
	out = append(out, p.block(labelled("patterns", setLine(ex.ApplicabilityPatterns, ca.ApplicabilityPatterns)), w)...)
	out = append(out, p.block(labelled("scores", scores), w)...)
	out = append(out, p.block(labelled("rationale", rationale), w)...)
	return out
}

// splitSpaces splits a run into words, space runs and line breaks; an atom
// stays whole.
func splitSpaces(s seg) []string {
	if s.atom {
		return []string{s.text}
	}
	var out []string
	start := 0
	class := func(b byte) int {
		switch b {
		case '\n':
			return 2
		case ' ':
			return 1
		}
		return 0
	}
	for i := 1; i <= len(s.text); i++ {
		if i == len(s.text) || class(s.text[i]) != class(s.text[start]) || s.text[i] == '\n' {
			out = append(out, s.text[start:i])
			start = i
		}
	}
	return out
}
