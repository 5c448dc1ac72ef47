package local

// TEMPORARY: methods not yet written; each returns Unimplemented. This
// file goes once they are.

import (
	"context"
	"io"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
)

var _ = io.EOF

func (s *Service) SearchSkills(ctx context.Context, _ *lorev1.SearchSkillsRequest) (*lorev1.SearchSkillsResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "SearchSkills: not yet")
}

func (s *Service) ListSkills(ctx context.Context, _ *lorev1.ListSkillsRequest) (*lorev1.ListSkillsResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "ListSkills: not yet")
}

func (s *Service) GetSkill(ctx context.Context, _ *lorev1.GetSkillRequest) (*lorev1.GetSkillResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "GetSkill: not yet")
}

func (s *Service) ActivateSkill(ctx context.Context, _ *lorev1.ActivateSkillRequest) (*lorev1.ActivateSkillResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "ActivateSkill: not yet")
}

func (s *Service) ProposeSkill(ctx context.Context, _ *lorev1.ProposeSkillRequest) (*lorev1.ProposeSkillResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "ProposeSkill: not yet")
}

func (s *Service) ReviewSkill(ctx context.Context, _ *lorev1.ReviewSkillRequest) (*lorev1.ReviewSkillResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "ReviewSkill: not yet")
}

func (s *Service) PromoteSkill(ctx context.Context, _ *lorev1.PromoteSkillRequest) (*lorev1.PromoteSkillResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "PromoteSkill: not yet")
}

func (s *Service) SkillFeedback(ctx context.Context, _ *lorev1.SkillFeedbackRequest) (*lorev1.SkillFeedbackResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "SkillFeedback: not yet")
}

func (s *Service) AllowSkill(ctx context.Context, _ *lorev1.AllowSkillRequest) (*lorev1.AllowSkillResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "AllowSkill: not yet")
}

func (s *Service) ExportSkills(ctx context.Context, _ *lorev1.ExportSkillsRequest) (*lorev1.ExportSkillsResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "ExportSkills: not yet")
}

func (s *Service) ImportSkills(ctx context.Context, _ *lorev1.ImportSkillsRequest) (*lorev1.ImportSkillsResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "ImportSkills: not yet")
}

func (s *Service) Queue(ctx context.Context, _ *lorev1.QueueRequest) (*lorev1.QueueResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "Queue: not yet")
}
