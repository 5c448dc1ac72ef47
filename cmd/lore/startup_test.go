package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/lore-kb/lore/internal/lazyre"
)

// The package-level patterns of every package in lore are compiled on
// first use, not at start-up; this keeps a malformed one failing a test
// rather than the first user who reaches it.
func TestEveryLazyPatternCompiles(t *testing.T) {
	if err := lazyre.CompileAll(); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkStartup runs lore as a user would, one process per iteration,
// and reports the CPU time (user + system) each process used as cpu-ms/op:
// start-up is what these commands mostly cost, and it is paid on every
// call from a shell or a script. Wall time is left to ns/op; neither is
// asserted, as the machines that run benchmarks are shared.
func BenchmarkStartup(b *testing.B) {
	home := b.TempDir()
	doc := filepath.Join(home, "note.md")
	if err := os.WriteFile(doc, []byte("# Backups\n\nRun `restic backup ~/work` nightly; check with `restic check`.\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	env := []string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"PATH=" + os.Getenv("PATH"),
	}
	run := func(b *testing.B, args ...string) float64 {
		cmd := exec.Command(loreBin, args...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("lore %v: %v\n%s", args, err, out)
		}
		ps := cmd.ProcessState
		return float64(ps.UserTime()+ps.SystemTime()) / 1e6
	}
	// No store exists here, so skills search reads an empty one in memory
	// (store.OpenEmpty), as on a new machine. One run first, so the binary's
	// pages are in the page cache for every measured run.
	run(b, "skills", "search", "backup")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"version", []string{"version"}},
		{"scan", []string{"scan", doc}},
		{"skills-search", []string{"skills", "search", "backup"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu float64
			for b.Loop() {
				cpu += run(b, c.args...)
			}
			b.ReportMetric(cpu/float64(b.N), "cpu-ms/op")
		})
	}
}
