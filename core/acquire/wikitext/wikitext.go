// Package wikitext reads MediaWiki markup (.mediawiki, .wiki: Bitcoin's
// BIPs, wiki pages kept in a repository) as the Markdown-flavoured text the
// rest of lore reads: = Heading = as # Heading, * and # lists as nested
// Markdown lists, ; and : as a term and its indented text, <pre>, <source>
// and <syntaxhighlight> (and lines set off by a leading space) as fenced
// code, {| tables |} as pipe tables, ”'bold”' and ”italic” as ** and *,
// [[links]] and [links] as their text, <ref> notes as footnotes,
// <sup>/<sub> as ^ and _, <math> as $…$, HTML entities as their
// characters. Templates ({{…}}), comments and behaviour switches
// (__NOTOC__) print nothing of the text and are dropped. It is the subset
// pages written by hand use, not MediaWiki's whole parser: no template is
// expanded and no page is fetched.
package wikitext

import (
	"html"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

var (
	heading   = lazyre.New(`^(={1,6})[ \t]*(.*?)[ \t]*(={1,6})[ \t]*$`)
	preOpen   = lazyre.New(`(?i)^[ \t]*<(pre|source|syntaxhighlight)\b([^>]*)>(.*)$`)
	langAttr  = lazyre.New(`(?i)\blang\s*=\s*["']?([A-Za-z0-9+#_-]+)`)
	comment   = lazyre.New(`(?s)<!--.*?-->`)
	switches  = lazyre.New(`__[A-Z]+__`)
	refTag    = lazyre.New(`(?is)<ref\b[^>/]*/>|<ref\b[^>]*>(.*?)</ref>`)
	refsTag   = lazyre.New(`(?i)<references\s*/>|<references\b[^>]*>.*?</references>`)
	wikiLink  = lazyre.New(`\[\[([^\[\]|]*)(?:\|([^\[\]]*))?\]\]`)
	extLink   = lazyre.New(`\[((?:https?|ftp|mailto):[^\s\]]+)(?:\s+([^\]]*))?\]`)
	codeTag   = lazyre.New(`(?is)<(code|tt|kbd|samp)\b[^>]*>(.*?)</(?:code|tt|kbd|samp)>`)
	mathTag   = lazyre.New(`(?is)<math\b[^>]*>(.*?)</math>`)
	supSubTag = lazyre.New(`(?is)<(sup|sub)\b[^>]*>(.*?)</(?:sup|sub)>`)
	breakTag  = lazyre.New(`(?i)<br\s*/?>`)
	otherTag  = lazyre.New(`(?i)</?(?:span|div|small|big|u|s|del|ins|center|font|nowiki|abbr|cite|blockquote|b|i|em|strong|p)\b[^>]*>|<img\b[^>]*>`)
	title     = lazyre.New(`(?m)^[ \t]*Title:[ \t]*(.+)$`)
)

// Markdown returns src, MediaWiki markup, as Markdown-flavoured text, and
// the page's title where its preamble names one (a BIP's "Title:"), else
// "".
func Markdown(src string) (string, string) {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	src = comment.ReplaceAllString(src, "")
	src = dropTemplates(src)
	src = switches.ReplaceAllString(src, "")
	var notes []string
	src = refTag.ReplaceAllStringFunc(src, func(m string) string {
		sm := refTag.FindStringSubmatch(m)
		if strings.TrimSpace(sm[1]) == "" {
			return ""
		}
		notes = append(notes, strings.Join(strings.Fields(sm[1]), " "))
		return "[^" + strconv.Itoa(len(notes)) + "]"
	})
	src = refsTag.ReplaceAllString(src, "")
	w := &writer{}
	lines := strings.Split(src, "\n")
	name := ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := preOpen.FindStringSubmatch(line); m != nil {
			i = w.code(lines, i, m)
			if name == "" && w.codes == 1 {
				if t := title.FindStringSubmatch(w.lastCode); t != nil {
					name = strings.TrimSpace(t[1])
				}
			}
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(line), "{|") {
			i = w.table(lines, i)
			continue
		}
		if m := heading.FindStringSubmatch(line); m != nil && len(m[1]) == len(m[3]) && m[2] != "" {
			w.block()
			w.out.WriteString(strings.Repeat("#", len(m[1])) + " " + inline(m[2]) + "\n\n")
			continue
		}
		if line != "" && (line[0] == '*' || line[0] == '#' || line[0] == ':' || line[0] == ';') {
			w.item(line)
			continue
		}
		if strings.HasPrefix(line, " ") && strings.TrimSpace(line) != "" {
			// a line set off by a leading space is preformatted
			j := i
			var body []string
			for j < len(lines) && strings.HasPrefix(lines[j], " ") && strings.TrimSpace(lines[j]) != "" {
				body = append(body, html.UnescapeString(lines[j][1:]))
				j++
			}
			w.fence("", strings.Join(body, "\n"))
			i = j - 1
			continue
		}
		if strings.TrimSpace(line) == "----" {
			w.block()
			w.out.WriteString("---\n\n")
			continue
		}
		w.para(line)
	}
	w.block()
	for k, n := range notes {
		w.out.WriteString("[^" + strconv.Itoa(k+1) + "]: " + inline(n) + "\n\n")
	}
	return strings.TrimRight(w.out.String(), "\n") + "\n", name
}

// writer builds the Markdown text, knowing what kind of block it is in so
// that a list, a paragraph and a table each end with a blank line.
type writer struct {
	out strings.Builder
	// inList: the lines written last were list items; counters number
	// the open levels of # lists.
	inList   bool
	counters []int
	inPara   bool
	codes    int
	lastCode string
}

// block ends the list or paragraph being written.
func (w *writer) block() {
	if w.inList || w.inPara {
		w.out.WriteString("\n")
	}
	w.inList, w.inPara = false, false
	w.counters = w.counters[:0]
}

func (w *writer) para(line string) {
	if strings.TrimSpace(line) == "" {
		w.block()
		return
	}
	if w.inList {
		w.block()
	}
	w.inPara = true
	w.out.WriteString(inline(line) + "\n")
}

// item writes a list line: its prefix of *, #, : and ; gives its depth and
// kind, each level indented under the marker of the level above.
func (w *writer) item(line string) {
	if w.inPara {
		w.block()
	}
	k := 0
	for k < len(line) && strings.IndexByte("*#:;", line[k]) >= 0 {
		k++
	}
	prefix, rest := line[:k], strings.TrimSpace(line[k:])
	for len(w.counters) > len(prefix) {
		w.counters = w.counters[:len(w.counters)-1]
	}
	for len(w.counters) < len(prefix) {
		w.counters = append(w.counters, 0)
	}
	indent := 0
	for d := 0; d < len(prefix)-1; d++ {
		indent += markerWidth(prefix[d], w.counters[d])
	}
	last := prefix[len(prefix)-1]
	pad := strings.Repeat(" ", indent)
	text := inline(rest)
	switch last {
	case '*':
		w.out.WriteString(pad + "- " + text + "\n")
	case '#':
		w.counters[len(prefix)-1]++
		w.out.WriteString(pad + strconv.Itoa(w.counters[len(prefix)-1]) + ". " + text + "\n")
	case ';':
		// a term, its definition after a colon on the line or on the
		// next ":" lines
		term, def, _ := strings.Cut(rest, " : ")
		w.out.WriteString(pad + "**" + strings.TrimSpace(inline(term)) + "**")
		if def != "" {
			w.out.WriteString(": " + inline(def))
		}
		w.out.WriteString("\n")
	default: // ':' indents its text under the item above
		w.out.WriteString(pad + "  " + text + "\n")
	}
	w.inList = true
}

// markerWidth is how far an item's text starts after its marker: where a
// nested item must be indented to.
func markerWidth(c byte, n int) int {
	if c == '#' {
		return len(strconv.Itoa(max(n, 1))) + 2
	}
	return 2 // "- ", and the indentation of ':' and ';'

}

// code writes the block of preformatted text opening at lines[i] (m its
// opening tag) and returns the index of its last line.
func (w *writer) code(lines []string, i int, m []string) int {
	tag := strings.ToLower(m[1])
	lang := ""
	if l := langAttr.FindStringSubmatch(m[2]); l != nil {
		lang = l[1]
	}
	closing := "</" + tag
	var body []string
	rest := m[3]
	j := i
	for {
		if k := strings.Index(strings.ToLower(rest), closing); k >= 0 {
			if t := rest[:k]; strings.TrimSpace(t) != "" {
				body = append(body, t)
			}
			break
		}
		if j > i || strings.TrimSpace(rest) != "" {
			body = append(body, rest)
		}
		j++
		if j >= len(lines) {
			break
		}
		rest = lines[j]
	}
	text := strings.Join(body, "\n")
	if tag == "pre" {
		// <pre> keeps wiki entities as characters but no other markup
		text = html.UnescapeString(otherTag.ReplaceAllString(text, ""))
	}
	w.fence(lang, text)
	w.codes++
	w.lastCode = text
	return min(j, len(lines)-1)
}

func (w *writer) fence(lang, body string) {
	w.block()
	f := "```"
	for strings.Contains(body, f) {
		f += "`"
	}
	w.out.WriteString(f + lang + "\n" + strings.Trim(body, "\n") + "\n" + f + "\n\n")
}

// table writes the {| … |} table opening at lines[i] as a pipe table and
// returns the index of its last line.
func (w *writer) table(lines []string, i int) int {
	var rows [][]string
	var cur []string
	head := false
	j := i + 1
	for ; j < len(lines); j++ {
		t := strings.TrimSpace(lines[j])
		switch {
		case strings.HasPrefix(t, "|}"):
			goto done
		case strings.HasPrefix(t, "|-"):
			if len(cur) > 0 {
				rows = append(rows, cur)
			}
			cur = nil
		case strings.HasPrefix(t, "|+"):
			// a caption: printed above the table
		case strings.HasPrefix(t, "!"):
			head = head || len(rows) == 0
			for _, c := range strings.Split(t[1:], "!!") {
				cur = append(cur, cell(c))
			}
		case strings.HasPrefix(t, "|"):
			for _, c := range strings.Split(t[1:], "||") {
				cur = append(cur, cell(c))
			}
		case len(cur) > 0 && t != "":
			cur[len(cur)-1] += " " + inline(t) // a cell's text runs on
		}
	}
done:
	if len(cur) > 0 {
		rows = append(rows, cur)
	}
	w.block()
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	if width == 0 {
		return j
	}
	if !head {
		rows = append([][]string{make([]string, width)}, rows...)
	}
	for k, r := range rows {
		for len(r) < width {
			r = append(r, "")
		}
		w.out.WriteString("| " + strings.Join(r, " | ") + " |\n")
		if k == 0 {
			w.out.WriteString("|" + strings.Repeat(" --- |", width) + "\n")
		}
	}
	w.out.WriteString("\n")
	return j
}

// cell is a table cell's text, its attributes ("style=… | text") dropped
// and its pipes escaped.
func cell(c string) string {
	if k := strings.IndexByte(c, '|'); k >= 0 && !strings.Contains(c[:k], "[[") {
		c = c[k+1:]
	}
	return strings.ReplaceAll(inline(strings.TrimSpace(c)), "|", `\|`)
}

// inline converts a line's inline markup.
func inline(s string) string {
	s = codeTag.ReplaceAllStringFunc(s, func(m string) string {
		return "`" + html.UnescapeString(codeTag.FindStringSubmatch(m)[2]) + "`"
	})
	s = mathTag.ReplaceAllString(s, "$$$1$$")
	s = supSubTag.ReplaceAllStringFunc(s, func(m string) string {
		sm := supSubTag.FindStringSubmatch(m)
		mark := "^"
		if strings.EqualFold(sm[1], "sub") {
			mark = "_"
		}
		v := strings.TrimSpace(sm[2])
		if len([]rune(v)) > 1 && strings.ContainsAny(v, " +-*/,()") {
			v = "(" + v + ")"
		}
		return mark + v
	})
	s = breakTag.ReplaceAllString(s, " ")
	s = otherTag.ReplaceAllString(s, "")
	s = wikiLink.ReplaceAllStringFunc(s, func(m string) string {
		sm := wikiLink.FindStringSubmatch(m)
		if sm[2] != "" {
			return sm[2]
		}
		return strings.TrimPrefix(sm[1], ":")
	})
	s = extLink.ReplaceAllStringFunc(s, func(m string) string {
		sm := extLink.FindStringSubmatch(m)
		if strings.TrimSpace(sm[2]) == "" {
			return "<" + sm[1] + ">"
		}
		return "[" + strings.TrimSpace(sm[2]) + "](" + sm[1] + ")"
	})
	return html.UnescapeString(emphasis(s))
}

// emphasis writes a line's ”italic”, ”'bold”' and ””'both””' as
// Markdown's *, ** and ***: each run of quotes opens or closes its kind in
// turn, and a closing one takes no space before it ("”d' ”" is *d'*).
// A single quote is an apostrophe, and so are the quotes a run has over
// its mark (l”'x”' is l'**x**).
func emphasis(s string) string {
	if !strings.Contains(s, "''") {
		return s
	}
	var b strings.Builder
	open := map[int]bool{}
	for i := 0; i < len(s); {
		if s[i] != '\'' {
			b.WriteByte(s[i])
			i++
			continue
		}
		n := 0
		for i+n < len(s) && s[i+n] == '\'' {
			n++
		}
		i += n
		run := min(n, 5)
		if run == 4 {
			run = 3
		}
		if n == 1 {
			b.WriteByte('\'')
			continue
		}
		b.WriteString(strings.Repeat("'", n-run))
		for _, k := range marks(run) {
			if open[k] {
				t := strings.TrimRight(b.String(), " ")
				b.Reset()
				b.WriteString(t)
			}
			b.WriteString(strings.Repeat("*", k))
			open[k] = !open[k]
		}
	}
	return b.String()
}

// marks are the emphases a run of quotes toggles, as Markdown writes them
// (the number of asterisks): two quotes italic, three bold, five both.
func marks(run int) []int {
	switch run {
	case 5:
		return []int{2, 1}
	case 3:
		return []int{2}
	}
	return []int{1}
}

// dropTemplates removes {{…}} templates, nested ones with them; an
// unclosed one is left as written.
func dropTemplates(s string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	var b strings.Builder
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "{{"):
			if depth == 0 {
				b.WriteString(s[start:i])
			}
			depth++
			i++
		case depth > 0 && strings.HasPrefix(s[i:], "}}"):
			depth--
			i++
			if depth == 0 {
				start = i + 1
			}
		}
	}
	if depth > 0 {
		return s
	}
	b.WriteString(s[start:])
	return b.String()
}
