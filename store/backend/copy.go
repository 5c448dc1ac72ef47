package backend

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/trajectory"
)

// A library moves between backends (a person's Badger folder to a team's
// PostgreSQL, and back) by Copy: every record of a Source read through
// the contract, and written into an empty Loader as it is. Nothing is
// applied on the way: a session's changes are written as its record, not
// replayed, so that the copy holds the same history and the same
// knowledge, each record the same JSON.

// QueuedFile is the job last queued for a file and the content it had
// then (QueueStore.QueuedHash), as a Source lists it.
type QueuedFile struct {
	Path string `json:"path"`
	Seq  uint64 `json:"seq"`
	Hash string `json:"hash"`
}

// Source is a store read whole: the contract, and listings of what the
// contract only looks up by key (the files queued, the runs learned, the
// failure signatures), which a copy must enumerate.
type Source interface {
	Store
	// QueuedFiles calls fn for the last job of every file queued.
	QueuedFiles(fn func(QueuedFile) error) error
	// RunRecords calls fn for every run learned.
	RunRecords(fn func(trajectory.RunRecord) error) error
	// FailureSignatures calls fn for every failure signature counted.
	FailureSignatures(fn func(trajectory.SignatureRecord) error) error
}

// Loader is a store that can be filled, while empty, with another store's
// records as they are.
type Loader interface {
	// Load refuses a store that holds anything (a *NotEmptyError), and
	// otherwise calls fill with the Bulk that writes into it. A
	// PostgreSQL store loads in one transaction: an error, from fill or
	// the database, or ctx cancelled leaves it empty. A Badger store
	// writes as fill goes, since no Badger transaction holds a library;
	// a copy into one is made in a folder of its own and moved into
	// place once complete (store.LoadInto), so that it, too, is left
	// empty or complete.
	Load(ctx context.Context, fill func(Bulk) error) error
}

// Bulk writes records into a store being loaded, each as it is given:
// with the entries derived from it (indexes, edges, a token's index, a
// skill's source hashes) exactly as the store's own writes derive them,
// and nothing applied or checked against what the store holds. Each
// method may be called any number of times; records are given once.
type Bulk interface {
	// Users writes users, each with its token's index.
	Users(us []access.User) error
	// Session writes a session's record as it is (its state, counts and
	// times included), its changes in their order, and its report (nil:
	// none).
	Session(sess core.Session, changes []core.Change, report []byte) error
	// Primitives writes primitives with their edges and indexes.
	Primitives(ps []core.Primitive) error
	// Conflicts writes conflicts.
	Conflicts(cs []core.Conflict) error
	// Skills writes skill records with their source hashes' index.
	Skills(recs []*skills.Skill) error
	// Artifacts writes artifacts.
	Artifacts(arts []core.Artifact) error
	// Publications writes pending publications, by session.
	Publications(pubs map[string][]byte) error
	// Jobs writes queued jobs, each under its Seq, pending ones waiting;
	// the queue's next number follows the highest.
	Jobs(jobs []trajectory.Job) error
	// QueuedFiles writes the last job of files queued.
	QueuedFiles(fs []QueuedFile) error
	// Runs writes the records of runs learned.
	Runs(recs []trajectory.RunRecord) error
	// FailureSignatures writes the counts of failure signatures.
	FailureSignatures(sigs []trajectory.SignatureRecord) error
}

// Counts are how many records of each kind a store holds, or a copy
// copied.
type Counts struct {
	Users             int `json:"users"`
	Sessions          int `json:"sessions"`
	Changes           int `json:"changes"`
	Reports           int `json:"reports"`
	Primitives        int `json:"primitives"`
	Conflicts         int `json:"conflicts"`
	Skills            int `json:"skills"`
	Artifacts         int `json:"artifacts"`
	Publications      int `json:"publications"`
	Jobs              int `json:"jobs"`
	QueuedFiles       int `json:"queuedFiles"`
	Runs              int `json:"runs"`
	FailureSignatures int `json:"failureSignatures"`
}

// IsZero reports whether nothing is counted.
func (c Counts) IsZero() bool { return c == Counts{} }

// String lists the kinds counted, "3 sessions, 120 primitives"; "nothing"
// when none is.
func (c Counts) String() string {
	var parts []string
	for _, k := range []struct {
		n    int
		what string
	}{
		{c.Users, "user"}, {c.Sessions, "session"}, {c.Changes, "change"}, {c.Reports, "report"},
		{c.Primitives, "primitive"}, {c.Conflicts, "conflict"}, {c.Skills, "skill"},
		{c.Artifacts, "artifact"}, {c.Publications, "pending publication"}, {c.Jobs, "queued job"},
		{c.QueuedFiles, "queued file"}, {c.Runs, "learned run"}, {c.FailureSignatures, "failure signature"},
	} {
		if k.n == 0 {
			continue
		}
		s := fmt.Sprintf("%d %s", k.n, k.what)
		if k.n != 1 {
			s += "s"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// ErrNotEmpty is returned (as a *NotEmptyError) by Load for a store that
// holds something: a copy never merges into, or overwrites, a library.
var ErrNotEmpty = errors.New("store is not empty")

// NotEmptyError names a store a copy was refused into, and what it holds.
type NotEmptyError struct {
	// Store names the store (a folder, or host:port/database).
	Store string
	// Holds is what it holds; zero when the store is something other
	// than a library (Detail says what).
	Holds Counts
	// Detail says what is there when Holds cannot (a folder's files).
	Detail string
}

func (e *NotEmptyError) Error() string {
	what := e.Detail
	if what == "" {
		what = e.Holds.String()
	}
	return fmt.Sprintf("store %s is not empty: it holds %s", e.Store, what)
}

// Is makes errors.Is(err, ErrNotEmpty) hold.
func (e *NotEmptyError) Is(target error) bool { return target == ErrNotEmpty }

// CopyStage names a part of a copy, as its progress reports it.
type CopyStage string

// The stages of a copy, in their order.
const (
	StageUsers        CopyStage = "users"
	StageSessions     CopyStage = "sessions"
	StagePrimitives   CopyStage = "primitives"
	StageConflicts    CopyStage = "conflicts"
	StageSkills       CopyStage = "skills"
	StageArtifacts    CopyStage = "artifacts"
	StagePublications CopyStage = "publications"
	StageQueue        CopyStage = "queue"
	StageRuns         CopyStage = "runs"
)

// CopyProgress is one report of a copy: a stage starts (Done 0), advances
// now and then, and ends (Finished). Total is 0 when unknown.
type CopyProgress struct {
	Stage       CopyStage
	Done, Total int
	Finished    bool
}

// copyBatch is how many records a copy hands the Bulk at once: large
// enough for few round trips to a database, small enough that a batch of
// primitives is a few MB.
const copyBatch = 1000

// Copy copies every record of src into dst, which must be empty, and
// returns what it copied. progress (nil: none) hears of each stage. The
// copy is as consistent as src is still: a source that changes meanwhile
// may be copied partly before and partly after the change, so a caller
// holds its writers off (Badger's folder lock; PostgreSQL's write turn).
// ctx's cancellation stops the copy, and dst is left as Load leaves it on
// an error.
func Copy(ctx context.Context, src Source, dst Loader, progress func(CopyProgress)) (Counts, error) {
	if progress == nil {
		progress = func(CopyProgress) {}
	}
	var n Counts
	err := dst.Load(ctx, func(b Bulk) error {
		n = Counts{}
		c := copier{ctx: ctx, src: src, b: b, progress: progress, n: &n}
		for _, step := range []func() error{c.users, c.sessions, c.primitives, c.conflicts,
			c.skills, c.artifacts, c.publications, c.queue, c.runs} {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := step(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Counts{}, err
	}
	return n, nil
}

// copier is one copy's state: its source, its destination and its counts.
type copier struct {
	ctx      context.Context
	src      Source
	b        Bulk
	progress func(CopyProgress)
	n        *Counts
}

// all reports a stage copied in one go.
func (c *copier) all(stage CopyStage, n int) {
	c.progress(CopyProgress{Stage: stage, Total: n})
	c.progress(CopyProgress{Stage: stage, Done: n, Total: n, Finished: true})
}

func (c *copier) users() error {
	us, err := c.src.Users()
	if err != nil {
		return fmt.Errorf("read the users: %w", err)
	}
	if len(us) > 0 {
		if err := c.b.Users(us); err != nil {
			return fmt.Errorf("write %d users: %w", len(us), err)
		}
	}
	c.n.Users = len(us)
	c.all(StageUsers, len(us))
	return nil
}

// sessions copies each session with its changes and report, oldest first
// (the order they were made in; the stores list them by their keys
// whatever the order they were written in).
func (c *copier) sessions() error {
	all, err := c.src.Sessions()
	if err != nil {
		return fmt.Errorf("read the sessions: %w", err)
	}
	slices.Reverse(all)
	c.progress(CopyProgress{Stage: StageSessions, Total: len(all)})
	for i, sess := range all {
		if err := c.ctx.Err(); err != nil {
			return err
		}
		changes, err := c.src.Changes(sess.ID)
		if err != nil {
			return fmt.Errorf("read the changes of session %s: %w", sess.ID, err)
		}
		report, ok, err := c.src.Report(sess.ID)
		if err != nil {
			return fmt.Errorf("read the report of session %s: %w", sess.ID, err)
		}
		if !ok {
			report = nil
		} else if report == nil {
			// An empty report is kept, and nil is none.
			report = []byte{}
		}
		if err := c.b.Session(sess, changes, report); err != nil {
			return fmt.Errorf("write session %s: %w", sess.ID, err)
		}
		c.n.Sessions++
		c.n.Changes += len(changes)
		if ok {
			c.n.Reports++
		}
		if (i+1)%100 == 0 {
			c.progress(CopyProgress{Stage: StageSessions, Done: i + 1, Total: len(all)})
		}
	}
	c.progress(CopyProgress{Stage: StageSessions, Done: len(all), Total: len(all), Finished: true})
	return nil
}

// primitives streams the primitives a batch at a time, so that a library
// of any size is never held whole.
func (c *copier) primitives() error {
	total, err := c.src.Count()
	if err != nil {
		return fmt.Errorf("count the primitives: %w", err)
	}
	c.progress(CopyProgress{Stage: StagePrimitives, Total: total})
	batch := make([]core.Primitive, 0, copyBatch)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := c.b.Primitives(batch); err != nil {
			return fmt.Errorf("write primitives %s…%s: %w", batch[0].ID, batch[len(batch)-1].ID, err)
		}
		c.n.Primitives += len(batch)
		batch = batch[:0]
		c.progress(CopyProgress{Stage: StagePrimitives, Done: c.n.Primitives, Total: max(total, c.n.Primitives)})
		return c.ctx.Err()
	}
	err = c.src.Primitives(func(p core.Primitive) error {
		batch = append(batch, p)
		if len(batch) == copyBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return fmt.Errorf("copy the primitives: %w", err)
	}
	c.progress(CopyProgress{Stage: StagePrimitives, Done: c.n.Primitives, Total: c.n.Primitives, Finished: true})
	return nil
}

func (c *copier) conflicts() error {
	cs, err := c.src.Conflicts()
	if err != nil {
		return fmt.Errorf("read the conflicts: %w", err)
	}
	for chunk := range slices.Chunk(cs, copyBatch) {
		if err := c.b.Conflicts(chunk); err != nil {
			return fmt.Errorf("write %d conflicts: %w", len(chunk), err)
		}
	}
	c.n.Conflicts = len(cs)
	c.all(StageConflicts, len(cs))
	return nil
}

// skills copies the library a batch at a time: records carry their
// resource files.
func (c *copier) skills() error {
	keys, err := c.src.SkillKeys()
	if err != nil {
		return fmt.Errorf("read the skill keys: %w", err)
	}
	c.progress(CopyProgress{Stage: StageSkills, Total: len(keys)})
	for chunk := range slices.Chunk(keys, 100) {
		recs := make([]*skills.Skill, 0, len(chunk))
		for _, k := range chunk {
			sk, err := c.src.Skill(k)
			if err != nil {
				return fmt.Errorf("read skill %s: %w", k, err)
			}
			recs = append(recs, sk)
		}
		if err := c.b.Skills(recs); err != nil {
			return fmt.Errorf("write skills %s…%s: %w", chunk[0], chunk[len(chunk)-1], err)
		}
		c.n.Skills += len(recs)
		c.progress(CopyProgress{Stage: StageSkills, Done: c.n.Skills, Total: len(keys)})
	}
	c.progress(CopyProgress{Stage: StageSkills, Done: c.n.Skills, Total: len(keys), Finished: true})
	return nil
}

func (c *copier) artifacts() error {
	arts, err := c.src.Artifacts()
	if err != nil {
		return fmt.Errorf("read the artifacts: %w", err)
	}
	for chunk := range slices.Chunk(arts, copyBatch) {
		if err := c.b.Artifacts(chunk); err != nil {
			return fmt.Errorf("write %d artifacts: %w", len(chunk), err)
		}
	}
	c.n.Artifacts = len(arts)
	c.all(StageArtifacts, len(arts))
	return nil
}

func (c *copier) publications() error {
	pubs, err := c.src.Publications()
	if err != nil {
		return fmt.Errorf("read the pending publications: %w", err)
	}
	if len(pubs) > 0 {
		if err := c.b.Publications(pubs); err != nil {
			return fmt.Errorf("write %d pending publications: %w", len(pubs), err)
		}
	}
	c.n.Publications = len(pubs)
	c.all(StagePublications, len(pubs))
	return nil
}

// queue copies the jobs and the files they were queued for.
func (c *copier) queue() error {
	jobs, err := c.src.Jobs()
	if err != nil {
		return fmt.Errorf("read the queue: %w", err)
	}
	for chunk := range slices.Chunk(jobs, copyBatch) {
		if err := c.b.Jobs(chunk); err != nil {
			return fmt.Errorf("write jobs %d…%d: %w", chunk[0].Seq, chunk[len(chunk)-1].Seq, err)
		}
	}
	c.n.Jobs = len(jobs)
	err = each(c.src.QueuedFiles, func(batch []QueuedFile) error {
		c.n.QueuedFiles += len(batch)
		return c.b.QueuedFiles(batch)
	})
	if err != nil {
		return fmt.Errorf("copy the queued files: %w", err)
	}
	c.all(StageQueue, c.n.Jobs)
	return nil
}

// runs copies the runs learned and the failure signatures counted.
func (c *copier) runs() error {
	err := each(c.src.RunRecords, func(batch []trajectory.RunRecord) error {
		c.n.Runs += len(batch)
		return c.b.Runs(batch)
	})
	if err != nil {
		return fmt.Errorf("copy the learned runs: %w", err)
	}
	err = each(c.src.FailureSignatures, func(batch []trajectory.SignatureRecord) error {
		c.n.FailureSignatures += len(batch)
		return c.b.FailureSignatures(batch)
	})
	if err != nil {
		return fmt.Errorf("copy the failure signatures: %w", err)
	}
	c.all(StageRuns, c.n.Runs)
	return nil
}

// each gathers what list calls its fn with into batches of copyBatch for
// write, which must not keep the slice it is given (it is reused).
func each[T any](list func(func(T) error) error, write func([]T) error) error {
	batch := make([]T, 0, copyBatch)
	err := list(func(v T) error {
		batch = append(batch, v)
		if len(batch) < copyBatch {
			return nil
		}
		err := write(batch)
		batch = batch[:0]
		return err
	})
	if err == nil && len(batch) > 0 {
		err = write(batch)
	}
	return err
}
