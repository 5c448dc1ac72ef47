package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/store"
)

func at(p core.Primitive, re, im float64) core.Primitive {
	p.Plane = core.PlanePosition{Real: re, Imaginary: im}
	return p
}

func TestNear(t *testing.T) {
	s := openMem(t)
	a := at(prim("a", "d", core.Definition, []string{"Vector", "space", "basis"}), 0.5, 0.3)
	b := at(prim("b", "d", core.Definition, []string{"vector", "space"}), 0.515, 0.315)
	// Across a cell border from the candidate, still within 0.2.
	c := at(prim("c", "d", core.Definition, []string{"vector", "space"}), 0.39, 0.3)
	far := at(prim("far", "d", core.Definition, []string{"vector", "space"}), -0.5, -0.3)
	one := at(prim("one", "d", core.Definition, []string{"vector", "field"}), 0.5, 0.3)
	hash := at(prim("hash", "d", core.Identity, []string{"unrelated"}), -0.9, 0.9)
	hash.Provenance.ContentHash = "h1"
	mustPut(t, s, a, b, c, far, one, hash)
	mustVerify(t, s)

	cand := at(prim("cand", "d", core.Definition, []string{"vector", "SPACE", "linear"}), 0.51, 0.31)
	got, err := s.Near(&cand, 0.2, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a", "b", "c"}; !slices.Equal(ids(got), want) {
		t.Fatalf("Near = %v, want %v", ids(got), want)
	}
	got, _ = s.Near(&cand, 0.2, 3, 0)
	if len(got) != 0 {
		t.Fatalf("Near with 3 shared = %v, want none", ids(got))
	}
	got, _ = s.Near(&cand, 2.0, 2, 0)
	if want := []string{"a", "b", "c", "far"}; !slices.Equal(ids(got), want) {
		t.Fatalf("Near at distance 2 = %v, want %v", ids(got), want)
	}
	if got, _ := s.Near(&cand, 2.0, 2, 1); !slices.Equal(ids(got), []string{"a"}) {
		t.Fatalf("Near limited to 1 = %v, want the one sharing most keywords", ids(got))
	}
	poor := at(prim("poor", "d", core.Identity, []string{"x"}), 0, 0)
	poor.Provenance.ContentHash = "h1"
	got, _ = s.Near(&poor, 0.2, 2, 0)
	if want := []string{"hash"}; !slices.Equal(ids(got), want) {
		t.Fatalf("Near by content hash = %v, want %v", ids(got), want)
	}
	if kw, _ := s.ByKeyword("space"); !slices.Equal(kw, []string{"a", "b", "c", "far"}) {
		t.Fatalf("ByKeyword(space) = %v", kw)
	}
}

func TestVerifyDetectsMissingHashEntry(t *testing.T) {
	s := openMem(t)
	p := prim("a", "d", core.Definition, nil)
	p.Provenance.ContentHash = "abc"
	mustPut(t, s, p)
	mustVerify(t, s)
	if err := s.RawDelete([]byte("i/hash/abc/a")); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Count(store.ProblemMissingIndex) != 1 {
		t.Fatalf("problems = %v", rep.Problems)
	}
}

func export(t testing.TB, s *store.Store) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := s.Export(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestConflictsAndUnlearnCommit checks conflict changes, notes, appended
// resolutions and the unlearn commit point at store level: applying the
// inverse changes in an unlearn session restores the export exactly.
func TestConflictsAndUnlearnCommit(t *testing.T) {
	s := openMem(t)
	ctx := context.Background()
	empty := export(t, s)

	a := prim("a", "d", core.Definition, []string{"k"})
	cand := prim("cand", "d", core.Definition, []string{"k"})
	conf := core.Conflict{ID: "s1-c1", Session: "s1", Candidate: cand, Existing: a, State: core.ConflictPending}
	changes := []core.Change{
		{Type: core.ChangeAdd, PrimitiveID: "a", After: &a},
		{Type: core.ChangeNote, Provenance: &core.ProvenanceEntry{Action: core.ProvSkip}},
		{Type: core.ChangeConflict, ConflictID: conf.ID, ConflictAfter: &conf},
	}
	if err := s.CommitSessionWith(ctx, session("s1"), changes, []byte("r1")); err != nil {
		t.Fatal(err)
	}
	got, ok, err := s.Conflict("s1-c1")
	if err != nil || !ok || got.State != core.ConflictPending || got.Candidate.ID != "cand" {
		t.Fatalf("conflict = %+v ok=%v err=%v", got, ok, err)
	}
	if r, ok, _ := s.Report("s1"); !ok || string(r) != "r1" {
		t.Fatalf("report = %q %v", r, ok)
	}

	// Resolve keep-both: append to s1.
	resolved := conf
	resolved.State, resolved.Resolution = core.ConflictResolved, core.KeepBoth
	res := []core.Change{
		{Type: core.ChangeAdd, PrimitiveID: "cand", After: &cand},
		{Type: core.ChangeConflict, ConflictID: conf.ID, ConflictBefore: &conf, ConflictAfter: &resolved},
	}
	if err := s.AppendToSession(ctx, "s1", res, []byte("r1b")); err != nil {
		t.Fatal(err)
	}
	mustVerify(t, s)
	all, err := s.Changes("s1")
	if err != nil || len(all) != 5 {
		t.Fatalf("changes = %d, %v", len(all), err)
	}
	if err := s.AppendToSession(ctx, "ghost", res, nil); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("append to unknown session: %v", err)
	}

	// Unlearn: the inverse, in reverse order.
	inverse := []core.Change{
		{Type: core.ChangeConflict, ConflictID: conf.ID, ConflictBefore: &resolved, ConflictAfter: &conf},
		{Type: core.ChangeRemove, PrimitiveID: "cand", Before: &cand},
		{Type: core.ChangeConflict, ConflictID: conf.ID, ConflictBefore: &conf},
		{Type: core.ChangeRemove, PrimitiveID: "a", Before: &a},
	}
	un := session("u1")
	un.Kind, un.Reverts = core.KindUnlearn, "s1"
	if err := s.CommitSession(ctx, un, inverse); err != nil {
		t.Fatal(err)
	}
	if sess := mustSession(t, s, "s1"); sess.State != core.SessionReverted || sess.RevertedBy != "u1" {
		t.Fatalf("s1 after unlearn = %+v", sess)
	}
	if !bytes.Equal(export(t, s), empty) {
		t.Fatalf("export after unlearn differs from empty:\n%s", export(t, s))
	}
	un2 := session("u2")
	un2.Reverts = "s1"
	if err := s.CommitSession(ctx, un2, nil); !errors.Is(err, store.ErrNotRevertible) {
		t.Fatalf("second unlearn: %v", err)
	}
	if _, ok, _ := s.Session("u2"); ok {
		t.Fatal("refused unlearn left a session record")
	}
}

// A conflict resolution appends a chunk to a committed session's journal,
// and a commit capped at one chunk per transaction reads back whole.
func TestJournalChunks(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openDir(t, dir, store.WithMaxJournalBatch(store.Options{}, 1))
	defer s.Close()
	changes := addChanges(0, 5)
	if err := s.CommitSession(ctx, session("s1"), changes); err != nil {
		t.Fatal(err)
	}
	journaled, err := s.Changes("s1")
	if err != nil || len(journaled) != len(changes) {
		t.Fatalf("journal = %d changes, %v", len(journaled), err)
	}
	notes := []core.Change{{Type: core.ChangeNote, PrimitiveID: "n1"}, {Type: core.ChangeNote, PrimitiveID: "n2"}}
	if err := s.AppendToSession(ctx, "s1", notes, nil); err != nil {
		t.Fatal(err)
	}
	got, err := s.Changes("s1")
	if err != nil || len(got) != 7 || got[5].PrimitiveID != "n1" || got[6].PrimitiveID != "n2" {
		t.Fatalf("changes after append = %d %v", len(got), err)
	}
	if !reflect.DeepEqual(got[:5], journaled) {
		t.Fatalf("first chunk read back as %+v", got[:5])
	}
	big := addChanges(5, 5+3*256+1)
	if err := s.CommitSession(ctx, session("s2"), big); err != nil {
		t.Fatal(err)
	}
	if journal, _ := s.LastBatches(); journal != 4 {
		t.Fatalf("journal batches = %d, want one per chunk of 256 (4)", journal)
	}
	got, err = s.Changes("s2")
	if err != nil || len(got) != len(big) {
		t.Fatalf("chunked journal read back %d changes, %v", len(got), err)
	}
	for i := range got {
		if got[i].PrimitiveID != big[i].PrimitiveID || got[i].After == nil || got[i].After.FormalStatement != big[i].After.FormalStatement {
			t.Fatalf("change %d read back as %+v", i, got[i])
		}
	}
	rep := mustVerify(t, s)
	if rep.JournalEntries != 7+len(big) {
		t.Fatalf("verify counted %d journaled changes, want %d", rep.JournalEntries, 7+len(big))
	}
}

// The domain-type index answers both queries: a domain is one range (not
// the ranges of domains its name is a prefix of), a type is one range per
// domain, and both come back in id order whatever the domains' order.
func TestDomainTypeIndex(t *testing.T) {
	s := openMem(t)
	mustPut(t, s,
		prim("z1", "alg", core.Theorem, nil),
		prim("a1", "alg", core.Definition, nil),
		prim("m1", "alg-x", core.Theorem, nil),
		prim("b1", "alg/x", core.Theorem, nil),
		prim("c1", "algebra", core.Theorem, nil),
		prim("d1", "alg%", core.Axiom, nil),
		prim("e1", "", core.Theorem, nil),
	)
	mustVerify(t, s)
	for domain, want := range map[string][]string{
		"alg": {"a1", "z1"}, "alg-x": {"m1"}, "alg/x": {"b1"}, "algebra": {"c1"}, "alg%": {"d1"}, "": {"e1"}, "al": nil,
	} {
		if got, err := s.ByDomain(domain); err != nil || !slices.Equal(ids(got), want) {
			t.Errorf("ByDomain(%q) = %v, %v; want %v", domain, ids(got), err, want)
		}
	}
	for typ, want := range map[core.PrimitiveType][]string{
		core.Theorem: {"b1", "c1", "e1", "m1", "z1"}, core.Definition: {"a1"}, core.Axiom: {"d1"}, core.Identity: nil,
	} {
		if got, err := s.ByType(typ); err != nil || !slices.Equal(ids(got), want) {
			t.Errorf("ByType(%q) = %v, %v; want %v", typ, ids(got), err, want)
		}
	}
}

// Postings record positions quantized; a primitive exactly at the
// prefilter's distance, which rounding may put a hair beyond it, is still
// found, and one a hair beyond it in double precision is not. A position
// outside the plane's [−1, 1]², which postings cannot record, is still
// found from its cell.
func TestNearAtTheDistanceBound(t *testing.T) {
	s := openMem(t)
	mustPut(t, s,
		at(prim("edge", "d", core.Definition, []string{"alpha", "beta"}), 0.1, 0),
		at(prim("beyond", "d", core.Definition, []string{"alpha", "beta"}), 0.1+1e-9, 0.1),
	)
	p := at(prim("p", "d", core.Definition, []string{"alpha", "beta"}), -0.1, 0.1)
	far := at(prim("p", "d", core.Definition, []string{"alpha", "beta"}), -0.1, 0)
	if got, err := s.Near(&far, 0.2, 2, 0); err != nil || !slices.Equal(ids(got), []string{"edge"}) {
		t.Fatalf("Near at distance 0.2 = %v, %v; want [edge]", ids(got), err)
	}
	if got, err := s.NearRecords(&p, 0.2, 2, 0); err != nil || len(got) != 0 {
		t.Fatalf("NearRecords past distance 0.2 = %v, %v; want none", got, err)
	}
	mustPut(t, s, at(prim("off", "d", core.Definition, []string{"gamma", "delta"}), 1.5, 0.2))
	q := at(prim("q", "d", core.Definition, []string{"gamma", "delta"}), 1.35, 0.2)
	if got, err := s.Near(&q, 0.2, 2, 0); err != nil || !slices.Equal(ids(got), []string{"off"}) {
		t.Fatalf("Near off the plane = %v, %v; want [off]", ids(got), err)
	}
	q = at(q, 1.25, 0.2)
	if got, err := s.Near(&q, 0.2, 2, 0); err != nil || len(got) != 0 {
		t.Fatalf("Near 0.25 from a primitive off the plane = %v, %v; want none", ids(got), err)
	}
}

// A process killed right after Badger created a memtable or value-log file
// leaves it empty; the store still opens, with everything committed.
func TestOpenAfterEmptyFileLeftByKill(t *testing.T) {
	for _, name := range []string{"00009.mem", "000002.vlog"} {
		dir := t.TempDir()
		s := openDir(t, dir, store.Options{})
		if err := s.CommitSession(context.Background(), session("s1"), addChanges(0, 10)); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		// What a kill leaves: the file created, nothing written yet.
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		s = openDir(t, dir, store.Options{})
		mustCount(t, s, 10)
		mustVerify(t, s)
		s.Close()
	}
}

// A keyword posting's value must be the record's position and keyword
// signature; Verify reports any other.
func TestVerifyChecksPostingValues(t *testing.T) {
	s := openMem(t)
	p := at(prim("a", "d", core.Definition, []string{"alpha"}), 0.5, 0.5)
	mustPut(t, s, p)
	key := store.KeywordKey("alpha", p.Plane, "a")
	for _, c := range []struct {
		name  string
		val   []byte
		stale int
	}{
		{"empty", nil, 1},
		{"another position", store.PostingValue(at(p, -0.5, 0.5).Plane, store.KeywordSignature([]string{"alpha"})), 1},
		{"another signature", store.PostingValue(p.Plane, store.KeywordSignature([]string{"beta"})), 1},
		{"the record's", store.PostingValue(p.Plane, store.KeywordSignature([]string{"alpha"})), 0},
	} {
		if err := s.RawSet(key, c.val); err != nil {
			t.Fatal(err)
		}
		rep, err := s.Verify(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.Count(store.ProblemStaleIndex); got != c.stale || len(rep.Problems) != c.stale {
			t.Errorf("%s value: %d stale of problems %v, want %d", c.name, got, rep.Problems, c.stale)
		}
	}
}

// NearRecords and SameContentRecords answer what Near does, from the dedup
// records: the same primitives, with their features and positions.
func TestNearRecordsAgreeWithNear(t *testing.T) {
	s := openMem(t)
	words := []string{"alpha", "beta", "gamma", "delta", "set"}
	var all []core.Primitive
	for i := range 200 {
		kws := []string{words[i%5], words[(i/5)%5], "set"}
		p := at(prim(fmt.Sprintf("p%03d", i), "d", core.Definition, kws), float64(i%17)/8-1, float64(i%13)/6-1)
		p.FormalStatement = fmt.Sprintf("Statement %d about %s.", i%40, kws[0])
		p.Provenance.ContentHash = text.ContentHash(p.FormalStatement)
		all = append(all, p)
	}
	mustPut(t, s, all...)
	for i := 0; i < len(all); i += 7 {
		q := all[i]
		q.ID = "query"
		q.Plane.Real += 0.05
		for _, limit := range []int{0, 3} {
			near, err := s.Near(&q, 0.3, 2, limit)
			if err != nil {
				t.Fatal(err)
			}
			recs, err := s.NearRecords(&q, 0.3, 2, limit)
			if err != nil {
				t.Fatal(err)
			}
			same, err := s.SameContentRecords(q.Provenance.ContentHash)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]dedup.Record{}
			for _, r := range append(recs, same...) {
				got[r.ID] = r
			}
			if len(got) != len(near) {
				t.Fatalf("query %d limit %d: %d records, Near %v", i, limit, len(got), ids(near))
			}
			for j := range near {
				r, ok := got[near[j].ID]
				if !ok || r.Plane != near[j].Plane || !reflect.DeepEqual(r.Features, dedup.FeaturesOf(&near[j])) {
					t.Fatalf("query %d limit %d: record of %s = %+v, want the features of %+v", i, limit, near[j].ID, r, near[j])
				}
			}
		}
	}
}

// Near must return exactly what the prefilter rule admits over all
// primitives, also when some of a query's keyword lists are long enough to
// be skipped and counted from dedup records instead.
func TestNearMatchesBruteForce(t *testing.T) {
	s := openMem(t)
	r := rand.New(rand.NewPCG(3, 4))
	// A few words on most primitives (lists far longer than a probe), the
	// rest rare.
	common := []string{"set", "map", "Group "}
	rare := make([]string, 60)
	for i := range rare {
		rare[i] = fmt.Sprintf("w%d", i)
	}
	randPrim := func(id string) core.Primitive {
		var kws []string
		for _, w := range common {
			if r.IntN(10) < 7 {
				kws = append(kws, w)
			}
		}
		for k := r.IntN(4); k > 0; k-- {
			kws = append(kws, rare[r.IntN(len(rare))])
		}
		p := at(prim(id, "d", core.Definition, kws), r.Float64()*0.8-0.4, r.Float64()*0.8-0.4)
		if r.IntN(20) == 0 {
			p.Provenance.ContentHash = fmt.Sprintf("h%d", r.IntN(5))
		}
		return p
	}
	all := make([]core.Primitive, 4000)
	changes := make([]core.Change, len(all))
	for i := range all {
		all[i] = randPrim(fmt.Sprintf("p%04d", i))
		changes[i] = core.Change{Type: core.ChangeAdd, PrimitiveID: all[i].ID, After: &all[i]}
	}
	if err := s.CommitSession(context.Background(), session("s1"), changes); err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []dedup.Config{{MaxDistance: 0.2, MinSharedKeywords: 2}, {MaxDistance: 0.1, MinSharedKeywords: 3}, {MaxDistance: 0.3, MinSharedKeywords: 4}} {
		cfg.MaxCompared = 1 << 30
		for q := range 150 {
			cand := randPrim(fmt.Sprintf("q%d", q))
			var want []string
			for _, m := range dedup.Prefilter(&cand, all, cfg) {
				want = append(want, m.ID)
			}
			got, err := s.Near(&cand, cfg.MaxDistance, cfg.MinSharedKeywords, 0)
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(want)
			if !slices.Equal(ids(got), want) {
				t.Fatalf("cfg %+v, candidate %v at %v:\n got %v\nwant %v", cfg, cand.Keywords, cand.Plane, ids(got), want)
			}
			// With a limit: the limit neighbours sharing the most
			// keywords (ties by id), and every content-hash match.
			const limit = 3
			type scored struct {
				id     string
				shared int
			}
			var near []scored
			var same []string
			for i := range all {
				q := &all[i]
				if h := cand.Provenance.ContentHash; h != "" && q.Provenance.ContentHash == h {
					same = append(same, q.ID)
				}
				n := len(sharedKeywords(&cand, q))
				if q.Plane.Distance(cand.Plane) <= cfg.MaxDistance && n >= cfg.MinSharedKeywords {
					near = append(near, scored{q.ID, n})
				}
			}
			slices.SortFunc(near, func(a, b scored) int {
				if a.shared != b.shared {
					return b.shared - a.shared
				}
				return strings.Compare(a.id, b.id)
			})
			want = same
			for _, sc := range near[:min(limit, len(near))] {
				if !slices.Contains(want, sc.id) {
					want = append(want, sc.id)
				}
			}
			slices.Sort(want)
			if got, err = s.Near(&cand, cfg.MaxDistance, cfg.MinSharedKeywords, limit); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ids(got), want) {
				t.Fatalf("cfg %+v, limit %d, candidate %v at %v:\n got %v\nwant %v", cfg, limit, cand.Keywords, cand.Plane, ids(got), want)
			}
		}
	}
}

// sharedKeywords are the normalized keywords a and b have in common.
func sharedKeywords(a, b *core.Primitive) []string {
	norm := func(p *core.Primitive) []string {
		var out []string
		for _, k := range p.Keywords {
			if k = strings.ToLower(strings.TrimSpace(k)); k != "" && !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
		return out
	}
	bs := norm(b)
	var out []string
	for _, k := range norm(a) {
		if slices.Contains(bs, k) {
			out = append(out, k)
		}
	}
	return out
}

// A keyword list too long to read is answered from the postings' keyword
// signatures; a primitive whose signature has a keyword's bits without
// holding the keyword is still not a match.
func TestNearConfirmsSignatureMatches(t *testing.T) {
	s := openMem(t)
	// y makes x's signature cover "common" though x lacks it.
	y := ""
	for i := 0; y == ""; i++ {
		w := fmt.Sprintf("y%d", i)
		bits := store.KeywordBits("common")
		if store.KeywordSignature([]string{"rare", w})&bits == bits {
			y = w
		}
	}
	ps := []core.Primitive{
		at(prim("x", "d", core.Definition, []string{"rare", y}), 0, 0),
		at(prim("z", "d", core.Definition, []string{"rare", "common"}), 0, 0),
	}
	for i := range 2000 {
		ps = append(ps, at(prim(fmt.Sprintf("c%04d", i), "d", core.Definition, []string{"common"}), 0.01, 0.01))
	}
	mustPut(t, s, ps...)
	cand := at(prim("q", "d", core.Definition, []string{"rare", "common"}), 0, 0)
	got, err := s.Near(&cand, 0.2, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids(got), []string{"z"}) {
		t.Fatalf("Near = %v, want [z] (x's signature covers %q, but x shares only one keyword)", ids(got), "common")
	}
}

// HasPrimitives follows the store's content: false when empty, true once
// a session adds a primitive (a conflict or a session record alone is no
// primitive), false again once it is unlearned.
func TestHasPrimitives(t *testing.T) {
	s := openMem(t)
	ctx := context.Background()
	has := func(want bool) {
		t.Helper()
		got, err := s.HasPrimitives()
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("HasPrimitives = %v, want %v", got, want)
		}
	}
	has(false)
	a := prim("a", "d", core.Definition, []string{"k"})
	conf := core.Conflict{ID: "s0-c1", Session: "s0", Candidate: a, Existing: a, State: core.ConflictPending}
	if err := s.CommitSession(ctx, session("s0"), []core.Change{{Type: core.ChangeConflict, ConflictID: conf.ID, ConflictAfter: &conf}}); err != nil {
		t.Fatal(err)
	}
	has(false)
	if err := s.CommitSession(ctx, session("s1"), []core.Change{{Type: core.ChangeAdd, PrimitiveID: "a", After: &a}}); err != nil {
		t.Fatal(err)
	}
	has(true)
	un := session("u1")
	un.Kind, un.Reverts = core.KindUnlearn, "s1"
	if err := s.CommitSession(ctx, un, []core.Change{{Type: core.ChangeRemove, PrimitiveID: "a", Before: &a}}); err != nil {
		t.Fatal(err)
	}
	has(false)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.HasPrimitives(); err == nil {
		t.Fatal("HasPrimitives on a closed store did not fail")
	}
}
