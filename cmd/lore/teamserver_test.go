package main

import (
	"crypto/tls"
	"encoding/json"
	"net"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	auth "github.com/lore-kb/lore/core/access"
)

// teamServer is a real `lore serve --listen` on 127.0.0.1 over TLS, in
// its own data folder, stopped when the test ends.
type teamServer struct {
	data, addr string
	// pin is the fingerprint of the certificate the server made.
	pin string
}

// startTeamServer serves data on a free loopback port and waits until
// the server has made its certificate.
func startTeamServer(t *testing.T, data string) *teamServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	home := t.TempDir()
	srv := exec.Command(loreBin, "--data-dir", data, "serve", "--listen", addr)
	srv.Env = []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_DATA_HOME=" + filepath.Join(home, "data")}
	srv.Stderr = testLog{t}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = srv.Process.Signal(syscall.SIGTERM)
		_ = srv.Wait()
	})
	ts := &teamServer{data: data, addr: addr}
	deadline := time.Now().Add(10 * time.Second)
	for ts.pin == "" && time.Now().Before(deadline) {
		// Read, never made here: the server makes it.
		if cert, err := tls.LoadX509KeyPair(filepath.Join(data, auth.CertFile), filepath.Join(data, auth.KeyFile)); err == nil {
			ts.pin = auth.Fingerprint(cert.Certificate[0])
		}
		time.Sleep(50 * time.Millisecond)
	}
	if ts.pin == "" {
		t.Fatalf("lore serve --listen %s made no certificate in %s", addr, data)
	}
	return ts
}

// env is a client's environment for token, trusting the server by its
// pinned fingerprint.
func (ts *teamServer) env(token string) []string {
	return []string{"LORE_SERVER=" + ts.addr, "LORE_TOKEN=" + token, "LORE_SERVER_FINGERPRINT=" + ts.pin}
}

// addUser adds a user to data (before or while it is served) and gives
// their token.
func addUser(t *testing.T, data, name, role string) string {
	t.Helper()
	r := lore(t, nil, "--data-dir", data, "users", "add", name, "--role", role, "--json")
	var added struct {
		Token string `json:"token"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &added) != nil || added.Token == "" {
		t.Fatalf("users add %s --role %s: exit %d %s %s", name, role, r.code, r.stdout, r.stderr)
	}
	return added.Token
}
