package engine

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/report"
	"github.com/lore-kb/lore/core/sanitize"
	"github.com/lore-kb/lore/core/skills"
)

// Store is what the learning engine needs of the registry. The store
// package implements it; core does not import the store.
type Store interface {
	Near(p *core.Primitive, maxDistance float64, minShared, limit int) ([]core.Primitive, error)
	SameContent(hash string) ([]core.Primitive, error)
	GetPrimitive(id string) (core.Primitive, bool, error)
	ByDomain(domain string) ([]core.Primitive, error)
	Dependents(id string) ([]core.Dependent, error)
	Session(id string) (core.Session, bool, error)
	Changes(id string) ([]core.Change, error)
	CommitSessionWith(ctx context.Context, sess core.Session, changes []core.Change, report []byte) error
	AppendToSession(ctx context.Context, id string, changes []core.Change, report []byte) error
	Conflict(id string) (core.Conflict, bool, error)
	Conflicts() ([]core.Conflict, error)
	NamesStartingWith(words []string) (map[string][]core.NameRef, error)
	Report(id string) ([]byte, bool, error)
	Artifacts() ([]core.Artifact, error)
	// ReplaceArtifacts makes arts the artifacts of domains and applies lib
	// to the skill library, in one transaction.
	ReplaceArtifacts(ctx context.Context, domains []string, arts []core.Artifact, lib skills.LibraryUpdate) error
	// RecordRejection stores the record of a learn the gate rejected
	// (state rejected, no changes) with its report.
	RecordRejection(ctx context.Context, sess core.Session, report []byte) error
}

// LearnOptions are the seed's options plus the approval policy.
type LearnOptions struct {
	// Domains are the domain definitions to detect (built-in plus user).
	Domains []core.Domain
	// Domain, when set, is the domain of every primitive.
	Domain string
	Depth  core.Depth
	// DryRun runs every stage and writes nothing: no store change, no
	// files.
	DryRun bool
	// Scope selects the paths of a folder source (see acquire.InScope).
	Scope []string
	// Tier overrides the source's familiarity ("" keeps acquisition's).
	Tier    core.Familiarity
	Acquire acquire.Options
	// Approver asks a person at the gate (nil: headless, Policy decides).
	Approver gate.Approver
	Policy   gate.Policy
	Dedup    dedup.Config
	Generate generate.Config
	// OutputDir is where generated artifacts are written ("" writes none).
	OutputDir string
	// Events receives the run's events (nil: none).
	Events *Broker
	// SessionID names the session ("" generates one).
	SessionID string
	// SourceName, when set, is how the session, its report and the
	// primitives' provenance name the source instead of the path read:
	// standard input copied to a temporary file is recorded as what it
	// was, not as a path that no longer exists.
	SourceName string
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// OpenStore, when Learn is given no store, opens it once the run first
	// needs it: after the source is read, scanned, approved, analyzed and
	// extracted, when the candidates are compared with what is stored. A
	// store's lock is then not held while a slow source (a stalled server,
	// a large repository) is still being read, nor while a person decides
	// at the gate. The caller closes what it opened.
	OpenStore func(ctx context.Context) (Store, error)
	// WriteTurn, when set, takes the store's write turn, which OpenStore
	// then lends the store without: the learn compares its candidates
	// with the store and plans its changes outside the turn, and takes it
	// only to generate and commit, so that another writer (an unlearn, a
	// learn) waits for that alone, not for the comparison, which for a
	// large source against a large library takes most of the run. If the
	// store changed meanwhile (its Generation moved), the plan is made
	// again: outside the turn up to optimisticPlans times, then within it,
	// as it always was without WriteTurn. The session still commits in
	// one piece: no reader sees half a learn, and an unlearn takes back
	// all of it. The turn is given back when Learn returns.
	WriteTurn func(ctx context.Context) (st Store, release func() error, err error)
	// Reviewer, when set, shows a person the candidates before they are
	// committed (see Reviewer); the decisions are recorded in the session.
	Reviewer Reviewer
	// Curations, when set, reads the curators' decisions that stand (see
	// StandingCurations) without holding the store, as Rejections does;
	// unset, they are read from the store once it is open.
	Curations func(ctx context.Context) ([]core.Curation, error)
	// Rejections, when set, reads the earlier rejections of a source (the
	// sessions in state rejected naming it), so that the gate can say
	// when and by whom it was rejected before. It is called before the
	// gate and must not hold the store: a person may take a while to
	// decide.
	Rejections func(ctx context.Context, source string) ([]core.Session, error)
	// User and Agent record who ran the learn on a team server, and the
	// agent acting for them (see core.Session).
	User, Agent string
}

func (o *LearnOptions) now() time.Time {
	if o.Now != nil {
		return o.Now().UTC()
	}
	return time.Now().UTC()
}

// RejectedAtGate is the error a learn rejected at the gate adds to its
// result, beside the rejection it returns.
const RejectedAtGate = "Content rejected at the approval gate"

// LearnResult is everything a learning run produced.
type LearnResult struct {
	Session core.Session
	// Committed is true when the session was stored (not a dry run, not
	// rejected, not failed).
	Committed bool
	Scan      *ScanResult
	Decision  core.Decision
	Analysis  *AnalyzeResult
	Counts    report.Counts
	// Primitives are the final states of the primitives the run added or
	// updated, in decision order.
	Primitives []core.Primitive
	// EdgesAdded counts the dependency edges of the added primitives.
	EdgesAdded int
	Provenance []core.ProvenanceEntry
	Conflicts  []core.Conflict
	// Changes is the session's changeset.
	Changes      []core.Change
	Artifacts    []core.Artifact
	NotGenerated []core.Artifact
	Report       report.Report
	ReportInput  report.Input
	// Errors are what failed: files skipped, links not drawn, artifacts
	// not written. Notes are about documents read, but not quite as
	// written (a file read as Windows-1252): said, not failures.
	Errors []string
	Notes  []string
	// RejectedBefore says when and by whom the gate rejected the source
	// before ("" if it never did, or LearnOptions.Rejections is unset).
	RejectedBefore string
	// Reapplied are the curators' standing decisions applied again to
	// this learn's candidates; Revisit, those that no longer match the
	// source (reworded, gone), for a person to decide again; Curated, the
	// decisions a reviewer took before the commit.
	Reapplied []core.Curation
	Revisit   []curate.Revisit
	Curated   []core.Curation
	// Redactions are the secrets taken out of the documents' text before
	// anything was extracted from it, so no primitive, stored session or
	// generated skill holds them.
	Redactions []Redaction
}

// Redaction is one secret removed from a document of the source.
type Redaction struct {
	Document string `json:"document"`
	redact.Span
}

// runner carries one run's clock and event sink.
type runner struct {
	events *Broker
	now    func() time.Time
	stage  Stage
	began  time.Time
}

func (r *runner) publish(e Event) {
	if r.events != nil {
		r.events.Publish(e)
	}
}

func (r *runner) start(s Stage) {
	r.stage, r.began = s, r.now()
	r.publish(StageStarted{Stage: s, At: r.began})
}

func (r *runner) progress(done, total int, detail string) {
	r.publish(StageProgress{Stage: r.stage, Done: done, Total: total, Detail: detail})
}

func (r *runner) finish(res StageResult) {
	r.publish(StageFinished{Stage: r.stage, Status: StageDone, Result: res, Elapsed: r.now().Sub(r.began)})
}

// fail ends the current stage as failed and every later one as skipped.
func (r *runner) fail(err error) {
	msg := err.Error()
	if errors.Is(err, context.Canceled) {
		// Said in words a person uses; the run's own error says the rest.
		msg = "interrupted"
	}
	r.publish(StageFinished{Stage: r.stage, Status: StageFailed, Err: msg, Elapsed: r.now().Sub(r.began)})
	r.skipAfter(r.stage, "")
}

// skipAfter marks every stage after s skipped.
func (r *runner) skipAfter(s Stage, why string) {
	i := slices.Index(Stages, s)
	for _, later := range Stages[i+1:] {
		r.publish(StageFinished{Stage: later, Status: StageSkipped, Reason: why})
	}
}

// NewSessionID returns a fresh, sortable session id of the given kind.
func NewSessionID(kind core.SessionKind, now time.Time) string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s-%s-%s", kind, now.UTC().Format("20060102-150405"), hex.EncodeToString(b[:]))
}

// Learn runs the seven stages over a source: acquire, sanitize, the
// approval gate, analyze, extract and wire, dedup and merge, then generate,
// report and commit. The store is changed only at the very end, in one
// journaled commit, so a cancelled or failed run leaves it unchanged, and a
// dry run never changes it. With st nil, opts.OpenStore opens the store
// when the run reaches dedup. A rejection at the gate returns the result with
// a *gate.RejectedError.
func Learn(ctx context.Context, st Store, source string, opts LearnOptions) (*LearnResult, error) {
	r := &runner{events: opts.Events, now: opts.now}
	started := opts.now()
	id := opts.SessionID
	if id == "" {
		id = NewSessionID(core.KindLearn, started)
	}
	shown := source
	if opts.SourceName != "" {
		shown = opts.SourceName
	}
	// A URL's user info and secret query parameters are for the request
	// only: the session, provenance and report name it without them.
	shown = redact.URL(shown)
	res := &LearnResult{Session: core.Session{ID: id, Kind: core.KindLearn, Source: shown, StartedAt: started,
		DryRun: opts.DryRun, Options: optionMap(opts), User: opts.User, Agent: opts.Agent}}
	var plan *mergePlan
	fail := func(err error) (*LearnResult, error) {
		r.fail(err)
		if plan != nil {
			res.Primitives = plan.finalPrimitives()
		}
		return res, err
	}

	// 1. Acquire.
	r.start(StageAcquire)
	aopt := opts.Acquire
	if len(opts.Scope) > 0 {
		aopt.Scope = opts.Scope
	}
	// Pages of a PDF, entries of an archive and files of a folder or a
	// repository take long enough to be watched.
	caller := aopt.Progress
	aopt.Progress = func(done, total int, detail string) {
		r.progress(done, total, detail)
		if caller != nil {
			caller(done, total, detail)
		}
	}
	acq, err := acquire.Source(ctx, source, aopt)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return fail(renamed(err, source, shown))
	}
	if shown != source {
		for i := range acq.Documents {
			if acq.Documents[i].Path == source {
				acq.Documents[i].Path = acq.Documents[i].Name
			}
		}
		acq.Rename(source, shown)
		source = shown
	}
	// An Agent Skills bundle is imported, not learned: its instructions
	// taken for knowledge make nonsense skills. It stops here, before the
	// gate, and stores nothing.
	if f := acquire.SkillBundle(acq.Documents); f != "" {
		return fail(acquire.SkillBundleError(shown, f))
	}
	var bytes int64
	for _, d := range acq.Documents {
		bytes += d.Bytes
	}
	r.finish(AcquireFinished{Documents: len(acq.Documents), Bytes: bytes, Skipped: len(acq.Skipped), Ignored: len(acq.Ignored)})
	// What the readers could not keep as written is said apart from what
	// failed: the documents were read.
	for _, n := range acq.Notes {
		res.Notes = append(res.Notes, n.Path+": "+n.Reason)
	}
	aopts := AnalyzeOptions{Domains: opts.Domains, Domain: opts.Domain, Depth: opts.Depth}
	ahead := analyzeAhead(ctx, source, acquire.Learnable(acq.Documents), aopts)
	defer ahead.drop()

	// 2. Sanitize.
	r.start(StageSanitize)
	scan, err := sanitizeAcquired(ctx, source, acq, opts.Tier)
	if err != nil {
		return fail(err)
	}
	res.Scan = scan
	res.Session.Familiarity = scan.Report.Tier
	for _, f := range scan.Report.Findings {
		r.publish(FindingFound{Finding: f})
	}
	for _, e := range scan.Errors {
		res.Errors = append(res.Errors, e.File+": "+e.Reason)
	}
	res.Session.Findings = map[core.Severity]int{}
	for _, f := range scan.Report.Findings {
		res.Session.Findings[f.Severity]++
	}
	r.finish(SanitizeFinished{Tier: scan.Report.Tier, Critical: scan.Report.Count(core.Critical),
		Warning: scan.Report.Count(core.Warning), Info: scan.Report.Count(core.Info)})
	if err := ctx.Err(); err != nil {
		return fail(err)
	}

	// 3. Gate.
	r.start(StageGate)
	// Every text file was scanned and the report holds all of it; a source
	// with nothing lore can learn from stops here, before anyone is asked
	// to approve it.
	learnable, err := scan.Learnable()
	if err != nil {
		return fail(err)
	}
	if opts.Rejections != nil {
		// A history that cannot be read holds no learn up: the gate then
		// decides as it would have without it.
		if earlier, err := opts.Rejections(ctx, source); err == nil {
			res.RejectedBefore = gate.RejectedBefore(earlier)
		}
	}
	var approver gate.Approver
	if opts.Approver != nil {
		approver = gate.ApproverFunc(func(ctx context.Context, req gate.Request) (gate.Answer, error) {
			r.publish(ApprovalRequested{Report: req.Report})
			req.Texts = make(map[string]string, len(scan.Documents))
			for _, d := range scan.Documents {
				name, text := sanitize.ScannedText(d)
				req.Texts[name] = text
			}
			if res.RejectedBefore != "" {
				req.Why += " · " + res.RejectedBefore
			}
			return opts.Approver.Approve(ctx, req)
		})
	}
	dec, err := gate.Decide(ctx, scan.Report, approver, opts.Policy)
	if err != nil {
		var need *gate.ApprovalRequiredError
		if errors.As(err, &need) {
			need.Earlier = res.RejectedBefore
		}
		return fail(err)
	}
	res.Decision = dec
	res.Session.Decision = &dec
	r.publish(Decided{Decision: dec})
	r.finish(GateFinished{Status: dec.Status, By: dec.DecidedBy, Reviewed: dec.Reviewed, Acknowledged: len(dec.Acknowledged)})
	if !dec.Proceed() {
		r.skipAfter(StageGate, "rejected at the gate")
		res.Errors = append(res.Errors, RejectedAtGate)
		rejected := &gate.RejectedError{Source: source, Rationale: dec.Rationale, Earlier: res.RejectedBefore}
		if err := recordRejection(ctx, st, res, opts); err != nil {
			res.Errors = append(res.Errors, err.Error())
			return res, errors.Join(rejected, err)
		}
		return res, rejected
	}

	// The acquisition's own list of documents (learnable or not) would
	// keep every text alive through the run in the result's scan; what
	// follows needs only the learnable ones: files lore only scans
	// (ScanOnly) are judged by the gate with the rest, but nothing is
	// learned from them.
	scan.acq, acq = nil, nil

	// 4. Analyze. Secrets in the approved text go before analysis, so
	// nothing derived from it (statements, forms, skills) can carry them.
	// With a second processor the analysis began beside the scan (see
	// analysisAhead); the gate has let it through, and it is taken here.
	r.start(StageAnalyze)
	var ar *AnalyzeResult
	if ahead != nil {
		scan.Documents, res.Redactions, ar, err = ahead.result(r.progress)
	} else {
		scan.Documents = learnable
		res.Redactions = redactDocuments(scan.Documents)
		ar, err = analyzeDocs(ctx, source, scan.Documents, aopts, r.progress)
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return fail(err)
	}
	res.Analysis = ar
	sections := 0
	for _, a := range ar.Analyses {
		a.Walk(func(*core.Section) { sections++ })
	}
	r.finish(AnalyzeFinished{Documents: len(ar.Analyses), Sections: sections,
		ContentType: ar.ContentType, Domain: ar.Domain, Plane: ar.Plane})

	// 5. Extract and wire.
	r.start(StageExtract)
	extractAndWire(ar, aopts, true, r.progress)
	res.Errors = append(res.Errors, ar.UndrawnLinks...)
	// What follows needs the candidates, not the text they came from:
	// the documents and their section trees (as large as the source, and
	// more) are let go before the store is compared and committed.
	documents := len(scan.Documents)
	scan.Documents, ar.Analyses = nil, nil
	extracted := ExtractFinished{Candidates: len(ar.Primitives), ByType: map[core.PrimitiveType]int{},
		Edges: maps.Clone(ar.Wiring.EdgesByType)}
	for _, p := range ar.Primitives {
		extracted.ByType[p.Type]++
	}
	r.finish(extracted)
	// A statement whose reading shows fewer of a symbol than it holds is
	// said, by the symbol: the product's own guard of its readable forms.
	res.Notes = append(res.Notes, readableNotes(ar.Primitives)...)
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	if extracted.Candidates == 0 {
		// A source whose documents state nothing lore learns stops here,
		// as one with no document lore learns from stops at the gate:
		// a session of nothing would only be noise in lore sessions.
		r.skipAfter(StageExtract, "nothing to learn")
		return res, &core.InputError{Input: source, Usage: true, Msg: fmt.Sprintf(
			"nothing to learn: lore found no definition, theorem, algorithm or other statement it learns in %s; nothing was stored",
			docsPhrase(documents))}
	}

	// Curators' decisions: those that stand apply again; a person
	// reviewing the learn takes more. With a reviewer this happens before
	// the store is opened, so nobody waits on the person.
	var cur *curated
	if opts.Reviewer != nil {
		if cur, err = curateCandidates(ctx, r, st, id, source, ar.Primitives, opts); err != nil {
			return fail(err)
		}
	}

	// 6. Dedup and merge.
	r.start(StageDedup)
	if st == nil {
		if opts.OpenStore == nil {
			return fail(errors.New("learn: no store to compare with"))
		}
		if st, err = opts.OpenStore(ctx); err != nil {
			return fail(err)
		}
	}
	reviewed, base := cur, ar.Primitives
	if reviewed != nil {
		base = reviewed.cands
	}
	// planChanges compares cands (the run's to consume) with the store
	// and plans the session's changes.
	planChanges := func(cands []core.Primitive) error {
		if reviewed != nil {
			c := *reviewed
			c.cands = cands
			cur = &c
		} else {
			var err error
			if cur, err = curateCandidates(ctx, r, st, id, source, cands, opts); err != nil {
				return err
			}
		}
		res.Reapplied, res.Revisit, res.Curated = cur.reapplied.Applied, cur.reapplied.Revisit, cur.decided
		if len(cur.decided) > 0 {
			res.Session.Options["curated"] = strconv.Itoa(len(cur.decided))
		}
		var err error
		plan, err = dedupAndMerge(ctx, st, id, cur.cands, cur.editions(), ar.Beside, opts, r)
		if err == nil {
			plan.noteCurations(id, cur, opts.now())
		}
		if err == nil {
			err = ctx.Err()
		}
		return err
	}
	// The write turn, when the learn takes it itself (WriteTurn), and
	// the store as lent with it, which the plan is committed through.
	var turn func() error
	var turnStore Store
	takeTurn := func() error {
		if turn != nil || opts.WriteTurn == nil || opts.DryRun {
			return nil
		}
		ts, rel, err := opts.WriteTurn(ctx)
		if err != nil {
			return fmt.Errorf("wait for the write turn: %w", err)
		}
		turn, turnStore = rel, ts
		return nil
	}
	giveTurnBack := func() error {
		if turn == nil {
			return nil
		}
		rel := turn
		turn, turnStore = nil, nil
		return rel()
	}
	defer func() { _ = giveTurnBack() }()
	versioned, optimistic := st.(generationStore)
	optimistic = optimistic && opts.WriteTurn != nil && !opts.DryRun
	if !optimistic {
		// A store that cannot say whether it changed is compared within
		// the turn.
		if err := takeTurn(); err != nil {
			return fail(err)
		}
	}
	for try := 1; ; try++ {
		if !optimistic {
			if turnStore != nil {
				st = turnStore
			}
			if err := planChanges(base); err != nil {
				return fail(err)
			}
			break
		}
		// The version the plan starts from is read within the turn: a
		// writer midway through a commit may have counted its change
		// (PostgreSQL's generation moves before the commit is seen), and
		// the plan would miss the change the version says it saw.
		if err := takeTurn(); err != nil {
			return fail(err)
		}
		before, err := versioned.Generation()
		if rerr := giveTurnBack(); err == nil {
			err = rerr
		}
		if err != nil {
			return fail(err)
		}
		// Each try consumes a copy: a plan made again starts from the
		// candidates as extracted.
		if err := planChanges(cloneCandidates(base)); err != nil {
			return fail(err)
		}
		if err := takeTurn(); err != nil {
			return fail(err)
		}
		after, err := versioned.Generation()
		if err != nil {
			return fail(err)
		}
		if after == before {
			break
		}
		// Another writer changed the store while this plan was made: it
		// may name what is gone or miss what came.
		r.progress(0, len(base), "the library changed meanwhile: comparing again")
		if try < optimisticPlans {
			if err := giveTurnBack(); err != nil {
				return fail(err)
			}
			continue
		}
		optimistic = false
	}
	if turnStore != nil {
		st = turnStore
	}
	for _, c := range plan.conflicts {
		r.publish(ConflictFound{Conflict: c})
	}
	// The candidates are merged: what the rest of the run needs of them is
	// in the plan. Letting them go before the commit keeps a large
	// source's peak memory down by a copy of every primitive.
	ar.Primitives, ar.Wiring.Primitives = nil, nil
	res.Changes, res.Provenance, res.Conflicts = plan.changes, plan.provenance, plan.conflicts
	res.EdgesAdded = plan.edges
	res.Counts = report.Count(plan.provenance)
	r.finish(DedupFinished{Counts: res.Counts, ByClass: maps.Clone(plan.classes)})

	// 7. Generate, report, commit.
	r.start(StageGenerate)
	gen, err := generateFor(st, plan.domains(), plan.overlay, opts.Domains, opts.Generate, opts.now)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return fail(err)
	}
	res.Artifacts, res.NotGenerated = gen.made, gen.skipped
	completed := opts.now()
	res.Session.CompletedAt = completed
	res.Session.Counts = core.SessionCounts{LearnCounts: &core.LearnCounts{Added: res.Counts.Added,
		Updated: res.Counts.Updated, Skipped: res.Counts.Skipped, Conflicts: res.Counts.Conflicts,
		Candidates: ar.Candidates, Edges: res.EdgesAdded, Skills: countKind(gen.made, core.SkillArtifact)}}
	res.ReportInput = report.Input{
		SessionID: id, Source: source, User: opts.User, Agent: opts.Agent, StartedAt: started, CompletedAt: completed,
		ContentType: string(ar.ContentType), Domain: ar.Domain, Documents: documents,
		Provenance: plan.provenance, Artifacts: gen.made, Skipped: gen.skipped, Decision: &dec,
		Findings: res.Session.Findings, EdgesAdded: res.EdgesAdded, Errors: res.Errors, Notes: res.Notes,
		Options: reportOptions(opts), DryRun: opts.DryRun,
	}
	res.Report = report.Build(res.ReportInput, report.Limits{})
	if opts.DryRun {
		for _, a := range gen.made {
			r.publish(ArtifactMade{Artifact: a})
		}
		r.finish(GenerateFinished{Artifacts: len(gen.made), DryRun: true})
		res.Primitives = plan.finalPrimitives()
		return res, nil
	}
	stored, err := encodeStoredReport(res.ReportInput)
	if err != nil {
		return fail(err)
	}
	// Journaled before the commit, the artifacts survive a process that
	// ends between the commit and their files (ResumePublications).
	if err := JournalPublication(st, res.Session.ID, plan.domains(), gen.all(), opts.OutputDir); err != nil {
		return fail(err)
	}
	if err := st.CommitSessionWith(ctx, res.Session, plan.changes, stored); err != nil {
		abandonPublication(st, res.Session.ID)
		return fail(err)
	}
	res.Committed = true
	res.Session.State = core.SessionCommitted
	res.Session.Changes = len(plan.changes)
	r.publish(Committed{Session: res.Session})
	// Artifacts are derived from the committed primitives: a failure to
	// write them is reported but does not undo the learning.
	if err := publishArtifacts(ctx, st, res.Session.ID, plan.domains(), gen.all(), opts.OutputDir, opts.now()); err != nil {
		res.Errors = append(res.Errors, err.Error())
	}
	for _, a := range gen.made {
		r.publish(ArtifactMade{Artifact: a, Dir: opts.OutputDir})
	}
	r.finish(GenerateFinished{Artifacts: len(gen.made), Changes: len(plan.changes)})
	res.Primitives = plan.finalPrimitives()
	return res, nil
}

// optimisticPlans is how many times a learn with a WriteTurn plans its
// changes outside the turn before it plans them within it: a library
// written to without pause would otherwise keep a large learn from ever
// committing.
const optimisticPlans = 3

// generationStore is a store that says when it changed (the Badger and
// PostgreSQL stores do): a version that every change of its primitives
// and conflicts moves.
type generationStore interface {
	Generation() (uint64, error)
}

// cloneCandidates copies cands with slices of their own, for a plan that
// consumes them while the candidates as extracted are kept.
func cloneCandidates(cands []core.Primitive) []core.Primitive {
	out := make([]core.Primitive, len(cands))
	for i, p := range cands {
		out[i] = p.Clone()
	}
	return out
}

// recordRejection stores the session of a learn the gate rejected, with a
// report of the decision, so that the rejection is on record (lore
// sessions, History) and a later learn of the source is told of it. A dry
// run records nothing. The store is opened for this only (OpenStore), after
// the person decided.
func recordRejection(ctx context.Context, st Store, res *LearnResult, opts LearnOptions) error {
	if opts.DryRun {
		return nil
	}
	switch {
	case st != nil:
	case opts.WriteTurn != nil:
		// OpenStore would lend it for reading only.
		ts, release, err := opts.WriteTurn(ctx)
		if err != nil {
			return fmt.Errorf("record the rejection: %w", err)
		}
		defer func() { _ = release() }()
		st = ts
	case opts.OpenStore != nil:
		var err error
		if st, err = opts.OpenStore(ctx); err != nil {
			return fmt.Errorf("record the rejection: %w", err)
		}
	default:
		return nil
	}
	// Nothing was counted: the run stopped before any candidate.
	res.Session.CompletedAt = res.Decision.DecidedAt.UTC()
	dec := res.Decision
	res.ReportInput = report.Input{
		SessionID: res.Session.ID, Source: res.Session.Source, User: opts.User, Agent: opts.Agent, StartedAt: res.Session.StartedAt,
		CompletedAt: res.Session.CompletedAt, Decision: &dec, Findings: res.Session.Findings,
		Errors: res.Errors, Notes: res.Notes, Options: reportOptions(opts),
	}
	stored, err := encodeStoredReport(res.ReportInput)
	if err != nil {
		return err
	}
	// The request's context may be the one that ended the decision (a
	// person quitting the reviewer is no rejection and never gets here);
	// a rejection is recorded even when the caller stops right after.
	if err := st.RecordRejection(context.WithoutCancel(ctx), res.Session, stored); err != nil {
		return fmt.Errorf("record the rejection: %w", err)
	}
	res.Session.State = core.SessionRejected
	return nil
}

// redactDocuments replaces the secrets in each document's text and says
// where they were.
func redactDocuments(docs []core.Document) []Redaction {
	var out []Redaction
	for i := range docs {
		text, spans := redact.Secrets(docs[i].Text)
		if len(spans) == 0 {
			continue
		}
		docs[i].Text = text
		name := docs[i].Name
		if name == "" {
			name = docs[i].Path
		}
		for _, sp := range spans {
			out = append(out, Redaction{Document: name, Span: sp})
		}
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "no domain"
	}
	return s
}

func countKind(arts []core.Artifact, k core.ArtifactKind) int {
	n := 0
	for _, a := range arts {
		if a.Kind == k {
			n++
		}
	}
	return n
}

// optionMap records the run's options on the session.
func optionMap(o LearnOptions) map[string]string {
	m := map[string]string{}
	if o.Domain != "" {
		m["domain"] = o.Domain
	}
	if o.Depth != "" {
		m["depth"] = string(o.Depth)
	}
	if len(o.Scope) > 0 {
		m["scope"] = strings.Join(o.Scope, ",")
	}
	if o.Tier != "" {
		m["tier"] = string(o.Tier)
	}
	for k, on := range map[string]bool{"approve": o.Policy.Approve, "trust": o.Policy.Trust, "forceCritical": o.Policy.ForceCritical, "dryRun": o.DryRun} {
		if on {
			m[k] = "true"
		}
	}
	return m
}

func reportOptions(o LearnOptions) report.Options {
	return report.Options{Domain: o.Domain, Depth: string(o.Depth), DryRun: o.DryRun, Scope: o.Scope,
		Tier: string(o.Tier), Approve: o.Policy.Approve, Trust: o.Policy.Trust, ForceCritical: o.Policy.ForceCritical}
}

// storedReport is the report input as stored with a session. The
// provenance chain is not duplicated: it lives in the session's changeset
// and LoadReport reads it back from there.
type storedReport struct {
	Version int          `json:"version"`
	Input   report.Input `json:"input"`
}

func encodeStoredReport(in report.Input) ([]byte, error) {
	in.Provenance = nil
	b, err := json.Marshal(storedReport{Version: 1, Input: in})
	if err != nil {
		return nil, fmt.Errorf("encode report of %s: %w", in.SessionID, err)
	}
	return b, nil
}

// LoadReport returns a stored session's report input, with its provenance
// chain read back from the changeset (resolutions included).
func LoadReport(st Store, sessionID string) (report.Input, error) {
	raw, ok, err := st.Report(sessionID)
	if err != nil {
		return report.Input{}, err
	}
	if !ok {
		if _, exists, err := st.Session(sessionID); err != nil {
			return report.Input{}, err
		} else if !exists {
			return report.Input{}, &UnknownSessionError{ID: sessionID}
		}
		return report.Input{}, fmt.Errorf("session %s has no stored report", sessionID)
	}
	var sr storedReport
	if err := json.Unmarshal(raw, &sr); err != nil {
		return report.Input{}, fmt.Errorf("report of session %s: %w", sessionID, err)
	}
	changes, err := st.Changes(sessionID)
	if err != nil {
		return report.Input{}, err
	}
	sr.Input.Provenance = provenanceOf(changes)
	return sr.Input, nil
}

// provenanceOf collects the provenance entries of a changeset, each once:
// the changes of one merge decision all carry the same entry, and only the
// first does so in the journal.
func provenanceOf(changes []core.Change) []core.ProvenanceEntry {
	var out []core.ProvenanceEntry
	for _, ch := range changes {
		if ch.Provenance != nil {
			out = append(out, *ch.Provenance)
		}
	}
	return out
}

// UnknownSessionError names a session id the store does not hold.
type UnknownSessionError struct{ ID string }

func (e *UnknownSessionError) Error() string {
	return fmt.Sprintf("unknown session %q (lore sessions lists them)", e.ID)
}

// Is lets callers match every unknown-id error with ErrUnknown.
func (e *UnknownSessionError) Is(target error) bool { return target == ErrUnknown }

// ErrUnknown is matched by errors naming an id the store does not hold.
var ErrUnknown = errors.New("unknown id")

// domainsOf lists the distinct domains of prims, sorted.
func domainsOf(prims map[string]*core.Primitive) []string {
	set := map[string]bool{}
	for _, p := range prims {
		set[p.Domain] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// docsPhrase names n documents: "the document", "its 3 documents".
func docsPhrase(n int) string {
	if n == 1 {
		return "the document"
	}
	return fmt.Sprintf("its %d documents", n)
}

// renamed is err with the path read written as the name shown, for a
// source read from a copy (see LearnOptions.SourceName): a team server's
// client hears of their document, not of the server's folders.
func renamed(err error, path, shown string) error {
	msg := err.Error()
	if path == shown || !strings.Contains(msg, path) {
		return err
	}
	return &renamedError{msg: strings.ReplaceAll(msg, path, shown), err: err}
}

// renamedError shows another message than the error it wraps, whose kind
// (an input error, a cancellation) still decides the exit code.
type renamedError struct {
	msg string
	err error
}

func (e *renamedError) Error() string { return e.msg }
func (e *renamedError) Unwrap() error { return e.err }
