package e2e_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/report"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/corpus"
)

const (
	groupClean   = "A group is a set with an associative operation, an identity element and inverses for every element."
	groupBroader = "A group is a set with an associative operation, an identity element and inverses for every element, as studied in abstract algebra and geometry."
	// groupDamaged is groupBroader as a bad extraction gives it.
	groupDamaged = "A group is a set with an associative operation, an identity element and inverses for every every element, as studied in abstract algebra and geometry."
)

func groupDoc(statement string) string { return "# Groups\n\nDefinition: " + statement + "\n" }

// A generalization never overwrites silently: a damaged one becomes a
// conflict and leaves the stored statement alone; a clean one updates,
// keeps the replaced statement as a version, and the session's report
// shows both statements; unlearning the update restores the statement.
func TestUpdatesKeepVersionsAndDamagedTextNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	s := openStore(t, dir)
	defer s.Close()
	structure := func(o *engine.LearnOptions) { o.Domain = "structure" }
	first := learn(t, s, write(t, dir, "a.md", groupDoc(groupClean)), structure)
	if first.Counts.Added != 1 {
		t.Fatalf("setup: %+v", first.Counts)
	}
	id := first.Primitives[0].ID
	stored := func() core.Primitive {
		t.Helper()
		p, ok, err := s.GetPrimitive(id)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", id, ok, err)
		}
		return p
	}

	damaged := learn(t, s, write(t, dir, "c.md", groupDoc(groupDamaged)), structure)
	if damaged.Counts.Updated != 0 || damaged.Counts.Conflicts != 1 {
		t.Fatalf("a damaged generalization: %+v, want one conflict and no update", damaged.Counts)
	}
	if p := stored(); p.FormalStatement != groupClean || len(p.Versions) != 0 {
		t.Fatalf("the damaged text changed the stored primitive: %q, versions %+v", p.FormalStatement, p.Versions)
	}
	if c := damaged.Conflicts[0]; !strings.Contains(c.Comparison.Rationale, "more damaged") {
		t.Errorf("the conflict does not say why it was held: %q", c.Comparison.Rationale)
	}

	broader := learn(t, s, write(t, dir, "b.md", groupDoc(groupBroader)), structure)
	if broader.Counts.Updated != 1 {
		t.Fatalf("a clean generalization: %+v, want one update", broader.Counts)
	}
	p := stored()
	if p.FormalStatement != groupBroader || len(p.Versions) != 1 {
		t.Fatalf("after the update: %q, versions %+v", p.FormalStatement, p.Versions)
	}
	if v := p.Versions[0]; v.FormalStatement != groupClean || v.ReplacedBy != broader.Session.ID || v.Why != string(core.Generalization) {
		t.Errorf("the kept version %+v", v)
	}
	in, err := engine.LoadReport(s, broader.Session.ID)
	if err != nil {
		t.Fatal(err)
	}
	md := report.Build(in, report.Limits{}).Markdown
	for _, want := range []string{"### Updated", "was: " + groupClean, "now: " + groupBroader} {
		if !strings.Contains(md, want) {
			t.Errorf("the session's report lacks %q:\n%s", want, md)
		}
	}

	if _, err := engine.Unlearn(context.Background(), s, broader.Session.ID, engine.UnlearnOptions{}); err != nil {
		t.Fatal(err)
	}
	if p := stored(); p.FormalStatement != groupClean || len(p.Versions) != 0 {
		t.Errorf("after unlearning the update: %q, versions %+v", p.FormalStatement, p.Versions)
	}
	verify(t, s)
}

// On a real book, the garbled text of a second extraction of the same PDF
// (two columns interleaved, words broken, symbols torn) never replaces the
// first one's statements: every update it makes is to a statement at least
// as clean, and every updated primitive keeps what it replaced.
func TestGarbledExtractionNeverReplacesCleanStatements(t *testing.T) {
	pdf := corpus.Path(t, "textbook_winitzki-linear-algebra-via-exterior-products.pdf")
	txt := corpus.Path(t, "textbook_winitzki-linear-algebra-via-exterior-products.pdftotext.txt")
	s := openStore(t, t.TempDir())
	defer s.Close()
	learn(t, s, pdf)
	second := learn(t, s, txt)
	if second.Counts.Conflicts == 0 {
		t.Fatalf("the second extraction raised no conflict: %+v", second.Counts)
	}
	updates := 0
	for _, e := range second.Provenance {
		if e.Action != core.ProvUpdateGeneralization {
			continue
		}
		updates++
		if worse, ds := text.Worse(e.NewFormalStatement, e.OriginalFormalStatement); worse {
			t.Errorf("%s was updated with more damaged text (%v):\n was %q\n now %q", e.ExistingID, ds, e.OriginalFormalStatement, e.NewFormalStatement)
		}
		p, ok, err := s.GetPrimitive(e.ExistingID)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", e.ExistingID, ok, err)
		}
		if len(p.Versions) == 0 || p.Versions[len(p.Versions)-1].FormalStatement != e.OriginalFormalStatement {
			t.Errorf("%s does not keep the statement the update replaced: %+v", p.ID, p.Versions)
		}
	}
	t.Logf("second extraction: %+v, %d update(s)", second.Counts, updates)
}
