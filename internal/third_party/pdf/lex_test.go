package pdf

import (
	"strings"
	"testing"
)

// A backslash before a character other than those the spec names is
// ignored; a scanned paper's text layer writes "(\[4] ) Tj", and failing
// there dropped the rest of the page. An octal escape above \377 keeps its
// low byte.
func TestLiteralStringEscapes(t *testing.T) {
	for in, want := range map[string]string{
		`(\[4] )`:       "[4] ",
		`([3\]\). )`:    "[3]). ",
		`(a\qb)`:        "aqb",
		`(\101\(\))`:    "A()",
		`(\501x)`:       "Ax",
		"(line\\\nend)": "lineend",
	} {
		b := newBuffer(strings.NewReader(in+" "), 0)
		b.allowEOF = true
		got, ok := func() (s string, ok bool) {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: %v", in, r)
				}
			}()
			s, ok = b.readToken().(string)
			return s, ok
		}()
		if !ok || got != want {
			t.Errorf("%s read %q, want %q", in, got, want)
		}
	}
}
