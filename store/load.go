package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/access"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/core/trajectory"
	"github.com/lore-kb/lore/store/backend"
)

// The Badger store is a backend.Source (a library copied out of it) and a
// backend.Loader (one copied into it).
var (
	_ backend.Source = (*Store)(nil)
	_ backend.Loader = (*Store)(nil)
)

// prefixMeta holds the store's own records (schema, queue counter, the
// marks of indexes built), which a new store has and a copy does not
// count.
var prefixMeta = []byte("m/")

// Holdings counts what the store holds: its sessions (and their changes,
// as their records count them), primitives, conflicts, skills and the
// rest.
func (s *Store) Holdings() (backend.Counts, error) {
	if err := s.checkOpen(); err != nil {
		return backend.Counts{}, err
	}
	var c backend.Counts
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		c, err = holdings(txn)
		return err
	})
	if err != nil {
		return backend.Counts{}, fmt.Errorf("count what store %s holds: %w", s.path, err)
	}
	return c, nil
}

func holdings(txn *badger.Txn) (backend.Counts, error) {
	var c backend.Counts
	for _, k := range []struct {
		prefix []byte
		n      *int
	}{
		{prefixUser, &c.Users}, {prefixSession, &c.Sessions}, {prefixReport, &c.Reports},
		{prefixPrimitive, &c.Primitives}, {prefixConflict, &c.Conflicts}, {prefixSkill, &c.Skills},
		{prefixArtifact, &c.Artifacts}, {prefixPublication, &c.Publications}, {prefixQueue, &c.Jobs},
		{prefixQueuePath, &c.QueuedFiles}, {prefixRun, &c.Runs}, {prefixRunFailure, &c.FailureSignatures},
	} {
		n, err := countPrefix(txn, k.prefix)
		if err != nil {
			return c, err
		}
		*k.n = n
	}
	// The changes, as their sessions' records count them: the journal's
	// keys count chunks.
	it := txn.NewIterator(withValues(prefixSession))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		var sess struct {
			Changes int `json:"changes"`
		}
		item := it.Item()
		if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, &sess) }); err != nil {
			return c, err
		}
		c.Changes += sess.Changes
	}
	return c, nil
}

// firstDataKey returns the first key that is not the store's own record
// (m/), nil when there is none: what makes a store not empty.
func firstDataKey(txn *badger.Txn) []byte {
	it := txn.NewIterator(keyOnly(nil))
	defer it.Close()
	it.Rewind()
	if it.Valid() && bytes.HasPrefix(it.Item().Key(), prefixMeta) {
		// Past every m/ key at once ('0' follows '/').
		it.Seek([]byte("m0"))
	}
	if !it.Valid() {
		return nil
	}
	return it.Item().KeyCopy(nil)
}

// Load fills the store, which must hold nothing (a *backend.NotEmptyError
// otherwise), with what fill gives the Bulk: every record written with the
// keys a commit derives from it (the same encodings, the same index
// entries, the same dedup records), so that the loaded store's Export and
// Verify are those of the store its records came from. Nothing else writes
// meanwhile: Load holds the commit and write locks.
//
// Records are written through a Badger write batch, which commits as it
// fills: an error leaves what was written. A copy that must leave nothing
// behind loads a store of its own and moves it into place (LoadInto).
func (s *Store) Load(ctx context.Context, fill func(backend.Bulk) error) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if s.ReadOnly() {
		return fmt.Errorf("load store %s: opened read-only", s.path)
	}
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := s.checkOpen(); err != nil {
		return err
	}
	var (
		held  backend.Counts
		first []byte
	)
	err := s.db.View(func(txn *badger.Txn) error {
		if first = firstDataKey(txn); first == nil {
			return nil
		}
		var err error
		held, err = holdings(txn)
		return err
	})
	if err != nil {
		return fmt.Errorf("load store %s: %w", s.path, err)
	}
	if first != nil {
		e := &backend.NotEmptyError{Store: s.path, Holds: held}
		if held.IsZero() {
			e.Detail = "keys such as " + displayKey(first)
		}
		return e
	}
	wb := s.db.NewWriteBatch()
	flushed := false
	defer func() {
		if !flushed {
			wb.Cancel()
		}
	}()
	b := &badgerBulk{ctx: ctx, wb: wb, s: s, threshold: s.valueThreshold()}
	if err := fill(b); err != nil {
		return fmt.Errorf("load store %s: %w", s.path, err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("load store %s: %w", s.path, err)
	}
	if b.jobs {
		var seq [8]byte
		binary.BigEndian.PutUint64(seq[:], b.maxSeq)
		if err := wb.Set(keyQueueSeq, seq[:]); err != nil {
			return fmt.Errorf("load store %s: %w", s.path, err)
		}
	}
	// The source hashes were indexed with their skills.
	if err := wb.Set(keySkillHashIndex, []byte{1}); err != nil {
		return fmt.Errorf("load store %s: %w", s.path, err)
	}
	flushed = true
	if err := wb.Flush(); err != nil {
		return fmt.Errorf("load store %s: %w", s.path, err)
	}
	if err := s.Sync(); err != nil {
		return fmt.Errorf("load store %s: %w", s.path, err)
	}
	return nil
}

// badgerBulk writes a load's records through one write batch.
type badgerBulk struct {
	ctx       context.Context
	wb        *badger.WriteBatch
	s         *Store
	threshold int64
	// jobs is whether any job was written, maxSeq the highest number.
	jobs   bool
	maxSeq uint64
}

// put writes key and val, counted as a commit's writes are: a store
// loaded whole is merged into one level as it closes, as one a large
// learn wrote (see flatten).
func (b *badgerBulk) put(key, val []byte) error {
	b.s.applied.Add(entrySize(key, val, b.threshold))
	return b.wb.Set(key, val)
}

// set writes v encoded as a record (encodeValue), as the store's own
// writes do.
func (b *badgerBulk) set(key []byte, v any) error {
	val, err := encodeValue(v)
	if err != nil {
		return fmt.Errorf("encode %s: %w", displayKey(key), err)
	}
	return b.put(key, val)
}

func (b *badgerBulk) Users(us []access.User) error {
	for _, u := range us {
		if err := validateID("user", u.Name); err != nil {
			return err
		}
		if err := validateID("token hash", u.TokenHash); err != nil {
			return fmt.Errorf("user %s: %w", u.Name, err)
		}
		if err := b.set(userKey(u.Name), u); err != nil {
			return err
		}
		if err := b.set(userTokenKey(u.TokenHash), u.Name); err != nil {
			return err
		}
	}
	return nil
}

// Session writes the record, the changes as journal chunks numbered from
// 0 (a session appended to is chunked where its appends fell, a copy where
// the chunks fill: the changes read back the same) and the report.
func (b *badgerBulk) Session(sess core.Session, changes []core.Change, report []byte) error {
	if err := validateID("session id", sess.ID); err != nil {
		return err
	}
	if err := b.ctx.Err(); err != nil {
		return err
	}
	entries, err := journalEntries(sess.ID, 0, changes)
	if err != nil {
		return err
	}
	for _, m := range entries {
		if err := b.put(m.key, m.val); err != nil {
			return err
		}
	}
	if report != nil {
		if err := b.put(reportKey(sess.ID), report); err != nil {
			return err
		}
	}
	return b.set(sessionKey(sess.ID), sess)
}

// Primitives writes each record with its dedup record and derived keys,
// prepared as a commit prepares them.
func (b *badgerBulk) Primitives(ps []core.Primitive) error {
	for i := range ps {
		pp, err := preparePut(&ps[i])
		if err != nil {
			return fmt.Errorf("primitive %s: %w", ps[i].ID, err)
		}
		if err := b.put(primitiveKey(pp.p.ID), pp.rec); err != nil {
			return err
		}
		if err := b.put(dedupKey(pp.p.ID), pp.dd); err != nil {
			return err
		}
		for _, k := range pp.fresh {
			if err := b.put(k.key, k.val); err != nil {
				return err
			}
		}
	}
	return b.ctx.Err()
}

func (b *badgerBulk) Conflicts(cs []core.Conflict) error {
	for _, c := range cs {
		if err := validateID("conflict id", c.ID); err != nil {
			return err
		}
		if err := b.set(conflictKey(c.ID), c); err != nil {
			return err
		}
	}
	return nil
}

func (b *badgerBulk) Skills(recs []*skills.Skill) error {
	for _, r := range recs {
		if err := validateID("skill key", r.Key); err != nil {
			return err
		}
		if err := b.set(skillKey(r.Key), r); err != nil {
			return err
		}
		for _, h := range r.Lineage.SourceHashes {
			if h == "" {
				continue
			}
			if err := b.put(skillHashKey(h, r.Key), nil); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *badgerBulk) Artifacts(arts []core.Artifact) error {
	for i := range arts {
		if err := b.set(artifactKey(arts[i].Kind, arts[i].Name), &arts[i]); err != nil {
			return err
		}
	}
	return nil
}

func (b *badgerBulk) Publications(pubs map[string][]byte) error {
	for session, rec := range pubs {
		if err := validateID("session id", session); err != nil {
			return fmt.Errorf("publication: %w", err)
		}
		if err := b.put(publicationKey(session), rec); err != nil {
			return err
		}
	}
	return nil
}

// Jobs writes each job under its number, and a pending one's waiting
// mark: what Enqueue, StartJob and FinishJob leave for a job in its state.
func (b *badgerBulk) Jobs(jobs []trajectory.Job) error {
	for _, j := range jobs {
		if err := b.set(seqKey(prefixQueue, j.Seq), j); err != nil {
			return err
		}
		if j.State == trajectory.Pending {
			if err := b.put(seqKey(prefixQueueWaiting, j.Seq), nil); err != nil {
				return err
			}
		}
		b.jobs = true
		b.maxSeq = max(b.maxSeq, j.Seq)
	}
	return nil
}

func (b *badgerBulk) QueuedFiles(fs []backend.QueuedFile) error {
	for _, f := range fs {
		if err := b.set(queuePathKey(f.Path), queuedFile{Seq: f.Seq, Hash: f.Hash}); err != nil {
			return err
		}
	}
	return nil
}

func (b *badgerBulk) Runs(recs []trajectory.RunRecord) error {
	for _, r := range recs {
		if err := validateID("run hash", r.Hash); err != nil {
			return err
		}
		if err := b.set(runKey(r.Hash), r); err != nil {
			return err
		}
	}
	return nil
}

func (b *badgerBulk) FailureSignatures(sigs []trajectory.SignatureRecord) error {
	for _, sig := range sigs {
		if err := b.set(runFailureKey(sig.Signature), sig); err != nil {
			return err
		}
	}
	return nil
}

// eachRecord decodes every record under prefix into a new T and calls fn
// with it and its key.
func eachRecord[T any](s *Store, prefix []byte, fn func(key []byte, v T) error) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	return s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefix))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			var v T
			if err := item.Value(func(b []byte) error { return decodeValue(item.Key(), b, &v) }); err != nil {
				return err
			}
			if err := fn(item.Key(), v); err != nil {
				return err
			}
		}
		return nil
	})
}

// QueuedFiles calls fn for the last job of every file queued.
func (s *Store) QueuedFiles(fn func(backend.QueuedFile) error) error {
	err := eachRecord(s, prefixQueuePath, func(key []byte, f queuedFile) error {
		path, err := unescape(string(key[len(prefixQueuePath):]))
		if err != nil {
			return fmt.Errorf("%s: %w", displayKey(key), err)
		}
		return fn(backend.QueuedFile{Path: path, Seq: f.Seq, Hash: f.Hash})
	})
	if err != nil {
		return fmt.Errorf("list the queued files: %w", err)
	}
	return nil
}

// RunRecords calls fn for every run learned, by content hash.
func (s *Store) RunRecords(fn func(trajectory.RunRecord) error) error {
	err := eachRecord(s, prefixRun, func(_ []byte, r trajectory.RunRecord) error { return fn(r) })
	if err != nil {
		return fmt.Errorf("list the learned runs: %w", err)
	}
	return nil
}

// FailureSignatures calls fn for every failure signature counted.
func (s *Store) FailureSignatures(fn func(trajectory.SignatureRecord) error) error {
	err := eachRecord(s, prefixRunFailure, func(_ []byte, r trajectory.SignatureRecord) error { return fn(r) })
	if err != nil {
		return fmt.Errorf("list the failure signatures: %w", err)
	}
	return nil
}

// LoadInto makes a store in dir, which must be absent or an empty folder,
// and has load fill it (typically backend.Copy with the store as its
// Loader). The store is made in a hidden folder beside dir and renamed to
// dir only once load has returned without error and the store is closed,
// so that an error, a cancellation or a crash leaves dir as it was, never
// a store half copied. A dir holding a store is refused with a
// *backend.NotEmptyError counting what it holds; one holding other files,
// naming them.
func LoadInto(ctx context.Context, dir string, opts Options, load func(*Store) error) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("load into %s: %w", dir, err)
	}
	existed, err := checkEmptyTarget(abs)
	if errors.Is(err, ErrNotEmpty) {
		return notEmpty(abs, err)
	}
	if err != nil {
		return fmt.Errorf("load into %s: %w", abs, err)
	}
	parent := filepath.Dir(abs)
	if err := os.MkdirAll(parent, 0o700); err != nil {
		return fmt.Errorf("load into %s: %w", abs, err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(abs)+".copy-")
	if err != nil {
		return fmt.Errorf("load into %s: %w", abs, err)
	}
	opts.ReadOnly = false
	err = func() error {
		st, err := Open(tmp, opts)
		if err != nil {
			return err
		}
		err = load(st)
		if cerr := st.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("close: %w", cerr)
		}
		if err != nil {
			return err
		}
		return placeRestored(tmp, abs, existed)
	}()
	if err != nil {
		if rerr := os.RemoveAll(tmp); rerr != nil {
			return fmt.Errorf("load into %s: %w", abs, errors.Join(err, fmt.Errorf("remove the partial copy %s: %w", tmp, rerr)))
		}
		return fmt.Errorf("load into %s: %w (nothing was left there)", abs, err)
	}
	return nil
}

// notEmpty is the refusal of a copy into dir, which checkEmptyTarget
// found not empty: what a store there holds, or which files are there.
func notEmpty(dir string, why error) error {
	e := &backend.NotEmptyError{Store: dir}
	if Exists(dir) {
		if st, err := Open(dir, Options{ReadOnly: true}); err == nil {
			e.Holds, err = st.Holdings()
			_ = st.Close()
			if err == nil && !e.Holds.IsZero() {
				return e
			}
		}
		e.Detail = "a lore store"
		return e
	}
	entries, err := os.ReadDir(dir)
	switch {
	case err != nil:
		e.Detail = why.Error()
	case len(entries) == 1:
		e.Detail = fmt.Sprintf("%q", entries[0].Name())
	default:
		e.Detail = fmt.Sprintf("%q and %d other entries", entries[0].Name(), len(entries)-1)
	}
	return e
}
