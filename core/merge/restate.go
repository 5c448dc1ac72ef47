package merge

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/names"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// placeOf is where p's statement was read.
func placeOf(p *core.Primitive) core.StatedIn {
	return core.StatedIn{Document: p.Provenance.Document, Section: p.Provenance.Section, Offset: p.Provenance.Offset}
}

// withPlace returns list with at, unless its document is home (the
// primitive's own document) or the list has that document and section
// already: a document restating a result once is recorded once, and
// learning it again changes nothing.
func withPlace(list []core.StatedIn, at core.StatedIn, home string) ([]core.StatedIn, bool) {
	if at.Document == "" || at.Document == home {
		return list, false
	}
	if slices.ContainsFunc(list, func(s core.StatedIn) bool { return s.Document == at.Document && s.Section == at.Section }) {
		return list, false
	}
	return append(slices.Clone(list), at), true
}

// alsoStatedIn records the decision prov (a skip: cand states existing's
// result) and, when cand was read in another document than existing's
// statement and that place is not recorded on it yet, records the place
// on existing (AlsoStatedIn): one result, one primitive, with where else
// it is stated. The primitive's statement, name and provenance stay; a
// proof the candidate brings and existing lacks is taken (as
// skipKeepingProof takes it).
func (e *Engine) alsoStatedIn(cand, existing *core.Primitive, prov core.ProvenanceEntry, now time.Time) Result {
	list, added := withPlace(existing.AlsoStatedIn, placeOf(cand), existing.Provenance.Document)
	if !added || cand.Provenance.Whole() == existing.Provenance.Whole() {
		// (two files of one book are one document)
		return skipKeepingProof(cand, existing, prov, now)
	}
	before := existing.Clone()
	after := existing.Clone()
	after.AlsoStatedIn = list
	prov.Outcome = core.ActionSkip
	if proof := existing.Proof.Or(cand.Proof); proof != existing.Proof {
		// The book proving what its slides state: the stored
		// primitive takes the proof too (skipKeepingProof).
		after.Proof = proof
		prov.Rationale += " The stored primitive keeps the proof the candidate gives of it."
		prov.Outcome = core.ActionUpdate
	}
	return finish(prov, core.Change{Type: core.ChangeUpdate, PrimitiveID: existing.ID, Before: &before, After: &after, Timestamp: now})
}

// followStatement makes g, which takes cand's statement, say where that
// statement is read: its provenance (document, section, offset and the
// document's description) and section are cand's, so a primitive never
// points at a file whose text it does not hold. The session that added
// it and the content hash (set by the caller) are left.
func followStatement(g *core.Primitive, cand *core.Primitive) {
	c := cand.Provenance
	if c.Document == "" || c.Document == g.Provenance.Document && c.Offset == g.Provenance.Offset {
		return
	}
	p := &g.Provenance
	p.Source, p.Document, p.MediaType, p.Bytes, p.SHA256 = c.Source, c.Document, c.MediaType, c.Bytes, c.SHA256
	p.Title, p.Section, p.Chapter, p.Offset = c.Title, c.Section, c.Chapter, c.Offset
	p.Line, p.Book, p.BookOffset = c.Line, c.Book, c.BookOffset
	g.Section, g.Chapter = cand.Section, cand.Chapter
}

// restatement reports whether cand, read in another document of the same
// work than existing (sameWork), is the same result under another name: a
// slide's "Theorem 3 — Second order linear ODEs" restating the book's
// "Theorem 2.1.4 — Second-order linear ODEs". Both are of one kind, the
// subject words of the shorter statement are nearly all in the other
// (contentShare), so is its mathematics (sameMath), and neither changes
// a number, formula, negation, quantifier or condition of the other.
// Within one document two results never restate each other: a book
// states each once.
func (e *Engine) restatement(cand, existing *core.Primitive, cmp *core.Comparison) bool {
	if cmp.Class == core.GenuinelyNew || cand.Type != existing.Type ||
		cand.Provenance.Whole() == existing.Provenance.Whole() || !e.sameWork(cand, existing) {
		return false
	}
	a, b := cand.FormalStatement, existing.FormalStatement
	if !overlap(a, b, contentShare) || !overlap(b, a, contentShare) || !restatedMath(a, b) {
		return false
	}
	if cand.Type == core.Algorithm && !sameProcedure(cand, existing) {
		return false
	}
	for _, c := range text.MeaningChanges(a, b) {
		if !restatedAs(c) {
			return false
		}
	}
	return true
}

// restatedMath reports whether the mathematics of the statement with
// fewer symbols is all in the other's (sameMath), once references to
// numbered displays ("(2.2)"), which a restatement writes out, and
// punctuation are set aside: a slide's "y” + p(x)y' + q(x)y = 0" for the
// book's "(2.2)" is the same mathematics, a second-order equation for an
// n-th order one is not.
func restatedMath(a, b string) bool {
	x, y := restateAtoms(a), restateAtoms(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	for atom := range x {
		if !y[atom] {
			return false
		}
	}
	return true
}

// inlineRef is a reference to a numbered display in a statement's text.
var inlineRef = lazyre.New(`\([0-9]+(?:\.[0-9]+)+\)`)

func restateAtoms(s string) map[string]bool {
	atoms := text.MathAtoms(inlineRef.ReplaceAllString(s, " "))
	for _, p := range []string{",", ".", ";", ":", "(", ")", "~"} {
		delete(atoms, p)
	}
	return atoms
}

// eqRef is a reference to a numbered display or result ("2.2", "(2.4)").
var eqRef = lazyre.New(`^\(?[0-9]+(?:\.[0-9]+)+\)?$`)

// restatedAs reports a change between two statements of one work that is
// how a restatement rewrites, not a change of what is stated: one refers
// to a numbered display the other writes out ("(2.2)" for "y” + p(x)y' +
// q(x)y = 0"), one says in words what the other writes as symbols (the
// comparison aligned "p_0 through p_{n-1}" with "p_0, p_1, …"), or the
// two differ only in spacing marks ("x~~" for "x").
func restatedAs(c text.MeaningChange) bool {
	if c.Kind != text.MeaningNumber && c.Kind != text.MeaningFormula || c.Stored == "" || c.Candidate == "" {
		return false
	}
	a, b := strings.TrimSpace(c.Stored), strings.TrimSpace(c.Candidate)
	if eqRef.MatchString(a) || eqRef.MatchString(b) {
		return true
	}
	if !strings.ContainsAny(a, "0123456789=+<>") || !strings.ContainsAny(b, "0123456789=+<>") {
		return true
	}
	spacing := strings.NewReplacer("~", "", " ", "", `\,`, "", `\;`, "", `\quad`, "", `\qquad`, "")
	return spacing.Replace(a) == spacing.Replace(b)
}

// keepOne settles two statements of one result from one work: the one to
// keep (candidateFirst) is kept, with its name and place, and the other's
// place is recorded on it as also stating it.
func (e *Engine) keepOne(cand, existing *core.Primitive, prov core.ProvenanceEntry, now time.Time) Result {
	if e.candidateFirst(cand, existing) {
		return e.restate(cand, existing, prov, now)
	}
	prov.Action = core.ProvSkip
	prov.Rationale = fmt.Sprintf("Restates %s (%q) from the same work — skipping, the stored statement kept.", existing.ID, existing.Name) + alsoStated(cand, existing)
	return e.alsoStatedIn(cand, existing, prov, now)
}

// candidateFirst reports whether of two statements of one result from one
// work the candidate's is the one to keep (with its name and place): the
// book's over a slide's — the document not beside a book (Options.Beside),
// else the name whose number is the deeper
// (names.NumberDepth: "Proposition 2.5.5" over "Proposition 2") —, else
// the fuller one; never a candidate whose text is more damaged.
func (e *Engine) candidateFirst(cand, existing *core.Primitive) bool {
	// One work's two statements are two passages of its source, not a
	// page read across its columns: a sentence one inserts (a display
	// closing with its period) is no splice.
	_, defects := text.Worse(cand.FormalStatement, existing.FormalStatement)
	if slices.ContainsFunc(defects, func(d text.Defect) bool { return d.Kind != text.DefectSplice }) {
		return false
	}
	if b := e.opts.Beside; b != nil {
		if c, x := b(cand.Provenance.Document), b(existing.Provenance.Document); c != x {
			return x
		}
	}
	if c, x := names.NumberDepth(cand.Name), names.NumberDepth(existing.Name); c != x && max(c, x) > 1 {
		return c > x
	}
	return len(text.Prose(cand.FormalStatement)) > len(text.Prose(existing.FormalStatement))
}

// restate updates existing with cand's statement of the same result (see
// restated): the statement, and with it the name and place, are cand's;
// existing's place is recorded among those also stating it.
func (e *Engine) restate(cand, existing *core.Primitive, prov core.ProvenanceEntry, now time.Time) Result {
	after := generalize(existing, cand, core.StatementVersion{ReplacedBy: e.opts.Session, ReplacedAt: now, Why: "restated"})
	if cand.Name != "" {
		after.Name = cand.Name
	}
	if existing.Provenance.Whole() != cand.Provenance.Whole() {
		after.AlsoStatedIn, _ = withPlace(after.AlsoStatedIn, placeOf(existing), after.Provenance.Document)
	}
	prov.Action = core.ProvUpdateGeneralization
	prov.Rationale = fmt.Sprintf("Candidate %s states %s (%q) of the same work in full, as %q — updating it with that statement, name and place; %s is recorded as also stating it, its statement kept as a version.",
		cand.ID, existing.ID, existing.Name, after.Name, existing.Provenance.Document)
	prov.OriginalFormalStatement = existing.FormalStatement
	prov.NewFormalStatement = cand.FormalStatement
	prov.Outcome = core.ActionUpdate
	before := existing.Clone()
	return finish(prov, core.Change{Type: core.ChangeUpdate, PrimitiveID: existing.ID, Before: &before, After: &after, Timestamp: now})
}
