package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store"
	"github.com/lore-kb/lore/store/backend"
	"github.com/lore-kb/lore/store/postgres"
)

// storeCopyResult is what lore store copy --json prints.
type storeCopyResult struct {
	// From and To name the stores: a folder, or host:port/database (a
	// URL's password is never printed).
	From   string         `json:"from"`
	To     string         `json:"to"`
	Copied backend.Counts `json:"copied"`
	// Verify is the check of the copy, made before it is reported done.
	Verify  backend.VerifyReport `json:"verify"`
	Seconds float64              `json:"seconds"`
}

func (a *app) storeCopyCmd() *cobra.Command {
	var (
		asJSON         bool
		fromWS, intoWS string
	)
	cmd := &cobra.Command{
		// It names both stores, so it runs whichever store.url says
		// the library is in.
		Annotations: map[string]string{cmdutil.AnnotLocal: "opens both stores itself", cmdutil.AnnotPostgres: "1"},
		Use:         "copy SRC DST",
		Short:       "Copy a whole library from one store to another",
		Long: `Copies everything a store holds into an empty one: users, sessions with their
changes and reports (the same records, in the same states), primitives with
their edges and indexes, conflicts, the skill library, artifacts, pending
publications, the queue of agent runs and the runs learned. SRC and DST are
each a Badger data folder or a PostgreSQL URL (postgres://user@host:port/db);
Badger to PostgreSQL moves a library to a team server, PostgreSQL to Badger
takes it back.

DST must be empty: a folder that is absent or empty, or a PostgreSQL workspace
that holds nothing; anything else is refused, naming what it holds. A copy is
complete or leaves DST as it was: into PostgreSQL it is one transaction; into
a folder, the store is made in a hidden folder beside it and renamed into
place once it is copied and verified. The copy is verified (lore store verify)
before it is reported.

SRC is read as it is: a Badger folder is opened read-only, which another lore
holding it refuses (exit 4); a PostgreSQL source is read while holding its
workspace's write turn, so that no learn, unlearn or resolution changes it
meanwhile. Progress goes to stderr. Exits 2 when DST is not empty or SRC holds
no store, 4 when a folder is held by another process, 1 on another failure.`,
		Args: cmdutil.ExactArgs(2, "a source SRC and a target DST"),
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := a.storeCopy(cmd.Context(), args[0], args[1], fromWS, intoWS)
			if err != nil {
				return err
			}
			err = a.Output(asJSON, res, func(b *strings.Builder) {
				st := a.Styles()
				fmt.Fprintf(b, "%s %s\n", st.Label.Render("from"), res.From)
				fmt.Fprintf(b, "%s %s\n", st.Label.Render("to  "), res.To)
				fmt.Fprintf(b, "copied %s in %.1fs\n", res.Copied, res.Seconds)
				fmt.Fprintf(b, "verified %d primitives, %d edges, %d index entries, %d sessions, %d skills\n",
					res.Verify.Primitives, res.Verify.Edges, res.Verify.IndexEntries, res.Verify.Sessions, res.Verify.Skills)
				for _, p := range res.Verify.Problems {
					fmt.Fprintf(b, "  %s %s: %s\n", st.Kind.Render(string(p.Kind)), p.ID, p.Detail)
				}
				if res.Verify.OK() {
					b.WriteString("no problems found\n")
				}
			})
			if err != nil {
				return err
			}
			if n := res.Verify.ProblemCount; n > 0 {
				// The source's own problems come along with its
				// records: the copy is made, and its check says so.
				return fmt.Errorf("the copy in %s has %d integrity problem%s (lore store verify on %s shows whether they came with it)",
					res.To, n, cmdutil.Plural(n), res.From)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().StringVar(&fromWS, "from-workspace", postgres.DefaultWorkspace, "the workspace of a PostgreSQL SRC")
	cmd.Flags().StringVar(&intoWS, "to-workspace", postgres.DefaultWorkspace, "the workspace of a PostgreSQL DST")
	return cmd
}

// isStoreURL reports whether a store argument is a PostgreSQL URL rather
// than a folder.
func isStoreURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// storeCopy copies the store at src into the empty store at dst and
// verifies the copy; the problems the check finds are the caller's to
// report.
func (a *app) storeCopy(ctx context.Context, src, dst, fromWS, intoWS string) (storeCopyResult, error) {
	var res storeCopyResult
	if !isStoreURL(dst) && !isStoreURL(src) {
		if s, d := absPath(src), absPath(dst); s == d {
			return res, &core.UsageError{Msg: fmt.Sprintf("store copy: SRC and DST are the same folder %s", s)}
		}
	}
	from, name, release, err := a.openCopySource(ctx, src, fromWS)
	if err != nil {
		return res, err
	}
	defer func() { _ = release() }()
	res.From = name
	began := time.Now()
	progress := copyProgress(a.Stderr)
	if isStoreURL(dst) {
		to, err := postgres.OpenWorkspace(ctx, dst, intoWS)
		if err != nil {
			return res, err
		}
		defer to.Close()
		res.To = to.Name()
		if res.To == res.From {
			return res, &core.UsageError{Msg: "store copy: SRC and DST are the same workspace " + res.To}
		}
		if res.Copied, err = backend.Copy(ctx, from, to, progress); err != nil {
			return res, copyError(res, err)
		}
		if res.Verify, err = to.Verify(ctx); err != nil {
			return res, err
		}
	} else {
		res.To = absPath(dst)
		err := store.LoadInto(ctx, dst, store.Options{Progress: storeProgress(a.Stderr)}, func(to *store.Store) error {
			var err error
			if res.Copied, err = backend.Copy(ctx, from, to, progress); err != nil {
				return err
			}
			// Checked before it is moved into place: a check that
			// cannot run leaves no copy.
			res.Verify, err = to.Verify(ctx)
			return err
		})
		if err != nil {
			return res, copyError(res, err)
		}
	}
	res.Seconds = time.Since(began).Seconds()
	return res, nil
}

// copyError is a copy's error as the command reports it: a target that is
// not empty is a usage error (exit 2), named with what it holds.
func copyError(res storeCopyResult, err error) error {
	if ne, ok := errors.AsType[*backend.NotEmptyError](err); ok {
		return &core.UsageError{Msg: fmt.Sprintf("store copy: %v; copy only into an empty store (an absent or empty folder, or an empty PostgreSQL workspace)", ne)}
	}
	return fmt.Errorf("store copy from %s to %s: %w", res.From, res.To, err)
}

// openCopySource opens the store at src for reading whole, and returns it
// with its name and what closes it. A PostgreSQL source is held by its
// write turn for the copy.
func (a *app) openCopySource(ctx context.Context, src, ws string) (backend.Source, string, func() error, error) {
	if isStoreURL(src) {
		st, err := postgres.OpenWorkspace(ctx, src, ws)
		if err != nil {
			return nil, "", nil, err
		}
		turn, err := st.WriteTurn(ctx)
		if err != nil {
			_ = st.Close()
			return nil, "", nil, err
		}
		return st, st.Name(), func() error { return errors.Join(turn(), st.Close()) }, nil
	}
	dir := absPath(src)
	if !store.Exists(dir) {
		return nil, "", nil, &core.InputError{Input: src, Msg: "holds no lore store", Usage: true}
	}
	st, err := store.Open(dir, store.Options{ReadOnly: true, Progress: storeProgress(a.Stderr)})
	if err != nil {
		return nil, "", nil, err
	}
	return st, st.Path(), st.Close, nil
}

func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// copyProgress prints a copy's stages on w (stderr): on a terminal, one
// line rewritten as the stage advances, at most a few times a second; else
// one line as each stage that copied anything ends.
func copyProgress(w io.Writer) func(backend.CopyProgress) {
	tty := isTerminal(w)
	var shown time.Time
	return func(p backend.CopyProgress) {
		switch {
		case p.Finished && p.Done > 0:
			if tty {
				fmt.Fprintf(w, "\r\x1b[K")
			}
			fmt.Fprintf(w, "lore: copied %d %s\n", p.Done, p.Stage)
		case tty && !p.Finished && time.Since(shown) >= 200*time.Millisecond:
			shown = time.Now()
			if p.Total > 0 {
				fmt.Fprintf(w, "\r\x1b[Klore: copying %s… %d/%d", p.Stage, p.Done, p.Total)
			} else {
				fmt.Fprintf(w, "\r\x1b[Klore: copying %s…", p.Stage)
			}
		}
	}
}
