package acquire

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	lpdf "github.com/ledongthuc/pdf"

	"github.com/lore-kb/lore/core/acquire/fetch"
	"github.com/lore-kb/lore/internal/corpus"
)

// tick is one call of Options.Progress.
type tick struct {
	done, total int
	detail      string
}

// recorder collects the progress of one acquisition.
type recorder struct{ ticks []tick }

func (r *recorder) opts() Options {
	return Options{Progress: func(done, total int, detail string) {
		r.ticks = append(r.ticks, tick{done, total, detail})
	}}
}

// check asserts the count only grows, always against total, and ends at
// total; it returns the details reported.
func (r *recorder) check(t *testing.T, total int) []string {
	t.Helper()
	if len(r.ticks) == 0 {
		t.Fatal("no progress reported")
	}
	var details []string
	prev := -1
	for i, k := range r.ticks {
		if k.total != total {
			t.Fatalf("tick %d: %d/%d, want a total of %d (all: %v)", i, k.done, k.total, total, r.ticks)
		}
		if k.done < prev || k.done > total {
			t.Fatalf("tick %d: %d/%d after %d (all: %v)", i, k.done, k.total, prev, r.ticks)
		}
		prev = k.done
		details = append(details, k.detail)
	}
	if last := r.ticks[len(r.ticks)-1]; last.done != total {
		t.Fatalf("progress ends at %d/%d", last.done, last.total)
	}
	return details
}

func pageCount(t *testing.T, path string) int {
	t.Helper()
	f, rd, err := lpdf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return rd.NumPage()
}

// corpusPDF returns a 14-page PDF of the shared corpus.
func corpusPDF(t *testing.T) string {
	t.Helper()
	return corpus.Path(t, "paper_secure-noise-generation.pdf")
}

func TestProgressCountsThePagesOfAPDF(t *testing.T) {
	path := corpusPDF(t)
	pages := pageCount(t, path)
	if pages < 2 {
		t.Fatalf("the corpus paper has %d page(s)", pages)
	}
	var r recorder
	if _, err := Local(context.Background(), path, r.opts()); err != nil {
		t.Fatal(err)
	}
	details := r.check(t, pages)
	if len(r.ticks) != pages+1 {
		t.Errorf("%d ticks for %d pages, want one before the first page and one after each", len(r.ticks), pages)
	}
	if want := filepath.Base(path) + " · pages"; details[0] != want {
		t.Errorf("detail %q, want %q", details[0], want)
	}
}

func TestProgressCountsTheEntriesOfAZip(t *testing.T) {
	dir := t.TempDir()
	var ents []ent
	for i := range 7 {
		ents = append(ents, file(fmt.Sprintf("notes/n%d.md", i), fmt.Sprintf("# Note %d\n\nText.\n", i)))
	}
	ents = append(ents, file("picture.png", "\x89PNG"))
	path := filepath.Join(dir, "notes.zip")
	if err := os.WriteFile(path, buildZip(t, ents), 0o600); err != nil {
		t.Fatal(err)
	}
	var r recorder
	if _, err := Local(context.Background(), path, r.opts()); err != nil {
		t.Fatal(err)
	}
	details := r.check(t, len(ents))
	if !contains(details, "notes/n3.md") || !contains(details, "picture.png") {
		t.Errorf("details do not name the entries: %q", details)
	}
}

func TestProgressOfATarGzReachesTheEnd(t *testing.T) {
	dir := t.TempDir()
	var ents []ent
	for i := range 40 {
		ents = append(ents, file(fmt.Sprintf("n%02d.md", i), fmt.Sprintf("# Note %d\n\n%s\n", i, noise(2000))))
	}
	path := filepath.Join(dir, "notes.tar.gz")
	if err := os.WriteFile(path, buildTar(t, ents, true), 0o600); err != nil {
		t.Fatal(err)
	}
	var r recorder
	if _, err := Local(context.Background(), path, r.opts()); err != nil {
		t.Fatal(err)
	}
	// A tar is counted in hundredths of the stream: its entries are only
	// known as they come.
	prev := -1
	for _, k := range r.ticks {
		if k.total != 100 || k.done < prev {
			t.Fatalf("ticks %v", r.ticks)
		}
		prev = k.done
	}
	if prev < 90 || len(r.ticks) < 10 {
		t.Errorf("%d ticks ending at %d%%: %v", len(r.ticks), prev, r.ticks)
	}
	if last := r.ticks[len(r.ticks)-1].detail; !strings.HasPrefix(last, "n39.md · ") {
		t.Errorf("last detail %q", last)
	}
}

// A folder counts its files; the pages of a PDF in it, and the entries of
// an archive in it, are told in the detail.
func TestProgressCountsTheFilesOfAFolder(t *testing.T) {
	src := corpusPDF(t)
	dir := t.TempDir()
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"a.md":         []byte("# A\n"),
		"b/paper.pdf":  raw,
		"b/c.txt":      []byte("c\n"),
		"d.zip":        buildZip(t, []ent{file("x.md", "# X\n"), file("y.md", "# Y\n")}),
		"ignored.png":  []byte("\x89PNG"),
		".hidden.md":   []byte("# hidden\n"),
		"z/notes.html": []byte("<p>notes</p>"),
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, body, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var r recorder
	if _, err := Local(context.Background(), dir, r.opts()); err != nil {
		t.Fatal(err)
	}
	// Every file but the hidden one is read (the image's head, to judge
	// it by its content).
	details := r.check(t, 6)
	pages := pageCount(t, src)
	for _, want := range []string{"a.md", "b/c.txt", "z/notes.html", fmt.Sprintf("b/paper.pdf · pages %d/%d", pages, pages), "d.zip › y.md · entries 2/2"} {
		if !contains(details, want) {
			t.Errorf("no detail %q in %q", want, details)
		}
	}
}

func TestProgressCountsTheFilesOfARepository(t *testing.T) {
	repo := repoFixture(t)
	var r recorder
	res, err := Repo(context.Background(), repo.Dir, r.opts())
	if err != nil {
		t.Fatal(err)
	}
	// In the default scope: README.md and the six files of docs/ (big,
	// binary, empty and the image among them), not the hidden one.
	details := r.check(t, 8)
	if len(res.Documents) == 0 || !contains(details, "docs/guide.md") || !contains(details, "docs/sub/deep/notes.txt") {
		t.Errorf("details %q", details)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A download is reported by its bytes as they arrive, against the size the
// server announced, before the document it holds is read; a server that
// announces none gives the bytes alone.
func TestURLDownloadProgress(t *testing.T) {
	body := []byte("# Notes\n\n" + strings.Repeat("Definition: A ring is a set with two operations.\n", 12000))
	mux := http.NewServeMux()
	mux.HandleFunc("/sized.md", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/markdown")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	})
	mux.HandleFunc("/chunked.md", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/markdown")
		for i := 0; i < len(body); i += 100 << 10 {
			w.Write(body[i:min(i+100<<10, len(body))])
			w.(http.Flusher).Flush()
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	fo := fetch.Options{}
	for _, c := range []struct {
		path, last string
		total      int
	}{{"/sized.md", "sized.md · 574.2 KiB of 574.2 KiB", len(body)}, {"/chunked.md", "chunked.md · 574.2 KiB", 0}} {
		var r recorder
		if _, err := URL(context.Background(), srv.URL+c.path, r.opts(), fo); err != nil {
			t.Fatal(err)
		}
		var bytesTicks []tick
		for _, k := range r.ticks {
			if strings.Contains(k.detail, "KiB") || strings.Contains(k.detail, "bytes") {
				bytesTicks = append(bytesTicks, k)
			}
		}
		if len(bytesTicks) < 5 {
			t.Fatalf("%s: %d byte ticks, want one per 64 KiB: %v", c.path, len(bytesTicks), r.ticks)
		}
		prev := -1
		for _, k := range bytesTicks {
			if prev <= 0 && k.done == 0 && k.total == 0 {
				continue // before the response's headers
			}
			if k.done < prev || k.total != c.total {
				t.Fatalf("%s: tick %v after %d", c.path, k, prev)
			}
			prev = k.done
		}
		if last := bytesTicks[len(bytesTicks)-1]; last.done != len(body) || last.detail != c.last {
			t.Errorf("%s: last byte tick %+v, want %d bytes and %q", c.path, last, len(body), c.last)
		}
	}
}
