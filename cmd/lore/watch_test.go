package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/lore-kb/lore/cli/watchcmd"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/store"
)

// runFixture is a run written for core/trajectory's tests.
func runFixture(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", "core", "trajectory", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// skillRowsOf lists the library's skills as lore skills list --json does.
func skillRowsOf(t *testing.T, env []string) []skillRow {
	t.Helper()
	r := loreIn(t, env, "", "skills", "list", "--json")
	if r.code != 0 {
		t.Fatalf("skills list: %d %s", r.code, r.stderr)
	}
	var out skillRows
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	return out.Skills
}

func TestTrajLearnCommand(t *testing.T) {
	data := newStoreDir(t)
	env := storeEnv(data)
	r := loreIn(t, env, "", "learn", runFixture(t, "claude_success.jsonl"), "--json")
	if r.code != 0 {
		t.Fatalf("learn a run: exit %d, %s", r.code, r.stderr)
	}
	var out struct {
		Kind     string                   `json:"kind"`
		Format   string                   `json:"format"`
		Outcome  string                   `json:"outcome"`
		Steps    []string                 `json:"steps"`
		Drafts   []trajectory.Draft       `json:"drafts"`
		Redacted map[string]int           `json:"redacted"`
		Failure  *trajectory.FailureCount `json:"failure"`
		Errors   []string                 `json:"errors"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if out.Kind != "run" || out.Format != "claude-code" || out.Outcome != "success" || len(out.Drafts) != 1 || out.Drafts[0].Status != "draft" ||
		out.Redacted["project path"] == 0 || len(out.Steps) != 4 || out.Errors == nil {
		t.Fatalf("learn --json: %s", r.stdout)
	}
	// Human output, the same run again: nothing added.
	r = loreIn(t, env, "", "learn", runFixture(t, "claude_success.jsonl"))
	if r.code != 0 || !strings.Contains(r.stdout, "learned before") {
		t.Fatalf("the same run again: %d %q %q", r.code, r.stdout, r.stderr)
	}
	if rows := skillRowsOf(t, env); len(rows) != 1 || rows[0].Status != "draft" || rows[0].Source != "proposed" {
		t.Fatalf("library after two learns of one run: %+v", rows)
	}
	// A dry run files nothing.
	r = loreIn(t, env, "", "learn", runFixture(t, "codex_success.jsonl"), "--dry-run")
	if r.code != 0 || !strings.Contains(r.stdout, "dry run") || len(skillRowsOf(t, env)) != 1 {
		t.Fatalf("dry run: %d %q", r.code, r.stdout)
	}
	// A run from standard input.
	stdin, err := os.ReadFile(runFixture(t, "generic_success.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	r = loreIn(t, env, string(stdin), "learn", "-", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"source": "standard input"`) {
		t.Fatalf("a run on stdin: %d %s %s", r.code, r.stdout, r.stderr)
	}

	// A damaged run: exit 1, naming it, the store unchanged.
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.jsonl")
	writeFile(t, bad, "{\"role\":\"user\",\"content\":\"x\"}\n{\"role\":\n{\"outcome\":\"success\"}\n")
	before := storeDump(t, data)
	r = loreIn(t, env, "", "learn", bad, "--json")
	if r.code != 1 || !strings.Contains(r.stderr, bad) || !strings.Contains(r.stderr, "line 2") {
		t.Fatalf("a damaged run: exit %d, stderr %q", r.code, r.stderr)
	}
	jsonFailure(t, "learn broken.jsonl --json", r.stdout, 1)
	if after := storeDump(t, data); after != before {
		t.Error("a damaged run changed the store")
	}
	// A .jsonl of other data is refused as before: not a run.
	other := filepath.Join(dir, "prices.jsonl")
	writeFile(t, other, "{\"id\":1,\"price\":3}\n{\"id\":2,\"price\":4}\n")
	r = loreIn(t, env, "", "learn", other)
	if r.code != 2 || !strings.Contains(r.stderr, "unsupported file type .jsonl") {
		t.Fatalf("a .jsonl of other data: exit %d, stderr %q", r.code, r.stderr)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

// storeDump is every key and value of the store in data, as text.
func storeDump(t *testing.T, data string) string {
	t.Helper()
	st, err := store.Open(data, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var b strings.Builder
	if err := st.Each(func(k, v []byte) error {
		b.Write(k)
		b.WriteByte('=')
		b.Write(v)
		b.WriteByte('\n')
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestQueueShowsDoneAndFailedRuns(t *testing.T) {
	env := storeEnv(newStoreDir(t))
	runs := t.TempDir()
	writeRuns(t, runs, 0, 2, 3)
	broken := filepath.Join(runs, "broken.jsonl")
	writeFile(t, broken, "{\"role\":\"user\",\"content\":\"x\"}\nnot json\n{\"outcome\":\"success\"}\n")
	past := time.Now().Add(-time.Hour)
	_ = os.Chtimes(broken, past, past)
	writeFile(t, filepath.Join(runs, "prices.jsonl"), "{\"id\":1}\n")
	_ = os.Chtimes(filepath.Join(runs, "prices.jsonl"), past, past)

	r := loreIn(t, env, "", "watch", runs, "--once", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"learned": 2`) || !strings.Contains(r.stdout, `"failed": 1`) {
		t.Fatalf("watch --once: %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = loreIn(t, env, "", "queue", "--json")
	q := &lorev1.JobsResponse{}
	if r.code != 0 || protojson.Unmarshal([]byte(r.stdout), q) != nil {
		t.Fatalf("queue --json: %d %s %s", r.code, r.stdout, r.stderr)
	}
	if q.Pending != 0 || q.Done != 2 || q.Failed != 1 || q.RunsLearned != 2 || len(q.Jobs) != 3 {
		t.Fatalf("queue: %+v", q)
	}
	for _, j := range q.Jobs {
		if j.GetState() == string(trajectory.Failed) && (!strings.HasSuffix(j.Path, "broken.jsonl") || !strings.Contains(j.Reason, "line 2")) {
			t.Errorf("failed job %+v", j)
		}
		if j.GetState() == string(trajectory.Done) && (j.Skill == "" || !strings.Contains(j.Result, "drafted")) {
			t.Errorf("done job %+v", j)
		}
	}
	// --limit caps every state's list, done jobs included.
	r = loreIn(t, env, "", "queue", "--limit", "1", "--json")
	capped := &lorev1.JobsResponse{}
	if r.code != 0 || protojson.Unmarshal([]byte(r.stdout), capped) != nil || len(capped.Jobs) != 2 || capped.Done != 2 {
		t.Fatalf("queue --limit 1: %d %s %s", r.code, r.stdout, r.stderr)
	}
	r = loreIn(t, env, "", "queue")
	if r.code != 0 || !strings.Contains(r.stdout, "0 pending · 2 done · 1 failed") || !strings.Contains(r.stdout, "broken.jsonl: not a readable agent run") {
		t.Fatalf("queue: %d\n%s", r.code, r.stdout)
	}
	// Watching again queues nothing: the files did not change.
	r = loreIn(t, env, "", "watch", runs, "--once", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"queued": 0`) {
		t.Fatalf("a second watch: %d %s", r.code, r.stdout)
	}
	// A copy of a learned run under a new name is not learned again, and
	// the watch says why it passed it over.
	data, err := os.ReadFile(filepath.Join(runs, "run-0000.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(runs, "copy.jsonl")
	writeFile(t, copied, string(data))
	_ = os.Chtimes(copied, past, past)
	r = loreIn(t, env, "", "watch", runs, "--once")
	if r.code != 0 || !strings.Contains(r.stdout, "queued 0") || !strings.Contains(r.stderr, "copy.jsonl: the same run was learned already") {
		t.Fatalf("a copy of a learned run: %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// watchProcess is lore watch running in its own process, its progress
// lines counted as they come.
type watchProcess struct {
	cmd     *exec.Cmd
	mu      sync.Mutex
	lines   []string
	done    chan struct{}
	waitErr error
}

func startWatch(t *testing.T, env []string, args ...string) *watchProcess {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(loreBin, append([]string{"watch"}, args...)...)
	cmd.Env = append([]string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "PATH=" + os.Getenv("PATH")}, env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w := &watchProcess{cmd: cmd, done: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			w.mu.Lock()
			w.lines = append(w.lines, sc.Text())
			w.mu.Unlock()
		}
		w.waitErr = cmd.Wait()
		close(w.done)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-w.done
	})
	return w
}

// count is how many progress lines hold word.
func (w *watchProcess) count(word string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, l := range w.lines {
		if strings.Contains(l, " "+word+" ") {
			n++
		}
	}
	return n
}

func (w *watchProcess) waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		select {
		case <-w.done:
			t.Fatalf("lore watch ended before %s: %v\n%s", what, w.waitErr, strings.Join(w.lines, "\n"))
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s:\n%s", what, strings.Join(w.lines, "\n"))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWatchCrashLosesNoRunAndLearnsEachOnce runs lore watch as a process,
// drops run files into its folder, kills it (SIGKILL) while runs are still
// queued, then starts it again: every run is learned, each exactly once —
// one draft per run, one job per file, every job done.
func TestWatchCrashLosesNoRunAndLearnsEachOnce(t *testing.T) {
	const n = 24
	data := newStoreDir(t)
	env := storeEnv(data)
	runs := t.TempDir()
	w := startWatch(t, env, runs, "--interval", "500ms", "--settle", "100ms", "--pace", "150ms")
	writeRuns(t, runs, 0, n/2, 5)
	w.waitUntil(t, "the first runs queued", func() bool { return w.count("queued") >= n/2 })
	// More runs while it learns: a change notice (or the next walk) queues
	// them.
	sub := filepath.Join(runs, "later")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	writeRuns(t, sub, n/2, n/2, 5)
	w.waitUntil(t, "every run queued and a few learned", func() bool { return w.count("queued") >= n && w.count("learned") >= 3 })
	learnedBefore := w.count("learned")
	if err := w.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-w.done
	if learnedBefore >= n {
		t.Fatalf("every run was learned before the kill (%d); the test must kill lore while runs are queued", learnedBefore)
	}

	// The queue survived the kill: lore queue shows the runs still pending.
	r := loreIn(t, env, "", "queue", "--json")
	q := &lorev1.JobsResponse{}
	if r.code != 0 || protojson.Unmarshal([]byte(r.stdout), q) != nil {
		t.Fatalf("queue after the kill: %d %s %s", r.code, r.stdout, r.stderr)
	}
	t.Logf("killed after %d runs learned; the queue then held %d pending, %d done", learnedBefore, q.Pending, q.Done)
	if q.Pending == 0 || int(q.Pending+q.Done) != n {
		t.Fatalf("after the kill: %d pending, %d done, %d failed; want the %d runs between pending and done", q.Pending, q.Done, q.Failed, n)
	}

	again := startWatch(t, env, runs, "--once", "--settle", "100ms")
	select {
	case <-again.done:
	case <-time.After(120 * time.Second):
		t.Fatal("the restarted watch did not finish")
	}
	if again.waitErr != nil {
		t.Fatalf("restarted watch: %v\n%s", again.waitErr, strings.Join(again.lines, "\n"))
	}
	if again.count("queued") != 0 {
		t.Errorf("the restarted watch queued files again:\n%s", strings.Join(again.lines, "\n"))
	}

	r = loreIn(t, env, "", "queue", "--state", "all", "--json")
	q = &lorev1.JobsResponse{}
	if r.code != 0 || protojson.Unmarshal([]byte(r.stdout), q) != nil {
		t.Fatalf("queue: %d %s", r.code, r.stdout)
	}
	if q.Pending != 0 || q.Failed != 0 || int(q.Done) != n || int(q.RunsLearned) != n || len(q.Jobs) != n {
		t.Fatalf("after the restart: %+v", q)
	}
	var paths []string
	for _, j := range q.Jobs {
		paths = append(paths, j.Path)
	}
	slices.Sort(paths)
	if len(slices.Compact(paths)) != n {
		t.Errorf("a file was queued twice: %v", paths)
	}
	rows := skillRowsOf(t, env)
	for _, s := range rows {
		if s.Source != "proposed" || s.Status != "draft" {
			t.Errorf("skill %s is %s/%s", s.Key, s.Source, s.Status)
		}
	}
	if len(rows) != n {
		t.Errorf("%d drafts for %d runs", len(rows), n)
	}
}

// TestWatchKilledMidRunLearnsEachOnce kills lore watch again and again
// just after it reports a run learned — between the run's record and its
// job's completion, the narrowest window — and then lets it finish: still
// one draft per run, one done job per file.
func TestWatchKilledMidRunLearnsEachOnce(t *testing.T) {
	const n = 40
	env := storeEnv(newStoreDir(t))
	runs := t.TempDir()
	writeRuns(t, runs, 100, n, 20)
	for life := 1; life <= 4; life++ {
		w := startWatch(t, env, runs, "--settle", "0s")
		deadline := time.Now().Add(60 * time.Second)
		for w.count("learned") < life {
			if time.Now().After(deadline) {
				t.Fatalf("life %d: nothing learned:\n%s", life, strings.Join(w.lines, "\n"))
			}
			time.Sleep(2 * time.Millisecond)
		}
		_ = w.cmd.Process.Kill()
		<-w.done
	}
	last := startWatch(t, env, runs, "--once", "--settle", "0s")
	<-last.done
	if last.waitErr != nil {
		t.Fatalf("last watch: %v\n%s", last.waitErr, strings.Join(last.lines, "\n"))
	}
	r := loreIn(t, env, "", "queue", "--state", "all", "--json")
	q := &lorev1.JobsResponse{}
	if r.code != 0 || protojson.Unmarshal([]byte(r.stdout), q) != nil {
		t.Fatalf("queue: %d %s", r.code, r.stdout)
	}
	if q.Pending != 0 || q.Failed != 0 || int(q.Done) != n || int(q.RunsLearned) != n {
		t.Fatalf("after four kills: %d pending, %d done, %d failed, %d runs learned; want %d done", q.Pending, q.Done, q.Failed, q.RunsLearned, n)
	}
	retried := 0
	for _, j := range q.Jobs {
		if j.Attempts > 1 {
			retried++
		}
	}
	t.Logf("%d job(s) were taken again after a kill", retried)
	if rows := skillRowsOf(t, env); len(rows) != n {
		t.Errorf("%d drafts for %d runs", len(rows), n)
	}
}

// TestWatchOnEveryPlace: lore watch works through the API wherever the
// library is — a data folder, PostgreSQL, a team server (as a curator,
// sending each run's file) and lore serve owning the folder (the owner's
// socket) — and does the same in each: the same runs learned, drafted,
// counted and failed, the same queue left behind.
func TestWatchOnEveryPlace(t *testing.T) {
	// The runs lie under the watch's home folder, which the queue writes
	// as ~: the same names in every place.
	home := t.TempDir()
	runs := filepath.Join(home, "runs")
	if err := os.Mkdir(runs, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"claude_success.jsonl", "codex_success.jsonl", "npm_failure_1.jsonl", "npm_failure_2.jsonl", "npm_failure_3.jsonl"} {
		b, err := os.ReadFile(runFixture(t, name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(runs, name), string(b))
	}
	writeFile(t, filepath.Join(runs, "broken.jsonl"), "{\"role\":\"user\",\"content\":\"x\"}\nnot json\n{\"outcome\":\"success\"}\n")
	writeFile(t, filepath.Join(runs, "prices.jsonl"), "{\"id\":1}\n")

	places := map[string][]string{"folder": storeEnv(newStoreDir(t))}
	db := pgtest.Start(t)
	places["postgres"] = []string{"LORE_STORE_URL=" + db.URL, "LORE_DATA_DIR=" + filepath.Join(t.TempDir(), "pgdata")}
	served := newStoreDir(t)
	token := addUser(t, served, "watcher", "curator")
	srv := serveInProcess(t, served, token, nil)
	places["server"] = []string{"LORE_SERVER=" + srv.addr, "LORE_TOKEN=" + token, "LORE_SERVER_FINGERPRINT=" + srv.pin}
	owned := newStoreDir(t)
	ownerHome := t.TempDir()
	startServe(t, owned, []string{"HOME=" + ownerHome, "XDG_CONFIG_HOME=" + filepath.Join(ownerHome, "config"),
		"XDG_DATA_HOME=" + filepath.Join(ownerHome, "data"), "PATH=" + os.Getenv("PATH"), "LORE_DATA_DIR=" + owned})
	places["owner"] = storeEnv(owned)

	commands := [][]string{
		{"watch", runs, "--once", "--settle", "0s", "--json"},
		{"queue", "--state", "all", "--json"},
		{"queue"},
		// Nothing changed: nothing queued again.
		{"watch", runs, "--once", "--settle", "0s", "--json"},
	}
	answers := inEachPlace(t, places, func(t *testing.T, env []string) (rs []result) {
		env = append(slices.Clone(env), "HOME="+home)
		for _, args := range commands {
			r := loreIn(t, env, "", args...)
			if r.code != 0 {
				t.Fatalf("lore %s: exit %d\n%s\n%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
			}
			if slices.Contains(args, "--json") {
				checkJSON(t, args, r)
			}
			rs = append(rs, result{code: r.code, stdout: normalised(r.stdout)})
		}
		return rs
	})
	var watched watchcmd.Stats
	if err := json.Unmarshal([]byte(answers["folder"][0].stdout), &watched); err != nil {
		t.Fatal(err)
	}
	want := watchcmd.Stats{Dir: "~/runs", Queued: 6, Learned: 5, Drafts: 2, NegativeDrafts: 1, Failed: 1}
	if watched != want {
		t.Errorf("watch --once in a folder: %+v, want %+v", watched, want)
	}
	if again := answers["folder"][3].stdout; !strings.Contains(again, `"queued": 0`) || !strings.Contains(again, `"learned": 0`) {
		t.Errorf("the second watch: %s", again)
	}
	q := &lorev1.JobsResponse{}
	if err := protojson.Unmarshal([]byte(answers["folder"][1].stdout), q); err != nil || q.Done != 5 || q.Failed != 1 || q.Pending != 0 {
		t.Errorf("queue: %v %v", q, err)
	}
	// A run's failure drafts its warning on the third run failing alike.
	for _, want := range []string{`(1 of 3)`, `(2 of 3)`, `drafted warning proposed.avoid-npm-err-code-eresolve`,
		"~/runs/broken.jsonl: not a readable agent run: line 2"} {
		if !strings.Contains(answers["folder"][2].stdout, want) {
			t.Errorf("lore queue does not say %q:\n%s", want, answers["folder"][2].stdout)
		}
	}
	for i, args := range commands {
		for _, place := range []string{"postgres", "server", "owner"} {
			if got := answers[place][i]; got != answers["folder"][i] {
				t.Errorf("lore %s on %s:\n%s\nin a folder:\n%s", strings.Join(args, " "), place, got.stdout, answers["folder"][i].stdout)
			}
		}
	}
}
