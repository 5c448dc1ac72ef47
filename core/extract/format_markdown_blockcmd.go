package extract

import (
	"html"
	"strings"

	"github.com/lore-kb/lore/core"
)

// Block commands. A Markdown book built by a tool of its author's may mark
// its blocks with a command whose first argument is the block's kind:
// aitoa's \text.block{definition}{run}{One independent application of one
// optimization algorithm … is called a *run*.}, which its build tool
// prints as "Definition 1 (run)". The kind's word is what the reader sees
// heading the block, whatever the command's name: the braced argument
// after it, when it is one word, is the block's label, and the last one
// its body.

// maxBlockCmdName bounds a block command's name.
const maxBlockCmdName = 40

// mdBlockCommands reads the block commands of a Markdown section.
func (x *extractor) mdBlockCommands(st *secState) {
	s := maskCode(st.own)
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '\\')
		if k < 0 {
			return
		}
		at := i + k
		i = at + 1
		n := at + 1
		for n < len(s) && n-at <= maxBlockCmdName && (isLetterByte(s[n]) || s[n] == '.' && n > at+1) {
			n++
		}
		name := s[at+1 : n]
		if name == "" || name == "begin" || name == "end" || n >= len(s) || s[n] != '{' {
			continue
		}
		kind, p := texBraced(s, n)
		env, ok := envKinds[strings.ToLower(kind)]
		if p < 0 || !ok || env.kind == "onebox" {
			continue
		}
		var args [][2]int // the arguments after the kind, as spans of s
		for len(args) < 2 && p < len(s) && s[p] == '{' {
			e, ok := balanced(s, p, '{', '}', maxBody)
			if !ok {
				break
			}
			args = append(args, [2]int{p + 1, e})
			p = e + 1
		}
		if len(args) == 0 {
			continue
		}
		b := mdBlock{kind: strings.ToLower(kind), open: at}
		body := args[len(args)-1]
		if len(args) == 2 {
			if l := strings.TrimSpace(st.own[args[0][0]:args[0][1]]); l != "" && !strings.ContainsAny(l, " \t\n") {
				b.label = l
			}
		}
		if end := x.mdBlockAt(st, b, env, st.body+body[0], st.body+body[1], st.body+p); end > i {
			i = end
		}
	}
}

// markdownNotation reads the statements of a Markdown document as pandoc
// prints them: the LaTeX macros the document defines (its own \newcommand
// lines, or those of its book's packages) stand for what they define, and
// an HTML character reference is the character it names, and an HTML
// superscript or subscript is raised or lowered, in its name, statement
// and form, whatever strategy found it.
func (x *extractor) markdownNotation(cs []cand) {
	if x.format != core.FormatMarkdown {
		return
	}
	macros := map[string]texMacro(nil)
	if strings.Contains(x.doc, `\newcommand`) || strings.Contains(x.doc, `\def`) ||
		strings.Contains(x.doc, `\DeclareMathOperator`) || strings.Contains(x.doc, `\renewcommand`) {
		macros = x.texDoc().macros
	}
	for i := range cs {
		c := &cs[i]
		for _, f := range []*string{&c.name, &c.statement, &c.form} {
			*f = htmlScripts(*f)
			if strings.IndexByte(*f, '&') >= 0 {
				*f = characterRefs(*f)
			}
		}
		if len(macros) > 0 && strings.IndexByte(c.statement, '\\') >= 0 {
			c.statement = expandMacros(c.statement, macros)
		}
	}
}

// characterRefs replaces the HTML character references of s by the
// characters they name.
func characterRefs(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if r, n := characterRef(s, i); n > 0 {
			b.WriteString(r)
			i += n - 1
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// characterRef reads the HTML character reference at s[i] ("&nbsp;",
// "&#8209;"): the text it stands for (a no-break space is a space) and
// its length; 0 when there is none.
func characterRef(s string, i int) (string, int) {
	if s[i] != '&' {
		return "", 0
	}
	e := strings.IndexByte(s[i:min(len(s), i+12)], ';')
	if e < 0 {
		return "", 0
	}
	ref := s[i : i+e+1]
	r := html.UnescapeString(ref)
	if r == ref {
		return "", 0
	}
	return strings.ReplaceAll(r, "\u00a0", " "), e + 1
}
