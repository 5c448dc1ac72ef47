package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	auth "github.com/lore-kb/lore/core/access"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/engine"
	"github.com/lore-kb/lore/store"
)

func (a *app) storeCmd() *cobra.Command {
	cmd := groupCmd("store", "Inspect and maintain the store", "")
	var asJSON, repair bool
	verify := &cobra.Command{
		Use:   "verify",
		Short: "Check the store's integrity",
		Long: `Checks that every dependency edge points at a stored primitive, that the
reverse-edge index and the domain, type, keyword and rank indexes agree with the
primitive records, and that the dependency graph has no cycle. With --repair it
first rebuilds everything derived from the primitive records (edges, indexes,
dedup records), which mends any of those found missing or stale; what remains
is damage to the records themselves; then it draws the edges a record names as
prerequisites but lacks (missing-edge), each recorded in the session of the
primitive it starts from, so unlearning that session takes it back.

Beside a store's owner (the terminal application, lore serve) the owner runs
it on the store it holds: the check waits for a write in progress to end, and
--repair also waits for every read, holding the others off while it rebuilds.
On a PostgreSQL store (store.url) it checks the default workspace's tables
against their records in one snapshot; --repair rebuilds the derived tables
in one transaction, in the workspace's write turn (other processes' writes
wait; reads see the tables from before until it commits).

Exits 1 when a problem is found, 4 when another process holds the store
without serving it.`,
		Args:        noArgs,
		Annotations: map[string]string{annotPostgres: "1"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if a.onPostgres() {
				db, err := a.pg().open(cmd.Context(), auth.DefaultWorkspace)
				if err != nil {
					return err
				}
				var wired engine.EdgeRepair
				if repair {
					if wired, err = a.repairPostgres(cmd.Context(), db); err != nil {
						return err
					}
				}
				return a.verifyPostgres(cmd.Context(), db, wired, asJSON)
			}
			st := a.styles()
			db, release, err := a.verifyLoan(cmd.Context(), repair)
			if err != nil {
				return err
			}
			defer func() { _ = release() }()
			var wired engine.EdgeRepair
			if repair {
				if err := db.Reindex(cmd.Context(), storeProgress(a.stderr)); err != nil {
					return err
				}
				if wired, err = engine.RepairEdges(cmd.Context(), db); err != nil {
					return err
				}
			}
			// The store checked: in an owner, the one it holds, whatever
			// its own configuration names.
			dir := db.Path()
			rep, err := db.Verify(cmd.Context())
			if err != nil {
				return fmt.Errorf("verify store %s: %w", dir, err)
			}
			arts, err := engine.VerifyArtifacts(db)
			if err != nil {
				return fmt.Errorf("verify the artifacts of store %s: %w", dir, err)
			}
			for _, p := range arts {
				rep.Add(store.ProblemArtifact, p.Subject, p.Detail)
			}
			if asJSON {
				if err := writeJSON(a.stdout, rep); err != nil {
					return err
				}
			} else {
				var b strings.Builder
				fmt.Fprintf(&b, "%s %s\n", st.Label.Render("store"), dir)
				writeWired(&b, wired)
				fmt.Fprintf(&b, "checked %d primitives, %d edges, %d index entries, %d skills\n", rep.Primitives, rep.Edges, rep.IndexEntries, rep.Skills)
				for _, p := range rep.Problems {
					fmt.Fprintf(&b, "  %s %s: %s\n", st.Kind.Render(string(p.Kind)), p.ID, p.Detail)
				}
				if len(rep.Problems) == 0 {
					b.WriteString("no problems found\n")
				}
				fmt.Fprint(styledWriter(a.stdout), b.String())
			}
			if n := len(rep.Problems); n > 0 {
				return fmt.Errorf("store %s has %d integrity problem%s", dir, n, plural(n))
			}
			return nil
		},
	}
	verify.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	verify.Flags().BoolVar(&repair, "repair", false, "rebuild the indexes from the primitive records and draw missing edges before checking")
	cmd.AddCommand(verify, a.storeBackupCmd(), a.storeRestoreCmd())
	cmd.AddCommand(a.storeCopyCmd())
	return cmd
}

// verifyLoan lends the store to lore store verify. In an owner a check
// takes the write turn, so that no learn run for another client is
// between its commit and its files (which verify would report as a run
// ended there), and a repair has the store alone: its rebuild leaves the
// indexes missing to any read meanwhile. Without an owner it opens the
// store read-only, or writable for a repair.
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

func (a *app) storeBackupCmd() *cobra.Command {
	var asJSON, force bool
	cmd := &cobra.Command{
		Annotations: map[string]string{annotOnPostgresInstead: "back a PostgreSQL library up with pg_dump, or copy it to a folder with lore store copy URL FOLDER"},
		Use:         "backup FILE",
		Short:       "Write a backup of the store to FILE",
		Long: `Writes a consistent snapshot of the whole store (knowledge, sessions,
journals and reports) to FILE, with a checksum. FILE is written to a temporary
file beside it and renamed into place, so it is never left half written. Exits
2 when FILE exists (--force overwrites it) or its folder does not, 1 on another
failure (including while a session commit is in progress), 4 when another
process holds the store.`,
		Args: exactArgs(1, "one backup FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			file := args[0]
			if err := checkOutputFolder(file); err != nil {
				return err
			}
			info, err := fromStore(a, readOnly, func(db *store.Store) (store.BackupInfo, error) { return db.BackupFile(cmd.Context(), file, force) })
			if errors.Is(err, fs.ErrExist) {
				return &core.UsageError{Msg: err.Error() + "; pass --force to overwrite it"}
			}
			if err != nil {
				return err
			}
			return a.output(asJSON, info, func(b *strings.Builder) {
				st := a.styles()
				fmt.Fprintf(b, "%s %s\n", st.Label.Render("store "), info.Store)
				fmt.Fprintf(b, "%s %s\n", st.Label.Render("backup"), info.Path)
				fmt.Fprintf(b, "%d primitives, schema %d, %d bytes\n", info.Primitives, info.Schema, info.Bytes)
			})
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "overwrite FILE if it exists")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

func (a *app) storeRestoreCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Annotations: map[string]string{annotLocal: "holds the store alone", annotOnPostgresInstead: "restore a PostgreSQL library with pg_restore, or restore the backup into a folder and lore store copy FOLDER URL"},
		Use:         "restore FILE",
		Short:       "Restore a backup into an empty data directory",
		Long: `Restores the backup FILE into the configured data directory (--data-dir),
which must be absent or empty: an existing store is never overwritten or
merged into. A backup from a newer lore is refused; indexes built by other
rules than this lore's are rebuilt. The restored store is verified, and if
anything fails (a truncated or damaged FILE, a failed verification) nothing is
left in the data directory. Exits 2 when FILE is missing or the data directory
is not empty, 1 on another failure, 4 when the data directory is in use.`,
		Args: exactArgs(1, "one backup FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			file, dir := args[0], a.cfg.dataDir()
			if err := checkInputFile(file); err != nil {
				return err
			}
			info, err := store.RestoreFile(cmd.Context(), dir, file, store.Options{Progress: storeProgress(a.stderr)})
			if errors.Is(err, store.ErrNotEmpty) {
				return &core.UsageError{Msg: err.Error() + "; move it away or pass --data-dir with an empty directory"}
			}
			if err != nil {
				return err
			}
			return a.output(asJSON, info, func(b *strings.Builder) {
				st := a.styles()
				fmt.Fprintf(b, "%s %s\n", st.Label.Render("backup"), file)
				fmt.Fprintf(b, "%s %s\n", st.Label.Render("store "), info.Store)
				fmt.Fprintf(b, "restored and verified %d primitives, %d edges\n", info.Verify.Primitives, info.Verify.Edges)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// checkInputFile reports a FILE argument that cannot be read as an input
// error naming it (exit 2), before anything is opened.
func checkInputFile(file string) error {
	fi, err := os.Stat(file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &core.InputError{Input: file, Msg: "no such file", Usage: true}
	case err != nil:
		return &core.InputError{Input: file, Err: err, Usage: true}
	case fi.IsDir():
		return &core.InputError{Input: file, Msg: "is a folder, not a file", Usage: true}
	}
	return nil
}

// checkOutputFolder reports a FILE to be written whose folder does not
// exist as an input error naming it (exit 2).
func checkOutputFolder(file string) error {
	dir := filepath.Dir(file)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &core.InputError{Input: file, Msg: "folder " + dir + " does not exist", Usage: true}
	case err == nil && !fi.IsDir():
		return &core.InputError{Input: file, Msg: dir + " is not a folder", Usage: true}
	}
	return nil
}

// writeWired says which edges a repair drew, and which it could not.
func writeWired(b *strings.Builder, wired engine.EdgeRepair) {
	for _, w := range wired.Wired {
		fmt.Fprintf(b, "wired %s (a prerequisite its record names)\n", w)
	}
	for _, w := range wired.Skipped {
		fmt.Fprintf(b, "not wired %s\n", w)
	}
}
