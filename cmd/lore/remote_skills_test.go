package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// A team's skill library from the command line: an agent's proposal is
// its own draft until a reviewer promotes it and shares it with the
// workspace; the agent may do neither; a reader then finds it.
func TestTeamSkillsFromTheCommandLine(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	bot := addUser(t, data, "bot-1", "agent")
	rui := addUser(t, data, "rui", "reviewer")
	lin := addUser(t, data, "lin", "reader")
	ts := startTeamServer(t, data)
	as := func(token string, args ...string) result { return lore(t, ts.env(token), args...) }

	r := as(bot, "skills", "propose", "rotate-logs", "--description", "Rotate the web server's access logs when they grow past a size",
		"--instructions", "1. Run `logrotate -f /etc/logrotate.d/nginx`.\n2. Check that the new log file is written to.", "--json")
	var proposed struct {
		Skill struct {
			Key        string `json:"key"`
			Status     string `json:"status"`
			Visibility string `json:"visibility"`
			Owner      string `json:"owner"`
		} `json:"skill"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &proposed) != nil {
		t.Fatalf("the agent's proposal: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	key := proposed.Skill.Key
	if proposed.Skill.Status != "draft" || proposed.Skill.Visibility != "user" || proposed.Skill.Owner != "bot-1" {
		t.Fatalf("a proposal is its agent's own draft: %s", r.stdout)
	}
	if r := as(lin, "skills", "search", "rotate logs"); r.code != 0 || strings.Contains(r.stdout, key) {
		t.Errorf("a reader sees another's draft: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	for _, args := range [][]string{{"skills", "share", key}, {"skills", "review", key, "promote"}} {
		if r := as(bot, args...); r.code != ExitFailure || !strings.Contains(r.stderr, "bot-1 (agent) may not call") {
			t.Errorf("the agent's %v: exit %d %s", args, r.code, r.stderr)
		}
	}
	if r := as(rui, "skills", "review"); r.code != 0 || !strings.Contains(r.stdout, key) {
		t.Errorf("the reviewer's queue: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := as(rui, "skills", "review", key, "promote"); r.code != 0 || !strings.Contains(r.stdout, "is now active") {
		t.Fatalf("the reviewer's promotion: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := as(rui, "skills", "share", key); r.code != 0 || !strings.Contains(r.stdout, "visibility workspace") {
		t.Fatalf("the reviewer shares it: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := as(lin, "skills", "search", "rotate logs", "--json"); r.code != 0 || !strings.Contains(r.stdout, key) {
		t.Errorf("the reader's search after the promotion: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := as(lin, "skills", "show", key); r.code != 0 || !strings.Contains(r.stdout, "Rotate the web server") || !strings.Contains(r.stdout, "bot-1") {
		t.Errorf("the reader's show: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := as(lin, "skills", "search", "rotate logs", "--task-type", "api"); r.code != 0 || strings.Contains(r.stdout, key) {
		t.Errorf("a search for another task type: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	// The agent's catalog names how to load each skill through the
	// server: the server's folders are not the client's.
	if r := as(bot, "skills", "prompt", "--query", "rotate logs"); r.code != 0 || !strings.Contains(r.stdout, "<location>\nlore skills activate "+key+"\n</location>") {
		t.Errorf("the agent's catalog: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := as(bot, "skills", "resolve", key); r.code != 0 || r.stdout != key+"\n" {
		t.Errorf("the agent's resolve: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	for _, c := range []struct {
		token string
		args  []string
		code  int
		want  string
	}{
		{bot, []string{"skills", "eval"}, ExitFailure, "bot-1 (agent) may not call EvalSkills"},
		{lin, []string{"skills", "merge", "--dry-run"}, ExitFailure, "lin (reader) may not call MergeSkills"},
		{rui, []string{"store", "verify"}, ExitFailure, "rui (reviewer) may not call VerifyStore"},
	} {
		if r := as(c.token, c.args...); r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("lore %v: exit %d %s, want %d and %q", c.args, r.code, r.stderr, c.code, c.want)
		}
	}
	if r := as(rui, "skills", "merge", "--dry-run"); r.code != 0 || !strings.Contains(r.stdout, "No learned skills are 0.90 similar or more.") {
		t.Errorf("the reviewer's merge: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
}
