package extract

import (
	"slices"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Algorithms in running text. PDF, EPUB and HTML text set an algorithm as
// LaTeX's algorithm float prints it: a caption "Algorithm 3 Merge sort"
// (no colon needed), the inputs and outputs ("Require:", "Input:"), then
// numbered rows whose indentation the text seldom keeps. The rows are
// nested again by their keywords: a row that opens a block ("for … do",
// "if … then", "procedure …", "else", "repeat") puts the rows after it
// one deeper until the row that closes it ("end for", "end if", "until
// …"), which is structure, not a step.

// captionConf is the confidence of an algorithm block read from text: as
// sure as a textual marker.
const captionConf = 0.9

var (
	algoCaption = lazyre.New(`^[ \t>*_#]*Algorithm[ \t]+((?:[A-Z]\.)?[0-9]+(?:\.[0-9]+)*)\b[*_]*[ \t]*[.:—–-]?[ \t]*(.*)$`)
	algoRow     = lazyre.New(`^[ \t]*([0-9]{1,3})[:.)]?[ \t]+(\S.*)$`)
	algoIO      = lazyre.New(`^[ \t*_]*(Input|Inputs|Output|Outputs|Require|Ensure|Data|Result|Given|Returns?)[*_]*[ \t]*:[*_]*[ \t]*(.*)$`)
)

// algorithmCaptions reads the "Algorithm N" blocks of a section of text
// or Markdown. A block replaces the textual markers found inside it (the
// "Algorithm 3:" marker whose statement ran on as prose).
func (x *extractor) algorithmCaptions(st *secState, start int) {
	x.captionedAlgorithms(st, start)
	x.numberedRows(st, start)
	if x.format != core.FormatLaTeX && x.format != core.FormatPreTeXt {
		x.markedSteps(st, start)
		x.labelledProcedures(st, start)
	}
}

func (x *extractor) captionedAlgorithms(st *secState, start int) {
	if x.format == core.FormatLaTeX || x.format == core.FormatPreTeXt || !strings.Contains(st.own, "Algorithm") {
		return
	}
	s := st.own
	claimed := 0 // where the last algorithm read ends: rows above it are its
	for p := 0; p < len(s); {
		k := strings.Index(s[p:], "Algorithm")
		if k < 0 {
			return
		}
		ls := p + k
		for ls > 0 && s[ls-1] != '\n' {
			ls--
		}
		line, next := lineAt(s, ls)
		p = max(next, p+k+1)
		m := algoCaption.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if leadSentence(m[2]) && listAfterLead(s, ls) >= 0 {
			// a marker whose statement is a lead-in over a list of
			// steps: the markers' reading (markedSteps) keeps the
			// lead-in and the steps' lettered sub-steps
			continue
		}
		name := strings.Trim(strings.TrimSpace(m[2]), "*_:. ")
		var ps pseudo
		end, from := next, ls
		if x.captionsBelow() {
			// the document sets its captions under the rows: the rows
			// under this one are the next algorithm's
			if f, rows := rowsAbove(s, ls); f >= claimed {
				from, ps = f, finishRows(rowParts(rows))
			} else if f, rows := procedureAbove(s, ls); f >= claimed {
				from, ps = f, finishRows(rowParts(rows))
			}
		}
		if from == ls {
			ps, end = readRows(s, next)
		}
		if len(ps.lines) < 2 {
			// algorithm2e prints the caption below the rows; rows
			// printed without their numbers (algpseudocode's default)
			// follow the caption all the same
			var rows []string
			if from, rows = rowsAbove(s, ls); from < claimed {
				if from, rows = procedureAbove(s, ls); from < claimed {
					from = ls
					if rows, end = plainRows(s, next); len(rows) == 0 {
						continue
					}
				}
			}
			if from != ls {
				end = next
			}
			ps = finishRows(rowParts(rows))
			if len(ps.lines) < 2 {
				continue
			}
		}
		if name == "" && len(ps.procs) > 0 {
			name = ps.procs[0]
		}
		c := cand{
			typ: core.Algorithm, name: givenName(name), number: m[1], offset: st.body + from, end: st.body + end,
			conf: captionConf, statement: withCaption(name, ps.statement()), form: ps.form(),
		}
		if c.name == "" {
			c.name = x.numberedName(st, &cand{typ: core.Algorithm, number: m[1], kind: "Algorithm"})
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
		claimed = max(claimed, end)
	}
}

// captionsBelow reports whether the document prints its algorithms'
// captions under their rows (algorithm2e's boxed and plain styles): some
// caption follows rows and is followed by no row, and none follows prose
// and is followed by rows, as a caption over its rows is. Decided once
// per document.
func (x *extractor) captionsBelow() bool {
	if x.capBelow == 0 {
		x.capBelow = -1
		below, above := 0, 0
		for p := 0; p < len(x.doc); {
			k := strings.Index(x.doc[p:], "Algorithm")
			if k < 0 {
				break
			}
			ls := strings.LastIndexByte(x.doc[:p+k], '\n') + 1
			line, next := lineAt(x.doc, ls)
			p = max(next, p+k+1)
			if algoCaption.FindStringSubmatch(line) == nil {
				continue
			}
			pb, nb := strings.TrimSpace(unbold(lineAbove(x.doc, ls))), strings.TrimSpace(unbold(nextLine(x.doc, next)))
			rowBelow := nb != "" && (algoRow.MatchString(nb) || algoIO.MatchString(nb) || procedureHead.MatchString(nb) || pseudoStep(nb))
			rowAbove := pb != "" && !strings.HasPrefix(pb, "#") && (algoRow.MatchString(pb) || closesBlock(strings.ToLower(pb)) || strings.HasSuffix(pb, ";") || pseudoStep(pb))
			switch {
			case rowAbove && !rowBelow:
				below++
			case !rowAbove && rowBelow:
				above++
			}
		}
		if below > 0 && above == 0 {
			x.capBelow = 1
		}
	}
	return x.capBelow > 0
}

// nextLine is the first line from i that is not blank, or "".
func nextLine(s string, i int) string {
	for i < len(s) {
		l, n := lineAt(s, i)
		if strings.TrimSpace(l) != "" {
			return l
		}
		i = n
	}
	return ""
}

// strayScripts reports a short line of formula pieces only, no word of
// three letters: the scripts of the row below or above it that a PDF's
// text set apart ("−1", "⊤ ⊤ −1 s/c ⊤", "k+1 k").
func strayScripts(t string) bool {
	return len(t) <= 30 && !hasWord(t, 3) && !strings.HasSuffix(t, ".")
}

// rowParts takes from rows read without their numbers what is not a
// step: the inputs and outputs over them ("Input: a graph G", "Data:",
// "Result:"), and the number a PDF's text kept on a few of them
// (algorithm2e numbers every row; the text holds "1 Function BFS(G, s):"
// and "12 return d" among rows that lost theirs).
func rowParts(rows []string) (pseudo, []string) {
	var ps pseudo
	for len(rows) > 0 {
		m := algoIO.FindStringSubmatch(unbold(rows[0]))
		if m == nil {
			break
		}
		switch strings.ToLower(m[1]) {
		case "output", "outputs", "ensure", "result", "return", "returns":
			ps.outputs = append(ps.outputs, strings.TrimSpace(m[2]))
		default:
			ps.inputs = append(ps.inputs, strings.TrimSpace(m[2]))
		}
		rows = rows[1:]
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r
		if m := algoRow.FindStringSubmatch(unbold(r)); m != nil && bareNumber(unbold(r)) && atoi(m[1]) <= len(rows)+8 {
			out[i] = m[2]
		}
	}
	return ps, out
}

// leadSentence reports whether what follows "Algorithm N" on its line is
// a sentence (after the algorithm's title in parentheses, if any): three
// words or more that end with a period or a colon, or run on to the next
// line. A caption names; a sentence leads in to steps.
func leadSentence(rest string) bool {
	t := strings.TrimSpace(strings.TrimLeft(rest, "*_ "))
	if strings.HasPrefix(t, "(") {
		if k := strings.IndexByte(t, ')'); k > 0 {
			t = strings.TrimSpace(strings.TrimLeft(t[k+1:], ".:*_ "))
		}
	}
	if len(strings.Fields(t)) < 3 {
		return false
	}
	t = strings.TrimRight(t, " *_")
	return strings.HasSuffix(t, ".") || strings.HasSuffix(t, ":") || len(t) > 60
}

// plainRows reads the rows of an algorithm printed without numbers from
// i, the line after its caption: lines of pseudo-code, blank lines
// between them aside (a PDF's text breaks its rows into paragraphs), up
// to the first line that is none: a sentence, a heading, another caption.
// It returns the rows and where they end, or nothing when fewer than
// three rows, two of them with a keyword or an assignment, were read.
func plainRows(s string, i int) ([]string, int) {
	var rows []string
	end, code := i, 0
	for p, blanks := i, 0; p < len(s) && len(rows) < 200; {
		line, next := lineAt(s, p)
		t := strings.TrimSpace(unbold(line))
		p = next
		if t == "" {
			if blanks++; blanks > 2 {
				break
			}
			continue
		}
		blanks = 0
		if strings.HasPrefix(t, "#") || algoCaption.MatchString(t) || !pseudoRow(t) {
			break
		}
		rows = append(rows, strings.TrimSuffix(t, ";"))
		end = p
		if pseudoStep(t) {
			code++
		}
	}
	if len(rows) < 3 || code < 2 {
		return nil, i
	}
	return rows, end
}

// pseudoStep reports a row that reads as pseudo-code: it opens with a
// keyword, or assigns.
func pseudoStep(t string) bool {
	if (pseudo{lines: []pcLine{{text: t}}}).keywordRows() > 0 {
		return true
	}
	for _, w := range []string{"end", "then", "else", "elif"} {
		if strings.EqualFold(firstWord(t), w) {
			return true
		}
	}
	return strings.Contains(t, "←") || strings.Contains(t, ":=")
}

// pseudoRow reports a line that may be a row of pseudo-code printed as
// text: short, and no sentence (a capitalised run of eight words or more
// ending with a full stop is the prose after the algorithm).
func pseudoRow(t string) bool {
	if len(t) > 120 {
		return false
	}
	if pseudoStep(t) {
		return true
	}
	w := strings.Fields(t)
	return !(len(w) >= 8 && strings.HasSuffix(t, ".") && t[0] >= 'A' && t[0] <= 'Z')
}

// rowsAbove reads the rows that end right above the caption line starting
// at ls, back to row 1: the offset of row 1 and the rows, or -1. A PDF's
// text may keep the numbers of only some rows (those at the left margin);
// a row without one is a row all the same, as long as the numbers that
// are kept count down to 1.
func rowsAbove(s string, ls int) (int, []string) {
	p := ls
	last := -1 // the number of the row read last (going up), -1 before any
	var rows []string
	blanks := 0
	for n := 0; p > 0 && n < 80; n++ {
		q := strings.LastIndexByte(s[:p-1], '\n') + 1
		line := unbold(s[q : p-1])
		p = q
		t := strings.TrimSpace(line)
		if t == "" {
			if blanks++; blanks > 2 {
				return -1, nil
			}
			continue
		}
		blanks = 0
		if len(t) > 120 || strings.HasPrefix(t, "#") {
			return -1, nil
		}
		m := algoRow.FindStringSubmatch(line)
		switch {
		case m != nil && (last < 0 || atoi(m[1]) < last):
			last = atoi(m[1])
			rows = append(rows, strings.TrimSuffix(strings.TrimSpace(m[2]), ";"))
			if last == 1 {
				if len(rows) < 2 {
					return -1, nil
				}
				for a, b := 0, len(rows)-1; a < b; a, b = a+1, b-1 {
					rows[a], rows[b] = rows[b], rows[a]
				}
				return withIOAbove(s, q, rows)
			}
		case last < 0:
			return -1, nil // the row above the caption has no number
		default:
			rows = append(rows, strings.TrimSuffix(t, ";"))
		}
	}
	return -1, nil
}

// unbold drops the bold a PDF reader sets keywords in ("**2 for** i = 1
// to n do").
func unbold(line string) string {
	if !strings.Contains(line, "**") {
		return line
	}
	return strings.ReplaceAll(line, "**", "")
}

// lineAt returns the line starting at i and where the next begins.
func lineAt(s string, i int) (string, int) {
	e := strings.IndexByte(s[i:], '\n')
	if e < 0 {
		return s[i:], len(s)
	}
	return s[i : i+e], i + e + 1
}

// readRows reads the rows of an algorithm block from i: inputs and
// outputs, then rows numbered from 1 without gaps, a wrapped row's
// continuation joined to it. It returns the pseudo-code and where the
// block ends.
func readRows(s string, i int) (pseudo, int) {
	var ps pseudo
	var rows []string
	want, end, blank := 1, i, 0
	io := 0 // the kind of the last line read: 0 row, 1 input, 2 output
	for p := i; p < len(s); {
		line, next := lineAt(s, p)
		raw := len(line)
		line = unbold(line)
		t := strings.TrimSpace(line)
		switch m := algoRow.FindStringSubmatch(line); {
		case t == "":
			blank++
			if len(rows) > 0 || blank > 1 {
				return finishRows(ps, rows), end
			}
		case m == nil && strayScripts(t):
			// a row's superscripts a PDF's text left on a line of their
			// own ("−1", "k+1 k"): no row, and no end of the rows
		case m != nil && atoi(m[1]) == want:
			rows = append(rows, strings.TrimSuffix(strings.TrimSpace(m[2]), ";"))
			want++
			io, blank, end = 0, 0, p+raw
		case len(rows) == 0 && algoIO.MatchString(line):
			mm := algoIO.FindStringSubmatch(line)
			io = 1
			switch strings.ToLower(mm[1]) {
			case "output", "outputs", "ensure", "result", "return", "returns":
				io = 2
			}
			if io == 1 {
				ps.inputs = append(ps.inputs, strings.TrimSpace(mm[2]))
			} else {
				ps.outputs = append(ps.outputs, strings.TrimSpace(mm[2]))
			}
			end = p + raw
		case blank == 0 && len(rows) > 0 && m == nil && len(t) < 80 && !algoCaption.MatchString(line):
			rows[len(rows)-1] += " " + t // a wrapped row
			end = p + raw
		case blank == 0 && len(rows) == 0 && io > 0 && m == nil:
			if io == 1 {
				ps.inputs[len(ps.inputs)-1] += " " + t
			} else {
				ps.outputs[len(ps.outputs)-1] += " " + t
			}
			end = p + raw
		default:
			return finishRows(ps, rows), end
		}
		p = next
	}
	return finishRows(ps, rows), end
}

func atoi(d string) int {
	n := 0
	for _, c := range d {
		n = n*10 + int(c-'0')
	}
	return n
}

// finishRows nests the rows by their keywords (nestRows) into ps.
func finishRows(ps pseudo, rows []string) pseudo {
	ps.lines = nestRows(rows)
	for _, l := range ps.lines {
		w := strings.Fields(l.text)
		if len(w) > 1 && (w[0] == "procedure" || w[0] == "function") {
			n := w[1]
			if i := strings.IndexByte(n, '('); i > 0 {
				n = n[:i]
			}
			ps.procs = append(ps.procs, strings.TrimSuffix(n, ":"))
		}
	}
	return ps
}

// nestRows gives rows of pseudo-code whose indentation was lost their
// depth by the keywords that open and close blocks; closing rows ("end
// if") are dropped, and a head's "do" or "then" is written ":".
func nestRows(rows []string) []pcLine {
	var out []pcLine
	depth := 0
	for _, r := range rows {
		t := strings.TrimSpace(r)
		l := strings.ToLower(t)
		w := strings.Trim(firstWord(l), ":")
		switch {
		case closesBlock(l):
			if depth > 0 {
				depth--
			}
			continue
		case w == "until":
			if depth > 0 {
				depth--
			}
			out = append(out, pcLine{depth: depth, text: t})
			continue
		case w == "else" || w == "elseif" || w == "elsif" || w == "elif":
			d := max(depth-1, 0)
			out = append(out, pcLine{depth: d, text: headColon(t)})
			depth = d + 1
			continue
		}
		out = append(out, pcLine{depth: depth, text: headColon(t)})
		if opensBlockRow(l, w) {
			depth++
		}
	}
	return out
}

// closesBlock reports a row that only closes a block: "end if", "endfor",
// "end procedure", "end", "fi", "od", "done", "}".
func closesBlock(l string) bool {
	l = strings.TrimSpace(strings.TrimSuffix(l, ";"))
	switch l {
	case "end", "fi", "od", "done", "}", "end.":
		return true
	}
	f := strings.Fields(l)
	if len(f) == 0 || len(f) > 2 {
		return false
	}
	if f[0] == "end" || strings.HasPrefix(f[0], "end") && len(f) == 1 {
		return true
	}
	return false
}

// opensBlockRow reports a row that opens a block: a loop or condition
// whose head ends in "do", "then" or ":", a procedure's head, "repeat",
// "loop".
func opensBlockRow(l, w string) bool {
	switch w {
	case "procedure", "function", "algorithm", "repeat", "loop", "begin":
		return true
	case "for", "while", "if", "foreach", "forall", "parallel":
		return strings.HasSuffix(l, " do") || strings.HasSuffix(l, " then") || strings.HasSuffix(l, ":") ||
			strings.HasSuffix(l, "{")
	}
	return false
}

// headColon writes a head's closing "do" or "then" as ":" and gives a
// procedure's head one.
func headColon(t string) string {
	l := strings.ToLower(t)
	for _, suf := range []string{" do", " then"} {
		if strings.HasSuffix(l, suf) {
			return strings.TrimSpace(t[:len(t)-len(suf)]) + ":"
		}
	}
	switch strings.Trim(firstWord(l), ":") {
	case "procedure", "function", "else", "repeat", "loop":
		if !strings.HasSuffix(t, ":") {
			return t + ":"
		}
	}
	return t
}

// Procedures given in prose. A specification describes a function by its
// signature and "the following steps", then a list — Noise's
// "**`MixKey(input_key_material)`**: Executes the following steps:" and
// its bullets —; the function is an algorithm, its arguments its inputs,
// the items its steps, nested items nested.

// stepListConf is below a marked block's: the steps are prose.
const stepListConf = 0.85

var (
	stepsLead    = lazyre.New(`(?i)\bthe following steps\b|\bsteps are as follows\b|\bsteps:|\bis defined as follows\b|\bproceeds as follows\b|\bas:[ \t*_]*$|\bthe following (?:\w+ )?(?:logic|procedure|algorithm|process)\b`)
	sigHead      = lazyre.New("^[ \\t]*(?:[*+•◦▪–-]|[0-9]{1,2}[.)])?[ \\t]*(?:\\*\\*|__)?`?([A-Za-z_][A-Za-z0-9_.]*)\\(((?:[^()]|\\([^()]*\\))*)\\)`?(?:\\*\\*|__)?")
	stepItemLine = lazyre.New(`^([ \t]*)([*+•◦▪∗–-]|[0-9]{1,2}[.)])[ \t]+(\S.*)$`)
	callName     = lazyre.New(`([A-Za-z_][A-Za-z0-9_]*)\(`)
)

// stepLists reads the functions of a section of Markdown or text that are
// described by a list of steps: a lead-in ("Executes the following
// steps:", "… SHALL be implemented as follows.", "proceed as follows")
// over a list. The function is the one the lead-in's item opens with
// (its signature), else the one its sentence calls ("the
// G.calculate_generator(H, PRS) function shall be …"); a lead-in that
// names none is the section's procedure when it says to proceed.
func (x *extractor) stepLists(st *secState, start int) {
	if x.format != core.FormatMarkdown && x.format != core.FormatText {
		return
	}
	s := st.own
	if !strings.Contains(s, "steps") && !strings.Contains(s, "follow") && !strings.Contains(s, "as:") && !namedProcess.MatchString(s) {
		return
	}
	// a block of code holds a procedure written out, its own "Steps:" and
	// numbered rows included: the listings' reader has it
	var code []listingBlock
	if x.format == core.FormatMarkdown {
		code = fencedBlocks(s)
	}
	for p := 0; p < len(s); {
		line, next := lineAt(s, p)
		at := p
		p = next
		if i := sort.Search(len(code), func(i int) bool { return code[i].end > at }); i < len(code) && code[i].at <= at {
			p = max(p, code[i].end)
			continue
		}
		follows := followsLead.MatchString(line)
		shows := !follows && stepsShown.MatchString(line)
		named := ""
		joined := line // a lead-in's last words may be wrapped onto its last line
		if prev := strings.TrimSpace(lineAbove(s, at)); prev != "" && strings.HasSuffix(strings.TrimSpace(line), ":") {
			joined = prev + " " + strings.TrimSpace(line)
		}
		if m := namedProcess.FindStringSubmatch(joined); m != nil && !follows && !shows {
			// "we begin the Schnorr identity process:"; "the following
			// procedure:" names none
			if n := strings.Fields(m[1]); len(n) > 1 && !strings.EqualFold(n[0], "following") {
				named = upperFirst(strings.Join(n, " "))
			}
		}
		if !follows && !shows && named == "" && !stepsLead.MatchString(line) {
			continue
		}
		if shows {
			// "the following shows the steps used to …": the list comes
			// after the lead's paragraph, however it ends
			next = at + paragraphEnd(s[at:])
			if next < at {
				next = len(s)
			}
			line, _ = lineAt(s, at)
		}
		// the lead ends with a colon, on its line or one of the next two
		for n := 0; !follows && !shows && n < 3 && !strings.HasSuffix(strings.TrimRight(line, " \t*_"), ":"); n++ {
			if next >= len(s) {
				break
			}
			line, next = lineAt(s, next)
		}
		if !follows && !shows && !strings.HasSuffix(strings.TrimRight(line, " \t*_"), ":") {
			continue
		}
		head := itemStart(s, at)
		if shows {
			head = strings.LastIndex(s[:at], "\n\n") + 1 // the lead's paragraph
			if head > 0 {
				head++
			}
		}
		hl, _ := lineAt(s, head)
		if m := stepItemLine.FindStringSubmatch(hl); m != nil && m[2][0] >= '0' && m[2][0] <= '9' && !strings.HasPrefix(m[2], "1") {
			// "3. Each replica … performs the following steps
			// concurrently:" is a step of the list it is in, its
			// items its own: the list from its first item is the
			// procedure
			continue
		}
		lead := s[head:next]
		if x.format == core.FormatMarkdown {
			lead = mdUnescaped(lead)
		}
		if procLead.MatchString(strings.NewReplacer("*", "", "`", "").Replace(lead)) {
			continue // "The algorithm Sign(sk, m) is defined as:": labelledProcedures reads it
		}
		fn, args, said := leadFunction(lead)
		if fn == "" && named != "" {
			fn = named
		}
		if fn == "" {
			if m := namedFunction.FindStringSubmatch(lead); m != nil && strings.ToUpper(m[1][:1]) == m[1][:1] {
				fn = m[1] // a name as the text writes it: "MAP", not "the hash function"
			}
		}
		setting := "" // what the section says before a lead-in that names no function
		if fn == "" {
			if !shows && !proceeds(line) && !proceeds(text.CollapseSpace(lead)) {
				continue
			}
			setting = proseBefore(s, head)
			if shows {
				fn = leadPurpose(lead, stepsShown)
			} else {
				fn = leadPurpose(lead, proceedLead)
			}
			if fn == "" {
				fn = topicTitle(st.title)
			}
			if fn == "" {
				continue
			}
		}
		headMarker := ""
		if hm := stepItemLine.FindStringSubmatch(hl); hm != nil {
			headMarker = hm[2]
		}
		rows, depths, end := readStepList(s, next, headMarker)
		if len(rows) < 2 {
			continue
		}
		if x.stepsHeld(st, start, st.body+head, fn, rows[0]) {
			p = max(p, end)
			continue
		}
		ps := pseudo{procs: []string{fn}}
		if a := strings.TrimSpace(args); a != "" {
			ps.inputs = []string{a}
		}
		for i, r := range rows {
			if x.format == core.FormatMarkdown {
				r = mdUnescaped(r)
			}
			ps.lines = append(ps.lines, pcLine{depth: depths[i], text: r})
			for _, c := range callName.FindAllStringSubmatch(r, -1) {
				ps.calls = append(ps.calls, c[1])
			}
		}
		c := cand{
			typ: core.Algorithm, name: fn, offset: st.body + head, end: st.body + end, conf: stepListConf,
			statement: withCaption(fn, strings.TrimSpace(setting+" "+headText(strings.TrimLeft(lead[said:], "*+•◦▪–-0123456789.) \t"))+" "+ps.statement())), form: ps.form(),
		}
		// The function read otherwise inside the list (a concept named by
		// its signature, a marker) is the same function.
		kept := x.cands[:start]
		for _, o := range x.cands[start:] {
			if o.format || o.offset < c.offset || o.offset >= c.end || o.typ != core.Algorithm && !strings.HasPrefix(o.name, fn) {
				kept = append(kept, o)
			}
		}
		x.cands = kept
		if o := x.sectionProcedure(st, start, c.offset, fn); o != nil {
			// the section is this procedure already, read as a concept
			// without its steps: they are its
			o.statement = cutStatement(strings.TrimSpace(o.statement+" "+strings.TrimPrefix(c.statement, fn+".")), maxStatement)
			o.form, o.end = c.form, c.end
			x.algos.keep(o.offset, &ps)
			p = max(p, end)
			continue
		}
		x.algos.keep(c.offset, &ps)
		x.add(st, c)
		p = max(p, end)
	}
}

// maxSetting bounds the prose before a section's steps that their
// statement keeps.
const maxSetting = 1200

// proseBefore is the prose of the paragraphs right before offset head of
// section text s, back to a heading, a list, a block or s's start: what
// a section says before "The following steps are recommended:" ("…some
// of which are not safe for untrusted users to execute: they may cause
// the server to crash") is why the steps are there. It is "" when that
// runs past maxSetting.
func proseBefore(s string, head int) string {
	from := head
	for from > 0 {
		i := strings.LastIndex(s[:max(0, from-2)], "\n\n")
		p := strings.TrimSpace(s[i+2 : from])
		if i < 0 {
			p = strings.TrimSpace(s[:from])
		}
		if first, _, _ := strings.Cut(p, "\n"); p == "" || strings.ContainsAny(p[:1], "#|>-*+`<") || opensBlock(p) || stepItemLine.MatchString(first) {
			break
		}
		from = max(0, i+2)
		if i < 0 {
			from = 0
		}
		if head-from > maxSetting {
			return ""
		}
	}
	return text.CollapseSpace(mdUnescaped(strings.TrimSpace(s[from:head])))
}

var (
	// followsLead is a lead-in whose sentence ends its line with "as
	// follows" (or "the following steps"), a period or a colon after it.
	followsLead = lazyre.New(`(?i)\b(?:as follows|the following steps)[ \t*_]*[.:][ \t*_]*$`)
	// proceedLead is a lead-in that says to act, not what a thing is:
	// a procedure even where it names no function.
	proceedLead = lazyre.New(`(?i)\b(?:proceeds?|steps are|(?:is|are)\s+([a-z]+ed|done))\b[^.]*\bas follows\b|\bthe following (?:\w+ )?(?:steps|logic|procedure|algorithm|process)\b`)
	// stepsShown is a lead-in that says the list after its paragraph
	// gives the steps of a procedure: "the following shows the steps
	// used to establish a connection", "the steps required to".
	stepsShown = lazyre.New(`(?i)\bthe following (?:\w+ ){0,2}(?:shows?|lists?|gives?|describes?|illustrates?|outlines?) the (?:\w+ )?steps\b|\bthe steps (?:used|needed|required|taken|involved) (?:to|in|for)\b`)
	// namedProcess is a lead-in line that ends by naming the procedure
	// its list gives: "… we begin the Schnorr identity process:", "the
	// following signing protocol:".
	namedProcess = lazyre.New(`(?im)\bthe\s+((?:[\p{L}'’-]+\s+){0,4}(?:process|procedure|protocol|algorithm))[ \t*_]*:[ \t*_]*$`)
	// namedFunction is a function a lead-in names without its
	// arguments: "The MAP function is defined on 32-byte strings as:".
	namedFunction = lazyre.New("(?i)\\bthe\\s+`?([A-Za-z_][A-Za-z0-9_]*)`?\\s+(?:function|procedure|algorithm|routine)\\b")
	// leadCall is a function's signature in a lead-in's sentence.
	// An argument may be a tuple: "CKDpriv((k_par, c_par), i)".
	leadCall = lazyre.New("`?([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*)\\(((?:[^()]|\\([^()]*\\))*)\\)")
)

// sectionProcedure is the algorithm of section st named fn, read at or
// before at as a concept with no steps of its own, or nil.
func (x *extractor) sectionProcedure(st *secState, start, at int, fn string) *cand {
	for i := start; i < len(x.cands); i++ {
		o := &x.cands[i]
		if o.typ == core.Algorithm && !o.format && o.sec == st && o.offset <= at && o.end <= o.offset && strings.EqualFold(o.name, fn) {
			return o
		}
	}
	return nil
}

// leadPurpose is what a lead-in says its steps do, after what said
// matches, as a name: "the steps used to establish a connection to write
// a file" is "Establish a connection to write a file"; "" when it says
// nothing short enough.
func leadPurpose(lead string, said *lazyre.Regexp) string {
	t := text.CollapseSpace(lead)
	m := said.FindStringIndex(t)
	if m == nil {
		return ""
	}
	// the purpose follows "to" or "for", in the match ("the steps used
	// to") or just after it ("the following logic to ensure")
	from, rest := t[m[0]:], ""
	for _, w := range []string{" to ", " for "} {
		if i := strings.Index(from, w); i >= 0 && i < m[1]-m[0]+20 && (rest == "" || len(from[i+len(w):]) > len(rest)) {
			rest = from[i+len(w):]
		}
	}
	if e := strings.IndexAny(rest, ".:;"); e >= 0 {
		rest = rest[:e]
	}
	rest = strings.TrimSpace(rest)
	if rest == "" || len(rest) > 60 {
		return ""
	}
	return upperFirst(rest)
}

// stepsHeld reports whether an algorithm of the section named fn, read
// before the lead-in at lead, holds the steps a list opening with first
// gives: the section's concept, its statement run on into the list, is
// that procedure already.
func (x *extractor) stepsHeld(st *secState, start, lead int, fn, first string) bool {
	for _, o := range x.cands[start:] {
		if o.typ == core.Algorithm && o.sec == st && o.offset < lead && strings.EqualFold(o.name, fn) && o.form != "" &&
			strings.Contains(text.CollapseSpace(o.form), text.CollapseSpace(first)) {
			return true
		}
	}
	return false
}

// notProcedure are the participles of a lead-in that lays out a list,
// not a procedure: "is defined as follows", "are listed as follows".
var notProcedure = map[string]bool{
	"defined": true, "given": true, "listed": true, "shown": true, "described": true, "organized": true,
	"structured": true, "formatted": true, "summarized": true, "specified": true, "illustrated": true,
}

// proceeds reports whether a lead-in's line says to act ("Decoding
// proceeds as follows", "is encoded as follows", "the following steps"),
// not what a thing is.
func proceeds(line string) bool {
	m := proceedLead.FindStringSubmatch(line)
	return m != nil && !notProcedure[strings.ToLower(m[1])]
}

// leadFunction gives the function a procedure's lead-in names: the
// signature its item or line opens with, else the first its sentences
// call; said is where what the lead says of it begins (after an opening
// signature, 0 otherwise).
func leadFunction(lead string) (fn, args string, said int) {
	if m := sigHead.FindStringSubmatch(lead); m != nil {
		return m[1], m[2], len(m[0])
	}
	if m := leadCall.FindStringSubmatch(lead); m != nil {
		return m[1], m[2], 0
	}
	return "", "", 0
}

// mdUnescaped is s with Markdown's backslash escapes of punctuation
// ("G.scalar\_mult") read as the characters they print.
func mdUnescaped(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\`*_{}[]()#+-.!|<>", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// itemStart is where the list item or paragraph holding the line at i
// starts: its marker's line, or the line after a blank one (at most 24
// lines up). A blank line does not end the item when the paragraph below
// it is indented (a Markdown item's next paragraph) or the line above it
// ends mid-sentence (a PDF's text breaking a sentence at a page's or
// column's end).
func itemStart(s string, i int) int {
	for n := 0; n < 24 && i > 0; n++ {
		line, _ := lineAt(s, i)
		if stepItemLine.MatchString(line) {
			return i
		}
		q := strings.LastIndexByte(s[:i-1], '\n') + 1
		if strings.TrimSpace(s[q:i-1]) == "" {
			// the non-blank line above the blank ones
			a, blanks := q, 1
			for a > 0 && blanks <= 2 {
				b := strings.LastIndexByte(s[:a-1], '\n') + 1
				if strings.TrimSpace(s[b:a-1]) != "" {
					break
				}
				a, blanks = b, blanks+1
			}
			if a == 0 || blanks > 2 {
				return i
			}
			b := strings.LastIndexByte(s[:a-1], '\n') + 1
			above := strings.TrimRight(s[b:a-1], " \t")
			indented := strings.HasPrefix(line, "  ") || strings.HasPrefix(line, "\t")
			if !indented && strings.ContainsAny(above[len(above)-1:], ".:;!?)") {
				return i
			}
			q = b
		}
		i = q
	}
	return i
}

// readStepList reads the list that starts after i (blank lines skipped):
// its items as plain text, the depth of each (items indented under an
// item are one deeper; where a PDF's text lost the indentation, an item
// with a new marker, "–" under "•", is), and where the list ends: before
// an item set as the head's item was (marker head), at the head's
// indentation.
func readStepList(s string, i int, head string) (rows []string, depths []int, end int) {
	head = markerKind(head)
	base := -1
	afterBlank := true
	var indents []int // the indentation of each open depth
	var markers []string
	end = i
	for p := i; p < len(s); {
		line, next := lineAt(s, p)
		t := strings.TrimSpace(line)
		ind := len(line) - len(strings.TrimLeft(line, " \t"))
		switch m := stepItemLine.FindStringSubmatch(line); {
		case t == "" || isPageFurniture(line):
			t = "" // an RFC's page break is no text of the list's
		case m != nil && (base < 0 || ind >= base) && !(base >= 0 && ind == base && markerKind(m[2]) == head && head != "" && len(markers) > 0 && markers[0] != head):
			if base < 0 {
				base = ind
			}
			mk := markerKind(m[2])
			mi := slices.Index(markers, mk)
			if mi < 0 {
				markers = append(markers, mk)
				mi = len(markers) - 1
			}
			for len(indents) > 0 && indents[len(indents)-1] >= ind+1 && indents[len(indents)-1] > ind {
				indents = indents[:len(indents)-1]
			}
			if len(indents) == 0 || indents[len(indents)-1] < ind {
				indents = append(indents, ind)
			}
			rows = append(rows, m[3])
			if ind > base {
				depths = append(depths, len(indents)-1)
			} else {
				depths = append(depths, mi)
			}
			end = p + len(line)
		case base >= 0 && ind > base && len(rows) > 0:
			rows[len(rows)-1] += " " + t // the item's text runs on
			end = p + len(line)
		case m == nil && !afterBlank && len(rows) > 0 && fenceOpen(t) == "" && !opensBlock(line):
			// a lazy continuation line, right under its item's text
			rows[len(rows)-1] += " " + t
			end = p + len(line)
		case m == nil && base == 0 && head != "" && len(rows) > 0 && !strings.HasPrefix(t, "#") && runsOn(s, p, rows[len(rows)-1], markers, head):
			// a PDF's text, its indentation lost: the item's text runs on
			// on lines of its own
			rows[len(rows)-1] += " " + t
			end = p + len(line)
		case len(rows) > 0 && strings.HasSuffix(strings.TrimRight(rows[len(rows)-1], " *_`"), ":") && fenceOpen(t) != "":
			// "1. Process the representation as follows:" over a fenced
			// block at the list's edge: the block is the step's, its
			// rows one deeper, and the list goes on after it.
			close := fenceOpen(t)
			d := depths[len(depths)-1] + 1
			q := next
			for q < len(s) {
				cl, cn := lineAt(s, q)
				q = cn
				ct := strings.TrimSpace(cl)
				if strings.HasPrefix(ct, close) {
					break
				}
				if ct != "" {
					rows = append(rows, ct)
					depths = append(depths, d)
				}
			}
			end, next = q, q
		default:
			return plainSteps(rows), depths, end
		}
		if base < 0 && t != "" {
			return nil, nil, i
		}
		afterBlank = t == ""
		p = next
	}
	return plainSteps(rows), depths, end
}

// headText is what the head of a function's item says of it, from its
// signature to the lead of its steps: what the function is for and takes.
func headText(s string) string {
	s = strings.NewReplacer("`", "", "**", "", "__", "").Replace(s)
	return strings.TrimLeft(strings.Join(strings.Fields(s), " "), ": ")
}

// markerKind is what a list's marker says of its level: a number's
// items are one list whatever their numbers ("1.", "2." are "1."), a
// bullet's are its bullet's.
func markerKind(m string) string {
	if m != "" && m[0] >= '0' && m[0] <= '9' {
		return "1" + m[len(m)-1:]
	}
	return m
}

// fenceOpen is the fence that closes a code block t opens ("```",
// "~~~"), or "".
func fenceOpen(t string) string {
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(t, f) {
			return f
		}
	}
	return ""
}

// runsOn reports whether the line at p, at the list's left edge, goes on
// with the item before it (row): the item stopped mid-sentence, or the
// lines from p run into another item of the list (not the head's) without
// a blank line.
func runsOn(s string, p int, row string, markers []string, head string) bool {
	if r := strings.TrimRight(row, " *_`"); r != "" && !strings.ContainsAny(r[len(r)-1:], ".!?:") {
		return true
	}
	for q := p; q < len(s); {
		line, next := lineAt(s, q)
		if strings.TrimSpace(line) == "" {
			return false
		}
		if m := stepItemLine.FindStringSubmatch(line); m != nil && q > p {
			k := markerKind(m[2])
			return k != head && slices.Contains(markers, k)
		}
		q = next
	}
	return false
}

// plainSteps writes list items as plain text: code and emphasis marks
// dropped, white space collapsed.
func plainSteps(rows []string) []string {
	for i, r := range rows {
		r = strings.NewReplacer("`", "", "**", "", "__", "").Replace(r)
		rows[i] = strings.Join(strings.Fields(r), " ")
	}
	return rows
}

// Procedures given in phases. A paper or a book may give its procedure as
// "Phase 1. (a) … (b) …", "Phase 2. …" (or Step, Stage, Round) in running
// text, after a sentence that says what it does; the phases are its steps
// and their lettered parts are nested under them.

// phaseConf is the confidence of a procedure read from phases: prose.
const phaseConf = 0.75

var (
	phaseHead = lazyre.New(`^[ \t>*_]*(Phase|Step|Stage|Round)[ \t]+([0-9]{1,2})[*_]*[.:)][*_]*[ \t]*(.*)$`)
	partItem  = lazyre.New(`^[ \t]*\(([a-z])\)[ \t]+`)
)

// phases reads the runs of numbered phases of a section of Markdown or
// text: two or more, numbered from 1, each opened at a line's start.
func (x *extractor) phases(st *secState, start int) {
	if x.format != core.FormatMarkdown && x.format != core.FormatText {
		return
	}
	s := st.own
	if !strings.Contains(s, "Phase") && !strings.Contains(s, "Stage") && !strings.Contains(s, "Round") {
		return // "Step N:" is the tutorials' (stepHeading, procedures)
	}
	for p := 0; p < len(s); {
		line, next := lineAt(s, p)
		at := p
		p = next
		m := phaseHead.FindStringSubmatch(line)
		if m == nil || m[2] != "1" {
			continue
		}
		word := m[1]
		var lines []pcLine
		want, end, blank := 1, at, false
		for q := at; q < len(s); {
			l, n := lineAt(s, q)
			t := strings.TrimSpace(l)
			switch hm := phaseHead.FindStringSubmatch(l); {
			case t == "":
				blank = true
			case hm != nil && hm[1] == word && atoi(hm[2]) == want:
				lines = append(lines, pcLine{text: hm[1] + " " + hm[2] + ":"})
				x.phaseParts(&lines, hm[3])
				want++
				end, blank = q+len(l), false
			case len(lines) > 0 && (!blank || partItem.MatchString(l)) && !opensBlock(l) && !markerLine(l):
				x.phaseParts(&lines, t)
				end, blank = q+len(l), false
			default:
				q = len(s)
				continue
			}
			q = n
		}
		phasesRead := want - 1
		if phasesRead < 2 {
			continue
		}
		lead := leadIn(s, at)
		name := stripSectionNumber(x.procedureName(st, lead, nil, 1))
		if l := strings.ToLower(name); !strings.HasSuffix(l, "algorithm") && !strings.HasSuffix(l, "protocol") && !strings.HasSuffix(l, "procedure") {
			name = withKind(name, "Algorithm")
		}
		ps := pseudo{lines: lines}
		c := cand{
			typ: core.Algorithm, name: name, offset: st.body + at, end: st.body + end, conf: phaseConf,
			statement: strings.TrimSpace(lead + " " + ps.statement()), form: ps.form(),
		}
		kept := x.cands[:start]
		for _, o := range x.cands[start:] {
			if o.format || o.typ != core.Algorithm || o.offset < c.offset || o.offset >= c.end {
				kept = append(kept, o)
			}
		}
		x.cands = kept
		x.algos.keep(c.offset, &ps)
		x.add(st, c)
		p = max(p, end)
	}
}

// phaseParts adds a phase's text: its lettered parts as nested steps,
// other text to the step before.
func (x *extractor) phaseParts(lines *[]pcLine, t string) {
	t = strings.TrimSpace(t)
	if t == "" {
		return
	}
	for t != "" {
		m := partItem.FindStringIndex(t)
		if m == nil {
			last := &(*lines)[len(*lines)-1]
			if last.depth == 0 && strings.HasSuffix(last.text, ":") {
				*lines = append(*lines, pcLine{depth: 1, text: t})
			} else {
				last.text += " " + t
			}
			return
		}
		rest := t[m[1]:]
		// the next part in the same line, if any: " (b) "
		k := strings.Index(rest, " (")
		for k >= 0 && !(k+4 <= len(rest) && rest[k+2] >= 'a' && rest[k+2] <= 'z' && rest[k+3] == ')') {
			if j := strings.Index(rest[k+1:], " ("); j >= 0 {
				k += 1 + j
			} else {
				k = -1
			}
		}
		part := rest
		if k >= 0 {
			part, t = rest[:k], strings.TrimSpace(rest[k:])
		} else {
			t = ""
		}
		*lines = append(*lines, pcLine{depth: 1, text: strings.TrimSpace(part)})
	}
}

// markerLine reports a line that opens a result of its own ("Invariant
// 1.", "Lemma 2.").
func markerLine(l string) bool {
	t := strings.TrimLeft(l, " \t*_#>")
	for _, w := range []string{"Invariant", "Lemma", "Theorem", "Definition", "Proposition", "Corollary", "Property", "Claim", "Remark", "Proof", "Example", "Algorithm"} {
		if strings.HasPrefix(t, w+" ") || strings.HasPrefix(t, w+".") {
			return true
		}
	}
	return false
}
