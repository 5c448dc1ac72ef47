package postgres

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/find"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/internal/synth"
	"github.com/lore-kb/lore/store"
)

// The benchmarks of this file hold the PostgreSQL store to the figures of
// the embedded Badger store: each runs the same work on both, as
// sub-benchmarks backend=badger and backend=postgres of one run, so that
// benchstat compares them side by side. The PostgreSQL server is
// internal/pgtest's (local, on 127.0.0.1, without fsync: what is measured
// is the store's queries, not the disk's flushes).

// ScaleEnv names the environment variable that enables the large
// registries: "1m" adds the dedup benchmark against 1,000,000 stored
// primitives, whose loading takes minutes.
const ScaleEnv = "LORE_BENCH_SCALE"

// benchStore is what the benchmarks need of a store: what learning uses,
// the listings lore find reads, and sessions to load it.
type benchStore interface {
	engine.Store
	Primitives(fn func(core.Primitive) error) error
	PrimitivesWithKeywordStems(stems []string, fn func(core.Primitive) error) error
	CommitSession(ctx context.Context, sess core.Session, changes []core.Change) error
	Count() (int, error)
	Close() error
}

var (
	_ benchStore = (*Store)(nil)
	_ benchStore = (*store.Store)(nil)
)

// backends are the two stores compared, each opened empty by open, which
// registers its closing (and for PostgreSQL its database's dropping) with
// tb.
var backends = []struct {
	name string
	open func(tb testing.TB) benchStore
}{
	{"badger", func(tb testing.TB) benchStore {
		st, err := store.Open(tb.TempDir(), store.Options{GCInterval: -1})
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { _ = st.Close() })
		return st
	}},
	{"postgres", func(tb testing.TB) benchStore {
		db := pgtest.Start(tb)
		st, err := Open(context.Background(), db.URL)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { _ = st.Close() })
		return st
	}},
}

// BenchmarkLearnTextbook learns 1 MiB of textbook into an empty store of
// each backend, committing, as lore learn does (every stage, the gate
// approving, no artifacts written out). The target: PostgreSQL within 2×
// of Badger. Each round learns into a new store, opened untimed.
func BenchmarkLearnTextbook(b *testing.B) {
	src := corpus.TextbookFile(b, 1<<20)
	info, err := os.Stat(src)
	if err != nil {
		b.Fatal(err)
	}
	ds, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		b.Fatal(err)
	}
	for _, be := range backends {
		b.Run("backend="+be.name, func(b *testing.B) {
			opts := engine.LearnOptions{Domains: ds}
			opts.Policy.Approve = true
			b.SetBytes(info.Size())
			var res *engine.LearnResult
			for range b.N {
				b.StopTimer()
				st := be.open(b)
				b.StartTimer()
				res, err = engine.Learn(context.Background(), st, src, opts)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(res.Analysis.Candidates), "candidates")
		})
	}
}

// loadRegistry commits the n primitives of internal/synth's registry
// model (keywords drawn Zipf-like from a general and a per-topic
// vocabulary, topics spread over the plane) to st in sessions of at most
// 100,000 changes, and returns the store to use from then on, the model's
// 10,000 dedup candidates and the time the loading took. Each primitive
// is named by two of its keywords, as the names lore find weighs most.
//
// Each store is then left as the next process would find it: the Badger
// store closed and opened again (which merges the tree the bulk commit
// grew, as e2e's BenchmarkDedupStore does), PostgreSQL vacuumed and
// analyzed, as autovacuum does soon after a bulk load (the planner's
// statistics, and the visibility map that lets an index answer alone).
func loadRegistry(tb testing.TB, st benchStore, n int) (benchStore, []core.Primitive, time.Duration) {
	tb.Helper()
	const batch = 100_000
	start := time.Now()
	var changes []core.Change
	session := 0
	flush := func() {
		if len(changes) == 0 {
			return
		}
		session++
		if err := st.CommitSession(context.Background(), core.Session{ID: fmt.Sprintf("load-%d", session)}, changes); err != nil {
			tb.Fatalf("load session %d: %v", session, err)
		}
		changes = changes[:0]
	}
	cands := synth.Registry(n, 42, func(p core.Primitive) {
		p.Name = p.Keywords[1] + " " + p.Keywords[2]
		changes = append(changes, core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p})
		if len(changes) == batch {
			flush()
		}
	})
	flush()
	switch s := st.(type) {
	case *Store:
		if _, err := s.pool.Exec(context.Background(), "VACUUM ANALYZE"); err != nil {
			tb.Fatalf("vacuum after the load: %v", err)
		}
	case *store.Store:
		if err := s.Close(); err != nil {
			tb.Fatal(err)
		}
		bs, err := store.Open(s.Path(), store.Options{GCInterval: -1})
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { _ = bs.Close() })
		st = bs
	}
	if got, err := st.Count(); err != nil || got != n {
		tb.Fatalf("store holds %d primitives (%v), want %d", got, err, n)
	}
	return st, cands, time.Since(start)
}

// searchQueries are the queries of BenchmarkSearch: the names of a few
// stored primitives (what a person looks up), a name's word alone, and a
// keyword pair across topics, taken from stored primitives spread over
// the registry so that common and rare words are both asked for.
func searchQueries(tb testing.TB, st benchStore, n int) []string {
	tb.Helper()
	var qs []string
	for i := range 8 {
		p, ok, err := st.GetPrimitive(fmt.Sprintf("p%d", i*n/8+i))
		if err != nil || !ok {
			tb.Fatalf("query source p%d: %v %v", i*n/8+i, ok, err)
		}
		switch i % 3 {
		case 0:
			qs = append(qs, p.Name)
		case 1:
			qs = append(qs, p.Keywords[1])
		default:
			qs = append(qs, p.Keywords[0]+" "+p.Keywords[4])
		}
	}
	return qs
}

// queryStems is the stems of query's words, as the keyword index files
// them.
func queryStems(query string) []string {
	var out []string
	text.EachWord(query, func(w string, _, _ int) {
		if st := text.Stem(strings.ToLower(w)); !slices.Contains(out, st) {
			out = append(out, st)
		}
	})
	return out
}

// BenchmarkSearch runs searches over 100,000 stored primitives on each
// backend and reports each query's p50 and p95 latency (ms). Two paths:
//
//   - find is what lore find does (a process that searches once): every
//     primitive is read (Primitives) and ranked by find.Primitives, so
//     its cost follows the store's size;
//   - index is what the API's Find does in a serving process: the search
//     index (find.Index) is built once while the store is unchanged
//     (index-build-s reports how long that took) and each query reads the
//     postings of its own words;
//   - keyword reads only the primitives whose keywords hold one of the
//     query's stems (PrimitivesWithKeywordStems, the index learning uses
//     to find the statements naming a term) and ranks those.
//
// The target is p50 ≤ 5 ms.
func BenchmarkSearch(b *testing.B) {
	const n = 100_000
	for _, be := range backends {
		b.Run("backend="+be.name, func(b *testing.B) {
			st, _, load := loadRegistry(b, be.open(b), n)
			b.Logf("%s: %d primitives loaded in %v", be.name, n, load.Round(time.Millisecond))
			qs := searchQueries(b, st, n)
			buildStart := time.Now()
			var all []core.Primitive
			if err := st.Primitives(func(p core.Primitive) error {
				all = append(all, p)
				return nil
			}); err != nil {
				b.Fatal(err)
			}
			idx := find.NewIndex(all)
			build := time.Since(buildStart)
			paths := []struct {
				name string
				run  func(q string) (int, error)
			}{
				{"find", func(q string) (int, error) {
					var prims []core.Primitive
					if err := st.Primitives(func(p core.Primitive) error {
						prims = append(prims, p)
						return nil
					}); err != nil {
						return 0, err
					}
					return len(find.Primitives(prims, q, 10)), nil
				}},
				{"index", func(q string) (int, error) {
					return len(idx.Search(q, 10)), nil
				}},
				{"keyword", func(q string) (int, error) {
					var prims []core.Primitive
					if err := st.PrimitivesWithKeywordStems(queryStems(q), func(p core.Primitive) error {
						prims = append(prims, p)
						return nil
					}); err != nil {
						return 0, err
					}
					return len(find.Primitives(prims, q, 10)), nil
				}},
			}
			for _, path := range paths {
				b.Run("path="+path.name, func(b *testing.B) {
					var lat []time.Duration
					hits := 0
					for range b.N {
						for _, q := range qs {
							start := time.Now()
							h, err := path.run(q)
							if err != nil {
								b.Fatalf("%q: %v", q, err)
							}
							lat = append(lat, time.Since(start))
							hits += h
						}
					}
					b.StopTimer()
					slices.Sort(lat)
					ms := func(q float64) float64 {
						return float64(lat[int(q*float64(len(lat)-1))].Microseconds()) / 1000
					}
					b.ReportMetric(ms(0.50), "p50-ms")
					b.ReportMetric(ms(0.95), "p95-ms")
					b.ReportMetric(float64(hits)/float64(len(lat)), "hits/query")
					if path.name == "index" {
						b.ReportMetric(build.Seconds(), "index-build-s")
					}
					b.ReportMetric(0, "ns/op")
				})
			}
		})
	}
}

// BenchmarkDedupRegistry checks internal/synth's 10,000 candidates
// against a store of stored primitives through the deduper with
// engine.Registry, as stage 6 of learn does (without Remember, so every
// lookup goes to the store; prefetching the next candidates' answers from
// a store that gives them in one exchange). Registries: 10,000 always, and 1,000,000
// with LORE_BENCH_SCALE=1m. The target: the 10,000 candidates against
// 1,000,000 in at most 10 s. A timed pass follows an untimed one that
// warms the caches (the stem cache, the store's pages). Reported: total-s
// for the 10,000, matches/candidate (so that a faster run that finds less
// shows it), exact-dup-share, load-s.
// prefetchEvery is how many candidates the benchmark asks the store about
// at once, as learn's dedup stage does (engine's prefetchEvery).
const prefetchEvery = 64

func BenchmarkDedupRegistry(b *testing.B) {
	sizes := []int{10_000}
	if os.Getenv(ScaleEnv) == "1m" {
		sizes = append(sizes, 1_000_000)
	}
	for _, n := range sizes {
		for _, be := range backends {
			b.Run(fmt.Sprintf("registry=%d/backend=%s", n, be.name), func(b *testing.B) {
				st, cands, load := loadRegistry(b, be.open(b), n)
				d := dedup.NewDeduper(engine.Registry(st), dedup.DefaultConfig())
				pass := func() (matches, dups int) {
					for i := range cands {
						if i%prefetchEvery == 0 {
							var next []*core.Primitive
							for j := i; j < min(i+prefetchEvery, len(cands)); j++ {
								next = append(next, &cands[j])
							}
							if err := d.Prefetch(next); err != nil {
								b.Fatal(err)
							}
						}
						v, err := d.Check(&cands[i])
						if err != nil {
							b.Fatal(err)
						}
						matches += len(v.Matches)
						if v.Best != nil && v.Best.Class == core.ExactDuplicate {
							dups++
						}
					}
					return matches, dups
				}
				pass()
				b.ResetTimer()
				var matches, dups int
				for range b.N {
					matches, dups = pass()
				}
				b.StopTimer()
				b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "total-s")
				b.ReportMetric(float64(matches)/float64(len(cands)), "matches/candidate")
				b.ReportMetric(float64(dups)/float64(len(cands)), "exact-dup-share")
				b.ReportMetric(load.Seconds(), "load-s")
			})
		}
	}
}
