package merge

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// The comparator's verdicts (the reference's thresholds) measure how much
// two statements share in wording: 15% of their tokens and 20% of their
// keywords are enough for "overlapping". Across sources that share a
// register — two RFCs, two textbooks — that much is shared by unrelated
// statements ("the X MUST be …", "let … be a …"), and a person was asked to
// choose between "Cache Must Obey Requirements" and "Frame Must Be
// Handled". A conflict, a generalization (which rewrites the stored
// statement) and a specialization (an edge of strength 1) all claim that
// the two are about the same thing; sameSubject asks for evidence of that
// beyond wording: the names share a word that says what they are about.

// kindWords name what sort of result a primitive is, or how a requirement
// binds, and so say nothing of its subject ("Lemma 2.1", "Client MUST …").
var kindWords = map[string]bool{}

// partyWords name the parties of a protocol. A spec's requirements are
// nearly all addressed to a sender, a recipient, a client or a server, so
// two requirement names sharing one ("Sender includes a warn-date …",
// "Fragments are delivered in the order sent by the sender") say who acts,
// not what about. Unlike a kind word, a party is still something a name
// says: "User agent informs the user" is not a name without a subject.
var partyWords = map[string]bool{}

func init() {
	for _, w := range []string{
		"definition", "theorem", "lemma", "proposition", "corollary", "remark", "example", "exercise",
		"axiom", "algorithm", "claim", "fact", "observation", "conjecture", "rule", "law", "principle",
		"property", "properties", "formula", "identity", "technique", "step", "procedure", "method",
		"must", "shall", "should", "may", "never", "required", "requires", "recommended", "optional",
		"not", "only", "informally", "formally", "part", "case", "basic", "general", "note",
	} {
		kindWords[text.Stem(w)] = true
	}
	for _, w := range []string{
		"sender", "recipient", "receiver", "client", "server", "peer", "endpoint", "party", "user",
		"agent", "implementation", "application", "intermediary", "requester", "responder", "initiator",
	} {
		partyWords[text.Stem(w)] = true
	}
}

// subjectStems are the stems of the words of a primitive's name that can
// say what it is about: term words (no stopwords, discourse words or
// numbers) that do not name a kind of result, a requirement's force or a
// party. parties says whether the name names a party.
func subjectStems(name string) (out map[string]bool, parties bool) {
	out = map[string]bool{}
	for _, w := range text.Words(name) {
		if !text.IsTermWord(w) {
			continue
		}
		switch s := text.Stem(w); {
		case partyWords[s]:
			parties = true
		case !kindWords[s]:
			out[s] = true
		}
	}
	return out, parties
}

// sameSubject reports whether cand and existing are about the same thing:
// their names share a subject word and their statements half of the
// shorter one's subject words, or most of what the shorter statement is
// about is in the other too (a monoid and a group: set, associative,
// operation, identity). Two names that are one (sameName) are
// the same subject. A name without any subject word ("Lemma 3") says
// nothing either way, and the wording's verdict stands.
func sameSubject(cand, existing *core.Primitive) bool {
	if sameName(cand, existing) {
		// One name in one domain is one concept (see text.NameKey),
		// whatever either statement points at.
		return true
	}
	if cand.Provenance.Whole() != existing.Provenance.Whole() &&
		(contextBound(cand.FormalStatement) || contextBound(existing.FormalStatement)) {
		// "The value of this header field MUST be 13": what "this"
		// points at is in its own document, so another document's
		// statement cannot be about the same thing by its wording.
		return false
	}
	if cand.Type == core.Algorithm && existing.Type == core.Algorithm && !sameProcedure(cand, existing) {
		return false
	}
	if definesAndStates(cand, existing) {
		// A definition says what its term is; a theorem says what holds.
		// Differently named, the one is never the other stated
		// differently ("Connected graph" and "Characterization of
		// Forests"), however many words they share.
		return false
	}
	a, pa := subjectStems(cand.Name)
	b, pb := subjectStems(existing.Name)
	if len(a) == 0 && !pa || len(b) == 0 && !pb {
		return true
	}
	for s := range a {
		if b[s] {
			// A shared name word may be a generic one ("Client may employ
			// a cache", "Server may redirect the client"): the statements
			// must then share a good part of their subject too, and each
			// name's subject be named by the other primitive: "Vector
			// Space Properties of Matrices" says nothing of conjugation,
			// "Conjugation Respects Vector Scalar Multiplication" nothing
			// of matrices.
			return overlap(cand.FormalStatement, existing.FormalStatement, nameShare) &&
				namedBy(a, existing) && namedBy(b, cand)
		}
	}
	return overlap(cand.FormalStatement, existing.FormalStatement, contentShare)
}

// definesAndStates reports a definition (or an axiom) against a theorem
// (or an identity).
func definesAndStates(a, b *core.Primitive) bool {
	defines := func(t core.PrimitiveType) bool { return t == core.Definition || t == core.Axiom }
	states := func(t core.PrimitiveType) bool { return t == core.Theorem || t == core.Identity }
	return defines(a.Type) && states(b.Type) || states(a.Type) && defines(b.Type)
}

// namedBy reports whether at least half of a name's subject stems occur in
// p's name or statement.
func namedBy(subject map[string]bool, p *core.Primitive) bool {
	if len(subject) == 0 {
		return true
	}
	in, _ := subjectStems(p.Name)
	stmt := contentStems(p.FormalStatement)
	n := 0
	for s := range subject {
		if in[s] || stmt[s] {
			n++
		}
	}
	return 2*n >= len(subject)
}

// How much of the shorter statement's subject words must be in the other:
// contentShare when the names have no subject word in common, nameShare
// when they have. A statement with fewer than minContent subject words is
// too short to tell: it shares enough with any statement whose name
// shares a word with its own, and too little otherwise.
const (
	minContent   = 3
	contentShare = 0.75
	nameShare    = 0.5
)

// overlap reports whether at least share of the subject words of the
// shorter of two statements occur in the other (see minContent).
func overlap(x, y string, share float64) bool {
	a, b := contentStems(x), contentStems(y)
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) < minContent {
		return share == nameShare
	}
	n := 0
	for s := range a {
		if b[s] {
			n++
		}
	}
	return float64(n) >= share*float64(len(a))
}

// contentStems are the stems of a statement's subject words: its terms
// without mathematics, reference keys and kind words.
func contentStems(stmt string) map[string]bool {
	out := map[string]bool{}
	for _, s := range text.Stems(text.Terms(text.Prose(stmt))) {
		if !kindWords[s] {
			out[s] = true
		}
	}
	return out
}

// contextBound reports a statement whose subject points into its context
// with a demonstrative ("This field MUST …", "The value of these
// parameters is …"): the words before its first verb or requirement
// keyword hold "this", "these" or "those". ("That" is left out: "indicates
// that the response …" is a clause, not a pointer.)
func contextBound(stmt string) bool {
	for i, w := range strings.Fields(stmt) {
		if i >= 12 {
			return false
		}
		switch strings.Trim(w, ",;:()\"'") {
		case "this", "This", "these", "These", "those", "Those":
			return true
		case "is", "are", "was", "were", "MUST", "SHALL", "SHOULD", "MAY", "REQUIRED", "RECOMMENDED", "OPTIONAL":
			return false
		}
	}
	return false
}

// sameName reports whether two primitives are one concept by name, as the
// deduper judges it (dedup.SameName): one domain and one text.NameKey.
func sameName(a, b *core.Primitive) bool {
	if a.Domain != b.Domain {
		return false
	}
	k := text.NameKey(a.Name)
	return k != "" && k == text.NameKey(b.Name)
}

// procedureHead finds the procedure an algorithm's first step defines:
// "1. function Circular?(L):", "procedure MergeSort(A, p, r)".
var procedureHead = lazyre.New(`^\s*(?:1\.\s*)?(?:function|procedure|algorithm|def|func)\s+([^(\n]{1,80}?)\s*\(`)

// procedureName is the procedure p's steps define, "" when p is no
// algorithm or its first step defines none.
func procedureName(p *core.Primitive) string {
	if p.Type != core.Algorithm {
		return ""
	}
	m := procedureHead.FindStringSubmatch(strings.ToLower(p.FormalStatement))
	if m == nil {
		return ""
	}
	return m[1]
}

// sameProcedure reports whether two algorithms may be one: not when they
// define procedures of two names (Circular? and Pow), nor when their
// steps are not the one's restated by the other (a trie's Insert and a
// tree's). Pseudo-code shares its keywords (function, while, return,
// NIL) whatever it does, so the wording's overlap says nothing here.
func sameProcedure(a, b *core.Primitive) bool {
	if x, y := procedureName(a), procedureName(b); x != "" && y != "" && x != y {
		return false
	}
	return text.Restates(a.FormalStatement, b.FormalStatement) || text.Restates(b.FormalStatement, a.FormalStatement)
}
