package tui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/skills/library"
	"github.com/lore-kb/lore/tui/skillsview"
)

// The Skills screen through the API (a team server, or a library in
// PostgreSQL): the library with each skill's whole record, the review
// decisions, the allowances and the sharing of a user's own skill, each
// one call returning the message the local command returns, so that the
// screen and the root's handling of its messages are the same on both.

// apiArtifacts is what the Skills screen says in place of the generated
// agents and teams through the API, which lists the skill library
// alone.
const apiArtifacts = "generated agents and teams are not listed through the API"

// serverSkills reads the whole skill library, every status, with each
// skill's detail (its findings with their evidence and flow, versions,
// files, instructions and original SKILL.md), as the library's records.
// The state of the agent-run queue (lore watch) comes with it.
func serverSkills(ctx context.Context, svc api.Service) tea.Cmd {
	return func() tea.Msg {
		runs, runsErr := serverRuns(ctx, svc)
		res, err := svc.ListSkills(ctx, &lorev1.ListSkillsRequest{Status: "all", Detail: true})
		if err != nil {
			return artifactsMsg{err: apiErr("list", err), runs: runs, runsErr: runsErr}
		}
		lib := make([]*skills.Skill, len(res.GetSkills()))
		for i, s := range res.GetSkills() {
			lib[i] = api.SkillOf(s)
		}
		return artifactsMsg{lib: lib, runs: runs, runsErr: runsErr}
	}
}

// serverRuns counts the jobs of the agent-run queue by state. The counts
// come whole whatever the jobs listed, so one job per state is asked for.
func serverRuns(ctx context.Context, svc api.Service) (skillsview.RunQueue, error) {
	res, err := svc.Jobs(ctx, &lorev1.JobsRequest{Limit: 1})
	if err != nil {
		return skillsview.RunQueue{}, apiErr("the agent-run queue", err)
	}
	return skillsview.RunQueue{Pending: int(res.GetPending()), Done: int(res.GetDone()), Failed: int(res.GetFailed())}, nil
}

// serverReview moves the skill key to status to on the server; ack says
// the reviewer acknowledged its critical findings one by one.
func serverReview(ctx context.Context, svc api.Service, key string, to skills.Status, ack bool) tea.Cmd {
	return func() tea.Msg {
		_, err := svc.ReviewSkill(ctx, &lorev1.ReviewSkillRequest{Name: key, To: string(to), AckCritical: ack})
		if err != nil {
			err = apiErr("review "+key, err)
		}
		return reviewedMsg{key: key, to: to, ack: ack, err: err}
	}
}

// serverAllow lets consumer activate the skill key without a question,
// recorded on the server under the application's user.
func serverAllow(ctx context.Context, svc api.Service, key, consumer string) tea.Cmd {
	return func() tea.Msg {
		_, err := svc.AllowSkill(ctx, &lorev1.AllowSkillRequest{Name: key, Consumer: consumer})
		if err != nil {
			err = apiErr("allow "+key+" for "+consumer, err)
		}
		return allowedMsg{key: key, consumer: consumer, err: err}
	}
}

// serverShare makes the skill key, one user's own, the workspace's on
// the server, recorded under the application's user.
func serverShare(ctx context.Context, svc api.Service, key string) tea.Cmd {
	return func() tea.Msg {
		_, err := svc.PromoteSkill(ctx, &lorev1.PromoteSkillRequest{Name: key})
		if err != nil {
			err = apiErr("share "+key, err)
		}
		return sharedMsg{key: key, err: err}
	}
}

// serverDrafts counts the drafts the user sees, for the Skills tab's
// badge.
func serverDrafts(ctx context.Context, svc api.Service) (int, error) {
	res, err := svc.ListSkills(ctx, &lorev1.ListSkillsRequest{Status: string(skills.Draft)})
	if err != nil {
		return 0, err
	}
	return len(res.GetSkills()), nil
}

// apiErr is err of a call for what, said as the library says it: the
// answer's message without its code's name, which is the API's and tells
// a person nothing the message does not. A refusal of the library's
// (an unknown skill, a promotion not acknowledged, a status it has) names
// the skill already; any other failure (the server unreachable, the
// call cut short) is said with what was being done. The error is kept
// for errors.Is and errors.As.
func apiErr(what string, err error) error {
	ce, ok := errors.AsType[*connect.Error](err)
	if !ok {
		return &apiError{msg: what + ": " + err.Error(), err: err}
	}
	switch ce.Code() {
	case connect.CodeNotFound, connect.CodeFailedPrecondition, connect.CodeInvalidArgument, connect.CodeAlreadyExists,
		connect.CodePermissionDenied:
		return &apiError{msg: ce.Message(), err: err}
	}
	return &apiError{msg: what + ": " + ce.Message(), err: err}
}

type apiError struct {
	msg string
	err error
}

func (e *apiError) Error() string { return e.msg }
func (e *apiError) Unwrap() error { return e.err }

// reloadSkills reads the Skills screen's data again, where the library
// is: the folder's store, or the API.
func (m Model) reloadSkills() tea.Cmd {
	if m.onServer() {
		return serverSkills(m.ctx, m.opts.Server.Svc)
	}
	return loadSkills(m.stores())
}

// serverEdit stores a reviewer's text as the draft key's, through the
// API: a whole SKILL.md when skillMD is not empty, else its description
// and instructions. The draft is rescanned there, as in a folder.
func serverEdit(ctx context.Context, svc api.Service, key, skillMD, description, instructions string) tea.Cmd {
	return func() tea.Msg {
		out, err := svc.EditSkill(ctx, &lorev1.EditSkillRequest{Name: key, SkillMd: []byte(skillMD), Description: description, Instructions: instructions})
		if err != nil {
			return editedMsg{key: key, err: apiErr("edit "+key, err)}
		}
		sk := api.SkillOf(out.GetSkill())
		sk.Findings = api.FindingsOf(out.GetFindings())
		res := library.Edited{Skill: sk, Changed: out.GetChanged(), Invalid: out.GetInvalid(), Redacted: map[redact.Kind]int{}}
		for k, n := range out.GetRedacted() {
			res.Redacted[redact.Kind(k)] = int(n)
		}
		return editedMsg{key: key, res: res}
	}
}
