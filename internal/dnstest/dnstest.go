// Package dnstest runs a DNS server on 127.0.0.1 for tests: a real UDP
// server speaking the wire format, whose answers the test decides query
// by query (a name that answers a public address first and a loopback one
// after, as DNS rebinding does). Only tests import it.
package dnstest

import (
	"context"
	"encoding/binary"
	"errors"
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"
)

// Record types the server answers.
const (
	TypeA    uint16 = 1
	TypeAAAA uint16 = 28
)

// Answer decides the addresses of a query: name (lower case, without the
// final dot), its type, and n, how many queries of that name and type came
// before it. Addresses of the other family are left out of the answer; a
// name with no address of either family does not resolve.
type Answer func(name string, qtype uint16, n int) []netip.Addr

// Server is a DNS server on 127.0.0.1.
type Server struct {
	conn   net.PacketConn
	answer Answer
	mu     sync.Mutex
	counts map[query]int
}

type query struct {
	name  string
	qtype uint16
}

// Start starts a server answering by answer; it stops when the test ends.
func Start(tb testing.TB, answer Answer) *Server {
	tb.Helper()
	conn, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("dnstest: %v", err)
	}
	s := &Server{conn: conn, answer: answer, counts: map[query]int{}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.serve()
	}()
	tb.Cleanup(func() {
		_ = conn.Close()
		<-done
	})
	return s
}

// Addr is the server's address, 127.0.0.1:port.
func (s *Server) Addr() string { return s.conn.LocalAddr().String() }

// Queries is how many queries of name and type the server has answered.
func (s *Server) Queries(name string, qtype uint16) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[query{strings.ToLower(name), qtype}]
}

// Resolver is a pure-Go resolver that asks this server only.
func (s *Server) Resolver() *net.Resolver {
	return &net.Resolver{PreferGo: true, Dial: s.Dial}
}

// Dial connects to the server whatever address is asked: the Dial of a
// net.Resolver.
func (s *Server) Dial(ctx context.Context, _, _ string) (net.Conn, error) {
	var d net.Dialer
	return d.DialContext(ctx, "udp", s.Addr())
}

func (s *Server) serve() {
	buf := make([]byte, 1500)
	for {
		n, from, err := s.conn.ReadFrom(buf)
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			continue
		}
		if resp := s.reply(buf[:n]); resp != nil {
			_, _ = s.conn.WriteTo(resp, from)
		}
	}
}

// reply answers one query message, or nil for what is not one.
func (s *Server) reply(msg []byte) []byte {
	if len(msg) < 12 || binary.BigEndian.Uint16(msg[4:6]) != 1 {
		return nil
	}
	var labels []string
	i := 12
	for {
		if i >= len(msg) {
			return nil
		}
		l := int(msg[i])
		i++
		if l == 0 {
			break
		}
		if l > 63 || i+l > len(msg) {
			return nil
		}
		labels = append(labels, string(msg[i:i+l]))
		i += l
	}
	if i+4 > len(msg) {
		return nil
	}
	qtype := binary.BigEndian.Uint16(msg[i : i+2])
	question := msg[12 : i+4]
	name := strings.ToLower(strings.Join(labels, "."))

	s.mu.Lock()
	q := query{name, qtype}
	n := s.counts[q]
	s.counts[q]++
	s.mu.Unlock()

	var answers []netip.Addr
	for _, a := range s.answer(name, qtype, n) {
		if qtype == TypeA && a.Is4() || qtype == TypeAAAA && a.Is6() && !a.Is4In6() {
			answers = append(answers, a)
		}
	}
	out := make([]byte, 12, 512)
	copy(out[0:2], msg[0:2])                     // id
	binary.BigEndian.PutUint16(out[2:4], 0x8180) // a response, recursion desired and available, no error
	binary.BigEndian.PutUint16(out[4:6], 1)
	binary.BigEndian.PutUint16(out[6:8], uint16(len(answers)))
	out = append(out, question...)
	for _, a := range answers {
		out = append(out, 0xc0, 12) // the question's name
		out = binary.BigEndian.AppendUint16(out, qtype)
		out = binary.BigEndian.AppendUint16(out, 1) // IN
		out = binary.BigEndian.AppendUint32(out, 0) // TTL 0: ask again every time
		b := a.AsSlice()
		out = binary.BigEndian.AppendUint16(out, uint16(len(b)))
		out = append(out, b...)
	}
	return out
}
