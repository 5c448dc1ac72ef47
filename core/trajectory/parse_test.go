package trajectory

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/skills/search"
)

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTrajSniffRecognisesTranscriptsByContent(t *testing.T) {
	for name, want := range map[string]Format{
		"claude_success.jsonl":  ClaudeCode,
		"codex_success.jsonl":   Codex,
		"generic_success.jsonl": Generic,
		"generic_failure.jsonl": Generic,
		"npm_failure_1.jsonl":   ClaudeCode,
		"secrets.jsonl":         ClaudeCode,
	} {
		if got, ok := Sniff(fixture(t, name)); !ok || got != want {
			t.Errorf("Sniff(%s) = %q, %v; want %q", name, got, ok, want)
		}
		if got, ok := SniffFile(filepath.Join("testdata", name)); !ok || got != want {
			t.Errorf("SniffFile(%s) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for name, data := range map[string]string{
		"JSON Lines of other data":  "{\"id\":1,\"price\":3.5}\n{\"id\":2,\"price\":4}\n",
		"a role lore does not know": "{\"role\":\"banana\",\"content\":\"x\"}\n",
		"Markdown":                  "# Title\n\nSome text.\n",
		"a JSON array":              "[{\"role\":\"user\"}]\n",
		"a second line not JSON":    "{\"summary\":\"x\",\"type\":\"summary\"}\nnot json\n{\"type\":\"user\",\"message\":{}}\n",
		"empty":                     "",
		"only neutral lines":        "{\"type\":\"summary\",\"summary\":\"s\"}\n{\"type\":\"file-history-snapshot\"}\n",
	} {
		if f, ok := Sniff([]byte(data)); ok {
			t.Errorf("Sniff(%s) = %q, want not a transcript", name, f)
		}
	}
	// The format is decided by content, whatever the name: a run saved as
	// .txt is a run, a .jsonl of prices is not.
	dir := t.TempDir()
	p := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(p, fixture(t, "generic_success.jsonl"), 0o600); err != nil {
		t.Fatal(err)
	}
	if f, ok := SniffFile(p); !ok || f != Generic {
		t.Errorf("a generic run named notes.txt: %q, %v", f, ok)
	}
	q := filepath.Join(dir, "prices.jsonl")
	if err := os.WriteFile(q, []byte("{\"id\":1}\n{\"id\":2}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, ok := SniffFile(q); ok {
		t.Error("a .jsonl of prices was taken for a run")
	}
}

func TestTrajParseReadsEachFormat(t *testing.T) {
	cases := []struct {
		file  string
		task  string
		cwd   string
		calls []string
	}{
		{"claude_success.jsonl", "The cart total test fails", "/home/alice/projects/shop", []string{"Bash", "Read", "TodoWrite", "Edit", "Bash", "Bash"}},
		{"codex_success.jsonl", "Add a /healthz endpoint", "/Users/bob/src/orders-api", []string{"shell", "apply_patch", "exec_command"}},
		{"generic_success.jsonl", "Publish the docs site", "/srv/builds/site", []string{"shell", "shell", "http_get"}},
	}
	for _, c := range cases {
		r, err := Parse(fixture(t, c.file))
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if !strings.HasPrefix(r.Task, c.task) || r.CWD != c.cwd {
			t.Errorf("%s: task %q, cwd %q", c.file, r.Task, r.CWD)
		}
		var tools []string
		for _, call := range r.Calls {
			tools = append(tools, call.Tool)
			if !call.Answered {
				t.Errorf("%s: call %s at line %d has no result", c.file, call.Tool, call.Line)
			}
		}
		if !slices.Equal(tools, c.calls) {
			t.Errorf("%s: calls %v, want %v", c.file, tools, c.calls)
		}
	}
}

func TestTrajParseErrors(t *testing.T) {
	good := string(fixture(t, "generic_success.jsonl"))
	// A last line cut off while the agent wrote it is passed over.
	r, err := Parse([]byte(good + `{"role":"assistant","tool":{"name":"sh`))
	if err != nil || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], "cut off") {
		t.Fatalf("a cut-off last line: %v, warnings %v", err, r)
	}
	for name, data := range map[string]string{
		"a broken line in the middle":          "{\"role\":\"user\",\"content\":\"x\"}\n{\"role\":\n{\"outcome\":\"success\"}\n",
		"an unknown outcome":                   "{\"role\":\"user\",\"content\":\"x\"}\n{\"outcome\":\"maybe\"}\n",
		"a result before any call":             "{\"role\":\"user\",\"content\":\"x\"}\n{\"role\":\"tool\",\"result\":{\"output\":\"y\"}}\n",
		"a line with neither role nor outcome": "{\"role\":\"user\",\"content\":\"x\"}\n{\"text\":\"y\"}\n",
		"a user line without a message":        "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"x\"}}\n{\"type\":\"assistant\",\"message\":7}\n",
	} {
		_, err := Parse([]byte(data))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line < 2 {
			t.Errorf("%s: %v, want a *SyntaxError naming its line", name, err)
		}
	}
	if _, err := Parse([]byte("{\"id\":1}\n")); !errors.Is(err, ErrNotTranscript) {
		t.Errorf("other JSON Lines: %v, want ErrNotTranscript", err)
	}
}

func TestTrajJudge(t *testing.T) {
	shell := func(cmd string, failed bool) Call {
		return Call{Tool: "Bash", Input: map[string]any{"command": cmd}, Answered: true, Failed: failed}
	}
	cases := []struct {
		name string
		run  Run
		want Outcome
		fail int
	}{
		{"no errors", Run{Calls: []Call{shell("go build", false)}}, Success, -1},
		{"an error recovered by the same program", Run{Calls: []Call{shell("go test ./...", true), shell("go test ./...", false)}}, Success, -1},
		{"an error followed only by another program", Run{Calls: []Call{shell("go test ./...", true), shell("ls", false)}}, Failure, 0},
		{"an error recovered by the same tool", Run{Calls: []Call{{Tool: "Edit", Answered: true, Failed: true}, {Tool: "Edit", Answered: true}}}, Success, -1},
		{"the last of two errors left", Run{Calls: []Call{shell("make", true), shell("npm ci", true), shell("make", false)}}, Failure, 1},
		{"explicit success wins", Run{Outcome: Success, Calls: []Call{shell("make", true)}}, Success, -1},
		{"explicit failure wins", Run{Outcome: Failure, Calls: []Call{shell("make", false)}}, Failure, -1},
		{"a failed final status", Run{Status: "interrupted (interrupted)", StatusFailed: true, Calls: []Call{shell("make", false)}}, Failure, -1},
		{"a successful final status", Run{Status: "success", Calls: []Call{shell("make", true)}}, Success, -1},
		{"an error without a result is no error", Run{Calls: []Call{{Tool: "Bash", Failed: true}}}, Success, -1},
	}
	for _, c := range cases {
		v := Judge(&c.run)
		if v.Outcome != c.want || v.Failing != c.fail || v.Reason == "" {
			t.Errorf("%s: %+v, want %s failing at %d", c.name, v, c.want, c.fail)
		}
	}
	// Codex: an aborted turn; Claude Code: an interruption left last, a
	// stream's error result.
	for name, data := range map[string]string{
		"codex turn aborted":  `{"type":"session_meta","payload":{"cwd":"/p/q"}}` + "\n" + `{"type":"event_msg","payload":{"type":"user_message","message":"do it"}}` + "\n" + `{"type":"event_msg","payload":{"type":"turn_aborted","reason":"interrupted"}}`,
		"claude interruption": `{"type":"user","message":{"role":"user","content":"do it"}}` + "\n" + `{"type":"user","message":{"role":"user","content":[{"type":"text","text":"[Request interrupted by user]"}]}}`,
		"claude error result": `{"type":"user","message":{"role":"user","content":"do it"}}` + "\n" + `{"type":"result","subtype":"error_max_turns","is_error":true}`,
	} {
		r, err := Parse([]byte(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if v := Judge(r); v.Outcome != Failure {
			t.Errorf("%s: %+v, want a failure", name, v)
		}
	}
}

func TestTrajGeneraliser(t *testing.T) {
	g := NewGeneraliser("/home/alice/projects/shop", "/home/tester", "cat /home/alice/.bashrc")
	cases := []struct{ in, want string }{
		{"cd /home/alice/projects/shop && go test ./...", "cd <project> && go test ./..."},
		{"cat /home/alice/.bashrc /home/tester/x /Users/bob/y C:\\Users\\carl\\z /root/.ssh", "cat ~/.bashrc ~/x ~/y ~\\z ~/.ssh"},
		{"/srv/root/x /mnt/home-backup /home/alicea/k", "/srv/root/x /mnt/home-backup ~/k"},
		{"git log --author alice", "git log --author <user>"},
		{"rm -rf build-alice alice_files", "rm -rf build-alice alice_files"},
		{"session 5d2f1a0c-8b7e-4f6d-9c3b-2a1e0f9d8c7b done", "session <uuid> done"},
		{"git show 3f9a2c1 and 9c1e4b7d2a3f5e6b8c9d0a1b2c3d4e5f6a7b8c9d", "git show <hash> and <hash>"},
		{"deadbeef facade", "deadbeef facade"},
		{"at 2026-03-02T09:14:07.120Z and 2026-03-02, 09:14:07", "at <time> and <date>, <time>"},
		{"req_01QhT8zYfK3nV2mW9xL4pR7s", "req_<id>"},
		{"head -20 file.go:12:5 python3 x86_64 utf-8 v1.2 #48213 1.5", "head -<n> file.go:<n>:<n> python3 x86_64 utf-8 v1.2 #<n> <n>"},
		{"curl https://x.example/a?b=1&token=abc123XYZ987", "curl https://x.example/a?<query>"},
		{"mail bob.smith@corp-mail.net", "mail [REDACTED_EMAIL]"},
		{"Authorization: Bearer abcdef0123456789", "Authorization: Bearer [REDACTED_TOKEN]"},
	}
	for _, c := range cases {
		if got := g.Text(c.in); got != c.want {
			t.Errorf("Text(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
	if g.Counts[KindUser] == 0 || g.Counts[KindHome] == 0 || g.Counts[KindProject] == 0 || g.Redacted["email"] == 0 {
		t.Errorf("counts %v, redacted %v", g.Counts, g.Redacted)
	}
	// A shallow folder is no project: every absolute path would be one.
	if got := NewGeneraliser("/work", "").Text("/work/a /etc/b"); got != "/work/a /etc/b" {
		t.Errorf("a one-level cwd was generalised: %q", got)
	}
}

func TestTrajExtractGeneralisesSteps(t *testing.T) {
	r, err := Parse(fixture(t, "claude_success.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	c := Extract(r, Options{Home: "/home/tester"})
	want := []string{
		"Read `<project>/cart/cart.go`",
		"Edit `<project>/cart/cart.go`",
		"Run `cd <project> && go test ./cart/ -run TestCartTotal -count=<n>`",
		"Run `git -C <project> commit -am 'cart: add shipping to the total (fixes #<n>)'`",
	}
	if !slices.Equal(c.Steps, want) {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(c.Steps, "\n"), strings.Join(want, "\n"))
	}
	if c.Outcome != Success || c.TaskType != search.Code || len(c.FailureModes) != 1 || !strings.Contains(c.FailureModes[0], "FAIL: TestCartTotal") {
		t.Errorf("outcome %s, type %s, failure modes %q", c.Outcome, c.TaskType, c.FailureModes)
	}
	if !strings.Contains(c.Trigger, "see run <n>") || len(c.Preconditions) != 2 {
		t.Errorf("trigger %q, preconditions %q", c.Trigger, c.Preconditions)
	}
	body := c.Instructions()
	for _, w := range []string{"## Steps", "## Failure modes", "## Before you start", "`<project>` the project's folder"} {
		if !strings.Contains(body, w) {
			t.Errorf("instructions lack %q:\n%s", w, body)
		}
	}
	if strings.Contains(body, "alice") || strings.Contains(body, "TodoWrite") {
		t.Errorf("instructions keep the user or the to-do bookkeeping:\n%s", body)
	}
	// The same procedure run by another user in another folder on other
	// data hashes the same: seed 001's source hash.
	other := strings.NewReplacer("/home/alice/projects/shop", "/home/zoe/src/shop2", "48213", "51007", "-count=1", "-count=3").Replace(string(fixture(t, "claude_success.jsonl")))
	r2, err := Parse([]byte(other))
	if err != nil {
		t.Fatal(err)
	}
	if c2 := Extract(r2, Options{}); c2.SourceHash != c.SourceHash {
		t.Errorf("the same procedure hashed differently:\n%q\n%q", c.Steps, c2.Steps)
	}
}

func TestTrajFailureSignatureIsStable(t *testing.T) {
	var sigs []string
	for _, f := range []string{"npm_failure_1.jsonl", "npm_failure_2.jsonl", "npm_failure_3.jsonl"} {
		r, err := Parse(fixture(t, f))
		if err != nil {
			t.Fatal(err)
		}
		c := Extract(r, Options{})
		if c.Outcome != Failure || c.Signature == "" {
			t.Fatalf("%s: %s, signature %q", f, c.Outcome, c.Signature)
		}
		sigs = append(sigs, c.Signature)
	}
	if sigs[0] != sigs[1] || sigs[1] != sigs[2] || !strings.Contains(sigs[0], "eresolve") {
		t.Errorf("signatures differ or miss the error: %q", sigs)
	}
	// npm names itself in its error; the signature names it once.
	if strings.HasPrefix(sigs[0], "npm: npm") {
		t.Errorf("npm named twice: %q", sigs[0])
	}
	r, _ := Parse(fixture(t, "generic_failure.jsonl"))
	if c := Extract(r, Options{}); !strings.HasPrefix(c.Signature, "terraform: error") || strings.Contains(c.Signature, "8f0c2d7e") {
		t.Errorf("terraform signature %q", c.Signature)
	}
}

func TestTrajPaths(t *testing.T) {
	home := filepath.Join(string(filepath.Separator), "home", "ann")
	p := filepath.Join(home, ".claude", "projects", "x.jsonl")
	s := StorePath(p, home)
	if !strings.HasPrefix(s, "~") || LocalPath(s, home) != p {
		t.Errorf("StorePath %q, LocalPath %q", s, LocalPath(s, home))
	}
	if StorePath("/tmp/x", home) != "/tmp/x" || StorePath(home+"x/y", home) != home+"x/y" {
		t.Error("a path outside the home folder was changed")
	}
}
