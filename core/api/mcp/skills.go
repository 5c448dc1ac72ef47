package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/skills/search"
)

// Bounds on what one call may ask for: an agent asking for everything at
// once gets a page, not the library.
const (
	defaultSearchLimit = 10
	maxSearchLimit     = 50
	defaultPageSize    = 50
	maxPageSize        = 200
)

// taskTypes are the task types of seed 001, as the tools' schemas list
// them.
var taskTypes = []any{"browser", "api", "code", "domain", "unknown"}

// --- skill_search ---

// SearchIn are skill_search's arguments.
type SearchIn struct {
	Query    string `json:"query" jsonschema:"what the task is about, in words; blank ranks every skill by freshness and feedback"`
	Limit    int    `json:"limit,omitempty" jsonschema:"most results to return (default 10, at most 50)"`
	TaskType string `json:"task_type,omitempty" jsonschema:"keep only skills of this task type"`
}

// SearchHit is one ranked skill.
type SearchHit struct {
	Key         string  `json:"key"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	TaskType    string  `json:"taskType"`
	Score       float64 `json:"score"`
	Relevance   float64 `json:"relevance"`
	Decay       float64 `json:"decay"`
	Feedback    float64 `json:"feedback"`
	// Negative and Warning mark a "don't do this" skill.
	Negative bool   `json:"negative"`
	Warning  string `json:"warning,omitempty"`
	// Stale says the skill has not been used for long enough that it may
	// be outdated.
	Stale string `json:"stale,omitempty"`
}

// SearchOut is skill_search's result.
type SearchOut struct {
	Query   string      `json:"query"`
	Results []SearchHit `json:"results"`
}

func (s *server) skillSearch(ctx context.Context, req *sdk.CallToolRequest, in SearchIn) (*sdk.CallToolResult, SearchOut, error) {
	limit, err := bounded("limit", in.Limit, defaultSearchLimit, maxSearchLimit)
	if err != nil {
		return nil, SearchOut{}, err
	}
	tt := search.TaskType(in.TaskType)
	if in.TaskType != "" && tt.Normalize() != tt {
		return nil, SearchOut{}, fmt.Errorf("task_type %q: use browser, api, code, domain or unknown", in.TaskType)
	}
	top := limit
	if in.TaskType != "" {
		// The filter comes after the ranking, so that scores are those
		// of every skill searched.
		top = 0
	}
	got, err := s.svc.SearchSkills(s.bind(ctx), &lorev1.SearchSkillsRequest{Query: in.Query, Top: int32(top), Consumer: s.consumerOf(req.ClientInfo())})
	if err != nil {
		return nil, SearchOut{}, toolError(err)
	}
	out := SearchOut{Query: in.Query, Results: []SearchHit{}}
	for _, h := range got.GetHits() {
		sk := h.GetSkill()
		if in.TaskType != "" && sk.GetTaskType() != in.TaskType {
			continue
		}
		if len(out.Results) == limit {
			break
		}
		out.Results = append(out.Results, SearchHit{Key: sk.GetKey(), Name: sk.GetName(), Description: sk.GetDescription(),
			TaskType: sk.GetTaskType(), Score: h.GetScore(), Relevance: h.GetRelevance(), Decay: h.GetDecay(), Feedback: h.GetFeedback(),
			Negative: sk.GetNegative(), Warning: warning(sk.GetNegative()), Stale: sk.GetStale()})
	}
	return nil, out, nil
}

// warning is the label of a negative skill, the prompt block's.
func warning(negative bool) string {
	if negative {
		return strings.TrimSpace(search.NegativeLabel)
	}
	return ""
}

// bounded checks a count an agent gave: 0 means def, more than most is
// cut to most (the agent gets a page and can ask for the next).
func bounded(name string, n, def, most int) (int, error) {
	switch {
	case n < 0:
		return 0, fmt.Errorf("%s %d: give a positive number, or leave it out for %d", name, n, def)
	case n == 0:
		return def, nil
	}
	return min(n, most), nil
}

// --- skill_list ---

// ListIn are skill_list's arguments.
type ListIn struct {
	Page      int    `json:"page,omitempty" jsonschema:"page number, from 1 (default 1)"`
	PageSize  int    `json:"page_size,omitempty" jsonschema:"skills per page (default 50, at most 200)"`
	Namespace string `json:"namespace,omitempty" jsonschema:"only this namespace (public, proposed, ...)"`
	Status    string `json:"status,omitempty" jsonschema:"active (the default: the skills you may use), draft (the review queue), archived, or all"`
}

// ListItem is one skill of a listing.
type ListItem struct {
	Key         string `json:"key"`
	Name        string `json:"name"`
	Status      string `json:"status"`
	Description string `json:"description"`
	TaskType    string `json:"taskType"`
	Source      string `json:"source"`
	Negative    bool   `json:"negative"`
	Warning     string `json:"warning,omitempty"`
	Uses        int    `json:"uses"`
	Successes   int    `json:"successes"`
	Stale       string `json:"stale,omitempty"`
	// Critical: the scanner found something critical in this skill's
	// text; its description is withheld until a person has reviewed it.
	Critical bool `json:"critical,omitempty"`
}

// ListOut is skill_list's result.
type ListOut struct {
	Page     int        `json:"page"`
	PageSize int        `json:"pageSize"`
	Total    int        `json:"total"`
	Pages    int        `json:"pages"`
	Skills   []ListItem `json:"skills"`
}

// withheld replaces the description of a skill with a critical finding: an
// agent is shown unreviewed text that the scanner took for an attack only
// after a person has looked at it.
const withheld = "(withheld: the scanner found something critical in this skill's text; a person must review it first)"

func (s *server) skillList(ctx context.Context, req *sdk.CallToolRequest, in ListIn) (*sdk.CallToolResult, ListOut, error) {
	size, err := bounded("page_size", in.PageSize, defaultPageSize, maxPageSize)
	if err != nil {
		return nil, ListOut{}, err
	}
	page := in.Page
	if page < 0 {
		return nil, ListOut{}, fmt.Errorf("page %d: pages count from 1", page)
	}
	page = max(page, 1)
	r := &lorev1.ListSkillsRequest{Consumer: s.consumerOf(req.ClientInfo())}
	switch in.Status {
	case "", "active":
		// What the consumer may use: the active skills it is offered.
	case "all", "draft", "archived":
		r.Status = in.Status
	default:
		return nil, ListOut{}, fmt.Errorf("status %q: use active, draft, archived or all", in.Status)
	}
	got, err := s.svc.ListSkills(s.bind(ctx), r)
	if err != nil {
		return nil, ListOut{}, toolError(err)
	}
	var picked []*lorev1.Skill
	for _, sk := range got.GetSkills() {
		if in.Namespace == "" || strings.HasPrefix(sk.GetKey(), in.Namespace+".") {
			picked = append(picked, sk)
		}
	}
	total := len(picked)
	out := ListOut{Page: page, PageSize: size, Total: total, Pages: (total + size - 1) / size, Skills: []ListItem{}}
	from := min((page-1)*size, total)
	for _, sk := range picked[from:min(from+size, total)] {
		it := ListItem{Key: sk.GetKey(), Name: sk.GetName(), Status: sk.GetStatus(), Description: sk.GetDescription(),
			TaskType: sk.GetTaskType(), Source: sk.GetSource(), Negative: sk.GetNegative(), Warning: warning(sk.GetNegative()),
			Uses: int(sk.GetUses()), Successes: int(sk.GetSuccesses()), Stale: sk.GetStale(), Critical: sk.GetCritical()}
		if it.Critical {
			it.Description = withheld
		}
		out.Skills = append(out.Skills, it)
	}
	return nil, out, nil
}

// --- skill_propose ---

// ProposeIn are skill_propose's arguments (seed 003's propose_skill).
type ProposeIn struct {
	Name           string   `json:"name" jsonschema:"a short name for the skill (letters, digits, hyphens)"`
	Description    string   `json:"description" jsonschema:"when to use the skill, in one or two sentences"`
	Instructions   string   `json:"instructions" jsonschema:"the steps of the procedure, in Markdown"`
	ExampleQueries []string `json:"example_queries,omitempty" jsonschema:"requests that should find this skill"`
	SuggestedTools []string `json:"suggested_tools,omitempty" jsonschema:"tools the procedure uses"`
}

// Finding is what the scanner found in a proposal.
type Finding struct {
	Category    string `json:"category"`
	Severity    string `json:"severity"`
	Description string `json:"description"`
	// Location is "SKILL.md:line:column" of the skill as it would be
	// written.
	Location string `json:"location,omitempty"`
}

// ProposeOut is skill_propose's result.
type ProposeOut struct {
	Key    string `json:"key"`
	Status string `json:"status"`
	// Visibility is user: the draft is its proposer's (and its
	// reviewers') until a reviewer promotes it to the workspace.
	Visibility string `json:"visibility"`
	// Critical: the scanner found something critical; a reviewer must
	// acknowledge it to promote the draft.
	Critical bool           `json:"critical"`
	Findings []Finding      `json:"findings"`
	Redacted map[string]int `json:"redacted"`
	Message  string         `json:"message"`
}

func (s *server) skillPropose(ctx context.Context, req *sdk.CallToolRequest, in ProposeIn) (*sdk.CallToolResult, ProposeOut, error) {
	got, err := s.svc.ProposeSkill(s.bind(ctx), &lorev1.ProposeSkillRequest{Name: in.Name, Description: in.Description,
		Instructions: in.Instructions, ExampleQueries: in.ExampleQueries, SuggestedTools: in.SuggestedTools,
		Agent: agentOf(req.ClientInfo()), Session: s.sessionOf(req.Session).id})
	if err != nil {
		return nil, ProposeOut{}, toolError(err)
	}
	sk := got.GetSkill()
	out := ProposeOut{Key: sk.GetKey(), Status: sk.GetStatus(), Visibility: sk.GetVisibility(), Critical: sk.GetCritical(),
		Findings: []Finding{}, Redacted: map[string]int{}}
	for _, f := range got.GetFindings() {
		out.Findings = append(out.Findings, Finding{Category: f.GetCategory(), Severity: f.GetSeverity(), Description: f.GetMessage(), Location: f.GetLocation()})
	}
	for k, n := range got.GetRedacted() {
		out.Redacted[k] = int(n)
	}
	if out.Critical {
		out.Message = fmt.Sprintf("Filed as the draft %s. The scanner found something critical in it, so a reviewer must acknowledge that before it can be used. It is not active.", out.Key)
	} else {
		out.Message = fmt.Sprintf("Filed as the draft %s in the review queue. A person reviews it before any agent is offered it; it is not active.", out.Key)
	}
	return nil, out, nil
}

// --- skill_report_outcome ---

// OutcomeIn are skill_report_outcome's arguments.
type OutcomeIn struct {
	Name    string `json:"name" jsonschema:"the skill's key or name"`
	Success bool   `json:"success" jsonschema:"whether the task succeeded with the skill"`
	Note    string `json:"note,omitempty" jsonschema:"a short remark on how it went, what failed (secrets and personal data are removed)"`
}

// OutcomeOut is skill_report_outcome's result.
type OutcomeOut struct {
	Key       string `json:"key"`
	Uses      int    `json:"uses"`
	Successes int    `json:"successes"`
}

func (s *server) skillReportOutcome(ctx context.Context, req *sdk.CallToolRequest, in OutcomeIn) (*sdk.CallToolResult, OutcomeOut, error) {
	outcome := "failure"
	if in.Success {
		outcome = "success"
	}
	got, err := s.svc.SkillFeedback(s.bind(ctx), &lorev1.SkillFeedbackRequest{Name: in.Name, Outcome: outcome, Note: in.Note,
		Consumer: s.consumerOf(req.ClientInfo())})
	if err != nil {
		return nil, OutcomeOut{}, toolError(err)
	}
	sk := got.GetSkill()
	return nil, OutcomeOut{Key: sk.GetKey(), Uses: int(sk.GetUses()), Successes: int(sk.GetSuccesses())}, nil
}

// --- skill_report_failure ---

// FailureIn are skill_report_failure's arguments.
type FailureIn struct {
	Name      string `json:"name" jsonschema:"the skill's key or name"`
	Signature string `json:"signature" jsonschema:"what went wrong, e.g. the error message; numbers and ids are generalised so the same failure groups"`
}

// FailureOut is skill_report_failure's result.
type FailureOut struct {
	Key       string `json:"key"`
	Signature string `json:"signature"`
	Count     int    `json:"count"`
	// NegativeSkill is the draft warning this report filed, once the same
	// failure repeated; it reaches agents after review.
	NegativeSkill string `json:"negativeSkill,omitempty"`
}

func (s *server) skillReportFailure(ctx context.Context, req *sdk.CallToolRequest, in FailureIn) (*sdk.CallToolResult, FailureOut, error) {
	got, err := s.svc.SkillFeedback(s.bind(ctx), &lorev1.SkillFeedbackRequest{Name: in.Name, Outcome: "report", Note: in.Signature,
		Consumer: s.consumerOf(req.ClientInfo())})
	if err != nil {
		return nil, FailureOut{}, toolError(err)
	}
	return nil, FailureOut{Key: got.GetSkill().GetKey(), Signature: got.GetSignature(), Count: int(got.GetCount()),
		NegativeSkill: got.GetNegativeSkill()}, nil
}

// --- registration ---

// schemaFor is the input schema of In with enums set on the named
// properties, which struct tags cannot express.
func schemaFor[In any](enums map[string][]any) (*jsonschema.Schema, error) {
	sch, err := jsonschema.For[In](nil)
	if err != nil {
		return nil, fmt.Errorf("input schema of %T: %w", *new(In), err)
	}
	for prop, values := range enums {
		p, ok := sch.Properties[prop]
		if !ok {
			return nil, fmt.Errorf("input schema of %T has no property %q", *new(In), prop)
		}
		p.Enum = values
	}
	return sch, nil
}

func ptr[T any](v T) *T { return &v }

// readOnly and writes are the annotations of tools that only read the
// library and of those that add to it; none reaches beyond lore's store.
var (
	readOnly = &sdk.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(false)}
	writes   = &sdk.ToolAnnotations{DestructiveHint: ptr(false), OpenWorldHint: ptr(false)}
)

func (s *server) addSkillTools(srv *sdk.Server) error {
	searchSchema, err := schemaFor[SearchIn](map[string][]any{"task_type": taskTypes})
	if err != nil {
		return err
	}
	listSchema, err := schemaFor[ListIn](map[string][]any{"status": {"active", "draft", "archived", "all"}})
	if err != nil {
		return err
	}
	getSchema, err := schemaFor[GetIn](map[string][]any{"format": {"raw", "injection"}})
	if err != nil {
		return err
	}
	sdk.AddTool(srv, &sdk.Tool{Name: "skill_search", Title: "Search skills", Annotations: readOnly, InputSchema: searchSchema,
		Description: "Rank the skills you may use against a task: score = relevance (BM25 over name, description, body) × decay (unused skills fade) × feedback. " +
			"Negative skills are warnings of what not to do; stale ones may be outdated. Load one with skill_activate."}, s.skillSearch)
	sdk.AddTool(srv, &sdk.Tool{Name: "skill_list", Title: "List skills", Annotations: readOnly, InputSchema: listSchema,
		Description: "Page through the skill library in key order: the active skills you may use by default, or the drafts waiting for review, or archived ones."}, s.skillList)
	sdk.AddTool(srv, &sdk.Tool{Name: "skill_get", Title: "Get skills within a token budget", Annotations: readOnly, InputSchema: getSchema,
		Description: "Load the instructions of several skills (and the skills they import, dependency first) within max_tokens (default 4000; about 4 characters a token). " +
			"format raw gives structured records, injection one text block to put in context. Skills that do not fit are listed as omitted; " +
			"negative skills are labelled as warnings and stale skills carry a staleness warning."}, s.skillGet)
	sdk.AddTool(srv, &sdk.Tool{Name: "skill_activate", Title: "Activate a skill", Annotations: readOnly,
		Description: "Load one skill: its instructions and the list of its resource files, read from its folder only when needed. " +
			"The first activation of each skill in a session asks the user for confirmation, unless a person allowed it for you; if the user declines, nothing is returned."}, s.skillActivate)
	sdk.AddTool(srv, &sdk.Tool{Name: "skill_propose", Title: "Propose a skill", Annotations: writes,
		Description: "Propose a reusable procedure you worked out as a new skill. It is scanned, its secrets and personal data are removed, " +
			"and it becomes a draft of yours in the review queue: a person decides whether agents get it. It is never active at once."}, s.skillPropose)
	sdk.AddTool(srv, &sdk.Tool{Name: "skill_report_outcome", Title: "Report how a skill worked", Annotations: writes,
		Description: "Record that you used a skill and whether the task succeeded, with an optional note (what went wrong, when it failed). A used skill stops fading from the ranking."}, s.skillReportOutcome)
	sdk.AddTool(srv, &sdk.Tool{Name: "skill_report_failure", Title: "Report a skill's failure", Annotations: writes,
		Description: "Report how a skill failed (the error message or what went wrong). The same failure reported again files a negative skill, a warning other agents get once a person has reviewed it."}, s.skillReportFailure)
	return nil
}
