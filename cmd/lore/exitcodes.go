package main

// Exit codes of the command line, documented in the README. The rule for
// ExitUsage: the command cannot run as asked and the fix is in what was
// asked — a bad flag or argument, an unknown command, session, conflict,
// skill or domain, and a source or path that is missing, unreadable or not
// something lore reads. ExitFailure is everything else: lore tried and
// something went wrong (a network failure, a server's refusal, a damaged or
// hostile document, a damaged store, skills that failed validation or were
// skipped).
const (
	ExitOK       = 0
	ExitFailure  = 1
	ExitUsage    = 2
	ExitRejected = 3
	ExitLocked   = 4
	// ExitBlocked: an unlearn was refused because other sessions' knowledge
	// depends on what it would remove (use --force to proceed).
	ExitBlocked = 5
	// ExitInternal: lore itself failed (a bug: a panic in its own code),
	// not the input, the store or the usage; EX_SOFTWARE of sysexits.h.
	ExitInternal = 70
	// ExitInterrupted: the user interrupted the run (ctrl-c); nothing was
	// stored.
	ExitInterrupted = 130
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
	{ExitInterrupted, "interrupted (ctrl-c); nothing stored"},
}
