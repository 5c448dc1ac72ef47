package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func algorithmPrims(a *core.Analysis) []core.Primitive {
	out := algorithmsIn(a)
	return out
}

// A PDF's text of a framed "Algorithm (Name)." over an enumerate: a blank
// line between the items, a sentence broken across a page's end, lettered
// sub-items. Every item is a step, in order, the sub-items under theirs,
// and the note after the list is not one.
func TestMarkedAlgorithmTakesItsWholeList(t *testing.T) {
	src := `Some graphs are weighted.

**Algorithm (Sorted Edges Algorithm).**

1. Select the cheapest unused edge in the graph.

2. Repeat step 1, adding the cheapest unused edge to the

circuit, unless:

(a) adding the edge would create a circuit that doesn't contain all vertices, or
(b) adding the edge would give a vertex degree 3.

3. Repeat until a circuit containing all vertices is formed.

**Note.**
The algorithm is greedy.
`
	a := oneSection(src, core.FormatMarkdown, core.Textbook)
	a.Document.MediaType = "application/pdf"
	algs := algorithmPrims(a)
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	want := "1. Select the cheapest unused edge in the graph.\n" +
		"2. Repeat step 1, adding the cheapest unused edge to the circuit, unless:\n" +
		"   3. adding the edge would create a circuit that doesn't contain all vertices, or\n" +
		"   4. adding the edge would give a vertex degree 3.\n" +
		"5. Repeat until a circuit containing all vertices is formed."
	if got := algs[0].ComputationalForm; got != want {
		t.Errorf("form =\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(algs[0].FormalStatement, "greedy") {
		t.Errorf("the note after the list is in the statement: %q", algs[0].FormalStatement)
	}
}

// In Markdown (not a PDF) a paragraph at the list's edge after a blank
// line ends the list whatever its item ended with; a paragraph indented
// under an item is the item's, a footnote's definition is not.
func TestMarkedAlgorithmListEndsAsMarkdownSays(t *testing.T) {
	src := `**Algorithm (Halving).**

1. Let x be the input

    and keep it.

2. Return x / 2

The result is exact for even x.

[^a]: A note.
`
	algs := algorithmPrims(oneSection(src, core.FormatMarkdown, core.Textbook))
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1", len(algs))
	}
	if want := "1. Let x be the input and keep it.\n2. Return x / 2"; algs[0].ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", algs[0].ComputationalForm, want)
	}
}

// A procedure given as labelled lists — Input, Output, then Process over
// its numbered steps with nested ones — is one algorithm named by its
// section, its inputs and outputs its own, not steps.
func TestLabelledListsAreOneProcedure(t *testing.T) {
	src := `The key is derived from a seed.

**Input**:

1. *seed* — A byte string.

**Output**:

1. *d* — The private key.

**Process**:

1. Set *s* to

   1. ` + "`a`" + ` if the curve is P-256;

   2. ` + "`b`" + ` otherwise.

2. *d* = HMAC(*s*, *seed*)

3. Return *d*

[^x]: A footnote.
`
	a := oneSection(src, core.FormatMarkdown, core.Tutorial)
	a.Sections[0].Title = "Key generation"
	algs := algorithmPrims(a)
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	p := algs[0]
	if p.Name != "Key generation" {
		t.Errorf("name = %q", p.Name)
	}
	want := "Input: seed — A byte string.\nOutput: d — The private key.\n" +
		"1. Set s to\n   2. a if the curve is P-256;\n   3. b otherwise.\n4. d = HMAC(s, seed)\n5. Return d"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
}

// "The algorithm Sign(sk, m) is defined as:" over a bulleted list is the
// algorithm Sign; a function's item over sub-items ("The function
// lift_x(x) … is equivalent to the following pseudocode:") is one too, its
// steps ending where the outer list goes on.
func TestProcedureLeadNamesTheList(t *testing.T) {
	src := `Notation:

- Functions:
  - The function *lift_x(x)* returns the point *P* for which *x(P) = x*. The function is equivalent to the following pseudocode:
    - Fail if *x ≥ p*.
    - Return the point *P*.
  - The function *bytes(x)* returns the encoding of *x*.

Input:
- The secret key *sk*: a 32-byte array

The algorithm *Sign(sk, m)* is defined as:
- Let *d = int(sk)*
- Return the signature *sig*.
`
	algs := algorithmPrims(oneSection(src, core.FormatMarkdown, core.Reference))
	names := map[string]core.Primitive{}
	for _, p := range algs {
		names[p.Name] = p
	}
	sign, ok := names["Sign"]
	if !ok || len(algs) != 2 {
		t.Fatalf("algorithms %v, want lift_x and Sign", algs)
	}
	if want := "Input: The secret key sk: a 32-byte array\n1. Let d = int(sk)\n2. Return the signature sig."; sign.ComputationalForm != want {
		t.Errorf("Sign form =\n%s\nwant\n%s", sign.ComputationalForm, want)
	}
	lift, ok := names["lift_x"]
	if !ok {
		t.Fatalf("no lift_x in %v", algs)
	}
	if want := "Input: x\n1. Fail if x ≥ p.\n2. Return the point P."; lift.ComputationalForm != want {
		t.Errorf("lift_x form =\n%s\nwant\n%s", lift.ComputationalForm, want)
	}
}

// A specification's pseudo-code block: its signature, the parameters,
// inputs and outputs it names, then "Steps:" over rows numbered 1, 2, 3
// (fewer than half its lines) whose nesting follows the number. The rows
// are the steps, unnumbered and nested; the named parts are not steps.
func TestListingWithNamedParts(t *testing.T) {
	src := "The sign of an element.\n\n~~~ pseudocode\nsgn0(x)\n\nParameters:\n- F, a finite field of characteristic p and order q = p^m.\n" +
		"- m, the extension degree of F, m >= 1\n  (see immediately above).\n\nInput: x, an element of F.\nOutput: 0 or 1.\n\nSteps:\n" +
		"1. sign = 0\n2. for i in (1, 2, ..., m):\n3.   sign_i = x_i mod 2\n4. return sign\n~~~\n\n" +
		"A mapping in three steps:\n\n~~~\n1. (x', y') = map_to_curve_simple_swu(u)\n2.   (x, y) = iso_map(x', y')\n3. return (x, y)\n~~~\n"
	a := oneSection(src, core.FormatMarkdown, core.Spec)
	a.Sections[0].Title = "Simplified SWU for AB == 0"
	algs := algorithmPrims(a)
	if len(algs) != 2 {
		t.Fatalf("algorithms = %d, want 2: %+v", len(algs), algs)
	}
	want := "Input: F, a finite field of characteristic p and order q = p^m.\n" +
		"Input: m, the extension degree of F, m >= 1 (see immediately above).\n" +
		"Input: x, an element of F.\nOutput: 0 or 1.\n" +
		"1. sgn0(x)\n   2. sign = 0\n   3. for i in (1, 2, ..., m):\n      4. sign_i = x_i mod 2\n   5. return sign"
	if algs[0].ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", algs[0].ComputationalForm, want)
	}
	if algs[1].Name != "Simplified SWU for AB == 0" || !strings.Contains(algs[1].ComputationalForm, "3. return (x, y)") {
		t.Errorf("second listing: %q %q", algs[1].Name, algs[1].ComputationalForm)
	}
}

// A number that starts no count from 1 is the line's own.
func TestCountedRows(t *testing.T) {
	lines := []string{"2 * x", "1. a = 0", "note", "2. b = 1", "7 items", "1: only"}
	got := countedRows(lines)
	want := []bool{false, true, false, true, false, true}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %q counted %v, want %v", lines[i], got[i], want[i])
		}
	}
}

// An item headed by a function's signature and a colon, its text ending in
// a colon over sub-items, is that function's procedure; a paragraph that
// opens with a call and gives reasons is not.
func TestSignatureItemOverSteps(t *testing.T) {
	src := "Noise defines:\n\n" +
		" * **`HKDF(chaining_key, input_key_material)`**:  Takes a `chaining_key` byte\n" +
		"   sequence. Returns a pair, depending on whether it is two:\n" +
		"     * Sets `temp_key = HMAC-HASH(chaining_key, input_key_material)`.\n" +
		"     * Returns the pair `(output1, output2)`.\n\n" +
		"   Note that the outputs are short.\n\n" +
		"MixHash() is used instead of MixKey() because:\n\n" +
		"1. MixHash() is more efficient.\n2. MixHash() produces a non-secret value.\n"
	algs := algorithmPrims(oneSection(src, core.FormatMarkdown, core.Reference))
	if len(algs) != 1 || !strings.HasPrefix(algs[0].Name, "HKDF") {
		t.Fatalf("algorithms %+v, want HKDF alone", algs)
	}
	if want := "Input: chaining_key, input_key_material\n1. Sets temp_key = HMAC-HASH(chaining_key, input_key_material).\n2. Returns the pair (output1, output2)."; algs[0].ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", algs[0].ComputationalForm, want)
	}
}

// A PDF's text of a numbered "Algorithm 4.2 (Title)." whose lead-in runs
// over lines of its own before the numbered steps: the steps are the
// algorithm's, its lead-in whole; a page's foot and the next page's head
// between a step's "…:" and its lettered sub-steps, and a large brace set
// as a "#" line, do not end the list.
func TestNumberedAlgorithmLeadInThenSteps(t *testing.T) {
	src := `The method is old.

**Algorithm 4.2** (Layered search). Suppose that
N is a network with source s and target
t.

1. Initialize the labels,
#
0, v = s
d(v) =
9, v != s

for each vertex v.
2. While some vertex is unlabelled:

7 Named after its first user, 1931.
4. Search Methods

a. Let u be an unlabelled vertex nearest to s.
b. Label u.

3. Return the labels.

**Example 4.3.** Take the path on three vertices.
`
	a := oneSection(src, core.FormatText, core.Textbook)
	a.Document.MediaType = "application/pdf"
	algs := algorithmPrims(a)
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	p := algs[0]
	if !strings.Contains(p.FormalStatement, "with source s and target t. 1. Initialize") {
		t.Errorf("statement lost its lead-in: %q", p.FormalStatement)
	}
	for _, step := range []string{"for each vertex v", "   3. Let u be an unlabelled vertex", "   4. Label u.", "5. Return the labels."} {
		if !strings.Contains(p.ComputationalForm, step) {
			t.Errorf("form lacks %q:\n%s", step, p.ComputationalForm)
		}
	}
	if strings.Contains(p.ComputationalForm, "first user") || strings.Contains(p.FormalStatement, "three vertices") {
		t.Errorf("page furniture or the example read as steps:\n%s", p.ComputationalForm)
	}
}
