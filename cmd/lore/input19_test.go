package main

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/lore-kb/lore/internal/hostile"
)

// cleanPage is an ordinary local web page: a doctype, a head with its
// metadata and style sheet, headings and prose. Nothing in it is hostile.
const cleanPage = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Graphs</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<h1>Graphs</h1>
<h2>Trees</h2>
<p><strong>Definition.</strong> A tree is a connected graph with no cycles.</p>
<p><strong>Theorem.</strong> A tree with n vertices has exactly n - 1 edges.</p>
</body>
</html>
`

// cleanXHTMLPage is the same page written as XHTML, with an XML declaration.
const cleanXHTMLPage = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head><meta charset="utf-8"/><title>Graphs</title></head>
<body>
<h1>Graphs</h1>
<p><strong>Definition.</strong> A forest is a graph with no cycles.</p>
</body>
</html>
`

// A clean local .html page is learned without findings and without
// --approve: that it is an HTML page is what it declares, and the mismatch
// check compares the declared type with the bytes read, not with the
// Markdown-like text lore converted them into.
func TestCleanLocalHTMLLearnsWithoutFindings(t *testing.T) {
	for name, page := range map[string]string{"page.html": cleanPage, "xpage.html": cleanXHTMLPage} {
		src := writeDoc(t, t.TempDir(), name, page)
		dir := newStoreDir(t)
		r := lore(t, storeEnv(dir), "learn", src, "--json")
		if r.code != 0 {
			t.Errorf("learn %s: exit %d\nstdout: %s\nstderr: %s", name, r.code, r.stdout, r.stderr)
			continue
		}
		out := checkLearnContract(t, r.stdout)
		if !out.Success || len(out.Findings) != 0 {
			t.Errorf("learn %s: success %v, findings %s", name, out.Success, out.Findings)
		}
		if len(out.Primitives) == 0 {
			t.Errorf("learn %s learned nothing", name)
		}
		if strings.Contains(r.stdout+r.stderr, "content-type-mismatch") {
			t.Errorf("learn %s reports a content-type mismatch:\n%s%s", name, r.stdout, r.stderr)
		}
	}
}

// A Markdown file that is in fact an HTML page still is a mismatch.
func TestHTMLPageNamedMarkdownStillMismatch(t *testing.T) {
	src := writeDoc(t, t.TempDir(), "notes.md", cleanPage)
	r := lore(t, storeEnv(newStoreDir(t)), "learn", src, "--json", "--dry-run")
	if !strings.Contains(r.stdout, "content-type-mismatch") || !strings.Contains(r.stdout, "HTML page") {
		t.Errorf("an HTML page named .md: exit %d, no mismatch finding\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
}

// stallingServer serves the head of a Markdown document on 127.0.0.1 and
// then sends nothing more until the test ends: a slow source. requested is
// closed when the first request arrives.
func stallingServer(t *testing.T) (url string, requested <-chan struct{}) {
	t.Helper()
	got := make(chan struct{})
	var once sync.Once
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/markdown")
		w.Header().Set("Content-Length", "100000")
		w.WriteHeader(http.StatusOK)
		fmt.Fprint(w, "# Slow\n\nDefinition: a slow source is one that stalls.\n")
		w.(http.Flusher).Flush()
		once.Do(func() { close(got) })
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	return srv.URL + "/slow.md", got
}

// silentGitServer accepts git:// connections on 127.0.0.1 and never
// answers: a git server that stalls. requested is closed on the first
// connection.
func silentGitServer(t *testing.T) (url string, requested <-chan struct{}) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan struct{})
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for first := true; ; first = false {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			if first {
				close(got)
			}
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return "git://" + ln.Addr().String() + "/book.git", got
}

// While one learn reads a source that stalls — a web server that stops
// sending, a git server that never answers — the store is not locked:
// lore sessions and another learn on the same store succeed. Ctrl-c then
// stops the stalled learn at once (exit 130), and it stored nothing.
func TestSlowSourceDoesNotLockStore(t *testing.T) {
	for name, serve := range map[string]func(*testing.T) (string, <-chan struct{}){"http": stallingServer, "git": silentGitServer} {
		t.Run(name, func(t *testing.T) {
			url, requested := serve(t)
			stalledLearn(t, url, requested)
		})
	}
}

func stalledLearn(t *testing.T, url string, requested <-chan struct{}) {
	dir := newStoreDir(t)
	learnJSONRun(t, dir, writeDoc(t, t.TempDir(), "first.md", "# First\n\nDefinition: a tree is a connected acyclic graph.\n"))
	cmd, stdout, stderr := loreCmd(t, storeEnv(dir), "learn", url, "--trust", "--json")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer cmd.Process.Kill()
	select {
	case <-requested:
	case err := <-exited:
		t.Fatalf("learn of %s ended before stalling (%v)\nstdout: %s\nstderr: %s", url, err, stdout, stderr)
	case <-time.After(30 * time.Second):
		t.Fatalf("learn never reached %s", url)
	}
	time.Sleep(300 * time.Millisecond) // the learn is now inside the read
	if r := lore(t, storeEnv(dir), "sessions", "--json"); r.code != 0 {
		t.Errorf("lore sessions while a learn reads a slow source: exit %d, stderr %q", r.code, r.stderr)
	}
	second := writeDoc(t, t.TempDir(), "second.md", "# Second\n\nDefinition: a forest is a graph without cycles.\n")
	if r := lore(t, storeEnv(dir), "learn", second, "--json"); r.code != 0 {
		t.Errorf("a second learn while one reads a slow source: exit %d, stderr %q", r.code, r.stderr)
	}
	start := time.Now()
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		t.Fatalf("the stalled learn ignored ctrl-c for 5s\nstderr: %s", stderr)
	}
	t.Logf("stalled learn of %s stopped %v after ctrl-c", url, time.Since(start).Round(time.Millisecond))
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("interrupted stalled learn: exit %d, want 130\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if ss := sessionsOf(t, dir); len(ss) != 2 {
		t.Errorf("sessions after the interrupted learn: %+v; want the first and the second", ss)
	}
	verifyOK(t, dir, "after an interrupted slow learn")
}

// A named pipe called notes.md is refused at once, naming it, and the
// store is neither locked nor changed; the run does not wait for a writer.
func TestNamedPipeLearnRefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "notes.md")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("cannot make a named pipe: %v", err)
	}
	dir := newStoreDir(t)
	cmd, stdout, stderr := loreCmd(t, storeEnv(dir), "learn", fifo, "--json")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-exited
		t.Fatalf("learn of a named pipe still running after 10s (killed)\nstdout: %s\nstderr: %s", stdout, stderr)
	}
	if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(stderr.String(), fifo) || !strings.Contains(stderr.String(), "not a regular file") {
		t.Errorf("learn of a named pipe: exit %d, stderr %q; want exit 2 naming %s as not a regular file", code, stderr, fifo)
	}
}

// Standard input that stays open without data — a pipe whose writer
// stalls — does not make ctrl-c wait: lore learn - stops at once (exit
// 130), and the store was never opened.
func TestStalledStdinLearnStopsAtInterrupt(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	dir := newStoreDir(t)
	cmd, stdout, stderr := loreCmd(t, storeEnv(dir), "learn", "-", "--json")
	cmd.Stdin = pr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pr.Close()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer cmd.Process.Kill()
	fmt.Fprint(pw, "# Half\n\nDefinition: a document that")
	time.Sleep(500 * time.Millisecond)
	if r := lore(t, storeEnv(dir), "sessions", "--json"); r.code != 0 {
		t.Errorf("lore sessions while learn - waits for its input: exit %d, stderr %q", r.code, r.stderr)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		t.Fatalf("learn - on a stalled pipe ignored ctrl-c for 5s\nstderr: %s", stderr)
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("interrupted learn -: exit %d, want 130\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}

// A source lore opened and could not use — a PDF built to crash its
// reader, a file that only claims to be an EPUB, an archive whose every
// entry is refused — fails with exit 1 and a sentence naming it: the
// command was used rightly, so it is not a usage mistake (2), and nothing
// in lore broke (70). lore scan is the exception for the archive: it could
// read it, so it reports what it refused (exit 0, passed false).
func TestHostileInputIsAFailureNotAUsageMistake(t *testing.T) {
	dir := t.TempDir()
	mk := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	inputs := []string{
		mk("self-objstm.pdf", hostile.SelfObjStmPDF()),
		mk("not-a-book.epub", []byte("PK\x03\x04 this is not a zip archive")),
		mk("escapes.zip", hostile.Zip(map[string][]byte{"../outside.md": []byte("# Outside\n\nA tree is a graph.\n")})),
		mk("truncated.zip", hostile.Zip(map[string][]byte{"a.md": []byte("# A\n\nSome text.\n")})[:40]),
	}
	for _, in := range inputs {
		for _, args := range [][]string{{"text", in}, {"scan", in, "--json"}, {"learn", in, "--dry-run", "--json"}} {
			r := lore(t, storeEnv(newStoreDir(t)), args...)
			if args[0] == "scan" && strings.HasSuffix(in, "escapes.zip") {
				if r.code != 0 || !strings.Contains(r.stdout, `"passed": false`) || !strings.Contains(r.stdout, "path-traversal") {
					t.Errorf("lore %s: exit %d, stdout %s; want exit 0 and the refused entry reported", strings.Join(args, " "), r.code, r.stdout)
				}
				continue
			}
			if r.code != 1 || !strings.Contains(r.stderr, filepath.Base(in)) || strings.Contains(r.stderr, "internal error") {
				t.Errorf("lore %s: exit %d, stderr %q; want exit 1 naming %s", strings.Join(args, " "), r.code, r.stderr, filepath.Base(in))
			}
		}
	}
}
