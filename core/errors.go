package core

import (
	"errors"
	"strconv"
)

// Exit codes of the command line, documented in the README.
const (
	ExitOK       = 0
	ExitFailure  = 1
	ExitUsage    = 2
	ExitRejected = 3
	ExitLocked   = 4
	// ExitBlocked: an unlearn was refused because other sessions' knowledge
	// depends on what it would remove (use --force to proceed).
	ExitBlocked = 5
	// ExitInterrupted: the user interrupted the run (ctrl-c); nothing was
	// stored.
	ExitInterrupted = 130
)

// UsageError is a mistake in how lore was invoked (bad flag value, missing
// argument); the command line exits with ExitUsage.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// InputError is a problem with a source the user named: missing file,
// unsupported format, invalid UTF-8. The message names the input.
type InputError struct {
	Input string
	Msg   string
	Err   error
}

func (e *InputError) Error() string {
	if e.Err != nil && e.Msg == "" {
		return e.Input + ": " + e.Err.Error()
	}
	return e.Input + ": " + e.Msg
}

func (e *InputError) Unwrap() error { return e.Err }

// ErrStoreLocked is returned (wrapped) when another process holds the store.
var ErrStoreLocked = errors.New("store is locked by another process")

func quote(s string) string { return strconv.Quote(s) }
