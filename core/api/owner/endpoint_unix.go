//go:build !windows

package owner

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"time"
)

// SocketPath is where the owner of the store in dataDir listens: a socket
// in the data directory, or, when that path is too long for a Unix socket
// address (108 bytes on Linux), one named by the directory's hash under
// the per-user runtime directory.
func SocketPath(dataDir string) string {
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		abs = dataDir
	}
	p := filepath.Join(abs, "lore.sock")
	if len(p) < 100 {
		return p
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(runtimeDir(), "lore-"+hex.EncodeToString(sum[:8])+".sock")
}

// runtimeDir is $XDG_RUNTIME_DIR, or a folder of the user's own under the
// temporary directory.
func runtimeDir() string {
	if d := os.Getenv("XDG_RUNTIME_DIR"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("lore-%d", os.Getuid()))
}

func dialLocal(path string, timeout time.Duration) (net.Conn, error) {
	return net.DialTimeout("unix", path, timeout)
}

// listenLocal makes the socket at path, owner-only. Nobody answered
// there, so whatever file is in the way is a dead owner's.
func listenLocal(path string) (net.Listener, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("socket folder %s: %w", filepath.Dir(path), err)
	}
	_ = os.Remove(path)
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		_ = ln.Close()
		return nil, fmt.Errorf("make %s owner-only: %w", path, err)
	}
	return ln, nil
}

func removeLocal(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
