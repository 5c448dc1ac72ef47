package store

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
)

// Near returns the primitives that may pass the dedup prefilter for p: every
// stored primitive within maxDistance of p on the plane that shares at least
// minShared normalized keywords with it, and every primitive with p's
// content hash. It reads only the keyword postings of p's keywords in the
// grid cells within reach and the hash postings, so its cost follows how
// crowded p's neighbourhood is, not how large the store is. With limit > 0
// only the limit primitives sharing the most keywords (ties by id) within
// maxDistance are returned, besides the content-hash matches: the dedup
// comparator looks at no more.
//
// A primitive sharing minShared of p's keywords shares at least one outside
// any minShared−1 of them, so the postings of the minShared−1 longest lists
// (a general word such as "set", whose postings grow with the store) are
// never walked: the ids found in the other lists are checked against them
// with point lookups of their posting keys (the id's cell is known from the
// posting that found it).
func (s *Store) Near(p *core.Primitive, maxDistance float64, minShared, limit int) ([]core.Primitive, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	kws := keywordsOf(p)
	// The cells a point within maxDistance of p can lie in: each coordinate
	// within maxDistance of p's (widened by a rounding margin).
	const eps = 1e-9
	xlo, xhi, ylo, yhi := 0, gridCells-1, 0, gridCells-1
	if maxDistance >= 0 && maxDistance < 2*math.Sqrt2 {
		xlo, xhi = cellIndex(p.Plane.Real-maxDistance-eps), cellIndex(p.Plane.Real+maxDistance+eps)
		ylo, yhi = cellIndex(p.Plane.Imaginary-maxDistance-eps), cellIndex(p.Plane.Imaginary+maxDistance+eps)
	}
	k := max(minShared, 1)
	var out []core.Primitive
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(keyOnly(prefixIndex))
		defer it.Close()
		scans := make([]*kwScan, len(kws))
		for i, kw := range kws {
			scans[i] = &kwScan{base: join(prefixKeyword, escape(kw), ""), x: xlo, xhi: xhi, ylo: ylo, yhi: yhi}
			scans[i].run(it, nearProbe)
		}
		// Finish all but the k−1 longest lists, found by giving the
		// unfinished ones doubling budgets until at most k−1 remain.
		pending := slices.DeleteFunc(slices.Clone(scans), func(sc *kwScan) bool { return sc.done })
		for budget := 2 * nearProbe; len(pending) > k-1; budget *= 2 {
			for _, sc := range pending {
				sc.run(it, budget)
			}
			pending = slices.DeleteFunc(pending, func(sc *kwScan) bool { return sc.done })
			if len(pending) < k-1 {
				break
			}
		}
		shared := make(map[string]int)
		cellOf := make(map[string][2]byte)
		planeOf := make(map[string]core.PlanePosition)
		for _, sc := range scans {
			if !sc.done {
				continue
			}
			for _, ps := range sc.found {
				shared[ps.id]++
				cellOf[ps.id] = ps.cell
				if ps.hasPlane {
					planeOf[ps.id] = ps.plane
				}
			}
		}
		// The skipped lists: ids that can still reach k are looked up in
		// them, unless finishing the list is cheaper than the lookups.
		for j, sc := range pending {
			var need []string
			for id, n := range shared {
				if n < k && n+len(pending)-j >= k {
					need = append(need, id)
				}
			}
			if len(need) == 0 {
				continue
			}
			if sc.run(it, 4*len(need)); sc.done {
				for _, ps := range sc.found {
					if _, ok := shared[ps.id]; ok {
						shared[ps.id]++
					}
				}
				continue
			}
			seen := make(map[string]bool, len(sc.found))
			for _, ps := range sc.found {
				seen[ps.id] = true
			}
			slices.Sort(need)
			for _, id := range need {
				ok := seen[id]
				if !ok {
					c := cellOf[id]
					key := append(append(slices.Clip(sc.base), c[0], c[1], sep), id...)
					switch _, err := txn.Get(key); {
					case err == nil:
						ok = true
					case !errors.Is(err, badger.ErrKeyNotFound):
						return err
					}
				}
				if ok {
					shared[id]++
				}
			}
		}
		type hit struct {
			id string
			n  int
		}
		var hits []hit
		for id, n := range shared {
			within := cellDistance(p.Plane, cellOf[id]) <= maxDistance+eps
			if q, ok := planeOf[id]; ok {
				// The posting knows the exact position: no record is
				// loaded for a primitive that is out of reach.
				within = q.Distance(p.Plane) <= maxDistance
			}
			if n >= k && within {
				hits = append(hits, hit{id, n})
			}
		}
		slices.SortFunc(hits, func(a, b hit) int {
			if a.n != b.n {
				return b.n - a.n
			}
			return strings.Compare(a.id, b.id)
		})
		got := make(map[string]bool)
		for _, h := range hits {
			if limit > 0 && len(out) >= limit {
				break
			}
			q, ok, err := getPrimitive(txn, h.id)
			if err != nil {
				return err
			}
			if ok && q.Plane.Distance(p.Plane) <= maxDistance {
				out = append(out, q)
				got[h.id] = true
			}
		}
		if h := p.Provenance.ContentHash; h != "" {
			prefix := join(prefixHash, escape(h), "")
			var ids []string
			for it.Seek(prefix); it.ValidForPrefix(prefix); it.Next() {
				if id := string(it.Item().Key()[len(prefix):]); !got[id] {
					ids = append(ids, id)
				}
			}
			for _, id := range ids {
				q, ok, err := getPrimitive(txn, id)
				if err != nil {
					return err
				}
				if ok && q.Provenance.ContentHash == h {
					out = append(out, q)
				}
			}
		}
		slices.SortFunc(out, func(a, b core.Primitive) int { return strings.Compare(a.ID, b.ID) })
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("near %s: %w", p.ID, err)
	}
	return out, nil
}

// nearProbe is how many postings of each keyword Near reads before deciding
// which lists are long enough to skip.
const nearProbe = 256

// kwPosting is one keyword posting: the primitive, its cell, and its
// position when the posting records it.
type kwPosting struct {
	id       string
	cell     [2]byte
	plane    core.PlanePosition
	hasPlane bool
}

// kwScan walks one keyword's postings in a block of cells, column by
// column, in budgeted steps.
type kwScan struct {
	base     []byte // i/kw/<keyword>/
	x, xhi   int    // next column, last column
	ylo, yhi int
	resume   []byte // key to continue from in column x, nil at its start
	found    []kwPosting
	done     bool
}

// run reads up to budget more postings.
func (sc *kwScan) run(it *badger.Iterator, budget int) {
	for ; sc.x <= sc.xhi; sc.x, sc.resume = sc.x+1, nil {
		col := append(slices.Clip(sc.base), byte('0'+sc.x))
		start := sc.resume
		if start == nil {
			start = append(slices.Clip(col), byte('0'+sc.ylo), sep)
		}
		for it.Seek(start); it.ValidForPrefix(col); it.Next() {
			key := it.Item().Key()
			if len(key) < len(col)+3 || int(key[len(col)]-'0') > sc.yhi {
				break
			}
			if budget <= 0 {
				sc.resume = append([]byte(nil), key...)
				return
			}
			budget--
			ps := kwPosting{id: string(key[len(col)+2:]), cell: [2]byte{key[len(col)-1], key[len(col)]}}
			_ = it.Item().Value(func(v []byte) error {
				ps.plane, ps.hasPlane = parsePlaneValue(v)
				return nil
			})
			sc.found = append(sc.found, ps)
		}
	}
	sc.done = true
}

// cellDistance is the least distance from p to a point of the cell, whose
// edge cells reach to infinity (positions off the grid are filed there).
func cellDistance(p core.PlanePosition, cell [2]byte) float64 {
	axis := func(v float64, c int) float64 {
		lo, hi := -1+float64(c)*CellSize, -1+float64(c+1)*CellSize
		if c == 0 {
			lo = math.Inf(-1)
		}
		if c == gridCells-1 {
			hi = math.Inf(1)
		}
		return max(lo-v, 0, v-hi)
	}
	if math.IsNaN(p.Real) || math.IsNaN(p.Imaginary) {
		return math.Inf(1)
	}
	return math.Hypot(axis(p.Real, int(cell[0]-'0')), axis(p.Imaginary, int(cell[1]-'0')))
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
	out, err := s.byIndex(join(prefixHash, escape(hash), ""))
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
func (s *Store) AppendToSession(sessionID string, changes []core.Change, report []byte) error {
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
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
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
			v, err := encodeValue(&prepared[i])
			if err != nil {
				return err
			}
			if err := txn.Set(journalKey(sessionID, uint64(sess.Changes+i)), v); err != nil {
				return err
			}
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
func (s *Store) ReplaceArtifacts(domains []string, arts []core.Artifact) error {
	if err := s.checkOpen(); err != nil {
		return err
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
var knowledgePrefixes = [][]byte{prefixPrimitive, prefixEdge, prefixReverse, prefixIndex, prefixRank, prefixConflict, prefixArtifact}

// Export writes a canonical dump of the store's knowledge (primitives,
// edges, indexes, rank, conflicts, artifacts; not sessions, journals and
// reports, which are history): one line per key in key order, key and value
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
