package engine

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
)

// Reviewer shows a person a learn's candidates before they are committed
// and returns the decisions taken about them (none: accept all). An error
// stops the learn, as a cancelled gate does.
type Reviewer interface {
	Review(ctx context.Context, req ReviewRequest) ([]core.Curation, error)
}

// ReviewerFunc adapts a function to Reviewer.
type ReviewerFunc func(ctx context.Context, req ReviewRequest) ([]core.Curation, error)

// Review implements Reviewer.
func (f ReviewerFunc) Review(ctx context.Context, req ReviewRequest) ([]core.Curation, error) {
	return f(ctx, req)
}

// ReviewRequest is what a person reviews: the candidates as the
// decisions that stand leave them, and the decisions that no longer match.
type ReviewRequest struct {
	Session string
	Source  string
	// Candidates are a curate graph of the candidates as extracted;
	// Reapplied, the standing decisions already applied to them, in order
	// (a reviewer replays them to show what a person sees).
	Candidates *curate.Candidates
	Reapplied  []core.Curation
	// Revisit are standing decisions that no longer match the source.
	Revisit []curate.Revisit
}

// Current returns the candidates as the reapplied decisions leave them.
func (r ReviewRequest) Current() ([]core.Primitive, *curate.Work) {
	w := curate.New(r.Candidates)
	for _, d := range r.Reapplied {
		_ = w.Apply(d) // applied once already: it applies again
	}
	return r.Candidates.Result(w), w
}

// curated is what the curation of a learn's candidates did.
type curated struct {
	cands     []core.Primitive
	reapplied curate.Reapplied
	// decided are the decisions the reviewer took, anchored, to record
	// in the session.
	decided []core.Curation
}

// curateCandidates applies the decisions that stand to a learn's
// candidates and, with a reviewer, the person's own. standing is read
// from opts.Curations, or from st.
func curateCandidates(ctx context.Context, r *runner, st Store, session, source string, cands []core.Primitive, opts LearnOptions) (*curated, error) {
	var standing []core.Curation
	var err error
	switch {
	case opts.Curations != nil:
		standing, err = opts.Curations(ctx)
	case st != nil:
		standing, err = StandingCurations(st)
	}
	if err != nil {
		return nil, fmt.Errorf("read the curators' decisions: %w", err)
	}
	g := curate.NewCandidates(cands)
	w := curate.New(g)
	out := &curated{reapplied: curate.Reapply(g, w, standing)}
	if opts.Reviewer != nil && !opts.DryRun {
		r.publish(ReviewRequested{Candidates: len(cands), Reapplied: len(out.reapplied.Applied), Revisit: len(out.reapplied.Revisit)})
		ds, err := opts.Reviewer.Review(ctx, ReviewRequest{Session: session, Source: source, Candidates: g,
			Reapplied: out.reapplied.Applied, Revisit: out.reapplied.Revisit})
		if err != nil {
			return nil, err
		}
		for i, d := range ds {
			d.Session = session
			if d.At.IsZero() {
				d.At = opts.now()
			}
			if d.Anchor == nil {
				d.Anchor = anchorIn(g, w, d.ID)
			}
			if d.Other != "" && d.OtherAnchor == nil {
				d.OtherAnchor = anchorIn(g, w, d.Other)
			}
			if err := w.Apply(d); err != nil {
				return nil, fmt.Errorf("review decision %d (%s %s): %w", i+1, d.Kind, d.ID, err)
			}
			out.decided = append(out.decided, d)
		}
		r.publish(Reviewed{Decisions: len(out.decided)})
	}
	out.cands = g.Result(w)
	return out, nil
}

// anchorIn anchors a candidate at its place as extracted; a split's part,
// which extraction never placed, at its own statement.
func anchorIn(g *curate.Candidates, w *curate.Work, id string) *core.Anchor {
	if a, ok := g.Anchor(id); ok {
		return &a
	}
	if p, ok := w.Current(id); ok {
		a := core.AnchorOf(p, "")
		return &a
	}
	return nil
}

// noteCurations records what the curators' decisions did to the learn: a
// rejection applied again is the skip of its candidate, in the report as
// the first one was; the reviewer's decisions are the session's to keep.
func (p *mergePlan) noteCurations(session string, cur *curated, now time.Time) {
	for _, d := range cur.reapplied.Applied {
		if d.Kind != core.CurateReject {
			continue
		}
		p.provenance = append(p.provenance, core.ProvenanceEntry{SessionID: session, Timestamp: now,
			CandidateID: d.ID, Action: core.ProvSkip, Outcome: core.ActionSkip,
			Rationale: "rejected by a curator in " + d.Session})
		p.changes = append(p.changes, core.Change{Type: core.ChangeNote, Provenance: &p.provenance[len(p.provenance)-1], Timestamp: now})
	}
	for _, ch := range curationNotes(cur.decided, now) {
		d := ch.Curation
		e := core.ProvenanceEntry{SessionID: session, Timestamp: now, CandidateID: d.ID, ExistingID: d.Other,
			Action: "curate: " + string(d.Kind), Rationale: curatedBy(d.By, d.Why) + describeDecision(*d)}
		p.provenance = append(p.provenance, e)
		ch.Provenance = &p.provenance[len(p.provenance)-1]
		p.changes = append(p.changes, ch)
	}
}

// describeDecision says what a decision decided, for its report line.
func describeDecision(d core.Curation) string {
	var parts []string
	if d.Name != "" {
		if d.Anchor != nil && d.Anchor.Name != "" && d.Anchor.Name != d.Name {
			parts = append(parts, fmt.Sprintf("renamed %q → %q", d.Anchor.Name, d.Name))
		} else {
			parts = append(parts, fmt.Sprintf("named %q", d.Name))
		}
	}
	if d.Type != "" {
		parts = append(parts, "typed "+string(d.Type))
	}
	if d.Statement != "" {
		parts = append(parts, "restated")
	}
	switch d.Kind {
	case core.CurateLink:
		parts = append(parts, fmt.Sprintf("depends on %s (%s)", d.Other, cmp.Or(d.Edge, core.Requires)))
	case core.CurateUnlink:
		parts = append(parts, "no longer depends on "+d.Other)
	case core.CurateMerge:
		parts = append(parts, "merged into "+d.Other)
	case core.CurateReject:
		parts = append(parts, "rejected: not stored, and not learned again")
	case core.CurateSplit:
		for _, p := range d.Parts {
			parts = append(parts, fmt.Sprintf("part %q", p.Name))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

// editions maps each candidate that stands, reworded, where a curated
// primitive was found to that primitive.
func (c *curated) editions() map[string]string {
	out := map[string]string{}
	for _, r := range c.reapplied.Revisit {
		if r.Reason == curate.Reworded && r.Candidate != "" {
			out[r.Candidate] = r.Decision.ID
		}
	}
	return out
}

// SessionPrimitives are the primitives session id added or updated, as
// they stand now (what a later session removed is left out), in the
// order the session met them: what a review of a committed learn shows.
func SessionPrimitives(st Store, id string) ([]core.Primitive, error) {
	chs, err := st.Changes(id)
	if err != nil {
		return nil, fmt.Errorf("read session %s: %w", id, err)
	}
	var out []core.Primitive
	seen := map[string]bool{}
	for _, ch := range chs {
		if (ch.Type != core.ChangeAdd && ch.Type != core.ChangeUpdate) || ch.Link() || seen[ch.PrimitiveID] {
			continue
		}
		seen[ch.PrimitiveID] = true
		p, ok, err := st.GetPrimitive(ch.PrimitiveID)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// curatedBy is how a report says who decided, and why.
func curatedBy(by, why string) string {
	s := "curated"
	if by != "" {
		s += " by " + by
	}
	if why != "" {
		s += ": " + why
	}
	return s
}
