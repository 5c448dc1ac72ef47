package generate

import (
	"slices"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
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
		"step", "steps", "tutorial", "tutorials", "guide", "guides",
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
		// place and manner, not a subject ("along", "elsewhere")
		"along", "elsewhere", "within", "without", "across", "toward", "towards", "upon",
		"whereas", "hence", "thus", "therefore", "also", "even", "still", "instead", "otherwise",
		"file", "files", "thing", "things", "way", "ways", "part", "parts", "case", "cases",
		"example", "examples", "section", "sections",
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
		"ignoring", "using", "making", "giving", "taking", "describe", "describes",
		// A tutorial's instructions: what every procedure says to do.
		"view", "views", "click", "clicks", "type", "press", "copy", "paste", "navigate", "go",
		"install", "installs", "launch", "follow", "see", "verify", "command", "commands",
		"write", "writes", "read", "reads", "stop", "stops", "use", "uses", "make", "makes",
		"get", "gets", "put", "puts", "keep", "keeps", "set", "sets",
	} {
		m[w] = true
	}
	return m
}()

// pairable reports whether w can be a word of a two-word term of names
// ("data structure", "stored response", "directed graph"): any term word,
// vague or not, but no action and no label. One of the two must be a
// concept word.
func pairable(w string) bool {
	return text.IsTermWord(w) && !isNumeric(w) && !actionWords[w] && !labelWords[w]
}

// labelWords label a part of a document ("Step 2: Deploy", "Lemma 3"):
// with the title after them they are no phrase a request uses.
var labelWords = map[string]bool{
	"step": true, "lemma": true, "theorem": true, "definition": true, "corollary": true,
	"proposition": true, "section": true, "chapter": true, "figure": true, "table": true,
	"appendix": true, "example": true, "exercise": true, "part": true,
}

// isConceptWord reports whether the lowercased word w can be a trigger: a
// term word (text.IsTermWord) that is not vague, an adverb or a
// participle.
func isConceptWord(w string) bool {
	if !text.IsTermWord(w) || vagueWords[w] || vagueWords[text.Stem(w)] || romanNumeral(w) {
		return false
	}
	// Adverbs and past participles ("typically", "stored") are not what a
	// task is about; in a two-word term they may be ("directed graph").
	return !strings.HasSuffix(w, "ly") && !strings.HasSuffix(w, "ed")
}

// romanNumeral reports whether w is a lower-case Roman numeral of an
// item's label ("iii", "xiv"): a fragment, not a term.
func romanNumeral(w string) bool { return w != "" && romanLabel.MatchString(w) }

// romanLabel is a Roman numeral up to xxxix, as items are labelled; "cli"
// and "civil" are words.
var romanLabel = lazyre.New(`^x{0,3}(?:ix|iv|v?i{0,3})$`)

// primTerms are the words of one primitive that trigger ranking reads,
// computed once per primitive, as lexicon ids.
type primTerms struct {
	name []int32 // the name's words, lowercased
	kw   []int32 // keywordWords
}

// vocabulary is what trigger ranking knows about a group of primitives:
// their words, and in how many of them each stem occurs (name terms and
// keywords), for weighing a subject's words against the rest of its
// domain. Stems are lexicon ids; df and said are indexed by them.
type vocabulary struct {
	terms []primTerms
	df    []int32
	// said are the stems the primitives' statements (their keywords) and
	// sections use: a name word they never use is a label or a file name
	// ("Autohtpy Lemma"), not a concept of the subject.
	said []bool
}

// dfOf is in how many of the primitives the stem id occurs.
func (v *vocabulary) dfOf(id int32) int32 {
	if int(id) < len(v.df) {
		return v.df[id]
	}
	return 0
}

// says reports whether the primitives' keywords or sections use the stem
// id.
func (v *vocabulary) says(id int32) bool { return int(id) < len(v.said) && v.said[id] }

func (v *vocabulary) say(id int32) {
	if int(id) >= len(v.said) {
		v.said = append(v.said, make([]bool, int(id)+1-len(v.said))...)
	}
	v.said[id] = true
}

func (v *vocabulary) count(id int32) {
	if int(id) >= len(v.df) {
		v.df = append(v.df, make([]int32, int(id)+1-len(v.df))...)
	}
	v.df[id]++
}

func vocabularyOf(l *lexicon, prims []core.Primitive) *vocabulary {
	v := &vocabulary{terms: make([]primTerms, len(prims))}
	var seen []int32
	for i := range prims {
		pt := primTerms{name: l.words(nil, prims[i].Name), kw: l.keywordWords(nil, &prims[i])}
		v.terms[i] = pt
		l.newMark()
		seen = seen[:0]
		for _, w := range pt.name {
			if l.is(w, lexTerm) {
				if st := l.stem(w); !l.seen(st) {
					seen = append(seen, st)
				}
			}
		}
		for _, k := range pt.kw {
			st := l.kstem(k)
			if st < 0 {
				continue
			}
			if !l.seen(st) {
				seen = append(seen, st)
			}
			v.say(st)
		}
		// The section a primitive is in names what it is about too
		// ("Linear Probing").
		for _, st := range l.sectionStems(prims[i].Provenance.Section) {
			v.say(st)
		}
		for _, st := range seen {
			v.count(st)
		}
	}
	return v
}

// termCand is a candidate trigger while ranking.
type termCand struct {
	key   int32   // stems, space-separated
	score float64 // weighted primitive count
	title bool    // from the subject's title
	order int     // first appearance, for stable ties
	forms []formCount
}

// formCount is how often a candidate was written in one surface form.
type formCount struct {
	form int32
	n    int
}

// conceptTerms ranks the concept terms of n primitives (see the comment
// at the top of this file), best first, as displayed words. title is the
// subject's title ("" for none); own is the primitives' vocabulary; all
// counts for each stem the primitives of the whole domain that use it (nil
// for none), so all less own is the domain's other bgN primitives, whose
// common words are weighed down.
func conceptTerms(l *lexicon, n int, title string, own *vocabulary, all []int32, bgN int) []string {
	var cands []termCand
	// The candidates' index by key lives in the lexicon (a slice, not a
	// map per ranking) and is cleared for the next ranking on return.
	defer func() {
		for i := range cands {
			l.cand[cands[i].key] = 0
		}
	}()
	add := func(key, surface int32, weight float64, title bool) {
		ci := l.candOf(key)
		if ci < 0 {
			ci = len(cands)
			l.setCand(key, ci)
			cands = append(cands, termCand{key: key, order: ci})
		}
		c := &cands[ci]
		c.score += weight
		c.title = c.title || title
		for j := range c.forms {
			if c.forms[j].form == surface {
				c.forms[j].n++
				return
			}
		}
		c.forms = append(c.forms, formCount{form: surface, n: 1})
	}

	// The title's words.
	for _, w := range text.Terms(title) {
		if id := l.id(w); l.is(id, lexConcept) && !l.is(id, lexNumeric) {
			add(l.stem(id), id, 0, true)
		}
	}

	// Words and two-word terms of each primitive, once per primitive.
	type noted struct {
		key, form int32
		w         float64
	}
	var keys []noted // in order of appearance, for stable output
	for _, pt := range own.terms {
		keys = keys[:0]
		l.newMark()
		note := func(key int32, w float64, form int32) {
			if !l.seen(key) {
				keys = append(keys, noted{key: key, form: form, w: w})
			}
		}
		nameWords := pt.name
		said := func(w int32) bool { return own.says(l.stem(w)) }
		for k, w := range nameWords {
			if k+1 < len(nameWords) {
				x := nameWords[k+1]
				if l.is(w, lexPairable) && l.is(x, lexPairable) && said(w) && said(x) &&
					(l.is(w, lexConcept) || l.is(x, lexConcept)) {
					note(l.pair(l.stem(w), l.stem(x)), 2, l.pair(w, x))
				}
			}
			if l.is(w, lexConcept) && said(w) {
				note(l.stem(w), 2, w)
			}
		}
		for _, k := range pt.kw {
			if l.is(k, lexConcept) {
				note(l.stem(k), 1, k)
			}
		}
		for _, k := range keys {
			add(k.key, k.form, k.w, false)
		}
	}

	list := make([]int, 0, len(cands))
	for ci := range cands {
		c := &cands[ci]
		// A title word counts as the subject's own only when its
		// primitives use it: "Hypertext Transfer Protocol" names HTTP, but
		// "transfer" is not what caching is about.
		if c.title && c.score < 2 {
			continue
		}
		two := l.infos[c.key].flags&lexSpace != 0
		if two && c.score < 4 { // a two-word term must name at least two primitives
			continue
		}
		if !c.title && !two && c.score < 2 && n > 2 {
			continue // one statement's word is not the subject's
		}
		if bgN > 0 && !two {
			var bg int32
			if int(c.key) < len(all) {
				bg = all[c.key] - own.dfOf(c.key)
			}
			share := float64(bg) / float64(bgN)
			c.score /= 1 + 3*share
		}
		list = append(list, ci)
	}
	sort.Slice(list, func(i, j int) bool {
		a, b := &cands[list[i]], &cands[list[j]]
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
	covered := map[int32]bool{}
	for _, ci := range list {
		c := &cands[ci]
		if a, b, two := strings.Cut(l.str(c.key), " "); two {
			for _, w := range []string{a, b} {
				id, ok := l.lookup(w)
				if !ok {
					continue
				}
				if ui := l.candOf(id); ui >= 0 && !cands[ui].title && c.score*2 >= cands[ui].score {
					covered[id] = true
				}
			}
		}
	}
	out := make([]string, 0, len(list))
	seen := map[string]bool{}
	for _, ci := range list {
		c := &cands[ci]
		if covered[c.key] {
			continue
		}
		best, bn := int32(-1), 0
		for _, f := range c.forms {
			if best < 0 || f.n > bn || f.n == bn && l.str(f.form) < l.str(best) {
				best, bn = f.form, f.n
			}
		}
		if best < 0 {
			continue
		}
		if t, ok := l.trigger(best); ok && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// domainTerms ranks the concept terms of a whole domain (its agent's and
// team's keywords) whose vocabulary is v.
func domainTerms(l *lexicon, prims []core.Primitive, v *vocabulary) []string {
	return conceptTerms(l, len(prims), "", v, nil, 0)
}

// keywordWords appends a primitive's keywords as words to dst: stored
// keywords are words (text.Terms) since keywords are shown to people;
// primitives stored before that hold stems ("properti"), which are taken
// back to the word the primitive's statement uses most for them.
func (l *lexicon) keywordWords(dst []int32, p *core.Primitive) []int32 {
	if len(p.Keywords) == 0 {
		for _, t := range text.Terms(text.Prose(p.FormalStatement)) {
			dst = append(dst, l.id(t))
		}
		return dst
	}
	var stems []string
	for _, k := range p.Keywords {
		low := l.lower(l.id(k))
		ks := l.str(low)
		if ks == "" {
			continue
		}
		if l.stemLike(low) && !strings.Contains(p.FormalStatement, ks) && !strings.Contains(p.Name, ks) {
			stems = append(stems, ks) // a stem not written in the statement
			continue
		}
		dst = append(dst, low)
	}
	if len(stems) > 0 {
		dst = l.surfaceForms(dst, p, stems)
	}
	return dst
}

// surfaceForms appends surfaceForms([]core.Primitive{*p}, stems) to dst,
// as ids: a keyword written capitalized in its statement ("Vector") is
// lowercased in the keywords and so looks like a stem the statement never
// writes, which on a large domain is many primitives.
func (l *lexicon) surfaceForms(dst []int32, p *core.Primitive, stems []string) []int32 {
	want := make([]int32, len(stems))
	for i, st := range stems {
		want[i] = l.id(st)
	}
	type form struct {
		stem, word int32
		n          int
	}
	var forms []form
	count := func(w string, _, _ int) {
		id := l.id(w)
		st := l.stem(id)
		if !slices.Contains(want, st) {
			return
		}
		for i := range forms {
			if forms[i].word == id {
				forms[i].n++
				return
			}
		}
		forms = append(forms, form{stem: st, word: id, n: 1})
	}
	text.EachWord(p.Name, count)
	text.EachWord(p.FormalStatement, count)
	var seen []string
	for i, st := range want {
		best, n := stems[i], 0
		for _, f := range forms {
			if f.stem != st {
				continue
			}
			if w := l.str(f.word); f.n > n || f.n == n && w < best {
				best, n = w, f.n
			}
		}
		if t, ok := trigger(best); ok && !slices.Contains(seen, t) {
			seen = append(seen, t)
			dst = append(dst, l.id(t))
		}
	}
	return dst
}
