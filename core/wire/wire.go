package wire

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Options configures Wire.
type Options struct {
	// Depth shallow skips wiring; deep also follows two-letter names.
	Depth core.Depth
}

// Result is what Wire produced.
type Result struct {
	// Primitives are copies of the candidates in document order, wired.
	Primitives []core.Primitive
	// EdgesAdded counts dependency edges added, EnablesAdded entries of the
	// enables reverse index, PrerequisitesAdded prerequisite names.
	EdgesAdded, EnablesAdded, PrerequisitesAdded int
	// References counts the edges the candidates came with (the explicit
	// references extraction found: "by Theorem 2.3", \cref, xref) that
	// were kept.
	References int
	// EdgesByType counts the edges among the candidates per type: those
	// added and the references kept.
	EdgesByType map[core.EdgeType]int
	// Rejected counts edges refused: self-edges, duplicates of an existing
	// (target, type) pair, and edges that would close a cycle (or whose
	// cycle check would have had to read too much of the graph; see
	// referenceBudget).
	Rejected int
}

// Strengths and descriptions of the edges Wire emits.
const (
	appliesStrength  = 0.6
	plainDescription = "Name reference in formal statement"

	// exampleBytes bounds a composition rule's example sentence.
	exampleBytes = 120
	// maxComposed bounds how many applied primitives one algorithm composes,
	// so that a pathological statement naming thousands of definitions
	// cannot produce a quadratic number of rule conditions.
	maxComposed = 32
)

// Wire copies the candidates, sorts them into document order (by offset,
// then document, then id) and wires them: the references they came with
// first, then name cross-references to defined terms, type inference, the
// enables reverse index and composition rules. Document order alone adds
// no edge: that one result follows another is no evidence that it depends
// on it. The input is never modified. The dependency graph over primitive
// ids stays acyclic, with no self-edges and at most one edge from a
// primitive to another (of the type of the strongest evidence); when an edge would close a cycle, the one refused
// is always the weaker evidence (see seedReferences).
func Wire(candidates []core.Primitive, opts Options) Result {
	// Sort compact keys rather than the primitives themselves: a primitive
	// is a few hundred bytes, and reading them in random order is most of
	// the cost of sorting a large book.
	type sortKey struct {
		offset int
		i      int32
	}
	keys := make([]sortKey, len(candidates))
	for i := range candidates {
		keys[i] = sortKey{candidates[i].Provenance.At(), int32(i)}
	}
	slices.SortFunc(keys, func(a, b sortKey) int {
		if a.offset != b.offset {
			return cmp.Compare(a.offset, b.offset)
		}
		x, y := &candidates[a.i], &candidates[b.i]
		return cmp.Or(
			cmp.Compare(x.Provenance.Whole(), y.Provenance.Whole()),
			cmp.Compare(x.ID, y.ID),
			cmp.Compare(a.i, b.i),
		)
	})
	prims := make([]core.Primitive, len(candidates))
	for k, key := range keys {
		prims[k] = clonePrimitive(&candidates[key.i])
	}
	res := Result{Primitives: prims, EdgesByType: make(map[core.EdgeType]int)}
	if opts.Depth == core.Shallow || len(prims) == 0 {
		return res
	}
	w := newWirer(prims, &res, opts.Depth == core.Deep)
	w.seedReferences()
	w.countSeeded()
	w.crossReferences()
	w.enables()
	w.compose()
	w.tidy()
	return res
}

// wirer holds the state of one Wire call.
type wirer struct {
	prims []core.Primitive
	res   *Result
	node  []int32 // candidate → graph node (one node per distinct id)
	ids   []string
	first []int32 // node → its first candidate
	byID  map[string]int32
	graph *graph
	names *nameIndex
	// chosen[from[i]:from[i+1]] are the primitives candidate i's statement
	// refers to, in the order first named. One flat slice keeps 200k
	// candidates from costing 200k allocations.
	chosen []choice
	from   []int32
	wasNil []uint8
	// seeded[i] is how many of candidate i's edges are the references it
	// came with (they come first).
	seeded []int32
	// single[i] caches whether candidate i's name is one content word
	// (0 not yet known, 1 yes, 2 no).
	single []uint8
}

// foreignWord reports whether p's mention of candidate tgt's name is a
// common word of another work's field: a name of one content word
// ("Length", "Version", "Equal") defined by another document in another
// domain. A vector's length in a linear-algebra book is not what a
// WebSocket frame's payload length needs, as LinkStored already holds
// across sessions; one book's own terms, whatever their domain, and
// names of several words stay linked.
func (w *wirer) foreignWord(p *core.Primitive, tgt int32) bool {
	t := &w.prims[tgt]
	if t.Domain == p.Domain || t.Provenance.Whole() == p.Provenance.Whole() {
		return false
	}
	if w.single == nil {
		w.single = make([]uint8, len(w.prims))
	}
	if w.single[tgt] == 0 {
		w.single[tgt] = 2
		if oneWord(TermName(t.Name)) {
			w.single[tgt] = 1
		}
	}
	return w.single[tgt] == 1
}

// Flags of wasNil: which of a candidate's lists came in nil.
const (
	nilDeps uint8 = 1 << iota
	nilPrereqs
)

// tidy gives lists that came in nil and stayed empty back their nil, so a
// candidate nothing was wired to comes out exactly as it went in.
func (w *wirer) tidy() {
	for i := range w.prims {
		p := &w.prims[i]
		if w.wasNil[i]&nilDeps != 0 && len(p.Dependencies) == 0 {
			p.Dependencies = nil
		}
		if w.wasNil[i]&nilPrereqs != 0 && len(p.Prerequisites) == 0 {
			p.Prerequisites = nil
		}
	}
}

func (w *wirer) picks(i int) []choice { return w.chosen[w.from[i]:w.from[i+1]] }

// choice is a primitive a statement refers to, with the relationship the
// words around the first telling mention give it.
type choice struct {
	target int32 // candidate position
	group  keyGroup
	desc   string // the edge description the keyword calls for
}

func newWirer(prims []core.Primitive, res *Result, deep bool) *wirer {
	w := &wirer{
		prims: prims,
		res:   res,
		node:  make([]int32, len(prims)),
		byID:  make(map[string]int32, len(prims)),
		from:  make([]int32, len(prims)+1),
	}
	// Candidates sharing an id share a node: consumers see edges by id, so
	// the graph they see must be the one kept acyclic.
	for i := range prims {
		n, ok := w.byID[prims[i].ID]
		if !ok {
			n = int32(len(w.ids))
			w.byID[prims[i].ID] = n
			w.ids = append(w.ids, prims[i].ID)
			w.first = append(w.first, int32(i))
		}
		w.node[i] = n
	}
	w.graph = newGraph(len(w.ids))
	names := make([]string, len(prims))
	var aliases []string
	docs := make([]string, len(prims))
	types := make([]core.PrimitiveType, len(prims))
	for i := range prims {
		if !Requirement(&prims[i]) {
			names[i] = prims[i].Name
			if a := abbreviation(prims[i].Name, prims[i].FormalStatement); a != "" {
				if aliases == nil {
					aliases = make([]string, len(prims))
				}
				aliases[i] = a
			}
		}
		docs[i] = prims[i].Provenance.Whole()
		types[i] = prims[i].Type
	}
	w.names = buildNameIndex(names, aliases, docs, types, deep)
	return w
}

// addEdge is the one gate every edge passes: it refuses self-edges,
// duplicate (target, type) pairs and cycles, and on success records the
// edge and, when asked, the target's name as a prerequisite.
func (w *wirer) addEdge(src, dst int32, typ core.EdgeType, strength float64, desc string, prereq bool) bool {
	s, t := w.node[src], w.node[dst]
	p := &w.prims[src]
	target := w.ids[t]
	if k := EdgeTo(p, target); k >= 0 {
		// One edge per pair: the stronger evidence stays (the first on a
		// tie), its type with it. The graph has the pair already.
		// A reference the candidate came with is the source's own word
		// and stays whatever is inferred (see seedReferences).
		if old := p.Dependencies[k]; strength > old.Strength && int32(k) >= w.seeded[src] {
			w.res.EdgesByType[old.Type]--
			w.res.EdgesByType[typ]++
			p.Dependencies[k] = core.Edge{Target: target, Type: typ, Strength: strength, Description: desc}
		}
		w.res.Rejected++
		return false
	}
	if s == t || !w.graph.link(s, t, referenceBudget) {
		w.res.Rejected++
		return false
	}
	p.Dependencies = append(p.Dependencies, core.Edge{
		Target: target, Type: typ, Strength: strength, Description: desc,
	})
	w.res.EdgesAdded++
	w.res.EdgesByType[typ]++
	if name := w.prims[dst].Name; prereq && name != "" && !slices.Contains(p.Prerequisites, name) {
		p.Prerequisites = append(p.Prerequisites, name)
		w.res.PrerequisitesAdded++
	}
	return true
}

// seedReferences puts the edges the candidates came with through the
// graph before anything is inferred. Extraction only sets edges for what
// the source itself says — a result that cites another by label or number
// ("by Theorem 2.3", \cref, xref) — so they are the strongest evidence
// there is, and the inferred edges that follow are refused when they would
// close a cycle with them. Only when the references themselves form a
// cycle is one of them dropped: they are tried strongest first, and among
// equally strong ones those to an earlier result before those to a later
// one (a forward reference is more often "see also" than "because of"), so
// the reference refused is the weakest or the forward one. Edges to ids
// outside the candidate set are kept as they are; the names of accepted
// targets join the prerequisites.
func (w *wirer) seedReferences() {
	type ref struct {
		src, k   int32 // candidate, index into its Dependencies
		dst      int32 // candidate position of the target
		strength float64
		forward  bool
	}
	var refs []ref
	for i := range w.prims {
		for k, e := range w.prims[i].Dependencies {
			t, ok := w.byID[e.Target]
			if !ok {
				continue
			}
			dst := w.first[t]
			refs = append(refs, ref{src: int32(i), k: int32(k), dst: dst, strength: evidence(e.Strength), forward: dst > int32(i)})
		}
	}
	if len(refs) == 0 {
		return
	}
	slices.SortStableFunc(refs, func(a, b ref) int {
		if c := cmp.Compare(b.strength, a.strength); c != 0 {
			return c
		}
		if a.forward != b.forward {
			if a.forward {
				return 1
			}
			return -1
		}
		return 0
	})
	// One edge per pair: of references to the same target, the strongest
	// (tried first) is kept.
	type key struct {
		src    int32
		target string
	}
	accepted := make(map[key]struct{}, len(refs))
	keep := make([][]bool, len(w.prims))
	for _, r := range refs {
		p := &w.prims[r.src]
		e := p.Dependencies[r.k]
		k := key{r.src, e.Target}
		s, t := w.node[r.src], w.byID[e.Target]
		if _, dup := accepted[k]; dup || s == t || !w.graph.link(s, t, explicitBudget) {
			w.res.Rejected++
			continue
		}
		accepted[k] = struct{}{}
		if keep[r.src] == nil {
			keep[r.src] = make([]bool, len(p.Dependencies))
		}
		keep[r.src][r.k] = true
	}
	for i := range w.prims {
		p := &w.prims[i]
		if len(p.Dependencies) == 0 {
			continue
		}
		kept := make([]core.Edge, 0, len(p.Dependencies))
		for k, e := range p.Dependencies {
			t, in := w.byID[e.Target]
			switch {
			case !in:
				kept = append(kept, e)
				continue
			case keep[i] == nil || !keep[i][k]:
				continue
			}
			kept = append(kept, e)
			w.res.References++
			w.res.EdgesByType[e.Type]++
			if name := w.prims[w.first[t]].Name; name != "" && !slices.Contains(p.Prerequisites, name) {
				p.Prerequisites = append(p.Prerequisites, name)
				w.res.PrerequisitesAdded++
			}
		}
		p.Dependencies = kept
	}
}

// countSeeded records how many edges each candidate has before inference:
// the references seedReferences kept.
func (w *wirer) countSeeded() {
	w.seeded = make([]int32, len(w.prims))
	for i := range w.prims {
		w.seeded[i] = int32(len(w.prims[i].Dependencies))
	}
}

// evidence is an edge's strength as a rank of evidence: unset or
// nonsensical strengths count as none.
func evidence(s float64) float64 {
	if !(s > 0) {
		return 0
	}
	return min(s, 1)
}

// crossReferences runs the name pass and the type-inference pass. Each
// statement is scanned once. Edges to earlier primitives are added before
// edges to later ones: the former can never close a cycle among themselves,
// so when two primitives name each other the later one keeps its reference
// to the earlier one.
func (w *wirer) crossReferences() {
	sc := newScanner(w.names.vocab, false)
	var (
		kws      []keyword
		mentions []mention
		seen     = make([]int32, len(w.ids)) // node → index into chosen
		stamp    = make([]int32, len(w.ids))
		gen      int32
	)
	for i := range w.prims {
		w.from[i] = int32(len(w.chosen))
		p := &w.prims[i]
		if p.FormalStatement == "" {
			continue
		}
		sc.scan(p.FormalStatement)
		mentions = w.names.match(sc.content, mentions)
		if len(mentions) == 0 {
			continue
		}
		kws = outsideNames(findKeywords(sc.words, kws), mentions)
		gen++
		own := w.names.own[i]
		for _, m := range mentions {
			if m.group == own || m.group == w.names.alias[i] {
				continue // the statement naming its own concept
			}
			tgt := w.names.groups[m.group].resolve(int32(i), p.Provenance.Whole())
			if tgt < 0 || wordForAlias(p, &w.prims[tgt]) || w.foreignWord(p, tgt) {
				continue
			}
			kw, hasKW := nearestKeyword(kws, m.first, m.last, sc.words[m.first].sentence)
			n := w.node[tgt]
			if stamp[n] == gen {
				// Named again: a later mention only matters when the first
				// one carried no relationship keyword.
				c := &w.chosen[seen[n]]
				if c.group == kwNone && hasKW {
					c.group, c.desc = kw.group, kw.desc
				}
				continue
			}
			stamp[n], seen[n] = gen, int32(len(w.chosen))
			c := choice{target: tgt, desc: plainDescription}
			if hasKW {
				c.group, c.desc = kw.group, kw.desc
			}
			w.chosen = append(w.chosen, c)
		}
	}
	w.from[len(w.prims)] = int32(len(w.chosen))
	w.reserve()

	for _, forward := range []bool{false, true} {
		for i := range w.prims {
			for _, c := range w.picks(i) {
				if (c.target > int32(i)) != forward {
					continue
				}
				typ, strength := c.group.edge()
				w.addEdge(int32(i), c.target, typ, strength, c.desc, true)
			}
		}
	}
	for _, forward := range []bool{false, true} {
		for i := range w.prims {
			if !procedural(w.prims[i].Type) {
				continue
			}
			for _, c := range w.picks(i) {
				if (c.target > int32(i)) != forward || !theoretical(w.prims[c.target].Type) {
					continue
				}
				if c.group == kwApplies {
					continue // the keyword pass already tried this very edge
				}
				o := &w.prims[c.target]
				desc := string(w.prims[i].Type) + " applies " + string(o.Type) + " " + strconv.Quote(o.Name)
				w.addEdge(int32(i), c.target, core.Applies, appliesStrength, desc, true)
			}
		}
	}
}

// reserve gives every candidate room for the most edges and prerequisites
// the remaining passes can add (one per name it mentions, one more per
// definition or theorem for an algorithm), carved out of two shared
// arrays. Capacities are capped, so a caller appending to one primitive's
// slice later cannot overwrite its neighbour's.
func (w *wirer) reserve() {
	edgeBound := make([]int, len(w.prims))
	edges, prereqs := 0, 0
	for i := range w.prims {
		p := &w.prims[i]
		n := len(w.picks(i))
		b := len(p.Dependencies) + n
		if procedural(p.Type) {
			b += n
		}
		edgeBound[i] = b
		edges += b
		prereqs += len(p.Prerequisites) + n
	}
	edgeArena := make([]core.Edge, 0, edges)
	nameArena := make([]string, 0, prereqs)
	w.wasNil = make([]uint8, len(w.prims))
	for i := range w.prims {
		p := &w.prims[i]
		if p.Dependencies == nil {
			w.wasNil[i] |= nilDeps
		}
		if p.Prerequisites == nil {
			w.wasNil[i] |= nilPrereqs
		}
		at := len(edgeArena)
		edgeArena = append(edgeArena, p.Dependencies...)
		p.Dependencies = edgeArena[at : len(edgeArena) : at+edgeBound[i]]
		edgeArena = edgeArena[:at+edgeBound[i]]
		at = len(nameArena)
		bound := len(p.Prerequisites) + len(w.picks(i))
		nameArena = append(nameArena, p.Prerequisites...)
		p.Prerequisites = nameArena[at : len(nameArena) : at+bound]
		nameArena = nameArena[:at+bound]
	}
}

func procedural(t core.PrimitiveType) bool { return t == core.Algorithm || t == core.Technique }

func theoretical(t core.PrimitiveType) bool { return t == core.Definition || t == core.Theorem }

// enables rebuilds every candidate's enables list as the exact reverse of
// the dependency edges among the candidates. Entries naming ids outside the
// candidate set are left alone: they come from elsewhere.
func (w *wirer) enables() {
	for n := range w.ids {
		slices.Sort(w.graph.rdeps[n]) // node numbers follow document order
	}
	kept := func(p *core.Primitive, yield func(string)) {
		for k, id := range p.Enables {
			if _, in := w.byID[id]; !in && !slices.Contains(p.Enables[:k], id) {
				yield(id)
			}
		}
	}
	total := 0
	for i := range w.prims {
		kept(&w.prims[i], func(string) { total++ })
		total += len(w.graph.rdeps[w.node[i]])
	}
	arena := make([]string, 0, total)
	for i := range w.prims {
		p := &w.prims[i]
		at := len(arena)
		kept(p, func(id string) { arena = append(arena, id) })
		for _, d := range w.graph.rdeps[w.node[i]] {
			arena = append(arena, w.ids[d])
			w.res.EnablesAdded++
		}
		if len(arena) == at && p.Enables == nil {
			continue
		}
		p.Enables = arena[at:len(arena):len(arena)]
	}
}

// compose adds composition rules to every algorithm or technique that
// applies or requires two or more definitions or theorems. Team generation
// needs these rules to form teams; the reference never produced any. One
// rule is added per applied primitive:
//
//   - With is the applied primitive, Yields the algorithm's name;
//   - Type is nested when the applied primitive or another applied one
//     depends directly on the other (one is built inside the other),
//     otherwise sequential when the statement names the applied primitives
//     in the order the document introduced them (a pipeline), otherwise
//     parallel;
//   - Conditions names the other applied primitives;
//   - Example is the statement's first sentence.
func (w *wirer) compose() {
	inSet := make([]uint32, len(w.ids))
	var gen uint32
	var applied []choice
	for i := range w.prims {
		p := &w.prims[i]
		if !procedural(p.Type) || len(w.picks(i)) < 2 {
			continue
		}
		applied = applied[:0]
		for _, c := range w.picks(i) {
			o := &w.prims[c.target]
			if !theoretical(o.Type) {
				continue
			}
			if !p.HasEdge(o.ID, core.Applies) && !p.HasEdge(o.ID, core.Requires) {
				continue
			}
			applied = append(applied, c)
			if len(applied) == maxComposed {
				break
			}
		}
		if len(applied) < 2 {
			continue
		}
		gen++
		for _, c := range applied {
			inSet[w.node[c.target]] = gen
		}
		// A motivating edge (from stored data: wiring no longer adds them)
		// says nothing about one concept being built from another, so only
		// the other edge types make a rule nested.
		nested := make([]bool, len(applied))
		for k, c := range applied {
			for _, e := range w.prims[c.target].Dependencies {
				d, ok := w.byID[e.Target]
				if !ok || e.Type == core.Motivates || inSet[d] != gen {
					continue
				}
				nested[k] = true
				for j, o := range applied {
					if w.node[o.target] == d {
						nested[j] = true
					}
				}
			}
		}
		inOrder := slices.IsSortedFunc(applied, func(a, b choice) int { return cmp.Compare(a.target, b.target) })
		example := text.FirstSentence(p.FormalStatement, exampleBytes)
		for k, c := range applied {
			with := w.prims[c.target].ID
			if slices.ContainsFunc(p.CompositionRules, func(r core.CompositionRule) bool { return r.With == with }) {
				continue
			}
			typ := core.Parallel
			switch {
			case nested[k]:
				typ = core.Nested
			case inOrder:
				typ = core.Sequential
			}
			conds := make([]string, 0, len(applied)-1)
			for j, o := range applied {
				if j != k {
					conds = append(conds, w.prims[o.target].Name)
				}
			}
			p.CompositionRules = append(p.CompositionRules, core.CompositionRule{
				With: with, Yields: p.Name, Type: typ, Conditions: conds, Example: example,
			})
		}
	}
}

// EdgeTo returns the index of p's edge to target, or -1: a primitive has
// at most one edge to another, of the type of the strongest evidence.
func EdgeTo(p *core.Primitive, target string) int {
	return slices.IndexFunc(p.Dependencies, func(e core.Edge) bool { return e.Target == target })
}

// AddEdge adds e to p's edges, or, when p has an edge to e's target
// already, keeps the stronger of the two (the one p has on a tie). It
// reports whether e was added or replaced the one p had.
func AddEdge(p *core.Primitive, e core.Edge) bool {
	k := EdgeTo(p, e.Target)
	switch {
	case k < 0:
		p.Dependencies = append(p.Dependencies, e)
	case evidence(e.Strength) > evidence(p.Dependencies[k].Strength):
		p.Dependencies[k] = e
	default:
		return false
	}
	return true
}

// clonePrimitive copies p deeply enough that nothing Wire appends or edits
// is shared with the caller. The slices Wire only reads (keywords, tags,
// applicability patterns) stay shared: no stage edits them in place (a
// merge builds new ones), and copying them was a tenth of a dense
// source's peak heap.
func clonePrimitive(p *core.Primitive) core.Primitive {
	c := *p
	c.Prerequisites = slices.Clone(p.Prerequisites)
	c.Dependencies = slices.Clone(p.Dependencies)
	c.Enables = slices.Clone(p.Enables)
	if p.CompositionRules != nil {
		c.CompositionRules = make([]core.CompositionRule, len(p.CompositionRules))
		for i, r := range p.CompositionRules {
			r.Conditions = slices.Clone(r.Conditions)
			c.CompositionRules[i] = r
		}
	}
	return c
}
