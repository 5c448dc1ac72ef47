package main

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	auth "github.com/lore-kb/lore/core/access"
	apiclient "github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/pgtest"
)

// glossary is a document of n definitions of made-up terms; variant 1
// defines the same terms as variant 0 differently, so that a learn of it
// after the other's conflicts on every one.
func glossary(n, variant int) string {
	syl := []string{"ka", "lo", "mi", "ten", "sor", "vu", "pe", "dra", "quin", "zo", "bel", "rith"}
	word := func(i int) string {
		var w strings.Builder
		for range 4 {
			w.WriteString(syl[i%len(syl)])
			i /= len(syl)
		}
		return w.String()
	}
	var b strings.Builder
	b.WriteString("# Glossary\n\n")
	for i := range n {
		if variant == 0 {
			fmt.Fprintf(&b, "Definition: A %s is a %s of %s whose %s are %s.\n\n", word(i), word(i*7+3), word(i*13+5), word(i*17+11), word(i*19+2))
		} else {
			fmt.Fprintf(&b, "Definition: A %s is a %s with %s under which %s hold %s.\n\n", word(i), word(i*23+7), word(i*29+1), word(i*31+4), word(i*37+9))
		}
	}
	return b.String()
}

// A learn of many conflicting definitions holds the workspace's write
// turn only to commit, not while it compares them with the library, on
// a team server on Badger as on PostgreSQL: an unlearn sent while the big
// learn compares is done before the big learn commits, and the big learn,
// the library having changed under it, plans again and commits all its
// conflicts. The unlearn's wait is logged (LORE_BIG_LEARN sets the
// learn's size: by default 2,500 definitions on PostgreSQL, 6,000 on
// Badger, whose comparison is faster, so that it lasts seconds).
func TestWriterNotHeldByABigLearn(t *testing.T) {
	t.Run("badger", func(t *testing.T) {
		data := t.TempDir()
		cleo := addUser(t, data, "cleo", "curator")
		ts := startTeamServer(t, data)
		waitFor(t, func() bool { return lore(t, ts.env(cleo), "whoami").code == 0 })
		conf, err := auth.ClientTLS("127.0.0.1", ts.pin, "")
		if err != nil {
			t.Fatal(err)
		}
		writerNotHeld(t, 6000, ts.addr, cleo, ts.env(cleo), conf)
	})
	t.Run("postgres", func(t *testing.T) {
		db := pgtest.Start(t)
		pg := []string{"LORE_STORE_URL=" + db.URL}
		r := lore(t, pg, "users", "add", "cleo", "--role", "curator", "--json")
		var added struct {
			Token string `json:"token"`
		}
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &added) != nil {
			t.Fatalf("users add: %d %s", r.code, r.stderr)
		}
		srv := startPGServer(t, db.URL, added.Token)
		writerNotHeld(t, 2500, srv.addr, added.Token, srv.env(added.Token), nil)
	})
}

// writerNotHeld runs the test of TestWriterNotHeldByABigLearn on the
// server at addr (over TLS with conf, when not nil), as the curator whose
// token and client environment are given.
func writerNotHeld(t *testing.T, n int, addr, token string, env []string, conf *tls.Config) {
	if v, err := strconv.Atoi(os.Getenv("LORE_BIG_LEARN")); err == nil && v > 0 {
		n = v
	}
	docs := t.TempDir()
	learned := func(path string) string {
		t.Helper()
		r := lore(t, env, "learn", path, "--json")
		var rep lorev1.LearnReport
		if r.code != 0 || unmarshalProto(r.stdout, &rep) != nil || !rep.GetSuccess() {
			t.Fatalf("learn %s: %d %s %s", path, r.code, r.stdout, r.stderr)
		}
		return rep.GetSessionId()
	}
	small := learned(writeDoc(t, docs, "rings.md", "# Rings\n\nDefinition: A ring is a set with two operations, addition and multiplication, where multiplication distributes over addition.\n"))
	learned(writeDoc(t, docs, "first.md", glossary(n, 0)))

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := apiclient.New(addr, token, conf)
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
	time.Sleep(300 * time.Millisecond) // the watch is listening
	big := exec.Command(loreBin, "learn", writeDoc(t, docs, "second.md", glossary(n, 1)), "--json")
	big.Env = append([]string{"HOME=" + t.TempDir()}, env...)
	out, err := big.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	big.Stderr = testLog{t}
	began := time.Now()
	if err := big.Start(); err != nil {
		t.Fatal(err)
	}
	dedup := w.wait(t, "the big learn's dedup", func(ev *lorev1.LearnEvent) bool {
		s := ev.GetStage()
		return s != nil && s.GetStage() == "dedup" && s.GetState() == "started"
	})
	asked := time.Now()
	un := lore(t, env, "unlearn", small, "--json")
	wait := time.Since(asked)
	if un.code != 0 {
		t.Fatalf("unlearn during the big learn: %d %s %s", un.code, un.stdout, un.stderr)
	}
	w.mu.Lock()
	for _, ev := range w.evs {
		if ev.GetRunId() == dedup.GetRunId() && (ev.GetCommitted() != nil || ev.GetFailed() != nil) {
			t.Errorf("the unlearn was done only after the big learn ended (%v, at %s)", ev.GetEvent(), ev.GetAt())
		}
	}
	w.mu.Unlock()
	body, _ := io.ReadAll(bufio.NewReader(out))
	if err := big.Wait(); err != nil {
		t.Fatalf("the big learn: %v\n%s", err, body)
	}
	t.Logf("an unlearn sent while a learn of %d conflicting definitions compared them waited %v; the learn took %v",
		n, wait.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
	var done lorev1.LearnReport
	if err := unmarshalProto(string(body), &done); err != nil || !done.GetSuccess() {
		t.Fatalf("the big learn: %v\n%s", err, body)
	}
	if got := done.GetCounts()["conflicts"]; got != int32(n) {
		t.Errorf("the big learn committed %d conflicts, want %d", got, n)
	}
	if r := lore(t, env, "find", "ring"); r.code != 0 || strings.Contains(r.stdout, "distributes") {
		t.Errorf("the unlearned ring is found after the big learn: %d %s", r.code, r.stdout)
	}
}
