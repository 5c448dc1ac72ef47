package report

import "github.com/lore-kb/lore/core"

// Counts is the summary a learning session is judged by: how many
// candidates were added, updated, skipped or are still in conflict.
type Counts struct {
	Added     int `json:"added"`
	Updated   int `json:"updated"`
	Skipped   int `json:"skipped"`
	Conflicts int `json:"conflicts"`
}

// class is the bucket one provenance entry is counted in.
type class uint8

const (
	classNone class = iota
	classAdded
	classUpdated
	classSkipped
	classConflict
)

// Count counts a provenance chain by what each decision did, not by the
// wording of its action (the reference's substring rule counted a resolved
// keep-both conflict as a conflict and never as the add it was, §5.1 #10).
//
// The rule:
//   - by Outcome: add → Added; update and replace → Updated; skip →
//     Skipped; conflict → Conflicts;
//   - an entry without a known Outcome falls back to its Action
//     (add-new and add-specialization → add, update-generalization →
//     update, skip → skip, conflict-presented → conflict);
//   - a conflict-resolved entry is never a conflict: it counts as what the
//     resolution did (its Outcome, else its UserDecision: keep-existing →
//     skip, keep-candidate → update, keep-both → add);
//   - a conflict that was presented and then resolved counts only once, as
//     its resolution. Pairing is by CandidateID: each conflict-resolved
//     entry cancels one conflict entry with the same non-empty
//     CandidateID, wherever the two stand in the chain. A presented
//     conflict with no matching resolution is still pending and counts
//     as a conflict;
//   - action "error" counts nowhere.
func Count(prov []core.ProvenanceEntry) Counts {
	var c Counts
	for _, k := range classify(prov) {
		switch k {
		case classAdded:
			c.Added++
		case classUpdated:
			c.Updated++
		case classSkipped:
			c.Skipped++
		case classConflict:
			c.Conflicts++
		}
	}
	return c
}

// classify buckets every entry of prov by the rule documented on Count;
// entries that count nowhere (errors, presented conflicts that were
// resolved, unknown actions) get classNone.
func classify(prov []core.ProvenanceEntry) []class {
	cls := make([]class, len(prov))
	var resolved map[string]int
	for i := range prov {
		if prov[i].Action == core.ProvConflictResolved && prov[i].CandidateID != "" {
			if resolved == nil {
				resolved = map[string]int{}
			}
			resolved[prov[i].CandidateID]++
		}
	}
	for i := range prov {
		e := &prov[i]
		if e.Action == core.ProvError {
			continue
		}
		k := byOutcome(e)
		if e.Action == core.ProvConflictResolved && (k == classConflict || k == classNone) {
			k = byDecision(e.UserDecision)
		}
		if k == classConflict && e.CandidateID != "" && resolved[e.CandidateID] > 0 {
			resolved[e.CandidateID]--
			k = classNone
		}
		cls[i] = k
	}
	return cls
}

func byOutcome(e *core.ProvenanceEntry) class {
	switch e.Outcome {
	case core.ActionAdd:
		return classAdded
	case core.ActionUpdate, core.ActionReplace:
		return classUpdated
	case core.ActionSkip:
		return classSkipped
	case core.ActionConflict:
		return classConflict
	}
	switch e.Action {
	case core.ProvAddNew, core.ProvAddSpecialization:
		return classAdded
	case core.ProvUpdateGeneralization:
		return classUpdated
	case core.ProvSkip:
		return classSkipped
	case core.ProvConflictPresented:
		return classConflict
	}
	return classNone
}

func byDecision(r core.Resolution) class {
	switch r {
	case core.KeepExisting:
		return classSkipped
	case core.KeepCandidate:
		return classUpdated
	case core.KeepBoth:
		return classAdded
	}
	return classNone
}
