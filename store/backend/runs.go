package backend

import "github.com/lore-kb/lore/core/trajectory"

// RunStore keeps what learning from agent runs remembers across runs
// (trajectory.Store): the runs learned, by content hash, and the runs that
// failed, counted by failure signature.
type RunStore interface {
	// LearnedRun returns the record of the run learned with this content
	// hash; ok is false for one not learned. A hash CheckID refuses is
	// ErrInvalidID.
	LearnedRun(hash string) (rec trajectory.RunRecord, ok bool, err error)
	// FailureSignature returns the count of the runs that failed with
	// signature (any text); ok is false for one never counted.
	FailureSignature(signature string) (rec trajectory.SignatureRecord, ok bool, err error)
	// RecordRun stores rec under its Hash and, when sig is not nil, sig
	// under its Signature, each replacing what was there, in one
	// transaction: a run is counted once or not at all. A Hash CheckID
	// refuses is ErrInvalidID.
	RecordRun(rec trajectory.RunRecord, sig *trajectory.SignatureRecord) error
	// LearnedRuns counts the runs learned.
	LearnedRuns() (int, error)
}

var _ trajectory.Store = RunStore(nil)
