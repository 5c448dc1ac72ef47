package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// The registrations a specification ends with define no concepts of
// their own (a template's "Contact" and "Status" are the registry's), but
// their tables say what the document assigns: the codes of its methods,
// the number of its option. A reader keeps each table whole, named by its
// caption ("Table 5: CoAP Method Codes") or by the registry the sentence
// over it names ("… added to the "CoAP Option Numbers" registry:").

// specRegistryName matches the registry a sentence names: "the "CoAP
// Option Numbers" registry", "this sub-registry".
var specRegistryName = lazyre.New(`"([^"\n]{3,60})"\s+(?:sub-?registry|registry)\b`)

// specRegistryFigures keeps each table or diagram of registry section st
// that no statement kept already.
func (x *extractor) specRegistryFigures(st *secState, cs *specConcepts, blocks []specBlock) {
	for i := 0; i < len(blocks); i++ {
		b := &blocks[i]
		if b.kind == bkHeading || len(b.lines) == 0 || cs.figures[st.body+b.lines[0].a] || !isSpecFigure(st.own, b) {
			continue
		}
		l := &specLeadIn{ind: specMargin(b), base: st.body}
		k := l.takeFigure(st.own, blocks, i)
		if k == 0 {
			continue
		}
		lead := ""
		if i > 0 && blocks[i-1].kind != bkHeading && !isSpecFigure(st.own, &blocks[i-1]) {
			lead = text.CollapseSpace(strings.TrimSpace(blocks[i-1].join(st.own).text))
		}
		name := l.caption()
		if name == "" {
			if ms := specRegistryName.FindAllStringSubmatch(lead, -1); len(ms) > 0 {
				name = ms[len(ms)-1][1] + " registry"
			} else {
				name = topicTitle(st.title)
			}
		}
		name = strings.TrimSuffix(name, ".")
		if name == "" || len(strings.Fields(name)) > 10 {
			i += k - 1
			continue
		}
		stmt := l.statement(name + ":")
		if len(l.entries) == 0 {
			// a table of one line a row ("| 0.01 | GET | [RFC7252] |"):
			// what each row registers is what the table says
			stmt = specWithItems(strings.TrimSpace(name+": "+lead), specLineRows(st.own, b))
		}
		n0 := cs.serial
		if s := x.specConcept(st, cs, name, stmt, st.body+b.lines[0].a, core.Definition); s > n0 {
			c := &x.cands[len(x.cands)-1]
			c.form = l.form(computationalForm(c.typ, c.statement))
			cs.tookFigures(l)
		} else if s > 0 {
			x.specFigureToConcept(cs, s, l)
		}
		i += k - 1
	}
}

// specLineRows reads block b as a table whose rows are its lines, those
// over the first rule under them its header: each row an entry, "0.01: Name: GET;
// Reference: [RFC7252]". A line whose first cell is empty goes on the row
// above it. Nothing when b is no table of columns.
func specLineRows(window string, b *specBlock) []string {
	margin := specMargin(b)
	var cols []int
	var header []string
	var rows [][]string
	for _, ln := range b.lines {
		t, c := specGridLine(window, ln, margin)
		if c != nil {
			if cols == nil {
				cols = c
			} else if !sameInts(cols, c) {
				return nil
			}
			if header == nil && len(rows) > 0 {
				// the lines over the first rule under them are the
				// header, one cell over several lines ("Range Unit" over
				// "Name")
				header = rows[0]
				for _, r := range rows[1:] {
					for k := range r {
						header[k] = specJoinCell(header[k], r[k])
					}
				}
				rows = nil
			}
			continue
		}
		if len(cols) < 3 || len(t) < cols[len(cols)-1]+1 {
			return nil
		}
		cells, ok := specCells(t, cols)
		if !ok {
			return nil
		}
		if last := len(rows) - 1; last >= 0 && cells[0] == "" {
			for k := range cells {
				rows[last][k] = specJoinCell(rows[last][k], cells[k])
			}
			continue
		}
		rows = append(rows, cells)
	}
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		if r[0] != "" {
			out = append(out, specRowEntry(header, r))
		}
	}
	return out
}
