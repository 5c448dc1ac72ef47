package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// A description that ends in a colon introduces what follows it: "The
// header contains the following fields:", a box diagram, "where:", and one
// entry per field ("ID  A 16 bit identifier …"). Cut at the colon, the
// statement said nothing of the fields. specLeadIn gathers them: the
// entries (their first sentences) go into the statement as numbered items,
// bounded like any statement; the diagram and every entry go into the
// computational form, bounded by maxLeadInForm.

// maxLeadInForm bounds the computational form a lead-in's diagram and
// entries make; maxLeadInEntries the entries it lists.
const (
	maxLeadInForm    = 4000
	maxLeadInEntries = 40
	// maxDiagramLines bounds the lines of a diagram kept.
	maxDiagramLines = 40
)

// specLeadIn collects, for specFirstParagraph, what follows a lead-in.
type specLeadIn struct {
	ind      int        // the lead-in's indentation
	diagram  []string   // the diagram's lines, as drawn
	entries  []string   // the entries, "TERM: text"
	sub      [][]string // each entry's own entries ("0  a standard query")
	told     []bool     // whether an entry took the paragraph under it
	captions []string   // the figures' captions, "Figure 1: Format of a DHCP message"
	anchors  []string   // the anchors Markdown attribute lists give the figures
	base     int        // the offset in the document of the text read
	figs     []int      // the document offsets of the figures taken
	grid     bool       // a table's rows were taken as entries
	margin   int        // the left edge of the last diagram taken
}

// specEntry returns the text of a list entry in block b of window, "TERM:
// description", when b is one: a term set apart from its description by
// two or more spaces ("ID              A 16 bit identifier"), or a term
// on a line of its own with its description indented under it, at the
// lead-in's indentation or deeper.
func specEntry(window string, b *specBlock, leadInd int) (string, bool) {
	if len(b.lines) == 0 || b.ind < leadInd {
		return "", false
	}
	first := strings.TrimSpace(window[b.lines[0].a:b.lines[0].b])
	term, desc := first, ""
	if b.field != "" {
		// "Time to Live:  8 bits", its term read off already
		term, desc = b.field, first
		if b.pre != "" {
			term = strings.TrimSuffix(strings.TrimSpace(b.pre), ":")
		}
	} else if i := strings.Index(first, "  "); i > 0 {
		term, desc = first[:i], strings.TrimSpace(first[i:])
	} else if len(b.lines) < 2 || b.lines[1].ind <= b.lines[0].ind {
		return "", false
	}
	if len(term) > 40 || !isSpecFieldToken(term) && !isSpecValueToken(term) && !isSpecFieldPhrase(strings.TrimSuffix(term, ":")) &&
		!(len(strings.TrimSuffix(term, ":")) == 1 && isUpperByte(term[0])) {
		return "", false
	}
	if desc != "" && letters(desc) < 3 {
		return "", false // a diagram's row of bit numbers, not an entry
	}
	if strings.HasPrefix(desc, "=") || strings.HasPrefix(desc, ":=") {
		return "", false // a grammar's rule: the grammar is read as such
	}
	var rest []string
	if desc != "" {
		rest = append(rest, desc)
	}
	for _, l := range b.lines[1:] {
		rest = append(rest, strings.TrimSpace(window[l.a:l.b]))
	}
	return strings.TrimSuffix(term, ":") + ": " + text.CollapseSpace(strings.Join(rest, " ")), true
}

// isSpecValueToken: a value a table of values lists ("0", "3-15", "255").
func isSpecValueToken(t string) bool {
	if t == "" || len(t) > 12 {
		return false
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; (c < '0' || c > '9') && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// add takes block b after the lead-in: an entry, or an entry's own entry
// (deeper than the entries), or a continuation of the last entry. It
// reports false at the end of the list.
func (l *specLeadIn) add(window string, b *specBlock) bool {
	if b.kind == bkItem {
		return false // a bulleted list is read as it always was
	}
	if last := len(l.entries) - 1; last >= 0 && b.ind > l.ind {
		// a value table under an entry, or a paragraph of it: the
		// first paragraph goes on the entry ("Source Port: 16 bits.
		// The source port number."), so that its sentence says what the
		// field is
		if e, ok := specEntry(window, b, b.ind); ok {
			l.sub[last] = append(l.sub[last], e)
		} else if !l.told[last] && b.kind == bkProse {
			l.entries[last] = sentenceJoin(l.entries[last], text.CollapseSpace(strings.TrimSpace(b.join(window).text)))
			l.told[last] = true
		}
		return true
	}
	e, ok := specEntry(window, b, l.ind)
	if !ok || len(l.entries) >= maxLeadInEntries {
		return false
	}
	if len(l.entries) == 0 {
		// the list's own indentation: what sits deeper is an entry's
		l.ind = b.ind
	}
	l.entries = append(l.entries, e)
	l.sub = append(l.sub, nil)
	l.told = append(l.told, false)
	return true
}

// setDiagram keeps block b's lines as drawn, when no diagram is kept yet.
func (l *specLeadIn) setDiagram(window string, b *specBlock) bool {
	if l.diagram != nil || len(b.lines) == 0 {
		return false
	}
	margin := b.lines[0].ind
	for _, ln := range b.lines {
		margin = min(margin, ln.ind)
	}
	for k, ln := range b.lines {
		if k == maxDiagramLines {
			l.diagram = append(l.diagram, "…")
			break
		}
		pad := max(ln.ind-margin, 0)
		l.diagram = append(l.diagram, strings.TrimRight(strings.Repeat(" ", pad)+window[ln.a:ln.b], " \t\r"))
	}
	l.figs = append(l.figs, l.base+b.lines[0].a)
	return true
}

// statement writes the lead-in's text with its entries as numbered items,
// each by its first sentence.
func (l *specLeadIn) statement(lead string) string {
	if len(l.entries) == 0 {
		return lead
	}
	return specWithItems(lead, l.items())
}

// items are the entries by their first sentences.
func (l *specLeadIn) items() []string {
	items := make([]string, len(l.entries))
	for k, e := range l.entries {
		items[k] = text.FirstSentence(e, len(e))
	}
	return items
}

// entriesAfter gathers what the requirement ending in a colon in block i
// introduces when it is no bulleted list: an entry list, or a formula or
// diagram set apart (nil when neither follows).
func (r *reqReader) entriesAfter(i int) *specLeadIn {
	own, b := r.st.own, &r.blocks[i]
	if l := specIntroduced(own, r.blocks, i, r.st.body); l != nil {
		return l
	}
	// a formula set apart ("… compute the digest as:")
	l := &specLeadIn{ind: b.ind, base: r.st.body}
	for j := i + 1; j < len(r.blocks); j++ {
		n := &r.blocks[j]
		if n.kind == bkHeading || n.kind == bkItem || len(n.lines) == 0 || n.ind < b.ind {
			break
		}
		if l.diagram == nil && l.add(own, n) {
			continue
		}
		if len(l.entries) == 0 && (n.kind == bkCode || isSpecCode(own, n) || isBoxDiagram(own, n)) && l.setDiagram(own, n) {
			continue
		}
		break
	}
	if len(l.entries) == 0 && l.diagram == nil {
		return nil
	}
	return l
}

// form writes the computational form: head (the template's line for the
// statement), then the diagram as drawn and every entry, bounded.
func (l *specLeadIn) form(head string) string {
	if l == nil || l.diagram == nil && len(l.entries) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(head)
	if l.diagram != nil {
		text.WriteFormBlock(&b, text.CodeBlock{Lines: l.diagram})
	}
	for _, c := range l.captions {
		if !specCaptionLine.MatchString(c) {
			c = "Figure: " + c // a Markdown attribute list's title, numbered when rendered
		}
		b.WriteString("\n" + c)
	}
	for k, e := range l.entries {
		line := "\n- " + e
		if b.Len()+len(line) > maxLeadInForm {
			b.WriteString("\n- … (" + specItoa(len(l.entries)-k) + " more)")
			break
		}
		b.WriteString(line)
		for _, s := range l.sub[k] {
			if b.Len()+len(s)+6 > maxLeadInForm {
				break
			}
			b.WriteString("\n  - " + s)
		}
	}
	return b.String()
}

// letters counts the ASCII letters of s.
func letters(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if isLetterByte(s[i]) {
			n++
		}
	}
	return n
}

// specDiagramUnder finds the first box diagram among the blocks indented
// under entry blocks[i], up to the next block at the entry's indentation,
// and returns it as a lead-in's diagram (nil when there is none).
func specDiagramUnder(window string, blocks []specBlock, i, base int) *specLeadIn {
	for j := i + 1; j < len(blocks); j++ {
		b := &blocks[j]
		if b.kind == bkHeading || len(b.lines) == 0 || b.ind <= blocks[i].ind {
			return nil
		}
		if isBoxDiagram(window, b) {
			l := &specLeadIn{ind: b.ind, base: base}
			l.takeFigure(window, blocks, j)
			return l
		}
	}
	return nil
}

// maxLaterLeadIn bounds the blocks specLaterDiagram looks through.
const maxLaterLeadIn = 4

// specLaterDiagram finds, after the statement ending in block i, a
// paragraph of the same section ending in a colon whose next block is a
// box diagram ("A TCP header … is formatted as follows:"), and returns
// the diagram as a lead-in's (nil when there is none within a few blocks).
func specLaterDiagram(window string, blocks []specBlock, i, base int) *specLeadIn {
	for j := i + 1; j+1 < len(blocks) && j <= i+maxLaterLeadIn; j++ {
		b := &blocks[j]
		if b.kind == bkHeading {
			return nil
		}
		if b.kind != bkProse || len(b.lines) == 0 || !strings.HasSuffix(strings.TrimSpace(b.join(window).text), ":") {
			continue
		}
		if n := &blocks[j+1]; n.kind != bkHeading && isBoxDiagram(window, n) {
			l := &specLeadIn{ind: b.ind, base: base}
			l.takeFigure(window, blocks, j+1)
			return l
		}
	}
	return nil
}

// specTitledEntries reads the entries of a list whose terms stand alone on
// their line, set apart from what is indented under them by a blank line:
// RFC 791's options ("Loose Source and Record Route", its diagram, then
// its description). The term names a definition whose statement is the
// first paragraph under it and whose form keeps its diagram.
func (x *extractor) specTitledEntries(st *secState, cs *specConcepts, blocks []specBlock) {
	for i := 0; i+1 < len(blocks); i++ {
		b := &blocks[i]
		if b.kind != bkProse || b.field != "" || len(b.lines) != 1 || blocks[i+1].ind <= b.ind || blocks[i+1].kind == bkHeading {
			continue
		}
		term := strings.TrimSuffix(strings.TrimSpace(st.own[b.lines[0].a:b.lines[0].b]), ":")
		diagram := specDiagramUnder(st.own, blocks, i, st.body)
		// One word alone on its line is as often a run-in heading
		// ("Uniform", "Resource" over paragraphs about each): it is an
		// entry's term when its entry draws its layout, and so is a name
		// with its class noun and a remark ("Pad1 option (alignment
		// requirement: none)").
		if !isSpecFieldPhrase(term) && !(diagram != nil && isSpecFieldToken(term) && isUpperByte(term[0]) && specTermWord(term)) {
			if diagram == nil || !specDrawnTerm(term) {
				continue
			}
			term = specDropRemark(term)
		}
		desc := ""
		for j := i + 1; j < len(blocks) && blocks[j].ind > b.ind && blocks[j].kind != bkHeading; j++ {
			n := &blocks[j]
			if n.kind == bkProse && len(n.lines) > 0 && !isBoxDiagram(st.own, n) && !isSpecCode(st.own, n) {
				desc = strings.TrimSpace(specStatementText(n.join(st.own).text, x.format))
				if strings.HasPrefix(strings.ToUpper(desc), "NOTE") {
					continue // an aside on the entry, not what it is
				}
				if !strings.HasSuffix(desc, ".") && !strings.HasSuffix(desc, ":") {
					desc = "" // another entry's term, not a description
				}
				if strings.HasSuffix(desc, ":") {
					// "The format for this option is as follows:", its
					// diagram and fields
					if l := specIntroduced(st.own, blocks, j, st.body); l != nil {
						diagram = l
					}
				}
				break
			}
		}
		if len(strings.Fields(desc)) < 4 {
			continue
		}
		n0 := cs.serial
		name, _ := specFieldAbbrev(term)
		stmt := term + ": " + desc
		if diagram != nil && strings.HasSuffix(desc, ":") {
			stmt = diagram.statement(stmt)
		}
		if s := x.specConcept(st, cs, name, stmt, st.body+b.lines[0].a, core.Definition); s > n0 && diagram != nil {
			c := &x.cands[len(x.cands)-1]
			c.form = diagram.form(computationalForm(c.typ, c.statement))
			cs.tookFigures(diagram)
		}
	}
}

// specDrawnTerm reports whether t, a line over a diagram, names what the
// diagram draws: a capitalised name of a few words, a remark in
// parentheses after it ("Pad1 option (alignment requirement: none)").
func specDrawnTerm(t string) bool {
	t = specDropRemark(t)
	ws := strings.Fields(t)
	if len(ws) < 2 || len(ws) > 4 || !isUpperByte(ws[0][0]) || strings.ContainsAny(t, ".,;:()") {
		return false
	}
	for _, w := range ws {
		if !isSpecFieldToken(w) {
			return false
		}
	}
	return true
}

// specDropRemark drops the parenthesis that ends t: "Pad1 option
// (alignment requirement: none)" is "Pad1 option".
func specDropRemark(t string) string {
	if i := strings.Index(t, " ("); i > 0 && strings.HasSuffix(t, ")") {
		return strings.TrimSpace(t[:i])
	}
	return t
}

// sentenceJoin puts sentence b after a, which a field list's entry may
// end with a period or not ("Opcode:  4 bits", "Kind:  2 bytes.").
func sentenceJoin(a, b string) string {
	if strings.HasSuffix(a, ".") {
		return a + " " + b
	}
	return a + ". " + b
}
