package library

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/skills"
)

// fakeStore keeps records encoded, as a real store does, so a caller that
// changes a record it read changes nothing until it writes it back, and
// UpdateSkills is all or nothing. fail makes every call fail, for the
// error paths; writes counts the successful writes.
type fakeStore struct {
	recs   map[string][]byte
	fail   error
	writes int
}

var errNotFound = errors.New("no such skill")

func newFake(t *testing.T, recs ...*skills.Skill) *fakeStore {
	t.Helper()
	f := &fakeStore{recs: map[string][]byte{}}
	if err := f.PutSkills(recs); err != nil {
		t.Fatal(err)
	}
	f.writes = 0
	return f
}

func (f *fakeStore) SkillKeys() ([]string, error) {
	if f.fail != nil {
		return nil, f.fail
	}
	keys := make([]string, 0, len(f.recs))
	for k := range f.recs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys, nil
}

func (f *fakeStore) Skill(key string) (*skills.Skill, error) {
	if f.fail != nil {
		return nil, f.fail
	}
	b, ok := f.recs[key]
	if !ok {
		return nil, fmt.Errorf("skill %s: %w", key, errNotFound)
	}
	s := new(skills.Skill)
	if err := json.Unmarshal(b, s); err != nil {
		return nil, err
	}
	return s, nil
}

func (f *fakeStore) Skills() ([]*skills.Skill, error) {
	keys, err := f.SkillKeys()
	if err != nil {
		return nil, err
	}
	var out []*skills.Skill
	for _, k := range keys {
		s, err := f.Skill(k)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func (f *fakeStore) PutSkills(recs []*skills.Skill) error {
	if f.fail != nil {
		return f.fail
	}
	enc := make(map[string][]byte, len(recs))
	for _, r := range recs {
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		enc[r.Key] = b
	}
	for k, b := range enc {
		f.recs[k] = b
	}
	f.writes++
	return nil
}

func (f *fakeStore) UpdateSkills(keys []string, fn func(recs []*skills.Skill) ([]*skills.Skill, error)) error {
	recs := make([]*skills.Skill, len(keys))
	for i, k := range keys {
		s, err := f.Skill(k)
		if err != nil {
			return err
		}
		recs[i] = s
	}
	out, err := fn(recs)
	if err != nil {
		return err
	}
	return f.PutSkills(out)
}

// get reads key back from f, failing the test when it is not there.
func (f *fakeStore) get(t *testing.T, key string) *skills.Skill {
	t.Helper()
	s, err := f.Skill(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// clock is a fixed Options.Now.
func clock(at time.Time) func() time.Time { return func() time.Time { return at } }

// skill makes a record keyed ns.id for the tests.
func skill(t *testing.T, key, desc string, src skills.Source, st skills.Status, edit ...func(*skills.Content)) *skills.Skill {
	t.Helper()
	id := key[slices.Index([]byte(key), '.')+1:]
	c := skills.Content{Name: id, Description: desc, Instructions: "Do " + desc}
	for _, e := range edit {
		e(&c)
	}
	s, err := skills.New(key, c, src, st, skills.Provenance{}, t0)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func imports(keys ...string) func(*skills.Content) {
	return func(c *skills.Content) { c.Imports = keys }
}
