package extract

import (
	"strings"
	"unicode"
)

// A sentence that quotes several terms ("… go into "urgent mode"; when
// … catches up …, go into "normal mode"") defines each in its own
// clause: the clause is each term's statement, not the sentence both
// share.

// specClauseJoins open a part of a sentence that goes on the part before
// it ("…, and "character encoding" in place of …"): no clause of its own.
var specClauseJoins = map[string]bool{"and": true, "or": true, "but": true, "nor": true}

// specPhraseClause is the clause of sentence that quotes term and no
// other phrase: its part between semicolons, else between commas, when
// that part says something of its own (four words or more, not opening
// with "and"); else the sentence.
func specPhraseClause(sentence, term string) string {
	if len(specQuotedPhrase.FindAllStringIndex(sentence, 3)) < 2 {
		return sentence
	}
	q := `"` + term + `"`
	for _, sep := range []string{"; ", ", "} {
		parts := strings.Split(sentence, sep)
		if len(parts) < 2 {
			continue
		}
		for _, p := range parts {
			f := strings.Fields(p)
			if strings.Contains(p, q) && len(specQuotedPhrase.FindAllStringIndex(p, 2)) == 1 && len(f) >= 4 && !specClauseJoins[f[0]] {
				return strings.TrimRight(strings.TrimSpace(p), ".;,") + "."
			}
		}
	}
	return sentence
}

// A requirement whose sentence a concept of the specification already
// states ("Accept:  The request MAY include an Accept Option …", the
// entry that both defines the option and requires of it; "All CoAP
// messages MUST be sent as DTLS "application data"", where the quoted
// phrase is defined) is a part of that concept, as a reader takes it:
// it is not stored a second time under a name of its own. A field whose
// entry is its key word ("client_id  REQUIRED.  The client identifier")
// is both: the entry defines the parameter, the requirement says the
// request must carry it.

// specSentenceKey is what a statement says, read past its "Name:" lead
// and its spacing, case and punctuation: the key two statements of one
// sentence share.
func specSentenceKey(s string) string {
	if k := strings.Index(s, ": "); k > 0 && k < maxName && !strings.ContainsAny(s[:k], ".;") {
		s = s[k+2:]
	}
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// conceptStates reports whether a concept of the document already states
// statement, word for word.
func (r *reqReader) conceptStates(statement string) bool {
	return r.x.specConceptStating(r.sd.concepts(), statement) != 0
}

// specConceptStating is the serial of the concept of the document that
// states statement word for word, or 0.
func (x *extractor) specConceptStating(cs *specConcepts, statement string) int {
	key := specSentenceKey(statement)
	if len(key) < 20 {
		return 0
	}
	for k := len(x.cands) - 1; k >= 0; k-- {
		c := &x.cands[k]
		if s, concept := cs.at[c.offset]; concept && specSentenceKey(c.statement) == key {
			return s
		}
	}
	return 0
}
