package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/apitest"
	"github.com/lore-kb/lore/internal/dnstest"
)

// systemResolver points the process's resolver, the one a team server
// resolves its clients' URLs with, at dns until the test ends.
func systemResolver(t *testing.T, dns *dnstest.Server) {
	t.Helper()
	r := net.DefaultResolver
	preferGo, dial := r.PreferGo, r.Dial
	r.PreferGo, r.Dial = true, dns.Dial
	t.Cleanup(func() { r.PreferGo, r.Dial = preferGo, dial })
}

// adminPage is a page on the server's own loopback interface that no
// client may have it fetch, counting the requests it gets.
func adminPage(t *testing.T) (port int, hits *atomic.Int64) {
	t.Helper()
	hits = new(atomic.Int64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/markdown")
		fmt.Fprint(w, "# Admin\n\nThe admin secret is ADMIN-SECRET-4711.\n")
	}))
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().(*net.TCPAddr).Port, hits
}

// TestServerFetchesNoRebindingName: a curator's URL naming a host whose
// DNS server answers a public address first and 127.0.0.1 after (DNS
// rebinding) is resolved once by the team server, which connects only to
// the address it checked: the page on 127.0.0.1 is never requested and
// nothing of it reaches the client.
func TestServerFetchesNoRebindingName(t *testing.T) {
	port, hits := adminPage(t)
	dns := dnstest.Start(t, func(name string, qtype uint16, n int) []netip.Addr {
		if !strings.HasPrefix(name, "rebind") || qtype != dnstest.TypeA {
			return nil
		}
		if n == 0 {
			return []netip.Addr{netip.MustParseAddr("203.0.113.7")}
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}
	})
	systemResolver(t, dns)
	e := apitest.New(t, true)
	e.AddUser("cora", access.Curator, "default")
	ctx, svc := e.As("cora")
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	// A page, and a git repository (cloned by another client than the
	// page's fetch).
	for _, c := range []struct{ name, path string }{{"rebind.test", "/admin/secret"}, {"rebind-git.test", "/admin/repo.git"}} {
		u := fmt.Sprintf("http://%s:%d%s", c.name, port, c.path)
		events, err := learn(t, ctx, svc, &lorev1.LearnRequest{Url: u, Approve: true})
		t.Logf("%s: the client heard: %v %v", u, err, failed(events).GetMessage())
		if n := hits.Load(); n != 0 {
			t.Errorf("%s: the server requested its own loopback page %d times", u, n)
		}
		if n := dns.Queries(c.name, dnstest.TypeA); n != 1 {
			t.Errorf("%s: the server asked for %s's address %d times, want once", u, c.name, n)
		}
		if err == nil && failed(events) == nil {
			t.Errorf("%s: the learn of a page the server cannot reach did not fail; last event %v", u, last(events))
		}
		all := fmt.Sprint(err, events)
		for _, inside := range []string{"ADMIN-SECRET", "127.0.0.1"} {
			if strings.Contains(all, inside) {
				t.Errorf("%s: the client heard %q: %v %v", u, inside, err, events)
			}
		}
	}
}

// TestRemoteClientsDoNotSeeTheServersInside: what a client on the network
// hears (findings, stage details, failures, refusals) says what was
// refused and why, without the server's data folder, its resolver's
// address or the address a name resolves to inside its network.
func TestRemoteClientsDoNotSeeTheServersInside(t *testing.T) {
	dns := dnstest.Start(t, func(name string, qtype uint16, n int) []netip.Addr {
		if qtype != dnstest.TypeA {
			return nil
		}
		switch name {
		case "inside.test":
			return []netip.Addr{netip.MustParseAddr("10.20.30.40")}
		case "loop.test":
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}
		case "zero.test":
			return []netip.Addr{netip.MustParseAddr("0.0.0.0")}
		}
		return nil
	})
	systemResolver(t, dns)
	e := apitest.NewWith(t, true, func(o *local.Options) { o.ApprovalWait = 200 * time.Millisecond })
	e.AddUser("cora", access.Curator, "default")
	ctx, svc := e.As("cora")
	// A DNS error names the resolver's address ("lookup x on
	// 10.0.0.2:53: no such host"): the system's, not the test's.
	secrets := []string{e.Dir, e.UploadDir(), "uploads/", dns.Addr(), "lookup nowhere", "10.20.30.40", "127.0.0.1"}
	// Any resolver's address, by its port; not the events' times, whose
	// minute may be 53.
	resolver := regexp.MustCompile(`(\d{1,3}\.){3}\d{1,3}:53\b|\]:53\b`)
	hears := func(what string, got any, says ...string) {
		t.Helper()
		text := fmt.Sprint(got)
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Errorf("%s: the client hears %q: %s", what, s, text)
			}
		}
		if m := resolver.FindString(text); m != "" {
			t.Errorf("%s: the client hears a resolver's address %q: %s", what, m, text)
		}
		for _, s := range says {
			if !strings.Contains(text, s) {
				t.Errorf("%s: the client does not hear %q: %s", what, s, text)
			}
		}
	}

	// An archive whose entries escape it and hide a script, and a PDF
	// that is not one: findings and failures name the documents as sent.
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for name, body := range map[string][]byte{"../../escape.md": []byte("# Escape\n\nOut of the archive.\n"), "docs/notes.md": critical,
		"docs/blob.md": {0, 1, 2, 0xff, 0xfe, 0, 0, 7, 8, 9}} {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(body)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	events, err := learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: upload(t, ctx, svc, "bundle.zip", zb.Bytes())})
	if err != nil {
		t.Fatal(err)
	}
	var locations []string
	for _, ev := range events {
		for _, f := range append(ev.GetApprovalRequested().GetFindings(), ev.GetFinding()) {
			if f.GetLocation() != "" {
				locations = append(locations, f.GetLocation())
			}
		}
	}
	hears("the archive's findings", locations, "bundle.zip!../../escape.md")
	hears("the archive's run", events)
	ss, err := svc.Sessions(ctx, &lorev1.SessionsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ss.GetSessions() {
		rep, err := svc.Report(ctx, &lorev1.ReportRequest{SessionId: s.GetId()})
		if err != nil {
			t.Fatal(err)
		}
		hears("the session's report", rep.GetMarkdown(), "bundle.zip")
	}

	events, err = learn(t, ctx, svc, &lorev1.LearnRequest{UploadId: upload(t, ctx, svc, "broken.pdf", []byte("%PDF-1.4 not really"))})
	if err != nil {
		t.Fatal(err)
	}
	hears("the broken PDF's failure", failed(events).GetMessage(), "broken.pdf: corrupt PDF")
	hears("the broken PDF's run", events)

	// URLs the server will not fetch: the refusal says which name and
	// which kind of address, not the address.
	for _, c := range []struct{ url, says string }{
		{"http://inside.test/a.md", "inside.test resolves to a private address, an address of the server's own network"},
		{"http://loop.test:8080/a.md", "loop.test resolves to a loopback address"},
		{"http://nowhere.test/a.md", "the server cannot resolve nowhere.test: no such host"},
		{"http://zero.test/a.md", "zero.test resolves to an unspecified address, an address of the server's own network"},
		{"http://0.0.0.0/a.md", "0.0.0.0 is an unspecified address, an address of the server's own network"},
		{"http://[::ffff:10.20.30.40]/a.md", "private address"},
	} {
		_, err := learn(t, ctx, svc, &lorev1.LearnRequest{Url: c.url, Approve: true})
		if connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("learn %s: %v, want InvalidArgument", c.url, err)
			continue
		}
		if !strings.Contains(c.url, "10.20.30.40") {
			hears("learn "+c.url, err, c.says)
		} else if !strings.Contains(err.Error(), c.says) || strings.Contains(err.Error(), ":53") {
			t.Errorf("learn %s: %v, want it to say %q", c.url, err, c.says)
		}
	}
}

// TestRemotePathRefusalIsTheSameForEveryPath: a path a client on the
// network names is refused with one answer, whatever the path: one in the
// server's data folder (there or not), its temporary folder, or anywhere
// else. Repeating the path let the server's folder-hiding rewrite it ("a
// path in the server's temporary folder"), telling a guesser where the
// server's folders are.
func TestRemotePathRefusalIsTheSameForEveryPath(t *testing.T) {
	e := apitest.NewWith(t, true, nil)
	e.AddUser("cora", access.Curator, "default")
	ctx, svc := e.As("cora")
	stored := filepath.Join(e.Dir, "secret.md")
	if err := os.WriteFile(stored, []byte("# Secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var first string
	for _, path := range []string{stored, filepath.Join(e.Dir, "nothere.md"), filepath.Join(os.TempDir(), "guess.md"), "/etc/hostname", "relative.md"} {
		_, err := learn(t, ctx, svc, &lorev1.LearnRequest{Path: path, Approve: true})
		if connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("learn path %s: %v, want InvalidArgument", path, err)
			continue
		}
		ce, _ := errors.AsType[*connect.Error](err)
		msg := ce.Message()
		if strings.Contains(msg, "server's") || strings.Contains(msg, filepath.Base(path)) || !strings.Contains(msg, "upload the file instead") {
			t.Errorf("learn path %s: the client hears %q", path, msg)
		}
		if first == "" {
			first = msg
		} else if msg != first {
			t.Errorf("learn path %s: the client hears %q, for another path %q", path, msg, first)
		}
	}
}
