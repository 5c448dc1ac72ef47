package extract

import (
	"slices"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// A consensus paper in the manner of PDF text: properties named by labels
// the text refers to again, a prose definition, a numbered section per
// mechanism, numbered steps, and generic sections that give nothing.
const prosePaper = `## A Small Agreement Protocol

## Abstract

We describe a small protocol for agreeing on one value.

## 1 Introduction

We define a protocol as a set of rules that processes follow. Earlier work [3] defines a quorum as any majority.

## 2 Choosing a Value

The simplest way to choose a value is to let a single acceptor decide it. A proposer sends a proposal to the acceptor, who chooses the first proposal it receives, and every learner asks that acceptor.

P1. An acceptor must accept the first proposal that it receives.

P2a . If a proposal with value v is chosen, then every higher-numbered proposal accepted by any acceptor has value v.

Maintaining P1 and P2a together requires a further property.

By a ballot we mean one numbered attempt to choose a value.

## 3 Running the Protocol

The steps to run the protocol are as follows:

1) A proposer picks a new proposal number and sends it to a majority of acceptors.

2) Each acceptor promises not to accept smaller numbers and replies with its last accepted value.
3) The proposer sends an accept request carrying the highest value it was told.

4) Each acceptor accepts the request unless it has promised a larger number.

Learners hear of every acceptance.

## 4 Evaluation

We ran the protocol on five machines for a week and measured its latency in all of the runs we made.

## 5 Conclusion

We say that a protocol is simple if one page describes it.
`

func TestProsePaperKnowledge(t *testing.T) {
	ps := Extract(analyzed(prosePaper, core.FormatMarkdown, core.Paper), Options{})
	got := byName(ps)
	want := map[string]core.PrimitiveType{
		"Choosing a Value": core.Technique,
		"P1: Acceptor Must Accept the First Proposal": core.Axiom,
		"P2a: Higher-numbered Proposal Accepted":      core.Theorem,
		"Ballot":                                      core.Definition,
		"Run the protocol":                            core.Algorithm,
	}
	for n, typ := range want {
		p, ok := got[n]
		if !ok {
			t.Errorf("no %q among %q", n, names(ps))
			continue
		}
		if p.Type != typ {
			t.Errorf("%q is a %s, want %s", n, p.Type, typ)
		}
	}
	if p, ok := got["P1: Acceptor Must Accept the First Proposal"]; ok {
		if p.FormalStatement != "An acceptor must accept the first proposal that it receives." || p.Confidence != labelConf {
			t.Errorf("P1 = %q at %.2f", p.FormalStatement, p.Confidence)
		}
	}
	if p, ok := got["Run the protocol"]; ok {
		if stepLines(p.ComputationalForm) != 4 || p.Confidence != paperStepsConf {
			t.Errorf("steps form %q at %.2f, want 4 steps", p.ComputationalForm, p.Confidence)
		}
		if strings.Contains(p.ComputationalForm, "Learners hear") {
			t.Errorf("the paragraph after the list joined the last step: %q", p.ComputationalForm)
		}
	}
	if p, ok := got["Ballot"]; ok && p.Confidence != proseDefConf {
		t.Errorf("prose definition at %.2f, want %.2f", p.Confidence, proseDefConf)
	}
	// Generic sections give nothing, and neither do the introduction's
	// definitions, a cited one, nor the conclusion's.
	for _, n := range []string{"Introduction", "Evaluation", "Conclusion", "Abstract", "Protocol", "Quorum", "Simple"} {
		if _, ok := got[n]; ok {
			t.Errorf("%q is a primitive: %q", n, names(ps))
		}
	}
	if len(ps) != len(want) {
		t.Errorf("%d primitives %q, want %d", len(ps), names(ps), len(want))
	}
}

// A label used once is not a name the author builds on: "B2. …" in a
// list of rooms is not a property.
func TestProseLabelNeedsAReference(t *testing.T) {
	doc := "## 2 Rooms\n\nB2. The seminar room is on the second floor of the main building.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{})
	for _, p := range ps {
		if strings.HasPrefix(p.Name, "B2") {
			t.Errorf("unreferenced label read as a property: %q", p.Name)
		}
	}
}

// A numbered list of contributions has no lead-in ending in a colon and
// no instructions: it is not an algorithm.
func TestProseListOfFindingsIsNoAlgorithm(t *testing.T) {
	doc := "## 2 Findings\n\nOur study found three things.\n\n1. Most failures were caused by configuration errors.\n2. Disks failed less often than memory.\n3. Network partitions were rare but long.\n"
	for _, p := range Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{}) {
		if p.Type == core.Algorithm {
			t.Errorf("findings read as an algorithm: %q", p.Name)
		}
	}
}

// Subsections of a generic section ("6.1 Reads" under "6 Measurements")
// report on the system; a flat PDF section list says so by numbers only.
func TestProseSectionsUnderGenericNumbers(t *testing.T) {
	doc := "## 5 Leases\n\nA lease gives one replica the right to order mutations for a while; the master grants it and renews it while the replica asks for more time.\n\n" +
		"## 6 Measurements\n\nWe measured the cluster.\n\n## 6.1 Reads\n\nN clients read simultaneously from the file system, each reading a randomly selected region of a large file set many times over.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{})
	got := byName(ps)
	if _, ok := got["Leases"]; !ok {
		t.Errorf("no Leases among %q", names(ps))
	}
	if _, ok := got["Reads"]; ok {
		t.Errorf("a measurement subsection is a technique: %q", names(ps))
	}
}

// Markdown notes put results in headings.
const headingNotes = `# Trees

## Definition: Tree

A tree is a connected graph without cycles.

### Theorem (Edge count of trees)

A tree with n vertices has exactly n - 1 edges.

Proof. Induct on n.

#### Lemma 3.2

Every tree with at least two vertices has a leaf.

## Definition (Forest)

A forest is a graph whose components are trees.

## Theorems about forests

Forests are studied below.
`

func TestMarkdownHeadingResults(t *testing.T) {
	for _, ct := range []core.ContentType{core.Unknown, core.Textbook, core.Paper} {
		ps := Extract(analyzed(headingNotes, core.FormatMarkdown, ct), Options{})
		got := byName(ps)
		for n, want := range map[string]string{
			"Tree":                "A tree is a connected graph without cycles.",
			"Edge count of trees": "A tree with n vertices has exactly n - 1 edges.",
			"Forest":              "A forest is a graph whose components are trees.",
		} {
			p, ok := got[n]
			if !ok {
				t.Errorf("%s: no %q among %q", ct, n, names(ps))
				continue
			}
			if p.FormalStatement != want {
				t.Errorf("%s: %q states %q, want %q", ct, n, p.FormalStatement, want)
			}
			if p.Confidence != mdHeadingConf {
				t.Errorf("%s: %q at %.2f, want %.2f", ct, n, p.Confidence, mdHeadingConf)
			}
		}
		lemma := 0
		for _, p := range ps {
			if p.FormalStatement == "Every tree with at least two vertices has a leaf." {
				lemma++
			}
			if strings.Contains(p.FormalStatement, "Forests are studied") {
				t.Errorf("%s: a heading about theorems is a result: %q", ct, p.Name)
			}
		}
		if lemma != 1 {
			t.Errorf("%s: the lemma under its heading found %d times: %q", ct, lemma, names(ps))
		}
	}
}

// A section whose text repeats the marker is read once.
func TestMarkdownHeadingResultNotTwice(t *testing.T) {
	doc := "# Notes\n\n## Definition (Tree)\n\nDefinition (Tree): A tree is a connected graph without cycles.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	if len(ps) != 1 {
		t.Errorf("%d primitives %q, want 1", len(ps), names(ps))
	}
}

// "is called" as a verb defines nothing.
func TestProseCalledAsAVerb(t *testing.T) {
	doc := "## 3 Dispatch\n\nIn Smalltalk the code executed when a procedure is called is determined dynamically by the type of the first argument.\n"
	for _, p := range Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{}) {
		if p.Type == core.Definition {
			t.Errorf("a definition from a verb: %q: %q", p.Name, p.FormalStatement)
		}
	}
}

// Named phases over lettered parts, broken by blank lines as PDF text
// breaks them, are one algorithm of two steps.
func TestProsePhases(t *testing.T) {
	doc := "## 2 Choosing a Value\n\nThe proposer and the acceptors together run the algorithm in the following two phases.\n\n" +
		"Phase 1. (a) A proposer selects a proposal number n and sends a prepare\n\nrequest with number n to a majority of acceptors.\n\n" +
		"(b) If an acceptor receives a prepare request with number n greater than any it has answered, it promises to ignore smaller ones.\n" +
		"Phase 2. (a) If the proposer receives a response from a majority of acceptors, it sends them an accept request.\n\n" +
		"(b) If an acceptor receives an accept request for a proposal numbered n, it accepts the proposal.\n\n" +
		"A proposer can make multiple proposals, so long as it follows the algorithm for each one.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{})
	var alg *core.Primitive
	for i := range ps {
		if ps[i].Type == core.Algorithm {
			alg = &ps[i]
		}
	}
	if alg == nil {
		t.Fatalf("no algorithm among %q", names(ps))
	}
	if stepLines(alg.ComputationalForm) != 2 || !strings.Contains(alg.ComputationalForm, "request with number n to a majority") ||
		!strings.Contains(alg.ComputationalForm, "promises to ignore") || strings.Contains(alg.ComputationalForm, "multiple proposals") {
		t.Errorf("phases read as %q", alg.ComputationalForm)
	}
}

// A paper the classifier calls a specification for its words
// ("requirement", "constraint") but that writes no requirement keyword is
// read as a paper; a specification with keywords is not.
func TestProseSpecWithoutKeywords(t *testing.T) {
	body := "## 3 Leader Election\n\nServers elect a leader with randomized timeouts: a follower that hears nothing from a leader for a while becomes a candidate and asks the others for votes.\n"
	ps := Extract(analyzed(body, core.FormatMarkdown, core.Spec), Options{})
	if _, ok := byName(ps)["Leader Election"]; !ok {
		t.Errorf("no Leader Election among %q", names(ps))
	}
	spec := body + "\nA candidate MUST vote for itself.\n"
	for _, p := range Extract(analyzed(spec, core.FormatMarkdown, core.Spec), Options{}) {
		if p.Name == "Leader Election" {
			t.Errorf("a specification's section read as a technique")
		}
	}
}

// An epigraph or a verse opening a section is not its statement, and a
// title in capitals is named in title case.
func TestProseSectionOpenings(t *testing.T) {
	doc := "## 2 KEEP IT SIMPLE\n\nPerfection is reached not when there is nothing to add, but when there is nothing to take away. (A. Saint-Exupery)\n\n" +
		"Those friends thou hast, and their adoption tried,\nGrapple them unto thy soul with hoops of steel;\nBut do not dull thy palm with entertainment\n\n" +
		"Do one thing at a time, and do it well: an interface should capture the minimum essentials of an abstraction and nothing more.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{})
	p, ok := byName(ps)["Keep It Simple"]
	if !ok {
		t.Fatalf("no Keep It Simple among %q", names(ps))
	}
	if !strings.HasPrefix(p.FormalStatement, "Do one thing at a time") {
		t.Errorf("statement %q", p.FormalStatement)
	}
}

// BenchmarkProseHostile reads a paper of many distinct labels used once and
// many "is called" without a sentence end: the label checks are bounded and
// sentence starts are looked for nearby, so the cost grows with the text.
func BenchmarkProseHostile(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("## 1 Labels\n\n")
	for i := range 20000 {
		sb.WriteString(string(rune('A'+i%26)) + string(rune('a'+i/26%26)) + string(rune('0'+i%10)) + ". Each line is a statement about something.\n\n")
	}
	sb.WriteString("## 2 Called\n\n")
	for range 20000 {
		sb.WriteString("a thing is called a widget and ")
	}
	a := analyzed(sb.String(), core.FormatMarkdown, core.Paper)
	b.ResetTimer()
	for range b.N {
		Extract(a, Options{})
	}
}

// A note that marks no result and sets no term in bold defines in prose:
// "The order of a magma term is the number of …" at a paragraph's start,
// "we call … balanced if …", "… is called …". A remark of the same shape
// ("The proof of a lemma is …") and prose mid-paragraph are not
// definitions.
func TestProseDefinitionsInANote(t *testing.T) {
	doc := "# Magma terms\n\nA magma is a set with a binary operation.\n\n" +
		"The order of a magma term is the number of occurrences of the operation in it.\n\n" +
		"The proof of a lemma is the usual induction on terms.\n\n" +
		"We call a term t balanced if its two subterms have the same order.\n\n" +
		"We call such identities regular.\n\n" +
		"A set of equations is called an equational theory if it is closed under substitution.\n\n" +
		"Terms are compared by order. The depth of a term is the length of its longest branch.\n"
	got := names(Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{}))
	want := []string{"Order of a Magma Term", "Balanced Term", "Regular Identities", "Equational Theory"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The PDF reader writes Lamport's P2 with a raised a as "P2ᵃ": the label
// is read as P2a, so the property is learned and found as the text says it.
func TestProseLabelWithRaisedLetter(t *testing.T) {
	doc := strings.ReplaceAll(prosePaper, "P2a", "P2ᵃ")
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Paper), Options{})
	if _, ok := byName(ps)["P2a: Higher-numbered Proposal Accepted"]; !ok {
		t.Errorf("no P2a among %q", names(ps))
	}
}

// A paper's apparatus ("Experimental Evaluation") is a generic section;
// a subject of which the generic word is the matter ("The Environment
// Model of Evaluation", "Rules for Evaluation") is not.
func TestGenericSectionApparatusNotSubject(t *testing.T) {
	for title, want := range map[string]bool{
		"5 Experimental Evaluation": true, "Evaluation": true, "Evaluation of the Prototype": true, "Conclusions and Future Work": true,
		"3.2 The Environment Model of Evaluation": false, "The Rules for Evaluation": false, "Lazy Streams": false,
	} {
		if got := genericSection(title); got != want {
			t.Errorf("genericSection(%q) = %v, want %v", title, got, want)
		}
	}
}
