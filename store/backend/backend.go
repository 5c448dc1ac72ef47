// Package backend is the contract a lore store keeps, whichever database
// keeps it: the embedded Badger store (package store) for one person, and
// PostgreSQL (package store/postgres) for a team's servers. Code that uses
// a store, and the conformance suite (store/backend/backendtest) that
// holds every implementation to the same behaviour, depend on this
// package and on neither database.
//
// It is called backend, as in "the store's backend", not store, because
// package store is the Badger implementation and keeps its name: every
// command opens it as it did. (soft-serve's pkg/backend is something
// else, its service layer, which in lore is core/api.) Like
// charmbracelet/soft-serve's pkg/store, the contract is made of one small
// interface per entity, and Store is their sum; an implementation grows
// entity by entity, each one a compile-time assertion away from Store.
// Today it has the users and their tokens (core/access), the sessions
// with their changesets and reports, the primitives with their edges and
// indexes, the conflicts, the skill library, the artifacts and pending
// publications, the queue of agent runs to learn and the runs learned, and
// the schema version.
//
// An entity joins the contract in four steps: its interface here, added
// to Store; its methods in package store and in store/postgres (a
// migration for its tables); its cases in backendtest, listed in Cases.
// An entity a copy must carry also joins Source's listings (if the
// contract only looks it up by key), Bulk, Counts and Copy (copy.go).
//
// A library moves between backends by Copy: every record of a Source
// written as it is into an empty Loader, each backend being both. Each
// backend's Verify reports in one shape (VerifyReport).
//
// The contract, for every implementation:
//   - Identifiers (a user's name, a token's hash) are valid by CheckID in
//     every backend, so that a store copied from one to another loses
//     nothing; an invalid one is refused with ErrInvalidID.
//   - Times are kept to the microsecond (PostgreSQL's precision), as the
//     same instant: the location they were given in is not kept. A zero
//     time stays zero.
//   - Listings are ordered by their key's bytes, as Badger orders keys
//     (sessions, newest first, are the exception their interface
//     states).
//   - Records made of JSON (a session, a change, a skill, an artifact, a
//     queued job, a learned run) come back as what their JSON encodes:
//     every backend keeps the same bytes, so that a store copied from one
//     to another is the same.
package backend

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/lore-kb/lore/core/access"
)

// Store is a lore store: every entity's interface. Close releases it; any
// other call on a closed store fails with ErrClosed.
type Store interface {
	UserStore
	SessionStore
	PrimitiveStore
	ConflictStore
	SkillStore
	ArtifactStore
	QueueStore
	RunStore
	SchemaStore
	Close() error
}

// UserStore keeps a team server's users and the index from their tokens'
// hashes to them. It is what core/access needs (access.UserStore).
type UserStore interface {
	// Users lists the users, ordered by name.
	Users() ([]access.User, error)
	// User returns the user called name; ok is false when there is none.
	User(name string) (u access.User, ok bool, err error)
	// UserByToken returns the user whose current token has this hash; ok
	// is false for a hash no user holds, including a token since
	// replaced. A revoked or expired user is returned: access.User.Check
	// refuses it.
	UserByToken(hash string) (u access.User, ok bool, err error)
	// PutUser adds u, or replaces the user of its name, together with its
	// token's index: the token it replaces no longer finds it. A token
	// hash another user holds is refused with ErrTokenInUse.
	PutUser(u access.User) error
	// RecordUse sets the LastUsed of the user called name to at, when
	// its token still has tokenHash and at is later than the use
	// recorded, changing nothing else: a revocation or a new token made
	// while a request was let in stands. An unknown user is no error.
	RecordUse(name, tokenHash string, at time.Time) error
}

var _ access.UserStore = UserStore(nil)

// SchemaStore reports the layout of a store's data.
type SchemaStore interface {
	// Schema returns the version of the layout the data is in, and the
	// newest this build knows. Opening a store brings an older layout up
	// to date (Version == Supported after a writable open) and refuses a
	// newer one with ErrSchemaTooNew.
	Schema() (Schema, error)
}

// Schema is a store's layout version and the newest the running build
// supports. Each backend numbers its own layouts.
type Schema struct {
	Version   int `json:"version"`
	Supported int `json:"supported"`
}

// Errors every backend returns (wrapped, naming what they concern).
var (
	// ErrClosed is returned by operations on a closed store.
	ErrClosed = errors.New("store is closed")
	// ErrSchemaTooNew is returned when opening a store written by a
	// newer lore: its data is refused rather than misread.
	ErrSchemaTooNew = errors.New("store schema is newer than this lore")
	// ErrInvalidID is returned for an identifier CheckID refuses.
	ErrInvalidID = errors.New("invalid identifier")
	// ErrTokenInUse is returned by PutUser for a token hash that another
	// user holds.
	ErrTokenInUse = errors.New("token is another user's")
)

// MaxIDLen is the longest identifier a store keeps: far below Badger's
// 65000-byte key limit even when a key holds two identifiers.
const MaxIDLen = 1024

// CheckID refuses an identifier some backend cannot keep: empty, longer
// than MaxIDLen, or containing '/' (which separates the components of
// Badger's keys, so one id's prefix scan would see another's keys) or NUL
// (never part of a legitimate identifier, and refused by PostgreSQL's
// text). what names the identifier in the error.
func CheckID(what, id string) error {
	switch {
	case id == "":
		return fmt.Errorf("%s is empty: %w", what, ErrInvalidID)
	case len(id) > MaxIDLen:
		return fmt.Errorf("%s %.40q… is longer than %d bytes: %w", what, id, MaxIDLen, ErrInvalidID)
	case strings.IndexByte(id, '/') >= 0:
		return fmt.Errorf("%s %q contains %q: %w", what, id, '/', ErrInvalidID)
	case strings.IndexByte(id, 0) >= 0:
		return fmt.Errorf("%s %q contains NUL: %w", what, id, ErrInvalidID)
	}
	return nil
}
