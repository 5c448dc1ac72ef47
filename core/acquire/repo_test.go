package acquire

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire/gitrepo/gittest"
)

// repoFixture builds a repository over several commits: a docs/ folder with
// nested folders, README.md files at the top, in src/ and in docs/sub/, a
// file over a small per-file limit, files lore does not read, hidden
// files; tag v1 marks an earlier state.
func repoFixture(t *testing.T) *gittest.Repo {
	t.Helper()
	r := gittest.Init(t)
	r.Commit(map[string][]byte{
		"README.md":     []byte("# Project\n\nOld readme.\n"),
		"docs/guide.md": []byte("# Guide v1\n"),
	})
	r.Tag("v1", "first release")
	r.Commit(map[string][]byte{
		"README.md":               []byte("# Project\n\nNew readme.\n"),
		"docs/sub/README.md":      []byte("# Sub\n"),
		"docs/sub/deep/notes.txt": []byte("notes\r\n"),
		"src/README.md":           []byte("# Source\n"),
		"src/main.go":             []byte("package main\n"),
	})
	r.Commit(map[string][]byte{
		"docs/guide.md":     []byte("# Guide v2\n"),
		"docs/big.md":       []byte("# Big\n" + strings.Repeat("lorem ipsum ", 200)),
		"docs/diagram.png":  []byte("\x89PNG\r\n\x1a\n"),
		"docs/.hidden.md":   []byte("# hidden\n"),
		".github/README.md": []byte("# ci\n"),
		"docs/binary.md":    []byte("a\x00b"),
		"docs/empty.txt":    []byte(""),
	})
	return r
}

// useRepoServer serves r over smart HTTP, redirects GitHub addresses for
// owner/repo to it, and points clones at a temporary root it returns.
func useRepoServer(t *testing.T, r *gittest.Repo) (*gittest.Server, string, string) {
	t.Helper()
	s := gittest.Serve(t)
	url := s.Add("owner/repo.git", r.Dir)
	tmp := t.TempDir()
	oldOpts, oldURL := repoOptions, repoCloneURL
	repoOptions.TempDir = tmp
	repoCloneURL = func(u string) string {
		if u == "https://github.com/owner/repo.git" {
			return url
		}
		return u
	}
	t.Cleanup(func() { repoOptions, repoCloneURL = oldOpts, oldURL })
	return s, url, tmp
}

func repoDocNames(res *Result) []string {
	out := []string{}
	for _, d := range res.Documents {
		out = append(out, d.Name)
	}
	return out
}

func repoSkipped(res *Result) map[string]string {
	out := map[string]string{}
	for _, p := range res.Skipped {
		out[p.Path] = p.Reason
	}
	return out
}

func assertNoClone(t *testing.T, dir string) {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 0 {
		t.Errorf("temporary clone left behind in %s: %v", dir, es)
	}
}

var smallLimits = Options{MaxFileSize: 1 << 10}

func TestRepoDefaultScope(t *testing.T) {
	r := repoFixture(t)
	head, _ := r.Repo.Head()
	short := head.Hash().String()[:12]
	_, url, tmp := useRepoServer(t, r)
	want := []string{"README.md", "docs/guide.md", "docs/sub/README.md", "docs/sub/deep/notes.txt"}
	for _, tt := range []struct {
		source, location string
		tier             core.Familiarity
	}{
		{r.Dir, r.Dir, core.Home},
		{"file://" + filepath.ToSlash(r.Dir), "file://" + filepath.ToSlash(r.Dir), core.Home},
		{url, url, core.Stranger},
		{"https://github.com/owner/repo", "https://github.com/owner/repo", core.Stranger},
	} {
		res, err := Repo(context.Background(), tt.source, smallLimits)
		if err != nil {
			t.Fatalf("%s: %v", tt.source, err)
		}
		if got := repoDocNames(res); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: documents %q, want %q", tt.source, got, want)
		}
		for _, d := range res.Documents {
			if d.Familiarity != tt.tier || d.Path != tt.location+"@"+short+":"+d.Name || d.SHA256 == "" || d.Bytes == 0 {
				t.Errorf("%s: document %+v", tt.source, d)
			}
		}
		if d := res.Documents[0]; d.Text != "# Project\n\nNew readme.\n" || d.MediaType != "text/markdown" || d.Format != core.FormatMarkdown {
			t.Errorf("%s: README.md %q %s %s", tt.source, d.Text, d.MediaType, d.Format)
		}
		if d := res.Documents[3]; d.Text != "notes\n" || d.MediaType != "text/plain" {
			t.Errorf("%s: notes.txt %q %s", tt.source, d.Text, d.MediaType)
		}
		skipped := repoSkipped(res)
		if len(skipped) != 3 || !strings.Contains(skipped["docs/big.md"], "over the 1.0 KiB per-file limit") ||
			!strings.Contains(skipped["docs/binary.md"], "binary content") || !strings.Contains(skipped["docs/empty.txt"], "empty") {
			t.Errorf("%s: skipped %q", tt.source, skipped)
		}
		if len(res.Findings) != 1 || res.Findings[0].Category != core.ContentTypeMismatch || len(res.Errors) != 2 {
			t.Errorf("%s: findings %+v errors %+v", tt.source, res.Findings, res.Errors)
		}
		if !reflect.DeepEqual(res.Ignored, []string{"docs/diagram.png"}) || res.OutOfScope != 2 {
			t.Errorf("%s: ignored %q, out of scope %d", tt.source, res.Ignored, res.OutOfScope)
		}
		assertNoClone(t, tmp)
	}
}

func TestRepoExplicitScope(t *testing.T) {
	r := repoFixture(t)
	_, url, tmp := useRepoServer(t, r)
	for _, source := range []string{r.Dir, url, "https://github.com/owner/repo/tree/main/docs"} {
		opts := smallLimits
		opts.Scope = []string{"docs/sub/", "src/README.md"}
		res, err := Repo(context.Background(), source, opts)
		if err != nil {
			t.Fatalf("%s: %v", source, err)
		}
		want := []string{"docs/sub/README.md", "docs/sub/deep/notes.txt", "src/README.md"}
		if got := repoDocNames(res); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: documents %q, want %q", source, got, want)
		}
		// A scope entry without "/" is an exact path: no README.md but
		// the top one.
		opts.Scope = []string{"README.md"}
		res, err = Repo(context.Background(), source, opts)
		if err != nil {
			t.Fatalf("%s: %v", source, err)
		}
		if got := repoDocNames(res); !reflect.DeepEqual(got, []string{"README.md"}) {
			t.Errorf("%s: documents %q, want only the top README.md", source, got)
		}
	}
	assertNoClone(t, tmp)
}

func TestRepoGitHubTreeAndRef(t *testing.T) {
	r := repoFixture(t)
	r.Branch("feature/x")
	_, _, tmp := useRepoServer(t, r)
	tests := []struct {
		source string
		want   []string
		at     string
	}{
		{"https://github.com/owner/repo/tree/main/docs/sub", []string{"docs/sub/README.md", "docs/sub/deep/notes.txt"}, "main"},
		{"https://github.com/owner/repo/tree/main/docs/sub/", []string{"docs/sub/README.md", "docs/sub/deep/notes.txt"}, "main"},
		{"https://github.com/owner/repo/blob/main/docs/guide.md", []string{"docs/guide.md"}, "main"},
		{"https://github.com/owner/repo/tree/main", []string{"README.md", "docs/guide.md", "docs/sub/README.md", "docs/sub/deep/notes.txt"}, "main"},
		// main.go is scanned as text, though nothing is learned from it.
		{"https://github.com/owner/repo/tree/feature/x/src", []string{"src/README.md", "src/main.go"}, "feature/x"},
		{"https://github.com/owner/repo/tree/v1", []string{"README.md", "docs/guide.md"}, "v1"},
		{"https://github.com/owner/repo/tree/v1/docs", []string{"docs/guide.md"}, "v1"},
	}
	for _, tt := range tests {
		res, err := Repo(context.Background(), tt.source, smallLimits)
		if err != nil {
			t.Fatalf("%s: %v", tt.source, err)
		}
		if got := repoDocNames(res); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: documents %q, want %q", tt.source, got, tt.want)
		}
		d := res.Documents[0]
		if d.Path != "https://github.com/owner/repo@"+tt.at+":"+d.Name || d.Familiarity != core.Stranger {
			t.Errorf("%s: path %q tier %s", tt.source, d.Path, d.Familiarity)
		}
		if tt.at == "v1" && d.Name == "README.md" && d.Text != "# Project\n\nOld readme.\n" {
			t.Errorf("%s: README.md at v1 is %q", tt.source, d.Text)
		}
	}
	assertNoClone(t, tmp)
}

func TestRepoLimits(t *testing.T) {
	r := repoFixture(t)
	_, url, tmp := useRepoServer(t, r)
	for _, source := range []string{r.Dir, url} {
		// In tree order README.md (23 bytes), docs/guide.md (11) and
		// docs/sub/README.md (6) take 40 of 43 bytes (docs/binary.md and
		// docs/diagram.png are read, judged and let go); docs/sub/deep/
		// notes.txt (7) does not fit.
		res, err := Repo(context.Background(), source, Options{MaxFileSize: 1 << 10, MaxTotalSize: 43})
		if err != nil {
			t.Fatalf("%s: %v", source, err)
		}
		if got, want := repoDocNames(res), []string{"README.md", "docs/guide.md", "docs/sub/README.md"}; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: documents %q, want %q", source, got, want)
		}
		skipped := repoSkipped(res)
		if !strings.Contains(skipped["docs/sub/deep/notes.txt"], "more than is left (3 bytes) of the 43 bytes total limit") {
			t.Errorf("%s: skipped %q", source, skipped)
		}
		var named bool
		for _, e := range res.Errors {
			named = named || strings.HasSuffix(e.File, ":docs/sub/deep/notes.txt")
		}
		if !named {
			t.Errorf("%s: errors %+v do not name notes.txt", source, res.Errors)
		}
		// A limit nothing fits in: what was found is the result (the
		// binary .md is a finding), and there is nothing to learn.
		res, err = Repo(context.Background(), source, Options{MaxFileSize: 5})
		if err != nil || len(res.Documents) != 0 || len(res.Findings) != 1 {
			t.Fatalf("%s: nothing fits: %v %+v", source, err, res)
		}
		err = NothingToLearn(source, res)
		var ie *core.InputError
		if !errors.As(err, &ie) || ie.Input != source || !strings.Contains(err.Error(), "repository contains no readable documents") {
			t.Errorf("%s: nothing fits: %v", source, err)
		}
	}
	assertNoClone(t, tmp)
}

func TestRepoErrors(t *testing.T) {
	r := repoFixture(t)
	s, url, tmp := useRepoServer(t, r)
	tests := []struct{ source, scope, msg string }{
		{r.Dir, "nothing/", "no document matches scope nothing/ in " + r.Dir},
		{url, "docs/diagram.png", "no document matches scope docs/diagram.png in " + url},
		{"https://github.com/owner/repo/tree/nope/docs", "", `no such branch or tag "nope"`},
		{"https://github.com/owner/repo/tree/main/missing", "", "no file or folder missing in https://github.com/owner/repo at main"},
		{s.URL + "/other/repo.git", "", "repository not found"},
		{"http://127.0.0.1:1/repo.git", "", "cannot reach the repository"},
		{t.TempDir(), "", "not a git repository"},
	}
	for _, tt := range tests {
		opts := smallLimits
		if tt.scope != "" {
			opts.Scope = []string{tt.scope}
		}
		_, err := Repo(context.Background(), tt.source, opts)
		var ie *core.InputError
		if !errors.As(err, &ie) || ie.Input != tt.source || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: error %v, want an input error with %q", tt.source, err, tt.msg)
		}
		t.Log(err)
	}
	assertNoClone(t, tmp)
}

func TestRepoCancel(t *testing.T) {
	r := repoFixture(t)
	s, url, tmp := useRepoServer(t, r)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, source := range []string{r.Dir, url} {
		_, err := Repo(ctx, source, Options{})
		var ie *core.InputError
		if !errors.Is(err, context.Canceled) || !errors.As(err, &ie) {
			t.Errorf("%s: cancelled: %v", source, err)
		}
	}
	s.SetHold(true)
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-s.Entered
		if es, _ := os.ReadDir(tmp); len(es) != 1 {
			t.Errorf("no clone folder while cloning: %v", es)
		}
		cancel()
	}()
	if _, err := Repo(ctx, url, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled while cloning: %v", err)
	}
	assertNoClone(t, tmp)
}

func TestRepoLocalReadsCommittedFiles(t *testing.T) {
	r := repoFixture(t)
	if err := os.WriteFile(filepath.Join(r.Dir, "README.md"), []byte("# Uncommitted\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(r.Dir, "docs", "draft.md"), []byte("# Untracked\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Repo(context.Background(), r.Dir, smallLimits)
	if err != nil {
		t.Fatal(err)
	}
	if got := repoDocNames(res); !reflect.DeepEqual(got, []string{"README.md", "docs/guide.md", "docs/sub/README.md", "docs/sub/deep/notes.txt"}) {
		t.Errorf("documents %q", got)
	}
	if res.Documents[0].Text != "# Project\n\nNew readme.\n" {
		t.Errorf("README.md read from the working tree: %q", res.Documents[0].Text)
	}
}

func TestRepoSymlink(t *testing.T) {
	r := gittest.Init(t)
	r.Commit(map[string][]byte{"docs/a.md": []byte("# A\n")})
	r.Symlink("docs/passwd.md", "/etc/passwd")
	res, err := Repo(context.Background(), r.Dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := repoDocNames(res); !reflect.DeepEqual(got, []string{"docs/a.md"}) {
		t.Errorf("documents %q", got)
	}
	if got := repoSkipped(res)["docs/passwd.md"]; got != "symbolic link, not followed" {
		t.Errorf("link skipped as %q", got)
	}
}

func TestIsRepo(t *testing.T) {
	r := gittest.Init(t)
	plain := t.TempDir()
	tests := map[string]bool{
		"https://github.com/owner/repo":               true,
		"https://github.com/owner/repo.git":           true,
		"https://github.com/owner/repo/tree/main/doc": true,
		"https://gitlab.com/group/repo.git":           true,
		"https://example.org/page.html":               false,
		"https://github.com/owner":                    false,
		r.Dir:                                         true,
		"file://" + filepath.ToSlash(r.Dir):           true,
		plain:                                         false,
		filepath.Join(r.Dir, ".git"):                  true, // a bare repository
		"README.md":                                   false,
	}
	for in, want := range tests {
		if got := IsRepo(in); got != want {
			t.Errorf("IsRepo(%q) = %v, want %v", in, got, want)
		}
	}
}

// Source reads a working tree as a folder (uncommitted files included) and
// the same repository as a repository when asked with file://.
func TestSourceWorkingTreeAndRepository(t *testing.T) {
	r := gittest.Init(t)
	r.Commit(map[string][]byte{"README.md": []byte("# Readme\n\ntext\n"), "notes/a.md": []byte("# A\n\ntext\n")})
	dir := r.Dir
	if err := os.WriteFile(filepath.Join(dir, "draft.md"), []byte("# Draft\n\nuncommitted\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Source(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := repoDocNames(res); !slices.Equal(names, []string{"README.md", "draft.md", "notes/a.md"}) {
		t.Fatalf("working tree as a folder = %v", names)
	}
	res, err = Source(context.Background(), "file://"+dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if names := repoDocNames(res); !slices.Equal(names, []string{"README.md"}) {
		t.Fatalf("file:// as a repository = %v", names)
	}
}

// Familiarity says, from the source as written, the tier Source gives
// its documents: a working tree, a file:// repository and a file are
// read from this machine (HOME), a repository cloned over http and a web
// page come over the network (STRANGER).
func TestFamiliarityIsWhatSourceGives(t *testing.T) {
	r := gittest.Init(t)
	r.Commit(map[string][]byte{"README.md": []byte("# Readme\n\ntext\n")})
	file := filepath.Join(t.TempDir(), "notes.md")
	if err := os.WriteFile(file, []byte("# Notes\n\ntext\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, cloneURL, _ := useRepoServer(t, r)
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/markdown")
		_, _ = w.Write([]byte("# Page\n\ntext\n"))
	}))
	t.Cleanup(page.Close)
	for _, c := range []struct {
		source string
		want   core.Familiarity
	}{
		{r.Dir, core.Home},
		{"file://" + r.Dir, core.Home},
		{file, core.Home},
		{cloneURL, core.Stranger},
		{"https://github.com/owner/repo", core.Stranger},
		{page.URL + "/page.md", core.Stranger},
	} {
		if got := Familiarity(c.source); got != c.want {
			t.Errorf("Familiarity(%q) = %s, want %s", c.source, got, c.want)
		}
		res, err := Source(context.Background(), c.source, Options{})
		if err != nil {
			t.Fatalf("Source(%q): %v", c.source, err)
		}
		if len(res.Documents) == 0 {
			t.Fatalf("Source(%q) read no document", c.source)
		}
		for _, d := range res.Documents {
			if d.Familiarity != Familiarity(c.source) {
				t.Errorf("Source(%q) gave %s %s; Familiarity says %s", c.source, d.Name, d.Familiarity, Familiarity(c.source))
			}
		}
	}
	for _, s := range []string{"ssh://git@example.com/r.git", "git://example.com/r.git", "HTTP://example.com/x.md"} {
		if Familiarity(s) != core.Stranger {
			t.Errorf("Familiarity(%q) = %s, want STRANGER", s, Familiarity(s))
		}
	}
	for _, s := range []string{"", "notes.md", "./a:b/c.md", `C:\docs\a.md`, "file:///srv/repo"} {
		if Familiarity(s) != core.Home {
			t.Errorf("Familiarity(%q) = %s, want HOME", s, Familiarity(s))
		}
	}
}
