package dedup

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// The comparator's thresholds, the reference's (§2.8).
const (
	exactThreshold    = 0.85 // fs and cf for an exact duplicate
	broaderKeywords   = 0.6  // kw for the "more keywords" coverage test
	relatedStatements = 0.15 // fs for overlap, and for a generalization
	relatedKeywords   = 0.2  // kw for overlap
)

// features are the normalized parts of a primitive the comparator
// measures. The token and keyword sets are sorted and unique so the Jaccard
// indexes are merges without allocation; a features value is reused across
// comparisons (fill keeps its buffers).
type features struct {
	hash      string
	stmt      string   // the raw statement, for the identical-text test
	stmtSet   []string // normalized statement tokens
	form      string
	formSet   []string
	kws       []string // normalized keywords
	patterns  []string // normalized patterns
	prereqs   int
	nKeywords int
}

func featuresOf(p *core.Primitive) *features {
	f := new(features)
	f.fill(p)
	return f
}

func (f *features) fill(p *core.Primitive) {
	f.hash = p.Provenance.ContentHash
	f.stmt = p.FormalStatement
	f.stmtSet = tokenSet(f.stmtSet[:0], p.FormalStatement)
	f.form = p.ComputationalForm
	f.formSet = tokenSet(f.formSet[:0], p.ComputationalForm)
	f.kws = f.kws[:0]
	for _, k := range p.Keywords {
		if k = normKeyword(k); k != "" {
			f.kws = append(f.kws, k)
		}
	}
	f.kws = sortSet(f.kws)
	f.patterns = normPatterns(f.patterns[:0], p.ApplicabilityPatterns)
	f.prereqs = len(p.Prerequisites)
	f.nKeywords = len(f.kws)
}

// tokenSet appends the tokens text.Normalize gives for s (words of at
// least two runes, lowercased, stopwords dropped, stemmed) to buf and
// returns them sorted and unique.
func tokenSet(buf []string, s string) []string {
	text.EachWord(s, func(w string, _, _ int) {
		if !text.IsStopword(w) {
			buf = append(buf, text.Stem(w))
		}
	})
	return sortSet(buf)
}

func sortSet(xs []string) []string {
	slices.Sort(xs)
	return slices.Compact(xs)
}

// jaccard is |A∩B| / |A∪B| of two sorted unique sets; 0 when either is
// empty, like text.Jaccard.
func jaccard(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := countCommon(a, b)
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// sameText reports whether a and b are the same text up to case and runs
// of white space (the content hash's normalization), without allocating.
func sameText(a, b string) bool {
	i, j := skipSpace(a, 0), skipSpace(b, 0)
	for i < len(a) && j < len(b) {
		ra, na := utf8.DecodeRuneInString(a[i:])
		rb, nb := utf8.DecodeRuneInString(b[j:])
		if sa, sb := unicode.IsSpace(ra), unicode.IsSpace(rb); sa || sb {
			if sa != sb {
				return false
			}
			i, j = skipSpace(a, i), skipSpace(b, j)
			continue
		}
		if ra != rb && unicode.ToLower(ra) != unicode.ToLower(rb) {
			return false
		}
		i, j = i+na, j+nb
	}
	return skipSpace(a, i) == len(a) && skipSpace(b, j) == len(b)
}

func skipSpace(s string, i int) int {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += n
	}
	return i
}

// blank reports whether s is empty or only white space.
func blank(s string) bool { return skipSpace(s, 0) == len(s) }

// normPatterns normalizes each applicability pattern like a statement
// (stemmed, stopword-free tokens joined by one space), falling back to the
// lowercased text for a pattern with no such token, and returns them
// sorted and unique, appended to buf.
func normPatterns(buf []string, ps []string) []string {
	for _, p := range ps {
		n := strings.Join(text.Normalize(p), " ")
		if n == "" {
			n = strings.ToLower(text.CollapseSpace(p))
		}
		if n != "" {
			buf = append(buf, n)
		}
	}
	return sortSet(buf)
}

// Compare classifies cand against existing into the reference's five
// classes (§2.8), with its thresholds and confidence formulas, two of its
// bugs fixed and its tokens normalized.
//
// The similarities are Jaccard indexes over sets:
//   - fs, the formal statements': tokens are text.Normalize's — words of
//     letters and digits of at least two runes, lowercased, punctuation
//     dropped, stopwords dropped, Snowball-stemmed — instead of the
//     reference's raw whitespace-split tokens, so "Groups," and "group"
//     agree and "the"/"of" do not make unrelated statements similar.
//     Identical statements (equal non-empty content hashes, or equal text
//     after lowercasing and collapsing white space) have fs = 1 even when
//     they have no such token ("a*1 = a"). Two statements without tokens
//     that differ have fs = 0: no evidence is not sameness.
//   - cf, the computational forms', tokenized the same way. Two forms with
//     the same text — both empty included — have cf = 1, as in the
//     reference: a pair of definitions without forms agrees on the form.
//   - kw, the keywords', each trimmed and lowercased (they are stemmed at
//     extraction). Two empty keyword lists have kw = 0.
//   - the pattern overlap, over patterns normalized like statements. Two
//     empty lists overlap 1 (it only enters the exact duplicate's
//     confidence, as in the reference) but, unlike the reference, give
//     neither the superset nor the subset flag: no patterns is no
//     evidence of broader or narrower coverage.
//
// The classes, first that holds:
//  1. exact-duplicate: fs ≥ 0.85 and cf ≥ 0.85; confidence
//     min(1, (fs+cf+kw+overlap)/4).
//  2. generalization: the candidate has no more prerequisites, its
//     statement is related (fs ≥ 0.15 — the fix that keeps an unrelated
//     statement from overwriting an existing one), and its coverage is
//     broader: a strict pattern superset, or kw ≥ 0.6 with more keywords.
//     Confidence min(1, 0.6+0.4·kw).
//  3. specialization: the candidate has at least as many prerequisites
//     (the reference's test reduces to a tautology) and narrower coverage:
//     a strict pattern subset, or kw ≥ 0.6 with fewer keywords. Confidence
//     min(1, 0.6+0.4·fs).
//  4. overlapping-distinct: fs ≥ 0.15 or kw ≥ 0.2; confidence max(fs, kw).
//  5. genuinely-new: confidence max(fs, kw, cf), where a cf that is 1 only
//     because both forms are empty counts 0 — it measures nothing.
func Compare(cand, existing *core.Primitive) core.Comparison {
	return compare(featuresOf(cand), featuresOf(existing), existing)
}

// compare measures the candidate's features c against existing, using e
// as scratch for existing's features.
// compare measures c against e, the features of existing.
func compare(c, e *features, existing *core.Primitive) core.Comparison {
	var sameStmt bool
	if c.hash != "" && e.hash != "" {
		// The hash is of the lowercased, space-collapsed statement.
		sameStmt = c.hash == e.hash
	} else {
		sameStmt = !blank(c.stmt) && sameText(c.stmt, e.stmt)
	}
	fs := 1.0
	if !sameStmt {
		fs = jaccard(c.stmtSet, e.stmtSet)
	}
	cf := 1.0
	if !sameText(c.form, e.form) {
		cf = jaccard(c.formSet, e.formSet)
	}
	kw := jaccard(c.kws, e.kws)
	po, superset, subset := patternRelation(c.patterns, e.patterns)

	cmp := core.Comparison{
		ExistingID:              existing.ID,
		FormalSimilarity:        fs,
		ComputationalSimilarity: cf,
		KeywordSimilarity:       kw,
		PatternOverlap:          po,
	}
	switch {
	case fs >= exactThreshold && cf >= exactThreshold:
		cmp.Class = core.ExactDuplicate
		cmp.Confidence = math.Min(1, (fs+cf+kw+po)/4)
		if sameStmt {
			cmp.Rationale = fmt.Sprintf("Identical formal statement and computational form similarity %s exceeds %s threshold — exact duplicate.",
				pct(cf), pct(exactThreshold))
		} else {
			cmp.Rationale = fmt.Sprintf("Formal statement similarity %s and computational form similarity %s both exceed %s threshold — exact duplicate.",
				pct(fs), pct(cf), pct(exactThreshold))
		}
	case c.prereqs <= e.prereqs && fs >= relatedStatements &&
		((superset && !subset) || (kw >= broaderKeywords && c.nKeywords > e.nKeywords)):
		cmp.Class = core.Generalization
		cmp.Confidence = math.Min(1, 0.6+0.4*kw)
		cmp.Rationale = fmt.Sprintf("Candidate has no more prerequisites (%d vs %d) and broader coverage (%s), with related statements (formal similarity %s) — generalization.",
			c.prereqs, e.prereqs, coverage(superset && !subset, kw, c.nKeywords, e.nKeywords), pct(fs))
	case c.prereqs >= e.prereqs &&
		((subset && !superset) || (kw >= broaderKeywords && e.nKeywords > c.nKeywords)):
		cmp.Class = core.Specialization
		cmp.Confidence = math.Min(1, 0.6+0.4*fs)
		cmp.Rationale = fmt.Sprintf("Candidate has at least as many prerequisites (%d vs %d) and narrower coverage (%s) — specialization.",
			c.prereqs, e.prereqs, narrower(subset && !superset, kw, c.nKeywords, e.nKeywords))
	case fs >= relatedStatements || kw >= relatedKeywords:
		cmp.Class = core.OverlappingDistinct
		cmp.Confidence = math.Max(fs, kw)
		cmp.Rationale = fmt.Sprintf("Formal statement similarity %s and keyword similarity %s show overlap (thresholds %s / %s) without duplication, generalization or specialization — overlapping but distinct.",
			pct(fs), pct(kw), pct(relatedStatements), pct(relatedKeywords))
	default:
		cmp.Class = core.GenuinelyNew
		cfEvidence := cf
		if blank(c.form) && blank(e.form) {
			cfEvidence = 0
		}
		cmp.Confidence = math.Max(fs, math.Max(kw, cfEvidence))
		cmp.Rationale = fmt.Sprintf("Formal statement similarity %s and keyword similarity %s are below the overlap thresholds (%s / %s) — genuinely new.",
			pct(fs), pct(kw), pct(relatedStatements), pct(relatedKeywords))
	}
	return cmp
}

// patternRelation returns the Jaccard overlap of two normalized pattern
// lists and whether the candidate's is a superset / subset of the
// existing's. Two empty lists overlap 1 and are neither (see Compare).
func patternRelation(cand, existing []string) (overlap float64, superset, subset bool) {
	if len(cand) == 0 && len(existing) == 0 {
		return 1, false, false
	}
	superset = allIn(existing, cand)
	subset = allIn(cand, existing)
	return jaccard(cand, existing), superset, subset
}

func allIn(xs, set []string) bool {
	for _, x := range xs {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}

func coverage(patterns bool, kw float64, nc, ne int) string {
	if patterns {
		return "pattern superset"
	}
	return fmt.Sprintf("keyword similarity %s with %d keywords vs %d", pct(kw), nc, ne)
}

func narrower(patterns bool, kw float64, nc, ne int) string {
	if patterns {
		return "pattern subset"
	}
	return fmt.Sprintf("keyword similarity %s with %d keywords vs %d", pct(kw), nc, ne)
}

// pct formats a similarity as a whole percentage, like the reference.
func pct(v float64) string { return fmt.Sprintf("%.0f%%", v*100) }

// Best returns the comparison with the highest confidence that is not
// genuinely new — the one the merge engine acts on — and false when there
// is none. The first of equal confidences wins, so the caller's order
// (content matches first, then nearest) breaks ties.
func Best(comps []core.Comparison) (core.Comparison, bool) {
	i := bestIndex(comps)
	if i < 0 {
		return core.Comparison{}, false
	}
	return comps[i], true
}

func bestIndex(comps []core.Comparison) int {
	best := -1
	for i, c := range comps {
		if c.Class == core.GenuinelyNew {
			continue
		}
		if best < 0 || c.Confidence > comps[best].Confidence {
			best = i
		}
	}
	return best
}
