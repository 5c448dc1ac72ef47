package acquire

import (
	"path"
	"sort"
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// The ways a LaTeX file brings another in, as TeX reads them:
//
//   - \input{file} and the primitive's own \input file (a path ending at a
//     space), \include{file} (".tex" added), \subfile{file},
//     \subfileinclude{file}, \InputIfFileExists{file}{…}{…};
//   - the import package: \import{dir}{file}, \inputfrom{dir}{file} and
//     \includefrom{dir}{file} read dir from the folder TeX runs in (the
//     main file's); \subimport{dir}{file}, \subinputfrom{dir}{file} and
//     \subincludefrom{dir}{file} read it from the importing file's;
//   - an author's macro whose definition holds one of those with its
//     arguments in the path (\newcommand{\includechapter}[2]{…\include{#2/TeX/#2}…}):
//     a use of it is its definition, arguments in place, includes and all;
//   - the glossaries package's \loadglsentries[type]{file}, which inputs a
//     file of entry definitions;
//   - \includeonly{a,b} in a main file: an \include of a file not listed
//     brings nothing but what the file steps of the book's counters.

// texIncludeCmd opens an include command; its arguments are read by
// texIncludeArgs.
var texIncludeCmd = lazyre.New(`\\(input|include|subfile|subfileinclude|InputIfFileExists|import|subimport|inputfrom|includefrom|subinputfrom|subincludefrom|loadglsentries)\b`)

// texIncludeOnly is \includeonly and its list.
var texIncludeOnly = lazyre.New(`\\includeonly\s*\{([^{}]{0,1000})\}`)

// Bounds of an author's include macros: how deep one may use another, how
// many a source may have, how long a use's arguments may be, and how much
// text the expansions of one document's uses may write (past it, the rest
// are left as written).
const (
	maxIncludeMacroDepth = 4
	maxIncludeMacros     = 256
	maxIncludeArgBytes   = 300
	maxExpansionBytes    = 16 << 20
)

// texRef is one include command in a text: its span, its command, and
// the folder (\import's first argument) and file it names.
type texRef struct {
	start, end int
	cmd        string
	dir, file  string
}

// importCmd reports whether cmd reads a folder and a file (the import
// package's commands).
func importCmd(cmd string) bool {
	switch cmd {
	case "import", "subimport", "inputfrom", "includefrom", "subinputfrom", "subincludefrom":
		return true
	}
	return false
}

// texRefs lists the include commands of s outside comments.
func texRefs(s string) []texRef {
	if !strings.Contains(s, `\in`) && !strings.Contains(s, `\sub`) && !strings.Contains(s, `\import`) && !strings.Contains(s, `\Input`) && !strings.Contains(s, `\loadgls`) {
		return nil
	}
	var out []texRef
	var defs []pathMacro
	read := false
	for _, m := range texIncludeCmd.FindAllStringSubmatchIndex(s, -1) {
		if commentedLine(s, m[0]) || (m[0] > 0 && s[m[0]-1] == '\\') {
			continue
		}
		at := m[0]
		expand := func(arg string) (string, bool) {
			if !read {
				defs, read = pathMacros(s), true
			}
			return expandPathMacros(arg, at, defs)
		}
		r, ok := texIncludeArgs(s, m[1], s[m[2]:m[3]], expand)
		if !ok {
			continue
		}
		r.start, r.cmd = m[0], s[m[2]:m[3]]
		out = append(out, r)
	}
	return out
}

// texIncludeArgs reads the arguments of the include command cmd, whose
// name ends at p: the span's end, the folder and the file. A macro in a
// braced path is expanded by expand; a path that is still no file's name
// (a macro expand cannot read, a parameter) makes no include.
func texIncludeArgs(s string, p int, cmd string, expand func(string) (string, bool)) (texRef, bool) {
	var r texRef
	if importCmd(cmd) {
		if p < len(s) && s[p] == '*' {
			p++
		}
		dir, q, ok := bracedPath(s, p, expand)
		if !ok {
			return r, false
		}
		file, e, ok := bracedPath(s, q, expand)
		if !ok {
			return r, false
		}
		r.dir, r.file, r.end = dir, file, e
		return r, true
	}
	if cmd == "loadglsentries" {
		// The entries' glossary type comes first, in brackets.
		if q := skipTeXSpace(s, p); q < len(s) && s[q] == '[' {
			c := strings.IndexByte(s[q:], ']')
			if c < 0 || c > maxIncludeArgBytes {
				return r, false
			}
			p = q + c + 1
		}
	}
	if file, e, ok := bracedPath(s, p, expand); ok {
		r.file, r.end = file, e
		return r, true
	}
	if cmd != "input" || p >= len(s) || (s[p] != ' ' && s[p] != '\t') {
		return r, false
	}
	// TeX's own \input: the file's name runs to the next space.
	q := p
	for q < len(s) && (s[q] == ' ' || s[q] == '\t') {
		q++
	}
	e := q
	for e < len(s) && e-q < maxIncludeArgBytes && !strings.ContainsRune(" \t\n\r{}%\\#$", rune(s[e])) {
		e++
	}
	if e == q || (e < len(s) && (s[e] == '\\' || s[e] == '{' || s[e] == '#')) {
		return r, false
	}
	r.file, r.end = s[q:e], e
	return r, true
}

// bracedPath reads a braced path at p (spaces before it skipped), its
// macros expanded by expand (when not nil): the path, the offset past its
// brace, and whether it is one.
func bracedPath(s string, p int, expand func(string) (string, bool)) (string, int, bool) {
	for p < len(s) && (s[p] == ' ' || s[p] == '\t') {
		p++
	}
	if p >= len(s) || s[p] != '{' {
		return "", 0, false
	}
	arg, e, ok := pathArg(s, p+1)
	if !ok {
		return "", 0, false
	}
	if strings.Contains(arg, `\`) && !strings.Contains(arg, "#") && expand != nil {
		if x, ok := expand(arg); ok {
			arg = strings.TrimSpace(x)
		}
	}
	if strings.ContainsAny(arg, `\#$`) {
		return "", 0, false
	}
	return arg, e, true
}

// pathArg reads a path's braced argument from p (just past its brace) to
// its closing brace: the path and the offset past the brace. A comment
// ends its line without a space, as TeX reads it, so an author may set the
// path on a line of its own (\include{%⏎ chapters/intro%⏎ }); a line
// that ends with no comment, or a nested brace, makes no path.
func pathArg(s string, p int) (string, int, bool) {
	var b strings.Builder
	for i := p; i < len(s) && i-p <= maxIncludeArgBytes; i++ {
		switch s[i] {
		case '}':
			return strings.TrimSpace(b.String()), i + 1, true
		case '{', '\n':
			return "", 0, false
		case '%':
			nl := strings.IndexByte(s[i:], '\n')
			if nl < 0 {
				return "", 0, false
			}
			i += nl + 1
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			i--
		default:
			b.WriteByte(s[i])
		}
	}
	return "", 0, false
}

// candidates are the documents, most likely first, that ref in the
// document named from may name: TeX reads a plain path from the folder it
// runs in (the main file's, from's own or one above it) after the folder
// of the file that \import brought in (from's own); an \import path from
// the main file's folder, a \subimport one from the importing file's. The
// nearest folder is tried first: a main file's own is where TeX runs.
func (r texRef) candidates(from string) []string {
	if r.file == "" || strings.HasPrefix(r.file, "/") || strings.HasPrefix(r.dir, "/") || strings.Contains(r.file+r.dir, ":") {
		return nil
	}
	var bases []string
	for d := path.Dir(from); ; d = path.Dir(d) {
		bases = append(bases, d)
		if d == "." || d == "/" {
			break
		}
	}
	var out []string
	for _, b := range bases {
		p := path.Join(b, r.dir, r.file)
		if strings.HasPrefix(p, "../") || p == ".." {
			continue
		}
		out = append(out, p, p+".tex")
	}
	return out
}

// includeMacro is an author's macro whose definition includes a file:
// its parameters (the first optional, with its default, when opt), and
// its body.
type includeMacro struct {
	params int
	opt    bool
	deflt  string
	body   string
	// bodyEnd is where the body ends in the text defining it.
	bodyEnd int
}

// texMacroDef opens a definition of a macro: \newcommand and kin with
// the macro's name, \def with its name and undelimited parameters.
var texMacroDef = lazyre.New(`\\(?:(?:new|renew|provide)command\*?\s*(?:\{\s*\\([A-Za-z@]+)\s*\}|\\([A-Za-z@]+))|(?:[gex]?def|long\\def)\s*\\([A-Za-z@]+)((?:#[1-9])*))`)

// includeMacros finds, among texts, the definitions of macros whose body
// includes a file (or uses such a macro), by name; the first definition of
// a name is kept.
func includeMacros(texts []string) map[string]includeMacro {
	var out map[string]includeMacro
	for _, s := range texts {
		for _, m := range macroDefs(s) {
			if commentedLine(s, m[0]) {
				continue
			}
			name, mac, ok := macroDefinition(s, m)
			if !ok || texIncludeCmd.MatchString(`\`+name+" ") {
				continue
			}
			if _, seen := out[name]; seen {
				continue
			}
			if !bodyIncludes(mac.body) {
				continue
			}
			if out == nil {
				out = map[string]includeMacro{}
			}
			if out[name] = mac; len(out) >= maxIncludeMacros {
				return out
			}
		}
	}
	// A macro that uses one of them includes too, as deep as a use is
	// expanded.
	for pass, changed := 1, true; changed && pass < maxIncludeMacroDepth && out != nil; pass++ {
		changed = false
		for _, s := range texts {
			for _, m := range macroDefs(s) {
				if commentedLine(s, m[0]) {
					continue
				}
				name, mac, ok := macroDefinition(s, m)
				if _, seen := out[name]; !ok || seen || !usesMacro(mac.body, out) {
					continue
				}
				out[name] = mac
				if changed = true; len(out) >= maxIncludeMacros {
					return out
				}
			}
		}
	}
	return out
}

// macroDefinition reads the definition texMacroDef matched at m in s.
func macroDefinition(s string, m []int) (string, includeMacro, bool) {
	var mac includeMacro
	var name string
	p := m[1]
	switch {
	case m[2] >= 0:
		name = s[m[2]:m[3]]
	case m[4] >= 0:
		name = s[m[4]:m[5]]
	default:
		name = s[m[6]:m[7]]
		mac.params = (m[9] - m[8]) / 2
	}
	if m[6] < 0 {
		// \newcommand: [n], then [default] for an optional first.
		q := skipTeXSpace(s, p)
		if q < len(s) && s[q] == '[' {
			c := strings.IndexByte(s[q:], ']')
			if c < 0 || c > 4 {
				return "", mac, false
			}
			n := strings.TrimSpace(s[q+1 : q+c])
			if len(n) != 1 || n[0] < '0' || n[0] > '9' {
				return "", mac, false
			}
			mac.params = int(n[0] - '0')
			p = q + c + 1
			q = skipTeXSpace(s, p)
			if q < len(s) && s[q] == '[' {
				c := strings.IndexByte(s[q:], ']')
				if c < 0 || c > maxIncludeArgBytes {
					return "", mac, false
				}
				mac.opt, mac.deflt = true, s[q+1:q+c]
				p = q + c + 1
			}
		}
	}
	q := skipTeXSpace(s, p)
	if q >= len(s) || s[q] != '{' {
		return "", mac, false
	}
	e := braceEnd(s, q)
	if e < 0 {
		return "", mac, false
	}
	// TeX reads a definition without its comments.
	mac.body, mac.bodyEnd = stripTeXComments(s[q+1:e-1]), e-1
	return name, mac, true
}

// texParam is a macro's parameter in its body.
var texParam = lazyre.New(`#+[1-9]`)

// bodyIncludes reports whether a macro's body includes a file, whether its
// path is fixed or made from the macro's arguments.
func bodyIncludes(body string) bool {
	return len(texRefs(texParam.ReplaceAllLiteralString(body, "p"))) > 0
}

// usesMacro reports whether body uses one of macros.
func usesMacro(body string, macros map[string]includeMacro) bool {
	for name := range macros {
		if macroUses(body, name) != nil {
			return true
		}
	}
	return false
}

// macroUses lists the offsets of the uses of \name in s.
func macroUses(s, name string) []int {
	var out []int
	cs := `\` + name
	for from := 0; ; {
		k := strings.Index(s[from:], cs)
		if k < 0 {
			return out
		}
		at := from + k
		from = at + len(cs)
		if from < len(s) && (isASCIILetter(s[from]) || s[from] == '@') {
			continue
		}
		if at > 0 && s[at-1] == '\\' {
			continue
		}
		out = append(out, at)
	}
}

// macroCall is a use of an include macro: its span and its expansion.
type macroCall struct {
	start, end int
	text       string
}

// includeMacroCalls lists the uses of macros in s outside comments and
// the macros' definitions, each with its expansion (the macros it uses
// expanded too).
func includeMacroCalls(s string, macros map[string]includeMacro) []macroCall {
	if len(macros) == 0 {
		return nil
	}
	defs := definitionBodies(s)
	calls := macroCalls(s, macros, func(at int) bool { return !commentedLine(s, at) && !inSpans(at, defs) })
	budget := maxExpansionBytes
	for k := range calls {
		if budget -= len(calls[k].text); budget < 0 {
			return calls[:k] // the rest stay as written
		}
		calls[k].text = expandIncludeMacros(calls[k].text, macros, 1, &budget)
	}
	return calls
}

// macroCalls lists the uses of macros in s that keep accepts, in order,
// each with the macro's body, its arguments in place; a use inside
// another's arguments is that one's.
func macroCalls(s string, macros map[string]includeMacro, keep func(at int) bool) []macroCall {
	var out []macroCall
	for n, mac := range macros {
		if !strings.Contains(s, `\`+n) {
			continue
		}
		for _, at := range macroUses(s, n) {
			if !keep(at) {
				continue
			}
			if end, text, ok := expandMacroUse(s, at+1+len(n), mac); ok {
				out = append(out, macroCall{start: at, end: end, text: text})
			}
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].start < out[b].start })
	kept := out[:0]
	last := -1
	for _, c := range out {
		if c.start >= last {
			kept = append(kept, c)
			last = c.end
		}
	}
	return kept
}

// expandIncludeMacros is s with the uses of macros expanded, depth deep,
// while what the expansions write stays within budget (past it, s stays as
// written).
func expandIncludeMacros(s string, macros map[string]includeMacro, depth int, budget *int) string {
	if depth >= maxIncludeMacroDepth || *budget <= 0 {
		return s
	}
	calls := macroCalls(s, macros, func(at int) bool { return !commentedLine(s, at) })
	if len(calls) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, c := range calls {
		if *budget -= len(c.text); *budget < 0 {
			return s
		}
		b.WriteString(s[last:c.start])
		b.WriteString(expandIncludeMacros(c.text, macros, depth+1, budget))
		last = c.end
	}
	b.WriteString(s[last:])
	return b.String()
}

// inSpans reports whether at lies in one of spans.
func inSpans(at int, spans [][2]int) bool {
	for _, sp := range spans {
		if at >= sp[0] && at < sp[1] {
			return true
		}
	}
	return false
}

// definitionBodies are the spans of the definitions s makes, from the
// command to the end of the body: a macro's name or use there is no use.
func definitionBodies(s string) [][2]int {
	var out [][2]int
	for _, m := range macroDefs(s) {
		if _, mac, ok := macroDefinition(s, m); ok {
			out = append(out, [2]int{m[0], mac.bodyEnd})
		}
	}
	return out
}

// expandMacroUse reads the arguments of a use of mac whose name ends at p
// and returns the offset past them and the body with them in place.
func expandMacroUse(s string, p int, mac includeMacro) (int, string, bool) {
	args := make([]string, 0, mac.params)
	if mac.opt {
		q := skipTeXSpace(s, p)
		if q < len(s) && s[q] == '[' {
			c := strings.IndexByte(s[q:], ']')
			if c < 0 || c > maxIncludeArgBytes {
				return 0, "", false
			}
			args = append(args, s[q+1:q+c])
			p = q + c + 1
		} else {
			args = append(args, mac.deflt)
		}
	}
	for len(args) < mac.params {
		q := skipTeXSpace(s, p)
		if q >= len(s) || s[q] != '{' {
			return 0, "", false
		}
		e := braceEnd(s, q)
		if e < 0 || e-q > maxIncludeArgBytes {
			return 0, "", false
		}
		args = append(args, strings.TrimSpace(s[q+1:e-1]))
		p = e
	}
	var b strings.Builder
	body := mac.body
	for i := 0; i < len(body); i++ {
		if body[i] != '#' || i+1 >= len(body) {
			b.WriteByte(body[i])
			continue
		}
		c := body[i+1]
		switch {
		case c == '#':
			b.WriteByte('#')
			i++
		case c >= '1' && c <= '9' && int(c-'0') <= len(args):
			b.WriteString(args[c-'1'])
			i++
		default:
			b.WriteByte('#')
		}
	}
	return p, b.String(), true
}

// includeOnly is the list a main file's \includeonly gives, the names
// without ".tex", or nil when it has none.
func includeOnly(s string) map[string]bool {
	if !strings.Contains(s, `\includeonly`) {
		return nil
	}
	begin := texBeginDocument(s)
	for _, m := range texIncludeOnly.FindAllStringSubmatchIndex(s, -1) {
		if commentedLine(s, m[0]) || (begin >= 0 && m[0] > begin) {
			continue
		}
		only := map[string]bool{}
		for _, n := range strings.Split(s[m[2]:m[3]], ",") {
			if n = strings.TrimSpace(stripTeXComments(n)); n != "" {
				only[strings.TrimSuffix(n, ".tex")] = true
			}
		}
		return only
	}
	return nil
}

// stripTeXComments is s without its comments.
func stripTeXComments(s string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		for k := 0; k < len(line); k++ {
			if line[k] == '%' && (k == 0 || line[k-1] != '\\') {
				line = line[:k]
				break
			}
		}
		b.WriteString(line)
	}
	return b.String()
}
