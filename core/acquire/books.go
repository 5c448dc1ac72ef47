package acquire

import (
	"path"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// Books split into files. A LaTeX or PreTeXt book is one main file that
// pulls its chapters in (\input, \include, \subfile, \import and the
// rest, see books_includes.go; PreTeXt's xi:include). Read one by one, each chapter numbers its results from 1
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

// xiInclude is PreTeXt's include element; parse="text" includes a listing
// as text, not a division of the book.
var xiInclude = lazyre.New(`<xi:include\s[^<>]{0,500}?/>`)

var xiHref = lazyre.New(`\shref\s*=\s*"([^"]{1,300})"`)

// bookInclude is one include of a document: the directive's span in its
// text, the name of the document it names, and whether it is part of the
// preamble (definitions, options) rather than of the book's text.
//
// An include an author's macro makes is one piece of the macro's use: the
// text of its expansion before the include (pre) and, for its last, after
// it (post), with the include's own text (raw) for where it is left as it
// is. An \include a main file's \includeonly leaves out brings only the
// counter steps of its file (stepsOnly).
type bookInclude struct {
	start, end     int
	name           string
	preamble       bool
	pre, raw, post string
	only           string
	stepsOnly      bool
}

// assembleBooks replaces, in res, every main file of a book by the whole
// book, and drops the files it took in.
//
// A book may have several main files over the same chapters (a main file
// per volume and one for both, a print and an ebook edition). Each chapter
// is read once: in the reading whose main file covers most of the book
// (its supersets first, equal ones by name), numbered as that reading
// prints it. Another main file reads only what no earlier reading took, a
// chapter read elsewhere leaving in its place the counter steps it makes,
// so that what follows is numbered as that main file prints it; a main
// file with nothing left of its own is another edition, no document.
//
// A LaTeX document that is no part of the book's text (slides, notes
// beside it) is read with the book's definitions, and every LaTeX
// document with those of the source's packages (.sty) it uses.
//
// A file of a book's folder that no book includes is left out (see
// notIncluded), unless all holds.
func assembleBooks(res *Result, all bool) {
	inheritEncodings(res)
	byName := map[string]int{}
	for i, d := range res.Documents {
		if d.Format == core.FormatLaTeX || d.Format == core.FormatPreTeXt {
			byName[d.Name] = i
		}
	}
	pkgs := sourcePackages(res.Documents)
	lendMarkdownMacros(res.Documents, pkgs)
	if len(byName) == 0 || (len(byName) < 2 && len(pkgs) == 0) {
		return
	}
	includes, included := sourceIncludes(res.Documents, byName)
	markPreamble(res.Documents, includes, byName)
	var mains []int
	content := map[int]map[int]bool{}
	for i := range res.Documents {
		if len(includes[i]) > 0 && !included[i] {
			mains = append(mains, i)
			content[i] = contentOf(i, includes, byName)
		}
	}
	var left map[int]bool
	var leftBy []string
	if !all {
		var unsure []string
		left, leftBy, unsure = notIncluded(res.Documents, mains, content, includes, byName)
		if len(unsure) > 0 {
			res.Notes = append(res.Notes, Problem{Path: strings.Join(unsure, ", "), Reason: unsureReason(unsure)})
		}
		kept := mains[:0]
		for _, i := range mains {
			if !left[i] {
				kept = append(kept, i)
			}
		}
		mains = kept
	}
	sortMains(mains, content, res.Documents, includes, byName)
	taken := map[int]bool{}
	read := map[int]bool{}
	numbering := publicationNumbering(res.Documents)
	book := -1
	maps := newSourceMaps()
	for _, i := range mains {
		if len(content[i]) > 0 && allRead(content[i], read) {
			// Another edition of a book read already: it and its
			// options are no documents of their own.
			taken[i] = true
			for j := range includedBy(i, includes, byName) {
				taken[j] = true
			}
			continue
		}
		a := &assembly{docs: res.Documents, includes: includes, byName: byName, open: map[int]bool{i: true},
			size: len(res.Documents[i].Text), taken: taken, read: read}
		text, spans := a.expandIn(i, 0, false)
		maps.set(i, res.Documents[i].Text, spans)
		if res.Documents[i].Format == core.FormatPreTeXt && numbering != "" {
			joined := text
			text = withNumbering(text, numbering)
			maps.insertedOnce(i, joined, text)
		}
		res.Documents[i].Text = text
		if book < 0 && len(content[i]) > 0 && res.Documents[i].Format == core.FormatLaTeX {
			book = i
		}
	}
	for i, j := range formatPreambles(res.Documents, mains, taken) {
		p := res.Documents[j].Text + "\n"
		maps.inserted(i, res.Documents[i].Text, [][2]int{{0, len(p)}})
		res.Documents[i].Text = p + res.Documents[i].Text
		taken[j] = true
	}
	lendDefinitions(res.Documents, book, pkgs, taken, maps)
	maps.apply(res.Documents)
	if len(left) > 0 {
		for i := range taken {
			delete(left, i)
		}
		for i := range left {
			taken[i] = true
		}
	}
	if len(taken) == 0 {
		return
	}
	if len(left) > 0 {
		leaveOut(res, taken, left, leftBy)
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

// sortMains orders a book's main files by how much of it each reads:
// supersets before their subsets; of equal ones, the one that reads fewer
// of its files through an author's macro first (a macro that includes a
// chapter may also make its \section a \chapter, which the book's
// numbering follows and lore may not), then by name.
func sortMains(mains []int, content map[int]map[int]bool, docs []core.Document, includes map[int][]bookInclude, byName map[string]int) {
	byMacro := map[int]int{}
	for _, i := range mains {
		for j := range includedBy(i, includes, byName) {
			byMacro[i] += macroIncludes(includes[j])
		}
		byMacro[i] += macroIncludes(includes[i])
	}
	sort.SliceStable(mains, func(a, b int) bool {
		ia, ib := mains[a], mains[b]
		if len(content[ia]) != len(content[ib]) {
			return len(content[ia]) > len(content[ib])
		}
		if byMacro[ia] != byMacro[ib] {
			return byMacro[ia] < byMacro[ib]
		}
		return docs[ia].Name < docs[ib].Name
	})
}

// macroIncludes counts the includes of inc an author's macro makes.
func macroIncludes(inc []bookInclude) int {
	n := 0
	for _, in := range inc {
		if in.raw != "" {
			n++
		}
	}
	return n
}

// markPreamble marks the includes that bring definitions or options, not
// text: those before the including file's \begin{document}, and those of
// files that hold no document, heading or included text of their own (a
// macros file, an edition's options).
func markPreamble(docs []core.Document, includes map[int][]bookInclude, byName map[string]int) {
	const (
		deciding = iota + 1
		holds
		holdsNot
	)
	memo := map[int]int{}
	var holdsText func(j int) bool
	holdsText = func(j int) bool {
		switch memo[j] {
		case holds:
			return true
		case holdsNot, deciding:
			return false
		}
		memo[j] = deciding
		d := docs[j]
		yes := d.Format != core.FormatLaTeX || texHoldsText(d.Text)
		for _, in := range includes[j] {
			if yes {
				break
			}
			yes = holdsText(byName[in.name])
		}
		memo[j] = holdsNot
		if yes {
			memo[j] = holds
		}
		return yes
	}
	for i, inc := range includes {
		if docs[i].Format != core.FormatLaTeX {
			continue
		}
		begin := texBeginDocument(docs[i].Text)
		for k := range inc {
			inc[k].preamble = (begin >= 0 && inc[k].start < begin) || !holdsText(byName[inc[k].name])
		}
	}
}

// texTextMarks are what a file of a book's text holds and a file of
// definitions does not.
var texTextMarks = lazyre.New(`\\(?:begin\{document\}|part\*?[{\[]|chapter\*?[{\[]|section\*?[{\[]|subsection\*?[{\[]|maketitle\b|begin\{frame\})`)

// texHoldsText reports whether a LaTeX file holds text of a book: a
// document, a heading, a frame, outside comments.
func texHoldsText(s string) bool {
	for _, m := range texTextMarks.FindAllStringIndex(s, -1) {
		if !commentedLine(s, m[0]) {
			return true
		}
	}
	return false
}

// texBeginDocument is the offset of a file's \begin{document} outside
// comments, or -1.
// formatPreambles gives the preamble each main file of mains is read
// after when it has none of its own: a book built with a precompiled
// format (pdflatex -fmt macros book.tex) keeps its \documentclass, its
// packages and its macros in a file of its own (macros.tex) that no file
// includes, and its main file opens where that preamble ends. The
// preamble is the one LaTeX file of the main file's folder that declares
// a class and never begins a document; with none, or several, there is
// nothing to say which.
func formatPreambles(docs []core.Document, mains []int, taken map[int]bool) map[int]int {
	var out map[int]int
	for _, i := range mains {
		d := docs[i]
		if d.Format != core.FormatLaTeX || taken[i] || texDeclaresClass(d.Text) {
			continue
		}
		pre := -1
		for j, o := range docs {
			if j == i || o.Format != core.FormatLaTeX || path.Dir(o.Name) != path.Dir(d.Name) ||
				!texDeclaresClass(o.Text) || texBeginDocument(o.Text) >= 0 {
				continue
			}
			if pre >= 0 {
				pre = -2 // two: neither is known to be it
				break
			}
			pre = j
		}
		if pre >= 0 {
			if out == nil {
				out = map[int]int{}
			}
			out[i] = pre
		}
	}
	return out
}

// texDeclaresClass reports whether s declares its document class outside
// a comment.
func texDeclaresClass(s string) bool {
	for from := 0; ; {
		k := strings.Index(s[from:], `\documentclass`)
		if k < 0 {
			return false
		}
		if !commentedLine(s, from+k) {
			return true
		}
		from += k + 1
	}
}

func texBeginDocument(s string) int {
	for from := 0; ; {
		k := strings.Index(s[from:], `\begin{document}`)
		if k < 0 {
			return -1
		}
		if !commentedLine(s, from+k) {
			return from + k
		}
		from += k + 1
	}
}

// contentOf is the set of documents main's text includes, directly or
// not, leaving out the preamble's.
func contentOf(main int, includes map[int][]bookInclude, byName map[string]int) map[int]bool {
	return reach(main, includes, byName, false)
}

// includedBy is the set of documents main includes, directly or not.
func includedBy(main int, includes map[int][]bookInclude, byName map[string]int) map[int]bool {
	return reach(main, includes, byName, true)
}

// reach is the set of documents main includes, directly or not, with or
// without what its preambles include.
func reach(main int, includes map[int][]bookInclude, byName map[string]int, preamble bool) map[int]bool {
	seen := map[int]bool{}
	stack := []int{main}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, in := range includes[i] {
			j := byName[in.name]
			if in.preamble && !preamble || in.stepsOnly || seen[j] || j == main {
				continue
			}
			seen[j] = true
			stack = append(stack, j)
		}
	}
	return seen
}

// allRead reports whether every document of set was read already.
func allRead(set, read map[int]bool) bool {
	for j := range set {
		if !read[j] {
			return false
		}
	}
	return true
}

// findIncludes lists the includes of d that name another document of the
// source (see findIncludesWith), with no author's macros.
func findIncludes(d core.Document, byName map[string]int) []bookInclude {
	return findIncludesWith(d, byName, nil)
}

// findIncludesWith lists the includes of d that name another document of
// the source, in order: a LaTeX include command (see texRef.candidates
// for where its path leads) or a use of one of the author's include
// macros; a PreTeXt href is relative to the file.
func findIncludesWith(d core.Document, byName map[string]int, macros map[string]includeMacro) []bookInclude {
	dir := path.Dir(d.Name)
	var out []bookInclude
	switch d.Format {
	case core.FormatLaTeX:
		calls := includeMacroCalls(d.Text, macros)
		var defs [][2]int
		if len(macros) > 0 {
			defs = definitionBodies(d.Text)
		}
		ci := 0
		for _, r := range texRefs(d.Text) {
			if inSpans(r.start, defs) {
				continue // the macro's: read where it is used
			}
			for ci < len(calls) && calls[ci].end <= r.start {
				out = append(out, callIncludes(d.Name, calls[ci], byName)...)
				ci++
			}
			if ci < len(calls) && calls[ci].start <= r.start {
				continue // in a macro's arguments
			}
			if name := resolveRef(r, d.Name, byName); name != "" {
				out = append(out, bookInclude{start: r.start, end: r.end, name: name, only: onlyName(r)})
			}
		}
		for ; ci < len(calls); ci++ {
			out = append(out, callIncludes(d.Name, calls[ci], byName)...)
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
				out = append(out, bookInclude{start: m[0], end: m[1], name: name})
			}
		}
	}
	return out
}

// resolveRef is the document ref in the document named from names, or "".
// A bare name no folder TeX looks in holds ("\input{dijkstra}") is found
// where a search path the build sets would find it: \input@path
// (\g@addto@macro\input@path{{chapters/}{assets/algorithms/09/}}),
// TEXINPUTS. lore reads the one file of the source with that name;
// with two or more, which one the path meant is not known, and none is
// read.
func resolveRef(r texRef, from string, byName map[string]int) string {
	for _, name := range r.candidates(from) {
		if _, ok := byName[name]; ok {
			return name
		}
	}
	if r.dir != "" || r.file == "" || strings.ContainsAny(r.file, "/\\") || importCmd(r.cmd) {
		return ""
	}
	found := ""
	for name := range byName {
		if base := path.Base(name); base == r.file || base == r.file+".tex" {
			if found != "" {
				return ""
			}
			found = name
		}
	}
	return found
}

// onlyName is the name an \includeonly list gives the file an \include
// names ("" for any other command).
func onlyName(r texRef) string {
	if r.cmd != "include" {
		return ""
	}
	return strings.TrimSuffix(r.file, ".tex")
}

// callIncludes are the includes of a use of an author's include macro in
// the document named from: its expansion cut at the includes that name a
// document, the first in the use's place, the others right after it.
func callIncludes(from string, c macroCall, byName map[string]int) []bookInclude {
	var out []bookInclude
	last := 0
	for _, r := range texRefs(c.text) {
		name := resolveRef(r, from, byName)
		if name == "" {
			continue
		}
		in := bookInclude{start: c.end, end: c.end, name: name, pre: c.text[last:r.start], raw: c.text[r.start:r.end], only: onlyName(r)}
		if len(out) == 0 {
			in.start = c.start
		}
		out = append(out, in)
		last = r.end
	}
	if len(out) > 0 {
		out[len(out)-1].post = c.text[last:]
	}
	return out
}

// assembly is one main file's reading of its book: what it includes, what
// it has open on the way down, how large it grew, and what earlier
// readings read (read) and took in (taken).
type assembly struct {
	docs        []core.Document
	includes    map[int][]bookInclude
	byName      map[string]int
	open        map[int]bool
	size        int
	taken, read map[int]bool
}

// expand returns document i's text with its includes replaced by the
// documents they name, themselves expanded. A document already open on
// the way (a loop of includes), one past maxIncludeDepth, or one that
// would make the book larger than maxBookBytes is left as its directive;
// text an earlier reading read becomes the counter steps it makes.
func (a *assembly) expand(i, depth int) string {
	text, _ := a.expandIn(i, depth, false)
	return text
}

// expandIn is expand for a document whose text lies in a document's body
// when inBody holds: there an included file's own preamble (a subfile's)
// is no part of the book, where a file that only sets options and
// \input's the main file keeps the main file whole. Its spans say where
// each piece of the text comes from (books_sourcemap.go).
func (a *assembly) expandIn(i, depth int, inBody bool) (string, spanMap) {
	d := a.docs[i]
	inc := a.includes[i]
	if len(inc) == 0 || depth >= maxIncludeDepth {
		return d.Text, spanMap{{doc: i}}
	}
	var m spanMap
	begin := -1
	if !inBody && d.Format == core.FormatLaTeX {
		begin = texBeginDocument(d.Text)
	}
	var b strings.Builder
	last := 0
	for _, in := range inc {
		j := a.byName[in.name]
		if a.open[j] || (!in.stepsOnly && !(!in.preamble && a.read[j]) && a.size+len(a.docs[j].Text) > maxBookBytes) {
			if in.pre != "" || in.post != "" || in.start == in.end {
				// A piece of a macro's use: its text stays, the
				// include as written.
				m.own(b.Len(), i, last)
				b.WriteString(d.Text[last:in.start])
				m.fixed(b.Len(), i, in.start)
				b.WriteString(in.pre + in.raw + in.post)
				last = in.end
			}
			continue
		}
		body := inBody || (begin >= 0 && in.start > begin)
		var part string
		var inner spanMap
		from := 0
		if in.stepsOnly || (!in.preamble && a.read[j]) {
			part = counterSteps(a.docs, a.includes, a.byName, j, map[int]bool{j: true}, depth+1)
			inner = spanMap{{doc: i, off: in.start, fixed: true}}
		} else {
			a.open[j] = true
			part, inner = a.expandIn(j, depth+1, body)
			if body || a.docs[j].Format == core.FormatPreTeXt {
				var to int
				from, to = includedBodySpan(a.docs[j].Format, part)
				part = part[from:to]
			}
			if a.docs[j].Format == core.FormatLaTeX {
				part = notStandalone(part)
			}
			delete(a.open, j)
			a.size += len(part)
			a.taken[j] = true
			if !in.preamble {
				a.read[j] = true
			}
		}
		m.own(b.Len(), i, last)
		b.WriteString(d.Text[last:in.start])
		m.fixed(b.Len(), i, in.start)
		b.WriteString(in.pre)
		m.nest(b.Len(), inner, from, from+len(part))
		b.WriteString(part)
		m.fixed(b.Len(), i, in.start)
		b.WriteString(in.post)
		last = in.end
	}
	m.own(b.Len(), i, last)
	b.WriteString(d.Text[last:])
	return b.String(), m
}

// texCounterMarks are the commands that move a LaTeX book's numbering.
var texCounterMarks = lazyre.New(`\\(?:(chapter|section|part)(\*?)\s*[\[{]|(appendix|frontmatter|mainmatter|backmatter)\b|(?:setcounter|addtocounter)\s*\{(?:chapter|section|part)\}\s*\{\s*-?[0-9]{1,4}\s*\})`)

// counterSteps is what document j, read in another reading of its book,
// leaves in this one: the steps its headings and counter commands make
// (and those of the text it includes), so that what follows it is
// numbered as this reading prints it.
func counterSteps(docs []core.Document, includes map[int][]bookInclude, byName map[string]int, j int, open map[int]bool, depth int) string {
	d := docs[j]
	if d.Format != core.FormatLaTeX {
		return ""
	}
	var b strings.Builder
	scanIn := func(s, full string, base int) {
		for _, m := range texCounterMarks.FindAllStringSubmatchIndex(s, -1) {
			if commentedLine(full, base+m[0]) {
				continue
			}
			switch {
			case m[2] >= 0:
				if m[5] > m[4] {
					continue // a starred heading takes no number
				}
				b.WriteString(`\stepcounter{` + s[m[2]:m[3]] + "}\n")
			case m[6] >= 0:
				b.WriteString(`\` + s[m[6]:m[7]] + "\n")
			default:
				b.WriteString(s[m[0]:m[1]] + "\n")
			}
		}
	}
	last := 0
	for _, in := range includes[j] {
		scanIn(d.Text[last:in.start], d.Text, last)
		scanIn(in.pre, in.pre, 0)
		last = in.end
		k := byName[in.name]
		if !in.preamble && !open[k] && depth < maxIncludeDepth {
			open[k] = true
			b.WriteString(counterSteps(docs, includes, byName, k, open, depth+1))
			delete(open, k)
		}
		scanIn(in.post, in.post, 0)
	}
	scanIn(d.Text[last:], d.Text, last)
	return b.String()
}

// includedBodySpan is where, in text, lies what an included file brings
// into the book: a PreTeXt division without its XML declaration, a LaTeX
// subfile's document body without its own preamble.
func includedBodySpan(f core.Format, text string) (from, to int) {
	to = len(text)
	switch f {
	case core.FormatPreTeXt:
		from = len(text) - len(strings.TrimLeft(text, " \t\n"))
		if strings.HasPrefix(text[from:], "<?xml") {
			if e := strings.Index(text[from:], "?>"); e >= 0 {
				from += e + 2
			}
		}
	case core.FormatLaTeX:
		if strings.Contains(text, `\documentclass`) {
			if b := strings.Index(text, `\begin{document}`); b >= 0 {
				from = b + len(`\begin{document}`)
				if e := strings.LastIndex(text[from:], `\end{document}`); e >= 0 {
					to = from + e
				}
			}
		}
	}
	return from, to
}

// notStandalone is an included file's text as TeX reads it there: the
// standalone package's \ifstandalone is false in a file another
// includes, so what it guards (the file's own \begin{document}, an
// algorithm float opened only when the file is built alone) is not read,
// and its \else branch is. The text is blanked, not cut, so offsets into
// it stay those of the file.
func notStandalone(s string) string {
	const cond = `\ifstandalone`
	if !strings.Contains(s, cond) {
		return s
	}
	b := []byte(s)
	blank := func(from, to int) {
		for k := from; k < to; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
	}
	for at := 0; ; {
		i := strings.Index(s[at:], cond)
		if i < 0 {
			break
		}
		i += at
		after := i + len(cond)
		if after < len(s) && isASCIILetter(s[after]) || commentedLine(s, i) {
			at = after
			continue
		}
		fi := strings.Index(s[after:], `\fi`)
		if fi < 0 {
			break
		}
		fi += after
		end := fi + len(`\fi`)
		if e := strings.Index(s[after:fi], `\else`); e >= 0 {
			blank(i, after+e+len(`\else`)) // the standalone branch and its \else
		} else {
			blank(i, fi)
		}
		blank(fi, end)
		at = end
	}
	return string(b)
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
