package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// syllables make the made-up words of generated runs: every run its own
// words, so that no two runs are one procedure.
var syllables = []string{"ka", "lo", "mi", "ne", "pu", "ra", "si", "to", "ve", "zu", "bri", "dal", "fen", "gor", "hul", "jas", "kel", "mon", "nur", "pex", "quo", "rin", "sul", "tav", "wex", "yor"}

func madeUpWord(rng *rand.Rand) string {
	var b strings.Builder
	for range 2 + rng.Intn(2) {
		b.WriteString(syllables[rng.Intn(len(syllables))])
	}
	return b.String()
}

// writeRuns writes n runs of the generic schema with the given number of
// steps into dir, each a different procedure, dated in the past so they
// count as settled; it returns their paths.
func writeRuns(tb testing.TB, dir string, first, n, steps int) []string {
	tb.Helper()
	var paths []string
	for i := first; i < first+n; i++ {
		rng := rand.New(rand.NewSource(int64(i) + 1))
		ws := make([]string, 12)
		for j := range ws {
			ws[j] = madeUpWord(rng)
		}
		var b strings.Builder
		enc := json.NewEncoder(&b)
		_ = enc.Encode(map[string]any{"role": "user", "content": fmt.Sprintf("Please %s the %s %s and %s the %s report", ws[0], ws[1], ws[2], ws[3], ws[4]),
			"cwd": fmt.Sprintf("/home/user%d/work/%s", i, ws[5])})
		for s := range steps {
			a, c, d := ws[rng.Intn(12)], ws[rng.Intn(12)], ws[rng.Intn(12)]
			id := fmt.Sprint(s)
			_ = enc.Encode(map[string]any{"role": "assistant", "tool": map[string]any{"name": "shell", "id": id,
				"input": map[string]any{"command": fmt.Sprintf("cd /home/user%d/work/%s && ./tool %s --%s %d %s.txt", i, ws[5], a, c, rng.Intn(10000), d)}}})
			_ = enc.Encode(map[string]any{"role": "tool", "tool": map[string]any{"name": "shell", "id": id}, "result": map[string]any{"output": "ok " + a}})
		}
		_ = enc.Encode(map[string]any{"outcome": "success"})
		p := filepath.Join(dir, fmt.Sprintf("run-%04d.jsonl", i))
		if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
			tb.Fatal(err)
		}
		past := time.Now().Add(-time.Hour)
		if err := os.Chtimes(p, past, past); err != nil {
			tb.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// BenchmarkWatchIngest1000 learns 1,000 run files of 50 steps each through
// lore watch --once (queue, learn, a draft each) into a new store; the
// issue's budget is 10 s. go test -run x -bench WatchIngest -benchtime 1x ./cmd/lore/
func BenchmarkWatchIngest1000(b *testing.B) {
	runs := b.TempDir()
	n := 1000
	if s := os.Getenv("LORE_BENCH_RUNS"); s != "" {
		fmt.Sscan(s, &n)
	}
	writeRuns(b, runs, 0, n, 50)
	home := b.TempDir()
	b.Setenv("HOME", home)
	b.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	b.ResetTimer()
	for i := range b.N {
		data := filepath.Join(home, fmt.Sprintf("store%d", i))
		var stdout, stderr strings.Builder
		code := run(context.Background(), []string{"--data-dir", data, "watch", runs, "--once", "--settle", "0s", "--json"}, strings.NewReader(""), &stdout, io.Discard)
		if code != 0 || !strings.Contains(stdout.String(), fmt.Sprintf(`"drafts": %d`, n)) {
			b.Fatalf("exit %d:\n%s\n%s", code, stdout.String(), stderr.String())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/1000runs")
}
