package core

import (
	"encoding/json"
	"fmt"
	"time"
)

// ChangeType is the kind of one recorded modification.
type ChangeType string

// Change types.
const (
	ChangeAdd    ChangeType = "add"
	ChangeUpdate ChangeType = "update"
	ChangeRemove ChangeType = "remove"
	// ChangeConflict creates (Before nil), updates or deletes (After nil)
	// a conflict record; ConflictID names it.
	ChangeConflict ChangeType = "conflict"
	// ChangeNote changes nothing: it carries a provenance entry for a
	// decision that modified nothing (a skip).
	ChangeNote ChangeType = "note"
)

// Change is one modification of the primitive registry with its before and
// after states, so it can be replayed backwards. Add has Before nil, Remove
// has After nil.
type Change struct {
	Type        ChangeType `json:"type"`
	PrimitiveID string     `json:"primitiveId,omitempty"`
	Before      *Primitive `json:"before"`
	After       *Primitive `json:"after"`
	// ConflictID, ConflictBefore and ConflictAfter describe a
	// ChangeConflict.
	ConflictID     string    `json:"conflictId,omitempty"`
	ConflictBefore *Conflict `json:"conflictBefore,omitempty"`
	ConflictAfter  *Conflict `json:"conflictAfter,omitempty"`
	// EnablesAdded, on an update, says the update only added these ids to
	// the primitive's Enables (a new dependent learned by the session), so
	// undoing it removes exactly them, whatever else changed since.
	EnablesAdded []string `json:"enablesAdded,omitempty"`
	// DependenciesAdded, on an update, says the update only added these
	// edges to the primitive's Dependencies (a stored primitive wired to a
	// primitive the session brought), so undoing it removes exactly them,
	// whatever else changed since.
	DependenciesAdded []Edge `json:"dependenciesAdded,omitempty"`
	// Provenance is the merge decision that made the change, if any.
	Provenance *ProvenanceEntry `json:"provenance,omitempty"`
	// Curation, on a ChangeNote, is a curator's decision the session
	// made: it stands while the session does, and learning the source
	// again applies it again (see Curation).
	Curation  *Curation `json:"curation,omitempty"`
	Timestamp time.Time `json:"timestamp"`
}

// Link reports whether c is an update that only added edges or reverse
// index entries to a primitive the session did not otherwise change
// (EnablesAdded, DependenciesAdded).
func (c *Change) Link() bool {
	return c.Type == ChangeUpdate && (len(c.EnablesAdded) > 0 || len(c.DependenciesAdded) > 0)
}

// SessionState is where a session is in its life.
type SessionState string

// Session states. A session's changeset is first journaled under state
// Journaling, then the session flips to Committing (the commit point), its
// changes are applied, and it is marked Committed. A store that finds a
// Journaling session on open discards it; a Committing one it finishes.
const (
	SessionJournaling SessionState = "journaling"
	SessionCommitting SessionState = "committing"
	SessionCommitted  SessionState = "committed"
	SessionReverted   SessionState = "reverted"
	// SessionRejected is a learn the approval gate rejected: it changed
	// nothing and has no changeset; the record keeps the decision (its
	// findings, what was acknowledged, who decided and when), so that a
	// rejection can be audited and a later learn of the source told of it.
	SessionRejected SessionState = "rejected"
)

// SessionKind says what a session did.
type SessionKind string

// Session kinds: a learn adds knowledge; an unlearn reverts a learn or a
// curation; a curation is a person's decision about what was learned (a
// rename, an edge, a merge, a rejection).
const (
	KindLearn   SessionKind = "learn"
	KindUnlearn SessionKind = "unlearn"
	KindCurate  SessionKind = "curate"
)

// Session is one run of the pipeline over a source, as stored.
type Session struct {
	ID          string       `json:"id"`
	Kind        SessionKind  `json:"kind,omitempty"`
	Source      string       `json:"source"`
	Familiarity Familiarity  `json:"familiarity"`
	StartedAt   time.Time    `json:"startedAt"`
	CompletedAt time.Time    `json:"completedAt"`
	State       SessionState `json:"state"`
	DryRun      bool         `json:"dryRun"`
	// Counts are the session's figures: Learn's for a learn session,
	// Unlearn's for an unlearn.
	Counts SessionCounts `json:"counts,omitzero"`
	// Changes is the number of changes in the session's changeset.
	Changes int `json:"changes"`
	// Reverts names the session an unlearn session reverted; RevertedBy
	// names the unlearn session that reverted this one.
	Reverts    string `json:"reverts,omitempty"`
	RevertedBy string `json:"revertedBy,omitempty"`
	// Decision is the approval gate's verdict on the source.
	Decision *Decision `json:"decision,omitempty"`
	// Findings counts the sanitizer's findings by severity.
	Findings map[Severity]int `json:"findings,omitempty"`
	// Options are the run's options as given, for the record.
	Options map[string]string `json:"options,omitempty"`
	// User is who ran the session on a team server (the token's user);
	// Agent the agent acting for them, if any. Both are empty for the
	// person running lore on their own store.
	User  string `json:"user,omitempty"`
	Agent string `json:"agent,omitempty"`
}

// SessionCounts are a session's figures: LearnCounts on a learn session,
// UnlearnCounts on an unlearn. In JSON they are the flat object the counts
// have always been stored and printed as ("counts": {"added": 3, ...}),
// every key of the session's kind present, zeros included; a record
// written when the counts were a map decodes into the same fields.
type SessionCounts struct {
	LearnCounts   *LearnCounts
	UnlearnCounts *UnlearnCounts
}

// IsZero reports a session without counts (omitted from JSON).
func (c SessionCounts) IsZero() bool { return c.LearnCounts == nil && c.UnlearnCounts == nil }

// MarshalJSON writes the side that is set as one flat object.
func (c SessionCounts) MarshalJSON() ([]byte, error) {
	switch {
	case c.LearnCounts != nil:
		return json.Marshal(c.LearnCounts)
	case c.UnlearnCounts != nil:
		return json.Marshal(c.UnlearnCounts)
	}
	return []byte("{}"), nil
}

// UnmarshalJSON reads a flat object: an unlearn's keys make it an
// unlearn's counts, a learn's keys a learn's; unknown keys are ignored.
func (c *SessionCounts) UnmarshalJSON(b []byte) error {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return fmt.Errorf("session counts: %w", err)
	}
	*c = SessionCounts{}
	has := func(names ...string) bool {
		for _, n := range names {
			if _, ok := keys[n]; ok {
				return true
			}
		}
		return false
	}
	switch {
	case has("removed", "restored", "readded", "conflictsRetired"):
		c.UnlearnCounts = new(UnlearnCounts)
		return json.Unmarshal(b, c.UnlearnCounts)
	case has("added", "candidates", "conflicts", "edges", "skills", "skipped", "updated"):
		c.LearnCounts = new(LearnCounts)
		return json.Unmarshal(b, c.LearnCounts)
	}
	return nil
}

// Learn returns the counts of a learn session (zero if there are none).
func (c SessionCounts) Learn() LearnCounts {
	if c.LearnCounts == nil {
		return LearnCounts{}
	}
	return *c.LearnCounts
}

// Unlearn returns the counts of an unlearn session (zero if there are none).
func (c SessionCounts) Unlearn() UnlearnCounts {
	if c.UnlearnCounts == nil {
		return UnlearnCounts{}
	}
	return *c.UnlearnCounts
}

// LearnCounts are what a learn session did. The fields are in the order of
// their JSON keys, the order the map they replace was encoded in, so stored
// and printed records read exactly as before.
type LearnCounts struct {
	// Added, Updated, Skipped and Conflicts count the merge decisions.
	Added int `json:"added"`
	// Candidates is the number of primitives extracted from the source.
	Candidates int `json:"candidates"`
	Conflicts  int `json:"conflicts"`
	// Edges counts the dependency edges of the added primitives.
	Edges int `json:"edges"`
	// Skills is the number of skills generated.
	Skills  int `json:"skills"`
	Skipped int `json:"skipped"`
	Updated int `json:"updated"`
}

// UnlearnCounts are what an unlearn session did to the primitives the
// reverted session had changed, in the order of their JSON keys (see
// LearnCounts).
type UnlearnCounts struct {
	// ConflictsRetired counts other sessions' pending conflicts retired
	// because their existing side was removed.
	ConflictsRetired int `json:"conflictsRetired"`
	// Readded counts the primitives the session had removed, added back;
	// Removed those it had added; Restored those it had updated, put back
	// to their earlier version.
	Readded  int `json:"readded"`
	Removed  int `json:"removed"`
	Restored int `json:"restored"`
}

// RecordsCurations says whether the session may record curators'
// decisions: a curate session, or a learn given curated candidates.
func (s Session) RecordsCurations() bool {
	return s.Kind == KindCurate || s.Options["curated"] != ""
}
