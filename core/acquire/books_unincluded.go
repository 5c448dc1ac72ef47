package acquire

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// What a book's main file does not include is no part of the book: an
// older draft of a chapter, a chapter commented out, a figure no longer
// used. In a folder holding a book's main file, such files (LaTeX or
// PreTeXt files that are no document of their own) are left out of what
// is learned, and the result says which; Options.AllFiles learns them
// beside the book, as documents of their own.

// NotIncluded names the files of a book's folder that its main files do
// not include, left out of what is learned.
type NotIncluded struct {
	// By are the main files, by name.
	By []string `json:"by"`
	// Files are the files left out, by name.
	Files []string `json:"files"`
}

// maxNotIncludedNamed bounds the files a note names.
const maxNotIncludedNamed = 8

// sourceIncludes finds the includes of every LaTeX and PreTeXt document
// of docs (byName): the includes of each, with the source's include
// macros and its main files' \includeonly; and the documents another
// includes.
func sourceIncludes(docs []core.Document, byName map[string]int) (map[int][]bookInclude, map[int]bool) {
	var texts []string
	for _, d := range docs {
		if d.Format == core.FormatLaTeX || strings.EqualFold(path.Ext(d.Name), ".sty") || strings.EqualFold(path.Ext(d.Name), ".cls") {
			texts = append(texts, d.Text)
		}
	}
	sort.Strings(texts) // the first definition of a macro by text, whatever the order of docs
	macros := includeMacros(texts)
	includes := map[int][]bookInclude{}
	included := map[int]bool{}
	for _, i := range byName {
		inc := findIncludesWith(docs[i], byName, macros)
		if len(inc) == 0 {
			continue
		}
		includes[i] = inc
		for _, in := range inc {
			if j := byName[in.name]; j != i {
				included[j] = true
			}
		}
	}
	redefinedIncludes(docs, byName, macros, includes, included)
	// \includeonly: an \include of a file its list leaves out brings
	// only the file's counter steps, in the book of the file that says it.
	for _, i := range byName {
		if docs[i].Format != core.FormatLaTeX {
			continue
		}
		only := includeOnly(docs[i].Text)
		if only == nil {
			continue
		}
		for j := range includedBy(i, includes, byName) {
			markIncludeOnly(includes[j], only)
		}
		markIncludeOnly(includes[i], only)
	}
	return includes, included
}

func markIncludeOnly(inc []bookInclude, only map[string]bool) {
	for k := range inc {
		if inc[k].only != "" && !only[inc[k].only] {
			inc[k].stepsOnly = true
		}
	}
}

// texOwnDocument reports whether a LaTeX text is a document of its own
// (\begin{document}), not a part of one: a standalone figure or a subfile
// is part of the book that includes it.
func texOwnDocument(s string) bool {
	if texBeginDocument(s) < 0 {
		return false
	}
	for _, m := range texDocumentClass.FindAllStringSubmatchIndex(s, -1) {
		if !commentedLine(s, m[0]) {
			class := strings.TrimSpace(s[m[2]:m[3]])
			return class != "standalone" && class != "subfiles"
		}
	}
	return true
}

// texDocumentClass is \documentclass and its class.
var texDocumentClass = lazyre.New(`\\documentclass\s*(?:\[[^\]]{0,500}\]\s*)?\{([^{}]{1,100})\}`)

// bookRoot reports whether document i is a book's main file: a LaTeX
// document of its own (or a file that includes one, an edition's), a
// PreTeXt file whose root is <pretext>.
func bookRoot(docs []core.Document, i int, includes map[int][]bookInclude, byName map[string]int) bool {
	switch docs[i].Format {
	case core.FormatPreTeXt:
		return strings.Contains(docs[i].Text, "<pretext")
	case core.FormatLaTeX:
		if texOwnDocument(docs[i].Text) {
			return true
		}
		for j := range includedBy(i, includes, byName) {
			if docs[j].Format == core.FormatLaTeX && texOwnDocument(docs[j].Text) {
				return true
			}
		}
	}
	return false
}

// notIncluded is the set of documents the books among mains leave out:
// LaTeX and PreTeXt files that are no document of their own, in the
// folder of a book's main file or below it, that no book includes; and
// the main files whose folders hold them. When a file of a book includes
// one by a path holding a macro lore cannot expand, what the book includes
// is unknown: nothing is left out, and unsure names those files.
func notIncluded(docs []core.Document, mains []int, content map[int]map[int]bool, includes map[int][]bookInclude, byName map[string]int) (left map[int]bool, by, unsure []string) {
	var books []int
	reached := map[int]bool{}
	for _, i := range mains {
		if len(content[i]) == 0 || !bookRoot(docs, i, includes, byName) {
			continue
		}
		books = append(books, i)
		reached[i] = true
		for j := range includedBy(i, includes, byName) {
			reached[j] = true
		}
	}
	if len(books) == 0 {
		return nil, nil, nil
	}
	for k := range reached {
		if docs[k].Format == core.FormatLaTeX && unresolvedIncludePath(docs[k].Text) {
			unsure = append(unsure, docs[k].Name)
		}
	}
	if len(unsure) > 0 {
		sort.Strings(unsure)
		return nil, nil, unsure
	}
	for k := range listingsIncluded(docs, byName) {
		reached[k] = true
	}
	// A package of the source that \input's a file of it (the book's
	// notation) reads it.
	for _, d := range docs {
		if ext := strings.ToLower(path.Ext(d.Name)); ext == ".sty" || ext == ".cls" {
			for _, r := range texRefs(d.Text) {
				if name := resolveRef(r, d.Name, byName); name != "" {
					reached[byName[name]] = true
				}
			}
		}
	}
	out := map[int]bool{}
	for k, d := range docs {
		if reached[k] || (d.Format != core.FormatLaTeX && d.Format != core.FormatPreTeXt) {
			continue
		}
		if _, ok := byName[d.Name]; !ok || bookRoot(docs, k, includes, byName) {
			continue
		}
		for _, b := range books {
			if dir := path.Dir(docs[b].Name); dir == "." || strings.HasPrefix(d.Name, dir+"/") {
				out[k] = true
				if !containsString(by, docs[b].Name) {
					by = append(by, docs[b].Name)
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, nil, nil
	}
	sort.Strings(by)
	return out, by, nil
}

// unsureReason says why nothing of a book's folder was left out: files of
// it include one by a path lore cannot read.
func unsureReason(names []string) string {
	shown := names
	if len(shown) > maxNotIncludedNamed {
		shown = shown[:maxNotIncludedNamed]
	}
	list := strings.Join(shown, ", ")
	if len(shown) < len(names) {
		list += ", …"
	}
	return "includes a file by a path holding a macro lore cannot expand (" + list + "): what the book includes is unknown, so the folder's other files are learned too"
}

// listingsIncluded are the PreTeXt files included as text (a listing):
// part of the book, though not of its divisions.
func listingsIncluded(docs []core.Document, byName map[string]int) map[int]bool {
	out := map[int]bool{}
	for _, d := range docs {
		if d.Format != core.FormatPreTeXt || !strings.Contains(d.Text, `parse="text"`) {
			continue
		}
		for _, m := range xiInclude.FindAllStringIndex(d.Text, -1) {
			tag := d.Text[m[0]:m[1]]
			if h := xiHref.FindStringSubmatch(tag); h != nil && strings.Contains(tag, `parse="text"`) {
				if j, ok := byName[path.Join(path.Dir(d.Name), h[1])]; ok {
					out[j] = true
				}
			}
		}
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// leaveOut drops from res the documents taken in by books and those left
// out (left), which by's books do not include, and says so: in
// res.NotIncluded and in a note.
func leaveOut(res *Result, taken, left map[int]bool, by []string) {
	var names []string
	kept := res.Documents[:0]
	for i, d := range res.Documents {
		if left[i] {
			names = append(names, d.Name)
		}
		if !taken[i] {
			kept = append(kept, d)
		}
	}
	res.Documents = kept
	sort.Strings(names)
	res.NotIncluded = &NotIncluded{By: by, Files: names}
	res.Notes = append(res.Notes, Problem{Path: strings.Join(by, ", "), Reason: notIncludedReason(len(by), names)})
}

// notIncludedReason says which files the books (mains of them) do not
// include.
func notIncludedReason(mains int, names []string) string {
	shown := names
	if len(shown) > maxNotIncludedNamed {
		shown = shown[:maxNotIncludedNamed]
	}
	list := strings.Join(shown, ", ")
	if len(shown) < len(names) {
		list += ", …"
	}
	files := "files"
	if len(names) == 1 {
		files = "file"
	}
	does, its := "does", "its"
	if mains > 1 {
		does, its = "do", "their"
	}
	return fmt.Sprintf("%s not include %d %s of %s folder, not learned as no part of the book (--all-files learns them): %s", does, len(names), files, its, list)
}
