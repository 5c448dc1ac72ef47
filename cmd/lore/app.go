package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
	"github.com/lore-kb/lore/tui/learnform"
	"github.com/lore-kb/lore/tui/styles"
)

// runApp opens the terminal application on db; start, when it names a
// source, is learned at once with its own tier and gate flags.
// After the application closes, the last run's summary is printed.
func (a *app) runApp(ctx context.Context, db *store.Store, base engine.LearnOptions, start learnform.Request) (tui.Outcome, error) {
	out, err := tui.Run(ctx, tui.Options{
		Store: db, StorePath: homeShort(db.Path()), Learn: base, Start: start, Dark: a.styles().IsDark,
	}, tea.WithInput(a.stdin), tea.WithOutput(a.stdout))
	if err != nil {
		return out, fmt.Errorf("terminal application: %w", err)
	}
	if out.Result != nil && out.Err == nil {
		renderLastRun(a.stdout, a.styles(), db, out.Result, base.OutputDir)
	}
	return out, nil
}

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
	writeFigures(&b, st, res)
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
	for _, sk := range res.NotGenerated {
		if sk.Kind == core.SkillArtifact {
			fmt.Fprintf(&b, "%s no skill for %s: %s\n", label("generated"), sk.Domain, sk.Reason)
		}
	}
	for _, e := range res.Errors {
		fmt.Fprintf(&b, "%s %s\n", st.Bad.Render("error    "), e)
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
	fmt.Fprint(styledWriter(w), b.String())
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
	line := fmt.Sprintf("%s %d primitive%s · %d conflict%s pending", label("store now"), n, plural(n), pending, plural(pending))
	if pending > 0 {
		line += " — review with: lore conflicts"
	}
	return line + "\n"
}
