package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	apiclient "github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// apiServer is lore serve --listen run in this process (a.serve, the
// very code of the command) on 127.0.0.1 over TLS: its owner's held
// store, its cache of the skill library, its authenticator.
type apiServer struct {
	addr string
	// pin is the fingerprint of its certificate.
	pin  string
	conf *tls.Config
	// log is the server's standard error: a line per call.
	log  *syncBuffer
	stop func()

	mu      sync.Mutex
	clients map[string]*apiclient.Client
}

// syncBuffer is a log written by the server's handlers concurrently.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serveInProcess serves the data folder data as lore serve --listen does,
// with set changing the app before it serves (its serve options), until
// the returned server's stop; token is any user's, to know when the
// server answers.
func serveInProcess(t *testing.T, data, token string, set func(a *app)) *apiServer {
	t.Helper()
	t.Setenv("LORE_DATA_DIR", data)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	cfg, err := loadConfig("")
	if err != nil {
		t.Fatal(err)
	}
	// The server's certificate, made here as the server would make it,
	// which the server then uses: its fingerprint is the client's pin.
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	_, pin, err := auth.ServerCert(data, "", "", []string{"127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	conf, err := auth.ClientTLS("127.0.0.1", pin, "")
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	log := &syncBuffer{}
	a := newAppOn(cfg, strings.NewReader(""), log, log)
	if set != nil {
		set(a)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.serve(ctx, addr, serveTLS{}) }()
	var once sync.Once
	s := &apiServer{addr: addr, pin: pin, conf: conf, log: log}
	stop := func() {
		once.Do(func() {
			// The clients leave first: a server waits a second for a
			// connection still open as it stops.
			s.mu.Lock()
			for _, c := range s.clients {
				c.Close()
			}
			s.mu.Unlock()
			cancel()
			if err := <-done; err != nil {
				t.Errorf("lore serve --listen %s: %v\n%s", addr, err, log.String())
			}
		})
	}
	t.Cleanup(stop)
	s.stop = stop
	c := s.client(t, token)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		_, err := c.WhoAmI(context.Background(), &lorev1.WhoAmIRequest{})
		if err == nil {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("lore serve --listen %s ended: %v\n%s", addr, err, log.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("lore serve --listen %s never answered: %v\n%s", addr, err, log.String())
		}
	}
	return s
}

// client is the API of the server as token's user (one connection
// for each user).
func (s *apiServer) client(t *testing.T, token string) *apiclient.Client {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.clients[token]; ok {
		return c
	}
	c, err := apiclient.New(s.addr, token, s.conf)
	if err != nil {
		t.Fatal(err)
	}
	if s.clients == nil {
		s.clients = map[string]*apiclient.Client{}
	}
	s.clients[token] = c
	return c
}

// copyData copies a data folder that no process serves (its store
// closed) to a new one, for a server of its own.
func copyData(t *testing.T, from string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), "data")
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		target := filepath.Join(to, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o700)
		case !d.Type().IsRegular():
			return nil // a socket left behind
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o600)
	})
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return to
}

// TestServeUploadBoundsRefuseNonsense: lore serve's upload bounds must be
// positive, and --request-mib-per-user at least 5 (a call's request may
// be 4 MiB); a bound below is a usage error naming the flag, said before
// anything is served.
func TestServeUploadBoundsRefuseNonsense(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	for _, bad := range [][]string{
		{"--upload-idle", "0s"}, {"--uploads-per-user", "0"}, {"--uploads-waiting-per-user", "0"}, {"--upload-mib-per-user", "-1"}, {"--upload-mib-total", "0"},
		{"--request-mib-per-user", "4"},
	} {
		r := lore(t, nil, append([]string{"--data-dir", data, "serve", "--listen", "127.0.0.1:0"}, bad...)...)
		if r.code != ExitUsage || !strings.Contains(r.stderr, bad[0]) {
			t.Errorf("lore serve %s %s: exit %d, want %d naming the flag\n%s", bad[0], bad[1], r.code, ExitUsage, r.stderr)
		}
	}
}

// TestServeUploadFlagsNeedListenAndFitTheTotal: the upload flags bound
// only a team server's uploads, and --request-mib-per-user only its
// users' requests, so without --listen each is a usage error saying so; a per-user cap above the total is one naming both flags; and
// the help says what an upload is and writes MiB as MiB.
func TestServeUploadFlagsNeedListenAndFitTheTotal(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	// An owner already serves the store: a lore serve that took the flags
	// and went on would stop there (exit 4) rather than serve on.
	ownStore(t, data)
	for _, flag := range [][]string{
		{"--upload-idle", "1m"}, {"--uploads-per-user", "2"}, {"--uploads-waiting-per-user", "8"}, {"--upload-mib-per-user", "10"}, {"--upload-mib-total", "100"},
		{"--request-mib-per-user", "64"},
	} {
		r := lore(t, nil, append([]string{"--data-dir", data, "serve"}, flag...)...)
		if r.code != ExitUsage || !strings.Contains(r.stderr, flag[0]) || !strings.Contains(r.stderr, "apply only to a team server (--listen)") {
			t.Errorf("lore serve %s %s without --listen: exit %d, want %d saying it needs --listen\n%s", flag[0], flag[1], r.code, ExitUsage, r.stderr)
		}
	}
	r := lore(t, nil, "--data-dir", data, "serve", "--listen", "127.0.0.1:0", "--upload-mib-per-user", "512", "--upload-mib-total", "256")
	if r.code != ExitUsage || !strings.Contains(r.stderr, "--upload-mib-per-user 512") || !strings.Contains(r.stderr, "--upload-mib-total 256") {
		t.Errorf("a per-user cap above the total: exit %d, want %d naming both flags\n%s", r.code, ExitUsage, r.stderr)
	}
	r = lore(t, nil, "serve", "--help")
	for _, want := range []string{"An upload is a file a client sends to a team server to learn", "apply only with --listen", "MiB"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("lore serve --help lacks %q", want)
		}
	}
	if strings.Contains(r.stdout, "Mib") {
		t.Errorf("lore serve --help writes Mib for MiB:\n%s", r.stdout)
	}
}

// TestUsersRevokeEndsAWatchOnLoreServe: on lore serve --listen, a
// reader's open Watch, which has seen a curator's learn, ends with
// Unauthenticated once lore users revoke (run beside the server, which
// serves it the command) revokes them.
func TestUsersRevokeEndsAWatchOnLoreServe(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	token, curator := addUser(t, data, "rita", "reader"), addUser(t, data, "cura", "curator")
	s := serveInProcess(t, data, token, nil)
	ended := make(chan error, 1)
	seen := make(chan struct{})
	var once sync.Once
	go func() {
		ended <- s.client(t, token).Watch(context.Background(), &lorev1.WatchRequest{}, func(ev *lorev1.LearnEvent) error {
			if ev.GetCommitted() != nil {
				once.Do(func() { close(seen) })
			}
			return nil
		})
	}()
	// The watch is open once it sees a run; runs until it does.
	env := []string{"LORE_SERVER=" + s.addr, "LORE_TOKEN=" + curator, "LORE_SERVER_FINGERPRINT=" + s.pin}
	doc := filepath.Join(t.TempDir(), "widgets.md")
	if err := os.WriteFile(doc, []byte("# Widgets\n\n## Definition\n\nA **widget** is a gadget that holds exactly three sprockets.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for done := false; !done; {
		if r := lore(t, env, "learn", doc, "--approve"); r.code != 0 {
			t.Fatalf("lore learn on the server: exit %d %s", r.code, r.stderr)
		}
		select {
		case <-seen:
			done = true
		case <-time.After(time.Second):
		}
	}
	if r := lore(t, nil, "--data-dir", data, "users", "revoke", "rita"); r.code != 0 {
		t.Fatalf("lore users revoke rita: exit %d %s", r.code, r.stderr)
	}
	select {
	case err := <-ended:
		if connect.CodeOf(err) != connect.CodeUnauthenticated || !strings.Contains(err.Error(), "the token of rita is no longer accepted") {
			t.Fatalf("the revoked reader's watch ended with %v (%s), want Unauthenticated", err, connect.CodeOf(err))
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the revoked reader's watch was still open 30 s after lore users revoke:\n%s", s.log.String())
	}
}

// TestServerWithoutPortCallsLoresPort: LORE_SERVER naming a host alone
// calls lore's port (what lore serve --listen HOST listens on), not
// HTTPS's 443.
func TestServerWithoutPortCallsLoresPort(t *testing.T) {
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", api.DefaultPort))
	if err != nil {
		t.Skipf("lore's port %s is taken on this machine: %v", api.DefaultPort, err)
	}
	defer ln.Close()
	called := make(chan struct{}, 1)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			select {
			case called <- struct{}{}:
			default:
			}
			_ = c.Close()
		}
	}()
	r := loreIn(t, []string{"LORE_SERVER=127.0.0.1", "LORE_SERVER_PLAINTEXT=1", "LORE_TOKEN=lore_x"}, "", "whoami")
	select {
	case <-called:
	default:
		t.Fatalf("LORE_SERVER=127.0.0.1 did not call port %s: exit %d, stderr %q", api.DefaultPort, r.code, r.stderr)
	}
	if r.code == 0 {
		t.Errorf("a server that hangs up answered: %+v", r)
	}
}
