package curate

import (
	"fmt"
	"slices"

	"github.com/lore-kb/lore/core"
)

// Candidates are a learn's candidates as a graph decisions apply to, with
// the anchors of their places in the source as extraction found them.
type Candidates struct {
	list    []core.Primitive
	index   map[string]int
	deps    map[string][]string
	anchors map[string]core.Anchor
}

// NewCandidates indexes cands; their names are taken as extraction gave
// them (the places decisions anchor to).
func NewCandidates(cands []core.Primitive) *Candidates {
	c := &Candidates{list: cands, index: make(map[string]int, len(cands)), deps: map[string][]string{},
		anchors: make(map[string]core.Anchor, len(cands))}
	for i := range cands {
		p := &cands[i]
		c.index[p.ID] = i
		c.anchors[p.ID] = core.AnchorOf(*p, "")
		for _, e := range p.Dependencies {
			if !slices.Contains(c.deps[e.Target], p.ID) {
				c.deps[e.Target] = append(c.deps[e.Target], p.ID)
			}
		}
	}
	return c
}

// Primitive implements Graph.
func (c *Candidates) Primitive(id string) (core.Primitive, bool, error) {
	i, ok := c.index[id]
	if !ok {
		return core.Primitive{}, false, nil
	}
	return c.list[i], true, nil
}

// Dependents implements Graph.
func (c *Candidates) Dependents(id string) ([]string, error) { return slices.Clone(c.deps[id]), nil }

// Taken implements Graph.
func (c *Candidates) Taken(id string) (bool, error) { _, ok := c.index[id]; return ok, nil }

// Anchor is where candidate id stands in its source ("", false for an id
// extraction did not make).
func (c *Candidates) Anchor(id string) (core.Anchor, bool) {
	a, ok := c.anchors[id]
	return a, ok
}

// Result is the candidates as w's decisions leave them: the removed ones
// gone, the changed ones changed, a split's parts after the primitive
// they were split from.
func (c *Candidates) Result(w *Work) []core.Primitive {
	out := make([]core.Primitive, 0, len(c.list))
	addedAfter := map[string][]string{}
	for _, id := range w.order {
		if w.added[id] && !w.removed[id] {
			from := w.splitFrom[id]
			addedAfter[from] = append(addedAfter[from], id)
		}
	}
	for i := range c.list {
		id := c.list[i].ID
		if w.removed[id] {
			continue
		}
		if p := w.cur[id]; p != nil {
			out = append(out, *p)
		} else {
			out = append(out, c.list[i])
		}
		for _, a := range addedAfter[id] {
			out = append(out, *w.cur[a])
		}
	}
	return out
}

// Revisit is a standing decision that no longer matches its source: the
// statement decided on was reworded (Candidate is what now stands at its
// place) or is gone, or applying it again failed (Reason says how). A
// person decides again; a later decision at the same place answers it.
type Revisit struct {
	Decision  core.Curation
	Reason    string
	Candidate string
}

// Revisit reasons.
const (
	Reworded = "reworded"
	Gone     = "gone from the source"
)

func (r Revisit) String() string {
	s := fmt.Sprintf("%s %s (%q", r.Decision.Kind, r.Decision.ID, r.Decision.Anchor.Name)
	if r.Decision.Session != "" {
		s += ", decided in " + r.Decision.Session
	}
	s += "): " + r.Reason
	if r.Candidate != "" {
		s += " (what stands at its place now: " + r.Candidate + ")"
	}
	return s
}

// Reapplied is what applying standing decisions to a learn did.
type Reapplied struct {
	// Applied are the decisions applied, their ids those of the
	// candidates they matched.
	Applied []core.Curation
	Revisit []Revisit
}

// Reapply applies standing decisions (oldest first) to c through w: a
// decision applies where its anchor's statement fingerprint is among the
// candidates, wherever in the source it moved (of candidates stated in
// the same words, the one at the anchor's place). One anchored in a
// document of this learn whose fingerprint is not there is to be
// revisited: reworded when a candidate stands at its place, gone when
// none does. Decisions about other documents, or anchored in another
// source than the candidates', are not this learn's business: a
// curator's decisions about one folder, file or URL do not follow its
// names and statements into another edition learned from elsewhere.
func Reapply(c *Candidates, w *Work, standing []core.Curation) Reapplied {
	byHash := map[string][]string{}
	byPlace := map[string]string{}
	docs := map[string]bool{}
	sources := map[string]bool{}
	place := map[string]string{}
	for _, p := range c.list {
		a := c.anchors[p.ID]
		if a.ContentHash != "" {
			byHash[a.ContentHash] = append(byHash[a.ContentHash], p.ID)
		}
		place[p.ID] = placeKey(a)
		if _, ok := byPlace[placeKey(a)]; !ok {
			byPlace[placeKey(a)] = p.ID
		}
		docs[a.Document] = true
		sources[core.SourceKey(a.Source)] = true
	}
	resolve := func(a *core.Anchor) (id, reason string) {
		if a == nil || (a.Source != "" && !sources[core.SourceKey(a.Source)]) {
			return "", ""
		}
		if ids := byHash[a.ContentHash]; len(ids) > 0 {
			for _, id := range ids {
				if place[id] == placeKey(*a) {
					return id, ""
				}
			}
			return ids[0], ""
		}
		if !docs[a.Document] {
			return "", ""
		}
		if id, ok := byPlace[placeKey(*a)]; ok {
			return id, Reworded
		}
		return "", Gone
	}
	// A later decision at the same place on another statement answers an
	// earlier one that no longer matches, as a later dismissal there does.
	answered := make([]bool, len(standing))
	type later struct {
		hashes    map[string]bool
		dismissed bool
	}
	seen := map[string]*later{}
	for i := len(standing) - 1; i >= 0; i-- {
		a := standing[i].Anchor
		if a == nil {
			continue
		}
		l := seen[placeKey(*a)]
		if l == nil {
			l = &later{hashes: map[string]bool{}}
			seen[placeKey(*a)] = l
		}
		answered[i] = l.dismissed || len(l.hashes) > 1 || (len(l.hashes) == 1 && !l.hashes[a.ContentHash])
		l.hashes[a.ContentHash] = true
		l.dismissed = l.dismissed || standing[i].Kind == core.CurateDismiss
	}
	ask := func(i int, d core.Curation, why string) bool {
		// A dismissal is an answer, never a question; a rejected statement
		// gone from the source has nothing left to decide.
		return !answered[i] && d.Kind != core.CurateDismiss && !(d.Kind == core.CurateReject && why == Gone)
	}
	var out Reapplied
	for i, d := range standing {
		id, why := resolve(d.Anchor)
		if id == "" {
			if why != "" && ask(i, d, why) {
				out.Revisit = append(out.Revisit, Revisit{Decision: d, Reason: why})
			}
			continue
		}
		if why != "" {
			if ask(i, d, why) {
				out.Revisit = append(out.Revisit, Revisit{Decision: d, Reason: why, Candidate: id})
			}
			continue
		}
		e := d
		e.ID = id
		if d.Other != "" {
			other, owhy := resolve(d.OtherAnchor)
			if other == "" || owhy != "" {
				// The other end is not in this learn as it was decided
				// on: the stored primitive keeps the decision's edge, and
				// one merged into it stays merged.
				if d.Kind == core.CurateMerge {
					if err := w.MergeOut(id, d.Other); err == nil {
						out.Applied = append(out.Applied, e)
					}
				}
				continue
			}
			e.Other = other
		}
		if d.Kind == core.CurateMerge && e.Other == e.ID {
			// The source now states once what it stated twice: the
			// question is the person's, in words, not the refusal of a
			// merge into itself.
			if ask(i, d, "") {
				name := d.Anchor.Name
				if p, ok := w.Current(id); ok {
					name = p.Name
				}
				out.Revisit = append(out.Revisit, Revisit{Decision: d,
					Reason: fmt.Sprintf("the two primitives this merge joined are now one (%q): nothing to merge", name)})
			}
			continue
		}
		if err := w.Apply(e); err != nil {
			out.Revisit = append(out.Revisit, Revisit{Decision: d, Reason: err.Error(), Candidate: id})
			continue
		}
		out.Applied = append(out.Applied, e)
		// A split's parts are candidates now: later decisions may be
		// about them, before any candidate stated in their words.
		for _, part := range w.Parts(id) {
			p, _ := w.Current(part)
			a := core.AnchorOf(p, "")
			byHash[a.ContentHash] = append([]string{part}, byHash[a.ContentHash]...)
			byPlace[placeKey(a)] = part
			place[part] = placeKey(a)
		}
	}
	return out
}

func placeKey(a core.Anchor) string { return a.Document + "\x00" + a.Section + "\x00" + a.Name }
