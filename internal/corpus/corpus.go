// Package corpus locates the shared corpus of real documents that tests
// read: the folder named by LORE_CORPUS, else shared/corpus beside the
// checkout (the directory holding go.mod, then ../shared/corpus), so the
// lookup is the same from every package. The corpus is third-party
// documents kept outside the repository: MANIFEST.tsv lists where each comes
// from and its sha256, and scripts/fetch-corpus.sh downloads them. Tests skip
// with a message saying so when it is absent, so a fresh clone's
// `go test ./...` passes; CI sets LORE_CORPUS_REQUIRED so an absent corpus
// fails instead of hiding behind skips.
//
// It is a normal package so every test package can import it; only tests
// do.
package corpus

import (
	_ "embed" // the manifest travels with the package, for the skip message
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Env names the variable that points at the corpus folder.
const Env = "LORE_CORPUS"

// RequiredEnv names the variable that, when non-empty, turns a missing
// corpus or corpus document into a test failure instead of a skip.
const RequiredEnv = "LORE_CORPUS_REQUIRED"

// Locate returns the corpus folder: $LORE_CORPUS when set, else
// ../shared/corpus from the module root found by walking up from the
// working directory. The error says why no folder was found; the folder is
// returned even then, for messages.
func Locate() (string, error) {
	if dir := os.Getenv(Env); dir != "" {
		if err := check(dir, true); err != nil {
			return dir, fmt.Errorf("corpus folder %s (from %s) %w", dir, Env, err)
		}
		return dir, nil
	}
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(filepath.Dir(root), "shared", "corpus")
	if err := check(dir, true); err != nil {
		return dir, fmt.Errorf("corpus folder %s %w", dir, err)
	}
	return dir, nil
}

// ManifestFile and FetchScript are, relative to the module root, the list
// of the corpus's documents and the script that downloads them; the skip
// message names both so a fresh clone learns how to get the corpus.
const (
	ManifestFile = "internal/corpus/MANIFEST.tsv"
	FetchScript  = "scripts/fetch-corpus.sh"
)

//go:embed MANIFEST.tsv
var manifestTSV string

// Entry is one line of MANIFEST.tsv: a corpus document, where it comes from
// and what its bytes are.
type Entry struct {
	File       string // name in the corpus folder
	Repository string // GitHub owner/name, or "-" for a file derived from another
	Commit     string // 40 hex digits, or "-"
	Path       string // path in the repository, or "-"
	Licence    string
	SHA256     string // hex
	Size       int64
}

// Derived reports whether the entry is made from another corpus document
// rather than downloaded.
func (e Entry) Derived() bool { return e.Repository == "-" }

// Manifest returns the entries of MANIFEST.tsv in its order. Lines starting
// with # are comments; the first other line names the columns.
func Manifest() ([]Entry, error) {
	var out []Entry
	header := true
	for i, line := range strings.Split(manifestTSV, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if header {
			header = false
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			return nil, fmt.Errorf("%s line %d: %d columns, want 7 (file, repository, commit, path, licence, sha256, size)", ManifestFile, i+1, len(f))
		}
		size, err := strconv.ParseInt(f[6], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: size %q: %w", ManifestFile, i+1, f[6], err)
		}
		out = append(out, Entry{File: f[0], Repository: f[1], Commit: f[2], Path: f[3], Licence: f[4], SHA256: f[5], Size: size})
	}
	return out, nil
}

// hint says where the corpus comes from, for the end of a skip message.
func hint() string {
	docs := 0
	entries, err := Manifest()
	for _, e := range entries {
		if !e.Derived() {
			docs++
		}
	}
	what := fmt.Sprintf("%d third-party documents", docs)
	if err != nil {
		what = "third-party documents"
	}
	return fmt.Sprintf("the corpus is %s listed in %s; %s downloads them (or set %s to a folder holding them)",
		what, ManifestFile, FetchScript, Env)
}

// Dir returns the corpus folder, or skips the test (fails it when
// LORE_CORPUS_REQUIRED is set) with a message saying where the corpus comes
// from.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir, err := Locate()
	if err != nil {
		absent(tb, "%v: %s", err, hint())
	}
	return dir
}

// Path returns the path of the corpus document name, or skips the test
// (fails it when LORE_CORPUS_REQUIRED is set) when the corpus or that
// document is absent.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	p := filepath.Join(Dir(tb), name)
	if err := check(p, false); err != nil {
		absent(tb, "corpus document %s %v: %s", p, err, hint())
	}
	return p
}

func absent(tb testing.TB, format string, args ...any) {
	tb.Helper()
	if os.Getenv(RequiredEnv) != "" {
		tb.Fatalf(format+"; %s is set, so the corpus is required", append(args, RequiredEnv)...)
	}
	tb.Skipf(format, args...)
}

// check says what is wrong with path as a folder (dir) or a document, as
// the end of a sentence naming it; nil when nothing is.
func check(path string, dir bool) error {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errors.New("is absent")
	case err != nil:
		return fmt.Errorf("cannot be read: %w", err)
	case dir && !st.IsDir():
		return errors.New("is not a folder")
	case !dir && st.IsDir():
		return errors.New("is a folder")
	}
	return nil
}

// moduleRoot walks up from the working directory to the folder holding
// go.mod; tests run in their package's folder, anywhere in the module.
func moduleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("locating the corpus: %w", err)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		if filepath.Dir(dir) == dir {
			return "", fmt.Errorf("locating the corpus: no go.mod in %s or above it", wd)
		}
	}
}
