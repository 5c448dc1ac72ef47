// Package corpus locates the shared corpus of real documents that tests
// read: the folder named by LORE_CORPUS, else shared/corpus beside the
// checkout (the directory holding go.mod, then ../shared/corpus), so the
// lookup is the same from every package. Tests skip with a message naming
// LORE_CORPUS when it is absent, so a fresh clone's `go test ./...` passes;
// CI sets LORE_CORPUS_REQUIRED so an absent corpus fails instead of
// hiding behind skips.
//
// It is a normal package so every test package can import it; only tests
// do.
package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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

// Dir returns the corpus folder, or skips the test (fails it when
// LORE_CORPUS_REQUIRED is set) with a message naming LORE_CORPUS.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir, err := Locate()
	if err != nil {
		absent(tb, "%v (set %s to the corpus folder to run this test)", err, Env)
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
		absent(tb, "corpus document %s %v (set %s to the corpus folder to run this test)", p, err, Env)
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
