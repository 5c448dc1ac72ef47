package engine

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/lore-kb/lore/core"
)

// A candidate keeps its values but its short strings are no longer pieces of
// the document's text, and the words candidates repeat are one string.
func TestDetachCopiesOutOfTheText(t *testing.T) {
	doc := strings.Repeat("x", 64) + "Group theory: a group is a set with an associative operation."
	inDoc := func(s string) bool {
		if s == "" {
			return false
		}
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		base := uintptr(unsafe.Pointer(unsafe.StringData(doc)))
		return p >= base && p < base+uintptr(len(doc))
	}
	at := strings.Index(doc, "group is")
	mk := func() core.Primitive {
		return core.Primitive{
			Name: doc[64:76], Section: doc[64:76], FormalStatement: doc[at:],
			Keywords:     []string{doc[at : at+5], doc[len(doc)-10 : len(doc)-1]},
			Dependencies: []core.Edge{{Target: doc[64:76], Type: core.Requires}},
			Provenance:   core.Provenance{Document: "book.tex", Section: doc[64:76]},
		}
	}
	a, b := mk(), mk()
	want := mk()
	pool := stringPool{}
	pool.detach(&a)
	pool.detach(&b)
	if !reflect.DeepEqual(a, want) || !reflect.DeepEqual(b, want) {
		t.Fatalf("detach changed the candidate:\n%+v\nwant\n%+v", a, want)
	}
	for _, s := range []string{a.Name, a.Section, a.Keywords[0], a.Keywords[1], a.Dependencies[0].Target, a.Provenance.Section} {
		if inDoc(s) {
			t.Errorf("%q still points into the document", s)
		}
	}
	if unsafe.StringData(a.Keywords[0]) != unsafe.StringData(b.Keywords[0]) {
		t.Error("a keyword two candidates share is two strings")
	}
}
