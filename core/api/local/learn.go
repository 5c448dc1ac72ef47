package local

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"runtime/debug"
	"strings"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/acquire/fetch"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/exitcode"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/merge"
	"github.com/lore-kb/lore/core/redact"
)

// errRemotePath is the refusal of a path named by a client on the
// network. It does not repeat the path: the server says a path in its own
// folders in words ("a path in the server's data folder"), which would
// tell a client guessing paths where those folders are; the answer is the
// same for every path, existing or not.
const errRemotePath = "learn: a team server learns only uploads and web addresses, never a path a client names; upload the file instead (lore learn FILE sends it) or give a URL"

// Learn runs the engine's learn in the caller's workspace, recording the
// caller (and the agent acting for them), and sends its events as they
// come; every watcher of the workspace sees them too. A question the
// gate's laws leave to a person is put to the workspace's reviewers
// (Decide) and waits up to Options.ApprovalWait; the store's write turn
// is taken only once the source is read and approved, when its
// candidates are compared with what is stored, so nobody at the gate or
// on a slow network holds it. A run that fails ends with a failed event
// carrying the exit code the command line gives; the call itself fails
// only when it could not start or its caller went away (which cancels
// the run, leaving the store as it was).
func (s *Service) Learn(ctx context.Context, r *lorev1.LearnRequest, send func(*lorev1.LearnEvent) error) error {
	c, err := api.Check(ctx, "Learn")
	if err != nil {
		return err
	}
	// Listening before the run starts: a reviewer elsewhere may answer
	// its question.
	s.listen(c.Workspace)
	src, err := s.learnSource(ctx, c, r)
	if err != nil {
		return err
	}
	defer src.done()

	runCtx, withdraw := context.WithCancelCause(ctx)
	defer withdraw(nil)
	rn := &run{id: engine.NewSessionID(core.KindLearn, s.o.Now()), user: c.User, workspace: c.Workspace, now: s.o.Now,
		source: redact.URL(cmp.Or(src.shown, src.source)), allowed: api.Recheck(ctx), withdraw: withdraw}
	s.runs.add(rn)
	defer s.runs.remove(rn)
	watchers := s.runs.broker(c.Workspace)
	cancel := func() { withdraw(nil) }
	o := s.learnOptions(c.Workspace)
	o.SessionID = rn.id
	o.SourceName = src.name
	o.Tier = src.tier
	if c.Remote {
		// The fetch connects to the addresses checked, and to no
		// address of the server's network, however a redirect or a
		// second lookup would have it.
		o.Acquire.Web.Remote = true
		o.Acquire.Web.Resolved = src.resolved
	}
	if err := s.learnChoices(c, r, &o); err != nil {
		return err
	}
	if r.GetSourceName() != "" && o.SourceName == "" {
		o.SourceName = r.GetSourceName()
	}
	o.User, o.Agent = c.User, r.GetAgent()
	if o.Now == nil {
		o.Now = s.o.Now
	}
	if run, ok := src.agentRun(); ok {
		return s.learnAgentRun(ctx, c, rn, run, src, r.GetDryRun(), send)
	}
	if r.GetRunOnly() {
		err := src.notARun()
		ev := rn.event()
		ev.Event = &lorev1.LearnEvent_Failed{Failed: &lorev1.RunFailed{Message: err.Error(), Code: int32(exitcode.Of(err))}}
		return send(ev)
	}
	events := engine.NewBroker()
	o.Events = events
	asked := make(chan *lorev1.LearnEvent, 1)
	o.Approver = gate.ApproverFunc(func(ctx context.Context, req gate.Request) (gate.Answer, error) {
		asked <- rn.ask(req)
		a, err := rn.wait(ctx, s.o.ApprovalWait)
		if err == nil && a.Status != core.Rejected {
			// An approval acts for the run's user: one whose access
			// ended while the run waited learns nothing (the reviewer
			// may be on another server, which could not tell).
			if why := rn.allowed(ctx); why != nil {
				rn.withdraw(why)
				return gate.Answer{}, rn.withdrawn(why)
			}
		}
		return a, err
	})
	if r.GetUnattended() {
		// Nobody answers: the gate's policy alone decides.
		o.Approver = nil
	}
	o.Rejections = func(ctx context.Context, source string) ([]core.Session, error) {
		peek := s.o.Peek
		if peek == nil {
			peek = s.o.Open
		}
		st, release, err := peek(ctx, c.Workspace, false)
		if err != nil {
			return nil, err
		}
		defer func() { _ = release() }()
		return gate.Rejections(st, source)
	}
	// The store is lent for reading: the learn compares its candidates
	// with it outside the workspace's write turn, which it takes only to
	// commit (engine.LearnOptions.WriteTurn), so that another writer
	// waits for a large learn's commit, not for its comparison.
	var release func() error
	o.OpenStore = func(ctx context.Context) (engine.Store, error) {
		st, rel, err := s.o.Open(ctx, c.Workspace, false)
		if err != nil {
			return nil, fmt.Errorf("open the store of workspace %s: %w", c.Workspace, err)
		}
		release = rel
		return st, nil
	}
	o.WriteTurn = func(ctx context.Context) (engine.Store, func() error, error) {
		st, rel, err := s.o.Open(ctx, c.Workspace, true)
		if err != nil {
			return nil, nil, fmt.Errorf("open the store of workspace %s: %w", c.Workspace, err)
		}
		return st, rel, nil
	}

	// The subscription lasts as long as the run, whoever stops reading:
	// the watchers see a run to its end even when its caller left.
	sub := events.Subscribe(context.WithoutCancel(ctx))
	done := make(chan error, 1)
	var report *lorev1.LearnReport
	go func() {
		res, err := learnCaught(runCtx, src.source, o)
		if res != nil && (err == nil || res.Scan != nil) {
			report = LearnReport(res, err, o.OutputDir, c.Remote)
		}
		if release != nil {
			if rerr := release(); err == nil && rerr != nil {
				err = rerr
			}
			s.findStale(c.Workspace)
		}
		events.Close()
		done <- err
	}()

	var sendErr error
	emit := func(ev *lorev1.LearnEvent) {
		watchers.Publish(ev)
		s.publish(c.Workspace, ev)
		if sendErr != nil {
			return
		}
		if sendErr = send(ev); sendErr != nil {
			cancel()
		}
	}
	for e := range sub {
		if _, ok := e.(engine.ApprovalRequested); ok {
			// The approver has the question in full (why a person is
			// asked): its event goes out in the engine's event's place.
			select {
			case ev := <-asked:
				emit(ev)
			case <-runCtx.Done():
			}
			continue
		}
		if ev := rn.convert(e); ev != nil {
			emit(ev)
		}
	}
	err = <-done
	if p, ok := errors.AsType[*runPanic](err); ok {
		// On the caller's goroutine, where a team server's recover
		// interceptor (or the command line's) makes it an internal error.
		panic(p)
	}
	if report != nil && sendErr == nil {
		ev := rn.event()
		ev.Event = &lorev1.LearnEvent_Report{Report: report}
		if sendErr = send(ev); sendErr != nil {
			cancel()
		}
	}
	// A run ended because its user's access did (their stream's check,
	// or a reviewer's decision finding it ended) is withdrawn, and says
	// so to every watcher and to whoever asks to decide it.
	why := context.Cause(runCtx)
	if _, ok := errors.AsType[*connect.Error](why); !ok {
		why = nil
	}
	if err != nil && why != nil {
		werr := rn.withdrawn(why)
		s.runs.remember(rn.workspace, rn.id, werr.Error())
		ev := rn.event()
		ev.Event = &lorev1.LearnEvent_Failed{Failed: &lorev1.RunFailed{Message: werr.Error(), Code: int32(exitcode.Failure)}}
		emit(ev)
		return why
	}
	if err != nil {
		ev := rn.event()
		ev.Event = &lorev1.LearnEvent_Failed{Failed: &lorev1.RunFailed{Message: err.Error(), Code: int32(exitcode.Of(err))}}
		emit(ev)
	}
	if sendErr != nil {
		return sendErr
	}
	return asAPIError(ctx.Err())
}

// runPanic is a panic of a learn's run, caught on the goroutine it ran
// on with that goroutine's stack.
type runPanic struct {
	value any
	stack []byte
}

func (p *runPanic) Error() string {
	return fmt.Sprintf("%v\n(the learn's run panicked at:)\n%s", p.value, p.stack)
}

// learnCaught runs the engine's learn, a panic of which (a bug in lore)
// comes back as a *runPanic: it runs on a goroutine of its own, out of
// reach of any recover of the call's, and would otherwise end the whole
// process, a team server and every call it serves.
func learnCaught(ctx context.Context, source string, o engine.LearnOptions) (res *engine.LearnResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, &runPanic{value: p, stack: debug.Stack()}
		}
	}()
	return engine.Learn(ctx, nil, source, o)
}

// learnChoices sets on o what the request chooses of the run: its dry
// run, domain, depth, scope and gate policy, and (for a caller on this
// machine only) the output folder and the person's own approvals.
func (s *Service) learnChoices(c api.Caller, r *lorev1.LearnRequest, o *engine.LearnOptions) error {
	if c.Remote {
		switch {
		case r.GetTrust() || r.GetForceCritical():
			return api.Errorf(connect.CodeInvalidArgument, "learn: on a team server a STRANGER source or a critical finding waits for a reviewer (lore decide RUN approve, from another terminal); no flag approves it")
		case r.GetOutputDir() != "":
			return api.Errorf(connect.CodeInvalidArgument, "learn: a team server writes skills in its own folders; an output folder is not the client's to choose")
		}
	}
	if d := r.GetDomain(); d != "" {
		if err := core.ValidateID(d); err != nil {
			return api.Errorf(connect.CodeInvalidArgument, "learn: --domain: %v", err)
		}
		o.Domain = d
	}
	if r.GetDepth() != "" {
		depth, err := core.ParseDepth(r.GetDepth())
		if err != nil {
			return api.Errorf(connect.CodeInvalidArgument, "learn: %v", err)
		}
		o.Depth = depth
	}
	if dir := r.GetOutputDir(); dir != "" {
		o.OutputDir = dir
	}
	o.Scope, o.DryRun = r.GetScope(), r.GetDryRun()
	o.Acquire.AllFiles = r.GetAllFiles()
	// --approve covers a HOME source's warnings, recorded under the
	// curator; whatever else the gate needs is asked of a person.
	o.Policy = gate.Policy{Approve: r.GetApprove(), Trust: r.GetTrust(), ForceCritical: r.GetForceCritical(), Person: c.User}
	return nil
}

// learnSource is what a learn reads, and done, called when the learn
// ends, removes what only it needed.
type learnSource struct {
	source, name string
	tier         core.Familiarity
	// resolved are the addresses of a client's URL's host, as checked
	// (see fetchable).
	resolved []netip.Addr
	done     func()
	// url: the source is a web address; shown is how the caller names
	// the source (its source_name, else the upload's name or the path).
	url   bool
	shown string
}

// learnSource checks a learn's request: exactly one source, a path
// only from a caller on this machine, a URL a team server may fetch.
func (s *Service) learnSource(ctx context.Context, c api.Caller, r *lorev1.LearnRequest) (learnSource, error) {
	out := learnSource{done: func() {}}
	n := 0
	for _, v := range []string{r.GetUploadId(), r.GetUrl(), r.GetPath()} {
		if v != "" {
			n++
		}
	}
	if n != 1 {
		return out, api.Errorf(connect.CodeInvalidArgument, "learn: name one source: an upload, a URL or (on this machine) a path; %d given", n)
	}
	switch strings.ToLower(r.GetTier()) {
	case "":
	case "home":
		out.tier = core.Home
	case "stranger":
		out.tier = core.Stranger
	default:
		return out, api.Errorf(connect.CodeInvalidArgument, "learn: tier %q is not one of home, stranger", r.GetTier())
	}
	switch {
	case r.GetPath() != "":
		if c.Remote {
			return out, api.Errorf(connect.CodeInvalidArgument, "%s", errRemotePath)
		}
		out.source = acquire.LocalAbs(r.GetPath())
		out.shown = cmp.Or(r.GetSourceName(), r.GetPath())
	case r.GetUrl() != "":
		out.url = true
		if c.Remote {
			addrs, err := fetchable(ctx, r.GetUrl(), s.o.Learn.Acquire.Web.Resolver)
			if err != nil {
				return out, err
			}
			out.resolved = addrs
		}
		out.source = r.GetUrl()
	default:
		up, err := s.uploads.take(c, r.GetUploadId())
		if err != nil {
			return out, err
		}
		// The curator vouches for their own file, as on their own
		// machine, unless they ask for more caution.
		if out.tier == "" {
			out.tier = core.Home
		}
		out.source, out.name = up.path, up.name
		out.shown = cmp.Or(r.GetSourceName(), up.name)
		out.done = func() { s.uploads.remove(up) }
	}
	return out, nil
}

// fetchable refuses a URL a team server must not fetch for a client on
// the network: another scheme than http or https (a file:// or ssh URL
// would read the server's own files or use its keys), or a host that is,
// or resolves to, an address of the server's own network (loopback,
// private, link-local — the cloud metadata service —, unspecified, or an
// IPv6 form carrying one of these), which the fetch guard allows when the
// person running lore names it. The host is resolved here once: the
// addresses returned are those checked, and the only ones the fetch may
// connect to (a second lookup could answer otherwise: DNS rebinding). The
// refusals say what was refused and why, never the address a name
// resolved to nor the server's resolver: the server's network is not the
// client's to map.
func fetchable(ctx context.Context, raw string, r fetch.Resolver) ([]netip.Addr, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return nil, api.Errorf(connect.CodeInvalidArgument, "learn %s: a team server fetches http and https URLs only", redact.URL(raw))
	}
	shown, host := redact.URL(raw), u.Hostname()
	if a, err := netip.ParseAddr(host); err == nil {
		if c := fetch.LocalNetwork(a); c != "" {
			return nil, api.Errorf(connect.CodeInvalidArgument, "learn %s: %s is %s, an address of the server's own network, which a team server does not fetch for a client", shown, host, fetch.WithArticle(c))
		}
		return []netip.Addr{a}, nil
	}
	if r == nil {
		r = net.DefaultResolver
	}
	addrs, err := r.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil, api.Errorf(connect.CodeInvalidArgument, "learn %s: the server cannot resolve %s: %s", shown, host, fetch.LookupFailure(err))
	}
	for _, a := range addrs {
		if c := fetch.LocalNetwork(a); c != "" {
			return nil, api.Errorf(connect.CodeInvalidArgument, "learn %s: %s resolves to %s, an address of the server's own network, which a team server does not fetch for a client", shown, host, fetch.WithArticle(c))
		}
	}
	return addrs, nil
}

// convert is an engine's event as the run's event; nil for those the API
// does not carry.
func (r *run) convert(e engine.Event) *lorev1.LearnEvent {
	ev := r.event()
	switch e := e.(type) {
	case engine.StageStarted:
		ev.Event = &lorev1.LearnEvent_Stage{Stage: &lorev1.StageEvent{Stage: string(e.Stage), State: "started"}}
	case engine.StageProgress:
		ev.Event = &lorev1.LearnEvent_Stage{Stage: &lorev1.StageEvent{Stage: string(e.Stage), State: "progress",
			Done: int32(e.Done), Total: int32(e.Total), Detail: e.Detail}}
	case engine.StageFinished:
		st := &lorev1.StageEvent{Stage: string(e.Stage), State: string(e.Status), ElapsedMs: e.Elapsed.Milliseconds()}
		if r, ok := e.Result.(engine.SanitizeFinished); ok && r.Critical > 0 {
			st.Critical = true
		}
		// The line a progress display prints for the stage, the same
		// wherever the run is followed.
		st.Detail = e.Summary()
		ev.Event = &lorev1.LearnEvent_Stage{Stage: st}
	case engine.FindingFound:
		ev.Event = &lorev1.LearnEvent_Finding{Finding: finding(&e.Finding)}
	case engine.Decided:
		d := e.Decision
		ev.Event = &lorev1.LearnEvent_Decided{Decided: &lorev1.Decision{Status: string(d.Status), Rationale: d.Rationale,
			DecidedBy: string(d.DecidedBy), User: d.Person}}
	case engine.ConflictFound:
		ev.Event = &lorev1.LearnEvent_Conflict{Conflict: Conflict(&e.Conflict)}
	case engine.Committed:
		ev.Event = &lorev1.LearnEvent_Committed{Committed: &lorev1.Committed{Session: Session(&e.Session)}}
	default:
		return nil
	}
	return ev
}

// Decide answers the question a run of the caller's workspace waits on at
// the gate, under the caller's name. Approving acknowledges each critical
// finding the question showed, and the decision's rationale says so.
func (s *Service) Decide(ctx context.Context, r *lorev1.DecideRequest) (*lorev1.DecideResponse, error) {
	c, err := api.Check(ctx, "Decide")
	if err != nil {
		return nil, err
	}
	var status core.ApprovalStatus
	switch r.GetStatus() {
	case "approved", "approve", string(core.ApprovedWithWarnings):
		status = core.Approved
	case "rejected", "reject":
		status = core.Rejected
	default:
		return nil, api.Errorf(connect.CodeInvalidArgument, "decide %s: status %q is not approved or rejected", r.GetRunId(), r.GetStatus())
	}
	s.listen(c.Workspace)
	rn, ok := s.runs.get(c.Workspace, r.GetRunId())
	if !ok {
		if why, ok := s.runs.recalled(c.Workspace, r.GetRunId()); ok {
			return nil, api.Errorf(connect.CodeFailedPrecondition, "%s; there is nothing to decide", why)
		}
		if err := s.decideElsewhere(c, r.GetRunId(), status, r.GetRationale()); err != nil {
			return nil, err
		}
		return &lorev1.DecideResponse{}, nil
	}
	if status != core.Rejected {
		// Approving acts for the run's user: if their access ended
		// while the run waited, the run is withdrawn instead.
		if why := rn.allowed(ctx); why != nil {
			rn.withdraw(why)
			return nil, api.Errorf(connect.CodeFailedPrecondition, "%v; there is nothing to decide", rn.withdrawn(why))
		}
	}
	if err := rn.decide(c, status, r.GetRationale()); err != nil {
		return nil, err
	}
	return &lorev1.DecideResponse{}, nil
}

// Watch sends the events of every run in the caller's workspace as they
// happen, beginning with the questions waiting at the gate, until ctx
// ends.
func (s *Service) Watch(ctx context.Context, _ *lorev1.WatchRequest, send func(*lorev1.LearnEvent) error) error {
	c, err := api.Check(ctx, "Watch")
	if err != nil {
		return err
	}
	s.listen(c.Workspace)
	sub := s.runs.broker(c.Workspace).Subscribe(ctx)
	for _, ev := range s.Waiting(c.Workspace) {
		if err := send(ev); err != nil {
			return err
		}
	}
	for ev := range sub {
		if err := send(ev); err != nil {
			return err
		}
	}
	return nil
}

// Unlearn takes a session back, with the write turn, recording the
// caller; with dry_run it previews the unlearn on a read, changing
// nothing.
func (s *Service) Unlearn(ctx context.Context, r *lorev1.UnlearnRequest) (*lorev1.UnlearnResponse, error) {
	var out *lorev1.UnlearnResponse
	err := s.use(ctx, "Unlearn", !r.GetDryRun(), func(c api.Caller, st Store) error {
		opts := engine.UnlearnOptions{Force: r.GetForce(), Domains: s.o.Learn.Domains, Generate: s.o.Learn.Generate,
			OutputDir: s.learnOptions(c.Workspace).OutputDir, Now: s.o.Now, User: c.User}
		if r.GetDryRun() {
			pv, err := engine.PreviewUnlearn(st, r.GetSessionId(), opts)
			if err != nil {
				return err
			}
			out = unlearnPreview(pv)
			return nil
		}
		res, err := engine.Unlearn(ctx, st, r.GetSessionId(), opts)
		if err != nil {
			return err
		}
		out = &lorev1.UnlearnResponse{SessionId: res.Session.ID, Reverted: res.Target.ID, Forced: res.Forced, Removed: res.Removed,
			Restored: res.Restored, Readded: res.Readded, Errors: res.Errors, Summary: res.Summary,
			Integrity: integrity(res.Integrity), RetiredConflicts: res.RetiredConflicts,
			Regenerated: artifacts(res.Artifacts), Retired: artifacts(res.Retired)}
		return nil
	})
	return out, asAPIError(err)
}

// unlearnPreview is the engine's preview as the API gives it.
func unlearnPreview(pv *engine.UnlearnPreview) *lorev1.UnlearnResponse {
	out := &lorev1.UnlearnResponse{DryRun: true, Reverted: pv.Target.ID, Forced: pv.Forced, Removed: pv.Removed,
		Restored: pv.Restored, Readded: pv.Readded, Names: pv.Names, Integrity: integrity(pv.Integrity),
		DroppedConflicts: pv.DroppedConflicts, ReopenedConflicts: pv.ReopenedConflicts, RetiredConflicts: pv.RetiredConflicts,
		Regenerated: artifacts(pv.Regenerated), Retired: artifacts(pv.Retired)}
	out.Summary = fmt.Sprintf("unlearning %s would remove %d primitive(s), restore %d and re-add %d; %d skill(s) and agent(s) regenerated, %d retired",
		pv.Target.ID, len(pv.Removed), len(pv.Restored), len(pv.Readded), len(pv.Regenerated), len(pv.Retired))
	if pv.Forced {
		// An integrity problem is a dependent's edge cut, or a later
		// change (a curator's edit) the unlearn overrides: said apart.
		cut := 0
		for _, e := range pv.Integrity {
			if e.DependencyTarget != "" {
				cut++
			}
		}
		if cut > 0 {
			out.Summary += fmt.Sprintf("; %d dependent edge(s) cut", cut)
		}
		if n := len(pv.Integrity) - cut; n > 0 {
			out.Summary += fmt.Sprintf("; %d later change(s) overridden", n)
		}
	}
	return out
}

func integrity(problems []merge.IntegrityError) []*lorev1.IntegrityProblem {
	var out []*lorev1.IntegrityProblem
	for _, e := range problems {
		out = append(out, &lorev1.IntegrityProblem{PrimitiveId: e.PrimitiveID, DependencyTarget: e.DependencyTarget, Message: e.Message})
	}
	return out
}

func artifacts(arts []core.Artifact) []*lorev1.Artifact {
	var out []*lorev1.Artifact
	for _, a := range arts {
		out = append(out, &lorev1.Artifact{Kind: string(a.Kind), Name: a.Name, Domain: a.Domain})
	}
	return out
}

// Resolve decides a pending conflict, with the write turn, recording the
// caller; the resolution joins the session that raised the conflict.
func (s *Service) Resolve(ctx context.Context, r *lorev1.ResolveRequest) (*lorev1.ResolveResponse, error) {
	var out *lorev1.ResolveResponse
	err := s.use(ctx, "Resolve", true, func(c api.Caller, st Store) error {
		res, err := engine.ResolveConflict(ctx, st, r.GetConflictId(), core.Resolution(r.GetChoice()), engine.ResolveOptions{
			Domains: s.o.Learn.Domains, Generate: s.o.Learn.Generate, OutputDir: s.learnOptions(c.Workspace).OutputDir, Now: s.o.Now, User: c.User})
		if err != nil {
			return err
		}
		out = &lorev1.ResolveResponse{SessionId: res.Conflict.Session, ConflictId: res.Conflict.ID, Resolution: string(res.Conflict.Resolution),
			Outcome: string(res.Outcome), Errors: res.Errors}
		return nil
	})
	return out, asAPIError(err)
}
