package tui

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/names"
	"github.com/lore-kb/lore/tui/cells"
	"github.com/lore-kb/lore/tui/history"
	"github.com/lore-kb/lore/tui/reviewview"
	"github.com/lore-kb/lore/tui/styles"
)

// The Review screen shows what a learn extracted, for a curator to
// rename, retype, reject, link, merge or split before it is committed (a
// run's review, over the Learn screen, which the run waits on), or after
// (a committed learn reviewed from History, over the History screen; its
// decisions are then one curate session).

// reviewAsk is a run asking for its candidates' review; the decisions go
// back on reply, buffered so answering never blocks the program.
type reviewAsk struct {
	req   engine.ReviewRequest
	reply chan []core.Curation
}

// reviewer is the application's engine.Reviewer: it hands the candidates
// to the program and waits for the curator or for cancellation.
type reviewer struct{ asks chan reviewAsk }

func (r reviewer) Review(ctx context.Context, req engine.ReviewRequest) ([]core.Curation, error) {
	ask := reviewAsk{req: req, reply: make(chan []core.Curation, 1)}
	select {
	case r.asks <- ask:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case ds := <-ask.reply:
		return ds, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type (
	reviewAskMsg struct {
		run string
		ask reviewAsk
	}
	// reviewLoadedMsg is a committed learn's primitives, to review.
	reviewLoadedMsg struct {
		sess  core.Session
		prims []core.Primitive
		err   error
	}
	// offersMsg are the names offered for the primitives under review
	// whose name is a numbered fallback, by id.
	offersMsg struct {
		session string
		offers  map[string][]string
	}
	// curatedAllMsg is what a committed learn's review did.
	curatedAllMsg struct {
		n   int
		res *engine.CurateResult
		err error
	}
)

// reviewing is the review shown: the run's, waiting for its answer, or a
// committed session's; on is the tab it is shown over.
type reviewing struct {
	on  tab
	ask *reviewAsk
	id  string
	// hidden: the person stepped away from a run's review (esc); v on the
	// Learn screen brings it back.
	hidden bool
	// recording: a committed learn's decisions are being stored.
	recording bool
}

// openReview shows in over tab on.
func (m Model) openReview(in reviewview.Input, on tab, ask *reviewAsk) (Model, tea.Cmd) {
	in.Source = cells.RelativeTo(m.wd, in.Source)
	m.review = m.review.WithOffers(nil).Load(in)
	m.reviewing = &reviewing{on: on, ask: ask, id: in.Session}
	m.tab = on
	prims := in.Candidates.Result(curate.New(in.Candidates))
	return m, offers(m.stores(), in.Session, prims)
}

// offers reads the names offered for prims with a numbered fallback name:
// from their statements, and from the names the library holds for like
// statements when there is a store to read.
func offers(s stores, session string, prims []core.Primitive) tea.Cmd {
	return func() tea.Msg {
		out := map[string][]string{}
		add := func(id string, os []names.Offer) {
			for _, o := range os {
				out[id] = append(out[id], o.Name)
			}
		}
		var numbered []core.Primitive
		for _, p := range prims {
			if names.Fallback(p.Name) {
				numbered = append(numbered, p)
			}
		}
		err := s.read(func(st Store) error {
			all, err := engine.NameOffersAll(st, numbered, prims, 3)
			for id, os := range all {
				add(id, os)
			}
			return err
		})
		if err != nil {
			// Without the library, the statements still offer names.
			clear(out)
			for _, p := range numbered {
				add(p.ID, names.Offers(p, nil, 3))
			}
		}
		return offersMsg{session: session, offers: out}
	}
}

// loadReview reads a committed session and its primitives as they stand.
func loadReview(s stores, id string) tea.Cmd {
	return func() tea.Msg {
		var msg reviewLoadedMsg
		msg.err = s.read(func(st Store) error {
			sess, ok, err := st.Session(id)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("no session %s", id)
			}
			msg.sess = sess
			msg.prims, err = engine.SessionPrimitives(st, id)
			return err
		})
		return msg
	}
}

// curateAll records a committed learn's review as one curate session.
func (m Model) curateAll(ds []core.Curation) tea.Cmd {
	ctx, s, base := m.ctx, m.stores(), m.opts.Learn
	opts := engine.CurateOptions{Domains: base.Domains, Generate: base.Generate, OutputDir: base.OutputDir}
	return func() tea.Msg {
		var res *engine.CurateResult
		err := s.write(func(st Store) (err error) {
			res, err = engine.CurateAll(ctx, st, ds, opts)
			return err
		})
		return curatedAllMsg{n: len(ds), res: res, err: err}
	}
}

// recordedNotice says what a committed review recorded, and the pending
// conflicts its decisions retired (rejecting a conflict's existing side
// retires it), which leave the Conflicts screen with no other word.
func recordedNotice(n int, res *engine.CurateResult) string {
	retired := ""
	if k := len(res.Retired); k > 0 {
		// Counted, not named: the notice is one line, and History's
		// report names them.
		retired = fmt.Sprintf(", retiring %d pending conflict%s", k, plural(k))
	}
	return fmt.Sprintf("%d decision%s recorded as %s%s (lore unlearn takes them back)", n, plural(n), res.Session.ID, retired)
}

// curator is who the decisions are recorded under.
func curator(ds []core.Curation) []core.Curation {
	by := osUser()
	for i := range ds {
		if ds[i].By == "" {
			ds[i].By = by
		}
	}
	return ds
}

// reviewMsg handles the Review screen's messages and what feeds it.
func (m Model) reviewMsg(msg tea.Msg) (Model, tea.Cmd, bool) {
	switch msg := msg.(type) {
	case reviewAskMsg:
		if m.run == nil || msg.run != m.run.id {
			return m, nil, true
		}
		a := msg.ask
		req := a.req
		next, cmd := m.openReview(reviewview.Input{Session: req.Session, Source: req.Source, Candidates: req.Candidates,
			Reapplied: req.Reapplied, Revisit: req.Revisit, Pending: true}, tabLearn, &a)
		next.notice = "review what was extracted: c asks to commit the learn with your decisions"
		return next, tea.Batch(cmd, listen(m.run)), true
	case history.ReviewMsg:
		if m.opts.Open == nil {
			m.notice = "no store is open: nothing to review"
			return m, nil, true
		}
		return m, loadReview(m.stores(), msg.ID), true
	case reviewLoadedMsg:
		if msg.err != nil {
			m.notice = "review: " + msg.err.Error()
			return m, nil, true
		}
		if len(msg.prims) == 0 {
			m.notice = "review: " + msg.sess.ID + " left no primitive standing to review"
			return m, nil, true
		}
		next, cmd := m.openReview(reviewview.Input{Session: msg.sess.ID, Source: msg.sess.Source,
			Candidates: curate.NewCandidates(msg.prims)}, tabHistory, nil)
		return next, cmd, true
	case offersMsg:
		if m.reviewing != nil && m.reviewing.id == msg.session {
			os := msg.offers
			m.review = m.review.WithOffers(func(p core.Primitive) []string { return os[p.ID] })
		}
		return m, nil, true
	case reviewview.DoneMsg:
		r := m.reviewing
		if r == nil || r.id != msg.Session {
			return m, nil, true
		}
		ds := curator(msg.Decisions)
		if r.ask != nil {
			m.reviewing = nil
			r.ask.reply <- ds
			m.notice = fmt.Sprintf("%d decision(s) go with the learn into its session", len(ds))
			return m, nil, true
		}
		if len(ds) == 0 {
			m.reviewing = nil
			m.notice = "reviewed: nothing to change"
			return m, nil, true
		}
		if r.recording {
			return m, nil, true
		}
		// The review stays open until the store took the decisions: one
		// refused (the primitive changed meanwhile) loses none of them.
		r.recording = true
		return m, m.curateAll(ds), true
	case reviewview.CancelMsg:
		r := m.reviewing
		if r == nil || r.id != msg.Session {
			return m, nil, true
		}
		if r.ask != nil {
			// The run waits for the review: leaving it is not deciding.
			// The Learn screen shows the run, which v brings the review
			// back over, until it is committed or the run cancelled.
			r.hidden = true
			m.notice = "the learn waits for your review: v goes back to it"
			return m, nil, true
		}
		m.reviewing = nil
		m.notice = "review closed: nothing changed"
		return m, nil, true
	case curatedAllMsg:
		if r := m.reviewing; r != nil {
			r.recording = false
		}
		if msg.err != nil {
			m.notice = "review: " + msg.err.Error() + " — nothing was recorded; undo it (z) or change it, and commit again"
			return m, nil, true
		}
		m.reviewing = nil
		m.notice = recordedNotice(msg.n, msg.res)
		m, cmd := m.changed()
		return m, cmd, true
	}
	return m, nil, false
}

// reviewScreen is the Review screen over the tab it was opened on.
type reviewScreen struct{ m *Model }

func (s reviewScreen) setSize(w, h int)           { s.m.review = s.m.review.SetSize(w, h) }
func (s reviewScreen) setStyles(st styles.Styles) { s.m.review = s.m.review.SetStyles(st) }
func (s reviewScreen) view() string               { return s.m.review.View() }
func (s reviewScreen) keys() help.KeyMap          { return s.m.review.KeyMap() }
func (s reviewScreen) captures() bool             { return s.m.review.Captures() }
func (s reviewScreen) click(int, int) tea.Cmd     { return nil }
func (s reviewScreen) scroll(int) tea.Cmd         { return nil }

// helpNote says what the digits do over the review: they go to a screen
// everywhere else.
func (s reviewScreen) helpNote() string { return reviewDigitsNote }

func (s reviewScreen) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	s.m.review, cmd = s.m.review.Update(msg)
	return cmd
}
