package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/exitcode"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/tui/prompt"
	"github.com/lore-kb/lore/tui/styles"
)

// learnCall is one lore learn through the API: the source as given and
// where it is read (a copy, for standard input), the request, and how the
// run is shown.
type learnCall struct {
	given, path string
	req         *lorev1.LearnRequest
	asJSON      bool
	// ask: a person here answers the gate's questions (the terminal
	// prompt), who is then asked instead of a reviewer elsewhere.
	ask bool
}

// learnThroughAPI runs a learn through the API, wherever the library is:
// on this machine's store the service reads the source where it is (a
// path, a URL); a team server is sent the file (never its path) or given
// the URL to fetch under its own guard. The run's stages are shown on a
// terminal as they end, a question at the gate is put to the person here
// or said to be waiting for a reviewer, and the run's report is printed
// last: the same report, and the same exit code, on every backend.
func (a *app) learnThroughAPI(ctx context.Context, lc learnCall) error {
	ctx, svc, err := a.service(ctx)
	if err != nil {
		return err
	}
	req := lc.req
	switch {
	case strings.Contains(lc.given, "://"):
		req.Url = lc.given
	case !remote():
		req.Path = acquire.LocalAbs(lc.path)
		if lc.given == "-" {
			req.SourceName = "standard input"
		} else if isRun(ctx, lc.path) {
			// A run is recorded by where it lies, home as ~, as lore watch
			// records it: the same file keeps one name however it was
			// given.
			home, _ := os.UserHomeDir()
			req.SourceName = trajectory.StorePath(req.Path, home)
		}
	default:
		id, err := a.upload(ctx, svc, lc)
		if err != nil {
			return err
		}
		req.UploadId = id
	}
	var (
		report *lorev1.LearnReport
		run    *lorev1.LearnEvent
		failed *lorev1.RunFailed
	)
	var progress *progressPrinter
	if !lc.asJSON && a.StderrTerminal() {
		progress = newProgress(a.Stderr, a.Styles())
		defer progress.end()
	}
	err = svc.Learn(ctx, req, func(ev *lorev1.LearnEvent) error {
		switch {
		case ev.GetReport() != nil:
			report = ev.GetReport()
		case ev.GetRun() != nil:
			run = ev
		case ev.GetFailed() != nil:
			failed = ev.GetFailed()
		case ev.GetApprovalRequested() != nil:
			progress.end()
			if lc.ask {
				return a.answerGate(ctx, svc, ev)
			}
			a.printWaiting(ev)
		case ev.GetDecided() != nil && ev.GetDecided().GetDecidedBy() != string(core.ByAuto) && !lc.ask && !lc.asJSON:
			// A decision someone else made, which the run waited for.
			d := ev.GetDecided()
			by := d.GetDecidedBy()
			if d.GetUser() != "" {
				by = d.GetUser() + " (" + by + ")"
			}
			fmt.Fprintf(cmdutil.StyledWriter(a.Stderr), "gate: %s by %s\n", d.GetStatus(), by)
		default:
			progress.show(ev)
		}
		return nil
	})
	progress.end()
	if err != nil {
		return err
	}
	switch {
	case run != nil && lc.asJSON:
		if err := a.WriteMessage(run.GetRun()); err != nil {
			return err
		}
	case run != nil:
		var res trajectory.Result
		b, err := run.GetRun().MarshalJSON()
		if err == nil {
			err = json.Unmarshal(b, &res)
		}
		if err != nil {
			return fmt.Errorf("learn %s: the run's result: %w", lc.given, err)
		}
		a.renderRun(a.Stdout, &res)
	case report != nil && lc.asJSON:
		if err := a.WriteMessage(report); err != nil {
			return err
		}
	case report != nil && failed == nil:
		renderLearn(a.Stdout, a.Styles(), report)
	}
	if failed != nil {
		if report != nil && !lc.asJSON && failed.GetCode() == exitcode.Rejected {
			// What the run could not read is said before the gate's
			// refusal, printed last, as its JSON says both; a run that
			// found nothing to learn names what it skipped in its error.
			for _, e := range report.GetErrors() {
				if e != failed.GetMessage() && e != engine.RejectedAtGate {
					fmt.Fprintln(a.Stderr, "lore: "+e)
				}
			}
			for _, n := range report.GetNotes() {
				fmt.Fprintln(a.Stderr, "lore: note: "+n)
			}
		}
		return &remoteRunError{msg: failed.GetMessage(), code: int(failed.GetCode())}
	}
	return nil
}

// upload sends the file (or standard input's copy) to the team server,
// which learns only what it is sent; it returns the upload's id.
func (a *app) upload(ctx context.Context, svc api.Service, lc learnCall) (string, error) {
	name := filepath.Base(lc.given)
	shown := lc.given
	if lc.given == "-" {
		name, shown = "stdin.md", "standard input"
		if ext := filepath.Ext(lc.path); ext != "" {
			name = "stdin" + ext
		}
	}
	if lc.given != "-" {
		// Refused as a learn on this machine refuses it.
		if err := acquire.Check(lc.path); err != nil {
			return "", err
		}
	}
	f, err := os.Open(lc.path)
	if err != nil {
		why := err.Error()
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			why = pe.Err.Error()
		}
		return "", &core.InputError{Input: shown, Msg: "cannot be opened: " + why, Err: err, Usage: true}
	}
	defer f.Close()
	// Nothing to send is the caller's mistake, said here as a learn on
	// this machine says it rather than by the server after the upload.
	peek := bufio.NewReader(f)
	if _, err := peek.Peek(1); errors.Is(err, io.EOF) {
		return "", &core.InputError{Input: shown, Msg: "empty; nothing to learn", Usage: true}
	}
	up, err := svc.Upload(ctx, &lorev1.UploadHeader{Name: name}, peek)
	if err != nil {
		return "", fmt.Errorf("send %s: %w", name, err)
	}
	if !lc.asJSON {
		fmt.Fprintf(a.Stderr, "lore: sent %s (%d bytes, sha256 %s)\n", name, up.GetSize(), up.GetSha256()[:12])
	}
	return up.GetUploadId(), nil
}

// answerGate puts the gate's question to the person at this terminal and
// gives their answer to the run.
func (a *app) answerGate(ctx context.Context, svc api.Service, ev *lorev1.LearnEvent) error {
	q := ev.GetApprovalRequested()
	req := gate.Request{Report: core.HygieneReport{Source: q.GetSource(), Tier: core.Familiarity(q.GetTrust()), Findings: api.FindingsOf(q.GetFindings())},
		Why: q.GetNeeds()}
	for i, f := range req.Report.Findings {
		if f.Severity == core.Critical {
			req.Critical = append(req.Critical, i)
		}
	}
	ans, err := prompt.Approver{In: a.Stdin, Out: a.Stdout, Styles: a.Styles()}.Approve(ctx, req)
	if err != nil {
		return err
	}
	_, err = svc.Decide(ctx, &lorev1.DecideRequest{RunId: ev.GetRunId(), Status: string(ans.Status), Rationale: ans.Rationale})
	return err
}

// printWaiting says that the run waits for a reviewer, and how one
// decides.
func (a *app) printWaiting(ev *lorev1.LearnEvent) {
	st := a.Styles()
	w := cmdutil.StyledWriter(a.Stderr)
	q := ev.GetApprovalRequested()
	fmt.Fprintf(w, "%s %s source %s, %d finding(s): %s\n", st.Bad.Render("waiting for a reviewer:"), q.GetTrust(), q.GetSource(),
		len(q.GetFindings()), q.GetNeeds())
	for _, f := range q.GetFindings() {
		fmt.Fprintf(w, "  %-8s %s %s\n", f.GetSeverity(), f.GetMessage(), st.Faint.Render(f.GetLocation()))
	}
	fmt.Fprintf(w, "  a reviewer decides with: lore decide %s approve|reject\n", ev.GetRunId())
}

// progressPrinter prints a line per finished stage of a run on a
// terminal, and the stage in progress as a bar redrawn in place. A nil
// printer prints nothing.
type progressPrinter struct {
	w  io.Writer
	st styles.Styles
	// live: a progress line is on screen, to be overwritten.
	live bool
}

func newProgress(w io.Writer, st styles.Styles) *progressPrinter {
	return &progressPrinter{w: cmdutil.StyledWriter(w), st: st}
}

// show prints what ev says of the run's stages.
func (p *progressPrinter) show(ev *lorev1.LearnEvent) {
	s := ev.GetStage()
	if p == nil || s == nil {
		return
	}
	st := p.st
	switch s.GetState() {
	case "started":
	case "progress":
		if s.GetTotal() > 0 {
			// A bar of 20 cells and the detail cut to 34 keep the line
			// within 80 columns, so \r can redraw it.
			full := int(20 * min(s.GetDone(), s.GetTotal()) / s.GetTotal())
			bar := st.Bar.Full.Render(strings.Repeat("█", full)) + st.Bar.Empty.Render(strings.Repeat("░", 20-full))
			fmt.Fprintf(p.w, "\r\x1b[2K  %-9s %s %d/%d  %s", s.GetStage(), bar, s.GetDone(), s.GetTotal(), st.Faint.Render(ansi.Truncate(s.GetDetail(), 34, "…")))
			p.live = true
		}
	default:
		p.end()
		mark := st.Good.Render("✓")
		switch {
		case s.GetState() == "failed":
			mark = st.Bad.Render("✗")
		case s.GetState() == "skipped":
			mark = st.Faint.Render("·")
		case s.GetCritical():
			// A scan that found something critical did its job, but a ✓
			// beside it would read as "all is well".
			mark = st.Bad.Render("!")
		}
		took := (time.Duration(s.GetElapsedMs()) * time.Millisecond).String()
		fmt.Fprintf(p.w, "%s %-9s %s %s\n", mark, s.GetStage(), s.GetDetail(), st.Faint.Render(took))
	}
}

// end erases a progress line left on screen: an interrupted stage may end
// without its last event, and its bar must not stay under what follows.
func (p *progressPrinter) end() {
	if p != nil && p.live {
		fmt.Fprint(p.w, "\r\x1b[2K")
		p.live = false
	}
}

// writeFigures writes a run's source line and its counts.
func writeFigures(b *strings.Builder, st styles.Styles, r *lorev1.LearnReport) {
	label := st.Label.Render
	if r.GetContentType() != "" {
		fmt.Fprintf(b, "%s %s · %s · %s\n", label("source   "), r.GetContentType(), orNone(r.GetDomain()), r.GetPlane())
	}
	c := r.GetCounts()
	what := "learned  "
	if r.GetDryRun() {
		// Nothing was learned: the figures are what a learn would do.
		what = "would learn"
	}
	fmt.Fprintf(b, "%s added %d · updated %d · skipped %d · conflicts %d · edges %d\n",
		label(what), c["added"], c["updated"], c["skipped"], c["conflicts"], r.GetEdgesAdded())
}

// draftNote says, under the skills a learn made, that they are drafts:
// lore skills search and agents find a skill only once a person promotes
// it. "" when the learn made no skill or stored nothing.
func draftNote(st styles.Styles, r *lorev1.LearnReport) string {
	if r.GetDryRun() || len(r.GetSkills()) == 0 {
		return ""
	}
	return st.Faint.Render("          skills start as drafts: lore skills review NAME promote makes one findable by lore skills search and agents") + "\n"
}

// dryConflictsShown is how many of a dry run's would-be conflicts its
// text output names, one a line.
const dryConflictsShown = 10

// renderLearn prints a learn's report for a person.
func renderLearn(w io.Writer, st styles.Styles, r *lorev1.LearnReport) {
	var b strings.Builder
	label := st.Label.Render
	if r.GetSessionId() != "" {
		fmt.Fprintf(&b, "%s %s", label("session  "), r.GetSessionId())
		if r.GetDryRun() {
			b.WriteString(st.Faint.Render("  (dry run: nothing stored, nothing written)"))
		}
		b.WriteString("\n")
	}
	if r.GetRejectedBefore() != "" {
		fmt.Fprintf(&b, "%s %s\n", st.Severity.Warning.Render("gate     "), r.GetRejectedBefore())
	}
	writeFigures(&b, st, r)
	for _, art := range r.GetGenerated() {
		where := art.GetLocation()
		if r.GetDryRun() {
			where = "(not written)"
		}
		fmt.Fprintf(&b, "%s %s %s (%d primitives) %s\n", label("generated"), art.GetKind(), art.GetName(), art.GetPrimitives(), st.Faint.Render(where))
	}
	b.WriteString(draftNote(st, r))
	for _, line := range r.GetNotGenerated() {
		fmt.Fprintf(&b, "%s %s\n", label("generated"), line)
	}
	would := r.GetWouldConflict()
	switch n := len(would); {
	case n > 0:
		// Nothing was stored, so nothing waits: say what a learn would
		// hold for a person, not that it is pending.
		fmt.Fprintf(&b, "%s %d candidate%s would conflict with what is stored %s\n", label("conflicts"), n, cmdutil.Plural(n),
			st.Faint.Render("(dry run: none recorded; lore conflicts lists only stored ones)"))
		for _, c := range would[:min(n, dryConflictsShown)] {
			fmt.Fprintf(&b, "%s %s %s %s\n", label("         "), c.GetCandidate(), st.Faint.Render("would conflict with stored"), c.GetExistingId())
		}
		if n > dryConflictsShown {
			fmt.Fprintf(&b, "%s %s\n", label("         "), st.Faint.Render(fmt.Sprintf("… and %d more", n-dryConflictsShown)))
		}
	case len(r.GetConflicts()) > 0:
		fmt.Fprintf(&b, "%s %d pending — review with: lore conflicts\n", label("conflicts"), len(r.GetConflicts()))
	}
	if n := len(r.GetReapplied()); n > 0 {
		fmt.Fprintf(&b, "%s %d curator decision(s) applied again\n", label("curated  "), n)
	}
	for _, rv := range r.GetRevisit() {
		fmt.Fprintf(&b, "%s %s\n", st.Severity.Warning.Render("revisit  "), rv.GetText())
	}
	if len(r.GetRevisit()) > 0 {
		fmt.Fprintf(&b, "%s decide again with lore edit, reject, … (or lore dismiss ID to leave one as it is), or in the terminal app's Review\n",
			st.Faint.Render("         "))
	}
	for _, e := range r.GetErrors() {
		fmt.Fprintf(&b, "%s %s\n", st.Bad.Render("error    "), e)
	}
	for _, n := range r.GetNotes() {
		fmt.Fprintf(&b, "%s %s\n", label("note     "), n)
	}
	if !r.GetDryRun() && r.GetSessionId() != "" {
		fmt.Fprintf(&b, "%s lore report %s · lore unlearn %s\n", st.Faint.Render("next     "), r.GetSessionId(), r.GetSessionId())
	}
	fmt.Fprint(cmdutil.StyledWriter(w), b.String())
}

func orNone(s string) string {
	if s == "" {
		return "no domain"
	}
	return s
}
