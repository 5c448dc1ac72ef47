package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lore-kb/lore/internal/lazyre"
)

// block is one labelled block of a work's source, counted from the
// markers of its labels file by this file's own small reader (the scorer
// never calls lore's extraction for its ground truth).
type block struct {
	kind, file   string
	line         int
	title, label string
	body         string
	// stmt is, for a result whose proof environment is nested in it, the
	// body without the proof: the statement a PDF prints before the
	// proof, as a block of its own ("" when nothing is nested).
	stmt       string
	steps      []string
	start, end int // offsets in the file
	endLine    int // the line of end
	// of is, for a proof, the index of the result it follows (-1: none).
	of int
	// again is, for a proof, whether it follows another proof of that
	// result rather than the result itself.
	again bool
	// prev is, for a proof, the index of the block just before it in its
	// file, one holding it included (-1: none): what the proof follows
	// when that is no result.
	prev int
}

// countBlocks reads dir's main and included files and gives their blocks
// in reading order.
func countBlocks(dir string, lb labels) ([]block, error) {
	files := append(append([]string{}, lb.mains...), lb.includes...)
	var out []block
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f)) //nolint:gosec // files of the evaluation cache
		if err != nil {
			return nil, err
		}
		src := string(b)
		if isTeX(f) {
			src = uncomment(src)
		} else if isMarkup(f) {
			src = uncommentXML(src)
		}
		var bs []block
		for _, m := range lb.markers {
			for _, b := range markerBlocks(f, src, m, f == lb.mains[0]) {
				if m.kind == "alg" && isTeX(f) {
					// TeX reads an \input where it stands: an algorithm
					// float whose rows are a file of their own holds them
					b = inputBody(dir, f, b, m)
				}
				// A proof left empty (a "TODO" in a comment, an empty
				// <p>) holds nothing for lore to carry.
				if b.kind == "proof" && strings.TrimSpace(tagRe.ReplaceAllString(b.body, "")) == "" {
					continue
				}
				bs = append(bs, b)
			}
		}
		sort.SliceStable(bs, func(i, j int) bool { return bs[i].start < bs[j].start })
		for i := range bs {
			bs[i].endLine = lineAt(src, min(max(bs[i].end, bs[i].start), len(src)))
		}
		out = append(out, bs...)
	}
	// A proof belongs to the result just before it, when no other block
	// stands between them in the same file; proofs one after another
	// belong to the same result.
	for i := range out {
		out[i].of, out[i].prev = -1, -1
		if i > 0 && out[i-1].file == out[i].file {
			out[i].prev = i - 1
		}
		if out[i].kind != "proof" || i == 0 {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			p := out[j]
			if p.file != out[i].file {
				break
			}
			if p.end > out[i].start { // a block holding the proof
				if p.kind == "thm" { // a result whose proof is inside it (PreTeXt)
					out[i].of = j
					break
				}
				continue
			}
			switch p.kind {
			case "thm":
				out[i].of = j
			case "proof": // a second proof, or one part's: the same result's
				out[i].of, out[i].again = p.of, p.of >= 0
			}
			break
		}
	}
	return out, nil
}

// inputRe is an \input of a file, braced or not.
var inputRe = regexp.MustCompile(`\\input\s*(?:\{([^{}]+)\}|([^\s{}]+))`)

// inputBody is algorithm block b of file f with each \input in its body
// replaced by the file it reads (a path relative to the work's folder, as
// TeX resolves it from the main file, else to f's folder; ".tex" added
// when it names none), and its steps cut again. A command's block whose
// body is such a path alone (\algoritmo{./dp/al-lis}, a command that
// wraps a float around \input{#1}) reads that file too.
func inputBody(dir, f string, b block, m marker) block {
	read := func(name string) (string, bool) {
		name = strings.TrimSpace(name)
		if name == "" {
			return "", false
		}
		for _, base := range []string{dir, filepath.Join(dir, filepath.Dir(f))} {
			for _, n := range []string{name, name + ".tex"} {
				if data, err := os.ReadFile(filepath.Join(base, n)); err == nil { //nolint:gosec // files of the evaluation cache
					return uncomment(string(data)), true
				}
			}
		}
		return "", false
	}
	body := b.body
	if m.how == "cmd" && !strings.ContainsAny(strings.TrimSpace(body), " \n\\") {
		if t, ok := read(body); ok {
			body = t
		}
	}
	body = inputRe.ReplaceAllStringFunc(body, func(in string) string {
		g := inputRe.FindStringSubmatch(in)
		if t, ok := read(g[1] + g[2]); ok {
			return t
		}
		return in
	})
	if body != b.body {
		b.body = body
		b.steps = cutSteps(body, m)
	}
	return b
}

func isTeX(f string) bool {
	switch strings.ToLower(filepath.Ext(f)) {
	case ".tex", ".sty", ".cls", ".ltx", ".lhs": // literate Haskell for lhs2TeX: TeX with code blocks
		return true
	}
	return false
}

// isMarkup reports whether f is XML, HTML or Markdown, whose <!-- … -->
// comments no reader sees.
func isMarkup(f string) bool {
	switch strings.ToLower(filepath.Ext(f)) {
	case ".ptx", ".xml", ".html", ".xhtml", ".htm", ".md", ".markdown":
		return true
	}
	return false
}

// uncomment blanks TeX comments (an unescaped % to the end of its line)
// and what the comment package's environment holds (\begin{comment} …
// \end{comment}, which TeX does not print), keeping every offset and line
// where it was.
func uncomment(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' {
			i++
			continue
		}
		if b[i] == '%' {
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		}
	}
	const open, end = `\begin{comment}`, `\end{comment}`
	for from := 0; ; {
		i := strings.Index(string(b[from:]), open)
		if i < 0 {
			break
		}
		i += from
		j := strings.Index(string(b[i:]), end)
		if j < 0 {
			j = len(b) - i
		} else {
			j += len(end)
		}
		for k := i; k < i+j; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
		from = i + j
	}
	return string(b)
}

// uncommentXML blanks XML comments (<!-- … -->), which no reader sees: a
// proof an author set aside as <!--<proof>…</proof>--> is no proof of
// the book's. Every offset and line stays where it was.
func uncommentXML(s string) string {
	const open, end = "<!--", "-->"
	if !strings.Contains(s, open) {
		return s
	}
	b := []byte(s)
	for from := 0; ; {
		i := strings.Index(string(b[from:]), open)
		if i < 0 {
			break
		}
		i += from
		j := strings.Index(string(b[i+len(open):]), end)
		if j < 0 {
			j = len(b) - i
		} else {
			j += len(open) + len(end)
		}
		for k := i; k < i+j; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
		from = i + j
	}
	return string(b)
}

func lineAt(src string, off int) int { return strings.Count(src[:off], "\n") + 1 }

func markerBlocks(file, src string, m marker, first bool) []block {
	switch m.how {
	case "env":
		return envBlocks(file, src, m)
	case "cmd":
		return cmdBlocks(file, src, m)
	case "xml":
		return xmlBlocks(file, src, m)
	case "lines":
		if !first {
			return nil
		}
		return []block{lineBlock(file, src, m)}
	case "art":
		return artBlocks(file, src)
	}
	return nil
}

// group reads a balanced {…} (or […] when open is '[') at s[i:], after
// blanks; it gives the content and the offset after it, or ok false.
func group(s string, i int, open byte) (string, int, bool) {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	if i >= len(s) || s[i] != open {
		return "", i, false
	}
	closer := byte('}')
	if open == '[' {
		closer = ']'
	}
	depth, brace := 0, 0
	for j := i; j < len(s); j++ {
		c := s[j]
		if c == '\\' {
			j++
			continue
		}
		if open == '[' {
			// brackets inside braces do not close the optional argument
			switch c {
			case '{':
				brace++
			case '}':
				brace--
			case '[':
				if brace == 0 {
					depth++
				}
			case ']':
				if brace == 0 {
					if depth--; depth == 0 {
						return s[i+1 : j], j + 1, true
					}
				}
			}
			continue
		}
		if c == open {
			depth++
		} else if c == closer {
			if depth--; depth == 0 {
				return s[i+1 : j], j + 1, true
			}
		}
	}
	return "", i, false
}

var (
	labelRe    = regexp.MustCompile(`\\label\{([^}]*)\}`)
	captionRe  = regexp.MustCompile(`\\caption(?:\[[^\]]*\])?\{`)
	titleKeyRe = regexp.MustCompile(`title\s*=\s*`)
)

func envBlocks(file, src string, m marker) []block {
	var out []block
	for _, name := range m.names {
		begin := `\begin{` + name + `}`
		end := `\end{` + name + `}`
		for pos := 0; ; {
			k := strings.Index(src[pos:], begin)
			if k < 0 {
				break
			}
			start := pos + k
			i := start + len(begin)
			pos = i
			b := block{kind: m.kind, file: file, line: lineAt(src, start), start: start}
			switch m.titleFrom {
			case "arg1":
				if t, j, ok := group(src, i, '{'); ok {
					b.title, i = t, j
				}
				if _, j, ok := group(src, i, '['); ok {
					i = j
				}
			case "none":
			default:
				if t, j, ok := group(src, i, '['); ok {
					b.title, i = t, j
					if loc := titleKeyRe.FindStringIndex(t); loc != nil {
						if v, _, ok := group(t, loc[1], '{'); ok {
							b.title = v
						} else {
							v := t[loc[1]:]
							if c := strings.IndexAny(v, ",\n"); c >= 0 {
								v = v[:c]
							}
							b.title = v
						}
					}
				}
			}
			if name == "restatable" || name == "restatable*" {
				// thmtools' \begin{restatable}[Title]{theorem}{Macro}: the
				// environment it sets and the command that restates it
				// are no part of the statement.
				for range 2 {
					if _, j, ok := group(src, i, '{'); ok {
						i = j
					}
				}
			}
			// the matching \end, counting nested blocks of the same name
			depth, j := 1, i
			for depth > 0 {
				nb := strings.Index(src[j:], begin)
				ne := strings.Index(src[j:], end)
				if ne < 0 {
					j = len(src)
					break
				}
				if nb >= 0 && nb < ne {
					depth++
					j += nb + len(begin)
					continue
				}
				depth--
				j += ne + len(end)
			}
			bodyEnd := j
			if depth == 0 {
				bodyEnd = j - len(end)
			}
			b.body = src[i:bodyEnd]
			b.end = j
			if l := labelRe.FindStringSubmatch(b.body); l != nil {
				b.label = l[1]
			}
			if m.kind != "proof" {
				if st := texProofRe.ReplaceAllString(b.body, " "); st != b.body {
					b.stmt = st
				}
			}
			if m.kind == "alg" && placement.MatchString(b.title) {
				b.title = "" // a float's placement, [H] or [htbp]
			}
			if b.title == "" && m.kind == "alg" {
				if loc := captionRe.FindStringIndex(b.body); loc != nil {
					if t, _, ok := group(b.body, loc[1]-1, '{'); ok {
						b.title = t
					}
				}
			}
			b.steps = cutSteps(b.body, m)
			out = append(out, b)
		}
	}
	return out
}

func cmdBlocks(file, src string, m marker) []block {
	var out []block
	name := `\` + m.names[0]
	for pos := 0; ; {
		k := strings.Index(src[pos:], name)
		if k < 0 {
			break
		}
		start := pos + k
		i := start + len(name)
		pos = i
		if i < len(src) && isLetter(src[i]) {
			continue // a longer command's name
		}
		if _, j, ok := group(src, i, '['); ok {
			i = j
		}
		args := make([]string, 0, m.nargs)
		for len(args) < m.nargs {
			a, j, ok := group(src, i, '{')
			if !ok {
				break
			}
			args = append(args, a)
			i = j
		}
		if len(args) < m.nargs {
			continue // the name used otherwise (a definition of it, say)
		}
		arg := func(n int) string {
			if n < 1 || n > len(args) {
				return ""
			}
			return args[n-1]
		}
		b := block{kind: m.kind, file: file, line: lineAt(src, start), start: start, end: i,
			title: arg(m.title), label: arg(m.label), body: arg(m.body)}
		b.steps = cutSteps(b.body, m)
		out = append(out, b)
		pos = i
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '@' }

var (
	xmlTitleRe = regexp.MustCompile(`(?s)<title>(.*?)</title>`)
	xmlIDRe    = regexp.MustCompile(`xml:id="([^"]*)"`)
	tagRe      = regexp.MustCompile(`<!--[^>]*-->|</?[A-Za-z][A-Za-z0-9:_-]*(?:\s[^<>]*)?/?>`) // markup, not a relation (s < 0, d > 0)
	xmlProofRe = regexp.MustCompile(`(?s)<proof[\s>].*?</proof>`)
	texProofRe = regexp.MustCompile(`(?s)\\begin\{proof\*?\}.*?\\end\{proof\*?\}`)
	// xmlIndexRe is an index entry (<idx><h>Basis</h><h>uniqueness of</h></idx>),
	// printed in the book's index, never where it stands: as \index{…} is
	// for TeX, its words are no part of the statement.
	xmlIndexRe = regexp.MustCompile(`(?s)<idx[\s>].*?</idx>|<index[\s>].*?</index>`)
)

// xmlMathRe is PreTeXt's math: inline <m>, display <me>/<men>, and
// <md>/<mdn> of <mrow>s.
var (
	xmlInlineRe  = regexp.MustCompile(`(?s)<m>(.*?)</m>`)
	xmlDisplayRe = regexp.MustCompile(`(?s)<(?:me|men|md|mdn)(?:\s[^>]*)?>(.*?)</(?:me|men|md|mdn)>`)
	xmlEntities  = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&nbsp;", " ")
)

// xmlReadable is a PreTeXt block's body as the LaTeX blocks' are read:
// its math set as TeX sets it ($…$, \[…\]), so that a formula's letters
// are formula, not prose words, and a statement of one formula is matched
// by it; its markup left out, as a reader sees none of it.
func xmlReadable(inner string) string {
	s := xmlInlineRe.ReplaceAllStringFunc(inner, func(m string) string {
		return "$" + xmlEntities.Replace(xmlInlineRe.FindStringSubmatch(m)[1]) + "$"
	})
	s = xmlDisplayRe.ReplaceAllStringFunc(s, func(m string) string {
		body := tagRe.ReplaceAllString(xmlDisplayRe.FindStringSubmatch(m)[1], " ")
		return `\[` + xmlEntities.Replace(body) + `\]`
	})
	return xmlEntities.Replace(tagRe.ReplaceAllString(s, " "))
}

// xmlForeignRe opens an element that sets its own default namespace
// (<prefigure xmlns="https://prefigure.org">): what it holds is another
// vocabulary's, so a <definition> inside it is a drawing's name binding,
// not the author's definition.
var xmlForeignRe = regexp.MustCompile(`<([A-Za-z][\w.-]*)\s[^>]*\bxmlns="[^"]*"[^>]*>`)

// xmlForeign gives the spans of src that elements in another vocabulary hold.
func xmlForeign(src string) [][2]int {
	var spans [][2]int
	for _, loc := range xmlForeignRe.FindAllStringSubmatchIndex(src, -1) {
		if strings.HasSuffix(src[loc[0]:loc[1]], "/>") {
			continue
		}
		closeTag := "</" + src[loc[2]:loc[3]] + ">"
		if e := strings.Index(src[loc[1]:], closeTag); e >= 0 {
			spans = append(spans, [2]int{loc[0], loc[1] + e + len(closeTag)})
		}
	}
	return spans
}

func xmlBlocks(file, src string, m marker) []block {
	var out []block
	foreign := xmlForeign(src)
	inForeign := func(at int) bool {
		for _, sp := range foreign {
			if at > sp[0] && at < sp[1] {
				return true
			}
		}
		return false
	}
	for _, name := range m.names {
		open := regexp.MustCompile(`<` + regexp.QuoteMeta(name) + `[\s>/]`)
		closeTag := `</` + name + `>`
		for _, loc := range open.FindAllStringIndex(src, -1) {
			start := loc[0]
			if inForeign(start) {
				continue
			}
			gt := strings.IndexByte(src[start:], '>')
			if gt < 0 {
				continue
			}
			head := src[start : start+gt+1]
			b := block{kind: m.kind, file: file, line: lineAt(src, start), start: start}
			if id := xmlIDRe.FindStringSubmatch(head); id != nil {
				b.label = id[1]
			}
			if strings.HasSuffix(head, "/>") {
				continue
			}
			e := strings.Index(src[start:], closeTag)
			if e < 0 {
				continue
			}
			inner := xmlIndexRe.ReplaceAllString(src[start+gt+1:start+e], " ")
			b.end = start + e + len(closeTag)
			if t := xmlTitleRe.FindStringSubmatch(inner); t != nil {
				b.title = strings.TrimSpace(tagRe.ReplaceAllString(t[1], " "))
				inner = strings.Replace(inner, t[0], " ", 1)
			}
			if m.kind != "proof" {
				// A result's <proof> is a block of its own: the result
				// is what its statement says.
				inner = xmlProofRe.ReplaceAllString(inner, " ")
			}
			b.body = xmlReadable(inner)
			if m.kind == "alg" {
				for _, li := range regexp.MustCompile(`(?s)<li[\s>].*?</li>`).FindAllString(inner, -1) {
					b.steps = append(b.steps, tagRe.ReplaceAllString(li, " "))
				}
			}
			out = append(out, b)
		}
	}
	return out
}

var (
	placement = regexp.MustCompile(`^\s*[htbpH!]+\s*$`)
	titleLine = regexp.MustCompile(`^\s*\\(?:caption|label)\b(?:\[[^\]]*\])?\{.*\}\s*$`)
)

var numberedItem = regexp.MustCompile(`(?m)^[ \t]*(?:\d+[.)]|#+|\*+|[-•])[ \t]+`)

func lineBlock(file, src string, m marker) block {
	lines := strings.SplitAfter(src, "\n")
	from, to := min(m.from, len(lines)), min(m.to, len(lines))
	start := len(strings.Join(lines[:from-1], ""))
	body := strings.Join(lines[from-1:to], "")
	b := block{kind: m.kind, file: file, line: from, start: start, end: start + len(body), title: m.rangeTitle, body: body}
	if m.steps != nil || m.stepLines {
		b.steps = cutSteps(body, m)
	} else {
		b.steps = splitAt(body, numberedItem)
	}
	return b
}

// cutSteps gives the steps of an algorithm's body as its marker says.
func cutSteps(body string, m marker) []string {
	switch {
	case m.stepLines:
		var out []string
		for _, l := range strings.Split(body, "\n") {
			if titleLine.MatchString(l) {
				continue // the caption is the title, not a step
			}
			l = repeatOpened(l)
			if len(wordsOf(l, -1)) > 0 || len(mathSig(l)) >= 3 {
				out = append(out, l)
			}
		}
		return out
	case m.steps != nil:
		out := splitAt(body, m.steps)
		for i, st := range out {
			out[i] = repeatOpened(st)
		}
		return out
	}
	return nil
}

// repeatOpened gives a line opening algorithm2e's \Repeat{condition}{
// as it is printed where it stands: "repeat", the condition printed
// after the loop's body ("until condition"), where no step of the
// source's lines is.
func repeatOpened(l string) string {
	k := strings.Index(l, `\Repeat{`)
	if k < 0 {
		return l
	}
	depth := 0
	for i := k + len(`\Repeat`); i < len(l); i++ {
		switch l[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return l[:k] + "repeat " + l[i+1:]
			}
		}
	}
	return l
}

func splitAt(body string, re *regexp.Regexp) []string {
	locs := re.FindAllStringIndex(body, -1)
	var out []string
	for i, l := range locs {
		end := len(body)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		if s := body[l[0]:end]; len(wordsOf(s, -1)) > 0 || mathSig(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

var (
	artBorder = regexp.MustCompile(`\+(?:-+\+){2,}`)
	artLine   = regexp.MustCompile(`^\s*[+|]`)
	cellWord  = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_-]+`)
)

// ialTitle matches a kramdown attribute list with a title.
var ialTitle = lazyre.New(`^\{:.*\btitle="([^"]*)".*\}$`)

// fenceLine reports whether t opens or closes a Markdown code block
// ("~~~~ ascii-art", "```"): markup, no title of the drawing in it.
func fenceLine(t string) bool {
	return strings.HasPrefix(t, "~~~") || strings.HasPrefix(t, "```")
}

// fencedCaption is the title a kramdown attribute list gives the fenced
// drawing whose boxes end before line j ({: title="Duplicate"} right
// after its closing fence, a legend perhaps between), or "".
func fencedCaption(lines []string, j int) string {
	for k := j; k < len(lines) && k < j+8; k++ {
		if !fenceLine(strings.TrimSpace(lines[k])) {
			continue
		}
		if k+1 < len(lines) {
			if m := ialTitle.FindStringSubmatch(strings.TrimSpace(lines[k+1])); m != nil {
				return m[1]
			}
		}
		return ""
	}
	return ""
}

// artBlocks finds box diagrams in RFC text: runs of lines opening with +
// or |, one of them a +-+-+ border; the field names are its steps.
func artBlocks(file, src string) []block {
	lines := strings.SplitAfter(src, "\n")
	var out []block
	off := 0
	offs := make([]int, len(lines)+1)
	for i, l := range lines {
		offs[i] = off
		off += len(l)
	}
	offs[len(lines)] = off
	for i := 0; i < len(lines); {
		if !artLine.MatchString(lines[i]) {
			i++
			continue
		}
		j := i
		border := false
		for j < len(lines) && artLine.MatchString(lines[j]) {
			border = border || artBorder.MatchString(lines[j])
			j++
		}
		if border && j-i >= 3 {
			b := block{kind: "fig", file: file, line: i + 1, start: offs[i], end: offs[j], body: strings.Join(lines[i:j], "")}
			b.title = fencedCaption(lines, j)
			for k := i - 1; b.title == "" && k >= 0 && k >= i-4; k-- {
				if t := strings.TrimSpace(lines[k]); t != "" && !strings.HasPrefix(t, "0") && !fenceLine(t) {
					b.title = t
				}
			}
			for _, l := range lines[i:j] {
				for _, cell := range strings.Split(l, "|") {
					if w := cellWord.FindString(strings.TrimSpace(cell)); w != "" && !strings.HasPrefix(strings.TrimSpace(cell), "+") {
						b.steps = append(b.steps, strings.TrimSpace(cell))
					}
				}
			}
			out = append(out, b)
		}
		i = j
	}
	return out
}
