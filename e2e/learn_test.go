package e2e_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/assets"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/domains"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/skillspec"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/store"
)

func builtinDomains(t testing.TB) []core.Domain {
	t.Helper()
	ds, err := domains.Parse(assets.BuiltinDomainsYAML(), "builtin")
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func openStore(t testing.TB, dir string) *store.Store {
	t.Helper()
	s, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	// An open store keeps its memtables and background goroutines: a test
	// that left it open would weigh on every later test's memory figures.
	t.Cleanup(func() { s.Close() })
	return s
}

func export(t testing.TB, s *store.Store) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := s.Export(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func verify(t testing.TB, s *store.Store) {
	t.Helper()
	rep, err := s.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("store verify: %v", rep.Problems)
	}
}

func learn(t testing.TB, s *store.Store, source string, mod ...func(*engine.LearnOptions)) *engine.LearnResult {
	t.Helper()
	opts := engine.LearnOptions{Domains: builtinDomains(t)}
	opts.Policy.Approve = true
	for _, m := range mod {
		m(&opts)
	}
	res, err := engine.Learn(context.Background(), s, source, opts)
	if err != nil {
		t.Fatalf("learn %s: %v", source, err)
	}
	return res
}

func write(t testing.TB, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Learning the same chapter twice adds nothing the second time.
func TestLearnTwiceSkipsAll(t *testing.T) {
	s := openStore(t, t.TempDir())
	defer s.Close()
	src := corpus.Path(t, "latex_openintro_ch_probability.tex")
	first := learn(t, s, src)
	if first.Counts.Added < 15 || first.Counts.Conflicts != 0 {
		t.Fatalf("first run counts = %+v", first.Counts)
	}
	before := export(t, s)
	second := learn(t, s, src)
	if second.Counts.Added != 0 || second.Counts.Updated != 0 || second.Counts.Conflicts != 0 ||
		second.Counts.Skipped != first.Counts.Added {
		t.Fatalf("second run counts = %+v, first added %d", second.Counts, first.Counts.Added)
	}
	if !bytes.Equal(export(t, s), before) {
		t.Fatal("second run changed the store's knowledge")
	}
	verify(t, s)
}

// Learning A, B, C then unlearning C, B, A leaves the store's knowledge
// byte-identical to an empty store's; each step keeps the store valid.
func TestLearnUnlearnRoundTrip(t *testing.T) {
	dir := t.TempDir()
	out := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	empty := export(t, s)
	var ids []string
	for _, f := range []string{"latex_ods_sorting.tex", "latex_openintro_ch_probability.tex", "latex_openlogic_enumerability.tex", "rfc6455_websocket.txt"} {
		res := learn(t, s, corpus.Path(t, f), func(o *engine.LearnOptions) { o.OutputDir = out })
		if !res.Committed {
			t.Fatalf("%s not committed", f)
		}
		ids = append(ids, res.Session.ID)
		verify(t, s)
	}
	if files, _ := os.ReadDir(out); len(files) == 0 {
		t.Fatal("no artifact written for the RFC's 150 primitives")
	}
	for i := len(ids) - 1; i >= 0; i-- {
		res, err := engine.Unlearn(context.Background(), s, ids[i], engine.UnlearnOptions{Domains: builtinDomains(t), OutputDir: out})
		if err != nil {
			t.Fatalf("unlearn %s: %v", ids[i], err)
		}
		if len(res.Removed) == 0 {
			t.Fatalf("unlearn %s removed nothing", ids[i])
		}
		verify(t, s)
	}
	if got := export(t, s); !bytes.Equal(got, empty) {
		t.Fatalf("after unlearning everything the export differs from empty (%d bytes)", len(got))
	}
	if files, _ := os.ReadDir(out); len(files) != 0 {
		t.Fatalf("artifacts left after unlearning everything: %v", files)
	}
	_, err := engine.Unlearn(context.Background(), s, ids[0], engine.UnlearnOptions{})
	var already *engine.AlreadyRevertedError
	if !errors.As(err, &already) {
		t.Fatalf("second unlearn: %v", err)
	}
	_, err = engine.Unlearn(context.Background(), s, "learn-nope", engine.UnlearnOptions{})
	if !errors.Is(err, engine.ErrUnknown) {
		t.Fatalf("unknown session: %v", err)
	}
}

const docA = `# Algebra

Definition: A vector space is a set of vectors closed under addition and scalar multiplication.
`

const docB = `# Bases

Definition: A basis of a vector space is a linearly independent set of vectors that spans the vector space.
`

// Unlearning A while B depends on it is blocked, naming the dependents;
// --force proceeds and cuts the edge.
func TestUnlearnBlockedByDependents(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	a := learn(t, s, write(t, dir, "a.md", docA), func(o *engine.LearnOptions) { o.Domain = "structure" })
	b := learn(t, s, write(t, dir, "b.md", docB), func(o *engine.LearnOptions) { o.Domain = "structure" })
	if len(b.Primitives) == 0 {
		t.Fatal("b learned nothing")
	}
	var dependsOnA bool
	for _, p := range b.Primitives {
		for _, e := range p.Dependencies {
			if slices.ContainsFunc(a.Primitives, func(q core.Primitive) bool { return q.ID == e.Target }) {
				dependsOnA = true
			}
		}
	}
	if !dependsOnA {
		t.Fatalf("b's primitives do not depend on a's: %+v", b.Primitives)
	}
	before := export(t, s)
	_, err := engine.Unlearn(context.Background(), s, a.Session.ID, engine.UnlearnOptions{})
	var blocked *engine.IntegrityBlockedError
	if !errors.As(err, &blocked) || len(blocked.Integrity) == 0 || !strings.Contains(err.Error(), b.Primitives[0].ID) {
		t.Fatalf("unlearn a: %v", err)
	}
	if !bytes.Equal(export(t, s), before) {
		t.Fatal("a blocked unlearn changed the store")
	}
	res, err := engine.Unlearn(context.Background(), s, a.Session.ID, engine.UnlearnOptions{Force: true})
	if err != nil || !res.Forced {
		t.Fatalf("forced unlearn: %+v %v", res, err)
	}
	verify(t, s)
	if _, err := engine.Unlearn(context.Background(), s, b.Session.ID, engine.UnlearnOptions{}); err != nil {
		t.Fatalf("unlearn b after a forced: %v", err)
	}
	verify(t, s)
	if n, _ := s.Count(); n != 0 {
		t.Fatalf("%d primitives left", n)
	}
}

const docC = `# Groups

Definition: A group is a set with an associative operation, an identity element and inverses for every element.
`

const docD = `# Groups again

Definition: A group is a set together with a binary operation, an identity, and inverse elements, studied in abstract algebra.
`

// Conflicts survive a restart, and unlearning the session that raised one
// also undoes its resolution.
func TestConflictsSurviveRestartAndUnlearn(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, dir)
	learn(t, s, write(t, dir, "c.md", docC), func(o *engine.LearnOptions) { o.Domain = "structure" })
	afterC := export(t, s)
	d := learn(t, s, write(t, dir, "d.md", docD), func(o *engine.LearnOptions) { o.Domain = "structure" })
	if d.Counts.Conflicts != 1 || len(d.Conflicts) != 1 {
		t.Fatalf("counts = %+v, provenance = %+v", d.Counts, d.Provenance)
	}
	id := d.Conflicts[0].ID
	again := learn(t, s, filepath.Join(dir, "d.md"), func(o *engine.LearnOptions) { o.Domain = "structure" })
	if again.Counts.Conflicts != 0 || again.Counts.Skipped != 1 || !strings.Contains(again.Provenance[0].Rationale, id) {
		t.Fatalf("learning the conflicting source again: %+v %+v", again.Counts, again.Provenance)
	}
	if _, err := engine.Unlearn(context.Background(), s, again.Session.ID, engine.UnlearnOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openStore(t, dir)
	defer s.Close()
	c, ok, err := s.Conflict(id)
	if err != nil || !ok || c.State != core.ConflictPending || c.Existing.ID == "" || c.Candidate.FormalStatement == "" {
		t.Fatalf("conflict after restart: %+v %v %v", c, ok, err)
	}
	res, err := engine.ResolveConflict(context.Background(), s, id, core.KeepCandidate, engine.ResolveOptions{})
	if err != nil || res.Outcome != core.ActionReplace {
		t.Fatalf("resolve: %+v %v", res, err)
	}
	p, _, _ := s.GetPrimitive(c.Existing.ID)
	if p.FormalStatement != c.Candidate.FormalStatement {
		t.Fatalf("keep-candidate did not replace: %q", p.FormalStatement)
	}
	if _, err := engine.ResolveConflict(context.Background(), s, id, core.KeepBoth, engine.ResolveOptions{}); err == nil {
		t.Fatal("resolving a resolved conflict succeeded")
	}
	in, err := engine.LoadReport(s, d.Session.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(in.Provenance, func(e core.ProvenanceEntry) bool {
		return e.Action == core.ProvConflictResolved && e.UserDecision == core.KeepCandidate
	}) {
		t.Fatalf("resolution not in the session's provenance: %+v", in.Provenance)
	}
	if _, err := engine.Unlearn(context.Background(), s, d.Session.ID, engine.UnlearnOptions{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(export(t, s), afterC) {
		t.Fatal("unlearning the session did not undo the resolution")
	}
	verify(t, s)
}

// A dry run runs every stage and writes nothing.
func TestDryRunWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	before := export(t, s)
	res := learn(t, s, corpus.Path(t, "rfc6455_websocket.txt"), func(o *engine.LearnOptions) { o.DryRun = true; o.OutputDir = out })
	if res.Committed || res.Counts.Added < 100 || len(res.Artifacts) == 0 {
		t.Fatalf("dry run: committed=%v counts=%+v artifacts=%d", res.Committed, res.Counts, len(res.Artifacts))
	}
	if !bytes.Equal(export(t, s), before) {
		t.Fatal("dry run changed the store")
	}
	if ss, _ := s.Sessions(); len(ss) != 0 {
		t.Fatalf("dry run stored a session: %+v", ss)
	}
	if files, _ := os.ReadDir(out); len(files) != 0 {
		t.Fatalf("dry run wrote %v", files)
	}
}

// cancelling wraps the store and cancels the run's context the first time
// the stage named by at reaches the store.
type cancelling struct {
	*store.Store
	at     string
	cancel context.CancelFunc
}

func (c *cancelling) Near(p *core.Primitive, d float64, n, limit int) ([]core.Primitive, error) {
	if c.at == "dedup" {
		c.cancel()
	}
	return c.Store.Near(p, d, n, limit)
}

// NearRecords is the dedup stage's query when the store keeps dedup
// records (engine.Registry prefers it to Near).
func (c *cancelling) NearRecords(p *core.Primitive, d float64, n, limit int) ([]dedup.Record, error) {
	if c.at == "dedup" {
		c.cancel()
	}
	return c.Store.NearRecords(p, d, n, limit)
}

func (c *cancelling) ByDomain(domain string) ([]core.Primitive, error) {
	if c.at == "generate" {
		c.cancel()
	}
	return c.Store.ByDomain(domain)
}

func (c *cancelling) CommitSessionWith(ctx context.Context, sess core.Session, changes []core.Change, report []byte) error {
	if c.at == "commit" {
		c.cancel()
	}
	return c.Store.CommitSessionWith(ctx, sess, changes, report)
}

// Cancelling at any stage leaves the store unchanged: before acquiring, at
// the gate (the approver cancels), while deduplicating, while generating,
// and just before the commit.
func TestCancelAtEveryStage(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	learn(t, s, corpus.Path(t, "latex_ods_sorting.tex"))
	before := export(t, s)
	for _, at := range []string{"acquire", "gate", "dedup", "generate", "commit"} {
		ctx, cancel := context.WithCancel(context.Background())
		opts := engine.LearnOptions{Domains: builtinDomains(t), Tier: core.Stranger}
		opts.Approver = gate.ApproverFunc(func(context.Context, gate.Request) (gate.Answer, error) {
			if at == "gate" {
				cancel()
			}
			return gate.Answer{Status: core.Approved}, nil
		})
		if at == "acquire" {
			cancel()
		}
		_, err := engine.Learn(ctx, &cancelling{Store: s, at: at, cancel: cancel}, corpus.Path(t, "latex_openintro_ch_probability.tex"), opts)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancel at %s: err = %v, want context.Canceled", at, err)
		}
		if !bytes.Equal(export(t, s), before) {
			t.Fatalf("cancel at %s changed the store", at)
		}
		if ss, _ := s.Sessions(); len(ss) != 1 {
			t.Fatalf("cancel at %s left %d sessions", at, len(ss))
		}
		verify(t, s)
	}
}

// Learning every text document of the corpus into one store yields at least
// one skill that passes strict Agent Skills validation.
func TestCorpusSkillsPassStrictValidation(t *testing.T) {
	dir := t.TempDir()
	out := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	for _, f := range []string{"latex_ods_sorting.tex", "latex_openintro_ch_probability.tex", "latex_openlogic_enumerability.tex",
		"pretext_levin_discrete_sec_gt-trees.ptx", "rfc6455_websocket.txt", "tutorial-steps_bitnami_redis-sentinel_README.md",
		"apiref_goldmark_README.md"} {
		learn(t, s, corpus.Path(t, f), func(o *engine.LearnOptions) { o.OutputDir = out })
	}
	verify(t, s)
	skills, _ := filepath.Glob(filepath.Join(out, "*", "SKILL.md"))
	if len(skills) == 0 {
		t.Fatal("no skill generated from the corpus")
	}
	for _, p := range skills {
		content, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, errs := skillspec.ValidateStrict(filepath.Base(filepath.Dir(p)), content); len(errs) > 0 {
			t.Errorf("%s: %v", p, errs)
		}
		if n := skillspec.BodyLines(content); n >= 500 {
			t.Errorf("%s: body has %d lines", p, n)
		}
	}
}

// A URL source is STRANGER (the gate needs --trust), and every primitive
// carries its provenance: the source, the document, its media type, size
// and digest.
func TestLearnURLCarriesProvenance(t *testing.T) {
	body := "# Groups\n\nDefinition: A group is a set with an associative operation, an identity element and inverses.\n\nTheorem: Every group has exactly one identity element.\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/notes.md" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
		w.Write([]byte(body))
	}))
	defer srv.Close()
	s := openStore(t, t.TempDir())
	defer s.Close()
	src := srv.URL + "/notes.md"
	_, err := engine.Learn(context.Background(), s, src, engine.LearnOptions{Domains: builtinDomains(t)})
	var need *gate.ApprovalRequiredError
	if !errors.As(err, &need) || need.Flag != "--trust" {
		t.Fatalf("STRANGER source without --trust: %v", err)
	}
	res := learn(t, s, src, func(o *engine.LearnOptions) { o.Policy.Trust = true })
	if res.Session.Familiarity != core.Stranger || len(res.Primitives) < 2 {
		t.Fatalf("session %+v, %d primitives", res.Session, len(res.Primitives))
	}
	sum := sha256.Sum256([]byte(body))
	for _, p := range res.Primitives {
		stored, ok, err := s.GetPrimitive(p.ID)
		if err != nil || !ok {
			t.Fatalf("%s not stored: %v", p.ID, err)
		}
		pv := stored.Provenance
		if pv.Source != src || pv.Document != src || pv.MediaType != "text/markdown" || pv.Bytes != int64(len(body)) ||
			pv.SHA256 != hex.EncodeToString(sum[:]) || pv.Session != res.Session.ID || pv.ContentHash == "" {
			t.Fatalf("provenance of %s = %+v", p.ID, pv)
		}
	}
	_, err = engine.Learn(context.Background(), s, srv.URL+"/missing.md", engine.LearnOptions{Policy: gate.Policy{Trust: true}})
	if err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("404: %v", err)
	}
}
