package htmltext

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/lore-kb/lore/internal/heappeak"
)

// A page nesting its elements 10,000 deep, of any kind, is read in output
// bounded by its input and says how deep it nests and what was done; a
// page of ordinary depth says nothing.
func TestReadNotesDeepNesting(t *testing.T) {
	const n = 10000
	for _, c := range []struct{ name, open, close string }{
		{"div", "<div>", "</div>"},
		{"blockquote", "<blockquote><p>Quoted.</p>", "</blockquote>"},
		{"list", "<ul><li>Item", "</li></ul>"},
		{"section", "<section><h2>Part</h2>", "</section>"},
		{"article", `<article class="theorem">`, "</article>"},
		{"theorem-like", `<article class="theorem theorem-like" id="t"><p>Stated.</p>`, "</article>"},
		{"unclosed", "<blockquote><p>Quoted.</p>", ""},
	} {
		page := "<html><body>" + strings.Repeat(c.open, n) + "<p>Deep text.</p>" + strings.Repeat(c.close, n) + "</body></html>"
		text, _, nest := Read(page)
		if !strings.Contains(text, "Deep text.") {
			t.Errorf("%s: the deepest text is lost: %.200q", c.name, text)
		}
		// Every level may write a line ("- Item", "> > Quoted."), no more.
		if len(text) > 30*n {
			t.Errorf("%s: %d bytes of text from %d of page", c.name, len(text), len(page))
		}
		if nest.Depth < n {
			t.Errorf("%s: depth %d, want at least %d", c.name, nest.Depth, n)
		}
		want := "the page nests elements " + strconv.Itoa(nest.Depth) + " deep; theorem-like blocks and quotes nested deeper than 8 are read as plain text; elements nested deeper than 256 are read as their text alone"
		if got := nest.Note("the page"); got != want {
			t.Errorf("%s: note %q, want %q", c.name, got, want)
		}
	}
}

func TestReadNotesFlattenedContainers(t *testing.T) {
	// Nine theorem-like blocks, one in another: the ninth is plain text,
	// and that is said though the page is not deep otherwise.
	page := "<html><body>" + strings.Repeat(`<div class="lemma">`, 9) + "<p>Innermost.</p>" + strings.Repeat("</div>", 9) + "</body></html>"
	text, _, nest := Read(page)
	if c := strings.Count(text, "::: {.lemma"); c != MaxContainerDepth {
		t.Errorf("%d fenced divs, want %d", c, MaxContainerDepth)
	}
	if !nest.Flattened || nest.Note("the page") == "" {
		t.Errorf("nesting %+v: no note", nest)
	}
	// Eight are kept, and nothing is said.
	page = "<html><body>" + strings.Repeat(`<div class="lemma">`, 8) + "<p>Innermost.</p>" + strings.Repeat("</div>", 8) + "</body></html>"
	if _, _, nest := Read(page); nest.Note("the page") != "" {
		t.Errorf("eight containers: note %q", nest.Note("the page"))
	}
	// A real page's depth (a layout nesting divs thirty deep) says nothing.
	page = "<html><body>" + strings.Repeat("<div>", 30) + "<p>Text.</p>" + strings.Repeat("</div>", 30) + "</body></html>"
	if _, _, nest := Read(page); nest.Note("the page") != "" {
		t.Errorf("thirty divs: note %q", nest.Note("the page"))
	}
}

// Quotes nested deeper than MaxContainerDepth are written that deep: a
// page of nested quotes wrote the square of its depth.
func TestDeepQuotesBounded(t *testing.T) {
	page := strings.Repeat("<blockquote><p>Quoted.</p>", 20)
	text, _, nest := Read(page)
	if strings.Contains(text, strings.Repeat("> ", MaxContainerDepth+1)) {
		t.Errorf("quotes deeper than %d: %q", MaxContainerDepth, text)
	}
	if !strings.Contains(text, strings.Repeat("> ", MaxContainerDepth)+"Quoted.") || !nest.Flattened {
		t.Errorf("quotes %d deep lost, or not noted (%+v): %q", MaxContainerDepth, nest, text)
	}
}

// A page nesting 200,000 elements, divs or tables, is read holding a heap
// of at most ten times its size: the tree it builds stops at MaxDepth, the
// text below it kept, and the note says so. A token per element of the
// nest held about fifty times the page.
func TestReadDeepNestingBoundedMemory(t *testing.T) {
	const n = 200000
	for _, c := range []struct{ name, open, close string }{
		{"div", "<div>", "</div>"},
		{"table", "<table><tr><td>", "</td></tr></table>"},
	} {
		page := "<html><body><p>Shallow text.</p>" + strings.Repeat(c.open, n) + "<p>Deep text.</p>" + strings.Repeat(c.close, n) + "</body></html>"
		var text string
		var nest Nesting
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		peak := heappeak.Of(func() { text, _, nest = Read(page) })
		held := int64(peak) - int64(base.HeapAlloc)
		t.Logf("%s: %d bytes of page, peak heap %d bytes over the start (%.1f×)", c.name, len(page), held, float64(held)/float64(len(page)))
		if held > int64(10*len(page)) {
			t.Errorf("%s: reading a %d-byte page held %d bytes, over ten times the page", c.name, len(page), held)
		}
		if !strings.Contains(text, "Shallow text.") || !strings.Contains(text, "Deep text.") {
			t.Errorf("%s: text lost: %.200q", c.name, text)
		}
		if nest.Depth < n {
			t.Errorf("%s: depth %d, want at least %d", c.name, nest.Depth, n)
		}
		want := "elements nested deeper than " + strconv.Itoa(MaxDepth) + " are read as their text alone"
		if note := nest.Note("the page"); !strings.HasSuffix(note, want) {
			t.Errorf("%s: note %q, want it to end %q", c.name, note, want)
		}
	}
}
