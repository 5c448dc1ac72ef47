package epub

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core/acquire/htmltext"
	"github.com/lore-kb/lore/internal/heappeak"
)

// hostileBook is an EPUB whose documents are named by their bodies.
func hostileBook(t testing.TB, docs map[string]string) []byte {
	t.Helper()
	var manifest, spine strings.Builder
	entries := []entry{{"mimetype", "application/epub+zip"}, {"META-INF/container.xml", testContainer}}
	for _, name := range []string{"ch1.xhtml", "ch2.xhtml", "ch3.xhtml"} {
		body, ok := docs[name]
		if !ok {
			continue
		}
		id := strings.TrimSuffix(name, ".xhtml")
		fmt.Fprintf(&manifest, `<item id="%s" href="%s" media-type="application/xhtml+xml"/>`, id, name)
		fmt.Fprintf(&spine, `<itemref idref="%s"/>`, id)
		entries = append(entries, entry{"OEBPS/" + name, xhtmlHead + body + "</body></html>"})
	}
	entries = append(entries, entry{"OEBPS/content.opf", `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier><dc:title>B</dc:title></metadata><manifest>` +
		manifest.String() + `</manifest><spine>` + spine.String() + `</spine></package>`})
	return buildZip(t, entries)
}

// A document nesting its elements 10,000 deep, of any kind, is read in
// output bounded by its input, and the book says which document it is and
// what was done, once; the book's other documents say nothing.
func TestTextNotesDeepNesting(t *testing.T) {
	const n = 10000
	for _, c := range []struct{ name, open, close string }{
		{"div", "<div>", "</div>"},
		{"blockquote", "<blockquote><p>Quoted.</p>", "</blockquote>"},
		{"list", "<ul><li>Item", "</li></ul>"},
		{"section", "<section><h2>Part</h2>", "</section>"},
		{"theorem-like", `<article class="theorem theorem-like" id="t"><p>Stated.</p>`, "</article>"},
	} {
		deep := strings.Repeat(c.open, n) + "<p>Deep text.</p>" + strings.Repeat(c.close, n)
		raw := hostileBook(t, map[string]string{"ch1.xhtml": "<p>First chapter.</p>", "ch3.xhtml": deep})
		text, notes, err := TextNotes(context.Background(), bytes.NewReader(raw), int64(len(raw)))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !strings.Contains(text, "First chapter.") || !strings.Contains(text, "Deep text.") || len(text) > 30*n {
			t.Errorf("%s: %d bytes of text: %.200q", c.name, len(text), text)
		}
		if len(notes) != 1 || !strings.HasPrefix(notes[0], "OEBPS/ch3.xhtml nests elements ") ||
			!strings.HasSuffix(notes[0], " deep; theorem-like blocks and quotes nested deeper than 8 are read as plain text; elements nested deeper than 256 are read as their text alone") {
			t.Errorf("%s: notes %q", c.name, notes)
		}
	}
	raw := hostileBook(t, map[string]string{"ch1.xhtml": "<div><div><p>Plain.</p></div></div>"})
	if _, notes, err := TextNotes(context.Background(), bytes.NewReader(raw), int64(len(raw))); err != nil || len(notes) != 0 {
		t.Errorf("an ordinary book: notes %q, error %v", notes, err)
	}
}

// A run of list items grows in place: a list of 20,000 items, nested or
// not, allocates in proportion to its size, where appending each item to
// the run's string copied the run (gigabytes for a list of 30,000).
func TestLongListReadInLinearMemory(t *testing.T) {
	const n = 20000
	for _, c := range []struct{ name, open, close string }{
		{"flat", "<li>Item</li>", ""},
		{"nested", "<ul><li>Item", "</li></ul>"},
	} {
		doc := "<ul>" + strings.Repeat(c.open, n) + strings.Repeat(c.close, n) + "</ul>"
		raw := hostileBook(t, map[string]string{"ch1.xhtml": doc})
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		text, _, err := TextNotes(context.Background(), bytes.NewReader(raw), int64(len(raw)))
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		// Nested items past htmltext.MaxDepth are their text alone.
		if got := strings.Count(text, "Item"); got != n {
			t.Errorf("%s: %d items, want %d", c.name, got, n)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(200*len(doc)) {
			t.Errorf("%s: reading %d bytes allocated %d", c.name, len(doc), alloc)
		}
	}
}

// A document nesting 200,000 elements is read holding a heap of at most
// sixteen times the document: the structure stops at htmltext.MaxDepth,
// the text below it kept, and the note says so. What is left is
// encoding/xml's own record of the open elements (some 64 bytes a level,
// which it keeps to pair end tags) and the garbage the collector has not
// reached yet; an entry per level of the reader's own took 23 to 25 times.
func TestDeepNestingBoundedMemory(t *testing.T) {
	const n = 200000
	for _, c := range []struct{ name, open, close string }{
		{"div", "<div>", "</div>"},
		{"table", "<table><tr><td>", "</td></tr></table>"},
	} {
		doc := strings.Repeat(c.open, n) + "<p>Deep text.</p>" + strings.Repeat(c.close, n)
		raw := hostileBook(t, map[string]string{"ch1.xhtml": "<p>First chapter.</p>", "ch3.xhtml": doc})
		var text string
		var notes []string
		var err error
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		peak := heappeak.Of(func() {
			text, notes, err = TextNotes(context.Background(), bytes.NewReader(raw), int64(len(raw)))
		})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		held := int64(peak) - int64(base.HeapAlloc)
		t.Logf("%s: %d bytes of document, peak heap %d bytes over the start (%.1f×)", c.name, len(doc), held, float64(held)/float64(len(doc)))
		if held > int64(16*len(doc)) {
			t.Errorf("%s: reading a %d-byte document held %d bytes, over sixteen times the document", c.name, len(doc), held)
		}
		if !strings.Contains(text, "First chapter.") || !strings.Contains(text, "Deep text.") {
			t.Errorf("%s: text lost: %.200q", c.name, text)
		}
		want := fmt.Sprintf("elements nested deeper than %d are read as their text alone", htmltext.MaxDepth)
		if len(notes) != 1 || !strings.HasPrefix(notes[0], "OEBPS/ch3.xhtml nests elements ") || !strings.HasSuffix(notes[0], want) {
			t.Errorf("%s: notes %q, want one ending %q", c.name, notes, want)
		}
	}
}
