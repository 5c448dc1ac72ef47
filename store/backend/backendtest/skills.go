package backendtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/lore-kb/lore/core/skills"
	skilllib "github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/store/backend"
)

// skill is a library record with the fields a stored skill has, hostile
// text in its instructions and a resource file of any bytes.
func skill(key string, hashes ...string) *skills.Skill {
	return &skills.Skill{
		Key: key,
		Content: skills.Content{Name: "name of " + key, Description: "does " + key, Instructions: "step 1\n" + hostile,
			ExampleQueries: []string{"how to " + key}, Metadata: map[string]string{"k": hostile},
			Files: []skills.File{{Path: "scripts/run.sh", Content: []byte("#!/bin/sh\x00\xff"), Mode: 0o755}}},
		Status: skills.Draft, Visibility: skills.Workspace, Hash: "h-" + key, Version: 1,
		Lineage: skills.Lineage{SourceHashes: hashes, Origin: "test"},
		Created: at(0), Updated: at(1), FailureSignatures: map[string]int{"npm: boom": 2},
	}
}

func putSkills(t *testing.T, st backend.Store, recs ...*skills.Skill) {
	t.Helper()
	if err := st.PutSkills(recs); err != nil {
		t.Fatalf("put %d skill(s): %v", len(recs), err)
	}
}

// sameJSON checks that got is what want's JSON decodes to: the record
// every backend keeps is that JSON. Both are compared as their JSON once
// decoded (text that was not UTF-8 is U+FFFD on both sides).
func sameJSON(t *testing.T, what string, got, want any) {
	t.Helper()
	g, w := decodedJSON(t, got), decodedJSON(t, want)
	if !bytes.Equal(g, w) {
		t.Errorf("%s:\n got %.600s\nwant %.600s", what, g, w)
	}
}

func decodedJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var generic any
	if err := json.Unmarshal(b, &generic); err != nil {
		t.Fatal(err)
	}
	if b, err = json.Marshal(generic); err != nil {
		t.Fatal(err)
	}
	return b
}

func skillKeys(recs []*skills.Skill) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.Key
	}
	return out
}

func mustSkill(t *testing.T, st backend.Store, key string) *skills.Skill {
	t.Helper()
	s, err := st.Skill(key)
	if err != nil {
		t.Fatalf("skill %s: %v", key, err)
	}
	return s
}

var skillCases = []Case{
	// Every field comes back as it was put, alone and in the list.
	{"skills/put-and-get", func(t *testing.T, st backend.Store) {
		a, b := skill("public.alpha", "h1"), skill("team.beta")
		b.Status, b.Visibility, b.Owner, b.Uses = skills.Active, skills.User, "ada", 7
		putSkills(t, st, a, b)
		sameJSON(t, "alpha", mustSkill(t, st, a.Key), a)
		sameJSON(t, "beta", mustSkill(t, st, b.Key), b)
		all, err := st.Skills()
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, "the list", all, []*skills.Skill{a, b})
	}},
	// A record of several MB (its resource files) is kept whole.
	{"skills/large", func(t *testing.T, st backend.Store) {
		s := skill("public.big")
		s.Files = append(s.Files, skills.File{Path: "data.bin", Content: bytes.Repeat([]byte("\x00\x01lore\xff"), 1<<20)})
		putSkills(t, st, s)
		sameJSON(t, "the large skill", mustSkill(t, st, s.Key), s)
	}},
	// Keys are listed by their bytes, records with them.
	{"skills/key-order", func(t *testing.T, st backend.Store) {
		keys := []string{"team.b", "public.a", "Public.Z", "public.a%25", "public.a%", "public.ä", "public.a-b", "public.a.b"}
		var recs []*skills.Skill
		for _, k := range keys {
			recs = append(recs, skill(k))
		}
		putSkills(t, st, recs...)
		want := slices.Clone(keys)
		slices.Sort(want)
		got, err := st.SkillKeys()
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("keys %q, %v; want %q", got, err, want)
		}
		all, err := st.Skills()
		if err != nil || !slices.Equal(skillKeys(all), want) {
			t.Errorf("records in the order %q, %v; want %q", skillKeys(all), err, want)
		}
	}},
	// A key the library does not hold, or no store can hold, is
	// ErrSkillNotFound naming it; an empty library lists nothing.
	{"skills/unknown", func(t *testing.T, st backend.Store) {
		if keys, err := st.SkillKeys(); err != nil || len(keys) != 0 {
			t.Errorf("a new store's keys: %q, %v", keys, err)
		}
		if all, err := st.Skills(); err != nil || len(all) != 0 {
			t.Errorf("a new store's skills: %d, %v", len(all), err)
		}
		putSkills(t, st, skill("public.a"))
		for _, k := range []string{"public.b", "", "public/a", "public.a\x00"} {
			_, err := st.Skill(k)
			if !errors.Is(err, backend.ErrSkillNotFound) {
				t.Errorf("skill %q: %v, want %v", k, err, backend.ErrSkillNotFound)
			}
		}
		if _, err := st.Skill("public.b"); err == nil || !strings.Contains(err.Error(), "public.b") {
			t.Errorf("the error does not name the key: %v", err)
		}
	}},
	// PutSkills writes all or nothing: a key no store can keep refuses
	// the whole batch. Of two records of one key, the later is kept.
	{"skills/put-all-or-nothing", func(t *testing.T, st backend.Store) {
		err := st.PutSkills([]*skills.Skill{skill("public.a"), skill("bad/key"), skill("public.c")})
		if !errors.Is(err, backend.ErrInvalidID) {
			t.Fatalf("put with an invalid key: %v, want %v", err, backend.ErrInvalidID)
		}
		if keys, err := st.SkillKeys(); err != nil || len(keys) != 0 {
			t.Errorf("keys after the refused put: %q, %v", keys, err)
		}
		first, second := skill("public.a"), skill("public.a")
		second.Uses = 2
		putSkills(t, st, first, second)
		if got := mustSkill(t, st, "public.a"); got.Uses != 2 {
			t.Errorf("uses %d: the earlier record of the key was kept", got.Uses)
		}
	}},
	// UpdateSkills passes the records in the order of keys and writes
	// what fn returns, new records included.
	{"skills/update", func(t *testing.T, st backend.Store) {
		putSkills(t, st, skill("public.a"), skill("public.b"))
		err := st.UpdateSkills([]string{"public.b", "public.a"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
			if got := skillKeys(recs); !slices.Equal(got, []string{"public.b", "public.a"}) {
				return nil, fmt.Errorf("records %q", got)
			}
			recs[0].Uses++
			return []*skills.Skill{recs[0], skill("public.negative")}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := mustSkill(t, st, "public.b"); got.Uses != 1 {
			t.Errorf("uses of b: %d", got.Uses)
		}
		mustSkill(t, st, "public.negative")
	}},
	// An unknown key is ErrSkillNotFound naming it, and an error of fn
	// is returned as it is: neither writes anything.
	{"skills/update-writes-nothing-on-error", func(t *testing.T, st backend.Store) {
		putSkills(t, st, skill("public.a"))
		called := false
		err := st.UpdateSkills([]string{"public.a", "public.gone"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
			called = true
			return recs, nil
		})
		if !errors.Is(err, backend.ErrSkillNotFound) || !strings.Contains(err.Error(), "public.gone") {
			t.Errorf("update with an unknown key: %v, want %v naming it", err, backend.ErrSkillNotFound)
		}
		if called {
			t.Error("fn was called with a key missing")
		}
		errFn := errors.New("refused by fn")
		err = st.UpdateSkills([]string{"public.a"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
			recs[0].Uses = 99
			return nil, errFn
		})
		if !errors.Is(err, errFn) {
			t.Errorf("update refused by fn: %v, want %v", err, errFn)
		}
		if got := mustSkill(t, st, "public.a"); got.Uses != 0 {
			t.Errorf("uses %d after a refused update", got.Uses)
		}
		if keys, _ := st.SkillKeys(); len(keys) != 1 {
			t.Errorf("keys %q", keys)
		}
	}},
	// Concurrent read-modify-writes lose none of each other's.
	{"skills/update-concurrent", func(t *testing.T, st backend.Store) {
		putSkills(t, st, skill("public.a"), skill("public.b"))
		const workers, each = 6, 10
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				// Half take the keys in the other order.
				keys := []string{"public.a", "public.b"}
				if w%2 == 1 {
					keys = []string{"public.b", "public.a"}
				}
				for range each {
					err := st.UpdateSkills(keys, func(recs []*skills.Skill) ([]*skills.Skill, error) {
						for _, r := range recs {
							r.Uses++
						}
						return recs, nil
					})
					if err != nil {
						errs[w] = err
						return
					}
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"public.a", "public.b"} {
			if got := mustSkill(t, st, k); got.Uses != workers*each {
				t.Errorf("%s: %d uses counted, want %d", k, got.Uses, workers*each)
			}
		}
	}},
	// One vote per voter and version of a skill, kept by the store's
	// transaction however many of a voter's votes race: the same vote
	// again counts nothing, the other vote replaces it, a new version
	// takes a new vote, and the votes come back as written.
	{"skills/one-vote-per-voter-and-version", func(t *testing.T, st backend.Store) {
		putSkills(t, st, skill("public.a"))
		lib := skilllib.New(st, skilllib.Options{})
		const workers, each = 6, 5
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				// ann votes harmful again and again; bob, then cy,
				// once each from every worker.
				for i := range each {
					voter := []string{"ann", "bob", "cy"}[min(i, 2)]
					if _, err := lib.Feedback("public.a", voter, false, nil); err != nil {
						errs[w] = err
						return
					}
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		if got := mustSkill(t, st, "public.a"); got.Helpful != 0 || got.Harmful != 3 || len(got.Votes) != 3 {
			t.Fatalf("%d racing votes of 3 voters: %d helpful, %d harmful, votes %v; want 0, 3 and one each", workers*each, got.Helpful, got.Harmful, got.Votes)
		}
		if _, err := lib.Feedback("public.a", "ann", true, nil); err != nil {
			t.Fatal(err)
		}
		err := st.UpdateSkills([]string{"public.a"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
			recs[0].Version++
			return recs, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, err := lib.Feedback("public.a", "ann", true, nil); err != nil {
				t.Fatal(err)
			}
		}
		got := mustSkill(t, st, "public.a")
		want := map[string]bool{"1:ann": true, "1:bob": false, "1:cy": false, "2:ann": true}
		votes := map[string]bool{}
		for k, v := range got.Votes {
			votes[k] = v.Helpful
			if v.At.IsZero() {
				t.Errorf("vote %s has no time", k)
			}
		}
		if got.Helpful != 2 || got.Harmful != 2 || !maps.Equal(votes, want) {
			t.Errorf("ann's changed vote, then two on version 2: %d helpful, %d harmful, votes %v; want 2, 2 and %v", got.Helpful, got.Harmful, votes, want)
		}
	}},
	// The source-hash index follows the records: a hash finds the
	// skills holding it, in key order, and no longer one that dropped
	// it.
	{"skills/source-hashes", func(t *testing.T, st backend.Store) {
		// (Not UTF-8 would do in PostgreSQL, but Badger's index
		// keeps such a hash after the skill drops it.)
		odd := "h\x00/%"
		putSkills(t, st, skill("team.b", "h1", "h2"), skill("public.a", "h2", "", odd, "h2"))
		for _, c := range []struct {
			hash string
			want []string
		}{{"h1", []string{"team.b"}}, {"h2", []string{"public.a", "team.b"}}, {odd, []string{"public.a"}}, {"h3", nil}, {"", nil}} {
			got, err := st.SkillsWithSourceHash(c.hash)
			if err != nil || !slices.Equal(got, c.want) {
				t.Errorf("skills with %q: %q, %v; want %q", c.hash, got, err, c.want)
			}
		}
		putSkills(t, st, skill("team.b", "h3"))
		err := st.UpdateSkills([]string{"public.a"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
			recs[0].Lineage.SourceHashes = []string{"h3"}
			return recs, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			hash string
			want []string
		}{{"h1", nil}, {"h2", nil}, {odd, nil}, {"h3", []string{"public.a", "team.b"}}} {
			got, err := st.SkillsWithSourceHash(c.hash)
			if err != nil || !slices.Equal(got, c.want) {
				t.Errorf("after the change, skills with %q: %q, %v; want %q", c.hash, got, err, c.want)
			}
		}
	}},
	// The version SkillsAt reads at is Version's while nothing is
	// written, and every write of skills changes Version.
	{"skills/version", func(t *testing.T, st backend.Store) {
		putSkills(t, st, skill("public.a"))
		recs, at, err := st.SkillsAt()
		if err != nil || len(recs) != 1 {
			t.Fatalf("skills at: %d, %v", len(recs), err)
		}
		if v := st.Version(); v != at {
			t.Errorf("version %d, SkillsAt's %d, with nothing written between", v, at)
		}
		if v := st.Version(); v != at {
			t.Errorf("version %d the second time, %d the first", v, at)
		}
		seen := []uint64{at}
		changed := func(what string) {
			t.Helper()
			v := st.Version()
			if slices.Contains(seen, v) {
				t.Errorf("%s: version %d, seen before (%v)", what, v, seen)
			}
			seen = append(seen, v)
		}
		putSkills(t, st, skill("public.b"))
		changed("put")
		if err := st.UpdateSkills([]string{"public.a"}, func(r []*skills.Skill) ([]*skills.Skill, error) {
			r[0].Uses++
			return r, nil
		}); err != nil {
			t.Fatal(err)
		}
		changed("update")
		lib := skills.LibraryUpdate{Keys: []string{"public.b"}, Apply: func(stored map[string]*skills.Skill) ([]*skills.Skill, error) {
			stored["public.b"].Note = "synced"
			return []*skills.Skill{stored["public.b"]}, nil
		}}
		if err := st.ReplaceArtifacts(context.Background(), []string{"d"}, nil, lib); err != nil {
			t.Fatal(err)
		}
		changed("a regeneration's library update")
		recs, at, err = st.SkillsAt()
		if err != nil || len(recs) != 2 || recs[0].Uses != 1 || at != st.Version() {
			t.Errorf("skills at after the writes: %d records, version %d (now %d), %v", len(recs), at, st.Version(), err)
		}
	}},
}

// closedSkillCase: a closed store refuses every call of the library with
// ErrClosed.
var closedSkillCase = Case{"skills/closed", func(t *testing.T, st backend.Store) {
	check := closeAndCheck(t, st)
	_, err := st.SkillKeys()
	check("skill keys", err)
	_, err = st.Skill("public.a")
	check("skill", err)
	_, err = st.Skills()
	check("skills", err)
	_, _, err = st.SkillsAt()
	check("skills at", err)
	check("put skills", st.PutSkills([]*skills.Skill{skill("public.a")}))
	check("update skills", st.UpdateSkills([]string{"public.a"}, func(r []*skills.Skill) ([]*skills.Skill, error) { return r, nil }))
	_, err = st.SkillsWithSourceHash("h")
	check("skills with a source hash", err)
	// A closed store's version is never one seen, so no cache is
	// trusted on it.
	if a, b := st.Version(), st.Version(); a == b {
		t.Errorf("a closed store's version is %d twice", a)
	}
}}
