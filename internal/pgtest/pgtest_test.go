package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(Run(m)) }

func connect(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatalf("connect to %s: %v", url, err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn
}

func show(t *testing.T, conn *pgx.Conn, sql string) string {
	t.Helper()
	var v string
	if err := conn.QueryRow(context.Background(), sql).Scan(&v); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return v
}

// The server listens on 127.0.0.1 only, runs as a user other than root,
// and each test's database is its own: what one creates another does not
// see.
func TestStart(t *testing.T) {
	a := Start(t)
	conn := connect(t, a.URL)
	ctx := context.Background()
	v, err := Version()
	if err != nil || v == "" {
		t.Fatalf("version %q, %v", v, err)
	}
	t.Logf("PostgreSQL %s", v)
	if got := show(t, conn, "SHOW listen_addresses"); got != "127.0.0.1" {
		t.Errorf("listen_addresses %q, want 127.0.0.1", got)
	}
	if got := show(t, conn, "SELECT current_database()"); got != a.Name {
		t.Errorf("connected to %q, want %q", got, a.Name)
	}
	fi, err := os.Stat(show(t, conn, "SHOW data_directory"))
	if err != nil {
		t.Fatal(err)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && os.Geteuid() == 0 && st.Uid == 0 {
		t.Errorf("the data folder belongs to root: the server runs as root")
	}
	if _, err := conn.Exec(ctx, "CREATE TABLE mine (x int); INSERT INTO mine VALUES (1)"); err != nil {
		t.Fatal(err)
	}

	b := Start(t)
	if b.Name == a.Name || b.URL == a.URL {
		t.Fatalf("two tests share database %s", a.Name)
	}
	other := connect(t, b.URL)
	if got := show(t, other, "SELECT count(*)::text FROM pg_tables WHERE tablename = 'mine'"); got != "0" {
		t.Errorf("a new database has the other's table (%s)", got)
	}
}

// A test's database is dropped when the test ends.
func TestDatabaseDroppedAtCleanup(t *testing.T) {
	var name string
	t.Run("inner", func(t *testing.T) { name = Start(t).Name })
	if t.Failed() || name == "" {
		t.Fatal("the inner test did not get a database")
	}
	conn := connect(t, Start(t).URL)
	if got := show(t, conn, fmt.Sprintf("SELECT count(*)::text FROM pg_database WHERE datname = '%s'", name)); got != "0" {
		t.Errorf("database %s still exists after its test", name)
	}
}

func makeProgram(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
}

// The newest major version under Debian's folder is taken, by number, and
// only where postgres is beside initdb; else the PATH's initdb when postgres
// is beside it; else nothing.
func TestFindBinaries(t *testing.T) {
	root := t.TempDir()
	old := debianRoot
	debianRoot = root
	t.Cleanup(func() { debianRoot = old })
	for _, v := range []string{"9.6", "15"} {
		makeProgram(t, filepath.Join(root, v, "bin", "initdb"))
		makeProgram(t, filepath.Join(root, v, "bin", "postgres"))
	}
	makeProgram(t, filepath.Join(root, "16", "bin", "initdb")) // no server
	got, err := FindBinaries()
	if err != nil || got.Version != "15" || got.Dir != filepath.Join(root, "15", "bin") {
		t.Fatalf("found %+v, %v; want version 15", got, err)
	}

	debianRoot = filepath.Join(root, "none")
	path := t.TempDir()
	t.Setenv("PATH", path)
	if _, err := FindBinaries(); !errors.Is(err, ErrNotInstalled) {
		t.Fatalf("nothing installed: %v", err)
	}
	// A wrapper on the PATH, with no server beside it, is not taken.
	makeProgram(t, filepath.Join(path, "initdb"))
	if _, err := FindBinaries(); !errors.Is(err, ErrNotInstalled) {
		t.Fatalf("a wrapper alone: %v", err)
	}
	real := filepath.Join(root, "opt", "bin")
	makeProgram(t, filepath.Join(real, "initdb"))
	makeProgram(t, filepath.Join(real, "postgres"))
	if err := os.Remove(filepath.Join(path, "initdb")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(real, "initdb"), filepath.Join(path, "initdb")); err != nil {
		t.Fatal(err)
	}
	if got, err := FindBinaries(); err != nil || got.Dir != real {
		t.Fatalf("a link on the PATH: %+v, %v; want %s", got, err, real)
	}
}

// recorder is a testing.TB that records a skip or a failure and ends its
// goroutine as the real ones do.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper() {}

func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// Without PostgreSQL a test is skipped with the package to install, and
// fails instead when LORE_PG_REQUIRED=1.
func TestUnavailable(t *testing.T) {
	for _, required := range []string{"", "1"} {
		t.Setenv(RequiredEnv, required)
		r := &recorder{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			unavailable(r, fmt.Errorf("nothing here: %w", ErrNotInstalled))
		}()
		<-done
		msg := r.skipped
		if required == "1" {
			msg = r.failed
			if r.skipped != "" {
				t.Errorf("required, yet skipped: %s", r.skipped)
			}
		} else if r.failed != "" {
			t.Errorf("not required, yet failed: %s", r.failed)
		}
		if !strings.Contains(msg, "apt-get install postgresql") {
			t.Errorf("%s=%q: message %q does not name the package", RequiredEnv, required, msg)
		}
	}
}

// The folder of a server whose test binary died is removed when the next
// server starts; those of binaries still running are not.
func TestSweep(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	done := exec.Command("true")
	if err := done.Run(); err != nil {
		t.Skipf("no process to outlive: %v", err)
	}
	dead := filepath.Join(tmp, fmt.Sprintf("%s%d-1", folderPrefix, done.Process.Pid))
	mine := filepath.Join(tmp, fmt.Sprintf("%s%d-2", folderPrefix, os.Getpid()))
	running := filepath.Join(tmp, fmt.Sprintf("%s%d-3", folderPrefix, os.Getppid()))
	other := filepath.Join(tmp, folderPrefix+"notapid")
	for _, d := range []string{dead, mine, running, other} {
		if err := os.MkdirAll(filepath.Join(d, "data"), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	sweep(tmp)
	if _, err := os.Stat(dead); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dead binary's folder is left: %v", err)
	}
	for _, d := range []string{mine, running, other} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s was removed: %v", filepath.Base(d), err)
		}
	}
}

// As another user, the server's folder goes where that user can enter.
func TestBaseFolder(t *testing.T) {
	closed := filepath.Join(t.TempDir(), "closed")
	if err := os.Mkdir(closed, 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", closed)
	if got, err := baseFolder(nil); err != nil || got != closed {
		t.Errorf("as this process's user: %q, %v; want %s", got, err, closed)
	}
	if !enterable("/tmp") {
		t.Skip("/tmp is closed to other users here")
	}
	if got, err := baseFolder(&account{name: "nobody"}); err != nil || got != "/tmp" {
		t.Errorf("as another user: %q, %v; want /tmp", got, err)
	}
}
