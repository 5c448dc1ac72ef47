package local

import (
	"context"
	"io"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store/backend"
)

// Maintainer checks, repairs and backs up the workspaces' stores: what
// a lent Store cannot do, since a repair must have the store to itself
// (its rebuild leaves the indexes missing to any read meanwhile) and
// each backend backs up in its own way, or not at all. The process that
// opens the stores provides it (Options.Maintain).
type Maintainer interface {
	// Verify checks the store of workspace, after repairing it when
	// repair is set, and reports what it checked and found; problems
	// found are the answer's, not an error.
	Verify(ctx context.Context, workspace string, repair bool) (*lorev1.VerifyStoreResponse, error)
	// Backup writes a backup of the store of workspace to w and says
	// what it holds; a store that cannot be backed up this way refuses
	// with a connect error saying what to do instead.
	Backup(ctx context.Context, workspace string, w io.Writer) (*lorev1.BackupStoreResponse, error)
}

// VerifyStore checks the caller's workspace's store, an admin's alone:
// with repair, first rebuilding what its records imply and drawing the
// edges they name but lack.
func (s *Service) VerifyStore(ctx context.Context, r *lorev1.VerifyStoreRequest) (*lorev1.VerifyStoreResponse, error) {
	c, m, err := s.maintainer(ctx, "VerifyStore")
	if err != nil {
		return nil, err
	}
	out, err := m.Verify(ctx, c.Workspace, r.GetRepair())
	if r.GetRepair() {
		// The repair may have drawn edges, whatever the check said
		// after it.
		s.findStale(c.Workspace)
	}
	if err != nil {
		return nil, asAPIError(err)
	}
	return out, nil
}

// BackupStore writes a backup of the caller's workspace's store to w, an
// admin's alone.
func (s *Service) BackupStore(ctx context.Context, _ *lorev1.BackupStoreRequest, w io.Writer) (*lorev1.BackupStoreResponse, error) {
	c, m, err := s.maintainer(ctx, "BackupStore")
	if err != nil {
		return nil, err
	}
	out, err := m.Backup(ctx, c.Workspace, w)
	if err != nil {
		return nil, asAPIError(err)
	}
	return out, nil
}

// maintainer checks the call and gives the service's Maintainer.
func (s *Service) maintainer(ctx context.Context, method string) (api.Caller, Maintainer, error) {
	c, err := api.Check(ctx, method)
	if err != nil {
		return c, nil, err
	}
	if s.o.Maintain == nil {
		return c, nil, api.Errorf(connect.CodeUnimplemented, "%s: this service does not keep its stores", method)
	}
	return c, s.o.Maintain, nil
}

// VerifyAnswer is a store's check as VerifyStore answers it: what the
// store named store reported, and the edges a repair drew before it.
func VerifyAnswer(store string, rep backend.VerifyReport, repair engine.EdgeRepair) *lorev1.VerifyStoreResponse {
	out := &lorev1.VerifyStoreResponse{Store: store, Primitives: int32(rep.Primitives), Edges: int32(rep.Edges),
		ReverseEdges: int32(rep.ReverseEdges), IndexEntries: int32(rep.IndexEntries), DedupRecords: int32(rep.DedupRecords),
		Sessions: int32(rep.Sessions), JournalEntries: int32(rep.JournalEntries), Skills: int32(rep.Skills),
		ProblemCount: int32(max(rep.ProblemCount, len(rep.Problems))), Wired: repair.Wired, NotWired: repair.Skipped}
	for _, p := range rep.Problems {
		out.Problems = append(out.Problems, &lorev1.StoreProblem{Kind: string(p.Kind), Key: p.Key, Id: p.ID, Detail: p.Detail})
	}
	return out
}
