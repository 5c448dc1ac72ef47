package backend

import (
	"context"
	"errors"
	"fmt"

	"github.com/lore-kb/lore/core"
)

// SessionStore keeps the sessions (each run of learn, unlearn or a
// curation) and their changesets, the record from which a session is
// audited and undone.
//
// A session and its changes are committed together or not at all: a
// commit that fails, is refused or is cancelled before it returns leaves
// no session, no change and no report behind. What a commit does to the
// primitives and conflicts its changes name is their part of the contract
// (PrimitiveStore); this part is the record.
type SessionStore interface {
	// CommitSession is CommitSessionWith without a report.
	CommitSession(ctx context.Context, sess core.Session, changes []core.Change) error
	// CommitSessionWith commits sess with its changes, in their order,
	// and report (any encoding; nil for none, while an empty one is kept). The changes are
	// checked first (PrepareChanges): one the store refuses refuses the
	// commit. The stored session's State is committed, Changes the
	// number of changes, CompletedAt the time of the commit; a zero
	// StartedAt becomes that time too. An id already stored is
	// ErrSessionExists. A session whose Reverts names another (an
	// unlearn) marks that one reverted, RevertedBy this one, in the same
	// commit; it must exist (ErrNotFound) and be committed
	// (ErrNotRevertible). ctx's cancellation before the commit is made
	// abandons it.
	CommitSessionWith(ctx context.Context, sess core.Session, changes []core.Change, report []byte) error
	// AppendToSession adds changes to a committed session's changeset
	// and applies them, at once: what resolving one of its conflicts
	// does, so that unlearning the session takes the resolution back
	// too. report, when not nil, replaces the session's. An unknown
	// session is ErrNotFound; one not committed is refused.
	AppendToSession(ctx context.Context, id string, changes []core.Change, report []byte) error
	// RecordRejection stores a learn the approval gate rejected: sess,
	// whose Decision is a rejection and which reverts nothing, in state
	// rejected, with no changes, and report beside it.
	RecordRejection(ctx context.Context, sess core.Session, report []byte) error
	// Session returns the session of this id; ok is false when there is
	// none.
	Session(id string) (sess core.Session, ok bool, err error)
	// Sessions lists every session, newest first: by StartedAt
	// descending, then by id descending (byte order) among sessions
	// started at the same instant.
	Sessions() ([]core.Session, error)
	// Changes returns a session's changes in the order they were
	// committed, each as it was given but for the session stamped on an
	// added primitive's provenance (PrepareChanges). An unknown session
	// is ErrNotFound; a session without changes has none (nil).
	Changes(id string) ([]core.Change, error)
	// Report returns the report committed with a session, an empty one
	// as empty and not nil; ok is false for a session without one, or no
	// such session.
	Report(id string) (report []byte, ok bool, err error)
	// SetSessionState moves a session between committed and reverted
	// (what unlearn and re-learn need); any other state, as target or as
	// the session's current one, is refused. An unknown session is
	// ErrNotFound.
	SetSessionState(id string, state core.SessionState) error
}

// Errors of the session part of the contract (wrapped, naming the
// session).
var (
	// ErrNotFound is returned when a named record does not exist.
	ErrNotFound = errors.New("not found")
	// ErrSessionExists is returned when a session of the same id is
	// already stored: a session is committed exactly once.
	ErrSessionExists = errors.New("session already exists")
	// ErrNotRevertible is returned when an unlearn names a session that
	// is not committed (already reverted, rejected, or still in flight).
	ErrNotRevertible = errors.New("session cannot be reverted")
)

// PrepareChanges checks a changeset before anything of it is written, and
// returns it as it is stored: an added primitive whose provenance names no
// session is given sessionID. The caller's values are left alone (only
// what is stamped is copied). Every backend refuses what it refuses, so
// that a changeset one keeps, every one keeps.
func PrepareChanges(sessionID string, changes []core.Change) ([]core.Change, error) {
	out := make([]core.Change, len(changes))
	for i, ch := range changes {
		switch ch.Type {
		case core.ChangeAdd, core.ChangeUpdate, core.ChangeRemove:
			if err := CheckID("primitive id", ch.PrimitiveID); err != nil {
				return nil, fmt.Errorf("change %d: %w", i, err)
			}
		}
		switch ch.Type {
		case core.ChangeAdd, core.ChangeUpdate:
			if ch.After == nil {
				return nil, fmt.Errorf("change %d (%s %s): no after state", i, ch.Type, ch.PrimitiveID)
			}
			if ch.After.ID != ch.PrimitiveID {
				return nil, fmt.Errorf("change %d (%s %s): after state has id %q", i, ch.Type, ch.PrimitiveID, ch.After.ID)
			}
			if err := CheckPrimitive(ch.After); err != nil {
				return nil, fmt.Errorf("change %d: %w", i, err)
			}
			// Copied only to be stamped: a commit holds every change
			// until it is written, and a copy of each primitive of a
			// large session is hundreds of MB.
			if ch.Type == core.ChangeAdd && ch.After.Provenance.Session == "" {
				after := *ch.After
				after.Provenance.Session = sessionID
				ch.After = &after
			}
		case core.ChangeRemove, core.ChangeNote:
		case core.ChangeConflict:
			if err := CheckID("conflict id", ch.ConflictID); err != nil {
				return nil, fmt.Errorf("change %d: %w", i, err)
			}
			if ch.ConflictAfter != nil && ch.ConflictAfter.ID != ch.ConflictID {
				return nil, fmt.Errorf("change %d (conflict %s): after state has id %q", i, ch.ConflictID, ch.ConflictAfter.ID)
			}
		default:
			return nil, fmt.Errorf("change %d (%s): unknown change type %q", i, ch.PrimitiveID, ch.Type)
		}
		out[i] = ch
	}
	return out, nil
}

// CheckPrimitive refuses a primitive whose id, or a dependency's target,
// CheckID refuses.
func CheckPrimitive(p *core.Primitive) error {
	if err := CheckID("primitive id", p.ID); err != nil {
		return err
	}
	for _, e := range p.Dependencies {
		if err := CheckID("dependency target", e.Target); err != nil {
			return fmt.Errorf("primitive %s: %w", p.ID, err)
		}
	}
	return nil
}

// CheckRejection refuses what RecordRejection cannot record: a session
// without a rejection, or one that reverts another.
func CheckRejection(sess core.Session) error {
	if sess.Decision == nil || sess.Decision.Status != core.Rejected {
		return fmt.Errorf("record rejection of session %s: the session holds no rejection", sess.ID)
	}
	if sess.Reverts != "" {
		return fmt.Errorf("record rejection of session %s: a rejected learn reverts nothing", sess.ID)
	}
	return nil
}
