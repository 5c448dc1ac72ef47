package main

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
	"github.com/lore-kb/lore/tui/learnform"
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
		renderLearn(a.stdout, a.styles(), out.Result, base.OutputDir)
	}
	return out, nil
}
