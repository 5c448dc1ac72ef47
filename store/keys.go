package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/store/backend"
)

// sep separates the components of a key. Identifiers may not contain it, and
// free-text components (domains, types, keywords) are escaped so that a
// prefix scan for one value can never match another value that merely starts
// with it.
const sep = '/'

// Key prefixes. Each record kind owns one prefix, so every query is a prefix
// scan and a whole kind can be counted with a key-only iteration.
var (
	keySchema        = []byte("m/schema")
	prefixPrimitive  = []byte("p/")
	prefixReverse    = []byte("r/")
	prefixIndex      = []byte("i/")
	prefixDomainType = []byte("i/dt/")
	prefixKeyword    = []byte("i/kw/")
	prefixHash       = []byte("i/hash/")
	prefixHexHash    = []byte("i/hx/")
	prefixName       = []byte("i/name/")
	prefixRank       = []byte("k/rank/")
	prefixDedup      = []byte("d/")
	prefixSession    = []byte("s/")
	prefixJournal    = []byte("j/")
	prefixConflict   = []byte("c/")
	prefixReport     = []byte("t/")
	prefixArtifact   = []byte("a/")
	prefixSkill      = []byte("l/")
	// prefixPublication holds the artifacts of a committed session still
	// to be written to disk (see PutPublication).
	prefixPublication = []byte("u/")
)

// rankKeyFixedPart is the length of a rank key before the id.
var rankKeyFixedPart = len(prefixRank) + 8 + 1

// ErrInvalidID is returned (wrapped, naming the id) for an identifier the
// key layout cannot hold: empty, too long, or containing '/' or NUL. It is
// backend.ErrInvalidID, which every backend returns.
var ErrInvalidID = backend.ErrInvalidID

var errMalformedKey = errors.New("malformed key")

// validateID rejects identifiers that would break the key layout: the
// separator would let one id's prefix scan see another id's keys, and NUL is
// refused because it is never part of a legitimate identifier.
func validateID(what, id string) error { return backend.CheckID(what, id) }

// escape makes a free-text value safe as one key component. Percent-encoding
// keeps keys readable in Badger's own tools and is trivially reversible.
func escape(s string) string {
	if !strings.ContainsAny(s, "/%\x00") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '/', '%', 0:
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func unescape(s string) (string, error) {
	if strings.IndexByte(s, '%') < 0 {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", fmt.Errorf("truncated escape in %q: %w", s, errMalformedKey)
		}
		v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", fmt.Errorf("bad escape in %q: %w", s, errMalformedKey)
		}
		b.WriteByte(byte(v))
		i += 2
	}
	return b.String(), nil
}

func join(prefix []byte, parts ...string) []byte {
	n := len(prefix)
	for _, p := range parts {
		n += len(p) + 1
	}
	k := make([]byte, 0, n)
	k = append(k, prefix...)
	for i, p := range parts {
		if i > 0 {
			k = append(k, sep)
		}
		k = append(k, p...)
	}
	return k
}

func primitiveKey(id string) []byte { return join(prefixPrimitive, id) }

func dedupKey(id string) []byte { return join(prefixDedup, id) }

func reverseKey(to, from string, t core.EdgeType) []byte {
	return join(prefixReverse, to, from, escape(string(t)))
}

// reversePrefix selects every reverse edge pointing at id.
func reversePrefix(id string) []byte { return join(prefixReverse, id, "") }

// parseEdgeKey splits r/<a>/<b>/<type> into its parts.
func parseEdgeKey(prefix, key []byte) (a, b string, t core.EdgeType, err error) {
	if !bytes.HasPrefix(key, prefix) {
		return "", "", "", fmt.Errorf("%s: %w", displayKey(key), errMalformedKey)
	}
	parts := strings.Split(string(key[len(prefix):]), string(sep))
	if len(parts) != 3 || parts[0] == "" || parts[1] == "" {
		return "", "", "", fmt.Errorf("%s: %w", displayKey(key), errMalformedKey)
	}
	et, err := unescape(parts[2])
	if err != nil {
		return "", "", "", fmt.Errorf("%s: %w", displayKey(key), err)
	}
	return parts[0], parts[1], core.EdgeType(et), nil
}

// domainTypeKey files a primitive under its domain and then its type: one
// entry serves both indexes of the design. A domain's primitives are one
// prefix scan (the query generation and browsing make); a type's are one
// prefix scan per domain, and stores hold few domains.
func domainTypeKey(domain string, t core.PrimitiveType, id string) []byte {
	return join(prefixDomainType, escape(domain), escape(string(t)), id)
}

// domainTypeValue is the part of a domain-type key between the prefix and
// the id.
func domainTypeValue(domain string, t core.PrimitiveType) string {
	return escape(domain) + string(sep) + escape(string(t))
}

// keywordKey files a keyword posting under the primitive's plane cell, so
// that the dedup prefilter ("near on the plane and sharing keywords") is a
// few range scans over one keyword's neighbouring cells rather than a walk
// over everything carrying the keyword.
func keywordKey(kw string, plane core.PlanePosition, id string) []byte {
	return join(prefixKeyword, escape(kw), planeCell(plane), id)
}

// keywordCellValue is the value part of a keyword key: escaped keyword,
// separator, cell.
func keywordCellValue(kw string, plane core.PlanePosition) string {
	return escape(kw) + string(sep) + planeCell(plane)
}

// planeCell renders a position's cell of the plane grid (dedup.GridCell)
// as two digits, column then row, so that the cells of one column are
// contiguous in key order.
func planeCell(p core.PlanePosition) string {
	col, row := dedup.GridCell(p)
	return string([]byte{byte('0' + col), byte('0' + row)})
}

// postingValue is the value of a keyword posting: the primitive's plane
// position, each coordinate quantized to one of 65,535 steps over [−1, 1]
// (two little-endian uint16s; 0 stands for a coordinate outside it), so
// that the dedup prefilter can test the distance without loading the
// record, then the signature of all its keywords (dedup.KeywordSignature) as a
// little-endian uint64, so that it can tell without a lookup that the
// primitive lacks a keyword whose list it did not read. Every primitive's
// postings hold the same value, so it is kept to 12 bytes: the prefilter
// allows for the quantization (planeValueSlack) and the record's exact
// position decides.
func postingValue(p core.PlanePosition, sig uint64) []byte {
	b := make([]byte, 12)
	binary.LittleEndian.PutUint16(b, quantize(p.Real))
	binary.LittleEndian.PutUint16(b[2:], quantize(p.Imaginary))
	binary.LittleEndian.PutUint64(b[4:], sig)
	return b
}

// planeSteps is the number of steps a coordinate in [−1, 1] is quantized
// to, less one.
const planeSteps = 65534

// planeValueSlack bounds how far apart the distances from a point to a
// position and to its quantized form can be: half a step on each axis,
// √2/planeSteps ≈ 2.16e-5, rounded up.
const planeValueSlack = 2.5e-5

// quantize maps a coordinate in [−1, 1] to 1…65535, and any other (or NaN)
// to 0.
func quantize(v float64) uint16 {
	if !(v >= -1 && v <= 1) {
		return 0
	}
	return 1 + uint16(math.Round((v+1)/2*planeSteps))
}

// parsePostingValue reads a postingValue. hasPlane is false when a
// coordinate was outside [−1, 1]; ok is false for any other value.
func parsePostingValue(v []byte) (plane core.PlanePosition, hasPlane bool, sig uint64, ok bool) {
	if len(v) != 12 {
		return core.PlanePosition{}, false, 0, false
	}
	x, y := binary.LittleEndian.Uint16(v), binary.LittleEndian.Uint16(v[2:])
	if x > 0 && y > 0 {
		plane = core.PlanePosition{
			Real:      float64(x-1)/planeSteps*2 - 1,
			Imaginary: float64(y-1)/planeSteps*2 - 1,
		}
		hasPlane = true
	}
	return plane, hasPlane, binary.LittleEndian.Uint64(v[4:]), true
}

// hashPrefix selects the content-hash entries of hash. A hash of 64
// lowercase hex digits (what text.ContentHash gives) is filed under i/hx/
// as its 32 bytes, half the key; any other under i/hash/, escaped.
func hashPrefix(hash string) []byte {
	if raw, ok := dedup.HexDigest(hash); ok {
		return join(prefixHexHash, string(raw), "")
	}
	return join(prefixHash, escape(hash), "")
}

func hashKey(hash, id string) []byte { return append(hashPrefix(hash), id...) }

// nameWords is a primitive's name as the name index files it.
func nameWords(name string) []string { return text.NameStems(name) }

// nameValue is the value part of a name key: the first word, then the
// whole name, so that every name starting with a word is one prefix scan.
// It is "" for a name without words, which is not indexed.
func nameValue(name string) string {
	ws := nameWords(name)
	if len(ws) == 0 {
		return ""
	}
	return escape(ws[0]) + string(sep) + escape(strings.Join(ws, " "))
}

func nameKey(name, id string) []byte {
	v := nameValue(name)
	if v == "" {
		return nil
	}
	return join(prefixName, v, id)
}

func conflictKey(id string) []byte { return join(prefixConflict, id) }

func reportKey(session string) []byte { return join(prefixReport, session) }

func publicationKey(session string) []byte { return join(prefixPublication, session) }

func artifactKey(kind core.ArtifactKind, name string) []byte {
	return join(prefixArtifact, escape(string(kind)), escape(name))
}

// indexValuePrefix selects every entry of one index for one value.
func indexValuePrefix(prefix []byte, value string) []byte {
	return join(prefix, escape(value), "")
}

// parseIndexKey splits <prefix><escaped value>/<id>. The id is everything
// after the last separator because ids never contain one.
func parseIndexKey(prefix, key []byte) (value, id string, err error) {
	if !bytes.HasPrefix(key, prefix) {
		return "", "", fmt.Errorf("%s: %w", displayKey(key), errMalformedKey)
	}
	rest := key[len(prefix):]
	i := bytes.LastIndexByte(rest, sep)
	if i < 0 || i == len(rest)-1 {
		return "", "", fmt.Errorf("%s: %w", displayKey(key), errMalformedKey)
	}
	v, err := unescape(string(rest[:i]))
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", displayKey(key), err)
	}
	return v, string(rest[i+1:]), nil
}

// rankKey orders primitives by descending importance: the inverted number is
// fixed-width big-endian, so byte order is numeric order, and ties fall back
// to id order.
func rankKey(importance int, id string) []byte {
	k := make([]byte, 0, rankKeyFixedPart+len(id))
	k = append(k, prefixRank...)
	k = binary.BigEndian.AppendUint64(k, math.MaxUint64-uint64(max(importance, 0)))
	k = append(k, sep)
	return append(k, id...)
}

func parseRankKey(key []byte) (importance int, id string, err error) {
	if len(key) <= rankKeyFixedPart || !bytes.HasPrefix(key, prefixRank) || key[rankKeyFixedPart-1] != sep {
		return 0, "", fmt.Errorf("%s: %w", displayKey(key), errMalformedKey)
	}
	inv := binary.BigEndian.Uint64(key[len(prefixRank):])
	imp := math.MaxUint64 - inv
	if imp > math.MaxInt32 {
		return 0, "", fmt.Errorf("%s: importance out of range: %w", displayKey(key), errMalformedKey)
	}
	return int(imp), string(key[rankKeyFixedPart:]), nil
}

func sessionKey(id string) []byte { return join(prefixSession, id) }

func journalPrefix(session string) []byte { return join(prefixJournal, session, "") }

// journalKey files a chunk of count changes, the first of which is number
// seq of the session's changeset.
func journalKey(session string, seq uint64, count int) []byte {
	k := binary.BigEndian.AppendUint64(journalPrefix(session), seq)
	return binary.BigEndian.AppendUint32(k, uint32(count))
}

// parseJournalKey returns the number of the first change a journal chunk
// holds and how many it holds.
func parseJournalKey(prefix, key []byte) (seq uint64, count int, err error) {
	rest, ok := bytes.CutPrefix(key, prefix)
	if !ok || len(rest) != 12 {
		return 0, 0, fmt.Errorf("%s: %w", displayKey(key), errMalformedKey)
	}
	n := binary.BigEndian.Uint32(rest[8:])
	if n == 0 || n > maxChunkChanges {
		return 0, 0, fmt.Errorf("%s: chunk of %d changes: %w", displayKey(key), n, errMalformedKey)
	}
	return binary.BigEndian.Uint64(rest), int(n), nil
}

// journalEntryChanges is parseJournalKey's count for a key of any session.
func journalEntryChanges(key []byte) (int, error) {
	if !bytes.HasPrefix(key, prefixJournal) {
		return 0, fmt.Errorf("%s: %w", displayKey(key), errMalformedKey)
	}
	i := bytes.IndexByte(key[len(prefixJournal):], sep)
	if i < 0 {
		return 0, fmt.Errorf("%s: %w", displayKey(key), errMalformedKey)
	}
	_, n, err := parseJournalKey(key[:len(prefixJournal)+i+1], key)
	return n, err
}

// displayKey renders a key for messages: printable text stays as is, binary
// components (rank and sequence numbers) become escapes.
func displayKey(k []byte) string {
	q := strconv.Quote(string(k))
	return q[1 : len(q)-1]
}
