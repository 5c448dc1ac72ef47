package engine

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/generate"
	"github.com/lore-kb/lore/core/report"
)

// A curator's decisions about what was learned — a better name, the right
// type, a cleaned statement, a missing or wrong edge, a duplicate, junk —
// are sessions of their own, committed through the journal as a learn is:
// History lists them, lore unlearn takes one back exactly, and the skills
// of the domains they touch are generated again from the curated
// primitives.

// Decision is one curator's decision (see core.Curation).
type Decision = core.Curation

// CurateOptions are what regenerating the skills needs, and the clock.
type CurateOptions struct {
	Domains   []core.Domain
	Generate  generate.Config
	OutputDir string
	Now       func() time.Time
}

// CurateResult is what a decision did.
type CurateResult struct {
	Session core.Session
	// Changed are the primitives the decision updated, Removed the ones it
	// removed.
	Changed []string
	Added   []string
	Removed []string
	// Retired are the pending conflicts the decisions retired, their
	// existing side removed.
	Retired   []string
	Artifacts []core.Artifact
	Summary   string
	Errors    []string
}

// Curate applies one decision as a curate session.
func Curate(ctx context.Context, st Store, d Decision, opts CurateOptions) (*CurateResult, error) {
	return CurateAll(ctx, st, []Decision{d}, opts)
}

// CurateAll applies decisions, in order, as one curate session: all of
// them or, when one is refused, none. Each is recorded in the session's
// journal, anchored to the source its primitives came from, so that
// learning that source again applies it again.
func CurateAll(ctx context.Context, st Store, ds []Decision, opts CurateOptions) (*CurateResult, error) {
	if len(ds) == 0 {
		return nil, &core.UsageError{Msg: "no decision to apply"}
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	started := now().UTC()
	standing, err := StandingCurations(st)
	if err != nil {
		return nil, err
	}
	extracted := extractedNames(standing)
	w := curate.New(storeGraph{st})
	id := NewSessionID(core.KindCurate, started)
	recorded := make([]Decision, 0, len(ds))
	for i, d := range ds {
		d.Session = id
		if d.Kind == core.CurateDismiss && !decidedAbout(standing, d.ID, extracted) {
			if _, ok := w.Current(d.ID); !ok {
				return nil, &curate.UnknownPrimitiveError{ID: d.ID}
			}
			return nil, &core.UsageError{Msg: fmt.Sprintf("nothing to dismiss: no earlier decision about %s stands "+
				"(dismiss answers a revisit line of lore learn)", d.ID)}
		}
		// Anchored as extraction placed them, before this decision moves
		// anything.
		if d.Anchor == nil {
			if p, ok := w.Current(d.ID); ok {
				a := core.AnchorOf(p, extractedName(extracted, p))
				d.Anchor = &a
			}
		}
		if d.Other != "" && d.OtherAnchor == nil {
			if p, ok := w.Current(d.Other); ok {
				a := core.AnchorOf(p, extractedName(extracted, p))
				d.OtherAnchor = &a
			}
		}
		if d.At.IsZero() {
			d.At = started
		}
		if err := w.Apply(d); err != nil {
			if len(ds) > 1 {
				return nil, fmt.Errorf("decision %d (%s %s): %w", i+1, d.Kind, d.ID, err)
			}
			return nil, err
		}
		recorded = append(recorded, d)
	}
	touched := w.Changed()
	if len(touched) == 0 && !onlyDismissals(ds) {
		d := ds[0]
		return nil, &core.UsageError{Msg: fmt.Sprintf("%s %s changes nothing: it is so already", d.Kind, d.ID)}
	}
	what := describeDecisions(ds)
	sess := core.Session{ID: id, Kind: core.KindCurate, Source: what, Familiarity: core.Home, StartedAt: started}
	sess.Options = map[string]string{"decision": decisionKinds(ds)}
	if by := ds[0].By; by != "" {
		sess.Options["by"] = by
	}
	if why := ds[0].Why; why != "" && len(ds) == 1 {
		sess.Options["why"] = why
	}
	changes, domains := touchedChanges(touched, curationProvenance(id, ds, touched, started), started)
	changes = append(changes, curationNotes(recorded, started)...)
	// A pending conflict whose existing side a decision removed (a reject,
	// the other side of a merge) has nothing left to keep or replace: it
	// is retired with the decision, as an unlearn retires one, so neither
	// lore conflicts nor the review lists it and unlearning this session
	// makes it pending again. Its candidate is not added: the person
	// decided about the existing primitive, not about it.
	var removed []string
	for _, t := range touched {
		if t.After == nil {
			removed = append(removed, t.ID)
		}
	}
	cause := func(pid string) string {
		for _, d := range ds {
			if d.ID == pid || d.Other == pid {
				return "the curation " + describeDecisions([]Decision{d})
			}
		}
		return "the curation " + what
	}
	retire, err := retireOrphans(st, "", id, cause, removed, started)
	if err != nil {
		return nil, fmt.Errorf("curate %s: %w", what, err)
	}
	changes = append(changes, retire...)
	in := report.Input{SessionID: id, Source: what, StartedAt: started, CompletedAt: now().UTC()}
	stored, err := encodeStoredReport(in)
	if err != nil {
		return nil, err
	}
	if err := st.CommitSessionWith(ctx, sess, changes, stored); err != nil {
		return nil, err
	}
	sess.State = core.SessionCommitted
	res := &CurateResult{Session: sess}
	for _, ch := range retire {
		res.Retired = append(res.Retired, ch.ConflictID)
	}
	for _, t := range touched {
		switch {
		case t.After == nil:
			res.Removed = append(res.Removed, t.ID)
		case t.Before == nil:
			res.Added = append(res.Added, t.ID)
		default:
			res.Changed = append(res.Changed, t.ID)
		}
	}
	arts, msg := regenerate(ctx, st, id, domains, opts.Domains, opts.Generate, opts.OutputDir, now)
	if msg != "" {
		res.Errors = append(res.Errors, msg)
	}
	res.Artifacts = arts
	retired := ""
	switch n := len(res.Retired); {
	case n == 1:
		retired = ", pending conflict " + res.Retired[0] + " retired"
	case n > 1:
		retired = fmt.Sprintf(", %d pending conflicts retired (%s)", n, strings.Join(res.Retired, ", "))
	}
	res.Summary = fmt.Sprintf("%s: %s; %d updated, %d added, %d removed%s; %s", id, what, len(res.Changed),
		len(res.Added), len(res.Removed), retired, ArtifactChanges(arts, nil))
	return res, nil
}

func onlyDismissals(ds []Decision) bool {
	for _, d := range ds {
		if d.Kind != core.CurateDismiss {
			return false
		}
	}
	return true
}

func describeDecisions(ds []Decision) string {
	if len(ds) > 1 {
		return fmt.Sprintf("%d decisions", len(ds))
	}
	d := ds[0]
	what := string(d.Kind) + " " + d.ID
	if d.Other != "" {
		what += " " + d.Other
	}
	return what
}

func decisionKinds(ds []Decision) string {
	var ks []string
	for _, d := range ds {
		if !slices.Contains(ks, string(d.Kind)) {
			ks = append(ks, string(d.Kind))
		}
	}
	return strings.Join(ks, ",")
}

// storeGraph is the store as the graph decisions apply to.
type storeGraph struct{ st Store }

func (g storeGraph) Primitive(id string) (core.Primitive, bool, error) { return g.st.GetPrimitive(id) }

func (g storeGraph) Dependents(id string) ([]string, error) {
	ds, err := g.st.Dependents(id)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.ID
	}
	return out, nil
}

func (g storeGraph) Taken(id string) (bool, error) {
	_, ok, err := g.st.GetPrimitive(id)
	return ok, err
}

// touchedChanges are the session's changes for what the decisions
// touched, and the domains they touch.
func touchedChanges(ts []curate.Touched, prov map[string]*core.ProvenanceEntry, at time.Time) ([]core.Change, []string) {
	var out []core.Change
	doms := map[string]bool{}
	for _, t := range ts {
		ch := core.Change{PrimitiveID: t.ID, Before: t.Before, After: t.After, Provenance: prov[t.ID], Timestamp: at}
		switch {
		case t.After == nil:
			ch.Type = core.ChangeRemove
		case t.Before == nil:
			ch.Type = core.ChangeAdd
		default:
			ch.Type = core.ChangeUpdate
		}
		if t.Before != nil {
			doms[t.Before.Domain] = true
		}
		if t.After != nil {
			doms[t.After.Domain] = true
		}
		out = append(out, ch)
	}
	var ds []string
	for d := range doms {
		if d != "" {
			ds = append(ds, d)
		}
	}
	slices.Sort(ds)
	return out, ds
}

// curationNotes record the decisions in the journal.
func curationNotes(ds []Decision, at time.Time) []core.Change {
	out := make([]core.Change, len(ds))
	for i := range ds {
		d := ds[i]
		out[i] = core.Change{Type: core.ChangeNote, PrimitiveID: d.ID, Curation: &d, Timestamp: at}
	}
	return out
}

// curationProvenance is the report's record of the decisions: one entry
// per primitive they touched, saying who decided what and why.
func curationProvenance(session string, ds []Decision, ts []curate.Touched, at time.Time) map[string]*core.ProvenanceEntry {
	out := map[string]*core.ProvenanceEntry{}
	for _, t := range ts {
		var kinds []string
		why := "curated"
		for _, d := range ds {
			if d.ID != t.ID && d.Other != t.ID && (t.Before != nil || d.Kind != core.CurateSplit) {
				continue
			}
			kinds = append(kinds, string(d.Kind))
			if d.By != "" && !strings.Contains(why, " by ") {
				why += " by " + d.By
			}
			if d.Why != "" {
				why += ": " + d.Why
			}
		}
		if len(kinds) == 0 {
			kinds = []string{decisionKinds(ds)}
		}
		e := &core.ProvenanceEntry{SessionID: session, Timestamp: at, CandidateID: t.ID, ExistingID: t.ID,
			Action: "curate: " + strings.Join(kinds, ", "), Rationale: why, Outcome: core.ActionUpdate}
		switch {
		case t.After == nil:
			e.Domain, e.Outcome = t.Before.Domain, core.ActionRemove
			e.Rationale += "; removed"
		case t.Before == nil:
			e.Domain, e.Outcome = t.After.Domain, core.ActionAdd
			e.Rationale += "; added by a split"
			e.NewFormalStatement = t.After.FormalStatement
		default:
			b, a := t.Before, t.After
			e.Domain = b.Domain
			if b.FormalStatement != a.FormalStatement {
				e.OriginalFormalStatement, e.NewFormalStatement = b.FormalStatement, a.FormalStatement
			}
			if b.Name != a.Name {
				e.Rationale += fmt.Sprintf("; renamed %q → %q", b.Name, a.Name)
			}
			if b.Type != a.Type {
				e.Rationale += fmt.Sprintf("; retyped %s → %s", b.Type, a.Type)
			}
		}
		out[t.ID] = e
	}
	return out
}

// curationLister is implemented by stores that can list the committed
// sessions that may record curations (core.Session.RecordsCurations) without reading
// every session (the PostgreSQL store can); it may list more.
type curationLister interface {
	CurationSessions() ([]core.Session, error)
}

// StandingCurations are the curators' decisions that stand: those
// recorded by committed sessions not since unlearned, oldest first. A
// store that cannot list its sessions has none.
func StandingCurations(st Store) ([]core.Curation, error) {
	list := func() ([]core.Session, error) { return nil, nil }
	switch l := st.(type) {
	case curationLister:
		list = l.CurationSessions
	case interface {
		Sessions() ([]core.Session, error)
	}:
		list = l.Sessions
	}
	ss, err := list()
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(ss, func(a, b core.Session) int { return a.StartedAt.Compare(b.StartedAt) })
	var out []core.Curation
	for _, s := range ss {
		if s.State != core.SessionCommitted || s.RevertedBy != "" || !s.RecordsCurations() {
			continue
		}
		chs, err := st.Changes(s.ID)
		if err != nil {
			return nil, err
		}
		for _, ch := range chs {
			if ch.Curation != nil {
				c := *ch.Curation
				c.Session = s.ID
				c.Anchor = withSource(c.Anchor, c.ID, s, chs)
				c.OtherAnchor = withSource(c.OtherAnchor, c.Other, s, chs)
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// withSource is anchor a of primitive id, recorded by session s, naming
// its source: a decision recorded before anchors named theirs takes it
// from the learn that recorded it (a review's), or from the primitive as
// the curate session found it, so that it too applies to its own source
// only. One whose source is nowhere to be read stays as it is.
func withSource(a *core.Anchor, id string, s core.Session, chs []core.Change) *core.Anchor {
	if a == nil || a.Source != "" {
		return a
	}
	src := ""
	if s.Kind == core.KindLearn {
		src = s.Source
	} else {
		for _, ch := range chs {
			if ch.PrimitiveID != id || ch.Curation != nil {
				continue
			}
			if p := cmp.Or(ch.Before, ch.After); p != nil {
				src = p.Provenance.Source
				break
			}
		}
	}
	if src == "" {
		return a
	}
	b := *a
	b.Source = src
	return &b
}

// extractedNames maps a statement fingerprint, and a primitive's id, to
// the name extraction gave the primitive, as the first decision about it
// recorded: a renamed primitive is anchored at the place it was found
// under, even once a reworded source gave it a new statement.
func extractedNames(standing []core.Curation) map[string]string {
	out := map[string]string{}
	put := func(k, name string) {
		if _, ok := out[k]; !ok && k != "" {
			out[k] = name
		}
	}
	for _, c := range standing {
		if a := c.Anchor; a != nil {
			put(a.ContentHash, a.Name)
			put("id:"+c.ID, a.Name)
		}
		if a := c.OtherAnchor; a != nil {
			put(a.ContentHash, a.Name)
			put("id:"+c.Other, a.Name)
		}
	}
	return out
}

// decidedAbout reports whether a standing decision is about primitive id:
// made on it, or at the place it was extracted at.
func decidedAbout(standing []core.Curation, id string, extracted map[string]string) bool {
	return slices.ContainsFunc(standing, func(c core.Curation) bool { return c.ID == id || c.Other == id }) ||
		extracted["id:"+id] != ""
}

// extractedName is the name p was extracted under (see extractedNames).
func extractedName(names map[string]string, p core.Primitive) string {
	if n, ok := names[p.Provenance.ContentHash]; ok {
		return n
	}
	return names["id:"+p.ID]
}

// Fate says what became of a primitive a curator's standing decision
// removed ("merged into X in SESSION", "rejected in SESSION"), "" when
// none did: what lore show says of an id it no longer finds.
func Fate(st Store, id string) string {
	standing, err := StandingCurations(st)
	if err != nil {
		return ""
	}
	for _, c := range slices.Backward(standing) {
		if c.ID != id {
			continue
		}
		switch c.Kind {
		case core.CurateMerge:
			return fmt.Sprintf("merged into %s in %s", c.Other, c.Session)
		case core.CurateReject:
			return "rejected in " + c.Session + " (lore unlearn " + c.Session + " brings it back)"
		}
	}
	return ""
}
