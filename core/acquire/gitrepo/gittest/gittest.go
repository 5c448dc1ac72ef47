// Package gittest builds git repositories and serves them over smart HTTP
// for tests, with go-git only: no git binary and no network beyond the
// loopback interface. It is imported by tests only.
package gittest

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/format/pktline"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/protocol/packp"
	"github.com/go-git/go-git/v5/plumbing/protocol/packp/capability"
	"github.com/go-git/go-git/v5/plumbing/revlist"
)

// Repo is a repository with a working tree, built commit by commit.
type Repo struct {
	t    testing.TB
	Dir  string
	Repo *git.Repository
	n    int
}

// Init creates an empty repository (default branch main) in a new folder.
func Init(t testing.TB) *Repo {
	t.Helper()
	dir := t.TempDir()
	r, err := git.PlainInitWithOptions(dir, &git.PlainInitOptions{
		InitOptions: git.InitOptions{DefaultBranch: plumbing.NewBranchReferenceName("main")},
	})
	if err != nil {
		t.Fatal(err)
	}
	return &Repo{t: t, Dir: dir, Repo: r}
}

// Commit writes files (slash-separated path to content; nil content
// deletes), stages everything and commits; it returns the commit.
func (r *Repo) Commit(files map[string][]byte) plumbing.Hash {
	r.t.Helper()
	wt, err := r.Repo.Worktree()
	if err != nil {
		r.t.Fatal(err)
	}
	for p, content := range files {
		full := filepath.Join(r.Dir, filepath.FromSlash(p))
		if content == nil {
			if _, err := wt.Remove(p); err != nil {
				r.t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			r.t.Fatal(err)
		}
		if err := os.WriteFile(full, content, 0o644); err != nil {
			r.t.Fatal(err)
		}
		if _, err := wt.Add(p); err != nil {
			r.t.Fatal(err)
		}
	}
	r.n++
	h, err := wt.Commit(fmt.Sprintf("commit %d", r.n), &git.CommitOptions{
		Author: &object.Signature{Name: "Test", Email: "test@example.com", When: time.Unix(1700000000+int64(r.n), 0)},
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return h
}

// Symlink commits a symbolic link at p pointing to target.
func (r *Repo) Symlink(p, target string) plumbing.Hash {
	r.t.Helper()
	full := filepath.Join(r.Dir, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.Symlink(target, full); err != nil {
		r.t.Skip("symlinks not supported:", err)
	}
	wt, _ := r.Repo.Worktree()
	if _, err := wt.Add(p); err != nil {
		r.t.Fatal(err)
	}
	r.n++
	h, err := wt.Commit("link", &git.CommitOptions{
		Author: &object.Signature{Name: "Test", Email: "test@example.com", When: time.Unix(1700000000+int64(r.n), 0)},
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return h
}

// Tag creates a lightweight tag at HEAD, or an annotated one when message
// is not empty.
func (r *Repo) Tag(name, message string) {
	r.t.Helper()
	head, err := r.Repo.Head()
	if err != nil {
		r.t.Fatal(err)
	}
	var opts *git.CreateTagOptions
	if message != "" {
		opts = &git.CreateTagOptions{Message: message, Tagger: &object.Signature{Name: "Test", Email: "test@example.com", When: time.Unix(1700000000, 0)}}
	}
	if _, err := r.Repo.CreateTag(name, head.Hash(), opts); err != nil {
		r.t.Fatal(err)
	}
}

// Branch creates a branch at HEAD without switching to it.
func (r *Repo) Branch(name string) {
	r.t.Helper()
	head, err := r.Repo.Head()
	if err != nil {
		r.t.Fatal(err)
	}
	if err := r.Repo.Storer.SetReference(plumbing.NewHashReference(plumbing.NewBranchReferenceName(name), head.Hash())); err != nil {
		r.t.Fatal(err)
	}
}

// Server serves repositories over git's smart HTTP protocol (upload-pack
// only), with shallow fetches of depth 1.
type Server struct {
	*httptest.Server
	mu    sync.Mutex
	repos map[string]string
	// Entered receives when a held pack request (see SetHold) starts
	// waiting.
	Entered chan struct{}
	hold    bool
	closing chan struct{}
}

// Serve starts a server; it is closed when the test ends.
func Serve(t testing.TB) *Server {
	s := &Server{repos: map[string]string{}, Entered: make(chan struct{}, 16), closing: make(chan struct{})}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.Close)
	t.Cleanup(func() { close(s.closing) }) // runs first: releases held requests
	return s
}

// Add serves the repository in dir as name (e.g. "owner/repo.git") and
// returns its URL.
func (s *Server) Add(name, dir string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.repos[name] = dir
	return s.URL + "/" + name
}

// SetHold makes every later pack request wait until the client goes away.
func (s *Server) SetHold(hold bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hold = hold
}

func (s *Server) repo(path, suffix string) (*git.Repository, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	dir, ok := s.repos[strings.TrimSuffix(strings.TrimPrefix(path, "/"), suffix)]
	if !ok {
		return nil, false
	}
	r, err := git.PlainOpen(dir)
	return r, err == nil
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/info/refs") && r.URL.Query().Get("service") == "git-upload-pack":
		repo, ok := s.repo(r.URL.Path, "/info/refs")
		if !ok {
			http.NotFound(w, r)
			return
		}
		s.advertise(w, repo)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/git-upload-pack"):
		repo, ok := s.repo(r.URL.Path, "/git-upload-pack")
		if !ok {
			http.NotFound(w, r)
			return
		}
		s.mu.Lock()
		hold := s.hold
		s.mu.Unlock()
		if hold {
			// The server notices the client going away only once the
			// body is read.
			_, _ = io.Copy(io.Discard, r.Body)
			s.Entered <- struct{}{}
			select {
			case <-r.Context().Done():
			case <-s.closing:
			}
			return
		}
		s.uploadPack(w, r, repo)
	default:
		http.NotFound(w, r)
	}
}

func (s *Server) advertise(w http.ResponseWriter, repo *git.Repository) {
	ar := packp.NewAdvRefs()
	_ = ar.Capabilities.Set(capability.Agent, "lore-gittest")
	_ = ar.Capabilities.Set(capability.OFSDelta)
	_ = ar.Capabilities.Set(capability.Shallow)
	if head, err := repo.Head(); err == nil {
		h := head.Hash()
		ar.Head = &h
		_ = ar.Capabilities.Set(capability.SymRef, "HEAD:"+head.Name().String())
	}
	iter, _ := repo.References()
	_ = iter.ForEach(func(ref *plumbing.Reference) error {
		if ref.Type() != plumbing.HashReference || !(ref.Name().IsBranch() || ref.Name().IsTag()) {
			return nil
		}
		ar.References[ref.Name().String()] = ref.Hash()
		if tag, err := repo.TagObject(ref.Hash()); err == nil {
			ar.Peeled[ref.Name().String()] = tag.Target
		}
		return nil
	})
	ar.Prefix = [][]byte{[]byte("# service=git-upload-pack"), pktline.Flush}
	w.Header().Set("Content-Type", "application/x-git-upload-pack-advertisement")
	_ = ar.Encode(w)
}

func (s *Server) uploadPack(w http.ResponseWriter, r *http.Request, repo *git.Repository) {
	req := packp.NewUploadPackRequest()
	if err := req.Decode(r.Body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var objs, shallows []plumbing.Hash
	if req.Depth.IsZero() {
		var err error
		if objs, err = revlist.Objects(repo.Storer, req.Wants, nil); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	} else {
		// Depth 1 is all lore asks for: each wanted commit (through its
		// tag) with its whole tree, and the commit marked shallow.
		seen := map[plumbing.Hash]bool{}
		add := func(h plumbing.Hash) {
			if !seen[h] {
				seen[h] = true
				objs = append(objs, h)
			}
		}
		for _, want := range req.Wants {
			h := want
			if tag, err := repo.TagObject(h); err == nil {
				add(h)
				h = tag.Target
			}
			c, err := repo.CommitObject(h)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			add(c.Hash)
			if len(c.ParentHashes) > 0 {
				shallows = append(shallows, c.Hash)
			}
			if err := addTree(repo, c.TreeHash, add); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
		}
	}
	pr, pw := io.Pipe()
	go func() {
		_, err := packfile.NewEncoder(pw, repo.Storer, false).Encode(objs, 10)
		pw.CloseWithError(err)
	}()
	resp := packp.NewUploadPackResponseWithPackfile(req, pr)
	resp.Shallows = shallows
	w.Header().Set("Content-Type", "application/x-git-upload-pack-result")
	_ = resp.Encode(w)
}

func addTree(repo *git.Repository, h plumbing.Hash, add func(plumbing.Hash)) error {
	add(h)
	t, err := repo.TreeObject(h)
	if err != nil {
		return err
	}
	for _, e := range t.Entries {
		switch e.Mode {
		case filemode.Dir:
			if err := addTree(repo, e.Hash, add); err != nil {
				return err
			}
		case filemode.Submodule:
		default:
			add(e.Hash)
		}
	}
	return nil
}
