package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/internal/corpus"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
)

// TestPublicationResumedAfterCrashPastCommit ends a learn just past its
// commit, before any skill file is written (crashBeforePublishing), and
// closes the store as a killed process would leave it. Until the
// publication is finished, both verifications must say the artifacts are
// missing; after reopening, ResumePublications must write every file the
// report lists, record the artifacts, and leave both verifications clean.
func TestPublicationResumedAfterCrashPastCommit(t *testing.T) {
	src := corpus.Path(t, "rfc6455_websocket.txt")
	ds := storetest.Domains(t)
	dir, out := t.TempDir(), t.TempDir()
	st, err := store.Open(dir, store.Options{GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	crash := errors.New("simulated crash after the commit")
	crashBeforePublishing = func(string) error { return crash }
	t.Cleanup(func() { crashBeforePublishing = nil })
	opts := LearnOptions{Domains: ds, Generate: generate.Config{}, OutputDir: out}
	opts.Policy.Approve = true
	res, err := Learn(context.Background(), st, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Committed || len(res.Artifacts) == 0 {
		t.Fatalf("setup: committed %v, artifacts %v", res.Committed, res.Artifacts)
	}
	if arts, _ := st.Artifacts(); len(arts) != 0 {
		t.Fatalf("artifacts recorded although publishing crashed: %v", arts)
	}
	if problems, err := VerifyArtifacts(st); err != nil || len(problems) == 0 {
		t.Fatalf("VerifyArtifacts before the resume: %v %v, want problems", problems, err)
	}
	if rep, err := st.Verify(context.Background()); err != nil || rep.Count(store.ProblemUnpublished) != 1 {
		t.Fatalf("store verify before the resume: %v, %+v", err, rep.Problems)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	crashBeforePublishing = nil

	st, err = store.Open(dir, store.Options{GCInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	done, err := ResumePublications(context.Background(), st)
	if err != nil || len(done) != 1 || done[0] != res.Session.ID {
		t.Fatalf("resume: %v %v, want [%s]", done, err, res.Session.ID)
	}
	arts, err := st.Artifacts()
	if err != nil || len(arts) != len(res.Artifacts) {
		t.Fatalf("artifacts after the resume: %d %v, want %d", len(arts), err, len(res.Artifacts))
	}
	for _, a := range res.Artifacts {
		for _, f := range a.Files {
			got, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f.Path)))
			if err != nil || string(got) != f.Content {
				t.Errorf("%s %s: file %s after the resume: %v", a.Kind, a.Name, f.Path, err)
			}
		}
	}
	if problems, err := VerifyArtifacts(st); err != nil || len(problems) != 0 {
		t.Fatalf("VerifyArtifacts after the resume: %v %v", problems, err)
	}
	if rep, err := st.Verify(context.Background()); err != nil || !rep.OK() {
		t.Fatalf("store verify after the resume: %v, %+v", err, rep.Problems)
	}
	// Nothing is left to resume.
	if done, err := ResumePublications(context.Background(), st); err != nil || len(done) != 0 {
		t.Fatalf("second resume: %v %v", done, err)
	}
}
