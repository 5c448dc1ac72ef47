package skills

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skillspec"
)

// MaxHistory bounds the versions a skill keeps. A skill regenerated after
// every learn would otherwise grow without end; the oldest versions go
// first, and the lineage's source hashes still name every content it had.
const MaxHistory = 50

// Errors of the lifecycle, wrapped with the skill's key.
var (
	ErrInvalid    = errors.New("invalid skill")
	ErrTransition = errors.New("status change not allowed")
	ErrNoVersion  = errors.New("no such version")
	ErrPack       = errors.New("imported and static skills are not changed by evolution")
)

// Check reports why key and c cannot form a stored skill: the key must be
// a fully qualified "ns.id", the name must equal the id (so the exported
// folder passes the standard's directory rule) and be valid under the
// strict profile (Unicode letters allowed, as skills-ref), and the description must be 1–1024 characters without '<' or '>'
// (the strictest common subset, which every client loads).
func Check(key string, c Content) error {
	ns, id, ok := scope.Split(key)
	if !ok || ns == "" {
		return fmt.Errorf("%w: key %q is not \"namespace.id\"", ErrInvalid, key)
	}
	if c.Name != id {
		return fmt.Errorf("%w: %s: name %q differs from the id %q", ErrInvalid, key, c.Name, id)
	}
	if errs := skillspec.NameErrors(c.Name); len(errs) > 0 {
		return fmt.Errorf("%w: %s: %s", ErrInvalid, key, strings.Join(errs, "; "))
	}
	n := len([]rune(c.Description))
	switch {
	case strings.TrimSpace(c.Description) == "":
		return fmt.Errorf("%w: %s: the description is empty", ErrInvalid, key)
	case n > 1024:
		return fmt.Errorf("%w: %s: the description has %d characters (at most 1024)", ErrInvalid, key, n)
	case strings.ContainsAny(c.Description, "<>"):
		return fmt.Errorf("%w: %s: the description contains '<' or '>'", ErrInvalid, key)
	}
	if n := len([]rune(c.Compatibility)); n > skillspec.MaxCompatibilityLength {
		return fmt.Errorf("%w: %s: compatibility has %d characters (at most %d)", ErrInvalid, key, n, skillspec.MaxCompatibilityLength)
	}
	if c.Extends != "" {
		if _, err := scope.Parse(c.Extends); err != nil {
			return fmt.Errorf("%w: %s: extends: %w", ErrInvalid, key, err)
		}
	}
	for _, imp := range c.Imports {
		if _, err := scope.Parse(imp); err != nil {
			return fmt.Errorf("%w: %s: import: %w", ErrInvalid, key, err)
		}
	}
	return nil
}

// CheckImported is Check for an imported skill, which lore keeps as its
// author wrote it: only what lore needs to hold the record is required —
// a fully qualified key whose id is the name, a description, and
// well-formed extends and imports. Everything else (a long description,
// angle brackets, a long compatibility) is the validator's to report, as a
// warning under the lenient profile import reads with, so validate
// --lenient and import --lenient accept the same skills.
func CheckImported(key string, c Content) error {
	ns, id, ok := scope.Split(key)
	if !ok || ns == "" {
		return fmt.Errorf("%w: key %q is not \"namespace.id\" (an id has no '.', ':', '/', '\\', blanks or glob characters)", ErrInvalid, key)
	}
	if c.Name != id {
		return fmt.Errorf("%w: %s: name %q differs from the id %q", ErrInvalid, key, c.Name, id)
	}
	if strings.TrimSpace(c.Description) == "" {
		return fmt.Errorf("%w: %s: the description is empty", ErrInvalid, key)
	}
	if c.Extends != "" {
		if _, err := scope.Parse(c.Extends); err != nil {
			return fmt.Errorf("%w: %s: extends: %w", ErrInvalid, key, err)
		}
	}
	for _, imp := range c.Imports {
		if _, err := scope.Parse(imp); err != nil {
			return fmt.Errorf("%w: %s: import: %w", ErrInvalid, key, err)
		}
	}
	return nil
}

// check is the check a record of source src must pass.
func check(src Source, key string, c Content) error {
	if src == Imported {
		return CheckImported(key, c)
	}
	return Check(key, c)
}

// New returns a skill record for content c, checked, at version 1.
// Generated skills start as drafts; the caller passes status. New and
// Update store the task type normalized (never empty), so a record always
// says how it decays.
//
// Redaction applies to what lore learns and generates and to text given to
// it (a warning, a failure report): the content of every source but
// Imported is redacted before it is stored. An imported skill is kept as
// its author wrote it; bundle.Import reports the secrets it sees and
// rewrites them only when asked.
func New(key string, c Content, src Source, status Status, prov Provenance, now time.Time) (*Skill, error) {
	c = normalize(c, src != Imported)
	if err := check(src, key, c); err != nil {
		return nil, err
	}
	c = stampVersion(c, src, 1)
	s := &Skill{
		Key:        key,
		Content:    c,
		Source:     src,
		Provenance: prov,
		Status:     status,
		Visibility: Workspace,
		Version:    1,
		Created:    now,
		Updated:    now,
	}
	s.Hash = ContentHash(c)
	s.Lineage.SourceHashes = []string{s.Hash}
	return s, nil
}

// Redact returns c with secrets and personal data replaced in every text an
// agent would read (description, instructions, example queries, metadata
// values, text resources), and how many spans of each kind were replaced.
// Seed 001: redaction happens before anything is stored. The name is left
// alone: Check holds it to letters, digits and hyphens, and a name such as
// "pk-tables-extract" that a token pattern would take is a name, not a key.
func Redact(c Content) (Content, map[redact.Kind]int) {
	counts := map[redact.Kind]int{}
	red := func(s string) string {
		r := redact.Text(s)
		for k, n := range r.Counts {
			counts[k] += n
		}
		return r.Text
	}
	c.Description = red(c.Description)
	c.Instructions = red(c.Instructions)
	if len(c.ExampleQueries) > 0 {
		qs := make([]string, len(c.ExampleQueries))
		for i, q := range c.ExampleQueries {
			qs[i] = red(q)
		}
		c.ExampleQueries = qs
	}
	if len(c.Metadata) > 0 {
		m := make(map[string]string, len(c.Metadata))
		for k, v := range c.Metadata {
			m[k] = red(v)
		}
		c.Metadata = m
	}
	if len(c.Files) > 0 {
		fs := make([]File, len(c.Files))
		for i, f := range c.Files {
			fs[i] = f
			if IsText(f.Content) {
				fs[i].Content = []byte(red(string(f.Content)))
			}
		}
		c.Files = fs
	}
	return c, counts
}

// normalize redacts c (when asked) and puts it in the canonical form the folder round
// trip preserves (see Parse): task type normalized, instructions with LF
// line ends and no trailing newline, empty lists and maps nil, resources
// sorted by path. A record made here then exports and imports back to the
// same content hash, so re-importing it is recognized as no change.
func normalize(c Content, redacted bool) Content {
	if redacted {
		c, _ = Redact(c)
	}
	c.TaskType = c.TaskType.Normalize()
	c.Instructions = strings.TrimRight(strings.ReplaceAll(c.Instructions, "\r\n", "\n"), "\n")
	c.ExampleQueries = nilIfEmpty(c.ExampleQueries)
	c.Imports = nilIfEmpty(c.Imports)
	c.SuggestedTools = nilIfEmpty(c.SuggestedTools)
	if len(c.Metadata) == 0 {
		c.Metadata = nil
	}
	if len(c.Files) == 0 {
		c.Files = nil
	}
	if !slices.IsSortedFunc(c.Files, func(a, b File) int { return strings.Compare(a.Path, b.Path) }) {
		c.Files = slices.Clone(c.Files)
		slices.SortStableFunc(c.Files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	}
	return c
}

// stampVersion gives the "version" metadata of a skill lore wrote (one
// whose metadata has that key: the generators') the library's version of
// it, so that SKILL.md, lore skills show and the Skills screen say one
// number. An imported skill keeps what its author wrote.
func stampVersion(c Content, src Source, version int) Content {
	if src == Imported {
		return c
	}
	v, ok := c.Metadata["version"]
	if !ok || v == strconv.Itoa(version) {
		return c
	}
	c.Metadata = maps.Clone(c.Metadata)
	c.Metadata["version"] = strconv.Itoa(version)
	return c
}

func nilIfEmpty(xs []string) []string {
	if len(xs) == 0 {
		return nil
	}
	return xs
}

// IsText reports whether b looks like text (valid UTF-8 without NUL): the
// resources redaction may rewrite and the sanitizer can read; a binary
// asset is left byte for byte.
func IsText(b []byte) bool {
	return utf8.Valid(b) && !slices.Contains(b, 0)
}

// Update replaces s's content with c (checked, and redacted unless s is
// imported; see New), keeping the old content as a version when it
// differs. It reports whether anything changed.
func (s *Skill) Update(c Content, reason string, now time.Time) (bool, error) {
	c = normalize(c, s.Source != Imported)
	if err := check(s.Source, s.Key, c); err != nil {
		return false, err
	}
	h := ContentHash(stampVersion(c, s.Source, s.Version))
	if h == s.Hash {
		return false, nil
	}
	s.pushVersion(reason, now)
	c = stampVersion(c, s.Source, s.Version+1)
	s.Content = c
	s.Hash = ContentHash(c)
	s.Version++
	s.Updated = now
	if !slices.Contains(s.Lineage.SourceHashes, h) {
		s.Lineage.SourceHashes = append(s.Lineage.SourceHashes, h)
	}
	return true, nil
}

func (s *Skill) pushVersion(reason string, now time.Time) {
	s.History = append(s.History, Version{Number: s.Version, At: now, Reason: reason, Hash: s.Hash, Content: s.Content,
		Findings: slices.Clone(s.Findings), FindingsKept: true})
	if over := len(s.History) - MaxHistory; over > 0 {
		s.History = slices.Delete(s.History, 0, over)
	}
}

// Rollback makes the content of version n current again, as a new version
// (so a rollback can itself be rolled back), with the findings the scanner
// had reported in it when the version kept them.
func (s *Skill) Rollback(n int, now time.Time) error {
	i := slices.IndexFunc(s.History, func(v Version) bool { return v.Number == n })
	if i < 0 {
		return fmt.Errorf("%s: version %d: %w (kept: %s)", s.Key, n, ErrNoVersion, s.versionList())
	}
	v := s.History[i]
	changed, err := s.Update(v.Content, fmt.Sprintf("rollback to version %d", n), now)
	if err == nil && changed && v.FindingsKept {
		s.Findings = slices.Clone(v.Findings)
	}
	return err
}

func (s *Skill) versionList() string {
	if len(s.History) == 0 {
		return fmt.Sprintf("only the current version %d", s.Version)
	}
	ns := make([]string, len(s.History))
	for i, v := range s.History {
		ns[i] = fmt.Sprint(v.Number)
	}
	return strings.Join(ns, ", ") + fmt.Sprintf(" and the current %d", s.Version)
}

// SetStatus moves s to status st. Every move between the three statuses is
// allowed (an archived skill can be restored) except to the same status,
// which is reported so that a review does not count a no-op as a decision.
func (s *Skill) SetStatus(st Status, note string, now time.Time) error {
	switch st {
	case Draft, Active, Archived:
	default:
		return fmt.Errorf("%s: unknown status %q (draft, active or archived): %w", s.Key, st, ErrTransition)
	}
	if s.Status == st {
		return fmt.Errorf("%s is already %s: %w", s.Key, st, ErrTransition)
	}
	s.Status = st
	s.Note = note
	s.Updated = now
	return nil
}

// RecordUse counts one use of s and its outcome.
func (s *Skill) RecordUse(success bool, now time.Time) {
	s.Uses++
	if success {
		s.Successes++
	} else {
		s.Failures++
	}
	s.LastUsed = now
	s.Updated = now
}

// Vote is one voter's vote on one version of a skill.
type Vote struct {
	Helpful bool      `json:"helpful"`
	At      time.Time `json:"at"`
}

// VoteKey is the key in Skill.Votes of voter's vote on version of a
// skill: the version first, since a user's name may hold any character
// but ':' and a version none.
func VoteKey(voter string, version int) string { return strconv.Itoa(version) + ":" + voter }

// RecordVote records voter's helpful or harmful vote on s as it is now:
// one vote per voter and version (Votes), so that no one moves a skill's
// rank by voting again. The same vote again changes nothing; the other
// vote replaces it, moving one count to the other. It reports whether s
// changed.
func (s *Skill) RecordVote(voter string, helpful bool, now time.Time) bool {
	k := VoteKey(voter, s.Version)
	old, voted := s.Votes[k]
	if voted && old.Helpful == helpful {
		return false
	}
	if voted {
		// The counts began before votes were kept, and a merge adds
		// another skill's: they are never taken below zero.
		if old.Helpful {
			s.Helpful = max(s.Helpful-1, 0)
		} else {
			s.Harmful = max(s.Harmful-1, 0)
		}
	}
	if helpful {
		s.Helpful++
	} else {
		s.Harmful++
	}
	if s.Votes == nil {
		s.Votes = make(map[string]Vote)
	}
	s.Votes[k] = Vote{Helpful: helpful, At: now}
	s.Updated = now
	return true
}
