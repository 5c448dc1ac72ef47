package generate

import (
	"strings"

	"github.com/lore-kb/lore/core/text"
)

// lexicon numbers the distinct strings one generation reads — words,
// keywords, stems and two-word terms — and keeps what trigger ranking asks
// of each. A large domain repeats a small vocabulary in every primitive,
// and asking text.Stem, text.IsTermWord and the word lists again for every
// occurrence (several map lookups each, every time for the skill and again
// for the agent) cost more than all the rest of generating; with a lexicon
// each distinct string is classified once and the hot loops work on ids.
// A lexicon belongs to one call of the generators and is not safe for
// concurrent use.
type lexicon struct {
	ids   map[string]int32
	infos []lexInfo
	// pairs maps two ids to the id of their strings joined by a space:
	// "spanning tree" as a surface form, "span tree" as a key.
	pairs map[uint64]int32
	// sections are the stem ids of a section title's words.
	sections map[string][]int32
	// mark and stamp find the ids already seen in one primitive without a
	// set per primitive.
	mark  []int32
	stamp int32
	// cand is, by key id, 1 + the index of its candidate in the ranking
	// under way (conceptTerms), 0 for none; it is all 0 between rankings.
	cand []int32
}

// lexInfo is what is known of one string. Fields are filled when first
// asked for (done).
type lexInfo struct {
	s     string
	stem  int32 // text.Stem(s)
	kstem int32 // the stems of s's words joined (text.Stems of one keyword); -1 for none
	lower int32 // strings.ToLower(strings.TrimSpace(s))
	done  uint8
	flags uint8
	// trig is trigger(s) when flags&lexTrigger.
	trig string
}

// lexInfo.done bits.
const (
	doneClass uint8 = 1 << iota
	doneStem
	doneKStem
	doneLower
	doneTrigger
)

// lexInfo.flags bits.
const (
	lexTerm     uint8 = 1 << iota // text.IsTermWord
	lexConcept                    // isConceptWord
	lexPairable                   // pairable
	lexNumeric                    // isNumeric
	lexSpace                      // contains a space: a two-word key
	lexTrigger                    // trigger(s) is ok
	lexStemLike                   // text.Stem(s) == s
)

func newLexicon() *lexicon {
	return &lexicon{ids: map[string]int32{}, pairs: map[uint64]int32{}, sections: map[string][]int32{}}
}

// id interns s.
func (l *lexicon) id(s string) int32 {
	if id, ok := l.ids[s]; ok {
		return id
	}
	id := int32(len(l.infos))
	l.ids[s] = id
	var f uint8
	if strings.Contains(s, " ") {
		f = lexSpace
	}
	l.infos = append(l.infos, lexInfo{s: s, kstem: -1, flags: f})
	return id
}

// lookup is the id of s when it was interned.
func (l *lexicon) lookup(s string) (int32, bool) {
	id, ok := l.ids[s]
	return id, ok
}

func (l *lexicon) str(id int32) string { return l.infos[id].s }

// pair is the id of the strings of a and b joined by a space.
func (l *lexicon) pair(a, b int32) int32 {
	k := uint64(uint32(a))<<32 | uint64(uint32(b))
	if id, ok := l.pairs[k]; ok {
		return id
	}
	id := l.id(l.infos[a].s + " " + l.infos[b].s)
	l.pairs[k] = id
	return id
}

// class returns the classification flags of id.
func (l *lexicon) class(id int32) uint8 {
	in := &l.infos[id]
	if in.done&doneClass == 0 {
		w := in.s
		f := in.flags
		if text.IsTermWord(w) {
			f |= lexTerm
		}
		if isConceptWord(w) {
			f |= lexConcept
		}
		if pairable(w) {
			f |= lexPairable
		}
		if isNumeric(w) {
			f |= lexNumeric
		}
		in.flags = f
		in.done |= doneClass
	}
	return in.flags
}

func (l *lexicon) is(id int32, flag uint8) bool { return l.class(id)&flag != 0 }

// stem is the id of text.Stem of id's string.
func (l *lexicon) stem(id int32) int32 {
	if l.infos[id].done&doneStem == 0 {
		st := text.Stem(l.infos[id].s)
		sid := id
		if st != l.infos[id].s {
			sid = l.id(st) // may grow infos
		} else {
			l.infos[id].flags |= lexStemLike
		}
		l.infos[id].stem = sid
		l.infos[id].done |= doneStem
	}
	return l.infos[id].stem
}

// stemLike reports whether text.Stem leaves id's string as it is.
func (l *lexicon) stemLike(id int32) bool {
	l.stem(id)
	return l.infos[id].flags&lexStemLike != 0
}

// kstem is the id of what text.Stems gives for the single keyword id (its
// words stemmed, joined by spaces), or -1 when it has no word.
func (l *lexicon) kstem(id int32) int32 {
	if l.infos[id].done&doneKStem == 0 {
		var parts []string
		text.EachWord(l.infos[id].s, func(w string, _, _ int) { parts = append(parts, text.Stem(w)) })
		k := int32(-1)
		if len(parts) > 0 {
			k = l.id(strings.Join(parts, " "))
		}
		l.infos[id].kstem = k
		l.infos[id].done |= doneKStem
	}
	return l.infos[id].kstem
}

// lower is the id of id's string trimmed and lowercased.
func (l *lexicon) lower(id int32) int32 {
	if l.infos[id].done&doneLower == 0 {
		s := l.infos[id].s
		low := strings.ToLower(strings.TrimSpace(s))
		lid := id
		if low != s {
			lid = l.id(low)
		}
		l.infos[id].lower = lid
		l.infos[id].done |= doneLower
	}
	return l.infos[id].lower
}

// trigger is trigger of id's string, remembered.
func (l *lexicon) trigger(id int32) (string, bool) {
	in := &l.infos[id]
	if in.done&doneTrigger == 0 {
		t, ok := trigger(in.s)
		in.trig = t
		if ok {
			in.flags |= lexTrigger
		}
		in.done |= doneTrigger
	}
	return in.trig, in.flags&lexTrigger != 0
}

// words appends the ids of the words of s (text.Words) to dst.
func (l *lexicon) words(dst []int32, s string) []int32 {
	text.EachWord(s, func(w string, _, _ int) { dst = append(dst, l.id(w)) })
	return dst
}

// sectionStems are the stem ids of the words of a section title.
func (l *lexicon) sectionStems(s string) []int32 {
	if ids, ok := l.sections[s]; ok {
		return ids
	}
	var ids []int32
	for _, w := range l.words(nil, s) {
		ids = append(ids, l.stem(w))
	}
	l.sections[s] = ids
	return ids
}

// newMark starts a set of ids (see seen).
func (l *lexicon) newMark() {
	l.stamp++
	if l.stamp == 0 { // wrapped: old marks could look current
		clear(l.mark)
		l.stamp = 1
	}
}

// seen reports whether id was marked since newMark, and marks it.
func (l *lexicon) seen(id int32) bool {
	if int(id) >= len(l.mark) {
		l.mark = append(l.mark, make([]int32, int(id)+1-len(l.mark)+len(l.mark)/2)...)
	}
	if l.mark[id] == l.stamp {
		return true
	}
	l.mark[id] = l.stamp
	return false
}

// candOf is the index of key's candidate in the ranking under way, or -1.
func (l *lexicon) candOf(key int32) int {
	if int(key) < len(l.cand) {
		return int(l.cand[key]) - 1
	}
	return -1
}

// setCand records that key's candidate is at index i.
func (l *lexicon) setCand(key int32, i int) {
	if int(key) >= len(l.cand) {
		l.cand = append(l.cand, make([]int32, int(key)+1-len(l.cand)+len(l.cand)/2)...)
	}
	l.cand[key] = int32(i + 1)
}
