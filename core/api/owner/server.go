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

// Handler runs one request: it reads the client's standard input from
// stdin, writes what the command prints to stdout and stderr, and returns
// the exit code. ctx ends when the client interrupts the command or goes
// away.
type Handler func(ctx context.Context, req Request, stdin io.Reader, stdout, stderr io.Writer) int

// Server serves the store's owner to other processes.
type Server struct {
	handler Handler
	path    string
	who     []byte // the Owner, as JSON, answered to a who frame

	mu     sync.Mutex
	lns    []net.Listener
	closed bool
	conns  sync.WaitGroup
	cancel context.CancelFunc
	ctx    context.Context
}

// ErrOwned is returned by Listen when another process already serves the
// store.
var ErrOwned = errors.New("another lore process serves the store")

// Listen makes the socket of the store in dataDir, owner-only, and serves
// requests on it with h until Close. The caller holds the store open: a
// socket file left by an owner that died is removed first, and one that
// answers is another owner (ErrOwned). who is what the server says of
// itself when asked (Conn.Who).
func Listen(dataDir string, who Owner, h Handler) (*Server, error) {
	whoJSON, err := json.Marshal(who)
	if err != nil {
		return nil, fmt.Errorf("owner: %w", err)
	}
	path := SocketPath(dataDir)
	if c, err := dialLocal(path, time.Second); err == nil {
		_ = c.Close()
		return nil, fmt.Errorf("%w (socket %s)", ErrOwned, path)
	}
	ln, err := listenLocal(path)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{handler: h, path: path, who: whoJSON, ctx: ctx, cancel: cancel}
	s.serve(ln)
	return s, nil
}

// Path is the socket's path.
func (s *Server) Path() string { return s.path }

func (s *Server) serve(ln net.Listener) {
	s.mu.Lock()
	s.lns = append(s.lns, ln)
	s.mu.Unlock()
	s.conns.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.conns.Go(func() {
				defer c.Close()
				s.handle(c)
			})
		}
	})
}

// Close stops listening, removes the socket, cancels the requests still
// running and waits for them to end.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	lns := s.lns
	s.mu.Unlock()
	for _, ln := range lns {
		_ = ln.Close()
	}
	s.cancel()
	s.conns.Wait()
	return removeLocal(s.path)
}

// frameWriter writes one kind of frame; the frames of stdout, stderr and
// the exit code share the connection, hence the lock.
type frameWriter struct {
	mu   *sync.Mutex
	c    io.Writer
	kind byte
}

func (w frameWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for off := 0; off < len(p); off += maxFrame {
		if err := writeFrame(w.c, w.kind, p[off:min(len(p), off+maxFrame)]); err != nil {
			return off, err
		}
	}
	return len(p), nil
}

func (s *Server) handle(c net.Conn) {
	// The request must arrive promptly; what follows may take hours.
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	in := frameReader(c)
	kind, p, err := readFrame(in)
	if err != nil {
		return
	}
	if kind == kWho {
		_ = writeFrame(c, kWho, s.who)
		return
	}
	var mu sync.Mutex
	var req Request
	if kind != kRequest || json.Unmarshal(p, &req) != nil {
		_ = writeFrame(c, kRefused, []byte("not a lore request"))
		return
	}
	_ = c.SetReadDeadline(time.Time{})
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	stdin, feed := io.Pipe()
	go func() {
		// The client's stream: its input, its interruption, its end.
		defer cancel()
		for {
			kind, p, err := readFrame(in)
			if err != nil {
				_ = feed.CloseWithError(io.ErrUnexpectedEOF)
				return
			}
			switch kind {
			case kStdin:
				if _, err := feed.Write(p); err != nil {
					// The command stopped reading; drop the rest.
					continue
				}
			case kStdinEO:
				_ = feed.Close()
			case kCancel:
				cancel()
			}
		}
	}()
	code := s.handler(ctx, req, stdin, frameWriter{&mu, c, kStdout}, frameWriter{&mu, c, kStderr})
	_ = stdin.Close()
	var b [4]byte
	binary.BigEndian.PutUint32(b[:], uint32(int32(code)))
	mu.Lock()
	_ = writeFrame(c, kExit, b[:])
	mu.Unlock()
}
