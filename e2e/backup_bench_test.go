package e2e_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store"
)

// BenchmarkBackupRestore100k backs up a store of 100,000 primitives and
// 1,000 skills (each with a reference file), restores it into an empty
// directory and checks that the restored store is equal: the same canonical
// export and the same skill library, record for record. It reports the
// backup's size and both durations.
func BenchmarkBackupRestore100k(b *testing.B) {
	ctx := context.Background()
	src, err := store.Open(b.TempDir(), store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	if err := src.CommitSession(ctx, core.Session{ID: "s1"}, termChanges(100_000, func(i int) int { return i - 1 })); err != nil {
		b.Fatal(err)
	}
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	lib := make([]*skills.Skill, 1000)
	for i := range lib {
		name := fmt.Sprintf("skill-%04d", i)
		c := skills.Content{
			Name: name, Description: "Use when a task involves topic " + name + ".",
			Instructions: "# " + name + "\n\nFollow the steps in references/steps.md.\n",
			Files:        []skills.File{{Path: "references/steps.md", Content: bytes.Repeat([]byte("step "+name+"\n"), 40)}},
		}
		if lib[i], err = skills.New("public."+name, c, skills.Imported, skills.Active, skills.Provenance{}, at); err != nil {
			b.Fatal(err)
		}
		lib[i].RecordUse(i%2 == 0, at.Add(time.Duration(i)*time.Minute))
	}
	if err := src.PutSkills(lib); err != nil {
		b.Fatal(err)
	}
	var want bytes.Buffer
	if err := src.Export(&want); err != nil {
		b.Fatal(err)
	}
	wantLib, err := src.Skills()
	if err != nil {
		b.Fatal(err)
	}

	var size int64
	var backup, restore time.Duration
	for b.Loop() {
		file := filepath.Join(b.TempDir(), "lore.bak")
		t0 := time.Now()
		bi, err := src.BackupFile(ctx, file, false)
		if err != nil {
			b.Fatal(err)
		}
		backup += time.Since(t0)
		size = bi.Bytes
		target := filepath.Join(b.TempDir(), "restored")
		t1 := time.Now()
		ri, err := store.RestoreFile(ctx, target, file, store.Options{})
		if err != nil {
			b.Fatal(err)
		}
		restore += time.Since(t1)
		if !ri.Verify.OK() || ri.Verify.Primitives != 100_000 || ri.Verify.Skills != 1000 {
			b.Fatalf("restore verified %d primitives, %d skills, %d problems", ri.Verify.Primitives, ri.Verify.Skills, ri.Verify.ProblemCount)
		}
		b.StopTimer()
		r, err := store.Open(target, store.Options{})
		if err != nil {
			b.Fatal(err)
		}
		var got bytes.Buffer
		if err := r.Export(&got); err != nil {
			b.Fatal(err)
		}
		gotLib, err := r.Skills()
		r.Close()
		if err != nil {
			b.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) || !reflect.DeepEqual(gotLib, wantLib) {
			b.Fatalf("restored store differs: export %d vs %d bytes, %d vs %d skills", got.Len(), want.Len(), len(gotLib), len(wantLib))
		}
		os.RemoveAll(target)
		b.StartTimer()
	}
	b.ReportMetric(float64(size)/(1<<20), "MiB")
	b.ReportMetric(backup.Seconds()/float64(b.N), "backup-s")
	b.ReportMetric(restore.Seconds()/float64(b.N), "restore-s")
}
