package generate

import (
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// Triggers are the words an agent matches a task against, so they must be
// the subject's concepts ("handshake", "spanning tree", "freshness"), not
// the words every text uses ("use", "value", "defined", "section",
// "https"). They are chosen from, in this order of strength:
//   - the words of the subject's title that its primitives use
//     ("websocket");
//   - two-word terms that begin the names of at least two primitives or
//     recur in names ("spanning tree", "close frame");
//   - single words, counted once per primitive, a word of its name counting
//     twice a word of its statement, and weighed down by how common the word
//     is among the domain's other subjects (a word every RFC uses tells an
//     agent nothing about this one).
//
// Words are displayed in their most frequent form (text.Terms) and compared
// by stem; stopwords, discourse words (text.IsDiscourse) and vagueWords are
// never triggers, nor are adverbs and past participles that no name uses
// ("stored", "typically").

// vagueWords are words that name no concept in any field: what every
// description of anything says, and actionWords. In a two-word term of
// names a vague word may qualify a concept ("standard deviation").
var vagueWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{
		"value", "values", "number", "numbers", "amount", "level", "levels", "kind", "kinds",
		"form", "forms", "result", "results", "time", "times", "point", "points", "side",
		"sides", "end", "ends", "start", "begin", "term", "terms", "item", "items", "name", "names",
		"word", "words", "line", "lines", "place", "document", "documents", "implementation",
		"implementations", "behavior", "behaviour", "mechanism", "mechanisms", "approach",
		"purpose", "reason", "support", "information", "data", "method", "methods", "process",
		"processing", "note", "notes", "question", "answer", "problem", "problems", "idea",
		"ideas", "concept", "concepts", "property", "properties", "condition", "conditions",
		"definition", "definitions", "theorem", "theorems", "lemma", "lemmas", "corollary",
		"proposition", "axiom", "axioms", "primitive", "primitives", "requirement", "requirements",
		"statement", "statements", "rule", "rules", "list", "lists", "first", "last",
		"many", "several", "often", "small", "large", "big", "long", "short", "high", "low",
		"good", "bad", "best", "better", "important", "main", "major", "minor", "basic", "common",
		"standard", "typical", "special", "general",
		"following", "present", "current", "existing", "available", "valid", "invalid",
		"true", "false", "same", "other", "another", "such", "each", "every", "all", "none",
		"rfc", "specification", "document", "memo", "author", "authors", "copyright",
		"license", "version", "chapter", "page", "figure", "table", "appendix", "least", "most",
		"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "hundred",
		"thousand", "spent",
	} {
		m[w] = true
	}
	for w := range actionWords {
		m[w] = true
	}
	return m
}()

// actionWords are what a requirement or a procedure does, not what it is
// about; they are never part of a trigger, not even of a two-word term
// ("fail websocket" is a fragment of a sentence, not a concept).
var actionWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{
		"generate", "generates", "send", "sends", "receive", "receives", "handle", "handles",
		"ignore", "ignores", "treat", "treats", "indicate", "indicates", "perform", "performs",
		"accept", "accepts", "reject", "rejects", "return", "returns", "respond", "responds",
		"create", "creates", "add", "adds", "remove", "removes", "delete", "deletes", "update",
		"updates", "replace", "replaces", "select", "selects", "choose", "chooses", "compute",
		"computes", "check", "checks", "ensure", "ensures", "fail", "fails", "run", "runs",
		"enter", "open", "opens", "build", "builds", "change", "changes", "consist", "consists",
		"occur", "occurs", "happen", "happens", "produce", "produces", "determine",
		"determines", "depend", "depends", "transmit", "transmits", "implement", "implements",
		"ignoring", "using", "making", "giving", "taking",
		// A tutorial's instructions: what every procedure says to do.
		"view", "views", "click", "clicks", "type", "press", "copy", "paste", "navigate", "go",
		"install", "installs", "launch", "follow", "see", "verify", "command", "commands",
	} {
		m[w] = true
	}
	return m
}()

// pairable reports whether w can be a word of a two-word term of names
// ("data structure", "stored response", "directed graph"): any term word,
// vague or not, but no action. One of the two must be a concept word.
func pairable(w string) bool { return text.IsTermWord(w) && !isNumeric(w) && !actionWords[w] }

// termCand is a candidate trigger while ranking.
type termCand struct {
	key   string  // stems, space-separated
	score float64 // weighted primitive count
	title bool    // from the subject's title
	order int     // first appearance, for stable ties
}

// isConceptWord reports whether the lowercased word w can be a trigger: a
// term word (text.IsTermWord) that is not vague, an adverb or a
// participle.
func isConceptWord(w string) bool {
	if !text.IsTermWord(w) || vagueWords[w] || vagueWords[text.Stem(w)] {
		return false
	}
	// Adverbs and past participles ("typically", "stored") are not what a
	// task is about; in a two-word term they may be ("directed graph").
	return !strings.HasSuffix(w, "ly") && !strings.HasSuffix(w, "ed")
}

// primTerms are the words of one primitive that trigger ranking reads,
// computed once per primitive.
type primTerms struct {
	name []string // the name's words, lowercased
	kw   []string // keywordWords
}

// vocabulary is what trigger ranking knows about a group of primitives:
// their words, and in how many of them each stem occurs (name terms and
// keywords), for weighing a subject's words against the rest of its
// domain.
type vocabulary struct {
	terms []primTerms
	df    map[string]int
	// said are the stems the primitives' statements (their keywords) and
	// sections use: a name word they never use is a label or a file name
	// ("Autohtpy Lemma"), not a concept of the subject.
	said map[string]bool
}

func vocabularyOf(prims []core.Primitive) vocabulary {
	v := vocabulary{terms: make([]primTerms, len(prims)), df: map[string]int{}, said: map[string]bool{}}
	for i := range prims {
		pt := primTerms{name: text.Words(prims[i].Name), kw: keywordWords(&prims[i])}
		v.terms[i] = pt
		seen := map[string]bool{}
		for _, w := range pt.name {
			if text.IsTermWord(w) {
				seen[text.Stem(w)] = true
			}
		}
		for _, st := range text.Stems(pt.kw) {
			seen[st] = true
			v.said[st] = true
		}
		// The section a primitive is in names what it is about too
		// ("Linear Probing").
		for _, w := range text.Words(prims[i].Provenance.Section) {
			v.said[text.Stem(w)] = true
		}
		for st := range seen {
			v.df[st]++
		}
	}
	return v
}

// conceptTerms ranks the concept terms of prims (see the comment at the
// top of this file), best first, as displayed words. title is the
// subject's title ("" for none); bg is the vocabulary of the domain's
// other primitives, bgN their number (0 for none), whose common words are
// weighed down.
func conceptTerms(prims []core.Primitive, title string, own vocabulary, bg map[string]int, bgN int) []string {
	cands := map[string]*termCand{}
	forms := map[string]map[string]int{} // key → surface form → count
	n := 0
	add := func(key, surface string, weight float64, title bool) {
		c := cands[key]
		if c == nil {
			c = &termCand{key: key, order: n}
			n++
			cands[key] = c
		}
		c.score += weight
		c.title = c.title || title
		if forms[key] == nil {
			forms[key] = map[string]int{}
		}
		forms[key][surface]++
	}

	// The title's words.
	for _, w := range text.Terms(title) {
		if isConceptWord(w) && !isNumeric(w) {
			add(text.Stem(w), w, 0, true)
		}
	}

	// Words and two-word terms of each primitive, once per primitive.
	for _, pt := range own.terms {
		seen := map[string]float64{}
		surface := map[string]string{}
		var keys []string // in order of appearance, for stable output
		note := func(key string, w float64, form string) {
			if _, ok := seen[key]; !ok {
				keys = append(keys, key)
				seen[key] = w
				surface[key] = form
			}
		}
		nameWords := pt.name
		said := func(w string) bool { return own.said[text.Stem(w)] }
		for k, w := range nameWords {
			if k+1 < len(nameWords) && pairable(w) && pairable(nameWords[k+1]) && said(w) && said(nameWords[k+1]) &&
				(isConceptWord(w) || isConceptWord(nameWords[k+1])) {
				note(text.Stem(w)+" "+text.Stem(nameWords[k+1]), 2, w+" "+nameWords[k+1])
			}
			if isConceptWord(w) && said(w) {
				note(text.Stem(w), 2, w)
			}
		}
		for _, k := range pt.kw {
			if isConceptWord(k) {
				note(text.Stem(k), 1, k)
			}
		}
		for _, key := range keys {
			add(key, surface[key], seen[key], false)
		}
	}

	var list []*termCand
	for _, c := range cands {
		// A title word counts as the subject's own only when its
		// primitives use it: "Hypertext Transfer Protocol" names HTTP, but
		// "transfer" is not what caching is about.
		if c.title && c.score < 2 {
			continue
		}
		two := strings.Contains(c.key, " ")
		if two && c.score < 4 { // a two-word term must name at least two primitives
			continue
		}
		if !c.title && !two && c.score < 2 && len(prims) > 2 {
			continue // one statement's word is not the subject's
		}
		if bgN > 0 && !two {
			share := float64(bg[c.key]) / float64(bgN)
			c.score /= 1 + 3*share
		}
		list = append(list, c)
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.title != b.title {
			return a.title
		}
		if a.score != b.score {
			return a.score > b.score
		}
		return a.order < b.order
	})
	// A word of a two-word term that names as many primitives goes with
	// it: "linear probing", not also "linear" and "probing".
	covered := map[string]bool{}
	for _, c := range list {
		if a, b, two := strings.Cut(c.key, " "); two {
			for _, w := range []string{a, b} {
				if u := cands[w]; u != nil && !u.title && c.score*2 >= u.score {
					covered[w] = true
				}
			}
		}
	}
	out := make([]string, 0, len(list))
	seen := map[string]bool{}
	for _, c := range list {
		if covered[c.key] {
			continue
		}
		best, bn := "", 0
		for f, k := range forms[c.key] {
			if k > bn || k == bn && f < best {
				best, bn = f, k
			}
		}
		if t, ok := trigger(best); ok && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// domainTerms ranks the concept terms of a whole domain (its agent's and
// team's keywords).
func domainTerms(prims []core.Primitive) []string {
	return conceptTerms(prims, "", vocabularyOf(prims), nil, 0)
}

// keywordWords are a primitive's keywords as words: stored keywords are
// words (text.Terms) since keywords are shown to people; primitives stored
// before that hold stems ("properti"), which are taken back to the word
// the primitive's statement uses most for them.
func keywordWords(p *core.Primitive) []string {
	if len(p.Keywords) == 0 {
		return text.Terms(text.Prose(p.FormalStatement))
	}
	var stems []string
	// out is the keywords themselves until one of them changes: the
	// vocabulary of a large domain holds these for every primitive, and
	// most keywords are already words, so a copy would only double it.
	// Callers only read the result.
	var out []string
	for i, k := range p.Keywords {
		orig := k
		k = strings.ToLower(strings.TrimSpace(k))
		keep := k != ""
		if keep && text.Stem(k) == k && !strings.Contains(p.FormalStatement, k) && !strings.Contains(p.Name, k) {
			stems = append(stems, k) // a stem not written in the statement
			keep = false
		}
		if out == nil && (!keep || k != orig) {
			out = make([]string, i, len(p.Keywords))
			copy(out, p.Keywords[:i])
		}
		if keep && out != nil {
			out = append(out, k)
		}
	}
	if out == nil {
		out = p.Keywords
	}
	if len(stems) > 0 {
		out = append(out, surfaceForms([]core.Primitive{*p}, stems)...)
	}
	return out
}
