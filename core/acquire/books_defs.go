package acquire

import (
	"path"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/internal/lazyre"
)

// A book's macros live in its main file's preamble, the files it \input's
// there, and packages (.sty) kept beside it. Slides and notes in the same
// repository use them too: they \input the book's macros file, load their
// own package, or just use the book's macros. TeX reads a package where
// \usepackage names it; lore reads the definitions a document would have
// where TeX would have them.

// Bounds on definitions lent to a document: past them, the rest are left
// out (a package of that size is a library, not a book's notation).
const (
	maxDefinitionsBytes = 256 << 10
	maxPackageDepth     = 4
)

// sourcePackages gives the source's LaTeX packages and classes (.sty
// and .cls files, read as text), by the name \usepackage or
// \documentclass gives them, each its documents' indexes in name order.
func sourcePackages(docs []core.Document) map[string][]int {
	var pkgs map[string][]int
	for i, d := range docs {
		if ext := path.Ext(d.Name); !strings.EqualFold(ext, ".sty") && !strings.EqualFold(ext, ".cls") {
			continue
		}
		if pkgs == nil {
			pkgs = map[string][]int{}
		}
		base := strings.TrimSuffix(path.Base(d.Name), path.Ext(d.Name))
		pkgs[base] = append(pkgs[base], i)
	}
	for _, is := range pkgs {
		sort.Slice(is, func(a, b int) bool { return docs[is[a]].Name < docs[is[b]].Name })
	}
	return pkgs
}

// texUsePackage is \usepackage or \RequirePackage with its names, or
// the class a document or class is of: a book's own class (notes.cls)
// defines its theorem boxes as a package does.
// \input of a file named with its .sty or .cls extension reads it as a
// package too.
var texUsePackage = lazyre.New(`\\(?:(?:usepackage|RequirePackage|documentclass|LoadClass)\s*(?:\[[^\]\n]{0,300}\]\s*)?\{([^{}\n]{1,300})\}|input\s*\{([^{}\n]{1,300}\.(?:sty|cls))\})`)

// lendDefinitions gives every LaTeX document the definitions of the
// source's packages it uses, where it uses them, and a document beside
// the book (one of its own, \begin{document} and all, that is not the
// book) the book's definitions of the macros it does not define itself,
// at the end of its preamble; one much smaller than the book is marked as
// of the book (Document.Book).
func lendDefinitions(docs []core.Document, book int, pkgs map[string][]int, taken map[int]bool, maps *sourceMaps) {
	var bookDefs []texDef
	if book >= 0 {
		t := docs[book].Text
		if b := texBeginDocument(t); b >= 0 {
			bookDefs = texDefinitionList(withPackages(t[:b], path.Dir(docs[book].Name), docs, pkgs))
		}
	}
	for i := range docs {
		d := &docs[i]
		if d.Format == core.FormatPreTeXt && !taken[i] {
			ptxMacroPackages(docs, i, pkgs, maps)
		}
		if d.Format != core.FormatLaTeX || taken[i] {
			continue
		}
		if len(pkgs) > 0 && (strings.Contains(d.Text, `\usepackage`) || strings.Contains(d.Text, `\RequirePackage`) ||
			strings.Contains(d.Text, `\documentclass`) || strings.Contains(d.Text, `\input`)) {
			var ins [][2]int
			old := d.Text
			d.Text = packagesIn(d.Text, path.Dir(d.Name), docs, pkgs, map[int]bool{}, 0, &ins)
			maps.inserted(i, old, ins)
		}
		if i == book || book < 0 {
			continue
		}
		b := texBeginDocument(d.Text)
		if b < 0 {
			continue
		}
		// A document of its own beside the book and much smaller than it
		// (slides, notes, a handout) is of the book, whatever macros it
		// keeps; one of a size near the book's is a book of its own that
		// shares a preamble.
		if 2*len(d.Text) < len(docs[book].Text) {
			d.Book = docs[book].Name
		}
		if len(bookDefs) == 0 {
			continue
		}
		own := map[string]bool{}
		for _, df := range texDefinitionList(d.Text[:b]) {
			own[df.name] = true
		}
		var lent strings.Builder
		for _, df := range bookDefs {
			if !own[df.name] {
				lent.WriteString(df.text)
				lent.WriteString("\n")
			}
		}
		maps.inserted(i, d.Text, [][2]int{{b, lent.Len()}})
		d.Text = d.Text[:b] + lent.String() + d.Text[b:]
	}
}

// withPackages puts after each \usepackage of s that names a package of
// the source the definitions that package makes (a package in s's own
// folder first).
func withPackages(s, dir string, docs []core.Document, pkgs map[string][]int) string {
	if len(pkgs) == 0 {
		return s
	}
	return packagesIn(s, dir, docs, pkgs, map[int]bool{}, 0, nil)
}

// packagesIn is withPackages, noting in ins (when not nil) where in s it
// inserts what and how long.
func packagesIn(s, dir string, docs []core.Document, pkgs map[string][]int, seen map[int]bool, depth int, ins *[][2]int) string {
	var b strings.Builder
	last := 0
	for _, m := range texUsePackage.FindAllStringSubmatchIndex(s, -1) {
		if commentedLine(s, m[0]) {
			continue
		}
		var defs strings.Builder
		names := ""
		if m[2] >= 0 {
			names = s[m[2]:m[3]]
		} else {
			names = s[m[4]:m[5]]
		}
		for _, name := range strings.Split(names, ",") {
			k := findPackage(strings.TrimSpace(name), dir, docs, pkgs)
			if k < 0 || seen[k] || depth >= maxPackageDepth {
				continue
			}
			seen[k] = true
			sty := packagesIn(docs[k].Text, path.Dir(docs[k].Name), docs, pkgs, seen, depth+1, nil)
			defs.WriteString(inputDefinitions(sty, path.Dir(docs[k].Name), docs))
			defs.WriteString(texDefinitions(sty))
		}
		if defs.Len() == 0 {
			continue
		}
		b.WriteString(s[last:m[1]])
		b.WriteString("\n")
		b.WriteString(defs.String())
		if ins != nil {
			*ins = append(*ins, [2]int{m[1], 1 + defs.Len()})
		}
		last = m[1]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// inputDefinitions gives the definitions of the source's LaTeX files that
// a package \input's or \import's (a package that loads the book's
// notation file: \import{inputs/exercises/}{preambleBlatt.tex}).
func inputDefinitions(sty, dir string, docs []core.Document) string {
	if !strings.Contains(sty, `\input{`) && !strings.Contains(sty, `import`) {
		return ""
	}
	var b strings.Builder
	for _, m := range styInput.FindAllStringSubmatchIndex(sty, -1) {
		if commentedLine(sty, m[0]) {
			continue
		}
		var arg string
		if m[2] >= 0 {
			arg = strings.TrimSpace(sty[m[2]:m[3]])
		} else {
			arg = path.Join(strings.TrimSpace(sty[m[4]:m[5]]), strings.TrimSpace(sty[m[6]:m[7]]))
		}
		want := map[string]bool{path.Join(dir, arg): true, path.Join(dir, arg+".tex"): true, path.Clean(arg): true, path.Clean(arg + ".tex"): true}
		for _, d := range docs {
			if d.Format == core.FormatLaTeX && want[d.Name] {
				b.WriteString(texDefinitions(d.Text))
				break
			}
		}
	}
	return b.String()
}

// styInput is a file a package reads: \input{file}, \include{file}, or
// the import package's \import{dir}{file} (\subimport too: in a package
// beside the main file, both name the file from the main file's folder).
var styInput = lazyre.New(`\\(?:input|include|subfile)\{([^{}\n]{1,200})\}|\\(?:sub)?import\*?\{([^{}\n]{0,200})\}\{([^{}\n]{1,200})\}`)

// findPackage is the document of the package name, the one in dir when
// several are, or -1.
func findPackage(name, dir string, docs []core.Document, pkgs map[string][]int) int {
	// "setup/notation" and "setup/commands.sty" name a package by its
	// path from the document's folder, as TeX finds it
	base := path.Base(name)
	if ext := path.Ext(base); strings.EqualFold(ext, ".sty") || strings.EqualFold(ext, ".cls") {
		base = strings.TrimSuffix(base, ext)
	}
	is := pkgs[base]
	if len(is) == 0 {
		// \documentclass{Notes} beside notes.cls: TeX on a file system
		// that ignores case (macOS, Windows) reads it, as the author did
		for k, ks := range pkgs {
			if strings.EqualFold(k, base) {
				is = ks
				break
			}
		}
	}
	if len(is) == 0 {
		return -1
	}
	want := path.Join(dir, path.Dir(name))
	for _, k := range is {
		if path.Dir(docs[k].Name) == want {
			return k
		}
	}
	return is[0]
}

// texDefStart opens a definition: the macro name and the arguments after
// the command are read by texDefinition. Environments and theorem-like
// environments a package declares are lent as its macros are: a book
// whose results are set with its package's environments (a definition
// box, a macro opening a theorem) has none without them.
var texDefStart = lazyre.New(`\\(newcommand|renewcommand|providecommand|DeclareRobustCommand|DeclareMathOperator|DeclarePairedDelimiterX|DeclarePairedDelimiter|def|gdef|edef|xdef|` +
	`newenvironment|renewenvironment|provideenvironment|(?:New|Renew|Provide|Declare)Document(?:Command|Environment)|NewEnviron|RenewEnviron|` +
	`newtheorem|renewtheorem|declaretheorem|newtcbtheorem|renewtcbtheorem|newtcolorbox|renewtcolorbox|newmdtheoremenv)\b`)

// texDeclGroups are the definitions texDefinitionEnd reads as groups and
// optional arguments in any order: how many braced groups each takes
// (the first naming what it defines) and whether an optional argument
// may follow the last ("\newtheorem{thm}{Theorem}[section]").
var texDeclGroups = map[string]struct {
	groups   int
	trailing bool
}{
	"newenvironment": {3, false}, "renewenvironment": {3, false}, "provideenvironment": {3, false},
	"NewDocumentCommand": {3, false}, "RenewDocumentCommand": {3, false}, "ProvideDocumentCommand": {3, false},
	"DeclareDocumentCommand": {3, false}, "NewDocumentEnvironment": {4, false},
	"RenewDocumentEnvironment": {4, false}, "ProvideDocumentEnvironment": {4, false},
	"DeclareDocumentEnvironment": {4, false}, "NewEnviron": {2, true}, "RenewEnviron": {2, true},
	"newtheorem": {2, true}, "renewtheorem": {2, true}, "declaretheorem": {1, true},
	"newtcbtheorem": {4, false}, "renewtcbtheorem": {4, false}, "newtcolorbox": {2, false},
	"renewtcolorbox": {2, false}, "newmdtheoremenv": {2, true},
}

// texLayout marks a definition of a book's layout, not of its notation:
// one that makes headings or pages.
var texLayout = lazyre.New(`\\(?:part|chapter|section|subsection|subsubsection|paragraph)\*?\s*[\[{]|\\begin\{document\}|\\(?:maketitle|tableofcontents)\b`)

// texDef is one definition: the macro it defines and its whole text.
type texDef struct {
	name, text string
}

// texDefinitions gives the definitions s makes (\newcommand and kin, \def,
// \DeclareMathOperator, \DeclarePairedDelimiter), one a line, in order,
// and nothing else of it: no title, no text, no theorem declaration, no
// definition of the layout.
func texDefinitions(s string) string {
	var b strings.Builder
	for _, df := range texDefinitionList(s) {
		b.WriteString(df.text)
		b.WriteString("\n")
	}
	return b.String()
}

// texDefinitionList is texDefinitions one definition at a time.
func texDefinitionList(s string) []texDef {
	var out []texDef
	var spans [][2]int
	end, size := 0, 0
	for _, m := range texDefStart.FindAllStringSubmatchIndex(s, -1) {
		if m[0] < end || commentedLine(s, m[0]) || (m[0] > 0 && s[m[0]-1] == '\\') {
			continue
		}
		e, name := texDefinitionEnd(s, m[1], s[m[2]:m[3]])
		if e < 0 {
			continue
		}
		end = e
		if texLayout.MatchString(s[m[0]:e]) {
			continue // a page's layout: a heading in it would be one of the document
		}
		if size += e - m[0]; size > maxDefinitionsBytes {
			break
		}
		out = append(out, texDef{name: name, text: s[m[0]:e]})
		spans = append(spans, [2]int{m[0], e})
	}
	return withDefiningCalls(s, out, spans)
}

// texDefinitionEnd is the offset just past the definition whose command
// (cmd) ends at p and the macro it defines, or -1 when it is not one lore
// can read whole.
func texDefinitionEnd(s string, p int, cmd string) (int, string) {
	if p < len(s) && s[p] == '*' {
		p++
	}
	if g, ok := texDeclGroups[cmd]; ok {
		return texDeclarationEnd(s, p, cmd, g.groups, g.trailing)
	}
	p = skipTeXSpace(s, p)
	if p >= len(s) {
		return -1, ""
	}
	// The macro's name: \name or {\name}.
	var name string
	switch s[p] {
	case '{':
		c := braceEnd(s, p)
		if c < 0 || c-p > 80 {
			return -1, ""
		}
		name = strings.TrimSpace(s[p+1 : c-1])
		p = c
	case '\\':
		p++
		q := p
		for q < len(s) && (isASCIILetter(s[q]) || s[q] == '@') {
			q++
		}
		if q == p {
			q++ // a control symbol
		}
		name = s[p-1 : min(q, len(s))]
		p = q
	default:
		return -1, ""
	}
	groups := 1
	switch cmd {
	case "def", "gdef", "edef", "xdef":
		// Parameters and delimiters up to the body's brace.
		q := p
		for q < len(s) && s[q] != '{' && s[q] != '\n' && q-p < 80 {
			q++
		}
		if q >= len(s) || s[q] != '{' {
			return -1, ""
		}
		p = q
	case "DeclarePairedDelimiter":
		groups = 2
	case "DeclarePairedDelimiterX":
		groups = 3
	}
	// Optional arguments: the number of parameters and a default.
	for k := 0; k < 2; k++ {
		q := skipTeXSpace(s, p)
		if q >= len(s) || s[q] != '[' {
			break
		}
		c := strings.IndexByte(s[q:], ']')
		if c < 0 || c > 400 {
			return -1, ""
		}
		p = q + c + 1
	}
	for k := 0; k < groups; k++ {
		q := skipTeXSpace(s, p)
		if q >= len(s) || s[q] != '{' {
			return -1, ""
		}
		if p = braceEnd(s, q); p < 0 {
			return -1, ""
		}
	}
	return p, name
}

// braceEnd is the offset just past the brace closing the one at open
// (escaped braces skipped), or -1 when it never closes within
// maxDefinitionsBytes.
func braceEnd(s string, open int) int {
	depth := 0
	for i := open; i < len(s) && i-open < maxDefinitionsBytes; i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

func skipTeXSpace(s string, p int) int {
	for p < len(s) && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r') {
		p++
	}
	return p
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// texDeclarationEnd reads a declaration of groups braced groups, optional
// arguments before and between them (and after the last when trailing):
// where it ends and what it declares ("env:name" for an environment,
// "\name" for a command), or -1.
func texDeclarationEnd(s string, p int, cmd string, groups int, trailing bool) (int, string) {
	name := ""
	for k := 0; k < groups; {
		q := skipSpaceComments(s, p)
		if q >= len(s) {
			return -1, ""
		}
		switch s[q] {
		case '[':
			c := strings.IndexByte(s[q:], ']')
			if c < 0 || c > 2000 {
				return -1, ""
			}
			p = q + c + 1
			continue
		case '{':
		default:
			return -1, ""
		}
		e := braceEnd(s, q)
		if e < 0 {
			return -1, ""
		}
		if k == 0 {
			name = strings.TrimSpace(s[q+1 : e-1])
		}
		p, k = e, k+1
	}
	if trailing {
		if q := skipSpaceComments(s, p); q < len(s) && s[q] == '[' {
			if c := strings.IndexByte(s[q:], ']'); c >= 0 && c < 2000 {
				p = q + c + 1
			}
		}
	}
	if name == "" || len(name) > 80 {
		return -1, ""
	}
	if !strings.HasPrefix(name, "\\") {
		name = cmd + ":" + name
	}
	return p, name
}

// skipSpaceComments skips blanks, line ends and comments: a declaration's
// arguments are often written a line each, a line ending in '%'.
func skipSpaceComments(s string, p int) int {
	for {
		p = skipTeXSpace(s, p)
		if p >= len(s) || s[p] != '%' {
			return p
		}
		nl := strings.IndexByte(s[p:], '\n')
		if nl < 0 {
			return len(s)
		}
		p += nl + 1
	}
}
