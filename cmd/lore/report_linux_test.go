package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// onTerminal runs lore with a pseudo-terminal of 100×rows cells as its
// streams and returns everything it wrote there.
func onTerminal(t *testing.T, rows int, env []string, args ...string) string {
	t.Helper()
	master, slave := openPTY(t, 100, rows)
	defer master.Close()
	home := t.TempDir()
	cmd := exec.Command(loreBin, args...)
	cmd.Env = append([]string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"TERM=xterm-256color",
		"LORE_THEME=dark", // no question to the terminal about its background
	}, env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	var out strings.Builder
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			out.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		if err != nil {
			t.Fatalf("lore %v on a terminal: %v\n%s", args, err, out.String())
		}
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("lore %v on a terminal did not finish", args)
	}
	<-done // the master reads EIO once the last writer is gone
	return out.String()
}

// lore report renders the report on a terminal, as the History screen
// does, and pages it when it is taller than the screen; piped, it prints
// the Markdown.
func TestReportRenderedAndPagedOnATerminal(t *testing.T) {
	dir := newStoreDir(t)
	sample, err := filepath.Abs("../../assets/sample/graphs.md")
	if err != nil {
		t.Fatal(err)
	}
	var learned struct{ SessionID string }
	r := loreOK(t, dir, "learn", sample, "--approve", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &learned); err != nil || learned.SessionID == "" {
		t.Fatalf("learn --json: %v %q", err, r.stdout)
	}
	id := learned.SessionID

	piped := loreOK(t, dir, "report", id).stdout
	if !strings.HasPrefix(piped, "# lore learning report — "+id) || !strings.Contains(piped, "- **Source:** ") {
		t.Fatalf("piped, the report is not its Markdown:\n%s", piped)
	}
	rendered := func(who, s string) {
		t.Helper()
		plain := ansi.Strip(s)
		if !strings.Contains(plain, "lore learning report — "+id) || !strings.Contains(plain, "Source: "+sample) || !strings.Contains(plain, "Primitives added") {
			t.Errorf("%s: the report is not there:\n%s", who, plain)
		}
		if strings.Contains(plain, "**Source:**") || strings.Contains(plain, "# lore learning report") || strings.Contains(plain, "|---|") {
			t.Errorf("%s: raw Markdown, not rendered:\n%s", who, plain)
		}
		if plain == s {
			t.Errorf("%s: no colours on a 256-colour terminal", who)
		}
	}

	// A pager that keeps what it is given.
	bin := t.TempDir()
	kept := filepath.Join(bin, "paged")
	pager := filepath.Join(bin, "pager")
	if err := os.WriteFile(pager, []byte("#!/bin/sh\ncat > '"+kept+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(storeEnv(dir), "PAGER="+pager, "PATH="+os.Getenv("PATH"))

	// Taller than the screen: paged, nothing of it written past the pager.
	screen := onTerminal(t, 20, env, "report", id)
	paged, err := os.ReadFile(kept)
	if err != nil {
		t.Fatalf("a report taller than the screen was not paged: %v\nthe terminal showed:\n%s", err, ansi.Strip(screen))
	}
	rendered("paged", string(paged))
	if strings.Contains(screen, "Primitives added") {
		t.Errorf("the paged report was also written to the terminal:\n%s", ansi.Strip(screen))
	}
	os.Remove(kept)

	// It fits: rendered, not paged.
	screen = onTerminal(t, 1000, env, "report", id)
	if _, err := os.Stat(kept); err == nil {
		t.Errorf("a report that fits the screen was paged")
	}
	rendered("fits", screen)

	// No pager to be found: printed, with a word about it.
	env = append(storeEnv(dir), "PAGER="+filepath.Join(bin, "nosuchpager"), "PATH="+os.Getenv("PATH"))
	screen = onTerminal(t, 20, env, "report", id)
	rendered("no pager", screen)
	if !strings.Contains(ansi.Strip(screen), "could not be run; printing instead") {
		t.Errorf("a pager that is not there went unmentioned:\n%s", ansi.Strip(screen))
	}
	// No PAGER and no less on the PATH: printed.
	env = append(storeEnv(dir), "PATH="+bin)
	rendered("no less", onTerminal(t, 20, env, "report", id))
}
