package owner

import (
	"context"
	"net"
	"strings"
	"time"
)

// The owner also serves lore's API (package core/api) on a second socket
// beside the first, as owner-only: a client there is the person running
// lore, with the store's every right, and needs no token.

// APISocketPath is the API's socket for the store in dataDir.
func APISocketPath(dataDir string) string {
	p := SocketPath(dataDir)
	if base, ok := strings.CutSuffix(p, ".sock"); ok {
		return base + "-api.sock"
	}
	return p + "-api"
}

// ListenAPI makes the API's socket for the store in dataDir; the caller
// holds the store and serves the API on it until it closes it.
func ListenAPI(dataDir string) (net.Listener, error) {
	return listenLocal(APISocketPath(dataDir))
}

// DialAPI connects to the API's socket of the store in dataDir, for an
// HTTP transport's DialContext.
func DialAPI(dataDir string) func(ctx context.Context, _, _ string) (net.Conn, error) {
	path := APISocketPath(dataDir)
	return func(ctx context.Context, _, _ string) (net.Conn, error) {
		timeout := 2 * time.Second
		if d, ok := ctx.Deadline(); ok {
			timeout = time.Until(d)
		}
		return dialLocal(path, timeout)
	}
}

// RemoveAPI removes the API's socket once the owner stops serving it.
func RemoveAPI(dataDir string) error { return removeLocal(APISocketPath(dataDir)) }
