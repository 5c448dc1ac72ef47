package owner

import (
	"encoding/json"
	"fmt"
	"net"
	"time"
)

// Conn is a connection to the store's owner, for one request.
type Conn struct {
	c net.Conn
}

// Dial connects to the owner of the store in dataDir. It returns
// ErrNoOwner when no process answers there: no socket, or one left by an
// owner that died, which the next owner removes.
func Dial(dataDir string) (*Conn, error) {
	c, err := dialLocal(SocketPath(dataDir), 2*time.Second)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoOwner, err)
	}
	return &Conn{c: c}, nil
}

// Close closes the connection without a request.
func (c *Conn) Close() error { return c.c.Close() }

// Who asks the owner which process it is, and closes the connection. An
// owner that does not answer in time, or does not know the question (an
// older lore), is an error.
func (c *Conn) Who() (Owner, error) {
	defer c.c.Close()
	_ = c.c.SetDeadline(time.Now().Add(2 * time.Second))
	if err := writeFrame(c.c, kWho, nil); err != nil {
		return Owner{}, fmt.Errorf("ask the owner who it is: %w", err)
	}
	kind, p, err := readFrame(frameReader(c.c))
	if err != nil {
		return Owner{}, fmt.Errorf("ask the owner who it is: %w", err)
	}
	var who Owner
	if kind != kWho {
		return Owner{}, fmt.Errorf("ask the owner who it is: it answered a frame of kind %q", kind)
	}
	if err := json.Unmarshal(p, &who); err != nil {
		return Owner{}, fmt.Errorf("ask the owner who it is: %w", err)
	}
	return who, nil
}
