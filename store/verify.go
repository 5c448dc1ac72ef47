package store

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/dedup"
	"github.com/lore-kb/lore/core/skills"
	"github.com/lore-kb/lore/store/backend"
)

// The report of Verify is the store contract's (backend.VerifyReport), so
// that lore store verify prints one shape whichever backend it checks.
type (
	// ProblemKind classifies an inconsistency found by Verify.
	ProblemKind = backend.ProblemKind
	// Problem is one inconsistency.
	Problem = backend.Problem
	// VerifyReport is the outcome of Verify: what was checked and what is
	// wrong.
	VerifyReport = backend.VerifyReport
)

// Problem kinds (see backend's).
const (
	ProblemCorruptValue       = backend.ProblemCorruptValue
	ProblemMalformedKey       = backend.ProblemMalformedKey
	ProblemIDMismatch         = backend.ProblemIDMismatch
	ProblemDanglingEdge       = backend.ProblemDanglingEdge
	ProblemMissingReverseEdge = backend.ProblemMissingReverseEdge
	ProblemStaleReverseEdge   = backend.ProblemStaleReverseEdge
	ProblemEdgeMismatch       = backend.ProblemEdgeMismatch
	ProblemMissingIndex       = backend.ProblemMissingIndex
	ProblemStaleIndex         = backend.ProblemStaleIndex
	ProblemMissingEdge        = backend.ProblemMissingEdge
	ProblemCycle              = backend.ProblemCycle
	ProblemSessionIncomplete  = backend.ProblemSessionIncomplete
	ProblemJournalMismatch    = backend.ProblemJournalMismatch
	ProblemDamagedTable       = backend.ProblemDamagedTable
	ProblemUnpublished        = backend.ProblemUnpublished
	ProblemArtifact           = backend.ProblemArtifact
)

// MaxProblems caps the problems a report lists (backend.MaxProblems).
const MaxProblems = backend.MaxProblems

// addProblem records a problem at key (nil: none), its binary parts
// escaped.
func addProblem(r *VerifyReport, kind ProblemKind, key []byte, id, format string, args ...any) {
	k := ""
	if key != nil {
		k = displayKey(key)
	}
	r.AddAt(kind, k, id, format, args...)
}

// expectedEdge is one dependency a record implies, with whether its reverse
// key was seen.
type expectedEdge struct {
	target string
	typ    core.EdgeType
	// typKey is the edge type as it appears in keys (escaped).
	typKey string
	// value is the encoded value the reverse key must hold.
	value []byte
	rev   bool
}

// summary is what Verify keeps of one record: enough to check every derived
// key against it without holding the full primitive. Free-text values are
// kept escaped, as they appear in keys, so that the scans compare key bytes
// without decoding them.
type summary struct {
	domain string
	typ    core.PrimitiveType
	// dtValue is the escaped domain and type as the domain-type key
	// holds them.
	dtValue    string
	importance int
	keywords   []string
	kwKeys     []string
	kwSeen     []bool
	plane      core.PlanePosition
	posting    []byte
	hash       string
	hashSeen   bool
	name       string
	nameValue  string
	nameSeen   bool
	edges      []expectedEdge
	// prereqs are the record's prerequisites (names).
	prereqs  []string
	dtSeen   bool
	rankSeen bool
	// dedup is the dedup record the record implies.
	dedup     []byte
	dedupSeen bool
}

func (sm *summary) edge(target, typKey []byte) *expectedEdge {
	for i := range sm.edges {
		if sm.edges[i].target == string(target) && sm.edges[i].typKey == string(typKey) {
			return &sm.edges[i]
		}
	}
	return nil
}

// Verify checks the store's integrity in one read snapshot: every derived
// key (reverse edges, domain-type, keyword, hash, name and rank entries) must
// match the primitive records exactly, no edge may point at a missing
// primitive, the dependency graph must be acyclic, and sessions must be
// finished with complete journals whose every entry decodes. It takes time
// linear in the store size and memory proportional to the number of
// primitives and edges. Session commits wait while it runs, so it never sees
// one half applied.
func (s *Store) Verify(ctx context.Context) (_ VerifyReport, err error) {
	if err := s.checkOpen(); err != nil {
		return VerifyReport{}, err
	}
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	// A damaged block panics in Badger's reads; it is reported, not a crash.
	defer s.recoverDamage(&err)
	v := verifier{ctx: ctx, recs: make(map[string]*summary)}
	if !s.opts.inMemory {
		if cerr := s.db.VerifyChecksum(); cerr != nil {
			addProblem(&v.rep, ProblemDamagedTable, nil, "", "%v", cerr)
		}
	}
	err = s.db.View(v.run)
	if err != nil {
		return VerifyReport{}, fmt.Errorf("verify store %s: %w", s.path, err)
	}
	return v.rep, nil
}

type verifier struct {
	ctx  context.Context
	rep  VerifyReport
	recs map[string]*summary
	n    int
}

func (v *verifier) tick() error {
	v.n++
	return ctxErr(v.ctx, v.n)
}

func (v *verifier) run(txn *badger.Txn) error {
	steps := []func(*badger.Txn) error{
		v.records, v.reverseEdges,
		v.indexes, v.rank, v.dedupRecords, v.missing, v.prerequisites, v.cycles, v.sessions, v.skills, v.publications,
	}
	for _, step := range steps {
		if err := step(txn); err != nil {
			return err
		}
	}
	return nil
}

// rawRecord is a p/ entry copied out of the iterator, so that it can be
// decoded on another goroutine.
type rawRecord struct{ key, val []byte }

// summarized is the outcome of decoding one record: a summary, or the
// problem that prevented one.
type summarized struct {
	id      string
	sm      *summary
	decoded bool
	kind    ProblemKind
	detail  string
}

// summarize decodes one record; it touches no shared state, so records are
// decoded in parallel.
func summarize(r rawRecord) summarized {
	out := summarized{id: string(r.key[len(prefixPrimitive):])}
	var p core.Primitive
	if err := decodeValue(r.key, r.val, &p); err != nil {
		out.kind, out.detail = ProblemCorruptValue, err.Error()
		return out
	}
	out.decoded = true
	if err := validateID("primitive id", out.id); err != nil {
		out.kind, out.detail = ProblemMalformedKey, err.Error()
		return out
	}
	if p.ID != out.id {
		out.kind, out.detail = ProblemIDMismatch, fmt.Sprintf("record has id %q", p.ID)
		return out
	}
	sm := &summary{
		domain: p.Domain, typ: p.Type,
		dtValue:    domainTypeValue(p.Domain, p.Type),
		importance: p.Importance(), keywords: keywordsOf(&p),
	}
	sm.kwSeen = make([]bool, len(sm.keywords))
	sm.kwKeys = make([]string, len(sm.keywords))
	for i, kw := range sm.keywords {
		sm.kwKeys[i] = keywordCellValue(kw, p.Plane)
	}
	sm.plane, sm.hash = p.Plane, p.Provenance.ContentHash
	sm.posting = postingValue(p.Plane, dedup.KeywordSignature(sm.keywords))
	sm.name, sm.nameValue = p.Name, nameValue(p.Name)
	sm.dedup = dedupRecord(&p)
	sm.prereqs = p.Prerequisites
	for _, e := range edgesOf(&p) {
		val, err := encodeEdge(e)
		if err != nil {
			out.kind, out.detail = ProblemCorruptValue, fmt.Sprintf("edge to %s cannot be encoded: %v", e.Target, err)
			return out
		}
		sm.edges = append(sm.edges, expectedEdge{
			target: e.Target, typ: e.Type, typKey: escape(string(e.Type)), value: val,
		})
	}
	out.sm = sm
	return out
}

// records decodes every primitive. Decoding JSON is most of Verify's cost,
// so one goroutine iterates while the others decode.
func (v *verifier) records(txn *badger.Txn) error {
	const chunk = 1024
	it := txn.NewIterator(withValues(prefixPrimitive))
	defer it.Close()
	it.Rewind()
	produce := func() ([]rawRecord, bool, error) {
		if !it.Valid() {
			return nil, true, nil
		}
		if err := v.ctx.Err(); err != nil {
			return nil, false, err
		}
		out := make([]rawRecord, 0, chunk)
		for ; it.Valid() && len(out) < chunk; it.Next() {
			item := it.Item()
			val, err := item.ValueCopy(nil)
			if err != nil {
				return nil, false, fmt.Errorf("read %s: %w", displayKey(item.Key()), err)
			}
			out = append(out, rawRecord{item.KeyCopy(nil), val})
		}
		return out, false, nil
	}
	consume := func(raws []rawRecord) error {
		results := make([]summarized, len(raws))
		parallel(len(raws), func(i int) { results[i] = summarize(raws[i]) })
		for i, r := range results {
			if r.decoded {
				v.rep.Primitives++
			}
			if r.sm == nil {
				addProblem(&v.rep, r.kind, raws[i].key, r.id, "%s", r.detail)
				continue
			}
			v.recs[r.id] = r.sm
			v.rep.Edges += len(r.sm.edges)
		}
		return nil
	}
	return pipe(produce, consume)
}

// parallel calls fn for 0..n-1 spread over GOMAXPROCS goroutines.
func parallel(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	per := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += per {
		hi := min(lo+per, n)
		wg.Go(func() {
			for i := lo; i < hi; i++ {
				fn(i)
			}
		})
	}
	wg.Wait()
}

// splitEdgeKey cuts <prefix><a>/<b>/<escaped type> without allocating.
func splitEdgeKey(prefix, key []byte) (a, b, t []byte, ok bool) {
	rest := key[len(prefix):]
	i := bytes.IndexByte(rest, sep)
	if i <= 0 {
		return nil, nil, nil, false
	}
	a, rest = rest[:i], rest[i+1:]
	j := bytes.IndexByte(rest, sep)
	if j <= 0 {
		return nil, nil, nil, false
	}
	b, t = rest[:j], rest[j+1:]
	if bytes.IndexByte(t, sep) >= 0 {
		return nil, nil, nil, false
	}
	return a, b, t, true
}

// reverseEdges checks the r/ keys against the records.
func (v *verifier) reverseEdges(txn *badger.Txn) error {
	prefix := prefixReverse
	it := txn.NewIterator(withValues(prefix))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		if err := v.tick(); err != nil {
			return err
		}
		item := it.Item()
		key := item.Key()
		v.rep.ReverseEdges++
		to, from, tk, ok := splitEdgeKey(prefix, key)
		if !ok {
			addProblem(&v.rep, ProblemMalformedKey, key, "", "%s: %v", displayKey(key), errMalformedKey)
			continue
		}
		sm := v.recs[string(from)]
		var e *expectedEdge
		if sm != nil {
			e = sm.edge(to, tk)
		}
		if e == nil {
			_, _, t, err := parseEdgeKey(prefix, key)
			switch {
			case err != nil:
				addProblem(&v.rep, ProblemMalformedKey, key, string(from), "%v", err)
			case sm == nil:
				addProblem(&v.rep, ProblemStaleReverseEdge, key, string(from), "edge %s→%s (%s) from a primitive that is not stored", from, to, t)
			default:
				addProblem(&v.rep, ProblemStaleReverseEdge, key, string(from), "%s has no %s dependency on %s", from, t, to)
			}
			continue
		}
		var problem error
		err := item.Value(func(got []byte) error {
			if !bytes.Equal(got, e.value) {
				problem = compareEdgeValues(key, got, e.value)
			}
			return nil
		})
		if err != nil {
			return err
		}
		if problem != nil {
			kind := ProblemEdgeMismatch
			if errors.Is(problem, ErrCorrupt) || errors.Is(problem, ErrUnknownCodec) {
				kind = ProblemCorruptValue
			}
			addProblem(&v.rep, kind, key, string(from), "%v", problem)
		}
		e.rev = true
	}
	return nil
}

// compareEdgeValues is the slow path for edge values whose bytes differ
// from what the record implies: a value written by another codec version
// may still mean the same.
func compareEdgeValues(key, got, want []byte) error {
	var g, w edgeValue
	if err := decodeValue(key, got, &g); err != nil {
		return err
	}
	if err := decodeValue(key, want, &w); err != nil {
		return err
	}
	if g != w {
		return fmt.Errorf("key holds strength %g, record %g", g.Strength, w.Strength)
	}
	return nil
}

func (v *verifier) indexes(txn *badger.Txn) error {
	it := txn.NewIterator(keyOnly(prefixIndex))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		if err := v.tick(); err != nil {
			return err
		}
		key := it.Item().Key()
		v.rep.IndexEntries++
		var prefix []byte
		switch {
		case bytes.HasPrefix(key, prefixDomainType):
			prefix = prefixDomainType
		case bytes.HasPrefix(key, prefixKeyword):
			prefix = prefixKeyword
		case bytes.HasPrefix(key, prefixHash):
			prefix = prefixHash
		case bytes.HasPrefix(key, prefixHexHash):
			prefix = prefixHexHash
		case bytes.HasPrefix(key, prefixName):
			prefix = prefixName
		default:
			addProblem(&v.rep, ProblemMalformedKey, key, "", "unknown index")
			continue
		}
		rest := key[len(prefix):]
		i := bytes.LastIndexByte(rest, sep)
		if i < 0 || i == len(rest)-1 {
			addProblem(&v.rep, ProblemMalformedKey, key, "", "%s: %v", displayKey(key), errMalformedKey)
			continue
		}
		value, id := rest[:i], rest[i+1:]
		sm := v.recs[string(id)]
		if sm == nil {
			addProblem(&v.rep, ProblemStaleIndex, key, string(id), "index entry for a primitive that is not stored")
			continue
		}
		ok := false
		switch {
		case bytes.Equal(prefix, prefixDomainType):
			ok = string(value) == sm.dtValue
			sm.dtSeen = sm.dtSeen || ok
		case bytes.Equal(prefix, prefixHash), bytes.Equal(prefix, prefixHexHash):
			ok = sm.hash != "" && bytes.Equal(key[:len(prefix)+i+1], hashPrefix(sm.hash))
			sm.hashSeen = sm.hashSeen || ok
		case bytes.Equal(prefix, prefixName):
			ok = sm.nameValue != "" && string(value) == sm.nameValue
			sm.nameSeen = sm.nameSeen || ok
		default:
			for j, kw := range sm.kwKeys {
				if kw == string(value) {
					ok, sm.kwSeen[j] = true, true
					break
				}
			}
			if ok {
				var bad bool
				// The value must be the record's position and keyword
				// signature.
				err := it.Item().Value(func(val []byte) error {
					bad = !bytes.Equal(val, sm.posting)
					return nil
				})
				if err != nil {
					return err
				}
				if bad {
					addProblem(&v.rep, ProblemStaleIndex, key, string(id), "keyword posting holds another position or keyword signature than the record's (position %s)", sm.plane)
				}
			}
		}
		if !ok {
			shown, err := unescape(string(value))
			if err != nil {
				shown = string(value)
			}
			if bytes.Equal(prefix, prefixHexHash) {
				shown = hex.EncodeToString(value)
			}
			addProblem(&v.rep, ProblemStaleIndex, key, string(id), "record does not have %q", shown)
		}
	}
	return nil
}

func (v *verifier) rank(txn *badger.Txn) error {
	it := txn.NewIterator(keyOnly(prefixRank))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		if err := v.tick(); err != nil {
			return err
		}
		key := it.Item().Key()
		v.rep.IndexEntries++
		imp, id, err := parseRankKey(key)
		if err != nil {
			addProblem(&v.rep, ProblemMalformedKey, key, "", "%v", err)
			continue
		}
		sm := v.recs[id]
		switch {
		case sm == nil:
			addProblem(&v.rep, ProblemStaleIndex, key, id, "rank entry for a primitive that is not stored")
		case sm.importance != imp:
			addProblem(&v.rep, ProblemStaleIndex, key, id, "rank entry says importance %d, record %d", imp, sm.importance)
		case imp == 0:
			addProblem(&v.rep, ProblemStaleIndex, key, id, "rank entry for importance 0, which is not ranked")
		default:
			sm.rankSeen = true
		}
	}
	return nil
}

// dedupRecords checks every dedup record against the one its primitive
// implies, byte for byte (the encoding is deterministic).
func (v *verifier) dedupRecords(txn *badger.Txn) error {
	it := txn.NewIterator(withValues(prefixDedup))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		if err := v.tick(); err != nil {
			return err
		}
		item := it.Item()
		key := item.Key()
		v.rep.DedupRecords++
		id := string(key[len(prefixDedup):])
		if err := validateID("primitive id", id); err != nil {
			addProblem(&v.rep, ProblemMalformedKey, key, "", "%v", err)
			continue
		}
		sm := v.recs[id]
		if sm == nil {
			addProblem(&v.rep, ProblemStaleIndex, key, id, "dedup record for a primitive that is not stored")
			continue
		}
		var decodeErr error
		var same bool
		err := item.Value(func(val []byte) error {
			same = bytes.Equal(val, sm.dedup)
			if !same {
				_, decodeErr = decodeDedupRecord(id, key, val)
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("read %s: %w", displayKey(key), err)
		}
		switch {
		case decodeErr != nil:
			addProblem(&v.rep, ProblemCorruptValue, key, id, "%v", decodeErr)
		case !same:
			addProblem(&v.rep, ProblemStaleIndex, key, id, "dedup record differs from what the record implies")
		default:
			sm.dedupSeen = true
		}
	}
	return nil
}

// missing reports what the records imply but the scans did not find, in id
// order so reports are reproducible.
func (v *verifier) missing(*badger.Txn) error {
	for _, id := range v.sortedIDs() {
		sm := v.recs[id]
		if !sm.dtSeen {
			addProblem(&v.rep, ProblemMissingIndex, domainTypeKey(sm.domain, sm.typ, id), id, "no domain-type entry for %q, %q", sm.domain, sm.typ)
		}
		if !sm.rankSeen && sm.importance > 0 {
			addProblem(&v.rep, ProblemMissingIndex, rankKey(sm.importance, id), id, "no rank entry for importance %d", sm.importance)
		}
		for i, kw := range sm.keywords {
			if !sm.kwSeen[i] {
				addProblem(&v.rep, ProblemMissingIndex, keywordKey(kw, sm.plane, id), id, "no keyword entry for %q", kw)
			}
		}
		if sm.hash != "" && !sm.hashSeen {
			addProblem(&v.rep, ProblemMissingIndex, hashKey(sm.hash, id), id, "no content-hash entry")
		}
		if !sm.dedupSeen {
			addProblem(&v.rep, ProblemMissingIndex, dedupKey(id), id, "no dedup record")
		}
		if sm.nameValue != "" && !sm.nameSeen {
			addProblem(&v.rep, ProblemMissingIndex, nameKey(sm.name, id), id, "no name entry for %q", sm.name)
		}
		for _, e := range sm.edges {
			if _, ok := v.recs[e.target]; !ok {
				addProblem(&v.rep, ProblemDanglingEdge, primitiveKey(id), id,
					"%s depends on %s (%s), which is not stored", id, e.target, e.typ)
			}
			if !e.rev {
				addProblem(&v.rep, ProblemMissingReverseEdge, reverseKey(e.target, id, e.typ), id, "no reverse edge from %s (%s)", e.target, e.typ)
			}
		}
	}
	return nil
}

// prerequisites reports the prerequisites that name stored primitives the
// record has no edge to: the edge was lost (a conflict resolved before
// resolutions were wired, an interrupted repair). A name held by several
// primitives is satisfied by an edge to any of them; one whose every holder
// depends on the record already is not reported, since its edge would
// close a cycle.
func (v *verifier) prerequisites(*badger.Txn) error {
	byName := map[string][]string{}
	ids := v.sortedIDs()
	for _, id := range ids {
		if n := v.recs[id].name; n != "" {
			byName[n] = append(byName[n], id)
		}
	}
	for _, id := range ids {
		sm := v.recs[id]
		for _, n := range sm.prereqs {
			holders := slices.DeleteFunc(slices.Clone(byName[n]), func(h string) bool { return h == id })
			if len(holders) == 0 || slices.ContainsFunc(sm.edges, func(e expectedEdge) bool { return slices.Contains(holders, e.target) }) {
				continue
			}
			if err := v.tick(); err != nil {
				return err
			}
			if !slices.ContainsFunc(holders, func(h string) bool { return !v.reaches(h, id) }) {
				continue
			}
			addProblem(&v.rep, ProblemMissingEdge, primitiveKey(id), id,
				"%s lists %q as a prerequisite but has no edge to %s", id, n, strings.Join(holders, " or "))
		}
	}
	return nil
}

// reaches reports whether a path of stored edges leads from one id to
// another.
func (v *verifier) reaches(from, to string) bool {
	seen := map[string]bool{from: true}
	stack := []string{from}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if id == to {
			return true
		}
		if sm := v.recs[id]; sm != nil {
			for _, e := range sm.edges {
				if !seen[e.target] {
					seen[e.target] = true
					stack = append(stack, e.target)
				}
			}
		}
	}
	return false
}

func (v *verifier) sortedIDs() []string {
	ids := make([]string, 0, len(v.recs))
	for id := range v.recs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// cycles runs an iterative depth-first search (no recursion, so deep chains
// cannot overflow the stack) over edges between stored primitives, in linear
// time, and reports the first cycle found as a path.
func (v *verifier) cycles(*badger.Txn) error {
	ids := v.sortedIDs()
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		index[id] = i
	}
	adj := make([][]int, len(ids))
	for i, id := range ids {
		for _, e := range v.recs[id].edges {
			if j, ok := index[e.target]; ok {
				adj[i] = append(adj[i], j)
			}
		}
	}
	cycle, err := backend.FirstCycle(adj, v.tick)
	if err != nil || cycle == nil {
		return err
	}
	path := make([]string, len(cycle))
	for i, n := range cycle {
		path[i] = ids[n]
	}
	addProblem(&v.rep, ProblemCycle, nil, path[0], "dependency cycle of %d primitives: %s", len(path), backend.CyclePath(path))
	return nil
}

func (v *verifier) sessions(txn *badger.Txn) error {
	it := txn.NewIterator(withValues(prefixSession))
	defer it.Close()
	type want struct {
		id string
		n  int
	}
	var sessions []want
	for it.Rewind(); it.Valid(); it.Next() {
		item := it.Item()
		key := item.KeyCopy(nil)
		var sess core.Session
		if err := item.Value(func(b []byte) error { return decodeValue(key, b, &sess) }); err != nil {
			addProblem(&v.rep, ProblemCorruptValue, key, "", "%v", err)
			continue
		}
		v.rep.Sessions++
		if sess.State == core.SessionJournaling || sess.State == core.SessionCommitting {
			addProblem(&v.rep, ProblemSessionIncomplete, key, sess.ID, "session is %s", sess.State)
		}
		sessions = append(sessions, want{sess.ID, sess.Changes})
	}
	for _, w := range sessions {
		if validateID("session id", w.id) != nil {
			continue
		}
		n, err := v.journal(txn, w.id)
		if err != nil {
			return err
		}
		v.rep.JournalEntries += n
		if n != w.n {
			addProblem(&v.rep, ProblemJournalMismatch, journalPrefix(w.id), w.id, "journal holds %d changes, session record %d", n, w.n)
		}
	}
	return nil
}

// journal decodes every entry of session id's journal, so that a damaged
// changeset is reported now rather than when an unlearn or a roll-forward
// needs it, checks that the entries follow each other without a gap, and
// returns how many changes they hold. Values are read in order and decoded
// in parallel, a batch at a time.
func (v *verifier) journal(txn *badger.Txn, id string) (int, error) {
	const batch = 64
	type entry struct {
		key, val []byte
		n        int
		err      error
	}
	prefix := journalPrefix(id)
	it := txn.NewIterator(withValues(prefix))
	defer it.Close()
	entries := make([]entry, 0, batch)
	decode := func() {
		parallel(len(entries), func(i int) {
			e := &entries[i]
			_, e.err = decodeJournalEntry(e.key, e.val, e.n)
		})
		for _, e := range entries {
			if e.err != nil {
				addProblem(&v.rep, ProblemCorruptValue, e.key, id, "%v", e.err)
			}
		}
		entries = entries[:0]
	}
	total, next := 0, uint64(0)
	for it.Rewind(); it.Valid(); it.Next() {
		if err := v.tick(); err != nil {
			return 0, err
		}
		item := it.Item()
		key := item.KeyCopy(nil)
		seq, n, err := parseJournalKey(prefix, key)
		if err != nil {
			addProblem(&v.rep, ProblemMalformedKey, key, id, "%v", err)
			continue
		}
		if seq != next {
			addProblem(&v.rep, ProblemJournalMismatch, key, id, "entry starts at change %d, but the entries before it end at %d", seq, next)
		}
		next, total = seq+uint64(n), total+n
		val, err := item.ValueCopy(nil)
		if err != nil {
			return 0, fmt.Errorf("read %s: %w", displayKey(key), err)
		}
		entries = append(entries, entry{key: key, val: val, n: n})
		if len(entries) == batch {
			decode()
		}
	}
	decode()
	return total, nil
}

// skills checks the skill library: every record decodes, its key is the
// one it is stored under, and its content hash matches its content (a
// mismatch means the record was altered outside lore, and versions keyed by
// hash would no longer tell contents apart).
func (v *verifier) skills(txn *badger.Txn) error {
	it := txn.NewIterator(withValues(prefixSkill))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		if err := v.tick(); err != nil {
			return err
		}
		item := it.Item()
		key := item.KeyCopy(nil)
		var sk skills.Skill
		if err := item.Value(func(b []byte) error { return decodeValue(key, b, &sk) }); err != nil {
			addProblem(&v.rep, ProblemCorruptValue, key, "", "%v", err)
			continue
		}
		v.rep.Skills++
		if !bytes.Equal(skillKey(sk.Key), key) {
			addProblem(&v.rep, ProblemIDMismatch, key, sk.Key, "skill record has key %q", sk.Key)
		}
		if h := skills.ContentHash(sk.Content); h != sk.Hash {
			addProblem(&v.rep, ProblemCorruptValue, key, sk.Key, "content hash %.12s… differs from the recorded %.12s…", h, sk.Hash)
		}
	}
	return nil
}

// publications reports the sessions whose artifacts are still to be
// written: the next writable open finishes them, so while a process holds
// one, the library and the files lag behind the session's report.
func (v *verifier) publications(txn *badger.Txn) error {
	it := txn.NewIterator(keyOnly(prefixPublication))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		key := it.Item().KeyCopy(nil)
		session := string(key[len(prefixPublication):])
		addProblem(&v.rep, ProblemUnpublished, key, session,
			"the artifacts of session %s were not written (interrupted after its commit); the next lore command that opens the store for writing writes them", session)
	}
	return nil
}
