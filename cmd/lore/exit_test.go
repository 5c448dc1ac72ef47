package main

import (
	"context"
	"errors"
	"fmt"
	"net"
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
		{&core.InputError{Input: "x.md", Msg: "file is empty"}, 2},
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
