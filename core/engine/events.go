package engine

import (
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/broker"
)

// Stage is one of the seven stages of a learning run.
type Stage string

// The seven stages, in order. Extract includes wiring; dedup includes
// merging; generate includes the report and the commit.
const (
	StageAcquire  Stage = "acquire"
	StageSanitize Stage = "sanitize"
	StageGate     Stage = "gate"
	StageAnalyze  Stage = "analyze"
	StageExtract  Stage = "extract"
	StageDedup    Stage = "dedup"
	StageGenerate Stage = "generate"
)

// Stages lists the stages in pipeline order.
var Stages = []Stage{StageAcquire, StageSanitize, StageGate, StageAnalyze, StageExtract, StageDedup, StageGenerate}

// StageStatus is how a stage ended.
type StageStatus string

// Stage outcomes.
const (
	StageDone    StageStatus = "done"
	StageFailed  StageStatus = "failed"
	StageSkipped StageStatus = "skipped"
)

// Event is something the engine reports while it runs. The concrete types
// below are the whole set.
type Event interface{ isEvent() }

// StageStarted says a stage began.
type StageStarted struct {
	Stage Stage
	At    time.Time
}

// StageProgress reports countable progress inside a stage. Progress events
// may be coalesced (only the latest matters); every other event is
// delivered.
type StageProgress struct {
	Stage       Stage
	Done, Total int
	Detail      string
}

// StageFinished says a stage ended. A stage that is done carries what it
// produced in Result; a failed one its error in Err; a skipped one why in
// Reason.
type StageFinished struct {
	Stage  Stage
	Status StageStatus
	// Result is the stage's typed outcome, one of the *Finished types in
	// results.go; nil unless Status is StageDone.
	Result StageResult
	// Reason says why a skipped stage did not run ("" if nothing did
	// more than fail before it). It is a message, not data.
	Reason  string
	Elapsed time.Duration
	Err     string
}

// FindingFound reports one sanitizer finding.
type FindingFound struct{ Finding core.Finding }

// ApprovalRequested says the gate is asking the approver to decide.
type ApprovalRequested struct{ Report core.HygieneReport }

// ReviewRequested says the run waits for a person to review its
// candidates (Reviewer): how many, how many earlier decisions applied to
// them again and how many no longer match.
type ReviewRequested struct{ Candidates, Reapplied, Revisit int }

// Reviewed says the person reviewed the candidates and took Decisions.
type Reviewed struct{ Decisions int }

// Decided reports the gate's decision.
type Decided struct{ Decision core.Decision }

// ConflictFound reports a conflict held for a person to decide.
type ConflictFound struct{ Conflict core.Conflict }

// ArtifactMade reports a generated skill, agent or team; Dir is where its
// files were written ("" on a dry run).
type ArtifactMade struct {
	Artifact core.Artifact
	Dir      string
}

// Committed says the session was committed to the store.
type Committed struct{ Session core.Session }

func (StageStarted) isEvent()      {}
func (StageProgress) isEvent()     {}
func (StageFinished) isEvent()     {}
func (FindingFound) isEvent()      {}
func (ApprovalRequested) isEvent() {}
func (Decided) isEvent()           {}
func (ReviewRequested) isEvent()   {}
func (Reviewed) isEvent()          {}
func (ConflictFound) isEvent()     {}
func (ArtifactMade) isEvent()      {}
func (Committed) isEvent()         {}

// Broker fans a run's events out to its subscribers (see broker.Broker):
// progress events of a stage coalesce, latest wins; every other event is
// delivered.
type Broker = broker.Broker[Event]

// NewBroker returns a broker with no subscribers.
func NewBroker() *Broker { return broker.New(progressKey) }

// progressKey makes progress the one kind of event only the latest value
// of matters, per stage.
func progressKey(e Event) (string, bool) {
	p, ok := e.(StageProgress)
	return string(p.Stage), ok
}
