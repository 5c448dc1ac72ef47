package gitrepo

import (
	"os"
	"path/filepath"
	"testing"
)

func TestParseGitHub(t *testing.T) {
	tests := []struct {
		in               string
		clone, ref, path string
		ok               bool
	}{
		{"https://github.com/owner/repo", "https://github.com/owner/repo.git", "", "", true},
		{"https://github.com/owner/repo/", "https://github.com/owner/repo.git", "", "", true},
		{"https://github.com/owner/repo.git", "https://github.com/owner/repo.git", "", "", true},
		{"https://github.com/owner/repo.git/", "https://github.com/owner/repo.git", "", "", true},
		{"https://GitHub.com/Owner/my-repo.v2", "https://github.com/Owner/my-repo.v2.git", "", "", true},
		{"https://www.github.com/owner/repo", "https://github.com/owner/repo.git", "", "", true},
		{"https://github.com/owner/repo/tree/main", "https://github.com/owner/repo.git", "main", "", true},
		{"https://github.com/owner/repo/tree/main/", "https://github.com/owner/repo.git", "main", "", true},
		{"https://github.com/owner/repo/tree/v1.2/docs/guide", "https://github.com/owner/repo.git", "v1.2", "docs/guide", true},
		{"https://github.com/owner/repo/blob/main/docs/a.md", "https://github.com/owner/repo.git", "main", "docs/a.md", true},
		// malformed or not a repository
		{"https://github.com/owner", "", "", "", false},
		{"https://github.com/owner/", "", "", "", false},
		{"https://github.com/", "", "", "", false},
		{"https://github.com", "", "", "", false},
		{"https://github.com//owner/repo", "", "", "", false},
		{"https://github.com/owner//repo", "", "", "", false},
		{"https://github.com/owner/repo/tree//docs", "", "", "", false},
		{"https://github.com/owner/repo/tree/main//docs", "", "", "", false},
		{"https://github.com/owner/repo/tree/main/../x", "", "", "", false},
		{"https://github.com/owner/repo/tree", "", "", "", false},
		{"https://github.com/owner/repo/issues/1", "", "", "", false},
		{"https://github.com/owner/repo.git/tree/main", "", "", "", false},
		{"https://github.com/owner/repo?tab=readme", "", "", "", false},
		{"https://github.com/owner/repo#readme", "", "", "", false},
		{"https://user@github.com/owner/repo", "", "", "", false},
		{"http://github.com/owner/repo", "", "", "", false},
		{"https://gitlab.com/owner/repo", "", "", "", false},
		{"https://github.com.evil.example/owner/repo", "", "", "", false},
		{"https://github.com/own er/repo", "", "", "", false},
		{"github.com/owner/repo", "", "", "", false},
		{"", "", "", "", false},
		{"::", "", "", "", false},
	}
	for _, tt := range tests {
		clone, ref, p, ok := ParseGitHub(tt.in)
		if clone != tt.clone || ref != tt.ref || p != tt.path || ok != tt.ok {
			t.Errorf("ParseGitHub(%q) = %q, %q, %q, %v; want %q, %q, %q, %v", tt.in, clone, ref, p, ok, tt.clone, tt.ref, tt.path, tt.ok)
		}
	}
}

func TestSplitRefPath(t *testing.T) {
	refs := map[string]bool{"main": true, "feature/x": true, "v1": true}
	has := func(n string) bool { return refs[n] }
	tests := []struct{ in, ref, path string }{
		{"main", "main", ""},
		{"main/docs/a", "main", "docs/a"},
		{"feature/x/docs", "feature/x", "docs"},
		{"feature/y/docs", "feature", "y/docs"}, // unknown: first segment, reported later
		{"v1/README.md", "v1", "README.md"},
	}
	for _, tt := range tests {
		if ref, p := SplitRefPath(tt.in, has); ref != tt.ref || p != tt.path {
			t.Errorf("SplitRefPath(%q) = %q, %q; want %q, %q", tt.in, ref, p, tt.ref, tt.path)
		}
	}
}

func TestParse(t *testing.T) {
	work := t.TempDir()
	if err := os.Mkdir(filepath.Join(work, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	plain := t.TempDir()
	bare := t.TempDir()
	for _, d := range []string{"objects", "refs"} {
		if err := os.Mkdir(filepath.Join(bare, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(bare, "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in       string
		ok       bool
		local    bool
		url, loc string
		refPath  string
	}{
		{"https://github.com/o/r", true, false, "https://github.com/o/r.git", "https://github.com/o/r", ""},
		{"https://github.com/o/r/tree/main/docs", true, false, "https://github.com/o/r.git", "https://github.com/o/r", "main/docs"},
		{"https://git.example.org/group/r.git", true, false, "https://git.example.org/group/r.git", "https://git.example.org/group/r.git", ""},
		{"http://git.example.org/r.git/", true, false, "http://git.example.org/r.git/", "http://git.example.org/r.git", ""},
		{"git://git.example.org/r", true, false, "git://git.example.org/r", "git://git.example.org/r", ""},
		{"ssh://git@git.example.org/r.git", true, false, "ssh://git@git.example.org/r.git", "ssh://git@git.example.org/r.git", ""},
		{"https://example.org/page", false, false, "", "", ""},
		{"https://example.org/r.git?x=1", false, false, "", "", ""},
		{"ftp://example.org/r.git", false, false, "", "", ""},
		{"ssh://", false, false, "", "", ""},
		{work, true, true, "", work, ""},
		{bare, true, true, "", bare, ""},
		{"file://" + filepath.ToSlash(work), true, true, "", "file://" + filepath.ToSlash(work), ""},
		{plain, false, false, "", "", ""},
		{"file://" + filepath.ToSlash(plain), false, false, "", "", ""},
		{"file://elsewhere/" + filepath.ToSlash(work), false, false, "", "", ""},
		{filepath.Join(plain, "missing"), false, false, "", "", ""},
	}
	for _, tt := range tests {
		s, ok := Parse(tt.in)
		if ok != tt.ok || s.Local() != tt.local || s.URL != tt.url || s.Location != tt.loc || s.RefPath != tt.refPath {
			t.Errorf("Parse(%q) = %+v, %v; want ok=%v local=%v url=%q location=%q refPath=%q", tt.in, s, ok, tt.ok, tt.local, tt.url, tt.loc, tt.refPath)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"https://github.com/o/r/tree/main/docs", "https://x/y.git", "file:///tmp", "git://h/p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		Parse(s)
		if clone, _, _, ok := ParseGitHub(s); ok && clone == "" {
			t.Fatal("ok without a clone URL")
		}
	})
}
