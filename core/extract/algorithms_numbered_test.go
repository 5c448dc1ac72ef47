package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

func textAlgorithms(t *testing.T, src string) []core.Primitive {
	t.Helper()
	return algorithmsIn(oneSection(src, core.FormatMarkdown, core.Textbook))
}

// algorithmsIn extracts a and returns its algorithm primitives in order.
func algorithmsIn(a *core.Analysis) []core.Primitive {
	var algs []core.Primitive
	for _, p := range Extract(a, Options{}) {
		if p.Type == core.Algorithm {
			algs = append(algs, p)
		}
	}
	return algs
}

// algorithm2e without a caption prints its numbered rows and nothing
// else; a PDF's text keeps the numbers of only some rows. The rows from
// row 1 to the last number kept are an algorithm, named by the function
// it defines.
func TestUncaptionedNumberedRows(t *testing.T) {
	src := "Recursively partition the array, put small numbers to the left and large numbers to the right of the pivot.\n\n" +
		"**1 Function** QUICKSORT(A,p,r)is\nif p < r **then**\nq ←PARTITION(A,p,r)\nQUICKSORT(A,p,q-1)\nQUICKSORT(A,q+1,r)\n**end\n7 end\n" +
		"8 Function** PARTITION(A,p,r)is\nx ← A[r]\ni ← p − 1\n**for** j = p to r − 1 do\nif A[j ] ≤ x **then**\ni ← i + 1\nExchangeA[i], A[j ]\n" +
		"**end\nend**\ni ← i + 1\nExchangeA[i], A[r]\n**return** i\n**20 end**\n\n" +
		"## Comparison Analysis\n\nFirst note that PARTITION is always linear in comparisons on n = r − p + 1 terms, whatever the input is.\n"
	algs := textAlgorithms(t, src)
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	p := algs[0]
	if p.Name != "QUICKSORT" {
		t.Errorf("name = %q, want QUICKSORT", p.Name)
	}
	want := "1. Function QUICKSORT(A,p,r)is:\n" +
		"   2. if p < r:\n" +
		"      3. q ←PARTITION(A,p,r)\n" +
		"      4. QUICKSORT(A,p,q-1)\n" +
		"      5. QUICKSORT(A,q+1,r)\n" +
		"6. Function PARTITION(A,p,r)is:\n" +
		"   7. x ← A[r]\n" +
		"   8. i ← p − 1\n" +
		"   9. for j = p to r − 1:\n" +
		"      10. if A[j ] ≤ x:\n" +
		"         11. i ← i + 1\n" +
		"         12. ExchangeA[i], A[j ]\n" +
		"   13. i ← i + 1\n" +
		"   14. ExchangeA[i], A[r]\n" +
		"   15. return i"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
	if strings.Contains(p.FormalStatement, "Comparison") {
		t.Errorf("statement runs past the block: %q", p.FormalStatement)
	}
}

// Rows numbered without a gap, a loop among them, are an algorithm too;
// a numbered list of sentences is not, nor a contents page.
func TestUncaptionedNumberedRowsAndLists(t *testing.T) {
	rows := "Assume you have a uniformly distributed array of real numbers between 0 and 1. Create n buckets.\n\n" +
		"1 Clear B;\n**2 for** i = 1 to n do\n3 Put A[i] into bucket B [⌊n · A[i]⌋];\n**4 end**\n5 Sort each bucket;\n6 Concatenate each bucket;\n\n" +
		"On average there will be 1 element per bucket. If you can rely on the buckets in the worst case not being very large\n"
	algs := textAlgorithms(t, rows)
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	want := "1. Clear B\n2. for i = 1 to n:\n   3. Put A[i] into bucket B [⌊n · A[i]⌋]\n4. Sort each bucket\n5. Concatenate each bucket"
	if algs[0].ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", algs[0].ComputationalForm, want)
	}
	dfs := "## Depth First Search\n\n1 Mark v as visited;\n2 for all v such that (u,v) is an edge and v has not been visited ;\n3 DFS {v};\n\nAdjacency Matrix: O(n²)\n"
	if algs := textAlgorithms(t, dfs); len(algs) != 1 {
		t.Errorf("rows ended by semicolons, a loop among them: algorithms = %+v, want 1", algs)
	}
	for _, src := range []string{
		"The plan has three parts.\n\n1 We read the input and count it.\n2 If the count is odd we stop.\n3 Otherwise we write the result and end.\n\nThat is all there is to it, and the rest of the chapter shows why it works so well.\n",
		"**Proposition 11.4** Let ϕ : G₁ → G₂ be a homomorphism of groups. Then\n\n1. If e is the identity of G₁, then ϕ(e) is the identity of G₂;\n\n" +
			"2. For any element g ∈ G₁, ϕ(g⁻¹) = [ϕ(g )]⁻¹;\n\n3. If H₁ is a subgroup of G₁, then ϕ(H₁) is a subgroup of G₂;\n\n" +
			"4. If H₂ is a subgroup of G₂, then ϕ⁻¹(H₂) = {g ∈ G₁ : ϕ(g ) ∈ H₂} is a subgroup of G₁.\n\nFurthermore, if H₂ is normal in G₂, then so is its inverse image.\n",
		"## Table of Contents\n\n**1 Maximum Subarray Problem** 5\nBrute Force solution . . . . . . . . . . . . . . . 5\n**2 Timing analysis** 6\nClasses of algorithms . . . . . . . . . . . . . . . 6\n**3 Bubble Sort Analysis** 7\n",
	} {
		if algs := textAlgorithms(t, src); len(algs) > 0 {
			t.Errorf("%q read as an algorithm: %+v", src[:30], algs[0].ComputationalForm)
		}
	}
}

// CLRS prints a procedure's signature over its numbered rows, which
// assign with "=" and close no block: the rows are that procedure. An
// algorithm2e float read from a PDF, its rows' numbers mostly lost, keeps
// its inputs and outputs apart from its steps and no number in a step.
func TestCLRSRowsAndAlgorithm2eParts(t *testing.T) {
	src := "Insertion sort works as follows.\n\nInsertion-Sort(A)\n1 **for** j = 2 to A.length\n2 key = A[j ]\n" +
		"3 // Insert A[j ] into the sorted sequence A[1 . . j − 1].\n4 i = j − 1\n5 **while** i > 0 and A[i] > key\n6 A[i + 1] = A[i]\n7 i = i − 1\n8 A[i + 1] = key\n"
	algs := textAlgorithms(t, src)
	if len(algs) != 1 || algs[0].Name != "Insertion-Sort" || !strings.HasPrefix(algs[0].ComputationalForm, "Input: A\n1. for j = 2 to A.length\n") ||
		!strings.HasSuffix(algs[0].ComputationalForm, "A[i + 1] = key") {
		t.Fatalf("CLRS procedure: %+v", algs)
	}
	src = "**Algorithm 1:** Breadth-first search\n\n**Input:** A graph G = (V, E ) and a source s\n**Output:** Distances d\n**1 Function** BFS(G, s):\n\n" +
		"**foreach** v ∈ V do\nd[v ] ← ∞;\n\nd[s] ← 0;\nQ ← {s};\n**while** Q ≠ ∅ do\nu ← Dequeue(Q);\n\n12 **return** d;\n"
	algs = textAlgorithms(t, src)
	if len(algs) != 1 {
		t.Fatalf("algorithm2e float: %+v", algs)
	}
	f := algs[0].ComputationalForm
	if !strings.HasPrefix(f, "Input: A graph G = (V, E ) and a source s\nOutput: Distances d\n1. Function BFS(G, s):") || strings.Contains(f, "12 return") || !strings.Contains(f, "return d") {
		t.Errorf("algorithm2e float form:\n%s", f)
	}
}

// Captions over their rows (algorithmicx): an algorithm whose rows are
// unnumbered reads the rows under its caption, never the rows of the
// algorithm above it, which are that one's.
func TestUnnumberedRowsUnderTheirCaption(t *testing.T) {
	src := "**Algorithm 1** Binary search\n**Require:** A sorted array A[1..n] and a key x\n1: **procedure** BinarySearch(A, x)\n2: lo ← 1, hi ← n\n" +
		"3: **while** lo ≤ hi do\n4: mid ← ⌊(lo + hi)/2⌋\n5: **end while**\n6: **return** 0\n7: **end procedure**\n\n" +
		"**Algorithm 2** Euclid’s algorithm\n**function** Gcd(a, b)\n\n**while** b ≠ 0 do\n(a, b) ← (b, a mod b)\n\n**end while\nreturn** a\n**end function**\n"
	algs := textAlgorithms(t, src)
	if len(algs) != 2 {
		t.Fatalf("algorithms %+v", algs)
	}
	if f := algs[1].ComputationalForm; !strings.HasPrefix(f, "1. function Gcd(a, b):") || strings.Contains(f, "BinarySearch") {
		t.Errorf("Euclid's algorithm = %q", f)
	}
}

// algorithm2e's boxed and plain styles print the caption under the rows:
// a document whose captions follow rows and precede none reads each
// algorithm's rows above its caption, its inputs and outputs with them,
// never the next algorithm's rows under it.
func TestCaptionsUnderTheirRows(t *testing.T) {
	src := "## 2 Graphs\n\n**Input:** A graph G = (V, E ) and a source s\n**Output:** Distances d\n**1 Function** BFS(G, s):\n**foreach** v ∈ V do\n\n" +
		"d[v ] ← ∞;\n**end**\nd[s] ← 0;\n**while** Q ≠ ∅ do\n\nu ← Dequeue(Q);\n**end\nend\nreturn** d;\n\n**Algorithm 1:** Breadth-first search\n\n" +
		"**Data:** n ≥ 0\n**Result:** y = xⁿ\n1 y ← 1\n2 if n < 0 **then**\n3 X ← 1/x\n**4 else**\n5 X ← x\n**6 end\n7 repeat**\n" +
		"8 N ← ⌊N/2⌋\n**9 until** N = 0\n\n**Algorithm 2:** Power\n"
	algs := textAlgorithms(t, src)
	if len(algs) != 2 {
		t.Fatalf("algorithms %+v", algs)
	}
	bfs, pow := algs[0].ComputationalForm, algs[1].ComputationalForm
	if algs[0].Name != "Breadth-first search" || !strings.HasPrefix(bfs, "Input: A graph G = (V, E ) and a source s\nOutput: Distances d\n1. Function BFS(G, s):") || strings.Contains(bfs, "y ← 1") {
		t.Errorf("BFS = %q", bfs)
	}
	if algs[1].Name != "Power" || !strings.HasPrefix(pow, "Input: n ≥ 0\nOutput: y = xⁿ\n1. y ← 1") {
		t.Errorf("Power = %q", pow)
	}
}

// A PDF's text may set a row's superscripts on a line of their own,
// between the caption and row 1 or between rows ("−1", "k+1 k"): they
// neither end the rows nor are rows.
func TestStrayScriptLinesBetweenRows(t *testing.T) {
	src := "**Algorithm 2** Revised simplex method\n−1\n1: initialise. Initial basis B and B are available.\n⊤ ⊤ −1 s/c ⊤\n" +
		"2: Calculate p = c_B B and cⱼ for j ∈ I_N.\n3: **while** cⱼ < 0 for some j do\n4: Choose some j.\n5: **end while**\n6: **return** optimal basis I_B.\n\nThe key feature is memory.\n"
	algs := textAlgorithms(t, src)
	if len(algs) != 1 || algs[0].Name != "Revised simplex method" || !strings.Contains(algs[0].ComputationalForm, "return optimal basis I_B") ||
		strings.Contains(algs[0].ComputationalForm, "s/c") {
		t.Fatalf("algorithms %+v", algs)
	}
}

// A listing printed with every line numbered under its title reads in a
// PDF's text as the title, then "1 row", "2 row": the title names it,
// whatever the rows read as. A table of contents is numbered too, but its
// rows end in page numbers, a table's rows hold no word, and an untitled run is left to the
// pseudo-code test.
func TestTitledLineNumberedListing(t *testing.T) {
	src := "The multiplex lets several threads in.\n\nMultiplex solution\n1 multiplex.wait()\n2 critical section\n3 multiplex.signal()\n\nWhat happens if more than one thread arrives?\n\n" +
		"Contents\n1 Introduction 3\n2 Semaphores 7\n3 Patterns 11\n\nSome text.\n\n1 eat breakfast\n2 eat lunch\n\n" +
		"Step Vertex Distance\n1 a 0\n2 b 3\n3 c 5\n"
	algs := textAlgorithms(t, src)
	if len(algs) != 1 {
		t.Fatalf("algorithms %v, want the titled listing alone", names(algs))
	}
	if a := algs[0]; a.Name != "Multiplex solution" || !strings.Contains(a.ComputationalForm, "2. critical section") {
		t.Errorf("algorithm %q form %q", a.Name, a.ComputationalForm)
	}
}
