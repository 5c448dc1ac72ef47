package wire

import (
	"unicode"

	"github.com/lore-kb/lore/core"
)

// nameIndex finds candidate names in statements. Names are stored as
// sequences of stem ids in a trie, so a statement is matched in one pass
// whatever the number of names: at each position the trie is walked only as
// long as some name continues with the next token.
type nameIndex struct {
	vocab    map[string]int32 // stem → id, only stems that occur in names
	children map[uint64]int32 // (node << 32 | token) → child node
	group    []int32          // node → index into groups, or -1
	groups   []nameGroup
	own      []int32 // candidate → its own name's group, or -1
	alias    []int32 // candidate → its alias's group, or -1
}

// nameGroup holds every candidate that carries one normalized name.
type nameGroup struct {
	members []int32            // candidate positions, ascending
	byDoc   map[string][]int32 // per document, only when members span documents
	docs    int
}

// minNameLetters is the shortest normalized name that may be matched. The
// reference matched "A", "Of" and "" everywhere; two-letter names ("Pi",
// "Ia") are followed only at deep depth because they are mostly noise.
func minNameLetters(deep bool) int {
	if deep {
		return 2
	}
	return 3
}

// buildNameIndex indexes names[i] as candidate i's name, and aliases[i]
// (when not empty) as a second name of it; candidates are in document
// order, docs[i] is candidate i's document and types[i] its type. Only
// names that are terms (see Linkable) are indexed: the others are never
// linked by name.
func buildNameIndex(names, aliases []string, docs []string, types []core.PrimitiveType, deep bool) *nameIndex {
	ix := &nameIndex{
		vocab:    make(map[string]int32),
		children: make(map[uint64]int32),
		group:    []int32{-1},
		own:      make([]int32, len(names)),
		alias:    make([]int32, len(names)),
	}
	sc := newScanner(nil, true)
	minLetters := minNameLetters(deep)
	for i, name := range names {
		ix.own[i] = ix.insert(sc, name, int32(i), docs, types[i], minLetters)
		ix.alias[i] = -1
		if aliases != nil && aliases[i] != "" {
			ix.alias[i] = ix.insert(sc, aliases[i], int32(i), docs, types[i], minLetters)
		}
	}
	return ix
}

// insert indexes name as candidate i's and returns its group, -1 when the
// name is no term.
func (ix *nameIndex) insert(sc *scanner, name string, i int32, docs []string, typ core.PrimitiveType, minLetters int) int32 {
	sc.scan(name)
	if len(sc.stems) == 0 || letters(sc.stems) < minLetters || !sc.linkable(typ) {
		return -1
	}
	node := int32(0)
	for _, st := range sc.stems {
		id, ok := ix.vocab[st]
		if !ok {
			id = int32(len(ix.vocab))
			ix.vocab[st] = id
		}
		key := uint64(node)<<32 | uint64(uint32(id))
		next, ok := ix.children[key]
		if !ok {
			next = int32(len(ix.group))
			ix.group = append(ix.group, -1)
			ix.children[key] = next
		}
		node = next
	}
	g := ix.group[node]
	if g < 0 {
		g = int32(len(ix.groups))
		ix.groups = append(ix.groups, nameGroup{})
		ix.group[node] = g
	}
	ix.groups[g].add(i, docs[i], docs)
	return g
}

// letters counts the letters of a normalized name. Digits do not count: a
// bare number is not a concept name.
func letters(stems []string) int {
	n := 0
	for _, s := range stems {
		for _, r := range s {
			if unicode.IsLetter(r) {
				n++
			}
		}
	}
	return n
}

func (g *nameGroup) add(pos int32, doc string, docs []string) {
	if len(g.members) > 0 && g.docs == 1 && docs[g.members[0]] != doc {
		// The group now spans documents: index the members per document.
		g.byDoc = map[string][]int32{docs[g.members[0]]: append([]int32(nil), g.members...)}
	}
	if g.byDoc != nil {
		if _, ok := g.byDoc[doc]; !ok {
			g.docs++
		}
		g.byDoc[doc] = append(g.byDoc[doc], pos)
	} else if len(g.members) == 0 {
		g.docs = 1
	}
	g.members = append(g.members, pos)
}

// resolve picks which candidate of the group a name mentioned by the
// candidate at pos refers to: the nearest preceding one (in its own document
// first, then in any), else the nearest following one (again own document
// first). The reference kept the last candidate of a name for every mention.
func (g *nameGroup) resolve(pos int32, doc string) int32 {
	own := g.members
	if g.byDoc != nil {
		own = g.byDoc[doc]
	}
	if p := before(own, pos); p >= 0 {
		return p
	}
	if g.byDoc != nil {
		if p := before(g.members, pos); p >= 0 {
			return p
		}
	}
	if p := after(own, pos); p >= 0 {
		return p
	}
	if g.byDoc != nil {
		return after(g.members, pos)
	}
	return -1
}

// before returns the largest element of the ascending list below pos, or -1.
func before(list []int32, pos int32) int32 {
	lo, hi := 0, len(list)
	for lo < hi {
		mid := (lo + hi) / 2
		if list[mid] < pos {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return -1
	}
	return list[lo-1]
}

// after returns the smallest element of the ascending list above pos, or -1.
func after(list []int32, pos int32) int32 {
	lo, hi := 0, len(list)
	for lo < hi {
		mid := (lo + hi) / 2
		if list[mid] <= pos {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == len(list) {
		return -1
	}
	return list[lo]
}

// mention is a name found in a statement.
type mention struct {
	group       int32
	first, last int32 // word indexes in the statement, inclusive
}

// match lists the names mentioned in the scanned statement: every indexed
// name at every word, so "minimum spanning tree" mentions Minimum Spanning
// Tree, Spanning Tree and Tree, and "binary search tree" Binary Search
// too. A name inside a longer one is a term the longer one is built on (a
// kind of it, or what it qualifies), and letting the longer name hide it
// would make the graph depend on the order sources are learned in: a
// statement stored before the longer name was learned is already linked to
// the shorter one. Linking across sessions (LinkStored, LinkReverse)
// follows the same rule. Mentions come in text order (by first word, then
// by length).
func (ix *nameIndex) match(c []content, out []mention) []mention {
	out = out[:0]
	for i := range c {
		node := int32(0)
		for j := i; j < len(c) && c[j].tok >= 0; j++ {
			next, ok := ix.children[uint64(node)<<32|uint64(uint32(c[j].tok))]
			if !ok {
				break
			}
			node = next
			if g := ix.group[node]; g >= 0 {
				out = append(out, mention{group: g, first: c[i].at, last: c[j].at})
			}
		}
	}
	return out
}
