package backend

import (
	"slices"

	"github.com/lore-kb/lore/core"
)

// PrimitiveStore keeps the knowledge: the primitives, their edges (each
// primitive's dependencies, read back from either end) and the indexes the
// engine queries. Primitives change only through sessions (CommitSession,
// AppendToSession), which apply their changes in order and at once: a
// commit that fails leaves every primitive as it was.
//
// Applying a change: an add or an update makes the primitive its After
// state, whatever was stored under its id; a remove deletes it (nothing
// for an id not stored); a conflict change makes the conflict its
// ConflictAfter state, or deletes it when that is nil; a note changes
// nothing. Edges are a primitive's Dependencies, one per target and type
// (the first wins); a target need not be stored.
//
// Keywords are compared normalized (dedup.NormKeywords), names by their
// stems (text.NameStems).
type PrimitiveStore interface {
	// GetPrimitive returns the primitive of this id; ok is false when
	// there is none.
	GetPrimitive(id string) (p core.Primitive, ok bool, err error)
	// Primitives calls fn for every primitive, in id order, as of one
	// moment; an error from fn stops it and is returned as it is.
	Primitives(fn func(core.Primitive) error) error
	// Count is the number of primitives.
	Count() (int, error)
	// ByDomain returns a domain's primitives, in id order.
	ByDomain(domain string) ([]core.Primitive, error)
	// SameContent returns the primitives whose content hash is hash, in
	// id order; none for "".
	SameContent(hash string) ([]core.Primitive, error)
	// Near is the dedup prefilter: the primitives sharing at least
	// minShared of p's keywords whose plane position is within
	// maxDistance of p's; with limit > 0, only the limit of them sharing
	// the most keywords (ties by id). The primitives with p's content
	// hash are added, whatever the limit. In id order.
	Near(p *core.Primitive, maxDistance float64, minShared, limit int) ([]core.Primitive, error)
	// NamesStartingWith returns, for each of words (a name's first stem),
	// the primitives whose name's first stem it is, ordered by the bytes
	// of their stems, '/' and their id (so "vector space axiom" before
	// "vector space", ' ' being before '/'): the order callers that stop
	// after a few take them in. A word nothing starts with is absent.
	NamesStartingWith(words []string) (map[string][]core.NameRef, error)
	// Dependents returns the primitives with an edge to id (stored or
	// not), ordered by their id then the edge's type.
	Dependents(id string) ([]core.Dependent, error)
	// Generation is a number that changes whenever primitives, edges or
	// conflicts change, by this process or another, so that what is
	// derived from them (a search index) is derived again only then.
	// Compare it for equality only; it may change when nothing did.
	Generation() (uint64, error)
	// TopByImportance returns up to n primitives by descending
	// importance (core.Primitive.Importance), ties and the primitives of
	// no importance by id, after skipping offset of them.
	TopByImportance(n, offset int) ([]core.Primitive, error)
}

// Edges returns p's edges as every backend keeps them: one per (target,
// type), the first occurrence winning, which is also what
// core.Primitive.HasEdge considers.
func Edges(p *core.Primitive) []core.Edge {
	out := make([]core.Edge, 0, len(p.Dependencies))
	for _, e := range p.Dependencies {
		if !slices.ContainsFunc(out, func(o core.Edge) bool { return o.Target == e.Target && o.Type == e.Type }) {
			out = append(out, e)
		}
	}
	return out
}

// ConflictStore keeps the conflicts learning found, pending and resolved.
// They change only through sessions' conflict changes.
type ConflictStore interface {
	// Conflicts returns every conflict, in id order.
	Conflicts() ([]core.Conflict, error)
	// Conflict returns the conflict of this id; ok is false when there is
	// none.
	Conflict(id string) (c core.Conflict, ok bool, err error)
}
