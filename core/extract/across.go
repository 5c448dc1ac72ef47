package extract

import (
	"strings"

	"github.com/lore-kb/lore/core"
)

// References across documents. A book published as one page per section
// refers from one page to a result on another by the book's number ("by
// Theorem 4.38"); read page by page, the reference finds nothing in its own
// page. Each document's extraction leaves its numbered results and its
// references to numbers it does not hold (Refs), and LinkAcross, given the
// documents of one learn, draws the edges whose target is one result of
// another document. Only numbers of a book ("4.38", with a dot) reach
// across: "Theorem 1" of one paper is not "Theorem 1" of the next.

// Refs is what one document's references leave to the documents read
// with it.
type Refs struct {
	// Numbered maps a result's printed name ("Theorem 4.38") to its index
	// among the document's primitives; -1 when two share it.
	Numbered map[string]int
	// Open are its references to numbered results it does not hold.
	Open []OpenRef
}

// OpenRef is a reference in words ("Theorem 4.38") from the primitive at
// index From to a result the document does not hold.
type OpenRef struct {
	From   int
	Target string
}

// DocRefs is one document's Refs and the index of its first primitive in
// the primitives of the learn.
type DocRefs struct {
	Start int
	Refs  Refs
}

// LinkAcross draws a requires edge for every open reference whose target
// is exactly one numbered result of another document among docs.
func LinkAcross(ps []core.Primitive, docs []DocRefs) {
	type at struct{ doc, idx int }
	targets := map[string]at{}
	for d, dr := range docs {
		for name, i := range dr.Refs.Numbered {
			if _, dup := targets[name]; dup || i < 0 {
				targets[name] = at{-1, -1}
				continue
			}
			targets[name] = at{d, i}
		}
	}
	for d, dr := range docs {
		for _, r := range dr.Refs.Open {
			t, ok := targets[r.Target]
			if !ok || t.doc < 0 || t.doc == d {
				continue
			}
			from, to := dr.Start+r.From, docs[t.doc].Start+t.idx
			if from < 0 || from >= len(ps) || to < 0 || to >= len(ps) {
				continue
			}
			q := &ps[to]
			addReference(&ps[from], q, refStrength, "Refers to "+q.Name+" ("+r.Target+")")
		}
	}
}

// bookNumber reports a number a book prints ("4.38", "A.2"): one that
// names a result across the book's documents.
func bookNumber(n string) bool { return strings.Contains(n, ".") }

// UniqueNamesAcross tells apart results of one book that documents read
// in the same learn name alike ("Characterization of Invertible Matrices",
// parts one and two, on two pages): a later one takes its printed name as
// a tag, "(Theorem 12.2.8)", as it would in one document (uniqueNames).
// A result without a book number keeps its name: two documents that are
// not one book may name two things alike, and a person decides then.
func UniqueNamesAcross(ps []core.Primitive, docs []DocRefs) {
	printed := map[int]string{}
	for _, dr := range docs {
		for name, i := range dr.Refs.Numbered {
			if i >= 0 {
				printed[dr.Start+i] = name
			}
		}
	}
	if len(printed) == 0 {
		return
	}
	seen := make(map[string]bool, len(ps))
	for i := range ps {
		key := strings.ToLower(ps[i].Name)
		if !seen[key] {
			seen[key] = true
			continue
		}
		tag, ok := printed[i]
		if !ok || strings.Contains(ps[i].Name, tag) {
			continue
		}
		if n := ps[i].Name + " (" + tag + ")"; len(n) <= maxName && !seen[strings.ToLower(n)] {
			ps[i].Name = n
			seen[strings.ToLower(n)] = true
		}
	}
}
