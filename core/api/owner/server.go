package owner

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"
)

// Server serves the store's owner to other processes.
type Server struct {
	path string
	who  []byte // the Owner, as JSON, answered to a who frame

	mu     sync.Mutex
	lns    []net.Listener
	closed bool
	conns  sync.WaitGroup
}

// ErrOwned is returned by Listen when another process already serves the
// store.
var ErrOwned = errors.New("another lore process serves the store")

// Listen makes the socket of the store in dataDir, owner-only, and says
// who owns the store on it until Close. The caller holds the store open: a
// socket file left by an owner that died is removed first, and one that
// answers is another owner (ErrOwned). who is what the server says of
// itself when asked (Conn.Who).
func Listen(dataDir string, who Owner) (*Server, error) {
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
	s := &Server{path: path, who: whoJSON}
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

// Close stops listening, removes the socket and waits for the answers
// being given.
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
	s.conns.Wait()
	return removeLocal(s.path)
}

func (s *Server) handle(c net.Conn) {
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	kind, _, err := readFrame(frameReader(c))
	if err != nil {
		return
	}
	if kind != kWho {
		_ = writeFrame(c, kRefused, []byte("not a question this socket answers: the owner serves lore's API on its API socket"))
		return
	}
	_ = writeFrame(c, kWho, s.who)
}
