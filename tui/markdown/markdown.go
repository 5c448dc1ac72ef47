// Package markdown renders markdown for the TUI's document panes (reports,
// SKILL.md bodies, primitives) with glamour, and keeps what it rendered:
// glamour costs milliseconds per document, and a key press must not.
package markdown

import (
	"strings"
	"sync"

	"charm.land/glamour/v2"
	gansi "charm.land/glamour/v2/ansi"
	gstyles "charm.land/glamour/v2/styles"
	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/tui/cells"
)

// Bounds of the caches: a screenful of documents at a few widths and both
// themes fits many times over. When full a cache starts over, which is
// cheaper than an LRU and only costs a re-render.
const (
	maxRendered  = 256
	maxRenderers = 16
)

type renderKey struct {
	md    string
	width int
	dark  bool
}

type rendererKey struct {
	width int
	dark  bool
}

// Renderer renders markdown and caches the result by the markdown itself,
// its width and theme, so a changed document is never shown from a stale
// rendering. One Renderer is meant to be shared by every copy of a
// component's Model (the root keeps older values around): a copy can only
// ever see more entries, never wrong ones. It is safe for concurrent use.
type Renderer struct {
	mu        sync.Mutex
	rendered  map[renderKey][]string
	renderers map[rendererKey]*glamour.TermRenderer
}

// New returns an empty Renderer.
func New() *Renderer {
	return &Renderer{
		rendered:  map[renderKey][]string{},
		renderers: map[rendererKey]*glamour.TermRenderer{},
	}
}

// Render returns md rendered with glamour's standard style for the theme
// at width w, split into lines of exactly w cells, without the blank lines
// glamour puts around a document. Hidden and control characters in md are
// spelled out first (documents may be hostile). Should glamour fail, the
// text is shown wrapped as it is rather than not at all. The returned
// slice is shared: callers must not modify it.
func (r *Renderer) Render(md string, w int, dark bool) []string {
	if w <= 0 {
		return nil
	}
	k := renderKey{md, w, dark}
	r.mu.Lock()
	defer r.mu.Unlock()
	if ls, ok := r.rendered[k]; ok {
		return ls
	}
	ls := r.render(md, w, dark)
	if len(r.rendered) >= maxRendered {
		clear(r.rendered)
	}
	r.rendered[k] = ls
	return ls
}

func (r *Renderer) render(md string, w int, dark bool) []string {
	md = cells.VisibleBlock(md)
	rk := rendererKey{w, dark}
	tr, ok := r.renderers[rk]
	if !ok {
		var err error
		if tr, err = glamour.NewTermRenderer(glamour.WithStyles(Style(dark)), glamour.WithWordWrap(w)); err != nil {
			tr = nil
		}
		if len(r.renderers) >= maxRenderers {
			clear(r.renderers)
		}
		r.renderers[rk] = tr
	}
	var out string
	if tr != nil {
		var err error
		if out, err = tr.Render(md); err != nil {
			out = ""
		}
	}
	if out == "" {
		out = ansi.Wrap(md, w, "")
	}
	ls := strings.Split(out, "\n")
	blank := func(l string) bool { return strings.TrimSpace(ansi.Strip(l)) == "" }
	for len(ls) > 0 && blank(ls[0]) {
		ls = ls[1:]
	}
	for len(ls) > 0 && blank(ls[len(ls)-1]) {
		ls = ls[:len(ls)-1]
	}
	for i, l := range ls {
		ls[i] = cells.Fit(l, w)
	}
	return ls
}

// Style is glamour's standard dark or light style without chroma
// highlighting of code blocks. Glamour registers its chroma theme under one
// global name the first time a code block is rendered and never replaces
// it, so with chroma every later code block would keep the colours of
// whichever theme came first (light after a switch to dark, or the
// reverse).
func Style(dark bool) gansi.StyleConfig {
	cfg := gstyles.LightStyleConfig
	if dark {
		cfg = gstyles.DarkStyleConfig
	}
	cfg.CodeBlock.Chroma = nil
	cfg.CodeBlock.Theme = ""
	return cfg
}
