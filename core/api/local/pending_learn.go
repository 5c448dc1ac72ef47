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

type runs struct{}

func newRuns() *runs { return &runs{} }

func (s *Service) Upload(ctx context.Context, _ *lorev1.UploadHeader, _ io.Reader) (*lorev1.UploadResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "Upload: not yet")
}

func (s *Service) Learn(ctx context.Context, _ *lorev1.LearnRequest, _ func(*lorev1.LearnEvent) error) error {
	return api.Errorf(connect.CodeUnimplemented, "Learn: not yet")
}

func (s *Service) Watch(ctx context.Context, _ *lorev1.WatchRequest, _ func(*lorev1.LearnEvent) error) error {
	return api.Errorf(connect.CodeUnimplemented, "Watch: not yet")
}

func (s *Service) Decide(ctx context.Context, _ *lorev1.DecideRequest) (*lorev1.DecideResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "Decide: not yet")
}

func (s *Service) Unlearn(ctx context.Context, _ *lorev1.UnlearnRequest) (*lorev1.UnlearnResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "Unlearn: not yet")
}

func (s *Service) Resolve(ctx context.Context, _ *lorev1.ResolveRequest) (*lorev1.ResolveResponse, error) {
	return nil, api.Errorf(connect.CodeUnimplemented, "Resolve: not yet")
}
