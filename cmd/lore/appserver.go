package main

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

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
	_, err = tui.Run(ctx, tui.Options{Server: &tui.Server{Addr: addr, Svc: svc}, Dark: a.styles().IsDark, Notice: a.cfg.notice(), Review: false},
		tea.WithInput(a.stdin), tea.WithOutput(a.stdout))
	if err != nil {
		return fmt.Errorf("terminal application on %s: %w", addr, err)
	}
	return nil
}
