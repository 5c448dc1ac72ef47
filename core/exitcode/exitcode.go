// Package exitcode holds the command line's exit codes and the code each
// error of the engine, the gate and the skill library gives, so that a
// run on a team server reports the code the same run would have exited
// with on the person's own machine.
package exitcode

import (
	"context"
	"errors"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/curate"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/gate"
	"github.com/lore-kb/lore/core/skills/library"
)

// The exit codes, documented in the README. The rule for Usage: the
// command cannot run as asked and the fix is in what was asked — a bad
// flag or argument, an unknown command, session, conflict, skill or
// domain, and a source or path that is missing, unreadable or not
// something lore reads. Failure is everything else: lore tried and
// something went wrong (a network failure, a server's refusal, a damaged
// or hostile document, a damaged store, skills that failed validation or
// were skipped).
const (
	OK       = 0
	Failure  = 1
	Usage    = 2
	Rejected = 3
	Locked   = 4
	// Blocked: an unlearn was refused because other sessions' knowledge
	// depends on what it would remove (--force proceeds).
	Blocked = 5
	// Internal: lore itself failed (a bug: a panic in its own code), not
	// the input, the store or the usage; EX_SOFTWARE of sysexits.h.
	Internal = 70
	// Interrupted: the run was interrupted (ctrl-c, or its client gone);
	// nothing was stored.
	Interrupted = 130
)

// Of is the exit code err gives: OK for nil, Failure for an error it does
// not know.
func Of(err error) int {
	switch {
	case err == nil:
		return OK
	case errors.Is(err, context.Canceled):
		return Interrupted
	case is[*gate.ApprovalRequiredError](err), is[*gate.RejectedError](err), is[*library.UnacknowledgedError](err):
		return Rejected
	case errors.Is(err, core.ErrStoreLocked):
		return Locked
	case is[*engine.IntegrityBlockedError](err):
		return Blocked
	}
	if ie, ok := errors.AsType[*core.InputError](err); ok {
		if ie.Usage {
			return Usage
		}
		return Failure
	}
	switch {
	case is[*core.UsageError](err), errors.Is(err, engine.ErrUnknown), errors.Is(err, library.ErrUnknown),
		is[*engine.AlreadyRevertedError](err), is[*engine.AlreadyResolvedError](err), is[*engine.NotRevertibleError](err),
		is[*engine.RejectedSessionError](err), is[*curate.CycleError](err):
		return Usage
	}
	return Failure
}

func is[T error](err error) bool {
	_, ok := errors.AsType[T](err)
	return ok
}
