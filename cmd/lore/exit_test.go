package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/gate"
)

func TestExitCodes(t *testing.T) {
	cases := []struct {
		err  error
		want int
	}{
		{nil, 0},
		{errors.New("boom"), 1},
		{&core.InputError{Input: "x.md", Msg: "file is empty"}, 1},
		{&core.InputError{Input: "x.md", Msg: "no such file or folder", Usage: true}, 2},
		{&core.InputError{Input: "http://x", Msg: "refused redirect to 127.0.0.1"}, 1},
		{&core.InputError{Input: "https://x", Msg: "the request hit the 30s timeout", Err: context.DeadlineExceeded}, 1},
		{&core.InputError{Input: "https://x", Msg: "the request failed", Err: &net.OpError{Op: "dial", Err: errors.New("connection refused")}}, 1},
		{&core.UsageError{Msg: "bad flag"}, 2},
		{errors.New("unknown flag: --bogus"), 2},
		{fmt.Errorf("learn: %w", &gate.ApprovalRequiredError{Source: "https://x", Flag: "--trust"}), 3},
		{fmt.Errorf("open: %w", core.ErrStoreLocked), 4},
	}
	for _, c := range cases {
		if got := exitCode(c.err); got != c.want {
			t.Errorf("exitCode(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}

// panicWriter stands for any bug in lore's own code: it panics when written.
type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) { panic("writer exploded") }

// TestPanicIsInternalError runs a command whose output panics: run must
// recover, say "internal error" with the panic's value on stderr, and exit
// with ExitInternal (70), not the runtime's 2.
func TestPanicIsInternalError(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"store", "verify", "--json"}} {
		var stderr strings.Builder
		code := run(context.Background(), append(args, "--data-dir", t.TempDir()), strings.NewReader(""), panicWriter{}, &stderr)
		if code != ExitInternal {
			t.Errorf("lore %v with a panicking writer: exit %d, want %d\nstderr: %s", args, code, ExitInternal, stderr.String())
		}
		if s := stderr.String(); !strings.Contains(s, "lore: internal error: writer exploded") || !strings.Contains(s, "please report it") {
			t.Errorf("lore %v: stderr lacks the internal error sentence:\n%s", args, s)
		}
	}
}

// TestFlagValueErrorsSayWhatTheFlagWants: a flag given a value of the
// wrong kind is a usage error naming the flag, the value and what it
// takes, not the Go parser that refused it.
func TestFlagValueErrorsSayWhatTheFlagWants(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rank", "--top", "abc"}, `--top "abc": give a whole number`},
		{[]string{"watch", ".", "--interval", "soon"}, `--interval "soon": give a duration such as 5s or 1m`},
	} {
		r := lore(t, storeEnv(newStoreDir(t)), c.args...)
		if r.code != 2 || strings.TrimSpace(r.stderr) != "lore: "+c.want {
			t.Errorf("lore %v: exit %d, stderr %q", c.args, r.code, r.stderr)
		}
	}
}
