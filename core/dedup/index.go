package dedup

import (
	"cmp"
	"math"
	"slices"
	"sync"

	"github.com/lore-kb/lore/core"
)

// The plane grid: [-1, 1]² cut into gridN×gridN square cells of cellSize.
// Positions outside the square fall into the edge cells, so they are still
// found (the exact distance test follows).
const (
	cellSize = 0.2
	gridN    = 10
	// gridEps widens a query's cell range so that rounding in x±r never
	// drops a cell holding a primitive exactly at distance r.
	gridEps = 1e-9
)

// Index is an in-memory Registry: the candidates accepted so far in one run
// (so intra-run duplicates are caught), and the registry of tests and
// benchmarks.
//
// It files every primitive under its plane grid cell and, inside the cell,
// under each of its normalized keywords, and keeps a content-hash map. A
// query looks only at the cells within MaxDistance and, inside them, only
// at the posting lists of the candidate's keywords; of those it walks all
// but the MinSharedKeywords−1 longest, which is enough (a primitive sharing
// k of the candidate's keywords shares at least one outside any k−1 of
// them) and skips the lists of the most common words. So the cost of a
// query depends on how many primitives near the candidate carry its rarer
// keywords, not on the size of the index. Only a query with
// MinSharedKeywords ≤ 0 (distance alone decides) walks whole cells.
//
// Near returns exactly the primitives the prefilter rule admits. An Index is
// safe for concurrent use. Keyword strings are interned for the life of the
// Index and never released.
type Index struct {
	mu      sync.RWMutex
	entries []entry
	free    []int32
	byID    map[string]int32
	// byHash maps a content hash to the slot of one primitive with it;
	// hashMore holds the further slots of hashes shared by several, so
	// the common case costs no slice per primitive.
	byHash   map[string]int32
	hashMore map[string][]int32
	words    map[string]uint32
	cells    [gridN * gridN]cell
	seq      uint64
	n        int
}

// entry is what a query touches of an indexed primitive, kept small so the
// entries walked for one query share few cache lines; the primitive itself
// is only read for the matches.
type entry struct {
	plane core.PlanePosition
	// kws are the interned normalized keywords, sorted, unique.
	kws     []uint32
	p       *core.Primitive
	cell    int32
	cellPos int32 // position in cells[cell].all
	seq     uint64
	live    bool
}

type cell struct {
	all  []int32
	post map[uint32][]int32
}

// NewIndex returns an empty Index.
func NewIndex() *Index {
	return &Index{
		byID:     make(map[string]int32),
		byHash:   make(map[string]int32),
		hashMore: make(map[string][]int32),
		words:    make(map[string]uint32),
	}
}

// Len is the number of primitives in the index.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.n
}

// Has reports whether a primitive with the id is in the index.
func (x *Index) Has(id string) bool {
	x.mu.RLock()
	defer x.mu.RUnlock()
	_, ok := x.byID[id]
	return ok
}

// Get returns the indexed primitive with the id.
func (x *Index) Get(id string) (core.Primitive, bool) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	s, ok := x.byID[id]
	if !ok {
		return core.Primitive{}, false
	}
	return *x.entries[s].p, true
}

// Add files p, replacing any primitive with the same id. The index keeps p
// as given: the caller must not modify p's slices afterwards.
func (x *Index) Add(p core.Primitive) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if _, ok := x.byID[p.ID]; ok {
		x.remove(p.ID)
	}
	var slot int32
	if n := len(x.free); n > 0 {
		slot = x.free[n-1]
		x.free = x.free[:n-1]
	} else {
		slot = int32(len(x.entries))
		x.entries = append(x.entries, entry{})
	}
	kws := make([]uint32, 0, len(p.Keywords))
	for _, k := range p.Keywords {
		k = normKeyword(k)
		if k == "" {
			continue
		}
		w, ok := x.words[k]
		if !ok {
			w = uint32(len(x.words))
			x.words[k] = w
		}
		kws = append(kws, w)
	}
	slices.Sort(kws)
	kws = slices.Compact(kws)
	c := cellOf(p.Plane)
	cl := &x.cells[c]
	if cl.post == nil {
		cl.post = make(map[uint32][]int32)
	}
	x.seq++
	x.entries[slot] = entry{plane: p.Plane, p: &p, kws: kws, cell: int32(c), cellPos: int32(len(cl.all)), seq: x.seq, live: true}
	cl.all = append(cl.all, slot)
	for _, w := range kws {
		cl.post[w] = append(cl.post[w], slot)
	}
	if h := p.Provenance.ContentHash; h != "" {
		if _, ok := x.byHash[h]; ok {
			x.hashMore[h] = append(x.hashMore[h], slot)
		} else {
			x.byHash[h] = slot
		}
	}
	x.byID[p.ID] = slot
	x.n++
}

// Remove drops the primitive with the id and reports whether there was one.
func (x *Index) Remove(id string) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.remove(id)
}

func (x *Index) remove(id string) bool {
	slot, ok := x.byID[id]
	if !ok {
		return false
	}
	e := &x.entries[slot]
	cl := &x.cells[e.cell]
	// Swap-delete from the cell list, fixing the moved entry's position.
	last := cl.all[len(cl.all)-1]
	cl.all[e.cellPos] = last
	x.entries[last].cellPos = e.cellPos
	cl.all = cl.all[:len(cl.all)-1]
	for _, w := range e.kws {
		cl.post[w] = dropSlot(cl.post[w], slot)
		if len(cl.post[w]) == 0 {
			delete(cl.post, w)
		}
	}
	if h := e.p.Provenance.ContentHash; h != "" {
		more := x.hashMore[h]
		if x.byHash[h] == slot {
			if len(more) == 0 {
				delete(x.byHash, h)
			} else {
				x.byHash[h] = more[len(more)-1]
				more = more[:len(more)-1]
			}
		} else {
			more = dropSlot(more, slot)
		}
		if len(more) == 0 {
			delete(x.hashMore, h)
		} else {
			x.hashMore[h] = more
		}
	}
	delete(x.byID, id)
	*e = entry{}
	x.free = append(x.free, slot)
	x.n--
	return true
}

// dropSlot removes s from a posting list (order is not kept). Lists are
// per keyword and cell, so the scan is short.
func dropSlot(list []int32, s int32) []int32 {
	for i, v := range list {
		if v == s {
			list[i] = list[len(list)-1]
			return list[:len(list)-1]
		}
	}
	return list
}

// Near implements Registry. It returns exactly the indexed primitives the
// prefilter rule admits for p, in insertion order. It never fails.
func (x *Index) Near(p *core.Primitive, cfg Config) ([]core.Primitive, error) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	slots := x.near(p, cfg)
	if max := cfg.CompareLimit(); len(slots) > max {
		slots = x.best(p, slots, max)
	}
	out := make([]core.Primitive, len(slots))
	for i, s := range slots {
		out[i] = *x.entries[s].p
	}
	return out, nil
}

func (x *Index) near(p *core.Primitive, cfg Config) []int32 {
	var hits []int32
	if h := p.Provenance.ContentHash; h != "" {
		if s, ok := x.byHash[h]; ok {
			hits = append(hits, s)
			hits = append(hits, x.hashMore[h]...)
		}
	}
	if cfg.MaxDistance >= 0 && !math.IsNaN(p.Plane.Real) && !math.IsNaN(p.Plane.Imaginary) {
		hits = x.nearByGrid(p, cfg, hits)
	}
	// Order by insertion and drop the duplicates of hash and grid hits.
	slices.SortFunc(hits, func(a, b int32) int {
		sa, sb := x.entries[a].seq, x.entries[b].seq
		switch {
		case sa < sb:
			return -1
		case sa > sb:
			return 1
		}
		return 0
	})
	return slices.Compact(hits)
}

func (x *Index) nearByGrid(p *core.Primitive, cfg Config, hits []int32) []int32 {
	r := cfg.MaxDistance
	x0, x1 := coord(p.Plane.Real-r-gridEps), coord(p.Plane.Real+r+gridEps)
	y0, y1 := coord(p.Plane.Imaginary-r-gridEps), coord(p.Plane.Imaginary+r+gridEps)
	within := func(s int32) bool { return p.Plane.Distance(x.entries[s].plane) <= r }

	if cfg.MinSharedKeywords <= 0 {
		for cx := x0; cx <= x1; cx++ {
			for cy := y0; cy <= y1; cy++ {
				for _, s := range x.cells[cx*gridN+cy].all {
					if within(s) {
						hits = append(hits, s)
					}
				}
			}
		}
		return hits
	}

	// The candidate's keywords the index knows, with their posting lists
	// in the neighbourhood's cells (word i's at lists[i*nc:(i+1)*nc]).
	type word struct {
		id    uint32
		at    int // index of the word's first list
		count int
	}
	nc := (x1 - x0 + 1) * (y1 - y0 + 1)
	var ws []word
	var lists [][]int32
	for _, k := range p.Keywords {
		k = normKeyword(k)
		w, ok := x.words[k]
		if !ok || slices.ContainsFunc(ws, func(v word) bool { return v.id == w }) {
			continue
		}
		at, n := len(lists), 0
		for cx := x0; cx <= x1; cx++ {
			for cy := y0; cy <= y1; cy++ {
				l := x.cells[cx*gridN+cy].post[w]
				lists = append(lists, l)
				n += len(l)
			}
		}
		if n > 0 {
			ws = append(ws, word{w, at, n})
		} else {
			lists = lists[:at]
		}
	}
	k := cfg.MinSharedKeywords
	if len(ws) < k {
		return hits
	}
	slices.SortStableFunc(ws, func(a, b word) int { return a.count - b.count })
	cand := make([]uint32, len(ws))
	for i, w := range ws {
		cand[i] = w.id
	}
	slices.Sort(cand)
	// Walk the rarest len(ws)-k+1 words' lists; verify each primitive found.
	var seen []int32
	for _, w := range ws[:len(ws)-k+1] {
		for _, l := range lists[w.at : w.at+nc] {
			seen = append(seen, l...)
		}
	}
	slices.Sort(seen)
	// A slot appears once per walked word that it carries, so the length
	// of its run is how many walked words it shares; only the k-1 skipped
	// (commonest) words still need looking up in its keywords.
	skipped := make([]uint32, 0, k-1)
	for _, w := range ws[len(ws)-k+1:] {
		skipped = append(skipped, w.id)
	}
	for i := 0; i < len(seen); {
		j := i + 1
		for j < len(seen) && seen[j] == seen[i] {
			j++
		}
		s, n := seen[i], j-i
		i = j
		if n < k {
			for _, w := range skipped {
				if _, ok := slices.BinarySearch(x.entries[s].kws, w); ok {
					n++
				}
			}
		}
		if n >= k && within(s) {
			hits = append(hits, s)
		}
	}
	return hits
}

// sameContent returns the indexed primitives with content hash h.
func (x *Index) sameContent(h string) []core.Primitive {
	x.mu.RLock()
	defer x.mu.RUnlock()
	s, ok := x.byHash[h]
	if !ok {
		return nil
	}
	out := []core.Primitive{*x.entries[s].p}
	for _, m := range x.hashMore[h] {
		out = append(out, *x.entries[m].p)
	}
	return out
}

// best keeps the max slots the prefilter would rank first (see
// rankMatches), in insertion order.
func (x *Index) best(p *core.Primitive, slots []int32, max int) []int32 {
	var ck []uint32
	for _, k := range p.Keywords {
		if w, ok := x.words[normKeyword(k)]; ok {
			ck = append(ck, w)
		}
	}
	slices.Sort(ck)
	ck = slices.Compact(ck)
	type scored struct {
		s      int32
		same   bool
		shared int
		d      float64
	}
	sc := make([]scored, len(slots))
	for i, s := range slots {
		e := &x.entries[s]
		sc[i] = scored{s, sameHash(p, e.p), CountCommon(ck, e.kws), p.Plane.Distance(e.plane)}
	}
	slices.SortStableFunc(sc, func(a, b scored) int {
		switch {
		case a.same != b.same:
			if a.same {
				return -1
			}
			return 1
		case a.shared != b.shared:
			return b.shared - a.shared
		case a.d < b.d:
			return -1
		case a.d > b.d:
			return 1
		}
		return 0
	})
	out := make([]int32, max)
	for i := range out {
		out[i] = sc[i].s
	}
	slices.SortFunc(out, func(a, b int32) int {
		switch sa, sb := x.entries[a].seq, x.entries[b].seq; {
		case sa < sb:
			return -1
		case sa > sb:
			return 1
		}
		return 0
	})
	return out
}

// CountCommon counts the values two sorted unique lists share (such as
// two primitives' normalized keywords).
func CountCommon[T cmp.Ordered](a, b []T) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// coord is the grid column (or row) of one coordinate, clamped to the grid.
func coord(v float64) int {
	if math.IsNaN(v) {
		return 0
	}
	c := math.Floor((v + 1) / cellSize)
	switch {
	case c < 0:
		return 0
	case c >= gridN:
		return gridN - 1
	}
	return int(c)
}

func cellOf(p core.PlanePosition) int { return coord(p.Real)*gridN + coord(p.Imaginary) }
