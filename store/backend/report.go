package backend

import (
	"fmt"
	"strings"
)

// What a store's Verify reports, whichever backend it checks: the kinds of
// problem are the same where the backends can go wrong the same way (a
// record that does not decode, an index that disagrees with its record, a
// session whose changes are not all there), and each backend adds those
// only it can have.

// ProblemKind classifies an inconsistency a store's Verify finds.
type ProblemKind string

// Problem kinds.
const (
	// ProblemCorruptValue: a value cannot be decoded.
	ProblemCorruptValue ProblemKind = "corrupt-value"
	// ProblemMalformedKey: a key does not follow the layout of its prefix.
	ProblemMalformedKey ProblemKind = "malformed-key"
	// ProblemIDMismatch: a record's id differs from the id in its key.
	ProblemIDMismatch ProblemKind = "id-mismatch"
	// ProblemDanglingEdge: a dependency targets a primitive that is not stored.
	ProblemDanglingEdge ProblemKind = "dangling-edge"
	// ProblemMissingReverseEdge: a record's dependency has no reverse key.
	ProblemMissingReverseEdge ProblemKind = "missing-reverse-edge"
	// ProblemStaleReverseEdge: a reverse key matches no record's dependency.
	ProblemStaleReverseEdge ProblemKind = "stale-reverse-edge"
	// ProblemEdgeMismatch: an edge key's value differs from the record.
	ProblemEdgeMismatch ProblemKind = "edge-mismatch"
	// ProblemMissingIndex: a domain, type, keyword, rank, hash or name
	// entry, or the dedup record, a record implies is absent.
	ProblemMissingIndex ProblemKind = "missing-index"
	// ProblemStaleIndex: an index entry or dedup record matches no record
	// (or not its current version).
	ProblemStaleIndex ProblemKind = "stale-index"
	// ProblemMissingEdge: a primitive lists as a prerequisite the name of
	// a stored primitive it has no edge to (and could have one without
	// closing a cycle). lore store verify --repair draws the edge.
	ProblemMissingEdge ProblemKind = "missing-edge"
	// ProblemCycle: the dependency graph has a cycle.
	ProblemCycle ProblemKind = "cycle"
	// ProblemSessionIncomplete: a session is still journaling or committing
	// while no commit is running.
	ProblemSessionIncomplete ProblemKind = "session-incomplete"
	// ProblemJournalMismatch: a session's journal does not hold as many
	// changes as its record says, or has a gap between its entries.
	ProblemJournalMismatch ProblemKind = "journal-mismatch"
	// ProblemDamagedTable: a table file's blocks fail their checksums or
	// cannot be read.
	ProblemDamagedTable ProblemKind = "damaged-table"
	// ProblemUnpublished: a committed session's artifacts were never
	// written (its process ended between the commit and the files).
	ProblemUnpublished ProblemKind = "unpublished-artifacts"
	// ProblemArtifact: a generated skill or agent that a report lists is
	// not in the library, or its files are missing or changed on disk.
	// The engine finds these (the store knows no files); lore store verify
	// adds them to the store's report.
	ProblemArtifact ProblemKind = "artifact"
	// ProblemColumnMismatch: a column a database keeps beside a record
	// (for its queries to select and order by) disagrees with the record.
	ProblemColumnMismatch ProblemKind = "column-mismatch"
	// ProblemSchema: the database's schema is not the one this build
	// writes (an older one a writable open would bring up to date).
	ProblemSchema ProblemKind = "schema"
)

// MaxProblems caps the problems a report lists; the rest are only counted,
// so that a badly damaged store does not produce a report as big as itself.
const MaxProblems = 1000

// Problem is one inconsistency.
type Problem struct {
	Kind ProblemKind `json:"kind"`
	// Key is the offending key, binary parts escaped; empty when the
	// problem is about something missing that has no key yet.
	Key string `json:"key,omitempty"`
	// ID is the primitive, session or skill concerned.
	ID     string `json:"id,omitempty"`
	Detail string `json:"detail"`
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(string(p.Kind))
	if p.ID != "" {
		b.WriteString(" " + p.ID)
	}
	if p.Key != "" {
		b.WriteString(" [" + p.Key + "]")
	}
	b.WriteString(": " + p.Detail)
	return b.String()
}

// VerifyReport is the outcome of Verify: what was checked and what is wrong.
type VerifyReport struct {
	Primitives int `json:"primitives"`
	// Edges counts the dependencies the records hold, ReverseEdges the
	// reverse keys found; in a sound store they are equal.
	Edges          int `json:"edges"`
	ReverseEdges   int `json:"reverseEdges"`
	IndexEntries   int `json:"indexEntries"`
	DedupRecords   int `json:"dedupRecords"`
	Sessions       int `json:"sessions"`
	JournalEntries int `json:"journalEntries"`
	Skills         int `json:"skills"`
	// Problems lists at most MaxProblems problems; ProblemCount counts all.
	Problems     []Problem `json:"problems"`
	ProblemCount int       `json:"problemCount"`
}

// OK reports whether no problem was found.
func (r *VerifyReport) OK() bool { return r.ProblemCount == 0 }

// Count returns how many listed problems are of kind k.
func (r *VerifyReport) Count(k ProblemKind) int {
	n := 0
	for _, p := range r.Problems {
		if p.Kind == k {
			n++
		}
	}
	return n
}

// Add records a problem found outside the store (see ProblemArtifact).
func (r *VerifyReport) Add(kind ProblemKind, id, detail string) {
	r.AddAt(kind, "", id, "%s", detail)
}

// AddAt records a problem at key (a store's key or a table's row, as
// text; "" for none), counting it, and listing it while fewer than
// MaxProblems are.
func (r *VerifyReport) AddAt(kind ProblemKind, key, id, format string, args ...any) {
	r.ProblemCount++
	if len(r.Problems) >= MaxProblems {
		return
	}
	r.Problems = append(r.Problems, Problem{Kind: kind, Key: key, ID: id, Detail: fmt.Sprintf(format, args...)})
}
