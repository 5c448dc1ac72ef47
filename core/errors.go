package core

import (
	"errors"
	"strconv"
)

// UsageError is a mistake in how lore was invoked (bad flag value, missing
// argument); the command line exits with its usage code.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// InputError is a problem with a source the user named: missing file,
// unsupported format, damaged content, a refused request. The message names
// the input. The command line exits with its usage code when Usage is set
// and its failure code otherwise.
type InputError struct {
	Input string
	Msg   string
	Err   error
	// Usage marks a problem whose fix is in what was asked: a path that
	// does not exist or cannot be opened, a type or URL scheme lore does not
	// read, a malformed address, an empty standard input. A source that lore
	// opened and found damaged, hostile, too large or without documents is
	// not a usage mistake, and neither is a server's refusal.
	Usage bool
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
