// Package pgtest starts a real PostgreSQL server for tests: one server per
// test binary, in a temporary folder, listening only on 127.0.0.1 on a free
// port with trust authentication, and a fresh database for each test that
// asks for one. The server is Debian's (package postgresql): its initdb and
// postgres are found in /usr/lib/postgresql/<version>/bin, or beside the
// initdb on the PATH.
//
// PostgreSQL refuses to run as root, and tests run as root in containers
// and CI; there the server is run as the unprivileged system user nobody,
// which owns the temporary folder.
//
// A package using it calls Run from its TestMain, which stops the server
// and removes its folder once the tests are done:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }
//
// Without the binaries a test asking for a database is skipped, naming the
// package to install; with LORE_PG_REQUIRED=1 (as CI sets) it fails.
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// RequiredEnv names the environment variable that turns a missing
// PostgreSQL from a skip into a failure.
const RequiredEnv = "LORE_PG_REQUIRED"

// installHint is what a skipped test tells its reader to do.
const installHint = "install PostgreSQL's server (apt-get install postgresql)"

// ErrNotInstalled is returned (wrapped) by FindBinaries when no PostgreSQL
// server binaries are found.
var ErrNotInstalled = errors.New("PostgreSQL server binaries not found")

// startTimeout bounds how long the server may take to accept connections.
const startTimeout = 60 * time.Second

// DB is one database on the shared server, created for one test and
// dropped when it ends.
type DB struct {
	// URL connects to the database as its superuser (trust
	// authentication: there is no password).
	URL string
	// Name is the database's name.
	Name string
}

// Binaries are a PostgreSQL installation's server programs.
type Binaries struct {
	// Dir is the folder holding initdb and postgres.
	Dir string
	// Version is the folder's major version ("15"), or "" when the
	// binaries were found on the PATH.
	Version string
}

func (b Binaries) path(name string) string { return filepath.Join(b.Dir, name) }

// debianRoot is where Debian's postgresql packages put each major
// version's binaries; a variable so a test can point it elsewhere.
var debianRoot = "/usr/lib/postgresql"

// FindBinaries finds the newest PostgreSQL server installed under Debian's
// folder, or else the one whose initdb is on the PATH. The PATH's initdb
// is taken only when postgres sits in the same folder once symbolic links
// are resolved: on Debian the PATH may hold a wrapper script instead,
// which picks a cluster rather than running the program.
func FindBinaries() (Binaries, error) {
	matches, _ := filepath.Glob(filepath.Join(debianRoot, "*", "bin", "initdb"))
	var found []Binaries
	for _, m := range matches {
		dir := filepath.Dir(m)
		if isExecutable(filepath.Join(dir, "postgres")) && isExecutable(m) {
			found = append(found, Binaries{Dir: dir, Version: filepath.Base(filepath.Dir(dir))})
		}
	}
	if len(found) > 0 {
		// The newest major version: "15" after "9.6", by number.
		slices.SortFunc(found, func(a, b Binaries) int { return compareVersions(a.Version, b.Version) })
		return found[len(found)-1], nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			dir := filepath.Dir(real)
			if isExecutable(filepath.Join(dir, "postgres")) {
				return Binaries{Dir: dir}, nil
			}
		}
	}
	return Binaries{}, fmt.Errorf("no initdb and postgres in %s/*/bin nor on the PATH: %w", debianRoot, ErrNotInstalled)
}

// compareVersions orders major versions by their numbers ("9.6" < "15");
// a folder not named by a number sorts first.
func compareVersions(a, b string) int {
	num := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return -1
		}
		return f
	}
	switch na, nb := num(a), num(b); {
	case na < nb:
		return -1
	case na > nb:
		return 1
	}
	return strings.Compare(a, b)
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// server is the running PostgreSQL the test binary shares.
type server struct {
	bin    Binaries
	dir    string // the temporary folder: data/ and the log
	port   int
	cmd    *exec.Cmd
	exited chan struct{} // closed when cmd has been waited for
	log    *bytes.Buffer // the server's output, for a failure's message
	logMu  *sync.Mutex
}

var shared struct {
	mu      sync.Mutex
	running bool // Run is in charge of stopping the server
	srv     *server
	err     error // why the server could not start, kept for every test
	missing bool  // err is ErrNotInstalled
	dbs     int   // databases made, for their names
}

// Run runs the package's tests (m.Run) and then stops the shared server, if
// a test started it, and removes its folder. It returns the exit code for
// os.Exit. Start fails a test of a package whose TestMain does not call it,
// since nothing else would stop the server.
func Run(m *testing.M) int {
	shared.mu.Lock()
	shared.running = true
	shared.mu.Unlock()
	code := m.Run()
	shared.mu.Lock()
	srv := shared.srv
	shared.srv = nil
	shared.mu.Unlock()
	if srv != nil {
		if err := srv.stop(); err != nil {
			fmt.Fprintf(os.Stderr, "pgtest: %v\n", err)
			if code == 0 {
				code = 1
			}
		}
	}
	return code
}

// Start returns a new, empty database on the shared server, starting the
// server on the first call, and drops the database when tb ends. Without
// PostgreSQL's binaries it skips tb (fails it when LORE_PG_REQUIRED=1).
func Start(tb testing.TB) *DB {
	tb.Helper()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if !shared.running {
		tb.Fatal("pgtest: the package's TestMain must call pgtest.Run, which stops the server when the tests end")
	}
	if shared.srv == nil && shared.err == nil {
		shared.srv, shared.err = startServer()
		shared.missing = errors.Is(shared.err, ErrNotInstalled)
	}
	if shared.err != nil {
		if shared.missing {
			unavailable(tb, shared.err)
		}
		tb.Fatalf("pgtest: %v", shared.err)
	}
	shared.dbs++
	name := fmt.Sprintf("lore_test_%d", shared.dbs)
	if err := shared.srv.exec(fmt.Sprintf("CREATE DATABASE %s", name)); err != nil {
		tb.Fatalf("pgtest: create database %s: %v", name, err)
	}
	srv := shared.srv
	tb.Cleanup(func() {
		if err := srv.dropDatabase(name); err != nil {
			tb.Errorf("pgtest: drop database %s: %v", name, err)
		}
	})
	return &DB{URL: srv.url(name), Name: name}
}

// unavailable skips tb for want of PostgreSQL, or fails it when
// LORE_PG_REQUIRED=1 says PostgreSQL must be there.
func unavailable(tb testing.TB, err error) {
	tb.Helper()
	if os.Getenv(RequiredEnv) == "1" {
		tb.Fatalf("pgtest: %v; %s (%s=1 requires it)", err, installHint, RequiredEnv)
	}
	tb.Skipf("pgtest: %v; %s to run this test", err, installHint)
}

// Version returns the shared server's version ("15.14 (Debian ...)"), or
// "" when no server was started.
func Version() (string, error) {
	shared.mu.Lock()
	srv := shared.srv
	shared.mu.Unlock()
	if srv == nil {
		return "", nil
	}
	var v string
	err := srv.query(func(conn *pgx.Conn) error {
		return conn.QueryRow(context.Background(), "SHOW server_version").Scan(&v)
	})
	return v, err
}

func (s *server) url(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, db)
}

// query runs f on a new connection to the server's postgres database.
func (s *server) query(f func(*pgx.Conn) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.url("postgres"))
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(context.Background()) }()
	return f(conn)
}

func (s *server) exec(sql string) error {
	return s.query(func(conn *pgx.Conn) error {
		_, err := conn.Exec(context.Background(), sql)
		return err
	})
}

// dropDatabase drops a test's database, ending first the connections the
// test left open, which would block it (DROP DATABASE's FORCE does that
// too, from PostgreSQL 13 on only).
func (s *server) dropDatabase(name string) error {
	return s.query(func(conn *pgx.Conn) error {
		ctx := context.Background()
		if _, err := conn.Exec(ctx, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", name); err != nil {
			return err
		}
		_, err := conn.Exec(ctx, "DROP DATABASE "+name)
		return err
	})
}

// startServer makes a cluster in a new temporary folder and starts it,
// trying again on another port when the one picked was taken meanwhile.
func startServer() (*server, error) {
	bin, err := FindBinaries()
	if err != nil {
		return nil, err
	}
	as, err := unprivileged()
	if err != nil {
		return nil, err
	}
	base, err := baseFolder(as)
	if err != nil {
		return nil, err
	}
	sweep(base)
	dir, err := os.MkdirTemp(base, fmt.Sprintf("%s%d-", folderPrefix, os.Getpid()))
	if err != nil {
		return nil, fmt.Errorf("make a folder for PostgreSQL: %w", err)
	}
	s := &server{bin: bin, dir: dir}
	if err := s.initdb(as); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	for attempt := 1; ; attempt++ {
		err = s.start(as)
		if err == nil {
			return s, nil
		}
		if attempt == 3 || !strings.Contains(s.output(), "could not bind") {
			_ = os.RemoveAll(dir)
			return nil, err
		}
	}
}

// baseFolder is where the server's folder is made: the system's temporary
// folder, unless the server runs as another user who cannot enter it (a
// TMPDIR under /root); then /tmp.
func baseFolder(as *account) (string, error) {
	base := os.TempDir()
	if as == nil || enterable(base) {
		return base, nil
	}
	if enterable("/tmp") {
		return "/tmp", nil
	}
	return "", fmt.Errorf("PostgreSQL runs as user %s, who can enter neither %s nor /tmp", as.name, base)
}

// enterable reports whether any user may enter dir: it and every folder
// above it let others search them.
func enterable(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for {
		fi, err := os.Stat(abs)
		if err != nil || fi.Mode().Perm()&0o001 == 0 {
			return false
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return true
		}
		abs = parent
	}
}

// folderPrefix begins the name of a server's temporary folder, which goes
// on with the test binary's process id.
const folderPrefix = "lore-pgtest-"

// sweep removes the folders of servers whose test binary died without Run
// removing them (killed, or timed out: go test's timeout panics): their
// servers stopped with them (see procAttr). A folder of a binary still
// running, as other packages' are while go test runs them side by side,
// is left alone.
func sweep(base string) {
	dirs, _ := filepath.Glob(filepath.Join(base, folderPrefix+"*-*"))
	for _, d := range dirs {
		pid, _, ok := strings.Cut(strings.TrimPrefix(filepath.Base(d), folderPrefix), "-")
		n, err := strconv.Atoi(pid)
		if !ok || err != nil || n == os.Getpid() || processAlive(n) {
			continue
		}
		_ = os.RemoveAll(d)
	}
}

// command prepares one of the server's programs, run as cred when not nil.
// Its environment is only what it needs: a PGDATA or PGPORT of the
// developer's must not point it at their own cluster.
func (s *server) command(as *account, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(s.bin.path(name), args...)
	cmd.Dir = s.dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C", "TZ=UTC"}
	cmd.SysProcAttr = procAttr(as, name == "postgres")
	return cmd
}

func (s *server) initdb(as *account) error {
	if as != nil {
		// The folder is made 0700 by root; the server's user must own
		// it. Its parent (the system's temporary folder) must let that
		// user in.
		if err := os.Chown(s.dir, int(as.uid), int(as.gid)); err != nil {
			return fmt.Errorf("give %s to user %s: %w", s.dir, as.name, err)
		}
	}
	cmd := s.command(as, "initdb",
		"--pgdata", filepath.Join(s.dir, "data"),
		"--username", "postgres",
		"--auth", "trust",
		"--encoding", "UTF8",
		"--locale", "C",
		"--no-sync")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("initdb in %s (%s): %w\n%s", s.dir, s.bin.Dir, err, out)
	}
	return nil
}

// start runs postgres on a free port of 127.0.0.1 and waits until it
// accepts connections. The server is this process's child, told to stop
// (Pdeathsig) should the test binary die without Run stopping it.
func (s *server) start(as *account) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	s.port = port
	s.log = new(bytes.Buffer)
	s.logMu = new(sync.Mutex)
	cmd := s.command(as, "postgres",
		"-D", filepath.Join(s.dir, "data"),
		"-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1",
		// No Unix socket: the folder Debian's build defaults to
		// (/var/run/postgresql) may not exist or be writable.
		"-c", "unix_socket_directories=",
		// A test server loses nothing it needs on a crash.
		"-c", "fsync=off",
		"-c", "synchronous_commit=off",
		"-c", "full_page_writes=off",
		"-c", "max_connections=200")
	cmd.Stdout = lockedWriter{s.logMu, s.log}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start postgres (%s): %w", s.bin.Dir, err)
	}
	s.cmd = cmd
	s.exited = make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(s.exited)
	}()
	deadline := time.Now().Add(startTimeout)
	for {
		select {
		case <-s.exited:
			return fmt.Errorf("postgres on 127.0.0.1:%d exited while starting: %v\n%s", port, cmd.ProcessState, s.output())
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, s.url("postgres"))
		cancel()
		if err == nil {
			_ = conn.Close(context.Background())
			return nil
		}
		if time.Now().After(deadline) {
			_ = s.stop()
			return fmt.Errorf("postgres on 127.0.0.1:%d not accepting connections after %v: %w\n%s", port, startTimeout, err, s.output())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *server) output() string {
	if s.logMu == nil {
		return ""
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	return s.log.String()
}

// stop shuts the server down (a fast shutdown: open connections are ended)
// and removes its folder.
func (s *server) stop() error {
	var errs []error
	if s.cmd != nil {
		select {
		case <-s.exited:
		default:
			fastShutdown(s.cmd)
			select {
			case <-s.exited:
			case <-time.After(30 * time.Second):
				killGroup(s.cmd)
				<-s.exited
				errs = append(errs, fmt.Errorf("postgres on 127.0.0.1:%d did not stop within 30s and was killed\n%s", s.port, s.output()))
			}
		}
	}
	if err := os.RemoveAll(s.dir); err != nil {
		errs = append(errs, fmt.Errorf("remove PostgreSQL's folder: %w", err))
	}
	return errors.Join(errs...)
}

// freePort asks the system for a port of 127.0.0.1 no one listens on. It is
// free when this returns; postgres may still lose it to another process,
// which startServer answers by trying again.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port on 127.0.0.1: %w", err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	if err := l.Close(); err != nil {
		return 0, fmt.Errorf("find a free port on 127.0.0.1: %w", err)
	}
	return port, nil
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
