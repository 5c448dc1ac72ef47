// Package curate applies a curator's decisions (core.Curation) to a graph
// of primitives: the store's, for a decision about what was learned, or a
// learn's candidates, for decisions taken before the commit or made
// earlier and applied again when a source is learned again. The same
// rules hold for both, so a decision means the same whenever it is made.
package curate

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/merge"
	"github.com/lore-kb/lore/core/text"
)

// Graph is what decisions read: primitives by id, the ids of those that
// depend on one, and whether an id is in use (a split's new parts take
// free ones).
type Graph interface {
	Primitive(id string) (core.Primitive, bool, error)
	Dependents(id string) ([]string, error)
	Taken(id string) (bool, error)
}

// CycleError refuses an edge, or a merge, that would close a loop of
// dependencies; Path names it, from the primitive that would depend to
// itself again.
type CycleError struct{ Path []string }

func (e *CycleError) Error() string {
	return "refused: it would make a dependency cycle " + strings.Join(e.Path, " → ")
}

// UnknownPrimitiveError is a decision naming a primitive the graph does not
// hold: a usage error, as every other refusal of a decision is (it
// unwraps to one), told apart so that the API can answer NotFound.
type UnknownPrimitiveError struct{ ID string }

func (e *UnknownPrimitiveError) Error() string {
	return fmt.Sprintf("unknown primitive %q (lore find or lore show finds them)", e.ID)
}

// Unwrap is the usage error it is, for errors.As and the exit code.
func (e *UnknownPrimitiveError) Unwrap() error { return &core.UsageError{Msg: e.Error()} }

// Work is decisions being applied: the primitives as they leave them and
// as they were.
type Work struct {
	g       Graph
	cur     map[string]*core.Primitive
	before  map[string]core.Primitive
	order   []string
	removed map[string]bool
	added   map[string]bool
	// splitFrom maps a split's added part to the primitive split.
	splitFrom map[string]string
}

// New starts applying decisions to g.
func New(g Graph) *Work {
	return &Work{g: g, cur: map[string]*core.Primitive{}, before: map[string]core.Primitive{},
		removed: map[string]bool{}, added: map[string]bool{}, splitFrom: map[string]string{}}
}

// get loads a primitive once; an unknown or removed id is a usage error.
func (w *Work) get(id string) (*core.Primitive, error) {
	if w.removed[id] {
		return nil, &core.UsageError{Msg: fmt.Sprintf("%s was removed by an earlier decision", id)}
	}
	if p := w.cur[id]; p != nil {
		return p, nil
	}
	p, ok, err := w.g.Primitive(id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &UnknownPrimitiveError{ID: id}
	}
	w.before[id] = clonePrimitive(p)
	c := clonePrimitive(p)
	w.cur[id] = &c
	w.order = append(w.order, id)
	return &c, nil
}

func clonePrimitive(p core.Primitive) core.Primitive {
	p.Dependencies = slices.Clone(p.Dependencies)
	p.Enables = slices.Clone(p.Enables)
	p.Keywords = slices.Clone(p.Keywords)
	p.Versions = slices.Clone(p.Versions)
	return p
}

// dependents are the ids whose working copies depend on id: the graph's,
// and those an earlier decision of this work linked to it.
func (w *Work) dependents(id string) ([]string, error) {
	ds, err := w.g.Dependents(id)
	if err != nil {
		return nil, err
	}
	if p := w.cur[id]; p != nil {
		for _, e := range p.Enables {
			if !slices.Contains(ds, e) {
				ds = append(ds, e)
			}
		}
	}
	out := ds[:0:0]
	for _, d := range ds {
		if w.removed[d] {
			continue
		}
		q, err := w.get(d)
		if err != nil {
			continue // a dangling reverse entry: nothing depends here
		}
		if slices.ContainsFunc(q.Dependencies, func(e core.Edge) bool { return e.Target == id }) {
			out = append(out, d)
		}
	}
	return out, nil
}

// Apply applies one decision. A decision that finds things already as it
// would leave them changes nothing and is no error (see Changed).
func (w *Work) Apply(d core.Curation) error {
	if d.Kind == core.CurateDismiss && d.Anchor != nil {
		// An answer about a statement gone from the source: there may be
		// nothing left to look up.
		return nil
	}
	p, err := w.get(d.ID)
	if err != nil {
		return err
	}
	switch d.Kind {
	case core.CurateEdit:
		return edit(p, d)
	case core.CurateLink:
		return w.link(p, d)
	case core.CurateUnlink:
		return w.unlink(p, d.Other)
	case core.CurateReject:
		return w.reject(p)
	case core.CurateMerge:
		return w.merge(p, d.Other)
	case core.CurateSplit:
		return w.split(p, d)
	case core.CurateDismiss:
		return nil
	}
	return &core.UsageError{Msg: fmt.Sprintf("unknown decision %q", d.Kind)}
}

func edit(p *core.Primitive, d core.Curation) error {
	if strings.TrimSpace(d.Name) == "" && d.Type == "" && strings.TrimSpace(d.Statement) == "" {
		return &core.UsageError{Msg: "nothing to edit: give a name, a type or a statement (not blank)"}
	}
	if err := CheckType(d.Type); err != nil {
		return err
	}
	if n := strings.TrimSpace(d.Name); n != "" {
		p.Name = n
	}
	if d.Type != "" {
		p.Type = d.Type
	}
	if s := strings.TrimSpace(d.Statement); s != "" && s != p.FormalStatement {
		// The statement it replaces is kept, as an update's is.
		why := "edited by a curator"
		if d.By != "" {
			why = "edited by " + d.By
		}
		p.Versions = append(p.Versions, core.StatementVersion{FormalStatement: p.FormalStatement,
			ComputationalForm: p.ComputationalForm, Document: p.Provenance.Document, Why: why,
			ReplacedBy: d.Session, ReplacedAt: d.At})
		p.FormalStatement = s
		// The form was derived from the statement it replaces.
		p.ComputationalForm = ""
	}
	return nil
}

// CheckType refuses a type lore does not know ("" is no type given).
func CheckType(t core.PrimitiveType) error {
	if t == "" || slices.Contains(core.PrimitiveTypes, t) {
		return nil
	}
	ts := make([]string, len(core.PrimitiveTypes))
	for i, t := range core.PrimitiveTypes {
		ts[i] = string(t)
	}
	return &core.UsageError{Msg: fmt.Sprintf("unknown type %q (one of %s)", t, strings.Join(ts, ", "))}
}

func (w *Work) link(p *core.Primitive, d core.Curation) error {
	t := d.Edge
	if t == "" {
		t = core.Requires
	}
	if !slices.Contains(core.EdgeTypes, t) {
		ts := make([]string, len(core.EdgeTypes))
		for i, e := range core.EdgeTypes {
			ts[i] = string(e)
		}
		return &core.UsageError{Msg: fmt.Sprintf("unknown edge type %q (one of %s)", t, strings.Join(ts, ", "))}
	}
	if d.Other == p.ID {
		return &core.UsageError{Msg: fmt.Sprintf("%s cannot depend on itself", p.ID)}
	}
	q, err := w.get(d.Other)
	if err != nil {
		return err
	}
	if path, err := w.pathTo(q.ID, p.ID); err != nil {
		return err
	} else if path != nil {
		return &CycleError{Path: append([]string{p.ID}, path...)}
	}
	if p.HasEdge(q.ID, t) {
		return nil
	}
	p.Dependencies = append(p.Dependencies, core.Edge{Target: q.ID, Type: t, Strength: 1, Description: "added by a curator"})
	if !slices.Contains(q.Enables, p.ID) {
		q.Enables = append(q.Enables, p.ID)
	}
	return nil
}

// pathTo returns the chain of dependencies from one primitive to another
// (both included), nil when there is none: an edge to→from would close
// it into a cycle.
func (w *Work) pathTo(from, to string) ([]string, error) {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if id == to {
			var path []string
			for x := to; x != ""; x = prev[x] {
				path = append(path, x)
			}
			slices.Reverse(path)
			return path, nil
		}
		p, err := w.get(id)
		var u *core.UsageError
		if errors.As(err, &u) {
			continue // an edge to a primitive not in the graph leads nowhere
		} else if err != nil {
			return nil, err
		}
		for _, e := range p.Dependencies {
			if _, seen := prev[e.Target]; !seen {
				prev[e.Target] = id
				queue = append(queue, e.Target)
			}
		}
	}
	return nil, nil
}

func (w *Work) unlink(p *core.Primitive, other string) error {
	q, err := w.get(other)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(p.Dependencies, func(e core.Edge) bool { return e.Target == q.ID }) {
		return &core.UsageError{Msg: fmt.Sprintf("%s has no edge to %s", p.ID, q.ID)}
	}
	p.Dependencies = slices.DeleteFunc(p.Dependencies, func(e core.Edge) bool { return e.Target == q.ID })
	q.Enables = slices.DeleteFunc(q.Enables, func(e string) bool { return e == p.ID })
	// A prerequisite naming q would still say p needs it (lore store
	// verify would report the edge missing, and its repair restore it).
	p.Prerequisites = slices.DeleteFunc(slices.Clone(p.Prerequisites), func(n string) bool { return n == q.Name })
	return nil
}

// reject removes p and every edge that touches it.
func (w *Work) reject(p *core.Primitive) error {
	ds, err := w.dependents(p.ID)
	if err != nil {
		return err
	}
	for _, dep := range ds {
		q, err := w.get(dep)
		if err != nil {
			return err
		}
		q.Dependencies = slices.DeleteFunc(q.Dependencies, func(e core.Edge) bool { return e.Target == p.ID })
	}
	w.cutEnables(p)
	w.removed[p.ID] = true
	return nil
}

// cutEnables takes p out of the reverse index of what it depends on.
func (w *Work) cutEnables(p *core.Primitive) {
	for _, e := range p.Dependencies {
		if q, err := w.get(e.Target); err == nil {
			q.Enables = slices.DeleteFunc(q.Enables, func(x string) bool { return x == p.ID })
		}
	}
}

// merge moves p's edges to q and removes p: what depended on p depends on
// q, what p depended on q depends on. An edge between the two goes.
func (w *Work) merge(p *core.Primitive, other string) error {
	if other == p.ID {
		return &core.UsageError{Msg: fmt.Sprintf("cannot merge %s into itself", p.ID)}
	}
	q, err := w.get(other)
	if err != nil {
		return err
	}
	ds, err := w.dependents(p.ID)
	if err != nil {
		return err
	}
	for _, e := range p.Dependencies {
		if e.Target == q.ID || q.HasEdge(e.Target, e.Type) {
			continue
		}
		if path, err := w.pathTo(e.Target, q.ID); err != nil {
			return err
		} else if path != nil {
			return &CycleError{Path: append([]string{q.ID}, path...)}
		}
		q.Dependencies = append(q.Dependencies, e)
		if t, err := w.get(e.Target); err == nil && !slices.Contains(t.Enables, q.ID) {
			t.Enables = append(t.Enables, q.ID)
		}
	}
	for _, dep := range ds {
		if dep == q.ID {
			q.Dependencies = slices.DeleteFunc(q.Dependencies, func(e core.Edge) bool { return e.Target == p.ID })
			continue
		}
		w.retarget(dep, p.ID, q)
	}
	w.cutEnables(p)
	q.Enables = slices.DeleteFunc(q.Enables, func(x string) bool { return x == p.ID })
	q.Keywords = merge.Union(q.Keywords, p.Keywords)
	q.Proof = q.Proof.Or(p.Proof)
	q.Examples = core.MoreExamples(q.Examples, p.Examples)
	q.Passage = core.PassageOr(q.Passage, p.Passage)
	w.removed[p.ID] = true
	return nil
}

// MergeOut applies a merge of id into a primitive this graph does not hold
// (a stored one a learn does not bring again): id goes, and what depended
// on it depends on into.
func (w *Work) MergeOut(id, into string) error {
	p, err := w.get(id)
	if err != nil {
		return err
	}
	ds, err := w.dependents(id)
	if err != nil {
		return err
	}
	for _, dep := range ds {
		d, err := w.get(dep)
		if err != nil {
			return err
		}
		for i, e := range d.Dependencies {
			if e.Target == id {
				d.Dependencies[i].Target = into
			}
		}
		d.Dependencies = slices.CompactFunc(d.Dependencies, func(a, b core.Edge) bool { return a.Target == b.Target && a.Type == b.Type })
	}
	w.cutEnables(p)
	w.removed[id] = true
	return nil
}

// Parts are the primitives a split of id added, in order.
func (w *Work) Parts(id string) []string {
	var out []string
	for _, a := range w.order {
		if w.splitFrom[a] == id {
			out = append(out, a)
		}
	}
	return out
}

// retarget moves dep's edges to from onto q.
func (w *Work) retarget(dep, from string, q *core.Primitive) {
	d, err := w.get(dep)
	if err != nil {
		return
	}
	var moved []core.Edge
	d.Dependencies = slices.DeleteFunc(d.Dependencies, func(e core.Edge) bool {
		if e.Target == from {
			moved = append(moved, e)
			return true
		}
		return false
	})
	for _, e := range moved {
		if !d.HasEdge(q.ID, e.Type) {
			e.Target = q.ID
			d.Dependencies = append(d.Dependencies, e)
		}
	}
	if p, ok := w.cur[from]; ok {
		d.Prerequisites = slices.Clone(d.Prerequisites)
		for i, n := range d.Prerequisites {
			if n == p.Name {
				d.Prerequisites[i] = q.Name
			}
		}
	}
	if !slices.Contains(q.Enables, d.ID) {
		q.Enables = append(q.Enables, d.ID)
	}
}

// split makes p the first part and adds the others, each depending on
// what p depended on; what depended on p keeps depending on the first.
func (w *Work) split(p *core.Primitive, d core.Curation) error {
	parts := d.Parts
	if len(parts) < 2 {
		return &core.UsageError{Msg: fmt.Sprintf("a split of %s needs at least two parts", p.ID)}
	}
	for i, pt := range parts {
		if strings.TrimSpace(pt.Name) == "" || strings.TrimSpace(pt.Statement) == "" {
			return &core.UsageError{Msg: fmt.Sprintf("part %d of the split of %s needs a name and a statement", i+1, p.ID)}
		}
		if err := CheckType(pt.Type); err != nil {
			return err
		}
	}
	orig := clonePrimitive(*p)
	if err := edit(p, core.Curation{Name: parts[0].Name, Type: parts[0].Type, Statement: parts[0].Statement,
		By: d.By, Session: d.Session, At: d.At}); err != nil {
		return err
	}
	for _, pt := range parts[1:] {
		n := clonePrimitive(orig)
		n.Name, n.FormalStatement, n.Versions, n.Enables = strings.TrimSpace(pt.Name), strings.TrimSpace(pt.Statement), nil, []string{}
		if pt.Type != "" {
			n.Type = pt.Type
		}
		n.ComputationalForm = ""
		n.Keywords = text.Terms(text.Prose(n.FormalStatement))
		n.Provenance.ContentHash = text.ContentHash(n.FormalStatement)
		id, err := w.freeID(idBase(orig.ID, orig.Name) + "-" + text.Slug(n.Name))
		if err != nil {
			return err
		}
		n.ID = id
		for _, e := range n.Dependencies {
			if t, err := w.get(e.Target); err == nil && !slices.Contains(t.Enables, n.ID) {
				t.Enables = append(t.Enables, n.ID)
			}
		}
		w.cur[id] = &n
		w.order = append(w.order, id)
		w.added[id] = true
		w.splitFrom[id] = p.ID
	}
	return nil
}

// idBase is the part of an id before the slug of the name it was made
// from ("algebra" of "algebra-group"), the id itself when it was not.
func idBase(id, name string) string {
	if s := text.Slug(name); s != "" {
		if b, ok := strings.CutSuffix(id, "-"+s); ok {
			return b
		}
	}
	if i := strings.IndexByte(id, '-'); i > 0 {
		return id[:i]
	}
	return id
}

func (w *Work) freeID(id string) (string, error) {
	for n := 1; ; n++ {
		c := id
		if n > 1 {
			c = fmt.Sprintf("%s-%d", id, n)
		}
		if w.cur[c] != nil {
			continue
		}
		t, err := w.g.Taken(c)
		if err != nil {
			return "", err
		}
		if !t {
			return c, nil
		}
	}
}

// Touched is one primitive the decisions touched: Before is nil for one a
// split added, After nil for one removed.
type Touched struct {
	ID     string
	Before *core.Primitive
	After  *core.Primitive
}

// Changed lists what the decisions changed, in the order the primitives
// were met; primitives left as they were are not in it.
func (w *Work) Changed() []Touched {
	var out []Touched
	for _, id := range w.order {
		a := w.cur[id]
		switch {
		case w.added[id] && w.removed[id]:
			continue
		case w.added[id]:
			out = append(out, Touched{ID: id, After: a})
		case w.removed[id]:
			b := w.before[id]
			out = append(out, Touched{ID: id, Before: &b})
		case !Same(w.before[id], *a):
			b := w.before[id]
			out = append(out, Touched{ID: id, Before: &b, After: a})
		}
	}
	return out
}

// Current is the primitive as the decisions so far leave it (false when
// one removed it or it is unknown).
func (w *Work) Current(id string) (core.Primitive, bool) {
	if w.removed[id] {
		return core.Primitive{}, false
	}
	p, err := w.get(id)
	if err != nil {
		return core.Primitive{}, false
	}
	return *p, true
}

// Same reports whether a decision left a primitive as it was.
func Same(a, b core.Primitive) bool {
	return a.Name == b.Name && a.Type == b.Type && a.FormalStatement == b.FormalStatement &&
		slices.Equal(a.Dependencies, b.Dependencies) && slices.Equal(a.Enables, b.Enables) &&
		slices.Equal(a.Keywords, b.Keywords) && len(a.Versions) == len(b.Versions) && a.Proof == b.Proof
}
