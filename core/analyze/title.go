package analyze

import (
	"encoding/json"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lore-kb/lore/core"
	"github.com/lore-kb/lore/core/text"
	"github.com/lore-kb/lore/internal/lazyre"
)

// titleWindow is how far into a document its title is looked for: titles
// open documents, and a bound keeps the look linear.
const titleWindow = 8 << 10

// maxTitleRunes bounds a title; a longer line is prose, not a title.
const maxTitleRunes = 160

// Title returns the document's own title, or "" when it states none:
//   - LaTeX: \title{…}, else the top-level section (a chapter file's
//     \chapter) or the longest of them;
//   - PreTeXt: the first <title> (of the book, article, chapter or section
//     the file holds);
//   - an RFC: "RFC 6455: The WebSocket Protocol", from the number in its
//     header and the centred title line after it;
//   - Markdown: the front matter's title, else the first level-1 heading;
//   - plain text (a PDF's): the first line when it reads as a title.
//
// secs is the document's section tree (Sections), used for the headings.
func Title(s string, f core.Format, secs []*core.Section) string {
	head := s[:titleEnd(s)]
	var t string
	switch f {
	case core.FormatLaTeX:
		t = latexTitle(s)
		if t == "" {
			t = ownChapter(head)
		}
		if t == "" {
			t = largestTitle(secs)
		}
	case core.FormatPreTeXt:
		t = firstTitle(secs, 0)
	case core.FormatMarkdown:
		t = withoutNumber(frontMatterTitle(head)) // a reStructuredText title is set as front matter
		if t == "" {
			t = text.HeaderTitle(head)
		}
		if t == "" {
			t = firstTitle(secs, 1)
		}
	default:
		t = rfcTitle(head)
		if t == "" {
			t = withoutNumber(firstLineTitle(head))
		}
	}
	return cleanTitle(t)
}

func titleEnd(s string) int {
	n := min(len(s), titleWindow)
	for n < len(s) && n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}

// cleanTitle collapses white space, drops a trailing period and refuses
// what cannot be a title (too long, no letter).
func cleanTitle(t string) string {
	t = strings.TrimSpace(text.CollapseSpace(strings.ToValidUTF8(t, "")))
	t = strings.TrimSuffix(t, ".")
	if t == "" || utf8.RuneCountInString(t) > maxTitleRunes || strings.IndexFunc(t, unicode.IsLetter) < 0 {
		return ""
	}
	return t
}

// firstTitle is the title of the first section at level ≤ maxLevel (any
// level when maxLevel is 0) in document order, skipping the preamble.
func firstTitle(secs []*core.Section, maxLevel int) string {
	for _, s := range secs {
		if s == nil || s.Level == 0 {
			continue
		}
		if maxLevel == 0 || s.Level <= maxLevel {
			return withoutNumber(s.Title)
		}
	}
	return ""
}

// largestTitle is the title of the top-level section that holds the
// most text: a file of sections with no \title of its own (a
// blueprint's "Current division of team work", "Preliminaries", then
// "Proof of the Artin–Wedderburn theorem") is about its longest part,
// not its first.
func largestTitle(secs []*core.Section) string {
	var best *core.Section
	for _, s := range secs {
		if s == nil || s.Level != 1 || apparatusTitle.MatchString(s.Title) {
			continue
		}
		if best == nil || s.End-s.Offset > best.End-best.Offset {
			best = s
		}
	}
	if best == nil {
		return firstTitle(secs, 1)
	}
	return withoutNumber(cleanLaTeX(best.Title))
}

// apparatusTitle opens the title of a section that works an example or
// sets exercises: long, and about no more than one case of the subject.
var apparatusTitle = lazyre.New(`(?i)^\s*(?:[0-9.]+\s+)?(?:examples?|exercises?|quiz|problems|solutions|bibliograph|references)\b`)

// ownChapter is the title a chapter file gives itself with its author's
// chapter command ("\Chapter{3}{Port Numbering}", defined in the book's
// main file, which the chapter does not include): its last argument.
func ownChapter(head string) string {
	m := ownChapterCmd.FindStringIndex(head)
	if m == nil {
		return ""
	}
	args, _ := braceArgs(head, m[1])
	if len(args) == 0 {
		return ""
	}
	return cleanLaTeX(args[len(args)-1])
}

// ownChapterCmd is an author's command named for a chapter, not LaTeX's
// own \chapter (a section of the tree).
var ownChapterCmd = lazyre.New(`\\(?:Chapter|Chap|chap|mychapter|MyChapter)\*?\b`)

// withoutNumber is a heading without the section number it opens with ("2.4
// Error Detection" of a book's section published alone): the number
// places the section in its book, it is no part of the work's title. A
// number of three digits or more, or one not followed by a capital, is
// the title's own ("1984 Revisited" keeps its year only if it has more).
func withoutNumber(t string) string {
	i, digits := 0, 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.' && i > 0) {
		if t[i] == '.' {
			digits = 0
		} else if digits++; digits > 2 {
			return t
		}
		i++
	}
	if i == 0 || i >= len(t) || t[i] != ' ' {
		return t
	}
	rest := strings.TrimLeft(t[i:], " ")
	if rest == "" || rest[0] < 'A' || rest[0] > 'Z' {
		return t
	}
	return rest
}

// titleMacro is what the preamble head defines the macro as when the
// argument that opens arg is one macro of the author's
// ("\title{\mytitle}" after "\newcommand{\mytitle}{BLAKE3}"); "" else.
func titleMacro(head, arg string) string {
	m := oneMacroArg.FindStringSubmatch(arg)
	if m == nil {
		return ""
	}
	q := regexp.QuoteMeta(m[1])
	re, err := regexp.Compile(`\\(?:re)?newcommand\*?\s*\{?\\` + q + `\}?\s*\{([^{}]*)\}|\\def\\` + q + `\s*\{([^{}]*)\}`)
	if err != nil {
		return ""
	}
	if d := re.FindStringSubmatch(head); d != nil {
		return cleanLaTeX(d[1] + d[2])
	}
	return ""
}

// oneMacroArg is an argument that is one macro: "{\mytitle}".
var oneMacroArg = lazyre.New(`^\s*\{\s*\\([A-Za-z]+)\s*\}`)

// latexPreamble bounds how far a LaTeX title is looked for: a book's
// preamble (packages, macros, theorem styles) runs to hundreds of lines
// before its \title.
const latexPreamble = 256 << 10

// latexTitle reads \title[short]{long} anywhere in the document's
// preamble and the first titleWindow bytes after it or, failing that, its
// first \chapter.
func latexTitle(s string) string {
	end := titleEnd(s)
	if i := strings.Index(s[:min(len(s), latexPreamble)], `\begin{document}`); i >= 0 {
		end = max(end, min(len(s), i+titleWindow))
		for end < len(s) && !utf8.RuneStart(s[end]) {
			end--
		}
	}
	head := s[:end]
	for _, cmd := range []string{`\title`, `\chapter`} {
		from := 0
		for {
			i := strings.Index(head[from:], cmd)
			if i < 0 {
				break
			}
			i += from
			after := i + len(cmd)
			from = after
			if after < len(head) && isLetter(head[after]) || commentedOut(head, i) {
				continue // \titlepage, \chapterauthor, or in a comment
			}
			if t, _, _, ok := sectionArgs(s, after); ok {
				if d := titleMacro(head, head[after:]); d != "" {
					return d
				}
				return t
			}
		}
	}
	return ""
}

// commentedOut reports whether offset i of s is after a '%' comment sign
// on its line.
func commentedOut(s string, i int) bool {
	start := strings.LastIndexByte(s[:i], '\n') + 1
	for j := start; j < i; j++ {
		if s[j] == '%' && (j == 0 || s[j-1] != '\\') {
			return true
		}
	}
	return false
}

// frontMatterTitle reads the title of a page's front matter: YAML's
// "title:" between "---" lines, TOML's "title = …" between "+++" lines
// (Hugo), or JSON's "Title" in an HTML comment opening the page (the Go
// website's <!--{"Title": "…"}-->).
func frontMatterTitle(head string) string {
	if rest, ok := strings.CutPrefix(head, "<!--{"); ok {
		if end := strings.Index(rest, "}-->"); end >= 0 {
			var m map[string]any
			if json.Unmarshal([]byte("{"+rest[:end]+"}"), &m) == nil {
				for k, v := range m {
					if t, ok := v.(string); ok && strings.EqualFold(k, "title") {
						return t
					}
				}
			}
		}
		return ""
	}
	fence, sep := "---", ":"
	rest, ok := strings.CutPrefix(head, "---\n")
	if !ok {
		if rest, ok = strings.CutPrefix(head, "+++\n"); !ok {
			return ""
		}
		fence, sep = "+++", "="
	}
	for _, ln := range strings.Split(rest, "\n") {
		if strings.TrimRight(ln, " \t\r") == fence {
			break
		}
		k, v, ok := strings.Cut(ln, sep)
		if !ok || strings.TrimRight(k, " \t") != "title" { // a nested key is not the page's
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		}
		return v
	}
	return ""
}

// rfcTitle recognizes an RFC's first page ("Request for Comments: 6455" in
// the header block) and returns "RFC 6455: " followed by the title, the
// first centred line after the header block and before the Abstract.
func rfcTitle(head string) string {
	i := strings.Index(head, "Request for Comments:")
	if i < 0 {
		return ""
	}
	num := strings.TrimSpace(head[i+len("Request for Comments:"):])
	if j := strings.IndexFunc(num, func(r rune) bool { return !unicode.IsDigit(r) }); j >= 0 {
		num = num[:j]
	}
	if num == "" {
		return ""
	}
	// The header block ends at the first blank line after it; the title
	// is the next lines that are indented (centred), up to a blank line.
	rest := head[i:]
	blank := strings.Index(rest, "\n\n")
	if blank < 0 {
		return ""
	}
	var parts []string
	for _, ln := range strings.Split(rest[blank:], "\n") {
		trimmed := strings.TrimSpace(ln)
		switch {
		case trimmed == "" && len(parts) == 0:
			continue
		case trimmed == "" || trimmed == "Abstract" || !strings.HasPrefix(ln, "   "):
			if len(parts) > 0 {
				return "RFC " + num + ": " + strings.Join(parts, " ")
			}
			return "RFC " + num
		}
		parts = append(parts, trimmed)
	}
	return "RFC " + num
}

// firstLineTitle takes the first non-blank line of plain text as its title
// when it reads as one: short, starting with a capital letter or digit,
// not ending like a sentence.
func firstLineTitle(head string) string {
	for _, ln := range strings.Split(head, "\n") {
		ln = strings.TrimSpace(ln)
		if ln == "" {
			continue
		}
		r, _ := utf8.DecodeRuneInString(ln)
		words := len(strings.Fields(ln))
		if !unicode.IsUpper(r) || words < 2 || words > 16 || strings.HasSuffix(ln, ",") ||
			strings.HasSuffix(ln, ":") || strings.Count(ln, ". ") > 0 {
			return ""
		}
		return ln
	}
	return ""
}
