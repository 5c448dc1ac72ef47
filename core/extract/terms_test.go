package extract

import (
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// Terms set in bold where prose defines them are definitions; bold used
// for emphasis, labels, names of things and code is not.
func TestBoldTermsInProseAreDefinitions(t *testing.T) {
	doc := "# Logic and graphs\n\n## Arguments\n\n" +
		"An **argument** is a set of statements, one of which is called the **conclusion** and the rest of which are called **premises**. " +
		"An argument is said to be **valid** if the conclusion must be true whenever the premises are all true. " +
		"An argument is **invalid** if it is not valid.\n\n" +
		"## Graphs\n\n" +
		"When a planar graph is drawn, it divides the plane into regions called **faces**. " +
		"If we add all possible edges, then the resulting graph is called **complete**. " +
		"When a connected graph can be drawn without crossings, it is called **planar**. " +
		"Sometimes the chromatic number equals the clique number. These graphs have a special name; they are called **perfect**.\n\n" +
		"We travel as far from the root as fast as possible, then backtrack. This is called **depth first search**.\n\n" +
		"Formally, a **tree** is a connected graph with no cycles. It has one more vertex than edges.\n\n" +
		"Graphs that are basically the same (but not equal) are called **isomorphic**. " +
		"A **recursive definition** of a sequence consists of a recurrence relation and an initial condition. " +
		"We call a vertex of degree zero an **isolated vertex**.\n\n" +
		"**Note:** a tree is a graph.\n\n" +
		"We use a middleware called **Helmet**. Using env vars for secrets is **HIGHLY DISCOURAGED** when in production. " +
		"It is **important** when you deploy. Run **config.yml** is read first. Every **tree** is bipartite.\n\n" +
		"- **Image**: a read-only template with instructions for creating a container.\n" +
		"- **--force**: overwrite the output.\n\n" +
		"```\nA **fenced** is code.\n```\n\n" +
		"Definition 2.1. A **forest** is a graph with no cycles.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	logPrimitives(t, ps)
	got := byName(ps)
	want := map[string]string{
		"Argument and Conclusion": "An argument is a set of statements, one of which is called the conclusion and the rest of which are called premises.",
		"Valid Argument":          "An argument is said to be valid if the conclusion must be true whenever the premises are all true.",
		"Invalid Argument":        "An argument is invalid if it is not valid.",
		"Faces":                   "When a planar graph is drawn, it divides the plane into regions called faces.",
		"Complete Graph":          "If we add all possible edges, then the resulting graph is called complete.",
		"Planar Graph":            "When a connected graph can be drawn without crossings, it is called planar.",
		// What "they" are, in the sentence that names them.
		"Perfect Graph": "Sometimes the chromatic number equals the clique number. These graphs have a special name; they are called perfect.",
		// The sentence before says what "this" is.
		"Depth First Search": "We travel as far from the root as fast as possible, then backtrack. This is called depth first search.",
		// The sentence after goes on about the term.
		"Tree":  "Formally, a tree is a connected graph with no cycles. It has one more vertex than edges.",
		"Image": "Image: a read-only template with instructions for creating a container.",
		// A property of the plural noun the sentence opens with.
		"Isomorphic Graphs":    "Graphs that are basically the same (but not equal) are called isomorphic.",
		"Recursive Definition": "A recursive definition of a sequence consists of a recurrence relation and an initial condition.",
		"Isolated Vertex":      "We call a vertex of degree zero an isolated vertex.",
	}
	for name, stmt := range want {
		p, ok := got[name]
		if !ok {
			t.Errorf("no definition %q in %q", name, names(ps))
			continue
		}
		if p.Type != core.Definition || p.FormalStatement != stmt {
			t.Errorf("%s: %s %q", name, p.Type, p.FormalStatement)
		}
	}
	for _, p := range ps {
		for _, bad := range []string{"Note", "Helmet", "Highly", "Important", "Config", "Force", "Fenced", "Premises"} {
			if strings.Contains(p.Name, bad) {
				t.Errorf("%q is not a defined term", p.Name)
			}
		}
	}
	// The marked definition is found once, by its marker.
	forests := 0
	for _, p := range ps {
		if strings.Contains(p.FormalStatement, "is a graph with no cycles") {
			forests++
		}
	}
	if forests != 1 {
		t.Errorf("the marked definition is found %d times", forests)
	}
}

// A term the document defines twice is one definition: the first.
func TestBoldTermDefinedOnce(t *testing.T) {
	doc := "# Sets\n\n## Intro\n\nFor us, a **set** will simply be an unordered collection of objects.\n\n" +
		"## Notation\n\nA **set** is a collection of elements. **Sets** are written with braces.\n"
	ps := Extract(analyzed(doc, core.FormatMarkdown, core.Textbook), Options{})
	logPrimitives(t, ps)
	if len(ps) != 1 || ps[0].Name != "Set" || !strings.HasPrefix(ps[0].FormalStatement, "For us") {
		t.Fatalf("got %q", names(ps))
	}
}

// A spec sets words in bold for other reasons; its prose is not read for
// terms. Every other genre's is, a paper's too (a page whose heading says
// "Introduction" is classified as one).
func TestBoldTermsOutsideSpecs(t *testing.T) {
	doc := "# Protocol\n\n## Terms\n\nA **client** is a program that opens a connection.\n"
	if ps := Extract(analyzed(doc, core.FormatMarkdown, core.Spec), Options{}); len(ps) != 0 {
		t.Errorf("spec: %q", names(ps))
	}
	for _, ct := range []core.ContentType{core.Tutorial, core.Paper, core.Textbook, core.Reference} {
		if ps := Extract(analyzed(doc, core.FormatMarkdown, ct), Options{}); len(ps) != 1 || ps[0].Name != "Client" {
			t.Errorf("%s: %q", ct, names(ps))
		}
	}
}
