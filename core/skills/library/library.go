// Package library is the skill library as a service: the queries and
// changes every front end of lore's skill library needs (the command line,
// the terminal application, an agent-facing server), written once over a
// small storage port.
//
// It resolves the names people and agents type to stored keys, decides
// which skills a consumer is offered, ranks and resolves them, and applies
// the lifecycle, evolution, import and export rules of the skills
// subpackages to stored records. It does not parse flags, read
// configuration or print: callers pass what they were given (a policy,
// thresholds, a clock) and present what they get back. The store is
// reached only through [Store], so tests use a fake and core stays free of
// Badger.
//
// A Library is meant to live for one operation on a store that is open for
// that long (lore opens and closes the store per command); it holds no
// state of its own beyond its options.
package library

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skills/scope"
	"github.com/lore-kb/lore/core/skills/search"
)

// Store is the persistence the library needs; *store.Store implements it.
type Store interface {
	// SkillKeys returns the keys of every stored skill, in key order,
	// without reading the records (they carry their resource files).
	SkillKeys() ([]string, error)
	// Skill returns the record with the given key.
	Skill(key string) (*skills.Skill, error)
	// Skills returns every record, in key order. The slice and the
	// records may be shared with other readers (a cache): the library
	// changes neither.
	Skills() ([]*skills.Skill, error)
	// PutSkills writes records in one transaction, replacing those with
	// the same keys.
	PutSkills(recs []*skills.Skill) error
	// UpdateSkills reads the records of keys, passes them to fn and writes
	// what fn returns, all in one transaction; an error from fn, or an
	// unknown key, writes nothing.
	UpdateSkills(keys []string, fn func(recs []*skills.Skill) ([]*skills.Skill, error)) error
}

// Options configure a Library. The zero value is usable: no consumer
// policy, the default evolution thresholds, the wall clock in UTC.
type Options struct {
	// OutputDir is where lore writes the folders of generated skills; it
	// makes their SKILL.md path the location agents are given when there
	// is no LibraryDir.
	OutputDir string
	// LibraryDir is where the library keeps a folder for each skill it
	// offers (bundle.Materialize: LibraryDir/<ns>/<id>/SKILL.md, kept in
	// step with the store), whose SKILL.md is the location the prompt
	// block and activation give. Empty: no folders are written, and
	// Location is the best guess of where the skill's file is.
	LibraryDir string
	// Policy decides which consumer sees which skill; nil hides nothing.
	Policy *scope.Policy
	// MergeThreshold is the similarity at which Merge merges two learned
	// skills (0: skills.DefaultMergeThreshold).
	MergeThreshold float64
	// NegativeAfter is how many reports of one failure make a negative
	// skill (0: skills.DefaultNegativeAfter).
	NegativeAfter int
	// Now is the library's clock (nil: time.Now in UTC). Every change it
	// makes is dated by it, and decay is measured against it.
	Now func() time.Time
	// Audience, when set, is the user the library answers for, who sees
	// the skills of their workspace and their own (seed 003's visibility
	// user) and no one else's; nil is the store's owner, who sees every
	// skill.
	Audience *Audience
	// Elsewhere is set for a library read from another machine (a team
	// server's client): no path of this one is the reader's, so Location
	// is the command that prints a skill (lore skills activate KEY) and
	// Materialize writes no folder.
	Elsewhere bool
	// Ranks, when set and the Store tells its version (Versioned), keeps
	// the ranking index of what each consumer is offered across
	// libraries, for a process that serves search after search.
	Ranks *RankCache
}

// Audience is a user of a shared library (a team server's workspace).
type Audience struct {
	// User is the user's name.
	User string
	// Reviewer is set for a user who reviews (the reviewer and admin
	// roles): they read every record, other users' included, since the
	// review queue holds them; they are still offered only the skills
	// they see (Offered, Search), as every user is.
	Reviewer bool
}

// sees reports whether the audience reads the record s (List, Get, the
// queue).
func (a *Audience) sees(s *skills.Skill) bool {
	return a == nil || a.Reviewer || s.VisibleTo(a.User)
}

// uses reports whether the audience may be offered s (Offered, Search,
// Prompt) as far as visibility goes.
func (a *Audience) uses(s *skills.Skill) bool {
	return a == nil || s.VisibleTo(a.User)
}

// Versioned is a Store that tells the version of what it holds: the same
// version means the same records.
type Versioned interface {
	Version() uint64
}

// RankCache keeps, for one version of the store, each consumer's offered
// skills and their ranking index. Built for a library of ten thousand
// skills it turns a search from tens of milliseconds into a fraction of
// one; any write to the store makes the next search build it again.
type RankCache struct {
	mu      sync.Mutex
	version uint64
	byCons  map[string]*offering
}

type offering struct {
	pool  []*skills.Skill
	index *search.Index
}

// Library answers queries on, and applies changes to, the skill library
// held by a Store.
type Library struct {
	st   Store
	opts Options

	absDir sync.Once
	abs    string
}

// New returns the library over st.
func New(st Store, opts Options) *Library {
	if opts.MergeThreshold == 0 {
		opts.MergeThreshold = skills.DefaultMergeThreshold
	}
	if opts.NegativeAfter == 0 {
		opts.NegativeAfter = skills.DefaultNegativeAfter
	}
	if opts.Now == nil {
		opts.Now = func() time.Time { return time.Now().UTC() }
	}
	return &Library{st: st, opts: opts}
}

func (l *Library) now() time.Time { return l.opts.Now() }

// MergeThreshold is the similarity at which Merge merges two learned
// skills: the options', or skills.DefaultMergeThreshold.
func (l *Library) MergeThreshold() float64 { return l.opts.MergeThreshold }

// ErrUnknown is matched (errors.Is) by the error for a reference to a
// skill the library does not hold.
var ErrUnknown = errors.New("unknown skill")

// UnknownSkillError says a reference names no skill in the library.
type UnknownSkillError struct{ Ref string }

func (e *UnknownSkillError) Error() string {
	return fmt.Sprintf("no skill %q in the library (lore skills list shows them)", e.Ref)
}

// Is lets callers match it with ErrUnknown.
func (e *UnknownSkillError) Is(target error) bool { return target == ErrUnknown }

// Key resolves what a person or an agent typed (a key, a bare id,
// "skills.ns.id") to a stored key. A bare id means public.<id> as
// everywhere else, but when there is no public skill of that id and
// exactly one namespace has one, that one is meant: people type the short
// name they see. A malformed or ambiguous reference is a *core.UsageError
// (the ambiguous one lists the candidates); an unknown one an
// *UnknownSkillError.
func (l *Library) Key(ref string) (string, error) {
	keys, err := l.keys()
	if err != nil {
		return "", err
	}
	return resolveRef(keys, ref)
}

// keys are the keys of the skills the audience reads: every stored key
// for the store's owner. A skill another user keeps to themselves is
// unknown to the rest, by name as by key.
func (l *Library) keys() ([]string, error) {
	if l.opts.Audience == nil || l.opts.Audience.Reviewer {
		return l.st.SkillKeys()
	}
	lib, err := l.st.Skills()
	if err != nil {
		return nil, err
	}
	var keys []string
	for _, s := range lib {
		if l.opts.Audience.sees(s) {
			keys = append(keys, s.Key)
		}
	}
	return keys, nil
}

func resolveRef(keys []string, ref string) (string, error) {
	key, err := scope.Parse(ref)
	if err != nil {
		return "", &core.UsageError{Msg: fmt.Sprintf("skill %q: %v", ref, err)}
	}
	if slices.Contains(keys, key) {
		return key, nil
	}
	id := strings.TrimSpace(ref)
	if !strings.Contains(strings.TrimPrefix(id, "skills."), ".") {
		var found []string
		for _, k := range keys {
			if _, kid, ok := scope.Split(k); ok && kid == id {
				found = append(found, k)
			}
		}
		switch len(found) {
		case 0:
		case 1:
			return found[0], nil
		default:
			return "", &core.UsageError{Msg: fmt.Sprintf("skill %q is ambiguous: %s; give the namespace", ref, strings.Join(found, ", "))}
		}
	}
	return "", &UnknownSkillError{Ref: ref}
}

// Location is where an agent finds a skill's SKILL.md, as the prompt block
// and activation give it. With a LibraryDir it is the library's own copy,
// LibraryDir/<ns>/<id>/SKILL.md, an absolute path, which Materialize
// writes. Without one, generated skills are under OutputDir, imported ones
// were read from a file lore recorded, and a skill with no file (a warning
// written by hand) gets the command that prints it.
func (l *Library) Location(s *skills.Skill) string {
	if l.opts.Elsewhere {
		return "lore skills activate " + s.Key
	}
	if l.opts.LibraryDir != "" {
		return filepath.Join(l.libraryDir(), s.Namespace(), s.ID(), skills.SkillFile)
	}
	switch {
	case s.Source == skills.Learned && s.Provenance.Domain != "":
		return filepath.Join(l.opts.OutputDir, s.ID(), skills.SkillFile)
	case s.Source == skills.Imported && filepath.IsAbs(s.Provenance.Document):
		return s.Provenance.Document
	}
	return "lore skills activate " + s.Key
}

// libraryDir is LibraryDir made absolute, once: a search places every
// skill of the library.
func (l *Library) libraryDir() string {
	l.absDir.Do(func() {
		dir, err := filepath.Abs(l.opts.LibraryDir)
		if err != nil {
			dir = l.opts.LibraryDir
		}
		l.abs = dir
	})
	return l.abs
}

// Materialize makes Location(s) a file that holds s as the store does
// (bundle.Materialize), when the library has a LibraryDir and is read on
// this machine, and returns it.
func (l *Library) Materialize(s *skills.Skill) (string, error) {
	if l.opts.LibraryDir == "" || l.opts.Elsewhere {
		return l.Location(s), nil
	}
	return bundle.Materialize(l.opts.LibraryDir, s)
}

// offeredIndex returns what consumer is offered and its ranking index,
// from the RankCache when there is one for the store's version.
func (l *Library) offeredIndex(consumer string) ([]*skills.Skill, *search.Index, error) {
	build := func() (*offering, error) {
		pool, err := l.Offered(consumer)
		if err != nil {
			return nil, err
		}
		return &offering{pool: pool, index: search.NewIndex(l.views(pool))}, nil
	}
	c := l.opts.Ranks
	v, ok := l.st.(Versioned)
	if c == nil || !ok {
		o, err := build()
		if err != nil {
			return nil, nil, err
		}
		return o.pool, o.index, nil
	}
	// Read before building: what is built may be newer than at, never
	// older, and a newer store version rebuilds it anyway.
	at := v.Version()
	key := strings.ToLower(consumer)
	if a := l.opts.Audience; a != nil {
		// Each user is offered their own skills besides the
		// workspace's.
		key = a.User + "\x00" + key
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != at || c.byCons == nil {
		c.version, c.byCons = at, map[string]*offering{}
	}
	if o := c.byCons[key]; o != nil {
		return o.pool, o.index, nil
	}
	o, err := build()
	if err != nil {
		return nil, nil, err
	}
	c.byCons[key] = o
	return o.pool, o.index, nil
}

func (l *Library) views(lib []*skills.Skill) []search.Skill {
	out := make([]search.Skill, len(lib))
	for i, s := range lib {
		out[i] = s.View(l.Location(s))
	}
	return out
}

// byKey maps skills by key.
func byKey(lib []*skills.Skill) map[string]*skills.Skill {
	m := make(map[string]*skills.Skill, len(lib))
	for _, s := range lib {
		m[s.Key] = s
	}
	return m
}

// resolveImports is scope.Resolve over the skills in m.
func resolveImports(roots []string, m map[string]*skills.Skill) (order, warnings []string) {
	return scope.Resolve(roots, func(k string) ([]string, bool) {
		s, ok := m[k]
		if !ok {
			return nil, false
		}
		return s.Imports, true
	})
}
