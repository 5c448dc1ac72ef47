// Package asciidoc reads AsciiDoc (.adoc, .asciidoc: books, manuals) as
// the Markdown-flavoured text the rest of lore reads: = and == titles as #
// and ## headings; paragraphs; . and .. numbered and * and ** bulleted
// lists, nested, their + continuations kept in the item; ---- listings
// ([source,lang]) and .... literal blocks as fenced code; |=== tables as
// pipe tables; term:: descriptions as a bold term and its text; NOTE:
// and [NOTE] ==== admonitions as paragraphs led by their kind; sidebars,
// examples, quotes and open blocks as what they hold; [latexmath] and
// [stem] passthroughs as $$ displays, other passthroughs (HTML tables) as
// the HTML reader reads them; inline markup (+x+, `x`, *strong*, _emph_,
// x~sub~, x^sup^, [.role]#text#, link:url[text], <<ref,text>>,
// {attribute}) as Markdown or as its text. Index terms, comments,
// anchors and footnotes' text are dropped; include:: is noted, never
// followed.
//
// It is a converter of the subset documents written by hand use.
// libasciidoc, the Go implementation of AsciiDoc, was weighed: it renders
// HTML, which lore would read back through its HTML reader, losing the
// line-for-line correspondence with the source that a converter keeps,
// and its module could not be fetched for this build.
package asciidoc

import (
	"html"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/core/acquire/mdblock"
	"github.com/lore-kb/lore/internal/lazyre"
)

var (
	titleLine   = lazyre.New(`^(={1,6}|#{1,6})[ \t]+(.+?)(?:[ \t]+=+)?[ \t]*$`)
	attrEntry   = lazyre.New(`^:([A-Za-z0-9_][A-Za-z0-9_-]*)!?:(?:[ \t]+(.*))?$`)
	blockAttr   = lazyre.New(`^\[([^\[\]]*(?:\[[^\]]*\][^\[\]]*)*)\][ \t]*$`)
	anchorLine  = lazyre.New(`^\[\[[^\]]*\]\][ \t]*$`)
	blockTitle  = lazyre.New(`^\.([^.\s].*)$`)
	listItem    = lazyre.New(`^[ \t]*(\*{1,5}|-|\.{1,5}|[0-9]+\.|[a-zA-Z]\.|[ivx]+\))[ \t]+(.*)$`)
	descItem    = lazyre.New(`^(.*?[^:;]|)(::|:::|::::|;;)(?:[ \t]+(.*))?$`)
	admonition  = lazyre.New(`^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+(.*)$`)
	includeLine = lazyre.New(`^include::([^\[]*)\[.*\]$`)
	delimiter   = lazyre.New(`^(-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}|\+{4,}|/{4,}|--|\|={3,}|` + "`{3}" + `.*)$`)

	indexTerm3 = lazyre.New(`\(\(\((?:[^()]|\([^()]*\))*\)\)\)`)
	indexTerm2 = lazyre.New(`\(\(([^()]+)\)\)`)
	passInline = lazyre.New(`\+\+\+(.+?)\+\+\+|pass:[a-z,]*\[(.*?)\]`)
	monoPlus   = lazyre.New(`\+\+([^\s+](?:.*?[^\s+])?)\+\+|(^|[^\w+])\+([^\s+](?:.*?[^\s+])?)\+([^\w+]|$)`)
	backtick   = lazyre.New("``(.+?)``|`([^`\\s](?:[^`]*[^`\\s])?)`")
	roleSpan   = lazyre.New(`\[[^\[\]]*\]#([^#]+)#`)
	markSpan   = lazyre.New(`(^|[^\w#])#([^#\s](?:[^#]*[^#\s])?)#([^\w#]|$)`)
	xrefText   = lazyre.New(`<<([^<>,]+),\s*([^<>]+)>>`)
	xrefBare   = lazyre.New(`<<([^<>]+)>>`)
	xrefMacro  = lazyre.New(`xref:([^\[\s]+)\[([^\]]*)\]`)
	linkMacro  = lazyre.New(`(?:link|mailto):([^\[\s]+)\[([^\]]*)\]`)
	urlMacro   = lazyre.New(`((?:https?|ftp|irc)://[^\[\s]+)\[([^\]]*)\]`)
	imageMacro = lazyre.New(`image::?[^\[\s]*\[([^\],]*)[^\]]*\]`)
	mathMacro  = lazyre.New(`(?:latexmath|stem|asciimath):\[(.*?)\]`)
	kbdMacro   = lazyre.New(`(?:kbd|btn|menu):[^\[\s]*\[([^\]]*)\]`)
	footnote   = lazyre.New(`footnote(?:ref)?:[^\[\s]*\[(?:[^\[\]]|\[[^\]]*\])*\]`)
	anchorSpan = lazyre.New(`\[\[[^\]]*\]\]|anchor:[^\[\s]+\[[^\]]*\]`)
	strongU    = lazyre.New(`\*\*(.+?)\*\*`)
	strongC    = lazyre.New(`(^|[^\w*])\*([^\s*](?:[^*]*[^\s*])?)\*([^\w*]|$)`)
	emphU      = lazyre.New(`__(.+?)__`)
	emphC      = lazyre.New(`(^|[^\w_])_([^\s_](?:[^_]*[^\s_])?)_([^\w_]|$)`)
	subSpan    = lazyre.New(`~([^\s~]+)~`)
	supSpan    = lazyre.New(`\^([^\s^]+)\^`)
	attrRef    = lazyre.New(`\{([A-Za-z0-9_][A-Za-z0-9_-]*)\}`)
	hardBreak  = lazyre.New(`[ \t]\+$`)
)

// builtin are the attributes AsciiDoc defines for every document that
// stand for characters.
var builtin = map[string]string{
	"nbsp": " ", "zwsp": "", "wj": "", "apos": "'", "quot": `"`, "lsquo": "‘", "rsquo": "’",
	"ldquo": "“", "rdquo": "”", "deg": "°", "plus": "+", "brvbar": "¦", "vbar": "|", "amp": "&",
	"lt": "<", "gt": ">", "startsb": "[", "endsb": "]", "caret": "^", "asterisk": "*", "tilde": "~",
	"backslash": `\`, "backtick": "`", "two-colons": "::", "two-semicolons": ";;", "cpp": "C++",
	"empty": "", "sp": " ", "blank": "",
}

// Markdown returns src, AsciiDoc, as Markdown, the document's title (its
// = title, else its first heading) and notes on what it refers to and
// lore does not read (an included file).
func Markdown(src string) (body, title string, notes []string) {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	c := &conv{attrs: map[string]string{}}
	out := c.blocks(lines, 0)
	return strings.TrimLeft(out, "\n"), c.title, c.notes
}

type conv struct {
	attrs map[string]string
	notes []string
	title string
}

// maxDepth bounds how deep blocks nest in blocks (lists in sidebars in
// examples…) before what is deeper is read as plain text.
const maxDepth = 32

// pending is what the attribute and title lines above a block say of it.
type pending struct {
	style string // source, NOTE, latexmath, quote…
	lang  string
	title string
	raw   string // the attribute line's text, for a table's cols and options
}

// blocks converts lines into Markdown.
func (c *conv) blocks(lines []string, depth int) string {
	if depth > maxDepth {
		// blocks nested deeper than any book nests them: their text
		return c.inline(joinText(strings.Join(lines, "\n"))) + "\n\n"
	}
	var out strings.Builder
	var p pending
	var list []listEntry
	flushList := func() {
		if len(list) > 0 {
			out.WriteString(c.list(list, depth))
			list = nil
		}
	}
	for i := 0; i < len(lines); {
		line := lines[i]
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			i++
			continue
		case strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "////"):
			i++ // a comment
			continue
		case anchorLine.MatchString(t):
			i++
			continue
		case attrEntry.MatchString(line):
			m := attrEntry.FindStringSubmatch(line)
			if strings.Contains(line[:len(m[1])+3], "!") {
				delete(c.attrs, m[1])
			} else {
				c.attrs[m[1]] = m[2]
			}
			i++
			continue
		case blockAttr.MatchString(t) && !strings.HasPrefix(t, "[[") || strings.HasPrefix(t, "[[") && strings.HasSuffix(t, "]]") && !anchorLine.MatchString(t):
			p = c.attributes(t, p)
			i++
			continue
		case blockTitle.MatchString(t) && !strings.HasPrefix(t, ".."):
			p.title = blockTitle.FindStringSubmatch(t)[1]
			i++
			continue
		}
		// a list's items, their continuations and nested lists are
		// gathered first and written whole
		if m := listItem.FindStringSubmatch(line); m != nil && p.style == "" {
			if p.title != "" {
				// a list's title goes before it
				flushList()
				out.WriteString("**" + c.inline(p.title) + "**\n\n")
				p.title = ""
			}
			end := c.itemEnd(lines, i+1)
			list = append(list, listEntry{marker: markerKind(m[1]), lines: append([]string{m[2]}, lines[i+1:end]...)})
			i = end
			continue
		}
		if m := descItem.FindStringSubmatch(t); m != nil && m[1] != "" && !strings.Contains(m[1], "://") && !delimiter.MatchString(t) && p.style == "" {
			end := c.itemEnd(lines, i+1)
			body := append([]string{m[3]}, lines[i+1:end]...)
			list = append(list, listEntry{marker: m[2], term: strings.TrimSpace(m[1]), lines: body})
			i = end
			continue
		}
		flushList()
		if p.title != "" {
			title := c.inline(p.title)
			if p.style == "table" || strings.HasPrefix(t, "|===") {
				out.WriteString("Table: " + title + "\n\n")
			} else {
				out.WriteString("**" + title + "**\n\n")
			}
		}
		switch {
		case delimiter.MatchString(t):
			i = c.delimited(lines, i, p, depth, &out)
		case includeLine.MatchString(t):
			c.notes = append(c.notes, "the document includes "+includeLine.FindStringSubmatch(t)[1]+", which lore does not follow")
			i++
		case titleLine.MatchString(line) && (line[0] == '=' || depth == 0) && p.style != "discrete" || p.style == "discrete" && titleLine.MatchString(line):
			m := titleLine.FindStringSubmatch(line)
			title := c.inline(m[2])
			if c.title == "" {
				c.title = title
			}
			out.WriteString(strings.Repeat("#", min(len(m[1]), 6)) + " " + title + "\n\n")
			i++
		case t == "'''" || t == "---" || t == "***" || t == "<<<":
			i++
		default:
			i = c.paragraph(lines, i, p, &out)
		}
		p = pending{}
	}
	flushList()
	return out.String()
}

// attributes reads a block attribute line ([source,go], [NOTE],
// [latexmath], [quote, Author]) into p.
func (c *conv) attributes(t string, p pending) pending {
	inner := strings.TrimSpace(t[1 : len(t)-1])
	p.raw += "," + inner
	parts := strings.Split(inner, ",")
	first := strings.TrimSpace(parts[0])
	if strings.HasPrefix(first, "[") || strings.Contains(first, "=") {
		first = "" // an anchor or named attributes only
	}
	if k := strings.IndexAny(first, ".#%"); k >= 0 {
		first = first[:k] // roles and options
	}
	switch first {
	case "":
		if strings.HasPrefix(inner, "source") {
			p.style = "source"
		}
	case "source", "listing":
		p.style = "source"
		if len(parts) > 1 {
			p.lang = strings.TrimSpace(parts[1])
		}
	default:
		p.style = first
	}
	return p
}

// delimited writes the delimited block opening at lines[i] and returns
// the index after its closing delimiter.
func (c *conv) delimited(lines []string, i int, p pending, depth int, out *strings.Builder) int {
	open := strings.TrimSpace(lines[i])
	end := i + 1
	closing := open
	if strings.HasPrefix(open, "```") {
		closing = "```"
		if p.lang == "" {
			p.lang = strings.TrimSpace(open[3:])
		}
		p.style = "source"
	}
	for end < len(lines) && strings.TrimSpace(lines[end]) != closing {
		end++
	}
	body := lines[i+1 : min(end, len(lines))]
	next := min(end+1, len(lines))
	switch {
	case strings.HasPrefix(open, "////"):
		// a comment block
	case strings.HasPrefix(open, "----") || strings.HasPrefix(open, "....") || strings.HasPrefix(open, "```"):
		if p.style == "latexmath" || p.style == "stem" {
			out.WriteString("$$\n" + strings.Join(body, "\n") + "\n$$\n\n")
			break
		}
		out.WriteString(mdblock.Fence(p.lang, c.callouts(strings.Join(body, "\n"))))
	case strings.HasPrefix(open, "++++"):
		text := strings.Join(body, "\n")
		switch p.style {
		case "latexmath", "stem", "asciimath":
			out.WriteString("$$\n" + strings.TrimSpace(text) + "\n$$\n\n")
		default:
			if strings.Contains(text, "<table") {
				// paragraphs inside cells would split the row
				text = cellPara.ReplaceAllString(text, "")
			}
			md, _, _ := htmltext.Read(text)
			if strings.TrimSpace(md) != "" {
				out.WriteString(strings.Trim(md, "\n") + "\n\n")
			}
		}
	case strings.HasPrefix(open, "|==="):
		out.WriteString(c.table(body, p))
	default:
		// example, sidebar, quote and open blocks: what they hold, an
		// admonition led by its kind
		inner := c.blocks(body, depth+1)
		switch p.style {
		case "NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION":
			out.WriteString(lead(label(p.style)+":", inner))
		case "source", "listing", "literal":
			out.WriteString(mdblock.Fence(p.lang, strings.Join(body, "\n")))
		case "latexmath", "stem":
			out.WriteString("$$\n" + strings.Join(body, "\n") + "\n$$\n\n")
		default:
			out.WriteString(inner)
		}
	}
	return next
}

func label(style string) string { return style[:1] + strings.ToLower(style[1:]) }

// callouts drops a listing's callout marks (<1>) from the ends of lines.
func (c *conv) callouts(s string) string {
	return calloutMark.ReplaceAllString(s, "")
}

var cellPara = lazyre.New(`(?i)</?p\b[^>]*>`)

var calloutMark = lazyre.New(`(?m)[ \t]*(?://|#|--|;)?[ \t]*(?:<[0-9.]+>[ \t]*)+$`)

// table converts a |=== table: cells open with |, a row is a line or as
// many cells as the first row has; the first row is the header when a
// blank line follows it or the options say so.
func (c *conv) table(body []string, p pending) string {
	var cells []string
	firstRowCells, firstRowEnd := 0, -1
	for k, l := range body {
		t := strings.TrimSpace(l)
		if t == "" {
			if firstRowEnd < 0 && len(cells) > 0 {
				firstRowEnd = len(cells)
			}
			continue
		}
		if !strings.HasPrefix(t, "|") && len(cells) > 0 {
			cells[len(cells)-1] += " " + t
			continue
		}
		parts := strings.Split(t, "|")
		for _, part := range parts[1:] {
			cells = append(cells, strings.TrimSpace(part))
		}
		if k == 0 {
			firstRowCells = len(parts) - 1
		}
	}
	width := max(firstRowCells, 1)
	if cols, ok := tableCols(p); ok {
		width = cols
	}
	var rows [][]string
	for k := 0; k < len(cells); k += width {
		r := cells[k:min(k+width, len(cells))]
		for j := range r {
			r[j] = c.inline(r[j])
		}
		rows = append(rows, r)
	}
	var head []string
	if len(rows) > 1 && (firstRowEnd == width || (strings.Contains(p.raw, "header") || strings.Contains(p.raw, "%header"))) {
		head, rows = rows[0], rows[1:]
	}
	return mdblock.Table(head, rows)
}

// tableCols is the number of columns a table's cols attribute gives
// (cols="1,2,3", cols=3, cols="3*").
func tableCols(p pending) (int, bool) {
	m := colsAttr.FindStringSubmatch(p.raw)
	if m == nil {
		return 0, false
	}
	if n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(m[1]), "*")); err == nil && !strings.Contains(m[1], ",") {
		return n, n > 0
	}
	n := 0
	for _, part := range strings.Split(m[1], ",") {
		if k := strings.Index(part, "*"); k > 0 {
			if r, err := strconv.Atoi(strings.TrimSpace(part[:k])); err == nil {
				n += r
				continue
			}
		}
		n++
	}
	return n, true
}

var colsAttr = lazyre.New(`cols\s*=\s*"?([^",\]]+(?:,[^",\]]+)*)"?`)

// listEntry is one item of a list: its marker (*, **, ., .., 1., ::) and
// its lines, the first its text.
type listEntry struct {
	marker string
	term   string
	lines  []string
}

// itemEnd is the end of a list item's lines from i: its text runs on
// until a blank line; a "+" line attaches the block after it; an
// indented line after a blank is a literal paragraph of the item.
func (c *conv) itemEnd(lines []string, i int) int {
	for i < len(lines) {
		t := strings.TrimSpace(lines[i])
		switch {
		case t == "":
			return i
		case t == "+":
			// the next block belongs to the item
			i++
			if i < len(lines) && delimiter.MatchString(strings.TrimSpace(lines[i])) {
				open := strings.TrimSpace(lines[i])
				i++
				for i < len(lines) && strings.TrimSpace(lines[i]) != open {
					i++
				}
				i++
				continue
			}
			continue
		case listItem.MatchString(lines[i]) || descItem.MatchString(t) && !strings.Contains(t, "://") && descItem.FindStringSubmatch(t)[1] != "":
			return i
		case delimiter.MatchString(t) || blockAttr.MatchString(t):
			return i
		}
		i++
	}
	return i
}

// list writes a list's items, nested by their markers' depth: a marker
// not seen before opens a list inside the item above it.
func (c *conv) list(items []listEntry, depth int) string {
	var out strings.Builder
	var stack []string // markers of the open levels
	counters := []int{}
	indent := []int{0}
	for _, it := range items {
		lvl := -1
		for k, m := range stack {
			if m == it.marker {
				lvl = k
			}
		}
		if lvl < 0 {
			stack = append(stack, it.marker)
			counters = append(counters, 0)
			lvl = len(stack) - 1
		}
		stack, counters = stack[:lvl+1], counters[:lvl+1]
		indent = indent[:min(len(indent), lvl+1)]
		for len(indent) < lvl+1 {
			indent = append(indent, indent[len(indent)-1]+2)
		}
		pad := strings.Repeat(" ", indent[lvl])
		body := c.itemBody(it.lines, depth)
		var marker string
		switch {
		case it.term != "":
			marker = ""
			out.WriteString(indentAll(pad, strings.TrimRight(lead("**"+strings.TrimSuffix(strings.TrimPrefix(c.inline(it.term), "**"), "**")+"**", body), "\n")) + "\n\n")
			continue
		case strings.HasPrefix(it.marker, "*") || it.marker == "-":
			marker = "- "
		default:
			counters[lvl]++
			marker = strconv.Itoa(counters[lvl]) + ". "
		}
		if len(indent) == lvl+1 {
			indent = append(indent, indent[lvl]+len(marker))
		} else {
			indent[lvl+1] = indent[lvl] + len(marker)
		}
		out.WriteString(indentAll(pad, mdblock.Item(marker, body)))
	}
	return out.String() + "\n"
}

// markerKind is the kind of a list marker: explicit numbers (1., 2.) and
// letters are one kind each, whatever their value.
func markerKind(m string) string {
	switch {
	case m[0] >= '0' && m[0] <= '9':
		return "1."
	case strings.HasSuffix(m, ")"):
		return "i)"
	case len(m) == 2 && m[1] == '.' && m[0] != '.':
		return "a."
	}
	return m
}

// itemBody converts an item's lines: its text, then the blocks attached
// by "+" lines.
func (c *conv) itemBody(lines []string, depth int) string {
	var parts []string
	var cur []string
	for _, l := range lines {
		if strings.TrimSpace(l) == "+" {
			parts = append(parts, strings.Join(cur, "\n"))
			cur = nil
			continue
		}
		cur = append(cur, l)
	}
	parts = append(parts, strings.Join(cur, "\n"))
	var out []string
	for k, p := range parts {
		if k == 0 {
			out = append(out, c.inline(joinText(p)))
			continue
		}
		out = append(out, strings.Trim(c.blocks(strings.Split(p, "\n"), depth+1), "\n"))
	}
	return strings.Join(out, "\n\n")
}

// joinText joins a paragraph's lines, their indentation dropped.
func joinText(s string) string {
	ls := strings.Split(s, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSpace(l)
	}
	return strings.TrimSpace(strings.Join(ls, "\n"))
}

func indentAll(pad, s string) string {
	if pad == "" {
		return s
	}
	ls := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range ls {
		if l != "" {
			ls[i] = pad + l
		}
	}
	return strings.Join(ls, "\n") + "\n"
}

// lead puts a label or term before body: on the line of its first
// paragraph, or as its own paragraph when body opens with a list, code or
// a table.
func lead(term, body string) string {
	b := strings.TrimLeft(body, "\n")
	if b == "" {
		return term + "\n\n"
	}
	if strings.HasPrefix(b, "```") || strings.HasPrefix(b, "|") || strings.HasPrefix(b, "- ") || strings.HasPrefix(b, "#") || strings.HasPrefix(b, "$$") || startsNumbered(b) {
		return term + "\n\n" + b
	}
	if strings.HasSuffix(term, ":") {
		return term + " " + b
	}
	return term + ": " + b
}

func startsNumbered(s string) bool {
	k := 0
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	return k > 0 && strings.HasPrefix(s[k:], ". ")
}

// paragraph writes the paragraph opening at lines[i] and returns the
// index after it. An indented paragraph is literal.
func (c *conv) paragraph(lines []string, i int, p pending, out *strings.Builder) int {
	end := i
	literal := strings.HasPrefix(lines[i], " ")
	for end < len(lines) && strings.TrimSpace(lines[end]) != "" {
		t := strings.TrimSpace(lines[end])
		if end > i && (delimiter.MatchString(t) || blockAttr.MatchString(t) && !literal || listItem.MatchString(lines[end]) && !literal) {
			break
		}
		end++
	}
	if literal || p.style == "literal" || p.style == "source" || p.style == "listing" {
		ls := lines[i:end]
		least := -1
		for _, l := range ls {
			if n := len(l) - len(strings.TrimLeft(l, " ")); least < 0 || n < least {
				least = n
			}
		}
		for k, l := range ls {
			ls[k] = l[least:]
		}
		out.WriteString(mdblock.Fence(p.lang, strings.Join(ls, "\n")))
		return end
	}
	text := joinText(strings.Join(lines[i:end], "\n"))
	if p.style == "latexmath" || p.style == "stem" {
		out.WriteString("$$\n" + text + "\n$$\n\n")
		return end
	}
	if m := admonition.FindStringSubmatch(text); m != nil {
		text = label(m[1]) + ": " + m[2]
	} else if p.style == "NOTE" || p.style == "TIP" || p.style == "IMPORTANT" || p.style == "WARNING" || p.style == "CAUTION" {
		text = label(p.style) + ": " + text
	}
	out.WriteString(c.inline(text) + "\n\n")
	return end
}

// inline converts a paragraph's inline markup.
func (c *conv) inline(s string) string {
	var kept mdblock.Kept
	keep := kept.Keep
	s = hardBreak.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, " +\n", "\n")
	s = indexTerm3.ReplaceAllString(s, "")
	s = indexTerm2.ReplaceAllString(s, "$1")
	s = footnote.ReplaceAllString(s, "")
	s = anchorSpan.ReplaceAllString(s, "")
	s = passInline.ReplaceAllStringFunc(s, func(m string) string {
		g := passInline.FindStringSubmatch(m)
		return keep(g[1] + g[2])
	})
	s = mathMacro.ReplaceAllStringFunc(s, func(m string) string {
		return keep("$" + mathMacro.FindStringSubmatch(m)[1] + "$")
	})
	s = attrRef.ReplaceAllStringFunc(s, func(m string) string {
		name := m[1 : len(m)-1]
		if v, ok := c.attrs[name]; ok {
			return v
		}
		if v, ok := builtin[name]; ok {
			return v
		}
		return m
	})
	s = backtick.ReplaceAllStringFunc(s, func(m string) string {
		g := backtick.FindStringSubmatch(m)
		return keep(mdblock.CodeSpan(g[1] + g[2]))
	})
	s = monoPlus.ReplaceAllStringFunc(s, func(m string) string {
		g := monoPlus.FindStringSubmatch(m)
		if g[1] != "" {
			return keep(mdblock.CodeSpan(g[1]))
		}
		return g[2] + keep(mdblock.CodeSpan(g[3])) + g[4]
	})
	s = xrefText.ReplaceAllString(s, "$2")
	s = xrefBare.ReplaceAllStringFunc(s, func(m string) string {
		return strings.ReplaceAll(strings.TrimSpace(m[2:len(m)-2]), "_", " ")
	})
	s = xrefMacro.ReplaceAllStringFunc(s, func(m string) string {
		g := xrefMacro.FindStringSubmatch(m)
		if g[2] != "" {
			return g[2]
		}
		return g[1]
	})
	linkText := func(re *lazyre.Regexp) func(string) string {
		return func(m string) string {
			g := re.FindStringSubmatch(m)
			text := strings.TrimSpace(strings.Split(g[2], ",")[0])
			text = strings.Trim(text, `"`)
			if text == "" || strings.Contains(g[2], "=") && !strings.Contains(g[2], `"`) && strings.HasPrefix(strings.TrimSpace(g[2]), "window") {
				return keep(g[1])
			}
			return text
		}
	}
	s = linkMacro.ReplaceAllStringFunc(s, linkText(linkMacro))
	s = urlMacro.ReplaceAllStringFunc(s, linkText(urlMacro))
	s = imageMacro.ReplaceAllString(s, "$1")
	s = kbdMacro.ReplaceAllString(s, "$1")
	s = roleSpan.ReplaceAllString(s, "$1")
	s = markSpan.ReplaceAllString(s, "$1$2$3")
	s = strongU.ReplaceAllString(s, "\x02$1\x02")
	s = strongC.ReplaceAllString(s, "$1\x02$2\x02$3")
	s = emphU.ReplaceAllString(s, "*$1*")
	for k := 0; k < 2; k++ { // adjacent spans share their boundaries
		s = emphC.ReplaceAllString(s, "$1*$2*$3")
	}
	s = strings.ReplaceAll(s, "\x02", "**")
	s = subSpan.ReplaceAllString(s, "<sub>$1</sub>")
	s = supSpan.ReplaceAllString(s, "<sup>$1</sup>")
	s = html.UnescapeString(s)
	return kept.Restore(s)
}
