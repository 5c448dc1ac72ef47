package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	repoRE   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	commitRE = regexp.MustCompile(`^[0-9a-f]{40}$`)
	sha256RE = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// The manifest parses and every line can be fetched: a repository and a
// full commit for a downloaded document, a PDF in the manifest for a
// derived one, a sha256 and a size for both, each file named once.
func TestManifestWellFormed(t *testing.T) {
	entries, err := Manifest()
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 {
		t.Fatalf("%s lists no document", ManifestFile)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if e.File == "" || strings.ContainsAny(e.File, `/\`) || strings.HasPrefix(e.File, ".") {
			t.Errorf("%q: not a plain file name", e.File)
		}
		if seen[e.File] {
			t.Errorf("%s is listed twice", e.File)
		}
		seen[e.File] = true
		if !sha256RE.MatchString(e.SHA256) || e.Size <= 0 {
			t.Errorf("%s: sha256 %q, size %d", e.File, e.SHA256, e.Size)
		}
		if e.Derived() {
			continue
		}
		if !repoRE.MatchString(e.Repository) || !commitRE.MatchString(e.Commit) || e.Path == "" || e.Path == "-" || e.Licence == "" {
			t.Errorf("%s: repository %q, commit %q, path %q, licence %q: want owner/name, 40 hex digits, a path and a licence",
				e.File, e.Repository, e.Commit, e.Path, e.Licence)
		}
	}
	for _, e := range entries {
		if !e.Derived() {
			continue
		}
		src, ok := strings.CutSuffix(e.File, ".pdftotext.txt")
		if !ok || !seen[src+".pdf"] {
			t.Errorf("%s is derived but is not NAME.pdftotext.txt of a PDF in the manifest", e.File)
		}
	}
}

// Every document of the manifest is in the corpus folder with its bytes,
// so the manifest (and the script that reads it) cannot go stale
// silently. A document the folder has and the manifest lacks is only
// logged: the corpus grows on its own, and a new document must not fail
// a change that does not read it.
func TestManifestMatchesCorpus(t *testing.T) {
	dir := Dir(t)
	entries, err := Manifest()
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]Entry{}
	for _, e := range entries {
		listed[e.File] = e
	}
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	present := map[string]bool{}
	for _, de := range des {
		name := de.Name()
		if name == "MANIFEST.md" || name == "SHA256SUMS" {
			continue
		}
		present[name] = true
		e, ok := listed[name]
		if !ok {
			t.Logf("%s is in the corpus folder %s but not yet in %s", name, dir, ManifestFile)
			continue
		}
		sum, size := digest(t, filepath.Join(dir, name))
		if sum != e.SHA256 || size != e.Size {
			t.Errorf("%s: sha256 %s, %d bytes in %s; %s says %s, %d bytes", name, sum, size, dir, ManifestFile, e.SHA256, e.Size)
		}
	}
	for _, e := range entries {
		if !present[e.File] && !e.Derived() {
			t.Errorf("%s is in %s but not in the corpus folder %s", e.File, ManifestFile, dir)
		}
	}
}

func digest(t *testing.T, path string) (string, int64) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), n
}
