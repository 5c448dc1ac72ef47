package acquire

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
)

// A chapter learned from its own file, in a folder that holds its book,
// is read as the book prints it: with the book's preamble (its macros and
// theorem declarations) and the counter steps of the chapters before it,
// so that its results are numbered as in the book, not from chapter 1.
// The book is the main file that reads the chapter when the folder is
// learned (see assembleBooks); it is looked for in the chapter's folder
// and the one above it (chapters kept in a folder of their own).

// Bounds on the look for a chapter's book: how many files, how deep, and
// how many levels up.
const (
	maxBookFiles   = 2000
	maxBookEntries = 20000
	maxBookDepth   = 4
	maxBookLevelUp = 1
)

// readChapterInBook replaces the text of res's one LaTeX document, read
// from file, by its reading in its book, when a folder above it holds the
// book's main file; a document that is in no book, or one of its own (a
// main file, slides, notes), is read with what it includes (see
// readWithIncludes).
func readChapterInBook(file string, res *Result) {
	if len(res.Documents) != 1 || res.Documents[0].Format != core.FormatLaTeX || texBeginDocument(res.Documents[0].Text) >= 0 {
		readWithIncludes(file, res)
		return
	}
	if !readInBook(file, res) {
		readWithIncludes(file, res)
	}
}

// readInBook is readChapterInBook for a part of a book: whether it found
// the book.
func readInBook(file string, res *Result) bool {
	d := &res.Documents[0]
	abs, err := filepath.Abs(file)
	if err != nil {
		return false
	}
	dir := filepath.Dir(abs)
	base := strings.TrimSuffix(filepath.Base(abs), filepath.Ext(abs))
	for up := 0; up <= maxBookLevelUp; up++ {
		if !includerIn(dir, base) {
			parent := filepath.Dir(dir)
			if parent == dir {
				return false
			}
			dir = parent
			continue
		}
		docs := bookFiles(dir, false)
		rel, err := filepath.Rel(dir, abs)
		if err == nil {
			if text, ok := readingOf(docs, filepath.ToSlash(rel)); ok {
				d.Text = text
				return true
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
	return false
}

// includerIn reports whether a LaTeX file right in dir includes a file
// named base: the cheap look that keeps a file beside no book from
// having its folders read.
func includerIn(dir, base string) bool {
	es, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	n := 0
	for _, e := range es {
		if !strings.EqualFold(filepath.Ext(e.Name()), ".tex") || !e.Type().IsRegular() {
			continue
		}
		if n++; n > maxBookFiles {
			return false
		}
		raw, err := os.ReadFile(filepath.Join(dir, e.Name())) //nolint:gosec // a file beside the chapter the user named
		if err != nil {
			continue
		}
		for _, r := range texRefs(string(raw)) {
			if strings.TrimSuffix(path.Base(r.file), ".tex") == base {
				return true
			}
		}
		// An author's macro may make the include from an argument.
		if strings.Contains(string(raw), "{"+base+"}") {
			return true
		}
	}
	return false
}

// bookFiles reads the LaTeX files and packages under dir (bounded in
// number, depth and size), named by their slash path relative to dir, and
// its PreTeXt files (.ptx, and .xml) when pretext holds.
func bookFiles(dir string, pretext bool) []core.Document {
	var docs []core.Document
	size, entries := 0, 0
	_ = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if entries++; entries > maxBookEntries {
			return fs.SkipAll // a home folder, not a book's
		}
		if err != nil {
			return nil //nolint:nilerr // an unreadable file is no part of the book
		}
		rel, rerr := filepath.Rel(dir, p)
		if rerr != nil {
			return nil //nolint:nilerr // outside dir: not walked
		}
		if e.IsDir() {
			if p != dir && (skipDir(e.Name()) || strings.Count(filepath.ToSlash(rel), "/") >= maxBookDepth) {
				return fs.SkipDir
			}
			return nil
		}
		ext := strings.ToLower(filepath.Ext(p))
		f := core.FormatLaTeX
		switch {
		case ext == ".sty":
			f = core.FormatText
		case ext == ".ptx" || ext == ".xml":
			f = core.FormatPreTeXt
		}
		if (ext != ".tex" && ext != ".sty" && !(pretext && f == core.FormatPreTeXt)) || !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			return nil
		}
		if len(docs) >= maxBookFiles || size >= maxBookBytes {
			return fs.SkipAll
		}
		raw, rerr := os.ReadFile(p) //nolint:gosec // a file beside the chapter the user named
		if rerr != nil {
			return nil //nolint:nilerr // an unreadable file is no part of the book
		}
		text, nerr := normalizeScanned(raw)
		if nerr != nil {
			return nil //nolint:nilerr // empty or not text: no part of the book
		}
		size += len(text)
		docs = append(docs, core.Document{Name: filepath.ToSlash(rel), Format: f, Text: text})
		return nil
	})
	sort.Slice(docs, func(a, b int) bool { return docs[a].Name < docs[b].Name })
	return docs
}

// readingOf is target's reading in the book among docs that reads it: the
// main file's text with target in its place, every other chapter of the
// book left as the counter steps it makes, and the packages of the source
// the book loads; false when no main file among docs includes target.
func readingOf(docs []core.Document, target string) (string, bool) {
	byName := map[string]int{}
	for i, d := range docs {
		if d.Format == core.FormatLaTeX {
			byName[d.Name] = i
		}
	}
	t, ok := byName[target]
	if !ok {
		return "", false
	}
	includes, included := sourceIncludes(docs, byName)
	if !included[t] {
		return "", false
	}
	markPreamble(docs, includes, byName)
	var mains []int
	content := map[int]map[int]bool{}
	for i := range docs {
		if len(includes[i]) > 0 && !included[i] {
			mains = append(mains, i)
			content[i] = contentOf(i, includes, byName)
		}
	}
	sortMains(mains, content, docs, includes, byName)
	for _, m := range mains {
		if !content[m][t] {
			continue
		}
		// Everything of the book but target, the files on the way to it
		// and those it includes counts as read elsewhere: it leaves its
		// counter steps.
		keep := ancestors(t, m, includes, byName)
		for j := range includedBy(t, includes, byName) {
			keep[j] = true
		}
		read := map[int]bool{}
		for j := range content[m] {
			if !keep[j] {
				read[j] = true
			}
		}
		a := &assembly{docs: docs, includes: includes, byName: byName, open: map[int]bool{m: true},
			size: len(docs[m].Text), taken: map[int]bool{}, read: read}
		text := a.expand(m, 0)
		return withPackages(text, path.Dir(docs[m].Name), docs, sourcePackages(docs)), true
	}
	return "", false
}

// ancestors is target and the documents between main and it: those whose
// text includes it, directly or not, within main's book text.
func ancestors(target, main int, includes map[int][]bookInclude, byName map[string]int) map[int]bool {
	parents := map[int][]int{}
	for i, inc := range includes {
		for _, in := range inc {
			if !in.preamble {
				j := byName[in.name]
				parents[j] = append(parents[j], i)
			}
		}
	}
	keep := map[int]bool{target: true}
	stack := []int{target}
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range parents[j] {
			if !keep[p] && p != main {
				keep[p] = true
				stack = append(stack, p)
			}
		}
	}
	return keep
}
