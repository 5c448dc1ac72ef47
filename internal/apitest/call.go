package apitest

import (
	"context"
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

// Call makes the call method with an empty request (a stream's events
// discarded): for the tests that go over every call, whose answer here
// is only whether it was let through.
func Call(ctx context.Context, svc api.Service, method string) error {
	drop := func(*lorev1.LearnEvent) error { return nil }
	var err error
	switch method {
	case "WhoAmI":
		_, err = svc.WhoAmI(ctx, &lorev1.WhoAmIRequest{})
	case "Find":
		_, err = svc.Find(ctx, &lorev1.FindRequest{Query: "graph"})
	case "Show":
		_, err = svc.Show(ctx, &lorev1.ShowRequest{Id: "x"})
	case "Rank":
		_, err = svc.Rank(ctx, &lorev1.RankRequest{})
	case "Graph":
		_, err = svc.Graph(ctx, &lorev1.GraphRequest{})
	case "Sessions":
		_, err = svc.Sessions(ctx, &lorev1.SessionsRequest{})
	case "Report":
		_, err = svc.Report(ctx, &lorev1.ReportRequest{SessionId: "x"})
	case "Conflicts":
		_, err = svc.Conflicts(ctx, &lorev1.ConflictsRequest{})
	case "Upload":
		_, err = svc.Upload(ctx, &lorev1.UploadHeader{Name: "a.md"}, strings.NewReader("# A\n"))
	case "Learn":
		err = svc.Learn(ctx, &lorev1.LearnRequest{UploadId: "x"}, drop)
	case "Decide":
		_, err = svc.Decide(ctx, &lorev1.DecideRequest{RunId: "x", Status: "approved"})
	case "Watch":
		ctx, cancel := context.WithCancel(ctx)
		cancel()
		err = svc.Watch(ctx, &lorev1.WatchRequest{}, drop)
	case "Unlearn":
		_, err = svc.Unlearn(ctx, &lorev1.UnlearnRequest{SessionId: "x"})
	case "Resolve":
		_, err = svc.Resolve(ctx, &lorev1.ResolveRequest{ConflictId: "x", Choice: "keep-both"})
	case "SearchSkills":
		_, err = svc.SearchSkills(ctx, &lorev1.SearchSkillsRequest{Query: "x"})
	case "ListSkills":
		_, err = svc.ListSkills(ctx, &lorev1.ListSkillsRequest{})
	case "GetSkill":
		_, err = svc.GetSkill(ctx, &lorev1.GetSkillRequest{Name: "x"})
	case "ActivateSkill":
		_, err = svc.ActivateSkill(ctx, &lorev1.ActivateSkillRequest{Name: "x"})
	case "ProposeSkill":
		_, err = svc.ProposeSkill(ctx, &lorev1.ProposeSkillRequest{Name: "x"})
	case "ReviewSkill":
		_, err = svc.ReviewSkill(ctx, &lorev1.ReviewSkillRequest{Name: "x", To: "active"})
	case "PromoteSkill":
		_, err = svc.PromoteSkill(ctx, &lorev1.PromoteSkillRequest{Name: "x"})
	case "SkillFeedback":
		_, err = svc.SkillFeedback(ctx, &lorev1.SkillFeedbackRequest{Name: "x", Outcome: "helpful"})
	case "AllowSkill":
		_, err = svc.AllowSkill(ctx, &lorev1.AllowSkillRequest{Name: "x", Consumer: "c"})
	case "ExportSkills":
		_, err = svc.ExportSkills(ctx, &lorev1.ExportSkillsRequest{})
	case "ImportSkills":
		_, err = svc.ImportSkills(ctx, &lorev1.ImportSkillsRequest{})
	case "Queue":
		_, err = svc.Queue(ctx, &lorev1.QueueRequest{})
	default:
		return fmt.Errorf("apitest: no call %s", method)
	}
	return err
}
