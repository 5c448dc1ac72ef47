package engine

import (
	"fmt"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
)

// maxReadableNotes bounds the notes a learn gives on readable forms; past
// it one line counts the rest.
const maxReadableNotes = 10

// readableNotes are the learn's notes on statements whose readable form
// (what lore show, find and a skill print) shows fewer of a symbol than
// the statement holds: "book.tex: Triangle inequality reads without \abs
// ×3". The statement is stored whole; only its reading is short, so this
// is a note, not an error.
func readableNotes(ps []core.Primitive) []string {
	var notes []string
	more := 0
	for _, p := range ps {
		var lost []string
		said := map[string]bool{}
		for _, st := range []string{p.FormalStatement, p.ComputationalForm} {
			for _, d := range text.ReadableDrops(st) {
				l := d.Token
				if d.Count > 1 {
					l += fmt.Sprintf(" ×%d", d.Count)
				}
				if !said[l] { // the form often repeats the statement
					said[l] = true
					lost = append(lost, l)
				}
			}
		}
		if len(lost) == 0 {
			continue
		}
		if len(notes) == maxReadableNotes {
			more++
			continue
		}
		where := p.Provenance.Document
		if where == "" {
			where = p.Provenance.Source
		}
		notes = append(notes, fmt.Sprintf("%s: %s reads without %s", where, p.Name, strings.Join(lost, ", ")))
	}
	if more > 0 {
		notes = append(notes, fmt.Sprintf("%d more statements read without a symbol they hold", more))
	}
	return notes
}
