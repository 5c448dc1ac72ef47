package pgtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"syscall"
)

// account is the unprivileged user the server runs as when the tests run
// as root.
type account struct {
	name     string
	uid, gid uint32
}

// unprivileged returns the user to run PostgreSQL as: nil (this process's
// own) unless it runs as root, which initdb and postgres refuse; then the
// system user nobody, which every Debian system has.
func unprivileged() (*account, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("running as root, PostgreSQL needs an unprivileged user and there is no user nobody: %w", err)
	}
	uid, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("user nobody's id %q: %w", u.Uid, err)
	}
	gid, err := strconv.ParseUint(u.Gid, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("user nobody's group %q: %w", u.Gid, err)
	}
	return &account{name: "nobody", uid: uint32(uid), gid: uint32(gid)}, nil
}

// procAttr runs a program as as (when not nil) in its own process group.
// The server is also told to stop (SIGQUIT, an immediate shutdown) should
// the test binary die without Run stopping it. A change of user clears
// that setting; Go's fork sets it after the change, so it holds.
func procAttr(as *account, server bool) *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{Setpgid: true}
	if as != nil {
		attr.Credential = &syscall.Credential{Uid: as.uid, Gid: as.gid, Groups: []uint32{}}
	}
	if server {
		attr.Pdeathsig = syscall.SIGQUIT
	}
	return attr
}

// fastShutdown asks postgres to end its connections and stop.
func fastShutdown(cmd *exec.Cmd) { _ = cmd.Process.Signal(syscall.SIGINT) }

// killGroup kills the server and every process it started.
func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

// processAlive reports whether process pid exists (EPERM: it does, as
// another user's).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
