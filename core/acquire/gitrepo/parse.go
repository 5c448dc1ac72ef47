package gitrepo

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// Source is a repository source string taken apart.
type Source struct {
	// Location names the repository in Document.Path: a GitHub repository
	// as "https://github.com/OWNER/REPO", any other URL as given (without a
	// trailing slash), a local repository as its path as given.
	Location string
	// URL is what is cloned: a network URL, or "" for a local repository.
	URL string
	// Dir is the local repository folder read in place, or "".
	Dir string
	// RefPath is what followed /tree/ or /blob/ in a GitHub URL: a branch
	// or tag name followed by a path inside the repository, split by
	// SplitRefPath once the repository's refs are known (both may contain
	// slashes). Empty for every other form.
	RefPath string
}

// Local reports a repository read in place from the local disk.
func (s Source) Local() bool { return s.Dir != "" }

// Parse recognizes a repository source: a GitHub repository URL
// (https://github.com/OWNER/REPO[.git], …/tree/REF[/PATH], …/blob/REF/PATH),
// any http(s) URL whose path ends in ".git", a git:// or ssh:// URL, a
// file:// URL of a local repository, or the path of a local repository (a
// folder holding a .git entry, or a bare repository). A plain folder is not
// a repository.
func Parse(source string) (Source, bool) {
	if clone, ref, p, ok := ParseGitHub(source); ok {
		rp := ref
		if p != "" {
			rp += "/" + p
		}
		return Source{Location: strings.TrimSuffix(clone, ".git"), URL: clone, RefPath: rp}, true
	}
	u, err := url.Parse(source)
	if err == nil && u.Scheme != "" && len(u.Scheme) > 1 { // one letter is a Windows drive
		switch strings.ToLower(u.Scheme) {
		case "http", "https":
			if u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
				return Source{}, false
			}
			if !strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), ".git") {
				return Source{}, false
			}
			return Source{Location: strings.TrimSuffix(source, "/"), URL: source}, true
		case "git", "ssh":
			if u.Host == "" || strings.Trim(u.Path, "/") == "" {
				return Source{}, false
			}
			return Source{Location: strings.TrimSuffix(source, "/"), URL: source}, true
		case "file":
			if u.Host != "" && u.Host != "localhost" {
				return Source{}, false
			}
			dir := filepath.FromSlash(u.Path)
			if !IsRepoDir(dir) {
				return Source{}, false
			}
			return Source{Location: strings.TrimSuffix(source, "/"), Dir: dir}, true
		}
		return Source{}, false
	}
	if IsRepoDir(source) {
		return Source{Location: source, Dir: source}, true
	}
	return Source{}, false
}

// IsRepoDir reports a local folder that is a git repository: one holding a
// .git entry (a folder, or the file a linked worktree or submodule has), or
// a bare repository (HEAD, objects/ and refs/ at its top).
func IsRepoDir(dir string) bool {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return false
	}
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		return true
	}
	for _, name := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || !fi.IsDir() {
			return false
		}
	}
	fi, err := os.Stat(filepath.Join(dir, "HEAD"))
	return err == nil && fi.Mode().IsRegular()
}

// ParseGitHub recognizes https://github.com/OWNER/REPO[.git][/] and
// https://github.com/OWNER/REPO/{tree,blob}/REF[/PATH…]; it returns the
// clone URL (https://github.com/OWNER/REPO.git), and for the tree and blob
// forms the first segment after tree/ or blob/ as ref and the rest as path.
// A ref may itself contain slashes, which the URL cannot tell: SplitRefPath
// settles that against the repository's refs. Anything else (another host,
// http://, a query or fragment, a user, empty segments, a missing REPO, an
// unknown page such as /issues) is not recognized.
func ParseGitHub(raw string) (cloneURL, ref, path string, ok bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", "", "", false
	}
	host := strings.ToLower(u.Host)
	if host != "github.com" && host != "www.github.com" {
		return "", "", "", false
	}
	p := strings.TrimPrefix(u.Path, "/")
	p = strings.TrimSuffix(p, "/")
	segs := strings.Split(p, "/")
	if len(segs) < 2 {
		return "", "", "", false
	}
	for _, s := range segs {
		if s == "" || s == "." || s == ".." {
			return "", "", "", false
		}
	}
	owner, repo := segs[0], strings.TrimSuffix(segs[1], ".git")
	if !validName(owner) || !validName(repo) {
		return "", "", "", false
	}
	cloneURL = "https://github.com/" + owner + "/" + repo + ".git"
	switch {
	case len(segs) == 2:
		return cloneURL, "", "", true
	case strings.HasSuffix(segs[1], ".git"):
		return "", "", "", false
	case (segs[2] == "tree" || segs[2] == "blob") && len(segs) >= 4:
		return cloneURL, segs[3], strings.Join(segs[4:], "/"), true
	}
	return "", "", "", false
}

// validName accepts the characters GitHub allows in owner and repository
// names.
func validName(s string) bool {
	if s == "" || s == "." || s == ".." {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// SplitRefPath splits what followed /tree/ or /blob/ into a ref and a path
// using the names the repository has: the longest run of leading segments
// that names a branch or a tag wins (as on GitHub, so "feature/x/docs"
// reads as branch "feature/x", path "docs" when that branch exists). When
// no prefix names one, the first segment is the ref, to be reported as
// unknown.
func SplitRefPath(refPath string, has func(name string) bool) (ref, path string) {
	segs := strings.Split(refPath, "/")
	for n := len(segs); n >= 1; n-- {
		name := strings.Join(segs[:n], "/")
		if has(name) {
			return name, strings.Join(segs[n:], "/")
		}
	}
	return segs[0], strings.Join(segs[1:], "/")
}
