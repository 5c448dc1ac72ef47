package extract

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// A book that prints its rules under bold numbered titles with no kind
// word, and calls them rules where its text refers to them, has every
// title of that series read as a rule: a theorem named by its title. A
// number printed again ("(explanation)") goes on about the same rule.
func TestReferredTitlesAreBlocksOfTheirKind(t *testing.T) {
	doc := "# Chapter 2 Operations\n\n## 2.1 Addition\n\nWe add numbers.\n\n" +
		"**2.1 Addition is commutative**\nThe order of the terms has no impact on the sum.\n\n" +
		"**Example**\n2 + 5 = 7 = 5 + 2\n\n" +
		"**2.2 Multiplication is commutative**\nThe order of the factors has no impact on the product.\n\n" +
		"**2.2 Multiplication is commutative (explanation)**\nCount the boxes of a grid by rows, then by columns.\n\n" +
		"**2.3 Distributive law**\nWhen an expression in parentheses is a factor, multiply each of its terms.\n\n" +
		"By Rule 2.1 and Rule 2.3 we get the result; Rule 2.2 tells the same of products.\n"
	ps := extractDoc(t, "rules.md", core.FormatMarkdown, doc)
	for _, name := range []string{"Addition is commutative", "Multiplication is commutative", "Distributive law"} {
		p := provedBy(t, ps, name)
		if p.Type != core.Theorem || p.Name != name {
			t.Errorf("%q read as %s %q", name, p.Type, p.Name)
		}
	}
	for _, p := range ps {
		if p.Name == "Multiplication is commutative (explanation)" {
			t.Errorf("the explanation of 2.2 read as a rule of its own: %q", p.FormalStatement)
		}
	}
}

// Bold numbered titles the text refers to as sections, or not at all,
// are no blocks.
func TestUnreferredTitlesAreNoBlocks(t *testing.T) {
	doc := "# Notes\n\n**1.1 Sets**\nA collection of things is considered here.\n\n" +
		"**1.2 Maps**\nThings are sent to other things here.\n\n" +
		"As Section 1.1 and Section 1.2 showed, all is well.\n"
	for _, p := range extractDoc(t, "notes.md", core.FormatMarkdown, doc) {
		if p.Name == "Sets" || p.Name == "Maps" {
			t.Errorf("section title read as a block: %s %q", p.Type, p.Name)
		}
	}
}

// A result whose label a PDF's text sets in bold alone on its line is
// read though its statement opens with a formula ("2 + 2 = 4"), not a
// capital; the same label unset, over a formula, is not.
func TestBoldLabelOverFormula(t *testing.T) {
	doc := "# 4 Induction\n\nWe must be careful to apply the definitions.\n\n" +
		"**Proposition 4.1.5**\n2 + 2 = 4\n\n**Proof**\nBy the recursive definition of addition, 2 + 2 = s(2 + 1) = 4. □\n"
	ps := extractDoc(t, "ind.md", core.FormatMarkdown, doc)
	p := provedBy(t, ps, "2 + 2 = 4")
	if p.Type != core.Theorem || p.Proof.Text == "" {
		t.Errorf("Proposition 4.1.5 read as %s with proof %+v", p.Type, p.Proof)
	}
	plain := "# 4 Induction\n\nWe must be careful to apply the definitions of\nProposition 4.1.5\n2 + 2 = 4 holds.\n"
	for _, p := range extractDoc(t, "ind2.md", core.FormatMarkdown, plain) {
		if p.Type == core.Theorem {
			t.Errorf("a mention read as a result: %q", p.FormalStatement)
		}
	}
}
