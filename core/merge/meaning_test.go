package merge

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/text"
)

// theorem is a stored statement of the edge count of trees; stated is it
// with another statement, as a second source gives it.
func theorem(id, stmt string) core.Primitive {
	return core.Primitive{ID: id, Name: "Edge count of trees", Type: core.Theorem, Domain: "computer-science",
		FormalStatement: stmt, ComputationalForm: "Theorem: edge count of trees",
		Keywords: []string{"tree", "vertic", "edg"}, ApplicabilityPatterns: []string{"trees"},
		Provenance: core.Provenance{Document: "trees.md", ContentHash: text.ContentHash(stmt)}}
}

// A statement that changes a number, a formula, a negation or a quantifier
// of the stored one is a conflict naming the change, whatever class the
// comparator gives the pair by its words; a rewording is not.
func TestMergeMeaningChangeIsAConflict(t *testing.T) {
	const edges = "Every tree with n vertices has exactly n-1 edges."
	for _, c := range []struct {
		stored string // edges when ""
		cand   string
		class  core.Class // the comparator's, by the words
		reason string     // in the conflict's rationale; "" for no conflict
	}{
		{"", "Every tree with n vertices has exactly n+1 edges.", core.ExactDuplicate, `number differs: stored "n-1", candidate "n+1"`},
		{"Every tree with at least two vertices has at least two leaves.", "Every tree with at least two vertices has at most two leaves.",
			core.ExactDuplicate, `amount differs: stored "at least", candidate "at most"`},
		{"All trees with two or more vertices have two leaves.", "Some trees with two or more vertices have two leaves.",
			core.ExactDuplicate, `quantifier differs: stored "all", candidate "some"`},
		{"", "Every tree with n vertices has exactly n − 2 edges.", core.ExactDuplicate, `number differs: stored "n-1", candidate "n-2"`},
		{"", "Every tree with n vertices has at most n-1 edges.", core.OverlappingDistinct, `amount differs: stored "exactly", candidate "at most"`},
		{"", "No tree with n vertices has exactly n-1 edges.", core.ExactDuplicate, `negation: candidate adds "no"`},
		{"", "Every tree with n vertices has exactly n − 1 edges.", core.ExactDuplicate, ""},
		{"", "Each tree with n vertices has exactly `n - 1` edges.", core.ExactDuplicate, ""},
		// Emphasis is no formula: a document learned with "A *forest*"
		// and again with "A forest" states the same thing.
		{"A *forest* is a graph with no cycle.", "A forest is a graph with no cycle.", core.ExactDuplicate, ""},
		{"A forest is a graph with no cycle.", "A **forest** is a graph with no cycle.", core.ExactDuplicate, ""},
		{"A tree is a connected graph containing no cycles.", "A *tree* is a Connected graph that contains no cycles.", core.ExactDuplicate, ""},
		{"A *tree* is a Connected graph that contains no cycles.", "A tree is a connected graph containing no cycles.", core.ExactDuplicate, ""},
		{"", "Every *tree* with n vertices has exactly *n+1* edges.", core.ExactDuplicate, `number differs: stored "n-1", candidate "n+1"`},
	} {
		stored := edges
		if c.stored != "" {
			stored = c.stored
		}
		ex, cand := theorem("edge-count", stored), theorem("edge-count-2", c.cand)
		cmp := dedup.Compare(&cand, &ex)
		if cmp.Class != c.class {
			t.Fatalf("setup: %q compares as %s, want %s", c.cand, cmp.Class, c.class)
		}
		r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, &cmp, &ex)
		if c.reason == "" {
			if r.Action != core.ActionSkip {
				t.Errorf("%q: %s (%s), want a skip as a duplicate", c.cand, r.Action, r.Provenance.Rationale)
			}
			continue
		}
		if r.Action != core.ActionConflict || r.Conflict == nil {
			t.Errorf("%q: %s (%s), want a conflict", c.cand, r.Action, r.Provenance.Rationale)
			continue
		}
		if !strings.Contains(r.Conflict.Comparison.Rationale, c.reason) || !strings.Contains(r.Provenance.Rationale, c.reason) {
			t.Errorf("%q: the conflict does not name %s:\n comparison %q\n provenance %q", c.cand, c.reason,
				r.Conflict.Comparison.Rationale, r.Provenance.Rationale)
		}
	}
}

// A generalization whose formula is written with spaces or as Markdown
// code is neither damaged nor different: it updates the stored statement.
// One that also changes the formula is held.
func TestMergeGeneralizationWithFormulaUpdates(t *testing.T) {
	const stored = "A tree on n vertices is a connected graph with n-1 edges and no cycle."
	for _, c := range []struct {
		cand     string
		conflict bool
	}{
		{"A tree on n vertices is a connected graph with n − 1 edges and no cycle, as studied in graph theory and in the analysis of networks.", false},
		{"A tree on n vertices is a connected graph with `n - 1` edges and no cycle, as studied in graph theory and in the analysis of networks.", false},
		{"A tree on n vertices is a connected graph with n edges and no cycle, as studied in graph theory and in the analysis of networks.", true},
	} {
		ex, cand := theorem("tree", stored), theorem("tree", c.cand)
		r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, &core.Comparison{ExistingID: "tree", Class: core.Generalization, Confidence: 0.8}, &ex)
		switch {
		case c.conflict && r.Action != core.ActionConflict:
			t.Errorf("%q: %s, want a conflict", c.cand, r.Action)
		case !c.conflict && r.Action != core.ActionUpdate:
			t.Errorf("%q: %s (%s), want an update", c.cand, r.Action, r.Provenance.Rationale)
		}
	}
}

// Two statements of one source that read as duplicates but differ in a
// formula are the author's two statements: both are kept, neither skipped
// nor held as a conflict. One that is the same statement is skipped.
func TestPlaceSameSourceMeaningChangeKeepsBoth(t *testing.T) {
	ex := theorem("lemma-c5", "Let a and b be concurrent events with a.op = Insert(i, c_i) and b.op = Insert(j, c_j); replaying a then b gives the same state.")
	cand := theorem("lemma-c6", "Let a and b be concurrent events with a.op = Insert(i, c) and b.op = Delete(j); replaying a then b gives the same state.")
	cand.Name, ex.Name = "Lemma C.6", "Lemma C.5"
	// The comparator keeps two statements of two names over other
	// formulas apart; the merge engine keeps both when it is handed them
	// as duplicates by their words all the same.
	cmp := dedup.Compare(&cand, &ex)
	if cmp.Class != core.GenuinelyNew {
		t.Fatalf("setup: %s", cmp.Class)
	}
	cmp.Class = core.ExactDuplicate
	e := New(Options{Session: "s1", Now: clock()})
	r, err := e.Place(&cand, &cmp, &ex, Situation{SameSource: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != core.ActionAdd || !strings.Contains(r.Provenance.Rationale, `formula differs: stored "c_i", candidate "c"`) {
		t.Fatalf("%s: %s", r.Action, r.Provenance.Rationale)
	}
	same := ex
	same.ID = "lemma-c5-again"
	cmp = dedup.Compare(&same, &ex)
	if r, _ := e.Place(&same, &cmp, &ex, Situation{SameSource: true}); r.Action != core.ActionSkip {
		t.Fatalf("the same statement again: %s (%s)", r.Action, r.Provenance.Rationale)
	}
}

// check is the deduper's verdict on cand against a registry of stored, as
// a learn reaches the merge engine with it.
func check(t *testing.T, cand core.Primitive, stored ...core.Primitive) dedup.Verdict {
	t.Helper()
	reg := dedup.NewIndex()
	for _, p := range stored {
		reg.Add(p)
	}
	v, err := dedup.NewDeduper(reg, dedup.DefaultConfig()).Check(&cand)
	if err != nil {
		t.Fatal(err)
	}
	if v.Best == nil || v.Existing == nil {
		t.Fatalf("%s: no match among the stored statements", cand.ID)
	}
	return v
}

// healthCheck is a stored protocol statement of what a service's health
// endpoint prints.
func healthCheck(id, stmt string) core.Primitive {
	return core.Primitive{ID: id, Name: "Health check", Type: core.Technique, Domain: "protocols",
		FormalStatement: stmt, Keywords: []string{"health", "check", "endpoint", "servic"},
		Provenance: core.Provenance{Document: "runbook.md", ContentHash: text.ContentHash(stmt)}}
}

// A statement whose quoted output changed says something else: it is not
// skipped as a duplicate (its words are the stored ones but for the
// literal) but held as a conflict naming both literals — and named as a
// literal, not as a negation, though the new literal is "no".
func TestMergeQuotedOutputChangeIsAConflict(t *testing.T) {
	ex := healthCheck("protocols-health-check", `The health check endpoint GET /healthz answers with status 200 and prints "ok" while the service is ready.`)
	cand := healthCheck("protocols-health-check-2", `The health check endpoint GET /healthz answers with status 200 and prints "no" while the service is ready.`)
	const reason = `quoted text differs: stored "ok", candidate "no"`
	if cmp := dedup.Compare(&cand, &ex); cmp.Class != core.ExactDuplicate {
		t.Fatalf("setup: the comparator reads the pair as %s, want by its words a duplicate", cmp.Class)
	}
	v := check(t, cand, ex)
	r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, v.Best, v.Existing)
	if r.Action != core.ActionConflict || r.Conflict == nil {
		t.Fatalf("%s: %s, want a conflict", r.Action, r.Provenance.Rationale)
	}
	for _, s := range []string{r.Provenance.Rationale, r.Conflict.Comparison.Rationale} {
		if !strings.Contains(s, reason) || strings.Contains(s, "negation") {
			t.Errorf("the rationale does not name the changed literal (%s): %q", reason, s)
		}
	}
}

// A condition added with "non" ("every nonempty set") is held for a person
// as a changed condition, not named a negation; "exactly" where the stored
// statement says "any" is a changed amount, not a quantifier replaced.
func TestMergeConditionAndAmountAreNamedForWhatTheyAre(t *testing.T) {
	for _, c := range []struct{ stored, cand, reason, not string }{
		{"Every set of natural numbers has a least element with respect to the usual order of the natural numbers.",
			"Every nonempty set of natural numbers has a least element with respect to the usual order of the natural numbers.",
			`condition: candidate adds "nonempty"`, "negation"},
		{"The lookup of a binary search tree returns any entry stored under the key in logarithmic time when the tree is balanced.",
			"The lookup of a binary search tree returns exactly the entry stored under the key in logarithmic time when the tree is balanced.",
			`amount: candidate adds "exactly"`, "quantifier"},
	} {
		ex, cand := theorem("well-ordering", c.stored), theorem("well-ordering-2", c.cand)
		if cmp := dedup.Compare(&cand, &ex); cmp.Class != core.ExactDuplicate {
			t.Fatalf("setup: %q compares as %s, want by its words a duplicate", c.cand, cmp.Class)
		}
		v := check(t, cand, ex)
		r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, v.Best, v.Existing)
		if r.Action != core.ActionConflict || r.Conflict == nil {
			t.Errorf("%q: %s (%s), want a conflict", c.cand, r.Action, r.Provenance.Rationale)
			continue
		}
		for _, s := range []string{r.Provenance.Rationale, r.Conflict.Comparison.Rationale} {
			if !strings.Contains(s, c.reason) || strings.Contains(s, c.not) {
				t.Errorf("%q: the rationale should name %s and no %s: %q", c.cand, c.reason, c.not, s)
			}
		}
	}
}

// definition is a stored definition of the protocols domain, as a second
// source words it.
func definition(id, name, stmt string, patterns ...string) core.Primitive {
	return core.Primitive{ID: id, Name: name, Type: core.Definition, Domain: "protocols",
		FormalStatement: stmt, Keywords: []string{"sequenc", "bound", "function", "relat", "imag"}, ApplicabilityPatterns: patterns,
		Provenance: core.Provenance{Document: "notes.md", ContentHash: text.ContentHash(stmt)}}
}

// A learn skips the same statement in other notation (\le, \N) or in
// other connective words ("given by" for "with") saying so, with the
// confidence measured on the texts as written — not as an exact duplicate
// of confidence 1.00, nor as a broader statement that updates the stored
// one.
func TestMergeSameStatementOtherwiseWrittenIsSkippedAsSuch(t *testing.T) {
	for _, c := range []struct {
		stored, cand core.Primitive
		want         string
	}{
		{definition("protocols-bounded-sequence", "Bounded sequence", `A sequence $(x_n)$ is bounded if there is $M \in \mathbb{R}$ with $|x_n| \leq M$ for all $n \in {\mathbb{N}}$.`),
			definition("protocols-bounded-sequence-2", "Bounded sequence", `A sequence $(x_n)$ is bounded if there is $M \in \mathbb{R}$ with $|x_n| \le M$ for all $n \in \N$.`),
			"Same statement in other notation as protocols-bounded-sequence (confidence "},
		{definition("protocols-function", "Function", `A function $f: A \to B$ is a relation between sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`, "functions"),
			definition("protocols-function-2", "Function", `A function $f\colon A\to B$ is a relation between sets A and B given by exactly one image $f(a) \in B$ for every $a \in A$.`, "functions", "maps"),
			"Same statement in other words as protocols-function (confidence "},
		{definition("protocols-function", "Function", `A function $f: A \to B$ is a relation between sets A and B with exactly one image $f(a) \in B$ for every $a \in A$.`, "functions"),
			definition("protocols-function-2", "Function", `A function $f\colon A\to B$ is a relation between sets A and B given by exactly one image $f(a) \in B$ for every $a \in A$.`, "functions"),
			"Same statement in other words as protocols-function (confidence "},
	} {
		v := check(t, c.cand, c.stored)
		r := New(Options{Session: "s1", Now: clock()}).mustMerge(&c.cand, v.Best, v.Existing)
		why := r.Provenance.Rationale
		if r.Action != core.ActionSkip || !strings.HasPrefix(why, c.want) || strings.Contains(why, "1.00") ||
			!strings.Contains(why, fmt.Sprintf("(confidence %.2f)", v.Best.Confidence)) || v.Best.Confidence >= 1 {
			t.Errorf("%s: %s %q (verdict %s %.2f), want a skip: %s…", c.cand.ID, r.Action, why, v.Best.Class, v.Best.Confidence, c.want)
		}
	}
}

// A book's EPUB that lost a display restates the stored theorem with
// less: it is recorded where else it is stated and skipped, not held as
// a conflict for a person, and the stored statement stays whole.
func TestMergeRenderingThatSaysLessIsSkipped(t *testing.T) {
	stored := definition("protocols-hall", "Hall's Marriage Theorem",
		`Let $G$ be a bipartite graph with sets $A$ and $B$. Then $G$ has a matching of $A$ if and only if $$ |N(S)| \ge |S| $$ for all $S \subseteq A$.`)
	cand := definition("protocols-hall-2", "Hall's Marriage Theorem",
		"Let G be a bipartite graph with sets A and B. Then G has a matching of A if and only if for all S⊆A.")
	cand.Provenance.Document = "book.epub"
	v := check(t, cand, stored)
	r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, v.Best, v.Existing)
	if r.Action != core.ActionSkip || !strings.HasPrefix(r.Provenance.Rationale, "Every word and symbol of it is in protocols-hall") {
		t.Fatalf("%s %q (verdict %s %.2f), want a skip of a statement that says less", r.Action, r.Provenance.Rationale, v.Best.Class, v.Best.Confidence)
	}
	// With a condition of its own, the candidate says something else.
	other := definition("protocols-hall-3", "Hall's Marriage Theorem",
		"Let G be a bipartite graph with sets A and B. Then G has a perfect matching of A if and only if for all S⊆A.")
	v = check(t, other, stored)
	if r := New(Options{Session: "s1", Now: clock()}).mustMerge(&other, v.Best, v.Existing); r.Action == core.ActionSkip {
		t.Errorf("a candidate with a word the stored statement lacks was skipped: %q", r.Provenance.Rationale)
	}
}

// Another rendering's list item, read as a definition of its own, restates
// a passage of the stored list: it is skipped and recorded, not a second
// primitive. From the same document, it stays apart.
func TestMergePassageOfAStoredStatementIsSkipped(t *testing.T) {
	stored := definition("protocols-connectives", "Conjunction and Disjunction",
		`$P \wedge Q$ is read "$P$ and $Q$," and called a conjunction. $P \vee Q$ is read "$P$ or $Q$," and called a disjunction.`)
	cand := definition("protocols-conjunction", "Conjunction", "P∧Q is read “P and Q,” and called a conjunction.")
	cand.Provenance.Document = "book.epub"
	r := New(Options{Session: "s1", Now: clock()}).mustMerge(&cand, &core.Comparison{Class: core.Specialization}, &stored)
	if r.Action != core.ActionSkip || !strings.Contains(r.Provenance.Rationale, "a passage of that statement") {
		t.Fatalf("%s %q, want the list item skipped as a passage of the stored list", r.Action, r.Provenance.Rationale)
	}
	same := definition("protocols-conjunction", "Conjunction", "P∧Q is read “P and Q,” and called a conjunction.")
	if r := New(Options{Session: "s1", Now: clock()}).mustMerge(&same, &core.Comparison{Class: core.Specialization}, &stored); r.Action == core.ActionSkip {
		t.Errorf("a passage of its own document's statement was skipped: %q", r.Provenance.Rationale)
	}
}
