package extract

import "strings"

// TeX's grouping of definitions. A definition made inside a group (a
// brace group, an environment, \begingroup…\endgroup, \bgroup…\egroup)
// ends with the group: catlog redefines \times inside one mathpar for a
// derivation, and the rest of the book reads \times as before. \gdef,
// \xdef and a \global prefix define for the whole document. scanTeX
// tells the scope each control word it reads; a macro a local definition
// replaces is saved and put back when its group closes. The document
// environment is no group here: what its body defines holds for the
// rest of the document. A group never closed (braces miscounted in text
// lore cannot read) keeps its definitions, as lore did before.
type texScope struct {
	doc string
	// at: the text before it is counted; def is the next of the
	// document's definition and verbatim spans (texDoc.defs), which are
	// not counted.
	at, def int
	braces  int
	groups  int      // \begingroup, \bgroup
	envs    []string // the environments open, but the document
	level   int      // the group level definitions are now made at: 0 for global ones
	saved   []savedMacro
}

// savedMacro is a macro as it was before a definition made at level.
type savedMacro struct {
	level int
	name  string
	m     texMacro
	had   bool
}

func (sc *texScope) depth() int { return sc.braces + sc.groups + len(sc.envs) }

// read takes in the text up to the control word name at i (its
// arguments starting at after): groups opened and closed, and the level
// a definition name makes is made at.
func (sc *texScope) read(d *texDoc, name string, i, after int) {
	sc.count(d, i)
	switch name {
	case "begingroup", "bgroup":
		sc.groups++
	case "endgroup", "egroup":
		if sc.groups > 0 {
			sc.groups--
			sc.close(d)
		}
	case "begin":
		if env, e := texBraced(sc.doc, after); e > 0 && env != "document" && !verbatimLike[env] {
			sc.envs = append(sc.envs, env)
		}
	case "end":
		env, e := texBraced(sc.doc, after)
		if e < 0 {
			break
		}
		for k := len(sc.envs) - 1; k >= 0; k-- {
			if sc.envs[k] == env {
				sc.envs = sc.envs[:k]
				sc.close(d)
				break
			}
		}
	}
	sc.level = sc.depth()
	if name == "gdef" || name == "xdef" || globalPrefix(sc.doc, i) {
		sc.level = 0
	}
}

// count reads the braces of the text before i, outside comments,
// escaped braces and the document's definitions and verbatim text.
func (sc *texScope) count(d *texDoc, i int) {
	s := sc.doc
	for p := sc.at; p < i; p++ {
		for sc.def < len(d.defs) && d.defs[sc.def][1] <= p {
			sc.def++
		}
		if sc.def < len(d.defs) && d.defs[sc.def][0] <= p {
			p = d.defs[sc.def][1] - 1
			continue
		}
		switch s[p] {
		case '\\':
			p++
		case '%':
			p = lineEnd(s, p) - 1
		case '{':
			sc.braces++
		case '}':
			if sc.braces > 0 {
				sc.braces--
				sc.close(d)
			}
		}
	}
	sc.at = max(sc.at, i)
}

// close puts back the macros defined in groups now closed.
func (sc *texScope) close(d *texDoc) {
	depth := sc.depth()
	for len(sc.saved) > 0 && sc.saved[len(sc.saved)-1].level > depth {
		s := sc.saved[len(sc.saved)-1]
		sc.saved = sc.saved[:len(sc.saved)-1]
		if s.had {
			d.macros[s.name] = s.m
		} else {
			delete(d.macros, s.name)
		}
	}
}

// define saves the macro name is before a definition that replaces it
// at the current level.
func (sc *texScope) define(d *texDoc, name string) {
	if sc == nil || sc.level == 0 {
		return
	}
	m, had := d.macros[name]
	sc.saved = append(sc.saved, savedMacro{level: sc.level, name: name, m: m, had: had})
}

// globalPrefix reports a \global before the definition at i, among its
// prefixes (\global\long\def, \long\global\def).
func globalPrefix(s string, i int) bool {
	for k := 0; k < 3; k++ {
		j := i
		for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\n') {
			j--
		}
		w := j
		for w > 0 && isLetterByte(s[w-1]) {
			w--
		}
		if w == j || w == 0 || s[w-1] != '\\' {
			return false
		}
		switch s[w:j] {
		case "global":
			return true
		case "long", "protected", "outer":
			i = w - 1
		default:
			return false
		}
	}
	return false
}

// withOwnDefinitions is the document's macros with those the text s
// defines itself added: a definition made inside an environment
// (\begin{definition} \def\fT{T_{\!\mathsc{f}}} Let \fT …) holds until
// the environment ends, so the document's scan, which ends every group,
// no longer has it, while the statement read from that environment uses it.
func withOwnDefinitions(s string, macros map[string]texMacro) map[string]texMacro {
	if !strings.Contains(s, `\def`) && !strings.Contains(s, `command`) && !strings.Contains(s, `\let`) &&
		!strings.Contains(s, `\DeclareMathOperator`) {
		return macros
	}
	own := scanTeX(s).macros
	if len(own) == 0 {
		return macros
	}
	out := make(map[string]texMacro, len(macros)+len(own))
	for k, m := range macros {
		out[k] = m
	}
	for k, m := range own {
		out[k] = m
	}
	return out
}
