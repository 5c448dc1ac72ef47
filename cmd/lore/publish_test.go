package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// skillFiles lists the SKILL.md files under dir, one folder deep.
func skillFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*", "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestInterruptedPublicationFinishedOnNextOpen learns into an output folder
// that cannot be made (a file stands where it should be), as a run killed
// between its commit and its files would leave things: the session is
// committed, its report lists skills, none is on disk. lore store verify
// must say so (exit 1); once the way is clear, the next command writes the
// skills, and verify is clean.
func TestInterruptedPublicationFinishedOnNextOpen(t *testing.T) {
	dir := newStoreDir(t)
	out := filepath.Join(t.TempDir(), "skills")
	if err := os.WriteFile(out, []byte("in the way"), 0o600); err != nil {
		t.Fatal(err)
	}
	src := corpus(t, "rfc6455_websocket.txt")
	r := lore(t, storeEnv(dir), "learn", src, "--output-dir", out, "--json")
	if !strings.Contains(r.stdout, `"skills"`) || !strings.Contains(r.stdout, "SKILL.md") {
		t.Fatalf("setup: learn made no skill (exit %d)\nstdout: %.2000s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if ss := sessionsOf(t, dir); len(ss) != 1 {
		t.Fatalf("setup: %d sessions after the learn, want 1 committed", len(ss))
	}
	r = lore(t, storeEnv(dir), "store", "verify")
	if r.code != 1 || !strings.Contains(r.stdout+r.stderr, "not written") {
		t.Fatalf("verify with the skills unwritten: exit %d, want 1 naming the unwritten artifacts\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if err := os.Remove(out); err != nil {
		t.Fatal(err)
	}
	r = loreOK(t, dir, "sessions")
	if !strings.Contains(r.stderr, "wrote the skills and agents of session") {
		t.Errorf("sessions did not say it finished the interrupted publication; stderr: %s", r.stderr)
	}
	if files := skillFiles(t, out); len(files) == 0 {
		t.Fatalf("no SKILL.md under %s after the next command", out)
	}
	r = lore(t, storeEnv(dir), "store", "verify")
	if r.code != 0 || !strings.Contains(r.stdout, "no problems found") {
		t.Fatalf("verify after the publication: exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	// A skill file removed by hand is a problem verify names.
	files := skillFiles(t, out)
	if err := os.Remove(files[0]); err != nil {
		t.Fatal(err)
	}
	r = lore(t, storeEnv(dir), "store", "verify")
	if r.code != 1 || !strings.Contains(r.stdout, files[0]) || !strings.Contains(r.stdout, "missing") {
		t.Fatalf("verify with %s removed: exit %d\nstdout: %s", files[0], r.code, r.stdout)
	}
}

// TestSkillOutputNeverFollowsLinks links each skill folder of the output
// folder to another folder holding its own SKILL.md: learning must leave
// those files as they were and say which link it refused.
func TestSkillOutputNeverFollowsLinks(t *testing.T) {
	src := corpus(t, "rfc6455_websocket.txt")
	scratch := filepath.Join(t.TempDir(), "scratch")
	loreOK(t, newStoreDir(t), "learn", src, "--output-dir", scratch, "--json")
	made := skillFiles(t, scratch)
	if len(made) == 0 {
		t.Fatal("setup: the chapter made no skill")
	}
	out := filepath.Join(t.TempDir(), "skills")
	elsewhere := t.TempDir()
	if err := os.Mkdir(out, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range made {
		name := filepath.Base(filepath.Dir(f))
		target := filepath.Join(elsewhere, name)
		if err := os.Mkdir(target, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(target, "SKILL.md"), []byte("precious "+name), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(out, name)); err != nil {
			t.Fatal(err)
		}
	}
	r := lore(t, storeEnv(newStoreDir(t)), "learn", src, "--output-dir", out, "--json")
	if !strings.Contains(r.stdout+r.stderr, "symbolic link") {
		t.Errorf("learn through linked skill folders did not name the link: exit %d\nstdout: %.1500s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	for _, f := range made {
		name := filepath.Base(filepath.Dir(f))
		got, err := os.ReadFile(filepath.Join(elsewhere, name, "SKILL.md"))
		if err != nil || string(got) != "precious "+name {
			t.Errorf("%s/SKILL.md behind the link was changed: %q %v", name, got, err)
		}
	}
}

// TestUnlearnRemovesSkillsUnderCustomOutputDir learns with --output-dir
// and unlearns without it: the skills written under the custom folder go.
func TestUnlearnRemovesSkillsUnderCustomOutputDir(t *testing.T) {
	dir := newStoreDir(t)
	out := filepath.Join(t.TempDir(), "custom")
	first := learnJSONRun(t, dir, corpus(t, "rfc6455_websocket.txt"), "--output-dir", out)
	if len(skillFiles(t, out)) == 0 {
		t.Fatalf("setup: no skill under %s", out)
	}
	loreOK(t, dir, "unlearn", first.SessionID, "--force")
	if left := skillFiles(t, out); len(left) != 0 {
		t.Fatalf("unlearn left %v under the custom output folder", left)
	}
}
