package analyze

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
)

// A LaTeX paper with an abstract and citations is a paper even when its
// lemmas and proofs outweigh its paper words under the reference's weights.
func TestPaperLaTeXWithTheoremsIsPaper(t *testing.T) {
	doc := "\\documentclass{acmart}\n\\begin{abstract}\nWe present a fast algorithm.\n\\end{abstract}\n" +
		"\\section{Introduction}\nPrior work~\\cite{a,b} and \\citep{c} and \\cite{d}.\n" +
		strings.Repeat("\\begin{lemma}\\label{l}Every x is y.\\end{lemma}\n\\begin{proof}Clear.\\end{proof}\n", 6) +
		"\\section{Related Work}\nSee~\\cite{e}.\n\\bibliography{works}\n"
	a := Analyze(&core.Document{Format: core.FormatLaTeX, Text: doc}, nil)
	if a.ContentType != core.Paper {
		t.Fatalf("type %s, want paper (%v)", a.ContentType, a.ContentTypeScores)
	}
	if a.ContentTypeScores[core.Textbook] <= a.ContentTypeScores[core.Paper] {
		t.Fatalf("the scores stay the reference's: %v", a.ContentTypeScores)
	}
}

// A paper's PDF text: an "Abstract" line near the start and bracketed
// citations or a References heading.
func TestPaperPDFTextIsPaper(t *testing.T) {
	head := "## Secure Noise\n\nSome Team\n\nAbstract\nThis report describes sampling [Mir12].\n\n## 1 Introduction\n\n"
	body := strings.Repeat("Lemma 3. If i is an integer then Proof. Clear. Definition: x. Theorem 2. y.\n\n", 20)
	for name, doc := range map[string]string{
		"citations":  head + body + "As shown in [DMNS06, DKM+ 06] and [BKP+ 14] and [12].\n",
		"references": head + body + "\n## References\n\nMironov. On significance.\n",
		"ieee":       "Title\n\nAbstract—This paper shows x.\n\n" + body + "\nREFERENCES\n\n[1] A. B.\n",
		// No abstract heading: a supplement that says what it is, cites
		// and lists its references.
		"supplement": "Privacy Loss\n\nSome Team\n\nThis document is a supplementary material for the library.\n\n" + body +
			"As in [DMNS06, DKM+ 06], [BKP+ 14], [12], [13], [14] and [15].\n\nReferences\n\n[12] A. B.\n",
	} {
		a := Analyze(&core.Document{Format: core.FormatMarkdown, Text: doc}, nil)
		if a.ContentType != core.Paper {
			t.Errorf("%s: type %s, want paper (%v)", name, a.ContentType, a.ContentTypeScores)
		}
	}
}

// Neither an abstract alone nor a textbook's line starting "Abstract
// vector spaces …" makes a paper, and an RFC (abstract and references)
// stays a specification.
func TestPaperNeedsAbstractAndCitations(t *testing.T) {
	book := "# Linear algebra\n\nAbstract vector spaces are developed as a generalization.\n\n" +
		strings.Repeat("Definition: A field is a set. Theorem 1: x. Proof: y. Example: z.\n\n", 10) +
		"See [12] and [13] and [14].\n\n## References\n\n"
	if got, _ := Classify(book); got != core.Textbook {
		t.Errorf("textbook with an 'Abstract vector spaces' line: %s", got)
	}
	noCites := "Abstract\n\nWe study x.\n\n" + strings.Repeat("Theorem 1. x. Proof. y.\n\n", 5)
	if got, _ := Classify(noCites); got != core.Textbook {
		t.Errorf("abstract without citations: %s", got)
	}
	rfc := "Abstract\n\n   The protocol MUST do x.\n\n" + strings.Repeat("   A client MUST send y [RFC2119]. It SHOULD do z.\n", 10) +
		"\n12.  References\n\n   [RFC2119] Bradner.\n"
	if got, _ := Classify(rfc); got != core.Spec {
		t.Errorf("RFC: %s", got)
	}
	// A Markdown link is not a citation.
	links := "Abstract\n\nSee [docs](a) and [api](b) and [faq](c) and [x](d).\n\nTheorem 1. x. Proof. y.\n"
	if got, _ := Classify(links); got == core.Paper {
		t.Errorf("links counted as citations: %s", got)
	}
}

// Heading words alone do not make a paper: a course page with an
// Introduction and a Conclusion but no abstract, citation or reference list
// is what its other words say, or unknown; a draft whose citations are
// still "[CITE]" and "[?]" is a paper.
func TestPaperNeedsMoreThanHeadingWords(t *testing.T) {
	page := "# A First Look at Trees\n\n## Introduction\n\nA **tree** is a connected graph with no cycles. " +
		"A **leaf** is a vertex of degree one.\n\nExample: a path is a tree.\n\n## Results\n\nEvery tree with two vertices has two leaves.\n\n" +
		"## Conclusion\n\nTrees are everywhere.\n"
	if got, scores := Classify(page); got != core.Textbook {
		t.Errorf("course page: %s, want textbook (%v)", got, scores)
	}
	if got, _ := Classify("## Introduction\n\nSome notes.\n\n## Conclusion\n\nMore notes.\n"); got != core.Unknown {
		t.Errorf("notes with two heading words: %s, want unknown", got)
	}
	draft := "# A Template for Protocols\n\n## Abstract\n\nWe detail a process.\n\n## 1. Introduction\n\n" +
		"Protocols are old[CITE] and hard to read[?]; see also [CITE].\n\n" + strings.Repeat("Definition 1. A node is x.\n\n", 3)
	if got, scores := Classify(draft); got != core.Paper {
		t.Errorf("draft with placeholder citations: %s, want paper (%v)", got, scores)
	}
}

// A tutorial whose procedures are numbered lists with code blocks reads as
// a reference under the reference's weights (each fence counts); its
// procedures make it a tutorial.
func TestNumberedProceduresMakeATutorial(t *testing.T) {
	step := func(verb string) string {
		return "1. " + verb + " the image:\n\n    ```sh\n    tool " + verb + "\n    ```\n\n"
	}
	doc := "# Get started\n\nThis guide covers the tool.\n\n## Build it\n\n" +
		strings.Replace(step("Build")+step("Tag")+step("Push"), "1. Tag", "2. Tag", 1) +
		"## Run it\n\n" + step("Run") + strings.Replace(step("Stop"), "1.", "2.", 1) + strings.Replace(step("Remove"), "1.", "3.", 1) +
		"## API\n\nThe function `Run` takes a parameter.\n"
	a := Analyze(&core.Document{Format: core.FormatMarkdown, Text: doc}, nil)
	if a.ContentType != core.Tutorial {
		t.Fatalf("type %s, want tutorial (%v)", a.ContentType, a.ContentTypeScores)
	}
	if a.ContentTypeScores[core.Reference] <= a.ContentTypeScores[core.Tutorial] {
		t.Fatalf("the scores stay the reference's: %v", a.ContentTypeScores)
	}
	// The same lists in LaTeX source are not Markdown lists.
	if a := Analyze(&core.Document{Format: core.FormatLaTeX, Text: doc}, nil); a.ContentType == core.Tutorial {
		t.Errorf("LaTeX read as a Markdown tutorial")
	}
}

// A tutorial whose steps are headings ("### Initialize the SDK") over code
// is a tutorial when they cover its text; a README's few step headings
// among its API sections leave it a reference.
func TestStepHeadingsMakeATutorial(t *testing.T) {
	code := "```go\npackage main\n\nfunc main() {\n\trun()\n}\n\nfunc run() error {\n\treturn nil\n}\n```\n\n"
	doc := "## Prerequisites\n\nGo 1.23.\n\n## Example\n\n### Set up the module\n\n```sh\ngo mod init dice\n```\n\n" +
		"### Create the server\n\nIn main.go:\n\n" + code + "### Initialize the SDK\n\n" + code + "### Run the application\n\n```sh\ngo run .\n```\n"
	if got, _ := Classify(doc); got != core.Tutorial {
		t.Errorf("step headings over code: %s", got)
	}
	readme := "# lib\n\n### Install the module\n\n```sh\ngo get x\n```\n\n### Run the tests\n\n```sh\ngo test\n```\n\n### Build it\n\n```sh\ngo build\n```\n\n## API\n\n" +
		strings.Repeat("### func Parse\n\n```go\nfunc Parse(s string) (Node, error)\n```\n\nParse returns the parameter as a Node.\n\n", 12)
	if got, _ := Classify(readme); got != core.Reference {
		t.Errorf("API README with three step headings: %s", got)
	}
}

// A reference README with a short installation list stays a reference, and
// numbered lists that are not instructions count for nothing.
func TestSmallOrNonImperativeListsKeepTheVote(t *testing.T) {
	api := "# lib\n\n## Install\n\n1. Download it.\n2. Run `make`.\n3. Import it.\n\n## API\n\n" +
		strings.Repeat("### func Parse\n\n```go\nfunc Parse(s string) (Node, error)\n```\n\nParse returns the parameter as a Node.\n\n", 12)
	if got, _ := Classify(api); got != core.Reference {
		t.Errorf("API README with a 3-step install: %s", got)
	}
	usage := "# image\n\n" + strings.Repeat("```console\n$ docker run x\n```\n\n", 10) +
		"1. Using `docker run`\n2. Modifying the compose file\n3. Editing the configuration\n4. Mounting a volume\n5. Passing variables\n6. Linking containers\n"
	if got, _ := Classify(usage); got != core.Reference {
		t.Errorf("non-imperative numbered list: %s", got)
	}
}

// A data format specified in Markdown — sections of examples, few BCP 14
// capitals, its prose saying what an input must be and which examples are
// valid or invalid — is a specification though its fences vote reference;
// an API README whose prose says "must" now and then, and judges no
// examples, stays a reference.
func TestStandardStatingValidityIsSpec(t *testing.T) {
	section := func(kind string) string {
		return "## " + kind + "\n\nA " + kind + " must be written on one line. A name must not be empty, and a value must be quoted.\n\n" +
			"```cfg\nname = \"" + kind + "\"   # valid\n= \"no name\"   # INVALID\n```\n\nAn empty " + kind + " is invalid. A value that spans lines is valid only when quoted.\n\n" +
			"```cfg\nother = 1\n```\n\n"
	}
	doc := "# Cfg\n\nA minimal configuration format.\n\n"
	for _, k := range []string{"Comment", "Key", "String", "Integer", "Float", "Boolean"} {
		doc += section(k)
	}
	if vote, _ := classifyVote(doc); vote != core.Reference {
		t.Fatalf("fixture: the vote is %s, want reference", vote)
	}
	if got, scores := Classify(doc); got != core.Spec {
		t.Errorf("a format's specification: %s (%v)", got, scores)
	}
	api := "# lib\n\n## API\n\n" + strings.Repeat("### func Parse\n\n```go\nfunc Parse(s string) (Node, error)\n```\n\n"+
		"Parse returns the parameter as a Node. The input must be valid UTF-8.\n\n", 12)
	if got, _ := Classify(api); got != core.Reference {
		t.Errorf("API README that says must: %s", got)
	}
}

// classifyVote is the weighted patterns' vote, before the structural rules.
func classifyVote(text string) (core.ContentType, map[core.ContentType]float64) {
	var c classifier
	eachWord(text, func(w string, start, end int) { c.word(text, w, start, end) })
	c.fences(text)
	return c.result()
}

func TestCorpusGenres(t *testing.T) {
	corpusDir(t)
	for name, want := range map[string]core.ContentType{
		"tutorial-numbered_wsl_wsl-containers.md":         core.Tutorial,
		"paper_collaborative-text-editing.tex":            core.Paper,
		"tutorial-steps_bitnami_redis-sentinel_README.md": core.Tutorial, // its steps are console sessions
		"apiref_goldmark_README.md":                       core.Reference,
		"rfc7234_http-caching.txt":                        core.Spec,
		"latex_untitled-envs_hott_equivalences.tex":       core.Textbook,
	} {
		a := Analyze(&core.Document{Format: corpusFormat(name), Text: readCorpus(t, name)}, nil)
		if a.ContentType != want {
			t.Errorf("%s: %s, want %s (%v)", name, a.ContentType, want, a.ContentTypeScores)
		}
	}
}

// MyST directives and pandoc divs that hold theorems are textbook matches,
// not code fences.
func TestMarkdownTheoremBlocksAreTextbookEvidence(t *testing.T) {
	block := "```{prf:theorem} Title\n:label: thm-x\n\nEvery x is y.\n```\n\n```{prf:proof}\nClear.\n```\n\n" +
		"::: {.definition}\nA set is z.\n:::\n\n"
	doc := "# Convex functions\n\n" + strings.Repeat(block, 8) + "```python\nprint(1)\n```\n"
	got, sc := Classify(doc)
	if got != core.Textbook {
		t.Fatalf("type %s, want textbook (%v)", got, sc)
	}
	if sc[core.Reference] != 2*2 || sc[core.Textbook] != 3*24 {
		t.Errorf("scores %v: want one code fence pair (2 matches, 4) and 24 blocks (72)", sc)
	}
}

// A numbered line whose title is a result kind ("2.7 Definition ·
// Substitution", "2.8 Lemma") is a result, not a section heading; "2.3
// Definition of continuity" is a section.
func TestNumberedResultLinesAreNotHeadings(t *testing.T) {
	doc := "2.1 Preliminaries\n\nText.\n\n2.7 Definition · Substitution\nLet F be a formula.\n\n2.8 Lemma\nIf F then G.\n\n" +
		"2.9 Theorem (Main)\nAll is well.\n\n2.10 Definition of continuity\n\nText.\n"
	var titles []string
	walkAll(Sections(doc, core.FormatMarkdown), func(s *core.Section) { titles = append(titles, s.Number+" "+s.Title) })
	if got := strings.Join(titles, "|"); got != "2.1 Preliminaries|2.10 Definition of continuity" {
		t.Errorf("sections %q", got)
	}
}

// A novel says nothing of any genre or domain: Alice in Wonderland's
// everyday "learn", "practice" and "return", and its "sort" (of), "tree"
// and "heap", made it a tutorial about computer science. It is of unknown
// type and has no domain; the corpus's documents of a genre and a field
// keep theirs (TestCorpusContentTypes, TestCorpusDomains).
func TestCorpusNovelHasNoGenreOrDomain(t *testing.T) {
	path := filepath.Join(corpusDir(t), "epub_goreader_alice.epub")
	res, err := acquire.Local(context.Background(), path, acquire.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Documents) != 1 {
		t.Fatalf("%d documents", len(res.Documents))
	}
	doc := res.Documents[0]
	a := Analyze(&doc, builtinDomains(t))
	if a.ContentType != core.Unknown {
		t.Errorf("type %s, want unknown (%v)", a.ContentType, a.ContentTypeScores)
	}
	if a.Domain != "" || len(a.Domains) != 0 || a.Plane != (core.PlanePosition{}) || a.Confidence != 0 {
		t.Errorf("domain %q %+v at %v (confidence %.2f), want none", a.Domain, a.Domains, a.Plane, a.Confidence)
	}
	// Its pieces are placed by their own words only: no prior from a
	// domain the document does not have.
	if got := a.Placer.Place("She went on talking to the White Rabbit."); got != (core.PlanePosition{}) {
		t.Errorf("a sentence with no domain word placed at %v", got)
	}
}

// The words that type and place a short text still do; the same words
// spread over a long text of other words are chance, not a genre or a
// field.
func TestSparseEvidenceIsNoSignal(t *testing.T) {
	ds := builtinDomains(t)
	signal := "Learn to build a heap: practice sorting an array, then try this on a binary tree. "
	filler := strings.Repeat("The cat sat by the river and watched the boats go slowly past the old mill. ", 400)
	short := Analyze(&core.Document{Format: core.FormatText, Text: signal}, ds)
	if short.ContentType != core.Tutorial || short.Domain != "computer-science" {
		t.Fatalf("short: %s %q (%v)", short.ContentType, short.Domain, short.ContentTypeScores)
	}
	long := Analyze(&core.Document{Format: core.FormatText, Text: filler + signal + filler + signal + filler}, ds)
	if long.ContentType != core.Unknown || long.Domain != "" {
		t.Errorf("long: %s %q (%v, %+v)", long.ContentType, long.Domain, long.ContentTypeScores, long.Domains)
	}
	// The scores stay the pattern families'.
	if long.ContentTypeScores[core.Tutorial] != 2*short.ContentTypeScores[core.Tutorial] {
		t.Errorf("scores changed: short %v, long %v", short.ContentTypeScores, long.ContentTypeScores)
	}
	if got, _ := Classify(filler + signal + filler + signal + filler); got != core.Unknown {
		t.Errorf("Classify of the long text: %s", got)
	}
}

// A document that declares the BCP 14 key words and uses them is a
// specification, though its API words ("endpoint", "parameter", "method",
// "return") vote for a reference; one that only mentions RFC 2119 is not.
func TestDeclaredKeyWordsMakeASpec(t *testing.T) {
	api := strings.Repeat("The endpoint returns the resource. Each API method takes a parameter and will return a value.\n\n", 30)
	rules := strings.Repeat("A server **MUST** respond with the resource. A client SHOULD send the header.\n\n", 6)
	decl := "## Conventions\n\nThe key words \"MUST\", \"MUST NOT\", \"SHOULD\" and \"MAY\" in this document are to be\ninterpreted as described in RFC 2119.\n\n"
	doc := "## Introduction\n\n" + api + decl + rules
	if a := Analyze(&core.Document{Format: core.FormatMarkdown, Text: doc}, nil); a.ContentType != core.Spec {
		t.Errorf("type %s, want spec (%v)", a.ContentType, a.ContentTypeScores)
	}
	mention := "## Notes\n\nSee RFC 2119 for the key words some standards use.\n\n"
	if a := Analyze(&core.Document{Format: core.FormatMarkdown, Text: "## Introduction\n\n" + api + mention}, nil); a.ContentType == core.Spec {
		t.Errorf("an API reference mentioning RFC 2119 became a spec")
	}
}

// An RFC is a specification whatever its words vote: an older one says
// "This paper assumes …" and cites its sources like a paper.
func TestRFCHeaderMakesASpec(t *testing.T) {
	doc := "Network Working Group                                          J. Person\n" +
		"Request for Comments: 959                                   October 1985\n\n" +
		"                      FILE TRANSFER PROTOCOL (FTP)\n\n" +
		"Abstract\n\n   This paper assumes knowledge of TCP [2] and Telnet [3], in [1].\n\n" +
		"1.  INTRODUCTION\n\n   In this paper we present the protocol. See [4] and [5].\n\n" +
		"2.  REFERENCES\n\n   [1] Handbook.\n   [2] TCP.\n   [3] Telnet.\n"
	if a := Analyze(&core.Document{Format: core.FormatText, Text: doc}, nil); a.ContentType != core.Spec {
		t.Errorf("type %s, want spec (%v)", a.ContentType, a.ContentTypeScores)
	}
}

// The length that raises a type's minimum (typeWordsPerMatch) is the
// text's, not a LaTeX preamble's: a chapter read with its book's macro
// definitions (TikZ styles, notation), or a handout lent them, is the
// same textbook as the chapter alone, alone or joined to other documents.
func TestLaTeXPreambleIsNoLengthOfText(t *testing.T) {
	body := "\\begin{document}\n\\chapter{Orders}\nWe now look at orders closely.\n" +
		"\\begin{definition}A partial order is reflexive, antisymmetric and transitive.\\end{definition}\n" +
		"\\begin{theorem}Every finite partial order has a maximal element.\\end{theorem}\n" +
		"\\begin{proof}Follow larger elements until none is left.\\end{proof}\n" +
		"\\begin{example}Divisibility orders the positive integers.\\end{example}\n\\end{document}\n"
	var defs strings.Builder
	for i := range 400 {
		fmt.Fprintf(&defs, "\\newcommand{\\graphstyle%d}{\\tikzset{every node/.style={circle, draw, fill=black, inner sep=0pt, minimum size=%dpt, label distance=2pt}}}\n", i, i%7+2)
	}
	short := "\\documentclass{book}\n\\usepackage{amsthm}\n" + body
	long := "\\documentclass{book}\n\\usepackage{amsthm}\n" + defs.String() + body
	for _, c := range []struct{ name, text string }{
		{"short preamble", short},
		{"long preamble", long},
		{"long preamble, twice in one source", long + "\n\n" + long},
	} {
		a := Analyze(&core.Document{Format: core.FormatLaTeX, Text: c.text}, nil)
		if a.ContentType != core.Textbook {
			t.Errorf("%s: Analyze gives %s, want textbook (%v)", c.name, a.ContentType, a.ContentTypeScores)
		}
		if got, sc := Classify(c.text); got != core.Textbook {
			t.Errorf("%s: Classify gives %s, want textbook (%v)", c.name, got, sc)
		}
	}
	// The preamble's words still count where they are not a preamble's.
	if got, sc := Classify(defs.String() + body); got != core.Unknown {
		t.Errorf("definitions outside a preamble: %s, want unknown (%v)", got, sc)
	}
}

// A book says what its chapters and sections present ("In this section,
// we present the ArrayQueue"), as a paper says what it does, and may end a
// chapter with references; a paper has no chapters. Open Data Structures'
// edition 0.1, whose first chapter ends in a "References" section, read as
// a paper, where the next edition, without that section, read as the
// textbook it is.
func TestBookSectionsPresentingAreNoPaperClaim(t *testing.T) {
	var ch strings.Builder
	ch.WriteString("\\chapter{Array-Based Lists}\nIn this chapter, we present data structures that store their elements in arrays.\n")
	for i := range 6 {
		fmt.Fprintf(&ch, "\\section{Array Structure %d}\nIn this section, we present a structure that keeps a[%d] and a[%d] at the front of its backing array.\n", i, i, i+1)
		ch.WriteString("\\begin{thm}Every operation takes constant amortized time.\\end{thm}\n\\begin{proof}Each resize is paid for by the operations before it.\\end{proof}\n")
		ch.WriteString(strings.Repeat("The backing array grows and shrinks as elements are added and removed, and no operation copies more than it must. ", 12) + "\n")
	}
	book := ch.String()
	refs := "\\section{References}\nThe structures of this chapter are folklore; the analysis follows the classic one.\n"
	for _, c := range []struct{ name, text string }{
		{"without a References section", book},
		{"with a References section", book + refs},
	} {
		if got, sc := Classify(c.text); got != core.Textbook {
			t.Errorf("%s: %s, want textbook (%v)", c.name, got, sc)
		}
	}
	// A paper's claim still makes one.
	paper := "\\section{Introduction}\nIn this paper, we present a structure that keeps a[0] at the front of its array.\n" +
		strings.Repeat("We compare it with [1], [2] and [3] on many workloads. ", 3) + "\n\\section{References}\n[1] A. Author. Arrays. 1999.\n"
	if got, sc := Classify(paper); got != core.Paper {
		t.Errorf("a paper's claim: %s, want paper (%v)", got, sc)
	}
}
