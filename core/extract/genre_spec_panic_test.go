package extract

import (
	"testing"

	"github.com/lore-kb/lore/core"
)

// A requirement whose subject is a conjunction cut off by "where" ("where
// zero or more characters MAY appear") once made the subject reader slice
// past its words: every command on such an RFC ended in an internal error.
func TestSpecSubjectAfterCutConjunction(t *testing.T) {
	for _, s := range []string{
		"The rule is used where zero or more characters MAY appear.\n",
		"Linear white space is allowed where one or more separators MAY occur, and parsers MUST accept it.\n",
		"A list is written where zero or more elements, or none, MAY follow.\n",
	} {
		ps := Extract(analyzed(s, core.FormatText, core.Spec), Options{})
		if len(ps) == 0 {
			t.Errorf("%q: no requirement extracted", s)
		}
	}
}
