package trajectory

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Run-drawn names read as titles: the task's first clause without the
// request around it, never cut inside a phrase.
func TestNameOf(t *testing.T) {
	for _, c := range []struct{ task, want string }{
		{"Please rotate the nginx logs on the staging server without downtime", "rotate nginx logs on staging server"},
		{"Can you please fix the failing cart test? It broke yesterday.", "fix failing cart test"},
		{"I need you to publish the docs site for release <number>", "publish docs site for release"},
		{"Fix the failing cart test", "Fix failing cart test"},
		{"The cart total test fails since yesterday's change (see run 4411), find out why", "cart total test fails"},
		{"hey, could you bump the version, then tag and push the release", "bump version"},
		{"Migrate the orders table to the new schema so that the API keeps working", "Migrate orders table to new schema"},
		{"Let's add retries to the upload client and then update the changelog", "add retries to upload client"},
		{"Can you help me with my account?", "help me with my account"},
		{"Can you look at the config and tell me if it is valid?", "look at config"},
		{"Please run SELECT * FROM customers and return every row", "run SELECT * FROM customers"},
		{"please compare OpenCode and Codex", "compare OpenCode and Codex"},
		{"Deploy", "Deploy"},
		{"", ""},
	} {
		if got := nameOf(c.task); got != c.want {
			t.Errorf("nameOf(%q) = %q, want %q", c.task, got, c.want)
		}
	}
}

// A title the client gave the session names the skill; without one, the
// task does.
func TestNameFromTitleOrTask(t *testing.T) {
	for file, want := range map[string]string{
		"claude_success.jsonl":  "Fix failing cart test",
		"generic_success.jsonl": "Publish docs site for release",
	} {
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if got := Extract(r, Options{}).Name; got != want {
			t.Errorf("%s: name %q, want %q", file, got, want)
		}
	}
}

// A Claude Code transcript's title is the person's, else the client's
// generated one, else its latest summary; a compaction notice is none.
func TestClaudeTitle(t *testing.T) {
	user := `{"type":"user","message":{"role":"user","content":"Please fix the login redirect loop"}}`
	for _, c := range []struct {
		lines []string
		want  string
	}{
		{[]string{`{"type":"summary","summary":"Old title","leafUuid":"a"}`, `{"type":"summary","summary":"Fix auth bug","leafUuid":"b"}`, user}, "Fix auth bug"},
		{[]string{`{"type":"summary","summary":"Fix auth bug"}`, `{"type":"summary","summary":"Conversation compacted"}`, user}, "Fix auth bug"},
		{[]string{user, `{"type":"ai-title","aiTitle":"Login redirect fix"}`, `{"type":"summary","summary":"Other"}`}, "Login redirect fix"},
		{[]string{`{"type":"custom-title","customTitle":"My title"}`, `{"type":"ai-title","aiTitle":"Generated"}`, user}, "My title"},
		{[]string{user}, ""},
	} {
		r, err := Parse([]byte(strings.Join(c.lines, "\n") + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		if r.Title != c.want {
			t.Errorf("%v: title %q, want %q", c.lines, r.Title, c.want)
		}
	}
}
