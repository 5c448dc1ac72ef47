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
		for _, ext := range []string{".md", ".tex", ".ptx", ".pdf", ".epub", ".html", ".xhtml", ".txt", ".xml", ".docx"} {
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

// TestRefusalSaysWhatWasScannedPerType: a file lore learns nothing from
// is said to be scanned as text only for a type lore scans as text; a
// file of an image, audio, program or office type that held text is told
// apart (its type is not read, its text was scanned), and one that holds
// the image it is named for is not said to be scanned at all.
func TestRefusalSaysWhatWasScannedPerType(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ name, want string }{
		{"foo.bmp", "unsupported file type .bmp (an image, which lore does not read; this file holds text, which lore scanned, but it learns nothing from it)"},
		{"song.MP3", "unsupported file type .mp3 (audio, which lore does not read; this file holds text"},
		{"tool.exe", "unsupported file type .exe (a program, which lore does not read; this file holds text"},
		{"deck.pptx", "unsupported file type .pptx (an office document, which lore does not read; this file holds text"},
		{"notes.zzz", "unsupported file type .zzz (lore scans it as text, but learns nothing from it)"},
		{"README", "file has no extension (lore scans it as text, but learns nothing from it)"},
	}
	for _, c := range cases {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte("plain words\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		res, err := Local(context.Background(), p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		err = NothingToLearn(p, res)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: NothingToLearn = %v, want %q", c.name, err, c.want)
		}
		if _, binary := binaryTypes[strings.ToLower(filepath.Ext(c.name))]; binary && err != nil && strings.Contains(err.Error(), "scans it as text") {
			t.Errorf("%s: a binary type is said to be scanned as text: %v", c.name, err)
		}
	}
	// An image that is one is not text, and not said to be scanned.
	bmp := filepath.Join(dir, "real.bmp")
	if err := os.WriteFile(bmp, append([]byte("BM\x46\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00"), make([]byte, 56)...), 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := Local(context.Background(), bmp, Options{})
	if err == nil {
		err = NothingToLearn(bmp, res)
	}
	if err == nil || strings.Contains(err.Error(), "scan") || !strings.Contains(err.Error(), "BMP image") {
		t.Errorf("a BMP image: %v", err)
	}
}
