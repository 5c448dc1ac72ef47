package store

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/skills"
)

// Near returns the primitives that may pass the dedup prefilter for p: every
// stored primitive within maxDistance of p on the plane that shares at least
// minShared normalized keywords with it, and every primitive with p's
// content hash. With limit > 0 only the limit primitives sharing the most
// keywords (ties by id) within maxDistance are returned, besides the
// content-hash matches: the dedup comparator looks at no more. See
// NearRecords for how, and for what it costs.
func (s *Store) Near(p *core.Primitive, maxDistance float64, minShared, limit int) ([]core.Primitive, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var out []core.Primitive
	err := s.db.View(func(txn *badger.Txn) error {
		recs, err := nearRecords(txn, p, maxDistance, minShared, limit, true)
		if err != nil {
			return err
		}
		for _, r := range recs {
			q, ok, err := getPrimitive(txn, r.ID)
			if err != nil {
				return err
			}
			if ok {
				out = append(out, q)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("near %s: %w", p.ID, err)
	}
	return out, nil
}

// NearRecords is Near answered with dedup records (see dedupRecord), in id
// order, and without the content-hash matches, which the deduper has asked
// SameContentRecords for already: it reads no primitive record. It reads
// only the keyword postings of p's keywords in the grid cells within
// reach, the hash postings, and the dedup records of what it returns, so
// its cost follows how crowded p's neighbourhood is, not how large the
// store is.
//
// A primitive sharing minShared of p's keywords shares at least one outside
// any minShared−1 of them, so the postings of the minShared−1 longest lists
// (a general word such as "set", whose postings grow with the store) are
// never walked to their end: the ids found in the other lists are checked
// against them with the keyword signature their postings carry, which
// rules most of them out without a lookup; the rest are confirmed from
// their dedup records, read anyway for the result. When the limit leaves
// some out, each one's membership in those lists is settled exactly
// (signature, then a point lookup of its posting key) before they are
// ranked.
func (s *Store) NearRecords(p *core.Primitive, maxDistance float64, minShared, limit int) ([]dedup.Record, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var out []dedup.Record
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		out, err = nearRecords(txn, p, maxDistance, minShared, limit, false)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("near %s: %w", p.ID, err)
	}
	return out, nil
}

// nearRecords is Near's query; withSame adds the content-hash matches.
func nearRecords(txn *badger.Txn, p *core.Primitive, maxDistance float64, minShared, limit int, withSame bool) ([]dedup.Record, error) {
	kws := keywordsOf(p)
	// The cells a point within maxDistance of p can lie in.
	xlo, xhi, ylo, yhi := 0, dedup.GridSize-1, 0, dedup.GridSize-1
	if maxDistance >= 0 && maxDistance < 2*math.Sqrt2 {
		xlo, xhi, ylo, yhi = dedup.CellRange(p.Plane, maxDistance)
	}
	k := max(minShared, 1)
	var out []dedup.Record
	it := txn.NewIterator(keyOnly(prefixKeyword))
	defer it.Close()
	scans := make([]*kwScan, len(kws))
	for i, kw := range kws {
		base := join(prefixKeyword, escape(kw), "")
		scans[i] = &kwScan{base: base, bits: dedup.KeywordBits(kw), xhi: xhi, ylo: ylo, yhi: yhi, next: cellStart(base, xlo, ylo)}
	}
	// Walk the lists in rounds of doubling budgets until at most k−1 are
	// unfinished: those are the longest, and what was read of them costs
	// at most twice the longest finished list.
	pending := scans
	for budget := nearProbe; len(pending) > 0; budget *= 2 {
		for _, sc := range pending {
			sc.run(it, budget)
		}
		pending = slices.DeleteFunc(slices.Clone(pending), func(sc *kwScan) bool { return sc.done })
		if len(pending) <= k-1 {
			break
		}
	}
	// Every id found in a finished list, with how many lists hold it; one
	// table instead of a map per attribute, as a query sees hundreds of ids.
	var ents []nearEnt
	idx := make(map[string]int32)
	for _, sc := range scans {
		if !sc.done {
			continue
		}
		for i := range sc.found {
			ps := &sc.found[i]
			if x, ok := idx[ps.id]; ok {
				e := &ents[x]
				e.n++
				e.cell = ps.cell
				if ps.hasPlane {
					e.plane, e.hasPlane = ps.plane, true
				}
				if ps.hasSig {
					e.sig, e.hasSig = ps.sig, true
				}
				continue
			}
			idx[ps.id] = int32(len(ents))
			ents = append(ents, nearEnt{kwPosting: *ps, n: 1, seenIn: -1})
		}
	}
	for x := range ents {
		ents[x].finished = ents[x].n
	}
	// Whether an id is within reach, from the position its posting records
	// (quantized, hence the slack; no record is loaded for a primitive that
	// is out of reach) or else from its cell.
	within := func(e *nearEnt) bool {
		if e.hasPlane {
			return e.plane.Distance(p.Plane) <= maxDistance+planeValueSlack
		}
		return dedup.CellDistance(p.Plane, int(e.cell[0]-'0'), int(e.cell[1]-'0')) <= maxDistance+cellSlack
	}
	// posted looks e's posting up in a skipped list (its cell is known
	// from the posting that found it).
	var key []byte
	posted := func(sc *kwScan, e *nearEnt) (bool, error) {
		key = append(append(append(key[:0], sc.base...), e.cell[0], e.cell[1], sep), e.id...)
		switch _, err := txn.Get(key); {
		case err == nil:
			return true, nil
		case errors.Is(err, badger.ErrKeyNotFound):
			return false, nil
		default:
			return false, err
		}
	}
	// The skipped lists: ids within reach that can still reach k are
	// looked up in them, unless finishing the list is likely cheaper than
	// the lookups. A list that did not end within the postings read so far
	// is unlikely to end within as many more, and resuming it costs a seek
	// through every level of the tree, so it is then not resumed. The
	// keyword signature of an id's postings answers most lookups: an id
	// whose signature lacks the keyword's bits lacks the keyword, and one
	// that has them is counted as holding it but marked guessed, to be
	// confirmed from its dedup record.
	var need []int32
	for j, sc := range pending {
		need = need[:0]
		for x := range ents {
			e := &ents[x]
			if e.n < k && e.n+len(pending)-j >= k && within(e) {
				need = append(need, int32(x))
			}
		}
		if len(need) == 0 {
			continue
		}
		if len(need) > len(sc.found) {
			if sc.run(it, len(need)); sc.done {
				for i := range sc.found {
					if x, ok := idx[sc.found[i].id]; ok {
						ents[x].n++
					}
				}
				continue
			}
		}
		for i := range sc.found {
			if x, ok := idx[sc.found[i].id]; ok {
				ents[x].seenIn = j
			}
		}
		slices.SortFunc(need, func(a, b int32) int { return strings.Compare(ents[a].id, ents[b].id) })
		for _, x := range need {
			e := &ents[x]
			ok := e.seenIn == j
			switch {
			case ok:
			case e.hasSig:
				ok = sc.mayHold(e)
				e.guessed = e.guessed || ok
			default:
				var err error
				if ok, err = posted(sc, e); err != nil {
					return nil, err
				}
			}
			if ok {
				e.n++
			}
		}
	}
	type hit struct {
		x       int32
		n       int
		guessed bool
	}
	var hits []hit
	for x := range ents {
		if e := &ents[x]; e.n >= k && within(e) {
			hits = append(hits, hit{int32(x), e.n, e.guessed})
		}
	}
	// With more hits than the limit, which share the most keywords
	// decides; but the counts above stop where they reach k and may rest
	// on signatures, so each hit's membership in the skipped lists is
	// settled exactly (postings read, signature, lookup).
	if limit > 0 && len(hits) > limit {
		read := make([]map[string]bool, len(pending))
		for j, sc := range pending {
			read[j] = make(map[string]bool, len(sc.found))
			for i := range sc.found {
				read[j][sc.found[i].id] = true
			}
		}
		kept := hits[:0]
		for _, h := range hits {
			e := &ents[h.x]
			n := e.finished
			for j, sc := range pending {
				in := read[j][e.id]
				if !in && !sc.done && sc.mayHold(e) {
					var err error
					if in, err = posted(sc, e); err != nil {
						return nil, err
					}
				}
				if in {
					n++
				}
			}
			if n >= k {
				kept = append(kept, hit{h.x, n, false})
			}
		}
		hits = kept
	}
	// A count that relied on a signature is replaced by the exact one from
	// the dedup record (kept for the loop below), so that a hit is never a
	// guess.
	var sorted []string
	checked := make(map[string]dedup.Record)
	kept := hits[:0]
	for _, h := range hits {
		if h.guessed {
			if sorted == nil {
				sorted = slices.Sorted(slices.Values(kws))
			}
			r, ok, err := getDedupRecord(txn, ents[h.x].id)
			if err != nil {
				return nil, err
			}
			if h.n = dedup.CountCommon(sorted, r.Features.Keywords); !ok || h.n < k {
				continue
			}
			checked[r.ID] = r
		}
		kept = append(kept, h)
	}
	hits = kept
	slices.SortFunc(hits, func(a, b hit) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return strings.Compare(ents[a.x].id, ents[b.x].id)
	})
	got := make(map[string]bool)
	for _, h := range hits {
		if limit > 0 && len(out) >= limit {
			break
		}
		id := ents[h.x].id
		r, ok := checked[id]
		if !ok {
			var err error
			if r, ok, err = getDedupRecord(txn, id); err != nil {
				return nil, err
			}
		}
		if ok && r.Plane.Distance(p.Plane) <= maxDistance {
			out = append(out, r)
			got[id] = true
		}
	}
	if h := p.Provenance.ContentHash; h != "" && withSame {
		same, err := sameContentRecords(txn, h, got)
		if err != nil {
			return nil, err
		}
		out = append(out, same...)
	}
	slices.SortFunc(out, func(a, b dedup.Record) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// sameContentRecords returns the dedup records of the primitives with
// content hash h, but those in skip.
func sameContentRecords(txn *badger.Txn, h string, skip map[string]bool) ([]dedup.Record, error) {
	prefix := hashPrefix(h)
	var ids []string
	it := txn.NewIterator(keyOnly(prefix))
	for it.Rewind(); it.Valid(); it.Next() {
		if id := string(it.Item().Key()[len(prefix):]); !skip[id] {
			ids = append(ids, id)
		}
	}
	it.Close()
	var out []dedup.Record
	for _, id := range ids {
		r, ok, err := getDedupRecord(txn, id)
		if err != nil {
			return nil, err
		}
		if ok && r.Features.Hash == h {
			out = append(out, r)
		}
	}
	return out, nil
}

// SameContentRecords is SameContent answered with dedup records, in id
// order.
func (s *Store) SameContentRecords(hash string) ([]dedup.Record, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	if hash == "" {
		return nil, nil
	}
	var out []dedup.Record
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		out, err = sameContentRecords(txn, hash, nil)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("primitives with content %s: %w", hash, err)
	}
	return out, nil
}

// cellSlack is the rounding margin of the test of a primitive's distance
// from its cell, for the postings without a position.
const cellSlack = 1e-9

// nearProbe is the first budget of postings per keyword Near reads before
// deciding which lists are long enough to skip; it doubles per round.
const nearProbe = 64

// maxSkipRun is how many postings outside the wanted rows a scan steps over
// one by one before it seeks past the rest: a seek costs about as much as
// that many steps.
const maxSkipRun = 32

// kwPosting is one keyword posting: the primitive, its cell, and its
// position and keyword signature when the posting records them.
type kwPosting struct {
	id       string
	cell     [2]byte
	plane    core.PlanePosition
	sig      uint64
	hasPlane bool
	hasSig   bool
}

// nearEnt is an id found by nearRecords: its posting, how many of the
// query's keywords it is known to hold (finished: in the lists read to
// the end), the last skipped list whose postings read so far hold it, and
// whether its count relies on its keyword signature.
type nearEnt struct {
	kwPosting
	n, finished int
	seenIn      int
	guessed     bool
}

// kwScan walks one keyword's postings in a block of cells in budgeted
// steps. It seeks once per step and then follows the keys across columns,
// seeking again only past a long run of postings in rows out of reach.
type kwScan struct {
	base     []byte // i/kw/<keyword>/
	bits     uint64 // the keyword's signature bits
	xhi      int
	ylo, yhi int
	next     []byte // key to continue from
	found    []kwPosting
	done     bool
}

// mayHold reports whether e's keyword signature (when its postings carry
// one) leaves open that e holds sc's keyword; false is certain.
func (sc *kwScan) mayHold(e *nearEnt) bool {
	return !e.hasSig || e.sig&sc.bits == sc.bits
}

// cellStart is the first key of cell (x, y) of a keyword's postings.
func cellStart(base []byte, x, y int) []byte {
	return append(slices.Clip(base), byte('0'+x), byte('0'+y), sep)
}

// run reads up to budget more postings.
func (sc *kwScan) run(it *badger.Iterator, budget int) {
	if sc.done {
		return
	}
	skipped := 0
	nb := len(sc.base)
	for it.Seek(sc.next); it.Valid(); {
		key := it.Item().Key()
		if len(key) < nb+3 || !bytes.HasPrefix(key, sc.base) {
			break
		}
		x, y := int(key[nb]-'0'), int(key[nb+1]-'0')
		if x > sc.xhi || (x == sc.xhi && y > sc.yhi) {
			break
		}
		if y < sc.ylo || y > sc.yhi {
			skipped++
			if skipped < maxSkipRun {
				it.Next()
				continue
			}
			skipped = 0
			if y < sc.ylo {
				it.Seek(cellStart(sc.base, x, sc.ylo))
			} else {
				it.Seek(cellStart(sc.base, x+1, sc.ylo))
			}
			continue
		}
		skipped = 0
		if budget <= 0 {
			sc.next = append(sc.next[:0], key...)
			return
		}
		budget--
		ps := kwPosting{id: string(key[nb+3:]), cell: [2]byte{key[nb], key[nb+1]}}
		_ = it.Item().Value(func(v []byte) error {
			ps.plane, ps.hasPlane, ps.sig, ps.hasSig = parsePostingValue(v)
			return nil
		})
		sc.found = append(sc.found, ps)
		it.Next()
	}
	sc.done = true
}

// NamedRef is a stored primitive found by name.
type NamedRef = core.NameRef

// NamesStartingWith returns, for each of words (stems, see text.NameStems), the
// stored primitives whose name starts with that stem. It is how a new primitive's
// statement is searched for names learned in earlier sessions: one seek per
// distinct word of the run, not one per primitive stored.
func (s *Store) NamesStartingWith(words []string) (map[string][]NamedRef, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	out := map[string][]NamedRef{}
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(keyOnly(prefixName))
		defer it.Close()
		for _, w := range words {
			prefix := join(prefixName, escape(w), "")
			for it.Seek(prefix); it.ValidForPrefix(prefix); it.Next() {
				rest := it.Item().Key()[len(prefix):]
				i := bytes.LastIndexByte(rest, sep)
				if i <= 0 {
					continue
				}
				name, err := unescape(string(rest[:i]))
				if err != nil {
					return err
				}
				out[w] = append(out[w], NamedRef{Name: name, ID: string(rest[i+1:])})
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("look up names: %w", err)
	}
	return out, nil
}

// SameContent returns the primitives whose content hash is hash (their
// normalized formal statements are identical), from the hash index.
func (s *Store) SameContent(hash string) ([]core.Primitive, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	if hash == "" {
		return nil, nil
	}
	prefix := hashPrefix(hash)
	out, err := s.byIndex(prefix, wholeRange(prefix))
	if err != nil {
		return nil, fmt.Errorf("primitives with content %s: %w", hash, err)
	}
	return out, nil
}

// Conflicts returns the stored conflicts, pending and resolved, by id.
func (s *Store) Conflicts() ([]core.Conflict, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var out []core.Conflict
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefixConflict))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			var c core.Conflict
			if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, &c) }); err != nil {
				return err
			}
			out = append(out, c)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list conflicts: %w", err)
	}
	return out, nil
}

// Conflict returns one conflict and whether it exists.
func (s *Store) Conflict(id string) (core.Conflict, bool, error) {
	if err := s.checkOpen(); err != nil {
		return core.Conflict{}, false, err
	}
	if err := validateID("conflict id", id); err != nil {
		return core.Conflict{}, false, err
	}
	var (
		c  core.Conflict
		ok bool
	)
	err := s.db.View(func(txn *badger.Txn) error {
		key := conflictKey(id)
		item, err := txn.Get(key)
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		ok = true
		return item.Value(func(v []byte) error { return decodeValue(key, v, &c) })
	})
	if err != nil {
		return core.Conflict{}, false, fmt.Errorf("get conflict %s: %w", id, err)
	}
	return c, ok, nil
}

// Report returns the report stored with a session.
func (s *Store) Report(session string) ([]byte, bool, error) {
	if err := s.checkOpen(); err != nil {
		return nil, false, err
	}
	if err := validateID("session id", session); err != nil {
		return nil, false, err
	}
	var out []byte
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(reportKey(session))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		out, err = item.ValueCopy(nil)
		return err
	})
	if err != nil {
		return nil, false, fmt.Errorf("report of session %s: %w", session, err)
	}
	return out, out != nil, nil
}

// AppendToSession adds changes to a committed session's changeset and
// applies them, all in one transaction: what resolving one of the
// session's conflicts does, so that unlearning the session also takes the
// resolution back. report, when not nil, replaces the session's report.
// The changes must fit one transaction (a resolution is a handful).
func (s *Store) AppendToSession(ctx context.Context, sessionID string, changes []core.Change, report []byte) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	prepared, err := prepareChanges(sessionID, changes)
	if err != nil {
		return fmt.Errorf("append to session %s: %w", sessionID, err)
	}
	steps, err := prepareSteps(prepared)
	if err != nil {
		return fmt.Errorf("append to session %s: %w", sessionID, err)
	}
	if err := s.checkSpace(prepared, report); err != nil {
		return fmt.Errorf("append to session %s: %w", sessionID, err)
	}
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	// Close may have run while this waited for the lock.
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("append to session %s: %w", sessionID, err)
	}
	err = s.update(func(txn *badger.Txn) error {
		sess, ok, err := getSession(txn, sessionID)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("session %s: %w", sessionID, ErrNotFound)
		}
		if sess.State != core.SessionCommitted {
			return fmt.Errorf("session %s is %s, not %s", sessionID, sess.State, core.SessionCommitted)
		}
		for i := range steps {
			muts, err := steps[i].plan(txn)
			if err != nil {
				return fmt.Errorf("%s: %w", steps[i].what(), err)
			}
			if err := writeMutations(txn, muts); err != nil {
				return fmt.Errorf("%s: %w", steps[i].what(), err)
			}
		}
		entries, err := journalEntries(sessionID, sess.Changes, prepared)
		if err != nil {
			return err
		}
		if err := writeMutations(txn, entries); err != nil {
			return err
		}
		sess.Changes += len(prepared)
		if report != nil {
			if err := txn.Set(reportKey(sessionID), report); err != nil {
				return err
			}
		}
		return putSession(txn, sess)
	})
	if err != nil {
		return fmt.Errorf("append to session %s: %w", sessionID, err)
	}
	return s.Sync()
}

// Artifacts returns the stored artifacts, by kind then name.
func (s *Store) Artifacts() ([]core.Artifact, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	var out []core.Artifact
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(withValues(prefixArtifact))
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			var a core.Artifact
			if err := item.Value(func(v []byte) error { return decodeValue(item.Key(), v, &a) }); err != nil {
				return err
			}
			out = append(out, a)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list artifacts: %w", err)
	}
	return out, nil
}

// ReplaceArtifacts makes arts the artifacts of the given domains: every
// stored artifact of those domains is deleted and arts are written, in one
// transaction. Artifacts are derived from the primitives and regenerated
// after every learn and unlearn, so they are not part of any changeset.
// The skill library follows in the same transaction through lib (see
// skills.SyncUpdate): the library is not derived, it keeps review
// decisions, usage and versions across regenerations, so its records are
// read and written under the write lock, where no other change to them can
// slip in between.
func (s *Store) ReplaceArtifacts(ctx context.Context, domains []string, arts []core.Artifact, lib skills.LibraryUpdate) error {
	return s.replaceArtifacts(ctx, domains, arts, lib, "")
}

// FinishPublication is ReplaceArtifacts for the artifacts of session, once
// their files are written: the pending publication recorded by
// PutPublication is deleted in the same transaction.
func (s *Store) FinishPublication(ctx context.Context, session string, domains []string, arts []core.Artifact, lib skills.LibraryUpdate) error {
	if err := validateID("session id", session); err != nil {
		return fmt.Errorf("finish publication: %w", err)
	}
	return s.replaceArtifacts(ctx, domains, arts, lib, session)
}

func (s *Store) replaceArtifacts(ctx context.Context, domains []string, arts []core.Artifact, lib skills.LibraryUpdate, published string) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("replace artifacts of %v: %w", domains, err)
	}
	existing, err := s.Artifacts()
	if err != nil {
		return err
	}
	err = s.update(func(txn *badger.Txn) error {
		for _, a := range existing {
			if slices.Contains(domains, a.Domain) {
				if err := txn.Delete(artifactKey(a.Kind, a.Name)); err != nil {
					return err
				}
			}
		}
		if err := updateLibrary(txn, lib); err != nil {
			return err
		}
		if published != "" {
			if err := txn.Delete(publicationKey(published)); err != nil {
				return err
			}
		}
		for i := range arts {
			v, err := encodeValue(&arts[i])
			if err != nil {
				return err
			}
			if err := txn.Set(artifactKey(arts[i].Kind, arts[i].Name), v); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("replace artifacts of %v: %w", domains, err)
	}
	return nil
}

// knowledgePrefixes are the keyspaces that hold what the store knows, as
// opposed to its history (sessions, journals, reports).
var knowledgePrefixes = [][]byte{prefixPrimitive, prefixReverse, prefixIndex, prefixRank, prefixConflict, prefixArtifact}

// Export writes a canonical dump of the store's knowledge (primitives,
// edges, indexes, rank, conflicts, artifacts; not sessions, journals and
// reports, which are history, nor the dedup records, which restate the
// primitives for the comparator): one line per key in key order, key and value
// base64-encoded. Two stores that know the same things export the same
// bytes, which is how tests check that unlearning restores a store.
func (s *Store) Export(w io.Writer) error {
	if err := s.checkOpen(); err != nil {
		return err
	}
	enc := base64.StdEncoding
	return s.db.View(func(txn *badger.Txn) error {
		var line bytes.Buffer
		for _, prefix := range knowledgePrefixes {
			it := txn.NewIterator(withValues(prefix))
			for it.Rewind(); it.Valid(); it.Next() {
				item := it.Item()
				v, err := item.ValueCopy(nil)
				if err != nil {
					it.Close()
					return err
				}
				line.Reset()
				line.WriteString(enc.EncodeToString(item.Key()))
				line.WriteByte(' ')
				line.WriteString(enc.EncodeToString(v))
				line.WriteByte('\n')
				if _, err := w.Write(line.Bytes()); err != nil {
					it.Close()
					return err
				}
			}
			it.Close()
		}
		return nil
	})
}
