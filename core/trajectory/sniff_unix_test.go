//go:build unix

package trajectory

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A named pipe is no run, and judging it must not wait for a writer.
func TestTrajSniffFileNamedPipe(t *testing.T) {
	p := filepath.Join(t.TempDir(), "run.jsonl")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	done := make(chan bool)
	go func() {
		_, ok := SniffFile(p)
		done <- ok
	}()
	select {
	case ok := <-done:
		if ok {
			t.Error("a named pipe was taken for a run")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("SniffFile blocked on a named pipe")
	}
}
