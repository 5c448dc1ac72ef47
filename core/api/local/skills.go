package local

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/exitcode"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/bundle"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/core/skills/search"
	"github.com/lore-kb/lore/core/skillspec"
)

// The skill library through the API. Every call works on the library of
// the caller's workspace (its own store) through package library, as the
// command line does, and answers for the caller: a skill another user
// keeps to themselves (visibility user, seed 003) is unknown to them,
// except to a reviewer, who reads every record to review it.

// library is the skill library of st as c sees it.
func (s *Service) library(c api.Caller, st Store) *library.Library {
	return library.New(st, s.callerLibrary(c))
}

// callerLibrary are the options of the library of c's workspace as c
// sees it.
func (s *Service) callerLibrary(c api.Caller) library.Options {
	o := s.libraryOptions(c.Workspace)
	o.Audience = &library.Audience{User: c.User, Reviewer: c.Role == access.Reviewer || c.Role == access.Admin}
	// A search reads the workspace's whole library and indexes it; the
	// index is kept for the store's version, so a process serving search
	// after search builds it once per change.
	ranks, _ := s.ranks.LoadOrStore(c.Workspace, &library.RankCache{})
	o.Ranks = ranks.(*library.RankCache)
	if o.Now == nil {
		o.Now = func() time.Time { return s.o.Now().UTC() }
	}
	return o
}

// onLibrary checks the call, lends the caller's workspace store (for
// writing when write) and runs fn on its library as the caller sees it.
func onLibrary[T any](ctx context.Context, s *Service, method string, write bool, fn func(api.Caller, Store, *library.Library) (T, error)) (T, error) {
	var out T
	err := s.use(ctx, method, write, func(c api.Caller, st Store) (err error) {
		out, err = fn(c, st, s.library(c, st))
		return err
	})
	return out, skillError(err)
}

// skillError gives the library's errors their Connect codes: an unknown
// skill is NotFound, a promotion a person has not acknowledged, or one
// the strict profile refuses, FailedPrecondition. The refusal of the
// strict profile keeps the exit code of lore skills validate's verdict
// (the skill is wrong, not the request), which the code alone would make
// the gate's.
func skillError(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*connect.Error](err); ok {
		return err
	}
	if errors.Is(err, library.ErrUnknown) {
		return connect.NewError(connect.CodeNotFound, err)
	}
	if _, ok := errors.AsType[*library.UnacknowledgedError](err); ok {
		return connect.NewError(connect.CodeFailedPrecondition, err)
	}
	if _, ok := errors.AsType[*library.InvalidError](err); ok {
		return api.WithExitCode(connect.NewError(connect.CodeFailedPrecondition, err), exitcode.Failure)
	}
	return asAPIError(err)
}

// precheck checks the caller's role before a call's request is: a caller
// who may not make the call learns nothing of what it would have said.
func precheck(ctx context.Context, method string) error {
	_, err := api.Check(ctx, method)
	return err
}

func (s *Service) now() time.Time { return s.o.Now().UTC() }

// SearchSkills ranks the skills offered to the request's consumer (active,
// visible to it and to the caller) against the query: relevance × decay ×
// feedback, as lore skills search. A task type keeps the hits of that
// type, ranked among all: BM25 weighs a word by how rare it is among
// every skill searched, so the scores are those of the whole library.
func (s *Service) SearchSkills(ctx context.Context, r *lorev1.SearchSkillsRequest) (*lorev1.SearchSkillsResponse, error) {
	if err := precheck(ctx, "SearchSkills"); err != nil {
		return nil, err
	}
	if r.GetTop() < 0 {
		return nil, api.Errorf(connect.CodeInvalidArgument, "search skills: top %d: must be 0 (all) or more", r.GetTop())
	}
	tt := search.TaskType(r.GetTaskType())
	if tt != "" && tt.Normalize() != tt {
		return nil, api.Errorf(connect.CodeInvalidArgument, "search skills: task type %q: use browser, api, code, domain or unknown", r.GetTaskType())
	}
	return onLibrary(ctx, s, "SearchSkills", false, func(_ api.Caller, st Store, lib *library.Library) (*lorev1.SearchSkillsResponse, error) {
		top := int(r.GetTop())
		if tt != "" {
			top = 0
		}
		res, err := lib.Search(r.GetQuery(), r.GetConsumer(), top)
		if err != nil {
			return nil, err
		}
		at := s.now()
		out := &lorev1.SearchSkillsResponse{Searched: int32(res.Searched)}
		for _, h := range res.Hits {
			if tt != "" && h.Skill.TaskType.Normalize() != tt {
				continue
			}
			if r.GetTop() > 0 && len(out.Hits) == int(r.GetTop()) {
				break
			}
			rec, err := st.Skill(h.Skill.Key)
			if err != nil {
				return nil, fmt.Errorf("search skills: read %s: %w", h.Skill.Key, err)
			}
			out.Hits = append(out.Hits, &lorev1.SkillHit{Skill: Skill(rec, at), Score: h.Score, Relevance: h.Relevance,
				Decay: h.Decay, Feedback: h.Feedback})
		}
		return out, nil
	})
}

// ListSkills lists, in key order, what the consumer may use (no status),
// or the skills of one status ("all": every status) the caller sees,
// narrowed to what the consumer's rules let it see when one is named;
// either of one namespace when the request names it. An agent's token
// sees, in any status, only what the consumer is offered and its own
// proposals (agentLists).
func (s *Service) ListSkills(ctx context.Context, r *lorev1.ListSkillsRequest) (*lorev1.ListSkillsResponse, error) {
	if err := precheck(ctx, "ListSkills"); err != nil {
		return nil, err
	}
	f := library.Filter{Namespace: r.GetNamespace()}
	switch st := r.GetStatus(); st {
	case "", "all":
	case string(skills.Draft), string(skills.Active), string(skills.Archived):
		f.Status = []skills.Status{skills.Status(st)}
	default:
		return nil, api.Errorf(connect.CodeInvalidArgument, "list skills: status %q: use draft, active, archived or all", st)
	}
	return onLibrary(ctx, s, "ListSkills", false, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.ListSkillsResponse, error) {
		if r.GetDetail() && c.Role == access.Agent {
			return nil, api.Errorf(connect.CodePermissionDenied, "list skills: a skill's detail is for a person reviewing it, not an agent's token")
		}
		sel, err := lib.List(f)
		if err != nil {
			return nil, err
		}
		keep := func(sk *skills.Skill) bool {
			switch {
			case r.GetStatus() == "":
				return lib.OfferedTo(sk, r.GetConsumer())
			case c.Role == access.Agent:
				return agentLists(lib, c, sk, r.GetConsumer())
			}
			return r.GetConsumer() == "" || s.o.Library.Policy.Visible(strings.ToLower(r.GetConsumer()), sk.Key)
		}
		var pick []*skills.Skill
		for _, sk := range sel.Skills {
			if keep(sk) {
				pick = append(pick, sk)
			}
		}
		total := sel.Total
		if c.Role == access.Agent {
			// An agent's total counts what it may list, or it would
			// tell how many drafts and hidden skills there are.
			every, err := lib.List(library.Filter{})
			if err != nil {
				return nil, err
			}
			total = 0
			for _, sk := range every.Skills {
				if agentLists(lib, c, sk, r.GetConsumer()) {
					total++
				}
			}
		}
		at := s.now()
		out := &lorev1.ListSkillsResponse{Total: int32(total)}
		for _, sk := range pick {
			m := Skill(sk, at)
			if r.GetDetail() {
				m.Detail = detail(sk, at)
			}
			out.Skills = append(out.Skills, m)
		}
		return out, nil
	})
}

// agentLists says whether the agent c lists sk for consumer, whatever
// status it asks for: what the consumer is offered, and c's own
// proposals, which GetSkill reads back to it. Every other skill —
// the workspace's drafts and archived ones, another user's own, one the
// consumer's rules hide — a person reads, not an agent's token.
func agentLists(lib *library.Library, c api.Caller, sk *skills.Skill, consumer string) bool {
	return lib.OfferedTo(sk, consumer) || sk.Visibility == skills.User && sk.Owner == c.User
}

// GetSkill is one skill's record with its instructions and the paths of
// its resources, whatever its status, for a person reading the library in
// their own session (any role but the agent's), who also reads its
// detail, its SKILL.md as exported and what the strict profile refuses
// in it: what a reviewer decides by. An agent reads the instructions only
// where ActivateSkill would give them (see activatable), or for its own
// proposals: reading a skill is being given it, and a person decides
// which consumer may be.
func (s *Service) GetSkill(ctx context.Context, r *lorev1.GetSkillRequest) (*lorev1.GetSkillResponse, error) {
	if err := precheck(ctx, "GetSkill"); err != nil {
		return nil, err
	}
	return onLibrary(ctx, s, "GetSkill", false, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.GetSkillResponse, error) {
		sk, err := lib.Get(r.GetName())
		if err != nil {
			return nil, err
		}
		// An agent reads back its own proposals while they are its own.
		if c.Role == access.Agent && !(sk.Visibility == skills.User && sk.Owner == c.User) {
			if err := activatable(lib, sk, r.GetName(), strings.TrimSpace(r.GetConsumer())); err != nil {
				return nil, err
			}
		}
		out := &lorev1.GetSkillResponse{Skill: Skill(sk, s.now()), Instructions: sk.Instructions, Resources: resources(sk)}
		if c.Role != access.Agent {
			out.Skill.Detail = detail(sk, s.now())
			if files := skills.Render(sk); len(files) > 0 {
				out.SkillMd = string(files[0].Content)
			}
			if inv, ok := errors.AsType[*library.InvalidError](library.Invalid(sk)); ok {
				out.Invalid = inv.Errors
			}
		}
		return out, nil
	})
}

// activatable says whether consumer may be given sk without a question:
// offered to it and allowed for it by a person. A skill not offered to
// the consumer (a draft, one its rules hide, another user's own) is
// NotFound, as if unknown to it; one offered but not allowed is
// FailedPrecondition naming the command that allows it. No consumer is
// anyone, to whom nothing is allowed.
func activatable(lib *library.Library, sk *skills.Skill, ref, consumer string) error {
	if !lib.OfferedTo(sk, consumer) {
		return &library.UnknownSkillError{Ref: ref}
	}
	if consumer == "" {
		// Anyone: offered as the catch-all rule offers, and allowed
		// to nobody, since a person allows a named consumer.
		return api.Errorf(connect.CodeFailedPrecondition,
			"%s is not allowed for an unnamed consumer: a person allows a skill for a named one (lore skills allow %s --consumer NAME); over the API there is no one to ask",
			sk.Key, sk.Key)
	}
	if !sk.AllowedFor(consumer) {
		return api.Errorf(connect.CodeFailedPrecondition,
			"%s is not allowed for %s: a person must allow it first (lore skills allow %s --consumer %s); over the API there is no one to ask",
			sk.Key, consumer, sk.Key, consumer)
	}
	return nil
}

// ActivateSkill gives a consumer a skill offered to it that a person
// allowed it to activate without a question (AllowSkill, lore skills
// allow). Over the API nobody can be asked, so any other skill is
// refused (activatable) — unless the caller is a person activating it
// for themselves (person), who is the one an allowance would spare the
// question: then any skill they read is given without a consumer, and a
// skill offered to the consumer with one.
func (s *Service) ActivateSkill(ctx context.Context, r *lorev1.ActivateSkillRequest) (*lorev1.ActivateSkillResponse, error) {
	if err := precheck(ctx, "ActivateSkill"); err != nil {
		return nil, err
	}
	consumer := strings.TrimSpace(r.GetConsumer())
	return onLibrary(ctx, s, "ActivateSkill", false, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.ActivateSkillResponse, error) {
		if r.GetPerson() && c.Role == access.Agent {
			return nil, api.Errorf(connect.CodePermissionDenied, "activate %q: an agent's token activates a skill as an agent, for the consumer a person allowed it for", r.GetName())
		}
		sk, err := lib.Get(r.GetName())
		if err != nil {
			return nil, err
		}
		switch {
		case !r.GetPerson():
			err = activatable(lib, sk, r.GetName(), consumer)
		case consumer != "" && !lib.OfferedTo(sk, consumer):
			err = &library.UnknownSkillError{Ref: r.GetName()}
		}
		if err != nil {
			return nil, err
		}
		out := &lorev1.ActivateSkillResponse{Skill: Skill(sk, s.now()), Instructions: sk.Instructions,
			Resources: resources(sk), AllowedBy: allowedBy(sk, consumer)}
		for _, f := range sk.Files {
			out.Files = append(out.Files, &lorev1.SkillResource{Path: f.Path, Bytes: int32(len(f.Content))})
		}
		loc, err := lib.Materialize(sk)
		if err != nil {
			return nil, err
		}
		if !c.Remote {
			out.Location = loc
		}
		return out, nil
	})
}

// allowedBy says who allowed consumer to activate sk as it is, and when.
func allowedBy(sk *skills.Skill, consumer string) string {
	for _, a := range sk.Allowed {
		if a.Consumer == consumer && a.Hash == sk.Hash {
			by := a.By
			if by == "" {
				by = "someone unknown"
			}
			return by + " at " + stamp(a.At)
		}
	}
	return ""
}

// ProposeSkill files a proposal as a draft of the caller's own
// (visibility user) until a reviewer reviews and promotes it: its text
// scanned as a stranger's (the findings are returned and kept) and its
// secrets and personal data redacted. Its provenance names the caller,
// the agent (a caller with the agent role is the agent) and the agent's
// session.
func (s *Service) ProposeSkill(ctx context.Context, r *lorev1.ProposeSkillRequest) (*lorev1.ProposeSkillResponse, error) {
	if err := precheck(ctx, "ProposeSkill"); err != nil {
		return nil, err
	}
	tt := search.TaskType(r.GetTaskType())
	if tt != "" && tt.Normalize() != tt {
		return nil, api.Errorf(connect.CodeInvalidArgument, "propose: task type %q: use browser, api, code, domain or unknown", r.GetTaskType())
	}
	return onLibrary(ctx, s, "ProposeSkill", true, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.ProposeSkillResponse, error) {
		agent := strings.TrimSpace(r.GetAgent())
		if c.Role == access.Agent {
			agent = c.User
		}
		origin := strings.TrimSpace(r.GetOrigin())
		if agent != "" && (origin == "" || c.Role == access.Agent) {
			origin = "agent:" + agent
		}
		got, err := lib.Propose(library.Proposal{Name: r.GetName(), Description: r.GetDescription(), Instructions: r.GetInstructions(),
			ExampleQueries: r.GetExampleQueries(), SuggestedTools: r.GetSuggestedTools(), TaskType: tt,
			Origin: origin, By: c.User, Owner: c.User, User: c.User, Agent: agent, Session: strings.TrimSpace(r.GetSession())})
		if err != nil {
			return nil, err
		}
		out := &lorev1.ProposeSkillResponse{Skill: Skill(got.Skill, s.now()), Findings: findings(got.Skill.Findings),
			Redacted: map[string]int32{}}
		for k, n := range got.Redacted {
			out.Redacted[string(k)] = int32(n)
		}
		return out, nil
	})
}

// ReviewSkill moves a skill to active (approve), archived (reject) or
// back to draft, as lore skills review does: a skill with a critical
// finding becomes active only with ack_critical, a person having read
// it, and one the strict profile refuses never.
func (s *Service) ReviewSkill(ctx context.Context, r *lorev1.ReviewSkillRequest) (*lorev1.ReviewSkillResponse, error) {
	if err := precheck(ctx, "ReviewSkill"); err != nil {
		return nil, err
	}
	to := skills.Status(r.GetTo())
	verb, ok := map[skills.Status]string{skills.Active: "promoted", skills.Archived: "archived", skills.Draft: "returned to draft"}[to]
	if !ok {
		return nil, api.Errorf(connect.CodeInvalidArgument, "review %q: to %q: use active, archived or draft", r.GetName(), r.GetTo())
	}
	return onLibrary(ctx, s, "ReviewSkill", true, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.ReviewSkillResponse, error) {
		note := strings.TrimSpace(r.GetNote())
		if note == "" {
			note = verb + " by review of " + c.User
		}
		sk, err := lib.Review(r.GetName(), to, note, r.GetAckCritical())
		if err != nil {
			return nil, err
		}
		return &lorev1.ReviewSkillResponse{Skill: Skill(sk, s.now())}, nil
	})
}

// PromoteSkill makes a user's own skill one of the whole workspace.
func (s *Service) PromoteSkill(ctx context.Context, r *lorev1.PromoteSkillRequest) (*lorev1.PromoteSkillResponse, error) {
	return onLibrary(ctx, s, "PromoteSkill", true, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.PromoteSkillResponse, error) {
		sk, err := lib.Promote(r.GetName(), c.User)
		if err != nil {
			return nil, err
		}
		return &lorev1.PromoteSkillResponse{Skill: Skill(sk, s.now())}, nil
	})
}

// SkillFeedback records a vote (helpful, harmful) or a use and its
// outcome (success, failure) with a note, which is scanned and redacted
// before it is kept (library.UseWithNote). A vote is the caller's, one
// per version of the skill: sent again it changes nothing, the other
// vote replaces it. An agent's token, or a caller naming a consumer,
// gives feedback only on what the consumer is offered; any other skill
// is not found, as it is to ActivateSkill.
func (s *Service) SkillFeedback(ctx context.Context, r *lorev1.SkillFeedbackRequest) (*lorev1.SkillFeedbackResponse, error) {
	if err := precheck(ctx, "SkillFeedback"); err != nil {
		return nil, err
	}
	outcome := r.GetOutcome()
	switch outcome {
	case "helpful", "harmful":
		if strings.TrimSpace(r.GetNote()) != "" {
			return nil, api.Errorf(connect.CodeInvalidArgument, "feedback on %q: a note goes with a use (success or failure), not a vote", r.GetName())
		}
	case "success", "failure":
	case "report":
		if strings.TrimSpace(r.GetNote()) == "" {
			return nil, api.Errorf(connect.CodeInvalidArgument, "report on %q: the note is empty; say what went wrong", r.GetName())
		}
	default:
		return nil, api.Errorf(connect.CodeInvalidArgument, "feedback on %q: outcome %q: use helpful, harmful, success, failure or report", r.GetName(), outcome)
	}
	consumer := strings.TrimSpace(r.GetConsumer())
	// only is what the caller may give feedback on: an agent, or anyone
	// speaking for a consumer, only what the consumer is offered, as it
	// activates only that; a person for themselves what they read.
	only := func(c api.Caller, lib *library.Library) library.Only {
		if c.Role == access.Agent || consumer != "" {
			return lib.OfferedOnly(consumer)
		}
		return nil
	}
	if outcome == "report" {
		return onLibrary(ctx, s, "SkillFeedback", true, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.SkillFeedbackResponse, error) {
			f, err := lib.ReportFailure(r.GetName(), r.GetNote(), only(c, lib))
			if err != nil {
				return nil, err
			}
			out := &lorev1.SkillFeedbackResponse{Skill: Skill(f.Skill, s.now()), Signature: f.Signature, Count: int32(f.Count)}
			if f.Negative != nil {
				out.NegativeSkill = f.Negative.Key
			}
			return out, nil
		})
	}
	return onLibrary(ctx, s, "SkillFeedback", true, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.SkillFeedbackResponse, error) {
		if outcome == "helpful" || outcome == "harmful" {
			sk, err := lib.Feedback(r.GetName(), c.User, outcome == "helpful", only(c, lib))
			if err != nil {
				return nil, err
			}
			return &lorev1.SkillFeedbackResponse{Skill: Skill(sk, s.now())}, nil
		}
		u, err := lib.UseWithNote(r.GetName(), outcome == "success", r.GetNote(), only(c, lib))
		if err != nil {
			return nil, err
		}
		out := &lorev1.SkillFeedbackResponse{Skill: Skill(u.Skill, s.now()), Note: u.Note, NoteFindings: findings(u.Findings),
			NoteRedacted: map[string]int32{}}
		for k, n := range u.Redacted {
			out.NoteRedacted[string(k)] = int32(n)
		}
		return out, nil
	})
}

// AllowSkill lets a consumer activate an active skill, as it is now,
// without a question, recorded with the caller's name and the time; with
// revoke it takes the leave back.
func (s *Service) AllowSkill(ctx context.Context, r *lorev1.AllowSkillRequest) (*lorev1.AllowSkillResponse, error) {
	return onLibrary(ctx, s, "AllowSkill", true, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.AllowSkillResponse, error) {
		sk, err := lib.Allow(r.GetName(), r.GetConsumer(), c.User, r.GetRevoke())
		if err != nil {
			return nil, err
		}
		out := &lorev1.AllowSkillResponse{Skill: Skill(sk, s.now()), Consumer: strings.TrimSpace(r.GetConsumer()), Allowed: !r.GetRevoke()}
		if !r.GetRevoke() {
			out.By = c.User
		}
		return out, nil
	})
}

// ExportSkills is the skills the caller may use, of one status (active
// unless the request says otherwise) and namespace, as one zip of Agent
// Skills folders (library.Zip, as lore skills export FILE.zip): the
// workspace's and the caller's own, never another user's, which a
// reviewer reads only to review.
func (s *Service) ExportSkills(ctx context.Context, r *lorev1.ExportSkillsRequest) (*lorev1.ExportSkillsResponse, error) {
	if err := precheck(ctx, "ExportSkills"); err != nil {
		return nil, err
	}
	f := library.Filter{Namespace: r.GetNamespace(), Usable: true}
	switch st := r.GetStatus(); st {
	case "":
		f.Status = []skills.Status{skills.Active}
	case "all":
	case string(skills.Draft), string(skills.Active), string(skills.Archived):
		f.Status = []skills.Status{skills.Status(st)}
	default:
		return nil, api.Errorf(connect.CodeInvalidArgument, "export skills: status %q: use active, draft, archived or all", st)
	}
	return onLibrary(ctx, s, "ExportSkills", false, func(_ api.Caller, _ Store, lib *library.Library) (*lorev1.ExportSkillsResponse, error) {
		ex, b, err := lib.Zip(f)
		if err != nil {
			return nil, err
		}
		return &lorev1.ExportSkillsResponse{Zip: b, Skills: ex.Keys, Warnings: ex.Warnings}, nil
	})
}

// uploadedZip names the bundle of an ImportSkills in what the records
// and findings say of where the skills came from, when the request does
// not name its source.
const uploadedZip = "uploaded.zip"

// ImportSkills imports Agent Skills as lore skills import does: every
// skill scanned as a stranger's, one with a critical finding skipped (a
// draft with trust), the others filed as drafts for review, or made
// active with trust, which a role that reviews gives and a curator may
// not. The skills come as a zip (a bundle, or a folder read on the
// caller's machine), or, for a caller on the serving machine, at a path
// there. A curator's import is their own (visibility user) until a
// reviewer promotes it; an admin's is the workspace's, which they would
// promote themselves. What the answer says of where the skills came from
// names the request's source.
func (s *Service) ImportSkills(ctx context.Context, r *lorev1.ImportSkillsRequest) (*lorev1.ImportSkillsResponse, error) {
	c, err := api.Check(ctx, "ImportSkills")
	if err != nil {
		return nil, err
	}
	reviewer := c.Role == access.Reviewer || c.Role == access.Admin
	switch {
	case r.GetPath() != "" && c.Remote:
		return nil, api.Errorf(connect.CodePermissionDenied, "import skills: a team server reads no path of its own: send the skills (lore skills import reads them where you are)")
	case r.GetPath() == "" && len(r.GetZip()) == 0:
		return nil, api.Errorf(connect.CodeInvalidArgument, "import skills: no zip was sent")
	case r.GetTrust() && !reviewer:
		return nil, api.Errorf(connect.CodePermissionDenied, "import skills: trust vouches for the source and makes its skills active, which is a reviewer's call; import without it, for review")
	}
	return onLibrary(ctx, s, "ImportSkills", true, func(c api.Caller, st Store, lib *library.Library) (*lorev1.ImportSkillsResponse, error) {
		if reviewer {
			// Their import is the workspace's: a library answering for
			// no one user, whose imports nobody owns.
			lib = s.library(api.Caller{Role: c.Role, Workspace: c.Workspace}, st)
		}
		// file is what the importer reads; root the place its answer
		// names, which is said as name.
		file, name := r.GetPath(), cmp.Or(r.GetSource(), r.GetPath())
		root := file
		if file == "" {
			dir, err := os.MkdirTemp("", "lore-import-")
			if err != nil {
				return nil, fmt.Errorf("import skills: a folder to keep the bundle in: %w", err)
			}
			defer os.RemoveAll(dir)
			// A bundle keeps its own name, which a skill at its top
			// is named after.
			file = filepath.Join(dir, uploadedZip)
			if base := filepath.Base(r.GetSource()); bundle.IsBundle(base) && !r.GetFolder() {
				file = filepath.Join(dir, base)
			}
			if err := os.WriteFile(file, r.GetZip(), 0o600); err != nil {
				return nil, fmt.Errorf("import skills: keep the bundle: %w", err)
			}
			root = file
			if r.GetFolder() {
				top, err := topFolder(r.GetZip())
				if err != nil {
					return nil, err
				}
				root = file + "!" + top
			}
			name = cmp.Or(r.GetSource(), uploadedZip)
		}
		hide := func(x string) string { return strings.ReplaceAll(x, root, name) }
		opts := bundle.ImportOptions{Namespace: r.GetNamespace(), Trust: r.GetTrust(), Strict: r.GetStrict(), Redact: r.GetRedact(), Now: s.now()}
		plan, err := bundle.Import(file, opts)
		if err != nil {
			msg := hide(err.Error())
			if ie, ok := errors.AsType[*core.InputError](err); ok && !ie.Usage {
				// A damaged bundle: the caller's to fix, and lore skills
				// import's failure, as validate's.
				return nil, api.WithExitCode(connect.NewError(connect.CodeInvalidArgument, errors.New(msg)), exitcode.Failure)
			}
			return nil, &core.UsageError{Msg: msg}
		}
		if plan.Discovered+len(r.GetReadSkipped()) == 0 {
			return nil, &core.UsageError{Msg: fmt.Sprintf("no SKILL.md found in %s (searched %d levels deep, skipping .git and node_modules)", name, skillspec.MaxDiscoverDepth)}
		}
		hidePlan(&plan, hide)
		warnings, err := lib.Import(plan, r.GetDryRun())
		if err != nil {
			return nil, err
		}
		at := s.now()
		out := &lorev1.ImportSkillsResponse{Discovered: int32(plan.Discovered + len(r.GetReadSkipped())), Drafts: plan.Drafts(), DryRun: r.GetDryRun(),
			Warnings: append(slices.Clone(r.GetReadWarnings()), plan.Warnings...), Skipped: slices.Clone(r.GetReadSkipped())}
		for _, sk := range plan.Skills {
			rec := sk
			if !r.GetDryRun() {
				if rec, err = lib.Get(sk.Key); err != nil {
					// Held by another user's own skill: not imported (a
					// warning says so).
					continue
				}
			}
			out.Skills = append(out.Skills, Skill(rec, at))
		}
		for _, w := range warnings {
			out.Warnings = append(out.Warnings, hide(w))
		}
		for _, sk := range plan.Skipped {
			out.Skipped = append(out.Skipped, sk.Path+": "+sk.Reason)
		}
		for _, f := range plan.Findings {
			out.Findings = append(out.Findings, finding(&f))
		}
		for _, key := range slices.Sorted(maps.Keys(plan.Invalid)) {
			out.Invalid = append(out.Invalid, &lorev1.InvalidSkill{Key: key, Errors: plan.Invalid[key]})
		}
		for _, sp := range plan.Sensitive {
			out.Sensitive = append(out.Sensitive, &lorev1.SensitiveSpan{File: sp.File, Line: int32(sp.Line), Kind: string(sp.Kind), What: sp.What, Redacted: sp.Redacted})
		}
		return out, nil
	})
}

// topFolder is the one folder a zip of a folder holds its files under.
func topFolder(b []byte) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return "", api.Errorf(connect.CodeInvalidArgument, "import skills: the folder sent is no zip: %v", err)
	}
	top := ""
	for _, f := range zr.File {
		first, _, _ := strings.Cut(f.Name, "/")
		if top != "" && first != top || first == f.Name {
			return "", api.Errorf(connect.CodeInvalidArgument, "import skills: the folder sent holds %q, outside its one folder %q", f.Name, top)
		}
		top = first
	}
	if top == "" {
		return "", api.Errorf(connect.CodeInvalidArgument, "import skills: the folder sent is empty")
	}
	return top, nil
}

// hidePlan names, in everything plan says of where its skills came from,
// what hide makes of the place the importer read.
func hidePlan(plan *bundle.Plan, hide func(string) string) {
	for _, sk := range plan.Skills {
		sk.Provenance.Document, sk.Lineage.Origin = hide(sk.Provenance.Document), hide(sk.Lineage.Origin)
		for i := range sk.Findings {
			sk.Findings[i].File, sk.Findings[i].Location = hide(sk.Findings[i].File), hide(sk.Findings[i].Location)
		}
	}
	for i := range plan.Warnings {
		plan.Warnings[i] = hide(plan.Warnings[i])
	}
	for i := range plan.Skipped {
		plan.Skipped[i].Path, plan.Skipped[i].Reason = hide(plan.Skipped[i].Path), hide(plan.Skipped[i].Reason)
	}
	for i := range plan.Findings {
		plan.Findings[i].File, plan.Findings[i].Location = hide(plan.Findings[i].File), hide(plan.Findings[i].Location)
	}
	for i := range plan.Sensitive {
		plan.Sensitive[i].File = hide(plan.Sensitive[i].File)
	}
}

// Queue lists what waits for a person in the workspace: the draft skills
// the caller sees (oldest first), the conflicts, and the learns waiting
// at the gate for a reviewer (their questions).
func (s *Service) Queue(ctx context.Context, _ *lorev1.QueueRequest) (*lorev1.QueueResponse, error) {
	return onLibrary(ctx, s, "Queue", false, func(c api.Caller, st Store, lib *library.Library) (*lorev1.QueueResponse, error) {
		q, err := lib.Queue()
		if err != nil {
			return nil, err
		}
		at := s.now()
		out := &lorev1.QueueResponse{}
		for _, sk := range q.Skills {
			out.Drafts = append(out.Drafts, Skill(sk, at))
		}
		if out.Conflicts, err = conflicts(st, false); err != nil {
			return nil, err
		}
		// The runs waiting at the gate are this service's own learns,
		// kept in memory while they wait; the store holds none.
		out.Waiting = s.Waiting(c.Workspace)
		return out, nil
	})
}

// RollbackSkill makes an earlier version of a skill current again, as a
// new version (library.Rollback, as lore skills rollback): its status,
// usage and feedback kept; an active skill is not rolled back to a
// version the strict profile refuses.
func (s *Service) RollbackSkill(ctx context.Context, r *lorev1.RollbackSkillRequest) (*lorev1.RollbackSkillResponse, error) {
	return onLibrary(ctx, s, "RollbackSkill", true, func(_ api.Caller, _ Store, lib *library.Library) (*lorev1.RollbackSkillResponse, error) {
		sk, err := lib.Rollback(r.GetName(), int(r.GetVersion()))
		if err != nil {
			return nil, err
		}
		return &lorev1.RollbackSkillResponse{Skill: Skill(sk, s.now()), Restored: r.GetVersion()}, nil
	})
}

// WarnSkill writes an active negative skill (library.Warn, as lore skills
// warn), recorded under the caller's name.
func (s *Service) WarnSkill(ctx context.Context, r *lorev1.WarnSkillRequest) (*lorev1.WarnSkillResponse, error) {
	if err := precheck(ctx, "WarnSkill"); err != nil {
		return nil, err
	}
	tt := search.TaskType(r.GetTaskType())
	if tt != "" && tt.Normalize() != tt {
		return nil, api.Errorf(connect.CodeInvalidArgument, "warn: task type %q: use browser, api, code, domain or unknown", r.GetTaskType())
	}
	return onLibrary(ctx, s, "WarnSkill", true, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.WarnSkillResponse, error) {
		sk, err := lib.Warn(library.Warning{Name: r.GetName(), Description: r.GetDescription(), Body: r.GetBody(), About: r.GetAbout(),
			TaskType: tt, By: c.User})
		if err != nil {
			return nil, err
		}
		return &lorev1.WarnSkillResponse{Skill: Skill(sk, s.now()), Extends: sk.Extends}, nil
	})
}

// EditSkill replaces a draft's text (library.EditSkillMD for an imported
// draft's whole SKILL.md, library.Edit for another draft's description
// and instructions), as lore skills edit.
func (s *Service) EditSkill(ctx context.Context, r *lorev1.EditSkillRequest) (*lorev1.EditSkillResponse, error) {
	if err := precheck(ctx, "EditSkill"); err != nil {
		return nil, err
	}
	whole := len(r.GetSkillMd()) > 0
	if whole && (r.GetDescription() != "" || r.GetInstructions() != "") {
		return nil, api.Errorf(connect.CodeInvalidArgument, "edit %q: a SKILL.md replaces the whole skill; a description and instructions are for a draft lore writes from its fields: send one or the other", r.GetName())
	}
	return onLibrary(ctx, s, "EditSkill", true, func(_ api.Caller, _ Store, lib *library.Library) (*lorev1.EditSkillResponse, error) {
		var (
			res library.Edited
			err error
		)
		if whole {
			res, err = lib.EditSkillMD(r.GetName(), r.GetSkillMd())
		} else {
			res, err = lib.Edit(r.GetName(), r.GetDescription(), r.GetInstructions())
		}
		if err != nil {
			return nil, err
		}
		out := &lorev1.EditSkillResponse{Skill: Skill(res.Skill, s.now()), Changed: res.Changed, Findings: findings(res.Skill.Findings),
			Invalid: res.Invalid, Redacted: map[string]int32{}}
		for k, n := range res.Redacted {
			out.Redacted[string(k)] = int32(n)
		}
		return out, nil
	})
}

// PromptSkills is the <available_skills> block of the skills offered to
// the request's consumer (active, visible to it and to the caller), as
// lore skills prompt prints it (library.Prompt): an agent is given the
// catalog SearchSkills ranks for it. Each location is the SKILL.md the
// library keeps for the skill in its folder, written from the store; a
// caller on another machine, who cannot read it, is given the command
// that prints the skill instead, and no folder is written for it.
func (s *Service) PromptSkills(ctx context.Context, r *lorev1.PromptSkillsRequest) (*lorev1.PromptSkillsResponse, error) {
	if err := precheck(ctx, "PromptSkills"); err != nil {
		return nil, err
	}
	if r.GetBudget() < 0 {
		return nil, api.Errorf(connect.CodeInvalidArgument, "prompt: budget %d: give a positive number of tokens, or 0 for no limit", r.GetBudget())
	}
	return onLibrary(ctx, s, "PromptSkills", false, func(c api.Caller, st Store, lib *library.Library) (*lorev1.PromptSkillsResponse, error) {
		if c.Remote {
			o := s.callerLibrary(c)
			o.Elsewhere = true
			lib = library.New(st, o)
		}
		cat, err := lib.Prompt(r.GetQuery(), r.GetConsumer(), int(r.GetBudget()))
		if err != nil {
			return nil, err
		}
		return &lorev1.PromptSkillsResponse{Prompt: cat.Block, Skills: cat.Keys, Warnings: cat.Warnings}, nil
	})
}

// ResolveSkills expands the skills named and everything they import into
// dependency-first order, as lore skills resolve (library.Resolve): the
// skills the consumer may not see, when one is named, are moved to
// hidden. An agent resolves among the skills offered to the consumer
// alone (library.ResolveOffered), as it is given no other: one it names
// that is not offered is unknown to it.
func (s *Service) ResolveSkills(ctx context.Context, r *lorev1.ResolveSkillsRequest) (*lorev1.ResolveSkillsResponse, error) {
	if err := precheck(ctx, "ResolveSkills"); err != nil {
		return nil, err
	}
	if len(r.GetNames()) == 0 {
		return nil, api.Errorf(connect.CodeInvalidArgument, "resolve skills: name at least one skill")
	}
	return onLibrary(ctx, s, "ResolveSkills", false, func(c api.Caller, _ Store, lib *library.Library) (*lorev1.ResolveSkillsResponse, error) {
		resolve := lib.Resolve
		if c.Role == access.Agent {
			resolve = lib.ResolveOffered
		}
		res, err := resolve(r.GetNames(), r.GetConsumer())
		if err != nil {
			return nil, err
		}
		return &lorev1.ResolveSkillsResponse{Skills: res.Skills, Hidden: res.Hidden, Warnings: res.Warnings}, nil
	})
}

// MergeSkills merges the learned skills at least the library's merge
// threshold similar (skills.merge_threshold where it runs), as lore
// skills merge (library.Merge); with dry_run it lists the merges and
// changes nothing.
func (s *Service) MergeSkills(ctx context.Context, r *lorev1.MergeSkillsRequest) (*lorev1.MergeSkillsResponse, error) {
	return onLibrary(ctx, s, "MergeSkills", !r.GetDryRun(), func(_ api.Caller, _ Store, lib *library.Library) (*lorev1.MergeSkillsResponse, error) {
		pairs, err := lib.Merge(r.GetDryRun())
		if err != nil {
			return nil, err
		}
		out := &lorev1.MergeSkillsResponse{Threshold: lib.MergeThreshold(), DryRun: r.GetDryRun()}
		for _, p := range pairs {
			out.Merges = append(out.Merges, &lorev1.SkillMerge{Into: p.Into, From: p.From, Score: p.Score})
		}
		return out, nil
	})
}

// EvalSkills runs the trigger evals of the skills named (every skill
// that has some when none is) against the library the caller reads, as
// lore skills eval (library.TriggerEvals): a person's measure of the
// descriptions, drafts included, which an agent's token may not call.
func (s *Service) EvalSkills(ctx context.Context, r *lorev1.EvalSkillsRequest) (*lorev1.EvalSkillsResponse, error) {
	return onLibrary(ctx, s, "EvalSkills", false, func(_ api.Caller, _ Store, lib *library.Library) (*lorev1.EvalSkillsResponse, error) {
		rep, err := lib.TriggerEvals(r.GetNames())
		if err != nil {
			return nil, err
		}
		out := &lorev1.EvalSkillsResponse{Pool: int32(rep.Pool), Should: int32(rep.Should), Hits: int32(rep.Hits),
			ShouldNot: int32(rep.ShouldNot), Clear: int32(rep.Clear)}
		for _, se := range rep.Skills {
			m := &lorev1.SkillEval{Key: se.Key, Should: int32(se.Should), Hits: int32(se.Hits), ShouldNot: int32(se.ShouldNot),
				Clear: int32(se.Clear), Problem: se.Problem}
			for _, q := range se.Queries {
				m.Queries = append(m.Queries, &lorev1.TriggerQuery{Query: q.Query, ShouldTrigger: q.ShouldTrigger, Rank: int32(q.Rank),
					First: q.First, Pass: q.Pass})
			}
			out.Skills = append(out.Skills, m)
		}
		return out, nil
	})
}
