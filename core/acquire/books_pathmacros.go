package acquire

import "strings"

// An include's path may hold an author's macro with no parameters, as TeX
// expands it where the include is read:
//
//	\renewcommand{\currentchapter}{02}
//	\input{book/ch\currentchapter-sets/s1-sets.tex}
//
// reads book/ch02-sets/s1-sets.tex. The definition in force is the last
// one (\newcommand, \renewcommand, \def and kin) before the include in the
// same file; a macro with none there is one lore cannot read, and the path
// stays unresolved (see unresolvedIncludePath).

// pathMacro is a definition of a macro with no parameters whose body may
// stand in a path: its name, where it is made, and its body.
type pathMacro struct {
	name string
	at   int
	body string
}

// pathMacros lists, in document order, the definitions in s of macros
// with no parameters whose body is plain text (no macro, brace or
// parameter).
func pathMacros(s string) []pathMacro {
	var out []pathMacro
	for _, m := range macroDefs(s) {
		if commentedLine(s, m[0]) {
			continue
		}
		name, mac, ok := macroDefinition(s, m)
		if !ok || mac.params != 0 || mac.opt || len(mac.body) > maxIncludeArgBytes || strings.ContainsAny(mac.body, "\\{}#$%\n") {
			continue
		}
		out = append(out, pathMacro{name: name, at: m[0], body: strings.TrimSpace(mac.body)})
	}
	return out
}

// expandPathMacros is arg, a path read at offset at, with each macro
// defined in defs before at replaced by the definition in force there, and
// whether every macro in it was.
func expandPathMacros(arg string, at int, defs []pathMacro) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(arg); i++ {
		if arg[i] != '\\' {
			b.WriteByte(arg[i])
			continue
		}
		e := i + 1
		for e < len(arg) && (isASCIILetter(arg[e]) || arg[e] == '@') {
			e++
		}
		if e == i+1 {
			return arg, false
		}
		body, ok := pathMacroAt(arg[i+1:e], at, defs)
		if !ok {
			return arg, false
		}
		b.WriteString(body)
		// TeX skips the spaces after a macro's name; "{}" ends it.
		for e < len(arg) && (arg[e] == ' ' || arg[e] == '\t') {
			e++
		}
		if strings.HasPrefix(arg[e:], "{}") {
			e += 2
		}
		i = e - 1
	}
	return b.String(), true
}

// pathMacroAt is the body of the last definition of name in defs before
// at.
func pathMacroAt(name string, at int, defs []pathMacro) (string, bool) {
	body, ok := "", false
	for _, d := range defs {
		if d.at >= at {
			break
		}
		if d.name == name {
			body, ok = d.body, true
		}
	}
	return body, ok
}

// unresolvedIncludePath reports whether s has an include, outside
// comments and definitions, whose path holds a macro lore cannot expand:
// what it includes is unknown.
func unresolvedIncludePath(s string) bool {
	if !strings.Contains(s, `\in`) && !strings.Contains(s, `\sub`) && !strings.Contains(s, `\import`) && !strings.Contains(s, `\Input`) {
		return false
	}
	var defs [][2]int
	read := false
	for _, m := range texIncludeCmd.FindAllStringSubmatchIndex(s, -1) {
		if commentedLine(s, m[0]) || (m[0] > 0 && s[m[0]-1] == '\\') {
			continue
		}
		if _, ok := texIncludeArgs(s, m[1], s[m[2]:m[3]], nil); ok {
			continue
		}
		p := m[1]
		if importCmd(s[m[2]:m[3]]) && p < len(s) && s[p] == '*' {
			p++
		}
		q := skipTeXSpace(s, p)
		if q >= len(s) || s[q] != '{' {
			continue
		}
		e := strings.IndexAny(s[q+1:], "{}\n")
		if e < 0 || s[q+1+e] != '}' {
			continue
		}
		arg := s[q+1 : q+1+e]
		if !strings.Contains(arg, `\`) || strings.Contains(arg, "#") {
			continue
		}
		if !read {
			defs, read = definitionBodies(s), true
		}
		if inSpans(m[0], defs) {
			continue
		}
		// Read with the file's own definitions, it may name a file.
		if _, ok := texIncludeArgs(s, m[1], s[m[2]:m[3]], func(a string) (string, bool) {
			return expandPathMacros(a, m[0], pathMacros(s))
		}); ok {
			continue
		}
		return true
	}
	return false
}
