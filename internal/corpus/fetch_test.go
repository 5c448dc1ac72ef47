package corpus

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
)

// doc is a document served at /REPO/COMMIT/PATH by the test's server.
type doc struct{ file, repo, path, body string }

const testCommit = "0123456789abcdef0123456789abcdef01234567"

// serve writes docs under a folder laid out as raw.githubusercontent.com
// and serves it on 127.0.0.1, counting requests.
func serve(t *testing.T, docs []doc) (url string, requests *atomic.Int64) {
	t.Helper()
	root := t.TempDir()
	for _, d := range docs {
		p := filepath.Join(root, d.repo, testCommit, filepath.FromSlash(d.path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(d.body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	requests = new(atomic.Int64)
	files := http.FileServer(http.Dir(root))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, requests
}

// manifest writes a MANIFEST.tsv for docs, with the sha256 of want[file]
// when given (the bytes the manifest expects) and of the served body
// otherwise.
func manifest(t *testing.T, docs []doc, want map[string]string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("# test manifest\nfile\trepository\tcommit\tpath\tlicence\tsha256\tsize\n")
	for _, d := range docs {
		body, ok := want[d.file]
		if !ok {
			body = d.body
		}
		sum := sha256.Sum256([]byte(body))
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\tCC BY 4.0\t%s\t%d\n", d.file, d.repo, testCommit, d.path, hex.EncodeToString(sum[:]), len(body))
	}
	p := filepath.Join(t.TempDir(), "MANIFEST.tsv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// script runs scripts/fetch-corpus.sh with args and returns its output and
// whether it succeeded.
func script(t *testing.T, env []string, args ...string) (string, bool) {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", append([]string{filepath.Join(root, FetchScript)}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("running %s: %v", FetchScript, err)
	}
	return out.String(), err == nil
}

// names lists a folder's entries, hidden ones included.
func names(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, de := range des {
		out = append(out, de.Name())
	}
	sort.Strings(out)
	return out
}

func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: %v", tool, err)
		}
	}
}

// The script downloads every document of the manifest from the base URL
// into the folder named, says how many it has and what to run; --check
// verifies a folder without the network; a document whose bytes differ
// from the manifest, or that cannot be downloaded, is refused by name and
// leaves nothing behind.
func TestFetchScript(t *testing.T) {
	needTools(t, "sh", "curl")
	docs := []doc{
		{"a.tex", "someone/book", "ch/a.tex", "\\section{A}\n"},
		{"b.md", "other/docs", "README.md", "# B\n"},
	}
	url, requests := serve(t, docs)
	env := []string{"LORE_CORPUS_BASE_URL=" + url, "LORE_CORPUS_MANIFEST=" + manifest(t, docs, nil)}

	out := t.TempDir()
	got, ok := script(t, env, out)
	if !ok {
		t.Fatalf("download failed:\n%s", got)
	}
	for _, d := range docs {
		if b, err := os.ReadFile(filepath.Join(out, d.file)); err != nil || string(b) != d.body {
			t.Errorf("%s: %q, %v; want %q", d.file, b, err, d.body)
		}
	}
	if n := names(t, out); strings.Join(n, " ") != "a.tex b.md" {
		t.Errorf("folder holds %v, want the two documents only", n)
	}
	for _, w := range []string{"2 of 2 documents in " + out, "LORE_CORPUS=" + out + " go test ./..."} {
		if !strings.Contains(got, w) {
			t.Errorf("output lacks %q:\n%s", w, got)
		}
	}

	// A second run and --check find everything in place and ask nothing.
	before := requests.Load()
	if got, ok := script(t, env, out); !ok || !strings.Contains(got, "2 of 2") {
		t.Errorf("second run: ok=%v\n%s", ok, got)
	}
	if got, ok := script(t, env, "--check", out); !ok || !strings.Contains(got, "2 of 2") {
		t.Errorf("--check of a good folder: ok=%v\n%s", ok, got)
	}
	if n := requests.Load() - before; n != 0 {
		t.Errorf("a complete folder made %d requests, want none", n)
	}

	// --check names a document whose bytes changed, still without the network.
	if err := os.WriteFile(filepath.Join(out, "b.md"), []byte("# B, edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, ok := script(t, env, "--check", out); ok || !strings.Contains(got, "b.md has sha256") {
		t.Errorf("--check of an edited document: ok=%v, want a failure naming b.md\n%s", ok, got)
	}
	if err := os.Remove(filepath.Join(out, "a.tex")); err != nil {
		t.Fatal(err)
	}
	if got, ok := script(t, env, "--check", out); ok || !strings.Contains(got, "a.tex is absent") {
		t.Errorf("--check of a folder missing a document: ok=%v, want a failure naming a.tex\n%s", ok, got)
	}
	if n := requests.Load() - before; n != 0 {
		t.Errorf("--check made %d requests, want none", n)
	}

	// Served bytes that differ from the manifest's are refused, by name.
	tampered := manifest(t, docs, map[string]string{"b.md": "# B as it was\n"})
	fresh := t.TempDir()
	got, ok = script(t, []string{"LORE_CORPUS_BASE_URL=" + url, "LORE_CORPUS_MANIFEST=" + tampered}, fresh)
	if ok || !strings.Contains(got, "b.md refused") || !strings.Contains(got, "1 of 2 documents") {
		t.Errorf("tampered download: ok=%v, want a failure refusing b.md\n%s", ok, got)
	}
	if n := names(t, fresh); strings.Join(n, " ") != "a.tex" {
		t.Errorf("after a refused download the folder holds %v, want a.tex only", n)
	}

	// A document the server does not have fails by name, leaving nothing.
	missing := append(docs[:1:1], doc{"c.txt", "gone/away", "c.txt", "c\n"})
	got, ok = script(t, []string{"LORE_CORPUS_BASE_URL=" + url, "LORE_CORPUS_MANIFEST=" + manifest(t, missing, nil)}, fresh)
	if ok || !strings.Contains(got, "c.txt: downloading") {
		t.Errorf("missing document: ok=%v, want a failure naming c.txt\n%s", ok, got)
	}
	if n := names(t, fresh); strings.Join(n, " ") != "a.tex" {
		t.Errorf("after a failed download the folder holds %v, want a.tex only", n)
	}
}

// Without curl the script downloads with wget: the test runs it with a
// PATH that holds every command of the real PATH but curl.
func TestFetchScriptWget(t *testing.T) {
	needTools(t, "sh", "wget")
	bin := t.TempDir()
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		des, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, de := range des {
			link := filepath.Join(bin, de.Name())
			if de.Name() == "curl" || de.IsDir() {
				continue
			}
			if _, err := os.Lstat(link); err == nil {
				continue // an earlier PATH entry wins, as in the shell
			}
			if err := os.Symlink(filepath.Join(d, de.Name()), link); err != nil {
				t.Fatal(err)
			}
		}
	}
	docs := []doc{{"a.tex", "someone/book", "ch/a.tex", "\\section{A}\n"}}
	url, requests := serve(t, docs)
	out := t.TempDir()
	got, ok := script(t, []string{"PATH=" + bin, "LORE_CORPUS_BASE_URL=" + url, "LORE_CORPUS_MANIFEST=" + manifest(t, docs, nil)}, out)
	if !ok || !strings.Contains(got, "1 of 1 documents") || requests.Load() == 0 {
		t.Fatalf("download with wget: ok=%v, %d requests\n%s", ok, requests.Load(), got)
	}
	if b, err := os.ReadFile(filepath.Join(out, "a.tex")); err != nil || string(b) != docs[0].body {
		t.Errorf("a.tex: %q, %v", b, err)
	}
}

// With the real manifest, the script fetches the whole corpus from a
// server holding the corpus's files at their repositories' paths and
// commits, and the folder it makes passes --check: the manifest's URLs
// and sums are the script's, end to end.
func TestFetchScriptRealManifest(t *testing.T) {
	needTools(t, "sh", "curl")
	src := Dir(t)
	entries, err := Manifest()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	for _, e := range entries {
		if e.Derived() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.File))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(root, e.Repository, e.Commit, filepath.FromSlash(e.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(root)))
	defer srv.Close()

	out := t.TempDir()
	env := []string{"LORE_CORPUS_BASE_URL=" + srv.URL, "LORE_CORPUS_MANIFEST="}
	got, ok := script(t, env, out)
	if !ok {
		t.Fatalf("fetching the corpus failed:\n%s", got)
	}
	documents := 0
	for _, e := range entries {
		if !e.Derived() {
			documents++
		}
	}
	// The README and the tests' skip message count the documents alone.
	if want := fmt.Sprintf("%d of %d documents ", documents, documents); !strings.Contains(got, want) {
		t.Errorf("fetching the corpus does not say %q:\n%s", want, got)
	}
	if got, ok := script(t, env, "--check", out); !ok || !strings.Contains(got, fmt.Sprintf("%d of %d documents ", documents, documents)) {
		t.Errorf("--check of the fetched corpus failed or miscounts its %d documents:\n%s", documents, got)
	}
	for _, e := range entries {
		p := filepath.Join(out, e.File)
		if _, err := os.Stat(p); err != nil && e.Derived() {
			continue // remade only where pdftotext gives poppler 22.12's bytes
		}
		if sum, _ := digest(t, p); sum != e.SHA256 {
			t.Errorf("%s: fetched sha256 %s, want %s", e.File, sum, e.SHA256)
		}
	}
}

// The text pdftotext derives from a PDF is counted apart from the
// documents downloaded: the summary says how many of the documents match,
// as the README counts them, and then whether the derived reference text
// is there, made or not.
func TestFetchScriptCountsDerivedApart(t *testing.T) {
	needTools(t, "sh", "curl")
	docs := []doc{
		{"a.tex", "someone/book", "ch/a.tex", "\\section{A}\n"},
		{"b.md", "other/docs", "README.md", "# B\n"},
	}
	url, _ := serve(t, docs)
	// The derived entry's PDF is not in the manifest, so it is never made.
	derived := doc{"c.pdftotext.txt", "-", "-", "C\n"}
	env := []string{"LORE_CORPUS_BASE_URL=" + url, "LORE_CORPUS_MANIFEST=" + manifest(t, append(docs[:2:2], derived), nil)}
	out := t.TempDir()
	got, ok := script(t, env, out)
	if !ok {
		t.Fatalf("download failed:\n%s", got)
	}
	want := "2 of 2 documents in " + out + " match"
	if !strings.Contains(got, want) || !strings.Contains(got, "the derived reference text c.pdftotext.txt is not there (above)") {
		t.Errorf("output lacks %q and the derived text not made:\n%s", want, got)
	}
	// Made (here by hand, as pdftotext would), it is said with the documents.
	if err := os.WriteFile(filepath.Join(out, derived.file), []byte(derived.body), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{out}, {"--check", out}} {
		got, ok := script(t, env, args...)
		want := "2 of 2 documents and the derived reference text in " + out + " match"
		if !ok || !strings.Contains(got, want) {
			t.Errorf("%v: ok=%v, want %q:\n%s", args, ok, want, got)
		}
	}
}
