package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api/owner"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/tui"
)

// One store, many processes: the process that holds the store open (the
// terminal application, lore serve) serves lore's API on a socket beside
// it (package owner), and every other lore command calls that API instead
// of finding the store locked. Reads run concurrently in the owner; writes
// take turns there, in the order they asked. When no owner answers, a
// command opens the store itself, as it always did.

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

// screenFeed is what the owner's screen hears of the calls it serves:
// runs, the learns other processes run through its API, which the screen
// follows; changed, signalled once a write is over, so that the screen
// reads the store again (its status bar names the last session).
type screenFeed struct {
	runs    chan<- tui.ExternalRun
	changed chan<- struct{}
}

// afterWrite is release telling the screen, once the write is over, that
// the store changed (release itself when there is no screen to tell).
func (f *screenFeed) afterWrite(release func() error) func() error {
	if f == nil || f.changed == nil {
		return release
	}
	return func() error {
		err := release()
		select {
		case f.changed <- struct{}{}:
		default:
			// A signal is pending already; the screen reads the store
			// once for both.
		}
		return err
	}
}

// alone is the access of an operation that must have the store to
// itself (verify --repair): in an owner, no other operation overlaps
// it, not even a read; without one, the store is opened writable,
// which locks every other process out.
const alone access = writable + 1

// lendHeld lends the owner's store to one operation of a command.
func (a *app) lendHeld(ctx context.Context, mode access) (*store.Store, func() error, error) {
	if mode == alone {
		return a.held.lendAlone(ctx)
	}
	return a.held.lend(ctx, mode == writable)
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
// serve from here, and every other lore command typed here calls the
// owner's API. cause,
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
