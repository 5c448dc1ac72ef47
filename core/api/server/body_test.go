package server_test

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/lorev1/lorev1connect"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/internal/apitest"
)

// The request of an attack on the server's memory: a Find whose body
// says 4,000,000 bytes, of which the client sends most, then goes silent.
const (
	stalledLength = 4_000_000
	stalledSent   = 3_500_000
)

// cutOff is what came of a request the client stopped sending: the
// answer's Connect error code ("" when the connection or stream ended
// without an answer), its message, and how long it took to come.
type cutOff struct {
	code, msg string
	after     time.Duration
}

// connectError reads a Connect unary error's code and message.
func connectError(body io.Reader) (code, msg string) {
	var e struct{ Code, Message string }
	if err := json.NewDecoder(io.LimitReader(body, 64<<10)).Decode(&e); err != nil {
		return "no error in the answer: " + err.Error(), ""
	}
	return e.Code, e.Message
}

// stalledH1 sends the request over HTTP/1.1 with token ("" for none),
// sent bytes of its body and then nothing, and waits up to wait for the
// server to answer or close the connection.
func stalledH1(t *testing.T, addr string, conf *tls.Config, token string, sent int, wait time.Duration) cutOff {
	t.Helper()
	conf = conf.Clone()
	conf.NextProtos = []string{"http/1.1"}
	conn, err := tls.Dial("tcp", addr, conf)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	auth := ""
	if token != "" {
		auth = "Authorization: Bearer " + token + "\r\n"
	}
	start := time.Now()
	if _, err := fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n%sContent-Length: %d\r\n\r\n",
		lorev1connect.LoreServiceFindProcedure, addr, auth, stalledLength); err != nil {
		t.Fatal(err)
	}
	// The body goes as the server reads it; a server that answers first
	// leaves it unsent.
	go func() { _, _ = conn.Write(make([]byte, sent)) }()
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		return cutOff{code: "none within the bound, the connection still open", after: time.Since(start)}
	case err != nil:
		return cutOff{after: time.Since(start)}
	}
	defer res.Body.Close()
	code, msg := connectError(res.Body)
	return cutOff{code: code, msg: msg, after: time.Since(start)}
}

// stalledH2 sends the request n times at once over one HTTP/2
// connection, each stream with token ("" for none) and sent bytes of its
// body, then nothing, and waits up to wait for each answer or reset.
func stalledH2(t *testing.T, addr string, conf *tls.Config, token string, sent, n int, wait time.Duration) []cutOff {
	t.Helper()
	var protos http.Protocols
	protos.SetHTTP2(true)
	tr := &http.Transport{TLSClientConfig: conf.Clone(), Protocols: &protos, ForceAttemptHTTP2: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	out := make([]cutOff, n)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		pr, pw := io.Pipe()
		defer pw.Close()
		wg.Go(func() {
			go func() { _, _ = pw.Write(make([]byte, sent)) }()
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://"+addr+lorev1connect.LoreServiceFindProcedure, pr)
			if err != nil {
				t.Error(err)
				return
			}
			req.ContentLength = stalledLength
			req.Header.Set("Content-Type", "application/json")
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			res, err := hc.Do(req)
			switch {
			case errors.Is(err, context.DeadlineExceeded):
				out[i] = cutOff{code: "none within the bound", after: time.Since(start)}
			case err != nil:
				out[i] = cutOff{after: time.Since(start)}
			default:
				code, msg := connectError(res.Body)
				_ = res.Body.Close()
				if errors.Is(ctx.Err(), context.DeadlineExceeded) {
					code = "none within the bound"
				}
				out[i] = cutOff{code: code, msg: msg, after: time.Since(start)}
			}
		})
	}
	wg.Wait()
	return out
}

// TestUnauthenticatedBodyIsNeverRead: a call with no token, or a wrong
// one, is refused as its headers arrive, before its body is read: the
// request of the attack (Content-Length 4,000,000, 3.5 MB sent, then
// silence) hears unauthenticated within 5 s over HTTP/1.1, and so do 100
// such streams at once on one HTTP/2 connection. Such requests used to
// be held, each with its body in memory, for as long as the client
// stayed silent.
func TestUnauthenticatedBodyIsNeverRead(t *testing.T) {
	e := apitest.New(t, false)
	e.AddUser("rita", access.Reader, access.DefaultWorkspace)
	var log logBuffer
	addr, conf := serve(t, e, e.Svc, server.Options{Log: &log})
	const bound = 5 * time.Second
	for _, token := range []string{"", "lore_wrong-token"} {
		got := stalledH1(t, addr, conf, token, stalledSent, bound)
		if got.code != "unauthenticated" {
			t.Errorf("HTTP/1.1, token %q: %+v, want unauthenticated", token, got)
		}
	}
	for i, got := range stalledH2(t, addr, conf, "", stalledSent, 100, bound) {
		if got.code != "unauthenticated" {
			t.Errorf("HTTP/2, stream %d of 100, no token: %+v, want unauthenticated within %s", i, got, bound)
			break
		}
	}
	if n := strings.Count(log.String(), "lore: refused Find from 127.0.0.1"); n != 102 {
		t.Errorf("the log has %d refusals of Find, want 102:\n%.2000s", n, log.String())
	}
}

// TestSilentBodyIsCutOff: a call with a valid token whose body stops
// coming is ended once Options.Body has passed since its headers, over
// HTTP/1.1 and HTTP/2, with deadline_exceeded saying so, no later than
// Body and 3 s; a call whose body arrives in time is answered, and a
// stream whose request has come lasts past Body, on either protocol.
func TestSilentBodyIsCutOff(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("rita", access.Reader, access.DefaultWorkspace)
	const body = time.Second
	addr, conf := serve(t, e, e.Svc, server.Options{Body: body})
	const bound = body + 3*time.Second
	check := func(what string, got cutOff) {
		t.Helper()
		if got.code != "deadline_exceeded" || !strings.Contains(got.msg, "did not arrive whole within 1s") {
			t.Errorf("%s: %+v, want deadline_exceeded saying the request did not arrive within 1s", what, got)
		}
		if got.after < body-100*time.Millisecond || got.after > bound {
			t.Errorf("%s: cut off after %s, want after about %s", what, got.after, body)
		}
	}
	check("HTTP/1.1", stalledH1(t, addr, conf, token, 1000, bound+time.Second))
	for i, got := range stalledH2(t, addr, conf, token, 1000, 3, bound+time.Second) {
		check(fmt.Sprintf("HTTP/2, stream %d", i), got)
	}

	// A watch, its request whole, lasts longer than Body.
	for _, h1 := range []bool{true, false} {
		var protos http.Protocols
		protos.SetHTTP1(h1)
		protos.SetHTTP2(!h1)
		tr := &http.Transport{TLSClientConfig: conf.Clone(), Protocols: &protos, ForceAttemptHTTP2: !h1}
		ctx, cancel := context.WithCancel(context.Background())
		c := lorev1connect.NewLoreServiceClient(&http.Client{Transport: tr}, "https://"+addr, connect.WithInterceptors(bearer(token)))
		ended := make(chan error, 1)
		go func() {
			// The call returns once the server answers: with an
			// event, or the end.
			s, err := c.Watch(ctx, &lorev1.WatchRequest{})
			if err == nil {
				s.Receive()
				err = s.Err()
				_ = s.Close()
			}
			ended <- err
		}()
		select {
		case err := <-ended:
			t.Errorf("a watch (HTTP/1.1 %t) ended after less than %s: %v", h1, 2*body+body/2, err)
		case <-time.After(2*body + body/2):
		}
		cancel()
		<-ended
		tr.CloseIdleConnections()
	}

	// A body that arrives within the bound is read and answered.
	req, err := http.NewRequest(http.MethodPost, "https://"+addr+lorev1connect.LoreServiceWhoAmIProcedure, strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	tr := &http.Transport{TLSClientConfig: conf.Clone(), ForceAttemptHTTP2: true}
	defer tr.CloseIdleConnections()
	res, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var who struct{ User string }
	if err := json.NewDecoder(res.Body).Decode(&who); res.StatusCode != http.StatusOK || err != nil || who.User != "rita" {
		t.Errorf("WhoAmI with its body in time: %s %+v %v", res.Status, who, err)
	}
}

// TestStreamsPerConnectionBounded: the server tells an HTTP/2 client it
// takes at most 100 streams at once on one connection (Go's own default
// is 250, each of which may hold a body being read).
func TestStreamsPerConnectionBounded(t *testing.T) {
	e := apitest.New(t, false)
	addr, conf := serve(t, e, e.Svc, server.Options{})
	conf = conf.Clone()
	conf.NextProtos = []string{"h2"}
	conn, err := tls.Dial("tcp", addr, conf)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(conn, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00"); err != nil {
		t.Fatal(err)
	}
	// The server's first frame is its SETTINGS: 9 bytes of header, then
	// 6 bytes a setting.
	var hdr [9]byte
	if _, err := io.ReadFull(conn, hdr[:]); err != nil {
		t.Fatal(err)
	}
	n := int(hdr[0])<<16 | int(hdr[1])<<8 | int(hdr[2])
	if hdr[3] != 0x4 || n%6 != 0 {
		t.Fatalf("the server's first frame is of type %d, %d bytes: not SETTINGS", hdr[3], n)
	}
	payload := make([]byte, n)
	if _, err := io.ReadFull(conn, payload); err != nil {
		t.Fatal(err)
	}
	streams := -1
	for p := payload; len(p) >= 6; p = p[6:] {
		if binary.BigEndian.Uint16(p) == 0x3 { // SETTINGS_MAX_CONCURRENT_STREAMS
			streams = int(binary.BigEndian.Uint32(p[2:]))
		}
	}
	if streams < 1 || streams > 100 {
		t.Errorf("the server takes %d streams at once per HTTP/2 connection (-1: unbounded), want 1 to 100", streams)
	}
}

// TestRevokedWhileRequestArrives: a call let in by its headers whose
// request arrives after its user was revoked is refused, not run: an
// admin revoked between an AddUser's headers and the rest of its
// request used to add the user, and get a token that outlived their own.
func TestRevokedWhileRequestArrives(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("mallory", access.Admin, access.DefaultWorkspace)
	e.AddUser("boss", access.Admin, access.DefaultWorkspace)
	addr, conf := serve(t, e, e.Svc, server.Options{})
	conf = conf.Clone()
	conf.NextProtos = []string{"http/1.1"}
	conn, err := tls.Dial("tcp", addr, conf)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"name":"backdoor","role":"admin"}`
	if _, err := fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAuthorization: Bearer %s\r\nContent-Length: %d\r\n\r\n%s",
		lorev1connect.LoreServiceAddUserProcedure, addr, token, len(body), body[:5]); err != nil {
		t.Fatal(err)
	}
	// The headers are let in; then mallory is revoked.
	time.Sleep(300 * time.Millisecond)
	ctx, boss := e.As("boss")
	if _, err := boss.RevokeUser(ctx, &lorev1.RevokeUserRequest{Name: "mallory"}); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, body[5:]); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if code, msg := connectError(res.Body); code != "unauthenticated" {
		t.Errorf("AddUser whose request arrived after its admin was revoked: %s, code %q %q, want unauthenticated", res.Status, code, msg)
	}
	users, err := boss.ListUsers(ctx, &lorev1.ListUsersRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range users.GetUsers() {
		if u.GetName() == "backdoor" {
			t.Errorf("a revoked admin added %s (%s)", u.GetName(), u.GetState())
		}
	}
}
