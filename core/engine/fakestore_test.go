package engine_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/text"
)

// fakeStore is engine.Store in memory: enough of the real store's
// semantics (changes applied in order, a revert marks its target, edges
// read back as dependents) for the engine's decisions to be tested without
// Badger, and a way to make any method fail. It records the writes it was
// asked for, so a test can tell that a refused run wrote nothing.
type fakeStore struct {
	mu        sync.Mutex
	prims     map[string]core.Primitive
	sessions  map[string]core.Session
	changes   map[string][]core.Change
	reports   map[string][]byte
	conflicts map[string]core.Conflict
	artifacts []core.Artifact
	// fail makes the named method return the error instead of working.
	fail map[string]error
	// writes names the write methods called, in order, failed ones too.
	writes []string
}

var _ engine.Store = (*fakeStore)(nil)

func newFakeStore() *fakeStore {
	return &fakeStore{
		prims:     map[string]core.Primitive{},
		sessions:  map[string]core.Session{},
		changes:   map[string][]core.Change{},
		reports:   map[string][]byte{},
		conflicts: map[string]core.Conflict{},
		fail:      map[string]error{},
	}
}

func (f *fakeStore) failed(method string) error {
	if err := f.fail[method]; err != nil {
		return fmt.Errorf("fake %s: %w", method, err)
	}
	return nil
}

// sorted gives the primitives in id order so that the engine sees the
// same registry on every run.
func (f *fakeStore) sorted(keep func(core.Primitive) bool) []core.Primitive {
	var out []core.Primitive
	for _, p := range f.prims {
		if keep(p) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b core.Primitive) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// Near returns every stored primitive within the limit: deciding which of
// them are near is the dedup stage's work, not the registry's.
func (f *fakeStore) Near(_ *core.Primitive, _ float64, _, limit int) ([]core.Primitive, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("Near"); err != nil {
		return nil, err
	}
	out := f.sorted(func(core.Primitive) bool { return true })
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (f *fakeStore) SameContent(hash string) ([]core.Primitive, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("SameContent"); err != nil {
		return nil, err
	}
	if hash == "" {
		return nil, nil
	}
	return f.sorted(func(q core.Primitive) bool { return q.Provenance.ContentHash == hash }), nil
}

func (f *fakeStore) GetPrimitive(id string) (core.Primitive, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("GetPrimitive"); err != nil {
		return core.Primitive{}, false, err
	}
	p, ok := f.prims[id]
	return p, ok, nil
}

func (f *fakeStore) ByDomain(domain string) ([]core.Primitive, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("ByDomain"); err != nil {
		return nil, err
	}
	return f.sorted(func(q core.Primitive) bool { return q.Domain == domain }), nil
}

func (f *fakeStore) Dependents(id string) ([]core.Dependent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("Dependents"); err != nil {
		return nil, err
	}
	var out []core.Dependent
	for _, p := range f.sorted(func(core.Primitive) bool { return true }) {
		for _, e := range p.Dependencies {
			if e.Target == id {
				out = append(out, core.Dependent{ID: p.ID, Type: e.Type, Strength: e.Strength})
			}
		}
	}
	return out, nil
}

func (f *fakeStore) Session(id string) (core.Session, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("Session"); err != nil {
		return core.Session{}, false, err
	}
	s, ok := f.sessions[id]
	return s, ok, nil
}

func (f *fakeStore) Changes(id string) ([]core.Change, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("Changes"); err != nil {
		return nil, err
	}
	return slices.Clone(f.changes[id]), nil
}

// CommitSessionWith applies the changes and records the session as
// committed; a revert marks its target reverted, as the real store does
// in the same transaction.
func (f *fakeStore) CommitSessionWith(_ context.Context, sess core.Session, changes []core.Change, report []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes = append(f.writes, "CommitSessionWith")
	if err := f.failed("CommitSessionWith"); err != nil {
		return err
	}
	if _, ok := f.sessions[sess.ID]; ok {
		return fmt.Errorf("fake: session %s committed twice", sess.ID)
	}
	if sess.Reverts != "" {
		target := f.sessions[sess.Reverts]
		target.State, target.RevertedBy = core.SessionReverted, sess.ID
		f.sessions[sess.Reverts] = target
	}
	sess.State = core.SessionCommitted
	sess.Changes = len(changes)
	f.sessions[sess.ID] = sess
	f.changes[sess.ID] = slices.Clone(changes)
	f.reports[sess.ID] = report
	f.apply(changes)
	return nil
}

func (f *fakeStore) RecordRejection(_ context.Context, sess core.Session, report []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes = append(f.writes, "RecordRejection")
	if err := f.failed("RecordRejection"); err != nil {
		return err
	}
	if _, ok := f.sessions[sess.ID]; ok {
		return fmt.Errorf("fake: session %s recorded twice", sess.ID)
	}
	sess.State, sess.Changes = core.SessionRejected, 0
	f.sessions[sess.ID] = sess
	f.reports[sess.ID] = report
	return nil
}

func (f *fakeStore) AppendToSession(_ context.Context, id string, changes []core.Change, report []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes = append(f.writes, "AppendToSession")
	if err := f.failed("AppendToSession"); err != nil {
		return err
	}
	sess, ok := f.sessions[id]
	if !ok || sess.State != core.SessionCommitted {
		return fmt.Errorf("fake: append to session %s: not committed", id)
	}
	f.changes[id] = append(f.changes[id], changes...)
	sess.Changes = len(f.changes[id])
	f.sessions[id] = sess
	if report != nil {
		f.reports[id] = report
	}
	f.apply(changes)
	return nil
}

func (f *fakeStore) apply(changes []core.Change) {
	for _, ch := range changes {
		switch ch.Type {
		case core.ChangeAdd, core.ChangeUpdate:
			f.prims[ch.After.ID] = *ch.After
		case core.ChangeRemove:
			delete(f.prims, ch.Before.ID)
		case core.ChangeConflict:
			if ch.ConflictAfter == nil {
				delete(f.conflicts, ch.ConflictID)
			} else {
				f.conflicts[ch.ConflictID] = *ch.ConflictAfter
			}
		}
	}
}

func (f *fakeStore) Conflict(id string) (core.Conflict, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("Conflict"); err != nil {
		return core.Conflict{}, false, err
	}
	c, ok := f.conflicts[id]
	return c, ok, nil
}

func (f *fakeStore) Conflicts() ([]core.Conflict, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("Conflicts"); err != nil {
		return nil, err
	}
	var out []core.Conflict
	for _, c := range f.conflicts {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b core.Conflict) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// NamesStartingWith files names by their stems as the store's name index
// does (text.NameStems).
func (f *fakeStore) NamesStartingWith(words []string) (map[string][]core.NameRef, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("NamesStartingWith"); err != nil {
		return nil, err
	}
	out := map[string][]core.NameRef{}
	for _, p := range f.sorted(func(core.Primitive) bool { return true }) {
		ws := text.NameStems(p.Name)
		if len(ws) > 0 && slices.Contains(words, ws[0]) {
			out[ws[0]] = append(out[ws[0]], core.NameRef{Name: strings.Join(ws, " "), ID: p.ID})
		}
	}
	return out, nil
}

func (f *fakeStore) Report(id string) ([]byte, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("Report"); err != nil {
		return nil, false, err
	}
	r, ok := f.reports[id]
	return r, ok, nil
}

func (f *fakeStore) Artifacts() ([]core.Artifact, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.failed("Artifacts"); err != nil {
		return nil, err
	}
	return slices.Clone(f.artifacts), nil
}

// ReplaceArtifacts keeps the artifacts; the skill library is the store's
// business and not what these tests look at.
func (f *fakeStore) ReplaceArtifacts(_ context.Context, domains []string, arts []core.Artifact, _ skills.LibraryUpdate) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes = append(f.writes, "ReplaceArtifacts")
	if err := f.failed("ReplaceArtifacts"); err != nil {
		return err
	}
	f.artifacts = slices.DeleteFunc(f.artifacts, func(a core.Artifact) bool { return slices.Contains(domains, a.Domain) })
	f.artifacts = append(f.artifacts, arts...)
	return nil
}

// primitiveIDs lists the stored primitives' ids, sorted.
func (f *fakeStore) primitiveIDs() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var ids []string
	for id := range f.prims {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
