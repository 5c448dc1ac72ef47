package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/store/postgres"
)

// badWorkspaces are names no workspace may have: on Badger "." is the
// folder of every workspace and ".." the default store's.
var badWorkspaces = []string{".", "..", "a/b", "../x", "-a", "a b", "a.b"}

// userIn records a curator in workspace ws straight in the store, as an
// older lore let `users add` do, and gives their token.
func userIn(t *testing.T, put func(auth.User) error, name, ws string) string {
	t.Helper()
	token, hash, err := auth.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	u := auth.User{Name: name, Role: auth.Curator, Workspace: ws, TokenHash: hash, TokenHint: auth.Hint(token), Created: time.Now().UTC()}
	if err := put(u); err != nil {
		t.Fatal(err)
	}
	return token
}

// A workspace name that is not a plain word is refused by lore users add
// (exit 2), and a user recorded with one is let into no store by a team
// server on Badger: the call is refused (exit 1) naming the name and why,
// and nothing is written to the default store or beside the workspaces.
func TestBadWorkspaceRefusedOnBadger(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	for _, ws := range badWorkspaces {
		r := lore(t, nil, "--data-dir", data, "users", "add", "eve", "--role", "curator", "--workspace", ws)
		if r.code != ExitUsage || !strings.Contains(r.stderr, "not a plain word") {
			t.Errorf("users add --workspace %q: exit %d %s", ws, r.code, r.stderr)
		}
	}
	ada := addUser(t, data, "ada", "curator")
	st, err := store.Open(data, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tokens := map[string]string{}
	for i, ws := range []string{".", ".."} {
		tokens[ws] = userIn(t, st.PutUser, []string{"dot", "dotdot"}[i], ws)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	ts := startTeamServer(t, data)
	waitFor(t, func() bool { return lore(t, ts.env(ada), "whoami").code == 0 })
	doc := writeDoc(t, t.TempDir(), "rings.md", "# Rings\n\nDefinition: A ring is a set with two operations, addition and multiplication, where multiplication distributes over addition.\n")
	for ws, token := range tokens {
		r := lore(t, ts.env(token), "learn", doc, "--json")
		if r.code != ExitFailure || !strings.Contains(r.stderr, `workspace "`+ws+`" is not a plain word`) {
			t.Errorf("a learn by a user of workspace %q: exit %d %s %s", ws, r.code, r.stdout, r.stderr)
		}
	}
	if r := lore(t, ts.env(ada), "sessions", "--json"); r.code != 0 || strings.Contains(r.stdout, "rings.md") {
		t.Errorf("the default workspace's sessions: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if entries, err := os.ReadDir(filepath.Join(data, "workspaces")); err == nil {
		for _, e := range entries {
			t.Errorf("made beside the workspaces: %s", e.Name())
		}
	}
}

// The same on PostgreSQL: users add refuses the name, and a server lets
// a user recorded with one into no schema.
func TestBadWorkspaceRefusedOnPostgres(t *testing.T) {
	db := pgtest.Start(t)
	pg := []string{"LORE_STORE_URL=" + db.URL}
	for _, ws := range badWorkspaces {
		r := lore(t, pg, "users", "add", "eve", "--role", "curator", "--workspace", ws)
		if r.code != ExitUsage || !strings.Contains(r.stderr, "not a plain word") {
			t.Errorf("users add --workspace %q: exit %d %s", ws, r.code, r.stderr)
		}
	}
	st := openPG(t, db.URL)
	ada := userIn(t, st.PutUser, "ada", auth.DefaultWorkspace)
	tokens := map[string]string{}
	for i, ws := range []string{".", ".."} {
		tokens[ws] = userIn(t, st.PutUser, []string{"dot", "dotdot"}[i], ws)
	}
	srv := startPGServer(t, db.URL, ada)
	for ws, token := range tokens {
		r := lore(t, srv.env(token), "find", "ring")
		if r.code != ExitFailure || !strings.Contains(r.stderr, `workspace "`+ws+`" is not a plain word`) {
			t.Errorf("a find by a user of workspace %q: exit %d %s %s", ws, r.code, r.stdout, r.stderr)
		}
	}
	if _, err := postgres.OpenWorkspace(context.Background(), db.URL, ".."); err == nil || !strings.Contains(err.Error(), "not a plain word") {
		t.Errorf("workspace .. opened on PostgreSQL: %v", err)
	}
}

// waitFor polls ok until it holds, for up to 15 seconds.
func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); !ok(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("never ready")
		}
	}
}
