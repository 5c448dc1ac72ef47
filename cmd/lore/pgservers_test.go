package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/lore-kb/lore/core"
	apiclient "github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store/postgres"
)

// pgServer is a lore serve process on a PostgreSQL store, plaintext on
// loopback.
type pgServer struct {
	addr string
	cmd  *exec.Cmd
}

// startPGServer starts lore serve --listen on a free loopback port with
// the store at url, its own data folder, and waits until it answers.
func startPGServer(t *testing.T, url, token string) *pgServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return servePG(t, url, addr, token)
}

// servePG starts lore serve --listen addr (a killed server's, to start it
// again) on the store at url, and waits until it answers token's call.
func servePG(t *testing.T, url, addr, token string) *pgServer {
	t.Helper()
	home := t.TempDir()
	srv := exec.Command(loreBin, "serve", "--listen", addr, "--plaintext")
	srv.Env = []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"LORE_STORE_URL=" + url}
	if dir := os.Getenv(profileDirEnv); dir != "" {
		_, port, _ := net.SplitHostPort(addr)
		srv.Env = append(srv.Env, "LORE_CPUPROFILE="+filepath.Join(dir, "serve-"+port+".pprof"))
	}
	srv.Stderr = testLog{t}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	s := &pgServer{addr: addr, cmd: srv}
	t.Cleanup(func() {
		_ = srv.Process.Signal(syscall.SIGTERM)
		_ = srv.Wait()
	})
	deadline := time.Now().Add(15 * time.Second)
	for {
		r := lore(t, s.env(token), "whoami")
		if r.code == 0 {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("server on %s never answered: %s", addr, r.stderr)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (s *pgServer) env(token string) []string {
	return []string{"LORE_SERVER=" + s.addr, "LORE_TOKEN=" + token, "LORE_SERVER_PLAINTEXT=1"}
}

// watcher collects the events a Watch on a server sees.
type watcher struct {
	mu  sync.Mutex
	evs []*lorev1.LearnEvent
}

func watch(t *testing.T, ctx context.Context, addr, token string) *watcher {
	t.Helper()
	c, err := apiclient.New(addr, token, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := &watcher{}
	go func() {
		_ = c.Watch(ctx, &lorev1.WatchRequest{}, func(ev *lorev1.LearnEvent) error {
			w.mu.Lock()
			w.evs = append(w.evs, ev)
			w.mu.Unlock()
			return nil
		})
	}()
	return w
}

// wait waits until an event ok accepts has been seen, and returns it.
func (w *watcher) wait(t *testing.T, what string, ok func(*lorev1.LearnEvent) bool) *lorev1.LearnEvent {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		w.mu.Lock()
		for _, ev := range w.evs {
			if ok(ev) {
				w.mu.Unlock()
				return ev
			}
		}
		w.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("never saw %s", what)
	return nil
}

// Two servers on one database: a learn on one is watched on the other and
// found through it; a STRANGER learn waiting on one is decided by a
// reviewer on the other; a server killed (kill -9) in the middle of a
// learn leaves that session absent or whole, its write turn free, and the
// other server serving; started again, it serves again.
func TestTwoServersOnOneDatabase(t *testing.T) {
	db := pgtest.Start(t)
	pg := []string{"LORE_STORE_URL=" + db.URL}
	token := func(name, role string) string {
		r := lore(t, pg, "users", "add", name, "--role", role, "--json")
		var added struct {
			Token string `json:"token"`
		}
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &added) != nil {
			t.Fatalf("users add %s: %d %s", name, r.code, r.stderr)
		}
		return added.Token
	}
	cleo, remy := token("cleo", "curator"), token("remy", "reviewer")
	a, b := startPGServer(t, db.URL, cleo), startPGServer(t, db.URL, cleo)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	atB := watch(t, ctx, b.addr, remy)
	time.Sleep(300 * time.Millisecond) // the watch is listening

	docs := t.TempDir()
	doc := writeDoc(t, docs, "algebra.md", "# Algebra\n\nDefinition: A vector space is a set of vectors closed under addition and scalar multiplication.\n")
	r := lore(t, a.env(cleo), "learn", doc, "--json")
	if r.code != 0 {
		t.Fatalf("learn on server a: %d %s", r.code, r.stderr)
	}
	var learned lorev1.LearnReport
	if err := unmarshalProto(r.stdout, &learned); err != nil || !learned.GetSuccess() {
		t.Fatalf("learn's outcome: %v\n%s", err, r.stdout)
	}
	atB.wait(t, "server a's commit on server b", func(ev *lorev1.LearnEvent) bool {
		return ev.GetRunId() == learned.GetSessionId() && ev.GetCommitted() != nil
	})
	if r := lore(t, b.env(cleo), "find", "vector space"); r.code != 0 || !strings.Contains(r.stdout, "vector space") {
		t.Errorf("find on server b: %d %s %s", r.code, r.stdout, r.stderr)
	}

	// A STRANGER source waits on a; remy decides on b.
	vendor := writeDoc(t, docs, "vendor.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	learn := exec.Command(loreBin, "learn", vendor, "--tier", "stranger", "--json")
	learn.Env = append([]string{"HOME=" + t.TempDir()}, a.env(cleo)...)
	out, err := learn.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	learn.Stderr = testLog{t}
	if err := learn.Start(); err != nil {
		t.Fatal(err)
	}
	asked := atB.wait(t, "the question on server b", func(ev *lorev1.LearnEvent) bool { return ev.GetApprovalRequested() != nil })
	if r := lore(t, b.env(remy), "decide"); r.code != 0 || !strings.Contains(r.stdout, asked.GetRunId()) {
		t.Errorf("lore decide on b lists no waiting run: %d %s %s", r.code, r.stdout, r.stderr)
	}
	// A process that started after the question was asked knows it too:
	// lore decide on the database itself, no server between.
	if r := lore(t, pg, "decide"); r.code != 0 || !strings.Contains(r.stdout, asked.GetRunId()) {
		t.Errorf("lore decide on the database lists no waiting run: %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := lore(t, b.env(remy), "decide", asked.GetRunId(), "approve"); r.code != 0 {
		t.Fatalf("decide on b: %d %s", r.code, r.stderr)
	}
	body, _ := io.ReadAll(bufio.NewReader(out))
	if err := learn.Wait(); err != nil {
		t.Fatalf("the stranger's learn on a: %v\n%s", err, body)
	}
	var decided lorev1.LearnReport
	if err := unmarshalProto(string(body), &decided); err != nil || !decided.GetSuccess() {
		t.Fatalf("the stranger's learn: %v\n%s", err, body)
	}
	if r := lore(t, a.env(cleo), "sessions"); !strings.Contains(r.stdout, "vendor.md by cleo") || !strings.Contains(r.stdout, "gate: remy (user)") {
		t.Errorf("the stranger's session is not recorded as decided by remy on b:\n%s", r.stdout)
	}

	// kill -9 of a in the middle of a learn.
	big := writeDoc(t, docs, "big.md", bigDoc(1500))
	slow := exec.Command(loreBin, "learn", big, "--json")
	slow.Env = append([]string{"HOME=" + t.TempDir()}, a.env(cleo)...)
	if err := slow.Start(); err != nil {
		t.Fatal(err)
	}
	started := atB.wait(t, "the big learn's dedup on b", func(ev *lorev1.LearnEvent) bool {
		s := ev.GetStage()
		return s != nil && s.GetStage() == "dedup" && s.GetState() == "started" && ev.GetRunId() != learned.GetSessionId() && ev.GetRunId() != asked.GetRunId()
	})
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = a.cmd.Wait()
	_ = slow.Wait()
	// b serves, and its write turn is free: a learn there commits.
	third := writeDoc(t, docs, "rings.md", "# Rings\n\nDefinition: A ring is a set with two operations, addition and multiplication, where multiplication distributes over addition.\n")
	done := make(chan result, 1)
	go func() { done <- lore(t, b.env(cleo), "learn", third, "--json") }()
	select {
	case r := <-done:
		if r.code != 0 {
			t.Fatalf("learn on b after a died: %d %s", r.code, r.stderr)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("a learn on b waited a minute after a died: its write turn was not given back")
	}
	// The killed run's session: absent, or committed with every change.
	st := openPG(t, db.URL)
	sess, ok, err := st.Session(started.GetRunId())
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		chs, err := st.Changes(sess.ID)
		if err != nil || len(chs) != sess.Changes || sess.State != "committed" {
			t.Errorf("the killed run's session: %s with %d changes of %d (%v)", sess.State, len(chs), sess.Changes, err)
		}
		t.Logf("the killed run's session was committed whole: %d changes", len(chs))
	} else {
		n := 0
		err := st.Primitives(func(p core.Primitive) error {
			if p.Provenance.Session == started.GetRunId() {
				n++
			}
			return nil
		})
		if err != nil || n > 0 {
			t.Errorf("the killed run's session is absent but %d of its primitives are stored (%v)", n, err)
		}
		t.Log("the killed run's session is absent, and none of its primitives")
	}
	// a, started again on its address, serves again.
	a2 := servePG(t, db.URL, a.addr, cleo)
	if r := lore(t, a2.env(cleo), "find", "ring"); r.code != 0 || !strings.Contains(r.stdout, "ring") {
		t.Errorf("find on a, started again: %d %s %s", r.code, r.stdout, r.stderr)
	}
}

// bigDoc is a document of n definitions of distinct made-up terms, so
// that none is a duplicate of another and the learn has work to do.
func bigDoc(n int) string {
	syl := []string{"ka", "lo", "mi", "ten", "sor", "vu", "pe", "dra", "quin", "zo", "bel", "rith"}
	word := func(i int) string {
		var w strings.Builder
		for j := 0; j < 3; j++ {
			w.WriteString(syl[i%len(syl)])
			i /= len(syl)
		}
		return w.String()
	}
	var b strings.Builder
	b.WriteString("# Glossary\n\n")
	for i := range n {
		fmt.Fprintf(&b, "Definition: A %s is a %s of %s whose %s are %s.\n\n", word(i), word(i*7+3), word(i*13+5), word(i*17+11), word(i*19+2))
	}
	return b.String()
}

var jsonStart = regexp.MustCompile(`(?s)\{.*\}`)

// unmarshalProto reads the JSON object in s as m.
func unmarshalProto(s string, m proto.Message) error {
	return protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal([]byte(jsonStart.FindString(s)), m)
}

// openPG opens the default workspace's store at url for the test.
func openPG(t *testing.T, url string) *postgres.Store {
	t.Helper()
	st, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}
