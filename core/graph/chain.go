package graph

import "github.com/lore-kb/lore/core"

// Node is one primitive in a prerequisite tree: what the primitive above
// it depends on, and (in Children) what it depends on in turn.
type Node struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// EdgeType is the relation from the parent to this node ("" at the
	// root).
	EdgeType core.EdgeType `json:"edgeType,omitempty"`
	Children []*Node       `json:"children,omitempty"`
	// Missing: the dependency's target is not known to the lookup.
	Missing bool `json:"missing,omitempty"`
	// Repeated: the primitive is expanded elsewhere in the tree (nearer
	// the root, or earlier at the same depth); also what stops a cycle.
	Repeated bool `json:"repeated,omitempty"`
	// Truncated: the primitive has dependencies below the depth limit.
	Truncated bool `json:"truncated,omitempty"`
}

// Lookup finds a primitive by id; the store or a slice can provide one.
type Lookup func(id string) (*core.Primitive, bool)

// SliceLookup is a Lookup over prims (the first primitive with an id wins).
func SliceLookup(prims []core.Primitive) Lookup {
	m := make(map[string]*core.Primitive, len(prims))
	for i := range prims {
		if _, ok := m[prims[i].ID]; !ok {
			m[prims[i].ID] = &prims[i]
		}
	}
	return func(id string) (*core.Primitive, bool) {
		p, ok := m[id]
		return p, ok
	}
}

// ReadOnce is a Lookup over get (a store's GetPrimitive) that reads each
// primitive once, starting from known: a tree and the names of a
// primitive's neighbours read the same primitives. A primitive get fails
// to read is not found.
func ReadOnce(known *core.Primitive, get func(id string) (core.Primitive, bool, error)) Lookup {
	seen := map[string]*core.Primitive{known.ID: known}
	return func(id string) (*core.Primitive, bool) {
		if q, ok := seen[id]; ok {
			return q, q != nil
		}
		q, ok, err := get(id)
		if err != nil || !ok {
			seen[id] = nil
			return nil, false
		}
		seen[id] = &q
		return &q, true
	}
}

// DefaultChainDepth is the depth Chain uses when given maxDepth ≤ 0.
const DefaultChainDepth = 10

// Chain is the prerequisite tree of id: its dependencies, theirs, and so
// on down to maxDepth levels, which is what someone has to know before
// the primitive makes sense. Every primitive is expanded once, at its
// shallowest place (breadth first); later occurrences are leaves marked
// Repeated. That keeps the tree no larger than the edges it covers (a
// diamond-shaped graph would otherwise grow exponentially) and makes
// cycles harmless. Chain returns nil if id is unknown or look is nil.
func Chain(look Lookup, id string, maxDepth int) *Node {
	if look == nil {
		return nil
	}
	p, ok := look(id)
	if !ok || p == nil {
		return nil
	}
	if maxDepth <= 0 {
		maxDepth = DefaultChainDepth
	}
	type item struct {
		n     *Node
		p     *core.Primitive
		depth int
	}
	root := &Node{ID: id, Name: p.Name}
	expanded := map[string]bool{}
	queue := []item{{root, p, 0}}
	for h := 0; h < len(queue); h++ {
		it := queue[h]
		if expanded[it.n.ID] {
			it.n.Repeated = true
			continue
		}
		expanded[it.n.ID] = true
		deps := it.p.Dependencies
		if len(deps) == 0 {
			continue
		}
		if it.depth >= maxDepth {
			it.n.Truncated = true
			continue
		}
		it.n.Children = make([]*Node, 0, len(deps))
		for _, e := range deps {
			c := &Node{ID: e.Target, EdgeType: e.Type}
			it.n.Children = append(it.n.Children, c)
			q, ok := look(e.Target)
			if !ok || q == nil {
				c.Missing = true
				continue
			}
			c.Name = q.Name
			queue = append(queue, item{c, q, it.depth + 1})
		}
	}
	return root
}
