// Package watchcmd is lore watch: it finds the agent runs written to a
// folder and learns them, one at a time, through a queue kept in the store.
package watchcmd

import (
	"cmp"
	"context"
	"encoding/json"
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

	"connectrpc.com/connect"
	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"github.com/lore-kb/lore/cli/cmdutil"
	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/acquire"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/exitcode"
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

// Options is what lore watch takes from the process that runs it.
type Options struct {
	// Remote reports a team server's client, which sends each run's file
	// to the server to learn.
	Remote func() bool
	// Prepare reads the settings a watch uses, once its flags are parsed:
	// the largest run file read (the max-file-size flag or setting), and
	// any mistake in the settings of the skills the runs draft.
	Prepare func(cmd *cobra.Command) (limit int64, err error)
	// Keep gives the API for as long as a watch has work, the context a
	// call is made with, and release, which gives back what it holds (a
	// store kept open meanwhile).
	Keep func(ctx context.Context) (svc api.Service, as func(context.Context) context.Context, release func() error, err error)
}

// Stats is what a watch did, printed when it stops; its --json shape.
type Stats struct {
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

// NewCmdWatch is lore watch.
func NewCmdWatch(f *cmdutil.Factory, o Options) *cobra.Command {
	var (
		opts   watchOptions
		asJSON bool
	)
	cmd := &cobra.Command{
		Annotations: map[string]string{cmdutil.AnnotRemote: "1", cmdutil.AnnotAPI: "1"},
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
is walked every --interval as well. The watch works through lore's API, so the
library may be anywhere: this machine's data folder, whose store is opened only
while there is work and closed after a moment of quiet, so other lore commands
(lore queue, lore skills review) run in between (while another command holds
the store, queued runs wait); the terminal application or lore serve owning
it, or PostgreSQL (store.url), which lend the store to each call; or a team
server (LORE_SERVER, as a curator), which is sent each run's file to learn. The
queue is the workspace's: a job is learned by whichever watch takes it, reading
the file on that watch's machine, so one machine watches a library's runs.
Progress goes to stderr, a line per run; ctrl-c stops, printing what was done
(--json: {"dir", "queued", "learned", "drafts", "duplicates", "negativeDrafts",
"alreadyLearned", "failed", "pending"}). --once learns what is there and stops.
lore queue shows the queue.`,
		Example: `  lore watch ~/.claude/projects
  lore watch ~/.codex/sessions --interval 10s
  lore watch runs/ --once --json`,
		Args: cmdutil.ExactArgs(1, "one DIR to watch"),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveFilterDirs
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			fi, err := os.Stat(args[0])
			switch {
			case err != nil:
				return cmdutil.PathError(args[0], err)
			case !fi.IsDir():
				return &core.InputError{Input: args[0], Msg: "not a folder; lore watch watches a folder (lore learn learns one run)", Usage: true}
			}
			if opts.interval <= 0 || opts.settle < 0 || opts.pace < 0 {
				return &core.UsageError{Msg: "--interval must be positive, --settle zero or more"}
			}
			if opts.limit, err = o.Prepare(cmd); err != nil {
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
			w := newRunWatcher(f, o, opts)
			err = w.run(ctx)
			w.close(ctx)
			if err != nil {
				return err
			}
			if asJSON {
				return cmdutil.WriteJSON(f.Stdout, w.stats)
			}
			s := w.stats
			_, err = fmt.Fprintf(f.Stdout, "watched %s: queued %d, learned %d (drafts %d, duplicates %d, warnings %d, already learned %d), failed %d, pending %d\n",
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

// fileMark is what a walk saw of a file: enough to tell a change.
type fileMark struct {
	size int64
	mod  time.Time
}

// runWatcher is one lore watch: it finds the run files on this machine,
// queues them through the API (EnqueueRuns), and learns the queue's jobs
// one at a time (TakeRun, Learn, FinishRun), wherever the library is.
type runWatcher struct {
	o    Options
	opts watchOptions
	home string
	log  io.Writer
	// seen are the files already judged (queued, or not runs), as they
	// were then.
	seen map[string]fileMark
	// watched are the folders change notices come from.
	watched map[string]bool
	fsw     *fsnotify.Watcher
	// api is the API while there is work, nil after a moment of quiet.
	api *watchAPI
	// pending: the queue may hold jobs (unknown until asked).
	pending bool
	// unsettled: the last walk found files still being written.
	unsettled bool
	stats     Stats
}

// watchAPI is the API a watch calls while it has work (Options.Keep).
type watchAPI struct {
	svc api.Service
	// as is the context a call is made with.
	as func(context.Context) context.Context
	// release gives back the store kept open meanwhile.
	release func() error
}

func newRunWatcher(f *cmdutil.Factory, o Options, opts watchOptions) *runWatcher {
	home, _ := os.UserHomeDir()
	w := &runWatcher{o: o, opts: opts, home: home, log: f.Stderr, seen: map[string]fileMark{}, watched: map[string]bool{},
		pending: true, stats: Stats{Dir: trajectory.StorePath(opts.dir, home)}}
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

// errBusy: the store (another lore process holds it) or the server (its
// room for uploads) cannot take the work now; it waits.
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
		if w.api != nil && idleC == nil {
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
				w.closeAPI()
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
	if err := w.open(ctx); err != nil {
		w.unsettled = true // try again once the store is free
		return err
	}
	added, known, err := w.enqueue(ctx, jobs)
	switch {
	case ctx.Err() != nil:
		return nil //nolint:nilerr // stopping is no error: the next watch queues them
	case err != nil:
		return err
	}
	for _, j := range known {
		w.logf("known    %s: the same run was learned already", j.GetPath())
	}
	for p, m := range marks {
		w.seen[p] = m
	}
	for _, j := range added {
		w.logf("queued   %s", j.GetPath())
	}
	w.stats.Queued += len(added)
	if len(added) > 0 {
		w.pending = true
	}
	return nil
}

// enqueueBatch is how many run files one call queues at most: a first
// walk may find thousands, and a team server reads a few MiB a call.
const enqueueBatch = 500

// enqueue queues jobs, a batch a call, returning those added and those
// whose run was learned already.
func (w *runWatcher) enqueue(ctx context.Context, jobs []trajectory.Job) (added, known []*lorev1.Job, err error) {
	for len(jobs) > 0 {
		n := min(len(jobs), enqueueBatch)
		req := &lorev1.EnqueueRunsRequest{}
		for _, j := range jobs[:n] {
			req.Jobs = append(req.Jobs, &lorev1.Job{Path: j.Path, Hash: j.Hash, Size: int32(j.Size)})
		}
		out, err := w.api.svc.EnqueueRuns(w.api.as(ctx), req)
		if err != nil {
			return added, known, err
		}
		added = append(added, out.GetAdded()...)
		known = append(known, out.GetKnown()...)
		jobs = jobs[n:]
	}
	return added, known, nil
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

// finishWait bounds the recording of a job's end once the watch is
// stopping: the run was learned (or is given back), and the queue must
// say so, but not at the cost of a watch that never stops.
const finishWait = 30 * time.Second

// step learns the next queued run, if any: true when it took one.
func (w *runWatcher) step(ctx context.Context) (bool, error) {
	if !w.pending {
		return false, nil
	}
	if err := w.open(ctx); err != nil {
		return false, err
	}
	taken, err := w.api.svc.TakeRun(w.api.as(ctx), &lorev1.TakeRunRequest{})
	switch {
	case ctx.Err() != nil:
		return false, nil
	case err != nil:
		return false, err
	case taken.GetJob() == nil:
		w.pending = false
		return false, nil
	}
	job := taken.GetJob()
	err = w.learn(ctx, job)
	// Recorded even when the watch is stopping: what was learned stays
	// learned, and a run given back is the next watch's.
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), finishWait)
	defer cancel()
	if _, ferr := w.api.svc.FinishRun(w.api.as(fctx), &lorev1.FinishRunRequest{Job: job}); ferr != nil && err == nil {
		err = ferr
	}
	if err != nil {
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

// learn learns job's run through the API's Learn, naming the file on this
// machine (or, for a team server, sending it), and records the outcome in
// job: done with what learning did, failed with why, or pending, given
// back unlearned, when the run cannot be learned now: the watch is
// stopping, the store or the server is busy (errBusy), or the call
// failed (its error).
func (w *runWatcher) learn(ctx context.Context, job *lorev1.Job) error {
	fail := func(reason string) error {
		reason = cmp.Or(strings.TrimSpace(reason), "lore could not learn it")
		job.State, job.Reason = string(trajectory.Failed), reason
		w.stats.Failed++
		w.logf("failed   %s: %s", job.GetPath(), reason)
		return nil
	}
	giveBack := func(err error) error {
		job.State = string(trajectory.Pending)
		return err
	}
	if job.GetAttempts() > trajectory.MaxAttempts {
		return fail(fmt.Sprintf("lore stopped %d times while learning it; not tried again (lore learn %s shows why)", job.GetAttempts()-1, job.GetPath()))
	}
	// Named as lore learn RUN names it, so that one file keeps one name;
	// a run alone is learned, never a file rewritten since as another
	// kind of document.
	req := &lorev1.LearnRequest{SourceName: job.GetPath(), RunOnly: true, Unattended: true}
	local := trajectory.LocalPath(job.GetPath(), w.home)
	if w.o.Remote() {
		id, reason, err := w.send(ctx, local, job.GetPath())
		switch {
		case ctx.Err() != nil:
			return giveBack(nil)
		case reason != "":
			return fail(reason)
		case err != nil:
			return giveBack(err)
		}
		req.UploadId = id
	} else {
		req.Path = local
	}
	var run, failed *lorev1.LearnEvent
	err := w.api.svc.Learn(w.api.as(ctx), req, func(ev *lorev1.LearnEvent) error {
		switch {
		case ev.GetRun() != nil:
			run = ev
		case ev.GetFailed() != nil:
			failed = ev
		}
		return nil
	})
	// What the learn said decides, even when the watch is stopping: a run
	// learned is recorded as learned.
	switch {
	case run != nil:
	case failed != nil && failed.GetFailed().GetCode() == exitcode.Locked:
		w.logf("waiting  the store is held by another lore command; queued runs wait for it")
		return giveBack(errBusy)
	case failed != nil && failed.GetFailed().GetCode() == exitcode.Interrupted:
		if ctx.Err() != nil {
			return giveBack(nil)
		}
		return giveBack(fmt.Errorf("learn %s: %s", job.GetPath(), failed.GetFailed().GetMessage()))
	case failed != nil:
		return fail(strings.TrimPrefix(failed.GetFailed().GetMessage(), job.GetPath()+": "))
	case ctx.Err() != nil:
		return giveBack(nil)
	case err != nil:
		return giveBack(fmt.Errorf("learn %s: %w", job.GetPath(), err))
	default:
		return giveBack(fmt.Errorf("learn %s: the learn ended without saying what it did", job.GetPath()))
	}
	var out struct {
		trajectory.Result
		Skill string `json:"skill"`
	}
	b, err := run.GetRun().MarshalJSON()
	if err == nil {
		err = json.Unmarshal(b, &out)
	}
	if err != nil {
		return giveBack(fmt.Errorf("learn %s: the run's result: %w", job.GetPath(), err))
	}
	res := &out.Result
	job.State, job.Result, job.Skill = string(trajectory.Done), runSummary(res), out.Skill
	if res.Hash != "" && res.Hash != job.GetHash() {
		job.Result += " (the file changed after it was queued; learned as it is now)"
	}
	w.stats.Learned++
	w.stats.Drafts += len(res.Drafts)
	w.stats.Duplicates += len(res.Duplicates)
	w.stats.NegativeDrafts += len(res.NegativeDrafts)
	if res.AlreadyLearned {
		w.stats.AlreadyLearned++
	}
	w.logf("learned  %s: %s", job.GetPath(), job.GetResult())
	return nil
}

// send uploads the run file at local (named name) to the team server,
// which learns only what it is sent, and returns the upload's id; reason
// says why the run cannot be learned (its job fails), err why it cannot
// be sent now (errBusy: the server has no room for it yet).
func (w *runWatcher) send(ctx context.Context, local, name string) (id, reason string, err error) {
	f, err := os.Open(local)
	if err != nil {
		return "", "unreadable: " + err.Error(), nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", "unreadable: " + err.Error(), nil
	}
	if fi.Size() > w.opts.limit {
		return "", fmt.Sprintf("over the %s per-file limit (--max-file-size)", acquire.HumanBytes(w.opts.limit)), nil
	}
	up, err := w.api.svc.Upload(w.api.as(ctx), &lorev1.UploadHeader{Name: filepath.Base(local), Size: fi.Size()}, io.LimitReader(f, w.opts.limit))
	if err == nil {
		return up.GetUploadId(), "", nil
	}
	switch api.Code(err) {
	case connect.CodeInvalidArgument:
		return "", errorMessage(err), nil
	case connect.CodeResourceExhausted:
		w.logf("waiting  %s", errorMessage(err))
		return "", "", errBusy
	}
	return "", "", fmt.Errorf("send %s: %w", name, err)
}

// errorMessage is what err says, without a Connect code's prefix.
func errorMessage(err error) string {
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		return ce.Message()
	}
	return err.Error()
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

// open takes the API for work unless it is held; a store another
// process holds is errBusy (reported once per wait).
func (w *runWatcher) open(ctx context.Context) error {
	if w.api != nil {
		return nil
	}
	svc, as, release, err := w.o.Keep(ctx)
	if errors.Is(err, core.ErrStoreLocked) {
		w.logf("waiting  the store is held by another lore command; queued runs wait for it")
		return errBusy
	}
	if err != nil {
		return err
	}
	w.api = &watchAPI{svc: svc, as: as, release: release}
	return nil
}

// closeAPI lets go of the API, and of the store kept open for it.
func (w *runWatcher) closeAPI() {
	if w.api == nil {
		return
	}
	if err := w.api.release(); err != nil {
		w.logf("closing the store: %v", err)
	}
	w.api = nil
}

// close counts what is left pending and lets go of the API and of the
// change notices.
func (w *runWatcher) close(ctx context.Context) {
	if w.api != nil {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		q, err := w.api.svc.Jobs(w.api.as(cctx), &lorev1.JobsRequest{State: string(trajectory.Pending), Limit: 1})
		cancel()
		if err == nil {
			w.stats.Pending = int(q.GetPending())
		}
	}
	w.closeAPI()
	if w.fsw != nil {
		_ = w.fsw.Close()
	}
}
