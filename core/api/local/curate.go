package local

import (
	"context"
	"slices"
	"strings"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
)

// curateKinds are the decisions Curate takes, in the order a refusal
// names them.
var curateKinds = []core.CurateKind{core.CurateEdit, core.CurateLink, core.CurateUnlink, core.CurateMerge,
	core.CurateReject, core.CurateSplit, core.CurateDismiss}

// Curate applies one curator's decision as a curate session, with the
// write turn, recorded under the caller's name; the skills of the domains
// it touches are generated again, as after an unlearn. An unknown
// primitive is NotFound; a decision that is impossible or changes nothing
// is InvalidArgument, and changes nothing.
func (s *Service) Curate(ctx context.Context, r *lorev1.CurateRequest) (*lorev1.CurateResponse, error) {
	var out *lorev1.CurateResponse
	err := s.use(ctx, "Curate", true, func(c api.Caller, st Store) error {
		d, err := decision(r)
		if err != nil {
			return err
		}
		d.By = c.User
		res, err := engine.Curate(ctx, st, d, engine.CurateOptions{Domains: s.o.Learn.Domains, Generate: s.o.Learn.Generate,
			OutputDir: s.learnOptions(c.Workspace).OutputDir, Now: s.o.Now})
		if err != nil {
			return err
		}
		out = &lorev1.CurateResponse{SessionId: res.Session.ID, Decision: string(d.Kind), By: d.By,
			Updated: res.Changed, Added: res.Added, Removed: res.Removed, Retired: res.Retired, Errors: res.Errors,
			Summary: res.Summary}
		return nil
	})
	return out, asAPIError(err)
}

// decision is the request as the engine's decision. Kinds and types are
// read in any case, as the command line reads them; what each decision
// needs is the engine's to check, but for the primitives it names.
func decision(r *lorev1.CurateRequest) (engine.Decision, error) {
	lower := func(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
	d := engine.Decision{Kind: core.CurateKind(lower(r.GetDecision())), ID: strings.TrimSpace(r.GetId()),
		Other: strings.TrimSpace(r.GetOther()), Name: r.GetName(), Type: core.PrimitiveType(lower(r.GetType())),
		Statement: r.GetStatement(), Edge: core.EdgeType(lower(r.GetEdgeType())), Why: r.GetWhy()}
	if !slices.Contains(curateKinds, d.Kind) {
		kinds := make([]string, len(curateKinds))
		for i, k := range curateKinds {
			kinds[i] = string(k)
		}
		return d, api.Errorf(connect.CodeInvalidArgument, "curate: decision %q is not one of %s", r.GetDecision(), strings.Join(kinds, ", "))
	}
	if d.ID == "" {
		return d, api.Errorf(connect.CodeInvalidArgument, "%s: name the primitive decided on (id)", d.Kind)
	}
	switch d.Kind {
	case core.CurateLink, core.CurateUnlink, core.CurateMerge:
		if d.Other == "" {
			return d, api.Errorf(connect.CodeInvalidArgument, "%s %s: name the other primitive (other)", d.Kind, d.ID)
		}
	}
	for _, p := range r.GetParts() {
		d.Parts = append(d.Parts, core.Part{Name: p.GetName(), Type: core.PrimitiveType(lower(p.GetType())), Statement: p.GetStatement()})
	}
	return d, nil
}
