// Package gate is the human-approval stage between the sanitizer and the
// analyzer. It applies the three laws:
//
//  1. a HOME source with no finding at all is approved automatically;
//  2. a HOME source with findings is reviewed: a person decides, or a
//     headless policy flag does (--approve for warnings, --force-critical
//     for critical findings);
//  3. a STRANGER source always needs an explicit approval, even when clean:
//     a person, or --trust headless.
//
// Critical findings are never approved implicitly: a person must
// acknowledge each of them, or the caller must pass --force-critical.
package gate

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"os/user"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/redact"
)

// Tier is the tier a source is gated at, the one rule every caller uses:
// the more cautious of the tier the caller asks for and what the source's
// documents are. A document that came from outside (a web page, a remote
// repository, an archive fetched from one) is STRANGER, and so is one whose
// origin is not known; then the source is STRANGER whatever was asked, so
// --tier can raise caution but never lower it below what the source is.
// An unknown requested tier counts as STRANGER. A source without documents
// is what was asked (HOME by default).
func Tier(requested core.Familiarity, docs []core.Document) core.Familiarity {
	if requested != "" && requested != core.Home {
		return core.Stranger
	}
	for i := range docs {
		if docs[i].Familiarity != core.Home {
			return core.Stranger
		}
	}
	return core.Home
}

// AutoApproves reports whether the first law approves a report on its
// own: a HOME source whose findings, if any, are all secrets (they
// endanger their owner, not lore, and learning redacts them).
func AutoApproves(r core.HygieneReport) bool {
	return r.Tier == core.Home && countCategory(r.Findings, core.Secret) == len(r.Findings)
}

// Needs says what the gate will need to pass a report, in one line:
// nothing for a HOME source without findings (or with only secrets, which
// learning redacts), else who must decide and the flag that decides
// headless.
func Needs(r core.HygieneReport) string {
	n, crit := len(r.Findings), r.Count(core.Critical)
	switch {
	case AutoApproves(r) && n == 0:
		return "HOME source with no findings: the gate approves it automatically"
	case AutoApproves(r):
		return fmt.Sprintf("HOME source whose only finding%s %s %d secret%s, redacted before learning: the gate approves it automatically", plural(n), isAre(n), n, plural(n))
	case crit > 0 && r.Tier == core.Stranger:
		return fmt.Sprintf("a person must acknowledge the %d critical finding%s and vouch for this STRANGER source (headless: --force-critical and --trust)", crit, plural(crit))
	case crit > 0:
		return fmt.Sprintf("a person must acknowledge the %d critical finding%s (headless: --force-critical)", crit, plural(crit))
	case r.Tier == core.Stranger && n == 0:
		return "no findings, but a person must vouch for this STRANGER source (headless: --trust)"
	case r.Tier == core.Stranger:
		return fmt.Sprintf("a person must vouch for this STRANGER source and its %d finding%s (headless: --trust)", n, plural(n))
	}
	return fmt.Sprintf("a person must approve this HOME source's %d finding%s (headless: --approve)", n, plural(n))
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// Request is what the gate asks an approver to decide.
type Request struct {
	Report core.HygieneReport
	// Why says why a person is asked (which law applies).
	Why string
	// Choices are the answers the approver may give.
	Choices []core.ApprovalStatus
	// Critical lists the indexes of the critical findings, each of which
	// must be acknowledged for an approval.
	Critical []int
	// Texts holds, by Finding.File, the text each finding's Offset points
	// into, so an approver can show the evidence in its context. It may be
	// nil or miss a file.
	Texts map[string]string
}

// Answer is an approver's reply.
type Answer struct {
	Status    core.ApprovalStatus
	Rationale string
	// Acknowledged lists the indexes of findings acknowledged one by one.
	Acknowledged []int
	// Person is who decided, when not the person running lore: a
	// reviewer of a team server answering from their own terminal.
	Person string
}

// Approver asks a person to decide. The terminal application implements it
// with the findings reviewer; tests use a scripted one.
type Approver interface {
	Approve(ctx context.Context, req Request) (Answer, error)
}

// ApproverFunc adapts a function to Approver.
type ApproverFunc func(ctx context.Context, req Request) (Answer, error)

// Approve calls f.
func (f ApproverFunc) Approve(ctx context.Context, req Request) (Answer, error) { return f(ctx, req) }

// Policy holds the headless decisions given on the command line.
type Policy struct {
	// Approve approves a HOME source whose findings are warnings or info
	// (--approve).
	Approve bool
	// Trust explicitly approves a STRANGER source (--trust).
	Trust bool
	// ForceCritical approves critical findings (--force-critical).
	ForceCritical bool
	// Person is who gave the flags, when not the person running lore:
	// the user of a team server whose call carried them.
	Person string
}

// ApprovalRequiredError is returned when a decision needs a person or a
// flag and neither was given; the command line exits with code 3.
type ApprovalRequiredError struct {
	Source string
	// Flag is the flag that would have allowed the source through.
	Flag   string
	Reason string
	// Earlier, when set, says the source was rejected before
	// (RejectedBefore).
	Earlier string
}

func (e *ApprovalRequiredError) Error() string {
	msg := fmt.Sprintf("%s: approval required (%s); review it in the terminal app or pass %s", e.Source, e.Reason, e.Flag)
	if e.Earlier != "" {
		msg += "; " + e.Earlier
	}
	return msg
}

// SessionLister is a store whose sessions can be listed.
type SessionLister interface {
	Sessions() ([]core.Session, error)
}

// RejectionLister is implemented by stores that can list the sessions
// rejecting one source without reading every session (the PostgreSQL
// store can); Rejections asks it when st is one.
type RejectionLister interface {
	RejectedSessions(source string) ([]core.Session, error)
}

// Rejections lists the sessions of st in which the gate rejected source,
// for RejectedBefore.
func Rejections(st SessionLister, source string) ([]core.Session, error) {
	if rl, ok := st.(RejectionLister); ok {
		return rl.RejectedSessions(source)
	}
	all, err := st.Sessions()
	if err != nil {
		return nil, err
	}
	var out []core.Session
	for _, s := range all {
		if s.State == core.SessionRejected && s.Source == source {
			out = append(out, s)
		}
	}
	return out, nil
}

// RejectedBefore says when and by whom the gate rejected a source before,
// given the rejected sessions of that source (any order): the latest
// decision in full, and how many there were. It is "" for none.
func RejectedBefore(earlier []core.Session) string {
	var last *core.Decision
	n := 0
	for i := range earlier {
		d := earlier[i].Decision
		if d == nil || d.Status != core.Rejected {
			continue
		}
		n++
		if last == nil || d.DecidedAt.After(last.DecidedAt) {
			last = d
		}
	}
	if last == nil {
		return ""
	}
	msg := fmt.Sprintf("rejected before on %s by %s", last.DecidedAt.Local().Format("2006-01-02 15:04"), last.Decider())
	if last.Rationale != "" {
		msg += " (" + last.Rationale + ")"
	}
	if n > 1 {
		msg += fmt.Sprintf(", %d rejections in all", n)
	}
	return msg
}

// InvalidAnswerError is an approver reply the gate does not accept.
type InvalidAnswerError struct{ Msg string }

func (e *InvalidAnswerError) Error() string { return "invalid approval answer: " + e.Msg }

// Decide applies the three laws to a hygiene report. approver may be nil
// (headless); then only policy can approve what the laws do not approve
// automatically. With an approver, policy.Approve still decides what it
// covers (a HOME source whose findings are no more than warnings) without
// asking; everything else is the approver's. A rejection is a Decision,
// not an error.
//
// Every decision carries the findings it was taken on, their evidence
// redacted (Decision.Findings, which Acknowledged indexes), and, unless the
// gate's own rule took it, the login name of the person who decided or
// whose flags did.
func Decide(ctx context.Context, report core.HygieneReport, approver Approver, policy Policy) (core.Decision, error) {
	d, err := decide(ctx, report, approver, policy)
	if err != nil {
		return d, err
	}
	d.Findings = Recorded(report.Findings)
	if d.DecidedBy != core.ByAuto && d.Person == "" {
		d.Person = cmp.Or(policy.Person, Person())
	}
	return d, nil
}

// Recorded is the findings as a decision records them: copies whose
// evidence, description and flow hold no secret (the sanitizer already
// cuts them out; this makes sure of it for a record kept for good).
func Recorded(fs []core.Finding) []core.Finding {
	if len(fs) == 0 {
		return nil
	}
	out := make([]core.Finding, len(fs))
	for i, f := range fs {
		out[i] = f.Quoting(func(s string) string {
			s, _ = redact.Secrets(s)
			return s
		})
	}
	return out
}

// Person is the login name of whoever runs lore: who answers the gate's
// question, or whose flags answer it. It is "" when the system names
// nobody.
func Person() string {
	if u, err := user.Current(); err == nil && strings.TrimSpace(u.Username) != "" {
		return u.Username
	}
	for _, k := range []string{"USER", "LOGNAME", "USERNAME"} {
		if v := strings.TrimSpace(os.Getenv(k)); v != "" {
			return v
		}
	}
	return ""
}

func decide(ctx context.Context, report core.HygieneReport, approver Approver, policy Policy) (core.Decision, error) {
	now := time.Now
	var critical []int
	for i, f := range report.Findings {
		if f.Severity == core.Critical {
			critical = append(critical, i)
		}
	}
	n := len(report.Findings)

	// Law 1: HOME and nothing found. A secret written in the source is
	// reported but holds nothing up on its own: it endangers its owner, not
	// lore, and learning redacts it.
	if AutoApproves(report) {
		rationale := "HOME source with no findings"
		if n > 0 {
			rationale = fmt.Sprintf("HOME source with no findings but %d secret%s, redacted before learning", n, plural(n))
		}
		return core.Decision{Status: core.Approved, Rationale: rationale, DecidedBy: core.ByAuto, DecidedAt: now(), Acknowledged: []int{}}, nil
	}

	why := fmt.Sprintf("HOME source with %d finding%s", n, plural(n))
	if report.Tier == core.Stranger {
		why = fmt.Sprintf("STRANGER source (%d finding%s): trust is never assumed", n, plural(n))
	}
	// --approve covers a HOME source's warnings whoever else could be
	// asked (a team server has reviewers to ask, and a curator's own
	// --approve still decides their HOME file); it covers nothing more,
	// so with an approver present Trust and ForceCritical mean nothing.
	approves := policy.Approve && report.Tier == core.Home && len(critical) == 0
	if approver != nil && !approves {
		req := Request{Report: report, Why: why, Choices: []core.ApprovalStatus{core.Approved, core.ApprovedWithWarnings, core.Rejected}, Critical: critical}
		ans, err := approver.Approve(ctx, req)
		if err != nil {
			return core.Decision{}, fmt.Errorf("approval of %s: %w", report.Source, err)
		}
		if err := validate(ans, req); err != nil {
			return core.Decision{}, err
		}
		ack := slices.Clone(ans.Acknowledged)
		if ack == nil {
			ack = []int{}
		}
		rationale := ans.Rationale
		if rationale == "" {
			rationale = why
		}
		return core.Decision{Status: ans.Status, Rationale: rationale, DecidedBy: core.ByUser, DecidedAt: now(), Reviewed: n, Acknowledged: ack, Person: ans.Person}, nil
	}

	// Headless: the flags are the explicit approval.
	if len(critical) > 0 && !policy.ForceCritical {
		return core.Decision{}, &ApprovalRequiredError{Source: report.Source, Flag: "--force-critical",
			Reason: fmt.Sprintf("%d critical finding%s; lore scan lists them", len(critical), plural(len(critical)))}
	}
	if report.Tier == core.Stranger && !policy.Trust {
		return core.Decision{}, &ApprovalRequiredError{Source: report.Source, Flag: "--trust", Reason: why}
	}
	if report.Tier == core.Home && len(critical) == 0 && !policy.Approve {
		return core.Decision{}, &ApprovalRequiredError{Source: report.Source, Flag: "--approve", Reason: why}
	}
	status := core.ApprovedWithWarnings
	if n == 0 {
		status = core.Approved
	}
	var flags []string
	if policy.Trust && report.Tier == core.Stranger {
		flags = append(flags, "--trust")
	}
	if policy.ForceCritical && len(critical) > 0 {
		flags = append(flags, "--force-critical")
	}
	if policy.Approve && report.Tier == core.Home && len(critical) == 0 {
		flags = append(flags, "--approve")
	}
	return core.Decision{Status: status, Rationale: fmt.Sprintf("%s; approved by %v", why, flags), DecidedBy: core.ByPolicy,
		DecidedAt: now(), Reviewed: n, Acknowledged: []int{}}, nil
}

// validate accepts only the offered answers, and an approval only when
// every critical finding was acknowledged.
func validate(ans Answer, req Request) error {
	if !slices.Contains(req.Choices, ans.Status) {
		return &InvalidAnswerError{Msg: fmt.Sprintf("%q is not one of %v", ans.Status, req.Choices)}
	}
	for _, i := range ans.Acknowledged {
		if i < 0 || i >= len(req.Report.Findings) {
			return &InvalidAnswerError{Msg: fmt.Sprintf("acknowledged finding %d does not exist", i)}
		}
	}
	if ans.Status == core.Rejected {
		return nil
	}
	for _, i := range req.Critical {
		if !slices.Contains(ans.Acknowledged, i) {
			f := req.Report.Findings[i]
			return &InvalidAnswerError{Msg: fmt.Sprintf("critical finding %s at %s must be acknowledged before approval", f.Category, f.Location)}
		}
	}
	return nil
}

func countCategory(fs []core.Finding, c core.Category) int {
	n := 0
	for _, f := range fs {
		if f.Category == c {
			n++
		}
	}
	return n
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// RejectedError reports a source rejected at the gate. The rejection is a
// decision, not a failure; callers that must signal it (the command line's
// exit code 3) return this.
type RejectedError struct {
	Source    string
	Rationale string
	// Earlier, when set, says the source was rejected before
	// (RejectedBefore).
	Earlier string
}

func (e *RejectedError) Error() string {
	msg := fmt.Sprintf("%s: rejected at the approval gate (%s)", e.Source, e.Rationale)
	if e.Earlier != "" {
		msg += "; " + e.Earlier
	}
	return msg
}
