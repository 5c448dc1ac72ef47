package extract

import (
	"slices"
	"strings"

	"github.com/lore-kb/lore/core/text"
)

// Requirement names: actor + modal + action + object (see genre_spec.go for the
// convention).

// specTok is one word of a requirement sentence as a name reads it.
type specTok struct {
	w   string // as written, markup and trailing punctuation removed
	lw  string // lower case
	end byte   // clause punctuation that followed it: , ; : . ! ? or 0
	lit bool   // written as a name: |Host|
}

func (t specTok) isKeyword() bool { _, ok := bcpWords[t.w]; return ok }

// specTokens cleans a sentence for naming — Markdown and RFC markup
// (|Host|, _Fail the Connection_), citations ("[RFC2616]") and
// parentheticals without a key word go — and splits it into words.
func specTokens(s string) []specTok {
	s = specStripMarkdown(s)
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '(', '[':
			end := specClose(s, i)
			if end > i && !hasBCP14In(s[i:end]) {
				i = end
				if i+1 < len(s) && s[i+1] != ' ' && b.Len() > 0 && !isSpaceByte(s[i+1]) {
					// "field-name(s)": keep the word whole
				} else {
					b.WriteByte(' ')
				}
				continue
			}
			depth++
			b.WriteByte(' ')
		case ')', ']':
			if depth > 0 {
				depth--
			}
			b.WriteByte(' ')
		case '|':
			// RFC 6455 writes header names as |Host|
			if i+1 < len(s) && !isSpaceByte(s[i+1]) && (i == 0 || isSpaceByte(s[i-1]) || s[i-1] == '(') {
				b.WriteByte(2)
			}
		case '\n', '\t', '\r':
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	var out []specTok
	for _, f := range strings.Fields(b.String()) {
		var end byte
		for len(f) > 0 {
			c := f[len(f)-1]
			if c == ',' || c == ';' || c == ':' || c == '.' || c == '!' || c == '?' {
				if end == 0 || c != '.' {
					end = c
				}
				f = f[:len(f)-1]
				continue
			}
			if (c == '"' || c == '\'') && strings.Count(f, string(c))%2 == 1 {
				f = f[:len(f)-1]
				continue
			}
			break
		}
		lit := strings.HasPrefix(f, "\x02")
		f = strings.Trim(f, "_\x02")
		if (strings.HasPrefix(f, "\"") || strings.HasPrefix(f, "'")) && strings.Count(f, f[:1])%2 == 1 {
			if _, kw := bcpWords[f[1:]]; !kw && f[1:] != "NOT" {
				f = f[1:] // a quoted key word stays a mention
			}
		}
		if f == "" || f == "-" || f == "--" || f == "—" {
			if end != 0 && len(out) > 0 && out[len(out)-1].end == 0 {
				out[len(out)-1].end = end
			}
			continue
		}
		out = append(out, specTok{w: f, lw: strings.ToLower(f), end: end, lit: lit})
	}
	return out
}

// specInnerClause narrows a sentence whose main key word sits inside
// parentheses to the parenthetical: "… integer (the most significant bit
// MUST be 0) are …" → "the most significant bit MUST be 0".
func specInnerClause(s string) string {
	hits := findBCP14(s)
	p := primaryHit(hits)
	if p < 0 {
		return s
	}
	at := hits[p].pos
	var stack []int
	for i := 0; i < at; i++ {
		switch s[i] {
		case '(':
			stack = append(stack, i)
		case ')':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return s
	}
	open := stack[len(stack)-1]
	end := specClose(s, open)
	if end < 0 {
		end = len(s)
	}
	return s[open+1 : end]
}

// specClose finds the bracket closing the one at i, or -1.
func specClose(s string, i int) int {
	open, closeC := s[i], byte(')')
	if open == '[' {
		closeC = ']'
	}
	d := 0
	for j := i; j < len(s) && j < i+600; j++ {
		switch s[j] {
		case open:
			d++
		case closeC:
			d--
			if d == 0 {
				return j
			}
		}
	}
	return -1
}

func hasBCP14In(s string) bool { return primaryHit(findBCP14(s)) >= 0 }

// Word classes of requirement sentences.
var (
	// specSubjectStops end a subject read backwards from its key word.
	specSubjectStops = map[string]bool{
		"if": true, "when": true, "whenever": true, "then": true, "unless": true,
		"where": true, "while": true, "because": true, "since": true, "so": true, "otherwise": true,
		"thus": true, "hence": true, "therefore": true, "whereas": true, "although": true,
		"though": true, "whether": true, "however": true, "i.e": true, "e.g": true,
	}
	// specDeterminers open a noun phrase.
	specDeterminers = map[string]bool{
		"a": true, "an": true, "the": true, "this": true, "these": true, "those": true,
		"each": true, "every": true, "any": true, "all": true, "no": true, "both": true,
		"its": true, "their": true, "such": true, "some": true, "either": true, "neither": true,
	}
	// specPrepositions may sit inside a subject ("Values for the error parameter").
	specPrepositions = map[string]bool{
		"of": true, "for": true, "in": true, "on": true, "with": true, "from": true, "to": true,
		"at": true, "by": true, "without": true, "within": true, "under": true, "over": true,
		"between": true, "into": true, "via": true, "per": true, "about": true, "against": true,
		"along": true, "as": true, "like": true, "toward": true, "towards": true, "upon": true, "throughout": true, "except": true,
	}
	// specComplementizers take a "that" clause: "Note that the client MUST".
	specComplementizers = map[string]bool{
		"note": true, "ensure": true, "means": true, "mean": true, "requires": true, "require": true,
		"specifies": true, "given": true, "so": true, "such": true, "is": true, "are": true,
		"except": true, "provided": true, "say": true, "says": true, "states": true, "assume": true,
		"assuming": true, "recommended": true, "required": true, "likely": true, "possible": true,
		"important": true, "noting": true, "now": true, "implies": true, "indicates": true,
		"verify": true, "check": true, "true": true, "case": true, "fact": true,
	}
	// specGenericHeads name a thing only together with what they belong to:
	// "Value MUST be …" is about the field being defined.
	specGenericHeads = map[string]bool{
		"value": true, "values": true, "field": true, "parameter": true, "attribute": true,
		"member": true, "property": true, "string": true, "object": true, "element": true,
		"header": true, "directive": true, "claim": true, "option": true, "flag": true,
		"entry": true, "key": true, "extension": true, "message": true, "frame": true,
		"section": true, "document": true, "specification": true, "url": true, "uri": true,
		"type": true, "code": true, "status": true, "method": true, "response": true, "request": true,
		"registry": true, "mechanism": true, "feature": true, "setting": true, "token": true,
	}
	// pronouns stand for an actor named elsewhere.
	pronouns = map[string]bool{"it": true, "they": true, "he": true, "she": true, "this": true, "these": true, "there": true, "one": true}
	// specPredicateStops end the action part of a name.
	specPredicateStops = map[string]bool{
		"if": true, "when": true, "whenever": true, "unless": true, "because": true, "since": true,
		"while": true, "whereas": true, "although": true, "though": true, "otherwise": true,
		"where": true, "which": true, "who": true, "whereby": true, "regardless": true,
		"according": true, "e.g": true, "i.e": true, "see": true, "provided": true, "so": true,
		"unlike": true, "note": true, "cf": true,
	}
	// specAsStops follow "as" where the rest is a reference, not the action:
	// "as described in", "as follows".
	specAsStops = map[string]bool{
		"described": true, "defined": true, "specified": true, "discussed": true, "noted": true,
		"shown": true, "explained": true, "indicated": true, "outlined": true, "detailed": true,
		"per": true, "in": true, "follows": true, "appropriate": true, "needed": true,
		"necessary": true, "required": true, "well": true, "long": true, "soon": true,
		"mentioned": true, "given": true, "documented": true, "listed": true, "registered": true,
		"such": true, "noted,": true, "applicable": true, "usual": true, "before": true,
	}
	// specCondOpeners open a condition that tells two like requirements apart.
	specCondOpeners = map[string]bool{
		"if": true, "when": true, "whenever": true, "unless": true, "once": true, "after": true,
		"before": true, "upon": true, "while": true, "until": true, "for": true, "in": true,
	}
)

// determiners are dropped from requirement names.
var determiners = map[string]bool{
	"a": true, "an": true, "the": true, "this": true, "these": true, "those": true, "its": true,
	"their": true, "such": true, "any": true, "all": true, "each": true, "every": true, "some": true,
	"no": true, "both": true, "either": true, "given": true,
}

// adverbs are skipped in the action part of a name.
var adverbs = map[string]bool{
	"always": true, "also": true, "only": true, "immediately": true, "simply": true, "never": true,
	"still": true, "first": true, "then": true, "instead": true, "either": true, "therefore": true,
	"thus": true, "subsequently": true, "additionally": true, "explicitly": true, "otherwise": true,
}

// auxiliaries follow a plural subject: "identifiers are", "servers have".
var auxiliaries = map[string]bool{
	"are": true, "is": true, "was": true, "were": true, "have": true, "has": true, "can": true,
	"may": true, "must": true, "will": true, "should": true, "do": true, "does": true,
	"shall": true, "might": true, "could": true, "would": true, "need": true,
}

// specName names a requirement sentence and returns its actor. list marks
// a lead-in whose list items are conditions or parts of the action.
func specName(sentence string, nc reqNameCtx, list bool) (string, []string) {
	return specNameWith(sentence, nc, list, false)
}

// specNameWith is specName; withCond adds the sentence's condition, to
// tell two requirements with the same action apart ("" when it has none).
func specNameWith(sentence string, nc reqNameCtx, list, withCond bool) (string, []string) {
	toks := specTokens(specInnerClause(sentence))
	k := specPrimaryToken(toks)
	if k < 0 {
		return "", nil
	}
	kw := toks[k].w
	kind := bcpWords[kw]
	neg := k+1 < len(toks) && toks[k+1].w == "NOT"
	adjectival := kw == "REQUIRED" || kw == "RECOMMENDED" || kw == "OPTIONAL"
	if adjectival {
		neg = k > 0 && toks[k-1].w == "NOT"
		if neg && kw == "REQUIRED" {
			kind = kwMay
		}
		return specAdjectiveName(toks, k, kind, neg, nc, list, withCond)
	}
	subj, plural := specActor(toks, k, nc)
	j := k + 1
	if neg {
		j++
	}
	vp, j := specVerbPhrase(toks, j, kind, neg, plural)
	pred, stop := specPredicate(toks, j, kind, plural, nc.verbs)
	if j > 0 && j < len(toks) && toks[j-1].lw == "do" && toks[j].lw == "so" {
		// "It SHOULD do so as soon as practical"
		pred = nil
		for q := j; q < len(toks) && len(pred) < 8; q++ {
			if toks[q].isKeyword() {
				break
			}
			pred = append(pred, toks[q].w)
			if toks[q].end != 0 {
				break
			}
		}
	}
	var tail [][]string
	tailMin := 0
	if len(pred) == 1 && specObjectPronouns[strings.ToLower(pred[0])] {
		// "A cache SHOULD generate this": the field or topic it stands for
		switch {
		case nc.field != "":
			pred = []string{specLiteral(nc.field)}
		case nc.topic != "" && len(nc.topic) <= 40 && specNamedTopic(nc.topic) && strings.ToLower(pred[0]) != "so":
			pred = []string{specLiteral(nc.topic)}
		case len(toks) > 0 && leadingClause[toks[0].lw] && specLeadNP(toks) != nil:
			// "If multiple connections … are attempted, the client MUST
			// serialize them"
			pred = specLeadNP(toks)
		default:
			pred = nil
			if c := specCondition(toks, k, stop); len(c) > 0 && !list && !withCond {
				tail, tailMin = [][]string{c}, 3
			}
		}
	}
	if list {
		tail, pred = specListTail(toks, stop, pred)
	}
	if withCond {
		c := specCondition(toks, k, stop)
		if len(c) == 0 {
			return "", subj
		}
		tail = [][]string{c}
		tailMin = 3
	}
	if neg && !list && !withCond && len(tail) == 0 {
		// A prohibition with its exception ("MUST NOT send stale
		// responses unless it is disconnected") means the opposite
		// without it: the exception is part of the name.
		obj, exc := specException(toks, pred, stop)
		if len(exc) > 0 {
			// The object stays whole; when it and the exception cannot
			// share a line, the name is the object's alone.
			n := specFitName(subj, vp, obj, exc, 0, len(specTrimEnd(specDropArticles(obj))))
			if specExceptionKept(strings.Fields(strings.ToLower(n)), exc) {
				return specAtMostOnce(n), subj
			}
		}
	}
	if len(pred) == 0 && len(tail) == 0 && specEndsWeak(vp) {
		return "", subj
	}
	return specAtMostOnce(specCompose(subj, vp, pred, tail, tailMin)), subj
}

// specException splits a prohibition's exception from its object: the
// words from "without" or "except" in the object, or the "unless …"
// clause that stopped it.
func specException(toks []specTok, pred []string, stop int) ([]string, []string) {
	for i, w := range pred {
		if l := strings.ToLower(w); i > 0 && (l == "without" || l == "except") && i+1 < len(pred) {
			return pred[:i], pred[i:]
		}
	}
	if stop >= len(toks) || toks[stop].lw != "unless" {
		return pred, nil
	}
	var exc []string
	for i := stop; i < len(toks) && len(exc) < 12; i++ {
		if toks[i].isKeyword() || strings.HasPrefix(toks[i].w, "(") {
			break // "unless it is disconnected (i.e., …)"
		}
		exc = append(exc, toks[i].w)
		if toks[i].end != 0 {
			break
		}
	}
	if len(exc) < 2 {
		return pred, nil
	}
	return pred, exc
}

// specExceptionKept reports whether a name still says its exception exc:
// whole (its first alternative), or cut after two content words and not after a clause's verb
// ("unless it knows"), never down to one word ("without successful").
func specExceptionKept(f, exc []string) bool {
	i := slices.Index(f, strings.ToLower(exc[0]))
	if i < 1 {
		return false
	}
	contentWords := func(ws []string) int {
		n := 0
		for _, w := range ws {
			if !text.IsStopword(strings.ToLower(w)) {
				n++
			}
		}
		return n
	}
	first := exc[1:] // its first alternative: "unless it is disconnected or …"
	for j, w := range first {
		if l := strings.ToLower(w); l == "or" || l == "and" {
			first = first[:j]
			break
		}
	}
	kept, all := contentWords(f[i+1:]), contentWords(first)
	n := len(f)
	return kept > 0 && (kept == all || kept >= 2 && !specPronouns[f[n-2]])
}

// specPronouns open a clause whose verb cannot end a name.
var specPronouns = map[string]bool{"it": true, "they": true, "he": true, "she": true, "we": true}

// specAtMostOnce states a bounded prohibition positively: "… never
// appears more than once" → "… appears at most once".
func specAtMostOnce(n string) string {
	rest, ok := strings.CutSuffix(n, " more than once")
	if !ok || !strings.Contains(rest, " never ") {
		return n
	}
	return strings.Replace(rest, " never ", " ", 1) + " at most once"
}

// specLeadNP is the noun phrase opening a leading "If/When …" clause.
func specLeadNP(toks []specTok) []string {
	end := 1
	for end < len(toks) && toks[end-1].end == 0 && end < 12 {
		end++
	}
	np, _ := specLeadingNP(toks[1:end], nil)
	if len(np) == 0 || pronouns[strings.ToLower(np[0])] {
		return nil
	}
	return np
}

// specObjectPronouns stand for the thing a sentence acts on.
var specObjectPronouns = map[string]bool{"this": true, "it": true, "them": true, "these": true, "that": true, "so": true}

// specPrimaryToken finds the key word token a name is built around: the
// strongest, then the first.
func specPrimaryToken(toks []specTok) int {
	best := -1
	for i, t := range toks {
		k, ok := bcpWords[t.w]
		if !ok || t.w == "OPTIONAL" {
			continue
		}
		adj := func(w string) bool { return w == "REQUIRED" || w == "RECOMMENDED" }
		if best < 0 || k > bcpWords[toks[best].w] || k == bcpWords[toks[best].w] && adj(toks[best].w) && !adj(t.w) {
			best = i
		}
	}
	return best
}

// specActor finds the actor of the clause holding the key word at k, and
// whether it is plural.
func specActor(toks []specTok, k int, nc reqNameCtx) ([]string, bool) {
	if k > 0 && (toks[k-1].lw == "and" || toks[k-1].lw == "or" || toks[k-1].lw == "but") ||
		k > 1 && (toks[k-2].lw == "and" || toks[k-2].lw == "or") && (specDroppedAdverbs[toks[k-1].lw] || toks[k-1].lw == "so") {
		// "X is intended for Y and MUST NOT be stored": the subject of
		// the first verb
		a := k - 1
		if toks[a].lw != "and" && toks[a].lw != "or" && toks[a].lw != "but" {
			a--
		}
		if w, single := specCoordSubject(toks, a, nc.verbs); len(w) > 0 {
			w, single = specResolveSubject(toks, k, w, single, nc)
			return w, specPlural(w, single)
		}
	}
	words, single := specSubjectAt(toks, k)
	words, single = specResolveSubject(toks, k, words, single, nc)
	return words, specPlural(words, single)
}

// specCoordSubject finds the subject of a predicate coordinated with the one
// before it ("… and MUST"): the noun phrase opening the clause that holds
// the conjunction at a.
func specCoordSubject(toks []specTok, a int, verbs map[string]bool) ([]string, bool) {
	start := 0
	q := a - 1
	if q >= 0 && toks[q].end == ',' {
		q--
	}
	for ; q >= 0; q-- {
		if toks[q].end != 0 {
			start = q + 1
			break
		}
		if toks[q].lw == "that" && q > 0 && specComplementizers[toks[q-1].lw] {
			start = q + 1
			break
		}
	}
	if start < len(toks) && leadingClause[toks[start].lw] {
		return nil, false
	}
	if start < a && pronouns[toks[start].lw] && start > 0 {
		// "The client identifier is not a secret; it is exposed … and
		// MUST NOT": the pronoun's antecedent opens the sentence
		return specLeadingNP(toks[:start], verbs)
	}
	return specLeadingNP(toks[start:a], verbs)
}

// specLeadingNP reads the noun phrase that opens toks, up to its verb.
func specLeadingNP(toks []specTok, verbs map[string]bool) ([]string, bool) {
	var words []string
	single := false
	for i, t := range toks {
		l := t.lw
		if len(words) == 0 && specDeterminers[l] {
			if l == "a" || l == "an" || l == "each" || l == "every" {
				single = true
			}
			continue
		}
		if len(words) > 0 {
			next := ""
			if i+1 < len(toks) {
				next = toks[i+1].lw
			}
			if auxiliaries[l] || clauseVerbs[l] && !specPrepositions[l] || verbs[l] || strings.Contains(l, "n't") ||
				specPlainWord(l) && specPlainWord(strings.ToLower(words[len(words)-1])) && verbLike(l, words[len(words)-1]) &&
					(specDeterminers[next] || pronouns[next]) ||
				specDeterminers[next] && !specPrepositions[l] {
				break
			}
		}
		if len(words) == 0 && (text.IsStopword(l) || clauseVerbs[l]) {
			return nil, false
		}
		if len(words) > 0 && specPrepositions[l] {
			break // "Including the client credentials in …"
		}
		if len(words) > 0 && (l == "the" || l == "a" || l == "an") {
			continue
		}
		words = append(words, t.w)
		if t.end != 0 || len(words) >= 5 {
			break
		}
	}
	return words, single
}

// specPlainWord: lower-case letters only (not "warn-codes", "1xx").
func specPlainWord(l string) bool {
	for i := 0; i < len(l); i++ {
		if l[i] < 'a' || l[i] > 'z' {
			return false
		}
	}
	return l != ""
}

// specResolveSubject replaces what names no actor by itself: a pronoun, an
// empty subject, "Value" in a field's description, "this object".
func specResolveSubject(toks []specTok, k int, words []string, single bool, nc reqNameCtx) ([]string, bool) {
	switch {
	case len(words) == 0:
		return specFirstOf(nc.field1(), nc.lead, nc.prev, specClauseSubject(toks, k, nc.verbs), specAgentBefore(toks, k), nc.topic1()), false
	case len(words) == 1 && pronouns[strings.ToLower(words[0])] && strings.ToLower(words[0]) != "there":
		// "1xx warn-codes describe …, and so they MUST": the subject of
		// the sentence's first clause
		var first []string
		if at := specPronounAt(toks, k); at > 0 {
			if w, _ := specCoordSubject(toks, at, nc.verbs); len(w) > 0 && !pronouns[strings.ToLower(w[0])] {
				first = w
			}
		}
		// "If the version … is not supported by the Server, it MUST
		// respond": the agent of the clause's passive is who acts
		return specFirstOf(specPassiveAgent(toks, k), specClauseSubject(toks, k, nc.verbs), first, specAgentBefore(toks, k), nc.prev, nc.lead, nc.field1(), nc.topic1()), false
	}
	l0 := strings.ToLower(words[0])
	if (l0 == "its" || l0 == "their") && nc.field != "" && len(words) == 2 && specGenericHeads[strings.ToLower(words[1])] {
		return []string{specLiteral(nc.field), words[1]}, true // "its value" → "required value"
	}
	if l0 == "this" || l0 == "these" || l0 == "that" || l0 == "those" || l0 == "such" {
		rest := words[1:]
		if len(rest) > 0 && specGenericHeads[strings.ToLower(rest[len(rest)-1])] {
			if nc.field != "" {
				return []string{specLiteral(nc.field)}, true
			}
			if nc.topic != "" && specTopicHas(nc.topic, rest[len(rest)-1]) {
				return []string{nc.topic}, true
			}
		}
		return rest, single
	}
	// "value", "the parameter value" describing a field
	if nc.field != "" && len(words) <= 2 && specGenericHeads[strings.ToLower(words[len(words)-1])] && specGenericHeads[strings.ToLower(words[0])] {
		return []string{specLiteral(nc.field)}, true
	}
	// "value of this header field" → "value of Sec-WebSocket-Key"
	for i := 1; i+1 < len(words); i++ {
		l := strings.ToLower(words[i])
		if (l == "this" || l == "the") && strings.ToLower(words[i-1]) == "of" && specGenericHeads[strings.ToLower(words[len(words)-1])] {
			ctx := nc.field
			if ctx == "" && nc.topic != "" && specTopicHas(nc.topic, words[len(words)-1]) {
				ctx = nc.topic
			}
			if ctx != "" {
				return append(append([]string{}, words[:i]...), ctx), single
			}
		}
	}
	return words, single
}

// specPronounAt finds the pronoun subject before the key word at k and
// returns the index of the conjunction before it ("and so they"), or -1.
func specPronounAt(toks []specTok, k int) int {
	for i := k - 1; i >= 0 && i >= k-3; i-- {
		if pronouns[toks[i].lw] {
			j := i - 1
			for j >= 0 && (toks[j].lw == "so" || specDroppedAdverbs[toks[j].lw]) {
				j--
			}
			if j >= 0 && (toks[j].lw == "and" || toks[j].lw == "or" || toks[j].lw == "but") {
				return j
			}
			return -1
		}
	}
	return -1
}

// specTopicHas reports whether a section topic is a thing of the kind head
// names ("Info Object" for "this object"), or looks like a header or
// parameter name ("Sec-WebSocket-Key" for "this header field").
func specTopicHas(topic, head string) bool {
	h := strings.ToLower(strings.TrimSuffix(head, "s"))
	t := strings.ToLower(topic)
	if h != "" && strings.Contains(t, h) {
		return true
	}
	return specNameLike(topic)
}

// specNamedTopic: a section title that names a thing a sentence can act
// on — a field, header or code ("Sec-WebSocket-Key", "Warning: 110 -
// "Response is Stale"") — rather than a subject area.
func specNamedTopic(topic string) bool {
	return specNameLike(topic) || strings.ContainsAny(topic, "\"0123456789:")
}

// specNameLike: a title that is the name of a field, header or code
// ("Sec-WebSocket-Key", "max-age", "ETag"), not a word.
func specNameLike(topic string) bool {
	if len(strings.Fields(topic)) != 1 {
		return false
	}
	if strings.ContainsAny(topic, "-_0123456789") {
		return true
	}
	for i := 1; i < len(topic); i++ {
		if topic[i] >= 'A' && topic[i] <= 'Z' {
			return true
		}
	}
	return false
}

func (nc reqNameCtx) field1() []string {
	if nc.field == "" {
		return nil
	}
	return []string{specLiteral(nc.field)}
}

func (nc reqNameCtx) topic1() []string {
	if nc.topic == "" {
		return nil
	}
	return []string{nc.topic}
}

func specFirstOf(cands ...[]string) []string {
	for _, c := range cands {
		if len(c) > 0 {
			return c
		}
	}
	return nil
}

// specSubjectAt reads the subject of the clause whose key word is at k,
// backwards: it stops at clause punctuation, at a conjunction that opens a
// clause, and where a noun phrase begins after another phrase ("In all
// circumstances a cache MUST" → "a cache"); a relative clause is stepped
// over to its head ("The elements that comprise this value MUST" →
// "elements"). single reports a singular determiner (a, an, each, every).
func specSubjectAt(toks []specTok, k int) (words []string, single bool) {
	i := k - 1
	if i < 0 {
		return nil, false
	}
	first := i
	// "A proxy, whether or not it implements a cache, MUST": skip the
	// comma clause right before the key word.
	if toks[i].end == ',' {
		j := i - 1
		for j >= 0 && toks[j].end != ',' && i-j < 24 {
			j--
		}
		for q := i - 1; q > 0 && i-q < 20; q-- {
			if toks[q].lw == "as" && toks[q-1].lw == "such" || toks[q].lw == "e.g" && q > 0 && toks[q-1].end == 0 {
				// "Formats such as "email", "uuid", and so on, MAY"
				s := q - 1
				if toks[q].lw == "e.g" {
					s = q
				}
				return specSubjectAt(toks, s)
			}
			if toks[q].end == ';' || toks[q].end == '.' || toks[q].end == ':' {
				break
			}
		}
		if j >= 0 && (toks[j].lw == "e.g" || toks[j].lw == "i.e") {
			// ", e.g., browsers on mobile handsets," : one aside
			j--
			for j >= 0 && toks[j].end != ',' && i-j < 20 {
				j--
			}
		}
		if j < 0 || toks[j].end != ',' {
			return nil, false
		}
		i, first = j, j
	} else if pronouns[toks[i].lw] && toks[i].lw != "one" {
		return []string{toks[i].w}, false // "… it MUST"
	} else if (toks[i].lw == "which" || toks[i].lw == "who" || toks[i].lw == "that") && i > 0 {
		// "a query component, which MUST be retained": the noun phrase
		// before the relative pronoun; "the CAs which an endpoint
		// supports and which SHOULD": before the first of the two
		if toks[i-1].lw == "and" || toks[i-1].lw == "or" {
			for q := i - 2; q > 0 && i-q < 12; q-- {
				if toks[q].lw == "which" || toks[q].lw == "who" || toks[q].lw == "that" {
					i = q
					break
				}
			}
		}
		if toks[i].lw == "that" && (toks[i-1].end != 0 || specComplementizers[toks[i-1].lw]) {
			return nil, false
		}
		var w []string
		for q := i - 1; q >= 0 && i-q <= 6; q-- {
			if q < i-1 && toks[q].end != 0 || specDeterminers[toks[q].lw] || specPrepositions[toks[q].lw] ||
				auxiliaries[toks[q].lw] || clauseVerbs[toks[q].lw] {
				break
			}
			w = append([]string{toks[q].w}, w...)
		}
		return specSubject(w)
	}
	var rev []specTok
	andAt := -1
	cleanStop := true
	detStop := false
	for ; i >= 0; i-- {
		t := toks[i]
		if i < first && (t.end != 0) {
			break
		}
		if t.isKeyword() || t.w == "NOT" {
			// "it MAY be sent as part of a response but SHOULD NOT …":
			// the subject of the first key word ("X is NOT RECOMMENDED
			// and SHOULD": the subject of "is")
			q := i
			for q > 0 && (toks[q].w == "NOT" || !toks[q].isKeyword()) {
				q--
			}
			for q > 0 && (toks[q-1].w == "NOT" || toks[q-1].lw == "is" || toks[q-1].lw == "are" || toks[q-1].lw == "be") &&
				(toks[q].w == "REQUIRED" || toks[q].w == "RECOMMENDED" || toks[q].w == "NOT" || toks[q].lw == "is" || toks[q].lw == "are") {
				q--
			}
			if q < i && len(rev) > 0 && !specDeterminers[rev[len(rev)-1].lw] {
				rev = rev[:0]
			}
			if len(rev) == 0 {
				return specSubjectAt(toks, q)
			}
			break
		}
		l := t.lw
		if l == "that" || l == "which" || l == "who" {
			if i == 0 || toks[i-1].end != 0 || specSubjectStops[toks[i-1].lw] {
				if l == "that" && len(rev) > 0 {
					rev = append(rev, t) // "that endpoint": a determiner
				}
				break
			}
			prev := toks[i-1].lw
			if specComplementizers[prev] || len(rev) > 0 && specDeterminers[rev[len(rev)-1].lw] {
				break // "Note that the client MUST"
			}
			rev = rev[:0] // relative clause: restart at its head
			andAt = -1
			continue
		}
		if l == "where" && len(rev) > 0 && pronouns[rev[len(rev)-1].lw] && i > 0 && toks[i-1].end == 0 {
			rev = rev[:0] // "… of the server where they are used SHOULD"
			andAt = -1
			continue
		}
		if specSubjectStops[l] {
			cleanStop = false
			break
		}
		if l == "and" || l == "or" {
			if andAt < 0 {
				andAt = len(rev)
			}
			rev = append(rev, t)
			continue
		}
		rev = append(rev, t)
		if specDeterminers[l] && i > 0 && toks[i-1].end == 0 && !specPrepositions[toks[i-1].lw] && toks[i-1].lw != "and" && toks[i-1].lw != "or" &&
			!(strings.HasSuffix(toks[i-1].lw, "ing") && len(toks[i-1].lw) >= 5) && !(i > 1 && toks[i-2].lw == "to") && toks[i-1].lw != "as" {
			// the noun phrase begins here ("In all circumstances a cache
			// MUST"), unless a relative clause holds it ("elements that
			// comprise this value") or a participle ("a system receiving
			// this warning")
			rel := -1
			for q := i - 1; q >= 0 && q >= i-8; q-- {
				if toks[q].end != 0 {
					break
				}
				if toks[q].lw == "that" || toks[q].lw == "which" || toks[q].lw == "who" {
					rel = q
					break
				}
			}
			if rel > 1 && rel < i-1 && (toks[rel-1].lw == "and" || toks[rel-1].lw == "or") && toks[rel-2].end == 0 {
				// "a client performing renegotiation … and which
				// receives …": the head is before both modifiers
				rev = rev[:0]
				andAt = -1
				i = rel - 1
				continue
			}
			if rel > 0 && rel < i-1 && toks[rel-1].end == 0 && !specComplementizers[toks[rel-1].lw] && !specSubjectStops[toks[rel-1].lw] &&
				!specPrepositions[toks[rel-1].lw] && !text.IsStopword(toks[rel-1].lw) {
				rev = rev[:0]
				andAt = -1
				i = rel
				continue
			}
			detStop = true
			break
		}
		if len(rev) >= 24 {
			break
		}
	}
	if !cleanStop && andAt >= 0 {
		// "where zero or more characters MAY": the conjunction goes
		// with what it joined.
		rev = rev[:andAt]
		andAt = -1
	}
	if andAt > 0 && !detStop {
		for _, t := range rev[andAt+1:] {
			if auxiliaries[t.lw] || t.lw == "cannot" || t.lw == "be" || t.lw == "been" {
				// "no schema can be determined and validation SHOULD
				// fail": a clause before the conjunction
				detStop = true
				break
			}
		}
		if detStop {
			rev = rev[:andAt]
		}
	} else if detStop && andAt > 0 && specDeterminers[rev[andAt-1].lw] {
		// "the client indicates its preferences in … and the
		// legacy_version field MUST": the phrase after the conjunction
		rev = rev[:andAt]
	}
	for len(rev) > 0 && (rev[len(rev)-1].lw == "and" || rev[len(rev)-1].lw == "or") {
		rev = rev[:len(rev)-1]
	}
	for q := len(rev) - 1; q >= 0; q-- {
		words = append(words, rev[q].w)
	}
	return specSubject(words)
}

// specSubject trims a subject: leading articles go (a singular one is
// remembered), a long subject keeps its head noun phrase.
func specSubject(words []string) ([]string, bool) {
	single := false
	for len(words) > 0 {
		l := strings.ToLower(words[0])
		if l == "and" || l == "or" || l == "but" || l == "as" || l == "if" || l == "when" || l == "while" || l == "since" || l == "because" {
			words = words[1:]
			continue
		}
		if l == "a" || l == "an" || l == "the" || l == "each" || l == "every" || l == "any" {
			if l != "the" && l != "any" {
				single = true
			}
			if l == "the" || l == "a" || l == "an" || len(words) > 3 {
				words = words[1:]
				continue
			}
		}
		break
	}
	for len(words) > 0 && (text.IsStopword(strings.ToLower(words[len(words)-1])) && !pronouns[strings.ToLower(words[len(words)-1])]) {
		words = words[:len(words)-1]
	}
	if len(words) > 6 || len(strings.Join(words, " ")) > 36 {
		words = specDropArticles(words)
		for i := 1; i < len(words); i++ {
			l := strings.ToLower(words[i])
			next := ""
			if i+1 < len(words) {
				next = strings.ToLower(words[i+1])
			}
			post := specPrepositions[next] || specDeterminers[next] || next == "" || strings.HasSuffix(l, "ing")
			if specPrepositions[l] && i >= 2 || l == "to" || specParticiple(l) && i >= 1 && post || l == "that" || l == "which" || l == "not" {
				if l == "of" {
					// "Clients in possession of a password": the phrase
					// "in possession of …" is one modifier
					for q := i - 1; q >= 1; q-- {
						if specPrepositions[strings.ToLower(words[q])] {
							i = q
							break
						}
					}
				}
				words = words[:i]
				break
			}
		}
		if len(words) > 6 {
			for i, w := range words {
				if l := strings.ToLower(w); (l == "and" || l == "or") && i > 0 {
					words = words[:i] // the first of two coordinated actors
					break
				}
			}
		}
		if len(words) > 6 || len(words) > 5 && !specContains(words, "and") && !specContains(words, "or") {
			words = words[len(words)-5:]
		}
	}
	return words, single
}

func specParticiple(l string) bool {
	if irregularParticiples[l] {
		return true
	}
	return len(l) >= 4 && strings.HasSuffix(l, "ed") && !strings.HasSuffix(l, "eed") || len(l) > 4 && strings.HasSuffix(l, "ing")
}

// irregularParticiples follow a noun they modify: "parameters sent
// without a value".
var irregularParticiples = map[string]bool{
	"sent": true, "made": true, "given": true, "taken": true, "held": true, "kept": true,
	"built": true, "found": true, "known": true, "shown": true, "written": true, "chosen": true,
	"done": true, "seen": true, "set": true, "put": true, "read": true, "sought": true,
	"bound": true, "brought": true, "meant": true, "left": true, "lost": true, "paid": true,
}

// specClauseSubject is the subject of the "If/When …" clause before a
// pronoun subject at k-1: "If the server doesn't support it, it MUST" →
// "server". When that subject is no agent but the clause names one ("If
// the origin is unacceptable to the server, it SHOULD respond"), the agent
// is the antecedent.
func specClauseSubject(toks []specTok, k int, verbs map[string]bool) []string {
	p := k - 1
	for p >= 0 && !pronouns[toks[p].lw] {
		if k-p > 3 {
			return nil
		}
		p--
	}
	if p < 1 {
		return nil
	}
	o := -1
	for q := p - 1; q >= 0 && p-q < 30; q-- {
		if specClauseOpeners[toks[q].lw] {
			o = q
			break
		}
		if toks[q].end == '.' || toks[q].end == ';' || toks[q].end == ':' {
			break
		}
	}
	if o < 0 {
		return nil
	}
	np, _ := specLeadingNP(toks[o+1:p], verbs)
	if len(np) > 3 {
		np = np[len(np)-3:]
	}
	// the phrase must be a subject: a verb follows it
	after := o + 1
	for after < p && (specDeterminers[toks[after].lw] || after-o-1 < len(np)+1 && specContains(np, toks[after].w)) {
		after++
	}
	if len(np) > 0 && isSpecAgent(np) {
		return np
	}
	for q := o + 1; q < p; q++ {
		if specAgents[toks[q].lw] && (q+1 >= p || !specAgents[toks[q+1].lw]) {
			w := []string{toks[q].w}
			if q > o+1 && specAgents[toks[q-1].lw+" "+toks[q].lw] {
				w = []string{toks[q-1].w, toks[q].w}
			}
			return w
		}
	}
	if after < p && (auxiliaries[toks[after].lw] || verbs[toks[after].lw] || clauseVerbs[toks[after].lw] && !specPrepositions[toks[after].lw] ||
		strings.HasSuffix(toks[after].lw, "s") || strings.HasSuffix(toks[after].lw, "ed")) {
		return np
	}
	return nil
}

// specClauseOpeners open a clause whose subject a later pronoun may name.
var specClauseOpeners = map[string]bool{
	"if": true, "when": true, "whenever": true, "once": true, "unless": true, "while": true,
	"since": true, "because": true, "until": true, "where": true,
}

// specAgents are the parties specifications give requirements to.
var specAgents = map[string]bool{
	"server": true, "client": true, "endpoint": true, "cache": true, "recipient": true,
	"sender": true, "proxy": true, "intermediary": true, "implementation": true, "application": true,
	"peer": true, "receiver": true, "gateway": true, "agent": true, "user agent": true,
	"origin server": true, "browser": true, "router": true, "host": true, "node": true,
	"servers": true, "clients": true, "endpoints": true, "caches": true, "recipients": true,
	"senders": true, "proxies": true, "implementations": true, "applications": true, "peers": true,
	"tool": true, "tools": true, "tooling": true, "parser": true, "parsers": true, "validator": true,
	"authorization server": true, "resource server": true, "resource owner": true,
}

// specAgentBefore is the first party named before the key word at k: "At
// any time after the server has received …, it MAY" → "server".
func specAgentBefore(toks []specTok, k int) []string {
	for q := 0; q < k-1; q++ {
		if specAgents[toks[q].lw] && !specAgents[toks[q+1].lw] && !pronouns[toks[q].lw] {
			if q > 0 && specAgents[toks[q-1].lw+" "+toks[q].lw] {
				return []string{toks[q-1].w, toks[q].w}
			}
			return []string{toks[q].w}
		}
	}
	return nil
}

// specPassiveAgent is the agent a passive names ("supported by the
// Server") in the clause right before the pronoun at k, nil for none.
func specPassiveAgent(toks []specTok, k int) []string {
	for q := k - 2; q >= 0 && k-q < 30; q-- {
		if q < k-2 && toks[q].end == '.' || toks[q].end == ';' {
			break
		}
		if toks[q].lw != "by" {
			continue
		}
		a := q + 1
		if a < k && (toks[a].lw == "the" || toks[a].lw == "a" || toks[a].lw == "an") {
			a++
		}
		if a < k && specAgents[toks[a].lw] {
			return []string{toks[a].w}
		}
		return nil
	}
	return nil
}

func isSpecAgent(np []string) bool {
	if len(np) == 0 {
		return false
	}
	return specAgents[strings.ToLower(np[len(np)-1])]
}

func specContains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// specPlural guesses the number of a subject from its head noun.
func specPlural(words []string, single bool) bool {
	if single || len(words) == 0 {
		return false
	}
	head := ""
	for _, w := range words {
		l := strings.ToLower(w)
		if l == "and" {
			return true
		}
		if specPrepositions[l] || specParticiple(l) && head != "" || l == "that" || l == "which" {
			break
		}
		head = w
	}
	l := strings.ToLower(head)
	switch l {
	case "both", "all", "they", "these", "those", "data", "people", "few", "many", "several":
		return true
	case "there", "it", "this":
		return false
	}
	if len(head) < 3 || head == strings.ToUpper(head) || !strings.HasSuffix(l, "s") {
		return false
	}
	for _, suf := range []string{"ss", "us", "is", "ous", "'s", "’s"} {
		if strings.HasSuffix(l, suf) {
			return false
		}
	}
	return true
}

// specVerbPhrase renders the key word and the verb after it by the naming
// convention, and returns where the object begins.
func specVerbPhrase(toks []specTok, j int, kind bcpKind, neg, plural bool) ([]string, int) {
	// "MUST, at a minimum, support": skip the aside.
	if j > 0 && j-1 < len(toks) && toks[j-1].end == ',' {
		q := j
		for q < len(toks) && toks[q].end != ',' && q-j < 8 {
			q++
		}
		if q < len(toks) && toks[q].end == ',' {
			j = q + 1
		}
	}
	var adv []string
	for j < len(toks) && (specKeptAdverbs[toks[j].lw] || specDroppedAdverbs[toks[j].lw] || specLyAdverb(toks, j)) && toks[j].end == 0 {
		if specLyAdverb(toks, j) && !specKeptAdverbs[toks[j].lw] && !specDroppedAdverbs[toks[j].lw] {
			adv = append(adv, toks[j].lw)
		} else if toks[j].lw == "not" {
			neg = true
		} else if specKeptAdverbs[toks[j].lw] && toks[j].lw != "never" {
			adv = append(adv, toks[j].lw)
		} else if toks[j].lw == "never" {
			neg = true
		}
		j++
	}
	modal := map[bcpKind]string{kwShould: "should", kwMay: "may"}[kind]
	if j >= len(toks) {
		return specModalWords(kind, neg), j
	}
	j = specPurpose(toks, j)
	v := toks[j]
	verb := v.w
	if v.w != v.lw && strings.ToLower(v.w[1:]) == v.w[1:] {
		verb = v.lw // "_Fail the WebSocket Connection_" → "fails …"
	}
	if !isSpecVerb(v) {
		return specModalWords(kind, neg), j
	}
	var out []string
	if kind != kwMust {
		out = append(out, modal)
		if neg {
			out = append(out, "not")
		}
		out = append(out, adv...)
		return append(out, verb), j + 1
	}
	switch v.lw {
	case "be":
		if plural {
			out = append(out, "are")
		} else {
			out = append(out, "is")
		}
		if neg {
			out = append(out, "never")
		}
		return append(out, adv...), j + 1
	}
	if neg {
		out = append(out, "never")
	}
	out = append(out, adv...)
	if v.end != 0 {
		toks[j].end = v.end
	}
	return append(out, specConjugate(verb, plural)), j + 1
}

// specLyAdverb: "MUST internally represent", "MUST NOT automatically
// redirect" — an adverb in -ly before the verb.
func specLyAdverb(toks []specTok, j int) bool {
	l := toks[j].lw
	if len(l) < 5 || !strings.HasSuffix(l, "ly") || j+1 >= len(toks) {
		return false
	}
	switch l {
	case "apply", "reply", "supply", "comply", "rely", "multiply", "fly":
		return false
	}
	return isSpecVerb(toks[j+1])
}

// specPurpose skips "use an algorithm equivalent to the following
// algorithm to" before the action it serves: the requirement is to parse
// a cookie-date, the algorithm is how.
func specPurpose(toks []specTok, j int) int {
	if toks[j].lw != "use" && toks[j].lw != "follow" && toks[j].lw != "apply" {
		return j
	}
	means := false
	for q := j + 1; q+1 < len(toks) && q-j < 12 && toks[q].end == 0; q++ {
		switch toks[q].lw {
		case "algorithm", "procedure", "steps", "method":
			means = true
		case "to":
			if means && isSpecVerb(toks[q+1]) && !determiners[toks[q+1].lw] {
				return q + 1
			}
		}
	}
	return j
}

// specModalWords is the key word as words, for a sentence whose verb cannot be
// read.
func specModalWords(kind bcpKind, neg bool) []string {
	switch kind {
	case kwShould:
		if neg {
			return []string{"should", "not"}
		}
		return []string{"should"}
	case kwMay:
		if neg {
			return []string{"may", "not"}
		}
		return []string{"may"}
	}
	if neg {
		return []string{"must", "not"}
	}
	return []string{"must"}
}

// isSpecVerb: a word that can be the verb after a key word.
func isSpecVerb(t specTok) bool {
	l := t.lw
	if len(l) < 2 || l == "be" || l == "have" || l == "do" {
		return len(l) >= 2
	}
	if specDeterminers[l] || specPrepositions[l] || text.IsStopword(l) {
		return false
	}
	for i := 0; i < len(l); i++ {
		if !(l[i] >= 'a' && l[i] <= 'z' || l[i] == '-') {
			return false
		}
	}
	return true
}

// specConjugate puts a verb in the present tense of its subject: "mask" →
// "masks" after a singular subject, "mask" after a plural one.
func specConjugate(v string, plural bool) string {
	l := strings.ToLower(v)
	switch l {
	case "be":
		if plural {
			return "are"
		}
		return "is"
	case "have":
		if plural {
			return "have"
		}
		return "has"
	}
	if plural {
		return v
	}
	switch {
	case l == "do" || l == "go" || l == "undergo":
		return v + "es"
	case strings.HasSuffix(l, "s") || strings.HasSuffix(l, "x") || strings.HasSuffix(l, "z") ||
		strings.HasSuffix(l, "ch") || strings.HasSuffix(l, "sh"):
		return v + "es"
	case len(l) > 2 && strings.HasSuffix(l, "y") && !strings.ContainsAny(l[len(l)-2:len(l)-1], "aeiou"):
		return v[:len(v)-1] + "ies"
	}
	return v + "s"
}

// specPredicate reads the object and restrictions after the verb up to the end
// of its clause; it returns the words and where it stopped.
func specPredicate(toks []specTok, j int, kind bcpKind, plural bool, verbs map[string]bool) ([]string, int) {
	var out []string
	if j > 0 && j-1 < len(toks) && toks[j-1].end == ',' {
		// "MUST be, at minimum, well formed": step over the aside
		q := j
		for q < len(toks) && toks[q].end != ',' && q-j < 6 {
			q++
		}
		if q < len(toks) && toks[q].end == ',' {
			j = q + 1
		} else {
			return nil, j
		}
	} else if j > 0 && j-1 < len(toks) && toks[j-1].end != 0 {
		return nil, j
	}
	p := j
	for ; p < len(toks); p++ {
		t := toks[p]
		l := t.lw
		if t.isKeyword() || t.w == "NOT" {
			break
		}
		if specPredicateStops[l] && len(out) > 0 {
			break
		}
		if l == "as" && p+1 < len(toks) && specAsStops[toks[p+1].lw] {
			break
		}
		if (l == "such" && p+1 < len(toks) && (toks[p+1].lw == "as" || toks[p+1].lw == "that")) ||
			(l == "in" && p+1 < len(toks) && (toks[p+1].lw == "order" || toks[p+1].lw == "accordance" || toks[p+1].lw == "particular")) ||
			(l == "for" && p+1 < len(toks) && (toks[p+1].lw == "example" || toks[p+1].lw == "instance")) ||
			(l == "even" && p+1 < len(toks) && (toks[p+1].lw == "if" || toks[p+1].lw == "though" || toks[p+1].lw == "when")) {
			break
		}
		if (l == "and" || l == "or") && p+1 < len(toks) && (toks[p+1].isKeyword() || specSubjectStops[toks[p+1].lw]) {
			break
		}
		if (l == "and" || l == "or") && kind == kwMust && p+1 < len(toks) && verbs[toks[p+1].lw] && toks[p+1].lw != "be" &&
			t.end == 0 {
			out = append(out, t.w, specConjugate(toks[p+1].w, plural))
			p++
			if toks[p].end != 0 {
				p++
				break
			}
			continue
		}
		out = append(out, t.w)
		if t.end != 0 {
			p++
			break
		}
		if len(out) >= 16 {
			break
		}
	}
	return out, p
}

// specListTail names what a lead-in's list adds: "unless listed conditions
// are met", or nothing for "the following fields".
func specListTail(toks []specTok, stop int, pred []string) ([][]string, []string) {
	word := ""
	if stop < len(toks) {
		word = toks[stop].lw
	}
	for len(pred) > 0 {
		l := strings.ToLower(pred[len(pred)-1])
		if l == "follows" || l == "following" && len(pred) > 1 && strings.ToLower(pred[len(pred)-2]) == "the" {
			pred = pred[:len(pred)-1]
			continue
		}
		break
	}
	switch word {
	case "unless":
		return [][]string{{"unless", "listed", "conditions", "are", "met"}, {"unless", "conditions", "are", "met"}, {"with", "exceptions"}}, pred
	case "if", "when", "whenever":
		return [][]string{{word, "listed", "conditions", "are", "met"}, {word, "conditions", "are", "met"}}, pred
	}
	return nil, pred
}

// specCondition returns the words of the sentence's condition: a leading
// "If/When …," clause or a trailing one after the action.
func specCondition(toks []specTok, k, stop int) []string {
	var c []string
	if len(toks) > 0 && specCondOpeners[toks[0].lw] && k > 1 {
		for i := 0; i < k; i++ {
			c = append(c, toks[i].w)
			if toks[i].end != 0 {
				break
			}
		}
	} else if stop < len(toks) && specCondOpeners[toks[stop].lw] {
		for i := stop; i < len(toks) && len(c) < 12; i++ {
			if toks[i].isKeyword() {
				break
			}
			c = append(c, toks[i].w)
			if toks[i].end != 0 {
				break
			}
		}
	}
	if len(c) < 2 {
		return nil
	}
	if c[0] != strings.ToUpper(c[0]) {
		c[0] = strings.ToLower(c[0][:1]) + c[0][1:] // "If the …" inside a name
	}
	return c
}

// specAdjectiveName names "X is REQUIRED", "It is RECOMMENDED that X …" and a
// field entry's "REQUIRED.".
func specAdjectiveName(toks []specTok, k int, kind bcpKind, neg bool, nc reqNameCtx, list, withCond bool) (string, []string) {
	word := map[bcpKind]string{kwMust: "required", kwShould: "recommended", kwMay: "optional"}[kind]
	// "client_id REQUIRED.": a field entry
	if k == 0 || k == 1 && neg {
		if nc.field == "" {
			return "", nil
		}
		if withCond {
			c := specCondition(toks, k, k+1)
			if len(c) == 0 {
				return "", nil
			}
			return specCompose([]string{specLiteral(nc.field)}, []string{"is", word}, nil, [][]string{c}, 2), nil
		}
		switch {
		case nc.topic != "" && kind == kwMust:
			return specCompose([]string{nc.topic}, []string{"requires"}, []string{specLiteral(nc.field)}, nil, 0), nil
		case nc.topic != "" && kind == kwShould && !neg:
			return specCompose([]string{nc.topic}, []string{"should", "include"}, []string{specLiteral(nc.field)}, nil, 0), nil
		case nc.topic != "" && kind == kwShould:
			return specCompose([]string{nc.topic}, []string{"should", "not", "include"}, []string{specLiteral(nc.field)}, nil, 0), nil
		}
		vp := []string{"is", word}
		if neg && kind == kwShould {
			vp = []string{"is", "not", "recommended"}
		}
		return specCompose([]string{specLiteral(nc.field)}, vp, nil, nil, 0), nil
	}
	be := k - 1
	if neg {
		be--
	}
	if be < 0 || (toks[be].lw != "is" && toks[be].lw != "are" && toks[be].lw != "be") {
		return "", nil
	}
	subj, single := specSubjectAt(toks, be)
	// "It is RECOMMENDED that the client use TLS" → "Client should use TLS"
	if len(subj) == 1 && strings.ToLower(subj[0]) == "it" && k+1 < len(toks) {
		switch toks[k+1].lw {
		case "that":
			if s := specThatClause(toks[k+2:], kind, neg, nc.verbs); s != "" {
				return specNameWith(s, nc, list, withCond)
			}
		case "to":
			if k+2 < len(toks) {
				s := "implementations " + strings.ToUpper(map[bcpKind]string{kwMust: "must", kwShould: "should", kwMay: "may"}[kind])
				if neg {
					s += " NOT"
				}
				actor := specFirstOf(nc.field1(), nc.lead, nc.prev)
				if len(actor) > 0 {
					s = strings.Join(actor, " ") + s[len("implementations"):]
				}
				return specNameWith(s+" "+specJoinTokens(toks[k+2:]), nc, list, withCond)
			}
		}
	}
	subj, single = specResolveSubject(toks, be, subj, single, nc)
	vp := []string{"is"}
	if specPlural(subj, single) {
		vp[0] = "are"
	}
	if neg {
		vp = append(vp, "not")
	}
	vp = append(vp, word)
	pred, stop := specPredicate(toks, k+1, kwShould, false, nc.verbs)
	var tail [][]string
	if withCond {
		c := specCondition(toks, k, stop)
		if len(c) == 0 {
			return "", subj
		}
		tail = [][]string{c}
	}
	return specCompose(subj, vp, pred, tail, 2), subj
}

// specThatClause rewrites the clause after "It is RECOMMENDED that" as a
// requirement sentence: "the client use TLS" → "the client SHOULD use TLS".
func specThatClause(toks []specTok, kind bcpKind, neg bool, verbs map[string]bool) string {
	kw := map[bcpKind]string{kwMust: "MUST", kwShould: "SHOULD", kwMay: "MAY"}[kind]
	if neg {
		kw += " NOT"
	}
	for i := 1; i < len(toks) && i < 10; i++ {
		if toks[i-1].end != 0 {
			break
		}
		switch toks[i].lw {
		case "be", "have", "not":
			if toks[i-1].lw != "to" && !auxiliaries[toks[i-1].lw] {
				if toks[i].lw == "not" && i+1 < len(toks) {
					return specJoinTokens(toks[:i]) + " " + kw + " NOT " + specJoinTokens(toks[i+1:])
				}
				return specJoinTokens(toks[:i]) + " " + kw + " " + specJoinTokens(toks[i:])
			}
		}
	}
	// "implementations place limits": a plural noun and a plain word
	h := 0
	if h < len(toks) && specDeterminers[toks[h].lw] {
		h++
	}
	if h+2 < len(toks) && toks[h].end == 0 && specPlural([]string{toks[h].w}, false) && specPlainWord(toks[h+1].lw) &&
		!strings.HasSuffix(toks[h+1].lw, "ing") && !strings.HasSuffix(toks[h+1].lw, "ed") && !specPrepositions[toks[h+1].lw] &&
		!specDeterminers[toks[h+1].lw] && !auxiliaries[toks[h+1].lw] && !text.IsStopword(toks[h+1].lw) {
		return specJoinTokens(toks[:h+1]) + " " + kw + " " + specJoinTokens(toks[h+1:])
	}
	for i := 1; i < len(toks) && i < 30; i++ {
		l := toks[i].lw
		if toks[i-1].end != 0 && i < 3 {
			return ""
		}
		if specDeterminers[toks[i-1].lw] {
			continue // "the document": a noun
		}
		switch toks[i-1].lw {
		case "to", "would", "could", "can", "will", "might", "need", "must", "should", "may", "shall":
			continue
		}
		if l == "not" && i+1 < len(toks) {
			return specJoinTokens(toks[:i]) + " " + kw + " NOT " + specJoinTokens(toks[i+1:])
		}
		if verbs[l] || l == "be" || l == "have" {
			return specJoinTokens(toks[:i]) + " " + kw + " " + specJoinTokens(toks[i:])
		}
	}
	return ""
}

func specJoinTokens(toks []specTok) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.w)
		if t.end != 0 {
			b.WriteByte(t.end)
		}
	}
	return b.String()
}

// specEndsWeak: a verb phrase that cannot end a name ("is", "should").
func specEndsWeak(vp []string) bool {
	if len(vp) == 0 {
		return true
	}
	l := strings.ToLower(vp[len(vp)-1])
	return text.IsStopword(l) || l == "never"
}

// specCompose joins actor, verb phrase, object and one of the tails into a
// name of at most maxName bytes: articles go first, then trailing phrases
// of the object and words of the tail (down to tailMin words), then the
// subject's modifiers. Tails are tried in order; a list tail ("unless
// listed conditions are met") is kept whole and keeps two object words,
// else the next, shorter tail is tried.
func specCompose(subj, vp, pred []string, tails [][]string, tailMin int) string {
	for _, t := range tails {
		tm, pm := tailMin, 0
		if tailMin == 0 {
			tm, pm = len(t), min(len(pred), 1)
		}
		if n := specFitName(subj, vp, pred, t, tm, pm); n != "" {
			return n
		}
	}
	return specFitName(subj, vp, pred, nil, 0, 0)
}

func specFitName(subj, vp, pred, tail []string, tailMin, predMin int) string {
	build := func(s, p, t []string) string {
		parts := make([]string, 0, len(s)+len(vp)+len(p)+len(t))
		parts = append(parts, s...)
		parts = append(parts, vp...)
		parts = append(parts, p...)
		parts = append(parts, t...)
		return strings.Join(parts, " ")
	}
	s, p, t := subj, specTrimEnd(pred), tail
	if n := build(s, p, t); len(n) <= maxReqName {
		return specFinishName(n)
	}
	s, p, t = specDropArticles(s), specTrimEnd(specDropArticles(p)), specDropArticles(t)
	for len(build(s, p, t)) > maxReqName {
		switch {
		case len(p) > 4 && len(p) > predMin:
			p = specShrink(p)
		case tailMin > 0 && len(p) > 2 && len(p) > predMin:
			p = specShrink(p) // a condition tells this name apart: keep it
		case len(t) > max(tailMin, 4):
			t = specShrink(t)
		case len(p) > 2 && len(p) > predMin:
			p = specShrink(p)
		case len(t) > max(tailMin, 2):
			t = specTrimEnd(t[:len(t)-1])
		case len(s) > 3 && len(strings.Join(s, " ")) > 24 && len(specHead(s)) < len(s):
			s = specHead(s)
		case len(p) > 1 && len(p) > predMin:
			p = specShrink(p)
		case len(t) > tailMin:
			t = specTrimEnd(t[:len(t)-1])
		case len(s) > 1:
			s = s[1:]
		default:
			if tailMin > 0 && len(t) > 0 || predMin > 0 {
				return ""
			}
			return specFinishName(build(s, p, t))
		}
	}
	if len(t) < tailMin || len(p) < predMin || tailMin > 0 && !specCondOK(t) {
		return ""
	}
	return specFinishName(build(s, p, t))
}

// specCondKey is the name a sentence's condition turns on ("If the
// response lacks a |Sec-WebSocket-Accept| header field, …" →
// "Sec-WebSocket-Accept"), or "".
func specCondKey(sentence string) string {
	toks := specTokens(specInnerClause(sentence))
	k := specPrimaryToken(toks)
	if k < 0 {
		return ""
	}
	_, stop := specPredicate(toks, k+1, kwShould, false, nil)
	cond := specCondition(toks, k, stop)
	for _, t := range toks {
		if t.lit && len(t.w) <= 30 && specContains(cond, t.w) {
			return t.w
		}
	}
	for _, w := range cond {
		w = strings.Trim(w, "\"'")
		if len(w) > 2 && len(w) <= 30 && strings.Trim(w, "0123456789.") != "" &&
			(specNameLike(w) || strings.ContainsAny(w, "0123456789") && specIdentifier(w)) {
			return w
		}
	}
	return ""
}

// specCondOK: a condition cut to fit still reads as one: a verb that is not
// its last word ("if stored response is selected", not "if stored
// response" or "when it receives").
func specCondOK(t []string) bool {
	if len(t) < 3 || strings.HasSuffix(strings.ToLower(t[len(t)-1]), "ed") && !auxiliaries[strings.ToLower(t[len(t)-2])] {
		return false
	}
	for i, w := range t[1 : len(t)-1] {
		l := strings.ToLower(w)
		if auxiliaries[l] || clauseVerbs[l] && !specPrepositions[l] && i > 0 ||
			strings.HasSuffix(l, "s") && i > 0 && !strings.HasSuffix(l, "ss") && !strings.HasSuffix(l, "us") {
			return true
		}
	}
	return false
}

// specShrink drops the last phrase of an object: from its last
// preposition or conjunction, else its last word; a dangling participle
// goes too.
func specShrink(p []string) []string {
	cut := 0
	for i := len(p) - 1; i >= 1; i-- {
		l := strings.ToLower(p[i])
		if specPrepositions[l] || l == "and" || l == "or" || l == "that" || l == "than" || specCondOpeners[l] || l == "because" ||
			l == "whose" || l == "which" || l == "who" || l == "where" || len(l) > 5 && strings.HasSuffix(l, "ing") && i > 1 {
			cut = i
			break
		}
	}
	if cut < 1 {
		if len(p) >= 2 && (specAdjective(p[0]) || strings.HasSuffix(strings.ToLower(p[0]), "ed")) {
			return p[1:] // "suitable HTTP authentication scheme", "stored response": keep the head
		}
		cut = max(len(p)-1, 0)
	}
	p = specTrimEnd(p[:cut])
	if n := len(p); n > 2 && (strings.ToLower(p[n-2]) == "and" || strings.ToLower(p[n-2]) == "or") {
		p = specTrimEnd(p[:n-2]) // "connect to that proxy and ask" → "connect to that proxy"
	}
	for i, w := range p {
		if strings.ToLower(w) == "either" && !specContains(p[i:], "or") {
			p = append(append([]string{}, p[:i]...), p[i+1:]...) // "either X" lost its "or Y"
			break
		}
	}
	if n := len(p); n > 1 && strings.HasSuffix(strings.ToLower(p[n-1]), "ing") && len(p[n-1]) > 5 {
		p = specTrimEnd(p[:n-1])
	}
	return p
}

// specAdjective: a modifier a name can lose before its noun.
func specAdjective(w string) bool {
	l := strings.ToLower(w)
	switch l {
	case "suitable", "appropriate", "valid", "new", "other", "additional", "specific", "same",
		"single", "multiple", "different", "separate", "certain", "particular", "such", "given":
		return true
	}
	for _, suf := range []string{"able", "ible", "ive", "ous", "ful"} {
		if strings.HasSuffix(l, suf) && len(l) > len(suf)+2 {
			return true
		}
	}
	return false
}

// specHead shortens a subject to its head: the words before a preposition,
// else the last three.
func specHead(s []string) []string {
	for len(s) > 1 {
		switch strings.ToLower(s[0]) {
		case "all", "any", "each", "every", "both":
			s = s[1:]
			continue
		}
		break
	}
	if len(s) <= 4 {
		return s
	}
	for i := 1; i < len(s); i++ {
		if l := strings.ToLower(s[i]); specPrepositions[l] || l == "and" || l == "or" || strings.HasSuffix(l, "ing") && len(l) > 4 {
			return s[:i]
		}
	}
	return s[len(s)-3:]
}

// specDropArticles removes articles and partitives ("each of its stored
// responses" → "stored responses") and names a field by its name ("header
// field with the name Origin" → "Origin header field").
func specDropArticles(ws []string) []string {
	for i := 1; i+2 < len(ws); i++ {
		if strings.ToLower(ws[i]) == "with" && (strings.ToLower(ws[i+1]) == "the" && i+3 < len(ws) && strings.ToLower(ws[i+2]) == "name" || strings.ToLower(ws[i+1]) == "name") &&
			specGenericHeads[strings.ToLower(ws[i-1])] {
			n := i + 2
			if strings.ToLower(ws[i+1]) == "the" {
				n = i + 3
			}
			j := i - 1
			for j > 0 && (specGenericHeads[strings.ToLower(ws[j-1])] || strings.ToLower(ws[j-1]) == "a" || strings.ToLower(ws[j-1]) == "the") {
				j--
			}
			rw := append([]string{}, ws[:j]...)
			rw = append(rw, ws[n])
			rw = append(rw, ws[j:i]...)
			ws = append(rw, ws[n+1:]...)
			break
		}
	}
	out := make([]string, 0, len(ws))
	for i := 0; i < len(ws); i++ {
		l := strings.ToLower(ws[i])
		if l == "a" || l == "an" || l == "the" || (l == "any" || l == "those" || l == "these" || l == "this") && i+1 < len(ws) {
			continue
		}
		if (l == "each" || l == "all" || l == "any" || l == "both") && i+2 < len(ws) && strings.ToLower(ws[i+1]) == "of" {
			switch strings.ToLower(ws[i+2]) {
			case "its", "their", "the", "these", "those":
				i += 2
				continue
			}
		}
		out = append(out, ws[i])
	}
	return out
}

// specTrimEnd drops words a name cannot end with: stopwords, small words,
// an opening quote.
func specTrimEnd(ws []string) []string {
	for len(ws) > 0 && !specBound(ws) {
		l := strings.ToLower(strings.Trim(ws[len(ws)-1], "\"'"))
		if strings.HasPrefix(ws[len(ws)-1], specLit) {
			break
		}
		if text.IsStopword(l) || smallWords[l] || specDeterminers[l] || l == "" || specWeakEnds[l] || specPrepositions[l] {
			ws = ws[:len(ws)-1]
			continue
		}
		break
	}
	return ws
}

// specWeakEnds cannot end a name: auxiliaries and participles that want
// an object.
var specWeakEnds = map[string]bool{
	"cannot": true, "can't": true, "be": true, "using": true, "including": true, "containing": true,
	"following": true, "indicating": true, "regarding": true, "specifying": true, "identifying": true,
	"making": true, "reusing": true, "providing": true, "sending": true, "whose": true,
	// "… defined in Section 5.2" cut before its number; "to clients
	// unable to …" cut before what they cannot do.
	"section": true, "sections": true, "unable": true, "able": true,
}

// specFinishName capitalizes the name's first letter, balances its quotes and
// makes sure it ends in a content word within maxReqName.
func specFinishName(n string) string {
	if strings.Count(n, "\"")%2 == 1 {
		n = strings.ReplaceAll(n, "\"", "")
	}
	n = specTrimNameTail(text.CollapseSpace(n))
	keep := strings.HasPrefix(n, specLit) && specIdentifierLike(n[len(specLit):])
	n = strings.ReplaceAll(n, specLit, "")
	if keep && conceptLike(n) {
		return n // a field name keeps its spelling: "in is required"
	}
	if len(n) > maxReqName {
		n = tidyName(n)
	}
	if len(n) > maxReqName || !hasConceptWord(n) {
		return ""
	}
	if f := strings.Fields(n); len(f) > 0 && specIdentifier(f[0]) {
		return n // "response_type is set to …" keeps the field's spelling
	}
	return upperFirst(n)
}

// specLit marks a word taken literally (a field or parameter name): it is
// never trimmed as a stopword nor capitalized.
const specLit = "\x01"

func specLiteral(w string) string { return specLit + w }

// specIdentifierLike: a field name that should keep its spelling (any
// lower-case or code-like word).
func specIdentifierLike(w string) bool {
	if f := strings.Fields(w); len(f) > 0 {
		w = f[0]
	}
	return w != "" && (w[0] < 'A' || w[0] > 'Z' || specIdentifier(w))
}

// specIdentifier: a field, parameter or code name written as such.
func specIdentifier(w string) bool {
	if strings.ContainsAny(w, "_./:#$@\"'`0123456789") {
		return true
	}
	for i := 1; i < len(w); i++ {
		if w[i] >= 'A' && w[i] <= 'Z' {
			return w[0] >= 'a' && w[0] <= 'z' // camelCase
		}
	}
	return false
}

// specTrimNameTail removes trailing punctuation and words a name cannot end
// with.
func specTrimNameTail(n string) string {
	for {
		n = strings.TrimRight(n, " ,;:.-–—")
		i := strings.LastIndexByte(n, ' ')
		if i < 0 {
			return n
		}
		if strings.HasPrefix(n[i+1:], specLit) {
			return n
		}
		last := strings.ToLower(strings.Trim(n[i+1:], "\"'"))
		if specBound(strings.Fields(n)) {
			return n
		}
		if text.IsStopword(last) || smallWords[last] || specPrepositions[last] {
			n = n[:i]
			continue
		}
		return n
	}
}

// specBound reports words that end in a bound a requirement turns on:
// "more than once", "at most once", "at least twice".
func specBound(ws []string) bool {
	n := len(ws)
	if n < 2 {
		return false
	}
	last, prev := strings.ToLower(ws[n-1]), strings.ToLower(ws[n-2])
	return (last == "once" || last == "twice") &&
		(prev == "than" || prev == "most" || prev == "least" || prev == "exactly" || prev == "only")
}

// maxReqName bounds a requirement's name: actor, modal, action and object
// with its restriction read as one line ("Authorization server may accept
// any form of client authentication").
const maxReqName = 72
