package extract

import (
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Uncaptioned algorithms in text. algorithm2e without a \caption prints
// its rows, numbered, and nothing else; a PDF's text keeps the numbers of
// only some of them (those at a bold keyword, the last "end"). A run of
// short lines from a row numbered 1 to the last number kept, the numbers
// rising and about as many lines as the last number says, is an
// algorithm when its rows read as pseudo-code: a loop, condition or
// return, and a block closed, a value assigned or every row ended by
// algorithm2e's semicolon.

// numberedConf is below a captioned block's: nothing names the block.
const numberedConf = 0.85

// maxRowLen is the longest line read as a row: a PDF's prose runs the
// width of the page.
const maxRowLen = 100

// numberedRows reads the uncaptioned algorithms of a section of text.
func (x *extractor) numberedRows(st *secState, start int) {
	if x.format == core.FormatLaTeX || x.format == core.FormatPreTeXt {
		return
	}
	s := st.own
	for p := 0; p < len(s); {
		line, next := lineAt(s, p)
		at := p
		p = next
		m := algoRow.FindStringSubmatch(unbold(line))
		if m == nil || m[1] != "1" || !bareNumber(unbold(line)) || x.inAlgorithm(start, st.body+at) {
			continue
		}
		title := listingTitle(lineAbove(s, at))
		rows, end, ok := readNumbered(s, at)
		if !ok && title != "" {
			rows, end, ok = readLineNumbered(s, at)
		}
		if !ok {
			continue
		}
		// algorithm2e ends each row with a semicolon unless told not to
		ended := true
		for k, r := range rows {
			ended = ended && strings.HasSuffix(r, ";")
			rows[k] = strings.TrimSuffix(r, ";")
		}
		ps := finishRows(pseudo{}, rows)
		if !ps.looksNumbered(rows, ended) && (title == "" || !lineNumbered(s, at, len(rows))) {
			continue
		}
		name := ""
		if title != "" && !ps.looksNumbered(rows, ended) && !sigLine.MatchString(title) {
			// a listing the author titled ("Multiplex solution" over
			// "1 multiplex.wait()", "2 critical section"): its title
			// names it, whatever its rows read as
			name = title
		}
		for _, l := range ps.lines {
			w := strings.Fields(l.text)
			if len(w) > 1 && (strings.EqualFold(w[0], "function") || strings.EqualFold(w[0], "procedure")) {
				n := w[1]
				if i := strings.IndexByte(n, '('); i > 0 {
					n = n[:i]
				}
				ps.procs = append(ps.procs, strings.TrimSuffix(n, ":"))
			}
		}
		if name != "" {
			ps.procs = nil
		} else if len(ps.procs) > 0 {
			name = givenName(ps.procs[0])
		} else if m := sigLine.FindStringSubmatch(strings.TrimSpace(unbold(lineAbove(s, at)))); m != nil {
			// CLRS prints the procedure's signature over its rows:
			// "Insertion-Sort(A)"
			name = m[1]
			ps.procs = []string{m[1]}
			if a := strings.TrimSpace(m[2]); a != "" {
				ps.inputs = []string{a}
			}
		}
		c := cand{
			typ: core.Algorithm, name: name, offset: st.body + at, end: st.body + end,
			conf: numberedConf, statement: ps.statement(), form: ps.form(),
		}
		if c.name == "" {
			c.name = x.numberedName(st, &cand{typ: core.Algorithm, kind: "Algorithm"})
		}
		kept := x.cands[:start]
		for _, o := range x.cands[start:] {
			if o.format || o.offset < c.offset || o.offset >= c.end {
				kept = append(kept, o)
			}
		}
		x.cands = kept
		x.algos.keep(c.offset, &ps)
		x.add(st, c)
		p = max(p, end)
	}
}

// A listing printed with its lines numbered (listings' numbers=left) under
// its title reads in a PDF's text as a short line, then "1 row", "2 row",
// … each line numbered, one more than the line before. A table of
// contents is numbered too, but its rows end in page numbers.

// listingTitle is line as a listing's title, or "": a few words that
// start with a capital and end in no sentence's mark, no heading.
func listingTitle(line string) string {
	t := strings.TrimSpace(unbold(line))
	ws := strings.Fields(t)
	if len(ws) == 0 || len(ws) > 8 || len(t) > 60 || strings.HasPrefix(t, "#") || strings.ContainsAny(t[len(t)-1:], ".,;:!?") {
		return ""
	}
	if r, _ := utf8.DecodeRuneInString(t); r < 'A' || r > 'Z' {
		return ""
	}
	if algoRow.MatchString(t) || pageNumbered.MatchString(t) || !hasWord(t, 3) {
		return "" // a numbered row, a contents line, a formula
	}
	return t
}

// wordy reports whether most rows hold a word (a table's "1 A 0" and a
// matrix's rows do not).
func wordy(rows []string) bool {
	n := 0
	for _, r := range rows {
		if hasWord(r, 3) {
			n++
		}
	}
	return 2*n > len(rows)
}

// pageNumbered is a line that ends in a page number after a leader or a
// title: a table of contents' row.
var pageNumbered = lazyre.New(`(?:\.\s*\.|[A-Za-z)]\s+)[0-9]{1,4}\s*$`)

// readLineNumbered reads the lines from the one numbered 1 at i while each
// is numbered one more than the one before: a listing whose every line
// is numbered. Two lines at least; none a contents' row.
func readLineNumbered(s string, i int) (rows []string, end int, ok bool) {
	for p := i; p < len(s); {
		raw, next := lineAt(s, p)
		m := algoRow.FindStringSubmatch(unbold(raw))
		if m == nil || atoi(m[1]) != len(rows)+1 || utf8.RuneCountInString(raw) > maxRowLen || pageNumbered.MatchString(raw) {
			break
		}
		rows = append(rows, strings.TrimSpace(m[2]))
		end, p = next, next
	}
	return rows, min(end, len(s)), len(rows) >= 2 && wordy(rows)
}

// lineNumbered reports whether the n lines from i are each numbered, in
// order from 1.
func lineNumbered(s string, i, n int) bool {
	rows, _, ok := readLineNumbered(s, i)
	return ok && len(rows) == n
}

// lineAbove is the last line before the one at i that is not blank, or
// "".
func lineAbove(s string, i int) string {
	for e := i - 1; e > 0; {
		b := strings.LastIndexByte(s[:e], '\n') + 1
		if t := strings.TrimSpace(s[b:e]); t != "" {
			return s[b:e]
		}
		e = b - 1
	}
	return ""
}

// bareNumber reports a row numbered as pseudo-code numbers its rows, "1"
// or "1:", not as a list numbers its items ("1.", "1)").
func bareNumber(line string) bool {
	t := strings.TrimLeft(line, " \t")
	k := 0
	for k < len(t) && t[k] >= '0' && t[k] <= '9' {
		k++
	}
	return k < len(t) && (t[k] == ' ' || t[k] == '\t' || t[k] == ':')
}

// inAlgorithm reports whether an algorithm read already holds offset off.
func (x *extractor) inAlgorithm(start, off int) bool {
	for _, c := range x.cands[start:] {
		if c.typ == core.Algorithm && c.offset <= off && off < c.end {
			return true
		}
	}
	return false
}

// readNumbered reads the rows from the row numbered 1 at i: the rows up to
// the last numbered one and where that row ends; ok is
// false when the run is no block of numbered rows (a caption follows it:
// the captioned block's own reader has it).
func readNumbered(s string, i int) (rows []string, end int, ok bool) {
	blanks, kept, last := 0, 0, 0
	for p := i; p < len(s); {
		raw, next := lineAt(s, p)
		line := unbold(raw)
		t := strings.TrimSpace(line)
		p = next
		if t == "" {
			if blanks++; blanks > 2 {
				break
			}
			continue
		}
		blanks = 0
		if algoCaption.MatchString(line) {
			return nil, 0, false
		}
		if utf8.RuneCountInString(t) > maxRowLen || strings.HasPrefix(t, "#") {
			break
		}
		if m := algoRow.FindStringSubmatch(line); m != nil {
			n := atoi(m[1])
			if n <= last {
				break // a list starting again
			}
			rows = append(rows, strings.TrimSpace(m[2]))
			last, kept, end = n, len(rows), p
			continue
		}
		rows = append(rows, t)
	}
	rows = rows[:kept]
	// the numbers count the rows: as many lines as the last says (a
	// wrapped row's continuation, an "end" printed unnumbered, aside)
	if last < 3 || len(rows) < 3 || len(rows) > last+2 || 2*len(rows) < last {
		return nil, 0, false
	}
	return rows, min(end, len(s)), true
}

// looksNumbered reports whether rows read as pseudo-code: a row that
// loops, tests or returns, and a block closed, a value assigned or every
// row ended by a semicolon.
func (ps pseudo) looksNumbered(rows []string, ended bool) bool {
	kw, closed := 0, 0
	for _, r := range rows {
		l := strings.ToLower(strings.TrimSpace(r))
		switch strings.Trim(firstWord(l), ":") {
		case "for", "while", "if", "return", "repeat", "until", "foreach", "forall":
			kw++
		}
		if closesBlock(l) {
			closed++
		}
	}
	return kw >= 1 && (closed >= 1 || ps.assigns() || ended || eqAssigns(rows) >= 2)
}

// eqAssign is a row that assigns with "=", as CLRS's third edition prints
// its pseudo-code ("key = A[j]", "A[i + 1] = A[i]").
var eqAssign = lazyre.New(`^[A-Za-z_][\w.]*(?:\s*\[[^\]]*\])?\s*=\s*[^=]`)

// eqAssigns counts the rows that assign with "=".
func eqAssigns(rows []string) int {
	n := 0
	for _, r := range rows {
		if eqAssign.MatchString(strings.TrimSpace(unbold(r))) {
			n++
		}
	}
	return n
}
