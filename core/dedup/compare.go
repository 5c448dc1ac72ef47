package dedup

import (
	"cmp"
	"crypto/sha256"
	"math"
	"slices"
	"strconv"
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

// FeaturesVersion is the version of the rules that derive what a registry
// stores beside each primitive: FeaturesOf (tokens, keys, patterns),
// NormKeyword and the plane grid, and the text package's tokenizing,
// stemming and stopwords they rest on. The store records it with the data
// it derived and rebuilds that data when it opens with another version, so
// a change to any of those rules must come with a bump of this number, or
// stores keep comparing candidates against data derived by the old rule.
const FeaturesVersion = 4

// Features are the normalized parts of a primitive the comparator
// measures. The token and keyword sets are sorted and unique so the Jaccard
// indexes are merges without allocation. They are exported so that a
// registry can store them with each primitive (FeaturesOf at write time)
// and answer comparisons without decoding or tokenizing the primitive
// again; a Features value is reused across comparisons (Fill keeps its
// buffers).
type Features struct {
	// Hash is the content hash (Provenance.ContentHash).
	Hash string
	// StmtKey identifies the formal statement in canonical math form
	// (CanonicalMath) up to case and runs of white space (see TextKey),
	// for the identical-text test; StmtBlank says the statement is only
	// white space.
	StmtKey   [16]byte
	StmtBlank bool
	// Stmt are the normalized statement tokens.
	Stmt []string
	// FormKey, FormBlank and Form are the same for the computational form.
	FormKey   [16]byte
	FormBlank bool
	Form      []string
	// Keywords are the normalized keywords, Patterns the normalized
	// applicability patterns.
	Keywords []string
	Patterns []string
	// Prereqs is the number of prerequisites.
	Prereqs int
}

// FeaturesOf computes p's features.
func FeaturesOf(p *core.Primitive) *Features {
	f := new(Features)
	f.Fill(p)
	return f
}

// Fill sets f to p's features, reusing f's buffers.
func (f *Features) Fill(p *core.Primitive) {
	f.Hash = p.Provenance.ContentHash
	// Statements and forms are compared in their canonical math form
	// (CanonicalMath): \le and \leq, \N and \mathbb{N} are one
	// statement, not two that differ.
	stmt, form := text.CanonicalMath(p.FormalStatement), text.CanonicalMath(p.ComputationalForm)
	f.StmtKey, f.StmtBlank = TextKey(stmt)
	f.Stmt = tokenSet(f.Stmt[:0], stmt)
	f.FormKey, f.FormBlank = TextKey(form)
	f.Form = tokenSet(f.Form[:0], form)
	f.Keywords = f.Keywords[:0]
	for _, k := range p.Keywords {
		if k = NormKeyword(k); k != "" {
			f.Keywords = append(f.Keywords, k)
		}
	}
	f.Keywords = sortSet(f.Keywords)
	f.Patterns = normPatterns(f.Patterns[:0], p.ApplicabilityPatterns)
	f.Prereqs = len(p.Prerequisites)
}

// TextKey digests s as sameText compares texts: leading and trailing white
// space dropped, inner runs of it one space, every rune lowercased. Two
// texts are the same in that sense exactly when their keys are equal (up
// to a SHA-256 collision), so a stored key stands for the text. blank says
// s is empty or only white space.
func TextKey(s string) (key [16]byte, blank bool) {
	h := sha256.New()
	var buf [256]byte
	n, space, any := 0, false, false
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		i += w
		if unicode.IsSpace(r) {
			space = any
			continue
		}
		if n > len(buf)-utf8.UTFMax-1 {
			h.Write(buf[:n])
			n = 0
		}
		if space {
			buf[n] = ' '
			n++
			space = false
		}
		n += utf8.EncodeRune(buf[n:], unicode.ToLower(r))
		any = true
	}
	h.Write(buf[:n])
	var sum [sha256.Size]byte
	copy(key[:], h.Sum(sum[:0]))
	return key, !any
}

// tokenSet appends the tokens text.Normalize gives for s (words of at
// least two runes, lowercased, stopwords dropped, stemmed) to buf and
// returns them sorted and unique.
func tokenSet(buf []string, s string) []string {
	text.EachWord(s, func(w string, _, _ int) {
		if st, ok := text.ContentStem(w); ok {
			buf = append(buf, st)
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
func jaccard[T cmp.Ordered](a, b []T) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := CountCommon(a, b)
	return float64(inter) / float64(len(a)+len(b)-inter)
}

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
//
// The comparison a verdict acts on is then read as written: the same
// statement in other notation is a duplicate measured on its texts
// (asWritten), and a generalization whose statement differs from the
// stored one only in notation or connective words is no broader one but
// that duplicate (notBroader); statements of one wording over other
// mathematics or another list are two results (twoResults).
func Compare(cand, existing *core.Primitive) core.Comparison {
	c := CompareFeatures(FeaturesOf(cand), FeaturesOf(existing), existing.ID)
	asWritten(&c, cand, existing)
	notBroader(&c, cand, existing)
	twoResults(&c, cand, existing)
	return c
}

// asWritten corrects c, the comparison of cand with existing, where the
// comparator read their statements as one because they are one text in
// canonical math form (\le and \leq, \N and \mathbb{N}), though they are
// not one as written: an exact duplicate means the same text (up to case
// and spacing), and this is the same statement in other notation. Its
// statement score is then measured on the texts as written (the share of
// words they have in common), not taken as 1, its confidence with that
// score, and its rationale says so. The class, and what the merge engine
// does with it, stay.
func asWritten(c *core.Comparison, cand, existing *core.Primitive) {
	if c.Class != core.ExactDuplicate || c.FormalSimilarity != 1 {
		return
	}
	a, b := cand.FormalStatement, existing.FormalStatement
	if unspaced(a) == unspaced(b) {
		// The same text, spaced otherwise ("a*1" and "a * 1").
		return
	}
	if ca, _ := TextKey(text.CanonicalMath(a)); ca != canonicalKey(b) {
		// One by their words of substance, not by notation: the score
		// was measured.
		return
	}
	c.FormalSimilarity = jaccard(writtenWords(a), writtenWords(b))
	c.Confidence = exactConfidence(c)
	if c.Rationale != "" {
		c.Rationale = "The same statement in other notation: one text once its mathematics is spelled one way, not as written (" +
			pct(c.FormalSimilarity) + " of their words as written in common); computational form similarity " +
			pct(c.ComputationalSimilarity) + " — a duplicate, though not an identical text."
	}
}

// exactConfidence is the confidence of an exact duplicate with c's scores.
func exactConfidence(c *core.Comparison) float64 {
	return math.Min(1, (c.FormalSimilarity+c.ComputationalSimilarity+c.KeywordSimilarity+c.PatternOverlap)/4)
}

// notBroader corrects c, the comparison of cand with existing, where it
// calls the candidate a generalization (by its coverage: more patterns or
// keywords, or by the fuller statement of one name) though its statement
// says what the stored one says in other notation (text.OtherNotation) or
// other connective words (text.OtherWords: "with" for "given by"): a
// statement is broader when it drops a condition of the stored one, never
// by its spelling. It is the same statement, a duplicate, its statement
// score and confidence measured on the texts as written. So is a
// statement of any class that says what the stored one says in other
// notation (an EPUB's rendered "χ(G)≤Δ(G)" for its source's
// "$\chi(G) \le \Delta(G)$"), however few tokens the two share.
func notBroader(c *core.Comparison, cand, existing *core.Primitive) {
	if c.Class == core.ExactDuplicate {
		return
	}
	a, b := cand.FormalStatement, existing.FormalStatement
	how := "other notation: one text once its mathematics is spelled one way"
	switch {
	case text.OtherNotation(a, b):
		// Whatever the comparator measured (an EPUB's rendered
		// mathematics shares few tokens with its LaTeX source): one
		// statement.
	case c.Class != core.Generalization:
		return
	case text.OtherWords(a, b):
		how = "other words: the same words of substance and mathematics in one order, joined by other connectives"
	default:
		return
	}
	c.Class = core.ExactDuplicate
	c.FormalSimilarity = jaccard(writtenWords(a), writtenWords(b))
	c.Confidence = exactConfidence(c)
	c.Rationale = "The same statement in " + how + " (" + pct(c.FormalSimilarity) + " of their words as written in common); computational form similarity " +
		pct(c.ComputationalSimilarity) + " — no broader statement but a duplicate, though not an identical text."
}

// unspaced is s lowercased without its white space.
func unspaced(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

func canonicalKey(s string) [16]byte {
	k, _ := TextKey(text.CanonicalMath(s))
	return k
}

// writtenWords are the words of s as written, lowercased and without the
// punctuation around them, sorted and unique.
func writtenWords(s string) []string {
	var out []string
	for _, f := range strings.Fields(strings.ToLower(s)) {
		if f = strings.Trim(f, `,;:.!?()"'`); f != "" {
			out = append(out, f)
		}
	}
	return sortSet(out)
}

// CompareFeatures is Compare on precomputed features; existingID names the
// existing primitive in the comparison.
func CompareFeatures(c, e *Features, existingID string) core.Comparison {
	return compareSets(c.sets(), e.sets(), existingID, true)
}

// featureSets are the parts of Features the comparator measures, with the
// sets' members of type T: normalized strings (Features), or the ids a run
// index interns them as (compact). Interning maps equal strings to equal
// ids and different strings to different ids, so every set operation, and
// so every comparison, comes out the same.
type featureSets[T cmp.Ordered] struct {
	hash                           string
	stmtKey, formKey               [16]byte
	stmtBlank, formBlank           bool
	stmt, form, keywords, patterns []T
	prereqs                        int
	// stmtSig, in a run index's compact features, has the bit of each
	// statement id set (see sigBit): an upper bound of how many of a
	// candidate's statement tokens the statement shares, read without
	// reading its ids.
	stmtSig [sigWords]uint64
}

const sigWords = 4

// sigBit is where an id sits in a signature: one of 256 bits.
func sigBit(w uint32) (int, uint64) {
	h := (w * 0x9E3779B1) >> 24
	return int(h >> 6), 1 << (h & 63)
}

// signature sets the bits of ids.
func signature(ids []uint32) (sig [sigWords]uint64) {
	for _, w := range ids {
		i, b := sigBit(w)
		sig[i] |= b
	}
	return sig
}

// classOf is the class and confidence compareHashed gives, without the
// rest of the comparison. When the candidate's statement tokens that hit
// the existing statement's signature are too few for the statements to be
// related (fs < 0.15), the class follows from the keywords, patterns and
// prerequisites alone and the statements are not merged: in a dense
// source nearly every match is such a pair. shared is how many keywords
// the two share, which the prefilter counted.
func classOf(c, e *compact, eq hashEq, shared int) (core.Class, float64) {
	if sameStatement(c, e, eq) {
		return classFull(c, e, eq)
	}
	lc, le := len(c.stmt), len(e.stmt)
	if lc > 0 && le > 0 {
		ub := 0
		for _, w := range c.stmt {
			if i, b := sigBit(w); e.stmtSig[i]&b != 0 {
				ub++
			}
		}
		ub = min(ub, le)
		if !(float64(ub)/float64(lc+le-ub) < relatedStatements) {
			return classFull(c, e, eq)
		}
	}
	// fs < 0.15: no exact duplicate, no generalization; a specialization
	// needs fs for its confidence.
	nc, ne := len(c.keywords), len(e.keywords)
	kw := 0.0 // jaccard's
	if nc > 0 && ne > 0 {
		kw = float64(shared) / float64(nc+ne-shared)
	}
	_, superset, subset := patternRelation(c.patterns, e.patterns)
	switch {
	case c.prereqs >= e.prereqs && ((subset && !superset) || (kw >= broaderKeywords && ne > nc)):
		return classFull(c, e, eq)
	case kw >= relatedKeywords:
		// max(fs, kw) with fs < 0.15 < kw.
		return core.OverlappingDistinct, kw
	}
	return core.GenuinelyNew, 0
}

func classFull(c, e *compact, eq hashEq) (core.Class, float64) {
	cmp := compareHashed(c, e, "", false, eq)
	return cmp.Class, cmp.Confidence
}

func (f *Features) sets() *featureSets[string] {
	return &featureSets[string]{hash: f.Hash, stmtKey: f.StmtKey, formKey: f.FormKey, stmtBlank: f.StmtBlank, formBlank: f.FormBlank,
		stmt: f.Stmt, form: f.Form, keywords: f.Keywords, patterns: f.Patterns, prereqs: f.Prereqs}
}

// compareSets compares two primitives' sets; without why it leaves the
// Rationale out, which costs more to build than the comparison itself and
// is read only of the comparison a verdict acts on.
func compareSets[T cmp.Ordered](c, e *featureSets[T], existingID string, why bool) core.Comparison {
	return compareHashed(c, e, existingID, why, hashUnknown)
}

// hashEq is what the caller knows of whether two content hashes are equal.
type hashEq int8

const (
	hashUnknown hashEq = iota
	hashSame
	hashDiffer
)

// sameStatement reports whether two statements are the same: the same
// content hash (of the lowercased, space-collapsed statement), or the same
// text in canonical math form (StmtKey), which spelling does not change.
func sameStatement[T cmp.Ordered](c, e *featureSets[T], eq hashEq) bool {
	if !c.stmtBlank && c.stmtKey == e.stmtKey {
		return true
	}
	if c.hash == "" || e.hash == "" {
		return false
	}
	switch eq {
	case hashSame:
		return true
	case hashDiffer:
		return false
	}
	return c.hash == e.hash
}

// compareHashed is compareSets for a caller that may know whether the two
// content hashes (when neither is empty) are equal, as a run index does
// for its records: comparing them reads the existing hash's bytes, a
// cache miss per comparison in a large run.
func compareHashed[T cmp.Ordered](c, e *featureSets[T], existingID string, why bool, eq hashEq) core.Comparison {
	sameStmt := sameStatement(c, e, eq)
	fs := 1.0
	if !sameStmt {
		fs = jaccard(c.stmt, e.stmt)
	}
	cf := 1.0
	if c.formKey != e.formKey {
		cf = jaccard(c.form, e.form)
	}
	kw := jaccard(c.keywords, e.keywords)
	po, superset, subset := patternRelation(c.patterns, e.patterns)
	nc, ne := len(c.keywords), len(e.keywords)

	cmp := core.Comparison{
		ExistingID:              existingID,
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
			if why {
				cmp.Rationale = "Identical formal statement and computational form similarity " + pct(cf) + " exceeds " + pct(exactThreshold) + " threshold — exact duplicate."
			}
		} else {
			if why {
				cmp.Rationale = "Formal statement similarity " + pct(fs) + " and computational form similarity " + pct(cf) + " both exceed " + pct(exactThreshold) + " threshold — exact duplicate."
			}
		}
	case c.prereqs <= e.prereqs && fs >= relatedStatements &&
		((superset && !subset) || (kw >= broaderKeywords && nc > ne)):
		cmp.Class = core.Generalization
		cmp.Confidence = math.Min(1, 0.6+0.4*kw)
		if why {
			cmp.Rationale = "Candidate has no more prerequisites (" + strconv.Itoa(c.prereqs) + " vs " + strconv.Itoa(e.prereqs) + ") and broader coverage (" +
				coverage(superset && !subset, kw, nc, ne) + "), with related statements (formal similarity " + pct(fs) + ") — generalization."
		}
	case c.prereqs >= e.prereqs &&
		((subset && !superset) || (kw >= broaderKeywords && ne > nc)):
		cmp.Class = core.Specialization
		cmp.Confidence = math.Min(1, 0.6+0.4*fs)
		if why {
			cmp.Rationale = "Candidate has at least as many prerequisites (" + strconv.Itoa(c.prereqs) + " vs " + strconv.Itoa(e.prereqs) + ") and narrower coverage (" +
				narrower(subset && !superset, kw, nc, ne) + ") — specialization."
		}
	case fs >= relatedStatements || kw >= relatedKeywords:
		cmp.Class = core.OverlappingDistinct
		cmp.Confidence = math.Max(fs, kw)
		if why {
			cmp.Rationale = "Formal statement similarity " + pct(fs) + " and keyword similarity " + pct(kw) + " show overlap (thresholds " + pct(relatedStatements) + " / " + pct(relatedKeywords) +
				") without duplication, generalization or specialization — overlapping but distinct."
		}
	default:
		cmp.Class = core.GenuinelyNew
		cfEvidence := cf
		if c.formBlank && e.formBlank {
			cfEvidence = 0
		}
		cmp.Confidence = math.Max(fs, math.Max(kw, cfEvidence))
		if why {
			cmp.Rationale = "Formal statement similarity " + pct(fs) + " and keyword similarity " + pct(kw) + " are below the overlap thresholds (" + pct(relatedStatements) + " / " + pct(relatedKeywords) +
				") — genuinely new."
		}
	}
	return cmp
}

// patternRelation returns the Jaccard overlap of two normalized pattern
// lists and whether the candidate's is a superset / subset of the
// existing's. Two empty lists overlap 1 and are neither (see Compare).
func patternRelation[T cmp.Ordered](cand, existing []T) (overlap float64, superset, subset bool) {
	if len(cand) == 0 && len(existing) == 0 {
		return 1, false, false
	}
	superset = allIn(existing, cand)
	subset = allIn(cand, existing)
	return jaccard(cand, existing), superset, subset
}

func allIn[T cmp.Ordered](xs, set []T) bool {
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
	return keywordCoverage(kw, nc, ne)
}

func narrower(patterns bool, kw float64, nc, ne int) string {
	if patterns {
		return "pattern subset"
	}
	return keywordCoverage(kw, nc, ne)
}

func keywordCoverage(kw float64, nc, ne int) string {
	return "keyword similarity " + pct(kw) + " with " + strconv.Itoa(nc) + " keywords vs " + strconv.Itoa(ne)
}

// pct formats a similarity as a whole percentage, like the reference
// (fmt's "%.0f%%", without fmt: a run compares thousands of pairs).
func pct(v float64) string { return strconv.FormatFloat(v*100, 'f', 0, 64) + "%" }

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
