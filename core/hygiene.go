package core

import "time"

// Severity ranks a hygiene finding.
type Severity string

// Severities, most severe first. Critical findings block the gate until a
// person approves them explicitly; info findings are notes (a pattern seen
// inside a code sample).
const (
	Critical Severity = "critical"
	Warning  Severity = "warning"
	Info     Severity = "info"
)

// Severities lists the severities most severe first.
var Severities = []Severity{Critical, Warning, Info}

// Category is what kind of hostile content a finding is about.
type Category string

// The hygiene categories.
const (
	PromptInjection     Category = "prompt-injection"
	HiddenCharacters    Category = "hidden-characters"
	EmbeddedCode        Category = "embedded-code"
	ExternalResources   Category = "external-resources"
	PathTraversal       Category = "path-traversal"
	ContentTypeMismatch Category = "content-type-mismatch"
	// Secret is a credential written in the source (a key, a token, a
	// password). It is no attack on lore: the finding is a warning or a
	// note, never critical, and the secret is redacted before anything is
	// learned from the text.
	Secret Category = "secret"
)

// Categories lists the categories in report order.
var Categories = []Category{PromptInjection, HiddenCharacters, EmbeddedCode, ExternalResources, PathTraversal, ContentTypeMismatch, Secret}

// Finding is one piece of suspect content.
type Finding struct {
	// File is the document (or archive entry, "archive!entry") it is in.
	File        string   `json:"file"`
	Category    Category `json:"category"`
	Severity    Severity `json:"severity"`
	Description string   `json:"description"`
	// Location is "file:line:col" (1-based, columns in runes); for a
	// finding about a name rather than content, just the name.
	Location string `json:"location"`
	// Offset is the byte offset of the match in the document text, or -1.
	Offset int `json:"-"`
	// Length is the byte length of the match at Offset (0 when Offset is
	// -1), so a viewer can highlight exactly what was matched.
	Length int `json:"-"`
	// Evidence is the match with about 40 characters of context on each
	// side, hidden characters rendered visibly as ⟨U+202E⟩.
	Evidence       string `json:"evidence"`
	Recommendation string `json:"recommendation"`
	// Flow is, for a finding about what code does, where the data comes
	// from and where it goes; nil for every other finding.
	Flow *Flow `json:"flow,omitempty"`
}

// Quoting returns f with fn applied to each of its texts that may quote
// the document it was found in: the evidence, the description and the
// flow's source, sink and scope. The flow is copied, so that f's own is
// left as it was. Redaction goes through it, so that a field added to
// what a finding quotes is redacted wherever findings are.
func (f Finding) Quoting(fn func(string) string) Finding {
	f.Evidence = fn(f.Evidence)
	f.Description = fn(f.Description)
	if f.Flow != nil {
		fl := *f.Flow
		fl.Source, fl.Sink, fl.Scope = fn(fl.Source), fn(fl.Sink), fn(fl.Scope)
		f.Flow = &fl
	}
	return f
}

// Flow is the path of a finding about behaviour, in code or in an
// instruction: a source of data (an environment variable, a credential
// file, the agent's prompt) and the sink it reaches (a network send, an
// eval, a shell, a mail address), each with its 1-based line, and the
// words that say how often it happens ("after any task"). A finding about
// a sink alone (a download piped to a shell) has no source.
type Flow struct {
	Source     string `json:"source,omitempty"`
	SourceLine int    `json:"sourceLine,omitempty"`
	Sink       string `json:"sink"`
	SinkLine   int    `json:"sinkLine"`
	// Scope is the instruction's words of recurrence or breadth ("after
	// completing any task", "for each email"), "" when it has none.
	Scope string `json:"scope,omitempty"`
}

// Format spells the flow for a reviewer: "source (line n) → sink (line
// m) · scope". at renders a part with its line, 0 for none (a client
// makes text visible and adds its styling there); arrow and sep join the
// parts.
func (f *Flow) Format(at func(what string, line int) string, arrow, sep string) string {
	out := at(f.Sink, f.SinkLine)
	if f.Source != "" {
		out = at(f.Source, f.SourceLine) + arrow + out
	}
	if f.Scope != "" {
		out += sep + at(f.Scope, 0)
	}
	return out
}

// AcquireError is a problem acquiring one file of a source. Fatal errors
// stop the pipeline; the others are reported and the file skipped.
type AcquireError struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
	Fatal  bool   `json:"fatal"`
}

// HygieneReport is the sanitizer's verdict on a source.
type HygieneReport struct {
	Source   string      `json:"source"`
	Tier     Familiarity `json:"tier"`
	Findings []Finding   `json:"findings"`
	// Passed is true when there is no critical finding.
	Passed bool `json:"passed"`
	// AutoApproved is true only for a HOME source with no finding at all.
	AutoApproved bool      `json:"autoApproved"`
	CheckedAt    time.Time `json:"checkedAt"`
}

// Count returns the number of findings of severity s.
func (r *HygieneReport) Count(s Severity) int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity == s {
			n++
		}
	}
	return n
}

// ApprovalStatus is the answer of the approval gate.
type ApprovalStatus string

// Approval statuses: the only three answers the gate accepts.
const (
	Approved             ApprovalStatus = "approved"
	ApprovedWithWarnings ApprovalStatus = "approved-with-warnings"
	Rejected             ApprovalStatus = "rejected"
)

// DecidedBy says who made a gate decision.
type DecidedBy string

// Deciders: a person, the gate's own rule (HOME and clean), or a headless
// policy flag (--approve, --trust, --force-critical).
const (
	ByUser   DecidedBy = "user"
	ByAuto   DecidedBy = "auto"
	ByPolicy DecidedBy = "policy"
)

// Decision is the gate's verdict on a hygiene report, stored with the
// session.
type Decision struct {
	Status    ApprovalStatus `json:"status"`
	Rationale string         `json:"rationale"`
	DecidedBy DecidedBy      `json:"decidedBy"`
	DecidedAt time.Time      `json:"decidedAt"`
	// Reviewed is the number of findings presented for the decision.
	Reviewed int `json:"reviewedFindings"`
	// Acknowledged lists the indexes (into Findings, the report's
	// findings) of the findings the decider acknowledged one by one.
	Acknowledged []int `json:"acknowledged"`
	// Findings are the findings the decision was taken on, in the
	// report's order, their evidence redacted: the record of what the
	// decider saw, which Acknowledged indexes. A decision recorded before
	// lore kept them has none.
	Findings []Finding `json:"findings,omitempty"`
	// Person is who decided: the login name of the person who answered
	// (DecidedBy user) or who ran the command whose flags decided
	// (policy); empty for the gate's own rule (auto).
	Person string `json:"person,omitempty"`
}

// Decider names who took d: "alice (user)", "policy", "auto".
func (d Decision) Decider() string {
	if d.Person == "" {
		return string(d.DecidedBy)
	}
	return d.Person + " (" + string(d.DecidedBy) + ")"
}

// Proceed reports whether the pipeline may continue past the gate.
func (d Decision) Proceed() bool {
	return d.Status == Approved || d.Status == ApprovedWithWarnings
}
