package names

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// A result named apart from another of its name is named by what it is
// about: its kind when the kinds differ, else its section or document
// when they differ (what their titles say, not their labels, asides and
// part marks), else a word of its own, else its printed number — never
// a count or a glued label.
func TestApart(t *testing.T) {
	at := func(name string, typ core.PrimitiveType, section, title string) *core.Primitive {
		return &core.Primitive{Name: name, Type: typ, Provenance: core.Provenance{Section: section, Title: title}}
	}
	stmtAt := func(name, section, title, stmt string) *core.Primitive {
		p := at(name, core.Definition, section, title)
		p.FormalStatement = stmt
		return p
	}
	for _, c := range []struct {
		p, other *core.Primitive
		want     string
	}{
		{at("Linearity", core.Theorem, "5.2 Properties of the integral", "Basic Analysis"), at("Linearity", core.Theorem, "The derivative", "Basic Analysis"),
			"Linearity of the integral"},
		{at("Linearity", core.Theorem, "The derivative", "Basic Analysis"), at("Linearity", core.Theorem, "Properties of the integral", "Basic Analysis"),
			"Linearity of the derivative"},
		{at("Characterization of Convergent Sequences", core.Theorem, "Metric spaces", ""), at("Characterization of convergent sequences", core.Theorem, "Limits", ""),
			"Characterization of Convergent Sequences — Metric spaces"},
		{at("Breadth-first search", core.Algorithm, "Traversal", ""), at("Breadth-first Search", core.Definition, "Trees", ""),
			"Breadth-first search (algorithm)"},
		// The section says nothing ("Exercises"): the document says it.
		{at("Superposition", core.Theorem, "Exercises", "Second order ODEs"), at("Superposition", core.Theorem, "Exercises", "Notes"),
			"Superposition of Second order ODEs"},
		// Nor does a title that only numbers a part ("BA: 7.3"): what the
		// statement says and the other's does not names it.
		{stmtAt("Sequence", "Slides", "BA: 7.3", "A sequence in a metric space $(X,d)$ is a function $x \\colon \\N \\to X$."),
			stmtAt("Sequence", "Slides", "BA: 2.1", "A sequence is a function $x \\colon \\N \\to \\R$."), "Sequence (metric space)"},
		// Nor a word of its own: the number its book prints for it.
		{at("Key lemma", core.Theorem, "2.3.1", "Notes"), at("Key lemma", core.Theorem, "2.1.4", "Notes"), "Key lemma (2.3.1)"},
		// A title's closing aside or part mark says nothing of it.
		{at("Superposition", core.Theorem, "Document", "Second order linear ODEs (Notes on Diffy Qs, 2.1)"),
			at("Superposition", core.Theorem, "Document", "Higher order linear ODEs (Notes on Diffy Qs, 2.3)"), "Superposition of Second order linear ODEs"},
		{stmtAt("Cantor", "Slides", "BA: 0.3 part 3", "Cantor's theorem: no set is in bijection with its power set."),
			stmtAt("Cantor", "Slides", "BA: 0.3 part 2", "Cantor's diagonal argument shows the reals are uncountable."), "Cantor (power set)"},
		// Nothing tells them apart: the name stays, never counted.
		{at("Key lemma", core.Theorem, "Sequences", "Notes"), at("Key lemma", core.Theorem, "Sequences", "Notes"), "Key lemma"},
	} {
		if got := Apart(c.p, c.other); got != c.want {
			t.Errorf("Apart(%q in %q) = %q, want %q", c.p.Name, c.p.Provenance.Section, got, c.want)
		}
	}
}
