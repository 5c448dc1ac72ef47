package extract

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A statement is a sentence or two; the source goes on. A message
// format's section gives the bytes, the cases (the null value, the empty
// one), what a client must return; a rule's paragraph its exceptions. An
// agent asked to build the message or apply the rule needs that text, so
// each primitive keeps what its source says after its statement, up to
// the next primitive: read in order, a document's passages are its text,
// each once. A LaTeX result's proof and examples are kept as such, not
// again in its passage.

// minPassageRunes is the shortest passage kept: less is a caption or a
// stray line.
const minPassageRunes = 30

// attachPassages gives each primitive out holds its passage (see
// core.Primitive.Passage). cs is sorted by offset; outOf maps a candidate
// to its primitive in out (-1 when it was dropped). A passage runs to the
// next primitive: the sections that state none ("Null arrays" under
// "Arrays", a "Client handshake" after the last type) are read on, their
// headings kept, as a reader reads on; the worked examples kept with a
// primitive are not repeated.
func (x *extractor) attachPassages(cs []cand, outOf []int, out []core.Primitive) {
	examples := x.exampleSpans()
	secs := x.sectionSpans()
	// next[ci] is where the next primitive after cs[ci] starts: found
	// once, from the end, so that a run of dropped candidates is not
	// walked again for each
	next := make([]int, len(cs))
	at := len(x.doc)
	for ci := len(cs) - 1; ci >= 0; ci-- {
		next[ci] = at
		if outOf[ci] >= 0 { // kept candidates have offsets of their own
			at = cs[ci].offset
		}
	}
	// kept are the offsets of the primitives, in order
	var kept []int
	for ci := range cs {
		if outOf[ci] >= 0 {
			kept = append(kept, cs[ci].offset)
		}
	}
	// read is how far the passages so far read the text: what lies
	// between it and a primitive is read with that primitive (leadGap)
	read := 0
	for ci := range cs {
		if outOf[ci] < 0 || cs[ci].part {
			continue
		}
		c := &cs[ci]
		// what the primitive's own section holds, its subsections too
		// ("Null arrays" under "Arrays"), and no further: the next
		// section of its level or above is another subject
		k := sort.Search(len(secs), func(i int) bool { return secs[i].at > c.offset })
		own := math.MaxInt // outside every section: up to the first
		in := -1
		for j := k - 1; j >= 0; j-- {
			if secs[j].end > c.offset { // the last to start of those holding c
				own, in = secs[j].level, j
				break
			}
		}
		limit := len(x.doc)
		for j := k; j < len(secs); j++ {
			if secs[j].level <= own {
				limit = secs[j].at
				break
			}
		}
		nxt := next[ci]
		end := x.passageEnd(c.offset, min(nxt, limit), secs)
		from := x.afterStatement(c, end)
		if c.passFrom > 0 && c.passFrom < from {
			from = c.passFrom
		}
		if strings.HasSuffix(c.statement, cutMark) && c.offset < from {
			// a statement cut short ("the keys are: zarr_format …")
			// is read whole here, its paragraph or block and on
			from = c.offset
		}
		segs := [][2]int{{from, end}}
		// a procedure's or an algorithm's passage is what follows its
		// steps, where a skill shows it: no place for what came before
		if lead, ok := x.leadGap(read, in, c.offset, secs); ok && c.form == "" {
			segs = [][2]int{lead, {from, end}}
		}
		// A primitive stated in a subsection ("3.1 Leases" under "3
		// Design") has its subsection; the subsections after it that
		// state nothing are still the section's, read on here.
		for j := k; nxt < limit; {
			for j < len(secs) && secs[j].at <= nxt && secs[j].end <= nxt {
				j++
			}
			if j >= len(secs) || secs[j].at > nxt || secs[j].end >= limit {
				break // nxt is in the section's own text: the rest is its
			}
			resume := secs[j].end
			nxt = len(x.doc)
			if i := sort.SearchInts(kept, resume); i < len(kept) {
				nxt = kept[i]
			}
			segs = append(segs, [2]int{resume, x.passageEnd(resume, min(nxt, limit), secs)})
		}
		read = max(read, from)
		for _, sg := range segs {
			read = max(read, sg[1])
		}
		var raw strings.Builder
		for _, sg := range segs {
			from, end := sg[0], sg[1]
			if from >= end {
				continue
			}
			if raw.Len() > 0 {
				raw.WriteString("\n\n")
			}
			for _, sp := range examples {
				if sp.at >= from && sp.at < end {
					raw.WriteString(x.doc[from:sp.at])
					from = min(max(from, sp.end), end)
				}
			}
			raw.WriteString(x.doc[from:end])
		}
		var p string
		switch x.format {
		case core.FormatLaTeX:
			p = x.latexPassage(raw.String())
		case core.FormatPreTeXt:
			p = x.ptxPassage(raw.String())
		default:
			p = passageText(raw.String())
		}
		if len([]rune(p)) >= minPassageRunes {
			out[outOf[ci]].Passage = p
		}
	}
}

// passageEnd is where a passage read from from ends before end, the
// start of the next primitive or section: not in the paragraph the next
// primitive opens or is in (a table's row, a list's item, a sentence of
// a paragraph is that primitive's), nor on the heading of its section
// when the text left ends on it.
func (x *extractor) passageEnd(from, end int, secs []secSpan) int {
	if end >= len(x.doc) || end <= from {
		return end
	}
	if i := strings.LastIndex(x.doc[from:end], "\n\n"); i >= 0 {
		end = from + i
	} else {
		// the next primitive is a later sentence of this paragraph:
		// the passage ends with the sentence before it, not halfway
		// into it ("… at all ancestor paths." not "… then groups"),
		// though that sentence began before from (a passage may read
		// its statement's paragraph from its start)
		lo := from
		if p, ok := x.paragraphStart(end); ok && p < lo {
			lo = p
		}
		if i := lastSentenceEnd(x.doc[lo:end]); i > 0 {
			end = lo + i
		}
	}
	if j := sort.Search(len(secs), func(i int) bool { return secs[i].at >= end }) - 1; j >= 0 && secs[j].at > from &&
		!strings.Contains(strings.TrimSpace(x.doc[secs[j].at:end]), "\n\n") {
		end = secs[j].at
	}
	return end
}

// lastSentenceEnd is the offset just past the last sentence end in s (a
// period, question or exclamation mark before white space), 0 when it
// has none.
func lastSentenceEnd(s string) int {
	for i := len(s) - 1; i > 0; i-- {
		if (s[i] == ' ' || s[i] == '\n') && (s[i-1] == '.' || s[i-1] == '?' || s[i-1] == '!') {
			return i
		}
	}
	return 0
}

// secSpan is where a section starts, where its text after its heading
// starts (body), where its own text ends (own, at its first
// subsection) and where it ends, how deep it is and which span holds it
// (parent, -1 at the top).
type secSpan struct{ at, body, own, end, level, parent int }

// sectionSpans are the document's sections in order of their start.
func (x *extractor) sectionSpans() []secSpan {
	var out []secSpan
	var walk func(secs []*core.Section)
	walk = func(secs []*core.Section) {
		for _, s := range secs {
			out = append(out, secSpan{at: s.Offset, body: max(s.BodyOffset, s.Offset), own: s.OwnEnd(), end: s.End, level: s.Level})
			walk(s.Children)
		}
	}
	walk(x.a.Sections)
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	var open []int // the spans holding the one read, outermost first
	for i := range out {
		for len(open) > 0 && out[open[len(open)-1]].end <= out[i].at {
			open = open[:len(open)-1]
		}
		out[i].parent = -1
		if len(open) > 0 {
			out[i].parent = open[len(open)-1]
		}
		open = append(open, i)
	}
	return out
}

// maxLead bounds the text before a primitive read with it: the part
// nearest it is kept.
const maxLead = core.MaxPassage / 4

// leadGap is the text before the primitive at off, in the section
// spans[in], that no passage before it read (read is where they end):
// the sections a work opens a chapter with before it states anything,
// a section's opening before its first statement ("Each node computes a
// = f(wx + b), where…"), its heading kept. A reader meets that text on
// the way to the statement; read with it, every part of a work is in
// some passage. It stays within the outermost section holding the
// primitive, leaves out a document's preamble and the paragraph the
// primitive opens, and keeps maxLead of it.
func (x *extractor) leadGap(read, in, off int, spans []secSpan) ([2]int, bool) {
	if in < 0 || spans[in].level == 0 {
		return [2]int{}, false // a document's preamble: its metadata, its title
	}
	top := in
	for spans[top].parent >= 0 && spans[spans[top].parent].level > 0 {
		top = spans[top].parent
	}
	from := max(read, spans[top].at)
	if from >= off {
		return [2]int{}, false
	}
	// the paragraph the primitive is in, looked for no further back than
	// a lead is kept: a text of one long paragraph is searched once
	look := max(from, off-maxLead)
	i := strings.LastIndex(x.doc[look:off], "\n\n")
	if i < 0 {
		return [2]int{}, false // the primitive opens what is left
	}
	end := look + i
	if end-from > maxLead {
		from = end - maxLead
		j := strings.Index(x.doc[from:end], "\n\n")
		if j < 0 {
			return [2]int{}, false // no paragraph to start the lead at
		}
		from += j + 2
	}
	if len(strings.TrimSpace(x.doc[from:end])) < minPassageRunes {
		return [2]int{}, false
	}
	return [2]int{from, end}, true
}

// afterStatement is where the text after c's statement starts, before
// end: past the block a format strategy marked, else past the paragraphs
// the statement holds (a definition's paragraph, a procedure's list).
func (x *extractor) afterStatement(c *cand, end int) int {
	at := c.offset
	if c.end > at {
		return c.end
	}
	said := wordSet(c.statement + "\n" + c.form) // a procedure's blocks are in its form
	for at < end {
		next := strings.Index(x.doc[at:end], "\n\n")
		if next < 0 {
			next = end - at // the last paragraph
		}
		para := x.doc[at : at+next]
		if at != c.offset && !mostlySaid(para, said) {
			return at
		}
		if at == c.offset {
			// a statement of one sentence of its paragraph ("… with
			// the correct parameters for your database."): the
			// paragraph goes on ("And your database must have the
			// authors table"), read whole
			if p, ok := x.paragraphStart(at); ok && at+next-p <= 2*maxSentenceReach && saysMore(x.doc[p:at+next], c.statement) {
				return p
			}
		}
		at += next
		for at < end && (x.doc[at] == '\n' || x.doc[at] == ' ' || x.doc[at] == '\t' || x.doc[at] == '\r') {
			at++
		}
	}
	return end
}

// saysMore reports whether para, the paragraph a statement opens or is
// in, has clearly more words than the statement: sentences the statement
// left out.
func saysMore(para, statement string) bool {
	return len(passageWords(para)) >= len(passageWords(statement))+minMoreWords
}

// minMoreWords is how many words a paragraph must say beyond its
// statement's to be read again whole: a sentence.
const minMoreWords = 8

// paragraphStart is where the paragraph holding at starts, looking back
// no further than maxSentenceReach; false when it starts further back (a
// text of one endless paragraph is no paragraph to read again).
func (x *extractor) paragraphStart(at int) (int, bool) {
	from := max(0, at-maxSentenceReach)
	if i := strings.LastIndex(x.doc[from:at], "\n\n"); i >= 0 {
		return from + i + 2, true
	}
	return 0, from == 0
}

// wordSet is the set of s's words, lower-cased.
func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range passageWords(s) {
		out[w] = true
	}
	return out
}

// mostlySaid reports whether para's words of substance are nearly all
// among said, the statement's: a paragraph the statement states (an
// entry of a list it holds), not one that goes on with the same subject
// in the same words ("The compressed sequence of bytes for each chunk is
// stored under a key formed from …").
func mostlySaid(para string, said map[string]bool) bool {
	n, all := 0, 0
	for _, w := range passageWords(para) {
		if len(w) < 3 || text.IsStopword(w) {
			continue
		}
		all++
		if said[w] {
			n++
		}
	}
	return 5*n >= 4*all
}

func passageWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 0x7f)
	})
}

// markupLine is a line of markup alone, which a reader does not see: an
// HTML anchor or tag ("<a name="nil-reply"></a>"), a shortcode
// ("{{% alert color="info" %}}"), a link's reference definition
// ("[descriptors]: ./descriptor.md").
var markupLine = lazyre.New(`^(?:(?:</?[A-Za-z][^<>]*>|\{\{[%<][^{}]*[%>]\}\})\s*)+$|^\[[^\[\]]+\]:\s*\S+(?:\s+"[^"]*")?$`)

// tablePadding is a run of spaces a table row aligns its cells with.
var tablePadding = lazyre.New(` {2,}`)

// mdLink is a Markdown link or image: its text, its target.
var mdLink = lazyre.New(`!?\[([^\[\]]*)\]\(([^()\s]*)\)`)

// localLinkText reads a link to another file of the source as its words:
// a skill holds no such file (a link to the web still leads somewhere).
func localLinkText(s string) string {
	if !strings.Contains(s, "](") {
		return s
	}
	return mdLink.ReplaceAllStringFunc(s, func(m string) string {
		sub := mdLink.FindStringSubmatch(m)
		if strings.HasPrefix(sub[2], "https://") || strings.HasPrefix(sub[2], "http://") {
			return m
		}
		if strings.TrimSpace(sub[1]) == "" {
			// "[](custom-binary-cache)": a reference its target names
			return strings.TrimPrefix(sub[2], "#")
		}
		return sub[1]
	})
}

// passageText is raw source text as a reader reads it: its lines kept
// (a format, a list, a table), links to the page's anchors as their
// words, HTML comments, anchors and shortcodes gone, runs of blank lines
// one, cut at a line to core.MaxPassage.
func passageText(raw string) string {
	if len(raw) > 2*core.MaxPassage {
		raw = text.Truncate(raw, 2*core.MaxPassage)
	}
	lines := strings.Split(localLinkText(crossRefs.ReplaceAllString(raw, "$1")), "\n")
	fence := ""
	lines = slices.DeleteFunc(lines, func(l string) bool {
		t := strings.TrimSpace(l)
		if fence == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")) {
			fence = t[:3]
			return false
		}
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			return false // code as written: "<ast.Node>" is no HTML
		}
		// an RFC's page break is no text of it
		return markupLine.MatchString(t) || isPageFurniture(l)
	})
	indent := -1 // an RFC indents all its text: none of it is read
	for i, l := range lines {
		if i == 0 {
			continue // the rest of the statement's line, where it starts
		}
		if n := len(l) - len(strings.TrimLeft(l, " ")); strings.TrimSpace(l) != "" && (indent < 0 || n < indent) {
			indent = n
		}
	}
	for i, l := range lines {
		if indent > 0 && len(l) >= indent && strings.TrimSpace(l[:indent]) == "" {
			l = l[indent:]
		}
		if strings.HasPrefix(strings.TrimSpace(l), "|") {
			// a table's padding is no text of it
			l = tablePadding.ReplaceAllString(l, " ")
		}
		lines[i] = l
	}
	lines = strings.Split(exampleLines(strings.Join(lines, "\n")), "\n")
	var b strings.Builder
	for _, l := range lines {
		if b.Len()+len(l)+1 > core.MaxPassage-len("\n…") {
			b.WriteString("\n…")
			break
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(l)
	}
	return strings.TrimSpace(exampleLines(b.String()))
}

// latexSectioning is a paragraph opening on a sectioning command, its
// title in group 1.
var latexSectioning = lazyre.New(`^\s*\\(?:sub)*(?:section|paragraph)\*?(?:\[[^\]]*\])?\{([^{}]*)\}`)

// latexSkipped are the environments a passage leaves out: a proof (kept
// as the result's), the bibliography.
var latexSkipped = lazyre.New(`\\begin\{([A-Za-z]*proof[A-Za-z]*\*?|thebibliography)\}`)

// latexPassage is LaTeX source read as a passage: its proofs and
// bibliography left out, each paragraph (an environment whole) read as
// the statements are, its mathematics as text, a sectioning command as a
// heading.
func (x *extractor) latexPassage(raw string) string {
	x.texDoc()
	if i := strings.Index(raw, `\end{document}`); i >= 0 {
		raw = raw[:i]
	}
	if len(raw) > 4*core.MaxPassage {
		raw = text.Truncate(raw, 4*core.MaxPassage) // what is read of it is cut to MaxPassage
	}
	for {
		m := latexSkipped.FindStringSubmatchIndex(raw)
		if m == nil {
			break
		}
		closer := `\end{` + raw[m[2]:m[3]] + `}`
		e := strings.Index(raw[m[1]:], closer)
		if e < 0 {
			raw = raw[:m[0]]
			break
		}
		raw = raw[:m[0]] + raw[m[1]+e+len(closer):]
	}
	var out []string
	var cur strings.Builder
	depth := 0
	flush := func() {
		para := cur.String()
		cur.Reset()
		if m := latexSectioning.FindStringSubmatchIndex(para); m != nil {
			if t := strings.TrimSpace(text.CollapseSpace(x.texr.clean(para[m[2]:m[3]]))); t != "" {
				out = append(out, "## "+text.ReadableMath(t))
			}
			para = para[m[1]:]
		}
		if t := strings.TrimSpace(text.CollapseSpace(x.texr.clean(para))); t != "" {
			out = append(out, text.ReadableMath(t))
		}
	}
	for _, para := range strings.Split(raw, "\n\n") {
		if cur.Len() > 0 {
			cur.WriteString("\n\n")
		}
		cur.WriteString(para)
		// an environment is one paragraph however many blank lines it
		// holds
		depth += strings.Count(para, `\begin{`) - strings.Count(para, `\end{`)
		if depth <= 0 {
			flush()
			depth = 0
		}
	}
	flush()
	p := strings.Join(out, "\n\n")
	if len(p) > core.MaxPassage {
		p = text.Truncate(p, core.MaxPassage-len(" …")) + " …"
	}
	return p
}

// ptxBlockEnd closes a PreTeXt block that a passage shows as a paragraph
// of its own.
var ptxBlockEnd = lazyre.New(`</(?:p|title|li|statement|solution|proof|answer|hint)>`)

// ptxWorkTags are the tags of a solution, an answer or a hint.
var ptxWorkTags = lazyre.New(`</?(?:solution|answer|hint)(?:\s[^>]*)?>`)

// ptxPassage renders a passage's PreTeXt markup as the reader sees it:
// each paragraph, display and title on its own, a title as a heading.
func (x *extractor) ptxPassage(raw string) string {
	if len(raw) > 4*core.MaxPassage {
		raw = text.Truncate(raw, 4*core.MaxPassage) // what is read of it is cut to MaxPassage
	}
	// a worked example's solution is what a passage teaches, though a
	// statement leaves an exercise's out
	raw = ptxWorkTags.ReplaceAllString(raw, "")
	var out []string
	last := 0
	emit := func(chunk string) {
		t := strings.TrimSpace(text.CollapseSpace(x.ptxClean(chunk)))
		if t == "" {
			return
		}
		if strings.Contains(chunk, "<title>") && !strings.Contains(chunk, "<p>") {
			t = "## " + t
		}
		out = append(out, text.ReadableMath(t))
	}
	for _, m := range ptxBlockEnd.FindAllStringIndex(raw, -1) {
		emit(raw[last:m[1]])
		last = m[1]
	}
	emit(raw[last:])
	p := strings.Join(out, "\n\n")
	if len(p) > core.MaxPassage {
		p = text.Truncate(p, core.MaxPassage-len(" …")) + " …"
	}
	return p
}
