package backendtest

import (
	"errors"
	"testing"

	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
)

func learnedRuns(t *testing.T, st backend.Store) int {
	t.Helper()
	n, err := st.LearnedRuns()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

var runCases = []Case{
	// A run and its failure signature come back as recorded; a second
	// record of either replaces the first.
	{"runs/record", func(t *testing.T, st backend.Store) {
		if n := learnedRuns(t, st); n != 0 {
			t.Errorf("a new store has %d runs", n)
		}
		sigText := "npm ERR! " + hostile
		rec := trajectory.RunRecord{Hash: "cafe", Source: "~/runs/a.jsonl", Format: "claude", Outcome: "failure",
			Learned: at(0), Signature: sigText, Note: hostile}
		sig := trajectory.SignatureRecord{Signature: sigText, Runs: []string{"cafe"}, Tasks: []string{"build"},
			Steps: []string{"npm install"}, First: at(0), Last: at(0)}
		if err := st.RecordRun(rec, &sig); err != nil {
			t.Fatal(err)
		}
		got, ok, err := st.LearnedRun("cafe")
		if err != nil || !ok {
			t.Fatalf("learned run: found %v, %v", ok, err)
		}
		sameJSON(t, "the run", got, rec)
		gotSig, ok, err := st.FailureSignature(sigText)
		if err != nil || !ok {
			t.Fatalf("failure signature: found %v, %v", ok, err)
		}
		sameJSON(t, "the signature", gotSig, sig)
		second := trajectory.RunRecord{Hash: "f00d", Source: "~/runs/b.jsonl", Learned: at(1), Signature: sigText}
		sig.Runs, sig.Last, sig.Negative = append(sig.Runs, "f00d"), at(1), "public.dont-x"
		if err := st.RecordRun(second, &sig); err != nil {
			t.Fatal(err)
		}
		if gotSig, _, err := st.FailureSignature(sigText); err != nil || len(gotSig.Runs) != 2 || gotSig.Negative != "public.dont-x" {
			t.Errorf("the signature counted twice: %+v, %v", gotSig, err)
		}
		rec.Skill = "public.x"
		if err := st.RecordRun(rec, nil); err != nil {
			t.Fatal(err)
		}
		if got, _, _ := st.LearnedRun("cafe"); got.Skill != "public.x" {
			t.Errorf("the run recorded again: %+v", got)
		}
		if n := learnedRuns(t, st); n != 2 {
			t.Errorf("%d runs learned, want 2", n)
		}
	}},
	// Runs and signatures never recorded are not found, and are no
	// error; a hash no store can keep is refused.
	{"runs/unknown-and-invalid", func(t *testing.T, st backend.Store) {
		if _, ok, err := st.LearnedRun("beef"); ok || err != nil {
			t.Errorf("unknown run: found %v, %v", ok, err)
		}
		if _, ok, err := st.FailureSignature("never \x00 seen"); ok || err != nil {
			t.Errorf("unknown signature: found %v, %v", ok, err)
		}
		for _, h := range []string{"", "a/b", "a\x00"} {
			if _, _, err := st.LearnedRun(h); !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("run %q: %v", h, err)
			}
			err := st.RecordRun(trajectory.RunRecord{Hash: h}, &trajectory.SignatureRecord{Signature: "s"})
			if !errors.Is(err, backend.ErrInvalidID) {
				t.Errorf("record run %q: %v", h, err)
			}
		}
		if _, ok, _ := st.FailureSignature("s"); ok {
			t.Error("the signature of a refused run was recorded")
		}
		if n := learnedRuns(t, st); n != 0 {
			t.Errorf("%d runs after the refusals", n)
		}
	}},
}
