package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// backgroundQueries counts the queries for the terminal's background
// colour (OSC 11) the application's process has written to its terminal.
func (a *terminalApp) backgroundQueries() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return strings.Count(a.out.String(), ansi.RequestBackgroundColor)
}

// With the terminal application owning the store, commands from other
// processes end as soon as the application has run them, failures
// included: 50 failing and 50 succeeding command lines, one after
// another through the client (run, as a second lore process runs them),
// each within a second and with its own exit code. A failing command
// used to take 2 to 4 seconds, or never end: the error's colours were
// picked by asking the owner's own terminal — the screen's — for its
// background, and the answer was the screen's to read, so the exit code
// reached the client when the query gave up. The pseudo-terminal here
// answers no query, so any command that asks it waits the query's full
// time; the test also checks that no such query reached the screen.
func TestCommandsBesideTheAppEndAtOnce(t *testing.T) {
	dir := newStoreDir(t)
	app := startTerminalApp(t, dir)
	app.waitFor("n learn a source")
	// The client finds the owner where the application listens: its
	// configuration and runtime folder, not the person's.
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv(noOwnerEnv, "")
	empty := filepath.Join(t.TempDir(), "empty.md")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	failing := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"show", "nope"}, ExitUsage, `unknown primitive "nope"`},
		{[]string{"report", "nope"}, ExitUsage, `unknown session "nope"`},
		{[]string{"unlearn", "nope"}, ExitUsage, `unknown session "nope"`},
		{[]string{"conflicts", "resolve", "nope", "keep-both"}, ExitUsage, `unknown conflict "nope"`},
		{[]string{"learn", filepath.Join(t.TempDir(), "absent.md")}, ExitUsage, "no such file"},
		{[]string{"learn", empty, "--approve"}, ExitFailure, "empty"},
	}
	succeeding := [][]string{{"sessions"}, {"rank", "--json"}, {"conflicts"}, {"find", "graph"}, {"sessions", "--json"}}
	// The application asks its own terminal once as it starts; under
	// load that query may be written after the first screen. Counted from
	// when it has been, only the commands' queries are left to count.
	for deadline := time.Now().Add(10 * time.Second); app.backgroundQueries() == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	before := app.backgroundQueries()
	for i := range 100 {
		args, code, says := succeeding[i/2%len(succeeding)], ExitOK, ""
		if i%2 == 0 {
			f := failing[i/2%len(failing)]
			args, code, says = f.args, f.code, f.says
		}
		start := time.Now()
		r := inProcess(append([]string{"--data-dir", dir}, args...)...)
		took := time.Since(start)
		if r.code != code || !strings.Contains(r.stderr, says) {
			t.Fatalf("command %d, lore %s: exit %d, want %d with %q\nstdout: %s\nstderr: %s", i, strings.Join(args, " "), r.code, code, says, r.stdout, r.stderr)
		}
		if took > time.Second {
			t.Fatalf("command %d, lore %s (exit %d) took %v beside the application; want at most 1s", i, strings.Join(args, " "), r.code, took.Round(time.Millisecond))
		}
	}
	if n := app.backgroundQueries() - before; n > 0 {
		t.Fatalf("the application's terminal was asked for its background %d times by commands run for other processes", n)
	}
	// Still the owner, still answering its own keys.
	app.typeKeys("6")
	app.waitFor("History")
}
