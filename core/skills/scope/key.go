// Package scope holds the pure rules that decide which skills an agent
// gets: fully qualified skill keys, import resolution and per-consumer
// visibility (issue 8, scope point 4; seeds 002 and 004; reference notes
// §C.2–C.4). It does no I/O and knows nothing of the store, so the same
// rules serve the CLI, the TUI and tests, and the store only has to supply
// a lookup function and a list of keys.
//
// The design follows kdcube's tested model but not its defects:
//
//   - An import cycle is reported with the whole cycle ("import cycle
//     public.a → public.b → public.a skipped"), not just the node where it
//     was noticed, so the author can see which edge to remove.
//   - An allow-list that is present but empty shows nothing, as seed 002
//     specifies; kdcube ignores "enabled: []", which turns an agent meant
//     to see no skills into one that sees all of them.
//   - A malformed pattern is a configuration error, never a pattern that
//     silently matches nothing (which, in a deny list, would widen
//     visibility).
//   - Short ids (SK1, SK2, …) are numbered per consumer and change whenever
//     the visible set does, so they are accepted only together with the
//     catalog that issued them (ShortIDs) and never in anything persisted:
//     Parse, imports and policies reject them.
package scope

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// DefaultNamespace is the namespace of a reference written without one.
// Seed 004: "<skill_id> (defaults to public.<skill_id>)". Imports use the
// same rule (kdcube normalizes dotless imports to public too) rather than
// the importer's namespace, so a reference means the same skill wherever it
// is written and moving a skill between namespaces does not change what it
// imports.
const DefaultNamespace = "public"

// refPrefix is the optional "skills." prefix of seed 004's
// "skills.<namespace>.<skill_id>". Because it is stripped, "skills" cannot
// be a namespace: "skills.x" would otherwise mean either public.x or the
// skill x in namespace skills.
const refPrefix = "skills."

// ErrShortID is returned for a catalog short id (SK3) where only a stable
// reference may appear; see ShortIDs.
var ErrShortID = errors.New("short ids are only valid with the catalog that issued them")

// Key joins a namespace and an id into a fully qualified key "ns.id". It
// does not validate; use Parse for text that came from outside.
func Key(ns, id string) string { return ns + "." + id }

// Split returns the namespace and id of a fully qualified key. ok is false
// when key is not exactly one valid namespace and one valid id.
func Split(key string) (ns, id string, ok bool) {
	ns, id, found := strings.Cut(key, ".")
	if !found || checkNamespace(ns) != nil || checkID(id) != nil {
		return "", "", false
	}
	return ns, id, true
}

// Parse normalizes a stable skill reference to its fully qualified key.
// Accepted forms, from seed 004 and kdcube's resolve_skill_ref:
//
//	<id>                    → public.<id>
//	<ns>.<id>               → <ns>.<id>
//	skills.<ns>.<id>        → <ns>.<id>
//	skills.<id>             → public.<id>
//
// Surrounding blanks are trimmed; nothing else is rewritten (no case
// folding), because the key is the store's identity and two spellings must
// not silently collapse into one. The "skills." prefix is stripped once,
// not twice as kdcube does: "skills.skills.x" is a typo, not a reference.
// Short ids are rejected with ErrShortID.
func Parse(ref string) (string, error) {
	r := strings.TrimSpace(ref)
	if isShortID(r) {
		return "", fmt.Errorf("reference %q: %w", ref, ErrShortID)
	}
	r = strings.TrimPrefix(r, refPrefix)
	ns, id, qualified := strings.Cut(r, ".")
	if !qualified {
		ns, id = DefaultNamespace, r
	}
	if err := checkNamespace(ns); err != nil {
		return "", fmt.Errorf("reference %q: %w", ref, err)
	}
	if err := checkID(id); err != nil {
		return "", fmt.Errorf("reference %q: %w", ref, err)
	}
	return Key(ns, id), nil
}

// checkNamespace keeps namespaces to the portable name alphabet (plus "_")
// because they are directory names on export (<root>/<ns>/<id>/SKILL.md).
func checkNamespace(ns string) error {
	if ns == "" {
		return errors.New("empty namespace")
	}
	if ns+"." == refPrefix {
		return errors.New(`namespace "skills" is reserved for the reference prefix`)
	}
	for _, c := range ns {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' && c != '_' {
			return fmt.Errorf("namespace %q: only a-z, 0-9, '-' and '_' allowed", ns)
		}
	}
	return nil
}

// checkID accepts what the lenient SKILL.md profile accepts as a name
// (Unicode letters included) but refuses the characters that would make a
// key ambiguous: the namespace separator, glob metacharacters (so an exact
// key can never be mistaken for a pattern), path separators and blanks.
func checkID(id string) error {
	if id == "" {
		return errors.New("empty skill id")
	}
	for _, c := range id {
		if unicode.IsSpace(c) || unicode.IsControl(c) || strings.ContainsRune(".*?[]\\/:", c) {
			return fmt.Errorf("skill id %q: character %q not allowed", id, c)
		}
	}
	return nil
}

// isShortID reports whether r has the catalog form SK<digits>. Only the
// upper-case form is taken, as kdcube issues it; SK0 and SK01 count too, so
// a mistyped short id is refused instead of becoming the id public.SK0.
func isShortID(r string) bool {
	n, ok := strings.CutPrefix(r, "SK")
	if !ok || n == "" {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ShortIDs maps the short ids of one catalog (SK1…SKn) to keys. It is a
// snapshot: numbering follows the sorted keys of the visible set, so any
// change to that set renumbers it. Keep it only as long as the catalog
// text it was printed in, and never store a short id.
type ShortIDs map[string]string

// NewShortIDs numbers visible keys in sorted order, as kdcube's
// build_skill_short_id_map does, so a catalog printed twice from the same
// set gets the same numbers. Invalid and repeated keys are skipped.
func NewShortIDs(visible []string) ShortIDs {
	keys := make([]string, 0, len(visible))
	seen := make(map[string]bool, len(visible))
	for _, k := range visible {
		if _, _, ok := Split(k); ok && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	m := make(ShortIDs, len(keys))
	for i, k := range keys {
		m[fmt.Sprintf("SK%d", i+1)] = k
	}
	return m
}

// Parse resolves a reference that may also be one of this catalog's short
// ids (seed 004: the decision agent selects skills by short id). A short id
// the catalog did not issue is an error, not a guess.
func (s ShortIDs) Parse(ref string) (string, error) {
	r := strings.TrimSpace(ref)
	if isShortID(r) {
		if k, ok := s[r]; ok {
			return k, nil
		}
		return "", fmt.Errorf("short id %q is not in this catalog", r)
	}
	return Parse(ref)
}
