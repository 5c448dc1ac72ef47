package backend

import (
	"context"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
)

// ArtifactStore keeps the artifacts generated from the primitives (skills,
// agents, teams, as files written to an output folder) and the pending
// publications: artifacts of a committed session whose files are still to
// be written.
//
// Artifacts are derived from the primitives and regenerated after every
// learn and unlearn, so they are not part of any changeset; the skill
// library is not derived (it keeps reviews, uses and versions across
// regenerations), and follows a regeneration in the same transaction
// through a skills.LibraryUpdate, whose records are read and written
// where no other change to them can slip in between.
type ArtifactStore interface {
	// Artifacts returns the stored artifacts, in the order of
	// ArtifactKey.
	Artifacts() ([]core.Artifact, error)
	// ReplaceArtifacts makes arts the artifacts of domains, and applies
	// lib to the skill library (its records of lib.Keys read, those
	// held passed to lib.Apply, what it returns written as PutSkills
	// does), in one transaction: every stored artifact of those domains
	// is deleted, and arts are written, replacing an artifact of the
	// same kind and name whatever its domain. An error, from lib.Apply
	// too, leaves artifacts and library as they were; so does ctx
	// cancelled before the transaction is made.
	ReplaceArtifacts(ctx context.Context, domains []string, arts []core.Artifact, lib skills.LibraryUpdate) error
	// FinishPublication is ReplaceArtifacts for the artifacts of
	// session, once their files are written: its pending publication
	// is deleted in the same transaction. A session id CheckID refuses
	// is ErrInvalidID.
	FinishPublication(ctx context.Context, session string, domains []string, arts []core.Artifact, lib skills.LibraryUpdate) error
	// PutPublication records that the artifacts of session, described
	// by rec (any encoding; the caller's), are to be written to disk,
	// replacing a record of the same session. The engine records it
	// before the session's commit and finishes it once the files are
	// written, so a process killed in between leaves it for the next
	// one to finish or, when the session never committed, drop.
	PutPublication(session string, rec []byte) error
	// DropPublication deletes the pending publication of session, one
	// that will not be finished; none is no error.
	DropPublication(session string) error
	// Publications returns the pending publications by session, each
	// record as it was put (an empty one may come back nil).
	Publications() (map[string][]byte, error)
}

// ArtifactKey is the key artifacts are listed in the order of (by its
// bytes): the kind, '/', the name, each with '%', '/' and NUL written
// %XX. It is the Badger store's key of an artifact, so that every backend
// lists them as that store does: by kind then name for kinds of letters,
// which all of lore's are.
func ArtifactKey(kind core.ArtifactKind, name string) string {
	return escapeKey(string(kind)) + "/" + escapeKey(name)
}

// escapeKey writes '%', '/' and NUL as %XX (upper-case hex), the escape of
// the Badger store's key components.
func escapeKey(s string) string {
	if !strings.ContainsAny(s, "/%\x00") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '/', '%', 0:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
