package postgres

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/pgtest"
	"github.com/lore-kb/lore/internal/synth"
	"github.com/lore-kb/lore/store"
)

// PrimitivesWithKeywordStems finds, from the keyword index, exactly what
// the Badger store finds for the same primitives, and what a walk over
// every record finds: words whose stem is not a prefix of them
// ("property" → "properti", "dying" → "die"), keywords of several words
// (by their first word), keywords holding LIKE's wildcards, each
// primitive once, in id order.
func TestPrimitivesWithKeywordStemsMatchesBadger(t *testing.T) {
	words := append(text.Words(string(assets.Sample())),
		"property", "properties", "properti", "dying", "die", "died", "lying", "lie",
		"generalization", "general", "happy", "happiness", "header fields", "conflating", "conflate",
		"100%", "snake_case", `back\slash`, "p_q", "pxq")
	var changes []core.Change
	for i := range 400 {
		p := core.Primitive{
			ID: fmt.Sprintf("p-%04d", i), Name: fmt.Sprintf("primitive %d", i), Domain: "d", Type: core.Definition,
			FormalStatement: fmt.Sprintf("Statement %d.", i),
			Keywords:        []string{words[i%len(words)], words[(i*7+3)%len(words)], words[(i*13+5)%len(words)]},
			Plane:           core.PlanePosition{Real: float64(i%20)/10 - 1, Imaginary: float64(i%11)/5.5 - 1},
		}
		changes = append(changes, core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p})
	}
	bs, err := store.Open(t.TempDir(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer bs.Close()
	ps := open(t, pgtest.Start(t).URL)
	for _, st := range []interface {
		CommitSession(context.Context, core.Session, []core.Change) error
	}{bs, ps} {
		if err := st.CommitSession(context.Background(), core.Session{ID: "s1"}, changes); err != nil {
			t.Fatal(err)
		}
	}

	ids := func(what string, list func([]string, func(core.Primitive) error) error, stems []string) []string {
		var out []string
		if err := list(stems, func(p core.Primitive) error {
			out = append(out, p.ID)
			return nil
		}); err != nil {
			t.Fatalf("%s %v: %v", what, stems, err)
		}
		return out
	}
	walk := func(stems []string) []string {
		var out []string
		for _, ch := range changes {
			for _, k := range ch.After.Keywords {
				if ws := text.NameStems(k); len(ws) > 0 && slices.Contains(stems, ws[0]) {
					out = append(out, ch.After.ID)
					break
				}
			}
		}
		return out
	}
	queries := [][]string{nil, {}, {"zzzz"}, {"p"}, {"properti"}, {"die", "lie"}, {"general", "generalization", "happi"},
		{"header"}, {"conflat"}, {"100%"}, {"snake_cas"}, {"p_q"}, {`back\slash`}}
	for i := 0; i < len(words); i += 9 {
		queries = append(queries, text.NameStems(words[i]), text.NameStems(words[i]+" "+words[(i+5)%len(words)]))
	}
	found := 0
	for _, stems := range queries {
		got := ids("postgres", ps.PrimitivesWithKeywordStems, stems)
		want := ids("badger", bs.PrimitivesWithKeywordStems, stems)
		if !slices.Equal(got, want) {
			t.Errorf("stems %q: postgres %d %v, badger %d %v", stems, len(got), got, len(want), want)
		}
		if w := walk(stems); !slices.Equal(got, w) {
			t.Errorf("stems %q: postgres %v, a walk over the records %v", stems, got, w)
		}
		if len(got) > 0 {
			found++
		}
	}
	if found < len(queries)/2 {
		t.Errorf("only %d of %d queries found anything: the data does not exercise the index", found, len(queries))
	}
	// An error from fn stops the listing and comes back as it is.
	stop := errors.New("stop")
	n := 0
	if err := ps.PrimitivesWithKeywordStems([]string{"properti"}, func(core.Primitive) error {
		n++
		return stop
	}); !errors.Is(err, stop) || n != 1 {
		t.Errorf("fn's error: got %v after %d calls, want it after 1", err, n)
	}
}

// neighbours is the dedup questions both backends answer.
type neighbours interface {
	Near(p *core.Primitive, maxDistance float64, minShared, limit int) ([]core.Primitive, error)
	NearRecords(p *core.Primitive, maxDistance float64, minShared, limit int) ([]dedup.Record, error)
	SameContentRecords(hash string) ([]dedup.Record, error)
}

// askBoth asks PostgreSQL (pg) and Badger the same question.
func askBoth[T any](t *testing.T, pg, badger neighbours, ask func(neighbours) (T, error)) (fromPG, fromBadger T) {
	t.Helper()
	fromPG, err := ask(pg)
	if err != nil {
		t.Fatal(err)
	}
	fromBadger, err = ask(badger)
	if err != nil {
		t.Fatal(err)
	}
	return fromPG, fromBadger
}

// Near gives the Badger store's answer on a registry whose general
// keywords' postings are long (internal/synth's model: the lists the
// query skips and probes instead), for every threshold and limit the
// deduper may ask with.
func TestNearMatchesBadgerOnLongLists(t *testing.T) {
	if testing.Short() {
		t.Skip("loads 20,000 primitives into both backends")
	}
	bs, err := store.Open(t.TempDir(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer bs.Close()
	ps := open(t, pgtest.Start(t).URL)
	var changes []core.Change
	cands := synth.Registry(20_000, 3, func(p core.Primitive) {
		changes = append(changes, core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p})
	})
	for _, st := range []interface {
		CommitSession(context.Context, core.Session, []core.Change) error
	}{bs, ps} {
		if err := st.CommitSession(context.Background(), core.Session{ID: "s1"}, changes); err != nil {
			t.Fatal(err)
		}
	}
	found := 0
	var sampled []*core.Primitive
	for i := 0; i < len(cands); i += 50 {
		c := &cands[i]
		sampled = append(sampled, c)
		for _, q := range []struct {
			dist             float64
			minShared, limit int
		}{{0.2, 2, 50}, {0.2, 1, 0}, {0.5, 3, 0}, {0.1, 2, 5}} {
			got, want := askBoth(t, ps, bs, func(st neighbours) ([]core.Primitive, error) {
				return st.Near(c, q.dist, q.minShared, q.limit)
			})
			if g, w := ids(got), ids(want); !slices.Equal(g, w) {
				t.Errorf("candidate %s, %+v: postgres %v, badger %v", c.ID, q, g, w)
			}
			found += len(got)
			// The deduper's own question: the same records, features and
			// all (content matches apart, which it asks for on its own).
			gotRecs, wantRecs := askBoth(t, ps, bs, func(st neighbours) ([]dedup.Record, error) {
				return st.NearRecords(c, q.dist, q.minShared, q.limit)
			})
			if !reflect.DeepEqual(gotRecs, wantRecs) {
				t.Errorf("candidate %s, %+v: records differ: postgres %d, badger %d", c.ID, q, len(gotRecs), len(wantRecs))
			}
		}
	}
	if found == 0 {
		t.Error("no candidate has a neighbour: the registry does not exercise Near")
	}
	// The same questions in one exchange.
	near, same, err := ps.RecordsBatch(sampled, 0.2, 2, 50)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range sampled {
		wantNear, err := bs.NearRecords(c, 0.2, 2, 50)
		if err != nil {
			t.Fatal(err)
		}
		wantSame, err := bs.SameContentRecords(c.Provenance.ContentHash)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(near[i], wantNear) || !reflect.DeepEqual(same[i], wantSame) {
			t.Errorf("candidate %s in a batch: postgres %d near and %d same, badger %d and %d",
				c.ID, len(near[i]), len(same[i]), len(wantNear), len(wantSame))
		}
	}
	stored := changes[0].After.Provenance.ContentHash
	for _, h := range []string{stored, "", "none"} {
		got, want := askBoth(t, ps, bs, func(st neighbours) ([]dedup.Record, error) { return st.SameContentRecords(h) })
		if !reflect.DeepEqual(got, want) || h == stored && len(got) == 0 {
			t.Errorf("content %q: postgres %d records, badger %d", h, len(got), len(want))
		}
	}
}

func ids(ps []core.Primitive) []string {
	out := make([]string, len(ps))
	for i := range ps {
		out[i] = ps[i].ID
	}
	return out
}
