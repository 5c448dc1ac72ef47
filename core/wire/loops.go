package wire

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Loops of links. A book read from HTML or EPUB, like a Markdown source,
// writes its theorem-like blocks as fenced divs (::: {.theorem #thm-a} …
// :::) and a link from one to another as [Theorem A](#thm-a), which
// extraction makes a requires edge. Blocks that link to each other in a
// loop cannot all have their edge: a dependency graph has no cycles, so
// extraction (two blocks linking to each other) or Wire (a longer loop)
// leaves one link out. BlockLinks finds such loops in a document's text,
// and Undrawn names the links the wired primitives do not draw, so that a
// person is told which link was not followed and why.

// maxLoopNotes bounds the links Undrawn names one by one for a document;
// the rest are counted. Each costs a search of the graph, and a hostile
// book may hold thousands of loops.
const maxLoopNotes = 8

// BlockLinks are the fenced divs of one document that link to each other
// in loops, and those links.
type BlockLinks struct {
	// Document is the path the document's primitives name in their
	// provenance; Name how the notes name it.
	Document, Name string
	blocks         []loopBlock // in document order
	links          []loopLink  // between blocks of one loop
}

type loopBlock struct {
	id         string
	start, end int // byte range of the div, its fences included
}

type loopLink struct{ from, to int32 }

// rawLink is a link as read, to a block named by its id.
type rawLink struct {
	from int32
	key  string
}

// ReadBlockLinks reads the top-level fenced divs of a Markdown document and
// the links from one to another (a proof's links count for the block
// before it, as extraction counts them), and keeps those that lie on a
// loop. It returns nil when no link does. It reads the text once, and
// finds the loops in time linear in the links (Tarjan's strongly connected
// components).
func ReadBlockLinks(document, name, doc string) *BlockLinks {
	if !strings.Contains(doc, ":::") || !strings.Contains(doc, "](#") {
		return nil
	}
	var (
		blocks  []loopBlock
		proof   []bool
		byID    = map[string]int32{}
		raw     []rawLink
		depth   int
		inCode  bool
		fc      byte
		fn      int
		owner   = int32(-1) // the block the current div's links count for
		lastOwn = int32(-1) // the last top-level div that is no proof
	)
	for start := 0; start < len(doc); {
		end, next := text.Line(doc, start)
		line := doc[start:end]
		rest := strings.TrimLeft(line, " \t")
		c := byte(0)
		if rest != "" {
			c = rest[0]
		}
		n := runOf(rest, c)
		switch {
		case inCode:
			if c == fc && n >= fn && strings.TrimSpace(rest[n:]) == "" {
				inCode = false
			}
		case (c == '`' || c == '~') && n >= 3:
			inCode, fc, fn = true, c, n
		case c == ':' && n >= 3:
			info := strings.TrimSpace(rest[n:])
			if info == "" {
				if depth > 0 {
					depth--
					if depth == 0 {
						blocks[len(blocks)-1].end = next
						owner = -1
					}
				}
				break
			}
			depth++
			if depth > 1 {
				break
			}
			k := int32(len(blocks))
			id, isProof := divAttrs(info)
			blocks = append(blocks, loopBlock{id: id, start: start, end: len(doc)})
			proof = append(proof, isProof)
			if id != "" {
				if _, dup := byID[id]; !dup {
					byID[id] = k
				}
			}
			owner = k
			if isProof {
				owner = lastOwn
			} else {
				lastOwn = k
			}
		default:
			if depth == 0 || owner < 0 {
				break
			}
			for i := 0; ; {
				j := strings.Index(line[i:], "](#")
				if j < 0 {
					break
				}
				at := i + j + 3
				e := strings.IndexByte(line[at:min(len(line), at+200)], ')')
				i = at
				if e <= 0 || strings.ContainsAny(line[at:at+e], " \t(") {
					continue
				}
				raw = append(raw, rawLink{owner, line[at : at+e]})
				i = at + e
			}
		}
		start = next
	}
	var links []loopLink
	seen := map[loopLink]bool{}
	for _, r := range raw {
		t, ok := byID[r.key]
		l := loopLink{r.from, t}
		if !ok || t == r.from || proof[t] || seen[l] {
			continue
		}
		seen[l] = true
		links = append(links, l)
	}
	comp := components(len(blocks), links)
	var kept []loopLink
	for _, l := range links {
		if comp[l.from] == comp[l.to] {
			kept = append(kept, l)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return &BlockLinks{Document: document, Name: name, blocks: blocks, links: kept}
}

// runOf counts the leading bytes of s equal to c.
func runOf(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

// divAttrs reads a div opener's info string ("{.theorem #thm-a
// name="…"}", "proof"): its id, and whether it is a proof.
func divAttrs(info string) (id string, proof bool) {
	if e := strings.IndexByte(info, '}'); strings.HasPrefix(info, "{") && e > 0 {
		info = info[1:e]
	}
	for _, f := range strings.FieldsFunc(info, func(r rune) bool { return r == ' ' || r == ',' }) {
		switch {
		case strings.HasPrefix(f, "#") && id == "":
			id = f[1:]
		case f == ".proof" || f == "proof" || f == "prf:proof":
			proof = true
		}
	}
	return id, proof
}

// components numbers the strongly connected components of the graph of n
// nodes and the given edges (Tarjan's algorithm, without recursion so
// that a loop of any length fits in the stack).
func components(n int, links []loopLink) []int32 {
	out := make([][]int32, n)
	for _, l := range links {
		out[l.from] = append(out[l.from], l.to)
	}
	const unseen = -1
	index := make([]int32, n)
	low := make([]int32, n)
	comp := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i], comp[i] = unseen, unseen
	}
	var (
		stack []int32
		next  int32
		ncomp int32
	)
	type frame struct{ v, edge int32 }
	for root := range int32(n) {
		if index[root] != unseen {
			continue
		}
		calls := []frame{{root, 0}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.v
			if int(f.edge) < len(out[v]) {
				w := out[v][f.edge]
				f.edge++
				switch {
				case index[w] == unseen:
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{w, 0})
				case onStack[w]:
					low[v] = min(low[v], index[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = ncomp
					if w == v {
						break
					}
				}
				ncomp++
			}
		}
	}
	return comp
}

// Undrawn returns a note for each link of bl's loops that the wired
// primitives prims do not draw as an edge (between a primitive read from
// the linking block and one read from the block linked to), naming the
// two blocks and the cycle the edge would have closed: at most
// maxLoopNotes one by one, then how many more there are.
func (bl *BlockLinks) Undrawn(prims []core.Primitive) []string {
	// The primitives read from each block: extraction starts a block's
	// primitive at its opening fence, and a block may give several (a
	// definition of several terms).
	of := make([][]int32, len(bl.blocks))
	blockOf := map[string]int32{}
	for i := range prims {
		p := &prims[i]
		if p.Provenance.Document != bl.Document {
			continue
		}
		off := p.Provenance.Offset
		k := sort.Search(len(bl.blocks), func(k int) bool { return bl.blocks[k].start > off }) - 1
		if k < 0 || off >= bl.blocks[k].end {
			continue
		}
		of[k] = append(of[k], int32(i))
		blockOf[p.ID] = int32(k)
	}
	drawn := map[loopLink]bool{}
	for k, ps := range of {
		for _, i := range ps {
			for _, e := range prims[i].Dependencies {
				if t, ok := blockOf[e.Target]; ok {
					drawn[loopLink{int32(k), t}] = true
				}
			}
		}
	}
	var notes []string
	more := 0
	var g *primGraph
	for _, l := range bl.links {
		if len(of[l.from]) == 0 || len(of[l.to]) == 0 || drawn[l] {
			continue
		}
		if len(notes) == maxLoopNotes {
			more++
			continue
		}
		if g == nil {
			g = newPrimGraph(prims)
		}
		from, to := &prims[of[l.from][0]], &prims[of[l.to][0]]
		msg := fmt.Sprintf("%s: the link from %s to %s is not drawn as a requires edge: ",
			bl.Name, bl.label(l.from, from), bl.label(l.to, to))
		if path := g.path(of[l.to], of[l.from]); path != nil {
			// to depends, edge by edge, on from: from → to closes it.
			names := []string{bl.short(l.from, from), bl.short(l.to, to)}
			for _, i := range path {
				names = append(names, bl.shortPrim(&prims[i], blockOf))
			}
			msg += "it would close the dependency cycle " + loopText(names)
		} else {
			names := []string{bl.short(l.from, from)}
			for _, k := range bl.linkPath(l.to, l.from) {
				names = append(names, bl.short(k, &prims[of[k][0]]))
			}
			msg += "the blocks link in a loop (" + loopText(names) + ") and a dependency graph has no cycles"
		}
		notes = append(notes, msg)
	}
	if more > 0 {
		notes = append(notes, fmt.Sprintf("%s: %d more links between blocks that link in a loop are not drawn as requires edges", bl.Name, more))
	}
	return notes
}

// label names a block for a note: its primitive's name and its id.
func (bl *BlockLinks) label(k int32, p *core.Primitive) string {
	name := p.Name
	if len(name) > 60 {
		name = text.Truncate(name, 60) + "…"
	}
	if id := bl.blocks[k].id; id != "" {
		return fmt.Sprintf("%q (#%s)", name, id)
	}
	return fmt.Sprintf("%q", name)
}

// short names a block in a cycle: by its id.
func (bl *BlockLinks) short(k int32, p *core.Primitive) string {
	if id := bl.blocks[k].id; id != "" {
		return "#" + id
	}
	return fmt.Sprintf("%q", p.Name)
}

func (bl *BlockLinks) shortPrim(p *core.Primitive, blockOf map[string]int32) string {
	if k, ok := blockOf[p.ID]; ok {
		return bl.short(k, p)
	}
	return fmt.Sprintf("%q", p.Name)
}

// linkPath returns the blocks of a shortest chain of links from a to b,
// both included (breadth-first over the loops' links; a and b lie on one
// loop, so there is one).
func (bl *BlockLinks) linkPath(a, b int32) []int32 {
	out := map[int32][]int32{}
	for _, l := range bl.links {
		out[l.from] = append(out[l.from], l.to)
	}
	prev := map[int32]int32{a: -1}
	for queue := []int32{a}; len(queue) > 0; {
		v := queue[0]
		queue = queue[1:]
		if v == b {
			break
		}
		for _, w := range out[v] {
			if _, seen := prev[w]; !seen {
				prev[w] = v
				queue = append(queue, w)
			}
		}
	}
	if _, ok := prev[b]; !ok {
		return []int32{a, b}
	}
	var path []int32
	for v := b; v >= 0; v = prev[v] {
		path = append(path, v)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// loopText writes a cycle, shortening a long one: "#a → #b → #a",
// "#a → #b → #c → … 9,995 more … → #z → #a".
func loopText(names []string) string {
	const head, tail = 3, 2
	if len(names) > head+tail+1 {
		skipped := len(names) - head - tail
		names = append(append(names[:head:head], fmt.Sprintf("… %d more …", skipped)), names[len(names)-tail:]...)
	}
	return strings.Join(names, " → ")
}

// primGraph is the wired primitives' dependency edges by position.
type primGraph struct {
	deps [][]int32
}

func newPrimGraph(prims []core.Primitive) *primGraph {
	at := make(map[string]int32, len(prims))
	for i := range prims {
		if _, dup := at[prims[i].ID]; !dup {
			at[prims[i].ID] = int32(i)
		}
	}
	g := &primGraph{deps: make([][]int32, len(prims))}
	for i := range prims {
		for _, e := range prims[i].Dependencies {
			if t, ok := at[e.Target]; ok {
				g.deps[i] = append(g.deps[i], t)
			}
		}
	}
	return g
}

// path returns a shortest chain of dependencies from one of starts to one
// of goals, starts excluded and the goal reached included, or nil when
// there is none.
func (g *primGraph) path(starts, goals []int32) []int32 {
	goal := map[int32]bool{}
	for _, v := range goals {
		goal[v] = true
	}
	prev := make(map[int32]int32, 64)
	var queue []int32
	for _, s := range starts {
		prev[s] = -1
		queue = append(queue, s)
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, w := range g.deps[v] {
			if _, seen := prev[w]; seen {
				continue
			}
			prev[w] = v
			if goal[w] {
				var path []int32
				for x := w; prev[x] != -1; x = prev[x] {
					path = append(path, x)
				}
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
				return path
			}
			queue = append(queue, w)
		}
	}
	return nil
}
