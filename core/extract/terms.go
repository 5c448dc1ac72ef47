package extract

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// termDefinitions reads the terms a Markdown text defines in running
// prose, set in bold where they are defined: "A **clique** in a graph is a
// set of vertices …", "… one of which is called the **conclusion**", "An
// argument is **invalid** if …", "- **Image**: a read-only template …".
// HTML and EPUB books mark the defining instance of a term with <dfn>,
// which their readers write in bold, so a book's definitions set in
// prose or in titled boxes without a kind ("Arguments.") are found too.
//
// Bold alone is emphasis, not a definition: the term must stand where a
// definition puts it (the subject of "is", after "called", "known as",
// "said to be", "define", or before "if" as a defined property). Each
// term is its own definition, its statement the sentence that defines
// it and the sentences that go on about it ("It …", "Such …").
//
// secFirst is the index of the section's first candidate.
func (x *extractor) termDefinitions(st *secState, secFirst int) {
	if x.format != core.FormatMarkdown || !strings.Contains(st.own, "**") && !strings.Contains(st.own, "*") && !strings.Contains(st.own, "_") {
		return
	}
	held := newHeld(x.cands[secFirst:])
	fence := false
	pos := 0
	for _, para := range strings.SplitAfter(st.own, "\n\n") {
		at := pos
		pos += len(para)
		if strings.Count(para, "```")%2 == 1 || strings.Count(para, "~~~")%2 == 1 {
			fence = !fence
			continue
		}
		p := strings.TrimSpace(para)
		if !fence && !strings.Contains(p, "**") {
			// "A *channel* is a pipeline …": the term a sentence defines,
			// set in italics where others set it in bold
			if m := italicTerm.FindStringSubmatchIndex(p); m != nil {
				// the words after the italics up to "is" are the term's
				// too: "A *bidirectional* channel" defines
				// "bidirectional channel"
				p = p[:m[2]] + "**" + p[m[2]+1:m[3]-1] + p[m[3]:m[5]] + "**" + p[m[5]:]
				para = strings.Replace(para, strings.TrimSpace(para), p, 1)
			}
		}
		if fence || p == "" || p[0] == '#' || p[0] == '|' || p[0] == '>' || !strings.Contains(p, "**") {
			continue
		}
		items := []string{p}
		if strings.HasPrefix(p, "- ") || strings.HasPrefix(p, "* ") {
			// Each item of a list is its own paragraph.
			items = strings.Split(strings.ReplaceAll(p[2:], "\n* ", "\n- "), "\n- ")
			for k, it := range items {
				items[k] = strings.TrimSpace(it)
				if t, rest, ok := glossaryItem(items[k]); ok {
					if !held.holds(st.body+at, st.body+pos, rest) {
						x.addTerms(st, at+max(strings.Index(para, it), 0), []boldTerm{{text: t}}, rest)
					}
					items[k] = ""
				}
			}
		}
		for _, it := range items {
			if it != "" {
				x.proseTerms(st, held, at, para, strings.Join(strings.Fields(it), " "))
			}
		}
	}
}

// italicTerm is a paragraph that opens by defining a term set in
// italics: "A *channel* is a …", "An *ordered* channel is a …", "The
// *root* of a tree is the …".
var italicTerm = lazyre.New(`^(?:An?|The)\s+(\*[A-Za-z][A-Za-z -]{0,40}\*|_[A-Za-z][A-Za-z -]{0,40}_)((?:\s+[a-z-]+){0,3})\s+(?:is|are)\s+(?:a|an|the|any|called|defined)\b`)

// proseTerms adds the terms the sentences of paragraph p define, one
// primitive per sentence as a definition environment's terms are grouped
// (a sentence defining "argument", "conclusion" and "premises" is one
// definition). raw is the paragraph as written, at its offset in the
// section.
func (x *extractor) proseTerms(st *secState, held heldBlocks, at int, raw, p string) {
	spans := sentenceSpans(p)
	for k, sp := range spans {
		s := p[sp[0]:sp[1]]
		terms := definedBold(s)
		if len(terms) == 0 {
			continue
		}
		stmt := s
		if k > 0 && demonstrative(s) {
			// "Such a tree is called a **minimum spanning tree**": the
			// sentence before says what "such a tree" is.
			stmt = p[spans[k-1][0]:sp[1]]
		}
		for j := k + 1; j < len(spans) && j <= k+3; j++ {
			next := p[spans[j][0]:spans[j][1]]
			if !continues(next) {
				break
			}
			stmt += " " + next
		}
		plain := strings.TrimSpace(stripEmph(stmt))
		if held.holds(st.body+at, st.body+at+len(raw), plain) {
			continue
		}
		off := at
		if i := strings.Index(raw, "**"+terms[0].text+"**"); i >= 0 {
			off += i // each sentence's definition has its own place
		}
		x.addTerms(st, off, terms, plain)
	}
}

// heldBlocks are the blocks other strategies found in a section, by
// offset: a paragraph is compared only with the blocks that start a
// statement's length before it, so a section of thousands of definitions
// costs no more per paragraph than a short one.
type heldBlocks []cand

func newHeld(cs []cand) heldBlocks {
	h := append(heldBlocks(nil), cs...)
	sort.Slice(h, func(i, j int) bool { return h[i].offset < h[j].offset })
	return h
}

// holds reports whether a block starting before the end of the paragraph
// at [at, end) holds the statement already (a "Definition 2.1." whose
// statement sets its term in bold).
func (h heldBlocks) holds(at, end int, plain string) bool {
	from := sort.Search(len(h), func(i int) bool { return h[i].offset >= at-maxBlockStatement })
	for _, c := range h[from:] {
		if c.offset >= end {
			break
		}
		if c.offset >= at && c.offset <= at+labelLead && (c.typ == core.Definition || c.typ == core.Theorem) {
			// The paragraph opens with the block's label ("Definition.
			// The following are called **elementary row operations**"):
			// its terms are the block's.
			return true
		}
		// Statements are stored with their white space collapsed (add).
		if strings.Contains(c.statement, plain) {
			return true
		}
	}
	return false
}

// labelLead bounds the indentation and emphasis before a block's label
// at the start of its paragraph.
const labelLead = 8

// addTerms adds the definition of the bold terms of one statement, named
// by its first term (and its second, as groupName names a definition's
// terms), unless the document defines its first term already.
func (x *extractor) addTerms(st *secState, off int, terms []boldTerm, plain string) {
	var names, bare []string
	for _, t := range terms {
		name := termName(t.text)
		if name == "" || admonition[strings.ToLower(name)] {
			continue
		}
		if t.property && x.terms[termKey(name)] {
			// "Isomorphic Graphs" defined, "isomorphic" again is not new.
			if len(names) == 0 {
				return
			}
			continue
		}
		if t.property {
			// "A graph is **bipartite** if …" defines bipartite graphs.
			if n := adjectiveSubject(plain, t.text); n != "" {
				name = n
			} else if n := nounBefore(plain, t.text); n != "" {
				name = titleCase(t.text + " " + n)
			} else if n := pluralLead(plain); n != "" {
				// "Graphs that are basically the same are called
				// **isomorphic**": isomorphic graphs.
				name = titleCase(t.text + " " + n)
			} else if len(names) > 0 {
				continue // "Atomic Statement", not "… and Molecular"
			}
		}
		if x.terms[termKey(name)] {
			if len(names) == 0 {
				return
			}
			continue
		}
		names = append(names, name)
		if t.property {
			bare = append(bare, termName(t.text))
		}
	}
	if len(names) == 0 {
		return
	}
	name := names[0]
	if len(names) >= 2 && len(names[0])+len(names[1])+5 <= maxName {
		name = names[0] + " and " + names[1]
	}
	x.add(st, cand{
		typ:       core.Definition,
		name:      name,
		statement: plain,
		offset:    st.body + off,
		conf:      0.75,
		genuine:   true,
	})
	for _, n := range append(names, bare...) {
		x.terms[termKey(n)] = true
	}
}

// admonition words are set in bold to label a paragraph, not to define a
// term.
var admonition = map[string]bool{
	"note": true, "warning": true, "tip": true, "important": true, "caution": true, "hint": true,
	"example": true, "examples": true, "solution": true, "answer": true, "proof": true, "remark": true,
	"summary": true, "todo": true, "info": true, "danger": true, "see also": true, "prerequisites": true,
}

// glossaryItem reads a list item that defines its bold lead: "**Image**:
// a read-only template …", "**Volume** — a directory …". The gloss must
// read as a description (an article first), so an option list
// ("**--force**: overwrite") is not a glossary.
func glossaryItem(p string) (term, stmt string, ok bool) {
	if !strings.HasPrefix(p, "**") {
		return "", "", false
	}
	e := strings.Index(p[2:], "**")
	if e <= 0 || e > 60 {
		return "", "", false
	}
	term = p[2 : 2+e]
	rest := strings.TrimLeft(p[4+e:], " ")
	for _, sep := range []string{":", "—", "–", "- "} {
		if strings.HasPrefix(rest, sep) {
			rest = strings.TrimSpace(rest[len(sep):])
			l := strings.ToLower(rest)
			if !strings.HasPrefix(l, "a ") && !strings.HasPrefix(l, "an ") && !strings.HasPrefix(l, "the ") {
				return "", "", false
			}
			if !termWords(term) {
				return "", "", false
			}
			return term, term + ": " + strings.Join(strings.Fields(rest), " "), true
		}
	}
	return "", "", false
}

// boldTerm is a term a sentence defines; property is set for a term in
// predicate position without an article ("is called **complete**", "is
// **bipartite** if"): it names a kind of its subject.
type boldTerm struct {
	text     string
	property bool
}

// definedBold returns the bold terms sentence s defines.
func definedBold(s string) []boldTerm {
	var out []boldTerm
	for i := 0; i < len(s); {
		k := strings.Index(s[i:], "**")
		if k < 0 {
			break
		}
		open := i + k
		e := strings.Index(s[open+2:], "**")
		if e <= 0 {
			break
		}
		term := s[open+2 : open+2+e]
		after := open + 4 + e
		i = after
		if !termWords(term) {
			continue
		}
		if ok, property := definesAt(s[:open], term, s[after:]); ok {
			// A plural noun goes without an article too ("are called
			// **siblings**"); a property is one word.
			property = property && !strings.Contains(term, " ") && !strings.HasSuffix(term, "s")
			out = append(out, boldTerm{text: term, property: property})
		}
	}
	return out
}

// definesAt reports whether a bold term between before and after stands
// where a definition puts its term, and whether it stands as a property
// of the sentence's subject.
func definesAt(before, term, after string) (ok, property bool) {
	b := strings.ToLower(strings.TrimSpace(before))
	a := strings.ToLower(strings.TrimSpace(after))
	bw := strings.Fields(b)
	// The subject of "is …" ("A **set** is", "**Docker** is", "The
	// **power set** of any set A is"), after a lead-in ending in a comma
	// too ("Formally, a **group** is").
	subject := len(bw) == 0 || indefinite(bw[len(bw)-1]) && (len(bw) == 1 || strings.HasSuffix(bw[len(bw)-2], ","))
	if subject && copulaFirst(a) {
		return true, false
	}
	if len(bw) == 0 {
		return false, false
	}
	last, prev := bw[len(bw)-1], ""
	if len(bw) > 1 {
		prev = bw[len(bw)-2]
	}
	noun := indefinite(last)
	if noun {
		last, prev = prev, ""
		if len(bw) > 2 {
			prev = bw[len(bw)-3]
		}
	}
	switch {
	case last == "called" || last == "termed":
		// "… are called **beans**", "is usually called"; not "a
		// middleware called **Helmet**" (a thing's name) nor "(also
		// called X)" (another name for a term defined elsewhere).
		switch {
		case prev == "also" || prev == "sometimes":
			return false, false
		case prev == "is" || prev == "are" || prev == "was" || prev == "were" || prev == "be" || prev == "often" ||
			strings.HasSuffix(prev, "ly") || strings.HasSuffix(prev, ","):
			return true, !noun
		}
		// "regions called **faces**" defines a kind of thing; "a
		// middleware called **Helmet**" names one.
		r, _ := utf8.DecodeRuneInString(term)
		return !unicode.IsUpper(r), false
	case last == "as" && prev == "known":
		return true, false
	case noun && strings.Contains(" "+b, " we call "):
		// "We call such a vertex an **isolated vertex**."
		return true, false
	case last == "be" && (prev == "to" || prev == "said"):
		return true, !noun
	case (last == "is" || last == "are") && !pronouns[prev] && prev != "this" && prev != "that":
		// "An argument is **invalid** if …": a property defined by its
		// condition ("it is **discouraged** when …" is advice).
		f, _, _ := strings.Cut(a, " ")
		switch f {
		case "if", "when", "whenever", "provided", "iff", "exactly":
			return true, !noun
		}
	}
	return false, false
}

// indefinite reports the articles a defined term is introduced with ("A
// **set** is"); "every **tree** is" makes a claim about trees instead.
func indefinite(w string) bool { return w == "a" || w == "an" || w == "the" }

// nounBefore is the noun a property is said of when the sentence does
// not open with it: "then the resulting graph is called **complete**" →
// "graph". The noun must follow an article or an adjective ("this
// property", "it" say nothing).
func nounBefore(sent, term string) string {
	k := wordIndex(strings.ToLower(sent), strings.ToLower(term))
	if k < 0 {
		return ""
	}
	lead := sent[:k]
	if b := strings.LastIndex(lead, ". "); b >= 0 {
		lead = lead[b+2:] // the sentence the term is in
	}
	ws := strings.Fields(strings.ToLower(dropMath(lead)))
	for len(ws) > 0 {
		switch ws[len(ws)-1] {
		case "called", "said", "to", "be", "termed", "named":
			ws = ws[:len(ws)-1]
			continue
		}
		break
	}
	if len(ws) < 3 || ws[len(ws)-1] != "is" && ws[len(ws)-1] != "are" {
		return ""
	}
	noun, before := ws[len(ws)-2], ws[len(ws)-3]
	if noun == "it" || noun == "they" {
		// "When a connected graph can be drawn …, it is called
		// **planar**": what "it" is, the sentence's first noun phrase.
		return firstNoun(ws[:len(ws)-2])
	}
	if text.IsStopword(noun) || pronouns[noun] || isVariable(noun) || !hasLetter(noun) || strings.ContainsAny(noun, ",;:()") {
		return ""
	}
	if !indefinite(before) && !adjectival(before) && !strings.HasSuffix(before, "ing") {
		return ""
	}
	if ws[len(ws)-1] == "are" {
		noun = strings.TrimSuffix(noun, "s")
	}
	return noun
}

// firstNoun is the head of the first noun phrase a determiner opens in
// ws ("a connected graph can …" → graph, "these graphs have …" →
// graph), singular.
func firstNoun(ws []string) string {
	for k, w := range ws {
		switch strings.Trim(w, "(") {
		case "a", "an", "the", "these", "such":
		default:
			continue
		}
		head := ""
		for _, n := range ws[k+1:] {
			if !isWordOf(n) || text.IsStopword(n) || clauseVerbs[n] {
				break
			}
			head = n
		}
		if head == "" {
			return ""
		}
		return singular(head)
	}
	return ""
}

// pluralLead is the plural noun a sentence opens with ("Graphs that are
// …"), or "".
func pluralLead(sent string) string {
	f, _, _ := strings.Cut(sent, " ")
	l := strings.ToLower(f)
	if !isWordOf(f) || len(l) < 4 || !strings.HasSuffix(l, "s") || strings.HasSuffix(l, "ss") ||
		text.IsStopword(l) || pronouns[l] || l == "these" || l == "those" {
		return ""
	}
	return l
}

// wordIndex is the first place w stands in s as a whole word ("proper",
// not the start of "property").
func wordIndex(s, w string) int {
	for from := 0; ; {
		k := strings.Index(s[from:], w)
		if k < 0 {
			return -1
		}
		k += from
		e := k + len(w)
		if (k == 0 || !isWordByte(s[k-1])) && (e == len(s) || !isWordByte(s[e])) {
			return k
		}
		from = k + 1
	}
}

// copulaFirst reports text that goes on to say what the term is: "is a
// set …", "of a graph is the …", "refers to …", "will simply be …".
func copulaFirst(a string) bool {
	ws := strings.Fields(a)
	for k, w := range ws {
		if k > 8 {
			return false
		}
		switch w {
		case "is", "are", "means", "refers", "denotes", "describes", "consists":
			return k == 0 || subjectEnds[ws[0]] || ws[0] == "(" || strings.HasPrefix(ws[0], "(")
		case "be":
			return k > 0 && (ws[k-1] == "will" || ws[k-1] == "simply" || ws[k-1] == "shall")
		}
		if strings.HasSuffix(w, ",") || strings.HasSuffix(w, ";") {
			return false
		}
	}
	return false
}

// termWords reports a bold run that can be a term: one to five words with
// letters, no sentence punctuation or code, not a label ("Note:") and not
// shouted.
func termWords(t string) bool {
	ws := strings.Fields(t)
	if len(ws) == 0 || len(ws) > 5 || strings.ContainsAny(t, ":;!?`\n./_=<>{}[]") || strings.HasPrefix(t, "-") {
		return false // a label, a file name, an option, code
	}
	if len(ws) > 1 && strings.ToUpper(t) == t {
		return false // "**HIGHLY DISCOURAGED**" shouts
	}
	return hasConceptWord(t) && !admonition[strings.ToLower(strings.TrimRight(t, "."))]
}

// demonstrative reports a sentence that names what the sentence before it
// described: "This is called …", "Such a tree is called …".
func demonstrative(s string) bool {
	f, _, _ := strings.Cut(s, " ")
	switch strings.ToLower(f) {
	case "this", "these", "such", "doing", "it", "they", "each":
		return true
	}
	return false
}

// continues reports a sentence that goes on about what the sentence before
// it defined.
func continues(s string) bool {
	f, _, _ := strings.Cut(s, " ")
	switch strings.ToLower(strings.Trim(f, ",")) {
	case "it", "this", "these", "such", "they", "its", "their":
		return true
	}
	return strings.HasPrefix(strings.ToLower(s), "in other words")
}

// citesResult reports a sentence whose subject is a result of the text
// ("Our second proposition tells us that all trees have leaves: …", "The
// previous theorem shows …", "Lemma 4 says …"): it reports what a result
// states and names the term in passing; the definition, if any, is the
// result's or another sentence's. The subject is the sentence's opening
// words: at most three determiners, possessives or ordinals, then a word
// naming a kind of result.
func citesResult(sentence string) bool {
	ws := strings.Fields(sentence)
	for i, w := range ws {
		if i > 3 {
			return false
		}
		w = strings.ToLower(strings.Trim(w, ",;:()*_\"'"))
		switch {
		case citedNouns[w]:
			return true
		case !resultDeterminers[w]:
			return false
		}
	}
	return false
}

// citedNouns name a result of a text; resultDeterminers may stand before
// one in a sentence's subject.
var (
	citedNouns = map[string]bool{
		"theorem": true, "lemma": true, "proposition": true, "corollary": true, "result": true, "claim": true,
		"theorems": true, "lemmas": true, "propositions": true, "corollaries": true, "results": true,
	}
	resultDeterminers = map[string]bool{
		"the": true, "our": true, "this": true, "that": true, "these": true, "those": true, "its": true, "their": true,
		"previous": true, "preceding": true, "above": true, "following": true, "next": true, "last": true, "final": true,
		"earlier": true, "main": true, "same": true, "latter": true, "former": true, "first": true, "second": true,
		"third": true, "fourth": true, "fifth": true, "two": true, "three": true, "both": true,
	}
)
