package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"connectrpc.com/connect"

	"github.com/lore-kb/lore/cli/cmdutil"
	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/api"
	localapi "github.com/lore-kb/lore/core/api/local"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/core/exitcode"
	"github.com/lore-kb/lore/store"
)

// The store's upkeep through the API (VerifyStore, BackupStore): the
// local service asks its Maintainer, which this file makes for a data
// folder's Badger stores and for PostgreSQL's.

// upkeep is what an operation of the store's upkeep does with it, which
// says how it is lent.
type upkeep int

const (
	// upkeepCheck is a check (lore store verify): in an owner it takes
	// the write turn, so that no learn run for another client is between
	// its commit and its files (which the check would report as a run
	// ended there); without one the store is opened read-only.
	upkeepCheck upkeep = iota
	// upkeepRepair is a check after a repair (--repair): it has the
	// store alone, since its rebuild leaves the indexes missing to any
	// read meanwhile; without an owner the store is opened writable,
	// which locks every other process out.
	upkeepRepair
	// upkeepBackup is a backup: a read.
	upkeepBackup
)

// badgerUpkeep is the local service's Maintainer on Badger stores.
type badgerUpkeep struct {
	// lend lends the store of workspace ws for op.
	lend func(ctx context.Context, ws string, op upkeep) (*store.Store, func() error, error)
	// progress, when not nil, hears a repair's rebuild.
	progress io.Writer
}

var _ localapi.Maintainer = badgerUpkeep{}

func (u badgerUpkeep) Verify(ctx context.Context, ws string, repair bool) (*lorev1.VerifyStoreResponse, error) {
	op := upkeepCheck
	if repair {
		op = upkeepRepair
	}
	db, release, err := u.lend(ctx, ws, op)
	if err != nil {
		return nil, err
	}
	defer func() { _ = release() }()
	var wired engine.EdgeRepair
	if repair {
		var progress func(store.Progress)
		if u.progress != nil {
			progress = storeProgress(u.progress)
		}
		if err := db.Reindex(ctx, progress); err != nil {
			return nil, err
		}
		if wired, err = engine.RepairEdges(ctx, db); err != nil {
			return nil, err
		}
	}
	// The store checked: in an owner, the one it holds, whatever its
	// own configuration names.
	dir := db.Path()
	rep, err := db.Verify(ctx)
	if err != nil {
		return nil, fmt.Errorf("verify store %s: %w", dir, err)
	}
	arts, err := engine.VerifyArtifacts(db)
	if err != nil {
		return nil, fmt.Errorf("verify the artifacts of store %s: %w", dir, err)
	}
	for _, p := range arts {
		rep.Add(store.ProblemArtifact, p.Subject, p.Detail)
	}
	return localapi.VerifyAnswer(dir, rep, wired), nil
}

func (u badgerUpkeep) Backup(ctx context.Context, ws string, w io.Writer) (*lorev1.BackupStoreResponse, error) {
	db, release, err := u.lend(ctx, ws, upkeepBackup)
	if err != nil {
		return nil, err
	}
	defer func() { _ = release() }()
	info, err := db.Backup(ctx, w)
	if err != nil {
		return nil, err
	}
	return &lorev1.BackupStoreResponse{Store: info.Store, Schema: int32(info.Schema), Primitives: int32(info.Primitives),
		Bytes: info.Bytes, Sha256: info.SHA256, Created: info.Created.UTC().Format(time.RFC3339)}, nil
}

// upkeepLoan lends this process's store of workspace ws for op: the
// data folder's (held by this process when it owns it), or another
// workspace's, which only lore serve holds.
func (a *app) upkeepLoan(ctx context.Context, ws string, op upkeep) (*store.Store, func() error, error) {
	if ws != auth.DefaultWorkspace {
		if a.workspaces == nil {
			return nil, nil, fmt.Errorf("workspace %s: %w", ws, errNoWorkspace)
		}
		h, err := a.workspaces.open(ws)
		if err != nil {
			return nil, nil, err
		}
		return h.upkeepLoan(ctx, op)
	}
	if op == upkeepBackup {
		return a.acquire(ctx, readOnly)
	}
	return a.verifyLoan(ctx, op == upkeepRepair)
}

// verifyLoan lends the store to a check (see upkeepCheck), or to a
// repair (upkeepRepair): in an owner, the held store in the write turn,
// or alone; without one, the store opened read-only, or writable.
func (a *app) verifyLoan(ctx context.Context, repair bool) (*store.Store, func() error, error) {
	switch {
	case repair:
		return a.acquire(ctx, alone)
	case a.held != nil:
		return a.held.lend(ctx, true)
	default:
		return a.acquire(ctx, readOnly)
	}
}

// upkeepLoan lends the held store for op (see upkeep).
func (h *heldStore) upkeepLoan(ctx context.Context, op upkeep) (*store.Store, func() error, error) {
	switch op {
	case upkeepCheck:
		return h.lend(ctx, true)
	case upkeepRepair:
		return h.lendAlone(ctx)
	default:
		return h.lend(ctx, false)
	}
}

// pgUpkeep is the local service's Maintainer on PostgreSQL's workspaces.
type pgUpkeep struct {
	stores *pgStores
	// progress, when not nil, hears what a repair could not rebuild.
	progress io.Writer
}

var _ localapi.Maintainer = pgUpkeep{}

// Verify checks the workspace's tables against their records in one
// snapshot; a repair first rebuilds the derived tables in one
// transaction, in the workspace's write turn (other processes' writes
// wait; reads see the tables from before until it commits), then draws
// the edges the records name as prerequisites but lack, as on Badger.
func (u pgUpkeep) Verify(ctx context.Context, ws string, repair bool) (*lorev1.VerifyStoreResponse, error) {
	db, err := u.stores.open(ctx, ws)
	if err != nil {
		return nil, err
	}
	var wired engine.EdgeRepair
	if repair {
		skipped, err := db.Rebuild(ctx)
		if err != nil {
			return nil, err
		}
		if skipped > 0 && u.progress != nil {
			fmt.Fprintf(u.progress, "lore: %d primitive record%s did not decode; left as they are (listed below)\n", skipped, cmdutil.Plural(skipped))
		}
		st, release, err := u.stores.take(ctx, ws, true)
		if err != nil {
			return nil, err
		}
		wired, err = engine.RepairEdges(ctx, st)
		// A turn not given back cleanly ends with its connection
		// (WriteTurn closes it): that error is not the repair's.
		_ = release()
		if err != nil {
			return nil, err
		}
	}
	rep, err := db.Verify(ctx)
	if err != nil {
		return nil, err
	}
	return localapi.VerifyAnswer(db.Name(), rep, wired), nil
}

// pgBackupInstead is what backs up a PostgreSQL store: the database's
// own tools, or a copy to a folder.
const pgBackupInstead = "back a PostgreSQL library up with pg_dump, or copy it to a folder with lore store copy URL FOLDER"

// pgBackupRefusal is why a PostgreSQL store is not backed up through
// lore. It is the caller's to do otherwise, and exits 2 wherever it is
// said.
const pgBackupRefusal = "lore store backup works on the embedded store, not on PostgreSQL: " + pgBackupInstead

func (pgUpkeep) Backup(context.Context, string, io.Writer) (*lorev1.BackupStoreResponse, error) {
	return nil, api.WithExitCode(connect.NewError(connect.CodeFailedPrecondition, errors.New(pgBackupRefusal)), exitcode.Usage)
}
