package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// Pseudo-code set as a listing — a verbatim or lstlisting environment, a
// fenced block without a language — is an algorithm when it reads as
// pseudo-code: named by the signature of its first line, else by its
// heading, its rows nested by their indentation. Code in a language is not.
func TestPseudocodeListings(t *testing.T) {
	clrs := "MERGE-SORT(A, p, r)\n  if p < r\n      q = floor((p + r) / 2)\n      MERGE-SORT(A, p, q)\n      MERGE-SORT(A, q + 1, r)\n      MERGE(A, p, q, r)\n"
	wantCLRS := "1. MERGE-SORT(A, p, r)\n   2. if p < r\n      3. q = floor((p + r) / 2)\n      4. MERGE-SORT(A, p, q)\n      5. MERGE-SORT(A, q + 1, r)\n      6. MERGE(A, p, q, r)"
	bfs := "for each v in V\n    dist[v] = infinity\ndist[s] = 0\nwhile Q is not empty\n    u = dequeue(Q)\n    for each edge (u, v)\n        if dist[v] = infinity\n            dist[v] = dist[u] + 1\n"
	wantBFS := "1. for each v in V\n   2. dist[v] = infinity\n3. dist[s] = 0\n4. while Q is not empty\n   5. u = dequeue(Q)\n   6. for each edge (u, v)\n      7. if dist[v] = infinity\n         8. dist[v] = dist[u] + 1"
	python := "def bfs(graph, s):\n    dist = {s: 0}\n    queue = [s]\n    while queue:\n        u = queue.pop(0)\n        for v in graph[u]:\n            if v not in dist:\n                dist[v] = dist[u] + 1\n    return dist\n"
	cases := []struct {
		name, src  string
		f          core.Format
		algo, form string
	}{
		{"latex verbatim", "\\section{Sorting}\n\\begin{verbatim}\n" + clrs + "\\end{verbatim}\n", core.FormatLaTeX, "Merge-Sort", wantCLRS},
		{"markdown fence", "## Breadth-first search\n\nThe search visits by layers.\n\n```\n" + bfs + "```\n", core.FormatMarkdown, "Breadth-first search", wantBFS},
		{"python is code", "## Breadth-first search\n\n```python\n" + python + "```\n", core.FormatMarkdown, "", ""},
		{"python without a language", "## Breadth-first search\n\n```\n" + python + "```\n", core.FormatMarkdown, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := oneSection(c.src, c.f, core.Textbook)
			if c.f == core.FormatMarkdown {
				a.Sections[0].Title = "Breadth-first search"
			}
			var algs []core.Primitive
			for _, p := range Extract(a, Options{}) {
				if p.Type == core.Algorithm {
					algs = append(algs, p)
				}
			}
			if c.algo == "" {
				if len(algs) > 0 {
					t.Errorf("code read as an algorithm: %q", algs[0].Name)
				}
				return
			}
			if len(algs) != 1 {
				t.Fatalf("algorithms = %d, want 1", len(algs))
			}
			if algs[0].Name != c.algo {
				t.Errorf("name = %q, want %q", algs[0].Name, c.algo)
			}
			if algs[0].ComputationalForm != c.form {
				t.Errorf("form =\n%s\nwant\n%s", algs[0].ComputationalForm, c.form)
			}
		})
	}
}

// A specification that writes its procedures as Python-like functions,
// several in one untagged block, gives one algorithm per function, its
// rows in order, one of a single row too, and no definition of the
// function's signature beside it; a block with a row beside its
// functions stays whole.
func TestSpecFunctionsBlock(t *testing.T) {
	src := "## Subroutines\n\nThe frameworks share these subroutines.\n\n~~~\n" +
		"def expandKey(seed):\n    seed_full = PRG(seed)\n    (seed_PQ, seed_T) = split(Nseed, seed_full)\n    return (seed_PQ, seed_T)\n\n" +
		"def prepareEncaps(ek_PQ, ek_T):\n    (ss_PQ, ct_PQ) = KEM.Encaps(ek_PQ)\n    ct_T = Exp(g, sk_E)\n    return (ss_PQ, ct_PQ, ct_T)\n\n" +
		"def Combiner(ss_PQ, ss_T, label):\n    return KDF(concat(ss_PQ, ss_T, label))\n~~~\n"
	a := oneSection(src, core.FormatMarkdown, core.Reference)
	got := map[string]string{}
	for _, p := range Extract(a, Options{}) {
		if p.Type != core.Algorithm {
			t.Errorf("a function's signature read as a %s: %s", p.Type, p.Name)
			continue
		}
		got[p.Name] = p.ComputationalForm
	}
	if len(got) != 3 || !strings.Contains(got["ExpandKey"], "seed_full = PRG(seed)") || !strings.Contains(got["PrepareEncaps"], "ct_T = Exp(g, sk_E)") ||
		!strings.Contains(got["Combiner"], "return KDF(concat(ss_PQ, ss_T, label))") {
		t.Errorf("functions of a spec's block: %q", got)
	}
	if b := splitDefs(listingBlock{body: "x = 1\ndef f(a):\n    return a\n"}); b != nil {
		t.Errorf("a block with a row beside its function was split: %+v", b)
	}
}

// One procedure name given once per variant, each in its own part, is
// told apart by the part it sits in ("Encaps (UK Framework)"), not counted.
func TestProcedurePerVariantNamedByPart(t *testing.T) {
	block := func(call string) string {
		return "~~~\ndef Encaps(ek):\n    (ss, ct) = " + call + "(ek)\n    ss_T = Exp(g, ss)\n    return (ss_T, ct)\n~~~\n\n"
	}
	txt := "# Frameworks\n\nThe frameworks follow.\n\n## UG Framework: Universal Combiner with a Group\n\n### Encaps\n\n" + block("Group.Encaps") +
		"## UK Framework: Universal Combiner with a KEM\n\n### Encaps\n\n" + block("KEM.Encaps")
	var names []string
	// read as the hybrid-KEM draft is, a reference of functions
	for _, p := range Extract(analyzed(txt, core.FormatMarkdown, core.Reference), Options{}) {
		if p.Type == core.Algorithm {
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 || names[len(names)-1] != "Encaps (UK Framework)" {
		t.Errorf("procedures per variant named %q", names)
	}
}

// A specification's procedure named by the call that gives its result
// ("res = PseudonymProofInit(context_id, …)") over its named inputs and
// outputs, its steps numbered, one of them a loop in a programming
// language's syntax, is that procedure, named by the call, under a
// heading too long to name it.
func TestSpecProcedureWithCodeLoop(t *testing.T) {
	src := "### Pseudonym Proof Generation Initialization Utility\n\n```\n" +
		"pseudonym_init_res = PseudonymProofInit(context_id,\n                                        nym_secrets)\n\n" +
		"Inputs:\n\n- context_id (REQUIRED), an octet string\n- nym_secrets (REQUIRED), a vector of scalars\n\n" +
		"Outputs:\n\n- a point of G1, or INVALID.\n\nProcedure:\n\n" +
		"1. OP = hash_to_curve_g1(context_id)\n2. z = hash_to_scalar(context_id)\n3. poly = nym_secrets[0]\n" +
		"4. for(let i = 1; i < nym_secrets.length; i++) {\n       poly += nym_secrets[i] * z\n   }\n5. return OP * poly\n```\n"
	a := oneSection(src, core.FormatMarkdown, core.Spec)
	a.Sections[0].Title = "Pseudonym Proof Generation Initialization Utility"
	got := algorithmsIn(a)
	if len(got) != 1 || got[0].Name != "PseudonymProofInit" || !strings.Contains(got[0].ComputationalForm, "poly += nym_secrets[i] * z") {
		t.Fatalf("procedure: %+v", got)
	}
	if strings.Index(got[0].ComputationalForm, "hash_to_curve_g1") > strings.Index(got[0].ComputationalForm, "return OP * poly") {
		t.Errorf("steps out of order:\n%s", got[0].ComputationalForm)
	}
}

// A specification's Python functions (a draft's procedures: annotated,
// their signatures over several lines, a docstring) are its procedures,
// one per function, named as they are called; a block of straight-line
// assignments a lead-in says computes a function ("`SQRT_RATIO_M1(u, v)`
// is defined as follows:") is that function.
func TestSpecPythonAndDefinedAsFollows(t *testing.T) {
	src := "## Key generation\n\nThe algorithms follow.\n\n~~~ python\n" +
		"def gen(self,\n        alpha: tuple[bool, ...],\n        beta: list[F],\n        ) -> tuple[list[bytes], bytes]:\n" +
		"    '''\n    The key generation algorithm.\n    '''\n    if len(alpha) != self.BITS:\n        raise ValueError(\"alpha out of range\")\n" +
		"    seed = gen_rand(self.KEY_SIZE)\n    return (seed, alpha)\n\n" +
		"def dst(ctx: bytes, usage: int) -> bytes:\n    return b'mastic' + byte(usage) + ctx\n~~~\n\n" +
		"`SQRT_RATIO_M1(u, v)` is defined as follows:\n\n```\nr = (u * v^3) * (u * v^7)^((p-5)/8)\ncheck = v * r^2\nr = CT_ABS(r)\n" +
		"was_square = CT_EQ(check, u)\nreturn (was_square, r)\n```\n"
	a := oneSection(src, core.FormatMarkdown, core.Spec)
	got := map[string]core.Primitive{}
	for _, p := range Extract(a, Options{}) {
		if p.Type == core.Algorithm {
			got[p.Name] = p
		}
	}
	gen, ok := got["Gen"]
	if !ok || !strings.Contains(gen.ComputationalForm, "gen(alpha, beta)") || !strings.Contains(gen.ComputationalForm, "seed = gen_rand(self.KEY_SIZE)") ||
		strings.Contains(gen.ComputationalForm, "'''") || !strings.Contains(gen.FormalStatement, "The key generation algorithm.") {
		t.Errorf("gen: %+v (of %v)", gen, nameList(Extract(a, Options{})))
	}
	if _, ok := got["Dst"]; !ok {
		t.Errorf("a one-line function not read: %v", nameList(Extract(a, Options{})))
	}
	if p, ok := got["SQRT_RATIO_M1"]; !ok || !strings.Contains(p.ComputationalForm, "check = v * r^2") {
		t.Errorf("a function defined as follows: %+v", got)
	}
}

// A function a specification sets apart as its signature, describes, and
// then gives as "Steps:" over a block of assignments is one procedure:
// named by the signature (not by the call its steps open with), taking
// its arguments, stated by what the section says of it, its steps in
// order; the section is not also a concept of its own.
func TestStepsLabelledBlockIsTheSectionsFunction(t *testing.T) {
	src := "~~~\nEncrypt(msg, key)\n~~~\n\nThe `Encrypt` function encrypts a message.\n\nInputs:\n\n- `msg`: the message.\n- `key`: the key.\n\n" +
		"Steps:\n\n~~~\nInit(key)\n\nS'0 = AESRound(S7, S0 ^ msg)\nS0 = S'0\n\nreturn S0\n~~~\n"
	a := oneSection(src, core.FormatMarkdown, core.Spec)
	a.Sections[0].Title = "The Encrypt Function"
	ps := Extract(a, Options{})
	var algs []core.Primitive
	for _, p := range ps {
		if p.Type == core.Algorithm {
			algs = append(algs, p)
		} else if strings.Contains(p.Name, "Encrypt") {
			t.Errorf("the section is also %s %q", p.Type, p.Name)
		}
	}
	if len(algs) != 1 || algs[0].Name != "Encrypt" {
		t.Fatalf("procedures %v, want Encrypt", nameList(algs))
	}
	f := algs[0].ComputationalForm
	if !strings.Contains(f, "msg, key") || !strings.Contains(algs[0].FormalStatement, "encrypts a message") ||
		!(strings.Index(f, "Init(key)") < strings.Index(f, "AESRound") && strings.Index(f, "AESRound") < strings.Index(f, "return S0")) {
		t.Errorf("Encrypt = %q / %q", algs[0].FormalStatement, f)
	}
}

// A draft written in Markdown may set its code indented four spaces
// rather than fenced: a Python function so set is a procedure of the
// specification, as a fenced one is; a list item's indented text is not
// code, but the item's second paragraph (the list is a procedure of its
// own, its steps whole).
func TestSpecIndentedCodeBlock(t *testing.T) {
	src := "The coefficients are taken in order. In Python:\n\n" +
		"    def sampleUniform(stream):\n        cs = []\n        while True:\n            b = stream.read(3)\n\n" +
		"            d1 = b[0] + 256*(b[1] % 16)\n            if len(cs) == n: return Poly(cs)\n\n" +
		"Then:\n\n1. Split the seed into\n\n    two halves a and b.\n\n2. Return a.\n"
	got := algorithmsIn(oneSection(src, core.FormatMarkdown, core.Spec))
	if len(got) != 2 || got[0].Name != "SampleUniform" || !strings.Contains(got[0].ComputationalForm, "d1 = b[0] + 256*(b[1] % 16)") {
		t.Fatalf("procedures %+v", got)
	}
	if f := got[1].ComputationalForm; f != "1. Split the seed into two halves a and b.\n2. Return a." {
		t.Errorf("the list's procedure = %q, want its steps whole", f)
	}
}

// A plain-text RFC writes its pseudo-code as a signature alone on an
// indented line, a colon after it, over rows indented deeper and an
// "end", across a page break: each such function is a procedure.
func TestTextRFCPseudocodeFunctions(t *testing.T) {
	src := "   Note: this section contains pseudocode.\n\n      inner_block (state):\n         Qround(state, 0, 4, 8, 12)\n         Qround(state, 1, 5, 9, 13)\n         end\n\n\n\n" +
		"Nir & Langley                 Informational                     [Page 9]\n\fRFC 8439                   ChaCha20 & Poly1305                 June 2018\n\n\n" +
		"      chacha20_block(key, counter, nonce):\n         state = constants | key | counter | nonce\n         for i=1 upto 10\n            inner_block(state)\n            end\n         return serialize(state)\n         end\n\n" +
		"   Where the pipe character (\"|\") denotes concatenation.\n"
	got := algorithmsIn(oneSection(src, core.FormatText, core.Spec))
	if len(got) != 2 || !strings.Contains(got[0].ComputationalForm, "Qround(state, 1, 5, 9, 13)") ||
		!strings.Contains(got[1].ComputationalForm, "return serialize(state)") || strings.Contains(got[1].ComputationalForm, "pipe character") {
		t.Fatalf("procedures %+v", got)
	}
}

// A TypeScript function whose signature takes a line per parameter is one
// function; a signature without a body beside it is a declaration, not a
// reason to read the block as anything else. A Python block's comment
// rows between its functions say what the next one does.
func TestMultilineSignaturesAndComments(t *testing.T) {
	ts := listingBlock{lang: "typescript", body: "function verifyState(\n  connection: ConnectionEnd,\n  height: Height): Error {\n  client = queryClient(connection.clientId)\n  return verify(client, height)\n}\n\n" +
		"function queryMaxTime(): uint64\n\n// the store path of a connection\nfunction connectionPath(id: Identifier): Path {\n  return \"connections/{id}\"\n}\n"}
	parts := splitBraceFuncs(ts)
	if len(parts) != 2 || !strings.HasPrefix(parts[0].body, "verifyState(connection, height)\n") || !strings.Contains(parts[0].body, "return verify(client, height)") ||
		!strings.HasPrefix(parts[1].body, "connectionPath(id)\n") {
		t.Errorf("functions %+v", parts)
	}
	py := listingBlock{lang: "py", body: "# Calculates the padded length.\ndef calc(n):\n  return n + 1\n\n# Pads the text.\ndef pad(s):\n  return s + zeros(calc(len(s)))\n"}
	if parts := splitDefs(py); len(parts) != 2 || parts[0].doc != "Calculates the padded length." || parts[1].doc != "Pads the text." {
		t.Errorf("python functions %+v", parts)
	}
}
