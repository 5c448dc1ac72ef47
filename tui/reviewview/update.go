package reviewview

import (
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/tui/cells"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/text"
)

func (m Model) key(kp tea.KeyPressMsg) (Model, tea.Cmd) {
	switch m.mode {
	case modeFilter:
		return m.filterKey(kp), nil
	case modeRename, modeStatement, modeSplit:
		return m.promptKey(kp), nil
	case modeRetype, modeUnlink:
		return m.pickerKey(kp), nil
	case modeLink, modeMerge:
		return m.targetKey(kp), nil
	case modeConfirm:
		return m.confirmKey(kp)
	}
	return m.reviewKey(kp)
}

// askCommit asks whether to commit the review. A committed learn's
// review with no decision changes nothing, and closes without asking.
func (m Model) askCommit() (Model, tea.Cmd) {
	if !m.in.Pending && len(m.own) == 0 {
		return m, m.done()
	}
	m.mode, m.ask = modeConfirm, question{commit: true, from: modeNone}
	return m, nil
}

// done is the command that ends the review with its decisions.
func (m Model) done() tea.Cmd {
	s, ds := m.in.Session, m.Decisions()
	return func() tea.Msg { return DoneMsg{Session: s, Decisions: ds} }
}

// confirmKey answers the question asked: y commits or merges, n and esc
// go back to where it was asked; any other key leaves it asked.
func (m Model) confirmKey(kp tea.KeyPressMsg) (Model, tea.Cmd) {
	k, q := m.keys, m.ask
	switch {
	case key.Matches(kp, k.Yes):
		m.ask = question{}
		if q.commit {
			m.mode = modeNone
			return m, m.done()
		}
		m.mode = q.from
		return m.decide(q.d, -1, q.done).endTarget(), nil
	case key.Matches(kp, k.No):
		m.mode, m.ask = q.from, question{}
	}
	return m, nil
}

// question is what modeConfirm asks, in words.
func (m Model) question() string {
	q := m.ask
	if !q.commit {
		return "merge “" + short(m.nameByID(q.d.ID)) + "” into “" + short(m.nameByID(q.d.Other)) + "”?"
	}
	if !m.in.Pending {
		return "record " + plural(len(m.own), "decision", "decisions") + " as a curate session?"
	}
	s := "commit " + plural(m.current, "primitive", "primitives") + " to the store"
	if len(m.own) > 0 {
		s += ", with " + plural(len(m.own), "decision", "decisions")
	}
	return s + "?"
}

// reviewKey handles a key while no prompt is open.
func (m Model) reviewKey(kp tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.keys
	if d, ok := k.List.Step(kp, m.list.Page(), len(m.view)); ok {
		m.list = m.list.Move(d)
		return m, nil
	}
	m.status, m.bad = "", false
	switch {
	case key.Matches(kp, k.Commit):
		return m.askCommit()
	case key.Matches(kp, k.ClearFilter) && m.query != "":
		return m.setQuery(""), nil
	case key.Matches(kp, k.Cancel):
		s := m.in.Session
		return m, func() tea.Msg { return CancelMsg{Session: s} }
	case key.Matches(kp, k.Filter):
		m.mode, m.filterFrom = modeFilter, modeNone
		return m, nil
	case key.Matches(kp, k.Undo):
		if len(m.own) == 0 {
			m.status = "nothing to undo"
			return m, nil
		}
		last := m.own[len(m.own)-1]
		return m.takeBack(len(m.own)-1, "undone: "+describe(last.d, m.nameByID)), nil
	}
	if it, ok := m.selected(); ok && it.rev >= 0 {
		return m.revisitKey(kp, it.rev), nil
	}
	r := m.selRow()
	if r == nil {
		return m, nil
	}
	if key.Matches(kp, k.Reject) {
		return m.toggleReject(r), nil
	}
	if r.removed != "" && matchesAny(kp, k.Offer1, k.Offer2, k.Offer3, k.Rename, k.Retype, k.Edit, k.Split, k.Link, k.Merge, k.Unlink) {
		m.status, m.bad = nameOf(r.p)+" is "+removedWord(r.removed)+"; x takes a rejection back, z the last decision", true
		return m, nil
	}
	p := r.p
	switch {
	case key.Matches(kp, k.Offer1):
		return m.takeOffer(p, 0), nil
	case key.Matches(kp, k.Offer2):
		return m.takeOffer(p, 1), nil
	case key.Matches(kp, k.Offer3):
		return m.takeOffer(p, 2), nil
	case key.Matches(kp, k.Rename):
		m.mode, m.offerAt = modeRename, -1
		m = m.setText(cells.OneLine(p.Name))
	case key.Matches(kp, k.Edit):
		// As for a split: the prompt holds the statement as the screen
		// shows it; submit gives the math kept unchanged its LaTeX back.
		m.mode = modeStatement
		m = m.setText(shownMap(p).Shown)
	case key.Matches(kp, k.Split):
		// The prompt holds the statement as the screen shows it, its math
		// read as a person reads it; submit gives the parts kept from it
		// back their LaTeX.
		m.mode = modeSplit
		m = m.setText(cells.OneLine(p.Name) + ": " + shownMap(p).Shown + " ;; ")
	case key.Matches(kp, k.Retype):
		m.mode, m.pick = modeRetype, max(slices.Index(core.PrimitiveTypes, p.Type), 0)
	case key.Matches(kp, k.Link):
		return m.chooseTarget(modeLink, p), nil
	case key.Matches(kp, k.Merge):
		return m.chooseTarget(modeMerge, p), nil
	case key.Matches(kp, k.Unlink):
		if len(m.edgesOf(p.ID)) == 0 {
			m.status = nameOf(p) + " has no edge to remove"
			return m, nil
		}
		m.mode, m.pick, m.mark = modeUnlink, 0, p.ID
	}
	return m, nil
}

func matchesAny(kp tea.KeyPressMsg, bs ...key.Binding) bool {
	for _, b := range bs {
		if key.Matches(kp, b) {
			return true
		}
	}
	return false
}

func removedWord(k core.CurateKind) string {
	if k == core.CurateMerge {
		return "merged"
	}
	return "rejected"
}

// toggleReject rejects the selected primitive, or takes its rejection
// back (replaying the decisions taken since).
func (m Model) toggleReject(r *row) Model {
	switch {
	case r.removed == "":
		return m.decide(core.Curation{Kind: core.CurateReject, ID: r.p.ID}, -1, "rejected "+short(nameOf(r.p)))
	case r.byBase:
		m.status, m.bad = nameOf(r.p)+" was "+removedWord(r.removed)+" by an earlier decision, which stands", true
		return m
	case r.removed == core.CurateMerge:
		m.status, m.bad = nameOf(r.p)+" is merged; z takes the last decision back", true
		return m
	}
	for i := len(m.own) - 1; i >= 0; i-- {
		if d := m.own[i].d; d.Kind == core.CurateReject && d.ID == r.p.ID {
			return m.takeBack(i, "rejection taken back: "+short(nameOf(r.p)))
		}
	}
	return m
}

func (m Model) takeOffer(p core.Primitive, i int) Model {
	if i >= len(m.offers) {
		m.status = "no offered name " + itoa(i+1) + " for " + short(nameOf(p))
		return m
	}
	name := m.offers[i]
	if name == p.Name {
		m.status = short(nameOf(p)) + " is named so already"
		return m
	}
	return m.decide(core.Curation{Kind: core.CurateEdit, ID: p.ID, Name: name}, -1,
		"renamed "+short(nameOf(p))+" → "+short(name))
}

// revisitKey answers revisit i: a re-applies the decision to what the
// source says now, d leaves it.
func (m Model) revisitKey(kp tea.KeyPressMsg, i int) Model {
	k := m.keys
	if !matchesAny(kp, k.Reapply, k.Leave) {
		return m
	}
	if m.answer(i) >= 0 {
		m.status = "answered already; z takes the last decision back"
		return m
	}
	rv := m.in.Revisit[i]
	if key.Matches(kp, k.Leave) {
		d := core.Curation{Kind: core.CurateDismiss, ID: rv.Candidate}
		if d.ID == "" {
			// Nothing stands at its place: the answer names the decision's
			// primitive and keeps its anchor, what it answers.
			d.ID = rv.Decision.ID
			if a := rv.Decision.Anchor; a != nil {
				c := *a
				d.Anchor = &c
			}
		}
		return m.decide(d, i, "left as it is: "+describe(rv.Decision, m.decidedName(rv.Decision)))
	}
	if rv.Candidate == "" {
		m.status = "nothing stands at its place in the source now, to apply it to: d leaves it as it is"
		return m
	}
	return m.decide(m.reapplied(rv), i, "re-applied: "+describe(rv.Decision, m.decidedName(rv.Decision)))
}

// reapplied is a revisited decision as taken again now: about the
// candidate that stands at its place, its other end found among the
// candidates by its statement or its place.
func (m Model) reapplied(rv curate.Revisit) core.Curation {
	d := rv.Decision
	// Taken again now, by whoever reviews: the root stamps who and when.
	d.Session, d.By, d.At = "", "", time.Time{}
	if rv.Candidate != "" {
		d.ID, d.Anchor = rv.Candidate, nil
	}
	if d.Other != "" && d.OtherAnchor != nil {
		if id := m.findAnchor(*d.OtherAnchor); id != "" {
			d.Other, d.OtherAnchor = id, nil
		}
	}
	d.Parts = slices.Clone(d.Parts)
	return d
}

// findAnchor is the candidate a's statement is, else the one at its
// place ("" when neither is among the candidates).
func (m Model) findAnchor(a core.Anchor) string {
	place := ""
	for _, p := range m.orig {
		c, ok := m.in.Candidates.Anchor(p.ID)
		if !ok {
			continue
		}
		if c.ContentHash != "" && c.ContentHash == a.ContentHash {
			return p.ID
		}
		if place == "" && c.Document == a.Document && c.Section == a.Section && c.Name == a.Name {
			place = p.ID
		}
	}
	return place
}

// filterKey handles a key while the filter is typed: printable keys are
// text, the keys that type nothing move the selection.
func (m Model) filterKey(kp tea.KeyPressMsg) Model {
	k := m.keys
	if d, ok := k.TypingList.Step(kp, m.list.Page(), len(m.view)); ok {
		m.list = m.list.Move(d)
		return m
	}
	switch {
	case key.Matches(kp, k.Done):
		m.mode = m.filterFrom
		return m
	case key.Matches(kp, k.Abort):
		m.mode = m.filterFrom
		return m.setQuery("")
	case key.Matches(kp, k.Backspace):
		if m.query == "" {
			m.mode = m.filterFrom
			return m
		}
		r := []rune(m.query)
		return m.setQuery(string(r[:len(r)-1]))
	case key.Matches(kp, k.Erase):
		return m.setQuery("")
	}
	if t := typed(kp); t != "" {
		return m.setQuery(m.query + t)
	}
	return m
}

// typed is the text a key press types ("" for a key that types nothing).
func typed(kp tea.KeyPressMsg) string {
	if kp.Text != "" && kp.Mod&^tea.ModShift == 0 {
		return cells.OneLine(kp.Text)
	}
	return ""
}

// promptKey handles a key in the rename, statement and split prompts.
func (m Model) promptKey(kp tea.KeyPressMsg) Model {
	k := m.keys
	switch {
	case key.Matches(kp, k.Done):
		return m.submit()
	case key.Matches(kp, k.Abort):
		m.mode, m.text = modeNone, ""
		return m
	case key.Matches(kp, k.Backspace):
		if r := []rune(m.text); m.at > 0 {
			m.text, m.at = string(r[:m.at-1])+string(r[m.at:]), m.at-1
		}
		return m
	case key.Matches(kp, k.Delete):
		if r := []rune(m.text); m.at < len(r) {
			m.text = string(r[:m.at]) + string(r[m.at+1:])
		}
		return m
	case key.Matches(kp, k.Left):
		m.at = max(m.at-1, 0)
		return m
	case key.Matches(kp, k.Right):
		m.at = min(m.at+1, len([]rune(m.text)))
		return m
	case key.Matches(kp, k.Home):
		m.at = 0
		return m
	case key.Matches(kp, k.End):
		m.at = len([]rune(m.text))
		return m
	case key.Matches(kp, k.Erase):
		return m.setText("")
	case m.mode == modeRename && key.Matches(kp, k.NextOffer):
		if len(m.offers) > 0 {
			m.offerAt = (m.offerAt + 1) % len(m.offers)
			m = m.setText(cells.OneLine(m.offers[m.offerAt]))
		}
		return m
	}
	return m.typeText(typed(kp))
}

// setText replaces the prompt's text, the cursor at its end.
func (m Model) setText(s string) Model {
	m.text, m.at = s, len([]rune(s))
	return m
}

// submit takes the decision the open prompt asks for. A refused one
// leaves the prompt open, its text kept, to be corrected.
func (m Model) submit() Model {
	r := m.selRow()
	if r == nil || r.removed != "" {
		m.mode = modeNone
		return m
	}
	p, text := r.p, strings.TrimSpace(m.text)
	var d core.Curation
	var done string
	switch m.mode {
	case modeRename:
		if text == "" || text == p.Name {
			m.mode, m.status = modeNone, "name unchanged"
			return m
		}
		d, done = core.Curation{Kind: core.CurateEdit, ID: p.ID, Name: text}, "renamed "+short(nameOf(p))+" → "+short(text)
	case modeStatement:
		if text != "" {
			text = strings.TrimSpace(shownMap(p).Restore(text))
		}
		if text == "" || text == strings.TrimSpace(cells.OneLine(p.FormalStatement)) {
			m.mode, m.status = modeNone, "statement unchanged"
			return m
		}
		d, done = core.Curation{Kind: core.CurateEdit, ID: p.ID, Statement: text}, "statement of "+short(nameOf(p))+" edited"
	case modeSplit:
		parts := parseParts(text)
		mm := shownMap(p)
		for i := range parts {
			if src, ok := mm.Source(parts[i].Statement); ok {
				parts[i].Statement = strings.TrimSpace(src)
			}
		}
		d, done = core.Curation{Kind: core.CurateSplit, ID: p.ID, Parts: parts}, "split "+short(nameOf(p))+" into "+plural(len(parts), "part", "parts")
	}
	next := m.decide(d, -1, done)
	if next.bad {
		return next
	}
	next.mode, next.text = modeNone, ""
	return next
}

// shownMap relates p's statement, on one line, to what the statement and
// split prompts show of it: what the person kept as shown is stored as the
// statement had it (its LaTeX), what they wrote is stored as written.
func shownMap(p core.Primitive) text.MathMap {
	return text.NewMathMap(cells.OneLine(p.FormalStatement))
}

// parseParts reads "name: statement ;; name: statement". A part without
// a colon has no name, which the split refuses with its reason.
func parseParts(s string) []core.Part {
	var out []core.Part
	for _, seg := range strings.Split(s, ";;") {
		seg = strings.TrimSpace(seg)
		if seg == "" {
			continue
		}
		name, stmt, ok := strings.Cut(seg, ":")
		if !ok {
			name, stmt = "", seg
		}
		out = append(out, core.Part{Name: strings.TrimSpace(name), Statement: strings.TrimSpace(stmt)})
	}
	return out
}

// pickerKey handles a key in the type picker and the edge picker.
func (m Model) pickerKey(kp tea.KeyPressMsg) Model {
	k := m.keys
	n := m.pickLen()
	if n == 0 {
		m.mode = modeNone
		return m
	}
	switch {
	case key.Matches(kp, k.Abort):
		m.mode = modeNone
	case key.Matches(kp, k.Next) || (m.mode == modeRetype && key.Matches(kp, k.Retype)):
		m.pick = (m.pick + 1) % n
	case key.Matches(kp, k.Prev):
		m.pick = (m.pick + n - 1) % n
	case key.Matches(kp, k.Done):
		return m.picked()
	case key.Matches(kp, k.Pick):
		if i := int(kp.Code - '1'); i >= 0 && i < n {
			m.pick = i
			return m.picked()
		}
	}
	return m
}

func (m Model) pickLen() int {
	if m.mode == modeRetype {
		return len(core.PrimitiveTypes)
	}
	return len(m.edgesOf(m.mark))
}

// picked takes the decision the picker's choice makes: a type, or the
// edge to remove.
func (m Model) picked() Model {
	md := m.mode
	m.mode = modeNone
	if m.pick < 0 {
		return m
	}
	if md == modeUnlink {
		es := m.edgesOf(m.mark)
		if m.pick >= len(es) {
			return m
		}
		e := es[m.pick]
		m.mark = ""
		return m.decide(core.Curation{Kind: core.CurateUnlink, ID: e.id, Other: e.other}, -1,
			"unlinked "+short(m.nameByID(e.id))+" from "+short(m.nameByID(e.other)))
	}
	r := m.selRow()
	if r == nil || r.removed != "" || m.pick >= len(core.PrimitiveTypes) {
		return m
	}
	t := core.PrimitiveTypes[m.pick]
	if t == r.p.Type {
		m.status = "type unchanged"
		return m
	}
	return m.decide(core.Curation{Kind: core.CurateEdit, ID: r.p.ID, Type: t}, -1,
		"retyped "+short(nameOf(r.p))+" → "+string(t))
}

// chooseTarget marks p as the primitive a link or a merge starts from and
// moves the selection to the target it most likely has, the next primitive
// that stands (the previous one at the end of the list): the marked one
// cannot be its own target. With no other primitive listed, / finds one.
func (m Model) chooseTarget(md mode, p core.Primitive) Model {
	m.mode, m.mark = md, p.ID
	cur := m.list.Cursor()
	for _, i := range m.targetOrder(cur) {
		if it := m.view[i]; it.rev < 0 && m.rows[it.row].removed == "" && m.rows[it.row].p.ID != p.ID {
			m.list = m.list.Select(i)
			return m
		}
	}
	m.status, m.bad = "no other primitive is listed to "+targetVerb(md)+": / finds one, esc drops it", true
	return m
}

// targetOrder is the view's indexes after cur, then those before it,
// nearest first.
func (m Model) targetOrder(cur int) []int {
	out := make([]int, 0, len(m.view))
	for i := cur + 1; i < len(m.view); i++ {
		out = append(out, i)
	}
	for i := cur - 1; i >= 0; i-- {
		out = append(out, i)
	}
	return out
}

func targetVerb(md mode) string {
	if md == modeMerge {
		return "merge it into"
	}
	return "link it to"
}

// targetKey handles a key while a link's or a merge's target is chosen:
// the list keys move to it, / searches it by name, enter decides.
func (m Model) targetKey(kp tea.KeyPressMsg) Model {
	k := m.keys
	if d, ok := k.List.Step(kp, m.list.Page(), len(m.view)); ok {
		m.list = m.list.Move(d)
		return m
	}
	switch {
	case key.Matches(kp, k.Abort):
		// Dropped: the selection goes back to where the link or the
		// merge started, not the target it was moved to.
		from := m.mark
		return m.endTarget().filter(from)
	case key.Matches(kp, k.Filter):
		// A new search for the target, not the review's filter typed on:
		// that is put back once the target is chosen.
		if !m.keeping {
			m.kept, m.keeping = m.query, true
		}
		m.filterFrom, m.mode = m.mode, modeFilter
		return m.setQuery("")
	case key.Matches(kp, k.Done):
		return m.target(core.Requires)
	case m.mode == modeLink && key.Matches(kp, k.Pick):
		if i := int(kp.Code - '1'); i >= 0 && i < len(core.EdgeTypes) {
			return m.target(core.EdgeTypes[i])
		}
	}
	return m
}

// target links the marked primitive to the selected one (it depends on
// it through an edge of type t), or merges it into the selected one.
func (m Model) target(t core.EdgeType) Model {
	r := m.selRow()
	if r == nil || r.removed != "" {
		m.status, m.bad = "choose a primitive that stands", true
		return m
	}
	from := m.mark
	if r.p.ID == from {
		what := "linked to"
		if m.mode == modeMerge {
			what = "merged into"
		}
		m.status, m.bad = "refused: "+short(nameOf(r.p))+" cannot be "+what+" itself; move to another primitive", true
		return m
	}
	var next Model
	if m.mode == modeMerge {
		// A merge removes one of the two: asked first, once it is known
		// to apply.
		d := core.Curation{Kind: core.CurateMerge, ID: from, Other: r.p.ID}
		if _, err := m.replay(append(slices.Clip(m.own), entry{d: d, rev: -1})); err != nil {
			return m.refuse(d, err).endTarget()
		}
		m.mode, m.ask = modeConfirm, question{d: d, done: "merged " + short(m.nameByID(from)) + " into " + short(nameOf(r.p)), from: modeMerge}
		return m
	} else {
		d := core.Curation{Kind: core.CurateLink, ID: from, Other: r.p.ID}
		if t != core.Requires {
			d.Edge = t
		}
		next = m.decide(d, -1, short(m.nameByID(from))+" "+string(t)+" "+short(nameOf(r.p)))
	}
	return next.endTarget()
}

// endTarget closes a link's or a merge's target choice, putting back the
// review's filter its search replaced.
func (m Model) endTarget() Model {
	m.mode, m.mark = modeNone, ""
	if m.keeping {
		q := m.kept
		m.kept, m.keeping = "", false
		m = m.setQuery(q)
	}
	return m
}

// edgeRef is one edge the unlink picker offers: ID depends on Other.
type edgeRef struct {
	id, other string
	t         core.EdgeType
	out       bool
}

// edgesOf lists id's edges: what it depends on, then what depends on it,
// one entry per pair (an unlink removes every edge between two).
func (m Model) edgesOf(id string) []edgeRef {
	i, ok := m.rowIdx[id]
	if !ok || m.rows[i].removed != "" {
		return nil
	}
	var out []edgeRef
	seen := map[string]bool{}
	for _, e := range m.rows[i].p.Dependencies {
		if !seen[">"+e.Target] {
			seen[">"+e.Target] = true
			out = append(out, edgeRef{id: id, other: e.Target, t: e.Type, out: true})
		}
	}
	for _, d := range m.deps[id] {
		if !seen["<"+d] {
			seen["<"+d] = true
			t := core.EdgeType("")
			if j, ok := m.rowIdx[d]; ok {
				for _, e := range m.rows[j].p.Dependencies {
					if e.Target == id {
						t = e.Type
						break
					}
				}
			}
			out = append(out, edgeRef{id: d, other: id, t: t})
		}
	}
	return out
}

// describe says what a decision does, in a few words.
func describe(d core.Curation, name func(string) string) string {
	n := short(name(d.ID))
	switch d.Kind {
	case core.CurateEdit:
		var what []string
		if d.Name != "" {
			what = append(what, "name → "+short(d.Name))
		}
		if d.Type != "" {
			what = append(what, "type → "+string(d.Type))
		}
		if d.Statement != "" {
			what = append(what, "statement")
		}
		return "edit " + n + " (" + strings.Join(what, ", ") + ")"
	case core.CurateLink:
		t := d.Edge
		if t == "" {
			t = core.Requires
		}
		return "link " + n + " " + string(t) + " " + short(name(d.Other))
	case core.CurateUnlink:
		return "unlink " + n + " from " + short(name(d.Other))
	case core.CurateMerge:
		return "merge " + n + " into " + short(name(d.Other))
	case core.CurateSplit:
		return "split " + n + " into " + plural(len(d.Parts), "part", "parts")
	}
	return string(d.Kind) + " " + n
}
