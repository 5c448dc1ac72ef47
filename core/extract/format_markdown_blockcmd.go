package extract

import "strings"

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
