package analyze

import (
	"strings"

	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// latexLevels maps sectioning commands to levels before normalization.
// Besides the standard commands it knows KOMA-Script's unnumbered \addchap
// and \addsec and the Open Logic Project's \ol… wrappers, which its sources
// use instead of the standard ones.
var latexLevels = map[string]int{
	"part":            1,
	"chapter":         2,
	"section":         3,
	"subsection":      4,
	"subsubsection":   5,
	"addpart":         1,
	"addchap":         2,
	"addsec":          3,
	"olpart":          1,
	"olchapter":       2,
	"olsection":       3,
	"olsubsection":    4,
	"olsubsubsection": 5,
}

// verbatimEnvs hold text that is not LaTeX: nothing inside them is a
// heading.
var verbatimEnvs = map[string]bool{
	"verbatim": true, "verbatim*": true, "Verbatim": true, "lstlisting": true,
	"minted": true, "comment": true, "filecontents": true, "filecontents*": true,
}

// maxLaTeXArg bounds how far a sectioning command's argument is searched
// for its closing brace. A title longer than this is not a title, and the
// bound keeps the scan linear on unbalanced input.
const maxLaTeXArg = 4096

// latexHeadings scans LaTeX source once, byte by byte: comments ('%' to the
// end of the line) and verbatim-like environments are skipped, and every
// sectioning command with a braced argument becomes a heading. The heading
// starts at the command's backslash and its body after the closing brace.
func latexHeadings(s string) []heading {
	var hs []heading
	authors := authorSectioning(s)
	// Next '%' and '\' at or after i.
	pct, bs := -1, -1
	for i := 0; i < len(s); {
		if pct < i {
			pct = text.IndexFrom(s, i, '%')
		}
		if bs < i {
			bs = text.IndexFrom(s, i, '\\')
		}
		i = min(pct, bs)
		if i >= len(s) {
			break
		}
		if s[i] == '%' {
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(s)
			}
			continue
		}
		name, after := commandName(s, i+1)
		if name == "" {
			i += 2 // escaped character such as \% or \\
			continue
		}
		if name == "begin" {
			env, envEnd := braceWord(s, after)
			if verbatimEnvs[env] {
				closing := "\\end{" + env + "}"
				if j := strings.Index(s[envEnd:], closing); j >= 0 {
					i = envEnd + j + len(closing)
				} else {
					i = len(s)
				}
				continue
			}
			i = after
			continue
		}
		level, ok := latexLevels[name]
		if base, mine := authors[name]; !ok && mine && lineStart(s, i) {
			// \Level 1 {Title}: the number gives the depth
			k := skipArgSpace(s, after)
			n := 0
			for k < len(s) && s[k] >= '0' && s[k] <= '9' && n < 10 {
				n = 10*n + int(s[k]-'0')
				k++
			}
			level, after, ok = min(base+n, 6), k, true
		}
		if !ok || isDefinition(s, i) {
			i = after
			continue
		}
		title, body, resume, ok := sectionArgs(s, after)
		if !ok {
			i = resume
			continue
		}
		hs = append(hs, heading{offset: i, body: body, end: -1, level: level, title: title})
		i = body
	}
	return hs
}

// authorHeading is a line opening with a command lore does not know that
// takes an optional depth and a title and is labelled at once, as a
// section is: "\Level 1 {Abstract presentation}\n\label{sec:stationary}".
var authorHeading = lazyre.New(`(?m)^[ \t]*\\([A-Za-z]+)\*?[ \t]*([0-9]?)[ \t]*\{[^{}\n]{1,200}\}[ \t]*\n?[ \t]*\\label\{`)

// authorSectioning finds the sectioning commands an author defined where
// lore cannot see (a preamble in another file): a command that opens a
// line, takes a title and is labelled at once, at least twice. It maps
// each to the level its depth 0 stands for: a chapter when it is given
// depths (\Level 0 … \Level 2), else a section.
func authorSectioning(s string) map[string]int {
	if !strings.Contains(s, "\\label{") {
		return nil
	}
	count := map[string]int{}
	depths := map[string]bool{}
	for _, m := range authorHeading.FindAllStringSubmatch(s, -1) {
		if _, known := latexLevels[m[1]]; known || labelledNonHeadings[m[1]] {
			continue
		}
		count[m[1]]++
		if m[2] != "" {
			depths[m[1]] = true
		}
	}
	var out map[string]int
	for name, n := range count {
		if n < 2 {
			continue
		}
		if out == nil {
			out = map[string]int{}
		}
		out[name] = latexLevels["section"]
		if depths[name] {
			out[name] = latexLevels["chapter"]
		}
	}
	return out
}

// labelledNonHeadings are commands that take a braced argument and are labelled
// at once without being headings.
var labelledNonHeadings = map[string]bool{"item": true, "caption": true, "begin": true, "end": true, "footnote": true, "paragraph": true, "subparagraph": true}

// lineStart reports whether the command at s[i] opens its line.
func lineStart(s string, i int) bool {
	for i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') {
		i--
	}
	return i == 0 || s[i-1] == '\n'
}

// commandName reads the control word starting at i (just after a
// backslash) and returns it and the offset after it; "" when the backslash
// escapes a single non-letter.
func commandName(text string, i int) (string, int) {
	j := i
	for j < len(text) && isLetter(text[j]) {
		j++
	}
	return text[i:j], j
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// braceWord reads "{name}" at i (after optional spaces), for \begin{…};
// name may end in '*'. It returns "" when there is no such group.
func braceWord(text string, i int) (string, int) {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i >= len(text) || text[i] != '{' {
		return "", i
	}
	j := i + 1
	for j < len(text) && j-i < 40 && (isLetter(text[j]) || text[j] == '*') {
		j++
	}
	if j >= len(text) || text[j] != '}' {
		return "", i
	}
	return text[i+1 : j], j + 1
}

// isDefinition reports whether the command at i is the name being defined
// by \newcommand, \renewcommand, \providecommand, \def or \let, as in
// "\renewcommand{\section}{…}", rather than a use of it.
func isDefinition(text string, i int) bool {
	j := i
	for j > 0 && (text[j-1] == ' ' || text[j-1] == '\t') {
		j--
	}
	if j > 0 && text[j-1] == '{' {
		j--
	}
	for _, d := range []string{"\\newcommand", "\\renewcommand", "\\providecommand", "\\newcommand*", "\\renewcommand*", "\\def", "\\let", "\\gdef"} {
		if strings.HasSuffix(text[:j], d) {
			return true
		}
	}
	return false
}

// sectionArgs parses what follows a sectioning command: an optional '*',
// an optional [short title] and the {title}, with white space (but no blank
// line) between them. It returns the cleaned title and the offset after the
// closing brace. On failure resume is where scanning may go on without
// re-reading the same bytes.
func sectionArgs(text string, i int) (title string, body, resume int, ok bool) {
	if i < len(text) && text[i] == '*' {
		i++
	}
	i = skipArgSpace(text, i)
	if i < len(text) && text[i] == '[' {
		end, found := matchGroup(text, i, '[', ']')
		if !found {
			return "", 0, max(end, i+1), false
		}
		i = skipArgSpace(text, end)
	}
	if i >= len(text) || text[i] != '{' {
		return "", 0, i, false
	}
	end, found := matchGroup(text, i, '{', '}')
	if !found {
		return "", 0, max(end, i+1), false
	}
	t := cleanLaTeX(text[i+1 : end-1])
	if t == "" {
		return "", 0, end, false
	}
	return t, end, end, true
}

// skipArgSpace skips spaces and at most one newline, as LaTeX does between
// a command and its arguments (a blank line would end the paragraph).
func skipArgSpace(text string, i int) int {
	nl := false
	for i < len(text) {
		switch text[i] {
		case ' ', '\t', '\r':
		case '\n':
			if nl {
				return i
			}
			nl = true
		default:
			return i
		}
		i++
	}
	return i
}

// matchGroup finds the end of the balanced group opened at text[i] (which is
// open), honouring backslash escapes and comments. It returns the offset
// after the closing character, or where it gave up (a blank line, the
// length bound, the end of text) and false.
func matchGroup(text string, i int, open, close byte) (int, bool) {
	depth := 0
	limit := min(len(text), i+maxLaTeXArg)
	for j := i; j < limit; j++ {
		switch c := text[j]; c {
		case '\\':
			j++
		case '%':
			k := strings.IndexByte(text[j:limit], '\n')
			if k < 0 {
				return limit, false
			}
			j += k
		case '\n':
			if j+1 < limit && text[j+1] == '\n' {
				return j, false
			}
		default:
			if c == open {
				depth++
			} else if c == close {
				depth--
				if depth == 0 {
					return j + 1, true
				}
			}
		}
	}
	return limit, false
}

// dropCommands lose their arguments in titles: they label, index or cite
// rather than say something.
var dropCommands = map[string]bool{
	"label": true, "index": true, "footnote": true, "ollabel": true, "cite": true,
	"ref": true, "eqref": true, "pageref": true, "olref": true, "hypertarget": true,
	"protect": true, "nobreak": true, "newline": true, "linebreak": true, "hfill": true,
	"vspace": true, "hspace": true,
	// type faces, sizes and layout a title page sets its title in, and
	// its artwork: none is a word of the title
	"bf": true, "it": true, "rm": true, "sf": true, "tt": true, "sc": true, "em": true, "bfseries": true,
	"itshape": true, "scshape": true, "normalfont": true, "tiny": true, "scriptsize": true, "footnotesize": true,
	"small": true, "normalsize": true, "large": true, "Large": true, "LARGE": true, "huge": true, "Huge": true,
	"centering": true, "raggedright": true, "raggedleft": true, "par": true, "vfill": true, "noindent": true,
	"includegraphics": true, "rule": true, "maketitle": true, "thanks": true, "and": true,
}

// cleanLaTeX turns a LaTeX title into plain text: "\emph{x}" → "x",
// "\usetoken{S}{enumerable}" → "enumerable" (a command keeps its last braced
// argument), "!!{element}" → "element" (Open Logic's term macro), "\label{…}"
// and similar are dropped, a command without arguments keeps its name, math
// shifts, braces and ties disappear, and white space collapses.
func cleanLaTeX(s string) string {
	var b strings.Builder
	cleanInto(&b, s, 0)
	return collapseSpace(b.String())
}

func cleanInto(b *strings.Builder, s string, depth int) {
	if depth > 8 {
		b.WriteString(s)
		return
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			name, after := commandName(s, i+1)
			if name == "" {
				if i+1 < len(s) {
					switch e := s[i+1]; e {
					case '\\', ',', ';', ' ', '!', ':', '\n':
						b.WriteByte(' ')
					default:
						b.WriteByte(e)
					}
				}
				i += 2
				continue
			}
			args, next := braceArgs(s, after)
			i = next
			switch {
			case dropCommands[name]:
			case name == "texorpdfstring" && len(args) == 2:
				cleanInto(b, args[1], depth+1)
			case len(args) > 0 && !isBlank(args[len(args)-1]):
				cleanInto(b, args[len(args)-1], depth+1)
			default:
				b.WriteString(name)
			}
		case c == '!' && i+1 < len(s) && s[i+1] == '!':
			j := i + 2
			for j < len(s) && j-i < 6 && (isLetter(s[j]) || s[j] == '^') {
				j++
			}
			mods := s[i+2 : j]
			args, next := braceArgs(s, j)
			if len(args) == 0 {
				b.WriteString("!!")
				i += 2
				continue
			}
			switch {
			case strings.Contains(mods, "A"):
				b.WriteString("A ")
			case strings.Contains(mods, "a"):
				b.WriteString("a ")
			}
			cleanInto(b, args[0], depth+1)
			if strings.Contains(mods, "^") {
				b.WriteByte('s')
			}
			i = next
		case c == '{' && i+1 < len(s) && s[i+1] == '#':
			// "{#ch:chisquare}": a heading's identifier left by a
			// Markdown converter; a parameter sign cannot start a group
			// of a title in TeX, so the group is no text.
			if j := strings.IndexByte(s[i:], '}'); j > 0 {
				i += j + 1
			} else {
				i++
			}
		case c == '{' || c == '}' || c == '$':
			i++
		case c == '~':
			b.WriteByte(' ')
			i++
		case c == '%':
			// A comment runs to the end of the line.
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return
			}
			i += j
		default:
			b.WriteByte(c)
			i++
		}
	}
}

// braceArgs reads consecutive optional [..] and braced {..} arguments at i
// and returns the braced ones' contents.
func braceArgs(s string, i int) ([]string, int) {
	var args []string
	for i < len(s) && len(args) < 4 {
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j >= len(s) || (s[j] != '{' && s[j] != '[') {
			break
		}
		open, close := s[j], byte('}')
		if open == '[' {
			close = ']'
		}
		end, ok := matchGroup(s, j, open, close)
		if !ok {
			break
		}
		if open == '{' {
			args = append(args, s[j+1:end-1])
		}
		i = end
	}
	return args, i
}

// latexHasContent reports whether s has anything outside comments: the
// preamble of a LaTeX file is kept only when it is more than comments.
func latexHasContent(s string) bool {
	for start := 0; start < len(s); {
		ln, next := line(s, start)
		if k := strings.IndexByte(ln, '%'); k >= 0 && (k == 0 || ln[k-1] != '\\') {
			ln = ln[:k]
		}
		if !isBlank(ln) {
			return true
		}
		start = next
	}
	return false
}
