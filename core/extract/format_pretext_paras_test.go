package extract

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// deepParagraphs is a PreTeXt section of n nested <p> around one sentence
// with a term, after a definition of that term: every paragraph holds the
// term and none defines it anew, the worst case for the term check.
func deepParagraphs(n int) string {
	return "<section><title>S</title><definition><statement><p>A <term>widget</term> is a gadget.</p></statement></definition>" +
		strings.Repeat("<p>", n) + "A <term>widget</term> is a gadget." + strings.Repeat("</p>", n) + "</section>"
}

// A million nested paragraphs took 346 s of CPU in lore analyze: each
// searched the rest of the text for its "</p>" and read it for terms. The
// checks read at most a constant times the text, however deep the nest.
func TestDeepPreTeXtParagraphsReadLinear(t *testing.T) {
	for _, n := range []int{1000, 100_000} {
		doc := deepParagraphs(n)
		a := oneSection(doc, core.FormatPreTeXt, core.Textbook)
		x := &extractor{a: a, doc: doc, format: core.FormatPreTeXt, ctype: core.Textbook}
		x.section(a.Sections[0], 1, "")
		bound := (maxNestedParagraphs + len(workElems) + 2) * len(doc)
		if x.paraRead > bound {
			t.Errorf("%d nested paragraphs (%d bytes): the term checks read %d bytes, want at most %d", n, len(doc), x.paraRead, bound)
		}
	}
}

// Bounding the nest keeps what a book's paragraphs say: a term defined in
// a paragraph of a list inside a paragraph, and one in an exercise that
// is not the book's.
func TestNestedPreTeXtParagraphsStillDefine(t *testing.T) {
	doc := `<section><title>S</title>
<p>Two kinds matter. <ol><li><p>A <term>widget</term> is a gadget with a handle.</p></li></ol></p>
<exercise><statement><p>A <term>gizmo</term> is a widget without one.</p></statement></exercise>
<p>A <term>sprocket</term> is a wheel with teeth.</p>
</section>`
	var got []string
	for _, p := range Extract(oneSection(doc, core.FormatPreTeXt, core.Textbook), Options{}) {
		if p.Type == core.Definition {
			got = append(got, strings.ToLower(p.Name))
		}
	}
	if strings.Join(got, ",") != "widget,sprocket" {
		t.Errorf("definitions %q, want widget and sprocket", got)
	}
}

// insideWorkByScan is what workIndex.inside replaced: a search back from
// each paragraph, its reference.
func insideWorkByScan(before string) bool {
	if len(before) > maxWorkLookBack {
		before = before[len(before)-maxWorkLookBack:]
	}
	for _, w := range workElems {
		open := strings.LastIndex(before, "<"+w)
		if open < 0 {
			continue
		}
		if c := before[open+1+len(w):]; c == "" || !strings.ContainsRune("> \n\t", rune(c[0])) {
			continue
		}
		if strings.LastIndex(before, "</"+w+">") < open {
			return true
		}
	}
	return false
}

// The index says what the search back said, at every position of texts of
// work elements opened, closed, misnamed and cut off, near and beyond the
// look-back.
func TestWorkIndexAgreesWithSearchBack(t *testing.T) {
	pieces := []string{"<exercise>", "</exercise>", "<exercises>", "<proof ", "</proof>", "<hint\n", "<hint", "</hint>",
		"<p>", "</p>", "text ", "<answer>", "</answer>", "<solutions>", "<project\t", "</project>", "<"}
	r := rand.New(rand.NewPCG(7, 9))
	seen := map[bool]int{}
	for round := range 40 {
		var b strings.Builder
		for b.Len() < 200 {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if round%4 == 0 {
			b.WriteString(strings.Repeat("x", maxWorkLookBack-r.IntN(40)))
			for range 20 {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		s := b.String()
		w := indexWork(s)
		for at := 0; at <= len(s); at++ {
			if round%4 == 0 && at > 250 && at < len(s)-300 {
				continue
			}
			got, want := w.inside(s, at), insideWorkByScan(s[:at])
			if got != want {
				t.Fatalf("%q at %d: inside %v, the search back says %v", s, at, got, want)
			}
			seen[want]++
		}
	}
	if seen[true] < 100 || seen[false] < 100 {
		t.Errorf("positions inside work %d, outside %d: the texts try too few of either", seen[true], seen[false])
	}
}

// BenchmarkDeepPreTeXtParagraphs extracts nests of paragraphs of two
// depths: the time per byte stays the same.
func BenchmarkDeepPreTeXtParagraphs(b *testing.B) {
	for _, n := range []int{50_000, 200_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			a := oneSection(deepParagraphs(n), core.FormatPreTeXt, core.Textbook)
			b.SetBytes(int64(len(a.Document.Text)))
			for b.Loop() {
				Extract(a, Options{})
			}
		})
	}
}

// A full stop that ends a display ends no sentence of its own: the
// definition of the complex conjugate starts before the display it names,
// with the display whole, not at its closing tag ("$$ The number …").
func TestTermSentenceSkipsFormulas(t *testing.T) {
	doc := `<section><title>S</title>
<p>Conjugation is denoted with a bar:
<me>
  \bar{a+bi} = a - bi.
</me>
The number <m>\bar{a+bi}</m> is called the <term>complex conjugate</term> of <m>a+bi</m>.</p>
</section>`
	var got []string
	for _, p := range Extract(oneSection(doc, core.FormatPreTeXt, core.Textbook), Options{}) {
		if p.Type == core.Definition {
			got = append(got, p.FormalStatement)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "Conjugation is denoted") || !strings.Contains(got[0], "a - bi") {
		t.Errorf("definitions %q, want the one sentence from before its display", got)
	}
	if i := termSentence("A sum $x_1 + \\dots$. Then a <term>gizmo</term>", "<term>"); i != len("A sum $x_1 + \\dots$. ") {
		t.Errorf("Markdown-like sentence start %d", i)
	}
}
