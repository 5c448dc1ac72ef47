package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/core"
	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/store/postgres"
)

// copySource is a Badger store in a new folder holding two sessions, one
// of them with a report.
func copySource(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "src")
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := core.Primitive{ID: "a", Name: "A", Type: core.Definition, Domain: "d", FormalStatement: "a", Confidence: 0.9, Keywords: []string{"alpha"}}
	b := core.Primitive{ID: "b", Name: "B", Type: core.Technique, Domain: "d", FormalStatement: "b", Confidence: 0.9,
		Dependencies: []core.Edge{{Target: "a", Type: core.Requires, Strength: 1}}}
	err = st.CommitSessionWith(context.Background(), core.Session{ID: "s1", Source: "test"},
		[]core.Change{{Type: core.ChangeAdd, PrimitiveID: "a", After: &a}}, []byte(`{"r":1}`))
	if err == nil {
		err = st.CommitSession(context.Background(), core.Session{ID: "s2", Source: "test"},
			[]core.Change{{Type: core.ChangeAdd, PrimitiveID: "b", After: &b}})
	}
	if cerr := st.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func exportOf(t *testing.T, dir string) []byte {
	t.Helper()
	st, err := store.Open(dir, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var b bytes.Buffer
	if err := st.Export(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A folder copied to a folder: the JSON counts what was copied and the
// check of the copy, the copy exports what its source does, and a second
// copy into it is refused with exit 2, naming what it holds.
func TestStoreCopyFolderToFolder(t *testing.T) {
	src := copySource(t)
	dst := filepath.Join(t.TempDir(), "dst")
	r := lore(t, nil, "store", "copy", src, dst, "--json")
	if r.code != 0 {
		t.Fatalf("copy: exit %d, stderr %q", r.code, r.stderr)
	}
	var res storeCopyResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("copy JSON %q: %v", r.stdout, err)
	}
	if res.From != src || res.To != dst || res.Copied.Sessions != 2 || res.Copied.Primitives != 2 ||
		res.Copied.Reports != 1 || !res.Verify.OK() || res.Verify.Primitives != 2 {
		t.Fatalf("copy result %+v", res)
	}
	if !bytes.Equal(exportOf(t, dst), exportOf(t, src)) {
		t.Error("the copy exports other bytes than its source")
	}
	r = lore(t, nil, "store", "copy", src, dst)
	if r.code != 2 || !strings.Contains(r.stderr, dst) || !strings.Contains(r.stderr, "2 sessions") {
		t.Fatalf("copy into a store: exit %d, stderr %q", r.code, r.stderr)
	}
	r = lore(t, nil, "store", "copy", filepath.Join(t.TempDir(), "nothing"), filepath.Join(t.TempDir(), "x"))
	if r.code != 2 || !strings.Contains(r.stderr, "holds no lore store") {
		t.Fatalf("copy of no store: exit %d, stderr %q", r.code, r.stderr)
	}
	if r = lore(t, nil, "store", "copy", src); r.code != 2 {
		t.Fatalf("copy without DST: exit %d", r.code)
	}
	// The stores are its arguments: a library kept in PostgreSQL by
	// the configuration does not stop it.
	other := filepath.Join(t.TempDir(), "other")
	r = lore(t, []string{"LORE_STORE_URL=postgres://lore@127.0.0.1:1/none"}, "store", "copy", src, other)
	if r.code != 0 || !bytes.Equal(exportOf(t, other), exportOf(t, src)) {
		t.Fatalf("copy with store.url set: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A folder copied to PostgreSQL and back: what comes back exports the
// same bytes, nothing printed shows the URL's password, progress is on
// stderr, and lore store verify checks the workspace, --repair mending
// it.
func TestStoreCopyThroughPostgres(t *testing.T) {
	db := pgtest.Start(t)
	// The server trusts its local users, so a password in the URL is
	// never asked for: it is there to be kept out of every message.
	u, err := url.Parse(db.URL)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword(u.User.Username(), "s3cret-pw")
	pg := u.String()

	src := copySource(t)
	r := lore(t, nil, "store", "copy", src, pg)
	if r.code != 0 || !strings.Contains(r.stdout, "no problems found") || !strings.Contains(r.stderr, "copied 2 primitives") {
		t.Fatalf("copy to PostgreSQL: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	back := filepath.Join(t.TempDir(), "back")
	r2 := lore(t, nil, "store", "copy", pg, back, "--json")
	if r2.code != 0 {
		t.Fatalf("copy from PostgreSQL: exit %d, stderr %q", r2.code, r2.stderr)
	}
	if !bytes.Equal(exportOf(t, back), exportOf(t, src)) {
		t.Error("the store copied there and back exports other bytes than its source")
	}
	r3 := lore(t, nil, "store", "copy", src, pg)
	if r3.code != 2 || !strings.Contains(r3.stderr, "2 primitives") {
		t.Fatalf("copy into a workspace that holds a library: exit %d, stderr %q", r3.code, r3.stderr)
	}
	for _, out := range []string{r.stdout, r.stderr, r2.stdout, r2.stderr, r3.stdout, r3.stderr} {
		if strings.Contains(out, "s3cret-pw") {
			t.Fatalf("the password is printed: %q", out)
		}
	}

	st, err := postgres.Open(context.Background(), pg)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// The API's check of the workspace, and the command's.
	keep := pgUpkeep{stores: newPGStores(pg)}
	defer func() { _ = keep.stores.close() }()
	rep, err := keep.Verify(context.Background(), auth.DefaultWorkspace, false)
	if err != nil || rep.GetPrimitives() != 2 || rep.GetEdges() != 1 || rep.GetProblemCount() != 0 || rep.GetSessions() != 2 {
		t.Fatalf("check of the workspace: %v, %v", rep, err)
	}
	env := []string{"LORE_STORE_URL=" + pg}
	r4 := lore(t, env, "store", "verify")
	if r4.code != 0 || !strings.Contains(r4.stdout, "checked 2 primitives, 1 edges") || !strings.Contains(r4.stdout, "no problems found") {
		t.Errorf("verify of the workspace: exit %d, %q %q", r4.code, r4.stdout, r4.stderr)
	}
	if held, err := st.Holdings(context.Background()); err != nil || held.Sessions != 2 {
		t.Fatalf("the workspace holds %+v, %v", held, err)
	}
	damage(t, db.URL, `DELETE FROM primitive_keywords`)
	r5 := lore(t, env, "store", "verify", "--json")
	var damaged struct {
		ProblemCount int `json:"problemCount"`
	}
	if r5.code != 1 || json.Unmarshal([]byte(r5.stdout), &damaged) != nil || damaged.ProblemCount != 1 {
		t.Errorf("verify of a damaged workspace: exit %d, %q %q", r5.code, r5.stdout, r5.stderr)
	}
	// --repair rebuilds what the records imply, and the check after it
	// finds nothing; a check alone still finds the damage before.
	if r := lore(t, env, "store", "verify"); r.code != 1 {
		t.Errorf("verify of the damaged workspace: exit %d, stdout %q", r.code, r.stdout)
	}
	if r := lore(t, env, "store", "verify", "--repair"); r.code != 0 || !strings.Contains(r.stdout, "no problems found") {
		t.Errorf("verify --repair: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// damage runs sql on the default workspace's tables, as a hand would.
func damage(t *testing.T, dbURL, sql string) {
	t.Helper()
	cfg, err := pgx.ParseConfig(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	cfg.RuntimeParams["search_path"] = postgres.SchemaOf(postgres.DefaultWorkspace)
	conn, err := pgx.ConnectConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), sql); err != nil {
		t.Fatal(err)
	}
}
