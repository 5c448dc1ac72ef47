package skills

import (
	"slices"
	"time"
)

// Notes Sync leaves on the records whose status it changes.
const (
	NoteGeneratedAgain = "generated again"
	NoteNoLongerMade   = "no longer generated: its domain has too few primitives or was unlearned"
)

// Sync keeps the library in step with the generated skills of a set of
// domains: made are the records lore generated for them now (as
// FromArtifact gives them), gone the keys of the skills it had generated
// for them before, and stored the library's records of those keys (a key
// it does not hold is absent from the map). It returns the records to
// write:
//
//   - a made skill the library does not hold joins it as it is, a draft;
//   - a made skill the library holds gets a new version when its content
//     changed, its status, usage and feedback kept; an archived one, whose
//     domain came back, returns to draft to be reviewed again;
//   - a gone skill that was not made again is archived, with the reason;
//   - pack skills (imported, static) with any of those keys are never
//     touched: evolution does not overwrite them.
//
// Sync changes the records of stored it returns, and reads no clock: now is
// the time it stamps.
func Sync(stored map[string]*Skill, gone []string, made []*Skill, now time.Time) ([]*Skill, error) {
	var out []*Skill
	for _, m := range made {
		old, ok := stored[m.Key]
		switch {
		case !ok:
			out = append(out, m)
			continue
		case old.Pack():
			continue
		}
		changed, err := old.Update(m.Content, "regenerated", now)
		if err != nil {
			return nil, err
		}
		old.Provenance = m.Provenance
		if old.Status == Archived {
			old.Status, old.Note, old.Updated, changed = Draft, NoteGeneratedAgain, now, true
		}
		if changed {
			out = append(out, old)
		}
	}
	for _, key := range gone {
		if slices.ContainsFunc(made, func(m *Skill) bool { return m.Key == key }) {
			continue
		}
		old, ok := stored[key]
		if !ok || old.Pack() || old.Status == Archived {
			continue
		}
		old.Status, old.Note, old.Updated = Archived, NoteNoLongerMade, now
		out = append(out, old)
	}
	return out, nil
}

// LibraryUpdate is a change of the library computed from records it holds:
// a store reads its records of Keys and writes the records Apply returns,
// in one transaction, so that a change made to those records meanwhile (a
// review, a use counted) is never overwritten by one computed from an
// older copy. The zero value changes nothing.
type LibraryUpdate struct {
	Keys []string
	// Apply receives the records of Keys the library holds, by key; the
	// records are the store's copies and Apply may change and return them.
	// An error leaves the library, and whatever the store writes with it,
	// unchanged.
	Apply func(stored map[string]*Skill) ([]*Skill, error)
}

// SyncUpdate is the LibraryUpdate that applies Sync to the records of made
// and gone.
func SyncUpdate(gone []string, made []*Skill, now time.Time) LibraryUpdate {
	keys := slices.Clone(gone)
	for _, m := range made {
		if !slices.Contains(keys, m.Key) {
			keys = append(keys, m.Key)
		}
	}
	return LibraryUpdate{
		Keys: keys,
		Apply: func(stored map[string]*Skill) ([]*Skill, error) {
			return Sync(stored, gone, made, now)
		},
	}
}
