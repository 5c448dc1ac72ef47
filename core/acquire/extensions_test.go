package acquire

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A refusal of a file lore does not read says which types lore learns
// from and which it only reads as text to scan (scripts and data files),
// not one list of both under "learns from".
func TestRefusalSeparatesDocumentsFromScannedScripts(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.zzz")
	bin := filepath.Join(dir, "slides.pptx")
	if err := os.WriteFile(text, []byte("plain words\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte{0x50, 0x4b, 3, 4, 0, 0, 0}, 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := Local(context.Background(), text, Options{})
	if err != nil {
		t.Fatal(err)
	}
	msgs := map[string]string{
		"NothingToLearn": NothingToLearn(text, res).Error(),
		"Check":          Check(bin).Error(),
	}
	for who, msg := range msgs {
		_, learns, ok := strings.Cut(msg, "lore learns from ")
		if !ok {
			t.Errorf("%s: %q names no types lore learns from", who, msg)
			continue
		}
		learns, scanned, ok := strings.Cut(learns, "; scripts and data files (")
		if !ok {
			t.Errorf("%s: %q does not set the scanned scripts apart", who, msg)
			continue
		}
		learned := strings.Fields(learns)
		for _, ext := range []string{".py", ".js", ".sh", ".json", ".yaml", ".toml"} {
			if slices.Contains(learned, ext) {
				t.Errorf("%s: %s is listed among the types lore learns from: %q", who, ext, msg)
			}
			if !strings.Contains(scanned, ext+" ") && !strings.Contains(scanned, ext+")") {
				t.Errorf("%s: %s is not listed as scanned: %q", who, ext, msg)
			}
		}
		for _, ext := range []string{".md", ".tex", ".ptx", ".pdf", ".epub", ".html", ".txt", ".xml", ".docx"} {
			if !slices.Contains(learned, ext) {
				t.Errorf("%s: %s is not listed among the types lore learns from: %q", who, ext, msg)
			}
		}
		if !strings.Contains(scanned, ") are read as plain text to be scanned; archives: .tar .tar.gz .tgz .zip") {
			t.Errorf("%s: %q", who, msg)
		}
	}
	// The two lists together are every extension lore reads.
	all := append(DocumentExtensions(), ScriptExtensions()...)
	slices.Sort(all)
	if !slices.Equal(all, SupportedExtensions()) {
		t.Errorf("documents %v + scripts %v != supported %v", DocumentExtensions(), ScriptExtensions(), SupportedExtensions())
	}
}
