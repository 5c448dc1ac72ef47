package extract

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A format block (a LaTeX environment or a PreTeXt element) is named, in
// order: by its own title; a definition by the terms it defines; by a
// comment right before it ("% Cantor's theorem"); by the sentence that
// leads into it ("the following theorem about the running time of
// quicksort"); a result by its statement when that is a short sentence in
// words ("Every connected graph has a spanning tree"); and last by its
// kind, number and section ("Lemma 4.1.2 — Quasi-inverses"). A label key
// is never a name. A definition of several terms in separate sentences of
// its running text yields one primitive per term; its lists stay whole in
// the primitive they belong to (blocklists.go).

// termHit is a term a definition marks as defined, cleaned, with where its
// markup starts in the block's body.
type termHit struct {
	text string
	at   int
	// strong marks explicit definitional markup (\define, \defn, <term>)
	// rather than emphasis.
	strong bool
	// item marks a term inside an item of a list the definition holds
	// (an axiom's name, a part's term): the item belongs to the block's
	// statement, so the term neither starts a primitive of its own nor
	// names the block.
	item bool
}

// strongTermCmds mark a defined term explicitly; weakTermCmds emphasize,
// which in a definition usually marks the term.
var (
	strongTermCmds = map[string]bool{
		"define": true, "defn": true, "defterm": true, "dfn": true, "term": true,
		"hiddenterm": true, "textdef": true, "deftext": true, "definiendum": true,
		"defined": true, "defword": true, "newterm": true, "keyterm": true, "concept": true,
		"defi": true, "deff": true, "emphdef": true, "index*": false,
	}
	weakTermCmds = map[string]bool{"emph": true, "textbf": true, "textit": true, "em": true, "bf": true, "it": true, "textsl": true}
)

// notTerms are words authors emphasize for stress, not to define them.
var notTerms = map[string]bool{
	"not": true, "only": true, "all": true, "any": true, "every": true, "each": true,
	"must": true, "exactly": true, "unique": true, "uniquely": true, "precisely": true,
	"also": true, "both": true, "either": true, "neither": true, "iff": true, "if": true,
	"and": true, "or": true, "is": true, "are": true, "do": true, "does": true, "one": true,
	"same": true, "different": true, "distinct": true, "never": true, "always": true,
	"cannot": true, "can": true, "may": true, "might": true, "should": true, "will": true,
	"very": true, "this": true, "that": true, "the": true, "there": true, "some": true,
	"no": true, "none": true, "at least": true, "at most": true, "least": true, "most": true,
	"first": true, "second": true, "last": true, "new": true, "finite": false, "define": true,
	"defines": true, "called": true, "denote": true, "denotes": true, "note": true,
	"i.e": true, "e.g": true, "etc": true, "whenever": true, "but": true, "then": true,
}

// latexTerms returns the terms a definition's body marks as defined, in
// order, without repeats: explicit definitional macros when there are any,
// else emphasis.
func (x *extractor) latexTerms(body string) []termHit {
	var strong, weak []termHit
	strongEnd, weakEnd := 0, 0 // where the last term of each kind ends
	for i := 0; i < len(body); {
		k := strings.IndexByte(body[i:], '\\')
		if k < 0 {
			break
		}
		at := i + k
		name, j := controlWord(body, at)
		i = j
		if name == "" {
			i = at + 2
			continue
		}
		isStrong, isWeak := strongTermCmds[name], weakTermCmds[name]
		if !isStrong && !isWeak {
			continue
		}
		var arg string
		switch name {
		case "em", "bf", "it":
			// {\em term}: the group the switch opens.
			if at == 0 || body[at-1] != '{' {
				continue
			}
			e, ok := balanced(body, at-1, '{', '}', 300)
			if !ok {
				continue
			}
			arg = body[j:e]
			i = e + 1
		default:
			a := skipOptArgs(body, j)
			if a >= len(body) || body[a] != '{' {
				continue
			}
			e, ok := balanced(body, a, '{', '}', 300)
			if !ok {
				continue
			}
			arg = body[a+1 : e]
			i = e + 1
		}
		t := x.texr.clean(arg)
		if !termLike(t) {
			continue
		}
		list, end := &weak, &weakEnd
		if isStrong {
			list, end = &strong, &strongEnd
		}
		if n := len(*list); n > 0 && optionalWord(body, (*list)[n-1].at, *end, at) {
			// "(\textbf{binary}) \textbf{relation}": the word in
			// parentheses is part of the term it stands before.
			(*list)[n-1].text += " " + t
		} else {
			*list = append(*list, termHit{text: t, at: at, strong: isStrong})
		}
		*end = i
	}
	hits := weak
	if len(strong) > 0 {
		hits = strong
	}
	markItemTerms(hits, texListSpans(body), body, x.texr.clean)
	return uniqueTerms(hits)
}

// optionalWord reports whether the term marked from at to end in body
// stands in parentheses right before the term marked at next: an
// optional word of that term, "(binary) relation".
func optionalWord(body string, at, end, next int) bool {
	return at > 0 && body[at-1] == '(' && end <= next && strings.TrimSpace(body[end:next]) == ")"
}

// termLike reports whether an emphasized phrase can be a defined term: a
// few words, not math alone, not a word of stress.
func termLike(t string) bool {
	t = strings.TrimSpace(keepHyphenMath(t))
	if t == "" || len(t) > maxName || strings.Count(t, " ") > 5 || strings.HasPrefix(t, "$") {
		return false
	}
	l := strings.ToLower(strings.Trim(t, ".,;:!?"))
	if notTerms[l] || !conceptLike(dropMath(t)) {
		return false
	}
	return true
}

func uniqueTerms(ts []termHit) []termHit {
	seen := map[string]bool{}
	out := ts[:0]
	for _, t := range ts {
		k := strings.ToLower(t.text)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, t)
	}
	return out
}

// termGroup is the part of a definition that defines one term (or terms
// defined in one sentence): its statement and where it starts.
type termGroup struct {
	terms []termHit
	stmt  string
	at    int // offset in the block's body of the group's first term
}

// groupTerms splits a definition's statement by the sentences that define
// its terms: sentences before the first term are the setting every group
// keeps ("Let f: A → B."); each group runs from its term's sentence to the
// next term's. One group when every term is in one sentence.
func groupTerms(stmt string, terms []termHit) []termGroup {
	if len(terms) < 2 {
		return []termGroup{{terms: terms, stmt: stmt}}
	}
	spans := sentenceSpans(stmt)
	sentOf := func(p int) int {
		for k, sp := range spans {
			if p < sp[1] {
				return k
			}
		}
		return len(spans) - 1
	}
	var groups []termGroup
	firstSent := []int{}
	pos := 0
	// Terms of a list's items before the block's first term of its own
	// open no group: the list is the setting every group reads ("d(x,y) ≥
	// 0 (nonnegativity) … (X,d) is called a metric space").
	var leading []termHit
	for _, t := range terms {
		if t.item && len(groups) == 0 {
			leading = append(leading, t)
			continue
		}
		p := indexFold(stmt[pos:], t.text)
		if p < 0 {
			if len(groups) > 0 {
				g := &groups[len(groups)-1]
				g.terms = append(g.terms, t)
			}
			continue
		}
		p += pos
		pos = p + len(t.text)
		k := sentOf(p)
		if len(groups) > 0 && firstSent[len(firstSent)-1] == k {
			g := &groups[len(groups)-1]
			g.terms = append(g.terms, t)
			continue
		}
		if len(groups) > 0 && (t.item || refersBack(stmt[spans[k][0]:p])) {
			// A term in a list's item is part of the group the list
			// belongs to: the items stay together in one statement. So is
			// a term whose sentence points back at the one before ("An
			// element of it is called a loop"): cut off, it would read
			// of nothing.
			g := &groups[len(groups)-1]
			g.terms = append(g.terms, t)
			continue
		}
		groups = append(groups, termGroup{terms: []termHit{t}, at: t.at})
		firstSent = append(firstSent, k)
	}
	if len(groups) < 2 {
		return []termGroup{{terms: terms, stmt: stmt}}
	}
	groups[0].terms = append(groups[0].terms, leading...)
	start := spans[firstSent[0]][0]
	if len(leading) > 0 {
		// The list's last item's name after its formula's period ("…
		// d(y,z). (triangle inequality) (X,d) is called …") opens the
		// first group's sentence but belongs to the list every group
		// reads.
		if rest := stmt[start:]; strings.HasPrefix(rest, "(") {
			if k := strings.IndexByte(rest, ')'); k > 0 && k <= maxItemLabel {
				start += k + 1
			}
		}
	}
	setup := strings.TrimSpace(stmt[:start])
	for g := range groups {
		from := spans[firstSent[g]][0]
		if g == 0 {
			from = start
		}
		to := len(stmt)
		if g+1 < len(groups) {
			to = spans[firstSent[g+1]][0]
		}
		part := strings.TrimSpace(stmt[from:to])
		// An item's number opening the part belonged to the list.
		if strings.HasPrefix(part, "(") {
			if k := strings.IndexByte(part, ')'); k > 0 && k <= 5 {
				part = strings.TrimSpace(part[k+1:])
			}
		}
		if setup != "" {
			part = setup + " " + part
		}
		groups[g].stmt = part
	}
	return groups
}

// maxItemLabel bounds an item's name in parentheses ("(identity of
// indiscernibles)").
const maxItemLabel = 48

// refersBack reports a sentence's start (up to its term) that points back
// at the sentence before: opened by "such", "this", "these" or "those"
// ("Such a group is called …"), or naming "it" or "them" after a
// preposition ("An element of it is called …"). A subject "it" ("If f is
// bijective, then it is …") refers within its sentence.
func refersBack(lead string) bool {
	ws := strings.Fields(dropMath(lead))
	for k, w := range ws {
		w = strings.ToLower(strings.Trim(w, ",;:()\"'"))
		switch {
		case k == 0 && (w == "such" || w == "this" || w == "these" || w == "those"):
			return true
		case k > 0 && (w == "it" || w == "them"):
			switch strings.ToLower(ws[k-1]) {
			case "of", "in", "on", "to", "from", "for", "with", "into", "onto":
				return true
			}
		}
	}
	return false
}

// indexFold finds t in s, exactly or else ignoring case.
func indexFold(s, t string) int {
	if i := strings.Index(s, t); i >= 0 {
		return i
	}
	return strings.Index(strings.ToLower(s), strings.ToLower(t))
}

// sentenceSpans splits plain text with $…$ math into sentences: a '.', '!'
// or '?' outside math, followed by a blank and then a capital, a digit or
// math, ends one, unless it closes an abbreviation.
func sentenceSpans(s string) [][2]int {
	var out [][2]int
	start := 0
	math, display := false, false
	mathFrom := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			i++
		case c == '$' && i+1 < len(s) && s[i+1] == '$':
			// "$$" opens or closes a display as one mark: its own '$'s
			// toggle nothing, and a period inside it is the formula's.
			if !display {
				display, math = true, true
				mathFrom = i + 2
				i++
				continue
			}
			display, math = false, false
			i++
			// A display that ends with a period ends its sentence:
			// "$$ x = y. $$ A group …".
			if i+2 < len(s) && s[i+1] == ' ' && sentenceOpener(s[i+2]) &&
				strings.HasSuffix(strings.TrimRight(s[mathFrom:i-1], " \\,;"), ".") {
				out = append(out, [2]int{start, i + 1})
				start = i + 2
			}
		case c == '$':
			if !display {
				math = !math
			}
		case !math && (c == '.' || c == '!' || c == '?'):
			if i+2 >= len(s) || s[i+1] != ' ' {
				continue
			}
			if !sentenceOpener(s[i+2]) {
				continue
			}
			if c == '.' && abbrevBefore(s[start:i]) {
				continue
			}
			out = append(out, [2]int{start, i + 1})
			start = i + 2
		}
	}
	if start < len(s) {
		out = append(out, [2]int{start, len(s)})
	}
	if len(out) == 0 {
		out = append(out, [2]int{0, len(s)})
	}
	return out
}

// sentenceOpener reports a byte that can open a sentence: a capital, a
// digit, math, a parenthesis or a letter beyond ASCII.
func sentenceOpener(n byte) bool {
	return 'A' <= n && n <= 'Z' || '0' <= n && n <= '9' || n == '$' || n == '(' || n >= 0x80
}

// abbrevBefore reports whether text before a period ends in an
// abbreviation or a single letter ("e.g", "Thm", "f", "resp").
func abbrevBefore(s string) bool {
	j := len(s)
	for j > 0 && s[j-1] != ' ' && s[j-1] != '(' {
		j--
	}
	w := strings.ToLower(s[j:])
	switch w {
	case "e.g", "i.e", "etc", "cf", "vs", "resp", "fig", "eq", "eqs", "sec", "no", "def", "defn",
		"thm", "prop", "lem", "cor", "al", "ch", "chap", "ex", "p", "pp", "approx", "viz", "resp.":
		return true
	}
	return false
}

// aliasBefore reports whether the term at p is an alias of the one before
// it: "surjective (or a surjection)", "also called".
func aliasBefore(stmt string, term string) bool {
	p := indexFold(stmt, term)
	if p < 0 {
		return false
	}
	before := strings.ToLower(stmt[max(0, p-16):p])
	for _, a := range []string{"or a ", "or an ", "(or ", " or ", "also called ", "also known as ", "or simply "} {
		if strings.HasSuffix(before, a) {
			return true
		}
	}
	return false
}

// groupName names a group of terms: its first term, or "A and B" for two
// terms an author defined explicitly in one sentence.
func groupName(g termGroup) string {
	var names []string
	for k, t := range g.terms {
		// A term in an item names the block only when the list is all
		// the block defines ("(1) … surjective … (2) … embedding"), not
		// beside the term its running text defines.
		if k > 0 && (!t.strong || t.item && !g.terms[0].item || aliasBefore(g.stmt, t.text)) {
			continue
		}
		n := termName(nominal(dropMath(t.text)))
		if n == "" {
			continue
		}
		if k == 0 {
			if adj := adjectiveSubject(g.stmt, t.text); adj != "" {
				n = adj
			}
		}
		if len(names) > 0 && wordsWithin(n, names[0]) {
			// "Pointed" beside "Pointed Predicate" adds nothing.
			continue
		}
		names = append(names, n)
	}
	switch {
	case len(names) == 0:
		return ""
	case len(names) >= 2 && len(names[0])+len(names[1])+5 <= maxName:
		return names[0] + " and " + names[1]
	}
	return names[0]
}

// wordsWithin reports whether every word of a is a word of b.
func wordsWithin(a, b string) bool {
	bw := strings.Fields(strings.ToLower(b))
	for _, w := range strings.Fields(strings.ToLower(a)) {
		found := false
		for _, v := range bw {
			if v == w {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// adjectiveSubject names an adjective by what it qualifies: "An event graph
// G is valid if …" defines "Valid Event Graph", "A set A is enumerable iff"
// "Enumerable Set". Only a subject opened by an article and made of one to
// three plain words counts.
func adjectiveSubject(stmt, term string) string {
	p := indexFold(stmt, term)
	if p < 0 || strings.Count(term, " ") > 2 {
		return ""
	}
	// The sentence holding the term, up to it.
	start := 0
	for _, sp := range sentenceSpans(stmt) {
		if p >= sp[0] && p < sp[1] {
			start = sp[0]
		}
	}
	ws := strings.Fields(dropMath(stmt[start:p]))
	if len(ws) > 0 && itemMark(ws[0]) {
		// The sentence opens an item: "(1) A type A is called decidable".
		ws = ws[1:]
	}
	if len(ws) < 3 {
		return ""
	}
	// "… is valid", "… is said to be valid", "… are called valid".
	k := len(ws) - 1
	switch {
	case ws[k] == "is" || ws[k] == "are":
	case ws[k] == "called" && (ws[k-1] == "is" || ws[k-1] == "are"):
		k--
	case k >= 2 && ws[k] == "be" && ws[k-1] == "to" && ws[k-2] == "said" && k >= 3:
		k -= 3
		if ws[k] != "is" && ws[k] != "are" {
			return ""
		}
	default:
		return ""
	}
	art := strings.ToLower(ws[0])
	if art != "a" && art != "an" && art != "the" && art != "every" && art != "each" && !numberWords[art] {
		return ""
	}
	// The subject is the words before its variable or its qualifier:
	// "A map Â : V → W", "An operator Â ∈ End V", "A set of vectors".
	var subject []string
	for _, w := range ws[1:k] {
		w = strings.Trim(w, ",;:()")
		if w == "" || isVariable(w) || strings.ContainsAny(w, "0123456789∈→×⊆⊂") {
			if len(subject) > 0 {
				break
			}
			continue
		}
		l := strings.ToLower(w)
		if len(subject) > 0 && subjectEnds[l] {
			break
		}
		if text.IsStopword(l) || clauseVerbs[l] {
			return ""
		}
		subject = append(subject, l)
	}
	if len(subject) == 0 || len(subject) > 3 {
		return ""
	}
	n := titleCase(strings.TrimSpace(term) + " " + strings.Join(subject, " "))
	if len(n) > maxName {
		return ""
	}
	return n
}

// commentName reads a comment line right before a block as its name, when
// it reads as one ("% Cantor's theorem"): a few words, no markup, not a
// note to the author.
func commentName(doc string, at int) string {
	ls := lineStartBefore(doc, at)
	if ls < 0 {
		ls = 0
	}
	if strings.TrimSpace(doc[ls:at]) != "" || ls == 0 {
		return ""
	}
	pe := ls - 1
	ps := strings.LastIndexByte(doc[:pe], '\n') + 1
	line := strings.TrimSpace(doc[ps:pe])
	if !strings.HasPrefix(line, "%") {
		return ""
	}
	t := strings.TrimSpace(strings.Trim(line, "% \t"))
	if t == "" || strings.ContainsAny(t, `\{}=$#<>|`) || strings.Count(t, " ") > 6 || len(t) > maxName {
		return ""
	}
	for _, w := range strings.Fields(strings.ToLower(t)) {
		switch strings.Trim(w, ".,:;!?()-") {
		case "todo", "fixme", "xxx", "note", "notes", "is", "are", "we", "should", "will", "old",
			"new", "removed", "commented", "version", "begin", "end", "proof", "fix", "check",
			"see", "hack", "was", "maybe", "delete", "moved", "this", "here", "below", "above",
			"following", "start", "stop", "section", "chapter", "subsection", "label":
			return ""
		}
	}
	// "Theorem: Cantor" or "Theorem 2 (Cantor)" name the theorem.
	if i := strings.IndexAny(t, ":("); i > 0 && kindWordOf(strings.Fields(t[:i])) {
		t = strings.Trim(t[i+1:], " ()")
	}
	if !hasLetter(t) {
		return ""
	}
	n := givenName(t)
	if n == "" || kindWordOf(strings.Fields(n)) && !strings.Contains(n, " ") {
		return ""
	}
	return n
}

// kindWordOf reports words that are only a result kind and number.
func kindWordOf(ws []string) bool {
	if len(ws) == 0 {
		return false
	}
	if refKinds[strings.ToLower(ws[0])] == "" {
		return false
	}
	for _, w := range ws[1:] {
		if strings.Trim(w, "0123456789.") != "" {
			return false
		}
	}
	return true
}

// leadVerbs say what the following result is about when they follow
// "the following theorem": "… describes the performance of heap-sort".
var leadVerbs = map[string]bool{
	"about": true, "on": true, "concerning": true, "regarding": true, "describing": true,
	"bounding": true, "giving": true, "characterizing": true, "describes": true, "gives": true,
	"bounds": true, "characterizes": true, "summarizes": true, "states": true,
	"establishes": true, "formalizes": true, "captures": true, "relates": true,
	"expresses": true, "quantifies": true, "computes": true,
}

// leadPassives introduce the topic before "by the following theorem":
// "the performance of radix-sort is given by the following theorem".
var leadPassives = map[string]bool{
	"given": true, "described": true, "characterized": true, "summarized": true,
	"stated": true, "bounded": true, "captured": true, "established": true,
	"expressed": true, "formalized": true, "quantified": true,
}

var resultWords = map[string]bool{
	"theorem": true, "lemma": true, "proposition": true, "corollary": true, "result": true,
	"fact": true, "rule": true, "principle": true, "law": true, "algorithm": true,
	"identity": true, "inequality": true, "bound": true, "claim": true,
}

// leadInName reads the sentence that leads into a block for the topic it
// announces: "A little summing up … gives us the following theorem about
// the running time of quicksort:" → "Running Time of Quicksort".
func leadInName(lead string) string {
	ws := strings.Fields(dropMath(lead))
	for i := 0; i+1 < len(ws); i++ {
		if strings.ToLower(ws[i]) != "following" {
			continue
		}
		kind := strings.ToLower(strings.Trim(ws[i+1], ",.:;"))
		if !resultWords[strings.TrimSuffix(kind, "s")] {
			continue
		}
		// "… is given by the following theorem"
		if i >= 4 && strings.ToLower(ws[i-1]) == "the" && (ws[i-2] == "by" || ws[i-2] == "in") &&
			leadPassives[strings.ToLower(ws[i-3])] && (ws[i-4] == "is" || ws[i-4] == "are") {
			var np []string
			for k := i - 5; k >= 0 && len(np) < 7; k-- {
				w := ws[k]
				if strings.HasSuffix(w, ",") || strings.HasSuffix(w, ".") || strings.HasSuffix(w, ";") || strings.HasSuffix(w, ":") {
					break
				}
				np = append([]string{w}, np...)
			}
			return topicPhrase(np)
		}
		if i+3 >= len(ws) || !leadVerbs[strings.ToLower(ws[i+2])] {
			continue
		}
		return topicPhrase(ws[i+3:])
	}
	return ""
}

// topicPhrase turns the words of a lead-in's topic into a name: up to the
// first clause break, without articles, argument lists or pronouns.
func topicPhrase(ws []string) string {
	var parts []string
	for _, w := range ws {
		end := strings.ContainsAny(w[len(w)-1:], ",.;:")
		w = strings.Trim(w, ",.;:")
		l := strings.ToLower(w)
		if len(parts) == 0 && (articles[l] || l == "us" || l == "we") {
			continue
		}
		switch l {
		case "this", "that", "these", "those", "it", "its", "our", "their", "above", "previous":
			return ""
		case "which", "where", "when", "if", "and", "as", "because", "since", "so", "using", "with":
			end = true
			w = ""
		}
		if w != "" {
			if k := strings.IndexByte(w, '('); k > 0 && strings.HasSuffix(w, ")") {
				w = w[:k] // heapSort(a,c) → heapSort
			}
			parts = append(parts, w)
		}
		if end || len(parts) >= 6 {
			break
		}
	}
	if len(parts) == 0 {
		return ""
	}
	n := tidyName(strings.Join(parts, " "))
	if n == "" || !strings.Contains(n, " ") && len(n) < 4 {
		return ""
	}
	return headline(n)
}

// headline capitalizes a phrase like titleCase but keeps identifiers with
// inner capitals (heapSort) as written.
func headline(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		lw := strings.ToLower(w)
		if i > 0 && smallWords[lw] && lw == w {
			continue
		}
		if len(w) > 1 && strings.ToLower(w[1:]) != w[1:] {
			continue
		}
		words[i] = upperFirst(w)
	}
	return strings.Join(words, " ")
}

// leadInBefore returns the last sentence of the paragraph right before
// offset at, or "" when a blank line, another block or a heading comes
// first.
func leadInBefore(doc string, at int, clean func(string) string) string {
	from := max(0, at-600)
	s := strings.TrimRight(doc[from:at], " \t\r\n")
	if k := strings.LastIndex(s, "\n\n"); k >= 0 {
		s = s[k+2:]
	}
	// Only a sentence announcing "the following …" names what follows.
	if !strings.Contains(s, "following") {
		return ""
	}
	// Stop at the end of the previous block or list.
	for _, stop := range []string{`\end{`, `\begin{`, `\item`, `\section`, `\subsection`, "</", "<p>"} {
		if k := strings.LastIndex(s, stop); k >= 0 {
			s = s[k:]
			if e := strings.IndexAny(s, "}>\n"); e >= 0 {
				s = s[e+1:]
			}
		}
	}
	t := clean(s)
	if t == "" {
		return ""
	}
	spans := sentenceSpans(t)
	last := spans[len(spans)-1]
	return t[last[0]:last[1]]
}

// resultName names a result by what its statement says: a short first
// sentence in words, a conventional gist ("Characterization of Trees"),
// or its claim with its variables read ("A polynomial of odd degree has a
// real root"); "" when it says none of these in words.
func resultName(stmt string) string {
	if n := sentenceName(stmt); n != "" {
		return n
	}
	if n := gistName(stmt); n != "" {
		return n
	}
	if n := lawName(stmt); n != "" {
		return n
	}
	return claimName(stmt)
}

// wordyName reports whether a statement's sentence taken from running
// text (where formulas are not marked) names its result in words: five
// words or more ("The link is unique" says too little out of context),
// no variable ("Mechanism M is ε-private") and no operator or styled
// letter of a formula ("I ⊢ F implies …").
func wordyName(n string) bool {
	if strings.HasPrefix(n, "Characterization of ") || strings.HasPrefix(n, "Running Time of ") {
		return true // the conventional names gistName gives
	}
	ws := strings.Fields(n)
	if len(ws) < 5 {
		return false
	}
	for _, w := range ws {
		if isVariable(strings.Trim(w, ",;:")) && !numberWords[strings.ToLower(w)] && strings.ToLower(w) != "a" {
			return false
		}
	}
	for _, r := range n {
		if unicode.Is(unicode.Sm, r) || r >= 0x1D400 && r <= 0x1D7FF {
			return false
		}
	}
	return true
}

// sentenceName names a result by its statement when its first sentence is
// short and in words: "Every connected graph has a spanning tree".
func sentenceName(stmt string) string {
	spans := sentenceSpans(stmt)
	if len(spans) == 0 {
		return ""
	}
	s := text.CollapseSpace(stmt[spans[0][0]:spans[0][1]])
	if strings.ContainsAny(s, "$\\{}") || strings.Count(s, "(") != strings.Count(s, ")") || itemLabel.MatchString(s) ||
		strings.Contains(s, "...") || strings.Contains(s, "…") {
		// A formula, a parenthesis a PDF's line broke ("det(Gij"), a
		// list's first item ("a) The set …"): not a sentence in words.
		return ""
	}
	s = dropParens(s)
	s = strings.TrimSuffix(strings.TrimSuffix(s, " i.e"), " e.g")
	s = strings.TrimSpace(strings.TrimRight(s, ".!? "))
	ws := strings.Fields(s)
	if len(ws) < 3 {
		return ""
	}
	first := strings.ToLower(ws[0])
	existence := first == "there" && (ws[1] == "are" || ws[1] == "is" || ws[1] == "exist" || ws[1] == "exists")
	if !existence && (leadingClause[first] || pronouns[first] || first == "there") || first == "it" || first == "this" ||
		first == "we" || first == "let" {
		return ""
	}
	if first == "the" || first == "a" || first == "an" {
		s = strings.Join(ws[1:], " ")
		ws = ws[1:]
	}
	if len(s) > maxClaim {
		return ""
	}
	verb := false
	for k, w := range ws {
		l := strings.ToLower(strings.Trim(w, ",;:"))
		switch l {
		case "following", "above", "below", "this", "these", "those", "it", "they":
			return ""
		}
		if k > 0 && (sentenceVerbs[l] || verbLike(l, ws[k-1])) {
			verb = true
		}
	}
	if !verb {
		return ""
	}
	return upperFirst(s)
}

// itemTitle is the title a result's first part carries: "(i)
// (Archimedean property) If …" names the result after its main part.
var itemTitle = lazyre.New(`^\((?:i|a|1)\)\s+\(([A-Za-z][A-Za-z' –-]{2,58})\)`)

// itemLabel opens a list's item: "a) ", "(i) ", "A) ".
var itemLabel = lazyre.New(`^\(?(?:[a-hA-H]|[ivx]{1,4}|[0-9])\)\s`)

// sentenceVerbs are the verbs results are stated with (a first sentence's
// and a claim's conclusion's).
var sentenceVerbs = map[string]bool{
	"is": true, "are": true, "has": true, "have": true, "implies": true, "imply": true,
	"holds": true, "hold": true, "exists": true, "exist": true, "satisfies": true,
	"satisfy": true, "contains": true, "equals": true, "admits": true, "preserves": true,
	"commutes": true, "converges": true, "determines": true, "runs": true, "terminates": true,
	"can": true, "must": true, "cannot": true, "does": true, "do": true, "takes": true,
	"needs": true, "requires": true, "yields": true, "gives": true, "forms": true, "form": true,
	"converge": true, "diverges": true, "divides": true, "attains": true, "achieves": true,
	"lies": true, "belongs": true, "generates": true, "spans": true, "partition": true, "partitions": true,
}

// dropParens removes parenthesized asides: "(Definition 3.2)", "(i.e. …)".
func dropParens(s string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
			continue
		case ')':
			if depth > 0 {
				depth--
				continue
			}
		}
		if depth == 0 {
			b.WriteByte(s[i])
		}
	}
	return text.CollapseSpace(b.String())
}

// sectionNumber is the number a heading read from a PDF or a rendered
// page may still carry ("2.3.7 * Exterior algebra", "B.2 Permutations"),
// with the division's word or sign when the book prints it ("Chapter 11
// Weak PFR over the integers", "Appendix B: Tables", "§ 2 Das
// Lebesgue-Maß"): the name has its own number, and the source's heading is
// the title alone.
var sectionNumber = lazyre.New(`^(?:(?:Chapter|Section|Part|Appendix|Lecture|Unit)\s+(?:[0-9]+(?:\.[0-9]+)*|[IVXLC]+|[A-Z])[.:]?\s+|§\s*[0-9]+(?:\.[0-9]+)*\.?\s+|[0-9]+(?:\.[0-9]+)*\.?\s+|[A-Z](?:\.[0-9]+)+\.?\s+)(?:\*\s*)?`)

// numberedName is the last resort: "Lemma 4.1.2 — Quasi-inverses", or
// "Lemma 4.1.2" in a section whose title says nothing.
func (x *extractor) numberedName(st *secState, c *cand) string {
	kind := c.kind
	if kind == "" {
		kind = kindWord(string(c.typ))
	}
	num := c.number
	if num == "" {
		// Each kind counts on its own: a section's first theorem is
		// "Theorem 1" even after two definitions.
		if x.secIndex == nil {
			x.secIndex = map[secKind]int{}
		}
		k := secKind{st, kind}
		x.secIndex[k]++
		num = strconv.Itoa(x.secIndex[k])
	}
	n := kind + " " + num
	if t := tidyName(sectionNumber.ReplaceAllString(st.title, "")); t != "" && !genericTitles[strings.ToLower(t)] {
		if full := n + " — " + upperFirst(t); len(full) <= maxName {
			return full
		}
	}
	if st.title == "Document" {
		// A document without headings (a deck of slides) numbers its
		// results from 1 as the next one does: its title tells them apart.
		if t := headlessTitle(x.a); t != "" {
			return n + " — " + upperFirst(t)
		}
	}
	return n
}

// headlessTitle is the title of a document without headings as a name's
// tail: without its number ("14.") and a closing aside ("(Notes on …,
// 2.2)"), at most twice a name's length.
func headlessTitle(a *core.Analysis) string {
	if a == nil || len(a.Sections) != 1 || a.Sections[0].Title != "Document" || len(a.Sections[0].Children) > 0 {
		return ""
	}
	t := text.CollapseSpace(sectionNumber.ReplaceAllString(a.Title, ""))
	if strings.HasSuffix(t, ")") {
		if o := strings.LastIndex(t, " ("); o > 0 && len(t)-o > 12 {
			t = strings.TrimSpace(t[:o])
		}
	}
	if t == "" || genericTitles[strings.ToLower(t)] {
		return ""
	}
	return text.Truncate(t, 2*maxName)
}

// blockName chooses the name of a block that is not split by terms. lead
// and comment are read lazily: most blocks are named before them.
func (x *extractor) blockName(st *secState, c *cand, title string, terms []termHit, alt func() string) string {
	if n := givenName(title); n != "" {
		c.genuine = true
		return n
	}
	if c.typ == core.Definition && len(terms) > 0 {
		if n := groupName(termGroup{terms: terms, stmt: c.statement}); n != "" {
			c.genuine = true
			return n
		}
	}
	if x.format == core.FormatLaTeX {
		if n := commentName(x.doc, c.offset); n != "" {
			c.genuine = true
			return n
		}
	}
	if alt != nil {
		if n := alt(); n != "" {
			c.genuine = true
			return n
		}
	}
	if c.typ != core.Definition {
		if n := leadInName(leadInBefore(x.doc, c.offset, x.leadClean)); n != "" {
			c.genuine = true
			return n
		}
	}
	switch c.typ {
	case core.Definition:
		if n := predicateAdjective(c.statement); n != "" {
			c.genuine = true
			return n
		}
		if n := statedTerm(c.statement); n != "" {
			c.genuine = true
			return titleCase(n)
		}
		if n := titleTerm(st.title, c.statement); n != "" && !x.terms[termKey(n)] {
			c.genuine = true
			return n
		}
	case core.Theorem, core.Axiom, core.Identity:
		if m := itemTitle.FindStringSubmatch(c.statement); m != nil {
			c.genuine = true
			return upperFirst(strings.TrimSpace(m[1]))
		}
		if n := resultName(c.statement); n != "" {
			c.genuine = true
			return n
		}
	}
	return x.numberedName(st, c)
}

// leadClean renders the text before a block for reading its lead-in.
func (x *extractor) leadClean(s string) string {
	switch x.format {
	case core.FormatLaTeX:
		return x.texr.clean(s)
	case core.FormatPreTeXt:
		return x.ptxClean(s)
	}
	return s
}

// badName reports names that are not names: a lone verb or instruction
// word ("Defines", "Let", "Given").
func badName(n string) bool {
	l := strings.ToLower(n)
	if strings.Contains(l, " ") {
		f := strings.Fields(l)
		return imperatives[f[0]] || f[0] == "we" || f[0] == "let" || f[0] == "given" || f[0] == "define" ||
			f[0] == "defines"
	}
	switch l {
	case "define", "defines", "defined", "let", "given", "denote", "denotes", "say", "call", "suppose", "consider":
		return true
	}
	return imperatives[l] || clauseVerbs[l]
}

// titleTerm names a definition after its section when the section is
// titled by what the definition defines: in "Closed sets", "we say that
// $S \subseteq X$ is closed in $X$ if …" defines a closed set. The title,
// or one of its parts joined by "and" or a comma ("Homotopy and simply
// connected spaces"), names the term when every word of it appears in the
// definition's defining sentence (definingSentence), as a word of the same
// stem ("Continuity" and "continuous"); a generic head noun ("sets") may
// stand for a variable. A plural title is made singular.
func titleTerm(title, stmt string) string {
	title = tidyName(sectionNumber.ReplaceAllString(title, ""))
	if title == "" || genericTitles[strings.ToLower(title)] {
		return ""
	}
	sent := definingSentence(stmt)
	if sent == "" {
		return ""
	}
	have := map[string]bool{}
	for _, s := range text.Stems(text.Words(dropMath(sent))) {
		have[s] = true
	}
	for _, part := range titleParts.Split(title, -1) {
		ws := strings.Fields(part)
		if len(ws) == 0 || len(ws) > 4 {
			continue
		}
		matched, missing := 0, false
		for k, w := range ws {
			l := strings.ToLower(w)
			switch {
			case text.IsStopword(l) || articles[l]:
			case have[text.Stem(l)]:
				matched++
			case k == len(ws)-1 && k > 0 && genericNouns[singular(l)]:
				// "Closed sets" where the set is a variable: "we say
				// that $S$ is closed".
			default:
				missing = true
			}
		}
		if matched > 0 && !missing {
			return titleCase(singular(strings.TrimSpace(part)))
		}
	}
	return ""
}

// definingSentence is a definition's first sentence that does more than
// set up its notation: "Let $\mu^*$ be an outer measure. We say a set $A$
// is measurable …" defines in its second.
func definingSentence(stmt string) string {
	spans := sentenceSpans(stmt)
	for k, sp := range spans {
		sent := stmt[sp[0]:sp[1]]
		f, _, _ := strings.Cut(strings.TrimSpace(sent), " ")
		switch strings.ToLower(strings.Trim(f, ",")) {
		case "let", "suppose", "assume", "fix", "throughout", "consider":
			if k+1 < len(spans) && k < 2 {
				continue
			}
		}
		return sent
	}
	return ""
}

// titleParts splits a section title into the topics it joins.
var titleParts = lazyre.New(`\s*(?:,|;|\band\b)\s*`)

// predicateAdjective names a definition whose term is an adjective
// predicated of a plain subject: "A set A is enumerable iff …" →
// "Enumerable Set"; also after "we say (that)": "We say a set A is
// measurable if …".
func predicateAdjective(stmt string) string {
	sent := definingSentence(stmt)
	if k := strings.Index(strings.ToLower(sent), "we say "); k >= 0 && k < 60 {
		sent = strings.TrimPrefix(sent[k+len("we say "):], "that ")
		if sent != "" {
			sent = strings.ToUpper(sent[:1]) + sent[1:]
		}
	}
	ws := strings.Fields(dropMath(sent))
	for k := 1; k+1 < len(ws) && k < 16; k++ {
		if ws[k] != "is" && ws[k] != "are" {
			continue
		}
		var pred []string
		for _, w := range ws[k+1:] {
			l := strings.ToLower(strings.Trim(w, ",;:."))
			if l == "if" || l == "iff" || l == "when" || l == "whenever" || l == "provided" || (l == "with" && len(pred) > 0) {
				break
			}
			if l == "called" && len(pred) == 0 {
				// "An operator is called unitary if …"
				continue
			}
			if articles[l] || l == "said" || l == "called" || text.IsStopword(l) || clauseVerbs[l] ||
				isVariable(w) || len(pred) >= 3 || strings.ContainsAny(w, ",;:.") && l == "" {
				return ""
			}
			pred = append(pred, l)
		}
		if len(pred) == 0 || len(pred)+k+1 >= len(ws) {
			return ""
		}
		return adjectiveSubject(sent, strings.Join(pred, " "))
	}
	return ""
}

// statedTerm is definedTerm for statements that name their term in a
// recognizable way: "… is called X", "… is said to be X", or a subject
// opening the statement ("A group is a set …"). A subject found only
// after an opening clause ("For f, a left inverse …, we denote") is not
// the defined term.
func statedTerm(stmt string) string {
	n := definedTerm(stmt)
	if n == "" || badName(n) {
		return ""
	}
	ws := strings.Fields(stmt)
	if len(ws) == 0 {
		return ""
	}
	first := strings.ToLower(strings.Trim(ws[0], ",.;:"))
	if leadingClause[first] || first == "we" || first == "given" || first == "let" {
		l := strings.ToLower(stmt)
		if !strings.Contains(l, " called ") && !strings.Contains(l, " said to be ") && !strings.Contains(l, " termed ") {
			return ""
		}
	}
	return n
}

// gistName names a result by the two shapes of statement whose name is
// conventional: a characterization ("A graph T is a tree if and only if
// …" → "Characterization of Trees") and a running time ("The
// mergeSort(a,c) algorithm runs in O(n log n) time …" → "Running Time of
// mergeSort").
func gistName(stmt string) string {
	if !strings.Contains(stmt, " if") && !strings.Contains(stmt, " time") {
		return ""
	}
	// The claim may follow its setting: "Let (X,d) be a metric space. A
	// set K ⊂ X is compact if and only if …".
	spans := sentenceSpans(stmt)
	sent := stmt[spans[0][0]:spans[0][1]]
	for k := 0; k+1 < len(spans) && k < 2 && hypothesisStart(strings.ToLower(sent)); k++ {
		sent = stmt[spans[k+1][0]:spans[k+1][1]]
	}
	plain := dropMath(sent)
	l := strings.ToLower(plain)
	ws := strings.Fields(plain)
	if len(ws) < 4 {
		return ""
	}
	art := strings.ToLower(ws[0])
	if k := strings.Index(l, " if and only if "); k > 0 || strings.Contains(l, " iff ") {
		if k < 0 {
			k = strings.Index(l, " iff ")
		}
		head := strings.Fields(plain[:k])
		if art != "a" && art != "an" || len(head) < 3 {
			return ""
		}
		// "A graph T is a tree", "A set A is enumerable", "A function f is
		// an equivalence".
		is := -1
		for j, w := range head {
			if w == "is" {
				is = j
				break
			}
		}
		if is < 2 || is+1 >= len(head) {
			return ""
		}
		pred := head[is+1:]
		noun := false // "is a tree": a noun; "is complete": an adjective
		if p := strings.ToLower(pred[0]); p == "a" || p == "an" {
			pred, noun = pred[1:], true
		}
		if len(pred) == 0 || len(pred) > 3 {
			return ""
		}
		for _, w := range pred {
			lw := strings.ToLower(w)
			if isVariable(w) || text.IsStopword(lw) || clauseVerbs[lw] {
				return ""
			}
		}
		subject := ""
		if len(pred) == 1 && (adjectival(pred[0]) || !noun) {
			// "A set A is enumerable iff …": enumerable sets.
			for _, w := range head[1:is] {
				if !isVariable(w) && !text.IsStopword(strings.ToLower(w)) {
					subject = strings.ToLower(w)
				}
			}
			if subject == "" {
				return ""
			}
			return titleCase("characterization of " + strings.ToLower(pred[0]) + " " + plural(subject))
		}
		words := make([]string, len(pred))
		for j, w := range pred {
			words[j] = strings.ToLower(w)
		}
		if adjectival(words[len(words)-1]) {
			// "A function f is uniformly continuous iff …": uniformly
			// continuous functions.
			for _, w := range head[1:is] {
				if !isVariable(w) && !text.IsStopword(strings.ToLower(w)) {
					return titleCase("characterization of " + strings.Join(words, " ") + " " + plural(strings.ToLower(w)))
				}
			}
			return ""
		}
		words[len(words)-1] = plural(words[len(words)-1])
		return titleCase("characterization of " + strings.Join(words, " "))
	}
	if art == "the" && (strings.Contains(l, " runs in ") || strings.Contains(l, " time")) {
		// The subject: up to its verb, argument lists and the generic
		// noun ("algorithm", "method") dropped.
		var subj []string
		for _, w := range ws[1:] {
			lw := strings.ToLower(w)
			if lw == "runs" || lw == "can" || lw == "takes" || lw == "sorts" || lw == "is" || lw == "has" {
				break
			}
			subj = append(subj, w)
			if len(subj) > 4 {
				return ""
			}
		}
		if n := len(subj); n > 1 && (subj[n-1] == "algorithm" || subj[n-1] == "method" || subj[n-1] == "procedure") {
			subj = subj[:n-1]
		}
		if len(subj) == 0 || len(subj) > 3 || !strings.Contains(l, " time") {
			return ""
		}
		for j, w := range subj {
			if k := strings.IndexByte(w, '('); k > 0 {
				subj[j] = w[:k]
			}
		}
		n := tidyName("Running Time of " + strings.Join(subj, " "))
		if n == "" || strings.Count(n, " ") < 3 {
			return ""
		}
		return n
	}
	return ""
}

// adjectival reports words that read as adjectives ("enumerable",
// "connected", "bipartite").
func adjectival(w string) bool {
	l := strings.ToLower(w)
	for _, suf := range []string{"able", "ible", "al", "ive", "ic", "ous", "ed", "ant", "ent", "ite", "ar", "ful", "less"} {
		if strings.HasSuffix(l, suf) && len(l) > len(suf)+2 {
			return true
		}
	}
	return false
}

// plural is the English plural of a noun, by the regular rules.
func plural(n string) string {
	switch {
	case strings.HasSuffix(n, "s") || strings.HasSuffix(n, "x") || strings.HasSuffix(n, "ch") || strings.HasSuffix(n, "sh"):
		return n + "es"
	case strings.HasSuffix(n, "y") && len(n) > 2 && !strings.ContainsAny(n[len(n)-2:len(n)-1], "aeiou"):
		return n[:len(n)-1] + "ies"
	}
	return n + "s"
}

// nounTerms drops the terms a definition uses as verbs ("we say f(x)
// \emph{converges} to L"): a name is never a verb. The term is what
// follows "called", an article or a preposition, or is not in -s.
func nounTerms(stmt string, terms []termHit) []termHit {
	out := terms[:0:0]
	for _, t := range terms {
		if !verbTerm(stmt, t.text) {
			out = append(out, t)
		}
	}
	return out
}

func verbTerm(stmt, term string) bool {
	l := strings.ToLower(strings.TrimSpace(term))
	if strings.Contains(l, " ") || !strings.HasSuffix(l, "s") || strings.HasSuffix(l, "ss") ||
		strings.HasSuffix(l, "us") || strings.HasSuffix(l, "is") || strings.HasSuffix(l, "ics") {
		return false
	}
	p := indexFold(stmt, term)
	if p <= 0 {
		return false
	}
	ws := strings.Fields(dropMath(stmt[:p]))
	if len(ws) == 0 {
		return false
	}
	prev := strings.ToLower(strings.Trim(ws[len(ws)-1], ",;:()\"'"))
	switch prev {
	case "called", "termed", "named", "of", "be", "said", "all", "no", "two", "many", "several":
		return false
	}
	switch prev {
	case "is", "are", "was", "were", "has", "have", "had":
		return false
	}
	return !articles[prev] && !smallWords[prev]
}

// nominal turns a defined verb phrase into its noun: "diverges to
// infinity" → "divergence to infinity".
func nominal(t string) string {
	f := strings.Fields(t)
	if len(f) == 0 {
		return t
	}
	switch strings.ToLower(f[0]) {
	case "converges", "converge":
		f[0] = "convergence"
	case "diverges", "diverge":
		f[0] = "divergence"
	default:
		return t
	}
	return strings.Join(f, " ")
}
