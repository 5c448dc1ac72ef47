package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	apiclient "github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/lorev1"
	sharedcorpus "github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/pgtest"
)

// loadEnv sets the size of TestTeamLoad: seconds, curators, agents, and
// optionally how many searches an agent makes a second at most (0: as
// many as it can, one after the other). The scenario is
// LORE_LOAD=60,5,50; the default is a short run.
const loadEnv = "LORE_LOAD"

// profileDirEnv names a folder: set, the binary the tests run is built
// with the loreprofile tag (profile.go) and each server TestTeamLoad
// starts writes its CPU profile there (serve-PORT.pprof), for go tool
// pprof.
const profileDirEnv = "LORE_PROFILE"

// agentRate bounds an agent's searches: ten a second, an agent working
// through a task's questions, not a loop with nothing between calls.
const agentRate = 10

// Two servers on one database under load: curators learning corpus
// documents through either server while agents search through either,
// for a bounded time on loopback. Every call must succeed and every
// session be whole (its change rows as many as its record says); the
// search latencies are reported (docs/benchmarks.md), not asserted.
func TestTeamLoad(t *testing.T) {
	seconds, curators, agents, rate := 4, 2, 8, agentRate
	if v := os.Getenv(loadEnv); v != "" {
		parts := strings.Split(v, ",")
		if len(parts) != 3 && len(parts) != 4 {
			t.Fatalf("%s=%q: give seconds,curators,agents[,searches a second per agent] (60,5,50)", loadEnv, v)
		}
		nums := []int{0, 0, 0, agentRate}
		for i, p := range parts {
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 || n == 0 && i < 3 {
				t.Fatalf("%s=%q: %q is not a positive number", loadEnv, v, p)
			}
			nums[i] = n
		}
		seconds, curators, agents, rate = nums[0], nums[1], nums[2], nums[3]
	}
	dir := sharedcorpus.Dir(t)
	var docs []string
	for _, pat := range []string{"*.tex", "*.md", "*.txt"} {
		m, _ := filepath.Glob(filepath.Join(dir, pat))
		docs = append(docs, m...)
	}
	docs = slices.DeleteFunc(docs, func(p string) bool { return strings.HasSuffix(p, "MANIFEST.md") })
	if len(docs) == 0 {
		t.Skipf("no text documents in %s", dir)
	}
	db := pgtest.Start(t)
	pg := []string{"LORE_STORE_URL=" + db.URL}
	add := func(name, role string) string {
		r := lore(t, pg, "users", "add", name, "--role", role, "--json")
		tok := jsonStart.FindString(r.stdout)
		i := strings.Index(tok, `"token": "`)
		if r.code != 0 || i < 0 {
			t.Fatalf("users add %s: %d %s", name, r.code, r.stderr)
		}
		return strings.SplitN(tok[i+len(`"token": "`):], `"`, 2)[0]
	}
	curatorTok, agentTok := add("cleo", "curator"), add("bot", "agent")
	servers := []*pgServer{startPGServer(t, db.URL, curatorTok), startPGServer(t, db.URL, curatorTok)}
	client := func(i int, tok string) *apiclient.Client {
		c, err := apiclient.New(servers[i%len(servers)].addr, tok, nil)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(seconds)*time.Second)
	defer cancel()
	var (
		mu        sync.Mutex
		errs      []error
		latencies []time.Duration
		learns    int
	)
	fail := func(err error) {
		mu.Lock()
		errs = append(errs, err)
		mu.Unlock()
	}
	queries := []string{"probability", "sorting algorithm", "vector space", "theorem", "group", "equivalence", "merge", "random variable", "graph", "set"}
	var wg sync.WaitGroup
	for i := range curators {
		wg.Go(func() {
			c := client(i, curatorTok)
			for n := 0; ctx.Err() == nil; n++ {
				doc := docs[(i*7+n)%len(docs)]
				f, err := os.Open(doc)
				if err != nil {
					fail(err)
					return
				}
				up, err := c.Upload(ctx, &lorev1.UploadHeader{Name: filepath.Base(doc)}, f)
				f.Close()
				if ctx.Err() != nil {
					return
				}
				if err != nil {
					fail(err)
					continue
				}
				err = c.Learn(context.WithoutCancel(ctx), &lorev1.LearnRequest{UploadId: up.GetUploadId(), Approve: true}, func(*lorev1.LearnEvent) error { return nil })
				if err != nil {
					fail(err)
					continue
				}
				mu.Lock()
				learns++
				mu.Unlock()
			}
		})
	}
	for i := range agents {
		wg.Go(func() {
			c := client(i, agentTok)
			var mine []time.Duration
			var tick <-chan time.Time
			if rate > 0 {
				// Each agent starts at its own moment within the first
				// interval, as agents working independently do: tickers
				// all started at once would send the 50 searches in one
				// burst every interval, a load no team of agents makes.
				every := time.Second / time.Duration(rate)
				select {
				case <-time.After(every * time.Duration(i) / time.Duration(agents)):
				case <-ctx.Done():
				}
				tk := time.NewTicker(every)
				defer tk.Stop()
				tick = tk.C
			}
			for n := 0; ctx.Err() == nil; n++ {
				if tick != nil {
					select {
					case <-tick:
					case <-ctx.Done():
					}
					if ctx.Err() != nil {
						break
					}
				}
				start := time.Now()
				_, err := c.Find(ctx, &lorev1.FindRequest{Query: queries[(i+n)%len(queries)], Top: 10})
				if ctx.Err() != nil {
					break
				}
				if err != nil {
					fail(err)
					continue
				}
				mine = append(mine, time.Since(start))
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		t.Errorf("%d calls failed; the first: %v", len(errs), errs[0])
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(float64(len(latencies))*p))]
	}
	st := openPG(t, db.URL)
	sessions, err := st.Sessions()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sessions {
		chs, err := st.Changes(s.ID)
		if err != nil || len(chs) != s.Changes {
			t.Errorf("session %s (%s): %d change rows of %d (%v)", s.ID, s.State, len(chs), s.Changes, err)
		}
	}
	n, _ := st.Count()
	t.Logf("%d s, 2 servers, %d curators, %d agents (%d searches a second each at most; 0: unbounded): %d learns committed (%d sessions, %d primitives), %d searches: p50 %v, p95 %v, p99 %v, max %v",
		seconds, curators, agents, rate, learns, len(sessions), n, len(latencies), pct(0.50), pct(0.95), pct(0.99), pct(1))
	if learns == 0 || len(latencies) == 0 {
		t.Errorf("nothing was done: %d learns, %d searches", learns, len(latencies))
	}
}
