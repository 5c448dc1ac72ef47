package lazyre

import (
	"sync"
	"testing"
)

func TestCompiledOnFirstUseOnly(t *testing.T) {
	r := New(`a(b+)`)
	if got := r.FindStringSubmatch("xabbby"); len(got) != 2 || got[1] != "bbb" {
		t.Fatalf("FindStringSubmatch = %q", got)
	}
	if first := r.Regexp(); r.Regexp() != first {
		t.Fatal("compiled twice")
	}
}

func TestConcurrentFirstUse(t *testing.T) {
	r := New(`\d+`)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if !r.MatchString("a1") {
				t.Error("no match")
			}
		})
	}
	wg.Wait()
}

func TestCompileAllReportsMalformed(t *testing.T) {
	if err := CompileAll(); err != nil {
		t.Fatalf("well-formed patterns: %v", err)
	}
	bad := New(`(`)
	defer func() {
		allMu.Lock()
		for i, r := range all {
			if r == bad {
				all = append(all[:i], all[i+1:]...)
				break
			}
		}
		allMu.Unlock()
	}()
	if err := CompileAll(); err == nil {
		t.Fatal("CompileAll accepted `(`")
	}
}
