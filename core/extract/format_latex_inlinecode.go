package extract

import "strings"

// Code set inline: \verb|x|, \lstinline!f(x)!, \lstinline{f(x)},
// \mintinline{c}{f(x)}, fancyvrb's \Verb. Its text is the author's as
// written, between delimiters the author chooses: a reader sees the code
// and never the delimiters ("Expands into noEvent(…)", not "Expands
// into!noEvent(…)!").

// inlineCodeCmds are the commands setting code inline.
var inlineCodeCmds = map[string]bool{
	"verb": true, "verb*": true, "lstinline": true, "mintinline": true, "Verb": true,
}

// maxInlineCode bounds how far the closing delimiter is looked for.
const maxInlineCode = 2000

// readInlineCode reads the code of the inline-code command name whose
// arguments start at i: the code as written and where the command ends.
func readInlineCode(s string, i int, name string) (string, int, bool) {
	if name != "verb" && name != "verb*" {
		i = skipOptArgs(s, i)
		if name == "mintinline" {
			// the language
			if i >= len(s) || s[i] != '{' {
				return "", i, false
			}
			e, ok := balanced(s, i, '{', '}', 60)
			if !ok {
				return "", i, false
			}
			i = e + 1
		}
	}
	if i >= len(s) {
		return "", i, false
	}
	d := s[i]
	if d == '{' && name != "verb" && name != "verb*" {
		e, ok := balanced(s, i, '{', '}', maxInlineCode)
		if !ok {
			return "", i, false
		}
		return s[i+1 : e], e + 1, true
	}
	if d == ' ' || d == '\n' || d == '\t' || isLetterByte(d) || d == '*' {
		return "", i, false
	}
	lim := min(len(s), i+1+maxInlineCode)
	k := strings.IndexByte(s[i+1:lim], d)
	if k < 0 || strings.Contains(s[i+1:i+1+k], "\n\n") {
		return "", i, false
	}
	return s[i+1 : i+1+k], i + 2 + k, true
}

// inlineCodeText is code as a statement shows it: its dollar signs are
// the code's own, escaped, unless they pair up in a \lstinline, where
// listings' mathescape makes them math ("\lstinline!abs($v$)!").
func inlineCodeText(code, name string) string {
	n := strings.Count(code, "$")
	if n == 0 || name == "lstinline" && n%2 == 0 {
		return code
	}
	return strings.ReplaceAll(code, "$", `\$`)
}
