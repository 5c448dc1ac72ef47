package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Algorithms marked in running text and given as a list. "Algorithm
// (Dijkstra's Algorithm)." over a numbered list is a procedure whose steps
// are the list's items: all of them, not the first paragraph alone. A
// PDF's text (and a loose Markdown list) sets a blank line between items
// and may break an item's sentence across one at a page's end; lettered
// or bulleted items under an item ("(a) adding the edge …") are its
// sub-steps, indented or not. The list ends where a line opens another
// block ("Note.", "Exercise 39", a heading) or a paragraph at the list's
// edge follows an item that ended its sentence.

// maxListBytes bounds how far a marked list is read.
const maxListBytes = 16384

// looseItem is one list item's line: its indentation, its marker (a
// number, a letter in parentheses or with a period, a bullet) and its
// text. An RFC's text bullets its items with "o", two spaces after it.
var looseItem = lazyre.New(`^([ \t]*)(?:([0-9]{1,2})[.)]|\(([a-z]|[ivx]{1,4})\)|([a-z])[.)]|([*+•◦▪∗–-]|o[ \t]))[ \t]+(\S.*)$`)

// refDefinition is a Markdown footnote's or link reference's definition
// ("[^sizes]: …", "[RFC 6979]: https://…"), which ends a list.
var refDefinition = lazyre.New(`^\[[^\]]+\]:`)

// markedSteps gives the algorithms a textual marker found in a section
// (from start on) the steps of the list their statement opens with.
func (x *extractor) markedSteps(st *secState, start int) {
	for i := start; i < len(x.cands); i++ {
		c := &x.cands[i]
		if c.typ != core.Algorithm || c.format || c.form != "" || c.end > c.offset {
			continue
		}
		rel := c.offset - st.body
		if rel < 0 || rel >= len(st.own) {
			continue
		}
		at := listAfterLead(st.own, rel)
		if at < 0 {
			continue
		}
		rows, end := readLooseList(st.own, at, x.paged())
		if len(rows) < 2 {
			continue
		}
		// the statement the marker read must be the list's first item
		// (with a lead-in before it, or none)
		head := strings.Fields(rows[0].text)
		head = head[:min(len(head), 4)]
		var lead string
		if k := strings.Index(c.statement, strings.Join(head, " ")); k >= 0 {
			// the statement ran on into the list: its lead-in is what
			// stands before the first item's marker
			lead = strings.TrimSpace(c.statement[:k])
			if f := strings.Fields(lead); len(f) > 0 && looseItem.MatchString(f[len(f)-1]+" x") {
				lead = strings.TrimSpace(strings.Join(f[:len(f)-1], " "))
			}
		} else {
			// the statement stopped at the lead-in's paragraph (or a
			// display in it): the lead-in runs on to the list
			lead = strings.TrimSpace(leadTo(c.statement, st.own[rel:at]))
		}
		ps := pseudo{lines: rows}
		c.statement = cutStatement(strings.TrimSpace(lead+" "+ps.statement()), maxStatement)
		c.form = ps.form()
		c.end = st.body + end
		x.algos.keep(c.offset, &ps)
	}
}

// maxLeadLines bounds the lead-in between a marker and its list.
const maxLeadLines = 10

// listAfterLead is where the list of steps a marker at rel opens starts:
// the first list item after the marker's line whose number is 1 (or a
// bullet), past the lead-in's lines — a paragraph or two that say what
// the procedure takes, a display, and in a PDF's text the page's running
// head or a footnote that fell between them; -1 when a line opens
// another block, another list's item comes first, or the lead-in runs
// past maxLeadLines lines or three breaks.
func listAfterLead(s string, rel int) int {
	_, p := lineAt(s, rel)
	lines, gaps, blank := 0, 0, false
	for p < len(s) {
		line, next := lineAt(s, p)
		t := strings.TrimSpace(line)
		if t == "" {
			if !blank {
				if gaps++; gaps > 3 {
					return -1
				}
			}
			blank = true
			p = next
			continue
		}
		blank = false
		if m := looseItem.FindStringSubmatch(line); m != nil {
			switch {
			case m[2] == "1" || m[5] != "":
				return p
			case m[2] == "":
				return -1 // a lettered list: another's, or none
			}
			// a number other than 1 at a line's start: a running head
			// ("13. Shortest Paths") or a wrapped sentence
		}
		if lines++; lines > maxLeadLines || opensBlock(line) {
			return -1
		}
		p = next
	}
	return -1
}

// leadTo is a marker's statement run on to its list: the text of the
// lead-in (from the marker to the list) after where the statement's last
// words stand in it.
func leadTo(statement, lead string) string {
	ws := strings.Fields(statement)
	if len(ws) == 0 {
		return statement
	}
	tail := strings.Join(ws[max(0, len(ws)-3):], " ")
	flat := text.CollapseSpace(stripEmph(lead))
	k := strings.LastIndex(flat, tail)
	if k < 0 {
		return statement
	}
	return statement + flat[k+len(tail):]
}

// listAfterMarker is where the list a marker at rel opens starts: the
// first line after the marker's, blank lines skipped, when it is a list's
// first item; -1 otherwise.
func listAfterMarker(s string, rel int) int {
	_, p := lineAt(s, rel)
	for n := 0; p < len(s) && n < 3; n++ {
		line, next := lineAt(s, p)
		if strings.TrimSpace(line) != "" {
			m := looseItem.FindStringSubmatch(line)
			if m == nil || m[2] != "" && m[2] != "1" || m[3] != "" || m[4] != "" {
				return -1
			}
			return p
		}
		p = next
	}
	return -1
}

// readLooseList reads the list whose first item starts at i: its items
// as rows (sub-items one deeper), their text run on over wrapped lines,
// and where the list ends. With paged (a PDF's text), an item also runs on
// over a blank line that breaks its sentence.
func readLooseList(s string, i int, paged bool) ([]pcLine, int) {
	var rows []pcLine
	base, want, bullet := -1, 1, ""
	end, blanks := i, 0
	var subInd []int // the indentation of each open sub-level
	for p := i; p < len(s) && p-i < maxListBytes; {
		line, next := lineAt(s, p)
		t := strings.TrimSpace(line)
		if t == "" || isPageFurniture(line) {
			if q := pastFurniture(s, p); q > p {
				// an RFC's page break between two items: its footer
				// and header are no part of the list
				p = q
				continue
			}
			if blanks++; blanks > 2 {
				break
			}
			p = next
			continue
		}
		ind := len(line) - len(strings.TrimLeft(line, " \t"))
		m := looseItem.FindStringSubmatch(line)
		switch {
		case m != nil && base < 0:
			base, bullet = ind, m[5]
			if m[2] != "" {
				want = 2
			}
			rows = append(rows, pcLine{text: m[6]})
		case m != nil && ind < base:
			return listRows(rows), end // the list was an item's, and it ended
		case m != nil && ind <= base && (m[2] != "" && atoi(m[2]) == want || bullet != "" && m[5] == bullet):
			// the next item of the list
			if m[2] != "" {
				want++
			}
			subInd = subInd[:0]
			rows = append(rows, pcLine{text: m[6]})
		case m != nil && (ind > base || m[2] == "" && (bullet == "" || m[5] != bullet)):
			// an item under the last: deeper by its indentation, or,
			// where a PDF lost it, by its other marker
			for len(subInd) > 0 && subInd[len(subInd)-1] > ind {
				subInd = subInd[:len(subInd)-1]
			}
			if len(subInd) == 0 || subInd[len(subInd)-1] < ind {
				subInd = append(subInd, ind)
			}
			rows = append(rows, pcLine{depth: len(subInd), text: m[6]})
		case m != nil:
			return listRows(rows), end // another list, or the item above's
		case ind > base:
			rows[len(rows)-1].text += " " + t // a paragraph indented under the item
		case !(paged && t == "#") && (opensBlock(line) || strings.HasPrefix(t, "#") || refDefinition.MatchString(t)):
			// (a PDF's text sets a large brace, a display's cases, as a
			// "#" line of its own: not a heading)
			return listRows(rows), end
		case blanks == 0 || paged && !itemEnded(rows[len(rows)-1].text):
			// the item's text runs on: a wrapped line, or a sentence a
			// page's end cut
			rows[len(rows)-1].text += " " + t
		case paged && strings.HasSuffix(rows[len(rows)-1].text, ":"):
			// an item that leads in to sub-steps, a page's foot and the
			// next page's head between them
			q := subStepsPast(s, p)
			if q < 0 {
				return listRows(rows), end
			}
			blanks = 0
			p = q
			continue
		default:
			return listRows(rows), end
		}
		blanks = 0
		end = p + len(line)
		p = next
	}
	return listRows(rows), end
}

// pastFurniture is where the text goes on after the page break that the
// blank or furniture lines from p hold (an RFC's "[Page N]" footer, its
// running head); p when they hold none.
func pastFurniture(s string, p int) int {
	seen := false
	q := p
	for n := 0; q < len(s) && n < 16; n++ {
		line, next := lineAt(s, q)
		switch {
		case isPageFurniture(line):
			seen = true
		case strings.TrimSpace(line) != "":
			if seen {
				return q
			}
			return p
		}
		q = next
	}
	return p
}

// maxFurniture bounds the lines of a page's foot and head (footnotes, a
// running head) read past between an item and its sub-steps.
const maxFurniture = 4

// subStepsPast is where the sub-steps start that the lines from p (a
// page's foot and head, at most maxFurniture of them) stand before: an
// item lettered "a", numbered "i" or bulleted; -1 when none comes.
func subStepsPast(s string, p int) int {
	for n := 0; p < len(s) && n <= maxFurniture; {
		line, next := lineAt(s, p)
		if strings.TrimSpace(line) != "" {
			if m := looseItem.FindStringSubmatch(line); m != nil && (m[3] == "i" || m[4] == "a" || m[5] != "") {
				return p
			}
			if n++; opensBlock(line) && !strings.HasPrefix(strings.TrimSpace(line), "#") {
				return -1
			}
		}
		p = next
	}
	return -1
}

// itemEnded reports whether an item's text ends as a sentence or a
// lead-in does.
func itemEnded(t string) bool {
	t = strings.TrimRight(t, " *_`)\"'”’")
	return t != "" && strings.ContainsAny(t[len(t)-1:], ".!?:;")
}

// listRows writes the rows as plain text: emphasis and code marks
// dropped, white space collapsed.
func listRows(rows []pcLine) []pcLine {
	for i := range rows {
		rows[i].text = text.CollapseSpace(strings.TrimSpace(stripEmph(strings.ReplaceAll(rows[i].text, "`", ""))))
	}
	return rows
}

// Procedures whose parts are labelled. A specification may write a
// procedure as labelled lists — "**Input**:" over its inputs,
// "**Output**:" over its outputs, then "**Process**:" (or "Steps:",
// "Procedure:") over its numbered steps — under a heading that names it.
// The lists are one algorithm: the section's, named by its heading; where
// the section is already read as an algorithm (a concept of a
// specification, its first paragraph the statement), the steps are that
// algorithm's.

var (
	// partLabel is a label alone on its line, bold or not, its colon
	// inside the bold or after it.
	partLabel = lazyre.New(`^[ \t]*(?:\*\*|__)?(Inputs?|Outputs?|Process|Procedure|Steps|Algorithm|Method)(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*$`)
	// procLead names the procedure the list after it gives: "The
	// algorithm Sign(sk, m) is defined as:", "The function lift_x(x) …
	// is equivalent to the following pseudocode:" (a line ending in a
	// colon).
	procLead = lazyre.New(`(?i)\b(?:algorithm|function|procedure|routine)\s+([A-Za-z_][A-Za-z0-9_.]*)\(([^()]*)\)`)
)

// labelledProcedures reads the procedures of a section of Markdown or text
// given as labelled lists.
func (x *extractor) labelledProcedures(st *secState, start int) {
	s := st.own
	if !strings.Contains(s, ":") {
		return
	}
	// labels in code are the listing's (listings): they are looked for
	// with the code blanked out, the lists read as written
	look := s
	if x.format == core.FormatMarkdown {
		look = maskCode(s)
	}
	var inputs, outputs []string
	ioAt := -1
	for p := 0; p < len(s); {
		line, next := lineAt(look, p)
		at := p
		p = next
		if strings.TrimSpace(line) == "" {
			continue
		}
		line, _ = lineAt(s, at)
		label, fn, args := "steps", "", ""
		head := at // where the lead's item or line starts
		if m := partLabel.FindStringSubmatch(line); m != nil {
			label = strings.ToLower(m[1])
		} else if plain := strings.TrimSpace(strings.NewReplacer("*", "", "`", "").Replace(line)); strings.HasSuffix(plain, ":") {
			if pm := procLead.FindStringSubmatch(plain); pm != nil {
				fn, args = pm[1], strings.TrimSpace(pm[2])
			} else if h := itemStart(s, at); h >= 0 {
				// an item headed by the function's signature and a
				// colon, its text ending over its steps
				// ("HKDF(chaining_key, …): Takes … depending on
				// whether …:")
				hl, _ := lineAt(s, h)
				sm := sigHead.FindStringSubmatch(hl)
				if sm == nil || !stepItemLine.MatchString(hl) || !strings.HasPrefix(strings.TrimLeft(hl[len(sm[0]):], "*_` "), ":") {
					inputs, outputs, ioAt = nil, nil, -1
					continue
				}
				fn, args, head = sm[1], strings.TrimSpace(sm[2]), h
			}
		} else {
			inputs, outputs, ioAt = nil, nil, -1
			continue
		}
		li := listAfterMarker(look, at)
		if li < 0 {
			inputs, outputs, ioAt = nil, nil, -1
			continue
		}
		rows, end := readLooseList(s, li, x.paged())
		p = max(p, end)
		switch w := label; w {
		case "input", "inputs", "output", "outputs":
			if ioAt < 0 {
				ioAt = at
			}
			items := entries(rows)
			if strings.HasPrefix(w, "in") {
				inputs = append(inputs, items...)
			} else {
				outputs = append(outputs, items...)
			}
			continue
		}
		if len(rows) < 2 {
			inputs, outputs, ioAt = nil, nil, -1
			continue
		}
		from := head
		if ioAt >= 0 {
			from = ioAt
		}
		ps := pseudo{lines: rows, inputs: inputs, outputs: outputs}
		if len(ps.inputs) == 0 && args != "" {
			ps.inputs = []string{args}
		}
		for _, r := range rows {
			for _, c := range callName.FindAllStringSubmatch(r.text, -1) {
				ps.calls = append(ps.calls, c[1])
			}
		}
		lead := ""
		if fn != "" {
			ps.procs = []string{fn}
			lead = listRows([]pcLine{{text: strings.TrimLeft(strings.TrimSpace(s[head:at+len(line)]), "*+•-0123456789.) ")}})[0].text
		}
		x.addLabelled(st, start, &ps, fn, lead, st.body+from, st.body+end)
		inputs, outputs, ioAt = nil, nil, -1
	}
}

// entries are a labelled list's items, an item's sub-items part of it.
func entries(rows []pcLine) []string {
	var out []string
	for _, r := range rows {
		if r.depth > 0 && len(out) > 0 {
			out[len(out)-1] += " " + r.text
			continue
		}
		out = append(out, r.text)
	}
	return out
}

// addLabelled adds the procedure read from labelled lists, named fn where
// its lead names it, or gives its steps to the algorithm the section
// already is.
func (x *extractor) addLabelled(st *secState, start int, ps *pseudo, fn, lead string, from, end int) {
	name := topicTitle(st.title)
	for i := start; i < len(x.cands) && fn == ""; i++ {
		c := &x.cands[i]
		if c.typ != core.Algorithm || c.format || c.form != "" || c.end > c.offset || c.offset >= from || c.sec != st ||
			!strings.EqualFold(c.name, name) {
			continue
		}
		c.statement = cutStatement(strings.TrimSpace(c.statement+" "+ps.statement()), maxStatement)
		c.form = ps.form()
		c.end = end
		x.algos.keep(c.offset, ps)
		return
	}
	if fn != "" {
		name = fn
	}
	if name == "" {
		name = x.numberedName(st, &cand{typ: core.Algorithm, kind: "Algorithm"})
	}
	c := cand{
		typ: core.Algorithm, name: name, offset: from, end: end, conf: stepListConf,
		statement: withCaption(name, strings.TrimSpace(lead+" "+ps.statement())), form: ps.form(),
	}
	// what was read otherwise inside the procedure (a function named by
	// its signature, a marker) is the procedure
	kept := x.cands[:start]
	for _, o := range x.cands[start:] {
		if o.format || o.offset < c.offset || o.offset >= c.end || o.typ != core.Algorithm && fn != "" && !strings.HasPrefix(o.name, fn) {
			kept = append(kept, o)
		}
	}
	x.cands = kept
	x.algos.keep(c.offset, ps)
	x.add(st, c)
}

// paged reports a document whose text was read from pages (a PDF), where
// a blank line may be a page's end inside a sentence.
func (x *extractor) paged() bool {
	return x.a != nil && x.a.Document != nil && x.a.Document.MediaType == "application/pdf"
}
