package extract

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

var idPattern = regexp.MustCompile(`^[a-z]+(-[a-z0-9]+)+$`)

// oneSection builds an analysis with one root section covering the text,
// as the reference's fixtures do.
func oneSection(txt string, f core.Format, ct core.ContentType) *core.Analysis {
	doc := &core.Document{Path: "fixture", Format: f, Text: txt}
	return &core.Analysis{
		Document:    doc,
		ContentType: ct,
		Sections:    []*core.Section{{Title: "Fixture", Level: 1, End: len(txt)}},
	}
}

func checkName(t *testing.T, p core.Primitive) {
	t.Helper()
	n := p.Name
	// A term is short; a name that states its claim ("A compact subset of
	// a metric space is closed and bounded") may take a line.
	if n == "" || len(n) > maxClaim {
		t.Errorf("%s: name %q empty or longer than %d bytes", p.ID, n, maxClaim)
		return
	}
	if utf8.RuneCountInString(n) < 2 || text.IsStopword(strings.ToLower(n)) {
		t.Errorf("%s: name %q is a letter or a stopword", p.ID, n)
	}
	f := strings.Fields(n)
	last := strings.ToLower(strings.Trim(f[len(f)-1], ",.;:"))
	if text.IsStopword(last) && f[len(f)-1] != "I" && !numberWords[last] && !specBound(f) { // "… of degree one", "… at most once"
		t.Errorf("%s: name %q ends in the stopword %q", p.ID, n, last)
	}
	if strings.HasSuffix(n, ",") || strings.HasSuffix(n, ":") {
		t.Errorf("%s: name %q ends in punctuation", p.ID, n)
	}
}

func checkKeywords(t *testing.T, p core.Primitive) {
	t.Helper()
	for _, k := range p.Keywords {
		if text.IsStopword(k) {
			t.Errorf("%s: keyword %q is a stopword", p.ID, k)
		}
		if strings.ContainsAny(k, ".,;:!?()[]{}\"'`$\\") {
			t.Errorf("%s: keyword %q holds punctuation", p.ID, k)
		}
	}
	for _, k := range p.ApplicabilityPatterns {
		if text.IsStopword(k) || len(k) < 3 {
			t.Errorf("%s: applicability pattern %q", p.ID, k)
		}
	}
}

func find(ps []core.Primitive, typ core.PrimitiveType) []core.Primitive {
	var out []core.Primitive
	for _, p := range ps {
		if p.Type == typ {
			out = append(out, p)
		}
	}
	return out
}

// The extractor fixtures of the reference (§4.2).

func TestTextbookTheoremSection(t *testing.T) {
	a := oneSection("Theorem 3.1: For all continuous functions f on [a,b], the integral exists.", core.FormatMarkdown, core.Textbook)
	ps := Extract(a, Options{})
	th := find(ps, core.Theorem)
	if len(th) != 1 {
		t.Fatalf("got %d theorems, want 1: %+v", len(th), ps)
	}
	if !strings.Contains(th[0].Section, "3.1") {
		t.Errorf("section %q does not contain 3.1", th[0].Section)
	}
	if th[0].Confidence != 0.9 {
		t.Errorf("confidence %.2f, want 0.9", th[0].Confidence)
	}
	if !strings.HasPrefix(th[0].ComputationalForm, "Given preconditions, then: ") {
		t.Errorf("computational form %q", th[0].ComputationalForm)
	}
	checkName(t, th[0])
}

func TestTextbookDefinitionMarker(t *testing.T) {
	a := oneSection("Definition: A vector space is a set with addition and scaling.\n", core.FormatMarkdown, core.Textbook)
	ps := Extract(a, Options{})
	if len(ps) != 1 || ps[0].Type != core.Definition {
		t.Fatalf("want one definition, got %+v", ps)
	}
	if ps[0].Name != "Vector Space" {
		t.Errorf("name %q, want Vector Space", ps[0].Name)
	}
	if ps[0].ComputationalForm != "Defines: A vector space is a set with addition and scaling" {
		t.Errorf("computational form %q", ps[0].ComputationalForm)
	}
}

func TestTextbookMultiple(t *testing.T) {
	txt := "# Algebra\n\nDefinition 2.1: A group is a set G with a binary operation. It is closed.\n" +
		"Theorem 2.2 (Lagrange): The order of a subgroup divides the order of the group.\n" +
		"Algorithm 3: Euclid computes gcd.\n" +
		"Identity: a*1 = a\n"
	a := oneSection(txt, core.FormatMarkdown, core.Textbook)
	a.Sections[0].Title = "Algebra"
	ps := Extract(a, Options{})
	if len(ps) != 4 {
		t.Fatalf("got %d primitives, want 4: %+v", len(ps), ps)
	}
	want := []struct {
		typ     core.PrimitiveType
		name    string
		section string
	}{
		{core.Definition, "Group", "2.1"},
		{core.Theorem, "Lagrange", "2.2"},
		{core.Algorithm, "", "3"},
		{core.Identity, "", ""},
	}
	for i, w := range want {
		p := ps[i]
		if p.Type != w.typ {
			t.Errorf("%d: type %s, want %s", i, p.Type, w.typ)
		}
		if w.name != "" && p.Name != w.name {
			t.Errorf("%d: name %q, want %q", i, p.Name, w.name)
		}
		if w.section != "" && p.Section != w.section {
			t.Errorf("%d: section %q, want %q", i, p.Section, w.section)
		}
		checkName(t, p)
		checkKeywords(t, p)
	}
	if !strings.Contains(ps[0].FormalStatement, "It is closed.") {
		t.Errorf("definition statement lost its second sentence: %q", ps[0].FormalStatement)
	}
	if ps[3].ComputationalForm != "a*1 = a" {
		t.Errorf("identity form %q", ps[3].ComputationalForm)
	}
	if ps[1].ID != "learn-lagrange" {
		t.Errorf("id %q, want learn-lagrange", ps[1].ID)
	}
	for _, p := range ps {
		if len(p.ApplicabilityPatterns) == 0 {
			t.Errorf("%s: no applicability patterns", p.ID)
		}
	}
}

func TestTutorialSteps(t *testing.T) {
	a := oneSection("Step 1: Install the package with go get.\n\nStep 2: Configure the client and run it.\n", core.FormatMarkdown, core.Tutorial)
	ps := Extract(a, Options{})
	tech := find(ps, core.Technique)
	if len(tech) < 2 {
		t.Fatalf("got %d techniques, want ≥ 2: %+v", len(tech), ps)
	}
	if tech[0].Name != "Step 1: Install the Package" || tech[0].Section != "1" {
		t.Errorf("first step: name %q section %q", tech[0].Name, tech[0].Section)
	}
	for _, p := range tech {
		if p.Confidence != 0.9 {
			t.Errorf("%s: confidence %.2f", p.Name, p.Confidence)
		}
	}
}

func TestTutorialKeyConceptAndExercise(t *testing.T) {
	a := oneSection("Key Concept: A closure captures variables from its scope.\n\nExercise: Write a counter using a closure.\n\nTip: Keep closures small.\n", core.FormatMarkdown, core.Tutorial)
	ps := Extract(a, Options{})
	if len(ps) != 3 {
		t.Fatalf("got %d primitives: %+v", len(ps), ps)
	}
	if ps[0].Type != core.Definition || ps[0].Confidence != 0.8 || ps[0].Name != "Closure" {
		t.Errorf("key concept: %s %q %.2f", ps[0].Type, ps[0].Name, ps[0].Confidence)
	}
	if ps[1].Type != core.Technique || ps[1].Confidence != 0.7 {
		t.Errorf("exercise: %s %.2f", ps[1].Type, ps[1].Confidence)
	}
	if ps[2].Type != core.Technique || ps[2].Confidence != 0.7 {
		t.Errorf("tip: %s %.2f", ps[2].Type, ps[2].Confidence)
	}
}

func TestSpecRequirements(t *testing.T) {
	txt := "The server MUST validate the token before use.\nThe endpoint SHALL return 200 on success.\n"
	a := oneSection(txt, core.FormatText, core.Spec)
	ps := Extract(a, Options{})
	ax := find(ps, core.Axiom)
	if len(ax) < 2 {
		t.Fatalf("got %d axioms, want ≥ 2: %+v", len(ax), ps)
	}
	for _, p := range ax {
		if p.Confidence != 0.9 {
			t.Errorf("%s: confidence %.2f", p.Name, p.Confidence)
		}
		checkName(t, p)
	}
	if ax[0].Name != "Server validates the token before use" {
		t.Errorf("name %q", ax[0].Name)
	}
	if !strings.HasPrefix(txt[ax[0].Provenance.Offset:], "MUST") {
		t.Errorf("offset %d does not point at MUST", ax[0].Provenance.Offset)
	}
}

func TestSpecOneAxiomPerSentence(t *testing.T) {
	txt := "   The client MUST mask all frames that it sends to the server and MUST NOT\n" +
		"   reuse a masking key.  A server SHOULD close the connection (e.g. after a\n" +
		"   timeout of 2.5 seconds).\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	if len(ps) != 2 {
		t.Fatalf("got %d primitives, want 2: %+v", len(ps), ps)
	}
	if ps[0].Type != core.Axiom || ps[0].Name != "Client masks all frames that it sends to the server" {
		t.Errorf("axiom %s %q", ps[0].Type, ps[0].Name)
	}
	if ps[1].Type != core.Technique || ps[1].Confidence != 0.8 {
		t.Errorf("recommendation %s %.2f", ps[1].Type, ps[1].Confidence)
	}
	if !strings.HasSuffix(ps[1].FormalStatement, "2.5 seconds).") {
		t.Errorf("sentence cut at an abbreviation or decimal: %q", ps[1].FormalStatement)
	}
}

// A quoted period is a literal (a path segment "." or ".."), not the end
// of a sentence: the rule keeps its condition.
func TestSpecQuotedPeriodIsNoSentenceEnd(t *testing.T) {
	txt := "After normalization, if splitting a logical path by the \"/\" character results\n" +
		"in any path segment equal to the string \".\" or the string \"..\" then an error\n" +
		"MUST be raised.\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	if len(ps) != 1 || !strings.HasPrefix(ps[0].FormalStatement, "After normalization, if splitting") {
		t.Fatalf("the rule lost its condition: %+v", ps)
	}
}

// A definition list set as bold terms ("**shape**: …", as a
// reStructuredText definition list reads) is the list its lead-in
// introduces, every entry of it; a bold label ("**Note**:") is not.
func TestSpecBoldTermsAreTheLeadInsEntries(t *testing.T) {
	txt := "The metadata resource is a JSON object. The following keys MUST be present\nwithin the object:\n\n" +
		"**zarr_format**: An integer defining the version of the storage specification.\n\n" +
		"**shape**: A list of integers defining the length of each dimension of the array.\n\n" +
		"**order**: Either \"C\" or \"F\", defining the layout of bytes within each chunk.\n\n" +
		"**Note**: Other keys are ignored by readers.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, core.Spec), Options{})
	if len(ps) == 0 {
		t.Fatal("no requirement")
	}
	st := ps[0].FormalStatement
	if !strings.Contains(st, "(2) shape: A list") || !strings.Contains(st, "(3) order: Either") || strings.Contains(st, "(4)") {
		t.Errorf("the lead-in's entries: %q", st)
	}
}

func TestSpecPageBreakJoinsSentence(t *testing.T) {
	txt := "   The client MUST send a masked frame to\n\n\n\n" +
		"Fette & Melnikov             Standards Track                   [Page 12]\n" +
		"\f\nRFC 6455                 The WebSocket Protocol            December 2011\n\n\n" +
		"   the server in every case.\n\n   Another sentence here.\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	if len(ps) != 1 {
		t.Fatalf("got %d primitives: %+v", len(ps), ps)
	}
	want := "The client MUST send a masked frame to the server in every case."
	if ps[0].FormalStatement != want {
		t.Errorf("statement %q, want %q", ps[0].FormalStatement, want)
	}
}

func TestSpecLowercaseMustIsNotAxiom(t *testing.T) {
	txt := "Clients must be careful. You must not do this. It is a must.\nQuoted key words \"MUST\" and \"SHALL\" are defined in RFC 2119.\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	if len(ps) != 0 {
		t.Errorf("got %d primitives from lowercase must and quoted keywords: %+v", len(ps), ps)
	}
}

func TestSpecInterfaceAndInvariant(t *testing.T) {
	txt := "Interface: Renderer converts an AST into HTML.\nInvariant: the queue length never exceeds the capacity.\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	if len(ps) != 2 {
		t.Fatalf("got %+v", ps)
	}
	if ps[0].Type != core.Definition || ps[0].Confidence != 0.8 || ps[0].Name != "Renderer" {
		t.Errorf("interface: %s %q %.2f", ps[0].Type, ps[0].Name, ps[0].Confidence)
	}
	if ps[1].Type != core.Axiom || ps[1].Confidence != 0.85 {
		t.Errorf("invariant: %s %.2f", ps[1].Type, ps[1].Confidence)
	}
}

func TestPaperMethodAndFinding(t *testing.T) {
	txt := "Method: We train a sparse autoencoder on activations [12].\n\nFinding 1: Sparse features improve interpretability [3, 4].\n\nAlgorithm 1: Greedy pruning removes the weakest unit.\n\nHypothesis: Larger dictionaries yield cleaner features.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, core.Paper), Options{})
	got := map[core.PrimitiveType]int{}
	for _, p := range ps {
		got[p.Type]++
		if strings.Contains(p.FormalStatement, "[12]") || strings.Contains(p.FormalStatement, "[3, 4]") {
			t.Errorf("citation left in %q", p.FormalStatement)
		}
		checkName(t, p)
	}
	if got[core.Technique] != 1 || got[core.Theorem] != 2 || got[core.Algorithm] != 1 {
		t.Errorf("types %v", got)
	}
	if ps[1].Section != "1" || ps[1].Confidence != 0.8 {
		t.Errorf("finding section %q conf %.2f", ps[1].Section, ps[1].Confidence)
	}
}

func TestUnknownCapsConfidence(t *testing.T) {
	txt := "Definition: A ring is a set with two operations.\n\nStep 1: Open the file.\n\nThe server MUST answer.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, core.Unknown), Options{})
	if len(ps) < 3 {
		t.Fatalf("got %d primitives, want ≥ 3: %+v", len(ps), ps)
	}
	for _, p := range ps {
		if p.Confidence > 0.4 {
			t.Errorf("%s: confidence %.2f > 0.4", p.Name, p.Confidence)
		}
	}
}

func TestUnknownDropsNearbyMatches(t *testing.T) {
	// "Algorithm 2:" is both a textbook and a paper marker at one offset.
	txt := "Algorithm 2: Binary search halves the interval.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, ""), Options{})
	if len(ps) != 1 {
		t.Errorf("got %d primitives, want 1: %+v", len(ps), ps)
	}
}

func TestPlaneDomainAndFields(t *testing.T) {
	a := oneSection("Definition 1: A field is a ring where division is possible.", core.FormatMarkdown, core.Textbook)
	a.Plane = core.PlanePosition{Real: 0.3, Imaginary: -0.5}
	a.Domain = "structure"
	ps := Extract(a, Options{})
	if len(ps) != 1 {
		t.Fatalf("got %+v", ps)
	}
	p := ps[0]
	if p.Plane != a.Plane {
		t.Errorf("plane %v, want %v", p.Plane, a.Plane)
	}
	if p.Domain != "structure" || !strings.HasPrefix(p.ID, "structure-") {
		t.Errorf("domain %q id %q", p.Domain, p.ID)
	}
	if len(p.Tags) != 2 || p.Tags[0] != "textbook" || p.Tags[1] != "structure" {
		t.Errorf("tags %v", p.Tags)
	}
	if p.Chapter != 1 || p.Provenance.Document != "fixture" || p.Provenance.Section != "Fixture" {
		t.Errorf("chapter %d provenance %+v", p.Chapter, p.Provenance)
	}
	if p.Provenance.ContentHash != text.ContentHash(p.FormalStatement) {
		t.Errorf("content hash mismatch")
	}
	ps = Extract(a, Options{Domain: "algebra"})
	if ps[0].Domain != "algebra" || !strings.HasPrefix(ps[0].ID, "algebra-") {
		t.Errorf("override: domain %q id %q", ps[0].Domain, ps[0].ID)
	}
	js, err := json.Marshal(ps[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{`"prerequisites":[]`, `"dependencies":[]`, `"enables":[]`, `"compositionRules":[]`} {
		if !strings.Contains(string(js), f) {
			t.Errorf("JSON lacks %s: %s", f, js)
		}
	}
}

func TestIDsUniqueAndWellFormed(t *testing.T) {
	txt := "Definition: A group is a monoid with inverses.\n\nDefinition: A group is a set with an associative operation.\n\nDefinition: A group is anything else.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 3 {
		t.Fatalf("got %d", len(ps))
	}
	// Named apart by what each says that the first does not ("Group
	// (associative operation)"), never counted ("Group 2").
	want := []string{"learn-group", "learn-group-associative-operation", "learn-group-anything-else"}
	for i, p := range ps {
		if p.ID != want[i] {
			t.Errorf("id %q, want %q", p.ID, want[i])
		}
		if !idPattern.MatchString(p.ID) {
			t.Errorf("id %q malformed", p.ID)
		}
	}
}

func TestEmptyAnalysis(t *testing.T) {
	if ps := Extract(&core.Analysis{Document: &core.Document{}}, Options{}); ps == nil || len(ps) != 0 {
		t.Errorf("empty analysis: %v", ps)
	}
	if ps := Extract(nil, Options{}); ps == nil || len(ps) != 0 {
		t.Errorf("nil analysis: %v", ps)
	}
}

// Regressions for the reference's extractor precision defects (§5.1 #14).

func TestProseDefinitionIsNotMarker(t *testing.T) {
	txt := "We now recall the definition of a group and the theorem of Lagrange.\n" +
		"As shown in Definition 2.1 the group is closed. By\nTheorem 3.1. we conclude.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 0 {
		t.Errorf("prose produced primitives: %+v", ps)
	}
}

func TestProseTypeAndClassInReference(t *testing.T) {
	txt := "A type Ia supernova is a standard candle. We study the class of functions that are smooth.\n" +
		"The method returns nothing; the function of the liver is complex.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, core.Reference), Options{})
	for _, p := range ps {
		if p.Name == "Ia" || p.Name == "Of" || p.Name == "Of Functions" {
			t.Errorf("prose became a primitive: %q", p.Name)
		}
	}
	if len(ps) != 0 {
		t.Errorf("got %+v", ps)
	}
}

func TestReferenceSignatures(t *testing.T) {
	txt := "Use `goldmark.New()` to build a converter and `Convert(src, w)` to run it.\n\n" +
		"```go\n// Convert interprets source and writes HTML.\nfunc Convert(source []byte, w io.Writer, opts ...parser.ParseOption) error {\n}\n" +
		"type Parser interface {\n}\nfunc (p *parser) Parse(r text.Reader) ast.Node {\n```\n\n" +
		"```python\ndef load_model(path):\n    pass\nclass Tokenizer:\n    pass\n```\n" +
		"Pattern: Functional options configure constructors.\n\nRule: Never mutate the AST during rendering.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, core.Reference), Options{})
	names := map[string]core.Primitive{}
	for _, p := range ps {
		if _, dup := names[p.Name]; dup {
			t.Errorf("duplicate %q", p.Name)
		}
		names[p.Name] = p
		checkName(t, p)
		if !strings.HasPrefix(txt[p.Provenance.Offset:], strings.SplitN(p.Name, ".", 2)[0]) &&
			!strings.HasPrefix(txt[p.Provenance.Offset:], "func") && !strings.HasPrefix(txt[p.Provenance.Offset:], "type") &&
			!strings.HasPrefix(txt[p.Provenance.Offset:], "def") && !strings.HasPrefix(txt[p.Provenance.Offset:], "class") &&
			!strings.HasPrefix(txt[p.Provenance.Offset:], "Pattern") && !strings.HasPrefix(txt[p.Provenance.Offset:], "Rule") {
			t.Errorf("%s: offset points at %.20q", p.Name, txt[p.Provenance.Offset:])
		}
	}
	for _, n := range []string{"goldmark.New", "Convert", "Parser", "Parse", "load_model", "Tokenizer"} {
		p, ok := names[n]
		if !ok {
			t.Errorf("missing %q in %v", n, ps)
			continue
		}
		if p.Type != core.Definition {
			t.Errorf("%s: type %s", n, p.Type)
		}
	}
	if names["Convert"].Confidence != 0.85 || names["Parser"].Confidence != 0.8 {
		t.Errorf("confidences %.2f %.2f", names["Convert"].Confidence, names["Parser"].Confidence)
	}
	var pat, rule int
	for _, p := range ps {
		if p.Type == core.Technique && p.Confidence == 0.8 {
			pat++
		}
		if p.Type == core.Axiom && p.Confidence == 0.8 {
			rule++
		}
	}
	if pat != 1 || rule != 1 {
		t.Errorf("pattern %d rule %d", pat, rule)
	}
}

func TestNamesAreConcepts(t *testing.T) {
	a := oneSection("Definition 2.1: A group is a set G with a binary operation. It is closed.", core.FormatMarkdown, core.Textbook)
	ps := Extract(a, Options{})
	if len(ps) != 1 {
		t.Fatalf("got %+v", ps)
	}
	checkName(t, ps[0])
	if ps[0].Name != "Group" {
		t.Errorf("name %q, want Group", ps[0].Name)
	}
	a = oneSection("**Definition 2.1.** A **group** is a set G with a binary operation. It is closed.", core.FormatMarkdown, core.Textbook)
	ps = Extract(a, Options{})
	if len(ps) != 1 || ps[0].Name != "Group" {
		t.Fatalf("emphasized: %+v", ps)
	}
	if !strings.HasPrefix(a.Document.Text[ps[0].Provenance.Offset:], "Definition") {
		t.Errorf("offset %d does not point at the marker", ps[0].Provenance.Offset)
	}
	if strings.Contains(ps[0].FormalStatement, "**") {
		t.Errorf("emphasis left in statement %q", ps[0].FormalStatement)
	}
	a = oneSection("*Theorem.* Every bounded monotone sequence converges.\n\nLemma 4 (Zorn). Every chain has an upper bound.\n", core.FormatMarkdown, core.Textbook)
	ps = Extract(a, Options{})
	if len(ps) != 2 {
		t.Fatalf("got %+v", ps)
	}
	for _, p := range ps {
		checkName(t, p)
	}
	if ps[1].Name != "Zorn" {
		t.Errorf("name %q, want Zorn", ps[1].Name)
	}
}

func TestKeywordsNoStopwordsNoPunctuation(t *testing.T) {
	a := oneSection("Definition: The kernel, of a map f, is the set {x : f(x) = 0}; it's a subspace!", core.FormatMarkdown, core.Textbook)
	ps := Extract(a, Options{})
	if len(ps) != 1 {
		t.Fatalf("got %+v", ps)
	}
	checkKeywords(t, ps[0])
	if len(ps[0].Keywords) == 0 {
		t.Error("no keywords")
	}
}

func TestProvenanceOffsetExact(t *testing.T) {
	txt := "# Intro\n\nSome text.\n\n## Groups\n\nDefinition 1.2: A monoid is a semigroup with identity.\n\n" +
		"> **Theorem 1.3 (Cayley).** Every group is isomorphic to a permutation group.\n"
	doc := &core.Document{Path: "x.md", Format: core.FormatMarkdown, Text: txt}
	g := strings.Index(txt, "## Groups")
	body := g + len("## Groups\n")
	a := &core.Analysis{Document: doc, ContentType: core.Textbook, Sections: []*core.Section{
		{Title: "Intro", Level: 1, Offset: 0, BodyOffset: len("# Intro\n"), End: g},
		{Title: "Groups", Level: 1, Offset: g, BodyOffset: body, End: len(txt)},
	}}
	ps := Extract(a, Options{})
	if len(ps) != 2 {
		t.Fatalf("got %+v", ps)
	}
	for _, p := range ps {
		rest := txt[p.Provenance.Offset:]
		if !strings.HasPrefix(rest, "Definition") && !strings.HasPrefix(rest, "Theorem") {
			t.Errorf("%s: offset %d points at %.20q", p.Name, p.Provenance.Offset, rest)
		}
		if p.Chapter != 2 || p.Provenance.Section != "Groups" {
			t.Errorf("%s: chapter %d section %q", p.Name, p.Chapter, p.Provenance.Section)
		}
	}
	if ps[1].Name != "Cayley" || ps[1].Section != "1.3" {
		t.Errorf("theorem %q §%s", ps[1].Name, ps[1].Section)
	}
}

func TestLaTeXEnvironments(t *testing.T) {
	txt := "\\section{Groups}\n% \\begin{thm} commented out \\end{thm}\n" +
		"\\begin{defn}[Group]\\label{defn:group}\nA \\emph{group} is a set with an operation.\n\\end{defn}\n" +
		"\\begin{thm}\\thmlabel{lagrange-order}\nThe order of $H$ divides $|G|$.\n\\end{thm}\n" +
		"\\begin{proof}Trivial.\\end{proof}\n\\begin{exc}Prove it.\\end{exc}\n" +
		"\\begin{lemma}\nEvery subgroup of a cyclic group is cyclic.\n\\end{lemma}\n"
	a := oneSection(txt, core.FormatLaTeX, core.Unknown)
	a.Sections[0].Title = "Groups"
	ps := Extract(a, Options{})
	if len(ps) != 3 {
		t.Fatalf("got %d: %+v", len(ps), ps)
	}
	if ps[0].Name != "Group" || ps[0].Type != core.Definition || ps[0].FormalStatement != "A group is a set with an operation." {
		t.Errorf("defn: %q %s %q", ps[0].Name, ps[0].Type, ps[0].FormalStatement)
	}
	// No title and no statement in words: the number, never the label.
	if ps[1].Name != "Theorem 1.2 — Groups" || ps[1].FormalStatement != "The order of $H$ divides $|G|$." {
		t.Errorf("thm: %q %q", ps[1].Name, ps[1].FormalStatement)
	}
	if ps[2].Name != "Every subgroup of a cyclic group is cyclic" {
		t.Errorf("lemma: %q", ps[2].Name)
	}
	for _, p := range ps {
		if p.Confidence < 0.9 {
			t.Errorf("%s: confidence %.2f (format strategies are not capped)", p.Name, p.Confidence)
		}
		if !strings.HasPrefix(txt[p.Provenance.Offset:], `\begin{`) {
			t.Errorf("%s: offset does not point at \\begin", p.Name)
		}
	}
}

func TestLaTeXClean(t *testing.T) {
	cases := map[string]string{
		`A \emph{set}~$A$ is !!{enumerable} iff it is \textbf{empty}.%comment` + "\n":    "A set $A$ is enumerable iff it is empty.",
		`!!a{element} of \usetoken{S}{enumerable} sets\index{sets}`:                      "an element of enumerable sets",
		`The \javaonly{#mergeSort(a,c)#}\cpponly{mergeSort(a)} runs in $O(#n#\log #n#)$`: "The mergeSort(a,c) runs in $O(n\\log n)$",
		"x \\begin{align*}a &= b\\label{eq:x}\\\\ c\\end{align*} y \\vspace{-2mm}":       "x $$a &= b\\\\ c$$ y",
		"\\term{probability} of ``an'' outcome":                                          `probability of "an" outcome`,
	}
	for in, want := range cases {
		if got := cleanLaTeX(in); got != want {
			t.Errorf("cleanLaTeX(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}

func TestPreTeXtElements(t *testing.T) {
	txt := `<section><title>Graphs</title>
<definition xml:id="def-walk"><statement><p>A <term>walk</term> is a sequence of vertices <m>v_1 &lt; v_2</m>.<fn>Note.</fn></p></statement></definition>
<theorem xml:id="thm-handshake"><statement><p>The sum of degrees is <m>2|E|</m>.</p></statement><proof><p>Count.</p></proof></theorem>
<example><p>Not a primitive.</p></example>
<corollary><title>Even Vertices</title><statement><p>There are evenly many odd vertices.</p></statement></corollary>
<fact><statement>Broken <p>markup
</section>`
	a := oneSection(txt, core.FormatPreTeXt, core.Textbook)
	ps := Extract(a, Options{})
	if len(ps) != 4 {
		t.Fatalf("got %d: %+v", len(ps), ps)
	}
	if ps[0].Name != "Walk" || ps[0].FormalStatement != "A walk is a sequence of vertices $v_1 < v_2$." {
		t.Errorf("definition: %q %q", ps[0].Name, ps[0].FormalStatement)
	}
	if ps[1].Name != "Theorem 2 — Fixture" {
		t.Errorf("theorem: %q", ps[1].Name)
	}
	if ps[2].Name != "Even Vertices" {
		t.Errorf("corollary: %q", ps[2].Name)
	}
	for _, p := range ps {
		if !strings.HasPrefix(txt[p.Provenance.Offset:], "<") {
			t.Errorf("%s: offset does not point at the element", p.Name)
		}
	}
}

func TestMidLineMarkerNeedsStrongForm(t *testing.T) {
	txt := "We write x_1 for it. Theorem 3.1. Hence the claim.\n" +
		"It is closed. Theorem 2 (Lagrange): The order divides.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 1 || ps[0].Name != "Lagrange" {
		t.Errorf("got %+v", ps)
	}
}

func TestSpecAbbreviationsDoNotSplit(t *testing.T) {
	txt := "   The server MUST reply as in Sec. 5.1 of the draft, i.e. with a\n   frame of version 1.1 or later.  Next sentence.\n"
	ps := Extract(oneSection(txt, core.FormatText, core.Spec), Options{})
	if len(ps) != 1 {
		t.Fatalf("got %+v", ps)
	}
	want := "The server MUST reply as in Sec. 5.1 of the draft, i.e. with a frame of version 1.1 or later."
	if ps[0].FormalStatement != want {
		t.Errorf("statement %q, want %q", ps[0].FormalStatement, want)
	}
}

func TestStepHeadingsAsSections(t *testing.T) {
	txt := "# Guide\n\n### Step 1: Create a network\n\n```console\n$ docker network create app\n```\n\n### Step 2: Launch the server\n\nUse the `--network app` flag.\n"
	doc := &core.Document{Path: "README.md", Format: core.FormatMarkdown, Text: txt}
	s1 := strings.Index(txt, "### Step 1")
	s2 := strings.Index(txt, "### Step 2")
	a := &core.Analysis{Document: doc, ContentType: core.Reference, Sections: []*core.Section{{
		Title: "Guide", Level: 1, BodyOffset: len("# Guide\n"), End: len(txt),
		Children: []*core.Section{
			{Title: "Step 1: Create a network", Level: 3, Offset: s1, BodyOffset: s1 + len("### Step 1: Create a network\n"), End: s2},
			{Title: "Step 2: Launch the server", Level: 3, Offset: s2, BodyOffset: s2 + len("### Step 2: Launch the server\n"), End: len(txt)},
		},
	}}}
	ps := Extract(a, Options{})
	if len(ps) != 2 {
		t.Fatalf("got %+v", ps)
	}
	if ps[0].Name != "Step 1: Create a Network" || ps[0].FormalStatement != "Create a Network: $ docker network create app" {
		t.Errorf("step 1: %q %q", ps[0].Name, ps[0].FormalStatement)
	}
	if ps[1].FormalStatement != "Use the --network app flag." {
		t.Errorf("step 2 statement %q", ps[1].FormalStatement)
	}
	for _, p := range ps {
		if !strings.HasPrefix(txt[p.Provenance.Offset:], "Step ") || p.Type != core.Technique {
			t.Errorf("%s: offset %d type %s", p.Name, p.Provenance.Offset, p.Type)
		}
	}
}

// A step heading set apart by a dash is a step as one with a colon, and an
// HTML comment under it (a test harness's annotations) is not its text.
func TestStepHeadingsWithDash(t *testing.T) {
	txt := "# Guide\n\n### Step 1 - Create a network\n\n<!-- STEP\nname: net\nsleep: 5\n-->\n\nCreate it:\n\n```bash\ndocker network create app\n```\n\n### Step 2 – Launch the server\n\nUse the `--network app` flag.\n"
	doc := &core.Document{Path: "README.md", Format: core.FormatMarkdown, Text: txt}
	s1 := strings.Index(txt, "### Step 1")
	s2 := strings.Index(txt, "### Step 2")
	h2 := "### Step 2 – Launch the server\n"
	a := &core.Analysis{Document: doc, ContentType: core.Reference, Sections: []*core.Section{{
		Title: "Guide", Level: 1, BodyOffset: len("# Guide\n"), End: len(txt),
		Children: []*core.Section{
			{Title: "Step 1 - Create a network", Level: 3, Offset: s1, BodyOffset: s1 + len("### Step 1 - Create a network\n"), End: s2},
			{Title: "Step 2 – Launch the server", Level: 3, Offset: s2, BodyOffset: s2 + len(h2), End: len(txt)},
		},
	}}}
	ps := Extract(a, Options{})
	if len(ps) != 2 {
		t.Fatalf("got %+v", ps)
	}
	// the sentence leading into the command says it
	if ps[0].FormalStatement != "Create it: docker network create app" {
		t.Errorf("step 1 statement %q", ps[0].FormalStatement)
	}
	if ps[0].Name != "Step 1: Create a Network" || strings.Contains(ps[0].FormalStatement, "sleep") ||
		!strings.Contains(ps[0].ComputationalForm, "docker network create app") {
		t.Errorf("step 1: %q %q %q", ps[0].Name, ps[0].FormalStatement, ps[0].ComputationalForm)
	}
	if ps[1].Name != "Step 2: Launch the Server" {
		t.Errorf("step 2: %q", ps[1].Name)
	}
}

func TestCodeDeclarationsOnlyInCode(t *testing.T) {
	txt := "Use `type Ia` and `class of` rarely; a `type Node struct` holds data.\n"
	ps := Extract(oneSection(txt, core.FormatMarkdown, core.Reference), Options{})
	if len(ps) != 1 || ps[0].Name != "Node" {
		t.Errorf("got %+v", ps)
	}
}

// A computational form quotes its statement's first sentence; when that is
// too long it is cut at a blank, outside any formula, and marked.
func TestComputationalFormNeverCutsAWord(t *testing.T) {
	stmt := "Any graph G satisfies χ(G)≤Δ(G), unless G is a complete graph or an odd cycle, in which case χ(G)=Δ(G)+1."
	f := computationalForm(core.Theorem, stmt)
	body := strings.TrimPrefix(f, "Given preconditions, then: ")
	if !strings.HasSuffix(body, " …") || !strings.HasPrefix(stmt, strings.TrimSuffix(body, " …")) {
		t.Fatalf("form %q", f)
	}
	if cut := strings.TrimSuffix(body, " …"); stmt[len(cut)] != ' ' && stmt[len(cut)] != ',' {
		t.Errorf("cut inside a word or formula: %q", f)
	}
	math := computationalForm(core.Theorem, "If $f$ is continuous then $$\\int_a^b f(x)\\,dx = F(b) - F(a) \\text{ holds for every antiderivative } F \\text{ of } f \\text{ on } [a,b]$$ always.")
	if strings.Count(math, "$")%2 != 0 {
		t.Errorf("cut inside a formula: %q", math)
	}
}

// A term split by its formula is one term, a one-letter formula inside a
// term reads as its letter, and a term an exercise introduces is not a
// definition of the book; one an example introduces is.
func TestPreTeXtTermsWithFormulas(t *testing.T) {
	txt := `<section><title>Cosets</title>
<p>The <term>Euler</term> <m>\phi</m>-<term>function</term> is the map <m>\phi : \N \to \N</m> counting units.</p>
<p>A <term>primitive <m>n</m>th root of unity</term> is a root of unity of order exactly <m>n</m>.</p>
<example><p>The set of eight matrices is a group called the <term>quaternion group</term>.</p></example>
<exercises><exercise><statement><p>Show that the relation is an equivalence relation. The corresponding classes are called <term>double cosets</term>.</p></statement></exercise></exercises>
</section>`
	ps := Extract(oneSection(txt, core.FormatPreTeXt, core.Textbook), Options{})
	logPrimitives(t, ps)
	if got := strings.Join(names(ps), "|"); got != "Euler φ-function|Primitive nth Root of Unity|Quaternion Group" {
		t.Errorf("got %q", got)
	}
}

// TestSwappedResultsAsRegexp holds the written-out line scan to the
// regular expression it replaces, on lines built from its parts.
func TestSwappedResultsAsRegexp(t *testing.T) {
	parts := []string{"3", "12", ".", "..", " ", "\t", "  ", "Definition", "Definitions", "Lemma", "Lemma_",
		"Theorem", "Proposition", "Corollary", "Corollaryé", "x", "\n", "\n\n", "A", ":", "1.2 ", "3.4. Lemma"}
	x := uint64(88172645463325252)
	for n := range 3000 {
		var b strings.Builder
		for range n % 17 {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			b.WriteString(parts[x%uint64(len(parts))])
		}
		s := b.String()
		for _, max := range []int{1, 3, 100} {
			if got, want := swappedResults(s, max), len(swappedResult.FindAllStringIndex(s, max)); got != want {
				t.Fatalf("swappedResults(%q, %d) = %d, the regexp finds %d", s, max, got, want)
			}
		}
	}
}
