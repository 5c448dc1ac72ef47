// Package rst reads reStructuredText (.rst: Sphinx and kernel
// documentation, specifications such as the BPF instruction set) as the
// Markdown-flavoured text the rest of lore reads: underlined (and
// overlined) titles as # headings, their levels in the order their
// adornments first appear; paragraphs; bulleted and enumerated lists
// (#., 1., 1), (a), i.) as nested Markdown lists; literal blocks (a
// paragraph ending "::", .. code-block::) as fenced code, so that
// diagrams drawn in them are kept verbatim; grid and simple tables, and
// .. table:: and .. csv-table::, as pipe tables; definition and field
// lists as a bold term and its text; admonitions (.. note::) as
// paragraphs led by their kind; inline markup (“literal“, *emphasis*,
// **strong**, :role:`text`, `link <url>`_, |substitution|) as Markdown
// or as its text. Footnote references and comments are dropped;
// .. include:: is noted, never followed.
//
// No maintained pure-Go reader of reStructuredText exists (docutils, the
// reference, is Python), so this is a converter of the subset documents
// written by hand use, not docutils' whole parser: no role or directive is
// extended, no file is read.
package rst

import (
	"encoding/csv"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/acquire/mdblock"
	"github.com/lore-kb/lore/internal/lazyre"
)

var (
	directive    = lazyre.New(`^\.\.[ \t]+([A-Za-z0-9_:+.-]+)::(?:[ \t]+(.*))?$`)
	substDef     = lazyre.New(`^\.\.[ \t]+\|([^|]+)\|[ \t]+([A-Za-z0-9_:-]+)::[ \t]*(.*)$`)
	footnoteDef  = lazyre.New(`^\.\.[ \t]+\[([^\]]+)\](?:[ \t]+(.*))?$`)
	bullet       = lazyre.New(`^([*+•-])([ \t]+|$)`)
	enumerated   = lazyre.New(`^(?:\(([0-9]+|#|[A-Za-z]|[ivxlcdmIVXLCDM]+)\)|([0-9]+|#|[A-Za-z]|[ivxlcdmIVXLCDM]+)[.)])([ \t]+|$)`)
	fieldItem    = lazyre.New(`^:([^:\s][^:]*):(?:[ \t]+(.*))?$`)
	simpleBorder = lazyre.New(`^=+(?:[ \t]+=+)+[ \t]*$`)
	gridBorder   = lazyre.New(`^\+(?:[-=]+\+)+[ \t]*$`)
	literalSpan  = lazyre.New("``(.+?)``")
	roleBefore   = lazyre.New("(?::([A-Za-z0-9_.:+-]+):)`([^`]+)`")
	roleAfter    = lazyre.New("`([^`]+)`:([A-Za-z0-9_.:+-]+):")
	linkRef      = lazyre.New("`([^`]*?)\\s*<([^<>`]+)>`__?")
	namedRef     = lazyre.New("`([^`]+)`__?")
	interpreted  = lazyre.New("`([^`]+)`")
	footRef      = lazyre.New(`[ \t]?\[(?:#[A-Za-z0-9_-]*|\*|[0-9]+|[A-Za-z][A-Za-z0-9_.-]*)\]_`)
	wordRef      = lazyre.New(`\b([A-Za-z0-9][A-Za-z0-9-]*)__?([\s.,;:!?)]|$)`)
	substRef     = lazyre.New(`\|([^|\s][^|]*)\|`)
	escaped      = lazyre.New(`\\(.)`)
	labelTarget  = lazyre.New(`<([^<>]+)>$`)
)

// Markdown returns src, reStructuredText, as Markdown, the document's
// title (its first heading) and notes on what it refers to and lore does
// not read (an included file).
func Markdown(src string) (body, title string, notes []string) {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(expandTabs(l), " \t")
	}
	c := &conv{subst: map[string]string{}}
	for _, l := range lines {
		if m := substDef.FindStringSubmatch(strings.TrimSpace(l)); m != nil && (m[2] == "replace" || m[2] == "unicode") {
			c.subst[m[1]] = m[3]
		}
	}
	body = c.blocks(lines, 0)
	return strings.TrimLeft(body, "\n"), c.title, c.notes
}

// maxDepth bounds how deep blocks nest in blocks (quotes, list items,
// directives) before what is deeper is read as plain text: each level
// copies its lines.
const maxDepth = 32

type conv struct {
	styles []string // adornment styles, in the order they first appear
	subst  map[string]string
	notes  []string
	title  string
}

func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

func indentOf(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }

// dedent removes the indentation the non-blank lines share.
func dedent(lines []string) []string {
	least := -1
	for _, l := range lines {
		if strings.TrimSpace(l) != "" && (least < 0 || indentOf(l) < least) {
			least = indentOf(l)
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		switch {
		case strings.TrimSpace(l) == "":
			out[i] = ""
		case least > 0:
			out[i] = l[least:]
		default:
			out[i] = l
		}
	}
	return out
}

// indented returns the end of the run of lines from i that are blank or
// indented more than base, trailing blank lines left out.
func indented(lines []string, i, base int) int {
	end := i
	for j := i; j < len(lines); j++ {
		if strings.TrimSpace(lines[j]) == "" {
			continue
		}
		if indentOf(lines[j]) <= base {
			break
		}
		end = j + 1
	}
	return end
}

// adornment reports whether s is a line of one repeated punctuation
// character, as titles are underlined.
func adornment(s string) bool {
	if utf8.RuneCountInString(s) < 2 || s[0] == ' ' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s)
	if r >= utf8.RuneSelf || !unicode.IsPunct(r) && !unicode.IsSymbol(r) {
		return false
	}
	return strings.Trim(s, string(r)) == ""
}

// level returns the heading level of an adornment style, new styles
// taking the next level.
func (c *conv) level(style string) int {
	for i, s := range c.styles {
		if s == style {
			return i + 1
		}
	}
	c.styles = append(c.styles, style)
	return len(c.styles)
}

func (c *conv) heading(style, text string) string {
	n := min(c.level(style), 6)
	t := c.inline(strings.TrimSpace(text))
	if c.title == "" {
		c.title = t
	}
	return strings.Repeat("#", n) + " " + t + "\n\n"
}

// blocks converts lines (indented by depth levels of nesting already
// removed) into Markdown.
func (c *conv) blocks(lines []string, depth int) string {
	if depth > maxDepth {
		// blocks nested deeper than any document nests them: their text
		return c.inline(strings.Join(strings.Fields(strings.Join(lines, "\n")), " ")) + "\n\n"
	}
	var out strings.Builder
	counter := 0 // the number of the last item of an enumerated list
	style := ""  // and how its items are marked
	for i := 0; i < len(lines); {
		line := lines[i]
		t := strings.TrimSpace(line)
		if t == "" {
			i++
			continue
		}
		listed := false
		switch {
		case indentOf(line) > 0:
			// a block quote: read as what it holds
			end := indented(lines, i, 0)
			out.WriteString(c.blocks(dedent(lines[i:end]), depth+1))
			i = end
		case depth == 0 && i+2 < len(lines) && adornment(line) && lines[i+2] == line && strings.TrimSpace(lines[i+1]) != "" && !adornment(lines[i+1]):
			out.WriteString(c.heading("over"+line[:1], lines[i+1]))
			i += 3
		case depth == 0 && i+1 < len(lines) && adornment(lines[i+1]) && !adornment(line) && indentOf(line) == 0 && len(lines[i+1]) >= 3 && utf8.RuneCountInString(lines[i+1]) >= min(utf8.RuneCountInString(t), 4):
			out.WriteString(c.heading(lines[i+1][:1], line))
			i += 2
		case adornment(line) && len(t) >= 4 && (i+1 >= len(lines) || strings.TrimSpace(lines[i+1]) == ""):
			i++ // a transition
		case gridBorder.MatchString(line):
			end := i + 1
			for end < len(lines) && (strings.HasPrefix(lines[end], "+") || strings.HasPrefix(lines[end], "|")) {
				end++
			}
			out.WriteString(c.grid(lines[i:end]))
			i = end
		case simpleBorder.MatchString(line):
			end := simpleEnd(lines, i)
			out.WriteString(c.simple(lines[i:end]))
			i = end
		case strings.HasPrefix(t, ".."):
			i = c.explicit(lines, i, &out, depth)
		case bullet.MatchString(line) || enumerated.MatchString(line) && c.isList(lines, i):
			m := bullet.FindStringSubmatch(line)
			marker := "- "
			width := 0
			if m != nil {
				width = len(m[0])
			} else {
				e := enumerated.FindStringSubmatch(line)
				width = len(e[0])
				if st := enumStyle(e); st != style {
					counter, style = 0, st // another list
				}
				counter++
				marker = strconv.Itoa(counter) + ". "
			}
			if strings.TrimSpace(line[width:]) == "" {
				width = len(line) // the item's text starts on the next line
			}
			end := indented(lines, i+1, 0)
			item := append([]string{line[min(width, len(line)):]}, dedent(lines[i+1:end])...)
			out.WriteString(mdblock.Item(marker, c.blocks(item, depth+1)))
			i = end
			listed = m == nil
			if i < len(lines) && strings.TrimSpace(lines[i]) == "" || i >= len(lines) {
				// a blank line after the list's last item ends it
				if next := nextLine(lines, i); next < 0 || !bullet.MatchString(lines[next]) && !enumerated.MatchString(lines[next]) {
					out.WriteString("\n")
				}
			}
		case fieldItem.MatchString(line):
			m := fieldItem.FindStringSubmatch(line)
			end := indented(lines, i+1, 0)
			body := c.blocks(append([]string{m[2]}, dedent(lines[i+1:end])...), depth+1)
			out.WriteString(lead("**"+c.inline(m[1])+"**", body))
			i = end
		case i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" && indentOf(lines[i+1]) > 0:
			// a definition list's term and its indented definition
			end := indented(lines, i+1, 0)
			term := t
			if k := strings.Index(term, " : "); k > 0 {
				term = term[:k] // a classifier
			}
			term = strings.TrimSuffix(strings.TrimPrefix(c.inline(term), "**"), "**")
			out.WriteString(lead("**"+term+"**", c.blocks(dedent(lines[i+1:end]), depth+1)))
			i = end
		default:
			i = c.paragraph(lines, i, &out)
		}
		if !listed && !enumerated.MatchString(line) {
			counter = 0
		}
	}
	return out.String()
}

// enumStyle is how an enumerated item is marked: its kind of label (#,
// number, letter, roman numeral) and the punctuation around it.
func enumStyle(e []string) string {
	label, form := e[2], "."
	if e[1] != "" {
		label, form = e[1], "()"
	}
	kind := "a"
	switch {
	case label == "#":
		kind = "#"
	case label[0] >= '0' && label[0] <= '9':
		kind = "1"
	case len(label) > 1:
		kind = "i"
	}
	return kind + form
}

// isList tells an enumerated list's item from a sentence opening with a
// letter and a period ("A. Smith wrote"): its text follows the marker, or
// its body is indented under it, or another item follows.
func (c *conv) isList(lines []string, i int) bool {
	e := enumerated.FindStringSubmatch(lines[i])
	label := e[1] + e[2]
	if _, err := strconv.Atoi(label); err == nil || label == "#" {
		return true
	}
	return len(label) == 1 && (i+1 >= len(lines) || strings.TrimSpace(lines[i+1]) == "" || indentOf(lines[i+1]) > 0)
}

// nextLine is the index of the first non-blank line from i, -1 if none.
func nextLine(lines []string, i int) int {
	for ; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" {
			return i
		}
	}
	return -1
}

// lead puts a term before body, the Markdown of its text: on the line of
// body's first paragraph, or as its own paragraph when body opens with a
// list, code or a table.
func lead(term, body string) string {
	b := strings.TrimLeft(body, "\n")
	sep := ": "
	if strings.HasSuffix(term, ":") {
		sep = " "
	}
	if b == "" {
		return term + "\n\n"
	}
	if strings.HasPrefix(b, "```") || strings.HasPrefix(b, "|") || strings.HasPrefix(b, "- ") || strings.HasPrefix(b, "#") || startsNumbered(b) {
		return term + "\n\n" + b
	}
	return term + sep + b
}

func startsNumbered(s string) bool {
	k := 0
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	return k > 0 && strings.HasPrefix(s[k:], ". ")
}

// paragraph writes the paragraph opening at lines[i], and the literal
// block its closing "::" introduces, and returns the index after them.
func (c *conv) paragraph(lines []string, i int, out *strings.Builder) int {
	end := i
	for end < len(lines) && strings.TrimSpace(lines[end]) != "" && (end == i || indentOf(lines[end]) == indentOf(lines[i])) {
		end++
	}
	para := strings.Join(lines[i:end], "\n")
	if strings.HasPrefix(strings.TrimSpace(para), ">>>") {
		out.WriteString(mdblock.Fence("python", para))
		return end
	}
	literal := strings.HasSuffix(para, "::")
	if literal {
		para = strings.TrimSuffix(para, "::")
		if strings.HasSuffix(para, " ") || strings.HasSuffix(para, "\n") || para == "" {
			para = strings.TrimRight(para, " \n")
		} else {
			para += ":"
		}
	}
	if strings.TrimSpace(para) != "" {
		out.WriteString(c.inline(para) + "\n\n")
	}
	if !literal {
		return end
	}
	next := nextLine(lines, end)
	if next < 0 {
		return end
	}
	if indentOf(lines[next]) > 0 {
		stop := indented(lines, next, 0)
		out.WriteString(mdblock.Fence("", strings.Join(dedent(lines[next:stop]), "\n")))
		return stop
	}
	// a quoted literal block: unindented lines opening with one
	// punctuation character
	r, _ := utf8.DecodeRuneInString(lines[next])
	if unicode.IsPunct(r) || unicode.IsSymbol(r) {
		stop := next
		for stop < len(lines) && strings.HasPrefix(lines[stop], string(r)) {
			stop++
		}
		out.WriteString(mdblock.Fence("", strings.Join(lines[next:stop], "\n")))
		return stop
	}
	return end
}

// explicit writes the explicit markup block opening at lines[i] (a
// directive, a footnote, a target, a substitution or a comment) and
// returns the index after it.
func (c *conv) explicit(lines []string, i int, out *strings.Builder, depth int) int {
	t := strings.TrimSpace(lines[i])
	end := indented(lines, i+1, indentOf(lines[i]))
	body := dedent(lines[i+1 : end])
	if substDef.MatchString(t) {
		return end
	}
	if m := footnoteDef.FindStringSubmatch(t); m != nil {
		// a footnote's or a citation's text, kept; its references are
		// dropped
		text := c.blocks(append([]string{m[2]}, body...), depth+1)
		if strings.TrimSpace(text) != "" {
			out.WriteString(strings.TrimLeft(text, "\n"))
		}
		return end
	}
	m := directive.FindStringSubmatch(t)
	if m == nil {
		return end // a comment or a hyperlink target
	}
	name, args := strings.ToLower(m[1]), strings.TrimSpace(m[2])
	if k := strings.LastIndex(name, ":"); k >= 0 && !strings.HasPrefix(name, "code") {
		name = name[k+1:] // a domain's directive (py:function)
	}
	// the argument may run on over indented lines before the options
	k := 0
	for k < len(body) && strings.TrimSpace(body[k]) != "" && !fieldItem.MatchString(strings.TrimSpace(body[k])) && (name == "admonition" || name == "rubric" || name == "table") {
		args += " " + strings.TrimSpace(body[k])
		k++
	}
	opts := map[string]string{}
	for k < len(body) && fieldItem.MatchString(strings.TrimSpace(body[k])) {
		f := fieldItem.FindStringSubmatch(strings.TrimSpace(body[k]))
		opts[strings.ToLower(f[1])] = f[2]
		k++
	}
	content := body[k:]
	switch name {
	case "code-block", "code", "sourcecode", "parsed-literal", "highlight-block":
		lang := ""
		if f := strings.Fields(args); len(f) > 0 && name != "parsed-literal" {
			lang = f[0]
		}
		out.WriteString(mdblock.Fence(lang, strings.Join(dedent(content), "\n")))
	case "include", "literalinclude":
		c.notes = append(c.notes, "the document includes "+args+", which lore does not follow")
	case "contents", "sectnum", "section-numbering", "toctree", "index", "meta", "raw", "target-notes",
		"header", "footer", "default-role", "role", "class", "highlight", "image", "title", "tabularcolumns", "only-html":
	case "math":
		out.WriteString("$$\n" + strings.TrimSpace(args+"\n"+strings.Join(dedent(content), "\n")) + "\n$$\n\n")
	case "csv-table":
		if args != "" {
			out.WriteString(c.inline(args) + "\n\n")
		}
		out.WriteString(c.csvTable(opts, dedent(content)))
	case "list-table":
		if args != "" {
			out.WriteString(c.inline(args) + "\n\n")
		}
		out.WriteString(c.listTable(opts, dedent(content)))
	case "note", "warning", "tip", "important", "caution", "attention", "danger", "error", "hint", "seealso", "todo":
		label := strings.ToUpper(name[:1]) + name[1:]
		if name == "seealso" {
			label = "See also"
		}
		text := c.blocks(dedent(content), depth+1)
		if args != "" {
			text = c.inline(args) + "\n\n" + text
		}
		out.WriteString(lead(label+":", text))
	case "admonition":
		out.WriteString(lead(c.inline(args)+":", c.blocks(dedent(content), depth+1)))
	case "deprecated", "versionadded", "versionchanged":
		label := map[string]string{"deprecated": "Deprecated since", "versionadded": "New in", "versionchanged": "Changed in"}[name]
		out.WriteString(lead(label+" "+args+":", c.blocks(dedent(content), depth+1)))
	default:
		// table, figure, glossary, topic, sidebar, rubric, container and
		// the directives lore knows nothing of: their title, then what
		// they hold
		if args != "" && name != "figure" {
			if name == "table" {
				out.WriteString("Table: " + c.inline(args) + "\n\n")
			} else {
				out.WriteString("**" + c.inline(args) + "**\n\n")
			}
		}
		out.WriteString(c.blocks(dedent(content), depth+1))
	}
	return end
}

// simpleEnd is the end of the simple table whose first border is
// lines[i]: after the border that a blank line (or the end) follows.
func simpleEnd(lines []string, i int) int {
	for j := i + 1; j < len(lines); j++ {
		if simpleBorder.MatchString(lines[j]) && (j+1 >= len(lines) || strings.TrimSpace(lines[j+1]) == "") {
			return j + 1
		}
	}
	return len(lines)
}

// simple converts a simple table (columns under runs of "=") to a pipe
// table; a row whose first column is blank continues the row above.
func (c *conv) simple(lines []string) string {
	border := []rune(lines[0])
	var cols [][2]int
	for k := 0; k < len(border); {
		if border[k] != '=' {
			k++
			continue
		}
		s := k
		for k < len(border) && border[k] == '=' {
			k++
		}
		cols = append(cols, [2]int{s, k})
	}
	var head []string
	var rows [][]string
	borders := 0
	for _, l := range lines {
		if simpleBorder.MatchString(l) {
			borders++
			if borders == 2 && len(rows) > 0 && countBorders(lines) >= 3 {
				head, rows = rows[0], rows[1:]
			}
			continue
		}
		if strings.TrimSpace(l) == "" || strings.Trim(strings.TrimSpace(l), "- ") == "" {
			continue
		}
		r := []rune(l)
		cells := make([]string, len(cols))
		for k, col := range cols {
			from, to := col[0], len(r)
			if k < len(cols)-1 {
				to = min(cols[k+1][0], len(r))
			}
			if from < len(r) {
				cells[k] = strings.TrimSpace(string(r[from:max(from, to)]))
			}
		}
		if cells[0] == "" && len(rows) > 0 {
			for k := range cells {
				if cells[k] != "" {
					rows[len(rows)-1][k] = strings.TrimSpace(rows[len(rows)-1][k] + " " + cells[k])
				}
			}
			continue
		}
		rows = append(rows, cells)
	}
	return mdblock.Table(c.cells(head), c.rows(rows))
}

func countBorders(lines []string) int {
	n := 0
	for _, l := range lines {
		if simpleBorder.MatchString(l) {
			n++
		}
	}
	return n
}

// grid converts a grid table (+---+ borders) to a pipe table; a cell
// spanning columns is read into the first.
func (c *conv) grid(lines []string) string {
	first := []rune(lines[0])
	var bounds []int
	for k, r := range first {
		if r == '+' {
			bounds = append(bounds, k)
		}
	}
	var head []string
	var rows [][]string
	var cur []string
	flush := func() {
		if cur != nil {
			rows = append(rows, cur)
		}
		cur = nil
	}
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "+") {
			flush()
			if strings.Contains(l, "=") && head == nil && len(rows) > 0 {
				head, rows = rows[0], rows[1:]
			}
			continue
		}
		r := []rune(l)
		if cur == nil {
			cur = make([]string, len(bounds)-1)
		}
		last := 0
		for k := 0; k+1 < len(bounds); k++ {
			from, to := bounds[k]+1, bounds[k+1]
			if from >= len(r) {
				break
			}
			text := strings.TrimSpace(string(r[from:min(to, len(r))]))
			target := k
			if k > 0 && (bounds[k] >= len(r) || r[bounds[k]] != '|') {
				target = last // a span: the cell runs on
			} else {
				last = k
			}
			if text != "" {
				cur[target] = strings.TrimSpace(cur[target] + " " + text)
			}
		}
	}
	flush()
	return mdblock.Table(c.cells(head), c.rows(rows))
}

func (c *conv) csvTable(opts map[string]string, content []string) string {
	parse := func(s string) [][]string {
		r := csv.NewReader(strings.NewReader(s))
		r.FieldsPerRecord = -1
		r.LazyQuotes = true
		r.TrimLeadingSpace = true
		recs, _ := r.ReadAll()
		return recs
	}
	var head []string
	if h := parse(opts["header"]); len(h) > 0 {
		head = h[0]
	}
	rows := parse(strings.Join(content, "\n"))
	if n, err := strconv.Atoi(opts["header-rows"]); err == nil && n > 0 && len(rows) >= n && head == nil {
		head, rows = rows[0], rows[1:]
	}
	return mdblock.Table(c.cells(head), c.rows(rows))
}

// listTable converts a list-table (a list of rows, each a list of cells).
func (c *conv) listTable(opts map[string]string, content []string) string {
	var rows [][]string
	for i := 0; i < len(content); i++ {
		l := content[i]
		t := strings.TrimSpace(l)
		switch {
		case indentOf(l) == 0 && strings.HasPrefix(t, "* "):
			rows = append(rows, nil)
			if rest := strings.TrimSpace(t[2:]); strings.HasPrefix(rest, "- ") {
				rows[len(rows)-1] = append(rows[len(rows)-1], strings.TrimSpace(rest[2:]))
			}
		case indentOf(l) > 0 && strings.HasPrefix(t, "- ") && len(rows) > 0:
			rows[len(rows)-1] = append(rows[len(rows)-1], strings.TrimSpace(t[2:]))
		case t != "" && len(rows) > 0 && len(rows[len(rows)-1]) > 0:
			r := rows[len(rows)-1]
			r[len(r)-1] += " " + t
		}
	}
	var head []string
	if n, err := strconv.Atoi(opts["header-rows"]); err == nil && n > 0 && len(rows) >= n {
		head, rows = rows[0], rows[1:]
	}
	return mdblock.Table(c.cells(head), c.rows(rows))
}

func (c *conv) cells(r []string) []string {
	out := make([]string, len(r))
	for i, s := range r {
		out[i] = c.inline(s)
	}
	return out
}

func (c *conv) rows(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = c.cells(r)
	}
	return out
}

// inline converts a paragraph's inline markup.
func (c *conv) inline(s string) string {
	var kept mdblock.Kept
	keep := kept.Keep
	s = literalSpan.ReplaceAllStringFunc(s, func(m string) string {
		inner := m[2 : len(m)-2]
		return keep(mdblock.CodeSpan(inner))
	})
	role := func(name, text string) string {
		name = strings.ToLower(name)
		if k := strings.LastIndex(name, ":"); k >= 0 {
			name = name[k+1:]
		}
		text = unescape(text)
		switch name {
		case "math":
			return keep("$" + text + "$")
		case "code", "literal", "samp", "file", "command", "kbd", "program", "envvar", "option":
			return keep(mdblock.CodeSpan(text))
		case "sub":
			return keep("<sub>" + text + "</sub>")
		case "sup":
			return keep("<sup>" + text + "</sup>")
		case "emphasis":
			return keep("*" + text + "*")
		case "dfn", "term":
			// a term set apart where it is defined ("is called the
			// :term:`Huffman tree`"), as a book sets it in italics; a
			// glossary link's text is its term all the same
			if m := labelTarget.FindStringSubmatchIndex(text); m != nil && m[0] > 0 {
				text = strings.TrimSpace(text[:m[0]])
			}
			return keep("*" + text + "*")
		case "strong":
			return keep("**" + text + "**")
		}
		// a cross-reference: its title when it has one, else its target
		if m := labelTarget.FindStringSubmatchIndex(text); m != nil && m[0] > 0 {
			text = strings.TrimSpace(text[:m[0]])
		}
		return keep(strings.TrimLeft(text, "~!"))
	}
	s = roleBefore.ReplaceAllStringFunc(s, func(m string) string {
		g := roleBefore.FindStringSubmatch(m)
		return role(g[1], g[2])
	})
	s = roleAfter.ReplaceAllStringFunc(s, func(m string) string {
		g := roleAfter.FindStringSubmatch(m)
		return role(g[2], g[1])
	})
	s = linkRef.ReplaceAllStringFunc(s, func(m string) string {
		g := linkRef.FindStringSubmatch(m)
		if strings.TrimSpace(g[1]) == "" {
			return keep(g[2])
		}
		return keep(unescape(g[1]))
	})
	s = namedRef.ReplaceAllStringFunc(s, func(m string) string {
		return keep(unescape(namedRef.FindStringSubmatch(m)[1]))
	})
	s = footRef.ReplaceAllString(s, "")
	s = interpreted.ReplaceAllStringFunc(s, func(m string) string {
		return keep(unescape(m[1 : len(m)-1]))
	})
	s = substRef.ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := c.subst[m[1:len(m)-1]]; ok {
			return v
		}
		return m
	})
	s = wordRef.ReplaceAllString(s, "$1$2")
	s = unescape(s)
	return kept.Restore(s)
}

// unescape drops reStructuredText's backslash escapes ("\*" is "*", a
// backslash before a space is nothing).
func unescape(s string) string {
	return escaped.ReplaceAllStringFunc(s, func(m string) string {
		if m[1] == ' ' || m[1] == '\n' {
			return ""
		}
		return m[1:]
	})
}
