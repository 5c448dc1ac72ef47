package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
)

func TestPrimitiveRoundTrip(t *testing.T) {
	s := openMem(t)

	a := prim("a", "algebra", core.Definition, []string{"Group", "group", " set "})
	b := prim("b", "algebra", core.Theorem, []string{"group"}, req("a", 0.8))
	b.Enables = []string{"c"}
	mustPut(t, s, a, b)
	rep := mustVerify(t, s)
	if rep.Primitives != 2 || rep.Edges != 1 || rep.ReverseEdges != 1 {
		t.Fatalf("report counts = %+v", rep)
	}

	got, ok, err := s.GetPrimitive("b")
	if err != nil || !ok {
		t.Fatalf("get b: %v %v", ok, err)
	}
	if got.Name != b.Name || !got.HasEdge("a", core.Requires) || got.Type != core.Theorem {
		t.Fatalf("get b = %+v", got)
	}
	if _, ok, err := s.GetPrimitive("missing"); ok || err != nil {
		t.Fatalf("get missing: %v %v", ok, err)
	}
	if kw, _ := s.ByKeyword("GROUP"); !slices.Equal(kw, []string{"a", "b"}) {
		t.Fatalf("ByKeyword(GROUP) = %v", kw)
	}
	if kw, _ := s.ByKeyword("set"); !slices.Equal(kw, []string{"a"}) {
		t.Fatalf("ByKeyword(set) = %v", kw)
	}
	deps, err := s.Dependents("a")
	if err != nil {
		t.Fatal(err)
	}
	if want := []store.Dependent{{ID: "b", Type: core.Requires, Strength: 0.8}}; !slices.Equal(deps, want) {
		t.Fatalf("Dependents(a) = %+v", deps)
	}

	// Update b: new domain, type, keywords and dependency. Every entry the
	// old version implied must go.
	a2 := prim("a2", "geometry", core.Axiom, nil)
	b2 := prim("b", "geometry", core.Algorithm, []string{"path"}, req("a2", 0.3))
	mustPut(t, s, a2, b2)
	mustVerify(t, s)
	if deps, _ := s.Dependents("a"); len(deps) != 0 {
		t.Fatalf("Dependents(a) after update = %+v", deps)
	}
	if deps, _ := s.Dependents("a2"); len(deps) != 1 || deps[0].ID != "b" || deps[0].Strength != 0.3 {
		t.Fatalf("Dependents(a2) = %+v", deps)
	}
	alg, _ := s.ByDomain("algebra")
	geo, _ := s.ByDomain("geometry")
	if !slices.Equal(ids(alg), []string{"a"}) || !slices.Equal(ids(geo), []string{"a2", "b"}) {
		t.Fatalf("ByDomain: algebra %v, geometry %v", ids(alg), ids(geo))
	}
	if th, _ := s.ByType(core.Theorem); len(th) != 0 {
		t.Fatalf("ByType(theorem) after update = %v", ids(th))
	}
	if al, _ := s.ByType(core.Algorithm); !slices.Equal(ids(al), []string{"b"}) {
		t.Fatalf("ByType(algorithm) = %v", ids(al))
	}
	if kw, _ := s.ByKeyword("group"); !slices.Equal(kw, []string{"a"}) {
		t.Fatalf("ByKeyword(group) after update = %v", kw)
	}

	// Delete the target of b's edge: allowed, and Verify reports the
	// dangling edge rather than the store silently editing b.
	if err := s.DeletePrimitive("a2"); err != nil {
		t.Fatal(err)
	}
	rep, err = s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.ProblemCount != 1 || rep.Count(store.ProblemDanglingEdge) != 1 {
		t.Fatalf("after deleting a2: %+v", rep.Problems)
	}
	if err := s.DeletePrimitive("b"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeletePrimitive("b"); err != nil {
		t.Fatalf("deleting an absent primitive: %v", err)
	}
	rep = mustVerify(t, s)
	st, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	// a alone: domain-type, name and two keywords (group, set); of
	// importance 0, it has no rank entry.
	if st.Primitives != 1 || st.Edges != 0 || st.IndexEntries != 4 || rep.IndexEntries != 4 {
		t.Fatalf("stats = %+v, report = %+v", st, rep)
	}
}

func TestTopByImportance(t *testing.T) {
	s := openMem(t)
	mk := func(id string, enables int) core.Primitive {
		p := prim(id, "d", core.Definition, nil)
		for range enables {
			p.Enables = append(p.Enables, "x")
		}
		return p
	}
	// Importance 0 has no rank entry: those follow the ranked in id order,
	// and pages cross from one to the other.
	mustPut(t, s, mk("low", 0), mk("high", 5), mk("mid-b", 2), mk("mid-a", 2), mk("huge", 300), mk("z-zero", 0), mk("a-zero", 0))
	got, err := s.TopByImportance(3, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"huge", "high", "mid-a"}; !slices.Equal(ids(got), want) {
		t.Fatalf("top 3 = %v, want %v", ids(got), want)
	}
	got, _ = s.TopByImportance(10, 3)
	if want := []string{"mid-b", "a-zero", "low", "z-zero"}; !slices.Equal(ids(got), want) {
		t.Fatalf("top from 3 = %v, want %v", ids(got), want)
	}
	got, _ = s.TopByImportance(1, 5)
	if want := []string{"low"}; !slices.Equal(ids(got), want) {
		t.Fatalf("top 1 from 5 = %v, want %v", ids(got), want)
	}
	// Lowering an importance moves the primitive down.
	mustPut(t, s, mk("huge", 1))
	got, _ = s.TopByImportance(2, 0)
	if want := []string{"high", "mid-a"}; !slices.Equal(ids(got), want) {
		t.Fatalf("top 2 after update = %v, want %v", ids(got), want)
	}
	// Dropping to 0 leaves the rank index for the id-ordered tail.
	mustPut(t, s, mk("high", 0))
	got, _ = s.TopByImportance(10, 2)
	if want := []string{"huge", "a-zero", "high", "low", "z-zero"}; !slices.Equal(ids(got), want) {
		t.Fatalf("top from 2 after dropping high to 0 = %v, want %v", ids(got), want)
	}
	mustVerify(t, s)
	if got, _ := s.TopByImportance(0, 0); len(got) != 0 {
		t.Fatalf("top 0 = %v", ids(got))
	}
}

func TestPrimitivesIteration(t *testing.T) {
	s := openMem(t)
	mustPut(t, s, prim("c", "d", core.Axiom, nil), prim("a", "d", core.Axiom, nil), prim("b", "d", core.Axiom, nil))
	var seen []string
	if err := s.Primitives(func(p core.Primitive) error { seen = append(seen, p.ID); return nil }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(seen, []string{"a", "b", "c"}) {
		t.Fatalf("iteration order %v", seen)
	}
	stop := errors.New("stop")
	n := 0
	err := s.Primitives(func(core.Primitive) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Fatalf("early stop: err %v after %d", err, n)
	}
}

// A free-text value containing the separator must not leak into another
// value's prefix scan.
func TestEscapedComponents(t *testing.T) {
	s := openMem(t)
	mustPut(t, s,
		prim("x", "a", core.Definition, []string{"i/o"}),
		prim("y", "a/b", core.Definition, []string{"i", "100%"}),
		prim("z", "a%2Fb", core.Definition, nil))
	mustVerify(t, s)
	for domain, want := range map[string][]string{"a": {"x"}, "a/b": {"y"}, "a%2Fb": {"z"}} {
		got, err := s.ByDomain(domain)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids(got), want) {
			t.Errorf("ByDomain(%q) = %v, want %v", domain, ids(got), want)
		}
	}
	for kw, want := range map[string][]string{"i": {"y"}, "i/o": {"x"}, "100%": {"y"}} {
		if got, _ := s.ByKeyword(kw); !slices.Equal(got, want) {
			t.Errorf("ByKeyword(%q) = %v, want %v", kw, got, want)
		}
	}
}

func TestInvalidIDs(t *testing.T) {
	s := openMem(t)
	for _, id := range []string{"", "a/b", "a\x00b", strings.Repeat("x", 2000)} {
		if err := s.PutPrimitive(prim(id, "d", core.Axiom, nil)); !errors.Is(err, store.ErrInvalidID) {
			t.Errorf("put %.20q: %v, want ErrInvalidID", id, err)
		}
		if _, _, err := s.GetPrimitive(id); err == nil {
			t.Errorf("get %q: no error", id)
		}
	}
	if err := s.PutPrimitive(prim("ok", "d", core.Axiom, nil, req("../etc", 1))); err == nil {
		t.Error("dependency target with a separator accepted")
	}
	err := s.CommitSession(context.Background(), session("s/1"), nil)
	if err == nil {
		t.Error("session id with a separator accepted")
	}
	mustCount(t, s, 0)
}

func TestOpenLocked(t *testing.T) {
	dir := t.TempDir()
	s := openDir(t, dir, store.Options{})
	defer s.Close()

	_, err := store.Open(dir, store.Options{})
	if err == nil {
		t.Fatal("second open succeeded")
	}
	if !errors.Is(err, core.ErrStoreLocked) {
		t.Fatalf("error %v does not match core.ErrStoreLocked", err)
	}
	if !strings.Contains(err.Error(), dir) {
		t.Fatalf("error %q does not name %s", err, dir)
	}
	var le *store.LockedError
	if !errors.As(err, &le) || le.Path != dir {
		t.Fatalf("error %v is not a LockedError for %s", err, dir)
	}

	mustPut(t, s, prim("a", "d", core.Axiom, nil))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second close: %v", err)
	}
	s2 := openDir(t, dir, store.Options{})
	defer s2.Close()
	mustCount(t, s2, 1)
}

func TestClosedStore(t *testing.T) {
	s, err := store.OpenInMemory()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.PutPrimitive(prim("a", "d", core.Axiom, nil)); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("put after close: %v", err)
	}
	if _, err := s.Verify(context.Background()); !errors.Is(err, store.ErrClosed) {
		t.Fatalf("verify after close: %v", err)
	}
}

func TestUnknownCodecVersion(t *testing.T) {
	s := openMem(t)
	mustPut(t, s, prim("a", "d", core.Axiom, nil))
	if err := s.CorruptCodec("a", 0x7f); err != nil {
		t.Fatal(err)
	}
	_, _, err := s.GetPrimitive("a")
	if !errors.Is(err, store.ErrUnknownCodec) {
		t.Fatalf("get: %v, want ErrUnknownCodec", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "p/a") || !strings.Contains(msg, "127") {
		t.Fatalf("error %q does not name the key and the version", msg)
	}
	if err := s.Primitives(func(core.Primitive) error { return nil }); !errors.Is(err, store.ErrUnknownCodec) {
		t.Fatalf("iteration: %v", err)
	}
	// Updating over an unreadable record is refused too: the stale keys it
	// implied cannot be computed.
	if err := s.PutPrimitive(prim("a", "d", core.Axiom, nil)); !errors.Is(err, store.ErrUnknownCodec) {
		t.Fatalf("put over corrupt record: %v", err)
	}

	if err := s.CorruptJSON("a"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.GetPrimitive("a"); !errors.Is(err, store.ErrCorrupt) || !strings.Contains(err.Error(), "p/a") {
		t.Fatalf("get of bad JSON: %v", err)
	}
	if err := s.RawSet(store.PrimitiveKey("a"), nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.GetPrimitive("a"); !errors.Is(err, store.ErrCorrupt) {
		t.Fatalf("get of empty value: %v", err)
	}
}

func TestSchemaTooNew(t *testing.T) {
	dir := t.TempDir()
	s := openDir(t, dir, store.Options{})
	v, err := json.Marshal(map[string]int{"version": store.SchemaVersion + 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RawSet(store.KeySchema, append([]byte{1}, v...)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = store.Open(dir, store.Options{})
	if !errors.Is(err, store.ErrSchemaTooNew) {
		t.Fatalf("open: %v, want ErrSchemaTooNew", err)
	}
	if !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "upgrade") {
		t.Fatalf("unclear error %q", err)
	}
	// The refused open must have released the lock.
	if _, err := store.Open(dir, store.Options{}); errors.Is(err, core.ErrStoreLocked) {
		t.Fatalf("lock leaked: %v", err)
	}
}

// Badger's default logger writes to stderr, which would corrupt the TUI.
func TestNothingWrittenToTerminal(t *testing.T) {
	stdout, stderr := os.Stdout, os.Stderr
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var (
		captured bytes.Buffer
		wg       sync.WaitGroup
	)
	wg.Go(func() { _, _ = io.Copy(&captured, r) })
	os.Stdout, os.Stderr = w, w
	func() {
		defer func() { os.Stdout, os.Stderr = stdout, stderr }()
		dir := t.TempDir()
		s, err := store.Open(dir, store.Options{})
		if err != nil {
			t.Error(err)
			return
		}
		_ = s.PutPrimitive(prim("a", "d", core.Axiom, nil))
		_ = s.GC()
		_ = s.Close()
		s, err = store.Open(dir, store.Options{})
		if err == nil {
			_ = s.Close()
		}
	}()
	_ = w.Close()
	wg.Wait()
	if captured.Len() > 0 {
		t.Fatalf("store wrote to the terminal: %q", captured.String())
	}
}

type recordingLogger struct {
	mu    sync.Mutex
	lines []string
}

func (l *recordingLogger) add(f string) { l.mu.Lock(); l.lines = append(l.lines, f); l.mu.Unlock() }

func (l *recordingLogger) Errorf(f string, _ ...any)   { l.add(f) }
func (l *recordingLogger) Warningf(f string, _ ...any) { l.add(f) }
func (l *recordingLogger) Infof(f string, _ ...any)    { l.add(f) }
func (l *recordingLogger) Debugf(f string, _ ...any)   { l.add(f) }

func TestLoggerReceivesBadgerMessages(t *testing.T) {
	var l recordingLogger
	s := openDir(t, t.TempDir(), store.Options{Logger: &l})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.lines) == 0 {
		t.Fatal("logger received nothing from Badger")
	}
}

func TestGC(t *testing.T) {
	s := openDir(t, t.TempDir(), store.Options{GCInterval: 10 * time.Millisecond}) // exercise the loop
	for i := range 50 {
		mustPut(t, s, smallPrimitive(i))
	}
	if err := s.GC(); err != nil {
		t.Fatalf("gc: %v", err)
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	m := openMem(t)
	if err := m.GC(); err != nil {
		t.Fatalf("in-memory gc: %v", err)
	}
}

// Concurrent writers of the same primitives must leave consistent indexes:
// each put reads the old record, and conflicts are retried.
func TestConcurrentPuts(t *testing.T) {
	s := openMem(t)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 40 {
				p := smallPrimitive(i % 10)
				p.Domain = []string{"a", "b", "c", "d"}[w]
				p.Keywords = []string{p.Domain + "-kw"}
				if err := s.PutPrimitive(p); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	mustVerify(t, s)
	mustCount(t, s, 10)
}

// OpenEmpty is what a reading command gets where no store exists: empty,
// still a store (a small write works), and without the 16 MiB memtable
// arena a working store allocates, which was most of such a command's heap.
func TestOpenEmptyIsSmallAndStillAStore(t *testing.T) {
	heapAfter := func(open func() (*store.Store, error)) (*store.Store, uint64) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		s, err := open()
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		return s, after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
	}
	full, fullHeap := heapAfter(store.OpenInMemory)
	_ = full.Close()
	s, heap := heapAfter(store.OpenEmpty)
	defer s.Close()
	if heap > fullHeap/4 || heap > 6<<20 {
		t.Errorf("an empty store holds %d KiB of heap, a working one %d KiB", heap>>10, fullHeap>>10)
	}
	mustCount(t, s, 0)
	mustPut(t, s, prim("a", "d", core.Axiom, nil))
	mustCount(t, s, 1)
	mustVerify(t, s)
}
