package backendtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
)

// CopyCase is one behaviour of backend.Copy and of the Loaders it fills:
// src and dst are new, empty stores (each a backend.Source and a
// backend.Loader), of the same backend or of two.
type CopyCase struct {
	Name string
	Test func(t *testing.T, src, dst backend.Store)
}

// CopyCases are the behaviours of a copy.
func CopyCases() []CopyCase { return copyCases }

// RunCopy runs every copy case from a store open gives to one openDst
// gives, as subtests named copy/behaviour.
func RunCopy(t *testing.T, open, openDst Opener) {
	for _, c := range copyCases {
		t.Run(c.Name, func(t *testing.T) { c.Test(t, open(t), openDst(t)) })
	}
}

func source(t *testing.T, st backend.Store) backend.Source {
	t.Helper()
	src, ok := st.(backend.Source)
	if !ok {
		t.Fatalf("%T is not a backend.Source", st)
	}
	return src
}

func loader(t *testing.T, st backend.Store) backend.Loader {
	t.Helper()
	l, ok := st.(backend.Loader)
	if !ok {
		t.Fatalf("%T is not a backend.Loader", st)
	}
	return l
}

// library fills st with a record of every kind, in every state a store
// keeps one in: users; a learn with changes of every type, appended to
// later and reported on; a learn reverted by an unlearn; a rejected learn;
// an empty report; skills with source hashes; artifacts; a pending
// publication; jobs pending, held, done and failed, and a file known
// without a job; runs learned and a failure signature.
func library(t *testing.T, st backend.Store) {
	t.Helper()
	ctx := context.Background()
	put(t, st, user("ada", "00aa"))
	rev := user("bob", "00bb")
	rev.Revoked = at(3)
	put(t, st, rev)

	commit(t, st, session("s1", at(0)), changes(), []byte(`{"report":"`+"s1"+`"}`))
	resolved := &core.Conflict{ID: "k1", Session: "s1", Candidate: *primitive("p4"), Existing: *primitive("p2"),
		State: core.ConflictResolved, CreatedAt: at(1), Resolution: core.KeepExisting, ResolvedAt: at(2), ResolvedBy: "ada", RetiredWhy: hostile}
	if err := st.AppendToSession(ctx, "s1", []core.Change{{Type: core.ChangeConflict, ConflictID: "k1",
		ConflictAfter: resolved, Timestamp: at(2)}}, []byte("second report")); err != nil {
		t.Fatal(err)
	}
	learn(t, st, "s2", 1, primitive("q1"), primitive("q2"))
	q3 := primitive("q3")
	q3.Name = "vector space axiom"
	q3.Dependencies = append(q3.Dependencies, core.Edge{Target: "q1", Type: core.Requires, Strength: 0.5},
		core.Edge{Target: "q1", Type: core.Requires, Strength: 0.25})
	q3.Provenance.ContentHash = "d00d"
	q3.Enables = []string{"p1", "q1", "q2"}
	q3.Proof = core.Proof{Text: "By the axioms, " + hostile, Sketch: "Apply them.", Cut: 9000}
	commit(t, st, session("s3", at(2)), []core.Change{add(q3)}, []byte{})
	unlearn := session("s4", at(3))
	unlearn.Kind, unlearn.Reverts = core.KindUnlearn, "s2"
	commit(t, st, unlearn, []core.Change{
		{Type: core.ChangeRemove, PrimitiveID: "q1", Before: primitive("q1"), Timestamp: at(3)},
		{Type: core.ChangeRemove, PrimitiveID: "q2", Before: primitive("q2"), Timestamp: at(3)},
	}, nil)
	rejected := session("s5", at(4))
	rejected.Decision = &core.Decision{Status: core.Rejected, Rationale: "no", DecidedBy: core.ByUser, DecidedAt: at(4)}
	if err := st.RecordRejection(ctx, rejected, []byte("rejected report")); err != nil {
		t.Fatal(err)
	}

	recs := []*skills.Skill{skill("team.a", "h1", "h2"), skill("team.b", "h2"), skill("team.c")}
	for _, r := range recs {
		// A library's own, which its check holds them to: of the
		// content as stored (its text that is not UTF-8 is U+FFFD).
		r.Hash = skills.ContentHash(viaJSON(t, r.Content))
	}
	putSkills(t, st, recs...)
	replace(t, st, []string{"analysis"}, artifact(core.SkillArtifact, "limits", "analysis"),
		artifact(core.AgentArtifact, "tutor/one", "analysis"))
	if err := st.PutPublication("s3", []byte(`{"pending":true}`)); err != nil {
		t.Fatal(err)
	}

	enqueue(t, st, job("~/runs/a.jsonl", "ha"), job("~/runs/b.jsonl", "hb"), job("~/runs/c.jsonl", "hc"),
		job("~/runs/d.jsonl", "hd"))
	done, _ := start(t, st)
	done.State, done.Result, done.Finished = trajectory.Done, "filed a draft", at(2)
	if err := st.FinishJob(done); err != nil {
		t.Fatal(err)
	}
	failed, _ := start(t, st)
	failed.State, failed.Reason = trajectory.Failed, hostile
	if err := st.FinishJob(failed); err != nil {
		t.Fatal(err)
	}
	start(t, st) // held, still pending
	if err := st.RecordRun(trajectory.RunRecord{Hash: "ha", Source: "~/runs/a.jsonl", Outcome: trajectory.Success,
		Learned: at(2), Skill: "team.a"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.RecordRun(trajectory.RunRecord{Hash: "hb", Source: "~/runs/b.jsonl", Outcome: trajectory.Failure,
		Learned: at(2), Signature: "npm: boom"}, &trajectory.SignatureRecord{Signature: "npm: boom",
		Runs: []string{"hb"}, Tasks: []string{hostile}, First: at(1), Last: at(2)}); err != nil {
		t.Fatal(err)
	}
	// A copy of a learned run under a new name: known, not queued.
	enqueue(t, st, job("~/runs/copy-of-a.jsonl", "ha"))
}

// asJSON is v's JSON, for comparing what two stores give back.
func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameLibrary checks that dst gives back, for every read of the contract,
// what src does, record for record as JSON.
func sameLibrary(t *testing.T, src, dst backend.Store) {
	t.Helper()
	su, err := src.Users()
	if err != nil {
		t.Fatal(err)
	}
	du, err := dst.Users()
	if err != nil {
		t.Fatal(err)
	}
	if len(su) != len(du) {
		t.Fatalf("%d users, want %d", len(du), len(su))
	}
	for i := range su {
		sameUser(t, "user "+su[i].Name, du[i], su[i])
		if u, ok, err := dst.UserByToken(su[i].TokenHash); err != nil || !ok || u.Name != su[i].Name {
			t.Errorf("user by token %s: %+v, %v, %v", su[i].TokenHash, u, ok, err)
		}
	}

	ss, err := src.Sessions()
	if err != nil {
		t.Fatal(err)
	}
	ds, err := dst.Sessions()
	if err != nil {
		t.Fatal(err)
	}
	if g, w := asJSON(t, ds), asJSON(t, ss); g != w {
		t.Errorf("sessions:\n got %s\nwant %s", g, w)
	}
	for _, s := range ss {
		sc, err := src.Changes(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		dc, err := dst.Changes(s.ID)
		if err != nil {
			t.Fatalf("changes of %s: %v", s.ID, err)
		}
		if g, w := asJSON(t, dc), asJSON(t, sc); g != w {
			t.Errorf("changes of %s:\n got %s\nwant %s", s.ID, g, w)
		}
		sr, sok, err := src.Report(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		dr, dok, err := dst.Report(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if sok != dok || !bytes.Equal(sr, dr) || (sr == nil) != (dr == nil) {
			t.Errorf("report of %s: %q (%v), want %q (%v)", s.ID, dr, dok, sr, sok)
		}
	}

	if g, w := knowledge(t, dst), knowledge(t, src); g != w {
		t.Errorf("knowledge:\n got %s\nwant %s", g, w)
	}

	sk, sv, err := src.SkillsAt()
	if err != nil {
		t.Fatal(err)
	}
	dk, dv, err := dst.SkillsAt()
	if err != nil {
		t.Fatal(err)
	}
	if g, w := asJSON(t, dk), asJSON(t, sk); g != w {
		t.Errorf("skills:\n got %.600s\nwant %.600s", g, w)
	}
	if sv == 0 || dv == 0 {
		t.Errorf("skill versions %d and %d", sv, dv)
	}
	for _, h := range []string{"h1", "h2", "h3"} {
		sh, err := src.SkillsWithSourceHash(h)
		if err != nil {
			t.Fatal(err)
		}
		dh, err := dst.SkillsWithSourceHash(h)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(dh, sh) {
			t.Errorf("skills with source hash %s: %q, want %q", h, dh, sh)
		}
	}

	sa, err := src.Artifacts()
	if err != nil {
		t.Fatal(err)
	}
	da, err := dst.Artifacts()
	if err != nil {
		t.Fatal(err)
	}
	if g, w := asJSON(t, da), asJSON(t, sa); g != w {
		t.Errorf("artifacts:\n got %s\nwant %s", g, w)
	}
	sp, err := src.Publications()
	if err != nil {
		t.Fatal(err)
	}
	dp, err := dst.Publications()
	if err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(sp, dp, bytes.Equal) {
		t.Errorf("publications %q, want %q", dp, sp)
	}

	sj, err := src.Jobs()
	if err != nil {
		t.Fatal(err)
	}
	dj, err := dst.Jobs()
	if err != nil {
		t.Fatal(err)
	}
	if g, w := asJSON(t, dj), asJSON(t, sj); g != w {
		t.Errorf("jobs:\n got %s\nwant %s", g, w)
	}
	for _, p := range []string{"~/runs/a.jsonl", "~/runs/c.jsonl", "~/runs/copy-of-a.jsonl", "~/runs/none"} {
		sh, sok, err := src.QueuedHash(p)
		if err != nil {
			t.Fatal(err)
		}
		dh, dok, err := dst.QueuedHash(p)
		if err != nil {
			t.Fatal(err)
		}
		if sh != dh || sok != dok {
			t.Errorf("queued hash of %s: %q %v, want %q %v", p, dh, dok, sh, sok)
		}
	}
	for _, h := range []string{"ha", "hb", "hc"} {
		sr, sok, err := src.LearnedRun(h)
		if err != nil {
			t.Fatal(err)
		}
		dr, dok, err := dst.LearnedRun(h)
		if err != nil {
			t.Fatal(err)
		}
		if sok != dok || asJSON(t, dr) != asJSON(t, sr) {
			t.Errorf("learned run %s: %+v %v, want %+v %v", h, dr, dok, sr, sok)
		}
	}
	sf, sok, err := src.FailureSignature("npm: boom")
	if err != nil {
		t.Fatal(err)
	}
	df, dok, err := dst.FailureSignature("npm: boom")
	if err != nil {
		t.Fatal(err)
	}
	if sok != dok || asJSON(t, df) != asJSON(t, sf) {
		t.Errorf("failure signature: %+v %v, want %+v %v", df, dok, sf, sok)
	}
	sn, err := src.LearnedRuns()
	if err != nil {
		t.Fatal(err)
	}
	dn, err := dst.LearnedRuns()
	if err != nil {
		t.Fatal(err)
	}
	if sn != dn {
		t.Errorf("%d learned runs, want %d", dn, sn)
	}
}

// verifier is a store that checks itself (both backends do).
type verifier interface {
	Verify(ctx context.Context) (backend.VerifyReport, error)
}

// soundCopy checks that the copy's own check finds nothing but what the
// library copied holds by design: its primitives' dependencies on ids
// never stored, and the publication left pending.
func soundCopy(t *testing.T, st backend.Store) {
	t.Helper()
	v, ok := st.(verifier)
	if !ok {
		t.Fatalf("%T does not verify itself", st)
	}
	rep, err := v.Verify(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rep.Problems {
		if p.Kind != backend.ProblemDanglingEdge && p.Kind != backend.ProblemUnpublished {
			t.Errorf("the copy's check: %s", p)
		}
	}
	if rep.Count(backend.ProblemUnpublished) != 1 || rep.Primitives != 3 || rep.Sessions != 5 || rep.Skills != 3 {
		t.Errorf("the copy's check: %+v", rep)
	}
}

var copyCases = []CopyCase{
	// Everything a library holds is copied, as it is, and counted.
	{"copy/everything", func(t *testing.T, src, dst backend.Store) {
		library(t, src)
		var stages []backend.CopyStage
		n, err := backend.Copy(context.Background(), source(t, src), loader(t, dst), func(p backend.CopyProgress) {
			if p.Finished {
				stages = append(stages, p.Stage)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		want := backend.Counts{Users: 2, Sessions: 5, Changes: 11, Reports: 3, Primitives: 3, Conflicts: 1,
			Skills: 3, Artifacts: 2, Publications: 1, Jobs: 4, QueuedFiles: 5, Runs: 2, FailureSignatures: 1}
		if n != want {
			t.Errorf("copied %+v, want %+v", n, want)
		}
		if len(stages) != 9 || stages[0] != backend.StageUsers || stages[8] != backend.StageRuns {
			t.Errorf("stages finished: %v", stages)
		}
		sameLibrary(t, src, dst)
		soundCopy(t, dst)
	}},
	// The copy is a working store: its queue numbers on from the
	// copied jobs, gives the pending ones, and an unlearn of a copied
	// session takes its knowledge back.
	{"copy/goes-on", func(t *testing.T, src, dst backend.Store) {
		library(t, src)
		if _, err := backend.Copy(context.Background(), source(t, src), loader(t, dst), nil); err != nil {
			t.Fatal(err)
		}
		added, _ := enqueue(t, dst, job("~/runs/e.jsonl", "he"))
		if len(added) != 1 || added[0].Seq != 5 {
			t.Errorf("job queued after the copy: %+v, want number 5", added)
		}
		var got []uint64
		for {
			j, ok := start(t, dst)
			if !ok {
				break
			}
			got = append(got, j.Seq)
		}
		if !slices.Equal(got, []uint64{3, 4, 5}) {
			t.Errorf("pending jobs taken: %v, want [3 4 5]", got)
		}
		unlearn := session("s6", at(5))
		unlearn.Kind, unlearn.Reverts = core.KindUnlearn, "s3"
		commit(t, dst, unlearn, []core.Change{{Type: core.ChangeRemove, PrimitiveID: "q3", Before: primitive("q3"), Timestamp: at(5)}}, nil)
		if s := mustSession(t, dst, "s3"); s.State != core.SessionReverted || s.RevertedBy != "s6" {
			t.Errorf("copied session after its unlearn: %s by %q", s.State, s.RevertedBy)
		}
		if deps, err := dst.Dependents("q1"); err != nil || len(deps) != 0 {
			t.Errorf("dependents of q1 after the unlearn: %+v, %v", deps, err)
		}
		if err := dst.UpdateSkills([]string{"team.a"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
			recs[0].Uses++
			return recs, nil
		}); err != nil {
			t.Errorf("update a copied skill: %v", err)
		}
	}},
	// A store that holds anything is refused, naming what it holds, and
	// left as it was.
	{"copy/not-empty", func(t *testing.T, src, dst backend.Store) {
		library(t, src)
		put(t, dst, user("eve", "00ee"))
		learn(t, dst, "mine", 0, primitive("m1"))
		_, err := backend.Copy(context.Background(), source(t, src), loader(t, dst), nil)
		ne, ok := errors.AsType[*backend.NotEmptyError](err)
		if !ok || !errors.Is(err, backend.ErrNotEmpty) {
			t.Fatalf("copy into a store that holds a user and a session: %v", err)
		}
		if ne.Holds.Users != 1 || ne.Holds.Sessions != 1 || ne.Holds.Changes != 1 || ne.Holds.Primitives != 1 {
			t.Errorf("the refusal counts %+v, want a user, a session of a change, a primitive", ne.Holds)
		}
		if ids := ids(t, dst); !slices.Equal(ids, []string{"mine"}) {
			t.Errorf("sessions after the refusal: %q", ids)
		}
		if us, err := dst.Users(); err != nil || len(us) != 1 {
			t.Errorf("users after the refusal: %+v, %v", us, err)
		}
	}},
	// An empty store copies as nothing, and its copy is still empty:
	// a second copy into it is not refused.
	{"copy/empty", func(t *testing.T, src, dst backend.Store) {
		n, err := backend.Copy(context.Background(), source(t, src), loader(t, dst), nil)
		if err != nil || !n.IsZero() {
			t.Fatalf("copy of an empty store: %+v, %v", n, err)
		}
		put(t, src, user("ada", "00aa"))
		if n, err = backend.Copy(context.Background(), source(t, src), loader(t, dst), nil); err != nil || n.Users != 1 {
			t.Fatalf("copy into the copy of an empty store: %+v, %v", n, err)
		}
	}},
	// An error of the load's filling is returned as it is.
	{"copy/fill-error", func(t *testing.T, _, dst backend.Store) {
		boom := errors.New("boom")
		err := loader(t, dst).Load(context.Background(), func(b backend.Bulk) error {
			if err := b.Users([]access.User{user("zed", "00ff")}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Errorf("load whose fill failed: %v", err)
		}
	}},
	// A cancelled context stops the copy with its error.
	{"copy/cancelled", func(t *testing.T, src, dst backend.Store) {
		library(t, src)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		_, err := backend.Copy(ctx, source(t, src), loader(t, dst), func(p backend.CopyProgress) {
			if p.Stage == backend.StagePrimitives {
				cancel()
			}
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled copy: %v", err)
		}
	}},
}
