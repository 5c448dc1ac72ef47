// Package formmatch compares what lore learns from a work's source with
// what it learns from one rendering of it (HTML, EPUB, DOCX, PDF): which
// of the source's primitives the rendering gives, under which names, and
// with which cross-reference edges. The format and producer evaluations
// score with it.
package formmatch

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/extract"
	"github.com/lore-kb/lore/core/text"
)

// MinOverlap is the least statement overlap for two primitives to be the
// same: formulas, hyphenation and markup differ between forms, the words
// of a statement do not.
const MinOverlap = 0.6

// BlockConfidence is the confidence lore gives what it reads from markup
// (a theorem environment, a PreTeXt element, a fenced div): the source's
// blocks are its primitives at or above it.
const BlockConfidence = 0.95

// Result is one rendering measured against its source.
type Result struct {
	Source   int     `json:"source"`
	Rendered int     `json:"rendered"`
	Found    float64 `json:"found"`
	SameName float64 `json:"sameName"`
	// SameWords is the share of matches whose names agree once numbers
	// are set aside: an untitled block is named by its number, which a
	// section read alone ("Theorem 3") and the book ("Theorem 2.3.3")
	// count differently.
	SameWords float64 `json:"sameWords"`
	// Blocks are the source's primitives read from its markup;
	// BlocksFound the share of them found in the rendering and
	// BlocksSameWords the share of the found ones named alike, numbers
	// aside.
	Blocks          int     `json:"blocks"`
	BlocksFound     float64 `json:"blocksFound"`
	BlocksSameWords float64 `json:"blocksSameWords"`
	Edges           int     `json:"edges"`
	EdgesKept       float64 `json:"edgesKept"`

	// Counts behind the shares, for sums over several works.
	FoundCount       int `json:"-"`
	BlocksFoundCount int `json:"-"`
	BlocksNamedCount int `json:"-"`
	EdgesKeptCount   int `json:"-"`

	Missed  []string `json:"-"` // source primitives the rendering lacks
	Renamed []string `json:"-"` // matches named differently, numbers aside
	Extra   []string `json:"-"` // rendered primitives no source primitive matched
	Lost    []string `json:"-"` // source edges between matched ends the rendering lacks
}

// Compare matches each source primitive to the rendered primitive whose
// statement shares most words with it (one to one, best pairs first,
// overlap at least MinOverlap): first by the words as written, then, for
// the primitives still apart, by the words as read (Bag, then ReadBag).
// The second round only adds: a pair the written words make is never
// undone by the reading, which is looser with formulas.
func Compare(src, ren []core.Primitive) Result {
	return CompareKept(src, ren, nil)
}

// CompareKept is Compare, with the source's edges counted only where
// kept(description) says the rendering still carries the reference the
// edge was read from: a converter that drops a reference command leaves
// nothing for any reader to find. A nil kept counts every printed
// reference.
func CompareKept(src, ren []core.Primitive, kept func(description string) bool) Result {
	r := Result{Source: len(src), Rendered: len(ren)}
	match := map[int]int{}
	used := map[int]bool{}
	for _, bag := range []func(string) map[string]int{Bag, ReadBag} {
		matchBy(bag, src, ren, match, used)
	}
	same, words := 0, 0
	for i, p := range src {
		block := p.Confidence >= BlockConfidence
		if block {
			r.Blocks++
		}
		j, ok := match[i]
		if !ok {
			r.Missed = append(r.Missed, fmt.Sprintf("%q (%.2f): %.80s", p.Name, p.Confidence, p.FormalStatement))
			continue
		}
		if block {
			r.BlocksFoundCount++
		}
		if NormName(p.Name) == NormName(ren[j].Name) {
			same++
		}
		if SameNameWords(p.Name, ren[j].Name) {
			words++
			if block {
				r.BlocksNamedCount++
			}
		} else {
			r.Renamed = append(r.Renamed, fmt.Sprintf("%q → %q", p.Name, ren[j].Name))
		}
	}
	for j, p := range ren {
		if !used[j] {
			r.Extra = append(r.Extra, fmt.Sprintf("%q (%.2f): %.80s", p.Name, p.Confidence, p.FormalStatement))
		}
	}
	r.FoundCount = len(match)
	r.BlocksFound = Share(r.BlocksFoundCount, r.Blocks)
	r.BlocksSameWords = Share(r.BlocksNamedCount, r.BlocksFoundCount)
	r.Found = Share(len(match), len(src))
	r.SameName = Share(same, len(match))
	r.SameWords = Share(words, len(match))
	// Edges: the source's cross-reference edges between two matched
	// primitives whose reference the document prints (a blueprint's
	// \uses it does not), kept when the rendering has the same edge.
	srcIdx := map[string]int{}
	for i, p := range src {
		srcIdx[p.ID] = i
	}
	for i, p := range src {
		for _, e := range p.Dependencies {
			if e.Type != core.Requires || !strings.HasPrefix(e.Description, "Refers to") || !extract.PrintedReference(e.Description) {
				continue
			}
			if kept != nil && !kept(e.Description) {
				continue
			}
			t, ok := srcIdx[e.Target]
			if !ok {
				continue
			}
			a, okA := match[i]
			b, okB := match[t]
			if !okA || !okB {
				continue
			}
			r.Edges++
			if ren[a].HasEdge(ren[b].ID, core.Requires) || ren[b].HasEdge(ren[a].ID, core.Requires) {
				r.EdgesKeptCount++
			} else {
				r.Lost = append(r.Lost, fmt.Sprintf("%q → %q", p.Name, src[t].Name))
			}
		}
	}
	r.EdgesKept = Share(r.EdgesKeptCount, r.Edges)
	return r
}

// matchBy pairs the source and rendered primitives not yet in match or
// used by the overlap of their statements' bags, best pairs first.
func matchBy(bag func(string) map[string]int, src, ren []core.Primitive, match map[int]int, used map[int]bool) {
	sw := make([]map[string]int, len(src))
	rw := make([]map[string]int, len(ren))
	for i, p := range src {
		if _, ok := match[i]; !ok {
			sw[i] = bag(p.FormalStatement)
		}
	}
	for j, p := range ren {
		if !used[j] {
			rw[j] = bag(p.FormalStatement)
		}
	}
	// Two statements alike but for a formula ("… then d[X; ΣYi] ≤ 2Σ…"
	// and "… then d[X; ΣYi] ≤ d[X; Y1] + …") both hold the other's words:
	// such ties go to the pair whose words, formulas' symbols and short
	// words included, are most alike, then to the pair nearest in
	// document order.
	sf := make([]map[string]int, len(src))
	rf := make([]map[string]int, len(ren))
	type pair struct {
		i, j int
		s, t float64
		d    float64
	}
	var pairs []pair
	for i := range src {
		for j := range ren {
			if sw[i] == nil || rw[j] == nil {
				continue
			}
			if s := Overlap(sw[i], rw[j]); s >= MinOverlap {
				if sf[i] == nil {
					sf[i] = fullBag(src[i].FormalStatement)
				}
				if rf[j] == nil {
					rf[j] = fullBag(ren[j].FormalStatement)
				}
				d := float64(i)/float64(len(src)) - float64(j)/float64(len(ren))
				pairs = append(pairs, pair{i, j, s, jaccard(sf[i], rf[j]), math.Abs(d)})
			}
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool {
		pa, pb := pairs[a], pairs[b]
		if pa.s != pb.s {
			return pa.s > pb.s
		}
		if pa.t != pb.t {
			return pa.t > pb.t
		}
		return pa.d < pb.d
	})
	for _, p := range pairs {
		if _, ok := match[p.i]; ok || used[p.j] {
			continue
		}
		match[p.i] = p.j
		used[p.j] = true
	}
}

// Share is n over of, 0 when of is 0: a share of nothing is none.
func Share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// Bag is the multiset of a statement's words as written: lower case,
// letters and digits only, words of one letter (formula variables that
// the forms render differently) left out.
func Bag(s string) map[string]int {
	m, _ := words(s)
	return m
}

// ReadBag is the multiset of a statement's words as a person reads them:
// its mathematics rendered (a source's "$I_1 \leq 2\eta k$" and a PDF's
// "I1 ≤ 2ηk" alike: TeX as Unicode, compatibility forms such as subscript
// digits folded), and words of one character kept when the statement has
// too few others to be compared at all ("We have k = 0.").
func ReadBag(s string) map[string]int {
	m, short := words(norm.NFKC.String(text.ReadableMath(s)))
	if size(m) < minWords {
		for _, w := range short {
			m[w]++
		}
	}
	return m
}

// words splits s into lower-case words of letters and digits: those of two
// characters or more counted, the shorter ones listed apart.
func words(s string) (m map[string]int, short []string) {
	m = map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len([]rune(w)) < 2 {
			short = append(short, w)
			continue
		}
		m[w]++
	}
	return m, short
}

// fullBag is every word and symbol of a statement as read, one-character
// words and the formulas' operators included.
func fullBag(s string) map[string]int {
	s = norm.NFKC.String(text.ReadableMath(s))
	m, short := words(s)
	for _, w := range short {
		m[w]++
	}
	for _, r := range s {
		if unicode.IsSymbol(r) {
			m[string(r)]++
		}
	}
	return m
}

// jaccard is the multiset intersection of a and b over their union.
func jaccard(a, b map[string]int) float64 {
	common, union := 0, 0
	for w, c := range a {
		common += min(c, b[w])
		union += max(c, b[w])
	}
	for w, c := range b {
		if _, ok := a[w]; !ok {
			union += c
		}
	}
	if union == 0 {
		return 0
	}
	return float64(common) / float64(union)
}

// minWords is the fewest words a statement needs to be matched by them.
const minWords = 3

// Overlap is the share of the smaller bag's words the other holds
// (multiset intersection over the smaller size), so that a statement cut
// differently at its end (a PDF block running on into the next paragraph)
// still matches.
func Overlap(a, b map[string]int) float64 {
	na, nb := size(a), size(b)
	if na == 0 || nb == 0 {
		return 0
	}
	common := 0
	for w, c := range a {
		common += min(c, b[w])
	}
	small := min(na, nb)
	if small < minWords {
		return 0
	}
	// A tiny statement inside a long one is no match.
	if float64(small)/float64(max(na, nb)) < 0.25 {
		return 0
	}
	return float64(common) / float64(small)
}

func size(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// NormName compares names by their words: case, punctuation and a
// trailing period set apart by the forms are not a different name.
func NormName(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}

// SameNameWords reports whether a rendering names a source's primitive
// alike: one name, numbers aside (NameWords), or the source's name with a
// closing aside the rendered one adds, as lore tells a result from
// another of the same title in its document ("Lemma 1 — Abelian sheaves
// on a site (sheaf)" where a converter numbered every lemma 1). The aside
// took the place of the count lore once gave, which NameWords sets aside
// as a number; an aside of words only (a kind and number is another
// label). A title the source closes with ("Theorem 2.1 (Leaves)") and the
// rendering lacks is lost, and two different asides are two names.
func SameNameWords(src, ren string) bool {
	if NameWords(src) == NameWords(ren) {
		return true
	}
	if closingAside(src) >= 0 {
		return false
	}
	k := closingAside(ren)
	if k < 0 || strings.ContainsAny(ren[k:], "0123456789") {
		// A kind and number lore tags a name with ("Equation
		// (Definition 2.9)") names another block than the source's.
		return false
	}
	return NameWords(src) == NameWords(ren[:k])
}

// closingAside is where the parenthesized aside closing a name starts,
// or -1.
func closingAside(s string) int {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, ")") {
		return -1
	}
	o := strings.LastIndex(s, " (")
	if o <= 0 || strings.Contains(s[o+2:len(s)-1], "(") {
		return -1
	}
	return o
}

// NameWords is NormName without the words that hold a digit.
func NameWords(s string) string {
	var out []string
	for _, w := range strings.Fields(NormName(s)) {
		if !strings.ContainsAny(w, "0123456789") {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}
