package extract

import (
	"strings"
	"unicode"

	"github.com/lore-kb/lore/internal/lazyre"
)

// The block reader of specifications: section text → paragraphs, list
// items, table rows and code, with RFC page furniture removed.

type specBlockKind uint8

const (
	bkProse specBlockKind = iota
	bkItem
	bkRow
	bkCode
	bkHeading // a numbered heading the section tree does not hold ("5.2.1.1.  max-age")
)

// specLine is one line of a block: its text [a, b) in the section (without
// indentation, bullet or trailing space) and its indentation.
type specLine struct{ a, b, ind int }

// specBlock is a paragraph, a list item, a table row or a code block.
type specBlock struct {
	kind  specBlockKind
	ind   int // indentation of the first line (of the bullet, for an item); a heading's offset
	lines []specLine
	field string // the term a definition entry or table row defines
	pre   string // statement prefix (a table row's field and type); a heading's number
	lead  *specLead
	kw    bool // holds a key word: only such blocks are read
	// a fenced block of Markdown read as a figure: whether its tag calls
	// it a drawing, and the caption and anchor its attribute list gives
	art             bool
	caption, anchor string
}

// specJoined is a block's text with its lines joined by '\n', and the way back
// to section offsets.
type specJoined struct {
	text   string
	starts []int // start of each line in text
	origin []int // start of each line in the section
}

func (b *specBlock) join(s string) specJoined {
	var j specJoined
	var sb strings.Builder
	for i, l := range b.lines {
		if i > 0 {
			sb.WriteByte('\n')
		}
		j.starts = append(j.starts, sb.Len())
		j.origin = append(j.origin, l.a)
		sb.WriteString(s[l.a:l.b])
	}
	j.text = sb.String()
	return j
}

// abs maps an offset in the joined text to the section.
func (j specJoined) abs(pos int) int {
	k := 0
	for k+1 < len(j.starts) && j.starts[k+1] <= pos {
		k++
	}
	if len(j.starts) == 0 {
		return 0
	}
	return j.origin[k] + pos - j.starts[k]
}

// specBlocks splits a section's text into blocks.
func specBlocks(s string, md bool) []specBlock {
	var bs []specBlock
	cur := -1 // index of the block lines are added to, or -1
	blank, pageBreak := false, false
	fence, fenceTag := "", ""
	var fenced []specLine
	// a Markdown attribute list applies to the block just before it or
	// just after it: the figure a fence closed on the line before, or the
	// one read over the fence's opening line
	closedFig, ialAnchor, ialTitle, ialLine := -1, "", "", false
	prevColon := false
	for p := 0; p < len(s); {
		le := strings.IndexByte(s[p:], '\n')
		if le < 0 {
			le = len(s)
		} else {
			le += p
		}
		raw := s[p:le]
		start := p
		p = le + 1
		trimmed := strings.TrimSpace(raw)
		if md {
			justClosed, afterIAL := closedFig, ialLine
			closedFig, ialLine = -1, false
			if fence != "" {
				if specFenceCloses(trimmed, fence) {
					fence = ""
					if fb, ok := specFencedFigure(s, fenceTag, fenced); ok {
						fb.anchor, fb.caption = ialAnchor, ialTitle
						bs = append(bs, fb)
						closedFig = len(bs) - 1
					}
					fenced, ialAnchor, ialTitle = nil, "", ""
				} else if trimmed != "" {
					ind := len(raw) - len(strings.TrimLeft(raw, " \t"))
					fenced = append(fenced, specLine{start + ind, start + len(strings.TrimRight(raw, " \t\r")), ind})
				}
				continue
			}
			if run, tag, ok := specFenceOpen(trimmed); ok {
				fence, fenceTag, fenced = run, tag, nil
				if !afterIAL {
					ialAnchor, ialTitle = "", ""
				}
				cur = -1
				continue
			}
			if anchor, title, ok := specIAL(trimmed); ok {
				// an attribute list prints nothing
				if justClosed >= 0 {
					if f := &bs[justClosed]; f.caption == "" && f.anchor == "" {
						f.anchor, f.caption = anchor, title
					}
				} else {
					ialAnchor, ialTitle, ialLine = anchor, title, true
				}
				cur = -1
				continue
			}
		}
		if isPageFurniture(raw) {
			pageBreak = true
			continue
		}
		if trimmed == "" {
			blank = true
			continue
		}
		ind := 0
		for ind < len(raw) && (raw[ind] == ' ' || raw[ind] == '\t') {
			ind++
		}
		a := start + ind
		b := start + len(strings.TrimRight(raw, " \t\r"))
		line := s[a:b]
		cont := cur >= 0 && !blank
		if cont && prevColon && bs[cur].kind == bkProse && !md && (specBoxLine(line) || strings.Trim(line, "0123456789 ") == "") &&
			len(bs[cur].lines) > 0 && !specBoxLine(s[bs[cur].lines[len(bs[cur].lines)-1].a:bs[cur].lines[len(bs[cur].lines)-1].b]) {
			// "Each resource record has the following format:", the
			// diagram on the next line: the lead-in ends at its colon
			cont = false
		}
		if blank && pageBreak && cur >= 0 && specContinues(s, &bs[cur], ind, line) {
			cont = true
		}
		wasBlank := blank
		blank, pageBreak = false, false
		if md && (strings.HasPrefix(line, "#") || strings.HasPrefix(line, "<!--")) {
			cur = -1
			continue
		}
		if !md && ind == 0 && isSpecHeading(line) {
			bs = append(bs, specBlock{kind: bkHeading, field: specHeadingTitle(line), pre: line[:strings.IndexByte(line, ' ')], ind: a})
			cur = -1
			continue
		}
		if md && isSpecTableRow(line) {
			cur = -1
			if isSpecTableRule(line) {
				// the row before the rule is the table's header
				if n := len(bs); n > 0 && bs[n-1].kind == bkRow {
					bs = bs[:n-1]
				}
				continue
			}
			bs = append(bs, specRowBlock(s, a, b))
			continue
		}
		if bl, ok := specBullet(line, md); ok && (!cont || wasBlank || md || prevColon || bs[cur].kind == bkItem) {
			bs = append(bs, specBlock{kind: bkItem, ind: ind, lines: []specLine{{a + bl, b, ind}}})
			cur = len(bs) - 1
			prevColon = strings.HasSuffix(line, ":")
			continue
		}
		prevColon = strings.HasSuffix(line, ":")
		if !cont {
			bs = append(bs, specBlock{kind: bkProse, ind: ind})
			cur = len(bs) - 1
		}
		bs[cur].lines = append(bs[cur].lines, specLine{a, b, ind})
	}
	for i := range bs {
		for _, l := range bs[i].lines {
			if hasBCP14(s[l.a:l.b]) {
				bs[i].kw = true
				break
			}
		}
		specClassify(s, &bs[i], md)
	}
	return bs
}

// isSpecHeading recognizes a numbered RFC heading at the margin: "5.2.1.1.
// max-age", "A.2.  Changes".
func isSpecHeading(line string) bool {
	i := 0
	if len(line) > 2 && line[0] >= 'A' && line[0] <= 'Z' && line[1] == '.' {
		i = 2
	}
	digits := 0
	for i < len(line) && (line[i] >= '0' && line[i] <= '9' || line[i] == '.') {
		if line[i] != '.' {
			digits++
		}
		i++
	}
	if digits == 0 || i >= len(line) || line[i] != ' ' {
		return false
	}
	rest := strings.TrimSpace(line[i:])
	if rest == "" || len(rest) >= 80 || strings.HasSuffix(rest, ".") {
		return false
	}
	if strings.Count(line[:i], ".") < 1 {
		// "2 Basic Authentication Scheme": a chapter number without its
		// dot, then a capitalised title of a few words
		if digits > 2 || i > 2 || rest[0] < 'A' || rest[0] > 'Z' || len(strings.Fields(rest)) > 8 {
			return false
		}
	}
	if isLetterByte(rest[0]) {
		return true
	}
	// "401 Unauthorized": a status code and its reason phrase
	return len(rest) > 5 && isDigits(rest[:3]) && rest[3] == ' ' && rest[4] >= 'A' && rest[4] <= 'Z'
}

func specHeadingTitle(line string) string {
	i := strings.IndexByte(line, ' ')
	return strings.TrimSpace(line[i:])
}

// specContinues reports whether a line after a page break continues
// block b: b's last line does not end a sentence or a lead-in, and the new
// line sits at the indentation of b's last line and is not a bullet.
func specContinues(s string, b *specBlock, ind int, line string) bool {
	if b.kind == bkRow || len(b.lines) == 0 {
		return false
	}
	last := b.lines[len(b.lines)-1]
	lt := strings.TrimRight(s[last.a:last.b], `"')]`)
	if strings.HasSuffix(lt, ".") || strings.HasSuffix(lt, ":") {
		return false
	}
	if t := strings.TrimSpace(line); (specBoxLine(t) || strings.Trim(t, "0123456789 ") == "") != specBoxLine(strings.TrimSpace(lt)) {
		// a diagram after the break, not the paragraph's next line; a
		// diagram's or a table's rows go on over it
		return false
	}
	want := last.ind
	if len(b.lines) == 1 && b.kind == bkItem {
		want = -1 // an item's continuation sits under its text
	}
	if want >= 0 && ind != want {
		return false
	}
	if want < 0 && ind <= b.ind {
		return false
	}
	_, bullet := specBullet(line, false)
	return !bullet
}

// specBullet recognizes a list bullet opening line and returns its length
// with the space after it: "o  ", "*  ", "-  ", "+ " (Markdown), "1.  ",
// "1)  ", "(1) ", "(a) ", "a.  ".
func specBullet(line string, md bool) (int, bool) {
	if len(line) < 3 {
		return 0, false
	}
	n := 0
	switch c := line[0]; {
	case c == 'o' || c == '*' || c == '-' || (md && c == '+'):
		n = 1
	case c >= '0' && c <= '9':
		for n < len(line) && n < 3 && line[n] >= '0' && line[n] <= '9' {
			n++
		}
		if n < len(line) && (line[n] == '.' || line[n] == ')') {
			n++
		} else {
			return 0, false
		}
	case c == '(':
		k := strings.IndexByte(line, ')')
		if k < 2 || k > 4 {
			return 0, false
		}
		for _, r := range line[1:k] {
			if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z') {
				return 0, false
			}
		}
		n = k + 1
	case c >= 'a' && c <= 'z' && line[1] == '.' && line[2] == ' ' && !md:
		n = 2
	default:
		return 0, false
	}
	if n >= len(line) || line[n] != ' ' {
		return 0, false
	}
	m := n
	for m < len(line) && line[m] == ' ' {
		m++
	}
	if m >= len(line) {
		return 0, false
	}
	// "o" and "a." need the wide RFC gap or a following capital to be
	// bullets rather than words.
	if (line[0] == 'o' || line[1] == '.' && line[0] >= 'a' && line[0] <= 'z') && m-n < 2 && !md {
		return 0, false
	}
	return m, true
}

// isSpecTableRow recognizes a Markdown pipe-table row.
func isSpecTableRow(line string) bool {
	if strings.HasPrefix(line, "|") {
		return true
	}
	n := 0
	for i := 0; i+2 < len(line); i++ {
		if line[i] == ' ' && line[i+1] == '|' && line[i+2] == ' ' {
			n++
		}
	}
	return n >= 1 && strings.Count(line, "|") >= 2
}

// isSpecTableRule recognizes a table's header rule: "---|:---:|---".
func isSpecTableRule(line string) bool {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '-', '|', ':', ' ':
		default:
			return false
		}
	}
	return strings.Contains(line, "-")
}

// specRowBlock makes a row block: the first cell is the field, the last cells
// the text read for requirements.
func specRowBlock(s string, a, b int) specBlock {
	row := s[a:b]
	var cells [][2]int
	st := 0
	if strings.HasPrefix(row, "|") {
		st = 1
	}
	for i := st; i <= len(row); i++ {
		if i == len(row) || row[i] == '|' && (i == 0 || row[i-1] != '\\') {
			cells = append(cells, [2]int{st, i})
			st = i + 1
		}
	}
	for len(cells) > 0 && strings.TrimSpace(row[cells[len(cells)-1][0]:cells[len(cells)-1][1]]) == "" {
		cells = cells[:len(cells)-1]
	}
	blk := specBlock{kind: bkRow}
	if len(cells) < 2 {
		blk.lines = []specLine{{a, b, 0}}
		return blk
	}
	blk.field = specField(specStripMarkdown(row[cells[0][0]:cells[0][1]]))
	from := 1
	if len(cells) >= 3 {
		from = 2
		if t := strings.TrimSpace(specStripMarkdown(row[cells[1][0]:cells[1][1]])); t != "" && len(t) < 60 {
			blk.pre = blk.field + " (" + strings.ReplaceAll(t, "\\|", "|") + "): "
		}
	}
	if blk.pre == "" && blk.field != "" {
		blk.pre = blk.field + ": "
	}
	ta := cells[from][0]
	for ta < len(row) && row[ta] == ' ' {
		ta++
	}
	blk.lines = []specLine{{a + ta, b, 0}}
	if strings.HasSuffix(row, "|") {
		blk.lines[0].b = a + cells[len(cells)-1][1]
	}
	return blk
}

// specField tidies a field name: backticks, quotes and markup go.
func specField(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(strings.TrimSuffix(s, ":"), "`\"'*_|") // "message:" alone on its line
	if strings.ContainsAny(s, " \t") && len(strings.Fields(s)) > 3 {
		return ""
	}
	return s
}

// specClassify finds code among prose blocks and the term a definition entry
// defines.
func specClassify(s string, b *specBlock, md bool) {
	if b.kind == bkRow || b.kind == bkCode || len(b.lines) == 0 {
		return
	}
	if b.kind == bkProse && b.kw && isSpecCode(s, b) {
		b.kind = bkCode // (a block without key words is never read as prose)
		return
	}
	first := s[b.lines[0].a:b.lines[0].b]
	// "client_id" alone, its description indented below it
	if b.kind == bkProse && len(b.lines) > 1 && b.lines[1].ind > b.lines[0].ind && (isSpecFieldToken(first) || specListHead(first)) {
		b.field = specField(first)
		b.lines = b.lines[1:]
		return
	}
	// "\x1 : AF_INET : the forwarded connection uses …": a code table's
	// entry, its value, its name and what it means
	if m := specCodeEntry.FindStringSubmatchIndex(first); m != nil {
		b.field = first[m[4]:m[5]]
		b.pre = b.field + " (" + first[m[2]:m[3]] + "): "
		b.lines[0].a += m[1]
		return
	}
	// "legacy_version:  In previous versions …"
	if i := strings.Index(first, ":"); i > 0 && i+1 < len(first) && first[i+1] == ' ' &&
		(isSpecFieldToken(first[:i]) && (specFieldLike(first[:i]) || specListTerm(first, i)) ||
			isSpecFieldPhrase(first[:i]) && specListTerm(first, i) || specBoldTerm(first[:i])) {
		b.field = specField(first[:i])
		if name, abbr := specFieldAbbrev(first[:i]); abbr != "" {
			// "Data Offset (DOffset):  4 bits" names Data Offset, and
			// its statement keeps the short form
			b.field, b.pre = name, first[:i]+": "
		}
		k := i + 1
		for k < len(first) && first[k] == ' ' {
			k++
		}
		b.lines[0].a += k
	}
}

// isSpecFieldPhrase: a field of an RFC's field list named by a few words,
// "Time to Live", "Source Port", "Data Offset (DOffset)": capitalised
// words, the small words a name may hold between them, and a short form
// in parentheses at its end.
func isSpecFieldPhrase(t string) bool {
	ws := strings.Fields(t)
	named := 2 // the words a name needs before its short form
	if n := len(ws); n > 2 && strings.HasSuffix(ws[n-1], ")") && !strings.HasPrefix(ws[n-1], "(") {
		// a short form of a few words, "Security (S field)": one token
		k := n - 2
		for k > 0 && !strings.HasPrefix(ws[k], "(") {
			k--
		}
		if k < 1 || n-k > 3 {
			return false
		}
		ws = append(ws[:k:k], strings.Join(ws[k:], "-"))
		named = 1 // "Security (S field)": a short form that says what it is
	}
	if len(ws) < 2 || len(ws) > 6 || !isUpperByte(ws[0][0]) {
		return false
	}
	for k, w := range ws {
		switch {
		case k == len(ws)-1 && k >= named && len(w) > 2 && w[0] == '(' && w[len(w)-1] == ')' && isSpecFieldToken(w[1:len(w)-1]):
		case k > 0 && k < len(ws)-1 && specNameJoiner(w):
		case isUpperByte(w[0]) && isSpecFieldToken(w) && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' }) < 0:
		default:
			return false
		}
	}
	return true
}

// specNameJoiner: the small words a field's name holds between its words.
func specNameJoiner(w string) bool {
	switch w {
	case "of", "to", "and", "or", "for", "the", "in", "on", "per", "a", "an":
		return true
	}
	return false
}

// specFieldAbbrev splits a field phrase's short form off its name: "Data
// Offset (DOffset)" is "Data Offset" and "DOffset"; a name without one is
// itself and "".
func specFieldAbbrev(t string) (name, abbr string) {
	t = strings.TrimSpace(t)
	if i := strings.LastIndex(t, " ("); i > 0 && strings.HasSuffix(t, ")") {
		return strings.TrimSpace(t[:i]), t[i+2 : len(t)-1]
	}
	return t, ""
}

// specCodeEntry matches a code table's entry: a value (a number, hex or a
// byte escape), a colon, its name, a colon and its meaning.
var specCodeEntry = lazyre.New(`^\s*((?:\\x|0x)?[0-9A-Fa-f]{1,8})\s+:\s+([A-Za-z][A-Za-z0-9_ ./-]{1,30}?)\s+:\s+`)

// specListHead: the head of a definition list's entry, a term of a few
// words ending in a colon alone on its line ("origin server:", "ICAP
// client:"), its description indented below it.
func specListHead(t string) bool {
	t = strings.TrimSpace(t)
	if !strings.HasSuffix(t, ":") || strings.Count(t, ":") > 1 {
		return false
	}
	w := strings.Fields(strings.TrimSuffix(t, ":"))
	if len(w) < 2 || len(w) > 4 {
		return false
	}
	for _, x := range w {
		if !isSpecFieldToken(x) && len(x) < 2 {
			return false
		}
	}
	return isLetterByte(w[0][0])
}

// isSpecFieldToken: one token that names a parameter or field.
func isSpecFieldToken(t string) bool {
	t = strings.TrimSpace(t)
	if t == "" || len(t) > 40 || strings.ContainsAny(t, " \t") || strings.HasSuffix(t, ".") {
		return false
	}
	letters := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		if isLetterByte(c) {
			letters++
		}
	}
	return letters >= 2
}

// specFieldLike tells a field name ("client_id", "legacy_version", "max-age")
// from a word that opens a sentence with a colon ("Note:").
func specFieldLike(t string) bool {
	if len(t) > 2 && t[0] == '`' && t[len(t)-1] == '`' {
		return true // set as code: a member or parameter name ("`data`:")
	}
	if strings.ContainsAny(t, "_-.") {
		return true
	}
	return t[0] >= 'a' && t[0] <= 'z' && !strings.ContainsAny(t, "()")
}

// specBoldTerm: a definition list's term set in bold before its colon
// ("**shape**: A list of integers …", as a reStructuredText definition
// list or a Markdown one writes it), not a bold label ("**Note**:").
func specBoldTerm(label string) bool {
	in, opened := strings.CutPrefix(label, "**")
	in, closed := strings.CutSuffix(in, "**")
	if !opened || !closed || in == "" || strings.Contains(in, "*") {
		return false
	}
	if labelWords[strings.ToLower(in)] {
		return false
	}
	return isSpecFieldToken(in) || isSpecFieldPhrase(in)
}

// labelWords open a note, not an entry, when they stand before a colon.
var labelWords = map[string]bool{
	"note": true, "notes": true, "example": true, "examples": true, "warning": true, "caution": true,
	"see": true, "status": true, "reference": true, "contact": true, "important": true, "tip": true,
	"hint": true, "rationale": true, "remark": true, "deprecated": true, "todo": true,
}

// specListTerm: a capitalised term of an RFC definition list, its colon
// followed by the list's wide gap ("Opcode:  4 bits"), not a sentence's
// label ("Note:  …").
func specListTerm(line string, colon int) bool {
	if colon+2 >= len(line) || line[colon+2] != ' ' || !isUpperByte(line[0]) {
		return false
	}
	return !labelWords[strings.ToLower(line[:colon])]
}

// isSpecCode recognizes examples and grammar in a prose block: HTTP
// request/status lines and header blocks, ABNF rules, JSON, XML, C-like
// structures, ASCII tables, and blocks with few words.
func isSpecCode(s string, b *specBlock) bool {
	headers, code := 0, 0
	words, prose := 0, 0
	for k, l := range b.lines {
		t := s[l.a:l.b]
		switch {
		case isSpecHTTPStart(t):
			return true
		case isSpecHeaderLine(t):
			headers++
		case k == 0 && isSpecABNF(t):
			return true
		case isSpecCodeLine(t):
			code++
		}
		for p := 0; p < len(t); {
			for p < len(t) && (t[p] == ' ' || t[p] == '\t') {
				p++
			}
			q := p
			for q < len(t) && t[q] != ' ' && t[q] != '\t' {
				q++
			}
			if q > p {
				words++
				if specProseWord(t[p:q]) {
					prose++
				}
			}
			p = q
		}
	}
	n := len(b.lines)
	if headers >= 2 || headers == n || code*2 > n || code >= 3 {
		return true
	}
	return words >= 4 && prose*2 < words
}

var specHTTPMethods = []string{"GET ", "HEAD ", "POST ", "PUT ", "DELETE ", "CONNECT ", "OPTIONS ", "TRACE ",
	"PATCH ", "PROPFIND ", "PROPPATCH ", "MKCOL ", "COPY ", "MOVE ", "LOCK ", "UNLOCK ", "PRI "}

func isSpecHTTPStart(t string) bool {
	if strings.HasPrefix(t, "HTTP/") {
		// "HTTP/1.1 200 OK", "HTTP/2 404"
		i := strings.IndexByte(t, ' ')
		return i > 0 && i+4 <= len(t) && isDigits(t[i+1:i+4]) && (i+4 == len(t) || t[i+4] == ' ')
	}
	for _, m := range specHTTPMethods {
		if strings.HasPrefix(t, m) {
			rest := t[len(m):]
			return strings.Contains(rest, " HTTP/") || strings.HasPrefix(rest, "/") && !strings.Contains(rest, " ")
		}
	}
	return false
}

// isSpecHeaderLine: "Name: value" with a header-like name.
func isSpecHeaderLine(t string) bool {
	i := strings.Index(t, ":")
	if i <= 0 || i+1 < len(t) && t[i+1] != ' ' {
		return false
	}
	name := t[:i]
	if name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	for j := 0; j < len(name); j++ {
		c := name[j]
		if !(isLetterByte(c) || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return strings.Contains(name, "-") || specHeaderNames[name]
}

var specHeaderNames = map[string]bool{
	"Host": true, "Date": true, "Location": true, "Connection": true, "Upgrade": true,
	"Authorization": true, "Expires": true, "Pragma": true, "Warning": true, "Server": true,
	"Vary": true, "Accept": true, "Origin": true, "Age": true, "Allow": true, "Via": true,
	"Cookie": true, "Link": true, "Range": true, "ETag": true, "Depth": true, "Destination": true,
	"Overwrite": true, "Timeout": true, "Status": true, "Referer": true, "Trailer": true, "TE": true,
}

// isSpecABNF: "name = elements" or "name =/ elements".
func isSpecABNF(t string) bool {
	i := 0
	for i < len(t) && (isLetterByte(t[i]) || t[i] >= '0' && t[i] <= '9' || t[i] == '-' || t[i] == '_') {
		i++
	}
	if i == 0 || !isLetterByte(t[0]) {
		return false
	}
	j := i
	for j < len(t) && t[j] == ' ' {
		j++
	}
	if j >= len(t) || t[j] != '=' {
		return false
	}
	j++
	if j < len(t) && t[j] == '/' {
		j++
	}
	return j < len(t) && t[j] == ' ' || j == len(t)
}

// isSpecCodeLine: a line of a structure, a table or a diagram: braces,
// XML tags, box borders, comments, ABNF alternatives, short declarations
// ending in ";".
func isSpecCodeLine(t string) bool {
	switch {
	case t[0] == '{' || t[0] == '}':
		return true
	case t[0] == '<' && len(t) > 1 && (isLetterByte(t[1]) || t[1] == '/' || t[1] == '?' || t[1] == '!'):
		return true
	case t[0] == '+' || t[0] == '|':
		return strings.HasSuffix(t, "+") || strings.HasSuffix(t, "|") || strings.Count(t, "-") >= 3
	case strings.HasPrefix(t, "/ ") || strings.HasPrefix(t, "%x") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "//"):
		return true
	case t[0] == '"':
		return strings.Contains(t, "\":")
	}
	if strings.HasSuffix(t, "{") || strings.HasSuffix(t, "};") || strings.Contains(t, "/*") {
		return true
	}
	if strings.HasSuffix(t, ";") && len(strings.Fields(t)) <= 5 && !strings.Contains(t, ". ") {
		return true
	}
	return strings.Contains(t, "----") || strings.Contains(t, "====")
}

// specProseWord: a word of running text: letters, maybe a trailing
// punctuation mark, mostly lower case.
func specProseWord(w string) bool {
	w = strings.TrimRight(w, ".,;:)\"'")
	w = strings.TrimLeft(w, "(\"'")
	if len(w) == 0 {
		return false
	}
	lower := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
			lower++
		case c >= 'A' && c <= 'Z', c == '-', c == '\'':
		default:
			return false
		}
	}
	return lower*2 >= len(w)
}

// isPageFurniture recognizes the lines an RFC page break inserts.
func isPageFurniture(line string) bool {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(line, "\f") {
		return true
	}
	if strings.HasSuffix(t, "]") {
		if i := strings.LastIndex(t, "[Page "); i >= 0 && isDigits(t[i+6:len(t)-1]) {
			return true
		}
	}
	if strings.HasPrefix(t, "RFC ") && len(t) > 10 {
		j := 4
		for j < len(t) && '0' <= t[j] && t[j] <= '9' {
			j++
		}
		if j > 4 && isDigits(t[len(t)-4:]) {
			for _, m := range months {
				if strings.Contains(t, m) {
					return true
				}
			}
		}
	}
	return false
}

var months = []string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// abbrevs never end a sentence when followed by a period.
var abbrevs = map[string]bool{
	"e.g": true, "i.e": true, "cf": true, "vs": true, "sec": true, "fig": true, "eq": true,
	"no": true, "al": true, "approx": true, "resp": true, "ref": true, "refs": true, "viz": true,
	"mr": true, "dr": true, "st": true, "ch": true, "vol": true, "pp": true, "ed": true,
	"eds": true, "inc": true, "ltd": true, "corp": true, "jr": true, "sr": true, "def": true,
	"thm": true, "prop": true, "cor": true, "lem": true, "ex": true, "nr": true,
}

// specSentences splits a block's joined text into sentences: at '.', '!'
// or '?' followed by white space (closing quotes and brackets included),
// not after "e.g.", "i.e.", "Sec." and similar or initials, not inside
// "5.1"; "etc." ends one only before a line break or two spaces.
func specSentences(t string) [][2]int {
	var out [][2]int
	a := 0
	for k := 0; k < len(t); k++ {
		c := t[k]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		e := k + 1
		for e < len(t) && (t[e] == '"' || t[e] == ')' || t[e] == '\'' || t[e] == ']' || t[e] == '*' || t[e] == '_') {
			e++
		}
		if e < len(t) && t[e] != ' ' && t[e] != '\n' && t[e] != '\t' {
			continue
		}
		if c == '.' && !specSentenceEnd(t, a, k, e) {
			continue
		}
		if s := specTrimSpan(t, a, e); s[0] < s[1] {
			out = append(out, s)
		}
		a = e
	}
	if s := specTrimSpan(t, a, len(t)); s[0] < s[1] {
		out = append(out, s)
	}
	return out
}

func specTrimSpan(t string, a, b int) [2]int {
	for a < b && isSpaceByte(t[a]) {
		a++
	}
	for b > a && isSpaceByte(t[b-1]) {
		b--
	}
	return [2]int{a, b}
}

// specSentenceEnd decides whether the period at k (sentence started at a,
// closing punctuation up to e) ends a sentence.
func specSentenceEnd(t string, a, k, e int) bool {
	j := k
	for j > a && !isSpaceByte(t[j-1]) && t[j-1] != '(' && t[j-1] != '"' {
		j--
	}
	tok := strings.ToLower(t[j:k])
	// A quoted period ("." or "..", a path segment or a separator) is
	// a literal, not the end of a sentence.
	if j > a && t[j-1] == '"' && strings.Trim(tok, ".") == "" && e > k+1 && t[k+1] == '"' {
		return false
	}
	if abbrevs[tok] {
		return false
	}
	if tok == "etc" {
		return e >= len(t) || t[e] == '\n' || e+1 < len(t) && t[e+1] == ' '
	}
	// Initials ("I. Fette") are not sentence ends.
	if len(tok) == 1 && t[j] >= 'A' && t[j] <= 'Z' {
		return false
	}
	return true
}
