package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// bcp14 are the requirement keywords of RFC 2119/8174. Only the upper-case
// words are keywords; "must" in prose is not a requirement.
var bcp14 = []struct {
	word  string
	axiom bool // absolute requirement (axiom) or recommendation (technique)
}{
	{"MUST", true}, {"SHALL", true}, {"REQUIRED", true},
	{"SHOULD", false}, {"RECOMMENDED", false},
}

// kwHit is one keyword occurrence inside a sentence.
type kwHit struct {
	abs   int    // absolute offset in the document
	pos   int    // offset inside the joined sentence text
	word  string // as found, "NOT" folded in ("MUST NOT")
	axiom bool
}

func (x *extractor) spec(st *secState) {
	x.markers(st, specMarkers)
	s := st.own
	if !strings.Contains(s, "MUST") && !strings.Contains(s, "SHALL") && !strings.Contains(s, "SHOULD") &&
		!strings.Contains(s, "REQUIRED") && !strings.Contains(s, "RECOMMENDED") {
		return
	}
	eachSentence(s, func(segs []seg) { x.requirement(st, segs) })
}

// seg is a piece of a sentence that is contiguous in the section text.
type seg struct{ a, b int }

// eachSentence splits hard-wrapped text into sentences. Wrapped lines are
// joined; RFC page furniture (form feeds, "[Page N]" footers, "RFC NNNN …
// Month Year" headers, and the blank lines around them) is skipped without
// ending the sentence, so a sentence broken by a page break stays whole.
// Sentences end at '.', '!' or '?' followed by white space (not after
// "e.g.", "i.e.", "Sec." and similar, not inside "5.1"), and at blank lines.
func eachSentence(s string, fn func([]seg)) {
	var cur []seg
	curLen := 0
	flush := func() {
		if len(cur) > 0 {
			fn(cur)
		}
		cur = cur[:0]
		curLen = 0
	}
	push := func(a, b int) {
		for a < b && isSpaceByte(s[a]) {
			a++
		}
		for b > a && isSpaceByte(s[b-1]) {
			b--
		}
		if a >= b {
			return
		}
		if len(cur) == 0 {
			a = skipBullet(s, a, b)
			if a >= b {
				return
			}
		}
		// A runaway "sentence" (ASCII art, tables) is cut into pieces rather
		// than held whole: statements are 500 bytes at most anyway.
		if curLen > 8*maxStatement {
			flush()
		}
		cur = append(cur, seg{a, b})
		curLen += b - a
	}
	p := 0
	for p < len(s) {
		nl := strings.IndexByte(s[p:], '\n')
		le := len(s)
		if nl >= 0 {
			le = p + nl
		}
		line := s[p:le]
		next := le + 1
		switch {
		case isBlank(line):
			// Look past the blank run: a page break continues the sentence.
			q := next
			brk := false
			for q < len(s) {
				nl2 := strings.IndexByte(s[q:], '\n')
				e2 := len(s)
				if nl2 >= 0 {
					e2 = q + nl2
				}
				l2 := s[q:e2]
				if isPageFurniture(l2) {
					brk = true
				} else if !isBlank(l2) {
					break
				}
				q = e2 + 1
			}
			if !brk {
				flush()
			}
			if q > len(s) {
				q = len(s)
			}
			next = q
		case isPageFurniture(line):
			// furniture without surrounding blank lines: skip it alone
		default:
			a := p
			for k := p; k < le; k++ {
				c := s[k]
				if c != '.' && c != '!' && c != '?' {
					continue
				}
				e := k + 1
				for e < le && (s[e] == '"' || s[e] == ')' || s[e] == '\'' || s[e] == ']') {
					e++
				}
				if e < le && s[e] != ' ' && s[e] != '\t' {
					continue
				}
				if c == '.' && !sentenceEndsAt(s, p, k, e, le) {
					continue
				}
				push(a, e)
				flush()
				a = e
			}
			push(a, le)
		}
		if next <= p {
			next = p + 1
		}
		p = next
	}
	flush()
}

func isBlank(line string) bool { return strings.TrimSpace(line) == "" }

// isPageFurniture recognizes the lines an RFC page break inserts.
func isPageFurniture(line string) bool {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(line, "\f") {
		return true
	}
	if strings.HasSuffix(t, "]") {
		if i := strings.LastIndex(t, "[Page "); i >= 0 && isDigits(t[i+6:len(t)-1]) {
			return true
		}
	}
	if strings.HasPrefix(t, "RFC ") && len(t) > 10 {
		j := 4
		for j < len(t) && '0' <= t[j] && t[j] <= '9' {
			j++
		}
		if j > 4 && len(t) >= 4 && isDigits(t[len(t)-4:]) {
			for _, m := range months {
				if strings.Contains(t, m) {
					return true
				}
			}
		}
	}
	return false
}

var months = []string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// abbrevs never end a sentence when followed by a period.
var abbrevs = map[string]bool{
	"e.g": true, "i.e": true, "cf": true, "vs": true, "sec": true, "fig": true, "eq": true,
	"no": true, "al": true, "approx": true, "resp": true, "ref": true, "refs": true, "viz": true,
	"mr": true, "dr": true, "st": true, "ch": true, "vol": true, "pp": true, "ed": true,
	"eds": true, "inc": true, "ltd": true, "corp": true, "jr": true, "sr": true, "def": true,
	"thm": true, "prop": true, "cor": true, "lem": true, "ex": true, "nr": true,
}

// sentenceEndsAt decides whether the period at k (line starting at ls,
// closing punctuation up to e) ends a sentence.
func sentenceEndsAt(s string, ls, k, e, le int) bool {
	j := k
	for j > ls && !isSpaceByte(s[j-1]) && s[j-1] != '(' && s[j-1] != '"' {
		j--
	}
	tok := strings.ToLower(s[j:k])
	if abbrevs[tok] {
		return false
	}
	if tok == "etc" {
		// "etc." ends a sentence only where RFC style puts two spaces or a
		// line break after it.
		return e >= le || (e+1 < le && s[e+1] == ' ')
	}
	// Initials ("I. Fette") are not sentence ends.
	if len(tok) == 1 && 'a' <= tok[0] && tok[0] <= 'z' && s[j] >= 'A' && s[j] <= 'Z' {
		return false
	}
	return true
}

// skipBullet drops a list bullet ("o  ", "*  ", "-  ") opening a sentence.
func skipBullet(s string, a, b int) int {
	if b-a >= 3 && (s[a] == 'o' || s[a] == '*' || s[a] == '-') && s[a+1] == ' ' {
		a += 2
		for a < b && s[a] == ' ' {
			a++
		}
	}
	return a
}

// requirement turns one sentence into an axiom (MUST, SHALL, REQUIRED) or a
// technique (SHOULD, RECOMMENDED), or nothing when it has no keyword.
// Keywords in quotes ("MUST") are mentions, as in the BCP 14 boilerplate,
// not requirements.
func (x *extractor) requirement(st *secState, segs []seg) {
	var b strings.Builder
	var hits []kwHit
	for i, sg := range segs {
		if i > 0 {
			b.WriteByte(' ')
		}
		base := b.Len()
		piece := st.own[sg.a:sg.b]
		for _, k := range bcp14 {
			for from := 0; from < len(piece); {
				j := strings.Index(piece[from:], k.word)
				if j < 0 {
					break
				}
				at := from + j
				from = at + len(k.word)
				if wordBefore(piece, at) || (from < len(piece) && isWordByte(piece[from])) {
					continue
				}
				w := k.word
				end := from
				if strings.HasPrefix(piece[from:], " NOT") && (from+4 == len(piece) || !isWordByte(piece[from+4])) {
					w += " NOT"
					end += 4
				}
				if at > 0 && end < len(piece) && piece[at-1] == '"' && piece[end] == '"' {
					continue
				}
				if k.word == "RECOMMENDED" && at >= 4 && piece[at-4:at] == "NOT " {
					w = "NOT RECOMMENDED"
					at -= 4
				}
				hits = append(hits, kwHit{abs: st.body + sg.a + at, pos: base + at, word: w, axiom: k.axiom})
			}
		}
		b.WriteString(piece)
	}
	if len(hits) == 0 {
		return
	}
	sentence := b.String()
	best := -1
	for i, h := range hits {
		switch {
		case best < 0:
			best = i
		case h.axiom && !hits[best].axiom:
			best = i
		case h.axiom == hits[best].axiom && h.pos < hits[best].pos:
			best = i
		}
	}
	h := hits[best]
	c := cand{typ: core.Technique, conf: 0.8, offset: h.abs}
	if h.axiom {
		c.typ, c.conf = core.Axiom, 0.9
	}
	c.statement = keywordWindow(text.CollapseSpace(sentence), h.word)
	c.name = specName(sentence, h.pos, h.word)
	if c.name == "" {
		if t := topicTitle(st.title); t != "" {
			c.name = tidyName(t + " Requirement")
		}
	}
	x.add(st, c)
}

// keywordWindow keeps a long sentence's keyword inside the 500-byte
// statement by starting it at a word boundary shortly before the keyword.
func keywordWindow(s, kw string) string {
	if len(s) <= maxStatement {
		return s
	}
	i := strings.Index(s, kw)
	if i < 0 || i+len(kw) < maxStatement-40 {
		return s
	}
	start := i - 200
	if start < 0 {
		start = 0
	}
	for start < i && s[start] != ' ' {
		start++
	}
	return "… " + strings.TrimSpace(s[start:])
}

// subordinators end the subject of a requirement when reading backwards
// from its keyword: "If the server sends X, the client MUST …" → "client".
var subordinators = map[string]bool{
	"if": true, "when": true, "then": true, "that": true, "which": true, "and": true, "or": true,
	"but": true, "unless": true, "where": true, "while": true, "because": true, "since": true,
	"so": true, "otherwise": true, "who": true, "whom": true, "once": true, "until": true,
	"after": true, "before": true, "thus": true, "hence": true, "therefore": true, "whose": true,
}

// relatives open a relative clause: the subject is the phrase before them
// ("The elements that comprise this value MUST" → "elements").
var relatives = map[string]bool{"that": true, "which": true, "who": true, "whose": true, "whom": true}

var pronouns = map[string]bool{"it": true, "they": true, "he": true, "she": true, "this": true, "these": true, "there": true, "one": true}

// determiners are dropped from requirement names.
var determiners = map[string]bool{
	"a": true, "an": true, "the": true, "this": true, "these": true, "those": true, "its": true,
	"their": true, "such": true, "any": true, "all": true, "each": true, "every": true, "some": true,
	"no": true, "both": true, "either": true, "given": true,
}

// adverbs are skipped in the action part of a requirement name.
var adverbs = map[string]bool{
	"always": true, "also": true, "only": true, "immediately": true, "simply": true, "never": true,
	"still": true, "first": true, "then": true, "instead": true, "either": true, "therefore": true,
	"thus": true, "subsequently": true, "additionally": true, "explicitly": true, "otherwise": true,
}

// objectStops end the action part: participles and prepositions that start
// a modifier rather than name the thing acted on.
var objectStops = map[string]bool{
	"according": true, "following": true, "including": true, "consisting": true, "containing": true,
	"using": true, "indicating": true, "representing": true, "corresponding": true, "regarding": true,
	"describing": true, "specifying": true, "except": true, "provided": true, "unless": true,
	"as": true, "see": true, "e.g": true, "i.e": true,
}

// keptVerbs are stopwords that carry the action of a requirement ("MUST
// be", "MUST have", "MUST NOT").
var keptVerbs = map[string]bool{"not": true, "be": true, "been": true, "have": true, "has": true, "do": true}

// specName names a requirement by what it constrains: the subject before
// the keyword, the keyword, and up to three content words of what follows
// ("The client MUST mask all frames that it sends" → "Client Must Mask
// Frames"). Determiners and adverbs are dropped; the subject skips a
// parenthetical or comma clause right before the keyword, steps over a
// relative clause to its head, and resolves a pronoun to the subject of a
// leading "If/When …" clause; the action stops at clause punctuation,
// subordinators and modifier participles. When no subject is found the
// name is the keyword and action, and it is shortened word by word until
// it fits in 60 bytes.
func specName(sentence string, pos int, kw string) string {
	before := sentence[:pos]
	after := ""
	if pos+len(kw) <= len(sentence) {
		after = sentence[pos+len(kw):]
	}
	subj := subjectBefore(before, 4)
	if len(subj) == 0 {
		subj = leadSubject(sentence[:pos], 3)
	}
	obj := objectAfter(after, 3)
	kwName := titleCase(strings.ToLower(kw))
	if kw == "REQUIRED" || kw == "RECOMMENDED" || kw == "NOT RECOMMENDED" {
		obj = nil
	}
	ns, no := len(subj), len(obj)
	for {
		parts := append([]string{}, subj[:ns]...)
		parts = append(parts, kwName)
		parts = append(parts, obj[:no]...)
		n := titleCase(strings.Join(parts, " "))
		if len(n) <= maxName || (ns <= 1 && no <= 1) {
			if t := tidyName(n); t != "" {
				return t
			}
			break
		}
		if no > 1 && (no >= ns || ns <= 1) {
			no--
		} else {
			ns--
		}
	}
	return ""
}

// nameWord cleans a word of a requirement for use in a name: RFC field
// markers (|Host|, _Fail_, /data/), quotes and a plural "(s)" go.
func nameWord(w string) string {
	w = strings.TrimSuffix(strings.TrimRight(w, ",;:.!?"), "(s)")
	return strings.Trim(w, "|_\"'`*()[]{}<>,;:.!?/")
}

// subjectBefore reads the subject of a requirement backwards from its
// keyword.
func subjectBefore(s string, max int) []string {
	f := strings.Fields(s)
	i := len(f) - 1
	// A parenthetical or comma clause right before the keyword ("the
	// character "#", when not indicating …, MUST") is skipped.
	if i >= 0 && strings.HasSuffix(f[i], ")") && !strings.HasPrefix(f[i], "(") {
		for i >= 0 && !strings.HasPrefix(f[i], "(") {
			i--
		}
		i--
	} else if i >= 0 && strings.HasSuffix(f[i], ",") {
		j := i - 1
		for j >= 0 && !strings.HasSuffix(f[j], ",") && i-j < 12 {
			j--
		}
		if j >= 0 && strings.HasSuffix(f[j], ",") && i-j < 12 {
			i = j
			f[i] = strings.TrimSuffix(f[i], ",")
		} else {
			return nil
		}
	} else if i >= 0 && strings.HasSuffix(f[i], ")") {
		i--
	}
	var rev []string
	first := i
	for ; i >= 0; i-- {
		raw := f[i]
		if i < first && strings.ContainsAny(raw[len(raw)-1:], ",;:.)!?") {
			break
		}
		w := nameWord(raw)
		l := strings.ToLower(w)
		if relatives[l] {
			if l == "that" && len(rev) <= 2 && (i == 0 || strings.ContainsAny(f[i-1][len(f[i-1])-1:], ",;:.")) {
				break // "…, that endpoint MUST": a determiner
			}
			// restart at the head of the relative clause
			rev = rev[:0]
			continue
		}
		if subordinators[l] || w == "" {
			break
		}
		rev = append(rev, w)
		if strings.HasPrefix(raw, "(") || len(rev) >= 12 {
			break
		}
	}
	words := make([]string, 0, len(rev))
	for k := len(rev) - 1; k >= 0; k-- {
		words = append(words, rev[k])
	}
	return nounPhrase(words, max)
}

// nounPhrase keeps the head of a subject: leading stopwords and numbers go,
// determiners go, an infinitive ("URI to pass …") is cut, and at most max
// words remain, counted from the front where English puts the head noun.
func nounPhrase(words []string, max int) []string {
	for len(words) > 0 {
		l := strings.ToLower(words[0])
		if text.IsStopword(l) || determiners[l] || isDigits(l) || pronouns[l] {
			words = words[1:]
			continue
		}
		break
	}
	var kept []string
	for _, w := range words {
		l := strings.ToLower(w)
		if l == "to" || l == "is" || l == "are" {
			break
		}
		if determiners[l] || adverbs[l] {
			continue
		}
		kept = append(kept, w)
	}
	if len(kept) > max {
		kept = kept[:max]
	}
	for len(kept) > 0 && (text.IsStopword(strings.ToLower(kept[len(kept)-1])) || smallWords[strings.ToLower(kept[len(kept)-1])]) {
		kept = kept[:len(kept)-1]
	}
	return kept
}

// leadSubject finds a subject where the words before the keyword have none
// ("it MUST", "and MUST"): the noun phrase opening the main clause, or,
// after a leading "If/When …," clause, the subject of that clause ("If
// the server doesn't support …, it MUST" → "server").
func leadSubject(s string, max int) []string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return nil
	}
	if leadingClause[strings.ToLower(nameWord(f[0]))] {
		depth := 0
		for i, raw := range f {
			depth += strings.Count(raw, "(") - strings.Count(raw, ")")
			if depth <= 0 && strings.HasSuffix(raw, ",") && i+1 < len(f) {
				if pronouns[strings.ToLower(nameWord(f[i+1]))] {
					break // "If the server …, it MUST": the server
				}
				if w := subjectWords(f[i+1:], max); len(w) > 0 {
					return w
				}
				break
			}
		}
		return subjectWords(f[1:], max)
	}
	return subjectWords(f, max)
}

// auxiliaries follow a plural subject: "identifiers are", "servers have".
var auxiliaries = map[string]bool{
	"are": true, "is": true, "was": true, "were": true, "have": true, "has": true, "can": true,
	"may": true, "must": true, "will": true, "should": true, "do": true, "does": true,
	"shall": true, "might": true, "could": true, "would": true, "need": true,
}

// subjectWords reads a noun phrase from the front of f, stopping at the
// verb.
func subjectWords(f []string, max int) []string {
	var words []string
	for k, raw := range f {
		w := nameWord(raw)
		l := strings.ToLower(w)
		if w == "" {
			break
		}
		if len(words) > 0 {
			next := ""
			if k+1 < len(f) {
				next = strings.ToLower(nameWord(f[k+1]))
			}
			// "server chooses to": a singular noun's verb; "fragment
			// identifiers are": a plural noun before its verb.
			verb := verbLike(l, words[len(words)-1]) && !auxiliaries[next]
			if clauseVerbs[l] || subordinators[l] || strings.Contains(l, "n't") || verb {
				break
			}
		}
		if len(words) == 0 && (l == "that" || l == "whether") {
			continue // "Note that the client …"
		}
		if len(words) == 0 && (clauseVerbs[l] || subordinators[l]) && !determiners[l] {
			return nil // a modifier, not a subject, follows the comma
		}
		if len(words) == 0 && (determiners[l] || text.IsStopword(l)) {
			continue
		}
		words = append(words, w)
		if strings.ContainsAny(raw[len(raw)-1:], ",;:.)!?") || len(words) >= max+2 {
			break
		}
	}
	return nounPhrase(words, max)
}

// objectAfter reads the action of a requirement: the verb and what it acts
// on.
func objectAfter(s string, max int) []string {
	var out []string
	content := 0
	for _, raw := range strings.Fields(s) {
		if strings.HasPrefix(raw, "(") || strings.HasPrefix(raw, "[") {
			break
		}
		w := nameWord(raw)
		l := strings.ToLower(w)
		if w == "" {
			break
		}
		switch {
		case keptVerbs[l]:
			if content > 0 {
				return out
			}
			out = append(out, w)
		case determiners[l] || adverbs[l]:
		case objectStops[l] || subordinators[l]:
			return out
		case text.IsStopword(l):
			if content > 0 {
				return out
			}
		case strings.HasSuffix(l, "'s") || strings.HasSuffix(l, "’s"):
			// a possessive needs its noun: it does not count toward max
			out = append(out, w)
		default:
			out = append(out, w)
			content++
		}
		if content >= max || strings.ContainsAny(raw[len(raw)-1:], ",;:.)!?") {
			break
		}
	}
	return out
}
