package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/core/merge"
	"github.com/lore-kb/lore/core/report"
)

// A curator's decisions about what was learned — a better name, the right
// type, a cleaned statement, a missing or wrong edge, a duplicate, junk —
// are sessions of their own, committed through the journal as a learn is:
// History lists them, lore unlearn takes one back exactly, and the skills
// of the domains they touch are generated again from the curated
// primitives.

// CurateKind names what a decision does.
type CurateKind string

// The decisions.
const (
	// CurateEdit renames, retypes or restates a primitive.
	CurateEdit CurateKind = "edit"
	// CurateLink adds the edge ID --type--> Other (ID depends on Other).
	CurateLink CurateKind = "link"
	// CurateUnlink removes the edges from ID to Other.
	CurateUnlink CurateKind = "unlink"
	// CurateReject removes a primitive and cuts the edges that touch it.
	CurateReject CurateKind = "reject"
	// CurateMerge merges ID into Other: Other keeps its name and
	// statement and takes ID's edges; ID is removed.
	CurateMerge CurateKind = "merge"
)

// Decision is one curator's decision.
type Decision struct {
	Kind  CurateKind
	ID    string
	Other string
	// Name, Type and Statement are an edit's new values ("" keeps).
	Name      string
	Type      core.PrimitiveType
	Statement string
	// Edge is a link's edge type (requires when empty).
	Edge core.EdgeType
	// By is who decided; Why, the curator's reason, if given.
	By  string
	Why string
}

// CurateOptions are what regenerating the skills needs, and the clock.
type CurateOptions struct {
	Domains   []core.Domain
	Generate  generate.Config
	OutputDir string
	Now       func() time.Time
}

// CurateResult is what a decision did.
type CurateResult struct {
	Session core.Session
	// Changed are the primitives the decision updated, Removed the ones it
	// removed.
	Changed   []string
	Removed   []string
	Artifacts []core.Artifact
	Summary   string
	Errors    []string
}

// CycleError refuses an edge, or a merge, that would close a loop of
// dependencies; Path names it, from the primitive that would depend to
// itself again.
type CycleError struct{ Path []string }

func (e *CycleError) Error() string {
	return "refused: it would make a dependency cycle " + strings.Join(e.Path, " → ")
}

// Curate applies one decision as a curate session.
func Curate(ctx context.Context, st Store, d Decision, opts CurateOptions) (*CurateResult, error) {
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	started := now().UTC()
	c := &curation{st: st, cur: map[string]*core.Primitive{}, before: map[string]core.Primitive{}}
	if err := c.apply(d); err != nil {
		return nil, err
	}
	changes, domains := c.changes()
	if len(changes) == 0 {
		return nil, &core.UsageError{Msg: fmt.Sprintf("%s %s changes nothing: it is so already", d.Kind, d.ID)}
	}
	id := NewSessionID(core.KindCurate, started)
	what := string(d.Kind) + " " + d.ID
	if d.Other != "" {
		what += " " + d.Other
	}
	sess := core.Session{ID: id, Kind: core.KindCurate, Source: what, Familiarity: core.Home, StartedAt: started}
	sess.Options = map[string]string{"decision": string(d.Kind)}
	if d.By != "" {
		sess.Options["by"] = d.By
	}
	if d.Why != "" {
		sess.Options["why"] = d.Why
	}
	// The report reads its provenance back from the changes.
	for _, e := range c.provenance(id, d, started) {
		for i := range changes {
			if changes[i].PrimitiveID == e.CandidateID {
				e := e
				changes[i].Provenance = &e
			}
		}
	}
	in := report.Input{SessionID: id, Source: what, StartedAt: started, CompletedAt: now().UTC()}
	stored, err := encodeStoredReport(in)
	if err != nil {
		return nil, err
	}
	if err := st.CommitSessionWith(ctx, sess, changes, stored); err != nil {
		return nil, err
	}
	sess.State = core.SessionCommitted
	res := &CurateResult{Session: sess, Changed: c.updated(), Removed: c.removed}
	arts, msg := regenerate(ctx, st, id, domains, opts.Domains, opts.Generate, opts.OutputDir, now)
	if msg != "" {
		res.Errors = append(res.Errors, msg)
	}
	res.Artifacts = arts
	res.Summary = fmt.Sprintf("%s: %s; %d updated, %d removed; %s", id, what, len(res.Changed), len(res.Removed), ArtifactChanges(arts, nil))
	return res, nil
}

// curation is a decision being worked out: the primitives as it leaves
// them, and as they were.
type curation struct {
	st      Store
	cur     map[string]*core.Primitive
	before  map[string]core.Primitive
	order   []string
	removed []string
}

// get loads a primitive once; an unknown id is a usage error.
func (c *curation) get(id string) (*core.Primitive, error) {
	if p := c.cur[id]; p != nil {
		return p, nil
	}
	p, ok, err := c.st.GetPrimitive(id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &core.UsageError{Msg: fmt.Sprintf("unknown primitive %q (lore find or lore show finds them)", id)}
	}
	c.before[id] = clonePrimitive(p)
	c.cur[id] = &p
	c.order = append(c.order, id)
	return &p, nil
}

func clonePrimitive(p core.Primitive) core.Primitive {
	p.Dependencies = slices.Clone(p.Dependencies)
	p.Enables = slices.Clone(p.Enables)
	return p
}

func (c *curation) apply(d Decision) error {
	p, err := c.get(d.ID)
	if err != nil {
		return err
	}
	switch d.Kind {
	case CurateEdit:
		return edit(p, d)
	case CurateLink:
		return c.link(p, d)
	case CurateUnlink:
		return c.unlink(p, d.Other)
	case CurateReject:
		return c.reject(p)
	case CurateMerge:
		return c.merge(p, d.Other)
	}
	return &core.UsageError{Msg: fmt.Sprintf("unknown decision %q", d.Kind)}
}

func edit(p *core.Primitive, d Decision) error {
	if d.Name == "" && d.Type == "" && d.Statement == "" {
		return &core.UsageError{Msg: "nothing to edit: give --name, --type or --statement"}
	}
	if d.Type != "" && !slices.Contains(core.PrimitiveTypes, d.Type) {
		return &core.UsageError{Msg: fmt.Sprintf("unknown type %q (one of %s)", d.Type, typeList())}
	}
	if d.Name != "" {
		p.Name = strings.TrimSpace(d.Name)
	}
	if d.Type != "" {
		p.Type = d.Type
	}
	if s := strings.TrimSpace(d.Statement); s != "" && s != p.FormalStatement {
		// The statement it replaces is kept, as an update's is.
		p.Versions = append(slices.Clone(p.Versions), core.StatementVersion{FormalStatement: p.FormalStatement,
			ComputationalForm: p.ComputationalForm, Document: p.Provenance.Document, Why: "edited by a curator"})
		p.FormalStatement = s
	}
	return nil
}

func typeList() string {
	ts := make([]string, len(core.PrimitiveTypes))
	for i, t := range core.PrimitiveTypes {
		ts[i] = string(t)
	}
	return strings.Join(ts, ", ")
}

func (c *curation) link(p *core.Primitive, d Decision) error {
	t := d.Edge
	if t == "" {
		t = core.Requires
	}
	if !slices.Contains(core.EdgeTypes, t) {
		return &core.UsageError{Msg: fmt.Sprintf("unknown edge type %q", t)}
	}
	if d.Other == p.ID {
		return &core.UsageError{Msg: fmt.Sprintf("%s cannot depend on itself", p.ID)}
	}
	q, err := c.get(d.Other)
	if err != nil {
		return err
	}
	if path, err := c.pathTo(q.ID, p.ID); err != nil {
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
func (c *curation) pathTo(from, to string) ([]string, error) {
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
		p, err := c.get(id)
		if err != nil {
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

func (c *curation) unlink(p *core.Primitive, other string) error {
	q, err := c.get(other)
	if err != nil {
		return err
	}
	n := len(p.Dependencies)
	p.Dependencies = slices.DeleteFunc(p.Dependencies, func(e core.Edge) bool { return e.Target == q.ID })
	if len(p.Dependencies) == n {
		return &core.UsageError{Msg: fmt.Sprintf("%s has no edge to %s", p.ID, q.ID)}
	}
	q.Enables = slices.DeleteFunc(q.Enables, func(e string) bool { return e == p.ID })
	return nil
}

// reject removes p and every edge that touches it.
func (c *curation) reject(p *core.Primitive) error {
	ds, err := c.st.Dependents(p.ID)
	if err != nil {
		return err
	}
	for _, dep := range ds {
		q, err := c.get(dep.ID)
		if err != nil {
			return err
		}
		q.Dependencies = slices.DeleteFunc(q.Dependencies, func(e core.Edge) bool { return e.Target == p.ID })
	}
	for _, e := range p.Dependencies {
		q, err := c.get(e.Target)
		if err != nil {
			continue // a dangling edge: nothing to cut on the other side
		}
		q.Enables = slices.DeleteFunc(q.Enables, func(x string) bool { return x == p.ID })
	}
	c.removed = append(c.removed, p.ID)
	return nil
}

// merge moves p's edges to q and removes p: what depended on p depends on
// q, what p depended on q depends on. An edge between the two goes.
func (c *curation) merge(p *core.Primitive, other string) error {
	if other == p.ID {
		return &core.UsageError{Msg: fmt.Sprintf("cannot merge %s into itself", p.ID)}
	}
	q, err := c.get(other)
	if err != nil {
		return err
	}
	ds, err := c.st.Dependents(p.ID)
	if err != nil {
		return err
	}
	for _, e := range p.Dependencies {
		if e.Target == q.ID || q.HasEdge(e.Target, e.Type) {
			continue
		}
		if path, err := c.pathTo(e.Target, q.ID); err != nil {
			return err
		} else if path != nil {
			return &CycleError{Path: append([]string{q.ID}, path...)}
		}
		q.Dependencies = append(q.Dependencies, e)
		if t, err := c.get(e.Target); err == nil && !slices.Contains(t.Enables, q.ID) {
			t.Enables = append(t.Enables, q.ID)
		}
	}
	for _, dep := range ds {
		if dep.ID == q.ID {
			q.Dependencies = slices.DeleteFunc(q.Dependencies, func(e core.Edge) bool { return e.Target == p.ID })
			continue
		}
		d, err := c.get(dep.ID)
		if err != nil {
			return err
		}
		var moved []core.Edge
		d.Dependencies = slices.DeleteFunc(d.Dependencies, func(e core.Edge) bool {
			if e.Target == p.ID {
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
		if !slices.Contains(q.Enables, d.ID) {
			q.Enables = append(q.Enables, d.ID)
		}
	}
	for _, e := range p.Dependencies {
		if t, err := c.get(e.Target); err == nil {
			t.Enables = slices.DeleteFunc(t.Enables, func(x string) bool { return x == p.ID })
		}
	}
	q.Enables = slices.DeleteFunc(q.Enables, func(x string) bool { return x == p.ID })
	q.Keywords = merge.Union(q.Keywords, p.Keywords)
	c.removed = append(c.removed, p.ID)
	return nil
}

// changes are the session's changes, in the order the primitives were
// met, and the domains they touch.
func (c *curation) changes() ([]core.Change, []string) {
	var out []core.Change
	doms := map[string]bool{}
	for _, id := range c.order {
		b, a := c.before[id], *c.cur[id]
		if slices.Contains(c.removed, id) {
			before := b
			out = append(out, core.Change{Type: core.ChangeRemove, PrimitiveID: id, Before: &before})
			doms[b.Domain] = true
			continue
		}
		if samePrimitive(b, a) {
			continue
		}
		before, after := b, a
		out = append(out, core.Change{Type: core.ChangeUpdate, PrimitiveID: id, Before: &before, After: &after})
		doms[b.Domain], doms[a.Domain] = true, true
	}
	var ds []string
	for d := range doms {
		if d != "" {
			ds = append(ds, d)
		}
	}
	slices.Sort(ds)
	return out, ds
}

// provenance is the report's record of the decision: one entry per
// primitive it changed, saying who decided what and why.
func (c *curation) provenance(session string, d Decision, at time.Time) []core.ProvenanceEntry {
	why := "curated"
	if d.By != "" {
		why += " by " + d.By
	}
	if d.Why != "" {
		why += ": " + d.Why
	}
	var out []core.ProvenanceEntry
	for _, id := range c.order {
		b, a := c.before[id], *c.cur[id]
		e := core.ProvenanceEntry{SessionID: session, Timestamp: at, CandidateID: id, ExistingID: id, Domain: b.Domain,
			Action: "curate: " + string(d.Kind), Rationale: why, Outcome: core.ActionUpdate}
		switch {
		case slices.Contains(c.removed, id):
			e.Rationale = why + "; removed"
		case samePrimitive(b, a):
			continue
		case b.FormalStatement != a.FormalStatement:
			e.OriginalFormalStatement, e.NewFormalStatement = b.FormalStatement, a.FormalStatement
		}
		if b.Name != a.Name {
			e.Rationale += fmt.Sprintf("; renamed %q → %q", b.Name, a.Name)
		}
		if b.Type != a.Type {
			e.Rationale += fmt.Sprintf("; retyped %s → %s", b.Type, a.Type)
		}
		out = append(out, e)
	}
	return out
}

// updated lists the primitives changed but not removed.
func (c *curation) updated() []string {
	var out []string
	for _, id := range c.order {
		if !slices.Contains(c.removed, id) && !samePrimitive(c.before[id], *c.cur[id]) {
			out = append(out, id)
		}
	}
	return out
}

func samePrimitive(a, b core.Primitive) bool {
	return a.Name == b.Name && a.Type == b.Type && a.FormalStatement == b.FormalStatement &&
		slices.Equal(a.Dependencies, b.Dependencies) && slices.Equal(a.Enables, b.Enables) &&
		slices.Equal(a.Keywords, b.Keywords) && len(a.Versions) == len(b.Versions)
}
