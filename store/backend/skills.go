package backend

import (
	"errors"
	"sync/atomic"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/library"
)

// SkillStore keeps the skill library: what core/skills/library needs of a
// store (library.Store), the index of the skills' source hashes a proposal
// is checked against, and a version for the caches of what was read.
//
// A skill's key is an identifier (CheckID). Its record is kept as the
// JSON it encodes to, and comes back as that JSON decodes.
type SkillStore interface {
	// SkillKeys returns the keys of every skill, in key order, without
	// reading the records (they carry their resource files).
	SkillKeys() ([]string, error)
	// Skill returns the record with the given key; a key the library
	// does not hold (or that no store can hold) is ErrSkillNotFound,
	// naming the key.
	Skill(key string) (*skills.Skill, error)
	// Skills returns every record, in key order.
	Skills() ([]*skills.Skill, error)
	// PutSkills writes the records in one transaction: all of them or,
	// on error, none. A record replaces the one of its key; of two
	// records with one key, the later is kept. A key CheckID refuses is
	// ErrInvalidID.
	PutSkills(recs []*skills.Skill) error
	// UpdateSkills reads the records of keys and passes them to fn, in
	// the order of keys (a key given twice is read twice, as two
	// copies), and writes the records fn returns, changed and new, as
	// PutSkills does, all in one transaction that no other write to
	// those records can interleave with: a read-modify-write, such as
	// counting a use, never loses a concurrent one. An unknown key is
	// ErrSkillNotFound naming it, and neither it nor an error from fn
	// (returned as it is) writes anything.
	UpdateSkills(keys []string, fn func(recs []*skills.Skill) ([]*skills.Skill, error)) error
	// SkillsWithSourceHash returns the keys of the skills whose lineage
	// holds hash (skills.Lineage.SourceHashes), in key order; none is
	// no error. A store that cannot answer without writing (a read-only
	// Badger store whose index was never built) returns an error, and
	// its caller reads Skills instead.
	SkillsWithSourceHash(hash string) ([]string, error)
	// Version is a value that changes whenever the skills change, for a
	// cache of what was read from them (the ranking indexes of
	// library.RankCache, a server's decoded records): while Version
	// returns what SkillsAt returned, the records SkillsAt read are the
	// library's. Versions are compared for equality only; one may also
	// change when nothing of the skills did. A version that cannot be
	// read is one Version never returned before and never will again,
	// so no cache is trusted on it.
	Version() uint64
	// SkillsAt is Skills with the Version the records were read at,
	// both from one consistent view of the store.
	SkillsAt() ([]*skills.Skill, uint64, error)
}

// UnreadVersion is the Version of a store that cannot read its own (it is
// closed, or its database does not answer): a number no Version of this
// process returned or will return, since every backend's versions are
// below 2⁶³ and these are 2⁶³ and up, each given once.
func UnreadVersion() uint64 { return 1<<63 | unreadVersions.Add(1) }

var unreadVersions atomic.Uint64

// ErrSkillNotFound is returned (wrapped, naming the key) for a skill key
// the library does not hold.
var ErrSkillNotFound = errors.New("no such skill")

// What the skill library needs of its store, it finds in every backend.
var (
	_ library.Store           = SkillStore(nil)
	_ library.Versioned       = SkillStore(nil)
	_ library.SourceHashIndex = SkillStore(nil)
)
