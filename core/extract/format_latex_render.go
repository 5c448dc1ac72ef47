package extract

import (
	"strings"
	"unicode/utf8"

	"github.com/lore-kb/lore/internal/lazyre"
)

// texRender renders a LaTeX document's cross-references and macros while
// its statements are cleaned. A nil *texRender renders references without
// knowing the document.
type texRender struct {
	doc *texDoc
	// names are the names of primitives already extracted, by the label
	// keys that point at them.
	names map[string]string
}

// Words printed for references that cannot be resolved. A target defined
// in the document but not numbered is "(see source)"; a target the
// document does not hold (another chapter of a book) is "(elsewhere)".
const (
	refElsewhere  = "(elsewhere)"
	refUnnumbered = "(see source)"
)

// usesCommand is a Lean blueprint's \uses{…}: the results a statement
// depends on, listed for the dependency graph and printed nowhere.
const usesCommand = "uses"

// PrintedReference reports whether the reference an edge was read from
// (its description, "Refers to X (\cref{x})") is printed in the document:
// a blueprint's \uses is not, so no rendering of the document can keep it.
func PrintedReference(description string) bool {
	return !strings.Contains(description, "(\\"+usesCommand+"{")
}

// keyWords are the words a label key names its target by, after its
// kind ("lem:cauchy-davenport" is "cauchy davenport", "sec:red-black"
// "red black"), "" when they say nothing (a number, a letter or two, one
// short word: "thm:far", "eq3").
func keyWords(key string) string {
	if i := strings.LastIndexByte(key, ':'); i >= 0 {
		key = key[i+1:]
	}
	ws := strings.FieldsFunc(key, func(r rune) bool { return r == '-' || r == '_' || r == '.' || r == ' ' || r == '/' })
	if len(ws) > 1 && keyKind(ws[0]+":") != "" {
		ws = ws[1:] // PreTeXt's "sec-far", "thm-main"
	}
	letters := 0
	for _, w := range ws {
		if strings.IndexFunc(w, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
			return ""
		}
		letters += utf8.RuneCountInString(w)
	}
	if len(ws) == 0 || len(ws) == 1 && letters < 6 || letters < 5 {
		return ""
	}
	return strings.Join(ws, " ")
}

// render renders one reference command as reading text. before is the
// word written just before it: "Lemma~\ref{x}" already says "Lemma", so
// the reference only adds the number.
func (r *texRender) render(ref texRef, before string, inParens bool) string {
	if ref.cmd == usesCommand {
		return "" // a blueprint's list of what a statement depends on
	}
	plain := plainRefs[ref.cmd]
	kindBefore := plain && kindLikeWord(before)
	parts := make([]string, 0, len(ref.keys))
	for k, key := range ref.keys {
		parts = append(parts, r.renderKey(ref.cmd, key, kindBefore && k == 0, inParens))
	}
	switch {
	case len(parts) == 0:
		return ""
	case strings.HasSuffix(ref.cmd, "range") && len(parts) == 2:
		return parts[0] + " to " + parts[1]
	case len(parts) == 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func (r *texRender) renderKey(cmd, key string, kindBefore, inParens bool) string {
	var lab texLabel
	known := false
	if r != nil && r.doc != nil {
		lab, known = r.doc.labels[key]
	}
	kind := lab.kind
	if kind == "" {
		kind = keyKind(key)
	}
	name := ""
	if r != nil {
		name = r.names[key]
	}
	switch cmd {
	case "eqref":
		if known && lab.number != "" {
			return lab.number
		}
		if known {
			return "(equation, see source)"
		}
		return "(equation elsewhere)"
	case "pageref", "cpageref", "Cpageref":
		if known && lab.number != "" {
			return "(" + joinKind(kind, lab.number) + ")"
		}
		return "(page elsewhere)"
	case "nameref":
		if name != "" {
			return name
		}
	}
	if !known {
		where := refElsewhere
		if words := keyWords(key); words != "" {
			// the author's name for it is all a reader without the
			// rest of the book has: "Lemma (elsewhere: sumset bound)"
			where = "(elsewhere: " + words + ")"
		}
		if kindBefore || kind == "" {
			return where
		}
		return kind + " " + where
	}
	num := lab.number
	if num == "" {
		switch {
		case name != "":
			return name
		case kindBefore || kind == "":
			return refUnnumbered
		}
		return kind + " " + refUnnumbered
	}
	suffix := ""
	if name != "" && !strings.HasPrefix(name, joinKind(kind, num)) {
		suffix = " (" + name + ")"
		if inParens {
			suffix = ", " + name
		}
	}
	switch {
	case kindBefore || kind == "Item" && plainRefs[cmd]:
		return num + suffix
	case kind == "Equation":
		return "equation " + num
	case kind == "Item":
		return "item " + num
	}
	return joinKind(kind, num) + suffix
}

func joinKind(kind, num string) string {
	if kind == "" {
		return num
	}
	return kind + " " + num
}

// keyKind guesses the kind of target from a label key's prefix
// ("thm:contr-paths", "sec_intro", "lemma-deterministic").
func keyKind(key string) string {
	k := strings.IndexAny(key, ":-_.")
	if k <= 0 {
		return ""
	}
	if kind := refKinds[strings.ToLower(key[:k])]; kind != "" {
		return kind
	}
	// "conditional-independent-def": the kind last.
	return refKinds[strings.ToLower(key[strings.LastIndexAny(key, ":-_.")+1:])]
}

// kindLikeWord reports whether the word before a \ref already names the
// kind of target: "Theorem~\ref{…}", "Lemmas \ref{a}", "Def.~\ref{…}",
// "Eq.", "property \ref{…}".
func kindLikeWord(w string) bool {
	if w == "" {
		return false
	}
	l := strings.ToLower(strings.TrimSuffix(w, "."))
	if refKinds[l] != "" || refKinds[strings.TrimSuffix(l, "s")] != "" {
		return true
	}
	switch strings.TrimSuffix(l, "s") {
	case "thm", "lem", "cor", "prop", "def", "defn", "sec", "eq", "eqn", "fig", "tab", "ex", "alg",
		"ch", "chap", "app", "step", "line", "part", "propertie", "property", "condition",
		"requirement", "case", "rule", "claim", "assumption", "hypothesi", "invariant", "stage",
		"phase", "point", "statement", "observation", "remark", "note", "footnote", "listing",
		"subsection", "paragraph", "column", "row", "clause", "axiom", "conjecture", "fact",
		"corollarie", "exercise", "example", "problem", "question", "inequalitie", "inequality",
		"formula", "expression", "identitie", "identity", "law", "principle", "procedure",
		"protocol", "construction", "figure", "table", "proposition", "lemma", "theorem",
		"definition", "section", "chapter", "appendix", "equation", "item":
		return true
	}
	return false
}

// insideParens reports whether the text written so far leaves a
// parenthesis open (looking back a short way).
func insideParens(b []byte) bool {
	depth := 0
	for k := len(b) - 1; k >= 0 && k >= len(b)-300; k-- {
		switch b[k] {
		case ')':
			depth--
		case '(':
			depth++
			if depth > 0 {
				return true
			}
		}
	}
	return false
}

// lastWord returns the last word written in b, skipping blanks and an
// opening parenthesis: the word a \ref follows.
func lastWord(b []byte) string {
	e := len(b)
	for e > 0 && (b[e-1] == ' ' || b[e-1] == '(') {
		e--
	}
	s := e
	for s > 0 && (isLetterByte(b[s-1]) || b[s-1] == '.') {
		s--
	}
	return string(b[s:e])
}

// accents maps an accent command and a letter to the accented letter.
var accents = map[byte]string{
	'\'': "aáeéiíoóuúyýAÁEÉIÍOÓUÚYÝcćnńsśzźCĆNŃSŚZŹ",
	'`':  "aàeèiìoòuùAÀEÈIÌOÒUÙ",
	'^':  "aâeêiîoôuûAÂEÊIÎOÔUÛ",
	'"':  "aäeëiïoöuüyÿAÄEËIÏOÖUÜ",
	'~':  "aãnñoõAÃNÑOÕ",
	'=':  "aāeēiīoōuūAĀEĒIĪOŌUŪ",
	'.':  "zżeėZŻ",
}

// accented renders an accent command d applied to the start of rest
// ("e", "{e}", "\i"), returning the letter and how many bytes of rest it
// took; 0 when rest does not start with an accentable letter.
func accented(d byte, rest string) (string, int) {
	table, ok := accents[d]
	if !ok || rest == "" {
		return "", 0
	}
	letter, n := rest[0], 1
	if rest[0] == '{' && len(rest) >= 3 && rest[2] == '}' {
		letter, n = rest[1], 3
	}
	if strings.HasPrefix(rest, `\i`) && (len(rest) == 2 || !isLetterByte(rest[2])) {
		letter, n = 'i', 2
	}
	if strings.HasPrefix(rest, `{\i}`) {
		letter, n = 'i', 4
	}
	if !isLetterByte(letter) {
		return "", 0
	}
	for k := 0; k < len(table); {
		c := table[k]
		_, size := utf8.DecodeRuneInString(table[k+1:])
		if c == letter {
			return table[k+1 : k+1+size], n
		}
		k += 1 + size
	}
	return string(letter), n
}

// maxExpandDepth bounds nested macro expansion (a macro using a macro …).
const maxExpandDepth = 8

// expandMacros replaces uses of the document's own macros by their
// definitions, arguments substituted, so "\algname" reads "Eg-walker" and
// "$\R$" reads "$\mathbb{R}$". Expansion is bounded in depth and in the
// text it may produce, so a recursive definition cannot run away.
func expandMacros(s string, m map[string]texMacro) string {
	if len(m) == 0 || strings.IndexByte(s, '\\') < 0 {
		return s
	}
	budget := 8*len(s) + 4096
	var b strings.Builder
	b.Grow(len(s))
	expandInto(&b, s, m, 0, &budget)
	return b.String()
}

func expandInto(b *strings.Builder, s string, m map[string]texMacro, depth int, budget *int) {
	last := 0
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '\\')
		if k < 0 {
			break
		}
		at := i + k
		name, j := controlWord(s, at)
		if name == "" {
			i = at + 2
			continue
		}
		mac, ok := m[name]
		if !ok || depth >= maxExpandDepth || *budget <= 0 || beingDefined(s[:at]) || notNotation(mac, m, 0) {
			i = j
			continue
		}
		if j < len(s) && s[j] == '*' {
			// A starred form the document defines (\abs*{x} of a paired
			// delimiter) is a macro of its own.
			if sm, ok := m[name+"*"]; ok {
				mac, j = sm, j+1
			}
		}
		args, p, ok := macroArgs(s, j, mac)
		if !ok {
			i = j
			continue
		}
		body := substituteArgs(mac.body, args)
		if strings.IndexByte(body, '@') >= 0 {
			var used int
			var tail bool
			if body, used, tail, ok = resolveInternals(body, s[p:]); !ok {
				i = j
				continue
			}
			p += used
			if tail {
				// The body goes on reading what follows the use (\fall
				// taking its next group): expand them as one text.
				b.WriteString(s[last:at])
				*budget -= len(body)
				expandInto(b, body+s[p:], m, depth+1, budget)
				return
			}
		}
		b.WriteString(s[last:at])
		*budget -= len(body)
		if mac.primitive {
			b.WriteString(body)
		} else {
			expandInto(b, body, m, depth+1, budget)
		}
		// "\foo" + "bar" must not become the control word "\foobar".
		if p < len(s) && isLetterByte(s[p]) && endsInControlWord(body) {
			b.WriteByte(' ')
		}
		last, i = p, p
	}
	b.WriteString(s[last:])
}

// macroArgs reads the arguments of a macro use whose name ends at p.
func macroArgs(s string, p int, mac texMacro) ([]string, int, bool) {
	n := mac.nargs
	if n == 0 {
		return nil, p, true
	}
	args := make([]string, 0, n)
	if mac.hasOpt {
		if p < len(s) && s[p] == '[' {
			c, ok := balanced(s, p, '[', ']', 400)
			if !ok {
				return nil, p, false
			}
			args = append(args, s[p+1:c])
			p = c + 1
		} else {
			args = append(args, mac.opt)
		}
		n--
	}
	for ; n > 0; n-- {
		q := skipSpaceNL(s, p)
		if q >= len(s) {
			return nil, p, false
		}
		switch {
		case s[q] == '{':
			c, ok := balanced(s, q, '{', '}', 4096)
			if !ok {
				return nil, p, false
			}
			args = append(args, s[q+1:c])
			p = c + 1
		case s[q] == '\\':
			e := q + 1
			for e < len(s) && isLetterByte(s[e]) {
				e++
			}
			if e == q+1 && e < len(s) {
				e++
			}
			args = append(args, s[q:e])
			p = e
		case s[q] == '}':
			return nil, p, false
		default:
			_, size := utf8.DecodeRuneInString(s[q:])
			args = append(args, s[q:q+size])
			p = q + size
		}
	}
	return args, p, true
}

// substituteArgs puts the arguments in place of #1 … #9 ("##" is "#").
func substituteArgs(body string, args []string) string {
	if strings.IndexByte(body, '#') < 0 {
		return body
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '#' && i+1 < len(body) {
			d := body[i+1]
			switch {
			case d == '#':
				b.WriteByte('#')
				i++
				continue
			case d >= '1' && d <= '9':
				if k := int(d - '1'); k < len(args) {
					// TeX substitutes tokens, text substitutes letters:
					// "\lbrack#1" with A is \lbrack then A, not \lbrackA.
					a := args[k]
					if a != "" && isLetterByte(a[0]) && endsInControlWord(b.String()) {
						b.WriteByte(' ')
					}
					b.WriteString(a)
					if i+2 < len(body) && isLetterByte(body[i+2]) && endsInControlWord(a) {
						b.WriteByte(' ')
					}
				}
				i++
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

func endsInControlWord(s string) bool {
	e := len(s)
	k := e
	for k > 0 && isLetterByte(s[k-1]) {
		k--
	}
	return k < e && k > 0 && s[k-1] == '\\'
}

// beingDefined reports whether the macro name that follows before is the
// one a definition defines ("\def\name", "\newcommand{\name}"), which is
// not a use.
func beingDefined(before string) bool {
	b := strings.TrimRight(before, " {")
	for _, d := range []string{`\def`, `\gdef`, `\edef`, `\let`, `\newcommand`, `\renewcommand`,
		`\providecommand`, `\newcommand*`, `\renewcommand*`, `\DeclareMathOperator`, `\DeclareMathOperator*`} {
		if strings.HasSuffix(b, d) {
			return true
		}
	}
	return false
}

// atName finds a control sequence of LaTeX's internals (\@gobble,
// \prd@parens): defined where @ is a letter, in a package or between
// \makeatletter and \makeatother.
var atName = lazyre.New(`\\@|\\[A-Za-z]+@`)

// maxInternals bounds the \@ifnextchar tests resolved in one body.
const maxInternals = 8

// resolveInternals decides the optional-argument tests of a macro's body
// (\@ifnextchar X{yes}{no}, \@ifstar{yes}{no}) by what follows the body
// where the macro is used, as TeX does: "\def\fall#1{\forall (#1)
// \@ifnextchar\bgroup{.\,\fall}{.\,}}" reads "∀ (x). ∀ (y)." for
// \fall{x}{y}. used is how much of rest a test took (the star of
// \@ifstar). ok is false when the body still needs internals no reader can
// follow (a helper whose name holds @): the use is then left as written.
func resolveInternals(body, rest string) (out string, used int, tail, ok bool) {
	for n := 0; n < maxInternals; n++ {
		k := strings.Index(body, `\@if`)
		if k < 0 {
			break
		}
		name, e := controlWordAt(body, k)
		var tok string
		switch name {
		case "@ifnextchar":
			q := skipSpaceNL(body, e)
			if q >= len(body) {
				return body, 0, false, false
			}
			if body[q] == '\\' {
				t, e2 := controlWordAt(body, q)
				tok, e = `\`+t, e2
			} else {
				_, size := utf8.DecodeRuneInString(body[q:])
				tok, e = body[q:q+size], q+size
			}
		case "@ifstar":
			tok = "*"
		default:
			return body, 0, false, false
		}
		yes, e1 := texRawBraced(body, e)
		if e1 < 0 {
			return body, 0, false, false
		}
		no, e2 := texRawBraced(body, e1)
		if e2 < 0 {
			return body, 0, false, false
		}
		after, atEnd := body[e2:], strings.TrimSpace(body[e2:]) == ""
		if atEnd {
			after = rest
		}
		next := strings.TrimLeft(after, " \t\n")
		hit := false
		switch tok {
		case `\bgroup`, "{":
			hit = strings.HasPrefix(next, "{")
		default:
			hit = strings.HasPrefix(next, tok) && (!strings.HasPrefix(tok, `\`) || len(next) == len(tok) || !isLetterByte(next[len(tok)]))
		}
		chosen := no
		if hit {
			chosen = yes
			if name == "@ifstar" {
				if atEnd {
					used = len(rest) - len(next) + 1
				} else {
					after = strings.Replace(after, "*", "", 1)
				}
			}
		}
		body = body[:k] + chosen + after
		if atEnd {
			body = body[:k] + chosen
			tail = tail || hit
		}
	}
	if atName.MatchString(body) {
		return body, 0, false, false
	}
	return body, used, tail, true
}

// controlWordAt reads a control word whose letters may include @ (as in
// a package) at the backslash at.
func controlWordAt(s string, at int) (string, int) {
	j := at + 1
	for j < len(s) && (isLetterByte(s[j]) || s[j] == '@') {
		j++
	}
	return s[at+1 : j], j
}

// indexOnly reports whether the index macro whose argument opens at
// s[at] only files an entry: its argument is index syntax ("group!abelian",
// "term|textbf") or the word the text printed just before it
// ("\define{objects}.\indexdef{object}"). Otherwise it is a term of the
// sentence ("the \indexcode{stval} register"), which TeX prints.
func indexOnly(s string, at int, before []byte) bool {
	if at >= len(s) || s[at] != '{' {
		return true
	}
	end := skipArgs(s, at, 1)
	arg := strings.TrimSpace(s[at+1 : max(at+1, end-1)])
	if arg == "" || strings.ContainsAny(arg, "!|@") {
		return true
	}
	tail := string(before[max(0, len(before)-3*len(arg)-40):])
	return strings.Contains(strings.ToLower(tail), strings.ToLower(arg))
}
