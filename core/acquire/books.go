package acquire

import (
	"path"
	"regexp"
	"strings"

	"github.com/lore-kb/lore/core"
)

// Books split into files. A LaTeX or PreTeXt book is one main file that
// pulls its chapters in (\input, \include, \subfile; PreTeXt's
// xi:include). Read one by one, each chapter numbers its results from 1
// ("Theorem 8" where the book prints "Theorem 3.8") and misses the macros
// its main file defines; read as the book, they are numbered as printed
// and expand the book's macros. So when a source holds a main file and the
// files it includes, the main file's document is the book with its
// includes in place, and an included file is no document of its own.

// Bounds of a book's assembly: how deep includes nest, and how large the
// book may grow (past it, the rest of the includes stay as they are).
const (
	maxIncludeDepth = 16
	maxBookBytes    = 64 << 20
)

// texInclude is a LaTeX include command and its file argument.
var texInclude = regexp.MustCompile(`\\(?:input|include|subfile)\{([^{}\n]{1,200})\}`)

// xiInclude is PreTeXt's include element; parse="text" includes a listing
// as text, not a division of the book.
var xiInclude = regexp.MustCompile(`<xi:include\s[^<>]{0,500}?/>`)

var xiHref = regexp.MustCompile(`\shref\s*=\s*"([^"]{1,300})"`)

// bookIncludes is what one document includes: the directive's span in its
// text and the name of the document it names.
type bookInclude struct {
	start, end int
	name       string
}

// assembleBooks replaces, in res, every main file of a book by the whole
// book, and drops the files it took in.
func assembleBooks(res *Result) {
	byName := map[string]int{}
	for i, d := range res.Documents {
		if d.Format == core.FormatLaTeX || d.Format == core.FormatPreTeXt {
			byName[d.Name] = i
		}
	}
	if len(byName) < 2 {
		return
	}
	includes := map[int][]bookInclude{}
	included := map[int]bool{}
	for _, i := range byName {
		inc := findIncludes(res.Documents[i], byName)
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
	taken := map[int]bool{}
	numbering := publicationNumbering(res.Documents)
	for i := range res.Documents {
		if len(includes[i]) == 0 || included[i] {
			continue // not a main file: part of a book, or no book at all
		}
		size := len(res.Documents[i].Text)
		text := expand(res, i, includes, byName, map[int]bool{i: true}, 0, &size, taken)
		if res.Documents[i].Format == core.FormatPreTeXt && numbering != "" {
			text = withNumbering(text, numbering)
		}
		res.Documents[i].Text = text
	}
	if len(taken) == 0 {
		return
	}
	kept := res.Documents[:0]
	for i, d := range res.Documents {
		if !taken[i] {
			kept = append(kept, d)
		}
	}
	res.Documents = kept
}

// findIncludes lists the includes of d that name another document of the
// source: a LaTeX path is relative to the file's folder or to the source's
// (the main file's, where TeX runs) and may leave out ".tex"; a PreTeXt
// href is relative to the file.
func findIncludes(d core.Document, byName map[string]int) []bookInclude {
	dir := path.Dir(d.Name)
	var out []bookInclude
	switch d.Format {
	case core.FormatLaTeX:
		if !strings.Contains(d.Text, `\input{`) && !strings.Contains(d.Text, `\include{`) && !strings.Contains(d.Text, `\subfile{`) {
			return nil
		}
		for _, m := range texInclude.FindAllStringSubmatchIndex(d.Text, -1) {
			if commentedLine(d.Text, m[0]) {
				continue
			}
			arg := strings.TrimSpace(d.Text[m[2]:m[3]])
			// TeX reads a path from the folder it runs in, the main
			// file's, which a chapter's own folder may not be.
			for _, name := range []string{path.Join(dir, arg), path.Join(dir, arg+".tex"), path.Clean(arg), path.Clean(arg + ".tex")} {
				if _, ok := byName[name]; ok {
					out = append(out, bookInclude{m[0], m[1], name})
					break
				}
			}
		}
	case core.FormatPreTeXt:
		if !strings.Contains(d.Text, "<xi:include") {
			return nil
		}
		for _, m := range xiInclude.FindAllStringIndex(d.Text, -1) {
			tag := d.Text[m[0]:m[1]]
			h := xiHref.FindStringSubmatch(tag)
			if h == nil || strings.Contains(tag, `parse="text"`) || xmlCommented(d.Text, m[0]) {
				continue
			}
			name := path.Join(dir, h[1])
			if _, ok := byName[name]; ok {
				out = append(out, bookInclude{m[0], m[1], name})
			}
		}
	}
	return out
}

// expand returns document i's text with its includes replaced by the
// documents they name, themselves expanded. A document already open on
// the way (a loop of includes), one past maxIncludeDepth, or one that
// would make the book larger than maxBookBytes is left as its directive.
func expand(res *Result, i int, includes map[int][]bookInclude, byName map[string]int, open map[int]bool, depth int, size *int, taken map[int]bool) string {
	d := res.Documents[i]
	inc := includes[i]
	if len(inc) == 0 || depth >= maxIncludeDepth {
		return d.Text
	}
	var b strings.Builder
	last := 0
	for _, in := range inc {
		j := byName[in.name]
		if open[j] || *size+len(res.Documents[j].Text) > maxBookBytes {
			continue
		}
		open[j] = true
		part := includedBody(res.Documents[j].Format, expand(res, j, includes, byName, open, depth+1, size, taken))
		delete(open, j)
		*size += len(part)
		taken[j] = true
		b.WriteString(d.Text[last:in.start])
		b.WriteString(part)
		last = in.end
	}
	b.WriteString(d.Text[last:])
	return b.String()
}

// includedBody is what an included file brings into the book: a PreTeXt
// division without its XML declaration, a LaTeX subfile's document body
// without its own preamble.
func includedBody(f core.Format, text string) string {
	switch f {
	case core.FormatPreTeXt:
		t := strings.TrimLeft(text, " \t\n")
		if strings.HasPrefix(t, "<?xml") {
			if e := strings.Index(t, "?>"); e >= 0 {
				t = t[e+2:]
			}
		}
		return t
	case core.FormatLaTeX:
		if strings.Contains(text, `\documentclass`) {
			if b := strings.Index(text, `\begin{document}`); b >= 0 {
				text = text[b+len(`\begin{document}`):]
				if e := strings.LastIndex(text, `\end{document}`); e >= 0 {
					text = text[:e]
				}
			}
		}
	}
	return text
}

// commentedLine reports whether a % before at on its line comments it out.
func commentedLine(s string, at int) bool {
	ls := strings.LastIndexByte(s[:at], '\n') + 1
	for k := ls; k < at; k++ {
		if s[k] == '%' && (k == 0 || s[k-1] != '\\') {
			return true
		}
	}
	return false
}

// xmlCommented reports whether at lies inside an XML comment.
func xmlCommented(s string, at int) bool {
	o := strings.LastIndex(s[:at], "<!--")
	return o >= 0 && !strings.Contains(s[o:at], "-->")
}

// publicationNumbering is the <numbering> element of a PreTeXt
// publication file among docs (the file a PreTeXt project builds its book
// with: it says how blocks are numbered, "2.3" or "2.1.3"), or "".
func publicationNumbering(docs []core.Document) string {
	for _, d := range docs {
		if d.Format != core.FormatPreTeXt || !strings.Contains(d.Text, "<publication") {
			continue
		}
		for from := 0; ; {
			i := strings.Index(d.Text[from:], "<numbering>")
			if i < 0 {
				break
			}
			i += from
			e := strings.Index(d.Text[i:], "</numbering>")
			if e < 0 {
				break
			}
			from = i + e
			num := d.Text[i : i+e+len("</numbering>")]
			if !xmlCommented(d.Text, i) && strings.Contains(num, "<blocks") {
				return num
			}
		}
	}
	return ""
}

// withNumbering puts a publication's numbering into a book's text, right
// after its root element's start tag, where the extractor reads it.
func withNumbering(book, numbering string) string {
	i := strings.Index(book, "<pretext")
	if i < 0 {
		return book
	}
	gt := strings.IndexByte(book[i:], '>')
	if gt < 0 {
		return book
	}
	at := i + gt + 1
	return book[:at] + "\n" + numbering + book[at:]
}
