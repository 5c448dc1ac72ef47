package analyze

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// lineKind is what the previous line was, which is all the context the
// Markdown reader needs: setext underlines and numbered section lines only
// count after the right kind of line.
type lineKind uint8

const (
	kindStart    lineKind = iota // no line yet
	kindBlank                    // empty or white space only
	kindPara                     // a plain paragraph line
	kindText                     // other text: list item, block quote, table row, indented code
	kindHeading                  // a heading line (or setext underline)
	kindNumbered                 // a numbered section line ("2.3 Title")
	kindFence                    // a code fence line or a line inside a fence
)

// fence tracks an open fenced code block: it closes on a line of at least
// n of the same character and nothing else.
type fence struct {
	open bool
	char byte
	n    int
}

// markdownHeadings finds ATX headings, setext headings and numbered section
// lines ("2.3.1 Title"), skipping fenced code blocks and YAML front matter.
// One pass over the lines; every decision looks at the current line and the
// kinds of the two lines before it.
func markdownHeadings(text string) []heading {
	var hs []heading
	start := frontMatterEnd(text)
	prev, prevPrev := kindStart, kindStart
	if start > 0 {
		prev = kindText
	}
	prevStart, prevLine := 0, ""
	var f fence
	for start < len(text) {
		ln, next := line(text, start)
		var kind lineKind
		ind, rest := indent(ln)
		switch {
		case f.open:
			kind = kindFence
			if closesFence(rest, f) {
				f.open = false
			}
		case isBlank(ln):
			kind = kindBlank
		case opensFence(rest, &f):
			kind = kindFence
		case ind <= 3 && rest[0] == '#':
			if level, title, ok := atx(rest); ok {
				num, t := splitNumber(title)
				hs = append(hs, heading{offset: start, body: next, end: -1, level: level, title: t, number: num})
				kind = kindHeading
			} else {
				kind = kindText
			}
		case ind <= 3 && prev == kindPara && !(prevPrev == kindPara || prevPrev == kindText) && isSetextUnderline(rest):
			level := 1
			if rest[0] == '-' {
				level = 2
			}
			num, t := splitNumber(collapseSpace(prevLine))
			hs = append(hs, heading{offset: prevStart, body: next, end: -1, level: level, title: t, number: num})
			kind = kindHeading
		case ind == 0 && rest[0] >= '0' && rest[0] <= '9' && prev == kindNumbered:
			// Two numbered lines in a row are a table of contents or a
			// list, not two headings: take back the first.
			if _, _, _, ok := numberedLine(ln, false); ok {
				hs = hs[:len(hs)-1]
				kind = kindText
			} else {
				kind = paraOrText(ind, rest)
			}
		case ind == 0 && (prev == kindStart || prev == kindBlank || prev == kindHeading || prev == kindFence):
			if num, title, level, ok := numberedLine(ln, false); ok && !resultTitle(title) {
				hs = append(hs, heading{offset: start, body: next, end: -1, level: level, title: title, number: num})
				kind = kindNumbered
			} else {
				kind = paraOrText(ind, rest)
			}
		default:
			kind = paraOrText(ind, rest)
		}
		prevPrev, prev = prev, kind
		prevStart, prevLine = start, ln
		start = next
	}
	return hs
}

// paraOrText tells a plain paragraph line from list items, block quotes,
// table rows, thematic breaks and indented code, none of which a setext
// underline can turn into a heading.
func paraOrText(ind int, rest string) lineKind {
	if ind > 3 {
		return kindText
	}
	switch c := rest[0]; c {
	case '>', '|', '<':
		return kindText
	case '-', '*', '+':
		if len(rest) == 1 || rest[1] == ' ' || rest[1] == '\t' || isThematicBreak(rest) {
			return kindText
		}
	case '=':
		if isSetextUnderline(rest) {
			return kindText
		}
	default:
		if c >= '0' && c <= '9' {
			i := 0
			for i < len(rest) && i < 9 && rest[i] >= '0' && rest[i] <= '9' {
				i++
			}
			if i < len(rest) && (rest[i] == '.' || rest[i] == ')') && (i+1 == len(rest) || rest[i+1] == ' ' || rest[i+1] == '\t') {
				return kindText
			}
		}
	}
	return kindPara
}

// indent is text.Indent, for functions whose text parameter hides the
// package.
func indent(ln string) (int, string) { return text.Indent(ln) }

// opensFence reports whether rest opens a fenced code block
// (text.OpensFence) and records the fence in f.
func opensFence(rest string, f *fence) bool {
	c, n, ok := text.OpensFence(rest)
	if ok {
		*f = fence{open: true, char: c, n: n}
	}
	return ok
}

// closesFence reports whether rest closes the open fence f.
func closesFence(rest string, f fence) bool { return text.ClosesFence(rest, f.char, f.n) }

// atx parses an ATX heading ("## Title ##") from a line without its
// indentation. The closing run of '#' is stripped; an empty title is not a
// heading.
func atx(rest string) (level int, title string, ok bool) {
	for level < len(rest) && rest[level] == '#' {
		level++
	}
	if level > 6 {
		return 0, "", false
	}
	after := rest[level:]
	if after != "" && after[0] != ' ' && after[0] != '\t' {
		return 0, "", false
	}
	t := trimSpace(after)
	j := len(t)
	for j > 0 && t[j-1] == '#' {
		j--
	}
	switch {
	case j == 0:
		t = ""
	case t[j-1] == ' ' || t[j-1] == '\t':
		t = t[:j]
	}
	t = collapseSpace(badgesOut(inlineHTMLOut(text.HeadingAttrsOut(t))))
	if t == "" {
		return 0, "", false
	}
	return level, t, true
}

// badge is a Markdown image, alone or as a link's text: a README's build
// and version badges beside its title ("[![Tests](…svg)][3]").
var badge = lazyre.New(`\[!\[[^\[\]]*\]\([^()\s]*\)\](?:\([^()\s]*\)|\[[^\[\]]*\])|!\[[^\[\]]*\]\([^()\s]*\)`)

// badgesOut drops a heading's images: they show something beside the
// title, not words of it.
func badgesOut(t string) string {
	if !strings.Contains(t, "![") {
		return t
	}
	return strings.TrimSpace(badge.ReplaceAllString(t, ""))
}

// inlineHTMLOut drops the inline HTML tags of a heading (`<a href="#x"
// id="x" class="headerlink"></a> Introduction`, `<code>id</code>`): a
// reader sees the text between them. A closing tag, a tag with
// attributes or one of the inline tags is dropped; "Vec<T>" stays.
func inlineHTMLOut(t string) string {
	if !strings.Contains(t, "<") {
		return t
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '<')
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		j := strings.IndexByte(t[i:], '>')
		if j < 0 || !inlineTag(t[i+1:i+j]) {
			b.WriteString(t[:i+1])
			t = t[i+1:]
			continue
		}
		b.WriteString(t[:i])
		t = t[i+j+1:]
	}
}

// inlineTag reports whether the text between "<" and ">" is an HTML tag a
// heading may carry.
func inlineTag(in string) bool {
	in = strings.TrimSuffix(strings.TrimPrefix(in, "/"), "/")
	name, attrs, _ := strings.Cut(in, " ")
	if name == "" || !isLetterOnly(name) {
		return false
	}
	if strings.Contains(attrs, "=") {
		return true
	}
	switch strings.ToLower(name) {
	case "a", "span", "code", "em", "strong", "b", "i", "sup", "sub", "small", "kbd", "var", "abbr", "br", "mark", "tt", "u", "s":
		return true
	}
	return false
}

func isLetterOnly(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// isSetextUnderline reports whether rest is a run of '=' or of at least two
// '-' followed only by white space.
func isSetextUnderline(rest string) bool {
	c := rest[0]
	if c != '=' && c != '-' {
		return false
	}
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if c == '-' && n < 2 {
		return false
	}
	return isBlank(rest[n:])
}

// isThematicBreak reports whether rest is three or more '-', '*' or '_'
// with optional spaces between them.
func isThematicBreak(rest string) bool {
	c := rest[0]
	n := 0
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case c:
			n++
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return n >= 3
}

// frontMatterEnd is text.FrontMatterEnd, for the functions whose text
// parameter hides the package's name.
var frontMatterEnd = text.FrontMatterEnd

// splitNumber separates a leading section number from a heading title:
// "2.3 Subspaces" → ("2.3", "Subspaces"), "1. Introduction" →
// ("1", "Introduction"). Only numbers with a dot count, so "2020 Roadmap"
// stays whole, and the rest must start with a letter, so "3.14 is pi" is
// split only when written as a heading.
func splitNumber(title string) (number, rest string) {
	n, dots, i := scanNumber(title)
	if n == 0 || dots == 0 || i >= len(title) || (title[i] != ' ' && title[i] != '\t') {
		return "", title
	}
	r := trimSpace(title[i:])
	if r == "" {
		return "", title
	}
	if c, _ := utf8.DecodeRuneInString(r); !unicode.IsLetter(c) {
		return "", title
	}
	return strings.TrimSuffix(title[:i], "."), r
}

// scanNumber reads a section number "1", "2.3", "4.2.1." at the start of s:
// up to six parts of one to three digits. It returns the number of parts,
// the number of dots (a trailing dot included) and the offset after it.
func scanNumber(s string) (parts, dots, end int) {
	i := 0
	for {
		j := i
		for j < len(s) && j-i < 4 && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		d := j - i
		if d == 0 || d > 3 {
			if parts == 0 || d > 3 {
				return 0, 0, 0
			}
			return parts, dots, i
		}
		parts++
		if parts > 6 {
			return 0, 0, 0
		}
		i = j
		if i < len(s) && s[i] == '.' {
			dots++
			i++
			continue
		}
		return parts, dots, i
	}
}

// resultKindWords open the blocks that books number like sections when
// they put the number first ("2.7 Definition · Substitution", "2.8
// Lemma", amsthm's swapped numbers).
var resultKindWords = map[string]bool{
	"Definition": true, "Theorem": true, "Lemma": true, "Proposition": true, "Corollary": true,
	"Example": true, "Exercise": true, "Remark": true, "Convention": true, "Notation": true,
	"Conjecture": true, "Claim": true, "Fact": true, "Observation": true, "Axiom": true, "Algorithm": true,
	"Problem": true, "Proof": true, "Note": true,
}

// resultTitle reports whether a numbered line's title is a result block
// rather than a section: the kind word alone, or followed by its title
// after a dot, dash or parenthesis. "2.3 Definition of continuity" is a
// section.
func resultTitle(t string) bool {
	i := strings.IndexAny(t, " \t.(")
	w, rest := t, ""
	if i >= 0 {
		w, rest = t[:i], trimSpace(t[i:])
	}
	if !resultKindWords[w] {
		return false
	}
	if rest == "" || rest == "." {
		return true
	}
	for _, sep := range []string{"·", "—", "–", "(", ". "} {
		if strings.HasPrefix(rest, sep) {
			return true
		}
	}
	return false
}
