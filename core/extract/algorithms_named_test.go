package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A listing its author titled is a named block, whatever its rows read
// as: a thread's "Eat breakfast / Work / Call Bob" holds no keyword of
// pseudo-code, yet the book sets it apart and names it. The same rows
// untitled are a sample of text. "Thread A" keeps its label: a capital
// letter at a name's end is no article.
func TestTitledListingIsAnAlgorithm(t *testing.T) {
	src := "\\section{Serialization}\nConsider this timeline.\n" +
		"\\begin{lstlisting}[title={Thread A}]{}\nEat breakfast\nWork\nEat lunch\nCall Bob\n\\end{lstlisting}\n" +
		"\\begin{lstlisting}[frame=single, caption=Thread B]\nEat breakfast\nWait for a call\nEat lunch\n\\end{lstlisting}\n" +
		"Untitled:\n\\begin{lstlisting}\nEat dinner\nSleep\nWake up\n\\end{lstlisting}\n"
	var got []string
	for _, p := range Extract(oneSection(src, core.FormatLaTeX, core.Textbook), Options{}) {
		if p.Type == core.Algorithm {
			got = append(got, p.Name+": "+p.FormalStatement)
		}
	}
	if len(got) != 2 {
		t.Fatalf("algorithms %q, want the two titled listings", got)
	}
	for i, want := range []string{"Thread A: Thread A. 1. Eat breakfast 2. Work 3. Eat lunch 4. Call Bob", "Thread B: Thread B. 1. Eat breakfast 2. Wait for a call 3. Eat lunch"} {
		if !strings.HasPrefix(got[i], want) {
			t.Errorf("algorithm %d = %q, want %q", i, got[i], want)
		}
	}
}

// An algorithm's statement says all its caption says; only its name is
// held to a name's length.
func TestAlgorithmStatementKeepsWholeCaption(t *testing.T) {
	caption := "Calculation of dynamic steady-state power and temperature profiles considering the power-temperature interdependence"
	src := "\\section{Analysis}\n\\begin{algorithm}\n\\caption{" + caption + "}\n\\begin{algorithmic}[1]\n\\Require $P$\n\\State $Q \\gets Q_0$\n\\Repeat\n\\State $P \\gets P_d + P_s(Q)$\n\\Until{converged}\n\\State \\Return $P, Q$\n\\end{algorithmic}\n\\end{algorithm}\n"
	for _, p := range Extract(oneSection(src, core.FormatLaTeX, core.Textbook), Options{}) {
		if p.Type != core.Algorithm {
			continue
		}
		if !strings.HasPrefix(p.FormalStatement, caption+". ") {
			t.Errorf("statement %q does not open with the whole caption", p.FormalStatement)
		}
		if len(p.Name) > maxName {
			t.Errorf("name %q longer than %d", p.Name, maxName)
		}
		return
	}
	t.Fatal("no algorithm")
}

// Numbered steps that compute ("Let _O_ be …", "Return …") are an
// algorithm, not a reader's how-to, and a heading that is the operation's
// signature names it by the operation.
func TestComputingStepsUnderSignatureHeading(t *testing.T) {
	src := "# GetUint8ArrayBytes ( _ta_: a Uint8Array ): a List of byte values\n\n" +
		"1. Let _buffer_ be _ta_.[[ViewedArrayBuffer]].\n1. Let _bytes_ be a new empty List.\n1. Repeat, while _index_ < _len_,\n   1. Append _byte_ to _bytes_.\n1. Return _bytes_.\n"
	a := oneSection(src, core.FormatMarkdown, core.Reference)
	a.Sections[0].Title = "GetUint8ArrayBytes ( _ta_: a Uint8Array ): a List of byte values"
	for _, p := range Extract(a, Options{}) {
		if p.Type == core.Algorithm && p.Name == "GetUint8ArrayBytes" {
			return
		}
	}
	t.Errorf("no algorithm GetUint8ArrayBytes in %v", names(Extract(a, Options{})))
}

// Numbered steps that compute are an algorithm in a book too; a book's
// numbered instructions ("Install …") are none.
func TestComputingStepsInABook(t *testing.T) {
	src := "## Parsing a MIME type\n\nTo parse a MIME type, given a string input, run these steps:\n\n" +
		"1. Let position be a position variable for input.\n\n1. Let type be the result of collecting code points from input.\n\n1. If type is the empty string, then return failure.\n\n1. Return type.\n\n" +
		"## Setting up\n\n1. Install the toolchain.\n2. Open a terminal.\n3. Run the tests.\n"
	algs := algorithmsIn(oneSection(src, core.FormatMarkdown, core.Textbook))
	if len(algs) != 1 || !strings.Contains(algs[0].ComputationalForm, "Let position be") {
		t.Errorf("algorithms %v", names(algs))
	}
}
