package main

import "github.com/lore-kb/lore/core/exitcode"

// Exit codes of the command line, documented in the README; package
// exitcode says what each means and which errors give it.
const (
	ExitOK          = exitcode.OK
	ExitFailure     = exitcode.Failure
	ExitUsage       = exitcode.Usage
	ExitRejected    = exitcode.Rejected
	ExitLocked      = exitcode.Locked
	ExitBlocked     = exitcode.Blocked
	ExitInternal    = exitcode.Internal
	ExitInterrupted = exitcode.Interrupted
)

// ExitCode is one row of the exit-code table.
type ExitCode struct {
	Code    int
	Meaning string
}

// ExitCodes is the exit-code table, shown by lore --help and the README
// (a test keeps the two the same).
var ExitCodes = []ExitCode{
	{ExitOK, "success"},
	{ExitFailure, "failure: network, damaged or refused input, store, invalid or skipped skills, integrity"},
	{ExitUsage, "usage: bad flag or argument, unknown command or id, missing or bad input"},
	{ExitRejected, "rejected at the approval gate, or approval needed and not given"},
	{ExitLocked, "store locked by another process"},
	{ExitBlocked, "unlearn blocked by dependents (use --force)"},
	{ExitInternal, "internal error (a bug in lore; please report it)"},
	{ExitInterrupted, "interrupted (ctrl-c, or the terminal application quit during its run); nothing stored"},
}
