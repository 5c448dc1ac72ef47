package wire

import (
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
)

// A statement that names another primitive is evidence that it depends on
// it only when the name is a term the source defines: "Field" in "an
// ordered field" points at the definition of a field, but "Defines" (a verb
// an extractor took for a name), "Cache" (an RFC requirement named after
// its actor) or "Must Not Store" (a requirement's wording) name nothing a
// reader would look up, and linking them turns every sentence that uses
// the word into an edge to a junk hub.
//
// The rule, in the order it is applied:
//
//   - a name that reads as a clause — it holds a modal or an auxiliary
//     verb ("must", "should", "is", "not") — is a requirement's or a
//     sentence's wording, never a term;
//   - a name of one word is a term only when a definition or an algorithm
//     carries it ("Group", "Quicksort") and the word is a content word:
//     not a stopword, not a word of the text around knowledge ("defines",
//     "suppose", "example", "following", "section"; see discourse);
//   - a name of two or more words (a definition's term, a theorem's title
//     such as "Triangle Inequality", an algorithm's such as "Gaussian
//     Elimination") is a term when at least one of its words is a content
//     word.
//
// Whether a common English word is meant as a term ("Field", "Group",
// "Tree" are genuine) is decided by the source: a definition named by it.
// A single word naming a theorem, an axiom or a technique is not trusted:
// such names are an RFC requirement's actor ("Cache"), a lead-in, or a
// fragment an extractor took from a sentence.

// clauseWords are the words that make a name read as a clause: modals,
// auxiliaries and negation. Names holding them are requirements or
// sentences ("Cache Must Not Store", "Access tokens are transmitted only
// over TLS").
var clauseWords = map[string]struct{}{
	"must": {}, "should": {}, "shall": {}, "may": {}, "might": {}, "can": {}, "cannot": {},
	"could": {}, "will": {}, "would": {}, "is": {}, "are": {}, "was": {}, "were": {},
	"be": {}, "been": {}, "being": {}, "not": {}, "does": {}, "do": {}, "did": {},
	"has": {}, "have": {}, "had": {}, "required": {}, "recommended": {}, "optional": {},
}

// discourse are the words of the text around knowledge rather than of the
// knowledge: how a book or a specification talks about its results
// (verbs in every inflection: "defines", "denoted", "supposing", compared
// by lightStem so that "satisfiability" is not "satisfy"; the other words
// as written). A name made only of them is no term. Words
// that are also terms somewhere ("state", "mean", "table", "use") are not
// listed: a definition named by one of them is believed.
var discourse = func() map[string]struct{} {
	verbs := []string{
		"define", "denote", "suppose", "assume", "note", "show", "prove", "consider", "recall",
		"say", "see", "follow", "give", "obtain", "write", "mention", "discuss", "describe",
		"introduce", "claim", "let", "refer", "satisfy", "require", "contain", "include",
		"provide", "specify", "imply",
	}
	words := []string{
		"definition", "definitions", "theorem", "theorems", "lemma", "lemmas", "proposition",
		"propositions", "corollary", "corollaries", "proof", "proofs", "example", "examples",
		"exercise", "exercises", "remark", "remarks", "notation", "section", "sections",
		"chapter", "chapters", "figure", "figures", "appendix", "paragraph",
		"case", "cases", "fact", "facts", "result", "results", "statement", "statements",
		"thing", "things", "way", "part", "first", "second", "next", "last", "new", "old",
		"given", "following", "above", "below", "thus", "hence", "therefore", "however",
		"now", "well", "also", "still", "indeed", "namely", "clearly", "particular", "general",
		"certain", "various", "several", "whole", "specific", "corresponding", "related",
		"http", "https", "www", "com", "org", "html", "url", "github", "doi",
	}
	m := make(map[string]struct{}, len(verbs)*2+len(words))
	for _, v := range verbs {
		m[lightStem(v)] = struct{}{}
	}
	for _, w := range words {
		m[w] = struct{}{}
	}
	return m
}()

// isDiscourse reports whether the lowercased word w belongs to discourse.
func isDiscourse(w string) bool {
	if _, ok := discourse[w]; ok {
		return true
	}
	_, ok := discourse[lightStem(w)]
	return ok
}

// Linkable reports whether a primitive called name, of type typ, may be
// the target of a name-reference edge: whether its name is a term the
// source defines (see the rule above). Explicit references ("by Theorem
// 2.3") do not depend on it; they name their target by id.
func Linkable(name string, typ core.PrimitiveType) bool {
	sc := newScanner(nil, false)
	sc.scan(name)
	return sc.linkable(typ)
}

// Requirement reports whether p is a requirement of a specification (an
// axiom or technique read from a MUST/SHOULD/MAY sentence): its name is
// made from the sentence, not a term the source defines, so it is never
// the target of a name reference. Sibling rules that share a verb phrase
// ("the client MUST Fail the WebSocket Connection") would otherwise all
// point at one of them.
func Requirement(p *core.Primitive) bool {
	return len(p.Tags) > 0 && p.Tags[0] == string(core.Spec) && (p.Type == core.Axiom || p.Type == core.Technique)
}

// oneWord reports whether name has a single content word ("Field", "The
// Group"): such a name is a term only in a source that defines it, and
// another source may mean something else by the word ("header field").
func oneWord(name string) bool {
	sc := newScanner(nil, false)
	sc.scan(name)
	return len(sc.content) == 1
}

// linkable is Linkable for the name the scanner last scanned.
func (sc *scanner) linkable(typ core.PrimitiveType) bool {
	terms := 0
	for _, w := range sc.words {
		if _, ok := clauseWords[w.surface]; ok {
			return false
		}
	}
	for _, c := range sc.content {
		w := sc.words[c.at].surface
		// Lone letters and digits tell names apart ("Concept X", "Lemma
		// 2") but are no term on their own.
		if utf8.RuneCountInString(w) > 1 && !isDiscourse(w) && hasLetter(w) {
			terms++
		}
	}
	switch {
	case terms == 0:
		return false
	case len(sc.content) == 1:
		return typ == core.Definition || typ == core.Algorithm
	}
	return true
}

func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}
