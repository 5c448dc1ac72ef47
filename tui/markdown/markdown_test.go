package markdown

import (
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

const doc = "# Title\n\nSome *text* that wraps over a narrow pane, twice over at least.\n\n```\nx := 1\n```\n"

func TestRenderFitsWidth(t *testing.T) {
	r := New()
	for _, dark := range []bool{false, true} {
		for _, w := range []int{20, 40, 80} {
			ls := r.Render(doc, w, dark)
			if len(ls) == 0 {
				t.Fatalf("%d/%v: nothing rendered", w, dark)
			}
			for i, l := range ls {
				if got := ansi.StringWidth(l); got != w {
					t.Errorf("%d/%v: line %d is %d cells: %q", w, dark, i, got, l)
				}
			}
			if strings.TrimSpace(ansi.Strip(ls[0])) == "" || strings.TrimSpace(ansi.Strip(ls[len(ls)-1])) == "" {
				t.Errorf("%d/%v: blank lines around the document kept", w, dark)
			}
			plain := ansi.Strip(strings.Join(ls, "\n"))
			if !strings.Contains(plain, "Title") || !strings.Contains(plain, "x := 1") {
				t.Errorf("%d/%v: text lost:\n%s", w, dark, plain)
			}
		}
	}
	if r.Render(doc, 0, true) != nil {
		t.Error("zero width rendered")
	}
}

// TestRenderCaches checks that a rendering is reused, and that a changed
// document under the same width and theme is rendered again.
func TestRenderCaches(t *testing.T) {
	r := New()
	a := r.Render(doc, 40, true)
	if b := r.Render(doc, 40, true); &a[0] != &b[0] {
		t.Error("same document rendered again")
	}
	c := r.Render(doc+"\nMore.\n", 40, true)
	if !strings.Contains(ansi.Strip(strings.Join(c, "\n")), "More.") {
		t.Error("changed document shown from the cache")
	}
	for i := range maxRendered + 1 {
		r.Render(strings.Repeat("x ", i+1), 40, true)
	}
	if n := len(r.rendered); n > maxRendered {
		t.Errorf("cache holds %d renderings", n)
	}
}

func TestRenderSpellsHidden(t *testing.T) {
	ls := New().Render("evil\x1b[2J \u202ename\n", 40, true)
	v := strings.Join(ls, "\n")
	if strings.Contains(v, "\x1b[2J") || strings.ContainsRune(v, '\u202e') {
		t.Fatalf("hidden characters reached the output: %q", v)
	}
	if plain := ansi.Strip(v); !strings.Contains(plain, "⟨U+202E⟩") {
		t.Errorf("bidi override not spelled out:\n%s", plain)
	}
}

// TestThemesIndependent guards the reason Style drops chroma: a code block
// rendered in one theme must not fix the colours of the other.
func TestThemesIndependent(t *testing.T) {
	code := "```go\nfunc main() {}\n```\n"
	first := strings.Join(New().Render(code, 40, true), "\n")
	r := New()
	r.Render(code, 40, false)
	if again := strings.Join(r.Render(code, 40, true), "\n"); again != first {
		t.Errorf("dark code block differs after a light one:\n%q\n%q", first, again)
	}
	if Style(true).CodeBlock.Chroma != nil || Style(false).CodeBlock.Chroma != nil {
		t.Error("chroma left on")
	}
}

func TestRenderConcurrent(t *testing.T) {
	r := New()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.Render(doc, 30+i%2, i%2 == 0)
		}()
	}
	wg.Wait()
}
