// Package merge turns the comparator's verdict on a candidate into changes
// of the registry, resolves conflicts a person decided, and plans the revert
// of a session's changes.
//
// Nothing here touches a store: every function returns core.Change values
// (with before and after states, so they can be replayed backwards) that
// the caller journals and applies. The safety invariant of the reference is
// kept: Merge never replaces an existing primitive; only Resolve with
// keep-candidate does, after a person chose it.
package merge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/names"
	"github.com/lore-kb/lore/core/text"
)

// Options configure merging and resolving.
type Options struct {
	// Session is the id of the learning session; conflict ids and
	// provenance entries carry it.
	Session string
	// Now returns the time stamped on provenance and changes (UTC
	// time.Now when nil).
	Now func() time.Time
	// IDTaken reports whether an id is already used in the registry, so an
	// added primitive never overwrites another one (nil: nothing is taken).
	// Its error (a store that cannot be read) stops the decision.
	IDTaken func(id string) (bool, error)
	// Adopt says the caller hands each candidate over to Merge and
	// AddBeside: an added candidate becomes the change's After state as
	// it is (its ID and provenance session set there) instead of a copy,
	// so the caller must not use it as a candidate afterwards. A large run
	// holds every candidate until it is merged; a copy of each would
	// double that.
	Adopt bool
	// Beside reports a document that stands beside a book and reads
	// through it (its slides, its notes; nil: none does): of two
	// statements of one result, the book's is kept.
	Beside func(document string) bool
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now().UTC()
}

// Engine merges the candidates of one session. It numbers the session's
// conflicts and remembers the ids it has added, so two candidates of one
// run with the same id are stored under different ids even if IDTaken only
// knows the stored registry. It is not safe for concurrent use.
type Engine struct {
	opts      Options
	conflicts int
	issued    map[string]bool
}

// New returns an Engine for one session.
func New(opts Options) *Engine {
	return &Engine{opts: opts, issued: make(map[string]bool)}
}

// Result is what one merge or resolution decided.
type Result struct {
	// Action is the merge action; Provenance.Outcome has the same value.
	Action core.MergeAction
	// Changes are the modifications to journal and apply, in order. They
	// all point to one copy of Provenance.
	Changes []core.Change
	// Provenance is the audit record of the decision.
	Provenance core.ProvenanceEntry
	// Conflict is the conflict record created (for Merge) or updated (for
	// Resolve), if any.
	Conflict *core.Conflict
}

// SpecializationEdge is the description of the edge Merge adds from a
// specialization to the primitive it specializes.
const SpecializationEdge = "Specialization identified during deduplication"

// Merge decides what to do with cand given the comparator's best comparison
// cmp against existing (both nil when the prefilter found nothing), as the
// reference's merge engine does (§2.9):
//
//   - no comparison: add the candidate (add-new);
//   - exact-duplicate: skip; read in another document, the place is
//     recorded on the stored primitive (AlsoStatedIn), else a note change
//     carries the provenance;
//   - generalization: update the existing primitive, under its id, with the
//     candidate's statement and form, the union of patterns (existing
//     first) and keywords, and the intersection of prerequisites (in the
//     candidate's order; the existing ones when none is shared). Its id,
//     name, domain, place on the plane, dependencies and enables stay; its
//     provenance follows the new statement (the document, section and
//     offset it is read at, and its content hash, so the next run still
//     recognises it): a primitive never points at a document whose text
//     it does not hold; the replaced statement is kept in Versions
//     (update-generalization). Beyond the reference: a candidate whose
//     text is more damaged than the stored one (text.Worse: garbled,
//     spliced, cut, markup noise) never replaces it; it becomes a conflict
//     for a person to decide, as overlapping-distinct;
//   - specialization: add the candidate with a specializes edge (strength
//     1.0) to the existing primitive (add-specialization);
//   - overlapping-distinct: create a pending conflict with both sides for a
//     person to resolve; nothing else changes (conflict-presented) — when
//     the two have one name (two readings of one definition); differently
//     named, an overlap is a disagreement only when the statements differ
//     in meaning (below), and is otherwise added as distinct (add-new);
//   - beyond the reference: two statements of one name and kind from one
//     work (sameWork: one source's documents, a book and the slides beside
//     it) are never a question for a person (restated): a restatement
//     keeps one statement (the book's over its slides', else the fuller,
//     with its name and place; the other's place is recorded on it as
//     also stating it), two results of one title are kept apart; so is
//     one of another name read in another document of the work that
//     states the same (restatement: "Theorem 3" of a slide for the
//     book's "Theorem 2.1.4");
//   - beyond the reference: a candidate whose statement changes a number,
//     a formula, a negation, a quantifier, an amount, a condition or a
//     quoted literal of the stored one (text.MeaningChanges) is a conflict whatever the class
//     (but genuinely new), its rationale naming the changes: "exactly n+1
//     edges" is not a duplicate of "exactly n-1 edges", nor `prints "no"`
//     of `prints "ok"`;
//   - genuinely-new: add the candidate (add-new, naming the existing
//     primitive it was compared with); one of the existing primitive's
//     name (two results that share a title) is added under a name of its
//     own (names.Apart);
//   - anything else: skip with provenance action "error".
//
// An added candidate whose id is taken is stored under id-2, id-3, …;
// Provenance.FinalID says which. Merge never replaces a primitive.
func (e *Engine) Merge(cand *core.Primitive, cmp *core.Comparison, existing *core.Primitive) (Result, error) {
	now := e.opts.now()
	prov := core.ProvenanceEntry{
		SessionID:   e.opts.Session,
		Timestamp:   now,
		CandidateID: cand.ID,
		Domain:      cand.Domain,
	}
	if cmp == nil || existing == nil {
		prov.Action = core.ProvAddNew
		prov.Rationale = "No existing match — adding as a genuinely new primitive."
		return e.add(cand, prov, now)
	}
	prov.ExistingID = existing.ID
	// Slides restating a book's result under their own name ("Theorem 3"
	// for the book's "Theorem 2.1.4"), the book in another format: one
	// result, not two that share words.
	if e.restatement(cand, existing, cmp) {
		return e.keepOne(cand, existing, prov, now), nil
	}
	// A passage of a stored statement read again adds nothing:
	// another rendering's list item ("P∧Q is read “P and Q,” and called
	// a conjunction") of the list its PreTeXt source states whole, or a
	// candidate of the stored name broader only by what the stored
	// statement's cut ("…") left out. It is recorded where else it is
	// stated. (An exact duplicate that says less is settled with the
	// meaning changes.)
	if passageOf(cand, existing, cmp.Class) {
		prov.Action = core.ProvSkip
		prov.Rationale = fmt.Sprintf("Every word and symbol of it is in %s (%q), in order: a passage of that statement — skipping, the stored statement kept.", existing.ID, existing.Name) + alsoStated(cand, existing)
		return e.alsoStatedIn(cand, existing, prov, now), nil
	}
	if related(cmp.Class) && !sameSubject(cand, existing) {
		prov.Action = core.ProvAddNew
		prov.Rationale = fmt.Sprintf("Wording overlaps %s (%s, confidence %.2f) but the names share no subject word (%q, %q) — adding as a distinct primitive, not %s.",
			existing.ID, cmp.Class, cmp.Confidence, cand.Name, existing.Name, withArticle(string(cmp.Class)))
		return e.add(cand, prov, now)
	}
	// Within one work a numbered name ("Theorem 8.8.1"), which names no
	// concept elsewhere, is one result: the book prints each number once.
	if e.sameWork(cand, existing) && (sameName(cand, existing) || cand.Name == existing.Name) && cand.Type == existing.Type {
		return e.restated(cand, existing, cmp, prov, now)
	}
	// Two guides' steps that read alike ("Deploy the Node.js app with the
	// Dapr sidecar") are steps of two procedures: each runs its own
	// commands, and each guide's how-to skill needs its own. Neither is a
	// broader statement of the other, nor a question for a person.
	if guideStep(cand) && guideStep(existing) && !e.sameWork(cand, existing) && cmp.Class != core.GenuinelyNew &&
		strings.TrimSpace(cand.ComputationalForm) != strings.TrimSpace(existing.ComputationalForm) {
		prov.Action = core.ProvAddNew
		prov.Rationale = fmt.Sprintf("Candidate %s reads like %s (%s, confidence %.2f), a step of another guide with other commands — adding it to its own guide's procedure.",
			cand.ID, existing.ID, cmp.Class, cmp.Confidence)
		if sameName(cand, existing) {
			return e.addApart(cand, existing, cmp, prov, now)
		}
		return e.add(cand, prov, now)
	}
	if changes := meaningChanges(cand, existing, cmp.Class); len(changes) > 0 {
		// The same passage read again with less (an EPUB that lost a
		// display, a statement cut short) holds nothing to keep and nothing
		// for a person to decide: the stored statement says it all, and
		// what the comparison saw as changed is only what the candidate lacks.
		if cmp.Class != core.GenuinelyNew && cand.Type == existing.Type && sameName(cand, existing) &&
			text.SaysNoMore(cand.FormalStatement, existing.FormalStatement) {
			prov.Action = core.ProvSkip
			prov.Rationale = fmt.Sprintf("Every word and symbol of it is in %s (%q), in order — skipping, the stored statement kept.", existing.ID, existing.Name) + alsoStated(cand, existing)
			return e.alsoStatedIn(cand, existing, prov, now), nil
		}
		if sameName(cand, existing) && formulasApart(changes) {
			// One title over two formulas of one shape: superposition
			// for a second-order equation and for an n-th order one.
			return e.addApart(cand, existing, cmp, prov, now)
		}
		if cmp.Class == core.OverlappingDistinct && !sameName(cand, existing) && !overlap(cand.FormalStatement, existing.FormalStatement, contentShare) {
			// Two statements of two names that share some words: where
			// they align, they differ as two statements do ("A graph is
			// a pair …", "A graph is connected when a path joins some
			// pair …"), not as one statement changed.
			prov.Action = core.ProvAddNew
			prov.Rationale = fmt.Sprintf("Candidate %s overlaps %s (confidence %.2f) under another name (%q, %q), and most of what it is about is not in the stored statement — adding as a distinct primitive.",
				cand.ID, existing.ID, cmp.Confidence, cand.Name, existing.Name)
			return e.add(cand, prov, now)
		}
		differ := describeFirst(changes, "; ")
		held := *cmp
		if cmp.Class == core.OverlappingDistinct {
			held.Rationale += " The statements differ in meaning: " + differ + "."
			return e.conflict(*cand, &held, existing, prov, now, fmt.Sprintf(
				"Candidate %s overlaps %s (confidence %.2f) but is distinct, and says something else (%s) — conflict %%s awaits a decision.",
				cand.ID, existing.ID, cmp.Confidence, differ)), nil
		}
		held.Rationale += " But the statements differ in meaning (" + differ + "), so it is held for a person instead of being taken for the stored one."
		return e.conflict(*cand, &held, existing, prov, now, fmt.Sprintf(
			"Candidate %s compares with %s as %s (confidence %.2f) but says something else (%s) — conflict %%s awaits a decision.",
			cand.ID, existing.ID, cmp.Class, cmp.Confidence, differ)), nil
	}
	switch cmp.Class {
	case core.ExactDuplicate:
		prov.Action = core.ProvSkip
		prov.Rationale = fmt.Sprintf("%s %s (confidence %.2f) — skipping.", duplicateOf(cand, existing), existing.ID, cmp.Confidence) + alsoStated(cand, existing)
		return e.alsoStatedIn(cand, existing, prov, now), nil

	case core.Generalization:
		if worse, defects := text.Worse(cand.FormalStatement, existing.FormalStatement); worse {
			damaged := describeFirst(defects, ", ")
			held := *cmp
			held.Rationale += " But its text is more damaged than the stored statement (" + damaged + "), so it is held for a person instead of updating it."
			return e.conflict(*cand, &held, existing, prov, now, fmt.Sprintf(
				"Candidate %s generalizes %s (confidence %.2f) but its text is more damaged (%s) — it may not replace the stored statement; conflict %%s awaits a decision.",
				cand.ID, existing.ID, cmp.Confidence, damaged)), nil
		}
		return e.update(cand, existing, prov, now, fmt.Sprintf("Candidate %s generalizes %s (confidence %.2f) — updating it with the broader statement, merged patterns and keywords, and shared prerequisites.",
			cand.ID, existing.ID, cmp.Confidence)), nil

	case core.Specialization:
		spec := cand.Clone()
		if !spec.HasEdge(existing.ID, core.Specializes) {
			spec.Dependencies = append(spec.Dependencies, core.Edge{
				Target: existing.ID, Type: core.Specializes, Strength: 1.0, Description: SpecializationEdge,
			})
		}
		prov.Action = core.ProvAddSpecialization
		prov.Rationale = fmt.Sprintf("Candidate %s specializes %s (confidence %.2f) — adding it with a specializes edge.",
			cand.ID, existing.ID, cmp.Confidence)
		return e.add(&spec, prov, now)

	case core.OverlappingDistinct:
		if !sameName(cand, existing) {
			// Differently named, and saying nothing the stored statement
			// contradicts (meaningChanges found no change above): two
			// statements that overlap, not a disagreement for a person.
			prov.Action = core.ProvAddNew
			prov.Rationale = fmt.Sprintf("Candidate %s overlaps %s (confidence %.2f) under another name (%q, %q) and changes no number, formula, negation, quantifier, amount, condition or literal of it — adding as a distinct primitive.",
				cand.ID, existing.ID, cmp.Confidence, cand.Name, existing.Name)
			return e.add(cand, prov, now)
		}
		return e.conflict(*cand, cmp, existing, prov, now, fmt.Sprintf(
			"Candidate %s overlaps %s (confidence %.2f) but is distinct — conflict %%s awaits a decision.",
			cand.ID, existing.ID, cmp.Confidence)), nil

	case core.GenuinelyNew:
		if sameName(cand, existing) {
			return e.addApart(cand, existing, cmp, prov, now)
		}
		prov.Action = core.ProvAddNew
		prov.Rationale = fmt.Sprintf("No significant overlap with %s (confidence %.2f) — adding as a genuinely new primitive.", existing.ID, cmp.Confidence)
		return e.add(cand, prov, now)
	}
	prov.Action = core.ProvError
	prov.Rationale = fmt.Sprintf("Unknown classification %q against %s — skipping.", cmp.Class, existing.ID)
	return note(prov, existing.ID, now), nil
}

// guideStep reports whether p is a step or procedure of a guide: a
// technique whose form holds the commands or files it has the reader run
// or write.
func guideStep(p *core.Primitive) bool {
	return p.Type == core.Technique && strings.Contains(p.ComputationalForm, "```")
}

// duplicateOf says what a duplicate is of the stored statement: the same
// text ("Exact duplicate of"), or the same statement in other notation
// (\le for \leq) or other connective words ("given by" for "with"), which
// the comparator reads as one but a person reads twice.
func duplicateOf(cand, existing *core.Primitive) string {
	switch a, b := cand.FormalStatement, existing.FormalStatement; {
	case text.OtherNotation(a, b):
		return "Same statement in other notation as"
	case text.OtherWords(a, b):
		return "Same statement in other words as"
	}
	return "Exact duplicate of"
}

// alsoStated records, for the rationale of a duplicate read in another
// document than the stored statement (slides restating a book), where
// else the statement is stated.
func alsoStated(cand, existing *core.Primitive) string {
	doc := cand.Provenance.Document
	if doc == "" || cand.Provenance.Whole() == existing.Provenance.Whole() {
		return ""
	}
	if sec := cand.Provenance.Section; sec != "" {
		doc += ", section " + strconv.Quote(sec)
	}
	return " Also stated in " + doc + "."
}

// sameWork reports two statements read from one source (a book's folder or
// repository: its chapters, the slides and notes beside it) in two of its
// documents, or in one document in this run, or in one document whose
// bytes have not changed since (lore reads it better, the author said
// nothing new): one author's, who restates and generalises but does not
// dispute their own statements. (A document changed since is another
// edition, whose changes are questions.)
func (e *Engine) sameWork(cand, existing *core.Primitive) bool {
	c, x := cand.Provenance, existing.Provenance
	return c.Source != "" && c.Source == x.Source &&
		(c.Document != x.Document || x.Session == e.opts.Session || c.SHA256 != "" && c.SHA256 == x.SHA256)
}

// restated settles two statements of one name and kind from one work
// (sameWork), never as a question for a person. When the shorter one's
// subject words are mostly in the other and its mathematics is the
// other's (sameMath), one restates the other (a slide giving the book's
// definition in fewer words): the fuller statement is kept — the candidate updates the stored
// one, or is skipped as its duplicate with where else it is stated.
// Otherwise they are two results or concepts of one title (the limit of a
// sequence and of a function; a definition for the reals and its
// generalisation to metric spaces): the candidate is added apart.
func (e *Engine) restated(cand, existing *core.Primitive, cmp *core.Comparison, prov core.ProvenanceEntry, now time.Time) (Result, error) {
	if !overlap(cand.FormalStatement, existing.FormalStatement, nameShare) || !sameMath(cand.FormalStatement, existing.FormalStatement) {
		return e.addApart(cand, existing, cmp, prov, now)
	}
	if cand.Type == core.Algorithm && !sameProcedure(cand, existing) {
		// Two procedures of one name (a trie's Insert and a tree's) share
		// their keywords, not their steps: two algorithms.
		return e.addApart(cand, existing, cmp, prov, now)
	}
	return e.keepOne(cand, existing, prov, now), nil
}

// update writes cand's statement over existing's (generalize), keeping the
// replaced statement as a version.
func (e *Engine) update(cand, existing *core.Primitive, prov core.ProvenanceEntry, now time.Time, rationale string) Result {
	after := generalize(existing, cand, core.StatementVersion{ReplacedBy: e.opts.Session, ReplacedAt: now, Why: string(core.Generalization)})
	prov.Action = core.ProvUpdateGeneralization
	prov.Rationale = rationale
	prov.OriginalFormalStatement = existing.FormalStatement
	prov.NewFormalStatement = cand.FormalStatement
	prov.Outcome = core.ActionUpdate
	before := existing.Clone()
	return finish(prov, core.Change{Type: core.ChangeUpdate, PrimitiveID: existing.ID, Before: &before, After: &after, Timestamp: now})
}

// sameMath reports whether the mathematics of the statement with fewer
// symbols (text.MathAtoms) is all in the other's.
func sameMath(a, b string) bool {
	x, y := text.MathAtoms(a), text.MathAtoms(b)
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

// addApart adds cand, which shares its name with existing but states
// something else (two results that share a title, a definition and an
// algorithm of one term), under a name of its own (names.Apart), so that
// neither is mistaken for the other: "Linearity of the integral" beside
// "Linearity".
func (e *Engine) addApart(cand *core.Primitive, existing *core.Primitive, cmp *core.Comparison, prov core.ProvenanceEntry, now time.Time) (Result, error) {
	apart := *cand
	apart.Name = names.Apart(cand, existing)
	if old := text.Slug(cand.Name); old != "" && strings.HasSuffix(cand.ID, old) {
		apart.ID = strings.TrimSuffix(cand.ID, old) + text.Slug(apart.Name)
	}
	prov.Action = core.ProvAddNew
	prov.Rationale = fmt.Sprintf("%s shares its name with %s (%q) but states something else (confidence %.2f) — added apart as %q.",
		cand.ID, existing.ID, existing.Name, cmp.Confidence, apart.Name)
	return e.add(&apart, prov, now)
}

// related reports whether class claims that the candidate and the stored
// primitive are about the same thing (see sameSubject).
func related(class core.Class) bool {
	return class == core.OverlappingDistinct || class == core.Generalization || class == core.Specialization
}

// withArticle puts "a" or "an" before a word of a rationale, by its first
// letter: "an overlapping-distinct", "an exact-duplicate", "a
// generalization". The words it is given (the comparator's classes) have
// no silent or sounded-out first letter that would break the rule.
func withArticle(w string) string {
	if w != "" && strings.IndexByte("aeiouAEIOU", w[0]) >= 0 {
		return "an " + w
	}
	return "a " + w
}

// conflict records a pending conflict between cand and existing; rationale
// has one %s verb for the conflict's id.
func (e *Engine) conflict(cand core.Primitive, cmp *core.Comparison, existing *core.Primitive, prov core.ProvenanceEntry, now time.Time, rationale string) Result {
	e.conflicts++
	c := core.Conflict{
		ID:         e.opts.Session + "-c" + strconv.Itoa(e.conflicts),
		Session:    e.opts.Session,
		Candidate:  cand.Clone(),
		Existing:   existing.Clone(),
		Comparison: *cmp,
		State:      core.ConflictPending,
		CreatedAt:  now,
	}
	prov.Action = core.ProvConflictPresented
	prov.Rationale = fmt.Sprintf(rationale, c.ID)
	prov.Outcome = core.ActionConflict
	after := c
	r := finish(prov, core.Change{Type: core.ChangeConflict, ConflictID: c.ID, ConflictAfter: &after, Timestamp: now})
	r.Conflict = &c
	return r
}

// meaningChanges are the changes of a number, a formula, a negation or a
// quantifier (text.MeaningChanges) between the statements of a candidate
// and the primitive the comparator relates it to: however many words they
// share, such a candidate says something else, and is neither skipped as a
// duplicate, nor written over the stored statement, nor added as a special
// case of it. The statements of a generalization that is more damaged are
// held for that (text.Worse) first.
func meaningChanges(cand, existing *core.Primitive, class core.Class) []text.MeaningChange {
	switch class {
	case core.ExactDuplicate, core.Specialization, core.OverlappingDistinct:
	case core.Generalization:
		if worse, _ := text.Worse(cand.FormalStatement, existing.FormalStatement); worse {
			return nil
		}
	default:
		return nil
	}
	return text.MeaningChanges(cand.FormalStatement, existing.FormalStatement)
}

// formulasApart reports changes that make two statements of one name two
// results rather than one result in dispute: two or more of their numbers
// or formulas differ (superposition for a second-order equation against
// an n-th order one, with its coefficients and initial values). A single
// changed number, formula, negation or quantifier ("n-1" against "n+1")
// is a disagreement for a person.
func formulasApart(changes []text.MeaningChange) bool {
	n := 0
	for _, c := range changes {
		if c.Kind == text.MeaningNumber || c.Kind == text.MeaningFormula {
			n++
		}
	}
	return n >= 2
}

// describeFirst names the first few of xs for a rationale, joined by sep,
// and says how many more there are.
func describeFirst[T fmt.Stringer](xs []T, sep string) string {
	const shown = 3
	parts := make([]string, 0, shown+1)
	for i, x := range xs {
		if i == shown {
			parts = append(parts, fmt.Sprintf("%d more", len(xs)-shown))
			break
		}
		parts = append(parts, x.String())
	}
	return strings.Join(parts, sep)
}

// AddBeside adds cand as a new primitive next to existing, which it
// overlaps, for a reason the caller knows from context and states in
// rationale (the comparator alone would have said conflict or update): for
// example, two statements of the same source never conflict.
func (e *Engine) AddBeside(cand *core.Primitive, existing *core.Primitive, rationale string) (Result, error) {
	now := e.opts.now()
	prov := core.ProvenanceEntry{
		SessionID: e.opts.Session, Timestamp: now, CandidateID: cand.ID, Domain: cand.Domain,
		ExistingID: existing.ID, Action: core.ProvAddNew, Rationale: rationale,
	}
	return e.add(cand, prov, now)
}

// SkipFor records that cand changes nothing, for a reason the caller knows
// (rationale): for example, it already waits in a pending conflict with
// existing.
func (e *Engine) SkipFor(cand *core.Primitive, existingID, rationale string) Result {
	now := e.opts.now()
	prov := core.ProvenanceEntry{
		SessionID: e.opts.Session, Timestamp: now, CandidateID: cand.ID, Domain: cand.Domain,
		ExistingID: existingID, Action: core.ProvSkip, Rationale: rationale,
	}
	return note(prov, existingID, now)
}

// add records the addition of p under a free id, stamped with the
// session that adds it.
func (e *Engine) add(p *core.Primitive, prov core.ProvenanceEntry, now time.Time) (Result, error) {
	id, err := freeID(p.ID, func(id string) (bool, error) {
		if e.issued[id] {
			return true, nil
		}
		return taken(e.opts.IDTaken, id)
	})
	if err != nil {
		return Result{}, fmt.Errorf("add %s: %w", p.ID, err)
	}
	if !e.opts.Adopt {
		c := p.Clone()
		p = &c
	}
	if p.Provenance.Session == "" {
		p.Provenance.Session = e.opts.Session
	}
	p.ID = id
	e.issued[p.ID] = true
	prov.FinalID = p.ID
	prov.Outcome = core.ActionAdd
	return finish(prov, core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: p, Timestamp: now}), nil
}

// taken asks idTaken (nil: nothing is taken).
func taken(idTaken func(string) (bool, error), id string) (bool, error) {
	if idTaken == nil {
		return false, nil
	}
	return idTaken(id)
}

// note records a decision that changes nothing.
func note(prov core.ProvenanceEntry, id string, now time.Time) Result {
	prov.Outcome = core.ActionSkip
	return finish(prov, core.Change{Type: core.ChangeNote, PrimitiveID: id, Timestamp: now})
}

// finish attaches the provenance to every change: one copy of it, shared
// by the changes of the decision.
func finish(prov core.ProvenanceEntry, changes ...core.Change) Result {
	p := prov
	for i := range changes {
		changes[i].Provenance = &p
	}
	return Result{Action: prov.Outcome, Changes: changes, Provenance: prov}
}

// freeID returns id, or id-2, id-3, … the first that is not taken.
func freeID(id string, taken func(string) (bool, error)) (string, error) {
	for n := 1; ; n++ {
		c := id
		if n > 1 {
			c = id + "-" + strconv.Itoa(n)
		}
		t, err := taken(c)
		if err != nil || !t {
			return c, err
		}
	}
}

// generalize returns existing broadened by cand (see Merge), its statement
// before kept as the version v describes.
func generalize(existing, cand *core.Primitive, v core.StatementVersion) core.Primitive {
	g := existing.Clone()
	g.Versions = append(g.Versions, keep(existing, v))
	g.FormalStatement = cand.FormalStatement
	g.ComputationalForm = cand.ComputationalForm
	// The candidate's proof proves the statement it states; the stored
	// one stays where it brings none.
	g.Proof = cand.Proof.Or(existing.Proof)
	g.Examples = core.MoreExamples(cand.Examples, existing.Examples)
	g.Passage = core.PassageOr(cand.Passage, existing.Passage)
	g.ApplicabilityPatterns = Union(existing.ApplicabilityPatterns, cand.ApplicabilityPatterns)
	g.Keywords = Union(existing.Keywords, cand.Keywords)
	var shared []string
	for _, p := range cand.Prerequisites {
		if slices.Contains(existing.Prerequisites, p) && !slices.Contains(shared, p) {
			shared = append(shared, p)
		}
	}
	if len(shared) > 0 {
		g.Prerequisites = shared
	}
	followStatement(&g, cand)
	g.Provenance.ContentHash = cand.Provenance.ContentHash
	if g.Provenance.ContentHash == "" {
		g.Provenance.ContentHash = text.ContentHash(cand.FormalStatement)
	}
	return g
}

// keep fills v with p's current statement.
func keep(p *core.Primitive, v core.StatementVersion) core.StatementVersion {
	v.FormalStatement, v.ComputationalForm, v.Document = p.FormalStatement, p.ComputationalForm, p.Provenance.Document
	return v
}

// Union returns a's members then b's not already present, comparing
// trimmed and lowercased, each kept in its first spelling.
func Union(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	seen := make(map[string]bool, len(a)+len(b))
	for _, list := range [][]string{a, b} {
		for _, s := range list {
			k := strings.ToLower(strings.TrimSpace(s))
			if k == "" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// Resolve applies a person's decision on a pending conflict. current is the
// existing primitive as stored now (nil if it is gone); it may differ from
// the conflict's copy if another session changed it since.
//
//   - keep-existing: nothing changes but the conflict (outcome skip);
//   - keep-candidate: the existing primitive takes the candidate's content
//     under its own id, keeping its Enables, so the references to it stay
//     valid (outcome replace — the only way a primitive is replaced);
//     edges and prerequisites of the candidate pointing at that id are
//     dropped, as they would point at itself. It fails if current is nil:
//     there is nothing left to replace, keep-both adds the candidate;
//   - keep-both: the candidate is added, under a free id (outcome add).
//
// The conflict record is updated to resolved in every case, as the last
// change. An invalid resolution or a conflict that is not pending is an
// error naming the conflict.
func Resolve(c core.Conflict, r core.Resolution, current *core.Primitive, opts Options) (Result, error) {
	if !r.Valid() {
		return Result{}, fmt.Errorf("conflict %s: invalid resolution %q (want one of keep-existing, keep-candidate, keep-both)", c.ID, r)
	}
	if c.State != core.ConflictPending {
		if c.State == core.ConflictResolved {
			return Result{}, fmt.Errorf("conflict %s: already resolved (%s)", c.ID, c.Resolution)
		}
		return Result{}, fmt.Errorf("conflict %s: not pending (state %q)", c.ID, c.State)
	}
	now := opts.now()
	prov := core.ProvenanceEntry{
		SessionID:    opts.Session,
		Timestamp:    now,
		CandidateID:  c.Candidate.ID,
		ExistingID:   c.Existing.ID,
		Action:       core.ProvConflictResolved,
		UserDecision: r,
		Domain:       c.Candidate.Domain,
	}
	before := c
	resolved := c
	resolved.State = core.ConflictResolved
	resolved.Resolution = r
	resolved.ResolvedAt = now
	update := core.Change{Type: core.ChangeConflict, ConflictID: c.ID, ConflictBefore: &before, ConflictAfter: &resolved, Timestamp: now}

	var res Result
	switch r {
	case core.KeepExisting:
		prov.Outcome = core.ActionSkip
		prov.Rationale = fmt.Sprintf("Conflict %s resolved: keep existing %s — candidate %s dropped.", c.ID, c.Existing.ID, c.Candidate.ID)
		res = finish(prov, update)
	case core.KeepCandidate:
		if current == nil {
			return Result{}, fmt.Errorf("conflict %s: existing primitive %s no longer exists, nothing to replace (keep-both adds the candidate)", c.ID, c.Existing.ID)
		}
		after := c.Candidate.Clone()
		after.ID = current.ID
		after.Enables = slices.Clone(current.Enables)
		after.Proof = c.Candidate.Proof.Or(current.Proof)
		after.Examples = core.MoreExamples(c.Candidate.Examples, current.Examples)
		after.Passage = core.PassageOr(c.Candidate.Passage, current.Passage)
		after.Versions = append(slices.Clone(current.Versions), keep(current,
			core.StatementVersion{ReplacedBy: opts.Session, ReplacedAt: now, Why: "conflict " + c.ID + " resolved keep-candidate"}))
		after.Dependencies = slices.DeleteFunc(after.Dependencies, func(e core.Edge) bool { return e.Target == current.ID })
		after.Prerequisites = slices.DeleteFunc(after.Prerequisites, func(p string) bool { return p == current.Name || p == after.Name })
		if after.Provenance.ContentHash == "" {
			after.Provenance.ContentHash = text.ContentHash(after.FormalStatement)
		}
		// The content is the candidate's, from the session that raised the
		// conflict (and records this change): the store stamps the session
		// only on adds, and a candidate held in a conflict carries none.
		after.Provenance.Session = opts.Session
		prov.Outcome = core.ActionReplace
		prov.OriginalFormalStatement = current.FormalStatement
		prov.NewFormalStatement = after.FormalStatement
		prov.Rationale = fmt.Sprintf("Conflict %s resolved: keep candidate — %s replaced by candidate %s.", c.ID, current.ID, c.Candidate.ID)
		b := current.Clone()
		res = finish(prov, core.Change{Type: core.ChangeUpdate, PrimitiveID: current.ID, Before: &b, After: &after, Timestamp: now}, update)
	case core.KeepBoth:
		p := c.Candidate.Clone()
		id, err := freeID(p.ID, func(id string) (bool, error) { return taken(opts.IDTaken, id) })
		if err != nil {
			return Result{}, fmt.Errorf("conflict %s: keep both: %w", c.ID, err)
		}
		p.ID = id
		if p.Provenance.Session == "" {
			p.Provenance.Session = opts.Session
		}
		prov.FinalID = p.ID
		prov.Outcome = core.ActionAdd
		prov.Rationale = fmt.Sprintf("Conflict %s resolved: keep both — candidate added as %s beside %s.", c.ID, p.ID, c.Existing.ID)
		res = finish(prov, core.Change{Type: core.ChangeAdd, PrimitiveID: p.ID, After: &p, Timestamp: now}, update)
	}
	res.Conflict = &resolved
	return res, nil
}

// passageOf reports whether cand, of class c against existing, restates a
// passage of the stored statement (text.SaysNoMore): under another name
// from another document, or under its name as anything but an exact
// duplicate; never a guide's step, whose commands are its own.
func passageOf(cand, existing *core.Primitive, c core.Class) bool {
	if cand.Type != existing.Type || c == core.GenuinelyNew || c == core.ExactDuplicate ||
		guideStep(cand) && guideStep(existing) {
		// Two guides' steps that read alike run their own commands.
		return false
	}
	if sameName(cand, existing) {
		return text.SaysNoMore(cand.FormalStatement, existing.FormalStatement)
	}
	return (c == core.Specialization || c == core.OverlappingDistinct) && cand.Provenance.Whole() != existing.Provenance.Whole() &&
		text.SaysNoMore(cand.FormalStatement, existing.FormalStatement)
}
