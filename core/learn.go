package core

import (
	"path/filepath"
	"time"
)

// Class is the semantic comparator's verdict on a candidate against one
// existing primitive.
type Class string

// The five comparison classes, in the order the comparator tries them.
const (
	ExactDuplicate      Class = "exact-duplicate"
	Generalization      Class = "generalization"
	Specialization      Class = "specialization"
	OverlappingDistinct Class = "overlapping-distinct"
	GenuinelyNew        Class = "genuinely-new"
)

// Comparison is the comparator's measurement of a candidate against one
// existing primitive.
type Comparison struct {
	ExistingID string `json:"existingId"`
	Class      Class  `json:"class"`
	// Confidence is the class's confidence formula, in [0, 1].
	Confidence float64 `json:"confidence"`
	// The similarities behind the class, each a Jaccard index in [0, 1].
	FormalSimilarity        float64 `json:"formalStatementSimilarity"`
	ComputationalSimilarity float64 `json:"computationalFormSimilarity"`
	KeywordSimilarity       float64 `json:"keywordSimilarity"`
	PatternOverlap          float64 `json:"patternOverlap"`
	Rationale               string  `json:"rationale"`
}

// MergeAction is what the merge engine does with a candidate.
type MergeAction string

// Merge actions. Merge itself never yields Replace: only an explicit
// keep-candidate resolution of a conflict does.
const (
	ActionSkip     MergeAction = "skip"
	ActionUpdate   MergeAction = "update"
	ActionAdd      MergeAction = "add"
	ActionReplace  MergeAction = "replace"
	ActionConflict MergeAction = "conflict"
	// ActionRemove is a curator's removal (a rejection, a merge away):
	// neither added, updated nor skipped.
	ActionRemove MergeAction = "remove"
)

// Provenance actions: the audit trail's vocabulary, as the report prints it.
const (
	ProvAddNew               = "add-new"
	ProvSkip                 = "skip"
	ProvUpdateGeneralization = "update-generalization"
	// ProvUpdateEdition: a curated primitive took the statement a reworded
	// source now gives at its place.
	ProvUpdateEdition = "update-edition"
	// ProvUpdateProof: a duplicate of a stored primitive gave it the
	// proof it lacked; its statement stays.
	ProvUpdateProof       = "update-proof"
	ProvAddSpecialization = "add-specialization"
	ProvConflictPresented = "conflict-presented"
	ProvConflictResolved  = "conflict-resolved"
	ProvError             = "error"
)

// ProvenanceEntry records one merge decision: what was decided about which
// candidate, against which existing primitive, and why.
type ProvenanceEntry struct {
	SessionID   string    `json:"sessionId"`
	Timestamp   time.Time `json:"timestamp"`
	CandidateID string    `json:"candidateId"`
	// ExistingID is the primitive the candidate was compared with ("" when
	// none matched).
	ExistingID string `json:"existingId,omitempty"`
	// FinalID is the id the candidate was stored under when it was added
	// (it differs from CandidateID when that id was taken).
	FinalID   string `json:"finalId,omitempty"`
	Action    string `json:"action"`
	Rationale string `json:"rationale"`
	// Outcome is the merge action the entry resulted in; for a resolved
	// conflict it is what the resolution did (skip, replace or add), which
	// is how the report counts it.
	Outcome                 MergeAction `json:"outcome"`
	UserDecision            Resolution  `json:"userDecision,omitempty"`
	OriginalFormalStatement string      `json:"originalFormalStatement,omitempty"`
	NewFormalStatement      string      `json:"newFormalStatement,omitempty"`
	// Domain is the candidate's domain, for grouping.
	Domain string `json:"domain,omitempty"`
}

// Resolution is a person's answer to a conflict.
type Resolution string

// Conflict resolutions. Only KeepCandidate replaces the existing primitive.
const (
	KeepExisting  Resolution = "keep-existing"
	KeepCandidate Resolution = "keep-candidate"
	KeepBoth      Resolution = "keep-both"
)

// Resolutions lists the valid resolutions in a stable order.
var Resolutions = []Resolution{KeepExisting, KeepCandidate, KeepBoth}

// Valid reports whether r is one of the three resolutions.
func (r Resolution) Valid() bool {
	return r == KeepExisting || r == KeepCandidate || r == KeepBoth
}

// ConflictState says whether a conflict still awaits a decision.
type ConflictState string

// Conflict states.
const (
	ConflictPending  ConflictState = "pending"
	ConflictResolved ConflictState = "resolved"
	// ConflictRetired is a pending conflict whose existing side was
	// removed (by an unlearn): nothing is left to decide. The session that
	// removed it records the retirement, so reverting that session makes
	// the conflict pending again.
	ConflictRetired ConflictState = "retired"
)

// Conflict is an overlapping-distinct candidate held for a person to decide:
// both sides and the comparison, kept until resolved.
type Conflict struct {
	ID         string        `json:"id"`
	Session    string        `json:"session"`
	Candidate  Primitive     `json:"candidate"`
	Existing   Primitive     `json:"existing"`
	Comparison Comparison    `json:"comparison"`
	State      ConflictState `json:"state"`
	CreatedAt  time.Time     `json:"createdAt"`
	Resolution Resolution    `json:"resolution,omitempty"`
	ResolvedAt time.Time     `json:"resolvedAt,omitzero"`
	// ResolvedBy is the user of a team server who resolved it (empty for
	// the person running lore on their own store).
	ResolvedBy string `json:"resolvedBy,omitempty"`
	// RetiredBy names the session that retired the conflict, RetiredAt
	// says when, and RetiredWhy says what was removed.
	RetiredBy  string    `json:"retiredBy,omitempty"`
	RetiredAt  time.Time `json:"retiredAt,omitzero"`
	RetiredWhy string    `json:"retiredWhy,omitempty"`
	// Dependents are the edges the conflict's session drew from its other
	// primitives (or other held candidates) to the candidate;
	// Candidate.Dependencies holds the candidate's own edges, at the ids
	// their targets were stored under (or the candidate ids of other held
	// candidates). A resolution that keeps the candidate wires it with
	// them, as the learn would have.
	Dependents []DependentEdge `json:"dependents,omitempty"`
}

// DependentEdge is an edge held for later: From depends on the edge's
// target.
type DependentEdge struct {
	From string `json:"from"`
	Edge Edge   `json:"edge"`
}

// ArtifactKind is what a generated artifact is.
type ArtifactKind string

// Artifact kinds.
const (
	SkillArtifact ArtifactKind = "skill"
	AgentArtifact ArtifactKind = "agent"
	TeamArtifact  ArtifactKind = "team"
)

// ArtifactFile is one file of a generated artifact, its path relative to
// the output directory (slash-separated).
type ArtifactFile struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// Artifact is a generated skill, agent or team of one domain.
type Artifact struct {
	Kind   ArtifactKind `json:"kind"`
	Name   string       `json:"name"`
	Domain string       `json:"domain"`
	// Primitives is how many primitives the artifact was generated from.
	Primitives int `json:"primitives"`
	// Agents is a team's agent count.
	Agents int            `json:"agents,omitempty"`
	Files  []ArtifactFile `json:"files"`
	// Dir is the output folder the files were written under ("" when
	// none was), so that they are found again to be replaced or removed
	// whatever folder a later command is given.
	Dir         string    `json:"dir,omitempty"`
	GeneratedAt time.Time `json:"generatedAt"`
	// Session is the session (learn, unlearn or conflict resolution) whose
	// commit the artifact was generated after.
	Session string `json:"session,omitempty"`
	// Reason explains the generation (or, in a GenerateOutcome, why not).
	Reason string `json:"reason"`
	// Subject, for a skill that was not generated, names what it would
	// have been about: its title and documents (generate.SubjectLabel).
	Subject string `json:"subject,omitempty"`
}

// NotGeneratedWhy is Reason with the subject it is about, for an artifact
// that was not generated: "\"Groups\" (from c.md): 1 primitive; a skill
// needs 10".
func (a Artifact) NotGeneratedWhy() string {
	if a.Subject == "" {
		return a.Reason
	}
	return a.Subject + ": " + a.Reason
}

// Location is where the artifact's main file (a skill's SKILL.md) lies
// once written under dir: what a person opens, rather than the folder
// every artifact shares. It is dir when the artifact has no files.
func (a Artifact) Location(dir string) string {
	if len(a.Files) == 0 {
		return dir
	}
	return filepath.Join(dir, filepath.FromSlash(a.Files[0].Path))
}

// Dependent is a primitive that depends on another one.
type Dependent struct {
	ID       string   `json:"id"`
	Type     EdgeType `json:"type"`
	Strength float64  `json:"strength"`
}

// NameRef is a stored primitive found by name; Name is the stems of the
// name's lowercased words joined by single spaces.
type NameRef struct {
	Name string `json:"name"`
	ID   string `json:"id"`
}
