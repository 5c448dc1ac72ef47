package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/core"
	auth "github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/trajectory"
)

// runExtensions are the names lore watch reads as possible run files; what
// they hold decides (a .jsonl of other data is passed over).
var runExtensions = []string{".jsonl", ".ndjson", ".json"}

// watchOptions are lore watch's settings.
type watchOptions struct {
	dir string
	// interval is how often the folder is walked even without a change
	// notice (notices can be lost, and some file systems send none).
	interval time.Duration
	// settle is how long a file must go unchanged before it is queued: an
	// agent appends to its run while it works.
	settle time.Duration
	// once stops when everything found is learned.
	once bool
	// pace is a pause after each run learned (for tests that must stop
	// lore while runs are still queued).
	pace time.Duration
	// idle is how long the store stays open with nothing to do: other lore
	// commands can use it in between.
	idle  time.Duration
	limit int64
}

// watchStats is what a watch did, printed when it stops; its --json shape.
type watchStats struct {
	Dir            string `json:"dir"`
	Queued         int    `json:"queued"`
	Learned        int    `json:"learned"`
	Drafts         int    `json:"drafts"`
	Duplicates     int    `json:"duplicates"`
	NegativeDrafts int    `json:"negativeDrafts"`
	AlreadyLearned int    `json:"alreadyLearned"`
	Failed         int    `json:"failed"`
	Pending        int    `json:"pending"`
}

func (a *app) watchCmd() *cobra.Command {
	var (
		opts   watchOptions
		asJSON bool
	)
	cmd := &cobra.Command{
		Annotations: map[string]string{annotPostgres: "1"},
		Use:         "watch DIR",
		Short:       "Learn the agent runs written to a folder, in the background, through a queue kept in the store",
		Long: `Watches DIR and the folders under it for agent runs — the JSON Lines
transcripts lore learn reads (Claude Code's ~/.claude/projects, Codex's
~/.codex/sessions, lore's generic schema), files named .jsonl, .ndjson or .json
whose content is a run — and learns each as lore learn RUN does, one at a time,
so an agent never waits for lore: it only writes its file.

A file is queued once it has not changed for --settle (an agent appends to its
run while it works, and may pause a while between calls), and queued again when
its content changes: a run resumed later is learned again as it then stands,
its draft joining the earlier one when they are near-duplicates. The queue
is kept in the store: a job is written there before it is learned and marked
done or failed after, so a crash or a kill loses no queued run, and learning is
idempotent by the run's content hash — a run is never learned twice, whatever
restarts. The queue holds where each file is and its hash, never its text:
nothing of a run is stored before it is generalised and redacted. A run lore
died on is tried at most 3 times.

Changes are noticed as they happen (inotify, FSEvents, kqueue), and the folder
is walked every --interval as well. The store is held only while there is work
and released after a moment of quiet, so other lore commands (lore queue, lore
skills review) run in between; while another command holds the store, queued
runs wait. Progress goes to stderr, a line per run; ctrl-c stops, printing what
was done (--json: {"dir", "queued", "learned", "drafts", "duplicates",
"negativeDrafts", "alreadyLearned", "failed", "pending"}). --once learns what is
there and stops. lore queue shows the queue.`,
		Example: `  lore watch ~/.claude/projects
  lore watch ~/.codex/sessions --interval 10s
  lore watch runs/ --once --json`,
		Args: exactArgs(1, "one DIR to watch"),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveFilterDirs
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			fi, err := os.Stat(args[0])
			switch {
			case err != nil:
				return &core.InputError{Input: args[0], Msg: describeStatError(err), Usage: true}
			case !fi.IsDir():
				return &core.InputError{Input: args[0], Msg: "not a folder; lore watch watches a folder (lore learn learns one run)", Usage: true}
			}
			if opts.interval <= 0 || opts.settle < 0 || opts.pace < 0 {
				return &core.UsageError{Msg: "--interval must be positive, --settle zero or more"}
			}
			a.cfg.bindFlag(keyMaxFileSize, cmd.Flags().Lookup("max-file-size"))
			if opts.limit, err = a.cfg.maxFileSize(); err != nil {
				return err
			}
			if _, _, err := a.cfg.skillEvolution(); err != nil {
				return err
			}
			opts.dir, err = filepath.Abs(args[0])
			if err != nil {
				return &core.InputError{Input: args[0], Msg: err.Error(), Usage: true}
			}
			if opts.idle == 0 {
				opts.idle = 2 * time.Second
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGTERM)
			defer stop()
			w := newRunWatcher(a, opts)
			err = w.run(ctx)
			w.close()
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.stdout, w.stats)
			}
			s := w.stats
			_, err = fmt.Fprintf(a.stdout, "watched %s: queued %d, learned %d (drafts %d, duplicates %d, warnings %d, already learned %d), failed %d, pending %d\n",
				s.Dir, s.Queued, s.Learned, s.Drafts, s.Duplicates, s.NegativeDrafts, s.AlreadyLearned, s.Failed, s.Pending)
			return err
		},
	}
	cmd.Flags().DurationVar(&opts.interval, "interval", 5*time.Second, "walk the folder this often, besides change notices")
	cmd.Flags().DurationVar(&opts.settle, "settle", time.Minute, "queue a file once it has not changed for this long (an agent still at work appends to it)")
	cmd.Flags().BoolVar(&opts.once, "once", false, "learn the runs there are, then stop")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print what was done as one JSON object when the watch stops")
	cmd.Flags().Int64("max-file-size", 50<<20, "largest run file read, in bytes")
	cmd.Flags().DurationVar(&opts.pace, "pace", 0, "pause after each run learned")
	_ = cmd.Flags().MarkHidden("pace")
	return cmd
}

// describeStatError says why a path cannot be used, in a few words.
func describeStatError(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or folder"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	return err.Error()
}

// fileMark is what a walk saw of a file: enough to tell a change.
type fileMark struct {
	size int64
	mod  time.Time
}

// runWatcher is one lore watch: it finds run files, queues them in the
// store, and learns the queue's jobs one at a time.
type runWatcher struct {
	a    *app
	opts watchOptions
	home string
	log  io.Writer
	// seen are the files already judged (queued, or not runs), as they
	// were then.
	seen map[string]fileMark
	// watched are the folders change notices come from.
	watched map[string]bool
	fsw     *fsnotify.Watcher
	db      runStore
	release func() error
	learner *trajectory.Learner
	// pending: the queue may hold jobs (unknown until asked).
	pending bool
	// unsettled: the last walk found files still being written.
	unsettled bool
	stats     watchStats
}

func newRunWatcher(a *app, opts watchOptions) *runWatcher {
	home, _ := os.UserHomeDir()
	w := &runWatcher{a: a, opts: opts, home: home, log: a.stderr, seen: map[string]fileMark{}, watched: map[string]bool{},
		pending: true, stats: watchStats{Dir: trajectory.StorePath(opts.dir, home)}}
	if fsw, err := fsnotify.NewWatcher(); err == nil {
		w.fsw = fsw
	} else {
		w.logf("change notices unavailable (%v); walking the folder every %s", err, opts.interval)
	}
	return w
}

func (w *runWatcher) logf(format string, args ...any) {
	fmt.Fprintf(w.log, "%s %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}

// errBusy: another lore process holds the store; the work waits.
var errBusy = errors.New("store busy")

// run watches until ctx ends, or with once until nothing is left to do.
func (w *runWatcher) run(ctx context.Context) error {
	ticker := time.NewTicker(w.opts.interval)
	defer ticker.Stop()
	var events <-chan fsnotify.Event
	var fsErrs <-chan error
	if w.fsw != nil {
		events, fsErrs = w.fsw.Events, w.fsw.Errors
	}
	rescan := true
	var settleC <-chan time.Time
	var idleC <-chan time.Time
	for {
		if ctx.Err() != nil {
			return nil
		}
		if rescan {
			rescan = false
			if err := w.scan(ctx); err != nil && !errors.Is(err, errBusy) {
				return err
			}
			if w.unsettled && settleC == nil {
				settleC = time.After(w.opts.settle)
			}
		}
		did, err := w.step(ctx)
		switch {
		case errors.Is(err, errBusy):
		case err != nil:
			return err
		case did:
			// A tick, a settling file or a notice that came meanwhile asks
			// for a walk between two runs.
			for more := true; more; {
				select {
				case <-events:
					rescan = true
				case <-ticker.C:
					rescan = true
				case <-settleC:
					settleC, rescan = nil, true
				default:
					more = false
				}
			}
			continue
		}
		if w.opts.once && !w.pending && !w.unsettled && !errors.Is(err, errBusy) {
			return nil
		}
		if w.db != nil && idleC == nil {
			idleC = time.After(w.opts.idle)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-ticker.C:
			rescan = true
		case <-settleC:
			settleC, rescan = nil, true
		case <-idleC:
			idleC = nil
			if !w.pending {
				w.closeStore()
			}
		case ev := <-events:
			if ev.Op&(fsnotify.Create|fsnotify.Write|fsnotify.Rename) != 0 {
				// A burst of writes is one walk once it settles.
				if settleC == nil {
					settleC = time.After(min(w.opts.settle, 200*time.Millisecond))
				}
			}
		case err := <-fsErrs:
			w.logf("change notices: %v; the folder is still walked every %s", err, w.opts.interval)
		}
	}
}

// scan walks the folder for run files new or changed since they were
// judged, and queues those that have settled.
func (w *runWatcher) scan(ctx context.Context) error {
	w.unsettled = false
	var jobs []trajectory.Job
	var marks = map[string]fileMark{}
	now := time.Now()
	err := filepath.WalkDir(w.opts.dir, func(path string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			return passOver(d) // unreadable: tried again next walk
		}
		if d.IsDir() {
			if path != w.opts.dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if w.fsw != nil && !w.watched[path] {
				if w.fsw.Add(path) == nil {
					w.watched[path] = true
				}
			}
			return nil
		}
		if job, mark, ok := w.judge(path, d, now); ok {
			jobs = append(jobs, job)
			marks[path] = mark
		}
		return nil
	})
	switch {
	case ctx.Err() != nil:
		return nil //nolint:nilerr // stopping is no error: the run loop ends the watch
	case err != nil:
		return fmt.Errorf("watch %s: %w", w.opts.dir, err)
	}
	if len(jobs) == 0 {
		return nil
	}
	if err := w.openStore(ctx); err != nil {
		w.unsettled = true // try again once the store is free
		return err
	}
	added, known, err := w.db.Enqueue(jobs, now.UTC())
	if err != nil {
		return err
	}
	for _, j := range known {
		w.logf("known    %s: the same run was learned already", j.Path)
	}
	for p, m := range marks {
		w.seen[p] = m
	}
	for _, j := range added {
		w.logf("queued   %s", j.Path)
	}
	w.stats.Queued += len(added)
	if len(added) > 0 {
		w.pending = true
	}
	return nil
}

// passOver is what a walk does with an entry it cannot read: a folder is
// skipped, a file left for the next walk.
func passOver(d fs.DirEntry) error {
	if d != nil && d.IsDir() {
		return filepath.SkipDir
	}
	return nil
}

// judge decides whether the file at path is a run to queue: a regular
// file named like a run, changed since it was last judged, settled, whose
// content is a transcript within the size limit. Files judged not to be
// runs are remembered as they are, so that a walk reads only what changed.
func (w *runWatcher) judge(path string, d fs.DirEntry, now time.Time) (trajectory.Job, fileMark, bool) {
	if !d.Type().IsRegular() || !hasRunExtension(d.Name()) {
		return trajectory.Job{}, fileMark{}, false
	}
	fi, err := d.Info()
	if err != nil {
		return trajectory.Job{}, fileMark{}, false
	}
	mark := fileMark{fi.Size(), fi.ModTime()}
	if old, ok := w.seen[path]; ok && old == mark {
		return trajectory.Job{}, mark, false
	}
	if now.Sub(mark.mod) < w.opts.settle {
		w.unsettled = true
		return trajectory.Job{}, mark, false
	}
	if _, ok := trajectory.SniffFile(path); !ok {
		w.seen[path] = mark
		return trajectory.Job{}, mark, false
	}
	if fi.Size() > w.opts.limit {
		w.seen[path] = mark
		w.logf("skipped  %s: over the %d-byte limit", trajectory.StorePath(path, w.home), w.opts.limit)
		return trajectory.Job{}, mark, false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return trajectory.Job{}, mark, false
	}
	return trajectory.Job{Path: trajectory.StorePath(path, w.home), Hash: trajectory.Hash(data), Size: int64(len(data))}, mark, true
}

func hasRunExtension(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	for _, e := range runExtensions {
		if ext == e {
			return true
		}
	}
	return false
}

// step learns the next queued run, if any: true when it took one.
func (w *runWatcher) step(ctx context.Context) (bool, error) {
	if !w.pending {
		return false, nil
	}
	if err := w.openStore(ctx); err != nil {
		return false, err
	}
	job, ok, err := w.db.StartJob(time.Now().UTC())
	if err != nil {
		return false, err
	}
	if !ok {
		w.pending = false
		return false, nil
	}
	if err := w.learnInTurn(ctx, &job); err != nil {
		return false, err
	}
	job.Finished = time.Now().UTC()
	if err := w.db.FinishJob(job); err != nil {
		return false, err
	}
	if w.opts.pace > 0 {
		select {
		case <-ctx.Done():
		case <-time.After(w.opts.pace):
		}
	}
	return true, nil
}

// learnInTurn learns job's run; on PostgreSQL in the workspace's write
// turn, taken for each run (the folder's store is held whole while runs
// are pending), so that servers and commands sharing the database take
// theirs between two runs.
func (w *runWatcher) learnInTurn(ctx context.Context, job *trajectory.Job) error {
	if !w.a.onPostgres() {
		return w.learn(job)
	}
	_, release, err := w.a.pg().take(ctx, auth.DefaultWorkspace, true)
	if err != nil {
		return err
	}
	err = w.learn(job)
	if rerr := release(); err == nil {
		err = rerr
	}
	return err
}

// learn learns one job's run and records the outcome in job. An error is
// returned only when the store fails: the job then stays pending.
func (w *runWatcher) learn(job *trajectory.Job) error {
	fail := func(reason string) {
		job.State, job.Reason = trajectory.Failed, reason
		w.stats.Failed++
		w.logf("failed   %s: %s", job.Path, reason)
	}
	if job.Attempts > trajectory.MaxAttempts {
		fail(fmt.Sprintf("lore stopped %d times while learning it; not tried again (lore learn %s shows why)", job.Attempts-1, job.Path))
		return nil
	}
	data, err := readRun(trajectory.LocalPath(job.Path, w.home), job.Path, w.opts.limit)
	if err != nil {
		var ie *core.InputError
		if errors.As(err, &ie) {
			fail(ie.Msg)
			return nil
		}
		return err
	}
	res, err := w.learner.Learn(job.Path, data, false)
	if err != nil {
		var ie *core.InputError
		if errors.As(err, &ie) {
			fail(ie.Msg)
			return nil
		}
		return err
	}
	job.State, job.Result = trajectory.Done, runSummary(res)
	job.Skill = res.Record.Skill
	if job.Skill == "" {
		job.Skill = res.Record.Negative
	}
	if trajectory.Hash(data) != job.Hash {
		job.Result += " (the file changed after it was queued; learned as it is now)"
	}
	w.stats.Learned++
	w.stats.Drafts += len(res.Drafts)
	w.stats.Duplicates += len(res.Duplicates)
	w.stats.NegativeDrafts += len(res.NegativeDrafts)
	if res.AlreadyLearned {
		w.stats.AlreadyLearned++
	}
	w.logf("learned  %s: %s", job.Path, job.Result)
	return nil
}

// runSummary says in one line what learning a run did.
func runSummary(res *trajectory.Result) string {
	var parts []string
	switch {
	case res.AlreadyLearned:
		return "already learned"
	case res.Outcome == trajectory.Failure && res.Failure != nil:
		parts = append(parts, fmt.Sprintf("failed run, %q (%d of %d)", res.Failure.Signature, res.Failure.Count, res.Failure.NegativeAfter))
	case res.Outcome == trajectory.Failure:
		parts = append(parts, "failed run")
	}
	for _, d := range res.Drafts {
		parts = append(parts, "drafted "+d.Key)
	}
	for _, k := range res.Duplicates {
		parts = append(parts, k+" already holds it")
	}
	for _, p := range res.Merged {
		parts = append(parts, "merged "+p.From+" into "+p.Into)
	}
	for _, d := range res.NegativeDrafts {
		parts = append(parts, "drafted warning "+d.Key)
	}
	if res.Note != "" {
		parts = append(parts, res.Note)
	}
	return strings.Join(parts, "; ")
}

// openStore opens the store for work unless it is open; a store another
// process holds is errBusy (reported once per wait).
func (w *runWatcher) openStore(ctx context.Context) error {
	if w.db != nil {
		return nil
	}
	var (
		db      runStore
		release func() error
		err     error
	)
	if w.a.onPostgres() {
		// Opened, not taken: each run takes the write turn (learnInTurn).
		db, release, err = w.a.pg().take(ctx, auth.DefaultWorkspace, false)
	} else {
		db, release, err = w.a.acquireWaiting(ctx, writable)
	}
	if errors.Is(err, core.ErrStoreLocked) {
		w.logf("waiting  the store is held by another lore command; queued runs wait for it")
		return errBusy
	}
	if err != nil {
		return err
	}
	l, err := w.a.runLearner(db)
	if err != nil {
		_ = release()
		return err
	}
	w.db, w.release, w.learner = db, release, l
	return nil
}

func (w *runWatcher) closeStore() {
	if w.db == nil {
		return
	}
	if err := w.release(); err != nil {
		w.logf("closing the store: %v", err)
	}
	w.db, w.release, w.learner = nil, nil, nil
}

// close counts what is left pending and releases the store and the
// change notices.
func (w *runWatcher) close() {
	if w.db != nil {
		if jobs, err := w.db.Jobs(); err == nil {
			for _, j := range jobs {
				if j.State == trajectory.Pending {
					w.stats.Pending++
				}
			}
		}
	}
	w.closeStore()
	if w.fsw != nil {
		_ = w.fsw.Close()
	}
}
