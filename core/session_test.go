package core

import (
	"bytes"
	"encoding/json"
	"testing"
)

// counts returns the encoding of the "counts" member of s, nil if absent.
func counts(t *testing.T, s Session) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m["counts"]
}

// mapEncoding is how the counts were encoded when they were a map.
func mapEncoding(t *testing.T, m map[string]int) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The typed counts encode byte for byte as the map they replace did: the
// same keys, zeros included, in the same order, so stored records and
// lore sessions --json read as before; a session without counts has none.
func TestSessionCountsEncodeAsTheMapDid(t *testing.T) {
	learn := Session{ID: "learn-1", Kind: KindLearn, Counts: SessionCounts{LearnCounts: &LearnCounts{
		Added: 12, Updated: 3, Skipped: 40, Candidates: 55, Edges: 31, Skills: 1}}}
	want := mapEncoding(t, map[string]int{"added": 12, "updated": 3, "skipped": 40, "conflicts": 0,
		"candidates": 55, "edges": 31, "skills": 1})
	if got := counts(t, learn); !bytes.Equal(got, want) {
		t.Errorf("learn counts encode as %s, want %s", got, want)
	}

	unlearn := Session{ID: "unlearn-1", Kind: KindUnlearn, Counts: SessionCounts{UnlearnCounts: &UnlearnCounts{
		Removed: 12, Restored: 3}}}
	want = mapEncoding(t, map[string]int{"removed": 12, "restored": 3, "readded": 0, "conflictsRetired": 0})
	if got := counts(t, unlearn); !bytes.Equal(got, want) {
		t.Errorf("unlearn counts encode as %s, want %s", got, want)
	}

	if got := counts(t, Session{ID: "learn-2"}); got != nil {
		t.Errorf("a session without counts encodes them as %s", got)
	}
}

// Records written when the counts were a map decode into the typed counts,
// and odd ones (empty, null, unknown keys) decode without error to what
// they hold.
func TestSessionCountsDecodeStoredRecords(t *testing.T) {
	cases := []struct {
		name    string
		record  string
		learn   *LearnCounts
		unlearn *UnlearnCounts
	}{
		{"learn", `{"id":"l","kind":"learn","counts":{"added":12,"candidates":55,"conflicts":2,"edges":31,"skills":1,"skipped":40,"updated":3}}`,
			&LearnCounts{Added: 12, Candidates: 55, Conflicts: 2, Edges: 31, Skills: 1, Skipped: 40, Updated: 3}, nil},
		{"learn, fewer keys", `{"id":"l","counts":{"added":9}}`, &LearnCounts{Added: 9}, nil},
		{"unlearn", `{"id":"u","kind":"unlearn","counts":{"conflictsRetired":1,"readded":2,"removed":12,"restored":3}}`,
			nil, &UnlearnCounts{ConflictsRetired: 1, Readded: 2, Removed: 12, Restored: 3}},
		{"unknown key", `{"id":"l","counts":{"added":1,"later":7}}`, &LearnCounts{Added: 1}, nil},
		{"empty", `{"id":"l","counts":{}}`, nil, nil},
		{"null", `{"id":"l","counts":null}`, nil, nil},
		{"absent", `{"id":"l"}`, nil, nil},
	}
	for _, c := range cases {
		var s Session
		if err := json.Unmarshal([]byte(c.record), &s); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if (s.Counts.LearnCounts == nil) != (c.learn == nil) || c.learn != nil && *s.Counts.LearnCounts != *c.learn {
			t.Errorf("%s: learn counts %+v, want %+v", c.name, s.Counts.LearnCounts, c.learn)
		}
		if (s.Counts.UnlearnCounts == nil) != (c.unlearn == nil) || c.unlearn != nil && *s.Counts.UnlearnCounts != *c.unlearn {
			t.Errorf("%s: unlearn counts %+v, want %+v", c.name, s.Counts.UnlearnCounts, c.unlearn)
		}
	}
}

// Reading the side a session does not have gives zeros, not a nil
// dereference.
func TestSessionCountsMissingSideIsZero(t *testing.T) {
	var c SessionCounts
	if c.Learn() != (LearnCounts{}) || c.Unlearn() != (UnlearnCounts{}) {
		t.Errorf("zero counts read as %+v / %+v", c.Learn(), c.Unlearn())
	}
}
