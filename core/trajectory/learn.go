package trajectory

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/library"
)

// DefaultNegativeAfter is how many runs failing with one signature make a
// negative-skill draft: the third such run files it, the first two only
// count.
const DefaultNegativeAfter = 3

// RunRecord is what the store keeps of a learned run: its content hash
// (so the same run is never learned twice) and what came of it.
type RunRecord struct {
	Hash    string    `json:"hash"`
	Source  string    `json:"source"`
	Format  Format    `json:"format"`
	Outcome Outcome   `json:"outcome"`
	Learned time.Time `json:"learned"`
	// Skill is the draft the run filed, or the skill that already held
	// its procedure.
	Skill     string `json:"skill,omitempty"`
	Duplicate bool   `json:"duplicate,omitempty"`
	// Signature is a failed run's failure signature.
	Signature string `json:"signature,omitempty"`
	// Negative is the negative draft this run's failure filed.
	Negative string `json:"negative,omitempty"`
	// Note says why nothing was filed, when nothing was.
	Note string `json:"note,omitempty"`
}

// SignatureRecord counts the runs that failed with one signature.
type SignatureRecord struct {
	Signature string `json:"signature"`
	// Runs are the content hashes of the runs, each counted once.
	Runs []string `json:"runs"`
	// Tasks and Steps are the generalised requests and failing steps of
	// the first runs (at most five each), for the negative skill's text.
	Tasks []string  `json:"tasks,omitempty"`
	Steps []string  `json:"steps,omitempty"`
	First time.Time `json:"first"`
	Last  time.Time `json:"last"`
	// Negative is the key of the negative draft, once filed.
	Negative string `json:"negative,omitempty"`
}

// Store is what learning runs needs of the store, beside the skill
// library: the runs learned and the failure counts, kept across runs.
type Store interface {
	// LearnedRun returns the record of the run with this content hash.
	LearnedRun(hash string) (RunRecord, bool, error)
	// FailureSignature returns the count of a failure signature.
	FailureSignature(signature string) (SignatureRecord, bool, error)
	// RecordRun stores rec and, when not nil, sig, in one transaction.
	RecordRun(rec RunRecord, sig *SignatureRecord) error
}

// Learner files what agent runs teach as draft skills.
type Learner struct {
	Runs    Store
	Library *library.Library
	// Extract tunes the extraction (the local home folder).
	Extract Options
	// NegativeAfter is how many runs failing with one signature file a
	// negative draft (0: DefaultNegativeAfter).
	NegativeAfter int
	// Merge, when set, merges a new draft with its nearest near-duplicate
	// draft (library.NearIndex.MergeNearest). The index is read once per
	// Learner: a Learner lives while its process holds the store.
	Merge bool
	// Now is the clock (nil: time.Now in UTC).
	Now func() time.Time

	// near finds near-duplicates over the calls of one Learner.
	near *library.NearIndex
}

// Draft is a skill a run filed.
type Draft struct {
	Key      string `json:"key"`
	Status   string `json:"status"`
	Negative bool   `json:"negative"`
	// Critical: the sanitizer found something critical in it, which a
	// reviewer must acknowledge to promote it.
	Critical bool `json:"critical"`
}

// FailureCount is where a failed run's signature stands.
type FailureCount struct {
	Signature     string `json:"signature"`
	Step          string `json:"step,omitempty"`
	Count         int    `json:"count"`
	NegativeAfter int    `json:"negativeAfter"`
}

// Result is what learning one run did.
type Result struct {
	Source string `json:"source"`
	Hash   string `json:"hash"`
	Format Format `json:"format"`
	// AlreadyLearned: the store held this very run (same content); nothing
	// was added.
	AlreadyLearned bool     `json:"alreadyLearned"`
	DryRun         bool     `json:"dryRun"`
	Outcome        Outcome  `json:"outcome"`
	Reason         string   `json:"reason"`
	Calls          int      `json:"calls"`
	Trigger        string   `json:"trigger"`
	Steps          []string `json:"steps"`
	// SourceHash is seed 001's hash of the run's procedure.
	SourceHash string `json:"sourceHash"`
	// Drafts are the positive drafts filed.
	Drafts []Draft `json:"drafts"`
	// Duplicates are the skills that already held the run's procedure
	// (its source hash): nothing new was filed.
	Duplicates []string `json:"duplicates"`
	// Merged are the merges the new draft took part in.
	Merged []skills.Pair `json:"merged"`
	// NegativeDrafts are the negative drafts this run's failure filed.
	NegativeDrafts []Draft `json:"negativeDrafts"`
	// Failure is the failed run's signature count.
	Failure *FailureCount `json:"failure"`
	// Redacted counts what was taken out (secrets, e-mail addresses) and
	// generalised (home paths, user names, ids…), by kind.
	Redacted map[string]int `json:"redacted"`
	// Note says why nothing was filed, when nothing was.
	Note     string   `json:"note,omitempty"`
	Warnings []string `json:"warnings"`
	// Record is what was (or, on a dry run, would be) stored of the run.
	Record RunRecord `json:"-"`
}

// Hash is the content hash a run is known by.
func Hash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Learn learns the run whose transcript is data; source names it (a path,
// as the provenance "run:<source>" records it; it is generalised like the
// run's text). A run already learned adds nothing. A transcript lore cannot
// read is a *core.InputError naming source; the store is then unchanged.
// With dryRun, nothing is read from or written to the store.
func (l *Learner) Learn(source string, data []byte, dryRun bool) (*Result, error) {
	hash := Hash(data)
	shown := NewGeneraliser("", l.Extract.Home, source).Depersonalise(source)
	res := &Result{Source: shown, Hash: hash, DryRun: dryRun, Drafts: []Draft{}, Duplicates: []string{},
		Merged: []skills.Pair{}, NegativeDrafts: []Draft{}, Redacted: map[string]int{}, Warnings: []string{}, Steps: []string{}}
	if !dryRun {
		rec, ok, err := l.Runs.LearnedRun(hash)
		if err != nil {
			return nil, err
		}
		if ok {
			res.AlreadyLearned, res.Format, res.Outcome, res.Record = true, rec.Format, rec.Outcome, rec
			res.Note = "this run was learned before (" + rec.Learned.Format(time.DateOnly) + "); nothing added"
			return res, nil
		}
	}
	run, err := Parse(data)
	if err != nil {
		var se *SyntaxError
		switch {
		case errors.As(err, &se):
			return nil, &core.InputError{Input: source, Msg: "not a readable agent run: " + se.Error()}
		case errors.Is(err, ErrNotTranscript):
			return nil, &core.InputError{Input: source, Msg: err.Error(), Usage: true}
		}
		return nil, &core.InputError{Input: source, Msg: err.Error()}
	}
	c := Extract(run, l.Extract)
	res.Format, res.Outcome, res.Reason, res.Calls, res.Trigger = run.Format, c.Outcome, c.Reason, c.Calls, c.Trigger
	res.Steps = append(res.Steps, c.Steps...)
	res.SourceHash = c.SourceHash
	res.Warnings = append(res.Warnings, run.Warnings...)
	for k, n := range c.Generalised {
		res.Redacted[k] += n
	}
	for k, n := range c.Redacted {
		res.Redacted[string(k)] += n
	}
	rec := RunRecord{Hash: hash, Source: shown, Format: run.Format, Outcome: c.Outcome, Learned: l.now()}
	var sigRec *SignatureRecord
	switch {
	case c.Outcome == Success && len(c.Steps) == 0:
		res.Note = "the run made no tool call that succeeded: no procedure to learn"
	case c.Outcome == Success && strings.TrimSpace(c.Trigger) == "":
		res.Note = "the run has no request of a user to say when its procedure applies: nothing to learn"
	case c.Outcome == Success:
		if dryRun {
			res.Drafts = append(res.Drafts, Draft{Status: string(skills.Draft)})
			break
		}
		got, err := l.Library.Propose(l.proposal(c, shown))
		if err != nil {
			return nil, fmt.Errorf("file the procedure of %s: %w", source, err)
		}
		addRedacted(res.Redacted, got.Redacted)
		rec.Skill, rec.Duplicate = got.Skill.Key, got.Duplicate
		if got.Duplicate {
			res.Duplicates = append(res.Duplicates, got.Skill.Key)
			break
		}
		res.Drafts = append(res.Drafts, draftOf(got.Skill))
		if err := l.merge(got.Skill.Key, res); err != nil {
			return nil, fmt.Errorf("merge the procedure of %s: %w", source, err)
		}
	case c.Signature == "":
		res.Note = "the run failed without a failed tool call or a signature to group it by: counted nowhere"
	default:
		after := l.NegativeAfter
		if after <= 0 {
			after = DefaultNegativeAfter
		}
		rec.Signature = c.Signature
		sr := SignatureRecord{Signature: c.Signature, First: rec.Learned}
		if !dryRun {
			stored, ok, err := l.Runs.FailureSignature(c.Signature)
			if err != nil {
				return nil, err
			}
			if ok {
				sr = stored
			}
		}
		if !slices.Contains(sr.Runs, hash) {
			sr.Runs = append(sr.Runs, hash)
			sr.Last = rec.Learned
			if len(sr.Tasks) < 5 && c.Trigger != "" && !slices.Contains(sr.Tasks, c.Trigger) {
				sr.Tasks = append(sr.Tasks, c.Trigger)
			}
			if len(sr.Steps) < 5 && c.FailingStep != "" && !slices.Contains(sr.Steps, c.FailingStep) {
				sr.Steps = append(sr.Steps, c.FailingStep)
			}
		}
		res.Failure = &FailureCount{Signature: c.Signature, Step: c.FailingStep, Count: len(sr.Runs), NegativeAfter: after}
		if len(sr.Runs) >= after && sr.Negative == "" {
			if dryRun {
				res.NegativeDrafts = append(res.NegativeDrafts, Draft{Status: string(skills.Draft), Negative: true})
			} else {
				got, err := l.Library.Propose(negativeProposal(sr, c, shown))
				if err != nil {
					return nil, fmt.Errorf("file the warning drawn from %s: %w", source, err)
				}
				addRedacted(res.Redacted, got.Redacted)
				sr.Negative, rec.Negative = got.Skill.Key, got.Skill.Key
				if got.Duplicate {
					res.Duplicates = append(res.Duplicates, got.Skill.Key)
				} else {
					res.NegativeDrafts = append(res.NegativeDrafts, draftOf(got.Skill))
					if err := l.merge(got.Skill.Key, res); err != nil {
						return nil, fmt.Errorf("merge the warning drawn from %s: %w", source, err)
					}
				}
			}
		}
		sigRec = &sr
	}
	rec.Note = res.Note
	res.Record = rec
	if dryRun {
		return res, nil
	}
	if err := l.Runs.RecordRun(rec, sigRec); err != nil {
		return nil, fmt.Errorf("record the run %s: %w", source, err)
	}
	return res, nil
}

// merge merges the new draft key with its nearest near-duplicate, when
// the learner merges.
func (l *Learner) merge(key string, res *Result) error {
	if !l.Merge {
		return nil
	}
	if l.near == nil {
		l.near = l.Library.NewNearIndex()
	}
	pair, err := l.near.MergeNearest(key)
	if err != nil || pair == nil {
		return err
	}
	res.Merged = append(res.Merged, *pair)
	return nil
}

func (l *Learner) now() time.Time {
	if l.Now != nil {
		return l.Now().UTC()
	}
	return time.Now().UTC()
}

func addRedacted(into map[string]int, counts map[redact.Kind]int) {
	for k, n := range counts {
		into[string(k)] += n
	}
}

func draftOf(s *skills.Skill) Draft {
	return Draft{Key: s.Key, Status: string(s.Status), Negative: s.Negative, Critical: s.Critical()}
}

// proposal is the draft a successful run's candidate becomes.
func (l *Learner) proposal(c Candidate, source string) library.Proposal {
	queries := func(c Candidate) []string {
		if c.Trigger == "" {
			return nil
		}
		return []string{clip(c.Trigger, 300)}
	}
	w := c.Written()
	return library.Proposal{
		Name:           c.Name,
		Description:    c.Description(),
		Instructions:   c.Instructions(),
		ExampleQueries: queries(c),
		SuggestedTools: c.Tools,
		TaskType:       c.TaskType,
		Origin:         "run:" + source,
		By:             string(c.Format),
		SourceHash:     c.SourceHash,
		// The scanners read the run as the agent ran it; the draft
		// keeps it generalised and redacted.
		Written: &library.Written{Description: w.Description(), Instructions: w.Instructions(), ExampleQueries: queries(w), Quote: c.Quote},
	}
}

// negativeProposal is the warning a failure repeated over runs becomes:
// its source hash is the signature's, so that it is filed once however
// often the failure comes back.
func negativeProposal(sr SignatureRecord, c Candidate, source string) library.Proposal {
	var b strings.Builder
	fmt.Fprintf(&b, "# Avoid: %s\n\n", clip(sr.Signature, 120))
	fmt.Fprintf(&b, "%d agent runs failed with the same error and did not recover from it:\n\n    %s\n", len(sr.Runs), sr.Signature)
	if len(sr.Steps) > 0 {
		b.WriteString("\n## The step that failed\n\n")
		for _, s := range sr.Steps {
			b.WriteString("- " + s + "\n")
		}
	}
	if len(sr.Tasks) > 0 {
		b.WriteString("\n## What the runs were asked\n\n")
		for _, t := range sr.Tasks {
			b.WriteString("- " + t + "\n")
		}
	}
	b.WriteString("\nBefore taking this step, check for the cause of this error; when it appears, stop and change the approach instead of repeating the step.\n")
	words := strings.Fields(placeholder.ReplaceAllString(sr.Signature, " "))
	if len(words) > 6 {
		words = words[:6]
	}
	return library.Proposal{
		Name:         "avoid " + strings.Join(words, " "),
		Description:  clip("Warning, learned from failed agent runs: this step keeps failing with "+sr.Signature, 400),
		Instructions: b.String(),
		TaskType:     c.TaskType,
		Negative:     true,
		Origin:       "run:" + source,
		By:           string(c.Format),
		SourceHash:   skills.SourceHash("avoid: "+sr.Signature, nil, ""),
	}
}
