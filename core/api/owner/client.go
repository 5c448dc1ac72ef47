package owner

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
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

// GoneError says the owner ended (or the connection broke) before the
// command finished: what the command changed is what the store's journal
// kept, all of a session or none of it.
type GoneError struct{ Err error }

func (e *GoneError) Error() string {
	return "the lore process serving the store ended before the command finished: " + e.Err.Error()
}

func (e *GoneError) Unwrap() error { return e.Err }

// RefusedError is the owner refusing the request before running it.
type RefusedError struct{ Reason string }

func (e *RefusedError) Error() string {
	return "the lore process serving the store refused the request: " + e.Reason
}

// Run has the owner run req, feeding it stdin (nil: none) and copying
// what it prints to stdout and stderr, and returns its exit code. When
// ctx ends the owner is asked to interrupt the command, and Run still
// waits for its exit code. The connection is closed when Run returns.
func (c *Conn) Run(ctx context.Context, req Request, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	defer c.c.Close()
	var mu sync.Mutex
	send := func(kind byte, p []byte) error {
		mu.Lock()
		defer mu.Unlock()
		return writeFrame(c.c, kind, p)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return 0, err
	}
	// A refusal (a wrong token) may close the connection before the
	// request is written: the refusal, read below, says why.
	sendErr := send(kRequest, body)
	if stdin != nil {
		go func() {
			buf := make([]byte, 32<<10)
			for {
				n, err := stdin.Read(buf)
				if n > 0 && send(kStdin, buf[:n]) != nil {
					return
				}
				if err != nil {
					_ = send(kStdinEO, nil)
					return
				}
			}
		}()
	} else {
		_ = send(kStdinEO, nil)
	}
	stop := context.AfterFunc(ctx, func() { _ = send(kCancel, nil) })
	defer stop()
	in := frameReader(c.c)
	for {
		kind, p, err := readFrame(in)
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			if sendErr != nil {
				err = sendErr
			}
			return 0, &GoneError{err}
		}
		switch kind {
		case kStdout:
			if _, err := stdout.Write(p); err != nil {
				return 0, fmt.Errorf("write the command's output: %w", err)
			}
		case kStderr:
			_, _ = stderr.Write(p)
		case kRefused:
			return 0, &RefusedError{Reason: string(p)}
		case kExit:
			if len(p) != 4 {
				return 0, &GoneError{fmt.Errorf("malformed exit frame")}
			}
			return int(int32(binary.BigEndian.Uint32(p))), nil
		}
	}
}
