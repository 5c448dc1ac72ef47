package main

import (
	"strings"
	"testing"
	"time"
)

// Quitting the terminal application while its run is in progress (ctrl-c,
// then y) cancels the run, and lore exits as an interrupted command does,
// 130, saying the store is unchanged; quitting with no run in progress
// exits 0.
func TestAppQuitDuringARunExitsInterrupted(t *testing.T) {
	t.Run("during a run", func(t *testing.T) {
		dir := newStoreDir(t)
		app := startTerminalApp(t, dir)
		app.waitFor("n learn a source")
		url, requested := stallingServer(t)
		for i := 0; !app.shows("n", "next field", 5*time.Second); i++ {
			if i == 6 {
				t.Fatalf("n never opened the form; the application showed:\n%s", app.screen())
			}
		}
		app.typeKeys(url + "\r")
		select {
		case <-requested:
		case <-time.After(30 * time.Second):
			t.Fatalf("the run never asked for %s; the application showed:\n%s", url, app.screen())
		}
		app.typeKeys("\x03") // ctrl-c
		app.waitFor("Cancel it")
		app.typeKeys("y")
		app.waitExit()
		if code := app.cmd.ProcessState.ExitCode(); code != ExitInterrupted {
			t.Errorf("lore exited %d after quitting during a run, want %d (interrupted)", code, ExitInterrupted)
		}
		app.waitFor("lore: interrupted; the store is unchanged")
	})
	t.Run("with no run", func(t *testing.T) {
		app := startTerminalApp(t, newStoreDir(t))
		app.waitFor("n learn a source")
		app.typeKeys("\x03")
		app.waitExit()
		if code := app.cmd.ProcessState.ExitCode(); code != ExitOK {
			t.Errorf("lore exited %d after quitting with no run, want 0", code)
		}
	})
}

// Quitting the terminal application opened on a folder with no store yet
// prints nothing (issue 79, point 10): "no store in … yet" was said as the
// application started, and the shell showed it under the prompt once the
// application's screen was gone, after a learn had made the store too.
func TestAppQuitOnANewStoreSaysNothing(t *testing.T) {
	app := startTerminalApp(t, newStoreDir(t))
	app.waitFor("n learn a source")
	app.typeKeys("q")
	app.waitExit()
	if code := app.cmd.ProcessState.ExitCode(); code != ExitOK {
		t.Errorf("lore exited %d after q, want 0", code)
	}
	for _, said := range []string{"no store in", "lore:"} {
		if strings.Contains(app.screen(), strings.ReplaceAll(said, " ", "")) {
			t.Errorf("the application's terminal shows %q; it showed:\n%s", said, app.screen())
		}
	}
}
