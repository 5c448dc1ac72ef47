package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// An "Algorithm N" block of PDF text — its caption, then its numbered
// rows — is one algorithm named by its caption, its rows nested by their
// keywords, not a marker whose statement is cut mid-formula.
func TestAlgorithmCaptionBlockInText(t *testing.T) {
	src := `The merge step takes linear time, as we show next.

Algorithm 3 Merge sort
Require: an array A[1..n]
Ensure: A sorted
1: procedure MergeSort(A, p, r)
2:   if p < r then
3:     q ← ⌊(p + r)/2⌋
4:     MergeSort(A, p, q)
5:     MergeSort(A, q + 1, r)
6:     Merge(A, p, q, r)
7:   else
8:     return A
9:   end if
10: end procedure

Its running time is O(n log n) by the master theorem.
`
	algs := algorithmsIn(oneSection(src, core.FormatText, core.Textbook))
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	p := algs[0]
	if p.Name != "Merge sort" {
		t.Errorf("name = %q, want Merge sort", p.Name)
	}
	want := "Input: an array A[1..n]\nOutput: A sorted\n" +
		"1. procedure MergeSort(A, p, r):\n" +
		"   2. if p < r:\n" +
		"      3. q ← ⌊(p + r)/2⌋\n" +
		"      4. MergeSort(A, p, q)\n" +
		"      5. MergeSort(A, q + 1, r)\n" +
		"      6. Merge(A, p, q, r)\n" +
		"   7. else:\n" +
		"      8. return A"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
	if strings.Contains(p.FormalStatement, "running time") {
		t.Errorf("statement runs past the block: %q", p.FormalStatement)
	}
}

// algorithm2e prints its caption below the rows ("Algorithm 3: Linear
// Subarray" after row 5); the rows above it are the algorithm, and the
// prose after the caption is not its statement.
func TestAlgorithmCaptionBelowItsRows(t *testing.T) {
	src := `Loosely speaking the maximum sum is the previous maximum sum, plus the current value.
 1 M ← 0, S ← 0;
 2 for i = 1 to n do
 3      S ← max(S + A[i], 0);
 4     M = max(M, S);
 5 end
                                         Algorithm 3: Linear Subarray
The third method is Θ(n).
Correctness of the algorithm stems from proof by induction on S = max(S + A[i], 0).
`
	algs := algorithmsIn(oneSection(src, core.FormatText, core.Textbook))
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	p := algs[0]
	if p.Name != "Linear Subarray" {
		t.Errorf("name = %q", p.Name)
	}
	want := "1. M ← 0, S ← 0\n" +
		"2. for i = 1 to n:\n" +
		"   3. S ← max(S + A[i], 0)\n" +
		"   4. M = max(M, S)"
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
	if strings.Contains(p.FormalStatement, "third method") {
		t.Errorf("statement runs into the prose after the caption: %q", p.FormalStatement)
	}
}

// lore's PDF reader sets the keywords of algorithm2e's rows in bold.
func TestAlgorithmRowsInBold(t *testing.T) {
	src := "Loosely speaking the maximum sum is the previous one.\n" +
		"1 M ← 0, S ← 0;\n**2 for** i = 1 to n do\n3 S ← max(S + A[i], 0);\n4 M = max(M, S );\n**5 end**\n\n" +
		"**Algorithm 3:** Linear Subarray\n\nThe third method is Θ(n).\n"
	algs := algorithmsIn(oneSection(src, core.FormatMarkdown, core.Textbook))
	if len(algs) != 1 || algs[0].Name != "Linear Subarray" {
		t.Fatalf("algorithms = %+v, want Linear Subarray", algs)
	}
	want := "1. M ← 0, S ← 0\n2. for i = 1 to n:\n   3. S ← max(S + A[i], 0)\n   4. M = max(M, S )"
	if algs[0].ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", algs[0].ComputationalForm, want)
	}
}

// A function a specification describes by "the following steps" and a
// list is an algorithm named by the function, its arguments its inputs,
// the list its steps with nested items nested.
func TestStepsOfANamedFunction(t *testing.T) {
	src := "# Processing rules\n\nA `SymmetricState` responds to the following functions:\n\n" +
		"  * **`MixKey(input_key_material)`**:  Executes the following steps:\n\n" +
		"      * Sets `ck, temp_k = HKDF(ck, input_key_material, 2)`.\n" +
		"      * If `HASHLEN` is 64, then truncates `temp_k` to 32 bytes.\n" +
		"      * Calls `InitializeKey(temp_k)`.\n\n" +
		"  * **`MixHash(data)`**:  Sets `h = HASH(h || data)`.\n\n" +
		"  * **`WriteMessage(payload, message_buffer)`**: Performs the following steps:\n\n" +
		"      * Fetches the next message pattern, then processes each token:\n\n" +
		"          * For `\"e\"`:  Sets `e` to `GENERATE_KEYPAIR()`.\n\n" +
		"          * For `\"ee\"`: Calls `MixKey(DH(e, re))`.\n\n" +
		"      * Appends `EncryptAndHash(payload)` to the buffer.\n\n" +
		"Other text follows.\n"
	a := oneSection(src, core.FormatMarkdown, core.Spec)
	algs := map[string]core.Primitive{}
	for _, p := range Extract(a, Options{}) {
		if p.Type == core.Algorithm {
			algs[p.Name] = p
		}
	}
	p, ok := algs["MixKey"]
	if !ok {
		t.Fatalf("no algorithm MixKey; got %q", algNames(algs))
	}
	want := "Input: input_key_material\n" +
		"1. Sets ck, temp_k = HKDF(ck, input_key_material, 2).\n" +
		"2. If HASHLEN is 64, then truncates temp_k to 32 bytes.\n" +
		"3. Calls InitializeKey(temp_k)."
	if p.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", p.ComputationalForm, want)
	}
	w, ok := algs["WriteMessage"]
	if !ok {
		t.Fatalf("no algorithm WriteMessage; got %q", algNames(algs))
	}
	want = "Input: payload, message_buffer\n" +
		"1. Fetches the next message pattern, then processes each token:\n" +
		"   2. For \"e\": Sets e to GENERATE_KEYPAIR().\n" +
		"   3. For \"ee\": Calls MixKey(DH(e, re)).\n" +
		"4. Appends EncryptAndHash(payload) to the buffer."
	if w.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", w.ComputationalForm, want)
	}
	if !w.HasEdge(p.ID, core.Requires) {
		t.Errorf("WriteMessage calls MixKey but does not require it: %+v", w.Dependencies)
	}
	for _, p := range Extract(a, Options{}) {
		if p.Type != core.Algorithm && strings.HasPrefix(p.Name, "MixKey") {
			t.Errorf("MixKey read twice, as %s %q", p.Type, p.Name)
		}
	}
	if _, ok := algs["MixHash"]; ok {
		t.Errorf("MixHash states no steps, yet is an algorithm")
	}
}

// A procedure given in prose by phases — "Phase 1. (a) … (b) …" — is an
// algorithm, whatever the content type: each phase a step, its lettered
// parts nested under it; the invariant after it stays what it is.
func TestPhasesInProse(t *testing.T) {
	src := "## 3 The protocol\n\nThe algorithm runs in two phases, as follows.\n\n" +
		"Phase 1. (a) A proposer selects a proposal number n and sends a prepare request with number n to a majority of acceptors.\n" +
		"(b) If an acceptor receives a prepare request with number n greater than any it answered, then it responds with a promise.\n\n" +
		"Phase 2. (a) If the proposer receives a response from a majority of acceptors, then it sends an accept request to each of them.\n" +
		"(b) If an acceptor receives an accept request for a proposal numbered n, it accepts the proposal.\n\n" +
		"Invariant 1. An acceptor accepts at most one value per ballot.\n"
	for _, ct := range []core.ContentType{core.Paper, core.Textbook} {
		a := oneSection(src, core.FormatMarkdown, ct)
		a.Sections[0].Title = "3 The protocol"
		var algs []core.Primitive
		for _, p := range Extract(a, Options{}) {
			if p.Type == core.Algorithm {
				algs = append(algs, p)
			}
		}
		if len(algs) != 1 {
			t.Fatalf("%s: algorithms = %d, want 1", ct, len(algs))
		}
		want := "1. Phase 1:\n" +
			"   2. A proposer selects a proposal number n and sends a prepare request with number n to a majority of acceptors.\n" +
			"   3. If an acceptor receives a prepare request with number n greater than any it answered, then it responds with a promise.\n" +
			"4. Phase 2:\n" +
			"   5. If the proposer receives a response from a majority of acceptors, then it sends an accept request to each of them.\n" +
			"   6. If an acceptor receives an accept request for a proposal numbered n, it accepts the proposal."
		if algs[0].ComputationalForm != want {
			t.Errorf("%s: form =\n%s\nwant\n%s", ct, algs[0].ComputationalForm, want)
		}
		if !strings.Contains(strings.ToLower(algs[0].Name), "protocol") {
			t.Errorf("%s: name = %q, want the section's protocol", ct, algs[0].Name)
		}
	}
}

// In a PDF's text the list lost its indentation: the nested items are
// told by their marker ("–" under "•"), and the next "•" item ends them.
func TestStepsOfANamedFunctionInPDFText(t *testing.T) {
	src := "A SymmetricState responds to the following functions:\n\n" +
		"• **MixKey(input_key_material)**: Executes the following steps:\n\n" +
		"– Sets ck, temp_k = HKDF(ck, input_key_material, 2).\n" +
		"– If HASHLEN is 64, then truncates temp_k to 32 bytes.\n" +
		"– Calls InitializeKey(temp_k).\n\n" +
		"• **MixHash(data)**: Sets h = HASH(h || data).\n\n" +
		"• **MixKeyAndHash(input_key_material)**: This function is used for handling\n" +
		"pre-shared symmetric keys. It executes the\nfollowing steps:\n\n" +
		"– Sets ck, temp_h, temp_k = HKDF(ck, input_key_material, 3).\n" +
		"– Calls MixHash(temp_h).\n\n" +
		"• **GetHandshakeHash()**: Returns h.\n"
	algs := map[string]core.Primitive{}
	for _, p := range Extract(oneSection(src, core.FormatMarkdown, core.Spec), Options{}) {
		if p.Type == core.Algorithm {
			algs[p.Name] = p
		}
	}
	want := map[string]string{
		"MixKey": "Input: input_key_material\n1. Sets ck, temp_k = HKDF(ck, input_key_material, 2).\n" +
			"2. If HASHLEN is 64, then truncates temp_k to 32 bytes.\n3. Calls InitializeKey(temp_k).",
		"MixKeyAndHash": "Input: input_key_material\n1. Sets ck, temp_h, temp_k = HKDF(ck, input_key_material, 3).\n2. Calls MixHash(temp_h).",
	}
	if len(algs) != len(want) {
		t.Errorf("algorithms = %q, want MixKey and MixKeyAndHash", algNames(algs))
	}
	for n, f := range want {
		if algs[n].ComputationalForm != f {
			t.Errorf("%s form =\n%s\nwant\n%s", n, algs[n].ComputationalForm, f)
		}
	}
}

// A procedure whose lead-in ends "as follows." over a list is an
// algorithm: named by the function its sentence calls (Markdown's
// escapes read as what they print), by its item's signature, or — where
// the lead-in only says to proceed — by its section; a lead-in that says
// what things are ("are defined as follows.") over a list of them is not.
func TestStepsUnderAsFollows(t *testing.T) {
	src := "For both curves the G.derive\\_point(H, seed) function shall be implemented as follows.\n\n" +
		" - First str = encode\\_seed(seed) SHALL BE calculated.\n\n" +
		" - This string is then hashed,\n   h = H.hash(str).\n\n" +
		" - The point is decoded from h.\n\n" +
		"Code for the functions above is in the appendix.\n\n" +
		"The functions of the group are defined as follows.\n\n" +
		"- G.order is the order of the group.\n\n" +
		"- G.cofactor is the cofactor of the curve.\n\n" +
		"- It is RECOMMENDED to implement G.pick\\_scalar() as follows.\n\n" +
		"  - Set s = random\\_bytes(32).\n\n" +
		"  - Clear the top bits.\n\n" +
		"- G.zero is the identity.\n\n" +
		"One way that works without ordering is to proceed as follows.\n\n" +
		"- First derive the key k = H.hash(sid).\n\n" +
		"- Then let each party send a tag over its message.\n\n" +
		"- Let the receiver check the tag.\n\n" +
		"## Next\n"
	doc := &core.Document{Path: "fixture", Format: core.FormatMarkdown, Text: src}
	a := &core.Analysis{Document: doc, ContentType: core.Spec,
		Sections: []*core.Section{{Title: "Ticket confirmation", Level: 1, End: len(src)}}}
	algs := map[string]core.Primitive{}
	for _, p := range Extract(a, Options{}) {
		if p.Type == core.Algorithm {
			algs[p.Name] = p
		}
	}
	d, ok := algs["G.derive_point"]
	if !ok {
		t.Fatalf("no algorithm G.derive_point; got %q", algNames(algs))
	}
	want := "Input: H, seed\n" +
		"1. First str = encode_seed(seed) SHALL BE calculated.\n" +
		"2. This string is then hashed, h = H.hash(str).\n" +
		"3. The point is decoded from h."
	if d.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", d.ComputationalForm, want)
	}
	if strings.Contains(d.FormalStatement, "appendix") {
		t.Errorf("statement runs past the list: %q", d.FormalStatement)
	}
	s, ok := algs["G.pick_scalar"]
	if !ok {
		t.Fatalf("no algorithm G.pick_scalar; got %q", algNames(algs))
	}
	if want := "1. Set s = random_bytes(32).\n2. Clear the top bits."; s.ComputationalForm != want {
		t.Errorf("form =\n%s\nwant\n%s", s.ComputationalForm, want)
	}
	k, ok := algs["Ticket confirmation"]
	if !ok {
		t.Fatalf("no algorithm for the section's procedure; got %q", algNames(algs))
	}
	if !strings.Contains(k.ComputationalForm, "3. Let the receiver check the tag.") {
		t.Errorf("form = %q, want its three steps", k.ComputationalForm)
	}
	if len(algs) != 3 {
		t.Errorf("algorithms = %q, want 3 (a list of definitions is none)", algNames(algs))
	}
}

// An appendix numbers its algorithms by its letter ("Algorithm B.1:"):
// the caption below unnumbered rows names the procedure above it all the
// same.
func TestAppendixAlgorithmCaption(t *testing.T) {
	src := "The matching is then straightforward, as the listing shows for each node of the tree.\n\n" +
		"**function** FindAll (tree T, pattern set P):\n" +
		"M ← array of size |T|\n" +
		"**foreach** node n ∈ T do\n" +
		"M[n] ← M[n] ∪ matches(n, P)\n" +
		"**return** M\n\n" +
		"Algorithm B.1: A straightforward algorithm for matching trees.\n\n" +
		"Its running time is quadratic in the size of the tree and the number of patterns.\n"
	algs := algorithmsIn(oneSection(src, core.FormatText, core.Textbook))
	if len(algs) != 1 {
		t.Fatalf("algorithms = %d, want 1: %+v", len(algs), algs)
	}
	if !strings.Contains(algs[0].ComputationalForm, "return M") {
		t.Errorf("form lacks the rows above the caption:\n%s", algs[0].ComputationalForm)
	}
}

// An algorithm whose rows a PDF prints without numbers (algpseudocode's
// default), its text broken into paragraphs between them, is read from
// its caption to the prose after it, its rows in order.
func TestCaptionedAlgorithmWithoutNumbers(t *testing.T) {
	src := "The construction, detailed in Algorithm 4, takes O(n log σ) time.\n\n" +
		"**Algorithm 4** Building a wavelet tree\n**function** build(S, n, a, b)\n\nif a = b **then**\n\nFree S\n**return** null\n**end if**\n" +
		"v ← new node\nm ← ⌊(a + b)/2⌋\n\n**for** i ← 1 to n do\n\nbitset(v.B, i)\n\n**end for**\n**return** v\n**end function**\n\n" +
		"The wavelet tree answers access queries in logarithmic time by walking from the root to a leaf.\n"
	a := oneSection(src, core.FormatText, core.Textbook)
	algs := algorithmsIn(a)
	if len(algs) != 1 {
		t.Fatalf("algorithms: %v", nameList(algs))
	}
	form := algs[0].ComputationalForm
	for _, w := range []string{"Free S", "v ← new node", "bitset(v.B, i)", "return v"} {
		if !strings.Contains(form, w) {
			t.Errorf("form lacks %q:\n%s", w, form)
		}
	}
	if strings.Index(form, "new node") > strings.Index(form, "bitset") || strings.Contains(form, "logarithmic") {
		t.Errorf("rows out of order or prose taken:\n%s", form)
	}
}

// Procedures in prose a specification leads into in other words: a
// paragraph that says the list after it shows the steps (an RFC's page
// break between them), named by what the steps do; "X is encoded as
// follows:" over numbered items, one of them a block of code at the
// list's edge, an item's text running on unindented; "The MAP function is
// defined … as:" names its function without its arguments. Items numbered
// 1, 2, 3 are one level.
func TestProseProceduresLedInOtherWords(t *testing.T) {
	rfc := "   As an example, the following shows the steps used to establish a\n   connection to write a file.  Note that WRQ and ACK are packets.\n\n\n\n" +
		"Sollins                                                         [Page 4]\n\f\nRFC 1350                    TFTP Revision 2                    July 1992\n\n\n" +
		"      1. Host A sends  a  \"WRQ\"  to  host  B  with  source=  A's  TID,\n         destination= 69.\n\n" +
		"      2. Host  B  sends  a \"ACK\" (with block number= 0) to host A with\n         source= B's TID, destination= A's TID.\n\n" +
		"   At this point the connection has been established.\n"
	a := oneSection(rfc, core.FormatText, core.Spec)
	a.Sections[0].Title = "Initial Connection Protocol"
	got := algorithmsIn(a)
	if len(got) != 1 || got[0].Name != "Establish a connection to write a file" ||
		got[0].ComputationalForm != "1. Host A sends a \"WRQ\" to host B with source= A's TID, destination= 69.\n2. Host B sends a \"ACK\" (with block number= 0) to host A with source= B's TID, destination= A's TID." {
		t.Fatalf("procedures %+v", got)
	}

	md := "A group element `(x0, y0)` is\nencoded as follows:\n\n1. Process the representation into s as follows:\n\n```\nu1 = x0 * y0\ns = CT_ABS(u1)\n```\n\n" +
		"2. Return the encoding of s.  More specifically,\nthis is the canonical encoding.\n\nNote that decoding then encoding is the identity.\n\n" +
		"The MAP function is defined on 32-byte strings as:\n\n1. Mask the most significant bit.\n2. Compute r.\n3. Return the point.\n"
	a = oneSection(md, core.FormatMarkdown, core.Spec)
	a.Sections[0].Title = "Encode"
	algs := map[string]core.Primitive{}
	for _, p := range Extract(a, Options{}) {
		if p.Type == core.Algorithm {
			algs[p.Name] = p
		}
	}
	want := "1. Process the representation into s as follows:\n   2. u1 = x0 * y0\n   3. s = CT_ABS(u1)\n4. Return the encoding of s. More specifically, this is the canonical encoding."
	if e, ok := algs["Encode"]; !ok || e.ComputationalForm != want {
		t.Errorf("Encode = %q, want %q (got %q)", e.ComputationalForm, want, algNames(algs))
	}
	if m, ok := algs["MAP"]; !ok || m.ComputationalForm != "1. Mask the most significant bit.\n2. Compute r.\n3. Return the point." {
		t.Errorf("MAP = %q (got %q)", m.ComputationalForm, algNames(algs))
	}
}

// "Implementations MAY use the following logic to …:" over numbered items
// (blank lines between them, each numbered "1.") gives the steps of the
// procedure the lead names by its purpose, else by its section; a lead
// inside a block of code is the listings' reader's, not a list's.
func TestFollowingLogicLeadsSteps(t *testing.T) {
	src := "Implementations MAY use the following logic to keep counters\nmonotonic:\n\n\n" +
		"1. Compare the current timestamp against the previous one.\n\n\n\n" +
		"1. If the timestamps are equal, increment the counter.\n\n\n\n" +
		"1. Otherwise re-initialize the counter.\n\n" +
		"~~~\nConstants:\n- c1 = sqrt(-486664)\n\nSteps:\n1. x = map(u)\n2. return x\n~~~\n"
	a := oneSection(src, core.FormatMarkdown, core.Spec)
	got := algorithmsIn(a)
	want := "1. Compare the current timestamp against the previous one.\n2. If the timestamps are equal, increment the counter.\n3. Otherwise re-initialize the counter."
	if len(got) == 0 || got[0].Name != "Keep counters monotonic" || got[0].ComputationalForm != want {
		t.Fatalf("procedures %+v", got)
	}
	for _, p := range got {
		if strings.EqualFold(p.Name, "sqrt") {
			t.Errorf("a lead inside a code block read as a list's: %q", p.Name)
		}
	}
}
