package apitest

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// Call makes the call method with a plain request: for the tests that go
// over every call, whose answer is whether it was let through and what it
// gave (a stream's events, for a stream).
func Call(ctx context.Context, svc api.Service, method string) (any, error) {
	var events []*lorev1.LearnEvent
	drop := func(ev *lorev1.LearnEvent) error { events = append(events, ev); return nil }
	var (
		out any
		err error
	)
	switch method {
	case "WhoAmI":
		out, err = svc.WhoAmI(ctx, &lorev1.WhoAmIRequest{})
	case "Find":
		out, err = svc.Find(ctx, &lorev1.FindRequest{Query: "graph"})
	case "Show":
		out, err = svc.Show(ctx, &lorev1.ShowRequest{Id: "x"})
	case "Rank":
		out, err = svc.Rank(ctx, &lorev1.RankRequest{})
	case "Graph":
		out, err = svc.Graph(ctx, &lorev1.GraphRequest{})
	case "Sessions":
		out, err = svc.Sessions(ctx, &lorev1.SessionsRequest{})
	case "Report":
		out, err = svc.Report(ctx, &lorev1.ReportRequest{SessionId: "x"})
	case "Conflicts":
		out, err = svc.Conflicts(ctx, &lorev1.ConflictsRequest{})
	case "Upload":
		out, err = svc.Upload(ctx, &lorev1.UploadHeader{Name: "a.md"}, strings.NewReader("# A\n"))
	case "Learn":
		err = svc.Learn(ctx, &lorev1.LearnRequest{UploadId: "x"}, drop)
	case "Decide":
		out, err = svc.Decide(ctx, &lorev1.DecideRequest{RunId: "x", Status: "approved"})
	case "Watch":
		// A watch lasts until its caller stops it; a moment is enough
		// to be let in or not.
		ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		err = svc.Watch(ctx, &lorev1.WatchRequest{}, drop)
	case "Unlearn":
		out, err = svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: "x"})
	case "Resolve":
		out, err = svc.Resolve(ctx, &lorev1.ResolveRequest{ConflictId: "x", Choice: "keep-both"})
	case "Curate":
		out, err = svc.Curate(ctx, &lorev1.CurateRequest{Decision: "reject", Id: "x"})
	case "SearchSkills":
		out, err = svc.SearchSkills(ctx, &lorev1.SearchSkillsRequest{Query: "x"})
	case "ListSkills":
		out, err = svc.ListSkills(ctx, &lorev1.ListSkillsRequest{})
	case "GetSkill":
		out, err = svc.GetSkill(ctx, &lorev1.GetSkillRequest{Name: "x"})
	case "ActivateSkill":
		out, err = svc.ActivateSkill(ctx, &lorev1.ActivateSkillRequest{Name: "x"})
	case "ProposeSkill":
		out, err = svc.ProposeSkill(ctx, &lorev1.ProposeSkillRequest{Name: "x"})
	case "ReviewSkill":
		out, err = svc.ReviewSkill(ctx, &lorev1.ReviewSkillRequest{Name: "x", To: "active"})
	case "PromoteSkill":
		out, err = svc.PromoteSkill(ctx, &lorev1.PromoteSkillRequest{Name: "x"})
	case "SkillFeedback":
		out, err = svc.SkillFeedback(ctx, &lorev1.SkillFeedbackRequest{Name: "x", Outcome: "helpful"})
	case "AllowSkill":
		out, err = svc.AllowSkill(ctx, &lorev1.AllowSkillRequest{Name: "x", Consumer: "c"})
	case "ExportSkills":
		out, err = svc.ExportSkills(ctx, &lorev1.ExportSkillsRequest{})
	case "ImportSkills":
		out, err = svc.ImportSkills(ctx, &lorev1.ImportSkillsRequest{})
	case "Queue":
		out, err = svc.Queue(ctx, &lorev1.QueueRequest{})
	case "Jobs":
		out, err = svc.Jobs(ctx, &lorev1.JobsRequest{})
	case "EnqueueRuns":
		out, err = svc.EnqueueRuns(ctx, &lorev1.EnqueueRunsRequest{})
	case "TakeRun":
		out, err = svc.TakeRun(ctx, &lorev1.TakeRunRequest{})
	case "FinishRun":
		out, err = svc.FinishRun(ctx, &lorev1.FinishRunRequest{Job: &lorev1.Job{Seq: 1, State: "done"}})
	case "AddUser":
		out, err = svc.AddUser(ctx, &lorev1.AddUserRequest{Name: "apitest-added", Role: "reader"})
	case "ListUsers":
		out, err = svc.ListUsers(ctx, &lorev1.ListUsersRequest{})
	case "RevokeUser":
		out, err = svc.RevokeUser(ctx, &lorev1.RevokeUserRequest{Name: "apitest-added"})
	case "RollbackSkill":
		out, err = svc.RollbackSkill(ctx, &lorev1.RollbackSkillRequest{Name: "x", Version: 1})
	case "WarnSkill":
		out, err = svc.WarnSkill(ctx, &lorev1.WarnSkillRequest{Name: "x", Description: "Never do x."})
	case "EditSkill":
		out, err = svc.EditSkill(ctx, &lorev1.EditSkillRequest{Name: "x", Description: "d", Instructions: "i"})
	case "PromptSkills":
		out, err = svc.PromptSkills(ctx, &lorev1.PromptSkillsRequest{Query: "x"})
	case "ResolveSkills":
		out, err = svc.ResolveSkills(ctx, &lorev1.ResolveSkillsRequest{Names: []string{"x"}})
	case "MergeSkills":
		out, err = svc.MergeSkills(ctx, &lorev1.MergeSkillsRequest{DryRun: true})
	case "EvalSkills":
		out, err = svc.EvalSkills(ctx, &lorev1.EvalSkillsRequest{})
	case "VerifyStore":
		out, err = svc.VerifyStore(ctx, &lorev1.VerifyStoreRequest{})
	case "BackupStore":
		// The backup's bytes are the answer: what a call gives.
		var b bytes.Buffer
		if _, err = svc.BackupStore(ctx, &lorev1.BackupStoreRequest{}, &b); err == nil {
			out = b.String()
		}
	default:
		return nil, fmt.Errorf("apitest: no call %s", method)
	}
	if events != nil {
		out = events
	}
	return out, err
}
