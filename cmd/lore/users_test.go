package main

import (
	"crypto/tls"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	auth "github.com/lore-kb/lore/core/access"
)

// A team server lets in each user by their own token: a wrong token is
// refused, a revoked one at once; the tokens are never listed.
func TestServeLetsInUsersByTheirTokens(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	run := func(env []string, args ...string) result {
		return lore(t, env, append([]string{"--data-dir", data}, args...)...)
	}
	r := run(nil, "users", "add", "ada", "--role", "curator", "--json")
	var added struct {
		Token string `json:"token"`
		Role  string `json:"role"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &added) != nil || !strings.HasPrefix(added.Token, "lore_") || added.Role != "curator" {
		t.Fatalf("users add: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"users", "add", "ada", "--role", "reader"}, "exists and its token works"},
		{[]string{"users", "add", "bob", "--role", "owner"}, `unknown role "owner"`},
		{[]string{"users", "add", "b/ob", "--role", "reader"}, "only letters"},
		{[]string{"users", "revoke", "nobody"}, `unknown user "nobody"`},
	} {
		if r := run(nil, c.args...); r.code != ExitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d %s", c.args, r.code, r.stderr)
		}
	}
	var reader struct {
		Token string `json:"token"`
	}
	if r := run(nil, "users", "add", "bob", "--role", "reader", "--json"); r.code != 0 || json.Unmarshal([]byte(r.stdout), &reader) != nil {
		t.Fatalf("add a reader: %d %s", r.code, r.stderr)
	}
	if r := run(nil, "users", "list", "--json"); r.code != 0 || strings.Contains(r.stdout, added.Token) || !strings.Contains(r.stdout, `"state": "active"`) {
		t.Fatalf("users list: %d %s", r.code, r.stdout)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	home := t.TempDir()
	srv := exec.Command(loreBin, "--data-dir", data, "serve", "--listen", addr)
	srv.Env = []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_DATA_HOME=" + filepath.Join(home, "data")}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = srv.Process.Signal(syscall.SIGTERM)
		_ = srv.Wait()
	})
	// TLS by default, with a certificate the server made and keeps: the
	// clients pin its fingerprint.
	var pin string
	deadline := time.Now().Add(10 * time.Second)
	for pin == "" && time.Now().Before(deadline) {
		// Read, never made here: the server makes it.
		if cert, err := tls.LoadX509KeyPair(filepath.Join(data, auth.CertFile), filepath.Join(data, auth.KeyFile)); err == nil {
			pin = auth.Fingerprint(cert.Certificate[0])
		}
		time.Sleep(50 * time.Millisecond)
	}
	if fi, err := os.Stat(filepath.Join(data, auth.KeyFile)); err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("the server's key: %v, mode %v", err, fi.Mode())
	}
	trust := "LORE_SERVER_FINGERPRINT=" + pin
	client := func(token string) result {
		return lore(t, []string{"LORE_SERVER=" + addr, "LORE_TOKEN=" + token, trust}, "sessions", "--json")
	}
	for r = client(added.Token); r.code != 0 && time.Now().Before(deadline); r = client(added.Token) {
		time.Sleep(100 * time.Millisecond)
	}
	if r.code != 0 {
		t.Fatalf("ada's token: exit %d %s", r.code, r.stderr)
	}
	for _, env := range [][]string{
		{"LORE_SERVER_FINGERPRINT=" + strings.Repeat("AB:", 31) + "AB"},
		{"LORE_SERVER_PLAINTEXT=1"},
		{}, // the system's roots do not know the server's own certificate
	} {
		if r := lore(t, append([]string{"LORE_SERVER=" + addr, "LORE_TOKEN=" + added.Token}, env...), "sessions"); r.code == 0 {
			t.Errorf("trusted with %v: %s", env, r.stdout)
		}
	}
	if r := lore(t, []string{"LORE_SERVER=" + addr, "LORE_TOKEN=" + added.Token, "LORE_SERVER_CA=" + filepath.Join(data, auth.CertFile)}, "sessions"); r.code != 0 {
		t.Errorf("trusted by its certificate as CA: exit %d %s", r.code, r.stderr)
	}
	if r := client("lore_" + strings.Repeat("x", 43)); r.code == 0 || !strings.Contains(r.stderr, "wrong, expired or revoked token") {
		t.Errorf("a wrong token: exit %d %s", r.code, r.stderr)
	}
	// Each role runs what it may: a reader reads, and may not learn or
	// add users; a curator may not add users either.
	remote := func(token string, args ...string) result {
		return lore(t, []string{"LORE_SERVER=" + addr, "LORE_TOKEN=" + token, trust}, args...)
	}
	if r := remote(reader.Token, "sessions", "--json"); r.code != 0 {
		t.Errorf("a reader reading: exit %d %s", r.code, r.stderr)
	}
	for _, c := range []struct {
		token string
		args  []string
		want  string
	}{
		{reader.Token, []string{"learn", "/etc/hostname", "--approve"}, "bob (reader) may not: lore learn needs the role admin or curator"},
		{reader.Token, []string{"users", "add", "eve", "--role", "admin"}, "needs the role admin"},
		{added.Token, []string{"users", "revoke", "bob"}, "ada (curator) may not"},
		{reader.Token, []string{"conflicts", "resolve", "x", "keep-both"}, "needs the role admin or reviewer"},
	} {
		if r := remote(c.token, c.args...); r.code == 0 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d %s", c.args, r.code, r.stderr)
		}
	}
	// The server never opens a path a remote client names; the client
	// sends the document instead.
	sample := filepath.Join("..", "..", "assets", "sample", "graphs.md")
	abs, _ := filepath.Abs(sample)
	for _, args := range [][]string{{"learn", abs, "--approve"}, {"learn", "notes/book.md"},
		{"learn", "-", "--output-dir", "/tmp/elsewhere"}, {"skills", "import", "/tmp/skills"}} {
		if r := remote(added.Token, args...); r.code != ExitUsage || !strings.Contains(r.stderr, "names a path on the server") {
			t.Errorf("remote %v: exit %d %s", args, r.code, r.stderr)
		}
	}
	doc, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	// A curator's decision through the server is recorded as hers.
	r = loreIn(t, []string{"LORE_SERVER=" + addr, "LORE_TOKEN=" + added.Token, trust}, string(doc), "learn", "-", "--approve", "--json")
	var learned struct {
		Primitives []struct {
			ID string `json:"id"`
		} `json:"primitives"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &learned) != nil || len(learned.Primitives) == 0 {
		t.Fatalf("a curator's learn: exit %d %s", r.code, r.stderr)
	}
	r = remote(added.Token, "edit", learned.Primitives[0].ID, "--name", "Curated by Ada", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"by": "ada"`) {
		t.Errorf("a curator's edit: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	// Revoked on the server's machine (its socket, no token): at once.
	if r := run(nil, "users", "revoke", "ada"); r.code != 0 {
		t.Fatalf("revoke: exit %d %s", r.code, r.stderr)
	}
	if r := client(added.Token); r.code == 0 {
		t.Errorf("the revoked token still works: %s", r.stdout)
	}
}

func TestRoles(t *testing.T) {
	for _, c := range []struct {
		role auth.Role
		path string
		ok   bool
	}{
		{auth.Admin, "users add", true},
		{auth.Reader, "skills search", true},
		{auth.Reader, "skills review", false},
		{auth.Reader, "conflicts", true},
		{auth.Reader, "conflicts resolve", false},
		{auth.Reviewer, "conflicts resolve", true},
		{auth.Reviewer, "learn", false},
		{auth.Curator, "learn", true},
		{auth.Curator, "sessions", true},
		{auth.Curator, "skills review", false},
		{auth.Agent, "skills propose", true},
		{auth.Agent, "skills review", false},
		{auth.Agent, "sessions", false},
		{auth.Curator, "users list", false},
		{auth.Reviewer, "store verify", false},
	} {
		if err := roleAllows(c.role, c.path); (err == nil) != c.ok {
			t.Errorf("%s runs lore %s: %v, want allowed %v", c.role, c.path, err, c.ok)
		}
	}
}

// Plain text crosses no network.
func TestServePlaintextOnlyOnLoopback(t *testing.T) {
	r := lore(t, []string{"LORE_TOKEN=0123456789abcdef-team"}, "--data-dir", t.TempDir(), "serve", "--listen", "0.0.0.0:0", "--plaintext")
	if r.code != ExitUsage || !strings.Contains(r.stderr, "only on a loopback address") {
		t.Errorf("--plaintext on every address: exit %d %s", r.code, r.stderr)
	}
	r = lore(t, []string{"LORE_SERVER=10.0.0.5:7433", "LORE_SERVER_PLAINTEXT=1", "LORE_TOKEN=x"}, "sessions")
	if r.code == 0 || !strings.Contains(r.stderr, "only a loopback address") {
		t.Errorf("a plain-text client to another machine: exit %d %s", r.code, r.stderr)
	}
}

// A remote request may name a stream or a URL, never a path on the server.
func TestRefuseServerPaths(t *testing.T) {
	for _, c := range []struct {
		args []string
		ok   bool
	}{
		{[]string{"learn", "-", "--approve"}, true},
		{[]string{"learn", "https://example.org/notes.md"}, true},
		{[]string{"learn", "git@github.com:a/b.git"}, true},
		{[]string{"sessions", "--json"}, true},
		{[]string{"learn", "/etc/hostname"}, false},
		{[]string{"learn", "--", "relative.md"}, false},
		{[]string{"learn", "-", "--config", "/etc/x.yaml"}, false},
		{[]string{"learn", "-", "--config=/etc/x.yaml"}, false},
		{[]string{"--data-dir", "/srv/other", "sessions"}, false},
		{[]string{"skills", "export", "/tmp/out"}, false},
		{[]string{"watch", "/home/ada/runs"}, false},
	} {
		if err := refuseServerPaths(requestCommand(c.args), c.args); (err == nil) != c.ok {
			t.Errorf("%v: %v, want allowed %v", c.args, err, c.ok)
		}
	}
}
