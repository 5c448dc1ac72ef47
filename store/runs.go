package store

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core/trajectory"
)

// The keyspace of learning from agent runs (core/trajectory): the runs
// learned, by content hash; failures counted by signature; and the queue
// lore watch feeds, whose jobs survive a crash of the process.
var (
	// prefixRun: rn/<content hash> → trajectory.RunRecord.
	prefixRun = []byte("rn/")
	// prefixRunFailure: rs/<sha256 of the signature> → trajectory.SignatureRecord.
	prefixRunFailure = []byte("rs/")
	// prefixQueue: rq/<seq, 8 bytes big-endian> → trajectory.Job, every
	// job in the order it was queued.
	prefixQueue = []byte("rq/")
	// prefixQueueWaiting: rw/<seq> → nothing, the jobs still pending, so
	// that the next one is the first key.
	prefixQueueWaiting = []byte("rw/")
	// prefixQueuePath: rp/<escaped path> → the job last queued for a file,
	// so that a file is queued again only when its content changes.
	prefixQueuePath = []byte("rp/")
	// keyQueueSeq holds the last sequence number given to a job.
	keyQueueSeq = []byte("m/queue-seq")
)

func runKey(hash string) []byte { return join(prefixRun, hash) }

func runFailureKey(signature string) []byte {
	sum := sha256.Sum256([]byte(signature))
	return join(prefixRunFailure, hex.EncodeToString(sum[:16]))
}

func seqKey(prefix []byte, seq uint64) []byte {
	k := make([]byte, len(prefix)+8)
	copy(k, prefix)
	binary.BigEndian.PutUint64(k[len(prefix):], seq)
	return k
}

func queuePathKey(path string) []byte { return join(prefixQueuePath, escape(path)) }

// queuedFile is rp/<path>: the job last queued for a file and the content
// it had then.
type queuedFile struct {
	Seq  uint64 `json:"seq"`
	Hash string `json:"hash"`
}

// getJSON reads the record under k into v; false when there is none.
func getJSON(txn *badger.Txn, k []byte, v any) (bool, error) {
	item, err := txn.Get(k)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, item.Value(func(b []byte) error { return decodeValue(k, b, v) })
}

func setJSON(txn *badger.Txn, k []byte, v any) error {
	b, err := encodeValue(v)
	if err != nil {
		return fmt.Errorf("encode %s: %w", displayKey(k), err)
	}
	return txn.Set(k, b)
}

// LearnedRun returns the record of the run learned with this content hash.
func (s *Store) LearnedRun(hash string) (trajectory.RunRecord, bool, error) {
	var rec trajectory.RunRecord
	if err := s.checkOpen(); err != nil {
		return rec, false, err
	}
	if err := validateID("run hash", hash); err != nil {
		return rec, false, err
	}
	var ok bool
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		ok, err = getJSON(txn, runKey(hash), &rec)
		return err
	})
	if err != nil {
		return rec, false, fmt.Errorf("run %s: %w", hash, err)
	}
	return rec, ok, nil
}

// FailureSignature returns the count of runs that failed with signature.
func (s *Store) FailureSignature(signature string) (trajectory.SignatureRecord, bool, error) {
	var rec trajectory.SignatureRecord
	if err := s.checkOpen(); err != nil {
		return rec, false, err
	}
	var ok bool
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		ok, err = getJSON(txn, runFailureKey(signature), &rec)
		return err
	})
	if err != nil {
		return rec, false, fmt.Errorf("failure signature %q: %w", signature, err)
	}
	return rec, ok, nil
}

// RecordRun stores a learned run and, when sig is not nil, the count of
// its failure signature, in one transaction: a run is counted once or not
// at all.
func (s *Store) RecordRun(rec trajectory.RunRecord, sig *trajectory.SignatureRecord) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := validateID("run hash", rec.Hash); err != nil {
		return err
	}
	err := s.update(func(txn *badger.Txn) error {
		if err := setJSON(txn, runKey(rec.Hash), rec); err != nil {
			return err
		}
		if sig != nil {
			return setJSON(txn, runFailureKey(sig.Signature), sig)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("record run %s: %w", rec.Hash, err)
	}
	return nil
}

// LearnedRuns counts the runs learned.
func (s *Store) LearnedRuns() (int, error) {
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	n := 0
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		n, err = countPrefix(txn, prefixRun)
		return err
	})
	return n, err
}

// Enqueue adds jobs to the queue of runs to learn, in one transaction, and
// returns those it added with their sequence numbers: a job for a file
// whose last job had the same content hash is left out, as is one whose
// content was already learned, which is returned in known (a copy of a
// learned run under a new name). The queue is in the store, so a job once
// queued survives the process that queued it.
func (s *Store) Enqueue(jobs []trajectory.Job, now time.Time) (added, known []trajectory.Job, err error) {
	if err := s.checkOpen(); err != nil {
		return nil, nil, err
	}
	err = s.update(func(txn *badger.Txn) error {
		added, known = added[:0], known[:0]
		var seq uint64
		if item, err := txn.Get(keyQueueSeq); err == nil {
			if err := item.Value(func(b []byte) error {
				if len(b) != 8 {
					return fmt.Errorf("%s: %w", displayKey(keyQueueSeq), ErrCorrupt)
				}
				seq = binary.BigEndian.Uint64(b)
				return nil
			}); err != nil {
				return err
			}
		} else if !errors.Is(err, badger.ErrKeyNotFound) {
			return err
		}
		for _, j := range jobs {
			if err := validateID("run hash", j.Hash); err != nil {
				return err
			}
			var last queuedFile
			ok, err := getJSON(txn, queuePathKey(j.Path), &last)
			if err != nil {
				return err
			}
			if ok && last.Hash == j.Hash {
				continue
			}
			if _, err := txn.Get(runKey(j.Hash)); err == nil {
				// Learned already (from another file, or before the
				// queue knew this one): remembered, not queued.
				if err := setJSON(txn, queuePathKey(j.Path), queuedFile{Seq: last.Seq, Hash: j.Hash}); err != nil {
					return err
				}
				known = append(known, j)
				continue
			} else if !errors.Is(err, badger.ErrKeyNotFound) {
				return err
			}
			seq++
			j.Seq, j.State, j.Enqueued, j.Attempts = seq, trajectory.Pending, now, 0
			if err := setJSON(txn, seqKey(prefixQueue, seq), j); err != nil {
				return err
			}
			if err := txn.Set(seqKey(prefixQueueWaiting, seq), nil); err != nil {
				return err
			}
			if err := setJSON(txn, queuePathKey(j.Path), queuedFile{Seq: seq, Hash: j.Hash}); err != nil {
				return err
			}
			added = append(added, j)
		}
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], seq)
		return txn.Set(keyQueueSeq, b[:])
	})
	if err != nil {
		return nil, nil, fmt.Errorf("queue %d run(s): %w", len(jobs), err)
	}
	return added, known, nil
}

// QueuedHash returns the content hash of the job last queued for path.
func (s *Store) QueuedHash(path string) (string, bool, error) {
	if err := s.checkOpen(); err != nil {
		return "", false, err
	}
	var last queuedFile
	var ok bool
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		ok, err = getJSON(txn, queuePathKey(path), &last)
		return err
	})
	return last.Hash, ok, err
}

// StartJob takes the oldest pending job this store does not hold, counts
// an attempt at it and holds it until FinishJob, in one transaction, so
// that a job the process died on is known as such when it is taken again;
// false when nothing is pending but what it holds. (One process opens a
// Badger store, so the jobs it holds are all that is held.)
func (s *Store) StartJob(now time.Time) (trajectory.Job, bool, error) {
	var job trajectory.Job
	if err := s.checkOpen(); err != nil {
		return job, false, err
	}
	s.jobsMu.Lock()
	defer s.jobsMu.Unlock()
	found := false
	err := s.update(func(txn *badger.Txn) error {
		found = false
		var k []byte
		it := txn.NewIterator(keyOnly(prefixQueueWaiting))
		for it.Rewind(); it.Valid(); it.Next() {
			key := it.Item().Key()
			if len(key) == len(prefixQueueWaiting)+8 && s.heldJobs[binary.BigEndian.Uint64(key[len(prefixQueueWaiting):])] {
				continue
			}
			k = it.Item().KeyCopy(nil)
			break
		}
		it.Close()
		if k == nil {
			return nil
		}
		if len(k) != len(prefixQueueWaiting)+8 {
			return fmt.Errorf("%s: %w", displayKey(k), errMalformedKey)
		}
		seq := binary.BigEndian.Uint64(k[len(prefixQueueWaiting):])
		ok, err := getJSON(txn, seqKey(prefixQueue, seq), &job)
		if err != nil {
			return err
		}
		if !ok {
			// A waiting mark without its job: drop it.
			return txn.Delete(k)
		}
		job.Attempts++
		job.Started = now
		found = true
		return setJSON(txn, seqKey(prefixQueue, seq), job)
	})
	if err != nil {
		return job, false, fmt.Errorf("take the next queued run: %w", err)
	}
	if found {
		if s.heldJobs == nil {
			s.heldJobs = map[uint64]bool{}
		}
		s.heldJobs[job.Seq] = true
	}
	return job, found, nil
}

// FinishJob records how job ended (done or failed, with its reason and
// what learning it did), takes it off the pending list and lets go of
// it; a job never queued is ErrNotFound.
func (s *Store) FinishJob(job trajectory.Job) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	s.jobsMu.Lock()
	defer s.jobsMu.Unlock()
	err := s.update(func(txn *badger.Txn) error {
		if _, err := txn.Get(seqKey(prefixQueue, job.Seq)); errors.Is(err, badger.ErrKeyNotFound) {
			return ErrNotFound
		} else if err != nil {
			return err
		}
		if err := setJSON(txn, seqKey(prefixQueue, job.Seq), job); err != nil {
			return err
		}
		if job.State == trajectory.Pending {
			return nil
		}
		return txn.Delete(seqKey(prefixQueueWaiting, job.Seq))
	})
	if err != nil {
		return fmt.Errorf("finish queued run %d (%s): %w", job.Seq, job.Path, err)
	}
	delete(s.heldJobs, job.Seq)
	return nil
}

// Jobs returns the queue's jobs in the order they were queued.
func (s *Store) Jobs() ([]trajectory.Job, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var out []trajectory.Job
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefixQueue))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			var j trajectory.Job
			if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, &j) }); err != nil {
				return err
			}
			out = append(out, j)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the queue: %w", err)
	}
	return out, nil
}

// Each calls fn with every key of the store and its value as stored,
// decoded from its codec when it has one (the JSON of a record), raw
// otherwise: what a search of the whole store for a string must read,
// since a compressed record hides its text from a search of the bytes.
func (s *Store) Each(fn func(key, value []byte) error) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	return s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.DefaultIteratorOptions)
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			v, err := item.ValueCopy(nil)
			if err != nil {
				return err
			}
			var raw json.RawMessage
			if len(v) > 0 && decodeValue(item.Key(), v, &raw) == nil {
				v = raw
			}
			if err := fn(item.KeyCopy(nil), v); err != nil {
				return err
			}
		}
		return nil
	})
}
