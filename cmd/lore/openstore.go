package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
)

// openStoreWith opens the configured store with opts, warning first (once
// per run) when its folder already exists open to other users: lore creates
// its own folder 0700, so a wider one was made, or changed, by someone else
// and lets others read what was learned.
func (a *app) openStoreWith(opts store.Options) (*store.Store, error) {
	dir := a.cfg.dataDir()
	if _, err := a.noStoreYet(); err != nil {
		return nil, err
	}
	if !a.warnedDataDir {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() && fi.Mode().Perm()&0o077 != 0 {
			a.warnedDataDir = true
			fmt.Fprintf(a.Stderr, "lore: warning: data folder %s is open to other users (mode %04o); run chmod 700 %s to keep it private\n",
				dir, fi.Mode().Perm(), dir)
		}
	}
	if opts.Progress == nil {
		opts.Progress = storeProgress(a.Stderr)
	}
	db, err := store.Open(dir, opts)
	if err != nil {
		return nil, err
	}
	if !db.ReadOnly() {
		a.resumePublications(db)
	}
	return db, nil
}

// resumePublications writes the artifacts of a session whose run ended
// between its commit and its files. A failure leaves them pending for the
// next command, and lore store verify reports them meanwhile. It is part
// of opening the store, which commands do before their own work starts, so
// it runs to the end rather than under a command's context.
func (a *app) resumePublications(db *store.Store) {
	done, err := engine.ResumePublications(context.Background(), db)
	for _, session := range done {
		fmt.Fprintf(a.Stderr, "lore: wrote the skills and agents of session %s, committed by a run that ended before writing them\n", session)
	}
	if err != nil {
		fmt.Fprintf(a.Stderr, "lore: warning: skills and agents of a committed session are still not written (lore store verify lists them): %v\n", err)
	}
}

// openStoreRead opens the configured store for a command that only reads
// it: Badger then takes a shared lock and writes no pid file, so reading,
// verifying and backing up work in a read-only data folder too.
//
// Where no store is yet (a new install, a mistyped --data-dir) it reads an
// empty one in memory, saying so on a terminal, rather than create a store
// there.
func (a *app) openStoreRead() (*store.Store, error) {
	none, err := a.noStoreYet()
	if err != nil {
		return nil, err
	}
	if dir := a.cfg.dataDir(); none {
		// Told to a person at a terminal; a script or an agent's hook
		// (lore skills prompt) gets the empty answer alone.
		if !a.warnedNoStore && isTerminal(a.Stderr) {
			a.warnedNoStore = true
			fmt.Fprintf(a.Stderr, "lore: no store in %s yet: nothing has been learned there (lore learn makes one)\n", dir)
		}
		return store.OpenEmpty()
	}
	return a.openStoreWith(store.Options{ReadOnly: true})
}

// noStoreYet reports whether nothing was ever learned in the data folder:
// it does not exist, or holds no database. A data folder that names a
// file is a mistake to say, not an empty store to read: reading commands
// would otherwise answer "nothing learned" and exit 0.
func (a *app) noStoreYet() (bool, error) {
	dir := a.cfg.dataDir()
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return false, &core.UsageError{Msg: fmt.Sprintf("data folder %s is a file, not a folder (from %s)", dir, a.cfg.source(keyDataDir))}
	}
	return !store.Exists(dir), nil
}

// access is how a command opens the store.
type access int

const (
	// readOnly is for a command that only reads: a shared lock, no pid
	// file, and it works in a read-only data folder.
	readOnly access = iota
	// writable is for a command that changes the store: it locks out
	// every other lore process while it is open.
	writable
)

// storeProgress prints the store's own maintenance on w (stderr), so that
// rebuilding its indexes on open or merging its tree on close is never a
// silent pause of seconds: a line as a task starts, completed with its
// time as it ends. On a terminal the line also counts the primitives a
// rebuild has done, rewritten in place at most a few times a second. A
// merge of a tree under quietFlatten takes a fraction of a second and is
// left out: a small learn's exit says nothing about the store's upkeep.
// quietFlatten is the size of tree below which merging it on close is not
// reported.
const quietFlatten = 32 << 20

func storeProgress(w io.Writer) func(store.Progress) {
	tty := isTerminal(w)
	var (
		line  string
		shown time.Time
	)
	return func(p store.Progress) {
		if p.Task == store.TaskFlatten && p.Bytes < quietFlatten {
			return
		}
		switch {
		case p.Finished:
			done := fmt.Sprintf("done in %.1fs", p.Elapsed.Seconds())
			if p.Skipped > 0 {
				done += fmt.Sprintf("; %d record%s could not be read (lore store verify lists them)", p.Skipped, cmdutil.Plural(p.Skipped))
			}
			if tty {
				fmt.Fprintf(w, "\r\x1b[K%s %s\n", line, done)
			} else {
				fmt.Fprintf(w, "%s %s\n", line, done)
			}
		case line == "":
			switch p.Task {
			case store.TaskFlatten:
				line = "lore: flattening the store"
			default:
				line = fmt.Sprintf("lore: rebuilding the store's indexes of %d primitive%s", p.Total, cmdutil.Plural(p.Total))
			}
			if p.Reason != "" {
				line += " (" + p.Reason + ")"
			}
			line += "…"
			shown = time.Now()
			if tty {
				fmt.Fprint(w, line)
			} else {
				fmt.Fprintln(w, line)
			}
		case tty && p.Total > 0 && time.Since(shown) >= 200*time.Millisecond:
			shown = time.Now()
			fmt.Fprintf(w, "\r\x1b[K%s %d/%d", line, p.Done, p.Total)
		}
		if p.Finished {
			line = ""
		}
	}
}
