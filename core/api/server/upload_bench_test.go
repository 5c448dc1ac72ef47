package server_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/api/server"
	"github.com/lore-kb/lore/internal/apitest"
)

// BenchmarkParallelUploads sends 20 documents of 8 MiB at once, each by
// a user of its own, in chunks of LORE_BENCH_CHUNK bytes (default 1 MiB,
// the most the server reads), through a real server, and reports the
// peak of the heap in use meanwhile (client and server: one process):
// an upload is streamed to disk, never held whole.
func BenchmarkParallelUploads(b *testing.B) {
	const n, size = 20, 8 << 20
	chunk := 1 << 20
	if v, err := strconv.Atoi(os.Getenv("LORE_BENCH_CHUNK")); err == nil && v > 0 {
		chunk = v
	}
	e := apitest.New(b, false)
	tokens := make([]string, n)
	for i := range tokens {
		tokens[i] = e.AddUser(fmt.Sprintf("cura%d", i), access.Curator, access.DefaultWorkspace)
	}
	addr, conf := serveB(b, e, server.Options{})
	body := make([]byte, chunk)
	for i := range body {
		body[i] = 'a' + byte(i%26)
	}
	var peak atomic.Uint64
	for b.Loop() {
		runtime.GC()
		stop := make(chan struct{})
		sampled := make(chan struct{})
		go func() {
			defer close(sampled)
			var m runtime.MemStats
			for {
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
				select {
				case <-stop:
					return
				case <-time.After(2 * time.Millisecond):
				}
			}
		}()
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for i := range n {
			wg.Go(func() {
				s := uploadStreamB(b, context.Background(), addr, conf, tokens[i])
				if err := s.Send(&lorev1.UploadRequest{Part: &lorev1.UploadRequest_Header{Header: &lorev1.UploadHeader{Name: fmt.Sprintf("doc%d.md", i), Size: size}}}); err != nil {
					errs <- err
					return
				}
				for sent := 0; sent < size; sent += chunk {
					if err := s.Send(&lorev1.UploadRequest{Part: &lorev1.UploadRequest_Chunk{Chunk: body}}); err != nil {
						break
					}
				}
				if _, err := s.CloseAndReceive(); err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(stop)
		<-sampled
		close(errs)
		for err := range errs {
			b.Fatalf("an upload: %v", err)
		}
	}
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")
}
