package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/store"
)

// singular is a word-handling rule a later dedup might adopt: keywords
// are normalized as today and then lose a plural "s", so that "groups"
// and "group" are one keyword.
func singular(k string) string {
	if len(k) > 3 && strings.HasSuffix(k, "s") && !strings.HasSuffix(k, "ss") {
		return k[:len(k)-1]
	}
	return k
}

func singularKeywords(ks []string) []string {
	var out []string
	for _, k := range dedup.NormKeywords(ks) {
		if k = singular(k); !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func singularFeatures(p *core.Primitive) *dedup.Features {
	q := *p
	q.Keywords = singularKeywords(p.Keywords)
	return dedup.FeaturesOf(&q)
}

// The derived data carries the version of the rules that derived it. A
// store written under version N is stale under a changed rule (Verify
// says so) for as long as the rule's version is not bumped; once it is,
// the next Open rebuilds everything derived, reports it, and leaves a store
// that verifies clean and is the one a store written under the new rule
// from the start would be.
func TestRebuildWhenFeaturesVersionChanges(t *testing.T) {
	ctx := context.Background()
	v := dedup.FeaturesVersion
	ps := []core.Primitive{
		at(prim("a", "algebra", core.Definition, []string{"Groups", "rings"}), 0.3, 0.3),
		at(prim("b", "algebra", core.Theorem, []string{"group", "ring", "fields"}, req("a", 0.8)), 0.35, 0.3),
		at(prim("c", "algebra", core.Definition, []string{"class"}), 0.3, 0.35),
	}
	dir := t.TempDir()
	s := openDir(t, dir, store.Options{GCInterval: -1})
	mustPut(t, s, ps...)
	mustVerify(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// The rule changes but its version does not: nothing is rebuilt,
	// and Verify finds the postings and dedup records stale.
	restore := store.SetDerivation(v, singularFeatures, singularKeywords)
	// restore is replaced below, when the version is bumped: the deferred
	// call must undo whichever derivation is set last.
	defer func() { restore() }()
	s = openDir(t, dir, store.Options{GCInterval: -1})
	rep, err := s.Verify(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Count(store.ProblemStaleIndex) == 0 || rep.Count(store.ProblemMissingIndex) == 0 {
		t.Fatalf("derived data of the old rule not reported stale: %v", rep.Problems)
	}
	t.Logf("under the new rule without a new version: %d problems, e.g. %s", rep.ProblemCount, rep.Problems[0])
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// The version is bumped with the rule: the next Open rebuilds.
	restore()
	restore = store.SetDerivation(v+1, singularFeatures, singularKeywords)
	var reports []store.Progress
	s = openDir(t, dir, store.Options{GCInterval: -1, Progress: func(p store.Progress) { reports = append(reports, p) }})
	if len(reports) < 2 || reports[0].Task != store.TaskReindex || reports[0].Total != 3 ||
		!strings.Contains(reports[0].Reason, fmt.Sprintf("version %d, this lore's are version %d", v, v+1)) {
		t.Fatalf("open reported %+v", reports)
	}
	if last := reports[len(reports)-1]; !last.Finished || last.Done != 3 || last.Skipped != 0 {
		t.Fatalf("last report %+v", last)
	}
	mustVerify(t, s)
	if got, err := s.ByKeyword("group"); err != nil || !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("ByKeyword(group) after the rebuild = %v, %v", got, err)
	}
	recs, err := s.NearRecords(&ps[1], 0.2, 2, 0)
	if err != nil || len(recs) != 2 || recs[0].ID != "a" || !slices.Equal(recs[0].Features.Keywords, []string{"group", "ring"}) {
		t.Fatalf("NearRecords after the rebuild = %+v, %v", recs, err)
	}
	raw, err := s.RawGet(store.KeySchema)
	if err != nil {
		t.Fatal(err)
	}
	var schema struct{ Version, Features int }
	if err := json.Unmarshal(raw[1:], &schema); err != nil || schema.Version != store.SchemaVersion || schema.Features != v+1 {
		t.Fatalf("schema record %s: %v", raw[1:], err)
	}
	rebuilt := export(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// Written under the new rule from the start, the store is the same.
	fresh := openMem(t)
	mustPut(t, fresh, ps...)
	if want := export(t, fresh); !bytes.Equal(rebuilt, want) {
		t.Fatalf("rebuilt store differs from one built by the new rule: %s", firstDifference(string(rebuilt), string(want)))
	}

	// Opened again, nothing is rebuilt.
	reports = nil
	s = openDir(t, dir, store.Options{GCInterval: -1, Progress: func(p store.Progress) { reports = append(reports, p) }})
	defer s.Close()
	if len(reports) != 0 {
		t.Fatalf("second open reported %+v", reports)
	}
}

// Reindex on request mends whatever derived key is missing, stale or
// wrong, leaves the knowledge exactly as it was, and reports its progress.
func TestReindexRepairsDerivedData(t *testing.T) {
	ctx := context.Background()
	s := learnedStore(t, t.TempDir())
	defer s.Close()
	before := export(t, s)
	n := mustVerify(t, s).Primitives
	for _, corrupt := range []func() error{
		func() error { return s.CorruptDropReverseEdge("p-000002", "p-000001", core.Requires) },
		func() error { return s.CorruptAddReverseEdge("p-000003", "p-000001", core.Applies) },
		func() error { return s.CorruptAddDomainTypeEntry("nowhere", core.Axiom, "p-000004") },
		func() error { return s.CorruptRank("p-000007", 2, 9) },
		func() error { return s.RawDelete(store.DedupKey("p-000005")) },
		func() error { return s.RawSet(store.KeywordKey("ghost", core.PlanePosition{}, "p-000006"), nil) },
	} {
		if err := corrupt(); err != nil {
			t.Fatal(err)
		}
	}
	if rep, err := s.Verify(ctx); err != nil || rep.ProblemCount < 6 {
		t.Fatalf("damage not seen: %v %v", rep.Problems, err)
	}
	var reports []store.Progress
	if err := s.Reindex(ctx, func(p store.Progress) { reports = append(reports, p) }); err != nil {
		t.Fatal(err)
	}
	mustVerify(t, s)
	if after := export(t, s); !bytes.Equal(after, before) {
		t.Fatalf("reindex changed the knowledge: %s", firstDifference(string(after), string(before)))
	}
	first, last := reports[0], reports[len(reports)-1]
	if first.Done != 0 || first.Total != n || first.Finished || !last.Finished || last.Done != n || last.Elapsed <= 0 {
		t.Fatalf("reports %+v", reports)
	}
}

// A rebuild that is interrupted leaves the store marked, and the next
// Open finishes it; an undecodable record is skipped and counted.
func TestInterruptedReindexResumesOnOpen(t *testing.T) {
	dir := t.TempDir()
	s := learnedStore(t, dir)
	before := export(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Reindex(ctx, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled reindex: %v", err)
	}
	if rep, _ := s.Verify(context.Background()); rep.Count(store.ProblemMissingIndex) == 0 {
		t.Fatalf("the cancelled rebuild left its derived keys: %v", rep.Problems)
	}
	if err := s.CorruptJSON("p-000010"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	var reports []store.Progress
	s = openDir(t, dir, store.Options{Progress: func(p store.Progress) { reports = append(reports, p) }})
	defer s.Close()
	if len(reports) == 0 || !strings.Contains(reports[0].Reason, "did not finish") {
		t.Fatalf("open after an interrupted rebuild reported %+v", reports)
	}
	if last := reports[len(reports)-1]; last.Skipped != 1 {
		t.Fatalf("last report %+v, want the undecodable record skipped", last)
	}
	rep, err := s.Verify(context.Background())
	if err != nil || rep.Count(store.ProblemCorruptValue) != 1 {
		t.Fatalf("verify after the rebuild: %v %v", rep.Problems, err)
	}
	if after := export(t, s); len(after) == 0 || len(after) >= len(before) {
		t.Fatalf("export after the rebuild: %d bytes, before %d", len(after), len(before))
	}
}

// A read-only open of a store whose indexes were built by other rules is
// reopened writable and rebuilt, as one with an interrupted session is.
func TestReadOnlyOpenRebuilds(t *testing.T) {
	dir := t.TempDir()
	s := learnedStore(t, dir)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	defer store.SetDerivation(dedup.FeaturesVersion+1, dedup.FeaturesOf, dedup.NormKeywords)()
	s = openDir(t, dir, store.Options{ReadOnly: true})
	if s.ReadOnly() {
		t.Fatal("a store needing a rebuild stayed read-only")
	}
	mustVerify(t, s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Rebuilt, it opens read-only, and cannot be reindexed so.
	s = openDir(t, dir, store.Options{ReadOnly: true})
	defer s.Close()
	if !s.ReadOnly() {
		t.Fatal("a rebuilt store was opened writable")
	}
	if err := s.Reindex(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("reindex of a read-only store: %v", err)
	}
}

// A backup taken under other rules restores rebuilt and verified.
func TestRestoreRebuildsStaleDerivedData(t *testing.T) {
	ctx := context.Background()
	s := learnedStore(t, t.TempDir())
	defer s.Close()
	file := filepath.Join(t.TempDir(), "lore.bak")
	if _, err := s.BackupFile(ctx, file, false); err != nil {
		t.Fatal(err)
	}
	defer store.SetDerivation(dedup.FeaturesVersion+1, dedup.FeaturesOf, dedup.NormKeywords)()
	var reports []store.Progress
	target := filepath.Join(t.TempDir(), "restored")
	ri, err := store.RestoreFile(ctx, target, file, store.Options{Progress: func(p store.Progress) { reports = append(reports, p) }})
	if err != nil || !ri.Verify.OK() || ri.FromSchema != store.SchemaVersion {
		t.Fatalf("restore: %+v %v", ri, err)
	}
	if len(reports) == 0 || reports[0].Task != store.TaskReindex {
		t.Fatalf("restore reported %+v", reports)
	}
	r := openDir(t, target, store.Options{})
	defer r.Close()
	assertSameStores(t, s, r)
}

// Figures for the issue: the time to rebuild the derived data of a large
// store (not a timed assertion).
func TestReindexLargeStore(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100,000 primitives")
	}
	// The store's largest tests, each in a store of its own: side by side
	// they take the two cores a CI machine has, not one after the other.
	t.Parallel()
	const n = 100_000
	s := openDir(t, t.TempDir(), store.Options{GCInterval: -1})
	defer s.Close()
	for i := 0; i < n; i += 25_000 {
		if err := s.CommitSession(context.Background(), session(fmt.Sprint("s", i)), addChanges(i, i+25_000)); err != nil {
			t.Fatal(err)
		}
	}
	var last store.Progress
	reports := 0
	start := time.Now()
	if err := s.Reindex(context.Background(), func(p store.Progress) { last = p; reports++ }); err != nil {
		t.Fatal(err)
	}
	t.Logf("reindexed %d primitives in %s (%d progress reports)", last.Done, time.Since(start).Round(time.Millisecond), reports)
	if last.Done != n || !last.Finished {
		t.Fatalf("last report %+v", last)
	}
	rep := mustVerify(t, s)
	t.Logf("%d index entries, %d dedup records, %d reverse edges", rep.IndexEntries, rep.DedupRecords, rep.ReverseEdges)
}

// An in-memory store reindexes like one on disk.
func TestReindexInMemory(t *testing.T) {
	s := openMem(t)
	mustPut(t, s, at(prim("a", "d", core.Definition, []string{"alpha", "beta"}), 0.1, 0.1),
		prim("b", "d", core.Theorem, nil, req("a", 1)))
	before := export(t, s)
	if err := s.Reindex(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	mustVerify(t, s)
	if after := export(t, s); !bytes.Equal(after, before) {
		t.Fatalf("in-memory reindex changed the store: %s", firstDifference(string(after), string(before)))
	}
}
