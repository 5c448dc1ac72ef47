package engine_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
)

// chapter is a small LaTeX chapter of its own: four results wired by
// references, one of them under a numbered fallback name.
const chapter = `\documentclass{article}
\begin{document}
\section{Groups}
\begin{definition}[Group]\label{def:group}
A group is a set $G$ with an associative binary operation, an identity element and inverses for every element.
\end{definition}
\begin{definition}[Subgroup]\label{def:sub}
A subgroup of a group $G$ (Definition~\ref{def:group}) is a subset closed under the operation and inverses.
\end{definition}
\begin{theorem}\label{thm:lagrange}
For a finite group $G$ (Definition~\ref{def:group}) and a subgroup $H$ (Definition~\ref{def:sub}), the order of $H$ divides the order of $G$.
\end{theorem}
\begin{lemma}\label{lem:inv}
In a group (Definition~\ref{def:group}) the inverse of the product $ab$ is $b^{-1}a^{-1}$, taken in reverse order.
\end{lemma}
\end{document}
`

// curated is a real store holding one learn of the chapter.
func curated(t *testing.T) (*store.Store, map[string]core.Primitive, engine.CurateOptions) {
	t.Helper()
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	path := writeBook(t, st, "groups.tex", chapter)
	gen := generate.Config{SkillMinPrimitives: 3}
	opts := engine.LearnOptions{Domains: ds, Generate: gen}
	opts.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, path, opts)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]core.Primitive{}
	for _, ch := range res.Changes {
		if ch.After != nil {
			byName[ch.After.Name] = *ch.After
		}
	}
	if len(byName) < 4 {
		t.Fatalf("setup: learned %v", byName)
	}
	return st, byName, engine.CurateOptions{Domains: ds, Generate: gen}
}

// find returns the primitive whose name starts with prefix.
func find(t *testing.T, ps map[string]core.Primitive, prefix string) core.Primitive {
	t.Helper()
	for n, p := range ps {
		if strings.HasPrefix(n, prefix) {
			return p
		}
	}
	t.Fatalf("no primitive named %s… in %v", prefix, slices.Collect(func(yield func(string) bool) {
		for n := range ps {
			if !yield(n) {
				return
			}
		}
	}))
	return core.Primitive{}
}

func get(t *testing.T, st *store.Store, id string) (core.Primitive, bool) {
	t.Helper()
	p, ok, err := st.GetPrimitive(id)
	if err != nil {
		t.Fatal(err)
	}
	return p, ok
}

// Each decision is a session of its own, and unlearning it restores the
// store exactly as it was.
func TestCurationIsASessionUnlearnTakesBack(t *testing.T) {
	st, ps, opts := curated(t)
	group, sub, lemma := find(t, ps, "Group"), find(t, ps, "Subgroup"), find(t, ps, "Lemma")
	theorem := find(t, ps, "Theorem")
	ctx := context.Background()
	for _, d := range []engine.Decision{
		{Kind: core.CurateEdit, ID: lemma.ID, Name: "socks–shoes property", By: "ana"},
		{Kind: core.CurateEdit, ID: theorem.ID, Name: "Lagrange's theorem", Type: core.Theorem},
		{Kind: core.CurateLink, ID: lemma.ID, Other: sub.ID},
		{Kind: core.CurateUnlink, ID: lemma.ID, Other: sub.ID},
		{Kind: core.CurateReject, ID: lemma.ID},
		{Kind: core.CurateMerge, ID: sub.ID, Other: group.ID},
	} {
		before := export(t, st)
		res, err := engine.Curate(ctx, st, d, opts)
		if err != nil {
			t.Fatalf("%s %s: %v", d.Kind, d.ID, err)
		}
		if res.Session.Kind != core.KindCurate || res.Session.State != core.SessionCommitted {
			t.Fatalf("%s: session %+v", d.Kind, res.Session)
		}
		in, err := engine.LoadReport(st, res.Session.ID)
		if err != nil || !slices.ContainsFunc(in.Provenance, func(e core.ProvenanceEntry) bool {
			return e.Action == "curate: "+string(d.Kind) && (d.By == "" || strings.Contains(e.Rationale, "by "+d.By))
		}) {
			t.Fatalf("%s: the report does not record the decision: %v %+v", d.Kind, err, in.Provenance)
		}
		after := export(t, st)
		if _, err := engine.Unlearn(ctx, st, res.Session.ID, engine.UnlearnOptions{Domains: opts.Domains, Generate: opts.Generate}); err != nil {
			t.Fatalf("unlearn %s: %v", d.Kind, err)
		}
		if !sameKnowledge(t, before, export(t, st)) {
			t.Fatalf("unlearning the %s did not restore the store", d.Kind)
		}
		if bytes.Equal(before, after) {
			t.Fatalf("the %s changed nothing in the store", d.Kind)
		}
		// Apply it again for the next decision to build on.
		if _, err := engine.Curate(ctx, st, d, opts); err != nil {
			t.Fatalf("%s again: %v", d.Kind, err)
		}
	}
	if _, ok := get(t, st, lemma.ID); ok {
		t.Error("the rejected lemma is still stored")
	}
	if _, ok := get(t, st, sub.ID); ok {
		t.Error("the merged subgroup is still stored")
	}
	lag, _ := get(t, st, theorem.ID)
	if lag.Name != "Lagrange's theorem" || !lag.HasEdge(group.ID, core.Requires) || slices.ContainsFunc(lag.Dependencies, func(e core.Edge) bool { return e.Target == sub.ID }) {
		t.Errorf("after the merge the theorem is %q with edges %+v", lag.Name, lag.Dependencies)
	}
}

// Unknown ids, a merge into itself and an edge that closes a loop are
// refused, naming the problem, and change nothing.
func TestCurationRefusals(t *testing.T) {
	st, ps, opts := curated(t)
	group, theorem := find(t, ps, "Group"), find(t, ps, "Theorem")
	ctx := context.Background()
	before := export(t, st)
	var use *core.UsageError
	for _, c := range []struct {
		d    engine.Decision
		want string
	}{
		{engine.Decision{Kind: core.CurateEdit, ID: "nope", Name: "x"}, `unknown primitive "nope"`},
		{engine.Decision{Kind: core.CurateMerge, ID: group.ID, Other: group.ID}, "into itself"},
		{engine.Decision{Kind: core.CurateLink, ID: group.ID, Other: group.ID}, "itself"},
		{engine.Decision{Kind: core.CurateUnlink, ID: group.ID, Other: theorem.ID}, "no edge"},
		{engine.Decision{Kind: core.CurateEdit, ID: group.ID, Type: "lemma"}, "unknown type"},
		{engine.Decision{Kind: core.CurateEdit, ID: group.ID}, "nothing to edit"},
	} {
		_, err := engine.Curate(ctx, st, c.d, opts)
		if !errors.As(err, &use) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want a usage error with %q", c.d, err, c.want)
		}
	}
	// The theorem depends on the definition: the definition depending on
	// the theorem would close a loop, named whole.
	_, err := engine.Curate(ctx, st, engine.Decision{Kind: core.CurateLink, ID: group.ID, Other: theorem.ID}, opts)
	var cyc *curate.CycleError
	if !errors.As(err, &cyc) || len(cyc.Path) != 3 || cyc.Path[0] != group.ID || cyc.Path[2] != group.ID || cyc.Path[1] != theorem.ID {
		t.Errorf("cycle: %v", err)
	}
	if !bytes.Equal(before, export(t, st)) {
		t.Error("a refused decision changed the store")
	}
}

// sameKnowledge reports whether two exports hold the same records, an
// artifact's regeneration stamp (when, by which session) aside: what it
// says must be the same.
func sameKnowledge(t *testing.T, a, b []byte) bool {
	t.Helper()
	dec := func(x []byte) map[string]string {
		m := map[string]string{}
		for _, l := range bytes.Split(x, []byte("\n")) {
			f := bytes.SplitN(l, []byte(" "), 2)
			if len(f) != 2 {
				continue
			}
			k, _ := base64.StdEncoding.DecodeString(string(f[0]))
			v, _ := base64.StdEncoding.DecodeString(string(f[1]))
			if strings.HasPrefix(string(k), "a/") {
				if i := bytes.Index(v, []byte(`"generatedAt"`)); i >= 0 {
					v = v[:i]
				}
			}
			m[string(k)] = string(v)
		}
		return m
	}
	ma, mb := dec(a), dec(b)
	same := len(ma) == len(mb)
	for k, v := range ma {
		if mb[k] != v {
			t.Logf("record %q differs:\n before %.300s\n after  %.300s", k, v, mb[k])
			same = false
		}
	}
	return same
}

// Learning the chapter again keeps the curator's decisions: a renamed
// result keeps its name, a rejected one does not come back, and nothing
// conflicts.
func TestCurationSurvivesRelearning(t *testing.T) {
	st, ps, opts := curated(t)
	lemma, theorem, sub, group := find(t, ps, "Lemma"), find(t, ps, "Theorem"), find(t, ps, "Subgroup"), find(t, ps, "Group")
	ctx := context.Background()
	for _, d := range []engine.Decision{
		{Kind: core.CurateEdit, ID: theorem.ID, Name: "Lagrange's theorem"},
		{Kind: core.CurateReject, ID: lemma.ID, Why: "not part of the course"},
		{Kind: core.CurateUnlink, ID: theorem.ID, Other: sub.ID},
		{Kind: core.CurateLink, ID: sub.ID, Other: group.ID, Edge: core.Applies},
		{Kind: core.CurateEdit, ID: group.ID, Type: core.Axiom, Statement: "A group is a set with an associative operation, an identity and inverses."},
	} {
		if _, err := engine.Curate(ctx, st, d, opts); err != nil {
			t.Fatal(err)
		}
	}
	path := writeBook(t, st, "groups.tex", chapter)
	lopts := engine.LearnOptions{Domains: opts.Domains, Generate: opts.Generate}
	lopts.Policy.Approve = true
	res, err := engine.Learn(ctx, st, path, lopts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts.Added != 0 || res.Counts.Conflicts != 0 {
		t.Errorf("relearning added %d and conflicted %d", res.Counts.Added, res.Counts.Conflicts)
	}
	if _, ok := get(t, st, lemma.ID); ok {
		t.Error("the rejected lemma came back")
	}
	if p, _ := get(t, st, theorem.ID); p.Name != "Lagrange's theorem" || slices.ContainsFunc(p.Dependencies, func(e core.Edge) bool { return e.Target == sub.ID }) {
		t.Errorf("the theorem is %q again, with edges %+v", p.Name, p.Dependencies)
	}
	if p, _ := get(t, st, sub.ID); !p.HasEdge(group.ID, core.Applies) {
		t.Errorf("the added edge is gone: %+v", p.Dependencies)
	}
	if p, _ := get(t, st, group.ID); p.Type != core.Axiom || !strings.HasPrefix(p.FormalStatement, "A group is a set with an associative operation") {
		t.Errorf("the restated definition is %s %q again", p.Type, p.FormalStatement)
	}
}

// writeBook writes src as the file named name of the book the test
// learns into st, in a folder beside the store: every edition a test
// writes is the same source learned again, as a curator's decisions
// about it need (they apply to their own source only).
func writeBook(t *testing.T, st *store.Store, name, src string) string {
	t.Helper()
	dir := filepath.Join(filepath.Dir(st.Path()), "book")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// learnText learns src as the book's file named name into st.
func learnText(t *testing.T, st *store.Store, name, src string, opts engine.CurateOptions) *engine.LearnResult {
	t.Helper()
	path := writeBook(t, st, name, src)
	lopts := engine.LearnOptions{Domains: opts.Domains, Generate: opts.Generate}
	lopts.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, path, lopts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Decisions follow their statements through an edited source: moved text
// keeps them, a reworded statement or a deleted block is asked about.
func TestDecisionsAnchoredToTheSource(t *testing.T) {
	st, ps, opts := curated(t)
	lemma, theorem, sub := find(t, ps, "Lemma"), find(t, ps, "Theorem"), find(t, ps, "Subgroup")
	ctx := context.Background()
	if _, err := engine.CurateAll(ctx, st, []engine.Decision{
		{Kind: core.CurateEdit, ID: theorem.ID, Name: "Lagrange's theorem", By: "ada"},
		{Kind: core.CurateEdit, ID: lemma.ID, Name: "Socks–shoes property"},
		{Kind: core.CurateEdit, ID: sub.ID, Type: core.Axiom},
	}, opts); err != nil {
		t.Fatal(err)
	}

	t.Run("moved", func(t *testing.T) {
		// The lemma moves before the theorem: both keep their names.
		moved := strings.Replace(chapter, "\\begin{theorem}", "@@", 1)
		lem := chapter[strings.Index(chapter, "\\begin{lemma}") : strings.Index(chapter, "\\end{lemma}")+len("\\end{lemma}\n")]
		moved = strings.Replace(moved, lem, "", 1)
		moved = strings.Replace(moved, "@@", lem+"\\begin{theorem}", 1)
		res := learnText(t, st, "groups.tex", moved, opts)
		if len(res.Revisit) != 0 || len(res.Reapplied) != 3 {
			t.Fatalf("moved text: reapplied %d, revisit %v", len(res.Reapplied), res.Revisit)
		}
		if res.Counts.Added != 0 || res.Counts.Conflicts != 0 {
			t.Errorf("moved text added %d and conflicted %d", res.Counts.Added, res.Counts.Conflicts)
		}
	})
	t.Run("reworded and deleted", func(t *testing.T) {
		edited := strings.Replace(chapter, "the order of $H$ divides the order of $G$", "the order of $G$ is a multiple of the order of $H$", 1)
		lem := chapter[strings.Index(chapter, "\\begin{lemma}") : strings.Index(chapter, "\\end{lemma}")+len("\\end{lemma}\n")]
		edited = strings.Replace(edited, lem, "", 1)
		res := learnText(t, st, "groups.tex", edited, opts)
		if len(res.Reapplied) != 1 || res.Reapplied[0].Kind != core.CurateEdit || res.Reapplied[0].Type != core.Axiom {
			t.Errorf("reapplied %+v, want the retype of the subgroup only", res.Reapplied)
		}
		reasons := map[string]string{}
		for _, r := range res.Revisit {
			reasons[r.Decision.Name] = r.Reason
			if r.Decision.Session == "" {
				t.Errorf("revisit %v does not name the session that decided", r)
			}
		}
		if reasons["Lagrange's theorem"] != "reworded" || reasons["Socks–shoes property"] != "gone from the source" {
			t.Errorf("revisit reasons %v", reasons)
		}
		if res.Counts.Conflicts != 0 || res.Counts.Added != 0 {
			t.Errorf("the reworded theorem conflicted with its curated self (%d) or was added beside it (%d): %+v",
				res.Counts.Conflicts, res.Counts.Added, res.Conflicts)
		}
		p, _ := get(t, st, theorem.ID)
		if p.Name != "Lagrange's theorem" || !strings.Contains(p.FormalStatement, "is a multiple of") || len(p.Versions) != 1 {
			t.Errorf("the stored theorem is %q %q with %d versions: want the curated name on the new statement", p.Name, p.FormalStatement, len(p.Versions))
		}
		// Learning the edition again asks again, until a person answers.
		res = learnText(t, st, "groups.tex", edited, opts)
		if len(res.Revisit) != 2 {
			t.Fatalf("asked again %v", res.Revisit)
		}
		if _, err := engine.CurateAll(ctx, st, []engine.Decision{
			{Kind: core.CurateEdit, ID: theorem.ID, Name: "Lagrange's theorem on orders"},
		}, opts); err != nil {
			t.Fatal(err)
		}
		res = learnText(t, st, "groups.tex", edited, opts)
		if len(res.Revisit) != 1 || res.Revisit[0].Reason != curate.Gone {
			t.Errorf("after the answer, revisit %v: want only the lemma that is gone", res.Revisit)
		}
		if len(res.Reapplied) != 2 {
			t.Errorf("reapplied %+v", res.Reapplied)
		}
		// Leaving the lemma as it is answers the last question.
		if _, err := engine.CurateAll(ctx, st, []engine.Decision{{Kind: core.CurateDismiss, ID: lemma.ID}}, opts); err != nil {
			t.Fatal(err)
		}
		if res = learnText(t, st, "groups.tex", edited, opts); len(res.Revisit) != 0 {
			t.Errorf("after leaving the lemma, revisit %v", res.Revisit)
		}
	})
}

// A person reviews a learn before its commit: the decisions are the
// learn's own, recorded in its session, unlearned with it, and applied
// again when the chapter is learned again.
func TestReviewBeforeTheCommit(t *testing.T) {
	ds := storetest.Domains(t)
	st := storetest.Open(t)
	gen := generate.Config{SkillMinPrimitives: 2}
	opts := engine.CurateOptions{Domains: ds, Generate: gen}
	empty := export(t, st)
	var asked engine.ReviewRequest
	reviewer := engine.ReviewerFunc(func(_ context.Context, req engine.ReviewRequest) ([]core.Curation, error) {
		asked = req
		cur, _ := req.Current()
		ids := map[string]string{}
		for _, p := range cur {
			ids[strings.Fields(p.Name)[0]] = p.ID
		}
		return []core.Curation{
			{Kind: core.CurateEdit, ID: ids["Theorem"], Name: "Lagrange's theorem", By: "ada"},
			{Kind: core.CurateReject, ID: ids["Lemma"], By: "ada"},
			{Kind: core.CurateEdit, ID: ids["Group"], Type: core.Axiom, By: "ada"},
			{Kind: core.CurateSplit, ID: ids["Subgroup"], By: "ada", Parts: []core.Part{
				{Name: "Subgroup", Statement: "A subgroup of a group is a subset closed under the operation and inverses."},
				{Name: "Closed subset", Statement: "A subset of a group is closed when products of its elements lie in it."},
			}},
		}, nil
	})
	path := writeBook(t, st, "groups.tex", chapter)
	lopts := engine.LearnOptions{Domains: ds, Generate: gen, Reviewer: reviewer}
	lopts.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, path, lopts)
	if err != nil {
		t.Fatal(err)
	}
	if asked.Candidates == nil || len(res.Curated) != 4 || res.Session.Options["curated"] != "4" {
		t.Fatalf("review: asked %+v; curated %d, options %v", asked.Source, len(res.Curated), res.Session.Options)
	}
	names := map[string]core.Primitive{}
	for _, p := range res.Primitives {
		names[p.Name] = p
	}
	if _, ok := names["Lagrange's theorem"]; !ok || names["Group"].Type != core.Axiom {
		t.Errorf("committed %v", slices.Sorted(maps.Keys(names)))
	}
	if _, ok := names["Closed subset"]; !ok {
		t.Errorf("the split's second part was not added: %v", slices.Sorted(maps.Keys(names)))
	}
	for n := range names {
		if strings.HasPrefix(n, "Lemma") {
			t.Errorf("the rejected lemma was stored as %q", n)
		}
	}
	sub, closed := names["Subgroup"], names["Closed subset"]
	if !sub.HasEdge(names["Group"].ID, core.Requires) || !closed.HasEdge(names["Group"].ID, core.Requires) {
		t.Errorf("the split's parts lost the subgroup's edge: %+v / %+v", sub.Dependencies, closed.Dependencies)
	}
	in, err := engine.LoadReport(st, res.Session.ID)
	if err != nil || !slices.ContainsFunc(in.Provenance, func(e core.ProvenanceEntry) bool {
		return e.Action == "curate: edit" && strings.Contains(e.Rationale, "by ada") && strings.Contains(e.Rationale, `→ "Lagrange's theorem"`)
	}) {
		t.Errorf("the learn's report does not list the review's decisions: %v", err)
	}
	// Learned again, the chapter keeps every decision and adds nothing.
	again := learnText(t, st, "groups.tex", chapter, opts)
	if len(again.Reapplied) != 4 || len(again.Revisit) != 0 || again.Counts.Added != 0 || again.Counts.Conflicts != 0 {
		t.Errorf("learned again: reapplied %d, revisit %v, added %d, conflicts %d", len(again.Reapplied), again.Revisit,
			again.Counts.Added, again.Counts.Conflicts)
	}
	for _, id := range []string{again.Session.ID, res.Session.ID} {
		if _, err := engine.Unlearn(context.Background(), st, id, engine.UnlearnOptions{Domains: ds, Generate: gen}); err != nil {
			t.Fatal(err)
		}
	}
	if !sameKnowledge(t, empty, export(t, st)) {
		t.Error("unlearning the reviewed learn did not restore the store")
	}
}

// A statement reworded past recognition is asked about; a reviewer who
// gives the new statement the curated name again makes it the curated
// primitive's new edition: updated, not added beside it.
func TestReviewConfirmsANewEdition(t *testing.T) {
	st, ps, opts := curated(t)
	lemma := find(t, ps, "Lemma")
	ctx := context.Background()
	if _, err := engine.Curate(ctx, st, engine.Decision{Kind: core.CurateEdit, ID: lemma.ID, Name: "Socks–shoes property"}, opts); err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(chapter, "In a group (Definition~\\ref{def:group}) the inverse of the product $ab$ is $b^{-1}a^{-1}$, taken in reverse order.",
		"Socks go on before shoes and come off after them: $(xy)^{-1} = y^{-1}x^{-1}$ for all $x, y$.", 1)
	if edited == chapter {
		t.Fatal("setup: the lemma was not reworded")
	}
	path := writeBook(t, st, "groups.tex", edited)
	lopts := engine.LearnOptions{Domains: opts.Domains, Generate: opts.Generate}
	lopts.Policy.Approve = true
	lopts.Reviewer = engine.ReviewerFunc(func(_ context.Context, req engine.ReviewRequest) ([]core.Curation, error) {
		if len(req.Revisit) != 1 || req.Revisit[0].Reason != curate.Reworded {
			t.Fatalf("revisit %+v", req.Revisit)
		}
		return []core.Curation{{Kind: core.CurateEdit, ID: req.Revisit[0].Candidate, Name: "Socks–shoes property"}}, nil
	})
	res, err := engine.Learn(ctx, st, path, lopts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts.Added != 0 || res.Counts.Updated != 1 || res.Counts.Conflicts != 0 {
		t.Errorf("added %d, updated %d, conflicts %d", res.Counts.Added, res.Counts.Updated, res.Counts.Conflicts)
	}
	p, _ := get(t, st, lemma.ID)
	if p.Name != "Socks–shoes property" || !strings.Contains(p.FormalStatement, "Socks go on") || len(p.Versions) != 1 {
		t.Errorf("the curated lemma is %q %q (%d versions)", p.Name, p.FormalStatement, len(p.Versions))
	}
	again, err := engine.Learn(ctx, st, path, engine.LearnOptions{Domains: opts.Domains, Generate: opts.Generate, Policy: lopts.Policy})
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Revisit) != 0 || again.Counts.Added != 0 {
		t.Errorf("after the answer: revisit %v, added %d", again.Revisit, again.Counts.Added)
	}
}

// Learned headless, a curated result reworded past recognition updates
// the curated primitive instead of adding a numbered twin; a result merged
// into it stays merged; a split part rejected, or renamed, stays so.
func TestHeadlessRelearnKeepsDecisionsWhole(t *testing.T) {
	st, ps, opts := curated(t)
	lemma, theorem, group := find(t, ps, "Lemma"), find(t, ps, "Theorem"), find(t, ps, "Group")
	ctx := context.Background()
	if _, err := engine.CurateAll(ctx, st, []engine.Decision{
		{Kind: core.CurateEdit, ID: lemma.ID, Name: "Socks–shoes property"},
		{Kind: core.CurateMerge, ID: theorem.ID, Other: lemma.ID},
		{Kind: core.CurateSplit, ID: group.ID, Parts: []core.Part{
			{Name: "Group", Statement: "A group is a set with an associative binary operation, an identity element and inverses."},
			{Name: "Identity element", Statement: "An identity element e of an operation satisfies ea = ae = a for every a."},
		}},
	}, opts); err != nil {
		t.Fatal(err)
	}
	ident := ""
	all, _ := st.ByDomain(group.Domain)
	for _, p := range all {
		if p.Name == "Identity element" {
			ident = p.ID
		}
	}
	if ident == "" {
		t.Fatal("setup: the split's part is not stored")
	}
	if _, err := engine.CurateAll(ctx, st, []engine.Decision{{Kind: core.CurateEdit, ID: ident, Name: "Neutral element"}}, opts); err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(chapter, "In a group (Definition~\\ref{def:group}) the inverse of the product $ab$ is $b^{-1}a^{-1}$, taken in reverse order.",
		"Socks go on before shoes and come off after them: $(xy)^{-1} = y^{-1}x^{-1}$ for all $x, y$.", 1)
	if edited == chapter {
		t.Fatal("setup: the lemma was not reworded")
	}
	res := learnText(t, st, "groups.tex", edited, opts)
	if res.Counts.Added != 0 || res.Counts.Conflicts != 0 || res.Counts.Updated != 1 {
		t.Errorf("added %d, updated %d, conflicts %d: want only the curated lemma updated", res.Counts.Added, res.Counts.Updated, res.Counts.Conflicts)
	}
	if p, _ := get(t, st, lemma.ID); p.Name != "Socks–shoes property" || !strings.Contains(p.FormalStatement, "Socks go on") {
		t.Errorf("the curated lemma is %q %q", p.Name, p.FormalStatement)
	}
	if _, ok := get(t, st, theorem.ID); ok {
		t.Error("the theorem merged into the lemma came back")
	}
	if p, _ := get(t, st, ident); p.Name != "Neutral element" {
		t.Errorf("the renamed part is %q", p.Name)
	}
	for _, r := range res.Revisit {
		if r.Decision.ID == ident {
			t.Errorf("the renamed part is asked about: %v", r)
		}
	}
	// Rejected, the part stays out of every later learn, without a conflict.
	if _, err := engine.Curate(ctx, st, engine.Decision{Kind: core.CurateReject, ID: ident}, opts); err != nil {
		t.Fatal(err)
	}
	res = learnText(t, st, "groups.tex", edited, opts)
	if res.Counts.Added != 0 || res.Counts.Conflicts != 0 {
		t.Errorf("after rejecting the part: added %d, conflicts %d %+v", res.Counts.Added, res.Counts.Conflicts, res.Conflicts)
	}
	if _, ok := get(t, st, ident); ok {
		t.Error("the rejected part came back")
	}
}

// A decision recorded before anchors named their source keeps to the
// source of the primitive it was made on: learning a copy of the chapter
// from another folder leaves it out, learning the chapter again applies
// it.
func TestOlderDecisionsKeepToTheirSource(t *testing.T) {
	st, ps, opts := curated(t)
	theorem := find(t, ps, "Theorem")
	old := core.AnchorOf(theorem, "")
	old.Source = ""
	if _, err := engine.CurateAll(context.Background(), st, []engine.Decision{
		{Kind: core.CurateEdit, ID: theorem.ID, Name: "Lagrange's theorem", Anchor: &old},
	}, opts); err != nil {
		t.Fatal(err)
	}
	standing, err := engine.StandingCurations(st)
	if err != nil || len(standing) != 1 || standing[0].Anchor.Source != theorem.Provenance.Source || theorem.Provenance.Source == "" {
		t.Fatalf("standing %+v (%v): want the anchor of source %q", standing, err, theorem.Provenance.Source)
	}
	copied := filepath.Join(t.TempDir(), "groups.tex")
	if err := os.WriteFile(copied, []byte(chapter), 0o644); err != nil {
		t.Fatal(err)
	}
	lopts := engine.LearnOptions{Domains: opts.Domains, Generate: opts.Generate, DryRun: true}
	lopts.Policy.Approve = true
	res, err := engine.Learn(context.Background(), st, copied, lopts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reapplied) != 0 || len(res.Revisit) != 0 {
		t.Errorf("a copy in another folder: reapplied %+v, revisit %+v", res.Reapplied, res.Revisit)
	}
	if res := learnText(t, st, "groups.tex", chapter, opts); len(res.Reapplied) != 1 {
		t.Errorf("the chapter again: reapplied %+v, revisit %+v", res.Reapplied, res.Revisit)
	}
}
