//go:build !linux

package pgtest

import (
	"fmt"
	"os/exec"
	"syscall"
)

// account is the unprivileged user the server would run as.
type account struct {
	name     string
	uid, gid uint32
}

// unprivileged refuses: the server is started, run as another user and
// tied to the test binary's life with Linux's process controls only, and
// Debian's packages are what the tests are written for.
func unprivileged() (*account, error) {
	return nil, fmt.Errorf("tests start PostgreSQL on Linux only: %w", ErrNotInstalled)
}

func procAttr(*account, bool) *syscall.SysProcAttr { return nil }

func fastShutdown(cmd *exec.Cmd) { _ = cmd.Process.Kill() }

func killGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }

// processAlive answers that every process lives, so that nothing is swept.
func processAlive(int) bool { return true }
