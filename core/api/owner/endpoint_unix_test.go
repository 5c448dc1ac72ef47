//go:build !windows

package owner

import (
	"errors"
	"net"
	"os"
	"strings"
	"testing"
)

func TestStaleSocketIsReplaced(t *testing.T) {
	dir := t.TempDir()
	// A socket file nobody answers on, as a killed owner leaves it.
	ln, err := net.Listen("unix", SocketPath(dir))
	if err != nil {
		t.Fatal(err)
	}
	if ul, ok := ln.(*net.UnixListener); ok {
		ul.SetUnlinkOnClose(false)
	}
	_ = ln.Close()
	if _, err := os.Stat(SocketPath(dir)); err != nil {
		t.Fatalf("the stale socket is gone already: %v", err)
	}
	if _, err := Dial(dir); !errors.Is(err, ErrNoOwner) {
		t.Fatalf("Dial on a stale socket: %v, want ErrNoOwner", err)
	}
	s, err := Listen(dir, Owner{})
	if err != nil {
		t.Fatalf("Listen over a stale socket: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(SocketPath(dir)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Close left the socket: %v", err)
	}
}

func TestLongDataDirUsesRuntimeDir(t *testing.T) {
	long := "/" + strings.Repeat("d", 120)
	p := SocketPath(long)
	if len(p) >= 108 || strings.HasPrefix(p, long) {
		t.Fatalf("SocketPath(%d-byte dir) = %q", len(long), p)
	}
	if p != SocketPath(long) {
		t.Fatal("SocketPath is not stable")
	}
}
