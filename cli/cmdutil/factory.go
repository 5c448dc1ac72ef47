// Package cmdutil is what every lore command shares: the streams, the API
// service the command calls, the output styles, printing an answer as JSON
// or text, and the checks of arguments and flags. The commands themselves
// live in the packages beside it, one per group; cmd/lore wires them.
package cmdutil

import (
	"context"
	"io"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/term"

	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/tui/styles"
)

// Factory carries what a command needs from the process that runs it.
type Factory struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Service is the API for this command, wherever the library lives (a
	// folder, PostgreSQL, the store's owner, a team server), and the
	// context to call it with.
	Service func(ctx context.Context) (context.Context, api.Service, error)
	// Theme is the theme setting: "light", "dark", or anything else to
	// ask the terminal.
	Theme func() string

	st *styles.Styles
}

// Call runs fn with the command's service and the caller's context.
func Call[T any](f *Factory, ctx context.Context, fn func(ctx context.Context, svc api.Service) (T, error)) (T, error) {
	ctx, svc, err := f.Service(ctx)
	if err != nil {
		var zero T
		return zero, err
	}
	return fn(ctx, svc)
}

// Styles picks the output styles from the theme setting. Human output goes
// through colorprofile, which downgrades or strips them to what the output
// can show (plain text when piped).
// The result is kept: asking the terminal for its background more than once
// is slow and, where nothing answers, leaves the queries on the screen.
func (f *Factory) Styles() styles.Styles {
	if f.st == nil {
		st := styles.New(true)
		theme := ""
		if f.Theme != nil {
			theme = f.Theme()
		}
		switch strings.ToLower(theme) {
		case "light":
			st = styles.New(false)
		case "dark":
		default:
			if f.Interactive() {
				in, out := f.Stdin.(term.File), f.Stdout.(term.File)
				st = styles.New(lipgloss.HasDarkBackground(in, out))
			}
		}
		f.st = &st
	}
	return *f.st
}

// Interactive reports whether a person is at the terminal to answer.
func (f *Factory) Interactive() bool {
	in, inOK := f.Stdin.(term.File)
	out, outOK := f.Stdout.(term.File)
	return inOK && outOK && term.IsTerminal(in.Fd()) && term.IsTerminal(out.Fd())
}

// StderrTerminal reports whether stderr is a terminal, where progress can
// be drawn in place.
func (f *Factory) StderrTerminal() bool {
	e, ok := f.Stderr.(term.File)
	return ok && term.IsTerminal(e.Fd())
}
