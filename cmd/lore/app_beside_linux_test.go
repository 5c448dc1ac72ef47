package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// With the terminal application open, commands of every kind typed in a
// second shell — reads, refusals, help, completion scripts, the manual,
// commands that need no store — answer exactly as they do with the
// application closed (stdout, stderr, exit code), and nothing of theirs
// reaches the application's screen. A completion script used to be run
// by the application and painted over its screen while the shell got
// nothing.
func TestCommandsBesideTheAppAnswerAsWithout(t *testing.T) {
	docs := t.TempDir()
	a := writeDoc(t, docs, "a.md", "# Algebra\n\nDefinition: A vector space is a set of vectors closed under addition and scalar multiplication.\n")
	b := writeDoc(t, docs, "b.md", "# Bases\n\nDefinition: A basis of a vector space is a linearly independent set of vectors that spans the vector space.\n")
	skill := filepath.Join(docs, "csv-clean")
	if err := os.MkdirAll(skill, 0o755); err != nil {
		t.Fatal(err)
	}
	writeDoc(t, skill, "SKILL.md", "---\nname: csv-clean\ndescription: Clean a CSV file's blank rows and stray spaces.\n---\n\n1. Trim blanks from every cell.\n")
	dir := newStoreDir(t)
	la := learnJSONRun(t, dir, a, "--domain", "structure")
	learnJSONRun(t, dir, b, "--domain", "structure")
	prim, sess := la.Primitives[0].ID, la.SessionID

	commands := [][]string{
		{"version"}, {"--version"}, {"help"}, {"--help"}, {"help", "learn"}, {"learn", "--help"}, {"skills", "--help"},
		{"completion", "bash"}, {"completion", "zsh"}, {"completion", "fish"}, {"completion", "powershell"}, {"completion"},
		{"man"}, {"__complete", "show", ""}, {"__complete", "conflicts", "resolve", ""},
		{"sessions"}, {"sessions", "--json"}, {"rank"}, {"rank", "--json"}, {"rank", "--by", "reach", "--top", "1"},
		{"show", prim}, {"show", prim, "--json"}, {"show", "nope"}, {"show", "nope", "--json"},
		{"conflicts"}, {"conflicts", "--json"}, {"conflicts", "--all"}, {"find", "vector space"}, {"find", "basis", "--json"},
		{"report", sess}, {"report", "nope"}, {"graph"}, {"graph", "--json"}, {"graph", "--format", "mermaid"},
		{"domains"}, {"config"}, {"skills", "list"}, {"skills", "list", "--json"}, {"skills", "search", "csv"},
		{"skills", "validate", skill}, {"scan", a}, {"analyze", a}, {"text", b},
		{"unlearn", "nope"}, {"unlearn", sess, "--dry-run"}, {"conflicts", "resolve", "nope", "keep-both"},
		{"nonsense"}, {"rank", "--bogus"}, {"whoami"}, {"store", "verify"},
		{"edit", "nope", "--name", "x"}, {"link", prim, "nope", "--json"},
		// A learn another process starts is followed on the application's
		// Learn screen, by design: it runs last, after the screen is
		// compared.
		{"learn", filepath.Join(docs, "absent.md")},
	}
	if len(commands) < 50 {
		t.Fatalf("%d commands; the test runs 50", len(commands))
	}
	// Each command has a home of its own, the same in both runs (lore
	// config names the configuration folder it looked in).
	homes := make([]string, len(commands))
	for i := range homes {
		homes[i] = t.TempDir()
	}
	run := func(i int) result { return loreAt(t, homes[i], storeEnv(dir), commands[i]...) }
	followed := len(commands) - 1
	runAll := func(from, to int) []result {
		var out []result
		for i := from; i < to; i++ {
			out = append(out, run(i))
		}
		return out
	}

	app := startTerminalApp(t, dir)
	app.waitFor("n learn a source")
	// Let the first screen settle: whatever the application writes from
	// here on is written while the commands run.
	time.Sleep(500 * time.Millisecond)
	before := app.raw()
	beside := runAll(0, followed)
	time.Sleep(300 * time.Millisecond)
	if after := app.raw(); after != before {
		t.Errorf("the commands wrote on the application's screen:\n%q", clip(after[len(before):], 2000))
	}
	beside = append(beside, runAll(followed, len(commands))...)
	// Quit; should the followed run still count as running, the
	// application asks first.
	if app.shows("\x03", "Cancel it", 2*time.Second) {
		app.typeKeys("y")
	}
	app.waitExit()

	alone := runAll(0, len(commands))
	for i, args := range commands {
		if beside[i] != alone[i] {
			t.Errorf("lore %s beside the application: exit %d\nstdout %q\nstderr %q\nalone: exit %d\nstdout %q\nstderr %q",
				strings.Join(args, " "), beside[i].code, clip(beside[i].stdout, 600), clip(beside[i].stderr, 600),
				alone[i].code, clip(alone[i].stdout, 600), clip(alone[i].stderr, 600))
		}
	}
}

// raw is everything the application wrote to its terminal, escapes
// included.
func (a *terminalApp) raw() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.out.String()
}

// clip cuts s to n runes with an ellipsis.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
