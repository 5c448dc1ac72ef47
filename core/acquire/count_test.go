package acquire

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// FolderFiles counts the files a learn of the folder reads, as Local's
// walk takes them, and what a scope selects of them; it stops at its
// limit.
func TestFolderFilesCountsWhatALearnReads(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.md", "docs/b.md", "docs/c.tex", "notes.bin", ".hidden.md", "node_modules/x.md", ".cache/y.md"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte("# Notes\n\nSome text.\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Local(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	walked := len(res.Documents) + len(res.Ignored) + len(res.Skipped)
	c, err := FolderFiles(context.Background(), dir, nil, 100)
	if err != nil {
		t.Fatal(err)
	}
	if c.Files != 4 || c.Files != walked || c.Selected != 4 || c.More {
		t.Errorf("FolderFiles = %+v; want 4 files, all selected, as Local took %d", c, walked)
	}
	if c, _ = FolderFiles(context.Background(), dir, []string{"docs/"}, 100); c.Files != 4 || c.Selected != 2 {
		t.Errorf("with scope docs/: %+v, want 2 of 4", c)
	}
	if c, _ = FolderFiles(context.Background(), dir, nil, 3); c.Files != 3 || !c.More {
		t.Errorf("with a limit of 3: %+v, want 3 and more", c)
	}
}

// SourceKind says how Source reads a source: a working tree as the folder
// it is, a file:// URL as a repository.
func TestSourceKindIsHowSourceReadsIt(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree")
	for _, d := range []string{filepath.Join(tree, ".git"), filepath.Join(dir, "plain")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a.md", "b.zip"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for source, want := range map[string]string{
		filepath.Join(dir, "plain"): KindFolder,
		tree:                        KindFolder,
		"file://" + tree:            KindRepository,
		"https://example.org/a.md":  KindWeb,
		filepath.Join(dir, "b.zip"): KindArchive,
		filepath.Join(dir, "a.md"):  KindFile,
		filepath.Join(dir, "none"):  "",
		"ftp://example.org/a.md":    "",
	} {
		if got := SourceKind(source); got != want {
			t.Errorf("SourceKind(%s) = %q, want %q", source, got, want)
		}
	}
}
