package sanitize

import (
	"slices"
	"sort"
	"strings"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/sanitize/codescan"
	"github.com/lore-kb/lore/internal/lazyre"
)

// codeRegions finds the code samples of a document: the places where a
// script tag or an override phrase is being shown, not used. Markdown has
// fenced blocks and inline code spans; LaTeX has verbatim-like
// environments and \verb; PreTeXt has its code elements. Plain text has no
// markup that separates a sample from prose, so it has none.
func codeRegions(s string, f core.Format) []span {
	var out []span
	switch f {
	case core.FormatMarkdown:
		out = markdownCode(s)
	case core.FormatLaTeX:
		out = latexCode(s)
	case core.FormatPreTeXt:
		out = pretextCode(s)
	}
	return mergeSpans(out)
}

func mergeSpans(sp []span) []span {
	if len(sp) < 2 {
		return sp
	}
	sort.Slice(sp, func(i, j int) bool { return sp[i].a < sp[j].a })
	out := sp[:1]
	for _, x := range sp[1:] {
		last := &out[len(out)-1]
		if x.a <= last.b {
			if x.b > last.b {
				last.b = x.b
			}
			continue
		}
		out = append(out, x)
	}
	return out
}

// markdownCode returns fenced code blocks (``` or ~~~, closed by a fence of
// the same character at least as long, or running to the end) and the
// inline code spans between them. Fences are accepted at any indentation
// and inside block quotes, since list items and quotes indent them.
func markdownCode(s string) []span {
	var out []span
	for _, f := range codescan.Fences(s) {
		out = append(out, span{f.Start, f.Close})
	}
	fences := len(out)
	prev := 0
	for i := 0; i < fences; i++ {
		out = inlineCode(s, prev, out[i].a, out)
		prev = out[i].b
	}
	return inlineCode(s, prev, len(s), out)
}

// inlineCode appends the code spans of s[a:b]: a run of n backticks up to
// the next run of exactly n within the same paragraph. A failed search is
// remembered per run length, so a flood of unmatched backticks stays
// linear.
func inlineCode(s string, a, b int, out []span) []span {
	var failUntil [33]int
	paraEnd := a
	for i := a; i < b; {
		j := strings.IndexByte(s[i:b], '`')
		if j < 0 {
			break
		}
		p := i + j
		if p > 0 && s[p-1] == '\\' {
			i = p + 1
			continue
		}
		n := 0
		for p+n < b && s[p+n] == '`' {
			n++
		}
		if n > 32 {
			i = p + n
			continue
		}
		if p >= paraEnd {
			paraEnd = paragraphEnd(s, p, b)
		}
		if p < failUntil[n] {
			i = p + n
			continue
		}
		found := -1
		for q := p + n; q < paraEnd; {
			k := strings.IndexByte(s[q:paraEnd], '`')
			if k < 0 {
				break
			}
			q += k
			m := 0
			for q+m < paraEnd && s[q+m] == '`' {
				m++
			}
			if m == n {
				found = q
				break
			}
			q += m
		}
		if found < 0 {
			failUntil[n] = paraEnd
			i = p + n
			continue
		}
		out = append(out, span{p, found + n})
		i = found + n
	}
	return out
}

// paragraphEnd is the start of the first blank line after from, or limit.
func paragraphEnd(s string, from, limit int) int {
	for i := from; i < limit; {
		j := strings.IndexByte(s[i:limit], '\n')
		if j < 0 {
			return limit
		}
		k := i + j + 1
		for k < limit && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r') {
			k++
		}
		if k >= limit {
			return limit
		}
		if s[k] == '\n' {
			return k
		}
		i += j + 1
	}
	return limit
}

var latexVerbatim = map[string]bool{
	"verbatim": true, "verbatim*": true, "Verbatim": true, "Verbatim*": true, "BVerbatim": true, "LVerbatim": true,
	"lstlisting": true, "minted": true, "code": true, "codebox": true, "listing": true,
}

// latexCode returns verbatim-like environments and \verb / \lstinline
// arguments.
func latexCode(s string) []span {
	var out []span
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], `\begin{`)
		if j < 0 {
			break
		}
		p := i + j
		q := p + len(`\begin{`)
		e := strings.IndexByte(s[q:min(len(s), q+24)], '}')
		if e < 0 {
			i = q
			continue
		}
		name := s[q : q+e]
		i = q + e + 1
		if !latexVerbatim[name] {
			continue
		}
		end := strings.Index(s[i:], `\end{`+name+`}`)
		if end < 0 {
			out = append(out, span{p, len(s)})
			break
		}
		i += end + len(`\end{`+name+`}`)
		out = append(out, span{p, i})
	}
	for _, cmd := range []string{`\verb`, `\lstinline`} {
		// The argument ends at the delimiter on the same line. The line end
		// and failed searches per delimiter are remembered, so a flood of
		// unclosed \verb stays linear.
		lineEnd := -1
		var failUntil [256]int
		for i := 0; i < len(s); {
			j := strings.Index(s[i:], cmd)
			if j < 0 {
				break
			}
			p := i + j
			q := p + len(cmd)
			i = q
			if q < len(s) && s[q] == '*' {
				q++
			}
			if q >= len(s) || isASCIILetter(s[q]) || s[q] == ' ' || s[q] == '\n' {
				continue
			}
			d := s[q]
			if d == '{' {
				d = '}'
			}
			if q+1 > lineEnd {
				lineEnd = len(s)
				if le := strings.IndexByte(s[q+1:], '\n'); le >= 0 {
					lineEnd = q + 1 + le
				}
			}
			if q+1 < failUntil[d] {
				continue
			}
			c := strings.IndexByte(s[q+1:lineEnd], d)
			if c < 0 {
				failUntil[d] = lineEnd
				continue
			}
			i = q + 1 + c + 1
			out = append(out, span{p, i})
		}
	}
	return out
}

var pretextCodeElems = map[string]bool{
	"c": true, "cd": true, "pre": true, "program": true, "console": true, "sage": true, "code": true, "input": true, "output": true,
}

// pretextCode returns the content of PreTeXt's code elements.
func pretextCode(s string) []span {
	var out []span
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			break
		}
		p := i + j
		q := p + 1
		for q < len(s) && q-p < 12 && isASCIILetter(s[q]) {
			q++
		}
		i = p + 1
		if q == p+1 || q >= len(s) || !pretextCodeElems[s[p+1:q]] {
			continue
		}
		gt := strings.IndexByte(s[q:], '>')
		if gt < 0 || (s[q] != '>' && s[q] != ' ' && s[q] != '\n' && s[q] != '\t') {
			continue
		}
		if s[q+gt-1] == '/' {
			continue
		}
		closeTag := "</" + s[p+1:q] + ">"
		end := strings.Index(s[q+gt:], closeTag)
		if end < 0 {
			out = append(out, span{p, len(s)})
			break
		}
		i = q + gt + end + len(closeTag)
		out = append(out, span{p, i})
	}
	return out
}

// agentFileCue, in the lines before a fence, says the block is text an
// agent will take as instructions: written into its memory or rules
// files ("a file with the following content"), or given to it as its
// prompt ("use this prompt pattern:").
var agentFileCue = lazyre.New(`(?i)(?:claude\.md|agents\.md|gemini\.md|\.cursorrules|\.cursor/rules|copilot-instructions\.md|\.windsurfrules|\.clinerules|\.claude/|instructions\.md|with the following (?:content|text|instructions)|containing the following|\b(?:use|send|give|run|pass) (?:this|the following) prompt)`)

// withoutAgentText takes out of a skill's code regions the prose blocks
// it tells the agent to write into an agent's instructions or to give an
// agent as its prompt: what such a block says is an order to the agent
// that reads it, not a sample shown to the reader, and the rules judge it
// as prose.
func withoutAgentText(s string, code []span) []span {
	var drop []span
	for _, f := range codescan.Fences(s) {
		switch strings.ToLower(strings.TrimSpace(f.Info)) {
		case "markdown", "md", "text", "txt", "":
		default:
			continue
		}
		before := s[max(0, f.Start-300):f.Start]
		if i := strings.LastIndex(strings.TrimRight(before, " \t\n"), "\n\n"); i >= 0 {
			before = before[i:]
		}
		if f.End > f.Body && codescan.Prose(s[f.Body:f.End]) && agentFileCue.MatchString(before) {
			drop = append(drop, span{f.Start, f.Close})
		}
	}
	if len(drop) == 0 {
		return code
	}
	out := code[:0:0]
	for _, c := range code {
		if !slices.Contains(drop, c) {
			out = append(out, c)
		}
	}
	return out
}
