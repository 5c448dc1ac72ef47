package skills

import (
	"time"

	"github.com/lore-kb/lore/core"
)

// MaxOutcomes bounds the outcome notes a record keeps: the newest are the
// ones a reviewer wants, and an agent reporting in a loop must not grow a
// record without end.
const MaxOutcomes = 50

// MaxOutcomeNote bounds one note, in runes, for the same reason.
const MaxOutcomeNote = 2000

// Outcome is one reported use with the note that came with it. The note is
// stored as the library cleaned it (redacted, hidden characters spelled
// out); Findings are what the sanitizer found in the note as it was sent.
type Outcome struct {
	At       time.Time      `json:"at"`
	Success  bool           `json:"success"`
	Note     string         `json:"note"`
	Findings []core.Finding `json:"findings,omitempty"`
}

// RecordOutcome counts one use of s with its outcome (RecordUse) and, when
// note is not empty, keeps it with its findings, dropping the oldest notes
// beyond MaxOutcomes.
func (s *Skill) RecordOutcome(success bool, note string, findings []core.Finding, now time.Time) {
	s.RecordUse(success, now)
	if note == "" {
		return
	}
	s.Outcomes = append(s.Outcomes, Outcome{At: now, Success: success, Note: note, Findings: findings})
	if extra := len(s.Outcomes) - MaxOutcomes; extra > 0 {
		s.Outcomes = append([]Outcome(nil), s.Outcomes[extra:]...)
	}
}
