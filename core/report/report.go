// Package report turns a learning session's record into its learning
// report: a Markdown document for people and a JSON view for tools.
//
// The reference printed every provenance entry, so a 1 MiB textbook gave a
// 720 KB report (§2.12). Here every list is bounded (Limits): a report shows
// the first entries of each list and says how many more there are, while the
// counts stay exact and the full record stays in the store.
package report

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// Options are the run's options as the report prints them. They are a copy
// so the report does not depend on the CLI's or the engine's option types.
type Options struct {
	Domain        string   `json:"domain,omitempty"`
	Depth         string   `json:"depth,omitempty"`
	DryRun        bool     `json:"dryRun,omitempty"`
	Scope         []string `json:"scope,omitempty"`
	Tier          string   `json:"tier,omitempty"`
	Approve       bool     `json:"approve,omitempty"`
	Trust         bool     `json:"trust,omitempty"`
	ForceCritical bool     `json:"forceCritical,omitempty"`
}

// Input is everything a report is made from: the session's identity and
// timing, its provenance chain, what was generated and what was not, the
// gate's decision and the run's options. The report never changes it.
type Input struct {
	SessionID string
	Source    string
	// User is who ran the session (a team server's user), and Agent the
	// agent acting for them; both empty for one person's own store.
	User        string `json:",omitempty"`
	Agent       string `json:",omitempty"`
	StartedAt   time.Time
	CompletedAt time.Time
	ContentType string
	Domain      string
	Documents   int
	Provenance  []core.ProvenanceEntry
	Artifacts   []core.Artifact
	// Skipped are the artifacts that were not generated, each with its
	// Reason (for example a domain below the primitive threshold).
	Skipped    []core.Artifact
	Decision   *core.Decision
	Findings   map[core.Severity]int
	EdgesAdded int
	Errors     []string
	// Notes are about documents read, but not quite as written (a file
	// read as Windows-1252); Errors are what failed.
	Notes   []string `json:",omitempty"`
	Options Options
	DryRun  bool
}

// Limits bound a report's size. The zero value means the defaults.
type Limits struct {
	// MaxListed is how many entries each list shows (default 50).
	MaxListed int
	// MaxText is how many characters a free-text field (rationale,
	// statement, error, name) keeps before it is cut with "…" (default 240).
	MaxText int
	// MaxBytes bounds the Markdown (default 190 000 bytes).
	MaxBytes int
	// MaxJSONBytes bounds the indented JSON view (default 950 000 bytes).
	MaxJSONBytes int
}

// Defaults for the zero Limits.
const (
	DefaultMaxListed    = 50
	DefaultMaxText      = 240
	DefaultMaxBytes     = 190_000
	DefaultMaxJSONBytes = 950_000
)

// maxGroups is how many provenance action groups a report shows; entries
// of further (unknown) actions are only counted.
const maxGroups = 12

func (l Limits) norm() Limits {
	if l.MaxListed <= 0 {
		l.MaxListed = DefaultMaxListed
	}
	if l.MaxText <= 0 {
		l.MaxText = DefaultMaxText
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxJSONBytes <= 0 {
		l.MaxJSONBytes = DefaultMaxJSONBytes
	}
	return l
}

// shrink tightens the per-list and per-field limits when an output came
// out over its byte bound; ok is false when they cannot shrink further.
func (l Limits) shrink() (Limits, bool) {
	if l.MaxListed <= 1 && l.MaxText <= 16 {
		return l, false
	}
	l.MaxListed = max(1, l.MaxListed/2)
	l.MaxText = max(16, l.MaxText*3/4)
	return l, true
}

// Report is a built learning report: the exact counts and the Markdown.
type Report struct {
	SessionID string
	Counts    Counts
	Markdown  string
	// Truncated is true when some list was cut to the limits.
	Truncated bool
}

// Build makes the Markdown report of a session. Lists are cut to
// lim.MaxListed entries and fields to lim.MaxText characters; if the result
// is still over lim.MaxBytes both are tightened until it fits, so the size
// is bounded whatever the input.
func Build(in Input, lim Limits) Report {
	lim = lim.norm()
	p := prepare(&in)
	v := p.view(lim)
	md := markdown(&v)
	for len(md) > lim.MaxBytes {
		var ok bool
		if lim, ok = lim.shrink(); !ok {
			break
		}
		v = p.view(lim)
		md = markdown(&v)
	}
	return Report{SessionID: in.SessionID, Counts: v.Counts, Markdown: md, Truncated: len(v.Truncated) > 0}
}

// NewView makes the JSON view of a session, bounded like Build: when its
// indented encoding is over lim.MaxJSONBytes the limits are tightened until
// it fits.
func NewView(in Input, lim Limits) View {
	v, _, _ := newView(&in, lim)
	return v
}

// JSON is the indented JSON encoding of NewView, with HTML characters left
// as they are (the same encoding the CLI uses for --json).
func JSON(in Input, lim Limits) ([]byte, error) {
	_, b, err := newView(&in, lim)
	return b, err
}

func newView(in *Input, lim Limits) (View, []byte, error) {
	lim = lim.norm()
	p := prepare(in)
	for {
		v := p.view(lim)
		b, err := encode(&v)
		if err != nil {
			return v, nil, err
		}
		if len(b) <= lim.MaxJSONBytes {
			return v, b, nil
		}
		var ok bool
		if lim, ok = lim.shrink(); !ok {
			return v, b, nil
		}
	}
}

func encode(v *View) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// View is the JSON shape of a learning report. Every list is bounded by
// the Limits it was made with; Truncated says, per list, how many entries
// were left out ("primitives.added", "provenance.add-new", "artifacts", …).
type View struct {
	SessionID   string    `json:"sessionId"`
	Source      string    `json:"source"`
	User        string    `json:"user,omitempty"`
	Agent       string    `json:"agent,omitempty"`
	StartedAt   time.Time `json:"startedAt,omitzero"`
	CompletedAt time.Time `json:"completedAt,omitzero"`
	// DurationSeconds is null when either time is missing or the session
	// completed before it started.
	DurationSeconds *float64              `json:"durationSeconds"`
	DryRun          bool                  `json:"dryRun"`
	ContentType     string                `json:"contentType,omitempty"`
	Domain          string                `json:"domain,omitempty"`
	Documents       int                   `json:"documents"`
	Counts          Counts                `json:"counts"`
	Generated       Generated             `json:"generated"`
	EdgesAdded      int                   `json:"edgesAdded"`
	Primitives      Primitives            `json:"primitives"`
	Provenance      []ProvenanceGroup     `json:"provenance"`
	Artifacts       []ArtifactView        `json:"artifacts"`
	NotGenerated    []NotGeneratedView    `json:"notGenerated"`
	Decision        *DecisionView         `json:"decision"`
	Findings        map[core.Severity]int `json:"findings"`
	Errors          []string              `json:"errors"`
	Notes           []string              `json:"notes"`
	Options         Options               `json:"options"`
	Truncated       map[string]int        `json:"truncated"`
}

// Generated counts the artifacts generated, by kind (exact, never cut).
type Generated struct {
	Skills int `json:"skills"`
	Agents int `json:"agents"`
	Teams  int `json:"teams"`
}

// Primitives lists the candidates by how they were counted.
type Primitives struct {
	Added     []Entry `json:"added"`
	Updated   []Entry `json:"updated"`
	Skipped   []Entry `json:"skipped"`
	Conflicts []Entry `json:"conflicts"`
}

// Entry is one merge decision about one candidate.
type Entry struct {
	CandidateID  string           `json:"candidateId"`
	ExistingID   string           `json:"existingId,omitempty"`
	FinalID      string           `json:"finalId,omitempty"`
	Action       string           `json:"action"`
	Outcome      core.MergeAction `json:"outcome,omitempty"`
	Rationale    string           `json:"rationale"`
	UserDecision core.Resolution  `json:"userDecision,omitempty"`
	// Was and Now are an updated primitive's statement before and after,
	// so a reader sees what every update replaced.
	Was string `json:"was,omitempty"`
	Now string `json:"now,omitempty"`
}

// ProvenanceGroup is the provenance chain of one action: Total entries,
// of which Entries are shown.
type ProvenanceGroup struct {
	Action  string      `json:"action"`
	Total   int         `json:"total"`
	Entries []ChainLink `json:"entries"`
}

// ChainLink is one provenance entry as the report shows it.
type ChainLink struct {
	Entry
	Domain                  string    `json:"domain,omitempty"`
	Timestamp               time.Time `json:"timestamp,omitzero"`
	OriginalFormalStatement string    `json:"originalFormalStatement,omitempty"`
	NewFormalStatement      string    `json:"newFormalStatement,omitempty"`
}

// ArtifactView is a generated artifact without its file contents.
type ArtifactView struct {
	Kind       core.ArtifactKind `json:"kind"`
	Name       string            `json:"name"`
	Domain     string            `json:"domain"`
	Primitives int               `json:"primitives"`
	Agents     int               `json:"agents,omitempty"`
	Files      []string          `json:"files"`
}

// NotGeneratedView is an artifact that was not generated, and why.
type NotGeneratedView struct {
	Kind       core.ArtifactKind `json:"kind"`
	Name       string            `json:"name,omitempty"`
	Domain     string            `json:"domain"`
	Primitives int               `json:"primitives,omitempty"`
	Reason     string            `json:"reason"`
}

// DecisionView is the gate's decision with its acknowledged list bounded.
type DecisionView struct {
	Status    core.ApprovalStatus `json:"status"`
	Rationale string              `json:"rationale"`
	DecidedBy core.DecidedBy      `json:"decidedBy"`
	// Person is who decided, or whose flags did.
	Person       string    `json:"person,omitempty"`
	DecidedAt    time.Time `json:"decidedAt,omitzero"`
	Reviewed     int       `json:"reviewedFindings"`
	Acknowledged []int     `json:"acknowledged"`
}

// prepared is the part of a view that does not depend on the limits:
// which entries go in which list, computed once.
type prepared struct {
	in     *Input
	counts Counts
	// lists holds the indexes into in.Provenance of the entries counted as
	// added, updated, skipped and conflict, in chain order.
	lists [4][]int
	// groups are the provenance chains by action, in report order.
	groups []group
	gen    Generated
}

type group struct {
	action string
	idx    []int
}

// actionOrder is the order known actions' chains are shown in; other
// actions follow alphabetically.
var actionOrder = []string{
	core.ProvAddNew, core.ProvAddSpecialization, core.ProvUpdateGeneralization, core.ProvUpdateEdition,
	core.ProvUpdateProof, core.ProvConflictPresented, core.ProvConflictResolved, core.ProvError,
}

func prepare(in *Input) *prepared {
	p := &prepared{in: in}
	cls := classify(in.Provenance)
	byAction := map[string][]int{}
	for i, k := range cls {
		switch k {
		case classAdded:
			p.counts.Added++
			p.lists[0] = append(p.lists[0], i)
		case classUpdated:
			p.counts.Updated++
			p.lists[1] = append(p.lists[1], i)
		case classSkipped:
			p.counts.Skipped++
			p.lists[2] = append(p.lists[2], i)
		case classConflict:
			p.counts.Conflicts++
			p.lists[3] = append(p.lists[3], i)
		}
		// Skips modify nothing and are listed under Primitives/Skipped
		// with their rationale; the chains show the modifications.
		a := in.Provenance[i].Action
		if a == core.ProvSkip {
			continue
		}
		if a == "" {
			a = "unknown"
		}
		byAction[a] = append(byAction[a], i)
	}
	for _, a := range actionOrder {
		if idx, ok := byAction[a]; ok {
			p.groups = append(p.groups, group{a, idx})
			delete(byAction, a)
		}
	}
	rest := make([]string, 0, len(byAction))
	for a := range byAction {
		rest = append(rest, a)
	}
	sort.Strings(rest)
	for _, a := range rest {
		p.groups = append(p.groups, group{a, byAction[a]})
	}
	for i := range in.Artifacts {
		switch in.Artifacts[i].Kind {
		case core.SkillArtifact:
			p.gen.Skills++
		case core.AgentArtifact:
			p.gen.Agents++
		case core.TeamArtifact:
			p.gen.Teams++
		}
	}
	return p
}

// view makes the bounded view under lim (already normalized).
func (p *prepared) view(lim Limits) View {
	in := p.in
	t := lim.MaxText
	id := func(s string) string { return clip(s, 120) }
	v := View{
		SessionID:    id(in.SessionID),
		Source:       clip(in.Source, 4*t),
		User:         id(in.User),
		Agent:        id(in.Agent),
		StartedAt:    in.StartedAt,
		CompletedAt:  in.CompletedAt,
		DryRun:       in.DryRun,
		ContentType:  id(in.ContentType),
		Domain:       id(in.Domain),
		Documents:    in.Documents,
		Counts:       p.counts,
		Generated:    p.gen,
		EdgesAdded:   in.EdgesAdded,
		Provenance:   []ProvenanceGroup{},
		Artifacts:    []ArtifactView{},
		NotGenerated: []NotGeneratedView{},
		Errors:       []string{},
		Notes:        []string{},
		Truncated:    map[string]int{},
	}
	if d, ok := duration(in.StartedAt, in.CompletedAt); ok {
		s := d.Seconds()
		v.DurationSeconds = &s
	}
	omit := func(key string, total int) int {
		n := min(total, lim.MaxListed)
		if total > n {
			v.Truncated[key] = total - n
		}
		return n
	}
	entry := func(i int) Entry {
		e := &in.Provenance[i]
		return Entry{
			CandidateID: id(e.CandidateID), ExistingID: id(e.ExistingID), FinalID: id(e.FinalID),
			Action: id(e.Action), Outcome: core.MergeAction(id(string(e.Outcome))),
			Rationale: clip(e.Rationale, t), UserDecision: core.Resolution(id(string(e.UserDecision))),
		}
	}
	names := [4]string{"primitives.added", "primitives.updated", "primitives.skipped", "primitives.conflicts"}
	var lists [4][]Entry
	for k, idx := range p.lists {
		n := omit(names[k], len(idx))
		lists[k] = make([]Entry, n)
		for j := 0; j < n; j++ {
			lists[k][j] = entry(idx[j])
			if k == 1 {
				e := &in.Provenance[idx[j]]
				lists[k][j].Was, lists[k][j].Now = clip(e.OriginalFormalStatement, t), clip(e.NewFormalStatement, t)
			}
		}
	}
	v.Primitives = Primitives{Added: lists[0], Updated: lists[1], Skipped: lists[2], Conflicts: lists[3]}

	hidden := 0
	for gi, g := range p.groups {
		if gi >= maxGroups {
			hidden += len(g.idx)
			continue
		}
		n := omit("provenance."+id(g.action), len(g.idx))
		pg := ProvenanceGroup{Action: id(g.action), Total: len(g.idx), Entries: make([]ChainLink, n)}
		for j := 0; j < n; j++ {
			e := &in.Provenance[g.idx[j]]
			pg.Entries[j] = ChainLink{
				Entry: entry(g.idx[j]), Domain: id(e.Domain), Timestamp: e.Timestamp,
				OriginalFormalStatement: clip(e.OriginalFormalStatement, t),
				NewFormalStatement:      clip(e.NewFormalStatement, t),
			}
		}
		v.Provenance = append(v.Provenance, pg)
	}
	if hidden > 0 {
		v.Truncated["provenance.otherActions"] = hidden
	}

	n := omit("artifacts", len(in.Artifacts))
	for i := 0; i < n; i++ {
		a := &in.Artifacts[i]
		av := ArtifactView{Kind: core.ArtifactKind(id(string(a.Kind))), Name: clip(a.Name, t), Domain: id(a.Domain),
			Primitives: a.Primitives, Agents: a.Agents, Files: []string{}}
		for j := 0; j < len(a.Files) && j < lim.MaxListed; j++ {
			av.Files = append(av.Files, clip(a.Files[j].Path, t))
		}
		if len(a.Files) > lim.MaxListed {
			v.Truncated["artifacts.files"] += len(a.Files) - lim.MaxListed
		}
		v.Artifacts = append(v.Artifacts, av)
	}
	n = omit("notGenerated", len(in.Skipped))
	for i := 0; i < n; i++ {
		a := &in.Skipped[i]
		v.NotGenerated = append(v.NotGenerated, NotGeneratedView{Kind: core.ArtifactKind(id(string(a.Kind))),
			Name: clip(a.Name, t), Domain: id(a.Domain), Primitives: a.Primitives, Reason: clip(a.NotGeneratedWhy(), t)})
	}
	if d := in.Decision; d != nil {
		dv := &DecisionView{Status: core.ApprovalStatus(id(string(d.Status))), Rationale: clip(d.Rationale, t),
			DecidedBy: core.DecidedBy(id(string(d.DecidedBy))), Person: id(d.Person), DecidedAt: d.DecidedAt, Reviewed: d.Reviewed}
		n := omit("decision.acknowledged", len(d.Acknowledged))
		dv.Acknowledged = append([]int{}, d.Acknowledged[:n]...)
		v.Decision = dv
	}
	if in.Findings != nil {
		v.Findings = make(map[core.Severity]int, len(in.Findings))
		sevs := make([]string, 0, len(in.Findings))
		for s := range in.Findings {
			sevs = append(sevs, string(s))
		}
		sort.Strings(sevs)
		for i, s := range sevs {
			if i >= maxGroups {
				v.Truncated["findings"] = len(sevs) - maxGroups
				break
			}
			v.Findings[core.Severity(id(s))] += in.Findings[core.Severity(s)]
		}
	}
	n = omit("errors", len(in.Errors))
	for i := 0; i < n; i++ {
		v.Errors = append(v.Errors, clip(in.Errors[i], t))
	}
	n = omit("notes", len(in.Notes))
	for i := 0; i < n; i++ {
		v.Notes = append(v.Notes, clip(in.Notes[i], t))
	}
	o := in.Options
	v.Options = Options{Domain: id(o.Domain), Depth: id(o.Depth), DryRun: o.DryRun, Tier: id(o.Tier),
		Approve: o.Approve, Trust: o.Trust, ForceCritical: o.ForceCritical}
	n = omit("options.scope", len(o.Scope))
	for i := 0; i < n; i++ {
		v.Options.Scope = append(v.Options.Scope, clip(o.Scope[i], t))
	}
	return v
}

// duration is completed − started, known only when both are set and the
// session did not complete before it started.
func duration(started, completed time.Time) (time.Duration, bool) {
	if started.IsZero() || completed.IsZero() || completed.Before(started) {
		return 0, false
	}
	return completed.Sub(started), true
}

// clip makes s valid UTF-8 and cuts it to at most n runes, ending a cut
// string with "…".
func clip(s string, n int) string {
	n = max(n, 1)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if len(s) <= n {
		return s
	}
	count := 0
	for i := range s {
		if count == n-1 {
			if utf8.RuneCountInString(s[i:]) <= 1 {
				return s
			}
			return s[:i] + "…"
		}
		count++
	}
	return s
}
