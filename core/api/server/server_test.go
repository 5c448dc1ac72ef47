package server_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/lorev1/lorev1connect"
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
	return serveOn(t, e, svc, o)
}

// serveB is serve for a benchmark.
func serveB(b *testing.B, e *apitest.Env, o server.Options) (string, *tls.Config) {
	return serveOn(b, e, e.Svc, o)
}

func serveOn(t testing.TB, e *apitest.Env, svc api.Service, o server.Options) (string, *tls.Config) {
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
	var skills []*lorev1.Skill
	return &lorev1.ListSkillsResponse{Skills: skills[:1]}, nil // out of range: the bug
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
	if strings.Contains(err.Error(), "slice bounds") {
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
		"lore: internal error: ListSkills (ada, reader, default) panicked: runtime error: slice bounds out of range",
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

// uploadStream opens an upload as token's user through a plain Connect
// client, for a test to send what it likes and go silent.
func uploadStream(t *testing.T, ctx context.Context, addr string, conf *tls.Config, token string) *connect.ClientStreamForClientSimple[lorev1.UploadRequest, lorev1.UploadResponse] {
	return uploadStreamB(t, ctx, addr, conf, token)
}

func uploadStreamB(t testing.TB, ctx context.Context, addr string, conf *tls.Config, token string) *connect.ClientStreamForClientSimple[lorev1.UploadRequest, lorev1.UploadResponse] {
	t.Helper()
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: conf.Clone(), ForceAttemptHTTP2: true}}
	t.Cleanup(hc.CloseIdleConnections)
	s, err := lorev1connect.NewLoreServiceClient(hc, "https://"+addr, connect.WithInterceptors(bearer(token))).Upload(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// bearer sends a token with a client's streams.
type bearer string

func (b bearer) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc { return next }

func (b bearer) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return func(ctx context.Context, spec connect.Spec) connect.StreamingClientConn {
		conn := next(ctx, spec)
		conn.RequestHeader().Set("Authorization", "Bearer "+string(b))
		return conn
	}
}

func (b bearer) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return next
}

// uploadFiles are the files under the uploads folder dir, and how many of
// them this process (the server's) holds open.
func uploadFiles(t *testing.T, dir string) (files, open int) {
	t.Helper()
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files++
		}
		return nil
	})
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fds {
		if target, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && strings.HasPrefix(target, dir+string(filepath.Separator)) {
			open++
		}
	}
	return files, open
}

// waitFor waits until ok, failing the test with what after a bound far
// past any time the server is given.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !ok(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after 30 s", what)
		}
	}
}

// TestSilentUploadIsDropped: a client that sends an upload's header and
// then nothing is dropped once the idle time has passed — its file
// closed and removed, its call ended with DeadlineExceeded saying why —
// while it is still connected and waiting; a silent client used to hold
// its upload (and the file open) until it left.
func TestSilentUploadIsDropped(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("cura", access.Curator, access.DefaultWorkspace)
	var log logBuffer
	idle := 300 * time.Millisecond
	addr, conf := serve(t, e, e.Svc, server.Options{Log: &log, Idle: idle})
	dir := e.UploadDir()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := uploadStream(t, ctx, addr, conf, token)
	if err := s.Send(&lorev1.UploadRequest{Part: &lorev1.UploadRequest_Header{Header: &lorev1.UploadHeader{Name: "silent.md"}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Send(&lorev1.UploadRequest{Part: &lorev1.UploadRequest_Chunk{Chunk: []byte("# Silent\n\nA first line, then nothing.\n")}}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the upload's file is made and open", func() bool { f, o := uploadFiles(t, dir); return f == 1 && o == 1 })
	// The client stays connected and says nothing.
	waitFor(t, "the silent upload is dropped, its file closed and removed", func() bool { f, o := uploadFiles(t, dir); return f == 0 && o == 0 })
	_, err := s.CloseAndReceive()
	if connect.CodeOf(err) != connect.CodeDeadlineExceeded || !strings.Contains(err.Error(), "the client sent nothing for 300ms") {
		t.Fatalf("the silent upload's call: %v (%s), want DeadlineExceeded saying the client sent nothing", err, connect.CodeOf(err))
	}
	if !strings.Contains(log.String(), "Upload → deadline_exceeded") {
		t.Errorf("the server's log does not record the dropped upload:\n%s", log.String())
	}
	// A client that keeps sending, chunk after chunk within the idle
	// time, is not dropped.
	c, err := client.New(addr, token, conf)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Upload(context.Background(), &lorev1.UploadHeader{Name: "ok.md"}, strings.NewReader("# Fine\n\nSent at once.\n"))
	if err != nil || res.GetSize() == 0 {
		t.Fatalf("an upload sent at once: %v %v", res, err)
	}
}

// TestUploadsBoundedPerUser: a user may have PerUser uploads under way at
// once; the next is refused with ResourceExhausted saying so, while
// another user's goes through, and once one ends the user may send again.
func TestUploadsBoundedPerUser(t *testing.T) {
	e := apitest.NewWith(t, false, func(o *local.Options) { o.Uploads = local.UploadLimits{PerUser: 2} })
	cura, other := e.AddUser("cura", access.Curator, access.DefaultWorkspace), e.AddUser("olga", access.Curator, access.DefaultWorkspace)
	addr, conf := serve(t, e, e.Svc, server.Options{Idle: time.Minute})
	dir := e.UploadDir()

	cancels := make([]context.CancelFunc, 2)
	streams := make([]*connect.ClientStreamForClientSimple[lorev1.UploadRequest, lorev1.UploadResponse], 2)
	for i := range 2 {
		ctx, cancel := context.WithCancel(context.Background())
		cancels[i] = cancel
		defer cancel()
		streams[i] = uploadStream(t, ctx, addr, conf, cura)
		if err := streams[i].Send(&lorev1.UploadRequest{Part: &lorev1.UploadRequest_Header{Header: &lorev1.UploadHeader{Name: fmt.Sprintf("slow%d.md", i)}}}); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "two uploads under way", func() bool { f, _ := uploadFiles(t, dir); return f == 2 })

	c, err := client.New(addr, cura, conf)
	if err != nil {
		t.Fatal(err)
	}
	doc := "# Third\n\nOne too many.\n"
	_, err = c.Upload(context.Background(), &lorev1.UploadHeader{Name: "third.md"}, strings.NewReader(doc))
	if connect.CodeOf(err) != connect.CodeResourceExhausted || !strings.Contains(err.Error(), "cura has 2 uploads under way, as many as one user may at once") {
		t.Fatalf("a third upload under way at once: %v (%s), want ResourceExhausted saying why", err, connect.CodeOf(err))
	}
	if f, _ := uploadFiles(t, dir); f != 2 {
		t.Errorf("the refused upload left a file: %d files, want 2", f)
	}
	o, err := client.New(addr, other, conf)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.Upload(context.Background(), &lorev1.UploadHeader{Name: "olga.md"}, strings.NewReader(doc)); err != nil {
		t.Fatalf("another user's upload meanwhile: %v", err)
	}
	// One of cura's ends (its client leaves): cura may send again.
	cancels[0]()
	waitFor(t, "the upload whose client left is ended", func() bool {
		_, err := c.Upload(context.Background(), &lorev1.UploadHeader{Name: "third.md"}, strings.NewReader(doc))
		return err == nil
	})
}

// TestUploadBytesBounded: the bytes a user's uploads keep (under way and
// waiting for their learn), and every user's together, are bounded: an
// upload past either bound is refused with ResourceExhausted naming the
// bound, its file removed and its bytes not counted; a learn that takes
// an upload gives its bytes back.
func TestUploadBytesBounded(t *testing.T) {
	const kib = 1 << 10
	e := apitest.NewWith(t, false, func(o *local.Options) {
		o.Uploads = local.UploadLimits{UserBytes: 64 * kib, TotalBytes: 96 * kib}
	})
	cura, olga := e.AddUser("cura", access.Curator, access.DefaultWorkspace), e.AddUser("olga", access.Curator, access.DefaultWorkspace)
	addr, conf := serve(t, e, e.Svc, server.Options{})
	dir := e.UploadDir()
	as := func(token string) *client.Client {
		c, err := client.New(addr, token, conf)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	doc := func(name string, n int) (*lorev1.UploadHeader, *strings.Reader) {
		var b strings.Builder
		b.WriteString("# " + name + "\n\n")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "## Term %d\n\nA **term%d** is a word that names exactly %d things.\n\n", i, i, i+1)
		}
		return &lorev1.UploadHeader{Name: name + ".md"}, strings.NewReader(b.String()[:n])
	}
	ctx := context.Background()
	upload := func(c *client.Client, name string, n int) (*lorev1.UploadResponse, error) {
		h, body := doc(name, n)
		return c.Upload(ctx, h, body)
	}
	first, err := upload(as(cura), "first", 40*kib)
	if err != nil {
		t.Fatalf("cura's first upload: %v", err)
	}
	_, err = upload(as(cura), "second", 30*kib)
	if connect.CodeOf(err) != connect.CodeResourceExhausted || !strings.Contains(err.Error(), "cura's uploads would keep more than the 65536 bytes one user's may") {
		t.Fatalf("cura's upload past their bound: %v (%s), want ResourceExhausted naming the bound", err, connect.CodeOf(err))
	}
	if f, _ := uploadFiles(t, dir); f != 1 {
		t.Errorf("the refused upload left its file: %d files, want 1", f)
	}
	// What the refused upload had written is not counted.
	if _, err := upload(as(cura), "small", 20*kib); err != nil {
		t.Fatalf("cura's upload within their bound, after a refused one: %v", err)
	}
	if _, err := upload(as(olga), "olgas", 30*kib); err != nil {
		t.Fatalf("olga's upload within both bounds: %v", err)
	}
	_, err = upload(as(olga), "olgas-next", 10*kib)
	if connect.CodeOf(err) != connect.CodeResourceExhausted || !strings.Contains(err.Error(), "the server keeps as many bytes of uploads as it may (98304") {
		t.Fatalf("an upload past the server's bound: %v (%s), want ResourceExhausted naming the bound", err, connect.CodeOf(err))
	}
	// cura learns their first upload: its bytes are given back.
	err = as(cura).Learn(ctx, &lorev1.LearnRequest{UploadId: first.GetUploadId(), Approve: true}, func(*lorev1.LearnEvent) error { return nil })
	if err != nil {
		t.Fatalf("learn cura's first upload: %v", err)
	}
	if _, err := upload(as(olga), "olgas-next", 10*kib); err != nil {
		t.Fatalf("olga's upload once cura's was learned: %v", err)
	}
}

// events collects a stream's events as they come, and its end.
type events struct {
	mu   sync.Mutex
	evs  []*lorev1.LearnEvent
	more chan struct{}
	done chan error
}

// follow runs a stream call in the background.
func follow(call func(send func(*lorev1.LearnEvent) error) error) *events {
	s := &events{more: make(chan struct{}, 1), done: make(chan error, 1)}
	go func() {
		s.done <- call(func(ev *lorev1.LearnEvent) error {
			s.mu.Lock()
			s.evs = append(s.evs, ev)
			s.mu.Unlock()
			select {
			case s.more <- struct{}{}:
			default:
			}
			return nil
		})
	}()
	return s
}

func (s *events) all() []*lorev1.LearnEvent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*lorev1.LearnEvent(nil), s.evs...)
}

// until waits for an event ok accepts.
func (s *events) until(t *testing.T, what string, ok func(*lorev1.LearnEvent) bool) *lorev1.LearnEvent {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		for _, ev := range s.all() {
			if ok(ev) {
				return ev
			}
		}
		select {
		case <-s.more:
		case err := <-s.done:
			s.done <- err
			for _, ev := range s.all() {
				if ok(ev) {
					return ev
				}
			}
			t.Fatalf("no %s: the stream ended (%v); events: %v", what, err, s.all())
		case <-deadline:
			t.Fatalf("no %s in 30 s; events: %v", what, s.all())
		}
	}
}

// within reports whether an event ok accepts arrives within d.
func (s *events) within(d time.Duration, ok func(*lorev1.LearnEvent) bool) bool {
	deadline := time.After(d)
	for {
		for _, ev := range s.all() {
			if ok(ev) {
				return true
			}
		}
		select {
		case <-s.more:
		case err := <-s.done:
			s.done <- err
			return slices.ContainsFunc(s.all(), ok)
		case <-deadline:
			return false
		}
	}
}

// end waits for the stream to end, and its error.
func (s *events) end(t *testing.T, what string) error {
	t.Helper()
	select {
	case err := <-s.done:
		s.done <- err
		return err
	case <-time.After(30 * time.Second):
		t.Fatalf("%s did not end in 30 s; events: %v", what, s.all())
		return nil
	}
}

// revoke revokes name's token, as lore users revoke does.
func revoke(t *testing.T, e *apitest.Env, name string) {
	t.Helper()
	users := e.Store(access.DefaultWorkspace)
	u, ok, err := users.User(name)
	if err != nil || !ok {
		t.Fatalf("no user %s: %v", name, err)
	}
	u.Revoked = time.Now().UTC()
	if err := users.PutUser(u); err != nil {
		t.Fatal(err)
	}
}

// doc is a document of a few definitions, to learn.
func doc(title string) []byte {
	return []byte(fmt.Sprintf("# %s\n\n## Definition\n\nA **%s widget** is a gadget that holds exactly three sprockets.\n\n"+
		"## Theorem\n\nEvery %s widget turns when its sprockets turn.\n", title, strings.ToLower(title), strings.ToLower(title)))
}

// learnAs uploads a document as c and starts learning it at tier.
func learnAs(t *testing.T, c *client.Client, title, tier string) *events {
	t.Helper()
	b := doc(title)
	up, err := c.Upload(context.Background(), &lorev1.UploadHeader{Name: strings.ToLower(title) + ".md", Size: int64(len(b))}, bytes.NewReader(b))
	if err != nil {
		t.Fatalf("upload %s: %v", title, err)
	}
	return follow(func(send func(*lorev1.LearnEvent) error) error {
		return c.Learn(context.Background(), &lorev1.LearnRequest{UploadId: up.GetUploadId(), Tier: tier, Approve: true}, send)
	})
}

func committedEv(ev *lorev1.LearnEvent) bool { return ev.GetCommitted() != nil }

// TestRevokedWatchEnds: a reader's open Watch, following the runs of the
// workspace, ends with Unauthenticated once the reader's token is revoked
// (it used to receive every later run's events); another reader's goes
// on receiving them.
func TestRevokedWatchEnds(t *testing.T) {
	e := apitest.New(t, false)
	rita, rosa := e.AddUser("rita", access.Reader, access.DefaultWorkspace), e.AddUser("rosa", access.Reader, access.DefaultWorkspace)
	cura := e.AddUser("cura", access.Curator, access.DefaultWorkspace)
	var log logBuffer
	addr, conf := serve(t, e, e.Svc, server.Options{Log: &log, Recheck: 50 * time.Millisecond})
	as := func(token string) *client.Client {
		c, err := client.New(addr, token, conf)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	watch := func(token string) *events {
		return follow(func(send func(*lorev1.LearnEvent) error) error {
			return as(token).Watch(context.Background(), &lorev1.WatchRequest{}, send)
		})
	}
	revoked, other := watch(rita), watch(rosa)
	// Both watches are open once each has seen a run's commit. A watch
	// subscribes some time after its call is made, so on a busy machine
	// the first learns may pass it by: learn until both see one.
	for i := 0; ; i++ {
		run := learnAs(t, as(cura), fmt.Sprintf("Alpha%d", i), "")
		c := run.until(t, "a learn's commit", committedEv)
		sawIt := func(ev *lorev1.LearnEvent) bool { return ev.GetRunId() == c.GetRunId() && committedEv(ev) }
		if revoked.within(2*time.Second, sawIt) && other.within(2*time.Second, sawIt) {
			break
		}
		if i == 10 {
			t.Fatalf("the watches saw none of %d commits; rita's: %v, rosa's: %v", i+1, revoked.all(), other.all())
		}
	}

	revoke(t, e, "rita")
	err := revoked.end(t, "the revoked reader's watch")
	if connect.CodeOf(err) != connect.CodeUnauthenticated || !strings.Contains(err.Error(), "the token of rita is no longer accepted") {
		t.Fatalf("the revoked reader's watch ended with %v (%s), want Unauthenticated", err, connect.CodeOf(err))
	}
	seen := len(revoked.all())
	second := learnAs(t, as(cura), "Beta", "")
	done := second.until(t, "the second learn's commit", committedEv)
	other.until(t, "rosa's watch seeing the second commit", func(ev *lorev1.LearnEvent) bool { return ev.GetRunId() == done.GetRunId() && committedEv(ev) })
	if n := len(revoked.all()); n != seen {
		t.Errorf("the revoked reader received %d more events", n-seen)
	}
	if !strings.Contains(log.String(), "refused Watch from 127.0.0.1") || !strings.Contains(log.String(), "rita: token revoked") ||
		!strings.Contains(log.String(), "rita (reader, default) Watch → unauthenticated") {
		t.Errorf("the server's log does not record the watch ended:\n%s", log.String())
	}
}

// TestRevokedCuratorsWaitingLearnIsWithdrawn: a curator's learn waits at
// the gate for a reviewer; the curator is revoked. Approving it commits
// nothing: the reviewer is told the run was withdrawn, and why; the run
// ends so, to its stream and to the workspace's watchers; the store has
// no session of it. Whether the run's stream notices first (its check
// every Recheck) or the reviewer's decision does.
func TestRevokedCuratorsWaitingLearnIsWithdrawn(t *testing.T) {
	for name, recheck := range map[string]time.Duration{"decision first": time.Hour, "stream first": 50 * time.Millisecond} {
		t.Run(name, func(t *testing.T) {
			e := apitest.New(t, false)
			cura, rex := e.AddUser("cura", access.Curator, access.DefaultWorkspace), e.AddUser("rex", access.Reviewer, access.DefaultWorkspace)
			addr, conf := serve(t, e, e.Svc, server.Options{Recheck: recheck})
			as := func(token string) *client.Client {
				c, err := client.New(addr, token, conf)
				if err != nil {
					t.Fatal(err)
				}
				return c
			}
			watch := follow(func(send func(*lorev1.LearnEvent) error) error {
				return as(rex).Watch(context.Background(), &lorev1.WatchRequest{}, send)
			})
			run := learnAs(t, as(cura), "Gamma", "stranger")
			q := run.until(t, "the question at the gate", func(ev *lorev1.LearnEvent) bool { return ev.GetApprovalRequested() != nil })
			watch.until(t, "the reviewer's watch seeing the question", func(ev *lorev1.LearnEvent) bool { return ev.GetApprovalRequested() != nil })

			revoke(t, e, "cura")
			if recheck < time.Second {
				// The run's own stream ends it.
				run.end(t, "the revoked curator's learn")
			}
			_, err := as(rex).Decide(context.Background(), &lorev1.DecideRequest{RunId: q.GetRunId(), Status: "approved"})
			if connect.CodeOf(err) != connect.CodeFailedPrecondition || !strings.Contains(err.Error(), "run "+q.GetRunId()+" was withdrawn: cura, who started it, may no longer learn") ||
				!strings.Contains(err.Error(), "nothing was learned") {
				t.Fatalf("approving the revoked curator's run: %v (%s), want FailedPrecondition saying it was withdrawn", err, connect.CodeOf(err))
			}
			err = run.end(t, "the revoked curator's learn")
			if connect.CodeOf(err) != connect.CodeUnauthenticated {
				t.Errorf("the revoked curator's learn ended with %v (%s), want Unauthenticated", err, connect.CodeOf(err))
			}
			withdrawn := func(ev *lorev1.LearnEvent) bool {
				return ev.GetRunId() == q.GetRunId() && strings.Contains(ev.GetFailed().GetMessage(), "was withdrawn")
			}
			watch.until(t, "the reviewer's watch seeing the run withdrawn", withdrawn)
			for _, ev := range append(run.all(), watch.all()...) {
				if ev.GetCommitted() != nil || ev.GetDecided() != nil {
					t.Errorf("the withdrawn run: %v", ev)
				}
			}
			ss, err := e.Store(access.DefaultWorkspace).Sessions()
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range ss {
				if s.State == core.SessionCommitted {
					t.Errorf("the withdrawn run committed a session: %+v", s)
				}
			}
			// Asked again, the reviewer is told the same.
			_, err = as(rex).Decide(context.Background(), &lorev1.DecideRequest{RunId: q.GetRunId(), Status: "approved"})
			if connect.CodeOf(err) != connect.CodeFailedPrecondition || !strings.Contains(err.Error(), "was withdrawn") {
				t.Errorf("deciding the withdrawn run again: %v", err)
			}
		})
	}
}
