//go:build windows

package owner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"time"

	"github.com/Microsoft/go-winio"
	"golang.org/x/sys/windows"
)

// SocketPath is the named pipe the owner of the store in dataDir listens
// on: \\.\pipe\lore-<hash of the folder>. Pipes live in their own
// namespace, so the name comes from the folder rather than lying in it;
// the folder is lower-cased first since Windows paths ignore case.
func SocketPath(dataDir string) string {
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		abs = dataDir
	}
	sum := sha256.Sum256([]byte(strings.ToLower(abs)))
	return `\\.\pipe\lore-` + hex.EncodeToString(sum[:8])
}

func dialLocal(path string, timeout time.Duration) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return winio.DialPipeContext(ctx, path)
}

// listenLocal creates the pipe with an access list that admits only the
// user running lore, the counterpart of a 0600 socket.
func listenLocal(path string) (net.Listener, error) {
	sid, err := currentUserSID()
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", path, err)
	}
	ln, err := winio.ListenPipe(path, &winio.PipeConfig{
		SecurityDescriptor: "D:P(A;;GA;;;" + sid + ")",
		InputBufferSize:    64 << 10,
		OutputBufferSize:   64 << 10,
	})
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", path, err)
	}
	return ln, nil
}

func currentUserSID() (string, error) {
	u, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return "", fmt.Errorf("read the current user: %w", err)
	}
	return u.User.Sid.String(), nil
}

// removeLocal has nothing to do: a pipe ends with its last handle, so a
// dead owner leaves nothing behind.
func removeLocal(string) error { return nil }
