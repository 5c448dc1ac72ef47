package server

import (
	"os"
	"path/filepath"
	"testing"
)

// TestHideSaysFoldersInWords: a path in the data folder, by its name, its
// absolute name or the name its links resolve to, is said in words up to
// where the message goes on; the folder alone is named as such; a folder
// whose name only starts the same, and a path of nowhere hidden, stay.
func TestHideSaysFoldersInWords(t *testing.T) {
	base := t.TempDir()
	data := filepath.Join(base, "data")
	if err := os.Mkdir(data, 0o700); err != nil {
		t.Fatal(err)
	}
	data, err := filepath.EvalSymlinks(data)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(data, link); err != nil {
		t.Fatal(err)
	}
	in := newInside(link, nil)
	for _, c := range []struct{ in, data, all string }{
		{"write " + data + "/uploads/ab12/x.md: no space left on device",
			"write a path in the server's data folder: no space left on device", ""},
		{"open " + link + "/workspaces/w: not a directory", "open a path in the server's data folder: not a directory", ""},
		{`lock on "` + data + `/workspaces/w". Another process`, `lock on "a path in the server's data folder". Another process`, ""},
		{"data folder " + data + ": denied", "data folder the server's data folder: denied", ""},
		{"open " + data + "2/x: gone", "open " + data + "2/x: gone", "open a path in the server's temporary folder: gone"},
		{"learn /srv/docs/a.md: refused", "learn /srv/docs/a.md: refused", "learn /srv/docs/a.md: refused"},
		{"fetch http://example.com" + data + "/a.md", "fetch http://example.com" + data + "/a.md", ""},
	} {
		if got := in.data.hide(c.in); got != c.data {
			t.Errorf("hide(%q) = %q, want %q", c.in, got, c.data)
		}
		want := c.all
		if want == "" {
			want = c.data
		}
		if rel, err := filepath.Rel(os.TempDir(), base); err != nil || !filepath.IsLocal(rel) {
			continue // the data folder is not in the temporary folder
		}
		if got := in.all.hide(c.in); got != want {
			t.Errorf("hide all (%q) = %q, want %q", c.in, got, want)
		}
	}
}
