package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core/api/owner"
)

// inProcess runs a lore command line in this process, as a second lore
// process would: with an owner serving the store, it is forwarded to it.
func inProcess(args ...string) result {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return result{code, out.String(), errb.String()}
}

// ownStore makes this process the owner of the store in dir, as lore
// serve does, for the rest of the test.
func ownStore(t testing.TB, dir string) *heldStore {
	t.Helper()
	return ownStoreFeeding(t, dir, nil)
}

// ownStoreFeeding is ownStore with a screen the owner tells of its
// clients' runs and writes, as lore serve with the terminal app does.
func ownStoreFeeding(t testing.TB, dir string, feed *screenFeed) *heldStore {
	t.Helper()
	t.Setenv("LORE_DATA_DIR", dir)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	cfg, err := loadConfig("")
	if err != nil {
		t.Fatal(err)
	}
	a := newAppOn(cfg, strings.NewReader(""), io.Discard, io.Discard)
	own, err := a.own(context.Background(), ownerApp, feed, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = own.close() })
	return own.held
}

// TestOwnerReadsAtOnceAndWritesInTurn: 20 concurrent readers and 3
// queued writers (curators' edits) against one owner — no error, the
// readers are not held up by the queued writes, and the writes are
// applied in the order they asked. (A learn asks for the turn to read the
// store's version, plans outside it and asks again to commit: learns
// commit in the order their comparisons end.)
func TestOwnerReadsAtOnceAndWritesInTurn(t *testing.T) {
	dir := newStoreDir(t)
	loreOK(t, dir, "learn", corpus(t, "apiref_goldmark_README.md"), "--json")
	held := ownStore(t, dir)
	_, ranked := rankAll(t, dir)
	if len(ranked) < 3 {
		t.Fatalf("the learn gave %d primitives", len(ranked))
	}

	// The test takes the write turn first, so the writers queue.
	_, release, err := held.lend(context.Background(), true)
	if err != nil {
		t.Fatal(err)
	}
	var writers sync.WaitGroup
	results := make([]result, 3)
	names := make([]string, 3)
	for i := range 3 {
		names[i] = "edit " + ranked[i].ID
		writers.Go(func() { results[i] = inProcess("edit", ranked[i].ID, "--name", fmt.Sprintf("Renamed %d", i), "--json") })
		// Each writer waits for its turn before the next one starts.
		for deadline := time.Now().Add(time.Minute); held.queued.Load() < int32(i+1); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("writer %d never asked for the write turn", i)
			}
		}
	}
	var readers sync.WaitGroup
	reads := make([]result, 20)
	for i := range reads {
		readers.Go(func() {
			if i%2 == 0 {
				reads[i] = inProcess("rank", "--json")
			} else {
				reads[i] = inProcess("sessions", "--json")
			}
		})
	}
	readers.Wait()
	for i, r := range reads {
		if r.code != 0 || !json.Valid([]byte(r.stdout)) {
			t.Errorf("reader %d while writes queue: exit %d, %s%s", i, r.code, r.stdout, r.stderr)
		}
	}
	_ = release()
	writers.Wait()
	for i, r := range results {
		if r.code != 0 || !strings.Contains(r.stdout, `"decision": "edit"`) {
			t.Fatalf("writer %d: exit %d\n%s%s", i, r.code, r.stdout, r.stderr)
		}
	}
	var list struct {
		Sessions []struct {
			Source      string    `json:"source"`
			CompletedAt time.Time `json:"completedAt"`
		} `json:"sessions"`
	}
	r := inProcess("sessions", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		t.Fatalf("sessions: %v\n%s", err, r.stdout)
	}
	slices.SortFunc(list.Sessions, func(a, b struct {
		Source      string    `json:"source"`
		CompletedAt time.Time `json:"completedAt"`
	}) int {
		return a.CompletedAt.Compare(b.CompletedAt)
	})
	var order []string
	for _, s := range list.Sessions {
		if slices.Contains(names, s.Source) {
			order = append(order, s.Source)
		}
	}
	if !slices.Equal(order, names) {
		t.Fatalf("writes applied in the order %v, want %v", order, names)
	}
}

// startServe starts lore serve on the store in dir, in its own process
// with env, and returns once it listens; it is killed when the test ends.
func startServe(tb testing.TB, dir string, env []string) *exec.Cmd {
	tb.Helper()
	srv := exec.Command(loreBin, "serve")
	srv.Env = env
	var srvErr bytes.Buffer
	srv.Stderr = &srvErr
	if err := srv.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = srv.Process.Kill(); _ = srv.Wait() })
	deadline := time.Now().Add(20 * time.Second)
	for {
		if c, err := owner.Dial(dir); err == nil {
			_ = c.Close()
			return srv
		}
		if time.Now().After(deadline) {
			tb.Fatalf("lore serve never listened: %s", srvErr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestKilledOwnerLeavesTheStoreWholeAndIsReplaced: an owner killed with
// SIGKILL during a client's learn leaves the store verifiable and the
// session all or nothing, and the next command opens the store itself.
func TestKilledOwnerLeavesTheStoreWholeAndIsReplaced(t *testing.T) {
	dir := newStoreDir(t)
	loreOK(t, dir, "learn", corpus(t, "apiref_goldmark_README.md"), "--json")
	home := t.TempDir()
	env := append([]string{
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "PATH=" + os.Getenv("PATH"),
	}, storeEnv(dir)...)
	srv := startServe(t, dir, env)
	// A source large enough that the learn is still running when the
	// owner is killed.
	big := filepath.Join(t.TempDir(), "big.md")
	var b strings.Builder
	for i := range 4000 {
		fmt.Fprintf(&b, "## Definition %d\n\nA **term%d** is a structure with %d parts and a rule for combining them.\n\n", i, i, i%17+2)
	}
	if err := os.WriteFile(big, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	client := exec.Command(loreBin, "learn", big, "--approve", "--json")
	client.Env = env
	var cout, cerr bytes.Buffer
	client.Stdout, client.Stderr = &cout, &cerr
	if err := client.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond)
	if err := srv.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = srv.Wait()
	_ = client.Wait()
	if client.ProcessState.ExitCode() == 0 && !strings.Contains(cout.String(), `"success": true`) {
		t.Fatalf("the client exited 0 without a result: %s%s", cout.String(), cerr.String())
	}
	if client.ProcessState.ExitCode() != 0 && !strings.Contains(cerr.String(), "ended before the command finished") {
		t.Errorf("the client of a killed owner says: %s", cerr.String())
	}
	// The next command takes over: no owner answers, it opens the store.
	r := loreOK(t, dir, "store", "verify", "--json")
	if !strings.Contains(r.stdout, `"problemCount": 0`) {
		t.Fatalf("store after the owner was killed: %s", r.stdout)
	}
	var list struct {
		Sessions []struct {
			Source string         `json:"source"`
			State  string         `json:"state"`
			Counts map[string]int `json:"counts"`
		} `json:"sessions"`
	}
	if err := json.Unmarshal([]byte(loreOK(t, dir, "sessions", "--json").stdout), &list); err != nil {
		t.Fatal(err)
	}
	for _, s := range list.Sessions {
		if s.Source == big && s.State != "committed" {
			t.Errorf("the killed learn left a session %q", s.State)
		}
	}
	n := loreOK(t, dir, "rank", "--json", "--top", "0").stdout
	terms := strings.Count(n, `"name": "Term`)
	if terms != 0 && terms < 4000 {
		t.Errorf("the killed learn left %d of its primitives: not all or nothing", terms)
	}
	t.Logf("client exit %d; the learn's primitives in the store: %d", client.ProcessState.ExitCode(), terms)
}

// BenchmarkOwnerRead measures a read (lore sessions --json) run by an
// owner for a client in this process: the command line parsed on both
// sides, the socket's round trip and the read itself. It reports the
// median and the 95th percentile.
func BenchmarkOwnerRead(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "store")
	b.Setenv("LORE_DATA_DIR", dir)
	b.Setenv("XDG_CONFIG_HOME", b.TempDir())
	cfg, err := loadConfig("")
	if err != nil {
		b.Fatal(err)
	}
	a := newAppOn(cfg, strings.NewReader(""), io.Discard, io.Discard)
	own, err := a.own(context.Background(), ownerApp, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = own.close() }()
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		if r := inProcess("sessions", "--json"); r.code != 0 {
			b.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
}

// TestEveryCommandIsLocalOrOnTheAPI: a command that serves its own
// client (mcp, serve) or needs no store runs where it is typed; every
// other command calls lore's API (beside an owner, the owner's), and none
// hands a command line to another process.
func TestEveryCommandIsLocalOrOnTheAPI(t *testing.T) {
	root := (&app{}).rootCmd()
	local := func(cmd *cobra.Command) bool {
		for c := cmd; c != nil; c = c.Parent() {
			if c.Annotations[cmdutil.AnnotLocal] != "" {
				return true
			}
		}
		return false
	}
	for args, want := range map[string]bool{
		"mcp": true, "serve": true, "scan": true, "version": true, "skills validate": true, "store restore": true,
		"learn": false, "rank": false, "skills search": false, "watch": false, "queue": false, "store verify": false,
	} {
		cmd, _, err := root.Find(strings.Fields(args))
		if err != nil {
			t.Fatal(err)
		}
		if local(cmd) != want {
			t.Errorf("lore %s runs locally: %t, want %t", args, local(cmd), want)
		}
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Runnable() && c != root && !local(c) && c.Annotations[cmdutil.AnnotHelp] == "" && c.Annotations[cmdutil.AnnotAPI] == "" {
			t.Errorf("lore %s neither runs here without a store nor calls the API", strings.TrimPrefix(c.CommandPath(), "lore "))
		}
		for _, k := range c.Commands() {
			walk(k)
		}
	}
	walk(root)
}

// newAppOn is lore on these streams with the configuration cfg.
func newAppOn(cfg *config, stdin io.Reader, stdout, stderr io.Writer) *app {
	a := newApp(stdin, stdout, stderr)
	a.cfg = cfg
	return a
}
