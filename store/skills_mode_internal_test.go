package store

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core/skills"
)

// A skill record keeps its files' modes; a record written before modes
// were kept (no "mode" in its JSON) reads as it was, each file 0644, with
// its stored hash still its content's hash: no migration is needed.
func TestSkillFileModes(t *testing.T) {
	s, err := OpenInMemory()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	c := skills.Content{Name: "run", Description: "Run it.", Files: []skills.File{
		{Path: "scripts/run.sh", Content: []byte("#!/bin/sh\n"), Mode: 0o755},
		{Path: "notes.md", Content: []byte("notes"), Mode: 0o600},
	}}
	rec, err := skills.New("public.run", c, skills.Imported, skills.Active, skills.Provenance{}, skillsModeTime)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PutSkills([]*skills.Skill{rec}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Skill("public.run")
	if err != nil {
		t.Fatal(err)
	}
	modes := map[string]uint32{}
	for _, f := range got.Files {
		modes[f.Path] = f.Mode
	}
	if modes["scripts/run.sh"] != 0o755 || modes["notes.md"] != 0o600 {
		t.Errorf("modes not kept: %v", modes)
	}

	// The JSON an older lore wrote: files without modes.
	old := `{"key":"public.old","name":"old","description":"Old.","instructions":"Body.","taskType":"unknown",` +
		`"files":[{"path":"scripts/run.sh","content":"IyEvYmluL3NoCg=="}],"source":"imported","status":"active",` +
		`"visibility":"workspace","hash":"","version":1,"lineage":{},"uses":0,"successes":0,"failures":0,"helpful":0,"harmful":0,` +
		`"created":"2026-01-01T00:00:00Z","updated":"2026-01-01T00:00:00Z"}`
	// The hash the older lore computed for that content.
	const hash = "d0895a4fa94094e39ce1fad4d3d5b12f79a94704138efa57b01dfbebad7d594f"
	raw, err := encodeValue(json.RawMessage(old[:len(old)-1] + `,"hash":"` + hash + `"}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.update(func(txn *badger.Txn) error { return txn.Set(skillKey("public.old"), raw) }); err != nil {
		t.Fatal(err)
	}
	got, err = s.Skill("public.old")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Files) != 1 || got.Files[0].Mode != 0 || got.Files[0].Perm() != 0o644 || string(got.Files[0].Content) != "#!/bin/sh\n" {
		t.Errorf("old record: %+v", got.Files)
	}
	if got.Hash != hash || skills.ContentHash(got.Content) != hash {
		t.Errorf("old record's hash %s is not its content's %s", got.Hash, skills.ContentHash(got.Content))
	}
}

var skillsModeTime = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
