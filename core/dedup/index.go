package dedup

import (
	"cmp"
	"math"
	"slices"
	"sync"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// The bounds of a run index's query (see Near): it walks at most
// runBudget postings and checks at most maxChecked primitives against
// their keywords. walkPerCheck is about how many postings are walked in
// the time one check takes (a check reads a primitive's keywords, a cache
// miss; a posting is the next one in a list). A query whose walk the
// budget cuts short checks only maxChecked/cutShare: the primitives to
// check are then those found in a single list of a rare word, which share
// few of the candidate's keywords (one that shares many is found in several
// lists and needs no check), and in a dense source (every query cut) the
// checks were most of the query's cost for matches that rank last.
const (
	runBudget    = 2048
	maxChecked   = 128
	walkPerCheck = 16
	cutShare     = 4
)

// Index is an in-memory Registry: the candidates accepted so far in one run
// (so intra-run duplicates are caught), and the registry of tests and
// benchmarks.
//
// It files every primitive under its plane grid cell and, inside the cell,
// under each of its normalized keywords (posting lists in insertion order),
// and keeps a content-hash map. A query looks only at the cells within
// MaxDistance and, inside them, only at the posting lists of the
// candidate's keywords, rarest first; of those it walks all but the
// MinSharedKeywords−1 longest, which is enough (a primitive sharing k of the
// candidate's keywords shares at least one outside any k−1 of them) and
// skips the lists of the most common words. Only a query with
// MinSharedKeywords ≤ 0 (distance alone decides) walks whole cells.
//
// An Index from NewIndex walks every such list, so Near returns exactly the
// primitives the prefilter rule admits. Its cost grows with the number of
// nearby primitives that carry the candidate's words, which in a dense
// source (thousands of short statements over one vocabulary, all at one
// plane position) is a fixed share of everything indexed so far: checking
// a run's candidates against each other was quadratic. A run index
// (NewRunIndex) bounds what one query walks and checks, and adds MinHash
// bands over the keyword sets, so a query costs a bounded amount however
// large the run grows: see Near for what it still guarantees to find.
//
// An Index is safe for concurrent use. Keyword strings (and, in a run
// index, statement and form tokens and patterns) are interned for the life
// of the Index and never released.
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
	// byName maps a domain and text.NameKey to the slots of the primitives
	// with them (see Named).
	byName map[string][]int32
	words  map[string]uint32
	// post holds each word's posting lists, by word id.
	post []postings
	// at and kws are each slot's plane position and insertion number,
	// and interned normalized keywords (sorted, unique, in ids).
	at    []slotAt
	kws   [][]uint32
	ids   idArena
	cells [GridSize * GridSize]cell
	seq   uint64
	n     int
	// budget bounds the postings a query walks and checks the primitives
	// it checks against their keywords (0: no bound).
	budget, checks int
	// lsh, in a run index, files each primitive under lshBands MinHash
	// band keys of its keyword set (see bandKeys): lshHead holds each
	// key's newest slot, lshNext[slot*lshBands+band] the next older one
	// (-1: none).
	lsh     bool
	lshHead map[uint64]int32
	lshNext []int32
	// features says Add computes each primitive's comparison features,
	// interned (compact), so the deduper compares without tokenizing
	// or comparing strings (a run index); sums then holds each slot's
	// summary of them (see slotSum).
	features bool
	sums     []slotSum
	scratch  sync.Pool
}

// entry is an indexed primitive. What a query reads of every primitive it
// finds — the plane position and the keyword ids — is kept apart, in
// arrays by slot (Index.at, Index.kws, the ids in an arena), so that
// the primitives one query examines share cache lines; the entry is only
// read for the matches.
type entry struct {
	// id is p.ID, kept here so that a query's records do not read the
	// primitive.
	id      string
	p       *core.Primitive
	c       *compact // with Index.features
	cell    int32
	cellPos int32 // position in cells[cell].all
	live    bool
}

type cell struct {
	all []int32
}

// postings are one word's posting lists, one per grid cell that holds a
// primitive carrying the word: the slots, in insertion order.
type postings []cellPostings

type cellPostings struct {
	cell  int32
	slots []int32
}

// in returns the word's list in cell c (nil if none).
func (ps postings) in(c int32) *cellPostings {
	for i := range ps {
		if ps[i].cell == c {
			return &ps[i]
		}
	}
	return nil
}

// NewIndex returns an empty Index whose Near is exact.
func NewIndex() *Index {
	return &Index{
		byID:     make(map[string]int32),
		byHash:   make(map[string]int32),
		hashMore: make(map[string][]int32),
		byName:   make(map[string][]int32),
		words:    make(map[string]uint32),
	}
}

// NewRunIndex returns an empty Index for the candidates of one run: a
// query's cost is bounded (see Near), and Add computes each primitive's
// comparison features once, as ids of the index's dictionary.
func NewRunIndex() *Index {
	x := NewIndex()
	x.budget, x.checks = runBudget, maxChecked
	x.features = true
	x.lsh, x.lshHead = true, make(map[uint64]int32)
	return x
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
func (x *Index) Add(p core.Primitive) { x.add(&p, nil) }

// add is Add keeping p itself, with p's features when the caller has them
// (they are read, not kept).
func (x *Index) add(p *core.Primitive, f *Features) {
	if x.features && f == nil {
		f = FeaturesOf(p)
	}
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
		x.at = append(x.at, slotAt{})
		x.kws = append(x.kws, nil)
		if x.features {
			x.sums = append(x.sums, slotSum{})
		}
		if x.lsh {
			x.lshNext = append(x.lshNext, make([]int32, lshBands)...)
		}
	}
	var cf *compact
	var kws []uint32
	if x.features {
		cf = x.compactOf(f)
		kws = cf.keywords
	} else {
		kws = x.ids.alloc(len(p.Keywords))
		for _, k := range p.Keywords {
			if k = NormKeyword(k); k != "" {
				kws = append(kws, x.intern(k))
			}
		}
		slices.Sort(kws)
		kws = slices.Clip(slices.Compact(kws))
	}
	c := cellOf(p.Plane)
	cl := &x.cells[c]
	x.seq++
	x.entries[slot] = entry{id: p.ID, p: p, c: cf, cell: int32(c), cellPos: int32(len(cl.all)), live: true}
	x.at[slot], x.kws[slot] = slotAt{p.Plane, x.seq}, kws
	if x.features {
		x.sums[slot] = summaryOf(cf)
	}
	if x.lsh && len(kws) > 0 {
		for j, key := range bandKeys(kws) {
			next, ok := x.lshHead[key]
			if !ok {
				next = -1
			}
			x.lshNext[int(slot)*lshBands+j] = next
			x.lshHead[key] = slot
		}
	}
	cl.all = append(cl.all, slot)
	for _, w := range kws {
		if int(w) >= len(x.post) {
			x.post = append(x.post, make([]postings, int(w)+1-len(x.post))...)
		}
		if l := x.post[w].in(int32(c)); l != nil {
			l.slots = append(l.slots, slot)
		} else {
			x.post[w] = append(x.post[w], cellPostings{cell: int32(c), slots: []int32{slot}})
		}
	}
	if h := p.Provenance.ContentHash; h != "" {
		if _, ok := x.byHash[h]; ok {
			x.hashMore[h] = append(x.hashMore[h], slot)
		} else {
			x.byHash[h] = slot
		}
	}
	if k := text.NameKey(p.Name); k != "" {
		ns := nameSlot(p.Domain, k)
		x.byName[ns] = append(x.byName[ns], slot)
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
	if x.lsh && len(x.kws[slot]) > 0 {
		x.unlinkBands(slot)
	}
	for _, w := range x.kws[slot] {
		ps := x.post[w]
		for i := range ps {
			if ps[i].cell != e.cell {
				continue
			}
			if ps[i].slots = dropPosting(ps[i].slots, slot); len(ps[i].slots) == 0 {
				x.post[w] = slices.Delete(ps, i, i+1)
			}
			break
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
	if k := text.NameKey(e.p.Name); k != "" {
		ns := nameSlot(e.p.Domain, k)
		if more := dropSlot(x.byName[ns], slot); len(more) == 0 {
			delete(x.byName, ns)
		} else {
			x.byName[ns] = more
		}
	}
	delete(x.byID, id)
	*e = entry{}
	x.at[slot], x.kws[slot] = slotAt{}, nil
	if x.features {
		x.sums[slot] = slotSum{}
	}
	x.free = append(x.free, slot)
	x.n--
	return true
}

// dropSlot removes s from a list (order is not kept).
func dropSlot(list []int32, s int32) []int32 {
	for i, v := range list {
		if v == s {
			list[i] = list[len(list)-1]
			return list[:len(list)-1]
		}
	}
	return list
}

// dropPosting removes s from a posting list, keeping the insertion order
// (a bounded query walks the newest postings of a list).
func dropPosting(list []int32, s int32) []int32 {
	if i := slices.Index(list, s); i >= 0 {
		return slices.Delete(list, i, i+1)
	}
	return list
}

// slotAt is what a query reads of every primitive it admits.
type slotAt struct {
	plane core.PlanePosition
	seq   uint64
}

// A mark is two bytes, a query's stamp over a count, so that the array of
// marks (one per indexed primitive, read at random for every posting a
// query walks) stays in the processor's second-level cache as long as it
// can: at four bytes it outgrew it at about 100k candidates, and checking
// the marks became a quarter of the run index's query. The short stamp
// wraps every stampMax queries, and the marks are cleared then.
const (
	countBits = 8
	countMax  = 1<<countBits - 1
	stampMax  = 1<<(16-countBits) - 1
)

// scratch is one query's working memory, pooled per Index.
type scratch struct {
	// mark[s]>>countBits == stamp says slot s is already among the
	// query's hits or was already found; the low countBits bits then
	// count the walked lists it was found in (up to countMax).
	mark []uint16
	// words are the candidate's words the index knows (set by
	// nearByGrid).
	words wordSet
	// recount says best must count the shared keywords of the hits
	// without full counts.
	recount bool
	stamp   uint16
	found   []int32
	probed  []int32
	ids     []uint32
	hits    []hit
	// cut says the query's bounds cut it short.
	cut   bool
	ws    []word
	lists [][]int32
}

// hit is a slot the query admits, with what ranks it.
type hit struct {
	s      int32
	seq    uint64
	same   bool
	full   bool // shared is the full count
	shared int32
	d      float64
}

// word is one of the candidate's keywords the index knows, with its
// posting lists in the neighbourhood's cells (lists[at:at+n]) and their
// total length.
type word struct {
	id    uint32
	at, n int
	count int
}

func (x *Index) getScratch() *scratch {
	sc, _ := x.scratch.Get().(*scratch)
	if sc == nil {
		sc = new(scratch)
	}
	if n := len(x.entries); len(sc.mark) < n {
		sc.mark = append(sc.mark, make([]uint16, n-len(sc.mark))...)
	}
	sc.stamp++
	if sc.stamp > stampMax { // wrapped: forget every old mark
		clear(sc.mark)
		sc.stamp = 1
	}
	sc.recount, sc.cut = false, false
	sc.hits, sc.ws, sc.lists = sc.hits[:0], sc.ws[:0], sc.lists[:0]
	return sc
}

// Near implements Registry. With NewIndex it returns exactly the indexed
// primitives the prefilter rule admits for p (the MaxCompared ranked
// first, see Registry), in insertion order. It never fails.
//
// A run index (NewRunIndex) bounds the work: it walks the posting lists
// rarest first, at most runBudget postings (of the list it stops in, the
// newest), and checks against their keywords at most maxChecked of the
// primitives found in fewer than MinSharedKeywords walked lists (a quarter
// of that when the budget cuts the walk short). When
// neither bound cuts the query short — the lists of all but p's
// MinSharedKeywords−1 commonest keywords fit in the budget, and the
// primitives to check are few or those lists short enough to walk instead
// — the result is exact, as with NewIndex. A query cut short still returns
// every content-hash match, every admitted primitive found in
// MinSharedKeywords of the walked lists (sharing that many of p's rarer
// keywords) or checked, and, from the MinHash bands of p's keyword set
// (see bandKeys), the admitted primitives among the newest of each band
// bucket: those whose keywords are much like p's (Jaccard 0.6 or more is
// found with probability 0.97, identical keyword sets always unless the
// bucket is crowded), restatements and broader or narrower statements of
// the same thing, however common their words. What it can miss is a
// primitive that shares only words carried by more nearby primitives than
// the budget and little else with p: in a dense source, one of hundreds
// that share a word or two of its vocabulary, which rank below the matches
// found and compare as genuinely new or overlapping.
func (x *Index) Near(p *core.Primitive, cfg Config) ([]core.Primitive, error) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	sc := x.getScratch()
	defer x.scratch.Put(sc)
	hits := x.near(p, cfg, sc)
	out := make([]core.Primitive, len(hits))
	for i, h := range hits {
		out[i] = *x.entries[h.s].p
	}
	return out, nil
}

// nearRecords is Near as records that point at the index's primitives and
// compact features (a run index computes them at Add; else the records
// have no features), appended to dst: the deduper's way to read the run,
// which copies no primitive. The records must not be modified.
//
// cut says the index's bounds cut the query short (see Near).
//
// With lean (the candidate's features in the index's dictionary, for a
// caller that acts only on the best comparison and has no other matches to
// rank these against) it leaves out the primitives whose summaries show
// they can only compare as genuinely new (see newOnly): they are ranked
// and counted against the compare limit like the others, so the rest are
// those the deduper would have compared, and a genuinely new comparison is
// never the best. In a dense source nearly every match is such a one, and
// reading each one's features to compare it was most of a query's cost.
func (x *Index) nearRecords(dst []Record, p *core.Primitive, cfg Config, lean *compact) (recs []Record, cut bool) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	sc := x.getScratch()
	defer x.scratch.Put(sc)
	for _, h := range x.near(p, cfg, sc) {
		if lean != nil && !h.same && x.features && x.sums[h.s].newOnly(lean) {
			continue
		}
		e := &x.entries[h.s]
		dst = append(dst, Record{ID: e.id, Plane: x.at[h.s].plane, c: e.c, p: e.p, same: h.same})
	}
	return dst, sc.cut
}

// near returns the hits of p, in insertion order, at most the compare
// limit besides the content matches.
func (x *Index) near(p *core.Primitive, cfg Config, sc *scratch) []hit {
	hits := sc.hits
	if h := p.Provenance.ContentHash; h != "" {
		if s, ok := x.byHash[h]; ok {
			for _, s := range append([]int32{s}, x.hashMore[h]...) {
				sc.mark[s] = sc.stamp << countBits
				hits = append(hits, hit{s: s, seq: x.at[s].seq, same: true, d: p.Plane.Distance(x.at[s].plane)})
			}
		}
	}
	if cfg.MaxDistance >= 0 && !math.IsNaN(p.Plane.Real) && !math.IsNaN(p.Plane.Imaginary) {
		hits = x.nearByGrid(p, cfg, sc, hits)
	}
	if max := cfg.CompareLimit(); len(hits) > max {
		hits = x.best(p, sc, hits, max)
	}
	// Insertion order.
	slices.SortFunc(hits, func(a, b hit) int { return cmp.Compare(a.seq, b.seq) })
	sc.hits = hits
	return hits
}

func (x *Index) nearByGrid(p *core.Primitive, cfg Config, sc *scratch, hits []hit) []hit {
	r := cfg.MaxDistance
	x0, x1, y0, y1 := CellRange(p.Plane, r)

	if cfg.MinSharedKeywords <= 0 {
		for cx := x0; cx <= x1; cx++ {
			for cy := y0; cy <= y1; cy++ {
				for _, s := range x.cells[cx*GridSize+cy].all {
					if sc.mark[s]>>countBits == sc.stamp {
						continue
					}
					if d := p.Plane.Distance(x.at[s].plane); d <= r {
						hits = append(hits, hit{s: s, seq: x.at[s].seq, d: d})
					}
				}
			}
		}
		return hits
	}

	// The candidate's keywords the index knows, with their posting lists
	// in the neighbourhood's cells.
	ws, lists := sc.ws, sc.lists
	for _, k := range p.Keywords {
		k = NormKeyword(k)
		w, ok := x.words[k]
		if !ok || slices.ContainsFunc(ws, func(v word) bool { return v.id == w }) {
			continue
		}
		at, n := len(lists), 0
		if int(w) < len(x.post) {
			for _, l := range x.post[w] {
				if cx, cy := int(l.cell)/GridSize, int(l.cell)%GridSize; x0 <= cx && cx <= x1 && y0 <= cy && cy <= y1 {
					lists = append(lists, l.slots)
					n += len(l.slots)
				}
			}
		}
		if n > 0 {
			ws = append(ws, word{w, at, len(lists) - at, n})
		} else {
			lists = lists[:at]
		}
	}
	sc.ws, sc.lists = ws, lists
	k := cfg.MinSharedKeywords
	if len(ws) < k {
		return hits
	}
	slices.SortStableFunc(ws, func(a, b word) int { return a.count - b.count })
	// Note the candidate's words, to count what a primitive shares with
	// it in one pass over the primitive's keywords.
	sc.words.reset()
	for _, w := range ws {
		sc.words.add(w.id)
	}
	// Walk the lists of the rarest len(ws)-k+1 words, within the
	// budget, counting in how many of them each primitive is found.
	found := sc.found[:0]
	left, maxChecks := x.budget, x.checks
	if left <= 0 {
		left = math.MaxInt
	} else if wordsCount(ws[:len(ws)-k+1]) > left {
		// The walk will be cut short: fewer checks (see cutShare).
		maxChecks = max(1, maxChecks/cutShare)
	}
	walk := func(l []int32, add bool) {
		for _, s := range l {
			switch {
			case sc.mark[s]>>countBits == sc.stamp:
				if sc.mark[s]&countMax != countMax {
					sc.mark[s]++
				}
			case add:
				sc.mark[s] = sc.stamp<<countBits | 1
				found = append(found, s)
			}
		}
	}
	complete := true
	for _, w := range ws[:len(ws)-k+1] {
		wl := lists[w.at : w.at+w.n]
		if w.count <= left {
			for _, l := range wl {
				walk(l, true)
			}
			left -= w.count
			continue
		}
		// The budget ends inside this word's lists: walk the newest
		// postings of each cell's list, in proportion to its length.
		for _, l := range wl {
			take := (len(l)*left + w.count - 1) / w.count
			walk(l[len(l)-min(take, len(l)):], true)
		}
		complete = false
		break
	}
	sc.found = found
	// Every primitive sharing k of the candidate's words is now found,
	// when the walk was complete; one found in fewer than k lists may
	// still share enough among the k-1 commonest words. Walking their
	// lists (to count, not to find) settles it when they are short enough,
	// else each such primitive is checked against its keywords — all of
	// them for an exact index, the first maxChecked for a run index.
	pending := 0
	for _, s := range found {
		if int(sc.mark[s]&countMax) < k {
			pending++
		}
	}
	exact := false
	if complete && pending > 0 {
		rest := 0
		for _, w := range ws[len(ws)-k+1:] {
			rest += w.count
		}
		if rest <= left && rest <= walkPerCheck*pending {
			for _, w := range ws[len(ws)-k+1:] {
				for _, l := range lists[w.at : w.at+w.n] {
					walk(l, false)
				}
			}
			exact, pending = true, 0
		}
	}
	checks := pending
	if maxChecks > 0 {
		checks = min(checks, maxChecks)
	}
	// A query the bounds cut short may have missed primitives that share
	// only common words with the candidate. The MinHash bands find those
	// whose keyword sets are much like the candidate's — restatements,
	// broader and narrower statements of the same thing — however common
	// their words.
	sc.cut = !complete || (!exact && checks < pending)
	probed := sc.probed[:0]
	if sc.cut && x.lsh {
		for j, key := range bandKeys(x.keywordIDs(sc, p)) {
			s, ok := x.lshHead[key]
			for n := 0; ok && s >= 0 && n < lshWalk; n++ {
				if sc.mark[s]>>countBits != sc.stamp {
					sc.mark[s] = sc.stamp << countBits
					probed = append(probed, s)
				}
				s = x.lshNext[int(s)*lshBands+j]
			}
		}
	}
	sc.probed = probed
	for _, s := range probed {
		if n := x.shared(sc, x.kws[s]); n >= k {
			at := &x.at[s]
			if d := p.Plane.Distance(at.plane); d <= r {
				hits = append(hits, hit{s: s, seq: at.seq, shared: int32(n), full: true, d: d})
			}
		}
	}
	for _, s := range found {
		n, full := int(sc.mark[s]&countMax), false
		if n < k {
			if checks == 0 {
				continue
			}
			checks--
			n, full = x.shared(sc, x.kws[s]), true
			if n < k {
				continue
			}
		}
		at := &x.at[s]
		if d := p.Plane.Distance(at.plane); d <= r {
			hits = append(hits, hit{s: s, seq: at.seq, shared: int32(n), full: full, d: d})
		}
	}
	// When the walk was complete, the matches are exact and so is their
	// ranking: best counts in full what the walk did not. After a walk the
	// budget cut, a match ranks by the words of the lists walked (the
	// rarer ones).
	sc.recount = complete && !exact && k > 1
	return hits
}

// wordsCount is the number of postings of ws's lists.
func wordsCount(ws []word) int {
	n := 0
	for _, w := range ws {
		n += w.count
	}
	return n
}

// shared counts the keywords of kws that are the candidate's.
func (x *Index) shared(sc *scratch, kws []uint32) int {
	n := 0
	for _, w := range kws {
		if sc.words.has(w) {
			n++
		}
	}
	return n
}

// wordSet is a small set of word ids, an open-addressing table that stays
// in the first-level cache: the candidate's words, looked up for every
// keyword of every primitive a query examines. Past wordSetMax words it
// holds the rest in a map.
type wordSet struct {
	slots [wordSetSize]uint32 // id+1; 0 is empty
	n     int
	more  map[uint32]bool
}

const (
	wordSetSize = 256
	wordSetMax  = wordSetSize / 2
)

func (ws *wordSet) reset() {
	if ws.n > 0 {
		clear(ws.slots[:])
		ws.n = 0
	}
	clear(ws.more)
}

func (ws *wordSet) add(w uint32) {
	if ws.n >= wordSetMax {
		if ws.more == nil {
			ws.more = make(map[uint32]bool)
		}
		ws.more[w] = true
		return
	}
	for i := wordHash(w); ; i = (i + 1) % wordSetSize {
		switch ws.slots[i] {
		case 0:
			ws.slots[i] = w + 1
			ws.n++
			return
		case w + 1:
			return
		}
	}
}

func (ws *wordSet) has(w uint32) bool {
	for i := wordHash(w); ; i = (i + 1) % wordSetSize {
		switch ws.slots[i] {
		case 0:
			return len(ws.more) > 0 && ws.more[w]
		case w + 1:
			return true
		}
	}
}

func wordHash(w uint32) uint32 { return (w * 0x9E3779B1) >> 24 }

// sameContentRecords returns the records of the indexed primitives with
// content hash h (see nearRecords).
func (x *Index) sameContentRecords(dst []Record, h string) []Record {
	x.mu.RLock()
	defer x.mu.RUnlock()
	s, ok := x.byHash[h]
	if !ok {
		return dst
	}
	for _, s := range append([]int32{s}, x.hashMore[h]...) {
		e := &x.entries[s]
		dst = append(dst, Record{ID: e.id, Plane: x.at[s].plane, c: e.c, p: e.p, same: true})
	}
	return dst
}

// best keeps the max hits the prefilter would rank first (see
// rankMatches): same content, then most shared keywords, then nearest,
// then first indexed.
func (x *Index) best(p *core.Primitive, sc *scratch, hits []hit, max int) []hit {
	var known []uint32
	for i := range hits {
		if h := &hits[i]; h.same {
			// A content match found by hash, maybe far away: count its
			// keywords against all of p's the index knows.
			if known == nil {
				known = x.knownWords(make([]uint32, 0, len(p.Keywords)), p)
			}
			h.shared = int32(CountCommon(known, x.kws[h.s]))
		} else if sc.recount && !h.full {
			// Found in enough walked lists to pass, it may share more
			// among the lists not walked: rank it by the full count.
			h.shared = int32(x.shared(sc, x.kws[h.s]))
		}
	}
	selectFirst(hits, max, ranksBefore)
	return hits[:max]
}

// ranksBefore is the prefilter's ranking (see rankMatches): same content,
// then most shared keywords, then nearest, then first indexed.
func ranksBefore(a, b *hit) bool {
	switch {
	case a.same != b.same:
		return a.same
	case a.shared != b.shared:
		return a.shared > b.shared
	case a.d != b.d:
		return a.d < b.d
	}
	return a.seq < b.seq
}

// selectFirst reorders hs so that its first n are the n that rank first
// under before (a strict total order), in no particular order: a
// quickselect, linear on average, where a sort of every match would cost
// n log n for the few compared.
func selectFirst(hs []hit, n int, before func(a, b *hit) bool) {
	lo, hi := 0, len(hs)-1
	for lo < hi {
		// Median of three as the pivot, moved to hi.
		mid := lo + (hi-lo)/2
		if before(&hs[mid], &hs[lo]) {
			hs[mid], hs[lo] = hs[lo], hs[mid]
		}
		if before(&hs[hi], &hs[lo]) {
			hs[hi], hs[lo] = hs[lo], hs[hi]
		}
		if before(&hs[mid], &hs[hi]) {
			hs[mid], hs[hi] = hs[hi], hs[mid]
		}
		pivot := hs[hi]
		i := lo
		for j := lo; j < hi; j++ {
			if before(&hs[j], &pivot) {
				hs[i], hs[j] = hs[j], hs[i]
				i++
			}
		}
		hs[i], hs[hi] = hs[hi], hs[i]
		switch {
		case i == n || i == n-1:
			return
		case i > n:
			hi = i - 1
		default:
			lo = i + 1
		}
	}
}

// knownWords appends the sorted unique ids of p's keywords the index knows.
func (x *Index) knownWords(dst []uint32, p *core.Primitive) []uint32 {
	for _, k := range p.Keywords {
		if w, ok := x.words[NormKeyword(k)]; ok {
			dst = append(dst, w)
		}
	}
	slices.Sort(dst)
	return slices.Compact(dst)
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

func cellOf(p core.PlanePosition) int {
	col, row := GridCell(p)
	return col*GridSize + row
}

// slotSum is what a run index keeps of each primitive's compact features
// in one flat array, to tell from one or two cache lines, without
// reading the features, that a match can only compare as genuinely new.
type slotSum struct {
	stmtSig, kwSig [sigWords]uint64
	patSig         uint64
	// nStmt, nKw and nPat are the sizes of the statement, keyword and
	// pattern sets; prereqs the number of prerequisites.
	nStmt, nKw, nPat int32
	prereqs          int32
	// hashed says the primitive has a content hash.
	hashed bool
}

func summaryOf(c *compact) slotSum {
	s := slotSum{stmtSig: c.stmtSig, kwSig: signature(c.keywords), nStmt: int32(len(c.stmt)),
		nKw: int32(len(c.keywords)), nPat: int32(len(c.patterns)), prereqs: int32(min(c.prereqs, math.MaxInt32)),
		hashed: c.hash != ""}
	for _, w := range c.patterns {
		s.patSig |= 1 << (wordHash(w) & 63)
	}
	return s
}

// newOnly says a primitive with summary e, matched without the
// candidate's content hash, compares with the candidate c as genuinely new
// (compareHashed's last case): its statement cannot be the same (both have
// content hashes, which differ), the bits of the signatures bound the
// statement and keyword similarities under their thresholds (fs < 0.15, kw
// < 0.2, which rules out every other class but a specialization), and c's
// patterns cannot be a strict subset of e's while c has at least e's
// prerequisites (the specialization by patterns). It errs only towards
// false: a match it keeps is compared in full.
func (e *slotSum) newOnly(c *compact) bool {
	if c.hash == "" || !e.hashed {
		return false
	}
	if !boundBelow(c.stmt, &e.stmtSig, int(e.nStmt), relatedStatements) ||
		!boundBelow(c.keywords, &e.kwSig, int(e.nKw), relatedKeywords) {
		return false
	}
	if c.prereqs < int(e.prereqs) || len(c.patterns) >= int(e.nPat) {
		// No specialization by patterns: a strict subset needs fewer
		// patterns than e has.
		return true
	}
	for _, w := range c.patterns {
		if e.patSig&(1<<(wordHash(w)&63)) == 0 {
			return true // a pattern of c's is not e's
		}
	}
	return false
}

// boundBelow says the Jaccard index of the id set ids with a set of ne ids
// whose signature is sig is below threshold: the ids whose bits sig has
// bound how many the sets share (as in classOf). Two sets of which one is
// empty have index 0.
func boundBelow(ids []uint32, sig *[sigWords]uint64, ne int, threshold float64) bool {
	nc := len(ids)
	if nc == 0 || ne == 0 {
		return true
	}
	ub := 0
	for _, w := range ids {
		if i, b := sigBit(w); sig[i]&b != 0 {
			ub++
		}
	}
	ub = min(ub, ne)
	return float64(ub)/float64(nc+ne-ub) < threshold
}

// compact is a primitive's comparison features with every set interned as
// ids of its index's dictionary (see featureSets), as a run index keeps
// them: four small integer sets instead of string slices, compared without
// string comparisons.
type compact = featureSets[uint32]

// intern returns the id of s in the dictionary, adding it. The caller
// holds the write lock.
func (x *Index) intern(s string) uint32 {
	w, ok := x.words[s]
	if !ok {
		w = uint32(len(x.words))
		x.words[s] = w
	}
	return w
}

// compactOf interns f's sets. The caller holds the write lock.
func (x *Index) compactOf(f *Features) *compact {
	n := len(f.Stmt) + len(f.Form) + len(f.Keywords) + len(f.Patterns)
	ids := x.ids.alloc(n)
	set := func(ss []string) []uint32 {
		at := len(ids)
		for _, s := range ss {
			ids = append(ids, x.intern(s))
		}
		out := ids[at:len(ids):len(ids)]
		slices.Sort(out)
		return out
	}
	// Keywords first: they are what a query reads.
	kws := set(f.Keywords)
	stmt := set(f.Stmt)
	return &compact{hash: f.Hash, stmtKey: f.StmtKey, formKey: f.FormKey, stmtBlank: f.StmtBlank, formBlank: f.FormBlank,
		keywords: kws, stmt: stmt, form: set(f.Form), patterns: set(f.Patterns), prereqs: f.Prereqs, stmtSig: signature(stmt)}
}

// idArena hands out the id sets of indexed primitives from large chunks,
// so that a primitive costs no allocation of its own and the sets of
// primitives indexed one after the other lie side by side. A set is never
// moved; the space of a removed primitive is not reused.
type idArena struct {
	chunk []uint32
}

const idChunk = 1 << 16

// alloc returns an empty slice with room for n ids.
func (a *idArena) alloc(n int) []uint32 {
	if n > idChunk/8 {
		return make([]uint32, 0, n)
	}
	if cap(a.chunk)-len(a.chunk) < n {
		a.chunk = make([]uint32, 0, idChunk)
	}
	at := len(a.chunk)
	a.chunk = a.chunk[:at+n]
	return a.chunk[at : at : at+n]
}

// query is a candidate's compact features in one run index's dictionary,
// for comparing it with the index's primitives. A string the dictionary
// does not hold gets an id of its own above the dictionary's, equal to no
// indexed primitive's, so the set sizes and intersections, and so the
// comparisons, are those of the strings.
type query struct {
	compact
	// kw are the candidate's normalized keywords, unique, in its order,
	// and kwIDs their ids.
	kw    []string
	kwIDs []uint32
	// byID are the keywords' ids, with their positions in kw, by id.
	byID  []kwRef
	at    []int32
	ids   []uint32
	extra map[string]uint32
}

type kwRef struct {
	id uint32
	i  int32
}

// compactQuery sets q to the candidate's features f (and keywords kws, in
// the candidate's order) in x's dictionary.
func (x *Index) compactQuery(q *query, f *Features, kws []string) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if q.extra == nil {
		q.extra = make(map[string]uint32)
	}
	clear(q.extra)
	next := uint32(len(x.words))
	id := func(s string) uint32 {
		if w, ok := x.words[s]; ok {
			return w
		}
		w, ok := q.extra[s]
		if !ok {
			w = next
			next++
			q.extra[s] = w
		}
		return w
	}
	ids := q.ids[:0]
	set := func(ss []string) []uint32 {
		at := len(ids)
		for _, s := range ss {
			ids = append(ids, id(s))
		}
		return ids[at:len(ids):len(ids)]
	}
	// The sets are carved from one buffer: size it first, so appending
	// never moves the ones already carved.
	if n := len(f.Stmt) + len(f.Form) + len(f.Keywords) + len(f.Patterns) + len(kws); cap(ids) < n {
		ids = make([]uint32, 0, n)
	}
	q.compact = compact{hash: f.Hash, stmtKey: f.StmtKey, formKey: f.FormKey, stmtBlank: f.StmtBlank, formBlank: f.FormBlank,
		stmt: set(f.Stmt), form: set(f.Form), keywords: set(f.Keywords), patterns: set(f.Patterns), prereqs: f.Prereqs}
	for _, s := range [][]uint32{q.stmt, q.form, q.keywords, q.patterns} {
		slices.Sort(s)
	}
	q.kw = kws
	q.kwIDs = set(kws)
	q.ids = ids
	q.byID = q.byID[:0]
	for i, w := range q.kwIDs {
		q.byID = append(q.byID, kwRef{w, int32(i)})
	}
	slices.SortFunc(q.byID, func(a, b kwRef) int { return cmp.Compare(a.id, b.id) })
}

// shared returns the candidate's keywords that the sorted id set kws
// holds, in the candidate's order.
func (q *query) shared(kws []uint32) []string {
	at := q.at[:0]
	for i, j := 0, 0; i < len(q.byID) && j < len(kws); {
		switch a, b := q.byID[i].id, kws[j]; {
		case a < b:
			i++
		case a > b:
			j++
		default:
			at = append(at, q.byID[i].i)
			i++
			j++
		}
	}
	q.at = at
	if len(at) == 0 {
		return nil
	}
	slices.Sort(at)
	out := make([]string, len(at))
	for k, i := range at {
		out[k] = q.kw[i]
	}
	return out
}

// MinHash bands: a primitive is filed under lshBands keys. All but the
// last are the pair of its keyword ids with the smallest values under two
// hash functions, so two keyword sets with Jaccard index J share one of
// these minBands bands with probability 1−(1−J²)^minBands: 0.97 at J = 0.6,
// 0.9996 at 0.78 (a statement with one word of eight changed), under 0.1
// for sets that merely share a word or two. The last is the whole set, for
// the primitives with the same keywords as the candidate, which a crowded
// band (a few words in everything) may hold beyond the walk. A bounded
// query walks the lshWalk newest primitives of each of the candidate's
// buckets.
const (
	minBands = 8
	lshBands = minBands + 1
	lshWalk  = 16
)

// bandKeys returns the band keys of a keyword id set (not empty).
func bandKeys(ids []uint32) [lshBands]uint64 {
	var keys [lshBands]uint64
	all := uint64(lshBands)
	for _, w := range ids {
		all = mix64(all ^ uint64(w))
	}
	keys[minBands] = all
	for j := range minBands {
		m1, m2 := uint64(math.MaxUint64), uint64(math.MaxUint64)
		s1, s2 := uint64(2*j+1)*0x9E3779B97F4A7C15, uint64(2*j+2)*0x9E3779B97F4A7C15
		for _, w := range ids {
			m1 = min(m1, mix64(uint64(w)+s1))
			m2 = min(m2, mix64(uint64(w)+s2))
		}
		keys[j] = mix64(m1^(m2<<1|m2>>63)) ^ uint64(j)
	}
	return keys
}

// mix64 is the SplitMix64 finalizer.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// unlinkBands takes slot out of its band buckets. The caller holds the
// write lock.
func (x *Index) unlinkBands(slot int32) {
	for j, key := range bandKeys(x.kws[slot]) {
		at := int(slot)*lshBands + j
		head, ok := x.lshHead[key]
		if !ok {
			continue
		}
		if head == slot {
			if next := x.lshNext[at]; next >= 0 {
				x.lshHead[key] = next
			} else {
				delete(x.lshHead, key)
			}
			continue
		}
		for s := head; s >= 0; {
			next := x.lshNext[int(s)*lshBands+j]
			if next == slot {
				x.lshNext[int(s)*lshBands+j] = x.lshNext[at]
				break
			}
			s = next
		}
	}
}

// keywordIDs returns the ids of p's normalized keywords, sorted: those the
// index does not know get ids above its dictionary's, which no indexed
// primitive carries.
func (x *Index) keywordIDs(sc *scratch, p *core.Primitive) []uint32 {
	ids := sc.ids[:0]
	next := uint32(len(x.words))
	for _, k := range p.Keywords {
		if k = NormKeyword(k); k == "" {
			continue
		}
		if w, ok := x.words[k]; ok {
			ids = append(ids, w)
		} else {
			ids = append(ids, next)
			next++
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	sc.ids = ids
	return ids
}
