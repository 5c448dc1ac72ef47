package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
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
		User  struct {
			Role string `json:"role"`
		} `json:"user"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &added) != nil || !strings.HasPrefix(added.Token, "lore_") || added.User.Role != "curator" {
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
	var physicsAdmin struct {
		Token string `json:"token"`
	}
	if r := run(nil, "users", "add", "pat", "--role", "admin", "--workspace", "physics", "--json"); r.code != 0 ||
		json.Unmarshal([]byte(r.stdout), &physicsAdmin) != nil {
		t.Fatalf("add a workspace's admin: %d %s", r.code, r.stderr)
	}
	if r := run(nil, "users", "list", "--json"); r.code != 0 || strings.Contains(r.stdout, added.Token) || !strings.Contains(r.stdout, `"state": "active"`) {
		t.Fatalf("users list: %d %s", r.code, r.stdout)
	}

	ts := startTeamServer(t, data)
	addr, pin := ts.addr, ts.pin
	if fi, err := os.Stat(filepath.Join(data, auth.KeyFile)); err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("the server's key: %v, mode %v", err, fi.Mode())
	}
	deadline := time.Now().Add(10 * time.Second)
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
	// Each role calls what it may: a reader reads, and may not learn;
	// what is not an API call does not run against a server at all.
	remote := func(token string, args ...string) result {
		return lore(t, []string{"LORE_SERVER=" + addr, "LORE_TOKEN=" + token, trust}, args...)
	}
	if r := remote(reader.Token, "whoami", "--json"); r.code != 0 || !strings.Contains(r.stdout, `"role": "reader"`) {
		t.Errorf("a reader's whoami: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	sample := filepath.Join("..", "..", "assets", "sample", "graphs.md")
	for _, c := range []struct {
		token string
		args  []string
		code  int
		want  string
	}{
		{reader.Token, []string{"learn", sample, "--approve"}, ExitFailure, "bob (reader) may not call Upload: it needs the role admin or curator"},
		{reader.Token, []string{"users", "add", "eve", "--role", "admin"}, ExitFailure, "bob (reader) may not call AddUser: it needs the role admin"},
		{added.Token, []string{"store", "restore", "x.bak"}, ExitUsage, "does not run on a team server"},
		{added.Token, []string{"store", "verify"}, ExitFailure, "ada (curator) may not call VerifyStore: it needs the role admin"},
		{reader.Token, []string{"store", "backup", filepath.Join(t.TempDir(), "b.bak")}, ExitFailure, "bob (reader) may not call BackupStore: it needs the role admin"},
		{reader.Token, []string{"conflicts", "resolve", "x", "keep-both"}, ExitFailure, "needs the role admin or reviewer"},
		{added.Token, []string{"learn", sample, "--trust"}, ExitUsage, "no flag approves it"},
	} {
		if r := remote(c.token, c.args...); r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d %s", c.args, r.code, r.stderr)
		}
	}
	// A workspace's admin keeps that workspace's store, from here: a
	// check, and a backup written here that restores; the server's
	// folders are named in words.
	if r := remote(physicsAdmin.Token, "store", "verify", "--repair", "--json"); r.code != 0 || !strings.Contains(r.stdout, `"primitives": 0`) ||
		!strings.Contains(r.stdout, `"store": "a path in the server's data folder"`) {
		t.Errorf("the physics admin's check: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	bak := filepath.Join(t.TempDir(), "physics.bak")
	if r := remote(physicsAdmin.Token, "store", "backup", bak); r.code != 0 || !strings.Contains(r.stdout, "0 primitives") {
		t.Errorf("the physics admin's backup: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := lore(t, storeEnv(filepath.Join(t.TempDir(), "restored")), "store", "restore", bak); r.code != 0 {
		t.Errorf("the physics backup's restore: exit %d %s", r.code, r.stderr)
	}
	// Revoked on the server's machine (its socket, no token): at once.
	if r := run(nil, "users", "revoke", "ada"); r.code != 0 {
		t.Fatalf("revoke: exit %d %s", r.code, r.stderr)
	}
	if r := client(added.Token); r.code == 0 {
		t.Errorf("the revoked token still works: %s", r.stdout)
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
