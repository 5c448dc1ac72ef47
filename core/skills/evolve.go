package skills

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// DefaultMergeThreshold is seed 001's merge_threshold.
const DefaultMergeThreshold = 0.90

// DefaultNegativeAfter is how many reports of the same failure signature
// make a negative skill: "repeated failures that share a stable signature"
// — twice is a repetition, once may be chance.
const DefaultNegativeAfter = 2

// Similarity is the cosine of the two skills' term vectors (normalized
// tokens: lowercased, stopwords removed, stemmed), the description counted
// twice because it says what a skill is for and
// the body says how; the name counts once, since near-duplicates are often
// the same procedure under two names.
// Skills of different task types or polarity are never similar: a warning
// must not be merged into the procedure it warns about, and a browser
// skill decays at a different rate from an api one.
func Similarity(a, b *Content) float64 {
	if a.TaskType.Normalize() != b.TaskType.Normalize() || a.Negative != b.Negative {
		return 0
	}
	va, vb := termVector(a), termVector(b)
	var dot, na, nb float64
	for t, x := range va {
		na += x * x
		dot += x * vb[t]
	}
	for _, y := range vb {
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// TermVector is the term vector Similarity compares: normalized tokens of
// the name, the description (counted twice), the body and the example
// queries, with their weights.
func TermVector(c *Content) map[string]float64 { return termVector(c) }

func termVector(c *Content) map[string]float64 {
	v := make(map[string]float64)
	add := func(s string, w float64) {
		for _, t := range text.Normalize(s) {
			v[t] += w
		}
	}
	add(strings.ReplaceAll(c.Name, "-", " "), 1)
	add(c.Description, 2)
	add(c.Instructions, 1)
	for _, q := range c.ExampleQueries {
		add(q, 1)
	}
	return v
}

// Pair is a near-duplicate found by NearDuplicates: From would be merged
// into Into.
type Pair struct {
	Into  string  `json:"into"`
	From  string  `json:"from"`
	Score float64 `json:"score"`
}

// NearDuplicates returns the merges seed 001 calls for in lib at threshold
// (≤ 0 means DefaultMergeThreshold): pairs of learned (or proposed),
// non-archived skills at least that similar (see Mergeable). Pack skills
// are never merged, in either direction: merging into one would overwrite
// it, and absorbing one would archive a skill someone installed
// deliberately. The older skill (then the smaller key) absorbs the newer,
// so keys that agents already use survive. A skill is merged at most once
// per call, into its best match, so the result can be applied in order;
// run it again to merge chains.
func NearDuplicates(lib []*Skill, threshold float64) []Pair {
	if !(threshold > 0) {
		threshold = DefaultMergeThreshold
	}
	var cands []*Skill
	for _, s := range lib {
		if (s.Source == Learned || s.Source == Proposed) && s.Status != Archived {
			cands = append(cands, s)
		}
	}
	slices.SortFunc(cands, olderFirst)
	var pairs []Pair
	for i, a := range cands {
		for _, b := range cands[i+1:] {
			if !Mergeable(a, b) {
				continue
			}
			if sc := Similarity(&a.Content, &b.Content); sc >= threshold {
				pairs = append(pairs, Pair{Into: a.Key, From: b.Key, Score: sc})
			}
		}
	}
	slices.SortStableFunc(pairs, func(x, y Pair) int { return cmp.Compare(y.Score, x.Score) })
	used := make(map[string]bool)
	var out []Pair
	for _, p := range pairs {
		if used[p.Into] || used[p.From] {
			continue
		}
		used[p.Into], used[p.From] = true, true
		out = append(out, p)
	}
	return out
}

// Mergeable reports whether two skills may be merged at all, whatever
// their similarity: both learned or proposed (never a pack skill) and not
// archived, and — when either was proposed by an agent or drawn from its
// run — both drafts, since merging takes the newer content and an
// unreviewed proposal must not reach an active skill that way.
func Mergeable(a, b *Skill) bool {
	ok := func(s *Skill) bool { return (s.Source == Learned || s.Source == Proposed) && s.Status != Archived }
	if !ok(a) || !ok(b) || a.Key == b.Key {
		return false
	}
	if a.Source == Proposed || b.Source == Proposed {
		return a.Status == Draft && b.Status == Draft
	}
	return true
}

func olderFirst(a, b *Skill) int {
	if c := a.Created.Compare(b.Created); c != 0 {
		return c
	}
	return strings.Compare(a.Key, b.Key)
}

// Merge folds from into into: into takes the newer of the two contents
// (the more recently updated skill describes the procedure as it is now)
// under its own name, the union of example queries, tools and imports,
// the sum of usage and feedback, and the lineage of both; from is archived
// with a note naming into. Seed 001: "merge into the existing skill …
// record lineage (merged_from, source_hashes, origin_ref)". Neither may be
// a pack skill.
func Merge(into, from *Skill, now time.Time) error {
	if into.Pack() || from.Pack() {
		return fmt.Errorf("merge %s into %s: %w", from.Key, into.Key, ErrPack)
	}
	if into.Key == from.Key {
		return fmt.Errorf("merge %s into itself: %w", into.Key, ErrInvalid)
	}
	c := into.Content
	if from.Updated.After(into.Updated) {
		keep := c.Name
		c = from.Content
		c.Name = keep
	}
	c.ExampleQueries = union(into.ExampleQueries, from.ExampleQueries)
	c.SuggestedTools = union(into.SuggestedTools, from.SuggestedTools)
	c.Imports = slices.DeleteFunc(union(into.Imports, from.Imports), func(k string) bool { return k == into.Key })
	if _, err := into.Update(c, "merged "+from.Key, now); err != nil {
		return fmt.Errorf("merge %s into %s: %w", from.Key, into.Key, err)
	}
	into.Uses += from.Uses
	into.Successes += from.Successes
	into.Failures += from.Failures
	into.Helpful += from.Helpful
	into.Harmful += from.Harmful
	if from.LastUsed.After(into.LastUsed) {
		into.LastUsed = from.LastUsed
	}
	for sig, n := range from.FailureSignatures {
		if into.FailureSignatures == nil {
			into.FailureSignatures = make(map[string]int)
		}
		into.FailureSignatures[sig] += n
	}
	// What the scanner found in either stays with the merged skill: a
	// proposal's critical finding must still be acknowledged before the
	// skill it joined is promoted.
	for _, f := range from.Findings {
		if !slices.ContainsFunc(into.Findings, func(g core.Finding) bool { return SameFinding(f, g) }) {
			into.Findings = append(into.Findings, f)
		}
	}
	into.Lineage.MergedFrom = union(into.Lineage.MergedFrom, append([]string{from.Key}, from.Lineage.MergedFrom...))
	into.Lineage.SourceHashes = union(into.Lineage.SourceHashes, from.Lineage.SourceHashes)
	if into.Lineage.Origin == "" {
		into.Lineage.Origin = from.Lineage.Origin
	}
	from.Status = Archived
	from.Note = "merged into " + into.Key
	from.Updated = now
	return nil
}

// union returns a followed by the elements of b not in a, without
// duplicates, keeping order.
func union(a, b []string) []string {
	var out []string
	seen := make(map[string]bool)
	for _, x := range slices.Concat(a, b) {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

var (
	hexRun    = lazyre.New(`\b[0-9a-f]{8,}\b`)
	numberRun = lazyre.New(`\d+`)
)

// Signature normalizes a failure description to the stable form failures
// are grouped by: redacted, lowercased, blanks collapsed, and the parts
// that differ between occurrences of the same failure (numbers, hex ids
// such as request ids and hashes) replaced by '#'; cut to MaxOutcomeNote
// runes, as a use's note is, for it is kept in the skill's record.
func Signature(failure string) string {
	s := strings.ToLower(text.CollapseSpace(redact.Text(failure).Text))
	s = hexRun.ReplaceAllString(s, "#")
	s = numberRun.ReplaceAllString(s, "#")
	return strings.TrimSpace(clip(strings.TrimSpace(s), MaxOutcomeNote))
}

// MaxFailureSignatures bounds the failure signatures a record counts, as
// MaxOutcomes bounds its notes: an agent reporting a different failure in
// a loop must not grow a record every reader of the library reads whole.
const MaxFailureSignatures = 50

// ReportFailure counts one failure of s with the given signature (already
// normalized with Signature). When the signature reaches negativeAfter
// reports (≤ 0 means DefaultNegativeAfter) it returns the negative skill to
// add — a draft, for review like every skill lore writes itself — and nil
// otherwise, including for the reports after that one. A record keeps at
// most MaxFailureSignatures signatures (dropRareSignature): a new one past
// them counts in Failures alone, its count 0.
func (s *Skill) ReportFailure(signature string, negativeAfter int, now time.Time) (*Skill, error) {
	if negativeAfter <= 0 {
		negativeAfter = DefaultNegativeAfter
	}
	if s.FailureSignatures == nil {
		s.FailureSignatures = make(map[string]int)
	}
	s.Failures++
	s.Updated = now
	if _, kept := s.FailureSignatures[signature]; !kept && len(s.FailureSignatures) >= MaxFailureSignatures && !s.dropRareSignature(negativeAfter) {
		// Every signature kept has made its negative skill: the
		// failure counts, its signature is not kept.
		return nil, nil
	}
	s.FailureSignatures[signature]++
	if s.FailureSignatures[signature] != negativeAfter {
		return nil, nil
	}
	sum := sha256.Sum256([]byte(signature))
	id := negativeID(s.ID(), hex.EncodeToString(sum[:3]))
	desc := fmt.Sprintf("Warning for %s: this failure repeated %d times: %s", s.Name, negativeAfter, signature)
	c := Content{
		Name:         id,
		Description:  clip(strings.NewReplacer("<", "‹", ">", "›").Replace(desc), 1024),
		Instructions: fmt.Sprintf("# Avoid: %s\n\nWhen using the skill `%s`, this failure was reported %d times:\n\n    %s\n\nCheck for it before repeating the approach that led to it.\n", s.Name, s.Key, negativeAfter, signature),
		Extends:      s.Key,
		TaskType:     s.TaskType,
		Negative:     true,
	}
	n, err := New(scope.Key(s.Namespace(), id), c, Learned, Draft, Provenance{Document: "failures of " + s.Key}, now)
	if err != nil {
		return nil, fmt.Errorf("negative skill for %s: %w", s.Key, err)
	}
	n.Lineage.Origin = s.Key
	return n, nil
}

// dropRareSignature makes room for a new signature in a full record: it
// forgets the one reported least (the first by name among equals) of
// those that have not made a negative skill, so that none is counted up
// to negativeAfter again to make a second. It reports whether one was
// forgotten.
func (s *Skill) dropRareSignature(negativeAfter int) bool {
	drop, least := "", negativeAfter
	for sig, n := range s.FailureSignatures {
		if n < least || n == least && n < negativeAfter && sig < drop {
			drop, least = sig, n
		}
	}
	if least >= negativeAfter {
		return false
	}
	delete(s.FailureSignatures, drop)
	return true
}

// Warn returns a negative skill written by hand (lore skills warn): active
// at once, since a person chose its words.
// extends, when set, is the skill the warning is about.
func Warn(key, description, instructions, extends string, tt search.TaskType, by string, now time.Time) (*Skill, error) {
	_, id, _ := scope.Split(key)
	c := Content{Name: id, Description: description, Instructions: instructions, Extends: extends, TaskType: tt, Negative: true}
	return New(key, c, Learned, Active, Provenance{By: by}, now)
}

// negativeID is "avoid-<id>-<6 hex>", shortened so that it stays within
// the 64-character name limit.
func negativeID(id, tag string) string {
	const fixed = len("avoid-") + 1 + 6
	id = strings.Trim(clip(id, 64-fixed), "-")
	return "avoid-" + id + "-" + tag
}

// clip cuts s to at most n runes.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// SameFinding compares two findings as a record keeps them (the offsets
// into the scanned text are not stored).
func SameFinding(a, b core.Finding) bool {
	a.Offset, a.Length, b.Offset, b.Length = 0, 0, 0, 0
	if (a.Flow == nil) != (b.Flow == nil) || (a.Flow != nil && *a.Flow != *b.Flow) {
		return false
	}
	a.Flow, b.Flow = nil, nil
	return a == b
}
