package extract

import (
	"strings"
	"unicode"
)

// A requirement whose sentence a concept of the specification already
// states ("Accept:  The request MAY include an Accept Option …", the
// entry that both defines the option and requires of it; "All CoAP
// messages MUST be sent as DTLS "application data"", where the quoted
// phrase is defined) is a part of that concept, as a reader takes it:
// it is not stored a second time under a name of its own.

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
