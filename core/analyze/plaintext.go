package analyze

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/text"
)

// maxHeadingLine is the longest line that can be a numbered or unnumbered
// heading in text: headings are short, prose that happens to start with a
// number is usually not.
const maxHeadingLine = 80

// plainHeadings finds the headings of plain text, RFCs in particular:
// numbered headings at column 0 ("1.  Introduction", "4.2.1.  Reading…",
// "Appendix A.  …", "A.1.  …"), unnumbered column-0 headings in title case
// between blank lines ("Status of This Memo"), setext headings (a line
// underlined "====" or "----"), and Markdown ATX headings and
// code fences for plain-text READMEs. Page footers ("… [Page 3]") and the
// column-aligned page header after a form feed are skipped and count as
// blank lines, so a heading at the top of a page is still seen.
// Table-of-contents entries are rejected by their dot leaders (they are
// indented in RFCs anyway) or by following each other without blank lines.
func plainHeadings(text string) []heading {
	var hs []heading
	prevBlank := true // start of text counts as a blank line before
	prevNumbered := false
	afterFF, inHeader := false, false
	var f fence
	for start := 0; start < len(text); {
		ln, next := line(text, start)
		// A form feed starts a new page; the next non-blank line may be
		// the running header.
		if strings.IndexByte(ln, '\f') >= 0 {
			afterFF = true
			prevBlank = true // a page break separates like a blank line
			ln = strings.ReplaceAll(ln, "\f", "")
		}
		blank := isBlank(ln)
		numbered := false
		switch {
		case f.open:
			if _, rest := indent(ln); closesFence(rest, f) {
				f.open = false
			}
			blank = false
		case blank:
			inHeader = false // the header's second line follows it at once
		case afterFF && strings.Contains(trimSpace(ln), "   "):
			// Running page header ("RFC 6455   The WebSocket Protocol
			// December 2011"): transparent.
			afterFF = false
			inHeader = true
			blank = prevBlank
		case inHeader && !blank && unnumbered(ln):
			// its second line, the title under the number and date
			// ("RFC 959   October 1985" / "File Transfer Protocol")
			inHeader = false
			blank = prevBlank
		case isPageFooter(ln):
			blank = prevBlank
		default:
			afterFF, inHeader = false, false
			ind, rest := indent(ln)
			switch {
			case ind <= 3 && opensFence(rest, &f):
			case ind <= 3 && rest[0] == '#':
				if level, title, ok := atx(rest); ok {
					num, t := splitNumber(title)
					hs = append(hs, heading{offset: start, body: next, end: -1, level: level, title: t, number: num})
				}
			case ind == 0 && prevNumbered:
				// Two numbered lines in a row are a table of contents or a
				// list, not two headings: take back the first.
				if _, _, _, ok := numberedLine(ln, true); ok {
					hs = hs[:len(hs)-1]
				}
			case ind > 0 && prevBlank && !prevNumbered:
				// An older RFC indents each heading by its depth, three
				// columns a level ("   2.1.  HISTORY", "      3.1.1.  DATA
				// TYPES"): a numbered line indented exactly so is one.
				if num, title, level, ok := numberedLine(rest, true); ok && level > 1 && ind == 3*(level-1) && nextIsBlank(text, next) {
					hs = append(hs, heading{offset: start, body: next, end: -1, level: level, title: title, number: num})
					numbered = true
				}
			case ind == 0 && prevBlank && setextLevel(text, ln, next) > 0:
				// "Keys" underlined "----": a text README's or protocol
				// note's heading, as Markdown writes one
				_, after := line(text, next)
				hs = append(hs, heading{offset: start, body: after, end: -1, level: setextLevel(text, ln, next), title: trimSpace(ln)})
			case ind == 0 && prevBlank:
				if num, title, level, ok := numberedLine(ln, true); ok {
					hs = append(hs, heading{offset: start, body: next, end: -1, level: level, title: title, number: num})
					numbered = true
				} else if title, ok := unnumberedHeading(ln); ok && nextIsBlank(text, next) {
					hs = append(hs, heading{offset: start, body: next, end: -1, level: 1, title: title})
				}
			}
		}
		prevBlank = blank
		prevNumbered = numbered
		start = next
	}
	return hs
}

// setextLevel is the level of the heading ln is when the line at next
// underlines it ("=" 1, "-" 2) at least half its length: 0 when it is
// not one.
func setextLevel(text, ln string, next int) int {
	if next >= len(text) || len(ln) > maxHeadingLine || !unnumbered(ln) {
		return 0
	}
	u, _ := line(text, next)
	u = strings.TrimRight(u, " \t\r")
	if len(u) < 3 || 2*len(u) < len(trimSpace(ln)) {
		return 0
	}
	if c := u[0]; (c == '=' || c == '-') && strings.Count(u, string(c)) == len(u) {
		if c == '=' {
			return 1
		}
		return 2
	}
	return 0
}

// unnumbered reports whether ln is not a numbered heading's line.
func unnumbered(ln string) bool {
	_, _, _, ok := numberedLine(ln, true)
	return !ok
}

// nextIsBlank reports whether the line starting at start is blank (or there
// is none).
func nextIsBlank(text string, start int) bool {
	if start >= len(text) {
		return true
	}
	ln, _ := line(text, start)
	return isBlank(ln)
}

// isPageFooter recognizes an RFC page footer: a line ending in "[Page N]".
func isPageFooter(ln string) bool {
	t := trimSpace(ln)
	if !strings.HasSuffix(t, "]") {
		return false
	}
	i := strings.LastIndex(t, "[Page ")
	if i < 0 {
		return false
	}
	for _, c := range []byte(t[i+6 : len(t)-1]) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(t)-1 > i+6
}

// numberedLine parses a numbered section line at column 0: a number, white
// space, and a title starting with an upper-case letter, in a short line
// that does not end like a sentence and has no dot leaders or column gaps.
// Markdown needs a dotted number ("2.3 Title"); RFC text (rfc) also takes
// "1.  Title" with a trailing dot, "A.1.  Title" and "Appendix A.  Title".
// "3.14 is pi" and "1.49.561 release shipped" fail on the lower-case word.
func numberedLine(ln string, rfc bool) (number, title string, level int, ok bool) {
	ln = strings.TrimRight(ln, " \t\r")
	if len(ln) > maxHeadingLine || ln == "" {
		return "", "", 0, false
	}
	var i int
	switch c := ln[0]; {
	case c >= '0' && c <= '9':
		parts, dots, end := scanNumber(ln)
		if parts == 0 || (parts == 1 && (!rfc || dots == 0)) {
			return "", "", 0, false
		}
		number, level, i = strings.TrimSuffix(ln[:end], "."), parts, end
	case rfc && strings.HasPrefix(ln, "Appendix ") && len(ln) > 10 && ln[9] >= 'A' && ln[9] <= 'Z':
		i = 10
		if i < len(ln) && ln[i] == '.' {
			i++
		}
		number, level = ln[9:10], 1
	case rfc && c >= 'A' && c <= 'Z' && len(ln) > 2 && ln[1] == '.' && ln[2] >= '0' && ln[2] <= '9':
		parts, _, end := scanNumber(ln[2:])
		if parts == 0 {
			return "", "", 0, false
		}
		i = 2 + end
		number, level = strings.TrimSuffix(ln[:i], "."), parts+1
		if level > 6 {
			return "", "", 0, false
		}
	default:
		return "", "", 0, false
	}
	if i >= len(ln) || (ln[i] != ' ' && ln[i] != '\t') {
		return "", "", 0, false
	}
	t := trimSpace(ln[i:])
	if !titleLike(t, rfc) && !(rfc && strings.HasPrefix(ln[i:], "  ") && titleLike(upperFirstRune(t), rfc)) {
		// xml2rfc sets two spaces after a heading's number, whatever
		// case its title starts in ("4.  ristretto255")
		return "", "", 0, false
	}
	// "3. The set of pairs (apples, $3.14), where" is a numbered list item
	// in prose, not a heading: a bare "N." heading has no such punctuation.
	if level == 1 && strings.ContainsAny(t, ",;$=") {
		return "", "", 0, false
	}
	return number, collapseSpace(t), level, true
}

// upperFirstRune is t with its first letter upper case.
func upperFirstRune(t string) string {
	r, n := utf8.DecodeRuneInString(t)
	return string(unicode.ToUpper(r)) + t[n:]
}

// titleLike applies the checks shared by numbered headings: a capitalized
// start, no sentence end, no dot leaders, no wide column gaps.
func titleLike(t string, rfc bool) bool {
	if t == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t)
	if !unicode.IsUpper(r) && !(rfc && (r == '"' || r == '\'') && len(t) > 1) {
		return false
	}
	switch t[len(t)-1] {
	case '.', ',', ';', ':', '!':
		return false
	}
	return !strings.Contains(t, "   ") && !strings.Contains(t, "..") && !strings.Contains(t, ". .")
}

// smallWords may stay lower case inside a title-case heading.
var smallWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "and": true, "or": true, "for": true,
	"to": true, "in": true, "on": true, "at": true, "by": true, "with": true, "from": true,
	"as": true, "vs": true, "via": true, "into": true, "not": true, "is": true, "are": true,
}

// notHeadings are labels that stand alone on a line in textbooks without
// being sections (theorem-like blocks typeset as a run-in heading).
var notHeadings = map[string]bool{
	"Proof": true, "Example": true, "Examples": true, "Solution": true, "Remark": true,
	"Exercise": true, "Exercises": true, "Definition": true, "Theorem": true, "Lemma": true,
	"Corollary": true, "Note": true, "Answer": true, "Hint": true, "Statement": true,
}

// unnumberedHeading recognizes a short title-case line such as "Abstract",
// "Status of This Memo" or "Authors' Addresses": at most eight words, every
// word capitalized except small words, no sentence or code punctuation.
func unnumberedHeading(ln string) (string, bool) {
	t := strings.TrimRight(ln, " \t\r")
	if len(t) > 60 || t == "" || strings.Contains(t, "  ") || strings.ContainsAny(t, "=<>{}[]|;:,.!?()$\\/*@#") {
		return "", false
	}
	r, _ := utf8.DecodeRuneInString(t)
	if !unicode.IsUpper(r) {
		return "", false
	}
	words := strings.Fields(t)
	if len(words) > 8 || notHeadings[t] {
		return "", false
	}
	long := false
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) && !smallWords[w] {
			return "", false
		}
		if letters(w) >= 3 {
			long = true
		}
	}
	// Symbols on a line of their own ("X", "PN" in text extracted from
	// PDF formulas) and sentence openers ("Therefore", "This") are not
	// headings.
	if !long || len(words) == 1 && text.IsStopword(strings.ToLower(t)) {
		return "", false
	}
	return t, true
}

// letters counts the letters in w.
func letters(w string) int {
	n := 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}
