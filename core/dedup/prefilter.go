package dedup

import (
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
)

// Config holds the prefilter's thresholds.
type Config struct {
	// MaxDistance is the largest plane distance at which two primitives
	// can be duplicates.
	MaxDistance float64
	// MinSharedKeywords is how many normalized keywords they must share.
	MinSharedKeywords int
	// MaxCompared bounds how many prefilter matches one candidate is
	// compared with (0 means DefaultMaxCompared): the content-hash matches,
	// then those sharing the most keywords, then the nearest. Within one
	// textbook every primitive sits at the same plane position and many
	// share the subject's words, so the AND rule alone admits a number of
	// matches that grows with the book; the comparator's keyword and
	// statement similarities rank highest among the matches sharing the
	// most keywords, so the best match is kept while the cost per
	// candidate stays bounded.
	MaxCompared int
}

// DefaultMaxCompared is the default of Config.MaxCompared.
const DefaultMaxCompared = 64

// DefaultConfig returns the reference's thresholds: distance 0.2 and two
// shared keywords.
func DefaultConfig() Config {
	return Config{MaxDistance: 0.2, MinSharedKeywords: 2, MaxCompared: DefaultMaxCompared}
}

// CompareLimit is MaxCompared with its default applied.
func (c Config) CompareLimit() int {
	if c.MaxCompared <= 0 {
		return DefaultMaxCompared
	}
	return c.MaxCompared
}

// rankMatches orders matches for comparison: same content first, then
// most shared keywords, then nearest; stable.
func rankMatches(ms []Match) {
	slices.SortStableFunc(ms, func(a, b Match) int {
		switch {
		case a.SameContent != b.SameContent:
			if a.SameContent {
				return -1
			}
			return 1
		case a.nShared != b.nShared:
			return b.nShared - a.nShared
		case a.Distance < b.Distance:
			return -1
		case a.Distance > b.Distance:
			return 1
		}
		return 0
	})
}

// Registry answers the prefilter's neighbourhood question from indexes, so
// that checking a candidate does not cost a scan of every stored primitive.
//
// Contract: Near returns (of the primitives below, it may keep only the
// cfg.MaxCompared sharing the most keywords, besides every content-hash
// match) at least
//   - every primitive within cfg.MaxDistance of p on the plane
//     (core.PlanePosition.Distance) that shares at least
//     cfg.MinSharedKeywords normalized keywords with p (a keyword is
//     normalized by trimming white space and lowercasing; a
//     MinSharedKeywords of zero or less means distance alone decides), and
//   - every primitive whose Provenance.ContentHash equals p's, when p's is
//     not empty, wherever it lies on the plane.
//
// It may return more (Prefilter applies the rule exactly), in any order
// that is deterministic for the same registry state. It does not know
// which primitive p is: a stored primitive with p's id is returned like any
// other. The returned primitives may share slices with the registry's
// copies; callers must not modify them.
type Registry interface {
	Near(p *core.Primitive, cfg Config) ([]core.Primitive, error)
}

// Match is an existing primitive that passed the prefilter.
type Match struct {
	// ID is the existing primitive's (Verdict.Existing holds the one the
	// verdict acts on).
	ID string
	// Distance is the plane distance to the candidate.
	Distance float64
	// SharedKeywords are the normalized keywords both have, unique, in the
	// candidate's order.
	SharedKeywords []string
	// SameContent says the two formal statements have the same non-empty
	// content hash: the match passed regardless of distance and keywords.
	SameContent bool

	rec *Record
	pos int // in the records the prefilter was given
	// nShared is how many keywords are shared: len(SharedKeywords), also
	// when a lean check leaves SharedKeywords out.
	nShared int
}

// Prefilter keeps the primitives of near that may duplicate cand: those
// within cfg.MaxDistance sharing at least cfg.MinSharedKeywords keywords
// (the reference's AND rule; keywords compared trimmed and lowercased), and
// those with the same non-empty content hash, which pass whatever their
// distance and keywords so that a keyword-poor candidate ("a*1 = a") is
// still recognised when it is extracted again.
//
// Matches with the same content come first, then by distance ascending;
// ties keep near's order.
func Prefilter(cand *core.Primitive, near []core.Primitive, cfg Config) []Match {
	recs := make([]Record, len(near))
	for i := range near {
		e := &near[i]
		f := &Features{Hash: e.Provenance.ContentHash, Keywords: sortSet(NormKeywords(e.Keywords))}
		recs[i] = Record{ID: e.ID, Plane: e.Plane, Features: f, p: e}
	}
	return prefilter(cand, recs, cfg, nil, true)
}

// prefilter is Prefilter on records; the matches point into near. q is
// the candidate in the run index's dictionary, for the run's records (nil
// when there are none). Without names, the matches only count their
// shared keywords (nShared): naming them allocates, for every match, what
// a lean check names for one (see Deduper.CheckBest).
func prefilter(cand *core.Primitive, near []Record, cfg Config, q *query, names bool) []Match {
	var ck []string
	if q != nil {
		ck = q.kw
	} else {
		ck = NormKeywords(cand.Keywords)
	}
	h := cand.Provenance.ContentHash
	var out []Match
	for i := range near {
		e := &near[i]
		var same bool
		if e.c != nil {
			same = e.same
		} else {
			same = h != "" && e.Features.Hash == h
		}
		d := cand.Plane.Distance(e.Plane)
		if !same && !(d <= cfg.MaxDistance) {
			continue
		}
		var shared []string
		var n int
		switch {
		case !names && e.c != nil:
			// q.keywords is the set of the candidate's normalized
			// keywords, as ids.
			n = CountCommon(q.keywords, e.c.keywords)
		case !names:
			n = countSorted(ck, e.Features.Keywords)
		case e.c != nil:
			shared = q.shared(e.c.keywords)
			n = len(shared)
		default:
			shared = sharedSorted(ck, e.Features.Keywords)
			n = len(shared)
		}
		if !same && n < cfg.MinSharedKeywords {
			continue
		}
		out = append(out, Match{ID: e.ID, Distance: d, SharedKeywords: shared, SameContent: same, rec: e, pos: i, nShared: n})
	}
	slices.SortFunc(out, byPrefilterOrder)
	return out
}

// byPrefilterOrder is the prefilter's order: content matches first, then
// by distance, then as the registry returned them.
func byPrefilterOrder(a, b Match) int {
	switch {
	case a.SameContent != b.SameContent:
		if a.SameContent {
			return -1
		}
		return 1
	case a.Distance < b.Distance:
		return -1
	case a.Distance > b.Distance:
		return 1
	}
	return a.pos - b.pos
}

// NormKeyword is the one keyword normalization: trimmed and lowercased.
// The prefilter, the comparator's features and the store's keyword
// postings all key keywords by it. Extracted keywords are already stemmed,
// so nothing more is done to them. A change to it changes derived data:
// bump FeaturesVersion with it.
func NormKeyword(k string) string {
	// Extracted keywords are already lower-case and trimmed: check before
	// allocating, since this runs for every keyword of every match. The
	// test covers exactly the ASCII bytes strings.TrimSpace trims and
	// strings.ToLower changes; anything else takes the slow path.
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c >= 0x80 || ('A' <= c && c <= 'Z') || ((i == 0 || i == len(k)-1) && isASCIISpace(c)) {
			return strings.ToLower(strings.TrimSpace(k))
		}
	}
	return k
}

func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// NormKeywords returns the unique normalized keywords of ks in order,
// dropping empty ones.
func NormKeywords(ks []string) []string {
	out := make([]string, 0, len(ks))
	for _, k := range ks {
		k = NormKeyword(k)
		if k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// countSorted is len(sharedSorted(cand, sorted)).
func countSorted(cand, sorted []string) int {
	n := 0
	for _, c := range cand {
		if _, ok := slices.BinarySearch(sorted, c); ok {
			n++
		}
	}
	return n
}

// sharedSorted returns the members of cand (unique, normalized) found in
// sorted (a sorted set of normalized keywords), in cand's order.
func sharedSorted(cand, sorted []string) []string {
	var out []string
	for _, c := range cand {
		if _, ok := slices.BinarySearch(sorted, c); ok {
			out = append(out, c)
		}
	}
	return out
}
