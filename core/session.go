package core

import "time"

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
	// Provenance is the merge decision that made the change, if any.
	Provenance *ProvenanceEntry `json:"provenance,omitempty"`
	Timestamp  time.Time        `json:"timestamp"`
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
)

// SessionKind says what a session did.
type SessionKind string

// Session kinds: a learn adds knowledge; an unlearn reverts a learn.
const (
	KindLearn   SessionKind = "learn"
	KindUnlearn SessionKind = "unlearn"
)

// Session is one run of the pipeline over a source, as stored.
type Session struct {
	ID          string         `json:"id"`
	Kind        SessionKind    `json:"kind,omitempty"`
	Source      string         `json:"source"`
	Familiarity Familiarity    `json:"familiarity"`
	StartedAt   time.Time      `json:"startedAt"`
	CompletedAt time.Time      `json:"completedAt"`
	State       SessionState   `json:"state"`
	DryRun      bool           `json:"dryRun"`
	Counts      map[string]int `json:"counts,omitempty"`
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
}
