package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/sys/unix"
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

// shows types keys and reports whether the application then writes s
// within d.
func (a *terminalApp) shows(keys, s string, d time.Duration) bool {
	a.t.Helper()
	mark := len(a.screen())
	a.typeKeys(keys)
	want := strings.ReplaceAll(s, " ", "")
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if strings.Contains(a.screen()[mark:], want) {
			return true
		}
	}
	return false
}

// waitFor waits until the application has written one of texts.
func (a *terminalApp) waitFor(texts ...string) {
	a.t.Helper()
	shown := func() bool {
		screen := a.screen()
		for _, s := range texts {
			if strings.Contains(screen, strings.ReplaceAll(s, " ", "")) {
				return true
			}
		}
		return false
	}
	deadline := time.Now().Add(30 * time.Second)
	for !shown() {
		if time.Now().After(deadline) {
			a.t.Fatalf("the application never showed %q; it showed:\n%s", texts, a.screen())
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

// The terminal application owns the store while it is open (issue 23,
// point 1): other lore processes read and write through it, their learns
// show on its Learn screen, and while it reads a source that is still
// arriving, another process's learn still gets its turn.
func TestAppServesTheStoreToOtherProcesses(t *testing.T) {
	dir := newStoreDir(t)
	loreOK(t, dir, "learn", corpus(t, "apiref_goldmark_README.md"), "--json")
	app := startTerminalApp(t, dir)
	app.waitFor("n learn a source")
	app.typeKeys("4") // the Graph screen reads the store
	app.waitFor("goldmark.WithExtensions")
	var ranked struct {
		Primitives []struct{ ID string } `json:"primitives"`
	}
	if err := json.Unmarshal([]byte(loreOK(t, dir, "rank", "--json").stdout), &ranked); err != nil || len(ranked.Primitives) == 0 {
		t.Fatalf("lore rank --json through the application: %v, %+v", err, ranked)
	}
	loreOK(t, dir, "sessions")
	loreOK(t, dir, "show", ranked.Primitives[0].ID)
	app.typeKeys("1")
	r := loreOK(t, dir, "learn", corpus(t, "latex_ods_sorting.tex"), "--approve", "--json")
	if !strings.Contains(r.stdout, `"success": true`) {
		t.Fatalf("a learn through the application: %s", r.stdout)
	}
	// A learn that ends between two frames leaves its start off the
	// screen (the log pane shows its last lines, the notice its end): the
	// run followed shows by either.
	me, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	app.waitFor("started by "+me.Username, "learned for "+me.Username)
	// n does nothing while the application still follows that run (its
	// end may not have reached the screen yet), and the screen's redraws
	// are too partial to read that end from: n is pressed until the form
	// opens.
	url, requested := stallingServer(t)
	for i := 0; !app.shows("n", "next field", 5*time.Second); i++ {
		if i == 6 {
			t.Fatalf("n never opened the form; the application showed:\n%s", app.screen())
		}
	}
	app.typeKeys(url + "\r")
	select {
	case <-requested:
	case <-time.After(30 * time.Second):
		t.Fatalf("the run never asked for %s; the application showed:\n%s", url, app.screen())
	}
	loreOK(t, dir, "learn", corpus(t, "latex_openlogic_enumerability.tex"), "--approve", "--json")

	// Quitting cancels the run.
	app.typeKeys("q")
	app.waitFor("Cancel it")
	app.typeKeys("y")
	app.waitExit()
	// The owner is gone: the next command opens the store itself.
	loreOK(t, dir, "sessions")
}
