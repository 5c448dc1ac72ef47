package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/sys/unix"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
)

// openPTY opens a pseudo-terminal of w×h cells: the terminal application
// runs only on a terminal.
func openPTY(t *testing.T, w, h int) (master, slave *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetWinsize(int(slave.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: uint16(h), Col: uint16(w)}); err != nil {
		t.Fatal(err)
	}
	return master, slave
}

// terminalApp is lore running on a pseudo-terminal, its screen output
// collected as it comes.
type terminalApp struct {
	t      *testing.T
	cmd    *exec.Cmd
	master *os.File
	mu     sync.Mutex
	out    strings.Builder
	exited chan struct{}
}

func startTerminalApp(t *testing.T, dir string, args ...string) *terminalApp {
	t.Helper()
	master, slave := openPTY(t, 100, 30)
	home := t.TempDir()
	cmd := exec.Command(loreBin, append([]string{"--data-dir", dir}, args...)...)
	cmd.Env = []string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"PATH=" + os.Getenv("PATH"),
		"TERM=xterm-256color",
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	a := &terminalApp{t: t, cmd: cmd, master: master, exited: make(chan struct{})}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			a.mu.Lock()
			a.out.Write(buf[:n])
			a.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	go func() {
		_ = cmd.Wait()
		close(a.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-a.exited:
		default:
			_ = cmd.Process.Kill()
			<-a.exited
		}
		master.Close()
	})
	return a
}

// screen is everything the application wrote, escapes and spaces taken
// out (a repaint moves the cursor over blanks).
func (a *terminalApp) screen() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return strings.ReplaceAll(ansi.Strip(a.out.String()), " ", "")
}

func (a *terminalApp) waitFor(s string) {
	a.t.Helper()
	want := strings.ReplaceAll(s, " ", "")
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(a.screen(), want) {
		if time.Now().After(deadline) {
			a.t.Fatalf("the application never showed %q; it showed:\n%s", s, a.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (a *terminalApp) typeKeys(s string) {
	a.t.Helper()
	if _, err := io.WriteString(a.master, s); err != nil {
		a.t.Fatal(err)
	}
}

func (a *terminalApp) waitExit() {
	a.t.Helper()
	select {
	case <-a.exited:
	case <-time.After(30 * time.Second):
		a.t.Fatalf("the application did not quit; it showed:\n%s", a.screen())
	}
}

// openBeside opens the store as another lore process would, allowing for
// an operation of the application that has it open for a moment (a
// screen's load): a store held longer than that fails.
func openBeside(dir string, readOnly bool) error {
	deadline := time.Now().Add(2 * time.Second)
	for {
		db, err := store.Open(dir, store.Options{ReadOnly: readOnly})
		if err == nil {
			return db.Close()
		}
		if !errors.Is(err, core.ErrStoreLocked) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The terminal application holds the store only while it uses it (issue
// 19, point 7): while it is open and idle, other lore processes read the
// store and write to it, and while it reads a source that is still
// arriving, another process can still write to the store.
func TestAppHoldsTheStoreOnlyWhileUsingIt(t *testing.T) {
	dir := newStoreDir(t)
	loreOK(t, dir, "learn", corpus(t, "apiref_goldmark_README.md"), "--json")
	app := startTerminalApp(t, dir)
	app.waitFor("n learn a source")
	app.typeKeys("4") // the Graph screen reads the store
	app.waitFor("goldmark.WithExtensions")
	if err := openBeside(dir, true); err != nil {
		t.Errorf("while the application is open and idle, another process cannot read the store: %v", err)
	}
	if err := openBeside(dir, false); err != nil {
		t.Errorf("while the application is open and idle, another process cannot write to the store: %v", err)
	}

	url, requested := stallingServer(t)
	app.typeKeys("1n")
	app.waitFor("next field")
	app.typeKeys(url + "\r")
	select {
	case <-requested:
	case <-time.After(30 * time.Second):
		t.Fatalf("the run never asked for %s; the application showed:\n%s", url, app.screen())
	}
	if err := openBeside(dir, false); err != nil {
		t.Errorf("while the application reads a source that is still arriving, another process cannot write to the store: %v", err)
	}

	// Quitting cancels the run.
	app.typeKeys("q")
	app.waitFor("Cancel it")
	app.typeKeys("y")
	app.waitExit()
}
