package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecondOwnerSaysWhatUsingTheFirstMeans: while one process serves the
// store (here lore serve), a second one cannot (exit 4), and it says which
// process serves it, by kind and pid, and what the person can do instead:
// stop that lore serve; meanwhile the other commands run from here go
// through it. That last claim is checked too: a learn run here succeeds
// while the owner holds the store open, which it could not if it opened
// the store itself.
func TestSecondOwnerSaysWhatUsingTheFirstMeans(t *testing.T) {
	dir := newStoreDir(t)
	home := t.TempDir()
	env := append([]string{
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "PATH=" + os.Getenv("PATH"),
	}, storeEnv(dir)...)
	srv := startServe(t, dir, env)

	r := lore(t, storeEnv(dir), "serve")
	if r.code != 4 {
		t.Fatalf("a second lore serve: exit %d, want 4\nstderr %s", r.code, r.stderr)
	}
	msg := strings.TrimSpace(r.stderr)
	for _, want := range []string{
		"store is locked by another process",
		fmt.Sprintf("the store %s is served by lore serve (pid %d).", dir, srv.Process.Pid),
		"To serve it from here, stop that lore serve first.",
		"Meanwhile the other lore commands run from here (lore learn, lore find, …) go through it.",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the second owner's message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "switch to the terminal") {
		t.Errorf("the message sends the person to the terminal of a headless lore serve:\n%s", msg)
	}
	if strings.Count(msg, "\n") != 0 {
		t.Errorf("the message is not one line:\n%s", msg)
	}

	doc := writeDoc(t, t.TempDir(), "groups.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	if r := lore(t, storeEnv(dir), "learn", doc, "--json"); r.code != 0 || !strings.Contains(r.stdout, `"success": true`) {
		t.Errorf("a learn run beside the owner: exit %d\nstdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
}

// TestSecondOwnerNamesTheTerminalApplication: when the owner is the
// terminal application, a second one is told so, with its pid, and to
// switch to the terminal where it runs.
func TestSecondOwnerNamesTheTerminalApplication(t *testing.T) {
	dir := newStoreDir(t)
	ownStore(t, dir)
	r := lore(t, storeEnv(dir), "serve")
	if r.code != 4 {
		t.Fatalf("lore serve beside the terminal application: exit %d, want 4\nstderr %s", r.code, r.stderr)
	}
	msg := strings.TrimSpace(r.stderr)
	for _, want := range []string{
		fmt.Sprintf("the store %s is open in the terminal application (pid %d).", dir, os.Getpid()),
		"To use it, switch to the terminal where it runs. To open it here, quit it there first.",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message lacks %q:\n%s", want, msg)
		}
	}
}
