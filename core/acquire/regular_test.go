//go:build unix

package acquire

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mkfifo makes a named pipe that nothing writes to: opening it for reading
// blocks for ever.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("cannot make a named pipe here: %v", err)
	}
}

// within fails the test when fn does not return in time, instead of
// hanging the whole run.
func within(t *testing.T, d time.Duration, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); fn() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s still blocked after %v", what, d)
	}
}

// A named pipe called notes.md — given itself, or found in a folder — is
// refused as not a regular file, at once, without being opened.
func TestNamedPipeRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "notes.md")
	mkfifo(t, fifo)
	if err := os.WriteFile(filepath.Join(dir, "real.md"), []byte("# Real\n\nText.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var checkErr, localErr error
	var res *Result
	within(t, 5*time.Second, "acquiring a named pipe", func() {
		checkErr = Check(fifo)
		_, localErr = Local(t.Context(), fifo, Options{})
		res, _ = Local(t.Context(), dir, Options{})
	})
	for what, err := range map[string]error{"Check": checkErr, "Local": localErr} {
		if err == nil || !strings.Contains(err.Error(), "not a regular file (a named pipe)") || !strings.Contains(err.Error(), fifo) {
			t.Errorf("%s(fifo) = %v; want an error naming %s as not a regular file", what, err, fifo)
		}
	}
	if res == nil || len(res.Documents) != 1 || len(res.Skipped) != 1 || res.Skipped[0].Path != "notes.md" ||
		!strings.Contains(res.Skipped[0].Reason, "named pipe") {
		t.Errorf("folder with a pipe: %+v; want real.md read and notes.md skipped as a named pipe", res)
	}
}

// A file checked as regular and replaced by a pipe before it is opened is
// still refused, not waited on.
func TestOpenRegularRefusesPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "swapped.md")
	mkfifo(t, fifo)
	var err error
	within(t, 5*time.Second, "opening a named pipe", func() {
		var fh *os.File
		fh, err = openRegular(fifo)
		if fh != nil {
			fh.Close()
		}
	})
	if err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Fatalf("openRegular(fifo) = %v; want a named-pipe error", err)
	}
}
