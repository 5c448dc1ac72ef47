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
}

// DefaultConfig returns the reference's thresholds: distance 0.2 and two
// shared keywords.
func DefaultConfig() Config { return Config{MaxDistance: 0.2, MinSharedKeywords: 2} }

// Registry answers the prefilter's neighbourhood question from indexes, so
// that checking a candidate does not cost a scan of every stored primitive.
//
// Contract: Near returns at least
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
	Primitive core.Primitive
	// Distance is the plane distance to the candidate.
	Distance float64
	// SharedKeywords are the normalized keywords both have, unique, in the
	// candidate's order.
	SharedKeywords []string
	// SameContent says the two formal statements have the same non-empty
	// content hash: the match passed regardless of distance and keywords.
	SameContent bool
}

// Prefilter keeps the primitives of near that may duplicate cand: those
// within cfg.MaxDistance sharing at least cfg.MinSharedKeywords keywords
// (the reference's AND rule; keywords compared trimmed and lowercased), and
// those with the same non-empty content hash, which pass whatever their
// distance and keywords so that a keyword-poor candidate ("a*1 = a") is
// still recognised when it is extracted again.
//
// Matches with the same content come first, then by distance ascending; the
// sort is stable so ties keep near's order.
func Prefilter(cand *core.Primitive, near []core.Primitive, cfg Config) []Match {
	ck := normKeywords(cand.Keywords)
	// Rank light records first; copy the (large) primitives once at the end.
	type pass struct {
		i      int
		d      float64
		shared []string
		same   bool
	}
	var ps []pass
	for i := range near {
		e := &near[i]
		same := sameHash(cand, e)
		d := cand.Plane.Distance(e.Plane)
		if !same && !(d <= cfg.MaxDistance) {
			continue
		}
		shared := sharedKeywords(ck, e.Keywords)
		if !same && len(shared) < cfg.MinSharedKeywords {
			continue
		}
		ps = append(ps, pass{i, d, shared, same})
	}
	slices.SortStableFunc(ps, func(a, b pass) int {
		switch {
		case a.same != b.same:
			if a.same {
				return -1
			}
			return 1
		case a.d < b.d:
			return -1
		case a.d > b.d:
			return 1
		}
		return 0
	})
	if len(ps) == 0 {
		return nil
	}
	out := make([]Match, len(ps))
	for k, p := range ps {
		out[k] = Match{Primitive: near[p.i], Distance: p.d, SharedKeywords: p.shared, SameContent: p.same}
	}
	return out
}

func sameHash(a, b *core.Primitive) bool {
	return a.Provenance.ContentHash != "" && a.Provenance.ContentHash == b.Provenance.ContentHash
}

// normKeyword is the one keyword normalization of the prefilter and the
// registry contract: trimmed and lowercased. Extracted keywords are already
// stemmed, so nothing more is done to them.
func normKeyword(k string) string { return strings.ToLower(strings.TrimSpace(k)) }

// normKeywords returns the unique normalized keywords of ks in order,
// dropping empty ones.
func normKeywords(ks []string) []string {
	out := make([]string, 0, len(ks))
	for _, k := range ks {
		k = normKeyword(k)
		if k != "" && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// sharedKeywords returns the members of cand (unique, normalized) that
// are among the keywords ks once normalized, in cand's order. Keyword lists
// are short, so a nested loop beats building sets.
func sharedKeywords(cand, ks []string) []string {
	var out []string
	for _, c := range cand {
		for _, k := range ks {
			if k == c || normKeyword(k) == c {
				out = append(out, c)
				break
			}
		}
	}
	return out
}
