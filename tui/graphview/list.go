package graphview

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/tui/cells"

	"github.com/charmbracelet/x/ansi"
)

// index precomputes what filtering, sorting and the list's columns need,
// once per WithRows. Lowercased names of an unchanged prefix (the pages
// already loaded) are reused, so that paging in costs only the new rows.
func (m Model) index(old []Row, oldLower []string) Model {
	n := len(m.rows)
	m.lower = make([]string, n)
	m.domIdx = make([]int32, n)
	m.typIdx = make([]int32, n)
	m.doms, m.typs = m.doms[:0:0], m.typs[:0:0]
	doms := map[string]int32{}
	typs := map[core.PrimitiveType]int32{}
	reuse := len(oldLower) == len(old)
	lastDom, lastDomIdx := "", int32(-1)
	maxImp, maxReach := 0, 0
	for i := range m.rows {
		r := &m.rows[i]
		if reuse && i < len(old) && old[i].ID == r.ID && old[i].Name == r.Name {
			m.lower[i] = oldLower[i]
		} else {
			m.lower[i] = strings.ToLower(rowName(r))
		}
		// Rows of one source cluster by domain; the last one saves most
		// map lookups.
		if lastDomIdx < 0 || r.Domain != lastDom {
			d, ok := doms[r.Domain]
			if !ok {
				d = int32(len(m.doms))
				doms[r.Domain] = d
				m.doms = append(m.doms, strings.ToLower(r.Domain))
			}
			lastDom, lastDomIdx = r.Domain, d
		}
		m.domIdx[i] = lastDomIdx
		t, ok := typs[r.Type]
		if !ok {
			t = int32(len(m.typs))
			typs[r.Type] = t
			// The abbreviation the list shows is a word to filter by too.
			m.typs = append(m.typs, strings.ToLower(string(r.Type))+" "+typeAbbrev(r.Type))
		}
		m.typIdx[i] = t
		maxImp = max(maxImp, r.Importance)
		maxReach = max(maxReach, r.Reach)
	}
	m.rankW = len(strconv.Itoa(n))
	m.impW = len(strconv.Itoa(maxImp))
	m.reachW = len(strconv.Itoa(maxReach))
	return m
}

func rowName(r *Row) string {
	if strings.TrimSpace(r.Name) == "" {
		return r.ID
	}
	return r.Name
}

// order returns the rows' indexes in sort order k, computing it on first
// use. Ties keep the rank order, so equal names or types stay ranked.
func (m Model) order(k sortKey) []int32 {
	if m.orders == nil || len(m.rows) == 0 {
		return nil
	}
	if o := m.orders[k]; o != nil {
		return o
	}
	o := make([]int32, len(m.rows))
	for i := range o {
		o[i] = int32(i)
	}
	rankOf := func(vals []string) []int {
		sorted := slices.Clone(vals)
		slices.Sort(sorted)
		r := make([]int, len(vals))
		for i, v := range vals {
			r[i], _ = slices.BinarySearch(sorted, v)
		}
		return r
	}
	tie := func(a, b int32) int { return cmp.Compare(a, b) }
	switch k {
	case byName:
		slices.SortFunc(o, func(a, b int32) int {
			if c := strings.Compare(m.lower[a], m.lower[b]); c != 0 {
				return c
			}
			return tie(a, b)
		})
	case byType, byDomain:
		idx, rk := m.typIdx, rankOf(m.typs)
		if k == byDomain {
			idx, rk = m.domIdx, rankOf(m.doms)
		}
		slices.SortFunc(o, func(a, b int32) int {
			if c := cmp.Compare(rk[idx[a]], rk[idx[b]]); c != 0 {
				return c
			}
			return tie(a, b)
		})
	case byConfidence:
		// Descending; cmp.Compare orders NaN first, so it ends up last.
		slices.SortFunc(o, func(a, b int32) int {
			if c := cmp.Compare(m.rows[b].Confidence, m.rows[a].Confidence); c != 0 {
				return c
			}
			return tie(a, b)
		})
	}
	m.orders[k] = o
	return o
}

// filtered keeps the rows of base matching every word of q in the name,
// the type or the domain (case-insensitive substrings). The result is base
// itself when q is empty.
func (m Model) filtered(base []int32, q string) []int32 {
	terms := strings.Fields(strings.ToLower(q))
	if len(terms) == 0 {
		return base
	}
	// A term is matched against each distinct type and domain once.
	domOK := make([][]bool, len(terms))
	typOK := make([][]bool, len(terms))
	for t, term := range terms {
		domOK[t] = make([]bool, len(m.doms))
		for i, d := range m.doms {
			domOK[t][i] = strings.Contains(d, term)
		}
		typOK[t] = make([]bool, len(m.typs))
		for i, ty := range m.typs {
			typOK[t][i] = strings.Contains(ty, term)
		}
	}
	out := make([]int32, 0, 64)
	for _, r := range base {
		ok := true
		for t, term := range terms {
			if !domOK[t][m.domIdx[r]] && !typOK[t][m.typIdx[r]] && !strings.Contains(m.lower[r], term) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, r)
		}
	}
	return out
}

// setQuery filters the list by q, keeping the selection if it still
// matches and otherwise selecting the first match.
func (m Model) setQuery(q string) Model {
	base := m.order(m.sortBy)
	// Appending to the query only narrows it, so the current view (a
	// subsequence of the order) is enough to search while typing.
	if m.query != "" && strings.HasPrefix(q, m.query) {
		base = m.view
	}
	m.query = q
	return m.reselect(m.filtered(base, q))
}

func (m Model) setSort(k sortKey) Model {
	m.sortBy = k
	return m.reselect(m.filtered(m.order(k), m.query))
}

// reselect replaces the view, keeping the selected row by ID.
func (m Model) reselect(view []int32) Model {
	selID := ""
	if r, ok := m.Selected(); ok {
		selID = r.ID
	}
	m.view = view
	m.list = m.list.SetLen(len(view))
	if i := m.viewIndex(selID); i >= 0 {
		m.list = m.list.Select(i)
		return m
	}
	m.list = m.list.Reset()
	return m.selectCur()
}

func (m Model) viewIndex(id string) int {
	if id == "" {
		return -1
	}
	for i, r := range m.view {
		if m.rows[r].ID == id {
			return i
		}
	}
	return -1
}

func (m Model) rowIndex(id string) int {
	if id == "" {
		return -1
	}
	if c := m.list.Cursor(); c < len(m.view) && m.rows[m.view[c]].ID == id {
		return int(m.view[c])
	}
	for i := range m.rows {
		if m.rows[i].ID == id {
			return i
		}
	}
	return -1
}

// typeAbbrev is the list's three-letter type column.
func typeAbbrev(t core.PrimitiveType) string {
	switch t {
	case core.Axiom:
		return "axm"
	case core.Definition:
		return "def"
	case core.Theorem:
		return "thm"
	case core.Algorithm:
		return "alg"
	case core.Technique:
		return "tec"
	case core.Identity:
		return "idn"
	}
	s := []rune(cells.OneLine(string(t)) + "   ")
	return string(s[:3])
}

// header is the list's first line: sort order, filter and count.
func (m Model) header(w int) string {
	var word, key string
	switch m.sortBy {
	case byRank:
		word, key = "rank ", "▾"+cells.Visible(string(m.by))
	case byName:
		word, key = "sort ", "▴name"
	case byType:
		word, key = "sort ", "▴type"
	case byDomain:
		word, key = "sort ", "▴domain"
	default:
		word, key = "sort ", "▾confidence"
	}
	s := " " + m.st.Faint.Render(word) + m.st.Label.Render(key) + "  "
	switch {
	case m.rejecting:
		s += m.st.Bad.Render("reject "+cells.Visible(m.shownName())+"?") + m.st.Faint.Render(" y reject · n keep")
	case m.naming:
		s += m.st.Label.Render("rename: ") + m.st.Input.Focused.Render(cells.Visible(m.newName)) + m.st.Input.Focused.Render("▏")
	case m.editing:
		s += m.st.Input.Focused.Render("/"+m.query) + m.st.Input.Focused.Render("▏")
	case m.query != "":
		s += m.st.Label.Render("/" + m.query)
	default:
		s += m.st.Faint.Render("/filter")
	}
	count := thousands(len(m.view)) + "/" + thousands(len(m.rows))
	if sw, cw := ansi.StringWidth(s), len(count); sw+cw+2 <= w {
		s += strings.Repeat(" ", w-sw-cw-1) + m.st.Faint.Render(count)
	}
	return cells.Fit(s, w)
}

// listRow renders the i-th row of the view at width w. Only visible rows
// are rendered, so View does not grow with the number of primitives.
func (m Model) listRow(i, w int) string {
	if len(m.view) == 0 {
		if i == 0 {
			return cells.Fit(" "+m.st.Faint.Render("no primitive matches “"+m.query+"”"), w)
		}
		return cells.Blank(w)
	}
	if i < 0 || i >= len(m.view) {
		return cells.Blank(w)
	}
	ri := int(m.view[i])
	r := &m.rows[ri]
	sel := i == m.list.Cursor()
	mark := "  "
	if sel {
		mark = "▸ "
	}
	rankW, impW, reachW := m.rankW, m.impW, m.reachW
	fixed := 2 + rankW + 1 + 1 + 3 + 1 + impW + 2 + reachW
	showReach, showImp, showType := true, true, true
	if w-fixed < 8 {
		showReach, fixed = false, fixed-2-reachW
	}
	if w-fixed < 8 {
		showImp, fixed = false, fixed-1-impW
	}
	if w-fixed < 6 {
		showType, fixed = false, fixed-4
	}
	nameW := w - fixed
	if nameW < 1 {
		return cells.Fit(mark+cells.Visible(rowName(r)), w)
	}
	rank := padLeft(strconv.Itoa(ri+1), rankW)
	// Counts are never negative; a corrupt one must not widen the row.
	name := cells.FitPlain(cells.Visible(rowName(r)), nameW)
	var abbr, imp, reach string
	if showType {
		abbr = " " + typeAbbrev(r.Type)
	}
	if showImp {
		imp = " " + padLeft(strconv.Itoa(max(r.Importance, 0)), impW)
	}
	if showReach {
		reach = " ▲" + padLeft(strconv.Itoa(max(r.Reach, 0)), reachW)
	}
	if sel {
		return m.paint.selected.Paint(mark + rank + " " + name + abbr + imp + reach)
	}
	p := &m.paint
	return mark + p.rank.Paint(rank) + " " + name + p.kind.Paint(abbr) + imp + p.faint.Paint(reach)
}

func padLeft(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return strings.Repeat(" ", w-len(s)) + s
}

// thousands formats n with thousands separators.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
