package wire

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// loopDoc writes blocks as the HTML and EPUB readers do, each linking to
// the blocks links names (by index), and returns the text and one
// primitive per block, starting at its opening fence as extraction starts
// a block's primitive.
func loopDoc(links [][]int) (string, []core.Primitive) {
	var b strings.Builder
	b.WriteString("# Results\n\n")
	prims := make([]core.Primitive, len(links))
	for i, to := range links {
		prims[i] = core.Primitive{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Result %d", i),
			Provenance: core.Provenance{Document: "book.epub", Offset: b.Len()}}
		fmt.Fprintf(&b, "::: {.theorem #thm-%d name=\"Result %d\"}\nResult %d holds", i, i, i)
		for _, t := range to {
			fmt.Fprintf(&b, " by [Theorem %d](#thm-%d)", t, t)
		}
		b.WriteString(".\n:::\n\n")
	}
	return b.String(), prims
}

func depend(p *core.Primitive, on *core.Primitive) {
	p.Dependencies = append(p.Dependencies, core.Edge{Target: on.ID, Type: core.Requires, Strength: 0.9})
}

// Two blocks linking to each other: the link not drawn is named, with the
// cycle its edge would close.
func TestUndrawnLinkOfTwoBlocks(t *testing.T) {
	doc, prims := loopDoc([][]int{{1}, {0}})
	depend(&prims[0], &prims[1])
	bl := ReadBlockLinks("book.epub", "book.epub", doc)
	if bl == nil {
		t.Fatal("no loop found")
	}
	got := bl.Undrawn(prims)
	want := []string{`book.epub: the link from "Result 1" (#thm-1) to "Result 0" (#thm-0) is not drawn as a requires edge: it would close the dependency cycle #thm-1 → #thm-0 → #thm-1`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes\n%q\nwant\n%q", got, want)
	}
	// Both drawn (as a merge might leave them, or another run): nothing
	// to say.
	depend(&prims[1], &prims[0])
	if got := bl.Undrawn(prims); len(got) != 0 {
		t.Errorf("all links drawn: %q", got)
	}
}

// A proof's links count for the block before it; links in code, to
// unknown ids, to a block's own id, and from outside blocks make no loop.
func TestBlockLinksReadAsExtractionReadsThem(t *testing.T) {
	doc := "::: {.theorem #a}\nA.\n:::\n\n::: {.proof}\nBy [A](#a) and [B](#b).\n:::\n\n" +
		"::: {.lemma #b}\nB, see [A](#a) and [itself](#b) and [nothing](#zz).\n:::\n"
	bl := ReadBlockLinks("d", "d", doc)
	if bl == nil || len(bl.links) != 2 {
		t.Fatalf("want the loop a → b → a, got %+v", bl)
	}
	for _, doc := range []string{
		"::: {.theorem #a}\nA by [B](#b).\n:::\n\n::: {.lemma #b}\nB.\n:::\n",
		"::: {.theorem #a}\nA by [B](#b).\n:::\n\n```\n::: {.lemma #b}\nB by [A](#a).\n:::\n```\n",
		"See [A](#a) and [B](#b).\n\n::: {.theorem #a}\nA by [B](#b).\n:::\n\n::: {.lemma #b}\nB.\n:::\n",
	} {
		if bl := ReadBlockLinks("d", "d", doc); bl != nil {
			t.Errorf("a loop in %q: %+v", doc, bl)
		}
	}
	// A block nested in another is part of it: its links are the outer
	// block's.
	doc = "::: {.theorem #a}\nA.\n\n::: {.lemma #inner}\nBy [B](#b).\n:::\n:::\n\n::: {.lemma #b}\nB by [A](#a).\n:::\n"
	if bl := ReadBlockLinks("d", "d", doc); bl == nil || len(bl.links) != 2 {
		t.Errorf("nested block's link: %+v", bl)
	}
}

// A loop of 10,000 blocks whose last link Wire refused: one note, its
// cycle shortened.
func TestUndrawnLinkOfLongLoop(t *testing.T) {
	const n = 10000
	links := make([][]int, n)
	for i := range links {
		links[i] = []int{(i + 1) % n}
	}
	doc, prims := loopDoc(links)
	for i := range n - 1 {
		depend(&prims[i], &prims[i+1])
	}
	got := ReadBlockLinks("book.epub", "book.epub", doc).Undrawn(prims)
	want := `book.epub: the link from "Result 9999" (#thm-9999) to "Result 0" (#thm-0) is not drawn as a requires edge: it would close the dependency cycle #thm-9999 → #thm-0 → #thm-1 → … 9996 more … → #thm-9998 → #thm-9999`
	if len(got) != 1 || got[0] != want {
		t.Errorf("notes %q\nwant %q", got, want)
	}
}

// Many links not drawn: a few are named, the rest counted.
func TestUndrawnLinksCounted(t *testing.T) {
	const n = 30
	links := make([][]int, n)
	for i := range links {
		links[i] = []int{(i + 1) % n, (i + n - 1) % n}
	}
	doc, prims := loopDoc(links)
	got := ReadBlockLinks("book.epub", "book.epub", doc).Undrawn(prims)
	if len(got) != maxLoopNotes+1 || got[maxLoopNotes] != fmt.Sprintf("book.epub: %d more links between blocks that link in a loop are not drawn as requires edges", 2*n-maxLoopNotes) {
		t.Errorf("notes %q", got)
	}
	// With no edge drawn, the cycle is the links'.
	if !strings.HasSuffix(got[0], "the blocks link in a loop (#thm-0 → #thm-1 → #thm-0) and a dependency graph has no cycles") {
		t.Errorf("first note %q", got[0])
	}
}

// BenchmarkBlockLinksLoop reads a loop of 10,000 blocks and names the link
// Wire left out.
func BenchmarkBlockLinksLoop(b *testing.B) {
	const n = 10000
	links := make([][]int, n)
	for i := range links {
		links[i] = []int{(i + 1) % n}
	}
	doc, prims := loopDoc(links)
	for i := range n - 1 {
		depend(&prims[i], &prims[i+1])
	}
	b.ReportAllocs()
	for b.Loop() {
		if got := ReadBlockLinks("book.epub", "book.epub", doc).Undrawn(prims); len(got) != 1 {
			b.Fatal(got)
		}
	}
}

// Any text is read without panic, and every note names the document.
func FuzzBlockLinks(f *testing.F) {
	doc, _ := loopDoc([][]int{{1}, {2}, {0, 1}})
	f.Add(doc)
	f.Add("::: {.theorem #a}\nA [B](#b)\n::::\n::: proof\n[A](#a)\n:::\n:::: {#b}\n[A](#a)\n```\n:::\n")
	f.Fuzz(func(t *testing.T, doc string) {
		bl := ReadBlockLinks("d", "d", doc)
		if bl == nil {
			return
		}
		var prims []core.Primitive
		for i, b := range bl.blocks {
			p := core.Primitive{ID: fmt.Sprint(i), Name: b.id, Provenance: core.Provenance{Document: "d", Offset: b.start}}
			if i%2 == 1 {
				depend(&p, &core.Primitive{ID: fmt.Sprint(i - 1)})
			}
			prims = append(prims, p)
		}
		for _, n := range bl.Undrawn(prims) {
			if !strings.HasPrefix(n, "d: ") {
				t.Errorf("note %q", n)
			}
		}
	})
}
