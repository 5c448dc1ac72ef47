package merge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Situation is what the caller knows of a candidate beyond the
// comparator's verdict, and what the merge policy needs of it.
type Situation struct {
	// Pending is the id of a conflict, still waiting for a person, between
	// the existing primitive and a candidate with this one's statement and
	// name ("" for none): learning a source again does not raise it twice.
	Pending string
	// SameSource says the existing primitive was added by this run: it is
	// another statement of the same source.
	SameSource bool
	// Edition says the candidate stands where existing was found, in the
	// same document, and a curator decided on existing there: the source
	// was reworded since (a corrected edition). The curated primitive
	// takes the new statement rather than meeting it as a rival.
	Edition bool
}

// Place decides what to do with cand against the comparator's verdict cmp
// on existing, in the circumstances s. Three rules come before the
// comparator's verdict (Merge):
//
//   - a candidate already waiting in a pending conflict against existing
//     is skipped until a person resolves it;
//   - two statements of the same source that overlap or generalize one
//     another are the author's, not a conflict between sources, and
//     neither may overwrite the other: both are kept — unless they have
//     one name (sameName), which is held for a person instead (only
//     keep-both, their decision, stores both); so are two that
//     read as duplicates (or one as a special case of the other) but
//     differ in a number, a formula, a negation or a quantifier
//     (text.MeaningChanges): two statements, not one stated twice;
//   - a differently named concept whose statement names the existing one
//     builds on it: the overlap is the reference, not a rival statement,
//     so it is added (and wired to what it names).
func (e *Engine) Place(cand *core.Primitive, cmp *core.Comparison, existing *core.Primitive, s Situation) (Result, error) {
	if cmp == nil || existing == nil {
		return e.Merge(cand, cmp, existing)
	}
	switch {
	case s.Pending == "" && !s.Edition && e.restatement(cand, existing, cmp):
		// One result restated (slides beside their book): neither two
		// statements kept side by side nor a question.
		return e.Merge(cand, cmp, existing)
	case s.Pending != "":
		return e.SkipFor(cand, existing.ID, fmt.Sprintf("Already pending as conflict %s against %s — skipping until it is resolved.",
			s.Pending, existing.ID)), nil
	case s.Edition && (cmp.Class != core.GenuinelyNew || sameName(cand, existing)) && cand.FormalStatement != existing.FormalStatement:
		// A statement of the curated primitive's name at its place is its
		// new edition, even one the deduper would keep apart as another
		// result sharing its title.
		return e.NewEdition(cand, existing), nil
	case s.SameSource && (cmp.Class == core.Generalization || cmp.Class == core.OverlappingDistinct) && !sameName(cand, existing):
		return e.AddBeside(cand, existing, fmt.Sprintf("%s overlaps %s of the same source (%s, confidence %.2f) — both kept: a source's own statements do not conflict.",
			cand.ID, existing.ID, cmp.Class, cmp.Confidence))
	case s.SameSource && (cmp.Class == core.ExactDuplicate || cmp.Class == core.Specialization) && !sameName(cand, existing):
		if changes := text.MeaningChanges(cand.FormalStatement, existing.FormalStatement); len(changes) > 0 {
			return e.AddBeside(cand, existing, fmt.Sprintf("%s compares with %s of the same source as %s (confidence %.2f) but says something else (%s) — both kept: a source's own statements do not conflict.",
				cand.ID, existing.ID, cmp.Class, cmp.Confidence, describeFirst(changes, "; ")))
		}
	case cmp.Class == core.OverlappingDistinct && buildsOn(cand, existing):
		return e.AddBeside(cand, existing, fmt.Sprintf("%s overlaps %s (confidence %.2f) but is a different concept that names it — added, depending on it.",
			cand.ID, existing.ID, cmp.Confidence))
	}
	return e.Merge(cand, cmp, existing)
}

// buildsOn reports whether cand is a different concept from existing (the
// names differ) whose statement mentions existing by name.
func buildsOn(cand, existing *core.Primitive) bool {
	cn, en := text.NameStems(cand.Name), text.NameStems(existing.Name)
	if len(en) == 0 || slices.Equal(cn, en) || len(strings.Join(en, " ")) < text.MinNamedStems {
		return false
	}
	ws := text.NameStems(cand.FormalStatement)
	for i := 0; i+len(en) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(en)], en) {
			return true
		}
	}
	return false
}

// NewEdition updates existing, which a curator decided on, with the
// statement cand reads at its place now: the name, type and edges the
// curator gave it stay; the statement it replaces is kept as a version.
func (e *Engine) NewEdition(cand, existing *core.Primitive) Result {
	now := e.opts.now()
	after := existing.Clone()
	after.Versions = append(after.Versions, keep(existing, core.StatementVersion{ReplacedBy: e.opts.Session, ReplacedAt: now, Why: "the source was reworded"}))
	after.FormalStatement, after.ComputationalForm = cand.FormalStatement, cand.ComputationalForm
	after.Proof = cand.Proof.Or(existing.Proof)
	after.Keywords = Union(existing.Keywords, cand.Keywords)
	after.Provenance.ContentHash = cand.Provenance.ContentHash
	if after.Provenance.ContentHash == "" {
		after.Provenance.ContentHash = text.ContentHash(cand.FormalStatement)
	}
	after.Provenance.Offset, after.Provenance.SHA256, after.Provenance.Bytes = cand.Provenance.Offset, cand.Provenance.SHA256, cand.Provenance.Bytes
	// the file of its book holding it now, and where
	after.Provenance.Document, after.Provenance.MediaType = cand.Provenance.Document, cand.Provenance.MediaType
	after.Provenance.Line, after.Provenance.Book, after.Provenance.BookOffset = cand.Provenance.Line, cand.Provenance.Book, cand.Provenance.BookOffset
	prov := core.ProvenanceEntry{SessionID: e.opts.Session, Timestamp: now, CandidateID: cand.ID, ExistingID: existing.ID,
		Domain: cand.Domain, Action: core.ProvUpdateEdition, Outcome: core.ActionUpdate,
		OriginalFormalStatement: existing.FormalStatement, NewFormalStatement: cand.FormalStatement,
		Rationale: fmt.Sprintf("Candidate %s stands where the curated %s was found, reworded — %s takes the new statement and keeps its curated name and type.",
			cand.ID, existing.ID, existing.ID)}
	before := existing.Clone()
	return finish(prov, core.Change{Type: core.ChangeUpdate, PrimitiveID: existing.ID, Before: &before, After: &after, Timestamp: now})
}
