package reviewview

import (
	"path"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
)

// rebuild makes the rows from w: the candidates in the order extraction
// gave them, each as the decisions leave it, a removed one kept in place
// and marked (so a rejection can be seen and taken back), a split's new
// parts after the primitive they were split from. It keeps the
// selection on the same primitive.
func (m Model) rebuild(w *curate.Work) Model {
	selKey := m.selKey()
	var res []core.Primitive
	if w != nil {
		res = m.in.Candidates.Result(w)
	}
	removed := map[string]core.CurateKind{}
	into := map[string]string{}
	base := map[string]bool{}
	split := map[string]bool{}
	note := func(d core.Curation, fromBase bool) {
		switch d.Kind {
		case core.CurateReject, core.CurateMerge:
			removed[d.ID], into[d.ID], base[d.ID] = d.Kind, d.Other, fromBase
		case core.CurateSplit:
			split[d.ID] = true
		}
	}
	for _, d := range m.in.Reapplied {
		note(d, true)
	}
	for _, e := range m.own {
		note(e.d, false)
	}

	rows := make([]row, 0, len(res)+len(removed))
	j := 0
	for _, o := range m.orig {
		if _, ok := removed[o.ID]; ok && (j >= len(res) || res[j].ID != o.ID) {
			rows = append(rows, row{p: o, removed: removed[o.ID], into: into[o.ID], byBase: base[o.ID]})
			continue
		}
		if j < len(res) && res[j].ID == o.ID {
			rows = append(rows, row{p: res[j]})
			j++
		} else {
			// Not in the result and not removed by a decision we know:
			// shown as extracted rather than lost.
			rows = append(rows, row{p: o})
		}
		for j < len(res) {
			if _, isOrig := m.origIdx[res[j].ID]; isOrig {
				break
			}
			rows = append(rows, row{p: res[j], added: true})
			j++
		}
	}

	m.rowIdx = make(map[string]int, len(rows))
	m.deps = map[string][]string{}
	m.current = 0
	for i := range rows {
		r := &rows[i]
		m.rowIdx[r.p.ID] = i
		if r.removed != "" {
			continue
		}
		m.current++
		for _, e := range r.p.Dependencies {
			m.deps[e.Target] = append(m.deps[e.Target], r.p.ID)
		}
	}
	for i := range rows {
		r := &rows[i]
		r.lower = strings.ToLower(nameOf(r.p))
		r.loc = location(r.p, m.oneDoc)
		if r.removed == "" {
			r.edges = len(r.p.Dependencies) + len(m.deps[r.p.ID])
		}
		r.marks = m.marks(r, split[r.p.ID])
	}
	m.rows = rows
	m.offersFor = "\x00" // the selected one may have changed
	return m.filter(selKey)
}

// marks are a row's one-letter marks: x rejected, m merged, + a split's
// new part, s split, r renamed, t retyped, e statement edited.
func (m Model) marks(r *row, split bool) string {
	var b strings.Builder
	switch r.removed {
	case core.CurateReject:
		b.WriteByte('x')
	case core.CurateMerge:
		b.WriteByte('m')
	}
	if r.added {
		b.WriteByte('+')
		return b.String()
	}
	if split {
		b.WriteByte('s')
	}
	if i, ok := m.origIdx[r.p.ID]; ok && r.removed == "" {
		o := m.orig[i]
		if o.Name != r.p.Name {
			b.WriteByte('r')
		}
		if o.Type != r.p.Type {
			b.WriteByte('t')
		}
		if o.FormalStatement != r.p.FormalStatement && !split {
			b.WriteByte('e')
		}
	}
	return b.String()
}

// markWords spells a row's marks out for the detail pane.
func (m Model) markWords(r *row) []string {
	var out []string
	if r.removed == core.CurateReject {
		out = append(out, "rejected")
	}
	if r.removed == core.CurateMerge {
		out = append(out, "merged into "+m.nameByID(r.into))
	}
	if r.byBase {
		out = append(out, "by an earlier decision")
	}
	for _, c := range r.marks {
		switch c {
		case '+':
			out = append(out, "new part of a split")
		case 's':
			out = append(out, "split")
		case 'r':
			out = append(out, "renamed from "+nameOf(m.orig[m.origIdx[r.p.ID]]))
		case 't':
			out = append(out, "retyped from "+string(m.orig[m.origIdx[r.p.ID]].Type))
		case 'e':
			out = append(out, "statement edited")
		}
	}
	return out
}

// selKey names the selection so that it survives a rebuild or a filter.
func (m Model) selKey() string {
	it, ok := m.selected()
	if !ok || (it.rev < 0 && it.row >= len(m.rows)) {
		return ""
	}
	return m.keyOf(it)
}

func (m Model) keyOf(it item) string {
	if it.rev >= 0 {
		return "\x00rev" + strconv.Itoa(it.rev)
	}
	return m.rows[it.row].p.ID
}

// filter makes the list's lines: the revisits (while no filter is set),
// then the rows whose names hold every word of the filter; the selection
// stays on selKey where it is still listed.
func (m Model) filter(selKey string) Model {
	terms := strings.Fields(strings.ToLower(m.query))
	view := make([]item, 0, len(m.in.Revisit)+len(m.rows))
	if len(terms) == 0 {
		for i := range m.in.Revisit {
			view = append(view, item{rev: i, row: -1})
		}
	}
	for i := range m.rows {
		ok := true
		for _, t := range terms {
			if !strings.Contains(m.rows[i].lower, t) {
				ok = false
				break
			}
		}
		if ok {
			view = append(view, item{rev: -1, row: i})
		}
	}
	m.view = view
	m.list = m.list.SetLen(len(view))
	if selKey != "" {
		for i, it := range view {
			if m.keyOf(it) == selKey {
				m.list = m.list.Select(i)
				return m
			}
		}
	}
	return m
}

// setQuery filters the list by q.
func (m Model) setQuery(q string) Model {
	k := m.selKey()
	m.query = q
	m = m.filter(k)
	if k != "" && m.selKey() != k {
		m.list = m.list.Reset()
	}
	return m
}

// nameByID is the name of id as the decisions leave it (the id when it
// is not among the candidates: an edge to a stored primitive).
func (m Model) nameByID(id string) string {
	if i, ok := m.rowIdx[id]; ok {
		return nameOf(m.rows[i].p)
	}
	return id
}

func nameOf(p core.Primitive) string {
	if strings.TrimSpace(p.Name) == "" {
		return p.ID
	}
	return p.Name
}

// location is where a primitive was read: the document's base name and
// the section, or only the section when every candidate comes from one
// document (the header names it).
func location(p core.Primitive, sectionOnly bool) string {
	doc := p.Provenance.Document
	if i := strings.LastIndex(doc, "!"); i >= 0 {
		doc = doc[i+1:]
	}
	doc = strings.TrimRight(strings.ReplaceAll(doc, "\\", "/"), "/")
	if i := strings.IndexAny(doc, "?#"); i >= 0 && strings.Contains(doc, "://") {
		doc = doc[:i]
	}
	base := ""
	if doc != "" {
		base = path.Base(doc)
	}
	sec := p.Provenance.Section
	if sec == "" {
		sec = p.Section
	}
	if sectionOnly && sec != "" {
		return sec
	}
	switch {
	case base == "":
		return sec
	case sec == "":
		return base
	}
	return base + " › " + sec
}
