package store

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/dgraph-io/badger/v4"

	"github.com/lore-kb/lore/core"
)

// ProblemKind classifies an inconsistency found by Verify.
type ProblemKind string

// Problem kinds.
const (
	// ProblemCorruptValue: a value cannot be decoded.
	ProblemCorruptValue ProblemKind = "corrupt-value"
	// ProblemMalformedKey: a key does not follow the layout of its prefix.
	ProblemMalformedKey ProblemKind = "malformed-key"
	// ProblemIDMismatch: a record's id differs from the id in its key.
	ProblemIDMismatch ProblemKind = "id-mismatch"
	// ProblemDanglingEdge: a dependency targets a primitive that is not stored.
	ProblemDanglingEdge ProblemKind = "dangling-edge"
	// ProblemMissingEdge: a record's dependency has no forward edge key.
	ProblemMissingEdge ProblemKind = "missing-edge"
	// ProblemStaleEdge: a forward edge key matches no record's dependency.
	ProblemStaleEdge ProblemKind = "stale-edge"
	// ProblemMissingReverseEdge: a record's dependency has no reverse key.
	ProblemMissingReverseEdge ProblemKind = "missing-reverse-edge"
	// ProblemStaleReverseEdge: a reverse key matches no record's dependency.
	ProblemStaleReverseEdge ProblemKind = "stale-reverse-edge"
	// ProblemEdgeMismatch: an edge key's value differs from the record.
	ProblemEdgeMismatch ProblemKind = "edge-mismatch"
	// ProblemMissingIndex: a domain, type, keyword or rank entry a record
	// implies is absent.
	ProblemMissingIndex ProblemKind = "missing-index"
	// ProblemStaleIndex: an index entry matches no record.
	ProblemStaleIndex ProblemKind = "stale-index"
	// ProblemCycle: the dependency graph has a cycle.
	ProblemCycle ProblemKind = "cycle"
	// ProblemSessionIncomplete: a session is still journaling or committing
	// while no commit is running.
	ProblemSessionIncomplete ProblemKind = "session-incomplete"
	// ProblemJournalMismatch: a session's journal does not hold as many
	// changes as its record says.
	ProblemJournalMismatch ProblemKind = "journal-mismatch"
)

// MaxProblems caps the problems a report lists; the rest are only counted,
// so that a badly damaged store does not produce a report as big as itself.
const MaxProblems = 1000

// Problem is one inconsistency.
type Problem struct {
	Kind ProblemKind `json:"kind"`
	// Key is the offending key, binary parts escaped; empty when the
	// problem is about something missing that has no key yet.
	Key string `json:"key,omitempty"`
	// ID is the primitive or session concerned.
	ID     string `json:"id,omitempty"`
	Detail string `json:"detail"`
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(string(p.Kind))
	if p.ID != "" {
		b.WriteString(" " + p.ID)
	}
	if p.Key != "" {
		b.WriteString(" [" + p.Key + "]")
	}
	b.WriteString(": " + p.Detail)
	return b.String()
}

// VerifyReport is the outcome of Verify: what was checked and what is wrong.
type VerifyReport struct {
	Primitives     int `json:"primitives"`
	Edges          int `json:"edges"`
	ReverseEdges   int `json:"reverseEdges"`
	IndexEntries   int `json:"indexEntries"`
	Sessions       int `json:"sessions"`
	JournalEntries int `json:"journalEntries"`
	// Problems lists at most MaxProblems problems; ProblemCount counts all.
	Problems     []Problem `json:"problems"`
	ProblemCount int       `json:"problemCount"`
}

// OK reports whether no problem was found.
func (r *VerifyReport) OK() bool { return r.ProblemCount == 0 }

// Count returns how many listed problems are of kind k.
func (r *VerifyReport) Count(k ProblemKind) int {
	n := 0
	for _, p := range r.Problems {
		if p.Kind == k {
			n++
		}
	}
	return n
}

func (r *VerifyReport) add(kind ProblemKind, key []byte, id, format string, args ...any) {
	r.ProblemCount++
	if len(r.Problems) >= MaxProblems {
		return
	}
	p := Problem{Kind: kind, ID: id, Detail: fmt.Sprintf(format, args...)}
	if key != nil {
		p.Key = displayKey(key)
	}
	r.Problems = append(r.Problems, p)
}

// expectedEdge is one dependency a record implies, with whether its forward
// and reverse keys were seen.
type expectedEdge struct {
	target   string
	typ      core.EdgeType
	value    edgeValue
	fwd, rev bool
}

// summary is what Verify keeps of one record: enough to check every derived
// key against it without holding the full primitive.
type summary struct {
	domain     string
	typ        core.PrimitiveType
	importance int
	keywords   []string
	kwSeen     []bool
	edges      []expectedEdge
	domainSeen bool
	typeSeen   bool
	rankSeen   bool
}

func (sm *summary) edge(target string, t core.EdgeType) *expectedEdge {
	for i := range sm.edges {
		if sm.edges[i].target == target && sm.edges[i].typ == t {
			return &sm.edges[i]
		}
	}
	return nil
}

// Verify checks the store's integrity in one read snapshot: every derived
// key (edges, reverse edges, domain, type, keyword and rank entries) must
// match the primitive records exactly, no edge may point at a missing
// primitive, the dependency graph must be acyclic, and sessions must be
// finished with complete journals. It takes time linear in the store size
// and memory proportional to the number of primitives and edges. Session
// commits wait while it runs, so it never sees one half applied.
func (s *Store) Verify(ctx context.Context) (VerifyReport, error) {
	if err := s.checkOpen(); err != nil {
		return VerifyReport{}, err
	}
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	v := verifier{ctx: ctx, recs: make(map[string]*summary)}
	err := s.db.View(v.run)
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
		v.records, v.forwardEdges, v.reverseEdges,
		v.indexes, v.rank, v.missing, v.cycles, v.sessions,
	}
	for _, step := range steps {
		if err := step(txn); err != nil {
			return err
		}
	}
	return nil
}

func (v *verifier) records(txn *badger.Txn) error {
	it := txn.NewIterator(withValues(prefixPrimitive))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		if err := v.tick(); err != nil {
			return err
		}
		item := it.Item()
		key := item.KeyCopy(nil)
		id := string(key[len(prefixPrimitive):])
		var p core.Primitive
		if err := item.Value(func(b []byte) error { return decodeValue(key, b, &p) }); err != nil {
			v.rep.add(ProblemCorruptValue, key, id, "%v", err)
			continue
		}
		v.rep.Primitives++
		if err := validateID("primitive id", id); err != nil {
			v.rep.add(ProblemMalformedKey, key, id, "%v", err)
			continue
		}
		if p.ID != id {
			v.rep.add(ProblemIDMismatch, key, id, "record has id %q", p.ID)
			continue
		}
		sm := &summary{domain: p.Domain, typ: p.Type, importance: p.Importance(), keywords: keywordsOf(&p)}
		sm.kwSeen = make([]bool, len(sm.keywords))
		for _, e := range edgesOf(&p) {
			sm.edges = append(sm.edges, expectedEdge{
				target: e.Target, typ: e.Type,
				value: edgeValue{Strength: e.Strength, Description: e.Description},
			})
		}
		v.recs[id] = sm
	}
	return nil
}

// edgeKeys checks e/ or r/ keys against the records; fwd selects which.
func (v *verifier) edgeKeys(txn *badger.Txn, fwd bool) error {
	prefix, stale := prefixEdge, ProblemStaleEdge
	if !fwd {
		prefix, stale = prefixReverse, ProblemStaleReverseEdge
	}
	it := txn.NewIterator(withValues(prefix))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		if err := v.tick(); err != nil {
			return err
		}
		item := it.Item()
		key := item.KeyCopy(nil)
		if fwd {
			v.rep.Edges++
		} else {
			v.rep.ReverseEdges++
		}
		a, b, t, err := parseEdgeKey(prefix, key)
		if err != nil {
			v.rep.add(ProblemMalformedKey, key, "", "%v", err)
			continue
		}
		from, to := a, b
		if !fwd {
			from, to = b, a
		}
		var val edgeValue
		if err := item.Value(func(b []byte) error { return decodeValue(key, b, &val) }); err != nil {
			v.rep.add(ProblemCorruptValue, key, from, "%v", err)
			continue
		}
		sm := v.recs[from]
		if sm == nil {
			v.rep.add(stale, key, from, "edge %s→%s (%s) from a primitive that is not stored", from, to, t)
			continue
		}
		e := sm.edge(to, t)
		if e == nil {
			v.rep.add(stale, key, from, "%s has no %s dependency on %s", from, t, to)
			continue
		}
		if val != e.value {
			v.rep.add(ProblemEdgeMismatch, key, from, "key holds strength %g, record %g", val.Strength, e.value.Strength)
		}
		if fwd {
			e.fwd = true
		} else {
			e.rev = true
		}
	}
	return nil
}

func (v *verifier) forwardEdges(txn *badger.Txn) error { return v.edgeKeys(txn, true) }
func (v *verifier) reverseEdges(txn *badger.Txn) error { return v.edgeKeys(txn, false) }

func (v *verifier) indexes(txn *badger.Txn) error {
	it := txn.NewIterator(keyOnly(prefixIndex))
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		if err := v.tick(); err != nil {
			return err
		}
		key := it.Item().KeyCopy(nil)
		v.rep.IndexEntries++
		var prefix []byte
		switch {
		case bytes.HasPrefix(key, prefixDomain):
			prefix = prefixDomain
		case bytes.HasPrefix(key, prefixType):
			prefix = prefixType
		case bytes.HasPrefix(key, prefixKeyword):
			prefix = prefixKeyword
		default:
			v.rep.add(ProblemMalformedKey, key, "", "unknown index")
			continue
		}
		value, id, err := parseIndexKey(prefix, key)
		if err != nil {
			v.rep.add(ProblemMalformedKey, key, "", "%v", err)
			continue
		}
		sm := v.recs[id]
		if sm == nil {
			v.rep.add(ProblemStaleIndex, key, id, "index entry for a primitive that is not stored")
			continue
		}
		ok := false
		switch {
		case bytes.Equal(prefix, prefixDomain):
			ok = value == sm.domain
			sm.domainSeen = sm.domainSeen || ok
		case bytes.Equal(prefix, prefixType):
			ok = value == string(sm.typ)
			sm.typeSeen = sm.typeSeen || ok
		default:
			if i := slices.Index(sm.keywords, value); i >= 0 {
				ok, sm.kwSeen[i] = true, true
			}
		}
		if !ok {
			v.rep.add(ProblemStaleIndex, key, id, "record does not have %q", value)
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
		key := it.Item().KeyCopy(nil)
		v.rep.IndexEntries++
		imp, id, err := parseRankKey(key)
		if err != nil {
			v.rep.add(ProblemMalformedKey, key, "", "%v", err)
			continue
		}
		sm := v.recs[id]
		switch {
		case sm == nil:
			v.rep.add(ProblemStaleIndex, key, id, "rank entry for a primitive that is not stored")
		case sm.importance != imp:
			v.rep.add(ProblemStaleIndex, key, id, "rank entry says importance %d, record %d", imp, sm.importance)
		default:
			sm.rankSeen = true
		}
	}
	return nil
}

// missing reports what the records imply but the scans did not find, in id
// order so reports are reproducible.
func (v *verifier) missing(*badger.Txn) error {
	for _, id := range v.sortedIDs() {
		sm := v.recs[id]
		if !sm.domainSeen {
			v.rep.add(ProblemMissingIndex, domainKey(sm.domain, id), id, "no domain entry for %q", sm.domain)
		}
		if !sm.typeSeen {
			v.rep.add(ProblemMissingIndex, typeKey(sm.typ, id), id, "no type entry for %q", sm.typ)
		}
		if !sm.rankSeen {
			v.rep.add(ProblemMissingIndex, rankKey(sm.importance, id), id, "no rank entry for importance %d", sm.importance)
		}
		for i, kw := range sm.keywords {
			if !sm.kwSeen[i] {
				v.rep.add(ProblemMissingIndex, keywordKey(kw, id), id, "no keyword entry for %q", kw)
			}
		}
		for _, e := range sm.edges {
			if _, ok := v.recs[e.target]; !ok {
				v.rep.add(ProblemDanglingEdge, edgeKey(id, e.target, e.typ), id,
					"%s depends on %s (%s), which is not stored", id, e.target, e.typ)
			}
			if !e.fwd {
				v.rep.add(ProblemMissingEdge, edgeKey(id, e.target, e.typ), id, "no forward edge to %s (%s)", e.target, e.typ)
			}
			if !e.rev {
				v.rep.add(ProblemMissingReverseEdge, reverseKey(e.target, id, e.typ), id, "no reverse edge from %s (%s)", e.target, e.typ)
			}
		}
	}
	return nil
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
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, len(ids))
	type frame struct{ node, next int }
	var stack []frame
	for root := range ids {
		if color[root] != white {
			continue
		}
		stack = append(stack[:0], frame{root, 0})
		color[root] = grey
		for len(stack) > 0 {
			if err := v.tick(); err != nil {
				return err
			}
			top := &stack[len(stack)-1]
			if top.next == len(adj[top.node]) {
				color[top.node] = black
				stack = stack[:len(stack)-1]
				continue
			}
			next := adj[top.node][top.next]
			top.next++
			switch color[next] {
			case white:
				color[next] = grey
				stack = append(stack, frame{next, 0})
			case grey:
				// The grey nodes on the stack from next onwards form the cycle.
				var path []string
				for i := len(stack) - 1; i >= 0; i-- {
					path = append(path, ids[stack[i].node])
					if stack[i].node == next {
						break
					}
				}
				slices.Reverse(path)
				v.rep.add(ProblemCycle, nil, ids[next], "dependency cycle of %d primitives: %s",
					len(path), cyclePath(path))
				return nil
			}
		}
	}
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
			v.rep.add(ProblemCorruptValue, key, "", "%v", err)
			continue
		}
		v.rep.Sessions++
		if sess.State == core.SessionJournaling || sess.State == core.SessionCommitting {
			v.rep.add(ProblemSessionIncomplete, key, sess.ID, "session is %s", sess.State)
		}
		sessions = append(sessions, want{sess.ID, sess.Changes})
	}
	for _, w := range sessions {
		if validateID("session id", w.id) != nil {
			continue
		}
		n, err := countPrefix(txn, journalPrefix(w.id))
		if err != nil {
			return err
		}
		v.rep.JournalEntries += n
		if n != w.n {
			v.rep.add(ProblemJournalMismatch, journalPrefix(w.id), w.id, "journal holds %d changes, session record %d", n, w.n)
		}
	}
	return nil
}

// cyclePath renders a cycle closed on its first node, eliding the middle of
// long ones so that a report stays readable.
func cyclePath(path []string) string {
	const keep = 8
	closed := append(slices.Clip(path), path[0])
	if len(closed) <= 2*keep+1 {
		return strings.Join(closed, " → ")
	}
	return strings.Join(closed[:keep], " → ") + " → … → " + strings.Join(closed[len(closed)-keep:], " → ")
}
