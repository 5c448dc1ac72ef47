package postgres

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store/backend"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }

func open(t *testing.T, url string) *Store {
	t.Helper()
	st, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// connect is a connection of the test's own to the default workspace's
// schema.
func connect(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.RuntimeParams["search_path"] = SchemaOf(DefaultWorkspace)
	conn, err := pgx.ConnectConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn
}

// Migration i has version i+1, and the last is the build's version.
func TestMigrationsNumbered(t *testing.T) {
	for i, m := range migrations {
		if m.version != i+1 || m.name == "" || m.sql == "" {
			t.Errorf("migration %d: version %d, name %q", i, m.version, m.name)
		}
	}
	if migrations[len(migrations)-1].version != SchemaVersion {
		t.Errorf("last migration %d, SchemaVersion %d", migrations[len(migrations)-1].version, SchemaVersion)
	}
}

// A database written by a newer lore is refused, naming both versions, and
// left as it was.
func TestSchemaTooNew(t *testing.T) {
	db := pgtest.Start(t)
	if err := open(t, db.URL).Close(); err != nil {
		t.Fatal(err)
	}
	conn := connect(t, db.URL)
	ctx := context.Background()
	newer := SchemaVersion + 1
	if _, err := conn.Exec(ctx, "INSERT INTO lore_schema (version, name, applied) VALUES ($1, 'from the future', now())", newer); err != nil {
		t.Fatal(err)
	}
	_, err := Open(ctx, db.URL)
	if !errors.Is(err, backend.ErrSchemaTooNew) {
		t.Fatalf("open a newer database: %v, want %v", err, backend.ErrSchemaTooNew)
	}
	t.Log(err)
	for _, want := range []string{fmt.Sprintf("version %d", newer), fmt.Sprintf("up to %d", SchemaVersion), db.Name} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	var n int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM lore_schema").Scan(&n); err != nil || n != SchemaVersion+1 {
		t.Errorf("schema rows after the refusal: %d, %v", n, err)
	}
}

// Stores opening a new database at once migrate it once: each waits for
// the one migrating, then finds the schema current.
func TestConcurrentOpenMigratesOnce(t *testing.T) {
	db := pgtest.Start(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			st, err := Open(context.Background(), db.URL)
			if err == nil {
				err = st.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	st := open(t, db.URL)
	if sc, err := st.Schema(); err != nil || sc.Version != SchemaVersion {
		t.Errorf("schema %+v, %v", sc, err)
	}
	var n int
	if err := connect(t, db.URL).QueryRow(context.Background(), "SELECT count(*) FROM lore_schema").Scan(&n); err != nil || n != len(migrations) {
		t.Errorf("%d migrations recorded (%v), want %d", n, err, len(migrations))
	}
}

// The users' queries are served by the table's indexes: a token's hash
// is looked up, not scanned for, and the listing reads the names in
// order. (On a table this small the planner would rather scan, so it is
// told not to.)
func TestUserQueriesUseIndexes(t *testing.T) {
	db := pgtest.Start(t)
	open(t, db.URL)
	conn := connect(t, db.URL)
	ctx := context.Background()
	if _, err := conn.Exec(ctx, "SET enable_seqscan = off"); err != nil {
		t.Fatal(err)
	}
	planned(t, conn, []plannedQuery{
		{queryUserByToken, "users_token_hash", []any{"00aa"}},
		{queryUser, "users_pkey", []any{"ada"}},
		{queryUsers, "users_pkey", nil},
	})
}

type plannedQuery struct {
	query, index string
	args         []any
}

// planned checks that each query reads its index, and sorts nothing.
func planned(t *testing.T, conn *pgx.Conn, queries []plannedQuery) {
	t.Helper()
	ctx := context.Background()
	for _, c := range queries {
		rows, err := conn.Query(ctx, "EXPLAIN "+c.query, c.args...)
		if err != nil {
			t.Fatal(err)
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		plan := strings.Join(lines, "\n")
		if !strings.Contains(plan, "Index") || !strings.Contains(plan, c.index) || strings.Contains(plan, "Sort") {
			t.Errorf("%s\nis planned without index %s:\n%s", c.query, c.index, plan)
		}
	}
}

// An error opening a store names the server and database, never the
// password the URL holds.
func TestOpenErrorHidesPassword(t *testing.T) {
	_, err := Open(context.Background(), "postgres://lore:hunter2secret@127.0.0.1:1/team?connect_timeout=5")
	if err == nil {
		t.Fatal("opened a store on a closed port")
	}
	t.Log(err)
	if strings.Contains(err.Error(), "hunter2secret") {
		t.Errorf("the error shows the password: %v", err)
	}
	if !strings.Contains(err.Error(), "127.0.0.1:1/team") {
		t.Errorf("the error does not name the database: %v", err)
	}
	if _, err := Open(context.Background(), "postgres://lore:hunter2secret@127.0.0.1:bad/team"); err == nil || strings.Contains(err.Error(), "hunter2secret") {
		t.Errorf("a malformed URL: %v", err)
	}
}
