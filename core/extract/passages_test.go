package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// respLike is a protocol reference that describes its data types in a
// series of sections, each opening on the type it is titled by (or
// pointing back to it, or naming it late), and going on with the format,
// the cases and what a client must do.
const respLike = "# Wire protocol\n\n## Types\n\n" +
	"### Simple strings\n\nSimple strings are encoded as a plus (`+`) character, followed by a string.\n\n" +
	"Many commands reply with just OK on success:\n\n    +OK\\r\\n\n\n" +
	"A client library should return the string after the `+`, without the CRLF.\n\n" +
	"<a name=\"integer-reply\"></a>\n\n" +
	"### Integers\n\nThis type is a CRLF-terminated string that represents a signed, base-10, 64-bit integer.\n\n" +
	"    :[<+|->]<value>\\r\\n\n\nSee [the guide](guide.md) and [the site](https://example.org/ints).\n\n[guide]: ./guide.md\n\n" +
	"### Bulk strings\n\nA bulk string is a single binary string of any size.\n\n    $<length>\\r\\n<data>\\r\\n\n\n" +
	"#### Null bulk strings\n\nOlder versions have no null type, so a null value is sent as a bulk string of length -1:\n\n    $-1\\r\\n\n\n" +
	"A client should return nil, not the empty string.\n\n" +
	"### Arrays\n\nClients send commands to the server as arrays of bulk strings.\n\n    *<n>\\r\\n<element-1>...<element-n>\n\n" +
	"So an empty array is `*0\\r\\n`.\n\n" +
	"#### Null arrays\n\nWhereas RESP3 has a null type, RESP2 sends `*-1\\r\\n`.\n\n" +
	"#### Example\n\n    *1\\r\\n$4\\r\\nPING\\r\\n\n\n" +
	"## Sending commands to a server\n\nA client sends the server an array of bulk strings.\n"

// A reference's series of sections titled by the things they describe
// gives each thing as a primitive, and each primitive keeps what the
// source goes on to say of it, up to the next primitive or section:
// formats and cases line by line, links to other files as their words,
// HTML anchors gone.
func TestPassagesKeepWhatTheSourceGoesOnToSay(t *testing.T) {
	ps := Extract(analyzed(respLike, core.FormatMarkdown, core.Reference), Options{})
	got := byName(ps)
	for _, n := range []string{"Simple Strings", "Integers", "Bulk String", "Null Bulk Strings", "Arrays"} {
		if _, ok := got[n]; !ok {
			t.Errorf("no %q among %q", n, names(ps))
		}
	}
	simple := got["Simple Strings"].Passage
	if !strings.Contains(simple, "    +OK\\r\\n") || !strings.Contains(simple, "without the CRLF") {
		t.Errorf("Simple Strings passage = %q, want the example line and the client's rule", simple)
	}
	if strings.Contains(simple, "integer") || strings.Contains(simple, "<a name") {
		t.Errorf("Simple Strings passage runs on: %q", simple)
	}
	ints := got["Integers"].Passage
	if !strings.Contains(ints, ":[<+|->]<value>\\r\\n") || !strings.Contains(ints, "See the guide and [the site](https://example.org/ints).") || strings.Contains(ints, "guide.md") {
		t.Errorf("Integers passage = %q", ints)
	}
	// an opening that ends on a colon takes the format it introduces
	if p := got["Null Bulk Strings"]; !strings.Contains(p.FormalStatement, "length -1: `$-1\\r\\n`") || p.Passage != "A client should return nil, not the empty string." {
		t.Errorf("Null Bulk Strings = %q, passage %q", p.FormalStatement, p.Passage)
	}
	// a subsection that states nothing is read on, its heading kept;
	// the next section of the primitive's level is another subject; a
	// worked example is the primitive's example, not its passage again
	if p := got["Arrays"]; !strings.Contains(p.Passage, "*0\\r\\n") ||
		!strings.HasSuffix(p.Passage, "#### Null arrays\n\nWhereas RESP3 has a null type, RESP2 sends `*-1\\r\\n`.") ||
		strings.Contains(p.Passage, "Sending commands") || strings.Contains(p.Passage, "PING") || len(p.Examples) != 1 {
		t.Errorf("Arrays passage = %q, examples %q", p.Passage, p.Examples)
	}
	// the statement's own paragraph is not repeated
	if strings.Contains(simple, "followed by a string") {
		t.Errorf("the passage repeats the statement: %q", simple)
	}
}

// A section whose opening names its title is a part of a procedure, not
// a thing described, unless it is one of a series: a runbook's
// "Diagnosis" and "Slow disk" define nothing, nor does a tutorial's or a
// paper's section.
func TestLoneTopicSectionsDefineNothing(t *testing.T) {
	doc := "# etcdHighFsyncDurations\n\n## Meaning\n\nThe alert fires when fsync is slow.\n\n" +
		"## Diagnosis\n\nThis could be the result of a slow disk or a fragmented state.\n\n" +
		"### Slow disk\n\nChecking the disk metrics gives a clearer picture of the slow disk.\n"
	for _, ct := range []core.ContentType{core.Reference, core.Tutorial, core.Paper} {
		if ps := Extract(analyzed(doc, core.FormatMarkdown, ct), Options{}); len(byName(ps)) > 0 {
			for _, n := range []string{"Diagnosis", "Slow Disk", "Slow disk"} {
				if p, ok := byName(ps)[n]; ok && p.Type == core.Definition {
					t.Errorf("%s: %q defined: %q", ct, n, names(ps))
				}
			}
		}
	}
	if ps := Extract(analyzed(respLike, core.FormatMarkdown, core.Tutorial), Options{}); len(ps) > 0 {
		if p, ok := byName(ps)["Integers"]; ok && p.Type == core.Definition {
			t.Errorf("a tutorial's section is a topic, read as a definition: %q", names(ps))
		}
	}
}

// A LaTeX result's passage is the exposition after it, read as its
// statement is: its proof is kept as the proof, not again; a section
// heading is a heading; the bibliography is no text of it.
func TestLaTeXPassages(t *testing.T) {
	doc := `\section{Groups}
\begin{theorem}Every group has exactly one identity element $e$.\end{theorem}
\begin{proof}If $e$ and $f$ are identities then $e = ef = f$.\end{proof}
Groups are everywhere in mathematics: the integers under $+$ form one,
and so do the invertible $n \times n$ matrices.

\subsection{Orders}
The order of $g$ is the least $n \geq 1$ with $g^n = e$.
\begin{thebibliography}{9}\bibitem{a} A. Author.\end{thebibliography}
\end{document}
`
	ps := extractDoc(t, "g.tex", core.FormatLaTeX, doc)
	if len(ps) == 0 {
		t.Fatal("no primitive")
	}
	p := ps[0]
	want := "Groups are everywhere in mathematics: the integers under + form one, and so do the invertible n × n matrices.\n\n## Orders\n\nThe order of g is the least n ≥ 1 with gⁿ = e."
	if p.Passage != want {
		t.Errorf("%s: passage %q, want %q", p.Name, p.Passage, want)
	}
	if p.Proof.Text == "" {
		t.Errorf("%s lost its proof", p.Name)
	}
}

// An RFC's page break inside a passage is no text of it, and the
// indentation all its text has is not kept.
func TestPassageTextDropsPageFurniture(t *testing.T) {
	raw := "   The frame is masked.\n\n\fFette & Melnikov             Standards Track                   [Page 30]\n" +
		"RFC 6455                 The WebSocket Protocol            December 2011\n\n   A server MUST close the connection.\n"
	got := passageText(raw)
	if got != "The frame is masked.\n\nA server MUST close the connection." {
		t.Errorf("passageText = %q", got)
	}
}

// A LaTeX specification's series of subsections titled by what they
// describe gives each thing, as a Markdown one does; a textbook's
// sections are its argument, not a catalogue.
func TestLaTeXTopics(t *testing.T) {
	doc := `\section{Design}
\subsection{Chunk Size}
The chunk size is 1 KiB. It trades peak throughput for overhead.

\subsection{Word Size}
The word size is 32 bits, which is fast on small chips.

\subsection{Tree Fanout}
The tree fanout is 2: a binary tree is simple to implement.
`
	got := byName(Extract(analyzed(doc, core.FormatLaTeX, core.Reference), Options{}))
	for _, n := range []string{"Chunk Size", "Word Size", "Tree Fanout"} {
		if _, ok := got[n]; !ok {
			t.Errorf("no %q among %q", n, keys(got))
		}
	}
	if p := got["Chunk Size"]; !strings.HasPrefix(p.FormalStatement, "The chunk size is 1 KiB.") {
		t.Errorf("Chunk Size = %q", p.FormalStatement)
	}
	for _, p := range Extract(analyzed(doc, core.FormatLaTeX, core.Textbook), Options{}) {
		// read by their titles, as any unmarked section is, not as the
		// definitions of a catalogue
		if p.Type != core.Technique || p.Confidence != readingConf {
			t.Errorf("a textbook's section is a topic: %s %q", p.Type, p.Name)
		}
	}
}

func keys(m map[string]core.Primitive) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
