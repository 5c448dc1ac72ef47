package store_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/internal/storetest"
	"github.com/lore-kb/lore/store"
)

func TestSkillsWithSourceHash(t *testing.T) {
	st := storetest.Open(t)
	a, b := skill(t, "public.a", "a"), skill(t, "public.b", "b")
	a.Lineage.SourceHashes = append(a.Lineage.SourceHashes, "h1", "h2")
	b.Lineage.SourceHashes = append(b.Lineage.SourceHashes, "h2")
	if err := st.PutSkills([]*skills.Skill{a, b}); err != nil {
		t.Fatal(err)
	}
	got, err := st.SkillsWithSourceHash("h2")
	if err != nil || !slices.Equal(got, []string{"public.a", "public.b"}) {
		t.Fatalf("h2: %v, %v", got, err)
	}
	// A replaced record's dropped hashes leave the index.
	a.Lineage.SourceHashes = slices.DeleteFunc(a.Lineage.SourceHashes, func(h string) bool { return h == "h2" })
	if err := st.UpdateSkills([]string{"public.a"}, func(recs []*skills.Skill) ([]*skills.Skill, error) {
		recs[0].Lineage = a.Lineage
		return recs, nil
	}); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.SkillsWithSourceHash("h2"); !slices.Equal(got, []string{"public.b"}) {
		t.Errorf("h2 after the change: %v", got)
	}
	if got, _ := st.SkillsWithSourceHash("h1"); !slices.Equal(got, []string{"public.a"}) {
		t.Errorf("h1: %v", got)
	}
	if got, _ := st.SkillsWithSourceHash("none"); len(got) != 0 {
		t.Errorf("an unknown hash: %v", got)
	}
}

func TestRunQueueSurvivesAndCountsAttempts(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	jobs := []trajectory.Job{{Path: "~/runs/a.jsonl", Hash: "aaaa"}, {Path: "~/runs/b.jsonl", Hash: "bbbb"}}
	added, _, err := st.Enqueue(jobs, now)
	if err != nil || len(added) != 2 || added[0].Seq != 1 || added[1].Seq != 2 || added[0].State != trajectory.Pending {
		t.Fatalf("enqueue: %+v, %v", added, err)
	}
	// The same files with the same content: nothing new; b changed: queued
	// again.
	again, _, err := st.Enqueue([]trajectory.Job{{Path: "~/runs/a.jsonl", Hash: "aaaa"}, {Path: "~/runs/b.jsonl", Hash: "bbb2"}}, now)
	if err != nil || len(again) != 1 || again[0].Seq != 3 {
		t.Fatalf("enqueue again: %+v, %v", again, err)
	}
	job, ok, err := st.StartJob(now)
	if err != nil || !ok || job.Seq != 1 || job.Attempts != 1 {
		t.Fatalf("start: %+v %v %v", job, ok, err)
	}
	st.Close()

	// A new process: the job it was learning is still pending, its attempt
	// counted; a run learned meanwhile is not queued again.
	st, err = store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	job, ok, err = st.StartJob(now)
	if err != nil || !ok || job.Seq != 1 || job.Attempts != 2 {
		t.Fatalf("start after a restart: %+v %v %v", job, ok, err)
	}
	if err := st.RecordRun(trajectory.RunRecord{Hash: "aaaa", Source: "~/runs/a.jsonl"}, nil); err != nil {
		t.Fatal(err)
	}
	job.State, job.Result = trajectory.Done, "drafted x"
	if err := st.FinishJob(job); err != nil {
		t.Fatal(err)
	}
	if added, known, err := st.Enqueue([]trajectory.Job{{Path: "~/copy.jsonl", Hash: "aaaa"}}, now); err != nil || len(added) != 0 || len(known) != 1 || known[0].Path != "~/copy.jsonl" {
		t.Fatalf("a copy of a learned run: queued %+v, known %+v, %v", added, known, err)
	}
	all, err := st.Jobs()
	if err != nil || len(all) != 3 || all[0].State != trajectory.Done || all[1].State != trajectory.Pending || all[2].State != trajectory.Pending {
		t.Fatalf("jobs: %+v, %v", all, err)
	}
	for range 2 {
		j, ok, err := st.StartJob(now)
		if err != nil || !ok {
			t.Fatal(err)
		}
		j.State = trajectory.Failed
		if err := st.FinishJob(j); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok, _ := st.StartJob(now); ok {
		t.Error("a job is left after every one finished")
	}
	if n, _ := st.LearnedRuns(); n != 1 {
		t.Errorf("%d runs learned", n)
	}
}

func TestEachReadsEveryKeyDecoded(t *testing.T) {
	st := storetest.Open(t)
	if err := st.RecordRun(trajectory.RunRecord{Hash: "cafe", Source: "~/x.jsonl", Note: "a note"}, &trajectory.SignatureRecord{Signature: "npm: boom"}); err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	if err := st.Each(func(k, v []byte) error { seen[string(k)] = string(v); return nil }); err != nil {
		t.Fatal(err)
	}
	if v := seen["rn/cafe"]; !strings.HasPrefix(v, "{") || !strings.Contains(v, "a note") {
		t.Errorf("the run record is not read as JSON: %v", seen)
	}
}
