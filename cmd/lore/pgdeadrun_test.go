package main

import (
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/internal/pgtest"
)

// A server killed (SIGKILL) while one of its runs waits at the gate: the
// other server on the database withdraws the question (its watchers see
// the run fail, lore decide lists it no more, nor does a process started
// afterwards), and a decision for it is refused with exit 2 saying the
// run was withdrawn, where it used to answer "approved" to no one.
func TestDeadServersQuestionWithdrawn(t *testing.T) {
	db := pgtest.Start(t)
	pg := []string{"LORE_STORE_URL=" + db.URL}
	token := func(name, role string) string {
		r := lore(t, pg, "users", "add", name, "--role", role, "--json")
		var added struct {
			Token string `json:"token"`
		}
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &added) != nil {
			t.Fatalf("users add %s: %d %s", name, r.code, r.stderr)
		}
		return added.Token
	}
	cleo, remy := token("cleo", "curator"), token("remy", "reviewer")
	a, b := startPGServer(t, db.URL, cleo), startPGServer(t, db.URL, cleo)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	atB := watch(t, ctx, b.addr, remy)
	time.Sleep(300 * time.Millisecond) // the watch is listening

	vendor := writeDoc(t, t.TempDir(), "vendor.md", "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses for every element.\n")
	learn := exec.Command(loreBin, "learn", vendor, "--tier", "stranger", "--json")
	learn.Env = append([]string{"HOME=" + t.TempDir()}, a.env(cleo)...)
	learn.Stderr = testLog{t}
	if err := learn.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = learn.Wait() }()
	asked := atB.wait(t, "the question on server b", func(ev *lorev1.LearnEvent) bool { return ev.GetApprovalRequested() != nil })
	id := asked.GetRunId()
	if r := lore(t, b.env(remy), "decide"); r.code != 0 || !strings.Contains(r.stdout, id) {
		t.Fatalf("lore decide on b lists no waiting run: %d %s %s", r.code, r.stdout, r.stderr)
	}

	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = a.cmd.Wait()
	// The database lets a's connections go when it notices them closed:
	// soon, not at once.
	var r result
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		r = lore(t, b.env(remy), "decide")
		if r.code == 0 && !strings.Contains(r.stdout, id) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("server b still lists the dead server's run %s: %d %s %s", id, r.code, r.stdout, r.stderr)
		}
	}
	failed := atB.wait(t, "the withdrawn run's end on b's watch", func(ev *lorev1.LearnEvent) bool {
		return ev.GetRunId() == id && ev.GetFailed() != nil
	})
	if !strings.Contains(failed.GetFailed().GetMessage(), "withdrawn") {
		t.Errorf("the withdrawn run's end: %s", failed.GetFailed().GetMessage())
	}
	if r := lore(t, pg, "decide"); r.code != 0 || strings.Contains(r.stdout, id) {
		t.Errorf("lore decide on the database lists the dead server's run: %d %s %s", r.code, r.stdout, r.stderr)
	}
	for where, env := range map[string][]string{"server b": b.env(remy), "the database": pg} {
		r := lore(t, env, "decide", id, "approve")
		if r.code != ExitUsage || !strings.Contains(r.stderr, "run "+id+" was withdrawn: the server running it stopped") {
			t.Errorf("a decision on %s for the dead server's run: exit %d %s %s", where, r.code, r.stdout, r.stderr)
		}
	}
}
