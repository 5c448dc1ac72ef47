package acquire

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/lore-kb/lore/core"
)

// A book's main file learned alone is the book: TeX reads the files it
// includes from its folder, and so does lore. So does a chapter or a
// PreTeXt division that includes its sections, learned from its own file
// beside no book that reads it.

// readWithIncludes replaces the text of res's one LaTeX or PreTeXt
// document, read from file, by the document with the files it includes
// from its folder in place (and the definitions of the packages it loads
// from there), when it includes any.
func readWithIncludes(file string, res *Result) {
	if len(res.Documents) != 1 {
		return
	}
	d := &res.Documents[0]
	switch d.Format {
	case core.FormatLaTeX:
		if len(texRefs(d.Text)) == 0 && !strings.Contains(d.Text, `#`) && !packageBeside(file) {
			return // no include, and no macro that might make one
		}
	case core.FormatPreTeXt:
		if !strings.Contains(d.Text, "<xi:include") {
			return
		}
	default:
		return
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return
	}
	docs := bookFiles(filepath.Dir(abs), d.Format == core.FormatPreTeXt)
	name := filepath.Base(abs)
	t := -1
	for i := range docs {
		if docs[i].Name == name {
			t = i
			docs[i].Text = d.Text // as read, in its own encoding
			break
		}
	}
	if t < 0 {
		return
	}
	byName := map[string]int{}
	for i, doc := range docs {
		if doc.Format == core.FormatLaTeX || doc.Format == core.FormatPreTeXt {
			byName[doc.Name] = i
		}
	}
	includes, _ := sourceIncludes(docs, byName)
	if len(includes[t]) == 0 {
		return
	}
	markPreamble(docs, includes, byName)
	a := &assembly{docs: docs, includes: includes, byName: byName, open: map[int]bool{t: true},
		size: len(docs[t].Text), taken: map[int]bool{}, read: map[int]bool{}}
	text := a.expand(t, 0)
	switch d.Format {
	case core.FormatLaTeX:
		text = withPackages(text, path.Dir(name), docs, sourcePackages(docs))
	case core.FormatPreTeXt:
		if n := publicationNumbering(docs); n != "" {
			text = withNumbering(text, n)
		}
	}
	d.Text = text
}

// packageBeside reports whether file's folder holds a LaTeX package, which
// may define a macro that includes.
func packageBeside(file string) bool {
	m, _ := filepath.Glob(filepath.Join(filepath.Dir(file), "*.sty"))
	return len(m) > 0
}
