package server_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/internal/apitest"
)

// logBuffer is a server's log, written by its handlers concurrently.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// serve serves svc over TLS on 127.0.0.1 to the users of e's default
// workspace, with o, until the test ends; it returns the address and the
// TLS a client trusts the server with.
func serve(t *testing.T, e *apitest.Env, svc api.Service, o server.Options) (string, *tls.Config) {
	t.Helper()
	cert, fp, err := access.ServerCert(t.TempDir(), "", "", []string{"127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	users := e.Store(access.DefaultWorkspace)
	auth := func(_ context.Context, token string) (access.User, error) {
		return access.Authenticate(users, token, time.Now().UTC())
	}
	path, h := server.Handler(svc, auth, o)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = server.Serve(ctx, ln, path, h, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
	}()
	t.Cleanup(func() { cancel(); <-done })
	conf, err := access.ClientTLS("127.0.0.1", fp, "")
	if err != nil {
		t.Fatal(err)
	}
	return ln.Addr().String(), conf
}

// panicking is the real service but for two calls, a unary one and a
// stream, which panic as a bug in a handler would.
type panicking struct{ api.Service }

func (panicking) ListSkills(context.Context, *lorev1.ListSkillsRequest) (*lorev1.ListSkillsResponse, error) {
	var m map[string]int
	m["boom"]++ // a nil map: the bug
	return nil, nil
}

func (panicking) Watch(context.Context, *lorev1.WatchRequest, func(*lorev1.LearnEvent) error) error {
	panic("watch went wrong")
}

// TestHandlerPanicIsAnInternalError: a handler's panic, in a call or a
// stream, reaches the client as an internal error (not a dropped
// connection or an empty answer) that does not repeat the panic's words,
// is logged with the call, the panic and its stack, and leaves the
// server answering the next call.
func TestHandlerPanicIsAnInternalError(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("ada", access.Reader, access.DefaultWorkspace)
	var log logBuffer
	addr, conf := serve(t, e, panicking{e.Svc}, server.Options{Log: &log})
	c, err := client.New(addr, token, conf)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	_, err = c.ListSkills(ctx, &lorev1.ListSkillsRequest{Status: "all"})
	if connect.CodeOf(err) != connect.CodeInternal || !strings.Contains(err.Error(), "internal error in the server's ListSkills") {
		t.Fatalf("a panicking ListSkills: %v (%s), want an internal error naming the call", err, connect.CodeOf(err))
	}
	if strings.Contains(err.Error(), "nil map") {
		t.Errorf("the client is told the panic's words: %v", err)
	}
	err = c.Watch(ctx, &lorev1.WatchRequest{}, func(*lorev1.LearnEvent) error { return nil })
	if connect.CodeOf(err) != connect.CodeInternal || strings.Contains(err.Error(), "watch went wrong") {
		t.Fatalf("a panicking Watch: %v (%s), want an internal error", err, connect.CodeOf(err))
	}
	if who, err := c.WhoAmI(ctx, &lorev1.WhoAmIRequest{}); err != nil || who.GetUser() != "ada" {
		t.Fatalf("the call after the panics: %v %v", who, err)
	}
	logged := log.String()
	for _, want := range []string{
		"lore: internal error: ListSkills (ada, reader, default) panicked: assignment to entry in nil map",
		"lore: internal error: Watch (ada, reader, default) panicked: watch went wrong",
		"server_test.go", // the stack, down to the bug
		"ListSkills → internal",
		"Watch → internal",
	} {
		if !strings.Contains(logged, want) {
			t.Errorf("the server's log does not say %q:\n%s", want, logged)
		}
	}
}
