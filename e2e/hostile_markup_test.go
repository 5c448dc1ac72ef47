package e2e_test

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
)

// Hostile markup: pages and EPUB books that nest their blocks 10,000 deep,
// or whose blocks link to each other in a loop, are learned in bounded
// time and memory, and the learn says what was not kept as written: which
// document nests how deep, and which link was not drawn as an edge, why.

// writeBook writes an EPUB of the given XHTML bodies (name → body), in
// the order of names, under dir.
func writeBook(t testing.TB, dir string, names []string, bodies map[string]string) string {
	t.Helper()
	p := filepath.Join(dir, "book.epub")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	add := func(name, body string) {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	var manifest, spine strings.Builder
	for i, n := range names {
		fmt.Fprintf(&manifest, `<item id="c%d" href="%s" media-type="application/xhtml+xml"/>`, i, n)
		fmt.Fprintf(&spine, `<itemref idref="c%d"/>`, i)
	}
	add("mimetype", "application/epub+zip")
	add("META-INF/container.xml", `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`)
	add("EPUB/package.opf", `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier><dc:title>Hostile Algebra</dc:title></metadata><manifest>`+
		manifest.String()+`</manifest><spine>`+spine.String()+`</spine></package>`)
	for _, n := range names {
		add("EPUB/"+n, `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>`+n+`</title></head><body>`+bodies[n]+`</body></html>`)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

const groupDefinition = `<h1>Groups</h1><div class="definition" id="def-group"><p><b>Definition 1.1 (Group).</b> A group is a set with an associative binary operation, an identity element and an inverse for every element.</p></div>`

// htmlPage writes an HTML page of body.
func htmlPage(title, body string) string {
	return `<!DOCTYPE html><html><head><title>` + title + `</title></head><body>` + body + `</body></html>`
}

// storedNames returns the names of the primitives in the store.
func storedNames(t *testing.T, s *store.Store) []string {
	t.Helper()
	var names []string
	if err := s.Primitives(func(p core.Primitive) error { names = append(names, p.Name); return nil }); err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	return names
}

// reportErrors returns the errors of a session's stored report.
func reportErrors(t *testing.T, s *store.Store, session string) []string {
	t.Helper()
	in, err := engine.LoadReport(s, session)
	if err != nil {
		t.Fatal(err)
	}
	return in.Errors
}

// reportNotes returns the notes of a session's stored report.
func reportNotes(t *testing.T, s *store.Store, session string) []string {
	t.Helper()
	in, err := engine.LoadReport(s, session)
	if err != nil {
		t.Fatal(err)
	}
	return in.Notes
}

func TestLearnDeepNestingSaysSo(t *testing.T) {
	const n = 10000
	deep := strings.Repeat(`<article class="theorem theorem-like">`, n) + `<p>Deep text.</p>` + strings.Repeat(`</article>`, n)
	dir := t.TempDir()
	cases := []struct {
		name, source, want string
	}{
		{"html", write(t, dir, "deep.html", htmlPage("Groups", groupDefinition+deep)),
			"deep.html: the page nests elements 10003 deep; theorem-like blocks and quotes nested deeper than 8 are read as plain text; elements nested deeper than 256 are read as their text alone"},
		{"quotes", write(t, dir, "quotes.html", htmlPage("Groups", groupDefinition+strings.Repeat("<blockquote><p>Quoted.</p>", n))),
			"quotes.html: the page nests elements 10003 deep; theorem-like blocks and quotes nested deeper than 8 are read as plain text; elements nested deeper than 256 are read as their text alone"},
		{"epub", writeBook(t, t.TempDir(), []string{"ch1.xhtml", "ch3.xhtml"}, map[string]string{"ch1.xhtml": groupDefinition, "ch3.xhtml": "<h1>Three</h1>" + deep}),
			"book.epub: EPUB/ch3.xhtml nests elements 10003 deep; theorem-like blocks and quotes nested deeper than 8 are read as plain text; elements nested deeper than 256 are read as their text alone"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openStore(t, t.TempDir())
			defer s.Close()
			res := learn(t, s, c.source)
			// The page was read: a note, not an error.
			if !slices.Equal(res.Notes, []string{c.want}) || len(res.Errors) != 0 {
				t.Errorf("notes %q, errors %q\nwant the note %q", res.Notes, res.Errors, c.want)
			}
			if got := reportNotes(t, s, res.Session.ID); !slices.Equal(got, []string{c.want}) {
				t.Errorf("stored report's notes %q", got)
			}
			// The definition before the deep blocks is learned as usual.
			if names := storedNames(t, s); !slices.Contains(names, "Group") {
				t.Errorf("stored %q, want Group among them", names)
			}
		})
	}
}

// Blocks linking to each other in a loop, within a page or across an EPUB's
// documents: the edges that can be drawn are, and the link that cannot is
// named with the cycle it would close.
func TestLearnLinkLoopSaysWhichLinkIsNoEdge(t *testing.T) {
	thm := func(id, number, title, kind, to, toNumber string) string {
		return fmt.Sprintf(`<div class="theorem" id="%s"><p><b>Theorem %s (%s).</b> Every %s is a regular structure, by <a href="%s">Theorem %s</a>.</p></div>`,
			id, number, title, kind, to, toNumber)
	}
	dir := t.TempDir()
	cases := []struct {
		name, source string
		edges        []string
		want         string
	}{
		{"epub across documents", writeBook(t, t.TempDir(), []string{"ch1.xhtml", "ch2.xhtml"}, map[string]string{
			"ch1.xhtml": "<h1>One</h1>" + thm("thm-a", "1", "Alpha", "alpha group", "ch2.xhtml#thm-b", "2"),
			"ch2.xhtml": "<h1>Two</h1>" + thm("thm-b", "2", "Beta", "beta ring", "ch1.xhtml#thm-a", "1"),
		}), []string{"Alpha -> Beta"},
			`book.epub: the link from "Beta" (#thm-b) to "Alpha" (#thm-a) is not drawn as a requires edge: it would close the dependency cycle #thm-b → #thm-a → #thm-b`},
		{"html loop of three", write(t, dir, "loop.html", htmlPage("Loop", "<h1>Loop</h1>"+
			thm("thm-a", "1", "Alpha", "alpha group", "#thm-b", "2")+
			thm("thm-b", "2", "Beta", "beta ring", "#thm-c", "3")+
			thm("thm-c", "3", "Gamma", "gamma field", "#thm-a", "1"))),
			[]string{"Alpha -> Beta", "Gamma -> Alpha"},
			`loop.html: the link from "Beta" (#thm-b) to "Gamma" (#thm-c) is not drawn as a requires edge: it would close the dependency cycle #thm-b → #thm-c → #thm-a → #thm-b`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openStore(t, t.TempDir())
			defer s.Close()
			res := learn(t, s, c.source)
			if !slices.Equal(res.Errors, []string{c.want}) {
				t.Errorf("errors %q\nwant %q", res.Errors, c.want)
			}
			if got := reportErrors(t, s, res.Session.ID); !slices.Equal(got, []string{c.want}) {
				t.Errorf("stored report's errors %q", got)
			}
			// The store holds the edges drawn, and no other.
			byID := map[string]string{}
			var stored []core.Primitive
			if err := s.Primitives(func(p core.Primitive) error {
				byID[p.ID] = p.Name
				stored = append(stored, p)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			var edges []string
			for _, p := range stored {
				for _, e := range p.Dependencies {
					if e.Type == core.Requires && strings.HasPrefix(e.Description, "Refers to") {
						edges = append(edges, p.Name+" -> "+byID[e.Target])
					}
				}
			}
			sort.Strings(edges)
			if !slices.Equal(edges, c.edges) {
				t.Errorf("stored edges %q, want %q", edges, c.edges)
			}
		})
	}
}

// loopPage is a page of n theorems, each linking to the next, the last
// to the first.
func loopPage(n int) string { return linkedPage(n, true) }

// linkedPage is a page of n theorems, each linking to the next, and the
// last to the first when loop is set.
func linkedPage(n int, loop bool) string {
	words := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"}
	name := func(i int) string {
		var w []string
		for range 4 {
			w = append(w, words[i%10])
			i /= 10
		}
		return strings.Join(w, " ")
	}
	var b strings.Builder
	b.WriteString("<h1>Loop</h1>")
	for i := range n {
		to := (i + 1) % n
		if !loop && to == 0 {
			to = n // no such block: the link is text
		}
		fmt.Fprintf(&b, `<div class="theorem" id="t%d"><p><b>Theorem %d (%s).</b> Every %s object has the stated property, by <a href="#t%d">Theorem %d</a>.</p></div>`,
			i, i+1, strings.ToUpper(name(i)[:1])+name(i)[1:], name(i), to, to+1)
	}
	return htmlPage("Loop", b.String())
}

// A loop of 10,000 blocks is learned with all its links but one as edges,
// and the one is named, its cycle shortened.
func TestLearnLongLinkLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("learns 10,000 blocks")
	}
	const n = 10000
	src := write(t, t.TempDir(), "loop.html", loopPage(n))
	s := openStore(t, t.TempDir())
	defer s.Close()
	res := learn(t, s, src)
	want := `loop.html: the link from "Iota kappa kappa kappa" (#t9998) to "Kappa kappa kappa kappa" (#t9999) is not drawn as a requires edge: it would close the dependency cycle #t9998 → #t9999 → #t0 → … 9996 more … → #t9997 → #t9998`
	if !slices.Equal(res.Errors, []string{want}) {
		t.Errorf("errors %q\nwant %q", res.Errors, want)
	}
	if got, err := s.Count(); err != nil || got != n {
		t.Errorf("stored %d primitives (%v), want %d", got, err, n)
	}
	if res.EdgesAdded != n-1 {
		t.Errorf("%d edges, want %d", res.EdgesAdded, n-1)
	}
}

// BenchmarkLearnHostileMarkup learns, into a new store each time, a page
// and a book nesting their blocks 10,000 deep and a page of 10,000 blocks
// linking in a loop; the same page with a chain of links instead is the
// measure of what the loop costs.
func BenchmarkLearnHostileMarkup(b *testing.B) {
	const n = 10000
	deep := strings.Repeat(`<article class="theorem theorem-like">`, n) + `<p>Deep text.</p>` + strings.Repeat(`</article>`, n)
	dir := b.TempDir()
	for _, c := range []struct {
		name, source string
		note         bool
	}{
		{"deep=10000/html", write(b, dir, "deep.html", htmlPage("Groups", groupDefinition+deep)), true},
		{"deep=10000/epub", writeBook(b, b.TempDir(), []string{"ch1.xhtml", "ch3.xhtml"}, map[string]string{"ch1.xhtml": groupDefinition, "ch3.xhtml": deep}), true},
		{"loop=10000/html", write(b, dir, "loop.html", loopPage(n)), true},
		{"chain=10000/html", write(b, dir, "chain.html", linkedPage(n, false)), false},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				s := openStore(b, b.TempDir())
				b.StartTimer()
				if res := learn(b, s, c.source); (len(res.Errors)+len(res.Notes) > 0) != c.note {
					b.Fatalf("errors %q, notes %q", res.Errors, res.Notes)
				}
				b.StopTimer()
				s.Close()
				b.StartTimer()
			}
		})
	}
}
