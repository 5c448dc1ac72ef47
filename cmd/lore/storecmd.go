package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/store"
)

func (a *app) storeCmd() *cobra.Command {
	cmd := cmdutil.GroupCmd("store", "Inspect and maintain the store", "")
	cmd.AddCommand(a.storeVerifyCmd(), a.storeBackupCmd(), a.storeRestoreCmd())
	cmd.AddCommand(a.storeCopyCmd())
	return cmd
}

// storeAnnotations mark a store command as an API client, an admin's
// alone: it runs on a folder, beside its owner (through the owner's API
// socket), on PostgreSQL and on a team server.
func storeAnnotations() map[string]string {
	return map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"}
}

func (a *app) storeVerifyCmd() *cobra.Command {
	var asJSON, repair bool
	cmd := &cobra.Command{
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

It calls lore's API (VerifyStore), an admin's alone: on this machine's store,
or on a team server's (LORE_SERVER and LORE_TOKEN set), where an admin of a
workspace checks that workspace's store. Beside a store's owner (the terminal
application, lore serve) the owner runs it on the store it holds: the check
waits for a write in progress to end, and --repair also waits for every read,
holding the others off while it rebuilds. On a PostgreSQL store (store.url) it
checks the workspace's tables against their records in one snapshot; --repair
rebuilds the derived tables in one transaction, in the workspace's write turn
(other processes' writes wait; reads see the tables from before until it
commits).

Exits 1 when a problem is found, 4 when another process holds the store
without serving it.`,
		Args:        cmdutil.NoArgs,
		Annotations: storeAnnotations(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			rep, err := cmdutil.Call(&a.Factory, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.VerifyStoreResponse, error) {
				return svc.VerifyStore(ctx, &lorev1.VerifyStoreRequest{Repair: repair})
			})
			if err != nil {
				return err
			}
			err = a.PrintAnswer(asJSON, rep, func(b *strings.Builder) {
				st := a.Styles()
				fmt.Fprintf(b, "%s %s\n", st.Label.Render("store"), rep.GetStore())
				for _, w := range rep.GetWired() {
					fmt.Fprintf(b, "wired %s (a prerequisite its record names)\n", w)
				}
				for _, w := range rep.GetNotWired() {
					fmt.Fprintf(b, "not wired %s\n", w)
				}
				fmt.Fprintf(b, "checked %d primitives, %d edges, %d index entries, %d sessions, %d skills\n",
					rep.GetPrimitives(), rep.GetEdges(), rep.GetIndexEntries(), rep.GetSessions(), rep.GetSkills())
				for _, p := range rep.GetProblems() {
					fmt.Fprintf(b, "  %s %s: %s\n", st.Kind.Render(p.GetKind()), p.GetId(), p.GetDetail())
				}
				if rep.GetProblemCount() == 0 {
					b.WriteString("no problems found\n")
				}
			})
			if err != nil {
				return err
			}
			if n := int(rep.GetProblemCount()); n > 0 {
				return fmt.Errorf("store %s has %d integrity problem%s", rep.GetStore(), n, cmdutil.Plural(n))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"store", "primitives", "edges", …, "problems": [{"kind", "key", "id", "detail"}], "problemCount", "wired", "notWired"}`)
	cmd.Flags().BoolVar(&repair, "repair", false, "rebuild the indexes from the primitive records and draw missing edges before checking")
	return cmd
}

func (a *app) storeBackupCmd() *cobra.Command {
	var asJSON, force bool
	cmd := &cobra.Command{
		// On PostgreSQL the API refuses it (pgUpkeep), saying what to do
		// instead; no list of what runs there names it.
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1", cmdutil.AnnotOnPostgresInstead: pgBackupInstead},
		Use:         "backup FILE",
		Short:       "Write a backup of the store to FILE",
		Long: `Writes a consistent snapshot of the whole store (knowledge, sessions,
journals and reports) to FILE, with a checksum. FILE is written to a temporary
file beside it and renamed into place, so it is never left half written.

It calls lore's API (BackupStore), an admin's alone: the store's owner, or a
team server (LORE_SERVER and LORE_TOKEN set, the store of the admin's
workspace), sends the backup, and FILE is written here. A PostgreSQL store is
backed up with pg_dump instead, or copied to a folder with lore store copy.
Exits 2 when FILE exists (--force overwrites it) or its folder does not, or
on PostgreSQL; 1 on another failure (including while a session commit is in
progress), 4 when another process holds the store.`,
		Args: cmdutil.ExactArgs(1, "one backup FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			file := args[0]
			if err := checkOutputFolder(file); err != nil {
				return err
			}
			abs, err := filepath.Abs(file)
			if err != nil {
				return &core.InputError{Input: file, Err: err, Usage: true}
			}
			exists := &core.UsageError{Msg: fmt.Sprintf("back up to %s: %v; pass --force to overwrite it", abs, fs.ErrExist)}
			if _, err := os.Lstat(abs); err == nil && !force {
				// Refused before the store is asked for anything.
				return exists
			}
			// The backup is written here as it comes, from this process's
			// store or another's.
			var (
				info    *lorev1.BackupStoreResponse
				callErr error
			)
			_, err = store.WriteBackupFile(abs, force, func(w io.Writer) error {
				info, callErr = cmdutil.Call(&a.Factory, cmd.Context(), func(ctx context.Context, svc api.Service) (*lorev1.BackupStoreResponse, error) {
					return svc.BackupStore(ctx, &lorev1.BackupStoreRequest{}, w)
				})
				return callErr
			})
			switch {
			case callErr != nil:
				return callErr
			case errors.Is(err, fs.ErrExist):
				// FILE appeared while the backup was written.
				return exists
			case err != nil:
				return err
			}
			info.Path = abs
			return a.PrintAnswer(asJSON, info, func(b *strings.Builder) {
				st := a.Styles()
				fmt.Fprintf(b, "%s %s\n", st.Label.Render("store "), info.GetStore())
				fmt.Fprintf(b, "%s %s\n", st.Label.Render("backup"), info.GetPath())
				fmt.Fprintf(b, "%d primitives, schema %d, %d bytes\n", info.GetPrimitives(), info.GetSchema(), info.GetBytes())
			})
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "overwrite FILE if it exists")
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"path", "store", "schema", "primitives", "bytes", "sha256", "created"}`)
	return cmd
}

func (a *app) storeRestoreCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotLocal: "holds the store alone", cmdutil.AnnotOnPostgresInstead: "restore a PostgreSQL library with pg_restore, or restore the backup into a folder and lore store copy FOLDER URL"},
		Use:         "restore FILE",
		Short:       "Restore a backup into an empty data directory",
		Long: `Restores the backup FILE into the configured data directory (--data-dir),
which must be absent or empty: an existing store is never overwritten or
merged into. A backup from a newer lore is refused; indexes built by other
rules than this lore's are rebuilt. The restored store is verified, and if
anything fails (a truncated or damaged FILE, a failed verification) nothing is
left in the data directory. Exits 2 when FILE is missing or the data directory
is not empty, 1 on another failure, 4 when the data directory is in use.`,
		Args: cmdutil.ExactArgs(1, "one backup FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			file, dir := args[0], a.cfg.dataDir()
			if err := checkInputFile(file); err != nil {
				return err
			}
			info, err := store.RestoreFile(cmd.Context(), dir, file, store.Options{Progress: storeProgress(a.Stderr)})
			if errors.Is(err, store.ErrNotEmpty) {
				return &core.UsageError{Msg: err.Error() + "; move it away or pass --data-dir with an empty directory"}
			}
			if err != nil {
				return err
			}
			return a.Output(asJSON, info, func(b *strings.Builder) {
				st := a.Styles()
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
