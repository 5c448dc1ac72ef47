package gitrepo

import (
	"context"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/lore-kb/lore/core/acquire/gitrepo/gittest"
)

// fixture is a repository with history, two tags and a branch, served over
// smart HTTP from the loopback interface.
func fixture(t *testing.T) (*gittest.Repo, string) {
	t.Helper()
	r := gittest.Init(t)
	r.Commit(map[string][]byte{"README.md": []byte("# one\n"), "docs/a.md": []byte("a\n")})
	r.Tag("v1", "")
	r.Commit(map[string][]byte{"docs/b.md": []byte("b\n")})
	r.Tag("v2", "release two")
	r.Commit(map[string][]byte{"docs/a.md": nil, "docs/c.md": []byte("c\n"), "src/main.go": []byte("package main\n")})
	r.Branch("feature/x")
	s := gittest.Serve(t)
	return r, s.Add("owner/repo.git", r.Dir)
}

func paths(t *testing.T, s *Snapshot) []string {
	t.Helper()
	var out []string
	if err := s.Walk(context.Background(), nil, func(f File) error {
		out = append(out, f.Path)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func TestCloneRefs(t *testing.T) {
	_, url := fixture(t)
	tmp := t.TempDir()
	tests := []struct {
		ref  string
		want []string
	}{
		{"", []string{"README.md", "docs/b.md", "docs/c.md", "src/main.go"}},
		{"main", []string{"README.md", "docs/b.md", "docs/c.md", "src/main.go"}},
		{"v1", []string{"README.md", "docs/a.md"}},              // lightweight tag
		{"v2", []string{"README.md", "docs/a.md", "docs/b.md"}}, // annotated tag
		{"refs/tags/v1", []string{"README.md", "docs/a.md"}},    // full name
		{"feature/x", []string{"README.md", "docs/b.md", "docs/c.md", "src/main.go"}},
	}
	for _, tt := range tests {
		snap, err := Clone(context.Background(), url, Options{Ref: tt.ref, TempDir: tmp})
		if err != nil {
			t.Fatalf("ref %q: %v", tt.ref, err)
		}
		if got := paths(t, snap); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ref %q: files %q, want %q", tt.ref, got, tt.want)
		}
		if snap.Ref != tt.ref || len(snap.Short()) != 12 {
			t.Errorf("ref %q: snapshot ref %q short %q", tt.ref, snap.Ref, snap.Short())
		}
		// Shallow: only the commit read is in the clone.
		shallow, err := os.ReadFile(filepath.Join(snap.Dir, "shallow"))
		if !strings.HasSuffix(tt.ref, "v1") && (err != nil || len(shallow) != 41) {
			t.Errorf("ref %q: clone is not shallow (%v, %q)", tt.ref, err, shallow)
		}
		if _, err := snap.repo.CommitObject(snap.Commit); err != nil {
			t.Errorf("ref %q: %v", tt.ref, err)
		}
		dir := snap.Dir
		if err := snap.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("ref %q: clone folder still there after Close (%v)", tt.ref, err)
		}
	}
	if left := entries(t, tmp); len(left) != 0 {
		t.Errorf("temporary folders left behind: %q", left)
	}
}

func TestCloneRefPath(t *testing.T) {
	_, url := fixture(t)
	tests := []struct{ refPath, ref, path string }{
		{"main", "main", ""},
		{"main/docs", "main", "docs"},
		{"feature/x/docs/c.md", "feature/x", "docs/c.md"},
		{"v2/docs", "v2", "docs"},
	}
	for _, tt := range tests {
		snap, err := Clone(context.Background(), url, Options{RefPath: tt.refPath, TempDir: t.TempDir()})
		if err != nil {
			t.Fatalf("%q: %v", tt.refPath, err)
		}
		if snap.Ref != tt.ref || snap.Path != tt.path {
			t.Errorf("%q: ref %q path %q, want %q %q", tt.refPath, snap.Ref, snap.Path, tt.ref, tt.path)
		}
		snap.Close()
	}
}

func TestCloneErrors(t *testing.T) {
	r, url := fixture(t)
	tmp := t.TempDir()
	_, err := Clone(context.Background(), url, Options{Ref: "nope", TempDir: tmp})
	if !errors.Is(err, ErrUnknownRef) {
		t.Errorf("unknown ref: %v", err)
	}
	_, err = Clone(context.Background(), url, Options{Ref: "0123456789abcdef0123456789abcdef01234567", TempDir: tmp})
	if !errors.Is(err, ErrUnknownRef) || !contains(err.Error(), "commit hashes") {
		t.Errorf("hash ref: %v", err)
	}
	_, err = Clone(context.Background(), url+"-missing", Options{TempDir: tmp})
	if err == nil || !contains(err.Error(), "repository not found") {
		t.Errorf("missing repository: %v", err)
	}
	_, err = Clone(context.Background(), "http://127.0.0.1:1/r.git", Options{TempDir: tmp, Timeout: 10 * time.Second})
	if err == nil {
		t.Error("unreachable host: no error")
	}
	// Too large: a random (incompressible) file over the clone cap.
	big := make([]byte, 256<<10)
	rand.Read(big)
	r.Commit(map[string][]byte{"blob.bin": big})
	_, err = Clone(context.Background(), url, Options{TempDir: tmp, MaxCloneSize: 64 << 10, pollEvery: time.Millisecond})
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("too large: %v", err)
	}
	if left := entries(t, tmp); len(left) != 0 {
		t.Errorf("temporary folders left behind: %q", left)
	}
}

func TestCloneCancel(t *testing.T) {
	r := gittest.Init(t)
	r.Commit(map[string][]byte{"README.md": []byte("x\n")})
	s := gittest.Serve(t)
	url := s.Add("r.git", r.Dir)
	tmp := t.TempDir()

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Clone(ctx, url, Options{TempDir: tmp}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %v", err)
	}

	// Cancelled while the server holds the pack: the clone folder exists
	// then, and is gone once Clone returns.
	s.SetHold(true)
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-s.Entered
		if len(entries(t, tmp)) != 1 {
			t.Error("no clone folder while cloning")
		}
		cancel()
	}()
	if _, err := Clone(ctx, url, Options{TempDir: tmp}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled during: %v", err)
	}
	if left := entries(t, tmp); len(left) != 0 {
		t.Errorf("temporary folders left behind: %q", left)
	}

	// Timeout.
	_, err := Clone(context.Background(), url, Options{TempDir: tmp, Timeout: 200 * time.Millisecond})
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("timeout: %v", err)
	}
	if left := entries(t, tmp); len(left) != 0 {
		t.Errorf("temporary folders left behind: %q", left)
	}
}

func TestOpenLocal(t *testing.T) {
	r, _ := fixture(t)
	// Uncommitted and untracked files are not read.
	if err := os.WriteFile(filepath.Join(r.Dir, "docs", "draft.md"), []byte("draft\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(r.Dir, "README.md"), []byte("changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := Open(r.Dir, "")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"README.md", "docs/b.md", "docs/c.md", "src/main.go"}
	if got := paths(t, snap); !reflect.DeepEqual(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
	var readme []byte
	snap.Walk(context.Background(), nil, func(f File) error {
		if f.Path == "README.md" {
			readme, err = f.Read(100)
		}
		return err
	})
	if string(readme) != "# one\n" {
		t.Errorf("README.md read %q, want the committed content", readme)
	}
	if snap.Dir != "" || snap.Close() != nil {
		t.Error("a local snapshot has nothing to remove")
	}
	snap, err = Open(r.Dir, "v1")
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(t, snap); !reflect.DeepEqual(got, []string{"README.md", "docs/a.md"}) {
		t.Errorf("v1 files %q", got)
	}
	if _, err := Open(r.Dir, "nope"); !errors.Is(err, ErrUnknownRef) {
		t.Errorf("unknown ref: %v", err)
	}
	if _, err := Open(t.TempDir(), ""); err == nil {
		t.Error("plain folder opened as a repository")
	}
	empty := gittest.Init(t)
	if _, err := Open(empty.Dir, ""); err == nil || !contains(err.Error(), "no commits") {
		t.Errorf("empty repository: %v", err)
	}
}

func TestWalkKindsAndLimits(t *testing.T) {
	r := gittest.Init(t)
	r.Commit(map[string][]byte{"docs/a.md": []byte("0123456789"), "node_modules/x.md": []byte("x")})
	r.Symlink("docs/link.md", "../../etc/passwd")
	snap, err := Open(r.Dir, "")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]Kind{}
	err = snap.Walk(context.Background(), func(rel string) bool { return rel == "node_modules" }, func(f File) error {
		kinds[f.Path] = f.Kind
		if f.Kind == Regular {
			if n, err := f.Size(); err != nil || n != 10 {
				t.Errorf("%s size %d %v", f.Path, n, err)
			}
			if _, err := f.Read(9); err == nil {
				t.Errorf("%s read over the limit", f.Path)
			}
		} else if _, err := f.Read(100); err == nil {
			t.Errorf("%s: link read", f.Path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(kinds, map[string]Kind{"docs/a.md": Regular, "docs/link.md": Symlink}) {
		t.Errorf("kinds %v", kinds)
	}
	if !snap.IsDir("docs") || snap.IsDir("docs/a.md") || !snap.IsFile("docs/a.md") || snap.IsFile("docs") || snap.IsFile("nope") {
		t.Error("IsDir/IsFile")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := snap.Walk(ctx, nil, func(File) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled walk: %v", err)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
