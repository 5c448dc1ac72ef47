package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lore-kb/lore/core"
)

// Issue 80: a learn says which statements' readable forms lose a symbol
// the statement holds, by the token lost; a statement read whole gives no
// note, and past maxReadableNotes the rest are counted.
func TestReadableNotes(t *testing.T) {
	prim := func(name, st string) core.Primitive {
		return core.Primitive{Name: name, FormalStatement: st, ComputationalForm: st, Provenance: core.Provenance{Document: "book.tex"}}
	}
	ps := []core.Primitive{
		prim("Triangle inequality", `$\abs{x+y} \le \abs{x}+\abs{y}$`),
		prim("Adjoint of an adjoint", `$\adjoint{\adjoint{A}} = A$`),
		prim("Arrow", `$A \xrightarrow[g]{f} B$`),
	}
	notes := readableNotes(ps)
	if len(notes) != 1 || notes[0] != "book.tex: Arrow reads without g" {
		t.Errorf("notes %q; want one, on the arrow's label below", notes)
	}
	for i := range maxReadableNotes + 2 {
		ps = append(ps, prim(fmt.Sprintf("Arrow %d", i), `$A \xrightarrow[g]{f} B$`))
	}
	notes = readableNotes(ps)
	if len(notes) != maxReadableNotes+1 || !strings.HasPrefix(notes[maxReadableNotes], "3 more statements") {
		t.Errorf("notes %q", notes)
	}
}
