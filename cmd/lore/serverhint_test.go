package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	auth "github.com/lore-kb/lore/core/access"
	apiclient "github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/internal/apitest"
)

// noHost is a resolver that knows no name, as a team server's would for a
// URL's host that does not exist.
type noHost struct{}

func (noHost) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// slowBody is a document whose bytes come late: the server, told to wait
// less, ends the upload itself.
type slowBody struct{ wait time.Duration }

func (s slowBody) Read([]byte) (int, error) {
	time.Sleep(s.wait)
	return 0, io.EOF
}

// TestServerHintOnlyWhenUnreached: the hint "is lore serve --listen
// running there, on that port?" follows an error of a call that never
// reached the server (nothing listens on the port), and never an error
// the server answered, whatever its words or code: the server's "cannot
// resolve nowhere.test: no such host" about a URL to learn, or its
// deadline_exceeded for an upload that went silent.
func TestServerHintOnlyWhenUnreached(t *testing.T) {
	const hint = "is lore serve --listen running there"
	e := apitest.NewWith(t, true, func(o *local.Options) { o.Learn.Acquire.Web.Resolver = noHost{} })
	e.Server = server.Options{Idle: 300 * time.Millisecond}
	token := e.AddUser("cora", auth.Curator, auth.DefaultWorkspace)
	addr, conf := e.Addr()
	t.Setenv(serverEnv, addr)
	c := e.Client(token)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	err := c.Learn(ctx, &lorev1.LearnRequest{Url: "http://nowhere.test/a.md", Approve: true}, func(*lorev1.LearnEvent) error { return nil })
	got := errorSentence(fmt.Errorf("learn http://nowhere.test/a.md: %w", err))
	if !strings.Contains(got, "cannot resolve nowhere.test: no such host") {
		t.Fatalf("the server's refusal of a URL whose host does not resolve: %q (%v)", got, err)
	}
	if strings.Contains(got, hint) {
		t.Errorf("the server answered, yet the client asks whether it runs: %q", got)
	}

	_, err = c.Upload(ctx, &lorev1.UploadHeader{Name: "late.md"}, slowBody{time.Second})
	if connect.CodeOf(err) != connect.CodeDeadlineExceeded {
		t.Fatalf("an upload silent for longer than the server waits: %v (%s), want deadline_exceeded", err, connect.CodeOf(err))
	}
	if got := errorSentence(err); strings.Contains(got, hint) {
		t.Errorf("the server ended a silent upload, yet the client asks whether it runs: %q", got)
	}

	// Nothing listens on this port: the hint says what to check.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	_ = ln.Close()
	t.Setenv(serverEnv, closed)
	gone, err := apiclient.New(closed, token, conf)
	if err != nil {
		t.Fatal(err)
	}
	_, err = gone.WhoAmI(ctx, &lorev1.WhoAmIRequest{})
	want := fmt.Sprintf("(team server %s=%s: %s, on that port?)", serverEnv, closed, hint)
	if got := errorSentence(err); !strings.Contains(got, want) {
		t.Errorf("a call to a port nothing listens on: %q, want it to end %q", got, want)
	}
}
