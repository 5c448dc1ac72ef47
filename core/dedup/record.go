package dedup

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
)

// A record's binary form (EncodeRecord) holds what the deduper compares of
// a primitive — its plane position and Features — small enough for a store
// to keep beside every primitive, so that checking a candidate reads a few
// hundred bytes per match instead of a whole primitive, and tokenizes
// nothing stored.
//
// Layout after the version byte: plane (two little-endian float64s), flags,
// prerequisites (uvarint), the content hash (32 raw bytes when it is 64
// lowercase hex digits, else uvarint length and bytes), the statement and
// form keys (16 bytes each), a dictionary of the sorted unique strings of
// the statement tokens, form tokens and keywords (uvarint count, then
// uvarint length and bytes each), those three sets as ascending dictionary
// indexes (uvarint count, then uvarint index each), and the patterns
// (uvarint count, then uvarint length and bytes each). Sorted sets of a
// sorted dictionary are ascending indexes, so decoding yields them sorted.
const recordVersion = 1

const (
	flagStmtBlank = 1 << iota
	flagFormBlank
	flagHexHash
)

// ErrRecordVersion is returned (wrapped) by DecodeRecord for a record of a
// layout this build does not know (written by a newer lore).
var ErrRecordVersion = errors.New("unknown dedup record version")

// ErrRecordCorrupt is returned (wrapped) by DecodeRecord for bytes that are
// not a whole record.
var ErrRecordCorrupt = errors.New("corrupt dedup record")

// EncodeRecord is the binary form of a primitive's dedup record: its plane
// position and its features f (FeaturesOf, or the rules a store derives
// with).
func EncodeRecord(plane core.PlanePosition, f *Features) []byte {
	dict := make([]string, 0, len(f.Stmt)+len(f.Form)+len(f.Keywords))
	dict = append(append(append(dict, f.Stmt...), f.Form...), f.Keywords...)
	slices.Sort(dict)
	dict = slices.Compact(dict)

	n := 1 + 16 + 1 + 10 + 1 + len(f.Hash) + 32 + 4*binary.MaxVarintLen32
	for _, s := range dict {
		n += len(s) + 2
	}
	for _, s := range f.Patterns {
		n += len(s) + 2
	}
	b := make([]byte, 0, n+len(f.Stmt)+len(f.Form)+len(f.Keywords))
	b = append(b, recordVersion)
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(plane.Real))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(plane.Imaginary))
	var flags byte
	if f.StmtBlank {
		flags |= flagStmtBlank
	}
	if f.FormBlank {
		flags |= flagFormBlank
	}
	raw, hexHash := HexDigest(f.Hash)
	if hexHash {
		flags |= flagHexHash
	}
	b = append(b, flags)
	b = binary.AppendUvarint(b, uint64(f.Prereqs))
	if hexHash {
		b = append(b, raw...)
	} else {
		b = appendString(b, f.Hash)
	}
	b = append(b, f.StmtKey[:]...)
	b = append(b, f.FormKey[:]...)
	b = binary.AppendUvarint(b, uint64(len(dict)))
	for _, s := range dict {
		b = appendString(b, s)
	}
	for _, set := range [][]string{f.Stmt, f.Form, f.Keywords} {
		b = binary.AppendUvarint(b, uint64(len(set)))
		for _, s := range set {
			i, _ := slices.BinarySearch(dict, s)
			b = binary.AppendUvarint(b, uint64(i))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(f.Patterns)))
	for _, s := range f.Patterns {
		b = appendString(b, s)
	}
	return b
}

// HexDigest decodes a content hash written as 64 lowercase hex digits (what
// text.ContentHash gives), which halves its size; any other hash is not
// (false).
func HexDigest(h string) ([]byte, bool) {
	if len(h) != 64 || strings.ToLower(h) != h {
		return nil, false
	}
	raw, err := hex.DecodeString(h)
	return raw, err == nil
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

var errShortRecord = errors.New("truncated")

// recordReader decodes a record; its strings are substrings of one copy of
// the bytes.
type recordReader struct {
	s   string
	err error
}

func (r *recordReader) take(n int) string {
	if r.err != nil || n < 0 || n > len(r.s) {
		r.err = errShortRecord
		return ""
	}
	v := r.s[:n]
	r.s = r.s[n:]
	return v
}

func (r *recordReader) uvarint() int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint([]byte(r.s[:min(len(r.s), binary.MaxVarintLen64)]))
	if n <= 0 || v > math.MaxInt32 {
		r.err = errShortRecord
		return 0
	}
	r.s = r.s[n:]
	return int(v)
}

func (r *recordReader) str() string { return r.take(r.uvarint()) }

func (r *recordReader) key() (k [16]byte) {
	copy(k[:], r.take(16))
	return k
}

// DecodeRecord decodes the record of id from its binary form
// (EncodeRecord). The error wraps ErrRecordVersion or ErrRecordCorrupt.
func DecodeRecord(id string, val []byte) (Record, error) {
	if len(val) == 0 {
		return Record{}, fmt.Errorf("empty: %w", ErrRecordCorrupt)
	}
	if val[0] != recordVersion {
		return Record{}, fmt.Errorf("version %d (written by a newer lore?): %w", val[0], ErrRecordVersion)
	}
	r := &recordReader{s: string(val[1:])}
	rec := Record{ID: id, Features: new(Features)}
	f := rec.Features
	plane := r.take(16)
	if r.err == nil {
		rec.Plane.Real = math.Float64frombits(binary.LittleEndian.Uint64([]byte(plane[:8])))
		rec.Plane.Imaginary = math.Float64frombits(binary.LittleEndian.Uint64([]byte(plane[8:])))
	}
	flags := r.take(1)
	if r.err == nil {
		f.StmtBlank = flags[0]&flagStmtBlank != 0
		f.FormBlank = flags[0]&flagFormBlank != 0
	}
	f.Prereqs = r.uvarint()
	if len(flags) == 1 && flags[0]&flagHexHash != 0 {
		f.Hash = hex.EncodeToString([]byte(r.take(32)))
	} else {
		f.Hash = r.str()
	}
	f.StmtKey, f.FormKey = r.key(), r.key()
	dict := make([]string, r.uvarint())
	if r.err == nil && len(dict) > len(r.s) {
		r.err = errShortRecord
	}
	for i := range dict {
		dict[i] = r.str()
	}
	sets := [3][]string{}
	for j := range sets {
		n := r.uvarint()
		if r.err != nil || n > len(dict) {
			r.err = errShortRecord
			break
		}
		if n == 0 {
			continue
		}
		set := make([]string, n)
		for i := range set {
			x := r.uvarint()
			if x >= len(dict) {
				r.err = errShortRecord
				break
			}
			set[i] = dict[x]
		}
		sets[j] = set
	}
	f.Stmt, f.Form, f.Keywords = sets[0], sets[1], sets[2]
	if n := r.uvarint(); r.err == nil && n > len(r.s) {
		r.err = errShortRecord
	} else if r.err == nil && n > 0 {
		f.Patterns = make([]string, n)
		for i := range f.Patterns {
			f.Patterns[i] = r.str()
		}
	}
	if r.err == nil && len(r.s) != 0 {
		r.err = errors.New("trailing bytes")
	}
	if r.err != nil {
		return Record{}, fmt.Errorf("%w: %w", ErrRecordCorrupt, r.err)
	}
	return rec, nil
}

// KeywordBits are the three bits of a 64-bit keyword signature that stand
// for kw, taken from its FNV-1a hash (fixed across processes, unlike
// hash/maphash).
func KeywordBits(kw string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(kw))
	x := h.Sum64()
	return 1<<(x&63) | 1<<(x>>6&63) | 1<<(x>>12&63)
}

// KeywordSignature is a one-word Bloom filter of keywords (normalized, as
// NormKeywords gives them): a keyword whose bits are not all set is not
// among them. With eight keywords, a keyword that is not among them looks
// as if it were about 3% of the time, so a signature only ever rules
// keywords out; a store's prefilter confirms the rest from the dedup
// record.
func KeywordSignature(kws []string) uint64 {
	var sig uint64
	for _, kw := range kws {
		sig |= KeywordBits(kw)
	}
	return sig
}
