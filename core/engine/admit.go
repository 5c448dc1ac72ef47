package engine

import (
	"context"
	"slices"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/sanitize"
)

// ScanOptions tune the acquire and sanitize stages.
type ScanOptions struct {
	// Tier is the tier the caller asks for: "" keeps what acquisition
	// decided (HOME for local files, folders and archives), STRANGER
	// raises a HOME source's caution; nothing lowers a STRANGER source's
	// (see gate.Tier).
	Tier    core.Familiarity
	Acquire acquire.Options
}

// ScanResult is what the first two stages made of a source.
type ScanResult struct {
	Documents []core.Document
	Report    core.HygieneReport
	// Errors are per-file acquisition problems; the files were skipped.
	Errors []core.AcquireError
	// Ignored lists files of a folder or archive that are neither text
	// nor a binary worth a finding (images, fonts, media).
	Ignored []string

	source string
	acq    *acquire.Result
}

// Learnable returns the documents lore learns from (every text file is
// scanned, but only the formats lore has a reader for are learned; see
// acquire.Learnable), or the error saying that the source holds none.
func (r *ScanResult) Learnable() ([]core.Document, error) {
	if r.acq != nil {
		if err := acquire.NothingToLearn(r.source, r.acq); err != nil {
			return nil, err
		}
	}
	return acquire.Learnable(r.Documents), nil
}

// Scan runs stages 1 and 2: it acquires the source and scans every document
// for hostile content, those lore only scans (ScanOnly: text files of types
// it learns nothing from) included. Findings made while acquiring (unsafe
// archive entry names, programs, nested archives, binary content) join the
// sanitizer's. A source whose every file was refused is scanned too: its
// report holds why. Nothing is written.
func Scan(ctx context.Context, source string, opts ScanOptions) (*ScanResult, error) {
	acq, err := acquire.Source(ctx, source, opts.Acquire)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The report names a URL without its credentials.
	return sanitizeAcquired(ctx, redact.URL(source), acq, opts.Tier)
}

// sanitizeAcquired runs stage 2 over what stage 1 acquired, at the tier
// the gate sets from the one the caller asked for ("" for none) and the
// documents' own (gate.Tier: never less cautious than the source).
func sanitizeAcquired(ctx context.Context, source string, acq *acquire.Result, requested core.Familiarity) (*ScanResult, error) {
	tier := gate.Tier(requested, acq.Documents)
	rep, err := sanitize.Scan(ctx, acq.Documents, tier)
	if err != nil {
		return nil, err
	}
	rep.Source = source
	if len(acq.Findings) > 0 {
		rep.Findings = append(rep.Findings, acq.Findings...)
		sanitize.SortFindings(rep.Findings)
	}
	rep.Passed = rep.Count(core.Critical) == 0
	rep.AutoApproved = gate.AutoApproves(rep)
	if rep.CheckedAt.IsZero() {
		rep.CheckedAt = time.Now()
	}
	errs := slices.Clone(acq.Errors)
	if errs == nil {
		errs = []core.AcquireError{}
	}
	return &ScanResult{Documents: acq.Documents, Report: rep, Errors: errs, Ignored: acq.Ignored, source: source, acq: acq}, nil
}

// Admit runs stages 1 to 3: acquire, sanitize and the approval gate. The
// decision says whether the pipeline may go on; a rejection is not an error.
func Admit(ctx context.Context, source string, opts ScanOptions, approver gate.Approver, policy gate.Policy) (*ScanResult, core.Decision, error) {
	res, err := Scan(ctx, source, opts)
	if err != nil {
		return nil, core.Decision{}, err
	}
	d, err := gate.Decide(ctx, res.Report, approver, policy)
	if err != nil {
		return res, core.Decision{}, err
	}
	return res, d, nil
}
