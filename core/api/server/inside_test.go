package server_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/internal/apitest"
	"github.com/lore-kb/lore/store"
)

// uploadsNowhere makes e's uploads folder one no folder can be made in,
// whoever runs the test (root included): a link to a folder of /proc.
// An upload then fails on its own folder, <uploads>/<id>, as a full disk
// fails on its file.
func uploadsNowhere(t *testing.T, e *apitest.Env) {
	t.Helper()
	if _, err := os.Stat("/proc/self/fdinfo"); err != nil {
		t.Skip("needs Linux's /proc")
	}
	if err := os.Symlink("/proc/self/fdinfo", e.UploadDir()); err != nil {
		t.Fatal(err)
	}
}

// brokenStores is a service whose workspace stores cannot be opened: each
// is a file where its folder should be, under dir.
func brokenStores(t *testing.T, dir string) *local.Service {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "workspaces"), 0o700); err != nil {
		t.Fatal(err)
	}
	svc, err := local.New(local.Options{UploadDir: filepath.Join(dir, "uploads"),
		Open: func(_ context.Context, ws string, _ bool) (local.Store, func() error, error) {
			path := filepath.Join(dir, "workspaces", ws)
			if err := os.WriteFile(path, []byte("not a store"), 0o600); err != nil {
				return nil, nil, err
			}
			st, err := store.Open(path, store.Options{})
			if err != nil {
				return nil, nil, err
			}
			return st, st.Close, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// TestRemoteClientsHearNoServerPaths: an upload that fails on its file
// and a call whose workspace store cannot be opened tell a client on the
// network what failed (the upload, the store of its workspace, the OS's
// reason) and the error's code, without the server's data folder or the
// upload's folder (uploads/<id>); the server's log has the full path.
// The owner, in process or on the owner's socket, hears the path.
func TestRemoteClientsHearNoServerPaths(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("cora", access.Curator, access.DefaultWorkspace)
	uploadsNowhere(t, e)
	var log logBuffer
	addr, conf := serve(t, e, e.Svc, server.Options{Log: &log, DataDir: e.Dir})
	c, err := client.New(addr, token, conf)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	hears := func(what string, err error, dir string, says ...string) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s: no error", what)
		}
		msg := err.Error()
		t.Logf("%s: the client hears: %s", what, msg)
		for _, inside := range []string{dir, "uploads/", "/workspaces/"} {
			if strings.Contains(msg, inside) {
				t.Errorf("%s: the client hears %q: %s", what, inside, msg)
			}
		}
		for _, s := range says {
			if !strings.Contains(msg, s) {
				t.Errorf("%s: the client does not hear %q: %s", what, s, msg)
			}
		}
	}

	doc := "# Zorblats\n\nDefinition: A zorblat is a finite set of widgets closed under the zorb operation.\n"
	_, err = c.Upload(ctx, &lorev1.UploadHeader{Name: "notes.md", Size: int64(len(doc))}, strings.NewReader(doc))
	hears("the upload", err, e.Dir, "upload notes.md", "mkdir a path in the server's data folder", "no such file or directory")
	if !strings.Contains(log.String(), filepath.Join(e.Dir, "uploads")+"/") {
		t.Errorf("the server's log does not name the upload's folder:\n%s", log.String())
	}

	// The owner hears where: in process, and on the owner's socket.
	owner := api.Caller{User: "cora", Role: access.Curator, Workspace: access.DefaultWorkspace}
	_, err = e.Svc.Upload(api.WithCaller(ctx, owner), &lorev1.UploadHeader{Name: "notes.md"}, strings.NewReader(doc))
	if err == nil || !strings.Contains(err.Error(), filepath.Join(e.Dir, "uploads")+"/") {
		t.Errorf("the owner in process hears %v, want the upload's folder", err)
	}
	sock := filepath.Join(t.TempDir(), "api.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	p, h := server.LocalHandler(e.Svc, owner, server.Options{})
	sctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = server.Serve(sctx, ln, p, h, nil) }()
	t.Cleanup(func() { stop(); <-done })
	own := client.NewLocal(func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", sock)
	})
	_, err = own.Upload(ctx, &lorev1.UploadHeader{Name: "notes.md"}, strings.NewReader(doc))
	if err == nil || !strings.Contains(err.Error(), filepath.Join(e.Dir, "uploads")+"/") {
		t.Errorf("the owner on the socket hears %v, want the upload's folder", err)
	}

	// A store that cannot be opened, in a call and in a stream.
	dir := t.TempDir()
	log = logBuffer{}
	addr, conf = serve(t, e, brokenStores(t, dir), server.Options{Log: &log, DataDir: dir})
	c, err = client.New(addr, token, conf)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Find(ctx, &lorev1.FindRequest{Query: "note"})
	hears("find", err, dir, "open the store of workspace default", "the server's data folder")
	_, err = c.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: "s1"})
	hears("unlearn", err, dir, "open the store of workspace default")
	// A learn's run fails on the store: its failure is an event.
	up, err := c.Upload(ctx, &lorev1.UploadHeader{Name: "notes.md", Size: int64(len(doc))}, strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var events []*lorev1.LearnEvent
	err = c.Learn(ctx, &lorev1.LearnRequest{UploadId: up.GetUploadId(), Approve: true}, func(ev *lorev1.LearnEvent) error {
		events = append(events, ev)
		return nil
	})
	var failure string
	for _, ev := range events {
		if f := ev.GetFailed(); f != nil {
			failure = f.GetMessage()
		}
		if strings.Contains(fmt.Sprint(ev), dir) {
			t.Errorf("the learn's event names the data folder: %v", ev)
		}
	}
	if err != nil {
		failure += " " + err.Error()
	}
	hears("learn", errors.New(failure), dir, "open the store of workspace default")
	if !strings.Contains(log.String(), filepath.Join(dir, "workspaces", "default")) {
		t.Errorf("the server's log does not name the workspace's store:\n%s", log.String())
	}
}

// failingRun is the real service but for Watch, which sends a finding
// quoting a path a document names and a run's failure naming a file of
// the server's: the events a watcher shares with every other.
type failingRun struct {
	api.Service
	events []*lorev1.LearnEvent
}

func (f failingRun) Watch(_ context.Context, _ *lorev1.WatchRequest, send func(*lorev1.LearnEvent) error) error {
	for _, ev := range f.events {
		if err := send(ev); err != nil {
			return err
		}
	}
	return nil
}

// TestRemoteWatchersHearNoServerPaths: a run's failure naming a file in
// the server's data folder reaches a watcher on the network with the
// file said in words and the reason kept; a finding quoting a document's
// own /tmp path is left as the document says it; the events the service
// sent (shared with every watcher) are not changed.
func TestRemoteWatchersHearNoServerPaths(t *testing.T) {
	e := apitest.New(t, false)
	token := e.AddUser("rita", access.Reader, access.DefaultWorkspace)
	vlog := filepath.Join(e.Dir, "workspaces", "default", "000001.vlog")
	failed := "learn notes.md: commit: write " + vlog + ": input/output error"
	quoted := "the document runs a script it writes to /tmp/payload.sh"
	events := []*lorev1.LearnEvent{
		{RunId: "r1", Event: &lorev1.LearnEvent_Finding{Finding: &lorev1.Finding{Severity: "high", Message: quoted}}},
		{RunId: "r1", Event: &lorev1.LearnEvent_Failed{Failed: &lorev1.RunFailed{Message: failed, Code: 74}}},
	}
	var log logBuffer
	addr, conf := serve(t, e, failingRun{e.Svc, events}, server.Options{Log: &log, DataDir: e.Dir})
	c, err := client.New(addr, token, conf)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var got []*lorev1.LearnEvent
	if err := c.Watch(ctx, &lorev1.WatchRequest{}, func(ev *lorev1.LearnEvent) error { got = append(got, ev); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("the watcher got %d events, want 2: %v", len(got), got)
	}
	if m := got[0].GetFinding().GetMessage(); m != quoted {
		t.Errorf("the finding reads %q, want the document's words %q", m, quoted)
	}
	m := got[1].GetFailed().GetMessage()
	if strings.Contains(m, e.Dir) || strings.Contains(m, "000001.vlog") ||
		!strings.Contains(m, "learn notes.md: commit: write a path in the server's data folder: input/output error") {
		t.Errorf("the failure reads %q", m)
	}
	if got[1].GetFailed().GetCode() != 74 {
		t.Errorf("the failure's code is %d, want 74", got[1].GetFailed().GetCode())
	}
	if events[1].GetFailed().GetMessage() != failed {
		t.Errorf("the service's event was changed: %q", events[1].GetFailed().GetMessage())
	}
	if !strings.Contains(log.String(), vlog) {
		t.Errorf("the server's log does not have the full failure:\n%s", log.String())
	}
}
