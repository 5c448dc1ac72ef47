package api_test

import (
	"context"
	"net"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/client"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/internal/apitest"
)

// benchEnv is a workspace with the sample learned and a reader.
func benchEnv(b *testing.B, remote bool) *apitest.Env {
	e := apitest.New(b, remote)
	e.AddUser("rita", access.Reader, "default")
	e.Seed("default", assets.SampleName, assets.Sample())
	return e
}

// localSocket serves e's service on a Unix socket as the owner does and
// returns its client.
func localSocket(b *testing.B, e *apitest.Env) api.Service {
	path := filepath.Join(b.TempDir(), "api.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		b.Fatal(err)
	}
	p, h := server.LocalHandler(e.Svc, api.Caller{User: "rita", Role: access.Reader, Workspace: "default"}, server.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = server.Serve(ctx, ln, p, h, nil) }()
	b.Cleanup(func() { cancel(); <-done })
	return client.NewLocal(func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", path)
	})
}

// reads times calls of Show and reports their median and 95th
// percentile.
func reads(b *testing.B, ctx context.Context, svc api.Service) {
	found, err := svc.Find(ctx, &lorev1.FindRequest{Query: "tree", Top: 1})
	if err != nil || len(found.GetHits()) == 0 {
		b.Fatalf("find: %v", err)
	}
	req := &lorev1.ShowRequest{Id: found.GetHits()[0].GetPrimitive().GetId()}
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := svc.Show(ctx, req); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
}

// BenchmarkReadLocalSocket: a read through the API on the owner's socket
// (target: p50 ≤ 1 ms).
func BenchmarkReadLocalSocket(b *testing.B) {
	e := benchEnv(b, false)
	reads(b, context.Background(), localSocket(b, e))
}

// BenchmarkReadTLSLoopback: a read through the team server over TLS on
// loopback (target: p50 ≤ 3 ms).
func BenchmarkReadTLSLoopback(b *testing.B) {
	e := benchEnv(b, true)
	ctx, svc := e.As("rita")
	reads(b, ctx, svc)
}

// BenchmarkConcurrentSearches: 20 clients, each with its own connection,
// search 1,000 times each through the TLS server; any error fails.
func BenchmarkConcurrentSearches(b *testing.B) {
	e := benchEnv(b, true)
	addr, conf := e.Addr()
	tokens := make([]string, 20)
	for i := range tokens {
		tokens[i] = e.AddUser("agent-"+string(rune('a'+i)), access.Agent, "default")
	}
	queries := []string{"tree", "breadth first search", "path", "cycle", "queue", "connected graph"}
	for b.Loop() {
		var wg sync.WaitGroup
		errs := make(chan error, len(tokens))
		for i, tok := range tokens {
			c, err := client.New(addr, tok, conf)
			if err != nil {
				b.Fatal(err)
			}
			wg.Go(func() {
				for n := range 1000 {
					if _, err := c.Find(context.Background(), &lorev1.FindRequest{Query: queries[(i+n)%len(queries)], Top: 5}); err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			b.Fatal(err)
		}
	}
	b.ReportMetric(20*1000, "searches/op")
}
