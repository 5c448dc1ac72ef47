package text

import (
	"encoding/binary"
	"sort"
	"strings"
)

// WordStream is the words of one text as EachWord gives them, found once.
// Analysis reads every word of a document and extraction reads the words
// of each section again; tokenizing is a large share of both, so the
// analyzer records where the words are and extraction reads them back.
//
// The words are held compactly, since a stream lives as long as its text is
// analyzed and extracted. Most words take one byte below 0x80: the gap from
// the end of the previous word (0–3, two bits), whether the word is
// lowercased through lower (one bit) and its length less two (0–15, four
// bits). Any other word is 0x80 and two varints: the gap shifted left by
// one with the lowercase bit, and the length. That is about a quarter of
// the size of the text for LaTeX and prose. Every markEvery words a mark records
// where the encoding and the text stand, so a range is found by a binary
// search and at most markEvery words are decoded in vain.
type WordStream struct {
	s   string
	enc []byte
	// marks holds, for word k·markEvery, the offset of its encoding and
	// the end of the word before it (0 for the first).
	marks []uint32
	n     int
	// cur is where the last EachIn stopped: the index of the next word,
	// the offset of its encoding and the end of the word before it.
	// Extraction reads a section's runs in order, most of them a few
	// words long, and continuing from here beats a search per run.
	cur struct{ i, p, prevEnd int }
	// lower holds the lowercased form of each distinct word that is not
	// already lowercase, so reading the stream does not allocate it again
	// and every occurrence shares one string.
	lower map[string]string
}

const (
	markEvery = 32
	// maxStreamText is the longest text a stream records (its offsets
	// are 32-bit); longer texts are tokenized by every reader instead.
	maxStreamText = 1<<32 - 1
)

// NewWordStream tokenizes s once, calling also (when not nil) for every word
// as EachWord would, so the pass that records the words can be the first
// reader's too. It returns nil when s is too long to record (4 GiB); its
// readers then tokenize s again as before.
func NewWordStream(s string, also func(word string, start, end int)) *WordStream {
	if len(s) > maxStreamText {
		if also != nil {
			EachWord(s, also)
		}
		return nil
	}
	// About a byte a word, a word every four to six bytes of LaTeX and
	// prose: a guess that is seldom outgrown and seldom far too large.
	ws := &WordStream{s: s, enc: make([]byte, 0, len(s)/4+16)}
	prevEnd := 0
	EachWord(s, func(w string, start, end int) {
		if ws.n%markEvery == 0 {
			ws.marks = append(ws.marks, uint32(len(ws.enc)), uint32(prevEnd))
		}
		head := uint64(start-prevEnd) << 1
		if len(w) != end-start || w != s[start:end] {
			head |= 1
			raw := s[start:end]
			if _, ok := ws.lower[raw]; !ok {
				if ws.lower == nil {
					ws.lower = make(map[string]string)
				}
				ws.lower[raw] = w
			}
		}
		if gap, n := start-prevEnd, end-start; gap <= 3 && n-2 <= 15 {
			ws.enc = append(ws.enc, byte(gap<<5)|byte(head&1)<<4|byte(n-2))
		} else {
			ws.enc = append(ws.enc, 0x80)
			ws.enc = binary.AppendUvarint(ws.enc, head)
			ws.enc = binary.AppendUvarint(ws.enc, uint64(n))
		}
		ws.n++
		prevEnd = end
		if also != nil {
			also(w, start, end)
		}
	})
	return ws
}

// Text is the text the stream was made from.
func (ws *WordStream) Text() string { return ws.s }

// Len is the number of words.
func (ws *WordStream) Len() int { return ws.n }

// Fork returns a reader of the same words with a place of its own: EachIn
// on the fork and on ws may run at the same time, and Fork itself while ws
// is being read (the recorded words never change after NewWordStream; only
// where a reader stopped does, and the fork does not read that).
func (ws *WordStream) Fork() *WordStream {
	return &WordStream{s: ws.s, enc: ws.enc, marks: ws.marks, n: ws.n, lower: ws.lower}
}

// next decodes the word whose encoding starts at p, after a word ending at
// prevEnd, and returns where the next word's encoding starts.
func (ws *WordStream) next(p, prevEnd int) (w string, start, end, q int) {
	var head, n uint64
	if b := ws.enc[p]; b < 0x80 {
		head, n = uint64(b>>5)<<1|uint64(b>>4&1), uint64(b&15)+2
		p++
	} else {
		var k int
		head, k = binary.Uvarint(ws.enc[p+1:])
		p += 1 + k
		n, k = binary.Uvarint(ws.enc[p:])
		p += k
	}
	start = prevEnd + int(head>>1)
	end = start + int(n)
	w = ws.s[start:end]
	if head&1 != 0 {
		if l, ok := ws.lower[w]; ok {
			w = l
		} else {
			w = strings.ToLower(w)
		}
	}
	return w, start, end, p
}

// Each calls fn for every word of the text, as EachWord(ws.Text(), fn).
func (ws *WordStream) Each(fn func(word string, start, end int)) {
	p, prevEnd := 0, 0
	for range ws.n {
		w, start, end, q := ws.next(p, prevEnd)
		fn(w, start, end)
		p, prevEnd = q, end
	}
}

// EachIn calls fn for every word of ws.Text()[from:to] exactly as
// EachWord(ws.Text()[from:to], fn) would, offsets relative to from. Words
// wholly inside the range are read from the stream; a word the range cuts
// is tokenized from its part inside, which is what EachWord sees of it.
// Ranges read in increasing order cost only their own words. EachIn
// remembers where it stopped, so a stream is not safe for concurrent use.
func (ws *WordStream) EachIn(from, to int, fn func(word string, start, end int)) {
	from, to = max(from, 0), min(to, len(ws.s))
	if from >= to || ws.n == 0 {
		return
	}
	i, p, prevEnd := ws.cur.i, ws.cur.p, ws.cur.prevEnd
	// Continue from where the last range stopped unless that is past from
	// or a mark lies between it and from.
	if next := i/markEvery + 1; prevEnd > from || 2*next+1 < len(ws.marks) && int(ws.marks[2*next+1]) <= from {
		// The last mark whose earlier words all end by from.
		m := sort.Search(len(ws.marks)/2, func(i int) bool { return int(ws.marks[2*i+1]) > from })
		m = max(m-1, 0)
		i, p, prevEnd = m*markEvery, int(ws.marks[2*m]), int(ws.marks[2*m+1])
	}
	for ; i < ws.n; i++ {
		w, start, end, q := ws.next(p, prevEnd)
		if start >= to {
			break
		}
		p, prevEnd = q, end
		if end <= from {
			continue
		}
		if start < from || end > to {
			a, b := max(start, from), min(end, to)
			EachWord(ws.s[a:b], func(w string, s, e int) { fn(w, a-from+s, a-from+e) })
			continue
		}
		fn(w, start-from, end-from)
	}
	ws.cur.i, ws.cur.p, ws.cur.prevEnd = i, p, prevEnd
}
