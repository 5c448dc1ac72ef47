package extract

import "strings"

// The definitions the expander records, as TeX makes them: where they are
// read, a later one replacing an earlier (\providecommand keeping it).
// Each form's text stays in the document as written: scanTeX reads the
// notation and the theorem declarations from it.

// define records the definition the command name (ending at j) makes and
// returns where it ends; ok is false when name makes none the expander
// reads, or it reads the declaration and the text goes on being read.
func (x *texExpander) define(name, s string, j int) (int, bool) {
	switch name {
	case "newcommand", "renewcommand", "providecommand", "DeclareRobustCommand":
		return x.defineCmd(name == "providecommand", s, j), true
	case "def", "gdef", "edef", "xdef":
		return x.defineDef(s, j), true
	case "let":
		return x.defineLet(s, j), true
	case "newcounter":
		x.newCounter(s, j)
	case "numberwithin", "counterwithin":
		// A box stepping the counter is numbered within the parent.
		if c, e := texBraced(s, j); e > 0 && c != "" {
			if w, e2 := texBraced(s, e); e2 > 0 && w != "" {
				x.counters[c] = w
			}
		}
	case "newenvironment", "renewenvironment", "provideenvironment":
		return x.defineEnv(name == "provideenvironment", s, j), true
	case "NewDocumentCommand", "RenewDocumentCommand", "ProvideDocumentCommand", "DeclareDocumentCommand":
		return x.defineXCmd(name == "ProvideDocumentCommand", s, j), true
	case "NewDocumentEnvironment", "RenewDocumentEnvironment", "ProvideDocumentEnvironment", "DeclareDocumentEnvironment":
		return x.defineXEnv(name == "ProvideDocumentEnvironment", s, j), true
	case "NewEnviron", "RenewEnviron":
		return x.defineEnviron(s, j), true
	case "newtheorem", "renewtheorem", "newframedtheorem", "newshadedtheorem", "spnewtheorem":
		if env, e := texBraced(s, skipStar(s, j)); e > 0 {
			x.theorems[env] = true
		}
	case "newmdtheoremenv":
		_, p := texOptional(s, j, 2000)
		if env, e := texBraced(s, p); e > 0 {
			x.theorems[env] = true
		}
	case "declaretheorem":
		if env, _, _, ok := readDeclareTheorem(s, j); ok {
			x.theorems[env] = true
		}
	case "newtcbtheorem", "renewtcbtheorem", "NewTcbTheorem", "DeclareTcbTheorem":
		if t, ok := readTcbTheorem(s, j); ok {
			x.theorems[t.env] = true
			x.setEnv(t.env, &authorEnv{box: "tcb", prefix: t.prefix})
			return t.end, true
		}
	case "newtcolorbox", "renewtcolorbox", "NewTColorBox", "DeclareTColorBox":
		if t, ok := readTcolorbox(s, j); ok {
			if t.title != "" {
				x.theorems[t.env] = true
				x.setEnv(t.env, &authorEnv{box: "title", params: t.params})
			}
			return t.end, true
		}
	}
	return 0, false
}

func skipStar(s string, p int) int {
	if p < len(s) && s[p] == '*' {
		return p + 1
	}
	return p
}

// defName reads the name a definition defines at p: "{\name}" or "\name",
// '@' read as a letter (as packages read it).
func defName(s string, p int) (string, int) {
	p = skipTeXSpace(s, p)
	braced := p < len(s) && s[p] == '{'
	if braced {
		p = skipTeXSpace(s, p+1)
	}
	if p >= len(s) || s[p] != '\\' {
		return "", p
	}
	q := p + 1
	for q < len(s) && (isLetterByte(s[q]) || s[q] == '@') {
		q++
	}
	if q == p+1 {
		return "", p
	}
	name := s[p+1 : q]
	if braced {
		q = skipTeXSpace(s, q)
		if q >= len(s) || s[q] != '}' {
			return "", q
		}
		q++
	}
	return name, q
}

// defGroup reads a definition's braced code at or after p.
func defGroup(s string, p int) (string, int) {
	p = skipTeXSpace(s, p)
	if p >= len(s) || s[p] != '{' {
		return "", -1
	}
	e, ok := balanced(s, p, '{', '}', maxDefBytes)
	if !ok {
		return "", -1
	}
	return s[p+1 : e], e + 1
}

func (x *texExpander) setCmd(name string, c *authorCmd, keep bool) {
	if keep && x.cmds[name] != nil {
		return
	}
	if strings.Contains(c.body, `\@`) || expl3(c.body) {
		// Built on LaTeX's internals (\@ifnextchar, \@ifstar): its
		// expansion is no text lore can read.
		delete(x.cmds, name)
	} else {
		if c.box == nil && !c.defines {
			c.defines = definesIn(c.body)
			c.box = x.printedBoxOf(c.body, len(c.params.list))
			if c.box != nil && c.box.kind == "" {
				c.box.kind = x.referredKind(name, c)
				if c.box.kind == "" {
					c.box = nil
				}
			}
		}
		x.cmds[name] = c
		if c.box != nil {
			x.declareBox(name, c.box)
		}
	}
	clear(x.structural)
}

func (x *texExpander) setEnv(name string, a *authorEnv) {
	if strings.Contains(a.begin, `\@`) || strings.Contains(a.end, `\@`) || expl3(a.begin) || expl3(a.end) {
		a.internal = true
		x.envs[name] = a
		return
	}
	x.envs[name] = a
}

// defineCmd reads \newcommand{\name}[n][default]{body}.
func (x *texExpander) defineCmd(provide bool, s string, p int) int {
	name, e := defName(s, skipStar(s, p))
	if name == "" {
		return e
	}
	n, hasOpt, opt, e2, ok := readNewcommandCount(s, e)
	if !ok {
		return e2
	}
	body, e3 := defGroup(s, e2)
	if e3 < 0 {
		return e2
	}
	x.setCmd(name, &authorCmd{params: newcommandParams(n, hasOpt, opt), body: body}, provide)
	return e3
}

// defineDef reads \def\name<parameter text>{body}.
func (x *texExpander) defineDef(s string, p int) int {
	if p >= len(s) || s[p] != '\\' {
		return p
	}
	name, e := defName(s, p)
	if name == "csname" {
		// \expandafter\def\csname name\endcsname: the name is the
		// text up to \endcsname, once its arguments are in place.
		k := strings.Index(s[e:min(len(s), e+100)], `\endcsname`)
		if k < 0 {
			return e
		}
		name = strings.TrimSpace(s[e : e+k])
		e += k + len(`\endcsname`)
		if name == "" || strings.IndexFunc(name, func(r rune) bool { return r > 127 || !isLetterByte(byte(r)) && r != '@' }) >= 0 {
			return e
		}
	}
	if name == "" {
		return max(e, p+1)
	}
	ps, q, ok := defParams(s, e)
	if !ok {
		return e
	}
	body, e2 := defGroup(s, q)
	if e2 < 0 {
		return e
	}
	x.setCmd(name, &authorCmd{params: ps, body: body}, false)
	return e2
}

// defineLet reads \let\new\old (or \let\new=\old): \new is what \old is
// now. \let\A\B with \let\endA\endB makes environment A environment B.
func (x *texExpander) defineLet(s string, p int) int {
	name, e := defName(s, p)
	if name == "" {
		return e
	}
	q := skipSpaceNL(s, e)
	if q < len(s) && s[q] == '=' {
		q++
	}
	old, e2 := defName(s, q)
	if old == "" || old == name {
		return max(e2, e)
	}
	if c, ok := x.cmds[old]; ok {
		x.setCmd(name, c, false)
	} else if _, ok := x.cmds[name]; ok {
		delete(x.cmds, name)
		clear(x.structural)
	}
	x.lets[name] = old
	if a, b := strings.TrimPrefix(name, "end"), strings.TrimPrefix(old, "end"); a != name && b != old &&
		x.lets[a] == b && a != "" && b != "" && !x.knownBlock(a) {
		x.setEnv(a, &authorEnv{alias: b})
	}
	return e2
}

// defineEnv reads \newenvironment{name}[n][default]{begin}{end}.
func (x *texExpander) defineEnv(provide bool, s string, p int) int {
	env, e := texBraced(s, skipStar(s, p))
	if e < 0 || env == "" || len(env) > 60 {
		return p
	}
	n, hasOpt, opt, e2, ok := readNewcommandCount(s, e)
	if !ok {
		return e2
	}
	begin, e3 := defGroup(s, e2)
	if e3 < 0 {
		return e2
	}
	end, e4 := defGroup(s, e3)
	if e4 < 0 {
		return e3
	}
	if provide && x.envs[env] != nil {
		return e4
	}
	x.setEnv(env, &authorEnv{params: newcommandParams(n, hasOpt, opt), begin: begin, end: end})
	return e4
}

// defineXCmd reads \NewDocumentCommand{\name}{spec}{body}.
func (x *texExpander) defineXCmd(provide bool, s string, p int) int {
	name, e := defName(s, p)
	if name == "" {
		return e
	}
	spec, e2 := defGroup(s, e)
	if e2 < 0 {
		return e
	}
	body, e3 := defGroup(s, e2)
	if e3 < 0 {
		return e2
	}
	if ps, takesBody, ok := xparseParams(spec); ok && !takesBody {
		x.setCmd(name, &authorCmd{params: ps, body: body}, provide)
	}
	return e3
}

// defineXEnv reads \NewDocumentEnvironment{name}{spec}{begin}{end}.
func (x *texExpander) defineXEnv(provide bool, s string, p int) int {
	env, e := texBraced(s, p)
	if e < 0 || env == "" || len(env) > 60 {
		return p
	}
	spec, e2 := defGroup(s, e)
	if e2 < 0 {
		return e
	}
	begin, e3 := defGroup(s, e2)
	if e3 < 0 {
		return e2
	}
	end, e4 := defGroup(s, e3)
	if e4 < 0 {
		return e3
	}
	ps, takesBody, ok := xparseParams(spec)
	if !ok || provide && x.envs[env] != nil {
		return e4
	}
	if takesBody && len(ps.list) >= 9 {
		return e4
	}
	x.setEnv(env, &authorEnv{params: ps, begin: begin, end: end, takesBody: takesBody})
	return e4
}

// defineEnviron reads environ's \NewEnviron{name}[n][default]{code}[end
// code], whose code holds the body as \BODY.
func (x *texExpander) defineEnviron(s string, p int) int {
	env, e := texBraced(s, p)
	if e < 0 || env == "" || len(env) > 60 {
		return p
	}
	n, hasOpt, opt, e2, ok := readNewcommandCount(s, e)
	if !ok || n > 8 {
		return e2
	}
	code, e3 := defGroup(s, e2)
	if e3 < 0 {
		return e2
	}
	end := ""
	if q := skipSpaceNL(s, e3); q < len(s) && s[q] == '[' {
		if c, ok := balanced(s, q, '[', ']', maxDefBytes); ok {
			end, e3 = s[q+1:c], c+1
		}
	}
	x.setEnv(env, &authorEnv{params: newcommandParams(n, hasOpt, opt), begin: code, end: end, takesBody: true})
	return e3
}

// expl3 reports code in LaTeX3's programming layer (\prop_get:NnN,
// \tl_if_blank:nTF): its expansion depends on data lore does not keep,
// so it is left as written.
func expl3(code string) bool {
	for i := 0; i < len(code); {
		k := strings.IndexByte(code[i:], '\\')
		if k < 0 {
			return false
		}
		name, j := controlWord(code, i+k)
		if name != "" && j < len(code) && (code[j] == '_' || code[j] == ':') {
			return true
		}
		i = max(j, i+k+2)
	}
	return false
}
