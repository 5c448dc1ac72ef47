package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"
	"golang.org/x/sync/semaphore"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/owner"
	"github.com/lore-kb/lore/core/redact"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
)

// One store, many processes: the process that holds the store open (the
// terminal application, lore serve) serves it on a socket beside it
// (package owner), and every other lore command runs as a request to that
// owner instead of finding the store locked. Reads run concurrently in
// the owner; writes take turns there, in the order they asked. When no
// owner answers, a command opens the store itself, as it always did.

// Annotations on commands, read by forward.
const (
	// annotLocal marks a command that never runs in the owner: it does
	// not use the store (scan, analyze, version …), or it must hold the
	// store alone (store restore), or it is an owner itself (serve).
	annotLocal = "lore/local"
	// annotPaths marks a command whose arguments are paths (or URLs),
	// made absolute before the owner, whose working directory is not the
	// client's, reads them.
	annotPaths = "lore/paths"
	// annotHelp marks a command that only prints help (help, a group
	// alone): it needs no store, and its help is drawn for this
	// process's terminal, so it is never forwarded.
	annotHelp = "lore/help"
	// annotAPI marks a command that calls lore's API wherever the
	// library is: beside an owner it calls the owner's API socket, and
	// its command line is never forwarded.
	annotAPI = "lore/api"
)

// noOwnerEnv, when set, makes every command open the store itself.
const noOwnerEnv = "LORE_NO_OWNER"

// heldStore is the store an owner keeps open for its whole life, lent to
// each operation: a read shares it at once; a write waits for its turn,
// first come first served, so that writes from several clients are
// applied one at a time and in order; an operation that must have the
// store alone (verify --repair, whose rebuild leaves the indexes missing
// to any read meanwhile) waits until nobody holds it and holds everybody
// off until it ends.
type heldStore struct {
	db   *store.Store
	turn *semaphore.Weighted
	// queued counts the writes waiting for their turn.
	queued atomic.Int32

	// lendMu guards closed, users and alone; free is signalled whenever
	// one of them changes. lent counts the operations holding the store,
	// which close waits for: a screen's command may still be reading when
	// the person quits, and Badger panics on a store closed under an open
	// iterator.
	lendMu sync.Mutex
	free   *sync.Cond
	closed bool
	// users counts the reads and writes holding the store; alone is set
	// while an operation has it to itself, and only when users is 0.
	users int
	alone bool
	lent  sync.WaitGroup

	// The library's records as last read and the store version they
	// were read at: queries from agents (search, list, prompt) come one
	// after another, and decoding every record for each was most of
	// their time. Only read-only operations get them (shared, not to be
	// changed); any write makes the next read decode again.
	cacheMu  sync.Mutex
	cachedAt uint64
	cached   []*skills.Skill
}

// skills returns the library's records, decoded once per store version,
// in a slice of the caller's own: a caller filtering or sorting it in
// place (as any slice a store returns may be) leaves the cache as it was.
// The records themselves are shared, and no read changes them.
func (h *heldStore) skills() ([]*skills.Skill, error) {
	h.cacheMu.Lock()
	defer h.cacheMu.Unlock()
	if h.cached != nil && h.cachedAt == h.db.Version() {
		return slices.Clone(h.cached), nil
	}
	recs, at, err := h.db.SkillsAt()
	if err != nil {
		return nil, err
	}
	h.cached, h.cachedAt = recs, at
	return slices.Clone(recs), nil
}

// readLibrary is the held store as the skill library's store for a
// read-only operation: its records come from the owner's cache.
type readLibrary struct {
	*store.Store
	h *heldStore
}

func (r readLibrary) Skills() ([]*skills.Skill, error) { return r.h.skills() }

func newHeldStore(db *store.Store) *heldStore {
	h := &heldStore{db: db, turn: semaphore.NewWeighted(1)}
	h.free = sync.NewCond(&h.lendMu)
	return h
}

// lend lends the store for one operation; release ends it.
func (h *heldStore) lend(ctx context.Context, write bool) (*store.Store, func() error, error) {
	if write {
		h.queued.Add(1)
		err := h.turn.Acquire(ctx, 1)
		h.queued.Add(-1)
		if err != nil {
			return nil, nil, err
		}
	}
	if err := h.enter(ctx, false); err != nil {
		if write {
			h.turn.Release(1)
		}
		return nil, nil, err
	}
	return h.db, sync.OnceValue(func() error {
		h.leave(false)
		if write {
			h.turn.Release(1)
		}
		return nil
	}), nil
}

// lendAlone lends the store to one operation that nothing else may
// overlap, not even a read: it waits until no operation holds the store
// (without holding off those that come meanwhile, so an operation that
// holds a loan and asks for a second never waits on it), then new loans
// wait until release.
func (h *heldStore) lendAlone(ctx context.Context) (*store.Store, func() error, error) {
	if err := h.enter(ctx, true); err != nil {
		return nil, nil, err
	}
	return h.db, sync.OnceValue(func() error { h.leave(true); return nil }), nil
}

// enter waits until the store can be lent (to an operation alone when
// alone is set) and takes the loan; it fails once the store is closing
// or ctx ends.
func (h *heldStore) enter(ctx context.Context, alone bool) error {
	stop := context.AfterFunc(ctx, func() {
		h.lendMu.Lock()
		h.free.Broadcast()
		h.lendMu.Unlock()
	})
	defer stop()
	h.lendMu.Lock()
	defer h.lendMu.Unlock()
	for {
		if h.closed {
			return errStoreClosing
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if !h.alone && (!alone || h.users == 0) {
			break
		}
		h.free.Wait()
	}
	if alone {
		h.alone = true
	} else {
		h.users++
	}
	h.lent.Add(1)
	return nil
}

// leave ends a loan enter took.
func (h *heldStore) leave(alone bool) {
	h.lendMu.Lock()
	if alone {
		h.alone = false
	} else {
		h.users--
	}
	h.free.Broadcast()
	h.lendMu.Unlock()
	h.lent.Done()
}

// errStoreClosing is what an operation asking for the store gets once
// its owner is closing it.
var errStoreClosing = errors.New("the store is being closed")

// closeWait bounds how long closing waits for the operations still
// holding the store.
const closeWait = 10 * time.Second

// close lends the store to no new operation, waits for those holding it
// (up to closeWait) and closes it.
func (h *heldStore) close() error {
	h.lendMu.Lock()
	h.closed = true
	h.free.Broadcast()
	h.lendMu.Unlock()
	ended := make(chan struct{})
	go func() { h.lent.Wait(); close(ended) }()
	select {
	case <-ended:
	case <-time.After(closeWait):
	}
	return h.db.Close()
}

// hosting is what a command run by the owner for another process knows
// of its situation.
type hosting struct {
	req owner.Request
	// runs, when the owner has a screen, is where a learn started by the
	// client is announced, so that the screen follows it.
	runs chan<- tui.ExternalRun
	// changed, when the owner has a screen, is signalled once a write the
	// client's command made is over, so that the screen reads the store
	// again (its status bar names the last session).
	changed chan<- struct{}
}

// screenFeed is what the owner's screen hears of the commands it runs
// for clients (see hosting).
type screenFeed struct {
	runs    chan<- tui.ExternalRun
	changed chan<- struct{}
}

// alone is the access of an operation that must have the store to
// itself (verify --repair): in an owner, no other operation overlaps
// it, not even a read; without one, the store is opened writable,
// which locks every other process out.
const alone access = writable + 1

// lendHeld lends the owner's store to one operation of a command; a
// write done for a client tells the screen, once it is over.
func (a *app) lendHeld(ctx context.Context, mode access) (*store.Store, func() error, error) {
	var (
		db      *store.Store
		release func() error
		err     error
	)
	if mode == alone {
		db, release, err = a.held.lendAlone(ctx)
	} else {
		db, release, err = a.held.lend(ctx, mode == writable)
	}
	if err != nil || mode == readOnly || a.host == nil || a.host.changed == nil {
		return db, release, err
	}
	changed := a.host.changed
	return db, sync.OnceValue(func() error {
		err := release()
		select {
		case changed <- struct{}{}:
		default:
			// A signal is pending already; the screen reads the store
			// once for both.
		}
		return err
	}), nil
}

// acquire lends the store for one operation of mode: the held store in
// an owner, else the store opened for the operation.
func (a *app) acquire(ctx context.Context, mode access) (*store.Store, func() error, error) {
	if a.held != nil {
		return a.lendHeld(ctx, mode)
	}
	db, err := a.opener(mode)()
	if err != nil {
		return nil, nil, err
	}
	return db, db.Close, nil
}

// opener is how a command of mode opens the store itself.
func (a *app) opener(mode access) func() (*store.Store, error) {
	if mode != readOnly {
		return a.openStore
	}
	return a.openStoreRead
}

// acquireWaiting lends the store as mode asks, waiting its turn in an
// owner, or up to storeWait for another process to release it.
func (a *app) acquireWaiting(ctx context.Context, mode access) (*store.Store, func() error, error) {
	if a.held != nil {
		return a.lendHeld(ctx, mode)
	}
	db, err := a.openWaiting(ctx, a.opener(mode))
	if err != nil {
		return nil, nil, err
	}
	return db, db.Close, nil
}

// forward runs the command line args in the store's owner, if a process
// serves the store; ok is false when the command must run here: it is
// local, it asks for help, or nobody serves the store.
func forward(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int, ok bool) {
	// A team server (LORE_SERVER) is called through the API by the
	// command itself, never handed a command line.
	if os.Getenv(noOwnerEnv) != "" || os.Getenv(serverEnv) != "" {
		return 0, false
	}
	// The shell's completion request runs here: the values it offers
	// come through the API, from the owner when there is one.
	if len(args) > 0 && strings.HasPrefix(args[0], cobra.ShellCompRequestCmd) {
		return 0, false
	}
	probe := &app{stdin: stdin, stdout: io.Discard, stderr: io.Discard}
	root := probe.rootCmd(args...)
	cmd, rest, err := root.Find(args)
	if err != nil || cmd == root || !cmd.Runnable() || local(cmd) || cmd.Annotations[annotHelp] != "" || cmd.Annotations[annotAPI] != "" {
		return 0, false
	}
	for _, x := range rest {
		if x == "--" {
			// What follows is arguments, whatever they look like.
			break
		}
		if x == "-h" || x == "--help" {
			return 0, false
		}
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return 0, false
	}
	cfg, err := loadConfig(flagValue(cmd, "config"))
	if err != nil || len(cfg.errs) > 0 {
		// Refused here, as it would be with no owner: the owner reads its
		// own environment, not this process's.
		return 0, false
	}
	cfg.bindFlag(keyDataDir, cmd.Flags().Lookup("data-dir"))
	conn, err := owner.Dial(cfg.dataDir())
	if err != nil {
		return 0, false
	}
	// The owner's log and notices name the command; the store and the
	// configuration it was pointed at are the owner's own, and left out.
	shown := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		x := args[i]
		if x == "--" {
			for _, y := range args[i:] {
				shown = append(shown, redact.URL(y))
			}
			break
		}
		if x == "--data-dir" || x == "--config" {
			i++
			continue
		}
		if strings.HasPrefix(x, "--data-dir=") || strings.HasPrefix(x, "--config=") {
			continue
		}
		shown = append(shown, redact.URL(x))
	}
	cwd, _ := os.Getwd()
	req := owner.Request{
		Args: absolutePaths(cmd, args, cwd), Dir: cwd, PID: os.Getpid(), Command: "lore " + strings.Join(shown, " "),
		StdinTTY: isTerminalReader(stdin), StdoutTTY: isTerminal(stdout), StderrTTY: isTerminal(stderr),
	}
	if f, ok := stdout.(term.File); ok && req.StdoutTTY {
		if w, _, err := term.GetSize(f.Fd()); err == nil {
			req.Width = w
		}
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	// Input is forwarded only to a command that reads it: a pipe that
	// nothing reads would stall the connection, and a terminal would
	// swallow what the person types next at the shell.
	var in io.Reader
	if readsStdin(args) || (req.StdinTTY && req.StdoutTTY && asks(cmd)) {
		in = stdin
	}
	code, err = conn.Run(ctx, req, in, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "lore: "+err.Error())
		if jsonRequested(args) {
			_ = finishJSON(stdout, nil, err, ExitFailure)
		}
		return ExitFailure, true
	}
	return code, true
}

// executeHosted runs a command line the owner runs for a client, as
// fang.Execute does for a command of this process but without it: on an
// error or a help page, fang picks its colours by asking this process's
// own terminal (os.Stdin, os.Stdout) for its background. In the terminal
// application that terminal is the screen's: the query put the screen's
// input in raw mode and waited for an answer the screen read first, so a
// failing command's exit code reached its client 2 to 4 seconds late, or
// never. A hosted command's streams are its client's; nothing here
// touches this process's terminal, and the client's signals reach the
// command through ctx.
func executeHosted(ctx context.Context, root *cobra.Command, stderr io.Writer) error {
	root.SilenceUsage = true
	root.SilenceErrors = true
	err := root.ExecuteContext(ctx)
	if err != nil {
		for _, s := range errorSentences(err) {
			fmt.Fprintln(stderr, "lore: "+s)
		}
	}
	return err
}

// local reports a command, or one of its parents, marked annotLocal.
func local(cmd *cobra.Command) bool {
	for c := cmd; c != nil; c = c.Parent() {
		if c.Annotations[annotLocal] != "" {
			return true
		}
	}
	return false
}

// asks reports a command that may ask the person a question on the
// terminal (the approval gate), which then needs the forwarded input.
func asks(cmd *cobra.Command) bool {
	switch cmd.Name() {
	case "learn", "import", "gate":
		return true
	}
	return false
}

// readsStdin reports a command line that reads standard input: "-" as
// its source, or --stdin.
func readsStdin(args []string) bool {
	for _, x := range args {
		if x == "-" || x == "--stdin" {
			return true
		}
	}
	return false
}

func flagValue(cmd *cobra.Command, name string) string {
	if f := cmd.Flags().Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

func isTerminalReader(r io.Reader) bool {
	f, ok := r.(term.File)
	return ok && term.IsTerminal(f.Fd())
}

// absolutePaths returns args with the paths among them made absolute
// against cwd: the values of path flags (--config, --data-dir,
// --output-dir, any flag marked as a file or folder name) and, for a
// command marked annotPaths, its arguments that are not URLs or "-".
func absolutePaths(cmd *cobra.Command, args []string, cwd string) []string {
	out := append([]string(nil), args...)
	abs := func(p string) string {
		if !localPath(p) || filepath.IsAbs(p) {
			return p
		}
		if strings.HasPrefix(p, "~/") {
			if home, err := os.UserHomeDir(); err == nil {
				return filepath.Join(home, p[2:])
			}
		}
		return filepath.Join(cwd, p)
	}
	eachPath(cmd, out, func(i int, val string, kind pathKind) {
		switch kind {
		case pathFlagValue:
			if name, _, ok := strings.Cut(out[i], "="); ok && strings.HasPrefix(out[i], "--") {
				out[i] = name + "=" + abs(val)
			} else {
				out[i] = abs(val)
			}
		case pathAfterDashes:
			out[i] = abs(val)
		case pathArgument:
			// A source that is not a file here may be a repository
			// shorthand or a typo; the owner reports it as given.
			if _, err := os.Stat(filepath.Join(cwd, val)); err == nil || cmd.Annotations[annotPaths] == "target" {
				out[i] = abs(val)
			}
		}
	})
	return out
}

// localPath reports whether p names a file or folder, not the standard
// input ("-") or a URL.
func localPath(p string) bool {
	return p != "" && p != "-" && !strings.Contains(p, "://") && !strings.HasPrefix(p, "git@")
}

// pathKind says where eachPath found a path.
type pathKind int

const (
	pathFlagValue   pathKind = iota // the value of a path flag
	pathArgument                    // an argument of a command marked annotPaths
	pathAfterDashes                 // such an argument after "--"
)

// eachPath calls fn with the index in args of each value that names a
// file or folder for cmd (see absolutePaths), and the value itself (for
// "--flag=value", the part after "=").
func eachPath(cmd *cobra.Command, args []string, fn func(i int, val string, kind pathKind)) {
	argsArePaths := cmd.Annotations[annotPaths] != ""
	names := map[string]bool{}
	for c := cmd; c != nil; c = c.Parent() {
		names[c.Name()] = true
	}
	dashes := false
	for i := 0; i < len(args); i++ {
		x := args[i]
		switch {
		case dashes:
			if argsArePaths {
				fn(i, x, pathAfterDashes)
			}
		case x == "--":
			dashes = true
		case strings.HasPrefix(x, "--"):
			name, val, hasVal := strings.Cut(x[2:], "=")
			f := cmd.Flags().Lookup(name)
			if f == nil {
				continue
			}
			if hasVal {
				if isPathFlag(cmd, name) {
					fn(i, val, pathFlagValue)
				}
				continue
			}
			if f.NoOptDefVal == "" && i+1 < len(args) {
				i++
				if isPathFlag(cmd, name) {
					fn(i, args[i], pathFlagValue)
				}
			}
		case strings.HasPrefix(x, "-") && len(x) == 2:
			if f := cmd.Flags().ShorthandLookup(x[1:]); f != nil && f.NoOptDefVal == "" && i+1 < len(args) {
				i++
				if isPathFlag(cmd, f.Name) {
					fn(i, args[i], pathFlagValue)
				}
			}
		case names[x]:
			// A command name of the path (lore skills import …).
			delete(names, x)
		case argsArePaths:
			fn(i, x, pathArgument)
		}
	}
}

// isPathFlag reports whether cmd's flag name takes a file or folder name.
func isPathFlag(cmd *cobra.Command, name string) bool {
	switch name {
	case "config", "data-dir", "output-dir":
		return true
	}
	f := cmd.Flags().Lookup(name)
	if f == nil {
		return false
	}
	_, file := f.Annotations[cobra.BashCompFilenameExt]
	_, dir := f.Annotations[cobra.BashCompSubdirsInDir]
	return file || dir
}

// describeRequest names a client's command for a notice.
func describeRequest(req owner.Request) string {
	return fmt.Sprintf("%s (pid %d)", clip(strings.TrimSpace(req.Command), 60), req.PID)
}

// clip cuts s to n runes with an ellipsis.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// hostRequest is the owner's handler: it runs a client's command line in
// this process, on the held store, with the client's streams.
func hostRequest(held *heldStore, feed *screenFeed) owner.Handler {
	return func(ctx context.Context, req owner.Request, stdin io.Reader, stdout, stderr io.Writer) int {
		host := &hosting{req: req}
		if feed != nil {
			host.runs, host.changed = feed.runs, feed.changed
		}
		return execute(ctx, req.Args, stdin, stdout, stderr, held, host)
	}
}

// errNotServed is why a process that must own the store cannot: another
// one does (exit 4, as for a locked store).
var errNotServed = fmt.Errorf("%w: another lore process serves it", core.ErrStoreLocked)

// The kinds of owner, as an owner names itself to a process that asks.
const (
	ownerServe = "lore serve"
	ownerApp   = "the terminal application"
)

// notServed is errNotServed for the store in dir, with which process
// serves it (the owner is asked; an owner that does not say is named by
// its possible kinds) and what the person can do: only one process owns a
// store, so a second terminal application or lore serve cannot open; the
// terminal application is used where it runs, lore serve is stopped to
// serve from here, and every other lore command typed here is forwarded
// to the owner (forward) and runs there, its output shown here. cause,
// when not nil, is how the owner was found.
func notServed(dir string, cause error) error {
	var who owner.Owner
	if c, err := owner.Dial(dir); err == nil {
		who, _ = c.Who()
	}
	const meanwhile = "Meanwhile the other lore commands run from here (lore learn, lore find, …) go through it."
	var msg string
	switch who.Kind {
	case ownerServe:
		msg = fmt.Sprintf("the store %s is served by lore serve (pid %d). Only one process serves a store. "+
			"To serve it from here, stop that lore serve first. %s", dir, who.PID, meanwhile)
	case ownerApp:
		msg = fmt.Sprintf("the store %s is open in the terminal application (pid %d). "+
			"To use it, switch to the terminal where it runs. To open it here, quit it there first. %s", dir, who.PID, meanwhile)
	default:
		msg = fmt.Sprintf("the store %s is served by another lore process, the terminal application or lore serve. "+
			"To use it, switch to where it runs. To open it here, quit or stop it first. %s", dir, meanwhile)
	}
	return &notServedError{msg: msg, cause: cause}
}

// notServedError is errNotServed (so exit 4) said with which process
// serves the store.
type notServedError struct {
	msg   string
	cause error
}

func (e *notServedError) Error() string {
	s := core.ErrStoreLocked.Error() + ": " + e.msg
	if e.cause != nil {
		s += " (" + e.cause.Error() + ")"
	}
	return s
}

func (e *notServedError) Unwrap() []error {
	if e.cause == nil {
		return []error{errNotServed}
	}
	return []error{errNotServed, e.cause}
}
