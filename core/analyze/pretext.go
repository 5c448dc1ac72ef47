package analyze

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// pretextDivisions are the PreTeXt elements that make sections. Besides the
// structural divisions it takes the end-of-section "exercises" and
// "reading-questions" divisions, whose content is better attributed to them
// than to the section around them.
var pretextDivisions = map[string]bool{
	"part": true, "chapter": true, "appendix": true, "section": true, "subsection": true,
	"subsubsection": true, "exercises": true, "reading-questions": true,
}

const (
	// maxTitle bounds the text collected for one title.
	maxTitle = 512
	// maxCloseSearch bounds how deep an end tag is looked up in the stack of
	// open elements, so that hostile input (many open tags, then many
	// unmatched end tags) cannot make the scan quadratic.
	maxCloseSearch = 64
	// maxDivisionDepth bounds how deep divisions nest as sections. A book
	// nests a handful (part, chapter, section, subsection, subsubsection,
	// exercises); a division deeper than this is read as text of the one
	// around it, so a file of nested <section>s makes no tree that every
	// later walk recurses down and numbers level by level (25,000 of them
	// took 1.3 GB, 50,000 overflowed the stack of lore analyze).
	maxDivisionDepth = 32
)

// openElem is an element on the stack of open elements; div is its index
// in the headings when it is a division, else -1.
type openElem struct {
	name string
	div  int
}

// pretextHeadings scans PreTeXt XML with a small tolerant tag scanner (no
// DOM, no allocation per element): comments, CDATA, processing instructions
// and declarations are skipped; each division element becomes a heading at
// its '<', titled by the text of its first <title> child, ending after its
// end tag. Levels come from the nesting of divisions, at most
// maxDivisionDepth deep. Malformed markup never fails: an unterminated
// construct ends the scan, unmatched end tags are ignored, and divisions
// still open at the end run to the end of the text.
func pretextHeadings(text string) []heading {
	var (
		hs       []heading
		hasChild []bool // per heading: a child division started
		titled   []bool // per heading: its title was read
		stack    []openElem
		divs     []int // indices of the open divisions, innermost last
		// The title being read: the heading it belongs to and the stack
		// depth of its <title> element.
		titleFor   = -1
		titleDepth int
		tb         strings.Builder
	)
	finishTitle := func(end int) {
		if t := collapseSpace(tb.String()); t != "" {
			hs[titleFor].title = t
			// The body starts after the title unless (in malformed
			// markup) a child division already started inside it.
			if !hasChild[titleFor] {
				hs[titleFor].body = end
			}
		}
		titled[titleFor] = true
		titleFor = -1
		tb.Reset()
	}
	closeTo := func(k, end int) {
		for len(stack) > k {
			e := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if titleFor >= 0 && len(stack) == titleDepth {
				finishTitle(end)
			}
			if e.div >= 0 {
				hs[e.div].end = end
				divs = divs[:len(divs)-1]
			}
		}
	}
	i := 0
scan:
	for i < len(text) {
		j := strings.IndexByte(text[i:], '<')
		if j < 0 {
			if titleFor >= 0 {
				appendCharData(&tb, text[i:])
			}
			break
		}
		p := i + j
		if titleFor >= 0 {
			appendCharData(&tb, text[i:p])
		}
		rest := text[p:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			k := strings.Index(rest[4:], "-->")
			if k < 0 {
				break scan
			}
			i = p + 4 + k + 3
		case strings.HasPrefix(rest, "<![CDATA["):
			k := strings.Index(rest[9:], "]]>")
			if k < 0 {
				break scan
			}
			if titleFor >= 0 {
				appendLimited(&tb, rest[9:9+k])
			}
			i = p + 9 + k + 3
		case strings.HasPrefix(rest, "<?"):
			k := strings.Index(rest[2:], "?>")
			if k < 0 {
				break scan
			}
			i = p + 2 + k + 2
		case strings.HasPrefix(rest, "<!"):
			k := declEnd(rest)
			if k < 0 {
				break scan
			}
			i = p + k
		case strings.HasPrefix(rest, "</"):
			name, k := xmlName(rest, 2)
			gt := strings.IndexByte(rest[k:], '>')
			if gt < 0 {
				break scan
			}
			end := p + k + gt + 1
			for d := len(stack) - 1; d >= 0 && d >= len(stack)-maxCloseSearch; d-- {
				if stack[d].name == name {
					closeTo(d, end)
					break
				}
			}
			i = end
		default:
			name, k := xmlName(rest, 1)
			if name == "" {
				if titleFor >= 0 {
					appendLimited(&tb, "<")
				}
				i = p + 1
				continue
			}
			gt, selfClosing := tagEnd(rest, k)
			if gt < 0 {
				break scan
			}
			end := p + gt + 1
			i = end
			switch {
			case pretextDivisions[name] && len(divs) < maxDivisionDepth:
				if titleFor >= 0 {
					// A division inside a title (malformed): the title
					// ends where the division starts.
					finishTitle(p)
				}
				if len(divs) > 0 {
					hasChild[divs[len(divs)-1]] = true
				}
				h := heading{offset: p, body: end, end: -1, level: len(divs) + 1, title: defaultTitle(name)}
				if selfClosing {
					h.end = end
				}
				hs = append(hs, h)
				hasChild = append(hasChild, false)
				titled = append(titled, false)
				if !selfClosing {
					stack = append(stack, openElem{name: name, div: len(hs) - 1})
					divs = append(divs, len(hs)-1)
				}
			case selfClosing:
			case name == "title" && titleFor < 0 && len(stack) > 0 && stack[len(stack)-1].div >= 0 &&
				!titled[stack[len(stack)-1].div] && !hasChild[stack[len(stack)-1].div]:
				titleFor = stack[len(stack)-1].div
				titleDepth = len(stack)
				stack = append(stack, openElem{name: name, div: -1})
			default:
				stack = append(stack, openElem{name: name, div: -1})
			}
		}
	}
	if titleFor >= 0 {
		finishTitle(len(text))
	}
	for k := range hs {
		if hs[k].end < 0 {
			hs[k].end = len(text)
		}
	}
	return hs
}

// defaultTitle names a division that has no <title>: "reading-questions" →
// "Reading Questions".
func defaultTitle(name string) string {
	words := strings.Split(name, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// xmlName reads an element name at s[i:]; "" when none starts there.
func xmlName(s string, i int) (string, int) {
	j := i
	for j < len(s) {
		c := s[j]
		if isLetter(c) || c == '_' || c == ':' || c >= utf8.RuneSelf || (j > i && (c == '-' || c == '.' || c >= '0' && c <= '9')) {
			j++
			continue
		}
		break
	}
	return s[i:j], j
}

// tagEnd finds the '>' that ends the start tag in s, skipping quoted
// attribute values; -1 when the tag is not terminated.
func tagEnd(s string, i int) (gt int, selfClosing bool) {
	for i < len(s) {
		switch c := s[i]; c {
		case '"', '\'':
			k := strings.IndexByte(s[i+1:], c)
			if k < 0 {
				return -1, false
			}
			i += k + 2
		case '>':
			return i, i > 0 && s[i-1] == '/'
		default:
			i++
		}
	}
	return -1, false
}

// declEnd returns the offset after a "<!DOCTYPE …>" declaration, skipping
// an internal subset in brackets; -1 when it is not terminated.
func declEnd(s string) int {
	depth := 0
	for i := 2; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case '>':
			if depth <= 0 {
				return i + 1
			}
		}
	}
	return -1
}

// appendCharData appends XML character data to b with the predefined and
// numeric entities decoded, up to maxTitle bytes.
func appendCharData(b *strings.Builder, s string) {
	for len(s) > 0 && b.Len() < maxTitle {
		amp := strings.IndexByte(s, '&')
		if amp < 0 {
			appendLimited(b, s)
			return
		}
		appendLimited(b, s[:amp])
		s = s[amp:]
		semi := strings.IndexByte(s, ';')
		if semi < 0 || semi > 12 {
			appendLimited(b, "&")
			s = s[1:]
			continue
		}
		appendLimited(b, entity(s[1:semi]))
		s = s[semi+1:]
	}
}

func appendLimited(b *strings.Builder, s string) {
	if room := maxTitle - b.Len(); room < len(s) {
		if room <= 0 {
			return
		}
		for room > 0 && !utf8.RuneStart(s[room]) {
			room--
		}
		s = s[:room]
	}
	b.WriteString(s)
}

// entity decodes an entity reference name ("amp", "#233", "#x2014"); an
// unknown one is kept as written.
func entity(name string) string {
	switch name {
	case "amp":
		return "&"
	case "lt":
		return "<"
	case "gt":
		return ">"
	case "quot":
		return `"`
	case "apos":
		return "'"
	case "nbsp":
		return " "
	}
	if strings.HasPrefix(name, "#") {
		var n uint64
		var err error
		if strings.HasPrefix(name, "#x") || strings.HasPrefix(name, "#X") {
			n, err = strconv.ParseUint(name[2:], 16, 32)
		} else {
			n, err = strconv.ParseUint(name[1:], 10, 32)
		}
		if err == nil && n > 0 && n <= utf8.MaxRune {
			return string(rune(n))
		}
	}
	return "&" + name + ";"
}

// xmlHasCharData reports whether s has character data outside markup: the
// text before the first PreTeXt division is a preamble only when it says
// something (a book title), not when it is the XML declaration and an
// opening tag.
func xmlHasCharData(s string) bool {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return hasNonSpace(s[i:])
		}
		if hasNonSpace(s[i : i+j]) {
			return true
		}
		p := i + j
		end := "-->"
		if !strings.HasPrefix(s[p:], "<!--") {
			end = ">"
		}
		k := strings.Index(s[p:], end)
		if k < 0 {
			return false
		}
		i = p + k + len(end)
	}
	return false
}
