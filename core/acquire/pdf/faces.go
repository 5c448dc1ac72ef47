package pdf

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// faceTracker follows the faces of a segment's glyphs as they are written
// and gives the runs a reader sees set apart: bold words anywhere, italic
// words where the text around them is upright. A theorem's statement set
// wholly in italic has no italic terms; its upright words are not terms
// either, since the book sets them apart by leaving them upright for
// reasons of its own (numbers, names, mathematics).
type faceTracker struct {
	cur          string // the mark of the run being followed, "" for none
	start, last  int    // its first byte and the end of its last glyph
	found        []faceRun
	italic, rest int // letters in an italic face and in any other
}

// add records glyph g, written at byte offset at of the segment's text.
func (t *faceTracker) add(at int, g glyph) {
	mark := ""
	switch {
	case g.bold:
		mark = "**"
	case g.italic:
		mark = "*"
	}
	for _, r := range g.s {
		if !unicode.IsLetter(r) {
			continue
		}
		if mark == "*" {
			t.italic++
		} else {
			t.rest++
		}
	}
	if mark != t.cur {
		t.close()
		t.cur, t.start = mark, at
	}
	if mark != "" {
		t.last = at + len(g.s)
	}
}

func (t *faceTracker) close() {
	if t.cur != "" && t.last > t.start {
		t.found = append(t.found, faceRun{t.start, t.last, t.cur})
	}
	t.cur = ""
}

// runs returns the runs of raw, the segment's text, and whether the
// segment is mostly italic, which makes italic its body's face rather
// than a term's.
func (t *faceTracker) runs(raw string) (runs []faceRun, italic bool) {
	t.close()
	for _, r := range t.found {
		if r.end <= len(raw) {
			runs = append(runs, r)
		}
	}
	return runs, t.italic > 0 && t.italic >= t.rest
}

// hasWord reports whether s has a run of at least n letters.
func hasWord(s string, n int) bool {
	k := 0
	for _, r := range s {
		if !unicode.IsLetter(r) {
			k = 0
			continue
		}
		if k++; k >= n {
			return true
		}
	}
	return false
}

// decorate writes a line's text from byte from on, with its face runs
// marked as Markdown emphasis; italic runs only where the paragraph's body
// is upright (italicBody false). continued says the line's first run goes on
// a run the line before left open, so it gets no opening mark; leaveOpen
// that the line's last run goes on into the next line, so it gets no
// closing mark: a term broken across lines stays one term. afterHyphen
// says the text before ends in a hyphen, which makes the line's first
// word the end of another.
func decorate(l line, from int, italicBody, continued, leaveOpen, afterHyphen bool) string {
	runs := faceRunsFrom(l, from, italicBody)
	if afterHyphen && !continued && len(runs) > 0 && runs[0].start == 0 {
		runs = runs[1:] // the rest of a word the line before broke
	}
	if len(runs) == 0 {
		return strings.TrimSpace(l.text[from:])
	}
	var b strings.Builder
	pos := from
	for k, r := range runs {
		b.WriteString(l.text[pos:r.start])
		if k > 0 || !continued {
			b.WriteString(r.mark)
		}
		b.WriteString(l.text[r.start:r.end])
		if k < len(runs)-1 || !leaveOpen {
			b.WriteString(r.mark)
		}
		pos = r.end
	}
	b.WriteString(l.text[pos:])
	return strings.TrimSpace(b.String())
}

// faceRunsFrom returns the face runs of l that start at byte from or
// later and read as terms: a word of three letters or more (a bold vector
// or an italic variable is mathematics), and italic only where it is not
// the body's face.
func faceRunsFrom(l line, from int, italicBody bool) []faceRun {
	if l.heading > 0 {
		return nil
	}
	var out []faceRun
	for _, r := range l.faces {
		if r.start >= from && hasWord(l.text[r.start:r.end], 3) && (r.mark != "*" || !italicBody && !l.italic) && wholeWords(l.text, r) {
			out = append(out, r)
		}
	}
	return out
}

// wholeWords reports whether run r of text starts and ends at word edges:
// a subscript set in italic ("C" then "old") or a word broken by a hyphen
// at the line's end is no term, and a mark inside a word would split it.
func wholeWords(text string, r faceRun) bool {
	if before, _ := utf8.DecodeLastRuneInString(text[:r.start]); r.start > 0 && isWordRune(before) {
		return false
	}
	if strings.HasSuffix(text[r.start:r.end], "-") || text[r.end:] == "-" {
		return false
	}
	after, _ := utf8.DecodeRuneInString(text[r.end:])
	return r.end == len(text) || !isWordRune(after)
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// opensItalic reports whether l's statement after byte from opens in
// italic, or the line is mostly italic: a statement set in italic, whose
// italic is its body's face ("Lemma 6.12 (First estimate). We have I₁ ≤
// 2ηk.").
func opensItalic(l line, from int) bool {
	if l.italic {
		return true
	}
	rest := strings.TrimLeft(l.text[from:], " ")
	if strings.HasPrefix(rest, "(") {
		// A block's title, upright in parentheses after its label,
		// comes before the statement: "(First estimate). We have …".
		if k := strings.IndexByte(rest, ')'); k > 0 {
			rest = strings.TrimLeft(rest[k+1:], ". ")
		}
	}
	// The face of the statement's first word — two letters or more, not
	// all capitals: a statement may open with mathematics, upright or in
	// a math italic, before its words ("η is a real parameter", "KL(µ,
	// ν) = Df(µ, ν) for f …").
	at := len(l.text) - len(rest)
	for _, w := range strings.FieldsFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(w) >= 2 && strings.ToUpper(w) != w {
			at += strings.Index(l.text[at:], w)
			break
		}
	}
	for _, r := range l.faces {
		if r.start <= at && at < r.end {
			return r.mark == "*"
		}
	}
	return false
}

// leavesOpen reports whether the last face run of line i of ls (after
// byte from) reaches the line's end and the next line, in the same
// paragraph and not opening a block of its own, starts in the same face.
func leavesOpen(ls []line, i, from int, italicBody bool) bool {
	runs := faceRunsFrom(ls[i], from, italicBody)
	if i+1 >= len(ls) || len(runs) == 0 {
		return false
	}
	next := ls[i+1]
	var after *line
	if i+2 < len(ls) {
		after = &ls[i+2]
	}
	if next.parBreak || next.heading > 0 || runInLabel(next, after) != "" {
		return false
	}
	last := runs[len(runs)-1]
	nr := faceRunsFrom(next, 0, italicBody)
	return last.end == len(ls[i].text) && len(nr) > 0 && nr[0].start == 0 && nr[0].mark == last.mark
}
