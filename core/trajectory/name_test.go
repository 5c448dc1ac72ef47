package trajectory

import (
	"os"
	"path/filepath"
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
