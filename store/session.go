package store

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/store/backend"
)

// ErrNotFound is returned (wrapped) when a named record does not exist:
// the contract's, so that callers of either backend test for one error.
var ErrNotFound = backend.ErrNotFound

// ErrSessionExists is returned (wrapped) by CommitSession when a session
// with the same id is already stored: a session is committed exactly once.
var ErrSessionExists = backend.ErrSessionExists

// errSimulatedCrash is returned by the fault-injection hooks. CommitSession
// returns it without any cleanup, leaving the store as a killed process
// would.
var errSimulatedCrash = errors.New("simulated crash")

// errChangeTooBig means one change alone needs more than a Badger
// transaction can hold; splitting further is impossible.
var errChangeTooBig = errors.New("a single change exceeds the transaction size limit")

// CommitSession records sess and applies its changeset atomically, however
// large: the changes are first journaled under the session (state
// journaling), then the session is flipped to committing in one small
// transaction (the commit point), then the changes are applied in batches
// that fit Badger's transaction limits, and finally the session is marked
// committed. A crash before the commit point leaves nothing visible (the
// next Open rolls the session back); a crash after it is finished by the
// next Open (rolled forward from the journal, replay being idempotent).
//
// ctx is honoured until the commit point: cancelling it there removes the
// journal and returns ctx's error. After the commit point the commit runs to
// completion, so that a returned error always means "not committed" unless
// the error says otherwise.
//
// Commits are serialized, and other writes (PutPrimitive, DeletePrimitive)
// wait while a commit's changes are applied; reads are never blocked, but
// may see a committing session partly applied.
//
// Added primitives whose provenance has no session get sess.ID. The stored
// session's State, Changes and CompletedAt are set by the store.
func (s *Store) CommitSession(ctx context.Context, sess core.Session, changes []core.Change) error {
	return s.CommitSessionWith(ctx, sess, changes, nil)
}

// CommitSessionWith is CommitSession with a report (any encoding, nil for
// none), stored with the session record and removed with it if the commit
// is rolled back. A session whose Reverts
// names another session is an unlearn: at its commit point the reverted
// session is marked reverted in the same transaction, so a revert is as
// atomic as a learn.
func (s *Store) CommitSessionWith(ctx context.Context, sess core.Session, changes []core.Change, report []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := validateID("session id", sess.ID); err != nil {
		return fmt.Errorf("commit session: %w", err)
	}
	prepared, err := prepareChanges(sess.ID, changes)
	if err != nil {
		return fmt.Errorf("commit session %s: %w", sess.ID, err)
	}
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	// Close may have run while this waited for the lock.
	if err := s.checkOpen(); err != nil {
		return err
	}
	s.lastJournalBatches.Store(0)
	s.lastApplyBatches.Store(0)

	if err := ctx.Err(); err != nil {
		return fmt.Errorf("commit session %s: %w", sess.ID, err)
	}
	if err := s.checkSpace(prepared, report); err != nil {
		return fmt.Errorf("commit session %s: %w", sess.ID, err)
	}
	sess.State = core.SessionJournaling
	sess.Changes = len(prepared)
	sess.CompletedAt = time.Time{}
	if sess.StartedAt.IsZero() {
		sess.StartedAt = time.Now().UTC()
	}
	if err := s.createSession(sess, report); err != nil {
		return fmt.Errorf("commit session %s: %w", sess.ID, err)
	}

	journalBatches := 0
	err = s.writeJournal(ctx, sess.ID, prepared, func() error {
		journalBatches++
		s.lastJournalBatches.Store(int64(journalBatches))
		if n := s.opts.crashAfterJournalBatches; n > 0 && journalBatches >= n {
			return errSimulatedCrash
		}
		return ctx.Err()
	})
	if err == nil {
		err = ctx.Err()
	}
	if err == nil {
		// The commit point.
		err = s.commitPoint(sess)
	}
	if errors.Is(err, errSimulatedCrash) {
		return err
	}
	if err != nil {
		if rbErr := s.rollback(sess.ID); rbErr != nil {
			err = errors.Join(err, fmt.Errorf("roll back: %w", rbErr))
		}
		return fmt.Errorf("commit session %s: %w", sess.ID, err)
	}

	applyBatches := 0
	_, err = s.applyChanges(sliceSource(prepared), func() error {
		applyBatches++
		s.lastApplyBatches.Store(int64(applyBatches))
		if n := s.opts.crashAfterApplyBatches; n > 0 && applyBatches >= n {
			return errSimulatedCrash
		}
		return nil
	})
	if errors.Is(err, errSimulatedCrash) {
		return err
	}
	if err == nil {
		err = s.setSessionState(sess.ID, core.SessionCommitted, true, core.SessionCommitting)
	}
	if err == nil {
		err = s.Sync()
	}
	if err != nil {
		return fmt.Errorf("commit session %s: past the commit point; it will be completed when the store is next opened: %w", sess.ID, err)
	}
	return nil
}

// RecordRejection stores the record of a learn the approval gate rejected:
// sess with its Decision (a rejection), in state rejected, without changes,
// and report (any encoding, nil for none) beside it, in one transaction.
// Nothing else in the store changes. A session of that id already stored is
// ErrSessionExists; a session without a rejection is refused.
func (s *Store) RecordRejection(ctx context.Context, sess core.Session, report []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := validateID("session id", sess.ID); err != nil {
		return fmt.Errorf("record rejection: %w", err)
	}
	if err := backend.CheckRejection(sess); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("record rejection of session %s: %w", sess.ID, err)
	}
	sess.State = core.SessionRejected
	sess.Changes = 0
	if sess.StartedAt.IsZero() {
		sess.StartedAt = time.Now().UTC()
	}
	if sess.CompletedAt.IsZero() {
		sess.CompletedAt = time.Now().UTC()
	}
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := s.createSession(sess, report); err != nil {
		return fmt.Errorf("record rejection of session %s: %w", sess.ID, err)
	}
	if err := s.Sync(); err != nil {
		return fmt.Errorf("record rejection of session %s: %w", sess.ID, err)
	}
	return nil
}

// prepareChanges validates the whole changeset before anything is written
// and copies what it modifies, so the caller's values are left alone.
func prepareChanges(sessionID string, changes []core.Change) ([]core.Change, error) {
	return backend.PrepareChanges(sessionID, changes)
}

func getSession(txn *badger.Txn, id string) (core.Session, bool, error) {
	key := sessionKey(id)
	item, err := txn.Get(key)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return core.Session{}, false, nil
	}
	if err != nil {
		return core.Session{}, false, err
	}
	var sess core.Session
	if err := item.Value(func(v []byte) error { return decodeValue(key, v, &sess) }); err != nil {
		return core.Session{}, false, err
	}
	return sess, true, nil
}

func putSession(txn *badger.Txn, sess core.Session) error {
	v, err := encodeValue(sess)
	if err != nil {
		return fmt.Errorf("encode session %s: %w", sess.ID, err)
	}
	return txn.Set(sessionKey(sess.ID), v)
}

func (s *Store) createSession(sess core.Session, report []byte) error {
	return s.update(func(txn *badger.Txn) error {
		_, exists, err := getSession(txn, sess.ID)
		if err != nil {
			return err
		}
		if exists {
			return ErrSessionExists
		}
		if sess.Reverts != "" {
			target, ok, err := getSession(txn, sess.Reverts)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("session %s: %w", sess.Reverts, ErrNotFound)
			}
			if target.State != core.SessionCommitted {
				return fmt.Errorf("session %s is %s: %w", sess.Reverts, target.State, ErrNotRevertible)
			}
		}
		if report != nil {
			if err := txn.Set(reportKey(sess.ID), report); err != nil {
				return err
			}
		}
		return putSession(txn, sess)
	})
}

// ErrNotRevertible is returned (wrapped) when an unlearn names a session
// that is not committed (already reverted, or still in flight).
var ErrNotRevertible = backend.ErrNotRevertible

// commitPoint flips a journaling session to committing and, for an
// unlearn, its target from committed to reverted, in one transaction.
func (s *Store) commitPoint(sess core.Session) error {
	err := s.update(func(txn *badger.Txn) error {
		cur, ok, err := getSession(txn, sess.ID)
		if err != nil {
			return err
		}
		if !ok || cur.State != core.SessionJournaling {
			return fmt.Errorf("session %s is not journaling", sess.ID)
		}
		if sess.Reverts != "" {
			target, ok, err := getSession(txn, sess.Reverts)
			if err != nil {
				return err
			}
			if !ok || target.State != core.SessionCommitted {
				return fmt.Errorf("session %s: %w", sess.Reverts, ErrNotRevertible)
			}
			target.State = core.SessionReverted
			target.RevertedBy = sess.ID
			if err := putSession(txn, target); err != nil {
				return err
			}
		}
		cur.State = core.SessionCommitting
		return putSession(txn, cur)
	})
	if err != nil {
		return fmt.Errorf("set session %s to %s: %w", sess.ID, core.SessionCommitting, err)
	}
	return nil
}

// setSessionState moves a session to state if it is currently in one of
// from; complete stamps CompletedAt.
func (s *Store) setSessionState(id string, state core.SessionState, complete bool, from ...core.SessionState) error {
	err := s.update(func(txn *badger.Txn) error {
		sess, ok, err := getSession(txn, id)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("session %s: %w", id, ErrNotFound)
		}
		if !slices.Contains(from, sess.State) {
			return fmt.Errorf("session %s is %s, not %v", id, sess.State, from)
		}
		sess.State = state
		if complete {
			sess.CompletedAt = time.Now().UTC()
		}
		return putSession(txn, sess)
	})
	if err != nil {
		return fmt.Errorf("set session %s to %s: %w", id, state, err)
	}
	return nil
}

// budget is how much of Badger's per-transaction limits one batch may use.
// The margin absorbs estimation error; a misestimate still only costs a
// retry with a smaller budget.
func (s *Store) budget() (count, size int64) {
	return s.db.MaxBatchCount() * 3 / 4, s.db.MaxBatchSize() * 3 / 4
}

func (s *Store) valueThreshold() int64 { return s.db.Opts().ValueThreshold }

// window is how many changes the journal writer encodes at a time.
// applyWindow is how many changes are prepared ahead of the writer that
// applies them, and how many journal entries recovery reads at a time:
// large enough to keep whole batches together (a batch holds at most about
// 2,000 puts, Badger's transaction limits allowing), small enough to bound
// memory for any session size — up to four windows of prepared changes are
// alive at once (one being prepared, one handed over, two queued), at a few
// KiB each.
const (
	window      = 8192
	applyWindow = 2048
)

// pipe runs produce in a goroutine, one result ahead of consume, so that
// encoding (CPU) overlaps with Badger writing the previous result. produce
// reports done when it has nothing more; an error from either side stops
// both.
func pipe[T any](produce func() (v T, done bool, err error), consume func(T) error) error {
	type result struct {
		v   T
		err error
	}
	results := make(chan result, 1)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(results)
		for {
			v, done, err := produce()
			if done && err == nil {
				return
			}
			select {
			case results <- result{v, err}:
			case <-stop:
				return
			}
			if err != nil {
				return
			}
		}
	})
	defer func() {
		close(stop)
		wg.Wait()
	}()
	for r := range results {
		if r.err != nil {
			return r.err
		}
		if err := consume(r.v); err != nil {
			return err
		}
	}
	return nil
}

// sliceSource hands out changes applyWindow by applyWindow.
func sliceSource(changes []core.Change) func() ([]core.Change, error) {
	return func() ([]core.Change, error) {
		n := min(applyWindow, len(changes))
		w := changes[:n]
		changes = changes[n:]
		return w, nil
	}
}

// Journal chunks hold up to maxChunkChanges changes and about
// maxChunkBytes of JSON before compression. One entry per change made the
// journal a fifteenth of a commit's Badger writes for a copy nothing reads
// unless the commit is interrupted or undone; chunks of a few hundred KiB
// compress well and still fit a transaction many times over.
const (
	maxChunkChanges = 256
	maxChunkBytes   = 256 << 10
)

// maxJournalTxnBytes bounds the chunk bytes one journal transaction holds.
// Badger's transaction limits count a value-log value by its pointer, so
// without it a session of a million changes would be one transaction of
// about 100 MB held in memory until it commits.
const maxJournalTxnBytes = 16 << 20

// journalEntries encodes changes, numbered from first, as journal chunks.
func journalEntries(sessionID string, first int, changes []core.Change) ([]mutation, error) {
	var (
		out   []mutation
		body  []byte
		start int
	)
	emit := func(end int) {
		body = append(body, ']')
		out = append(out, mutation{kv: kv{journalKey(sessionID, uint64(first+start), end-start), compressedValue(body)}})
		body, start = body[:0], end
	}
	for i := range changes {
		v, err := json.Marshal(&changes[i])
		if err != nil {
			return nil, fmt.Errorf("encode change %d (%s): %w", first+i, changes[i].PrimitiveID, err)
		}
		if len(body) == 0 {
			body = append(body, '[')
		} else {
			body = append(body, ',')
		}
		body = append(body, v...)
		if i+1-start == maxChunkChanges || len(body) >= maxChunkBytes {
			emit(i + 1)
		}
	}
	if len(body) > 0 {
		emit(len(changes))
	}
	return out, nil
}

// writeJournal stores changes in chunks under j/<session>/<seq><count>, in
// as many transactions as needed. The journal is not atomic and need not
// be: until the commit point nothing reads it. afterBatch runs after each
// committed transaction and can stop the write.
func (s *Store) writeJournal(ctx context.Context, sessionID string, changes []core.Change, afterBatch func() error) error {
	maxCount, maxSize := s.budget()
	thr := s.valueThreshold()
	txn := s.db.NewTransaction(true)
	defer func() { txn.Discard() }()
	var count, size, held int64
	flush := func() error {
		if count == 0 {
			return nil
		}
		if err := txn.Commit(); err != nil {
			return fmt.Errorf("write journal: %w", err)
		}
		txn = s.db.NewTransaction(true)
		count, size, held = 0, 0, 0
		return afterBatch()
	}
	next := 0
	produce := func() ([]mutation, bool, error) {
		if next == len(changes) {
			return nil, true, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		hi := min(next+window, len(changes))
		// Encoding is nearly all the journal costs now that its entries
		// are few, and nothing else runs before the commit point, so the
		// two halves of a window are encoded at once.
		mid := next + (hi-next)/2/maxChunkChanges*maxChunkChanges
		var (
			first []mutation
			ferr  error
			wg    sync.WaitGroup
		)
		if mid > next {
			wg.Go(func() { first, ferr = journalEntries(sessionID, next, changes[next:mid]) })
		}
		rest, err := journalEntries(sessionID, mid, changes[mid:hi])
		wg.Wait()
		next = hi
		return append(first, rest...), false, errors.Join(ferr, err)
	}
	consume := func(entries []mutation) error {
		for i := range entries {
			m := entries[i : i+1]
			c, sz := weigh(m, thr)
			v := int64(len(m[0].val))
			if count+c > maxCount || size+sz > maxSize || held+v > maxJournalTxnBytes ||
				(s.opts.maxJournalBatch > 0 && count >= int64(s.opts.maxJournalBatch)) {
				if err := flush(); err != nil {
					return err
				}
			}
			err := writeMutations(txn, m)
			if errors.Is(err, badger.ErrTxnTooBig) && count > 0 {
				// The estimate was short; start a new transaction.
				if err = flush(); err == nil {
					err = writeMutations(txn, m)
				}
			}
			if err != nil {
				return fmt.Errorf("write journal entry %s: %w", displayKey(m[0].key), err)
			}
			count, size, held = count+c, size+sz, held+v
		}
		return nil
	}
	if err := pipe(produce, consume); err != nil {
		return err
	}
	return flush()
}

// step is one change ready to apply: a prepared put, a removal, a conflict
// record write, or nothing (a note).
type step struct {
	ch  *core.Change
	put preparedPut
	// conflict is the encoded conflict record to write (nil: delete it).
	conflict []byte
}

// key names what a step writes, for the disjointness rule of the applier.
// NUL cannot occur in ids, so conflict keys never equal primitive ids.
func (st *step) key() string {
	if st.ch.Type == core.ChangeConflict {
		return "\x00c" + st.ch.ConflictID
	}
	return st.ch.PrimitiveID
}

// plan returns the writes of one step inside txn.
func (st *step) plan(txn *badger.Txn) ([]mutation, error) {
	switch st.ch.Type {
	case core.ChangeRemove:
		return planDelete(txn, st.ch.PrimitiveID)
	case core.ChangeAdd, core.ChangeUpdate:
		return planPut(txn, st.put)
	case core.ChangeConflict:
		key := conflictKey(st.ch.ConflictID)
		if st.conflict == nil {
			return []mutation{{kv: kv{key: key}, del: true}}, nil
		}
		return []mutation{{kv: kv{key, st.conflict}}}, nil
	}
	return nil, nil
}

// what names a step in messages.
func (st *step) what() string {
	if st.ch.Type == core.ChangeConflict {
		return "conflict " + st.ch.ConflictID
	}
	return string(st.ch.Type) + " " + st.ch.PrimitiveID
}

func prepareSteps(changes []core.Change) ([]step, error) {
	out := make([]step, len(changes))
	for i := range changes {
		ch := &changes[i]
		out[i].ch = ch
		switch ch.Type {
		case core.ChangeAdd, core.ChangeUpdate:
			if ch.After == nil {
				return nil, fmt.Errorf("%s %s: no after state", ch.Type, ch.PrimitiveID)
			}
			pp, err := preparePut(ch.After)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", ch.Type, ch.PrimitiveID, err)
			}
			out[i].put = pp
		case core.ChangeConflict:
			if ch.ConflictAfter != nil {
				v, err := encodeValue(ch.ConflictAfter)
				if err != nil {
					return nil, fmt.Errorf("encode conflict %s: %w", ch.ConflictID, err)
				}
				out[i].conflict = v
			}
		case core.ChangeRemove, core.ChangeNote:
		default:
			return nil, fmt.Errorf("%s: unknown change type %q", ch.PrimitiveID, ch.Type)
		}
	}
	return out, nil
}

// applyChanges applies the changes next yields, in order, each batch in its
// own transaction sized to Badger's limits; afterBatch runs after each
// committed batch. It returns the number of batches. It holds the write
// lock throughout, because the applier plans on snapshots that only the
// applier itself may invalidate.
func (s *Store) applyChanges(next func() ([]core.Change, error), afterBatch func() error) (int, error) {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	a := &applier{s: s, afterBatch: afterBatch}
	var queue []step
	// drain applies batches until at most keep steps are left, so that
	// batches are not cut short at window boundaries.
	drain := func(keep int) error {
		for len(queue) > keep {
			n, err := a.apply(queue)
			if err != nil {
				return err
			}
			// Let the applied steps' encoded records go: the queue's
			// array is reused by later appends.
			clear(queue[:n])
			queue = queue[n:]
		}
		return nil
	}
	produce := func() ([]step, bool, error) {
		chs, err := next()
		if err != nil || len(chs) == 0 {
			return nil, err == nil, err
		}
		steps, err := prepareSteps(chs)
		return steps, false, err
	}
	consume := func(steps []step) error {
		queue = append(queue, steps...)
		return drain(applyWindow)
	}
	err := pipe(produce, consume)
	if err == nil {
		err = drain(0)
	}
	if err != nil {
		a.abandon()
		return a.batches, err
	}
	err = a.finish()
	return a.batches, err
}

// errTouchesInflight means the first step of a batch concerns a primitive
// the in-flight batch writes, so it must wait for that commit.
var errTouchesInflight = errors.New("step touches the batch in flight")

// applier applies batches with one commit in flight. The transaction for
// the next batch is opened before the previous batch's commit is sent, so
// planning batch k+1 (reading old records, building writes) overlaps with
// Badger writing batch k instead of waiting for it. That snapshot lacks
// batch k's writes, which is harmless as long as batch k+1 touches none of
// batch k's primitives: a step reads only its own record, and every key a
// primitive implies contains its id, so disjoint ids mean disjoint reads
// and writes. A batch is cut before the first step that is not disjoint,
// and a batch that would start with one waits for the commit first.
type applier struct {
	s          *Store
	afterBatch func() error
	batches    int
	// next was opened before the in-flight commit was sent.
	next     *badger.Txn
	inflight *inflightCommit
}

type inflightCommit struct {
	done chan error
	ids  map[string]struct{}
}

// apply plans and sends one batch from the front of steps and returns how
// many steps it took.
func (a *applier) apply(steps []step) (int, error) {
	maxCount, maxSize := a.s.budget()
	if a.s.opts.maxApplyBatch > 0 && len(steps) > a.s.opts.maxApplyBatch {
		steps = steps[:a.s.opts.maxApplyBatch]
	}
	for {
		txn := a.next
		a.next = nil
		if txn == nil {
			txn = a.s.db.NewTransaction(true)
		}
		var busy map[string]struct{}
		if a.inflight != nil {
			busy = a.inflight.ids
		}
		n, ids, err := a.s.planBatch(txn, steps, maxCount, maxSize, busy)
		if err != nil {
			txn.Discard()
			switch {
			case errors.Is(err, errTouchesInflight):
				if err := a.settle(); err != nil {
					return 0, err
				}
				continue
			case errors.Is(err, badger.ErrTxnTooBig) && !errors.Is(err, errChangeTooBig) && maxCount > 1:
				// The estimate was short; nothing was sent, so try a
				// smaller batch.
				maxCount, maxSize = maxCount/2, maxSize/2
				continue
			}
			return 0, err
		}
		a.next = a.s.db.NewTransaction(true)
		done := make(chan error, 1)
		txn.CommitWith(func(err error) { done <- err })
		prev := a.inflight
		a.inflight = &inflightCommit{done: done, ids: ids}
		if err := a.settleOne(prev); err != nil {
			return 0, err
		}
		return n, nil
	}
}

// settle waits for the in-flight commit, if any.
func (a *applier) settle() error {
	f := a.inflight
	a.inflight = nil
	return a.settleOne(f)
}

func (a *applier) settleOne(f *inflightCommit) error {
	if f == nil {
		return nil
	}
	if err := <-f.done; err != nil {
		return err
	}
	a.batches++
	if a.afterBatch != nil {
		return a.afterBatch()
	}
	return nil
}

// finish waits for the last commit and releases the spare transaction.
func (a *applier) finish() error {
	err := a.settle()
	a.abandon()
	return err
}

// abandon is finish for error paths: the in-flight commit is still waited
// for, so that nothing writes to the store after applyChanges returns, but
// its outcome no longer matters.
func (a *applier) abandon() {
	if a.inflight != nil {
		<-a.inflight.done //nolint:errcheck // its outcome no longer matters
		a.inflight = nil
	}
	if a.next != nil {
		a.next.Discard()
		a.next = nil
	}
}

// planBatch stages as long a prefix of steps as fits one transaction into
// txn without committing it, and returns its length and the primitives it
// touches. It stops before the first step that touches busy (the batch in
// flight); errTouchesInflight means that was the very first step.
func (s *Store) planBatch(txn *badger.Txn, steps []step, maxCount, maxSize int64, busy map[string]struct{}) (int, map[string]struct{}, error) {
	thr := s.valueThreshold()
	var count, size int64
	ids := make(map[string]struct{}, min(len(steps), 4096))
	n := 0
	for i := range steps {
		st := &steps[i]
		if _, ok := busy[st.key()]; ok {
			if n == 0 {
				return 0, nil, errTouchesInflight
			}
			break
		}
		muts, err := st.plan(txn)
		if err != nil {
			return 0, nil, fmt.Errorf("%s: %w", st.what(), err)
		}
		c, sz := weigh(muts, thr)
		if n > 0 && (count+c > maxCount || size+sz > maxSize) {
			break
		}
		if err := writeMutations(txn, muts); err != nil {
			if n == 0 && errors.Is(err, badger.ErrTxnTooBig) {
				return 0, nil, fmt.Errorf("%s (%d writes, ~%d bytes): %w: %w",
					st.what(), c, sz, errChangeTooBig, err)
			}
			return 0, nil, fmt.Errorf("%s: %w", st.what(), err)
		}
		count, size = count+c, size+sz
		ids[st.key()] = struct{}{}
		n++
	}
	s.applied.Add(size)
	return n, ids, nil
}

// recover finishes what a previous process left between journaling and
// committed. It runs before Open returns, so nobody sees the interim state.
func (s *Store) recover() error {
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	sessions, err := s.loadSessions()
	if err != nil {
		return err
	}
	slices.SortFunc(sessions, func(a, b core.Session) int { return a.StartedAt.Compare(b.StartedAt) })
	for _, sess := range sessions {
		switch sess.State {
		case core.SessionJournaling:
			s.log.Warningf("rolling back session %s, interrupted before its commit point", sess.ID)
			if err := s.rollback(sess.ID); err != nil {
				return fmt.Errorf("roll back session %s: %w", sess.ID, err)
			}
		case core.SessionCommitting:
			s.log.Warningf("rolling forward session %s, interrupted after its commit point", sess.ID)
			if err := s.rollForward(sess); err != nil {
				return fmt.Errorf("roll forward session %s: %w", sess.ID, err)
			}
		}
	}
	return nil
}

// rollback deletes the journal before the record: if it is interrupted the
// record is still journaling and the next Open resumes the rollback, so no
// journal entries are ever orphaned.
func (s *Store) rollback(id string) error {
	if err := s.deletePrefix(journalPrefix(id)); err != nil {
		return err
	}
	return s.update(func(txn *badger.Txn) error {
		if err := txn.Delete(reportKey(id)); err != nil {
			return err
		}
		return txn.Delete(sessionKey(id))
	})
}

func (s *Store) deletePrefix(prefix []byte) error {
	maxCount, _ := s.budget()
	for {
		var keys [][]byte
		err := s.db.View(func(txn *badger.Txn) error {
			it := txn.NewIterator(keyOnly(prefix))
			defer it.Close()
			for it.Rewind(); it.Valid() && int64(len(keys)) < maxCount; it.Next() {
				keys = append(keys, it.Item().KeyCopy(nil))
			}
			return nil
		})
		if err != nil || len(keys) == 0 {
			return err
		}
		err = s.db.Update(func(txn *badger.Txn) error {
			for _, k := range keys {
				if err := txn.Delete(k); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
}

// rollForward re-applies a committing session from its journal, then marks
// it committed. Batches applied before the crash are applied again, which is
// harmless and cheap: a put of an unchanged record writes nothing, and a
// remove of an absent primitive does nothing.
func (s *Store) rollForward(sess core.Session) error {
	prefix := journalPrefix(sess.ID)
	var after []byte
	next := func() ([]core.Change, error) {
		chunk, last, err := s.readJournal(prefix, after, applyWindow)
		if last != nil {
			after = last
		}
		return chunk, err
	}
	batches, err := s.applyChanges(next, nil)
	s.lastApplyBatches.Store(int64(batches))
	if err != nil {
		return err
	}
	if err := s.setSessionState(sess.ID, core.SessionCommitted, true, core.SessionCommitting); err != nil {
		return err
	}
	return s.Sync()
}

// readJournal reads journal entries after key after (nil: from the start)
// until it holds at least limit changes (0: all), and returns them with the
// last key read.
func (s *Store) readJournal(prefix, after []byte, limit int) ([]core.Change, []byte, error) {
	var (
		out  []core.Change
		last []byte
	)
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefix))
		defer it.Close()
		start := prefix
		if after != nil {
			start = append(slices.Clip(after), 0)
		}
		var next uint64
		for it.Seek(start); it.Valid() && (limit <= 0 || len(out) < limit); it.Next() {
			item := it.Item()
			seq, n, err := parseJournalKey(prefix, item.Key())
			if err != nil {
				return err
			}
			if last != nil && seq != next {
				return fmt.Errorf("journal %s: entry %d follows %d", displayKey(prefix), seq, next)
			}
			next = seq + uint64(n)
			err = item.Value(func(v []byte) error {
				chs, err := decodeJournalEntry(item.Key(), v, n)
				out = append(out, chs...)
				return err
			})
			if err != nil {
				return err
			}
			last = item.KeyCopy(last[:0])
		}
		return nil
	})
	return out, last, err
}

// decodeJournalEntry decodes the value of a journal chunk whose key
// parseJournalKey read as n changes.
func decodeJournalEntry(key, v []byte, n int) ([]core.Change, error) {
	var chs []core.Change
	if err := decodeValue(key, v, &chs); err != nil {
		return nil, err
	}
	if len(chs) != n {
		return nil, fmt.Errorf("decode %s: %d changes in a chunk of %d: %w", displayKey(key), len(chs), n, ErrCorrupt)
	}
	return chs, nil
}

// journalChanges counts the changes journaled under prefix from the keys
// alone.
func journalChanges(txn *badger.Txn, prefix []byte) (int, error) {
	it := txn.NewIterator(keyOnly(prefix))
	defer it.Close()
	total := 0
	for it.Rewind(); it.Valid(); it.Next() {
		n, err := journalEntryChanges(it.Item().Key())
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

func (s *Store) loadSessions() ([]core.Session, error) {
	var out []core.Session
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefixSession))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			var sess core.Session
			if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, &sess) }); err != nil {
				return err
			}
			out = append(out, sess)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load sessions: %w", err)
	}
	return out, nil
}

// Session returns a stored session and whether it exists.
func (s *Store) Session(id string) (core.Session, bool, error) {
	if err := s.checkOpen(); err != nil {
		return core.Session{}, false, err
	}
	if err := validateID("session id", id); err != nil {
		return core.Session{}, false, err
	}
	var (
		sess core.Session
		ok   bool
	)
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		sess, ok, err = getSession(txn, id)
		return err
	})
	if err != nil {
		return core.Session{}, false, fmt.Errorf("get session %s: %w", id, err)
	}
	return sess, ok, nil
}

// Sessions returns every stored session, newest first.
func (s *Store) Sessions() ([]core.Session, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	out, err := s.loadSessions()
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b core.Session) int {
		if c := b.StartedAt.Compare(a.StartedAt); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	return out, nil
}

// Changes returns a session's changeset in the order it was applied, read
// back from its journal.
func (s *Store) Changes(sessionID string) ([]core.Change, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	if _, ok, err := s.Session(sessionID); err != nil {
		return nil, err
	} else if !ok {
		return nil, fmt.Errorf("changes of session %s: %w", sessionID, ErrNotFound)
	}
	out, _, err := s.readJournal(journalPrefix(sessionID), nil, 0)
	if err != nil {
		return nil, fmt.Errorf("changes of session %s: %w", sessionID, err)
	}
	return out, nil
}

// SetSessionState moves a finished session between committed and reverted
// (what unlearn and re-learn need). The in-flight states are refused in both
// directions: Open acts on them, rolling a journaling session back and a
// committing one forward, so setting them by hand would destroy or replay
// data.
func (s *Store) SetSessionState(id string, state core.SessionState) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := validateID("session id", id); err != nil {
		return err
	}
	if state != core.SessionCommitted && state != core.SessionReverted {
		return fmt.Errorf("set session %s to %q: only %s and %s can be set",
			id, state, core.SessionCommitted, core.SessionReverted)
	}
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	return s.setSessionState(id, state, false, core.SessionCommitted, core.SessionReverted)
}
