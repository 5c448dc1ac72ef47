package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	localapi "github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
	"github.com/lore-kb/lore/tui/learnform"
	"github.com/lore-kb/lore/tui/styles"
)

// runApp opens the terminal application on the configured store; start,
// when it names a source, is learned at once with its own tier and gate
// flags. After the application closes, the last run's summary is printed.
//
// The application does not keep the store open: each screen's load, each
// run and each change opens it for as long as it takes (appStores), so
// that other lore commands keep working while it is open.
func (a *app) runApp(ctx context.Context, base engine.LearnOptions, start learnform.Request, review bool) (tui.Outcome, error) {
	if err := a.checkStore(ctx); err != nil {
		return tui.Outcome{}, err
	}
	dir, err := filepath.Abs(a.cfg.dataDir())
	if err != nil {
		return tui.Outcome{}, err
	}
	// The application owns the store while it is open and serves it to
	// every other lore command (hosted.go), following their learns on
	// its Learn screen. If a command run without an owner holds the
	// store now, it lends the store per operation instead, as it did
	// before there were owners.
	stores := &appStores{dir: dir}
	open := stores.open
	runs := make(chan tui.ExternalRun, 8)
	changed := make(chan struct{}, 1)
	own, err := a.own(ctx, ownerApp, &screenFeed{runs: runs, changed: changed}, nil)
	switch {
	case err == nil:
		defer func() { _ = own.close() }()
		open = func(ctx context.Context, write bool) (tui.Store, func() error, error) {
			return own.held.lend(ctx, write)
		}
	case errors.Is(err, errNotServed) || !errors.Is(err, core.ErrStoreLocked):
		return tui.Outcome{}, err
	default:
		runs, changed = nil, nil
	}
	// A run's gate says when and by whom its source was rejected before,
	// read as the screens read the store.
	base.Rejections = func(ctx context.Context, source string) ([]core.Session, error) {
		db, release, err := open(ctx, false)
		if err != nil {
			return nil, err
		}
		defer func() { _ = release() }()
		return gate.Rejections(db, source)
	}
	// A run's review reads the curators' standing decisions the same way.
	base.Curations = func(ctx context.Context) ([]core.Curation, error) {
		db, release, err := open(ctx, false)
		if err != nil {
			return nil, err
		}
		defer func() { _ = release() }()
		return engine.StandingCurations(db)
	}
	out, err := tui.Run(ctx, tui.Options{Review: review,
		Open: open, StorePath: homeShort(dir), Learn: base, Start: start, Dark: a.Styles().IsDark, Runs: runs, ExportDir: filepath.Join(dir, "exports"),
		Changed: changed, Notice: a.cfg.notice(),
	}, tea.WithInput(a.Stdin), tea.WithOutput(a.Stdout))
	if err != nil {
		return out, fmt.Errorf("terminal application: %w", err)
	}
	if out.Result != nil && out.Err == nil {
		// The store as it is now, opened as the screens open it: read-only,
		// waiting for a moment if another process is writing.
		var now storeNow
		db, release, err := open(ctx, false)
		if err != nil {
			now = unreadable{err}
		} else {
			now = db
			defer func() { _ = release() }()
		}
		renderLastRun(a.Stdout, a.Styles(), now, out.Result, base.OutputDir)
	}
	return out, nil
}

// checkStore opens the store once before the application takes the
// terminal, so that what would be printed about it is printed while the
// terminal is still the shell's: a store that cannot be opened (damaged,
// written by a newer lore) stops here with its exit code, and the warning
// about an open data folder and the artifacts of a run that ended before
// writing them (resumePublications) are printed here, not over the
// screen. A store another process is writing to is no reason to stop:
// the application waits for it when it needs it.
//
// Where no store is yet there is nothing to check, and nothing is said:
// openStoreRead's "no store in … yet" would stay on the terminal under the
// application's screen and be read after quitting, when a learn made in
// the application has made the store.
func (a *app) checkStore(ctx context.Context) error {
	if !store.Exists(a.cfg.dataDir()) {
		return nil
	}
	db, err := a.openStoreRead()
	if errors.Is(err, core.ErrStoreLocked) {
		return nil
	}
	if err != nil {
		return err
	}
	pending, err := db.Publications()
	_ = db.Close()
	if err != nil || len(pending) == 0 {
		// The store opened; a pending publication it cannot list is
		// found again by the next writer, which resumes it.
		return nil //nolint:nilerr // the check is of the store, not of its publications
	}
	if db, err = a.openStoreWaiting(ctx); err == nil {
		_ = db.Close()
	}
	return nil
}

// appStores lends the terminal application the store for one operation
// at a time (its tui.Opener). A read opens it read-only, which takes a
// shared lock: lore rank, show, sessions and other readers can open it at
// the same time. A write opens it writable, which locks every other
// process out, so it is held only for the write.
//
// While a writable store is open, every operation of the application uses
// it: a second open in this process would find the directory locked, by
// the application itself. It is closed when the last of them ends.
type appStores struct {
	dir string

	mu     sync.Mutex
	writer *store.Store
	users  int
}

// storeRetry is how often an operation finding the store locked tries
// again, for up to storeWait.
const storeRetry = 100 * time.Millisecond

// open opens the store for one operation, waiting up to storeWait, and
// less when ctx ends first, while another process holds it. The caller
// calls the returned release when the operation is over.
func (s *appStores) open(ctx context.Context, write bool) (tui.Store, func() error, error) {
	deadline := time.Now().Add(storeWait)
	for {
		if db, release := s.share(); db != nil {
			return db, release, nil
		}
		db, err := store.Open(s.dir, store.Options{ReadOnly: !write})
		switch {
		case err == nil && db.ReadOnly():
			return db, db.Close, nil
		case err == nil:
			// As every writable open does (openStoreWith), artifacts a
			// run left unwritten are written now; nothing is printed
			// over the screen, and lore store verify lists what is
			// still pending.
			_, _ = engine.ResumePublications(ctx, db)
			s.mu.Lock()
			s.writer, s.users = db, 1
			s.mu.Unlock()
			return db, sync.OnceValue(s.release), nil
		case !errors.Is(err, core.ErrStoreLocked) || time.Now().After(deadline):
			return nil, nil, err
		}
		select {
		case <-ctx.Done():
			return nil, nil, err
		case <-time.After(storeRetry):
		}
	}
}

// share lends the writable store open now, if there is one.
func (s *appStores) share() (*store.Store, func() error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.writer == nil {
		return nil, nil
	}
	s.users++
	return s.writer, sync.OnceValue(s.release)
}

// release ends one operation's use of the writable store, closing it
// after the last. It closes under the lock, so an operation starting
// meanwhile waits for the store to be closed and then opens it anew.
func (s *appStores) release() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.users--; s.users > 0 {
		return nil
	}
	db := s.writer
	s.writer = nil
	return db.Close()
}

// unreadable stands for a store the quit summary could not open: each
// figure read of it is that error.
type unreadable struct{ err error }

func (u unreadable) Count() (int, error)                        { return 0, u.err }
func (u unreadable) Conflicts() ([]core.Conflict, error)        { return nil, u.err }
func (u unreadable) Session(string) (core.Session, bool, error) { return core.Session{}, false, u.err }
func (u unreadable) Artifacts() ([]core.Artifact, error)        { return nil, u.err }

// storeNow is what the quit summary reads of the store as it is when the
// application closes.
type storeNow interface {
	Count() (int, error)
	Conflicts() ([]core.Conflict, error)
	Session(id string) (core.Session, bool, error)
	Artifacts() ([]core.Artifact, error)
}

// renderLastRun prints the application's last run after it closed: the
// run's own figures, labelled as the run's, and then the store as it is
// now, because conflicts may have been resolved, skills archived and the
// session unlearned since the run ended. Nothing it prints contradicts the
// store: artifacts no longer there are marked, and the next steps are
// offered only while the session stands.
func renderLastRun(w io.Writer, st styles.Styles, db storeNow, res *engine.LearnResult, outDir string) {
	var b strings.Builder
	label, faint := st.Label.Render, st.Faint.Render
	fmt.Fprintf(&b, "%s %s %s", label("last run "), res.Session.ID, faint("(the run's own figures)"))
	if res.Session.DryRun {
		b.WriteString(faint("  dry run: nothing stored, nothing written"))
	}
	b.WriteString("\n")
	rep := localapi.LearnReport(res, nil, outDir, false)
	writeFigures(&b, st, rep)
	current, aerr := db.Artifacts()
	for _, art := range res.Artifacts {
		where := faint(outDir)
		switch {
		case res.Session.DryRun:
			where = faint("(not written)")
		case aerr == nil && !slices.ContainsFunc(current, func(a core.Artifact) bool { return a.Kind == art.Kind && a.Name == art.Name }):
			where = st.Bad.Render("no longer generated")
			if art.Kind == core.SkillArtifact {
				where = st.Bad.Render("archived since")
			}
		}
		fmt.Fprintf(&b, "%s %s %s (%d primitives) %s\n", label("generated"), art.Kind, art.Name, art.Primitives, where)
	}
	b.WriteString(draftNote(st, rep))
	for _, line := range rep.GetNotGenerated() {
		fmt.Fprintf(&b, "%s %s\n", label("generated"), line)
	}
	for _, e := range res.Errors {
		fmt.Fprintf(&b, "%s %s\n", st.Bad.Render("error    "), e)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(&b, "%s %s\n", label("note     "), n)
	}
	b.WriteString(storeNowLine(st, db))
	sess, ok, err := db.Session(res.Session.ID)
	switch {
	case res.Session.DryRun || err != nil || !ok:
	case sess.RevertedBy != "" || sess.State == core.SessionReverted:
		fmt.Fprintf(&b, "%s %s unlearned since (by %s) · lore report %s\n", faint("next     "), res.Session.ID, orNone(sess.RevertedBy), res.Session.ID)
	default:
		fmt.Fprintf(&b, "%s lore report %s · lore unlearn %s\n", faint("next     "), res.Session.ID, res.Session.ID)
	}
	fmt.Fprint(cmdutil.StyledWriter(w), b.String())
}

// storeNowLine is the store's figures when the application closed, with
// the command to review pending conflicts when there are any.
func storeNowLine(st styles.Styles, db storeNow) string {
	label := st.Label.Render
	n, err := db.Count()
	if err != nil {
		return fmt.Sprintf("%s %s\n", st.Bad.Render("store now"), err)
	}
	cs, err := db.Conflicts()
	if err != nil {
		return fmt.Sprintf("%s %d primitives · %s\n", label("store now"), n, st.Bad.Render(err.Error()))
	}
	pending := 0
	for _, c := range cs {
		if c.State == core.ConflictPending {
			pending++
		}
	}
	line := fmt.Sprintf("%s %d primitive%s · %d conflict%s pending", label("store now"), n, cmdutil.Plural(n), pending, cmdutil.Plural(pending))
	if pending > 0 {
		line += " — review with: lore conflicts"
	}
	return line + "\n"
}
