package main

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/tui"
)

// runServerApp opens the terminal application on the team server at
// addr (lore --server ADDR, or $LORE_SERVER), as the user $LORE_TOKEN
// names: every screen reads and acts through the server's API, with
// that user's role. Nothing of this machine's store is opened.
func (a *app) runServerApp(ctx context.Context, addr string) error {
	svc, err := a.remoteService(addr)
	if err != nil {
		return err
	}
	return a.runAPIApp(ctx, addr, svc)
}

// runPostgresApp opens the terminal application on the PostgreSQL store
// (store.url) through the API's service in this process, as the person
// running lore: the screens a team server's client has, with every right.
func (a *app) runPostgresApp(ctx context.Context) error {
	svc, err := a.pgService()
	if err != nil {
		return err
	}
	return a.runAPIApp(api.WithCaller(ctx, a.localCaller()), "PostgreSQL "+redactURL(a.cfg.storeURL()), svc)
}

func (a *app) runAPIApp(ctx context.Context, where string, svc api.Service) error {
	_, err := tui.Run(ctx, tui.Options{Server: &tui.Server{Addr: where, Svc: svc}, Dark: a.Styles().IsDark, Notice: a.cfg.notice(), Review: false},
		tea.WithInput(a.Stdin), tea.WithOutput(a.Stdout))
	if err != nil {
		return fmt.Errorf("terminal application on %s: %w", where, err)
	}
	return nil
}
