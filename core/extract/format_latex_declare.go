package extract

import (
	"sort"
	"strings"
)

// Theorem-like environments declared otherwise than with \newtheorem:
// thmtools' \declaretheorem, tcolorbox's \newtcbtheorem and titled
// \newtcolorbox, mdframed's \newmdtheoremenv and Springer's
// \spnewtheorem. Each declares an environment with a printed title and a
// counter, as \newtheorem does; scanTeX reads them into the same tables.

// theoremDecl is one declaration read.
type theoremDecl struct {
	env, title, shared, within string
	unnumbered                 bool
}

// declare enters a declaration into the document's environments and
// numbering, as declareTheorem does for \newtheorem.
func (d *texDoc) declare(t theoremDecl, n *texNumbering) {
	title := kindLead(t.title, cleanLaTeX(t.title))
	if title == "" || len(title) > 40 || t.env == "" || len(t.env) > 60 {
		return
	}
	d.envs[t.env] = upperFirst(title)
	switch {
	case t.unnumbered:
		n.unnumbered[t.env] = true
	case t.shared != "":
		n.counter[t.env] = n.counterOf(t.shared)
		d.shares(t.env, t.shared)
	default:
		n.counter[t.env] = t.env
		n.within[t.env] = t.within
		if n.theorem == "" && strings.EqualFold(title, "theorem") {
			n.theorem = t.env
		}
	}
}

// shares records that env is numbered with (steps the counter of) with.
func (d *texDoc) shares(env, with string) {
	if d.numberedWith == nil {
		d.numberedWith = map[string]string{}
	}
	d.numberedWith[env] = with
}

// declareMore reads the declaration command name (without backslash)
// whose arguments start at p and returns where reading goes on; ok is
// false when name declares nothing.
func (d *texDoc) declareMore(name, doc string, p int, star bool, n *texNumbering) (int, bool) {
	switch name {
	case "declaretheorem":
		env, opts, e, ok := readDeclareTheorem(doc, p)
		if !ok {
			return p, true
		}
		t := theoremDecl{env: env, title: optionValue(opts, "name", "title"),
			shared: optionValue(opts, "sibling", "numberlike", "sharenumber"),
			within: optionValue(opts, "numberwithin", "within", "parent"),
			unnumbered: optionValue(opts, "numbered") == "no" ||
				strings.HasSuffix(optionValue(opts, "style"), "*") || strings.HasSuffix(env, "*")}
		if t.title == "" {
			t.title = upperFirst(strings.TrimSuffix(env, "*"))
		}
		d.declare(t, n)
		return e, true
	case "newmdtheoremenv":
		_, q := texOptional(doc, p, 2000)
		return d.declareTheorem(doc, q, star, n), true
	case "spnewtheorem":
		q := p
		if star {
			q = skipStar(doc, q)
		}
		return d.declareTheorem(doc, q, star, n), true
	case "newtcbtheorem", "renewtcbtheorem", "NewTcbTheorem", "DeclareTcbTheorem":
		t, ok := readTcbTheorem(doc, p)
		if !ok {
			return p, true
		}
		decl := theoremDecl{env: t.env, title: t.title}
		init := t.init
		switch {
		case strings.Contains(init, "no counter"):
			decl.unnumbered = true
		case optionValue(init, "use counter from", "use counter") != "":
			decl.shared = optionValue(init, "use counter from", "use counter")
		default:
			decl.within = optionValue(init, "number within")
		}
		d.declare(decl, n)
		return t.end, true
	case "newtcolorbox", "renewtcolorbox", "NewTColorBox", "DeclareTColorBox":
		t, ok := readTcolorbox(doc, p)
		if !ok {
			return p, true
		}
		if t.title != "" {
			decl := theoremDecl{env: t.env, title: t.title, within: optionValue(t.init, "number within")}
			switch {
			case optionValue(t.init, "use counter from", "use counter") != "":
				decl.shared = optionValue(t.init, "use counter from", "use counter")
			case !strings.Contains(t.init, "auto counter"):
				decl.unnumbered = true
			}
			d.declare(decl, n)
		}
		return t.end, true
	case "newaliascnt":
		// aliascnt's \newaliascnt{lem}{thm}: counter lem is thm, so
		// \newtheorem{lem}[lem]{Lemma} numbers lemmas with the theorems.
		alias, e := bracedWord(doc, p)
		if e < 0 {
			return p, true
		}
		of, e2 := bracedWord(doc, e)
		if e2 < 0 || alias == "" || of == "" || alias == of || len(alias) > 60 {
			return e, true
		}
		n.counter[alias] = n.counterOf(of)
		return e2, true
	}
	return p, false
}

// readDeclareTheorem reads \declaretheorem[options]{env} or
// \declaretheorem{env}[options].
func readDeclareTheorem(s string, p int) (env, opts string, e int, ok bool) {
	opts, q := texOptional(s, p, 2000)
	env, e = bracedWord(s, q)
	if e < 0 || env == "" || strings.ContainsAny(env, `\,`) {
		return "", "", p, false
	}
	if opts == "" {
		opts, e = texOptional(s, e, 2000)
	}
	return env, opts, e, true
}

// tcbDecl is a tcolorbox declaration read.
type tcbDecl struct {
	env, title, init, prefix string
	params                   texParams
	end                      int
}

// readTcbTheorem reads \newtcbtheorem[init]{env}{Title}{options}{prefix}.
func readTcbTheorem(s string, p int) (tcbDecl, bool) {
	var t tcbDecl
	t.init, p = texOptional(s, p, 2000)
	env, e := bracedWord(s, p)
	if e < 0 || env == "" || len(env) > 60 || strings.ContainsAny(env, `\{}`) {
		return t, false
	}
	title, e2 := defGroup(s, e)
	if e2 < 0 {
		return t, false
	}
	_, e3 := defGroup(s, e2)
	if e3 < 0 {
		return t, false
	}
	prefix, e4 := defGroup(s, e3)
	if e4 < 0 {
		return t, false
	}
	t.env, t.title, t.prefix, t.end = env, strings.TrimSpace(title), strings.TrimSpace(prefix), e4
	return t, true
}

// readTcolorbox reads \newtcolorbox[init]{env}[n][default]{options}: a
// box whose title option opens with the word of a theorem-like kind
// ("title=Definition: #1") is that kind, titled by its first argument.
func readTcolorbox(s string, p int) (tcbDecl, bool) {
	var t tcbDecl
	t.init, p = texOptional(s, p, 2000)
	env, e := bracedWord(s, p)
	if e < 0 || env == "" || len(env) > 60 || strings.ContainsAny(env, `\{}`) {
		return t, false
	}
	n, hasOpt, opt, e2, ok := readNewcommandCount(s, e)
	if !ok {
		return t, false
	}
	options, e3 := defGroup(s, e2)
	if e3 < 0 {
		return t, false
	}
	t.env, t.end = env, e3
	if n == 0 {
		return t, true
	}
	t.params = newcommandParams(n, hasOpt, opt)
	title := optionValue(options, "title")
	if !strings.Contains(title, "#1") {
		return t, true
	}
	// The kind is the title's first word ("Definition: #1",
	// "\textbf{Theorem} #1").
	w := strings.Fields(cleanLaTeX(strings.ReplaceAll(title, "#", " ")))
	if len(w) == 0 {
		return t, true
	}
	word := strings.Trim(w[0], ":.-–—~")
	if _, ok := titleKind(word); ok {
		t.title = word
	}
	return t, true
}

// optionValue is the value of the first of keys set in a key=value
// option list, its braces around the whole value removed.
func optionValue(opts string, keys ...string) string {
	for _, k := range keys {
		if v, ok := enumKey(opts, k); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// envDefining are the commands defining environments (and xparse's
// commands), whose code scanTeX does not read but must not take for the
// document's text.
var envDefining = map[string]bool{
	"newenvironment": true, "renewenvironment": true, "provideenvironment": true,
	"NewDocumentCommand": true, "RenewDocumentCommand": true, "ProvideDocumentCommand": true,
	"DeclareDocumentCommand": true, "NewDocumentEnvironment": true, "RenewDocumentEnvironment": true,
	"ProvideDocumentEnvironment": true, "DeclareDocumentEnvironment": true, "NewEnviron": true,
	"RenewEnviron": true,
}

// addDef records the definition spanning [at, end) and returns end.
func (d *texDoc) addDef(at, end int) int {
	if end > at {
		d.defs = append(d.defs, [2]int{at, end})
	}
	return end
}

// inert reports whether offset off is in the body of a definition or in
// verbatim text.
func (d *texDoc) inert(off int) bool {
	k := sort.Search(len(d.defs), func(k int) bool { return d.defs[k][1] > off })
	return k < len(d.defs) && d.defs[k][0] <= off
}

// bracedWord is the trimmed braced argument at or after p (after blanks
// and comments: "\newtcbtheorem[...]%" then "{name}") and the offset
// after it, or -1.
func bracedWord(s string, p int) (string, int) {
	a, e := argGroup(s, p)
	return strings.TrimSpace(a), e
}

// className is what a theorem's printed title prints when it is a macro
// of the class or package declaring it, where @ is a letter:
// \newtheorem{proposition}[theorem]{\notes@propositionname} prints what
// \notes@propositionname is defined as (a class defines it once for each
// language it offers; the first is taken). Any other title is given back
// as it is.
func className(doc, title string) string {
	t := strings.TrimSpace(title)
	if len(t) < 3 || t[0] != '\\' || !strings.Contains(t, "@") ||
		strings.IndexFunc(t[1:], func(r rune) bool { return r != '@' && (r > 127 || !isLetterByte(byte(r))) }) >= 0 {
		return title
	}
	for _, def := range []string{`\newcommand`, `\renewcommand`, `\providecommand`, `\def`, `\gdef`} {
		for _, form := range []string{def + "{" + t + "}", def + "*{" + t + "}", def + t} {
			for from := 0; ; {
				k := strings.Index(doc[from:], form)
				if k < 0 {
					break
				}
				e := from + k + len(form)
				from = e
				if e < len(doc) && (isLetterByte(doc[e]) || doc[e] == '@') {
					continue // a longer name
				}
				if body, end := texRawBraced(doc, e); end >= 0 && !strings.Contains(body, "#") {
					return body
				}
			}
		}
	}
	return title
}

// kindLead is the printed title of a theorem-like environment as a
// reader takes it: a title printing the kind's word with a mark set
// after it (name={Proposition\assumesAC{thmcolac}}, a superscript "AC"
// for results that use the axiom of choice) is of that kind. clean is
// raw cleaned; it is given back when raw does not start so.
func kindLead(raw, clean string) string {
	if _, ok := titleKind(clean); ok {
		return clean
	}
	k := strings.IndexByte(raw, '\\')
	if k <= 0 {
		return clean
	}
	lead := strings.TrimSpace(raw[:k])
	if _, ok := titleKind(lead); ok {
		return lead
	}
	return clean
}
