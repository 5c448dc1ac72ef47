package store

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/store/backend"
)

// edgeValue is what forward and reverse edge keys hold, so that Dependents
// can answer from the reverse index without reading the dependents' records.
type edgeValue struct {
	Strength    float64 `json:"strength"`
	Description string  `json:"description,omitempty"`
}

// Dependent is a primitive that depends on another one, as the reverse edge
// index records it.
type Dependent = core.Dependent

// kv is one key the store writes; a nil val is an empty value.
type kv struct {
	key []byte
	val []byte
}

// mutation is one write of a plan; del means delete key.
type mutation struct {
	kv
	del bool
}

// edgesOf returns p's dependencies as the store keys them (backend.Edges).
var edgesOf = backend.Edges

// keywordsOf returns p's keywords as the postings index keys them
// (dedup.NormKeywords: lowercased, trimmed, without empties and
// duplicates; see derivation), so that lookups do not depend on how an extractor happened
// to capitalize a word, and the postings agree with the dedup records.
func keywordsOf(p *core.Primitive) []string { return derivation.keywords(p.Keywords) }

// validatePrimitive is the contract's check, which every backend makes.
func validatePrimitive(p *core.Primitive) error { return backend.CheckPrimitive(p) }

// derivedKeys lists every key a primitive implies besides its record:
// reverse edges (the forward ones are the record's dependencies; nothing
// needs them by key), its domain-type entry, keyword postings, content-hash
// and name entries, and its rank when it has importance. Put
// and delete both use it, and Verify builds its expectations from the same
// helpers (edgesOf, keywordsOf, encodeEdge, the key builders), so none of
// them can disagree about the layout.
func derivedKeys(p *core.Primitive) ([]kv, error) {
	edges := edgesOf(p)
	kws := keywordsOf(p)
	out := make([]kv, 0, 5+len(edges)+len(kws))
	for _, e := range edges {
		v, err := encodeEdge(e)
		if err != nil {
			return nil, fmt.Errorf("encode edge %s→%s: %w", p.ID, e.Target, err)
		}
		out = append(out, kv{reverseKey(e.Target, p.ID, e.Type), v})
	}
	out = append(out, kv{domainTypeKey(p.Domain, p.Type, p.ID), nil})
	// Most primitives enable nothing; they follow the ranked ones in id
	// order, which the records' own keys give, so they need no entry.
	if imp := p.Importance(); imp > 0 {
		out = append(out, kv{rankKey(imp, p.ID), nil})
	}
	out = appendPostings(out, p, kws)
	if h := p.Provenance.ContentHash; h != "" {
		out = append(out, kv{hashKey(h, p.ID), nil})
	}
	if k := nameKey(p.Name, p.ID); k != nil {
		out = append(out, kv{k, nil})
	}
	return out, nil
}

// appendPostings appends p's keyword postings (kws is keywordsOf(p)), all
// holding the same value.
func appendPostings(out []kv, p *core.Primitive, kws []string) []kv {
	posting := postingValue(p.Plane, dedup.KeywordSignature(kws))
	for _, k := range kws {
		out = append(out, kv{keywordKey(k, p.Plane, p.ID), posting})
	}
	return out
}

func encodeEdge(e core.Edge) ([]byte, error) {
	return encodeValue(edgeValue{Strength: e.Strength, Description: e.Description})
}

// getPrimitive reads one record inside txn.
func getPrimitive(txn *badger.Txn, id string) (core.Primitive, bool, error) {
	p, _, ok, err := getPrimitiveRaw(txn, id)
	return p, ok, err
}

// getPrimitiveRaw also returns the stored bytes, so that a put can see that
// nothing changed.
func getPrimitiveRaw(txn *badger.Txn, id string) (core.Primitive, []byte, bool, error) {
	key := primitiveKey(id)
	item, err := txn.Get(key)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return core.Primitive{}, nil, false, nil
	}
	if err != nil {
		return core.Primitive{}, nil, false, err
	}
	raw, err := item.ValueCopy(nil)
	if err != nil {
		return core.Primitive{}, nil, false, err
	}
	var p core.Primitive
	if err := decodeValue(key, raw, &p); err != nil {
		return core.Primitive{}, nil, false, err
	}
	return p, raw, true, nil
}

// preparedPut is a put with the work that does not depend on the store's
// current state done ahead of the transaction: the encoded record and the
// derived keys. Session commits prepare puts in the background while Badger
// writes the previous batch.
type preparedPut struct {
	p     *core.Primitive
	rec   []byte
	fresh []kv
	// dd is the dedup record; its key is the same for every version of
	// the primitive, so it is written over, never deleted as stale.
	dd []byte
}

func preparePut(p *core.Primitive) (preparedPut, error) {
	if err := validatePrimitive(p); err != nil {
		return preparedPut{}, err
	}
	rec, err := encodeCompressed(p)
	if err != nil {
		return preparedPut{}, fmt.Errorf("encode: %w", err)
	}
	fresh, err := derivedKeys(p)
	if err != nil {
		return preparedPut{}, err
	}
	return preparedPut{p: p, rec: rec, fresh: fresh, dd: dedupRecord(p)}, nil
}

// planPut computes the writes that make a prepared primitive current: its
// record, its derived keys, and deletions of whatever the previous version
// implied and the new one does not. An unchanged record yields no writes,
// which makes replaying an already applied batch cheap. The caller holds
// the store's write lock, so the old record cannot change underneath.
func planPut(txn *badger.Txn, pp preparedPut) ([]mutation, error) {
	old, raw, exists, err := getPrimitiveRaw(txn, pp.p.ID)
	if err != nil {
		return nil, err
	}
	if exists && bytes.Equal(raw, pp.rec) {
		return nil, nil
	}
	muts := make([]mutation, 0, len(pp.fresh)+2)
	if exists {
		stale, err := derivedKeys(&old)
		if err != nil {
			return nil, err
		}
		keep := make(map[string]struct{}, len(pp.fresh))
		for _, k := range pp.fresh {
			keep[string(k.key)] = struct{}{}
		}
		for _, k := range stale {
			if _, ok := keep[string(k.key)]; !ok {
				muts = append(muts, mutation{kv: kv{key: k.key}, del: true})
			}
		}
	}
	muts = append(muts, mutation{kv: kv{primitiveKey(pp.p.ID), pp.rec}}, mutation{kv: kv{dedupKey(pp.p.ID), pp.dd}})
	for _, k := range pp.fresh {
		muts = append(muts, mutation{kv: k})
	}
	return muts, nil
}

// planDelete computes the writes that remove id with everything its record
// implies. An absent primitive yields no writes, which keeps journal replays
// idempotent. Reverse edges of primitives that depend on id are not touched:
// they belong to those primitives' records, and Verify reports the now
// dangling edges.
func planDelete(txn *badger.Txn, id string) ([]mutation, error) {
	if err := validateID("primitive id", id); err != nil {
		return nil, err
	}
	old, exists, err := getPrimitive(txn, id)
	if err != nil || !exists {
		return nil, err
	}
	stale, err := derivedKeys(&old)
	if err != nil {
		return nil, err
	}
	muts := make([]mutation, 0, len(stale)+2)
	muts = append(muts, mutation{kv: kv{key: primitiveKey(id)}, del: true}, mutation{kv: kv{key: dedupKey(id)}, del: true})
	for _, k := range stale {
		muts = append(muts, mutation{kv: kv{key: k.key}, del: true})
	}
	return muts, nil
}

func writeMutations(txn *badger.Txn, muts []mutation) error {
	for _, m := range muts {
		var err error
		if m.del {
			err = txn.Delete(m.key)
		} else {
			err = txn.Set(m.key, m.val)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// weigh estimates what muts cost against Badger's per-transaction limits,
// using Badger's own accounting (key + value + 2 meta bytes + 10 for the
// version), with values above the threshold counted as pointers.
func weigh(muts []mutation, valueThreshold int64) (count, size int64) {
	for _, m := range muts {
		size += entrySize(m.key, m.val, valueThreshold)
	}
	return int64(len(muts)), size
}

// entrySize is what one write of key and val costs in Badger's accounting.
func entrySize(key, val []byte, valueThreshold int64) int64 {
	v := int64(len(val))
	if v >= valueThreshold {
		v = 12
	}
	return int64(len(key)) + v + 2 + 10
}

// PutPrimitive stores p, replacing any previous version, with its edges,
// reverse edges and index entries in the same transaction. Dependencies on
// primitives not (yet) stored are allowed; Verify reports them if they stay
// dangling.
func (s *Store) PutPrimitive(p core.Primitive) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	pp, err := preparePut(&p)
	if err == nil {
		err = s.update(func(txn *badger.Txn) error {
			muts, err := planPut(txn, pp)
			if err != nil {
				return err
			}
			return writeMutations(txn, muts)
		})
	}
	if err != nil {
		return fmt.Errorf("put primitive %s: %w", p.ID, err)
	}
	return nil
}

// GetPrimitive returns the primitive with the given id, and whether it
// exists.
func (s *Store) GetPrimitive(id string) (core.Primitive, bool, error) {
	if err := s.checkOpen(); err != nil {
		return core.Primitive{}, false, err
	}
	if err := validateID("primitive id", id); err != nil {
		return core.Primitive{}, false, err
	}
	var (
		p  core.Primitive
		ok bool
	)
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		p, ok, err = getPrimitive(txn, id)
		return err
	})
	if err != nil {
		return core.Primitive{}, false, fmt.Errorf("get primitive %s: %w", id, err)
	}
	return p, ok, nil
}

// Primitives calls fn for every primitive in id order, inside one read
// snapshot. An error from fn stops the iteration and is returned as is, so
// callers can stop early with a sentinel of their own.
func (s *Store) Primitives(fn func(core.Primitive) error) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	var fnErr error
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefixPrimitive))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			var p core.Primitive
			if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, &p) }); err != nil {
				return err
			}
			if err := fn(p); err != nil {
				fnErr = err
				return err
			}
		}
		return nil
	})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("iterate primitives: %w", err)
	}
	return nil
}

// PrimitivesWithKeywordStems calls fn, in id order and inside one read
// snapshot, for every primitive one of whose keywords has one of stems as
// its stem. A keyword of several words, which only records from before
// keywords were single words hold, is found by its first word. An error
// from fn stops it and is returned as is.
//
// Its cost follows the matching keywords, not the number of primitives: a
// Snowball stem differs from its word in at most its last two letters
// ("properti" for "property", "die" for "dying"), so the keywords of a
// stem all start with the stem less two letters, and only the keywords of
// that range of the postings are read; each is stemmed once, and the
// postings of one that does not match are skipped with one seek.
func (s *Store) PrimitivesWithKeywordStems(stems []string, fn func(core.Primitive) error) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	want := make(map[string]bool, len(stems))
	var ranges []string
	for _, st := range stems {
		want[st] = true
		r := []rune(st)
		ranges = append(ranges, escape(string(r[:max(1, len(r)-2)])))
	}
	// A range inside another is read with it.
	slices.Sort(ranges)
	ranges = slices.CompactFunc(ranges, func(a, b string) bool { return strings.HasPrefix(b, a) })
	var fnErr error
	err := s.db.View(func(txn *badger.Txn) error {
		var ids []string
		it := txn.NewIterator(keyOnly(prefixKeyword))
		defer it.Close()
		for _, r := range ranges {
			start := join(prefixKeyword, r)
			for it.Seek(start); it.ValidForPrefix(start); {
				key := it.Item().Key()
				rest := key[len(prefixKeyword):]
				end := bytes.IndexByte(rest, sep)
				if end < 0 {
					it.Next()
					continue
				}
				kw, err := unescape(string(rest[:end]))
				if err != nil {
					return fmt.Errorf("%s: %w", displayKey(key), err)
				}
				postings := key[:len(prefixKeyword)+end+1]
				if ws := text.NameStems(kw); len(ws) == 0 || !want[ws[0]] {
					// Every posting of this keyword sorts before the
					// keyword followed by the byte after the separator.
					it.Seek(append(bytes.Clone(postings[:len(postings)-1]), sep+1))
					continue
				}
				postings = bytes.Clone(postings)
				for ; it.ValidForPrefix(postings); it.Next() {
					k := it.Item().Key()
					ids = append(ids, string(k[bytes.LastIndexByte(k, sep)+1:]))
				}
			}
		}
		slices.Sort(ids)
		for _, id := range slices.Compact(ids) {
			p, ok, err := getPrimitive(txn, id)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			if err := fn(p); err != nil {
				fnErr = err
				return err
			}
		}
		return nil
	})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("primitives with keyword stems %v: %w", stems, err)
	}
	return nil
}

// ByDomain returns the primitives of a domain in id order.
func (s *Store) ByDomain(domain string) ([]core.Primitive, error) {
	ps, err := s.byIndex(prefixDomainType, wholeRange(indexValuePrefix(prefixDomainType, domain)))
	if err != nil {
		return nil, fmt.Errorf("primitives of domain %q: %w", domain, err)
	}
	return ps, nil
}

// wholeRange is the scan of byIndex that reads every entry under prefix.
func wholeRange(prefix []byte) func(it *badger.Iterator, add func(key []byte)) {
	return func(it *badger.Iterator, add func(key []byte)) {
		for it.Seek(prefix); it.ValidForPrefix(prefix); it.Next() {
			add(it.Item().Key())
		}
	}
}

// byIndex resolves the index entries that scan, iterating the keys under
// prefix, hands to add (<...>/<id> keys) to records, in id order and in one
// snapshot. An entry without a record is skipped: a stale index must not
// make browsing fail, and Verify reports it.
func (s *Store) byIndex(prefix []byte, scan func(it *badger.Iterator, add func(key []byte))) ([]core.Primitive, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var out []core.Primitive
	err := s.db.View(func(txn *badger.Txn) error {
		var ids []string
		it := txn.NewIterator(keyOnly(prefix))
		scan(it, func(key []byte) {
			ids = append(ids, string(key[bytes.LastIndexByte(key, sep)+1:]))
		})
		it.Close()
		slices.Sort(ids)
		for _, id := range ids {
			p, ok, err := getPrimitive(txn, id)
			if err != nil {
				return err
			}
			if ok {
				out = append(out, p)
			}
		}
		return nil
	})
	return out, err
}

// Dependents returns the primitives that depend on id, from the reverse
// edge index, ordered by dependent id then edge type.
func (s *Store) Dependents(id string) ([]Dependent, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	if err := validateID("primitive id", id); err != nil {
		return nil, err
	}
	var out []Dependent
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(reversePrefix(id)))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			_, from, t, err := parseEdgeKey(prefixReverse, item.Key())
			if err != nil {
				return err
			}
			var ev edgeValue
			if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, &ev) }); err != nil {
				return err
			}
			out = append(out, Dependent{ID: from, Type: t, Strength: ev.Strength})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("dependents of %s: %w", id, err)
	}
	return out, nil
}

// TopByImportance returns up to n primitives in descending importance (ties
// by id), skipping the first offset: the rank index, then the primitives of
// importance 0 from their record keys.
func (s *Store) TopByImportance(n, offset int) ([]core.Primitive, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	offset = max(offset, 0)
	var out []core.Primitive
	err := s.db.View(func(txn *badger.Txn) error {
		skipped := 0
		// take adds id's primitive to the page once offset ids have been
		// passed over; skipping on keys alone keeps deep pages cheap.
		take := func(id string) error {
			if skipped < offset {
				skipped++
				return nil
			}
			p, ok, err := getPrimitive(txn, id)
			if ok { // a stale rank entry is skipped; Verify reports it
				out = append(out, p)
			}
			return err
		}
		// walk calls each for the keys under prefix until the page is full.
		walk := func(prefix []byte, each func(key []byte) error) error {
			it := txn.NewIterator(keyOnly(prefix))
			defer it.Close()
			for it.Rewind(); it.Valid() && len(out) < n; it.Next() {
				if err := each(it.Item().Key()); err != nil {
					return err
				}
			}
			return nil
		}
		ranked := make(map[string]struct{})
		err := walk(prefixRank, func(key []byte) error {
			_, id, err := parseRankKey(key)
			if err != nil {
				return err
			}
			ranked[id] = struct{}{}
			return take(id)
		})
		if err != nil {
			return err
		}
		// Then the primitives of importance 0, which have no rank entry.
		return walk(prefixPrimitive, func(key []byte) error {
			id := string(key[len(prefixPrimitive):])
			if _, ok := ranked[id]; ok {
				return nil
			}
			return take(id)
		})
	})
	if err != nil {
		return nil, fmt.Errorf("top primitives by importance: %w", err)
	}
	return out, nil
}

// Generation is Badger's version of the whole store, which every write
// advances: it changes whenever primitives or conflicts do (and at other
// writes too, which the contract allows). It is the read timestamp of a
// new transaction, the last committed version, which Badger's oracle hands
// out under its lock; DB.MaxVersion reads the memtable its writer is
// updating and races with a concurrent commit.
func (s *Store) Generation() (uint64, error) {
	if err := s.checkOpen(); err != nil {
		return 0, err
	}
	return s.committed(), nil
}

// committed is the last committed version (see Generation).
func (s *Store) committed() uint64 {
	txn := s.db.NewTransaction(false)
	defer txn.Discard()
	return txn.ReadTs()
}
